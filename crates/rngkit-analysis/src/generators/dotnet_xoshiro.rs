//! The analysis of .NET 6+'s unseeded `System.Random` (`dotnet`,
//! `dotnet6`): xoshiro256**, whose jumps, distance and linear view are
//! [`super::xoshiro256ss`]'s; here its recovery, which guesses the few
//! output bits a draw hides.
//!
//! Only whole outputs are linear in the state (the `**` scrambler
//! `rotl(s1 * 5, 7) * 9` inverts a whole word, not a part of one). A
//! `NextInt64()` value is the output's top 63 bits: one bit short. So the
//! recovery guesses the missing low bits of a few such words (2 candidates
//! for each `NextInt64()`), solves the linear system for each guess, and
//! keeps the states that reproduce every observation. Four values give
//! 4 x 64 = 256 equations (16 guesses); a fifth checks them.

use rngkit::registry::{Engine, Gen};
use rngkit::{StateWords, WordRng};

use crate::observe::{KnownBits, Observation, WordConstraint, layout};
use crate::recover::linear::{LinearView, equations, solve, words_of};
use crate::recover::{
    Count, ENUMERATE_LIMIT, RecoverError, RecoverOptions, Recovered, conclude, fits,
};

/// The most output bits guessed in all: 2^12 linear solves.
pub const MAX_GUESSED_BITS: u32 = 12;

/// The most low bits one word may miss to be completed by guessing.
const MAX_MISSING_PER_WORD: u32 = 8;

/// Linear recovery that completes words missing only a few low bits (the
/// top `w - k` bits known, `k <= 8`) by guessing them: the generator's
/// [`LinearView`] reads whole words only. Words with other masks (a prefix
/// of a double, a bounded draw's top bits) are not used for the equations
/// but every candidate is checked against them.
///
/// # Errors
/// Never; the signature is the catalogue's.
pub fn recover<G: Gen>(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError>
where
    G::Rng: LinearView,
{
    let bits = <G::Rng as WordRng>::OUTPUT_BITS;
    let width = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let unknowns =
        (<G::Rng as StateWords>::WORD_BITS as usize) * <G::Rng as StateWords>::WORD_COUNT;
    let lay = layout(observations, bits, true);
    let full: Vec<WordConstraint> = lay
        .constraints
        .iter()
        .filter(|c| c.known.mask == width)
        .copied()
        .collect();
    // Words missing k low bits, fewest first.
    let mut partial: Vec<(u32, WordConstraint)> = lay
        .constraints
        .iter()
        .filter_map(|c| {
            let k = (!c.known.mask & width).count_ones();
            (k > 0 && k <= MAX_MISSING_PER_WORD && c.known.mask == width & (width << k))
                .then_some((k, *c))
        })
        .collect();
    partial.sort_by_key(|&(k, c)| (k, c.offset));
    // Take partial words while the rank grows and the guesses stay few.
    let rank_of = |chosen: &[(u32, WordConstraint)]| {
        let mut all = full.clone();
        all.extend(chosen.iter().map(|&(_, c)| complete(c, 0, width)));
        equations::<G::Rng>(&all).0.rank()
    };
    let mut chosen: Vec<(u32, WordConstraint)> = Vec::new();
    let mut rank = rank_of(&chosen);
    let mut guessed = 0u32;
    for &(k, c) in &partial {
        if rank >= unknowns || guessed + k > MAX_GUESSED_BITS {
            break;
        }
        chosen.push((k, c));
        let grown = rank_of(&chosen);
        if grown == rank {
            chosen.pop();
            continue;
        }
        rank = grown;
        guessed += k;
    }
    let free = (unknowns - rank) as u32;
    if free >= 64 || (1u128 << free) * (1u128 << guessed) > ENUMERATE_LIMIT {
        return Ok(Recovered::Several {
            count: Count::PowerOfTwo(free),
            states: Vec::new(),
        });
    }
    let mut states: Vec<Engine> = Vec::new();
    for guess in 0u64..(1 << guessed) {
        let mut all = full.clone();
        let mut rest = guess;
        for &(k, c) in &chosen {
            all.push(complete(c, rest & ((1 << k) - 1), width));
            rest >>= k;
        }
        let (matrix, rhs) = equations::<G::Rng>(&all);
        let Some((particular, basis)) = solve(&matrix, &rhs) else {
            continue;
        };
        for combination in 0u64..(1 << basis.len()) {
            let mut x = particular.clone();
            for (i, v) in basis.iter().enumerate() {
                if combination >> i & 1 == 1 {
                    x ^= v;
                }
            }
            if let Ok(rng) = G::from_words(&words_of::<G::Rng>(&x)) {
                let rng = Engine::new::<G>(rng);
                if fits(observations, &rng) && !states.contains(&rng) {
                    states.push(rng);
                }
            }
        }
    }
    Ok(conclude(states))
}

/// A word constraint missing its low bits, completed with `low`.
fn complete(c: WordConstraint, low: u64, width: u64) -> WordConstraint {
    WordConstraint {
        offset: c.offset,
        known: KnownBits::new(width, c.known.value | (low & !c.known.mask)),
    }
}

/// What `recover` does for `dotnet` and `dotnet6`.
///
/// ```
/// let net = rngkit_analysis::registry::find("dotnet").unwrap();
/// assert!(net.notes().recover.contains("next-int64"));
/// ```
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "Linear recovery over GF(2) through the xoshiro256** view, guessing what a value \
              hides: only whole 64-bit outputs are linear in the state (the `**` scrambler \
              inverts a whole word), and a `next-int64` value is an output's top 63 bits, so \
              the low bit of four such values is guessed (16 linear solves) and every \
              candidate is checked against all observations: 5 consecutive `next-int64` \
              values pin the state, as do 4 `u64` outputs or `next-bytes 32`. `next`, \
              `next-double` and `next-single` show 31, 53 and 24 top bits of a scrambled \
              word, which are not linear in the state: they only check candidates. There is \
              no seed search: new Random() takes its state from the OS.",
    recover_examples: &[],
    search: "",
    search_examples: &[],
    examples: &[],
};
