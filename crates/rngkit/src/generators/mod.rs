//! The generators, one algorithm a file.
//!
//! Every generator here:
//! * implements [`rand_core::TryRng`] with `Error = Infallible` (hence
//!   [`rand_core::Rng`]) and [`rand_core::SeedableRng`] with little-endian
//!   seeds, low word first;
//! * is `Clone + Debug + PartialEq`, deliberately not `Copy` (an accidental
//!   copy would repeat outputs);
//! * converts to and from its state words ([`StateWords`]) with validation;
//! * with the `serde` feature, serialises as its state words and validates
//!   them when deserialising.
//!
//! Word order of the `rand_core` methods:
//! * 32-bit generators: `next_u64` takes two outputs and returns
//!   `low | high << 32`, the first output in the low half (as
//!   `rand_core::utils::next_u64_via_u32`).
//! * 64-bit generators: `next_u32` takes one output and returns its upper 32
//!   bits (the low bits of xoroshiro128+ are the weakest ones).
//! * `fill_bytes` writes whole outputs little-endian, in order; a final partial
//!   word is truncated and the rest of it discarded.

use core::fmt::Debug;

use crate::StateWords;

pub(crate) mod mt19937;
mod pcg32;
mod splitmix64;
mod tinymt32;
mod xoroshiro128p;
mod xorshift128;
mod xorshift32;
mod xoshiro128ss;
mod xoshiro256ss;

pub use mt19937::{BLOB_LEN, Mt19937, PADDED_BLOB_LEN, temper, untemper};
pub use pcg32::Pcg32;
pub use splitmix64::SplitMix64;
pub use tinymt32::TinyMt32;
pub use xoroshiro128p::Xoroshiro128Plus;
pub use xorshift32::Xorshift32;
pub use xorshift128::Xorshift128;
pub use xoshiro128ss::Xoshiro128StarStar;
pub use xoshiro256ss::Xoshiro256StarStar;

/// A generator seen as what it is underneath: a state that moves one step at a
/// time and yields one output word per step.
///
/// "One step" is the unit of the CLI's `--advance`, of jumps and of distances.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::WordRng;
///
/// let mut rng = Mt19937::new(5489);
/// assert_eq!(Mt19937::OUTPUT_BITS, 32);
/// assert_eq!(rng.next_word(), 3499211612);
/// rng.discard(9998);
/// assert_eq!(rng.next_word(), 4123659995); // the 10000th output
/// ```
pub trait WordRng: StateWords + Clone + Debug {
    /// Bits in one output word: 32 or 64.
    const OUTPUT_BITS: u32;

    /// Makes one state transition and returns its output word, zero-extended.
    fn next_word(&mut self) -> u64;

    /// Moves `n` steps forward by stepping, in O(n).
    ///
    /// `rngkit-analysis` jumps in O(log n) and steps backwards.
    fn discard(&mut self, n: u64) {
        for _ in 0..n {
            self.next_word();
        }
    }
}

/// Implements `TryRng` (and so `Rng`), infallibly, from three expressions in
/// `$s` (the receiver, spelled `self` by the caller) and `$dst` (the byte
/// buffer): one place for the impl that every generator and wrapper writes.
/// `generic [R: Bound] Type<R>` names the generics of a generic type.
macro_rules! impl_try_rng {
    (generic [$($gen:tt)*] $ty:ty, |$s:ident, $dst:ident|
        u32: $u32:expr, u64: $u64:expr, bytes: $bytes:expr $(,)?) => {
        impl<$($gen)*> rand_core::TryRng for $ty {
            type Error = core::convert::Infallible;

            #[inline]
            fn try_next_u32(&mut $s) -> Result<u32, Self::Error> {
                Ok($u32)
            }

            #[inline]
            fn try_next_u64(&mut $s) -> Result<u64, Self::Error> {
                Ok($u64)
            }

            #[inline]
            fn try_fill_bytes(&mut $s, $dst: &mut [u8]) -> Result<(), Self::Error> {
                $bytes;
                Ok(())
            }
        }
    };
    ($ty:ty, |$s:ident, $dst:ident| u32: $u32:expr, u64: $u64:expr, bytes: $bytes:expr $(,)?) => {
        $crate::generators::impl_try_rng!(generic [] $ty, |$s, $dst|
            u32: $u32, u64: $u64, bytes: $bytes);
    };
}

/// Implements `WordRng` for a generator whose output word has `$bits` bits,
/// from an inherent `fn next_output(&mut self)` of that width.
macro_rules! impl_word_rng {
    ($ty:ty, $bits:literal) => {
        impl $crate::generators::WordRng for $ty {
            const OUTPUT_BITS: u32 = $bits;

            #[inline]
            fn next_word(&mut self) -> u64 {
                u64::from(self.next_output())
            }
        }
    };
}

/// Implements `BulkFill` with no SIMD kernel (the trait's scalar loops) for
/// a generator of `$word` outputs: the one line of every generator without a
/// kernel.
macro_rules! impl_scalar_bulk {
    ($ty:ty, $word:ty) => {
        /// No SIMD kernel: the trait's scalar loops.
        impl $crate::bulk::BulkFill for $ty {
            type Word = $word;
        }
    };
}

/// Implements `TryRng` (and so `Rng`) and `WordRng` from an inherent
/// `fn next_output(&mut self) -> u32`; `impl_rng_u32!(T, scalar)` adds the
/// scalar `BulkFill`.
macro_rules! impl_rng_u32 {
    ($ty:ty, scalar) => {
        $crate::generators::impl_rng_u32!($ty);
        $crate::generators::impl_scalar_bulk!($ty, u32);
    };
    ($ty:ty) => {
        $crate::generators::impl_try_rng!($ty, |self, dst|
            u32: self.next_output(),
            u64: rand_core::utils::next_u64_via_u32(self)?,
            bytes: $crate::bulk::fill_bytes(self, dst),
        );
        $crate::generators::impl_word_rng!($ty, 32);
    };
}

/// Implements `TryRng` (and so `Rng`) and `WordRng` from an inherent
/// `fn next_output(&mut self) -> u64`: `next_u32` is the word's top half;
/// `impl_rng_u64!(T, scalar)` adds the scalar `BulkFill`.
macro_rules! impl_rng_u64 {
    ($ty:ty, scalar) => {
        $crate::generators::impl_rng_u64!($ty);
        $crate::generators::impl_scalar_bulk!($ty, u64);
    };
    ($ty:ty) => {
        $crate::generators::impl_try_rng!($ty, |self, dst|
            u32: (self.next_output() >> 32) as u32,
            u64: self.next_output(),
            bytes: $crate::bulk::fill_bytes(self, dst),
        );
        $crate::generators::impl_word_rng!($ty, 64);
    };
}

/// The state of a generator whose words `s` may be anything but all zero
/// (a fixed point of the xorshift family): `from_state`, `state` and
/// `StateWords` under `$name`, `$words` reading the state words back (the
/// `crate::state` reader of the word type). `$doc` says how the words are
/// ordered. One definition for xorshift128, xoshiro128**, xoshiro256** and
/// xoroshiro128+.
macro_rules! impl_nonzero_state {
    ($ty:ident, $name:literal, [$word:ty; $n:literal], $words:path, $(#[$doc:meta])*) => {
        impl $ty {
            $(#[$doc])*
            ///
            /// # Errors
            /// [`StateError::AllZero`](crate::StateError::AllZero) for the all-zero state.
            pub const fn from_state(s: [$word; $n]) -> Result<Self, $crate::StateError> {
                let mut i = 0;
                while i < $n {
                    if s[i] != 0 {
                        return Ok($ty { s });
                    }
                    i += 1;
                }
                Err($crate::StateError::AllZero { generator: $name })
            }

            /// The state words, in [`from_state`](Self::from_state)'s order.
            pub const fn state(&self) -> [$word; $n] {
                self.s
            }
        }

        impl $crate::StateWords for $ty {
            const NAME: &'static str = $name;
            const WORD_BITS: u32 = <$word>::BITS;
            const WORD_COUNT: usize = $n;

            fn to_words(&self) -> alloc::vec::Vec<u64> {
                self.s.iter().map(|&w| u64::from(w)).collect()
            }

            fn from_words(words: &[u64]) -> Result<Self, $crate::StateError> {
                Self::from_state($words(Self::NAME, words)?)
            }
        }
    };
}

/// Implements serde for a generator through its fixed-size state array, so a
/// deserialised state is validated exactly like [`StateWords::from_words`].
macro_rules! impl_serde_via {
    ($ty:ty, $repr:ty) => {
        #[cfg(feature = "serde")]
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&self.state(), serializer)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let state = <$repr as serde::Deserialize>::deserialize(deserializer)?;
                <$ty>::from_state(state).map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use {
    impl_nonzero_state, impl_rng_u32, impl_rng_u64, impl_scalar_bulk, impl_serde_via, impl_try_rng,
    impl_word_rng,
};

/// The SplitMix64 output function on an already advanced state (shared by
/// the generator and by the seeding of the xoshiro family).
#[inline]
pub(crate) const fn splitmix64_mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
