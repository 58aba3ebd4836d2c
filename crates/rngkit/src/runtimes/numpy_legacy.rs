//! numpy's legacy `np.random.RandomState` (the `mtrand` module), bit for
//! bit: `RandomState(S)`, `random_sample`, `randint`, `standard_normal`,
//! `normal`, `uniform`, `choice(N)`, `shuffle` and `permutation`.
//!
//! The generator is MT19937 with one raw step one `genrand_int32()`, plus
//! the cache of the legacy Gaussian sampler: the polar method makes two
//! values and keeps the second (`has_gauss`, `gauss` in numpy's
//! `get_state()`), which the next `standard_normal` or `normal` returns
//! without drawing. [`RandomState`] carries both, so its state words are
//! MT19937's 625 (`left`, then `mt[0..624]`) and three more: `has_gauss`
//! (0 or 1) and the cached double's bits, high word then low word (both 0
//! when `has_gauss` is 0).
//!
//! Seeding (`_legacy_seeding` in numpy's `_mt19937.pyx`): an integer seed
//! `0 <= S < 2^32` is `init_genrand(S)` (numpy's `mt19937_seed`), with
//! `pos = 624` (the first draw twists) and an empty cache; arrays take
//! `init_by_array`, which this GEN does not model.
//!
//! ```
//! use rngkit::runtimes::numpy_legacy as np;
//!
//! // np.random.RandomState(5): random_sample(), randint(0, 10),
//! // standard_normal() twice (numpy 2.4.6; the second comes from the cache).
//! let mut rs = np::RandomState::new(5);
//! assert_eq!(np::random_sample(&mut rs), 0.22199317108973948);
//! assert_eq!(np::randint(&mut rs, 0, 10), 6);
//! let _ = np::randint(&mut rs, 0, 1 << 40);
//! assert_eq!(np::standard_normal(&mut rs), -1.6556935151658263);
//! assert_eq!(rs.cached_gauss(), Some(-1.172153017293279));
//! assert_eq!(np::standard_normal(&mut rs), -1.172153017293279);
//! assert_eq!(rs.cached_gauss(), None);
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue, no_args, one, two};
use crate::generators::Mt19937;
use crate::number::{parse_f64, parse_int};
use crate::observe::{KnownBits, ObservedValue};
use crate::rand_core::Rng;
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};
use crate::runtimes::python::res53_known;
use crate::state::check_count;
use crate::{StateError, StateWords};

/// The largest `N` of `shuffle N` and `permutation N` (the output is a list
/// of that many integers).
pub const MAX_LIST: u64 = 1 << 20;

/// MT19937 words in the state.
const N: usize = 624;

/// `np.random.RandomState`'s state: the Twister and the legacy Gaussian
/// cache.
///
/// ```
/// use rngkit::StateWords;
/// use rngkit::runtimes::numpy_legacy::RandomState;
///
/// let rs = RandomState::new(5);
/// let words = rs.to_words();
/// assert_eq!(words.len(), 628);
/// // left, then get_state()[1]: RandomState(5).get_state()[1][:3]
/// assert_eq!(words[..4], [0, 5, 472231674, 2253902500]);
/// assert_eq!(words[625..], [0, 0, 0]); // has_gauss, gauss (high, low)
/// assert_eq!(RandomState::from_words(&words).unwrap(), rs);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RandomState {
    mt: Mt19937,
    /// The cached second value of the polar method, as its bits.
    gauss: Option<u64>,
}

impl RandomState {
    /// `RandomState(seed)` for an integer seed: `init_genrand(seed)`,
    /// empty cache.
    pub fn new(seed: u32) -> Self {
        RandomState {
            mt: Mt19937::new(seed),
            gauss: None,
        }
    }

    /// A state from its Twister and cache.
    pub fn from_parts(mt: Mt19937, gauss: Option<f64>) -> Self {
        RandomState {
            mt,
            gauss: gauss.map(f64::to_bits),
        }
    }

    /// The Twister underneath.
    pub fn mt(&self) -> &Mt19937 {
        &self.mt
    }

    /// The Twister underneath, mutably (the cache stays).
    pub fn mt_mut(&mut self) -> &mut Mt19937 {
        &mut self.mt
    }

    /// The cached Gaussian (`get_state()[4]` when `get_state()[3]` is 1).
    pub fn cached_gauss(&self) -> Option<f64> {
        self.gauss.map(f64::from_bits)
    }

    /// numpy's `get_state(legacy=False)` dict of this state, as JSON (the
    /// form [`parse_numpy_state`] reads back).
    ///
    /// ```
    /// use rngkit::runtimes::numpy_legacy::{RandomState, parse_numpy_state};
    ///
    /// let rs = RandomState::new(1);
    /// let text = rs.numpy_state_json();
    /// assert!(text.starts_with(r#"{"bit_generator": "MT19937", "state": {"key": [1, "#));
    /// assert!(text.ends_with(r#"], "pos": 624}, "has_gauss": 0, "gauss": 0.0}"#));
    /// assert_eq!(parse_numpy_state(&text), Some(Ok(rs)));
    /// ```
    pub fn numpy_state_json(&self) -> String {
        use core::fmt::Write;
        let mut out = String::from(r#"{"bit_generator": "MT19937", "state": {"key": ["#);
        for (i, w) in self.mt.block().iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{w}");
        }
        let gauss = self.cached_gauss().unwrap_or(0.0);
        let _ = write!(
            out,
            r#"], "pos": {}}}, "has_gauss": {}, "gauss": {:?}}}"#,
            N as u32 - self.mt.left(),
            u8::from(self.gauss.is_some()),
            gauss
        );
        out
    }
}

impl rand_core::TryRng for RandomState {
    type Error = core::convert::Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.mt.next_u32())
    }

    /// Two outputs, the first in the low half (as [`Mt19937`]; numpy's own
    /// 64-bit draws put the first word high, see [`next_uint64`]).
    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.mt.next_u64())
    }

    /// Words least significant byte first (the web page's code stays
    /// small: no bulk kernel for this type).
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(4) {
            let w = self.mt.next_u32().to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
        Ok(())
    }
}

impl crate::generators::WordRng for RandomState {
    const OUTPUT_BITS: u32 = 32;

    #[inline]
    fn next_word(&mut self) -> u64 {
        u64::from(self.mt.next_u32())
    }
}

crate::generators::impl_scalar_bulk!(RandomState, u32);

impl StateWords for RandomState {
    const NAME: &'static str = "numpy-legacy";
    const WORD_BITS: u32 = 32;
    /// `left`, the 624 block words, `has_gauss`, the cached double's high
    /// and low 32 bits.
    const WORD_COUNT: usize = N + 4;
    /// What recovery learns: the Twister's (the cache is 0 or one value
    /// the next Gaussian returns).
    const FREE_BITS: u32 = 19937;

    fn to_words(&self) -> Vec<u64> {
        let mut words = self.mt.to_words();
        let bits = self.gauss.unwrap_or(0);
        words.extend([
            u64::from(self.gauss.is_some()),
            bits >> 32,
            bits & 0xffff_ffff,
        ]);
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        check_count(Self::NAME, N + 4, words.len())?;
        let mt = Mt19937::from_words(&words[..N + 1]).map_err(|e| match e {
            StateError::WordTooWide { index, bits, .. } => StateError::WordTooWide {
                generator: Self::NAME,
                index,
                bits,
            },
            StateError::AllZero { .. } => StateError::AllZero {
                generator: Self::NAME,
            },
            other => other,
        })?;
        for (index, &w) in words.iter().enumerate().skip(N + 2) {
            if w > 0xffff_ffff {
                return Err(StateError::WordTooWide {
                    generator: Self::NAME,
                    index,
                    bits: 32,
                });
            }
        }
        let gauss = match words[N + 1] {
            0 if words[N + 2] == 0 && words[N + 3] == 0 => None,
            0 => {
                return Err(StateError::OutOfRange {
                    generator: Self::NAME,
                    index: N + 2,
                    found: words[N + 2].max(words[N + 3]),
                    expected: "0 when has_gauss is 0",
                });
            }
            1 => Some(words[N + 2] << 32 | words[N + 3]),
            found => {
                return Err(StateError::OutOfRange {
                    generator: Self::NAME,
                    index: N + 1,
                    found,
                    expected: "has_gauss: 0 or 1",
                });
            }
        };
        Ok(RandomState { mt, gauss })
    }
}

/// Reads numpy's state text: the `get_state(legacy=False)` dict (`{'bit_generator':
/// 'MT19937', 'state': {'key': [...], 'pos': P}, 'has_gauss': H, 'gauss':
/// G}`, printed by Python or as JSON; `array([...], dtype=uint32)` for the
/// key is accepted) or the `get_state()` tuple (`('MT19937', array([...],
/// dtype=uint32), P, H, G)`). `None` when the text is neither.
///
/// ```
/// use rngkit::runtimes::numpy_legacy::{RandomState, parse_numpy_state};
///
/// let key: Vec<String> = RandomState::new(7).mt().block().iter().map(|w| w.to_string()).collect();
/// let tuple = format!("('MT19937', array([{}], dtype=uint32), 624, 0, 0.0)", key.join(", "));
/// assert_eq!(parse_numpy_state(&tuple), Some(Ok(RandomState::new(7))));
/// assert!(parse_numpy_state("('MT19937', array([1, 2]), 624, 0, 0.0)").unwrap().is_err());
/// assert_eq!(parse_numpy_state("0 1 2"), None);
/// ```
pub fn parse_numpy_state(text: &str) -> Option<Result<RandomState, String>> {
    let text = text.trim();
    if !(text.starts_with('{') || text.starts_with('(')) || !text.contains("MT19937") {
        return None;
    }
    Some(parse_numbers(text))
}

fn parse_numbers(text: &str) -> Result<RandomState, String> {
    // Every number in order: the key's 624, then pos, has_gauss, gauss.
    // Names (`MT19937`, `uint32`, the dict's keys) start with a letter.
    let tokens: Vec<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+')))
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.'))
        .collect();
    let [key @ .., pos, has_gauss, gauss] = &tokens[..] else {
        return Err(format!(
            "numpy state: expected 624 key words, pos, has_gauss and gauss, found {} numbers",
            tokens.len()
        ));
    };
    if key.len() != N {
        return Err(format!(
            "numpy state: expected 624 key words, pos, has_gauss and gauss, found {} key words",
            key.len()
        ));
    }
    let mut mt = [0u32; N];
    for (slot, t) in mt.iter_mut().zip(key) {
        *slot = t
            .parse::<u32>()
            .map_err(|_| format!("numpy state: key word {t:?} is not a 32-bit unsigned integer"))?;
    }
    let pos: u32 = pos
        .parse()
        .ok()
        .filter(|&p| p <= N as u32)
        .ok_or_else(|| format!("numpy state: pos {pos:?} is not in 0..=624"))?;
    let cached = match *has_gauss {
        "0" => None,
        "1" => Some(
            parse_f64(gauss)
                .map_err(|_| format!("numpy state: gauss {gauss:?} is not a number"))?,
        ),
        _ => {
            return Err(format!(
                "numpy state: has_gauss {has_gauss:?} is not 0 or 1"
            ));
        }
    };
    let mt = Mt19937::from_state(mt, N as u32 - pos)
        .map_err(|e| format!("{}", e.naming("numpy-legacy")))?;
    Ok(RandomState::from_parts(mt, cached))
}

/// `random_sample()`: `(a * 2^26 + b) / 2^53` with `a`, `b` the top 27 and
/// 26 bits of two words (numpy's `mt19937_next_double`, as CPython's
/// `random()`).
pub fn random_sample<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    crate::runtimes::python::random(rng)
}

/// numpy's `next_uint64` for MT19937: two words, the first in the high half.
pub fn next_uint64<R: Rng + ?Sized>(rng: &mut R) -> u64 {
    let hi = rng.next_u32();
    let lo = rng.next_u32();
    u64::from(hi) << 32 | u64::from(lo)
}

/// The smallest all-ones mask covering `max`.
const fn gen_mask(max: u64) -> u64 {
    u64::MAX >> (max | 1).leading_zeros()
}

/// `random_bounded_uint64` with `use_masked` (the legacy path): a value in
/// `0..=rng` from one word under a mask while `rng` fits 32 bits, else from
/// [`next_uint64`], retried above `rng`; no draw for `rng == 0`, no mask
/// for the full ranges.
pub fn bounded_masked<R: Rng + ?Sized>(r: &mut R, rng: u64) -> u64 {
    if rng == 0 {
        0
    } else if rng == 0xffff_ffff {
        u64::from(r.next_u32())
    } else if rng < 0xffff_ffff {
        let mask = gen_mask(rng) as u32;
        loop {
            let v = r.next_u32() & mask;
            if u64::from(v) <= rng {
                return u64::from(v);
            }
        }
    } else if rng == u64::MAX {
        next_uint64(r)
    } else {
        let mask = gen_mask(rng);
        loop {
            let v = next_uint64(r) & mask;
            if v <= rng {
                return v;
            }
        }
    }
}

/// `randint(low, high)` (default dtype `int64`): `low +
/// bounded_masked(high - 1 - low)`.
///
/// # Panics
/// When `low >= high` (numpy raises `ValueError`).
pub fn randint<R: Rng + ?Sized>(rng: &mut R, low: i64, high: i64) -> i64 {
    assert!(low < high, "randint needs low < high");
    let span = (high as u64).wrapping_sub(low as u64).wrapping_sub(1);
    (low as u64).wrapping_add(bounded_masked(rng, span)) as i64
}

/// `legacy_gauss`: the cached value if there is one; else the polar
/// method on pairs of `random_sample` mapped to `(-1, 1)`, retried while
/// `r2 >= 1` or `r2 == 0`, returning `f * x2` and caching `f * x1`.
pub fn standard_normal(rs: &mut RandomState) -> f64 {
    if let Some(bits) = rs.gauss.take() {
        return f64::from_bits(bits);
    }
    loop {
        let x1 = 2.0 * random_sample(&mut rs.mt) - 1.0;
        let x2 = 2.0 * random_sample(&mut rs.mt) - 1.0;
        let r2 = x1 * x1 + x2 * x2;
        if r2 < 1.0 && r2 != 0.0 {
            let f = libm::sqrt(-2.0 * crate::cmath::log(r2) / r2);
            rs.gauss = Some((f * x1).to_bits());
            return f * x2;
        }
    }
}

/// `normal(loc, scale)`: `loc + scale * standard_normal()` (the cache
/// included).
pub fn normal(rs: &mut RandomState, loc: f64, scale: f64) -> f64 {
    loc + scale * standard_normal(rs)
}

/// `uniform(low, high)`: `low + (high - low) * random_sample()`.
pub fn uniform<R: Rng + ?Sized>(rng: &mut R, low: f64, high: f64) -> f64 {
    low + (high - low) * random_sample(rng)
}

/// `random_interval(max)`: a value in `0..=max` under a mask, retried
/// above `max` (one word while `max` fits 32 bits); what `shuffle` draws.
pub fn random_interval<R: Rng + ?Sized>(rng: &mut R, max: u64) -> u64 {
    if max == 0 {
        return 0;
    }
    let mask = gen_mask(max);
    loop {
        let v = if max <= 0xffff_ffff {
            u64::from(rng.next_u32()) & mask
        } else {
            next_uint64(rng) & mask
        };
        if v <= max {
            return v;
        }
    }
}

/// `permutation(n)` (`shuffle` of `arange(n)`): for `i` from `n - 1` down to
/// 1, swap `i` with `random_interval(i)`.
///
/// ```
/// use rngkit::runtimes::numpy_legacy::{RandomState, permutation};
///
/// // np.random.RandomState(5).permutation(5) after one choice(10)
/// let mut rs = RandomState::new(5);
/// let _ = rngkit::runtimes::numpy_legacy::randint(&mut rs, 0, 10);
/// assert_eq!(permutation(&mut rs, 5), [3, 2, 4, 1, 0]);
/// ```
pub fn permutation<R: Rng + ?Sized>(rng: &mut R, n: u64) -> Vec<i64> {
    shuffled_arange(n, |i| random_interval(rng, i))
}

/// `arange(n)` shuffled from the top: `i` from `n - 1` down to 1 swapped
/// with `interval(i)` (in `0..=i`). `RandomState` and `Generator` shuffle
/// alike and differ only in `random_interval`.
pub(crate) fn shuffled_arange(n: u64, mut interval: impl FnMut(u64) -> u64) -> Vec<i64> {
    let mut items: Vec<i64> = (0..n as i64).collect();
    for i in (1..n as usize).rev() {
        let j = interval(i as u64) as usize;
        items.swap(i, j);
    }
    items
}

/// The `numpy-legacy` GEN: `np.random.RandomState`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::numpy_legacy::NumpyLegacyGen;
///
/// let np = of::<NumpyLegacyGen>();
/// let mut rng = np.seed(&Seed::from(5), &Default::default()).unwrap();
/// let draw = np.parse_draw("random-sample", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "0.22199317108973948");
/// assert!(np.parse_draw("randint", &["3", "3"]).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NumpyLegacyGen;

/// A parsed `numpy-legacy` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum NumpyLegacyDraw {
    /// `random-sample`.
    RandomSample,
    /// `randint LOW HIGH`, `LOW < HIGH`.
    Randint(i64, i64),
    /// `standard-normal`.
    StandardNormal,
    /// `normal LOC SCALE`, `SCALE >= 0`.
    Normal(f64, f64),
    /// `uniform LOW HIGH`.
    Uniform(f64, f64),
    /// `choice N`: `choice(N)`, `N >= 1`.
    Choice(u64),
    /// `permutation N` (and `shuffle N`): the shuffled `arange(N)`.
    Permutation(u64),
}

/// Steps of `bounded_masked(span)` when they are fixed (no retry can
/// happen).
fn masked_fixed(span: u64) -> Option<u64> {
    if span == 0 {
        Some(0)
    } else if span.wrapping_add(1) & span != 0 {
        None
    } else if span <= 0xffff_ffff {
        Some(1)
    } else {
        Some(2)
    }
}

/// Known bits of the words behind `bounded_masked(span) == v` (none when
/// the draw may retry).
fn masked_known(span: u64, v: u64) -> Option<Vec<KnownBits>> {
    if v > span {
        return None;
    }
    Some(match masked_fixed(span) {
        Some(0) | None => Vec::new(),
        Some(1) => vec![KnownBits::new(span, v)],
        // next_uint64: the high word first.
        _ => vec![
            KnownBits::new(span >> 32, v >> 32),
            KnownBits::new(0xffff_ffff, v & 0xffff_ffff),
        ],
    })
}

fn randint_span(low: i64, high: i64) -> u64 {
    (high as u64).wrapping_sub(low as u64).wrapping_sub(1)
}

impl crate::registry::Gen for NumpyLegacyGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        &[Idiom {
            name: "randint",
            call: "''.join(ALPHABET[i] for i in np.random.randint(0, n, LENGTH)): randint(0, n) a character",
            pick: "randint 0 {n}",
            first: 0,
        }]
    }

    type Rng = RandomState;
    type Draw = NumpyLegacyDraw;

    const INFO: GenInfo = GenInfo {
        name: "numpy-legacy",
        aliases: &["randomstate", "numpy-randomstate"],
        summary: "numpy's legacy np.random.RandomState (MT19937 with the polar method's cached Gaussian)",
        seed_kind: SeedKind::U32,
        seed_doc: "RandomState(S), 0 <= S < 2^32: init_genrand(S) (numpy's mt19937_seed), empty Gaussian cache",
        state_doc: "628 words of 32 bits: `left` (624 - pos), mt[0..624], has_gauss, the cached Gaussian's bits (high, low); or numpy's get_state() tuple or get_state(legacy=False) dict",
        has_stream: false,
        versions: "numpy RandomState (mtrand, streams frozen by NEP 19; sources: _legacy_seeding, mtrand.pyx, legacy-distributions.c); verified against numpy 2.4.6 (tests/runtime_numpy_legacy.rs)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<RandomState, SeedError> {
        // Validated as a 32-bit seed already: its low 32 bits.
        Ok(RandomState::new(seed.low_u64() as u32))
    }

    fn parse_state(text: &str) -> Option<Result<RandomState, String>> {
        parse_numpy_state(text)
    }

    fn format_state_json(rng: &RandomState) -> Option<String> {
        Some(rng.numpy_state_json())
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[crate::registry::BareDraw {
            draw: "random-sample",
            yields: crate::registry::Yields::Unit { bits: 53 },
        }]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "random-sample",
                help: "RandomState.random_sample() (random()): 53-bit float in [0, 1) from the top 27 and 26 bits of two words (2 steps)",
            },
            DrawInfo {
                syntax: "randint LOW HIGH",
                help: "RandomState.randint(LOW, HIGH), LOW <= v < HIGH, dtype int64: masked words retried above the span, one word while HIGH - LOW fits 32 bits, else two (first high) (fixed steps when HIGH - LOW is a power of two, else variable)",
            },
            DrawInfo {
                syntax: "standard-normal",
                help: "RandomState.standard_normal(): the polar method on two random_sample, retried outside the unit disc; the second value is cached and the next call returns it with no step (variable steps)",
            },
            DrawInfo {
                syntax: "normal LOC SCALE",
                help: "RandomState.normal(LOC, SCALE), SCALE >= 0: LOC + SCALE * standard_normal() (variable steps)",
            },
            DrawInfo {
                syntax: "uniform LOW HIGH",
                help: "RandomState.uniform(LOW, HIGH): LOW + (HIGH - LOW) * random_sample() (2 steps)",
            },
            DrawInfo {
                syntax: "choice N",
                help: "RandomState.choice(N), N >= 1: randint(0, N) (fixed steps when N is a power of two, else variable steps)",
            },
            DrawInfo {
                syntax: "permutation N",
                help: "RandomState.permutation(N): arange(N) shuffled, i = N-1 down to 1 swapped with a masked word in 0..=i (variable steps)",
            },
            DrawInfo {
                syntax: "shuffle N",
                help: "RandomState.shuffle(arange(N)): the same list and steps as permutation N",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<NumpyLegacyDraw>, DrawError> {
        let draw = match name {
            "random-sample" => return no_args(NumpyLegacyDraw::RandomSample, name, args),
            "standard-normal" => return no_args(NumpyLegacyDraw::StandardNormal, name, args),
            "randint" => {
                let (low, high) = two("randint LOW HIGH", args, parse_int::<i64>)?;
                if low >= high {
                    return Err(DrawError::Invalid(format!(
                        "invalid range {low}..{high}: `randint LOW HIGH` needs LOW < HIGH (HIGH is excluded)"
                    )));
                }
                NumpyLegacyDraw::Randint(low, high)
            }
            "normal" => {
                let (loc, scale) = two("normal LOC SCALE", args, parse_f64)?;
                if !loc.is_finite() || !scale.is_finite() || scale < 0.0 {
                    return Err(DrawError::Invalid(format!(
                        "invalid argument {loc:?} {scale:?}: `normal LOC SCALE` needs finite LOC and SCALE >= 0"
                    )));
                }
                NumpyLegacyDraw::Normal(loc, scale)
            }
            "uniform" => {
                let (low, high) = two("uniform LOW HIGH", args, parse_f64)?;
                if !(high - low).is_finite() {
                    return Err(DrawError::Invalid(format!(
                        "invalid range {low:?} {high:?}: `uniform LOW HIGH` needs finite bounds whose difference is finite"
                    )));
                }
                NumpyLegacyDraw::Uniform(low, high)
            }
            "choice" => {
                let n = one("choice N", args, parse_int::<u64>)?;
                if n == 0 || n > i64::MAX as u64 {
                    return Err(DrawError::Invalid(format!(
                        "invalid argument {n}: `choice N` needs 1 <= N < 2^63"
                    )));
                }
                NumpyLegacyDraw::Choice(n)
            }
            "permutation" | "shuffle" => {
                let syntax = if name == "shuffle" {
                    "shuffle N"
                } else {
                    "permutation N"
                };
                let n = one(syntax, args, parse_int::<u64>)?;
                if n > MAX_LIST {
                    return Err(DrawError::Invalid(format!(
                        "`{syntax}` takes N up to {MAX_LIST}, got {n}"
                    )));
                }
                NumpyLegacyDraw::Permutation(n)
            }
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(draw: &NumpyLegacyDraw, rs: &mut RandomState) -> DrawValue {
        match *draw {
            NumpyLegacyDraw::RandomSample => DrawValue::F64(random_sample(rs)),
            NumpyLegacyDraw::Randint(low, high) => DrawValue::I64(randint(rs, low, high)),
            NumpyLegacyDraw::StandardNormal => DrawValue::F64(standard_normal(rs)),
            NumpyLegacyDraw::Normal(loc, scale) => DrawValue::F64(normal(rs, loc, scale)),
            NumpyLegacyDraw::Uniform(low, high) => DrawValue::F64(uniform(rs, low, high)),
            NumpyLegacyDraw::Choice(n) => DrawValue::I64(randint(rs, 0, n as i64)),
            NumpyLegacyDraw::Permutation(n) => DrawValue::Ints(permutation(rs, n)),
        }
    }

    fn steps(draw: &NumpyLegacyDraw) -> Steps {
        let masked = |span: u64| masked_fixed(span).map_or(Steps::Variable, Steps::Fixed);
        match *draw {
            NumpyLegacyDraw::RandomSample | NumpyLegacyDraw::Uniform(..) => Steps::Fixed(2),
            NumpyLegacyDraw::Randint(low, high) => masked(randint_span(low, high)),
            NumpyLegacyDraw::Choice(n) => masked(n - 1),
            NumpyLegacyDraw::StandardNormal | NumpyLegacyDraw::Normal(..) => Steps::Variable,
            NumpyLegacyDraw::Permutation(n) if n <= 1 => Steps::Fixed(0),
            NumpyLegacyDraw::Permutation(_) => Steps::Variable,
        }
    }

    fn known_bits(draw: &NumpyLegacyDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        let unit = |k: u64| k as f64 * (1.0 / 9_007_199_254_740_992.0);
        match *draw {
            NumpyLegacyDraw::RandomSample => res53_known(value, unit),
            NumpyLegacyDraw::Uniform(low, high) => {
                res53_known(value, |k| low + (high - low) * unit(k))
            }
            NumpyLegacyDraw::Randint(low, high) => {
                let v = value.as_i64()?;
                if v < low || v >= high {
                    return None;
                }
                masked_known(randint_span(low, high), (v as u64).wrapping_sub(low as u64))
            }
            NumpyLegacyDraw::Choice(n) => masked_known(n - 1, u64::try_from(value.as_i64()?).ok()?),
            _ => Some(Vec::new()),
        }
    }
}
