//! Unreal Engine's `FRandomStream` (`Runtime/Core/Public/Math/RandomStream.h`).
//!
//! The stream is a 32-bit LCG: `MutateSeed()` is
//! `Seed = Seed * 196314165 + 907633515` (mod 2^32), and every draw mutates
//! first and then reads the new `Seed`:
//!
//! * `GetUnsignedInt()`: `Seed`.
//! * `GetFraction()` (= `FRand()`): the float with bits
//!   `0x3F800000 | Seed >> 9`, minus 1: 23 random bits in [0, 1).
//! * `RandHelper(A)`: `A > 0 ? Min(TruncToInt(GetFraction() * float(A)), A - 1) : 0`
//!   (the `Min` is Unreal Engine 5's; UE4 truncates without it, which differs
//!   only when the float product rounds up to `A`, for `A` above 2^23).
//! * `RandRange(Min, Max)`: `Min + RandHelper(Max - Min + 1)` (int32, wrapping).
//! * `FRandRange(Min, Max)`: `Min + (Max - Min) * GetFraction()`, in float.
//! * `VRand()` = `GetUnitVector()`: three fractions mapped by `F * 2 - 1`
//!   (float) per try until the squared length `L` (in double, UE5's FVector)
//!   is in `[1e-4f, 1]`, then each component times `1 / sqrt(L)` (double).
//!   Unreal Engine 4's float FVector normalises with the SSE `rsqrtss`
//!   estimate refined by Newton steps, whose result depends on the CPU; that
//!   variant is not reproduced.
//!
//! `FRandomStream(int32 InSeed)` sets `Seed = uint32(InSeed)`: the seed is
//! the state, and one raw step is one `MutateSeed()`.

use alloc::vec;
use alloc::vec::Vec;

use super::lcg::{Lcg32, lcg_params, lcg_rng};
use crate::draw::{DrawError, DrawValue, no_args, two};
use crate::number::{parse_f32, parse_int};
use crate::observe::{KnownAccumulator, KnownBits, ObservedValue};
use crate::registry::{DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};

lcg_params!(
    32,
    /// `FRandomStream`'s LCG constants.
    UnrealParams, "unreal", 196_314_165, 907_633_515
);

/// The `FRandomStream` LCG: the state is `Seed`.
///
/// ```
/// use rngkit::engines::unreal::UnrealLcg;
///
/// let mut rng = UnrealLcg::new(0);
/// assert_eq!(rng.next_output(), 907633515); // GetUnsignedInt() of FRandomStream(0)
/// ```
pub type UnrealLcg = Lcg32<UnrealParams>;

lcg_rng!(32, UnrealLcg);

/// `UE_KINDA_SMALL_NUMBER` (1e-4 as a float).
const KINDA_SMALL_NUMBER: f32 = 1.0e-4;

/// `GetFraction()` of a mutated seed.
///
/// ```
/// assert_eq!(rngkit::engines::unreal::fraction(0x8000_0000), 0.5);
/// ```
#[inline]
pub fn fraction(seed: u32) -> f32 {
    f32::from_bits(0x3F80_0000 | (seed >> 9)) - 1.0
}

/// `FRandomStream`'s draws over a borrowed LCG.
///
/// ```
/// use rngkit::engines::unreal::{FRandomStream, UnrealLcg};
///
/// let mut lcg = UnrealLcg::new(0);
/// let mut stream = FRandomStream(&mut lcg);
/// assert_eq!(stream.get_unsigned_int(), 907633515);
/// ```
pub struct FRandomStream<'a>(pub &'a mut UnrealLcg);

impl FRandomStream<'_> {
    /// `GetUnsignedInt()`.
    #[inline]
    pub fn get_unsigned_int(&mut self) -> u32 {
        self.0.next_output()
    }

    /// `GetFraction()` / `FRand()`.
    #[inline]
    pub fn get_fraction(&mut self) -> f32 {
        fraction(self.0.next_output())
    }

    /// `RandHelper(A)` (UE5, with the `Min(.., A - 1)` clamp).
    pub fn rand_helper(&mut self, a: i32) -> i32 {
        if a > 0 {
            // TruncToInt of a float in [0, A]: `as` truncates towards zero.
            ((self.get_fraction() * a as f32) as i32).min(a - 1)
        } else {
            0
        }
    }

    /// `RandRange(Min, Max)`: `Min + RandHelper(Max - Min + 1)`, int32
    /// wrapping as the C++ does on two's complement targets.
    pub fn rand_range(&mut self, min: i32, max: i32) -> i32 {
        let range = max.wrapping_sub(min).wrapping_add(1);
        min.wrapping_add(self.rand_helper(range))
    }

    /// `FRandRange(Min, Max)` (float).
    pub fn frand_range(&mut self, min: f32, max: f32) -> f32 {
        min + (max - min) * self.get_fraction()
    }

    /// `VRand()` / `GetUnitVector()` with UE5's double-precision FVector.
    pub fn vrand(&mut self) -> [f64; 3] {
        loop {
            let x = f64::from(self.get_fraction() * 2.0 - 1.0);
            let y = f64::from(self.get_fraction() * 2.0 - 1.0);
            let z = f64::from(self.get_fraction() * 2.0 - 1.0);
            let l = x * x + y * y + z * z;
            if !(l > 1.0 || l < f64::from(KINDA_SMALL_NUMBER)) {
                let scale = 1.0 / libm::sqrt(l);
                return [x * scale, y * scale, z * scale];
            }
        }
    }
}

/// The `unreal` GEN.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::unreal::UnrealGen;
///
/// let g = of::<UnrealGen>();
/// let mut rng = g.seed(&Seed::from(0), &Default::default()).unwrap();
/// let draw = g.parse_draw("get-unsigned-int", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "907633515");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct UnrealGen;

/// A parsed `FRandomStream` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum UnrealDraw {
    /// `get-unsigned-int`.
    GetUnsignedInt,
    /// `get-fraction`.
    GetFraction,
    /// `frand` (the same as `get-fraction`).
    FRand,
    /// `rand-helper A`.
    RandHelper(i32),
    /// `rand-range MIN MAX`.
    RandRange(i32, i32),
    /// `frand-range MIN MAX`.
    FRandRange(f32, f32),
    /// `vrand`.
    VRand,
}

impl Gen for UnrealGen {
    type Rng = UnrealLcg;
    type Draw = UnrealDraw;

    const INFO: GenInfo = GenInfo {
        name: "unreal",
        aliases: &["frandomstream"],
        summary: "Unreal Engine FRandomStream (LCG 196314165 / 907633515)",
        seed_kind: SeedKind::I32,
        seed_doc: "FRandomStream(S): Seed = uint32(S), the int32 seed is the state",
        state_doc: "1 word of 32 bits: Seed",
        has_stream: false,
        versions: "Unreal Engine 4 and 5 (RandomStream.h); VRand as UE5 (double FVector); checked against an independent Python reference",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<UnrealLcg, SeedError> {
        Ok(UnrealLcg::new(seed.low_u64() as u32))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[
            crate::registry::BareDraw {
                draw: "get-unsigned-int",
                yields: crate::registry::Yields::Int {
                    bits: 32,
                    signed: false,
                },
            },
            crate::registry::BareDraw {
                draw: "get-fraction",
                yields: crate::registry::Yields::Unit { bits: 23 },
            },
        ]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "get-unsigned-int",
                help: "GetUnsignedInt(): the new Seed (1 step)",
            },
            DrawInfo {
                syntax: "get-fraction",
                help: "GetFraction(): asfloat(0x3F800000 | Seed >> 9) - 1 (1 step)",
            },
            DrawInfo {
                syntax: "frand",
                help: "FRand(): GetFraction() (1 step)",
            },
            DrawInfo {
                syntax: "rand-helper A",
                help: "RandHelper(A): Min(trunc(GetFraction() * A), A - 1), 0 when A <= 0 (1 step, none when A <= 0)",
            },
            DrawInfo {
                syntax: "rand-range MIN MAX",
                help: "RandRange(Min, Max): Min + RandHelper(Max - Min + 1), inclusive (1 step)",
            },
            DrawInfo {
                syntax: "frand-range MIN MAX",
                help: "FRandRange(Min, Max): Min + (Max - Min) * GetFraction(), float (1 step)",
            },
            DrawInfo {
                syntax: "vrand",
                help: "VRand(): a unit vector, UE5 double FVector, printed x y z (3 steps a try, rejection)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<UnrealDraw>, DrawError> {
        Ok(Some(match name {
            "get-unsigned-int" => return no_args(UnrealDraw::GetUnsignedInt, name, args),
            "get-fraction" => return no_args(UnrealDraw::GetFraction, name, args),
            "frand" => return no_args(UnrealDraw::FRand, name, args),
            "vrand" => return no_args(UnrealDraw::VRand, name, args),
            "rand-helper" => {
                UnrealDraw::RandHelper(crate::draw::one("rand-helper A", args, parse_int::<i32>)?)
            }
            "rand-range" => {
                let (min, max) = two("rand-range MIN MAX", args, parse_int::<i32>)?;
                UnrealDraw::RandRange(min, max)
            }
            "frand-range" => {
                let (min, max) = two("frand-range MIN MAX", args, parse_f32)?;
                if !(min.is_finite() && max.is_finite()) {
                    return Err(DrawError::Invalid(alloc::format!(
                        "`frand-range MIN MAX` needs finite bounds, got {min} and {max}"
                    )));
                }
                UnrealDraw::FRandRange(min, max)
            }
            _ => return Ok(None),
        }))
    }

    fn eval(draw: &UnrealDraw, rng: &mut UnrealLcg) -> DrawValue {
        let mut s = FRandomStream(rng);
        match *draw {
            UnrealDraw::GetUnsignedInt => DrawValue::U32(s.get_unsigned_int()),
            UnrealDraw::GetFraction | UnrealDraw::FRand => DrawValue::F32(s.get_fraction()),
            UnrealDraw::RandHelper(a) => DrawValue::I32(s.rand_helper(a)),
            UnrealDraw::RandRange(min, max) => DrawValue::I32(s.rand_range(min, max)),
            UnrealDraw::FRandRange(min, max) => DrawValue::F32(s.frand_range(min, max)),
            UnrealDraw::VRand => DrawValue::F64s(s.vrand().to_vec()),
        }
    }

    fn steps(draw: &UnrealDraw) -> Steps {
        match *draw {
            UnrealDraw::VRand => Steps::Variable,
            UnrealDraw::RandHelper(a) if a <= 0 => Steps::Fixed(0),
            _ => Steps::Fixed(1),
        }
    }

    fn known_bits(draw: &UnrealDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        let one = |k: KnownBits| Some(vec![k]);
        match *draw {
            UnrealDraw::GetUnsignedInt => {
                one(KnownBits::new(0xffff_ffff, u64::from(value.as_u32()?)))
            }
            UnrealDraw::GetFraction | UnrealDraw::FRand => {
                let v = value.as_f64()?;
                if !(0.0..1.0).contains(&v) {
                    return None;
                }
                let m = ((v * 8_388_608.0) as u32).min(0x7f_ffff);
                let mut found = KnownAccumulator::default();
                for k in m.saturating_sub(4)..=(m + 4).min(0x7f_ffff) {
                    if value.matches_f32(fraction(k << 9)) {
                        found.add(u64::from(k) << 9);
                    }
                }
                one(found.finish(0xffff_fe00)?)
            }
            UnrealDraw::RandHelper(a) if a <= 0 => (value.as_i64()? == 0).then(Vec::new),
            UnrealDraw::RandHelper(a) => {
                let v = value.as_i64()?;
                (0..i64::from(a)).contains(&v).then(Vec::new)
            }
            UnrealDraw::RandRange(..) | UnrealDraw::FRandRange(..) => {
                value.as_f64().map(|_| Vec::new())
            }
            UnrealDraw::VRand => Some(Vec::new()),
        }
    }
}
