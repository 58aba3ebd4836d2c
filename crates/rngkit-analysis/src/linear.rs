//! The F2-linear generators as linear maps: state ↔ bit vector, one step,
//! and the characteristic polynomial of the step, derived with
//! Berlekamp–Massey from a bit sequence the generator produces.
//!
//! Xorshift128, xoroshiro128+, xoshiro256**, xorshift32, TinyMT32 and
//! MT19937 all move their state by a matrix T over GF(2). Jumping n steps is
//! applying T^n = g(T) with g = x^n mod P, P the characteristic polynomial
//! of T (Haramoto et al., 2008); stepping back is g = x^(-n) mod P.

use rngkit::StateError;
use rngkit::WordRng;

use crate::gf2::{BitVec, Modulus, Poly, berlekamp_massey};

/// A generator whose state moves by a fixed linear map over GF(2), one
/// application per output word.
///
/// ```
/// use rngkit::generators::Xorshift128;
/// use rngkit_analysis::linear::F2Linear;
/// let p = Xorshift128::characteristic_polynomial();
/// assert_eq!(p.degree(), Some(128));
/// // the published polynomial (reference facts)
/// assert_eq!(format!("{p:#x}"), "0x1000000010046d8b3f985d65ffd3c8001");
/// ```
pub trait F2Linear: WordRng {
    /// Bits of [`to_bits`](F2Linear::to_bits).
    const STATE_BITS: usize;
    /// Degree of the characteristic polynomial: the bits of state that
    /// influence the future (log2 of the period + 1 for these generators).
    const DEGREE: usize;

    /// The state as a bit vector of `STATE_BITS` coordinates.
    fn to_bits(&self) -> BitVec;

    /// A generator from a bit vector of `STATE_BITS` coordinates.
    ///
    /// # Errors
    /// If the bits form an invalid state (all zero) or the length is wrong.
    fn from_bits(bits: &BitVec) -> Result<Self, StateError>;

    /// Makes one step and returns one bit that is a linear function of the
    /// state (an output bit where the output is linear, otherwise a state
    /// bit); the input of [`derive_characteristic_polynomial`].
    fn step_linear_bit(&mut self) -> bool;

    /// The characteristic polynomial of the step, derived once (cached) with
    /// [`derive_characteristic_polynomial`] (MT19937's comes from a
    /// precomputed table that the tests check against that derivation).
    fn characteristic_polynomial() -> &'static Poly;

    /// [`characteristic_polynomial`](F2Linear::characteristic_polynomial)
    /// prepared for reduction.
    fn modulus() -> &'static Modulus;
}

/// Runs `start` for 2·DEGREE + 64 steps and returns the Berlekamp–Massey
/// polynomial of its linear bit sequence. With a primitive characteristic
/// polynomial and a state on the main orbit, that is the characteristic
/// polynomial itself.
pub fn derive_characteristic_polynomial<G: F2Linear>(start: &G) -> Poly {
    let mut g = start.clone();
    let len = 2 * G::DEGREE + 64;
    let mut bits = BitVec::zeros(len);
    for i in 0..len {
        if g.step_linear_bit() {
            bits.set(i, true);
        }
    }
    berlekamp_massey(&bits)
}

/// Applies `g(T)` to the state by stepping: Σ g_i T^i s. The running state
/// never becomes zero, so the generator's own stepping is used.
pub(crate) fn apply_polynomial<G, const K: usize, T>(
    start: &G,
    g: &Poly,
    get: impl Fn(&G) -> [T; K],
    make: impl Fn([T; K]) -> G,
) -> G
where
    G: WordRng,
    T: Copy + Default + core::ops::BitXorAssign,
{
    let mut acc = [T::default(); K];
    let mut cur = start.clone();
    let Some(degree) = g.degree() else {
        return start.clone();
    };
    for i in 0..=degree {
        if g.coeff(i) {
            let s = get(&cur);
            for k in 0..K {
                acc[k] ^= s[k];
            }
        }
        if i < degree {
            cur.next_word();
        }
    }
    make(acc)
}

/// Words of a bit vector as `u32`s.
pub(crate) fn bits_to_u32<const K: usize>(
    bits: &BitVec,
    what: &'static str,
) -> Result<[u32; K], StateError> {
    if bits.len() != 32 * K {
        return Err(StateError::WordCount {
            generator: what,
            expected: 32 * K,
            found: bits.len(),
        });
    }
    let mut out = [0u32; K];
    for (k, slot) in out.iter_mut().enumerate() {
        *slot = (bits.words()[k / 2] >> (32 * (k % 2))) as u32;
    }
    Ok(out)
}

pub(crate) fn u32_to_bits(words: &[u32]) -> BitVec {
    let packed: Vec<u64> = words
        .chunks(2)
        .map(|c| u64::from(c[0]) | c.get(1).map_or(0, |&h| u64::from(h) << 32))
        .collect();
    BitVec::from_words(&packed, 32 * words.len())
}

pub(crate) fn bits_to_u64<const K: usize>(
    bits: &BitVec,
    what: &'static str,
) -> Result<[u64; K], StateError> {
    if bits.len() != 64 * K {
        return Err(StateError::WordCount {
            generator: what,
            expected: 64 * K,
            found: bits.len(),
        });
    }
    let mut out = [0u64; K];
    out.copy_from_slice(bits.words());
    Ok(out)
}

macro_rules! cached_poly {
    ($ty:ty, $start:expr) => {
        fn characteristic_polynomial() -> &'static Poly {
            static POLY: OnceLock<Poly> = OnceLock::new();
            POLY.get_or_init(|| derive_characteristic_polynomial::<$ty>(&$start))
        }

        fn modulus() -> &'static Modulus {
            static MODULUS: OnceLock<Modulus> = OnceLock::new();
            MODULUS.get_or_init(|| Modulus::new(Self::characteristic_polynomial().clone()))
        }
    };
}

pub(crate) use cached_poly;
