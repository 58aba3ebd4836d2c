//! `rngkit distance GEN (--from STATE | --from-file FILE) (--to STATE | --to-file FILE) [--max N] [--signed]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rngkit::number::{BigInt, parse_int};
use rngkit::registry::Engine;
use rngkit_analysis::DistanceError;
use rngkit_analysis::message::{Spelling, distance_error};
use rngkit_analysis::registry::Entry;

use crate::args::{FormatArg, command_examples, generators_help, parse_gen};
use crate::error::CliError;
use crate::output::{Output, documents};
use crate::seeding::{state_from_file, state_from_text};

/// The long help of `distance`.
pub fn help() -> String {
    let exact: Vec<&str> = rngkit_analysis::registry::all()
        .iter()
        .filter(|e| e.can_measure_distance() && e.has_fast_distance())
        .map(|e| e.name())
        .collect();
    let bounded: Vec<&str> = rngkit_analysis::registry::all()
        .iter()
        .filter(|e| e.can_measure_distance() && !e.has_fast_distance())
        .map(|e| e.name())
        .collect();
    format!(
        "Prints the smallest n >= 0 such that advancing the --from state n steps gives\n\
         the --to state (one step = one output word). With --signed, prints the\n\
         representative in (-period/2, period/2] instead: a state 17 steps behind\n\
         prints -17.\n\n\
         Exact and fast (O(log) or a discrete logarithm): {}.\n\
         No fast method (prime periods; give --max N to search up to N steps): {}.\n\
         Exit 1 when the distance is not found (not within --max, different PCG streams).\n\n\
         EXAMPLES:\n{}\n\n{}",
        exact.join(", "),
        bounded.join(", "),
        command_examples("distance"),
        generators_help()
    )
}

/// Arguments of `rngkit distance`.
#[derive(Args, Debug)]
pub struct DistanceArgs {
    /// The generator (see GENERATORS below).
    #[arg(value_name = "GEN", value_parser = parse_gen)]
    pub generator: &'static Entry,
    /// The start state, as hex words.
    #[arg(
        long,
        value_name = "STATE",
        required_unless_present = "from_file",
        conflicts_with = "from_file"
    )]
    pub from: Option<String>,
    /// The start state from a file (the GEN's save blob where it has one).
    #[arg(long, value_name = "FILE")]
    pub from_file: Option<PathBuf>,
    /// The target state, as hex words.
    #[arg(
        long,
        value_name = "STATE",
        required_unless_present = "to_file",
        conflicts_with = "to_file"
    )]
    pub to: Option<String>,
    /// The target state from a file (the GEN's save blob where it has one).
    #[arg(long, value_name = "FILE")]
    pub to_file: Option<PathBuf>,
    /// Search at most N steps (needed where no fast method exists).
    #[arg(long, value_name = "N")]
    pub max: Option<String>,
    /// Print the signed distance, in (-period/2, period/2].
    #[arg(long)]
    pub signed: bool,
    #[command(flatten)]
    pub format: FormatArg,
}

pub fn run(args: DistanceArgs) -> Result<ExitCode, CliError> {
    let entry = args.generator;
    let side =
        |text: &Option<String>, file: &Option<PathBuf>, flag: &str| -> Result<Engine, CliError> {
            match (text, file) {
                (Some(text), _) => state_from_text(entry, text)
                    .map_err(|e| CliError::usage(format_args!("--{flag}: {}", e.message))),
                (None, Some(path)) => state_from_file(entry, path),
                (None, None) => Err(CliError::usage(format_args!(
                    "give --{flag} STATE or --{flag}-file FILE"
                ))),
            }
        };
    let from = side(&args.from, &args.from_file, "from")?;
    let to = side(&args.to, &args.to_file, "to")?;
    let max = match &args.max {
        Some(text) => {
            Some(parse_int::<u128>(text).map_err(|e| CliError::usage(format_args!("--max: {e}")))?)
        }
        None => None,
    };
    let name = entry.name();
    match entry.distance(&from, &to, max) {
        Ok(n) => {
            let period = entry.period();
            let text = match (&period, args.signed) {
                (Some(p), true) => signed(n, p),
                (None, true) => {
                    return Err(CliError::usage(format_args!(
                        "--signed needs {name}'s period, which is not known"
                    )));
                }
                (_, false) => n.to_string(),
            };
            let behind = match (&period, args.signed) {
                (Some(p), false) => steps_behind(n, p),
                _ => None,
            };
            if args.format.json() {
                let mut out = Output::new();
                out.json(&documents::distance(entry, &text, args.signed, behind))?;
                out.finish()?;
                return Ok(ExitCode::SUCCESS);
            }
            if let (Some(p), Some(behind)) = (&period, behind) {
                eprintln!(
                    "note: that is {behind} steps behind (the period is {p}); --signed prints -{behind}"
                );
            }
            let mut out = Output::new();
            out.line(&text)?;
            out.finish()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            // A method missing or a bound needed is bad usage; the rest
            // (not within the bound, different streams) has no answer.
            let message = distance_error(entry, &e, &Spelling::CLI);
            Err(match e {
                DistanceError::NeedsBound { .. } | DistanceError::Unsupported(_) => {
                    CliError::usage(message)
                }
                _ => {
                    if args.format.json() {
                        let mut out = Output::new();
                        out.json(&documents::distance_none(entry, &message))?;
                        out.finish()?;
                    }
                    CliError::no_answer(message)
                }
            })
        }
    }
}

/// `period - n` when that is below 2^64: the target lies a little behind.
fn steps_behind(n: u128, period: &BigInt) -> Option<u128> {
    let back = BigInt::from(n).complement_in(period);
    back.magnitude_u128()
        .filter(|&b| b > 0 && b < 1 << 64 && b < n)
}

/// The representative of `n` modulo `period` in (-period/2, period/2].
fn signed(n: u128, period: &BigInt) -> String {
    let back = BigInt::from(n).complement_in(period);
    // n > period / 2  <=>  period - n < n
    match back.magnitude_u128() {
        Some(b) if b < n => format!("-{b}"),
        _ => n.to_string(),
    }
}
