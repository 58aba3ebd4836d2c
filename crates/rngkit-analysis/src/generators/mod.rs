//! Each generator's own analysis, one module per generator: its backward
//! step, jump, distance, linear view for recovery, and seed
//! identification. The registry ([`crate::registry`]) reaches them; nothing
//! else names a generator.

pub mod cpp;
pub mod dotnet;
pub mod dotnet_xoshiro;
pub mod drand48;
pub mod glibc;
pub mod go;
pub mod go_v2;
pub mod godot;
pub mod java;
pub mod javascript;
pub mod javascriptcore;
pub mod lcg;
pub mod lcg48;
pub mod libgdx;
pub mod lua;
pub mod mt19937;
pub mod numpy;
pub mod numpy_legacy;
pub mod pcg32;
pub mod php;
pub mod python;
pub mod r;
pub mod ranlux;
pub mod ruby;
pub mod sfmt;
pub mod splitmix64;
pub mod swsh;
pub mod tinymt32;
pub mod xoroshiro128p;
pub mod xorshift128;
pub mod xorshift32;
pub mod xoshiro256ss;
