//! The inner loop of reduction modulo a sparse polynomial: XOR a block of a
//! few words, shifted by every term of the modulus' tail, into the words
//! below it. AVX2 where the CPU runs [`CpuLevel::Avx2`] or faster (four
//! words per instruction; there is no AVX-512 build), a
//! portable routine with identical results otherwise.
#![allow(unsafe_code)] // the kernel module: AVX2 intrinsics, each block with its SAFETY note

use rngkit::cpu::CpuLevel;

/// The longest block the AVX2 routine folds: its output (block + 1 word)
/// fills two 256-bit and one 128-bit register.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const AVX2_MAX_BLOCK: usize = 9;

/// Words the AVX2 routine reads and writes from every shifted position;
/// callers leave this much room past the highest one.
pub(crate) const AVX2_OUT_WORDS: usize = AVX2_MAX_BLOCK + 1;

/// `words ^= Σ_{e in tail} block · x^(base + e)`.
///
/// `words` must hold `block.len() + 1` words from every shifted position
/// (`(base + e) / 64`); `max_tail` is the largest `e` in `tail`. Neighbouring
/// terms write overlapping words, so `tail` should interleave distant terms
/// (see [`Modulus`](super::Modulus)) to keep consecutive read-modify-writes
/// independent. The result does not depend on `level` (a level this CPU
/// does not run takes the portable routine).
///
/// # Panics
/// If `words` is too short.
// Only the x86-64 paths read `max_tail`.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub(crate) fn fold_block(
    level: CpuLevel,
    words: &mut [u64],
    block: &[u64],
    base: usize,
    tail: &[usize],
    max_tail: usize,
) {
    match level {
        #[cfg(target_arch = "x86_64")]
        _ if level >= CpuLevel::Avx2
            && level.is_supported()
            && block.len() <= AVX2_MAX_BLOCK
            && (base + max_tail) / 64 + AVX2_OUT_WORDS <= words.len() =>
        {
            // SAFETY: the guard confirmed the CPU runs `level`, at least
            // `CpuLevel::Avx2` (the levels are nested), so it has AVX2, the
            // feature the routine enables.
            unsafe { x86::fold_avx2(words, block, base, tail) }
        }
        _ => match block.len() {
            // Fixed lengths unroll (MT19937's gap of 623 gives 9 words).
            9 => fold_fixed::<9>(words, block, base, tail),
            8 => fold_fixed::<8>(words, block, base, tail),
            _ => {
                for &e in tail {
                    xor_shifted_dense(words, block, base + e);
                }
            }
        },
    }
}

/// `dst ^= src` element-wise (the application of a jump polynomial to an
/// MT19937 state is mostly this), with AVX2 where the CPU has it.
///
/// # Panics
/// If the lengths differ.
pub(crate) fn xor_into_u32(dst: &mut [u32], src: &[u32]) {
    assert_eq!(dst.len(), src.len(), "xor of unequal lengths");
    #[cfg(target_arch = "x86_64")]
    if CpuLevel::Avx2.is_supported() {
        // SAFETY: the CPU runs `CpuLevel::Avx2`, so it has AVX2, the feature
        // the function enables.
        unsafe { x86::xor_into_u32(dst, src) };
        return;
    }
    xor_into_u32_portable(dst, src);
}

/// [`xor_into_u32`] without special instructions.
fn xor_into_u32_portable(dst: &mut [u32], src: &[u32]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

/// Folds a block of exactly `L` words through every tail term.
fn fold_fixed<const L: usize>(words: &mut [u64], block: &[u64], base: usize, tail: &[usize]) {
    let block: &[u64; L] = block.try_into().expect("block of L words");
    for &e in tail {
        let shift = base + e;
        let (ws, bs) = (shift / 64, (shift % 64) as u32);
        let dst = &mut words[ws..ws + L + 1];
        if bs == 0 {
            for i in 0..L {
                dst[i] ^= block[i];
            }
        } else {
            dst[0] ^= block[0] << bs;
            for i in 1..L {
                dst[i] ^= (block[i] << bs) | (block[i - 1] >> (64 - bs));
            }
            dst[L] ^= block[L - 1] >> (64 - bs);
        }
    }
}

/// `dst ^= src · x^shift` without skipping zero words; `dst` must have a
/// word of room past the shifted `src`.
#[inline]
fn xor_shifted_dense(dst: &mut [u64], src: &[u64], shift: usize) {
    let (ws, bs) = (shift / 64, (shift % 64) as u32);
    let dst = &mut dst[ws..ws + src.len() + 1];
    if bs == 0 {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d ^= s;
        }
    } else {
        let mut carry = 0u64;
        for (d, &s) in dst.iter_mut().zip(src) {
            *d ^= (s << bs) | carry;
            carry = s >> (64 - bs);
        }
        dst[src.len()] ^= carry;
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        __m128i, __m256i, _mm_cvtsi64_si128, _mm_loadu_si128, _mm_or_si128, _mm_sll_epi64,
        _mm_srl_epi64, _mm_storeu_si128, _mm_xor_si128, _mm256_loadu_si256, _mm256_or_si256,
        _mm256_sll_epi64, _mm256_srl_epi64, _mm256_storeu_si256, _mm256_xor_si256,
    };

    use super::{AVX2_MAX_BLOCK, AVX2_OUT_WORDS};

    /// The portable loop, compiled for AVX2 (the compiler vectorises it
    /// eight words wide).
    #[target_feature(enable = "avx2")]
    pub(super) fn xor_into_u32(dst: &mut [u32], src: &[u32]) {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d ^= s;
        }
    }

    /// Folds a block of at most 9 words: each term's 10 output words are
    /// two 256-bit and one 128-bit read-modify-write (fewer, whole stores
    /// measured faster than aligned 4-word chunks or a sliding register
    /// window, whose branches mispredict).
    ///
    /// # Safety
    /// The CPU must support AVX2. (A longer block or a short `words` is
    /// caught by slice bounds checks, which panic.)
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn fold_avx2(words: &mut [u64], block: &[u64], base: usize, tail: &[usize]) {
        // padded[i + 1] = block[i], zero around it: output word i of the
        // shifted block is (padded[i + 1] << bs) | (padded[i] >> (64 - bs)).
        let mut padded = [0u64; AVX2_OUT_WORDS + 1];
        padded[1..=block.len()].copy_from_slice(block);
        let load4 = |at: usize| -> __m256i {
            let src = &padded[at..at + 4];
            // SAFETY: `src` holds the four words read.
            unsafe { _mm256_loadu_si256(src.as_ptr().cast()) }
        };
        let load2 = |at: usize| -> __m128i {
            let src = &padded[at..at + 2];
            // SAFETY: `src` holds the two words read.
            unsafe { _mm_loadu_si128(src.as_ptr().cast()) }
        };
        let (cur0, prev0) = (load4(1), load4(0));
        let (cur1, prev1) = (load4(5), load4(4));
        let (cur2, prev2) = (load2(AVX2_MAX_BLOCK), load2(AVX2_MAX_BLOCK - 1));
        for &e in tail {
            let shift = base + e;
            let (ws, bs) = (shift / 64, (shift % 64) as i64);
            // A shift count of 64 gives zero, as bs = 0 needs.
            let left = _mm_cvtsi64_si128(bs);
            let right = _mm_cvtsi64_si128(64 - bs);
            let v0 = _mm256_or_si256(_mm256_sll_epi64(cur0, left), _mm256_srl_epi64(prev0, right));
            let v1 = _mm256_or_si256(_mm256_sll_epi64(cur1, left), _mm256_srl_epi64(prev1, right));
            let v2 = _mm_or_si128(_mm_sll_epi64(cur2, left), _mm_srl_epi64(prev2, right));
            let dst = &mut words[ws..ws + AVX2_OUT_WORDS];
            // SAFETY: `dst` holds the ten words read and written (4 + 4 +
            // 2); unaligned access is allowed.
            unsafe {
                let p = dst.as_mut_ptr();
                let (p0, p1) = (p.cast::<__m256i>(), p.add(4).cast::<__m256i>());
                let p2 = p.add(8).cast::<__m128i>();
                _mm256_storeu_si256(p0, _mm256_xor_si256(_mm256_loadu_si256(p0), v0));
                _mm256_storeu_si256(p1, _mm256_xor_si256(_mm256_loadu_si256(p1), v1));
                _mm_storeu_si128(p2, _mm_xor_si128(_mm_loadu_si128(p2), v2));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_paths_agree() {
        let src: Vec<u32> = (0..1000u32).map(|i| i.wrapping_mul(0x9e37_79b9)).collect();
        for len in [0, 1, 7, 8, 9, 623, 624, 1000] {
            let mut fast: Vec<u32> = (0..len as u32).map(|i| i ^ 0x5555_0000).collect();
            let mut expected = fast.clone();
            xor_into_u32(&mut fast, &src[..len]);
            for (e, &s) in expected.iter_mut().zip(&src) {
                *e ^= s;
            }
            assert_eq!(fast, expected);
            xor_into_u32_portable(&mut fast, &src[..len]);
            assert!(
                fast.iter()
                    .enumerate()
                    .all(|(i, &w)| w == i as u32 ^ 0x5555_0000)
            );
        }
    }

    #[test]
    fn every_path_folds_like_the_portable_one() {
        // SplitMix64 stream as an independent source of random blocks.
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        for round in 0..300 {
            let len = 1 + round % 12;
            let block: Vec<u64> = (0..len).map(|_| next()).collect();
            let mut tail: Vec<usize> = (0..1 + round % 40)
                .map(|_| (next() % 3000) as usize)
                .collect();
            // Include aligned shifts.
            tail.push(64 * (round % 7));
            let base = (next() % 200) as usize;
            let max_tail = *tail.iter().max().unwrap();
            let room = (base + max_tail) / 64 + 13 + round % 3;
            let start: Vec<u64> = (0..room).map(|_| next()).collect();
            let mut expected = start.clone();
            for &e in &tail {
                crate::gf2::poly::xor_shifted(&mut expected, &block, base + e);
            }
            for &level in CpuLevel::available() {
                let mut words = start.clone();
                fold_block(level, &mut words, &block, base, &tail, max_tail);
                assert_eq!(words, expected, "{level:?}, round {round}");
            }
        }
    }
}
