//! Language runtimes' standard generators, bit for bit: the seeding and the
//! draws of CPython's `random`, Ruby's `Random` and the POSIX `drand48`
//! family as glibc implements them.
//!
//! Each runtime is one file with its GEN ([`crate::registry::Gen`]); the
//! runtimes built on MT19937 use the plain [`Mt19937`](crate::generators::Mt19937)
//! as their generator, so their states are `mt19937` states. The
//! `runtime_*` tests compare every draw with the real runtime run as a
//! process.

pub mod drand48;
pub mod python;
pub mod ruby;
