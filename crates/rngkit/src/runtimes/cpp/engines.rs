//! The C++ standard's engines ([rand.eng], [rand.adapt], [rand.predef]),
//! written from the standard's definitions.
//!
//! Each type's example checks the standard's own requirement on it
//! ([rand.predef]: "the 10000th consecutive invocation of a
//! default-constructed object ... shall produce the value ..."), the
//! published vector every conforming library meets.

use alloc::vec::Vec;

use crate::generators::{impl_rng_u32, impl_rng_u64};
use crate::state::check_count;
use crate::{StateError, StateWords};

/// An engine as `std::uniform_int_distribution` sees it: its `min()`, its
/// `max()` and one call of `operator()`. The library distributions
/// ([`uniform_int_libstdcxx`](super::uniform_int_libstdcxx),
/// [`uniform_int_libcxx`](super::uniform_int_libcxx)) are written over it.
pub trait CppEngine {
    /// `min()`: the smallest value `operator()` returns.
    const MIN: u64;
    /// `max()`: the largest value `operator()` returns.
    const MAX: u64;
    /// One call of `operator()`.
    fn call(&mut self) -> u64;

    /// The saved value of the program's one `normal_distribution<double>`
    /// object, kept beside the engine's state (see [`SavedNormal`]); `None`
    /// for a generator that keeps nothing but its own state (`mt19937`,
    /// whose [`Mt19937`](crate::generators::Mt19937) is shared by Python,
    /// PHP and Ruby): its normal draws then start from a fresh object.
    fn saved_normal(&mut self) -> Option<&mut SavedNormal> {
        None
    }
}

/// The second value of `normal_distribution<double>`'s polar pair, saved
/// for the next call (libstdc++'s `_M_saved`, libc++'s `_V_`): state of the
/// distribution object, which rngkit keeps beside the engine's state so
/// that a run of normal draws reproduces one object's stream, and states
/// saved between two of them resume it. It is a standard normal value, not
/// yet scaled by the mean and deviation. In the state words it follows the
/// engine's words while it is held: one 64-bit word, the double's IEEE-754
/// bits (two 32-bit words, low half first, on 32-bit engines).
///
/// ```
/// use rngkit::StateWords;
/// use rngkit::runtimes::cpp::{normal_libstdcxx, MinstdRand};
///
/// let mut e = MinstdRand::new(1);
/// assert_eq!(e.to_words().len(), 1);
/// normal_libstdcxx(&mut e, 0.0, 1.0); // makes a pair, saves the second
/// let words = e.to_words();
/// assert_eq!(words.len(), 3); // x, then the saved double's two halves
/// assert_eq!(MinstdRand::from_words(&words).unwrap(), e);
/// normal_libstdcxx(&mut e, 0.0, 1.0); // returns it, no engine call
/// assert_eq!(e.to_words(), words[..1]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SavedNormal(pub Option<f64>);

impl PartialEq for SavedNormal {
    fn eq(&self, other: &Self) -> bool {
        self.0.map(f64::to_bits) == other.0.map(f64::to_bits)
    }
}

impl Eq for SavedNormal {}

impl core::hash::Hash for SavedNormal {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.map(f64::to_bits).hash(state);
    }
}

impl SavedNormal {
    /// Appends the saved value's words, if any, to an engine's words of
    /// `word_bits` bits.
    fn push_words(self, words: &mut Vec<u64>, word_bits: u32) {
        if let Some(v) = self.0 {
            let bits = v.to_bits();
            if word_bits == 32 {
                words.push(bits & 0xffff_ffff);
                words.push(bits >> 32);
            } else {
                words.push(bits);
            }
        }
    }

    /// Splits state words into the engine's `count` words and the saved
    /// value after them (none, or one 64-bit word, or two 32-bit halves).
    fn split<'w>(
        name: &'static str,
        words: &'w [u64],
        count: usize,
        word_bits: u32,
    ) -> Result<(&'w [u64], SavedNormal), StateError> {
        let extra = if word_bits == 32 { 2 } else { 1 };
        if words.len() != count + extra {
            check_count(name, count, words.len())?;
            return Ok((words, SavedNormal(None)));
        }
        let (engine, saved) = words.split_at(count);
        let bits = if word_bits == 32 {
            if saved.iter().any(|&w| w > 0xffff_ffff) {
                return Err(StateError::WordTooWide {
                    generator: name,
                    index: count + usize::from(saved[0] <= 0xffff_ffff),
                    bits: 32,
                });
            }
            saved[0] | saved[1] << 32
        } else {
            saved[0]
        };
        let v = f64::from_bits(bits);
        if !v.is_finite() {
            return Err(StateError::OutOfRange {
                generator: name,
                index: count,
                found: bits,
                expected: "the bits of a finite double (normal_distribution's saved value)",
            });
        }
        Ok((engine, SavedNormal(Some(v))))
    }
}

// ------------------------------------------------------------ minstd

/// The modulus of both minstd engines, 2^31 - 1.
pub const MINSTD_M: u64 = 0x7fff_ffff;

/// `std::linear_congruential_engine<uint_fast32_t, A, 0, 2147483647>`:
/// `minstd_rand0` (`A = 16807`, [`MinstdRand0`]) and `minstd_rand`
/// (`A = 48271`, [`MinstdRand`]). The state `x` is in `1..2^31-1`; a call
/// sets `x = A * x mod (2^31 - 1)` and returns it.
///
/// ```
/// use rngkit::runtimes::cpp::{MinstdRand, MinstdRand0};
///
/// // [rand.predef]: the 10000th value of a default-constructed (seed 1)
/// // minstd_rand0 is 1043618065, of minstd_rand 399268537.
/// let mut r0 = MinstdRand0::new(1);
/// let mut r = MinstdRand::new(1);
/// for _ in 0..9999 { r0.next_output(); r.next_output(); }
/// assert_eq!(r0.next_output(), 1043618065);
/// assert_eq!(r.next_output(), 399268537);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MinStd<const A: u64> {
    x: u32,
    normal: SavedNormal,
}

/// `std::minstd_rand0`: multiplier 16807 (Park and Miller, 1988).
pub type MinstdRand0 = MinStd<16807>;
/// `std::minstd_rand`: multiplier 48271 (Park, Miller and Stockmeyer, 1993).
pub type MinstdRand = MinStd<48271>;

impl<const A: u64> MinStd<A> {
    /// The constructor with a seed `s` ([rand.eng.lcong]): `x = s mod m`,
    /// and 1 when that is 0 (0 is the fixed point of a multiplicative LCG).
    ///
    /// ```
    /// use rngkit::runtimes::cpp::MinstdRand;
    ///
    /// assert_eq!(MinstdRand::new(0), MinstdRand::new(1));
    /// assert_eq!(MinstdRand::new(2147483647), MinstdRand::new(1));
    /// ```
    pub const fn new(s: u64) -> Self {
        let x = s % MINSTD_M;
        MinStd {
            x: if x == 0 { 1 } else { x as u32 },
            normal: SavedNormal(None),
        }
    }

    /// The generator in state `x`.
    ///
    /// # Errors
    /// [`StateError::OutOfRange`] unless `1 <= x < 2^31 - 1`.
    ///
    /// ```
    /// use rngkit::runtimes::cpp::MinstdRand;
    ///
    /// assert!(MinstdRand::from_state(0).is_err());
    /// assert_eq!(MinstdRand::from_state(5).unwrap().state(), 5);
    /// ```
    pub fn from_state(x: u64) -> Result<Self, StateError> {
        if (1..MINSTD_M).contains(&x) {
            Ok(MinStd {
                x: x as u32,
                normal: SavedNormal(None),
            })
        } else {
            Err(StateError::OutOfRange {
                generator: Self::NAME,
                index: 0,
                found: x,
                expected: "in 1..=2147483646",
            })
        }
    }

    /// The state `x`: the last value returned (or the seed, reduced).
    pub const fn state(&self) -> u32 {
        self.x
    }

    /// Moves to state `x` (a jump), keeping the saved normal value, as
    /// `e.discard(n)` leaves a distribution object alone.
    ///
    /// # Errors
    /// As [`from_state`](MinStd::from_state).
    pub fn set_state(&mut self, x: u64) -> Result<(), StateError> {
        self.x = Self::from_state(x)?.x;
        Ok(())
    }

    /// One call: `x = A * x mod (2^31 - 1)`, returned (example:
    /// [`MinStd`]).
    #[inline]
    pub fn next_output(&mut self) -> u32 {
        self.x = (u64::from(self.x) * A % MINSTD_M) as u32;
        self.x
    }
}

impl<const A: u64> StateWords for MinStd<A> {
    const NAME: &'static str = if A == 16807 {
        "minstd-rand0"
    } else {
        "minstd-rand"
    };
    const WORD_BITS: u32 = 32;
    const WORD_COUNT: usize = 1;
    const FREE_BITS: u32 = 31;

    fn to_words(&self) -> Vec<u64> {
        let mut words = alloc::vec![u64::from(self.x)];
        self.normal.push_words(&mut words, 32);
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let (words, normal) = SavedNormal::split(Self::NAME, words, 1, 32)?;
        let mut rng = Self::from_state(words[0])?;
        rng.normal = normal;
        Ok(rng)
    }
}

/// `CppEngine` for the engines whose values are those of the minstd LCGs
/// (`1..=2^31 - 2`): both LCGs and `knuth_b`, which reorders
/// `minstd_rand0`'s; `[...]` holds the type's generic parameters.
macro_rules! minstd_range_engine {
    ([$($gen:tt)*] $ty:ty) => {
        impl<$($gen)*> CppEngine for $ty {
            const MIN: u64 = 1;
            const MAX: u64 = MINSTD_M - 1;
            #[inline]
            fn call(&mut self) -> u64 {
                u64::from(self.next_output())
            }
            fn saved_normal(&mut self) -> Option<&mut SavedNormal> {
                Some(&mut self.normal)
            }
        }
    };
}

minstd_range_engine!([const A: u64] MinStd<A>);

impl_rng_u32!(MinstdRand0, scalar);
impl_rng_u32!(MinstdRand, scalar);

// ------------------------------------------------------------ mt19937_64

const MT64_N: usize = 312;
const MT64_M: usize = 156;
const MT64_A: u64 = 0xb502_6f5a_a966_19e9;
/// The top 33 bits (`w - r` with `r = 31`).
const MT64_UPPER: u64 = !0 << 31;
const MT64_LOWER: u64 = (1 << 31) - 1;

/// `std::mt19937_64`: the 64-bit Mersenne Twister with the standard's
/// parameters (`w = 64, n = 312, m = 156, r = 31, a = 0xb5026f5aa96619e9`,
/// tempering `u = 29, d = 0x5555555555555555, s = 17, b =
/// 0x71d67fffeda60000, t = 37, c = 0xfff7eee000000000, l = 43`,
/// initialisation multiplier `f = 6364136223846793005`).
///
/// The state is the block `mt[0..312]` and the index of the next word;
/// the block is twisted when a word is needed and none is left (seeding
/// leaves none, as in [`Mt19937`](crate::generators::Mt19937)).
///
/// ```
/// use rngkit::runtimes::cpp::Mt19937_64;
///
/// // [rand.predef]: the 10000th value of a default-constructed (seed 5489)
/// // mt19937_64 is 9981545732273789042.
/// let mut rng = Mt19937_64::new(5489);
/// for _ in 0..9999 { rng.next_output(); }
/// assert_eq!(rng.next_output(), 9981545732273789042);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)]
pub struct Mt19937_64 {
    mt: [u64; MT64_N],
    pos: usize,
    normal: SavedNormal,
}

impl core::fmt::Debug for Mt19937_64 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mt19937_64")
            .field("left", &(MT64_N - self.pos))
            .finish_non_exhaustive()
    }
}

impl Mt19937_64 {
    /// The constructor with a seed `s` ([rand.eng.mers]): `mt[0] = s`,
    /// `mt[i] = f * (mt[i-1] ^ (mt[i-1] >> 62)) + i`, no word left.
    pub fn new(s: u64) -> Self {
        Mt19937_64 {
            mt: crate::generators::mt19937::knuth_seeded_block!(
                u64,
                MT64_N,
                s,
                6_364_136_223_846_793_005u64,
                62
            ),
            pos: MT64_N,
            normal: SavedNormal(None),
        }
    }

    /// Words in the block (n = 312).
    pub const N: usize = MT64_N;
    /// The middle word offset of the twist (m = 156).
    pub const M: usize = MT64_M;

    /// The generator with block `mt` and `left` words of it not yet
    /// returned (`0..=312`; the next output is `mt[312 - left]`, a twist
    /// first when `left` is 0).
    ///
    /// # Errors
    /// [`StateError`] for `left > 312` or an all-zero block.
    pub fn from_state(mt: [u64; MT64_N], left: usize) -> Result<Self, StateError> {
        let mut words = Vec::with_capacity(MT64_N + 1);
        words.push(left as u64);
        words.extend_from_slice(&mt);
        Self::from_words(&words)
    }

    /// Moves to block `mt` with `left` words not yet returned (a jump),
    /// keeping the saved normal value, as `e.discard(n)` leaves a
    /// distribution object alone.
    ///
    /// # Errors
    /// As [`from_state`](Mt19937_64::from_state).
    pub fn set_state(&mut self, mt: [u64; MT64_N], left: usize) -> Result<(), StateError> {
        let normal = self.normal;
        *self = Self::from_state(mt, left)?;
        self.normal = normal;
        Ok(())
    }

    /// The block, untempered.
    pub const fn block(&self) -> &[u64; MT64_N] {
        &self.mt
    }

    /// The block words not yet returned (`0..=312`).
    pub const fn left(&self) -> usize {
        MT64_N - self.pos
    }

    /// The recurrence of the word sequence the blocks hold: `x[i + 312] =
    /// x[i + 156] ^ ((y >> 1) ^ (a if y is odd))` with `y` the top 33 bits
    /// of `x[i]` and the low 31 bits of `x[i + 1]`.
    ///
    /// ```
    /// use rngkit::runtimes::cpp::Mt19937_64;
    ///
    /// let seeded = Mt19937_64::new(5489);
    /// let mut twisted = seeded.clone();
    /// twisted.next_output(); // twists the whole block
    /// let (x, y) = (seeded.block(), twisted.block());
    /// assert_eq!(y[0], Mt19937_64::recurrence(x[0], x[1], x[156]));
    /// assert_eq!(y[200], Mt19937_64::recurrence(x[200], x[201], y[44]));
    /// ```
    #[inline]
    pub const fn recurrence(x0: u64, x1: u64, x156: u64) -> u64 {
        let y = (x0 & MT64_UPPER) | (x1 & MT64_LOWER);
        let mag = if y & 1 == 1 { MT64_A } else { 0 };
        x156 ^ (y >> 1) ^ mag
    }

    fn twist(&mut self) {
        for i in 0..MT64_N {
            self.mt[i] = Self::recurrence(
                self.mt[i],
                self.mt[(i + 1) % MT64_N],
                self.mt[(i + MT64_M) % MT64_N],
            );
        }
        self.pos = 0;
    }

    /// The output tempering of a block word (a bijection).
    ///
    /// ```
    /// use rngkit::runtimes::cpp::Mt19937_64;
    ///
    /// let y = 0x0123_4567_89ab_cdef;
    /// assert_eq!(Mt19937_64::untemper(Mt19937_64::temper(y)), y);
    /// ```
    #[inline]
    pub const fn temper(mut y: u64) -> u64 {
        y ^= (y >> 29) & 0x5555_5555_5555_5555;
        y ^= (y << 17) & 0x71d6_7fff_eda6_0000;
        y ^= (y << 37) & 0xfff7_eee0_0000_0000;
        y ^ (y >> 43)
    }

    /// The inverse of [`temper`](Mt19937_64::temper): the block word of an
    /// output. The shifts by 43 and 37 undo themselves (they are at least
    /// half the width); the one by 17 fixes 17 more bits each round (4
    /// rounds), the one by 29 each of 3 rounds.
    #[inline]
    pub const fn untemper(mut y: u64) -> u64 {
        y ^= y >> 43;
        y ^= (y << 37) & 0xfff7_eee0_0000_0000;
        let mut x = y;
        let mut i = 0;
        while i < 4 {
            x = y ^ ((x << 17) & 0x71d6_7fff_eda6_0000);
            i += 1;
        }
        let y = x;
        let mut i = 0;
        while i < 3 {
            x = y ^ ((x >> 29) & 0x5555_5555_5555_5555);
            i += 1;
        }
        x
    }

    /// One call: the next block word, tempered (example: [`Mt19937_64`]).
    #[inline]
    pub fn next_output(&mut self) -> u64 {
        if self.pos >= MT64_N {
            self.twist();
        }
        let y = self.mt[self.pos];
        self.pos += 1;
        Self::temper(y)
    }
}

impl StateWords for Mt19937_64 {
    const NAME: &'static str = "mt19937-64";
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = MT64_N + 1;
    /// `mt[0]`'s top bit and the 311 other words: 19937 bits.
    const FREE_BITS: u32 = 19937;

    /// `left` (the block words not yet returned), then `mt[0..312]`.
    fn to_words(&self) -> Vec<u64> {
        let mut words = Vec::with_capacity(MT64_N + 1);
        words.push((MT64_N - self.pos) as u64);
        words.extend_from_slice(&self.mt);
        self.normal.push_words(&mut words, 64);
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let (words, normal) = SavedNormal::split(Self::NAME, words, MT64_N + 1, 64)?;
        if words[0] > MT64_N as u64 {
            return Err(StateError::OutOfRange {
                generator: Self::NAME,
                index: 0,
                found: words[0],
                expected: "`left`, the block words not yet returned: in 0..=312",
            });
        }
        if words[1..].iter().all(|&w| w == 0) {
            return Err(StateError::AllZero {
                generator: Self::NAME,
            });
        }
        let mut mt = [0u64; MT64_N];
        mt.copy_from_slice(&words[1..]);
        Ok(Mt19937_64 {
            mt,
            pos: MT64_N - words[0] as usize,
            normal,
        })
    }
}

impl CppEngine for Mt19937_64 {
    const MIN: u64 = 0;
    const MAX: u64 = u64::MAX;
    #[inline]
    fn call(&mut self) -> u64 {
        self.next_output()
    }
    fn saved_normal(&mut self) -> Option<&mut SavedNormal> {
        Some(&mut self.normal)
    }
}

impl_rng_u64!(Mt19937_64, scalar);

impl CppEngine for crate::generators::Mt19937 {
    const MIN: u64 = 0;
    const MAX: u64 = u32::MAX as u64;
    #[inline]
    fn call(&mut self) -> u64 {
        u64::from(self.next_output())
    }
}

// ------------------------------------------------------------ ranlux

/// `std::discard_block_engine<std::subtract_with_carry_engine<uint_fastN_t,
/// W, S, R>, P, U>`: `ranlux24` (`W = 24, S = 10, R = 24`, `P = 223, U =
/// 23`, [`Ranlux24`]) and `ranlux48` (`W = 48, S = 5, R = 12`, `P = 389,
/// U = 11`, [`Ranlux48`]).
///
/// The subtract-with-carry base ([rand.eng.sub]) keeps the last `R` values
/// and a carry `c`; a step computes `y = x[i-S] - x[i-R] - c`, sets `c = 1`
/// when `y < 0` (else 0) and appends `y mod 2^W`. The discard block
/// ([rand.adapt.disc]) returns `U` base values, then throws away `P - U`.
/// The constructor with a seed `s` seeds the base: an
/// `LCG(40014, 0, 2147483563)` seeded with `s` (19780503 when `s` is 0)
/// gives the `R` words (`ceil(W / 32)` LCG values each, least significant
/// first, reduced mod 2^W), the carry is 1 when the last word is 0, and
/// the block starts.
///
/// ```
/// use rngkit::runtimes::cpp::{Ranlux24, Ranlux48};
///
/// // [rand.predef]: the 10000th values of default-constructed (seed
/// // 19780503) ranlux24 and ranlux48 are 9901578 and 249142670248501.
/// let mut r24 = Ranlux24::new(19780503);
/// let mut r48 = Ranlux48::new(19780503);
/// for _ in 0..9999 { r24.step(); r48.step(); }
/// assert_eq!(r24.step(), 9901578);
/// assert_eq!(r48.step(), 249142670248501);
/// ```
#[derive(Clone, Debug)]
pub struct Ranlux<const W: u32, const S: usize, const R: usize, const P: usize, const U: usize> {
    /// The last `R` base values, a ring: `x[pos]` is the oldest.
    x: [u64; R],
    pos: usize,
    carry: u64,
    /// The values returned in the current block (`0..=U`).
    n: usize,
    normal: SavedNormal,
}

// Equal states are equal streams: the ring's values compared from the
// oldest, wherever the ring starts in memory (a state read back from its
// words starts at 0, the one that made them need not).
impl<const W: u32, const S: usize, const R: usize, const P: usize, const U: usize> PartialEq
    for Ranlux<W, S, R, P, U>
{
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n
            && self.carry == other.carry
            && self.normal == other.normal
            && (0..R).all(|i| self.x[(self.pos + i) % R] == other.x[(other.pos + i) % R])
    }
}

impl<const W: u32, const S: usize, const R: usize, const P: usize, const U: usize> Eq
    for Ranlux<W, S, R, P, U>
{
}

impl<const W: u32, const S: usize, const R: usize, const P: usize, const U: usize> core::hash::Hash
    for Ranlux<W, S, R, P, U>
{
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.n.hash(state);
        self.carry.hash(state);
        self.normal.hash(state);
        for i in 0..R {
            self.x[(self.pos + i) % R].hash(state);
        }
    }
}

/// `std::ranlux24`.
pub type Ranlux24 = Ranlux<24, 10, 24, 223, 23>;
/// `std::ranlux48`.
pub type Ranlux48 = Ranlux<48, 5, 12, 389, 11>;

impl<const W: u32, const S: usize, const R: usize, const P: usize, const U: usize>
    Ranlux<W, S, R, P, U>
{
    const MASK: u64 = (1 << W) - 1;

    /// The constructor with a seed `s` (see [`Ranlux`]).
    pub fn new(s: u64) -> Self {
        // LCG(40014, 0, 2147483563) seeded with s: x = s mod m, 1 for 0.
        const LCG_M: u64 = 2_147_483_563;
        let mut lcg = if s == 0 { 19_780_503 } else { s % LCG_M };
        if lcg == 0 {
            lcg = 1;
        }
        let mut next = || {
            lcg = lcg * 40014 % LCG_M;
            lcg
        };
        let mut x = [0u64; R];
        for word in &mut x {
            let mut sum = 0u64;
            for j in 0..W.div_ceil(32) {
                sum |= next() << (32 * j);
            }
            *word = sum & Self::MASK;
        }
        let carry = u64::from(x[R - 1] == 0);
        Ranlux {
            x,
            pos: 0,
            carry,
            n: 0,
            normal: SavedNormal(None),
        }
    }

    /// One step of the subtract-with-carry base.
    #[inline]
    fn base_step(&mut self) -> u64 {
        let short = self.x[(self.pos + R - S) % R];
        let long = self.x[self.pos];
        let y = short.wrapping_sub(long).wrapping_sub(self.carry);
        self.carry = u64::from(short < long + self.carry);
        let y = y & Self::MASK;
        self.x[self.pos] = y;
        self.pos = (self.pos + 1) % R;
        y
    }

    /// One call of the discard block engine (example: [`Ranlux`]).
    #[inline]
    pub fn step(&mut self) -> u64 {
        if self.n >= U {
            for _ in 0..P - U {
                self.base_step();
            }
            self.n = 0;
        }
        self.n += 1;
        self.base_step()
    }
}

impl<const W: u32, const S: usize, const R: usize, const P: usize, const U: usize> StateWords
    for Ranlux<W, S, R, P, U>
{
    const NAME: &'static str = if W == 24 { "ranlux24" } else { "ranlux48" };
    const WORD_BITS: u32 = if W <= 32 { 32 } else { 64 };
    const WORD_COUNT: usize = R + 2;
    const FREE_BITS: u32 = W * R as u32 + 1;

    /// `n` (the values returned in this block), the carry, then the `R`
    /// base values, oldest first.
    fn to_words(&self) -> Vec<u64> {
        let mut words = Vec::with_capacity(R + 2);
        words.push(self.n as u64);
        words.push(self.carry);
        words.extend((0..R).map(|i| self.x[(self.pos + i) % R]));
        self.normal.push_words(&mut words, Self::WORD_BITS);
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let (words, normal) = SavedNormal::split(Self::NAME, words, R + 2, Self::WORD_BITS)?;
        let out_of_range = |index: usize, expected: &'static str| StateError::OutOfRange {
            generator: Self::NAME,
            index,
            found: words[index],
            expected,
        };
        if words[0] > U as u64 {
            return Err(out_of_range(
                0,
                "the values returned in this block: at most the block's used length (23 for ranlux24, 11 for ranlux48)",
            ));
        }
        if words[1] > 1 {
            return Err(out_of_range(1, "the carry: 0 or 1"));
        }
        if let Some(i) = words[2..].iter().position(|&w| w > Self::MASK) {
            return Err(StateError::WordTooWide {
                generator: Self::NAME,
                index: i + 2,
                bits: W,
            });
        }
        let mut x = [0u64; R];
        x.copy_from_slice(&words[2..]);
        Ok(Ranlux {
            x,
            pos: 0,
            carry: words[1],
            n: words[0] as usize,
            normal,
        })
    }
}

impl<const W: u32, const S: usize, const R: usize, const P: usize, const U: usize> CppEngine
    for Ranlux<W, S, R, P, U>
{
    const MIN: u64 = 0;
    const MAX: u64 = (1 << W) - 1;
    #[inline]
    fn call(&mut self) -> u64 {
        self.step()
    }
    fn saved_normal(&mut self) -> Option<&mut SavedNormal> {
        Some(&mut self.normal)
    }
}

impl Ranlux24 {
    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        self.step() as u32
    }
}

impl Ranlux48 {
    #[inline]
    pub(crate) fn next_output(&mut self) -> u64 {
        self.step()
    }
}

impl_rng_u32!(Ranlux24, scalar);
impl_rng_u64!(Ranlux48, scalar);

// ------------------------------------------------------------ knuth_b

/// The table size of `knuth_b`.
const KNUTH_K: usize = 256;

/// `std::knuth_b`: `shuffle_order_engine<minstd_rand0, 256>`
/// ([rand.adapt.shuf]). Seeding seeds the `minstd_rand0` base, fills the
/// table `V` with its next 256 values and `Y` with the one after; a call
/// takes `j = floor(256 * (Y - 1) / (2^31 - 2))`, returns `Y = V[j]` and
/// refills `V[j]` from the base.
///
/// ```
/// use rngkit::runtimes::cpp::KnuthB;
///
/// // [rand.predef]: the 10000th value of a default-constructed (seed 1)
/// // knuth_b is 1112339016.
/// let mut rng = KnuthB::new(1);
/// for _ in 0..9999 { rng.next_output(); }
/// assert_eq!(rng.next_output(), 1112339016);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KnuthB {
    base: MinstdRand0,
    v: [u32; KNUTH_K],
    y: u32,
    normal: SavedNormal,
}

impl KnuthB {
    /// The constructor with a seed `s` (see [`KnuthB`]).
    pub fn new(s: u64) -> Self {
        let mut base = MinstdRand0::new(s);
        let mut v = [0u32; KNUTH_K];
        for slot in &mut v {
            *slot = base.next_output();
        }
        let y = base.next_output();
        KnuthB {
            base,
            v,
            y,
            normal: SavedNormal(None),
        }
    }

    /// One call (example: [`KnuthB`]).
    #[inline]
    pub fn next_output(&mut self) -> u32 {
        // Exact in integers; both libraries' own forms (a double quotient
        // in libstdc++, a reduced ratio in libc++) give the same floor for
        // this range.
        let j = (KNUTH_K as u64 * u64::from(self.y - 1) / (MINSTD_M - 1)) as usize;
        self.y = self.v[j];
        self.v[j] = self.base.next_output();
        self.y
    }
}

impl StateWords for KnuthB {
    const NAME: &'static str = "knuth-b";
    const WORD_BITS: u32 = 32;
    const WORD_COUNT: usize = KNUTH_K + 2;
    const FREE_BITS: u32 = 31 * (KNUTH_K as u32 + 2);

    /// The base's `x`, then `Y`, then `V[0..256]`.
    fn to_words(&self) -> Vec<u64> {
        let mut words = Vec::with_capacity(KNUTH_K + 2);
        words.push(u64::from(self.base.state()));
        words.push(u64::from(self.y));
        words.extend(self.v.iter().map(|&v| u64::from(v)));
        self.normal.push_words(&mut words, 32);
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let (words, normal) = SavedNormal::split(Self::NAME, words, KNUTH_K + 2, 32)?;
        if let Some(index) = words.iter().position(|w| !(1..MINSTD_M).contains(w)) {
            return Err(StateError::OutOfRange {
                generator: Self::NAME,
                index,
                found: words[index],
                expected: "a minstd_rand0 value: in 1..=2147483646",
            });
        }
        let mut v = [0u32; KNUTH_K];
        for (slot, &w) in v.iter_mut().zip(&words[2..]) {
            *slot = w as u32;
        }
        Ok(KnuthB {
            base: MinstdRand0 {
                x: words[0] as u32,
                normal: SavedNormal(None),
            },
            v,
            y: words[1] as u32,
            normal,
        })
    }
}

minstd_range_engine!([] KnuthB);

impl_rng_u32!(KnuthB, scalar);
