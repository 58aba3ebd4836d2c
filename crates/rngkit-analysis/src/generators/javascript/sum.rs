//! The sum engines' search over one run of calls in step order
//! (`spidermonkey`, `javascriptcore`, `v8`, and each run of `v8-14`): the
//! cost model that picks between the chain search ([`chain`]), its sweeps
//! and the meet in the middle ([`meet`]), the budget and the advice when a
//! search is over it, and the threads that run the chosen search piece by
//! piece, each candidate checked against the calls that follow.

use rngkit::registry::Engine;
use rngkit::runtimes::javascript::xorshift128plus_step;

use super::algebra::jump_words;
use super::calls::{SumCall, lowest_known, sum_calls};
use super::forms::{Echelon, split, step_forms, unit_forms};
use super::{chain, meet};
use crate::observe::Observation;
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, fits};

/// Searches expected to visit more than 2^(this + 1) nodes, about 2^this
/// leaves ([`chain::Plan::nodes_log2`], or the sweep's nodes as
/// `chain_cost` counts them) are refused with what to add: measured on 2
/// threads, the elimination's 2^24 leaves
/// take about 0.8 s, 2^26 about 2 s and 2^28 about 10 s (a leaf costs more
/// in longer chains); the sweep's 2^27 steps for three doubles under 1 s.
pub const MAX_GUESSES: u32 = 28;

/// The longest chain tried: `floor N` values with few known top bits need
/// long chains (about `128 / log2 N` calls).
const MAX_CHAIN: usize = 48;

/// log2 of a chain's search cost in word operations, and whether the
/// sweep ([`chain::Plan::sweep`]) is the cheaper way: the elimination's
/// nodes each walk the chain's `m + 1` rows with a parity over the earlier
/// ones, the sweep's steps are a few word operations.
///
/// Measured: the elimination's 2^28.6 nodes for three SpiderMonkey doubles
/// took 4.8 s of CPU, so a CPU second is about 2^26.3 units; the sweeps'
/// costs are their measured times in those units ([`UP_SWEEP_COST`],
/// [`down_sweep_cost`]), and a node of a chain of `m` calls counts as `(m +
/// 1) / 4` nodes of a chain of 3.
fn chain_cost(plan: &chain::Plan) -> (f64, bool) {
    let elimination = plan.nodes_log2() + ((plan.m + 1) as f64 / 4.0).log2();
    match plan.sweep_direction() {
        Some(chain::Sweep::Up) if elimination > UP_SWEEP_COST => (UP_SWEEP_COST, true),
        Some(chain::Sweep::Down) if elimination > down_sweep_cost(plan.m) => {
            (down_sweep_cost(plan.m), true)
        }
        _ => (elimination, false),
    }
}

/// The `Up` sweep's cost (see [`chain_cost`]), in the elimination's units
/// (2^26.3 a CPU second): its 2^26 starts each take a few word operations
/// to rule out ([`chain::Plan::sweep`]'s check of bits 26..=34), three to
/// six SpiderMonkey doubles 0.2 to 0.35 s of CPU in full (release CLI, 2
/// cores); before that check every start walked a plane or two, 0.8 s.
const UP_SWEEP_COST: f64 = 24.6;

/// The `Down` sweep's cost (see [`chain_cost`]) for `m` V8 doubles, in
/// the elimination's units (2^26.3 a CPU second), measured (release CLI,
/// 2 cores): its 2^23 starts each take a few word operations to rule out
/// ([`chain::Plan::sweep`]'s check of bits 24..=40); one start in 1300
/// goes on with four calls, fewer with more, so a search that finds
/// nothing takes 0.11 s of CPU at every length from 4 to 8; with three
/// calls one start in 60 goes on, 0.1 to 0.45 s. Before that check every
/// start walked its planes: 1.9 to 2.6 s for three to six calls.
fn down_sweep_cost(m: usize) -> f64 {
    if m <= 3 { 24.5 } else { 23.2 }
}

/// The cheapest chain among the windows of consecutive known words: `(first
/// call offset, plan)`.
///
/// Every start inside a run of consecutive calls is tried, since one call
/// with few known bits (a `floor N` interval that straddles a power of two)
/// raises the lowest plane of every chain through it. From each start the
/// chain grows call by call (a longer chain has more rows a plane, so fewer
/// guessed planes, but one more guessed carry a call when `low > 0`) until
/// its carries alone would cost as much as the best plan so far.
fn best_chain(cons: &[SumCall], top: u32) -> Option<(u64, chain::Plan)> {
    let cost = |p: &chain::Plan| chain_cost(p).0;
    let mut best: Option<(u64, chain::Plan)> = None;
    let mut i = 0;
    while i < cons.len() {
        let mut j = i;
        while j + 1 < cons.len() && cons[j + 1].offset == cons[j].offset + 1 {
            j += 1;
        }
        let run = &cons[i..=j];
        for start in 0..run.len() {
            let mut low = 0;
            for m in 1..=(run.len() - start).min(MAX_CHAIN) {
                low = low.max(lowest_known(run[start + m - 1].known.mask, top));
                if low > top {
                    break;
                }
                // Every chain from here on costs at least its carries.
                let carries = if low > 0 { m as u32 } else { 0 };
                let floor = f64::from(carries) + ((m + 1) as f64).log2();
                if best.as_ref().is_some_and(|(_, b)| floor >= cost(b)) {
                    break;
                }
                let width = (top - low + 1) as usize;
                if (m + 1) * width < 128 {
                    continue;
                }
                let windows: Vec<u64> = run[start..start + m]
                    .iter()
                    .map(|c| c.known.value >> low)
                    .collect();
                let plan = chain::Plan::new(&windows, low, top);
                // The cheapest: 2^guesses leaves, each walking the chain.
                if plan.rank() == 128 && best.as_ref().is_none_or(|(_, b)| cost(&plan) < cost(b)) {
                    best = Some((run[start].offset, plan));
                }
            }
        }
        i = j + 1;
    }
    best
}

/// What the sum engines' searches reach, for advice (measured with 600
/// values on `v8`: the meet-in-the-middle search takes `floor 28` and up in
/// seconds, `floor 24` to `floor 27` on some streams; `floor 16` as a power
/// of two).
const SUM_REACH: &str = "give at least 3 consecutive math-random values, or about 30 consecutive floor N values with N >= 28 or N = 16 (floor 100: 24 to 30 values; a few hundred let the search pick its cheapest window); floor N below 24 is out of reach on the sum engines (each value's few known bits sit behind an unknown carry, and dice and coins need too long a chain)";

/// Meet-in-the-middle searches over more than 2^this steps
/// ([`meet::Meet::steps_log2`]) are refused: a step (a syndrome table read
/// and a hash probe) took 16 to 35 ns here, more when the stored half
/// outgrows the caches, so 2^30 steps are 20 to 40 s of CPU.
const MEET_MAX_STEPS: f64 = 30.0;

/// A meet step costs about a quarter of a chain search node (16 to 35 ns
/// against the elimination's 2^24 leaves in 1.6 s of CPU): log2 of the
/// ratio.
const MEET_STEPS_PER_NODE: f64 = 2.0;

/// The most paths a meet may let through its checks by chance, as a power
/// of two: each is solved (about a microsecond) and checked against the
/// calls that follow. A looser bound lets a shorter chain qualify: each
/// call fewer saves half its choices in steps.
const MEET_MAX_FALSE: f64 = 14.0;

/// The cheapest meet-in-the-middle search ([`meet::Meet`]) over the runs of
/// consecutive calls: `(first call offset, plan)`. For each plane count `k`
/// and start, the shortest chain whose rows reach rank 128 with few enough
/// chance paths ([`MEET_MAX_FALSE`]) is the cheapest from that start (each
/// further call multiplies the paths by its choices).
fn best_meet(cons: &[SumCall], top: u32) -> Option<(u64, meet::Meet)> {
    if top < 52 {
        return None;
    }
    let mut best: Option<(f64, usize, usize, u32)> = None;
    for k in 3..=meet::MAX_PLANES.min(8) {
        let low = top + 1 - k;
        let profile = meet::rank_profile(k, low, meet::MAX_CALLS);
        let logs: Vec<f64> = cons
            .iter()
            .map(|c| (meet::choices(c.span, k, low > 0).1 as f64).log2())
            .collect();
        let mut i = 0;
        while i < cons.len() {
            let mut j = i;
            while j + 1 < cons.len() && cons[j + 1].offset == cons[j].offset + 1 {
                j += 1;
            }
            for start in i..=j {
                let mut paths = f64::from(k);
                for m in 1..=(j + 1 - start).min(meet::MAX_CALLS) {
                    paths += logs[start + m - 1];
                    let (rank, checks) = profile[m];
                    if rank < 128 || paths - f64::from(checks.min(128)) > MEET_MAX_FALSE {
                        continue;
                    }
                    let steps = meet::steps_log2(k, &logs[start..start + m]);
                    if best.is_none_or(|(b, ..)| steps < b) {
                        best = Some((steps, start, m, k));
                    }
                    break;
                }
            }
            i = j + 1;
        }
    }
    let (_, start, m, k) = best?;
    let spans: Vec<(u64, u64)> = cons[start..start + m].iter().map(|c| c.span).collect();
    Some((cons[start].offset, meet::Meet::new(&spans, top, k)?))
}

/// Whether the state `x` before call `offset` gives the known bits of the
/// calls `later` (all at or after `offset`).
fn follows(later: &[&SumCall], offset: u64, x: u128) -> bool {
    let (mut a, mut b) = split(x);
    let mut calls = offset;
    for c in later {
        while calls <= c.offset {
            (a, b) = xorshift128plus_step(a, b);
            calls += 1;
        }
        if a.wrapping_add(b) & c.known.mask != c.known.value {
            return false;
        }
    }
    true
}

/// The meet's states (before call `offset`) that give every known bit of
/// the calls from there on, its middle values shared among the threads.
fn meet_states(
    meet: &meet::Meet,
    offset: u64,
    cons: &[SumCall],
    options: &RecoverOptions,
) -> Vec<u128> {
    run_parts(meet.items(), offset, cons, options, false, &|k, out| {
        meet.search(k..k + 1, out)
    })
}

/// A search in `parts` pieces (`piece(k, out)` adds piece `k`'s candidate
/// states before call `offset`), taken in turn by the recovery's threads,
/// this one among them (one thread spawns nothing: the browser build has
/// no threads). Each piece's candidates are kept only when they give the
/// known bits of the calls of `cons` from `offset` on, there and in
/// parallel: a search's rows only just fix the state, so most candidates
/// are wrong. With `stop_at_first`, the first piece that keeps a state
/// ends the search.
fn run_parts(
    parts: u64,
    offset: u64,
    cons: &[SumCall],
    options: &RecoverOptions,
    stop_at_first: bool,
    piece: &(dyn Fn(u64, &mut Vec<u128>) + Sync),
) -> Vec<u128> {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    // Progress in pieces (their sizes differ, so the bar moves unevenly,
    // but it moves).
    options.progress.add_total(parts, "parts");
    let later: Vec<&SumCall> = cons.iter().filter(|c| c.offset >= offset).collect();
    let threads = options.threads.clamp(1, 64) as u64;
    let found_one = AtomicBool::new(false);
    let next = AtomicU64::new(0);
    let (later, next, found_one) = (&later, &next, &found_one);
    let work = move || {
        let mut out = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= parts || options.stop.is_set() || found_one.load(Ordering::Relaxed) {
                break out;
            }
            let before = out.len();
            piece(k, &mut out);
            let mut kept = before;
            for i in before..out.len() {
                if follows(later, offset, out[i]) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
            if stop_at_first && !out.is_empty() {
                found_one.store(true, Ordering::Relaxed);
            }
            options.progress.advance(1);
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads.min(parts)).map(|_| scope.spawn(work)).collect();
        let mut found = work();
        for h in handles {
            found.extend(h.join().expect("a search thread"));
        }
        found
    })
}

/// `recover` for the sum engines whose calls are the xorshift steps in
/// order: the state before the first observation, as an engine.
pub(super) fn sum_recover(
    observations: &[Observation],
    options: &RecoverOptions,
    top: u32,
    name: &str,
    engine_of: &(dyn Fn(u64, u64) -> Option<Engine> + Sync),
) -> Result<Recovered, RecoverError> {
    sum_search(
        observations,
        &sum_calls(observations, top)?,
        options,
        top,
        name,
        engine_of,
    )
}

/// The chain search on `cons`, constraints on the sums of the xorshift
/// steps (`offset` k: the sum after step k + 1 from the unknown state);
/// `engine_of` makes the engine of a found xorshift state, each one
/// verified against every observation.
fn sum_search(
    observations: &[Observation],
    cons: &[SumCall],
    options: &RecoverOptions,
    top: u32,
    name: &str,
    engine_of: &(dyn Fn(u64, u64) -> Option<Engine> + Sync),
) -> Result<Recovered, RecoverError> {
    Ok(match sum_states(cons, options, top, name)? {
        SumStates::Found(found) => crate::recover::conclude(
            found
                .into_iter()
                .filter_map(|(a, b)| engine_of(a, b))
                .filter(|e| fits(observations, e))
                .collect(),
        ),
        SumStates::Open(count) => Recovered::Several {
            count,
            states: Vec::new(),
        },
        SumStates::OverBudget { count, advice } => Recovered::OverBudget { count, advice },
    })
}

/// What the chain search found: the xorshift states before step 0 that fit
/// the constraints it used (to be verified against the rest), or only a
/// count when the constraints reveal too few bits.
pub(super) enum SumStates {
    Found(Vec<(u64, u64)>),
    Open(Count),
    /// The search the constraints call for is over the budget.
    OverBudget {
        count: Count,
        advice: String,
    },
}

/// The chain search itself (see [`sum_search`]).
pub(super) fn sum_states(
    cons: &[SumCall],
    options: &RecoverOptions,
    top: u32,
    name: &str,
) -> Result<SumStates, RecoverError> {
    // The state before step 0 of a solution `x` for the state before step
    // `offset`.
    let candidate = |x: u128, offset: u64| -> Option<(u64, u64)> {
        let (a, b) = split(x);
        if a == 0 && b == 0 {
            return None;
        }
        Some(jump_words(a, b, u128::from(offset), true))
    };
    // SpiderMonkey/JSC: bit 0 of the sum is linear; 128 of them may do.
    if top == 52 {
        let with_bit0: Vec<&SumCall> = cons.iter().filter(|c| c.known.mask & 1 == 1).collect();
        if with_bit0.len() >= 128 {
            let mut eq = Echelon::new();
            let (mut s0, mut s1) = unit_forms();
            let mut step = 0;
            let mut consistent = true;
            for c in &with_bit0 {
                while step <= c.offset {
                    (s0, s1) = step_forms(&s0, &s1);
                    step += 1;
                }
                consistent &= eq.add(s0[0] ^ s1[0], c.known.value & 1 == 1);
            }
            if !consistent {
                return Ok(SumStates::Found(Vec::new()));
            }
            if eq.rank() == 128 {
                return Ok(SumStates::Found(
                    candidate(eq.solution(0), 0).into_iter().collect(),
                ));
            }
        }
    }
    let chain = best_chain(cons, top);
    // The chain search's cost in its nodes (the budget counts the
    // elimination's nodes as they are: a long `floor N` chain's nodes cost
    // more, but its budget was set by time).
    let chain_nodes = chain.as_ref().map(|(_, plan)| match chain_cost(plan) {
        (cost, true) => cost,
        (_, false) => plan.nodes_log2(),
    });
    let meet = best_meet(cons, top);
    if let Some((offset, meet)) = &meet
        && meet.steps_log2() <= MEET_MAX_STEPS
        && chain_nodes.is_none_or(|nodes| {
            nodes > f64::from(MAX_GUESSES) + 1.0 || meet.steps_log2() - MEET_STEPS_PER_NODE < nodes
        })
    {
        let found = meet_states(meet, *offset, cons, options);
        return Ok(found_states(found, *offset, candidate));
    }
    // About 2^(128 - information) states fit: an estimate (the values'
    // intervals are not independent of each other).
    let information: f64 = cons.iter().map(SumCall::information).sum();
    let about = Count::About((128.0 - information).round().max(0.0) as u32);
    let meet_note = match &meet {
        Some((_, meet)) => format!(
            "; the cheapest meet-in-the-middle window, {} consecutive calls, takes 2^{:.1} steps (the budget is 2^{MEET_MAX_STEPS})",
            meet.m,
            meet.steps_log2()
        ),
        None => String::new(),
    };
    let Some((offset, plan)) = chain else {
        if information < 128.0 {
            return Ok(SumStates::Open(about));
        }
        // Valid input that says enough but not in a shape the search can
        // use: exit 3 with what to add, not a usage error.
        return Ok(SumStates::OverBudget {
            count: about,
            advice: format!(
                "{name}: the observations reveal {information:.0} bits, but not as a run of consecutive calls the searches can use{meet_note}; {SUM_REACH}"
            ),
        });
    };
    let sweep = chain_cost(&plan).1.then_some(());
    let cost = chain_nodes.expect("a chain");
    // 2^MAX_GUESSES leaves are about twice as many nodes.
    if cost > f64::from(MAX_GUESSES) + 1.0 {
        // Valid input, a search over budget: exit 3 with what to add.
        return Ok(SumStates::OverBudget {
            count: about,
            advice: format!(
                "{name}: the best chain, {} consecutive calls with bits {}..={} known, leaves 2^{} candidates to search (the budget is 2^{MAX_GUESSES}, about a minute on 2 threads){meet_note}; {SUM_REACH}",
                plan.m,
                plan.low,
                plan.top,
                plan.guesses()
            ),
        });
    }
    let carries: u64 = if plan.low > 0 { 1 << plan.m } else { 1 };
    let threads = options.threads.clamp(1, 64) as u64;
    // Work items: the carries, each split over the first guessed bits of
    // q[0] when the carries alone are too few to share (SpiderMonkey's
    // carries are all 0: one item without the split).
    let mut prefix_bits = 0;
    while sweep.is_none()
        && (carries << prefix_bits) < threads * 1024
        && prefix_bits < plan.q0_guesses().min(16)
    {
        prefix_bits += 1;
    }
    let items = if sweep.is_some() {
        plan.sweep_items()
    } else {
        carries << prefix_bits
    };
    // The items' subtrees differ widely in size (most die at once), so
    // the threads take small chunks of them in turn rather than one range
    // each.
    let chunks = (threads * 64).min(items);
    // When the calls a leaf is checked against reveal enough bits, the
    // first leaf that passes is the only state but by a chance of about
    // 2^-64 (see `SUB_RUN_PINS`): the search ends there, on average half
    // way through (five doubles of Node.js 26 with `--fresh`: 1.8 to 2.5 s
    // of CPU before, about half that after).
    let pinned = cons
        .iter()
        .filter(|c| c.offset >= offset)
        .map(|c| c.revealed())
        .sum::<u32>()
        >= SUB_RUN_PINS;
    let plan = &plan;
    let found = run_parts(chunks, offset, cons, options, pinned, &|k, out| {
        let range = items * k / chunks..items * (k + 1) / chunks;
        if sweep.is_some() {
            plan.sweep(range, out);
        } else {
            plan.search_split(range, prefix_bits, out);
        }
    });
    Ok(found_states(found, offset, candidate))
}

/// A search's solutions for the state before call `offset`, distinct, as
/// the states before step 0 (`candidate` maps one, `None` for the zero
/// state).
fn found_states(
    mut found: Vec<u128>,
    offset: u64,
    candidate: impl Fn(u128, u64) -> Option<(u64, u64)>,
) -> SumStates {
    found.sort_unstable();
    found.dedup();
    SumStates::Found(
        found
            .into_iter()
            .filter_map(|x| candidate(x, offset))
            .collect(),
    )
}

/// Known bits above which a run of calls pins the xorshift state by itself:
/// 128 for the state and 64 more, so that a second state fitting them by
/// chance has a probability of about 2^-64 on a generator's values.
pub(super) const SUB_RUN_PINS: u32 = 128 + 64;
