//! The draws that `recover --predict` prints: after the observations, or
//! before them, and the ones several fitting states agree on (for the text
//! and the JSON answers alike).

use rngkit::number::BigInt;
use rngkit::registry::{Engine, Steps};
use rngkit_analysis::registry::Entry;

use crate::error::CliError;

/// The `n` draws after the observations (from `end`, the state just after
/// them) or, for `n < 0`, the `-n` before them from `start` (the state
/// just before them), nearest first, formatted.
pub fn predictions(
    entry: &Entry,
    start: &Engine,
    end: &Engine,
    n: i64,
    draw: &rngkit::registry::Draw,
) -> Result<Vec<String>, CliError> {
    let mut lines = Vec::new();
    if n >= 0 {
        let mut rng = end.clone();
        for _ in 0..n {
            lines.push(draw.eval(&mut rng).format(false));
        }
    } else {
        let Steps::Fixed(k) = draw.steps(entry.output_bits()) else {
            return Err(CliError::usage(format_args!(
                "`{}` consumes a variable number of raw steps, so the draws before the observations are ambiguous; predict backwards with a fixed-size draw (u32, value, ...)",
                draw.text()
            )));
        };
        if !entry.can_jump() {
            return Err(CliError::usage(format_args!(
                "{} cannot step back, so it cannot predict backwards",
                entry.name()
            )));
        }
        for i in 1..=n.unsigned_abs() {
            let mut rng = start.clone();
            let back = -(i128::from(k) * i128::from(i));
            entry
                .advance(&mut rng, &BigInt::from(back))
                .map_err(CliError::usage)?;
            lines.push(draw.eval(&mut rng).format(false));
        }
    }
    Ok(lines)
}

/// Draws beyond the ones asked for that [`agreeing_draws`] also compares,
/// to say how far the fitting states agree.
const AGREEMENT_LOOKAHEAD: i64 = 256;

/// The draws every one of `states` gives in the direction of `n` (their
/// states after the observations are `ends`, in the same order), up to
/// `|n| + AGREEMENT_LOOKAHEAD` of them: the longest common prefix, and the
/// number compared.
pub fn agreeing_draws(
    entry: &Entry,
    states: &[Engine],
    ends: &[Engine],
    n: i64,
    draw: &rngkit::registry::Draw,
) -> Result<(Vec<String>, usize), CliError> {
    let horizon = if n >= 0 {
        n.saturating_add(AGREEMENT_LOOKAHEAD)
    } else {
        n.saturating_sub(AGREEMENT_LOOKAHEAD)
    };
    let mut common = predictions(entry, &states[0], &ends[0], horizon, draw)?;
    for (state, end) in states[1..].iter().zip(&ends[1..]) {
        let other = predictions(entry, state, end, horizon, draw)?;
        let same = common
            .iter()
            .zip(&other)
            .take_while(|(a, b)| a == b)
            .count();
        common.truncate(same);
    }
    Ok((common, horizon.unsigned_abs() as usize))
}
