//! How many steps separate two states (see [`Distance`]).

use core::fmt;

use crate::Jump;
use crate::dlog::{FACTORS_2_128_MINUS_1, discrete_log};
use crate::gf2::{BitMatrix, Field, Poly};
use crate::linear::F2Linear;

/// Why a distance could not be given.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DistanceError {
    /// The two PCG32 states use different increments (streams): no number of
    /// steps leads from one to the other.
    DifferentStreams {
        /// The increment of the start state.
        from_increment: u64,
        /// The increment of the target state.
        to_increment: u64,
    },
    /// The target was not reached within the bound.
    NotWithin {
        /// The largest distance examined.
        max: u128,
    },
    /// The distance is at least `limit`, beyond what this generator's method
    /// covers (xoshiro256**: 2^128 - 1).
    BeyondRange {
        /// The smallest distance not covered.
        limit: u128,
    },
    /// The generator has no fast method; call
    /// [`Distance::distance_within`] with a bound.
    NeedsBound {
        /// The generator's name.
        generator: &'static str,
    },
    /// The GEN has no distance method at all.
    Unsupported(&'static str),
    /// The two states belong to different generators.
    Mismatch,
    /// No number of raw steps leads from one state to the other, for the
    /// reason given (`java`: the cached `nextGaussian` values differ).
    Unreachable(&'static str),
}

impl fmt::Display for DistanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistanceError::DifferentStreams {
                from_increment,
                to_increment,
            } => write!(
                f,
                "the states belong to different PCG streams (increments {from_increment:#x} and {to_increment:#x}); no distance exists"
            ),
            DistanceError::NotWithin { max } => {
                write!(f, "the target state is not within {max} steps")
            }
            DistanceError::BeyondRange { limit } => write!(
                f,
                "the distance is at least {limit}, beyond the range this generator's method covers"
            ),
            DistanceError::NeedsBound { generator } => write!(
                f,
                "{generator} has no fast distance method (its period is prime); give a bound to search"
            ),
            DistanceError::Unsupported(generator) => {
                write!(f, "{generator} has no distance method")
            }
            DistanceError::Mismatch => f.write_str("the two states belong to different generators"),
            DistanceError::Unreachable(reason) => write!(f, "no distance exists: {reason}"),
        }
    }
}

impl std::error::Error for DistanceError {}

/// The number of steps from one state to another: the smallest n ≥ 0 with
/// `from.jump(n) == to` (same future stream). The methods:
///
/// * xorshift128, xoroshiro128+ (period 2^128 - 1): exact over the whole
///   period. The target state b is c(T)·a for one polynomial c of degree
///   below 128, found by solving the Krylov system \[a, Ta, …, T^127 a\]·c = b;
///   then c ≡ x^n mod P and n is the discrete logarithm of c in
///   GF(2)\[x\]/P ≅ GF(2^128), found by Pohlig–Hellman over the nine primes of
///   2^128 - 1 (baby-step giant-step below 2^32, Pollard's rho for
///   67280421310721).
/// * xoshiro256** (period 2^256 - 1): exact for distances below 2^128 - 1.
///   Raising c to the power 2^128 + 1 moves the problem into the subgroup of
///   order 2^128 - 1, where the same nine primes apply; the two other prime
///   factors of 2^256 - 1 (the larger about 2^72.3) are out of reach.
/// * xorshift32 (period 2^32 - 1): exact, Pohlig–Hellman over 3·5·17·257·65537.
/// * PCG32: exact when both states share the increment (stream), bit by bit
///   (the low k bits of an LCG with a power-of-two modulus have period 2^k).
/// * SplitMix64: exact, (b - a) · γ^(-1) mod 2^64.
/// * MT19937 and TinyMT32: only a bounded search. Their periods 2^19937 - 1
///   and 2^127 - 1 are Mersenne primes, so the group has no subgroups for
///   Pohlig–Hellman to split the problem into; a generic discrete logarithm
///   then costs about the square root of the group order: 2^63.5 group
///   operations for TinyMT32 (and 2^9968 for MT19937), and baby-step
///   giant-step would have to store 2^63.5 elements. Index-calculus methods
///   for small-characteristic fields do reach GF(2^127) (and records go far
///   beyond), but they are research computations well outside this crate;
///   for GF(2^19937) no practical method exists.
///
/// ```
/// use rngkit::generators::Xorshift128;
/// use rngkit_analysis::{Distance, Jump};
/// let a = Xorshift128::init_state(0);
/// let mut b = a.clone();
/// let n = 0x0123_4567_89ab_cdef_0011_2233_4455_6677;
/// b.jump(n);
/// assert_eq!(a.distance_to(&b), Ok(n));
/// ```
pub trait Distance: Jump {
    /// Whether [`distance_to`](Distance::distance_to) answers without a
    /// bound.
    const HAS_FAST_METHOD: bool;

    /// The exact distance.
    ///
    /// # Errors
    /// [`DistanceError::DifferentStreams`] (PCG32),
    /// [`DistanceError::BeyondRange`] (xoshiro256** at 2^128 - 1 or more),
    /// [`DistanceError::NeedsBound`] (MT19937, TinyMT32).
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError>;

    /// The distance if it is at most `max`: a search of `max + 1` steps for
    /// MT19937 and TinyMT32, the exact method with a check otherwise.
    ///
    /// # Errors
    /// [`DistanceError::NotWithin`] when the distance exceeds `max`, or an
    /// error of [`distance_to`](Distance::distance_to).
    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        match self.distance_to(to) {
            Ok(n) if n <= max => Ok(n),
            Ok(_) | Err(DistanceError::BeyondRange { .. }) => Err(DistanceError::NotWithin { max }),
            Err(e) => Err(e),
        }
    }
}

/// The coefficients c (degree < k) with c(T)·a = b, from the Krylov basis.
pub(crate) fn krylov_solve<G: F2Linear>(from: &G, to: &G) -> Poly {
    let mut columns = Vec::with_capacity(G::DEGREE);
    let mut cur = from.clone();
    for i in 0..G::DEGREE {
        columns.push(cur.to_bits());
        if i + 1 < G::DEGREE {
            cur.next_word();
        }
    }
    let k = BitMatrix::from_columns(&columns, G::STATE_BITS);
    let c = k
        .solve(&to.to_bits())
        .expect("a nonzero state's Krylov vectors span the space when P is irreducible");
    Poly::from_words(c.words().to_vec())
}

pub(crate) fn distance_in_field_128<G: F2Linear>(from: &G, to: &G, field: &Field<2>) -> u128 {
    let c = field.element(&krylov_solve(from, to));
    discrete_log(field, &field.x(), &c, u128::MAX, &FACTORS_2_128_MINUS_1)
        .expect("every nonzero element is a power of x when P is primitive")
}
