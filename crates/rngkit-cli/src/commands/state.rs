//! `rngkit state GEN SEEDING [--advance N] [-o FILE] [--format words|json]`

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
         rngkit state xoshiro256ss --seed 1 --advance 1000000000000000000000000000000\n  \
         rngkit state unity --seed 0 --format json\n\n\
         Words print as zero-padded lowercase hex (8 digits for 32-bit words, 16 for\n\
         64-bit). With -o, GENs with a save blob (mars, mt19937) write the blob; the\n\
         others write the text line, which --state-file reads back.\n\n\
         --format json prints the GEN's own JSON form where it has one (unity, bdsp,\n\
         xorshift128: Unity's JsonUtility.ToJson(Random.state), signed ints) and\n\
         {{\"gen\":\"NAME\",\"words\":[\"HEX\",...]}} otherwise. --state and --state-file\n\
         read every form back, as do the Python package and the web page.\n\n{}",
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
    /// `words` (hex words, what --state reads) or `json` (the GEN's JSON
    /// form, also read by --state).
    #[arg(long, value_name = "FORMAT", default_value = "words")]
    pub format: StateFormat,
}

/// How `rngkit state` prints a state.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateFormat {
    /// Hex words, zero-padded to the word width.
    Words,
    /// The GEN's JSON form.
    Json,
}

pub fn run(args: StateArgs) -> Result<ExitCode, CliError> {
    let rng = seeding::build(&args.source)?;
    match (&args.output, args.format) {
        (Some(path), StateFormat::Words) => seeding::write_state_file(&rng, path)?,
        (Some(path), StateFormat::Json) => {
            std::fs::write(path, format!("{}\n", rng.state_json())).map_err(|e| {
                CliError::usage(format_args!("cannot write {}: {e}", path.display()))
            })?;
        }
        (None, format) => {
            let mut out = Output::new();
            out.line(&match format {
                StateFormat::Words => rng.format_words(),
                StateFormat::Json => rng.state_json(),
            })?;
            out.finish()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
