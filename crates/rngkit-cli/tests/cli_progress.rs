//! Progress bars under a real pseudo-terminal: a seed search draws its bar
//! on stderr when stderr is a terminal, and prints none when it is not,
//! while stdout holds the matches alone either way.
//!
//! The terminal comes from util-linux's `script`, which runs the command on
//! a fresh pseudo-terminal and copies what the terminal shows to its own
//! stdout.

use crate::common;

use std::process::Command;

use common::Scratch;
use rngkit::runtimes::javascript::Xorshift128Plus;

/// Runs `rngkit ARGS` under `script` with stdout sent to `stdout_file`, so
/// that only stderr reaches the terminal; returns what the terminal showed,
/// or `None` when `script` is not installed.
fn on_terminal(args: &str, stdout_file: &str) -> Option<String> {
    let command = format!("{} {args} > {stdout_file}", env!("CARGO_BIN_EXE_rngkit"));
    let out = match Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .output()
    {
        Ok(out) => out,
        Err(e) if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") => {
            eprintln!("note: `script` could not run ({e}); skipped");
            return None;
        }
        Err(e) => panic!(
            "`script` (Debian package bsdutils) is needed for the terminal tests ({e}); \
             set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip"
        ),
    };
    assert!(
        out.status.success(),
        "rngkit under script failed: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn seed_search_draws_a_progress_bar_on_a_terminal_only() {
    let dir = Scratch::new("progress");
    // Unity's Random.InitState(777), first `value` (a few seeds share it).
    let first = common::run(&["gen", "unity", "--seed", "777", "value"]).ok();
    let observations = dir.file("obs.txt", format!("value = {}\n", first[0]));
    let args = format!("seed-search unity --observations {observations} --seeds 0..3000000");

    let stdout_file = dir.file("stdout.txt", "");
    let Some(terminal) = on_terminal(&args, &stdout_file) else {
        return;
    };
    assert!(
        terminal.contains("M seeds/s") && terminal.contains("[#"),
        "no progress bar on the terminal: {terminal:?}"
    );
    assert!(
        terminal.contains("\r\x1b[K"),
        "the bar is not redrawn in place: {terminal:?}"
    );
    assert!(
        terminal.contains("searched 3000000 seeds"),
        "no summary on the terminal: {terminal:?}"
    );
    // Threads print matches as they find them: compare as sets.
    let mut matches: Vec<String> = std::fs::read_to_string(&stdout_file)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    matches.sort();
    assert!(matches.contains(&"777".to_string()), "{matches:?}");

    // Not a terminal: the same search, no bar, the same stdout.
    let piped = common::run(&[
        "seed-search",
        "unity",
        "--observations",
        &observations,
        "--seeds",
        "0..3000000",
    ]);
    let mut piped_matches = piped.ok();
    piped_matches.sort();
    assert_eq!(
        piped_matches, matches,
        "stdout holds the matches alone, the same either way"
    );
    assert!(
        !piped.stderr.contains('\r') && !piped.stderr.contains("[#"),
        "a progress bar on a pipe: {:?}",
        piped.stderr
    );
}

#[test]
fn a_long_recovery_draws_a_bar_on_a_terminal_only() {
    let dir = Scratch::new("progress-recover");
    // Twenty dice of a fresh JavaScriptCore context (WebKit's WeakRandom
    // seeded with 3_000_000_123): `--fresh` checks all 2^32 seeds, a few
    // seconds on one thread, so the bar appears (it waits a second).
    let fresh = Xorshift128Plus::weak_random(3_000_000_123).state();
    let state = format!("{:016x} {:016x}", fresh[0], fresh[1]);
    let dice = common::run(&[
        "gen",
        "javascriptcore",
        "--state",
        &state,
        "-n",
        "20",
        "floor",
        "6",
    ])
    .ok();
    let text: String = dice.iter().map(|v| format!("floor 6 = {v}\n")).collect();
    let observations = dir.file("obs.txt", text);
    let args = format!("recover javascriptcore --fresh --observations {observations} --threads 1");

    let stdout_file = dir.file("stdout.txt", "");
    let Some(terminal) = on_terminal(&args, &stdout_file) else {
        return;
    };
    assert!(
        // The rate is in M or G a second, depending on the machine.
        terminal.contains("recover javascriptcore [#") && terminal.contains(" seeds/s, about"),
        "no progress bar on the terminal: {terminal:?}"
    );
    // The bar is cleared before the command ends.
    assert!(
        terminal.ends_with("\r\x1b[K"),
        "the bar is not cleared at the end: {terminal:?}"
    );
    // stdout holds the state alone.
    assert_eq!(std::fs::read_to_string(&stdout_file).unwrap(), state + "\n");

    // Off a terminal the ticker never starts (the same `is_terminal` test
    // as the seed search's bar, checked above on a pipe).
}
