//! The draws every GEN has (`u32 u64 f32 f64 int bool`), the values draws
//! give, and the small parsers that engine draws share.
//!
//! Engine draws live with their engine (`engines/unity.rs` holds `value`,
//! `range-int`, ...) and are reached through the registry
//! ([`crate::registry::DynGen::parse_draw`]).

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use rand_core::Rng;

use crate::facade::RandomExt;
use crate::number::{NumberError, parse_int};
use crate::observe::{KnownAccumulator, KnownBits, ObservedValue};
pub use crate::value::DrawValue;

/// A draw every GEN has, parsed.
///
/// ```
/// use rngkit::draw::{CommonDraw, DrawValue};
/// use rngkit::generators::Pcg32;
///
/// let draw = CommonDraw::parse("u32", &[]).unwrap().unwrap();
/// let mut rng = Pcg32::new(42, 54);
/// assert_eq!(draw.eval(&mut rng), DrawValue::U32(0xa15c02b7));
/// assert_eq!(draw.eval(&mut rng).format(true), "0x7b47f409");
/// assert_eq!(
///     CommonDraw::parse("int", &["-5", "0x10"]).unwrap(),
///     Some(CommonDraw::Int { min: -5, max: 16 })
/// );
/// let err = CommonDraw::parse("int", &["3", "3"]).unwrap_err();
/// assert_eq!(err.to_string(), "`int MIN MAX` needs MIN < MAX, got 3 and 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CommonDraw {
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

/// The names of the draws every GEN has, with their argument syntax.
pub const COMMON_DRAWS: [&str; 6] = ["u32", "u64", "f32", "f64", "int MIN MAX", "bool"];

impl CommonDraw {
    /// Parses a common draw; `Ok(None)` for another name.
    ///
    /// # Errors
    /// [`DrawError`] for a wrong argument count or bad numbers.
    pub fn parse(name: &str, args: &[&str]) -> Result<Option<CommonDraw>, DrawError> {
        let simple = |draw: CommonDraw, syntax: &'static str| {
            expect_args(syntax, args)?;
            Ok(Some(draw))
        };
        match name {
            "u32" => simple(CommonDraw::U32, "u32"),
            "u64" => simple(CommonDraw::U64, "u64"),
            "f32" => simple(CommonDraw::F32, "f32"),
            "f64" => simple(CommonDraw::F64, "f64"),
            "bool" => simple(CommonDraw::Bool, "bool"),
            "int" => {
                expect_args("int MIN MAX", args)?;
                let min = parse_int::<i64>(args[0])?;
                let max = parse_int::<i64>(args[1])?;
                if min >= max {
                    return Err(DrawError::Invalid(format!(
                        "`int MIN MAX` needs MIN < MAX, got {min} and {max}"
                    )));
                }
                Ok(Some(CommonDraw::Int { min, max }))
            }
            _ => Ok(None),
        }
    }

    /// Draws one value. The common draws are the facade's helpers, so a
    /// game and the CLI draw the same values from the same state.
    pub fn eval<R: Rng + ?Sized>(&self, rng: &mut R) -> DrawValue {
        match *self {
            CommonDraw::U32 => DrawValue::U32(rng.next_u32()),
            CommonDraw::U64 => DrawValue::U64(rng.next_u64()),
            CommonDraw::F32 => DrawValue::F32(rng.next_f32()),
            CommonDraw::F64 => DrawValue::F64(rng.next_f64()),
            CommonDraw::Int { min, max } => DrawValue::I64(rng.range(min..max)),
            CommonDraw::Bool => DrawValue::Bool(rng.coin()),
        }
    }

    /// Raw steps on a generator with `output_bits`-bit words. The 64-bit
    /// `int MIN MAX` counts as fixed (it redraws with probability below
    /// `span / 2^64`; verification catches the rare case).
    pub fn steps(&self, output_bits: u32) -> Steps {
        let u64_words = if output_bits == 32 { 2 } else { 1 };
        Steps::Fixed(match self {
            CommonDraw::U64 | CommonDraw::F64 | CommonDraw::Int { .. } => u64_words,
            _ => 1,
        })
    }

    /// The bits of the consumed raw words an observed value reveals.
    pub fn known_bits(&self, value: &ObservedValue, output_bits: u32) -> Option<Vec<KnownBits>> {
        common_known_bits(*self, value, output_bits)
    }
}

/// Why a draw could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DrawError {
    /// The GEN has no draw of this name.
    Unknown {
        /// The GEN.
        generator: &'static str,
        /// The name given.
        name: String,
        /// The draws it has (syntax).
        known: Vec<&'static str>,
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
            DrawError::Unknown {
                generator,
                name,
                known,
            } => {
                write!(
                    f,
                    "{generator} has no draw `{}`",
                    crate::error::shown(name, 32)
                )?;
                let names: Vec<&str> = known
                    .iter()
                    .map(|s| s.split(' ').next().unwrap_or(s))
                    .collect();
                if let Some(best) = crate::suggest::closest(name, names.iter().copied()) {
                    write!(f, " (did you mean `{best}`?)")?;
                }
                f.write_str("; its draws are: ")?;
                f.write_str(&known.join(", "))
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

/// How many raw steps a draw consumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steps {
    /// Always this many.
    Fixed(u64),
    /// It depends on the words drawn (rejection sampling, redraws).
    Variable,
}

/// Checks that `args` has as many entries as `syntax` names after the draw.
///
/// # Errors
/// [`DrawError::Arity`].
pub fn expect_args(syntax: &str, args: &[&str]) -> Result<(), DrawError> {
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

/// A draw without arguments: `Ok(Some(draw))` when `args` is empty.
///
/// # Errors
/// [`DrawError::Arity`].
pub fn no_args<D>(draw: D, syntax: &str, args: &[&str]) -> Result<Option<D>, DrawError> {
    expect_args(syntax, args)?;
    Ok(Some(draw))
}

/// Two arguments of one type.
///
/// # Errors
/// [`DrawError`] for a wrong count or a bad number.
pub fn two<T>(
    syntax: &'static str,
    args: &[&str],
    parse: impl Fn(&str) -> Result<T, NumberError>,
) -> Result<(T, T), DrawError> {
    expect_args(syntax, args)?;
    Ok((parse(args[0])?, parse(args[1])?))
}

/// One argument.
///
/// # Errors
/// [`DrawError`] for a wrong count or a bad number.
pub fn one<T>(
    syntax: &'static str,
    args: &[&str],
    parse: impl Fn(&str) -> Result<T, NumberError>,
) -> Result<T, DrawError> {
    expect_args(syntax, args)?;
    Ok(parse(args[0])?)
}

/// Optional `MIN MAX`: none or both.
///
/// # Errors
/// [`DrawError`] for one argument, three or more, or a bad number.
pub fn optional_two<T>(
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

/// Known bits for the common draws.
fn common_known_bits(
    draw: CommonDraw,
    value: &ObservedValue,
    output_bits: u32,
) -> Option<Vec<KnownBits>> {
    // Known bits of the 64-bit value `next_u64` and of `next_u32`, spread
    // over the raw words the draw consumes.
    let split_u64 = |k: KnownBits| -> Vec<KnownBits> {
        if output_bits == 32 {
            vec![
                KnownBits::new(k.mask & 0xffff_ffff, k.value & 0xffff_ffff),
                KnownBits::new(k.mask >> 32, k.value >> 32),
            ]
        } else {
            vec![k]
        }
    };
    let u32_bits = |mask: u32, v: u32| -> KnownBits {
        if output_bits == 32 {
            KnownBits::new(u64::from(mask), u64::from(v))
        } else {
            KnownBits::new(u64::from(mask) << 32, u64::from(v) << 32)
        }
    };
    match draw {
        CommonDraw::U32 => Some(vec![u32_bits(u32::MAX, value.as_u32()?)]),
        CommonDraw::U64 => Some(split_u64(KnownBits::new(u64::MAX, value.as_u64()?))),
        CommonDraw::Bool => Some(vec![u32_bits(1 << 31, u32::from(value.as_bool()?) << 31)]),
        CommonDraw::F32 => {
            let target = value.as_f64()?;
            let guess = target * f64::from(1u32 << 24);
            let g = guess.clamp(0.0, f64::from((1u32 << 24) - 1)) as u32;
            let mut found = KnownAccumulator::default();
            for k in g.saturating_sub(4)..=(g + 4).min((1 << 24) - 1) {
                if value.matches_f32(k as f32 * (1.0 / (1u32 << 24) as f32)) {
                    found.add(u64::from(k) << 8);
                }
            }
            let k = found.finish(0xffff_ff00)?;
            Some(vec![u32_bits(k.mask as u32, k.value as u32)])
        }
        CommonDraw::F64 => {
            let target = value.as_f64()?;
            let g = (target * (1u64 << 53) as f64).clamp(0.0, ((1u64 << 53) - 1) as f64) as u64;
            let mut found = KnownAccumulator::default();
            for k in g.saturating_sub(4)..=(g + 4).min((1 << 53) - 1) {
                if value.matches_f64(k as f64 * (1.0 / (1u64 << 53) as f64)) {
                    found.add(k << 11);
                }
            }
            Some(split_u64(found.finish(!0x7ff)?))
        }
        CommonDraw::Int { min, max } => {
            let v = value.as_i64()?;
            let span = max.wrapping_sub(min) as u64;
            let offset = v.wrapping_sub(min) as u64;
            if v < min || v >= max {
                return None;
            }
            // Lemire: v = (x * span) >> 64, so x lies in
            // [ceil(offset * 2^64 / span), ceil((offset + 1) * 2^64 / span) - 1].
            let lo = ((u128::from(offset) << 64).div_ceil(u128::from(span))) as u64;
            let hi_excl = (u128::from(offset) + 1) << 64;
            let hi = (hi_excl.div_ceil(u128::from(span)) - 1).min(u128::from(u64::MAX)) as u64;
            let differing = lo ^ hi;
            let mask = if differing == 0 {
                u64::MAX
            } else {
                !(u64::MAX >> differing.leading_zeros())
            };
            Some(split_u64(KnownBits::new(mask, lo & mask)))
        }
    }
}
