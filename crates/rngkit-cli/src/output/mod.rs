//! Writing results to stdout. A closed pipe (`rngkit gen ... | head`) ends
//! the command quietly with status 0, like any Unix filter.

use std::io::{self, BufWriter, Write};

use crate::error::CliError;

pub mod documents;
pub mod json;

/// A buffered stdout that treats a closed pipe as the end of the output.
pub struct Output {
    out: BufWriter<io::StdoutLock<'static>>,
}

/// What happened to a write.
pub enum Written {
    /// The bytes were written.
    Ok,
    /// The reader went away; stop producing output.
    Closed,
}

impl Output {
    pub fn new() -> Self {
        Output {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        }
    }

    /// Writes one line.
    pub fn line(&mut self, text: &str) -> Result<Written, CliError> {
        self.bytes(text.as_bytes())?;
        self.bytes(b"\n")
    }

    /// Writes raw bytes.
    pub fn bytes(&mut self, data: &[u8]) -> Result<Written, CliError> {
        check(self.out.write_all(data))
    }

    /// Writes one JSON value on its own line (a document, or one line of
    /// a JSON-lines stream).
    pub fn json(&mut self, value: &json::Json) -> Result<Written, CliError> {
        self.line(&value.to_string())
    }

    /// Flushes; call once at the end.
    pub fn finish(mut self) -> Result<(), CliError> {
        check(self.out.flush()).map(|_| ())
    }
}

fn check(result: io::Result<()>) -> Result<Written, CliError> {
    match result {
        Ok(()) => Ok(Written::Ok),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Written::Closed),
        Err(e) => Err(CliError::usage(format_args!("cannot write to stdout: {e}"))),
    }
}
