//! The argument grammar's top (the interface is a contract: `docs/cli.md`):
//! the commands and their help. What the commands share (the GEN argument,
//! SEEDING, the per-GEN help sections) is in [`crate::args`], which names
//! no command, so the commands import it without importing this file back.

use clap::{Parser, Subcommand};

use crate::commands;

/// Reproduce, inspect and analyse the random number generators of games,
/// engines and language runtimes, bit for bit.
#[derive(Parser, Debug)]
#[command(
    name = "rngkit",
    version,
    about,
    after_help = "Run `rngkit COMMAND --help` for a command's options and examples.\n\
                  Exit status: 0 ok, 1 no answer, 2 bad usage or input, 3 underdetermined."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print draws from a generator.
    #[command(
        after_long_help = commands::r#gen::help(),
        override_usage = "rngkit gen GEN SEEDING [--advance N] [-n COUNT] [--hex | --raw] DRAW [ARGS...]"
    )]
    Gen(commands::r#gen::GenArgs),
    /// Print a generator's state (after an optional advance).
    #[command(
        after_long_help = commands::state::help(),
        override_usage = "rngkit state GEN SEEDING [--advance N] [-o FILE]"
    )]
    State(commands::state::StateArgs),
    /// Recover a generator's state from observed draws.
    #[command(
        after_long_help = commands::recover::help(),
        override_usage = "rngkit recover GEN [--observations FILE] [--at start|end] [--predict N DRAW [ARGS...]] [-o FILE]"
    )]
    Recover(commands::recover::RecoverArgs),
    /// Find which generator made some values (bare or as observations).
    #[command(
        after_long_help = commands::detect::help(),
        override_usage = "rngkit detect [--observations FILE] [--max-seconds S]"
    )]
    Detect(commands::detect::DetectArgs),
    /// Find where observations fit in a known stream.
    #[command(
        after_long_help = commands::locate::help(),
        override_usage = "rngkit locate GEN SEEDING --observations FILE [--max N]"
    )]
    Locate(commands::locate::LocateArgs),
    /// Find the seed and the number of draws that give a state.
    #[command(
        after_long_help = commands::identify::help(),
        override_usage = "rngkit identify GEN (--state STATE | --state-file FILE) [--max-advance N]"
    )]
    Identify(commands::identify::IdentifyArgs),
    /// Find every seed whose stream gives the observations.
    #[command(
        after_long_help = commands::seed_search::help(),
        override_usage = "rngkit seed-search GEN [--observations FILE] [--seeds A..B] [--max-advance K] [--threads T]"
    )]
    SeedSearch(commands::seed_search::SeedSearchArgs),
    /// Print how many steps lead from one state to another.
    #[command(
        after_long_help = commands::distance::help(),
        override_usage = "rngkit distance GEN (--from STATE | --from-file FILE) (--to STATE | --to-file FILE) [--max N] [--signed]"
    )]
    Distance(commands::distance::DistanceArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell).
    #[command(
        after_long_help = commands::shell::completions_help(),
        override_usage = "rngkit completions SHELL"
    )]
    Completions(commands::shell::CompletionsArgs),
    /// Print the manual page (roff, for man).
    #[command(
        after_long_help = commands::shell::man_help(),
        override_usage = "rngkit man"
    )]
    Man,
    /// Build seed tables that answer `seed-search --table` by a lookup.
    #[command(
        after_long_help = commands::table::help(),
        override_usage = "rngkit table build GEN --seeds A..B [--draw DRAW] -o FILE [--threads T]"
    )]
    Table(commands::table::TableArgs),
}

impl Command {
    /// Whether the command answers in JSON (`--format json`): its errors
    /// then are JSON objects too.
    pub fn json(&self) -> bool {
        match self {
            Command::Gen(a) => a.format.json(),
            Command::State(a) => a.format == commands::state::StateFormat::Json,
            Command::Recover(a) => a.format.json(),
            Command::Detect(a) => a.format.json(),
            Command::Locate(a) => a.format.json(),
            Command::Identify(a) => a.format.json(),
            Command::SeedSearch(a) => a.format.json(),
            Command::Distance(a) => a.format.json(),
            Command::Completions(_) | Command::Man | Command::Table(_) => false,
        }
    }
}
