//! PHP's generators (`php`, `php-mt-rand-php`, `php5`, `php3`,
//! `php-mt19937`, `php-pcg64`, `php-xoshiro256ss`) bit for bit.
//!
//! Oracles:
//! * PHP itself (Debian package `php-cli`), run as a process on a program
//!   written here: 20 seeds x 1000 draws of every draw of `php`,
//!   `php-mt-rand-php` and the three PHP 8.2 engines, plus 1000 mixed draws
//!   per seed on one generator; the printed values are compared with what
//!   the registry's `Draw::eval(..).format(false)` prints.
//! * For PHP 3.0.7 to 7.0.x, which no distribution ships any more: the
//!   outputs published in openwall's php_mt_seed README and php-src's
//!   `ext/standard/tests/math/mt_rand_value.phpt`, and the independent
//!   Python reference `tests/reference/php_mt.py` (Debian package
//!   `python3`), written from the documented algorithms and itself checked
//!   against PHP 8.2 on the modes PHP still has.
//!
//! A missing `php` or `python3` fails the test with the package to install,
//! unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use crate::oracles;
use oracles::run_runtime;
use std::fmt::Write as _;

use rngkit::observe::ObservedValue;
use rngkit::registry::{DynGen, Engine, Seed, Steps, of};
use rngkit::runtimes::php::{
    Php3Gen, Php5Gen, PhpGen, PhpLegacyMt, PhpMtRandPhpGen, mt_rand, mt_srand, php3_mt_srand,
    rand_range_php5,
};
use rngkit::runtimes::php_random::{PhpMt19937Gen, PhpPcg64Gen, PhpXoshiro256ssGen};
use rngkit::{StateWords, WordRng};

/// Seeds for the oracle runs: small, 32-bit edges, 64-bit values (the MT
/// GENs keep the low 32 bits), negative.
const SEEDS: [i64; 20] = [
    0,
    1,
    2,
    42,
    1234,
    12345678,
    1234567890,
    2709990964,
    4294967295,
    4294967296,
    4294967338,
    -1,
    -42,
    -2147483648,
    2147483647,
    i64::MAX,
    i64::MIN,
    0x5_deec_e66d,
    987654321987,
    -123456789012345,
];

const DRAWS_PER_CASE: usize = 1000;

/// A PHP int literal (PHP reads `-9223372036854775808` as a float).
fn php_int(v: i64) -> String {
    if v == i64::MIN {
        "PHP_INT_MIN".to_string()
    } else {
        v.to_string()
    }
}

/// One draw: the rngkit draw (name and arguments) and the PHP expression
/// that prints the same value, with `{0}`, `{1}` for the arguments.
struct Case {
    draw: &'static str,
    args: Vec<i64>,
    text: Option<&'static str>,
    php: &'static str,
}

fn case(draw: &'static str, args: &[i64], php: &'static str) -> Case {
    Case {
        draw,
        args: args.to_vec(),
        text: None,
        php,
    }
}

fn text_case(draw: &'static str, text: &'static str, php: &'static str) -> Case {
    Case {
        draw,
        args: Vec::new(),
        text: Some(text),
        php,
    }
}

/// One case per argument list of `args`, all of `draw` with the PHP
/// expression `php`, in order.
fn each(draw: &'static str, php: &'static str, args: &[&[i64]]) -> Vec<Case> {
    args.iter().map(|a| case(draw, a, php)).collect()
}

impl Case {
    fn rngkit_args(&self) -> Vec<String> {
        match self.text {
            Some(text) => vec![text.to_string()],
            None => self.args.iter().map(|a| a.to_string()).collect(),
        }
    }

    fn php_expr(&self) -> String {
        let mut expr = self.php.to_string();
        if let Some(text) = self.text {
            expr = expr.replace("{t}", &format!("'{text}'"));
        }
        for (i, a) in self.args.iter().enumerate() {
            expr = expr.replace(&format!("{{{i}}}"), &php_int(*a));
        }
        expr
    }

    fn label(&self) -> String {
        let mut s = self.draw.to_string();
        for a in self.rngkit_args() {
            s.push(' ');
            s.push_str(&a);
        }
        s
    }
}

const PHP_HELPERS: &str = r#"<?php
error_reporting(E_ALL & ~E_DEPRECATED);
function shuf($n) { $a = $n ? range(0, $n - 1) : []; shuffle($a); return implode(' ', $a); }
function arand($n, $k) { $r = array_rand(range(0, $n - 1), $k); return is_array($r) ? implode(' ', $r) : $r; }
"#;

/// Runs every case for every seed in PHP (`setup` seeds the generator from
/// `$seed`) and compares with `g`: first each case alone (reseeded), then
/// all cases in turn on one generator.
fn check_against_php(g: &'static dyn DynGen, setup: &str, cases: &[Case]) {
    let mut program = String::from(PHP_HELPERS);
    let seeds: Vec<String> = SEEDS.iter().map(|&s| php_int(s)).collect();
    writeln!(program, "foreach ([{}] as $seed) {{", seeds.join(", ")).unwrap();
    for c in cases {
        writeln!(
            program,
            "  {setup}\n  for ($i = 0; $i < {DRAWS_PER_CASE}; $i++) {{ echo {}, \"\\n\"; }}",
            c.php_expr()
        )
        .unwrap();
    }
    writeln!(
        program,
        "  {setup}\n  for ($i = 0; $i < {DRAWS_PER_CASE}; $i++) {{"
    )
    .unwrap();
    writeln!(program, "    switch ($i % {}) {{", cases.len()).unwrap();
    for (j, c) in cases.iter().enumerate() {
        writeln!(
            program,
            "      case {j}: echo {}, \"\\n\"; break;",
            c.php_expr()
        )
        .unwrap();
    }
    writeln!(program, "    }}\n  }}\n}}").unwrap();

    let Some(output) = run_runtime("php", &[], "php-cli", &program) else {
        return;
    };
    let mut lines = output.lines();

    let draws: Vec<_> = cases
        .iter()
        .map(|c| {
            let args = c.rngkit_args();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            g.parse_draw(c.draw, &args)
                .unwrap_or_else(|e| panic!("{} {}: {e}", g.name(), c.label()))
        })
        .collect();
    let mut compared = 0usize;
    for &seed in &SEEDS {
        let fresh = || g.seed(&Seed::from(seed), &Default::default()).unwrap();
        let mut check = |rng: &mut Engine, j: usize, i: usize| {
            let ours = draws[j].eval(rng).format(false);
            let theirs = lines.next().expect("PHP printed fewer lines");
            assert_eq!(
                ours,
                theirs,
                "{} seed {seed}: `{}` draw #{i} differs from PHP",
                g.name(),
                cases[j].label()
            );
            compared += 1;
        };
        for j in 0..cases.len() {
            let mut rng = fresh();
            for i in 0..DRAWS_PER_CASE {
                check(&mut rng, j, i);
            }
        }
        let mut rng = fresh();
        for i in 0..DRAWS_PER_CASE {
            check(&mut rng, i % cases.len(), i);
        }
    }
    assert!(lines.next().is_none(), "PHP printed more lines");
    eprintln!(
        "{}: {compared} values match PHP ({} seeds)",
        g.name(),
        SEEDS.len()
    );
}

fn mt_rand_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    cases.push(case("mt-rand", &[], "mt_rand()"));
    cases.extend(each(
        "mt-rand",
        "mt_rand({0}, {1})",
        &[
            &[0, 61],
            &[-5, 5],
            &[7, 7],
            &[0, 255],
            &[1_000_000_000, 2_000_000_000],
            &[0, 4_294_967_295],
            &[0, 4_294_967_296],
            &[-1_000_000_000_000, 1_000_000_000_000],
            &[0, i64::MAX],
            &[i64::MIN, i64::MAX],
            &[-3, 6_000_000_000_000_000_000],
        ],
    ));
    cases.push(case("rand", &[], "rand()"));
    cases.extend(each(
        "rand",
        "rand({0}, {1})",
        &[&[0, 99], &[10, 3], &[i64::MAX, i64::MIN]],
    ));
    cases.extend(each("shuffle", "shuf({0})", &[&[10], &[1], &[0], &[100]]));
    cases.push(text_case(
        "str-shuffle",
        "abcdefghij",
        "bin2hex(str_shuffle({t}))",
    ));
    cases.push(text_case("str-shuffle", "x", "bin2hex(str_shuffle({t}))"));
    cases.extend(each(
        "array-rand",
        "arand({0}, {1})",
        &[
            &[10, 1],
            &[16, 1],
            &[10, 3],
            &[10, 7],
            &[10, 10],
            &[1000, 20],
        ],
    ));
    cases
}

#[test]
fn php_matches_php_8_2() {
    check_against_php(of::<PhpGen>(), "mt_srand($seed);", &mt_rand_cases());
}

#[test]
fn php_mt_rand_php_matches_php_8_2() {
    check_against_php(
        of::<PhpMtRandPhpGen>(),
        "mt_srand($seed, MT_RAND_PHP);",
        &mt_rand_cases(),
    );
}

fn randomizer_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    cases.push(case("generate", &[], "bin2hex($e->generate())"));
    cases.push(case("next-int", &[], "$r->nextInt()"));
    cases.extend(each(
        "get-int",
        "$r->getInt({0}, {1})",
        &[
            &[0, 61],
            &[-5, 5],
            &[0, 255],
            &[7, 7],
            &[1_000_000_000, 2_000_000_000],
            &[0, 4_294_967_295],
            &[0, 4_294_967_296],
            &[-1_000_000_000_000, 1_000_000_000_000],
            &[i64::MIN, i64::MAX],
            &[-3, 6_000_000_000_000_000_000],
        ],
    ));
    cases.extend(each(
        "get-bytes",
        "bin2hex($r->getBytes({0}))",
        &[&[1], &[5], &[13], &[16]],
    ));
    cases.extend(each(
        "shuffle-array",
        "implode(' ', $r->shuffleArray(range(0, {0} - 1)))",
        &[&[10], &[100]],
    ));
    cases.push(text_case(
        "shuffle-bytes",
        "abcdefghij",
        "bin2hex($r->shuffleBytes({t}))",
    ));
    cases.extend(each(
        "pick-array-keys",
        "implode(' ', $r->pickArrayKeys(range(0, {0} - 1), {1}))",
        &[&[10, 1], &[10, 3], &[10, 8], &[1000, 20]],
    ));
    cases
}

#[test]
fn php_mt19937_matches_php_8_2() {
    check_against_php(
        of::<PhpMt19937Gen>(),
        "$e = new Random\\Engine\\Mt19937($seed); $r = new Random\\Randomizer($e);",
        &randomizer_cases(),
    );
}

#[test]
fn php_pcg64_matches_php_8_2() {
    check_against_php(
        of::<PhpPcg64Gen>(),
        "$e = new Random\\Engine\\PcgOneseq128XslRr64($seed); $r = new Random\\Randomizer($e);",
        &randomizer_cases(),
    );
}

#[test]
fn php_xoshiro256ss_matches_php_8_2() {
    check_against_php(
        of::<PhpXoshiro256ssGen>(),
        "$e = new Random\\Engine\\Xoshiro256StarStar($seed); $r = new Random\\Randomizer($e);",
        &randomizer_cases(),
    );
}

/// The engines' serialised states after seeding (`__serialize()[1]`, words
/// as little-endian hex) against the state words.
#[test]
fn seeded_states_match_php_8_2() {
    let mut program = String::from(PHP_HELPERS);
    let seeds: Vec<String> = SEEDS.iter().map(|&s| php_int(s)).collect();
    writeln!(
        program,
        r#"foreach ([{}] as $seed) {{
  foreach ([new Random\Engine\Mt19937($seed), new Random\Engine\PcgOneseq128XslRr64($seed), new Random\Engine\Xoshiro256StarStar($seed)] as $e) {{
    echo implode(' ', array_map('strval', $e->__serialize()[1])), "\n";
  }}
}}"#,
        seeds.join(", ")
    )
    .unwrap();
    let Some(output) = run_runtime("php", &[], "php-cli", &program) else {
        return;
    };
    let mut lines = output.lines();
    let le_hex = |text: &str| -> u64 {
        let bytes: Vec<u8> = (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
            .collect();
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(&bytes);
        u64::from_le_bytes(word)
    };
    for &seed in &SEEDS {
        let words = |g: &'static dyn DynGen| {
            g.seed(&Seed::from(seed), &Default::default())
                .unwrap()
                .words()
        };
        // Mt19937: 624 words, then count (624 - left), then the mode.
        let mt: Vec<&str> = lines.next().unwrap().split(' ').collect();
        let ours = words(of::<PhpMt19937Gen>());
        assert_eq!(mt.len(), 626);
        assert_eq!(mt[624].parse::<u64>().unwrap(), 624 - ours[0], "count");
        assert_eq!(mt[625], "0", "MT_RAND_MT19937");
        let block: Vec<u64> = mt[..624].iter().map(|w| le_hex(w)).collect();
        assert_eq!(block, ours[1..], "Mt19937({seed}) block");
        // PcgOneseq128XslRr64: state hi, state lo.
        let pcg: Vec<u64> = lines.next().unwrap().split(' ').map(le_hex).collect();
        let ours = words(of::<PhpPcg64Gen>());
        assert_eq!(pcg, ours[..2], "PcgOneseq128XslRr64({seed}) state");
        assert_eq!(
            ours[2..],
            [0x5851_f42d_4c95_7f2d, 0x1405_7b7e_f767_814f],
            "the oneseq increment"
        );
        // Xoshiro256StarStar: s[0..4].
        let xo: Vec<u64> = lines.next().unwrap().split(' ').map(le_hex).collect();
        assert_eq!(
            xo,
            words(of::<PhpXoshiro256ssGen>()),
            "Xoshiro256StarStar({seed})"
        );
    }
}

/// PHP's string seeds (`--seed-str`): 16 bytes for PCG, 32 for xoshiro.
#[test]
fn string_seeds_match_php_8_2() {
    let pcg_seed = "0123456789abcdef";
    let xo_seed = "0123456789abcdefghijklmnopqrstuv";
    let program = format!(
        r#"<?php
$e = new Random\Engine\PcgOneseq128XslRr64('{pcg_seed}');
for ($i = 0; $i < 100; $i++) echo bin2hex($e->generate()), "\n";
$e = new Random\Engine\Xoshiro256StarStar('{xo_seed}');
for ($i = 0; $i < 100; $i++) echo bin2hex($e->generate()), "\n";
"#
    );
    let Some(output) = run_runtime("php", &[], "php-cli", &program) else {
        return;
    };
    let mut lines = output.lines();
    for (g, seed) in [
        (of::<PhpPcg64Gen>(), pcg_seed),
        (of::<PhpXoshiro256ssGen>(), xo_seed),
    ] {
        let mut rng = g.seed_str(seed, &Default::default()).unwrap();
        let generate = g.parse_draw("generate", &[]).unwrap();
        for _ in 0..100 {
            assert_eq!(
                generate.eval(&mut rng).format(false),
                lines.next().unwrap(),
                "{}",
                g.name()
            );
        }
    }
    let err = of::<PhpPcg64Gen>()
        .seed_str("short", &Default::default())
        .unwrap_err();
    assert!(err.0.contains("16 byte"), "{err}");
    let err = of::<PhpXoshiro256ssGen>()
        .seed_str(&"\0".repeat(32), &Default::default())
        .unwrap_err();
    assert!(err.0.contains("NUL"), "{err}");
}

// ---------------------------------------------------------------------------
// PHP 3.0.7 to 7.0.x: published vectors and the Python reference.

/// php-src `ext/standard/tests/math/mt_rand_value.phpt` (PHP 7.1+): 16
/// outputs, then the xor of the next 1024, for `mt_srand(12345678,
/// MT_RAND_PHP)` (the PHP 5.2.1 to 7.0.x generator) and `mt_srand(12345678)`.
#[test]
fn mt_rand_value_phpt() {
    const LEGACY: [i64; 16] = [
        1614640687, 1711027313, 857485497, 688176834, 1386682158, 412773096, 813703253, 898651287,
        2087374214, 1382556330, 1640700129, 1863374167, 1324097651, 1923803667, 676334965,
        853386222,
    ];
    const MODERN: [i64; 16] = [
        527860569, 1711027313, 1280820687, 688176834, 770499160, 412773096, 813703253, 898651287,
        52508912, 757323740, 511765911, 274407457, 833082629, 1923803667, 1461450755, 1301698200,
    ];
    fn check<R: WordRng>(mut rng: R, first: [i64; 16], xor: i64) {
        let got: Vec<i64> = (0..16).map(|_| mt_rand(&mut rng)).collect();
        assert_eq!(got, first);
        assert_eq!((0..1024).fold(0, |x, _| x ^ mt_rand(&mut rng)), xor);
    }
    check(PhpLegacyMt::new(12345678), LEGACY, 1571178311);
    check(mt_srand(12345678), MODERN, 1612214270);
    // The same through the registry, for php5 as well.
    for g in [of::<Php5Gen>(), of::<PhpMtRandPhpGen>()] {
        let mut rng = g.seed(&Seed::from(12345678), &Default::default()).unwrap();
        let draw = g.parse_draw("mt-rand", &[]).unwrap();
        let got: Vec<String> = (0..16).map(|_| draw.eval(&mut rng).format(false)).collect();
        let want: Vec<String> = LEGACY.iter().map(i64::to_string).collect();
        assert_eq!(got, want, "{}", g.name());
    }
}

/// The php_mt_seed README (openwall, php_mt_seed 4.0): seeds and the first
/// `mt_rand()` outputs it reports per PHP era.
#[test]
fn php_mt_seed_readme_first_outputs() {
    let first = |g: &'static dyn DynGen, seed: i64| -> String {
        let mut rng = g.seed(&Seed::from(seed), &Default::default()).unwrap();
        g.parse_draw("mt-rand", &[])
            .unwrap()
            .eval(&mut rng)
            .format(false)
    };
    let (php3, php5, php) = (of::<Php3Gen>(), of::<Php5Gen>(), of::<PhpGen>());
    // "php5 -r 'mt_srand(1234567890); echo mt_rand()'" is 1328851649; the
    // cracker finds 534142874 (7.1.0+), 658126103 (5.2.1 to 7.0.x) and
    // 1234567890 (both).
    assert_eq!(first(php5, 1234567890), "1328851649");
    assert_eq!(first(php, 1234567890), "1328851649");
    assert_eq!(first(php, 534142874), "1328851649");
    assert_eq!(first(php5, 658126103), "1328851649");
    assert_ne!(first(php5, 534142874), "1328851649");
    assert_ne!(first(php, 658126103), "1328851649");
    // With the second output 1423851145 only 1234567890 on 5.2.1 to 7.0.x remains.
    let mut rng = php5
        .seed(&Seed::from(1234567890), &Default::default())
        .unwrap();
    let draw = php5.parse_draw("mt-rand", &[]).unwrap();
    draw.eval(&mut rng);
    assert_eq!(draw.eval(&mut rng).format(false), "1423851145");
    let mut rng = php
        .seed(&Seed::from(1234567890), &Default::default())
        .unwrap();
    let draw = php.parse_draw("mt-rand", &[]).unwrap();
    draw.eval(&mut rng);
    assert_ne!(draw.eval(&mut rng).format(false), "1423851145");
    // md5(mt_rand()) = a67d0e9f...: mt_rand() = 1871584565 for these seeds.
    for seed in [1272978112, 1272978113, 1608818254, 1608818255] {
        assert_eq!(first(php3, seed), "1871584565", "php3 seed {seed}");
    }
    for seed in [3259459799, 3336091666] {
        assert_eq!(first(php5, seed), "1871584565", "php5 seed {seed}");
        assert_eq!(first(php, seed), "1871584565", "php seed {seed}");
    }
    assert_eq!(first(php, 2261966850), "1871584565");
    assert_ne!(first(php5, 2261966850), "1871584565");
}

/// The README's Drupal example: `user_password()` draws
/// `mt_rand(0, 56)` ten times per password; after `mt_srand(2709990964)` on
/// PHP 5.2.1 to 7.0.x the first three passwords are these.
#[test]
fn php_mt_seed_readme_drupal_passwords() {
    let alphabet = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let g = of::<Php5Gen>();
    let mut rng = g
        .seed(&Seed::from(2709990964i64), &Default::default())
        .unwrap();
    let draw = g.parse_draw("mt-rand", &["0", "56"]).unwrap();
    let mut text = String::new();
    for _ in 0..30 {
        let i: usize = draw.eval(&mut rng).format(false).parse().unwrap();
        text.push(alphabet[i] as char);
    }
    assert_eq!(text, "pAiwtk6YedHW9UPrqKWC57CN74bkzL");
    // The same stream through the library functions.
    let mut legacy = PhpLegacyMt::new(2709990964);
    assert_eq!(rand_range_php5(&mut legacy, 0, 56), 14); // 'p'
}

/// The eras' generators against the Python reference, 20 seeds x 1000
/// draws of each draw (the reference itself is checked against PHP 8.2 for
/// `php` and `php-mt-rand-php` below).
fn check_against_python(era: &str, g: &'static dyn DynGen, cases: &[(&str, &[i64])]) {
    let mut jobs = String::new();
    for &seed in &SEEDS {
        for (draw, args) in cases {
            write!(jobs, "{era} {seed} {DRAWS_PER_CASE} {draw}").unwrap();
            for a in *args {
                write!(jobs, " {a}").unwrap();
            }
            jobs.push('\n');
        }
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/php_mt.py");
    let Some(output) = run_runtime("python3", &[script], "python3", &jobs) else {
        return;
    };
    let mut lines = output.lines();
    let mut compared = 0;
    for &seed in &SEEDS {
        for (draw, args) in cases {
            let mut rng = g.seed(&Seed::from(seed), &Default::default()).unwrap();
            let arg_text: Vec<String> = args.iter().map(i64::to_string).collect();
            let arg_refs: Vec<&str> = arg_text.iter().map(String::as_str).collect();
            let parsed = (*draw != "word").then(|| g.parse_draw(draw, &arg_refs).unwrap());
            for i in 0..DRAWS_PER_CASE {
                let ours = match &parsed {
                    Some(d) => d.eval(&mut rng).format(false),
                    None => rng.next_word().to_string(),
                };
                assert_eq!(
                    ours,
                    lines.next().expect("fewer lines"),
                    "{} seed {seed}: `{draw} {arg_text:?}` draw #{i} differs from the Python reference",
                    g.name()
                );
                compared += 1;
            }
        }
    }
    assert!(lines.next().is_none());
    eprintln!("{}: {compared} values match the Python reference", g.name());
}

const OLD_ERA_CASES: &[(&str, &[i64])] = &[
    ("word", &[]),
    ("mt-rand", &[]),
    ("mt-rand", &[0, 61]),
    ("mt-rand", &[-5, 5]),
    ("mt-rand", &[1_000_000_000, 2_000_000_000]),
    ("mt-rand", &[0, 4_294_967_296]),
    ("mt-rand", &[-1_000_000_000_000, 1_000_000_000_000]),
    ("mt-rand", &[0, i64::MAX]),
    ("mt-rand", &[i64::MIN, i64::MAX]),
];

#[test]
fn php5_matches_python_reference() {
    check_against_python("php5", of::<Php5Gen>(), OLD_ERA_CASES);
}

#[test]
fn php3_matches_python_reference() {
    check_against_python("php3", of::<Php3Gen>(), OLD_ERA_CASES);
}

/// The Python reference agrees with PHP 8.2 where PHP can still run it, so
/// its twist (shared with PHP 5.2.1 to 7.0.x through `MT_RAND_PHP`) is
/// checked against the real runtime too.
#[test]
fn python_reference_matches_php_8_2() {
    let cases: &[(&str, &[i64])] = &[
        ("mt-rand", &[]),
        ("mt-rand", &[0, 61]),
        ("mt-rand", &[1_000_000_000, 2_000_000_000]),
        ("mt-rand", &[0, 4_294_967_296]),
        ("mt-rand", &[i64::MIN, i64::MAX]),
        ("rand", &[10, 3]),
    ];
    for (era, setup) in [
        ("php", "mt_srand($seed);"),
        ("php-mt-rand-php", "mt_srand($seed, MT_RAND_PHP);"),
    ] {
        let mut program = String::from(PHP_HELPERS);
        let mut jobs = String::new();
        for &seed in &SEEDS {
            for (draw, args) in cases {
                let func = draw.replace('-', "_");
                let php_args: Vec<String> = args.iter().map(|&a| php_int(a)).collect();
                writeln!(
                    program,
                    "$seed = {}; {setup} for ($i = 0; $i < {DRAWS_PER_CASE}; $i++) echo {func}({}), \"\\n\";",
                    php_int(seed),
                    php_args.join(", ")
                )
                .unwrap();
                let py_args: Vec<String> = args.iter().map(i64::to_string).collect();
                writeln!(
                    jobs,
                    "{era} {seed} {DRAWS_PER_CASE} {draw} {}",
                    py_args.join(" ")
                )
                .unwrap();
            }
        }
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/php_mt.py");
        let Some(php) = run_runtime("php", &[], "php-cli", &program) else {
            return;
        };
        let Some(python) = run_runtime("python3", &[script], "python3", &jobs) else {
            return;
        };
        assert_eq!(
            php.lines().count(),
            SEEDS.len() * cases.len() * DRAWS_PER_CASE
        );
        assert!(
            php == python,
            "{era}: the Python reference differs from PHP 8.2"
        );
    }
}

// ---------------------------------------------------------------------------
// Properties that need no oracle.

#[test]
fn php3_pairs_even_and_odd_seeds() {
    for seed in [0i64, 2, 1272978112, -2, 4294967294] {
        assert_eq!(php3_mt_srand(seed), php3_mt_srand(seed + 1), "seed {seed}");
    }
    assert_ne!(php3_mt_srand(0), php3_mt_srand(2));
}

/// The GENs on PHP's MT19937: mt_rand (PHP 7.1+, the PHP-mode twist,
/// PHP 5, PHP 3) and Random\Engine\Mt19937.
fn mt19937_gens() -> [&'static dyn DynGen; 5] {
    [
        of::<PhpGen>(),
        of::<PhpMtRandPhpGen>(),
        of::<Php5Gen>(),
        of::<Php3Gen>(),
        of::<PhpMt19937Gen>(),
    ]
}

#[test]
fn seeds_keep_the_low_32_bits() {
    for g in mt19937_gens() {
        let a = g.seed(&Seed::from(5i64), &Default::default()).unwrap();
        let b = g
            .seed(&Seed::from(5i64 + (7 << 32)), &Default::default())
            .unwrap();
        let c = g.seed(&Seed::from(-1i64), &Default::default()).unwrap();
        let d = g.seed(&Seed::from(u32::MAX), &Default::default()).unwrap();
        assert_eq!(a, b, "{}", g.name());
        assert_eq!(c, d, "{}", g.name());
        assert_eq!(a.words()[0], 624, "{}: mt_srand twists at once", g.name());
    }
    // The 64-bit engines keep all 64 bits.
    for g in [of::<PhpPcg64Gen>(), of::<PhpXoshiro256ssGen>()] {
        let a = g.seed(&Seed::from(5i64), &Default::default()).unwrap();
        let b = g
            .seed(&Seed::from(5i64 + (7 << 32)), &Default::default())
            .unwrap();
        assert_ne!(a, b, "{}", g.name());
    }
    // Out of the I64 kind's range.
    assert!(
        of::<PhpGen>()
            .seed(
                &"18446744073709551616".parse().unwrap(),
                &Default::default()
            )
            .is_err()
    );
}

#[test]
fn state_words_round_trip_and_validate() {
    let engines_64 = [of::<PhpPcg64Gen>(), of::<PhpXoshiro256ssGen>()];
    for g in mt19937_gens().into_iter().chain(engines_64) {
        let mut rng = g.seed(&Seed::from(99), &Default::default()).unwrap();
        rng.discard(700);
        let words = rng.words();
        assert_eq!(words.len(), g.word_count());
        let mut back = g.from_words(&words).unwrap();
        assert_eq!(back, rng);
        assert_eq!(back.next_word(), rng.next_word());
        assert!(g.from_words(&words[1..]).is_err(), "{}", g.name());
    }
    let legacy = PhpLegacyMt::new(1);
    let mut words = legacy.to_words();
    words[0] = 625;
    assert!(PhpLegacyMt::from_words(&words).is_err());
    words[0] = 0;
    words[5] = 1 << 32;
    assert!(PhpLegacyMt::from_words(&words).is_err());
    assert!(PhpLegacyMt::from_words(&[0; 625]).is_err());
    // A state at a block boundary continues with a (buggy) twist.
    let mut at_boundary = PhpLegacyMt::new(1);
    at_boundary.discard(624);
    assert_eq!(at_boundary.left(), 0);
    let mut copy = PhpLegacyMt::from_words(&at_boundary.to_words()).unwrap();
    assert_eq!(copy.next_word(), at_boundary.next_word());
    // PCG: the increment must be odd.
    let pcg = of::<PhpPcg64Gen>();
    assert!(pcg.from_words(&[1, 2, 3, 4]).is_err());
    assert!(pcg.from_words(&[1, 2, 3, 5]).is_ok());
    assert!(
        of::<PhpXoshiro256ssGen>()
            .from_words(&[0, 0, 0, 0])
            .is_err()
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let php = of::<PhpGen>();
    let bad: &[(&str, &[&str])] = &[
        ("mt-rand", &["1"]),
        ("mt-rand", &["5", "1"]),
        ("mt-rand", &["x", "1"]),
        ("mt-rand", &["1", "2", "3"]),
        ("rand", &["1"]),
        ("shuffle", &[]),
        ("shuffle", &["-1"]),
        ("shuffle", &["100000000"]),
        ("str-shuffle", &[]),
        ("array-rand", &["0", "1"]),
        ("array-rand", &["5", "0"]),
        ("array-rand", &["5", "6"]),
        ("array-rand", &["5"]),
        ("no-such-draw", &[]),
    ];
    for (name, args) in bad {
        let err = php.parse_draw(name, args).unwrap_err();
        assert!(!err.to_string().is_empty());
    }
    let msg = php
        .parse_draw("mt-rand", &["5", "1"])
        .unwrap_err()
        .to_string();
    assert!(msg.contains("greater than or equal"), "{msg}");
    // php5 and php3 have no shuffle or rand: those used libc's random().
    for g in [of::<Php5Gen>(), of::<Php3Gen>()] {
        for name in ["rand", "shuffle", "str-shuffle", "array-rand"] {
            assert!(g.parse_draw(name, &["3"]).is_err());
        }
        assert!(g.parse_draw("mt-rand", &["3", "2"]).is_err());
    }
    let engine = of::<PhpPcg64Gen>();
    for (name, args) in [
        ("get-int", &["5", "1"][..]),
        ("get-bytes", &["0"]),
        ("get-bytes", &["-3"]),
        ("pick-array-keys", &["3", "4"]),
        ("pick-array-keys", &["0", "1"]),
        ("generate", &["1"]),
        ("next-int", &["1"]),
        ("shuffle-array", &["x"]),
    ] {
        assert!(engine.parse_draw(name, args).is_err(), "{name} {args:?}");
    }
    // rand() accepts the bounds in either order.
    assert!(php.parse_draw("rand", &["5", "1"]).is_ok());
}

/// Each draw's steps match the words it consumes, and its known bits hold
/// for those words whenever the draw took its single-attempt word count.
/// A GEN and draws (name, arguments) to check on it.
type DrawChecks<'a> = (&'static dyn DynGen, &'a [(&'a str, &'a [&'a str])]);

#[test]
fn steps_and_known_bits_are_sound() {
    let checks: &[DrawChecks] = &[
        (
            of::<PhpGen>(),
            &[
                ("mt-rand", &[]),
                ("mt-rand", &["0", "61"]),
                ("mt-rand", &["0", "255"]),
                ("mt-rand", &["-7", "1000000000000"]),
                ("mt-rand", &["0", "4294967295"]),
                ("mt-rand", &["-9223372036854775808", "9223372036854775807"]),
                ("mt-rand", &["0", "68719476735"]),
                ("rand", &["10", "3"]),
                ("shuffle", &["2"]),
                ("array-rand", &["8", "1"]),
                ("array-rand", &["8", "8"]),
            ],
        ),
        (
            of::<PhpMtRandPhpGen>(),
            &[
                ("mt-rand", &["0", "61"]),
                ("mt-rand", &["-5", "5"]),
                ("mt-rand", &["0", "4294967296"]),
                ("rand", &["100", "-100"]),
            ],
        ),
        (
            of::<Php5Gen>(),
            &[
                ("mt-rand", &[]),
                ("mt-rand", &["0", "56"]),
                ("mt-rand", &["-9223372036854775808", "9223372036854775807"]),
            ],
        ),
        (of::<Php3Gen>(), &[("mt-rand", &["1", "6"])]),
        (
            of::<PhpMt19937Gen>(),
            &[
                ("generate", &[]),
                ("next-int", &[]),
                ("get-int", &["0", "61"]),
                ("get-int", &["0", "4294967296"]),
                ("get-bytes", &["7"]),
            ],
        ),
        (
            of::<PhpPcg64Gen>(),
            &[
                ("generate", &[]),
                ("next-int", &[]),
                ("get-int", &["0", "61"]),
                ("get-int", &["0", "4294967296"]),
                ("get-int", &["0", "1023"]),
                ("get-bytes", &["13"]),
            ],
        ),
        (
            of::<PhpXoshiro256ssGen>(),
            &[
                ("get-int", &["-1000000000000", "1000000000000"]),
                ("get-bytes", &["16"]),
            ],
        ),
    ];
    for &(g, draws) in checks {
        let bits = g.output_bits();
        for &(name, args) in draws {
            let draw = g.parse_draw(name, args).unwrap();
            let mut rng = g.seed(&Seed::from(7), &Default::default()).unwrap();
            for i in 0..2000 {
                let before = rng.clone();
                let value = draw.eval(&mut rng);
                // The words consumed: step a copy until it meets `rng`.
                let mut probe = before.clone();
                let mut words = Vec::new();
                while probe != rng {
                    words.push(probe.next_word());
                    assert!(words.len() < 64, "{} `{name}`: runaway", g.name());
                }
                let steps = draw.steps(bits);
                if let Steps::Fixed(n) = steps {
                    assert_eq!(words.len() as u64, n, "{} `{name}` #{i}", g.name());
                }
                let observed = ObservedValue::parse(&value.format(false)).unwrap();
                assert!(observed.matches(&value), "{} `{name}`: {value:?}", g.name());
                let known = draw.known_bits(&observed, bits).unwrap_or_else(|| {
                    panic!("{} `{name}`: {value:?} called impossible", g.name())
                });
                let single = match draw.steps(bits) {
                    Steps::Fixed(n) => n as usize,
                    Steps::Variable => known.len().max(1),
                };
                if words.len() == single || matches!(steps, Steps::Fixed(_)) {
                    for (k, w) in known.iter().zip(&words) {
                        assert!(
                            k.matches(*w),
                            "{} `{name}` #{i}: {k:?} vs word {w:#x} for {value:?}",
                            g.name()
                        );
                    }
                }
            }
        }
    }
    // Impossible values are refused.
    let php = of::<PhpGen>();
    let six = php.parse_draw("mt-rand", &["1", "6"]).unwrap();
    assert!(
        six.known_bits(&ObservedValue::parse("7").unwrap(), 32)
            .is_none()
    );
    let plain = php.parse_draw("mt-rand", &[]).unwrap();
    assert!(
        plain
            .known_bits(&ObservedValue::parse("2147483648").unwrap(), 32)
            .is_none()
    );
}
