//! `mars::rng`, the MT19937 of a strategy game engine: eager seeding, the
//! save file's RNG blob, and its draw mappings including the x87
//! floating-point behaviour of the shipped binary.
//!
//! Source: the engine's design notes (`docs/mars-rng.md`). Two points of those
//! notes are settled here (details in `docs/decisions.md`):
//!
//! * The unit multiplier is the double `0x3df0000000100000`, the double
//!   nearest to `1/4294967295`. The notes print `0x3df0000000001000`, which is
//!   `2^-32 * (1 + 2^-40)` and would map `0xffffffff` to `0.99999999977`,
//!   contradicting the closed range and the `0xffffffff -> 1.0` the same notes
//!   promise. Both facts are pinned by tests.
//! * [`float_from_pc24`] follows the x87 rules, verified against the FPU
//!   itself by the `engine_mars` test: the integer load is exact, the fix-up
//!   add and the multiply each round to a 24-bit significand.

use core::borrow::BorrowMut;

use alloc::vec::Vec;

use crate::StateError;
use crate::generators::Mt19937;

/// Bits of the unit multiplier: the double nearest to `1 / (2^32 - 1)`,
/// i.e. `2^-32 * (1 + 2^-32)`.
pub const UNIT_SCALE_BITS: u64 = 0x3df0_0000_0010_0000;

/// The unit multiplier `f64::from_bits(UNIT_SCALE_BITS)`.
pub const UNIT_SCALE: f64 = f64::from_bits(UNIT_SCALE_BITS);

/// The multiplier's significand as an integer: `UNIT_SCALE = MANTISSA * 2^-84`.
const UNIT_SCALE_MANTISSA: u128 = (1 << 52) | (1 << 20);
const UNIT_SCALE_EXP: i32 = -84;

/// The draw `next_unit` makes of one tempered word: the word read as a
/// signed `int` (sign-extending load), `+ 2^32` when negative, times
/// [`UNIT_SCALE`], at 53-bit precision: exactly `y as f64 * UNIT_SCALE`.
///
/// The range is closed: `0xffffffff` maps to exactly `1.0`.
///
/// ```
/// use rngkit::engines::mars::unit_from_word;
/// assert_eq!(unit_from_word(0), 0.0);
/// assert_eq!(unit_from_word(0xffff_ffff), 1.0);
/// ```
#[inline]
pub fn unit_from_word(y: u32) -> f64 {
    f64::from(y) * UNIT_SCALE
}

/// `next_float` of one tempered word: [`unit_from_word`] (rounded to 53
/// bits in the x87 register) stored to a 4-byte float (rounded again, to
/// nearest even).
#[inline]
pub fn float_from_word(y: u32) -> f32 {
    unit_from_word(y) as f32
}

/// The same draw under the x87's 24-bit precision control (what a Direct3D 9
/// device created without `FPU_PRESERVE` leaves in force).
///
/// The sign-extending integer load is exact (precision control does not
/// apply to loads); for a word with the top bit set the fix-up add of `2^32`
/// rounds the (exact) unsigned value to 24 bits; the multiply by
/// [`UNIT_SCALE`] rounds the exact product to 24 bits; the store to a float
/// is then exact. All roundings are to nearest, ties to even. The result can
/// differ from [`float_from_word`] in the last bit only.
///
/// ```
/// use rngkit::engines::mars::{float_from_pc24, float_from_word};
/// assert_eq!(float_from_pc24(0xffff_ffff), 1.0);
/// // The fix-up add rounds 0x80000080 to 0x80000000 (a tie, to even) before
/// // the multiply; at 53 bits the product lands just above the tie instead.
/// assert_eq!(float_from_pc24(0x8000_0080), 0.5);
/// assert_eq!(float_from_word(0x8000_0080), f32::from_bits(0x3f00_0001));
/// ```
pub fn float_from_pc24(y: u32) -> f32 {
    if y == 0 {
        return 0.0;
    }
    // The loaded value (exact) or, for negative reads, the fix-up sum rounded.
    let (loaded, loaded_exp) = if (y as i32) < 0 {
        round_to_24_bits(u128::from(y), 0)
    } else {
        (u128::from(y), 0)
    };
    let (mantissa, exp) =
        round_to_24_bits(loaded * UNIT_SCALE_MANTISSA, loaded_exp + UNIT_SCALE_EXP);
    // mantissa <= 2^24 and the value lies in [2^-32, 1]: the conversion and the
    // scaling by a power of two are exact.
    mantissa as f32 * pow2(exp)
}

/// Rounds `n * 2^exp` (`n > 0`) to a 24-bit significand, to nearest with
/// ties to even, returning the new `(n, exp)` (`n` may become exactly 2^24).
fn round_to_24_bits(n: u128, exp: i32) -> (u128, i32) {
    let bits = 128 - n.leading_zeros();
    if bits <= 24 {
        return (n, exp);
    }
    let shift = bits - 24;
    let kept = n >> shift;
    let rest = n & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    let round_up = rest > half || (rest == half && kept & 1 == 1);
    (kept + u128::from(round_up), exp + shift as i32)
}

/// `2^exp` as an `f32`, for a normal exponent.
fn pow2(exp: i32) -> f32 {
    debug_assert!((-126..=127).contains(&exp));
    f32::from_bits(((exp + 127) as u32) << 23)
}

/// The mars engine's MT19937 (`mars::rng::MT19937`).
///
/// Same generator and stream as [`Mt19937`]; the engine twists eagerly when
/// seeded (`left == 624` right after [`MarsRng::seed`]) and lazily
/// afterwards (a word is needed and `left == 0`), so a saved state can carry
/// `left == 0`.
///
/// ```
/// use rngkit::engines::mars::MarsRng;
///
/// let mut rng = MarsRng::seed(5489);
/// assert_eq!(rng.left(), 624);
/// assert_eq!(rng.next_u32(), 3499211612);
/// let blob = rng.save_state();
/// assert_eq!(blob.len(), 2500);
/// let mut copy = MarsRng::load_state(&blob).unwrap();
/// assert_eq!(copy.next_u32(), rng.next_u32());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MarsRng<G = Mt19937> {
    mt: G,
}

impl MarsRng {
    /// `MT19937 r(seed)`: `init_genrand(seed)`, then one twist
    /// (`left == 624`, the next output is `mt[0]`).
    pub fn seed(seed: u32) -> Self {
        let mut mt = Mt19937::new(seed);
        mt.twist();
        MarsRng { mt }
    }

    /// `load_state(blob, n)`: the save's `RNG` item, 624 little-endian `u32`
    /// then the `i32` `left` (2500 bytes, or 2503 with the item's padding).
    ///
    /// # Errors
    /// [`StateError::BlobSize`] for any other length,
    /// [`StateError::LeftOutOfRange`] for `left` outside `0..=624`,
    /// [`StateError::AllZero`] for an all-zero block.
    pub fn load_state(blob: &[u8]) -> Result<Self, StateError> {
        Ok(MarsRng {
            mt: Mt19937::from_blob(blob)?,
        })
    }
}

impl<G: BorrowMut<Mt19937>> MarsRng<G> {
    /// `save_state(out)`: the 2500-byte blob [`load_state`](Self::load_state)
    /// reads.
    pub fn save_state(&self) -> Vec<u8> {
        self.generator().to_blob()
    }

    /// Wraps a generator in any state, owned or borrowed (`&mut`, to run
    /// engine draws on a generator kept elsewhere).
    pub const fn from_generator(mt: G) -> Self {
        MarsRng { mt }
    }

    generator_accessors!(mt: Mt19937);

    /// `left()`: words still unread in the current block.
    pub fn left(&self) -> u32 {
        self.generator().left()
    }

    /// `index()`: `624 - left`, the position of the next word in the block.
    pub fn index(&self) -> u32 {
        624 - self.generator().left()
    }

    /// `state()`: the untempered block.
    pub fn state(&self) -> &[u32; 624] {
        self.generator().block()
    }

    /// `next_u32()`: the next tempered word (twisting first when `left == 0`).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.mt.borrow_mut().next_output()
    }

    /// `next_unit()`: one word through [`unit_from_word`], in `[0, 1]`.
    #[inline]
    pub fn next_unit(&mut self) -> f64 {
        unit_from_word(self.next_u32())
    }

    /// `next_float()`: one word through [`float_from_word`], the float the
    /// strategic simulation stores (53-bit x87 precision), in `[0, 1]`.
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        float_from_word(self.next_u32())
    }

    /// `float_from_pc24()` of the next word: [`float_from_pc24`], the same
    /// draw under 24-bit x87 precision control.
    #[inline]
    pub fn next_float_pc24(&mut self) -> f32 {
        float_from_pc24(self.next_u32())
    }

    /// `next_int_inclusive(n)`: uniform on `[0, n]`. The mask is the
    /// smallest `2^k - 1 >= n` (from `n` itself); words are drawn while
    /// `word & mask > n`. `n == 0` masks to 0 and still consumes one word.
    ///
    /// ```
    /// use rngkit::engines::mars::MarsRng;
    /// let mut rng = MarsRng::seed(1);
    /// assert_eq!(rng.next_int_inclusive(0), 0);
    /// assert_eq!(rng.left(), 623);
    /// ```
    pub fn next_int_inclusive(&mut self, n: u32) -> u32 {
        let mask = if n == 0 {
            0
        } else {
            u32::MAX >> n.leading_zeros()
        };
        loop {
            let candidate = self.next_u32() & mask;
            if candidate <= n {
                return candidate;
            }
        }
    }
}

impl From<Mt19937> for MarsRng {
    fn from(mt: Mt19937) -> Self {
        MarsRng::from_generator(mt)
    }
}

// ---------------------------------------------------------------------------
// The `mars` GEN.

/// The `mars` GEN: the mars engine's MT19937 (eager twist at seeding) and
/// its draw mappings.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::mars::MarsGen;
///
/// let mut rng = of::<MarsGen>().seed(&Seed::from(5489), &Default::default()).unwrap();
/// assert_eq!(rng.words()[0], 624); // eager twist: a full block unread
/// assert_eq!(rng.next_word(), 3499211612);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct MarsGen;

/// A parsed mars draw.
#[derive(Clone, Debug, PartialEq)]
pub enum MarsDraw {
    /// `next-u32`: the tempered word.
    NextU32,
    /// `next-unit`: the double `y / (2^32 - 1)` in [0, 1].
    NextUnit,
    /// `next-float`: that double stored as a float (53-bit x87 precision).
    NextFloat,
    /// `next-float-pc24`: the same draw under 24-bit x87 precision control.
    NextFloatPc24,
    /// `next-int-inclusive N`: uniform on [0, N].
    NextIntInclusive(u32),
}

impl crate::registry::Gen for MarsGen {
    type Rng = Mt19937;
    type Draw = MarsDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "mars",
        aliases: &["mars-mt19937"],
        summary: "the mars engine's MT19937 with its draw mappings and save blob",
        seed_kind: crate::registry::SeedKind::U32,
        seed_doc: "seed(S): init_genrand(S), then one twist",
        state_doc: "625 words of 32 bits: `left`, then mt[0..624] (untempered); --state-file also takes the 2500-byte save blob",
        has_stream: false,
        versions: "the mars::rng design document (x87 float mappings checked on the FPU)",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<Mt19937, crate::registry::SeedError> {
        let mut mt = Mt19937::new(seed.low_u64() as u32);
        mt.twist();
        Ok(mt)
    }

    fn from_bytes(bytes: &[u8]) -> Option<Result<Mt19937, StateError>> {
        Some(Mt19937::from_blob(bytes))
    }

    fn to_bytes(rng: &Mt19937) -> Option<Vec<u8>> {
        Some(rng.to_blob())
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[
            crate::registry::BareDraw {
                draw: "next-u32",
                yields: crate::registry::Yields::Int {
                    bits: 32,
                    signed: false,
                },
            },
            crate::registry::BareDraw {
                draw: "next-unit",
                yields: crate::registry::Yields::Unit { bits: 32 },
            },
        ]
    }

    fn draws() -> &'static [crate::registry::DrawInfo] {
        use crate::registry::DrawInfo;
        &[
            DrawInfo {
                syntax: "next-u32",
                help: "the tempered word (1 step)",
            },
            DrawInfo {
                syntax: "next-unit",
                help: "the double y / (2^32 - 1) in [0, 1] (1 step)",
            },
            DrawInfo {
                syntax: "next-float",
                help: "that double stored as a float, 53-bit x87 precision (1 step)",
            },
            DrawInfo {
                syntax: "next-float-pc24",
                help: "the same draw under 24-bit x87 precision control (1 step)",
            },
            DrawInfo {
                syntax: "next-int-inclusive N",
                help: "uniform on [0, N] by masked rejection (1 step when N + 1 is a power of two, else variable)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<MarsDraw>, crate::draw::DrawError> {
        use crate::draw::{no_args, one};
        Ok(Some(match name {
            "next-u32" => return no_args(MarsDraw::NextU32, name, args),
            "next-unit" => return no_args(MarsDraw::NextUnit, name, args),
            "next-float" => return no_args(MarsDraw::NextFloat, name, args),
            "next-float-pc24" => return no_args(MarsDraw::NextFloatPc24, name, args),
            "next-int-inclusive" => MarsDraw::NextIntInclusive(one(
                "next-int-inclusive N",
                args,
                crate::number::parse_int::<u32>,
            )?),
            _ => return Ok(None),
        }))
    }

    fn eval(draw: &MarsDraw, rng: &mut Mt19937) -> crate::draw::DrawValue {
        use crate::draw::DrawValue;
        let mut mars = MarsRng::from_generator(rng);
        match *draw {
            MarsDraw::NextU32 => DrawValue::U32(mars.next_u32()),
            MarsDraw::NextUnit => DrawValue::F64(mars.next_unit()),
            MarsDraw::NextFloat => DrawValue::F32(mars.next_float()),
            MarsDraw::NextFloatPc24 => DrawValue::F32(mars.next_float_pc24()),
            MarsDraw::NextIntInclusive(n) => DrawValue::U32(mars.next_int_inclusive(n)),
        }
    }

    fn steps(draw: &MarsDraw) -> crate::registry::Steps {
        match *draw {
            MarsDraw::NextIntInclusive(n) if n.wrapping_add(1) & n != 0 => {
                crate::registry::Steps::Variable
            }
            _ => crate::registry::Steps::Fixed(1),
        }
    }

    fn known_bits(
        draw: &MarsDraw,
        value: &crate::observe::ObservedValue,
    ) -> Option<Vec<crate::observe::KnownBits>> {
        use crate::observe::{KnownBits, interval_known};
        use alloc::vec;
        let full = 0xffff_ffff;
        let one = |k: KnownBits| Some(vec![k]);
        match *draw {
            MarsDraw::NextU32 => one(KnownBits::new(full, u64::from(value.as_u32()?))),
            MarsDraw::NextUnit => {
                let guess = value.as_f64()? * 4_294_967_295.0;
                one(interval_known(
                    |y| value.matches_f64(unit_from_word(y)),
                    guess,
                )?)
            }
            MarsDraw::NextFloat => {
                let guess = value.as_f64()? * 4_294_967_295.0;
                one(interval_known(
                    |y| value.matches_f32(float_from_word(y)),
                    guess,
                )?)
            }
            MarsDraw::NextFloatPc24 => {
                let guess = value.as_f64()? * 4_294_967_295.0;
                one(interval_known(
                    |y| value.matches_f32(float_from_pc24(y)),
                    guess,
                )?)
            }
            MarsDraw::NextIntInclusive(n) => {
                let v = value.as_u32()?;
                let mask = if n == 0 {
                    0
                } else {
                    u32::MAX >> n.leading_zeros()
                };
                (v <= n).then(|| vec![KnownBits::new(u64::from(mask), u64::from(v))])
            }
        }
    }
}
