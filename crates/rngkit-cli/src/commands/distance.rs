//! `rngkit distance GEN (--from STATE | --from-file FILE) (--to STATE | --to-file FILE) [--max N]`

use std::process::ExitCode;

use rngkit::number::parse_int;
use rngkit::profile::DeterministicRng;
use rngkit_analysis::DistanceError;

use crate::cli::DistanceArgs;
use crate::error::CliError;
use crate::output::Output;
use crate::seeding::{state_from_file, state_from_text};

pub fn run(args: DistanceArgs) -> Result<ExitCode, CliError> {
    let profile = args.generator;
    let side = |text: &Option<String>,
                file: &Option<std::path::PathBuf>,
                flag: &str|
     -> Result<DeterministicRng, CliError> {
        match (text, file) {
            (Some(text), _) => state_from_text(profile, text)
                .map_err(|e| CliError::usage(format_args!("--{flag}: {}", e.message))),
            (None, Some(path)) => state_from_file(profile, path),
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
    match rngkit_analysis::any::distance(&from, &to, max) {
        Ok(n) => {
            let mut out = Output::new();
            out.line(&n.to_string())?;
            out.finish()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(DistanceError::NeedsBound { generator }) => Err(CliError::usage(format_args!(
            "{generator} has no fast distance method (its period is prime); give --max N to search up to N steps"
        ))),
        Err(
            e @ (DistanceError::NotWithin { .. }
            | DistanceError::DifferentStreams { .. }
            | DistanceError::BeyondRange { .. }),
        ) => Err(CliError::no_answer(e)),
        Err(e) => Err(CliError::no_answer(e)),
    }
}
