//! xoroshiro128+ with the 2018 parameters (a, b, c) = (24, 16, 37)
//! (Blackman and Vigna, "Scrambled Linear Pseudorandom Number Generators").

use rand_core::SeedableRng;

use super::{SplitMix64, impl_rng_u64, impl_serde_via};
use crate::state::words_u64;

/// xoroshiro128+: a 128-bit F2-linear engine with the `+` scrambler
/// `s0 + s1`. Its lowest output bits are weak (they are linear functions of
/// the state), which is why `next_u32` returns the upper half.
///
/// These are the 2018 parameters 24/16/37; the 2016 original (55/14/36)
/// gives a different stream.
///
/// ```
/// use rngkit::generators::Xoroshiro128Plus;
/// use rngkit::rand_core::Rng;
///
/// let mut rng = Xoroshiro128Plus::from_state([1, 2]).unwrap();
/// assert_eq!(rng.next_u64(), 3);
/// assert!(Xoroshiro128Plus::from_state([0, 0]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xoroshiro128Plus {
    s: [u64; 2],
}

impl Xoroshiro128Plus {
    #[inline]
    pub(crate) fn next_output(&mut self) -> u64 {
        let [s0, mut s1] = self.s;
        let result = s0.wrapping_add(s1);
        s1 ^= s0;
        self.s = [s0.rotate_left(24) ^ s1 ^ (s1 << 16), s1.rotate_left(37)];
        result
    }
}

impl_rng_u64!(Xoroshiro128Plus);
impl_serde_via!(Xoroshiro128Plus, [u64; 2]);

impl SeedableRng for Xoroshiro128Plus {
    /// Two little-endian `u64`, `s[0]` first.
    type Seed = [u8; 16];

    /// Uses the seed as the state; the all-zero seed gives
    /// `seed_from_u64(0)` instead (as `rand_xoshiro` does).
    fn from_seed(seed: Self::Seed) -> Self {
        let s = rand_core::utils::read_words::<u64, 2>(&seed);
        Self::from_state(s).unwrap_or_else(|_| Self::seed_from_u64(0))
    }

    /// The two words are two consecutive SplitMix64 outputs started from
    /// `seed` (distinct, hence never both zero).
    fn seed_from_u64(seed: u64) -> Self {
        let mut sm = SplitMix64::new(seed);
        Xoroshiro128Plus {
            s: [sm.next_output(), sm.next_output()],
        }
    }
}

crate::generators::impl_nonzero_state!(Xoroshiro128Plus, "xoroshiro128p", [u64; 2], words_u64,
    /// Builds the generator from `s[0], s[1]`.
);

impl crate::registry::Gen for Xoroshiro128Plus {
    type Rng = Xoroshiro128Plus;
    type Draw = crate::registry::NoDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "xoroshiro128p",
        aliases: &[],
        summary: "xoroshiro128+ (24/16/37)",
        seed_kind: crate::registry::SeedKind::U64,
        seed_doc: "the two words are two SplitMix64 outputs started from S",
        state_doc: "2 words of 64 bits: s[0] s[1]",
        has_stream: false,
        versions: "Vigna's xoroshiro128plus.c (2018); rand_xoshiro",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<Xoroshiro128Plus, crate::registry::SeedError> {
        Ok(<Xoroshiro128Plus as rand_core::SeedableRng>::seed_from_u64(
            seed.low_u64(),
        ))
    }

    fn eval(draw: &crate::registry::NoDraw, _: &mut Xoroshiro128Plus) -> crate::draw::DrawValue {
        match *draw {}
    }
}

crate::generators::impl_scalar_bulk!(Xoroshiro128Plus, u64);

crate::bulk::inherent_fill!(
    Xoroshiro128Plus,
    fill_u64,
    u64,
    next_u64,
    "Xoroshiro128Plus::from_state([1, 2]).unwrap()"
);
