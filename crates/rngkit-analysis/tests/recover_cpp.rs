//! Recovering `minstd-rand` and `minstd-rand0` (C++'s `std::minstd_rand`
//! and `std::minstd_rand0`): one whole value is the state, at any offset;
//! a contradiction leaves none; jumps agree with stepping both ways.
//!
//! Values come from `rngkit::runtimes::cpp`'s engines, which
//! `crates/rngkit/tests/runtime_cpp.rs` checks bit for bit against
//! libstdc++ and libc++ (and the standard's 10000th values).

use rngkit::WordRng;
use rngkit::number::BigInt;
use rngkit::registry::Seed;
use rngkit::runtimes::cpp::{MinstdRand, MinstdRand0};
use rngkit_analysis::recover::Recovered;
use rngkit_analysis::registry;

use crate::common;

const SEEDS: [u64; 6] = [0, 1, 42, 2_147_483_646, 2_147_483_648, u64::MAX];

/// The start state and the values of `n` calls, for either engine.
fn stream(name: &str, seed: u64, n: usize) -> (u64, Vec<u64>) {
    let mut a = MinstdRand::new(seed);
    let mut b = MinstdRand0::new(seed);
    let start = if name == "minstd-rand" {
        a.state()
    } else {
        b.state()
    };
    let values = (0..n)
        .map(|_| {
            if name == "minstd-rand" {
                a.next_word()
            } else {
                b.next_word()
            }
        })
        .collect();
    (u64::from(start), values)
}

#[test]
fn one_next_at_any_offset_is_the_state() {
    for name in ["minstd-rand", "minstd-rand0"] {
        for seed in SEEDS {
            let (start, values) = stream(name, seed, 40);
            for k in [0usize, 1, 7, 39] {
                let text = format!("skip {k}\nnext = {}\n", values[k]);
                assert_eq!(
                    common::unique_first_word(name, &text),
                    start,
                    "{name} seed {seed} offset {k}"
                );
            }
        }
    }
}

#[test]
fn uniform_int_draws_before_and_after_are_checked() {
    for name in ["minstd-rand", "minstd-rand0"] {
        let entry = registry::find(name).unwrap();
        for seed in SEEDS {
            // libstdc++'s uniform_int_distribution<int>(1, 6) makes one
            // call on these engines (6 divides their range, 2^31 - 2), so
            // the whole value after it has a known offset.
            let start = entry
                .seed(&Seed::from(seed), &Default::default())
                .unwrap()
                .words()[0];
            let mut rng = entry.seed(&Seed::from(seed), &Default::default()).unwrap();
            let d = entry
                .parse_draw("uniform-int-libstdcxx", &["1", "6"])
                .unwrap();
            let next = entry.parse_draw("next", &[]).unwrap();
            let v1 = d.eval(&mut rng).format(false);
            let v2 = next.eval(&mut rng).format(false);
            let v3 = d.eval(&mut rng).format(false);
            let text = format!(
                "uniform-int-libstdcxx 1 6 = {v1}\nnext = {v2}\nuniform-int-libstdcxx 1 6 = {v3}\n"
            );
            assert_eq!(
                common::unique_first_word(name, &text),
                start,
                "{name} seed {seed}"
            );
            // A wrong draw after the whole value: no state fits.
            let wrong = (v3.parse::<i32>().unwrap() % 6) + 1;
            let text = format!(
                "uniform-int-libstdcxx 1 6 = {v1}\nnext = {v2}\nuniform-int-libstdcxx 1 6 = {wrong}\n"
            );
            assert!(
                matches!(common::recover_text(name, &text), Recovered::NoneFits),
                "{name} seed {seed}"
            );
        }
    }
}

#[test]
fn a_value_outside_the_engine_leaves_no_state() {
    for name in ["minstd-rand", "minstd-rand0"] {
        for v in [0u64, 2_147_483_647] {
            let text = format!("next = {v}\n");
            let entry = registry::find(name).unwrap();
            let parsed = rngkit_analysis::observe::parse_observations(entry, &text);
            if let Ok(obs) = parsed {
                let r = rngkit_analysis::recover::recover(entry, &obs, &Default::default());
                assert!(
                    matches!(r, Ok(Recovered::NoneFits) | Err(_)),
                    "{name} {v}: {r:?}"
                );
            }
        }
    }
}

#[test]
fn jumps_agree_with_stepping_both_ways() {
    for name in ["minstd-rand", "minstd-rand0"] {
        let entry = registry::find(name).unwrap();
        for seed in SEEDS {
            let start = entry.seed(&Seed::from(seed), &Default::default()).unwrap();
            let mut stepped = start.clone();
            stepped.discard(12_345);
            let mut jumped = start.clone();
            entry.advance(&mut jumped, &BigInt::from(12_345)).unwrap();
            assert_eq!(jumped, stepped, "{name} seed {seed}");
            entry.advance(&mut jumped, &BigInt::from(-12_345)).unwrap();
            assert_eq!(jumped, start, "{name} seed {seed} back");
            // The period, 2^31 - 2, returns to the start.
            entry
                .advance(&mut jumped, &BigInt::from(2_147_483_646u64))
                .unwrap();
            assert_eq!(jumped, start, "{name} seed {seed} period");
        }
    }
}

/// The next `n` outputs of an engine, as text.
fn outputs(rng: &mut rngkit::registry::Engine, n: usize) -> Vec<u64> {
    (0..n).map(|_| rng.next_word()).collect()
}

#[test]
fn mt19937_64_from_312_consecutive_outputs_at_any_offset() {
    let entry = registry::find("mt19937-64").unwrap();
    for seed in [0u64, 5489, u64::MAX] {
        let start = entry.seed(&Seed::from(seed), &Default::default()).unwrap();
        for k in [0usize, 1, 155, 312, 313, 1000] {
            let mut rng = start.clone();
            rng.discard(k as u64);
            let values = outputs(&mut rng, 312);
            let mut text = format!("skip {k}\n");
            for v in &values {
                text.push_str(&format!("next = {v}\n"));
            }
            let recovered = common::unique(common::recover_text("mt19937-64", &text));
            // The same stream from before the observations, further on too.
            let (mut a, mut b) = (recovered, start.clone());
            assert_eq!(
                outputs(&mut a, 2000),
                outputs(&mut b, 2000),
                "seed {seed} offset {k}"
            );
        }
    }
}

#[test]
fn mt19937_64_recovery_needs_312_in_a_row() {
    let entry = registry::find("mt19937-64").unwrap();
    let mut rng = entry.seed(&Seed::from(1), &Default::default()).unwrap();
    let values = outputs(&mut rng, 312);
    // 311 in a row, then a gap: about 2^(19937 - 64 * 311) states remain.
    let mut text: String = values[..311]
        .iter()
        .map(|v| format!("next = {v}\n"))
        .collect();
    text.push_str(&format!("skip 1\nnext = {}\n", values[0]));
    match common::recover_text("mt19937-64", &text) {
        Recovered::Several { count, states } => {
            assert!(states.is_empty());
            assert_eq!(count.to_string(), format!("about 2^{}", 19937 - 64 * 311));
        }
        other => panic!("expected several, got {other:?}"),
    }
    // One altered value among 313: no state fits.
    let mut values = outputs(&mut rng, 313);
    values[312] ^= 1;
    let text: String = values.iter().map(|v| format!("next = {v}\n")).collect();
    assert!(matches!(
        common::recover_text("mt19937-64", &text),
        Recovered::NoneFits
    ));
}

#[test]
fn mt19937_64_jumps_agree_with_stepping_both_ways() {
    let entry = registry::find("mt19937-64").unwrap();
    for seed in [0u64, 42] {
        let start = entry.seed(&Seed::from(seed), &Default::default()).unwrap();
        for n in [1u64, 311, 312, 313, 624, 5000, 100_003] {
            let mut stepped = start.clone();
            stepped.discard(n);
            let mut jumped = start.clone();
            entry.advance(&mut jumped, &BigInt::from(n)).unwrap();
            assert_eq!(jumped, stepped, "seed {seed} +{n}");
            // Back, then the same stream as the start.
            entry
                .advance(&mut jumped, &BigInt::from(-(n as i64)))
                .unwrap();
            let mut fresh = start.clone();
            assert_eq!(
                outputs(&mut jumped, 700),
                outputs(&mut fresh, 700),
                "seed {seed} -{n}"
            );
        }
        // The period 2^19937 - 1 returns to the same stream.
        let mut around = start.clone();
        entry
            .advance(&mut around, &entry.period().unwrap())
            .unwrap();
        let mut fresh = start.clone();
        assert_eq!(
            outputs(&mut around, 700),
            outputs(&mut fresh, 700),
            "seed {seed} period"
        );
        // Distance within a bound.
        let mut later = start.clone();
        later.discard(777);
        assert_eq!(
            entry.distance(&start, &later, Some(1000)).unwrap(),
            777,
            "seed {seed}"
        );
    }
}

#[test]
fn minstd_distances_are_exact() {
    for name in ["minstd-rand", "minstd-rand0"] {
        let entry = registry::find(name).unwrap();
        for seed in SEEDS {
            let start = entry.seed(&Seed::from(seed), &Default::default()).unwrap();
            for n in [0u64, 1, 2, 12_345, 1 << 30, 2_147_483_645] {
                let mut later = start.clone();
                entry.advance(&mut later, &BigInt::from(n)).unwrap();
                assert_eq!(
                    entry.distance(&start, &later, None).unwrap(),
                    u128::from(n),
                    "{name} seed {seed} n {n}"
                );
            }
            // Stepped, not jumped: the same answer.
            let mut stepped = start.clone();
            stepped.discard(1000);
            assert_eq!(entry.distance(&start, &stepped, None).unwrap(), 1000);
        }
    }
}

#[test]
fn knuth_b_from_outputs_once_every_slot_is_read() {
    let entry = registry::find("knuth-b").unwrap();
    for seed in [1u64, 42, u64::MAX] {
        let start = entry.seed(&Seed::from(seed), &Default::default()).unwrap();
        // From the seeded state and from a state further on.
        for k in [0u64, 5000] {
            let mut at = start.clone();
            at.discard(k);
            let mut rng = at.clone();
            let values = outputs(&mut rng, 4000);
            let text: String = values.iter().map(|v| format!("next = {v}\n")).collect();
            let recovered = common::unique(common::recover_text("knuth-b", &text));
            let (mut a, mut b) = (recovered, at.clone());
            assert_eq!(
                outputs(&mut a, 6000),
                outputs(&mut b, 6000),
                "seed {seed} at {k}"
            );
            // Too few for the whole table: the unread slots are counted.
            let text: String = values[..300]
                .iter()
                .map(|v| format!("next = {v}\n"))
                .collect();
            match common::recover_text("knuth-b", &text) {
                Recovered::Several { states, count } => {
                    assert!(states.is_empty());
                    assert!(count.to_string().starts_with("about 2^"), "{count}");
                }
                other => panic!("expected several, got {other:?}"),
            }
        }
    }
}

#[test]
fn minstd_from_dice_alone() {
    for name in ["minstd-rand", "minstd-rand0"] {
        let entry = registry::find(name).unwrap();
        for seed in [1u64, 42, 2_147_483_648] {
            let start = entry.seed(&Seed::from(seed), &Default::default()).unwrap();
            let mut rng = start.clone();
            let die = entry
                .parse_draw("uniform-int-libstdcxx", &["1", "6"])
                .unwrap();
            let percent = entry
                .parse_draw("uniform-int-libstdcxx", &["0", "98"])
                .unwrap();
            let mut text = String::new();
            for i in 0..16 {
                // A percentage-like range dividing 2^31 - 2 = 2 * 3^2 * 7 *
                // 11 * 31 * 151 * 331 (99 = 9 * 11) among the dice.
                if i == 5 {
                    text.push_str(&format!(
                        "uniform-int-libstdcxx 0 98 = {}\n",
                        percent.eval(&mut rng).format(false)
                    ));
                } else {
                    text.push_str(&format!(
                        "uniform-int-libstdcxx 1 6 = {}\n",
                        die.eval(&mut rng).format(false)
                    ));
                }
            }
            let recovered = common::unique(common::recover_text(name, &text));
            assert_eq!(recovered, start, "{name} seed {seed}");
            // Three dice leave many states: counted, not listed.
            let few: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
            match common::recover_text(name, &few) {
                Recovered::Several { states, .. } => assert!(states.is_empty()),
                other => panic!("{name}: expected several, got {other:?}"),
            }
        }
    }
}
