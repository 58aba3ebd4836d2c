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

    generator_accessors!(rng: Pcg32);

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

// ---------------------------------------------------------------------------
// The `megacrush` GEN.

/// The `megacrush` GEN: the MegaCrush gameplay `Pcg32` struct.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::megacrush::MegaCrushGen;
///
/// let g = of::<MegaCrushGen>();
/// let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
/// let d = g.parse_draw("next-uint", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(true), "0xa15c02b7"); // pcg32-demo
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct MegaCrushGen;

/// A parsed MegaCrush draw.
#[derive(Clone, Debug, PartialEq)]
pub enum MegaCrushDraw {
    /// `next-uint`: `NextUInt()`.
    NextUint,
    /// `next-int MIN MAX`: `NextInt(min, max)`, modulo reduction, `MIN < MAX`.
    NextInt(i32, i32),
    /// `next-float`: `NextFloat()`, top 24 bits.
    NextFloat,
    /// `next-bool`: `NextBool()`.
    NextBool,
}

impl crate::registry::Gen for MegaCrushGen {
    type Rng = Pcg32;
    type Draw = MegaCrushDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "megacrush",
        aliases: &["megacrush-pcg32"],
        summary: "the MegaCrush gameplay Pcg32 struct (PCG32 XSH RR)",
        seed_kind: crate::registry::SeedKind::U64,
        seed_doc: "Pcg32(S, stream): pcg32_srandom(S, stream); --stream N, default 54",
        state_doc: "2 words of 64 bits: state increment",
        has_stream: true,
        versions: "the MegaCrush Pcg32 API reference",
    };

    fn seed(
        seed: &crate::registry::Seed,
        options: &crate::registry::SeedOptions,
    ) -> Result<Pcg32, crate::registry::SeedError> {
        Ok(Pcg32::new(
            seed.low_u64(),
            options.stream.unwrap_or(DEFAULT_STREAM),
        ))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        use crate::runtimes::{bare_int, bare_unit};
        const BARE: &[crate::registry::BareDraw] = &[
            bare_int("next-uint", 32, false),
            bare_unit("next-float", 24),
        ];
        BARE
    }

    fn draws() -> &'static [crate::registry::DrawInfo] {
        use crate::registry::DrawInfo;
        &[
            DrawInfo {
                syntax: "next-uint",
                help: "NextUInt() (1 step)",
            },
            DrawInfo {
                syntax: "next-int MIN MAX",
                help: "NextInt(min, max): min + r mod (max - min), MIN < MAX (1 step)",
            },
            DrawInfo {
                syntax: "next-float",
                help: "NextFloat(): top 24 bits * 2^-24 (1 step)",
            },
            DrawInfo {
                syntax: "next-bool",
                help: "NextBool() (1 step)",
            },
        ]
    }

    fn parse_draw(
        name: &str,
        args: &[&str],
    ) -> Result<Option<MegaCrushDraw>, crate::draw::DrawError> {
        use crate::draw::{DrawError, no_args, two};
        Ok(Some(match name {
            "next-uint" => return no_args(MegaCrushDraw::NextUint, name, args),
            "next-int" => {
                let (min, max) = two("next-int MIN MAX", args, crate::number::parse_int::<i32>)?;
                if min >= max {
                    return Err(DrawError::Invalid(alloc::format!(
                        "`next-int MIN MAX` needs MIN < MAX (a half-open range), got {min} and {max}"
                    )));
                }
                MegaCrushDraw::NextInt(min, max)
            }
            "next-float" => return no_args(MegaCrushDraw::NextFloat, name, args),
            "next-bool" => return no_args(MegaCrushDraw::NextBool, name, args),
            _ => return Ok(None),
        }))
    }

    fn eval(draw: &MegaCrushDraw, rng: &mut Pcg32) -> crate::draw::DrawValue {
        use crate::draw::DrawValue;
        let mut mc = MegaCrushPcg32::from_generator(rng);
        match *draw {
            MegaCrushDraw::NextUint => DrawValue::U32(mc.next_uint()),
            MegaCrushDraw::NextInt(min, max) => DrawValue::I32(mc.next_int(min, max)),
            MegaCrushDraw::NextFloat => DrawValue::F32(mc.next_float()),
            MegaCrushDraw::NextBool => DrawValue::Bool(mc.next_bool()),
        }
    }

    fn known_bits(
        draw: &MegaCrushDraw,
        value: &crate::observe::ObservedValue,
    ) -> Option<alloc::vec::Vec<crate::observe::KnownBits>> {
        use crate::observe::{KnownBits, mod_known};
        use alloc::vec;
        let full = 0xffff_ffff;
        let one = |k: KnownBits| Some(vec![k]);
        match *draw {
            MegaCrushDraw::NextUint => one(KnownBits::new(full, u64::from(value.as_u32()?))),
            MegaCrushDraw::NextInt(min, max) => {
                let v = value.as_i32()?;
                let span = max.wrapping_sub(min) as u32;
                let residue = v.wrapping_sub(min) as u32;
                (residue < span).then(|| vec![mod_known(span, residue)])
            }
            MegaCrushDraw::NextFloat => crate::draw::CommonDraw::F32.known_bits(value, 32),
            MegaCrushDraw::NextBool => one(KnownBits::new(1, u64::from(value.as_bool()?))),
        }
    }
}
