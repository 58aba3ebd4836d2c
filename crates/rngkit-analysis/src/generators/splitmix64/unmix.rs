//! SplitMix64 state recovery: the output mix is a bijection, so one full
//! output gives the state (Steele, Lea, Flood, "Fast splittable pseudorandom
//! number generators", OOPSLA 2014: `z = s + gamma`, then two xorshift-
//! multiply rounds and a final xorshift).

use crate::observe::WordConstraint;

/// The golden-ratio increment.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
const MIX1: u64 = 0xbf58_476d_1ce4_e5b9;
const MIX2: u64 = 0x94d0_49bb_1331_11eb;

/// The inverse of an odd `a` modulo 2^64 (Newton's iteration: each step
/// doubles the correct low bits, starting from 3 correct bits).
const fn inverse(a: u64) -> u64 {
    let mut x = a;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// Undoes `z ^ (z >> shift)` for `shift >= 1`.
const fn unxorshift(z: u64, shift: u32) -> u64 {
    let mut x = z;
    let mut s = shift;
    while s < 64 {
        x = z ^ (x >> shift);
        s += shift;
    }
    x
}

/// The incremented state `z` whose mix is `output`.
pub fn unmix(output: u64) -> u64 {
    let mut z = unxorshift(output, 31);
    z = z.wrapping_mul(inverse(MIX2));
    z = unxorshift(z, 27);
    z = z.wrapping_mul(inverse(MIX1));
    unxorshift(z, 30)
}

/// The state before offset 0 from the first fully known output, if any.
pub fn from_full_word(constraints: &[WordConstraint]) -> Option<u64> {
    let c = constraints.iter().find(|c| c.known.mask == u64::MAX)?;
    Some(unmix(c.known.value).wrapping_sub(GAMMA.wrapping_mul(c.offset.wrapping_add(1))))
}
