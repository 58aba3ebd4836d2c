//! PCG32: the 64-bit LCG with the XSH RR 64/32 output permutation
//! (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good
//! Algorithms for Random Number Generation", 2014).

use alloc::vec::Vec;

use rand_core::SeedableRng;

use super::impl_rng_u32;
use crate::state::words_u64;
use crate::{StateError, StateWords};

/// The LCG multiplier of PCG's 64-bit state (Knuth's MMIX multiplier).
const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
/// The default stream of `pcg32_srandom` in the PCG demos and of the CLI.
pub(crate) const DEFAULT_STREAM: u64 = 54;

/// PCG32 (XSH RR 64/32): a 64-bit LCG,
/// `state = state * 6364136223846793005 + increment`, whose output is the
/// *old* state permuted by an xorshift and a data-dependent rotation.
///
/// The increment must be odd; it selects one of 2^63 streams.
///
/// ```
/// use rngkit::generators::Pcg32;
/// use rngkit::rand_core::Rng;
///
/// // pcg32-demo of pcg-c-basic: pcg32_srandom_r(42, 54).
/// let mut rng = Pcg32::new(42, 54);
/// assert_eq!(rng.state(), 0x185706b82c2e03f8);
/// assert_eq!(rng.next_u32(), 0xa15c02b7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pcg32 {
    state: u64,
    increment: u64,
}

impl Pcg32 {
    /// The LCG multiplier, 6364136223846793005 (Knuth's MMIX multiplier,
    /// the one pcg-c-basic uses).
    pub const MULTIPLIER: u64 = MULTIPLIER;

    /// `pcg32_srandom(seed, stream)`: increment `(stream << 1) | 1` (the top
    /// bit of `stream` is lost), state 0, one step, add `seed`, one step.
    pub const fn new(seed: u64, stream: u64) -> Self {
        let increment = (stream << 1) | 1;
        let state = 0u64.wrapping_mul(MULTIPLIER).wrapping_add(increment);
        let state = state
            .wrapping_add(seed)
            .wrapping_mul(MULTIPLIER)
            .wrapping_add(increment);
        Pcg32 { state, increment }
    }

    /// Builds the generator from its raw state and increment.
    ///
    /// # Errors
    /// [`StateError::EvenIncrement`] when `increment` is even.
    pub const fn from_state(state: u64, increment: u64) -> Result<Self, StateError> {
        if increment & 1 == 0 {
            Err(StateError::EvenIncrement { increment })
        } else {
            Ok(Pcg32 { state, increment })
        }
    }

    /// The 64-bit LCG state (the next output is a function of it).
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// The odd increment that selects the stream.
    pub const fn increment(&self) -> u64 {
        self.increment
    }

    /// The XSH RR output permutation of one LCG state.
    #[inline]
    pub const fn output(state: u64) -> u32 {
        let xorshifted = (((state >> 18) ^ state) >> 27) as u32;
        let rot = (state >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(MULTIPLIER).wrapping_add(self.increment);
        Self::output(old)
    }
}

impl_rng_u32!(Pcg32);

impl SeedableRng for Pcg32 {
    /// Two little-endian `u64`: the seed, then the stream.
    type Seed = [u8; 16];

    /// `Pcg32::new(seed, stream)` with the two words of `seed`.
    fn from_seed(seed: Self::Seed) -> Self {
        let [seed, stream] = rand_core::utils::read_words::<u64, 2>(&seed);
        Self::new(seed, stream)
    }

    /// `Pcg32::new(seed, 54)`, the CLI's `pcg32 --seed S`.
    fn seed_from_u64(seed: u64) -> Self {
        Self::new(seed, DEFAULT_STREAM)
    }
}

impl StateWords for Pcg32 {
    const NAME: &'static str = "pcg32";
    const WORD_BITS: u32 = 64;
    /// `state`, then `increment`.
    const WORD_COUNT: usize = 2;
    /// The 64-bit state; the increment is the stream, which is given.
    const FREE_BITS: u32 = 64;

    fn to_words(&self) -> Vec<u64> {
        alloc::vec![self.state, self.increment]
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let [state, increment] = words_u64::<2>(Self::NAME, words)?;
        Self::from_state(state, increment)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Pcg32 {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&[self.state, self.increment], serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Pcg32 {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let [state, increment] = <[u64; 2]>::deserialize(deserializer)?;
        Pcg32::from_state(state, increment).map_err(serde::de::Error::custom)
    }
}

impl crate::registry::Gen for Pcg32 {
    type Rng = Pcg32;
    type Draw = crate::registry::NoDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "pcg32",
        aliases: &[],
        summary: "PCG32 XSH RR 64/32",
        seed_kind: crate::registry::SeedKind::U64,
        seed_doc: "pcg32_srandom(S, stream); --stream N, default 54",
        state_doc: "2 words of 64 bits: state increment",
        has_stream: true,
        versions: "pcg-c-basic (pcg32-demo)",
    };

    fn seed(
        seed: &crate::registry::Seed,
        options: &crate::registry::SeedOptions,
    ) -> Result<Pcg32, crate::registry::SeedError> {
        Ok(Pcg32::new(seed.low_u64(), options.stream.unwrap_or(54)))
    }

    fn eval(draw: &crate::registry::NoDraw, _: &mut Pcg32) -> crate::draw::DrawValue {
        match *draw {}
    }
}

crate::generators::impl_scalar_bulk!(Pcg32, u32);

crate::bulk::inherent_fill!(Pcg32, fill_u32, u32, next_u32, "Pcg32::new(42, 54)");
