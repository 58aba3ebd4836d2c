//! Polynomials over GF(2).

use core::fmt;

use super::clmul::{mul_acc, square_into};

/// A polynomial over GF(2): bit `i % 64` of word `i / 64` is the coefficient
/// of x^i. Always normalised (no zero high words), so `==` compares
/// polynomials.
///
/// ```
/// use rngkit_analysis::gf2::Poly;
/// let p = Poly::from_exponents(&[0, 1]); // x + 1
/// assert_eq!(p.mul(&p), Poly::from_exponents(&[0, 2]));
/// assert_eq!(Poly::from_hex("0x13").unwrap(), Poly::from_exponents(&[0, 1, 4]));
/// assert_eq!(format!("{:#x}", Poly::from_exponents(&[0, 4])), "0x11");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Poly {
    words: Vec<u64>,
}

impl Poly {
    /// The zero polynomial.
    pub fn zero() -> Self {
        Poly { words: Vec::new() }
    }

    /// The constant 1.
    pub fn one() -> Self {
        Poly { words: vec![1] }
    }

    /// x^k.
    pub fn monomial(k: usize) -> Self {
        let mut words = vec![0; k / 64 + 1];
        words[k / 64] = 1 << (k % 64);
        Poly { words }
    }

    /// The sum of x^e over the given exponents (a repeated exponent cancels).
    pub fn from_exponents(exponents: &[usize]) -> Self {
        let mut p = Poly::zero();
        for &e in exponents {
            p.flip_coeff(e);
        }
        p
    }

    /// A polynomial from coefficient words, x^0 first.
    pub fn from_words(words: Vec<u64>) -> Self {
        let mut p = Poly { words };
        p.normalise();
        p
    }

    /// Parses hexadecimal (optional `0x`, `_` separators allowed), bit `i` of
    /// the number = coefficient of x^i; `None` on any other character or an
    /// empty string.
    pub fn from_hex(text: &str) -> Option<Self> {
        let digits = text.strip_prefix("0x").unwrap_or(text);
        let nibbles: Vec<u64> = digits
            .chars()
            .filter(|&c| c != '_')
            .map(|c| c.to_digit(16).map(u64::from))
            .collect::<Option<_>>()?;
        if nibbles.is_empty() {
            return None;
        }
        let mut words = vec![0u64; nibbles.len().div_ceil(16)];
        for (i, &n) in nibbles.iter().rev().enumerate() {
            words[i / 16] |= n << (4 * (i % 16));
        }
        Some(Self::from_words(words))
    }

    fn normalise(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    /// Coefficient words, x^0 first, without trailing zero words.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Whether this is the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.words.is_empty()
    }

    /// Whether this is the constant 1.
    pub fn is_one(&self) -> bool {
        self.words == [1]
    }

    /// The degree; `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        self.words
            .last()
            .map(|&w| (self.words.len() - 1) * 64 + 63 - w.leading_zeros() as usize)
    }

    /// The coefficient of x^i.
    pub fn coeff(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|&w| (w >> (i % 64)) & 1 == 1)
    }

    /// Adds x^i.
    pub fn flip_coeff(&mut self, i: usize) {
        if self.words.len() <= i / 64 {
            self.words.resize(i / 64 + 1, 0);
        }
        self.words[i / 64] ^= 1 << (i % 64);
        self.normalise();
    }

    /// Number of nonzero coefficients.
    pub fn count_terms(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The exponents with a nonzero coefficient, ascending.
    pub fn exponents(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.count_terms());
        for (wi, &w) in self.words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                out.push(wi * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
        out
    }

    /// The sum (XOR).
    pub fn add(&self, other: &Poly) -> Poly {
        let (long, short) = if self.words.len() >= other.words.len() {
            (self, other)
        } else {
            (other, self)
        };
        let mut words = long.words.clone();
        for (a, b) in words.iter_mut().zip(&short.words) {
            *a ^= b;
        }
        Poly::from_words(words)
    }

    /// The product (carry-less multiplication, in hardware when available).
    pub fn mul(&self, other: &Poly) -> Poly {
        if self.is_zero() || other.is_zero() {
            return Poly::zero();
        }
        let mut words = vec![0u64; self.words.len() + other.words.len()];
        mul_acc(&self.words, &other.words, &mut words);
        Poly::from_words(words)
    }

    /// The square: coefficients spread to the even exponents.
    pub fn square(&self) -> Poly {
        let mut words = Vec::new();
        square_into(&self.words, &mut words);
        Poly::from_words(words)
    }

    /// The product with x^k.
    pub fn shl(&self, k: usize) -> Poly {
        if self.is_zero() {
            return Poly::zero();
        }
        let (wshift, bshift) = (k / 64, k % 64);
        let mut words = vec![0u64; self.words.len() + wshift + 1];
        for (i, &w) in self.words.iter().enumerate() {
            words[i + wshift] ^= w << bshift;
            if bshift != 0 {
                words[i + wshift + 1] ^= w >> (64 - bshift);
            }
        }
        Poly::from_words(words)
    }

    /// Quotient and remainder of the division by `divisor`.
    ///
    /// # Panics
    /// If `divisor` is zero.
    pub fn div_rem(&self, divisor: &Poly) -> (Poly, Poly) {
        let d = divisor.degree().expect("division by the zero polynomial");
        let mut rem = self.words.clone();
        let mut quot = vec![
            0u64;
            (self.degree().unwrap_or(0) + 1)
                .saturating_sub(d)
                .div_ceil(64)
                + 1
        ];
        let mut top = self.degree();
        while let Some(t) = top {
            if t < d {
                break;
            }
            if (rem[t / 64] >> (t % 64)) & 1 == 1 {
                let shift = t - d;
                quot[shift / 64] |= 1 << (shift % 64);
                xor_shifted(&mut rem, &divisor.words, shift);
            }
            top = t.checked_sub(1);
        }
        (Poly::from_words(quot), Poly::from_words(rem))
    }

    /// The remainder of the division by `divisor`.
    ///
    /// # Panics
    /// If `divisor` is zero.
    pub fn rem(&self, divisor: &Poly) -> Poly {
        self.div_rem(divisor).1
    }

    /// The greatest common divisor (monic, as every nonzero polynomial over
    /// GF(2) is); gcd(0, 0) = 0.
    pub fn gcd(&self, other: &Poly) -> Poly {
        let (mut a, mut b) = (self.clone(), other.clone());
        while !b.is_zero() {
            let r = a.rem(&b);
            a = b;
            b = r;
        }
        a
    }

    /// The reciprocal x^deg · p(1/x) (coefficients reversed); zero stays zero.
    pub fn reciprocal(&self) -> Poly {
        let Some(d) = self.degree() else {
            return Poly::zero();
        };
        let mut p = Poly::zero();
        for e in self.exponents() {
            p.flip_coeff(d - e);
        }
        p
    }

    /// The polynomial evaluated at x = 1 (the parity of the number of terms).
    pub fn eval_one(&self) -> bool {
        self.count_terms() % 2 == 1
    }
}

/// `dst ^= src · x^shift`, growing nothing: `dst` must be long enough for
/// the nonzero part of the result.
pub(crate) fn xor_shifted(dst: &mut [u64], src: &[u64], shift: usize) {
    let (ws, bs) = (shift / 64, shift % 64);
    for (i, &w) in src.iter().enumerate() {
        if w == 0 {
            continue;
        }
        dst[i + ws] ^= w << bs;
        if bs != 0 {
            let hi = w >> (64 - bs);
            if hi != 0 {
                dst[i + ws + 1] ^= hi;
            }
        }
    }
}

impl fmt::LowerHex for Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str("0x")?;
        }
        match self.words.split_last() {
            None => f.write_str("0"),
            Some((last, rest)) => {
                write!(f, "{last:x}")?;
                for w in rest.iter().rev() {
                    write!(f, "{w:016x}")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Debug for Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Poly({self:#x})")
    }
}
