//! Ctrl-C during a long seed search (issue 42): the search stops within
//! 2 s, exits 130, keeps the matches it printed, and says on stderr what it
//! covered and the command that searches the rest; that command finishes
//! the search, and the two runs together find exactly the seeds planted.
//!
//! The seeds are planted with the real Ruby runtime (`Random.new(S)`,
//! `rand(2**32)`: one raw MT19937 word each, as `rand-int 4294967296`
//! reads it), so the answer is known from outside rngkit. Without `ruby`
//! the test fails, unless `RNGKIT_SKIP_MISSING_RUNTIMES=1` (then it is
//! skipped with a note).

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Scratch;

/// The first `n` words of `Random.new(seed)` in Ruby (`rand(2**32)`), or
/// `None` when Ruby is missing and may be skipped.
fn ruby_words(seed: u64, n: usize) -> Option<Vec<u32>> {
    let script = format!("r = Random.new({seed}); {n}.times {{ puts r.rand(2**32) }}");
    match Command::new("ruby").args(["-e", &script]).output() {
        Ok(out) if out.status.success() => Some(
            String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .map(|l| l.parse().unwrap())
                .collect(),
        ),
        Ok(out) => panic!("ruby failed: {}", String::from_utf8_lossy(&out.stderr)),
        Err(e) if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") => {
            eprintln!("note: ruby could not run ({e}); skipped");
            None
        }
        Err(e) => panic!(
            "ruby (Debian package ruby) is needed ({e}); set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip"
        ),
    }
}

/// `bits` observations that both seeds' first words satisfy: each word's
/// bits where the two streams agree (about 16 of 32 per word, so about 2^-64
/// for any other seed over 4 words: none in a range of at most 2^31).
fn shared_bits(a: &[u32], b: &[u32]) -> String {
    a.iter()
        .zip(b)
        .map(|(x, y)| {
            let mask = !(x ^ y);
            format!("bits {mask:#x} = {:#x}\n", x & mask)
        })
        .collect()
}

/// The rate of a one-thread `seed-search ruby` on this machine, from the
/// summary of a short search (seeds a second).
fn seeds_per_second(observations: &str) -> f64 {
    let run = common::run(&[
        "seed-search",
        "ruby",
        "--observations",
        observations,
        "--seeds",
        "0..1048576",
        "--threads",
        "1",
    ]);
    // `searched N seeds in T s (...)`, in the summary or the error line.
    let text = &run.stderr[run.stderr.find("searched ").expect(&run.stderr)..];
    let words: Vec<&str> = text.split_whitespace().collect();
    let seeds: f64 = words[1].parse().unwrap();
    let seconds: f64 = words[4].parse().unwrap();
    seeds / seconds.max(1e-3)
}

/// Sends `signal` (`-INT`, `-TERM`) to `child` and waits for it to end:
/// its exit status and how long it took after the signal. Polled, so that
/// a command that ignores the signal fails the test after 30 s instead of
/// hanging it.
fn signal_and_wait(
    child: &mut std::process::Child,
    signal: &str,
) -> (std::process::ExitStatus, Duration) {
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args([signal, &pid])
            .status()
            .unwrap()
            .success()
    );
    let signalled = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status, signalled.elapsed());
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(30),
            "still running 30 s after SIG{}",
            &signal[1..]
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn an_interrupted_seed_search_says_how_to_resume_and_the_resumed_one_finishes_it() {
    let dir = Scratch::new("interrupt");
    let Some(probe) = ruby_words(1, 4) else {
        return;
    };
    let probe = dir.file("probe.txt", shared_bits(&probe, &probe));
    // A range that takes over 10 s on one thread here, whatever this
    // machine's speed (the short search that measures the rate pays the
    // process's start, so the range is larger than 16 s of that rate
    // suggests: the whole took 10-11 s measured): the signal comes after 4 s.
    let length = (seeds_per_second(&probe) * 16.0).clamp((1 << 21) as f64, (1u64 << 31) as f64);
    let length = length as u64;
    let base = 1_000_000_000u64;
    let last = base + length - 1;
    // One seed found in the first half second, one in the last second.
    let (early, late) = (base + length / 25, base + length / 10 * 9);
    let (a, b) = (ruby_words(early, 4).unwrap(), ruby_words(late, 4).unwrap());
    let observations = dir.file("obs.txt", shared_bits(&a, &b));
    let seeds = format!("{base}..{}", base + length);
    let args = [
        "seed-search",
        "ruby",
        "--observations",
        &observations,
        "--seeds",
        &seeds,
        "--threads",
        "1",
    ];

    let mut child = Command::new(common::binary())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rngkit binary runs");
    std::thread::sleep(Duration::from_secs(4));
    let (status, stopped_in) = signal_and_wait(&mut child, "-INT");
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(status.code(), Some(130), "stderr: {stderr}");
    // The bound; a stop takes one chunk of 2^16 seeds (a tenth of
    // a second here).
    assert!(
        stopped_in < Duration::from_secs(2),
        "stopped {stopped_in:?} after SIGINT"
    );
    let first: Vec<u64> = stdout.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(first, vec![early], "stderr: {stderr}");

    // `interrupted: searched N of L seeds (BASE..=BASE+N-1) ...` and the
    // command for the rest.
    let summary = stderr
        .lines()
        .find(|l| l.starts_with("interrupted: searched "))
        .unwrap_or_else(|| panic!("no summary in {stderr}"));
    let done: u64 = summary.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(
        summary.contains(&format!(
            " of {length} seeds ({base}..={}) ",
            base + done - 1
        )),
        "{summary}"
    );
    assert!(summary.contains("1 match (printed above)"), "{summary}");
    let resume = stderr
        .lines()
        .find_map(|l| l.strip_prefix("resume: "))
        .unwrap_or_else(|| panic!("no resume line in {stderr}"));
    let rest = format!("{}..={last}", base + done);
    let expected: Vec<&str> = std::iter::once("rngkit")
        .chain(args.iter().map(|a| if *a == seeds { &rest } else { *a }))
        .collect();
    assert_eq!(resume.split(' ').collect::<Vec<_>>(), expected);
    assert!(early < base + done && base + done <= late, "{summary}");

    // The hinted command finishes the search.
    let resumed = common::run(&expected[1..]);
    let second: Vec<u64> = resumed.ok().iter().map(|l| l.parse().unwrap()).collect();
    assert_eq!(second, vec![late], "stderr: {}", resumed.stderr);
    assert!(
        resumed
            .stderr
            .contains(&format!("searched {} seeds", length - done)),
        "{}",
        resumed.stderr
    );
}

/// SIGTERM while `recover` reads a list that has not ended (a pipe whose
/// writer keeps it open): it stops within 2 s, exit 130, and says where it
/// was and that a recovery has no resume point.
#[test]
fn a_recovery_reading_a_pipe_stops_on_sigterm() {
    use std::io::Write;
    let mut child = Command::new(common::binary())
        .args(["recover", "mt19937", "--threads", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rngkit binary runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"u32 = 1\nu32 = 2\n").unwrap();
    input.flush().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let (status, stopped_in) = signal_and_wait(&mut child, "-TERM");
    drop(input);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(status.code(), Some(130), "stderr: {stderr}");
    assert!(
        stopped_in < Duration::from_secs(2),
        "stopped {stopped_in:?} after SIGTERM"
    );
    assert!(out.stdout.is_empty());
    assert!(
        stderr.starts_with("interrupted: recover mt19937 stopped after ")
            && stderr.contains("run the same command again"),
        "{stderr}"
    );
}

/// SIGINT during `table build`: it stops within 2 s, exit 130, leaves no
/// file behind (neither the table nor its unfinished `.partial`), and says
/// the command that builds it again.
#[test]
fn an_interrupted_table_build_leaves_no_file_and_says_how_to_build_again() {
    let dir = Scratch::new("interrupt-table");
    let output = dir.0.join("python.table");
    let output = output.to_str().unwrap();
    // 2^25 CPython seeds on one thread: several seconds of first outputs
    // here (about 4.5 M seeds a second), so the signal after 1.5 s comes
    // while the build runs.
    let args = [
        "table",
        "build",
        "python",
        "--seeds",
        "0..33554431",
        "-o",
        output,
        "--threads",
        "1",
    ];
    let mut child = Command::new(common::binary())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rngkit binary runs");
    std::thread::sleep(Duration::from_millis(1500));
    let (status, stopped_in) = signal_and_wait(&mut child, "-INT");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(status.code(), Some(130), "stderr: {stderr}");
    assert!(
        stopped_in < Duration::from_secs(2),
        "stopped {stopped_in:?} after SIGINT"
    );
    assert!(out.stdout.is_empty());
    assert!(!std::path::Path::new(output).exists());
    assert!(!std::path::Path::new(&format!("{output}.partial")).exists());
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("interrupted: table build stopped")
                && l.contains("was not written")),
        "{stderr}"
    );
    let resume = stderr
        .lines()
        .find_map(|l| l.strip_prefix("resume: "))
        .unwrap_or_else(|| panic!("no resume line in {stderr}"));
    let expected: Vec<&str> = std::iter::once("rngkit").chain(args).collect();
    assert_eq!(resume.split(' ').collect::<Vec<_>>(), expected);
}

/// SIGINT during `detect` (one 31-bit value and a budget of 100000 s: with
/// that much time it seed-searches all 2^32 seeds of every 32-bit-seeded
/// reading, minutes of work; with 300 s it skipped them and ended by itself
/// in 4 to 5 s here, about as the signal came): it stops within
/// 2 s, exit 130, and prints what it had verified: each fit line on stdout
/// (a state that gives the value again: checked here by `gen` from that
/// state), the open readings and the budget it used on stderr. With
/// `--format json` the same run is one document that the schema accepts,
/// `"status": "interrupted"`, `"exit": 130`.
#[test]
fn an_interrupted_detect_prints_the_fits_it_verified() {
    let value = "1403572953";
    for json in [false, true] {
        let dir = Scratch::new(if json {
            "interrupt-detect-json"
        } else {
            "interrupt-detect"
        });
        let file = dir.file("values.txt", format!("{value}\n"));
        let mut args = vec!["detect", "--observations", &file, "--max-seconds", "100000"];
        if json {
            args.extend(["--format", "json"]);
        }
        let mut child = Command::new(common::binary())
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the rngkit binary runs");
        // Read as it comes: the JSON document lists every state of a fit
        // (65536 for drand48's), megabytes that would fill the pipe.
        let read = |mut pipe: Box<dyn std::io::Read + Send>| {
            std::thread::spawn(move || {
                let mut text = String::new();
                pipe.read_to_string(&mut text).unwrap();
                text
            })
        };
        let stdout = read(Box::new(child.stdout.take().unwrap()));
        let stderr = read(Box::new(child.stderr.take().unwrap()));
        std::thread::sleep(Duration::from_secs(4));
        assert!(
            child.try_wait().unwrap().is_none(),
            "detect ended within 4 s of its 100000 s budget: the signal would come too late"
        );
        let (status, stopped_in) = signal_and_wait(&mut child, "-INT");
        let stdout = stdout.join().unwrap();
        let stderr = stderr.join().unwrap();
        assert_eq!(status.code(), Some(130), "stderr: {stderr}");
        assert!(
            stopped_in < Duration::from_secs(2),
            "stopped {stopped_in:?} after SIGINT"
        );
        let last = stderr.lines().last().unwrap_or("");
        assert!(
            last.starts_with("interrupted: detect stopped after ")
                && last.contains("of its 100000.00 s budget")
                && last.contains("run it again"),
            "{stderr}"
        );
        let fit_lines: Vec<&str> = if json {
            let doc: serde_json::Value =
                serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"));
            let schema = common::json_schema::cli_schema();
            let errors = common::json_schema::validate_def(&schema, "detect", &doc);
            assert!(errors.is_empty(), "{errors:?}\n{doc}");
            assert_eq!(doc["status"], "interrupted");
            assert_eq!(doc["exit"], 130);
            assert_eq!(doc["message"], last);
            assert!(!doc["open"].as_array().unwrap().is_empty(), "{doc}");
            Vec::new()
        } else {
            stdout.lines().collect()
        };
        // The count the last line gives is the count printed.
        let said = match fit_lines.len() {
            0 => "no fit verified".to_string(),
            1 => "1 fit verified".to_string(),
            n => format!("{n} fits verified"),
        };
        assert!(json || last.contains(&said), "{said}: {stderr}");
        // `GEN DRAW [ARGS] state=WORDS [family=...]`; other answers
        // (`states=N`, `seed=S`) are not checked here.
        for line in fit_lines {
            let Some((reading, rest)) = line.split_once(" state=") else {
                continue;
            };
            let mut words: Vec<&str> = reading.split(' ').collect();
            let name = words.remove(0);
            let state = rest.split(' ').next().unwrap();
            let mut args = vec!["gen", name, "--state", state];
            args.extend(words);
            assert_eq!(common::run(&args).ok(), [value], "{line}");
        }
    }
}
