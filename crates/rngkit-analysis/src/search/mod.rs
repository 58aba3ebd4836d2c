//! Seed search: every seed of a range whose stream, from `seed(S)` advanced
//! by `0..=K` raw steps, gives the observations.
//!
//! The range is cut into chunks that `threads` workers take from a shared
//! counter; each chunk runs a kernel that only filters (the exact bits the
//! observations reveal at fixed offsets), and every survivor is verified
//! against the full observations before it is reported. Kernels:
//!
//! * the MT19937 GENs (the same stream from the same seed): a pair of full
//!   words 227 apart needs no search; outputs in the first block run
//!   [`MtPlan`](crate::generators::mt19937::search::MtPlan), scalar or SIMD
//!   (`generators/mt19937/`); PHP's eras run the same block plan with their
//!   own seeding, twist and checks (`generators/php/`);
//! * CPython (`python`): `init_by_array` 64 seeds at a time, then every
//!   observation, redrawing ones included, on the seeds still alive
//!   (`generators/python.rs`); SFMT and the V8 eras have batch kernels of
//!   their own too (`generators/sfmt.rs`, `generators/javascript/scan.rs`);
//! * everything else: seed the generator and step it ([`generic_scan`],
//!   monomorphised per GEN).
//!
//! The vector kernels come in scalar, AVX2 and AVX-512 builds, one per
//! [`CpuLevel`]: [`CpuLevel::best`] (the workspace's one run-time detection)
//! unless [`SearchSpec::backend`] forces one.
//!
//! Each GEN's kernel comes from its registry entry
//! ([`crate::registry::Entry::scan`]): [`SearchSpec::new`] takes anything
//! [`Searchable`] (an entry is) and keeps the kernel, so this module names
//! no catalogue type.
//!
//! ```
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::registry;
//! use rngkit_analysis::search::{Match, SearchSpec, search};
//!
//! // Unity: which seed in 0..=1000 gives these two raw words after 3 and 4 steps?
//! let unity = registry::find("unity").unwrap();
//! let obs = parse_observations(unity, "u32 = 107093222\nu32 = 556206921").unwrap();
//! let spec = SearchSpec::new(unity, obs, 0..=1000).max_advance(5).threads(2);
//! let mut found = Vec::new();
//! search(&spec, |m| found.push(m), |_| {}).unwrap();
//! assert_eq!(found, vec![Match { seed: 0, advance: 3 }]);
//! ```

use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rngkit::cpu::CpuLevel;
use rngkit::registry::{DynGen, Engine, Gen, SeedOptions};

use crate::observe::{Described, Layout, Observation, layout, matches_all};
use crate::recover::Stop;

/// A seed whose stream, advanced by `advance` raw steps, gives the observations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Match {
    /// The seed.
    pub seed: u64,
    /// Raw steps after seeding before the first observed draw.
    pub advance: u64,
}

/// The seed-search filter: pushes the seeds of `first..first + count` whose
/// streams may fit (every survivor is verified afterwards).
pub type ScanFn = for<'a> fn(&'a SearchSpec, &'a Layout) -> Plan<'a>;
/// Seeds a generator from a seed's bit pattern, for verification.
pub type SeedBitsFn = fn(u64, &SeedOptions) -> Option<Engine>;

/// A GEN as a seed search needs it: its core description (name, output
/// width), its kernel, its seeding from a seed's bit pattern and the width
/// of the seeds searched. A catalogue entry ([`crate::entry::Entry`]) is
/// one; [`SearchSpec::new`] copies these out, so the search holds no
/// catalogue type.
pub trait Searchable: Described {
    /// The seed-search filter kernel; `None` without a seed search.
    fn scan_fn(&self) -> Option<ScanFn>;
    /// Seeds the generator from a seed's bit pattern, for verification.
    fn seed_bits_fn(&self) -> Option<SeedBitsFn>;
    /// The width of the seeds searched (see
    /// [`crate::entry::Entry::seed_search_bits`]).
    fn search_bits(&self) -> Option<u32>;
}

/// What to search.
///
/// Seeds are the bit patterns of the GEN's fixed-width seed (a negative
/// `int` seed is its two's complement).
#[derive(Clone)]
pub struct SearchSpec {
    generator: &'static dyn DynGen,
    scan: Option<ScanFn>,
    seed_bits: Option<SeedBitsFn>,
    search_bits: Option<u32>,
    observations: Vec<Observation>,
    seeds: RangeInclusive<u64>,
    max_advance: u64,
    threads: usize,
    options: SeedOptions,
    backend: Option<CpuLevel>,
    deadline: Option<Instant>,
    stop: Stop,
    first_only: bool,
}

impl std::fmt::Debug for SearchSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchSpec")
            .field("generator", &self.generator.name())
            .field("observations", &self.observations)
            .field("seeds", &self.seeds)
            .field("max_advance", &self.max_advance)
            .field("threads", &self.threads)
            .field("options", &self.options)
            .field("backend", &self.backend)
            .field("deadline", &self.deadline)
            .field("stop", &self.stop.is_set())
            .field("first_only", &self.first_only)
            .finish_non_exhaustive()
    }
}

impl SearchSpec {
    /// Seeds in `seeds` for the GEN of `entry` (a catalogue entry),
    /// matching `observations`, advance 0, as many threads as the machine
    /// has, the best kernel.
    pub fn new<G: Searchable + ?Sized>(
        entry: &'static G,
        observations: Vec<Observation>,
        seeds: RangeInclusive<u64>,
    ) -> Self {
        SearchSpec {
            generator: entry.description(),
            scan: entry.scan_fn(),
            seed_bits: entry.seed_bits_fn(),
            search_bits: entry.search_bits(),
            observations,
            seeds,
            max_advance: 0,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            options: SeedOptions::default(),
            backend: None,
            deadline: None,
            stop: Stop::default(),
            first_only: false,
        }
    }

    /// The core description of the GEN searched.
    pub fn generator(&self) -> &'static dyn DynGen {
        self.generator
    }

    /// The GEN's seed-search kernel (from its entry); `None` without one.
    pub fn scan(&self) -> Option<ScanFn> {
        self.scan
    }

    /// The observations.
    pub fn observations(&self) -> &[Observation] {
        &self.observations
    }

    /// The largest advance tried.
    pub fn max_advance_value(&self) -> u64 {
        self.max_advance
    }

    /// The seed range.
    pub fn seeds(&self) -> &RangeInclusive<u64> {
        &self.seeds
    }

    /// The forced kernel level, if any.
    pub fn backend_choice(&self) -> Option<CpuLevel> {
        self.backend
    }

    /// Also tries `seed(S)` advanced by up to `k` raw steps.
    pub fn max_advance(mut self, k: u64) -> Self {
        self.max_advance = k;
        self
    }

    /// Worker threads (at least one).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The PCG stream for `pcg32`/`megacrush` seeds (default 54).
    pub fn stream(mut self, stream: u64) -> Self {
        self.options.stream = Some(stream);
        self
    }

    /// Forces the [`CpuLevel`] of the vector kernels (the MT19937, PHP,
    /// python, sfmt and V8 kernels; for tests and benchmarks). A level this
    /// CPU does not run makes [`search`] fail with
    /// [`SearchError::Backend`].
    pub fn backend(mut self, level: CpuLevel) -> Self {
        self.backend = Some(level);
        self
    }

    /// Stops taking new chunks at `deadline` (the search then reports
    /// fewer seeds done than the range holds): for callers with a time
    /// budget (`rngkit detect`). Chunks are smaller then, so the search
    /// stops soon after.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Stops taking new chunks once `stop` is set (the CLI's Ctrl-C): the
    /// chunks already taken run to their end, so the seeds done (what
    /// [`search`] returns) are always the first ones of the range, and a
    /// search resumes from the range's start plus that count. Chunks are
    /// smaller then (as under a deadline), so the search stops soon after.
    ///
    /// ```
    /// use rngkit_analysis::observe::parse_observations;
    /// use rngkit_analysis::recover::Stop;
    /// use rngkit_analysis::registry;
    /// use rngkit_analysis::search::{SearchSpec, search};
    ///
    /// let unity = registry::find("unity").unwrap();
    /// let obs = parse_observations(unity, "u32 = 107093222").unwrap();
    /// let stop = Stop::new();
    /// stop.set();
    /// let spec = SearchSpec::new(unity, obs, 0..=1 << 24).stop(stop);
    /// assert_eq!(search(&spec, |_| {}, |_| {}).unwrap(), 0);
    /// ```
    pub fn stop(mut self, stop: Stop) -> Self {
        self.stop = stop;
        self
    }

    /// Stops soon after the first match (the workers finish their chunks):
    /// for callers that only need to know whether a seed exists.
    pub fn first_match_only(mut self) -> Self {
        self.first_only = true;
        self
    }

    /// How many seeds the range holds.
    pub fn seed_count(&self) -> u128 {
        if self.seeds.is_empty() {
            0
        } else {
            u128::from(*self.seeds.end()) - u128::from(*self.seeds.start()) + 1
        }
    }
}

/// Why a search could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The range holds seeds the profile cannot take.
    SeedRange(String),
    /// A forced kernel level ([`SearchSpec::backend`]) that this CPU does
    /// not run.
    Backend(CpuLevel),
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::SeedRange(m) => f.write_str(m),
            SearchError::Backend(b) => write!(f, "the {b:?} kernel is not available on this CPU"),
        }
    }
}

impl std::error::Error for SearchError {}

/// Checks a scan's arguments, for every kernel's `scan`: the seed range
/// ends at 2^32 at the latest, and this CPU runs `level` (after this, a
/// kernel may enter the `#[target_feature]` functions of `level`).
///
/// # Panics
/// If either does not hold.
pub(crate) fn check_scan(level: CpuLevel, start: u32, count: u32) {
    assert!(
        u64::from(start) + u64::from(count) <= 1 << 32,
        "seed range passes 2^32"
    );
    assert!(
        level.is_supported(),
        "the {level:?} kernel is not available on this CPU"
    );
}

/// Pushes `base + l` for each set bit `l` of `hits`, lowest first: the
/// survivors of one batch of lanes, which every lane kernel hands on alike.
#[inline]
pub(crate) fn push_hits(mut hits: u64, base: u64, out: &mut Vec<u64>) {
    while hits != 0 {
        let l = hits.trailing_zeros();
        hits &= hits - 1;
        out.push(base + u64::from(l));
    }
}

/// Defines `chunk(level, kernel, start, count, out)` in the calling module:
/// its `#[inline(always)] fn chunk_body(&$kernel, u32, u32, &mut Vec<u64>)`
/// built for AVX-512 and for AVX2 as well (plain loops the compiler
/// vectorises) and picked by `level`, which the caller has checked
/// (`check_scan`) this CPU runs. One dispatch for the lane kernels that
/// differ only in their body.
macro_rules! lane_kernels {
    ($kernel:ty) => {
        /// Scans with the kernel body built for `level`.
        fn chunk(
            level: rngkit::cpu::CpuLevel,
            kernel: &$kernel,
            start: u32,
            count: u32,
            out: &mut Vec<u64>,
        ) {
            match level {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: the caller's `check_scan` confirmed the CPU runs
                // `CpuLevel::Avx512`, whose features include the one the
                // function enables.
                #[allow(unsafe_code)]
                rngkit::cpu::CpuLevel::Avx512 => unsafe { chunk_avx512(kernel, start, count, out) },
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as above, for `CpuLevel::Avx2`.
                #[allow(unsafe_code)]
                rngkit::cpu::CpuLevel::Avx2 => unsafe { chunk_avx2(kernel, start, count, out) },
                _ => chunk_body(kernel, start, count, out),
            }
        }

        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx512f")]
        fn chunk_avx512(kernel: &$kernel, start: u32, count: u32, out: &mut Vec<u64>) {
            chunk_body(kernel, start, count, out);
        }

        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        fn chunk_avx2(kernel: &$kernel, start: u32, count: u32, out: &mut Vec<u64>) {
            chunk_body(kernel, start, count, out);
        }
    };
}
pub(crate) use lane_kernels;

/// Seeds a chunk covers.
const CHUNK: u64 = 1 << 20;

/// Seeds a chunk covers when the search has a deadline.
const DEADLINE_CHUNK: u64 = 1 << 16;

/// The generic kernel buffers at most this many words per seed.
const MAX_BUFFERED_WORDS: u64 = 1 << 16;

/// Runs the search. Each match goes to `on_match` (on the calling thread)
/// as soon as it is verified; `on_progress` receives the number of seeds
/// done so far, about ten times a second. Returns how many seeds were done.
///
/// # Errors
/// [`SearchError`] when the range does not fit the profile's seeds or a
/// forced kernel level is not available here.
pub fn search(
    spec: &SearchSpec,
    mut on_match: impl FnMut(Match),
    mut on_progress: impl FnMut(u64),
) -> Result<u64, SearchError> {
    let Some(scan) = spec.scan else {
        return Err(SearchError::SeedRange(format!(
            "{} has no seed search (its seed is not a fixed-width integer)",
            spec.generator.name()
        )));
    };
    if spec.search_bits == Some(32)
        && *spec.seeds.end() > u64::from(u32::MAX)
        && !spec.seeds.is_empty()
    {
        return Err(SearchError::SeedRange(format!(
            "{} seeds are 32-bit; the range ends at {}",
            spec.generator.name(),
            spec.seeds.end()
        )));
    }
    if let Some(b) = spec.backend
        && !b.is_supported()
    {
        return Err(SearchError::Backend(b));
    }
    if spec.seeds.is_empty() {
        return Ok(0);
    }
    let lay = layout(&spec.observations, spec.generator.output_bits(), false);
    let scanner = match scan(spec, &lay) {
        Plan::Done(found) => {
            for m in found {
                on_match(m);
            }
            on_progress(spec.seed_count().min(u128::from(u64::MAX)) as u64);
            return Ok(spec.seed_count().min(u128::from(u64::MAX)) as u64);
        }
        Plan::Scan(scanner) => scanner,
    };

    let start = *spec.seeds.start();
    let total = spec.seed_count();
    // Under a deadline or a stop flag, smaller chunks let the workers stop
    // on time.
    let chunk = if spec.deadline.is_some() || spec.stop.can_be_set() {
        DEADLINE_CHUNK
    } else {
        CHUNK
    };
    let chunks = total.div_ceil(u128::from(chunk));
    let next_chunk = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Match>();
    std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(spec.threads);
        for _ in 0..spec.threads {
            let tx = tx.clone();
            let (scanner, next_chunk, done, stop) = (&scanner, &next_chunk, &done, &stop);
            handles.push(scope.spawn(move || {
                let mut survivors = Vec::new();
                loop {
                    // The stop flag is read before a chunk is taken, and a
                    // chunk taken runs to its end: the chunks done are
                    // always the first ones (see `SearchSpec::stop`).
                    if spec.stop.is_set() {
                        break;
                    }
                    let c = next_chunk.fetch_add(1, Ordering::Relaxed);
                    if u128::from(c) >= chunks
                        || stop.load(Ordering::Relaxed)
                        || spec.deadline.is_some_and(|d| Instant::now() >= d)
                    {
                        break;
                    }
                    let first = u128::from(start) + u128::from(c) * u128::from(chunk);
                    let count = (total - u128::from(c) * u128::from(chunk)).min(u128::from(chunk));
                    let first = first as u64;
                    survivors.clear();
                    scanner(first, count as u64, &mut survivors);
                    for &seed in &survivors {
                        if spec.first_only && stop.load(Ordering::Relaxed) {
                            break;
                        }
                        for advance in 0..=spec.max_advance {
                            if verify(spec, seed, advance) {
                                if spec.first_only {
                                    stop.store(true, Ordering::Relaxed);
                                }
                                if tx.send(Match { seed, advance }).is_err() {
                                    stop.store(true, Ordering::Relaxed);
                                }
                            }
                        }
                    }
                    done.fetch_add(count as u64, Ordering::Relaxed);
                }
            }));
        }
        drop(tx);
        loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(m) => on_match(m),
                Err(mpsc::RecvTimeoutError::Timeout) => on_progress(done.load(Ordering::Relaxed)),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        // Joined one by one (pthread_join): the scope's own wait ends when
        // the closures return, before the threads are gone, and callers
        // (rngkit.detect) promise that no thread outlives the call.
        for h in handles {
            let _ = h.join();
        }
    });
    let finished = done.load(Ordering::Relaxed);
    on_progress(finished);
    Ok(finished)
}

/// A search's speed, timed on the first seeds of its range with the kernel
/// that runs for its observations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Seeds a second, all the search's threads together.
    pub seeds_per_second: f64,
    /// How many seeds were timed.
    pub seeds_timed: u64,
    /// The worker threads.
    pub threads: usize,
}

impl Estimate {
    /// Seconds for `seeds` seeds at the measured rate.
    pub fn seconds(&self, seeds: u128) -> f64 {
        seeds as f64 / self.seeds_per_second.max(1e-9)
    }
}

/// Times the search of `spec` on pieces from the start of its range (4096
/// seeds, doubling, in chunks small enough for every thread) until one takes `at_least` or the range is used up;
/// what they find is dropped. For advice that names a seed search with
/// its cost ("all 2^32 seeds would take about 6 min here").
///
/// ```
/// use std::time::Duration;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{SearchSpec, estimate};
///
/// let python = registry::find("python").unwrap();
/// let obs = parse_observations(python, "randint 1 6 = 4\nrandint 1 6 = 1").unwrap();
/// let spec = SearchSpec::new(python, obs, 0..=u64::from(u32::MAX)).threads(1);
/// let e = estimate(&spec, Duration::from_millis(20)).unwrap();
/// assert!(e.seeds_timed >= 4096 && e.seeds_per_second > 0.0);
/// assert!(e.seconds(1 << 32) > e.seconds(1 << 31));
/// ```
///
/// # Errors
/// As [`search`].
pub fn estimate(spec: &SearchSpec, at_least: Duration) -> Result<Estimate, SearchError> {
    let mut piece = 1u64 << 12;
    let mut from = *spec.seeds.start();
    let end = *spec.seeds.end();
    let mut timed = (0u64, 0f64);
    while !spec.seeds.is_empty() && from <= end {
        let last = from.saturating_add(piece - 1).min(end);
        let mut part = spec.clone();
        part.seeds = from..=last;
        part.first_only = false;
        // A deadline cuts the pieces into small chunks, so that every
        // thread works on them (a piece below one whole chunk would time
        // one thread); this one is never reached.
        part.deadline = Some(Instant::now() + Duration::from_secs(86_400));
        let started = Instant::now();
        let done = search(&part, |_| {}, |_| {})?;
        timed = (done, started.elapsed().as_secs_f64());
        if timed.1 >= at_least.as_secs_f64() || last == end {
            break;
        }
        from = last + 1;
        piece = piece.saturating_mul(2);
    }
    Ok(Estimate {
        seeds_per_second: timed.0 as f64 / timed.1.max(1e-9),
        seeds_timed: timed.0,
        threads: spec.threads,
    })
}

/// Whether `seed(S)` advanced by `advance` gives every observation.
pub fn verify(spec: &SearchSpec, seed: u64, advance: u64) -> bool {
    match spec.seed_bits.and_then(|f| f(seed, &spec.options)) {
        Some(mut rng) => {
            rng.discard(advance);
            matches_all(&spec.observations, &mut rng)
        }
        None => false,
    }
}

/// A GEN's kernel for one search: either the answer at once (no search
/// needed) or a chunk filter.
pub enum Plan<'a> {
    /// Every match, found without scanning.
    Done(Vec<Match>),
    /// Pushes the seeds of `first..first + count` that may fit.
    Scan(ChunkScanner<'a>),
}

/// A chunk filter: pushes the seeds of `first..first + count` that may fit
/// to the vector.
pub type ChunkScanner<'a> = Box<dyn Fn(u64, u64, &mut Vec<u64>) + Sync + 'a>;

/// The kernel of every GEN without one of its own: seeds each seed of a
/// chunk and steps it, monomorphised for `G`.
pub fn generic_scan<'a, G: Gen>(spec: &'a SearchSpec, lay: &'a Layout) -> Plan<'a> {
    Plan::Scan(Box::new(move |first, count, survivors| {
        generic_chunk::<G>(spec, lay, first, count, survivors)
    }))
}

/// The seeds of `first..first + count` that pass the layout's constraints
/// for some advance, by seeding each and stepping it.
fn generic_chunk<G: Gen>(
    spec: &SearchSpec,
    lay: &Layout,
    first: u64,
    count: u64,
    survivors: &mut Vec<u64>,
) {
    let Some(last) = lay.constraints.iter().map(|c| c.offset).max() else {
        // Nothing to filter on: every seed goes to verification.
        survivors.extend(first..first + count);
        return;
    };
    // Observations far into the stream: verify every seed directly instead
    // of buffering that many words.
    let len = last.saturating_add(spec.max_advance).saturating_add(1);
    if len > MAX_BUFFERED_WORDS {
        survivors.extend(first..first + count);
        return;
    }
    let len = len as usize;
    let mut words = vec![0u64; len];
    for seed in first..first + count {
        let Ok(mut rng) = G::seed(&rngkit::number::BigInt::from(seed), &spec.options) else {
            continue;
        };
        words
            .iter_mut()
            .for_each(|w| *w = rngkit::WordRng::next_word(&mut rng));
        let hit = (0..=spec.max_advance as usize).any(|k| {
            lay.constraints
                .iter()
                .all(|c| c.known.matches(words[c.offset as usize + k]))
        });
        if hit {
            survivors.push(seed);
        }
    }
}
