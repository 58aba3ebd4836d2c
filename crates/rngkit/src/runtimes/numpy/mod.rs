//! numpy's `Generator` (`np.random.default_rng(S)`, `numpy.random.Generator`
//! over each of numpy's bit generators): the GENs `numpy` (PCG64, what
//! `default_rng` builds), `numpy-pcg64dxsm`, `numpy-philox`, `numpy-sfc64`
//! and `numpy-mt19937`.
//!
//! Every one seeds through [`SeedSequence`] (the integer seed's 32-bit
//! words hashed into a pool, then state words generated from it) and draws
//! through one family, [`NumpyGenerator`], written once over numpy's
//! bit-generator interface ([`BitGenerator`]: `next_uint64`, `next_uint32`,
//! `next_double`). The draws are the `Generator` methods of one scalar call
//! each, as numpy's `_generator.pyx` and `distributions.c` compute them:
//!
//! * `random()`: `next_double`, the top 53 bits of a word over 2^53;
//! * `integers(LOW, HIGH)` (int64, `endpoint=False`): Lemire's
//!   multiply-and-reject on `HIGH - 1 - LOW`, on 64-bit words, or on
//!   32-bit ones from `next_uint32` when the span fits 32 bits (the
//!   buffered halves: one 64-bit word serves two such draws);
//! * `normal()`, `standard_normal()`: the 256-layer ziggurat on one word
//!   (sign, layer and 52 bits), with numpy's published tables;
//!   `exponential()` likewise on its own tables;
//! * `choice(N)`: `integers(0, N)`; `permutation(N)`: a Fisher-Yates
//!   shuffle of `arange(N)` from the top, each index drawn by masked
//!   rejection (`random_interval`), on 32-bit values below 2^32;
//! * `uniform(LOW, HIGH)`: `LOW + (HIGH - LOW) * next_double`.
//!
//! ```
//! use rngkit::registry::{of, Seed};
//! use rngkit::runtimes::numpy::NumpyGen;
//!
//! // numpy 2.4.6: rng = np.random.default_rng(42); rng.random(), then
//! // rng.integers(0, 10), then rng.normal().
//! let g = of::<NumpyGen>();
//! let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
//! let draw = |name: &str, args: &[&str]| g.parse_draw(name, args).unwrap();
//! assert_eq!(draw("random", &[]).eval(&mut rng).format(false), "0.7739560485559633");
//! assert_eq!(draw("integers", &["0", "10"]).eval(&mut rng).format(false), "6");
//! assert_eq!(draw("normal", &[]).eval(&mut rng).format(false), "0.7504511958064572");
//! ```

mod bitgens;
mod seed_sequence;
mod ziggurat;

use alloc::format;
use alloc::vec::Vec;

pub use bitgens::{
    BitGenerator, Buffered, BufferedCore, CHEAP_MULTIPLIER, Pcg64Dxsm, Philox4x64, Sfc64,
    mt19937_from_numpy_seed, philox4x64_10,
};
pub use seed_sequence::SeedSequence;

use crate::WordRng;
use crate::draw::{DrawError, DrawValue};
use crate::family::Member;
use crate::generators::Mt19937;
use crate::number::{parse_f64, parse_int};
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{
    BareDraw, DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps, Yields,
};
use crate::runtimes::pcg64::Pcg64;
use crate::runtimes::python::{matching_interval, prefix, res53_known};

/// The longest `permutation N` here (numpy's is bounded by memory).
pub const MAX_PERMUTATION: u64 = 1 << 24;

// ----------------------------------------------------------- the draws

/// `random_bounded_uint64(off, rng, use_masked=False)`: `off` plus a
/// uniform value in `0..=rng`, as numpy's `integers` draws it.
///
/// ```
/// use rngkit::runtimes::numpy::{Buffered, bounded_u64};
/// use rngkit::runtimes::pcg64::Pcg64;
///
/// let mut rng = Buffered::new(Pcg64::setseq(1, 2));
/// assert!(bounded_u64(&mut rng, 10, 5) - 10 <= 5);
/// // A span that fits 32 bits took the low half of a word and kept the high one.
/// assert!(rng.buffer().0);
/// ```
pub fn bounded_u64<R: BitGenerator + ?Sized>(rng: &mut R, off: u64, range: u64) -> u64 {
    if range == 0 {
        off
    } else if range <= 0xffff_ffff {
        if range == 0xffff_ffff {
            return off.wrapping_add(u64::from(rng.next_uint32()));
        }
        // buffered_bounded_lemire_uint32
        let excl = range as u32 + 1;
        let mut m = u64::from(rng.next_uint32()) * u64::from(excl);
        if (m as u32) < excl {
            let threshold = (u32::MAX - range as u32) % excl;
            while (m as u32) < threshold {
                m = u64::from(rng.next_uint32()) * u64::from(excl);
            }
        }
        off.wrapping_add(m >> 32)
    } else if range == u64::MAX {
        off.wrapping_add(rng.next_uint64())
    } else {
        // bounded_lemire_uint64
        let excl = range + 1;
        let mut m = u128::from(rng.next_uint64()) * u128::from(excl);
        if (m as u64) < excl {
            let threshold = (u64::MAX - range) % excl;
            while (m as u64) < threshold {
                m = u128::from(rng.next_uint64()) * u128::from(excl);
            }
        }
        off.wrapping_add((m >> 64) as u64)
    }
}

/// `Generator.integers(low, high)` with the default int64 dtype and
/// `endpoint=False`; `low < high`.
pub fn integers<R: BitGenerator + ?Sized>(rng: &mut R, low: i64, high: i128) -> i64 {
    let range = (high - 1 - i128::from(low)) as u64;
    bounded_u64(rng, low as u64, range) as i64
}

/// `random_interval(max)`: a value in `0..=max` by masked rejection, on
/// `next_uint32` when `max` fits 32 bits (`shuffle`'s index draw).
pub fn random_interval<R: BitGenerator + ?Sized>(rng: &mut R, max: u64) -> u64 {
    if max == 0 {
        return 0;
    }
    let mask = u64::MAX >> max.leading_zeros();
    if max <= 0xffff_ffff {
        loop {
            let v = u64::from(rng.next_uint32()) & mask;
            if v <= max {
                return v;
            }
        }
    }
    loop {
        let v = rng.next_uint64() & mask;
        if v <= max {
            return v;
        }
    }
}

/// `Generator.permutation(n)`: `arange(n)` shuffled in place, `i` from
/// `n - 1` down to 1 swapped with `random_interval(i)`.
pub fn permutation<R: BitGenerator + ?Sized>(rng: &mut R, n: u64) -> Vec<i64> {
    crate::runtimes::numpy_legacy::shuffled_arange(n, |i| random_interval(rng, i))
}

/// `random_standard_normal`: the ziggurat on one 64-bit word (low 8 bits
/// the layer, bit 8 the sign, bits 9..61 the magnitude), redrawn outside
/// the layer's core, the tail by Marsaglia's exponential method.
pub fn standard_normal<R: BitGenerator + ?Sized>(rng: &mut R) -> f64 {
    use ziggurat::{FI, KI, NOR_INV_R, NOR_R, WI};
    loop {
        let mut r = rng.next_uint64();
        let idx = (r & 0xff) as usize;
        r >>= 8;
        let sign = r & 1;
        let rabs = (r >> 1) & 0x000f_ffff_ffff_ffff;
        let mut x = rabs as f64 * WI[idx];
        if sign == 1 {
            x = -x;
        }
        if rabs < KI[idx] {
            return x;
        }
        if idx == 0 {
            loop {
                let xx = -NOR_INV_R * crate::cmath::log1p(-rng.next_double());
                let yy = -crate::cmath::log1p(-rng.next_double());
                if yy + yy > xx * xx {
                    return if (rabs >> 8) & 1 == 1 {
                        -(NOR_R + xx)
                    } else {
                        NOR_R + xx
                    };
                }
            }
        } else if (FI[idx - 1] - FI[idx]) * rng.next_double() + FI[idx]
            < crate::cmath::exp(-0.5 * x * x)
        {
            return x;
        }
    }
}

/// `random_standard_exponential`: the ziggurat on one 64-bit word (bits
/// 3..11 the layer, 11..64 the magnitude).
pub fn standard_exponential<R: BitGenerator + ?Sized>(rng: &mut R) -> f64 {
    use ziggurat::{EXP_R, FE, KE, WE};
    loop {
        let mut ri = rng.next_uint64();
        ri >>= 3;
        let idx = (ri & 0xff) as usize;
        ri >>= 8;
        let x = ri as f64 * WE[idx];
        if ri < KE[idx] {
            return x;
        }
        // standard_exponential_unlikely; its last branch starts over.
        if idx == 0 {
            return EXP_R - crate::cmath::log1p(-rng.next_double());
        }
        if (FE[idx - 1] - FE[idx]) * rng.next_double() + FE[idx] < crate::cmath::exp(-x) {
            return x;
        }
    }
}

/// A parsed `Generator` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum GeneratorDraw {
    /// `random`: `rng.random()`.
    Random,
    /// `random-raw`: `rng.bit_generator.random_raw()`, one raw word.
    RandomRaw,
    /// `integers LOW HIGH`: `rng.integers(LOW, HIGH)`, `LOW < HIGH`.
    Integers(i64, i128),
    /// `choice N`: `rng.choice(N)`, `N >= 1`.
    Choice(u64),
    /// `permutation N`: `rng.permutation(N)`.
    Permutation(u64),
    /// `normal [LOC SCALE]`: `rng.normal(LOC, SCALE)`.
    Normal(f64, f64),
    /// `standard-normal`: `rng.standard_normal()`.
    StandardNormal,
    /// `exponential [SCALE]`: `rng.exponential(SCALE)`.
    Exponential(f64),
    /// `standard-exponential`: `rng.standard_exponential()`.
    StandardExponential,
    /// `uniform [LOW HIGH]`: `rng.uniform(LOW, HIGH)`.
    Uniform(f64, f64),
}

impl Eq for GeneratorDraw {}

fn draw_infos(bits: u32) -> &'static [DrawInfo] {
    const DRAWS_64: &[DrawInfo] = &[
        DrawInfo {
            syntax: "random",
            help: "rng.random(): the word's top 53 bits / 2^53 (1 step)",
        },
        DrawInfo {
            syntax: "random-raw",
            help: "rng.bit_generator.random_raw(): the raw 64-bit word (1 step)",
        },
        DrawInfo {
            syntax: "integers LOW HIGH",
            help: "rng.integers(LOW, HIGH): int64 in LOW..HIGH by Lemire's method; a span below 2^32 uses 32-bit halves, the low one first, the high one kept for the next such draw (variable steps)",
        },
        DrawInfo {
            syntax: "choice N",
            help: "rng.choice(N): rng.integers(0, N) (variable steps)",
        },
        DrawInfo {
            syntax: "permutation N",
            help: "rng.permutation(N): arange(N) shuffled from the top by masked rejection on 32-bit halves (variable steps)",
        },
        DrawInfo {
            syntax: "normal [LOC SCALE]",
            help: "rng.normal(LOC, SCALE), default 0 1: LOC + SCALE * the ziggurat's value (1 step, more in 0.7% of draws)",
        },
        DrawInfo {
            syntax: "standard-normal",
            help: "rng.standard_normal(): the 256-layer ziggurat (1 step, more in 0.7% of draws)",
        },
        DrawInfo {
            syntax: "exponential [SCALE]",
            help: "rng.exponential(SCALE), default 1: SCALE * the exponential ziggurat's value (1 step, more in 1.1% of draws)",
        },
        DrawInfo {
            syntax: "standard-exponential",
            help: "rng.standard_exponential(): the exponential ziggurat (1 step, more in 1.1% of draws)",
        },
        DrawInfo {
            syntax: "uniform [LOW HIGH]",
            help: "rng.uniform(LOW, HIGH), default 0 1: LOW + (HIGH - LOW) * random() (1 step)",
        },
    ];
    const DRAWS_32: &[DrawInfo] = &[
        DrawInfo {
            syntax: "random",
            help: "rng.random(): (a >> 5) * 2^26 + (b >> 6), over 2^53, of two words (2 steps)",
        },
        DrawInfo {
            syntax: "random-raw",
            help: "rng.bit_generator.random_raw(): the raw 32-bit word (1 step)",
        },
        DrawInfo {
            syntax: "integers LOW HIGH",
            help: "rng.integers(LOW, HIGH): int64 in LOW..HIGH by Lemire's method, on one word when the span is below 2^32, else on two (the first one high) (variable steps)",
        },
        DrawInfo {
            syntax: "choice N",
            help: "rng.choice(N): rng.integers(0, N) (variable steps)",
        },
        DrawInfo {
            syntax: "permutation N",
            help: "rng.permutation(N): arange(N) shuffled from the top by masked rejection, one word per attempt (variable steps)",
        },
        DrawInfo {
            syntax: "normal [LOC SCALE]",
            help: "rng.normal(LOC, SCALE), default 0 1: LOC + SCALE * the ziggurat's value on two words, the first high (2 steps, more in 0.7% of draws)",
        },
        DrawInfo {
            syntax: "standard-normal",
            help: "rng.standard_normal(): the 256-layer ziggurat on two words (2 steps, more in 0.7% of draws)",
        },
        DrawInfo {
            syntax: "exponential [SCALE]",
            help: "rng.exponential(SCALE), default 1: SCALE * the exponential ziggurat's value on two words (2 steps, more in 1.1% of draws)",
        },
        DrawInfo {
            syntax: "standard-exponential",
            help: "rng.standard_exponential(): the exponential ziggurat on two words (2 steps, more in 1.1% of draws)",
        },
        DrawInfo {
            syntax: "uniform [LOW HIGH]",
            help: "rng.uniform(LOW, HIGH), default 0 1: LOW + (HIGH - LOW) * random() (2 steps)",
        },
    ];
    if bits == 32 { DRAWS_32 } else { DRAWS_64 }
}

fn parse_count(draw: &str, text: &str) -> Result<u64, DrawError> {
    let n = parse_int::<u64>(text)?;
    if n > MAX_PERMUTATION {
        return Err(DrawError::Invalid(format!(
            "{draw} takes at most {MAX_PERMUTATION} items here, got {n}"
        )));
    }
    Ok(n)
}

fn parse_generator(name: &str, args: &[&str]) -> Result<Option<GeneratorDraw>, DrawError> {
    use crate::draw::{expect_args, no_args};
    Ok(Some(match name {
        "random" => return no_args(GeneratorDraw::Random, name, args),
        "random-raw" => return no_args(GeneratorDraw::RandomRaw, name, args),
        "standard-normal" => return no_args(GeneratorDraw::StandardNormal, name, args),
        "standard-exponential" => {
            return no_args(GeneratorDraw::StandardExponential, name, args);
        }
        "integers" => {
            expect_args("integers LOW HIGH", args)?;
            let low = parse_int::<i64>(args[0])?;
            let high = parse_int::<i128>(args[1])?;
            if high > 1 << 63 {
                return Err(DrawError::Invalid(format!(
                    "integers: high is out of bounds for int64 (numpy's ValueError), got HIGH = {high}; HIGH is at most 2^63 = 9223372036854775808"
                )));
            }
            if i128::from(low) >= high {
                return Err(DrawError::Invalid(format!(
                    "integers: low >= high (numpy's ValueError), got LOW = {low} and HIGH = {high}; LOW < HIGH"
                )));
            }
            GeneratorDraw::Integers(low, high)
        }
        "choice" => {
            expect_args("choice N", args)?;
            let n = parse_int::<u64>(args[0])?;
            if n == 0 || n > 1 << 63 {
                return Err(DrawError::Invalid(format!(
                    "choice: a must be a positive integer (numpy's ValueError), got N = {n}; N is 1 to 2^63"
                )));
            }
            GeneratorDraw::Choice(n)
        }
        "permutation" => {
            expect_args("permutation N", args)?;
            GeneratorDraw::Permutation(parse_count("permutation", args[0])?)
        }
        "normal" => {
            let (loc, scale) =
                optional_pair("normal [LOC SCALE]", "LOC and SCALE", args)?.unwrap_or((0.0, 1.0));
            non_negative("normal", "scale", scale)?;
            GeneratorDraw::Normal(loc, scale)
        }
        "exponential" => {
            let scale = match args {
                [] => 1.0,
                [s] => parse_f64(s)?,
                _ => {
                    return Err(DrawError::Invalid(format!(
                        "`exponential [SCALE]` takes no argument or SCALE, found {}",
                        args.len()
                    )));
                }
            };
            non_negative("exponential", "scale", scale)?;
            GeneratorDraw::Exponential(scale)
        }
        "uniform" => {
            let (low, high) =
                optional_pair("uniform [LOW HIGH]", "LOW and HIGH", args)?.unwrap_or((0.0, 1.0));
            let range = high - low;
            if !range.is_finite() {
                return Err(DrawError::Invalid(format!(
                    "uniform: high - low range exceeds valid bounds (numpy's OverflowError), got LOW = {low} and HIGH = {high}"
                )));
            }
            non_negative("uniform", "high - low", range)?;
            GeneratorDraw::Uniform(low, high)
        }
        _ => return Ok(None),
    }))
}

/// Two optional float arguments: none or both.
fn optional_pair(syntax: &str, both: &str, args: &[&str]) -> Result<Option<(f64, f64)>, DrawError> {
    match args {
        [] => Ok(None),
        [a, b] => Ok(Some((parse_f64(a)?, parse_f64(b)?))),
        _ => Err(DrawError::Invalid(format!(
            "`{syntax}` takes no arguments or both {both}, found {}",
            args.len()
        ))),
    }
}

/// numpy's `CONS_NON_NEGATIVE` check.
fn non_negative(draw: &str, what: &str, x: f64) -> Result<(), DrawError> {
    if x >= 0.0 {
        Ok(())
    } else {
        Err(DrawError::Invalid(format!(
            "{draw}: {what} < 0 (numpy's ValueError), got {x}; it must be 0 or more"
        )))
    }
}

fn eval_generator<R: BitGenerator + WordRng>(draw: &GeneratorDraw, rng: &mut R) -> DrawValue {
    match *draw {
        GeneratorDraw::RandomRaw => DrawValue::U64(rng.next_word()),
        // One copy of the draws for every bit generator (through the
        // bitgen interface, as numpy calls it): the page's wasm stays small.
        _ => eval_bitgen(draw, rng),
    }
}

fn eval_bitgen(draw: &GeneratorDraw, rng: &mut dyn BitGenerator) -> DrawValue {
    match *draw {
        GeneratorDraw::Random => DrawValue::F64(rng.next_double()),
        GeneratorDraw::RandomRaw => DrawValue::U64(rng.next_uint64()),
        GeneratorDraw::Integers(low, high) => DrawValue::I64(integers(rng, low, high)),
        GeneratorDraw::Choice(n) => DrawValue::I64(integers(rng, 0, i128::from(n))),
        GeneratorDraw::Permutation(n) => DrawValue::Ints(permutation(rng, n)),
        GeneratorDraw::Normal(loc, scale) => DrawValue::F64(loc + scale * standard_normal(rng)),
        GeneratorDraw::StandardNormal => DrawValue::F64(standard_normal(rng)),
        GeneratorDraw::Exponential(scale) => DrawValue::F64(scale * standard_exponential(rng)),
        GeneratorDraw::StandardExponential => DrawValue::F64(standard_exponential(rng)),
        GeneratorDraw::Uniform(low, high) => DrawValue::F64(low + (high - low) * rng.next_double()),
    }
}

fn steps_generator(draw: &GeneratorDraw, bits: u32) -> Steps {
    let double = if bits == 32 { 2 } else { 1 };
    match *draw {
        GeneratorDraw::Random | GeneratorDraw::Uniform(..) => Steps::Fixed(double),
        GeneratorDraw::RandomRaw => Steps::Fixed(1),
        GeneratorDraw::Integers(low, high) => match (high - 1 - i128::from(low)) as u64 {
            0 => Steps::Fixed(0),
            0xffff_ffff if bits == 32 => Steps::Fixed(1),
            u64::MAX => Steps::Fixed(double),
            _ => Steps::Variable,
        },
        GeneratorDraw::Choice(1) => Steps::Fixed(0),
        GeneratorDraw::Permutation(0 | 1) => Steps::Fixed(0),
        _ => Steps::Variable,
    }
}

/// Known bits of a `next_double` value: the word's top 53 bits (64-bit
/// words) or MT19937's two words.
fn double_known(
    value: &ObservedValue,
    bits: u32,
    f: impl Fn(u64) -> f64,
) -> Option<Vec<KnownBits>> {
    if bits == 32 {
        return res53_known(value, f);
    }
    let (lo, hi) = matching_interval((1 << 53) - 1, f, value)?;
    let k = prefix(lo, hi);
    Some(alloc::vec![KnownBits::new(
        (k.mask & ((1 << 53) - 1)) << 11,
        k.value << 11
    )])
}

fn known_generator(
    draw: &GeneratorDraw,
    value: &ObservedValue,
    bits: u32,
) -> Option<Vec<KnownBits>> {
    const UNIT: f64 = 1.0 / 9_007_199_254_740_992.0;
    match *draw {
        GeneratorDraw::Random => double_known(value, bits, |k| k as f64 * UNIT),
        GeneratorDraw::Uniform(low, high) => {
            if low == high {
                return value.matches_f64(low).then(Vec::new);
            }
            double_known(value, bits, |k| low + (high - low) * (k as f64 * UNIT))
        }
        GeneratorDraw::RandomRaw => {
            let v = value.as_u64()?;
            let mask = if bits == 32 { 0xffff_ffff } else { u64::MAX };
            (v <= mask).then(|| alloc::vec![KnownBits::new(mask, v)])
        }
        // The values below reveal no bit at a fixed position of a known
        // word (rejections and the 32-bit buffer move them): only whether
        // the value can come out is checked.
        GeneratorDraw::Integers(low, high) => {
            let v = value.as_i64()?;
            (v >= low && i128::from(v) < high).then(Vec::new)
        }
        GeneratorDraw::Choice(n) => {
            let v = value.as_i64()?;
            (v >= 0 && (v as u64) < n).then(Vec::new)
        }
        GeneratorDraw::Permutation(n) => {
            let mut seen: Vec<i64> = if value.text().trim().is_empty() {
                Vec::new()
            } else {
                value
                    .text()
                    .split_whitespace()
                    .map(|t| parse_int::<i64>(t).ok())
                    .collect::<Option<_>>()?
            };
            seen.sort_unstable();
            seen.iter().copied().eq(0..n as i64).then(Vec::new)
        }
        GeneratorDraw::Normal(..) | GeneratorDraw::StandardNormal => {
            value.as_f64().filter(|x| x.is_finite()).map(|_| Vec::new())
        }
        GeneratorDraw::Exponential(..) | GeneratorDraw::StandardExponential => value
            .as_f64()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .map(|_| Vec::new()),
    }
}

/// The `Generator` draw family: numpy's `Generator` methods over one bit
/// generator ([`BitGenerator`]); its word width (64 bits, or MT19937's 32)
/// sets how many raw steps a double takes. The numpy GENs are its members.
///
/// ```
/// use rngkit::family::DrawFamily;
/// use rngkit::runtimes::numpy::{Buffered, NumpyGenerator};
/// use rngkit::runtimes::pcg64::Pcg64;
///
/// let draws = <NumpyGenerator as DrawFamily<Buffered<Pcg64>>>::draws(NumpyGenerator);
/// assert!(draws.iter().any(|d| d.syntax == "integers LOW HIGH"));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NumpyGenerator;

crate::family::family_of_fns!(
    impl[WordRng + BitGenerator] NumpyGenerator, GeneratorDraw,
    draw_infos, parse_generator, eval_generator, steps_generator, known_generator,
    {
        fn idioms(self) -> &'static [crate::token::Idiom] {
            use crate::token::Idiom;
            &[Idiom {
                name: "integers",
                call: "''.join(ALPHABET[i] for i in rng.integers(0, n, LENGTH)): integers(0, n) a character",
                pick: "integers 0 {n}",
                first: 0,
            }]
        }

        fn bare_draws(self) -> &'static [BareDraw] {
            &[BareDraw {
                draw: "random",
                yields: Yields::Unit { bits: 53 },
            }]
        }
    }
);

// ----------------------------------------------------------- the GENs

/// The seed's `SeedSequence`: numpy takes any non-negative integer.
///
/// # Errors
/// numpy's `ValueError` for a negative seed.
pub fn seed_sequence(seed: &Seed) -> Result<SeedSequence, SeedError> {
    if seed.is_negative() {
        return Err(SeedError(format!(
            "numpy seeds must be non-negative integers (SeedSequence: ValueError: expected non-negative integer), got {seed}"
        )));
    }
    Ok(SeedSequence::from_limbs(seed.limbs()))
}

const SEED_DOC: &str = "SeedSequence(S) (S any non-negative integer: its 32-bit words, low first, hashed into a 4-word pool), whose generate_state gives the state words";
const VERSIONS: &str = "numpy 2.4.6 (verified; the sources read keep these streams since numpy 1.17, PCG64DXSM since 1.21, not run). Oracle: numpy 2.4.6 from PyPI run as a process, 10 seeds x 1000 values of every draw, interleaved streams, 100 000 normals and exponentials";

macro_rules! numpy_gen {
    ($(#[$doc:meta])* $gen:ident, $rng:ty, $name:literal, $aliases:expr, $summary:literal, $state:literal, |$ss:ident| $make:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $gen;

        impl Member for $gen {
            type Rng = $rng;
            type Family = NumpyGenerator;
            const FAMILY: NumpyGenerator = NumpyGenerator;

            const INFO: GenInfo = GenInfo {
                name: $name,
                aliases: $aliases,
                summary: $summary,
                seed_kind: SeedKind::Unbounded,
                seed_doc: SEED_DOC,
                state_doc: $state,
                has_stream: false,
                versions: VERSIONS,
            };

            fn seed(seed: &Seed, _: &SeedOptions) -> Result<$rng, SeedError> {
                let $ss = seed_sequence(seed)?;
                Ok($make)
            }
        }
    };
}

numpy_gen!(
    /// The `numpy` GEN: `np.random.default_rng(S)`, a `Generator` over
    /// `PCG64` (PCG XSL RR 128/64).
    NumpyGen,
    Buffered<Pcg64>,
    "numpy",
    &["numpy-pcg64", "default-rng"],
    "numpy's np.random.default_rng(S): Generator over PCG64",
    "6 words of 64 bits: state hi, state lo, increment hi, increment lo, has_uint32, uinteger (bit_generator.state)",
    |ss| Buffered::new(Pcg64::from_numpy_seed(&ss.generate_state_u64(4)))
);

numpy_gen!(
    /// The `numpy-pcg64dxsm` GEN: `Generator(PCG64DXSM(S))`.
    NumpyPcg64DxsmGen,
    Buffered<Pcg64Dxsm>,
    "numpy-pcg64dxsm",
    &["numpy-dxsm"],
    "numpy's Generator(PCG64DXSM(S))",
    "6 words of 64 bits: state hi, state lo, increment hi, increment lo, has_uint32, uinteger (bit_generator.state)",
    |ss| Buffered::new(Pcg64Dxsm::from_numpy_seed(&ss.generate_state_u64(4)))
);

numpy_gen!(
    /// The `numpy-philox` GEN: `Generator(Philox(S))`, Philox4x64-10.
    NumpyPhiloxGen,
    Buffered<Philox4x64>,
    "numpy-philox",
    &[],
    "numpy's Generator(Philox(S)): Philox4x64-10",
    "9 words of 64 bits: counter[0..4] (low first), key[0..2], buffer_pos (0 to 4), has_uint32, uinteger (bit_generator.state; the buffer follows from counter and key)",
    |ss| Buffered::new(Philox4x64::from_numpy_seed(&ss.generate_state_u64(2)))
);

numpy_gen!(
    /// The `numpy-sfc64` GEN: `Generator(SFC64(S))`.
    NumpySfc64Gen,
    Buffered<Sfc64>,
    "numpy-sfc64",
    &[],
    "numpy's Generator(SFC64(S))",
    "6 words of 64 bits: s[0] s[1] s[2], the counter s[3], has_uint32, uinteger (bit_generator.state)",
    |ss| Buffered::new(Sfc64::from_numpy_seed(&ss.generate_state_u64(3)))
);

numpy_gen!(
    /// The `numpy-mt19937` GEN: `Generator(MT19937(S))`.
    NumpyMt19937Gen,
    Mt19937,
    "numpy-mt19937",
    &[],
    "numpy's Generator(MT19937(S))",
    "625 words of 32 bits: `left`, then mt[0..624] (untempered); numpy's pos is 624 - left, and seeding leaves left = 1",
    |ss| mt19937_from_numpy_seed(&ss.generate_state_u32(624))
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_sequence_matches_numpy() {
        // numpy 2.4.6: np.random.SeedSequence(0).generate_state(4, np.uint64)
        let ss = SeedSequence::from_limbs(&[]);
        assert_eq!(
            ss.generate_state_u64(4),
            [
                15793235383387715774,
                12390638538380655177,
                2361836109651742017,
                3188717715514472916
            ]
        );
    }

    #[test]
    fn default_rng_42_state() {
        // numpy 2.4.6: np.random.default_rng(42).bit_generator.state
        let ss = SeedSequence::from_limbs(&[42]);
        let p = Pcg64::from_numpy_seed(&ss.generate_state_u64(4));
        assert_eq!(p.state(), 274674114334540486603088602300644985544);
        assert_eq!(p.increment(), 332724090758049132448979897138935081983);
    }

    #[test]
    fn draw_errors_are_messages() {
        assert!(parse_generator("integers", &["5", "5"]).is_err());
        assert!(parse_generator("integers", &["0", "9223372036854775809"]).is_err());
        assert!(parse_generator("choice", &["0"]).is_err());
        assert!(parse_generator("normal", &["0", "-1"]).is_err());
        assert!(parse_generator("uniform", &["1"]).is_err());
        assert!(matches!(
            parse_generator("integers", &["-9223372036854775808", "9223372036854775808"]),
            Ok(Some(_))
        ));
    }

    #[test]
    fn bounded_full_range() {
        let mut rng = Buffered::new(Pcg64::setseq(3, 4));
        let mut copy = rng.clone();
        let v = integers(&mut rng, i64::MIN, 1 << 63);
        assert_eq!(v, copy.next_uint64().wrapping_add(i64::MIN as u64) as i64);
    }
}
