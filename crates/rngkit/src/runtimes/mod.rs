//! The random number generators built into language runtimes, reproduced
//! bit for bit with each runtime's own seeding, range mappings and
//! shuffles, and checked against the real runtimes (`tests/runtime_*.rs`).
//!
//! * [`php`]: PHP's `mt_rand()` family in its four eras (PHP 7.1+, the
//!   `MT_RAND_PHP` mode, PHP 5.2.1 to 7.0.x, PHP 3.0.7 to 5.2.0), with
//!   `rand`, `shuffle`, `str_shuffle` and `array_rand`.
//! * [`php_random`]: PHP 8.2's Random extension: the engines `Mt19937`,
//!   `PcgOneseq128XslRr64` and `Xoshiro256StarStar` under `Random\Randomizer`.
//! * [`pcg64`]: PCG XSL RR 128/64, the generator of PHP's `PcgOneseq128XslRr64`.
//! * [`python`], [`ruby`]: CPython's `random` and Ruby's `Random` (MT19937
//!   with their own seeding and draws).
//! * [`drand48`]: the POSIX 48-bit `srand48` family (glibc).
//! * [`java`], [`java_splittable`]: `java.util.Random` and
//!   `java.util.SplittableRandom`; [`fdlibm`]: `StrictMath.log` for
//!   `nextGaussian`.
//! * [`dotnet`]: .NET's seeded `System.Random` (the subtractive generator).
//! * [`dotnet_xoshiro`]: .NET 6+'s unseeded `System.Random` (xoshiro256**).
//! * [`libgdx`]: libGDX's `RandomXS128` (xorshift128+).
//! * [`lua`]: `math.random` of Lua 5.4 (xoshiro256**) and LuaJIT 2.1 (Tausworthe).
//! * [`cpp`]: C++'s `<random>` engines, with `uniform_int_distribution<int>`
//!   of libstdc++ and of libc++.
//! * [`javascript`]: `Math.random` in V8 (Chromium, Node.js), SpiderMonkey
//!   (Firefox) and JavaScriptCore (Safari).
//!
//! ```
//! use rngkit::registry::{of, Seed};
//! use rngkit::runtimes::javascript::V8LegacyGen;
//!
//! // `node --random-seed=1` (Node.js 20): the first Math.random().
//! let v8 = of::<V8LegacyGen>();
//! let mut rng = v8.seed(&Seed::from(1), &Default::default()).unwrap();
//! let draw = v8.parse_draw("math-random", &[]).unwrap();
//! assert_eq!(draw.eval(&mut rng).format(true), "0x3fc2d79d928e7bb8");
//! ```

pub mod cpp;
pub mod dotnet;
pub mod dotnet_xoshiro;
pub mod drand48;
pub mod fdlibm;
pub mod glibc;
pub mod go;
pub mod go_v2;
pub mod java;
pub mod java_splittable;
pub mod javascript;
pub mod libgdx;
pub mod lua;
pub mod numpy;
pub mod numpy_legacy;
pub mod pcg64;
pub mod php;
pub mod php_random;
pub mod python;
pub mod r;
pub mod ruby;

use crate::registry::{BareDraw, Yields};

/// The bare draw `draw` yielding `bits`-bit integers, `signed` or not: one
/// line where a GEN lists its bare draws.
pub(crate) const fn bare_int(draw: &'static str, bits: u32, signed: bool) -> BareDraw {
    BareDraw {
        draw,
        yields: Yields::Int { bits, signed },
    }
}

/// The bare draw `draw` yielding a fraction in `[0, 1)` of `bits` bits.
pub(crate) const fn bare_unit(draw: &'static str, bits: u32) -> BareDraw {
    BareDraw {
        draw,
        yields: Yields::Unit { bits },
    }
}
