//! Parsing of the integers users type: decimal or `0x` hex, with a leading
//! `-` where the type is signed. One parser for the CLI, state strings and
//! observation files, so every input path accepts the same spellings.

use alloc::string::{String, ToString};
use core::fmt;

/// Why a number was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberError {
    text: String,
    reason: &'static str,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not {}", self.text, self.reason)
    }
}

impl core::error::Error for NumberError {}

/// An integer type [`parse_int`] can produce.
pub trait ParseableInt: Sized + Copy {
    /// What a valid value looks like, for error messages.
    const DESCRIPTION: &'static str;
    /// Converts from the parsed sign and magnitude, if in range.
    fn from_sign_magnitude(negative: bool, magnitude: u128) -> Option<Self>;
}

macro_rules! parseable {
    ($($ty:ty => $desc:literal),* $(,)?) => {$(
        impl ParseableInt for $ty {
            const DESCRIPTION: &'static str = $desc;
            fn from_sign_magnitude(negative: bool, magnitude: u128) -> Option<Self> {
                if negative {
                    // -2^(bits-1) is representable although 2^(bits-1) is not.
                    let value = 0i128.checked_sub_unsigned(magnitude)?;
                    <$ty>::try_from(value).ok()
                } else {
                    <$ty>::try_from(magnitude).ok()
                }
            }
        }
    )*};
}

parseable!(
    u32 => "a 32-bit unsigned integer (decimal or 0x hex)",
    u64 => "a 64-bit unsigned integer (decimal or 0x hex)",
    u128 => "a 128-bit unsigned integer (decimal or 0x hex)",
    i32 => "a 32-bit signed integer (decimal or 0x hex)",
    i64 => "a 64-bit signed integer (decimal or 0x hex)",
    i128 => "a 128-bit signed integer (decimal or 0x hex)",
);

/// Parses a decimal or `0x`/`0X` hex integer, with an optional leading `-`
/// (`+` is accepted too), and `_` separators between digits.
///
/// # Errors
/// [`NumberError`] naming the text and the expected type when the text is
/// not a number or is out of range.
///
/// ```
/// use rngkit::number::parse_int;
///
/// assert_eq!(parse_int::<u32>("0xd091bb5c").unwrap(), 0xd091bb5c);
/// assert_eq!(parse_int::<i32>("-2147483648").unwrap(), i32::MIN);
/// assert_eq!(parse_int::<i64>("-0x10").unwrap(), -16);
/// assert!(parse_int::<u32>("4294967296").is_err());
/// assert_eq!(
///     parse_int::<u32>("12a").unwrap_err().to_string(),
///     "`12a` is not a 32-bit unsigned integer (decimal or 0x hex)"
/// );
/// ```
pub fn parse_int<T: ParseableInt>(text: &str) -> Result<T, NumberError> {
    let error = || NumberError {
        text: text.to_string(),
        reason: T::DESCRIPTION,
    };
    let trimmed = text.trim();
    let (negative, rest) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let (radix, digits) = match rest.get(..2) {
        Some("0x" | "0X") => (16, &rest[2..]),
        _ => (10, rest),
    };
    if digits.is_empty() || digits.starts_with('_') || digits.ends_with('_') {
        return Err(error());
    }
    let mut magnitude: u128 = 0;
    for c in digits.chars() {
        if c == '_' {
            continue;
        }
        let digit = c.to_digit(radix).ok_or_else(error)?;
        magnitude = magnitude
            .checked_mul(u128::from(radix))
            .and_then(|m| m.checked_add(u128::from(digit)))
            .ok_or_else(error)?;
    }
    T::from_sign_magnitude(negative, magnitude).ok_or_else(error)
}

/// Parses a finite decimal float (`1.5`, `-2e3`); `0x` followed by 8 hex
/// digits is taken as an IEEE-754 bit pattern (the form `--hex` prints).
///
/// # Errors
/// [`NumberError`] for anything else, NaN and infinities included.
///
/// ```
/// use rngkit::number::parse_f32;
/// assert_eq!(parse_f32("0.5").unwrap(), 0.5);
/// assert_eq!(parse_f32("0x3f000000").unwrap(), 0.5);
/// assert!(parse_f32("nan").is_err());
/// ```
pub fn parse_f32(text: &str) -> Result<f32, NumberError> {
    let error = || NumberError {
        text: text.to_string(),
        reason: "a finite decimal number (or 0x and 8 hex digits of float bits)",
    };
    let trimmed = text.trim();
    let value = match trimmed.get(..2) {
        Some("0x" | "0X") if trimmed.len() == 10 => {
            f32::from_bits(u32::from_str_radix(&trimmed[2..], 16).map_err(|_| error())?)
        }
        _ => trimmed.parse::<f32>().map_err(|_| error())?,
    };
    if value.is_finite() {
        Ok(value)
    } else {
        Err(error())
    }
}

/// Like [`parse_f32`] for `f64`; the hex form takes 16 hex digits.
///
/// # Errors
/// [`NumberError`] for anything but a finite number.
///
/// ```
/// use rngkit::number::parse_f64;
/// assert_eq!(parse_f64("0.25").unwrap(), 0.25);
/// assert_eq!(parse_f64("0x3fd0000000000000").unwrap(), 0.25);
/// ```
pub fn parse_f64(text: &str) -> Result<f64, NumberError> {
    let error = || NumberError {
        text: text.to_string(),
        reason: "a finite decimal number (or 0x and 16 hex digits of double bits)",
    };
    let trimmed = text.trim();
    let value = match trimmed.get(..2) {
        Some("0x" | "0X") if trimmed.len() == 18 => {
            f64::from_bits(u64::from_str_radix(&trimmed[2..], 16).map_err(|_| error())?)
        }
        _ => trimmed.parse::<f64>().map_err(|_| error())?,
    };
    if value.is_finite() {
        Ok(value)
    } else {
        Err(error())
    }
}
