//! `rngkit locate GEN SEEDING --observations FILE [--max N]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rngkit::number::parse_int;
use rngkit_analysis::observe::locate;

use crate::args::{FormatArg, Source, command_examples};
use crate::commands::observations;
use crate::error::CliError;
use crate::output::{Output, Written, documents};
use crate::seeding;

/// The long help of `locate`.
pub fn help() -> String {
    format!(
        "Prints every advance n (0 <= n <= --max, default 1000000) at which the\n\
observations fit the stream that starts from SEEDING, one a line, in\n\
increasing order; exit 1 when none fits. The stream is walked once: each\n\
position is checked first against the exact bits the observations reveal, and\n\
only the survivors run the full draws.\n\n\
After a restart you know the state from before and see a few new values\n\
(`bits MASK = ...` lines for what a game shows, such as a blink, with `skip`\n\
for the steps between them): this is Project_Xs's \"reidentify\". Where other\n\
code draws k extra raw steps between two observed ones, write those steps as\n\
`skip` lines. docs/cli.md walks through a whole case.\n\n\
EXAMPLES:\n{}",
        command_examples("locate")
    )
}

/// Arguments of `rngkit locate`.
#[derive(Args, Debug)]
pub struct LocateArgs {
    #[command(flatten)]
    pub source: Source,
    /// The observation list (`-`: stdin).
    #[arg(long, value_name = "FILE")]
    pub observations: PathBuf,
    /// The largest advance to try (default 1000000).
    #[arg(long, value_name = "N")]
    pub max: Option<String>,
    #[command(flatten)]
    pub format: FormatArg,
}

pub fn run(args: LocateArgs) -> Result<ExitCode, CliError> {
    let entry = args.source.generator;
    let max = match &args.max {
        Some(text) => {
            parse_int::<u64>(text).map_err(|e| CliError::usage(format_args!("--max: {e}")))?
        }
        None => 1_000_000,
    };
    let obs = observations::read(entry, Some(&args.observations))?;
    let start = seeding::build(&args.source)?;
    let mut out = Output::new();
    let mut found = 0u64;
    let json = args.format.json();
    // The JSON document lists them at the end.
    let mut advances = Vec::new();
    let mut written = Ok(true);
    locate(&start, &obs, max, |n| {
        found += 1;
        if json {
            advances.push(n);
            return true;
        }
        // A closed stdout (`| head -1`) ends the scan.
        written = out
            .line(&n.to_string())
            .map(|w| !matches!(w, Written::Closed));
        matches!(written, Ok(true))
    });
    if !written? {
        return Ok(ExitCode::SUCCESS);
    }
    let none = (found == 0).then(|| {
        format!(
            "the observations fit nowhere in the first {max} steps of this {} stream",
            entry.name()
        )
    });
    if json {
        out.json(&documents::locate(entry, &advances, max, none.as_deref()))?;
    }
    out.finish()?;
    if let Some(message) = none {
        return Err(CliError::no_answer(message));
    }
    Ok(ExitCode::SUCCESS)
}
