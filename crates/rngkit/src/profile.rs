//! The generator profiles of the CLI contract (`unity`, `mars`, `pcg32`, ...):
//! each an [`Algorithm`] plus an engine's seeding conventions, building a
//! [`DeterministicRng`].
//!
//! A profile is an algorithm plus an engine's conventions: how `--seed S`
//! seeds it and which draws it has. Several profiles share one algorithm
//! (`unity`, `bdsp` and `xorshift128`; `mars` and `mt19937`; `pcg32` and
//! `megacrush`).

use core::fmt;
use core::str::FromStr;

pub use crate::facade::{Algorithm, DeterministicRng};
use crate::generators::{Mt19937, Pcg32, Xorshift32};
use crate::{StateError, WordRng};

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
    pub fn seeded(self, seed: u64, stream: u64) -> Result<DeterministicRng, SeedError> {
        if self.seed_bits() == 32 && seed > u64::from(u32::MAX) {
            return Err(SeedError::TooWide {
                profile: self,
                seed,
            });
        }
        let seed32 = seed as u32;
        Ok(match self {
            Profile::Mars => {
                let mut mt = Mt19937::new(seed32);
                mt.twist();
                mt.into()
            }
            Profile::Pcg32 | Profile::Megacrush => Pcg32::new(seed, stream).into(),
            Profile::UnityMath => {
                // new Unity.Mathematics.Random(seed): state = seed, then one step.
                let mut rng = Xorshift32::from_state(seed32).map_err(|_| SeedError::Rejected {
                    profile: self,
                    reason: "Unity.Mathematics.Random rejects seed 0",
                })?;
                rng.next_word();
                rng.into()
            }
            // The others seed as the algorithm's own `seed_from_u64` does:
            // InitState, init_genrand, SplitMix64 expansion, tinymt32_init.
            _ => self.algorithm().seed_from_u64(seed),
        })
    }

    /// Builds the profile's generator from state words (contract order).
    ///
    /// # Errors
    /// The [`StateError`] of the algorithm's validation.
    pub fn from_words(self, words: &[u64]) -> Result<DeterministicRng, StateError> {
        self.algorithm().from_words(words)
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
