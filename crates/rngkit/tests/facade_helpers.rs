//! Contract tests of the `RandomExt` helpers and the alias table: bounds,
//! edge cases, the errors seed 003 specifies (and the panics of the plain
//! helpers), and that a rejected call consumes no randomness.

// Empty and reversed ranges are what the error tests feed on purpose.
#![allow(clippy::reversed_empty_ranges)]

use std::convert::Infallible;

use rngkit::facade::{Algorithm, AliasTable, DeterministicRng, DrawError, RandomExt};
use rngkit::rand_core::{Rng, TryRng};

fn rng() -> DeterministicRng {
    Algorithm::default().seed_from_u64(12345)
}

/// A generator that returns the same word forever (to reach the extremes of
/// the float mappings).
#[derive(Clone)]
struct Constant(u64);

impl TryRng for Constant {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.0 as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.0)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        dst.fill(self.0 as u8);
        Ok(())
    }
}

/// Asserts that `f` fails with `expected` and leaves the generator untouched.
fn rejects<T: std::fmt::Debug>(
    expected: DrawError,
    f: impl FnOnce(&mut DeterministicRng) -> Result<T, DrawError>,
) {
    let mut r = rng();
    assert_eq!(f(&mut r).unwrap_err(), expected);
    assert_eq!(r, rng(), "a rejected call must not consume randomness");
}

// ---- errors exactly where seed 003 has them ----

#[test]
fn empty_integer_ranges_are_rejected() {
    rejects(DrawError::EmptyRange { min: 5, max: 5 }, |r| {
        r.try_range(5i32..5)
    });
    rejects(DrawError::EmptyRange { min: 6, max: 5 }, |r| {
        r.try_range(6u64..5)
    });
    rejects(DrawError::EmptyRange { min: 6, max: 5 }, |r| {
        r.try_range(6i64..=5)
    });
    rejects(DrawError::EmptyRange { min: 0, max: 0 }, |r| r.try_index(0));
}

#[test]
fn invalid_float_ranges_are_rejected() {
    let invalid = |min: f64, max: f64| DrawError::InvalidFloatRange { min, max };
    rejects(invalid(2.0, 1.0), |r| r.try_range(2.0f32..=1.0));
    rejects(invalid(1.0, 1.0), |r| r.try_range(1.0f64..1.0));
    rejects(invalid(0.0, f64::INFINITY), |r| {
        r.try_range(0.0f64..=f64::INFINITY)
    });
    let mut r = rng();
    assert!(matches!(
        r.try_range(f32::NAN..=1.0),
        Err(DrawError::InvalidFloatRange { .. })
    ));
    assert_eq!(r, rng());
}

#[test]
fn probabilities_outside_unit_interval_are_rejected() {
    for p in [-0.1, 1.000_000_1, 2.0, f64::INFINITY] {
        rejects(DrawError::ProbabilityOutOfRange { probability: p }, |r| {
            r.try_chance(p)
        });
    }
    let mut r = rng();
    assert!(r.try_chance(f64::NAN).is_err());
}

#[test]
fn empty_lists_are_rejected() {
    let empty: [u8; 0] = [];
    rejects(DrawError::EmptyList, |r| r.try_pick(&empty));
    rejects(DrawError::EmptyList, |r| r.try_weighted_index::<f32>(&[]));
    rejects(DrawError::EmptyList, |r| {
        r.try_weighted_pick::<u8, f32>(&[], &[])
    });
    assert_eq!(AliasTable::new::<f64>(&[]), Err(DrawError::EmptyList));
}

#[test]
fn bad_weights_are_rejected() {
    rejects(
        DrawError::InvalidWeight {
            index: 1,
            weight: -1.0,
        },
        |r| r.try_weighted_index(&[1.0f32, -1.0, 2.0]),
    );
    rejects(
        DrawError::InvalidWeight {
            index: 0,
            weight: f64::INFINITY,
        },
        |r| r.try_weighted_index(&[f64::INFINITY]),
    );
    rejects(
        DrawError::InvalidWeight {
            index: 2,
            weight: -3.0,
        },
        |r| r.try_weighted_index(&[1i32, 2, -3]),
    );
    rejects(DrawError::ZeroTotalWeight, |r| {
        r.try_weighted_index(&[0.0f32, 0.0])
    });
    rejects(
        DrawError::LengthMismatch {
            items: 2,
            weights: 3,
        },
        |r| r.try_weighted_pick(&['a', 'b'], &[1.0f32, 1.0, 1.0]),
    );
    let mut r = rng();
    assert!(matches!(
        r.try_weighted_index(&[f32::NAN]),
        Err(DrawError::InvalidWeight { index: 0, .. })
    ));
    assert_eq!(AliasTable::new(&[0u32, 0]), Err(DrawError::ZeroTotalWeight));
    assert!(matches!(
        AliasTable::new(&[1.0, -0.5]),
        Err(DrawError::InvalidWeight { index: 1, .. })
    ));
    // Two finite f64 weights whose sum overflows.
    assert!(matches!(
        AliasTable::new(&[f64::MAX, f64::MAX]),
        Err(DrawError::InvalidWeight { index: 1, .. })
    ));
}

#[test]
#[should_panic(expected = "empty integer range: min 3 is not below max 3")]
fn range_panics_on_empty_range() {
    rng().range(3u8..3);
}

#[test]
#[should_panic(expected = "invalid float range [1, 0]")]
fn float_range_panics_when_min_exceeds_max() {
    rng().range(1.0f32..=0.0);
}

#[test]
#[should_panic(expected = "probability must be in [0, 1], found -0.5")]
fn chance_panics_outside_unit_interval() {
    rng().chance(-0.5);
}

#[test]
#[should_panic(expected = "cannot pick from an empty list")]
fn pick_panics_on_empty_list() {
    let empty: Vec<i32> = Vec::new();
    rng().pick(&empty);
}

#[test]
#[should_panic(expected = "empty integer range: min 0 is not below max 0")]
fn index_panics_on_zero() {
    rng().index(0);
}

#[test]
#[should_panic(expected = "weight 0 is -2: weights must be finite and not negative")]
fn weighted_index_panics_on_negative_weight() {
    rng().weighted_index(&[-2.0f32]);
}

#[test]
#[should_panic(expected = "all weights are zero")]
fn weighted_pick_panics_on_zero_total() {
    rng().weighted_pick(&[1, 2], &[0u8, 0]);
}

#[test]
#[should_panic(expected = "2 items but 1 weights")]
fn weighted_pick_panics_on_length_mismatch() {
    rng().weighted_pick(&[1, 2], &[1.0f64]);
}

#[test]
fn errors_display_one_line_messages() {
    let all = [
        DrawError::EmptyList,
        DrawError::EmptyRange { min: 1, max: 0 },
        DrawError::InvalidFloatRange { min: 1.0, max: 0.0 },
        DrawError::ProbabilityOutOfRange { probability: 2.0 },
        DrawError::InvalidWeight {
            index: 0,
            weight: -1.0,
        },
        DrawError::ZeroTotalWeight,
        DrawError::LengthMismatch {
            items: 1,
            weights: 2,
        },
    ];
    for err in all {
        let text = err.to_string();
        assert!(!text.is_empty() && !text.contains('\n'), "{text:?}");
    }
}

// ---- integer ranges ----

#[test]
fn integer_ranges_stay_in_bounds_and_reach_both_ends() {
    let mut r = rng();
    let mut seen = [false; 256];
    for _ in 0..20_000 {
        seen[(r.range(i8::MIN..=i8::MAX) as u8) as usize] = true;
    }
    assert!(seen.iter().all(|&s| s), "every i8 value appears");
    let mut ends = (false, false);
    for _ in 0..2_000 {
        let x = r.range(-3i64..3);
        assert!((-3..3).contains(&x));
        ends.0 |= x == -3;
        ends.1 |= x == 2;
        let y = r.range(10usize..=12);
        assert!((10..=12).contains(&y));
        let z = r.range(u64::MAX - 1..=u64::MAX);
        assert!(z >= u64::MAX - 1);
    }
    assert_eq!(ends, (true, true));
}

#[test]
fn full_width_ranges_are_the_raw_word() {
    let mut r = rng();
    let mut raw = r.clone();
    assert_eq!(
        r.range(i32::MIN..=i32::MAX),
        raw.next_u32() as i32 ^ i32::MIN
    );
    assert_eq!(r.range(0u32..=u32::MAX), raw.next_u32());
    assert_eq!(r.range(0u64..=u64::MAX), raw.next_u64());
    assert_eq!(
        r.range(i64::MIN..=i64::MAX),
        (raw.next_u64() as i64) ^ i64::MIN
    );
}

#[test]
fn single_value_ranges_return_it_and_consume_one_draw() {
    let mut r = rng();
    let mut raw = r.clone();
    assert_eq!(r.range(7i32..=7), 7);
    assert_eq!(r.range(7i32..8), 7);
    assert_eq!(r.range(2.5f32..=2.5), 2.5);
    assert_eq!(r.range(-1.0f64..=-1.0), -1.0);
    assert_eq!(r.index(1), 0);
    raw.next_u32();
    raw.next_u32();
    raw.next_u32();
    raw.next_u64();
    raw.next_u32();
    assert_eq!(r, raw);
}

#[test]
fn word_width_follows_the_type_and_usize_is_portable() {
    // Documented: types of <= 32 bits draw next_u32, i64/u64 draw next_u64,
    // usize draws like u32 when the span fits in 32 bits.
    let (mut a, mut b, mut c, mut d) = (rng(), rng(), rng(), rng());
    let mut raw = rng();
    for _ in 0..100 {
        let x = a.range(0i32..1000) as i64;
        assert_eq!(b.range(0usize..1000) as i64, x);
        assert_eq!(c.range(0u16..1000) as i64, x);
        let y = d.range(0i64..1000);
        assert_eq!(y, ((raw.next_u64() as u128 * 1000) >> 64) as i64);
    }
}

// ---- floats ----

#[test]
fn unit_floats_hit_their_documented_extremes() {
    let mut ones = Constant(u64::MAX);
    assert_eq!(ones.next_f32(), 1.0 - 2f32.powi(-24));
    assert_eq!(ones.next_f64(), 1.0 - 2f64.powi(-53));
    assert_eq!(ones.range(0.0f32..=1.0), 1.0);
    assert_eq!(ones.range(0.0f64..=1.0), 1.0);
    assert_eq!(ones.range(-2.0f32..=3.0), 3.0);
    let mut zeros = Constant(0);
    assert_eq!(zeros.next_f32(), 0.0);
    assert_eq!(zeros.range(-2.0f64..3.0), -2.0);
    assert_eq!(zeros.range(-2.0f32..=3.0), -2.0);
}

#[test]
fn half_open_ranges_never_return_max_even_when_rounding_would() {
    let mut ones = Constant(u64::MAX);
    // span * t rounds up to the span: the result would be max.
    let max = 1.0f32.next_up();
    let x = ones.range(1.0f32..max);
    assert!(x < max);
    assert_eq!(x, 1.0);
    let big = ones.range(0.0f64..1e300);
    assert!(big < 1e300);
    let wide = ones.range(f32::MIN..f32::MAX);
    assert!(wide < f32::MAX && wide.is_finite());
}

#[test]
fn ranges_wider_than_the_type_stay_finite_and_inside() {
    let mut r = rng();
    for _ in 0..1000 {
        let x = r.range(f32::MIN..=f32::MAX);
        assert!(x.is_finite());
        let y = r.range(-f64::MAX..f64::MAX);
        assert!(y.is_finite() && y < f64::MAX);
    }
    assert_eq!(Constant(u64::MAX).range(f64::MIN..=f64::MAX), f64::MAX);
    assert_eq!(Constant(0).range(f64::MIN..=f64::MAX), f64::MIN);
}

#[test]
fn float_ranges_stay_inside() {
    let mut r = rng();
    for _ in 0..10_000 {
        let a = r.range(-1.5f32..=2.25);
        assert!((-1.5..=2.25).contains(&a));
        let b = r.range(100.0f64..100.5);
        assert!((100.0..100.5).contains(&b));
        let c = r.next_f32();
        assert!((0.0..1.0).contains(&c));
    }
}

// ---- booleans ----

#[test]
fn chance_zero_is_never_and_one_is_always() {
    let mut r = rng();
    for _ in 0..10_000 {
        assert!(!r.chance(0.0));
        assert!(r.chance(1.0));
    }
    // Even on the extreme words.
    assert!(Constant(u64::MAX).chance(1.0));
    assert!(!Constant(0).chance(0.0));
}

#[test]
fn sign_is_plus_or_minus_one_following_coin() {
    let (mut a, mut b) = (rng(), rng());
    for _ in 0..100 {
        let sign = a.sign();
        assert_eq!(sign, if b.coin() { 1 } else { -1 });
    }
}

// ---- picks and shuffles ----

#[test]
fn pick_returns_an_element_and_single_lists_always_it() {
    let mut r = rng();
    let items = ["a", "b", "c"];
    for _ in 0..100 {
        assert!(items.contains(r.pick(&items)));
        assert_eq!(r.try_pick(&[42]), Ok(&42));
    }
}

#[test]
fn shuffle_is_a_permutation_and_handles_tiny_slices() {
    let mut r = rng();
    let mut empty: [u8; 0] = [];
    r.shuffle(&mut empty);
    let mut one = [9];
    let before = r.clone();
    r.shuffle(&mut one);
    assert_eq!(one, [9]);
    assert_eq!(r, before, "a one-element shuffle draws nothing");
    for len in [2usize, 3, 10, 100] {
        let mut v: Vec<usize> = (0..len).collect();
        r.shuffle(&mut v);
        v.sort_unstable();
        assert_eq!(v, (0..len).collect::<Vec<_>>());
    }
}

#[test]
fn partial_shuffle_splits_a_permutation() {
    let mut r = rng();
    for amount in [0usize, 1, 3, 10, 25] {
        let mut v: Vec<u32> = (0..10).collect();
        let (chosen, rest) = r.partial_shuffle(&mut v, amount);
        assert_eq!(chosen.len(), amount.min(10));
        assert_eq!(rest.len(), 10 - amount.min(10));
        v.sort_unstable();
        assert_eq!(v, (0..10).collect::<Vec<_>>());
    }
}

// ---- weighted picks ----

#[test]
fn zero_weights_are_never_picked() {
    let weights = [0.0f32, 1.0, 0.0, 2.0, 0.0];
    let table = AliasTable::new(&weights).unwrap();
    let mut r = rng();
    for _ in 0..20_000 {
        let i = r.weighted_index(&weights);
        assert!(i == 1 || i == 3, "{i}");
        let j = table.sample(&mut r);
        assert!(j == 1 || j == 3, "{j}");
    }
}

#[test]
fn rounding_past_the_end_falls_back_to_the_last_positive_weight() {
    // With the largest unit float, target = (1 - 2^-53) * total can round
    // to total; the scan must not return the trailing zero weight.
    let mut ones = Constant(u64::MAX);
    assert_eq!(ones.weighted_index(&[0.1f64, 0.2, 0.0]), 1);
    assert_eq!(ones.weighted_index(&[3u32, 0, 0]), 0);
}

#[test]
fn weighted_pick_returns_the_item_of_weighted_index() {
    let (mut a, mut b) = (rng(), rng());
    let items = ['x', 'y', 'z'];
    let weights = [1u16, 5, 2];
    for _ in 0..100 {
        assert_eq!(
            *a.weighted_pick(&items, &weights),
            items[b.weighted_index(&weights)]
        );
    }
}

#[test]
fn alias_table_encodes_the_weights_exactly_up_to_rounding() {
    let weights = [5.0, 0.0, 1.0, 3.0, 0.5, 7.25, 1e-9];
    let table = AliasTable::new(&weights).unwrap();
    assert_eq!(table.len(), weights.len());
    assert!(!table.is_empty());
    let total: f64 = weights.iter().sum();
    let mut sum = 0.0;
    for (i, w) in weights.iter().enumerate() {
        let p = table.probability_of(i);
        assert!(
            (p - w / total).abs() < 1e-12,
            "index {i}: {p} vs {}",
            w / total
        );
        sum += p;
    }
    assert!((sum - 1.0).abs() < 1e-12);
    let single = AliasTable::new(&[3u8]).unwrap();
    assert_eq!(single.sample(&mut rng()), 0);
}

// ---- geometry ----

#[test]
fn points_inside_are_strictly_inside() {
    let mut r = rng();
    for _ in 0..20_000 {
        let [x, y] = r.inside_unit_circle();
        assert!(x * x + y * y < 1.0);
        let [x, y, z] = r.inside_unit_sphere();
        assert!(x * x + y * y + z * z < 1.0);
    }
}

#[test]
fn points_on_and_rotations_have_unit_length() {
    let mut r = rng();
    for _ in 0..20_000 {
        let [x, y] = r.on_unit_circle().map(f64::from);
        assert!((x * x + y * y - 1.0).abs() < 4e-7);
        let [x, y, z] = r.on_unit_sphere().map(f64::from);
        assert!((x * x + y * y + z * z - 1.0).abs() < 4e-7);
        let q = r.rotation_uniform().map(f64::from);
        assert!((q.iter().map(|c| c * c).sum::<f64>() - 1.0).abs() < 4e-7);
    }
}

// ---- every generator, and dyn ----

#[test]
fn helpers_work_through_dyn_rng() {
    fn roll(rng: &mut dyn Rng) -> i32 {
        rng.range(1..=6)
    }
    let mut r = rng();
    let mut same = rng();
    assert_eq!(roll(&mut r), same.range(1..=6));
    let mut boxed: Box<dyn Rng> = Box::new(rng());
    assert!((1..=6).contains(&boxed.range(1..=6)));
}

#[test]
fn helpers_work_on_every_algorithm() {
    for algorithm in Algorithm::ALL {
        let mut r = algorithm.seed_from_u64(5);
        assert!(r.range(0..10) < 10);
        assert!(r.next_f32() < 1.0);
        let mut v = [1, 2, 3, 4];
        r.shuffle(&mut v);
        let [x, y, z] = r.on_unit_sphere();
        assert!((x * x + y * y + z * z - 1.0).abs() < 1e-5);
    }
}
