//! `rngkit state GEN SEEDING [--advance N] [-o FILE]`

use std::fs;
use std::process::ExitCode;

use rngkit::profile::DeterministicRng;

use crate::cli::StateArgs;
use crate::error::CliError;
use crate::output::Output;
use crate::seeding;

pub fn run(args: StateArgs) -> Result<ExitCode, CliError> {
    let rng = seeding::build(&args.source)?;
    let text = seeding::format_words(&rng);
    match &args.output {
        Some(path) => {
            let data = match &rng {
                DeterministicRng::Mt19937(mt) => mt.to_blob(),
                _ => format!("{text}\n").into_bytes(),
            };
            fs::write(path, data).map_err(|e| {
                CliError::usage(format_args!("cannot write {}: {e}", path.display()))
            })?;
        }
        None => {
            let mut out = Output::new();
            out.line(&text)?;
            out.finish()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
