//! The BDSP notes' conventions (seed 002) and the exhaustive answer to the
//! seed README's question: does seed 000's multiplication by the float
//! printed `1.192093e-07` (bits `0x34000001`) agree with seed 002's division
//! by `8388607.0f` for every 23-bit input? It does: all 2^23 inputs give the
//! same float. (An independent check in Python, dividing in `f64` and
//! rounding to `f32` with `struct`, found the same: 0 differences.)
//!
//! Other oracles: the published raw words after `InitState(0)` (reference
//! facts), and the notes' formulas recomputed in `u64` arithmetic.

use rngkit::engines::bdsp::{Bdsp, DEFAULT_MAX, DEFAULT_MIN};
use rngkit::engines::unity::{UnityRandom, VALUE_SCALE, value_from_word};

#[test]
fn multiplication_and_division_agree_on_all_2_pow_23_inputs() {
    let scale = f32::from_bits(0x3400_0001);
    assert_eq!(scale, VALUE_SCALE);
    assert_eq!(scale, 1.0f32 / 8388607.0);
    let mut differing = 0u32;
    for r in 0..(1u32 << 23) {
        let x = r as f32;
        let by_multiplication = x * scale;
        let by_division = x / 8388607.0;
        if by_multiplication.to_bits() != by_division.to_bits() {
            differing += 1;
        }
        assert_eq!(value_from_word(r).to_bits(), by_division.to_bits());
    }
    assert_eq!(differing, 0, "inputs where 000 and 002 disagree");
}

/// Published raw words after `InitState(0)` (reference facts, Unity).
const WORDS: [u32; 5] = [1900725526, 1900725046, 559298752, 107093222, 556206921];

/// The notes' `next_rand` in `u64`: span `(max - min + 1) mod 2^32`, a zero
/// span meaning 2^32.
fn next_rand_reference(r: u32, min: u32, max: u32) -> u32 {
    let mut span = (u64::from(max) + (1u64 << 32) - u64::from(min) + 1) % (1u64 << 32);
    if span == 0 {
        span = 1u64 << 32;
    }
    ((u64::from(r) % span + u64::from(min)) % (1u64 << 32)) as u32
}

#[test]
fn set_seed_and_next_uint_match_the_published_words() {
    let mut rng = Bdsp::set_seed(0);
    assert_eq!(rng.generator().state(), [0, 1, 1812433254, 1900727103]);
    for word in WORDS {
        assert_eq!(rng.next_uint(), word);
    }
}

#[test]
fn next_rand_uses_the_inclusive_span_with_wrapping() {
    let ranges = [
        (1u32, 6u32),
        (0, 0),
        (10, 10),
        (0, 99),
        (DEFAULT_MIN, DEFAULT_MAX),
        (0, u32::MAX),
        (0xffff_fff0, 0x0000_0010), // a range across the wrap
        (5, 3),
    ];
    for (min, max) in ranges {
        let mut rng = Bdsp::set_seed(0);
        for word in WORDS {
            assert_eq!(
                rng.next_rand(min, max),
                next_rand_reference(word, min, max),
                "[{min:#x}, {max:#x}]"
            );
        }
    }
    // Inclusive: 1..=6 reaches 6 (unlike Unity's half-open Range).
    let mut rng = Bdsp::set_seed(1);
    let rolls: Vec<u32> = (0..200).map(|_| rng.next_rand(1, 6)).collect();
    assert!(rolls.contains(&6) && rolls.contains(&1));
    assert!(rolls.iter().all(|r| (1..=6).contains(r)));
}

/// A generator whose next output is `word` (s0 = 0 makes `t` zero; the
/// output is then `s3 ^ (s3 >> 19)`, inverted by the same operation).
fn with_next_word(word: u32) -> Bdsp {
    Bdsp::from_state([0, 1, 0, word ^ (word >> 19)]).unwrap()
}

#[test]
fn default_range_skips_0x7fffffff_and_doubles_0x80000000() {
    assert_eq!(with_next_word(0x1234_5678).next_uint(), 0x1234_5678);
    assert_eq!(with_next_word(0).next_rand_default(), 0x8000_0000);
    assert_eq!(with_next_word(u32::MAX).next_rand_default(), 0x8000_0000);
    assert_eq!(with_next_word(0xffff_fffe).next_rand_default(), 0x7fff_fffe);
    assert_eq!(with_next_word(0x7fff_ffff).next_rand_default(), 0xffff_ffff);
    for word in WORDS {
        assert_eq!(
            with_next_word(word).next_rand_default(),
            next_rand_reference(word, 0x8000_0000, 0x7fff_fffe)
        );
    }
}

#[test]
fn next_alt_rand_reduces_the_default_draw_again() {
    for word in WORDS.into_iter().chain([0, u32::MAX, 0x7fff_ffff]) {
        let default = next_rand_reference(word, 0x8000_0000, 0x7fff_fffe);
        for (min, max) in [(0u32, 99u32), (1, 6), (100, 100), (0, u32::MAX)] {
            let mut rng = with_next_word(word);
            assert_eq!(
                rng.next_alt_rand(min, max),
                next_rand_reference(default, min, max)
            );
        }
    }
}

#[test]
fn next_float_is_unity_value_and_the_range_is_unity_range() {
    let mut bdsp = Bdsp::set_seed(77);
    let mut unity = UnityRandom::new(77);
    for _ in 0..1000 {
        assert_eq!(bdsp.next_float().to_bits(), unity.value().to_bits());
        assert_eq!(
            bdsp.next_float_range(-3.5, 1e6).to_bits(),
            unity.range_float(-3.5, 1e6).to_bits()
        );
    }
    // The unranged draw is t; the ranged one with (0, 1) is 1 - t.
    let t = Bdsp::set_seed(0).next_float();
    assert_eq!(
        Bdsp::set_seed(0).next_float_range(0.0, 1.0),
        (f64::from(1.0f32) - f64::from(t)) as f32
    );
}
