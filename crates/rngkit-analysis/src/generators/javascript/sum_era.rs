//! Recovery for V8's sum eras (`v8`, `v8-14`): `v8` hands its calls out
//! in step order, one search; `v8-14` hands each block of 64 out
//! last-made first, so the calls inside one block are steps in reverse and
//! the search runs on each cache position's longest such run, once per
//! distinct run, with the windows that cover every position where a
//! refill splits the values ([`cover_windows`]) and the rules that skip
//! the positions a found state already rules out.

use rngkit::registry::Engine;
use rngkit::runtimes::javascript::{V8_CACHE_SIZE, V8CacheOrder, V8Era, V8MathRandom};

use super::algebra::jump_words;
use super::calls::{SumCall, positions, sum_calls};
use super::sum::{SUB_RUN_PINS, SumStates, sum_recover, sum_states};
use crate::observe::Observation;
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, fits};

/// [`recover_v8_era`](super::recover_v8_era) for the sum eras (`v8`, `v8-14`).
pub(super) fn recover_v8_sum<E: V8Era>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    // The era's parts as values, so that the search below is built once
    // rather than once per era (the page's wasm has a size budget).
    let era = SumEra {
        name: <E as V8Era>::INFO.name,
        order: E::ORDER,
        empty_cache: &|a, b| {
            V8MathRandom::<E>::from_state(a, b, 0)
                .ok()
                .map(Engine::new::<E>)
        },
        at_block_position: &|a, b, position| {
            V8MathRandom::<E>::at_block_position(a, b, position)
                .ok()
                .map(Engine::new::<E>)
        },
    };
    recover_sum_era(observations, options, &era)
}

/// What [`recover_sum_era`] needs of a V8 sum era.
struct SumEra<'a> {
    name: &'static str,
    order: V8CacheOrder,
    /// The engine with xorshift state `(a, b)` and nothing cached.
    empty_cache: &'a (dyn Fn(u64, u64) -> Option<Engine> + Sync),
    /// The engine whose block starts from `(a, b)`, `position` calls in.
    at_block_position: &'a dyn Fn(u64, u64, u8) -> Option<Engine>,
}

/// [`recover_v8_sum`] for one era.
fn recover_sum_era(
    observations: &[Observation],
    options: &RecoverOptions,
    era: &SumEra<'_>,
) -> Result<Recovered, RecoverError> {
    let name = era.name;
    if era.order == V8CacheOrder::StepOrder {
        return sum_recover(observations, options, 63, name, era.empty_cache);
    }
    // Blocks handed out last-made first: at position p, call c shows step
    // `step_of_call(c + p)`, so the calls inside one block are consecutive
    // steps in reverse. The chain search runs on the longest such run of
    // calls; its solutions (the xorshift states before the run's first
    // step) do not depend on p, so each run is searched once and every
    // position that shares it reuses the answer. Every candidate is then
    // verified against all observations.
    let cons = sum_calls(observations, 63)?;
    if cons.is_empty() {
        return Ok(Recovered::Several {
            count: Count::PowerOfTwo(128 + 6),
            states: Vec::new(),
        });
    }
    let total_known: u32 = cons.iter().map(SumCall::revealed).sum();
    let mut searched: Vec<SearchedRun> = Vec::new();
    let mut states = Vec::new();
    let mut unlisted: u128 = 0;
    let mut failed: Vec<(u64, RecoverError)> = Vec::new();
    let mut short_runs: Vec<(u64, Count)> = Vec::new();
    let mut over_budget: Option<(Count, String)> = None;
    let tried = positions(options);
    let total = tried.end - tried.start;
    // Each position's longest run of observed calls inside one block (ties:
    // the first), as the call range `first..=last`.
    let mut order: Vec<(u64, usize, usize)> = Vec::with_capacity(total as usize);
    for position in tried {
        let block = |c: &SumCall| (c.offset + position) / V8_CACHE_SIZE as u64;
        let mut best: Option<(usize, usize)> = None;
        let mut start = 0;
        for end in 0..cons.len() {
            let closes = end + 1 == cons.len()
                || block(&cons[end + 1]) != block(&cons[end])
                || cons[end + 1].offset != cons[end].offset + 1;
            if closes {
                if best.is_none_or(|(a, b)| end - start > b - a) {
                    best = Some((start, end));
                }
                start = end + 1;
            }
        }
        let Some((first, last)) = best else {
            return Ok(crate::recover::conclude(Vec::new()));
        };
        order.push((position, first, last));
    }
    // Longest runs first: a longer run is searched no slower than a
    // shorter one, and when the values reveal enough bits, the first state
    // that gives every value ends the search (see `PINNED_BY_ALL`).
    order.sort_by_key(|&(_, first, last)| std::cmp::Reverse(last - first));
    // Which step each observed call shows, relative to the first call's:
    // positions with the same pattern give the same values from states
    // that differ only in where the block ends (values inside one block fit
    // at every position that keeps them inside it), so they are all still
    // searched once a state is found; the others are left alone then.
    let pattern = |position: u64| -> Vec<i128> {
        let step = |c: &SumCall| i128::from(era.order.step_of_call(c.offset + position));
        cons.iter().map(|c| step(c) - step(&cons[0])).collect()
    };
    // The engine at `position` whose run ending with call `last` (inside
    // one block there) starts from the xorshift state `(a, b)`, if it gives
    // every observed value.
    let place = |a: u64, b: u64, last: u64, position: u64| -> Option<Engine> {
        // Steps from the block's start to just before the run.
        let before = era.order.step_of_call(last + position) - 1;
        let (a, b) = jump_words(a, b, u128::from(before), true);
        let engine = (era.at_block_position)(a, b, position as u8)?;
        fits(observations, &engine).then_some(engine)
    };
    let mut cover = cover_windows(&cons);
    let mut covered: Vec<u64> = Vec::new();
    let mut found_pattern: Option<Vec<i128>> = None;
    // Whether the windows were all searched in full and placed no state:
    // then no position where the refill falls among the values has one.
    let mut windows_found_none = false;
    for (position, first, last) in order.iter().copied() {
        // The run of the whole is searched first: quickly, and it ends
        // the search when the refill falls outside the values.
        if found_pattern.is_none()
            && last - first + 1 < cons.len()
            && let Some(windows) = cover.take()
        {
            // Every position whose longest run is shorter than this holds
            // one of the windows inside a block: search them, and place
            // what they find at every position.
            let mut complete = true;
            for (from, to) in windows {
                let run = step_order_run(&cons, from, to);
                let result = sum_states(&run, options, 63, name);
                complete &= matches!(result, Ok(SumStates::Found(_)));
                if let Ok(SumStates::Found(found)) = &result {
                    for &(a, b) in found {
                        for &(p, _, _) in &order {
                            if let Some(engine) = place(a, b, cons[to].offset, p) {
                                states.push(engine);
                                covered.push(p);
                                found_pattern.get_or_insert_with(|| pattern(p));
                            }
                        }
                    }
                }
                searched.push(((cons[from].offset, cons[to].offset), result));
                if found_pattern.is_some() {
                    break;
                }
            }
            windows_found_none = complete && found_pattern.is_none();
        }
        if covered.contains(&position) {
            continue;
        }
        // A state at this position would have been found by the window
        // inside its block (values of another generator: 15 more searches
        // of the runs of 5 to 9 values, 0.8 s, each finding nothing).
        if windows_found_none && last - first + 1 < cons.len() {
            continue;
        }
        if let Some(found) = &found_pattern
            && pattern(position) != *found
        {
            continue;
        }
        let states_before = states.len();
        let key = (cons[first].offset, cons[last].offset);
        if !searched.iter().any(|(k, _)| *k == key)
            && let Some(found) = inside_searched_run(&searched, &cons[first..=last], key)
        {
            searched.push((key, Ok(SumStates::Found(found))));
        }
        if !searched.iter().any(|(k, _)| *k == key) {
            let run = step_order_run(&cons, first, last);
            searched.push((key, sum_states(&run, options, 63, name)));
        }
        let result = &searched
            .iter()
            .find(|(k, _)| *k == key)
            .expect("searched")
            .1;
        match result {
            Ok(SumStates::Found(found)) => {
                for &(a, b) in found {
                    states.extend(place(a, b, cons[last].offset, position));
                }
            }
            Ok(SumStates::Open(count)) if total_known < 128 => {
                unlisted = unlisted.saturating_add(count_value(*count));
            }
            Ok(SumStates::OverBudget { count, advice }) => {
                over_budget.get_or_insert((*count, advice.clone()));
            }
            Ok(SumStates::Open(count)) => {
                short_runs.push((position, *count));
                failed.push((
                    position,
                    RecoverError(format!(
                        "the longest run of observed calls inside one cache block ({} calls) reveals too few bits to search; give at least 3 consecutive math-random values inside one block",
                        last - first + 1
                    )),
                ))
            }
            Err(e) => failed.push((position, e.clone())),
        }
        if total_known >= PINNED_BY_ALL && found_pattern.is_none() && states.len() > states_before {
            found_pattern = Some(pattern(position));
        }
    }
    if total_known >= PINNED_BY_ALL && !states.is_empty() {
        // Pinned by every value: the positions left unsearched have
        // another pattern of steps, where a state giving every value would
        // be a coincidence of probability about 2^-64.
        return Ok(crate::recover::conclude(states));
    }
    // Positions whose run is too short to search, when others did search:
    // their states are not listed but counted (each at most 2^(128 - the
    // run's known bits)), so the answer is "several", not an error (three
    // values inside one block fit at every position that keeps them inside
    // it anyway; `--fresh` picks one).
    if failed.len() == short_runs.len() && failed.len() < total as usize && over_budget.is_none() {
        for (_, count) in &short_runs {
            unlisted = unlisted.saturating_add(count_value(*count));
        }
        failed.clear();
    }
    if let Some((position, first)) = failed.first() {
        let message = format!(
            "{name}: at {} of the {total} cache positions the first value may sit at (the first: {position} calls after a refill), the search is out of reach: {}{}",
            failed.len(),
            first
                .0
                .strip_prefix(&format!("{name}: "))
                .unwrap_or(&first.0),
            if options.fresh {
                ""
            } else {
                "; if the values are the first of a fresh context (a new process or page), say --fresh"
            }
        );
        // Valid values whose runs are all too short to search (dice): exit
        // 3 with what to add, not an input error.
        if failed.len() == short_runs.len() {
            return Ok(Recovered::OverBudget {
                count: Count::About(128u32.saturating_sub(total_known)),
                advice: message,
            });
        }
        return Err(RecoverError(message));
    }
    if let Some((count, advice)) = over_budget {
        return Ok(Recovered::OverBudget {
            count,
            advice: if options.fresh {
                advice
            } else {
                format!(
                    "{advice}; if the values are the first of a fresh context (a new process or page), say --fresh"
                )
            },
        });
    }
    if unlisted > 0 {
        // The positions' counts are each about 2^(128 - information): an
        // estimate, the power of two at or above their sum.
        let total = unlisted.saturating_add(states.len() as u128);
        return Ok(Recovered::Several {
            count: Count::About(128 - (total - 1).leading_zeros()),
            states: Vec::new(),
        });
    }
    Ok(crate::recover::conclude(states))
}

/// The calls `first..=last` of `cons` (inside one block, handed out
/// last-made first) as a run in step order: the last call shows the
/// earliest step.
fn step_order_run(cons: &[SumCall], first: usize, last: usize) -> Vec<SumCall> {
    cons[first..=last]
        .iter()
        .rev()
        .map(|c| SumCall {
            offset: cons[last].offset - c.offset,
            ..*c
        })
        .collect()
}

/// For consecutive calls that one refill may split (at most 64), windows
/// that cover every position: wherever the refill falls, one window lies
/// inside one block, so searching them finds the state of every position
/// whose longest run is shorter than the whole. With `h = n / 2` they are
/// the first `h + 1` calls (inside one block when the refill comes after
/// them), the last `n - h + 1` (when it comes before them), and, for a
/// refill exactly after call `h`, the last `n - h`: so ten doubles are
/// searched as six, then six, and only for the middle split as five.
/// Measured before the sweeps' start checks (ten Node.js 26 doubles across
/// a refill, seeds 777 and 31337, every split): 0.2 to 1.2 s, 1.5 to 1.9 s
/// at the middle split, where halves of five took 0.2 to 3.2 s (11.6 s over
/// the nine splits of one seed against 7.6 s this way); running the two
/// windows of six side by side, each on one thread, saved nothing: the
/// window that holds the state is the slow one. Since the checks, every
/// split takes 0.17 to 0.6 s in `detect`. Only when each window reveals
/// [`HALF_MIN_BITS`] bits, and only worth it where the windows are searched
/// sooner than the runs they replace: ten doubles split five and five took
/// 4.8 to 7.8 s of CPU run by run (the runs of 9, 8, 7, 6 calls at the
/// other splits each searched in full and found nothing, then the run of
/// five). The windows as index ranges `(first, last)` of `cons`, in the
/// order to search them.
fn cover_windows(cons: &[SumCall]) -> Option<[(usize, usize); 3]> {
    // More calls than a block: the first block's worth is covered the same
    // way (wherever the first refill falls, one window is inside one block).
    let n = cons.len().min(V8_CACHE_SIZE);
    let cons = &cons[..n];
    let consecutive = cons.windows(2).all(|w| w[1].offset == w[0].offset + 1);
    if !consecutive || !(8..=V8_CACHE_SIZE).contains(&n) {
        return None;
    }
    let bits = |r: &[SumCall]| r.iter().map(SumCall::revealed).sum::<u32>();
    let h = n / 2;
    if bits(&cons[..h]) < HALF_MIN_BITS || bits(&cons[h..]) < HALF_MIN_BITS {
        return None;
    }
    Some([(0, h), (h - 1, n - 1), (h, n - 1)])
}

/// The fewest bits each window of [`cover_windows`] must reveal: enough to
/// leave about one state, so that its search (complete, or stopped at the
/// first state when the half reveals [`SUB_RUN_PINS`]) answers for every
/// position. Halves of 32 `floor 50` values (5 whole bits each) qualify:
/// searched once each, 1 to 3 s; position by position, 64 runs of 32 to 64
/// values took 2 to 5 minutes.
const HALF_MIN_BITS: u32 = 128 + 16;

/// Known bits above which a state that gives every observed value rules
/// out the cache positions whose calls show another pattern of steps, but
/// by a chance of about 2^-64: a state at such a position gives all the
/// values with probability 2^-known, and there are 64 * 2^128 (position,
/// state) pairs. So once one is found, only the positions with its pattern
/// are still searched (the same margin as [`SUB_RUN_PINS`]).
const PINNED_BY_ALL: u32 = 128 + 6 + 64;

/// A run of calls searched (its first and last call) and what it found.
type SearchedRun = ((u64, u64), Result<SumStates, RecoverError>);

/// The states of the run `run` (calls `key.0..=key.1`), read off a longer
/// run already searched that contains it and found states, when `run`
/// reveals at least [`SUB_RUN_PINS`] bits; `None` otherwise.
///
/// At the cache positions where the values straddle a refill, `v8-14`'s
/// longest run in one block is a part of the run that the positions
/// keeping every value inside one block searched (ten values: the first or
/// last five to nine). Each state of the longer run fits the part; a part
/// that reveals 192 or more bits has no other state but by a chance of
/// about 2^-64, so searching it again (seconds for five doubles, where the
/// whole run takes a fraction of one) would only find the same states.
/// Every candidate is still verified against every observation.
fn inside_searched_run(
    searched: &[SearchedRun],
    run: &[SumCall],
    key: (u64, u64),
) -> Option<Vec<(u64, u64)>> {
    let known: u32 = run.iter().map(SumCall::revealed).sum();
    if known < SUB_RUN_PINS {
        return None;
    }
    searched
        .iter()
        .find_map(|((first, last), result)| match result {
            Ok(SumStates::Found(found))
                if *first <= key.0 && key.1 <= *last && !found.is_empty() =>
            {
                // In step order a run starts at its last call: the part starts
                // `last - key.1` steps after the longer run.
                Some(
                    found
                        .iter()
                        .map(|&(a, b)| jump_words(a, b, u128::from(*last - key.1), false))
                        .collect(),
                )
            }
            _ => None,
        })
}

/// A count as a number (2^128 and more saturate).
fn count_value(count: Count) -> u128 {
    match count {
        Count::Exact(n) => n,
        Count::PowerOfTwo(n) | Count::AtMost(n) | Count::About(n) => {
            1u128.checked_shl(n).unwrap_or(u128::MAX)
        }
    }
}
