//! The C++ standard library's random engines (`<random>`, [rand.predef]):
//! `std::mt19937_64`, `std::minstd_rand`, `std::minstd_rand0`,
//! `std::ranlux24`, `std::ranlux48` and `std::knuth_b`, one GEN each, and
//! `std::uniform_int_distribution<int>`, `std::uniform_real_distribution
//! <double>`, `std::generate_canonical<double, 53>` and
//! `std::normal_distribution<double>` as GCC's libstdc++ and LLVM's libc++
//! each compute them, as draws of those GENs and of `mt19937`
//! (`std::mt19937`).
//!
//! The engines are fully specified by the standard, so every library gives
//! the same values for the same seed; each engine's example asserts the
//! standard's own 10000th-value check. The distributions are not: the
//! standard fixes only the probabilities, and the two libraries use
//! different algorithms (libstdc++ 12: Lemire's multiply-and-reject on
//! 32- and 64-bit engines, division elsewhere; libc++ 14: masked bits,
//! rejected while out of range; `generate_canonical` clamped below 1 or
//! not; the polar method's pair handed out in opposite orders), so each
//! has its own draw. `normal_distribution`'s saved second value is kept
//! with the engine's state ([`SavedNormal`]). The oracle
//! test `tests/runtime_cpp.rs` compiles programs with `g++` (libstdc++)
//! and `clang++ -stdlib=libc++` and compares 10 seeds x 1000 values of
//! each draw.
//!
//! ```
//! use rngkit::registry::{of, Seed};
//! use rngkit::runtimes::cpp::MinstdRandGen;
//!
//! let cpp_gen = of::<MinstdRandGen>();
//! let mut rng = cpp_gen.seed(&Seed::from(1), &Default::default()).unwrap();
//! // std::minstd_rand e(1); e() is 48271 * 1 mod (2^31 - 1).
//! let next = cpp_gen.parse_draw("next", &[]).unwrap();
//! assert_eq!(next.eval(&mut rng).format(false), "48271");
//! ```

mod dist;
mod engines;

use alloc::format;
use alloc::vec::Vec;

pub use dist::{
    canonical_calls, canonical_libcxx, canonical_libstdcxx, normal_libcxx, normal_libstdcxx,
    uniform_int_libcxx, uniform_int_libstdcxx, uniform_real_libcxx, uniform_real_libstdcxx,
};
pub use engines::{
    CppEngine, KnuthB, MINSTD_M, MinStd, MinstdRand, MinstdRand0, Mt19937_64, Ranlux, Ranlux24,
    Ranlux48, SavedNormal,
};

use crate::WordRng;
use crate::draw::{DrawError, DrawValue};
use crate::family::{DrawFamily, Member};
use crate::number::{parse_f64, parse_int};
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{
    BareDraw, DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps, Yields,
};

/// A standard library whose distributions a draw follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Library {
    /// GCC's libstdc++ (`g++`).
    Stdcxx,
    /// LLVM's libc++ (`clang++ -stdlib=libc++`).
    Libcxx,
}

/// The draws of the C++ engine GENs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CppDraw {
    /// `next`: one call of the engine, its `result_type` value.
    Next,
    /// `uniform-int-LIB A B`: `std::uniform_int_distribution<int>(A, B)`
    /// of the library, `A <= B`.
    UniformInt(Library, i32, i32),
    /// `uniform-real-LIB A B`: `std::uniform_real_distribution<double>(A,
    /// B)` of the library, `A <= B`, `B - A` finite.
    UniformReal(Library, f64, f64),
    /// `canonical-LIB`: `std::generate_canonical<double, 53>` of the library.
    Canonical(Library),
    /// `normal-LIB MEAN SD`: `std::normal_distribution<double>(MEAN, SD)`
    /// of the library, `SD > 0`; the saved second value of each pair is
    /// kept with the engine's state ([`SavedNormal`]).
    Normal(Library, f64, f64),
}

/// The draws of the C++ engines: `next` (the engine's own output) where
/// the GEN is a C++ engine, and the library distributions on every engine
/// (also `mt19937`, which is `std::mt19937`).
///
/// ```
/// use rngkit::family::DrawFamily;
/// use rngkit::generators::Mt19937;
/// use rngkit::runtimes::cpp::{CppDraw, CppDraws, Library};
///
/// let d = <CppDraws as DrawFamily<Mt19937>>::parse_draw(CppDraws::LIBRARY_ONLY, "uniform-int-libcxx", &["1", "6"]);
/// assert_eq!(d.unwrap(), Some(CppDraw::UniformInt(Library::Libcxx, 1, 6)));
/// // `mt19937` keeps its own draws: no `next` there.
/// assert_eq!(<CppDraws as DrawFamily<Mt19937>>::parse_draw(CppDraws::LIBRARY_ONLY, "next", &[]).unwrap(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CppDraws {
    /// Whether `next` is a draw (not on `mt19937`, whose raw `u32` is it).
    pub next: bool,
}

impl CppDraws {
    /// The draws of a C++ engine GEN: `next` and the distributions.
    pub const ENGINE: CppDraws = CppDraws { next: true };
    /// The distributions alone (on `mt19937`).
    pub const LIBRARY_ONLY: CppDraws = CppDraws { next: false };
}

const NEXT_HELP: &str = "one call of the engine, e(): its result_type value (1 step)";
const LIBRARY_DRAWS: [DrawInfo; 8] = [
    DrawInfo {
        syntax: "uniform-int-libstdcxx A B",
        help: "std::uniform_int_distribution<int>(A, B)(e) as GCC's libstdc++ computes it (g++): Lemire's multiply-and-reject on engines of exactly 32 or 64 bits (mt19937, mt19937-64), else calls minus min() below the largest multiple of B-A+1, divided; ranges wider than the engine combine a recursive draw and a call; A <= B, 32-bit ints (1 step when no value, or at most one call in 2^20, is redrawn, else variable)",
    },
    DrawInfo {
        syntax: "uniform-int-libcxx A B",
        help: "std::uniform_int_distribution<int>(A, B)(e) as LLVM's libc++ computes it (clang++ -stdlib=libc++): ceil(log2(B-A+1)) bits from the engine's calls (its low bits, rejecting calls past the last whole multiple), redrawn while >= B-A+1; A <= B, 32-bit ints (no step for A == B, 1 when B-A+1 is a power of two on a power-of-two engine, else variable)",
    },
    DrawInfo {
        syntax: "uniform-real-libstdcxx A B",
        help: "std::uniform_real_distribution<double>(A, B)(e) of libstdc++: canonical-libstdcxx * (B - A) + A, in [A, B); A <= B (k steps, as canonical)",
    },
    DrawInfo {
        syntax: "uniform-real-libcxx A B",
        help: "std::uniform_real_distribution<double>(A, B)(e) of libc++: (B - A) * canonical-libcxx + A, which can be B itself; A <= B (k steps, as canonical)",
    },
    DrawInfo {
        syntax: "canonical-libstdcxx",
        help: "std::generate_canonical<double, 53>(e) of libstdc++: k = ceil(53 / floor(log2 R)) calls x_i (minus min(), R = max() - min() + 1), (x_0 + x_1 R + ... ) / R^k in doubles, a result of 1 replaced by nextafter(1, 0) (k steps: 1 on mt19937-64, 3 on ranlux24, else 2)",
    },
    DrawInfo {
        syntax: "canonical-libcxx",
        help: "std::generate_canonical<double, 53>(e) of libc++: the same sum over the same k calls, not clamped, so 1 can come out (k steps: 1 on mt19937-64, 3 on ranlux24, else 2)",
    },
    DrawInfo {
        syntax: "normal-libstdcxx MEAN SD",
        help: "std::normal_distribution<double>(MEAN, SD)(e) of libstdc++: polar method on 2 canonical-libstdcxx - 1 pairs (x, y) until 0 < s = x^2 + y^2 <= 1, m = sqrt(-2 log(s) / s); returns y m * SD + MEAN and saves x m for the next call, which returns it with no step. The saved value is kept with the state (one distribution object; extra state words), except on mt19937, where every call is a fresh object's first; SD > 0 (variable steps: 0, or 2k or more)",
    },
    DrawInfo {
        syntax: "normal-libcxx MEAN SD",
        help: "std::normal_distribution<double>(MEAN, SD)(e) of libc++: the same polar pair over canonical-libcxx, returned the other way round: x m * SD + MEAN now, y m saved (kept as for normal-libstdcxx; fresh on mt19937); SD > 0 (variable steps: 0, or 2k or more)",
    },
];
const ENGINE_DRAWS: [DrawInfo; 9] = [
    DrawInfo {
        syntax: "next",
        help: NEXT_HELP,
    },
    LIBRARY_DRAWS[0],
    LIBRARY_DRAWS[1],
    LIBRARY_DRAWS[2],
    LIBRARY_DRAWS[3],
    LIBRARY_DRAWS[4],
    LIBRARY_DRAWS[5],
    LIBRARY_DRAWS[6],
    LIBRARY_DRAWS[7],
];

/// The bits a value of a range `0..=max` takes: `max`'s bit length.
const fn bit_length(max: u64) -> u32 {
    64 - max.leading_zeros()
}

/// The `next` bare draw of an engine, for `rngkit detect`.
trait BareNext {
    const BARE: &'static [BareDraw];
}

impl<R: CppEngine> BareNext for R {
    const BARE: &'static [BareDraw] = &[BareDraw {
        draw: "next",
        yields: Yields::Int {
            bits: bit_length(R::MAX),
            signed: false,
        },
    }];
}

/// The values of a call that libstdc++'s division method redraws for a
/// span `n` on an engine of range `r = max() - min()`: the `r + 1` values
/// less the `(n + 1) floor(r / (n + 1))` it keeps.
const fn division_redraws(range: u64, span: u64) -> u64 {
    (range + 1) - (span + 1) * (range / (span + 1))
}

/// How many calls a library draw makes on engine `R` when that is fixed
/// (or all but fixed: see the division case).
fn fixed_calls<R: CppEngine>(library: Library, a: i32, b: i32) -> Option<u64> {
    let span = (i64::from(b) - i64::from(a)) as u64;
    let range = R::MAX - R::MIN;
    match library {
        Library::Stdcxx => {
            let lemire = range == u64::MAX || range == u64::from(u32::MAX);
            if range == span {
                Some(1)
            } else if range > span && lemire && (span + 1).is_power_of_two() {
                // 2^k mod (n + 1) is 0: no low half is ever rejected.
                Some(1)
            } else if range > span && !lemire && division_redraws(range, span) <= (range + 1) >> 20
            {
                // The division method redraws a call only past the last
                // whole multiple of n + 1 within max() - min() (one less
                // than the engine's count of values, so a few values always
                // are): counted as one call when that is at most one call
                // in 2^20, as it almost always is. An observation through a
                // redrawn call then fits no state (recovery says none fits),
                // never a wrong one (every state is checked by drawing).
                Some(1)
            } else {
                None
            }
        }
        Library::Libcxx => {
            let engine_pow2 = range == u64::MAX || (range + 1).is_power_of_two();
            if span == 0 {
                Some(0)
            } else if engine_pow2
                && (span + 1).is_power_of_two()
                && bit_length(span) <= bit_length(range)
            {
                Some(1)
            } else {
                None
            }
        }
    }
}

impl<R: CppEngine + WordRng> DrawFamily<R> for CppDraws {
    type Draw = CppDraw;

    fn draws(self) -> &'static [DrawInfo] {
        if self.next {
            &ENGINE_DRAWS
        } else {
            &LIBRARY_DRAWS
        }
    }

    fn bare_draws(self) -> &'static [BareDraw] {
        if self.next {
            <R as BareNext>::BARE
        } else {
            crate::registry::raw_bare_draws(R::OUTPUT_BITS)
        }
    }

    fn parse_draw(self, name: &str, args: &[&str]) -> Result<Option<CppDraw>, DrawError> {
        let (kind, library) = match name {
            "next" if self.next => {
                if !args.is_empty() {
                    return Err(DrawError::Invalid(format!(
                        "`next` takes no arguments, found {}",
                        args.len()
                    )));
                }
                return Ok(Some(CppDraw::Next));
            }
            "uniform-int-libstdcxx" => ("int", Library::Stdcxx),
            "uniform-int-libcxx" => ("int", Library::Libcxx),
            "uniform-real-libstdcxx" => ("real", Library::Stdcxx),
            "uniform-real-libcxx" => ("real", Library::Libcxx),
            "canonical-libstdcxx" => ("canonical", Library::Stdcxx),
            "canonical-libcxx" => ("canonical", Library::Libcxx),
            "normal-libstdcxx" => ("normal", Library::Stdcxx),
            "normal-libcxx" => ("normal", Library::Libcxx),
            _ => return Ok(None),
        };
        match kind {
            "int" => parse_uniform_int(name, library, args).map(Some),
            "canonical" => {
                if !args.is_empty() {
                    return Err(DrawError::Invalid(format!(
                        "`{name}` takes no arguments (generate_canonical<double, 53>), found {}",
                        args.len()
                    )));
                }
                Ok(Some(CppDraw::Canonical(library)))
            }
            "real" => {
                let (a, b) = two_doubles(
                    name,
                    "A B",
                    "the bounds of uniform_real_distribution<double>(A, B)",
                    args,
                )?;
                if a > b || !(b - a).is_finite() {
                    return Err(DrawError::Invalid(format!(
                        "`{name} {a} {b}`: uniform_real_distribution<double>(A, B) needs A <= B and B - A at most the largest double"
                    )));
                }
                Ok(Some(CppDraw::UniformReal(library, a, b)))
            }
            _ => {
                let (mean, sd) = two_doubles(
                    name,
                    "MEAN SD",
                    "the mean and standard deviation of normal_distribution<double>(MEAN, SD)",
                    args,
                )?;
                if sd <= 0.0 {
                    return Err(DrawError::Invalid(format!(
                        "`{name} {mean} {sd}`: normal_distribution<double>(MEAN, SD) needs SD > 0"
                    )));
                }
                Ok(Some(CppDraw::Normal(library, mean, sd)))
            }
        }
    }

    #[inline]
    fn eval(self, draw: &CppDraw, rng: &mut R) -> DrawValue {
        match *draw {
            CppDraw::Next => {
                let v = rng.call();
                if R::OUTPUT_BITS == 32 {
                    DrawValue::U32(v as u32)
                } else {
                    DrawValue::U64(v)
                }
            }
            CppDraw::UniformInt(Library::Stdcxx, a, b) => {
                DrawValue::I32(uniform_int_libstdcxx(rng, a, b))
            }
            CppDraw::UniformInt(Library::Libcxx, a, b) => {
                DrawValue::I32(uniform_int_libcxx(rng, a, b))
            }
            CppDraw::UniformReal(..) | CppDraw::Canonical(_) | CppDraw::Normal(..) => {
                // One non-generic body for the seven engines; the saved
                // normal value is copied out and back around it.
                let mut saved = rng.saved_normal().map(|s| *s);
                let value = dist::real_draw(
                    draw,
                    &mut || rng.call() - R::MIN,
                    R::MAX - R::MIN,
                    canonical_calls::<R>(),
                    saved.as_mut(),
                );
                if let (Some(slot), Some(new)) = (rng.saved_normal(), saved) {
                    *slot = new;
                }
                DrawValue::F64(value.unwrap_or(f64::NAN))
            }
        }
    }

    fn steps(self, draw: &CppDraw) -> Steps {
        match *draw {
            CppDraw::Next => Steps::Fixed(1),
            CppDraw::UniformInt(library, a, b) => match fixed_calls::<R>(library, a, b) {
                Some(n) => Steps::Fixed(n),
                None => Steps::Variable,
            },
            CppDraw::UniformReal(..) | CppDraw::Canonical(_) => {
                Steps::Fixed(u64::from(canonical_calls::<R>()))
            }
            CppDraw::Normal(..) => Steps::Variable,
        }
    }

    fn known_bits(self, draw: &CppDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            // Rounded sums of several calls, and sqrt/log of them: no
            // exact bit of a call is known (a carry can cross any bit), so
            // these only check that the value can come out.
            CppDraw::Canonical(library) => {
                let v = value.as_f64()?;
                let top_ok = match library {
                    Library::Stdcxx => v < 1.0,
                    Library::Libcxx => v <= 1.0,
                };
                (v >= 0.0 && top_ok).then(Vec::new)
            }
            CppDraw::UniformReal(_, a, b) => {
                let v = value.as_f64()?;
                (v >= a.min(b) && v <= b.max(a)).then(Vec::new)
            }
            CppDraw::Normal(..) => value.as_f64()?.is_finite().then(Vec::new),
            CppDraw::Next => {
                let v = value.as_u64()?;
                if !(R::MIN..=R::MAX).contains(&v) {
                    return None;
                }
                Some(alloc::vec![KnownBits::new(
                    u64::MAX >> (64 - R::OUTPUT_BITS),
                    v
                )])
            }
            CppDraw::UniformInt(library, a, b) => {
                let v = value.as_i64()?;
                if v < i64::from(a) || v > i64::from(b) {
                    return None;
                }
                let offset = (v - i64::from(a)) as u64;
                let span = (i64::from(b) - i64::from(a)) as u64;
                let range = R::MAX - R::MIN;
                if R::MIN != 0 || fixed_calls::<R>(library, a, b) != Some(1) || span == range {
                    // Full words are revealed too, but only these simple
                    // cases are spelled out; the rest reveal nothing linear.
                    return Some(if span == range && R::MIN == 0 {
                        alloc::vec![KnownBits::new(range, offset)]
                    } else {
                        Vec::new()
                    });
                }
                let bits = bit_length(span);
                let word_bits = bit_length(range);
                Some(match library {
                    // Lemire with n = 2^bits: the value is the top bits.
                    Library::Stdcxx if range == u64::MAX || range == u64::from(u32::MAX) => {
                        let mask = (u64::MAX >> (64 - bits)) << (word_bits - bits);
                        alloc::vec![KnownBits::new(mask, offset << (word_bits - bits))]
                    }
                    // Masked low bits.
                    Library::Libcxx => alloc::vec![KnownBits::new(span, offset)],
                    Library::Stdcxx => Vec::new(),
                })
            }
        }
    }
}

/// Parses `uniform-int-LIB A B`.
fn parse_uniform_int(name: &str, library: Library, args: &[&str]) -> Result<CppDraw, DrawError> {
    let [a, b] = args else {
        return Err(DrawError::Invalid(format!(
            "`{name} A B` takes two arguments (the bounds of uniform_int_distribution<int>(A, B)), found {}",
            args.len()
        )));
    };
    let int = |text: &str| -> Result<i32, DrawError> {
        parse_int::<i32>(text).map_err(|e| {
            DrawError::Invalid(format!(
                "`{name} A B`: {e} (the bounds are C++ ints, -2147483648..=2147483647)"
            ))
        })
    };
    let (a, b) = (int(a)?, int(b)?);
    if a > b {
        return Err(DrawError::Invalid(format!(
            "`{name} {a} {b}`: uniform_int_distribution<int>(A, B) needs A <= B"
        )));
    }
    Ok(CppDraw::UniformInt(library, a, b))
}

/// Parses two finite doubles, `ARGS` naming them.
fn two_doubles(
    name: &str,
    syntax: &str,
    meaning: &str,
    args: &[&str],
) -> Result<(f64, f64), DrawError> {
    let [a, b] = args else {
        return Err(DrawError::Invalid(format!(
            "`{name} {syntax}` takes two arguments ({meaning}), found {}",
            args.len()
        )));
    };
    let double = |text: &str| -> Result<f64, DrawError> {
        parse_f64(text).map_err(|e| DrawError::Invalid(format!("`{name} {syntax}`: {e}")))
    };
    Ok((double(a)?, double(b)?))
}

/// Writes a C++ engine GEN: a [`Member`] of [`CppDraws`].
macro_rules! cpp_gen {
    ($(#[$doc:meta])* $gen:ident, $rng:ty, $new:expr, $name:literal, $aliases:expr, $summary:literal, $seed_doc:literal, $state_doc:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $gen;

        impl Member for $gen {
            type Rng = $rng;
            type Family = CppDraws;
            const FAMILY: CppDraws = CppDraws::ENGINE;
            const INFO: GenInfo = GenInfo {
                name: $name,
                aliases: $aliases,
                summary: $summary,
                seed_kind: SeedKind::U64,
                seed_doc: $seed_doc,
                state_doc: $state_doc,
                has_stream: false,
                versions: "every C++11 or later standard library (the engine is fixed by [rand.eng] and [rand.predef]; the 10000th-value checks are asserted); the uniform-int, uniform-real, canonical and normal draws verified against GCC 12's libstdc++ and LLVM 14's libc++ on x86-64 Linux (tests/runtime_cpp.rs; normal through glibc's log)",
            };

            fn seed(seed: &Seed, _: &SeedOptions) -> Result<$rng, SeedError> {
                let new: fn(u64) -> $rng = $new;
                Ok(new(seed.low_u64()))
            }
        }
    };
}

cpp_gen!(
    /// `std::minstd_rand` (LCG, multiplier 48271, modulus 2^31 - 1).
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::runtimes::cpp::MinstdRandGen;
    ///
    /// let cpp_gen = of::<MinstdRandGen>();
    /// let mut rng = cpp_gen.seed(&Seed::from(2), &Default::default()).unwrap();
    /// assert_eq!(cpp_gen.parse_draw("next", &[]).unwrap().eval(&mut rng).format(false), "96542");
    /// ```
    MinstdRandGen, MinstdRand, MinstdRand::new, "minstd-rand", &["minstd_rand"],
    "C++ std::minstd_rand (x = 48271 x mod 2^31-1)",
    "std::minstd_rand e(S): x = S mod (2^31 - 1), 1 when that is 0 (S is result_type, 64 bits on Linux)",
    "1 word of 32 bits: x, in 1..=2147483646 (the last value returned); while a normal-* value is saved, 2 more: its double's IEEE-754 bits, low half first"
);

cpp_gen!(
    /// `std::minstd_rand0` (LCG, multiplier 16807, modulus 2^31 - 1).
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::runtimes::cpp::MinstdRand0Gen;
    ///
    /// let cpp_gen = of::<MinstdRand0Gen>();
    /// let mut rng = cpp_gen.seed(&Seed::from(1), &Default::default()).unwrap();
    /// assert_eq!(cpp_gen.parse_draw("next", &[]).unwrap().eval(&mut rng).format(false), "16807");
    /// ```
    MinstdRand0Gen, MinstdRand0, MinstdRand0::new, "minstd-rand0", &["minstd_rand0"],
    "C++ std::minstd_rand0 (x = 16807 x mod 2^31-1, Park and Miller)",
    "std::minstd_rand0 e(S): x = S mod (2^31 - 1), 1 when that is 0 (S is result_type, 64 bits on Linux)",
    "1 word of 32 bits: x, in 1..=2147483646 (the last value returned); while a normal-* value is saved, 2 more: its double's IEEE-754 bits, low half first"
);

cpp_gen!(
    /// `std::mt19937_64`.
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::runtimes::cpp::Mt19937_64Gen;
    ///
    /// // The reference mt19937-64.c (init_genrand64(5489)) and every
    /// // conforming std::mt19937_64: the first output.
    /// let cpp_gen = of::<Mt19937_64Gen>();
    /// let mut rng = cpp_gen.seed(&Seed::from(5489), &Default::default()).unwrap();
    /// assert_eq!(cpp_gen.parse_draw("next", &[]).unwrap().eval(&mut rng).format(false), "14514284786278117030");
    /// ```
    Mt19937_64Gen, Mt19937_64, Mt19937_64::new, "mt19937-64", &["mt19937_64", "mt64"],
    "C++ std::mt19937_64, the 64-bit Mersenne Twister",
    "std::mt19937_64 e(S): the standard's (and mt19937-64.c's init_genrand64) initialisation of the 312 words from S",
    "313 words of 64 bits: `left` (block words not yet returned, 0..=312), then mt[0..312] (untempered); while a normal-* value is saved, 1 more: its double's IEEE-754 bits"
);

cpp_gen!(
    /// `std::ranlux24` (`discard_block_engine<ranlux24_base, 223, 23>`).
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::runtimes::cpp::Ranlux24Gen;
    ///
    /// let cpp_gen = of::<Ranlux24Gen>();
    /// let rng = cpp_gen.seed(&Seed::from(1), &Default::default()).unwrap();
    /// assert_eq!(rng.words().len(), 26);
    /// ```
    Ranlux24Gen, Ranlux24, Ranlux24::new, "ranlux24", &[],
    "C++ std::ranlux24 (subtract-with-carry 24/10/24, 23 of each 223 kept)",
    "std::ranlux24 e(S): the 24 words from LCG(40014, 0, 2147483563) seeded with S (19780503 for 0), the carry 1 when the last is 0",
    "26 words of 32 bits: n (values returned in this block, 0..=23), the carry (0 or 1), then the 24 words of 24 bits, oldest first; while a normal-* value is saved, 2 more: its double's IEEE-754 bits, low half first"
);

cpp_gen!(
    /// `std::ranlux48` (`discard_block_engine<ranlux48_base, 389, 11>`).
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::runtimes::cpp::Ranlux48Gen;
    ///
    /// let cpp_gen = of::<Ranlux48Gen>();
    /// let rng = cpp_gen.seed(&Seed::from(1), &Default::default()).unwrap();
    /// assert_eq!(rng.words().len(), 14);
    /// ```
    Ranlux48Gen, Ranlux48, Ranlux48::new, "ranlux48", &[],
    "C++ std::ranlux48 (subtract-with-carry 48/5/12, 11 of each 389 kept)",
    "std::ranlux48 e(S): the 12 words, each two values of LCG(40014, 0, 2147483563) seeded with S (19780503 for 0), low first, the carry 1 when the last is 0",
    "14 words of 64 bits: n (values returned in this block, 0..=11), the carry (0 or 1), then the 12 words of 48 bits, oldest first; while a normal-* value is saved, 1 more: its double's IEEE-754 bits"
);

cpp_gen!(
    /// `std::knuth_b` (`shuffle_order_engine<minstd_rand0, 256>`).
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::runtimes::cpp::KnuthBGen;
    ///
    /// let cpp_gen = of::<KnuthBGen>();
    /// let rng = cpp_gen.seed(&Seed::from(1), &Default::default()).unwrap();
    /// assert_eq!(rng.words().len(), 258);
    /// ```
    KnuthBGen, KnuthB, KnuthB::new, "knuth-b", &["knuth_b"],
    "C++ std::knuth_b (minstd_rand0 through a 256-entry shuffle table)",
    "std::knuth_b e(S): minstd_rand0 seeded with S fills the table V[0..256], then Y",
    "258 words of 32 bits: minstd_rand0's x, then Y, then V[0..256], each in 1..=2147483646; while a normal-* value is saved, 2 more: its double's IEEE-754 bits, low half first"
);
