//! The inequality observations: `DRAW in LOW..HIGH` (`LOW <= value < HIGH`)
//! and `DRAW in LOW..=HIGH` (`LOW <= value <= HIGH`), and the unknown gap
//! `skip A..B` / `skip A..=B`.

use std::cmp::Ordering;
use std::fmt;

use rngkit::draw::DrawValue;
use rngkit::number::parse_int;

/// A bound of a [`ValueRange`]: an integer (compared exactly) or a float.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// An integer, decimal or `0x` hex.
    Int(i128),
    /// A finite float.
    Float(f64),
}

impl Number {
    /// Parses an integer (decimal or `0x` hex) or a finite decimal float.
    ///
    /// ```
    /// use rngkit_analysis::observe::Number;
    /// assert_eq!(Number::parse("-3"), Some(Number::Int(-3)));
    /// assert_eq!(Number::parse("0.05"), Some(Number::Float(0.05)));
    /// assert_eq!(Number::parse("inf"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Number> {
        if let Ok(i) = parse_int::<i128>(text) {
            return Some(Number::Int(i));
        }
        let lower = text.to_ascii_lowercase();
        if lower.starts_with("0x") || lower.contains("inf") || lower.contains("nan") {
            return None;
        }
        text.parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Number::Float)
    }

    /// As a float (integers rounded to nearest).
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }

    /// The numeric value of a drawn scalar, `None` for vectors and bytes.
    pub fn of(value: &DrawValue) -> Option<Number> {
        Some(match *value {
            DrawValue::U32(v) => Number::Int(v.into()),
            DrawValue::U64(v) => Number::Int(v.into()),
            DrawValue::I32(v) => Number::Int(v.into()),
            DrawValue::I64(v) => Number::Int(v.into()),
            DrawValue::F32(v) => Number::Float(v.into()),
            DrawValue::F64(v) => Number::Float(v),
            DrawValue::Bool(v) => Number::Int(v.into()),
            DrawValue::Big(ref v) => Number::Int(v.to_i128()?),
            _ => return None,
        })
    }

    /// Exact comparison, integers with floats included (`None` for a NaN).
    pub fn compare(self, other: Number) -> Option<Ordering> {
        match (self, other) {
            (Number::Int(a), Number::Int(b)) => Some(a.cmp(&b)),
            (Number::Float(a), Number::Float(b)) => a.partial_cmp(&b),
            (Number::Int(a), Number::Float(b)) => compare_int_float(a, b),
            (Number::Float(a), Number::Int(b)) => compare_int_float(b, a).map(Ordering::reverse),
        }
    }
}

/// `a` against `b` exactly: an `i128` and a float.
fn compare_int_float(a: i128, b: f64) -> Option<Ordering> {
    if b.is_nan() {
        return None;
    }
    // 2^127 and beyond (or below -2^127) lie outside i128.
    const LIMIT: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;
    if b >= LIMIT {
        return Some(Ordering::Less);
    }
    if b < -LIMIT {
        return Some(Ordering::Greater);
    }
    let floor = b.floor();
    let whole = floor as i128;
    Some(match a.cmp(&whole) {
        Ordering::Equal if floor == b => Ordering::Equal,
        Ordering::Equal => Ordering::Less,
        other => other,
    })
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Int(i) => write!(f, "{i}"),
            Number::Float(x) => write!(f, "{x:?}"),
        }
    }
}

/// `LOW..HIGH` (half-open) or `LOW..=HIGH` (inclusive) on a draw's value.
///
/// ```
/// use rngkit::draw::DrawValue;
/// use rngkit_analysis::observe::ValueRange;
///
/// let r = ValueRange::parse("0..0.05").unwrap();
/// assert!(r.contains(&DrawValue::F32(0.0)));
/// assert!(!r.contains(&DrawValue::F64(0.05)));
/// let r = ValueRange::parse("3..=5").unwrap();
/// assert!(r.contains(&DrawValue::I32(5)) && !r.contains(&DrawValue::I32(6)));
/// assert!(ValueRange::parse("5..5").is_err()); // empty
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValueRange {
    /// The smallest value inside.
    pub low: Number,
    /// The end.
    pub high: Number,
    /// Whether `high` itself is inside.
    pub inclusive: bool,
}

impl ValueRange {
    /// Parses `LOW..HIGH` or `LOW..=HIGH`.
    ///
    /// # Errors
    /// A message for a malformed or empty range.
    pub fn parse(text: &str) -> Result<ValueRange, String> {
        let (low, high, inclusive) = split_range(text).ok_or_else(|| {
            format!("`{text}` is not a range: write LOW..HIGH (LOW <= value < HIGH) or LOW..=HIGH")
        })?;
        let number = |s: &str, what: &str| {
            Number::parse(s).ok_or_else(|| {
                format!("{what} `{s}` of `{text}` is not a number (an integer or a decimal float)")
            })
        };
        let range = ValueRange {
            low: number(low, "LOW")?,
            high: number(high, "HIGH")?,
            inclusive,
        };
        let empty = match range.low.compare(range.high) {
            Some(Ordering::Less) => false,
            Some(Ordering::Equal) => !inclusive,
            _ => true,
        };
        if empty {
            return Err(format!("the range `{text}` holds no value"));
        }
        Ok(range)
    }

    /// Whether a drawn value lies in the range (never for vectors or bytes).
    pub fn contains(&self, value: &DrawValue) -> bool {
        Number::of(value).is_some_and(|v| self.contains_number(v))
    }

    /// Whether a number lies in the range.
    pub fn contains_number(&self, v: Number) -> bool {
        let above = matches!(
            v.compare(self.low),
            Some(Ordering::Greater | Ordering::Equal)
        );
        let below = match v.compare(self.high) {
            Some(Ordering::Less) => true,
            Some(Ordering::Equal) => self.inclusive,
            _ => false,
        };
        above && below
    }
}

impl fmt::Display for ValueRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.inclusive { "..=" } else { ".." };
        write!(f, "{}{dots}{}", self.low, self.high)
    }
}

/// `A..B`, `A..=B` split into `(A, B, inclusive)`, both sides non-empty.
pub(crate) fn split_range(text: &str) -> Option<(&str, &str, bool)> {
    let (a, b, inclusive) = if let Some((a, b)) = text.split_once("..=") {
        (a, b, true)
    } else {
        let (a, b) = text.split_once("..")?;
        (a, b, false)
    };
    let (a, b) = (a.trim(), b.trim());
    (!a.is_empty() && !b.is_empty() && !b.contains("..")).then_some((a, b, inclusive))
}

/// Parses the count range of `skip A..B` / `skip A..=B` into inclusive
/// bounds.
pub(crate) fn parse_skip_range(text: &str) -> Result<(u64, u64), String> {
    let (a, b, inclusive) = split_range(text)
        .ok_or_else(|| format!("`skip {text}`: write `skip N`, `skip A..B` or `skip A..=B`"))?;
    let a = parse_int::<u64>(a).map_err(|e| format!("skip: {e}"))?;
    let b = parse_int::<u64>(b).map_err(|e| format!("skip: {e}"))?;
    let high = if inclusive { Some(b) } else { b.checked_sub(1) };
    match high {
        Some(high) if high >= a => Ok((a, high)),
        _ => Err(format!("`skip {text}` holds no count")),
    }
}
