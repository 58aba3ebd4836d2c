//! Seed identification: from a state (or a save blob) back to the seed that
//! produced it and the number of draws taken since, without brute force.
//!
//! Each generator's own identification lives in its analysis module
//! (`generators/*.rs`) and is reached through the registry
//! ([`crate::registry::Entry::identify`]); this module holds what they
//! share: the answer type and the bounded walk back.

use crate::StepBack;

/// A seed and how many raw steps after seeding give the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Identified {
    /// The seed `S`.
    pub seed: u64,
    /// The number of raw steps `n` after `seed(S)`.
    pub advance: u64,
}

/// Walks `rng` back one step at a time, at most `max_advance` steps, until
/// `seed_of` recognises a freshly seeded state.
pub fn walk_back<G: StepBack>(
    mut rng: G,
    max_advance: u64,
    seed_of: impl Fn(&G) -> Option<u64>,
) -> Option<Identified> {
    for n in 0..=max_advance {
        if let Some(seed) = seed_of(&rng) {
            return Some(Identified { seed, advance: n });
        }
        rng.step_back();
    }
    None
}
