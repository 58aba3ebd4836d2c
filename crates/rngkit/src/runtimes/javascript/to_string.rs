//! `Math.random().toString(36)`: the digits of a double in a radix as V8
//! prints them and as SpiderMonkey and JavaScriptCore print them (one
//! algorithm, in exact arithmetic), and the mantissas an observed string
//! of them allows (the `to-string-36` draw of every JavaScript GEN).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::matching_interval;
use crate::observe::ObservedValue;

/// The most digits `to-string-36 LEN` takes: a double's base-36 digits
/// are about 11, and 14 keep the interval arithmetic within 128 bits.
pub(super) const RADIX_PREFIX_MAX: u8 = 14;

/// `x.toString(radix)` for `0 <= x < 1` as V8 prints it
/// (`DoubleToRadixCString`, V8's src/numbers/conversions.cc): digits are
/// produced while the remaining fraction is at least `delta`, half the gap
/// to the next double scaled along, and the last one is rounded half to
/// even with its carry taken back through the digits written. Written here
/// from that description; the runtime tests compare it with Node.js.
///
/// ```
/// use rngkit::runtimes::javascript::v8_radix_string;
///
/// assert_eq!(v8_radix_string(0.5, 36), "0.i");
/// assert_eq!(v8_radix_string(0.25, 2), "0.01");
/// assert_eq!(v8_radix_string(0.1, 36), "0.3lllllllllm"); // (0.1).toString(36) in Node.js
/// assert_eq!(v8_radix_string(0.0, 36), "0");
/// ```
pub fn v8_radix_string(x: f64, radix: u32) -> String {
    if x == 0.0 || !(0.0..1.0).contains(&x) {
        return if x == 0.0 { "0".into() } else { format!("{x}") };
    }
    let radix_f = f64::from(radix);
    let mut integer = 0u8;
    let mut fraction = x;
    let next = f64::from_bits(x.to_bits() + 1);
    let mut delta = (0.5 * (next - x)).max(f64::from_bits(1));
    let mut digits: Vec<u8> = Vec::new();
    if fraction >= delta {
        loop {
            fraction *= radix_f;
            delta *= radix_f;
            let digit = fraction as u8;
            digits.push(digit);
            fraction -= f64::from(digit);
            if (fraction > 0.5 || (fraction == 0.5 && digit & 1 == 1)) && fraction + delta > 1.0 {
                // Round up, carrying back through the digits written.
                loop {
                    match digits.pop() {
                        None => {
                            integer += 1;
                            break;
                        }
                        Some(d) if u32::from(d) + 1 < radix => {
                            digits.push(d + 1);
                            break;
                        }
                        Some(_) => {}
                    }
                }
                break;
            }
            if fraction < delta {
                break;
            }
        }
    }
    radix_text(integer, &digits)
}

/// The text of a number below 36 whose fraction has `digits` (each below
/// 36): the integer digit, then `.` and the fraction's when it has any.
fn radix_text(integer: u8, digits: &[u8]) -> String {
    const CHARS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut text = String::with_capacity(digits.len() + 2);
    text.push(char::from(CHARS[usize::from(integer)]));
    if !digits.is_empty() {
        text.push('.');
        text.extend(digits.iter().map(|&d| char::from(CHARS[usize::from(d)])));
    }
    text
}

/// Whose digit algorithm prints a double in a radix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RadixDigits {
    /// V8's ([`v8_radix_string`]): the fraction and the gap in doubles.
    V8,
    /// SpiderMonkey's and JavaScriptCore's ([`exact_radix_string`]): the
    /// same idea in exact arithmetic, the gap to each neighbour apart.
    Exact,
}

/// `x.toString(radix)` for a double `0 <= x < 1` on the `2^-53` grid (every
/// `Math.random()` value of SpiderMonkey and JavaScriptCore), as both
/// print it: while the remaining fraction is neither within half the gap
/// to the next double of rounding up nor within half the gap to the
/// previous one of rounding down, a digit more; the last is rounded half to
/// even, the carry taken back through trailing `z`s. All of it exact
/// (JavaScriptCore's `toStringWithRadix` keeps the fraction and both half
/// gaps in a fixed-point number; SpiderMonkey prints the same digits).
/// Written from that description; the runtime tests compare it with
/// `jsc` and Firefox. `None` off the grid, where no engine's
/// `Math.random()` lands.
///
/// ```
/// use rngkit::runtimes::javascript::exact_radix_string;
///
/// assert_eq!(exact_radix_string(0.5, 36).as_deref(), Some("0.i"));
/// assert_eq!(exact_radix_string(0.0, 36).as_deref(), Some("0"));
/// assert_eq!(exact_radix_string(0.25, 2).as_deref(), Some("0.01"));
/// // A jsc Math.random() value: jsc prints 0.0oj7q87ph3bj, Node.js 0.0oj7q87ph3bp.
/// let x = f64::from_bits(0x3f93_627a_acff_0260);
/// assert_eq!(exact_radix_string(x, 36).as_deref(), Some("0.0oj7q87ph3bj"));
/// // 0.1 is not on the 2^-53 grid of any Math.random() value.
/// assert!(exact_radix_string(0.1, 36).is_none());
/// ```
pub fn exact_radix_string(x: f64, radix: u32) -> Option<String> {
    // Fixed point with 107 fraction bits: x = k 2^-53 is k 2^54, and half
    // a gap, 2^(msb(k) - 106), is a whole power of two (halved once more
    // below a power of two, where the gap down is half the gap up).
    const ONE: u128 = 1 << 107;
    const HALF: u128 = 1 << 106;
    if !(0.0..1.0).contains(&x) || !(2..=36).contains(&radix) {
        return None;
    }
    let scaled = x * (1u64 << 53) as f64;
    if scaled != libm::floor(scaled) {
        return None;
    }
    let k = scaled as u64;
    if k == 0 {
        return Some("0".into());
    }
    let msb = 63 - k.leading_zeros();
    let mut fraction = u128::from(k) << 54;
    let mut half_next: u128 = 1 << (msb + 1);
    let mut half_last: u128 = if k.is_power_of_two() {
        1 << msb
    } else {
        1 << (msb + 1)
    };
    let radix = u128::from(radix);
    let mut digits: Vec<u8> = Vec::new();
    let mut odd = false;
    let round_up = loop {
        let above_half = fraction > HALF || (fraction == HALF && odd);
        if above_half {
            if fraction + half_next > ONE {
                break true;
            }
        } else if fraction < half_last {
            break false;
        }
        fraction *= radix;
        let digit = (fraction >> 107) as u8;
        fraction &= ONE - 1;
        digits.push(digit);
        odd = digit & 1 == 1;
        half_next *= radix;
        half_last *= radix;
    };
    let top = (radix - 1) as u8;
    if round_up {
        while digits.last() == Some(&top) {
            digits.pop();
        }
        match digits.last_mut() {
            Some(last) => *last += 1,
            None => return Some(radix_text(1, &[])),
        }
    } else {
        while digits.last() == Some(&0) {
            digits.pop();
        }
    }
    Some(radix_text(0, &digits))
}

/// `to-string-36 [LEN]` of one call's double, in `algorithm`'s digits:
/// the digits after `0.` (the whole text when it has none: `0`, or `1`
/// after a carry), cut to `LEN`.
pub(super) fn radix36_digits(algorithm: RadixDigits, x: f64, len: Option<u8>) -> String {
    let text = match algorithm {
        RadixDigits::V8 => v8_radix_string(x, 36),
        // Off the grid (never a `Math.random()` value): V8's digits.
        RadixDigits::Exact => exact_radix_string(x, 36).unwrap_or_else(|| v8_radix_string(x, 36)),
    };
    let digits = text.strip_prefix("0.").unwrap_or(&text);
    match len {
        Some(len) => digits.chars().take(usize::from(len)).collect(),
        None => digits.into(),
    }
}

/// The observed digits of a `to-string-36` value, without a `0.` prefix;
/// `None` when they are not lower-case base-36 digits.
fn observed_radix36(value: &ObservedValue) -> Option<&str> {
    let text = value.text();
    let digits = text.strip_prefix("0.").unwrap_or(text);
    (!digits.is_empty()
        && digits
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()))
    .then_some(digits)
}

/// The mantissas (`bits`-bit grid) whose `to-string-36 [LEN]` can be the
/// observed digits: for all digits, the ones that print exactly them;
/// for a prefix, every mantissa whose double lies within `2^-bits` of the
/// prefix's interval `[P, P + 36^-LEN)` (the printed digits stay within
/// half a gap of the double, so this holds every match: sound, if a little
/// wide).
pub(super) fn radix36_span(
    algorithm: RadixDigits,
    bits: u32,
    len: Option<u8>,
    value: &ObservedValue,
) -> Option<(u64, u64)> {
    let digits = observed_radix36(value)?;
    let max = (1u64 << bits) - 1;
    let scale = 1.0 / (1u64 << bits) as f64;
    match len {
        None => {
            let guess = digits
                .bytes()
                .rev()
                .fold(0.0f64, |acc, b| (acc + f64::from(digit36(b))) / 36.0);
            matching_interval(
                |m| radix36_digits(algorithm, m as f64 * scale, None) == digits,
                guess * (1u64 << bits) as f64,
                max,
            )
        }
        Some(len) => {
            if digits.len() != usize::from(len) {
                return None;
            }
            // P * 36^LEN as an integer, and the mantissa bounds around
            // [P, P + 36^-LEN), each widened by one grid step.
            let numerator = digits
                .bytes()
                .fold(0u128, |acc, b| acc * 36 + u128::from(digit36(b)));
            let denominator = 36u128.pow(u32::from(len));
            let lo = (numerator << bits) / denominator;
            let hi = ((numerator + 1) << bits).div_ceil(denominator);
            let lo = lo.saturating_sub(1) as u64;
            let hi = (hi as u64).saturating_add(1).min(max);
            (lo <= hi).then_some((lo, hi))
        }
    }
}

fn digit36(b: u8) -> u32 {
    if b.is_ascii_digit() {
        u32::from(b - b'0')
    } else {
        u32::from(b - b'a') + 10
    }
}
