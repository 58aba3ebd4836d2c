//! Linear algebra over GF(2), the field of two elements: bit vectors, dense
//! bit matrices with Gaussian elimination, polynomials with carry-less
//! multiplication, arithmetic modulo a polynomial, and Berlekamp–Massey.
//!
//! This is the toolkit behind jumps, backward steps, distances and state
//! recovery for the F2-linear generators (xorshift, xoshiro, Mersenne
//! Twister, TinyMT).

mod bitvec;
mod bm;
mod clmul;
mod field;
mod matrix;
mod modulus;
mod poly;

pub use bitvec::BitVec;
pub use bm::berlekamp_massey;
pub use clmul::{clmul, clmul_portable, hardware_clmul};
pub use field::Field;
pub use matrix::{BitMatrix, Equation, LinearSystem};
pub use modulus::Modulus;
pub use poly::Poly;
