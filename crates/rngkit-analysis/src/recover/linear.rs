//! Linear recovery for the F2-linear generators: every revealed bit of an
//! output word is one equation in the state bits, solved by Gaussian
//! elimination over GF(2) (the analysis toolkit's [`BitMatrix`]).
//!
//! The coefficients come from the generator itself: the generator is linear,
//! so the linear word at step `t` of a state is the XOR of the words at step
//! `t` of the state's single-bit basis states. Running one generator per
//! state bit gives each equation's row without writing any matrix by hand.

use rngkit::profile::{Algorithm, DeterministicRng};

use crate::gf2::{BitMatrix, BitVec};
use crate::observe::{KnownBits, WordConstraint};

/// Modular inverses used to undo xoshiro256**'s scrambler.
const INV9: u64 = 0x8e38_e38e_38e3_8e39;
const INV5: u64 = 0xcccc_cccc_cccc_cccd;

/// The linear view of an algorithm's output, if it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinearOutput {
    /// The output word is linear in the state (Xorshift128, Xorshift32).
    Output,
    /// xoshiro256**: a fully known output gives the pre-step `s[1]`.
    XoshiroS1,
    /// xoroshiro128+: only bit 0 of `s[0] + s[1]` is linear.
    XoroshiroLowBit,
    /// TinyMT32: the tempering adds `status[0] + (status[2] >> 8)`, so only
    /// bit 0 of the output is linear in the state.
    LowBit,
}

impl LinearOutput {
    /// The linear view for `algorithm`, or `None` when it has none here.
    pub fn of(algorithm: Algorithm) -> Option<LinearOutput> {
        match algorithm {
            Algorithm::Xorshift128 | Algorithm::Xorshift32 => Some(LinearOutput::Output),
            Algorithm::Xoshiro256StarStar => Some(LinearOutput::XoshiroS1),
            Algorithm::Xoroshiro128Plus => Some(LinearOutput::XoroshiroLowBit),
            Algorithm::TinyMt32 => Some(LinearOutput::LowBit),
            _ => None,
        }
    }

    /// The known bits of the linear word that `known` output bits imply.
    fn translate(self, known: KnownBits) -> Option<KnownBits> {
        match self {
            LinearOutput::Output => Some(known),
            LinearOutput::XoshiroS1 => (known.mask == u64::MAX).then(|| {
                KnownBits::new(
                    u64::MAX,
                    known
                        .value
                        .wrapping_mul(INV9)
                        .rotate_right(7)
                        .wrapping_mul(INV5),
                )
            }),
            LinearOutput::XoroshiroLowBit | LinearOutput::LowBit => {
                (known.mask & 1 == 1).then(|| KnownBits::new(1, known.value & 1))
            }
        }
    }

    /// Takes one step of `rng` and returns the linear word of that step.
    fn step(self, rng: &mut DeterministicRng) -> u64 {
        match (self, &*rng) {
            (LinearOutput::XoshiroS1, DeterministicRng::Xoshiro256StarStar(g)) => {
                let s1 = g.state()[1];
                rng.next_word();
                s1
            }
            (LinearOutput::XoroshiroLowBit, DeterministicRng::Xoroshiro128Plus(g)) => {
                let [s0, s1] = g.state();
                rng.next_word();
                s0 ^ s1
            }
            _ => rng.next_word(),
        }
    }
}

/// The equations a set of word constraints implies, as a matrix over the
/// state bits (word-major, in `--state` word order, bit 0 first) and its
/// right-hand side.
pub fn equations(
    algorithm: Algorithm,
    constraints: &[WordConstraint],
) -> Option<(BitMatrix, BitVec)> {
    let view = LinearOutput::of(algorithm)?;
    let word_bits = algorithm.word_bits() as usize;
    let unknowns = word_bits * algorithm.word_count();
    // A single-bit state the generator rejects as empty is a bit it never
    // reads (TinyMT32's top bit of status[0]): its column stays zero and an
    // extra equation fixes it to 0, so that one state stands for the stream.
    let mut basis: Vec<Option<DeterministicRng>> = (0..unknowns)
        .map(|b| {
            let mut words = vec![0u64; algorithm.word_count()];
            words[b / word_bits] = 1 << (b % word_bits);
            algorithm.from_words(&words).ok()
        })
        .collect();
    let mut sorted: Vec<(u64, KnownBits)> = constraints
        .iter()
        .filter_map(|c| Some((c.offset, view.translate(c.known)?)))
        .collect();
    sorted.sort_by_key(|&(offset, _)| offset);
    let mut rows: Vec<BitVec> = Vec::new();
    let mut rhs_bits: Vec<bool> = Vec::new();
    for (b, rng) in basis.iter().enumerate() {
        if rng.is_none() {
            let mut row = BitVec::zeros(unknowns);
            row.set(b, true);
            rows.push(row);
            rhs_bits.push(false);
        }
    }
    let mut step = 0u64;
    let mut columns = vec![0u64; unknowns];
    for (offset, known) in sorted {
        while step <= offset {
            for (b, rng) in basis.iter_mut().enumerate() {
                columns[b] = rng.as_mut().map_or(0, |rng| view.step(rng));
            }
            step += 1;
        }
        for j in 0..64 {
            if known.mask >> j & 1 == 1 {
                let mut row = BitVec::zeros(unknowns);
                for (b, column) in columns.iter().enumerate() {
                    if column >> j & 1 == 1 {
                        row.set(b, true);
                    }
                }
                rows.push(row);
                rhs_bits.push(known.value >> j & 1 == 1);
            }
        }
    }
    Some((
        BitMatrix::from_rows(&rows, unknowns),
        BitVec::from_bools(&rhs_bits),
    ))
}

/// The solutions of `matrix · x = rhs`: one particular solution and a
/// null-space basis (every solution is the particular one plus a
/// combination of the basis), or `None` when inconsistent.
pub fn solve(matrix: &BitMatrix, rhs: &BitVec) -> Option<(BitVec, Vec<BitVec>)> {
    let particular = if matrix.rows() == 0 {
        BitVec::zeros(matrix.cols())
    } else {
        matrix.solve(rhs)?
    };
    let basis = if matrix.rows() == 0 {
        (0..matrix.cols())
            .map(|i| {
                let mut v = BitVec::zeros(matrix.cols());
                v.set(i, true);
                v
            })
            .collect()
    } else {
        matrix.nullspace()
    };
    Some((particular, basis))
}

/// State words from a solution vector (word-major, bit 0 first).
pub fn words_of(algorithm: Algorithm, x: &BitVec) -> Vec<u64> {
    let word_bits = algorithm.word_bits() as usize;
    (0..algorithm.word_count())
        .map(|w| {
            (0..word_bits).fold(0u64, |acc, j| {
                acc | (u64::from(x.get(w * word_bits + j)) << j)
            })
        })
        .collect()
}
