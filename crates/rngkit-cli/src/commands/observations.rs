//! Reading an observation list (`--observations FILE`, or stdin) for
//! `recover`, `locate` and `seed-search`.

use std::io::Read;
use std::path::Path;

use rngkit_analysis::observe::{Observation, parse_observation_list};
use rngkit_analysis::registry::Entry;

use crate::error::CliError;

/// Reads and parses the observations; errors name the file and line.
pub fn read(entry: &Entry, path: Option<&Path>) -> Result<Vec<Observation>, CliError> {
    let (name, text) = read_text(path)?;
    parse(entry, &name, &text)
}

/// Parses observation text read from `name`; errors name it and the line
/// (in the shared words of [`parse_observation_list`]).
pub fn parse(entry: &Entry, name: &str, text: &str) -> Result<Vec<Observation>, CliError> {
    parse_observation_list(entry, name, text).map_err(CliError::usage)
}

/// Reads the observation text (a file, or stdin for `None` and `-`), with
/// the name its messages use.
pub fn read_text(path: Option<&Path>) -> Result<(String, String), CliError> {
    Ok(match path {
        Some(path) if path != Path::new("-") => {
            let bytes = std::fs::read(path).map_err(|e| {
                CliError::usage(format_args!("cannot read {}: {e}", path.display()))
            })?;
            let text = String::from_utf8(bytes).map_err(|_| {
                CliError::usage(format_args!(
                    "{}: observations must be UTF-8 text",
                    path.display()
                ))
            })?;
            (path.display().to_string(), text)
        }
        _ => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map_err(|e| {
                CliError::usage(format_args!("cannot read observations from stdin: {e}"))
            })?;
            ("stdin".to_string(), text)
        }
    })
}
