//! Marsaglia's Xorshift128 (shifts 11, 8, 19): the generator behind Unity's
//! `UnityEngine.Random` and, through Unity, Pokémon BDSP.

use rand_core::SeedableRng;

use super::{impl_rng_u32, impl_serde_via};
use crate::state::words_u32;

/// Marsaglia's Xorshift128 with Unity's `InitState` seeding.
///
/// Four 32-bit words `s0 s1 s2 s3`; one step shifts `s0` out and appends
/// the new word, which is also the output:
///
/// ```text
/// t  = s0 ^ (s0 << 11);   t ^= t >> 8
/// s0, s1, s2 = s1, s2, s3
/// s3 = s3 ^ (s3 >> 19) ^ t        // the output
/// ```
///
/// (Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14), 2003, p. 5.) The
/// all-zero state is the one state the generator can never leave, so it is
/// rejected; every other state lies on the one cycle of length 2^128 - 1.
///
/// ```
/// use rngkit::generators::Xorshift128;
/// use rngkit::rand_core::Rng;
///
/// let mut rng = Xorshift128::from_state([0, 1, 1812433254, 1900727103]).unwrap();
/// assert_eq!(rng.next_u32(), 1900725526);
/// assert_eq!(rng.state(), [1, 1812433254, 1900727103, 1900725526]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xorshift128 {
    pub(crate) s: [u32; 4],
}

/// Multiplier of the LCG that fills the state in `InitState` (the classic
/// MT19937 initialisation multiplier minus one: 1812433253 = 0x6c078965).
const INIT_MULTIPLIER: u32 = 0x6c07_8965;

impl Xorshift128 {
    /// Unity's `Random.InitState(seed)`: `s0 = seed` and
    /// `s[i+1] = s[i] * 0x6c078965 + 1` (mod 2^32).
    ///
    /// A negative C# `int` seed is its two's complement, `seed as u32`. No
    /// seed gives the all-zero state (`s1` is odd whenever `s0` is even).
    ///
    /// ```
    /// use rngkit::generators::Xorshift128;
    /// assert_eq!(Xorshift128::init_state(0).state(), [0, 1, 1812433254, 1900727103]);
    /// ```
    pub const fn init_state(seed: u32) -> Self {
        let s0 = seed;
        let s1 = s0.wrapping_mul(INIT_MULTIPLIER).wrapping_add(1);
        let s2 = s1.wrapping_mul(INIT_MULTIPLIER).wrapping_add(1);
        let s3 = s2.wrapping_mul(INIT_MULTIPLIER).wrapping_add(1);
        Xorshift128 {
            s: [s0, s1, s2, s3],
        }
    }

    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        let [s0, s1, s2, s3] = self.s;
        let mut t = s0 ^ (s0 << 11);
        t ^= t >> 8;
        let next = s3 ^ (s3 >> 19) ^ t;
        self.s = [s1, s2, s3, next];
        next
    }
}

impl_rng_u32!(Xorshift128);
impl_serde_via!(Xorshift128, [u32; 4]);

impl SeedableRng for Xorshift128 {
    /// The four state words, little-endian, `s0` first.
    type Seed = [u8; 16];

    /// Uses the seed bytes as the state words. The all-zero seed, which is
    /// not a valid state, gives `Xorshift128::init_state(0)` instead.
    fn from_seed(seed: Self::Seed) -> Self {
        let s = rand_core::utils::read_words::<u32, 4>(&seed);
        Self::from_state(s).unwrap_or(Self::init_state(0))
    }

    /// `Xorshift128::init_state(seed as u32)`: Unity's `InitState` with the
    /// low 32 bits of the seed.
    fn seed_from_u64(seed: u64) -> Self {
        Self::init_state(seed as u32)
    }
}

crate::generators::impl_nonzero_state!(Xorshift128, "xorshift128", [u32; 4], words_u32,
    /// Builds the generator from its four words in Unity's `Random.State`
    /// order (`s0` is shifted out first).
);

impl crate::registry::Gen for Xorshift128 {
    type Rng = Xorshift128;
    type Draw = crate::registry::NoDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "xorshift128",
        aliases: &[],
        summary: "Marsaglia's Xorshift128 (a=11 b=8 c=19), the generator under Unity",
        seed_kind: crate::registry::SeedKind::U32,
        seed_doc: "the same fill as Unity's InitState(S)",
        state_doc: "4 words of 32 bits: s0 s1 s2 s3; also Unity's JsonUtility.ToJson(Random.state), {\"s0\":INT,...,\"s3\":INT}",
        has_stream: false,
        versions: "Marsaglia (2003), Xorshift RNGs, J. Stat. Softw. 8(14)",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<Xorshift128, crate::registry::SeedError> {
        Ok(Xorshift128::init_state(seed.low_u64() as u32))
    }

    /// Unity's `JsonUtility.ToJson(Random.state)`, the same words
    /// ([`crate::engines::unity::parse_state_json`]).
    fn parse_state(text: &str) -> Option<Result<Xorshift128, alloc::string::String>> {
        crate::engines::unity::parse_state_json(text)
    }

    fn format_state_json(rng: &Xorshift128) -> Option<alloc::string::String> {
        Some(crate::engines::unity::format_state_json(rng))
    }

    fn eval(draw: &crate::registry::NoDraw, _: &mut Xorshift128) -> crate::draw::DrawValue {
        match *draw {}
    }
}

crate::bulk::inherent_fill!(
    Xorshift128,
    fill_u32,
    u32,
    next_u32,
    "Xorshift128::init_state(0)"
);
