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
//! * Philox is a counter: its jumps and distances are arithmetic on the
//!   word index `4 * counter + buffer_pos` modulo 2^258 (here, not a
//!   recovery).
//! * SFC64 and Philox: SFC64 mixes additions, shifts and rotations (no
//!   linear or algebraic structure to solve), and Philox4x64-10 is a
//!   counter-mode block function built to be a strong pseudo-random
//!   function (recovering its key from outputs would break it): both give
//!   states only from `--state` and seeds from a seed search.

use rngkit::number::BigInt;
use rngkit::runtimes::numpy::{Buffered, CHEAP_MULTIPLIER, Pcg64Dxsm, Philox4x64};
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

// ------------------------------------------------------------------ Philox

/// The index of the next word, `4 * counter + buffer_pos`, as 5 limbs
/// (258 bits used), low first.
fn philox_index(p: &Philox4x64) -> [u64; 5] {
    let c = p.counter();
    let mut t = [0u64; 5];
    for i in 0..4 {
        t[i] |= c[i] << 2;
        t[i + 1] = c[i] >> 62;
    }
    add_words(&mut t, &[u64::from(p.buffer_pos())]);
    t
}

/// `t += n` modulo 2^258.
fn add_words(t: &mut [u64; 5], n: &[u64]) {
    let mut carry = 0u128;
    for (i, limb) in t.iter_mut().enumerate() {
        let v = u128::from(*limb) + u128::from(n.get(i).copied().unwrap_or(0)) + carry;
        *limb = v as u64;
        carry = v >> 64;
    }
    t[4] &= 3;
}

/// `t = -t` modulo 2^258.
fn negate(t: &mut [u64; 5]) {
    for limb in t.iter_mut() {
        *limb = !*limb;
    }
    add_words(t, &[1]);
}

/// The generator at index `t`: buffer_pos in 1..=4 (numpy's positions
/// after a block is made; 4 at seeding), the counter `(t - pos) / 4`.
fn philox_at(p: &Philox4x64, t: [u64; 5]) -> Philox4x64 {
    let pos = (t[0].wrapping_sub(1) & 3) + 1;
    let mut base = t;
    let mut neg = [pos, 0, 0, 0, 0];
    negate(&mut neg);
    add_words(&mut base, &neg);
    let mut c = [0u64; 4];
    for i in 0..4 {
        c[i] = (base[i] >> 2) | (base[i + 1] << 62);
    }
    Philox4x64::from_state(c, p.key(), pos).expect("a position of 1 to 4")
}

impl Jump for Buffered<Philox4x64> {
    /// Period 2^258 words (2^256 blocks of four).
    fn jump(&mut self, n: u128) {
        self.jump_big(&BigInt::from(n));
    }

    fn jump_back(&mut self, n: u128) {
        if n == 0 {
            return;
        }
        let mut back = [n as u64, (n >> 64) as u64, 0, 0, 0];
        negate(&mut back);
        let core = self.core();
        let mut t = philox_index(core);
        add_words(&mut t, &back);
        *self.core_mut() = philox_at(self.core(), t);
    }

    fn jump_big(&mut self, n: &BigInt) -> bool {
        if n.is_zero() {
            return true;
        }
        let mut t = philox_index(self.core());
        add_words(&mut t, &n.u64_words());
        *self.core_mut() = philox_at(self.core(), t);
        true
    }
}

impl StepBack for Buffered<Philox4x64> {
    fn step_back(&mut self) {
        self.jump_back(1);
    }
}

impl Distance for Buffered<Philox4x64> {
    const HAS_FAST_METHOD: bool = true;

    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        if self.core().key() != to.core().key() {
            return Err(DistanceError::Unreachable(
                "the Philox keys differ: each key is its own stream",
            ));
        }
        if self.buffer() != to.buffer() {
            return Err(DistanceError::Unreachable(
                "the 32-bit buffers (has_uint32, uinteger) differ, and raw steps leave the buffer alone",
            ));
        }
        let mut d = philox_index(self.core());
        negate(&mut d);
        add_words(&mut d, &philox_index(to.core()));
        if d[2] != 0 || d[3] != 0 || d[4] != 0 {
            return Err(DistanceError::BeyondRange { limit: u128::MAX });
        }
        Ok(u128::from(d[0]) | (u128::from(d[1]) << 64))
    }
}

/// Philox's period in words: 2^258.
pub fn philox_period() -> BigInt {
    BigInt::from_limbs(false, &[0, 0, 0, 0, 0, 0, 0, 0, 4])
}

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
    recover: "numpy's MT19937 Generator draws from MT19937's tempered 32-bit words, so MT19937's recovery applies to every observed bit: 624 `random-raw` words (bit_generator.random_raw()) pin the state, and so do about 620 `random` values (each reveals the top 27 bits of one word and the top 26 of the next; scripts/recovery-table needed 623). `integers`, `choice`, `permutation`, `normal` and `exponential` values reveal no bit at a fixed position (rejections and the ziggurat's redraws): put `skip N` for them only when N is known",
    recover_examples: &[
        "rngkit gen numpy-mt19937 --seed 7 -n 624 u32 | sed 's/^/u32 = /' > mt.txt",
        "rngkit recover numpy-mt19937 --observations mt.txt --predict 3 random",
    ],
    search: SEARCH,
    search_examples: &[
        "rngkit gen numpy --seed 4321 -n 3 random | sed 's/^/random = /' > obs.txt",
        "rngkit seed-search numpy --seeds 0..100000 --observations obs.txt",
    ],
    examples: &[],
};

#[cfg(test)]
mod tests {
    use super::*;
    use rngkit::WordRng;

    #[test]
    fn philox_jumps_are_steps() {
        let start =
            Buffered::new(Philox4x64::from_state([u64::MAX, u64::MAX, 3, 0], [5, 6], 2).unwrap());
        for n in [0u128, 1, 2, 3, 4, 5, 7, 100, 1001] {
            let mut a = start.clone();
            a.jump(n);
            let mut b = start.clone();
            b.discard(n as u64);
            assert_eq!(a.clone().next_word(), b.clone().next_word(), "jump {n}");
            assert_eq!(
                start.distance_to(&a).unwrap() % (1 << 100),
                n,
                "distance {n}"
            );
            a.jump_back(n);
            assert_eq!(a.clone().next_word(), start.clone().next_word(), "back {n}");
        }
        // Around the counter's wrap: 2^258 words is the whole period.
        let mut a = start.clone();
        a.jump_big(&philox_period());
        assert_eq!(a.clone().next_word(), start.clone().next_word());
    }
}
