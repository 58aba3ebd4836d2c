//! The analysis of TinyMT32: stepping back, jumps, distance, the
//! linear view for recovery, and seed identification.

#![allow(unused_imports)]

use std::sync::OnceLock;

use rngkit::generators::*;
use rngkit::{StateError, StateWords, WordRng};

use crate::advance::*;
use crate::distance::*;
use crate::dlog::*;
use crate::gf2::*;
use crate::identify::*;
use crate::linear::*;
use crate::{Distance, DistanceError, Jump, StepBack};

/// The multiplier of `tinymt32_init` (the same as `init_genrand`'s).
const INIT_MUL: u32 = 1_812_433_253;
use crate::observe::KnownBits;

// ------------------------------------------------------------------ TinyMT32

/// bit 31 of `status[0]` is dead: x = (s0 & 0x7fffffff) ^ s1 ^ s2 drops it.
const TINYMT_MASK: u32 = 0x7fff_ffff;

const TINYMT_MAT1: u32 = 0x8f70_11ee;

const TINYMT_MAT2: u32 = 0xfc78_ff1f;

/// The state with the same future stream whose dead bit (bit 31 of
/// `status[0]`, which no later state or output depends on) holds the value
/// the previous step would have left there. Every state that a step
/// produced is canonical, and two states give the same future stream
/// exactly when their canonical forms are equal.
///
/// ```
/// use rngkit::generators::TinyMt32;
/// use rngkit::WordRng;
/// use rngkit_analysis::generators::tinymt32::tinymt32_canonical;
/// let mut rng = TinyMt32::new(1);
/// rng.next_word();
/// assert_eq!(tinymt32_canonical(&rng), rng);
/// ```
pub fn tinymt32_canonical(rng: &TinyMt32) -> TinyMt32 {
    let [s0, s1, s2, s3] = rng.state();
    let (x_pre, _) = tinymt_previous_parts(s2, s3);
    // The previous step left x_pre = (prev s0 & MASK) ^ prev s1 ^ prev s2
    // with a clear top bit, and prev s1 is s0: that fixes s0's top bit.
    let top = (x_pre ^ tinymt_previous_s2(s1, s3)) & !TINYMT_MASK;
    TinyMt32::from_state([(s0 & TINYMT_MASK) | top, s1, s2, s3])
        .expect("only the dead bit changes and the state stays nonzero")
}

/// The previous step's s2, from the current s1 and s3.
fn tinymt_previous_s2(s1: u32, s3: u32) -> u32 {
    s1 ^ ((s3 & 1).wrapping_neg() & TINYMT_MAT1)
}

/// From the current s2 and s3: the previous step's x before `x ^= x << 1`,
/// and the previous s3.
fn tinymt_previous_parts(s2: u32, s3: u32) -> (u32, u32) {
    let y = s3;
    let odd = (y & 1).wrapping_neg();
    let x = s2 ^ (odd & TINYMT_MAT2) ^ (y << 10);
    // undo x ^= x << 1
    let mut x_pre = x;
    x_pre ^= x_pre << 1;
    x_pre ^= x_pre << 2;
    x_pre ^= x_pre << 4;
    x_pre ^= x_pre << 8;
    x_pre ^= x_pre << 16;
    // undo y = prev_s3 ^ (prev_s3 >> 1) ^ x
    let mut prev_s3 = y ^ x;
    prev_s3 ^= prev_s3 >> 1;
    prev_s3 ^= prev_s3 >> 2;
    prev_s3 ^= prev_s3 >> 4;
    prev_s3 ^= prev_s3 >> 8;
    prev_s3 ^= prev_s3 >> 16;
    (x_pre, prev_s3)
}

impl StepBack for TinyMt32 {
    /// The previous state in canonical form (see [`tinymt32_canonical`]): the
    /// dead bit of a state cannot be recovered from its successor.
    fn step_back(&mut self) {
        let [s0, s1, s2, s3] = self.state();
        let (x_pre, prev_s3) = tinymt_previous_parts(s2, s3);
        let prev_s1 = s0;
        let prev_s2 = tinymt_previous_s2(s1, s3);
        let prev_s0_low = (x_pre ^ prev_s1 ^ prev_s2) & TINYMT_MASK;
        let prev = TinyMt32::from_state([prev_s0_low, prev_s1, prev_s2, prev_s3])
            .expect("the inverse keeps the state nonzero");
        *self = tinymt32_canonical(&prev);
    }
}

impl Jump for TinyMt32 {
    fn jump(&mut self, n: u128) {
        if n < 127 {
            self.discard(n as u64);
            return;
        }
        // The polynomial acts on the 127-dimensional part; a canonical state
        // lies in it and has the same future.
        let start = tinymt32_canonical(self);
        let g = Self::modulus().pow_x(n);
        *self = apply_polynomial(
            &start,
            &g,
            |r: &Self| r.state(),
            |s| Self::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible"),
        );
    }

    /// Lands on the canonical form of the earlier state.
    fn jump_back(&mut self, n: u128) {
        if n < 127 {
            self.step_back_by(n as u64);
            return;
        }
        let start = tinymt32_canonical(self);
        let g = Self::modulus().pow_x_inverse(n);
        *self = apply_polynomial(
            &start,
            &g,
            |r: &Self| r.state(),
            |s| Self::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible"),
        );
    }
}

impl Distance for TinyMt32 {
    const HAS_FAST_METHOD: bool = false;
    fn distance_to(&self, _to: &Self) -> Result<u128, DistanceError> {
        Err(DistanceError::NeedsBound {
            generator: "tinymt32",
        })
    }

    /// Steps until the canonical forms (see
    /// [`tinymt32_canonical`](tinymt32_canonical)) agree.
    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        let target = tinymt32_canonical(to);
        let mut cur = tinymt32_canonical(self);
        let mut n = 0u128;
        loop {
            if cur == target {
                return Ok(n);
            }
            if n == max {
                return Err(DistanceError::NotWithin { max });
            }
            cur.next_word();
            n += 1;
        }
    }
}

impl F2Linear for TinyMt32 {
    const STATE_BITS: usize = 128;
    /// Bit 31 of `status[0]` never reaches the future: 127 effective bits.
    const DEGREE: usize = 127;

    fn to_bits(&self) -> BitVec {
        u32_to_bits(&self.state())
    }

    fn from_bits(bits: &BitVec) -> Result<Self, StateError> {
        TinyMt32::from_state(bits_to_u32::<4>(bits, "tinymt32 bits")?)
    }

    fn step_linear_bit(&mut self) -> bool {
        // The tempering adds; read a state bit instead.
        self.next_word();
        self.state()[3] & 1 == 1
    }

    cached_poly!(TinyMt32, TinyMt32::new(1));
}

/// TinyMT32's reference parameters, the initial fill of `status[1..4]`.
const TINYMT_FILL: [u32; 3] = [0x8f70_11ee, 0xfc78_ff1f, 0x3793_fdff];

/// The seed whose `tinymt32_init` fill loop ends in `status`, if any: the
/// loop XORs each word with a function of the one before it, so running its
/// steps in reverse order undoes it; the fill then starts `[S, mat1, mat2, tmat]`.
fn tinymt32_fill_seed(mut status: [u32; 4]) -> Option<u32> {
    for i in (1..8usize).rev() {
        let prev = status[(i - 1) & 3];
        status[i & 3] ^= (i as u32).wrapping_add(INIT_MUL.wrapping_mul(prev ^ (prev >> 30)));
    }
    (status[1..] == TINYMT_FILL).then_some(status[0])
}

/// Finds `S` and the smallest `n <= max_advance` with
/// `state == advance(tinymt32_init(S), n)` (compared in the canonical form
/// of [`tinymt32_canonical`]: the dead bit of a state has no effect on
/// its stream), walking back one step at a time. `tinymt32_init` ends with 8
/// steps, so each candidate is stepped back 8 more to its fill, whose dead
/// bit is tried both ways.
///
/// ```
/// use rngkit::generators::TinyMt32;
/// use rngkit::WordRng;
/// use rngkit_analysis::generators::tinymt32::identify_tinymt32;
/// use rngkit_analysis::identify::Identified;
///
/// let mut rng = TinyMt32::new(1);
/// rng.discard(300);
/// assert_eq!(identify_tinymt32(&rng, 1000), Some(Identified { seed: 1, advance: 300 }));
/// ```
pub fn identify_tinymt32(state: &TinyMt32, max_advance: u64) -> Option<Identified> {
    let target = tinymt32_canonical(state);
    walk_back(target.clone(), max_advance, |current| {
        let mut fill = current.clone();
        fill.step_back_by(8);
        let status = fill.state();
        [0, 0x8000_0000].into_iter().find_map(|top| {
            let mut candidate = status;
            candidate[0] = (candidate[0] & 0x7fff_ffff) | top;
            tinymt32_fill_seed(candidate).map(u64::from)
        })
    })
    .filter(|id| {
        // Confirm forwards, exactly.
        let mut rng = TinyMt32::new(id.seed as u32);
        rng.discard(id.advance);
        tinymt32_canonical(&rng) == target
    })
}

impl crate::recover::linear::LinearView for TinyMt32 {
    /// The tempering adds `status[0] + (status[2] >> 8)`, so only bit 0 of
    /// the output is linear in the state.
    fn translate(known: KnownBits) -> Option<KnownBits> {
        (known.mask & 1 == 1).then(|| KnownBits::new(1, known.value & 1))
    }
}

/// `identify` for TinyMT32: walks back to a `tinymt32_init` state (default
/// bound 10^6).
pub fn identify(rng: &rngkit::registry::Engine, max_advance: Option<u64>) -> Option<Identified> {
    identify_tinymt32(
        rng.downcast_ref::<TinyMt32>()?,
        max_advance.unwrap_or(1_000_000),
    )
}
