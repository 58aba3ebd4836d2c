//! `recover java` from `next-int N` draws through the binary: values printed
//! by the real JVM (a `new Random()` per run) recover and `--predict` the
//! JVM's own next values; searches over budget exit 3 with what remains
//! and what to add, for java and for the other GENs whose searches have a
//! budget; a malformed `--max-candidates` exits 2.
//!
//! Needs a JDK 17+ (`javac`, `java` on `PATH`) for the JVM tests; without
//! one they fail, unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

use crate::common;
use common::{rngkit_exits, rngkit_in, stdout_lines};

/// The compiled program's directory, or `None` (skipped, after a note)
/// without a JDK when `RNGKIT_SKIP_MISSING_RUNTIMES=1`.
fn compiled() -> Option<&'static PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        crate::oracles::compile_java(
            "cli-java-draws",
            "Draws",
            crate::oracles::JAVA_NEXT_INT_DRAWS,
        )
    })
    .as_ref()
}

/// `count` x `nextInt(bound)` of a fresh JVM's `new Random()`.
fn jvm(bound: u32, count: usize) -> Option<Vec<String>> {
    let dir = compiled()?;
    let out = Command::new("java")
        .args(["-cp", ".", "Draws", &bound.to_string(), &count.to_string()])
        .current_dir(dir)
        .output()
        .expect("java runs");
    assert!(out.status.success());
    Some(stdout_lines(&out))
}

/// The first `given` values recover the state and predict the next 20,
/// exactly as the JVM drew them.
fn recover_and_predict(bound: u32, given: usize) {
    let Some(all) = jvm(bound, given + 20) else {
        return;
    };
    let text: String = all[..given]
        .iter()
        .map(|v| format!("next-int {bound} = {v}\n"))
        .collect();
    let b = bound.to_string();
    let out = rngkit_exits(
        0,
        &["recover", "java", "--predict", "20", "next-int", &b],
        &text,
    );
    assert_eq!(stdout_lines(&out), all[given..], "{text}");
}

#[test]
fn twelve_jvm_percentages_predict_the_next_ones() {
    recover_and_predict(100, 12);
}

#[test]
fn thirty_jvm_dice_predict_the_next_ones() {
    recover_and_predict(6, 30);
}

fn observed(bound: u32, seed: &str, n: usize) -> String {
    let out = rngkit_in(
        &[
            "gen",
            "java",
            "--seed",
            seed,
            "-n",
            &n.to_string(),
            "next-int",
            &bound.to_string(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    stdout_lines(&out)
        .iter()
        .map(|v| format!("next-int {bound} = {v}\n"))
        .collect()
}

fn assert_exit_3(out: &Output, starts: &str, contains: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.starts_with(starts), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for c in contains {
        assert!(stderr.contains(c), "{c}: {stderr}");
    }
}

/// Odd bounds: the exact scan is 2^48 / N, over the default budget: exit
/// 3, the bound, the cost and the option that runs it.
#[test]
fn odd_bounds_exit_3_with_the_cost_of_the_exact_scan() {
    let out = rngkit_in(&["recover", "java"], &observed(5, "1", 30));
    assert_exit_3(
        &out,
        "error: at most 2^46 states fit",
        &["no low bit", "--max-candidates 2^46", "hours"],
    );
    let out = rngkit_in(&["recover", "java"], &observed(25, "1", 30));
    assert_exit_3(
        &out,
        "error: at most 2^44 states fit",
        &["--max-candidates 2^44"],
    );
}

/// Four percentages (27 bits of the 48): exit 3 with a bound, never a
/// count of the states that fit the low bits alone, and how many more
/// values to add; the next values pin the state.
#[test]
fn few_percentages_exit_3_and_say_how_many_to_add() {
    let out = rngkit_in(&["recover", "java"], &observed(100, "77", 4));
    assert_exit_3(&out, "error: at most 2^", &["more `next-int 100` values"]);
    let out = rngkit_exits(0, &["recover", "java"], &observed(100, "77", 9));
    // new Random(77) keeps (77 ^ 0x5DEECE66D) mod 2^48.
    assert_eq!(
        stdout_lines(&out),
        [format!("{:016x}", 77u64 ^ 0x5_deec_e66d)]
    );
}

/// A smaller budget turns a scan that would run into exit 3; a larger
/// one runs it.
#[test]
fn max_candidates_sets_the_budget() {
    let text = observed(100, "5", 7);
    let out = rngkit_in(&["recover", "java", "--max-candidates", "2^20"], &text);
    assert_exit_3(&out, "error: at most 2^", &["over the budget of 2^20"]);
    let out = rngkit_in(
        &["recover", "java", "--max-candidates", "0x1000000000"],
        &text,
    );
    assert!(matches!(out.status.code(), Some(0 | 3)));
    for bad in ["2^64", "0", "lots", "2^-1"] {
        let out = rngkit_in(&["recover", "java", "--max-candidates", bad], &text);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("error: --max-candidates"), "{stderr}");
    }
}

/// Every GEN's search over budget on valid input exits 3 (not 2): the
/// 48-bit lattices' unknown gaps, the V8 sum engines' candidate search.
#[test]
fn searches_over_budget_exit_3_on_every_gen() {
    let out = rngkit_in(
        &["recover", "drand48"],
        "lrand48 = 1\nskip 0..100000\nlrand48 = 2\n",
    );
    assert_exit_3(
        &out,
        "error: at most 2^48 states fit",
        &["narrow the `skip A..B`"],
    );
    let out = rngkit_in(
        &["recover", "java"],
        "next-int 16 = 3\nskip 0..100000\nnext-int 16 = 4\n",
    );
    assert_exit_3(&out, "error: at most 2^48 states fit", &["combinations"]);
    // 100 rolls of 10: about one state fits (332 bits), but no search
    // reaches it (percentages, once refused too, now recover).
    let out = rngkit_in(
        &["gen", "v8", "--seed", "1", "-n", "100", "floor", "10"],
        "",
    );
    let text: String = stdout_lines(&out)
        .iter()
        .map(|v| format!("floor 10 = {v}\n"))
        .collect();
    let out = rngkit_in(&["recover", "v8"], &text);
    assert_exit_3(
        &out,
        "error: about one state fits the observations, but finding it is out of reach",
        &["floor N below 24 is out of reach"],
    );
}
