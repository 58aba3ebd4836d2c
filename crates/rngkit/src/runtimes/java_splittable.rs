//! `java.util.SplittableRandom` (JDK 8+): Steele, Lea and Flood's SplitMix,
//! a Weyl sequence `seed += gamma` finished by a 64-bit mix.
//!
//! * `new SplittableRandom(S)`: `seed = S`, `gamma = 0x9e3779b97f4a7c15`.
//! * One raw step of this crate: `seed += gamma`; its output word is
//!   `mix64(seed)`, which is `nextLong()`. `nextInt()` is `mix32(seed)`, a
//!   different finisher of the same step.
//! * `nextInt(bound)`, `nextInt(origin, bound)` and `nextDouble()` are the
//!   JDK 17 `RandomGenerator` defaults (`RandomSupport.boundedNextInt`,
//!   `(nextLong() >>> 11) * 2^-53`); their values equal JDK 8's own methods.
//! * `split()`: a child `SplittableRandom(nextLong(), mixGamma(nextSeed()))`,
//!   two steps of the parent.
//!
//! Checked against OpenJDK 17 (`tests/runtime_java.rs`, the child's fields
//! read by reflection); JDK 25's source is the same for these methods.
//!
//! ```
//! use rngkit::runtimes::java_splittable::SplittableRandom;
//!
//! // Values printed by OpenJDK 17.
//! let mut rng = SplittableRandom::new(42);
//! assert_eq!(rng.next_int(), -491277234);
//! assert_eq!(rng.next_long(), 2949826092126892291);
//! assert_eq!(rng.next_double(), 0.27860113025513866);
//! assert_eq!(rng.try_next_int_bounded(100), Ok(72));
//! assert_eq!(rng.try_next_int_range(-5, 5), Ok(-4));
//! ```

use alloc::vec;
use alloc::vec::Vec;

use rand_core::SeedableRng;

use super::java::{
    NextIntArgs, bounded_next_int, bounded_next_int_from_zero, check_bound, double53_known,
    long_seeded, parse_next_int, try_bounded_next_int,
};
use crate::draw::{DrawError, DrawValue};
use crate::engines::EngineError;
use crate::generators::impl_rng_u64;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};
use crate::state::words_u64;
use crate::{StateError, StateWords};

/// The gamma of `new SplittableRandom(seed)`: the odd integer nearest
/// `2^64 / phi`.
pub const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
/// `2^-53`, exact.
const DOUBLE_UNIT: f64 = 1.0 / (1u64 << 53) as f64;
/// The engine name used in errors.
const ENGINE: &str = "splittable-random";

/// `java.util.SplittableRandom`: `seed` and `gamma` (odd).
///
/// ```
/// use rngkit::runtimes::java_splittable::SplittableRandom;
///
/// // OpenJDK 17: new SplittableRandom(42).split(), the child's fields read
/// // by reflection, then the parent's nextLong().
/// let mut parent = SplittableRandom::new(42);
/// let child = parent.split();
/// assert_eq!(child.seed() as i64, -4767286540954276203);
/// assert_eq!(child.gamma(), 0x077f_b59b_63a7_7005);
/// assert_eq!(parent.next_long(), 5139283748462763858);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplittableRandom {
    seed: u64,
    gamma: u64,
}

/// `mix64`: Stafford's variant 13 of MurmurHash3's 64-bit finaliser.
#[inline]
pub const fn mix64(z: u64) -> u64 {
    crate::generators::splitmix64_mix(z)
}

/// `mix32`: Stafford's variant 4, keeping the top 32 bits.
#[inline]
pub const fn mix32(mut z: u64) -> i32 {
    z = (z ^ (z >> 33)).wrapping_mul(0x62a9_d9ed_7997_05f5);
    ((z ^ (z >> 28)).wrapping_mul(0xcb24_d0a5_c88c_35b3) >> 32) as u32 as i32
}

/// `mixGamma`: MurmurHash3's finaliser forced odd; values with fewer than 24
/// bit transitions are flipped with `0xaaaa...` to avoid weak gammas.
#[inline]
pub const fn mix_gamma(mut z: u64) -> u64 {
    z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    z = (z ^ (z >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    z = (z ^ (z >> 33)) | 1;
    if (z ^ (z >> 1)).count_ones() < 24 {
        z ^ 0xaaaa_aaaa_aaaa_aaaa
    } else {
        z
    }
}

impl SplittableRandom {
    /// `new SplittableRandom(seed)`.
    pub const fn new(seed: i64) -> Self {
        SplittableRandom {
            seed: seed as u64,
            gamma: GOLDEN_GAMMA,
        }
    }

    /// A generator with the given fields.
    ///
    /// # Errors
    /// [`StateError::OutOfRange`] for an even `gamma`: Java's gammas are
    /// always odd (`GOLDEN_GAMMA`, or `mixGamma`'s forced low bit).
    pub fn from_parts(seed: u64, gamma: u64) -> Result<Self, StateError> {
        if gamma & 1 == 0 {
            return Err(StateError::OutOfRange {
                generator: ENGINE,
                index: 1,
                found: gamma,
                expected: "odd (every SplittableRandom gamma is)",
            });
        }
        Ok(SplittableRandom { seed, gamma })
    }

    /// The `seed` field.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The `gamma` field.
    pub const fn gamma(&self) -> u64 {
        self.gamma
    }

    /// `nextSeed()`: `seed += gamma`, one raw step.
    #[inline]
    fn next_seed(&mut self) -> u64 {
        self.seed = self.seed.wrapping_add(self.gamma);
        self.seed
    }

    /// One raw step: `mix64(nextSeed())`.
    #[inline]
    pub(crate) fn next_output(&mut self) -> u64 {
        mix64(self.next_seed())
    }

    /// `nextLong()`: `mix64(nextSeed())`.
    #[inline]
    pub fn next_long(&mut self) -> i64 {
        self.next_output() as i64
    }

    /// `nextInt()`: `mix32(nextSeed())`.
    #[inline]
    pub fn next_int(&mut self) -> i32 {
        mix32(self.next_seed())
    }

    /// `nextDouble()`: `(nextLong() >>> 11) * 2^-53`.
    #[inline]
    pub fn next_double(&mut self) -> f64 {
        (self.next_output() >> 11) as f64 * DOUBLE_UNIT
    }

    /// `nextInt(bound)`: low bits of `nextInt()` for a power of two (one
    /// step), otherwise rejection on `nextInt() >>> 1`.
    ///
    /// # Errors
    /// [`EngineError::EmptyRange`] when `bound <= 0`; nothing is consumed.
    pub fn try_next_int_bounded(&mut self, bound: i32) -> Result<i32, EngineError> {
        check_bound(ENGINE, bound)?;
        Ok(bounded_next_int_from_zero(|| self.next_int(), bound))
    }

    /// `nextInt(origin, bound)`.
    ///
    /// # Errors
    /// [`EngineError::EmptyRange`] when `origin >= bound`; nothing is consumed.
    pub fn try_next_int_range(&mut self, origin: i32, bound: i32) -> Result<i32, EngineError> {
        try_bounded_next_int(ENGINE, || self.next_int(), origin, bound)
    }

    /// `split()`: the child `SplittableRandom(nextLong(), mixGamma(nextSeed()))`
    /// (two steps of this generator).
    pub fn split(&mut self) -> SplittableRandom {
        let seed = self.next_output();
        let gamma = mix_gamma(self.next_seed());
        SplittableRandom { seed, gamma }
    }
}

impl_rng_u64!(SplittableRandom);
long_seeded!(
    SplittableRandom,
    u64,
    "`new SplittableRandom(seed as long)`."
);

/// The state words: `seed gamma`, `gamma` odd.
///
/// ```
/// use rngkit::runtimes::java_splittable::{SplittableRandom, GOLDEN_GAMMA};
/// use rngkit::StateWords;
///
/// let rng = SplittableRandom::new(-1);
/// assert_eq!(rng.to_words(), [u64::MAX, GOLDEN_GAMMA]);
/// assert_eq!(SplittableRandom::from_words(&rng.to_words()).unwrap(), rng);
/// assert!(SplittableRandom::from_words(&[1, 2]).is_err()); // even gamma
/// ```
impl StateWords for SplittableRandom {
    const NAME: &'static str = "splittable-random";
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = 2;

    fn to_words(&self) -> Vec<u64> {
        vec![self.seed, self.gamma]
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let [seed, gamma] = words_u64::<2>(Self::NAME, words)?;
        Self::from_parts(seed, gamma)
    }
}

// ---------------------------------------------------------------------------
// The `splittable-random` GEN.

/// The `splittable-random` GEN: `java.util.SplittableRandom`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::java_splittable::SplittableRandomGen;
///
/// let g = of::<SplittableRandomGen>();
/// let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
/// let split = g.parse_draw("split", &[]).unwrap();
/// // OpenJDK 17: the child's seed and gamma.
/// assert_eq!(split.eval(&mut rng).format(false), "-4767286540954276203 540350159304224773");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SplittableRandomGen;

/// A parsed `splittable-random` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum SplittableRandomDraw {
    /// `next-int`: `nextInt()`.
    NextInt,
    /// `next-int BOUND`: `nextInt(bound)`, `bound > 0`.
    NextIntBound(i32),
    /// `next-int ORIGIN BOUND`: `nextInt(origin, bound)`, `origin < bound`.
    NextIntRange(i32, i32),
    /// `next-long`: `nextLong()`.
    NextLong,
    /// `next-double`: `nextDouble()`.
    NextDouble,
    /// `split`: `split()`, giving the child's seed and gamma.
    Split,
}

impl crate::registry::Gen for SplittableRandomGen {
    type Rng = SplittableRandom;
    type Draw = SplittableRandomDraw;

    const INFO: GenInfo = GenInfo {
        name: "splittable-random",
        aliases: &["java-splittable", "splitmix-java"],
        summary: "java.util.SplittableRandom (SplitMix: seed += gamma, mix64)",
        seed_kind: SeedKind::I64,
        seed_doc: "new SplittableRandom(S): seed = S, gamma = 0x9e3779b97f4a7c15",
        state_doc: "2 words of 64 bits: seed gamma (gamma odd)",
        has_stream: false,
        versions: "OpenJDK 17 (oracle: tests/runtime_java.rs runs java); JDK 8+ compute \
                   the same values; unchanged in the JDK 25 sources",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<SplittableRandom, SeedError> {
        Ok(SplittableRandom::new(seed.low_u64() as i64))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        use crate::runtimes::{bare_int, bare_unit};
        const BARE: &[crate::registry::BareDraw] = &[
            bare_unit("next-double", 53),
            bare_int("next-int", 32, true),
            bare_int("next-long", 64, true),
        ];
        BARE
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "next-int",
                help: "nextInt(): mix32 of the next seed (1 step)",
            },
            DrawInfo {
                syntax: "next-int BOUND",
                help: "nextInt(bound), BOUND > 0: low bits of nextInt() for a power of two \
                       (1 step), otherwise rejection (variable steps)",
            },
            DrawInfo {
                syntax: "next-int ORIGIN BOUND",
                help: "nextInt(origin, bound), ORIGIN < BOUND: low bits of nextInt() for a \
                       power-of-two span (1 step), otherwise rejection (variable steps)",
            },
            DrawInfo {
                syntax: "next-long",
                help: "nextLong(): mix64 of the next seed, the whole output word (1 step)",
            },
            DrawInfo {
                syntax: "next-double",
                help: "nextDouble(): (nextLong() >>> 11) * 2^-53 (1 step)",
            },
            DrawInfo {
                syntax: "split",
                help: "split(): the child's seed and gamma (its state words; --hex prints \
                       them as hex) (2 steps)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<SplittableRandomDraw>, DrawError> {
        let draw = match name {
            "next-int" => match parse_next_int(args)? {
                NextIntArgs::None => SplittableRandomDraw::NextInt,
                NextIntArgs::Bound(bound) => SplittableRandomDraw::NextIntBound(bound),
                NextIntArgs::Range(origin, bound) => {
                    SplittableRandomDraw::NextIntRange(origin, bound)
                }
            },
            "next-long" | "next-double" | "split" => {
                crate::draw::expect_args(name, args)?;
                match name {
                    "next-long" => SplittableRandomDraw::NextLong,
                    "next-double" => SplittableRandomDraw::NextDouble,
                    _ => SplittableRandomDraw::Split,
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(draw: &SplittableRandomDraw, rng: &mut SplittableRandom) -> DrawValue {
        match *draw {
            SplittableRandomDraw::NextInt => DrawValue::I32(rng.next_int()),
            SplittableRandomDraw::NextIntBound(bound) => {
                DrawValue::I32(bounded_next_int_from_zero(|| rng.next_int(), bound.max(1)))
            }
            SplittableRandomDraw::NextIntRange(origin, bound) => {
                DrawValue::I32(bounded_next_int(|| rng.next_int(), origin, bound))
            }
            SplittableRandomDraw::NextLong => DrawValue::I64(rng.next_long()),
            SplittableRandomDraw::NextDouble => DrawValue::F64(rng.next_double()),
            SplittableRandomDraw::Split => {
                let child = rng.split();
                DrawValue::Ints(vec![child.seed as i64, child.gamma as i64])
            }
        }
    }

    fn steps(draw: &SplittableRandomDraw) -> Steps {
        let power_of_two = |n: i32| n & n.wrapping_sub(1) == 0;
        match *draw {
            SplittableRandomDraw::NextInt
            | SplittableRandomDraw::NextLong
            | SplittableRandomDraw::NextDouble => Steps::Fixed(1),
            SplittableRandomDraw::Split => Steps::Fixed(2),
            SplittableRandomDraw::NextIntBound(bound) if power_of_two(bound) => Steps::Fixed(1),
            SplittableRandomDraw::NextIntRange(origin, bound)
                if power_of_two(bound.wrapping_sub(origin)) =>
            {
                Steps::Fixed(1)
            }
            SplittableRandomDraw::NextIntBound(_) | SplittableRandomDraw::NextIntRange(..) => {
                Steps::Variable
            }
        }
    }

    /// The raw word is `mix64` of the seed: `next-long` reveals it whole,
    /// `next-double` its top 53 bits, `split` the first of its two words (the
    /// child's seed is the parent's `nextLong()`). The `int` draws go
    /// through `mix32`, another function of the seed, and reveal no bit of
    /// the word.
    fn known_bits(draw: &SplittableRandomDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            SplittableRandomDraw::NextInt => {
                value.as_i32()?;
                Some(vec![])
            }
            SplittableRandomDraw::NextIntBound(bound) => {
                let v = value.as_i32()?;
                (0..bound).contains(&v).then(Vec::new)
            }
            SplittableRandomDraw::NextIntRange(origin, bound) => {
                let v = value.as_i32()?;
                (origin..bound).contains(&v).then(Vec::new)
            }
            SplittableRandomDraw::NextLong => Some(vec![KnownBits::new(u64::MAX, value.as_u64()?)]),
            SplittableRandomDraw::NextDouble => {
                let k = double53_known(value)?;
                Some(vec![KnownBits::new(k.mask << 11, k.value << 11)])
            }
            SplittableRandomDraw::Split => {
                let parts = value.components();
                let [seed, gamma] = parts.as_slice() else {
                    return None;
                };
                let gamma = gamma.as_u64()?;
                // mixGamma always gives an odd gamma.
                if gamma & 1 == 0 {
                    return None;
                }
                Some(vec![KnownBits::new(u64::MAX, seed.as_u64()?)])
            }
        }
    }
}
