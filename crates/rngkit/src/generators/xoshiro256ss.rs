//! xoshiro256** (Blackman and Vigna, "Scrambled Linear Pseudorandom Number
//! Generators", ACM TOMS 47(4), 2021).

use rand_core::SeedableRng;

use super::{SplitMix64, impl_rng_u64, impl_serde_via};
use crate::state::words_u64;

/// xoshiro256**: a 256-bit F2-linear engine (shift 17, rotation 45) with the
/// `**` scrambler `rotl(s1 * 5, 7) * 9`. The all-zero state is rejected.
///
/// ```
/// use rngkit::generators::Xoshiro256StarStar;
/// use rngkit::rand_core::{Rng, SeedableRng};
///
/// let mut rng = Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap();
/// // rotl(2 * 5, 7) * 9 = 1280 * 9
/// assert_eq!(rng.next_u64(), 11520);
///
/// // Seeding from a u64 fills the four words with SplitMix64 outputs,
/// // as the reference code recommends (and rand_xoshiro does).
/// let seeded = Xoshiro256StarStar::seed_from_u64(0);
/// assert_eq!(seeded.state()[0], 0xe220a8397b1dcdaf);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xoshiro256StarStar {
    pub(crate) s: [u64; 4],
}

impl Xoshiro256StarStar {
    #[inline]
    pub(crate) fn next_output(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }
}

impl_rng_u64!(Xoshiro256StarStar);
impl_serde_via!(Xoshiro256StarStar, [u64; 4]);

impl SeedableRng for Xoshiro256StarStar {
    /// Four little-endian `u64`, `s[0]` first.
    type Seed = [u8; 32];

    /// Uses the seed as the state; the all-zero seed, not a valid state,
    /// gives `seed_from_u64(0)` instead (as `rand_xoshiro` does).
    fn from_seed(seed: Self::Seed) -> Self {
        let s = rand_core::utils::read_words::<u64, 4>(&seed);
        Self::from_state(s).unwrap_or_else(|_| Self::seed_from_u64(0))
    }

    /// The four words are four consecutive outputs of SplitMix64 started
    /// from `seed`. They are never all zero: SplitMix64's finaliser is a
    /// bijection, so four consecutive outputs are distinct.
    fn seed_from_u64(seed: u64) -> Self {
        let mut sm = SplitMix64::new(seed);
        Xoshiro256StarStar {
            s: [
                sm.next_output(),
                sm.next_output(),
                sm.next_output(),
                sm.next_output(),
            ],
        }
    }
}

crate::generators::impl_nonzero_state!(Xoshiro256StarStar, "xoshiro256ss", [u64; 4], words_u64,
    /// Builds the generator from `s[0..4]`.
);

impl crate::registry::Gen for Xoshiro256StarStar {
    type Rng = Xoshiro256StarStar;
    type Draw = crate::registry::NoDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "xoshiro256ss",
        aliases: &[],
        summary: "xoshiro256** (Blackman and Vigna)",
        seed_kind: crate::registry::SeedKind::U64,
        seed_doc: "the four words are four SplitMix64 outputs started from S",
        state_doc: "4 words of 64 bits: s[0] s[1] s[2] s[3]",
        has_stream: false,
        versions: "Vigna's xoshiro256starstar.c; rand_xoshiro",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<Xoshiro256StarStar, crate::registry::SeedError> {
        Ok(<Xoshiro256StarStar as rand_core::SeedableRng>::seed_from_u64(seed.low_u64()))
    }

    fn eval(draw: &crate::registry::NoDraw, _: &mut Xoshiro256StarStar) -> crate::draw::DrawValue {
        match *draw {}
    }
}

crate::bulk::inherent_fill!(
    Xoshiro256StarStar,
    fill_u64,
    u64,
    next_u64,
    "Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap()"
);
