//! Arithmetic modulo a fixed polynomial: GF(2)\[x\] / P.

use rngkit::cpu::CpuLevel;

use super::Poly;
use super::clmul::square_into;
use super::fold::{AVX2_OUT_WORDS, fold_block};
use super::poly::xor_shifted;

/// A fixed modulus P with fast reduction, for computing in GF(2)\[x\] / P:
/// products, squares and powers, in particular x^n mod P (the jump
/// polynomial of an F2-linear generator whose characteristic polynomial is
/// P).
///
/// Reduction uses x^d ≡ P - x^d, folding up to 64 high coefficients at a time
/// through the terms of P; it is fastest for sparse P with a large gap below
/// the leading term (MT19937's P has 135 terms). The folding loop uses AVX2
/// where the CPU has it (detected at run time), with results identical to
/// the portable loop; powers of x square in place without allocating.
///
/// ```
/// use rngkit_analysis::gf2::{Modulus, Poly};
/// // GF(8) = GF(2)\[x\] / (x^3 + x + 1): x^7 = 1
/// let m = Modulus::new(Poly::from_exponents(&[0, 1, 3]));
/// assert!(m.pow_x(7).is_one());
/// assert_eq!(m.pow_x(3), Poly::from_exponents(&[0, 1]));
/// ```
#[derive(Clone, Debug)]
pub struct Modulus {
    poly: Poly,
    degree: usize,
    /// The exponents of P below its degree.
    tail: Vec<usize>,
    /// Coefficients folded per pass: min(64, degree - max(tail)).
    chunk: usize,
    /// The tail in the order blocks are folded: neighbouring terms write
    /// overlapping words, so they are interleaved (every 16th term, then the
    /// next offset, …) to keep consecutive read-modify-writes independent.
    /// The stride is a measured balance for MT19937's 134 tail terms: too
    /// small and consecutive terms overlap (stride 9 or less: the AVX2
    /// routine's partially overlapping loads wait for earlier stores, up to
    /// 2.8× slower); too large and a pass revisits a term's neighbourhood
    /// after few others (32: 1.2× slower than 12 to 20).
    fold_order: Vec<usize>,
}

impl Modulus {
    /// Prepares reduction modulo `poly`.
    ///
    /// # Panics
    /// If `poly` has degree below 1.
    pub fn new(poly: Poly) -> Self {
        let degree = poly
            .degree()
            .filter(|&d| d >= 1)
            .expect("modulus of degree < 1");
        let mut tail = poly.exponents();
        tail.pop();
        let max_tail = tail.last().copied().unwrap_or(0);
        let chunk = (degree - max_tail).min(64);
        const STRIDE: usize = 16;
        let fold_order = (0..STRIDE)
            .flat_map(|start| tail.iter().copied().skip(start).step_by(STRIDE))
            .collect();
        Modulus {
            poly,
            degree,
            tail,
            chunk,
            fold_order,
        }
    }

    /// The modulus P.
    pub fn poly(&self) -> &Poly {
        &self.poly
    }

    /// The degree of P.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// `a mod P`.
    pub fn reduce(&self, a: &Poly) -> Poly {
        let mut words = a.words().to_vec();
        self.reduce_words(&mut words);
        Poly::from_words(words)
    }

    fn reduce_words(&self, words: &mut Vec<u64>) {
        self.reduce_words_with(CpuLevel::best(), words);
    }

    /// Reduces `words` in place (to at most ⌈degree / 64⌉ words, not
    /// normalised), folding blocks with the routine of `level`.
    pub(crate) fn reduce_words_with(&self, level: CpuLevel, words: &mut Vec<u64>) {
        if self.chunk >= 64 {
            self.reduce_words_by_blocks(level, words);
        } else {
            self.reduce_words_by_bits(words);
        }
        words.truncate(self.degree.div_ceil(64));
    }

    /// Folds whole words: a block of up to `gap / 64` words above the degree
    /// lands entirely below itself, so each block is folded once.
    fn reduce_words_by_blocks(&self, level: CpuLevel, words: &mut Vec<u64>) {
        let d = self.degree;
        let gap = d - self.tail.last().copied().unwrap_or(0);
        let block_words = (gap / 64).max(1);
        let dw = d / 64;
        // Room for shifted writes past a block (the AVX2 routine writes
        // ten words from every shifted position).
        words.resize(words.len() + AVX2_OUT_WORDS, 0);
        let mut top = words.len() - 1;
        let max_tail = self.tail.last().copied().unwrap_or(0);
        let k = d.div_ceil(64);
        let mut block = Vec::with_capacity(block_words);
        while top >= k {
            if words[top] == 0 {
                top -= 1;
                continue;
            }
            let lo = (top + 1).saturating_sub(block_words).max(k);
            block.clear();
            block.extend_from_slice(&words[lo..=top]);
            words[lo..=top].fill(0);
            // block · x^(64·lo) ≡ block · x^(64·lo - d) · tail
            let base = 64 * lo - d;
            fold_block(level, words, &block, base, &self.fold_order, max_tail);
            if lo == 0 {
                break;
            }
            top = lo - 1;
        }
        // The bits of word dw at and above d: fewer than 64, one fold.
        let width = 64 * (dw + 1) - d;
        if width < 64 && dw < words.len() {
            let chunk = take_bits(words, d, width);
            if chunk != 0 {
                let src = [chunk];
                for &e in &self.tail {
                    xor_shifted(words, &src, e);
                }
            }
        }
    }

    /// Folds up to `chunk` (< 64) coefficients at a time.
    fn reduce_words_by_bits(&self, words: &mut Vec<u64>) {
        let d = self.degree;
        // Room for the folded terms, which never exceed the current top.
        words.push(0);
        let mut top = top_bit(words);
        while let Some(t) = top {
            if t < d {
                break;
            }
            let lo = (t + 1).saturating_sub(self.chunk).max(d);
            let width = t + 1 - lo;
            let chunk = take_bits(words, lo, width);
            // chunk · x^lo = chunk · x^(lo - d) · x^d ≡ chunk · x^(lo - d) · tail
            let base = lo - d;
            let src = [chunk];
            for &e in &self.tail {
                xor_shifted(words, &src, base + e);
            }
            top = top_bit_below(words, lo);
        }
    }

    /// `a · b mod P`.
    pub fn mul(&self, a: &Poly, b: &Poly) -> Poly {
        self.reduce(&a.mul(b))
    }

    /// `a^2 mod P`.
    pub fn square(&self, a: &Poly) -> Poly {
        self.reduce(&a.square())
    }

    /// `a · x mod P`.
    pub fn mul_x(&self, a: &Poly) -> Poly {
        let mut p = a.shl(1);
        if p.coeff(self.degree) {
            p = p.add(&self.poly);
        }
        p
    }

    /// x^n mod P.
    pub fn pow_x(&self, n: u128) -> Poly {
        self.pow_x_words(&[n as u64, (n >> 64) as u64])
    }

    /// x^n mod P for an exponent of any size, given as words, low first.
    pub fn pow_x_words(&self, exponent: &[u64]) -> Poly {
        self.square_and_step(exponent, Self::mul_x_in_place)
    }

    /// x^(±e) mod P by left-to-right binary exponentiation: square, then
    /// `step` (multiply or divide by x) on each set bit, in place in two
    /// reused buffers. One loop for [`pow_x_words`](Modulus::pow_x_words) and
    /// [`pow_x_inverse_words`](Modulus::pow_x_inverse_words).
    fn square_and_step(&self, exponent: &[u64], step: impl Fn(&Self, &mut Vec<u64>)) -> Poly {
        let mut r = vec![1u64];
        let mut scratch = Vec::with_capacity(2 * self.degree.div_ceil(64) + 16);
        let mut started = false;
        for i in (0..exponent.len() * 64).rev() {
            if started {
                self.square_in_place(&mut r, &mut scratch);
            }
            if (exponent[i / 64] >> (i % 64)) & 1 == 1 {
                step(self, &mut r);
                started = true;
            }
        }
        self.reduce_words(&mut r);
        Poly::from_words(r)
    }

    /// `r = r^2 mod P` for reduced words `r`, with `scratch` as room.
    fn square_in_place(&self, r: &mut Vec<u64>, scratch: &mut Vec<u64>) {
        scratch.clear();
        square_into(r, scratch);
        self.reduce_words(scratch);
        std::mem::swap(r, scratch);
    }

    /// `r = r · x mod P` for reduced words `r`.
    fn mul_x_in_place(&self, r: &mut Vec<u64>) {
        let mut carry = 0u64;
        for w in r.iter_mut() {
            let out = *w >> 63;
            *w = (*w << 1) | carry;
            carry = out;
        }
        if carry != 0 {
            r.push(carry);
        }
        let d = self.degree;
        if r.get(d / 64).is_some_and(|&w| (w >> (d % 64)) & 1 == 1) {
            self.add_modulus(r);
        }
    }

    /// `r = r · x^(-1) mod P` for reduced words `r` (needs P(0) = 1).
    fn div_x_in_place(&self, r: &mut Vec<u64>) {
        if r.first().is_some_and(|&w| w & 1 == 1) {
            self.add_modulus(r);
        }
        for i in 0..r.len() {
            r[i] = (r[i] >> 1) | r.get(i + 1).map_or(0, |w| w << 63);
        }
    }

    /// `r += P`.
    fn add_modulus(&self, r: &mut Vec<u64>) {
        let p = self.poly.words();
        if r.len() < p.len() {
            r.resize(p.len(), 0);
        }
        for (a, b) in r.iter_mut().zip(p) {
            *a ^= b;
        }
    }

    /// `a^n mod P` (square and multiply; exponent words low first).
    pub fn pow_words(&self, a: &Poly, exponent: &[u64]) -> Poly {
        let mut r = Poly::one();
        let mut started = false;
        for i in (0..exponent.len() * 64).rev() {
            if started {
                r = self.square(&r);
            }
            if (exponent[i / 64] >> (i % 64)) & 1 == 1 {
                r = self.mul(&r, a);
                started = true;
            }
        }
        self.reduce(&r)
    }

    /// `a^n mod P`.
    pub fn pow(&self, a: &Poly, n: u128) -> Poly {
        self.pow_words(a, &[n as u64, (n >> 64) as u64])
    }

    /// x^(-1) mod P, which exists when P(0) = 1: (P + 1) / x.
    ///
    /// # Panics
    /// If P(0) = 0 (x is then not invertible).
    pub fn inverse_x(&self) -> Poly {
        assert!(self.poly.coeff(0), "x is not invertible modulo P");
        let mut q = self.poly.clone();
        q.flip_coeff(0);
        let words = q.words();
        let mut out = vec![0u64; words.len()];
        for i in 0..words.len() {
            out[i] = (words[i] >> 1) | words.get(i + 1).map_or(0, |w| w << 63);
        }
        Poly::from_words(out)
    }

    /// `a · x^(-1) mod P` for a reduced `a`: add P when the constant term is
    /// set (P(0) = 1), then divide by x.
    ///
    /// # Panics
    /// If P(0) = 0.
    pub fn div_x(&self, a: &Poly) -> Poly {
        assert!(self.poly.coeff(0), "x is not invertible modulo P");
        let a = if a.coeff(0) {
            a.add(&self.poly)
        } else {
            a.clone()
        };
        let words = a.words();
        let shifted = (0..words.len())
            .map(|i| (words[i] >> 1) | words.get(i + 1).map_or(0, |w| w << 63))
            .collect();
        Poly::from_words(shifted)
    }

    /// x^(-n) mod P, the polynomial that steps an F2-linear generator with
    /// characteristic polynomial P back by `n` steps.
    ///
    /// # Panics
    /// If P(0) = 0.
    pub fn pow_x_inverse(&self, n: u128) -> Poly {
        self.pow_x_inverse_words(&[n as u64, (n >> 64) as u64])
    }

    /// x^(-n) mod P for an exponent of any size, words low first: square and
    /// divide by x, as cheap as [`pow_x_words`](Modulus::pow_x_words).
    ///
    /// # Panics
    /// If P(0) = 0.
    pub fn pow_x_inverse_words(&self, exponent: &[u64]) -> Poly {
        assert!(self.poly.coeff(0), "x is not invertible modulo P");
        self.square_and_step(exponent, Self::div_x_in_place)
    }
}

fn top_bit(words: &[u64]) -> Option<usize> {
    top_bit_below(words, words.len() * 64)
}

/// The highest set bit below `limit`.
fn top_bit_below(words: &[u64], limit: usize) -> Option<usize> {
    let mut wi = limit.div_ceil(64).min(words.len());
    // Bits at or above `limit` in the partial word were cleared by the caller
    // (or lie above the top), so whole words can be scanned.
    while wi > 0 {
        wi -= 1;
        if words[wi] != 0 {
            return Some(wi * 64 + 63 - words[wi].leading_zeros() as usize);
        }
    }
    None
}

/// Reads and clears `width` (≤ 64) bits starting at bit `lo`.
fn take_bits(words: &mut [u64], lo: usize, width: usize) -> u64 {
    let (w, b) = (lo / 64, lo % 64);
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let mut v = words[w] >> b;
    if b != 0 && w + 1 < words.len() {
        v |= words[w + 1] << (64 - b);
    }
    v &= mask;
    words[w] &= !(mask << b);
    if b != 0 && w + 1 < words.len() {
        words[w + 1] &= !(mask >> (64 - b));
    }
    v
}

#[cfg(test)]
mod tests {
    use rngkit::generators::Mt19937;

    use super::*;
    use crate::linear::F2Linear;

    #[test]
    fn every_fold_path_reduces_like_long_division() {
        // MT19937's modulus: 9-word blocks through 134 tail terms.
        let m = Mt19937::modulus();
        let mut state = 0x0123_4567_89ab_cdefu64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for len in [1, 300, 312, 313, 500, 624] {
            let words: Vec<u64> = (0..len).map(|_| next()).collect();
            let expected = Poly::from_words(words.clone()).rem(m.poly());
            for &level in CpuLevel::available() {
                let mut w = words.clone();
                m.reduce_words_with(level, &mut w);
                assert_eq!(Poly::from_words(w), expected, "{level:?}, {len} words");
            }
        }
    }

    #[test]
    fn in_place_powers_match_repeated_multiplication() {
        let m = Mt19937::modulus();
        // x^(2^20 + 12345) by the in-place squaring loop and by products of
        // slowly built powers of x.
        let n = (1u64 << 20) + 12345;
        let x = Poly::monomial(1);
        let mut expected = Poly::one();
        let mut base = x.clone();
        let mut e = n;
        while e != 0 {
            if e & 1 == 1 {
                expected = m.mul(&expected, &base);
            }
            base = m.mul(&base, &base);
            e >>= 1;
        }
        assert_eq!(m.pow_x_words(&[n]), expected);
        let inverse = m.pow_x_inverse_words(&[n]);
        assert!(m.mul(&inverse, &expected).is_one());
    }
}
