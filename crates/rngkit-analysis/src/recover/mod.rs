//! State recovery: the state just before the first observed draw, from the
//! observations alone.
//!
//! The methods (which GEN uses which is its catalogue line,
//! [`crate::registry`]):
//!
//! * [`linear`]: every F2-linear generator with a [`linear::LinearView`]:
//!   rank, the number of states that fit the linear equations, and, when at
//!   most [`ENUMERATE_LIMIT`] fit, each of them verified against every
//!   observation (the non-linear ones too).
//! * [`lattice`]: truncated LCGs modulo a power of two (the 48-bit LCGs).
//!
//! The generator-specific methods live with their generator
//! (`generators/<name>/`), over the types of this module:
//! [`recover_full`](crate::generators::mt19937::recover_full) and
//! [`recover_partial`](crate::generators::mt19937::recover_partial): the
//! Mersenne Twister from 624 consecutive full outputs, or else any revealed
//! bits as equations in the 19 937 state bits (the low 8 bits of about 4000
//! outputs pin the state);
//! [`candidates`](crate::generators::pcg32::candidates): PCG from full
//! outputs with a known increment;
//! [`unmix`](crate::generators::splitmix64::unmix): SplitMix from one full
//! output.
//!
//! Each GEN's method is reached through its registry entry
//! ([`crate::registry::Entry::recover`]); [`recover`] adds the checks they
//! share. It takes anything [`Recoverable`] (an entry is), so this module
//! names no catalogue type.
//!
//! ```
//! use rngkit::number::BigInt;
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::recover::{Recovered, RecoverOptions, recover};
//! use rngkit_analysis::registry;
//!
//! // Eight `Random.value`s after InitState(0) (reference facts) pin the state.
//! let unity = registry::find("unity").unwrap();
//! let mut rng = unity.seed(&BigInt::from(0), &Default::default()).unwrap();
//! let text: String = (0..8)
//!     .map(|_| format!("value = {}\n", rngkit::engines::unity::value_from_word(rng.next_word() as u32)))
//!     .collect();
//! let obs = parse_observations(unity, &text).unwrap();
//! let Recovered::Unique(state) = recover(unity, &obs, &RecoverOptions::default()).unwrap() else {
//!     panic!("expected one state")
//! };
//! assert_eq!(state.words(), vec![0, 1, 1812433254, 1900727103]);
//! ```

pub mod lattice;
pub mod linear;
pub mod stream;

use std::fmt;

use rngkit::registry::Engine;

use crate::observe::{Described, Observation, layout, matches_all};

/// Recovery steps its basis generators through the observations one step
/// at a time, so it stops at observations further in than this.
pub const MAX_OFFSET: u64 = 1 << 24;

/// At most this many linear solutions are enumerated and verified one by one.
pub const ENUMERATE_LIMIT: u128 = 1 << 16;

/// Options for [`recover`].
#[derive(Clone, Debug)]
pub struct RecoverOptions {
    /// PCG32's increment (`(stream << 1) | 1`); default stream 54.
    pub pcg_increment: u64,
    /// Worker threads for the searches and enumerations that split (PCG32,
    /// the MT19937 partial-word solver, the 48-bit LCG lattices).
    pub threads: usize,
    /// `--fresh`: the first observation is the first draw of a fresh
    /// context (a new process, page or realm). For V8 this fixes the cache
    /// position (the first call refills); for JavaScriptCore it limits the
    /// state to the 2^32 seeded ones and searches them
    /// ([`crate::generators::javascriptcore`]); other generators ignore it.
    pub fresh: bool,
    /// The most candidate states a search inside recovery may check before
    /// it answers [`Recovered::OverBudget`] instead (java's residue scan
    /// for `next-int N` draws, about 1.1 G candidates a second per core);
    /// default 2^36.
    pub max_candidates: u64,
    /// Advanced by the searches that can take seconds or more (java's
    /// residue scan, PCG32's candidates, V8's carry search), for a front end
    /// that shows progress; a clone of the caller's handle.
    pub progress: crate::progress::Progress,
    /// Set from another thread to make the long searches inside recovery
    /// (PCG32's guesses, V8's carry search, java's residue scan) give up
    /// soon: a caller with a time budget ([`crate::detect`]) then joins
    /// its threads instead of leaving them running. What a stopped
    /// recovery answers is meaningless and must be discarded.
    pub stop: Stop,
}

/// A flag that tells a running recovery to give up (see
/// [`RecoverOptions::stop`]); unset by default, and cheap to check.
///
/// ```
/// use rngkit_analysis::recover::Stop;
///
/// let stop = Stop::new();
/// let seen_by_workers = stop.clone();
/// assert!(!seen_by_workers.is_set());
/// stop.set();
/// assert!(seen_by_workers.is_set());
/// assert!(!Stop::default().is_set());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Option<std::sync::Arc<std::sync::atomic::AtomicBool>>);

impl Stop {
    /// A flag that can be set (the default one never is).
    pub fn new() -> Self {
        Stop(Some(std::sync::Arc::new(
            std::sync::atomic::AtomicBool::new(false),
        )))
    }

    /// A stop that `flag` sets: a front end's own flag (the CLI's signal
    /// handler sets one on Ctrl-C), seen by every clone.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use rngkit_analysis::recover::Stop;
    ///
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let stop = Stop::from_flag(flag.clone());
    /// assert!(!stop.is_set());
    /// flag.store(true, Ordering::SeqCst);
    /// assert!(stop.clone().is_set());
    /// ```
    pub fn from_flag(flag: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Self {
        Stop(Some(flag))
    }

    /// Tells every holder of a clone to stop.
    pub fn set(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Whether this flag can ever be set (not the default one).
    ///
    /// ```
    /// use rngkit_analysis::recover::Stop;
    ///
    /// assert!(Stop::new().can_be_set());
    /// assert!(!Stop::default().can_be_set());
    /// ```
    pub fn can_be_set(&self) -> bool {
        self.0.is_some()
    }

    /// Whether [`Stop::set`] was called on this flag or a clone.
    pub fn is_set(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl Default for RecoverOptions {
    fn default() -> Self {
        RecoverOptions {
            pcg_increment: (54 << 1) | 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            fresh: false,
            max_candidates: 1 << 36,
            progress: crate::progress::Progress::default(),
            stop: Stop::default(),
        }
    }
}

/// What the observations say about the state.
#[derive(Clone, Debug)]
// One value per recovery: the size of an MT19937 state inline is no cost.
#[allow(clippy::large_enum_variant)]
pub enum Recovered {
    /// Exactly one state fits.
    Unique(Engine),
    /// Several states fit; `states` lists them when they were enumerated.
    Several {
        /// How many states fit (for linear generators: solutions of the
        /// linear equations, all verified when `states` is not empty).
        count: Count,
        /// The fitting states, when few enough to list.
        states: Vec<Engine>,
    },
    /// No state fits every observation.
    NoneFits,
    /// The input is valid, but listing the states that fit would take a
    /// search larger than the recovery's budget: `count` says how many
    /// remain (a bound or an estimate, as its variant says) and `advice`
    /// what to add (more values, or a sharded `seed-search`). The CLI exits
    /// 3 with both, as for [`Recovered::Several`].
    OverBudget {
        /// How many states may still fit.
        count: Count,
        /// What would pin one: a sentence for the user.
        advice: String,
    },
}

/// A number of states: exact, a power of two, a bound or an estimate.
///
/// ```
/// use rngkit_analysis::recover::Count;
/// assert_eq!(Count::Exact(3).to_string(), "3");
/// assert_eq!(Count::PowerOfTwo(17).to_string(), "2^17");
/// assert_eq!(Count::AtMost(24).to_string(), "at most 2^24");
/// assert_eq!(Count::About(5).to_string(), "about 2^5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many.
    Exact(u128),
    /// 2^n (not enumerated).
    PowerOfTwo(u32),
    /// At most 2^n: a bound, from the part of the observations a method
    /// could count (the low bits of a bounded draw, a lattice's volume);
    /// the rest filters further. Printed `at most 2^n`.
    AtMost(u32),
    /// About 2^n: an estimate (the state's bits less the bits the
    /// observations reveal), neither counted nor a bound. Printed `about
    /// 2^n`.
    About(u32),
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "{n}"),
            Count::PowerOfTwo(n) => write!(f, "2^{n}"),
            Count::AtMost(n) => write!(f, "at most 2^{n}"),
            Count::About(n) => write!(f, "about 2^{n}"),
        }
    }
}

/// Why recovery could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecoverError(pub String);

impl fmt::Display for RecoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecoverError {}

/// A GEN with a recovery method, as [`recover`] runs it: its core
/// description (for the output width) and its own method, without the
/// checks [`recover`] adds. A catalogue entry
/// ([`crate::entry::Entry`]) is one.
pub trait Recoverable: Described {
    /// The GEN's own recovery.
    ///
    /// # Errors
    /// [`RecoverError`] when the GEN has no recovery or the observations
    /// are out of its reach.
    fn recover_with_method(
        &self,
        observations: &[Observation],
        options: &RecoverOptions,
    ) -> Result<Recovered, RecoverError>;
}

impl<T: Recoverable + ?Sized> Recoverable for &T {
    fn recover_with_method(
        &self,
        observations: &[Observation],
        options: &RecoverOptions,
    ) -> Result<Recovered, RecoverError> {
        (**self).recover_with_method(observations, options)
    }
}

/// Recovers the state just before the first observed draw, with the GEN's
/// own method.
///
/// # Errors
/// [`RecoverError`] for an observation set this recovery cannot handle
/// (no method for the GEN, PCG32 without a full output, SplitMix64 without
/// a full `u64`, MT19937 partial words further in than
/// [`MAX_PARTIAL_OFFSET`](crate::generators::mt19937::recover_partial::MAX_PARTIAL_OFFSET), anything further in than
/// [`MAX_OFFSET`]).
pub fn recover<G: Recoverable + ?Sized>(
    entry: &G,
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let lay = layout(observations, entry.description().output_bits(), true);
    if let Some(last) = lay.constraints.last().filter(|c| c.offset > MAX_OFFSET) {
        return Err(RecoverError(format!(
            "the observations reach {} steps in; recovery follows at most {MAX_OFFSET}",
            last.offset
        )));
    }
    entry.recover_with_method(observations, options)
}

/// Whether `rng`'s stream gives every observation (on a copy).
pub fn fits(observations: &[Observation], rng: &Engine) -> bool {
    matches_all(observations, &mut rng.clone())
}

/// The answer for a list of verified states.
pub fn conclude(mut states: Vec<Engine>) -> Recovered {
    match states.len() {
        0 => Recovered::NoneFits,
        1 => Recovered::Unique(states.remove(0)),
        n => Recovered::Several {
            count: Count::Exact(n as u128),
            states,
        },
    }
}
