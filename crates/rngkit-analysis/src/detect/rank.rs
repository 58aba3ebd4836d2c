//! The ranking of the readings [`detect`](super::detect) leaves open, the
//! likeliest first: a user holding 40 glibc `rand()` values is told
//! `glibc` first, not `dotnet`, though neither is settled.
//!
//! Three keys, in order:
//! 1. **Evidence** ([`Open::evidence_bits`]): the bits the values show
//!    beyond what any values would fit. A GEN whose recovery counted the
//!    states left has explained `revealed + log2(states left) - state`
//!    bits of the values (the log-likelihood ratio, in bits, of "this GEN
//!    made them" against "uniform values": every state gives one stream,
//!    so the values have probability `left / 2^state` under the GEN and
//!    `2^-revealed` under chance). 40 glibc values reveal 1240 bits and
//!    leave 23592960 of the 2^992 states: about 272 bits of evidence. A GEN
//!    whose state the values do not fill, or whose recovery counted
//!    nothing, has 0: any values this few fit some state of it.
//! 2. **Prior** ([`prior`]): how common the GEN is as the maker of the
//!    values people hold (1 to 3).
//! 3. **Values to settle** ([`Open::more_values`]): fewer first.
//!
//! Values to settle: where recovery counted the states left, the rate at
//! which values remove them is measured, by recovering again without the
//! last few values, and the states left divided by that rate is the
//! estimate (glibc: about half a bit per value past its 31st, measured;
//! the bits per value alone would say one more value). That recovery runs
//! after the budget, for at most the budget again (then the estimate is
//! left out). Elsewhere it is
//! what the bits per value give: the state's bits plus the margin, over
//! the bits one value reveals; `None` when the values already reveal that
//! many and recovery is still open (it needs other draws: `why` says
//! which), and 0 when they do and recovery was cut short (more time
//! settles it: `--max-seconds`).

use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::candidates::{Candidate, revealed_bits};
use super::{DetectOptions, HAS_CLOCK, MARGIN, Open, values_needed};
use crate::observe::{Observation, ObservationKind};
use crate::recover::{Count, RecoverOptions, Recovered, Stop, recover};

/// GENs whose values people most often hold and ask about: the default
/// generator behind the most used call of a major runtime or engine
/// (C's `rand()`, JavaScript's `Math.random()`, Python's `random`, Java's
/// `java.util.Random`, .NET's `System.Random`, PHP's `mt_rand()`, Ruby's
/// `rand`, NumPy's `np.random`, Go's `math/rand`, C++'s `std::mt19937`,
/// Unity's `Random`).
const COMMON: &[&str] = &[
    "glibc",
    "v8",
    "v8-14",
    "v8-13",
    "v8-legacy",
    "spidermonkey",
    "javascriptcore",
    "python",
    "java",
    "dotnet-legacy",
    "dotnet",
    "php",
    "ruby",
    "numpy-legacy",
    "numpy",
    "go",
    "mt19937",
    "unity",
];

/// Plain generators and rarely used variants: values seldom come from
/// them without the user knowing it (the algorithm families of the `rand`
/// crates, the standard library's minor engines, old runtime eras).
const RARE: &[&str] = &[
    "xorshift128",
    "xoshiro256ss",
    "xoroshiro128p",
    "splitmix64",
    "tinymt32",
    "mt19937-64",
    "minstd-rand",
    "minstd-rand0",
    "ranlux24",
    "ranlux48",
    "knuth-b",
    "php3",
    "php5",
    "php-mt-rand-php",
    "dotnet-32bit",
    "dotnet6-32bit",
    "sfmt",
];

/// The prior of a GEN by name: 3 for the common ones, 1 for the rare, 2
/// for the rest (the other runtimes' and engines' generators).
///
/// ```
/// use rngkit_analysis::detect::rank::prior;
///
/// assert_eq!(prior("glibc"), 3);
/// assert_eq!(prior("knuth-b"), 1);
/// assert_eq!(prior("lua54"), 2);
/// ```
pub fn prior(name: &str) -> u8 {
    if COMMON.contains(&name) {
        3
    } else if RARE.contains(&name) {
        1
    } else {
        2
    }
}

/// Values left out of the second recovery that measures how fast values
/// remove states (at most a quarter of them).
const RATE_WINDOW: usize = 8;

/// How often the estimate's watcher looks at the options' stop.
const POLL: Duration = Duration::from_millis(20);

/// log2 of a count of states.
fn log2(count: Count) -> f64 {
    match count {
        Count::Exact(n) => (n.max(1) as f64).log2(),
        Count::PowerOfTwo(k) | Count::AtMost(k) | Count::About(k) => f64::from(k),
    }
}

/// Whether recovery counted the states (not a bound or an estimate).
fn counted(count: Count) -> bool {
    matches!(count, Count::Exact(_) | Count::PowerOfTwo(_))
}

/// Fills each open reading's evidence, prior and values to settle, and
/// orders them likeliest first. `left[i]` is what recovery counted of
/// candidate `i`.
pub(super) fn rank(
    open: &mut [Open],
    candidates: &[Candidate],
    left: &[Option<Count>],
    values: usize,
    options: &DetectOptions,
) {
    for o in open.iter_mut() {
        let Some(i) = candidates
            .iter()
            .position(|c| std::ptr::eq(c.generator, o.generator) && c.draw == o.draw)
        else {
            continue;
        };
        let c = &candidates[i];
        o.revealed_bits = revealed_bits(c);
        let state = o.state_bits;
        match left[i].filter(|&n| counted(n)) {
            Some(count) => {
                let left_bits = log2(count);
                o.evidence_bits = (o.revealed_bits as f64 + left_bits - state as f64).max(0.0);
                o.more_values = measured_more(c, count, values, options);
            }
            None if o.revealed_bits < state + MARGIN => {
                o.more_values = values_needed(o.revealed_bits, values, state)
                    .map(|n| n.saturating_sub(values as u64));
            }
            // The values reveal more than the state holds and recovery was
            // cut short: these values may settle it (given the time).
            None if o.unfinished => o.more_values = Some(0),
            None => {}
        }
    }
    open.sort_by(|a, b| {
        b.evidence_bits
            .total_cmp(&a.evidence_bits)
            .then(b.prior.cmp(&a.prior))
            .then(
                a.more_values
                    .unwrap_or(u64::MAX)
                    .cmp(&b.more_values.unwrap_or(u64::MAX)),
            )
    });
}

/// The values that would settle a reading whose recovery left `count`
/// states: the bits left over the bits per value that the last few values
/// removed (measured by recovering without them). `None` when the
/// measurement cannot be made (too few values, a recovery that does not
/// count) or shows no progress.
fn measured_more(
    c: &Candidate,
    count: Count,
    values: usize,
    options: &DetectOptions,
) -> Option<u64> {
    let left_bits = log2(count);
    if left_bits <= 0.0 {
        return Some(0);
    }
    let k = RATE_WINDOW.min(values / 4);
    if k == 0 {
        return None;
    }
    let prefix = without_last_values(&c.observations, k);
    let stop = Stop::new();
    let recover_options = RecoverOptions {
        threads: options.threads,
        max_candidates: 1 << 32,
        stop: stop.clone(),
        ..RecoverOptions::default()
    };
    // Past the budget: at most the budget again, where there is a clock
    // (the measurement is then given up); the run without one is bounded
    // in work. (glibc's 32 values of 40 take 1 to 2.5 s on a busy 2-core
    // machine: they leave 2^29 states to count.)
    // The options' stop (Ctrl-C) gives it up too, within a poll.
    if options.stop.is_set() {
        return None;
    }
    let cap = (options.clock && HAS_CLOCK).then_some(options.budget);
    let (done, finished) = mpsc::channel::<()>();
    let recovered = std::thread::scope(|scope| {
        if let Some(cap) = cap {
            let (stop, interrupt) = (stop.clone(), options.stop.clone());
            scope.spawn(move || {
                let until = Instant::now() + cap;
                loop {
                    let left = until.saturating_duration_since(Instant::now());
                    match finished.recv_timeout(left.min(POLL)) {
                        Err(mpsc::RecvTimeoutError::Timeout)
                            if !interrupt.is_set() && Instant::now() < until => {}
                        Ok(()) => break,
                        Err(_) => {
                            stop.set();
                            break;
                        }
                    }
                }
            });
        }
        let recovered = recover(c.generator, &prefix, &recover_options);
        let _ = done.send(());
        recovered
    });
    if stop.is_set() {
        return None;
    }
    let before = match recovered {
        Ok(Recovered::Several { count, .. }) if counted(count) => log2(count),
        Ok(Recovered::Unique(_)) => 0.0,
        _ => return None,
    };
    let rate = (before - left_bits) / k as f64;
    (rate > 0.0).then(|| (left_bits / rate).ceil() as u64)
}

/// The observations without their last `k` values (and what follows them).
fn without_last_values(observations: &[Observation], k: usize) -> Vec<Observation> {
    let is_value = |o: &Observation| {
        matches!(
            o.kind,
            ObservationKind::Draw { .. }
                | ObservationKind::DrawIn { .. }
                | ObservationKind::Bits(_)
        )
    };
    let total = observations.iter().filter(|o| is_value(o)).count();
    let keep = total.saturating_sub(k);
    let mut seen = 0;
    let mut out = Vec::new();
    for o in observations {
        if is_value(o) {
            if seen == keep {
                break;
            }
            seen += 1;
        }
        out.push(o.clone());
    }
    out
}
