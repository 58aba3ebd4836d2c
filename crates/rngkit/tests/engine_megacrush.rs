//! The `MegaCrush.Spawner.Pcg32` struct (seed 004).
//!
//! Oracles: pcg-c-basic's `pcg32-demo` outputs for `pcg32_srandom_r(42, 54)`
//! (reference facts, PCG32), and the `rand_pcg` crate, whose `Pcg32::new`
//! (state + increment, then one step) is algebraically the documented
//! constructor (state 0, step, add seed, step). The draws are recomputed from
//! `rand_pcg`'s words with the formulas the decisions record.

use rand_core::Rng;
use rngkit::engines::EngineError;
use rngkit::engines::megacrush::{DEFAULT_STREAM, MegaCrushPcg32};
use rngkit::generators::Pcg32;

#[test]
fn constructor_is_pcg32_srandom() {
    let mut rng = MegaCrushPcg32::new(42, 54);
    assert_eq!(rng.generator().state(), 0x185706b82c2e03f8);
    let words: Vec<u32> = (0..6).map(|_| rng.next_uint()).collect();
    assert_eq!(
        words,
        [
            0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e
        ]
    );
    assert_eq!(
        MegaCrushPcg32::with_seed(42),
        MegaCrushPcg32::new(42, DEFAULT_STREAM)
    );
    // The stream is forced odd: seq and seq with its top bit flipped collide.
    assert_eq!(
        MegaCrushPcg32::new(7, 3).generator().increment(),
        (3 << 1) | 1
    );
    assert_eq!(
        MegaCrushPcg32::new(7, 3),
        MegaCrushPcg32::new(7, 3 | 1 << 63)
    );
}

#[test]
fn words_match_rand_pcg() {
    for (seed, seq) in [
        (0u64, 0u64),
        (1, 54),
        (u64::MAX, 12345),
        (0xdead_beef, u64::MAX),
    ] {
        let mut ours = MegaCrushPcg32::new(seed, seq);
        let mut reference = rand_pcg::Pcg32::new(seed, seq);
        for _ in 0..1000 {
            assert_eq!(ours.next_uint(), reference.next_u32());
        }
    }
}

#[test]
fn next_int_is_modulo_with_wrapping() {
    let bounds = [
        (0, 10),
        (-5, 5),
        (i32::MIN, i32::MAX),
        (-2_000_000_000, 2_000_000_000),
        (100, 101),
        (i32::MAX - 1, i32::MAX),
    ];
    let mut ours = MegaCrushPcg32::new(9, 54);
    let mut reference = rand_pcg::Pcg32::new(9, 54);
    for _ in 0..500 {
        for (min, max) in bounds {
            let word = reference.next_u32();
            // In i64: the true span and the true sum, no wrapping needed.
            let expected = i64::from(min) + i64::from(word) % (i64::from(max) - i64::from(min));
            assert_eq!(i64::from(ours.next_int(min, max)), expected);
        }
    }
}

#[test]
fn empty_or_reversed_ranges_are_errors_that_consume_nothing() {
    let mut rng = MegaCrushPcg32::new(1, 2);
    let before = rng.clone();
    for (min, max) in [(3, 3), (5, -5), (i32::MAX, i32::MIN)] {
        assert_eq!(
            rng.try_next_int(min, max),
            Err(EngineError::EmptyRange {
                engine: "megacrush",
                min: min.into(),
                max: max.into()
            })
        );
    }
    assert_eq!(rng, before);
}

#[test]
#[should_panic(expected = "range [3, 3) is empty")]
fn next_int_panics_on_an_empty_range() {
    MegaCrushPcg32::new(1, 2).next_int(3, 3);
}

#[test]
fn next_float_is_the_top_24_bits() {
    let mut ours = MegaCrushPcg32::new(42, 54);
    let mut reference = rand_pcg::Pcg32::new(42, 54);
    for _ in 0..10_000 {
        let word = reference.next_u32();
        let expected = f64::from(word >> 8) / 16_777_216.0;
        let got = ours.next_float();
        assert_eq!(f64::from(got), expected);
        assert!((0.0..1.0).contains(&got));
    }
}

#[test]
fn next_bool_is_the_low_bit() {
    let mut ours = MegaCrushPcg32::new(42, 54);
    // pcg32-demo words: 0xa15c02b7 (odd), 0x7b47f409 (odd), 0xba1d3330 (even).
    assert_eq!(
        [ours.next_bool(), ours.next_bool(), ours.next_bool()],
        [true, true, false]
    );
}

#[test]
fn generator_round_trip() {
    let rng = MegaCrushPcg32::new(5, 6);
    let pcg: Pcg32 = rng.clone().into_generator();
    assert_eq!(MegaCrushPcg32::from_generator(pcg), rng);
}
