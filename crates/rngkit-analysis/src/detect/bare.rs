//! Bare values, one number a line: read, checked for the mixed lines and
//! out-of-range decimals that are refused, and judged plausible or not
//! for a draw of a given width (the cheap checks before any recovery).

use rngkit::number::parse_int;
use rngkit::registry::Yields;

use super::{DetectError, PLAUSIBLE_RUN};

/// A bare value: its text and its readings.
pub(super) struct Bare {
    pub(super) text: String,
    pub(super) integer: Option<i128>,
    pub(super) float: Option<f64>,
}

/// Reads bare values (one number a line, `#` comments and blank lines
/// ignored); `None` when no line is a bare number (the `recover` syntax).
///
/// # Errors
/// A list that mixes bare values with observations, or bare decimals
/// outside [0, 1).
pub(super) fn bare_values(text: &str) -> Result<Option<Vec<Bare>>, DetectError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut bare = Vec::new();
    let mut other = None;
    for (index, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let integer = parse_int::<i128>(content).ok();
        let float = content
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite() && !content.starts_with("0x"));
        if integer.is_some() || float.is_some() {
            bare.push((index + 1, content));
            if let Some(f) = float.filter(|_| integer.is_none())
                && !(0.0..1.0).contains(&f)
            {
                return Err(DetectError(format!(
                    "line {}: `{content}` is a decimal outside [0, 1); bare decimals are read as draws in [0, 1) (Math.random(), random(), nextDouble()); write other draws as `DRAW = VALUE`",
                    index + 1
                )));
            }
            continue;
        }
        other.get_or_insert(index + 1);
    }
    match (bare.first(), other) {
        (None, _) => Ok(None),
        (Some(_), None) => Ok(Some(
            bare.into_iter()
                .map(|(_, t)| Bare {
                    text: t.to_string(),
                    integer: parse_int::<i128>(t).ok(),
                    float: t.parse::<f64>().ok().filter(|f| f.is_finite()),
                })
                .collect(),
        )),
        (Some((line, _)), Some(other)) => Err(DetectError(format!(
            "line {line} is a bare value but line {other} is not: give bare values one a line, or every line as `DRAW = VALUE` (the `recover` syntax)"
        ))),
    }
}

/// Whether many integers that all leave a draw's top bit clear (or are
/// all non-negative, for a signed draw) could still have come from it.
pub(super) fn plausible(yields: Yields, values: &[Bare]) -> bool {
    let Yields::Int { bits, signed } = yields else {
        return true;
    };
    if values.len() < PLAUSIBLE_RUN {
        return true;
    }
    let top_clear = |v: i128| {
        if signed {
            v >= 0
        } else {
            v < 1i128 << (bits - 1)
        }
    };
    !values.iter().all(|v| v.integer.is_some_and(top_clear))
}
