//! xoshiro128** (Blackman and Vigna, "Scrambled Linear Pseudorandom Number
//! Generators", ACM TOMS 47(4), 2021): the 32-bit member of the family.

use rand_core::SeedableRng;

use super::{SplitMix64, impl_rng_u32, impl_serde_via};
use crate::state::words_u32;

/// xoshiro128**: a 128-bit F2-linear engine (shift 9, rotation 11) with the
/// `**` scrambler `rotl(s1 * 5, 7) * 9` on 32-bit words. The all-zero
/// state is rejected. .NET 6+'s unseeded `System.Random` uses it on 32-bit
/// processes.
///
/// ```
/// use rngkit::generators::Xoshiro128StarStar;
/// use rngkit::rand_core::Rng;
///
/// let mut rng = Xoshiro128StarStar::from_state([1, 2, 3, 4]).unwrap();
/// // rotl(2 * 5, 7) * 9 = 1280 * 9
/// assert_eq!(rng.next_u32(), 11520);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xoshiro128StarStar {
    pub(crate) s: [u32; 4],
}

impl Xoshiro128StarStar {
    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 9;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(11);
        result
    }
}

impl_rng_u32!(Xoshiro128StarStar);
impl_serde_via!(Xoshiro128StarStar, [u32; 4]);

crate::generators::impl_scalar_bulk!(Xoshiro128StarStar, u32);

impl SeedableRng for Xoshiro128StarStar {
    /// Four little-endian `u32`, `s[0]` first.
    type Seed = [u8; 16];

    /// Uses the seed as the state; the all-zero seed, not a valid state,
    /// gives `seed_from_u64(0)` instead.
    fn from_seed(seed: Self::Seed) -> Self {
        let s = rand_core::utils::read_words::<u32, 4>(&seed);
        Self::from_state(s).unwrap_or_else(|_| Self::seed_from_u64(0))
    }

    /// The words are two SplitMix64 outputs started from `seed`, low half
    /// first (never all zero: SplitMix64's two consecutive outputs differ).
    fn seed_from_u64(seed: u64) -> Self {
        let mut sm = SplitMix64::new(seed);
        let (a, b) = (sm.next_output(), sm.next_output());
        Xoshiro128StarStar {
            s: [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32],
        }
    }
}

crate::generators::impl_nonzero_state!(Xoshiro128StarStar, "xoshiro128ss", [u32; 4], words_u32,
    /// Builds the generator from `s[0..4]`.
);
