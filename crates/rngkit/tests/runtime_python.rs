//! The `python` GEN against CPython itself.
//!
//! Oracle: `python3` run as a process (Debian package `python3`; CI
//! installs it). The test writes a Python program that seeds
//! `random.Random` with each seed and prints every draw; floats as their
//! IEEE-754 bits (`struct`), integers in decimal, lists comma-separated. Our
//! side evaluates the same draws through the registry, formatted as the CLI
//! prints them, and the two texts must be equal.
//!
//! Without `python3` the tests fail with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use rngkit::draw::DrawValue;
use rngkit::generators::Mt19937;
use rngkit::observe::ObservedValue;
use rngkit::registry::{DynGen, Seed, of};
use rngkit::runtimes::python::{self, PythonGen};

use crate::oracles;

const DRAWS: usize = 1000;

/// Seeds as text both sides read: Rust's `BigInt` and Python's `int(s, 0)`.
fn seeds() -> Vec<String> {
    let mut seeds = oracles::big_int_seeds();
    seeds.push("5489".into());
    // 2^(32*624): a key of 625 words, all zero but the top one.
    seeds.push(format!("0x1{}", "0".repeat(8 * 624)));
    // 3^200 in hex, computed here so both sides read the same digits.
    seeds.push(pow_hex(3, 200));
    seeds.push(format!("-{}", pow_hex(7, 300)));
    seeds
}

/// The seeds as the items of a Python list, a line each.
fn seed_items(seeds: &[String]) -> String {
    seeds
        .iter()
        .map(|s| format!("    int('{s}', 0),\n"))
        .collect()
}

/// `base^exp` as `0x` hex, by schoolbook multiplication on 32-bit limbs.
fn pow_hex(base: u32, exp: u32) -> String {
    let mut limbs = vec![1u32];
    for _ in 0..exp {
        let mut carry = 0u64;
        for l in &mut limbs {
            let v = u64::from(*l) * u64::from(base) + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            limbs.push(carry as u32);
        }
    }
    let mut text = format!("0x{:x}", limbs.last().unwrap());
    for l in limbs.iter().rev().skip(1) {
        text.push_str(&format!("{l:08x}"));
    }
    text
}

/// A draw on both sides: our syntax, and a Python expression on `r` giving
/// the same value as text.
struct Case {
    name: &'static str,
    args: Vec<String>,
    python: String,
    count: usize,
}

fn case(name: &'static str, args: &[&str], python: &str) -> Case {
    Case {
        name,
        args: args.iter().map(|s| s.to_string()).collect(),
        python: python.to_string(),
        count: DRAWS,
    }
}

fn cases() -> Vec<Case> {
    let mut cases = vec![case("random", &[], "fh(r.random())")];
    for k in [0u32, 1, 5, 31, 32, 33, 63, 64, 65, 100, 128, 1000] {
        let arg = k.to_string();
        cases.push(case(
            "getrandbits",
            &[&arg],
            &format!("str(r.getrandbits({k}))"),
        ));
    }
    for args in [
        &["10"][..],
        &["1"],
        &["0", "1"],
        &["1", "2"],
        &["-5", "5"],
        &["0", "4294967296"],
        &["0", "4294967297"],
        &["3", "1000", "7"],
        &["100", "-100", "-3"],
        &["-9223372036854775808", "9223372036854775807"],
        &["0", "4611686018427387904"],
        &["0", "9223372036854775807", "1000000007"],
        &["7", "8", "5"],
    ] {
        cases.push(case(
            "randrange",
            args,
            &format!("str(r.randrange({}))", args.join(", ")),
        ));
    }
    for (a, b) in [
        ("1", "6"),
        ("0", "0"),
        ("-9223372036854775808", "9223372036854775807"),
        ("0", "1099511627776"),
        ("-1000", "1000"),
    ] {
        cases.push(case(
            "randint",
            &[a, b],
            &format!("str(r.randint({a}, {b}))"),
        ));
    }
    for n in ["1", "2", "3", "10", "2147483648", "9007199254740993"] {
        cases.push(case("choice", &[n], &format!("str(r.choice(range({n})))")));
    }
    for n in ["0", "1", "2", "10", "52"] {
        cases.push(case("shuffle", &[n], &format!("shuf(r, {n})")));
    }
    for (n, k) in [
        ("5", "0"),
        ("10", "3"),
        ("10", "10"),
        ("30", "6"),
        ("100", "5"),
        ("1000", "10"),
        ("1000", "60"),
        ("1099511627776", "20"),
        // Around the list/set switch: setsize(5) = 21, setsize(6) = 85.
        ("21", "5"),
        ("22", "5"),
        ("85", "6"),
        ("86", "6"),
        ("9223372036854775807", "3"),
    ] {
        cases.push(case("sample", &[n, k], &format!("samp(r, {n}, {k})")));
    }
    for (a, b) in [
        ("0", "1"),
        ("-3.5", "2.25"),
        ("10", "-10"),
        ("1e9", "1000000001"),
        ("5", "5"),
        ("1e-300", "1e300"),
    ] {
        cases.push(case(
            "uniform",
            &[a, b],
            &format!("fh(r.uniform({a}, {b}))"),
        ));
    }
    for (mu, sigma) in [("0", "1"), ("100", "15"), ("-2.5", "0.001")] {
        // Our `gauss` is a call on an empty cache: CPython's odd calls (the
        // even ones come from `gauss_next` and consume nothing).
        cases.push(case(
            "gauss",
            &[mu, sigma],
            &format!("gauss_odd(r, {mu}, {sigma})"),
        ));
    }
    cases
}

const PRELUDE: &str = r#"
import random, struct, sys
def fh(x):
    return '0x%016x' % struct.unpack('<Q', struct.pack('<d', x))[0]
def shuf(r, n):
    x = list(range(n))
    r.shuffle(x)
    return ','.join(map(str, x))
def samp(r, n, k):
    return ','.join(map(str, r.sample(range(n), k)))
def gauss_odd(r, mu, sigma):
    v = r.gauss(mu, sigma)
    r.gauss(mu, sigma)
    return fh(v)
"#;

/// A value as the oracle prints it: floats as bits, lists comma-separated.
fn oracle_format(v: &DrawValue) -> String {
    match v {
        DrawValue::F64(_) => v.format(true),
        DrawValue::Ints(_) => v.format(false).replace(' ', ","),
        _ => v.format(false),
    }
}

fn python_gen() -> &'static dyn DynGen {
    of::<PythonGen>()
}

#[test]
fn every_draw_matches_cpython() {
    let (seeds, cases) = (seeds(), cases());
    let case_items: String = cases
        .iter()
        .map(|c| format!("    ({}, lambda r: {}),\n", c.count, c.python))
        .collect();
    let program = format!(
        "{PRELUDE}seeds = [\n{}]\ncases = [\n{case_items}]\nout = []\nfor s in seeds:\n    for count, f in cases:\n        r = random.Random(s)\n        out.append(' '.join(f(r) for _ in range(count)))\nsys.stdout.write('\\n'.join(out) + '\\n')\n",
        seed_items(&seeds),
    );
    let list: Vec<_> = cases
        .iter()
        .map(|c| (c.name, &c.args[..], c.count))
        .collect();
    oracles::CPYTHON.cases(python_gen(), &seeds, &list, &program, oracle_format);
}

#[test]
fn seeding_gives_cpythons_state() {
    // getstate() after seeding and after 700 words: (mt..., index) against
    // our `left` (624 - index) and block.
    let seeds = seeds();
    let program = format!(
        "import random\nfor s in [\n{}]:\n    r = random.Random(s)\n    st = r.getstate()[1]\n    print(' '.join(map(str, st)))\n    for _ in range(700): r.getrandbits(32)\n    st = r.getstate()[1]\n    print(' '.join(map(str, st)))\n",
        seed_items(&seeds),
    );
    let ours = |theirs: Vec<u64>| [&[624 - theirs[624]], &theirs[..624]].concat();
    let seed = |s: &str| python::seed(&s.parse().unwrap());
    oracles::CPYTHON.states_after_700(&seeds, &program, seed, ours);
}

#[test]
fn seed_str_matches_cpython() {
    let texts = [
        "",
        "hello",
        "0",
        "12345",
        "héllo wörld ✓",
        "the quick brown fox jumps over the lazy dog, 112 bytes long so that SHA-512 padding spills into a second block!!",
        "x",
    ];
    let mut program = String::from(PRELUDE);
    program.push_str("texts = [\n");
    for t in &texts {
        let escaped: String = t.chars().map(|c| format!("\\U{:08x}", c as u32)).collect();
        program.push_str(&format!("    '{escaped}',\n"));
    }
    program.push_str(
        "]\nfor t in texts:\n    r = random.Random(t)\n    print(' '.join(fh(r.random()) for _ in range(500)) + ' ' + ' '.join(str(r.getrandbits(32)) for _ in range(500)))\n",
    );
    let Some(output) = oracles::CPYTHON.run(&program) else {
        return;
    };
    let python = python_gen();
    let random = python.parse_draw("random", &[]).unwrap();
    let bits = python.parse_draw("getrandbits", &["32"]).unwrap();
    for (t, line) in texts.iter().zip(output.lines()) {
        let mut rng = python.seed_str(t, &Default::default()).unwrap();
        let mut ours: Vec<String> = (0..500)
            .map(|_| oracle_format(&random.eval(&mut rng)))
            .collect();
        ours.extend((0..500).map(|_| oracle_format(&bits.eval(&mut rng))));
        oracles::compare_tokens("CPython", &format!("seed-str {t:?}"), &ours.join(" "), line);
    }
}

#[test]
fn interleaved_draws_match_cpython() {
    // One generator, every kind of draw in turn: the words each consumes
    // line up with CPython's.
    let steps: [oracles::Step; 9] = [
        ("random", &[], "fh(r.random())"),
        ("randrange", &["10"], "str(r.randrange(10))"),
        ("getrandbits", &["70"], "str(r.getrandbits(70))"),
        ("shuffle", &["5"], "shuf(r, 5)"),
        ("uniform", &["-1", "1"], "fh(r.uniform(-1, 1))"),
        ("gauss", &["0", "1"], "gauss_odd(r, 0, 1)"),
        ("sample", &["50", "7"], "samp(r, 50, 7)"),
        ("randint", &["-3", "3"], "str(r.randint(-3, 3))"),
        ("choice", &["7"], "str(r.choice(range(7)))"),
    ];
    let program = format!(
        "{PRELUDE}steps = [\n{}]\nfor s in {}:\n    r = random.Random(s)\n    print(' '.join(steps[i % len(steps)](r) for i in range(3000)))\n",
        oracles::step_lines(&steps, |py| format!("    lambda r: {py},\n")).concat(),
        oracles::SCRIPT_SEEDS,
    );
    oracles::CPYTHON.interleaved(python_gen(), &steps, &program, oracle_format);
}

#[test]
fn gauss_pair_is_cpythons_pair() {
    let Some(output) = oracles::run_script(
        "python3",
        "py",
        "python3",
        &format!(
            "{PRELUDE}\nfor s in range(20):\n    r = random.Random(s)\n    print(' '.join(fh(r.gauss(0.0, 1.0)) for _ in range(1000)))\n"
        ),
    ) else {
        return;
    };
    for (s, line) in output.lines().enumerate() {
        let mut rng = python::seed(&Seed::from(s as u64));
        let mut ours = Vec::new();
        for _ in 0..500 {
            let (z1, z2) = python::gauss_pair(&mut rng);
            ours.push(DrawValue::F64(z1).format(true));
            ours.push(DrawValue::F64(z2).format(true));
        }
        oracles::compare_tokens(
            "CPython",
            &format!("gauss pairs, seed {s}"),
            &ours.join(" "),
            line,
        );
    }
}

#[test]
fn known_bits_are_sound_and_steps_are_right() {
    let python = python_gen();
    let draws: [(&str, &[&str]); 13] = [
        ("random", &[]),
        ("getrandbits", &["0"]),
        ("getrandbits", &["7"]),
        ("getrandbits", &["32"]),
        ("getrandbits", &["33"]),
        ("getrandbits", &["100"]),
        ("uniform", &["-3", "8"]),
        ("uniform", &["8", "-3"]),
        ("uniform", &["2", "2"]),
        ("gauss", &["0", "1"]),
        ("randrange", &["10"]),
        ("shuffle", &["6"]),
        ("sample", &["40", "4"]),
    ];
    // The printed text, and for floats the exact bits too.
    oracles::known_bits_are_sound(python, &Seed::from(2024), &draws, |value| {
        let mut texts = vec![value.format(false)];
        if let DrawValue::F64(_) = value {
            texts.push(value.format(true));
        }
        texts
    });
    // Exact bits reveal all 53 bits of `random`.
    let random = python.parse_draw("random", &[]).unwrap();
    let known = random
        .known_bits(&ObservedValue::parse("0x3fe0000000000001").unwrap(), 32)
        .unwrap();
    assert_eq!(known[0].mask, 0xffff_ffe0);
    assert_eq!(known[1].mask, 0xffff_ffc0);
    assert!(
        random
            .known_bits(&ObservedValue::parse("1.5").unwrap(), 32)
            .is_none()
    );
    let bits = python.parse_draw("getrandbits", &["4"]).unwrap();
    assert!(
        bits.known_bits(&ObservedValue::parse("16").unwrap(), 32)
            .is_none()
    );
}

#[test]
fn bad_arguments_are_refused_like_cpython() {
    let python = python_gen();
    for (name, args, needle) in [
        ("randrange", &["0"][..], "empty range"),
        ("randrange", &["5", "5"], "empty range"),
        ("randrange", &["0", "10", "0"], "zero step"),
        ("randrange", &["0", "10", "-1"], "empty range"),
        ("randrange", &[], "1 to 3"),
        ("randrange", &["1", "2", "3", "4"], "1 to 3"),
        ("randint", &["2", "1"], "A <= B"),
        ("choice", &["0"], "empty sequence"),
        ("sample", &["3", "4"], "0 <= K <= N"),
        ("sample", &["3", "-1"], "0 <= K <= N"),
        ("getrandbits", &["-1"], "not"),
        ("getrandbits", &["65537"], "up to"),
        ("shuffle", &["2000000"], "up to"),
        ("uniform", &["nan", "1"], "finite"),
        ("gauss", &["0"], "argument"),
        ("random", &["1"], "argument"),
    ] {
        let err = python.parse_draw(name, args).unwrap_err().to_string();
        assert!(err.contains(needle), "{name} {args:?}: {err}");
    }
    assert!(python.parse_draw("randbelow", &["3"]).is_err());
}

#[test]
fn python_shares_mt19937_states() {
    let python = python_gen();
    let mt = of::<Mt19937>();
    assert_eq!(python.rng_type(), mt.rng_type());
    assert_eq!((python.word_bits(), python.word_count()), (32, 625));
    let engine = python.seed(&Seed::from(5), &Default::default()).unwrap();
    let words = engine.words();
    assert_eq!(
        mt.from_words(&words).unwrap().with_spec(python).words(),
        words
    );
}
