//! Characteristic polynomials derived by Berlekamp–Massey against the
//! published ones (reference facts, "F2-linear algebra"; Vigna's
//! xoshiro/xoroshiro pages), and Vigna's published jump constants.

use rngkit::WordRng;
use rngkit::generators::{
    Mt19937, TinyMt32, Xoroshiro128Plus, Xorshift32, Xorshift128, Xoshiro256StarStar,
};
use rngkit_analysis::gf2::{BitVec, Poly};
use rngkit_analysis::linear::{F2Linear, derive_characteristic_polynomial};

#[test]
fn xorshift128_polynomial_is_the_published_one() {
    let p = Xorshift128::characteristic_polynomial();
    assert_eq!(format!("{p:#x}"), "0x1000000010046d8b3f985d65ffd3c8001");
}

#[test]
fn xoroshiro128plus_polynomial_is_the_published_one() {
    let p = Xoroshiro128Plus::characteristic_polynomial();
    assert_eq!(format!("{p:#x}"), "0x10008828e513b43d5095b8f76579aa001");
}

#[test]
fn xoshiro256_polynomial_is_the_published_one() {
    let p = Xoshiro256StarStar::characteristic_polynomial();
    assert_eq!(
        format!("{p:#x}"),
        "0x10003c03c3f3ecb1904b4edcf26259f850280002bcefd1a5e9d116f2bb0f0f001"
    );
}

#[test]
fn mt19937_polynomial_has_degree_19937_and_135_terms() {
    let p = Mt19937::characteristic_polynomial();
    assert_eq!(p.degree(), Some(19937));
    assert_eq!(p.count_terms(), 135);
    // The same polynomial from a different start state and output bit order.
    let mut rng = Mt19937::new(12345);
    rng.discard(1000);
    assert_eq!(&derive_characteristic_polynomial(&rng), p);
    // x^(2^19937 - 1) = 1 mod P (P primitive and its degree a Mersenne
    // exponent): (2^19937 - 1) is 19937 one bits.
    let mut e = vec![u64::MAX; 19937 / 64];
    e.push((1u64 << (19937 % 64)) - 1);
    assert!(Mt19937::modulus().pow_x_words(&e).is_one());
}

#[test]
fn small_polynomials_have_full_period() {
    let p = TinyMt32::characteristic_polynomial();
    assert_eq!(p.degree(), Some(127));
    // 2^127 - 1 is prime: x^(2^127 - 1) = 1 and x != 1 means order 2^127 - 1.
    assert!(TinyMt32::modulus().pow_x((1u128 << 127) - 1).is_one());
    let p = Xorshift32::characteristic_polynomial();
    assert_eq!(p.degree(), Some(32));
    let m = Xorshift32::modulus();
    assert!(m.pow_x(u128::from(u32::MAX)).is_one());
    for q in [3u128, 5, 17, 257, 65537] {
        assert!(!m.pow_x(u128::from(u32::MAX) / q).is_one());
    }
    // Xorshift128 and friends: order exactly 2^128 - 1.
    let m = Xorshift128::modulus();
    assert!(m.pow_x(u128::MAX).is_one());
    for q in [
        3u128,
        5,
        17,
        257,
        641,
        65537,
        274177,
        6700417,
        67280421310721,
    ] {
        assert!(!m.pow_x(u128::MAX / q).is_one(), "q = {q}");
    }
}

#[test]
fn vigna_jump_constants_are_x_to_the_power_of_two() {
    // xoshiro256 JUMP = x^(2^128) mod P; xoroshiro128 JUMP = x^(2^64) mod P
    // (reference facts; prng.di.unimi.it).
    let m = Xoshiro256StarStar::modulus();
    let jump = m.pow_x_words(&[0, 0, 1]);
    assert_eq!(
        jump,
        Poly::from_words(vec![
            0x180ec6d33cfd0aba,
            0xd5a61266f0c9392c,
            0xa9582618e03fc9aa,
            0x39abdc4529b1661c
        ])
    );
    let m = Xoroshiro128Plus::modulus();
    assert_eq!(
        m.pow_x(1 << 64),
        Poly::from_words(vec![0xdf900294d8f554a5, 0x170865df4b3201fc])
    );
}

fn check_bits_round_trip_and_linearity<G: F2Linear + PartialEq>(a: G, b: G) {
    assert_eq!(G::from_bits(&a.to_bits()).unwrap().to_bits(), a.to_bits());
    assert_eq!(a.to_bits().len(), G::STATE_BITS);
    // step(a ^ b) = step(a) ^ step(b)
    let mut sum = a.to_bits();
    sum ^= &b.to_bits();
    let mut step_sum = G::from_bits(&sum).unwrap();
    step_sum.next_word();
    let (mut a1, mut b1) = (a.clone(), b.clone());
    a1.next_word();
    b1.next_word();
    let mut expected = a1.to_bits();
    expected ^= &b1.to_bits();
    assert_eq!(step_sum.to_bits(), expected);
    assert!(G::from_bits(&BitVec::zeros(G::STATE_BITS)).is_err());
    assert!(G::from_bits(&BitVec::zeros(G::STATE_BITS + 1)).is_err());
}

#[test]
fn state_bits_round_trip_and_steps_are_linear() {
    check_bits_round_trip_and_linearity(Xorshift128::init_state(1), Xorshift128::init_state(2));
    check_bits_round_trip_and_linearity(
        Xoroshiro128Plus::from_state([1, 2]).unwrap(),
        Xoroshiro128Plus::from_state([u64::MAX, 5]).unwrap(),
    );
    check_bits_round_trip_and_linearity(
        Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap(),
        Xoshiro256StarStar::from_state([9, 0, 0, u64::MAX]).unwrap(),
    );
    check_bits_round_trip_and_linearity(
        Xorshift32::from_state(7).unwrap(),
        Xorshift32::from_state(0xdead_beef).unwrap(),
    );
    check_bits_round_trip_and_linearity(TinyMt32::new(1), TinyMt32::new(2));
    // MT in its window form (left = 624).
    let mut a = Mt19937::new(1);
    a.discard(700);
    let mut b = Mt19937::new(2);
    b.discard(10);
    let a = Mt19937::from_bits(&a.to_bits()).unwrap();
    let b = Mt19937::from_bits(&b.to_bits()).unwrap();
    check_bits_round_trip_and_linearity(a, b);
}

#[test]
fn mt19937_window_gives_the_same_stream() {
    let mut a = Mt19937::new(5489);
    a.discard(100);
    let mut b = Mt19937::from_bits(&a.to_bits()).unwrap();
    for _ in 0..2000 {
        assert_eq!(a.next_word(), b.next_word());
    }
}
