//! Running the `rngkit` binary in the CLI tests: argv, optional stdin, a
//! scratch directory per test.

#![allow(dead_code)]

pub mod json_schema;
pub mod vocabulary;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The twelve GENs of the first catalogue (the games' engines and the
/// generators of the `rand` family), which the oldest CLI tests go through.
pub const FIRST_GENS: [&str; 12] = [
    "unity",
    "bdsp",
    "xorshift128",
    "mars",
    "mt19937",
    "pcg32",
    "megacrush",
    "xoshiro256ss",
    "xoroshiro128p",
    "splitmix64",
    "tinymt32",
    "unity-math",
];

/// What one run gave.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The stdout lines.
    pub fn lines(&self) -> Vec<String> {
        self.stdout.lines().map(str::to_string).collect()
    }

    /// Asserts exit 0 and returns stdout's lines.
    #[track_caller]
    pub fn ok(&self) -> Vec<String> {
        assert_eq!(self.code, Some(0), "stderr: {}", self.stderr);
        self.lines()
    }

    /// Asserts the usage-error shape (exit 2, nothing on stdout, one
    /// `error:` line) with `needle` in the message, and returns the line.
    #[track_caller]
    pub fn usage_error(&self, needle: &str) -> String {
        self.fails(2, needle)
    }

    /// Asserts exit `code`, no panic, one `error:` line containing `needle`.
    #[track_caller]
    pub fn fails(&self, code: i32, needle: &str) -> String {
        assert_eq!(self.code, Some(code), "stderr: {}", self.stderr);
        assert!(!self.stderr.contains("panicked"), "{}", self.stderr);
        let errors: Vec<&str> = self
            .stderr
            .lines()
            .filter(|l| l.starts_with("error: "))
            .collect();
        assert_eq!(errors.len(), 1, "stderr: {}", self.stderr);
        if code == 2 {
            assert!(self.stdout.is_empty(), "stdout: {}", self.stdout);
            assert_eq!(self.stderr.lines().count(), 1, "stderr: {}", self.stderr);
        }
        assert!(
            errors[0].contains(needle),
            "`{needle}` not in {:?}",
            errors[0]
        );
        errors[0].to_string()
    }
}

fn finish(out: Output) -> Run {
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The binary under test: cargo's, or `RNGKIT_TEST_BIN` when set (a copy
/// of it, or an installed `rngkit`, when the build directory is shared).
pub fn binary() -> std::ffi::OsString {
    std::env::var_os("RNGKIT_TEST_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_rngkit").into())
}

/// Runs `rngkit ARGS` (in `dir` when given) with `stdin`, written from a
/// thread so that a large input cannot block on a full pipe; a command
/// that fails on its arguments may exit before reading it.
fn output_of(args: &[&str], dir: Option<&Path>, stdin: &[u8]) -> Output {
    let mut command = Command::new(binary());
    command
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("the rngkit binary runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Runs `rngkit ARGS` in `dir` with `stdin` (empty when `None`).
pub fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    finish(output_of(args, Some(dir), stdin.unwrap_or_default()))
}

/// Runs `rngkit ARGS` with `stdin` and returns the process's raw output,
/// for tests that read the exit status and the streams themselves.
pub fn rngkit_in(args: &[&str], stdin: &str) -> Output {
    output_of(args, None, stdin.as_bytes())
}

/// [`rngkit_in`], asserting that the process exits with `code` (its
/// stderr in the message when not).
pub fn rngkit_exits(code: i32, args: &[&str], stdin: &str) -> Output {
    let out = rngkit_in(args, stdin);
    assert_eq!(
        out.status.code(),
        Some(code),
        "rngkit {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The lines of a run's stdout.
pub fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Runs `rngkit ARGS` with empty stdin in the temp directory.
pub fn run(args: &[&str]) -> Run {
    run_in(&std::env::temp_dir(), args, None)
}

/// The arguments of a command line written as one line: split at white
/// space, each `{}` replaced in turn by the next of `values` (paths, and
/// arguments with spaces in them).
///
/// # Panics
/// When the `{}` and the values do not pair up.
pub fn argv<'a>(line: &'a str, values: &[&'a str]) -> Vec<&'a str> {
    let mut values = values.iter();
    let args = line
        .split_whitespace()
        .map(|w| {
            if w == "{}" {
                *values.next().expect("a value for each {}")
            } else {
                w
            }
        })
        .collect();
    assert!(values.next().is_none(), "a {{}} for each value");
    args
}

/// [`run`] with the arguments of [`argv`].
pub fn run_line(line: &str, values: &[&str]) -> Run {
    run(&argv(line, values))
}

/// Runs `rngkit ARGS` with `stdin`.
pub fn run_stdin(args: &[&str], stdin: &str) -> Run {
    run_in(&std::env::temp_dir(), args, Some(stdin.as_bytes()))
}

/// A fresh scratch directory, removed on drop.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("rngkit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `data` to `name` and returns its path as text.
    pub fn file(&self, name: &str, data: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, data).unwrap();
        path.to_str().unwrap().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Unity's `Random.InitState(seed)`, written here from its definition
/// (`s0 = seed`, `s[i+1] = s[i] * 1812433253 + 1`), independent of rngkit.
pub fn init_state(seed: u32) -> [u32; 4] {
    let mut s = [seed, 0, 0, 0];
    for i in 1..4 {
        s[i] = s[i - 1].wrapping_mul(1_812_433_253).wrapping_add(1);
    }
    s
}

/// One Xorshift128 step (Marsaglia 2003, shifts 11, 8, 19), written here
/// independently: returns the output and shifts it into the state.
pub fn xorshift_step(s: &mut [u32; 4]) -> u32 {
    let mut t = s[0];
    t ^= t << 11;
    t ^= t >> 8;
    t ^= s[3] ^ (s[3] >> 19);
    *s = [s[1], s[2], s[3], t];
    t
}
