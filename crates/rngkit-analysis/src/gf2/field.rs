//! Fast arithmetic in GF(2)\[x\] / P for P of degree exactly 64·W (W ≤ 4):
//! elements are `[u64; W]`, reduction is table driven.

use super::clmul::{mul_acc, mul_acc_portable, mulmod128_hw};
use super::{Modulus, Poly};

/// GF(2)\[x\] / P with P of degree exactly `64 * W` (1 ≤ W ≤ 4), with elements
/// as `W` words. Multiplication is carry-less (hardware when available);
/// reduction XORs one table entry per byte of the high half. When P is
/// irreducible (the characteristic polynomial of a full-period generator)
/// this is the field GF(2^(64W)), where discrete logarithms live.
///
/// ```
/// use rngkit_analysis::gf2::{Field, Poly};
/// // xorshift128's characteristic polynomial (reference facts)
/// let p = Poly::from_hex("0x1000000010046d8b3f985d65ffd3c8001").unwrap();
/// let f = Field::<2>::new(&p);
/// // x has order 2^128 - 1
/// assert_eq!(f.pow(&f.x(), u128::MAX), f.one());
/// ```
#[derive(Clone, Debug)]
pub struct Field<const W: usize> {
    /// `table[8 * k + j][v]` = v · x^(64W + 64k + 8j) mod P.
    table: Vec<[[u64; W]; 256]>,
    /// For W = 2: (low 128 bits of ⌊x^256 / P⌋, P - x^128) for Barrett
    /// reduction in hardware.
    barrett: [[u64; 2]; 2],
}

impl<const W: usize> Field<W> {
    /// Prepares arithmetic modulo `p`.
    ///
    /// # Panics
    /// If `p` does not have degree `64 * W` or `W` is not in 1..=4.
    pub fn new(p: &Poly) -> Self {
        assert!((1..=4).contains(&W), "W must be 1..=4");
        assert_eq!(p.degree(), Some(64 * W), "modulus degree must be 64·W");
        let modulus = Modulus::new(p.clone());
        let mut table = Vec::with_capacity(8 * W);
        let mut power = modulus.reduce(&Poly::monomial(64 * W));
        for _ in 0..8 * W {
            let mut entries = [[0u64; W]; 256];
            let mut bits = [[0u64; W]; 8];
            for bit in &mut bits {
                *bit = to_array(&power);
                power = modulus.mul_x(&power);
            }
            for v in 1..256usize {
                let low = v & v.wrapping_neg();
                let b = low.trailing_zeros() as usize;
                let prev = entries[v ^ low];
                for w in 0..W {
                    entries[v][w] = prev[w] ^ bits[b][w];
                }
            }
            table.push(entries);
        }
        let mut barrett = [[0u64; 2]; 2];
        if W == 2 {
            let mu = Poly::monomial(256).div_rem(p).0;
            let mut r = p.clone();
            r.flip_coeff(128);
            for (i, w) in mu.words().iter().take(2).enumerate() {
                barrett[0][i] = *w;
            }
            for (i, w) in r.words().iter().take(2).enumerate() {
                barrett[1][i] = *w;
            }
        }
        Field { table, barrett }
    }

    /// The element 1.
    pub fn one(&self) -> [u64; W] {
        let mut e = [0u64; W];
        e[0] = 1;
        e
    }

    /// The element x.
    pub fn x(&self) -> [u64; W] {
        let mut e = [0u64; W];
        e[0] = 2;
        e
    }

    /// The product of two elements.
    #[inline]
    pub fn mul(&self, a: &[u64; W], b: &[u64; W]) -> [u64; W] {
        if W == 2
            && let Some(r) =
                mulmod128_hw([a[0], a[1]], [b[0], b[1]], self.barrett[0], self.barrett[1])
        {
            let mut out = [0u64; W];
            out.copy_from_slice(&r);
            return out;
        }
        let mut wide = [0u64; 8];
        mul_acc(a, b, &mut wide[..2 * W]);
        self.reduce_wide(&wide)
    }

    /// [`mul`](Field::mul) without special instructions (identical results).
    pub fn mul_portable(&self, a: &[u64; W], b: &[u64; W]) -> [u64; W] {
        let mut wide = [0u64; 8];
        mul_acc_portable(a, b, &mut wide[..2 * W]);
        self.reduce_wide(&wide)
    }

    #[inline]
    fn reduce_wide(&self, wide: &[u64; 8]) -> [u64; W] {
        let mut out = [0u64; W];
        out.copy_from_slice(&wide[..W]);
        for k in 0..W {
            let hi = wide[W + k];
            for j in 0..8 {
                let entry = &self.table[8 * k + j][((hi >> (8 * j)) & 0xff) as usize];
                for w in 0..W {
                    out[w] ^= entry[w];
                }
            }
        }
        out
    }

    /// The square of an element.
    pub fn square(&self, a: &[u64; W]) -> [u64; W] {
        let mut wide = [0u64; 8];
        for (i, &w) in a.iter().enumerate() {
            wide[2 * i] = super::clmul::spread(w as u32);
            wide[2 * i + 1] = super::clmul::spread((w >> 32) as u32);
        }
        self.reduce_wide(&wide)
    }

    /// `a^n`.
    pub fn pow(&self, a: &[u64; W], n: u128) -> [u64; W] {
        let mut r = self.one();
        for i in (0..128 - n.leading_zeros()).rev() {
            r = self.square(&r);
            if (n >> i) & 1 == 1 {
                r = self.mul(&r, a);
            }
        }
        r
    }

    /// An element from a polynomial of degree below 64·W.
    ///
    /// # Panics
    /// If the polynomial is too long.
    pub fn element(&self, p: &Poly) -> [u64; W] {
        assert!(p.words().len() <= W, "polynomial not reduced");
        to_array(p)
    }

    /// The polynomial of an element.
    pub fn poly(&self, e: &[u64; W]) -> Poly {
        Poly::from_words(e.to_vec())
    }
}

fn to_array<const W: usize>(p: &Poly) -> [u64; W] {
    let mut e = [0u64; W];
    e[..p.words().len()].copy_from_slice(p.words());
    e
}
