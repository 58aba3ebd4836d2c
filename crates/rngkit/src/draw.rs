//! The draw registry: every draw the CLI's `gen` knows, defined once.
//!
//! A [`Draw`] is data: its name and arguments as the user typed them,
//! parsed and validated for a [`Profile`], then evaluated against an
//! [`AnyGenerator`] to give a [`DrawValue`] that knows how to print itself.
//! `gen` evaluates draws; `recover` and `seed-search` read the same syntax
//! from observation files.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use rand_core::Rng;

use crate::number::{NumberError, parse_int};
use crate::profile::{AnyGenerator, Profile};

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
        syntax: &'static str,
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

fn expect_args(syntax: &'static str, args: &[&str]) -> Result<(), DrawError> {
    let wanted = syntax.split(' ').count() - 1;
    if args.len() == wanted {
        Ok(())
    } else {
        Err(DrawError::Arity {
            syntax,
            found: args.len(),
        })
    }
}

impl Draw {
    /// The draws `profile` has, with their argument syntax.
    pub fn names(profile: Profile) -> Vec<&'static str> {
        let _ = profile;
        COMMON_DRAWS.to_vec()
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
            _ => Err(DrawError::Unknown {
                profile,
                name: name.into(),
            }),
        }
    }

    /// Draws one value from `rng`.
    pub fn eval(&self, rng: &mut AnyGenerator) -> DrawValue {
        match *self {
            Draw::U32 => DrawValue::U32(rng.next_u32()),
            Draw::U64 => DrawValue::U64(rng.next_u64()),
            Draw::F32 => DrawValue::F32((rng.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)),
            Draw::F64 => {
                DrawValue::F64((rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64))
            }
            Draw::Int { min, max } => {
                let span = max.wrapping_sub(min) as u64;
                DrawValue::I64(min.wrapping_add(bounded_u64(rng, span) as i64))
            }
            Draw::Bool => DrawValue::Bool(rng.next_u32() >> 31 == 1),
        }
    }
}

/// Unbiased integer in `0..span` (`span > 0`) by Lemire's nearly divisionless
/// method ("Fast Random Integer Generation in an Interval", ACM TOMACS 29(1),
/// 2019): multiply a 64-bit word by `span`, keep the high half, and reject the
/// few low halves below `2^64 mod span`.
fn bounded_u64<R: Rng + ?Sized>(rng: &mut R, span: u64) -> u64 {
    let mut m = u128::from(rng.next_u64()) * u128::from(span);
    if (m as u64) < span {
        let threshold = span.wrapping_neg() % span;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(span);
        }
    }
    (m >> 64) as u64
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
