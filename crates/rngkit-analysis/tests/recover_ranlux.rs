//! `ranlux24` and `ranlux48` (C++'s `std::ranlux24` and `std::ranlux48`):
//! jumps against stepping and against libstdc++'s and libc++'s own
//! `discard(n)`, exact distances, and recovery from consecutive outputs at
//! every block position.
//!
//! The stepped values come from `rngkit::runtimes::cpp`'s engines, which
//! `crates/rngkit/tests/runtime_cpp.rs` checks bit for bit against both
//! libraries (and the standard's 10000th values).

use rngkit::number::BigInt;
use rngkit::registry::{Engine, Seed};
use rngkit_analysis::recover::Recovered;
use rngkit_analysis::registry;

use crate::{common, oracles};

const GENS: [&str; 2] = ["ranlux24", "ranlux48"];

fn seeded(name: &str, seed: u64, calls: u64) -> Engine {
    let entry = registry::find(name).unwrap();
    let mut rng = entry.seed(&Seed::from(seed), &Default::default()).unwrap();
    rng.discard(calls);
    rng
}

fn outputs(rng: &mut Engine, n: usize) -> Vec<u64> {
    (0..n).map(|_| rng.next_word()).collect()
}

#[test]
fn jumps_agree_with_stepping_both_ways() {
    for name in GENS {
        let entry = registry::find(name).unwrap();
        for seed in [0u64, 1, 42, u64::MAX] {
            // Seeded states (often off the base's cycle), and later ones
            // at several block positions.
            for start_calls in [0u64, 5, 11, 23, 24, 100, 1001] {
                let start = seeded(name, seed, start_calls);
                for n in [
                    0u64, 1, 10, 11, 12, 22, 23, 24, 25, 26, 47, 100, 389, 1000, 12_345,
                ] {
                    let mut stepped = start.clone();
                    stepped.discard(n);
                    let mut jumped = start.clone();
                    entry.advance(&mut jumped, &BigInt::from(n)).unwrap();
                    assert_eq!(
                        jumped, stepped,
                        "{name} seed {seed} at {start_calls}: jump {n}"
                    );
                    entry
                        .advance(&mut jumped, &BigInt::from(-(n as i64)))
                        .unwrap();
                    if start_calls >= 100 {
                        assert_eq!(
                            jumped, start,
                            "{name} seed {seed} at {start_calls}: back {n}"
                        );
                    }
                    // From a seeded state the way back ends on the cycle's
                    // state with the same values ahead.
                    let (mut a, mut b) = (jumped, start.clone());
                    assert_eq!(
                        outputs(&mut a, 100),
                        outputs(&mut b, 100),
                        "{name} seed {seed} at {start_calls}: back {n}, the values ahead"
                    );
                }
            }
        }
    }
}

#[test]
fn huge_jumps_compose_and_return() {
    for name in GENS {
        let entry = registry::find(name).unwrap();
        let start = seeded(name, 7, 500);
        let big: BigInt = format!("1{}", "0".repeat(150)).parse().unwrap();
        let small = BigInt::from(123_456_789u64);
        let mut a = start.clone();
        entry.advance(&mut a, &big).unwrap();
        entry.advance(&mut a, &small).unwrap();
        let mut b = start.clone();
        entry.advance(&mut b, &small).unwrap();
        entry.advance(&mut b, &big).unwrap();
        assert_eq!(a, b, "{name}: jumps commute");
        assert_ne!(a, start);
        entry
            .advance(&mut a, &BigInt::from_limbs(true, big.limbs()))
            .unwrap();
        entry
            .advance(&mut a, &BigInt::from_limbs(true, small.limbs()))
            .unwrap();
        assert_eq!(a, start, "{name}: and back");
    }
}

/// libstdc++'s and libc++'s `discard(n)` step `n` times: long, but an
/// oracle no one here wrote for jumps far past what a test steps itself.
const DISCARD_ORACLE: &str = r#"
#include <iostream>
#include <random>
#include <string>
int main() {
    std::string name; unsigned long long seed, n;
    while (std::cin >> name >> seed >> n) {
        if (name == "ranlux24") {
            std::ranlux24 e(seed); e.discard(n);
            for (int i = 0; i < 30; i++) std::cout << e() << (i < 29 ? " " : "\n");
        } else {
            std::ranlux48 e(seed); e.discard(n);
            for (int i = 0; i < 30; i++) std::cout << e() << (i < 29 ? " " : "\n");
        }
    }
}
"#;

fn check_discard(tag: &str, compiler: &str, package: &str, args: &[&str]) {
    let cases = [
        ("ranlux24", 5u64, 100_000_000u64),
        ("ranlux24", 19_780_503, 3_000_017),
        ("ranlux48", 5, 20_000_000),
        ("ranlux48", 0, 1_000_003),
    ];
    let input: String = cases
        .iter()
        .map(|(name, seed, n)| format!("{name} {seed} {n}\n"))
        .collect();
    let Some(output) = oracles::run_cpp(tag, compiler, package, args, DISCARD_ORACLE, &input)
    else {
        return;
    };
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), cases.len(), "{compiler}: one line per case");
    for ((name, seed, n), theirs) in cases.iter().zip(lines) {
        let entry = registry::find(name).unwrap();
        let mut rng = seeded(name, *seed, 0);
        entry.advance(&mut rng, &BigInt::from(*n)).unwrap();
        let ours: Vec<String> = outputs(&mut rng, 30).iter().map(u64::to_string).collect();
        oracles::compare_tokens(
            compiler,
            &format!("{name}({seed}).discard({n})"),
            &ours.join(" "),
            theirs,
        );
    }
}

#[test]
fn jumps_match_libstdcxx_discard() {
    check_discard("ranlux-discard-libstdcxx", "g++", "g++", &["-std=c++17"]);
}

#[test]
fn jumps_match_libcxx_discard() {
    check_discard(
        "ranlux-discard-libcxx",
        "clang++",
        "clang",
        &["-std=c++17", "-stdlib=libc++"],
    );
}

#[test]
fn distances_are_exact() {
    for name in GENS {
        let entry = registry::find(name).unwrap();
        let start = seeded(name, 11, 0);
        let far: BigInt = "340282366920938463463374607431768211000".parse().unwrap();
        for n in [
            BigInt::from(0u64),
            BigInt::from(3u64),
            BigInt::from(30u64),
            BigInt::from(1_000_003u64),
            far,
        ] {
            let mut to = start.clone();
            entry.advance(&mut to, &n).unwrap();
            let d = entry.distance(&start, &to, None).unwrap();
            assert_eq!(d.to_string(), n.to_string(), "{name}: distance {n}");
        }
        // A state from another seed is on the same (single, huge) cycle but
        // about 2^570 calls away: beyond what the answer type holds.
        let other = seeded(name, 12, 100);
        assert!(entry.distance(&start, &other, None).is_err());
    }
}

fn text_of(values: &[u64]) -> String {
    values.iter().map(|v| format!("next = {v}\n")).collect()
}

#[test]
fn consecutive_outputs_recover_at_every_block_position() {
    for (name, needed) in [("ranlux24", 26usize), ("ranlux48", 14)] {
        let block = if name == "ranlux24" { 23 } else { 11 };
        for seed in [0u64, 3] {
            for k in 0..=block as u64 + 1 {
                let start = seeded(name, seed, 37 + k);
                let mut rng = start.clone();
                let values = outputs(&mut rng, needed);
                let recovered = common::unique(common::recover_text(name, &text_of(&values)));
                let (mut a, mut b) = (recovered, start.clone());
                assert_eq!(
                    outputs(&mut a, 3000),
                    outputs(&mut b, 3000),
                    "{name} seed {seed} at {}",
                    37 + k
                );
            }
        }
        // Right after seeding, too (the seeded base is often off its cycle).
        let start = seeded(name, 5, 0);
        let values = outputs(&mut start.clone(), needed);
        let (mut a, mut b) = (
            common::unique(common::recover_text(name, &text_of(&values))),
            start,
        );
        assert_eq!(
            outputs(&mut a, 1000),
            outputs(&mut b, 1000),
            "{name} seeded"
        );
    }
}

#[test]
fn too_few_or_altered_outputs() {
    for (name, needed, bits) in [("ranlux24", 26usize, 24u32), ("ranlux48", 14, 48)] {
        let mut rng = seeded(name, 9, 0);
        let values = outputs(&mut rng, needed);
        // Half a block less than needed: states remain, counted in digits.
        match common::recover_text(name, &text_of(&values[..needed / 2])) {
            Recovered::Several { states, count } => {
                assert!(states.is_empty());
                assert!(count.to_string().starts_with("about 2^"), "{count}");
                let n: u32 = count.to_string()["about 2^".len()..].parse().unwrap();
                assert!(n >= bits, "{name}: {count}");
            }
            other => panic!("{name}: expected several, got {other:?}"),
        }
        // One value changed by one: no state fits.
        let mut altered = values.clone();
        altered[needed - 1] ^= 1;
        assert!(
            matches!(
                common::recover_text(name, &text_of(&altered)),
                Recovered::NoneFits
            ),
            "{name}: altered"
        );
    }
}

#[test]
fn distribution_values_alone_are_refused_with_a_reason() {
    let entry = registry::find("ranlux24").unwrap();
    let obs =
        rngkit_analysis::observe::parse_observations(entry, "uniform-int-libstdcxx 1 6 = 3\n")
            .unwrap();
    let err = rngkit_analysis::recover::recover(entry, &obs, &Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("whole outputs"), "{err}");
}
