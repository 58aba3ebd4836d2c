//! What an observed value says about the raw words behind it.
//!
//! The observation language (`recover`, `seed-search`, `locate`) names a
//! draw and the value it gave. Each GEN's draws turn such a value into
//! [`KnownBits`] of the raw words they consumed ([`crate::registry::Gen::known_bits`]);
//! this module holds the value type and the inversion tools they share.

use alloc::format;
use alloc::string::{String, ToString};

use alloc::vec::Vec;

use crate::number::parse_int;
use crate::value::DrawValue;

/// Bits of one raw output word known exactly: `(word & mask) == value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnownBits {
    /// Which bits are known.
    pub mask: u64,
    /// Their values (zero outside `mask`).
    pub value: u64,
}

impl KnownBits {
    /// `(word & mask) == value`; bits of `value` outside `mask` are dropped.
    pub const fn new(mask: u64, value: u64) -> Self {
        KnownBits {
            mask,
            value: value & mask,
        }
    }

    /// Whether `word` has these bits.
    #[inline]
    pub const fn matches(&self, word: u64) -> bool {
        word & self.mask == self.value
    }
}

/// A linear relation between bits of the raw words one draw consumes: the
/// XOR of the bits `mask` of word `word` (0 = the draw's first word), over
/// every term, is `parity`. What a pick `floor(x * n)` reveals beyond the
/// leading bits its interval shares ([`interval_relations`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitRelation {
    /// `(word, mask)` terms, words relative to the draw's first.
    pub terms: Vec<(usize, u64)>,
    /// The XOR of every masked bit.
    pub parity: bool,
}

/// The relations that every integer in `lo..=hi` satisfies beyond the
/// leading bits they share (which [`prefix_known`] gives): where the
/// interval straddles the boundary `B` at its highest differing bit `k`,
/// the values below `B` have bit `k` clear and the bits under it set as far
/// as `lo` has them set, the values from `B` on have bit `k` set and the
/// bits under it clear as far as `hi` has them clear; so for each of the
/// first `j` bits under `k` (`j` the shorter run), `bit k XOR bit (k - m)
/// = 1`. Each relation is a mask of two bits with parity 1.
///
/// ```
/// use rngkit::observe::interval_relations;
///
/// // 0b0110..=0b1001: bit 3 differs; both sides run 2 bits (011x / 100x).
/// assert_eq!(interval_relations(0b0110, 0b1001), vec![0b1100, 0b1010]);
/// // Every value of 0b0111..=0b1000 is 0111 or 1000: three relations.
/// assert_eq!(interval_relations(0b0111, 0b1000).len(), 3);
/// assert!(interval_relations(5, 5).is_empty());
/// ```
pub fn interval_relations(lo: u64, hi: u64) -> Vec<u64> {
    let differing = lo ^ hi;
    if differing == 0 || lo > hi {
        return Vec::new();
    }
    let k = 63 - differing.leading_zeros();
    let below = |x: u64, m: u32| x >> (k - m) & 1;
    let mut relations = Vec::new();
    for m in 1..=k {
        // Below the boundary every value keeps lo's ones, above it hi's
        // zeros, as long as both runs last.
        if below(lo, m) == 1 && below(hi, m) == 0 {
            relations.push(1u64 << k | 1u64 << (k - m));
        } else {
            break;
        }
    }
    relations
}

/// The value on the right of `=` in an observation, as the user wrote it.
///
/// Integers compare exactly. A float matches a drawn float that it parses to
/// exactly (the shortest round-trip text `gen` prints, or the `0x` bit
/// pattern `--hex` prints), or that lies within half a unit of its last
/// written digit (a value read off a screen with fewer digits).
#[derive(Clone, Debug, PartialEq)]
pub struct ObservedValue {
    text: String,
    integer: Option<i128>,
    float: Option<f64>,
    /// The decimal text parsed as `f32` (round to nearest).
    float32: Option<f32>,
    /// Half a unit in the last written decimal digit; `None` for hex bits.
    half_unit: Option<f64>,
    boolean: Option<bool>,
    /// The components of a vector value (`x y z`), for composite draws.
    components: Option<Vec<ObservedValue>>,
}

impl ObservedValue {
    /// Parses the value text.
    ///
    /// # Errors
    /// A message when the text is neither an integer, a float, a boolean
    /// nor a byte string in hex.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        // Trimmed text with whitespace inside holds several components.
        if text.contains(char::is_whitespace) {
            let components = text
                .split_whitespace()
                .map(ObservedValue::parse)
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(ObservedValue {
                components: Some(components),
                ..ObservedValue::text_value(text)
            });
        }
        if let Some(value) = plain_decimal(text) {
            return Ok(value);
        }
        let integer = parse_int::<i128>(text).ok();
        let hex = text.starts_with("0x") || text.starts_with("0X");
        let float = if hex {
            None
        } else {
            text.parse::<f64>().ok().filter(|f| f.is_finite())
        };
        let boolean = match text {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        if integer.is_none() && float.is_none() && boolean.is_none() && hex_bytes(text).is_none() {
            return Err(format!(
                "`{text}` is not a value: give an integer (decimal or 0x hex), a decimal float, true/false, or bytes as hex digits"
            ));
        }
        let half_unit = float.map(|_| half_unit_of(text));
        let float32 = if hex { None } else { text.parse::<f32>().ok() };
        Ok(ObservedValue {
            text: text.to_string(),
            integer,
            float,
            float32,
            half_unit,
            boolean,
            components: None,
        })
    }

    /// The value of an integer observed as a number rather than as text
    /// (bindings that hold the integer already): the same reading as
    /// [`ObservedValue::parse`] of its decimal digits, without the parsing.
    ///
    /// ```
    /// use rngkit::observe::ObservedValue;
    /// let v = ObservedValue::from_integer(-12);
    /// assert_eq!(v, ObservedValue::parse("-12").unwrap());
    /// assert_eq!(v.as_i64(), Some(-12));
    /// ```
    pub fn from_integer(value: i128) -> ObservedValue {
        let text = value.to_string();
        match plain_decimal(&text) {
            Some(v) => v,
            // 39 digits (near i128's limits) take the general reading,
            // which every integer's digits pass.
            None => ObservedValue::parse(&text).expect("an integer's digits parse"),
        }
    }

    /// Whether the value is a vector (`x y z ...`), as composite draws give.
    pub fn is_vector(&self) -> bool {
        self.components.is_some()
    }

    /// A string observed as it is (a token, a base-36 id): no number
    /// reading, it matches a drawn string with the same characters, `?`
    /// standing for one not seen.
    ///
    /// ```
    /// use rngkit::draw::DrawValue;
    /// use rngkit::observe::ObservedValue;
    ///
    /// let seen = ObservedValue::text_value("Kw?a");
    /// assert!(seen.matches(&DrawValue::Text("Kw3a".into())));
    /// assert!(!seen.matches(&DrawValue::Text("Kw3b".into())));
    /// assert_eq!(seen.as_i64(), None);
    /// ```
    pub fn text_value(text: &str) -> ObservedValue {
        ObservedValue {
            text: text.to_string(),
            integer: None,
            float: None,
            float32: None,
            half_unit: None,
            boolean: None,
            components: None,
        }
    }

    /// The text as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// As a `u32` (negative values as two's complement of an `i32`).
    #[inline]
    pub fn as_u32(&self) -> Option<u32> {
        self.as_word(32).map(|w| w as u32)
    }

    /// As an `i32`.
    pub fn as_i32(&self) -> Option<i32> {
        i32::try_from(self.integer?).ok()
    }

    /// As a `u64` (negative values as two's complement of an `i64`).
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_word(64)
    }

    /// As a `bits`-bit word (32 or 64): `0..2^bits` as it is, negative
    /// values down to `-2^(bits - 1)` as their two's complement; one rule
    /// for [`as_u32`](Self::as_u32) and [`as_u64`](Self::as_u64).
    #[inline]
    fn as_word(&self, bits: u32) -> Option<u64> {
        let v = self.integer?;
        let span = 1i128 << bits;
        if (0..span).contains(&v) {
            Some(v as u64)
        } else if (-(span / 2)..0).contains(&v) {
            Some((v + span) as u64)
        } else {
            None
        }
    }

    /// As an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        i64::try_from(self.integer?).ok()
    }

    /// As a byte string: the text as hex digits, two per byte, with or
    /// without a `0x` prefix (the form `next-bytes N` draws print).
    ///
    /// ```
    /// use rngkit::observe::ObservedValue;
    /// assert_eq!(ObservedValue::parse("0aff").unwrap().as_bytes(), Some(vec![0x0a, 0xff]));
    /// assert_eq!(ObservedValue::parse("0x0aff").unwrap().as_bytes(), Some(vec![0x0a, 0xff]));
    /// assert_eq!(ObservedValue::parse("0.5").unwrap().as_bytes(), None);
    /// ```
    pub fn as_bytes(&self) -> Option<Vec<u8>> {
        hex_bytes(&self.text)
    }

    /// The components of a vector value (`a b c`), each parsed; a single
    /// value is a vector of one.
    pub fn components(&self) -> Vec<ObservedValue> {
        match &self.components {
            Some(c) => c.clone(),
            None => alloc::vec![self.clone()],
        }
    }

    /// As a boolean (`true`/`false`, or `1`/`0`).
    pub fn as_bool(&self) -> Option<bool> {
        self.boolean.or(match self.integer {
            Some(0) => Some(false),
            Some(1) => Some(true),
            _ => None,
        })
    }

    /// As a float (decimal text, or hex bits read as `f32` or `f64` by length).
    pub fn as_f64(&self) -> Option<f64> {
        if let Some(f) = self.float {
            return Some(f);
        }
        let digits = self
            .text
            .strip_prefix("0x")
            .or_else(|| self.text.strip_prefix("0X"))?;
        match digits.len() {
            8 => Some(f64::from(f32::from_bits(
                u32::from_str_radix(digits, 16).ok()?,
            ))),
            16 => Some(f64::from_bits(u64::from_str_radix(digits, 16).ok()?)),
            _ => None,
        }
    }

    /// Whether a drawn `f32` matches.
    pub fn matches_f32(&self, x: f32) -> bool {
        if let Some(digits) = self.hex_digits() {
            return digits.len() == 8 && u32::from_str_radix(digits, 16) == Ok(x.to_bits());
        }
        match (self.float, self.half_unit) {
            (Some(v), Some(half)) => self.float32 == Some(x) || within(f64::from(x), v, half),
            _ => false,
        }
    }

    /// Whether a drawn `f64` matches.
    pub fn matches_f64(&self, x: f64) -> bool {
        if let Some(digits) = self.hex_digits() {
            return digits.len() == 16 && u64::from_str_radix(digits, 16) == Ok(x.to_bits());
        }
        match (self.float, self.half_unit) {
            (Some(v), Some(half)) => v == x || within(x, v, half),
            _ => false,
        }
    }

    /// How far a drawn float may lie from [`as_f64`](Self::as_f64) and
    /// still match: half a unit in the last written digit (0 for hex bits).
    pub fn tolerance(&self) -> f64 {
        self.half_unit.unwrap_or(0.0)
    }

    fn hex_digits(&self) -> Option<&str> {
        self.text
            .strip_prefix("0x")
            .or_else(|| self.text.strip_prefix("0X"))
    }

    /// Whether a drawn value matches.
    pub fn matches(&self, drawn: &DrawValue) -> bool {
        match *drawn {
            DrawValue::U32(v) => self.as_u32() == Some(v),
            DrawValue::U64(v) => self.as_u64() == Some(v),
            DrawValue::I32(v) => self.as_i32() == Some(v),
            DrawValue::I64(v) => self.as_i64() == Some(v),
            DrawValue::F32(v) => self.matches_f32(v),
            DrawValue::F64(v) => self.matches_f64(v),
            DrawValue::Bool(v) => self.as_bool() == Some(v),
            DrawValue::F32s(ref v) => self.components.as_ref().is_some_and(|c| {
                c.len() == v.len() && c.iter().zip(v).all(|(c, &x)| c.matches_f32(x))
            }),
            DrawValue::F64s(ref v) => self.components.as_ref().is_some_and(|c| {
                c.len() == v.len() && c.iter().zip(v).all(|(c, &x)| c.matches_f64(x))
            }),
            // Integers beyond i128 compare through their text.
            DrawValue::Big(ref v) => match v.to_i128() {
                Some(i) => self.integer == Some(i),
                None => self.text.parse::<crate::number::BigInt>().ok().as_ref() == Some(v),
            },
            DrawValue::Bytes(ref b) => self.as_bytes().as_deref() == Some(b.as_slice()),
            DrawValue::Text(ref t) => text_matches(&self.text, t),
            DrawValue::Ints(ref v) => {
                let c = self.components();
                c.len() == v.len() && c.iter().zip(v).all(|(c, &x)| c.as_i64() == Some(x))
            }
        }
    }
}

/// Whether an observed string matches a drawn one: the same characters,
/// where `?` in the observation stands for any character not seen.
fn text_matches(observed: &str, drawn: &str) -> bool {
    // `Math.random().toString(36)` observed whole: the digits after `0.`.
    let observed = match observed.strip_prefix("0.") {
        Some(digits) if !drawn.starts_with("0.") => digits,
        _ => observed,
    };
    observed.chars().count() == drawn.chars().count()
        && observed
            .chars()
            .zip(drawn.chars())
            .all(|(o, d)| o == d || o == '?')
}

/// Even-length hex digits, optionally after `0x`, as bytes.
fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    if digits.is_empty()
        || !digits.len().is_multiple_of(2)
        || !digits.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return None;
    }
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).ok())
        .collect()
}

/// `|x - v| <= half`, with a relative slack for the decimal parse of `v`.
fn within(x: f64, v: f64, half: f64) -> bool {
    (x - v).abs() <= half * (1.0 + 1e-9)
}

/// Half a unit in the last digit of a decimal float text (`0.584` gives
/// `0.0005`, `1.5e3` gives `50`).
/// The common case of observation files, a plain decimal integer (`-` and
/// digits, no leading zero, at most 38 digits), without the general
/// parsers: its float readings are the integer converted, which is what
/// parsing the same digits as a float gives (both round to nearest).
fn plain_decimal(text: &str) -> Option<ObservedValue> {
    let digits = text.strip_prefix('-').unwrap_or(text).as_bytes();
    let first = *digits.first()?;
    if digits.len() > 38 || !digits.iter().all(u8::is_ascii_digit) || (first == b'0' && text != "0")
    {
        return None;
    }
    let magnitude = digits
        .iter()
        .fold(0i128, |m, &d| m * 10 + i128::from(d - b'0'));
    let integer = if text.starts_with('-') {
        -magnitude
    } else {
        magnitude
    };
    Some(ObservedValue {
        text: text.to_string(),
        integer: Some(integer),
        float: Some(integer as f64),
        float32: Some(integer as f32),
        half_unit: Some(0.5),
        boolean: None,
        components: None,
    })
}

fn half_unit_of(text: &str) -> f64 {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let fraction_digits = mantissa.find('.').map_or(0, |dot| mantissa.len() - dot - 1) as i32;
    0.5 * libm::pow(10.0, f64::from(exponent - fraction_digits))
}

/// The known bits of words laid end to end in `bytes`, `size` bytes a
/// word, low byte first (the last word may be short): what a byte draw
/// shows of the words it consumed, in every runtime that emits its words
/// little-endian.
pub(crate) fn le_words_known(bytes: &[u8], size: usize) -> Vec<KnownBits> {
    bytes
        .chunks(size)
        .map(|chunk| {
            let (mut mask, mut word) = (0u64, 0u64);
            for (i, &b) in chunk.iter().enumerate() {
                mask |= 0xff << (8 * i);
                word |= u64::from(b) << (8 * i);
            }
            KnownBits::new(mask, word)
        })
        .collect()
}

/// The common prefix of every word in `lo..=hi`.
pub fn prefix_known(lo: u32, hi: u32) -> KnownBits {
    let differing = lo ^ hi;
    let mask = if differing == 0 {
        u32::MAX
    } else {
        !(u32::MAX >> differing.leading_zeros())
    };
    KnownBits::new(u64::from(mask), u64::from(lo & mask))
}

/// Accumulates candidate words and keeps the bits they all share.
#[derive(Default)]
pub struct KnownAccumulator {
    and: u64,
    or: u64,
    any: bool,
}

impl KnownAccumulator {
    /// Adds one candidate word.
    pub fn add(&mut self, word: u64) {
        if self.any {
            self.and &= word;
            self.or |= word;
        } else {
            self.and = word;
            self.or = word;
            self.any = true;
        }
    }

    /// The bits every added word shares, within `width_mask`; `None` when none was added.
    pub fn finish(self, width_mask: u64) -> Option<KnownBits> {
        self.any.then(|| {
            let mask = !(self.and ^ self.or) & width_mask;
            KnownBits::new(mask, self.and & mask)
        })
    }
}

/// Known bits of `r` from `r mod modulus == residue`, `modulus > 0`: with
/// `modulus = 2^t * odd` the low `t` bits; when only a few words fit, the
/// bits all of them share.
pub fn mod_known(modulus: u32, residue: u32) -> KnownBits {
    let count = (u64::from(u32::MAX) - u64::from(residue)) / u64::from(modulus) + 1;
    if count <= 64 {
        let mut found = KnownAccumulator::default();
        for j in 0..count {
            found.add(u64::from(residue) + j * u64::from(modulus));
        }
        return found.finish(0xffff_ffff).expect("at least one candidate");
    }
    let t = modulus.trailing_zeros();
    let mask = (1u64 << t) - 1;
    KnownBits::new(mask, u64::from(residue) & mask)
}

/// Known bits of a 32-bit word from a predicate that holds on one interval
/// of words around `guess` (a monotone draw): finds the interval's ends and
/// keeps their common prefix.
pub fn interval_known(matches: impl Fn(u32) -> bool, guess: f64) -> Option<KnownBits> {
    let g = guess.clamp(0.0, 4_294_967_295.0) as u32;
    let start = (g.saturating_sub(1 << 10)..=g.saturating_add(1 << 10)).find(|&y| matches(y))?;
    // Gallop outwards, then bisect: the matching words are one interval.
    let edge = |down: bool| -> u32 {
        let step_to = |d: u64| -> Option<u32> {
            if down {
                u64::from(start).checked_sub(d).map(|y| y as u32)
            } else {
                let y = u64::from(start) + d;
                (y <= u64::from(u32::MAX)).then_some(y as u32)
            }
        };
        let mut good = 0u64; // distance known to match
        let mut bad = 1u64;
        while let Some(y) = step_to(bad) {
            if !matches(y) {
                break;
            }
            good = bad;
            bad *= 2;
        }
        // Invariant: distance `good` matches, `bad` does not (or is out of range).
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            match step_to(mid) {
                Some(y) if matches(y) => good = mid,
                _ => bad = mid,
            }
        }
        step_to(good).expect("a matching distance is in range")
    };
    let lo = edge(true);
    let hi = edge(false);
    let differing = lo ^ hi;
    let mask = if differing == 0 {
        u32::MAX
    } else {
        !(u32::MAX >> differing.leading_zeros())
    };
    Some(KnownBits::new(u64::from(mask), u64::from(lo & mask)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    /// The general reading of a value's text, bypassing the fast path.
    fn general(text: &str) -> ObservedValue {
        let integer = parse_int::<i128>(text).ok();
        let float = text.parse::<f64>().ok().filter(|f| f.is_finite());
        ObservedValue {
            text: text.to_string(),
            integer,
            float,
            float32: text.parse::<f32>().ok(),
            half_unit: float.map(|_| half_unit_of(text)),
            boolean: None,
            components: None,
        }
    }

    #[test]
    fn plain_decimals_read_as_the_general_parsers_read_them() {
        let mut texts: alloc::vec::Vec<alloc::string::String> = [
            "0",
            "7",
            "-7",
            "4294967295",
            "-2147483648",
            "9007199254740993",
            "18446744073709551615",
            "16777217",
            "99999999999999999999999999999999999999",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = (x >> (x % 64)) as i64;
            texts.push(format!("{v}"));
            texts.push(format!("{}", u128::from(x) * u128::from(x >> 3)));
        }
        for t in &texts {
            let fast = plain_decimal(t).unwrap_or_else(|| panic!("{t} is plain"));
            let slow = general(t);
            assert_eq!(fast.integer, slow.integer, "{t}");
            assert_eq!(
                fast.float.map(f64::to_bits),
                slow.float.map(f64::to_bits),
                "{t}"
            );
            assert_eq!(
                fast.float32.map(f32::to_bits),
                slow.float32.map(f32::to_bits),
                "{t}"
            );
            assert_eq!(fast.half_unit, slow.half_unit, "{t}");
        }
        for t in ["-0", "007", "0x10", "1.5", "1e3", "+5", "1_000", "", "-"] {
            assert!(plain_decimal(t).is_none(), "{t}");
        }
    }
}
