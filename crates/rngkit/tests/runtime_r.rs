//! The `r` GEN against R itself.
//!
//! Oracle: `Rscript` run as a process (Debian package `r-base-core`;
//! `scripts/install-runtimes` installs it). The test writes an R program
//! that calls `set.seed(seed)` for each seed and prints the draws: doubles
//! with `sprintf("%.17g")` (which round-trips: the test compares the
//! bits), integers in decimal. States are R's `.Random.seed`, read back
//! from R's own printed and `dput` forms.
//!
//! Without `Rscript` the tests fail with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use rngkit::draw::DrawValue;
use rngkit::observe::ObservedValue;
use rngkit::registry::{DynGen, Seed, Steps, of};
use rngkit::runtimes::r::{self, RGen};
use rngkit::state_text::WordForm;

use crate::oracles::{self, f64_bits_format};

const DRAWS: usize = 1000;

const SEEDS: [i32; 10] = [
    0,
    1,
    7,
    42,
    -1,
    1234,
    123456,
    20260601,
    2147483647,
    -2147483647,
];

fn run_r(program: &str) -> Option<String> {
    oracles::run_script("Rscript", "R", "r-base-core", program)
}

fn gen_r() -> &'static dyn DynGen {
    of::<RGen>()
}

/// R's `%.17g` doubles as their bits, integers as they are.
fn theirs_as_bits(line: &str) -> String {
    line.split(' ')
        .map(|t| {
            if t.contains(['.', 'e']) {
                DrawValue::F64(t.parse::<f64>().unwrap()).format(true)
            } else {
                t.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// (draw, args, R expression giving DRAWS values, whether it needs the
/// "Rounding" sample kind).
fn cases() -> Vec<(&'static str, Vec<String>, String, bool)> {
    let mut cases = vec![
        (
            "runif",
            vec![],
            format!("sprintf('%.17g', runif({DRAWS}))"),
            false,
        ),
        (
            "rnorm",
            vec![],
            format!("sprintf('%.17g', rnorm({DRAWS}))"),
            false,
        ),
    ];
    for n in "1 2 3 6 10 100 65536 65537 1000000 16777216 1073741824 2147483647".split(' ') {
        cases.push((
            "sample",
            vec![n.to_string()],
            format!("sample({n}, {DRAWS}, replace = TRUE)"),
            false,
        ));
        cases.push((
            "sample-rounding",
            vec![n.to_string()],
            format!("sample({n}, {DRAWS}, replace = TRUE)"),
            true,
        ));
    }
    for (size, prob) in RBINOM {
        cases.push((
            "rbinom",
            vec![size.to_string(), prob.to_string()],
            format!(
                "sprintf('%.0f', as.double(rbinom({DRAWS}, {size}, {})))",
                r_double(prob.parse().unwrap())
            ),
            false,
        ));
    }
    for lambda in RPOIS {
        cases.push((
            "rpois",
            vec![lambda.to_string()],
            format!(
                "sprintf('%.0f', as.double(rpois({DRAWS}, {})))",
                r_double(lambda.parse().unwrap())
            ),
            false,
        ));
    }
    cases
}

/// `rbinom SIZE PROB` cases, one or more per branch of R's rbinom.c:
/// SIZE 0, PROB 0 and 1 (no draw), inversion (n p < 30, also with PROB >
/// 0.5 mirrored), BTPE from n p = 30 (its triangle, parallelograms and
/// tails; the explicit ratio near the mode, the squeezes and Stirling's
/// bound further out, where `-k * k` wraps in C's int for the largest
/// sizes), and the largest size R draws this way.
const RBINOM: [(&str, &str); 17] = [
    ("0", "0.5"),
    ("10", "0"),
    ("10", "1"),
    ("1", "0.5"),
    ("10", "0.3"),
    ("29", "0.9"),
    ("100", "0.25"),
    ("50", "1e-10"),
    ("100", "0.3"),
    ("1000", "0.05"),
    ("1000", "0.7"),
    ("100000", "0.5"),
    ("1000000", "0.999"),
    ("123456789", "0.123456789"),
    ("2000000000", "0.5"),
    ("2147483646", "0.75"),
    ("60", "0.5"),
];

/// `rpois LAMBDA` cases: 0 (no draw), the table below 10 (with the
/// redraw above `P(X <= 35)` unreachable but the table's length varying),
/// PD from 10 (immediate, squeeze, quotient and hat acceptance, the
/// factorial table for values below 10), and large means whose values pass
/// R's int (R returns doubles then).
const RPOIS: [&str; 15] = [
    "0", "1e-300", "0.001", "0.5", "1", "3.7", "9.999", "10", "10.5", "15", "40", "100", "1234.5",
    "1000000", "1e15",
];

/// A double as an exact R literal (hexadecimal mantissa and binary
/// exponent), so R's decimal reader plays no part.
fn r_double(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let mant = bits & ((1 << 52) - 1);
    if exp == 0 {
        // Subnormal: 0x0.mant p-1022.
        return format!("0x0.{mant:013x}p-1022");
    }
    format!("0x1.{mant:013x}p{}", exp - 1023)
}

/// R's output lines with their doubles as bits ([`theirs_as_bits`]).
fn lines_as_bits(output: &str) -> String {
    output
        .lines()
        .map(|l| theirs_as_bits(l.trim_end()) + "\n")
        .collect()
}

/// Runs `program`, which prints for each of [`SEEDS`] a line of the
/// `per_seed` values it draws cycling through `steps`; each must be ours
/// ([`oracles::compare_interleaved`]).
fn compare_interleaved_r(program: &str, steps: &[(&str, &[&str])], per_seed: usize) {
    let Some(output) = run_r(program) else {
        return;
    };
    oracles::compare_interleaved(
        "R",
        gen_r(),
        steps,
        &SEEDS.map(|s| s.to_string()),
        per_seed,
        &lines_as_bits(&output),
        f64_bits_format,
    );
}

#[test]
fn every_draw_matches_r() {
    let cases = cases();
    let mut program = String::from("options(scipen = 0)\nseeds <- c(");
    program.push_str(
        &SEEDS
            .iter()
            .map(|s| format!("{s}L"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    program.push_str(")\nfor (s in seeds) {\n");
    for (_, _, expr, rounding) in &cases {
        let kind = if *rounding { "Rounding" } else { "Rejection" };
        program.push_str(&format!(
            "  suppressWarnings(RNGkind(sample.kind = '{kind}'))\n  set.seed(s)\n  cat({expr}, '\\n', sep = ' ')\n"
        ));
    }
    program.push_str("}\n");
    let Some(output) = run_r(&program) else {
        return;
    };
    let list: Vec<_> = cases.iter().map(|c| (c.0, &c.1[..], DRAWS)).collect();
    let (seeds, output) = (SEEDS.map(|s| s.to_string()), lines_as_bits(&output));
    oracles::compare_cases("R", gen_r(), &seeds, &list, &output, f64_bits_format);
}

#[test]
fn interleaved_draws_match_r() {
    let steps: [oracles::Step; 4] = [
        ("runif", &[], "sprintf('%.17g', runif(1))"),
        ("sample", &["6"], "sample(6, 1, replace = TRUE)"),
        ("rnorm", &[], "sprintf('%.17g', rnorm(1))"),
        ("sample", &["100000"], "sample(100000, 1, replace = TRUE)"),
    ];
    let program = format!(
        "steps <- list(\n{})\nfor (s in c({})) {{\n  set.seed(s)\n  cat(sapply(0:2999, function(i) steps[[i %% 4 + 1]]()), '\\n')\n}}\n",
        oracles::step_lines(&steps, |e| format!("  function() {e}")).join(",\n"),
        SEEDS.map(|s| format!("{s}L")).join(", ")
    );
    let pairs = steps.map(|(name, args, _)| (name, args));
    compare_interleaved_r(&program, &pairs, 3000);
}

#[test]
fn rbinom_and_rpois_with_changing_parameters_match_r() {
    // R keeps set-up values (and rpois's table below 10) between calls;
    // single calls whose parameters change, repeat and come back must
    // still give R's values: the same mean twice, two small means
    // alternating (the table rebuilt), a large mean between them, BTPE
    // and inversion alternating, among runif, rnorm and sample.
    let steps: [(&str, &[&str]); 16] = [
        ("rpois", &["4"]),
        ("rpois", &["4"]),
        ("rbinom", &["10", "0.3"]),
        ("rpois", &["9.5"]),
        ("rbinom", &["100", "0.3"]),
        ("rpois", &["4"]),
        ("runif", &[]),
        ("rpois", &["25"]),
        ("rbinom", &["1000", "0.7"]),
        ("rpois", &["25"]),
        ("rbinom", &["1000", "0.7"]),
        ("rnorm", &[]),
        ("rpois", &["0.3"]),
        ("rbinom", &["40", "0.9"]),
        ("sample", &["6"]),
        ("rpois", &["10"]),
    ];
    let expr = |name: &str, args: &[&str]| match name {
        "runif" => "sprintf('%.17g', runif(1))".to_string(),
        "rnorm" => "sprintf('%.17g', rnorm(1))".to_string(),
        "sample" => format!("sample({}, 1, replace = TRUE)", args[0]),
        "rbinom" => format!(
            "sprintf('%.0f', as.double(rbinom(1, {}, {})))",
            args[0],
            r_double(args[1].parse().unwrap())
        ),
        "rpois" => format!(
            "sprintf('%.0f', as.double(rpois(1, {})))",
            r_double(args[0].parse().unwrap())
        ),
        _ => unreachable!(),
    };
    let mut program = String::from("steps <- list(\n");
    program.push_str(
        &steps
            .iter()
            .map(|(n, a)| format!("  function() {}", expr(n, a)))
            .collect::<Vec<_>>()
            .join(",\n"),
    );
    let per_seed = 1600;
    program.push_str(&format!(
        ")\nfor (s in c({})) {{\n  set.seed(s)\n  cat(sapply(0:{}, function(i) steps[[i %% {} + 1]]()), '\\n')\n}}\n",
        SEEDS.map(|s| format!("{s}L")).join(", "),
        per_seed - 1,
        steps.len()
    ));
    compare_interleaved_r(&program, &steps, per_seed);
}

#[test]
fn random_seed_matches_r_and_reads_back() {
    // .Random.seed after set.seed and after 700 runif, as R prints it
    // (print), as dput writes it, and as integers; each reads back to our
    // state, and ours prints R's integers.
    let program = format!(
        "for (s in c({})) {{\n  set.seed(s)\n  for (k in 1:2) {{\n    cat(.Random.seed, '\\n')\n    cat(paste(capture.output(print(.Random.seed)), collapse = '|'), '\\n')\n    cat(paste(deparse(.Random.seed), collapse = ''), '\\n')\n    invisible(runif(700))\n  }}\n}}\n",
        SEEDS.map(|s| format!("{s}L")).join(", ")
    );
    let Some(output) = run_r(&program) else {
        return;
    };
    let g = gen_r();
    let mut lines = output.lines();
    for s in SEEDS {
        let mut rng = g.seed(&Seed::from(s), &Default::default()).unwrap();
        for _ in 0..2 {
            let ints = lines.next().unwrap().trim_end();
            let printed = lines.next().unwrap().trim_end().replace('|', "\n");
            let dput = lines.next().unwrap().trim_end();
            let mt = rng.downcast_ref::<rngkit::generators::Mt19937>().unwrap();
            let ours: Vec<String> = r::random_seed(mt).iter().map(|w| w.to_string()).collect();
            assert_eq!(ours.join(" "), ints, "seed {s}");
            for text in [ints, printed.as_str(), dput] {
                let back = g.parse_state_text(text, WordForm::Typed).unwrap();
                assert_eq!(back, rng, "seed {s}: {text:.60}");
            }
            let json = rng.state_json();
            assert_eq!(json, format!("[{}]", ours.join(",")));
            assert_eq!(g.parse_state_text(&json, WordForm::Typed).unwrap(), rng);
            let runif = g.parse_draw("runif", &[]).unwrap();
            for _ in 0..700 {
                runif.eval(&mut rng);
            }
        }
    }
}

#[test]
fn known_bits_are_sound_and_steps_are_right() {
    let g = gen_r();
    let draws: [(&str, &[&str]); 12] = [
        ("runif", &[]),
        ("rnorm", &[]),
        ("sample", &["1"]),
        ("sample", &["2"]),
        ("sample", &["16"]),
        ("sample", &["65536"]),
        ("sample", &["131072"]),
        ("sample", &["1073741824"]),
        ("sample", &["6"]),
        ("sample-rounding", &["6"]),
        ("sample-rounding", &["1024"]),
        ("sample-rounding", &["2147483647"]),
    ];
    oracles::known_bits_are_sound(g, &Seed::from(2024), &draws, |value| {
        let mut texts = vec![value.format(false)];
        if let DrawValue::F64(x) = value {
            // R's default print (7 significant digits) and the bits.
            texts.push(value.format(true));
            texts.push(format!("{x:.6e}"));
        }
        texts
    });
    // runif with all digits is one whole word.
    let d = g.parse_draw("runif", &[]).unwrap();
    let k = d
        .known_bits(&ObservedValue::parse("0.26550866314209998").unwrap(), 32)
        .unwrap();
    assert_eq!(k[0].mask, 0xffff_ffff);
    assert_eq!(
        g.parse_draw("sample", &["6"]).unwrap().steps(32),
        Steps::Variable
    );
    assert_eq!(
        g.parse_draw("sample", &["65536"]).unwrap().steps(32),
        Steps::Fixed(2)
    );
}

#[test]
fn bad_seeds_states_and_arguments_are_refused() {
    let g = gen_r();
    let err = g
        .seed(&Seed::from(i32::MIN), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("NA"), "{err}");
    for (name, args, needle) in [
        ("sample", &["0"][..], "1 <= N"),
        ("sample", &["2147483648"], "1 <= N"),
        ("sample-rounding", &["0"], "1 <= N"),
        ("runif", &["1"], ""),
    ] {
        let err = g.parse_draw(name, args).unwrap_err().to_string();
        assert!(err.contains(needle), "{name} {args:?}: {err}");
    }
    for (text, needle) in [
        ("c(10403L, 624L)", "626 integers"),
        ("[1] 10403 625", "626 integers"),
    ] {
        let err = g.parse_state_text(text, WordForm::Typed).unwrap_err();
        assert!(err.contains(needle), "{text}: {err}");
    }
    let mut words: Vec<String> = r::random_seed(&r::set_seed(1))
        .iter()
        .map(|w| w.to_string())
        .collect();
    words[1] = "625".into();
    let err = g
        .parse_state_text(&format!("c({})", words.join(", ")), WordForm::Typed)
        .unwrap_err();
    assert!(err.contains("625"), "{err}");
    words[0] = "10402".into();
    let err = g
        .parse_state_text(&format!("c({})", words.join(", ")), WordForm::Typed)
        .unwrap_err();
    assert!(err.contains("kind code"), "{err}");
}
