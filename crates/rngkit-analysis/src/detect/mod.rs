//! Which generator made these values? Every GEN of the catalogue, tried.
//!
//! The input is an observation list in the `recover` syntax, or bare values
//! one a line (integers or decimals, no draw name). Bare values are read as
//! each draw that can express them: every GEN lists the draws whose values
//! users hold without a name ([`rngkit::registry::Gen::bare_draws`]:
//! `Math.random()` of each V8 era, CPython's `random()`, PHP's `mt_rand()`,
//! ...), with the kind of number each yields ([`Yields`](rngkit::registry::Yields)).
//!
//! Cheap checks prune first: the range of the values, then each draw's own
//! `known_bits`, which refuses values off its grid (a double that is not a
//! multiple of 2^-52 is no V8-legacy `Math.random()`, a 17-digit double no
//! Unity float), then plausibility (624 integers below 2^31 did not come out
//! of a 32-bit draw: the top bit would have been set by chance in all but
//! 2^-624 of streams). Every surviving (GEN, draw) is recovered in parallel
//! ([`crate::registry::Entry::recover`]); those that recovery leaves open
//! (too few values to pin a state) are seed-searched over the GEN's 32-bit
//! seeds while the time budget lasts. A GEN is reported only with a state or
//! seed whose stream reproduces every value, checked by regenerating them.
//!
//! A fit is *decisive* when the values reveal at least [`MARGIN`] more bits
//! than the state (or seed) holds: then a stream that did not make them
//! fits by chance with probability below 2^-[`MARGIN`]. Fewer values fit
//! any state of some GENs (624 raw words fit MT19937, whatever they are),
//! so such a fit is *weak*: it proves nothing, and [`Detection::verdict`]
//! says the values are too few. Fits that share a state and give the same
//! values (the MT19937 runtimes read as raw words, `php` and `php3` that
//! differ only in seeding) are one family, reported once.
//!
//! ```
//! use rngkit::number::BigInt;
//! use rngkit_analysis::detect::{DetectOptions, Verdict, detect};
//! use rngkit_analysis::registry;
//!
//! // Ten Math.random() values of Node.js 20 (`node --random-seed=7`).
//! let v8 = registry::find("v8-legacy").unwrap();
//! let mut rng = v8.seed(&BigInt::from(7), &Default::default()).unwrap();
//! let draw = v8.parse_draw("math-random", &[]).unwrap();
//! let text: String = (0..10).map(|_| format!("{}\n", draw.eval(&mut rng).format(false))).collect();
//! let found = detect(&text, &DetectOptions::default()).unwrap();
//! assert_eq!(found.verdict(), Verdict::Identified);
//! assert_eq!(found.fits[0].generator.name(), "v8-legacy");
//! assert_eq!(found.fits[0].draw, "math-random");
//! ```
//!
//! The files: `bare` reads bare values, `candidates` turns the input into
//! the (GEN, draw) readings to try (its `read_input` asks each reader of
//! the input in turn: a new form of input adds its reader there), `run`
//! schedules their recoveries and seed searches against the budget,
//! `family` merges the fits that are one family, and `alternatives`
//! answers for `recover` and `seed-search` which other GENs fit. This file
//! holds the public types and the entry point.

mod alternatives;
mod bare;
mod candidates;
mod family;
pub mod rank;
mod run;
#[cfg(test)]
mod tests;

pub use alternatives::{SeedAlternative, alternatives, seed_alternatives};
pub(crate) use run::HAS_CLOCK;
pub use run::{SMALL_SEEDS, SMALL_SEEDS_WITHOUT_CLOCK};

use std::fmt;
use std::time::{Duration, Instant};

use rngkit::registry::Engine;

use crate::recover::Stop;
use crate::registry::Entry;
use candidates::{Candidate, Readings, read_input};
use family::{Signature, families};

/// A fit is decisive when the values reveal this many bits more than the
/// state or seed holds (a chance fit then has probability below 2^-24).
pub const MARGIN: u64 = 24;

/// A draw of `bits` bits is implausible for this many values or more that
/// all leave its top bit clear (probability 2^-n).
pub const PLAUSIBLE_RUN: usize = 24;

/// Bits of a GEN's state, as its words count them.
fn state_bits(generator: &Entry) -> u64 {
    generator.word_bits() as u64 * generator.word_count() as u64
}

/// Options of [`detect`].
#[derive(Clone, Debug)]
pub struct DetectOptions {
    /// The time for recoveries and seed searches together; what does not
    /// finish is reported as skipped.
    pub budget: Duration,
    /// Worker threads.
    pub threads: usize,
    /// Whether readings that recovery leaves open are seed-searched.
    pub seed_search: bool,
    /// Whether the run may read a clock to keep to `budget` (the default
    /// wherever there is one). Without, recoveries run one after another on
    /// the calling thread and seed searches cover only the seeds below
    /// [`SMALL_SEEDS_WITHOUT_CLOCK`]: the web page's run, whose
    /// WebAssembly has neither threads nor a clock.
    pub clock: bool,
    /// A stop a front end sets (the CLI's Ctrl-C): the run then ends as if
    /// its budget were spent, within a moment, and returns what it had
    /// verified (the fits found; the rest open, saying so). The default
    /// is never set.
    ///
    /// ```
    /// use rngkit_analysis::detect::{DetectOptions, detect};
    /// use rngkit_analysis::recover::Stop;
    ///
    /// // Stopped before it starts: every reading is left open.
    /// let stop = Stop::new();
    /// stop.set();
    /// let options = DetectOptions { stop, ..DetectOptions::default() };
    /// let found = detect("1387654321\n987654321\n1777777777\n", &options).unwrap();
    /// assert!(found.fits.is_empty());
    /// assert!(!found.open.is_empty());
    /// ```
    pub stop: Stop,
}

impl Default for DetectOptions {
    fn default() -> Self {
        DetectOptions {
            budget: Duration::from_secs(4),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed_search: true,
            clock: HAS_CLOCK,
            stop: Stop::default(),
        }
    }
}

/// What reproduces the values.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Exactly one state, before the first value.
    State(Engine),
    /// Several states, each reproducing every value (V8 values at an
    /// unknown cache position).
    States(Vec<Engine>),
    /// A seed: `seed(S)` advanced by `advance` raw steps.
    Seed {
        /// The seed's bit pattern (print it with the GEN's seed kind).
        seed: u64,
        /// Raw steps after seeding.
        advance: u64,
        /// The generator at the first value.
        state: Engine,
    },
}

impl Answer {
    /// The state before the first value (the first, for several).
    pub fn first_state(&self) -> &Engine {
        match self {
            Answer::State(s) | Answer::Seed { state: s, .. } => s,
            Answer::States(s) => &s[0],
        }
    }

    /// How many states fit.
    pub fn count(&self) -> usize {
        match self {
            Answer::States(s) => s.len(),
            _ => 1,
        }
    }
}

/// A GEN, read with one draw, whose stream reproduces every value.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The GEN.
    pub generator: &'static Entry,
    /// The draw the values were read as (`math-random`), or the first
    /// draw of an observation list.
    pub draw: String,
    /// The state(s) or seed.
    pub answer: Answer,
    /// Whether the values pin it beyond chance (see the module doc).
    pub decisive: bool,
    /// Bits the values reveal of the raw words.
    pub revealed_bits: u64,
    /// Bits of the state (or of the seed, for a seed fit).
    pub state_bits: u64,
    /// Other GENs (with their draw) that fit with the same state and give
    /// the same values: one family.
    pub family: Vec<(&'static Entry, String)>,
    signature: Signature,
}

impl Fit {
    /// The values needed for a decisive fit, at the bits per value these
    /// revealed; `None` when they revealed none.
    pub fn values_needed(&self, values: usize) -> Option<u64> {
        values_needed(self.revealed_bits, values, self.state_bits)
    }
}

fn values_needed(revealed: u64, values: usize, state_bits: u64) -> Option<u64> {
    let per = revealed
        .checked_div(values.max(1) as u64)
        .filter(|&p| p > 0)?;
    Some((state_bits + MARGIN).div_ceil(per))
}

/// A GEN and draw that neither fits nor is ruled out.
#[derive(Clone, Debug)]
pub struct Open {
    /// The GEN.
    pub generator: &'static Entry,
    /// The draw.
    pub draw: String,
    /// Why it stays open: the number of states left, a seed search cut
    /// short, a method missing.
    pub why: String,
    /// `why` with the GEN's own command written for any GEN (`rngkit
    /// seed-search GEN`), so that readings open for one reason can be
    /// named together.
    pub why_any: String,
    /// Bits the values show beyond what any values would fit: the bits
    /// they reveal less the bits of the states they leave (counted by
    /// recovery), over the state's bits; 0 where recovery counted nothing
    /// (any values this few fit some state). The first key of the ranking
    /// (see [`rank`](mod@rank)).
    pub evidence_bits: f64,
    /// How common the GEN is as the maker of values people hold, 1 to 3
    /// ([`rank::prior`]): the second key of the ranking.
    pub prior: u8,
    /// Bits the values reveal of the raw words.
    pub revealed_bits: u64,
    /// Bits of the GEN's state.
    pub state_bits: u64,
    /// About how many more values would settle it (the third key); `None`
    /// when more of the same values would not (recovery needs other
    /// draws, see `why`) or nothing says how many.
    pub more_values: Option<u64>,
    /// Whether its recovery was cut short (by the budget, or by another
    /// GEN's decisive fit): the values may already settle it.
    unfinished: bool,
}

impl Open {
    /// A reading left open for the reason `why` words, given the GEN's
    /// name: once with the GEN's, once with `GEN`.
    fn new(c: &Candidate, why: impl Fn(&str) -> String) -> Open {
        Open {
            generator: c.generator,
            draw: c.draw.clone(),
            why: why(c.generator.name()),
            why_any: why("GEN"),
            evidence_bits: 0.0,
            prior: rank::prior(c.generator.name()),
            revealed_bits: 0,
            state_bits: state_bits(c.generator),
            more_values: None,
            unfinished: false,
        }
    }
}

/// The overall answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one GEN (or one family sharing a state) fits decisively.
    Identified,
    /// Several unrelated GENs fit decisively.
    Ambiguous,
    /// Nothing fits decisively, but some GENs fit weakly or are still
    /// open: more values are needed.
    Underdetermined,
    /// Nothing fits and nothing is left open.
    NoneFits,
}

/// What [`detect`] found.
#[derive(Clone, Debug)]
pub struct Detection {
    /// The fits, families merged, best first: decisive before weak, one
    /// state before several, the widest margin first.
    pub fits: Vec<Fit>,
    /// GENs neither fitting nor ruled out, likeliest first (see
    /// [`rank`](mod@rank)).
    pub open: Vec<Open>,
    /// (GEN, draw) pairs tried (after the cheap checks).
    pub tried: usize,
    /// (GEN, draw) pairs the cheap checks ruled out.
    pub pruned: usize,
    /// The number of values (observations) given.
    pub values: usize,
}

impl Detection {
    /// The decisive fits.
    pub fn decisive(&self) -> impl Iterator<Item = &Fit> {
        self.fits.iter().filter(|f| f.decisive)
    }

    /// The overall answer: see [`Verdict`].
    pub fn verdict(&self) -> Verdict {
        match self.decisive().count() {
            1 => Verdict::Identified,
            0 if self.fits.is_empty() && self.open.is_empty() => Verdict::NoneFits,
            0 => Verdict::Underdetermined,
            _ => Verdict::Ambiguous,
        }
    }
}

/// Input [`detect`] refuses: the line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetectError(pub String);

impl fmt::Display for DetectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DetectError {}

/// Which generator made these values? See the module doc.
///
/// # Errors
/// [`DetectError`] for input that is neither bare values nor an
/// observation list any GEN reads.
pub fn detect(text: &str, options: &DetectOptions) -> Result<Detection, DetectError> {
    detect_readings(read_input(text)?, options)
}

/// [`detect`] for bare tokens, one a line, drawn from `alphabet` (the
/// ALPHABET grammar of `token IDIOM ALPHABET LENGTH`): every idiom of every
/// GEN that has one is tried, each token read as that many picks, and a fit
/// names its GEN and its idiom (`draw` is `token IDIOM ALPHABET`).
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::detect::{DetectOptions, Verdict, detect_tokens};
/// use rngkit_analysis::registry;
///
/// // Four tokens of CPython's random.choices after random.seed(1).
/// let python = registry::find("python").unwrap();
/// let mut rng = python.seed(&BigInt::from(1), &Default::default()).unwrap();
/// let draw = python.parse_draw("token", &["choices", "a-z0-9", "16"]).unwrap();
/// let text: String = (0..4).map(|_| format!("{}\n", draw.eval(&mut rng).format(false))).collect();
/// // A budget that a loaded machine does not run out of: the run ends as
/// // soon as the fit is decisive, not at the budget.
/// let options = DetectOptions { budget: std::time::Duration::from_secs(120), ..DetectOptions::default() };
/// let found = detect_tokens(&text, "a-z0-9", &options).unwrap();
/// assert_eq!(found.fits[0].generator.name(), "python");
/// assert_eq!(found.fits[0].draw, "token choices a-z0-9");
/// ```
///
/// # Errors
/// [`DetectError`] for a bad alphabet, a token with a character outside
/// it, or no token at all.
pub fn detect_tokens(
    text: &str,
    alphabet: &str,
    options: &DetectOptions,
) -> Result<Detection, DetectError> {
    detect_readings(candidates::read_tokens(text, alphabet)?, options)
}

/// The run over the readings of an input.
fn detect_readings(readings: Readings, options: &DetectOptions) -> Result<Detection, DetectError> {
    // Without a clock (wasm32-unknown-unknown has none) the run is the
    // sequential one, whose budget is in work, not time; everywhere else
    // even one thread is a pool of one worker watched against the budget.
    let clock = options.clock && HAS_CLOCK;
    let start = clock.then(Instant::now);
    let deadline = start.map(|s| s + options.budget);
    let Readings {
        candidates,
        pruned,
        values,
    } = readings;
    let tried = candidates.len();
    // Small states first: their recoveries are quick, and a decisive fit
    // among them ends the wait for the slow ones.
    let mut candidates = candidates;
    candidates.sort_by_key(|c| state_bits(c.generator));

    let (raw_fits, mut open, left) = run::run(&candidates, options, values, start, deadline, clock);
    rank::rank(&mut open, &candidates, &left, values, options);
    let fits = families(raw_fits);
    Ok(Detection {
        fits,
        open,
        tried,
        pruned,
        values,
    })
}
