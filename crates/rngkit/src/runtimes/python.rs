//! CPython's `random` module: `random.seed`, the Mersenne Twister of
//! `Modules/_randommodule.c` and the draws of `Lib/random.py`, bit for bit.
//!
//! The generator is the plain [`Mt19937`]: `random.seed(S)` is
//! `init_by_array` over the 32-bit words of `abs(S)`, least significant
//! first (`[0]` for 0), and one raw step is one `genrand_uint32()`. So the
//! `python` GEN shares its generator type (and its 625 state words, `left`
//! then `mt[0..624]`) with `mt19937`: a state recovered from Python output
//! is an `mt19937` state. CPython's `getstate()` tuple is the same block with
//! `index = 624 - left`.
//!
//! The draws are the 3.2+ ones (`_randbelow_with_getrandbits`, unchanged
//! through 3.13); verified against CPython 3.11 in `tests/runtime_python.rs`.
//!
//! ```
//! use rngkit::runtimes::python;
//! use rngkit::number::BigInt;
//!
//! // random.seed(42); random.random(), random.randrange(10)
//! let mut rng = python::seed(&BigInt::from(42));
//! assert_eq!(python::random(&mut rng), 0.6394267984578837);
//! assert_eq!(python::randbelow(&mut rng, 10), 0);
//! ```
//!
//! `gauss` keeps a cached second value (`gauss_next`) in the `Random`
//! object, which is state beyond the Twister. The `python` GEN keeps the
//! plain [`Mt19937`] as its state (so that recovery and jumps work on it),
//! and its `gauss` draw is a call with an empty cache: it consumes four words
//! and returns the first value of the pair. That is exact for the first
//! `gauss` after `seed`, and a run of `gauss` draws gives CPython's 1st, 3rd,
//! 5th... values of a run of `gauss` calls (the even ones come from the
//! cache and consume no words); [`gauss_pair`] gives both.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue, expect_args, no_args, one, two};
use crate::generators::Mt19937;
use crate::number::{BigInt, parse_f64, parse_int};
use crate::observe::{KnownBits, ObservedValue};
use crate::rand_core::Rng;
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};

/// `2 * pi`, as `random.py`'s `TWOPI = 2.0 * _pi`.
const TWOPI: f64 = 2.0 * core::f64::consts::PI;

/// The largest `K` the `getrandbits K` draw takes (CPython takes any C
/// `int`; a larger result is not useful to print).
pub const MAX_GETRANDBITS: u32 = 1 << 16;

/// The largest `N` of `shuffle N` and `K` of `sample N K` (the output is a
/// list of that many integers).
pub const MAX_LIST: u64 = 1 << 20;

/// `random.seed(S)` for an integer `S` of any size: `init_by_array` over the
/// 32-bit words of `abs(S)`, least significant first; the seed 0 gives the
/// key `[0]`. `random.Random(S)` is the same.
///
/// ```
/// use rngkit::runtimes::python;
/// use rngkit::number::BigInt;
///
/// // The sign is dropped: random.seed(-5) == random.seed(5).
/// assert_eq!(python::seed(&BigInt::from(-5)), python::seed(&BigInt::from(5)));
/// ```
pub fn seed(seed: &BigInt) -> Mt19937 {
    Mt19937::init_by_array(seed.limbs())
}

/// `random.seed(TEXT)` (version 2, the default since 3.2): the integer whose
/// big-endian bytes are the UTF-8 bytes of `TEXT` followed by their SHA-512
/// digest, then [`seed`].
///
/// ```
/// use rngkit::runtimes::python;
///
/// // random.seed("hello"); random.random()
/// let mut rng = python::seed_str("hello");
/// assert_eq!(python::random(&mut rng), 0.3537754404730722);
/// ```
pub fn seed_str(text: &str) -> Mt19937 {
    let mut bytes = Vec::from(text.as_bytes());
    bytes.extend_from_slice(&sha512(text.as_bytes()));
    // Big-endian bytes to little-endian 32-bit limbs.
    let limbs: Vec<u32> = bytes
        .rchunks(4)
        .map(|chunk| chunk.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b)))
        .collect();
    seed(&BigInt::from_limbs(false, &limbs))
}

/// `random.random()`: `genrand_res53`, `(a >> 5) * 2^26 + (b >> 6)` over
/// `2^53` with `a` the first of two words. Two raw steps.
pub fn random<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    res53(random_bits53(rng))
}

/// The 53-bit integer `k` of one `random()` (which returns `k / 2^53`):
/// the top 27 bits of one word and the top 26 of the next.
fn random_bits53<R: Rng + ?Sized>(rng: &mut R) -> u64 {
    let a = rng.next_u32() >> 5;
    let b = rng.next_u32() >> 6;
    u64::from(a) << 26 | u64::from(b)
}

/// The double `k / 2^53` (exact for `k < 2^53`).
#[inline]
fn res53(k: u64) -> f64 {
    k as f64 * (1.0 / 9_007_199_254_740_992.0)
}

/// `random.getrandbits(k)` for `k <= 128`: one word for `k <= 32` (its top
/// `k` bits), else `ceil(k / 32)` words, least significant word first, the
/// last one keeping its top `k mod 32` bits.
///
/// # Panics
/// When `k > 128` (use [`getrandbits`]).
pub fn getrandbits_u128<R: Rng + ?Sized>(rng: &mut R, k: u32) -> u128 {
    assert!(k <= 128, "getrandbits_u128 takes k <= 128");
    if k == 0 {
        return 0;
    }
    if k <= 32 {
        return u128::from(rng.next_u32() >> (32 - k));
    }
    let mut value = 0u128;
    let mut left = k;
    let mut shift = 0;
    while left > 0 {
        let mut r = rng.next_u32();
        if left < 32 {
            r >>= 32 - left;
        }
        value |= u128::from(r) << shift;
        shift += 32;
        left = left.saturating_sub(32);
    }
    value
}

/// `random.getrandbits(k)` for any `k` (0 gives 0, as 3.9+).
///
/// ```
/// use rngkit::runtimes::python;
/// use rngkit::number::BigInt;
///
/// // random.seed(1); random.getrandbits(100)
/// let mut rng = python::seed(&BigInt::from(1));
/// assert_eq!(python::getrandbits(&mut rng, 100).to_string(), "1017878568110080782349472477685");
/// ```
pub fn getrandbits<R: Rng + ?Sized>(rng: &mut R, k: u32) -> BigInt {
    let words = k.div_ceil(32);
    let limbs: Vec<u32> = (0..words)
        .map(|i| {
            let r = rng.next_u32();
            let bits = k - 32 * i;
            if bits < 32 { r >> (32 - bits) } else { r }
        })
        .collect();
    BigInt::from_limbs(false, &limbs)
}

/// `_randbelow(n)`: `getrandbits(n.bit_length())` until below `n`.
///
/// Note that `n.bit_length()` is one more than the bits `n - 1` needs when
/// `n` is a power of two: every `n` rejects sometimes (`n = 2^j` half the
/// time), so the number of words is never fixed.
///
/// # Panics
/// When `n == 0` or `n > 2^127`.
pub fn randbelow<R: Rng + ?Sized>(rng: &mut R, n: u128) -> u128 {
    assert!(n > 0 && n <= 1 << 127, "randbelow needs 0 < n <= 2^127");
    let k = 128 - n.leading_zeros();
    loop {
        let r = getrandbits_u128(rng, k);
        if r < n {
            return r;
        }
    }
}

/// The rejection probability, as a power of two, below which
/// [`redraw_negligible`] reads a `_randbelow(n)` value as a single draw:
/// `2^-20`, so that 624 values hold a redraw less than once in 1600 runs.
pub const NEGLIGIBLE_REDRAW_LOG2: u32 = 20;

/// Whether `_randbelow(n)` redraws with a probability below
/// `2^-NEGLIGIBLE_REDRAW_LOG2`: `(2^k - n) / 2^k` with `k = n.bit_length()`.
/// Then its value almost surely is the first `getrandbits(k)`, whose bits
/// it shows exactly (`randint(0, 2**32 - 2)`: `n = 2^32 - 1`, a redraw once
/// in 2^32). A power of two redraws half the time.
///
/// ```
/// use rngkit::runtimes::python::redraw_negligible;
///
/// assert!(redraw_negligible((1 << 32) - 1)); // randint(0, 4294967294)
/// assert!(redraw_negligible((1 << 40) - 1000));
/// assert!(!redraw_negligible(6)); // randint(1, 6): a redraw 1 time in 4
/// assert!(!redraw_negligible(1 << 31)); // k = 32: half the words redraw
/// ```
pub fn redraw_negligible(n: u128) -> bool {
    if n == 0 || n > 1 << 127 {
        return false;
    }
    let k = 128 - n.leading_zeros();
    // 2^k - n < 2^(k - 20), with k <= 128 (n < 2^k).
    let rejected = (u128::MAX >> (128 - k)) - n + 1;
    k > NEGLIGIBLE_REDRAW_LOG2 && rejected < 1u128 << (k - NEGLIGIBLE_REDRAW_LOG2)
}

/// `range(start, stop, step)` as `randrange` sees it: the first value, the
/// step and the number of values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PyRange {
    /// The first value.
    pub start: i128,
    /// The step (non-zero).
    pub step: i128,
    /// How many values (positive, at most `2^64`).
    pub len: u128,
}

impl PyRange {
    /// `randrange(start, stop, step)`'s checks: `ValueError` cases become
    /// messages.
    ///
    /// # Errors
    /// CPython's messages for a zero step and an empty range.
    pub fn new(start: i64, stop: i64, step: i64) -> Result<PyRange, alloc::string::String> {
        let (start, stop, step) = (i128::from(start), i128::from(stop), i128::from(step));
        let width = stop - start;
        let len = match step {
            0 => return Err("zero step for randrange(): STEP must be non-zero".into()),
            1 => width,
            s if s > 0 => floor_div(width + s - 1, s),
            s => floor_div(width + s + 1, s),
        };
        if len <= 0 {
            return Err(format!(
                "empty range for randrange() ({start}, {stop}, {step}): needs at least one value"
            ));
        }
        Ok(PyRange {
            start,
            step,
            len: len as u128,
        })
    }

    /// The value at index `i`.
    pub fn at(&self, i: u128) -> i64 {
        (self.start + self.step * i as i128) as i64
    }

    /// The index of `v`, when `v` is in the range.
    pub fn index_of(&self, v: i64) -> Option<u128> {
        let offset = i128::from(v) - self.start;
        if offset % self.step != 0 {
            return None;
        }
        let i = offset / self.step;
        (i >= 0 && (i as u128) < self.len).then_some(i as u128)
    }
}

/// Python's `//` on integers.
fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `random.randrange(...)` on a checked range.
///
/// ```
/// use rngkit::runtimes::python::{self, PyRange};
/// use rngkit::number::BigInt;
///
/// // random.seed(7); random.randrange(10, 100, 3)
/// let mut rng = python::seed(&BigInt::from(7));
/// assert_eq!(python::randrange(&mut rng, &PyRange::new(10, 100, 3).unwrap()), 40);
/// assert!(PyRange::new(5, 5, 1).is_err());
/// ```
pub fn randrange<R: Rng + ?Sized>(rng: &mut R, range: &PyRange) -> i64 {
    range.at(randbelow(rng, range.len))
}

/// `random.shuffle(x)` of `x = list(range(n))`: the resulting list.
pub fn shuffle<R: Rng + ?Sized>(rng: &mut R, n: u64) -> Vec<i64> {
    let mut x: Vec<i64> = (0..n as i64).collect();
    for i in (1..x.len()).rev() {
        let j = randbelow(rng, i as u128 + 1) as usize;
        x.swap(i, j);
    }
    x
}

/// The pool size below which `random.sample` tracks a list instead of a
/// set: `21`, plus `4 ** ceil(log(3k, 4))` for `k > 5`.
fn sample_setsize(k: u64) -> u128 {
    let mut setsize = 21u128;
    if k > 5 {
        // math.log(x, base) is log(x) / log(base) on the C library's log.
        // For k <= MAX_LIST, 3k is at least 2^-24 (relative) away from a
        // power of 4, far more than any libm's error, so the ceiling is
        // the same whichever log computes it.
        let e = libm::ceil(libm::log((3 * k) as f64) / libm::log(4.0)) as u32;
        setsize += 4u128.saturating_pow(e);
    }
    setsize
}

/// `random.sample(range(n), k)`: the chosen values in selection order.
///
/// # Panics
/// When `k > n`.
pub fn sample<R: Rng + ?Sized>(rng: &mut R, n: u64, k: u64) -> Vec<i64> {
    assert!(k <= n, "sample needs k <= n");
    let mut result = Vec::with_capacity(k as usize);
    if u128::from(n) <= sample_setsize(k) {
        let mut pool: Vec<i64> = (0..n as i64).collect();
        for i in 0..k {
            let j = randbelow(rng, u128::from(n - i)) as usize;
            result.push(pool[j]);
            pool[j] = pool[(n - i - 1) as usize];
        }
    } else {
        let mut selected = BTreeSet::new();
        for _ in 0..k {
            let mut j = randbelow(rng, u128::from(n));
            while selected.contains(&j) {
                j = randbelow(rng, u128::from(n));
            }
            selected.insert(j);
            result.push(j as i64);
        }
    }
    result
}

/// `random.uniform(a, b)`: `a + (b - a) * random()`.
pub fn uniform<R: Rng + ?Sized>(rng: &mut R, a: f64, b: f64) -> f64 {
    a + (b - a) * random(rng)
}

/// Both values of one `random.gauss` pair on an empty cache, unscaled: the
/// first is what `gauss(0, 1)` returns, the second what CPython caches in
/// `gauss_next` for the next call. Four words (two `random()`).
///
/// CPython calls the C library's `log`, `cos` and `sin`, whose last bit
/// differs between C libraries (glibc is not correctly rounded, and picks
/// an FMA variant by CPU). With the `std` feature these are the platform's
/// own functions too, so the values are CPython's on the same platform;
/// without it they are `libm`'s and may differ from CPython's in the last
/// bit.
pub fn gauss_pair<R: Rng + ?Sized>(rng: &mut R) -> (f64, f64) {
    let x2pi = random(rng) * TWOPI;
    let g2rad = libm::sqrt(-2.0 * c_log(1.0 - random(rng)));
    (c_cos(x2pi) * g2rad, c_sin(x2pi) * g2rad)
}

use crate::cmath::{cos as c_cos, log as c_log, sin as c_sin};

/// `random.gauss(mu, sigma)` with an empty cache: `mu + z * sigma` with `z`
/// the first of [`gauss_pair`].
pub fn gauss<R: Rng + ?Sized>(rng: &mut R, mu: f64, sigma: f64) -> f64 {
    mu + gauss_pair(rng).0 * sigma
}

/// The `python` GEN: CPython's `random` module.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::python::PythonGen;
///
/// let python = of::<PythonGen>();
/// let mut rng = python.seed(&Seed::from(42), &Default::default()).unwrap();
/// let draw = python.parse_draw("randint", &["1", "6"]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "6"); // random.seed(42); random.randint(1, 6)
/// assert!(python.parse_draw("randint", &["6", "1"]).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PythonGen;

/// A parsed `python` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum PythonDraw {
    /// `random`.
    Random,
    /// `floor N`: `floor(random() * N)` (`random.choices`' pick).
    Floor(u64),
    /// `getrandbits K`.
    GetRandBits(u32),
    /// `randrange`, `randint` and `choice`: an index into a range.
    Range(PyRange),
    /// `shuffle N`.
    Shuffle(u64),
    /// `sample N K`.
    Sample {
        /// Population size.
        n: u64,
        /// Sample size.
        k: u64,
    },
    /// `uniform A B`.
    Uniform(f64, f64),
    /// `gauss MU SIGMA`.
    Gauss(f64, f64),
}

impl crate::registry::Gen for PythonGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        &[
            Idiom {
                name: "choices",
                call: "random.choices(ALPHABET, k=LENGTH): floor(random() * n) a character, no redraw",
                pick: "floor {n}",
                first: 0,
            },
            Idiom {
                name: "choice",
                call: "''.join(random.choice(ALPHABET) for _ in range(LENGTH)): _randbelow(n), getrandbits redrawn at or above n",
                pick: "choice {n}",
                first: 0,
            },
        ]
    }

    type Rng = Mt19937;
    type Draw = PythonDraw;

    const INFO: GenInfo = GenInfo {
        name: "python",
        aliases: &["cpython", "python-random"],
        summary: "CPython's random module (MT19937, random.seed and the random.py draws)",
        seed_kind: SeedKind::Unbounded,
        seed_doc: "random.seed(S), any integer: init_by_array over the 32-bit words of abs(S); --seed-str TEXT is random.seed(\"TEXT\") (SHA-512, version 2)",
        state_doc: "625 words of 32 bits: `left` (624 - getstate()'s index), then mt[0..624], as mt19937",
        has_stream: false,
        versions: "CPython 3.2 to 3.13 (int and str seeds, random.py's getrandbits-based draws); verified against CPython 3.11.7 (tests/runtime_python.rs)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Mt19937, SeedError> {
        Ok(self::seed(seed))
    }

    fn seed_str(text: &str, _: &SeedOptions) -> Result<Mt19937, SeedError> {
        Ok(self::seed_str(text))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[
            crate::registry::BareDraw {
                draw: "random",
                yields: crate::registry::Yields::Unit { bits: 53 },
            },
            crate::registry::BareDraw {
                draw: "getrandbits 32",
                yields: crate::registry::Yields::Int {
                    bits: 32,
                    signed: false,
                },
            },
        ]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "random",
                help: "random.random(): 53-bit float in [0, 1) (2 steps)",
            },
            DrawInfo {
                syntax: "getrandbits K",
                help: "random.getrandbits(K), K >= 0, printed in decimal (ceil(K/32) steps)",
            },
            DrawInfo {
                syntax: "randrange START [STOP [STEP]]",
                help: "random.randrange(...): getrandbits with rejection (variable steps)",
            },
            DrawInfo {
                syntax: "randint A B",
                help: "random.randint(A, B), A <= B, both included (variable steps)",
            },
            DrawInfo {
                syntax: "choice N",
                help: "the index random.choice picks from a sequence of length N (variable steps)",
            },
            DrawInfo {
                syntax: "shuffle N",
                help: "random.shuffle(list(range(N))): the permutation (variable steps)",
            },
            DrawInfo {
                syntax: "sample N K",
                help: "random.sample(range(N), K): K distinct indices in selection order (variable steps)",
            },
            DrawInfo {
                syntax: "uniform A B",
                help: "random.uniform(A, B) = A + (B - A) * random() (2 steps)",
            },
            DrawInfo {
                syntax: "gauss MU SIGMA",
                help: "random.gauss(MU, SIGMA) with an empty gauss_next cache: the first value of a fresh pair (4 steps)",
            },
            DrawInfo {
                syntax: "floor N",
                help: "floor(random() * N), 1 <= N <= 2^53: the index random.choices picks from N items (2 steps)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<PythonDraw>, DrawError> {
        let int = parse_int::<i64>;
        let draw = match name {
            "random" => return no_args(PythonDraw::Random, name, args),
            "floor" => {
                let n = one("floor N", args, parse_int::<u64>)?;
                if n == 0 || n > 1 << 53 {
                    return Err(DrawError::Invalid(format!(
                        "`floor N` needs 1 <= N <= 2^53, got {n}"
                    )));
                }
                PythonDraw::Floor(n)
            }
            "getrandbits" => {
                let k = one("getrandbits K", args, parse_int::<u32>)?;
                if k > MAX_GETRANDBITS {
                    return Err(DrawError::Invalid(format!(
                        "`getrandbits K` takes K up to {MAX_GETRANDBITS}, got {k}"
                    )));
                }
                PythonDraw::GetRandBits(k)
            }
            "randrange" => {
                let syntax = "randrange START [STOP [STEP]]";
                let range = match *args {
                    [stop] => {
                        let stop = int(stop)?;
                        if stop <= 0 {
                            return Err(DrawError::Invalid(format!(
                                "empty range for randrange({stop}): STOP must be positive"
                            )));
                        }
                        PyRange::new(0, stop, 1)
                    }
                    [start, stop] => PyRange::new(int(start)?, int(stop)?, 1),
                    [start, stop, step] => PyRange::new(int(start)?, int(stop)?, int(step)?),
                    _ => {
                        return Err(DrawError::Invalid(format!(
                            "`{syntax}` takes 1 to 3 arguments, found {}",
                            args.len()
                        )));
                    }
                };
                PythonDraw::Range(range.map_err(DrawError::Invalid)?)
            }
            "randint" => {
                let (a, b) = two("randint A B", args, int)?;
                if a > b {
                    return Err(DrawError::Invalid(format!(
                        "empty range for randint({a}, {b}): needs A <= B"
                    )));
                }
                PythonDraw::Range(PyRange {
                    start: i128::from(a),
                    step: 1,
                    len: (i128::from(b) - i128::from(a) + 1) as u128,
                })
            }
            "choice" => {
                let n = one("choice N", args, int)?;
                if n <= 0 {
                    return Err(DrawError::Invalid(format!(
                        "cannot choose from an empty sequence: `choice N` needs N >= 1, got {n}"
                    )));
                }
                PythonDraw::Range(PyRange {
                    start: 0,
                    step: 1,
                    len: n as u128,
                })
            }
            "shuffle" => {
                let n = one("shuffle N", args, parse_int::<u64>)?;
                if n > MAX_LIST {
                    return Err(DrawError::Invalid(format!(
                        "`shuffle N` takes N up to {MAX_LIST}, got {n}"
                    )));
                }
                PythonDraw::Shuffle(n)
            }
            "sample" => {
                expect_args("sample N K", args)?;
                let n = parse_int::<i64>(args[0])?;
                let k = parse_int::<i64>(args[1])?;
                if n < 0 || k < 0 || k > n {
                    return Err(DrawError::Invalid(format!(
                        "sample larger than population or is negative: `sample N K` needs 0 <= K <= N, got {n} and {k}"
                    )));
                }
                if k as u64 > MAX_LIST {
                    return Err(DrawError::Invalid(format!(
                        "`sample N K` takes K up to {MAX_LIST}, got {k}"
                    )));
                }
                PythonDraw::Sample {
                    n: n as u64,
                    k: k as u64,
                }
            }
            "uniform" => {
                let (a, b) = two("uniform A B", args, parse_f64)?;
                PythonDraw::Uniform(a, b)
            }
            "gauss" => {
                let (mu, sigma) = two("gauss MU SIGMA", args, parse_f64)?;
                PythonDraw::Gauss(mu, sigma)
            }
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(draw: &PythonDraw, rng: &mut Mt19937) -> DrawValue {
        eval_draw(draw, rng)
    }

    fn steps(draw: &PythonDraw) -> Steps {
        match *draw {
            PythonDraw::Random | PythonDraw::Floor(_) | PythonDraw::Uniform(..) => Steps::Fixed(2),
            PythonDraw::Gauss(..) => Steps::Fixed(4),
            PythonDraw::GetRandBits(k) => Steps::Fixed(u64::from(k.div_ceil(32))),
            // `_randbelow` rejects with positive probability for every n.
            PythonDraw::Range(_) => Steps::Variable,
            PythonDraw::Shuffle(n) if n <= 1 => Steps::Fixed(0),
            PythonDraw::Sample { k: 0, .. } => Steps::Fixed(0),
            PythonDraw::Shuffle(_) | PythonDraw::Sample { .. } => Steps::Variable,
        }
    }

    fn relations(draw: &PythonDraw, value: &ObservedValue) -> Vec<crate::observe::BitRelation> {
        match *draw {
            PythonDraw::Floor(n) => floor_relations(n, value),
            _ => Vec::new(),
        }
    }

    fn known_bits(draw: &PythonDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            PythonDraw::Random => res53_known(value, res53),
            PythonDraw::Floor(n) => {
                let index = value.as_i64()?;
                if index < 0 || index as u64 >= n {
                    return None;
                }
                res53_known(value, |k| floor_at(n, k))
            }
            PythonDraw::Uniform(a, b) => {
                if a == b {
                    // Every word gives `a` (or nothing matches).
                    return value.matches_f64(uniform_at(a, b, 0)).then(Vec::new);
                }
                res53_known(value, |k| uniform_at(a, b, k))
            }
            PythonDraw::GetRandBits(k) => getrandbits_known(k, value),
            // The rejections before the accepted word are unseen. Where a
            // redraw is negligible (`randint(0, 2**32 - 2)`), the index is
            // read as the `getrandbits(k)` it almost surely was, the bits of
            // the words at the single draw's positions: recovery verifies
            // every candidate against all values, so the rare redraw shows
            // as no state fitting. Elsewhere no bit at a known position is
            // revealed; only the value's possibility is checked.
            PythonDraw::Range(ref range) => {
                let index = range.index_of(value.as_i64()?)?;
                if !redraw_negligible(range.len) {
                    return Some(Vec::new());
                }
                let k = 128 - range.len.leading_zeros();
                let limbs: Vec<u32> = (0..4).map(|i| (index >> (32 * i)) as u32).collect();
                Some(words_known(k, &limbs))
            }
            PythonDraw::Shuffle(n) => {
                let values = list_values(value)?;
                let mut seen = values.clone();
                seen.sort_unstable();
                (seen.iter().copied().eq(0..n as i64)).then(Vec::new)
            }
            PythonDraw::Sample { n, k } => {
                let values = list_values(value)?;
                let distinct: BTreeSet<i64> = values.iter().copied().collect();
                (values.len() as u64 == k
                    && distinct.len() == values.len()
                    && values.iter().all(|&v| v >= 0 && (v as u64) < n))
                .then(Vec::new)
            }
            PythonDraw::Gauss(..) => {
                value.as_f64()?;
                Some(Vec::new())
            }
        }
    }
}

/// The relations a `floor N` index implies on the two words of its
/// `random()`: the 53-bit `k` whose floors give the index lie in one
/// interval ([`crate::observe::interval_relations`]); bit `p` of `k` is bit
/// `p - 21` of the first word for `p >= 26`, bit `p + 6` of the second
/// below.
fn floor_relations(n: u64, value: &ObservedValue) -> Vec<crate::observe::BitRelation> {
    let Some((lo, hi)) = matching_interval((1 << 53) - 1, |k| floor_at(n, k), value) else {
        return Vec::new();
    };
    crate::observe::interval_relations(lo, hi)
        .into_iter()
        .map(|mask| {
            let first = (mask >> 26) << 5;
            let second = (mask & 0x3ff_ffff) << 6;
            crate::observe::BitRelation {
                terms: [(0, first), (1, second)]
                    .into_iter()
                    .filter(|t| t.1 != 0)
                    .collect(),
                parity: true,
            }
        })
        .collect()
}

/// Evaluates a `python` draw on any source of CPython's 32-bit words (the
/// GEN's `eval` runs it on [`Mt19937`]; the seed-search kernel runs it on a
/// seeded block's words computed on demand).
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit::registry::Gen;
/// use rngkit::runtimes::python::{self, PythonGen, eval_draw};
/// use rngkit::draw::DrawValue;
///
/// // random.seed(7); random.randrange(10, 100, 3) (as `randrange` above)
/// let draw = PythonGen::parse_draw("randrange", &["10", "100", "3"]).unwrap().unwrap();
/// let mut rng = python::seed(&BigInt::from(7));
/// assert_eq!(eval_draw(&draw, &mut rng), DrawValue::I64(40));
/// ```
pub fn eval_draw<R: Rng + ?Sized>(draw: &PythonDraw, rng: &mut R) -> DrawValue {
    match *draw {
        PythonDraw::Random => DrawValue::F64(random(rng)),
        PythonDraw::Floor(n) => DrawValue::I64(floor_at(n, random_bits53(rng)) as i64),
        PythonDraw::GetRandBits(k) if k <= 64 => DrawValue::U64(getrandbits_u128(rng, k) as u64),
        PythonDraw::GetRandBits(k) => DrawValue::Big(getrandbits(rng, k)),
        PythonDraw::Range(ref range) => DrawValue::I64(randrange(rng, range)),
        PythonDraw::Shuffle(n) => DrawValue::Ints(shuffle(rng, n)),
        PythonDraw::Sample { n, k } => DrawValue::Ints(sample(rng, n, k)),
        PythonDraw::Uniform(a, b) => DrawValue::F64(uniform(rng, a, b)),
        PythonDraw::Gauss(mu, sigma) => DrawValue::F64(gauss(rng, mu, sigma)),
    }
}

/// `floor(random() * n)` with `random()` returning `k / 2^53`: the float
/// product rounded as CPython's (`n` is a float there: `choices` adds
/// `0.0`), then floored.
fn floor_at(n: u64, k: u64) -> f64 {
    libm::floor(res53(k) * n as f64)
}

/// `uniform(a, b)` with `random()` returning `k / 2^53`.
fn uniform_at(a: f64, b: f64, k: u64) -> f64 {
    a + (b - a) * res53(k)
}

/// The integers of a list value (`shuffle`, `sample`): space-separated, or
/// one integer.
fn list_values(value: &ObservedValue) -> Option<Vec<i64>> {
    if value.text().is_empty() {
        return Some(Vec::new());
    }
    value
        .text()
        .split_whitespace()
        .map(|t| parse_int::<i64>(t).ok())
        .collect()
}

/// Known bits of `getrandbits(k)`'s words from its value.
fn getrandbits_known(k: u32, value: &ObservedValue) -> Option<Vec<KnownBits>> {
    let v: BigInt = value.text().parse().ok()?;
    if v.is_negative() || v.bit_len() > u64::from(k) {
        return None;
    }
    Some(words_known(k, v.limbs()))
}

/// The words of `getrandbits(k)` that gave the value with 32-bit limbs
/// `limbs` (least significant first, below `2^k`): the top `k` bits of one
/// word for `k <= 32`, else `ceil(k / 32)` words, the last keeping its top
/// `k mod 32` bits.
fn words_known(k: u32, limbs: &[u32]) -> Vec<KnownBits> {
    let limb = |i: u32| u64::from(limbs.get(i as usize).copied().unwrap_or(0));
    if k == 0 {
        return Vec::new();
    }
    if k <= 32 {
        let shift = 32 - k;
        return vec![KnownBits::new(
            0xffff_ffff << shift & 0xffff_ffff,
            limb(0) << shift,
        )];
    }
    (0..k.div_ceil(32))
        .map(|i| {
            let bits = k - 32 * i;
            if bits < 32 {
                let shift = 32 - bits;
                KnownBits::new(0xffff_ffff << shift & 0xffff_ffff, limb(i) << shift)
            } else {
                KnownBits::new(0xffff_ffff, limb(i))
            }
        })
        .collect()
}

/// Known bits of the two words behind a `genrand_res53` value `f(k)`, `k`
/// the 53-bit integer `(a >> 5) << 26 | (b >> 6)`, for `f` monotone.
pub(crate) fn res53_known(value: &ObservedValue, f: impl Fn(u64) -> f64) -> Option<Vec<KnownBits>> {
    let (lo, hi) = matching_interval((1 << 53) - 1, &f, value)?;
    let k = prefix(lo, hi);
    let k = KnownBits::new(k.mask & ((1 << 53) - 1), k.value);
    Some(vec![
        KnownBits::new((k.mask >> 26) << 5, (k.value >> 26) << 5),
        KnownBits::new((k.mask & 0x3ff_ffff) << 6, (k.value & 0x3ff_ffff) << 6),
    ])
}

/// The bits of a 64-bit output word `x` that an observed double
/// `(x >> 11) * 2^-53` reveals (of its top 53, in place): the double of
/// .NET's xoshiro, libGDX and Lua 5.4 alike.
pub(crate) fn top53_double_known(value: &ObservedValue) -> Option<KnownBits> {
    let (lo, hi) = matching_interval(
        (1 << 53) - 1,
        |k| k as f64 * (1.0 / 9_007_199_254_740_992.0),
        value,
    )?;
    let k = prefix(lo, hi);
    let mask = k.mask & ((1 << 53) - 1);
    Some(KnownBits::new(mask << 11, k.value << 11))
}

/// The common prefix of every integer in `lo..=hi`, within 64 bits.
pub(crate) fn prefix(lo: u64, hi: u64) -> KnownBits {
    let differing = lo ^ hi;
    let mask = if differing == 0 {
        u64::MAX
    } else {
        !(u64::MAX >> differing.leading_zeros())
    };
    KnownBits::new(mask, lo)
}

/// The interval of `k` in `0..=max` whose `f(k)` the observed float
/// matches, for `f` monotone in either direction (so the matches are one
/// interval); `None` when no `k` matches.
pub(crate) fn matching_interval(
    max: u64,
    f: impl Fn(u64) -> f64,
    value: &ObservedValue,
) -> Option<(u64, u64)> {
    let target = value.as_f64()?;
    let increasing = f(0) <= f(max);
    let reached = |k: u64| {
        if increasing {
            f(k) >= target
        } else {
            f(k) <= target
        }
    };
    // The first k that reaches the target; a match, if any, is there or
    // just before it.
    let (mut lo, mut hi) = (0u64, max + 1);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if reached(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let matches = |k: u64| value.matches_f64(f(k));
    let start = [lo, lo.wrapping_sub(1)]
        .into_iter()
        .find(|&k| k <= max && matches(k))?;
    // Bisect for the last match above and the first below.
    let (mut good, mut bad) = (start, max + 1);
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if matches(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    let top = good;
    let (mut good, mut bad) = (start as i128, -1i128);
    while good - bad > 1 {
        let mid = bad + (good - bad) / 2;
        if matches(mid as u64) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Some((good as u64, top))
}

/// SHA-512 (FIPS 180-4), for `random.seed(str)`.
fn sha512(message: &[u8]) -> [u8; 64] {
    // FIPS 180-4, section 5.3.5: the first 64 bits of the fractional parts of
    // the square roots of the first 8 primes.
    let mut h: [u64; 8] = [
        0x6a09e667f3bcc908,
        0xbb67ae8584caa73b,
        0x3c6ef372fe94f82b,
        0xa54ff53a5f1d36f1,
        0x510e527fade682d1,
        0x9b05688c2b3e6c1f,
        0x1f83d9abfb41bd6b,
        0x5be0cd19137e2179,
    ];
    let mut padded = Vec::from(message);
    padded.push(0x80);
    while padded.len() % 128 != 112 {
        padded.push(0);
    }
    padded.extend_from_slice(&((message.len() as u128) * 8).to_be_bytes());
    for block in padded.chunks_exact(128) {
        let mut w = [0u64; 80];
        for (t, chunk) in block.chunks_exact(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(chunk);
            w[t] = u64::from_be_bytes(bytes);
        }
        for t in 16..80 {
            let s0 = w[t - 15].rotate_right(1) ^ w[t - 15].rotate_right(8) ^ (w[t - 15] >> 7);
            let s1 = w[t - 2].rotate_right(19) ^ w[t - 2].rotate_right(61) ^ (w[t - 2] >> 6);
            w[t] = w[t - 16]
                .wrapping_add(s0)
                .wrapping_add(w[t - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for t in 0..80 {
            let s1 = e.rotate_right(14) ^ e.rotate_right(18) ^ e.rotate_right(41);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(SHA512_K[t])
                .wrapping_add(w[t]);
            let s0 = a.rotate_right(28) ^ a.rotate_right(34) ^ a.rotate_right(39);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (slot, v) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *slot = slot.wrapping_add(v);
        }
    }
    let mut digest = [0u8; 64];
    for (chunk, word) in digest.chunks_exact_mut(8).zip(h) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    digest
}

/// FIPS 180-4, section 4.2.3: the first 64 bits of the fractional parts of
/// the cube roots of the first 80 primes.
const SHA512_K: [u64; 80] = [
    0x428a2f98d728ae22,
    0x7137449123ef65cd,
    0xb5c0fbcfec4d3b2f,
    0xe9b5dba58189dbbc,
    0x3956c25bf348b538,
    0x59f111f1b605d019,
    0x923f82a4af194f9b,
    0xab1c5ed5da6d8118,
    0xd807aa98a3030242,
    0x12835b0145706fbe,
    0x243185be4ee4b28c,
    0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f,
    0x80deb1fe3b1696b1,
    0x9bdc06a725c71235,
    0xc19bf174cf692694,
    0xe49b69c19ef14ad2,
    0xefbe4786384f25e3,
    0x0fc19dc68b8cd5b5,
    0x240ca1cc77ac9c65,
    0x2de92c6f592b0275,
    0x4a7484aa6ea6e483,
    0x5cb0a9dcbd41fbd4,
    0x76f988da831153b5,
    0x983e5152ee66dfab,
    0xa831c66d2db43210,
    0xb00327c898fb213f,
    0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2,
    0xd5a79147930aa725,
    0x06ca6351e003826f,
    0x142929670a0e6e70,
    0x27b70a8546d22ffc,
    0x2e1b21385c26c926,
    0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df,
    0x650a73548baf63de,
    0x766a0abb3c77b2a8,
    0x81c2c92e47edaee6,
    0x92722c851482353b,
    0xa2bfe8a14cf10364,
    0xa81a664bbc423001,
    0xc24b8b70d0f89791,
    0xc76c51a30654be30,
    0xd192e819d6ef5218,
    0xd69906245565a910,
    0xf40e35855771202a,
    0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8,
    0x1e376c085141ab53,
    0x2748774cdf8eeb99,
    0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63,
    0x4ed8aa4ae3418acb,
    0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc,
    0x78a5636f43172f60,
    0x84c87814a1f0ab72,
    0x8cc702081a6439ec,
    0x90befffa23631e28,
    0xa4506cebde82bde9,
    0xbef9a3f7b2c67915,
    0xc67178f2e372532b,
    0xca273eceea26619c,
    0xd186b8c721c0c207,
    0xeada7dd6cde0eb1e,
    0xf57d4f7fee6ed178,
    0x06f067aa72176fba,
    0x0a637dc5a2c898a6,
    0x113f9804bef90dae,
    0x1b710b35131c471b,
    0x28db77f523047d84,
    0x32caab7b40c72493,
    0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6,
    0x597f299cfc657e2a,
    0x5fcb6fab3ad6faec,
    0x6c44198c4a475817,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// FIPS 180-2 appendix C examples ("abc", and the empty message from
    /// the NIST example values).
    #[test]
    fn sha512_vectors() {
        let hex = |d: [u8; 64]| -> alloc::string::String {
            d.iter().map(|b| format!("{b:02x}")).collect()
        };
        assert_eq!(
            hex(sha512(b"abc")),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        );
        assert_eq!(
            hex(sha512(b"")),
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        );
    }
}
