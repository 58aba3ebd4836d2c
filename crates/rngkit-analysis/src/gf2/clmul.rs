//! Carry-less multiplication of 64-bit words: the `pclmulqdq` instruction
//! where the CPU has it, a portable routine with identical results otherwise.
#![allow(unsafe_code)] // the kernel module: pclmulqdq intrinsics, each block with its SAFETY note

use std::sync::OnceLock;

/// Whether this CPU multiplies carry-less in hardware (checked once).
pub fn hardware_clmul() -> bool {
    static DETECTED: OnceLock<bool> = OnceLock::new();
    *DETECTED.get_or_init(detect)
}

// The one feature check outside `rngkit::cpu::CpuLevel`, on purpose:
// carry-less multiplication is not a vector width. PCLMULQDQ came in 2010
// (Westmere), years before AVX2, and CPUs without AVX2 have it (Sandy and
// Ivy Bridge, the Atom cores before Gracemont); folding it into
// `CpuLevel::Avx2` would take the hardware multiply from them, and no
// x86-64 psABI level (the sets `CpuLevel` is cut from) includes it. It is
// detected here, once, as a feature of its own.
#[cfg(target_arch = "x86_64")]
fn detect() -> bool {
    std::arch::is_x86_feature_detected!("pclmulqdq")
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> bool {
    false
}

/// The carry-less product of `a` and `b` (a polynomial product over GF(2)),
/// computed without special instructions.
///
/// ```
/// use rngkit_analysis::gf2::clmul_portable;
/// // (x + 1)^2 = x^2 + 1 over GF(2)
/// assert_eq!(clmul_portable(0b11, 0b11), 0b101);
/// ```
pub fn clmul_portable(a: u64, b: u64) -> u128 {
    // Four bits of `b` at a time from a table of the 16 multiples of `a`.
    let mut table = [0u128; 16];
    let a = u128::from(a);
    for i in 1..16 {
        table[i] = if i & 1 == 1 {
            table[i - 1] ^ a
        } else {
            table[i / 2] << 1
        };
    }
    let mut product = 0u128;
    for nibble in (0..16).rev() {
        product = (product << 4) ^ table[((b >> (4 * nibble)) & 15) as usize];
    }
    product
}

/// The carry-less product of `a` and `b`, with `pclmulqdq` when available.
///
/// ```
/// use rngkit_analysis::gf2::{clmul, clmul_portable};
/// let (a, b) = (0xdead_beef_0123_4567, 0x8000_0000_0000_0001);
/// assert_eq!(clmul(a, b), clmul_portable(a, b));
/// ```
pub fn clmul(a: u64, b: u64) -> u128 {
    #[cfg(target_arch = "x86_64")]
    if hardware_clmul() {
        // SAFETY: `hardware_clmul` confirmed that the CPU supports pclmulqdq.
        return unsafe { x86::clmul(a, b) };
    }
    clmul_portable(a, b)
}

/// `a · b mod P` for P = x^128 + R by Barrett reduction (`mu` = the low 128
/// bits of ⌊x^256 / P⌋), in hardware; `None` without `pclmulqdq`.
#[inline]
pub(crate) fn mulmod128_hw(
    a: [u64; 2],
    b: [u64; 2],
    mu: [u64; 2],
    r: [u64; 2],
) -> Option<[u64; 2]> {
    #[cfg(target_arch = "x86_64")]
    if hardware_clmul() {
        // SAFETY: `hardware_clmul` confirmed that the CPU supports pclmulqdq.
        return Some(unsafe { x86::mulmod128(a, b, mu, r) });
    }
    let _ = (a, b, mu, r);
    None
}

/// Multiplies the polynomials `a` and `b` (words low first) and XORs the
/// product into `out`, which must hold at least `a.len() + b.len()` words.
pub(crate) fn mul_acc(a: &[u64], b: &[u64], out: &mut [u64]) {
    assert!(out.len() >= a.len() + b.len());
    #[cfg(target_arch = "x86_64")]
    if hardware_clmul() {
        // SAFETY: `hardware_clmul` confirmed pclmulqdq support; the slice
        // lengths were checked above.
        unsafe { x86::mul_acc(a, b, out) };
        return;
    }
    mul_acc_portable(a, b, out);
}

/// Appends the square of the polynomial `src` (words low first) to `out`:
/// `pclmulqdq` of each word with itself where the CPU has it, bit spreading
/// otherwise (identical results).
pub(crate) fn square_into(src: &[u64], out: &mut Vec<u64>) {
    #[cfg(target_arch = "x86_64")]
    if hardware_clmul() {
        // SAFETY: `hardware_clmul` confirmed that the CPU supports pclmulqdq.
        unsafe { x86::square_into(src, out) };
        return;
    }
    square_into_portable(src, out);
}

/// Spreads the 32 bits of `x` to the even positions of a word.
#[inline]
pub(crate) fn spread(x: u32) -> u64 {
    let mut x = u64::from(x);
    x = (x | (x << 16)) & 0x0000_ffff_0000_ffff;
    x = (x | (x << 8)) & 0x00ff_00ff_00ff_00ff;
    x = (x | (x << 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    (x | (x << 1)) & 0x5555_5555_5555_5555
}

/// [`square_into`] without special instructions.
pub(crate) fn square_into_portable(src: &[u64], out: &mut Vec<u64>) {
    out.reserve(2 * src.len());
    for &w in src {
        out.push(spread(w as u32));
        out.push(spread((w >> 32) as u32));
    }
}

/// [`mul_acc`] without special instructions.
pub(crate) fn mul_acc_portable(a: &[u64], b: &[u64], out: &mut [u64]) {
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            let p = clmul_portable(x, y);
            out[i + j] ^= p as u64;
            out[i + j + 1] ^= (p >> 64) as u64;
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        __m128i, _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_set_epi64x, _mm_srli_si128,
    };

    #[inline]
    #[target_feature(enable = "pclmulqdq")]
    fn clmul_vec(a: u64, b: u64) -> __m128i {
        let va = _mm_set_epi64x(0, a as i64);
        let vb = _mm_set_epi64x(0, b as i64);
        _mm_clmulepi64_si128::<0x00>(va, vb)
    }

    #[inline]
    #[target_feature(enable = "pclmulqdq")]
    fn split(p: __m128i) -> (u64, u64) {
        let lo = _mm_cvtsi128_si64(p) as u64;
        let hi = _mm_cvtsi128_si64(_mm_srli_si128::<8>(p)) as u64;
        (lo, hi)
    }

    /// # Safety
    /// The CPU must support pclmulqdq.
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn clmul(a: u64, b: u64) -> u128 {
        let (lo, hi) = split(clmul_vec(a, b));
        u128::from(lo) | (u128::from(hi) << 64)
    }

    /// # Safety
    /// The CPU must support pclmulqdq.
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn clmul128(a: [u64; 2], b: [u64; 2]) -> [u64; 4] {
        // Karatsuba: three products instead of four.
        let (l0, l1) = split(clmul_vec(a[0], b[0]));
        let (h0, h1) = split(clmul_vec(a[1], b[1]));
        let (m0, m1) = split(clmul_vec(a[0] ^ a[1], b[0] ^ b[1]));
        let (m0, m1) = (m0 ^ l0 ^ h0, m1 ^ l1 ^ h1);
        [l0, l1 ^ m0, h0 ^ m1, h1]
    }

    /// # Safety
    /// The CPU must support pclmulqdq.
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn mulmod128(
        a: [u64; 2],
        b: [u64; 2],
        mu: [u64; 2],
        r: [u64; 2],
    ) -> [u64; 2] {
        // SAFETY: this function has the pclmulqdq feature that `clmul128` needs.
        let c = unsafe { clmul128(a, b) };
        // q = H + ⌊H · mu / x^128⌋, H the high half of the product.
        // SAFETY: as above.
        let hm = unsafe { clmul128([c[2], c[3]], mu) };
        let q = [c[2] ^ hm[2], c[3] ^ hm[3]];
        // remainder = L + (q · R mod x^128)
        let (l0, l1) = split(clmul_vec(q[0], r[0]));
        let (x, _) = split(clmul_vec(q[0], r[1]));
        let (y, _) = split(clmul_vec(q[1], r[0]));
        [c[0] ^ l0, c[1] ^ l1 ^ x ^ y]
    }

    /// # Safety
    /// The CPU must support pclmulqdq.
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn square_into(src: &[u64], out: &mut Vec<u64>) {
        out.reserve(2 * src.len());
        for &w in src {
            let (lo, hi) = split(clmul_vec(w, w));
            out.push(lo);
            out.push(hi);
        }
    }

    /// # Safety
    /// The CPU must support pclmulqdq; `out.len() >= a.len() + b.len()`.
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn mul_acc(a: &[u64], b: &[u64], out: &mut [u64]) {
        for (i, &x) in a.iter().enumerate() {
            if x == 0 {
                continue;
            }
            let row = &mut out[i..i + b.len() + 1];
            for (j, &y) in b.iter().enumerate() {
                let (lo, hi) = split(clmul_vec(x, y));
                row[j] ^= lo;
                row[j + 1] ^= hi;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hardware_and_portable_squares_agree() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let words: Vec<u64> = (0..257)
            .map(|i| {
                state ^= state << 7;
                state ^= state >> 9;
                if i % 5 == 0 { u64::MAX } else { state }
            })
            .collect();
        let (mut fast, mut portable) = (vec![3], vec![3]);
        square_into(&words, &mut fast);
        square_into_portable(&words, &mut portable);
        assert_eq!(fast, portable);
        // (x^63 + 1)^2 = x^126 + 1
        portable.clear();
        square_into_portable(&[1 | 1 << 63], &mut portable);
        assert_eq!(portable, [1, 1 << 62]);
    }
}
