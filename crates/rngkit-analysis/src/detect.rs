//! Which generator made these values? Every GEN of the catalogue, tried.
//!
//! The input is an observation list in the `recover` syntax, or bare values
//! one a line (integers or decimals, no draw name). Bare values are read as
//! each draw that can express them: every GEN lists the draws whose values
//! users hold without a name ([`rngkit::registry::Gen::bare_draws`]:
//! `Math.random()` of each V8 era, CPython's `random()`, PHP's `mt_rand()`,
//! ...), with the kind of number each yields ([`Yields`]).
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

use std::fmt;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rngkit::number::parse_int;
use rngkit::registry::{Engine, Yields};

use crate::observe::{Observation, ObservationKind, layout, parse_observations, replay};
use crate::recover::{Count, RecoverOptions, Recovered, Stop, fits, recover};
use crate::registry::{Entry, RecoveryCost, all};
use crate::search::{SearchSpec, search};

/// A fit is decisive when the values reveal this many bits more than the
/// state or seed holds (a chance fit then has probability below 2^-24).
pub const MARGIN: u64 = 24;

/// A draw of `bits` bits is implausible for this many values or more that
/// all leave its top bit clear (probability 2^-n).
pub const PLAUSIBLE_RUN: usize = 24;

/// How long the recoveries still running may finish once one fits
/// decisively (a family member or a rival may be about to).
const GRACE: Duration = Duration::from_millis(150);

/// How long no recovery answers before a reading left open is
/// seed-searched meanwhile.
const IDLE: Duration = Duration::from_millis(50);

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
}

impl Default for DetectOptions {
    fn default() -> Self {
        DetectOptions {
            budget: Duration::from_secs(4),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed_search: true,
            clock: HAS_CLOCK,
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
    /// GENs neither fitting nor ruled out.
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

/// One (GEN, draw) to try.
struct Candidate {
    generator: &'static Entry,
    draw: String,
    observations: Vec<Observation>,
}

/// A bare value: its text and its readings.
struct Bare {
    text: String,
    integer: Option<i128>,
    float: Option<f64>,
}

/// Reads bare values (one number a line, `#` comments and blank lines
/// ignored); `None` when no line is a bare number (the `recover` syntax).
///
/// # Errors
/// A list that mixes bare values with observations, or bare decimals
/// outside [0, 1).
fn bare_values(text: &str) -> Result<Option<Vec<Bare>>, DetectError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut bare = Vec::new();
    let mut other = None;
    for (index, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let integer = parse_int::<i128>(content).ok();
        let float = content
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite() && !content.starts_with("0x"));
        if integer.is_some() || float.is_some() {
            bare.push((index + 1, content));
            if let Some(f) = float.filter(|_| integer.is_none())
                && !(0.0..1.0).contains(&f)
            {
                return Err(DetectError(format!(
                    "line {}: `{content}` is a decimal outside [0, 1); bare decimals are read as draws in [0, 1) (Math.random(), random(), nextDouble()); write other draws as `DRAW = VALUE`",
                    index + 1
                )));
            }
            continue;
        }
        other.get_or_insert(index + 1);
    }
    match (bare.first(), other) {
        (None, _) => Ok(None),
        (Some(_), None) => Ok(Some(
            bare.into_iter()
                .map(|(_, t)| Bare {
                    text: t.to_string(),
                    integer: parse_int::<i128>(t).ok(),
                    float: t.parse::<f64>().ok().filter(|f| f.is_finite()),
                })
                .collect(),
        )),
        (Some((line, _)), Some(other)) => Err(DetectError(format!(
            "line {line} is a bare value but line {other} is not: give bare values one a line, or every line as `DRAW = VALUE` (the `recover` syntax)"
        ))),
    }
}

/// The candidates for bare values, and how many (GEN, draw) pairs the cheap
/// checks ruled out.
fn bare_candidates(values: &[Bare]) -> (Vec<Candidate>, usize) {
    let all_integers = values.iter().all(|v| v.integer.is_some());
    let mut candidates = Vec::new();
    let mut pruned = 0;
    for generator in all() {
        for bare in generator.bare_draws() {
            let fits_range = values.iter().all(|v| match (bare.yields, all_integers) {
                (Yields::Int { .. }, true) => bare.yields.admits_i128(v.integer.unwrap_or(-1)),
                (Yields::Unit { .. }, _) => v.float.is_some_and(|f| bare.yields.admits_f64(f)),
                _ => false,
            });
            if !fits_range || !plausible(bare.yields, values) {
                pruned += 1;
                continue;
            }
            let text: String = values
                .iter()
                .map(|v| format!("{} = {}\n", bare.draw, v.text))
                .collect();
            // The draw's own known_bits refuses values off its grid.
            match parse_observations(generator, &text) {
                Ok(observations) => candidates.push(Candidate {
                    generator,
                    draw: bare.draw.to_string(),
                    observations,
                }),
                Err(_) => pruned += 1,
            }
        }
    }
    (candidates, pruned)
}

/// Whether many integers that all leave a draw's top bit clear (or are
/// all non-negative, for a signed draw) could still have come from it.
fn plausible(yields: Yields, values: &[Bare]) -> bool {
    let Yields::Int { bits, signed } = yields else {
        return true;
    };
    if values.len() < PLAUSIBLE_RUN {
        return true;
    }
    let top_clear = |v: i128| {
        if signed {
            v >= 0
        } else {
            v < 1i128 << (bits - 1)
        }
    };
    !values.iter().all(|v| v.integer.is_some_and(top_clear))
}

/// The candidates for an observation list: every GEN that parses it.
fn list_candidates(text: &str) -> Result<Vec<Candidate>, DetectError> {
    let mut candidates = Vec::new();
    let mut furthest: Option<crate::observe::ObservationError> = None;
    for generator in all() {
        match parse_observations(generator, text) {
            Ok(observations) if !observations.is_empty() => {
                let draw = observations
                    .iter()
                    .find_map(|o| match &o.kind {
                        ObservationKind::Draw { draw, .. }
                        | ObservationKind::DrawIn { draw, .. } => Some(draw.text().to_string()),
                        _ => None,
                    })
                    .unwrap_or_else(|| "bits".to_string());
                candidates.push(Candidate {
                    generator,
                    draw,
                    observations,
                });
            }
            Ok(_) => {}
            Err(e) => {
                if furthest.as_ref().is_none_or(|f| e.line > f.line) {
                    furthest = Some(e);
                }
            }
        }
    }
    if candidates.is_empty() {
        return Err(DetectError(match furthest {
            Some(e) => {
                format!("no generator reads these observations; the one read furthest stops at {e}")
            }
            None => {
                "no observations: give bare values one a line, or `DRAW = VALUE` lines".to_string()
            }
        }));
    }
    Ok(candidates)
}

/// The outcome of one candidate's recovery.
enum Outcome {
    Fit(Answer),
    Excluded,
    Open(String),
}

fn try_recover(c: &Candidate, threads: usize, stop: Stop) -> Outcome {
    let options = RecoverOptions {
        threads,
        stop,
        // A few seconds' worth of candidates (java's residue scan checks
        // about 10^9 a second per core): detect answers within its budget.
        max_candidates: 1 << 32,
        ..RecoverOptions::default()
    };
    match recover(c.generator, &c.observations, &options) {
        Ok(Recovered::Unique(state)) => {
            if fits(&c.observations, &state) {
                Outcome::Fit(Answer::State(state))
            } else {
                Outcome::Excluded
            }
        }
        Ok(Recovered::Several { states, count }) if !states.is_empty() => {
            let states: Vec<Engine> = states
                .into_iter()
                .filter(|s| fits(&c.observations, s))
                .collect();
            match states.len() {
                0 => Outcome::Excluded,
                1 => Outcome::Fit(Answer::State(states.into_iter().next().expect("one"))),
                _ if matches!(count, Count::Exact(n) if n as usize > states.len()) => {
                    Outcome::Open(format!("{count} states fit"))
                }
                _ => Outcome::Fit(Answer::States(states)),
            }
        }
        Ok(Recovered::Several { count, .. }) => Outcome::Open(format!("{count} states fit")),
        Ok(Recovered::OverBudget { count, advice }) => {
            Outcome::Open(format!("{count} states fit; {advice}"))
        }
        Ok(Recovered::NoneFits) => Outcome::Excluded,
        Err(e) => Outcome::Open(e.0),
    }
}

/// Which generator made these values? See the module doc.
///
/// # Errors
/// [`DetectError`] for input that is neither bare values nor an
/// observation list any GEN reads.
pub fn detect(text: &str, options: &DetectOptions) -> Result<Detection, DetectError> {
    // Without a clock (wasm32-unknown-unknown has none) the run is the
    // sequential one, whose budget is in work, not time; everywhere else
    // even one thread is a pool of one worker watched against the budget.
    let clock = options.clock && HAS_CLOCK;
    let start = clock.then(Instant::now);
    let deadline = start.map(|s| s + options.budget);
    let (candidates, pruned, values) = match bare_values(text)? {
        Some(values) => {
            let (c, p) = bare_candidates(&values);
            (c, p, values.len())
        }
        None => {
            let c = list_candidates(text)?;
            let n = c[0]
                .observations
                .iter()
                .filter(|o| {
                    matches!(
                        o.kind,
                        ObservationKind::Draw { .. }
                            | ObservationKind::DrawIn { .. }
                            | ObservationKind::Bits(_)
                    )
                })
                .count();
            (c, 0, n)
        }
    };
    let tried = candidates.len();
    // Small states first: their recoveries are quick, and a decisive fit
    // among them ends the wait for the slow ones.
    let mut candidates = candidates;
    candidates.sort_by_key(|c| state_bits(c.generator));

    let mut run = Run {
        candidates: &candidates,
        options,
        values,
        deadline,
        start,
        outcomes: (0..candidates.len()).map(|_| None).collect(),
        raw_fits: Vec::new(),
        open: Vec::new(),
        passed: Vec::new(),
        settled_at: None,
    };
    if clock {
        run.parallel();
    } else {
        run.sequential();
    }
    let Run { raw_fits, open, .. } = run;
    let fits = families(raw_fits);
    Ok(Detection {
        fits,
        open,
        tried,
        pruned,
        values,
    })
}

/// The state of one [`detect`] call while its recoveries and seed
/// searches run.
struct Run<'a> {
    candidates: &'a [Candidate],
    options: &'a DetectOptions,
    values: usize,
    /// `None` in the sequential run, which reads no clock.
    start: Option<Instant>,
    deadline: Option<Instant>,
    /// Each reading's outcome; `Excluded` also once a fit or an open
    /// reading has been moved to `raw_fits` or `open`.
    outcomes: Vec<Option<Outcome>>,
    raw_fits: Vec<Fit>,
    open: Vec<Open>,
    /// Readings whose small seeds fit nothing: (reading, why open, seconds
    /// per seed measured).
    passed: Vec<(usize, String, f64)>,
    /// When a fit was decisive (the single-threaded run: the epoch).
    settled_at: Option<Option<Instant>>,
}

impl Run<'_> {
    fn decisive(&self) -> bool {
        self.raw_fits.iter().any(|f| f.decisive)
    }

    fn searchable(&self, c: &Candidate) -> bool {
        self.options.seed_search
            && c.generator.can_search_seeds()
            && c.generator.seed_search_bits() == Some(32)
    }

    fn record(&mut self, i: usize, outcome: Outcome) {
        match outcome {
            Outcome::Fit(answer) => {
                let c = &self.candidates[i];
                let fit = make_fit(c, answer, state_bits(c.generator));
                if fit.decisive && self.settled_at.is_none() {
                    self.settled_at = Some(self.start.map(|_| Instant::now()));
                }
                self.raw_fits.push(fit);
                self.outcomes[i] = Some(Outcome::Excluded);
            }
            other => self.outcomes[i] = Some(other),
        }
    }

    /// Recoveries in parallel, one thread each, so that a slow one (PCG32
    /// guesses its hidden bits) does not hold up the quick ones; the small
    /// states start first. Once the answer is settled or the budget spent,
    /// the recoveries still running are told to stop and joined: no thread
    /// outlives the call.
    fn parallel(&mut self) {
        let (Some(start), Some(deadline)) = (self.start, self.deadline) else {
            return self.sequential();
        };
        let stop = Stop::new();
        let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
        let candidates = self.candidates;
        let threads = self.options.threads;
        // A cheap check before any solver (see `too_few_bits`): only a
        // seed search can still answer those readings.
        let mut queue = Vec::new();
        for (i, c) in candidates.iter().enumerate() {
            match too_few_bits(c, self.values) {
                Some(why) => self.outcomes[i] = Some(Outcome::Open(why)),
                None => queue.push(i),
            }
        }
        // A pool of `threads` workers takes the readings in order: small
        // states first (the candidates' order) among the quick recoveries,
        // then SpiderMonkey's and JSC's plane searches, then V8's sum
        // eras' (positions times searches), then the unbounded ones
        // (PCG32's guesses), so that a quick decisive fit (ten Node.js 20
        // doubles: milliseconds) is not starved by slow searches of the
        // same values under other readings, and ends the wait for them.
        // (Unbounded ones first would hold every worker: ten glibc `rand()`
        // values waited 20 s for their quick reading behind two PCG32
        // readings.)
        queue.sort_by_key(|&i| candidates[i].generator.recovery_cost());
        let mut pending = queue.len();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let (queue, next) = (&queue, &next);
        std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for _ in 0..threads.min(queue.len()) {
                let (tx, stop) = (tx.clone(), stop.clone());
                handles.push(scope.spawn(move || {
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if k >= queue.len() || stop.is_set() {
                            break;
                        }
                        let i = queue[k];
                        let outcome = try_recover(&candidates[i], threads, stop.clone());
                        if tx.send((i, outcome)).is_err() {
                            break;
                        }
                    }
                }));
            }
            drop(tx);
            // Half the budget for recoveries when a seed search waits, so
            // that a slow recovery does not starve it.
            let half = start + self.options.budget / 2;
            pending = self.receive(&rx, pending, deadline, Some(half));
            self.seed_searches(true);
            if pending > 0 && !self.decisive() {
                self.receive(&rx, pending, deadline, None);
                self.seed_searches(false);
            }
            stop.set();
            // Joined one by one (pthread_join): the scope's own wait ends
            // when the closures return, before the threads are gone, and
            // no thread may outlive the call (rngkit.detect).
            for h in handles {
                let _ = h.join();
            }
        });
        self.unfinished();
    }

    /// Takes outcomes until none is pending, the budget is spent (or
    /// `cut`, while a reading waits for a seed search), or shortly after a
    /// decisive fit. Returns how many are still pending.
    fn receive(
        &mut self,
        rx: &mpsc::Receiver<(usize, Outcome)>,
        mut pending: usize,
        deadline: Instant,
        cut: Option<Instant>,
    ) -> usize {
        while pending > 0 {
            let mut until = deadline;
            if let Some(Some(t)) = self.settled_at {
                until = until.min(t + GRACE);
            }
            let waiting = self.waiting();
            if let Some(cut) = cut
                && (waiting.is_some() || !self.passed.is_empty())
            {
                until = until.min(cut);
            }
            // The quick recoveries first; when none has answered for a
            // moment, a reading left open goes through its small seeds
            // (smallest state first) while the slow ones run on: a seed
            // found ends the wait for them.
            let now = Instant::now();
            let wait = until.min(now + IDLE).saturating_duration_since(now);
            match rx.recv_timeout(wait) {
                Ok((i, outcome)) => {
                    self.record(i, outcome);
                    pending -= 1;
                }
                Err(mpsc::RecvTimeoutError::Timeout) if Instant::now() < until => {
                    if let Some(i) = waiting {
                        self.take_open(i);
                    }
                }
                Err(_) => break,
            }
        }
        pending
    }

    /// The single-threaded run (the browser's wasm has no threads and no
    /// clock): recoveries one after another, smallest state first, until
    /// one fits decisively; recoveries whose work has no fixed small bound
    /// (PCG32's guesses) are left open; seed searches cover the small seeds
    /// only.
    fn sequential(&mut self) {
        // The sum eras' carry search takes seconds (tens of seconds on
        // values another era made) on one thread: they go last, after the
        // small seeds of the readings left open, so that values of the
        // other eras and seeded runtimes are settled first.
        let (later, first): (Vec<usize>, Vec<usize>) =
            (0..self.candidates.len()).partition(|&i| slow_last(&self.candidates[i]));
        for (k, round) in [first, later].into_iter().enumerate() {
            for i in round {
                let c = &self.candidates[i];
                if self.decisive() {
                    break;
                }
                let outcome = match too_few_bits(c, self.values) {
                    Some(why) => Outcome::Open(why),
                    None if slow_alone(c) => Outcome::Open(
                        "its recovery searches 2^32 or more candidates: skipped in the single-threaded run (`rngkit recover` runs it)".to_string(),
                    ),
                    None if slow_last(c) && self.values < SLOW_RECOVERY_VALUES => Outcome::Open(format!(
                        "its recovery from fewer than {SLOW_RECOVERY_VALUES} values takes seconds: skipped in the single-threaded run (`rngkit recover` runs it)"
                    )),
                    None => try_recover(c, 1, Stop::default()),
                };
                self.record(i, outcome);
            }
            if k == 0 {
                for i in 0..self.candidates.len() {
                    self.take_open(i);
                }
            }
        }
        self.seed_searches(false);
        self.unfinished();
    }

    /// The first reading left open that a seed search may settle.
    fn waiting(&self) -> Option<usize> {
        (0..self.candidates.len()).find(|&i| {
            matches!(self.outcomes[i], Some(Outcome::Open(_)))
                && self.searchable(&self.candidates[i])
        })
    }

    /// Takes reading `i` out of `outcomes` when it is open: to `open` when
    /// it cannot be seed-searched, else through its small seeds at once
    /// (see [`Run::small_pass`]). Cheap, so the parallel run does it as
    /// soon as a recovery leaves a reading open, while slower recoveries
    /// still run: a seed found ends the wait for them.
    fn take_open(&mut self, i: usize) {
        if !matches!(self.outcomes[i], Some(Outcome::Open(_))) {
            return;
        }
        let Some(Outcome::Open(why)) = self.outcomes[i].replace(Outcome::Excluded) else {
            return;
        };
        let c = &self.candidates[i];
        if self.searchable(c) {
            self.small_pass(i, why);
        } else {
            self.open.push(Open::new(c, |_| why.clone()));
        }
    }

    /// The small seeds of reading `i` (below [`SMALL_SEEDS`], where most
    /// hand-picked seeds lie): a fit, or the reading kept in `passed` for
    /// the rest of the 2^32 with the rate measured, or `open`.
    fn small_pass(&mut self, i: usize, why: String) {
        let c = &self.candidates[i];
        if self.decisive() {
            self.open.push(Open::new(c, |_| {
                format!("{why}; not seed-searched, another GEN fits decisively")
            }));
            return;
        }
        let Some(deadline) = self.deadline else {
            // Single-threaded: inline, no clock.
            match small_seeds_inline(c) {
                Some(fit) => self.raw_fits.push(fit),
                None => self.open.push(Open::new(c, |g| {
                    format!(
                        "{why}; no seed below 2^16 fits, larger seeds skipped (`rngkit seed-search {g}` runs them)"
                    )
                })),
            }
            return;
        };
        let began = Instant::now();
        if began >= deadline {
            self.open.push(Open::new(c, |g| {
                format!(
                    "{why}; seed search not run: the time budget ran out (`rngkit seed-search {g}`)"
                )
            }));
            return;
        }
        // At most an eighth of the budget each: some kernels are slow
        // (SFMT's seeding), and the other readings wait.
        let until = deadline.min(began + self.options.budget / 8);
        let (found, done) = seed_search(c, 0..=SMALL_SEEDS - 1, until, self.options.threads);
        if let Some(fit) = found {
            if fit.decisive && self.settled_at.is_none() {
                self.settled_at = Some(Some(Instant::now()));
            }
            self.raw_fits.push(fit);
        } else if done < SMALL_SEEDS {
            self.open.push(Open::new(c, |g| {
                format!(
                    "{why}; seed search covered {done} of the 2^32 seeds in its share of the time (`rngkit seed-search {g}` finishes it)"
                )
            }));
        } else {
            let per_seed = began.elapsed().as_secs_f64() / done as f64;
            self.passed.push((i, why, per_seed));
        }
    }

    /// Moves the open readings left to `open`, seed-searching those with
    /// 32-bit seeds: the small seeds first, then (`all_seeds`) the rest of
    /// the 2^32 where the measured rate says it finishes in time. A partial
    /// sweep of the large seeds proves little and would spend the budget of
    /// every other reading, so it is skipped and said so (with the command
    /// that runs it). Not needed once a recovery fits decisively (a second,
    /// unrelated decisive fit would be a chance below 2^-MARGIN).
    fn seed_searches(&mut self, all_seeds: bool) {
        for i in 0..self.candidates.len() {
            self.take_open(i);
        }
        let Some(deadline) = self.deadline else {
            return;
        };
        let total = 1u64 << 32;
        let rest = total - SMALL_SEEDS;
        let passed = std::mem::take(&mut self.passed);
        let count = passed.len();
        for (k, (i, why, per_seed)) in passed.into_iter().enumerate() {
            let c = &self.candidates[i];
            let needed = per_seed * rest as f64;
            let share = deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64()
                / (count - k) as f64;
            if self.decisive() || !all_seeds || needed > share {
                let decisive = self.decisive();
                self.open.push(Open::new(c, |g| {
                    let reason = if decisive {
                        "another GEN fits decisively".to_string()
                    } else {
                        format!(
                            "they need longer than the time left (`rngkit seed-search {g}` runs them)"
                        )
                    };
                    format!("{why}; no seed below 2^20 fits, larger seeds skipped: {reason}")
                }));
                continue;
            }
            let (found, done) =
                seed_search(c, SMALL_SEEDS..=total - 1, deadline, self.options.threads);
            if let Some(fit) = found {
                self.raw_fits.push(fit);
            } else if done < rest {
                let covered = (done + SMALL_SEEDS) as f64 * 100.0 / total as f64;
                self.open.push(Open::new(c, |g| {
                    format!(
                        "{why}; seed search covered {covered:.1}% of the 2^32 seeds (`rngkit seed-search {g}` finishes it)"
                    )
                }));
            }
        }
    }

    /// The readings whose recovery did not finish (or was not run): one
    /// may share the state of a decisive fit (the MT19937 runtimes read as
    /// raw words), which the fit's state words, read by its GEN, settle at
    /// once; the rest stay open.
    fn unfinished(&mut self) {
        let decisive_states: Vec<Vec<u64>> = self
            .raw_fits
            .iter()
            .filter(|f| f.decisive)
            .flat_map(|f| match &f.answer {
                Answer::States(s) => s.iter().map(Engine::words).collect::<Vec<_>>(),
                other => vec![other.first_state().words()],
            })
            .collect();
        for (i, c) in self.candidates.iter().enumerate() {
            if self.outcomes[i].is_some() {
                continue;
            }
            let shared = decisive_states.iter().find_map(|words| {
                let state = c.generator.from_words(words).ok()?;
                fits(&c.observations, &state).then_some(state)
            });
            match shared {
                Some(state) => {
                    let fit = make_fit(c, Answer::State(state), state_bits(c.generator));
                    self.raw_fits.push(fit);
                }
                None => {
                    let why = if self.decisive() {
                        "recovery not finished when another GEN fit decisively".to_string()
                    } else {
                        format!(
                            "recovery did not finish within {:.1} s (--max-seconds)",
                            self.options.budget.as_secs_f64()
                        )
                    };
                    self.open.push(Open::new(c, |_| why.clone()));
                }
            }
        }
    }
}

/// Whether a reading's recovery is tried last (by the single-threaded run,
/// and by the pool of the parallel one): its GEN says it is slow
/// ([`RecoveryCost::Slow`]: V8's sum eras, whose carry search is the
/// slowest of the `math-random` readings).
fn slow_last(c: &Candidate) -> bool {
    c.generator.recovery_cost() == RecoveryCost::Slow
}

/// Readings whose recovery has no small bound on its work, which the
/// single-threaded run leaves open ([`RecoveryCost::Unbounded`]: the PCG32
/// GENs, whose recovery guesses 2^27 hidden bits times 32 rotations).
fn slow_alone(c: &Candidate) -> bool {
    c.generator.recovery_cost() == RecoveryCost::Unbounded
}

/// The small seeds of one reading, inline (no thread, no clock): the
/// GEN's own scan kernel over `0..SMALL_SEEDS_WITHOUT_CLOCK`, each
/// survivor verified.
fn small_seeds_inline(c: &Candidate) -> Option<Fit> {
    let spec = SearchSpec::new(
        c.generator,
        c.observations.clone(),
        0..=SMALL_SEEDS_WITHOUT_CLOCK - 1,
    )
    .threads(1);
    let scan = c.generator.scan()?;
    let lay = layout(&c.observations, c.generator.output_bits(), false);
    let found = match scan(&spec, &lay) {
        crate::search::Plan::Done(found) => found.into_iter().min(),
        crate::search::Plan::Scan(scanner) => {
            let mut survivors = Vec::new();
            scanner(0, SMALL_SEEDS_WITHOUT_CLOCK, &mut survivors);
            survivors
                .into_iter()
                .filter(|&seed| crate::search::verify(&spec, seed, 0))
                .min()
                .map(|seed| crate::search::Match { seed, advance: 0 })
        }
    }?;
    let mut state = c.generator.seed_bits(found.seed, &Default::default())?;
    state.discard(found.advance);
    Some(make_fit(
        c,
        Answer::Seed {
            seed: found.seed,
            advance: found.advance,
            state,
        },
        32,
    ))
}

/// Seeds searched first, on every reading recovery leaves open: the small
/// seeds people pick by hand (`seed(42)`, `srand(12345)`), 2^20 of them,
/// a few hundredths of a second per GEN.
pub const SMALL_SEEDS: u64 = 1 << 20;

/// The small seeds searched where there is no clock to stop a search by
/// (the web page's WebAssembly): 2^16 per reading, so that a reading no
/// seed fits costs at most about a second there (2^20 took 21 s for four
/// doubles that fit nothing, every Mersenne Twister seeding done in scalar
/// WebAssembly).
pub const SMALL_SEEDS_WITHOUT_CLOCK: u64 = 1 << 16;

/// The values below which the run without a clock leaves a
/// [`RecoveryCost::Slow`] recovery open: V8's sum eras searched 2^26 carry
/// guesses on 4 or 5 doubles (about 4 CPU s natively, and over 20 s in the
/// page's WebAssembly: four doubles that fit nothing took 27 s there), and
/// under a second from 8 on. Since the sweeps' start checks a search of 4
/// to 8 doubles takes about 0.1 s of CPU natively; the page has not been
/// measured since, so the bound stays.
const SLOW_RECOVERY_VALUES: usize = 8;

/// Whether this target has a clock (`std::time::Instant`): not
/// `wasm32-unknown-unknown`, where reading one panics.
pub(crate) const HAS_CLOCK: bool = !cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// A reading's values reveal so many bits fewer than its GEN's state holds
/// that no recovery can pin it: the solver is skipped.
const HOPELESS_GAP: u64 = 64;

/// States of more bits than this are recovered over GF(2) only.
const LARGE_STATE: u64 = 1024;

/// Bits the values reveal of the raw words (what `known_bits` says).
fn revealed_bits(c: &Candidate) -> u64 {
    layout(&c.observations, c.generator.output_bits(), true)
        .constraints
        .iter()
        .map(|w| u64::from(w.known.mask.count_ones()))
        .sum()
}

/// Why a reading is left to seed search without recovery: its values
/// reveal over [`HOPELESS_GAP`] bits fewer than the state holds.
fn too_few_bits(c: &Candidate, values: usize) -> Option<String> {
    let (revealed, state) = (revealed_bits(c), state_bits(c.generator));
    // Small states may still be pinned by bits no value reveals exactly
    // (java's lattice reads `next-int 6` dice and `DRAW in A..B` ranges);
    // large ones (the Mersenne Twisters) are solved over GF(2) alone, so
    // what the values reveal bounds what recovery can learn.
    if state <= LARGE_STATE || revealed + HOPELESS_GAP >= state {
        return None;
    }
    let add = match values_needed(revealed, values, state) {
        Some(n) => format!(
            "about {} more values pin it",
            n.saturating_sub(values as u64)
        ),
        None => "its values reveal no exact bit".to_string(),
    };
    Some(format!(
        "{values} values reveal {revealed} bits, too few for its {state}-bit state ({add}); recovery skipped"
    ))
}

/// Seed-searches one reading over `seeds` until `deadline`: the first
/// fit found (one seed shows the GEN fits; whether the values pin it is
/// the fit's decisiveness) and how many seeds were done.
fn seed_search(
    c: &Candidate,
    seeds: std::ops::RangeInclusive<u64>,
    deadline: Instant,
    threads: usize,
) -> (Option<Fit>, u64) {
    let spec = SearchSpec::new(c.generator, c.observations.clone(), seeds)
        .threads(threads)
        .deadline(deadline)
        .first_match_only();
    let mut found = Vec::new();
    let done = search(&spec, |m| found.push(m), |_| {}).unwrap_or(0);
    // Threads may have found more than one: the smallest, for a stable
    // answer.
    found.sort();
    let fit = found.into_iter().find_map(|m| {
        let mut state = c.generator.seed_bits(m.seed, &Default::default())?;
        state.discard(m.advance);
        Some(make_fit(
            c,
            Answer::Seed {
                seed: m.seed,
                advance: m.advance,
                state,
            },
            32,
        ))
    });
    (fit, done)
}

/// The GENs other than `exclude` that fit an observation list decisively
/// (by recovery only, within `budget`): what `rngkit recover GEN` suggests
/// when no state of GEN fits ("these values fit v8-legacy").
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::{detect, registry};
/// use std::time::Duration;
///
/// let legacy = registry::find("v8-legacy").unwrap();
/// let mut rng = legacy.seed(&BigInt::from(3), &Default::default()).unwrap();
/// let draw = legacy.parse_draw("math-random", &[]).unwrap();
/// let text: String = (0..10).map(|_| format!("math-random = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let v8 = registry::find("v8").unwrap();
/// let names: Vec<&str> = detect::alternatives(&text, v8, Duration::from_secs(5))
///     .iter().map(|e| e.name()).collect();
/// assert_eq!(names, ["v8-legacy"]);
/// ```
pub fn alternatives(text: &str, exclude: &Entry, budget: Duration) -> Vec<&'static Entry> {
    let options = DetectOptions {
        budget,
        seed_search: false,
        ..DetectOptions::default()
    };
    let Ok(found) = detect(text, &options) else {
        return Vec::new();
    };
    let mut names = Vec::new();
    for fit in found.decisive() {
        for g in std::iter::once(fit.generator).chain(fit.family.iter().map(|(g, _)| *g)) {
            if g.name() != exclude.name() && !names.iter().any(|n: &&Entry| n.name() == g.name()) {
                names.push(g);
            }
        }
    }
    names
}

/// A seed of another GEN whose stream gives the observations: what
/// `rngkit seed-search GEN` suggests when no seed of GEN fits.
#[derive(Clone, Copy, Debug)]
pub struct SeedAlternative {
    /// The GEN that fits.
    pub generator: &'static Entry,
    /// The seed's bit pattern (print it with the GEN's seed kind).
    pub seed: u64,
    /// Raw steps after seeding.
    pub advance: u64,
}

/// The other GENs whose seeds in `ranges` (bit patterns of
/// `exclude`'s seed width) give the observations in `text`, searched
/// within `budget` (each gets an equal share of what is left; the first
/// seed found per GEN is enough). Only GENs whose seed has the same width
/// and that read every observation are tried: for PHP's `mt-rand` the
/// other eras (`php5`, `php3`, `php-mt-rand-php`).
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::{detect, registry};
/// use std::time::Duration;
///
/// // mt_rand() of PHP 5 after mt_srand(1000), searched as PHP 7.1+.
/// let php5 = registry::find("php5").unwrap();
/// let mut rng = php5.seed(&BigInt::from(1000), &Default::default()).unwrap();
/// let draw = php5.parse_draw("mt-rand", &[]).unwrap();
/// let text: String = (0..4).map(|_| format!("mt-rand = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let php = registry::find("php").unwrap();
/// let found = detect::seed_alternatives(&text, php, &[0..=4095], 0, Duration::from_secs(5));
/// let fits: Vec<(&str, u64)> = found.iter().map(|a| (a.generator.name(), a.seed)).collect();
/// // PHP 7.1+'s MT_RAND_PHP mode keeps PHP 5's twist: the same values.
/// assert_eq!(fits, [("php-mt-rand-php", 1000), ("php5", 1000)]);
/// ```
pub fn seed_alternatives(
    text: &str,
    exclude: &Entry,
    ranges: &[std::ops::RangeInclusive<u64>],
    max_advance: u64,
    budget: Duration,
) -> Vec<SeedAlternative> {
    let deadline = Instant::now() + budget;
    let bits = exclude.seed_search_bits();
    let others: Vec<(&'static Entry, Vec<Observation>)> = all()
        .iter()
        .filter(|g| {
            g.name() != exclude.name() && g.can_search_seeds() && g.seed_search_bits() == bits
        })
        .filter_map(|g| {
            let obs = parse_observations(g, text).ok()?;
            (!obs.is_empty()).then_some((g, obs))
        })
        .collect();
    let mut found = Vec::new();
    for (k, (g, obs)) in others.iter().enumerate() {
        let now = Instant::now();
        if now >= deadline {
            break;
        }
        let share = deadline.saturating_duration_since(now) / (others.len() - k) as u32;
        let mut first: Option<crate::search::Match> = None;
        for range in ranges {
            let spec = SearchSpec::new(*g, obs.clone(), range.clone())
                .max_advance(max_advance)
                .deadline(now + share)
                .first_match_only();
            let mut matches = Vec::new();
            if search(&spec, |m| matches.push(m), |_| {}).is_err() {
                break;
            }
            if let Some(m) = matches.into_iter().min() {
                first = Some(m);
                break;
            }
        }
        if let Some(m) = first {
            found.push(SeedAlternative {
                generator: g,
                seed: m.seed,
                advance: m.advance,
            });
        }
    }
    found
}

fn make_fit(c: &Candidate, answer: Answer, state_bits: u64) -> Fit {
    let revealed = revealed_bits(c);
    let signature = signature(c, &answer);
    Fit {
        generator: c.generator,
        draw: c.draw.clone(),
        decisive: revealed >= state_bits + MARGIN,
        revealed_bits: revealed,
        state_bits,
        answer,
        family: Vec::new(),
        signature,
    }
}

/// Values compared to tell whether two fits are one family.
const SIGNATURE_VALUES: usize = 16;

/// What makes two fits one family: the same state words (of every state
/// that fits) and the same values next.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Signature {
    words: Vec<Vec<u64>>,
    next: Vec<String>,
}

fn signature(c: &Candidate, answer: &Answer) -> Signature {
    let states: Vec<&Engine> = match answer {
        Answer::States(s) => s.iter().collect(),
        other => vec![other.first_state()],
    };
    let words = states.iter().map(|s| s.words()).collect();
    let mut rng = answer.first_state().clone();
    replay(&c.observations, &mut rng);
    let next = match c.generator.parse_draw(
        c.draw.split(' ').next().unwrap_or(""),
        &c.draw.split(' ').skip(1).collect::<Vec<_>>(),
    ) {
        Ok(draw) => (0..SIGNATURE_VALUES)
            .map(|_| draw.eval(&mut rng).format(false))
            .collect(),
        Err(_) => Vec::new(),
    };
    Signature { words, next }
}

/// Merges fits that are one family and orders the rest, best first.
fn families(raw: Vec<Fit>) -> Vec<Fit> {
    let mut fits: Vec<Fit> = Vec::new();
    // A family is headed by the plain generator read as raw words where
    // one is among its members (mt19937 u32 rather than mars next-u32).
    let mut raw = raw;
    // Otherwise the catalogue's order decides, so that the answer does not
    // depend on which recovery finished first.
    raw.sort_by_key(|f| {
        (
            !(f.draw == "u32" || f.draw == "u64"),
            all().iter().position(|e| e.name() == f.generator.name()),
        )
    });
    for fit in raw {
        if let Some(head) = fits
            .iter_mut()
            .find(|h| h.signature == fit.signature && h.decisive == fit.decisive)
        {
            head.family.push((fit.generator, fit.draw));
            continue;
        }
        fits.push(fit);
    }
    fits.sort_by_key(|f| {
        (
            !f.decisive,
            f.answer.count(),
            std::cmp::Reverse(f.revealed_bits as i128 - f.state_bits as i128),
        )
    });
    fits
}

#[cfg(test)]
mod tests {
    use super::*;
    use rngkit::number::BigInt;

    fn values(generator: &str, seed: i64, draw: &str, n: usize) -> String {
        let e = crate::registry::find(generator).unwrap();
        let mut rng = e.seed(&BigInt::from(seed), &Default::default()).unwrap();
        let words: Vec<&str> = draw.split(' ').collect();
        let d = e.parse_draw(words[0], &words[1..]).unwrap();
        (0..n)
            .map(|_| format!("{}\n", d.eval(&mut rng).format(false)))
            .collect()
    }

    /// Every bare draw parses on its GEN, and the values it gives are in
    /// the range it declares.
    #[test]
    fn bare_draws_parse_and_yield_what_they_declare() {
        for generator in all() {
            for bare in generator.bare_draws() {
                let words: Vec<&str> = bare.draw.split(' ').collect();
                let draw = generator
                    .parse_draw(words[0], &words[1..])
                    .unwrap_or_else(|e| panic!("{} `{}`: {e}", generator.name(), bare.draw));
                let Ok(mut rng) = generator
                    .seed(&BigInt::from(12345), &Default::default())
                    .or_else(|_| {
                        let words: Vec<u64> = (1..=generator.word_count() as u64).collect();
                        generator.from_words(&words).map_err(|_| ())
                    })
                else {
                    continue;
                };
                for _ in 0..200 {
                    let v = draw.eval(&mut rng);
                    let text = v.format(false);
                    let ok = match bare.yields {
                        Yields::Unit { .. } => {
                            text.parse::<f64>().is_ok_and(|f| bare.yields.admits_f64(f))
                        }
                        Yields::Int { .. } => {
                            parse_int::<i128>(&text).is_ok_and(|i| bare.yields.admits_i128(i))
                        }
                    };
                    assert!(
                        ok,
                        "{} `{}` gave {text}, outside {:?}",
                        generator.name(),
                        bare.draw,
                        bare.yields
                    );
                }
            }
        }
    }

    #[test]
    fn java_doubles_are_identified_with_their_seed_state() {
        let text = values("java", 42, "next-double", 5);
        let found = detect(&text, &DetectOptions::default()).unwrap();
        assert_eq!(found.verdict(), Verdict::Identified, "{found:?}");
        assert_eq!(found.fits[0].generator.name(), "java");
    }

    #[test]
    fn one_value_is_underdetermined_or_ambiguous_never_identified() {
        let text = values("java", 42, "next-double", 1);
        let found = detect(&text, &DetectOptions::default()).unwrap();
        assert_ne!(found.verdict(), Verdict::Identified, "{found:?}");
    }

    /// The run without a clock (the browser's) spawns nothing and answers
    /// the same.
    #[test]
    fn one_thread_identifies_java_and_a_small_seed() {
        let options = DetectOptions {
            threads: 1,
            clock: false,
            ..DetectOptions::default()
        };
        let found = detect(&values("java", 42, "next-double", 5), &options).unwrap();
        assert_eq!(found.verdict(), Verdict::Identified, "{found:?}");
        assert_eq!(found.fits[0].generator.name(), "java");
        let found = detect(&values("glibc", 4321, "rand", 10), &options).unwrap();
        assert_eq!(found.verdict(), Verdict::Identified, "{found:?}");
        assert_eq!(found.fits[0].generator.name(), "glibc");
        assert!(matches!(
            found.fits[0].answer,
            Answer::Seed { seed: 4321, .. }
        ));
    }

    /// 624 PHP values reveal too few bits for any solver: every PHP era
    /// stays open, says so, and none is handed to recovery.
    #[test]
    fn too_few_bits_for_a_large_state_skip_the_solver() {
        let text = values("php", 3_000_000, "mt-rand", 624);
        for threads in [1, 2] {
            let options = DetectOptions {
                threads,
                ..DetectOptions::default()
            };
            let found = detect(&text, &options).unwrap();
            assert_eq!(found.verdict(), Verdict::Underdetermined, "{found:?}");
            let php: Vec<&Open> = found
                .open
                .iter()
                .filter(|o| o.generator.name().starts_with("php"))
                .collect();
            assert_eq!(php.len(), 4, "{found:?}");
            for o in php {
                assert!(o.why.contains("recovery skipped"), "{}", o.why);
                // (A busy machine may cut a small pass short: it says so.)
                assert!(
                    o.why.contains("no seed below 2^20 fits") || o.why.contains("covered"),
                    "{}",
                    o.why
                );
            }
        }
    }

    #[test]
    fn mixed_lines_are_refused() {
        assert!(detect("0.5\nvalue = 0.5\n", &DetectOptions::default()).is_err());
        assert!(detect("1.5\n", &DetectOptions::default()).is_err());
    }
}
