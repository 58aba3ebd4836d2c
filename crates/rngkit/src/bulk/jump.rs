//! Compile-time jump polynomials for the lane start states of the SIMD
//! kernels.
//!
//! For an F2-linear generator with transition matrix `T` and characteristic
//! polynomial `P`, Cayley–Hamilton gives `T^d = g(T)` with `g = x^d mod P`,
//! so the state `d` steps ahead of `s` is `sum_i g_i T^i s`: step a copy of `s`
//! `deg P` times and XOR the copies whose coefficient is set (Haramoto et al.,
//! INFORMS J. Computing 20(3), 2008). The kernels start lane `k` of a block at
//! distance `k * C` from the block's start, so they need `x^(k*C) mod P` for
//! a few fixed lane lengths `C`; these are computed here by `const fn`, at
//! compile time, and stored as per-coefficient lane masks: bit `k` of
//! `mask[i]` is coefficient `i` of `x^(k*C) mod P`, which is what a
//! masked XOR of the broadcast copy `T^i s` into the lane registers wants.
//!
//! The polynomials are the published characteristic polynomials listed in
//! the project's reference facts (bit `i` = coefficient of `x^i`, the leading
//! term implicit here).

/// xorshift128 (11, 8, 19): `0x1000000010046d8b3f985d65ffd3c8001` without
/// its leading `x^128`.
const XORSHIFT128_POLY: u128 = 0x0000_0001_0046_d8b3_f985_d65f_fd3c_8001;

/// xoshiro256: `0x10003c03c3f3ecb1904b4edcf26259f850280002bcefd1a5e9d116f2bb0f0f001`
/// without its leading `x^256`, low 128 coefficients first.
const XOSHIRO256_POLY: [u128; 2] = [
    0x0280_002b_cefd_1a5e_9d11_6f2b_b0f0_f001,
    0x0003_c03c_3f3e_cb19_04b4_edcf_2625_9f85,
];

/// `a * x mod P` for a degree-128 `P` given by its low coefficients.
const fn mul_x_128(a: u128, poly: u128) -> u128 {
    let carry = a >> 127;
    (a << 1) ^ (poly & 0u128.wrapping_sub(carry))
}

/// `a * b mod P` (shift-and-add over the bits of `b`, highest first).
const fn mul_mod_128(a: u128, b: u128, poly: u128) -> u128 {
    let mut r = 0u128;
    let mut i = 128;
    while i > 0 {
        i -= 1;
        r = mul_x_128(r, poly);
        if (b >> i) & 1 == 1 {
            r ^= a;
        }
    }
    r
}

/// `x^e mod P` by square-and-multiply.
const fn pow_x_128(e: u64, poly: u128) -> u128 {
    let mut r = 1u128;
    let mut i = 64;
    while i > 0 {
        i -= 1;
        r = mul_mod_128(r, r, poly);
        if (e >> i) & 1 == 1 {
            r = mul_x_128(r, poly);
        }
    }
    r
}

/// Lane masks for up to 16 lanes of a degree-128 generator: bit `k` of
/// entry `i` is coefficient `i` of `x^(k * lane_len) mod P`.
const fn lane_masks_128(lane_len: u64, poly: u128) -> [u16; 128] {
    let step = pow_x_128(lane_len, poly);
    let mut masks = [0u16; 128];
    let mut g = 1u128; // x^0: lane 0 starts at the block's start
    let mut k = 0;
    while k < 16 {
        let mut i = 0;
        while i < 128 {
            masks[i] |= (((g >> i) & 1) as u16) << k;
            i += 1;
        }
        g = mul_mod_128(g, step, poly);
        k += 1;
    }
    masks
}

/// `a * x mod P` for a degree-256 `P` (`[low, high]` halves).
const fn mul_x_256(a: [u128; 2], poly: [u128; 2]) -> [u128; 2] {
    let carry = 0u128.wrapping_sub(a[1] >> 127);
    [
        (a[0] << 1) ^ (poly[0] & carry),
        ((a[1] << 1) | (a[0] >> 127)) ^ (poly[1] & carry),
    ]
}

const fn bit_256(a: [u128; 2], i: usize) -> u128 {
    (a[i / 128] >> (i % 128)) & 1
}

const fn mul_mod_256(a: [u128; 2], b: [u128; 2], poly: [u128; 2]) -> [u128; 2] {
    let mut r = [0u128; 2];
    let mut i = 256;
    while i > 0 {
        i -= 1;
        r = mul_x_256(r, poly);
        if bit_256(b, i) == 1 {
            r = [r[0] ^ a[0], r[1] ^ a[1]];
        }
    }
    r
}

const fn pow_x_256(e: u64, poly: [u128; 2]) -> [u128; 2] {
    let mut r = [1u128, 0];
    let mut i = 64;
    while i > 0 {
        i -= 1;
        r = mul_mod_256(r, r, poly);
        if (e >> i) & 1 == 1 {
            r = mul_x_256(r, poly);
        }
    }
    r
}

/// Lane masks for up to 16 lanes of a degree-256 generator.
const fn lane_masks_256(lane_len: u64, poly: [u128; 2]) -> [u16; 256] {
    let step = pow_x_256(lane_len, poly);
    let mut masks = [0u16; 256];
    let mut g = [1u128, 0];
    let mut k = 0;
    while k < 16 {
        let mut i = 0;
        while i < 256 {
            masks[i] |= (bit_256(g, i) as u16) << k;
            i += 1;
        }
        g = mul_mod_256(g, step, poly);
        k += 1;
    }
    masks
}

/// A lane length and the masks that start lanes `0, C, 2C, ...` apart.
pub(crate) struct Tier<M: 'static> {
    /// Outputs each lane produces per block (`C`).
    pub(crate) lane_len: usize,
    /// Per-coefficient lane masks of `x^(k*C) mod P`.
    pub(crate) masks: &'static M,
}

/// Xorshift128 lane lengths, largest first: long lanes amortise the
/// 128-step lane setup, the short tier serves medium buffers. A lane is a
/// little under a power of two so that (a) the rows that the kernels store
/// side by side are not a multiple of 4 KiB apart (which would put them all
/// in one L1 cache set) and (b) a power-of-two buffer leaves only a short
/// tail for the scalar loop.
pub(crate) const XORSHIFT128_TIERS: [Tier<[u16; 128]>; 2] = [
    Tier {
        lane_len: 4096 - 16,
        masks: &lane_masks_128(4096 - 16, XORSHIFT128_POLY),
    },
    Tier {
        lane_len: 256 - 16,
        masks: &lane_masks_128(256 - 16, XORSHIFT128_POLY),
    },
];

/// xoshiro256 lane lengths, largest first (masks for 16 lanes: the
/// AVX-512 kernel runs two groups of 8 side by side).
pub(crate) const XOSHIRO256_TIERS: [Tier<[u16; 256]>; 2] = [
    Tier {
        lane_len: 4096 - 8,
        masks: &lane_masks_256(4096 - 8, XOSHIRO256_POLY),
    },
    Tier {
        lane_len: 256 - 8,
        masks: &lane_masks_256(256 - 8, XOSHIRO256_POLY),
    },
];

/// The smallest block any xorshift128 kernel fills (AVX2: 8 lanes of the
/// short tier); shorter buffers are filled one by one.
pub(crate) const XORSHIFT128_MIN_WORDS: usize = 8 * XORSHIFT128_TIERS[1].lane_len;

/// The smallest block any xoshiro256** kernel fills (AVX2: 4 lanes).
pub(crate) const XOSHIRO256_MIN_WORDS: usize = 4 * XOSHIRO256_TIERS[1].lane_len;

#[cfg(test)]
mod tests {
    use super::*;

    /// Vigna's published xoshiro256 JUMP constant is x^(2^128) mod P
    /// (reference facts): an oracle for the 256-bit arithmetic and for the
    /// polynomial constant.
    #[test]
    fn xoshiro_jump_constant_matches_vigna() {
        // x^(2^63), then 65 squarings: x^(2^128).
        let mut x_2_128 = pow_x_256(1 << 63, XOSHIRO256_POLY);
        for _ in 0..65 {
            x_2_128 = mul_mod_256(x_2_128, x_2_128, XOSHIRO256_POLY);
        }
        let expected: [u64; 4] = [
            0x180e_c6d3_3cfd_0aba,
            0xd5a6_1266_f0c9_392c,
            0xa958_2618_e03f_c9aa,
            0x39ab_dc45_29b1_661c,
        ];
        let got = [
            x_2_128[0] as u64,
            (x_2_128[0] >> 64) as u64,
            x_2_128[1] as u64,
            (x_2_128[1] >> 64) as u64,
        ];
        assert_eq!(got, expected);
    }

    /// Lane `k` of every tier starts `k * C` steps in: lane `k + 1` is
    /// lane `k` moved on by `x^C mod P` (checked on the masks of lanes 8 and
    /// 9, which only the two-group AVX-512 kernel uses, against lane 1).
    #[test]
    fn xoshiro_masks_step_by_the_lane_length() {
        for tier in &XOSHIRO256_TIERS {
            let poly_of = |k: u32| {
                let mut g = [0u128; 2];
                for (i, &m) in tier.masks.iter().enumerate() {
                    g[i / 128] |= u128::from((m >> k) & 1) << (i % 128);
                }
                g
            };
            let step = poly_of(1);
            assert_eq!(step, pow_x_256(tier.lane_len as u64, XOSHIRO256_POLY));
            for k in 1..16 {
                assert_eq!(
                    poly_of(k),
                    mul_mod_256(poly_of(k - 1), step, XOSHIRO256_POLY)
                );
            }
        }
    }

    #[test]
    fn lane_zero_is_the_identity() {
        for tier in &XORSHIFT128_TIERS {
            assert_eq!(tier.masks[0] & 1, 1);
            assert!(tier.masks[1..].iter().all(|m| m & 1 == 0));
        }
        for tier in &XOSHIRO256_TIERS {
            assert_eq!(tier.masks[0] & 1, 1);
            assert!(tier.masks[1..].iter().all(|m| m & 1 == 0));
        }
    }
}
