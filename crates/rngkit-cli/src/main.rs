//! `rngkit`: the command line of rngkit. The program is the library's
//! [`rngkit_cli::run`] (the Python package's `rngkit` command runs the same
//! function); the interface is a contract (`docs/cli.md`).

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(rngkit_cli::run(std::env::args_os().skip(1)))
}
