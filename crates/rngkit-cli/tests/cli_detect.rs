//! `rngkit detect` on values captured from the real runtimes, run as
//! processes: each is identified (GEN, draw, state or seed) and the state
//! it prints predicts what the runtime drew next; mixed or corrupted values
//! never name a GEN with exit 0.
//!
//! A missing runtime fails the test with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1` (then it is skipped with a note).
//! `--max-seconds` is generous because the test machine is shared: detect
//! answers as soon as one GEN fits decisively, the budget only caps it.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{Run, run, run_stdin};

/// Runs `bin ARGS` with `input` on stdin; `None` when the runtime is
/// missing and skipping is allowed.
fn runtime(bin: &str, args: &[&str], package: &str, input: &str) -> Option<String> {
    let spawned = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") {
                eprintln!("note: `{bin}` not found ({e}); skipped");
                return None;
            }
            panic!("`{bin}` is this test's oracle ({e}): apt-get install -y {package}");
        }
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "`{bin}` failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).unwrap())
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

fn detect(values: &[String]) -> Run {
    detect_within(values, "60")
}

fn detect_within(values: &[String], seconds: &str) -> Run {
    let mut input = values.join("\n");
    input.push('\n');
    run_stdin(&["detect", "--max-seconds", seconds], &input)
}

/// The words after `state=` on a detect line (up to ` family=`).
fn state_of(line: &str) -> String {
    let rest = line.split("state=").nth(1).expect("a state= line");
    rest.split(" family=").next().unwrap().to_string()
}

/// `rngkit gen GEN --state WORDS --advance N -n COUNT DRAW...`.
fn gen_from_state(
    generator: &str,
    state: &str,
    advance: usize,
    n: usize,
    draw: &[&str],
) -> Vec<String> {
    let (adv, count) = (advance.to_string(), n.to_string());
    let mut args = vec![
        "gen",
        generator,
        "--state",
        state,
        "--advance",
        &adv,
        "-n",
        &count,
    ];
    args.extend_from_slice(draw);
    run(&args).ok()
}

/// Detect's answer must never be a confident one.
#[track_caller]
fn not_identified(r: &Run) {
    assert!(
        matches!(r.code, Some(1) | Some(3)),
        "exit {:?}, stdout {}, stderr {}",
        r.code,
        r.stdout,
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
}

#[test]
fn node20_math_random_is_v8_legacy_and_a_fitting_state_predicts() {
    let Some(out) = runtime(
        "node",
        &[
            "-e",
            "for (let i = 0; i < 15; i++) console.log(Math.random())",
        ],
        "nodejs",
        "",
    ) else {
        return;
    };
    let values = lines(&out);
    let r = detect(&values[..10]);
    let got = r.ok();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("v8-legacy math-random "), "{got:?}");
    // The states recover lists (cache positions): one of them gives
    // node's next five values.
    let obs: String = values[..10]
        .iter()
        .map(|v| format!("math-random = {v}\n"))
        .collect();
    let states = run_stdin(&["recover", "v8-legacy"], &obs);
    let predicted = states
        .lines()
        .iter()
        .any(|s| gen_from_state("v8-legacy", s, 10, 5, &["math-random"]) == values[10..].to_vec());
    assert!(predicted, "no fitting state predicts node's next values");
}

#[test]
fn javascriptcore_math_random_is_the_xorshift128plus_family() {
    let Some(out) = runtime(
        "jsc",
        &["-e", "for (let i = 0; i < 14; i++) print(Math.random())"],
        "libjavascriptcoregtk-4.0-bin",
        "",
    ) else {
        return;
    };
    let values = lines(&out);
    let got = detect(&values[..10]).ok();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].contains(" math-random state="), "{got:?}");
    assert!(got[0].contains("javascriptcore"), "{got:?}");
    let state = state_of(&got[0]);
    assert_eq!(
        gen_from_state("javascriptcore", &state, 0, 14, &["math-random"]),
        values
    );
}

#[test]
fn cpython_seeded_random_is_found_by_its_seed() {
    let program =
        "import random\nrandom.seed(12345)\nfor _ in range(15): print(repr(random.random()))\n";
    let Some(out) = runtime("python3", &["-"], "python3", program) else {
        return;
    };
    let values = lines(&out);
    let got = detect(&values[..10]).ok();
    assert_eq!(got, vec!["python random seed=12345".to_string()]);
    assert_eq!(
        run(&["gen", "python", "--seed", "12345", "-n", "15", "random"]).ok(),
        values
    );
}

#[test]
fn cpython_getrandbits_words_are_the_mt19937_family() {
    let program = "import random\nfor _ in range(710): print(random.getrandbits(32))\n";
    let Some(out) = runtime("python3", &["-"], "python3", program) else {
        return;
    };
    let values = lines(&out);
    let got = detect(&values[..700]).ok();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("mt19937 u32 state="),
        "{}",
        &got[0][..40]
    );
    assert!(got[0].contains("python"), "the family names python");
    let state = state_of(&got[0]);
    assert_eq!(
        gen_from_state("mt19937", &state, 700, 10, &["u32"]),
        values[700..].to_vec()
    );
}

#[test]
fn java_random_doubles_and_ints_give_the_state() {
    let dir = common::Scratch::new("detect-java");
    let src = dir.file(
        "Draws.java",
        "public class Draws { public static void main(String[] a) { java.util.Random r = new java.util.Random(); \
         for (int i = 0; i < 8; i++) System.out.println(r.nextDouble()); \
         java.util.Random s = new java.util.Random(); \
         for (int i = 0; i < 6; i++) System.out.println(s.nextInt()); } }",
    );
    let Some(out) = runtime("java", &[&src], "openjdk-17-jdk-headless", "") else {
        return;
    };
    let values = lines(&out);
    let (doubles, ints) = values.split_at(8);
    let got = detect(&doubles[..5]).ok();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("java next-double state="), "{got:?}");
    assert_eq!(
        gen_from_state("java", &state_of(&got[0]), 0, 8, &["next-double"]),
        doubles
    );
    // nextInt() is next(32): drand48's mrand48() on the same 48-bit LCG,
    // so the two print as one family (same state, same values).
    let got = detect(&ints[..4]).ok();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("drand48 mrand48 state=") && got[0].ends_with("family=java"),
        "{got:?}"
    );
    assert_eq!(
        gen_from_state("java", &state_of(&got[0]), 0, 6, &["next-int"]),
        ints
    );
}

#[test]
fn php_mt_rand_values_give_the_php_family() {
    let Some(out) = runtime(
        "php",
        &[],
        "php-cli",
        "<?php for ($i = 0; $i < 1256; $i++) echo mt_rand(), \"\\n\";",
    ) else {
        return;
    };
    let values = lines(&out);
    let got = detect(&values[..1246]).ok();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("php mt-rand state="),
        "{}",
        &got[0][..30]
    );
    assert!(
        got[0].contains("family=php3"),
        "php3 differs only in seeding"
    );
    assert_eq!(
        gen_from_state("php", &state_of(&got[0]), 1246, 10, &["mt-rand"]),
        values[1246..].to_vec()
    );
}

#[test]
fn ruby_seeded_rand_is_found_by_its_seed() {
    let Some(out) = runtime(
        "ruby",
        &["-e", "srand(4321); 12.times { puts rand }"],
        "ruby",
        "",
    ) else {
        return;
    };
    let values = lines(&out);
    let got = detect(&values[..10]).ok();
    assert_eq!(got, vec!["ruby rand seed=4321".to_string()]);
    assert_eq!(
        run(&["gen", "ruby", "--seed", "4321", "-n", "12", "rand"]).ok(),
        values
    );
}

#[test]
fn corrupted_or_mixed_values_never_name_a_generator() {
    let Some(node) = runtime(
        "node",
        &[
            "-e",
            "for (let i = 0; i < 20; i++) console.log(Math.random())",
        ],
        "nodejs",
        "",
    ) else {
        return;
    };
    let node = lines(&node);
    // One value changed in its last digits.
    let mut corrupted = node[..10].to_vec();
    corrupted[4] = format!("{}1", &corrupted[4][..corrupted[4].len() - 1]);
    if corrupted[4] != node[4] {
        not_identified(&detect_within(&corrupted, "8"));
    }
    // One value dropped from the middle: a gap the GEN does not know of.
    let mut dropped = node[..11].to_vec();
    dropped.remove(5);
    let r = detect_within(&dropped, "8");
    if r.code == Some(0) {
        // A gap inside V8's cache block order still fits some states of
        // the same GEN; anything else named would be wrong.
        assert!(r.stdout.starts_with("v8-legacy "), "{}", r.stdout);
    }
    let Some(py) = runtime(
        "python3",
        &[
            "-c",
            "import random\nfor _ in range(5): print(repr(random.random()))",
        ],
        "python3",
        "",
    ) else {
        return;
    };
    let mixed: Vec<String> = node[..5].iter().chain(lines(&py).iter()).cloned().collect();
    not_identified(&detect_within(&mixed, "8"));
}

#[test]
fn too_few_values_exit_3_with_what_to_add() {
    // One double: every GEN with a small state fits it.
    let r = run_stdin(&["detect", "--max-seconds", "2"], "0.5\n");
    not_identified(&r);
    let r = run_stdin(&["detect", "--max-seconds", "2"], "12345\n");
    not_identified(&r);
}

#[test]
fn observations_in_the_recover_syntax_are_read_by_every_gen_that_has_the_draw() {
    // Unity's Random.value after InitState(0), printed to 7 digits by
    // Unity (reference facts), and the 7 after it from gen.
    let values = run(&["gen", "unity", "--seed", "0", "-n", "8", "value"]).ok();
    let obs: String = values.iter().map(|v| format!("value = {v}\n")).collect();
    let got = run_stdin(&["detect", "--max-seconds", "30"], &obs).ok();
    assert_eq!(
        got,
        vec!["unity value state=00000000 00000001 6c078966 714acb3f".to_string()]
    );
}

#[test]
fn recover_names_the_era_the_values_fit_when_its_gen_does_not() {
    let Some(out) = runtime(
        "node",
        &[
            "-e",
            "for (let i = 0; i < 10; i++) console.log(Math.random())",
        ],
        "nodejs",
        "",
    ) else {
        return;
    };
    let obs: String = lines(&out)
        .iter()
        .map(|v| format!("math-random = {v}\n"))
        .collect();
    let r = run_stdin(&["recover", "v8"], &obs);
    r.fails(
        1,
        "no state fits v8; these values fit v8-legacy: try `rngkit recover v8-legacy`",
    );
}
