//! The GF(2) toolkit against independent, deliberately naive oracles written
//! here (bit-by-bit products and divisions, brute force), on random inputs
//! from SplitMix64.

use rand_core::Rng;
use rngkit::generators::SplitMix64;
use rngkit_analysis::gf2::{
    BitMatrix, BitVec, Equation, Field, LinearSystem, Modulus, Poly, berlekamp_massey, clmul,
    clmul_portable,
};

fn rng() -> SplitMix64 {
    SplitMix64::new(0x0005_eed0_f9f2)
}

/// A random polynomial of degree below `bits`.
fn random_poly(r: &mut SplitMix64, bits: usize) -> Poly {
    let words: Vec<u64> = (0..bits.div_ceil(64)).map(|_| r.next_u64()).collect();
    let mut p = Poly::from_words(words);
    for e in p.exponents() {
        if e >= bits {
            p.flip_coeff(e);
        }
    }
    p
}

/// Schoolbook product, one coefficient pair at a time.
fn naive_mul(a: &Poly, b: &Poly) -> Poly {
    let mut out = Poly::zero();
    for i in a.exponents() {
        for j in b.exponents() {
            out.flip_coeff(i + j);
        }
    }
    out
}

/// Remainder by subtracting shifted divisors one top coefficient at a time.
fn naive_rem(a: &Poly, d: &Poly) -> Poly {
    let dd = d.degree().unwrap();
    let mut r = a.clone();
    while let Some(t) = r.degree() {
        if t < dd {
            break;
        }
        for e in d.exponents() {
            r.flip_coeff(e + t - dd);
        }
    }
    r
}

#[test]
fn hardware_and_portable_clmul_agree() {
    let mut r = rng();
    for _ in 0..10_000 {
        let (a, b) = (r.next_u64(), r.next_u64());
        assert_eq!(clmul(a, b), clmul_portable(a, b), "{a:#x} * {b:#x}");
    }
    // Edge values.
    for &(a, b) in &[
        (0, 0),
        (u64::MAX, u64::MAX),
        (1 << 63, 1 << 63),
        (1, u64::MAX),
    ] {
        assert_eq!(clmul(a, b), clmul_portable(a, b));
    }
    // An independent oracle for the portable routine itself.
    for _ in 0..200 {
        let (a, b) = (r.next_u64(), r.next_u64());
        let mut expected = 0u128;
        for i in 0..64 {
            if (b >> i) & 1 == 1 {
                expected ^= u128::from(a) << i;
            }
        }
        assert_eq!(clmul_portable(a, b), expected);
    }
}

#[test]
fn poly_mul_square_and_division_match_naive() {
    let mut r = rng();
    for round in 0..60 {
        let a = random_poly(&mut r, 1 + round * 7);
        let b = random_poly(&mut r, 1 + round * 5 % 300);
        assert_eq!(a.mul(&b), naive_mul(&a, &b));
        assert_eq!(a.square(), naive_mul(&a, &a));
        if !b.is_zero() {
            let (q, rem) = a.div_rem(&b);
            assert_eq!(rem, naive_rem(&a, &b));
            assert_eq!(q.mul(&b).add(&rem), a);
            assert!(rem.degree().is_none_or(|d| d < b.degree().unwrap()));
        }
    }
}

#[test]
fn gcd_finds_common_factors() {
    let mut r = rng();
    for _ in 0..30 {
        let c = random_poly(&mut r, 40);
        let a = random_poly(&mut r, 60).mul(&c);
        let b = random_poly(&mut r, 60).mul(&c);
        let g = a.gcd(&b);
        if !c.is_zero() {
            assert!(g.rem(&c).is_zero(), "c divides gcd");
            assert!(a.rem(&g).is_zero() && b.rem(&g).is_zero());
        }
    }
    // x^2 + 1 = (x + 1)^2 and x^3 + 1 = (x + 1)(x^2 + x + 1): gcd x + 1.
    let g = Poly::from_exponents(&[0, 2]).gcd(&Poly::from_exponents(&[0, 3]));
    assert_eq!(g, Poly::from_exponents(&[0, 1]));
}

#[test]
fn hex_round_trip() {
    let p = Poly::from_hex("0x1000000010046d8b3f985d65ffd3c8001").unwrap();
    assert_eq!(p.degree(), Some(128));
    assert_eq!(format!("{p:#x}"), "0x1000000010046d8b3f985d65ffd3c8001");
    assert!(Poly::from_hex("0xg").is_none());
    assert!(Poly::from_hex("").is_none());
}

#[test]
fn modulus_reduction_and_powers_match_naive() {
    let mut r = rng();
    let moduli = [
        // sparse with a big gap, dense, tiny, and with a high second term
        Poly::from_exponents(&[0, 3, 17, 200, 700]),
        Poly::from_hex("0x1000000010046d8b3f985d65ffd3c8001").unwrap(),
        Poly::from_exponents(&[0, 1, 3]),
        Poly::from_exponents(&[0, 5, 98, 99, 100]),
        // word-aligned degree and a wide gap
        Poly::from_exponents(&[0, 7, 63, 64, 300, 512]),
        Poly::from_exponents(&[0, 1, 2, 1000, 1001, 1500, 1999]),
        // wide gaps above the constant term (reduced bottom up, Montgomery)
        Poly::from_exponents(&[0, 200, 450, 700, 701]),
        Poly::from_exponents(&[0, 1189, 1300, 2000, 2600, 2700]),
    ];
    for p in &moduli {
        let m = Modulus::new(p.clone());
        let d = p.degree().unwrap();
        for _ in 0..20 {
            let a = random_poly(&mut r, 2 * d + 30);
            assert_eq!(m.reduce(&a), naive_rem(&a, p));
            let (x, y) = (random_poly(&mut r, d), random_poly(&mut r, d));
            assert_eq!(m.mul(&x, &y), naive_rem(&naive_mul(&x, &y), p));
        }
        // x^n by repeated multiplication by x.
        let mut acc = Poly::one();
        for n in 0..300u128 {
            assert_eq!(m.pow_x(n), naive_rem(&acc, p), "n = {n}");
            acc = naive_rem(&acc.shl(1), p);
        }
        // x · x^(-1) = 1 and x^(-n) · x^n = 1
        assert!(m.mul(&m.inverse_x(), &Poly::monomial(1)).is_one());
        let n = 0x1234_5678_9abc_def0_1122u128;
        assert!(m.mul(&m.pow_x(n), &m.pow_x_inverse(n)).is_one());
        // exponent laws with a word exponent beyond u128
        let e = [5u64, 7, 1];
        let split = m.mul(&m.pow_x_words(&[5, 7]), &m.pow_x_words(&[0, 0, 1]));
        assert_eq!(m.pow_x_words(&e), split);
    }
}

#[test]
fn field_matches_modulus_arithmetic() {
    let mut r = rng();
    for hex in [
        "0x1000000010046d8b3f985d65ffd3c8001",
        "0x10008828e513b43d5095b8f76579aa001",
    ] {
        let p = Poly::from_hex(hex).unwrap();
        let m = Modulus::new(p.clone());
        let f = Field::<2>::new(&p);
        for _ in 0..200 {
            let (a, b) = (random_poly(&mut r, 128), random_poly(&mut r, 128));
            let prod = f.mul(&f.element(&a), &f.element(&b));
            assert_eq!(f.poly(&prod), m.mul(&a, &b));
            assert_eq!(f.mul_portable(&f.element(&a), &f.element(&b)), prod);
            assert_eq!(f.poly(&f.square(&f.element(&a))), m.square(&a));
        }
        let n = 0xdead_beef_cafe_babe_0123_4567_89ab_cdefu128;
        assert_eq!(f.poly(&f.pow(&f.x(), n)), m.pow_x(n));
        // Primitive: x^(2^128 - 1) = 1 but x^((2^128 - 1) / 3) != 1.
        assert_eq!(f.pow(&f.x(), u128::MAX), f.one());
        assert_ne!(f.pow(&f.x(), u128::MAX / 3), f.one());
    }
    // GF(2^256) for xoshiro256.
    let p = Poly::from_hex("0x10003c03c3f3ecb1904b4edcf26259f850280002bcefd1a5e9d116f2bb0f0f001")
        .unwrap();
    let m = Modulus::new(p.clone());
    let f = Field::<4>::new(&p);
    for _ in 0..100 {
        let (a, b) = (random_poly(&mut r, 256), random_poly(&mut r, 256));
        let prod = f.mul(&f.element(&a), &f.element(&b));
        assert_eq!(f.poly(&prod), m.mul(&a, &b));
        assert_eq!(f.mul_portable(&f.element(&a), &f.element(&b)), prod);
    }
}

#[test]
fn berlekamp_massey_recovers_random_lfsrs() {
    let mut r = rng();
    for degree in [1usize, 5, 31, 64, 65, 127, 200] {
        // A random recurrence with c_L = 1, from a random nonzero start.
        let mut taps: Vec<usize> = (1..degree).filter(|_| r.next_u32() & 1 == 1).collect();
        taps.push(degree);
        let mut s: Vec<bool> = (0..degree).map(|_| r.next_u32() & 1 == 1).collect();
        s[0] = true;
        for n in degree..3 * degree + 10 {
            let bit = taps.iter().fold(false, |acc, &t| acc ^ s[n - t]);
            s.push(bit);
        }
        let p = berlekamp_massey(&BitVec::from_bools(&s));
        // The found recurrence must regenerate the whole sequence.
        let l = p.degree().unwrap();
        assert!(l <= degree);
        for n in l..s.len() {
            let mut bit = false;
            for e in p.exponents() {
                if e < l {
                    bit ^= s[n - l + e];
                }
            }
            assert_eq!(bit, s[n], "degree {degree}, n = {n}");
        }
    }
}

fn random_matrix(r: &mut SplitMix64, rows: usize, cols: usize, density_shift: u32) -> BitMatrix {
    let mut m = BitMatrix::zeros(rows, cols);
    for i in 0..rows {
        for j in 0..cols {
            if r.next_u32() >> (32 - density_shift) == 0 {
                m.set(i, j, true);
            }
        }
    }
    m
}

#[test]
fn matrix_solve_inverse_nullspace() {
    let mut r = rng();
    for &(rows, cols) in &[(5, 5), (70, 70), (130, 100), (60, 140), (200, 200)] {
        let m = random_matrix(&mut r, rows, cols, 1);
        // A consistent right-hand side from a known x.
        let x: Vec<bool> = (0..cols).map(|_| r.next_u32() & 1 == 1).collect();
        let x = BitVec::from_bools(&x);
        let b = m.mul_vec(&x);
        let sol = m.solve(&b).expect("consistent");
        assert_eq!(m.mul_vec(&sol), b);
        // Null space: right dimension, every vector annihilated.
        let rank = m.rank();
        let null = m.nullspace();
        assert_eq!(null.len(), cols - rank);
        for v in &null {
            assert!(m.mul_vec(v).is_zero());
        }
        assert_eq!(m.transpose().rank(), rank);
        if rows == cols {
            match m.inverse() {
                Some(inv) => {
                    assert_eq!(rank, rows);
                    assert_eq!(m.mul(&inv), BitMatrix::identity(rows));
                }
                None => assert!(rank < rows),
            }
        }
    }
    // An inconsistent system: x0 = 0 and x0 = 1.
    let mut m = BitMatrix::zeros(2, 1);
    m.set(0, 0, true);
    m.set(1, 0, true);
    assert!(m.solve(&BitVec::from_bools(&[false, true])).is_none());
}

#[test]
fn incremental_system_recovers_a_hidden_vector() {
    let mut r = rng();
    let n = 300;
    let secret = BitVec::from_words(
        &[
            r.next_u64(),
            r.next_u64(),
            r.next_u64(),
            r.next_u64(),
            r.next_u64(),
        ],
        n,
    );
    let mut sys = LinearSystem::new(n);
    let mut equations = 0;
    while !sys.is_determined() {
        let row = BitVec::from_words(
            &[
                r.next_u64(),
                r.next_u64(),
                r.next_u64(),
                r.next_u64(),
                r.next_u64(),
            ],
            n,
        );
        let outcome = sys.add_equation(&row, row.dot(&secret));
        assert_ne!(outcome, Equation::Inconsistent);
        equations += 1;
        assert!(
            equations < n + 64,
            "random equations should reach full rank quickly"
        );
    }
    assert_eq!(sys.solution().unwrap(), secret);
    // A contradicting equation is reported.
    let mut row = BitVec::zeros(n);
    row.set(7, true);
    assert_eq!(
        sys.add_equation(&row, !secret.get(7)),
        Equation::Inconsistent
    );
    assert!(sys.solution().is_none());
}
