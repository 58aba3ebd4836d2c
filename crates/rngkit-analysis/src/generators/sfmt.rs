//! The analysis of SFMT-19937 (`sfmt`): O(log n) jumps forwards and
//! backwards, and a bounded distance search.
//!
//! SFMT is F2-linear in its 128-bit words: the sequence `w[i + 156] =
//! g(w[i], w[i + 122], w[i + 154], w[i + 155])` is a linear recurrence, so
//! the window `W_j = (w[j], ..., w[j + 155])` moves by a linear map `T` of
//! 19968 bits. Its minimal polynomial `P` (degree 19968 = 156 · 128, from
//! Berlekamp–Massey on one bit of the sequence; a polynomial of that degree
//! is the characteristic polynomial, so `P(T) = 0` on every state) gives
//! `T^k W_0 = Σ c_i W_i` with `c = x^k mod P`, the same polynomial method as
//! MT19937's jumps. A jump of `n` 64-bit outputs is a jump of whole blocks
//! (`156` words of 128 bits, 312 outputs each) plus a position in the block.

use std::sync::OnceLock;

use rngkit::engines::pokemon::sfmt::{N128, POS1, Sfmt19937, recursion};

use crate::gf2::{BitVec, Modulus, Poly, berlekamp_massey};
use crate::{Distance, DistanceError, Jump};

/// 64-bit outputs per block.
const PER_BLOCK: u128 = 312;
/// The degree of the window map.
const DEGREE: usize = N128 * 128;

/// Extends a 128-bit word sequence by the recurrence to `len` words.
fn extend(seq: &mut Vec<u128>, len: usize) {
    seq.reserve(len.saturating_sub(seq.len()));
    while seq.len() < len {
        let j = seq.len() - N128;
        let next = recursion(seq[j], seq[j + POS1], seq[j + N128 - 2], seq[j + N128 - 1]);
        seq.push(next);
    }
}

/// The minimal polynomial of the window map, and its modulus (cached).
fn modulus() -> &'static Modulus {
    static M: OnceLock<Modulus> = OnceLock::new();
    M.get_or_init(|| {
        let start = Sfmt19937::new(5489);
        let mut seq: Vec<u128> = start.block().to_vec();
        let len = 2 * DEGREE + 64;
        extend(&mut seq, len + N128);
        let mut bits = BitVec::zeros(len);
        for (i, w) in seq.iter().take(len).enumerate() {
            if w & 1 == 1 {
                bits.set(i, true);
            }
        }
        let poly = berlekamp_massey(&bits);
        assert_eq!(
            poly.degree(),
            Some(DEGREE),
            "SFMT-19937's window map has a cyclic vector of full degree"
        );
        Modulus::new(poly)
    })
}

/// `g(T) W_0` for the block `block`: `Σ g_i W_i`.
fn apply(block: &[u128; N128], g: &Poly) -> [u128; N128] {
    let Some(degree) = g.degree() else {
        return [0; N128];
    };
    let mut seq = block.to_vec();
    extend(&mut seq, degree + N128 + 1);
    let mut out = [0u128; N128];
    for i in 0..=degree {
        if g.coeff(i) {
            for (o, s) in out.iter_mut().zip(&seq[i..i + N128]) {
                *o ^= s;
            }
        }
    }
    out
}

/// The block `k` blocks (of 156 words) ahead (`back`: behind).
fn block_jump(block: &[u128; N128], k: u128, back: bool) -> [u128; N128] {
    if k == 0 {
        return *block;
    }
    let steps = k * N128 as u128;
    let exponent = [steps as u64, (steps >> 64) as u64];
    let m = modulus();
    let g = if back {
        m.pow_x_inverse_words(&exponent)
    } else {
        m.pow_x_words(&exponent)
    };
    apply(block, &g)
}

impl Jump for Sfmt19937 {
    /// Leaves the representation `n` calls of `next_u64` would leave (a
    /// regeneration is done lazily, so a block boundary keeps `idx == 624`).
    ///
    /// ```
    /// use rngkit::engines::pokemon::sfmt::Sfmt19937;
    /// use rngkit::WordRng;
    /// use rngkit_analysis::Jump;
    /// let start = Sfmt19937::new(4321);
    /// let mut a = start.clone();
    /// a.jump(1000);
    /// let mut b = start.clone();
    /// b.discard(1000);
    /// assert_eq!(a, b);
    /// a.jump_back(1000);
    /// assert_eq!(a, start);
    /// ```
    fn jump(&mut self, n: u128) {
        let p = (self.index() / 2) as u128; // outputs read from this block
        let Some(q) = p.checked_add(n) else {
            // Beyond 2^128 - 312: split.
            self.jump(n / 2);
            self.jump(n - n / 2);
            return;
        };
        let (mut blocks, mut pos) = (q / PER_BLOCK, q % PER_BLOCK);
        if pos == 0 && blocks > 0 {
            blocks -= 1;
            pos = PER_BLOCK;
        }
        let block = block_jump(self.block(), blocks, false);
        *self = Sfmt19937::from_block(block, (2 * pos) as usize).expect("even index <= 624");
    }

    fn jump_back(&mut self, n: u128) {
        let p = (self.index() / 2) as u128;
        if n <= p {
            *self = Sfmt19937::from_block(*self.block(), (2 * (p - n)) as usize)
                .expect("even index <= 624");
            return;
        }
        let behind = n - p; // outputs before the start of this block
        let blocks = behind.div_ceil(PER_BLOCK);
        let pos = blocks * PER_BLOCK - behind;
        let block = block_jump(self.block(), blocks, true);
        *self = Sfmt19937::from_block(block, (2 * pos) as usize).expect("even index <= 624");
    }
}

impl Distance for Sfmt19937 {
    const HAS_FAST_METHOD: bool = false;

    fn distance_to(&self, _to: &Self) -> Result<u128, DistanceError> {
        Err(DistanceError::NeedsBound { generator: "sfmt" })
    }

    /// Steps `self` up to `max` outputs, comparing the next output first and
    /// the whole state only when it matches.
    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        let target = to.canonical();
        let first = target.clone().next_u64();
        let mut cur = self.canonical();
        let mut n = 0u128;
        loop {
            if cur.clone().next_u64() == first && cur == target {
                return Ok(n);
            }
            if n == max {
                return Err(DistanceError::NotWithin { max });
            }
            cur.next_u64();
            n += 1;
        }
    }
}
