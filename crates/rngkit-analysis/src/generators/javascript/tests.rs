//! End-to-end recovery tests of the V8 eras and the sum engines through
//! the registry's entries (the algebra's and the symbolic steps' tests
//! sit with them; the real engines: tests/recover_javascript.rs).

use super::*;
use crate::recover::Count;
use rngkit::WordRng;
use rngkit::runtimes::javascript::{V8MathRandom, V8Random};

/// The eras that hand blocks out last-made first, through the generic
/// recovery: values across a refill pin the state and the cache
/// position; values inside one block leave one state per position that
/// keeps them inside it, and `--fresh` picks position 0. (The real
/// engines: tests/recover_javascript.rs.)
#[test]
fn v8_14_across_a_refill_at_either_end() {
    // Ten values of which 1, 4, 5 or 9 come before a refill: the
    // windows are searched (`cover_windows`): the first six (inside a
    // block for 9), the last six (for 1 and 4), the last five (for 5);
    // the first state found pins the pattern of steps, and the
    // positions with other patterns are left alone; the answer is the
    // one state, as when every position is searched.
    use crate::observe::parse_observations;
    use rngkit::runtimes::javascript::V814Gen;
    let entry = crate::registry::find("v8-14").unwrap();
    for before_refill in [1, 4, 5, 9] {
        let mut rng = V8MathRandom::<V814Gen>::with_random_seed(79).unwrap();
        rng.discard(64 - before_refill);
        let start = rng.clone();
        let text: String = (0..10)
            .map(|_| format!("math-random = {}\n", rng.math_random()))
            .collect();
        let obs = parse_observations(entry, &text).unwrap();
        let Recovered::Unique(state) =
            recover_v8_era::<V814Gen>(&obs, &RecoverOptions::default()).unwrap()
        else {
            panic!("one state with {before_refill} values before the refill")
        };
        assert_eq!(state.words(), start.state().to_vec());
    }
}

#[test]
fn v8_13_and_v8_14_positions_and_fresh() {
    use crate::observe::parse_observations;
    use rngkit::runtimes::javascript::{V813Gen, V814Gen};
    fn check<E: V8Era>(count_across: usize) {
        let name = <E as V8Era>::INFO.name;
        let entry = crate::registry::find(name).unwrap();
        let text_of = |rng: &mut V8MathRandom<E>, n: usize| -> String {
            (0..n)
                .map(|_| format!("math-random = {}\n", rng.math_random()))
                .collect()
        };
        // Across the refill after call 64, half on each side.
        let mut rng = V8MathRandom::<E>::with_random_seed(77).unwrap();
        rng.discard(64 - count_across as u64 / 2);
        let before = rng.clone();
        let obs = parse_observations(entry, &text_of(&mut rng, count_across)).unwrap();
        let Recovered::Unique(state) =
            recover_v8_era::<E>(&obs, &RecoverOptions::default()).unwrap()
        else {
            panic!("{name}: one state across the refill")
        };
        assert_eq!(state.words(), before.state().to_vec(), "{name}");
        // The first values of a fresh context, inside one block.
        let mut rng = V8MathRandom::<E>::with_random_seed(78).unwrap();
        let start = rng.clone();
        let obs = parse_observations(entry, &text_of(&mut rng, 12)).unwrap();
        let fresh = RecoverOptions {
            fresh: true,
            ..RecoverOptions::default()
        };
        let Recovered::Unique(state) = recover_v8_era::<E>(&obs, &fresh).unwrap() else {
            panic!("{name}: one state with --fresh")
        };
        assert_eq!(state.words(), start.state().to_vec(), "{name}");
        let Recovered::Several { count, states } =
            recover_v8_era::<E>(&obs, &RecoverOptions::default()).unwrap()
        else {
            panic!("{name}: one state per cache position")
        };
        assert_eq!(count, Count::Exact(65 - 12), "{name}");
        assert!(states.iter().any(|s| s.words() == start.state().to_vec()));
    }
    check::<V813Gen>(6);
    check::<V814Gen>(12);
}

/// Three consecutive doubles on every sum engine (our generators; the
/// real engines: tests/recover_javascript.rs), each state the sweep
/// returns verified by replay: SpiderMonkey and JSC sweep up from bit
/// 0, `v8` and `v8-14` down from bit 63. V8's 159 known bits leave a
/// few states now and then (they differ in the low bits of the next
/// doubles), so the true state is among those listed.
#[test]
fn three_doubles_on_every_sum_engine() {
    use crate::observe::{parse_observations, replay};
    use rngkit::runtimes::javascript::{JavaScriptCoreGen, V814Gen};
    let fresh = RecoverOptions {
        fresh: true,
        threads: 2,
        ..RecoverOptions::default()
    };
    for seed in [0x5eed_0000_0000_0002u64] {
        let words = [
            rngkit::runtimes::javascript::murmur_hash3_fmix64(seed),
            rngkit::runtimes::javascript::murmur_hash3_fmix64(!seed),
        ];
        let mut cases: Vec<(&str, Engine)> = vec![
            (
                "spidermonkey",
                Engine::new::<SpiderMonkeyGen>(Xorshift128Plus::from_state(words).unwrap()),
            ),
            (
                "javascriptcore",
                Engine::new::<JavaScriptCoreGen>(Xorshift128Plus::from_state(words).unwrap()),
            ),
            (
                "v8",
                Engine::new::<V8Gen>(V8Random::from_state(words[0], words[1], 0).unwrap()),
            ),
            (
                "v8-14",
                Engine::new::<V814Gen>(
                    V8MathRandom::<V814Gen>::from_state(words[0], words[1], 0).unwrap(),
                ),
            ),
        ];
        for (name, start) in cases.iter_mut() {
            let entry = crate::registry::find(name).unwrap();
            let draw = entry.parse_draw("math-random", &[]).unwrap();
            let mut rng = start.clone();
            let values: Vec<String> = (0..103)
                .map(|_| draw.eval(&mut rng).format(false))
                .collect();
            let text: String = values[..3]
                .iter()
                .map(|v| format!("math-random = {v}\n"))
                .collect();
            let obs = parse_observations(entry, &text).unwrap();
            // `--fresh` fixes V8's cache position; for JavaScriptCore it
            // means a 32-bit seeded state, which this one is not.
            let options = RecoverOptions {
                fresh: name.starts_with("v8"),
                ..fresh.clone()
            };
            let states = match entry.recover(&obs, &options).unwrap() {
                Recovered::Unique(state) => vec![state],
                Recovered::Several { states, .. } if !states.is_empty() => states,
                other => panic!("{name}: {other:?}"),
            };
            assert!(states.len() <= 4, "{name}: {} states", states.len());
            let mut predicted_all = false;
            for state in &states {
                // Every state gives the three doubles...
                let mut replayed = state.clone();
                for v in &values[..3] {
                    assert_eq!(&draw.eval(&mut replayed).format(false), v, "{name}");
                }
                // ...and the true one the next hundred.
                let mut next = state.clone();
                replay(&obs, &mut next);
                predicted_all |= values[3..]
                    .iter()
                    .all(|v| &draw.eval(&mut next).format(false) == v);
            }
            assert!(predicted_all, "{name}: no listed state predicts the stream");
        }
    }
}

/// Rolls of 256 (the top 8 bits of each double) pin a `v8` state, on one
/// thread (the browser build's path) and on two; so do 30 rolls of 100
/// (the meet in the middle), while 600 dice are refused with what to
/// add. (The real engines: tests/recover_javascript.rs.)
#[test]
fn v8_from_rolls_of_256_on_one_and_two_threads() {
    use crate::observe::parse_observations;
    let entry = crate::registry::find("v8").unwrap();
    let mut rng = V8Random::with_random_seed(2026).unwrap();
    let start = rng.clone();
    let text: String = (0..40)
        .map(|_| format!("floor 256 = {}\n", (rng.math_random() * 256.0) as u64))
        .collect();
    let obs = parse_observations(entry, &text).unwrap();
    for threads in [1, 2] {
        let options = RecoverOptions {
            threads,
            ..RecoverOptions::default()
        };
        let Recovered::Unique(state) = recover_v8(&obs, &options).unwrap() else {
            panic!("one state on {threads} threads")
        };
        let mut replayed = state.clone();
        let mut expected = start.clone();
        for _ in 0..200 {
            assert_eq!(replayed.next_word(), expected.next_output());
        }
    }
    let before = rng.clone();
    let text: String = (0..30)
        .map(|_| format!("floor 100 = {}\n", (rng.math_random() * 100.0) as u64))
        .collect();
    let obs = parse_observations(entry, &text).unwrap();
    let Recovered::Unique(mut state) = recover_v8(&obs, &RecoverOptions::default()).unwrap() else {
        panic!("30 floor 100 values pin the state")
    };
    let mut expected = before.clone();
    for _ in 0..200 {
        assert_eq!(state.next_word(), expected.next_output());
    }
    let text: String = (0..600)
        .map(|_| format!("floor 6 = {}\n", (rng.math_random() * 6.0) as u64))
        .collect();
    let obs = parse_observations(entry, &text).unwrap();
    // Valid values that say enough in no usable shape: exit 3 with
    // what to add, not an input error.
    let Recovered::OverBudget { advice, .. } =
        recover_v8(&obs, &RecoverOptions::default()).unwrap()
    else {
        panic!("600 dice are out of reach")
    };
    assert!(advice.contains("consecutive"), "{advice}");
}
