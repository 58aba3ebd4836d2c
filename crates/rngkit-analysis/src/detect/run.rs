//! The scheduler of one [`detect`](super::detect) call ([`Run`]): the
//! readings' recoveries, in parallel against the time budget or one after
//! another without a clock, the small seeds and the seed searches of the
//! readings recovery leaves open, and the rules that skip or defer a
//! reading (too few bits, a slow or unbounded recovery).

use std::sync::mpsc;
use std::time::{Duration, Instant};

use rngkit::registry::Engine;

use super::candidates::{Candidate, revealed_bits};
use super::family::make_fit;
use super::{Answer, DetectOptions, Fit, Open, state_bits, values_needed};
use crate::observe::layout;
use crate::recover::{Count, RecoverOptions, Recovered, Stop, fits, recover};
use crate::registry::RecoveryCost;
use crate::search::{SearchSpec, search};

/// How long the recoveries still running may finish once one fits
/// decisively (a family member or a rival may be about to).
const GRACE: Duration = Duration::from_millis(150);

/// How long no recovery answers before a reading left open is
/// seed-searched meanwhile.
const IDLE: Duration = Duration::from_millis(50);

/// The outcome of one candidate's recovery.
enum Outcome {
    Fit(Answer),
    Excluded,
    Open(String),
    /// Open, with the number of states recovery left (kept for the
    /// ranking of the open readings; recorded as `Open`).
    Counted(String, Count),
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
                    Outcome::Counted(format!("{count} states fit"), count)
                }
                _ => Outcome::Fit(Answer::States(states)),
            }
        }
        Ok(Recovered::Several { count, .. }) => {
            Outcome::Counted(format!("{count} states fit"), count)
        }
        Ok(Recovered::OverBudget { count, advice }) => {
            Outcome::Open(format!("{count} states fit; {advice}"))
        }
        Ok(Recovered::NoneFits) => Outcome::Excluded,
        Err(e) => Outcome::Open(e.0),
    }
}

/// Runs the readings' recoveries and seed searches, in parallel against
/// the clock or, without one, one after another: the fits found (not yet
/// merged into families) and the readings left open.
pub(super) fn run(
    candidates: &[Candidate],
    options: &DetectOptions,
    values: usize,
    start: Option<Instant>,
    deadline: Option<Instant>,
    clock: bool,
) -> (Vec<Fit>, Vec<Open>, Vec<Option<Count>>) {
    let mut run = Run {
        candidates,
        options,
        values,
        deadline,
        start,
        outcomes: (0..candidates.len()).map(|_| None).collect(),
        raw_fits: Vec::new(),
        open: Vec::new(),
        passed: Vec::new(),
        settled_at: None,
        left: vec![None; candidates.len()],
    };
    if clock {
        run.parallel();
    } else {
        run.sequential();
    }
    let Run {
        raw_fits,
        open,
        left,
        ..
    } = run;
    (raw_fits, open, left)
}

/// The state of one [`detect`](super::detect) call while its recoveries and seed
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
    /// The states each reading's recovery left, where it counted them.
    left: Vec<Option<Count>>,
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
            Outcome::Counted(why, count) => {
                self.left[i] = Some(count);
                self.outcomes[i] = Some(Outcome::Open(why));
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
        while pending > 0 && !self.options.stop.is_set() {
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
        if began >= deadline || self.options.stop.is_set() {
            let cause = if self.options.stop.is_set() {
                "detect was interrupted"
            } else {
                "the time budget ran out"
            };
            self.open.push(Open::new(c, |g| {
                format!("{why}; seed search not run: {cause} (`rngkit seed-search {g}`)")
            }));
            return;
        }
        // At most an eighth of the budget each: some kernels are slow
        // (SFMT's seeding), and the other readings wait.
        let until = deadline.min(began + self.options.budget / 8);
        let (found, done) = seed_search(c, 0..=SMALL_SEEDS - 1, until, self.options);
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
            let stopped = self.options.stop.is_set();
            if self.decisive() || !all_seeds || needed > share || stopped {
                let decisive = self.decisive();
                self.open.push(Open::new(c, |g| {
                    let reason = if decisive {
                        "another GEN fits decisively".to_string()
                    } else if stopped {
                        format!("detect was interrupted (`rngkit seed-search {g}` runs them)")
                    } else {
                        format!(
                            "they need longer than the time left (`rngkit seed-search {g}` runs them)"
                        )
                    };
                    format!("{why}; no seed below 2^20 fits, larger seeds skipped: {reason}")
                }));
                continue;
            }
            let (found, done) = seed_search(c, SMALL_SEEDS..=total - 1, deadline, self.options);
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
                    let mut open = Open::new(c, |_| why.clone());
                    open.unfinished = true;
                    self.open.push(open);
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

/// Seed-searches one reading over `seeds` until `deadline` (or the
/// options' stop): the first fit found (one seed shows the GEN fits;
/// whether the values pin it is the fit's decisiveness) and how many seeds
/// were done.
fn seed_search(
    c: &Candidate,
    seeds: std::ops::RangeInclusive<u64>,
    deadline: Instant,
    options: &DetectOptions,
) -> (Option<Fit>, u64) {
    let spec = SearchSpec::new(c.generator, c.observations.clone(), seeds)
        .threads(options.threads)
        .deadline(deadline)
        .stop(options.stop.clone())
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
