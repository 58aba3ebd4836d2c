//! The catalogue: every GEN of the command line with its analysis
//! capabilities, one line each.
//!
//! A GEN describes itself in the core ([`rngkit::registry::Gen`], next to
//! its code); this list adds what the analysis crate can do with it. Each
//! capability is a function pointer taken from a generic, monomorphised
//! implementation (the hot loops stay generic), so the CLI, the Python
//! package and the web page reach every GEN through [`Entry`] without
//! naming any generator.
//!
//! Adding a GEN: write its module(s) and add one line to [`all`].
//!
//! ```
//! use rngkit::number::BigInt;
//! use rngkit_analysis::registry;
//!
//! let unity = registry::find("unity").unwrap();
//! let mut rng = unity.seed(&BigInt::from(0), &Default::default()).unwrap();
//! unity.advance(&mut rng, &BigInt::from(1u128 << 100)).unwrap();
//! let start = unity.seed(&BigInt::from(0), &Default::default()).unwrap();
//! assert_eq!(unity.distance(&start, &rng, None), Ok(1 << 100));
//! assert!(registry::find("Unity").is_err()); // names are exact; the error suggests
//! ```

use std::fmt;
use std::marker::PhantomData;
use std::sync::OnceLock;

use rngkit::StateWords;
use rngkit::number::BigInt;
use rngkit::registry::{DynGen, Engine, Gen, Seed, SeedError, SeedOptions, of};

use crate::identify::Identified;
use crate::observe::{Layout, Observation};
use crate::recover::{RecoverError, RecoverOptions, Recovered};
use crate::search::SearchSpec;
use crate::{Distance, DistanceError, Jump};

/// Moves a generator `n` raw steps, forwards or backwards.
pub type JumpFn = fn(&mut Engine, u128, bool);
/// Moves a generator forwards by a count of any size; `false` when it cannot.
pub type JumpBigFn = fn(&mut Engine, &BigInt) -> bool;
/// The distance between two states, with an optional search bound.
pub type DistanceFn = fn(&Engine, &Engine, Option<u128>) -> Result<u128, DistanceError>;
/// State recovery from observations.
pub type RecoverFn = fn(&[Observation], &RecoverOptions) -> Result<Recovered, RecoverError>;
/// The seed-search filter: pushes the seeds of `first..first + count` whose
/// streams may fit (every survivor is verified afterwards).
pub type ScanFn = for<'a> fn(&'a SearchSpec, &'a Layout) -> crate::search::Plan<'a>;
/// Seeds a generator from a seed's bit pattern, for verification.
pub type SeedBitsFn = fn(u64, &SeedOptions) -> Option<Engine>;
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
    /// Seconds on a few values (V8's sum eras: a carry search over bit
    /// planes): tried after the quick ones.
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

    /// The finished entry.
    pub fn done(self) -> Entry {
        self.entry
    }
}

/// Every GEN, in the order `--help` lists them.
pub fn all() -> &'static [Entry] {
    static ALL: OnceLock<Vec<Entry>> = OnceLock::new();
    ALL.get_or_init(entries)
}

/// An unknown GEN name: says what exists and what was probably meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGen {
    /// The name typed.
    pub name: String,
    /// The closest known name, if any.
    pub suggestion: Option<&'static str>,
}

impl fmt::Display for UnknownGen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown generator `{}`", self.name)?;
        if let Some(s) = self.suggestion {
            write!(f, " (did you mean `{s}`?)")?;
        }
        f.write_str("; expected one of: ")?;
        let names: Vec<&str> = all().iter().map(|e| e.name()).collect();
        f.write_str(&names.join(", "))
    }
}

impl std::error::Error for UnknownGen {}

/// The entry of a GEN by its name or one of its aliases (exact).
///
/// # Errors
/// [`UnknownGen`] with a suggestion.
pub fn find(name: &str) -> Result<&'static Entry, UnknownGen> {
    if let Some(e) = all()
        .iter()
        .find(|e| e.name() == name || e.info().aliases.contains(&name))
    {
        return Ok(e);
    }
    let candidates = all()
        .iter()
        .flat_map(|e| std::iter::once(e.name()).chain(e.info().aliases.iter().copied()));
    let suggestion = rngkit::suggest::closest(name, candidates).map(|s| {
        all()
            .iter()
            .find(|e| e.name() == s || e.info().aliases.contains(&s))
            .map_or(s, |e| e.name())
    });
    Err(UnknownGen {
        name: name.to_string(),
        suggestion,
    })
}

/// The entry of the GEN an engine belongs to.
pub fn entry_of(rng: &Engine) -> &'static Entry {
    let name = rng.spec().name();
    all()
        .iter()
        .find(|e| e.name() == name)
        .expect("every GEN an Engine can hold is in the catalogue")
}

/// The catalogue, one line per GEN.
#[rustfmt::skip]
fn entries() -> Vec<Entry> {
    use crate::generators::{mt19937, php, splitmix64, tinymt32, xorshift32, xorshift128};
    use rngkit::engines::{bdsp::BdspGen, mars::MarsGen, megacrush::MegaCrushGen};
    use rngkit::engines::{unity::UnityGen, unity_math::UnityMathGen};
    use rngkit::generators as g;
    use rngkit::runtimes as rt;
    vec![
        entry::<UnityGen>().jump().distance().period(periods::p128).linear().identify(xorshift128::identify).done(),
        entry::<BdspGen>().jump().distance().period(periods::p128).linear().identify(xorshift128::identify).done(),
        entry::<g::Xorshift128>().jump().distance().period(periods::p128).linear().identify(xorshift128::identify).done(),
        entry::<MarsGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<MarsGen>).scan(mt19937::scan::<MarsGen>).identify_unbounded(mt19937::identify).done(),
        entry::<g::Mt19937>().jump().distance().period(periods::p19937).recover(mt19937::recover::<g::Mt19937>).scan(mt19937::scan::<g::Mt19937>).identify_unbounded(mt19937::identify).done(),
        entry::<g::Pcg32>().jump().distance().period(periods::p2_64).recover(crate::generators::pcg32::recover::<g::Pcg32>).recovery_cost(RecoveryCost::Unbounded).done(),
        entry::<MegaCrushGen>().jump().distance().period(periods::p2_64).recover(crate::generators::pcg32::recover::<MegaCrushGen>).recovery_cost(RecoveryCost::Unbounded).done(),
        entry::<g::Xoshiro256StarStar>().jump().distance().period(periods::p256).linear().identify(splitmix64::identify_filled::<g::Xoshiro256StarStar>).done(),
        entry::<g::Xoroshiro128Plus>().jump().distance().period(periods::p128).linear().identify(splitmix64::identify_filled::<g::Xoroshiro128Plus>).done(),
        entry::<g::SplitMix64>().jump().distance().period(periods::p2_64).recover(splitmix64::recover).identify(splitmix64::identify).done(),
        entry::<g::TinyMt32>().jump().distance().period(periods::p127).linear().identify(tinymt32::identify).done(),
        entry::<UnityMathGen>().jump().distance().period(periods::p32).linear().identify(xorshift32::identify).done(),
        entry::<rt::php::PhpGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::php::PhpGen>).scan(php::scan_php::<rt::php::PhpGen>).seeds_u32().identify_unbounded(mt19937::identify).done(),
        entry::<rt::php::PhpMtRandPhpGen>().recover(mt19937::recover::<rt::php::PhpMtRandPhpGen>).scan(php::scan_mt_rand_php::<rt::php::PhpMtRandPhpGen>).seeds_u32().done(),
        entry::<rt::php::Php5Gen>().recover(mt19937::recover::<rt::php::Php5Gen>).scan(php::scan_php5::<rt::php::Php5Gen>).seeds_u32().done(),
        entry::<rt::php::Php3Gen>().recover(mt19937::recover::<rt::php::Php3Gen>).scan(php::scan_php3::<rt::php::Php3Gen>).seeds_u32().done(),
        entry::<rt::php_random::PhpMt19937Gen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::php_random::PhpMt19937Gen>).scan(mt19937::scan::<rt::php_random::PhpMt19937Gen>).identify_unbounded(mt19937::identify).done(),
        entry::<rt::php_random::PhpPcg64Gen>().done(),
        entry::<rt::php_random::PhpXoshiro256ssGen>().jump().distance().period(periods::p256).linear().done(),
        entry::<rt::python::PythonGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::python::PythonGen>).scan(crate::generators::python::scan::<rt::python::PythonGen>).seeds_u32().unseeded("an unseeded `random` (CPython seeds it from os.urandom: 624 words through init_by_array) can never be found by a seed search").identify(crate::generators::python::identify).done(),
        entry::<rt::ruby::RubyGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::ruby::RubyGen>).scan(mt19937::scan::<rt::ruby::RubyGen>).seeds_u32().identify(crate::generators::ruby::identify).done(),
        entry::<rt::glibc::GlibcGen>().jump().recover(crate::generators::glibc::recover::<rt::glibc::GlibcGen>).scan(crate::generators::glibc::scan::<rt::glibc::GlibcGen>).done(),
        entry::<rt::drand48::Drand48Gen>().jump().distance().period(crate::generators::lcg48::period).recover(crate::generators::drand48::recover).done(),
        entry::<rt::java::JavaGen>().jump().distance().period(crate::generators::lcg48::period).recover(crate::generators::java::recover).scan(crate::generators::java::scan).done(),
        entry::<rt::java_splittable::SplittableRandomGen>().done(),
        entry::<rt::dotnet::DotnetLegacyGen>().recover(crate::generators::dotnet::recover).scan(crate::generators::dotnet::scan).done(),
        entry::<rt::javascript::V8Gen>().jump().distance().period(crate::generators::javascript::v8_period).recover(crate::generators::javascript::recover_v8).scan(crate::generators::javascript::scan_v8::<rt::javascript::V8Gen>).recovery_cost(RecoveryCost::Slow).done(),
        entry::<rt::javascript::V814Gen>().jump().distance().period(crate::generators::javascript::v8_period).recover(crate::generators::javascript::recover_v8_era::<rt::javascript::V814Gen>).scan(crate::generators::javascript::scan_v8::<rt::javascript::V814Gen>).recovery_cost(RecoveryCost::Slow).done(),
        entry::<rt::javascript::V813Gen>().jump().distance().period(crate::generators::javascript::v8_period).recover(crate::generators::javascript::recover_v8_era::<rt::javascript::V813Gen>).scan(crate::generators::javascript::scan_v8::<rt::javascript::V813Gen>).done(),
        entry::<rt::javascript::V8LegacyGen>().jump().distance().period(crate::generators::javascript::v8_period).recover(crate::generators::javascript::recover_v8_legacy).scan(crate::generators::javascript::scan_v8::<rt::javascript::V8LegacyGen>).done(),
        entry::<rt::javascript::SpiderMonkeyGen>().jump().distance().period(periods::p128).recover(crate::generators::javascript::recover_spidermonkey).done(),
        entry::<rt::javascript::JavaScriptCoreGen>().jump().distance().period(periods::p128).recover(crate::generators::javascriptcore::recover_javascriptcore).done(),
        entry::<rngkit::engines::godot::GodotGen>().jump().distance().period(periods::p2_64).recover(crate::generators::godot::recover).recovery_cost(RecoveryCost::Unbounded).done(),
        entry::<rngkit::engines::unreal::UnrealGen>().jump().distance().period(periods::p2_32).recover(crate::generators::lcg::recover_lcg32::<rngkit::engines::unreal::UnrealGen, _>).done(),
        entry::<rngkit::engines::pokemon::lcrng::PokeRngGen>().jump().distance().period(periods::p2_32).recover(crate::generators::lcg::recover_lcg32::<rngkit::engines::pokemon::lcrng::PokeRngGen, _>).done(),
        entry::<rngkit::engines::pokemon::lcrng::XdRngGen>().jump().distance().period(periods::p2_32).recover(crate::generators::lcg::recover_lcg32::<rngkit::engines::pokemon::lcrng::XdRngGen, _>).done(),
        entry::<rngkit::engines::pokemon::lcrng::ARngGen>().jump().distance().period(periods::p2_32).recover(crate::generators::lcg::recover_lcg32::<rngkit::engines::pokemon::lcrng::ARngGen, _>).done(),
        entry::<rngkit::engines::pokemon::bwrng::BwRngGen>().jump().distance().period(periods::p2_64).done(),
        entry::<rngkit::engines::pokemon::sfmt::SfmtGen>().jump().distance().scan(crate::generators::sfmt::scan::<rngkit::engines::pokemon::sfmt::SfmtGen>).done(),
        entry::<rngkit::engines::pokemon::swsh::SwshGen>().jump().distance().period(periods::p128).recover(crate::generators::swsh::recover).done(),
    ]
}

/// Periods in raw steps.
mod periods {
    use rngkit::number::BigInt;

    pub fn p32() -> BigInt {
        BigInt::mersenne(32)
    }
    pub fn p127() -> BigInt {
        BigInt::mersenne(127)
    }
    pub fn p128() -> BigInt {
        BigInt::mersenne(128)
    }
    pub fn p256() -> BigInt {
        BigInt::mersenne(256)
    }
    pub fn p19937() -> BigInt {
        BigInt::mersenne(19937)
    }
    pub fn p2_32() -> BigInt {
        BigInt::from(1u128 << 32)
    }
    pub fn p2_64() -> BigInt {
        BigInt::from(1u128 << 64)
    }
}
