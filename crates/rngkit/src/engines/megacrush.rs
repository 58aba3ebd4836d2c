//! The `MegaCrush.Spawner.Pcg32` struct: a minimal C# PCG32 (XSH RR 64/32)
//! for deterministic gameplay, as its API reference documents it.
//!
//! Its constructor ("set `_state = 0`, set `_inc = (seq << 1) | 1`, step
//! once, add seed to the state, then step again") is exactly
//! `pcg32_srandom_r` of the PCG reference code, so `Pcg32(42, 54)` is the
//! stream of pcg32-demo. The documentation leaves three details open; rngkit
//! decides them as follows (see `docs/decisions.md`):
//!
//! * `NextInt(min, max)`: `min + (int)(NextUInt() % (uint)(max - min))` with
//!   C#'s unchecked wrapping, the "modulo reduction" the reference names; an
//!   empty or reversed range (`max <= min`, which the reference forbids) is
//!   an error before any word is consumed.
//! * `NextFloat()`: `(NextUInt() >> 8) * 2^-24`, the top 24 bits.
//! * `NextBool()`: the lowest bit of `NextUInt()`, the convention of the
//!   common C# gameplay PCG structs. Every output bit of XSH RR is of full
//!   quality, so no bit is preferable on statistical grounds.

use core::borrow::BorrowMut;

use super::EngineError;
use crate::generators::Pcg32;

/// The default stream selector `seq` of the constructor.
pub const DEFAULT_STREAM: u64 = 54;

/// The engine name used in errors.
const ENGINE: &str = "megacrush";

/// `MegaCrush.Spawner.Pcg32`.
///
/// ```
/// use rngkit::engines::megacrush::MegaCrushPcg32;
///
/// // pcg32-demo of pcg-c-basic: pcg32_srandom_r(42, 54).
/// let mut rng = MegaCrushPcg32::new(42, 54);
/// assert_eq!(rng.next_uint(), 0xa15c02b7);
/// assert_eq!(rng.next_float(), (0x7b47f409u32 >> 8) as f32 / 16777216.0);
/// assert_eq!(rng.try_next_int(5, 5), Err(rngkit::engines::EngineError::EmptyRange {
///     engine: "megacrush", min: 5, max: 5 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MegaCrushPcg32<G = Pcg32> {
    rng: G,
}

impl MegaCrushPcg32 {
    /// `new Pcg32(seed, seq)`: the increment is `(seq << 1) | 1` (always
    /// odd; the top bit of `seq` is lost), then the `pcg32_srandom` warm-up.
    pub const fn new(seed: u64, seq: u64) -> Self {
        MegaCrushPcg32 {
            rng: Pcg32::new(seed, seq),
        }
    }

    /// `new Pcg32(seed)` with the default stream 54.
    pub const fn with_seed(seed: u64) -> Self {
        Self::new(seed, DEFAULT_STREAM)
    }
}

impl<G: BorrowMut<Pcg32>> MegaCrushPcg32<G> {
    /// Wraps a generator in any state (`--state STATE INCREMENT`), owned or
    /// borrowed (`&mut`, to run engine draws on a generator kept elsewhere).
    pub const fn from_generator(rng: G) -> Self {
        MegaCrushPcg32 { rng }
    }

    /// The underlying generator.
    pub fn generator(&self) -> &Pcg32 {
        self.rng.borrow()
    }

    /// The underlying generator, mutably.
    pub fn generator_mut(&mut self) -> &mut Pcg32 {
        self.rng.borrow_mut()
    }

    /// Unwraps the generator.
    pub fn into_generator(self) -> G {
        self.rng
    }

    /// `NextUInt()`: one LCG step, the XSH RR output of the old state.
    #[inline]
    pub fn next_uint(&mut self) -> u32 {
        self.rng.borrow_mut().next_output()
    }

    /// `NextInt(minInclusive, maxExclusive)`: one word,
    /// `min + (int)(word % (uint)(max - min))`, in `[min, max)`. Spans wider
    /// than 2^31 work (the difference wraps, the modulo is unsigned).
    ///
    /// # Errors
    /// [`EngineError::EmptyRange`] when `max <= min`; no word is consumed.
    #[inline]
    pub fn try_next_int(&mut self, min: i32, max: i32) -> Result<i32, EngineError> {
        if max <= min {
            return Err(EngineError::EmptyRange {
                engine: ENGINE,
                min: i64::from(min),
                max: i64::from(max),
            });
        }
        let span = max.wrapping_sub(min) as u32;
        Ok(min.wrapping_add((self.next_uint() % span) as i32))
    }

    /// [`try_next_int`](Self::try_next_int) for bounds known to be valid.
    ///
    /// # Panics
    /// When `max <= min`.
    #[inline]
    pub fn next_int(&mut self, min: i32, max: i32) -> i32 {
        match self.try_next_int(min, max) {
            Ok(value) => value,
            Err(e) => panic!("{e}"),
        }
    }

    /// `NextFloat()`: the top 24 bits of one word times `2^-24`, in `[0, 1)`
    /// (exact: no rounding happens).
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        (self.next_uint() >> 8) as f32 * (1.0 / 16_777_216.0)
    }

    /// `NextBool()`: the lowest bit of one word.
    #[inline]
    pub fn next_bool(&mut self) -> bool {
        self.next_uint() & 1 == 1
    }
}

impl From<Pcg32> for MegaCrushPcg32 {
    fn from(rng: Pcg32) -> Self {
        MegaCrushPcg32::from_generator(rng)
    }
}
