//! libGDX's `com.badlogic.gdx.math.RandomXS128`: xorshift128+ (the shifts
//! 23, 17, 26 of V8 and SpiderMonkey, the same [`Xorshift128Plus`]) with
//! libGDX's own seeding and output mappings, written from libGDX's
//! `gdx/src/com/badlogic/gdx/math/RandomXS128.java`.
//!
//! * `setSeed(seed)` (and `new RandomXS128(seed)`): `seed0 =
//!   murmurHash3(seed == 0 ? Long.MIN_VALUE : seed)`, `seed1 =
//!   murmurHash3(seed0)`, where `murmurHash3` is MurmurHash3's 64-bit
//!   finalizer (`fmix64`). `new RandomXS128(seed0, seed1)` and
//!   `setState(seed0, seed1)` set the two words as they are.
//! * `nextLong()`: one xorshift128+ step; the output is the sum of the two
//!   new words (`seed1 + seed0`). Every other method takes its value from
//!   `nextLong()`:
//! * `nextInt()`: its low 32 bits; `nextBoolean()`: its bit 0;
//!   `nextDouble()`: `(nextLong() >>> 11) * 2^-53`; `nextFloat()`:
//!   `(float)((nextLong() >>> 40) * 2^-24)`;
//! * `nextLong(n)`, `n > 0`: `bits = nextLong() >>> 1`, `value = bits % n`,
//!   drawn again while `bits - value + (n - 1)` overflows (never for a power
//!   of two; `nextInt(n)` is `(int) nextLong(n)`);
//! * `nextBytes(bytes)`: fills the array from its end, 8 bytes a
//!   `nextLong()`, each output's low byte last-placed first
//!   (`bytes[--i] = (byte) bits; bits >>= 8`).
//!
//! One raw step is one `nextLong()`. The expected values below come from an
//! independent reference, a Java program written from the class's methods
//! (the libGDX jar is not installable here), run by the test
//! `tests/runtime_libgdx.rs` on 10 seeds x 1000 values per draw.
//!
//! ```
//! use rngkit::runtimes::libgdx::RandomXs128;
//!
//! let mut rng = RandomXs128::new(1);
//! let first = rng.clone().next_long();
//! assert_eq!(rng.next_int(), first as i32);
//! ```

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{
    BareDraw, DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps, Yields,
};
use crate::runtimes::java::{float24_known, parse_byte_count};
use crate::runtimes::javascript::{Xorshift128Plus, murmur_hash3_fmix64};
use crate::runtimes::python::top53_double_known;

/// `RandomXS128`'s methods over a [`Xorshift128Plus`] state (`seed0` is
/// `s0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomXs128 {
    rng: Xorshift128Plus,
}

impl RandomXs128 {
    /// `new RandomXS128(seed)`: [`set_seed`].
    pub fn new(seed: i64) -> Self {
        RandomXs128 {
            rng: set_seed(seed),
        }
    }

    /// The generator underneath.
    pub const fn generator(&self) -> &Xorshift128Plus {
        &self.rng
    }

    /// `nextLong()`.
    pub fn next_long(&mut self) -> i64 {
        self.rng.next_output() as i64
    }

    /// `nextInt()`: the low 32 bits of `nextLong()`.
    pub fn next_int(&mut self) -> i32 {
        self.rng.next_output() as i32
    }

    /// `nextLong(n)`, `n > 0` (the caller checks; libGDX throws).
    pub fn next_long_n(&mut self, n: i64) -> i64 {
        next_long_n(&mut self.rng, n)
    }

    /// `nextDouble()`.
    pub fn next_double(&mut self) -> f64 {
        double_of(self.rng.next_output())
    }

    /// `nextFloat()`.
    pub fn next_float(&mut self) -> f32 {
        float_of(self.rng.next_output())
    }

    /// `nextBoolean()`: bit 0 of `nextLong()`.
    pub fn next_boolean(&mut self) -> bool {
        self.rng.next_output() & 1 == 1
    }

    /// `nextBytes(bytes)`: filled from the end.
    ///
    /// ```
    /// use rngkit::runtimes::libgdx::RandomXs128;
    ///
    /// let mut a = RandomXs128::new(7);
    /// let word = a.clone().next_long().to_le_bytes();
    /// let mut bytes = [0u8; 3];
    /// a.next_bytes(&mut bytes);
    /// // The low byte goes last, the next one before it.
    /// assert_eq!(bytes, [word[2], word[1], word[0]]);
    /// ```
    pub fn next_bytes(&mut self, bytes: &mut [u8]) {
        next_bytes(&mut self.rng, bytes);
    }
}

/// `setSeed(seed)`: `seed0 = fmix64(seed == 0 ? Long.MIN_VALUE : seed)`,
/// `seed1 = fmix64(seed0)`. No seed gives the all-zero state (`fmix64` is a
/// bijection fixing only 0, and its input is never 0).
///
/// ```
/// use rngkit::runtimes::libgdx::set_seed;
/// assert_eq!(set_seed(0), set_seed(i64::MIN));
/// ```
pub fn set_seed(seed: i64) -> Xorshift128Plus {
    let seed = if seed == 0 { i64::MIN } else { seed };
    let seed0 = murmur_hash3_fmix64(seed as u64);
    Xorshift128Plus::from_state([seed0, murmur_hash3_fmix64(seed0)])
        .expect("fmix64 of a nonzero value is nonzero")
}

fn next_long_n(rng: &mut Xorshift128Plus, n: i64) -> i64 {
    loop {
        let bits = (rng.next_output() >> 1) as i64;
        let value = bits % n;
        if bits.wrapping_sub(value).wrapping_add(n - 1) >= 0 {
            return value;
        }
    }
}

fn double_of(word: u64) -> f64 {
    (word >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
}

fn float_of(word: u64) -> f32 {
    ((word >> 40) as f64 * (1.0 / 16_777_216.0)) as f32
}

fn next_bytes(rng: &mut Xorshift128Plus, bytes: &mut [u8]) {
    let mut i = bytes.len();
    while i != 0 {
        let n = i.min(8);
        let mut bits = rng.next_output();
        for _ in 0..n {
            i -= 1;
            bytes[i] = bits as u8;
            bits >>= 8;
        }
    }
}

/// The `libgdx` GEN: `RandomXS128`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::libgdx::{LibgdxGen, RandomXs128};
///
/// let g = of::<LibgdxGen>();
/// let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
/// // The Java reference of the class: new RandomXS128(42), then nextLong(),
/// // nextDouble(), nextInt().
/// let d = g.parse_draw("next-long", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "3553440125194606449");
/// let d = g.parse_draw("next-double", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "0.8996939543350448");
/// let d = g.parse_draw("next-int", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "-1848484490");
/// assert_eq!(RandomXs128::new(42).next_long(), 3553440125194606449);
/// assert!(g.parse_draw("next-int", &["0"]).is_err()); // libGDX throws
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LibgdxGen;

/// A parsed `libgdx` draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibgdxDraw {
    /// `nextLong()`.
    NextLong,
    /// `nextLong(n)`, `n > 0`.
    NextLongN(i64),
    /// `nextInt()`.
    NextInt,
    /// `nextInt(n)`, `n > 0`.
    NextIntN(i32),
    /// `nextDouble()`.
    NextDouble,
    /// `nextFloat()`.
    NextFloat,
    /// `nextBoolean()`.
    NextBoolean,
    /// `nextBytes(new byte[n])`.
    NextBytes(u32),
}

/// A positive bound, as libGDX checks it.
fn bound<T: crate::number::ParseableInt + PartialOrd + Default + core::fmt::Display>(
    syntax: &'static str,
    args: &[&str],
) -> Result<T, DrawError> {
    let n = crate::draw::one(syntax, args, parse_int::<T>)?;
    if n <= T::default() {
        return Err(DrawError::Invalid(format!(
            "`{syntax}` needs N > 0 (libGDX throws IllegalArgumentException: n must be positive), got {n}"
        )));
    }
    Ok(n)
}

/// Known bits of `nextLong(n)`'s word from its value: `value = (word >>>
/// 1) % n`, so the value's low `t` bits are those of `word >>> 1`, where
/// `n = 2^t * odd` (for a power of two, the whole value).
fn long_n_known(n: u64, value: u64) -> Option<Vec<KnownBits>> {
    if value >= n {
        return None;
    }
    let t = n.trailing_zeros();
    let mask = ((1u64 << t) - 1) << 1;
    Some(vec![KnownBits::new(mask, value << 1)])
}

impl Gen for LibgdxGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        super::java::NEXT_INT_IDIOMS
    }

    type Rng = Xorshift128Plus;
    type Draw = LibgdxDraw;

    const INFO: GenInfo = GenInfo {
        name: "libgdx",
        aliases: &["randomxs128", "gdx"],
        summary: "libGDX's com.badlogic.gdx.math.RandomXS128 (xorshift128+, MurmurHash3-seeded)",
        seed_kind: SeedKind::I64,
        seed_doc: "new RandomXS128(S) / setSeed(S), S a long: seed0 = fmix64(S, or Long.MIN_VALUE for 0), seed1 = fmix64(seed0)",
        state_doc: "2 words of 64 bits: seed0 seed1 (getState(0), getState(1); setState takes them), not both zero",
        has_stream: false,
        versions: "libGDX 1.x (RandomXS128.java as it stands in libGDX's repository; older releases not compared), read from the source; checked against an independent Java program written from the class, 10 seeds x 1000 values per draw (tests/runtime_libgdx.rs); the libGDX jar itself was not run",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Xorshift128Plus, SeedError> {
        Ok(set_seed(seed.low_u64() as i64))
    }

    /// Not `next-double`: a `nextDouble()` stream is exactly a `Math.random()`
    /// stream of V8's newest era (the same xorshift128+ and `(s0 + s1) >>
    /// 11` in step order), so bare doubles cannot tell the two apart and
    /// `detect` reads them as `v8`; `next-double = VALUE` lines name libgdx.
    fn bare_draws() -> &'static [BareDraw] {
        &[
            BareDraw {
                draw: "next-float",
                yields: Yields::Unit { bits: 24 },
            },
            BareDraw {
                draw: "next-long",
                yields: Yields::Int {
                    bits: 64,
                    signed: true,
                },
            },
        ]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "next-long",
                help: "nextLong(): the sum of the two new state words, a signed long (1 step)",
            },
            DrawInfo {
                syntax: "next-long N",
                help: "nextLong(n), N > 0 (also `next-long-n N`): (nextLong() >>> 1) % n, drawn again while the multiple of n below it overflows (1 step for a power of two, else variable: another once in 2^63 / n)",
            },
            DrawInfo {
                syntax: "next-int",
                help: "nextInt(): the low 32 bits of nextLong() (1 step)",
            },
            DrawInfo {
                syntax: "next-int N",
                help: "nextInt(n), N > 0 (also `next-int-n N`): (int) nextLong(n) (1 step for a power of two, else variable)",
            },
            DrawInfo {
                syntax: "next-double",
                help: "nextDouble(): (nextLong() >>> 11) * 2^-53 (1 step)",
            },
            DrawInfo {
                syntax: "next-float",
                help: "nextFloat(): (float)((nextLong() >>> 40) * 2^-24) (1 step)",
            },
            DrawInfo {
                syntax: "next-boolean",
                help: "nextBoolean(): bit 0 of nextLong() (1 step)",
            },
            DrawInfo {
                syntax: "next-bytes N",
                help: "nextBytes(new byte[N]) as hex: filled from the end, 8 bytes a nextLong(), its low byte placed last (ceil(N / 8) steps)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<LibgdxDraw>, DrawError> {
        let draw = match (name, args.len()) {
            ("next-long", 0) => LibgdxDraw::NextLong,
            ("next-long", _) => LibgdxDraw::NextLongN(bound::<i64>("next-long N", args)?),
            ("next-long-n", _) => LibgdxDraw::NextLongN(bound::<i64>("next-long-n N", args)?),
            ("next-int", 0) => LibgdxDraw::NextInt,
            ("next-int", _) => LibgdxDraw::NextIntN(bound::<i32>("next-int N", args)?),
            ("next-int-n", _) => LibgdxDraw::NextIntN(bound::<i32>("next-int-n N", args)?),
            ("next-double", _) => {
                crate::draw::expect_args("next-double", args)?;
                LibgdxDraw::NextDouble
            }
            ("next-float", _) => {
                crate::draw::expect_args("next-float", args)?;
                LibgdxDraw::NextFloat
            }
            ("next-boolean", _) => {
                crate::draw::expect_args("next-boolean", args)?;
                LibgdxDraw::NextBoolean
            }
            ("next-bytes", _) => LibgdxDraw::NextBytes(parse_byte_count("next-bytes N", args)?),
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(draw: &LibgdxDraw, rng: &mut Xorshift128Plus) -> DrawValue {
        match *draw {
            LibgdxDraw::NextLong => DrawValue::I64(rng.next_output() as i64),
            LibgdxDraw::NextLongN(n) => DrawValue::I64(next_long_n(rng, n.max(1))),
            LibgdxDraw::NextInt => DrawValue::I32(rng.next_output() as i32),
            LibgdxDraw::NextIntN(n) => DrawValue::I32(next_long_n(rng, i64::from(n.max(1))) as i32),
            LibgdxDraw::NextDouble => DrawValue::F64(double_of(rng.next_output())),
            LibgdxDraw::NextFloat => DrawValue::F32(float_of(rng.next_output())),
            LibgdxDraw::NextBoolean => DrawValue::Bool(rng.next_output() & 1 == 1),
            LibgdxDraw::NextBytes(n) => {
                let mut bytes = vec![0u8; n as usize];
                next_bytes(rng, &mut bytes);
                DrawValue::Bytes(bytes)
            }
        }
    }

    fn steps(draw: &LibgdxDraw) -> Steps {
        match *draw {
            LibgdxDraw::NextLongN(n) if !(n as u64).is_power_of_two() => Steps::Variable,
            LibgdxDraw::NextIntN(n) if !(n as u32).is_power_of_two() => Steps::Variable,
            LibgdxDraw::NextBytes(n) => Steps::Fixed(u64::from(n).div_ceil(8)),
            _ => Steps::Fixed(1),
        }
    }

    /// `next-long` the whole word, `next-int` its low 32 bits,
    /// `next-boolean` bit 0, `next-double` and `next-float` a prefix of the
    /// top 53 and 24 bits, `next-long N` / `next-int N` bits 1 to `t` where
    /// `2^t` divides `N` (a power of two `N` no other, as it is never drawn
    /// again; otherwise another draw, once in `2^63 / N`, would move them to
    /// a later word), `next-bytes` the bytes' words.
    fn known_bits(draw: &LibgdxDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            LibgdxDraw::NextLong => Some(vec![KnownBits::new(u64::MAX, value.as_i64()? as u64)]),
            LibgdxDraw::NextInt => Some(vec![KnownBits::new(
                0xffff_ffff,
                u64::from(value.as_i32()? as u32),
            )]),
            LibgdxDraw::NextBoolean => Some(vec![KnownBits::new(1, u64::from(value.as_bool()?))]),
            LibgdxDraw::NextLongN(n) => {
                let v = value.as_i64()?;
                if v < 0 {
                    return None;
                }
                long_n_known(n as u64, v as u64)
            }
            LibgdxDraw::NextIntN(n) => {
                let v = value.as_i32()?;
                if v < 0 {
                    return None;
                }
                long_n_known(n as u64, v as u64)
            }
            LibgdxDraw::NextDouble => Some(vec![top53_double_known(value)?]),
            LibgdxDraw::NextFloat => {
                let k = float24_known(value)?;
                Some(vec![KnownBits::new(k.mask << 40, k.value << 40)])
            }
            LibgdxDraw::NextBytes(n) => {
                let bytes = value.as_bytes()?;
                if bytes.len() != n as usize {
                    return None;
                }
                // Word j fills bytes[len - 8j - 1] down to bytes[len - 8j - m]
                // with its bytes 0, 1, ..., m - 1.
                let mut words = Vec::new();
                let mut i = bytes.len();
                while i != 0 {
                    let m = i.min(8);
                    let (mut mask, mut word) = (0u64, 0u64);
                    for b in 0..m {
                        mask |= 0xff << (8 * b);
                        word |= u64::from(bytes[i - 1 - b]) << (8 * b);
                    }
                    words.push(KnownBits::new(mask, word));
                    i -= m;
                }
                Some(words)
            }
        }
    }
}
