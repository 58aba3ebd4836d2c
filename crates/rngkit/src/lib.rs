//! # rngkit
//!
//! Bit-exact reproductions of the random number generators that games and
//! engines ship, as [`rand_core`] generators, with the engines' own draw
//! mappings on top.
//!
//! * [`generators`]: one file per algorithm (Xorshift128, MT19937, PCG32,
//!   xoshiro256**, xoroshiro128+, SplitMix64, TinyMT32, xorshift32). Each
//!   implements [`rand_core::TryRng`] with `Error = Infallible` (so every
//!   `rand` helper works on it) and [`rand_core::SeedableRng`], exposes its
//!   state as plain words ([`StateWords`]) and rejects invalid states with a
//!   [`StateError`].
//! * [`engines`]: the draws engines build on those generators, bit for bit:
//!   Unity's `UnityEngine.Random` (incl. the composite vectors, quaternions
//!   and `ColorHSV`), `Unity.Mathematics.Random`, the BDSP conventions, the
//!   mars engine's MT19937 (save blob, x87 float mappings) and the MegaCrush
//!   `Pcg32` struct. Each wraps an owned or borrowed generator.
//! * [`bulk`] fills slices several times faster than single draws, with
//!   SIMD kernels chosen by one [`cpu::CpuLevel`], detected once.
//!
//! ```
//! use rngkit::generators::Xorshift128;
//! use rngkit::rand_core::Rng;
//!
//! // Unity's `Random.InitState(0)`, then five raw words (published captures of
//! // real Unity output, see the crate's tests).
//! let mut rng = Xorshift128::init_state(0);
//! assert_eq!(rng.state(), [0, 1, 1812433254, 1900727103]);
//! assert_eq!(rng.next_u32(), 1900725526);
//! ```
//!
//! ## Features
//! * `std` (default): OS entropy seeding and `std` integration.
//! * `serde`: serialise every generator's state (validated on load).
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub use rand_core;

pub mod bulk;
mod cmath;
pub mod cpu;
pub mod draw;
pub mod engines;
mod error;
pub mod facade;
pub mod family;
pub mod generators;
pub mod number;
pub mod observe;
pub mod registry;
pub mod runtimes;
mod state;
pub mod state_text;
pub mod suggest;
pub mod token;
pub mod value;

pub use error::StateError;
pub use generators::WordRng;
pub use state::StateWords;
