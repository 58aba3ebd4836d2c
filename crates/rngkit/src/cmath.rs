//! The C library's `log`, `cos`, `sin` (and their `f32` forms), `log1p`,
//! `exp` and `pow`, as the runtimes that call them (CPython's `random.gauss`,
//! Godot's `randfn`, numpy's ziggurat tails, R's `rpois`) see them.
//!
//! Their last bit differs between C libraries (glibc is not correctly
//! rounded, and picks an FMA variant by CPU). With the `std` feature these
//! are the platform's own functions (Rust's float methods call the C
//! library), so the values are the runtime's on the same platform; without
//! it they are the `libm` crate's and may differ in the last bit.

#[cfg(feature = "std")]
mod imp {
    pub(crate) fn log(x: f64) -> f64 {
        x.ln()
    }

    pub(crate) fn cos(x: f64) -> f64 {
        x.cos()
    }

    pub(crate) fn log1p(x: f64) -> f64 {
        x.ln_1p()
    }

    pub(crate) fn exp(x: f64) -> f64 {
        x.exp()
    }

    pub(crate) fn sin(x: f64) -> f64 {
        x.sin()
    }

    pub(crate) fn pow(x: f64, y: f64) -> f64 {
        x.powf(y)
    }

    pub(crate) fn logf(x: f32) -> f32 {
        x.ln()
    }

    pub(crate) fn cosf(x: f32) -> f32 {
        x.cos()
    }
}

#[cfg(not(feature = "std"))]
mod imp {
    pub(crate) use libm::{cos, cosf, exp, log, log1p, logf, pow, sin};
}

pub(crate) use imp::{cos, cosf, exp, log, log1p, logf, pow, sin};
