//! # rngkit-analysis
//!
//! The analysis side of rngkit, for every generator of [`rngkit`]:
//!
//! * [`StepBack`]: one step backwards in closed form (unxorshift, MT19937
//!   untwist, the inverse LCG step, …) and n steps back.
//! * [`Jump`]: jump forwards or backwards by any `u128` number of steps in
//!   O(log n): the polynomial method for the F2-linear generators (x^n mod P
//!   applied to the state; the sliding window of Haramoto et al. for
//!   MT19937), Brown's method for PCG32, addition for SplitMix64.
//! * [`Distance`]: how many steps separate two states, exactly over the whole
//!   period for xorshift128, xoroshiro128+, xorshift32, PCG32 and SplitMix64,
//!   below 2^128 - 1 for xoshiro256**, by a bounded search for MT19937 and
//!   TinyMT32 (see [`Distance`] for why no fast method exists there).
//! * [`gf2`]: the GF(2) toolkit underneath (bit vectors and matrices,
//!   Gaussian elimination, polynomials with carry-less multiplication,
//!   Berlekamp–Massey), reusable for state recovery.
//! * [`linear`]: the F2-linear generators as linear maps, with their
//!   characteristic polynomials derived by Berlekamp–Massey.
//! * [`input`] and [`message`]: the input and message layer the command
//!   line, the Python package and the web page share, so they read seeds,
//!   seed ranges and step counts and word every outcome (several states
//!   fit, none fits, ...) the same way.
//!
//! "One step" is always one output word ([`rngkit::WordRng::next_word`]),
//! the unit of the CLI's `--advance`.
//!
//! ```
//! use rngkit::generators::Xorshift128;
//! use rngkit::WordRng;
//! use rngkit_analysis::{Distance, Jump, StepBack};
//!
//! let start = Xorshift128::init_state(0);
//! let mut rng = start.clone();
//! rng.advance(10i128.pow(30)); // far ahead, instantly
//! rng.advance(-5);             // and a little back
//! assert_eq!(start.distance_to(&rng), Ok(10u128.pow(30) - 5));
//!
//! let mut rng = start.clone();
//! let first = rng.next_word();
//! rng.step_back();
//! assert_eq!(rng.next_word(), first);
//! ```
#![warn(missing_docs)]

pub mod detect;
pub mod entry;
pub mod generators;
pub mod gf2;
pub mod identify;
pub mod input;
pub mod linear;
pub mod message;
pub mod needed;
pub mod notes;
pub mod observe;
pub mod progress;
pub mod recover;
pub mod registry;
pub mod search;
pub mod table;

mod advance;
mod distance;
mod dlog;

pub use advance::{Jump, StepBack};
pub use distance::{Distance, DistanceError};

/// The README's Rust examples (they use both crates), compiled and run as
/// doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
