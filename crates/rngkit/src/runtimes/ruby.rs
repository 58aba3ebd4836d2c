//! Ruby's `Random` (`random.c`, Ruby 3.x), bit for bit: `Random.new(S)`,
//! `rand`, `rand(N)`, `rand(X)`, `rand(A..B)` and `bytes(N)`.
//!
//! The generator is the plain [`Mt19937`] (one raw step is one
//! `genrand_int32()`), so a Ruby state is an `mt19937` state; Ruby's
//! `Random#left` counts one more than our `left` (its `genrand_int32`
//! decrements before reading).
//!
//! Seeding (`rand_init` and `rand_mt_init`): the 32-bit words of `abs(S)`,
//! least significant first; when there are two or more and the top word is
//! exactly 1 it is dropped (the "leading-zero guard" that `Random.new_seed`
//! adds); then one word is `init_genrand(word)` and more are
//! `init_by_array`. So `Random.new(2**32 + 5)` is `Random.new(5)`.
//!
//! ```
//! use rngkit::runtimes::ruby;
//! use rngkit::number::BigInt;
//!
//! // Random.new(1234): rand, rand(10) (Ruby's own documentation example).
//! let mut rng = ruby::seed(&BigInt::from(1234));
//! assert_eq!(ruby::rand(&mut rng), 0.1915194503788923);
//! assert_eq!(ruby::rand_int(&mut rng, 10), 6);
//! ```

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue, no_args, one, two};
use crate::generators::Mt19937;
use crate::number::{BigInt, parse_f64, parse_int};
use crate::observe::{KnownBits, ObservedValue};
use crate::rand_core::Rng;
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};
use crate::runtimes::python::res53_known;

/// The largest `N` of `bytes N`.
pub const MAX_BYTES: u64 = 1 << 20;

/// `Random.new(S)` (and `srand(S)`) for an integer of any size.
///
/// ```
/// use rngkit::runtimes::ruby;
/// use rngkit::number::BigInt;
///
/// let guarded = BigInt::from((1u64 << 32) + 5);
/// assert_eq!(ruby::seed(&guarded), ruby::seed(&BigInt::from(5)));
/// assert_eq!(ruby::seed(&BigInt::from(-7)), ruby::seed(&BigInt::from(7)));
/// ```
pub fn seed(seed: &BigInt) -> Mt19937 {
    let key = seed.limbs();
    let mut len = key.len();
    if len > 1 && key[len - 1] == 1 {
        len -= 1;
    }
    if len <= 1 {
        Mt19937::new(key.first().copied().unwrap_or(0))
    } else {
        Mt19937::init_by_array(&key[..len])
    }
}

/// `Random#rand` without an argument: `genrand_res53` (two words).
pub fn rand<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    crate::runtimes::python::random(rng)
}

/// `limited_rand(limit)`: an integer in `0..=limit` from the low bits of
/// words under a mask, retried while above `limit`; no word for `limit == 0`.
/// A limit above 32 bits takes the high word first and restarts as soon as
/// the value so far exceeds the limit (`limited_big_rand` draws the same).
///
/// ```
/// use rngkit::runtimes::ruby;
/// use rngkit::number::BigInt;
///
/// let mut rng = ruby::seed(&BigInt::from(1));
/// let before = rng.clone();
/// assert_eq!(ruby::limited_rand(&mut rng, 0), 0);
/// assert_eq!(rng, before); // no word consumed
/// ```
pub fn limited_rand<R: Rng + ?Sized>(rng: &mut R, limit: u64) -> u64 {
    if limit == 0 {
        return 0;
    }
    let mask = u64::MAX >> limit.leading_zeros();
    if limit > 0xffff_ffff {
        'retry: loop {
            let mut val = 0u64;
            for i in [1u32, 0] {
                if (mask >> (32 * i)) & 0xffff_ffff != 0 {
                    val |= u64::from(rng.next_u32()) << (32 * i);
                    val &= mask;
                    if limit < val {
                        continue 'retry;
                    }
                }
            }
            return val;
        }
    }
    loop {
        let val = u64::from(rng.next_u32()) & mask;
        if val <= limit {
            return val;
        }
    }
}

/// `Random#rand(n)` for an integer `n >= 1`: `limited_rand(n - 1)`.
///
/// # Panics
/// When `n == 0` (Ruby raises `ArgumentError`).
pub fn rand_int<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    assert!(n > 0, "rand(0) is an ArgumentError in Ruby");
    limited_rand(rng, n - 1)
}

/// `Random#rand(x)` for a float `x >= 0`: `x * rand`; `rand(0.0)` is a
/// plain `rand` (Ruby does not scale by zero).
pub fn rand_float<R: Rng + ?Sized>(rng: &mut R, x: f64) -> f64 {
    let r = rand(rng);
    if x > 0.0 { r * x } else { r }
}

/// `Random#rand(a..b)` for integers `a <= b`: `a + limited_rand(b - a)`.
///
/// # Panics
/// When `a > b` (Ruby raises `ArgumentError`).
pub fn rand_range<R: Rng + ?Sized>(rng: &mut R, a: i64, b: i64) -> i64 {
    assert!(a <= b, "rand(a..b) with a > b is an ArgumentError in Ruby");
    let span = (i128::from(b) - i128::from(a)) as u64;
    (i128::from(a) + i128::from(limited_rand(rng, span))) as i64
}

/// `Random#bytes(n)`: each word gives 4 bytes, least significant first; a
/// final partial group takes the low bytes of one more word.
///
/// ```
/// use rngkit::runtimes::ruby;
/// use rngkit::number::BigInt;
///
/// // Random.new(1234).bytes(5).unpack1("H*")
/// let mut rng = ruby::seed(&BigInt::from(1234));
/// assert_eq!(ruby::bytes(&mut rng, 5), [0x2f, 0x6b, 0x07, 0x31, 0xd3]);
/// ```
pub fn bytes<R: Rng + ?Sized>(rng: &mut R, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let word = rng.next_u32().to_le_bytes();
        let take = (n - out.len()).min(4);
        out.extend_from_slice(&word[..take]);
    }
    out
}

/// The `ruby` GEN: Ruby's `Random`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::ruby::RubyGen;
///
/// let ruby = of::<RubyGen>();
/// let mut rng = ruby.seed(&Seed::from(1234), &Default::default()).unwrap();
/// let rand = ruby.parse_draw("rand", &[]).unwrap();
/// assert_eq!(rand.eval(&mut rng).format(false), "0.1915194503788923");
/// assert!(ruby.parse_draw("rand-int", &["0"]).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RubyGen;

/// A parsed `ruby` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum RubyDraw {
    /// `rand`.
    Rand,
    /// `rand-int N`: `rand(N)`, `N >= 1`.
    RandInt(u64),
    /// `rand-float X`: `rand(X)` with a float `X >= 0`.
    RandFloat(f64),
    /// `rand-range A B`: `rand(A..B)`, `A <= B`.
    RandRange(i64, i64),
    /// `bytes N`.
    Bytes(u64),
}

/// Raw steps and known bits of `limited_rand(limit)` from its result, when
/// it never retries (`limit + 1` a power of two, or zero).
fn limited_fixed(limit: u64) -> Option<u64> {
    if limit == 0 {
        Some(0)
    } else if limit.wrapping_add(1) & limit != 0 {
        None
    } else if limit > 0xffff_ffff {
        Some(2)
    } else {
        Some(1)
    }
}

/// Known bits of the words behind `limited_rand(limit) == v`.
fn limited_known(limit: u64, v: u64) -> Option<Vec<KnownBits>> {
    if v > limit {
        return None;
    }
    Some(match limited_fixed(limit) {
        Some(0) | None => Vec::new(),
        Some(1) => vec![KnownBits::new(limit, v)],
        // The high word first, masked; then the low word whole.
        _ => vec![
            KnownBits::new(limit >> 32, v >> 32),
            KnownBits::new(0xffff_ffff, v & 0xffff_ffff),
        ],
    })
}

impl crate::registry::Gen for RubyGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        &[crate::token::Idiom {
            name: "sample",
            call: "Array.new(LENGTH) { ALPHABET.chars.sample } (or sample(random: r)): rand(n) a character, masked words redrawn at or above n",
            pick: "rand-int {n}",
            first: 0,
        }]
    }

    type Rng = Mt19937;
    type Draw = RubyDraw;

    const INFO: GenInfo = GenInfo {
        name: "ruby",
        aliases: &["ruby-random"],
        summary: "Ruby's Random (MT19937, random.c)",
        seed_kind: SeedKind::Unbounded,
        seed_doc: "Random.new(S), any integer: the 32-bit words of abs(S) (a top word 1 dropped); one word: init_genrand, more: init_by_array",
        state_doc: "625 words of 32 bits: `left` (Random#left minus 1), then mt[0..624], as mt19937",
        has_stream: false,
        versions: "Ruby 3.x random.c (rand_init, limited_rand, rb_rand_bytes_int32); verified against Ruby 3.1.2 (tests/runtime_ruby.rs)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Mt19937, SeedError> {
        Ok(self::seed(seed))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[crate::registry::BareDraw {
            draw: "rand",
            yields: crate::registry::Yields::Unit { bits: 53 },
        }]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "rand",
                help: "Random#rand: 53-bit float in [0, 1) (2 steps)",
            },
            DrawInfo {
                syntax: "rand-int N",
                help: "Random#rand(N), integer N >= 1: masked words, retried above N - 1 (fixed steps when N is a power of two, else variable)",
            },
            DrawInfo {
                syntax: "rand-float X",
                help: "Random#rand(X), float X >= 0: X * rand (rand(0.0) is rand) (2 steps)",
            },
            DrawInfo {
                syntax: "rand-range A B",
                help: "Random#rand(A..B), A <= B, both included (fixed steps when B - A + 1 is a power of two, else variable)",
            },
            DrawInfo {
                syntax: "bytes N",
                help: "Random#bytes(N), printed as hex (ceil(N/4) steps)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<RubyDraw>, DrawError> {
        let draw = match name {
            "rand" => return no_args(RubyDraw::Rand, name, args),
            "rand-int" => {
                let n = one("rand-int N", args, parse_int::<u64>)?;
                if n == 0 {
                    return Err(DrawError::Invalid(
                        "invalid argument - 0: `rand-int N` needs N >= 1".into(),
                    ));
                }
                RubyDraw::RandInt(n)
            }
            "rand-float" => {
                let x = one("rand-float X", args, parse_f64)?;
                if x < 0.0 {
                    return Err(DrawError::Invalid(format!(
                        "invalid argument - {x:?}: `rand-float X` needs X >= 0"
                    )));
                }
                RubyDraw::RandFloat(x)
            }
            "rand-range" => {
                let (a, b) = two("rand-range A B", args, parse_int::<i64>)?;
                if a > b {
                    return Err(DrawError::Invalid(format!(
                        "invalid argument - {a}..{b}: `rand-range A B` needs A <= B"
                    )));
                }
                RubyDraw::RandRange(a, b)
            }
            "bytes" => {
                let n = one("bytes N", args, parse_int::<u64>)?;
                if n > MAX_BYTES {
                    return Err(DrawError::Invalid(format!(
                        "`bytes N` takes N up to {MAX_BYTES}, got {n}"
                    )));
                }
                RubyDraw::Bytes(n)
            }
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(draw: &RubyDraw, rng: &mut Mt19937) -> DrawValue {
        match *draw {
            RubyDraw::Rand => DrawValue::F64(rand(rng)),
            RubyDraw::RandInt(n) => DrawValue::U64(rand_int(rng, n)),
            RubyDraw::RandFloat(x) => DrawValue::F64(rand_float(rng, x)),
            RubyDraw::RandRange(a, b) => DrawValue::I64(rand_range(rng, a, b)),
            RubyDraw::Bytes(n) => DrawValue::Bytes(bytes(rng, n as usize)),
        }
    }

    fn steps(draw: &RubyDraw) -> Steps {
        let limited = |limit: u64| limited_fixed(limit).map_or(Steps::Variable, Steps::Fixed);
        match *draw {
            RubyDraw::Rand | RubyDraw::RandFloat(_) => Steps::Fixed(2),
            RubyDraw::RandInt(n) => limited(n - 1),
            RubyDraw::RandRange(a, b) => limited((i128::from(b) - i128::from(a)) as u64),
            RubyDraw::Bytes(n) => Steps::Fixed(n.div_ceil(4)),
        }
    }

    fn known_bits(draw: &RubyDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            RubyDraw::Rand => res53_known(value, |k| k as f64 * (1.0 / 9_007_199_254_740_992.0)),
            RubyDraw::RandFloat(x) => res53_known(value, |k| {
                let r = k as f64 * (1.0 / 9_007_199_254_740_992.0);
                if x > 0.0 { r * x } else { r }
            }),
            RubyDraw::RandInt(n) => limited_known(n - 1, value.as_u64()?),
            RubyDraw::RandRange(a, b) => {
                let v = value.as_i64()?;
                if v < a {
                    return None;
                }
                let span = (i128::from(b) - i128::from(a)) as u64;
                limited_known(span, (i128::from(v) - i128::from(a)) as u64)
            }
            RubyDraw::Bytes(n) => bytes_known(n, value),
        }
    }
}

/// Known bits of the words behind `bytes(n)` printed as hex.
fn bytes_known(n: u64, value: &ObservedValue) -> Option<Vec<KnownBits>> {
    let text = value.text();
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    if digits.len() as u64 != 2 * n || !digits.is_ascii() {
        return None;
    }
    let bytes: Vec<u8> = digits
        .as_bytes()
        .chunks(2)
        .map(|pair| {
            core::str::from_utf8(pair)
                .ok()
                .and_then(|p| u8::from_str_radix(p, 16).ok())
        })
        .collect::<Option<_>>()?;
    Some(crate::observe::le_words_known(&bytes, 4))
}
