//! Fits and their families: a fit made from a reading's answer, with
//! what tells two fits apart ([`Signature`]: the state words and the next
//! values), and the merge of the fits that are one family (the MT19937
//! runtimes read as raw words, `php` and `php3`), best first.

use rngkit::registry::Engine;

use super::candidates::{Candidate, revealed_bits};
use super::{Answer, Fit, MARGIN};
use crate::observe::replay;
use crate::registry::all;

pub(super) fn make_fit(c: &Candidate, answer: Answer, state_bits: u64) -> Fit {
    let revealed = revealed_bits(c);
    let signature = signature(c, &answer);
    Fit {
        generator: c.generator,
        draw: c.draw.clone(),
        decisive: revealed >= state_bits + MARGIN,
        revealed_bits: revealed,
        state_bits,
        answer,
        family: Vec::new(),
        signature,
    }
}

/// Values compared to tell whether two fits are one family.
const SIGNATURE_VALUES: usize = 16;

/// What makes two fits one family: the same state words (of every state
/// that fits) and the same values next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Signature {
    words: Vec<Vec<u64>>,
    next: Vec<String>,
}

fn signature(c: &Candidate, answer: &Answer) -> Signature {
    let states: Vec<&Engine> = match answer {
        Answer::States(s) => s.iter().collect(),
        other => vec![other.first_state()],
    };
    let words = states.iter().map(|s| s.words()).collect();
    let mut rng = answer.first_state().clone();
    replay(&c.observations, &mut rng);
    let next = match c.generator.parse_draw(
        c.draw.split(' ').next().unwrap_or(""),
        &c.draw.split(' ').skip(1).collect::<Vec<_>>(),
    ) {
        Ok(draw) => (0..SIGNATURE_VALUES)
            .map(|_| draw.eval(&mut rng).format(false))
            .collect(),
        Err(_) => Vec::new(),
    };
    Signature { words, next }
}

/// Merges fits that are one family and orders the rest, best first.
pub(super) fn families(raw: Vec<Fit>) -> Vec<Fit> {
    let mut fits: Vec<Fit> = Vec::new();
    // A family is headed by the plain generator read as raw words where
    // one is among its members (mt19937 u32 rather than mars next-u32).
    let mut raw = raw;
    // Otherwise the catalogue's order decides, so that the answer does not
    // depend on which recovery finished first.
    raw.sort_by_key(|f| {
        (
            !(f.draw == "u32" || f.draw == "u64"),
            all().iter().position(|e| e.name() == f.generator.name()),
        )
    });
    for fit in raw {
        if let Some(head) = fits
            .iter_mut()
            .find(|h| h.signature == fit.signature && h.decisive == fit.decisive)
        {
            head.family.push((fit.generator, fit.draw));
            continue;
        }
        fits.push(fit);
    }
    fits.sort_by_key(|f| {
        (
            !f.decisive,
            f.answer.count(),
            std::cmp::Reverse(f.revealed_bits as i128 - f.state_bits as i128),
        )
    });
    fits
}
