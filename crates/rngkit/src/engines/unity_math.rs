//! `Unity.Mathematics.Random`: the 32-bit xorshift struct of Unity's
//! Burst-friendly math library, a different generator from
//! `UnityEngine.Random`.
//!
//! Source: Unity-Technologies/Unity.Mathematics,
//! `src/Unity.Mathematics/random.cs` (the constructor, `InitState`,
//! `CreateFromIndex`/`WangHash`, `NextBool`, `NextInt`, `NextUInt`,
//! `NextFloat`, `NextDouble` and their ranged overloads). The argument
//! checks of that file (`CheckNextIntMinMax`, ...) exist only in builds with
//! `ENABLE_UNITY_COLLECTIONS_CHECKS`; the draws here reproduce the release
//! build, where out-of-order bounds wrap instead of throwing. Only the
//! seed 0 is rejected, because it would freeze the generator.

use core::borrow::BorrowMut;

use super::EngineError;
use crate::StateError;
use crate::generators::Xorshift32;

/// The default seed of `InitState()` without an argument.
pub const DEFAULT_SEED: u32 = 0x6E62_4EB7;

/// The engine name used in errors.
const ENGINE: &str = "unity-math";

/// Thomas Wang's 32-bit integer hash as `Random.CreateFromIndex` uses it.
///
/// ```
/// use rngkit::engines::unity_math::wang_hash;
/// assert_eq!(wang_hash(61), 0); // why CreateFromIndex offsets the index by 62
/// ```
pub const fn wang_hash(mut n: u32) -> u32 {
    n = (n ^ 61) ^ (n >> 16);
    n = n.wrapping_mul(9);
    n ^= n >> 4;
    n = n.wrapping_mul(0x27d4_eb2d);
    n ^ (n >> 15)
}

/// `Unity.Mathematics.Random`.
///
/// The state is one non-zero `u32`; each draw takes one or two steps of
/// [`Xorshift32`] ("`NextState()`", which returns the state *before* the
/// step).
///
/// ```
/// use rngkit::engines::unity_math::UnityMathRandom;
///
/// let mut rng = UnityMathRandom::new(1).unwrap();
/// assert_eq!(rng.state(), 270369); // the constructor steps once
/// assert_eq!(rng.next_uint(), 270368); // NextState() - 1
/// assert!(UnityMathRandom::new(0).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnityMathRandom<G = Xorshift32> {
    rng: G,
}

impl UnityMathRandom {
    /// `new Random(seed)`: state = `seed`, then one step.
    ///
    /// # Errors
    /// [`EngineError::ZeroSeed`] for 0 (Unity throws in checked builds and
    /// returns zeros for ever otherwise).
    pub fn new(seed: u32) -> Result<Self, EngineError> {
        let mut rng =
            Xorshift32::from_state(seed).map_err(|_| EngineError::ZeroSeed { engine: ENGINE })?;
        rng.next_output();
        Ok(UnityMathRandom { rng })
    }

    /// `Random.CreateFromIndex(index)`: `new Random(WangHash(index + 62))`.
    ///
    /// # Errors
    /// [`EngineError::ZeroSeed`] for `index == u32::MAX`, the one index that
    /// hashes to 0.
    pub fn create_from_index(index: u32) -> Result<Self, EngineError> {
        Self::new(wang_hash(index.wrapping_add(62)))
    }

    /// The generator with its state word exactly `state` (no extra step: the
    /// `--state` form).
    ///
    /// # Errors
    /// [`StateError::AllZero`] for 0.
    pub fn from_state(state: u32) -> Result<Self, StateError> {
        Ok(UnityMathRandom {
            rng: Xorshift32::from_state(state)?,
        })
    }
}

impl<G: BorrowMut<Xorshift32>> UnityMathRandom<G> {
    /// `InitState(seed)` on an existing generator.
    ///
    /// # Errors
    /// [`EngineError::ZeroSeed`] for 0; the state is then unchanged.
    pub fn init_state(&mut self, seed: u32) -> Result<(), EngineError> {
        *self.rng.borrow_mut() = UnityMathRandom::new(seed)?.rng;
        Ok(())
    }

    /// Wraps a generator in any state, owned or borrowed (`&mut`, to run
    /// engine draws on a generator kept elsewhere).
    pub const fn from_generator(rng: G) -> Self {
        UnityMathRandom { rng }
    }

    generator_accessors!(rng: Xorshift32);

    /// The public `state` field.
    pub fn state(&self) -> u32 {
        self.generator().state()
    }

    #[inline]
    fn next_state(&mut self) -> u32 {
        self.rng.borrow_mut().next_output()
    }

    /// `NextBool()`: the low bit of one step.
    #[inline]
    pub fn next_bool(&mut self) -> bool {
        self.next_state() & 1 == 1
    }

    /// `NextUInt()`: `NextState() - 1`, in `[0, 4294967294]`.
    #[inline]
    pub fn next_uint(&mut self) -> u32 {
        self.next_state().wrapping_sub(1)
    }

    /// `NextUInt(max)`: `(NextState() * (ulong)max) >> 32`, in `[0, max)`
    /// (0 when `max` is 0; one step either way).
    #[inline]
    pub fn next_uint_below(&mut self, max: u32) -> u32 {
        ((u64::from(self.next_state()) * u64::from(max)) >> 32) as u32
    }

    /// `NextUInt(min, max)`: `min + NextUInt(max - min)` with wrapping
    /// `uint` arithmetic, in `[min, max)` when `min <= max`.
    #[inline]
    pub fn next_uint_range(&mut self, min: u32, max: u32) -> u32 {
        self.next_uint_below(max.wrapping_sub(min))
            .wrapping_add(min)
    }

    /// `NextInt()`: the step's bits with the sign bit flipped, in
    /// `[-2147483647, 2147483647]`.
    #[inline]
    pub fn next_int(&mut self) -> i32 {
        (self.next_state() as i32) ^ i32::MIN
    }

    /// `NextInt(max)`: `(int)((NextState() * (ulong)max) >> 32)`, in
    /// `[0, max)` for `max >= 0`. A negative `max` is sign-extended to
    /// `ulong` and the product wraps, as in the release build.
    #[inline]
    pub fn next_int_below(&mut self, max: i32) -> i32 {
        (u64::from(self.next_state()).wrapping_mul(max as i64 as u64) >> 32) as i32
    }

    /// `NextInt(min, max)`: `(int)((NextState() * (ulong)(uint)(max - min)) >> 32) + min`,
    /// in `[min, max)` for `min <= max`; the span is the wrapped difference,
    /// so the full `int` range works.
    #[inline]
    pub fn next_int_range(&mut self, min: i32, max: i32) -> i32 {
        let range = max.wrapping_sub(min) as u32;
        let offset = ((u64::from(self.next_state()) * u64::from(range)) >> 32) as i32;
        offset.wrapping_add(min)
    }

    /// `NextFloat()`: `asfloat(0x3f800000 | (NextState() >> 9)) - 1`, in
    /// `[0, 1)` with 23 random bits.
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        f32::from_bits(0x3f80_0000 | (self.next_state() >> 9)) - 1.0
    }

    /// `NextFloat(max)`: `NextFloat() * max`.
    #[inline]
    pub fn next_float_below(&mut self, max: f32) -> f32 {
        self.next_float() * max
    }

    /// `NextFloat(min, max)`: `NextFloat() * (max - min) + min`, each
    /// operation rounded separately.
    #[inline]
    pub fn next_float_range(&mut self, min: f32, max: f32) -> f32 {
        let product = self.next_float() * (max - min);
        product + min
    }

    /// `NextDouble()`, two steps: `sx = ((ulong)NextState() << 20) ^ NextState()`
    /// (the first step shifted), then `asdouble(0x3ff0000000000000 | sx) - 1`,
    /// in `[0, 1)` with 52 bits.
    #[inline]
    pub fn next_double(&mut self) -> f64 {
        let high = u64::from(self.next_state());
        let low = u64::from(self.next_state());
        f64::from_bits(0x3ff0_0000_0000_0000 | ((high << 20) ^ low)) - 1.0
    }

    /// `NextDouble(max)`: `NextDouble() * max`.
    #[inline]
    pub fn next_double_below(&mut self, max: f64) -> f64 {
        self.next_double() * max
    }

    /// `NextDouble(min, max)`: `NextDouble() * (max - min) + min`.
    #[inline]
    pub fn next_double_range(&mut self, min: f64, max: f64) -> f64 {
        let product = self.next_double() * (max - min);
        product + min
    }
}

impl From<Xorshift32> for UnityMathRandom {
    fn from(rng: Xorshift32) -> Self {
        UnityMathRandom::from_generator(rng)
    }
}

// ---------------------------------------------------------------------------
// The `unity-math` GEN.

/// The `unity-math` GEN: `Unity.Mathematics.Random` over [`Xorshift32`].
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::unity_math::UnityMathGen;
///
/// let g = of::<UnityMathGen>();
/// let mut rng = g.seed(&Seed::from(1), &Default::default()).unwrap();
/// assert_eq!(rng.words(), [270369]); // the constructor steps once
/// assert!(g.seed(&Seed::from(0), &Default::default()).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct UnityMathGen;

/// A parsed `Unity.Mathematics.Random` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum UnityMathDraw {
    /// `next-uint`: `NextUInt()`.
    NextUint,
    /// `next-int MIN MAX`: `NextInt(min, max)`.
    NextInt(i32, i32),
    /// `next-float`: `NextFloat()`.
    NextFloat,
    /// `next-bool`: `NextBool()`.
    NextBool,
    /// `next-double`: `NextDouble()` (2 steps).
    NextDouble,
}

impl crate::registry::Gen for UnityMathGen {
    type Rng = Xorshift32;
    type Draw = UnityMathDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "unity-math",
        aliases: &["unity-mathematics"],
        summary: "Unity.Mathematics.Random (xorshift32 13/17/5)",
        seed_kind: crate::registry::SeedKind::U32,
        seed_doc: "new Random(S): state = S, then one step; S = 0 is an error",
        state_doc: "1 word of 32 bits (non-zero)",
        has_stream: false,
        versions: "Unity.Mathematics 1.x (src/Unity.Mathematics/random.cs)",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<Xorshift32, crate::registry::SeedError> {
        UnityMathRandom::new(seed.low_u64() as u32)
            .map(UnityMathRandom::into_generator)
            .map_err(|_| {
                crate::registry::SeedError(alloc::string::String::from(
                    "unity-math rejects seed 0 (Unity.Mathematics.Random throws: 0 is the generator's fixed point); use any other seed",
                ))
            })
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        use crate::runtimes::{bare_int, bare_unit};
        const BARE: &[crate::registry::BareDraw] = &[
            bare_int("next-uint", 32, false),
            bare_unit("next-float", 24),
            bare_unit("next-double", 52),
        ];
        BARE
    }

    fn draws() -> &'static [crate::registry::DrawInfo] {
        use crate::registry::DrawInfo;
        &[
            DrawInfo {
                syntax: "next-uint",
                help: "NextUInt(): the old state minus one (1 step)",
            },
            DrawInfo {
                syntax: "next-int MIN MAX",
                help: "NextInt(min, max): (word * (max - min)) >> 32 + min (1 step)",
            },
            DrawInfo {
                syntax: "next-float",
                help: "NextFloat(): asfloat(0x3f800000 | word >> 9) - 1 (1 step)",
            },
            DrawInfo {
                syntax: "next-bool",
                help: "NextBool(): bit 0 of the word (1 step)",
            },
            DrawInfo {
                syntax: "next-double",
                help: "NextDouble() (2 steps)",
            },
        ]
    }

    fn parse_draw(
        name: &str,
        args: &[&str],
    ) -> Result<Option<UnityMathDraw>, crate::draw::DrawError> {
        use crate::draw::{DrawError, no_args, two};
        Ok(Some(match name {
            "next-uint" => return no_args(UnityMathDraw::NextUint, name, args),
            "next-int" => {
                let (min, max) = two("next-int MIN MAX", args, crate::number::parse_int::<i32>)?;
                if min > max {
                    return Err(DrawError::Invalid(alloc::format!(
                        "`next-int MIN MAX` needs MIN <= MAX, got {min} and {max}"
                    )));
                }
                UnityMathDraw::NextInt(min, max)
            }
            "next-float" => return no_args(UnityMathDraw::NextFloat, name, args),
            "next-bool" => return no_args(UnityMathDraw::NextBool, name, args),
            "next-double" => return no_args(UnityMathDraw::NextDouble, name, args),
            _ => return Ok(None),
        }))
    }

    fn eval(draw: &UnityMathDraw, rng: &mut Xorshift32) -> crate::draw::DrawValue {
        use crate::draw::DrawValue;
        let mut um = UnityMathRandom::from_generator(rng);
        match *draw {
            UnityMathDraw::NextUint => DrawValue::U32(um.next_uint()),
            UnityMathDraw::NextInt(min, max) => DrawValue::I32(um.next_int_range(min, max)),
            UnityMathDraw::NextFloat => DrawValue::F32(um.next_float()),
            UnityMathDraw::NextBool => DrawValue::Bool(um.next_bool()),
            UnityMathDraw::NextDouble => DrawValue::F64(um.next_double()),
        }
    }

    fn steps(draw: &UnityMathDraw) -> crate::registry::Steps {
        crate::registry::Steps::Fixed(if *draw == UnityMathDraw::NextDouble {
            2
        } else {
            1
        })
    }

    fn known_bits(
        draw: &UnityMathDraw,
        value: &crate::observe::ObservedValue,
    ) -> Option<alloc::vec::Vec<crate::observe::KnownBits>> {
        use crate::observe::{KnownAccumulator, KnownBits, prefix_known};
        use alloc::vec;
        let full = 0xffff_ffff;
        let one = |k: KnownBits| Some(vec![k]);
        match *draw {
            // NextUInt is the old state minus one: the word is value + 1.
            UnityMathDraw::NextUint => one(KnownBits::new(
                full,
                u64::from(value.as_u32()?.wrapping_add(1)),
            )),
            // NextInt(min, max) = (word * (max - min)) >> 32 + min.
            UnityMathDraw::NextInt(min, max) => {
                let v = value.as_i32()?;
                let span = u64::from(max.wrapping_sub(min) as u32);
                let offset = u64::from(v.wrapping_sub(min) as u32);
                if span == 0 {
                    return (v == min).then(|| vec![KnownBits::new(0, 0)]);
                }
                if offset >= span {
                    return None;
                }
                let lo = ((offset << 32).div_ceil(span)).min(u64::from(u32::MAX)) as u32;
                let hi =
                    ((((offset + 1) << 32).div_ceil(span)) - 1).min(u64::from(u32::MAX)) as u32;
                one(prefix_known(lo, hi))
            }
            // NextFloat = asfloat(0x3f800000 | word >> 9) - 1: the top 23 bits.
            UnityMathDraw::NextFloat => {
                let guess = (value.as_f64()? + 1.0).max(1.0);
                let m = (((guess - 1.0) * 8_388_608.0) as u32).min(0x7f_ffff);
                let mut found = KnownAccumulator::default();
                for k in m.saturating_sub(4)..=(m + 4).min(0x7f_ffff) {
                    if value.matches_f32(f32::from_bits(0x3f80_0000 | k) - 1.0) {
                        found.add(u64::from(k) << 9);
                    }
                }
                one(found.finish(0xffff_fe00)?)
            }
            UnityMathDraw::NextBool => one(KnownBits::new(1, u64::from(value.as_bool()?))),
            UnityMathDraw::NextDouble => value.as_f64().map(|_| alloc::vec::Vec::new()),
        }
    }
}
