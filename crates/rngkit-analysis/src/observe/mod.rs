//! The observation language of `rngkit recover` and `rngkit seed-search`.
//!
//! One observation a line:
//!
//! * `DRAW [ARGS] = VALUE`: a draw exactly as `gen` takes it, and what it gave;
//! * `DRAW [ARGS] in LOW..HIGH`: the draw gave a value with `LOW <= value <
//!   HIGH` (`LOW..=HIGH`: `<= HIGH`), for values not seen exactly
//!   (`next-float in 0..0.05`); LOW and HIGH are integers or decimal floats;
//! * `skip N`: `N` raw steps nobody saw; `skip A..B` (`A..=B`): an unknown
//!   number of them, from `A` to `B - 1` (to `B`);
//! * `bits MASK = VALUE`: `(next output word & MASK) == VALUE`;
//! * blank lines and `#` comments (to the end of the line) are ignored.
//!
//! ```
//! use rngkit::number::BigInt;
//! use rngkit_analysis::observe::{parse_observations, ObservationKind};
//! use rngkit_analysis::registry;
//!
//! let unity = registry::find("unity").unwrap();
//! let text = "# after InitState(0)\nvalue = 0.5841396\nskip 2\nbits 0xf = 0x6\n";
//! let observations = parse_observations(unity, text).unwrap();
//! assert_eq!(observations.len(), 3);
//! assert_eq!(observations[1].kind, ObservationKind::Skip(2));
//! let mut rng = unity.seed(&BigInt::from(0), &Default::default()).unwrap();
//! assert!(rngkit_analysis::observe::matches_all(&observations, &mut rng));
//!
//! let err = parse_observations(unity, "value = 0.5\nskip x\n").unwrap_err();
//! assert!(err.to_string().starts_with("line 2: "));
//! ```

use std::fmt;

use rngkit::number::parse_int;
use rngkit::registry::{DynGen, Engine, Steps};

mod locate;
mod range;
mod stream;

pub use locate::locate;
pub use range::{Number, ValueRange};
pub use rngkit::observe::{KnownBits, ObservedValue};
/// A draw that an observation names: the registry's parsed draw.
pub use rngkit::registry::Draw as ObservedDraw;
pub use stream::{ObservationStream, StreamError};

/// What the observation language needs of a GEN: its core description
/// (name, draws, output width, seeding). A catalogue entry has one
/// ([`crate::entry::Entry`]), and so has a bare `dyn DynGen`; the parsers
/// take either, so this framework module does not name the catalogue's
/// types.
///
/// ```
/// use rngkit::registry::DynGen;
/// use rngkit_analysis::observe::{Described, parse_observations};
/// use rngkit_analysis::registry;
///
/// let unity = registry::find("unity").unwrap();
/// let core: &dyn DynGen = &**unity;
/// assert_eq!(unity.description().name(), core.description().name());
/// let text = "value = 0.5\nskip 2\n";
/// assert_eq!(parse_observations(unity, text), parse_observations(core, text));
/// ```
pub trait Described {
    /// The core description of the GEN.
    fn description(&self) -> &dyn DynGen;
}

impl Described for dyn DynGen {
    fn description(&self) -> &dyn DynGen {
        self
    }
}

impl<T: Described + ?Sized> Described for &T {
    fn description(&self) -> &dyn DynGen {
        (**self).description()
    }
}

/// One parsed observation with its line number (1-based).
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    /// The line it came from, for messages.
    pub line: usize,
    /// What was observed.
    pub kind: ObservationKind,
}

/// What one observation line says.
#[derive(Clone, Debug, PartialEq)]
pub enum ObservationKind {
    /// A draw and the value it gave.
    Draw {
        /// The draw.
        draw: ObservedDraw,
        /// Its value.
        value: ObservedValue,
    },
    /// A draw and the range its value lay in.
    DrawIn {
        /// The draw.
        draw: ObservedDraw,
        /// The range of its value.
        range: ValueRange,
    },
    /// `N` raw steps nobody saw.
    Skip(u64),
    /// An unknown number of raw steps nobody saw, `min..=max`.
    SkipRange {
        /// The fewest.
        min: u64,
        /// The most.
        max: u64,
    },
    /// `(next output word & mask) == value`.
    Bits(KnownBits),
}

/// A malformed observation: its line and what is wrong. Displays as
/// `line N: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for ObservationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ObservationError {}

/// An observation list refused as a whole, naming where it came from (a
/// file, `stdin`, `the observation list`): a malformed line, or no
/// observation at all. The one wording of both for every front end.
///
/// ```
/// use rngkit_analysis::observe::parse_observation_list;
/// use rngkit_analysis::registry;
///
/// let unity = registry::find("unity").unwrap();
/// let err = parse_observation_list(unity, "stdin", "# nothing\n").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "stdin holds no observations; write one a line, e.g. `u32 = 0xd091bb5c`, `skip 3`, `bits 0xf = 0x2`"
/// );
/// let err = parse_observation_list(unity, "values.txt", "u32 = 1\nfrob = 2").unwrap_err();
/// assert!(err.to_string().starts_with("values.txt: line 2: "), "{err}");
/// assert_eq!(err.line().map(|e| e.line), Some(2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationListError {
    source: String,
    line: Option<ObservationError>,
}

impl ObservationListError {
    /// The malformed line, or `None` when the list holds no observation.
    pub fn line(&self) -> Option<&ObservationError> {
        self.line.as_ref()
    }
}

impl fmt::Display for ObservationListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.line {
            Some(e) => write!(f, "{}: {e}", self.source),
            None => write!(
                f,
                "{} holds no observations; write one a line, e.g. `u32 = 0xd091bb5c`, `skip 3`, `bits 0xf = 0x2`",
                self.source
            ),
        }
    }
}

impl std::error::Error for ObservationListError {}

/// Parses the observation list that `recover`, `seed-search` and `locate`
/// take, read from `source` (named in the errors): as
/// [`parse_observations`], and an empty list is an error.
///
/// # Errors
/// [`ObservationListError`]: the first malformed line, or no observation.
pub fn parse_observation_list<G: Described + ?Sized>(
    spec: &G,
    source: &str,
    text: &str,
) -> Result<Vec<Observation>, ObservationListError> {
    let error = |line| ObservationListError {
        source: source.to_string(),
        line,
    };
    let observations = parse_observations(spec, text).map_err(|e| error(Some(e)))?;
    if observations.is_empty() {
        return Err(error(None));
    }
    Ok(observations)
}

/// Parses an observation list for `profile`.
///
/// # Errors
/// The first malformed line, as an [`ObservationError`].
pub fn parse_observations<G: Described + ?Sized>(
    spec: &G,
    text: &str,
) -> Result<Vec<Observation>, ObservationError> {
    parse_with(spec.description(), text)
}

/// [`parse_observations`] compiled once (its generic front only picks the
/// description), which keeps the web page's WebAssembly small.
fn parse_with(spec: &dyn DynGen, text: &str) -> Result<Vec<Observation>, ObservationError> {
    let mut observations = Vec::new();
    // A byte order mark from a Windows editor is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw_line) in text.lines().enumerate() {
        parse_line(spec, index + 1, raw_line, &mut observations)?;
    }
    Ok(observations)
}

/// Parses one line of an observation list (`line`: its 1-based number, for
/// the messages) and pushes what it says to `observations`: nothing for a
/// blank or comment line, one observation, or one a character for a
/// `token` line. The one parser of [`parse_observations`] and
/// [`ObservationStream`], which reads a list a line at a time.
///
/// # Errors
/// The line's [`ObservationError`] when it is malformed.
pub(crate) fn parse_line(
    spec: &dyn DynGen,
    line: usize,
    raw_line: &str,
    observations: &mut Vec<Observation>,
) -> Result<(), ObservationError> {
    let output_bits = spec.output_bits();
    let profile = spec.name();
    let error = |message: String| ObservationError { line, message };
    let content = strip_comment(raw_line).trim();
    if content.is_empty() {
        return Ok(());
    }
    let words: Vec<&str> = content.split_whitespace().collect();
    if words.first() == Some(&"token") {
        return push_token_line(observations, spec, line, content).map_err(error);
    }
    let in_at = words.iter().position(|w| *w == "in");
    let kind = if let (Some(at), false) = (in_at, words.first() == Some(&"skip")) {
        // `DRAW [ARGS] in LOW..HIGH`: the range may itself hold `=`.
        if at == 0 {
            return Err(error(format!("no draw before `in` in `{content}`")));
        }
        let (name, args) = (words[0], &words[1..at]);
        if name == "bits" || args.iter().any(|w| w.contains('=')) {
            return Err(error(format!(
                "`{content}`: write `DRAW [ARGS] in LOW..HIGH` (a draw, not `bits`)"
            )));
        }
        let range_text = words[at + 1..].concat();
        if range_text.is_empty() {
            return Err(error(format!("nothing after `in` in `{content}`")));
        }
        let draw = spec
            .parse_draw(name, args)
            .map_err(|e| error(e.to_string()))?;
        let range = ValueRange::parse(&range_text).map_err(error)?;
        ObservationKind::DrawIn { draw, range }
    } else if words.first() == Some(&"skip") && content.contains("..") {
        let (min, max) = range::parse_skip_range(&words[1..].concat()).map_err(error)?;
        ObservationKind::SkipRange { min, max }
    } else if let Some((left, right)) = content.split_once('=') {
        let right = right.trim();
        if right.is_empty() {
            return Err(error(format!("nothing after `=` in `{content}`")));
        }
        let words: Vec<&str> = left.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return Err(error(format!("no draw before `=` in `{content}`")));
        };
        if name == "bits" {
            if args.len() != 1 {
                return Err(error("`bits MASK = VALUE` takes one MASK".into()));
            }
            let mask = parse_int::<u64>(args[0]).map_err(|e| error(format!("MASK: {e}")))?;
            let value = parse_int::<u64>(right).map_err(|e| error(format!("VALUE: {e}")))?;
            let width = if output_bits == 32 {
                0xffff_ffff
            } else {
                u64::MAX
            };
            if mask & !width != 0 {
                return Err(error(format!(
                    "MASK {mask:#x} is wider than {profile}'s {output_bits}-bit output"
                )));
            }
            if value & !mask != 0 {
                return Err(error(format!(
                    "VALUE {value:#x} has bits outside MASK {mask:#x}, so no word can match"
                )));
            }
            ObservationKind::Bits(KnownBits::new(mask, value))
        } else if name == "skip" {
            return Err(error("`skip N` takes no `= VALUE`".into()));
        } else {
            let draw = spec
                .parse_draw(name, args)
                .map_err(|e| error(e.to_string()))?;
            // A value that is no number may be a string draw's
            // (`to-string-36`): the draw itself says whether it can be.
            let value = match ObservedValue::parse(right) {
                Ok(value) => value,
                Err(e) => {
                    let text = ObservedValue::text_value(right);
                    if draw.known_bits(&text, output_bits).is_none() {
                        return Err(error(e));
                    }
                    text
                }
            };
            if draw.known_bits(&value, output_bits).is_none() {
                return Err(error(format!(
                    "`{right}` is not a value `{}` can give",
                    left.trim()
                )));
            }
            ObservationKind::Draw { draw, value }
        }
    } else {
        let words: Vec<&str> = content.split_whitespace().collect();
        match words.as_slice() {
            ["skip", n] => {
                ObservationKind::Skip(parse_int::<u64>(n).map_err(|e| error(format!("skip: {e}")))?)
            }
            ["skip", ..] => return Err(error("`skip N` takes one count".into())),
            _ => {
                return Err(error(format!(
                    "`{content}` is not an observation: write `DRAW [ARGS] = VALUE`, `DRAW [ARGS] in LOW..HIGH`, `skip N` or `bits MASK = VALUE`"
                )));
            }
        }
    };
    observations.push(Observation { line, kind });
    Ok(())
}

/// The line without its comment. A comment starts at `#`; on a `token`
/// line only at a `#` that starts a word (`# seen at login`), since an
/// alphabet or a token may hold the character itself.
fn strip_comment(line: &str) -> &str {
    if line.trim_start().starts_with("token ") {
        let bytes = line.as_bytes();
        let at = (0..bytes.len())
            .find(|&i| bytes[i] == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()));
        return at.map_or(line, |i| &line[..i]);
    }
    line.split('#').next().unwrap_or("")
}

/// `token IDIOM ALPHABET LENGTH = TOKEN`: the draw is the four words
/// before `=` (an alphabet may hold `=` itself), the token everything after
/// `= ` (an alphabet with `\s` gives tokens with spaces).
fn push_token_line(
    observations: &mut Vec<Observation>,
    spec: &dyn DynGen,
    line: usize,
    content: &str,
) -> Result<(), String> {
    let usage = || {
        format!(
            "`{content}`: write `token IDIOM ALPHABET LENGTH = TOKEN`, with `?` for a character not seen"
        )
    };
    let mut rest = content;
    let mut words = Vec::with_capacity(4);
    for _ in 0..4 {
        let trimmed = rest.trim_start();
        let end = trimmed.find(char::is_whitespace).ok_or_else(usage)?;
        words.push(&trimmed[..end]);
        rest = &trimmed[end..];
    }
    let value = rest.trim_start().strip_prefix('=').ok_or_else(usage)?;
    let value = value.strip_prefix(' ').unwrap_or(value);
    if value.is_empty() {
        return Err(format!("nothing after `=` in `{content}`"));
    }
    let draw = spec
        .parse_draw(words[0], &words[1..])
        .map_err(|e| e.to_string())?;
    let (token, pick) = draw.token().ok_or_else(usage)?;
    push_token_picks(observations, line, token, pick, value)
}

/// One observation a character of an observed token: the pick draw with
/// the character's index (as the pick gives it), or, for `?`, the pick
/// with any index (`in FIRST..FIRST+n`), which steps the stream and reveals
/// nothing. So every analysis reads a token as the picks it is made of.
fn push_token_picks(
    observations: &mut Vec<Observation>,
    line: usize,
    token: &rngkit::token::TokenSpec,
    pick: &ObservedDraw,
    text: &str,
) -> Result<(), String> {
    let first = i128::from(token.idiom.first);
    let n = token.alphabet.len() as i128;
    for index in token.indices(text)? {
        let kind = match index {
            Some(i) => ObservationKind::Draw {
                draw: pick.clone(),
                value: ObservedValue::from_integer(first + i as i128),
            },
            None => ObservationKind::DrawIn {
                draw: pick.clone(),
                range: ValueRange {
                    low: Number::Int(first),
                    high: Number::Int(first + n),
                    inclusive: false,
                },
            },
        };
        observations.push(Observation { line, kind });
    }
    Ok(())
}

/// Whether the stream of `rng` gives every observation, in order, starting
/// with its next output. Consumes from `rng`: on a match it is left just
/// after the last observation (each unknown gap `skip A..B` taking its
/// smallest count that fits).
pub fn matches_all(observations: &[Observation], rng: &mut Engine) -> bool {
    for (i, obs) in observations.iter().enumerate() {
        let ok = match &obs.kind {
            ObservationKind::Draw { draw, value } => value.matches(&draw.eval(rng)),
            ObservationKind::DrawIn { draw, range } => range.contains(&draw.eval(rng)),
            ObservationKind::Skip(n) => {
                rng.discard(*n);
                true
            }
            ObservationKind::SkipRange { min, max } => {
                rng.discard(*min);
                for gap in *min..=*max {
                    let mut branch = rng.clone();
                    if matches_all(&observations[i + 1..], &mut branch) {
                        *rng = branch;
                        return true;
                    }
                    if gap < *max {
                        rng.discard(1);
                    }
                }
                return false;
            }
            ObservationKind::Bits(known) => known.matches(rng.next_word()),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Moves `rng` through the observations as the observed stream did (each
/// draw evaluated, each skip stepped), without checking values: from the
/// state before the first observation to the state after the last. An
/// unknown gap `skip A..B` takes the smallest count with which the
/// observations fit (`A` when none does).
pub fn replay(observations: &[Observation], rng: &mut Engine) {
    if observations
        .iter()
        .any(|o| matches!(o.kind, ObservationKind::SkipRange { .. }))
    {
        let mut fitted = rng.clone();
        if matches_all(observations, &mut fitted) {
            *rng = fitted;
            return;
        }
    }
    for obs in observations {
        match &obs.kind {
            ObservationKind::Draw { draw, .. } | ObservationKind::DrawIn { draw, .. } => {
                draw.eval(rng);
            }
            ObservationKind::Skip(n) => rng.discard(*n),
            ObservationKind::SkipRange { min, .. } => rng.discard(*min),
            ObservationKind::Bits(_) => {
                rng.next_word();
            }
        }
    }
}

/// The draws among `observations` that reveal no exact bit of the raw words
/// (composite draws through sin/cos/sqrt, values rounded to few digits):
/// `(line, draw text)`, for telling the user which observations gave
/// linear recovery nothing.
pub fn uninformative(observations: &[Observation], output_bits: u32) -> Vec<(usize, String)> {
    observations
        .iter()
        .filter_map(|obs| match &obs.kind {
            ObservationKind::Draw { draw, value } => {
                let known = draw.known_bits(value, output_bits).unwrap_or_default();
                known
                    .iter()
                    .all(|k| k.mask == 0)
                    .then(|| (obs.line, draw.text().to_string()))
            }
            ObservationKind::DrawIn { draw, .. } => Some((obs.line, draw.text().to_string())),
            _ => None,
        })
        .collect()
}

/// One exact constraint on the raw output word at a fixed offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WordConstraint {
    /// Raw steps from the first observed word (0 = the first).
    pub offset: u64,
    /// The bits known there.
    pub known: KnownBits,
}

/// A linear relation between bits of raw output words at fixed offsets:
/// the XOR of the bits `mask` of the word at `offset`, over every term, is
/// `parity` (from [`ObservedDraw::relations`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordRelation {
    /// `(offset, mask)` terms, offsets from the first observed word.
    pub terms: Vec<(u64, u64)>,
    /// The XOR of every masked bit.
    pub parity: bool,
}

impl WordRelation {
    /// The furthest word it reads.
    pub fn last_offset(&self) -> u64 {
        self.terms.iter().map(|t| t.0).max().unwrap_or(0)
    }
}

/// The observations as constraints on raw output words at fixed offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The constraints with a nonzero mask, in offset order.
    pub constraints: Vec<WordConstraint>,
    /// Relations between bits beyond the constraints (a pick's interval
    /// straddling a power of two), in the order their draws came; only
    /// the solvers that read them use them, every candidate is verified
    /// against all observations either way.
    pub relations: Vec<WordRelation>,
    /// For each constraint, the index in the observations of the one it
    /// comes from (a value that reveals bits of several words gives
    /// several), so that a recovery can read more of that value than its
    /// known bits (the sum engines read a double's whole interval).
    pub sources: Vec<usize>,
    /// Raw words the observations span, when fixed.
    pub span: Option<u64>,
    /// Whether every draw has a fixed word count (false when a redrawing
    /// draw was assumed to draw once).
    pub complete: bool,
}

/// The relations one draw's value implies, at `offset`: out of
/// [`layout`]'s loop, which most observations (whole words) pass without
/// them, so that the loop stays small (recovering MT19937 from 624 words
/// measured 8 % slower with it inline).
#[inline(never)]
fn push_relations(
    relations: &mut Vec<WordRelation>,
    draw: &ObservedDraw,
    value: &ObservedValue,
    output_bits: u32,
    offset: u64,
) {
    for relation in draw.relations(value, output_bits) {
        relations.push(WordRelation {
            terms: relation
                .terms
                .iter()
                .map(|&(word, mask)| (offset + word as u64, mask))
                .collect(),
            parity: relation.parity,
        });
    }
}

/// The word constraints `observations` imply, for `output_bits`-bit words.
///
/// Constraints stop at the first draw whose word count is not fixed (see
/// [`ObservedDraw::steps`]), and at an unknown gap (`skip A..B`); with
/// `assume_single_draw` such draws count as one draw instead (one word, or
/// the words whose bits the value reveals, when more), for linear recovery,
/// which then relies on the final verification. An inequality (`in LOW..HIGH`) reveals no exact bit.
pub fn layout(observations: &[Observation], output_bits: u32, assume_single_draw: bool) -> Layout {
    let mut constraints = Vec::new();
    let mut relations = Vec::new();
    let mut sources = Vec::new();
    let mut offset = 0u64;
    let mut complete = true;
    // The layout up to a gap of unknown length: no span, incomplete.
    let cut_short = |constraints, relations, sources| Layout {
        constraints,
        relations,
        sources,
        span: None,
        complete: false,
    };
    for (index, obs) in observations.iter().enumerate() {
        match &obs.kind {
            ObservationKind::Skip(n) => offset = offset.saturating_add(*n),
            ObservationKind::SkipRange { .. } => {
                return cut_short(constraints, relations, sources);
            }
            ObservationKind::DrawIn { draw, .. } => match draw.steps(output_bits) {
                Steps::Fixed(count) => offset = offset.saturating_add(count),
                Steps::Variable if assume_single_draw => {
                    complete = false;
                    offset += 1;
                }
                Steps::Variable => {
                    return cut_short(constraints, relations, sources);
                }
            },
            ObservationKind::Bits(known) => {
                if known.mask != 0 {
                    constraints.push(WordConstraint {
                        offset,
                        known: *known,
                    });
                    sources.push(index);
                }
                offset += 1;
            }
            ObservationKind::Draw { draw, value } => {
                let known = draw.known_bits(value, output_bits).unwrap_or_default();
                let steps = draw.steps(output_bits);
                let count = match steps {
                    Steps::Fixed(count) => count,
                    // A single draw takes at least the words whose bits it
                    // reveals (CPython's `randrange` over more than 2^32
                    // values reads several).
                    Steps::Variable if assume_single_draw => {
                        complete = false;
                        known.len().max(1) as u64
                    }
                    Steps::Variable => {
                        return cut_short(constraints, relations, sources);
                    }
                };
                // A value that shows every bit of its words leaves no
                // relation to find (and most draws are such: raw words).
                let whole = u64::MAX >> (64 - output_bits.clamp(1, 64));
                let partial = known.is_empty() || known.iter().any(|k| k.mask != whole);
                if partial && matches!(steps, Steps::Fixed(_)) {
                    push_relations(&mut relations, draw, value, output_bits, offset);
                }
                for (i, k) in known.into_iter().enumerate() {
                    if k.mask != 0 {
                        constraints.push(WordConstraint {
                            offset: offset + i as u64,
                            known: k,
                        });
                        sources.push(index);
                    }
                }
                offset += count;
            }
        }
    }
    Layout {
        constraints,
        relations,
        sources,
        span: Some(offset),
        complete,
    }
}

/// The engine draws of `entry` whose values reveal exact bits of the raw
/// words, most bits first: each as an example call (the first of a few
/// argument lists that parses and reveals the most) and the bits one value
/// reveals on average over a few draws from a seeded stream. The list comes
/// from the GEN's own draws, so a hint built from it only names draws the
/// GEN has; the raw word (`u32`) stands in when no engine draw reveals a
/// bit.
///
/// ```
/// use rngkit_analysis::observe::informative_draws;
/// use rngkit_analysis::registry;
///
/// let python = informative_draws(registry::find("python").unwrap());
/// assert!(python.iter().any(|(d, bits)| d == "random" && *bits > 52.0));
/// assert!(python.iter().any(|(d, bits)| d == "randint 0 4294967294" && *bits == 32.0));
/// assert!(python.iter().all(|(d, _)| !d.starts_with("value")));
/// ```
pub fn informative_draws<G: Described + ?Sized>(entry: &G) -> Vec<(String, f64)> {
    informative_draws_of(entry.description())
}

/// [`informative_draws`] compiled once.
fn informative_draws_of(entry: &dyn DynGen) -> Vec<(String, f64)> {
    const ARGS: [&[&str]; 5] = [
        &[],
        &["32"],
        &["0", "4294967294"],
        &["0", "2147483646"],
        &["0", "100"],
    ];
    const SAMPLES: usize = 8;
    let Ok(seeded) = entry.seed(
        &rngkit::number::BigInt::from(20_260_601),
        &Default::default(),
    ) else {
        return Vec::new();
    };
    let bits = entry.output_bits();
    let mut found: Vec<(String, f64)> = Vec::new();
    for info in entry.engine_draws() {
        let name = info.name();
        let mut best: Option<(String, f64)> = None;
        for args in ARGS {
            let Ok(draw) = entry.parse_draw(name, args) else {
                continue;
            };
            let mut rng = seeded.clone();
            let mut total = 0u32;
            for _ in 0..SAMPLES {
                let value = draw.eval(&mut rng).format(false);
                let Ok(value) = ObservedValue::parse(&value) else {
                    continue;
                };
                total += draw
                    .known_bits(&value, bits)
                    .unwrap_or_default()
                    .iter()
                    .map(|k| k.mask.count_ones())
                    .sum::<u32>();
            }
            let mean = f64::from(total) / SAMPLES as f64;
            if mean > 0.0 && best.as_ref().is_none_or(|b| mean > b.1) {
                let call = core::iter::once(name)
                    .chain(args.iter().copied())
                    .collect::<Vec<_>>()
                    .join(" ");
                best = Some((call, mean));
            }
        }
        found.extend(best);
    }
    if found.is_empty() {
        found.push(("u32".to_string(), f64::from(bits)));
    }
    found.sort_by(|a, b| b.1.total_cmp(&a.1));
    found
}
