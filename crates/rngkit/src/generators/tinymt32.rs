//! TinyMT32 (Saito and Matsumoto, 2011) with the reference parameter set of
//! `tinymt32.c`: mat1 = 0x8f7011ee, mat2 = 0xfc78ff1f, tmat = 0x3793fdff.

use alloc::vec::Vec;

use rand_core::SeedableRng;

use super::{impl_rng_u32, impl_serde_via};
use crate::state::words_u32;
use crate::{StateError, StateWords};

/// The reference parameter set (TinyMT's `check32.out.txt` is computed with it).
pub(crate) const MAT1: u32 = 0x8f70_11ee;
pub(crate) const MAT2: u32 = 0xfc78_ff1f;
pub(crate) const TMAT: u32 = 0x3793_fdff;
/// The top bit of `status[0]` is not part of the 127-bit state.
const MASK: u32 = 0x7fff_ffff;
/// Warm-up steps `tinymt32_init` runs before the first output.
const PRE_LOOP: usize = 8;

/// TinyMT32 with the reference parameters: a 127-bit F2-linear state
/// (`status[0..4]`, the top bit of `status[0]` unused) and a tempering that
/// adds `status[0]` and `status[2] >> 8`.
///
/// A state whose 127 bits are all zero is rejected (the top bit of
/// `status[0]` does not count, since it never reaches an output).
///
/// ```
/// use rngkit::generators::TinyMt32;
/// use rngkit::rand_core::Rng;
///
/// // TinyMT's check32.out.txt: seed 1, first output.
/// let mut rng = TinyMt32::new(1);
/// assert_eq!(rng.next_u32(), 2545341989);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TinyMt32 {
    status: [u32; 4],
}

impl TinyMt32 {
    /// `tinymt32_init(seed)`: fill from the parameters, mix eight times with
    /// 1812433253, certify the period, then run eight discarded steps.
    pub fn new(seed: u32) -> Self {
        let mut status = [seed, MAT1, MAT2, TMAT];
        for i in 1..PRE_LOOP {
            let prev = status[(i - 1) & 3];
            status[i & 3] ^=
                (i as u32).wrapping_add(1_812_433_253u32.wrapping_mul(prev ^ (prev >> 30)));
        }
        if is_zero(&status) {
            status = [
                u32::from(b'T'),
                u32::from(b'I'),
                u32::from(b'N'),
                u32::from(b'Y'),
            ];
        }
        let mut rng = TinyMt32 { status };
        for _ in 0..PRE_LOOP {
            rng.next_state();
        }
        rng
    }

    /// Builds the generator from `status[0..4]`.
    ///
    /// # Errors
    /// [`StateError::AllZero`] when the 127 state bits are all zero.
    pub fn from_state(status: [u32; 4]) -> Result<Self, StateError> {
        if is_zero(&status) {
            Err(StateError::AllZero {
                generator: "tinymt32",
            })
        } else {
            Ok(TinyMt32 { status })
        }
    }

    /// The state `status[0..4]`.
    pub const fn state(&self) -> [u32; 4] {
        self.status
    }

    #[inline]
    fn next_state(&mut self) {
        let s = &mut self.status;
        let mut y = s[3];
        let mut x = (s[0] & MASK) ^ s[1] ^ s[2];
        x ^= x << 1;
        y ^= (y >> 1) ^ x;
        s[0] = s[1];
        s[1] = s[2];
        s[2] = x ^ (y << 10);
        s[3] = y;
        let odd = (y & 1).wrapping_neg();
        s[1] ^= odd & MAT1;
        s[2] ^= odd & MAT2;
    }

    #[inline]
    fn temper(&self) -> u32 {
        let s = &self.status;
        let t1 = s[0].wrapping_add(s[2] >> 8);
        (s[3] ^ t1) ^ ((t1 & 1).wrapping_neg() & TMAT)
    }

    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        self.next_state();
        self.temper()
    }
}

fn is_zero(status: &[u32; 4]) -> bool {
    status[0] & MASK == 0 && status[1] == 0 && status[2] == 0 && status[3] == 0
}

impl_rng_u32!(TinyMt32);
impl_serde_via!(TinyMt32, [u32; 4]);

impl SeedableRng for TinyMt32 {
    /// The 32-bit `tinymt32_init` seed, little-endian.
    type Seed = [u8; 4];

    fn from_seed(seed: Self::Seed) -> Self {
        Self::new(u32::from_le_bytes(seed))
    }

    /// `TinyMt32::new(seed as u32)`.
    fn seed_from_u64(seed: u64) -> Self {
        Self::new(seed as u32)
    }
}

impl StateWords for TinyMt32 {
    const NAME: &'static str = "tinymt32";
    const WORD_BITS: u32 = 32;
    const WORD_COUNT: usize = 4;
    /// The period exponent: 127 free bits in the four words.
    const FREE_BITS: u32 = 127;

    fn to_words(&self) -> Vec<u64> {
        self.status.iter().map(|&w| u64::from(w)).collect()
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        Self::from_state(words_u32::<4>(Self::NAME, words)?)
    }
}

impl crate::registry::Gen for TinyMt32 {
    type Rng = TinyMt32;
    type Draw = crate::registry::NoDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "tinymt32",
        aliases: &[],
        summary: "TinyMT32, reference parameters mat1=0x8f7011ee mat2=0xfc78ff1f tmat=0x3793fdff",
        seed_kind: crate::registry::SeedKind::U32,
        seed_doc: "tinymt32_init(S)",
        state_doc: "4 words of 32 bits: status[0..4]",
        has_stream: false,
        versions: "MersenneTwister-Lab/TinyMT check32.out.txt",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<TinyMt32, crate::registry::SeedError> {
        Ok(TinyMt32::new(seed.low_u64() as u32))
    }

    fn eval(draw: &crate::registry::NoDraw, _: &mut TinyMt32) -> crate::draw::DrawValue {
        match *draw {}
    }
}

crate::generators::impl_scalar_bulk!(TinyMt32, u32);

crate::bulk::inherent_fill!(TinyMt32, fill_u32, u32, next_u32, "TinyMt32::new(1)");
