//! The analysis of numpy's `Generator` GENs: jumps and distances of the two
//! PCG64 variants (128-bit LCGs: Brown's jump and the 2-adic distance on
//! the state, the 32-bit buffer untouched, as a raw step leaves it), the
//! MT19937 one's recovery through [`super::mt19937`], and every GEN's notes.
//!
//! What is not here, and why:
//! * recovering a PCG64 or PCG64DXSM state from outputs: the 64-bit
//!   output of a 128-bit state is a hard problem in practice (Bouillaguet,
//!   Martinez, Sauvage, "Practical seed-recovery for the PCG pseudo-random
//!   number generator", IACR ToSC 2020(3): about 20 000 CPU hours for one
//!   PCG64 state from 512 bytes of output), so `recover` is not offered;
//! * SFC64 and Philox: SFC64 mixes additions, shifts and rotations (no
//!   linear or algebraic structure to solve), and Philox4x64-10 is a
//!   counter-mode block function built to be a strong pseudo-random
//!   function (recovering its key from outputs would break it): both give
//!   states only from `--state` and seeds from a seed search.

use rngkit::runtimes::numpy::{Buffered, CHEAP_MULTIPLIER, Pcg64Dxsm};
use rngkit::runtimes::pcg64::{MULTIPLIER, Pcg64};
use rngkit::{StateWords, WordRng};

use crate::notes::Notes;
use crate::{Distance, DistanceError, Jump, StepBack};

/// The two 128-bit LCG cores: their multiplier, state and increment.
trait Lcg128: WordRng + StateWords {
    const MULT: u128;
    fn parts(&self) -> (u128, u128);
    fn with_state(&self, state: u128) -> Self;
}

impl Lcg128 for Pcg64 {
    const MULT: u128 = MULTIPLIER;
    fn parts(&self) -> (u128, u128) {
        (self.state(), self.increment())
    }
    fn with_state(&self, state: u128) -> Self {
        Pcg64::from_state(state, self.increment()).expect("increment unchanged")
    }
}

impl Lcg128 for Pcg64Dxsm {
    const MULT: u128 = CHEAP_MULTIPLIER as u128;
    fn parts(&self) -> (u128, u128) {
        (self.state(), self.increment())
    }
    fn with_state(&self, state: u128) -> Self {
        Pcg64Dxsm::from_state(state, self.increment()).expect("increment unchanged")
    }
}

fn jump_lcg<C: Lcg128>(core: &mut C, n: u128) {
    let (state, inc) = core.parts();
    let (m, p) = rngkit::engines::lcg::affine_power_u128(C::MULT, inc, n);
    *core = core.with_state(m.wrapping_mul(state).wrapping_add(p));
}

macro_rules! lcg128_analysis {
    ($core:ty) => {
        impl Jump for Buffered<$core> {
            /// Period 2^128: `n` is taken modulo 2^128.
            fn jump(&mut self, n: u128) {
                jump_lcg(self.core_mut(), n);
            }

            fn jump_back(&mut self, n: u128) {
                jump_lcg(self.core_mut(), n.wrapping_neg());
            }
        }

        impl StepBack for Buffered<$core> {
            fn step_back(&mut self) {
                self.jump_back(1);
            }
        }

        impl Distance for Buffered<$core> {
            const HAS_FAST_METHOD: bool = true;

            fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
                let ((from_state, from_inc), (to_state, to_inc)) =
                    (self.core().parts(), to.core().parts());
                if from_inc != to_inc {
                    return Err(DistanceError::DifferentStreams {
                        from_increment: from_inc as u64,
                        to_increment: to_inc as u64,
                    });
                }
                if self.buffer() != to.buffer() {
                    return Err(DistanceError::Unreachable(
                        "the 32-bit buffers (has_uint32, uinteger) differ, and raw steps leave the buffer alone",
                    ));
                }
                Ok(rngkit::engines::lcg::affine_distance_u128(
                    <$core as Lcg128>::MULT,
                    from_inc,
                    from_state,
                    to_state,
                ))
            }
        }
    };
}

lcg128_analysis!(Pcg64);
lcg128_analysis!(Pcg64Dxsm);

const SEARCH: &str = "each seed S of the range runs numpy's SeedSequence(S) (the seed's 32-bit words hashed into a 4-word pool, then the state words generated from it) and the generator's own seeding, then compares the observed draws: the generic kernel. default_rng(S) with a small S (42, 12345, a date) is the usual case; seeds default to 0..2^32";

/// `numpy` and `numpy-pcg64dxsm`: no recovery (the PCG64 problem), seed
/// search.
pub const NOTES_PCG64: Notes = Notes {
    recover: "",
    recover_examples: &[],
    search: SEARCH,
    search_examples: &[],
    examples: &[],
};

/// `numpy-sfc64` and `numpy-philox`: seed search only.
pub const NOTES_OTHER: Notes = Notes {
    recover: "",
    recover_examples: &[],
    search: SEARCH,
    search_examples: &[],
    examples: &[],
};

/// `numpy-mt19937`: MT19937's recovery on the raw 32-bit words, and the
/// seed search.
pub const NOTES_MT19937: Notes = Notes {
    recover: "numpy's MT19937 Generator draws from MT19937's tempered 32-bit words, so MT19937's recovery applies to every observed bit: 624 `random-raw` words (bit_generator.random_raw()) pin the state, as do 624 `random` values (each reveals the top 27 bits of one word and the top 26 of the next: 1248 words' worth of 53 bits, about 740 values in all). `integers`, `choice`, `permutation`, `normal` and `exponential` values reveal no bit at a fixed position (rejections and the ziggurat's redraws): put `skip N` for them only when N is known",
    recover_examples: &[],
    search: SEARCH,
    search_examples: &[],
    examples: &[],
};
