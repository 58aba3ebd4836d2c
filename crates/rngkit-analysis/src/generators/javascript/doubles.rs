//! Decimal doubles read as the exact doubles they print: JavaScript prints
//! the shortest decimal that reads back as the same double, and the sum
//! engines' searches need every bit of a few values, so recovery tries the
//! exact doubles first and the rounded decimals after ([`exact_first`]).

use crate::observe::Observation;
use crate::recover::{RecoverError, Recovered};

/// The observations with the decimal `math-random` values that `exact`
/// accepts read as the exact double each parses to; `None` when there is
/// none to read so.
///
/// A decimal matches any double within half a unit of its last digit, so
/// the 15 to 17 digits JavaScript prints (the shortest text that reads
/// back as the same double) leave the lowest few bits of a value unknown,
/// and the sum engines' searches need every bit of a few values: the low
/// bits carry into all the others (SpiderMonkey), or the search starts at
/// the lowest known bit (V8).
fn exact_doubles(
    observations: &[Observation],
    exact: impl Fn(f64, &rngkit::observe::ObservedValue) -> bool,
) -> Option<Vec<Observation>> {
    use crate::observe::{ObservationKind, ObservedValue};
    let mut changed = false;
    let read = observations
        .iter()
        .map(|o| {
            if let ObservationKind::Draw { draw, value } = &o.kind
                && draw.text() == "math-random"
                && value.tolerance() > 0.0
                && let Some(x) = value.as_f64()
                && exact(x, value)
                && let Ok(bits) = ObservedValue::parse(&format!("{:#018x}", x.to_bits()))
            {
                changed = true;
                return Observation {
                    line: o.line,
                    kind: ObservationKind::Draw {
                        draw: draw.clone(),
                        value: bits,
                    },
                };
            }
            o.clone()
        })
        .collect();
    changed.then_some(read)
}

/// Whether a decimal allows one double of the sum engines' grid
/// (multiples of 2^-53) and no other: the double `x` it parses to lies on
/// the grid and both grid neighbours fall outside its last digit's
/// rounding. Then reading it exactly loses no stream.
fn one_grid_double(x: f64, value: &rngkit::observe::ObservedValue) -> bool {
    const GRID: f64 = 1.0 / (1u64 << 53) as f64;
    (x / GRID).fract() == 0.0 && !value.matches_f64(x - GRID) && !value.matches_f64(x + GRID)
}

/// `recover` on the exact doubles first ([`exact_doubles`]): JavaScript
/// prints the shortest decimal that reads back as the double, so its
/// output read exactly is the double itself. When no state gives those
/// exact doubles (values typed with fewer digits), or that search cannot
/// answer, the decimals are read as rounded to their last digit, except
/// those that allow one double of the grid anyway ([`one_grid_double`]:
/// most of 16 and 17 digits), which stay exact: the same streams fit, and
/// the search keeps its exact runs (ten doubles of another generator,
/// two of them printed with 15 digits: SpiderMonkey's second search took
/// 0.3 to 0.6 s of CPU reading all ten rounded; it is skipped when every
/// decimal allows one double).
pub(super) fn exact_first(
    observations: &[Observation],
    recover: impl Fn(&[Observation]) -> Result<Recovered, RecoverError>,
) -> Result<Recovered, RecoverError> {
    let Some(exact) = exact_doubles(observations, |_, _| true) else {
        return recover(observations);
    };
    let found = recover(&exact);
    if matches!(&found, Ok(Recovered::Unique(_)))
        || matches!(&found, Ok(Recovered::Several { states, .. }) if !states.is_empty())
    {
        return found;
    }
    let rounded =
        exact_doubles(observations, one_grid_double).unwrap_or_else(|| observations.to_vec());
    if rounded == exact {
        return found;
    }
    recover(&rounded)
}
