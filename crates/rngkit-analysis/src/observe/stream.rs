//! An observation list read a line at a time, for files too large to hold:
//! [`ObservationStream`] parses each line as it is read (the one parser of
//! [`parse_observations`](super::parse_observations)) and holds one line
//! and the observations of that line (a `token` line gives one a
//! character), never the list.

use std::collections::VecDeque;
use std::fmt;
use std::io::BufRead;

use rngkit::registry::DynGen;

use super::{Described, Observation, ObservationListError, parse_line};

/// Why an [`ObservationStream`] stopped early.
#[derive(Debug)]
pub enum StreamError {
    /// A malformed line, or no observation at all.
    List(ObservationListError),
    /// The bytes are not UTF-8 text (the source, the line).
    NotText(String, usize),
    /// Reading failed (the source, the reader's error).
    Read(String, std::io::Error),
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::List(e) => e.fmt(f),
            StreamError::NotText(source, line) => write!(
                f,
                "{source}: observations must be UTF-8 text (line {line} is not)"
            ),
            StreamError::Read(source, e) => write!(f, "cannot read {source}: {e}"),
        }
    }
}

impl std::error::Error for StreamError {}

/// The observations of a reader, one at a time, parsed as they are read;
/// an error ends the stream. A list without any observation is an error at
/// its end, as [`parse_observation_list`](super::parse_observation_list)
/// says it.
///
/// ```
/// use rngkit_analysis::observe::{ObservationStream, parse_observations};
/// use rngkit_analysis::registry;
///
/// let unity = registry::find("unity").unwrap();
/// let text = "\u{feff}# values\r\nvalue = 0.5841396\r\nskip 2\n";
/// let streamed: Vec<_> = ObservationStream::new(unity, "values.txt", text.as_bytes())
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(streamed, parse_observations(unity, text).unwrap());
///
/// let mut bad = ObservationStream::new(unity, "values.txt", &b"u32 = 1\nfrob = 2\n"[..]);
/// assert!(bad.next().unwrap().is_ok());
/// let err = bad.next().unwrap().unwrap_err();
/// assert!(err.to_string().starts_with("values.txt: line 2: "), "{err}");
/// assert!(bad.next().is_none());
/// ```
pub struct ObservationStream<'a, R> {
    spec: &'a dyn DynGen,
    source: String,
    reader: R,
    line: usize,
    bytes: Vec<u8>,
    pending: VecDeque<Observation>,
    parsed: Vec<Observation>,
    any: bool,
    finished: bool,
}

impl<'a, R: BufRead> ObservationStream<'a, R> {
    /// Reads the observations of `spec` (a catalogue entry or a core GEN)
    /// from `reader`, which the messages call `source`.
    pub fn new<G: Described + ?Sized>(spec: &'a G, source: &str, reader: R) -> Self {
        ObservationStream {
            spec: spec.description(),
            source: source.to_string(),
            reader,
            line: 0,
            bytes: Vec::new(),
            pending: VecDeque::new(),
            parsed: Vec::new(),
            any: false,
            finished: false,
        }
    }

    /// The reader underneath.
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// The number of the last line read (1-based; 0 before the first).
    pub fn line(&self) -> usize {
        self.line
    }

    /// Reads lines until one gives observations; `Ok(false)` at the end.
    fn fill(&mut self) -> Result<bool, StreamError> {
        while self.pending.is_empty() {
            self.bytes.clear();
            let read = self
                .reader
                .read_until(b'\n', &mut self.bytes)
                .map_err(|e| StreamError::Read(self.source.clone(), e))?;
            if read == 0 {
                return Ok(false);
            }
            self.line += 1;
            let mut bytes = &self.bytes[..];
            if let Some(rest) = bytes.strip_suffix(b"\n") {
                bytes = rest.strip_suffix(b"\r").unwrap_or(rest);
            }
            // A byte order mark from a Windows editor is not part of the
            // first line.
            if self.line == 1 {
                bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
            }
            let text = std::str::from_utf8(bytes)
                .map_err(|_| StreamError::NotText(self.source.clone(), self.line))?;
            self.parsed.clear();
            parse_line(self.spec, self.line, text, &mut self.parsed).map_err(|e| {
                StreamError::List(ObservationListError {
                    source: self.source.clone(),
                    line: Some(e),
                })
            })?;
            self.pending.extend(self.parsed.drain(..));
        }
        Ok(true)
    }
}

impl<R: BufRead> Iterator for ObservationStream<'_, R> {
    type Item = Result<Observation, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        match self.fill() {
            Ok(true) => {
                self.any = true;
                self.pending.pop_front().map(Ok)
            }
            Ok(false) => {
                self.finished = true;
                (!self.any).then(|| {
                    Err(StreamError::List(ObservationListError {
                        source: self.source.clone(),
                        line: None,
                    }))
                })
            }
            Err(e) => {
                self.finished = true;
                Some(Err(e))
            }
        }
    }
}
