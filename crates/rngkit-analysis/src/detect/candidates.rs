//! The readings to try: each (GEN, draw) that could have made the input,
//! from the first reader that takes it ([`read_input`]: bare values, each
//! read as every GEN's bare draws that pass the cheap checks, else an
//! observation list, read by every GEN that parses it), and the bits a
//! reading's values reveal.

use rngkit::registry::Yields;

use super::DetectError;
use super::bare::{Bare, bare_values, plausible};
use crate::observe::{Observation, ObservationKind, layout, parse_observations};
use crate::registry::{Entry, all};

/// One (GEN, draw) to try.
pub(super) struct Candidate {
    pub(super) generator: &'static Entry,
    pub(super) draw: String,
    pub(super) observations: Vec<Observation>,
}

/// What the input reads as: the readings to try, how many (GEN, draw)
/// pairs the cheap checks ruled out, and how many values it holds.
pub(super) struct Readings {
    pub(super) candidates: Vec<Candidate>,
    pub(super) pruned: usize,
    pub(super) values: usize,
}

/// The input read by the first reader that takes it: bare values one a
/// line, else an observation list in the `recover` syntax. Another form
/// of input adds its reader here, before the observation list (the last
/// reader: it refuses what no GEN parses).
///
/// # Errors
/// [`DetectError`] for input that is neither bare values nor an
/// observation list any GEN reads.
pub(super) fn read_input(text: &str) -> Result<Readings, DetectError> {
    if let Some(values) = bare_values(text)? {
        let (candidates, pruned) = bare_candidates(&values);
        return Ok(Readings {
            candidates,
            pruned,
            values: values.len(),
        });
    }
    let candidates = list_candidates(text)?;
    let values = candidates[0]
        .observations
        .iter()
        .filter(|o| {
            matches!(
                o.kind,
                ObservationKind::Draw { .. }
                    | ObservationKind::DrawIn { .. }
                    | ObservationKind::Bits(_)
            )
        })
        .count();
    Ok(Readings {
        candidates,
        pruned: 0,
        values,
    })
}

/// Bare tokens, one a line, of `alphabet`: one reading per idiom of every
/// GEN that has idioms, the tokens written as `token IDIOM ALPHABET LENGTH`
/// observations (each line its own LENGTH); a GEN's idiom whose picks its
/// parser refuses is pruned.
///
/// # Errors
/// [`DetectError`] for a bad alphabet, a character outside it (with its
/// line), or no token.
pub(super) fn read_tokens(text: &str, alphabet: &str) -> Result<Readings, DetectError> {
    let parsed = rngkit::token::Alphabet::parse(alphabet).map_err(DetectError)?;
    let mut lines = String::new();
    let mut picks = 0;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, line) in text.lines().enumerate() {
        let token = line.trim();
        if token.is_empty() || token.starts_with('#') {
            continue;
        }
        if let Some((at, c)) = token
            .chars()
            .enumerate()
            .find(|&(_, c)| c != '?' && parsed.index_of(c).is_none())
        {
            return Err(DetectError(format!(
                "line {}: `{}`: `{c}` (character {}) is not in ALPHABET `{alphabet}`",
                index + 1,
                token,
                at + 1
            )));
        }
        picks += token.chars().count();
        // `{IDIOM}` is put in per GEN below.
        lines.push_str(&format!(
            "token {{IDIOM}} {alphabet} {} = {token}\n",
            token.chars().count()
        ));
    }
    if picks == 0 {
        return Err(DetectError(
            "no tokens: give them one a line, e.g. `Kw3aZ09q`".to_string(),
        ));
    }
    let mut candidates = Vec::new();
    let mut pruned = 0;
    for generator in all() {
        for idiom in generator.idioms() {
            let text = lines.replace("{IDIOM}", idiom.name);
            match parse_observations(generator, &text) {
                Ok(observations) => candidates.push(Candidate {
                    generator,
                    draw: format!("token {} {alphabet}", idiom.name),
                    observations,
                }),
                Err(_) => pruned += 1,
            }
        }
    }
    Ok(Readings {
        candidates,
        pruned,
        values: picks,
    })
}

/// The candidates for bare values, and how many (GEN, draw) pairs the cheap
/// checks ruled out.
fn bare_candidates(values: &[Bare]) -> (Vec<Candidate>, usize) {
    let all_integers = values.iter().all(|v| v.integer.is_some());
    let mut candidates = Vec::new();
    let mut pruned = 0;
    for generator in all() {
        for bare in generator.bare_draws() {
            let fits_range = values.iter().all(|v| match (bare.yields, all_integers) {
                (Yields::Int { .. }, true) => bare.yields.admits_i128(v.integer.unwrap_or(-1)),
                (Yields::Unit { .. }, _) => v.float.is_some_and(|f| bare.yields.admits_f64(f)),
                _ => false,
            });
            if !fits_range || !plausible(bare.yields, values) {
                pruned += 1;
                continue;
            }
            let text: String = values
                .iter()
                .map(|v| format!("{} = {}\n", bare.draw, v.text))
                .collect();
            // The draw's own known_bits refuses values off its grid.
            match parse_observations(generator, &text) {
                Ok(observations) => candidates.push(Candidate {
                    generator,
                    draw: bare.draw.to_string(),
                    observations,
                }),
                Err(_) => pruned += 1,
            }
        }
    }
    (candidates, pruned)
}

/// The candidates for an observation list: every GEN that parses it.
fn list_candidates(text: &str) -> Result<Vec<Candidate>, DetectError> {
    let mut candidates = Vec::new();
    let mut furthest: Option<crate::observe::ObservationError> = None;
    for generator in all() {
        match parse_observations(generator, text) {
            Ok(observations) if !observations.is_empty() => {
                let draw = observations
                    .iter()
                    .find_map(|o| match &o.kind {
                        ObservationKind::Draw { draw, .. }
                        | ObservationKind::DrawIn { draw, .. } => Some(draw.text().to_string()),
                        _ => None,
                    })
                    .unwrap_or_else(|| "bits".to_string());
                candidates.push(Candidate {
                    generator,
                    draw,
                    observations,
                });
            }
            Ok(_) => {}
            Err(e) => {
                if furthest.as_ref().is_none_or(|f| e.line > f.line) {
                    furthest = Some(e);
                }
            }
        }
    }
    if candidates.is_empty() {
        return Err(DetectError(match furthest {
            Some(e) => {
                format!("no generator reads these observations; the one read furthest stops at {e}")
            }
            None => {
                "no observations: give bare values one a line, or `DRAW = VALUE` lines".to_string()
            }
        }));
    }
    Ok(candidates)
}

/// Bits the values reveal of the raw words: what `known_bits` says, and
/// one more for each relation beyond them (a `floor N` pick straddling a
/// power of two; CPython's `choices` over 62 characters reveals about 4.6
/// bits a character with them, 4 without).
pub(super) fn revealed_bits(c: &Candidate) -> u64 {
    let lay = layout(&c.observations, c.generator.output_bits(), true);
    let known: u64 = lay
        .constraints
        .iter()
        .map(|w| u64::from(w.known.mask.count_ones()))
        .sum();
    known + lay.relations.len() as u64
}
