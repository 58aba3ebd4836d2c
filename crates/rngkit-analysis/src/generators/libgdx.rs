//! The analysis of libGDX's `RandomXS128` (`libgdx`): xorshift128+, whose
//! jumps, distance and recovery from sums are [`super::javascript`]'s (the
//! generator of SpiderMonkey and JavaScriptCore, whose `Math.random()` is
//! the low 53 bits of the same sum); here its catalogue function and notes.

use rngkit::runtimes::libgdx::LibgdxGen;

use crate::observe::Observation;
use crate::recover::{RecoverError, RecoverOptions, Recovered};

/// `recover` for `libgdx`: the sum engines' recovery
/// ([`super::javascript::recover_xorshift128plus_to`]) on what libGDX's
/// draws show of `nextLong()`, the sum `seed0 + seed1`: bit 0 of 128 values
/// over GF(2) (`next-boolean`), or the chain search over the carries of a
/// run of consecutive values (`next-long`, `next-double`, `next-float` up to
/// bit 63, `next-int` up to bit 31).
///
/// ```
/// use rngkit::registry::Seed;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{RecoverOptions, Recovered};
/// use rngkit_analysis::registry;
///
/// let entry = registry::find("libgdx").unwrap();
/// let start = entry.seed(&Seed::from(2024), &Default::default()).unwrap();
/// let draw = entry.spec().parse_draw("next-long", &[]).unwrap();
/// let mut rng = start.clone();
/// let text: String = (0..3).map(|_| format!("next-long = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let obs = parse_observations(entry, &text).unwrap();
/// let Recovered::Unique(state) = entry.recover(&obs, &RecoverOptions::default()).unwrap() else {
///     panic!("one state")
/// };
/// assert_eq!(state.words(), start.words());
/// ```
///
/// # Errors
/// As the sum engines' recovery: a search larger than its budget.
pub fn recover(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    use super::javascript::recover_xorshift128plus_to;
    // The chains' top bit: 63 when the values show the sum's top bits
    // (`next-long`, `next-double`, `next-float`: more known bits a plane,
    // fewer guesses than at SpiderMonkey's 52), 52 for bit 0's linear path,
    // 31 for `next-int`'s low 32 bits.
    let mut first_none = None;
    let mut general = None;
    for top in [63, 52, 31] {
        let found = recover_xorshift128plus_to::<LibgdxGen>(observations, options, top)?;
        match &found {
            Recovered::Unique(_) => return Ok(found),
            Recovered::Several { states, .. } if !states.is_empty() => return Ok(found),
            Recovered::NoneFits => {
                first_none.get_or_insert(found);
            }
            _ if top == 52 => general = Some(found),
            _ => {}
        }
    }
    // The attempt at bit 52 always leaves one of the two.
    Ok(first_none.or(general).unwrap_or(Recovered::NoneFits))
}

/// What `recover` and `seed-search` do for `libgdx`.
///
/// ```
/// let gdx = rngkit_analysis::registry::find("libgdx").unwrap();
/// assert!(gdx.notes().recover.contains("next-long"));
/// ```
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "Every draw is a function of nextLong(), the sum of xorshift128+'s two new words \
              (SpiderMonkey's generator with libGDX's mappings): 128 `next-boolean` values \
              (bit 0 of the sum, linear over GF(2)) pin the state, and otherwise a search over \
              the carries of a run of consecutive values does: 3 `next-long` or `next-double` \
              values (a second or a few), about 8 `next-float` or 6 `next-int` values (the \
              low 32 bits). The bounded draws' few bits sit behind unknown carries and only \
              check candidates.",
    recover_examples: &[],
    search: "The generic kernel over 64-bit seeds: setSeed(S) is two MurmurHash3 finalizers, \
             so each seed costs two hashes and the steps the observations read.",
    search_examples: &[],
    examples: &[],
};
