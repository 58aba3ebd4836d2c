//! `rngkit state GEN SEEDING [--advance N] [-o FILE]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::cli::{Source, generators_help};
use crate::error::CliError;
use crate::output::Output;
use crate::seeding;

/// The long help of `state`.
pub fn help() -> String {
    format!(
        "EXAMPLES:\n  rngkit state unity --seed 0\n  \
         rngkit state mars --seed 1234 --advance 170 -o rng.bin\n  \
         rngkit state mt19937 --state-file rng.bin --advance -5\n  \
         rngkit state xoshiro256ss --seed 1 --advance 1000000000000000000000000000000\n\n\
         Words print as zero-padded lowercase hex (8 digits for 32-bit words, 16 for\n\
         64-bit). With -o, GENs with a save blob (mars, mt19937) write the blob; the\n\
         others write the text line, which --state-file reads back.\n\n{}",
        generators_help()
    )
}

/// Arguments of `rngkit state`.
#[derive(Args, Debug)]
pub struct StateArgs {
    #[command(flatten)]
    pub source: Source,
    /// Write the state to FILE (the save blob for mars/mt19937).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: StateArgs) -> Result<ExitCode, CliError> {
    let rng = seeding::build(&args.source)?;
    match &args.output {
        Some(path) => seeding::write_state_file(&rng, path)?,
        None => {
            let mut out = Output::new();
            out.line(&rng.format_words())?;
            out.finish()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
