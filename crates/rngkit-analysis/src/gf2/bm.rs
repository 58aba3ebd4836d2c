//! The Berlekamp–Massey algorithm over GF(2).

use super::{BitVec, Poly};

/// The shortest linear recurrence of a bit sequence, as its characteristic
/// polynomial P(x) = x^L + c_1 x^(L-1) + … + c_L, where
/// s_n = c_1 s_(n-1) + … + c_L s_(n-L) for every n ≥ L (Massey, 1969).
///
/// For a sequence produced by an F2-linear generator of state dimension k,
/// 2k bits determine the minimal polynomial of the sequence; for a generator
/// with a primitive characteristic polynomial and a nonzero state it is that
/// polynomial.
///
/// ```
/// use rngkit_analysis::gf2::{berlekamp_massey, BitVec, Poly};
/// // s_n = s_(n-1) + s_(n-3): the LFSR with P = x^3 + x^2 + 1.
/// let mut s = vec![true, false, false];
/// for n in 3..20 {
///     let bit = s[n - 1] ^ s[n - 3];
///     s.push(bit);
/// }
/// let p = berlekamp_massey(&BitVec::from_bools(&s));
/// assert_eq!(p, Poly::from_exponents(&[0, 2, 3]));
/// ```
pub fn berlekamp_massey(sequence: &BitVec) -> Poly {
    let n = sequence.len();
    // s reversed, so that the window s_(i-L) .. s_i is contiguous.
    let mut rev = BitVec::zeros(n);
    for i in sequence.ones() {
        rev.set(n - 1 - i, true);
    }
    let cap = n.div_ceil(64) + 2;
    // c: connection polynomial 1 + c_1 x + …; b: the previous one.
    let mut c = vec![0u64; cap];
    let mut b = vec![0u64; cap];
    c[0] = 1;
    b[0] = 1;
    let mut l = 0usize;
    let mut m = 1usize;
    for i in 0..n {
        // discrepancy = s_i + Σ c_j s_(i-j) = Σ_{j=0..=L} c_j rev[n-1-i+j]
        let base = n - 1 - i;
        let words = (l + 1).div_ceil(64);
        let mut acc = 0u64;
        for (k, &ck) in c.iter().enumerate().take(words) {
            acc ^= ck & read_word(rev.words(), base + 64 * k);
        }
        // Bits of c above L are zero, so reading past the window is harmless.
        if acc.count_ones() & 1 == 0 {
            m += 1;
            continue;
        }
        if 2 * l <= i {
            let old = c.clone();
            xor_shift_into(&mut c, &b, m);
            l = i + 1 - l;
            b = old;
            m = 1;
        } else {
            xor_shift_into(&mut c, &b, m);
            m += 1;
        }
    }
    // P(x) = x^L C(1/x).
    let mut p = Poly::zero();
    for j in 0..=l {
        if (c[j / 64] >> (j % 64)) & 1 == 1 {
            p.flip_coeff(l - j);
        }
    }
    p
}

/// 64 bits of `words` starting at bit `pos` (zero past the end).
fn read_word(words: &[u64], pos: usize) -> u64 {
    let (w, b) = (pos / 64, pos % 64);
    let lo = words.get(w).copied().unwrap_or(0) >> b;
    if b == 0 {
        lo
    } else {
        lo | words.get(w + 1).copied().unwrap_or(0) << (64 - b)
    }
}

/// `dst ^= src · x^shift`, dropping what falls beyond `dst`.
fn xor_shift_into(dst: &mut [u64], src: &[u64], shift: usize) {
    let (ws, bs) = (shift / 64, shift % 64);
    for i in (0..src.len()).rev() {
        let w = src[i];
        if w == 0 {
            continue;
        }
        if i + ws < dst.len() {
            dst[i + ws] ^= w << bs;
        }
        if bs != 0 && i + ws + 1 < dst.len() {
            dst[i + ws + 1] ^= w >> (64 - bs);
        }
    }
}
