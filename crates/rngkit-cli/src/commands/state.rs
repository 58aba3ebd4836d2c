//! `rngkit state GEN SEEDING [--advance N] [-o FILE] [--format words|json]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use rngkit_analysis::notes;
use rngkit_analysis::registry::{self, Entry};

use crate::args::{Source, command_examples, generators_help};
use crate::error::CliError;
use crate::output::Output;
use crate::seeding;

/// The long help of `state`.
pub fn help() -> String {
    format!(
        "EXAMPLES:\n{}\n\n\
         Words print as zero-padded lowercase hex (8 digits for 32-bit words, 16 for\n\
         64-bit).\n{}\n\
         --format json prints the GEN's own JSON form where it has one (the engine's\n\
         own serialisation, e.g. Unity's JsonUtility.ToJson(Random.state)) and\n\
         {{\"gen\":\"NAME\",\"words\":[\"HEX\",...]}} otherwise; {}\n\
         --state and --state-file read every form back, as do the Python package and\n\
         the web page.\n\n{}",
        command_examples("state"),
        notes::wrap(
            &format!(
                "With -o, the GENs with a save blob ({}) write the blob; the others write \
                 the text line, which --state-file reads back.",
                names_where(|e| e.from_bytes(&[]).is_some())
            ),
            "",
            80
        ),
        notes::wrap(
            &format!("these have one: {}.", names_where(has_own_json)),
            "",
            80
        ),
        generators_help()
    )
}

/// The names of the GENs `pick` selects, in catalogue order.
fn names_where(pick: impl Fn(&Entry) -> bool) -> String {
    let names: Vec<&str> = registry::all()
        .iter()
        .filter(|e| pick(e))
        .map(|e| e.name())
        .collect();
    names.join(", ")
}

/// Whether the GEN writes a JSON form of its own (seen on a seeded state:
/// the form does not depend on the state's value).
fn has_own_json(entry: &Entry) -> bool {
    entry
        .seed(&0.into(), &Default::default())
        .is_ok_and(|rng| entry.format_state_json(&rng).is_some())
}

/// Arguments of `rngkit state`.
#[derive(Args, Debug)]
pub struct StateArgs {
    #[command(flatten)]
    pub source: Source,
    /// Write the state to FILE (the GEN's save blob where it has one).
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
            crate::output_file::write(path, format!("{}\n", rng.state_json())).map_err(|e| {
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
