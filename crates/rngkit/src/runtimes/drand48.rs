//! The POSIX `drand48` family as glibc implements it: the 48-bit linear
//! congruential generator `X' = (0x5DEECE66D * X + 0xB) mod 2^48` behind
//! `srand48`, `seed48`, `drand48`, `lrand48` and `mrand48`.
//!
//! * `srand48(S)`: `X = (S mod 2^32) << 16 | 0x330e` (glibc keeps the low 32
//!   bits of the `long`).
//! * `seed48(v)`: `X = v[0] | v[1] << 16 | v[2] << 32` (the `--state` word).
//! * `drand48()`: `X' / 2^48` exactly (glibc builds the double from the 48
//!   bits); `lrand48()`: `X' >> 17`; `mrand48()`: `X' >> 16` as a signed
//!   32-bit value.
//!
//! Both reset the multiplier and increment to the defaults; `lcong48`'s
//! custom ones are not modelled.
//!
//! One raw step is one LCG step, and its output word is the new 48-bit
//! state shifted left by 16 (`X' << 16`, a 64-bit word): the state aligned to
//! the top, so that the common draws read the generator's own outputs: `u32`
//! is `mrand48()`'s 32 bits, `f64` is `drand48()` exactly and `bool` is the
//! top bit of the state.
//!
//! ```
//! use rngkit::runtimes::drand48::Drand48;
//!
//! // glibc: srand48(1); drand48(); lrand48(); mrand48()
//! let mut rng = Drand48::srand48(1);
//! assert_eq!(rng.drand48(), 0.041630344771878214);
//! assert_eq!(rng.lrand48(), 976015093);
//! assert_eq!(rng.mrand48(), -709454646);
//! ```

use alloc::vec;
use alloc::vec::Vec;

use rand_core::SeedableRng;

use crate::draw::{DrawError, DrawValue, no_args};
use crate::generators::impl_serde_via;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};
use crate::runtimes::python::{matching_interval, prefix};
use crate::state::check_count;
use crate::{StateError, StateWords};

/// The default multiplier `a` of the `drand48` family.
pub const MULTIPLIER: u64 = 0x5_DEEC_E66D;
/// The default increment `c`.
pub const INCREMENT: u64 = 0xB;
const MASK48: u64 = (1 << 48) - 1;

/// The `drand48` generator: a 48-bit state.
///
/// ```
/// use rngkit::runtimes::drand48::Drand48;
/// use rngkit::{StateWords, WordRng};
///
/// let mut rng = Drand48::seed48([0x330e, 0x1234, 0xabcd]);
/// assert_eq!(rng.to_words(), [0xabcd_1234_330e]);
/// assert_eq!(rng.mrand48(), 1884740352); // glibc, after the same seed48
/// assert!(Drand48::from_words(&[1 << 48]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Drand48 {
    x: u64,
}

impl Drand48 {
    /// `srand48(seed)`: the low 32 bits of the seed above `0x330e`.
    pub const fn srand48(seed: i64) -> Self {
        Drand48 {
            x: ((seed as u64 & 0xffff_ffff) << 16) | 0x330e,
        }
    }

    /// `seed48(v)`: the three 16-bit words, least significant first.
    pub const fn seed48(v: [u16; 3]) -> Self {
        Drand48 {
            x: v[0] as u64 | (v[1] as u64) << 16 | (v[2] as u64) << 32,
        }
    }

    /// The generator at state `x`.
    ///
    /// # Errors
    /// [`StateError::WordTooWide`] when `x >= 2^48`.
    pub const fn from_state(x: u64) -> Result<Self, StateError> {
        if x > MASK48 {
            return Err(StateError::WordTooWide {
                generator: "drand48",
                index: 0,
                bits: 48,
            });
        }
        Ok(Drand48 { x })
    }

    /// The 48-bit state.
    pub const fn state(&self) -> u64 {
        self.x
    }

    /// One LCG step; the new state.
    #[inline]
    pub fn step(&mut self) -> u64 {
        self.x = MULTIPLIER.wrapping_mul(self.x).wrapping_add(INCREMENT) & MASK48;
        self.x
    }

    #[inline]
    fn next_output(&mut self) -> u64 {
        self.step() << 16
    }

    /// `drand48()`: the new state over `2^48`, in `[0, 1)`.
    pub fn drand48(&mut self) -> f64 {
        self.step() as f64 * (1.0 / (1u64 << 48) as f64)
    }

    /// `lrand48()`: the top 31 bits of the new state, in `[0, 2^31)`.
    pub fn lrand48(&mut self) -> i32 {
        (self.step() >> 17) as i32
    }

    /// `mrand48()`: the top 32 bits of the new state, signed, in
    /// `[-2^31, 2^31)`.
    pub fn mrand48(&mut self) -> i32 {
        (self.step() >> 16) as u32 as i32
    }
}

// As `generators::impl_rng_u64!` (which needs a bulk kernel): `next_u32`
// is the top half of the output word, bytes are whole words little-endian.
crate::generators::impl_try_rng!(Drand48, |self, dst|
    u32: (self.next_output() >> 32) as u32,
    u64: self.next_output(),
    bytes: for chunk in dst.chunks_mut(8) {
        let bytes = self.next_output().to_le_bytes();
        chunk.copy_from_slice(&bytes[..chunk.len()]);
    },
);
crate::generators::impl_word_rng!(Drand48, 64);

impl_serde_via!(Drand48, u64);

impl SeedableRng for Drand48 {
    /// The `srand48` seed's low 32 bits, little-endian.
    type Seed = [u8; 4];

    /// `srand48(u32::from_le_bytes(seed))`.
    fn from_seed(seed: Self::Seed) -> Self {
        Self::srand48(i64::from(u32::from_le_bytes(seed)))
    }

    /// `srand48(seed)` (its low 32 bits).
    fn seed_from_u64(seed: u64) -> Self {
        Self::srand48(seed as i64)
    }
}

impl StateWords for Drand48 {
    const NAME: &'static str = "drand48";
    const WORD_BITS: u32 = 64;
    /// The 48-bit state `X` (`seed48`'s words as one number).
    const WORD_COUNT: usize = 1;
    /// The 48-bit LCG state.
    const FREE_BITS: u32 = 48;

    fn to_words(&self) -> Vec<u64> {
        vec![self.x]
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        check_count(Self::NAME, 1, words.len())?;
        Self::from_state(words[0])
    }
}

/// The `drand48` GEN.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::drand48::Drand48Gen;
///
/// let drand48 = of::<Drand48Gen>();
/// let mut rng = drand48.seed(&Seed::from(-1), &Default::default()).unwrap();
/// let draw = drand48.parse_draw("drand48", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "0.3000257274407012"); // glibc srand48(-1)
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drand48Gen;

/// A parsed `drand48` draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drand48Draw {
    /// `drand48`.
    Drand48,
    /// `lrand48`.
    Lrand48,
    /// `mrand48`.
    Mrand48,
}

impl crate::registry::Gen for Drand48Gen {
    type Rng = Drand48;
    type Draw = Drand48Draw;

    const INFO: GenInfo = GenInfo {
        name: "drand48",
        aliases: &["rand48"],
        summary: "POSIX drand48/lrand48/mrand48 (glibc): the 48-bit LCG 0x5DEECE66D * X + 11",
        seed_kind: SeedKind::I64,
        seed_doc: "srand48(S): X = (S mod 2^32) << 16 | 0x330e",
        state_doc: "1 word of 64 bits: the 48-bit state X (seed48's v[0] | v[1] << 16 | v[2] << 32); a raw step outputs X' << 16",
        has_stream: false,
        versions: "glibc (drand48-iter.c, erand48_r, nrand48_r, jrand48_r); verified against glibc 2.36 (tests/runtime_drand48.rs)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Drand48, SeedError> {
        Ok(Drand48::srand48(seed.low_u64() as i64))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[
            crate::registry::BareDraw {
                draw: "drand48",
                yields: crate::registry::Yields::Unit { bits: 48 },
            },
            crate::registry::BareDraw {
                draw: "lrand48",
                yields: crate::registry::Yields::Int {
                    bits: 31,
                    signed: false,
                },
            },
            crate::registry::BareDraw {
                draw: "mrand48",
                yields: crate::registry::Yields::Int {
                    bits: 32,
                    signed: true,
                },
            },
        ]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "drand48",
                help: "drand48(): X / 2^48 in [0, 1) (1 step)",
            },
            DrawInfo {
                syntax: "lrand48",
                help: "lrand48(): X >> 17 in [0, 2^31) (1 step)",
            },
            DrawInfo {
                syntax: "mrand48",
                help: "mrand48(): X >> 16 as a signed 32-bit value (1 step)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<Drand48Draw>, DrawError> {
        match name {
            "drand48" => no_args(Drand48Draw::Drand48, name, args),
            "lrand48" => no_args(Drand48Draw::Lrand48, name, args),
            "mrand48" => no_args(Drand48Draw::Mrand48, name, args),
            _ => Ok(None),
        }
    }

    fn eval(draw: &Drand48Draw, rng: &mut Drand48) -> DrawValue {
        match draw {
            Drand48Draw::Drand48 => DrawValue::F64(rng.drand48()),
            Drand48Draw::Lrand48 => DrawValue::I32(rng.lrand48()),
            Drand48Draw::Mrand48 => DrawValue::I32(rng.mrand48()),
        }
    }

    fn steps(_: &Drand48Draw) -> Steps {
        Steps::Fixed(1)
    }

    fn known_bits(draw: &Drand48Draw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        let word = |mask: u64, bits: u64| Some(vec![KnownBits::new(mask << 16, bits << 16)]);
        match draw {
            Drand48Draw::Drand48 => {
                let scale = 1.0 / (1u64 << 48) as f64;
                let (lo, hi) = matching_interval(MASK48, |x| x as f64 * scale, value)?;
                let k = prefix(lo, hi);
                word(k.mask & MASK48, k.value)
            }
            Drand48Draw::Lrand48 => {
                let v = value.as_i64()?;
                if !(0..1 << 31).contains(&v) {
                    return None;
                }
                word(MASK48 & !0x1_ffff, (v as u64) << 17)
            }
            Drand48Draw::Mrand48 => {
                let v = i32::try_from(value.as_i64()?).ok()?;
                word(MASK48 & !0xffff, u64::from(v as u32) << 16)
            }
        }
    }
}
