//! distance(s, jump(s, n)) == n for random n across each generator's whole
//! supported range; the jumps themselves are checked against stepping and
//! independent implementations in `advance.rs`.

use rand_core::Rng;
use rngkit::WordRng;
use rngkit::generators::{
    Mt19937, Pcg32, SplitMix64, TinyMt32, Xoroshiro128Plus, Xorshift32, Xorshift128,
    Xoshiro256StarStar,
};
use rngkit_analysis::{Distance, DistanceError, Jump};

fn rng() -> SplitMix64 {
    SplitMix64::new(0xd157_a9ce)
}

fn random_u128(r: &mut SplitMix64) -> u128 {
    // Mix magnitudes: full width, and a random bit length.
    let v = u128::from(r.next_u64()) << 64 | u128::from(r.next_u64());
    v >> (r.next_u32() % 128)
}

fn check_exact<G: Distance + PartialEq>(name: &str, start: G, n: u128) {
    let mut end = start.clone();
    end.jump(n);
    assert_eq!(start.distance_to(&end), Ok(n), "{name}: n = {n}");
}

#[test]
fn xorshift128_whole_period() {
    let mut r = rng();
    for i in 0..4 {
        let s =
            Xorshift128::from_state([r.next_u32(), r.next_u32(), r.next_u32(), r.next_u32() | 1])
                .unwrap();
        let n = if i == 0 {
            u128::MAX - 1
        } else {
            random_u128(&mut r)
        };
        check_exact("xorshift128", s, n);
    }
    let s = Xorshift128::init_state(0);
    check_exact("xorshift128", s.clone(), 0);
    check_exact("xorshift128", s, 1);
}

#[test]
fn xoroshiro128plus_whole_period() {
    let mut r = rng();
    for _ in 0..3 {
        let s = Xoroshiro128Plus::from_state([r.next_u64(), r.next_u64() | 1]).unwrap();
        check_exact("xoroshiro128+", s, random_u128(&mut r) % u128::MAX);
    }
}

#[test]
fn xoshiro256_below_2_128_minus_1() {
    let mut r = rng();
    for _ in 0..2 {
        let s =
            Xoshiro256StarStar::from_state([r.next_u64(), r.next_u64(), r.next_u64(), 1]).unwrap();
        check_exact("xoshiro256**", s, random_u128(&mut r) % u128::MAX);
    }
    // A distance of 2^128 + 5 is beyond the method: reported, not wrong.
    let s = Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap();
    let mut t = s.clone();
    t.jump(u128::MAX);
    t.jump(6);
    assert_eq!(
        s.distance_to(&t),
        Err(DistanceError::BeyondRange { limit: u128::MAX })
    );
}

#[test]
fn xorshift32_whole_period() {
    let mut r = rng();
    for _ in 0..20 {
        let s = Xorshift32::from_state(r.next_u32() | 1).unwrap();
        check_exact("xorshift32", s, u128::from(r.next_u32() % u32::MAX));
    }
}

#[test]
fn pcg32_and_splitmix64_exact() {
    let mut r = rng();
    for _ in 0..200 {
        let s = Pcg32::from_state(r.next_u64(), r.next_u64() | 1).unwrap();
        check_exact("pcg32", s, u128::from(r.next_u64()));
        check_exact(
            "splitmix64",
            SplitMix64::new(r.next_u64()),
            u128::from(r.next_u64()),
        );
    }
    let a = Pcg32::new(1, 54);
    let b = Pcg32::new(1, 55);
    assert!(matches!(
        a.distance_to(&b),
        Err(DistanceError::DifferentStreams { .. })
    ));
    let mut c = a.clone();
    c.jump(1000);
    assert_eq!(
        a.distance_within(&c, 999),
        Err(DistanceError::NotWithin { max: 999 })
    );
    assert_eq!(a.distance_within(&c, 1000), Ok(1000));
}

#[test]
fn bounded_search_for_prime_periods() {
    let mut r = rng();
    // MT19937 from states with any `left`.
    for left in [0u32, 1, 624, 300] {
        let mut block = [0u32; 624];
        for w in &mut block {
            *w = r.next_u32();
        }
        let s = Mt19937::from_state(block, left).unwrap();
        let n = u128::from(r.next_u32() % 200_000);
        let mut t = s.clone();
        t.jump(n);
        assert_eq!(s.distance_within(&t, 300_000), Ok(n), "left = {left}");
        assert_eq!(s.distance_within(&t, n.saturating_sub(1)).is_err(), n > 0);
    }
    assert!(matches!(
        Mt19937::new(1).distance_to(&Mt19937::new(2)),
        Err(DistanceError::NeedsBound { .. })
    ));
    // A state and its twisted twin are 0 apart.
    let a = Mt19937::new(7);
    let mut b = a.clone();
    b.twist();
    assert_eq!(a.distance_within(&b, 10), Ok(0));

    let s = TinyMt32::new(42);
    let mut t = s.clone();
    t.jump(123_456);
    assert_eq!(s.distance_within(&t, 1 << 20), Ok(123_456));
    assert_eq!(
        s.distance_within(&t, 1000),
        Err(DistanceError::NotWithin { max: 1000 })
    );
    let _ = t.next_word();
}
