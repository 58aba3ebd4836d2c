//! Linear congruential generators modulo 2^32 and 2^64 whose output word is
//! the new state: `s' = s * MUL + ADD`, output `s'`.
//!
//! The games' LCGs are all of this form and differ only in their constants,
//! so one generic type per width carries them, with the constants in a
//! parameter type: Unreal's `FRandomStream` ([`super::unreal`]), the
//! Pokémon LCRNGs of generations 3 and 4 and the 64-bit BWRNG of generation
//! 5 ([`super::pokemon`]). Every such LCG steps back in closed form (`MUL`
//! is odd, so it has an inverse modulo 2^k), which is what the games'
//! "reverse generators" are.
//!
//! ```
//! use rngkit::engines::pokemon::lcrng::PokeRng;
//!
//! let mut rng = PokeRng::new(0);
//! assert_eq!(rng.next_output(), 0x6073); // 0 * 0x41C64E6D + 0x6073
//! assert_eq!(rng.prev_output(), 0); // the reverse generator
//! ```

use alloc::vec::Vec;
use core::fmt::Debug;
use core::marker::PhantomData;

use crate::{StateError, StateWords};

/// Writes Brown's jump for one word width: the affine map `s -> mult * s +
/// plus` applied `n` times, by squaring. One body for every LCG, at the two
/// widths the generators need (64 bits: every LCG modulo 2^k for k <= 64;
/// 128 bits: PCG64's).
macro_rules! affine_power_fn {
    ($(#[$doc:meta])* $name:ident, $word:ty) => {
        $(#[$doc])*
        pub const fn $name(mut mult: $word, mut plus: $word, mut n: $word) -> ($word, $word) {
            let (mut acc_mult, mut acc_plus): ($word, $word) = (1, 0);
            while n > 0 {
                if n & 1 == 1 {
                    acc_mult = acc_mult.wrapping_mul(mult);
                    acc_plus = acc_plus.wrapping_mul(mult).wrapping_add(plus);
                }
                plus = mult.wrapping_add(1).wrapping_mul(plus);
                mult = mult.wrapping_mul(mult);
                n >>= 1;
            }
            (acc_mult, acc_plus)
        }
    };
}

affine_power_fn!(
    /// The affine map `s -> mult * s + plus` applied `n` times, modulo 2^64:
    /// `(mult^n, plus * (1 + mult + ... + mult^(n-1)))`, by squaring in
    /// O(log n) (F. Brown, "Random number generation with arbitrary strides",
    /// 1994). Every LCG modulo 2^k for k <= 64 jumps with it: truncate both
    /// words to k bits (the map modulo 2^k is the map modulo 2^64, reduced).
    ///
    /// ```
    /// use rngkit::engines::lcg::affine_power;
    ///
    /// // drand48 (a = 0x5DEECE66D, c = 0xB, modulo 2^48), 3 steps by hand:
    /// let mask = (1u64 << 48) - 1;
    /// let mut x = 12345u64;
    /// for _ in 0..3 { x = x.wrapping_mul(0x5DEECE66D).wrapping_add(0xB) & mask; }
    /// let (m, p) = affine_power(0x5DEECE66D, 0xB, 3);
    /// assert_eq!(12345u64.wrapping_mul(m).wrapping_add(p) & mask, x);
    /// assert_eq!(affine_power(7, 3, 0), (1, 0));
    /// ```
    affine_power,
    u64
);

affine_power_fn!(
    /// [`affine_power`] modulo 2^128, for 128-bit LCGs (PCG64's state).
    ///
    /// ```
    /// use rngkit::engines::lcg::affine_power_u128;
    ///
    /// let (a, c) = (0x2360ed051fc65da44385df649fccf645u128, 0x5851f42d4c957f2d14057b7ef767814fu128);
    /// let mut x = 99u128;
    /// for _ in 0..5 { x = x.wrapping_mul(a).wrapping_add(c); }
    /// let (m, p) = affine_power_u128(a, c, 5);
    /// assert_eq!(99u128.wrapping_mul(m).wrapping_add(p), x);
    /// ```
    affine_power_u128,
    u128
);

/// The number of steps `n < 2^bits` of the full-period LCG `s -> mult * s +
/// plus (mod 2^bits)` from `from` to `to`, exact in O(bits): advancing by
/// 2^k leaves the low k bits of the state alone and flips bit k (a
/// full-period LCG's low k bits have period 2^k), so `n` is fixed one bit at
/// a time, low bits first. Full period (Hull-Dobell): `mult % 4 == 1` and
/// `plus` odd; `bits` in 1..=64.
///
/// ```
/// use rngkit::engines::lcg::{affine_distance, affine_power};
///
/// let (a, c) = (0x5DEECE66D, 0xB); // drand48, modulo 2^48
/// let (m, p) = affine_power(a, c, 123_456_789_012);
/// let to = 7u64.wrapping_mul(m).wrapping_add(p) & ((1 << 48) - 1);
/// assert_eq!(affine_distance(a, c, 7, to, 48), 123_456_789_012);
/// ```
pub const fn affine_distance(mut mult: u64, mut plus: u64, from: u64, to: u64, bits: u32) -> u64 {
    let mask = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let (mut cur, target) = (from & mask, to & mask);
    let mut n = 0u64;
    let mut bit = 0;
    while bit < bits && cur != target {
        if (cur ^ target) >> bit & 1 == 1 {
            cur = cur.wrapping_mul(mult).wrapping_add(plus) & mask;
            n |= 1 << bit;
        }
        plus = mult.wrapping_add(1).wrapping_mul(plus);
        mult = mult.wrapping_mul(mult);
        bit += 1;
    }
    n
}

/// [`affine_distance`] modulo 2^128, for 128-bit full-period LCGs (PCG64's
/// and PCG64DXSM's states): the same bit-at-a-time walk on all 128 bits.
///
/// ```
/// use rngkit::engines::lcg::{affine_distance_u128, affine_power_u128};
///
/// let (a, c) = (0x2360ed051fc65da44385df649fccf645u128, 0x5851f42d4c957f2d14057b7ef767814fu128);
/// let n = 0x1234_5678_9abc_def0_1122_3344_5566_7788u128;
/// let (m, p) = affine_power_u128(a, c, n);
/// assert_eq!(affine_distance_u128(a, c, 99, 99u128.wrapping_mul(m).wrapping_add(p)), n);
/// ```
pub const fn affine_distance_u128(mut mult: u128, mut plus: u128, from: u128, to: u128) -> u128 {
    let mut cur = from;
    let mut n = 0u128;
    let mut bit = 0;
    while bit < 128 && cur != to {
        if (cur ^ to) >> bit & 1 == 1 {
            cur = cur.wrapping_mul(mult).wrapping_add(plus);
            n |= 1 << bit;
        }
        plus = mult.wrapping_add(1).wrapping_mul(plus);
        mult = mult.wrapping_mul(mult);
        bit += 1;
    }
    n
}

/// The inverse of an odd number modulo 2^32 (Newton's iteration).
pub const fn inverse_u32(a: u32) -> u32 {
    let mut x = a; // correct to 3 bits
    let mut i = 0;
    while i < 4 {
        x = x.wrapping_mul(2u32.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// The inverse of an odd number modulo 2^64 (Newton's iteration).
pub const fn inverse_u64(a: u64) -> u64 {
    let mut x = a;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// The constants of a 32-bit LCG.
pub trait Lcg32Params:
    Clone + Copy + Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The generator's name (the GEN name), for errors.
    const NAME: &'static str;
    /// The multiplier (odd).
    const MUL: u32;
    /// The increment.
    const ADD: u32;
}

/// The constants of a 64-bit LCG.
pub trait Lcg64Params:
    Clone + Copy + Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The generator's name (the GEN name), for errors.
    const NAME: &'static str;
    /// The multiplier (odd).
    const MUL: u64;
    /// The increment.
    const ADD: u64;
}

/// A 32-bit LCG, `s' = s * MUL + ADD (mod 2^32)`, whose output is `s'`.
///
/// Every 32-bit word is a valid state; with an odd `ADD` and `MUL ≡ 1 (mod
/// 4)` the period is the full 2^32.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lcg32<P> {
    state: u32,
    params: PhantomData<P>,
}

impl<P: Lcg32Params> Lcg32<P> {
    /// The multiplier's inverse: one step back is `(s - ADD) * MUL_INV`.
    pub const MUL_INV: u32 = inverse_u32(P::MUL);
    /// The reverse generator's increment: `s_prev = s * MUL_INV + ADD_INV`.
    pub const ADD_INV: u32 = Self::MUL_INV.wrapping_mul(P::ADD).wrapping_neg();

    /// The generator with state (seed) `state`.
    pub const fn new(state: u32) -> Self {
        Lcg32 {
            state,
            params: PhantomData,
        }
    }

    /// The current state (the game's "seed").
    pub const fn state(&self) -> u32 {
        self.state
    }

    /// One step: the new state.
    #[inline]
    pub fn next_output(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(P::MUL).wrapping_add(P::ADD);
        self.state
    }

    /// One step of the reverse generator: the previous state.
    #[inline]
    pub fn prev_output(&mut self) -> u32 {
        self.state = self
            .state
            .wrapping_mul(Self::MUL_INV)
            .wrapping_add(Self::ADD_INV);
        self.state
    }

    /// `next() >> 16`: the 16-bit value the games use.
    #[inline]
    pub fn next_u16(&mut self) -> u16 {
        (self.next_output() >> 16) as u16
    }

    /// The affine map of `n` steps: `(MUL^n, ADD * (1 + MUL + ... + MUL^(n-1)))`
    /// ([`affine_power`]).
    pub fn power(n: u64) -> (u32, u32) {
        let (m, p) = affine_power(P::MUL as u64, P::ADD as u64, n);
        (m as u32, p as u32)
    }

    /// Moves `n` steps forwards (modulo the period 2^32) in O(log n).
    pub fn jump(&mut self, n: u64) {
        let (m, p) = Self::power(n);
        self.state = self.state.wrapping_mul(m).wrapping_add(p);
    }
}

impl<P: Lcg32Params> StateWords for Lcg32<P> {
    const NAME: &'static str = P::NAME;
    const WORD_BITS: u32 = 32;
    const WORD_COUNT: usize = 1;

    fn to_words(&self) -> Vec<u64> {
        alloc::vec![u64::from(self.state)]
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let [w] = crate::state::words_u32::<1>(P::NAME, words)?;
        Ok(Lcg32::new(w))
    }
}

/// A 64-bit LCG, `s' = s * MUL + ADD (mod 2^64)`, whose output is `s'`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lcg64<P> {
    state: u64,
    params: PhantomData<P>,
}

impl<P: Lcg64Params> Lcg64<P> {
    /// The multiplier's inverse.
    pub const MUL_INV: u64 = inverse_u64(P::MUL);
    /// The reverse generator's increment.
    pub const ADD_INV: u64 = Self::MUL_INV.wrapping_mul(P::ADD).wrapping_neg();

    /// The generator with state (seed) `state`.
    pub const fn new(state: u64) -> Self {
        Lcg64 {
            state,
            params: PhantomData,
        }
    }

    /// The current state.
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// One step: the new state.
    #[inline]
    pub fn next_output(&mut self) -> u64 {
        self.state = self.state.wrapping_mul(P::MUL).wrapping_add(P::ADD);
        self.state
    }

    /// One step of the reverse generator: the previous state.
    #[inline]
    pub fn prev_output(&mut self) -> u64 {
        self.state = self
            .state
            .wrapping_mul(Self::MUL_INV)
            .wrapping_add(Self::ADD_INV);
        self.state
    }

    /// The affine map of `n` steps ([`affine_power`]).
    pub fn power(n: u64) -> (u64, u64) {
        affine_power(P::MUL, P::ADD, n)
    }

    /// Moves `n` steps forwards (modulo the period 2^64) in O(log n).
    pub fn jump(&mut self, n: u64) {
        let (m, p) = Self::power(n);
        self.state = self.state.wrapping_mul(m).wrapping_add(p);
    }
}

impl<P: Lcg64Params> StateWords for Lcg64<P> {
    const NAME: &'static str = P::NAME;
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = 1;

    fn to_words(&self) -> Vec<u64> {
        alloc::vec![self.state]
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let [w] = crate::state::words_u64::<1>(P::NAME, words)?;
        Ok(Lcg64::new(w))
    }
}

/// Implements the raw-generator traits (`TryRng`, `WordRng`, bulk fill) for
/// a concrete `Lcg32<P>` or `Lcg64<P>` alias.
macro_rules! lcg_rng {
    (32, $ty:ty) => {
        $crate::generators::impl_rng_u32!($ty, scalar);
    };
    (64, $ty:ty) => {
        $crate::generators::impl_rng_u64!($ty, scalar);
    };
}

pub(crate) use lcg_rng;

/// Declares a unit struct `$name` of LCG constants (an
/// [`Lcg32Params`] or, with `64`, an [`Lcg64Params`]): the state-word
/// name `$gen`, the multiplier and the increment. One line for every LCG
/// engine's constants.
macro_rules! lcg_params {
    (32, $(#[$doc:meta])* $name:ident, $gen:literal, $mul:literal, $add:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl $crate::engines::lcg::Lcg32Params for $name {
            const NAME: &'static str = $gen;
            const MUL: u32 = $mul;
            const ADD: u32 = $add;
        }
    };
    (64, $(#[$doc:meta])* $name:ident, $gen:literal, $mul:literal, $add:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl $crate::engines::lcg::Lcg64Params for $name {
            const NAME: &'static str = $gen;
            const MUL: u64 = $mul;
            const ADD: u64 = $add;
        }
    };
}

pub(crate) use lcg_params;
