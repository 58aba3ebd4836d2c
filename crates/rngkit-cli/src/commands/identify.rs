//! `rngkit identify GEN (--state STATE | --state-file FILE) [--max-advance N]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rngkit::number::parse_int;
use rngkit_analysis::message::{Spelling, identify_unsupported, no_seed_found};
use rngkit_analysis::registry::{self, Entry};

use crate::args::{FormatArg, command_examples, parse_gen};
use crate::error::CliError;
use crate::output::{Output, documents};
use crate::seeding::{state_from_file, state_from_text};

/// The long help of `identify`.
pub fn help() -> String {
    let names: Vec<&str> = registry::all()
        .iter()
        .filter(|e| e.can_identify())
        .map(|e| e.name())
        .collect();
    format!(
        "Prints `seed=S advance=n` such that the state is seed(S) advanced by n raw\n\
steps; S prints as the GEN writes its seed (signed for int seeds).\n\n\
Each GEN has its own method: the Mersenne Twister GENs untwist the block back\n\
to the one init_genrand wrote, with no search (any save blob; --max-advance\n\
only bounds the answer); the others walk back step by step to a freshly seeded\n\
state, at most --max-advance steps (default 10^7, less for GENs whose steps are\n\
slow), or read\n\
the seed off the state directly.\n\n\
SUPPORTED: {}.\n\n\
EXAMPLES:\n{}",
        names.join(", "),
        command_examples("identify")
    )
}

/// Arguments of `rngkit identify`.
#[derive(Args, Debug)]
pub struct IdentifyArgs {
    /// The generator (see `rngkit gen --help`).
    #[arg(value_name = "GEN", value_parser = parse_gen)]
    pub generator: &'static Entry,
    /// The state as hex words (the `rngkit state` form).
    #[arg(
        long,
        value_name = "STATE",
        required_unless_present = "state_file",
        conflicts_with = "state_file"
    )]
    pub state: Option<String>,
    /// A state file: the GEN's save blob where it has one, the text words
    /// otherwise.
    #[arg(long, value_name = "FILE")]
    pub state_file: Option<PathBuf>,
    /// The largest advance to consider.
    #[arg(long, value_name = "N")]
    pub max_advance: Option<String>,
    #[command(flatten)]
    pub format: FormatArg,
}

pub fn run(args: IdentifyArgs) -> Result<ExitCode, CliError> {
    let entry = args.generator;
    if !entry.can_identify() {
        return Err(CliError::usage(identify_unsupported(entry)));
    }
    let rng = match (&args.state, &args.state_file) {
        (Some(text), _) => state_from_text(entry, text)
            .map_err(|e| CliError::usage(format_args!("--state: {}", e.message)))?,
        (None, Some(path)) => state_from_file(entry, path)?,
        (None, None) => return Err(CliError::usage("give --state STATE or --state-file FILE")),
    };
    let max_advance = match &args.max_advance {
        Some(text) => Some(
            parse_int::<u64>(text)
                .map_err(|e| CliError::usage(format_args!("--max-advance: {e}")))?,
        ),
        None => None,
    };
    match entry.identify(&rng, max_advance) {
        Some(id) => {
            let mut out = Output::new();
            if args.format.json() {
                out.json(&documents::identify(entry, id.seed, id.advance))?;
            } else {
                let seed = entry.info().seed_kind.format(id.seed);
                out.line(&format!("seed={seed} advance={}", id.advance))?;
            }
            out.finish()?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            let message = no_seed_found(entry, max_advance, &Spelling::CLI);
            if args.format.json() {
                let mut out = Output::new();
                out.json(&documents::identify_none(entry, &message))?;
                out.finish()?;
            }
            Err(CliError::no_answer(message))
        }
    }
}
