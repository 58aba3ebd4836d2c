//! The analysis of PCG32 (`pcg32`, `megacrush`): stepping back, jumps, distance, the
//! linear view for recovery, and seed identification.

#![allow(unused_imports)]

pub mod candidates;

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

// --------------------------------------------------------------------- PCG32

/// PCG32's LCG multiplier (pcg-c-basic).
pub(crate) const PCG_MULTIPLIER: u64 = Pcg32::MULTIPLIER;

impl StepBack for Pcg32 {
    fn step_back(&mut self) {
        let prev = self
            .state()
            .wrapping_sub(self.increment())
            .wrapping_mul(inverse_mod_2_64(PCG_MULTIPLIER));
        *self = Pcg32::from_state(prev, self.increment()).expect("increment unchanged");
    }
}

impl Jump for Pcg32 {
    /// Period 2^64: `n` is taken modulo 2^64.
    fn jump(&mut self, n: u128) {
        let (m, p) = rngkit::engines::lcg::affine_power(PCG_MULTIPLIER, self.increment(), n as u64);
        let s = self.state().wrapping_mul(m).wrapping_add(p);
        *self = Pcg32::from_state(s, self.increment()).expect("increment unchanged");
    }

    fn jump_back(&mut self, n: u128) {
        self.jump((n as u64).wrapping_neg().into());
    }
}

impl Distance for Pcg32 {
    const HAS_FAST_METHOD: bool = true;
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        if self.increment() != to.increment() {
            return Err(DistanceError::DifferentStreams {
                from_increment: self.increment(),
                to_increment: to.increment(),
            });
        }
        // The increment is odd, so the LCG has full period: 2-adic distance.
        Ok(u128::from(rngkit::engines::lcg::affine_distance(
            PCG_MULTIPLIER,
            self.increment(),
            self.state(),
            to.state(),
            64,
        )))
    }
}

/// PCG32 recovery for GEN `G`: full outputs with a known increment
/// ([`candidates`]).
///
/// # Errors
/// [`RecoverError`] without a fully observed output.
pub fn recover<G: Gen<Rng = Pcg32>>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let lay = layout(observations, 32, true);
    let fits = |rng: &Engine| fits(observations, rng);
    let Some(anchor) = lay
        .constraints
        .iter()
        .position(|c| c.known.mask == 0xffff_ffff)
    else {
        return Err(RecoverError(
            "PCG32 recovery needs at least one fully observed 32-bit output (u32 / next-uint)"
                .into(),
        ));
    };
    if lay.constraints.len() == 1 {
        return Ok(Recovered::Several {
            count: Count::PowerOfTwo(32),
            states: Vec::new(),
        });
    }
    let found = candidates::candidates(
        &lay.constraints,
        anchor,
        options.pcg_increment,
        options.threads,
        1 << 10,
        &options.progress,
        &options.stop,
    );
    let states: Vec<Engine> = found
        .into_iter()
        .filter_map(|s| <Pcg32 as StateWords>::from_words(&[s, options.pcg_increment]).ok())
        .map(Engine::new::<G>)
        .filter(|rng| fits(rng))
        .collect();
    Ok(conclude(states))
}

/// What `recover` does for the PCG32 GENs (`pcg32`, `megacrush`, `godot`),
/// for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "From full outputs with the stream known (--stream where the GEN takes one, \
              default 54; Godot's is fixed): one output fixes the top 37 bits of its state, \
              the 2^32 candidates left are filtered by the next output (vectorised, spread \
              over threads), and three outputs pin the state.",
    examples: &[crate::notes::Example {
        command: "gen",
        lines: &["rngkit gen pcg32 --seed 42 --stream 54 --hex -n 6 u32"],
    }],
    ..crate::notes::Notes::NONE
};
