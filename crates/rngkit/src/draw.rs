//! The draw registry: every draw the CLI's `gen` knows, defined once.
//!
//! A [`Draw`] is data: its name and arguments as the user typed them,
//! parsed and validated for a [`Profile`], then evaluated against an
//! [`DeterministicRng`] to give a [`DrawValue`] that knows how to print itself.
//! `gen` evaluates draws; `recover` and `seed-search` read the same syntax
//! from observation files.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use rand_core::Rng;

use crate::facade::RandomExt;

use crate::engines::bdsp::Bdsp;
use crate::engines::mars::MarsRng;
use crate::engines::megacrush::MegaCrushPcg32;
use crate::engines::unity::{ColorHsvRanges, UnityRandom};
use crate::engines::unity_math::UnityMathRandom;
use crate::number::{NumberError, parse_f32, parse_int};
use crate::profile::{DeterministicRng, Profile};

/// A draw with its arguments, validated.
///
/// ```
/// use rngkit::draw::{Draw, DrawValue};
/// use rngkit::profile::Profile;
///
/// let draw = Draw::parse(Profile::Pcg32, "u32", &[]).unwrap();
/// let mut rng = Profile::Pcg32.seeded(42, 54).unwrap();
/// assert_eq!(draw.eval(&mut rng), DrawValue::U32(0xa15c02b7));
/// assert_eq!(draw.eval(&mut rng).format(true), "0x7b47f409");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Draw {
    /// `u32`: one `next_u32` (for 64-bit generators the upper half of one output).
    U32,
    /// `u64`: one `next_u64` (for 32-bit generators two outputs, first one low).
    U64,
    /// `f32`: uniform on [0, 1) with 24 bits: `(next_u32 >> 8) * 2^-24`.
    F32,
    /// `f64`: uniform on [0, 1) with 53 bits: `(next_u64 >> 11) * 2^-53`.
    F64,
    /// `int MIN MAX`: unbiased on `MIN <= x < MAX` (64-bit, Lemire's method on `next_u64`).
    Int {
        /// Inclusive lower bound.
        min: i64,
        /// Exclusive upper bound.
        max: i64,
    },
    /// `bool`: the top bit of `next_u32`.
    Bool,
    /// A `UnityEngine.Random` draw (profile `unity`).
    Unity(UnityDraw),
    /// A `Unity.Mathematics.Random` draw (profile `unity-math`).
    UnityMath(UnityMathDraw),
    /// A BDSP-convention draw (profile `bdsp`).
    Bdsp(BdspDraw),
    /// A mars engine draw (profile `mars`).
    Mars(MarsDraw),
    /// A MegaCrush `Pcg32` draw (profile `megacrush`).
    MegaCrush(MegaCrushDraw),
}

/// The draws of `UnityEngine.Random` ([`UnityRandom`]).
#[derive(Clone, Debug, PartialEq)]
pub enum UnityDraw {
    /// `value`: `Random.value`, closed [0, 1].
    Value,
    /// `range-float MIN MAX`: `Random.Range(float, float)`.
    RangeFloat(f32, f32),
    /// `range-int MIN MAX`: `Random.Range(int, int)`, all three branches.
    RangeInt(i32, i32),
    /// `inside-unit-circle`: `Random.insideUnitCircle` (2 words).
    InsideUnitCircle,
    /// `inside-unit-sphere`: `Random.insideUnitSphere` (3 words).
    InsideUnitSphere,
    /// `on-unit-sphere`: `Random.onUnitSphere` (2 words).
    OnUnitSphere,
    /// `rotation`: `Random.rotation` (4 words), `x y z w`.
    Rotation,
    /// `rotation-uniform`: `Random.rotationUniform` (3 words), `x y z w`.
    RotationUniform,
    /// `color-hsv [HMIN HMAX SMIN SMAX VMIN VMAX AMIN AMAX]`: `Random.ColorHSV`, `r g b a`.
    ColorHsv(Option<[f32; 8]>),
}

/// The draws of `Unity.Mathematics.Random` ([`UnityMathRandom`]).
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

/// The BDSP notes' draws ([`Bdsp`]).
#[derive(Clone, Debug, PartialEq)]
pub enum BdspDraw {
    /// `next-uint`: the raw output word.
    NextUint,
    /// `next-rand [MIN MAX]`: `next_rand`, default range when omitted.
    NextRand(Option<(u32, u32)>),
    /// `next-alt-rand MIN MAX`: `next_alt_rand`.
    NextAltRand(u32, u32),
    /// `next-float [MIN MAX]`: `next_float`, [0, 1] when omitted.
    NextFloat(Option<(f32, f32)>),
}

/// The mars engine's draws ([`MarsRng`]).
#[derive(Clone, Debug, PartialEq)]
pub enum MarsDraw {
    /// `next-u32`: the tempered word.
    NextU32,
    /// `next-unit`: the double `y / (2^32 - 1)` in [0, 1].
    NextUnit,
    /// `next-float`: that double stored as a float (53-bit x87 precision).
    NextFloat,
    /// `next-float-pc24`: the same draw under 24-bit x87 precision control.
    NextFloatPc24,
    /// `next-int-inclusive N`: uniform on [0, N].
    NextIntInclusive(u32),
}

/// The MegaCrush `Pcg32` struct's draws ([`MegaCrushPcg32`]).
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

/// The names of the draws every profile has, with their argument syntax.
pub const COMMON_DRAWS: [&str; 6] = ["u32", "u64", "f32", "f64", "int MIN MAX", "bool"];

/// Why a draw could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawError {
    /// The profile has no draw of this name.
    Unknown {
        /// The profile.
        profile: Profile,
        /// The name given.
        name: String,
    },
    /// Wrong number of arguments.
    Arity {
        /// The draw's syntax, e.g. `int MIN MAX`.
        syntax: String,
        /// How many arguments were given.
        found: usize,
    },
    /// An argument is not a valid number.
    Number(NumberError),
    /// The arguments are numbers but make no sense together.
    Invalid(String),
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::Unknown { profile, name } => {
                write!(f, "{profile} has no draw `{name}`; its draws are: ")?;
                for (i, d) in Draw::names(*profile).iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(d)?;
                }
                Ok(())
            }
            DrawError::Arity { syntax, found } => {
                write!(
                    f,
                    "`{syntax}` takes {} argument(s), found {found}",
                    syntax.split(' ').count() - 1
                )
            }
            DrawError::Number(e) => write!(f, "{e}"),
            DrawError::Invalid(msg) => f.write_str(msg),
        }
    }
}

impl core::error::Error for DrawError {}

impl From<NumberError> for DrawError {
    fn from(e: NumberError) -> Self {
        DrawError::Number(e)
    }
}

fn expect_args(syntax: &str, args: &[&str]) -> Result<(), DrawError> {
    let wanted = syntax.split(' ').count() - 1;
    if args.len() == wanted {
        Ok(())
    } else {
        Err(DrawError::Arity {
            syntax: syntax.into(),
            found: args.len(),
        })
    }
}

impl Draw {
    /// The draws `profile` has, with their argument syntax.
    pub fn names(profile: Profile) -> Vec<&'static str> {
        let engine: &[&'static str] = match profile {
            Profile::Unity => &[
                "value",
                "range-float MIN MAX",
                "range-int MIN MAX",
                "inside-unit-circle",
                "inside-unit-sphere",
                "on-unit-sphere",
                "rotation",
                "rotation-uniform",
                "color-hsv [HMIN HMAX SMIN SMAX VMIN VMAX AMIN AMAX]",
            ],
            Profile::UnityMath => &[
                "next-uint",
                "next-int MIN MAX",
                "next-float",
                "next-bool",
                "next-double",
            ],
            Profile::Bdsp => &[
                "next-uint",
                "next-rand [MIN MAX]",
                "next-alt-rand MIN MAX",
                "next-float [MIN MAX]",
            ],
            Profile::Mars => &[
                "next-u32",
                "next-unit",
                "next-float",
                "next-float-pc24",
                "next-int-inclusive N",
            ],
            Profile::Megacrush => &["next-uint", "next-int MIN MAX", "next-float", "next-bool"],
            _ => &[],
        };
        COMMON_DRAWS.iter().chain(engine).copied().collect()
    }

    /// Parses a draw name and its arguments for `profile`.
    ///
    /// # Errors
    /// [`DrawError`] for an unknown name, a wrong argument count, a malformed
    /// number or an empty range.
    ///
    /// ```
    /// use rngkit::draw::Draw;
    /// use rngkit::profile::Profile;
    ///
    /// assert_eq!(
    ///     Draw::parse(Profile::Unity, "int", &["-5", "0x10"]).unwrap(),
    ///     Draw::Int { min: -5, max: 16 }
    /// );
    /// let err = Draw::parse(Profile::Unity, "int", &["3", "3"]).unwrap_err();
    /// assert_eq!(err.to_string(), "`int MIN MAX` needs MIN < MAX, got 3 and 3");
    /// ```
    pub fn parse(profile: Profile, name: &str, args: &[&str]) -> Result<Draw, DrawError> {
        let simple = |draw: Draw, syntax: &'static str| {
            expect_args(syntax, args)?;
            Ok(draw)
        };
        match name {
            "u32" => simple(Draw::U32, "u32"),
            "u64" => simple(Draw::U64, "u64"),
            "f32" => simple(Draw::F32, "f32"),
            "f64" => simple(Draw::F64, "f64"),
            "bool" => simple(Draw::Bool, "bool"),
            "int" => {
                expect_args("int MIN MAX", args)?;
                let min = parse_int::<i64>(args[0])?;
                let max = parse_int::<i64>(args[1])?;
                if min >= max {
                    return Err(DrawError::Invalid(format!(
                        "`int MIN MAX` needs MIN < MAX, got {min} and {max}"
                    )));
                }
                Ok(Draw::Int { min, max })
            }
            _ => parse_engine_draw(profile, name, args)?.ok_or_else(|| DrawError::Unknown {
                profile,
                name: name.into(),
            }),
        }
    }

    /// Draws one value from `rng`.
    ///
    /// # Panics
    /// If an engine draw is evaluated on a generator of another algorithm
    /// than its engine's (a draw parsed for a [`Profile`] and a generator
    /// built by that profile always agree).
    pub fn eval(&self, rng: &mut DeterministicRng) -> DrawValue {
        match *self {
            Draw::Unity(ref d) => eval_unity(d, rng),
            Draw::UnityMath(ref d) => eval_unity_math(d, rng),
            Draw::Bdsp(ref d) => eval_bdsp(d, rng),
            Draw::Mars(ref d) => eval_mars(d, rng),
            Draw::MegaCrush(ref d) => eval_megacrush(d, rng),
            Draw::U32 => DrawValue::U32(rng.next_u32()),
            Draw::U64 => DrawValue::U64(rng.next_u64()),
            // The common draws are the facade's helpers, so a game and the CLI
            // draw the same values from the same state.
            Draw::F32 => DrawValue::F32(rng.next_f32()),
            Draw::F64 => DrawValue::F64(rng.next_f64()),
            Draw::Int { min, max } => DrawValue::I64(rng.range(min..max)),
            Draw::Bool => DrawValue::Bool(rng.coin()),
        }
    }
}

fn mismatch(draw: &str, rng: &DeterministicRng) -> ! {
    panic!(
        "the {draw} draw needs its engine's generator, not {:?}",
        rng.algorithm()
    )
}

fn two<T>(
    syntax: &'static str,
    args: &[&str],
    parse: impl Fn(&str) -> Result<T, NumberError>,
) -> Result<(T, T), DrawError> {
    expect_args(syntax, args)?;
    Ok((parse(args[0])?, parse(args[1])?))
}

/// Optional `MIN MAX`: none or both.
fn optional_two<T>(
    syntax: &'static str,
    args: &[&str],
    parse: impl Fn(&str) -> Result<T, NumberError>,
) -> Result<Option<(T, T)>, DrawError> {
    match args.len() {
        0 => Ok(None),
        2 => Ok(Some((parse(args[0])?, parse(args[1])?))),
        found => Err(DrawError::Invalid(format!(
            "`{syntax}` takes no arguments or both MIN and MAX, found {found}"
        ))),
    }
}

/// A BDSP bound: the notes' `uint32_t` parameters, given as a `u32` or as a
/// negative `int` (its two's complement, like the default `-0x80000000`).
fn bdsp_bound(text: &str) -> Result<u32, NumberError> {
    parse_int::<u32>(text).or_else(|e| parse_int::<i32>(text).map(|v| v as u32).map_err(|_| e))
}

fn no_args(draw: Draw, syntax: &str, args: &[&str]) -> Result<Option<Draw>, DrawError> {
    expect_args(syntax, args)?;
    Ok(Some(draw))
}

/// The engine draws of `profile`; `Ok(None)` when it has none of that name.
fn parse_engine_draw(
    profile: Profile,
    name: &str,
    args: &[&str],
) -> Result<Option<Draw>, DrawError> {
    match profile {
        Profile::Unity => {
            let unity = |d| Draw::Unity(d);
            match name {
                "value" => no_args(unity(UnityDraw::Value), "value", args),
                "range-float" => {
                    let (min, max) = two("range-float MIN MAX", args, parse_f32)?;
                    Ok(Some(unity(UnityDraw::RangeFloat(min, max))))
                }
                "range-int" => {
                    let (min, max) = two("range-int MIN MAX", args, parse_int::<i32>)?;
                    Ok(Some(unity(UnityDraw::RangeInt(min, max))))
                }
                "inside-unit-circle" => no_args(unity(UnityDraw::InsideUnitCircle), name, args),
                "inside-unit-sphere" => no_args(unity(UnityDraw::InsideUnitSphere), name, args),
                "on-unit-sphere" => no_args(unity(UnityDraw::OnUnitSphere), name, args),
                "rotation" => no_args(unity(UnityDraw::Rotation), "rotation", args),
                "rotation-uniform" => {
                    no_args(unity(UnityDraw::RotationUniform), "rotation-uniform", args)
                }
                "color-hsv" => match args.len() {
                    0 => Ok(Some(unity(UnityDraw::ColorHsv(None)))),
                    8 => {
                        let mut ranges = [0f32; 8];
                        for (slot, arg) in ranges.iter_mut().zip(args) {
                            *slot = parse_f32(arg)?;
                        }
                        Ok(Some(unity(UnityDraw::ColorHsv(Some(ranges)))))
                    }
                    found => Err(DrawError::Invalid(format!(
                        "`color-hsv` takes no arguments or all eight of HMIN HMAX SMIN SMAX VMIN VMAX AMIN AMAX, found {found}"
                    ))),
                },
                _ => Ok(None),
            }
        }
        Profile::UnityMath => {
            let um = |d| Draw::UnityMath(d);
            match name {
                "next-uint" => no_args(um(UnityMathDraw::NextUint), "next-uint", args),
                "next-int" => {
                    let (min, max) = two("next-int MIN MAX", args, parse_int::<i32>)?;
                    if min > max {
                        return Err(DrawError::Invalid(format!(
                            "`next-int MIN MAX` needs MIN <= MAX, got {min} and {max}"
                        )));
                    }
                    Ok(Some(um(UnityMathDraw::NextInt(min, max))))
                }
                "next-float" => no_args(um(UnityMathDraw::NextFloat), "next-float", args),
                "next-bool" => no_args(um(UnityMathDraw::NextBool), "next-bool", args),
                "next-double" => no_args(um(UnityMathDraw::NextDouble), "next-double", args),
                _ => Ok(None),
            }
        }
        Profile::Bdsp => {
            let b = |d| Draw::Bdsp(d);
            match name {
                "next-uint" => no_args(b(BdspDraw::NextUint), "next-uint", args),
                "next-rand" => Ok(Some(b(BdspDraw::NextRand(optional_two(
                    "next-rand [MIN MAX]",
                    args,
                    bdsp_bound,
                )?)))),
                "next-alt-rand" => {
                    let (min, max) = two("next-alt-rand MIN MAX", args, bdsp_bound)?;
                    Ok(Some(b(BdspDraw::NextAltRand(min, max))))
                }
                "next-float" => Ok(Some(b(BdspDraw::NextFloat(optional_two(
                    "next-float [MIN MAX]",
                    args,
                    parse_f32,
                )?)))),
                _ => Ok(None),
            }
        }
        Profile::Mars => {
            let m = |d| Draw::Mars(d);
            match name {
                "next-u32" => no_args(m(MarsDraw::NextU32), "next-u32", args),
                "next-unit" => no_args(m(MarsDraw::NextUnit), "next-unit", args),
                "next-float" => no_args(m(MarsDraw::NextFloat), "next-float", args),
                "next-float-pc24" => no_args(m(MarsDraw::NextFloatPc24), "next-float-pc24", args),
                "next-int-inclusive" => {
                    expect_args("next-int-inclusive N", args)?;
                    Ok(Some(m(MarsDraw::NextIntInclusive(parse_int::<u32>(
                        args[0],
                    )?))))
                }
                _ => Ok(None),
            }
        }
        Profile::Megacrush => {
            let mc = |d| Draw::MegaCrush(d);
            match name {
                "next-uint" => no_args(mc(MegaCrushDraw::NextUint), "next-uint", args),
                "next-int" => {
                    let (min, max) = two("next-int MIN MAX", args, parse_int::<i32>)?;
                    if min >= max {
                        return Err(DrawError::Invalid(format!(
                            "`next-int MIN MAX` needs MIN < MAX (a half-open range), got {min} and {max}"
                        )));
                    }
                    Ok(Some(mc(MegaCrushDraw::NextInt(min, max))))
                }
                "next-float" => no_args(mc(MegaCrushDraw::NextFloat), "next-float", args),
                "next-bool" => no_args(mc(MegaCrushDraw::NextBool), "next-bool", args),
                _ => Ok(None),
            }
        }
        _ => Ok(None),
    }
}

fn eval_unity(draw: &UnityDraw, rng: &mut DeterministicRng) -> DrawValue {
    let DeterministicRng::Xorshift128(g) = rng else {
        mismatch("unity", rng)
    };
    let mut unity = UnityRandom::from_generator(g);
    match *draw {
        UnityDraw::Value => DrawValue::F32(unity.value()),
        UnityDraw::RangeFloat(min, max) => DrawValue::F32(unity.range_float(min, max)),
        UnityDraw::RangeInt(min, max) => DrawValue::I32(unity.range_int(min, max)),
        UnityDraw::InsideUnitCircle => DrawValue::F32s(unity.inside_unit_circle().to_vec()),
        UnityDraw::InsideUnitSphere => DrawValue::F32s(unity.inside_unit_sphere().to_vec()),
        UnityDraw::OnUnitSphere => DrawValue::F32s(unity.on_unit_sphere().to_vec()),
        UnityDraw::Rotation => DrawValue::F32s(unity.rotation().to_vec()),
        UnityDraw::RotationUniform => DrawValue::F32s(unity.rotation_uniform().to_vec()),
        UnityDraw::ColorHsv(None) => DrawValue::F32s(unity.color_hsv().to_vec()),
        UnityDraw::ColorHsv(Some(r)) => DrawValue::F32s(
            unity
                .color_hsv_ranges(ColorHsvRanges::from_array(r))
                .to_vec(),
        ),
    }
}

fn eval_unity_math(draw: &UnityMathDraw, rng: &mut DeterministicRng) -> DrawValue {
    let DeterministicRng::Xorshift32(g) = rng else {
        mismatch("unity-math", rng)
    };
    let mut um = UnityMathRandom::from_generator(g);
    match *draw {
        UnityMathDraw::NextUint => DrawValue::U32(um.next_uint()),
        UnityMathDraw::NextInt(min, max) => DrawValue::I32(um.next_int_range(min, max)),
        UnityMathDraw::NextFloat => DrawValue::F32(um.next_float()),
        UnityMathDraw::NextBool => DrawValue::Bool(um.next_bool()),
        UnityMathDraw::NextDouble => DrawValue::F64(um.next_double()),
    }
}

fn eval_bdsp(draw: &BdspDraw, rng: &mut DeterministicRng) -> DrawValue {
    let DeterministicRng::Xorshift128(g) = rng else {
        mismatch("bdsp", rng)
    };
    let mut bdsp = Bdsp::from_generator(g);
    match *draw {
        BdspDraw::NextUint => DrawValue::U32(bdsp.next_uint()),
        BdspDraw::NextRand(None) => DrawValue::U32(bdsp.next_rand_default()),
        BdspDraw::NextRand(Some((min, max))) => DrawValue::U32(bdsp.next_rand(min, max)),
        BdspDraw::NextAltRand(min, max) => DrawValue::U32(bdsp.next_alt_rand(min, max)),
        BdspDraw::NextFloat(None) => DrawValue::F32(bdsp.next_float()),
        BdspDraw::NextFloat(Some((min, max))) => DrawValue::F32(bdsp.next_float_range(min, max)),
    }
}

fn eval_mars(draw: &MarsDraw, rng: &mut DeterministicRng) -> DrawValue {
    let DeterministicRng::Mt19937(g) = rng else {
        mismatch("mars", rng)
    };
    let mut mars = MarsRng::from_generator(g);
    match *draw {
        MarsDraw::NextU32 => DrawValue::U32(mars.next_u32()),
        MarsDraw::NextUnit => DrawValue::F64(mars.next_unit()),
        MarsDraw::NextFloat => DrawValue::F32(mars.next_float()),
        MarsDraw::NextFloatPc24 => DrawValue::F32(mars.next_float_pc24()),
        MarsDraw::NextIntInclusive(n) => DrawValue::U32(mars.next_int_inclusive(n)),
    }
}

fn eval_megacrush(draw: &MegaCrushDraw, rng: &mut DeterministicRng) -> DrawValue {
    let DeterministicRng::Pcg32(g) = rng else {
        mismatch("megacrush", rng)
    };
    let mut mc = MegaCrushPcg32::from_generator(g);
    match *draw {
        MegaCrushDraw::NextUint => DrawValue::U32(mc.next_uint()),
        MegaCrushDraw::NextInt(min, max) => DrawValue::I32(mc.next_int(min, max)),
        MegaCrushDraw::NextFloat => DrawValue::F32(mc.next_float()),
        MegaCrushDraw::NextBool => DrawValue::Bool(mc.next_bool()),
    }
}

/// The result of one draw, with the contract's two output formats.
#[derive(Clone, Debug, PartialEq)]
pub enum DrawValue {
    /// An unsigned 32-bit integer.
    U32(u32),
    /// An unsigned 64-bit integer.
    U64(u64),
    /// A signed 32-bit integer.
    I32(i32),
    /// A signed 64-bit integer.
    I64(i64),
    /// A float.
    F32(f32),
    /// A double.
    F64(f64),
    /// A boolean.
    Bool(bool),
    /// A vector, quaternion or colour of floats.
    F32s(Vec<f32>),
}

impl DrawValue {
    /// Formats the value as `gen` prints it: integers in decimal and floats
    /// as the shortest decimal that round-trips to the same bits; with `hex`,
    /// integers as `0x` hex (two's complement for negative values, zero-padded
    /// to the type's width) and floats as their IEEE-754 bits; booleans print as
    /// `true`/`false` either way. Vector
    /// components are space-separated.
    ///
    /// ```
    /// use rngkit::draw::DrawValue;
    ///
    /// assert_eq!(DrawValue::F32(0.5841396).format(false), "0.5841396");
    /// assert_eq!(DrawValue::F32(0.5).format(true), "0x3f000000");
    /// assert_eq!(DrawValue::I32(-1).format(true), "0xffffffff");
    /// assert_eq!(DrawValue::F32s(vec![1.0, -0.25]).format(false), "1 -0.25");
    /// ```
    pub fn format(&self, hex: bool) -> String {
        match (self, hex) {
            (DrawValue::U32(v), false) => format!("{v}"),
            (DrawValue::U32(v), true) => format!("{v:#010x}"),
            (DrawValue::U64(v), false) => format!("{v}"),
            (DrawValue::U64(v), true) => format!("{v:#018x}"),
            (DrawValue::I32(v), false) => format!("{v}"),
            (DrawValue::I32(v), true) => format!("{:#010x}", *v as u32),
            (DrawValue::I64(v), false) => format!("{v}"),
            (DrawValue::I64(v), true) => format!("{:#018x}", *v as u64),
            (DrawValue::F32(v), false) => format!("{v}"),
            (DrawValue::F32(v), true) => format!("{:#010x}", v.to_bits()),
            (DrawValue::F64(v), false) => format!("{v}"),
            (DrawValue::F64(v), true) => format!("{:#018x}", v.to_bits()),
            (DrawValue::Bool(v), _) => format!("{v}"),
            (DrawValue::F32s(vs), _) => {
                let parts: Vec<String> =
                    vs.iter().map(|&v| DrawValue::F32(v).format(hex)).collect();
                parts.join(" ")
            }
        }
    }
}
