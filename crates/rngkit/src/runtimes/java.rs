//! `java.util.Random`: the 48-bit linear congruential generator every Java
//! runtime ships, with the draws of OpenJDK 17's `Random` and its
//! `RandomGenerator` defaults.
//!
//! The algorithm is fixed by the class's specification (each method's
//! `@implSpec` says "as if by" the code it must match), so every conforming
//! runtime gives the same values:
//!
//! * `new Random(S)`: `seed = (S ^ 0x5DEECE66D) & (2^48 - 1)`.
//! * `next(bits)`: `seed = (seed * 0x5DEECE66D + 0xB) mod 2^48`, then the top
//!   `bits` bits of the new seed. One raw step of this crate is one such
//!   step, and its output word is `next(32)`.
//! * `nextGaussian()`: Marsaglia's polar method with `StrictMath.log` and
//!   `StrictMath.sqrt`, caching the second value of each pair (see
//!   [`super::fdlibm`]).
//! * `nextInt(origin, bound)` and `nextLong(origin, bound)` are the JDK 17
//!   `RandomGenerator` default methods (`RandomSupport.boundedNextInt` and
//!   `boundedNextLong`): they mask the low bits for power-of-two spans and
//!   reject on `nextInt() >>> 1` otherwise. JDK 8 to 16 had no such public
//!   methods on `Random` (their `ints(origin, bound)` streams compute
//!   `nextInt(n) + origin` instead, a different stream).
//!
//! Checked against OpenJDK 17 (`tests/runtime_java.rs` runs `java`); the
//! JDK 25 sources of `Random`, `RandomSupport` and `RandomGenerator` compute
//! the same values for these methods.
//!
//! ```
//! use rngkit::runtimes::java::JavaRandom;
//!
//! // Values printed by OpenJDK 17.
//! let mut rng = JavaRandom::new(42);
//! assert_eq!(rng.next_int(), -1170105035);
//! assert_eq!(rng.try_next_int_bounded(10), Ok(3));
//! assert_eq!(rng.next_double(), 0.6832234717598454);
//! assert_eq!(rng.next_long(), 5694868678511409995);
//! ```

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use rand_core::SeedableRng;

use super::fdlibm;
use crate::draw::{DrawError, DrawValue};
use crate::engines::EngineError;
use crate::generators::impl_rng_u32;
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};
use crate::{StateError, StateWords};

/// The LCG multiplier, `0x5DEECE66D`.
pub const MULTIPLIER: u64 = 0x5_deec_e66d;
/// The LCG increment, `0xB`.
pub const ADDEND: u64 = 0xb;
/// The seed is kept modulo `2^48`.
pub const SEED_MASK: u64 = (1 << 48) - 1;
/// `2^-53`, exact.
const DOUBLE_UNIT: f64 = 1.0 / (1u64 << 53) as f64;
/// `2^-24`, exact.
const FLOAT_UNIT: f32 = 1.0 / (1u32 << 24) as f32;
/// The engine name used in errors.
const ENGINE: &str = "java";
/// The most bytes `next-bytes N` draws at once (a guard for the command
/// line; Java allows any array length).
pub const MAX_BYTES: u32 = 1 << 20;

/// `java.util.Random`: a 48-bit seed and the cached second Gaussian.
///
/// `Random` keeps `nextNextGaussian` beside the seed: `nextGaussian()`
/// computes two values and returns the second on the next call without
/// touching the seed. It is part of the state, so it is part of this type
/// and of its state words (see [`StateWords`] below).
///
/// ```
/// use rngkit::runtimes::java::JavaRandom;
///
/// // OpenJDK 17: new Random(0).nextGaussian(), three times.
/// let mut rng = JavaRandom::new(0);
/// assert_eq!(rng.next_gaussian(), 0.8025330637390305);
/// assert_eq!(rng.next_next_gaussian(), Some(-0.9015460884175122));
/// assert_eq!(rng.next_gaussian(), -0.9015460884175122);
/// assert_eq!(rng.next_gaussian(), 2.080920790428163);
/// ```
#[derive(Clone, Debug)]
pub struct JavaRandom {
    seed: u64,
    next_next_gaussian: Option<f64>,
}

impl PartialEq for JavaRandom {
    fn eq(&self, other: &Self) -> bool {
        self.seed == other.seed
            && self.next_next_gaussian.map(f64::to_bits)
                == other.next_next_gaussian.map(f64::to_bits)
    }
}

impl Eq for JavaRandom {}

/// `new Random(seed)`'s scrambling of the seed.
#[inline]
pub const fn scramble(seed: i64) -> u64 {
    (seed as u64 ^ MULTIPLIER) & SEED_MASK
}

impl JavaRandom {
    /// `new Random(seed)`.
    pub const fn new(seed: i64) -> Self {
        JavaRandom {
            seed: scramble(seed),
            next_next_gaussian: None,
        }
    }

    /// A generator whose internal 48-bit seed is `seed` (not scrambled: the
    /// value `Random` holds in its `seed` field), without a cached Gaussian.
    ///
    /// # Errors
    /// [`StateError::WordTooWide`] when `seed >= 2^48`.
    pub fn from_seed48(seed: u64) -> Result<Self, StateError> {
        if seed > SEED_MASK {
            return Err(StateError::WordTooWide {
                generator: ENGINE,
                index: 0,
                bits: 48,
            });
        }
        Ok(JavaRandom {
            seed,
            next_next_gaussian: None,
        })
    }

    /// The internal 48-bit seed.
    pub const fn seed48(&self) -> u64 {
        self.seed
    }

    /// The Gaussian that the next `nextGaussian()` returns without stepping
    /// (`haveNextNextGaussian ? nextNextGaussian : none`).
    pub const fn next_next_gaussian(&self) -> Option<f64> {
        self.next_next_gaussian
    }

    /// Sets or clears the cached Gaussian (a state read from elsewhere).
    pub fn set_next_next_gaussian(&mut self, value: Option<f64>) {
        self.next_next_gaussian = value;
    }

    /// `setSeed(seed)`: as `new Random(seed)`, clearing the cached Gaussian.
    pub fn set_seed(&mut self, seed: i64) {
        *self = JavaRandom::new(seed);
    }

    /// `next(bits)`: one LCG step, then the top `bits` bits of the new seed
    /// (`(int)(seed >>> (48 - bits))`).
    ///
    /// # Panics
    /// When `bits` is not in `1..=32` (Java's contract; the class itself
    /// only calls it with such values).
    #[inline]
    pub fn next(&mut self, bits: u32) -> i32 {
        assert!(
            (1..=32).contains(&bits),
            "next(bits) takes 1 to 32 bits, got {bits}"
        );
        self.seed = self.seed.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND) & SEED_MASK;
        (self.seed >> (48 - bits)) as u32 as i32
    }

    /// One raw step: `next(32)` as unsigned bits.
    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        self.next(32) as u32
    }

    /// `nextInt()`: `next(32)`.
    #[inline]
    pub fn next_int(&mut self) -> i32 {
        self.next(32)
    }

    /// `nextInt(bound)`: Random's own method. A power-of-two bound takes the
    /// top bits of `next(31)` (one step); any other bound rejects
    /// over-represented values of `next(31)` (one step or more).
    ///
    /// # Errors
    /// [`EngineError::EmptyRange`] when `bound <= 0` (Java throws
    /// `IllegalArgumentException`); nothing is consumed.
    pub fn try_next_int_bounded(&mut self, bound: i32) -> Result<i32, EngineError> {
        check_bound(ENGINE, bound)?;
        let mut r = self.next(31);
        let m = bound - 1;
        if bound & m == 0 {
            r = ((i64::from(bound) * i64::from(r)) >> 31) as i32;
        } else {
            // Java: for (int u = r; u - (r = u % bound) + m < 0; u = next(31));
            // the int sum overflows exactly for the incomplete last block.
            let mut u = r;
            loop {
                r = u % bound;
                if u.wrapping_sub(r).wrapping_add(m) >= 0 {
                    break;
                }
                u = self.next(31);
            }
        }
        Ok(r)
    }

    /// `nextInt(origin, bound)` (JDK 17+, `RandomSupport.boundedNextInt` on
    /// `nextInt()`).
    ///
    /// # Errors
    /// [`EngineError::EmptyRange`] when `origin >= bound`; nothing is consumed.
    pub fn try_next_int_range(&mut self, origin: i32, bound: i32) -> Result<i32, EngineError> {
        try_bounded_next_int(ENGINE, || self.next_int(), origin, bound)
    }

    /// `nextLong()`: `((long)next(32) << 32) + next(32)`. The second word is
    /// added as a signed `int`, so a set top bit borrows one from the first.
    #[inline]
    pub fn next_long(&mut self) -> i64 {
        let high = i64::from(self.next(32));
        let low = i64::from(self.next(32));
        (high << 32).wrapping_add(low)
    }

    /// `nextLong(origin, bound)` (JDK 17+, `RandomSupport.boundedNextLong`
    /// on `nextLong()`).
    ///
    /// # Errors
    /// [`EngineError::EmptyRange`] when `origin >= bound`; nothing is consumed.
    pub fn try_next_long_range(&mut self, origin: i64, bound: i64) -> Result<i64, EngineError> {
        if origin >= bound {
            return Err(EngineError::EmptyRange {
                engine: ENGINE,
                min: origin,
                max: bound,
            });
        }
        Ok(bounded_next_long(|| self.next_long(), origin, bound))
    }

    /// `nextBoolean()`: `next(1) != 0`.
    #[inline]
    pub fn next_boolean(&mut self) -> bool {
        self.next(1) != 0
    }

    /// `nextFloat()`: `next(24) / 2^24` (exact).
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        self.next(24) as f32 * FLOAT_UNIT
    }

    /// `nextDouble()`: `((long)next(26) << 27) + next(27)` times `2^-53`
    /// (exact; two steps).
    #[inline]
    pub fn next_double(&mut self) -> f64 {
        let high = i64::from(self.next(26));
        let low = i64::from(self.next(27));
        ((high << 27) + low) as f64 * DOUBLE_UNIT
    }

    /// `nextGaussian()`: the cached value if there is one (no step);
    /// otherwise pairs of `nextDouble()` until `0 < s < 1` for
    /// `s = v1^2 + v2^2` (`v = 2 * nextDouble() - 1`), then
    /// `v1 * m` with `m = StrictMath.sqrt(-2 * StrictMath.log(s) / s)`,
    /// caching `v2 * m`.
    pub fn next_gaussian(&mut self) -> f64 {
        if let Some(cached) = self.next_next_gaussian.take() {
            return cached;
        }
        let (v1, v2, s) = loop {
            let v1 = 2.0 * self.next_double() - 1.0;
            let v2 = 2.0 * self.next_double() - 1.0;
            let s = v1 * v1 + v2 * v2;
            if !(s >= 1.0 || s == 0.0) {
                break (v1, v2, s);
            }
        };
        let multiplier = fdlibm::sqrt(-2.0 * fdlibm::log(s) / s);
        self.next_next_gaussian = Some(v2 * multiplier);
        v1 * multiplier
    }

    /// `nextBytes(bytes)`: one `nextInt()` per 4 bytes, low byte first; the
    /// unused bytes of the last word are discarded.
    ///
    /// ```
    /// use rngkit::runtimes::java::JavaRandom;
    /// let mut bytes = [0u8; 6];
    /// JavaRandom::new(42).next_bytes(&mut bytes);
    /// assert_eq!(bytes, [0x35, 0x9d, 0x41, 0xba, 0xf7, 0x8a]); // OpenJDK 17
    /// ```
    pub fn next_bytes(&mut self, bytes: &mut [u8]) {
        for chunk in bytes.chunks_mut(4) {
            let word = self.next_int().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    }
}

/// Writes JDK 17's `RandomSupport.boundedNext{Int,Long}(rng, origin,
/// bound)` for one width: the same algorithm for `int` and `long` (a
/// power-of-two span masks, a span that fits rejects on `u >> 1`, a span
/// that overflows draws until inside).
macro_rules! bounded_next {
    ($(#[$doc:meta])* $name:ident, $int:ty, $uint:ty) => {
        $(#[$doc])*
        pub(crate) fn $name(mut next: impl FnMut() -> $int, origin: $int, bound: $int) -> $int {
            let mut r = next();
            if origin < bound {
                let n = bound.wrapping_sub(origin);
                let m = n.wrapping_sub(1);
                if n & m == 0 {
                    // A power-of-two span (2^31 or 2^63 included, where n
                    // wraps to MIN_VALUE).
                    r = (r & m).wrapping_add(origin);
                } else if n > 0 {
                    let mut u = ((r as $uint) >> 1) as $int;
                    loop {
                        r = u % n;
                        if u.wrapping_add(m).wrapping_sub(r) >= 0 {
                            break;
                        }
                        u = ((next() as $uint) >> 1) as $int;
                    }
                    r = r.wrapping_add(origin);
                } else {
                    // The span does not fit the type: draw until inside.
                    while r < origin || r >= bound {
                        r = next();
                    }
                }
            }
            r
        }
    };
}

bounded_next!(
    /// `RandomSupport.boundedNextInt(rng, origin, bound)` of JDK 17, on a
    /// `nextInt()` source; `origin < bound` is checked by the caller (Java's
    /// `checkRange`).
    bounded_next_int,
    i32,
    u32
);

bounded_next!(
    /// `RandomSupport.boundedNextLong(rng, origin, bound)` of JDK 17, on a
    /// `nextLong()` source.
    bounded_next_long,
    i64,
    u64
);

/// Java's check of `nextInt(bound)`, `bound > 0`, else
/// [`EngineError::EmptyRange`] under `engine`: `Random` and
/// `SplittableRandom` throw alike.
pub(crate) fn check_bound(engine: &'static str, bound: i32) -> Result<(), EngineError> {
    if bound <= 0 {
        return Err(EngineError::EmptyRange {
            engine,
            min: 0,
            max: i64::from(bound),
        });
    }
    Ok(())
}

/// `nextInt(origin, bound)` of JDK 17+ on a `nextInt()` source, after
/// Java's `checkRange` (`origin < bound`, else [`EngineError::EmptyRange`]
/// under `engine`; nothing drawn): `Random` and `SplittableRandom` alike.
pub(crate) fn try_bounded_next_int(
    engine: &'static str,
    next_int: impl FnMut() -> i32,
    origin: i32,
    bound: i32,
) -> Result<i32, EngineError> {
    if origin >= bound {
        return Err(EngineError::EmptyRange {
            engine,
            min: i64::from(origin),
            max: i64::from(bound),
        });
    }
    Ok(bounded_next_int(next_int, origin, bound))
}

/// `RandomSupport.boundedNextInt(rng, bound)` of JDK 17 (origin 0,
/// `bound > 0`), on a `nextInt()` source.
pub(crate) fn bounded_next_int_from_zero(mut next_int: impl FnMut() -> i32, bound: i32) -> i32 {
    let m = bound.wrapping_sub(1);
    let mut r = next_int();
    if bound & m == 0 {
        r &= m;
    } else {
        let mut u = ((r as u32) >> 1) as i32;
        loop {
            r = u % bound;
            if u.wrapping_add(m).wrapping_sub(r) >= 0 {
                break;
            }
            u = ((next_int() as u32) >> 1) as i32;
        }
    }
    r
}

impl_rng_u32!(JavaRandom);

/// A Java generator seeded by a `long` (`Self::new(i64)`), with the scalar
/// `BulkFill` of its `Word`: `Random` and `SplittableRandom` alike. `$doc`
/// names the constructor `seed_from_u64` stands for.
macro_rules! long_seeded {
    ($ty:ty, $word:ty, $doc:literal) => {
        crate::generators::impl_scalar_bulk!($ty, $word);

        impl SeedableRng for $ty {
            /// The `long` seed, little-endian.
            type Seed = [u8; 8];

            fn from_seed(seed: Self::Seed) -> Self {
                Self::new(i64::from_le_bytes(seed))
            }

            #[doc = $doc]
            fn seed_from_u64(seed: u64) -> Self {
                Self::new(seed as i64)
            }
        }
    };
}
pub(crate) use long_seeded;

long_seeded!(JavaRandom, u32, "`new Random(seed as long)`.");

/// The state words: `seed` (the 48-bit internal seed, below `2^48`), or
/// `seed gaussian` while a Gaussian is cached, `gaussian` being the cached
/// double's IEEE-754 bits (Java's `Double.doubleToRawLongBits(nextNextGaussian)`).
/// [`WORD_COUNT`](StateWords::WORD_COUNT) is the plain form's 1.
///
/// ```
/// use rngkit::runtimes::java::JavaRandom;
/// use rngkit::StateWords;
///
/// let mut rng = JavaRandom::new(0);
/// assert_eq!(rng.to_words(), [0x5deece66d]);
/// rng.next_gaussian();
/// let words = rng.to_words();
/// assert_eq!(words.len(), 2);
/// assert_eq!(f64::from_bits(words[1]), -0.9015460884175122);
/// assert_eq!(JavaRandom::from_words(&words).unwrap(), rng);
/// assert!(JavaRandom::from_words(&[1 << 48]).is_err());
/// ```
impl StateWords for JavaRandom {
    const NAME: &'static str = "java";
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = 1;
    /// The 48-bit LCG state.
    const FREE_BITS: u32 = 48;

    fn to_words(&self) -> Vec<u64> {
        let mut words = vec![self.seed];
        if let Some(g) = self.next_next_gaussian {
            words.push(g.to_bits());
        }
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let (&seed, rest) = words.split_first().ok_or(StateError::WordCount {
            generator: Self::NAME,
            expected: 1,
            found: 0,
        })?;
        let mut rng = JavaRandom::from_seed48(seed)?;
        match rest {
            [] => {}
            [bits] => {
                let g = f64::from_bits(*bits);
                if !g.is_finite() {
                    return Err(StateError::OutOfRange {
                        generator: Self::NAME,
                        index: 1,
                        found: *bits,
                        expected: "the bits of a finite double (the cached nextGaussian)",
                    });
                }
                rng.next_next_gaussian = Some(g);
            }
            _ => {
                return Err(StateError::WordCount {
                    generator: Self::NAME,
                    expected: 1,
                    found: words.len(),
                });
            }
        }
        Ok(rng)
    }
}

// ---------------------------------------------------------------------------
// The `java` GEN.

/// The `java` GEN: `java.util.Random`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::java::JavaGen;
///
/// let g = of::<JavaGen>();
/// let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
/// assert_eq!(rng.format_words(), "00000005deece647");
/// let d = g.parse_draw("next-int", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "-1170105035"); // OpenJDK 17
/// assert!(g.parse_draw("next-int", &["0"]).is_err()); // bound must be positive
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct JavaGen;

/// A parsed `java` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum JavaDraw {
    /// `next-int`: `nextInt()`.
    NextInt,
    /// `next-int BOUND`: `nextInt(bound)`, `bound > 0`.
    NextIntBound(i32),
    /// `next-int ORIGIN BOUND`: `nextInt(origin, bound)`, `origin < bound`.
    NextIntRange(i32, i32),
    /// `next-long`: `nextLong()`.
    NextLong,
    /// `next-long ORIGIN BOUND`: `nextLong(origin, bound)`, `origin < bound`.
    NextLongRange(i64, i64),
    /// `next-double`: `nextDouble()`.
    NextDouble,
    /// `next-float`: `nextFloat()`.
    NextFloat,
    /// `next-boolean`: `nextBoolean()`.
    NextBoolean,
    /// `next-gaussian`: `nextGaussian()`.
    NextGaussian,
    /// `next-bytes N`: `nextBytes(new byte[n])`.
    NextBytes(u32),
    /// `random-alphanumeric LEN` / `random-alphabetic LEN`: Apache
    /// commons-lang3's `RandomStringUtils` on this `Random`.
    RandomString {
        /// Characters.
        len: u32,
        /// Letters only (`randomAlphabetic`), else letters and digits.
        letters_only: bool,
    },
}

/// The longest `random-alphanumeric LEN` / `random-alphabetic LEN`.
const MAX_RANDOM_STRING: u32 = 1 << 20;

/// commons-lang3 3.12's `RandomStringUtils.random(len, 0, 0, true, digits,
/// null, random)` (`randomAlphanumeric` with `digits`, `randomAlphabetic`
/// without): with no range given it draws code points `nextInt(91) + 32`
/// (`' '` to `'z'`) and keeps those that are letters (or digits), redrawing
/// the rest (29 of 91 for alphanumeric, 39 for alphabetic), until `len` are
/// kept. Every code point of that range is assigned, not private and no
/// surrogate, so no other redraw happens. Written from the library's
/// documented behaviour and checked against the jar (tests/runtime_tokens.rs).
fn random_string(rng: &mut JavaRandom, len: u32, letters_only: bool) -> alloc::string::String {
    let mut out = alloc::string::String::with_capacity(len as usize);
    while out.len() < len as usize {
        let code = 32 + rng.try_next_int_bounded(91).unwrap_or(0) as u8;
        if code.is_ascii_alphabetic() || (!letters_only && code.is_ascii_digit()) {
            out.push(char::from(code));
        }
    }
    out
}

/// Whether a span (as Java's wrapped `bound - origin`) is a power of two.
fn power_of_two_span_i32(n: i32) -> bool {
    n & n.wrapping_sub(1) == 0
}

fn power_of_two_span_i64(n: i64) -> bool {
    n & n.wrapping_sub(1) == 0
}

/// Parses `next-bytes N`.
pub(crate) fn parse_byte_count(syntax: &'static str, args: &[&str]) -> Result<u32, DrawError> {
    let n = crate::draw::one(syntax, args, parse_int::<u32>)?;
    if n > MAX_BYTES {
        return Err(DrawError::Invalid(format!(
            "`{syntax}` draws at most {MAX_BYTES} bytes at once, got {n}"
        )));
    }
    Ok(n)
}

/// `ALPHABET.charAt(random.nextInt(n))`: the JVM's idiom, of
/// `java.util.Random` and of libGDX's `RandomXS128` alike.
pub(crate) const NEXT_INT_IDIOMS: &[crate::token::Idiom] = &[crate::token::Idiom {
    name: "next-int",
    call: "ALPHABET.charAt(random.nextInt(ALPHABET.length())) a character",
    pick: "next-int {n}",
    first: 0,
}];

impl crate::registry::Gen for JavaGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        NEXT_INT_IDIOMS
    }

    type Rng = JavaRandom;
    type Draw = JavaDraw;

    const INFO: GenInfo = GenInfo {
        name: "java",
        aliases: &["java-random", "java-util-random"],
        summary: "java.util.Random: the 48-bit LCG (0x5DEECE66D, 0xB) of every Java runtime",
        seed_kind: SeedKind::I64,
        seed_doc: "new Random(S): seed = (S ^ 0x5DEECE66D) mod 2^48",
        state_doc: "1 word of 64 bits: the 48-bit seed (below 2^48); while a nextGaussian \
                    value is cached, 2 words: seed, then the cached double's IEEE-754 bits",
        has_stream: false,
        versions: "OpenJDK 17 (oracle: tests/runtime_java.rs runs java); the methods are \
                   specified in Random's @implSpec and unchanged in the JDK 25 sources; \
                   nextInt/nextLong(origin, bound) are JDK 17+",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<JavaRandom, SeedError> {
        Ok(JavaRandom::new(seed.low_u64() as i64))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        use crate::runtimes::{bare_int, bare_unit};
        const BARE: &[crate::registry::BareDraw] = &[
            bare_unit("next-double", 53),
            bare_int("next-int", 32, true),
            bare_unit("next-float", 24),
            bare_int("next-long", 64, true),
        ];
        BARE
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "next-int",
                help: "nextInt(): next(32), the whole output word (1 step)",
            },
            DrawInfo {
                syntax: "next-int BOUND",
                help: "nextInt(bound), BOUND > 0: top bits of next(31) for a power of two \
                       (1 step), otherwise rejection on next(31) (variable steps)",
            },
            DrawInfo {
                syntax: "next-int ORIGIN BOUND",
                help: "nextInt(origin, bound) of JDK 17+, ORIGIN < BOUND: low bits of nextInt() \
                       for a power-of-two span (1 step), otherwise rejection (variable steps)",
            },
            DrawInfo {
                syntax: "next-long",
                help: "nextLong(): (next(32) << 32) + next(32) (2 steps)",
            },
            DrawInfo {
                syntax: "next-long ORIGIN BOUND",
                help: "nextLong(origin, bound) of JDK 17+, ORIGIN < BOUND: low bits of \
                       nextLong() for a power-of-two span (2 steps), otherwise rejection \
                       (variable steps)",
            },
            DrawInfo {
                syntax: "next-double",
                help: "nextDouble(): ((next(26) << 27) + next(27)) * 2^-53 (2 steps)",
            },
            DrawInfo {
                syntax: "next-float",
                help: "nextFloat(): next(24) * 2^-24 (1 step)",
            },
            DrawInfo {
                syntax: "next-boolean",
                help: "nextBoolean(): next(1) != 0 (1 step)",
            },
            DrawInfo {
                syntax: "next-gaussian",
                help: "nextGaussian(): polar method with StrictMath.log/sqrt; every other call \
                       returns the cached second value (variable steps: 0, or 4 or more)",
            },
            DrawInfo {
                syntax: "next-bytes N",
                help: "nextBytes(new byte[N]) as hex: one nextInt() per 4 bytes, low byte first \
                       (ceil(N/4) steps)",
            },
            DrawInfo {
                syntax: "random-alphanumeric LEN",
                help: "Apache commons-lang3 3.12 RandomStringUtils.random(LEN, 0, 0, true, true, \
                       null, random) (randomAlphanumeric on this Random): nextInt(91) + 32 \
                       redrawn until a letter or digit, LEN times (variable steps)",
            },
            DrawInfo {
                syntax: "random-alphabetic LEN",
                help: "RandomStringUtils.random(LEN, 0, 0, true, false, null, random) \
                       (randomAlphabetic): the same, letters only (variable steps)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<JavaDraw>, DrawError> {
        let draw = match name {
            "next-int" => match parse_next_int(args)? {
                NextIntArgs::None => JavaDraw::NextInt,
                NextIntArgs::Bound(bound) => JavaDraw::NextIntBound(bound),
                NextIntArgs::Range(origin, bound) => JavaDraw::NextIntRange(origin, bound),
            },
            "next-long" => match *args {
                [] => JavaDraw::NextLong,
                [origin, bound] => {
                    let origin = parse_int::<i64>(origin)?;
                    let bound = parse_int::<i64>(bound)?;
                    check_range(origin, bound, "next-long ORIGIN BOUND")?;
                    JavaDraw::NextLongRange(origin, bound)
                }
                _ => {
                    return Err(DrawError::Invalid(format!(
                        "`next-long` takes no arguments or ORIGIN BOUND; found {} argument(s)",
                        args.len()
                    )));
                }
            },
            "next-double" | "next-float" | "next-boolean" | "next-gaussian" => {
                crate::draw::expect_args(name, args)?;
                match name {
                    "next-double" => JavaDraw::NextDouble,
                    "next-float" => JavaDraw::NextFloat,
                    "next-boolean" => JavaDraw::NextBoolean,
                    _ => JavaDraw::NextGaussian,
                }
            }
            "next-bytes" => JavaDraw::NextBytes(parse_byte_count("next-bytes N", args)?),
            "random-alphanumeric" | "random-alphabetic" => {
                let syntax = if name == "random-alphabetic" {
                    "random-alphabetic LEN"
                } else {
                    "random-alphanumeric LEN"
                };
                let len = crate::draw::one(syntax, args, parse_int::<u32>)?;
                if len == 0 || len > MAX_RANDOM_STRING {
                    return Err(DrawError::Invalid(format!(
                        "`{syntax}` takes LEN from 1 to {MAX_RANDOM_STRING}, got {len}"
                    )));
                }
                JavaDraw::RandomString {
                    len,
                    letters_only: name == "random-alphabetic",
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(draw: &JavaDraw, rng: &mut JavaRandom) -> DrawValue {
        match *draw {
            JavaDraw::NextInt => DrawValue::I32(rng.next_int()),
            // Bounds were validated by parse_draw; a hand-built invalid draw
            // gives Java's value for the nearest valid call instead of panicking.
            JavaDraw::NextIntBound(bound) => {
                DrawValue::I32(rng.try_next_int_bounded(bound.max(1)).unwrap_or(0))
            }
            JavaDraw::NextIntRange(origin, bound) => {
                DrawValue::I32(bounded_next_int(|| rng.next_int(), origin, bound))
            }
            JavaDraw::NextLong => DrawValue::I64(rng.next_long()),
            JavaDraw::NextLongRange(origin, bound) => {
                DrawValue::I64(bounded_next_long(|| rng.next_long(), origin, bound))
            }
            JavaDraw::NextDouble => DrawValue::F64(rng.next_double()),
            JavaDraw::NextFloat => DrawValue::F32(rng.next_float()),
            JavaDraw::NextBoolean => DrawValue::Bool(rng.next_boolean()),
            JavaDraw::NextGaussian => DrawValue::F64(rng.next_gaussian()),
            JavaDraw::NextBytes(n) => {
                let mut bytes = vec![0u8; n as usize];
                rng.next_bytes(&mut bytes);
                DrawValue::Bytes(bytes)
            }
            JavaDraw::RandomString { len, letters_only } => {
                DrawValue::Text(random_string(rng, len, letters_only))
            }
        }
    }

    fn steps(draw: &JavaDraw) -> Steps {
        match *draw {
            JavaDraw::NextInt | JavaDraw::NextFloat | JavaDraw::NextBoolean => Steps::Fixed(1),
            JavaDraw::NextLong | JavaDraw::NextDouble => Steps::Fixed(2),
            JavaDraw::NextIntBound(bound) if power_of_two_span_i32(bound) => Steps::Fixed(1),
            JavaDraw::NextIntRange(origin, bound)
                if power_of_two_span_i32(bound.wrapping_sub(origin)) =>
            {
                Steps::Fixed(1)
            }
            JavaDraw::NextLongRange(origin, bound)
                if power_of_two_span_i64(bound.wrapping_sub(origin)) =>
            {
                Steps::Fixed(2)
            }
            JavaDraw::NextBytes(n) => Steps::Fixed(u64::from(n).div_ceil(4)),
            JavaDraw::NextIntBound(_)
            | JavaDraw::NextIntRange(..)
            | JavaDraw::NextLongRange(..)
            | JavaDraw::NextGaussian
            | JavaDraw::RandomString { .. } => Steps::Variable,
        }
    }

    fn known_bits(draw: &JavaDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        java_known_bits(draw, value)
    }
}

/// The arguments of `next-int` (`nextInt()`, `nextInt(bound)`,
/// `nextInt(origin, bound)`), checked as Java checks them; shared by the
/// Java GENs.
pub(crate) enum NextIntArgs {
    /// No arguments.
    None,
    /// `BOUND > 0`.
    Bound(i32),
    /// `ORIGIN < BOUND`.
    Range(i32, i32),
}

/// Parses `next-int [BOUND | ORIGIN BOUND]`.
pub(crate) fn parse_next_int(args: &[&str]) -> Result<NextIntArgs, DrawError> {
    match *args {
        [] => Ok(NextIntArgs::None),
        [bound] => {
            let bound = parse_int::<i32>(bound)?;
            if bound <= 0 {
                return Err(DrawError::Invalid(format!(
                    "`next-int BOUND` needs BOUND > 0 (Java throws \
                     IllegalArgumentException: bound must be positive), got {bound}"
                )));
            }
            Ok(NextIntArgs::Bound(bound))
        }
        [origin, bound] => {
            let origin = parse_int::<i32>(origin)?;
            let bound = parse_int::<i32>(bound)?;
            check_range(origin.into(), bound.into(), "next-int ORIGIN BOUND")?;
            Ok(NextIntArgs::Range(origin, bound))
        }
        _ => Err(DrawError::Invalid(format!(
            "`next-int` takes no arguments, BOUND, or ORIGIN BOUND; found {} arguments",
            args.len()
        ))),
    }
}

/// Java's `checkRange`: `origin < bound`.
fn check_range(origin: i64, bound: i64, syntax: &str) -> Result<(), DrawError> {
    if origin < bound {
        Ok(())
    } else {
        Err(DrawError::Invalid(format!(
            "`{syntax}` needs ORIGIN < BOUND (Java throws IllegalArgumentException: \
             bound must be greater than origin), got {origin} and {bound}"
        )))
    }
}

/// The 32-bit word bits `next(bits)` reveals: its value is the top `bits`
/// bits of the word.
fn top_bits(bits: u32, value: u64) -> KnownBits {
    let shift = 32 - bits;
    KnownBits::new((0xffff_ffff >> shift) << shift, value << shift)
}

/// The known bits of a `nextLong()` value `r`, first word first: the low
/// word is `r`'s low 32 bits; the high word is `r >> 32` plus the low word's
/// sign bit (the borrow `+ (int)low` took), both exact. `mask` limits the
/// bits of `r` that are known (low bits for the bounded draws).
fn long_known(r: u64, mask: u64) -> Vec<KnownBits> {
    let low = r & 0xffff_ffff;
    let low_mask = mask & 0xffff_ffff;
    let high_mask = mask >> 32;
    // The high word is only known where the low word's sign is known.
    let high = if low_mask >> 31 == 1 {
        KnownBits::new(high_mask, (r >> 32).wrapping_add(low >> 31))
    } else {
        KnownBits::new(0, 0)
    };
    vec![high, KnownBits::new(low_mask, low)]
}

/// The integers `k` in `0..=max` with `matches(k)`, for a predicate that holds
/// on one interval of them (a monotone float draw read back): the ends of
/// that interval, found by searching near `guess`, galloping and bisecting.
pub(crate) fn match_interval(
    guess: f64,
    max: u64,
    matches: impl Fn(u64) -> bool,
) -> Option<(u64, u64)> {
    let g = if guess.is_nan() {
        0
    } else {
        (guess.clamp(0.0, max as f64) as u64).min(max)
    };
    let start = (g.saturating_sub(1024)..=g.saturating_add(1024).min(max)).find(|&k| matches(k))?;
    let edge = |down: bool| -> u64 {
        let at = |d: u64| -> Option<u64> {
            if down {
                start.checked_sub(d)
            } else {
                start.checked_add(d).filter(|&k| k <= max)
            }
        };
        let (mut good, mut bad) = (0u64, 1u64);
        while let Some(k) = at(bad) {
            if !matches(k) {
                break;
            }
            good = bad;
            bad = bad.saturating_mul(2);
            if good == u64::MAX {
                break;
            }
        }
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            match at(mid) {
                Some(k) if matches(k) => good = mid,
                _ => bad = mid,
            }
        }
        at(good).unwrap_or(start)
    };
    Some((edge(true), edge(false)))
}

/// The known bits of the 53-bit `k` behind an observed `nextDouble()`,
/// `k * 2^-53`, unshifted: `Random` and `SplittableRandom` place them in
/// their words.
pub(crate) fn double53_known(value: &ObservedValue) -> Option<KnownBits> {
    let target = value.as_f64()?;
    let (lo, hi) = match_interval(target * (1u64 << 53) as f64, (1 << 53) - 1, |k| {
        value.matches_f64(k as f64 * DOUBLE_UNIT)
    })?;
    Some(common_prefix(lo, hi, 53))
}

/// The known bits of the 24-bit `k` behind an observed float `k * 2^-24`,
/// unshifted: .NET's `NextSingle` and libGDX's `nextFloat` place them in
/// their words.
pub(crate) fn float24_known(value: &ObservedValue) -> Option<KnownBits> {
    let target = value.as_f64()?;
    let (lo, hi) = match_interval(target * 16_777_216.0, (1 << 24) - 1, |k| {
        value.matches_f32(k as f32 * (1.0 / 16_777_216.0))
    })?;
    Some(common_prefix(lo, hi, 24))
}

/// The bits that every integer of `lo..=hi` shares (their common prefix),
/// within `width` bits.
pub(crate) fn common_prefix(lo: u64, hi: u64, width: u32) -> KnownBits {
    let width_mask = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let differing = lo ^ hi;
    let mask = if differing == 0 {
        width_mask
    } else {
        let low_bits = 64 - differing.leading_zeros();
        if low_bits >= 64 {
            0
        } else {
            width_mask & !((1u64 << low_bits) - 1)
        }
    };
    KnownBits::new(mask, lo)
}

/// Known bits of each byte-producing word from a hex byte string: word `i`
/// gives bytes `4i..4i+4`, low byte first.
fn bytes_known(n: u32, value: &ObservedValue) -> Option<Vec<KnownBits>> {
    let bytes = value.as_bytes()?;
    if bytes.len() != n as usize {
        return None;
    }
    Some(crate::observe::le_words_known(&bytes, 4))
}

fn java_known_bits(draw: &JavaDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
    let full = 0xffff_ffff;
    match *draw {
        // Where the redraws fall is unseen: the text only has to be one
        // the draw can give.
        JavaDraw::RandomString { len, letters_only } => {
            let text = value.text();
            (text.len() == len as usize
                && text
                    .bytes()
                    .all(|b| b.is_ascii_alphabetic() || (!letters_only && b.is_ascii_digit())))
            .then(Vec::new)
        }
        JavaDraw::NextInt => Some(vec![KnownBits::new(full, u64::from(value.as_u32()?))]),
        JavaDraw::NextIntBound(bound) => {
            let v = value.as_i32()?;
            if !(0..bound).contains(&v) {
                return None;
            }
            if power_of_two_span_i32(bound) {
                // (bound * next(31)) >> 31 is the top log2(bound) bits of the word.
                let bits = bound.trailing_zeros();
                if bits == 0 {
                    Some(vec![])
                } else {
                    Some(vec![top_bits(bits, v as u64)])
                }
            } else {
                // The first word may have been rejected: nothing is certain.
                Some(vec![])
            }
        }
        JavaDraw::NextIntRange(origin, bound) => {
            let v = value.as_i32()?;
            if v < origin || v >= bound {
                return None;
            }
            let n = bound.wrapping_sub(origin);
            if power_of_two_span_i32(n) {
                let m = u64::from(n.wrapping_sub(1) as u32);
                Some(vec![KnownBits::new(
                    m,
                    u64::from(v.wrapping_sub(origin) as u32),
                )])
            } else {
                Some(vec![])
            }
        }
        JavaDraw::NextLong => Some(long_known(value.as_u64()?, u64::MAX)),
        JavaDraw::NextLongRange(origin, bound) => {
            let v = value.as_i64()?;
            if v < origin || v >= bound {
                return None;
            }
            let n = bound.wrapping_sub(origin);
            if power_of_two_span_i64(n) {
                let m = n.wrapping_sub(1) as u64;
                Some(long_known(v.wrapping_sub(origin) as u64 & m, m))
            } else {
                Some(vec![])
            }
        }
        JavaDraw::NextDouble => {
            let k = double53_known(value)?;
            // k = next(26) << 27 | next(27): the top 26 bits of word 0 (bits
            // 31..6) and the top 27 bits of word 1 (bits 31..5).
            Some(vec![
                KnownBits::new((k.mask >> 27) << 6, (k.value >> 27) << 6),
                KnownBits::new(
                    (k.mask & ((1 << 27) - 1)) << 5,
                    (k.value & ((1 << 27) - 1)) << 5,
                ),
            ])
        }
        JavaDraw::NextFloat => {
            let target = value.as_f64()?;
            let (lo, hi) = match_interval(target * f64::from(1u32 << 24), (1 << 24) - 1, |k| {
                value.matches_f32(k as f32 * FLOAT_UNIT)
            })?;
            let k = common_prefix(lo, hi, 24);
            Some(vec![KnownBits::new(k.mask << 8, k.value << 8)])
        }
        JavaDraw::NextBoolean => Some(vec![top_bits(1, u64::from(value.as_bool()?))]),
        JavaDraw::NextGaussian => {
            value.as_f64()?;
            Some(vec![])
        }
        JavaDraw::NextBytes(n) => bytes_known(n, value),
    }
}
