//! MT19937's constants and the twist of one word, below both the scalar
//! twist (`mt`) and the SIMD kernels (`x86`) that share them: the kernels
//! take these from here, not from `mt`, which calls the kernels, so the
//! imports run one way.

pub(crate) use crate::generators::mt19937::{LOWER_MASK, M, MATRIX_A, N, UPPER_MASK};

/// One word of the twist: `mt[i]` from `mt[i]`, `mt[i + 1]` and `mt[i + M]`
/// (indices mod N, already resolved by the caller).
#[inline(always)]
pub(crate) fn twist_word(current: u32, next: u32, far: u32) -> u32 {
    let y = (current & UPPER_MASK) | (next & LOWER_MASK);
    far ^ (y >> 1) ^ ((y & 1).wrapping_neg() & MATRIX_A)
}
