//! Lua's `math.random`: Lua 5.4 (xoshiro256**, `lmathlib.c`) and LuaJIT 2.1
//! (a combined Tausworthe generator, `lib_math.c`), two GENs.
//!
//! **Lua 5.4** (`lua54`): the state is xoshiro256**'s four 64-bit words (the
//! same generator as [`Xoshiro256StarStar`], so the GEN shares its type and
//! everything the analysis knows of it). `math.randomseed(n)` with an
//! integer `n` sets the words to `n, 0xff, 0, 0` (the `0xff` keeps the state
//! nonzero) and discards 16 outputs. Each `math.random` call takes one
//! output `rv`:
//! * `math.random()`: `(rv >> 11) * 2^-53`, a double in `[0, 1)`;
//! * `math.random(0)`: `rv` as a signed 64-bit integer;
//! * `math.random(m)`: `math.random(1, m)`;
//! * `math.random(m, n)`: `m + project(rv, n - m)`, where `project` masks
//!   `rv` with the smallest `2^b - 1 >= n - m` and, while the result exceeds
//!   `n - m`, masks a fresh output (so one step when `n - m + 1` is a power
//!   of two, a variable number otherwise).
//!
//! **LuaJIT 2.1** (`luajit`): four Tausworthe components of 63, 58, 55 and
//! 47 significant bits (the top bits of four 64-bit words; period about
//! 2^223). One step updates each component, `z = (((z << q) ^ z) >> (k -
//! s)) ^ ((z & (!0 << (64 - k))) << s)`, and xors the four new words; the
//! low 52 bits of that xor are the mantissa of a double in `[1, 2)`, and
//! `math.random()` returns it minus 1. `math.random(m)` is
//! `floor(d * m) + 1`, `math.random(m, n)` is `floor(d * (n - m + 1)) + m`
//! (doubles throughout; LuaJIT checks neither `m >= 1` nor `m <= n`).
//! `math.randomseed(x)` takes a double: four times `x = x * pi + e`, whose
//! bits become a word (raised to at least `2^(64 - k)` so that the
//! component's significant bits are not all zero), then 10 discarded
//! steps.
//!
//! The expected values in the examples below were printed by Debian 12's
//! `lua5.4` (Lua 5.4.4) and `luajit` (LuaJIT 2.1.0-beta3); the oracle test
//! `tests/runtime_lua.rs` compares thousands more against both.

use alloc::format;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue};
use crate::generators::Xoshiro256StarStar;
use crate::number::{NumberError, parse_f64, parse_int};
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{
    BareDraw, DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps, Yields,
};
use crate::runtimes::python::{matching_interval, prefix, top53_double_known};
use crate::{StateError, StateWords};

// ---------------------------------------------------------------- Lua 5.4

/// Lua 5.4's `math.randomseed(n)` for an integer `n`: the state `n, 0xff, 0,
/// 0`, then 16 outputs discarded.
///
/// ```
/// use rngkit::rand_core::Rng;
/// use rngkit::runtimes::lua::{lua54_random_int, lua54_randomseed};
///
/// // lua5.4: math.randomseed(42); math.random(); math.random(6) gives 2.
/// let mut rng = lua54_randomseed(42);
/// rng.next_u64();
/// assert_eq!(lua54_random_int(&mut rng, 1, 6), 2);
/// ```
pub fn lua54_randomseed(n: i64) -> Xoshiro256StarStar {
    let mut rng = Xoshiro256StarStar {
        s: [n as u64, 0xff, 0, 0],
    };
    for _ in 0..16 {
        rng.next_output();
    }
    rng
}

/// `math.random()` in Lua 5.4: the top 53 bits of one output, times 2^-53.
///
/// ```
/// use rngkit::runtimes::lua::{lua54_random, lua54_randomseed};
///
/// // lua5.4: math.randomseed(42); string.format("%.17g", math.random())
/// let mut rng = lua54_randomseed(42);
/// assert_eq!(lua54_random(&mut rng), 0.93081217803956817);
/// ```
pub fn lua54_random(rng: &mut Xoshiro256StarStar) -> f64 {
    (rng.next_output() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
}

/// `math.random(low, up)` in Lua 5.4 (`low <= up`, which the caller checks):
/// `low + project(rv, up - low)`.
///
/// ```
/// use rngkit::runtimes::lua::{lua54_random, lua54_random_int, lua54_randomseed};
///
/// // lua5.4: math.randomseed(42); math.random(); math.random(6);
/// // math.random(10, 20) gives 15.
/// let mut rng = lua54_randomseed(42);
/// lua54_random(&mut rng);
/// lua54_random_int(&mut rng, 1, 6);
/// assert_eq!(lua54_random_int(&mut rng, 10, 20), 15);
/// ```
pub fn lua54_random_int(rng: &mut Xoshiro256StarStar, low: i64, up: i64) -> i64 {
    let span = (up as u64).wrapping_sub(low as u64);
    let mut ran = rng.next_output();
    let value = if span & span.wrapping_add(1) == 0 {
        ran & span
    } else {
        let lim = project_mask(span);
        // Lua: `while ((ran &= lim) > n) ran = nextrand(...)`.
        loop {
            ran &= lim;
            if ran <= span {
                break ran;
            }
            ran = rng.next_output();
        }
    };
    value.wrapping_add(low as u64) as i64
}

/// The smallest `2^b - 1` not below `n`.
fn project_mask(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        u64::MAX >> n.leading_zeros()
    }
}

/// The `lua54` GEN: Lua 5.4's `math.randomseed(S)` and `math.random`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::lua::Lua54Gen;
///
/// let lua = of::<Lua54Gen>();
/// let mut rng = lua.seed(&Seed::from(1), &Default::default()).unwrap();
/// // lua5.4: math.randomseed(1); string.format("%.17g", math.random())
/// let random = lua.parse_draw("random", &[]).unwrap();
/// assert_eq!(random.eval(&mut rng).format(false), "0.8155878155472306");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Lua54Gen;

/// The draws of `lua54`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lua54Draw {
    /// `math.random()`.
    Float,
    /// `math.random(0)`: the whole output as a signed integer.
    Full,
    /// `math.random(low, up)` (`math.random(m)` is `(1, m)`), `low <= up`.
    Range(i64, i64),
}

/// The draw help of `random` (shared by both GENs' texts where they agree).
const LUA54_RANDOM_HELP: &str = "math.random(): (rv >> 11) * 2^-53 (1 step); random M: math.random(M), 1..=M, and random 0 the whole 64-bit output as a signed integer; random M N: M..=N, M <= N, masked with the smallest 2^b-1 >= N-M and redrawn while above (1 step when N-M+1 is a power of two, else variable)";

/// Both Lua GENs pick a character with `math.random(1, #ALPHABET)`.
const LUA_IDIOMS: &[crate::token::Idiom] = &[crate::token::Idiom {
    name: "random",
    call: "ALPHABET:sub(i, i) for i = math.random(1, #ALPHABET), a character",
    pick: "random 1 {n}",
    first: 1,
}];

impl Gen for Lua54Gen {
    fn idioms() -> &'static [crate::token::Idiom] {
        LUA_IDIOMS
    }

    type Rng = Xoshiro256StarStar;
    type Draw = Lua54Draw;

    const INFO: GenInfo = GenInfo {
        name: "lua54",
        aliases: &["lua", "lua5.4"],
        summary: "Lua 5.4's math.random (xoshiro256**, lmathlib.c)",
        seed_kind: SeedKind::I64,
        seed_doc: "math.randomseed(S), S a 64-bit integer: the words S, 0xff, 0, 0, then 16 outputs discarded (float seeds are not taken: give the integer)",
        state_doc: "4 words of 64 bits: xoshiro256**'s s[0] s[1] s[2] s[3], as xoshiro256ss",
        has_stream: false,
        versions: "Lua 5.4.0 to 5.4.8 and 5.5.0 (lmathlib.c: nextrand, I2d with 53 bits, project and setseed are the same in each); verified against Lua 5.4.4 (Debian 12 lua5.4, tests/runtime_lua.rs)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Xoshiro256StarStar, SeedError> {
        Ok(lua54_randomseed(seed.low_u64() as i64))
    }

    fn bare_draws() -> &'static [BareDraw] {
        &[BareDraw {
            draw: "random",
            yields: Yields::Unit { bits: 53 },
        }]
    }

    fn draws() -> &'static [DrawInfo] {
        &[DrawInfo {
            syntax: "random [M [N]]",
            help: LUA54_RANDOM_HELP,
        }]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<Lua54Draw>, DrawError> {
        if name != "random" {
            return Ok(None);
        }
        let int = |text: &str| -> Result<i64, DrawError> {
            parse_int::<i64>(text).map_err(|e: NumberError| {
                DrawError::Invalid(format!(
                    "bad argument to 'random' ({e}; Lua 5.4 takes 64-bit integers)"
                ))
            })
        };
        let draw = match args {
            [] => Lua54Draw::Float,
            [m] => match int(m)? {
                0 => Lua54Draw::Full,
                m if m >= 1 => Lua54Draw::Range(1, m),
                m => {
                    return Err(DrawError::Invalid(format!(
                        "bad argument #1 to 'random' (interval is empty): `random {m}` needs M >= 1, or 0 for a whole 64-bit integer"
                    )));
                }
            },
            [m, n] => {
                let (m, n) = (int(m)?, int(n)?);
                if m > n {
                    return Err(DrawError::Invalid(format!(
                        "bad argument #1 to 'random' (interval is empty): `random {m} {n}` needs M <= N"
                    )));
                }
                Lua54Draw::Range(m, n)
            }
            _ => {
                return Err(DrawError::Invalid(format!(
                    "`random [M [N]]` takes at most two arguments, found {}",
                    args.len()
                )));
            }
        };
        Ok(Some(draw))
    }

    fn eval(draw: &Lua54Draw, rng: &mut Xoshiro256StarStar) -> DrawValue {
        match *draw {
            Lua54Draw::Float => DrawValue::F64(lua54_random(rng)),
            Lua54Draw::Full => DrawValue::I64(rng.next_output() as i64),
            Lua54Draw::Range(low, up) => DrawValue::I64(lua54_random_int(rng, low, up)),
        }
    }

    fn steps(draw: &Lua54Draw) -> Steps {
        match *draw {
            Lua54Draw::Float | Lua54Draw::Full => Steps::Fixed(1),
            Lua54Draw::Range(low, up) => {
                let span = (up as u64).wrapping_sub(low as u64);
                if span & span.wrapping_add(1) == 0 {
                    Steps::Fixed(1)
                } else {
                    Steps::Variable
                }
            }
        }
    }

    fn known_bits(draw: &Lua54Draw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            Lua54Draw::Float => Some(alloc::vec![top53_double_known(value)?]),
            Lua54Draw::Full => Some(alloc::vec![KnownBits::new(
                u64::MAX,
                value.as_i64()? as u64
            )]),
            Lua54Draw::Range(low, up) => {
                let v = value.as_i64()?;
                if v < low || v > up {
                    return None;
                }
                let span = (up as u64).wrapping_sub(low as u64);
                let offset = (v as u64).wrapping_sub(low as u64);
                if span & span.wrapping_add(1) == 0 {
                    Some(alloc::vec![KnownBits::new(span, offset)])
                } else {
                    // Rejected words came first: which word gave the value
                    // is unknown.
                    Some(Vec::new())
                }
            }
        }
    }
}

// ---------------------------------------------------------------- LuaJIT

/// The four components' parameters `(k, q, s)`: `k` significant bits, the
/// shifts `q` and `s` (LuaJIT's `TW223_GEN`).
const TW223: [(u32, u32, u32); 4] = [(63, 31, 18), (58, 19, 28), (55, 24, 7), (47, 21, 8)];

/// The low 52 bits of a step's xor: the mantissa LuaJIT puts in `[1, 2)`.
const MANTISSA: u64 = (1 << 52) - 1;

/// LuaJIT 2.1's `math.random` generator: four Tausworthe components (63,
/// 58, 55 and 47 significant bits, the top bits of each word).
///
/// One raw step is one `lj_math_random_step`; its raw word is the xor of
/// the four updated words, whose low 52 bits `math.random()` returns.
///
/// ```
/// use rngkit::runtimes::lua::LuaJitRandom;
///
/// // luajit: math.randomseed(42); string.format("%.17g", math.random())
/// let mut rng = LuaJitRandom::randomseed(42.0);
/// assert_eq!(rng.random(), 0.95607928791821051);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LuaJitRandom {
    words: [u64; 4],
}

impl LuaJitRandom {
    /// `math.randomseed(d)` (`random_init`): `d = d * pi + e` four times, the
    /// bits of each `d` a word (raised by `2^(64 - k)` when below it), then
    /// 10 steps discarded. LuaJIT 2.0 and 2.1.0-beta3 start unseeded from
    /// `randomseed(0.0)`; later 2.1 releases from a fixed state of their own
    /// (`lj_prng_seed_fixed`), and `math.randomseed()` without an argument
    /// seeds from the system's entropy.
    pub fn randomseed(seed: f64) -> Self {
        let mut words = [0u64; 4];
        let mut d = seed;
        for (word, &(k, _, _)) in words.iter_mut().zip(&TW223) {
            // A product then a sum, two roundings (Rust never fuses them
            // into one FMA; LuaJIT's x86-64 build does not either).
            d = d * core::f64::consts::PI + core::f64::consts::E;
            let m = 1u64 << (64 - k);
            let mut bits = d.to_bits();
            if bits < m {
                bits += m;
            }
            *word = bits;
        }
        let mut rng = LuaJitRandom { words };
        for _ in 0..10 {
            rng.next_output();
        }
        rng
    }

    /// The four words.
    ///
    /// ```
    /// use rngkit::runtimes::lua::LuaJitRandom;
    ///
    /// let rng = LuaJitRandom::randomseed(42.0);
    /// assert_eq!(LuaJitRandom::from_state(rng.state()).unwrap(), rng);
    /// ```
    pub const fn state(&self) -> [u64; 4] {
        self.words
    }

    /// The generator with these four words. Only the top `k` bits of each
    /// word (63, 58, 55, 47) are read by later steps.
    ///
    /// # Errors
    /// [`StateError::AllZero`] when every word's significant bits are zero
    /// (a stream of zeros that no seed gives).
    ///
    /// ```
    /// use rngkit::runtimes::lua::LuaJitRandom;
    ///
    /// // The low bit of the first word is never read: still the empty state.
    /// assert!(LuaJitRandom::from_state([1, 0, 0, 0]).is_err());
    /// assert!(LuaJitRandom::from_state([2, 0, 0, 0]).is_ok());
    /// ```
    pub fn from_state(words: [u64; 4]) -> Result<Self, StateError> {
        if words
            .iter()
            .zip(&TW223)
            .all(|(&w, &(k, _, _))| w >> (64 - k) == 0)
        {
            Err(StateError::AllZero {
                generator: "luajit",
            })
        } else {
            Ok(LuaJitRandom { words })
        }
    }

    /// One step (`lj_math_random_step`): the xor of the four new words.
    ///
    /// ```
    /// use rngkit::runtimes::lua::LuaJitRandom;
    ///
    /// // `random()` is the low 52 bits of the step's word, scaled.
    /// let mut a = LuaJitRandom::randomseed(42.0);
    /// let mut b = a.clone();
    /// let word = a.next_output();
    /// assert_eq!(b.random(), (word & ((1 << 52) - 1)) as f64 / (1u64 << 52) as f64);
    /// ```
    #[inline]
    pub fn next_output(&mut self) -> u64 {
        let mut r = 0;
        for (z, &(k, q, s)) in self.words.iter_mut().zip(&TW223) {
            let old = *z;
            let new = (((old << q) ^ old) >> (k - s)) ^ ((old & (u64::MAX << (64 - k))) << s);
            r ^= new;
            *z = new;
        }
        r
    }

    /// `math.random()`: the step's low 52 bits as a double in `[0, 1)`
    /// (example: [`LuaJitRandom`]).
    pub fn random(&mut self) -> f64 {
        random_double(self.next_output())
    }

    /// `math.random(m)` (`n` `None`) or `math.random(m, n)`, on doubles.
    ///
    /// ```
    /// use rngkit::runtimes::lua::LuaJitRandom;
    ///
    /// // luajit: math.randomseed(42); math.random(); math.random(6) is 1,
    /// // then math.random(10, 20) is 15.
    /// let mut rng = LuaJitRandom::randomseed(42.0);
    /// rng.random();
    /// assert_eq!(rng.random_range(6.0, None), 1.0);
    /// assert_eq!(rng.random_range(10.0, Some(20.0)), 15.0);
    /// ```
    pub fn random_range(&mut self, m: f64, n: Option<f64>) -> f64 {
        let d = self.random();
        range_of(d, m, n)
    }
}

/// The double of a step's raw word: `(word & (2^52 - 1)) * 2^-52`, exactly
/// LuaJIT's `[1, 2)` double minus 1.
fn random_double(word: u64) -> f64 {
    f64::from_bits((word & MANTISSA) | 0x3ff0_0000_0000_0000) - 1.0
}

/// `floor(d * m) + 1` or `floor(d * (n - m + 1)) + m`.
fn range_of(d: f64, m: f64, n: Option<f64>) -> f64 {
    match n {
        None => libm::floor(d * m) + 1.0,
        Some(n) => libm::floor(d * (n - m + 1.0)) + m,
    }
}

impl StateWords for LuaJitRandom {
    const NAME: &'static str = "luajit";
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = 4;
    /// The significant bits: 63 + 58 + 55 + 47.
    const FREE_BITS: u32 = 223;

    fn to_words(&self) -> Vec<u64> {
        self.words.to_vec()
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        Self::from_state(crate::state::words_u64::<4>(Self::NAME, words)?)
    }
}

crate::generators::impl_rng_u64!(LuaJitRandom, scalar);

/// The `luajit` GEN: LuaJIT 2.1's `math.randomseed(S)` and `math.random`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::lua::LuaJitGen;
///
/// let luajit = of::<LuaJitGen>();
/// let mut rng = luajit.seed(&Seed::from(1), &Default::default()).unwrap();
/// // luajit: math.randomseed(1); string.format("%.17g", math.random())
/// let random = luajit.parse_draw("random", &[]).unwrap();
/// assert_eq!(random.eval(&mut rng).format(false), "0.3238105623786367");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LuaJitGen;

/// The draws of `luajit`.
#[derive(Clone, Debug, PartialEq)]
pub enum LuaJitDraw {
    /// `math.random()`.
    Float,
    /// `math.random(m)` or `math.random(m, n)` (finite doubles).
    Range(f64, Option<f64>),
}

impl Gen for LuaJitGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        LUA_IDIOMS
    }

    type Rng = LuaJitRandom;
    type Draw = LuaJitDraw;

    const INFO: GenInfo = GenInfo {
        name: "luajit",
        aliases: &["luajit2"],
        summary: "LuaJIT 2.0 and 2.1 math.random (Tausworthe TW223, lib_math.c)",
        seed_kind: SeedKind::I64,
        seed_doc: "math.randomseed(S): S (a 64-bit integer) converted to a double, four words from d = d * pi + e, then 10 steps discarded",
        state_doc: "4 words of 64 bits: the components of 63, 58, 55 and 47 significant bits (the top bits of each word; the low bits are never read again)",
        has_stream: false,
        versions: "LuaJIT 2.0 and 2.1 (lib_math.c / lj_prng.c: the TW223 step and the double seeding are the same in each); verified against LuaJIT 2.1.0-beta3 (Debian 12 luajit, tests/runtime_lua.rs)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<LuaJitRandom, SeedError> {
        Ok(LuaJitRandom::randomseed(seed.low_u64() as i64 as f64))
    }

    fn bare_draws() -> &'static [BareDraw] {
        &[BareDraw {
            draw: "random",
            yields: Yields::Unit { bits: 52 },
        }]
    }

    fn draws() -> &'static [DrawInfo] {
        &[DrawInfo {
            syntax: "random [M [N]]",
            help: "math.random(): the step's low 52 bits as a double in [0, 1) (1 step); random M: floor(d * M) + 1; random M N: floor(d * (N - M + 1)) + M (M, N doubles, not checked by LuaJIT; 1 step)",
        }]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<LuaJitDraw>, DrawError> {
        if name != "random" {
            return Ok(None);
        }
        let num = |text: &str| -> Result<f64, DrawError> {
            parse_f64(text)
                .map_err(|e| DrawError::Invalid(format!("bad argument to 'random' ({e})")))
        };
        Ok(Some(match args {
            [] => LuaJitDraw::Float,
            [m] => LuaJitDraw::Range(num(m)?, None),
            [m, n] => LuaJitDraw::Range(num(m)?, Some(num(n)?)),
            _ => {
                return Err(DrawError::Invalid(format!(
                    "`random [M [N]]` takes at most two arguments, found {}",
                    args.len()
                )));
            }
        }))
    }

    fn eval(draw: &LuaJitDraw, rng: &mut LuaJitRandom) -> DrawValue {
        match *draw {
            LuaJitDraw::Float => DrawValue::F64(rng.random()),
            LuaJitDraw::Range(m, n) => DrawValue::F64(rng.random_range(m, n)),
        }
    }

    fn known_bits(draw: &LuaJitDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        // The double is k * 2^-52 for the low 52 bits k of the raw word;
        // every draw is monotone in k, so its values fix a prefix of k.
        let (lo, hi) = match *draw {
            LuaJitDraw::Float => matching_interval(MANTISSA, random_double, value)?,
            LuaJitDraw::Range(m, n) => {
                matching_interval(MANTISSA, |k| range_of(random_double(k), m, n), value)?
            }
        };
        let k = prefix(lo, hi);
        Some(alloc::vec![KnownBits::new(k.mask & MANTISSA, k.value)])
    }
}
