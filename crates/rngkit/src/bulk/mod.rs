//! Bulk generation: filling a slice with the next outputs, several times
//! faster than a loop of single draws and with exactly the same result.
//!
//! Every generator fills `&mut [u32]` (32-bit generators: `fill_u32`) or
//! `&mut [u64]` (64-bit generators: `fill_u64`), and its `fill_bytes` goes
//! through the same path. The outputs, and the state the generator is left
//! in, are those of calling the scalar generator once per word, on every
//! path:
//!
//! * **xorshift128, xoshiro256\*\***: the buffer is cut into blocks of
//!   `L` lanes (16 or 8 with AVX-512, for xoshiro256\*\* two independent
//!   groups of 8 while they fit; 8 or 4 with AVX2); lane `k` of a block
//!   starts `k * C` steps after the block's start, found by an exact
//!   polynomial jump (`x^(kC) mod P`, constants computed at compile time),
//!   and the lanes advance together in SIMD registers. Outputs are
//!   transposed back into sequence order. The last lane ends where the next
//!   block starts; the tail shorter than one block is drawn one by one.
//! * **MT19937**: the twist runs vectorised over the index ranges in which
//!   no word depends on another word of the same vector, and the tempering
//!   is vectorised into the output. The lazy `left` model is honoured: the
//!   unread part of the current block first, then whole blocks, then a
//!   partial block (leaving `left = 624 - used`).
//! * the other generators use a tight scalar loop.
//!
//! The instruction set is a [`CpuLevel`]: [`CpuLevel::best`], detected at
//! run time (feature `std`) or from the compile-time target features
//! (without `std`), unless the caller asks for another;
//! [`CpuLevel::Scalar`] is always there and gives the same output.
//!
//! ```
//! use rngkit::bulk::BulkFill;
//! use rngkit::cpu::CpuLevel;
//! use rngkit::generators::Xoshiro256StarStar;
//! use rngkit::rand_core::Rng;
//!
//! let mut bulk = Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap();
//! let mut one_by_one = bulk.clone();
//! let mut words = vec![0u64; 100_000];
//! bulk.fill_u64(&mut words);
//! assert!(words.iter().all(|&w| w == one_by_one.next_u64()));
//! assert_eq!(bulk, one_by_one);
//!
//! // Any path may be asked for; one the CPU lacks falls back to scalar.
//! let mut forced = Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap();
//! let mut again = vec![0u64; 100_000];
//! forced.fill_words_with(&mut again, CpuLevel::Scalar);
//! assert_eq!(again, words);
//! ```
//!
//! ## Memory
//! A generator is its state and nothing else: no heap allocation, no hidden
//! buffer, no SIMD state kept between calls (the sizes are in
//! `docs/performance.md`, checked by the `memory_sizes` test).
//! The bulk kernels use about 1 KiB of stack while they run.

use crate::WordRng;
use crate::cpu::CpuLevel;
use crate::generators::{Mt19937, Xorshift128, Xoshiro256StarStar};

// Only the x86-64 kernels use the jump tables.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
mod jump;
mod mt;
mod mt_words;
#[cfg(target_arch = "x86_64")]
mod x86;

/// `level` if this CPU runs it, else [`CpuLevel::Scalar`] (the fallback
/// [`BulkFill`] promises; the output is the same either way).
#[inline]
fn or_scalar(level: CpuLevel) -> CpuLevel {
    if level.is_supported() {
        level
    } else {
        CpuLevel::Scalar
    }
}

/// Filling a slice of output words (and bytes) with the kernels of a chosen
/// [`CpuLevel`].
///
/// `fill_words_with(dst, level)` leaves `dst` and the generator exactly as
/// `dst.len()` calls of [`WordRng::next_word`] would, for every `level`; a
/// level the CPU does not support falls back to [`CpuLevel::Scalar`]. The
/// generators' `fill_u32`/`fill_u64` and `fill_bytes` use
/// [`CpuLevel::best`].
///
/// ```
/// use rngkit::bulk::BulkFill;
/// use rngkit::cpu::CpuLevel;
/// use rngkit::generators::Mt19937;
///
/// let mut words = [[0u32; 1000]; 3];
/// for (level, out) in CpuLevel::ALL.into_iter().zip(&mut words) {
///     Mt19937::new(5489).fill_words_with(out, level);
/// }
/// assert!(words.iter().all(|w| *w == words[0]));
/// assert_eq!(words[0][0], 3499211612);
/// ```
pub trait BulkFill: WordRng {
    /// The output word: `u32` or `u64`.
    type Word: Word;

    /// Fills `dst` with the next `dst.len()` outputs using the kernels of
    /// `level`. The default, for generators without a SIMD kernel, is the
    /// scalar loop of [`WordRng::next_word`] whatever the level: a generator
    /// with no kernel writes `impl BulkFill for G { type Word = u32; }`.
    #[inline]
    fn fill_words_with(&mut self, dst: &mut [Self::Word], level: CpuLevel) {
        let _ = level;
        scalar_words(dst, || Self::Word::from_word(self.next_word()));
    }

    /// `fill_bytes` with the kernels of `level`: whole outputs
    /// little-endian, in order; a final partial output is truncated (the
    /// rest of it is discarded). The default is the scalar loop, as
    /// [`fill_words_with`](Self::fill_words_with).
    #[inline]
    fn fill_bytes_with(&mut self, dst: &mut [u8], level: CpuLevel) {
        let _ = level;
        scalar_bytes::<Self::Word>(dst, || Self::Word::from_word(self.next_word()));
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
}

/// An output word of a [`BulkFill`] generator: `u32` or `u64` (sealed).
///
/// ```
/// use rngkit::bulk::Word;
///
/// assert_eq!(<u32 as Word>::BYTES, 4);
/// assert_eq!(u32::from_word(0x1_0000_0002), 2); // a 32-bit output, zero-extended
/// assert_eq!(Word::to_le(0x0102u32), [2, 1, 0, 0]);
/// ```
pub trait Word: Copy + sealed::Sealed {
    /// Bytes in one word (4 or 8).
    const BYTES: usize;
    /// The little-endian bytes.
    type Bytes: AsRef<[u8]>;
    /// The word from [`WordRng::next_word`]'s zero-extended output.
    fn from_word(word: u64) -> Self;
    /// The little-endian bytes.
    fn to_le(self) -> Self::Bytes;
    /// Writes the first `dst.len()` little-endian bytes.
    #[inline(always)]
    fn write_le(self, dst: &mut [u8]) {
        dst.copy_from_slice(&self.to_le().as_ref()[..dst.len()]);
    }
}

impl Word for u32 {
    const BYTES: usize = 4;
    type Bytes = [u8; 4];
    #[inline(always)]
    fn from_word(word: u64) -> u32 {
        word as u32
    }
    #[inline(always)]
    fn to_le(self) -> [u8; 4] {
        self.to_le_bytes()
    }
}

impl Word for u64 {
    const BYTES: usize = 8;
    type Bytes = [u8; 8];
    #[inline(always)]
    fn from_word(word: u64) -> u64 {
        word
    }
    #[inline(always)]
    fn to_le(self) -> [u8; 8] {
        self.to_le_bytes()
    }
}

/// The scalar word loop.
#[inline(always)]
pub(crate) fn scalar_words<W: Word>(dst: &mut [W], mut next: impl FnMut() -> W) {
    for slot in dst {
        *slot = next();
    }
}

/// The scalar byte loop (`rand_core`'s `fill_bytes_via_next_word`).
#[inline(always)]
pub(crate) fn scalar_bytes<W: Word>(dst: &mut [u8], mut next: impl FnMut() -> W) {
    let mut chunks = dst.chunks_exact_mut(W::BYTES);
    for chunk in &mut chunks {
        chunk.copy_from_slice(next().to_le().as_ref());
    }
    let rest = chunks.into_remainder();
    if !rest.is_empty() {
        next().write_le(rest);
    }
}

/// Words to draw one by one before a SIMD kernel so that its stores are
/// 64-byte aligned (a store that straddles two cache lines costs two); 0
/// when no whole number of words gets there.
#[cfg(target_arch = "x86_64")]
#[inline]
fn align_head(ptr: *const u8, word_bytes: usize, words: usize) -> usize {
    let offset = ptr.align_offset(64);
    if offset.is_multiple_of(word_bytes) && offset / word_bytes <= words {
        offset / word_bytes
    } else {
        0
    }
}

/// The body of `fill_words_with` for a generator with lane kernels: an
/// aligning head and the tail one by one, whole blocks in the kernel.
/// Buffers shorter than the smallest block go straight to the scalar loop.
macro_rules! lane_fill_words {
    ($self:ident, $dst:ident, $level:ident, $kernel_fn:path, $word:ty, $min_words:expr) => {{
        #[cfg(target_arch = "x86_64")]
        if $dst.len() >= $min_words {
            let level = or_scalar($level);
            if level != CpuLevel::Scalar {
                let head = align_head($dst.as_ptr().cast(), <$word as Word>::BYTES, $dst.len());
                let (head, rest) = $dst.split_at_mut(head);
                scalar_words(head, || $self.next_output());
                let done = $kernel_fn(level, &mut $self.s, rest);
                scalar_words(&mut rest[done..], || $self.next_output());
                return;
            }
        }
        let _ = $level;
        scalar_words($dst, || $self.next_output());
    }};
}

/// As `lane_fill_words!` for `fill_bytes_with`.
macro_rules! lane_fill_bytes {
    ($self:ident, $dst:ident, $level:ident, $kernel_fn:path, $word:ty, $min_words:expr) => {{
        #[cfg(target_arch = "x86_64")]
        if $dst.len() >= $min_words * <$word as Word>::BYTES {
            let level = or_scalar($level);
            if level != CpuLevel::Scalar {
                const BYTES: usize = <$word as Word>::BYTES;
                let head = align_head($dst.as_ptr(), BYTES, $dst.len() / BYTES);
                let (head, rest) = $dst.split_at_mut(head * BYTES);
                scalar_bytes::<$word>(head, || $self.next_output());
                let done = $kernel_fn(level, &mut $self.s, rest);
                scalar_bytes::<$word>(&mut rest[done * BYTES..], || $self.next_output());
                return;
            }
        }
        let _ = $level;
        scalar_bytes::<$word>($dst, || $self.next_output());
    }};
}

/// The `BulkFill` of a generator with lane kernels (`$words`, `$bytes`)
/// and the smallest buffer they take.
macro_rules! lane_bulk {
    ($ty:ty, $word:ty, $words:path, $bytes:path, $min_words:expr) => {
        impl BulkFill for $ty {
            type Word = $word;

            #[inline]
            fn fill_words_with(&mut self, dst: &mut [$word], level: CpuLevel) {
                lane_fill_words!(self, dst, level, $words, $word, $min_words);
            }

            #[inline]
            fn fill_bytes_with(&mut self, dst: &mut [u8], level: CpuLevel) {
                lane_fill_bytes!(self, dst, level, $bytes, $word, $min_words);
            }
        }
    };
}

lane_bulk!(
    Xorshift128,
    u32,
    x86::xorshift128_words,
    x86::xorshift128_bytes,
    jump::XORSHIFT128_MIN_WORDS
);
lane_bulk!(
    Xoshiro256StarStar,
    u64,
    x86::xoshiro256ss_words,
    x86::xoshiro256ss_bytes,
    jump::XOSHIRO256_MIN_WORDS
);

impl BulkFill for Mt19937 {
    type Word = u32;

    #[inline]
    fn fill_words_with(&mut self, dst: &mut [u32], level: CpuLevel) {
        mt::fill_words(self, dst, or_scalar(level));
    }

    #[inline]
    fn fill_bytes_with(&mut self, dst: &mut [u8], level: CpuLevel) {
        let whole = dst.len() / 4;
        let (words, rest) = dst.split_at_mut(whole * 4);
        mt::fill_bytes(self, words, or_scalar(level));
        if !rest.is_empty() {
            self.next_output().write_le(rest);
        }
    }
}

/// `fill_bytes` with the best kernel (what the generators'
/// `try_fill_bytes` calls).
#[inline]
pub(crate) fn fill_bytes<R: BulkFill>(rng: &mut R, dst: &mut [u8]) {
    rng.fill_bytes_with(dst, CpuLevel::best());
}

/// MT19937's twist with the best kernel (what `Mt19937::twist` calls).
/// Kept out of line so that single draws stay small enough to inline.
#[inline(never)]
pub(crate) fn twist_mt(block: &mut [u32; mt_words::N]) {
    mt::twist_with(block, CpuLevel::best());
}

/// The inherent `fill_u32`/`fill_u64` of a generator, invoked in its module.
macro_rules! inherent_fill {
    ($ty:ident, $method:ident, $word:ty, $next:ident, $make:expr) => {
        impl $ty {
            /// Fills `dst` with the next `dst.len()` outputs, exactly as that
            /// many single draws would, with the fastest bulk kernel this CPU
            /// has (see [`crate::bulk`]).
            ///
            /// ```
            #[doc = concat!("use rngkit::generators::", stringify!($ty), ";")]
            /// use rngkit::rand_core::Rng;
            ///
            #[doc = concat!("let mut rng = ", $make, ";")]
            /// let mut one_by_one = rng.clone();
            #[doc = concat!("let mut words = [0", stringify!($word), "; 3000];")]
            #[doc = concat!("rng.", stringify!($method), "(&mut words);")]
            #[doc = concat!("assert!(words.iter().all(|&w| w == one_by_one.", stringify!($next), "()));")]
            /// assert_eq!(rng, one_by_one);
            /// ```
            #[inline]
            pub fn $method(&mut self, dst: &mut [$word]) {
                $crate::bulk::BulkFill::fill_words_with(self, dst, $crate::cpu::CpuLevel::best());
            }
        }
    };
}

pub(crate) use inherent_fill;
