//! Ctrl-C (SIGINT) and SIGTERM during a long search: the first signal sets
//! a flag that the search polls, so that it stops at the next chunk, prints
//! what it covered and the command that resumes it, and exits
//! [`EXIT_INTERRUPTED`]; a second signal ends the process at once (the same
//! status), for a stop that takes too long.
//!
//! The handlers are installed only while a search runs ([`Watch`]): outside
//! one, a signal does what it always did (the Python package runs this CLI
//! inside its interpreter, whose own handler is chained, not replaced).
//! Commands that cannot stop cooperatively at every point run their work
//! through [`Watch::run`], which ends the process shortly after a signal
//! whatever the work is doing.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rngkit_analysis::input::SeedRange;
use rngkit_analysis::progress::Progress;
use rngkit_analysis::recover::Stop;
use signal_hook::consts::{SIGINT, SIGTERM};

/// The exit status of an interrupted command: 128 + SIGINT, as shells
/// report a process that a Ctrl-C ended.
pub const EXIT_INTERRUPTED: u8 = 130;

/// How long [`Watch::run`] waits after a signal for the work to stop by
/// itself before it ends the process anyway (well inside the 2 s a
/// command has to stop in).
const GRACE: Duration = Duration::from_millis(1200);

/// How often [`Watch::run`] looks at the flag.
const POLL: Duration = Duration::from_millis(20);

/// The command line of this run (the arguments after the program name),
/// for the resume hint.
static COMMAND_LINE: Mutex<Vec<OsString>> = Mutex::new(Vec::new());

/// Remembers the command line of this run, for [`resume_command`].
pub fn remember(args: &[OsString]) {
    if let Ok(mut line) = COMMAND_LINE.lock() {
        *line = args.to_vec();
    }
}

/// The handlers of SIGINT and SIGTERM while a search runs; dropping it
/// removes them.
pub struct Watch {
    flag: Arc<AtomicBool>,
    ids: Vec<signal_hook::SigId>,
}

impl Watch {
    /// Installs the handlers: the first signal sets the flag, a later one
    /// exits at once with [`EXIT_INTERRUPTED`]. A handler that cannot be
    /// installed leaves that signal as it was.
    pub fn start() -> Watch {
        let flag = Arc::new(AtomicBool::new(false));
        let mut ids = Vec::new();
        for signal in [SIGINT, SIGTERM] {
            // The shutdown goes first: on the first signal the flag is
            // still clear, so only the second one exits.
            if let Ok(id) = signal_hook::flag::register_conditional_shutdown(
                signal,
                i32::from(EXIT_INTERRUPTED),
                flag.clone(),
            ) {
                ids.push(id);
            }
            if let Ok(id) = signal_hook::flag::register(signal, flag.clone()) {
                ids.push(id);
            }
        }
        Watch { flag, ids }
    }

    /// Whether a signal came.
    pub fn interrupted(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }

    /// The flag as the analysis crate's [`Stop`], for the searches that
    /// poll one (seed search chunks, recovery searches).
    pub fn stop(&self) -> Stop {
        Stop::from_flag(self.flag.clone())
    }

    /// Runs `work` on a thread and returns what it returns; on a signal,
    /// waits [`GRACE`] for it to stop (the work should poll
    /// [`Watch::stop`]), then prints `covered()` (what was done, one or more
    /// lines) on stderr and ends the process with [`EXIT_INTERRUPTED`],
    /// whether or not the work stopped (an answer from a stopped search is
    /// meaningless). Used by commands whose work has no resumable prefix
    /// (`recover`, `detect`).
    pub fn run<T: Send>(&self, work: impl FnOnce() -> T + Send, covered: impl Fn() -> String) -> T {
        self.watch(work, covered, false).0
    }

    /// [`Watch::run`] for work that polls [`Watch::stop`] and then returns
    /// what it had verified (`detect`): an answer that comes within
    /// [`GRACE`] of the signal is returned with `true`, for the caller to
    /// print and exit [`EXIT_INTERRUPTED`]; after that, `covered()` is
    /// printed and the process ends, as `run` does.
    pub fn run_keeping<T: Send>(
        &self,
        work: impl FnOnce() -> T + Send,
        covered: impl Fn() -> String,
    ) -> (T, bool) {
        self.watch(work, covered, true)
    }

    fn watch<T: Send>(
        &self,
        work: impl FnOnce() -> T + Send,
        covered: impl Fn() -> String,
        keep: bool,
    ) -> (T, bool) {
        std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::channel();
            // The answer comes back over a channel, so a quick answer is
            // taken at once, not at the next poll.
            let worker = scope.spawn(move || {
                let _ = tx.send(work());
            });
            let mut signalled: Option<Instant> = None;
            loop {
                match rx.recv_timeout(POLL) {
                    // The flag is read again here: work that polls it
                    // may answer before this loop has seen the signal.
                    Ok(answer) if keep && (signalled.is_some() || self.interrupted()) => {
                        return (answer, true);
                    }
                    Ok(answer) if signalled.is_none() => return (answer, false),
                    Ok(_) => {}
                    // The work panicked: its panic goes on here.
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) if signalled.is_none() => {
                        let panic = worker
                            .join()
                            .expect_err("the worker ended without an answer");
                        std::panic::resume_unwind(panic);
                    }
                    Err(_) => {}
                }
                if signalled.is_none() && self.interrupted() {
                    signalled = Some(Instant::now());
                }
                if let Some(at) = signalled
                    && (worker.is_finished() || at.elapsed() >= GRACE)
                {
                    let _ = std::io::stdout().flush();
                    eprintln!("{}", covered());
                    let _ = std::io::stderr().flush();
                    std::process::exit(i32::from(EXIT_INTERRUPTED));
                }
            }
        })
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// What an interrupted seed search says on stderr, and its exit status:
/// the seeds it covered (always the first `done` of the range: see
/// `SearchSpec::stop`), the matches (printed as they were found), and the
/// command that searches the rest.
pub fn search_stopped(seeds: &SeedRange, done: u64, matches: u64, elapsed: Duration) -> ExitCode {
    let (first, last) = (seeds.first(), seeds.last());
    let total = last - first + 1;
    let covered = if done == 0 {
        "no seed".to_string()
    } else {
        format!("{first}..={}", first + i128::from(done) - 1)
    };
    let _ = std::io::stdout().flush();
    eprintln!(
        "interrupted: searched {done} of {total} seeds ({covered}) in {:.2} s, {matches} match{} (printed above)",
        elapsed.as_secs_f64(),
        if matches == 1 { "" } else { "es" }
    );
    let rest = format!("{}..={last}", first + i128::from(done));
    eprintln!("resume: {}", resume_command("--seeds", &rest));
    ExitCode::from(EXIT_INTERRUPTED)
}

/// What an interrupted recovery says: how far its search got (the
/// progress counter's units, when it counts any). A recovery keeps no
/// state to resume from, so the hint is to run it again.
pub fn recovery_stopped(name: &str, progress: &Progress, elapsed: Duration) -> String {
    let now = progress.snapshot();
    let covered = match (now.done, now.total) {
        (0, _) => String::new(),
        (done, 0) => format!(", {done} {} checked", now.unit),
        (done, total) => format!(", {done} of {total} {} checked", now.unit),
    };
    format!(
        "interrupted: recover {name} stopped after {:.2} s{covered}, before it had an answer; recovery keeps no resume point: run the same command again to start over",
        elapsed.as_secs_f64()
    )
}

/// What an interrupted `detect` says when its work did not stop within
/// the grace (so nothing it verified can be printed): how much of its time
/// budget it had used.
pub fn detect_stopped(elapsed: Duration, budget: Duration) -> String {
    format!(
        "interrupted: detect stopped after {:.2} s of its {:.2} s budget (--max-seconds), before it settled, and did not stop in time to print what it had verified: run it again, with a smaller --max-seconds to end sooner",
        elapsed.as_secs_f64(),
        budget.as_secs_f64()
    )
}

/// What a `detect` that a signal cut short says last on stderr, after the
/// fits it verified (stdout) and the readings it left open.
pub fn detect_interrupted(elapsed: Duration, budget: Duration, fits: usize, open: usize) -> String {
    format!(
        "interrupted: detect stopped after {:.2} s of its {:.2} s budget (--max-seconds); {}, {open} reading{} left open; run it again for the whole answer, with a smaller --max-seconds to end sooner",
        elapsed.as_secs_f64(),
        budget.as_secs_f64(),
        match fits {
            0 => "no fit verified before the signal".to_string(),
            1 => "1 fit verified before the signal (on stdout: it reproduces every value)"
                .to_string(),
            n => format!(
                "{n} fits verified before the signal (on stdout: each reproduces every value)"
            ),
        },
        if open == 1 { "" } else { "s" },
    )
}

/// This run's command line with `option`'s value replaced by `value` (or
/// the option added at the end when it was not given), quoted for a POSIX
/// shell: `rngkit seed-search php --observations obs.txt --seeds
/// 1048576..=4294967295`.
pub fn resume_command(option: &str, value: &str) -> String {
    let args: Vec<String> = COMMAND_LINE
        .lock()
        .map(|l| l.iter().map(|a| a.to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    with_option(&args, option, value)
}

/// `rngkit ARGS` with `option`'s value set to `value`, quoted.
fn with_option(args: &[String], option: &str, value: &str) -> String {
    let mut words = vec!["rngkit".to_string()];
    let mut replaced = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let inline = arg
            .strip_prefix(option)
            .is_some_and(|rest| rest.starts_with('='));
        if arg == option || inline {
            if !inline {
                iter.next();
            }
            if !replaced {
                words.push(option.to_string());
                words.push(value.to_string());
            }
            replaced = true;
        } else {
            words.push(arg.clone());
        }
    }
    if !replaced {
        words.push(option.to_string());
        words.push(value.to_string());
    }
    words
        .iter()
        .map(|w| shell_quote(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `word` as a POSIX shell reads it back: bare when it holds only
/// characters no shell treats specially, else in single quotes.
fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%^".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn the_resume_command_replaces_or_adds_the_option() {
        let args = strings(&["seed-search", "php", "--seeds", "0..100", "--threads", "1"]);
        assert_eq!(
            with_option(&args, "--seeds", "40..=99"),
            "rngkit seed-search php --seeds 40..=99 --threads 1"
        );
        let args = strings(&["seed-search", "php", "--seeds=0..100"]);
        assert_eq!(
            with_option(&args, "--seeds", "-3..=99"),
            "rngkit seed-search php --seeds -3..=99"
        );
        let args = strings(&["seed-search", "php", "--observations", "my file"]);
        assert_eq!(
            with_option(&args, "--seeds", "7..=4294967295"),
            "rngkit seed-search php --observations 'my file' --seeds 7..=4294967295"
        );
    }

    #[test]
    fn words_with_shell_characters_are_quoted() {
        assert_eq!(shell_quote("0..=9"), "0..=9");
        assert_eq!(shell_quote("my obs.txt"), "'my obs.txt'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
        assert_eq!(shell_quote("a;b"), "'a;b'");
    }
}
