//! Cracking the POSIX `drand48` family (`drand48`): the 48-bit state from
//! observed `drand48()`, `lrand48()` and `mrand48()` values, by the lattice
//! recovery shared with `java` ([`crate::generators::lcg48`]).
//!
//! Every draw reads the top of the new state `s_j` (glibc's
//! `erand48_r`, `nrand48_r`, `jrand48_r`):
//!
//! * `drand48 = v`: all 48 bits (`v * 2^48` is exact), so one value is the
//!   state;
//! * `lrand48 = v`: `s_j >> 17`, 31 bits: 17 unknown, so two consecutive
//!   values (62 bits) almost always leave one state;
//! * `mrand48 = v`: `s_j >> 16` as a signed 32-bit value, 32 bits;
//! * `DRAW in LOW..HIGH`: the top bits of `s_j` lie in a range;
//! * `bits MASK = VALUE` on the raw word `s_j << 16`, `skip N` and unknown
//!   gaps `skip A..B` as for every GEN.
//!
//! The lattice lists every state that meets the constraints, and each one
//! is verified by replaying the draws; more than 2^16 states (one
//! `lrand48` alone leaves 2^17) are counted, not listed.
//!
//! ```
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::recover::{recover, RecoverOptions, Recovered};
//! use rngkit_analysis::registry;
//!
//! // glibc: srand48(1); lrand48(); lrand48().
//! let drand48 = registry::find("drand48").unwrap();
//! let obs = parse_observations(drand48, "lrand48 = 89400484\nlrand48 = 976015093\n").unwrap();
//! let Recovered::Unique(rng) = recover(drand48, &obs, &RecoverOptions::default()).unwrap() else {
//!     panic!("one state")
//! };
//! assert_eq!(rng.words(), [(1 << 16) | 0x330e]); // srand48(1)'s state
//! ```

use rngkit::observe::KnownBits;
use rngkit::registry::{Engine, Steps};
use rngkit::runtimes::drand48::{Drand48, Drand48Draw, Drand48Gen};

use crate::generators::lcg48::{
    Item, Local, MASK, Seen, items, recover_items, scaled_bounds, signed32_range,
    state_bit_constraints, top_range,
};
use crate::observe::{Observation, ObservationKind, ObservedDraw};
use crate::recover::{RecoverError, RecoverOptions, Recovered};

/// The `drand48` draw behind a parsed draw (`None` for the common draws).
fn drand48_draw(draw: &ObservedDraw) -> Option<Drand48Draw> {
    draw.engine_draw::<Drand48Draw>().cloned()
}

/// The state bits that known bits of a raw output word (`s << 16`, 64
/// bits) are; its low 16 bits are always zero and say nothing (a `bits`
/// observation that wants them set fails the verification instead).
fn word_to_state(known: KnownBits) -> KnownBits {
    KnownBits::new((known.mask >> 16) & MASK, (known.value >> 16) & MASK)
}

/// One draw observation as a lattice item.
fn draw_item(draw: &ObservedDraw, seen: Seen<'_>) -> Item {
    let mut constraints: Vec<Local> = Vec::new();
    match seen {
        Seen::Value(value) => {
            // `known_bits` already turns every draw (ours and the common
            // ones) into the known bits of each raw word.
            for (i, known) in draw
                .known_bits(value, 64)
                .unwrap_or_default()
                .into_iter()
                .enumerate()
            {
                state_bit_constraints(i as u64, word_to_state(known), &mut constraints);
            }
        }
        Seen::Range(range) => match drand48_draw(draw) {
            Some(Drand48Draw::Drand48) => {
                let (lo, hi) = scaled_bounds(range, 48);
                constraints.push(top_range(0, 0, lo, hi));
            }
            Some(Drand48Draw::Lrand48) => {
                let (lo, hi) = scaled_bounds(range, 0);
                constraints.push(top_range(0, 17, lo, hi));
            }
            Some(Drand48Draw::Mrand48) => {
                let (lo, hi) = scaled_bounds(range, 0);
                constraints.extend(signed32_range(0, lo, hi));
            }
            // A common draw's range is checked by the verification only.
            None => {}
        },
    }
    let steps = match draw.steps(64) {
        Steps::Fixed(n) => n,
        // A common draw that may redraw: assumed once, then verified.
        Steps::Variable => 1,
    };
    Item::Fixed { steps, constraints }
}

/// State recovery for `drand48`: each observation as constraints on the
/// 48-bit states, the lattice lists the states that meet them (unknown gaps
/// enumerated), and every one is verified against all the observations.
///
/// ```
/// use rngkit::runtimes::drand48::Drand48;
/// use rngkit_analysis::generators::drand48::recover;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{Recovered, RecoverOptions};
/// use rngkit_analysis::registry;
///
/// // One drand48() is the whole state; an mrand48() two calls later must agree.
/// let mut rng = Drand48::seed48([1, 2, 3]);
/// let d = rng.drand48();
/// rng.lrand48();
/// let m = rng.mrand48();
/// let text = format!("drand48 = {d}\nskip 1\nmrand48 = {m}\n");
/// let obs = parse_observations(registry::find("drand48").unwrap(), &text).unwrap();
/// let Ok(Recovered::Unique(found)) = recover(&obs, &RecoverOptions::default()) else { panic!() };
/// assert_eq!(found.words(), [Drand48::seed48([1, 2, 3]).state()]);
/// ```
///
/// # Errors
/// [`RecoverError`] when the unknown gaps have too many combinations.
pub fn recover(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let items = items(observations, word_to_state, draw_item);
    recover_items(
        observations,
        &items,
        engine,
        "drand48",
        options.threads,
        complete(observations),
    )
}

fn engine(s: u64) -> Engine {
    Engine::new::<Drand48Gen>(Drand48::from_state(s & MASK).expect("masked to 48 bits"))
}

/// Whether the lattice holds everything the observations say: no draw of
/// a variable number of steps (a redraw, a bound's odd factor, which only
/// filter).
fn complete(observations: &[Observation]) -> bool {
    observations.iter().all(|o| match &o.kind {
        ObservationKind::Draw { draw, .. } | ObservationKind::DrawIn { draw, .. } => {
            matches!(draw.steps(64), Steps::Fixed(_))
        }
        _ => true,
    })
}

/// What `recover` does for `drand48`, for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "Lattice reduction on the 48-bit states, shared with java: one `drand48`, or \
              two `lrand48` or `mrand48`, pin the state.",
    recover_examples: &[
        "rngkit gen drand48 --seed 42 -n 2 lrand48 | sed 's/^/lrand48 = /' > l48.txt",
        "rngkit recover drand48 --observations l48.txt --predict 3 lrand48",
    ],
    ..crate::notes::Notes::NONE
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_words_map_to_state_bits() {
        let k = word_to_state(KnownBits::new(0xffff_0000_0000_ffff, 0x1234_0000_0000_0000));
        assert_eq!(k.mask, 0xffff_0000_0000);
        assert_eq!(k.value, 0x1234_0000_0000);
    }
}
