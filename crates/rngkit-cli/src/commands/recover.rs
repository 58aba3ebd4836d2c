//! `rngkit recover GEN [--observations FILE] [-o FILE]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rngkit::number::parse_int;
use rngkit::profile::{DeterministicRng, Profile};
use rngkit_analysis::recover::{RecoverOptions, Recovered, recover};

use crate::commands::observations;
use crate::error::{CliError, EXIT_UNDERDETERMINED};
use crate::output::Output;
use crate::seeding::format_words;

const RECOVER_HELP: &str = "\
OBSERVATIONS (one a line; blank lines and # comments are ignored):
  DRAW [ARGS] = VALUE   a draw exactly as `gen` takes it, e.g. `value = 0.5841396`,
                        `range-int 0 100 = 83`, `u32 = 0xd091bb5c`
  skip N                N raw steps nobody saw
  bits MASK = VALUE     (next output word & MASK) == VALUE, e.g. a BDSP blink: `bits 0xf = 0x1`

Prints the state just before the first observed draw, as `rngkit state` prints it.
Exit 3 when several states fit (they are listed when few enough, the count goes
to stderr); exit 1 when none does.

SUPPORTED: unity/bdsp/xorshift128, unity-math, xoshiro256ss (full u64 words),
xoroshiro128p (the low bit of each u64), tinymt32 (bit 0 of ~160 u32
outputs): linear recovery; mt19937/mars: 624 consecutive full outputs, or any
revealed bits given 19937 independent ones (e.g. the low 8 bits of ~4000
outputs: a few seconds); pcg32/megacrush: full u32 outputs, --stream known;
splitmix64: one full u64 output.

EXAMPLES:
  rngkit recover unity --observations values.txt
  rngkit gen mars --seed 7 -n 624 next-u32 | sed 's/^/next-u32 = /' | rngkit recover mars -o rng.bin";

/// Arguments of `rngkit recover`.
#[derive(Args, Debug)]
#[command(after_help = RECOVER_HELP)]
pub struct RecoverArgs {
    /// The generator profile.
    #[arg(value_name = "GEN", value_parser = crate::cli::parse_profile)]
    pub generator: Profile,
    /// The observation list (default: stdin).
    #[arg(long, value_name = "FILE")]
    pub observations: Option<PathBuf>,
    /// Write the state to FILE instead (the save blob for mars/mt19937).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The PCG stream for pcg32/megacrush (default 54).
    #[arg(long, value_name = "N")]
    pub stream: Option<String>,
    /// Worker threads for the PCG32 search (default: all cores).
    #[arg(long, value_name = "T")]
    pub threads: Option<String>,
}

pub fn run(args: RecoverArgs) -> Result<ExitCode, CliError> {
    let profile = args.generator;
    if args.stream.is_some() && !profile.has_stream() {
        return Err(CliError::usage(format_args!(
            "--stream applies to pcg32 and megacrush only, not {profile}"
        )));
    }
    let mut options = RecoverOptions::default();
    if let Some(text) = &args.stream {
        let stream =
            parse_int::<u64>(text).map_err(|e| CliError::usage(format_args!("--stream: {e}")))?;
        options.pcg_increment = (stream << 1) | 1;
    }
    if let Some(text) = &args.threads {
        options.threads = parse_threads(text)?;
    }
    let obs = observations::read(profile, args.observations.as_deref())?;
    match recover(profile, &obs, &options).map_err(CliError::usage)? {
        Recovered::Unique(rng) => {
            write_state(&rng, args.output.as_ref())?;
            Ok(ExitCode::SUCCESS)
        }
        Recovered::Several { count, states } => {
            let mut out = Output::new();
            for state in &states {
                out.line(&format_words(state))?;
            }
            out.finish()?;
            let listed = if states.is_empty() {
                ""
            } else {
                " (listed on stdout)"
            };
            Err(CliError {
                code: EXIT_UNDERDETERMINED,
                message: format!(
                    "{count} states fit the observations{listed}; add observations to pin down one"
                ),
            })
        }
        Recovered::NoneFits => Err(CliError::no_answer(
            "no state fits all the observations (check the values, the draw names and the skips)",
        )),
    }
}

fn write_state(rng: &DeterministicRng, path: Option<&PathBuf>) -> Result<(), CliError> {
    let text = format_words(rng);
    match path {
        Some(path) => {
            let data = match rng {
                DeterministicRng::Mt19937(mt) => mt.to_blob(),
                _ => format!("{text}\n").into_bytes(),
            };
            std::fs::write(path, data)
                .map_err(|e| CliError::usage(format_args!("cannot write {}: {e}", path.display())))
        }
        None => {
            let mut out = Output::new();
            out.line(&text)?;
            out.finish()
        }
    }
}

/// Parses `--threads T` (at least 1).
pub fn parse_threads(text: &str) -> Result<usize, CliError> {
    match parse_int::<u64>(text) {
        Ok(n) if (1..=4096).contains(&n) => Ok(n as usize),
        _ => Err(CliError::usage(format_args!(
            "--threads: `{text}` is not a thread count in 1..=4096"
        ))),
    }
}
