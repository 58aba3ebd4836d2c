//! The generator profiles of the CLI contract (`unity`, `mars`, `pcg32`, ...)
//! and [`AnyGenerator`], a generator of any algorithm held by value.
//!
//! A profile is an algorithm plus an engine's conventions: how `--seed S`
//! seeds it and which draws it has. Several profiles share one algorithm
//! (`unity`, `bdsp` and `xorshift128`; `mars` and `mt19937`; `pcg32` and
//! `megacrush`).

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::generators::*;
use crate::{StateError, StateWords, WordRng};

/// One of the contract's `GEN` names.
///
/// ```
/// use rngkit::profile::Profile;
///
/// let p: Profile = "mars".parse().unwrap();
/// assert_eq!(p, Profile::Mars);
/// assert_eq!(p.to_string(), "mars");
/// assert!("unity3d".parse::<Profile>().unwrap_err().to_string().contains("unity, bdsp"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// `UnityEngine.Random` (Xorshift128, `InitState` seeding).
    Unity,
    /// Pokémon BDSP's conventions over Unity's Xorshift128.
    Bdsp,
    /// Plain Xorshift128 with Unity's seeding.
    Xorshift128,
    /// The mars engine's MT19937 (eager twist at seeding).
    Mars,
    /// Reference MT19937 (`init_genrand`, lazy twist).
    Mt19937,
    /// PCG32 XSH RR (`pcg32_srandom`).
    Pcg32,
    /// The MegaCrush gameplay `Pcg32` struct.
    Megacrush,
    /// xoshiro256**.
    Xoshiro256ss,
    /// xoroshiro128+ (24/16/37).
    Xoroshiro128p,
    /// SplitMix64.
    Splitmix64,
    /// TinyMT32 with the reference parameters.
    Tinymt32,
    /// `Unity.Mathematics.Random` (xorshift32).
    UnityMath,
}

/// The algorithm underneath a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// [`Xorshift128`].
    Xorshift128,
    /// [`Mt19937`].
    Mt19937,
    /// [`Pcg32`].
    Pcg32,
    /// [`Xoshiro256StarStar`].
    Xoshiro256StarStar,
    /// [`Xoroshiro128Plus`].
    Xoroshiro128Plus,
    /// [`SplitMix64`].
    SplitMix64,
    /// [`TinyMt32`].
    TinyMt32,
    /// [`Xorshift32`].
    Xorshift32,
}

impl Algorithm {
    /// Width of each state word in bits: 32 or 64.
    pub const fn word_bits(self) -> u32 {
        match self {
            Algorithm::Xorshift128 => Xorshift128::WORD_BITS,
            Algorithm::Mt19937 => Mt19937::WORD_BITS,
            Algorithm::Pcg32 => Pcg32::WORD_BITS,
            Algorithm::Xoshiro256StarStar => Xoshiro256StarStar::WORD_BITS,
            Algorithm::Xoroshiro128Plus => Xoroshiro128Plus::WORD_BITS,
            Algorithm::SplitMix64 => SplitMix64::WORD_BITS,
            Algorithm::TinyMt32 => TinyMt32::WORD_BITS,
            Algorithm::Xorshift32 => Xorshift32::WORD_BITS,
        }
    }

    /// Number of state words (625 for MT19937: `left` and the block).
    pub const fn word_count(self) -> usize {
        match self {
            Algorithm::Xorshift128 => Xorshift128::WORD_COUNT,
            Algorithm::Mt19937 => Mt19937::WORD_COUNT,
            Algorithm::Pcg32 => Pcg32::WORD_COUNT,
            Algorithm::Xoshiro256StarStar => Xoshiro256StarStar::WORD_COUNT,
            Algorithm::Xoroshiro128Plus => Xoroshiro128Plus::WORD_COUNT,
            Algorithm::SplitMix64 => SplitMix64::WORD_COUNT,
            Algorithm::TinyMt32 => TinyMt32::WORD_COUNT,
            Algorithm::Xorshift32 => Xorshift32::WORD_COUNT,
        }
    }
}

impl Profile {
    /// Every profile, in the contract's table order.
    pub const ALL: [Profile; 12] = [
        Profile::Unity,
        Profile::Bdsp,
        Profile::Xorshift128,
        Profile::Mars,
        Profile::Mt19937,
        Profile::Pcg32,
        Profile::Megacrush,
        Profile::Xoshiro256ss,
        Profile::Xoroshiro128p,
        Profile::Splitmix64,
        Profile::Tinymt32,
        Profile::UnityMath,
    ];

    /// The name the CLI uses.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Unity => "unity",
            Profile::Bdsp => "bdsp",
            Profile::Xorshift128 => "xorshift128",
            Profile::Mars => "mars",
            Profile::Mt19937 => "mt19937",
            Profile::Pcg32 => "pcg32",
            Profile::Megacrush => "megacrush",
            Profile::Xoshiro256ss => "xoshiro256ss",
            Profile::Xoroshiro128p => "xoroshiro128p",
            Profile::Splitmix64 => "splitmix64",
            Profile::Tinymt32 => "tinymt32",
            Profile::UnityMath => "unity-math",
        }
    }

    /// The algorithm underneath.
    pub const fn algorithm(self) -> Algorithm {
        match self {
            Profile::Unity | Profile::Bdsp | Profile::Xorshift128 => Algorithm::Xorshift128,
            Profile::Mars | Profile::Mt19937 => Algorithm::Mt19937,
            Profile::Pcg32 | Profile::Megacrush => Algorithm::Pcg32,
            Profile::Xoshiro256ss => Algorithm::Xoshiro256StarStar,
            Profile::Xoroshiro128p => Algorithm::Xoroshiro128Plus,
            Profile::Splitmix64 => Algorithm::SplitMix64,
            Profile::Tinymt32 => Algorithm::TinyMt32,
            Profile::UnityMath => Algorithm::Xorshift32,
        }
    }

    /// Whether `--stream` applies (the PCG profiles).
    pub const fn has_stream(self) -> bool {
        matches!(self, Profile::Pcg32 | Profile::Megacrush)
    }

    /// Whether the seed is a 32-bit value (the others take 64 bits).
    pub const fn seed_bits(self) -> u32 {
        match self {
            Profile::Pcg32
            | Profile::Megacrush
            | Profile::Xoshiro256ss
            | Profile::Xoroshiro128p
            | Profile::Splitmix64 => 64,
            _ => 32,
        }
    }

    /// Seeds the profile's generator the way the contract's `--seed S`
    /// describes. 32-bit profiles take `seed` modulo 2^32 (a negative C#
    /// `int` is its two's complement); `stream` is used by the PCG profiles
    /// only.
    ///
    /// # Errors
    /// [`SeedError`] for a seed the engine rejects (`unity-math` with 0) or a
    /// seed wider than the profile's seed.
    ///
    /// ```
    /// use rngkit::profile::Profile;
    /// use rngkit::WordRng;
    ///
    /// let mut mars = Profile::Mars.seeded(5489, 0).unwrap();
    /// let mut reference = Profile::Mt19937.seeded(5489, 0).unwrap();
    /// assert_eq!(mars.to_words()[0], 624); // eager twist: a full block unread
    /// assert_eq!(reference.to_words()[0], 0); // lazy: twists on first draw
    /// assert_eq!(mars.next_word(), reference.next_word());
    /// ```
    pub fn seeded(self, seed: u64, stream: u64) -> Result<AnyGenerator, SeedError> {
        if self.seed_bits() == 32 && seed > u64::from(u32::MAX) {
            return Err(SeedError::TooWide {
                profile: self,
                seed,
            });
        }
        let seed32 = seed as u32;
        Ok(match self {
            Profile::Unity | Profile::Bdsp | Profile::Xorshift128 => {
                AnyGenerator::Xorshift128(Xorshift128::init_state(seed32))
            }
            Profile::Mars => {
                let mut mt = Mt19937::new(seed32);
                mt.twist();
                AnyGenerator::Mt19937(mt)
            }
            Profile::Mt19937 => AnyGenerator::Mt19937(Mt19937::new(seed32)),
            Profile::Pcg32 | Profile::Megacrush => AnyGenerator::Pcg32(Pcg32::new(seed, stream)),
            Profile::Xoshiro256ss => {
                AnyGenerator::Xoshiro256StarStar(rand_core::SeedableRng::seed_from_u64(seed))
            }
            Profile::Xoroshiro128p => {
                AnyGenerator::Xoroshiro128Plus(rand_core::SeedableRng::seed_from_u64(seed))
            }
            Profile::Splitmix64 => AnyGenerator::SplitMix64(SplitMix64::new(seed)),
            Profile::Tinymt32 => AnyGenerator::TinyMt32(TinyMt32::new(seed32)),
            Profile::UnityMath => {
                // new Unity.Mathematics.Random(seed): state = seed, then one step.
                let mut rng = Xorshift32::from_state(seed32).map_err(|_| SeedError::Rejected {
                    profile: self,
                    reason: "Unity.Mathematics.Random rejects seed 0",
                })?;
                rng.next_word();
                AnyGenerator::Xorshift32(rng)
            }
        })
    }

    /// Builds the profile's generator from state words (contract order).
    ///
    /// # Errors
    /// The [`StateError`] of the algorithm's validation.
    pub fn from_words(self, words: &[u64]) -> Result<AnyGenerator, StateError> {
        AnyGenerator::from_words(self.algorithm(), words)
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown profile name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile;

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown generator; expected one of ")?;
        for (i, p) in Profile::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(p.name())?;
        }
        Ok(())
    }
}

impl core::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or(UnknownProfile)
    }
}

/// A seed the profile cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeedError {
    /// The seed has more bits than the profile's seed.
    TooWide {
        /// The profile.
        profile: Profile,
        /// The seed given.
        seed: u64,
    },
    /// The engine rejects this seed.
    Rejected {
        /// The profile.
        profile: Profile,
        /// Why.
        reason: &'static str,
    },
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedError::TooWide { profile, seed } => write!(
                f,
                "{profile} takes a 32-bit seed (0..=4294967295, or a negative 32-bit int), got {seed}"
            ),
            SeedError::Rejected { profile, reason } => write!(f, "{profile}: {reason}"),
        }
    }
}

impl core::error::Error for SeedError {}

/// A generator of any algorithm, held by value (no boxing).
///
/// ```
/// use rngkit::profile::{AnyGenerator, Algorithm};
/// use rngkit::rand_core::Rng;
///
/// let mut rng = AnyGenerator::from_words(Algorithm::Pcg32, &[0x185706b82c2e03f8, 109]).unwrap();
/// assert_eq!(rng.next_u32(), 0xa15c02b7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // the MT block is the state; boxing would hide an allocation
pub enum AnyGenerator {
    /// Xorshift128.
    Xorshift128(Xorshift128),
    /// MT19937.
    Mt19937(Mt19937),
    /// PCG32.
    Pcg32(Pcg32),
    /// xoshiro256**.
    Xoshiro256StarStar(Xoshiro256StarStar),
    /// xoroshiro128+.
    Xoroshiro128Plus(Xoroshiro128Plus),
    /// SplitMix64.
    SplitMix64(SplitMix64),
    /// TinyMT32.
    TinyMt32(TinyMt32),
    /// xorshift32.
    Xorshift32(Xorshift32),
}

/// Runs `$body` with `$g` bound to the inner generator, whatever its type.
macro_rules! with_inner {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGenerator::Xorshift128($g) => $body,
            AnyGenerator::Mt19937($g) => $body,
            AnyGenerator::Pcg32($g) => $body,
            AnyGenerator::Xoshiro256StarStar($g) => $body,
            AnyGenerator::Xoroshiro128Plus($g) => $body,
            AnyGenerator::SplitMix64($g) => $body,
            AnyGenerator::TinyMt32($g) => $body,
            AnyGenerator::Xorshift32($g) => $body,
        }
    };
}

impl AnyGenerator {
    /// Builds a generator of `algorithm` from its state words.
    ///
    /// # Errors
    /// The [`StateError`] of that algorithm's validation.
    pub fn from_words(algorithm: Algorithm, words: &[u64]) -> Result<Self, StateError> {
        Ok(match algorithm {
            Algorithm::Xorshift128 => AnyGenerator::Xorshift128(StateWords::from_words(words)?),
            Algorithm::Mt19937 => AnyGenerator::Mt19937(StateWords::from_words(words)?),
            Algorithm::Pcg32 => AnyGenerator::Pcg32(StateWords::from_words(words)?),
            Algorithm::Xoshiro256StarStar => {
                AnyGenerator::Xoshiro256StarStar(StateWords::from_words(words)?)
            }
            Algorithm::Xoroshiro128Plus => {
                AnyGenerator::Xoroshiro128Plus(StateWords::from_words(words)?)
            }
            Algorithm::SplitMix64 => AnyGenerator::SplitMix64(StateWords::from_words(words)?),
            Algorithm::TinyMt32 => AnyGenerator::TinyMt32(StateWords::from_words(words)?),
            Algorithm::Xorshift32 => AnyGenerator::Xorshift32(StateWords::from_words(words)?),
        })
    }

    /// The algorithm of the generator held.
    pub const fn algorithm(&self) -> Algorithm {
        match self {
            AnyGenerator::Xorshift128(_) => Algorithm::Xorshift128,
            AnyGenerator::Mt19937(_) => Algorithm::Mt19937,
            AnyGenerator::Pcg32(_) => Algorithm::Pcg32,
            AnyGenerator::Xoshiro256StarStar(_) => Algorithm::Xoshiro256StarStar,
            AnyGenerator::Xoroshiro128Plus(_) => Algorithm::Xoroshiro128Plus,
            AnyGenerator::SplitMix64(_) => Algorithm::SplitMix64,
            AnyGenerator::TinyMt32(_) => Algorithm::TinyMt32,
            AnyGenerator::Xorshift32(_) => Algorithm::Xorshift32,
        }
    }

    /// The state words, in the contract's order.
    pub fn to_words(&self) -> Vec<u64> {
        with_inner!(self, g => g.to_words())
    }

    /// Width of each state word: 32 or 64.
    pub fn word_bits(&self) -> u32 {
        self.algorithm().word_bits()
    }

    /// Bits in one output word: 32 or 64.
    pub fn output_bits(&self) -> u32 {
        with_inner!(self, g => output_bits_of(g))
    }

    /// One raw step; returns its output word.
    pub fn next_word(&mut self) -> u64 {
        with_inner!(self, g => g.next_word())
    }

    /// Moves `n` raw steps forward by stepping (O(n)).
    pub fn discard(&mut self, n: u64) {
        with_inner!(self, g => g.discard(n))
    }
}

fn output_bits_of<G: WordRng>(_: &G) -> u32 {
    G::OUTPUT_BITS
}

impl rand_core::TryRng for AnyGenerator {
    type Error = core::convert::Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        with_inner!(self, g => g.try_next_u32())
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        with_inner!(self, g => g.try_next_u64())
    }

    #[inline]
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        with_inner!(self, g => g.try_fill_bytes(dst))
    }
}
