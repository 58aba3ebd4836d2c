//! The analysis of SplitMix64: stepping back, jumps, distance, the
//! linear view for recovery, and seed identification.

#![allow(unused_imports)]

pub mod unmix;

use std::sync::OnceLock;

use rngkit::generators::*;
use rngkit::{StateError, StateWords, WordRng};

use crate::advance::*;
use crate::distance::*;
use crate::dlog::*;
use crate::gf2::*;
use crate::identify::*;
use crate::linear::*;
use crate::{Distance, DistanceError, Jump, StepBack};

use rngkit::registry::{Engine, Gen};

use crate::observe::{Observation, layout};
use crate::recover::{
    Count, ENUMERATE_LIMIT, RecoverError, RecoverOptions, Recovered, conclude, fits,
};

// ---------------------------------------------------------------- SplitMix64

/// SplitMix64's increment (Steele, Lea and Flood, 2014).
pub(crate) const SPLITMIX_GAMMA: u64 = SplitMix64::GAMMA;

impl StepBack for SplitMix64 {
    fn step_back(&mut self) {
        *self = SplitMix64::new(self.state().wrapping_sub(SPLITMIX_GAMMA));
    }
}

impl Jump for SplitMix64 {
    /// Period 2^64: `n` is taken modulo 2^64.
    fn jump(&mut self, n: u128) {
        *self = SplitMix64::new(
            self.state()
                .wrapping_add(SPLITMIX_GAMMA.wrapping_mul(n as u64)),
        );
    }

    fn jump_back(&mut self, n: u128) {
        *self = SplitMix64::new(
            self.state()
                .wrapping_sub(SPLITMIX_GAMMA.wrapping_mul(n as u64)),
        );
    }
}

impl Distance for SplitMix64 {
    const HAS_FAST_METHOD: bool = true;
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        let diff = to.state().wrapping_sub(self.state());
        Ok(u128::from(
            diff.wrapping_mul(inverse_mod_2_64(SPLITMIX_GAMMA)),
        ))
    }
}

/// The seed `S` whose SplitMix64 outputs, from state `S`, are `words` in
/// order (how xoshiro256** and xoroshiro128+ fill their state from
/// `seed_from_u64`), if there is one.
///
/// ```
/// use rngkit::generators::Xoshiro256StarStar;
/// use rngkit::rand_core::SeedableRng;
/// use rngkit::StateWords;
/// use rngkit_analysis::generators::splitmix64::splitmix_filled_seed;
///
/// let rng = Xoshiro256StarStar::seed_from_u64(42);
/// assert_eq!(splitmix_filled_seed(&rng.to_words()), Some(42));
/// assert_eq!(splitmix_filled_seed(&[1, 2, 3, 4]), None);
/// ```
pub fn splitmix_filled_seed(words: &[u64]) -> Option<u64> {
    let (&first, rest) = words.split_first()?;
    let seed = unmix::unmix(first).wrapping_sub(SPLITMIX_GAMMA);
    let mut mix = SplitMix64::new(seed);
    let _ = mix.next_word();
    rest.iter().all(|&w| mix.next_word() == w).then_some(seed)
}

/// Finds `S` and the smallest `n <= max_advance` with
/// `state == advance(seed_from_u64(S), n)` for a generator whose seeding
/// fills its state words with consecutive SplitMix64 outputs from `S`
/// (xoshiro256**, xoroshiro128+).
///
/// ```
/// use rngkit::generators::Xoroshiro128Plus;
/// use rngkit::rand_core::SeedableRng;
/// use rngkit::WordRng;
/// use rngkit_analysis::identify::Identified;
/// use rngkit_analysis::generators::splitmix64::identify_splitmix_filled;
///
/// let mut rng = Xoroshiro128Plus::seed_from_u64(7);
/// rng.discard(500);
/// assert_eq!(identify_splitmix_filled(&rng, 1000), Some(Identified { seed: 7, advance: 500 }));
/// ```
pub fn identify_splitmix_filled<G: StepBack + StateWords>(
    rng: &G,
    max_advance: u64,
) -> Option<Identified> {
    walk_back(rng.clone(), max_advance, |g| {
        splitmix_filled_seed(&g.to_words())
    })
}

/// SplitMix64 recovery: one fully observed `u64` is the state.
///
/// # Errors
/// [`RecoverError`] without one.
pub fn recover(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let lay = layout(observations, 64, true);
    let fits = |rng: &Engine| fits(observations, rng);
    let Some(state) = unmix::from_full_word(&lay.constraints) else {
        return Err(RecoverError(
            "SplitMix64 recovery needs one fully observed u64 output".into(),
        ));
    };
    let rng = Engine::new::<SplitMix64>(SplitMix64::new(state));
    Ok(if fits(&rng) {
        Recovered::Unique(rng)
    } else {
        Recovered::NoneFits
    })
}

/// `identify` for a GEN whose seeding fills its state with SplitMix64
/// outputs (default bound 10^7).
pub fn identify_filled<R: StepBack + StateWords + 'static>(
    rng: &rngkit::registry::Engine,
    max_advance: Option<u64>,
) -> Option<Identified> {
    identify_splitmix_filled(rng.downcast_ref::<R>()?, max_advance.unwrap_or(10_000_000))
}

/// `identify` for `splitmix64`: the state is its own seed.
pub fn identify(rng: &rngkit::registry::Engine, _: Option<u64>) -> Option<Identified> {
    Some(Identified {
        seed: rng.words()[0],
        advance: 0,
    })
}

/// What `recover` does for `splitmix64`, for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "One full `u64` output is the state (the output function is invertible).",
    examples: &[crate::notes::Example {
        command: "gen",
        lines: &["rngkit gen splitmix64 --seed 1 --raw -n 4 u64 | od -A d -t x8"],
    }],
    ..crate::notes::Notes::NONE
};
