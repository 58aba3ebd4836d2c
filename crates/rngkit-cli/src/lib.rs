//! The `rngkit` command line as a library: [`run`] is the whole program
//! (argument parsing, the commands, the `error:` line and the exit status),
//! so the binary and the Python package's `rngkit` command (the wheel calls
//! it through its extension module) are one program. The interface is a
//! contract (`docs/cli.md`): names, argument order, output formats and exit
//! statuses are fixed; scripts depend on them.
//!
//! Output goes to the process's stdout and stderr, as the binary's does.
//!
//! [`reference`](mod@reference) renders what `--help` and the docs say of
//! every GEN from the catalogue (the GEN table of `docs/cli.md` is its
//! output).

mod args;
mod cli;
mod commands;
mod error;
mod interrupt;
mod output;
mod output_file;
mod progress;
pub mod reference;
mod seeding;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};

/// Runs the command line `args` (the arguments after the program name) and
/// returns its exit status: 0 ok, 1 no answer, 2 bad usage or input, 3
/// underdetermined. Help and results go to stdout, the one `error:` line
/// to stderr.
///
/// ```
/// // `rngkit state unity --seed 0` prints the state words and succeeds.
/// assert_eq!(rngkit_cli::run(["state", "unity", "--seed", "0"]), 0);
/// assert_eq!(rngkit_cli::run(["gen", "no-such-generator", "--seed", "0", "u32"]), 2);
/// ```
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    // clap names the program after argv[0] in usage lines: always `rngkit`,
    // whatever launched it (the binary, or Python's console script).
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    interrupt::remember(&args);
    let argv: Vec<OsString> = std::iter::once(OsString::from("rngkit"))
        .chain(args)
        .collect();
    let code = match Cli::try_parse_from(&argv) {
        Ok(cli) => dispatch(cli.command),
        // A line that does not parse still asked for JSON errors when it
        // says `--format json`.
        Err(err) => error::report_clap(
            err,
            &<Cli as clap::CommandFactory>::command(),
            asks_json(&argv),
        ),
    };
    // A binary's stdout is flushed when `main` returns; inside another
    // program (the Python extension) nothing does that, so flush here.
    use std::io::Write;
    let _ = std::io::stdout().flush();
    exit_status(code)
}

/// Whether a command line that clap refused says `--format json` (or
/// `--format=json`) anywhere: its error is then the JSON object (a guess
/// from the words, as the line did not parse).
fn asks_json(argv: &[OsString]) -> bool {
    argv.windows(2)
        .any(|w| w[0] == "--format" && w[1] == "json")
        || argv.iter().any(|a| a == "--format=json")
}

fn dispatch(command: Command) -> ExitCode {
    let json = command.json();
    let result = match command {
        Command::Gen(args) => commands::r#gen::run(args),
        Command::State(args) => commands::state::run(args),
        Command::Recover(args) => commands::recover::run(args),
        Command::Detect(args) => commands::detect::run(args),
        Command::Locate(args) => commands::locate::run(args),
        Command::Identify(args) => commands::identify::run(args),
        Command::SeedSearch(args) => commands::seed_search_or_lookup(args),
        Command::Distance(args) => commands::distance::run(args),
        Command::Completions(args) => commands::shell::completions(args),
        Command::Man => commands::shell::man(),
        Command::Table(args) => commands::table::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => err.report_as(json),
    }
}

/// The number behind an [`ExitCode`] (the commands return `ExitCode`s, and
/// the standard library gives no accessor; `ExitCode::from(u8)` is the only
/// way one is made here, so one of the 256 matches).
fn exit_status(code: ExitCode) -> u8 {
    (0..=u8::MAX)
        .find(|&n| ExitCode::from(n) == code)
        .unwrap_or(1)
}
