//! Seed search: every kernel (scalar, AVX2, AVX-512) gives the same
//! survivors as a brute force over `rand_mt`'s streams; the threaded search
//! finds planted seeds for MT19937, mars and Unity; the i / i+227 shortcut.

use crate::common;
use common::*;
use rand_mt::Mt;
use rngkit::cpu::CpuLevel;
use rngkit_analysis::generators::mt19937::search::MtPlan;
use rngkit_analysis::observe::{KnownBits, WordConstraint, parse_observations};
use rngkit_analysis::search::{Match, SearchSpec, search};

fn run(spec: &SearchSpec) -> Vec<Match> {
    let mut found = Vec::new();
    search(spec, |m| found.push(m), |_| {}).unwrap();
    found.sort_unstable();
    found
}

/// The search of `spec` finds `seed` at `advance`, and nothing else.
fn assert_finds(spec: &SearchSpec, seed: u64, advance: u64) {
    assert_eq!(run(spec), vec![Match { seed, advance }]);
}

/// The seeds of `seeds` whose first `outputs` outputs (`rand_mt`, the
/// oracle) `fit`.
fn oracle_seeds(
    seeds: impl Iterator<Item = u32>,
    outputs: usize,
    fit: impl Fn(&[u32]) -> bool,
) -> Vec<u64> {
    seeds
        .filter(|&seed| {
            let mut oracle = Mt::new(seed);
            let out: Vec<u32> = (0..outputs).map(|_| oracle.next_u32()).collect();
            fit(&out)
        })
        .map(u64::from)
        .collect()
}

/// Every kernel of this CPU scans `count` seeds from `start` down to
/// `expected`.
fn every_kernel_scans(plan: &MtPlan, start: u32, count: u32, expected: &[u64], at: &str) {
    for &backend in CpuLevel::available() {
        let mut survivors = Vec::new();
        plan.scan(backend, start, count, &mut survivors);
        assert_eq!(survivors, expected, "{backend:?}{at}");
    }
}

#[test]
fn every_kernel_matches_a_brute_force_oracle() {
    // Two constraints, advances 0..=2: outputs (1 + k) low 8 bits == 0x5a and
    // output (3 + k) bit 31 set.
    let constraints = [
        WordConstraint {
            offset: 1,
            known: KnownBits::new(0xff, 0x5a),
        },
        WordConstraint {
            offset: 3,
            known: KnownBits::new(0x8000_0000, 0x8000_0000),
        },
    ];
    let plan = MtPlan::new(&constraints, 2).unwrap();
    let start = 0xffff_0000u32 - 12_345; // an odd start; the tail spans no full batch
    let count = 40_001u32;
    let fit = |out: &[u32]| (0..=2).any(|k| out[1 + k] & 0xff == 0x5a && out[3 + k] >> 31 == 1);
    let expected = oracle_seeds(start..start + count, 6, fit);
    assert!(
        expected.len() > 100,
        "the oracle should keep a few hundred seeds"
    );
    eprintln!("backends here: {:?}", CpuLevel::available());
    every_kernel_scans(&plan, start, count, &expected, "");
    // The top of the space, to the last seed.
    let expected = oracle_seeds(u32::MAX - 999..=u32::MAX, 6, fit);
    every_kernel_scans(&plan, u32::MAX - 999, 1000, &expected, " at the top");
}

/// Outputs deep in the first block (up to 623, whose twist reads the new
/// word 0) build on twisted words, not only init words.
#[test]
fn every_kernel_matches_the_oracle_deep_in_the_block() {
    let constraints = [
        WordConstraint {
            offset: 300,
            known: KnownBits::new(0x3f, 0x15),
        },
        WordConstraint {
            offset: 619,
            known: KnownBits::new(0x8000_0000, 0),
        },
    ];
    let plan = MtPlan::new(&constraints, 4).unwrap();
    assert!(
        MtPlan::new(&constraints, 5).is_none(),
        "position 624 is past the block"
    );
    let (start, count) = (777_777u32, 6_000u32);
    let expected = oracle_seeds(start..start + count, 624, |out| {
        (0..=4).any(|k| out[300 + k] & 0x3f == 0x15 && out[619 + k] >> 31 == 0)
    });
    assert!(expected.len() > 20);
    every_kernel_scans(&plan, start, count, &expected, "");
}

#[test]
fn threaded_search_finds_planted_mt_seeds() {
    let seed = 1_234_567u32;
    let mut oracle = Mt::new(seed);
    let out: Vec<u32> = (0..10).map(|_| oracle.next_u32()).collect();
    for &backend in CpuLevel::available() {
        for profile in [p("mt19937"), p("mars")] {
            // The first output only.
            let obs = parse_observations(profile, &format!("u32 = {}", out[0])).unwrap();
            let spec = SearchSpec::new(profile, obs, 1_000_000..=1_500_000)
                .threads(2)
                .backend(backend);
            assert_finds(&spec, u64::from(seed), 0);
            // Outputs 4 and 6 (a skip between), found at advance 4.
            let text = format!("u32 = {}\nskip 1\nu32 = {}", out[4], out[6]);
            let obs = parse_observations(profile, &text).unwrap();
            let spec = SearchSpec::new(profile, obs, 1_200_000..=1_300_000)
                .max_advance(6)
                .threads(2)
                .backend(backend);
            assert_finds(&spec, u64::from(seed), 4);
        }
    }
}

#[test]
fn outputs_227_apart_need_no_search() {
    let seed = 0xcafe_f00du32;
    let mut oracle = Mt::new(seed);
    let out: Vec<u32> = (0..400).map(|_| oracle.next_u32()).collect();
    let text = format!("u32 = {}\nskip 226\nu32 = {}", out[30], out[257]);
    let obs = parse_observations(p("mt19937"), &text).unwrap();
    // The whole 32-bit space, answered without scanning it.
    let spec = SearchSpec::new(p("mt19937"), obs, 0..=u64::from(u32::MAX)).max_advance(40);
    assert_finds(&spec, u64::from(seed), 30);
}

#[test]
fn unity_values_find_their_seed() {
    // Reference facts: Random.value after InitState(0) prints 0.5841396, 0.5840824.
    let obs = parse_observations(p("unity"), "value = 0.5841396\nvalue = 0.5840824").unwrap();
    let spec = SearchSpec::new(p("unity"), obs, 0..=200_000).threads(2);
    assert_finds(&spec, 0, 0);
    // A negative seed is the int's two's complement: -5 is 0xfffffffb.
    let mut rng = p("unity").seeded(0xffff_fffb, 0).unwrap();
    rng.discard(7);
    let words: Vec<u64> = (0..2).map(|_| rng.next_word()).collect();
    let text = format!("u32 = {}\nu32 = {}", words[0], words[1]);
    let obs = parse_observations(p("unity"), &text).unwrap();
    let spec = SearchSpec::new(p("unity"), obs, 0xffff_0000..=0xffff_ffff).max_advance(10);
    assert_finds(&spec, 0xffff_fffb, 7);
}

#[test]
fn ranges_are_checked() {
    let obs = parse_observations(p("mt19937"), "u32 = 1").unwrap();
    let spec = SearchSpec::new(p("mt19937"), obs, 0..=(1 << 32));
    assert!(search(&spec, |_| {}, |_| {}).is_err());
}
