//! MT19937 in blocks: the scalar twist (split into its index ranges, no
//! `%`), scalar tempering loops, and the driver that honours the lazy
//! `left` model for every level.

use super::mt_words::{M, N, twist_word};
use crate::cpu::CpuLevel;
use crate::generators::{Mt19937, temper};

/// Regenerates the block in place, exactly as the reference loop
/// `mt[i] = mt[(i+M)%N] ^ ...` for `i = 0..N` does. The three ranges:
/// `i < N - M` reads the old `mt[i + M]`; `N - M <= i < N - 1` reads the
/// already regenerated `mt[i + M - N]`; `i = N - 1` pairs with the new
/// `mt[0]`.
#[inline]
pub(crate) fn twist_scalar(mt: &mut [u32; N]) {
    for i in 0..N - M {
        mt[i] = twist_word(mt[i], mt[i + 1], mt[i + M]);
    }
    for i in N - M..N - 1 {
        mt[i] = twist_word(mt[i], mt[i + 1], mt[i + M - N]);
    }
    mt[N - 1] = twist_word(mt[N - 1], mt[0], mt[M - 1]);
}

/// Destination of tempered words: a `u32` slice or little-endian bytes.
pub(crate) trait Sink {
    /// Number of whole words the sink takes.
    fn words(&self) -> usize;
    /// Tempers `src` into words `at..at + src.len()`.
    fn temper_into(&mut self, at: usize, src: &[u32], level: CpuLevel);
    /// Regenerates the block.
    fn twist(mt: &mut [u32; N], level: CpuLevel);
}

impl Sink for [u32] {
    fn words(&self) -> usize {
        self.len()
    }

    #[inline]
    fn temper_into(&mut self, at: usize, src: &[u32], level: CpuLevel) {
        let dst = &mut self[at..at + src.len()];
        #[cfg(target_arch = "x86_64")]
        let (dst, src) = {
            let done = super::x86::mt_temper_words(level, src, dst);
            (&mut dst[done..], &src[done..])
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = level;
        for (slot, &word) in dst.iter_mut().zip(src) {
            *slot = temper(word);
        }
    }

    #[inline]
    fn twist(mt: &mut [u32; N], level: CpuLevel) {
        twist_with(mt, level);
    }
}

impl Sink for [u8] {
    fn words(&self) -> usize {
        self.len() / 4
    }

    #[inline]
    fn temper_into(&mut self, at: usize, src: &[u32], level: CpuLevel) {
        let dst = &mut self[at * 4..(at + src.len()) * 4];
        #[cfg(target_arch = "x86_64")]
        let (dst, src) = {
            let done = super::x86::mt_temper_bytes(level, src, dst);
            (&mut dst[done * 4..], &src[done..])
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = level;
        for (chunk, &word) in dst.chunks_exact_mut(4).zip(src) {
            chunk.copy_from_slice(&temper(word).to_le_bytes());
        }
    }

    #[inline]
    fn twist(mt: &mut [u32; N], level: CpuLevel) {
        twist_with(mt, level);
    }
}

/// The twist with the kernels of `level`.
#[inline]
pub(crate) fn twist_with(mt: &mut [u32; N], level: CpuLevel) {
    #[cfg(target_arch = "x86_64")]
    if super::x86::mt_twist(level, mt) {
        return;
    }
    let _ = level;
    twist_scalar(mt);
}

/// The lazy-model driver: unread words of the current block, then whole
/// blocks, then the head of one more block.
#[inline]
fn fill<S: Sink + ?Sized>(rng: &mut Mt19937, dst: &mut S, level: CpuLevel) {
    let total = dst.words();
    let pos = rng.pos as usize;
    let first = (N - pos).min(total);
    dst.temper_into(0, &rng.mt[pos..pos + first], level);
    rng.pos += first as u32;
    let mut done = first;
    while total - done >= N {
        S::twist(&mut rng.mt, level);
        dst.temper_into(done, &rng.mt, level);
        rng.pos = N as u32;
        done += N;
    }
    if done < total {
        let rest = total - done;
        S::twist(&mut rng.mt, level);
        dst.temper_into(done, &rng.mt[..rest], level);
        rng.pos = rest as u32;
    }
}

/// Fills `dst` with the next outputs.
#[inline]
pub(crate) fn fill_words(rng: &mut Mt19937, dst: &mut [u32], level: CpuLevel) {
    fill(rng, dst, level);
}

/// Fills `dst` (a multiple of 4 bytes long) with the next outputs,
/// little-endian.
#[inline]
pub(crate) fn fill_bytes(rng: &mut Mt19937, dst: &mut [u8], level: CpuLevel) {
    debug_assert_eq!(dst.len() % 4, 0);
    fill(rng, dst, level);
}
