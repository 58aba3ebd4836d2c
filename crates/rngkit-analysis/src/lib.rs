//! # rngkit-analysis
//!
//! The analysis side of rngkit: GF(2) linear algebra over the generators of
//! [`rngkit`], backward stepping, O(log n) jumps, distances between states,
//! state recovery from observations, seed identification and seed search.
#![warn(missing_docs)]

pub mod gf2;
pub mod linear;

mod advance;
mod mt;

pub use advance::{Jump, StepBack, tinymt32_canonical};
pub use mt::mt19937_canonical;
mod distance;
mod dlog;

pub use distance::{Distance, DistanceError};
