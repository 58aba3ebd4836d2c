//! Stepping backwards and jumping by any amount, for every generator.

use rngkit::WordRng;
use rngkit::generators::{
    Mt19937, Pcg32, SplitMix64, TinyMt32, Xoroshiro128Plus, Xorshift32, Xorshift128,
    Xoshiro256StarStar,
};

use crate::gf2::Poly;
use crate::linear::{
    F2Linear, apply_polynomial, xoroshiro128_field, xorshift128_field, xoshiro256_field,
};
use crate::mt;

/// One step backwards in closed form: the exact inverse of one
/// [`next_word`](WordRng::next_word).
///
/// ```
/// use rngkit::generators::Xorshift128;
/// use rngkit::WordRng;
/// use rngkit_analysis::StepBack;
/// let mut rng = Xorshift128::init_state(0);
/// let start = rng.clone();
/// rng.next_word();
/// rng.step_back();
/// assert_eq!(rng, start);
/// ```
pub trait StepBack: WordRng {
    /// Undoes one step.
    fn step_back(&mut self);

    /// Undoes `n` steps, one at a time (O(n); see [`Jump::jump_back`] for
    /// O(log n)).
    fn step_back_by(&mut self, n: u64) {
        for _ in 0..n {
            self.step_back();
        }
    }
}

/// Jumps forwards and backwards by any number of steps in O(log n).
///
/// A step is one output word ([`next_word`](WordRng::next_word)), for every
/// generator. Amounts wrap around the period: jumping by the period (or a
/// multiple) returns to the same stream position.
///
/// Costs: a few microseconds for the 128- and 256-bit generators; for
/// MT19937 about 114 squarings modulo its degree-19937 characteristic
/// polynomial plus one application (the last few jump polynomials are
/// cached, so repeating one amount, as for parallel streams, costs only the
/// application).
///
/// ```
/// use rngkit::generators::Xoshiro256StarStar;
/// use rngkit::WordRng;
/// use rngkit_analysis::Jump;
/// let start = Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap();
/// let mut a = start.clone();
/// a.jump(1000);
/// let mut b = start.clone();
/// b.discard(1000);
/// assert_eq!(a, b);
/// a.advance(-1000);
/// assert_eq!(a, start);
/// ```
pub trait Jump: WordRng {
    /// Moves `n` steps forwards.
    fn jump(&mut self, n: u128);

    /// Moves `n` steps backwards.
    fn jump_back(&mut self, n: u128);

    /// Moves `n` steps, backwards when `n` is negative.
    fn advance(&mut self, n: i128) {
        if n >= 0 {
            self.jump(n.unsigned_abs());
        } else {
            self.jump_back(n.unsigned_abs());
        }
    }
}

// ---------------------------------------------------------------- xorshift128

impl StepBack for Xorshift128 {
    fn step_back(&mut self) {
        // Unxorshift (seed note 002): t ^= s ^ (s >> 19) with s = state[2],
        // then undo t ^= t >> 8 and t ^= t << 11.
        let [s0, s1, s2, s3] = self.state();
        let mut t = s3 ^ s2 ^ (s2 >> 19);
        t ^= t >> 8;
        t ^= t >> 16;
        t ^= t << 11;
        t ^= t << 22;
        *self =
            Xorshift128::from_state([t, s0, s1, s2]).expect("the inverse keeps the state nonzero");
    }
}

/// x^n mod P in a field of a generator with period 2^128 - 1; x^(-n) is
/// x^(period - n mod period).
fn field_jump_poly(field: &crate::gf2::Field<2>, n: u128, back: bool) -> Poly {
    let e = if back { u128::MAX - n % u128::MAX } else { n };
    field.poly(&field.pow(&field.x(), e))
}

macro_rules! small_f2_jump {
    ($ty:ty, $field:expr, $get:expr, $make:expr) => {
        impl Jump for $ty {
            fn jump(&mut self, n: u128) {
                if n < <$ty as F2Linear>::DEGREE as u128 {
                    self.discard(n as u64);
                    return;
                }
                let g = field_jump_poly($field, n, false);
                *self = apply_polynomial(self, &g, $get, $make);
            }

            fn jump_back(&mut self, n: u128) {
                if n < <$ty as F2Linear>::DEGREE as u128 {
                    self.step_back_by(n as u64);
                    return;
                }
                let g = field_jump_poly($field, n, true);
                *self = apply_polynomial(self, &g, $get, $make);
            }
        }
    };
}

small_f2_jump!(
    Xorshift128,
    xorshift128_field(),
    |r: &Xorshift128| r.state(),
    |s| Xorshift128::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible")
);

// ------------------------------------------------------------- xoroshiro128+

impl StepBack for Xoroshiro128Plus {
    fn step_back(&mut self) {
        // forward: t = s0 ^ s1; s0' = rotl(s0, 24) ^ t ^ (t << 16); s1' = rotl(t, 37)
        let [a, b] = self.state();
        let t = b.rotate_right(37);
        let s0 = (a ^ t ^ (t << 16)).rotate_right(24);
        let s1 = t ^ s0;
        *self =
            Xoroshiro128Plus::from_state([s0, s1]).expect("the inverse keeps the state nonzero");
    }
}

small_f2_jump!(
    Xoroshiro128Plus,
    xoroshiro128_field(),
    |r: &Xoroshiro128Plus| r.state(),
    |s| Xoroshiro128Plus::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible")
);

// -------------------------------------------------------------- xoshiro256**

impl StepBack for Xoshiro256StarStar {
    fn step_back(&mut self) {
        // forward: a2 = s2 ^ s0; a3 = s3 ^ s1; b1 = s1 ^ a2; b0 = s0 ^ a3;
        //          c2 = a2 ^ (s1 << 17); d3 = rotl(a3, 45)
        let [b0, b1, c2, d3] = self.state();
        let a3 = d3.rotate_right(45);
        let s0 = b0 ^ a3;
        // b1 ^ c2 = s1 ^ (s1 << 17): undo the left xorshift
        let mut s1 = b1 ^ c2;
        s1 ^= s1 << 17;
        s1 ^= s1 << 34;
        let a2 = b1 ^ s1;
        let s2 = a2 ^ s0;
        let s3 = a3 ^ s1;
        *self = Xoshiro256StarStar::from_state([s0, s1, s2, s3])
            .expect("the inverse keeps the state nonzero");
    }
}

impl Jump for Xoshiro256StarStar {
    fn jump(&mut self, n: u128) {
        if n < 256 {
            self.discard(n as u64);
            return;
        }
        let f = xoshiro256_field();
        let g = f.poly(&f.pow(&f.x(), n));
        *self = apply_polynomial(
            self,
            &g,
            |r: &Self| r.state(),
            |s| Self::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible"),
        );
    }

    fn jump_back(&mut self, n: u128) {
        if n < 256 {
            self.step_back_by(n as u64);
            return;
        }
        let f = xoshiro256_field();
        let inv = f.element(&Self::modulus().inverse_x());
        let g = f.poly(&f.pow(&inv, n));
        *self = apply_polynomial(
            self,
            &g,
            |r: &Self| r.state(),
            |s| Self::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible"),
        );
    }
}

// ---------------------------------------------------------------- xorshift32

impl StepBack for Xorshift32 {
    fn step_back(&mut self) {
        // forward: x ^= x << 13; x ^= x >> 17; x ^= x << 5
        let mut x = self.state();
        x ^= x << 5;
        x ^= x << 10;
        x ^= x << 20;
        x ^= x >> 17;
        x ^= x << 13;
        x ^= x << 26;
        *self = Xorshift32::from_state(x).expect("the inverse keeps the state nonzero");
    }
}

impl Jump for Xorshift32 {
    fn jump(&mut self, n: u128) {
        // Period 2^32 - 1.
        let n = n % u128::from(u32::MAX);
        if n < 32 {
            self.discard(n as u64);
            return;
        }
        let g = Self::modulus().pow_x(n);
        *self = apply_polynomial(
            self,
            &g,
            |r: &Self| [r.state()],
            |[s]| Self::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible"),
        );
    }

    fn jump_back(&mut self, n: u128) {
        let n = n % u128::from(u32::MAX);
        self.jump((u128::from(u32::MAX) - n) % u128::from(u32::MAX));
    }
}

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
/// use rngkit_analysis::tinymt32_canonical;
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

// ------------------------------------------------------------------- MT19937

impl StepBack for Mt19937 {
    /// Within a block only `left` grows; before the block's first word the
    /// previous block is recovered by untwisting (every bit of it, including
    /// its first word) and `left` becomes 1.
    fn step_back(&mut self) {
        *self = mt::step_back(self);
    }
}

impl Jump for Mt19937 {
    /// Leaves the same representation as `n` calls of `next_word` (`left`
    /// in 0..624 after a twist).
    fn jump(&mut self, n: u128) {
        *self = mt::jump(self, n);
    }

    /// Stays in the current block when the target lies in it; otherwise
    /// lands on an earlier block with `left` in 0..624, its first word
    /// recomputed (see [`mt19937_canonical`](crate::mt19937_canonical)).
    fn jump_back(&mut self, n: u128) {
        *self = mt::jump_back(self, n);
    }
}

// --------------------------------------------------------------------- PCG32

/// PCG32's LCG multiplier (pcg-c-basic).
pub(crate) const PCG_MULTIPLIER: u64 = 6_364_136_223_846_793_005;

/// The inverse of an odd number modulo 2^64 (Newton's iteration).
pub(crate) fn inverse_mod_2_64(a: u64) -> u64 {
    debug_assert!(a & 1 == 1);
    let mut x = a; // correct to 3 bits
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

/// The affine map s ↦ mult·s + plus applied `n` times, as (mult^n, plus·(1 +
/// mult + … + mult^(n-1))), by squaring (Brown, 1994).
pub(crate) fn lcg_power(mut mult: u64, mut plus: u64, mut n: u64) -> (u64, u64) {
    let (mut acc_mult, mut acc_plus) = (1u64, 0u64);
    while n > 0 {
        if n & 1 == 1 {
            acc_mult = acc_mult.wrapping_mul(mult);
            acc_plus = acc_plus.wrapping_mul(mult).wrapping_add(plus);
        }
        plus = mult.wrapping_add(1).wrapping_mul(plus);
        mult = mult.wrapping_mul(mult);
        n >>= 1;
    }
    (acc_mult, acc_plus)
}

impl StepBack for Pcg32 {
    fn step_back(&mut self) {
        let prev = self
            .state()
            .wrapping_sub(self.increment())
            .wrapping_mul(inverse_mod_2_64(PCG_MULTIPLIER));
        *self = Pcg32::from_state(prev, self.increment()).expect("increment unchanged");
    }
}

impl Jump for Pcg32 {
    /// Period 2^64: `n` is taken modulo 2^64.
    fn jump(&mut self, n: u128) {
        let (m, p) = lcg_power(PCG_MULTIPLIER, self.increment(), n as u64);
        let s = self.state().wrapping_mul(m).wrapping_add(p);
        *self = Pcg32::from_state(s, self.increment()).expect("increment unchanged");
    }

    fn jump_back(&mut self, n: u128) {
        self.jump((n as u64).wrapping_neg().into());
    }
}

// ---------------------------------------------------------------- SplitMix64

/// SplitMix64's increment (Steele, Lea and Flood, 2014).
pub(crate) const SPLITMIX_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl StepBack for SplitMix64 {
    fn step_back(&mut self) {
        *self = SplitMix64::new(self.state().wrapping_sub(SPLITMIX_GAMMA));
    }
}

impl Jump for SplitMix64 {
    /// Period 2^64: `n` is taken modulo 2^64.
    fn jump(&mut self, n: u128) {
        *self = SplitMix64::new(
            self.state()
                .wrapping_add(SPLITMIX_GAMMA.wrapping_mul(n as u64)),
        );
    }

    fn jump_back(&mut self, n: u128) {
        *self = SplitMix64::new(
            self.state()
                .wrapping_sub(SPLITMIX_GAMMA.wrapping_mul(n as u64)),
        );
    }
}
