//! `Unity.Mathematics.Random` (random.cs of Unity-Technologies/Unity.Mathematics).
//!
//! Oracle: the independent pure-Python reference
//! `tests/reference/unity_math_ref.py`, written from the C# source (integers
//! for the xorshift, `struct` for float bit patterns and f32 rounding). The
//! vectors below are its output. Plus hand-checkable facts: `new Random(1)`
//! steps 1 to 270369 (`1 ^ 1<<13 = 8193`, `^ 8193>>17 = 8193`,
//! `^ 8193<<5 = 270369`), and the seed-0 / index rules of the C# source.

use rngkit::engines::EngineError;
use rngkit::engines::unity_math::{DEFAULT_SEED, UnityMathRandom, wang_hash};

fn rng(seed: u32) -> UnityMathRandom {
    UnityMathRandom::new(seed).unwrap()
}

#[test]
fn constructor_steps_once_and_rejects_zero() {
    assert_eq!(rng(1).state(), 270369);
    assert_eq!(rng(DEFAULT_SEED).state(), 3508736205);
    assert_eq!(rng(u32::MAX).state(), 253983);
    assert_eq!(
        UnityMathRandom::new(0),
        Err(EngineError::ZeroSeed {
            engine: "unity-math"
        })
    );
    let mut r = rng(5);
    let before = r.clone();
    assert!(r.init_state(0).is_err());
    assert_eq!(r, before, "a rejected seed changes nothing");
    r.init_state(1).unwrap();
    assert_eq!(r.state(), 270369);
    // --state form: the word as is, no extra step; 0 rejected.
    assert_eq!(UnityMathRandom::from_state(270369).unwrap(), rng(1));
    assert!(UnityMathRandom::from_state(0).is_err());
}

#[test]
fn create_from_index_hashes_index_plus_62() {
    let states: Vec<u32> = (0..3)
        .map(|i| UnityMathRandom::create_from_index(i).unwrap().state())
        .collect();
    assert_eq!(states, [1349503032, 2312421527, 337841273]);
    assert_eq!(wang_hash(61), 0);
    assert!(UnityMathRandom::create_from_index(u32::MAX).is_err());
}

#[test]
fn next_uint() {
    let mut r = rng(1);
    let got: Vec<u32> = (0..5).map(|_| r.next_uint()).collect();
    assert_eq!(got, [270368, 67634688, 2647435460, 307599694, 2398689232]);
    let mut r = rng(12345);
    let got: Vec<u32> = (0..5).map(|_| r.next_uint()).collect();
    assert_eq!(
        got,
        [3336926329, 1697253806, 2816511903, 1955480041, 718842322]
    );
}

#[test]
fn next_int_range() {
    let mut r = rng(1);
    let got: Vec<i32> = (0..5).map(|_| r.next_int_range(-10, 10)).collect();
    assert_eq!(got, [-10, -10, 2, -9, 1]);
    let mut r = rng(12345);
    let got: Vec<i32> = (0..5).map(|_| r.next_int_range(-10, 10)).collect();
    assert_eq!(got, [5, -3, 3, -1, -7]);
    // The whole int range: the span wraps to 0xffffffff.
    let mut r = rng(1);
    let got: Vec<i32> = (0..3)
        .map(|_| r.next_int_range(i32::MIN, i32::MAX))
        .collect();
    assert_eq!(got, [-2147213280, -2079848960, 499951812]);
    let mut r = rng(12345);
    let got: Vec<i32> = (0..3)
        .map(|_| r.next_int_range(i32::MIN, i32::MAX))
        .collect();
    assert_eq!(got, [1189442681, -450229842, 669028255]);
}

#[test]
fn next_float_and_its_range() {
    let mut r = rng(1);
    let got: Vec<u32> = (0..5).map(|_| r.next_float().to_bits()).collect();
    assert_eq!(
        got,
        [0x38840000, 0x3c8100c0, 0x3f1dcca8, 0x3d92acc0, 0x3f0ef916]
    );
    let mut r = rng(12345);
    let got: Vec<u32> = (0..5).map(|_| r.next_float().to_bits()).collect();
    assert_eq!(
        got,
        [0x3f46e574, 0x3eca5410, 0x3f27e08e, 0x3ee91c80, 0x3e2b62a0]
    );
    let mut r = rng(1);
    let got: Vec<u32> = (0..3)
        .map(|_| r.next_float_range(-3.5, 100.0).to_bits())
        .collect();
    assert_eq!(got, [0xc05f9544, 0xbfef60ca, 0x427130f8]);
    let mut r = rng(12345);
    let got: Vec<u32> = (0..3)
        .map(|_| r.next_float_range(-3.5, 100.0).to_bits())
        .collect();
    assert_eq!(got, [0x4299d389, 0x421599f9, 0x4280be93]);
}

#[test]
fn next_bool_is_the_low_bit() {
    let mut r = rng(1);
    let got: Vec<bool> = (0..8).map(|_| r.next_bool()).collect();
    assert_eq!(got, [true, true, true, true, true, false, false, false]);
    let mut r = rng(12345);
    let got: Vec<bool> = (0..8).map(|_| r.next_bool()).collect();
    assert_eq!(got, [false, true, false, false, true, false, false, false]);
}

#[test]
fn next_double_takes_two_steps() {
    let mut r = rng(1);
    let got: Vec<u64> = (0..3).map(|_| r.next_double().to_bits()).collect();
    assert_eq!(
        got,
        [0x3f10818601804000, 0x3fe3b9953c0b329e, 0x3fe1df22a2feb7a0]
    );
    let mut r = rng(12345);
    let got: Vec<u64> = (0..3).map(|_| r.next_double().to_bits()).collect();
    assert_eq!(
        got,
        [0x3fe8dcae4514135e, 0x3fe4fc111d1c83d4, 0x3fc56c52f4409310]
    );
    let mut a = rng(9);
    let mut b = rng(9);
    a.next_double();
    b.next_uint();
    b.next_uint();
    assert_eq!(a, b);
}

#[test]
fn other_ranged_variants_follow_their_formulas() {
    // Checked against the raw step sequence (NextUInt() + 1 is NextState()).
    for seed in [1u32, 77, 12345, u32::MAX] {
        let mut steps = rng(seed);
        let mut r = rng(seed);
        for max in [0u32, 1, 6, 1000, u32::MAX] {
            let s = u64::from(steps.next_uint().wrapping_add(1));
            assert_eq!(r.next_uint_below(max), ((s * u64::from(max)) >> 32) as u32);
        }
        for (min, max) in [(5u32, 10u32), (0, u32::MAX), (7, 7)] {
            let s = u64::from(steps.next_uint().wrapping_add(1));
            let span = u64::from(max - min);
            assert_eq!(r.next_uint_range(min, max), ((s * span) >> 32) as u32 + min);
        }
        for max in [0i32, 1, 6, i32::MAX] {
            let s = u64::from(steps.next_uint().wrapping_add(1));
            assert_eq!(r.next_int_below(max), ((s * max as u64) >> 32) as i32);
        }
        let s = steps.next_uint().wrapping_add(1);
        assert_eq!(r.next_int(), (s ^ 0x8000_0000) as i32);
        let s = steps.next_uint().wrapping_add(1);
        let t = f32::from_bits(0x3f80_0000 | (s >> 9)) - 1.0;
        assert_eq!(r.next_float_below(3.0), t * 3.0);
        let d0 = steps.next_uint().wrapping_add(1);
        let d1 = steps.next_uint().wrapping_add(1);
        let d =
            f64::from_bits(0x3ff0_0000_0000_0000 | ((u64::from(d0) << 20) ^ u64::from(d1))) - 1.0;
        assert_eq!(r.next_double_range(-2.0, 6.0), d * 8.0 - 2.0);
        assert_eq!(r, steps);
    }
}
