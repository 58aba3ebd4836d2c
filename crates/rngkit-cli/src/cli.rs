//! The argument grammar (the interface is a contract: `docs/cli.md`), and
//! the pieces every command shares: the GEN argument, SEEDING, the generator
//! list for `--help`, all derived from the registry.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use rngkit_analysis::registry::{self, Entry};

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
}

/// How the generator is seeded: exactly one of these.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub struct Seeding {
    /// Seed the way the generator's engine or runtime does (see GENERATORS).
    /// Decimal or 0x hex; negative values where the runtime takes them.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// Seed from text: the runtime's own string seeding where it has one,
    /// else the documented, stable FNV-1a hash of the UTF-8 text.
    #[arg(long, value_name = "TEXT")]
    pub seed_str: Option<String>,
    /// The full state as hex words, space separated (what `rngkit state`
    /// prints), or a GEN-specific form (see GENERATORS).
    #[arg(long, value_name = "WORDS")]
    pub state: Option<String>,
    /// A state file: exactly what `rngkit state` prints, or a save blob
    /// (mars/mt19937); `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub state_file: Option<PathBuf>,
    /// Seed from the OS; the state used is printed to stderr for replay.
    #[arg(long)]
    pub entropy: bool,
}

/// GEN, SEEDING, `--stream` and `--advance`: the options of every command
/// that builds a generator.
#[derive(Args, Debug)]
pub struct Source {
    /// The generator (see GENERATORS below).
    #[arg(value_name = "GEN", value_parser = parse_gen)]
    pub generator: &'static Entry,
    #[command(flatten)]
    pub seeding: Seeding,
    /// PCG stream selector for pcg32/megacrush with --seed (default 54).
    #[arg(long, value_name = "N")]
    pub stream: Option<String>,
    /// Move N raw steps first (one step = one output word). N may be
    /// negative (step back) and of any size (reduced modulo the period):
    /// jumps take O(log N).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub advance: Option<String>,
}

/// Parses a GEN argument: a name or alias; the error suggests the closest
/// name and lists them all.
pub fn parse_gen(s: &str) -> Result<&'static Entry, String> {
    registry::find(s).map_err(|e| e.to_string())
}

/// The GENERATORS section of `--help`, from the registry.
pub fn generators_help() -> String {
    let mut out = String::from("GENERATORS (GEN, what it reproduces, what --seed S means):\n");
    for e in registry::all() {
        let info = e.info();
        out.push_str(&format!("  {:<18} {}\n", info.name, info.summary));
        out.push_str(&format!("  {:<18} --seed: {}\n", "", info.seed_doc));
        let mut can = Vec::new();
        if e.can_recover() {
            can.push("recover".to_string());
        }
        if e.can_search_seeds() {
            match e.seed_search_bits() {
                Some(bits) => can.push(format!("seed-search ({bits}-bit seeds)")),
                None => can.push("seed-search".to_string()),
            }
        }
        if e.can_identify() {
            can.push("identify".to_string());
        }
        if !can.is_empty() {
            out.push_str(&format!("  {:<18} cracking: {}\n", "", can.join(", ")));
        }
    }
    out.push_str("\nSTATE WORDS (--state, and what `rngkit state` prints; hex, zero-padded):\n");
    for e in registry::all() {
        out.push_str(&format!("  {:<18} {}\n", e.name(), e.info().state_doc));
    }
    out.push_str(
        "\n`rngkit COMMAND --help` lists each GEN's draws; `docs/cli.md` is the full reference.",
    );
    out
}

/// Every word after DRAW belongs to the draw (so `int -5 5` works), so an
/// option there was meant for the command: say where options go.
pub fn reject_options_after_draw(
    command: &str,
    words: &[String],
) -> Result<(), crate::error::CliError> {
    let Some((name, rest)) = words.split_first() else {
        return Ok(());
    };
    if name.starts_with('-') && name.parse::<f64>().is_err() {
        return Err(crate::error::CliError::usage(format_args!(
            "unknown option `{name}` (options go before DRAW; see `rngkit {command} --help`)"
        )));
    }
    let is_option = |a: &str| {
        a.starts_with("--")
            || (a.starts_with('-') && a.len() == 2 && a.as_bytes()[1].is_ascii_alphabetic())
    };
    if let Some(option) = rest.iter().find(|a| is_option(a)) {
        return Err(crate::error::CliError::usage(format_args!(
            "`{option}` after the draw: options go before DRAW (`rngkit {command} ... [OPTIONS] DRAW [ARGS...]`)"
        )));
    }
    Ok(())
}
