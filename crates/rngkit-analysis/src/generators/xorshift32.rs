//! The analysis of xorshift32 (`unity-math`): stepping back, jumps, distance, the
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
use crate::observe::KnownBits;
use crate::{Distance, DistanceError, Jump, StepBack};

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

impl Distance for Xorshift32 {
    const HAS_FAST_METHOD: bool = true;
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        let p = Self::characteristic_polynomial();
        let group = Gf32::new(p.words()[0] as u32);
        let c = krylov_solve(self, to);
        let c = c.words().first().copied().unwrap_or(0) as u32;
        let n = discrete_log(&group, &2, &c, u128::from(u32::MAX), &FACTORS_2_32_MINUS_1)
            .expect("every nonzero element is a power of x when P is primitive");
        Ok(n)
    }
}

impl F2Linear for Xorshift32 {
    const STATE_BITS: usize = 32;
    const DEGREE: usize = 32;

    fn to_bits(&self) -> BitVec {
        u32_to_bits(&[self.state()])
    }

    fn from_bits(bits: &BitVec) -> Result<Self, StateError> {
        let [s] = bits_to_u32::<1>(bits, "xorshift32 bits")?;
        Xorshift32::from_state(s)
    }

    fn step_linear_bit(&mut self) -> bool {
        self.next_word() & 1 == 1
    }

    cached_poly!(Xorshift32, Xorshift32::from_state(1).expect("nonzero"));
}

/// `new Unity.Mathematics.Random(S)` sets the state to `S` and steps once,
/// so every nonzero state is a seeded one: its seed is the state one step
/// back, and the advance is 0.
///
/// ```
/// use rngkit::generators::Xorshift32;
/// use rngkit::WordRng;
/// use rngkit_analysis::generators::xorshift32::identify_unity_math;
/// use rngkit_analysis::identify::Identified;
///
/// let mut rng = Xorshift32::from_state(12345).unwrap();
/// rng.next_word(); // what the constructor does
/// assert_eq!(identify_unity_math(&rng), Some(Identified { seed: 12345, advance: 0 }));
/// ```
pub fn identify_unity_math(state: &Xorshift32) -> Option<Identified> {
    let mut rng = state.clone();
    rng.step_back();
    let seed = rng.state();
    (seed != 0).then_some(Identified {
        seed: u64::from(seed),
        advance: 0,
    })
}

impl crate::recover::linear::LinearView for Xorshift32 {}

/// `identify` for `unity-math`: every state is a seed's, at advance 0.
pub fn identify(rng: &rngkit::registry::Engine, _: Option<u64>) -> Option<Identified> {
    identify_unity_math(rng.downcast_ref::<Xorshift32>()?)
}
