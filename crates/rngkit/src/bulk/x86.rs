//! The x86-64 SIMD kernels (the [`CpuLevel::Avx2`] and [`CpuLevel::Avx512`]
//! levels).
//!
//! Every kernel is a `#[target_feature]` function enabling no feature
//! outside its level's [`CpuLevel::target_features`], entered only through
//! the safe functions at the top of this file, each of which first checks
//! that the CPU runs the level ([`CpuLevel::is_supported`], the workspace's
//! one detection). Kernels write whole words into a
//! destination borrowed from a slice, only inside its bounds, and report how
//! many words they wrote; the caller draws the rest with the scalar
//! generator. The lane kernels cover whole blocks only, so what they leave
//! is exactly the state the scalar loop would reach after those words.
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::jump::{XORSHIFT128_TIERS, XOSHIRO256_TIERS};
use super::mt_words::{LOWER_MASK, M, MATRIX_A, N, UPPER_MASK, twist_word};
use super::or_scalar;
use crate::cpu::CpuLevel;

/// A destination of whole words: a pointer into a slice that the caller has
/// mutably borrowed for the whole kernel call, and its length in bytes.
#[derive(Clone, Copy)]
struct Out {
    ptr: *mut u8,
    bytes: usize,
}

impl Out {
    fn of<T>(dst: &mut [T]) -> Out {
        Out {
            ptr: dst.as_mut_ptr().cast(),
            bytes: core::mem::size_of_val(dst),
        }
    }
}

// ---------------------------------------------------------------------------
// Safe entry points.

/// Xorshift128 into `dst`; returns the number of words written (a prefix).
pub(super) fn xorshift128_words(level: CpuLevel, s: &mut [u32; 4], dst: &mut [u32]) -> usize {
    xorshift128(level, s, Out::of(dst))
}

/// Xorshift128 into whole little-endian words of `dst`; returns the words.
pub(super) fn xorshift128_bytes(level: CpuLevel, s: &mut [u32; 4], dst: &mut [u8]) -> usize {
    let whole = dst.len() / 4 * 4;
    xorshift128(level, s, Out::of(&mut dst[..whole]))
}

fn xorshift128(level: CpuLevel, s: &mut [u32; 4], out: Out) -> usize {
    // Checked here again, so that no caller can enter a kernel the CPU lacks.
    match or_scalar(level) {
        // SAFETY: `or_scalar` confirmed the CPU runs `CpuLevel::Avx512`, whose
        // features include every one the kernel enables; `out` comes from a
        // live mutable slice of `out.bytes` bytes.
        CpuLevel::Avx512 => unsafe { xorshift128_avx512(s, out) },
        // SAFETY: as above, with `CpuLevel::Avx2` (AVX2).
        CpuLevel::Avx2 => unsafe { xorshift128_avx2(s, out) },
        CpuLevel::Scalar => 0,
    }
}

/// xoshiro256** into `dst`; returns the number of words written.
pub(super) fn xoshiro256ss_words(level: CpuLevel, s: &mut [u64; 4], dst: &mut [u64]) -> usize {
    xoshiro256ss(level, s, Out::of(dst))
}

/// xoshiro256** into whole little-endian words of `dst`; returns the words.
pub(super) fn xoshiro256ss_bytes(level: CpuLevel, s: &mut [u64; 4], dst: &mut [u8]) -> usize {
    let whole = dst.len() / 8 * 8;
    xoshiro256ss(level, s, Out::of(&mut dst[..whole]))
}

fn xoshiro256ss(level: CpuLevel, s: &mut [u64; 4], out: Out) -> usize {
    // Checked here again, so that no caller can enter a kernel the CPU lacks.
    match or_scalar(level) {
        // SAFETY: `or_scalar` confirmed the CPU runs `CpuLevel::Avx512`, whose
        // features include every one the kernel enables; `out` comes from a
        // live mutable slice of `out.bytes` bytes.
        CpuLevel::Avx512 => unsafe { xoshiro256ss_avx512(s, out) },
        // SAFETY: as above, with `CpuLevel::Avx2` (AVX2).
        CpuLevel::Avx2 => unsafe { xoshiro256ss_avx2(s, out) },
        CpuLevel::Scalar => 0,
    }
}

/// Regenerates the MT19937 block with the kernel of `level`; `false` for
/// the scalar level (the caller then twists itself).
pub(super) fn mt_twist(level: CpuLevel, mt: &mut [u32; N]) -> bool {
    // Checked here again, so that no caller can enter a kernel the CPU lacks.
    match or_scalar(level) {
        CpuLevel::Avx512 => {
            // SAFETY: `or_scalar` confirmed the CPU runs `CpuLevel::Avx512`,
            // which includes AVX-512F, the feature the kernel enables.
            unsafe { mt_twist_avx512(mt) };
            true
        }
        CpuLevel::Avx2 => {
            // SAFETY: `or_scalar` confirmed the CPU runs `CpuLevel::Avx2`
            // (AVX2).
            unsafe { mt_twist_avx2(mt) };
            true
        }
        CpuLevel::Scalar => false,
    }
}

/// Tempers a prefix of `src` into `dst` (`dst.len() >= src.len()`);
/// returns the number of words done.
pub(super) fn mt_temper_words(level: CpuLevel, src: &[u32], dst: &mut [u32]) -> usize {
    let dst = &mut dst[..src.len()];
    mt_temper(level, src, Out::of(dst))
}

/// Tempers a prefix of `src` into little-endian words of `dst`
/// (`dst.len() >= 4 * src.len()`); returns the number of words done.
pub(super) fn mt_temper_bytes(level: CpuLevel, src: &[u32], dst: &mut [u8]) -> usize {
    let dst = &mut dst[..src.len() * 4];
    mt_temper(level, src, Out::of(dst))
}

fn mt_temper(level: CpuLevel, src: &[u32], out: Out) -> usize {
    debug_assert!(out.bytes >= src.len() * 4);
    // Checked here again, so that no caller can enter a kernel the CPU lacks.
    match or_scalar(level) {
        // SAFETY: `or_scalar` confirmed the CPU runs `CpuLevel::Avx512`, which
        // includes AVX-512F, the feature the kernel enables; `out` holds at
        // least `4 * src.len()` bytes of a live mutable slice.
        CpuLevel::Avx512 => unsafe { mt_temper_avx512(src, out) },
        // SAFETY: as above, with `CpuLevel::Avx2` (AVX2).
        CpuLevel::Avx2 => unsafe { mt_temper_avx2(src, out) },
        CpuLevel::Scalar => 0,
    }
}

// ---------------------------------------------------------------------------
// Scalar state transitions used to build the lane start states.

#[inline(always)]
fn xorshift128_step(s: [u32; 4]) -> [u32; 4] {
    let mut t = s[0] ^ (s[0] << 11);
    t ^= t >> 8;
    [s[1], s[2], s[3], s[3] ^ (s[3] >> 19) ^ t]
}

#[inline(always)]
fn xoshiro256_step(mut s: [u64; 4]) -> [u64; 4] {
    let t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3].rotate_left(45);
    s
}

// ---------------------------------------------------------------------------
// Loads, stores and transposes.

#[target_feature(enable = "avx512f")]
fn load512(src: &[u32; 16]) -> __m512i {
    // SAFETY: `src` is 64 readable bytes; unaligned loads are allowed.
    unsafe { _mm512_loadu_si512(src.as_ptr().cast()) }
}

#[target_feature(enable = "avx512f")]
fn store512_words(dst: &mut [u32; 16], v: __m512i) {
    // SAFETY: `dst` is 64 writable bytes; unaligned stores are allowed.
    unsafe { _mm512_storeu_si512(dst.as_mut_ptr().cast(), v) }
}

#[target_feature(enable = "avx2")]
fn load256(src: &[u32; 8]) -> __m256i {
    // SAFETY: `src` is 32 readable bytes; unaligned loads are allowed.
    unsafe { _mm256_loadu_si256(src.as_ptr().cast()) }
}

#[target_feature(enable = "avx2")]
fn store256_words(dst: &mut [u32; 8], v: __m256i) {
    // SAFETY: `dst` is 32 writable bytes; unaligned stores are allowed.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), v) }
}

/// The last lane of a vector of `u32` (the last lane's state word).
#[target_feature(enable = "avx512f")]
fn last_u32_512(v: __m512i) -> u32 {
    let mut lanes = [0u32; 16];
    store512_words(&mut lanes, v);
    lanes[15]
}

#[target_feature(enable = "avx512f")]
fn last_u64_512(v: __m512i) -> u64 {
    let mut lanes = [0u32; 16];
    store512_words(&mut lanes, v);
    u64::from(lanes[14]) | (u64::from(lanes[15]) << 32)
}

#[target_feature(enable = "avx2")]
fn last_u32_256(v: __m256i) -> u32 {
    let mut lanes = [0u32; 8];
    store256_words(&mut lanes, v);
    lanes[7]
}

#[target_feature(enable = "avx2")]
fn last_u64_256(v: __m256i) -> u64 {
    let mut lanes = [0u32; 8];
    store256_words(&mut lanes, v);
    u64::from(lanes[6]) | (u64::from(lanes[7]) << 32)
}

/// Transposes the 4x4 grid of 128-bit blocks held by four vectors:
/// block `c` of result `r` is block `r` of input `c`.
#[target_feature(enable = "avx512f")]
fn transpose_blocks_4x4(x: [__m512i; 4]) -> [__m512i; 4] {
    let p0 = _mm512_shuffle_i32x4::<0x44>(x[0], x[1]); // x0.0 x0.1 x1.0 x1.1
    let p1 = _mm512_shuffle_i32x4::<0xee>(x[0], x[1]); // x0.2 x0.3 x1.2 x1.3
    let p2 = _mm512_shuffle_i32x4::<0x44>(x[2], x[3]);
    let p3 = _mm512_shuffle_i32x4::<0xee>(x[2], x[3]);
    [
        _mm512_shuffle_i32x4::<0x88>(p0, p2), // x0.0 x1.0 x2.0 x3.0
        _mm512_shuffle_i32x4::<0xdd>(p0, p2), // x0.1 x1.1 x2.1 x3.1
        _mm512_shuffle_i32x4::<0x88>(p1, p3),
        _mm512_shuffle_i32x4::<0xdd>(p1, p3),
    ]
}

/// 16x16 transpose of `u32`: 4x4 transposes inside each 128-bit block,
/// then a transpose of the blocks.
#[target_feature(enable = "avx512f")]
fn transpose_16x16_u32(r: [__m512i; 16]) -> [__m512i; 16] {
    let mut u = [_mm512_setzero_si512(); 16];
    for g in 0..4 {
        let [a, b, c, d] = [r[4 * g], r[4 * g + 1], r[4 * g + 2], r[4 * g + 3]];
        let t0 = _mm512_unpacklo_epi32(a, b); // a0 b0 a1 b1
        let t1 = _mm512_unpackhi_epi32(a, b); // a2 b2 a3 b3
        let t2 = _mm512_unpacklo_epi32(c, d);
        let t3 = _mm512_unpackhi_epi32(c, d);
        u[4 * g] = _mm512_unpacklo_epi64(t0, t2); // a0 b0 c0 d0
        u[4 * g + 1] = _mm512_unpackhi_epi64(t0, t2);
        u[4 * g + 2] = _mm512_unpacklo_epi64(t1, t3);
        u[4 * g + 3] = _mm512_unpackhi_epi64(t1, t3);
    }
    let mut out = [_mm512_setzero_si512(); 16];
    for i in 0..4 {
        let y = transpose_blocks_4x4([u[i], u[4 + i], u[8 + i], u[12 + i]]);
        for (c, block) in y.into_iter().enumerate() {
            out[4 * c + i] = block;
        }
    }
    out
}

/// 8x8 transpose of `u32`.
#[target_feature(enable = "avx2")]
fn transpose_8x8_u32(r: [__m256i; 8]) -> [__m256i; 8] {
    let mut u = [_mm256_setzero_si256(); 8];
    for g in 0..2 {
        let [a, b, c, d] = [r[4 * g], r[4 * g + 1], r[4 * g + 2], r[4 * g + 3]];
        let t0 = _mm256_unpacklo_epi32(a, b);
        let t1 = _mm256_unpackhi_epi32(a, b);
        let t2 = _mm256_unpacklo_epi32(c, d);
        let t3 = _mm256_unpackhi_epi32(c, d);
        u[4 * g] = _mm256_unpacklo_epi64(t0, t2);
        u[4 * g + 1] = _mm256_unpackhi_epi64(t0, t2);
        u[4 * g + 2] = _mm256_unpacklo_epi64(t1, t3);
        u[4 * g + 3] = _mm256_unpackhi_epi64(t1, t3);
    }
    let mut out = [_mm256_setzero_si256(); 8];
    for i in 0..4 {
        out[i] = _mm256_permute2x128_si256::<0x20>(u[i], u[4 + i]);
        out[4 + i] = _mm256_permute2x128_si256::<0x31>(u[i], u[4 + i]);
    }
    out
}

/// 4x4 transpose of `u64`.
#[target_feature(enable = "avx2")]
fn transpose_4x4_u64(r: [__m256i; 4]) -> [__m256i; 4] {
    let u = [
        _mm256_unpacklo_epi64(r[0], r[1]),
        _mm256_unpackhi_epi64(r[0], r[1]),
        _mm256_unpacklo_epi64(r[2], r[3]),
        _mm256_unpackhi_epi64(r[2], r[3]),
    ];
    [
        _mm256_permute2x128_si256::<0x20>(u[0], u[2]),
        _mm256_permute2x128_si256::<0x20>(u[1], u[3]),
        _mm256_permute2x128_si256::<0x31>(u[0], u[2]),
        _mm256_permute2x128_si256::<0x31>(u[1], u[3]),
    ]
}

// ---------------------------------------------------------------------------
// Xorshift128: 16 (AVX-512) or 8 (AVX2) lanes of u32.

/// # Safety
/// The CPU must support AVX-512F, and `out.ptr` must be valid for writes of
/// `out.bytes` bytes for the whole call.
#[target_feature(enable = "avx512f")]
unsafe fn xorshift128_avx512(s: &mut [u32; 4], out: Out) -> usize {
    const LANES: usize = 16;
    let words = out.bytes / 4;
    let mut done = 0;
    for tier in &XORSHIFT128_TIERS {
        let c = tier.lane_len;
        while words - done >= LANES * c {
            // Lane k = sum over i of coefficient i of x^(kc) times T^i s.
            let mut lanes = [_mm512_setzero_si512(); 4];
            let mut copy = *s;
            for &mask in tier.masks {
                for (lane, &word) in lanes.iter_mut().zip(&copy) {
                    *lane =
                        _mm512_mask_xor_epi32(*lane, mask, *lane, _mm512_set1_epi32(word as i32));
                }
                copy = xorshift128_step(copy);
            }
            let [mut a, mut b, mut cc, mut d] = lanes;
            for j in (0..c).step_by(LANES) {
                let mut rows = [_mm512_setzero_si512(); 16];
                for row in &mut rows {
                    let mut t = _mm512_xor_si512(a, _mm512_slli_epi32::<11>(a));
                    t = _mm512_xor_si512(t, _mm512_srli_epi32::<8>(t));
                    let next = _mm512_ternarylogic_epi32::<0x96>(d, _mm512_srli_epi32::<19>(d), t);
                    (a, b, cc, d) = (b, cc, d, next);
                    *row = next;
                }
                // Row k now holds lane k's outputs j..j+16.
                for (k, row) in transpose_16x16_u32(rows).into_iter().enumerate() {
                    let at = (done + k * c + j) * 4;
                    debug_assert!(at + 64 <= out.bytes);
                    // SAFETY: at + 64 <= 4 * (done + LANES * c) <= out.bytes,
                    // inside the caller's slice; unaligned stores are allowed.
                    unsafe { _mm512_storeu_si512(out.ptr.add(at).cast(), row) };
                }
            }
            // The last lane ends where the next block starts.
            *s = [
                last_u32_512(a),
                last_u32_512(b),
                last_u32_512(cc),
                last_u32_512(d),
            ];
            done += LANES * c;
        }
    }
    done
}

/// # Safety
/// The CPU must support AVX2, and `out.ptr` must be valid for writes of
/// `out.bytes` bytes for the whole call.
#[target_feature(enable = "avx2")]
unsafe fn xorshift128_avx2(s: &mut [u32; 4], out: Out) -> usize {
    const LANES: usize = 8;
    let words = out.bytes / 4;
    let bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    let mut done = 0;
    for tier in &XORSHIFT128_TIERS {
        let c = tier.lane_len;
        while words - done >= LANES * c {
            let mut lanes = [_mm256_setzero_si256(); 4];
            let mut copy = *s;
            for &mask in tier.masks {
                let select = _mm256_set1_epi32(i32::from(mask));
                let select = _mm256_cmpeq_epi32(_mm256_and_si256(select, bits), bits);
                for (lane, &word) in lanes.iter_mut().zip(&copy) {
                    let add = _mm256_and_si256(select, _mm256_set1_epi32(word as i32));
                    *lane = _mm256_xor_si256(*lane, add);
                }
                copy = xorshift128_step(copy);
            }
            let [mut a, mut b, mut cc, mut d] = lanes;
            for j in (0..c).step_by(LANES) {
                let mut rows = [_mm256_setzero_si256(); 8];
                for row in &mut rows {
                    let mut t = _mm256_xor_si256(a, _mm256_slli_epi32::<11>(a));
                    t = _mm256_xor_si256(t, _mm256_srli_epi32::<8>(t));
                    let next = _mm256_xor_si256(_mm256_xor_si256(d, _mm256_srli_epi32::<19>(d)), t);
                    (a, b, cc, d) = (b, cc, d, next);
                    *row = next;
                }
                for (k, row) in transpose_8x8_u32(rows).into_iter().enumerate() {
                    let at = (done + k * c + j) * 4;
                    debug_assert!(at + 32 <= out.bytes);
                    // SAFETY: at + 32 <= 4 * (done + LANES * c) <= out.bytes,
                    // inside the caller's slice; unaligned stores are allowed.
                    unsafe { _mm256_storeu_si256(out.ptr.add(at).cast(), row) };
                }
            }
            *s = [
                last_u32_256(a),
                last_u32_256(b),
                last_u32_256(cc),
                last_u32_256(d),
            ];
            done += LANES * c;
        }
    }
    done
}

// ---------------------------------------------------------------------------
// xoshiro256**: 8 (AVX-512) or 4 (AVX2) lanes of u64.

/// Stores `rows` (row `s` = the outputs of step `s` of lanes 0..8)
/// transposed: lane `k`'s eight outputs at words `done + k*c + j ..+ 8`.
///
/// Half a transpose and masked stores instead of the full 8x8 transpose:
/// after the 64-bit unpacks and one two-source permute, each 256-bit half
/// of a vector holds four consecutive outputs of one lane. The low half is
/// stored as it is; the high half by a masked store whose (masked-off) low
/// half lies over the words just before it, which are inside the block.
/// This needs 2 shuffles per step instead of 3, and shuffles share their
/// execution port with the shifts and rotates that bound this kernel.
///
/// # Safety
/// The CPU must support AVX-512F, and words `done .. done + 8 * c` of
/// `out` must be writable, with `c >= 8` and `j + 8 <= c`.
#[target_feature(enable = "avx512f")]
unsafe fn store_8x8_u64_transposed(out: Out, done: usize, c: usize, j: usize, rows: [__m512i; 8]) {
    let mut u = [_mm512_setzero_si512(); 8];
    for g in 0..4 {
        // Block b of u[2g + i] = outputs 2g, 2g+1 of lane 2b + i.
        u[2 * g] = _mm512_unpacklo_epi64(rows[2 * g], rows[2 * g + 1]);
        u[2 * g + 1] = _mm512_unpackhi_epi64(rows[2 * g], rows[2 * g + 1]);
    }
    let first = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    let second = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    for i in 0..2 {
        // Low half: outputs `at..at+4` of lane `lane`; high half: the same
        // outputs of lane `lane + 2`.
        let halves = [
            (_mm512_permutex2var_epi64(u[i], first, u[2 + i]), i, 0),
            (_mm512_permutex2var_epi64(u[i], second, u[2 + i]), 4 + i, 0),
            (_mm512_permutex2var_epi64(u[4 + i], first, u[6 + i]), i, 4),
            (
                _mm512_permutex2var_epi64(u[4 + i], second, u[6 + i]),
                4 + i,
                4,
            ),
        ];
        for (v, lane, at) in halves {
            let low = (done + lane * c + j + at) * 8;
            let high = (done + (lane + 2) * c + j + at) * 8;
            debug_assert!(low + 32 <= out.bytes && high + 32 <= out.bytes);
            debug_assert!(high >= 32 + done * 8);
            // SAFETY: both ranges lie in words done .. done + 8c of `out`
            // (lane + 2 <= 7, j + at + 4 <= c), which the caller may write.
            unsafe { _mm256_storeu_si256(out.ptr.add(low).cast(), _mm512_castsi512_si256(v)) };
            // SAFETY: the store writes only the high 32 bytes, at `high`;
            // the whole 64-byte span starts 4 words earlier, still inside
            // the block (high - 32 >= 8 * done), so even the address range
            // of the masked-off half is inside the caller's slice.
            unsafe { _mm512_mask_storeu_epi64(out.ptr.add(high - 32).cast(), 0xf0, v) };
        }
    }
}

/// # Safety
/// The CPU must support AVX-512F and AVX-512DQ, and `out.ptr` must be valid
/// for writes of `out.bytes` bytes for the whole call.
///
/// Blocks of 16 lanes (two groups of 8, one vector per state word each)
/// while they fit, then blocks of 8. One group's state recurrence is a
/// chain of dependent XORs and rotates: on a CPU with 2-cycle vector
/// latency (AMD Zen 5) a single group waits on it, and a second, independent
/// group fills the gaps.
#[target_feature(enable = "avx512f,avx512dq")]
unsafe fn xoshiro256ss_avx512(s: &mut [u64; 4], out: Out) -> usize {
    const LANES: usize = 8;
    let words = out.bytes / 8;
    let mut done = 0;
    for tier in &XOSHIRO256_TIERS {
        let c = tier.lane_len;
        while words - done >= 2 * LANES * c {
            // SAFETY: AVX-512F/DQ are enabled here; words done .. done +
            // 2 * LANES * c of `out` are writable (the loop condition).
            unsafe { xoshiro256ss_block_avx512::<2>(s, out, done, c, tier.masks) };
            done += 2 * LANES * c;
        }
        while words - done >= LANES * c {
            // SAFETY: as above, for LANES * c words.
            unsafe { xoshiro256ss_block_avx512::<1>(s, out, done, c, tier.masks) };
            done += LANES * c;
        }
    }
    done
}

/// One block of `G` groups of 8 lanes, `c` outputs each, at words `done ..
/// done + 8 * G * c` of `out`; `s` becomes the state after the block.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512DQ; words `done .. done + 8 * G
/// * c` of `out` must be writable; `c` is a multiple of 8 and `masks` starts
/// lanes `c` apart (`G <= 2`).
#[target_feature(enable = "avx512f,avx512dq")]
unsafe fn xoshiro256ss_block_avx512<const G: usize>(
    s: &mut [u64; 4],
    out: Out,
    done: usize,
    c: usize,
    masks: &[u16; 256],
) {
    const LANES: usize = 8;
    // Kept opaque so the multiplications stay multiplications: the shift
    // and shuffle ports are busy, the multiplier is idle.
    let five = core::hint::black_box(_mm512_set1_epi64(5));
    let nine = core::hint::black_box(_mm512_set1_epi64(9));
    let mut state = [[_mm512_setzero_si512(); 4]; G];
    let mut copy = *s;
    for &mask in masks {
        for (g, lanes) in state.iter_mut().enumerate() {
            let m = (mask >> (LANES * g)) as u8;
            for (lane, &word) in lanes.iter_mut().zip(&copy) {
                *lane = _mm512_mask_xor_epi64(*lane, m, *lane, _mm512_set1_epi64(word as i64));
            }
        }
        copy = xoshiro256_step(copy);
    }
    for j in (0..c).step_by(LANES) {
        // The groups step in turn, so that each one's dependent chain
        // overlaps the other's.
        let mut rows = [[_mm512_setzero_si512(); 8]; G];
        // `r` indexes a row of every group.
        #[allow(clippy::needless_range_loop)]
        for r in 0..8 {
            for (g, [s0, s1, s2, s3]) in state.iter_mut().enumerate() {
                // rotl(s1 * 5, 7) * 9
                let times5 = _mm512_mullo_epi64(*s1, five);
                let rotated = _mm512_rol_epi64::<7>(times5);
                rows[g][r] = _mm512_mullo_epi64(rotated, nine);
                // The transition with three-way XORs (0x96 = a ^ b ^ c):
                // s2' = s2^s0^t, s1' = s1^s2^s0, s3x = s3^s1,
                // s0' = s0^s3x, s3' = rotl(s3x, 45).
                let t = _mm512_slli_epi64::<17>(*s1);
                let s1_next = _mm512_ternarylogic_epi64::<0x96>(*s1, *s2, *s0);
                *s2 = _mm512_ternarylogic_epi64::<0x96>(*s2, *s0, t);
                let s3x = _mm512_xor_si512(*s3, *s1);
                *s0 = _mm512_xor_si512(*s0, s3x);
                *s3 = _mm512_rol_epi64::<45>(s3x);
                *s1 = s1_next;
            }
        }
        for (g, rows) in rows.into_iter().enumerate() {
            // SAFETY: AVX-512F is enabled here; group g's words done +
            // g * LANES * c .. + LANES * c are writable (the caller's
            // bound), c >= 8 and j + 8 <= c (c is a multiple of 8).
            unsafe { store_8x8_u64_transposed(out, done + g * LANES * c, c, j, rows) };
        }
    }
    let [s0, s1, s2, s3] = state[G - 1];
    *s = [
        last_u64_512(s0),
        last_u64_512(s1),
        last_u64_512(s2),
        last_u64_512(s3),
    ];
}

/// `rotl(x, 7)` of each u64 lane.
#[target_feature(enable = "avx2")]
fn rotl7_256(x: __m256i) -> __m256i {
    _mm256_or_si256(_mm256_slli_epi64::<7>(x), _mm256_srli_epi64::<57>(x))
}

/// `rotl(x, 45)` of each u64 lane.
#[target_feature(enable = "avx2")]
fn rotl45_256(x: __m256i) -> __m256i {
    _mm256_or_si256(_mm256_slli_epi64::<45>(x), _mm256_srli_epi64::<19>(x))
}

/// # Safety
/// The CPU must support AVX2, and `out.ptr` must be valid for writes of
/// `out.bytes` bytes for the whole call.
#[target_feature(enable = "avx2")]
unsafe fn xoshiro256ss_avx2(s: &mut [u64; 4], out: Out) -> usize {
    const LANES: usize = 4;
    let words = out.bytes / 8;
    let bits = _mm256_setr_epi64x(1, 2, 4, 8);
    let mut done = 0;
    for tier in &XOSHIRO256_TIERS {
        let c = tier.lane_len;
        while words - done >= LANES * c {
            let mut lanes = [_mm256_setzero_si256(); 4];
            let mut copy = *s;
            for &mask in tier.masks {
                let select = _mm256_set1_epi64x(i64::from(mask));
                let select = _mm256_cmpeq_epi64(_mm256_and_si256(select, bits), bits);
                for (lane, &word) in lanes.iter_mut().zip(&copy) {
                    let add = _mm256_and_si256(select, _mm256_set1_epi64x(word as i64));
                    *lane = _mm256_xor_si256(*lane, add);
                }
                copy = xoshiro256_step(copy);
            }
            let [mut s0, mut s1, mut s2, mut s3] = lanes;
            for j in (0..c).step_by(LANES) {
                let mut rows = [_mm256_setzero_si256(); 4];
                for row in &mut rows {
                    let times5 = _mm256_add_epi64(s1, _mm256_slli_epi64::<2>(s1));
                    let rotated = rotl7_256(times5);
                    *row = _mm256_add_epi64(rotated, _mm256_slli_epi64::<3>(rotated));
                    let t = _mm256_slli_epi64::<17>(s1);
                    s2 = _mm256_xor_si256(s2, s0);
                    s3 = _mm256_xor_si256(s3, s1);
                    s1 = _mm256_xor_si256(s1, s2);
                    s0 = _mm256_xor_si256(s0, s3);
                    s2 = _mm256_xor_si256(s2, t);
                    s3 = rotl45_256(s3);
                }
                for (k, row) in transpose_4x4_u64(rows).into_iter().enumerate() {
                    let at = (done + k * c + j) * 8;
                    debug_assert!(at + 32 <= out.bytes);
                    // SAFETY: at + 32 <= 8 * (done + LANES * c) <= out.bytes,
                    // inside the caller's slice; unaligned stores are allowed.
                    unsafe { _mm256_storeu_si256(out.ptr.add(at).cast(), row) };
                }
            }
            *s = [
                last_u64_256(s0),
                last_u64_256(s1),
                last_u64_256(s2),
                last_u64_256(s3),
            ];
            done += LANES * c;
        }
    }
    done
}

// ---------------------------------------------------------------------------
// MT19937: vectorised twist and tempering.

/// `mt[i..i + 16]` as a fixed-size array (bounds-checked).
#[inline(always)]
fn at16(mt: &[u32], i: usize) -> &[u32; 16] {
    mt[i..i + 16].try_into().unwrap()
}

#[inline(always)]
fn at8(mt: &[u32], i: usize) -> &[u32; 8] {
    mt[i..i + 8].try_into().unwrap()
}

/// The twist in three ranges (see `twist_scalar`). In each vector of 16
/// words, `mt[i + 1 ..]` is still old and `mt[i + M ..]` (or
/// `mt[i + M - N ..]`, at least 227 words back) is already final, exactly as
/// in the sequential loop.
#[target_feature(enable = "avx512f")]
fn mt_twist_avx512(mt: &mut [u32; N]) {
    let upper = _mm512_set1_epi32(UPPER_MASK as i32);
    let lower = _mm512_set1_epi32(LOWER_MASK as i32);
    let matrix = _mm512_set1_epi32(MATRIX_A as i32);
    let one = _mm512_set1_epi32(1);
    macro_rules! twist16 {
        ($i:expr, $far:expr) => {{
            let y = _mm512_or_si512(
                _mm512_and_si512(load512(at16(mt, $i)), upper),
                _mm512_and_si512(load512(at16(mt, $i + 1)), lower),
            );
            let odd = _mm512_test_epi32_mask(y, one);
            let mag = _mm512_maskz_mov_epi32(odd, matrix);
            let far = load512(at16(mt, $far));
            let word = _mm512_ternarylogic_epi32::<0x96>(far, _mm512_srli_epi32::<1>(y), mag);
            store512_words((&mut mt[$i..$i + 16]).try_into().unwrap(), word);
        }};
    }
    let mut i = 0;
    while i + 16 <= N - M {
        twist16!(i, i + M);
        i += 16;
    }
    while i < N - M {
        mt[i] = twist_word(mt[i], mt[i + 1], mt[i + M]);
        i += 1;
    }
    while i + 16 < N {
        twist16!(i, i + M - N);
        i += 16;
    }
    while i < N - 1 {
        mt[i] = twist_word(mt[i], mt[i + 1], mt[i + M - N]);
        i += 1;
    }
    mt[N - 1] = twist_word(mt[N - 1], mt[0], mt[M - 1]);
}

/// The AVX2 twist, 8 words a vector.
#[target_feature(enable = "avx2")]
fn mt_twist_avx2(mt: &mut [u32; N]) {
    let upper = _mm256_set1_epi32(UPPER_MASK as i32);
    let lower = _mm256_set1_epi32(LOWER_MASK as i32);
    let matrix = _mm256_set1_epi32(MATRIX_A as i32);
    let one = _mm256_set1_epi32(1);
    let zero = _mm256_setzero_si256();
    macro_rules! twist8 {
        ($i:expr, $far:expr) => {{
            let y = _mm256_or_si256(
                _mm256_and_si256(load256(at8(mt, $i)), upper),
                _mm256_and_si256(load256(at8(mt, $i + 1)), lower),
            );
            // All ones where y is odd.
            let odd = _mm256_sub_epi32(zero, _mm256_and_si256(y, one));
            let mag = _mm256_and_si256(odd, matrix);
            let far = load256(at8(mt, $far));
            let word = _mm256_xor_si256(_mm256_xor_si256(far, _mm256_srli_epi32::<1>(y)), mag);
            store256_words((&mut mt[$i..$i + 8]).try_into().unwrap(), word);
        }};
    }
    let mut i = 0;
    while i + 8 <= N - M {
        twist8!(i, i + M);
        i += 8;
    }
    while i < N - M {
        mt[i] = twist_word(mt[i], mt[i + 1], mt[i + M]);
        i += 1;
    }
    while i + 8 < N {
        twist8!(i, i + M - N);
        i += 8;
    }
    while i < N - 1 {
        mt[i] = twist_word(mt[i], mt[i + 1], mt[i + M - N]);
        i += 1;
    }
    mt[N - 1] = twist_word(mt[N - 1], mt[0], mt[M - 1]);
}

/// # Safety
/// The CPU must support AVX-512F, and `out.ptr` must be valid for writes of
/// `4 * src.len()` bytes.
#[target_feature(enable = "avx512f")]
unsafe fn mt_temper_avx512(src: &[u32], out: Out) -> usize {
    let b = _mm512_set1_epi32(0x9d2c_5680_u32 as i32);
    let c = _mm512_set1_epi32(0xefc6_0000_u32 as i32);
    let whole = src.len() / 16 * 16;
    for i in (0..whole).step_by(16) {
        let mut y = load512(at16(src, i));
        y = _mm512_xor_si512(y, _mm512_srli_epi32::<11>(y));
        y = _mm512_xor_si512(y, _mm512_and_si512(_mm512_slli_epi32::<7>(y), b));
        y = _mm512_xor_si512(y, _mm512_and_si512(_mm512_slli_epi32::<15>(y), c));
        y = _mm512_xor_si512(y, _mm512_srli_epi32::<18>(y));
        debug_assert!(4 * i + 64 <= out.bytes);
        // SAFETY: 4 * i + 64 <= 4 * src.len() <= out.bytes, inside the
        // caller's slice; unaligned stores are allowed.
        unsafe { _mm512_storeu_si512(out.ptr.add(4 * i).cast(), y) };
    }
    whole
}

/// # Safety
/// The CPU must support AVX2, and `out.ptr` must be valid for writes of
/// `4 * src.len()` bytes.
#[target_feature(enable = "avx2")]
unsafe fn mt_temper_avx2(src: &[u32], out: Out) -> usize {
    let b = _mm256_set1_epi32(0x9d2c_5680_u32 as i32);
    let c = _mm256_set1_epi32(0xefc6_0000_u32 as i32);
    let whole = src.len() / 8 * 8;
    for i in (0..whole).step_by(8) {
        let mut y = load256(at8(src, i));
        y = _mm256_xor_si256(y, _mm256_srli_epi32::<11>(y));
        y = _mm256_xor_si256(y, _mm256_and_si256(_mm256_slli_epi32::<7>(y), b));
        y = _mm256_xor_si256(y, _mm256_and_si256(_mm256_slli_epi32::<15>(y), c));
        y = _mm256_xor_si256(y, _mm256_srli_epi32::<18>(y));
        debug_assert!(4 * i + 32 <= out.bytes);
        // SAFETY: 4 * i + 32 <= 4 * src.len() <= out.bytes, inside the
        // caller's slice; unaligned stores are allowed.
        unsafe { _mm256_storeu_si256(out.ptr.add(4 * i).cast(), y) };
    }
    whole
}
