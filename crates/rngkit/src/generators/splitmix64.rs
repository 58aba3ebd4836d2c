//! SplitMix64 (Steele, Lea and Flood, "Fast Splittable Pseudorandom Number
//! Generators", OOPSLA 2014), in Vigna's `splitmix64.c` form.

use alloc::vec::Vec;

use rand_core::SeedableRng;

use super::{impl_rng_u64, impl_serde_via, splitmix64_mix};
use crate::state::words_u64;
use crate::{StateError, StateWords};

/// The golden-ratio increment of SplitMix64's Weyl sequence.
pub(crate) const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64: a Weyl sequence `state += 0x9e3779b97f4a7c15` whose output is
/// the new state through a 64-bit finaliser. Every state is valid; the
/// period is 2^64.
///
/// `next_u32` returns the upper half of one output (this differs from
/// `rand_xoshiro::SplitMix64`, whose `next_u32` uses another finaliser;
/// `next_u64` is identical).
///
/// ```
/// use rngkit::generators::SplitMix64;
/// use rngkit::rand_core::Rng;
///
/// // First output of Vigna's splitmix64.c from state 0.
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xe220a8397b1dcdaf);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The Weyl increment added to the state at every step,
    /// 0x9e3779b97f4a7c15 (2^64 / φ, rounded to odd).
    pub const GAMMA: u64 = GOLDEN_GAMMA;

    /// The generator whose state is `state`.
    pub const fn new(state: u64) -> Self {
        SplitMix64 { state }
    }

    /// Builds the generator from its state word (always valid).
    pub const fn from_state(state: u64) -> Result<Self, StateError> {
        Ok(SplitMix64 { state })
    }

    /// The state word.
    pub const fn state(&self) -> u64 {
        self.state
    }

    #[inline]
    pub(crate) fn next_output(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        splitmix64_mix(self.state)
    }
}

impl_rng_u64!(SplitMix64);
impl_serde_via!(SplitMix64, u64);

impl SeedableRng for SplitMix64 {
    /// The state, little-endian.
    type Seed = [u8; 8];

    fn from_seed(seed: Self::Seed) -> Self {
        Self::new(u64::from_le_bytes(seed))
    }

    /// The state is `seed`.
    fn seed_from_u64(seed: u64) -> Self {
        Self::new(seed)
    }
}

impl StateWords for SplitMix64 {
    const NAME: &'static str = "splitmix64";
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = 1;

    fn to_words(&self) -> Vec<u64> {
        alloc::vec![self.state]
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let [state] = words_u64::<1>(Self::NAME, words)?;
        Self::from_state(state)
    }
}

impl crate::registry::Gen for SplitMix64 {
    type Rng = SplitMix64;
    type Draw = crate::registry::NoDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "splitmix64",
        aliases: &[],
        summary: "SplitMix64",
        seed_kind: crate::registry::SeedKind::U64,
        seed_doc: "the state is S",
        state_doc: "1 word of 64 bits",
        has_stream: false,
        versions: "Vigna's splitmix64.c; java.util.SplittableRandom's mix",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<SplitMix64, crate::registry::SeedError> {
        Ok(SplitMix64::new(seed.low_u64()))
    }

    fn eval(draw: &crate::registry::NoDraw, _: &mut SplitMix64) -> crate::draw::DrawValue {
        match *draw {}
    }
}

crate::generators::impl_scalar_bulk!(SplitMix64, u64);

crate::bulk::inherent_fill!(SplitMix64, fill_u64, u64, next_u64, "SplitMix64::new(0)");
