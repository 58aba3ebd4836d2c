//! Seed identification: MT19937/mars by untwisting, the i / i+227 pair,
//! Xorshift128 by a bounded walk back. The expected seeds and advances are
//! the test's own inputs; streams for the pair test come from `rand_mt`.

use crate::common;
use common::*;
use rand_core::{Rng, SeedableRng};
use rngkit::generators::{Mt19937, Xorshift128};
use rngkit::{StateWords, WordRng};
use rngkit_analysis::generators::mt19937::{identify_mt19937, mt19937_seeds_from_pair, untwist};
use rngkit_analysis::generators::splitmix64::identify_splitmix_filled;
use rngkit_analysis::generators::tinymt32::identify_tinymt32;
use rngkit_analysis::generators::xorshift128::identify_xorshift128;
use rngkit_analysis::identify::Identified;

use crate::oracles::TestRng;

fn mt_of(rng: rngkit::registry::Engine) -> Mt19937 {
    rng.downcast_ref::<Mt19937>()
        .cloned()
        .unwrap_or_else(|| panic!("not MT19937: {rng:?}"))
}

#[test]
fn mt_states_identify_for_both_profiles() {
    let mut t = TestRng(1);
    let mut advances = vec![
        0u64,
        1,
        2,
        623,
        624,
        625,
        1247,
        1248,
        2 * 624 + 170,
        3 * 624,
    ];
    advances.extend((0..12).map(|_| t.next() % 20_000));
    for profile in [p("mt19937"), p("mars")] {
        for &advance in &advances {
            let seed = t.next() as u32;
            let mut rng = profile.seeded(u64::from(seed), 0).unwrap();
            rng.discard(advance);
            let mt = mt_of(rng);
            assert_eq!(
                identify_mt19937(&mt, 1 << 20),
                Some(Identified {
                    seed: u64::from(seed),
                    advance
                }),
                "{profile} seed {seed} advance {advance}"
            );
        }
    }
}

/// The mars notes (seed 001): the saves' block equals seed(RSeed) followed
/// by exactly two whole twists with left = 454, i.e. 2 * 624 + 170 draws.
#[test]
fn mars_save_blob_identifies() {
    let mut mt = mt_of(p("mars").seeded(0xdead_beef, 0).unwrap());
    mt.twist();
    mt.twist();
    let blob = {
        let mut b = Mt19937::from_state(*mt.block(), 454).unwrap().to_blob();
        b.extend_from_slice(&[0, 0, 0]); // the item's padding
        b
    };
    let loaded = Mt19937::from_blob(&blob).unwrap();
    assert_eq!(
        identify_mt19937(&loaded, 1 << 20),
        Some(Identified {
            seed: 0xdead_beef,
            advance: 2 * 624 + 170
        })
    );
}

#[test]
fn random_mt_states_have_no_seed() {
    let mut t = TestRng(2);
    let mut mt = [0u32; 624];
    mt.iter_mut().for_each(|w| *w = t.next() as u32);
    let state = Mt19937::from_state(mt, 100).unwrap();
    assert_eq!(identify_mt19937(&state, 64), None);
}

#[test]
fn untwist_inverts_the_twist() {
    let mut t = TestRng(3);
    let mut words = [0u32; 624];
    words.iter_mut().for_each(|w| *w = t.next() as u32);
    let mut mt = Mt19937::from_state(words, 624).unwrap();
    mt.twist();
    let once = *mt.block();
    let back = untwist(&once);
    // Word 0's low 31 bits are never read by the twist: only its top bit returns.
    assert_eq!(back[1..], words[1..]);
    assert_eq!(back[0] >> 31, words[0] >> 31);
    mt.twist();
    assert_eq!(
        untwist(mt.block()),
        once,
        "a twisted block comes back whole"
    );
}

#[test]
fn seed_from_outputs_i_and_i_plus_227() {
    use rand_mt::Mt;
    let mut t = TestRng(4);
    for _ in 0..40 {
        let seed = t.next() as u32;
        let i = (t.next() % 396) as usize;
        let mut oracle = Mt::new(seed);
        let outputs: Vec<u32> = (0..i + 228).map(|_| oracle.next_u32()).collect();
        let seeds = mt19937_seeds_from_pair(i, outputs[i], outputs[i + 227]);
        assert!(seeds.contains(&seed), "seed {seed} i {i}: {seeds:?}");
        for s in seeds {
            let mut check = Mt::new(s);
            let out: Vec<u32> = (0..i + 228).map(|_| check.next_u32()).collect();
            assert_eq!((out[i], out[i + 227]), (outputs[i], outputs[i + 227]));
        }
    }
}

#[test]
fn xorshift128_walks_back_to_init_state() {
    // Reference facts: InitState(0) is [0, 1, 1812433254, 1900727103].
    assert_eq!(
        identify_xorshift128([0, 1, 1_812_433_254, 1_900_727_103], 0),
        Some(Identified {
            seed: 0,
            advance: 0
        })
    );
    let mut t = TestRng(5);
    for _ in 0..20 {
        let seed = t.next() as u32;
        let advance = t.next() % 3000;
        let mut rng = Xorshift128::init_state(seed);
        rng.discard(advance);
        assert_eq!(
            identify_xorshift128(rng.state(), 3000),
            Some(Identified {
                seed: u64::from(seed),
                advance
            })
        );
        if advance > 0 {
            assert_eq!(identify_xorshift128(rng.state(), advance - 1), None);
        }
    }
    let _ = Xorshift128::init_state(1).to_words();
}

#[test]
fn xoshiro_family_walks_back_to_its_splitmix_fill() {
    use rand_xoshiro::{Xoroshiro128Plus, Xoshiro256StarStar};
    let mut t = TestRng(6);
    for _ in 0..6 {
        let seed = t.next();
        let advance = t.next() % 2000;
        // rand_xoshiro's seed_from_u64 fills the state with SplitMix64 outputs
        // too: its stream is the oracle for the state reached.
        let mut oracle = Xoshiro256StarStar::seed_from_u64(seed);
        let mut rng = p("xoshiro256ss").seeded(seed, 0).unwrap();
        for _ in 0..advance {
            oracle.next_u64();
            rng.next_word();
        }
        assert_eq!(oracle.next_u64(), rng.clone().next_word());
        assert_eq!(
            identify_splitmix_filled(
                rng.downcast_ref::<rngkit::generators::Xoshiro256StarStar>()
                    .unwrap(),
                2000
            ),
            Some(Identified { seed, advance })
        );
        let mut rng = p("xoroshiro128p").seeded(seed, 0).unwrap();
        rng.discard(advance);
        let mut oracle = Xoroshiro128Plus::seed_from_u64(seed);
        for _ in 0..advance {
            oracle.next_u64();
        }
        assert_eq!(oracle.next_u64(), rng.clone().next_word());
        assert_eq!(
            identify_splitmix_filled(
                rng.downcast_ref::<rngkit::generators::Xoroshiro128Plus>()
                    .unwrap(),
                2000
            ),
            Some(Identified { seed, advance })
        );
    }
}

#[test]
fn tinymt32_walks_back_to_its_init() {
    use rngkit::generators::TinyMt32;
    // Reference facts (TinyMT check32.out.txt): seed 1 first outputs.
    let mut check = TinyMt32::new(1);
    assert_eq!(check.next_word(), 2_545_341_989);
    let mut t = TestRng(7);
    for _ in 0..6 {
        let seed = t.next() as u32;
        let advance = t.next() % 500;
        let mut rng = TinyMt32::new(seed);
        rng.discard(advance);
        assert_eq!(
            identify_tinymt32(&rng, 600),
            Some(Identified {
                seed: u64::from(seed),
                advance
            })
        );
    }
    let random = TinyMt32::from_state([1, 2, 3, 4]).unwrap();
    assert_eq!(identify_tinymt32(&random, 200), None);
}
