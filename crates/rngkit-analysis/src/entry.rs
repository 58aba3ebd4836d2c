//! What the analysis crate can do with one GEN: [`Entry`], built with
//! [`entry`] and its [`Builder`], and the types of its capabilities.
//!
//! This is the framework's side of the catalogue: it names no generator.
//! The catalogue itself ([`crate::registry`]) lists one [`Entry`] per GEN,
//! so the modules that use GENs never import the list of generators. The
//! observation parser, recovery and search do not name `Entry` either: they
//! take the traits an entry implements here
//! ([`Described`](crate::observe::Described),
//! [`Recoverable`](crate::recover::Recoverable),
//! [`Searchable`](crate::search::Searchable)), so `entry` depends on them
//! and not the other way round.
//!
//! ```
//! use rngkit::registry::of;
//! use rngkit::generators::Pcg32;
//! use rngkit_analysis::entry::{entry, RecoveryCost};
//!
//! // An entry with no capability beyond the core's (seeding, draws).
//! let plain = entry::<Pcg32>().done();
//! assert_eq!(plain.name(), "pcg32");
//! assert!(!plain.can_recover());
//! assert_eq!(plain.recovery_cost(), RecoveryCost::Quick);
//! ```

use std::fmt;
use std::marker::PhantomData;

use rngkit::StateWords;
use rngkit::number::BigInt;
use rngkit::registry::{DynGen, Engine, Gen, Seed, SeedError, SeedOptions, of};

use crate::identify::Identified;
use crate::notes::{Notes, Page};
use crate::observe::Observation;
use crate::recover::{RecoverError, RecoverOptions, Recovered};
pub use crate::search::{ScanFn, SeedBitsFn};
use crate::{Distance, DistanceError, Jump};

/// Moves a generator `n` raw steps, forwards or backwards.
pub type JumpFn = fn(&mut Engine, u128, bool);
/// Moves a generator forwards by a count of any size; `false` when it cannot.
pub type JumpBigFn = fn(&mut Engine, &BigInt) -> bool;
/// The distance between two states, with an optional search bound.
pub type DistanceFn = fn(&Engine, &Engine, Option<u128>) -> Result<u128, DistanceError>;
/// State recovery from observations.
pub type RecoverFn = fn(&[Observation], &RecoverOptions) -> Result<Recovered, RecoverError>;
/// Seed identification from a state, with a bound on the advance.
pub type IdentifyFn = fn(&Engine, Option<u64>) -> Option<Identified>;

/// One GEN and what the analysis can do with it.
#[derive(Clone, Copy)]
pub struct Entry {
    spec: &'static dyn DynGen,
    jump: Option<JumpFn>,
    jump_big: Option<JumpBigFn>,
    distance: Option<DistanceFn>,
    fast_distance: bool,
    period: Option<fn() -> BigInt>,
    recover: Option<RecoverFn>,
    scan: Option<ScanFn>,
    seed_bits: Option<SeedBitsFn>,
    identify: Option<IdentifyFn>,
    identify_unbounded: bool,
    search_bits: Option<u32>,
    own_kernel: bool,
    unseeded: Option<&'static str>,
    recovery_cost: RecoveryCost,
    notes: Notes,
    page: Option<Page>,
}

/// How long a GEN's recovery may take on a few values, for callers that run
/// several recoveries at once and order them (`detect` starts the quick
/// ones first and leaves the unbounded ones to its parallel run). Ordered
/// from quick to unbounded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RecoveryCost {
    /// Fractions of a second: linear algebra, small scans.
    #[default]
    Quick,
    /// Up to a second on a few values (SpiderMonkey's and JavaScriptCore's
    /// sums: a search over bit planes): tried after the quick ones, so
    /// that values of a linear GEN are settled first, but run everywhere.
    Search,
    /// Seconds on a few values (V8's sum eras: a carry search over bit
    /// planes): tried after the quick ones, and skipped below a few values
    /// where no thread can be spared.
    Slow,
    /// No small bound on its work (PCG32: 2^27 hidden bits for each of 32
    /// rotations): left to a run that has threads to spare.
    Unbounded,
}

impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.spec.name())
            .field("jump", &self.jump.is_some())
            .field("distance", &self.distance.is_some())
            .field("recover", &self.recover.is_some())
            .field("seed_search", &self.scan.is_some())
            .field("identify", &self.identify.is_some())
            .finish()
    }
}

impl fmt::Display for Entry {
    /// The GEN's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec.name())
    }
}

impl crate::observe::Described for Entry {
    fn description(&self) -> &dyn DynGen {
        self.spec
    }
}

impl crate::recover::Recoverable for Entry {
    fn recover_with_method(
        &self,
        observations: &[Observation],
        options: &RecoverOptions,
    ) -> Result<Recovered, RecoverError> {
        self.recover(observations, options)
    }
}

impl crate::search::Searchable for Entry {
    fn scan_fn(&self) -> Option<ScanFn> {
        self.scan
    }

    fn seed_bits_fn(&self) -> Option<SeedBitsFn> {
        self.seed_bits
    }

    fn search_bits(&self) -> Option<u32> {
        self.seed_search_bits()
    }
}

impl std::ops::Deref for Entry {
    type Target = dyn DynGen;

    /// The core description: name, seeding, state, draws.
    fn deref(&self) -> &(dyn DynGen + 'static) {
        self.spec
    }
}

/// Why an analysis could not run on a GEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsupported {}

impl Entry {
    /// The core description.
    pub fn spec(&self) -> &'static dyn DynGen {
        self.spec
    }

    /// Whether `advance` works with negative and huge counts.
    pub fn can_jump(&self) -> bool {
        self.jump.is_some()
    }

    /// Whether `distance` has a method.
    pub fn can_measure_distance(&self) -> bool {
        self.distance.is_some()
    }

    /// Whether `distance` is exact without a bound (else it searches up to
    /// `--max`).
    pub fn has_fast_distance(&self) -> bool {
        self.fast_distance
    }

    /// Whether `recover` has a method.
    pub fn can_recover(&self) -> bool {
        self.recover.is_some()
    }

    /// Whether `seed-search` has a kernel.
    pub fn can_search_seeds(&self) -> bool {
        self.scan.is_some()
    }

    /// The width of the seeds `seed-search` covers: the seed kind's, or 32
    /// for GENs whose wider seeds only matter through their low 32 bits
    /// (PHP's `mt_srand`) or whose 32-bit seeds are the ones searched
    /// (CPython's and Ruby's integers of any size); `None` without a search.
    ///
    /// ```
    /// let php = rngkit_analysis::registry::find("php").unwrap();
    /// assert_eq!(php.seed_search_bits(), Some(32));
    /// ```
    pub fn seed_search_bits(&self) -> Option<u32> {
        self.search_bits.or(self.spec.info().seed_kind.bits())
    }

    /// Whether `seed-search` runs a kernel of the GEN's own (else the
    /// generic one, which seeds and steps every seed).
    ///
    /// ```
    /// use rngkit_analysis::registry::find;
    ///
    /// assert!(find("python").unwrap().has_own_seed_kernel());
    /// assert!(!find("unity").unwrap().has_own_seed_kernel());
    /// ```
    pub fn has_own_seed_kernel(&self) -> bool {
        self.own_kernel
    }

    /// What a program that never seeds the GEN's generator gets, when the
    /// runtime seeds it from the OS (no seed search can find such a seed).
    ///
    /// ```
    /// let python = rngkit_analysis::registry::find("python").unwrap();
    /// assert!(python.unseeded_note().unwrap().contains("os.urandom"));
    /// ```
    pub fn unseeded_note(&self) -> Option<&'static str> {
        self.unseeded
    }

    /// Whether `identify` has a method.
    pub fn can_identify(&self) -> bool {
        self.identify.is_some()
    }

    /// How long its recovery may take on a few values (see
    /// [`RecoveryCost`]).
    pub fn recovery_cost(&self) -> RecoveryCost {
        self.recovery_cost
    }

    /// What its recovery and seed search do and need, in words (see
    /// [`Notes`]).
    ///
    /// ```
    /// let java = rngkit_analysis::registry::find("java").unwrap();
    /// assert!(java.notes().recover.contains("next-int"));
    /// ```
    pub fn notes(&self) -> &Notes {
        &self.notes
    }

    /// Where the documentation describes it (see [`Page`]); `None` for a
    /// GEN without a page of its own.
    pub fn page(&self) -> Option<Page> {
        self.page
    }

    /// Whether seed identification needs no bound on the advance.
    pub fn identify_is_unbounded(&self) -> bool {
        self.identify_unbounded
    }

    /// The period in raw steps, where it is known.
    pub fn period(&self) -> Option<BigInt> {
        self.period.map(|p| p())
    }

    /// Moves `rng` by `steps` raw steps (negative: backwards), any size:
    /// reduced modulo the period where it is known. Without a jump, only
    /// forward steps below 2^64 work (by stepping).
    ///
    /// # Errors
    /// [`Unsupported`] when the GEN cannot go there.
    pub fn advance(&self, rng: &mut Engine, steps: &BigInt) -> Result<(), Unsupported> {
        let Some(jump) = self.jump else {
            return match (steps.is_negative(), steps.magnitude_u128()) {
                (false, Some(n)) if n <= u128::from(u64::MAX) => {
                    rng.discard(n as u64);
                    Ok(())
                }
                _ => Err(Unsupported(format!(
                    "{} cannot step back or jump; --advance takes 0..2^64 here",
                    self.spec.name()
                ))),
            };
        };
        let (forward, magnitude) = match self.period() {
            Some(period) => {
                let r = steps.magnitude_rem(&period);
                // Backwards r steps is forwards period - r: take the shorter.
                let back = r.complement_in(&period);
                let (fwd, r) = if steps.is_negative() {
                    (false, r)
                } else {
                    (true, r)
                };
                match (r.magnitude_u128(), back.magnitude_u128()) {
                    (Some(n), _) => (fwd, n),
                    (None, Some(n)) => (!fwd, n),
                    (None, None) => {
                        // Beyond 2^128 both ways: a forward jump of the
                        // reduced count.
                        let forward_count = if fwd { r } else { back };
                        if self.jump_big.is_some_and(|j| j(rng, &forward_count)) {
                            return Ok(());
                        }
                        return Err(Unsupported(format!(
                            "{}: advancing by {steps} needs a jump beyond 2^128 steps, which is not implemented",
                            self.spec.name()
                        )));
                    }
                }
            }
            None => match steps.magnitude_u128() {
                Some(n) => (!steps.is_negative(), n),
                None => {
                    return Err(Unsupported(format!(
                        "{}: |--advance| must be below 2^128",
                        self.spec.name()
                    )));
                }
            },
        };
        jump(rng, magnitude, forward);
        Ok(())
    }

    /// The number of raw steps from `from` to `to` (see [`Distance`]).
    ///
    /// # Errors
    /// [`DistanceError`] from the method, or `Unsupported` wrapped as
    /// [`DistanceError::Unsupported`].
    pub fn distance(
        &self,
        from: &Engine,
        to: &Engine,
        max: Option<u128>,
    ) -> Result<u128, DistanceError> {
        match self.distance {
            Some(d) => d(from, to, max),
            None => Err(DistanceError::Unsupported(self.spec.name())),
        }
    }

    /// Recovers the state before the first observation.
    ///
    /// # Errors
    /// [`RecoverError`] when the GEN has no recovery or the observations
    /// are out of its reach.
    pub fn recover(
        &self,
        observations: &[Observation],
        options: &RecoverOptions,
    ) -> Result<Recovered, RecoverError> {
        match self.recover {
            Some(r) => r(observations, options),
            None => Err(RecoverError(format!(
                "state recovery for {} is not implemented",
                self.spec.name()
            ))),
        }
    }

    /// The seed-search filter kernel.
    pub fn scan(&self) -> Option<ScanFn> {
        self.scan
    }

    /// A generator from a seed's bit pattern (fixed-width seed kinds).
    pub fn seed_bits(&self, seed: u64, options: &SeedOptions) -> Option<Engine> {
        self.seed_bits.and_then(|f| f(seed, options))
    }

    /// Seed identification; `max_advance` bounds the answer (each GEN has
    /// a default bound where the walk needs one).
    pub fn identify(&self, rng: &Engine, max_advance: Option<u64>) -> Option<Identified> {
        self.identify.and_then(|f| f(rng, max_advance))
    }

    /// `seed` through the core description, with the error as text.
    ///
    /// # Errors
    /// As [`DynGen::seed`].
    pub fn seed(&self, seed: &Seed, options: &SeedOptions) -> Result<Engine, SeedError> {
        self.spec.seed(seed, options)
    }
}

/// Builds an [`Entry`] for GEN `G`, capability by capability; each method
/// takes its implementation from `G`'s generator type.
pub struct Builder<G: Gen> {
    entry: Entry,
    generator: PhantomData<G>,
}

/// Starts the entry of `G` with what every seedable fixed-width GEN has: a
/// seed-search kernel that seeds and steps the generator (monomorphised).
pub fn entry<G: Gen>() -> Builder<G> {
    let seedable = G::INFO.seed_kind.bits().is_some();
    Builder {
        entry: Entry {
            spec: of::<G>(),
            jump: None,
            jump_big: None,
            distance: None,
            fast_distance: false,
            period: None,
            recover: None,
            scan: seedable.then_some(crate::search::generic_scan::<G> as ScanFn),
            seed_bits: seedable.then_some(seed_bits::<G> as SeedBitsFn),
            identify: None,
            identify_unbounded: false,
            search_bits: None,
            own_kernel: false,
            unseeded: None,
            recovery_cost: RecoveryCost::Quick,
            notes: Notes::NONE,
            page: None,
        },
        generator: PhantomData,
    }
}

fn seed_bits<G: Gen>(seed: u64, options: &SeedOptions) -> Option<Engine> {
    G::seed(&BigInt::from(seed), options)
        .ok()
        .map(Engine::new::<G>)
}

fn jump_engine<R: Jump + 'static>(rng: &mut Engine, n: u128, forward: bool) {
    let g = rng
        .downcast_mut::<R>()
        .expect("an entry's jump runs on its own generator type");
    if forward { g.jump(n) } else { g.jump_back(n) }
}

fn jump_big_engine<R: Jump + 'static>(rng: &mut Engine, n: &BigInt) -> bool {
    rng.downcast_mut::<R>()
        .expect("an entry's jump runs on its own generator type")
        .jump_big(n)
}

fn distance_engine<R: Distance + 'static>(
    from: &Engine,
    to: &Engine,
    max: Option<u128>,
) -> Result<u128, DistanceError> {
    let (Some(a), Some(b)) = (from.downcast_ref::<R>(), to.downcast_ref::<R>()) else {
        return Err(DistanceError::Mismatch);
    };
    match max {
        Some(max) => a.distance_within(b, max),
        None => a.distance_to(b),
    }
}

impl<G: Gen> Builder<G> {
    /// O(log n) jumps and steps back, from [`Jump`].
    pub fn jump(mut self) -> Self
    where
        G::Rng: Jump,
    {
        self.entry.jump = Some(jump_engine::<G::Rng>);
        self.entry.jump_big = Some(jump_big_engine::<G::Rng>);
        self
    }

    /// Distances, from [`Distance`].
    pub fn distance(mut self) -> Self
    where
        G::Rng: Distance,
    {
        self.entry.distance = Some(distance_engine::<G::Rng>);
        self.entry.fast_distance = <G::Rng as Distance>::HAS_FAST_METHOD;
        self
    }

    /// The period in raw steps (for reducing huge advances).
    pub fn period(mut self, period: fn() -> BigInt) -> Self {
        self.entry.period = Some(period);
        self
    }

    /// Linear recovery over GF(2), from the generator's linear view.
    pub fn linear(mut self) -> Self
    where
        G::Rng: crate::recover::linear::LinearView + StateWords,
    {
        self.entry.recover = Some(crate::recover::linear::recover::<G>);
        if self.entry.notes.recover.is_empty() {
            self.entry.notes.recover = Notes::LINEAR.recover;
        }
        self
    }

    /// A recovery of the GEN's own.
    pub fn recover(mut self, recover: RecoverFn) -> Self {
        self.entry.recover = Some(recover);
        self
    }

    /// A seed-search kernel of the GEN's own.
    pub fn scan(mut self, scan: ScanFn) -> Self {
        self.entry.scan = Some(scan);
        self.entry.own_kernel = true;
        self
    }

    /// What a program that never seeds the generator gets, for advice that
    /// would otherwise send the user to a seed search that cannot answer
    /// (CPython seeds an unseeded `random` from `os.urandom`).
    pub fn unseeded(mut self, note: &'static str) -> Self {
        self.entry.unseeded = Some(note);
        self
    }

    /// Seed search over the 32-bit seeds `0..2^32` for a GEN whose seed
    /// kind is wider (PHP's int, of which `mt_srand` keeps the low 32 bits)
    /// or unbounded (CPython, Ruby: their 32-bit seeds); with the generic
    /// kernel unless [`scan`](Builder::scan) gives one.
    pub fn seeds_u32(mut self) -> Self {
        self.entry.search_bits = Some(32);
        self.entry.seed_bits = Some(seed_bits::<G> as SeedBitsFn);
        if self.entry.scan.is_none() {
            self.entry.scan = Some(crate::search::generic_scan::<G> as ScanFn);
        }
        self
    }

    /// Seed identification, bounded by `--max-advance`.
    pub fn identify(mut self, identify: IdentifyFn) -> Self {
        self.entry.identify = Some(identify);
        self
    }

    /// Seed identification that needs no bound.
    pub fn identify_unbounded(mut self, identify: IdentifyFn) -> Self {
        self.entry.identify = Some(identify);
        self.entry.identify_unbounded = true;
        self
    }

    /// How long its recovery may take ([`RecoveryCost::Quick`] unless said).
    pub fn recovery_cost(mut self, cost: RecoveryCost) -> Self {
        self.entry.recovery_cost = cost;
        self
    }

    /// What its recovery and seed search do and need, in words, from the
    /// generator's module (given after [`linear`](Builder::linear), they
    /// replace its generic text where they have a recovery text).
    pub fn notes(mut self, notes: Notes) -> Self {
        let linear = self.entry.notes.recover;
        self.entry.notes = notes;
        if notes.recover.is_empty() {
            self.entry.notes.recover = linear;
        }
        self
    }

    /// Where the documentation describes it: its runtime and its page under
    /// `docs/` (see [`Page`]).
    pub fn page(mut self, page: Page) -> Self {
        self.entry.page = Some(page);
        self
    }

    /// The finished entry.
    pub fn done(self) -> Entry {
        self.entry
    }
}
