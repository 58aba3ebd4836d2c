//! Memory bounded by the work, not the input (issue 42): `recover` streams
//! its observation file, holds a window of it and verifies the rest as it
//! is read, so two million MT19937 words recover under a 64 MiB cap on the
//! process's data memory (`prlimit --data`, RLIMIT_DATA: heap, anonymous
//! mappings and thread stacks; not the binary's own pages, which RLIMIT_AS
//! would count too).
//!
//! The cap scales: holding the list took about 390 bytes a word (3 million
//! words: 1.2 GB), so two million would need some 780 MB, twelve times the
//! cap; the streamed recovery's measured peak is 14 MB resident whatever
//! the length (10^7 words included, docs/cli.md), so the cap leaves
//! fourfold room. Without `prlimit` (util-linux) the test fails, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use crate::common;

use std::process::Command;

use common::Scratch;

const WORDS: usize = 2_000_000;
const CAP: u64 = 64 << 20;

/// `u32 = W` lines of `std::mt19937`'s default stream (seed 5489), from
/// `rngkit gen`; checked against the C++ standard's one published value
/// ([rand.predef]: the 10000th output is 4123659995).
fn default_stream_lines(count: usize) -> Vec<String> {
    let n = count.to_string();
    let words = common::run(&["gen", "mt19937", "--seed", "5489", "-n", &n, "u32"]).ok();
    assert_eq!(words[9999], "4123659995");
    words.iter().map(|w| format!("u32 = {w}")).collect()
}

/// Runs `rngkit ARGS` under the cap; `None` when `prlimit` is missing and
/// may be skipped.
fn capped(args: &[&str]) -> Option<common::Run> {
    let cap = format!("--data={CAP}");
    let mut command = Command::new("prlimit");
    command
        .args([cap.as_str(), "--"])
        .arg(common::binary())
        .args(args);
    match command.output() {
        Ok(out) => Some(common::Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }),
        Err(e) if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") => {
            eprintln!("note: prlimit could not run ({e}); skipped");
            None
        }
        Err(e) => panic!(
            "prlimit (Debian package util-linux) is needed ({e}); set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip"
        ),
    }
}

#[test]
fn two_million_words_recover_under_a_64_mib_cap_and_every_word_is_verified() {
    let dir = Scratch::new("memory");
    let mut lines = default_stream_lines(WORDS);
    let whole = dir.file("words.txt", lines.join("\n") + "\n");

    // The state after the last word is the default stream advanced by all
    // of them (the jump `state --advance` takes, proven by its own tests).
    let Some(run) = capped(&[
        "recover",
        "mt19937",
        "--observations",
        &whole,
        "--at",
        "end",
        "--threads",
        "1",
    ]) else {
        return;
    };
    let expected = common::run(&[
        "state",
        "mt19937",
        "--seed",
        "5489",
        "--advance",
        &WORDS.to_string(),
    ])
    .ok();
    assert_eq!(run.ok(), expected, "stderr: {}", run.stderr);

    // The same list read from stdin: the same state.
    let piped = common::run_stdin(
        &["recover", "mt19937", "--at", "end", "--threads", "1"],
        &std::fs::read_to_string(&whole).unwrap(),
    );
    assert_eq!(piped.ok(), expected);

    let last = lines.pop().unwrap();
    // The list with its last line replaced, recovered under the cap.
    let with_last = |name: &str, last: &str| {
        let file = dir.file(name, format!("{}\n{last}\n", lines.join("\n")));
        capped(&[
            "recover",
            "mt19937",
            "--observations",
            &file,
            "--threads",
            "1",
        ])
        .unwrap()
    };

    // The last word wrong: the window's state fails it, nothing fits.
    let wrong: u32 = last["u32 = ".len()..].parse::<u32>().unwrap() ^ 1;
    let run = with_last("last-wrong.txt", &format!("u32 = {wrong}"));
    run.fails(
        1,
        &format!(
            "the states that fit the first 16384 (lines 1 to 16384) do not give line {WORDS};"
        ),
    );

    // A malformed last line is still found, with its number.
    let run = with_last("last-malformed.txt", "u32 = twelve");
    run.usage_error(&format!("line {WORDS}: "));
}
