//! The analysis of Sword/Shield's xoroshiro128+ (`swsh`): the generator is
//! the `xoroshiro128p` GEN's, so jumps, distances and the linear view are
//! [`super::xoroshiro128p`]'s; this module adds recovery from `rand N`
//! results with the games' masked rejection.
//!
//! Each observed `rand N` reveals the masked low bits of the word it
//! accepted; bit 0 of `s0 + s1` is bit 0 of `s0 ^ s1`, linear in the state,
//! so about 128 draws (each with `N >= 2`) pin the 128-bit state by
//! Gaussian elimination. A draw with `N` not a power of two redraws when the
//! masked word is `>= N`, which shifts every later word: recovery first
//! assumes no redraw, then tries one redraw before each such draw, then two (in one
//! draw or in two; at most [`MAX_VARIANTS`] layouts), and keeps the states that give every
//! observation with the real rejection loop.

use rngkit::engines::pokemon::swsh::SwshGen;
use rngkit::registry::{Engine, Steps};

use crate::observe::{Observation, ObservationKind};
use crate::recover::{RecoverError, RecoverOptions, Recovered, conclude, fits};

/// The most observation layouts (redraw placements) tried.
pub const MAX_VARIANTS: usize = 4096;

/// Recovery from `next` / `rand N` / `bits` observations.
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{recover, Recovered, RecoverOptions};
/// use rngkit_analysis::registry;
///
/// let swsh = registry::find("swsh").unwrap();
/// let mut rng = swsh.seed(&BigInt::from(0x1234_5678_9abc_def0u64), &Default::default()).unwrap();
/// let start = rng.clone();
/// let draw = swsh.parse_draw("rand", &["2"]).unwrap();
/// let text: String = (0..140).map(|_| format!("rand 2 = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let obs = parse_observations(swsh, &text).unwrap();
/// let Recovered::Unique(found) = recover(swsh, &obs, &RecoverOptions::default()).unwrap() else { panic!() };
/// assert_eq!(found, start);
/// ```
///
/// # Errors
/// Never beyond the linear recovery's.
pub fn recover(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let first = crate::recover::linear::recover::<SwshGen>(observations, options)?;
    // Draws that may have redrawn: the variable ones.
    let variable: Vec<usize> = observations
        .iter()
        .enumerate()
        .filter(|(_, o)| match &o.kind {
            ObservationKind::Draw { draw, .. } => draw.steps(64) == Steps::Variable,
            _ => false,
        })
        .map(|(i, _)| i)
        .collect();
    match &first {
        Recovered::Unique(_) => return Ok(first),
        Recovered::Several { states, .. } if !states.is_empty() || variable.is_empty() => {
            return Ok(first);
        }
        Recovered::NoneFits if variable.is_empty() => return Ok(first),
        _ => {}
    }
    let mut found: Vec<Engine> = Vec::new();
    let mut tried = 0usize;
    let try_layout = |redraws: &[usize], found: &mut Vec<Engine>| -> Result<(), RecoverError> {
        let mut variant = Vec::with_capacity(observations.len() + redraws.len());
        for (i, o) in observations.iter().enumerate() {
            let count = redraws.iter().filter(|&&r| r == i).count() as u64;
            if count > 0 {
                variant.push(Observation {
                    line: o.line,
                    kind: ObservationKind::Skip(count),
                });
            }
            variant.push(o.clone());
        }
        let states = match crate::recover::linear::recover::<SwshGen>(&variant, options)? {
            Recovered::Unique(s) => vec![s],
            Recovered::Several { states, .. } => states,
            Recovered::NoneFits | Recovered::OverBudget { .. } => Vec::new(),
        };
        for s in states {
            if fits(observations, &s) && !found.contains(&s) {
                found.push(s);
            }
        }
        Ok(())
    };
    'outer: for (a, &i) in variable.iter().enumerate() {
        tried += 1;
        if tried > MAX_VARIANTS {
            break;
        }
        try_layout(&[i], &mut found)?;
        if !found.is_empty() {
            break;
        }
        for &j in &variable[a..] {
            tried += 1;
            if tried > MAX_VARIANTS {
                break 'outer;
            }
            try_layout(&[i, j], &mut found)?;
        }
        if !found.is_empty() {
            break;
        }
    }
    if found.is_empty() {
        return Ok(first);
    }
    Ok(conclude(found))
}

/// What `recover` does for `swsh`, for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "Each `rand N` reveals the masked low bits of the word it accepted, and bit 0 \
              of the sum is linear in the state: about 128 coin flips (`rand 2`) pin the \
              128-bit state. A bound that is not a power of two may have redrawn unseen: \
              recovery tries no redraw, then one or two before such draws, and keeps the \
              states that give every value with the real rejection loop.",
    ..crate::notes::Notes::NONE
};
