//! `rngkit`: the command line of rngkit. The interface is a contract
//! (`docs/cli.md`): names, argument order, output formats and exit statuses
//! are fixed; scripts depend on them.

mod cli;
mod commands;
mod error;
mod output;
mod seeding;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return error::report_clap(err),
    };
    let result = match cli.command {
        Command::Gen(args) => commands::r#gen::run(args),
        Command::State(args) => commands::state::run(args),
        Command::Recover(args) => commands::recover::run(args),
        Command::Detect(args) => commands::detect::run(args),
        Command::Locate(args) => commands::locate::run(args),
        Command::Identify(args) => commands::identify::run(args),
        Command::SeedSearch(args) => commands::seed_search::run(args),
        Command::Distance(args) => commands::distance::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => err.report(),
    }
}
