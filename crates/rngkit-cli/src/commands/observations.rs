//! Reading an observation list (`--observations FILE`, or stdin) for
//! `recover`, `locate` and `seed-search`: whole ([`read`], [`read_text`])
//! or a line at a time ([`stream`], which `recover` uses so that a list of
//! millions of values is never held).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use rngkit_analysis::observe::{Observation, ObservationStream, parse_observation_list};
use rngkit_analysis::registry::Entry;

use crate::error::CliError;

/// How much of a streamed list's text [`Teed`] keeps, for the hints of a
/// failed recovery (which GENs the values fit, a `detect` run of 2 s): the
/// first 64 KiB, some 4000 words (that run took 330 MB on them; 1.4 GB on
/// the first MiB).
const KEPT_TEXT: usize = 1 << 16;

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

/// The observations of a file (or stdin for `None` and `-`), parsed a line
/// at a time as they are read; the reader keeps the first [`KEPT_TEXT`]
/// bytes of the text ([`Teed::kept`]) for messages.
pub fn stream(
    entry: &'static Entry,
    path: Option<&Path>,
) -> Result<ObservationStream<'static, Teed>, CliError> {
    let (name, reader): (String, Box<dyn BufRead + Send>) = match path {
        Some(path) if path != Path::new("-") => {
            let file = File::open(path).map_err(|e| {
                CliError::usage(format_args!("cannot read {}: {e}", path.display()))
            })?;
            (
                path.display().to_string(),
                Box::new(BufReader::with_capacity(1 << 16, file)),
            )
        }
        _ => (
            "stdin".to_string(),
            Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        ),
    };
    let teed = Teed {
        inner: reader,
        kept: Vec::new(),
    };
    Ok(ObservationStream::new(entry, &name, teed))
}

/// A reader that keeps a copy of the first [`KEPT_TEXT`] bytes read
/// through it.
pub struct Teed {
    inner: Box<dyn BufRead + Send>,
    kept: Vec<u8>,
}

impl Teed {
    /// The text kept, up to its last whole line (lossy where it is not
    /// UTF-8, which the stream has refused by then).
    pub fn kept(&self) -> String {
        let end = self
            .kept
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(self.kept.len(), |i| i + 1);
        let end = if self.kept.len() < KEPT_TEXT {
            self.kept.len()
        } else {
            end
        };
        String::from_utf8_lossy(&self.kept[..end]).into_owned()
    }
}

impl Read for Teed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let available = self.fill_buf()?;
            let n = available.len().min(buf.len());
            buf[..n].copy_from_slice(&available[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Teed {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        let room = KEPT_TEXT.saturating_sub(self.kept.len());
        if room > 0
            && let Ok(buffer) = self.inner.fill_buf()
        {
            let take = room.min(amount).min(buffer.len());
            self.kept.extend_from_slice(&buffer[..take]);
        }
        self.inner.consume(amount);
    }
}
