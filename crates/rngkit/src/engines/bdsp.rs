//! The Xorshift128 conventions of Pokémon Brilliant Diamond / Shining Pearl
//! (a Unity game), as the BDSP research notes describe them: `set_seed`,
//! `next_uint`, `next_rand` with an inclusive span, `next_alt_rand`,
//! `next_float`.
//!
//! These are the game's callers, not Unity's `Random.Range`: `next_rand`'s
//! span is `max - min + 1` (inclusive), Unity's `Range(int, int)` is
//! half-open. Both exist; see [`super::unity`] for Unity's.

use core::borrow::BorrowMut;

use crate::StateError;
use crate::generators::Xorshift128;

use super::unity::{range_from_t, value_from_word};

/// `next_rand`'s default lower bound, `-0x80000000` as a `u32`.
pub const DEFAULT_MIN: u32 = 0x8000_0000;
/// `next_rand`'s default upper bound, `0x7FFFFFFE`.
pub const DEFAULT_MAX: u32 = 0x7fff_fffe;

/// The BDSP notes' draw conventions over Unity's Xorshift128.
///
/// All integer arithmetic is `uint32_t`: the span `max - min + 1` and the
/// final `+ min` wrap. A span that wraps to 0 (`min == max + 1`, e.g. the
/// full range `0..=u32::MAX`) is taken as 2^32: the word is used unreduced
/// (`r mod 2^32 = r`; the ARM64 `udiv`/`msub` sequence of the Switch gives
/// the same).
///
/// ```
/// use rngkit::engines::bdsp::Bdsp;
///
/// let mut rng = Bdsp::set_seed(0);
/// assert_eq!(rng.next_uint(), 1900725526);
/// assert_eq!(rng.next_rand(1, 6), 1 + 1900725046 % 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bdsp<G = Xorshift128> {
    rng: G,
}

impl Bdsp {
    /// `UnityEngine.Random::set_seed(seed)`: the same LCG fill as Unity's
    /// `InitState` (the game itself fills the state from
    /// `nn::os::GenerateRandomBytes`; use [`Bdsp::from_state`] for that).
    pub const fn set_seed(seed: u32) -> Self {
        Bdsp {
            rng: Xorshift128::init_state(seed),
        }
    }

    /// The generator with the four state words `s0..s3`.
    ///
    /// # Errors
    /// [`StateError::AllZero`] for the all-zero state.
    pub const fn from_state(words: [u32; 4]) -> Result<Self, StateError> {
        match Xorshift128::from_state(words) {
            Ok(rng) => Ok(Bdsp { rng }),
            Err(e) => Err(e),
        }
    }
}

impl<G: BorrowMut<Xorshift128>> Bdsp<G> {
    /// Wraps a generator in any state, owned or borrowed (`&mut`, to run
    /// engine draws on a generator kept elsewhere).
    pub const fn from_generator(rng: G) -> Self {
        Bdsp { rng }
    }

    /// The underlying generator.
    pub fn generator(&self) -> &Xorshift128 {
        self.rng.borrow()
    }

    /// The underlying generator, mutably.
    pub fn generator_mut(&mut self) -> &mut Xorshift128 {
        self.rng.borrow_mut()
    }

    /// Unwraps the generator.
    pub fn into_generator(self) -> G {
        self.rng
    }

    /// `next_uint`: one step, the new `state[3]`.
    #[inline]
    pub fn next_uint(&mut self) -> u32 {
        self.rng.borrow_mut().next_output()
    }

    /// `next_rand(min, max)`: `next_uint() % (max - min + 1) + min`, one step,
    /// wrapping `u32` arithmetic. For `min <= max` the result is in
    /// `[min, max]` (inclusive).
    ///
    /// ```
    /// use rngkit::engines::bdsp::Bdsp;
    /// // A span that wraps to 0 (here the whole u32 range) uses the word as is.
    /// assert_eq!(Bdsp::set_seed(0).next_rand(0, u32::MAX), 1900725526);
    /// ```
    #[inline]
    pub fn next_rand(&mut self, min: u32, max: u32) -> u32 {
        reduce_inclusive(self.next_uint(), min, max)
    }

    /// `next_rand()` with the default range `min = -0x80000000`,
    /// `max = 0x7FFFFFFE`: the span is `0xFFFFFFFF`, so every `u32` except
    /// `0x7FFFFFFF` can come out, and `0x80000000` twice as often (from the
    /// words 0 and `0xFFFFFFFF`).
    ///
    /// ```
    /// use rngkit::engines::bdsp::Bdsp;
    /// let mut rng = Bdsp::set_seed(0);
    /// assert_eq!(rng.next_rand_default(), 1900725526u32.wrapping_add(0x8000_0000));
    /// ```
    #[inline]
    pub fn next_rand_default(&mut self) -> u32 {
        self.next_rand(DEFAULT_MIN, DEFAULT_MAX)
    }

    /// `next_alt_rand(min, max)`: `next_rand() % (max - min + 1) + min`, the
    /// default-range draw reduced a second time by the caller (one step).
    #[inline]
    pub fn next_alt_rand(&mut self, min: u32, max: u32) -> u32 {
        reduce_inclusive(self.next_rand_default(), min, max)
    }

    /// `next_float()` without a range: `(next_uint() & 0x7FFFFF) / 8388607.0f`,
    /// in the closed range `[0, 1]`; bit for bit Unity's `Random.value`.
    ///
    /// Note that this is `t` itself, while the ranged form with `0, 1` is
    /// `1 - t` (the interpolation runs in reverse).
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        value_from_word(self.next_uint())
    }

    /// `next_float(min, max)`: `(1 - t) * max + t * min` with `t` as in
    /// [`next_float`](Self::next_float), each product rounded separately;
    /// bit for bit Unity's `Random.Range(min, max)`.
    #[inline]
    pub fn next_float_range(&mut self, min: f32, max: f32) -> f32 {
        let t = self.next_float();
        range_from_t(t, min, max)
    }
}

impl From<Xorshift128> for Bdsp {
    fn from(rng: Xorshift128) -> Self {
        Bdsp::from_generator(rng)
    }
}

/// `r % (max - min + 1) + min` in wrapping `u32`, a zero span meaning 2^32.
#[inline]
fn reduce_inclusive(r: u32, min: u32, max: u32) -> u32 {
    let span = max.wrapping_sub(min).wrapping_add(1);
    let reduced = if span == 0 { r } else { r % span };
    reduced.wrapping_add(min)
}
