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
        // The text as typed, cut short and with control characters escaped,
        // so the message stays one printable line whatever the input.
        write!(
            f,
            "`{}` is not {}",
            crate::error::shown(&self.text, 64),
            self.reason
        )
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

/// An integer's text, trimmed, split into its sign (`-` or `+`), radix (16
/// after `0x`, else 10) and digits; `None` when the digits are empty or
/// start or end with `_`. The one reading of [`parse_int`] and
/// [`BigInt`]'s `from_str`.
fn split_integer(text: &str) -> Option<(bool, u32, &str)> {
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
        return None;
    }
    Some((negative, radix, digits))
}

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
    let (negative, radix, digits) = split_integer(text).ok_or_else(error)?;
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
    parse_float(
        text,
        "a finite decimal number (or 0x and 8 hex digits of float bits)",
    )
}

/// A float type [`parse_float`] reads: decimal text or `0x` and its bits in
/// hex.
trait HexFloat: core::str::FromStr + Copy {
    /// Hex digits of the bits (8 or 16).
    const HEX_DIGITS: usize;
    fn from_hex_bits(hex: &str) -> Option<Self>;
    fn is_finite(self) -> bool;
}

macro_rules! hex_float {
    ($float:ty, $bits:ty, $digits:expr) => {
        impl HexFloat for $float {
            const HEX_DIGITS: usize = $digits;
            fn from_hex_bits(hex: &str) -> Option<$float> {
                <$bits>::from_str_radix(hex, 16)
                    .ok()
                    .map(<$float>::from_bits)
            }
            fn is_finite(self) -> bool {
                <$float>::is_finite(self)
            }
        }
    };
}

hex_float!(f32, u32, 8);
hex_float!(f64, u64, 16);

/// [`parse_f32`] and [`parse_f64`]: a finite decimal, or `0x` and exactly
/// the type's hex digits of bits.
fn parse_float<F: HexFloat>(text: &str, reason: &'static str) -> Result<F, NumberError> {
    let error = || NumberError {
        text: text.to_string(),
        reason,
    };
    let trimmed = text.trim();
    let value = match trimmed.get(..2) {
        Some("0x" | "0X") if trimmed.len() == 2 + F::HEX_DIGITS => {
            F::from_hex_bits(&trimmed[2..]).ok_or_else(error)?
        }
        _ => trimmed.parse::<F>().map_err(|_| error())?,
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
    parse_float(
        text,
        "a finite decimal number (or 0x and 16 hex digits of double bits)",
    )
}

/// An integer of any size: a sign and a magnitude in little-endian 32-bit
/// limbs. What `--seed` (CPython's `random.seed(int)` takes any size) and
/// `--advance` (any step count, reduced modulo the period) are parsed into.
///
/// ```
/// use rngkit::number::BigInt;
///
/// let n: BigInt = "-0x1_0000_0000_0000_0000_0000_0001".parse().unwrap();
/// assert!(n.is_negative());
/// assert_eq!(n.limbs(), [1, 0, 0, 1]);
/// assert_eq!(n.to_string(), "-79228162514264337593543950337");
/// assert_eq!(BigInt::from(-5i64).to_i128(), Some(-5));
/// assert_eq!("1e3".parse::<BigInt>().unwrap_err().to_string(),
///            "`1e3` is not an integer (decimal or 0x hex, any size)");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BigInt {
    negative: bool,
    /// Little-endian limbs without trailing zeros (zero is empty).
    limbs: alloc::vec::Vec<u32>,
}

impl BigInt {
    /// Builds from a sign and little-endian limbs.
    pub fn from_limbs(negative: bool, limbs: &[u32]) -> Self {
        let mut n = BigInt {
            negative,
            limbs: limbs.to_vec(),
        };
        n.normalize();
        n
    }

    fn normalize(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        if self.limbs.is_empty() {
            self.negative = false;
        }
    }

    /// Whether it is below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The magnitude's little-endian 32-bit limbs (empty for zero).
    pub fn limbs(&self) -> &[u32] {
        &self.limbs
    }

    /// The magnitude's bit length (0 for zero).
    pub fn bit_len(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(top) => self.limbs.len() as u64 * 32 - u64::from(top.leading_zeros()),
        }
    }

    /// The magnitude as a `u128`, when it fits.
    pub fn magnitude_u128(&self) -> Option<u128> {
        if self.limbs.len() > 4 {
            return None;
        }
        Some(
            self.limbs
                .iter()
                .rev()
                .fold(0u128, |acc, &l| (acc << 32) | u128::from(l)),
        )
    }

    /// The magnitude as 64-bit words, low first (empty for zero).
    ///
    /// ```
    /// use rngkit::number::BigInt;
    /// assert_eq!(BigInt::from(1u128 << 64 | 5).u64_words(), [5, 1]);
    /// ```
    pub fn u64_words(&self) -> alloc::vec::Vec<u64> {
        self.limbs
            .chunks(2)
            .map(|c| u64::from(c[0]) | c.get(1).map_or(0, |&h| u64::from(h) << 32))
            .collect()
    }

    /// The magnitude divided by a small number: quotient and remainder.
    ///
    /// ```
    /// use rngkit::number::BigInt;
    /// let n = 100_000_000_000_000_000_000_000_000_000_000_000_001u128;
    /// let (q, r) = BigInt::from(n).div_rem_small(624);
    /// assert_eq!((q.to_string(), r), ((n / 624).to_string(), (n % 624) as u32));
    /// ```
    ///
    /// # Panics
    /// When `d` is zero.
    pub fn div_rem_small(&self, d: u32) -> (BigInt, u32) {
        assert!(d != 0, "division by zero");
        let mut limbs = self.limbs.clone();
        let mut rem = 0u64;
        for l in limbs.iter_mut().rev() {
            let v = (rem << 32) | u64::from(*l);
            *l = (v / u64::from(d)) as u32;
            rem = v % u64::from(d);
        }
        (BigInt::from_limbs(false, &limbs), rem as u32)
    }

    /// `self * k + add` on magnitudes.
    ///
    /// ```
    /// use rngkit::number::BigInt;
    /// assert_eq!(BigInt::from(u64::MAX).mul_add_small(624, 7).to_string(), (u64::MAX as u128 * 624 + 7).to_string());
    /// ```
    pub fn mul_add_small(&self, k: u32, add: u32) -> BigInt {
        let mut limbs = alloc::vec::Vec::with_capacity(self.limbs.len() + 1);
        let mut carry = u64::from(add);
        for &l in &self.limbs {
            let v = u64::from(l) * u64::from(k) + carry;
            limbs.push(v as u32);
            carry = v >> 32;
        }
        limbs.push(carry as u32);
        BigInt::from_limbs(false, &limbs)
    }

    /// The value as an `i128`, when it fits.
    pub fn to_i128(&self) -> Option<i128> {
        let m = self.magnitude_u128()?;
        if self.negative {
            0i128.checked_sub_unsigned(m)
        } else {
            i128::try_from(m).ok()
        }
    }

    /// The low 64 bits of the two's complement (a negative `i64` gives its
    /// bit pattern).
    pub fn low_u64(&self) -> u64 {
        let low = self
            .limbs
            .iter()
            .take(2)
            .rev()
            .fold(0u64, |acc, &l| (acc << 32) | u64::from(l));
        if self.negative {
            low.wrapping_neg()
        } else {
            low
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> BigInt {
        BigInt {
            negative: false,
            limbs: self.limbs.clone(),
        }
    }

    /// The magnitude modulo `m` (`m > 0`), by shift-and-subtract long
    /// division over the bits: O(bits(self) * limbs(m)).
    ///
    /// # Panics
    /// When `m` is zero.
    pub fn magnitude_rem(&self, m: &BigInt) -> BigInt {
        assert!(!m.is_zero(), "modulo zero");
        let mut r = BigInt::default();
        for bit in (0..self.bit_len()).rev() {
            r.shl1();
            if self.limbs[(bit / 32) as usize] >> (bit % 32) & 1 == 1 {
                if r.limbs.is_empty() {
                    r.limbs.push(1);
                } else {
                    r.limbs[0] |= 1;
                }
            }
            if cmp_mag(&r.limbs, &m.limbs) != core::cmp::Ordering::Less {
                sub_mag(&mut r.limbs, &m.limbs);
                r.normalize();
            }
        }
        r
    }

    /// `m - self` for `0 <= self <= m` (magnitudes).
    pub fn complement_in(&self, m: &BigInt) -> BigInt {
        let mut out = m.limbs.clone();
        sub_mag(&mut out, &self.limbs);
        let mut n = BigInt {
            negative: false,
            limbs: out,
        };
        n.normalize();
        n
    }

    /// `2^bits - 1`.
    pub fn mersenne(bits: u32) -> BigInt {
        let mut limbs = alloc::vec![u32::MAX; (bits / 32) as usize];
        if !bits.is_multiple_of(32) {
            limbs.push((1u32 << (bits % 32)) - 1);
        }
        BigInt::from_limbs(false, &limbs)
    }

    fn shl1(&mut self) {
        let mut carry = 0;
        for l in &mut self.limbs {
            let next = *l >> 31;
            *l = (*l << 1) | carry;
            carry = next;
        }
        if carry != 0 {
            self.limbs.push(carry);
        }
    }
}

fn cmp_mag(a: &[u32], b: &[u32]) -> core::cmp::Ordering {
    let (la, lb) = (
        a.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1),
        b.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1),
    );
    la.cmp(&lb)
        .then_with(|| a[..la].iter().rev().cmp(b[..lb].iter().rev()))
}

/// `a -= b` on magnitudes with `a >= b`.
fn sub_mag(a: &mut [u32], b: &[u32]) {
    let mut borrow = 0i64;
    for (i, limb) in a.iter_mut().enumerate() {
        let d = i64::from(*limb) - i64::from(b.get(i).copied().unwrap_or(0)) - borrow;
        if d < 0 {
            *limb = (d + (1i64 << 32)) as u32;
            borrow = 1;
        } else {
            *limb = d as u32;
            borrow = 0;
        }
    }
}

macro_rules! bigint_from {
    ($($ty:ty),*) => {$(
        impl From<$ty> for BigInt {
            #[allow(unused_comparisons, clippy::cast_lossless)]
            fn from(v: $ty) -> Self {
                let negative = v < 0;
                let mut m = (v as i128).unsigned_abs();
                let mut limbs = alloc::vec::Vec::new();
                while m != 0 {
                    limbs.push(m as u32);
                    m >>= 32;
                }
                BigInt { negative, limbs }
            }
        }
    )*};
}
bigint_from!(u32, u64, i32, i64, i128);

impl From<u128> for BigInt {
    fn from(v: u128) -> Self {
        BigInt::from_limbs(
            false,
            &[
                v as u32,
                (v >> 32) as u32,
                (v >> 64) as u32,
                (v >> 96) as u32,
            ],
        )
    }
}

impl core::str::FromStr for BigInt {
    type Err = NumberError;

    /// Decimal or `0x` hex, optional sign, `_` between digits.
    fn from_str(text: &str) -> Result<Self, NumberError> {
        let error = || NumberError {
            text: text.to_string(),
            reason: "an integer (decimal or 0x hex, any size)",
        };
        let (negative, radix, digits) = split_integer(text).ok_or_else(error)?;
        let mut limbs: alloc::vec::Vec<u32> = alloc::vec::Vec::new();
        for c in digits.chars() {
            if c == '_' {
                continue;
            }
            let digit = c.to_digit(radix).ok_or_else(error)?;
            // limbs = limbs * radix + digit
            let mut carry = u64::from(digit);
            for l in &mut limbs {
                let v = u64::from(*l) * u64::from(radix) + carry;
                *l = v as u32;
                carry = v >> 32;
            }
            if carry != 0 {
                limbs.push(carry as u32);
            }
        }
        let mut n = BigInt { negative, limbs };
        n.normalize();
        Ok(n)
    }
}

impl fmt::Display for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.limbs.is_empty() {
            return f.write_str("0");
        }
        // Repeated division by 10^9.
        let mut limbs = self.limbs.clone();
        let mut chunks = alloc::vec::Vec::new();
        while limbs.iter().any(|&l| l != 0) {
            let mut rem = 0u64;
            for l in limbs.iter_mut().rev() {
                let v = (rem << 32) | u64::from(*l);
                *l = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            chunks.push(rem as u32);
        }
        if self.negative {
            f.write_str("-")?;
        }
        let mut iter = chunks.iter().rev();
        if let Some(first) = iter.next() {
            write!(f, "{first}")?;
        }
        for c in iter {
            write!(f, "{c:09}")?;
        }
        Ok(())
    }
}
