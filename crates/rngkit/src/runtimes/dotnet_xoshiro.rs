//! The unseeded `new System.Random()` of .NET 6 and later (`XoshiroImpl`):
//! xoshiro256** in 64-bit processes, with the draws of dotnet/runtime's
//! `Random.Xoshiro256StarStarImpl.cs` (read for this module; no .NET 6+
//! runtime was run, see below).
//!
//! A `Random` built without a seed, of the class `Random` itself (not a
//! subclass), fills its four words from the OS (`Interop.GetRandomBytes`,
//! drawn again while all four are zero). There is no seed to give: these
//! GENs take the state (`--state`) or recover it from values. A seeded
//! `new Random(seed)` is still the legacy subtractive generator in every
//! .NET version (`Net5CompatSeedImpl`): the GEN `dotnet-legacy`
//! ([`super::dotnet`]). `Random.Shared` is one such unseeded generator per
//! thread.
//!
//! One raw step is one `NextUInt64()`, the xoshiro256** output. The draws,
//! named after the methods:
//!
//! * `Next()`: `NextUInt64() >> 33`, drawn again when it is `int.MaxValue`;
//! * `NextInt64()`: `NextUInt64() >> 1`, drawn again when it is
//!   `long.MaxValue`;
//! * `NextDouble()`: `(NextUInt64() >> 11) * 2^-53`;
//! * `NextSingle()`: `(NextUInt64() >> 40) * 2^-24`, a `float`;
//! * `NextBytes(n)`: whole outputs written little-endian, 8 bytes each, the
//!   low bytes of one more output for a remainder;
//! * the bounded draws `Next(max)`, `Next(min, max)`, `NextInt64(max)` and
//!   `NextInt64(min, max)` for a range `r` (`max - min`), which changed in
//!   .NET 8 (dotnet/runtime pull request 79790, Lemire's nearly
//!   divisionless method):
//!   * .NET 6 and 7 ([`Era::BitMask`]): for `r > 1`, the top
//!     `ceil(log2 r)` bits of one output, drawn again while `>= r`; a range
//!     of 0 or 1 gives the minimum and takes no step;
//!   * .NET 8 and later ([`Era::Lemire`]): the `Next` ranges multiply `r` by
//!     `NextUInt32()` (the output's top 32 bits) and keep the high half of
//!     the 64-bit product, the `NextInt64` ranges multiply `r` by the whole
//!     output and keep the high half of the 128-bit product; drawn again
//!     while the low half is below `2^w mod r`. Every call takes a step,
//!     a range of 0 or 1 too.
//!
//! Two GENs share the generator: `dotnet` (.NET 8 and later) and `dotnet6`
//! (.NET 6 and 7); only the bounded draws differ.
//!
//! The expected values in the examples come from an independent reference,
//! a Python program written from the C# methods, which the test
//! `tests/runtime_dotnet_xoshiro.rs` runs on 10 states x 1000 values per
//! draw; the generator itself is checked against `rand_xoshiro`.
//!
//! ```
//! use rngkit::generators::Xoshiro256StarStar;
//! use rngkit::runtimes::dotnet_xoshiro::{Era, XoshiroRandom};
//!
//! let state = [0x0123456789abcdef, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978, 0x8796a5b4c3d2e1f0];
//! let mut rng = XoshiroRandom::new(Xoshiro256StarStar::from_state(state).unwrap());
//! assert_eq!(rng.next(), 858993459);
//! assert_eq!(rng.next_int64(), 7819121622939168853);
//! assert_eq!(rng.next_double(), 0.19373819670579706);
//! assert_eq!(rng.next_single(), 5917089.0 / 16777216.0);
//! // Next(6): .NET 8's multiply-high and .NET 6's top 3 bits differ.
//! let mut net6 = rng.clone();
//! assert_eq!(rng.next_max(Era::Lemire, 6), 2);
//! assert_eq!(net6.next_max(Era::BitMask, 6), 2);
//! ```

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue};
use crate::generators::{Xoshiro128StarStar, Xoshiro256StarStar};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{
    BareDraw, DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps, Yields,
};
use crate::runtimes::java::{float24_known, parse_byte_count};
use crate::runtimes::python::top53_double_known;

/// Which bounded-draw algorithm a .NET version uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Era {
    /// .NET 6 and 7: the top `ceil(log2 r)` bits, drawn again while `>= r`.
    BitMask,
    /// .NET 8 and later: Lemire's multiply-high, drawn again while the low
    /// half is below `2^w mod r`.
    Lemire,
}

/// `BitOperations.Log2Ceiling(r)` for `r > 1`: the bits of the smallest
/// power of two not below `r`.
fn log2_ceiling(r: u64) -> u32 {
    64 - (r - 1).leading_zeros()
}

/// .NET's `XoshiroImpl` (64-bit processes) over a xoshiro256** state.
///
/// The bounded draws take the [`Era`]; the rest is the same in every
/// version from .NET 6 on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XoshiroRandom {
    rng: Xoshiro256StarStar,
}

impl XoshiroRandom {
    /// The methods over a state (`_s0.._s3` are `s[0..4]`).
    pub const fn new(rng: Xoshiro256StarStar) -> Self {
        XoshiroRandom { rng }
    }

    /// The generator underneath.
    pub const fn generator(&self) -> &Xoshiro256StarStar {
        &self.rng
    }

    /// `NextUInt64()`: one output.
    #[inline]
    pub fn next_uint64(&mut self) -> u64 {
        next_uint64(&mut self.rng)
    }

    /// `Next()`: a value in `[0, int.MaxValue)` (example: the module's).
    // Named after .NET's `Next()`; not an iterator.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> i32 {
        next(&mut self.rng)
    }

    /// `Next(maxValue)`, `max >= 0` (the caller checks, as .NET throws).
    pub fn next_max(&mut self, era: Era, max: i32) -> i32 {
        bounded_u32(&mut self.rng, era, max as u32) as i32
    }

    /// `Next(minValue, maxValue)`, `min <= max` (the caller checks).
    ///
    /// ```
    /// use rngkit::generators::Xoshiro256StarStar;
    /// use rngkit::runtimes::dotnet_xoshiro::{Era, XoshiroRandom};
    ///
    /// let mut rng = XoshiroRandom::new(Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap());
    /// // .NET 6 and 7: a range of one value takes no step.
    /// assert_eq!(rng.next_range(Era::BitMask, 5, 6), 5);
    /// assert_eq!(rng.generator().state(), [1, 2, 3, 4]);
    /// // .NET 8: it takes one.
    /// assert_eq!(rng.next_range(Era::Lemire, 5, 6), 5);
    /// assert_ne!(rng.generator().state(), [1, 2, 3, 4]);
    /// ```
    pub fn next_range(&mut self, era: Era, min: i32, max: i32) -> i32 {
        let r = (i64::from(max) - i64::from(min)) as u32;
        (bounded_u32(&mut self.rng, era, r) as i32).wrapping_add(min)
    }

    /// `NextInt64()`: a value in `[0, long.MaxValue)`.
    pub fn next_int64(&mut self) -> i64 {
        next_int64(&mut self.rng)
    }

    /// `NextInt64(maxValue)`, `max >= 0` (the caller checks).
    pub fn next_int64_max(&mut self, era: Era, max: i64) -> i64 {
        bounded_u64(&mut self.rng, era, max as u64) as i64
    }

    /// `NextInt64(minValue, maxValue)`, `min <= max` (the caller checks).
    pub fn next_int64_range(&mut self, era: Era, min: i64, max: i64) -> i64 {
        let r = max.wrapping_sub(min) as u64;
        (bounded_u64(&mut self.rng, era, r) as i64).wrapping_add(min)
    }

    /// `NextDouble()`: `(NextUInt64() >> 11) * 2^-53`.
    pub fn next_double(&mut self) -> f64 {
        double_of(next_uint64(&mut self.rng))
    }

    /// `NextSingle()`: `(NextUInt64() >> 40) * 2^-24`.
    pub fn next_single(&mut self) -> f32 {
        next_single(&mut self.rng)
    }

    /// `NextBytes(buffer)`: whole outputs little-endian, then the low bytes
    /// of one more output.
    ///
    /// ```
    /// use rngkit::generators::Xoshiro256StarStar;
    /// use rngkit::runtimes::dotnet_xoshiro::XoshiroRandom;
    ///
    /// let mut rng = XoshiroRandom::new(Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap());
    /// let mut bytes = [0u8; 3];
    /// rng.next_bytes(&mut bytes);
    /// assert_eq!(bytes, [0x00, 0x2d, 0x00]); // 11520 = 0x2d00, little-endian
    /// ```
    pub fn next_bytes(&mut self, buffer: &mut [u8]) {
        next_bytes(&mut self.rng, buffer);
    }
}

/// The two generators of `XoshiroImpl`: xoshiro256** on 64-bit processes,
/// xoshiro128** on 32-bit ones, seen as `NextUInt32()` and `NextUInt64()`.
pub trait XoshiroWords: crate::WordRng {
    /// Whether this is the 32-bit process's xoshiro128**.
    const NARROW: bool;
    /// `NextUInt32()`: the top half of one output (64-bit), one output
    /// (32-bit).
    fn next_uint32(&mut self) -> u32;
    /// `NextUInt64()`: one output (64-bit), two outputs high first (32-bit:
    /// `((ulong)NextUInt32() << 32) | NextUInt32()`).
    fn next_uint64(&mut self) -> u64;
}

impl XoshiroWords for Xoshiro256StarStar {
    const NARROW: bool = false;

    #[inline]
    fn next_uint32(&mut self) -> u32 {
        (self.next_output() >> 32) as u32
    }

    #[inline]
    fn next_uint64(&mut self) -> u64 {
        self.next_output()
    }
}

impl XoshiroWords for Xoshiro128StarStar {
    const NARROW: bool = true;

    #[inline]
    fn next_uint32(&mut self) -> u32 {
        self.next_output()
    }

    #[inline]
    fn next_uint64(&mut self) -> u64 {
        let high = u64::from(self.next_output());
        (high << 32) | u64::from(self.next_output())
    }
}

#[inline]
fn next_uint64(rng: &mut Xoshiro256StarStar) -> u64 {
    rng.next_output()
}

/// `Next()`: the top 31 bits of `NextUInt64()` (64-bit) or of
/// `NextUInt32()` (32-bit), drawn again when `int.MaxValue`.
fn next<R: XoshiroWords>(rng: &mut R) -> i32 {
    loop {
        let v = if R::NARROW {
            u64::from(rng.next_uint32() >> 1)
        } else {
            rng.next_uint64() >> 33
        };
        if v != i32::MAX as u64 {
            return v as i32;
        }
    }
}

fn next_int64<R: XoshiroWords>(rng: &mut R) -> i64 {
    loop {
        let v = rng.next_uint64() >> 1;
        if v != i64::MAX as u64 {
            return v as i64;
        }
    }
}

fn double_of(word: u64) -> f64 {
    (word >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
}

/// `NextSingle()`: the top 24 bits of `NextUInt64()` (64-bit) or of
/// `NextUInt32()` (32-bit), times 2^-24.
fn next_single<R: XoshiroWords>(rng: &mut R) -> f32 {
    let top = if R::NARROW {
        rng.next_uint32() >> 8
    } else {
        (rng.next_uint64() >> 40) as u32
    };
    top as f32 * (1.0 / 16_777_216.0)
}

/// A value in `[0, r)` for a range below 2^32 (`Next(max)`, `Next(min,
/// max)`).
fn bounded_u32<R: XoshiroWords>(rng: &mut R, era: Era, r: u32) -> u32 {
    match era {
        // The top bits of NextUInt64() (64-bit) and of NextUInt32()
        // (32-bit) are the same bits of one output.
        Era::BitMask => {
            if r <= 1 {
                return 0;
            }
            let shift = 32 - log2_ceiling(u64::from(r));
            loop {
                let v = rng.next_uint32() >> shift;
                if v < r {
                    return v;
                }
            }
        }
        Era::Lemire => {
            let r64 = u64::from(r);
            let mut product = r64 * u64::from(rng.next_uint32());
            let mut low = product as u32;
            if low < r {
                let remainder = r.wrapping_neg() % r;
                while low < remainder {
                    product = r64 * u64::from(rng.next_uint32());
                    low = product as u32;
                }
            }
            (product >> 32) as u32
        }
    }
}

/// A value in `[0, r)` for a 64-bit range (`NextInt64(max)`,
/// `NextInt64(min, max)`).
fn bounded_u64<R: XoshiroWords>(rng: &mut R, era: Era, r: u64) -> u64 {
    match era {
        // .NET 6 and 7 on 32-bit: a range up to int.MaxValue is Next(range).
        Era::BitMask if R::NARROW && r <= i32::MAX as u64 => {
            u64::from(bounded_u32(rng, era, r as u32))
        }
        Era::BitMask => {
            if r <= 1 {
                return 0;
            }
            let shift = 64 - log2_ceiling(r);
            loop {
                let v = rng.next_uint64() >> shift;
                if v < r {
                    return v;
                }
            }
        }
        Era::Lemire => {
            let wide = u128::from(r);
            let mut product = wide * u128::from(rng.next_uint64());
            let mut low = product as u64;
            if low < r {
                let remainder = r.wrapping_neg() % r;
                while low < remainder {
                    product = wide * u128::from(rng.next_uint64());
                    low = product as u64;
                }
            }
            (product >> 64) as u64
        }
    }
}

/// `NextBytes`: whole outputs little-endian (8 or 4 bytes each), then the
/// low bytes of one more.
fn next_bytes<R: XoshiroWords>(rng: &mut R, buffer: &mut [u8]) {
    if R::NARROW {
        for chunk in buffer.chunks_mut(4) {
            let word = rng.next_uint32().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    } else {
        for chunk in buffer.chunks_mut(8) {
            let word = rng.next_uint64().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    }
}

/// A parsed draw of `dotnet` and `dotnet6`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XoshiroDraw {
    /// `Next()`.
    Next,
    /// `Next(max)`, `max >= 0`.
    NextMax(i32),
    /// `Next(min, max)`, `min <= max`.
    NextRange(i32, i32),
    /// `NextInt64()`.
    NextInt64,
    /// `NextInt64(max)`, `max >= 0`.
    NextInt64Max(i64),
    /// `NextInt64(min, max)`, `min <= max`.
    NextInt64Range(i64, i64),
    /// `NextDouble()`.
    NextDouble,
    /// `NextSingle()`.
    NextSingle,
    /// `NextBytes(new byte[n])`.
    NextBytes(u32),
}

/// The draws of `XoshiroImpl`, one [`Era`] of bounded draws: the draw
/// family of `dotnet` and `dotnet6`.
///
/// ```
/// use rngkit::family::DrawFamily;
/// use rngkit::generators::Xoshiro256StarStar;
/// use rngkit::runtimes::dotnet_xoshiro::{DotnetXoshiro, Era};
///
/// let net8 = DotnetXoshiro { era: Era::Lemire };
/// let d = <DotnetXoshiro as DrawFamily<Xoshiro256StarStar>>::parse_draw(net8, "next-range", &["1", "7"]);
/// assert!(d.unwrap().is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DotnetXoshiro {
    /// The bounded draws' algorithm.
    pub era: Era,
}

/// The draw help of one era and word width: `Next()`, the bounded `Next`
/// ranges, `NextInt64()`, the bounded `NextInt64` ranges, `NextDouble()`,
/// `NextSingle()`, `NextBytes`.
macro_rules! xoshiro_draws {
    ($next:literal, $bounded:literal, $int64:literal, $bounded64:literal, $double:literal, $single:literal, $bytes:literal) => {
        &[
            DrawInfo {
                syntax: "next",
                help: $next,
            },
            DrawInfo {
                syntax: "next MAX",
                help: concat!("Next(max), MAX >= 0 (also `next-max MAX`): ", $bounded),
            },
            DrawInfo {
                syntax: "next MIN MAX",
                help: "Next(min, max), MIN <= MAX (also `next-range MIN MAX`): min + the draw of `next MAX` on the range max - min, with its steps",
            },
            DrawInfo {
                syntax: "next-int64",
                help: $int64,
            },
            DrawInfo {
                syntax: "next-int64 MAX",
                help: concat!("NextInt64(max), MAX >= 0 (also `next-int64-max MAX`): ", $bounded64),
            },
            DrawInfo {
                syntax: "next-int64 MIN MAX",
                help: "NextInt64(min, max), MIN <= MAX (also `next-int64-range MIN MAX`): min + the draw of `next-int64 MAX` on the range max - min, with its steps",
            },
            DrawInfo {
                syntax: "next-double",
                help: $double,
            },
            DrawInfo {
                syntax: "next-single",
                help: $single,
            },
            DrawInfo {
                syntax: "next-bytes N",
                help: $bytes,
            },
        ]
    };
}

/// 64-bit help, the texts both eras share.
macro_rules! wide_draws {
    ($bounded:literal, $bounded64:literal) => {
        xoshiro_draws!(
            "Next(): NextUInt64() >> 33, 0 <= x < int.MaxValue (1 step; another when the value is int.MaxValue, once in 2^31)",
            $bounded,
            "NextInt64(): NextUInt64() >> 1, 0 <= x < long.MaxValue (1 step; another when the value is long.MaxValue, once in 2^63)",
            $bounded64,
            "NextDouble(): (NextUInt64() >> 11) * 2^-53 (1 step)",
            "NextSingle(): (NextUInt64() >> 40) * 2^-24, a float (1 step)",
            "NextBytes(new byte[N]) as hex: whole outputs little-endian, then the low bytes of one more (ceil(N / 8) steps)"
        )
    };
}

/// 32-bit help, the texts both eras share.
macro_rules! narrow_draws {
    ($bounded:literal, $bounded64:literal) => {
        xoshiro_draws!(
            "Next(): NextUInt32() >> 1 (one output), 0 <= x < int.MaxValue (1 step; another when the value is int.MaxValue, once in 2^31)",
            $bounded,
            "NextInt64(): NextUInt64() >> 1, where NextUInt64() is two outputs, the first the high half (2 steps; 2 more when the value is long.MaxValue, once in 2^63)",
            $bounded64,
            "NextDouble(): (NextUInt64() >> 11) * 2^-53, two outputs: the first whole, the second's top 21 bits (2 steps)",
            "NextSingle(): (NextUInt32() >> 8) * 2^-24, a float (1 step)",
            "NextBytes(new byte[N]) as hex: whole outputs little-endian, 4 bytes each, then the low bytes of one more (ceil(N / 4) steps)"
        )
    };
}

const LEMIRE_DRAWS: &[DrawInfo] = wide_draws!(
    "the high 32 bits of range * NextUInt32() (the output's top 32 bits), drawn again while the low 32 bits are below 2^32 mod range (1 step, also for a range of 0 or 1; variable unless the range is a power of two)",
    "the high 64 bits of range * NextUInt64(), drawn again while the low 64 bits are below 2^64 mod range (1 step, also for a range of 0 or 1; variable unless the range is a power of two)"
);

const BITMASK_DRAWS: &[DrawInfo] = wide_draws!(
    "the top ceil(log2 range) bits of one output, drawn again while >= range (no step for a range of 0 or 1; 1 step when the range is a power of two, else variable)",
    "the top ceil(log2 range) bits of one output, drawn again while >= range (no step for a range of 0 or 1; 1 step when the range is a power of two, else variable)"
);

const LEMIRE_DRAWS_32: &[DrawInfo] = narrow_draws!(
    "the high 32 bits of range * NextUInt32() (one output), drawn again while the low 32 bits are below 2^32 mod range (1 step, also for a range of 0 or 1; variable unless the range is a power of two)",
    "the high 64 bits of range * NextUInt64() (two outputs, high first), drawn again while the low 64 bits are below 2^64 mod range (2 steps, also for a range of 0 or 1; variable unless the range is a power of two)"
);

const BITMASK_DRAWS_32: &[DrawInfo] = narrow_draws!(
    "the top ceil(log2 range) bits of one output, drawn again while >= range (no step for a range of 0 or 1; 1 step when the range is a power of two, else variable)",
    "up to int.MaxValue as Next(range); above, the top ceil(log2 range) bits of NextUInt64() (two outputs, high first), drawn again while >= range (2 steps when the range is a power of two, else variable)"
);

/// The draws whose values users hold bare.
const BARE: &[BareDraw] = &[
    BareDraw {
        draw: "next-double",
        yields: Yields::Unit { bits: 53 },
    },
    BareDraw {
        draw: "next",
        yields: Yields::Int {
            bits: 31,
            signed: false,
        },
    },
    BareDraw {
        draw: "next-int64",
        yields: Yields::Int {
            bits: 63,
            signed: false,
        },
    },
];

/// Parses `MAX` or `MIN MAX` of a bounded draw, as .NET checks them.
fn bounds<T: crate::number::ParseableInt + PartialOrd + Default + Copy + core::fmt::Display>(
    name: &str,
    args: &[&str],
) -> Result<(T, T), DrawError> {
    let int = |text: &str| parse_int::<T>(text).map_err(DrawError::from);
    match *args {
        [max] => {
            let max = int(max)?;
            if max < T::default() {
                return Err(DrawError::Invalid(format!(
                    "`{name} MAX` needs MAX >= 0 (.NET throws ArgumentOutOfRangeException), got {max}"
                )));
            }
            Ok((T::default(), max))
        }
        [min, max] => {
            let (min, max) = (int(min)?, int(max)?);
            if min > max {
                return Err(DrawError::Invalid(format!(
                    "`{name} MIN MAX` needs MIN <= MAX (.NET throws ArgumentOutOfRangeException), got {min} and {max}"
                )));
            }
            Ok((min, max))
        }
        _ => Err(DrawError::Invalid(format!(
            "`{name}` takes MAX or MIN MAX; found {} arguments",
            args.len()
        ))),
    }
}

/// Known bits of `NextUInt64()`'s words: one output (64-bit), or two,
/// the high half first (32-bit).
fn u64_known<R: XoshiroWords>(mask: u64, value: u64) -> Vec<KnownBits> {
    if R::NARROW {
        vec![
            KnownBits::new(mask >> 32, value >> 32),
            KnownBits::new(mask & 0xffff_ffff, value & 0xffff_ffff),
        ]
    } else {
        vec![KnownBits::new(mask, value)]
    }
}

/// Known bits of `NextUInt32()`'s word: the output's top half (64-bit), the
/// output (32-bit).
fn u32_known<R: XoshiroWords>(mask: u32, value: u32) -> Vec<KnownBits> {
    let shift = if R::NARROW { 0 } else { 32 };
    vec![KnownBits::new(
        u64::from(mask) << shift,
        u64::from(value) << shift,
    )]
}

impl DotnetXoshiro {
    /// Whether a bounded draw on range `r` takes `NextUInt64()` (the
    /// `NextInt64` ranges, except .NET 6 and 7's 32-bit `Next(range)` below
    /// `int.MaxValue`) rather than `NextUInt32()`.
    fn takes_u64<R: XoshiroWords>(self, r: u64, int64: bool) -> bool {
        int64 && !(R::NARROW && self.era == Era::BitMask && r <= i32::MAX as u64)
    }

    /// Raw steps of a bounded draw on range `r`.
    fn bounded_steps<R: XoshiroWords>(self, r: u64, int64: bool) -> Steps {
        let per_try = if R::NARROW && self.takes_u64::<R>(r, int64) {
            2
        } else {
            1
        };
        match self.era {
            Era::BitMask if r <= 1 => Steps::Fixed(0),
            _ if r == 0 || r.is_power_of_two() => Steps::Fixed(per_try),
            _ => Steps::Variable,
        }
    }

    /// Known bits of a bounded draw on range `r` whose value is `offset`
    /// above the minimum.
    fn bounded_known<R: XoshiroWords>(
        self,
        r: u64,
        int64: bool,
        offset: u64,
    ) -> Option<Vec<KnownBits>> {
        if r == 0 || r == 1 {
            return (offset == 0).then(Vec::new);
        }
        if offset >= r {
            return None;
        }
        if !r.is_power_of_two() {
            // Drawn again an unknown number of times: which word gave the
            // value is unknown.
            return Some(Vec::new());
        }
        // A power of two 2^k: both eras give the word's top k bits (the
        // multiply-high of 2^k, or the shift).
        let k = r.trailing_zeros();
        Some(if self.takes_u64::<R>(r, int64) {
            u64_known::<R>(u64::MAX << (64 - k), offset << (64 - k))
        } else {
            u32_known::<R>(u32::MAX << (32 - k), (offset as u32) << (32 - k))
        })
    }
}

impl<R: XoshiroWords> crate::family::DrawFamily<R> for DotnetXoshiro {
    fn idioms(self) -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        &[Idiom {
            name: "next",
            call: "ALPHABET[random.Next(ALPHABET.Length)] a character",
            pick: "next {n}",
            first: 0,
        }]
    }

    type Draw = XoshiroDraw;

    fn draws(self) -> &'static [DrawInfo] {
        match (self.era, R::NARROW) {
            (Era::Lemire, false) => LEMIRE_DRAWS,
            (Era::BitMask, false) => BITMASK_DRAWS,
            (Era::Lemire, true) => LEMIRE_DRAWS_32,
            (Era::BitMask, true) => BITMASK_DRAWS_32,
        }
    }

    fn bare_draws(self) -> &'static [BareDraw] {
        BARE
    }

    fn parse_draw(self, name: &str, args: &[&str]) -> Result<Option<XoshiroDraw>, DrawError> {
        let draw = match (name, args.len()) {
            ("next", 0) => XoshiroDraw::Next,
            ("next" | "next-max", 1) | ("next" | "next-range", 2) => {
                match bounds::<i32>(name, args)? {
                    (_, max) if args.len() == 1 => XoshiroDraw::NextMax(max),
                    (min, max) => XoshiroDraw::NextRange(min, max),
                }
            }
            ("next-int64", 0) => XoshiroDraw::NextInt64,
            ("next-int64" | "next-int64-max", 1) | ("next-int64" | "next-int64-range", 2) => {
                match bounds::<i64>(name, args)? {
                    (_, max) if args.len() == 1 => XoshiroDraw::NextInt64Max(max),
                    (min, max) => XoshiroDraw::NextInt64Range(min, max),
                }
            }
            ("next-max" | "next-range" | "next-int64-max" | "next-int64-range", _) => {
                return Err(DrawError::Invalid(format!(
                    "`{name}` takes {}; found {} arguments",
                    if name.ends_with("max") {
                        "MAX"
                    } else {
                        "MIN MAX"
                    },
                    args.len()
                )));
            }
            ("next" | "next-int64", _) => {
                return Err(DrawError::Invalid(format!(
                    "`{name}` takes no arguments, MAX, or MIN MAX; found {} arguments",
                    args.len()
                )));
            }
            ("next-double", _) => {
                crate::draw::expect_args("next-double", args)?;
                XoshiroDraw::NextDouble
            }
            ("next-single", _) => {
                crate::draw::expect_args("next-single", args)?;
                XoshiroDraw::NextSingle
            }
            ("next-bytes", _) => XoshiroDraw::NextBytes(parse_byte_count("next-bytes N", args)?),
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(self, draw: &XoshiroDraw, rng: &mut R) -> DrawValue {
        let era = self.era;
        match *draw {
            XoshiroDraw::Next => DrawValue::I32(next(rng)),
            XoshiroDraw::NextMax(max) => DrawValue::I32(bounded_u32(rng, era, max as u32) as i32),
            XoshiroDraw::NextRange(min, max) => {
                let r = (i64::from(max) - i64::from(min)) as u32;
                DrawValue::I32((bounded_u32(rng, era, r) as i32).wrapping_add(min))
            }
            XoshiroDraw::NextInt64 => DrawValue::I64(next_int64(rng)),
            XoshiroDraw::NextInt64Max(max) => {
                DrawValue::I64(bounded_u64(rng, era, max as u64) as i64)
            }
            XoshiroDraw::NextInt64Range(min, max) => {
                let r = max.wrapping_sub(min) as u64;
                DrawValue::I64((bounded_u64(rng, era, r) as i64).wrapping_add(min))
            }
            XoshiroDraw::NextDouble => DrawValue::F64(double_of(rng.next_uint64())),
            XoshiroDraw::NextSingle => DrawValue::F32(next_single(rng)),
            XoshiroDraw::NextBytes(n) => {
                let mut bytes = vec![0u8; n as usize];
                next_bytes(rng, &mut bytes);
                DrawValue::Bytes(bytes)
            }
        }
    }

    fn steps(self, draw: &XoshiroDraw) -> Steps {
        let u64_steps = if R::NARROW { 2 } else { 1 };
        match *draw {
            XoshiroDraw::Next | XoshiroDraw::NextSingle => Steps::Fixed(1),
            XoshiroDraw::NextInt64 | XoshiroDraw::NextDouble => Steps::Fixed(u64_steps),
            XoshiroDraw::NextMax(max) => self.bounded_steps::<R>(max as u64, false),
            XoshiroDraw::NextRange(min, max) => {
                self.bounded_steps::<R>((i64::from(max) - i64::from(min)) as u64, false)
            }
            XoshiroDraw::NextInt64Max(max) => self.bounded_steps::<R>(max as u64, true),
            XoshiroDraw::NextInt64Range(min, max) => {
                self.bounded_steps::<R>(max.wrapping_sub(min) as u64, true)
            }
            XoshiroDraw::NextBytes(n) => {
                Steps::Fixed(u64::from(n).div_ceil(if R::NARROW { 4 } else { 8 }))
            }
        }
    }

    /// `Next()` and `NextInt64()` show the top 31 and 63 bits of
    /// `NextUInt32()` and `NextUInt64()`, `NextDouble()` and `NextSingle()`
    /// a prefix of their top 53 and 24 bits, `NextBytes` whole outputs, a
    /// bounded draw on a power-of-two range `2^k` the top `k` bits (both
    /// eras); `NextUInt32()` is the top half of an output on 64-bit
    /// processes, `NextUInt64()` two outputs (high first) on 32-bit ones.
    fn known_bits(self, draw: &XoshiroDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            XoshiroDraw::Next => {
                let v = value.as_i32()?;
                (0..i32::MAX)
                    .contains(&v)
                    .then(|| u32_known::<R>(u32::MAX << 1, (v as u32) << 1))
            }
            XoshiroDraw::NextInt64 => {
                let v = value.as_i64()?;
                (0..i64::MAX)
                    .contains(&v)
                    .then(|| u64_known::<R>(u64::MAX << 1, (v as u64) << 1))
            }
            XoshiroDraw::NextMax(max) => {
                let v = value.as_i32()?;
                if v < 0 {
                    return None;
                }
                self.bounded_known::<R>(max as u64, false, v as u64)
            }
            XoshiroDraw::NextRange(min, max) => {
                let v = value.as_i32()?;
                if v < min {
                    return None;
                }
                let r = (i64::from(max) - i64::from(min)) as u64;
                self.bounded_known::<R>(r, false, (i64::from(v) - i64::from(min)) as u64)
            }
            XoshiroDraw::NextInt64Max(max) => {
                let v = value.as_i64()?;
                if v < 0 {
                    return None;
                }
                self.bounded_known::<R>(max as u64, true, v as u64)
            }
            XoshiroDraw::NextInt64Range(min, max) => {
                let v = value.as_i64()?;
                if v < min {
                    return None;
                }
                let r = max.wrapping_sub(min) as u64;
                self.bounded_known::<R>(r, true, v.wrapping_sub(min) as u64)
            }
            XoshiroDraw::NextDouble => {
                let k = top53_double_known(value)?;
                Some(u64_known::<R>(k.mask, k.value))
            }
            XoshiroDraw::NextSingle => {
                let k = float24_known(value)?;
                Some(u32_known::<R>((k.mask as u32) << 8, (k.value as u32) << 8))
            }
            XoshiroDraw::NextBytes(n) => {
                let bytes = value.as_bytes()?;
                if bytes.len() != n as usize {
                    return None;
                }
                let size = if R::NARROW { 4 } else { 8 };
                Some(crate::observe::le_words_known(&bytes, size))
            }
        }
    }
}

/// The seeding both GENs refuse: `new Random()` takes no seed.
fn refuse_seed(name: &str) -> SeedError {
    SeedError(format!(
        "{name} cannot be seeded (new Random() seeds from the OS): give --state S0 S1 S2 S3, \
         or use dotnet-legacy for a seeded new Random(S)"
    ))
}

/// A GEN of the family: the unseedable `new Random()` of one era and
/// process width; the four differ only in their generator, era and texts.
macro_rules! member {
    (
        $gen:ty: $rng:ty, $era:expr,
        name: $name:literal,
        aliases: $aliases:expr,
        summary: $summary:literal,
        state_doc: $state_doc:expr,
        versions: $versions:literal,
    ) => {
        impl crate::family::Member for $gen {
            type Rng = $rng;
            type Family = DotnetXoshiro;
            const FAMILY: DotnetXoshiro = DotnetXoshiro { era: $era };

            const INFO: GenInfo = GenInfo {
                name: $name,
                aliases: $aliases,
                summary: $summary,
                seed_kind: SeedKind::Unseedable,
                seed_doc: SEED_DOC,
                state_doc: $state_doc,
                has_stream: false,
                versions: $versions,
            };

            fn seed(_: &Seed, _: &SeedOptions) -> Result<$rng, SeedError> {
                Err(refuse_seed($name))
            }
        }
    };
}

/// `--state` for both GENs.
const STATE_DOC: &str = "4 words of 64 bits: _s0 _s1 _s2 _s3 of XoshiroImpl (xoshiro256**'s s[0..4], as xoshiro256ss), not all zero";
/// `--seed` for both GENs.
const SEED_DOC: &str = "none: new Random() seeds from the OS; give --state (a seeded new Random(S) is the legacy algorithm in every .NET: dotnet-legacy)";

/// The `dotnet` GEN: .NET 8 and later, the unseeded `new Random()` of a
/// 64-bit process (Lemire's bounded draws).
///
/// ```
/// use rngkit::registry::of;
/// use rngkit::runtimes::dotnet_xoshiro::DotnetGen;
///
/// let g = of::<DotnetGen>();
/// let state = [0x0123456789abcdef, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978, 0x8796a5b4c3d2e1f0];
/// let mut rng = g.from_words(&state).unwrap();
/// let d = g.parse_draw("next", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "858993459");
/// assert!(g.seed(&0.into(), &Default::default()).is_err()); // seeded from the OS
/// assert!(g.parse_draw("next", &["-1"]).is_err()); // .NET throws
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct DotnetGen;

/// The `dotnet6` GEN: .NET 6 and 7, the unseeded `new Random()` of a
/// 64-bit process (bit-mask bounded draws).
///
/// ```
/// use rngkit::registry::of;
/// use rngkit::runtimes::dotnet_xoshiro::Dotnet6Gen;
///
/// let g = of::<Dotnet6Gen>();
/// let mut rng = g.from_words(&[1, 2, 3, 4]).unwrap();
/// let d = g.parse_draw("next-bytes", &["3"]).unwrap();
/// // The first output is rotl(2 * 5, 7) * 9 = 0x2d00, little-endian.
/// assert_eq!(d.eval(&mut rng).format(false), "002d00");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Dotnet6Gen;

member! {
    DotnetGen: Xoshiro256StarStar, Era::Lemire,
    name: "dotnet",
    aliases: &["dotnet8", "net8"],
    summary: "unseeded System.Random of .NET 8 and later, 64-bit process (XoshiroImpl: xoshiro256**, Lemire's bounded draws)",
    state_doc: STATE_DOC,
    versions: ".NET 8 and later (dotnet/runtime's Random.Xoshiro256StarStarImpl.cs with Lemire's method, pull request 79790), read from the source; checked against an independent Python reference of the C# methods on 10 states x 1000 values per draw and rand_xoshiro (tests/runtime_dotnet_xoshiro.rs); no .NET runtime was run",
}

member! {
    Dotnet6Gen: Xoshiro256StarStar, Era::BitMask,
    name: "dotnet6",
    aliases: &["net6", "dotnet7", "net7"],
    summary: "unseeded System.Random of .NET 6 and 7, 64-bit process (XoshiroImpl: xoshiro256**, bit-mask bounded draws)",
    state_doc: STATE_DOC,
    versions: ".NET 6 and 7 (dotnet/runtime's Random.Xoshiro256StarStarImpl.cs before Lemire's method), read from the source; checked against an independent Python reference of the C# methods on 10 states x 1000 values per draw and rand_xoshiro (tests/runtime_dotnet_xoshiro.rs); no .NET runtime was run",
}

/// `--state` of the 32-bit GENs.
const STATE_DOC_32: &str = "4 words of 32 bits: _s0 _s1 _s2 _s3 of the 32-bit XoshiroImpl (xoshiro128**'s s[0..4]), not all zero";

/// The `dotnet-32bit` GEN: .NET 8 and later, the unseeded `new Random()`
/// of a 32-bit process (xoshiro128**, Lemire's bounded draws).
///
/// ```
/// use rngkit::registry::of;
/// use rngkit::runtimes::dotnet_xoshiro::Dotnet32Gen;
///
/// let g = of::<Dotnet32Gen>();
/// let mut rng = g.from_words(&[1, 2, 3, 4]).unwrap();
/// // The first output is rotl(2 * 5, 7) * 9 = 11520; Next() is 11520 >> 1.
/// let d = g.parse_draw("next", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "5760");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Dotnet32Gen;

/// The `dotnet6-32bit` GEN: .NET 6 and 7, the unseeded `new Random()` of a
/// 32-bit process (xoshiro128**, bit-mask bounded draws).
///
/// ```
/// use rngkit::registry::of;
/// use rngkit::runtimes::dotnet_xoshiro::Dotnet6x32Gen;
///
/// let g = of::<Dotnet6x32Gen>();
/// let mut rng = g.from_words(&[1, 2, 3, 4]).unwrap();
/// // A range of one value takes no step in .NET 6 and 7.
/// let d = g.parse_draw("next-range", &["9", "10"]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "9");
/// assert_eq!(rng.words(), [1, 2, 3, 4]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Dotnet6x32Gen;

member! {
    Dotnet32Gen: Xoshiro128StarStar, Era::Lemire,
    name: "dotnet-32bit",
    aliases: &["dotnet8-32bit", "dotnet-x86"],
    summary: "unseeded System.Random of .NET 8 and later, 32-bit process (XoshiroImpl: xoshiro128**, Lemire's bounded draws)",
    state_doc: STATE_DOC_32,
    versions: ".NET 8 and later (dotnet/runtime's Random.Xoshiro128StarStarImpl.cs with Lemire's method, pull request 79790), read from the source; checked against an independent Python reference of the C# methods on 10 states x 1000 values per draw and rand_xoshiro (tests/runtime_dotnet_xoshiro.rs); no .NET runtime was run",
}

member! {
    Dotnet6x32Gen: Xoshiro128StarStar, Era::BitMask,
    name: "dotnet6-32bit",
    aliases: &["dotnet6-32", "dotnet7-32bit"],
    summary: "unseeded System.Random of .NET 6 and 7, 32-bit process (XoshiroImpl: xoshiro128**, bit-mask bounded draws)",
    state_doc: STATE_DOC_32,
    versions: ".NET 6 and 7 (dotnet/runtime's Random.Xoshiro128StarStarImpl.cs before Lemire's method), read from the source; checked against an independent Python reference of the C# methods on 10 states x 1000 values per draw and rand_xoshiro (tests/runtime_dotnet_xoshiro.rs); no .NET runtime was run",
}
