//! The algebra of xorshift128+ (23, 17, 26) and of V8's cached calls: steps
//! back, jumps and distances (field arithmetic modulo the characteristic
//! polynomial, of degree 128 and primitive), the linear view
//! ([`F2Linear`]), and the period of the V8 GENs in calls. Apart from the
//! recovery: these answer `jump`, `distance` and `period` (see the parent
//! module's docs, "Jumps").

use std::sync::OnceLock;

use rngkit::number::BigInt;
use rngkit::runtimes::javascript::{
    V8Era, V8MathRandom, Xorshift128Plus, xorshift128plus_step_back,
};
use rngkit::{StateError, WordRng};

use crate::advance::{field_jump_poly, small_f2_jump};
use crate::distance::distance_in_field_128;
use crate::gf2::{BitVec, Field, Modulus, Poly};
use crate::linear::{
    F2Linear, apply_polynomial, bits_to_u64, cached_poly, derive_characteristic_polynomial,
};
use crate::{Distance, DistanceError, Jump, StepBack};

// ------------------------------------------------------------ xorshift128+

impl StepBack for Xorshift128Plus {
    /// ```
    /// use rngkit::runtimes::javascript::Xorshift128Plus;
    /// use rngkit::WordRng;
    /// use rngkit_analysis::StepBack;
    /// let start = Xorshift128Plus::weak_random(9);
    /// let mut rng = start.clone();
    /// rng.next_word();
    /// rng.step_back();
    /// assert_eq!(rng, start);
    /// ```
    fn step_back(&mut self) {
        let [s0, s1] = self.state();
        let (a, b) = xorshift128plus_step_back(s0, s1);
        *self = Xorshift128Plus::from_state([a, b]).expect("the inverse keeps the state nonzero");
    }
}

small_f2_jump!(
    Xorshift128Plus,
    xorshift128plus_field(),
    |r: &Xorshift128Plus| r.state(),
    |s| Xorshift128Plus::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible")
);

impl Distance for Xorshift128Plus {
    const HAS_FAST_METHOD: bool = true;

    /// ```
    /// use rngkit::runtimes::javascript::Xorshift128Plus;
    /// use rngkit_analysis::{Distance, Jump};
    /// let a = Xorshift128Plus::weak_random(1);
    /// let mut b = a.clone();
    /// b.jump(1 << 100);
    /// assert_eq!(a.distance_to(&b), Ok(1 << 100));
    /// ```
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        Ok(distance_in_field_128(self, to, xorshift128plus_field()))
    }
}

impl F2Linear for Xorshift128Plus {
    const STATE_BITS: usize = 128;
    const DEGREE: usize = 128;

    fn to_bits(&self) -> BitVec {
        BitVec::from_words(&self.state(), 128)
    }

    fn from_bits(bits: &BitVec) -> Result<Self, StateError> {
        Xorshift128Plus::from_state(bits_to_u64::<2>(bits, "xorshift128+ bits")?)
    }

    fn step_linear_bit(&mut self) -> bool {
        // Bit 0 of s0 + s1 is bit 0 of s0 ^ s1: linear.
        self.next_word() & 1 == 1
    }

    cached_poly!(
        Xorshift128Plus,
        Xorshift128Plus::from_state([0x0123_4567_89ab_cdef, 1]).expect("nonzero")
    );
}

/// GF(2^128) modulo the characteristic polynomial of xorshift128+ (23, 17,
/// 26) (cached).
fn xorshift128plus_field() -> &'static Field<2> {
    static F: OnceLock<Field<2>> = OnceLock::new();
    F.get_or_init(|| Field::new(Xorshift128Plus::characteristic_polynomial()))
}

/// `64 · m` modulo 2^128 - 1 (so that 2^128 ≡ 1): `m` rotated left by 6.
fn times_64_mod_period(m: u128) -> u128 {
    m.rotate_left(6)
}

/// The xorshift state `(s0, s1)` jumped by `n` steps (`back`: backwards).
pub(super) fn jump_words(s0: u64, s1: u64, n: u128, back: bool) -> (u64, u64) {
    let mut x = Xorshift128Plus::from_state([s0, s1]).expect("a V8 state is never all zero");
    if back {
        x.jump_back(n)
    } else {
        x.jump(n)
    }
    let [a, b] = x.state();
    (a, b)
}

// ---------------------------------------------------------- V8's calls

/// The period of the V8 GENs in calls: `64 (2^128 - 1)` (the state after a
/// number of calls repeats only when the cache position does too).
///
/// ```
/// use rngkit_analysis::generators::javascript::v8_period;
/// assert_eq!(v8_period().to_string(), "21778071482940061661655974875633165533120");
/// ```
pub fn v8_period() -> BigInt {
    // 2^134 - 64, little-endian 32-bit limbs.
    BigInt::from_limbs(
        false,
        &[0xffff_ffc0, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0x3f],
    )
}

impl<E: V8Era> Jump for V8MathRandom<E> {
    /// `n` calls forwards: the cache position moves by `n mod 64`, the
    /// xorshift state by the blocks refilled on the way.
    ///
    /// ```
    /// use rngkit::runtimes::javascript::V8Random;
    /// use rngkit_analysis::Jump;
    /// let mut a = V8Random::with_random_seed(3).unwrap();
    /// a.math_random();
    /// let mut b = a.clone();
    /// a.jump(130);
    /// for _ in 0..130 { b.math_random(); }
    /// assert_eq!(a, b);
    /// ```
    fn jump(&mut self, n: u128) {
        let [s0, s1, r] = self.state();
        let r = u128::from(r);
        let (q, t) = (n / 64, n % 64);
        let blocks = q + u128::from(r < t);
        let r2 = (r + 64 - t) % 64;
        let (a, b) = jump_words(s0, s1, times_64_mod_period(blocks), false);
        *self = V8MathRandom::from_state(a, b, r2 as u8).expect("a jump keeps the state nonzero");
    }

    fn jump_back(&mut self, n: u128) {
        let [s0, s1, r] = self.state();
        let r = u128::from(r);
        let (q, t) = (n / 64, n % 64);
        let blocks = q + u128::from(r + t >= 64);
        let r2 = (r + t) % 64;
        let (a, b) = jump_words(s0, s1, times_64_mod_period(blocks), true);
        *self = V8MathRandom::from_state(a, b, r2 as u8).expect("a jump keeps the state nonzero");
    }
}

impl<E: V8Era> StepBack for V8MathRandom<E> {
    /// One call back (across a refill when the cache was full).
    ///
    /// ```
    /// use rngkit::runtimes::javascript::V8LegacyRandom;
    /// use rngkit_analysis::StepBack;
    /// let mut rng = V8LegacyRandom::with_random_seed(2).unwrap();
    /// let first = rng.math_random();
    /// rng.step_back();
    /// assert_eq!(rng.math_random(), first);
    /// ```
    fn step_back(&mut self) {
        self.jump_back(1);
    }
}

impl<E: V8Era> Distance for V8MathRandom<E> {
    const HAS_FAST_METHOD: bool = true;

    /// The xorshift distance `d` between the two states fixes the refills
    /// between them, `d / 64 mod (2^128 - 1)`; the cache positions add the
    /// rest. Distances of 2^128 calls or more are out of range.
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        let [a0, a1, ra] = self.state();
        let [b0, b1, rb] = to.state();
        let xa = Xorshift128Plus::from_state([a0, a1]).expect("nonzero");
        let xb = Xorshift128Plus::from_state([b0, b1]).expect("nonzero");
        let d = distance_in_field_128(&xa, &xb, xorshift128plus_field());
        let mut blocks = d.rotate_right(6);
        if blocks == u128::MAX {
            blocks = 0;
        }
        let (ra, rb) = (u128::from(ra), u128::from(rb));
        blocks
            .checked_mul(64)
            .and_then(|c| c.checked_add(ra))
            .and_then(|c| c.checked_sub(rb))
            .ok_or(DistanceError::BeyondRange { limit: u128::MAX })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rngkit::runtimes::javascript::{V8Gen, V8LegacyGen, V8Random};

    #[test]
    fn the_polynomial_is_primitive_of_degree_128() {
        let p = Xorshift128Plus::characteristic_polynomial();
        assert_eq!(p.degree(), Some(128));
        // x^(2^128 - 1) = 1 and a jump by the period is the identity.
        let start = Xorshift128Plus::weak_random(3);
        let mut r = start.clone();
        r.jump(u128::MAX);
        assert_eq!(r, start);
    }

    #[test]
    fn v8_jumps_equal_calls_across_cache_positions() {
        fn check<E: V8Era>() {
            let mut base = V8MathRandom::<E>::with_random_seed(-5).unwrap();
            // Cache positions at and around both ends of a block (and past
            // the first refill), and two inside: every position in 0..70
            // took 9.5 CPU s for nothing more.
            const POSITIONS: [u32; 14] = [0, 1, 2, 5, 23, 31, 32, 33, 62, 63, 64, 65, 66, 69];
            for pre in 0..70 {
                if !POSITIONS.contains(&pre) {
                    base.next_output();
                    continue;
                }
                for n in [0u128, 1, 2, 5, 63, 64, 65, 127, 128, 129, 300] {
                    let mut a = base.clone();
                    a.jump(n);
                    let mut b = base.clone();
                    for _ in 0..n {
                        b.next_output();
                    }
                    assert_eq!(a, b, "pre {pre} n {n}");
                    if pre == 23 && n % 64 != 0 {
                        assert_eq!(base.distance_to(&a), Ok(n), "pre {pre} n {n}");
                    }
                    a.jump_back(n);
                    assert_eq!(a, base, "back: pre {pre} n {n}");
                }
                base.next_output();
            }
        }
        check::<V8Gen>();
        check::<V8LegacyGen>();
        check::<rngkit::runtimes::javascript::V813Gen>();
        check::<rngkit::runtimes::javascript::V814Gen>();
    }

    #[test]
    fn v8_huge_jumps_round_trip() {
        let start = V8Random::with_random_seed(9).unwrap();
        let mut a = start.clone();
        let n = 0x0123_4567_89ab_cdef_0011_2233_4455_6677u128;
        a.jump(n);
        assert_eq!(start.distance_to(&a), Ok(n));
        a.jump_back(n);
        assert_eq!(a, start);
    }
}
