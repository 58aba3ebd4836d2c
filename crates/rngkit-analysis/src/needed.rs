//! How many values pin a state: the smallest number of consecutive draws
//! from a freshly seeded generator from which [`crate::recover::recover`]
//! finds exactly one state, measured, next to the information bound.
//!
//! A *target* is one GEN read through one draw: each of its full-output
//! draws (the draws users hold bare values of, [`DynGen::bare_draws`]) and
//! its bounded-integer draw at `N` = 6 (a die), 100 (a percentage) and 2 (a
//! coin), where it has one. The bounded draw is found from the GEN's own
//! draw list by probing ([`bounded_draw`]), not from a list of GENs.
//!
//! *Pinned* means: recovery answers [`Recovered::Unique`], and that state
//! reproduces the observed values and the next [`CHECK_AHEAD`] values of the
//! true stream (so a wrong unique answer is not counted as a success).
//! [`values_needed`] tries growing counts: first the information bound,
//! then one more at a time below 16 and doubling above, until a count
//! pins, then bisection down to the smallest count that does; it checks the count just above the answer as well and
//! says whether the counts it tried were monotone (a count that pins
//! followed by a larger one that does not).
//!
//! [`DynGen::bare_draws`]: rngkit::registry::DynGen::bare_draws
//!
//! ```
//! use rngkit_analysis::needed::{Budget, Kind, Outcome, targets, values_needed};
//! use rngkit_analysis::registry;
//!
//! // One full SplitMix64 output is its whole state.
//! let splitmix = registry::find("splitmix64").unwrap();
//! let full = &targets(splitmix)[0];
//! assert_eq!(full.kind, Kind::Full);
//! assert_eq!(full.information_bound(splitmix), 1);
//! let Outcome::Pinned { values, .. } = values_needed(splitmix, &full.draw, 7, &Budget::default()) else {
//!     panic!("splitmix64 recovers from full outputs")
//! };
//! assert_eq!(values, 1);
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

use rngkit::number::BigInt;
use rngkit::registry::{Draw, Engine};

use crate::entry::Entry;
use crate::observe::{Observation, ObservationKind, ObservedValue};
use crate::recover::{Count, RecoverOptions, Recovered, fits, recover};

/// The `N` of the bounded draws measured: a die, a percentage, a coin.
pub const BOUNDS: [u32; 3] = [6, 100, 2];

/// The alphabet size of the token tables: letters and digits
/// (`a-zA-Z0-9`), the alphabet of most reset tokens and session ids.
pub const TOKEN_ALPHABET_SIZE: usize = 62;

/// Values of the true stream past the observed ones that a unique state
/// must also reproduce.
pub const CHECK_AHEAD: usize = 16;

/// The seeds of a table: `count` fixed, spread-out seeds below 2^31 that
/// every seed kind accepts (none is 0, which Unity.Mathematics refuses).
///
/// ```
/// let seeds = rngkit_analysis::needed::seeds(20);
/// assert_eq!(seeds.len(), 20);
/// assert!(seeds.iter().all(|&s| s > 0 && s < 1 << 31));
/// assert_eq!(&seeds[..3], &rngkit_analysis::needed::seeds(3)[..]);
/// ```
pub fn seeds(count: usize) -> Vec<u64> {
    // Multiples of the 32-bit golden ratio, reduced: no seed repeats for
    // any count a table uses, and none is a small number with structure.
    (1..=count as u64)
        .map(|i| (i.wrapping_mul(0x9e37_79b1) % 0x7fff_ffff).max(1))
        .collect()
}

/// What kind of values a target reads.
///
/// ```
/// use rngkit_analysis::needed::Kind;
/// assert_eq!(Kind::Bounded(6).to_string(), "dice (6)");
/// assert_eq!(Kind::Full.to_string(), "full");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A full-output draw.
    Full,
    /// The bounded-integer draw with `N` outcomes.
    Bounded(u32),
    /// One character of a token: the pick of the named idiom over an
    /// alphabet of [`TOKEN_ALPHABET_SIZE`] characters (a token of `L`
    /// characters is `L` such picks, so characters needed are picks needed).
    Token(&'static str),
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Full => f.write_str("full"),
            Kind::Bounded(6) => f.write_str("dice (6)"),
            Kind::Bounded(100) => f.write_str("percent (100)"),
            Kind::Bounded(2) => f.write_str("coin (2)"),
            Kind::Bounded(n) => write!(f, "bounded ({n})"),
            Kind::Token(idiom) => write!(f, "token {idiom} ({TOKEN_ALPHABET_SIZE})"),
        }
    }
}

/// One GEN read through one draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// Full output or bounded.
    pub kind: Kind,
    /// The draw as `gen` takes it, arguments included (`range-int 0 6`).
    pub draw: String,
    /// The most information one value carries, in bits: log2 N for a
    /// bounded draw, the resolution of a full output (its
    /// [`Yields`](rngkit::registry::Yields) bits: 53 for CPython's
    /// `random()`, 52 for V8's before 2025, 31 for PHP's `mt_rand()`). As
    /// the most, it makes [`Target::information_bound`] a true lower bound
    /// (a value may reveal less: bits a recovery cannot use linearly).
    pub bits_per_value: f64,
}

impl Target {
    /// The information bound: `ceil(state bits / bits per value)`, the
    /// fewest values that can single out one state.
    ///
    /// ```
    /// use rngkit_analysis::needed::{Kind, Target};
    /// use rngkit_analysis::registry;
    /// let dice = Target { kind: Kind::Bounded(6), draw: "range-int 0 6".into(), bits_per_value: 6f64.log2() };
    /// assert_eq!(dice.information_bound(registry::find("unity").unwrap()), 50); // 128 / 2.585
    /// ```
    pub fn information_bound(&self, entry: &Entry) -> u64 {
        if self.bits_per_value <= 0.0 {
            return u64::MAX;
        }
        // A hair below the quotient before rounding up, so that 19937 / 32
        // bits is 624 and 128 / 32 is exactly 4, not 5 by a rounding error.
        (f64::from(entry.state_bits()) / self.bits_per_value - 1e-9).ceil() as u64
    }
}

/// The targets of a GEN: its full-output draws, then its bounded draw at
/// each of [`BOUNDS`] where it has one.
///
/// ```
/// use rngkit_analysis::needed::{Kind, targets};
/// use rngkit_analysis::registry;
///
/// let unity = targets(registry::find("unity").unwrap());
/// assert!(unity.iter().any(|t| t.kind == Kind::Bounded(6) && t.draw == "range-int 0 6"));
/// let php = targets(registry::find("php").unwrap());
/// assert!(php.iter().any(|t| t.kind == Kind::Bounded(100) && t.draw == "mt-rand 0 99"));
/// // A bare generator has no engine draw to roll dice with.
/// assert!(targets(registry::find("xoshiro256ss").unwrap()).iter().all(|t| t.kind == Kind::Full));
/// ```
pub fn targets(entry: &Entry) -> Vec<Target> {
    let mut out: Vec<Target> = entry
        .bare_draws()
        .iter()
        .map(|bare| Target {
            kind: Kind::Full,
            draw: bare.draw.to_string(),
            bits_per_value: f64::from(bare.yields.bits()),
        })
        .collect();
    if let Some(make) = bounded_draw(entry) {
        for n in BOUNDS {
            out.push(Target {
                kind: Kind::Bounded(n),
                draw: make(n),
                bits_per_value: f64::from(n).log2(),
            });
        }
    }
    out
}

/// The token targets of a GEN: one a token idiom (`rngkit gen --help`,
/// TOKENS), each its pick over [`TOKEN_ALPHABET_SIZE`] characters, the
/// table of `docs/tokens.md`.
///
/// ```
/// use rngkit_analysis::needed::{Kind, token_targets};
/// use rngkit_analysis::registry;
///
/// let python = token_targets(registry::find("python").unwrap());
/// assert_eq!(python[0].kind, Kind::Token("choices"));
/// assert_eq!(python[0].draw, "floor 62");
/// // 19937 state bits at log2 62 bits a character.
/// assert_eq!(python[0].information_bound(registry::find("python").unwrap()), 3349);
/// assert!(token_targets(registry::find("pcg32").unwrap()).is_empty());
/// ```
pub fn token_targets(entry: &Entry) -> Vec<Target> {
    entry
        .idioms()
        .iter()
        .map(|idiom| Target {
            kind: Kind::Token(idiom.name),
            draw: idiom.pick_text(TOKEN_ALPHABET_SIZE),
            bits_per_value: (TOKEN_ALPHABET_SIZE as f64).log2(),
        })
        .collect()
}

fn parse_draw_text(entry: &Entry, text: &str) -> Option<Draw> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (name, args) = words.split_first()?;
    entry.parse_draw(name, args).ok()
}

/// A bounded draw's text for a given `N`.
pub type BoundedDraw = Box<dyn Fn(u32) -> String>;

/// The GEN's bounded-integer draw: the first of its engine draws (in the
/// order its `--help` lists them) that, for every `N` of [`BOUNDS`], gives
/// exactly the integers `0..N` (every one of them, nothing else, over many
/// values of a seeded stream) with one argument convention: `DRAW 0 N`
/// (exclusive: Unity's `range-int`), `DRAW 0 N-1` (inclusive: PHP's
/// `mt-rand`, CPython's `randint`), `DRAW N` (Java's `next-int BOUND`) or
/// `DRAW N-1` (mars's `next-int-inclusive N`), with as many arguments as
/// the draw's syntax takes (so Java's `next-int BOUND`, not its
/// `next-int ORIGIN BOUND`). `None` when no draw does
/// (bare generators, whose only integer draws are the common ones).
///
/// Probing the draws rather than naming them keeps this generic: a new GEN
/// with a bounded draw gets its rows in the table with no edit here.
///
/// ```
/// use rngkit_analysis::needed::bounded_draw;
/// use rngkit_analysis::registry;
/// let java = bounded_draw(registry::find("java").unwrap()).unwrap();
/// assert_eq!(java(6), "next-int 6");
/// let ruby = bounded_draw(registry::find("ruby").unwrap()).unwrap();
/// assert_eq!(ruby(100), "rand-int 100");
/// assert!(bounded_draw(registry::find("pcg32").unwrap()).is_none());
/// ```
pub fn bounded_draw(entry: &Entry) -> Option<BoundedDraw> {
    type Convention = fn(u32) -> Vec<String>;
    const CONVENTIONS: [Convention; 4] = [
        |n| vec!["0".into(), n.to_string()],
        |n| vec!["0".into(), (n - 1).to_string()],
        |n| vec![n.to_string()],
        |n| vec![(n - 1).to_string()],
    ];
    for info in entry.engine_draws() {
        let name = info.name();
        // The argument counts the syntax allows: its words after the name,
        // the bracketed ones optional (`mt-rand [MIN MAX]`: 0 or 2).
        let words: Vec<&str> = info.syntax.split_whitespace().skip(1).collect();
        let required = words.iter().take_while(|w| !w.starts_with('[')).count();
        for convention in CONVENTIONS {
            let arity = convention(2).len();
            if arity < required || arity > words.len() {
                continue;
            }
            let works = BOUNDS.iter().all(|&n| {
                let args = convention(n);
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                entry
                    .parse_draw(name, &args)
                    .is_ok_and(|draw| gives_exactly(entry, &draw, n))
            });
            if works {
                return Some(Box::new(move |n| {
                    core::iter::once(name.to_string())
                        .chain(convention(n))
                        .collect::<Vec<_>>()
                        .join(" ")
                }));
            }
        }
    }
    None
}

/// Whether `draw` gives every integer of `0..n` and nothing else over
/// `40 n` values (a value of `0..n` is missed with probability below
/// `n e^-40`).
fn gives_exactly(entry: &Entry, draw: &Draw, n: u32) -> bool {
    // From a start state rather than a seed: SpiderMonkey and
    // JavaScriptCore cannot be seeded, and their `floor N` is a bounded draw.
    let Ok(mut rng) = start_state(entry, seeds(1)[0]) else {
        return false;
    };
    let mut seen = vec![false; n as usize];
    for _ in 0..40 * n {
        let Ok(v) = draw.eval(&mut rng).format(false).parse::<i64>() else {
            return false;
        };
        match usize::try_from(v).ok().filter(|&v| v < n as usize) {
            Some(v) => seen[v] = true,
            None => return false,
        }
    }
    seen.iter().all(|&s| s)
}

/// The generator a run starts from: `seed(seed)`, or for a GEN that cannot
/// be seeded (SpiderMonkey's and JavaScriptCore's `Math.random`, seeded
/// from the OS), the state whose words are SplitMix64 outputs from `seed`
/// (cut to the word width).
///
/// # Errors
/// The seed's or the state's error, as text.
///
/// ```
/// use rngkit_analysis::needed::start_state;
/// use rngkit_analysis::registry;
/// let unity = registry::find("unity").unwrap();
/// let seeded = unity.seed(&rngkit::number::BigInt::from(5), &Default::default()).unwrap();
/// assert_eq!(start_state(unity, 5).unwrap(), seeded);
/// // SpiderMonkey seeds from the OS: a state from the seed instead.
/// assert!(start_state(registry::find("spidermonkey").unwrap(), 5).is_ok());
/// ```
pub fn start_state(entry: &Entry, seed: u64) -> Result<Engine, String> {
    if entry.info().seed_kind != rngkit::registry::SeedKind::Unseedable {
        return entry
            .seed(&BigInt::from(seed), &Default::default())
            .map_err(|e| e.to_string());
    }
    let mut mix = rngkit::generators::SplitMix64::new(seed);
    let mask = if entry.word_bits() == 64 {
        u64::MAX
    } else {
        (1 << entry.word_bits()) - 1
    };
    let words: Vec<u64> = (0..entry.word_count())
        .map(|_| rngkit::WordRng::next_word(&mut mix) & mask)
        .collect();
    entry.from_words(&words).map_err(|e| e.to_string())
}

/// Limits of one [`values_needed`] run (one GEN, one draw, one seed).
///
/// ```
/// use rngkit_analysis::needed::Budget;
/// let budget = Budget { time: std::time::Duration::from_secs(2), ..Budget::default() };
/// assert_eq!(budget.threads, 1);
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    /// Recovery time for all the counts tried together; past it the answer
    /// is [`Outcome::OverBudget`]. Checked between attempts: one attempt
    /// runs to its end.
    pub time: Duration,
    /// The most values an attempt may observe.
    pub max_values: usize,
    /// The candidate states a search inside one recovery may check
    /// ([`RecoverOptions::max_candidates`]).
    pub max_candidates: u64,
    /// Worker threads for one recovery.
    pub threads: usize,
}

impl Default for Budget {
    /// 10 s, 2^16 values, 2^30 candidates (about a second of Java's residue
    /// scan), one thread (the times in the table are one core's).
    fn default() -> Self {
        Budget {
            time: Duration::from_secs(10),
            max_values: 1 << 16,
            max_candidates: 1 << 30,
            threads: 1,
        }
    }
}

/// What [`values_needed`] found.
///
/// ```
/// use rngkit_analysis::needed::{Budget, Outcome, values_needed};
/// use rngkit_analysis::registry;
/// // A PCG32 GEN's float draws are refused: recovery needs a full output.
/// let godot = registry::find("godot").unwrap();
/// assert!(matches!(values_needed(godot, "randf", 1, &Budget::default()), Outcome::Unsupported(_)));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// `values` consecutive values pin the state; `values - 1` do not.
    Pinned {
        /// The smallest count that pins.
        values: usize,
        /// The recovery time at that count.
        time: Duration,
        /// Whether every count tried above `values` pinned too, and every
        /// count below it did not.
        monotone: bool,
    },
    /// The budget ran out before the search ended.
    OverBudget {
        /// The largest count tried.
        tried: usize,
        /// The smallest count that pinned, when one did (the answer is at
        /// most this; the bisection below it did not finish).
        pinned_at: Option<usize>,
        /// What the last attempt that did not pin answered.
        last: String,
    },
    /// Several states fit however many values come: the same number at
    /// three successive counts tried. They differ in bits the
    /// draw never shows (PHP's `mt_rand()` drops the low bit of every
    /// tempered word).
    NeverUnique {
        /// How many states fit.
        states: Count,
        /// The largest count tried.
        tried: usize,
        /// Whether all of them predict the next [`CHECK_AHEAD`] values;
        /// `None` when recovery did not list them (too many).
        agree: Option<bool>,
    },
    /// Recovery has no method for this GEN and draw, finds no state for
    /// the true values, or refuses the draw
    /// with the same message at three successive counts tried (the
    /// message says why).
    Unsupported(String),
}

/// The smallest number of consecutive values of `draw` (as `gen` takes it)
/// from `entry` seeded with `seed` that pins the state (see the module doc
/// for the definition and the search), starting at the information bound.
pub fn values_needed(entry: &Entry, draw: &str, seed: u64, budget: &Budget) -> Outcome {
    let bound = targets(entry)
        .into_iter()
        .chain(token_targets(entry))
        .find(|t| t.draw == draw)
        .map_or(1, |t| t.information_bound(entry));
    values_needed_from(entry, draw, seed, budget, bound)
}

/// [`values_needed`] with the first count to try given: another seed's
/// answer, which usually saves the doubling (a table's later seeds start
/// at the earlier seeds' answer). The answer does not depend on `first`
/// when recovery is monotone.
///
/// ```
/// use rngkit_analysis::needed::{Budget, Outcome, values_needed_from};
/// use rngkit_analysis::registry;
///
/// // Four full words pin xorshift128, whichever count the search starts at.
/// let xorshift = registry::find("xorshift128").unwrap();
/// for first in [1, 4, 40] {
///     let outcome = values_needed_from(xorshift, "u32", 9, &Budget::default(), first);
///     assert!(matches!(outcome, Outcome::Pinned { values: 4, monotone: true, .. }));
/// }
/// ```
pub fn values_needed_from(
    entry: &Entry,
    draw: &str,
    seed: u64,
    budget: &Budget,
    first: u64,
) -> Outcome {
    let Some(parsed) = parse_draw_text(entry, draw) else {
        return Outcome::Unsupported(format!("{entry} has no draw `{draw}`"));
    };
    if !entry.can_recover() {
        return Outcome::Unsupported(format!("{entry} has no state recovery"));
    }
    let start = match start_state(entry, seed) {
        Ok(rng) => rng,
        Err(e) => return Outcome::Unsupported(e),
    };
    let mut search = Search {
        entry,
        draw: parsed,
        start,
        observations: Vec::new(),
        options: RecoverOptions {
            // A seeded run starts a fresh context (V8's cache position); a
            // state made up for a GEN that cannot be seeded is not one
            // (JavaScriptCore's fresh contexts are 32-bit seeds, which
            // `--fresh` searches).
            fresh: entry.info().seed_kind != rngkit::registry::SeedKind::Unseedable,
            threads: budget.threads.max(1),
            max_candidates: budget.max_candidates,
            ..RecoverOptions::default()
        },
        tried: BTreeMap::new(),
        spent: Duration::ZERO,
        last: String::new(),
        last_error: None,
        last_several: None,
        last_states: Vec::new(),
    };
    match search.run(budget, first.clamp(1, budget.max_values as u64) as usize) {
        Ok(outcome) | Err(outcome) => outcome,
    }
}

impl Search<'_> {
    /// The search of [`values_needed_from`]; `Err` ends it early.
    fn run(&mut self, budget: &Budget, first: usize) -> Result<Outcome, Outcome> {
        // Grow from `first` until a count pins.
        let mut fail = 0usize;
        let mut count = first;
        let mut refusals = 0;
        let mut plateau = 0;
        let pinned = loop {
            let (error_before, several_before) = (self.last_error.clone(), self.last_several);
            if self.attempt(count, budget)? {
                break count;
            }
            fail = count;
            // The same refusal three times: the draw is out of the
            // method's reach, however many values come.
            // (Numbers in the message may grow with the count.)
            let shape = |e: &String| e.replace(|c: char| c.is_ascii_digit(), "");
            refusals = match (&self.last_error, &error_before) {
                (Some(e), Some(b)) if shape(e) == shape(b) => refusals + 1,
                _ => 0,
            };
            if refusals == 2 {
                return Err(Outcome::Unsupported(self.last.clone()));
            }
            // The same number of states three times: they differ in bits
            // the draw never shows (or, 2^(state bits), the draw shows
            // this method nothing).
            plateau = match self.last_several {
                Some(n) if Some(n) == several_before => plateau + 1,
                _ => 0,
            };
            if plateau == 2 {
                let (states, agree) = self.plateau_states(count);
                return Err(Outcome::NeverUnique {
                    states,
                    tried: count,
                    agree,
                });
            }
            if count >= budget.max_values {
                return Err(self.over());
            }
            // Small counts step by one (as cheap as bisecting, and it
            // spares an attempt when the answer is just above the bound).
            count = if count < 16 { count + 1 } else { count * 2 }.min(budget.max_values);
        };
        // Shrink: the count just below first (the usual answer when the
        // first count pins), then bisection.
        let mut pin = pinned;
        if pin - 1 > fail {
            if self.attempt(pin - 1, budget)? {
                pin -= 1;
            } else {
                fail = pin - 1;
            }
        }
        while pin - fail > 1 {
            let mid = fail + (pin - fail) / 2;
            if self.attempt(mid, budget)? {
                pin = mid;
            } else {
                fail = mid;
            }
        }
        // One count above, to see the answer is not a lucky dip, while
        // the budget allows.
        if pin < budget.max_values && self.spent * 2 < budget.time {
            let _ = self.attempt(pin + 1, budget);
        }
        let time = self.tried[&pin].1;
        let monotone = self.tried.iter().all(|(&n, &(ok, _))| ok == (n >= pin));
        Ok(Outcome::Pinned {
            values: pin,
            time,
            monotone,
        })
    }
}

struct Search<'a> {
    entry: &'a Entry,
    draw: Draw,
    start: Engine,
    /// The true stream's values, as observations, grown on demand.
    observations: Vec<Observation>,
    options: RecoverOptions,
    /// Count -> (pinned, recovery time).
    tried: BTreeMap<usize, (bool, Duration)>,
    spent: Duration,
    /// What the last attempt that did not pin answered.
    last: String,
    /// The last attempt's error, when it was one (refusals repeat).
    last_error: Option<String>,
    /// The last attempt's number of fitting states, when several.
    last_several: Option<Count>,
    /// And those states, when recovery listed them.
    last_states: Vec<Engine>,
}

impl Search<'_> {
    /// Whether `count` values pin the state; `Err` with the answer when
    /// the budget is spent before the attempt, or when no state fits (true
    /// values that fit no state: the method's model of the draw does not
    /// hold, and more values will not change that).
    fn attempt(&mut self, count: usize, budget: &Budget) -> Result<bool, Outcome> {
        if let Some(&(ok, _)) = self.tried.get(&count) {
            return Ok(ok);
        }
        if self.spent > budget.time {
            return Err(self.over());
        }
        self.grow(count + CHECK_AHEAD);
        let begun = Instant::now();
        let answer = recover(self.entry, &self.observations[..count], &self.options);
        let took = begun.elapsed();
        self.spent += took;
        self.last_error = None;
        self.last_several = None;
        self.last_states.clear();
        let ok = match answer {
            Ok(Recovered::Unique(state)) => {
                let ok = fits(&self.observations[..count + CHECK_AHEAD], &state);
                if !ok {
                    self.last = format!("at {count} values, a unique state that mispredicts");
                }
                ok
            }
            Ok(Recovered::Several { count: c, states }) => {
                self.last = format!("at {count} values, {c} states");
                self.last_states = states;
                self.last_several = Some(c);
                false
            }
            Ok(Recovered::OverBudget { count: c, .. }) => {
                self.last = format!("at {count} values, {c} states, over the candidate budget");
                // A bound above one state that stays put (the values show
                // the method nothing it can read: a scrambled output's
                // doubles) is a plateau like a count of states; an
                // estimate ("about") falls as values come, and "at most
                // one" over budget is a search a larger budget may finish.
                if matches!(c, Count::AtMost(n) if n > 0) {
                    self.last_several = Some(c);
                }
                false
            }
            Ok(Recovered::NoneFits) => {
                return Err(Outcome::Unsupported(format!(
                    "no state fits {count} true values: the recovery's model of the draw does not hold"
                )));
            }
            Err(e) => {
                self.last = e.to_string();
                self.last_error = Some(self.last.clone());
                false
            }
        };
        self.tried.insert(count, (ok, took));
        Ok(ok)
    }

    /// How many states fit `count` values (the last attempt), and whether
    /// all of them predict the next [`CHECK_AHEAD`] values (when listed).
    fn plateau_states(&self, count: usize) -> (Count, Option<bool>) {
        let agree = (!self.last_states.is_empty()).then(|| {
            self.last_states
                .iter()
                .all(|s| fits(&self.observations[..count + CHECK_AHEAD], s))
        });
        (self.last_several.unwrap_or(Count::Exact(0)), agree)
    }

    fn grow(&mut self, count: usize) {
        let mut rng = self.start.clone();
        if !self.observations.is_empty() {
            // Replay to where the values end (cheap next to recovery).
            for obs in &self.observations {
                if let ObservationKind::Draw { draw, .. } = &obs.kind {
                    draw.eval(&mut rng);
                }
            }
        }
        while self.observations.len() < count {
            let text = self.draw.eval(&mut rng).format(false);
            let value = ObservedValue::parse(&text).expect("a drawn value parses");
            self.observations.push(Observation {
                line: self.observations.len() + 1,
                kind: ObservationKind::Draw {
                    draw: self.draw.clone(),
                    value,
                },
            });
        }
    }

    fn over(&self) -> Outcome {
        Outcome::OverBudget {
            tried: self.tried.keys().max().copied().unwrap_or(0),
            pinned_at: self.tried.iter().find(|(_, (ok, _))| *ok).map(|(&n, _)| n),
            last: self.last.clone(),
        }
    }
}
