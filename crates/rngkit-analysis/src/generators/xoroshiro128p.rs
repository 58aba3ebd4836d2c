//! The analysis of xoroshiro128+: stepping back, jumps, distance, the
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

impl Distance for Xoroshiro128Plus {
    const HAS_FAST_METHOD: bool = true;
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        Ok(distance_in_field_128(self, to, xoroshiro128_field()))
    }
}

impl F2Linear for Xoroshiro128Plus {
    const STATE_BITS: usize = 128;
    const DEGREE: usize = 128;

    fn to_bits(&self) -> BitVec {
        BitVec::from_words(&self.state(), 128)
    }

    fn from_bits(bits: &BitVec) -> Result<Self, StateError> {
        Xoroshiro128Plus::from_state(bits_to_u64::<2>(bits, "xoroshiro128+ bits")?)
    }

    fn step_linear_bit(&mut self) -> bool {
        // The lowest bit of s0 + s1 is s0 ^ s1: linear.
        self.next_word() & 1 == 1
    }

    cached_poly!(
        Xoroshiro128Plus,
        Xoroshiro128Plus::from_state([0x0123_4567_89ab_cdef, 1]).expect("nonzero")
    );
}

/// GF(2^128) modulo xoroshiro128+'s characteristic polynomial (cached).
pub(crate) fn xoroshiro128_field() -> &'static Field<2> {
    static F: OnceLock<Field<2>> = OnceLock::new();
    F.get_or_init(|| Field::new(Xoroshiro128Plus::characteristic_polynomial()))
}

impl crate::recover::linear::LinearView for Xoroshiro128Plus {
    /// Only bit 0 of `s[0] + s[1]` is linear: it is bit 0 of `s[0] ^ s[1]`.
    fn translate(known: KnownBits) -> Option<KnownBits> {
        (known.mask & 1 == 1).then(|| KnownBits::new(1, known.value & 1))
    }

    fn linear_step(&mut self) -> u64 {
        let [s0, s1] = self.state();
        self.next_word();
        s0 ^ s1
    }
}
