//! numpy's `SeedSequence` (`numpy/random/bit_generator.pyx`): how
//! `np.random.default_rng(S)` and every `BitGenerator(S)` turn an integer
//! seed into state words. Written once here; every numpy GEN seeds through
//! [`SeedSequence::generate_state_u32`] or
//! [`generate_state_u64`](SeedSequence::generate_state_u64).
//!
//! The algorithm (Melissa O'Neill's `seed_seq` design, as numpy writes it):
//! * the entropy: the integer's 32-bit words, low first (`[0]` for zero);
//! * `mix_entropy`: a pool of 4 words, each the `hashmix` of one entropy
//!   word (or of 0 past the entropy), then every pool word mixed into every
//!   other, then entropy beyond 4 words mixed into each pool word;
//! * `generate_state(n)`: the pool cycled, each word hashed with a second
//!   multiplier sequence; 64-bit words are two 32-bit words, the first one
//!   low (numpy views the array as little-endian `u8`).

use alloc::vec::Vec;

const POOL_SIZE: usize = 4;
const INIT_A: u32 = 0x43b0_d7e5;
const MULT_A: u32 = 0x931e_8875;
const INIT_B: u32 = 0x8b51_f9dd;
const MULT_B: u32 = 0x58f3_8ded;
const MIX_MULT_L: u32 = 0xca01_f9dd;
const MIX_MULT_R: u32 = 0x4973_f715;
const XSHIFT: u32 = 16;

/// `hashmix`: the multiplier advances at every call (numpy passes it by
/// pointer), which is what makes equal entropy words hash differently.
#[inline]
fn hashmix(mut value: u32, hash_const: &mut u32) -> u32 {
    value ^= *hash_const;
    *hash_const = hash_const.wrapping_mul(MULT_A);
    value = value.wrapping_mul(*hash_const);
    value ^ (value >> XSHIFT)
}

#[inline]
fn mix(x: u32, y: u32) -> u32 {
    let r = MIX_MULT_L
        .wrapping_mul(x)
        .wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    r ^ (r >> XSHIFT)
}

/// `np.random.SeedSequence(entropy)` with the default pool of 4 words and
/// no spawn key: its mixed pool, from which state words are generated.
///
/// ```
/// use rngkit::runtimes::numpy::SeedSequence;
///
/// // numpy 2.4: np.random.SeedSequence(0).generate_state(4, np.uint64)[0]
/// let ss = SeedSequence::from_words(&[0]);
/// assert_eq!(ss.generate_state_u64(4)[0], 15793235383387715774);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSequence {
    pool: [u32; POOL_SIZE],
}

impl SeedSequence {
    /// The sequence of an entropy given as 32-bit words, low first (numpy's
    /// `_coerce_to_uint32_array` of a non-negative integer: `[0]` for zero).
    pub fn from_words(entropy: &[u32]) -> Self {
        let mut hash_const = INIT_A;
        let mut pool = [0u32; POOL_SIZE];
        for (i, slot) in pool.iter_mut().enumerate() {
            *slot = hashmix(entropy.get(i).copied().unwrap_or(0), &mut hash_const);
        }
        for src in 0..POOL_SIZE {
            for dst in 0..POOL_SIZE {
                if src != dst {
                    pool[dst] = mix(pool[dst], hashmix(pool[src], &mut hash_const));
                }
            }
        }
        for &word in entropy.iter().skip(POOL_SIZE) {
            for slot in pool.iter_mut() {
                *slot = mix(*slot, hashmix(word, &mut hash_const));
            }
        }
        SeedSequence { pool }
    }

    /// The sequence of a non-negative integer seed, given as its 32-bit
    /// limbs, low first (empty for zero, as [`BigInt::limbs`](crate::number::BigInt::limbs)).
    pub fn from_limbs(limbs: &[u32]) -> Self {
        if limbs.is_empty() {
            Self::from_words(&[0])
        } else {
            Self::from_words(limbs)
        }
    }

    /// `generate_state(n, np.uint32)`.
    pub fn generate_state_u32(&self, n: usize) -> Vec<u32> {
        let mut hash_const = INIT_B;
        self.pool
            .iter()
            .cycle()
            .take(n)
            .map(|&word| {
                let mut v = word ^ hash_const;
                hash_const = hash_const.wrapping_mul(MULT_B);
                v = v.wrapping_mul(hash_const);
                v ^ (v >> XSHIFT)
            })
            .collect()
    }

    /// `generate_state(n, np.uint64)`: `2n` 32-bit words paired, the first
    /// of each pair low.
    pub fn generate_state_u64(&self, n: usize) -> Vec<u64> {
        self.generate_state_u32(2 * n)
            .chunks_exact(2)
            .map(|p| u64::from(p[0]) | (u64::from(p[1]) << 32))
            .collect()
    }
}
