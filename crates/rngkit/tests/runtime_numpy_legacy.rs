//! The `numpy-legacy` GEN against numpy's `np.random.RandomState` itself.
//!
//! Oracle: numpy from PyPI run as a process (`oracles::numpy_python`: the
//! virtual environment `scripts/install-runtimes` makes, or one the test
//! makes). The test writes a Python program that builds `RandomState(seed)`
//! for each seed and prints every draw: floats as their IEEE-754 bits,
//! integers in decimal, permutations space-separated. Our side evaluates the
//! same draws through the registry, formatted the same way; the texts must
//! be equal. States are compared with `get_state()`.

use std::process::Command;

use rngkit::StateWords;
use rngkit::draw::DrawValue;
use rngkit::observe::ObservedValue;
use rngkit::registry::{DynGen, Seed, Steps, of};
use rngkit::runtimes::numpy_legacy::{NumpyLegacyGen, RandomState};

use crate::oracles::{self, f64_bits_format};

const DRAWS: usize = 1000;

const SEEDS: [u32; 10] = [
    0, 1, 5, 42, 1234, 20260601, 2147483647, 2147483648, 3000000000, 4294967295,
];

/// Runs `program` on numpy's Python; `None` when skipping is allowed and
/// numpy is missing.
fn run_numpy(program: &str) -> Option<String> {
    let python = oracles::numpy_python()?;
    let dir = oracles::temp_dir("numpy-legacy");
    let path = dir.join("oracle.py");
    std::fs::write(&path, program).expect("write the oracle program");
    let out = oracles::run(Command::new(python).arg(&path));
    let _ = std::fs::remove_dir_all(&dir);
    Some(out)
}

const PRELUDE: &str = r#"
import struct, sys
import numpy as np
def fh(x):
    return "0x%016x" % struct.unpack('<Q', struct.pack('<d', float(x)))[0]
def ints(a):
    return " ".join(str(int(v)) for v in a)
"#;

fn gen_np() -> &'static dyn DynGen {
    of::<NumpyLegacyGen>()
}

/// (draw, args, Python expression on `r`).
fn cases() -> Vec<(&'static str, Vec<String>, String)> {
    let mut cases: Vec<(&str, Vec<String>, String)> = vec![
        ("random-sample", vec![], "fh(r.random_sample())".into()),
        ("standard-normal", vec![], "fh(r.standard_normal())".into()),
    ];
    for (lo, hi) in [
        ("0", "10"),
        ("0", "1"),
        ("1", "7"),
        ("-5", "5"),
        ("0", "256"),
        ("0", "1000000007"),
        ("0", "4294967295"),
        ("0", "4294967296"),
        ("0", "4294967297"),
        ("-2147483648", "2147483648"),
        ("0", "1099511627776"),
        ("3", "1099511627779"),
        ("0", "1000000000000000003"),
        ("-9223372036854775808", "9223372036854775807"),
    ] {
        cases.push((
            "randint",
            vec![lo.into(), hi.into()],
            format!("str(int(r.randint({lo}, {hi})))"),
        ));
    }
    for (loc, scale) in [("0", "1"), ("10", "2.5"), ("-3", "0"), ("1e10", "1e-3")] {
        cases.push((
            "normal",
            vec![loc.into(), scale.into()],
            format!("fh(r.normal({loc}, {scale}))"),
        ));
    }
    for (lo, hi) in [("0", "1"), ("-1", "1"), ("5", "1"), ("1e-300", "1e300")] {
        cases.push((
            "uniform",
            vec![lo.into(), hi.into()],
            format!("fh(r.uniform({lo}, {hi}))"),
        ));
    }
    for n in ["1", "2", "3", "10", "1024", "100000"] {
        cases.push(("choice", vec![n.into()], format!("str(int(r.choice({n})))")));
    }
    for n in ["0", "1", "2", "5", "13"] {
        cases.push((
            "permutation",
            vec![n.into()],
            format!("ints(r.permutation({n}))"),
        ));
        cases.push((
            "shuffle",
            vec![n.into()],
            format!("(lambda a: (r.shuffle(a), ints(a))[1])(np.arange({n}))"),
        ));
    }
    cases
}

#[test]
fn every_draw_matches_numpy() {
    let cases = cases();
    let mut program = String::from(PRELUDE);
    program.push_str(&format!("seeds = {SEEDS:?}\ncases = [\n"));
    for (_, _, py) in &cases {
        program.push_str(&format!("    lambda r: {py},\n"));
    }
    program.push_str(&format!(
        "]\nout = []\nfor s in seeds:\n    for f in cases:\n        r = np.random.RandomState(s)\n        out.append(' '.join(f(r) for _ in range({DRAWS})))\nsys.stdout.write('\\n'.join(out) + '\\n')\n"
    ));
    let Some(output) = run_numpy(&program) else {
        return;
    };
    let list: Vec<_> = cases.iter().map(|c| (c.0, &c.1[..], DRAWS)).collect();
    // numpy prints an empty permutation as an empty line.
    let seeds = SEEDS.map(|s| s.to_string());
    oracles::compare_cases("numpy", gen_np(), &seeds, &list, &output, f64_bits_format);
}

#[test]
fn interleaved_draws_and_the_gaussian_cache_match_numpy() {
    // standard_normal leaves a cached value that the next normal returns;
    // the other draws in between do not touch it.
    let steps: [oracles::Step; 6] = [
        ("standard-normal", &[], "fh(r.standard_normal())"),
        ("randint", &["0", "6"], "str(int(r.randint(0, 6)))"),
        ("normal", &["1", "2"], "fh(r.normal(1, 2))"),
        ("random-sample", &[], "fh(r.random_sample())"),
        ("permutation", &["4"], "ints(r.permutation(4))"),
        ("normal", &["0", "1"], "fh(r.normal(0, 1))"),
    ];
    let program = format!(
        "{PRELUDE}steps = [\n{}]\nfor s in {SEEDS:?}:\n    r = np.random.RandomState(s)\n    print(' '.join(steps[i % len(steps)](r) for i in range(3000)))\n",
        oracles::step_lines(&steps, |py| format!("    lambda r: {py},\n")).concat(),
    );
    let Some(output) = run_numpy(&program) else {
        return;
    };
    let seeds = SEEDS.map(|s| s.to_string());
    oracles::compare_steps(
        "numpy",
        gen_np(),
        &steps,
        &seeds,
        3000,
        &output,
        f64_bits_format,
    );
}

#[test]
fn states_match_get_state() {
    // get_state() after seeding and after 700 words and an odd number of
    // standard_normal calls (a cached Gaussian): our words and numpy's dict
    // form; numpy's set_state reads our dict back to the same draws.
    let mut program = String::from(PRELUDE);
    program.push_str(&format!(
        "import json\nfor s in {SEEDS:?}:\n    r = np.random.RandomState(s)\n    for _ in range(2):\n        st = r.get_state(legacy=False)\n        print(json.dumps(st['state']['key'].tolist()), st['state']['pos'], st['has_gauss'], fh(st['gauss']))\n        r.randint(0, 2**32, size=700)\n        r.standard_normal(3)\n"
    ));
    let Some(output) = run_numpy(&program) else {
        return;
    };
    let np = gen_np();
    let mut lines = output.lines();
    for s in SEEDS {
        let mut rng = np.seed(&Seed::from(s), &Default::default()).unwrap();
        let randint = np.parse_draw("randint", &["0", "4294967296"]).unwrap();
        let normal = np.parse_draw("standard-normal", &[]).unwrap();
        for _ in 0..2 {
            let line = lines.next().unwrap();
            let (key, rest) = line.split_once("] ").unwrap();
            let key: Vec<u64> = key
                .trim_start_matches('[')
                .split(", ")
                .map(|w| w.parse().unwrap())
                .collect();
            let rest: Vec<&str> = rest.split(' ').collect();
            let pos: u64 = rest[0].parse().unwrap();
            let has_gauss: u64 = rest[1].parse().unwrap();
            let gauss = u64::from_str_radix(&rest[2][2..], 16).unwrap();
            let mut theirs = vec![624 - pos];
            theirs.extend(key);
            theirs.push(has_gauss);
            let gauss = if has_gauss == 1 { gauss } else { 0 };
            theirs.extend([gauss >> 32, gauss & 0xffff_ffff]);
            assert_eq!(rng.words(), theirs, "seed {s}");
            for _ in 0..700 {
                randint.eval(&mut rng);
            }
            for _ in 0..3 {
                normal.eval(&mut rng);
            }
        }
    }
}

#[test]
fn numpy_reads_our_state_text() {
    // Our get_state dict (after a cached Gaussian), given to numpy's
    // set_state, continues as our generator does.
    let np = gen_np();
    let mut rng = np.seed(&Seed::from(77u32), &Default::default()).unwrap();
    let normal = np.parse_draw("standard-normal", &[]).unwrap();
    for _ in 0..5 {
        normal.eval(&mut rng);
    }
    let text = rng.state_json();
    assert!(text.contains("\"has_gauss\": 1"), "{text}");
    let program = format!(
        "{PRELUDE}import json\nr = np.random.RandomState()\nr.set_state(json.loads('{text}'))\nprint(' '.join(fh(r.standard_normal()) for _ in range(1000)))\n"
    );
    let Some(output) = run_numpy(&program) else {
        return;
    };
    let ours: Vec<String> = (0..1000)
        .map(|_| f64_bits_format(&normal.eval(&mut rng)))
        .collect();
    oracles::compare_tokens(
        "numpy",
        "after set_state",
        &ours.join(" "),
        output.trim_end(),
    );
    // And the text reads back.
    let back = np
        .parse_state_text(&text, rngkit::state_text::WordForm::Typed)
        .unwrap();
    let mut again = np.seed(&Seed::from(77u32), &Default::default()).unwrap();
    for _ in 0..5 {
        normal.eval(&mut again);
    }
    assert_eq!(back, again);
}

#[test]
fn known_bits_are_sound_and_steps_are_right() {
    let np = gen_np();
    let draws: [(&str, &[&str]); 13] = [
        ("random-sample", &[]),
        ("uniform", &["-1", "1"]),
        ("uniform", &["5", "1"]),
        ("randint", &["0", "16"]),
        ("randint", &["-8", "8"]),
        ("randint", &["0", "10"]),
        ("randint", &["0", "4294967296"]),
        ("randint", &["0", "1099511627776"]),
        ("randint", &["-9223372036854775808", "9223372036854775807"]),
        ("randint", &["5", "6"]),
        ("choice", &["8"]),
        ("choice", &["7"]),
        ("permutation", &["1"]),
    ];
    // Floats as text and as bits; permutations reveal nothing.
    oracles::known_bits_are_sound(np, &Seed::from(2024u32), &draws, |value| match value {
        DrawValue::F64(_) => vec![value.format(false), value.format(true)],
        DrawValue::Ints(_) => vec![],
        _ => vec![value.format(false)],
    });
    // A full 32-bit span is one whole word; a 40-bit one, two (high first).
    let d = np.parse_draw("randint", &["0", "4294967296"]).unwrap();
    let k = d
        .known_bits(&ObservedValue::parse("7").unwrap(), 32)
        .unwrap();
    assert_eq!((k[0].mask, k[0].value), (0xffff_ffff, 7));
    let d = np.parse_draw("randint", &["0", "1099511627776"]).unwrap();
    let k = d
        .known_bits(&ObservedValue::parse("4294967298").unwrap(), 32)
        .unwrap();
    assert_eq!(
        (k[0].mask, k[0].value, k[1].mask, k[1].value),
        (0xff, 1, 0xffff_ffff, 2)
    );
    assert_eq!(
        np.parse_draw("randint", &["0", "10"]).unwrap().steps(32),
        Steps::Variable
    );
}

#[test]
fn state_words_check_the_cache() {
    let mut words = RandomState::new(3).to_words();
    assert!(RandomState::from_words(&words).is_ok());
    words[625] = 2;
    assert!(
        RandomState::from_words(&words)
            .unwrap_err()
            .to_string()
            .contains("has_gauss")
    );
    words[625] = 0;
    words[626] = 5;
    assert!(RandomState::from_words(&words).is_err());
    words[625] = 1;
    let rs = RandomState::from_words(&words).unwrap();
    assert_eq!(rs.cached_gauss(), Some(f64::from_bits(5 << 32)));
}

#[test]
fn bad_arguments_are_refused() {
    let np = gen_np();
    for (name, args, needle) in [
        ("randint", &["3", "3"][..], "LOW < HIGH"),
        ("randint", &["4", "3"], "LOW < HIGH"),
        ("normal", &["0", "-1"], "SCALE >= 0"),
        ("uniform", &["-1e308", "1e308"], "finite"),
        ("choice", &["0"], "1 <= N"),
        ("permutation", &["2000000"], "up to"),
        ("random-sample", &["1"], ""),
    ] {
        let err = np.parse_draw(name, args).unwrap_err().to_string();
        assert!(err.contains(needle), "{name} {args:?}: {err}");
    }
}
