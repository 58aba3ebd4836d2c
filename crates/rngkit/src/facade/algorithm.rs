//! The algorithm enum, its factories, and [`DeterministicRng`], one type that
//! holds any of them without boxing.

use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt;
use core::str::FromStr;

use rand_core::{SeedableRng, TryRng};

use super::seed_str::seed_from_str;
use crate::generators::{
    Mt19937, Pcg32, SplitMix64, TinyMt32, Xoroshiro128Plus, Xorshift32, Xorshift128,
    Xoshiro256StarStar,
};
use crate::{StateError, StateWords, WordRng};

/// The deterministic algorithms a game can pick by name (from a config file,
/// a command line, a save file).
///
/// Names are the CLI's `GEN` names; [`FromStr`] and [`Display`](fmt::Display)
/// use them, and serde (feature `serde`) writes them as strings.
///
/// ```
/// use rngkit::facade::Algorithm;
///
/// let algorithm: Algorithm = "pcg32".parse().unwrap();
/// assert_eq!(algorithm, Algorithm::Pcg32);
/// assert_eq!(algorithm.to_string(), "pcg32");
/// assert_eq!(Algorithm::default(), Algorithm::Xoshiro256StarStar);
///
/// let err = "mt".parse::<Algorithm>().unwrap_err();
/// assert!(err.to_string().contains("xoshiro256ss, xoroshiro128p, pcg32"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive] // more algorithms may join; match with a wildcard arm
pub enum Algorithm {
    /// xoshiro256** (Blackman and Vigna), 256-bit state: the default, fast and
    /// of excellent quality; the right choice for gameplay and procedural
    /// generation.
    #[default]
    Xoshiro256StarStar,
    /// xoroshiro128+, 128-bit state: small, for many independent streams. Its
    /// lowest bits are weak; the helpers use the high bits.
    Xoroshiro128Plus,
    /// PCG32 (XSH RR 64/32), 128-bit state with selectable streams.
    Pcg32,
    /// SplitMix64, one 64-bit word of state: for hashing-like one-off values
    /// and for seeding other generators.
    SplitMix64,
    /// MT19937, 2.5 KB of state: for matching tools that use it.
    Mt19937,
    /// Marsaglia's Xorshift128, the generator behind Unity's `UnityEngine.Random`.
    Xorshift128,
    /// TinyMT32 with the reference parameters, 128-bit state.
    TinyMt32,
    /// Marsaglia's xorshift32 (13, 17, 5), the core of `Unity.Mathematics.Random`:
    /// one 32-bit word of state, period 2^32 - 1. Weak; here for matching
    /// Unity.Mathematics.
    Xorshift32,
}

impl Algorithm {
    /// Every algorithm, in declaration order.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::Xoshiro256StarStar,
        Algorithm::Xoroshiro128Plus,
        Algorithm::Pcg32,
        Algorithm::SplitMix64,
        Algorithm::Mt19937,
        Algorithm::Xorshift128,
        Algorithm::TinyMt32,
        Algorithm::Xorshift32,
    ];

    /// The algorithm's name as the CLI spells it (`"xoshiro256ss"`, ...).
    ///
    /// ```
    /// use rngkit::facade::Algorithm;
    /// assert_eq!(Algorithm::Xoroshiro128Plus.name(), "xoroshiro128p");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Xoshiro256StarStar => Xoshiro256StarStar::NAME,
            Algorithm::Xoroshiro128Plus => Xoroshiro128Plus::NAME,
            Algorithm::Pcg32 => Pcg32::NAME,
            Algorithm::SplitMix64 => SplitMix64::NAME,
            Algorithm::Mt19937 => Mt19937::NAME,
            Algorithm::Xorshift128 => Xorshift128::NAME,
            Algorithm::TinyMt32 => TinyMt32::NAME,
            Algorithm::Xorshift32 => Xorshift32::NAME,
        }
    }

    /// Creates the generator from a 64-bit seed, exactly as the CLI's
    /// `GEN --seed S` does (each generator's `SeedableRng::seed_from_u64`):
    ///
    /// | algorithm | seeding |
    /// |---|---|
    /// | xoshiro256ss, xoroshiro128p | the state words are consecutive SplitMix64 outputs started from `seed` |
    /// | pcg32 | `pcg32_srandom(seed, 54)`, the reference default stream (use [`Pcg32::new`] for another) |
    /// | splitmix64 | the state is `seed` |
    /// | mt19937 | `init_genrand(seed as u32)` |
    /// | xorshift128 | Unity's `InitState(seed as u32)` |
    /// | tinymt32 | `tinymt32_init(seed as u32)` |
    /// | xorshift32 | Unity.Mathematics `new Random(seed as u32)`; that constructor rejects 0, so a seed whose low 32 bits are 0 uses `0xffffffff` instead |
    ///
    /// The 32-bit-seeded generators use the low 32 bits, so that every seed
    /// below 2^32 matches the generator's own reference seeding.
    ///
    /// ```
    /// use rngkit::facade::Algorithm;
    /// use rngkit::generators::Mt19937;
    /// use rngkit::rand_core::Rng;
    ///
    /// let mut rng = Algorithm::Mt19937.seed_from_u64(5489);
    /// assert_eq!(rng.next_u32(), 3499211612); // MT19937's published first output
    /// assert_eq!(Algorithm::Mt19937.seed_from_u64(5489), Mt19937::new(5489).into());
    /// ```
    #[must_use]
    pub fn seed_from_u64(self, seed: u64) -> DeterministicRng {
        match self {
            Algorithm::Xoshiro256StarStar => Xoshiro256StarStar::seed_from_u64(seed).into(),
            Algorithm::Xoroshiro128Plus => Xoroshiro128Plus::seed_from_u64(seed).into(),
            Algorithm::Pcg32 => Pcg32::seed_from_u64(seed).into(),
            Algorithm::SplitMix64 => SplitMix64::seed_from_u64(seed).into(),
            Algorithm::Mt19937 => Mt19937::seed_from_u64(seed).into(),
            Algorithm::Xorshift128 => Xorshift128::seed_from_u64(seed).into(),
            Algorithm::TinyMt32 => TinyMt32::seed_from_u64(seed).into(),
            Algorithm::Xorshift32 => {
                let seed = match seed as u32 {
                    0 => u32::MAX,
                    low => low,
                };
                // new Random(seed): state = seed, then one step.
                let mut rng = Xorshift32::from_state(seed).expect("seed is non-zero");
                rng.next_word();
                rng.into()
            }
        }
    }

    /// Creates the generator from a text seed:
    /// `self.seed_from_u64(seed_from_str(text))` (see [`seed_from_str`] for
    /// the exact, stable hash). The CLI's `GEN --seed-str TEXT`.
    ///
    /// ```
    /// use rngkit::facade::{seed_from_str, Algorithm};
    ///
    /// let a = Algorithm::Pcg32.seed_from_str("forest-03");
    /// assert_eq!(a, Algorithm::Pcg32.seed_from_u64(seed_from_str("forest-03")));
    /// ```
    #[must_use]
    pub fn seed_from_str(self, text: &str) -> DeterministicRng {
        self.seed_from_u64(seed_from_str(text))
    }

    /// Builds the generator from its state words in the CLI's `--state` order,
    /// validating them.
    ///
    /// # Errors
    /// [`StateError`] when the words do not form a valid state of this algorithm.
    pub fn from_words(self, words: &[u64]) -> Result<DeterministicRng, StateError> {
        Ok(match self {
            Algorithm::Xoshiro256StarStar => Xoshiro256StarStar::from_words(words)?.into(),
            Algorithm::Xoroshiro128Plus => Xoroshiro128Plus::from_words(words)?.into(),
            Algorithm::Pcg32 => Pcg32::from_words(words)?.into(),
            Algorithm::SplitMix64 => SplitMix64::from_words(words)?.into(),
            Algorithm::Mt19937 => Mt19937::from_words(words)?.into(),
            Algorithm::Xorshift128 => Xorshift128::from_words(words)?.into(),
            Algorithm::TinyMt32 => TinyMt32::from_words(words)?.into(),
            Algorithm::Xorshift32 => Xorshift32::from_words(words)?.into(),
        })
    }

    /// Width of one state word in bits (32 or 64).
    #[must_use]
    pub const fn word_bits(self) -> u32 {
        match self {
            Algorithm::Xoshiro256StarStar => Xoshiro256StarStar::WORD_BITS,
            Algorithm::Xoroshiro128Plus => Xoroshiro128Plus::WORD_BITS,
            Algorithm::Pcg32 => Pcg32::WORD_BITS,
            Algorithm::SplitMix64 => SplitMix64::WORD_BITS,
            Algorithm::Mt19937 => Mt19937::WORD_BITS,
            Algorithm::Xorshift128 => Xorshift128::WORD_BITS,
            Algorithm::TinyMt32 => TinyMt32::WORD_BITS,
            Algorithm::Xorshift32 => Xorshift32::WORD_BITS,
        }
    }

    /// Number of state words (625 for MT19937: `left`, then the block).
    #[must_use]
    pub const fn word_count(self) -> usize {
        match self {
            Algorithm::Xoshiro256StarStar => Xoshiro256StarStar::WORD_COUNT,
            Algorithm::Xoroshiro128Plus => Xoroshiro128Plus::WORD_COUNT,
            Algorithm::Pcg32 => Pcg32::WORD_COUNT,
            Algorithm::SplitMix64 => SplitMix64::WORD_COUNT,
            Algorithm::Mt19937 => Mt19937::WORD_COUNT,
            Algorithm::Xorshift128 => Xorshift128::WORD_COUNT,
            Algorithm::TinyMt32 => TinyMt32::WORD_COUNT,
            Algorithm::Xorshift32 => Xorshift32::WORD_COUNT,
        }
    }

    /// Bits in one output word (one raw step): 32 or 64.
    #[must_use]
    pub const fn output_bits(self) -> u32 {
        match self {
            Algorithm::Xoshiro256StarStar => Xoshiro256StarStar::OUTPUT_BITS,
            Algorithm::Xoroshiro128Plus => Xoroshiro128Plus::OUTPUT_BITS,
            Algorithm::Pcg32 => Pcg32::OUTPUT_BITS,
            Algorithm::SplitMix64 => SplitMix64::OUTPUT_BITS,
            Algorithm::Mt19937 => Mt19937::OUTPUT_BITS,
            Algorithm::Xorshift128 => Xorshift128::OUTPUT_BITS,
            Algorithm::TinyMt32 => TinyMt32::OUTPUT_BITS,
            Algorithm::Xorshift32 => Xorshift32::OUTPUT_BITS,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = ParseAlgorithmError;

    /// Parses a CLI name, exactly (case-sensitive, as the CLI).
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|algorithm| algorithm.name() == name)
            .ok_or(ParseAlgorithmError)
    }
}

/// The error of parsing an [`Algorithm`] name; its message lists the valid names.
///
/// ```
/// use rngkit::facade::Algorithm;
///
/// let err = "xoshiro".parse::<Algorithm>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unknown algorithm; expected one of: xoshiro256ss, xoroshiro128p, pcg32, \
///      splitmix64, mt19937, xorshift128, tinymt32, xorshift32"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseAlgorithmError;

impl fmt::Display for ParseAlgorithmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown algorithm; expected one of: ")?;
        for (i, algorithm) in Algorithm::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(algorithm.name())?;
        }
        Ok(())
    }
}

impl core::error::Error for ParseAlgorithmError {}

#[cfg(feature = "serde")]
impl serde::Serialize for Algorithm {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Algorithm {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <alloc::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// Any of the [`Algorithm`]s, held by value (no `Box`, no `dyn`): the type to
/// store in a game's state when the algorithm comes from data.
///
/// It is a [`rand_core::Rng`] (via `TryRng<Error = Infallible>`), so every
/// [`RandomExt`](super::RandomExt) helper and every `rand` helper works on it,
/// and it snapshots to versioned bytes ([`snapshot`](Self::snapshot),
/// [`restore`](Self::restore)) and, with the `serde` feature, to any serde
/// format.
///
/// The enum is as large as its largest variant (MT19937, about 2.5 KB); box
/// it yourself if you keep many of them and most are small.
///
/// ```
/// use rngkit::facade::{Algorithm, DeterministicRng, RandomExt};
///
/// let algorithm: Algorithm = "xoroshiro128p".parse().unwrap();
/// let mut rng = DeterministicRng::from_seed_str(algorithm, "level-1");
/// let damage = rng.range(10..=20);
/// assert!((10..=20).contains(&damage));
///
/// let saved = rng.snapshot();
/// let next = rng.range(0..1000);
/// let mut restored = DeterministicRng::restore(&saved).unwrap();
/// assert_eq!(restored.range(0..1000), next);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive] // one variant per `Algorithm`, which may grow
#[expect(
    clippy::large_enum_variant,
    reason = "holding every algorithm by value, without boxing, is the point of this type"
)]
pub enum DeterministicRng {
    /// xoshiro256**.
    Xoshiro256StarStar(Xoshiro256StarStar),
    /// xoroshiro128+.
    Xoroshiro128Plus(Xoroshiro128Plus),
    /// PCG32.
    Pcg32(Pcg32),
    /// SplitMix64.
    SplitMix64(SplitMix64),
    /// MT19937.
    Mt19937(Mt19937),
    /// Xorshift128.
    Xorshift128(Xorshift128),
    /// TinyMT32.
    TinyMt32(TinyMt32),
    /// xorshift32 (Unity.Mathematics).
    Xorshift32(Xorshift32),
}

/// Runs `$body` with `$g` bound to the generator inside any variant.
macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            DeterministicRng::Xoshiro256StarStar($g) => $body,
            DeterministicRng::Xoroshiro128Plus($g) => $body,
            DeterministicRng::Pcg32($g) => $body,
            DeterministicRng::SplitMix64($g) => $body,
            DeterministicRng::Mt19937($g) => $body,
            DeterministicRng::Xorshift128($g) => $body,
            DeterministicRng::TinyMt32($g) => $body,
            DeterministicRng::Xorshift32($g) => $body,
        }
    };
}
pub(super) use dispatch;

impl DeterministicRng {
    /// `algorithm.seed_from_u64(seed)`; see [`Algorithm::seed_from_u64`].
    #[must_use]
    pub fn new(algorithm: Algorithm, seed: u64) -> Self {
        algorithm.seed_from_u64(seed)
    }

    /// `algorithm.seed_from_str(text)`; see [`seed_from_str`] for the hash.
    #[must_use]
    pub fn from_seed_str(algorithm: Algorithm, text: &str) -> Self {
        algorithm.seed_from_str(text)
    }

    /// The algorithm inside.
    #[must_use]
    pub const fn algorithm(&self) -> Algorithm {
        match self {
            DeterministicRng::Xoshiro256StarStar(_) => Algorithm::Xoshiro256StarStar,
            DeterministicRng::Xoroshiro128Plus(_) => Algorithm::Xoroshiro128Plus,
            DeterministicRng::Pcg32(_) => Algorithm::Pcg32,
            DeterministicRng::SplitMix64(_) => Algorithm::SplitMix64,
            DeterministicRng::Mt19937(_) => Algorithm::Mt19937,
            DeterministicRng::Xorshift128(_) => Algorithm::Xorshift128,
            DeterministicRng::TinyMt32(_) => Algorithm::TinyMt32,
            DeterministicRng::Xorshift32(_) => Algorithm::Xorshift32,
        }
    }

    /// The state words in the CLI's `--state` order.
    #[must_use]
    pub fn to_words(&self) -> Vec<u64> {
        dispatch!(self, g => g.to_words())
    }

    /// One raw step (one state transition); returns its output word.
    ///
    /// ```
    /// use rngkit::facade::Algorithm;
    ///
    /// let mut rng = Algorithm::Pcg32.from_words(&[0x185706b82c2e03f8, 0x6d]).unwrap();
    /// assert_eq!(rng.next_word(), 0xa15c02b7); // pcg32-demo's first output
    /// ```
    pub fn next_word(&mut self) -> u64 {
        dispatch!(self, g => g.next_word())
    }

    /// Moves `n` raw steps forward by stepping (O(n); `rngkit-analysis`
    /// jumps in O(log n)).
    pub fn discard(&mut self, n: u64) {
        dispatch!(self, g => g.discard(n))
    }
}

impl Default for DeterministicRng {
    /// The default algorithm with seed 0.
    fn default() -> Self {
        Algorithm::default().seed_from_u64(0)
    }
}

impl TryRng for DeterministicRng {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        dispatch!(self, g => g.try_next_u32())
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        dispatch!(self, g => g.try_next_u64())
    }

    #[inline]
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        dispatch!(self, g => g.try_fill_bytes(dst))
    }
}

macro_rules! impl_from_generator {
    ($($variant:ident),*) => {$(
        impl From<$variant> for DeterministicRng {
            fn from(generator: $variant) -> Self {
                DeterministicRng::$variant(generator)
            }
        }
    )*};
}
impl_from_generator!(
    Xoshiro256StarStar,
    Xoroshiro128Plus,
    Pcg32,
    SplitMix64,
    Mt19937,
    Xorshift128,
    TinyMt32,
    Xorshift32
);
