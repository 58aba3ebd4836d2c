//! Stepping backwards and jumping by any amount, for every generator.

use rngkit::WordRng;

use crate::gf2::Poly;

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
/// polynomial (with AVX2 and `pclmulqdq` where the CPU has them) plus one
/// application (the last few jump polynomials are cached, so repeating one
/// amount, as for parallel streams, costs only the application).
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

    /// Moves `n >= 0` steps forwards, for counts of any size (`n` already
    /// reduced modulo the period by the caller where it is known). Returns
    /// `false` when this generator cannot jump beyond 2^128 - 1 steps (the
    /// default, for generators whose period fits 128 bits).
    fn jump_big(&mut self, n: &rngkit::number::BigInt) -> bool {
        match n.magnitude_u128() {
            Some(n) => {
                self.jump(n);
                true
            }
            None => false,
        }
    }

    /// Moves `n` steps, backwards when `n` is negative.
    fn advance(&mut self, n: i128) {
        if n >= 0 {
            self.jump(n.unsigned_abs());
        } else {
            self.jump_back(n.unsigned_abs());
        }
    }
}

/// x^n mod P in a field of a generator with period 2^128 - 1; x^(-n) is
/// x^(period - n mod period).
pub(crate) fn field_jump_poly(field: &crate::gf2::Field<2>, n: u128, back: bool) -> Poly {
    let e = if back { u128::MAX - n % u128::MAX } else { n };
    field.poly(&field.pow(&field.x(), e))
}

/// `Jump` for an F2-linear generator of period 2^128 - 1: x^n mod P in
/// `$field`, applied by stepping.
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

/// The inverse of an odd number modulo 2^64 (Newton's iteration).
pub(crate) fn inverse_mod_2_64(a: u64) -> u64 {
    debug_assert!(a & 1 == 1);
    let mut x = a; // correct to 3 bits
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

pub(crate) use small_f2_jump;
