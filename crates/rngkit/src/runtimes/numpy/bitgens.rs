//! numpy's bit generators (`numpy/random/src/*/`), as `Generator` sees
//! them through its `bitgen_t` interface: `next_uint64`, `next_uint32`
//! and `next_double` ([`BitGenerator`]).
//!
//! * `PCG64`: PCG XSL RR 128/64, the core's [`Pcg64`]; `PCG64DXSM`:
//!   [`Pcg64Dxsm`]; `SFC64`: [`Sfc64`]; `Philox`: [`Philox4x64`]. These
//!   give 64-bit words, and numpy's `next_uint32` for them hands out each
//!   word in two halves, low half first, keeping the high half in a
//!   one-word buffer (`has_uint32`, `uinteger`) that 64-bit draws leave
//!   alone: [`Buffered`] is that buffer around the generator.
//! * `MT19937`: the core's [`Mt19937`], 32-bit words: `next_uint32` is one
//!   word, `next_uint64` two (the first one high), `next_double` the 53-bit
//!   `(a >> 5, b >> 6)` of two words. No buffer.

use alloc::vec::Vec;

use crate::generators::{Mt19937, WordRng, impl_rng_u64};
use crate::runtimes::pcg64::Pcg64;
use crate::state::words_u64;
use crate::{StateError, StateWords};

/// What numpy's `Generator` calls on its bit generator (`bitgen_t`).
pub trait BitGenerator {
    /// `next_uint64`.
    fn next_uint64(&mut self) -> u64;
    /// `next_uint32`.
    fn next_uint32(&mut self) -> u32;
    /// `next_double`: by default the top 53 bits of `next_uint64` over 2^53
    /// (numpy's `uint64_to_double`).
    fn next_double(&mut self) -> f64 {
        (self.next_uint64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }
}

/// A 64-bit generator with numpy's 32-bit buffer: `next_uint32` returns the
/// low half of a fresh word and keeps the high half for the next call.
///
/// Its state words are the generator's, then `has_uint32` (0 or 1) and
/// `uinteger`, as numpy's `bit_generator.state` shows them (numpy leaves a
/// consumed `uinteger` in place, so it may be non-zero with `has_uint32`
/// 0). One raw step is one 64-bit word; it does not touch the buffer.
///
/// ```
/// use rngkit::runtimes::numpy::{BitGenerator, Buffered};
/// use rngkit::runtimes::pcg64::Pcg64;
///
/// let mut a = Buffered::new(Pcg64::setseq(1, 2));
/// let mut b = a.clone();
/// let word = b.next_uint64();
/// assert_eq!(a.next_uint32(), word as u32);
/// assert_eq!(a.next_uint32(), (word >> 32) as u32);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Buffered<C> {
    core: C,
    has_uint32: bool,
    uinteger: u32,
}

impl<C> Buffered<C> {
    /// The generator with an empty buffer (numpy's state after seeding).
    pub const fn new(core: C) -> Self {
        Buffered {
            core,
            has_uint32: false,
            uinteger: 0,
        }
    }

    /// The generator underneath.
    pub const fn core(&self) -> &C {
        &self.core
    }

    /// The generator underneath, mutably (jumps move it, not the buffer).
    pub fn core_mut(&mut self) -> &mut C {
        &mut self.core
    }

    /// `(has_uint32, uinteger)`.
    pub const fn buffer(&self) -> (bool, u32) {
        (self.has_uint32, self.uinteger)
    }
}

impl<C: WordRng> BitGenerator for Buffered<C> {
    #[inline]
    fn next_uint64(&mut self) -> u64 {
        self.core.next_word()
    }

    #[inline]
    fn next_uint32(&mut self) -> u32 {
        if self.has_uint32 {
            self.has_uint32 = false;
            return self.uinteger;
        }
        let next = self.core.next_word();
        self.has_uint32 = true;
        self.uinteger = (next >> 32) as u32;
        next as u32
    }
}

impl<C: WordRng> Buffered<C> {
    #[inline]
    fn next_output(&mut self) -> u64 {
        self.core.next_word()
    }
}

/// A 64-bit generator numpy buffers: the name of its buffered state
/// (its words and the buffer's two), distinct from the bare generator's.
pub trait BufferedCore: WordRng + StateWords {
    /// The buffered state's name (`numpy-pcg64`: six words, where `pcg64`
    /// has four).
    const BUFFERED_NAME: &'static str;
}

impl BufferedCore for Pcg64 {
    const BUFFERED_NAME: &'static str = "numpy-pcg64";
}

impl BufferedCore for Pcg64Dxsm {
    const BUFFERED_NAME: &'static str = "numpy-pcg64dxsm";
}

impl BufferedCore for Sfc64 {
    const BUFFERED_NAME: &'static str = "numpy-sfc64";
}

impl BufferedCore for Philox4x64 {
    const BUFFERED_NAME: &'static str = "numpy-philox";
}

impl<C: BufferedCore> StateWords for Buffered<C> {
    const NAME: &'static str = C::BUFFERED_NAME;
    const WORD_BITS: u32 = 64;
    const WORD_COUNT: usize = C::WORD_COUNT + 2;
    /// The generator's; the buffer is a position in its stream.
    const FREE_BITS: u32 = C::FREE_BITS;

    fn to_words(&self) -> Vec<u64> {
        let mut words = self.core.to_words();
        words.push(u64::from(self.has_uint32));
        words.push(u64::from(self.uinteger));
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        if words.len() != Self::WORD_COUNT {
            return Err(StateError::WordCount {
                generator: Self::NAME,
                expected: Self::WORD_COUNT,
                found: words.len(),
            });
        }
        let n = C::WORD_COUNT;
        let core = C::from_words(&words[..n])?;
        let has_uint32 = match words[n] {
            0 => false,
            1 => true,
            found => {
                return Err(StateError::OutOfRange {
                    generator: Self::NAME,
                    index: n,
                    found,
                    expected: "has_uint32: 0 or 1",
                });
            }
        };
        let uinteger = u32::try_from(words[n + 1]).map_err(|_| StateError::OutOfRange {
            generator: Self::NAME,
            index: n + 1,
            found: words[n + 1],
            expected: "uinteger: a 32-bit value",
        })?;
        Ok(Buffered {
            core,
            has_uint32,
            uinteger,
        })
    }
}

macro_rules! impl_buffered {
    ($core:ty) => {
        impl_rng_u64!(Buffered<$core>, scalar);
    };
}

impl_buffered!(Pcg64);
impl_buffered!(Pcg64Dxsm);
impl_buffered!(Sfc64);
impl_buffered!(Philox4x64);

// ------------------------------------------------------------- PCG64 (numpy)

impl Pcg64 {
    /// numpy's `PCG64(S)`: `SeedSequence(S).generate_state(4, uint64)`
    /// gives `s` (words 0, 1: high, low) and `inc` (words 2, 3), then
    /// `pcg_setseq_128_srandom_r(s, inc)`.
    pub fn from_numpy_seed(words: &[u64]) -> Pcg64 {
        let (s, i) = seed_pair(words);
        Pcg64::setseq(s, i)
    }
}

fn seed_pair(words: &[u64]) -> (u128, u128) {
    let w = |i: usize| u128::from(words[i]);
    ((w(0) << 64) | w(1), (w(2) << 64) | w(3))
}

// --------------------------------------------------------------- PCG64DXSM

/// The "cheap multiplier" of PCG64DXSM's LCG step and of its DXSM output.
pub const CHEAP_MULTIPLIER: u64 = 0xda94_2042_e4dd_58b5;

/// numpy's `PCG64DXSM`: the 128-bit LCG with the 64-bit "cheap
/// multiplier", output by DXSM (double xorshift multiply) of the state
/// *before* the step. numpy seeds it like `PCG64` (two steps with the
/// default 128-bit multiplier), then steps with the cheap one.
///
/// ```
/// use rngkit::runtimes::numpy::Pcg64Dxsm;
/// use rngkit::rand_core::Rng;
///
/// // numpy 2.4: np.random.PCG64DXSM(0).random_raw()
/// let mut rng = Pcg64Dxsm::from_numpy_seed(&rngkit::runtimes::numpy::SeedSequence::from_words(&[0]).generate_state_u64(4));
/// assert_eq!(rng.next_u64(), 0xd97e_4a14_7f78_8a70);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pcg64Dxsm {
    state: u128,
    inc: u128,
}

impl Pcg64Dxsm {
    /// numpy's `PCG64DXSM(S)` from `generate_state(4, uint64)`.
    pub fn from_numpy_seed(words: &[u64]) -> Self {
        let (s, i) = seed_pair(words);
        let p = Pcg64::setseq(s, i);
        Pcg64Dxsm {
            state: p.state(),
            inc: p.increment(),
        }
    }

    /// Moves `delta` steps forward in O(log delta).
    pub fn advance(&mut self, delta: u128) {
        let (mult, plus) =
            crate::engines::lcg::affine_power_u128(u128::from(CHEAP_MULTIPLIER), self.inc, delta);
        self.state = mult.wrapping_mul(self.state).wrapping_add(plus);
    }

    #[inline]
    fn next_output(&mut self) -> u64 {
        let mut hi = (self.state >> 64) as u64;
        let lo = (self.state as u64) | 1;
        hi ^= hi >> 32;
        hi = hi.wrapping_mul(CHEAP_MULTIPLIER);
        hi ^= hi >> 48;
        hi = hi.wrapping_mul(lo);
        self.state = self
            .state
            .wrapping_mul(u128::from(CHEAP_MULTIPLIER))
            .wrapping_add(self.inc);
        hi
    }
}

impl_rng_u64!(Pcg64Dxsm, scalar);

crate::runtimes::pcg64::lcg128_state!(Pcg64Dxsm, "pcg64dxsm");

// ------------------------------------------------------------------- SFC64

/// Chris Doty-Humphrey's SFC64 (small fast chaotic, from PractRand), as
/// numpy's `SFC64`: three chaotic words and a counter.
///
/// ```
/// use rngkit::runtimes::numpy::Sfc64;
/// use rngkit::WordRng;
///
/// // numpy 2.4: np.random.SFC64(0).random_raw()
/// let mut rng = Sfc64::from_numpy_seed(&rngkit::runtimes::numpy::SeedSequence::from_words(&[0]).generate_state_u64(3));
/// assert_eq!(rng.next_word(), 0x9195_9e5f_b96a_6332);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sfc64 {
    s: [u64; 4],
}

impl Sfc64 {
    /// The generator with exactly these words (`a`, `b`, `c`, counter).
    pub const fn from_state(s: [u64; 4]) -> Self {
        Sfc64 { s }
    }

    /// The four words.
    pub const fn state(&self) -> [u64; 4] {
        self.s
    }

    /// numpy's `sfc64_set_seed`: three words from
    /// `generate_state(3, uint64)`, the counter 1, then 12 outputs dropped.
    pub fn from_numpy_seed(words: &[u64]) -> Self {
        let mut rng = Sfc64 {
            s: [words[0], words[1], words[2], 1],
        };
        for _ in 0..12 {
            rng.next_output();
        }
        rng
    }

    #[inline]
    fn next_output(&mut self) -> u64 {
        let s = &mut self.s;
        let tmp = s[0].wrapping_add(s[1]).wrapping_add(s[3]);
        s[3] = s[3].wrapping_add(1);
        s[0] = s[1] ^ (s[1] >> 11);
        s[1] = s[2].wrapping_add(s[2] << 3);
        s[2] = s[2].rotate_left(24).wrapping_add(tmp);
        tmp
    }
}

impl_rng_u64!(Sfc64, scalar);

impl StateWords for Sfc64 {
    const NAME: &'static str = "sfc64";
    const WORD_BITS: u32 = 64;
    /// `s[0] s[1] s[2]` and the counter `s[3]`.
    const WORD_COUNT: usize = 4;

    fn to_words(&self) -> Vec<u64> {
        self.s.to_vec()
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        Ok(Sfc64 {
            s: words_u64::<4>(Self::NAME, words)?,
        })
    }
}

// ------------------------------------------------------------------ Philox

const PHILOX_M0: u64 = 0xD2E7_470E_E14C_6C93;
const PHILOX_M1: u64 = 0xCA5A_8263_9512_1157;
const PHILOX_W0: u64 = 0x9E37_79B9_7F4A_7C15;
const PHILOX_W1: u64 = 0xBB67_AE85_84CA_A73B;

#[inline]
fn mulhilo(a: u64, b: u64) -> (u64, u64) {
    let p = u128::from(a) * u128::from(b);
    ((p >> 64) as u64, p as u64)
}

/// Philox4x64-10 (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as
/// easy as 1, 2, 3", SC 2011) on a 256-bit counter and a 128-bit key.
///
/// ```
/// use rngkit::runtimes::numpy::philox4x64_10;
///
/// // Random123's kat_vectors: philox4x64 10 rounds, counter and key zero.
/// assert_eq!(
///     philox4x64_10([0; 4], [0; 2]),
///     [0x16554d9eca36314c, 0xdb20fe9d672d0fdc, 0xd7e772cee186176b, 0x7e68b68aec7ba23b]
/// );
/// ```
pub fn philox4x64_10(mut ctr: [u64; 4], mut key: [u64; 2]) -> [u64; 4] {
    for round in 0..10 {
        if round > 0 {
            key[0] = key[0].wrapping_add(PHILOX_W0);
            key[1] = key[1].wrapping_add(PHILOX_W1);
        }
        let (hi0, lo0) = mulhilo(PHILOX_M0, ctr[0]);
        let (hi1, lo1) = mulhilo(PHILOX_M1, ctr[2]);
        ctr = [hi1 ^ ctr[1] ^ key[0], lo1, hi0 ^ ctr[3] ^ key[1], lo0];
    }
    ctr
}

/// numpy's `Philox`: Philox4x64-10 in counter mode. Each block increments
/// the 256-bit counter, then gives four words, served in order from a
/// buffer (`buffer_pos` is how many of the four are used; 4 at seeding).
///
/// The state words are the counter (4 words, low first), the key (2) and
/// `buffer_pos`; the buffer itself follows from them.
///
/// ```
/// use rngkit::runtimes::numpy::Philox4x64;
/// use rngkit::WordRng;
///
/// // numpy 2.4: np.random.Philox(0).random_raw()
/// let mut rng = Philox4x64::from_numpy_seed(&rngkit::runtimes::numpy::SeedSequence::from_words(&[0]).generate_state_u64(2));
/// assert_eq!(rng.next_word(), 0x0399_e5b2_22b8_2fa9);
/// ```
#[derive(Clone, Debug)]
pub struct Philox4x64 {
    ctr: [u64; 4],
    key: [u64; 2],
    buffer: [u64; 4],
    buffer_pos: u8,
}

impl PartialEq for Philox4x64 {
    /// The buffer follows from the counter and key (and is unused when
    /// `buffer_pos` is 4).
    fn eq(&self, other: &Self) -> bool {
        self.ctr == other.ctr && self.key == other.key && self.buffer_pos == other.buffer_pos
    }
}

impl Eq for Philox4x64 {}

impl core::hash::Hash for Philox4x64 {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.ctr, self.key, self.buffer_pos).hash(state);
    }
}

impl Philox4x64 {
    /// The generator at this counter, key and buffer position (`0..=4`).
    ///
    /// # Errors
    /// [`StateError::OutOfRange`] for a position past 4.
    pub fn from_state(ctr: [u64; 4], key: [u64; 2], buffer_pos: u64) -> Result<Self, StateError> {
        if buffer_pos > 4 {
            return Err(StateError::OutOfRange {
                generator: "philox",
                index: 6,
                found: buffer_pos,
                expected: "buffer_pos: 0 to 4",
            });
        }
        let buffer = if buffer_pos < 4 {
            philox4x64_10(ctr, key)
        } else {
            [0; 4]
        };
        Ok(Philox4x64 {
            ctr,
            key,
            buffer,
            buffer_pos: buffer_pos as u8,
        })
    }

    /// numpy's `Philox(S)`: the key is `generate_state(2, uint64)`, the
    /// counter 0, the buffer empty.
    pub fn from_numpy_seed(words: &[u64]) -> Self {
        Philox4x64 {
            ctr: [0; 4],
            key: [words[0], words[1]],
            buffer: [0; 4],
            buffer_pos: 4,
        }
    }

    /// The counter, low word first.
    pub const fn counter(&self) -> [u64; 4] {
        self.ctr
    }

    /// The key.
    pub const fn key(&self) -> [u64; 2] {
        self.key
    }

    /// How many words of the current block are used.
    pub const fn buffer_pos(&self) -> u8 {
        self.buffer_pos
    }

    #[inline]
    fn next_output(&mut self) -> u64 {
        if self.buffer_pos < 4 {
            let out = self.buffer[self.buffer_pos as usize];
            self.buffer_pos += 1;
            return out;
        }
        self.ctr[0] = self.ctr[0].wrapping_add(1);
        if self.ctr[0] == 0 {
            self.ctr[1] = self.ctr[1].wrapping_add(1);
            if self.ctr[1] == 0 {
                self.ctr[2] = self.ctr[2].wrapping_add(1);
                if self.ctr[2] == 0 {
                    self.ctr[3] = self.ctr[3].wrapping_add(1);
                }
            }
        }
        self.buffer = philox4x64_10(self.ctr, self.key);
        self.buffer_pos = 1;
        self.buffer[0]
    }
}

impl_rng_u64!(Philox4x64, scalar);

impl StateWords for Philox4x64 {
    const NAME: &'static str = "philox";
    const WORD_BITS: u32 = 64;
    /// counter[0..4], key[0..2], buffer_pos.
    const WORD_COUNT: usize = 7;
    /// The counter and the key; the position is a place in the block.
    const FREE_BITS: u32 = 384;

    fn to_words(&self) -> Vec<u64> {
        let mut w = self.ctr.to_vec();
        w.extend_from_slice(&self.key);
        w.push(u64::from(self.buffer_pos));
        w
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let w = words_u64::<7>(Self::NAME, words)?;
        Self::from_state([w[0], w[1], w[2], w[3]], [w[4], w[5]], w[6])
    }
}

// ----------------------------------------------------------------- MT19937

/// numpy's `MT19937(S)`: `SeedSequence(S).generate_state(624, uint32)`
/// fills `key[1..624]`, `key[0]` is `0x80000000` (never all zero), and
/// `pos` is left at 623 (the loop variable's last value), so the first
/// output is `key[623]` tempered, before any twist: `left = 1`.
///
/// ```
/// use rngkit::runtimes::numpy::{SeedSequence, mt19937_from_numpy_seed};
///
/// let rng = mt19937_from_numpy_seed(&SeedSequence::from_words(&[1]).generate_state_u32(624));
/// assert_eq!((rng.left(), rng.block()[0]), (1, 0x8000_0000));
/// ```
pub fn mt19937_from_numpy_seed(words: &[u32]) -> Mt19937 {
    let mut key = [0u32; 624];
    key[0] = 0x8000_0000;
    key[1..].copy_from_slice(&words[1..624]);
    Mt19937::from_state(key, 1).expect("left = 1 is in range")
}

impl BitGenerator for Mt19937 {
    #[inline]
    fn next_uint64(&mut self) -> u64 {
        let hi = self.next_word();
        (hi << 32) | self.next_word()
    }

    #[inline]
    fn next_uint32(&mut self) -> u32 {
        self.next_word() as u32
    }

    #[inline]
    fn next_double(&mut self) -> f64 {
        let a = (self.next_word() >> 5) as f64;
        let b = (self.next_word() >> 6) as f64;
        (a * 67_108_864.0 + b) / 9_007_199_254_740_992.0
    }
}
