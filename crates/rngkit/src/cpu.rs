//! The instruction-set levels the SIMD kernels are compiled for, and the one
//! place that asks the CPU which of them it runs.
//!
//! Every kernel of the workspace with a vector build (the bulk fills of
//! [`crate::bulk`], the seed-search and recovery kernels of
//! `rngkit-analysis`, the command line's `--kernel`) is chosen by one
//! [`CpuLevel`], and every one of them learns what the CPU has from
//! [`CpuLevel::best`]: one detection, one cache, one definition of what
//! "AVX-512" means.
//!
//! The levels are nested: a CPU that runs a level runs every slower one, so
//! "supported" is a comparison with [`CpuLevel::best`], and a kernel of a
//! level may call the kernels of the slower levels.
//!
//! Detection:
//! * with the `std` feature on x86-64, at run time, the first time it is
//!   asked, then cached for the life of the process (one relaxed atomic
//!   load per later call, as cheap as `is_x86_feature_detected!`'s own
//!   cache);
//! * without `std` (no run-time detection there), from the target features
//!   the crate is compiled with (`-C target-cpu=...` or
//!   `-C target-feature=...`);
//! * on other architectures, [`CpuLevel::Scalar`] only.
//!
//! ```
//! use rngkit::cpu::CpuLevel;
//!
//! let best = CpuLevel::best();
//! assert!(best.is_supported());
//! assert_eq!(CpuLevel::available().last(), Some(&best));
//! assert_eq!(best.name().parse::<CpuLevel>(), Ok(best));
//! ```

use core::fmt;
use core::str::FromStr;

/// An instruction-set level of the SIMD kernels, slowest first (the derived
/// order is the order of speed: `Scalar < Avx2 < Avx512`).
///
/// Each level is the set of x86-64 target features its kernels may enable
/// with `#[target_feature]` ([`CpuLevel::target_features`]); a level is
/// supported when the CPU (and the operating system, which must save the
/// wider registers) has all of them. Every path gives the same results; they
/// differ only in speed.
///
/// ```
/// use rngkit::cpu::CpuLevel;
///
/// assert!(CpuLevel::Scalar < CpuLevel::Avx2 && CpuLevel::Avx2 < CpuLevel::Avx512);
/// assert_eq!(CpuLevel::Avx512.to_string(), "avx512");
/// // A level the CPU lacks is never the best one.
/// for level in CpuLevel::ALL {
///     assert_eq!(level.is_supported(), level <= CpuLevel::best());
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum CpuLevel {
    /// Portable code, no special instructions (always supported).
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    /// assert!(CpuLevel::Scalar.is_supported());
    /// assert!(CpuLevel::Scalar.target_features().is_empty());
    /// ```
    Scalar,
    /// x86-64 with AVX2 (256-bit integer vectors), which implies AVX and the
    /// SSE levels below it.
    ///
    /// The AVX2 kernels enable `avx2` and nothing else (no FMA, BMI or
    /// F16C: integer code does not need them), so the level asks for no
    /// more than that: x86-64-v3 minus the features no kernel uses.
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    /// assert_eq!(CpuLevel::Avx2.target_features(), ["avx2"]);
    /// ```
    Avx2,
    /// x86-64 with AVX-512 F, DQ, VL and BW (512-bit vectors, mask
    /// registers, the 64-bit multiplies and the byte/word forms), plus
    /// everything [`CpuLevel::Avx2`] has: the AVX-512 part of x86-64-v4
    /// (AVX-512 CD, also in v4, is used by no kernel and not required).
    ///
    /// This is the union of what the AVX-512 kernels of the workspace
    /// enable (`avx512f`; `avx512f,avx512dq`; `avx512f,avx512bw,avx512vl`;
    /// `avx512f,avx512dq,avx512vl,avx512bw`), so any of them may run on a
    /// CPU of this level. Every Intel and AMD CPU with AVX-512 F since
    /// Skylake-SP and Zen 4 has the four; the Xeon Phi (F without DQ, VL and
    /// BW) runs the AVX2 kernels.
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    /// assert!(CpuLevel::Avx512.target_features().contains(&"avx512dq"));
    /// ```
    Avx512,
}

/// The levels by index (`level as usize`), for the slices
/// [`CpuLevel::available`] returns (a `static`, so that they are `'static`).
static LEVELS: [CpuLevel; 3] = CpuLevel::ALL;

/// The fastest level the target features this crate is compiled with
/// guarantee (with `-C target-cpu=native` on an AVX-512 machine: `Avx512`).
/// Without `std` this is all there is to know; with it, a floor for the
/// run-time detection.
const COMPILED: CpuLevel = if cfg!(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    target_feature = "avx512f",
    target_feature = "avx512dq",
    target_feature = "avx512vl",
    target_feature = "avx512bw",
)) {
    CpuLevel::Avx512
} else if cfg!(all(target_arch = "x86_64", target_feature = "avx2")) {
    CpuLevel::Avx2
} else {
    CpuLevel::Scalar
};

impl CpuLevel {
    /// Every level, slowest first.
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    /// assert_eq!(CpuLevel::ALL, [CpuLevel::Scalar, CpuLevel::Avx2, CpuLevel::Avx512]);
    /// assert!(CpuLevel::ALL.is_sorted());
    /// ```
    pub const ALL: [CpuLevel; 3] = [CpuLevel::Scalar, CpuLevel::Avx2, CpuLevel::Avx512];

    /// The fastest level this CPU runs: the one detection point of the
    /// workspace (see the [module documentation](self) for how it detects).
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    ///
    /// let best = CpuLevel::best();
    /// assert!(best.is_supported());
    /// assert_eq!(CpuLevel::best(), best); // detected once, then cached
    /// ```
    #[inline]
    #[must_use]
    pub fn best() -> CpuLevel {
        detect::best()
    }

    /// Whether this CPU runs the level's kernels (every level up to
    /// [`CpuLevel::best`]).
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    /// assert!(CpuLevel::Scalar.is_supported());
    /// assert!(CpuLevel::best().is_supported());
    /// if CpuLevel::Avx512.is_supported() {
    ///     assert!(CpuLevel::Avx2.is_supported());
    /// }
    /// ```
    #[inline]
    #[must_use]
    pub fn is_supported(self) -> bool {
        self <= CpuLevel::best()
    }

    /// Every level this CPU runs, slowest first: [`CpuLevel::Scalar`] up to
    /// [`CpuLevel::best`] (for tests and benchmarks that compare them).
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    ///
    /// let levels = CpuLevel::available();
    /// assert_eq!(levels[0], CpuLevel::Scalar);
    /// assert_eq!(levels.last(), Some(&CpuLevel::best()));
    /// assert!(levels.iter().all(|level| level.is_supported()));
    /// ```
    #[inline]
    #[must_use]
    pub fn available() -> &'static [CpuLevel] {
        &LEVELS[..=CpuLevel::best() as usize]
    }

    /// The level's name: `"scalar"`, `"avx2"` or `"avx512"` (what the
    /// command line's `--kernel` takes, [`Display`](fmt::Display) prints and
    /// [`FromStr`] parses; stable).
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    /// let names: Vec<&str> = CpuLevel::ALL.iter().map(|l| l.name()).collect();
    /// assert_eq!(names, ["scalar", "avx2", "avx512"]);
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CpuLevel::Scalar => "scalar",
            CpuLevel::Avx2 => "avx2",
            CpuLevel::Avx512 => "avx512",
        }
    }

    /// The x86-64 target features (as `#[target_feature(enable = ...)]` and
    /// `is_x86_feature_detected!` spell them) that the level guarantees: a
    /// kernel of this level may enable any of them, and
    /// [`CpuLevel::best`] names the level only when the CPU has them all.
    ///
    /// ```
    /// use rngkit::cpu::CpuLevel;
    /// assert_eq!(
    ///     CpuLevel::Avx512.target_features(),
    ///     ["avx2", "avx512f", "avx512dq", "avx512vl", "avx512bw"]
    /// );
    /// ```
    #[must_use]
    pub const fn target_features(self) -> &'static [&'static str] {
        match self {
            CpuLevel::Scalar => &[],
            CpuLevel::Avx2 => &["avx2"],
            CpuLevel::Avx512 => &["avx2", "avx512f", "avx512dq", "avx512vl", "avx512bw"],
        }
    }
}

impl fmt::Display for CpuLevel {
    /// The [name](CpuLevel::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CpuLevel {
    type Err = ParseCpuLevelError;

    /// Parses a [name](CpuLevel::name), exactly (case-sensitive, as the
    /// command line).
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        CpuLevel::ALL
            .into_iter()
            .find(|level| level.name() == name)
            .ok_or(ParseCpuLevelError)
    }
}

/// The error of parsing a [`CpuLevel`] name; its message lists the valid
/// names.
///
/// ```
/// use rngkit::cpu::CpuLevel;
///
/// assert_eq!("avx2".parse::<CpuLevel>(), Ok(CpuLevel::Avx2));
/// let err = "AVX2".parse::<CpuLevel>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown CPU level; expected one of: scalar, avx2, avx512");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseCpuLevelError;

impl fmt::Display for ParseCpuLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown CPU level; expected one of: ")?;
        for (i, level) in CpuLevel::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(level.name())?;
        }
        Ok(())
    }
}

impl core::error::Error for ParseCpuLevelError {}

/// Run-time detection, cached.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
mod detect {
    use core::sync::atomic::{AtomicU8, Ordering};

    use super::{COMPILED, CpuLevel, LEVELS};

    /// `level as u8 + 1` once detected, 0 before. Threads that race on the
    /// first call each detect the same answer and store it; no ordering
    /// with other memory is needed.
    static CACHED: AtomicU8 = AtomicU8::new(0);

    #[inline]
    pub(super) fn best() -> CpuLevel {
        match CACHED.load(Ordering::Relaxed) {
            0 => {
                let level = detect();
                CACHED.store(level as u8 + 1, Ordering::Relaxed);
                level
            }
            cached => LEVELS[usize::from(cached - 1)],
        }
    }

    /// Asks the CPU, through std's `cpuid`/`xgetbv` probe (which also checks
    /// that the operating system saves the AVX and AVX-512 registers). Kept
    /// out of line: it runs once.
    #[cold]
    #[inline(never)]
    fn detect() -> CpuLevel {
        let avx2 = std::is_x86_feature_detected!("avx2");
        let avx512 = avx2
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512dq")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512bw");
        let level = if avx512 {
            CpuLevel::Avx512
        } else if avx2 {
            CpuLevel::Avx2
        } else {
            CpuLevel::Scalar
        };
        // The compiled-in features hold on every CPU the binary runs on.
        level.max(COMPILED)
    }

    #[cfg(test)]
    mod tests {
        use super::super::CpuLevel;

        /// Each level names exactly the features the detection checks (the
        /// two lists are written twice, here and in `target_features`, so
        /// they are compared).
        #[test]
        fn a_supported_level_has_its_features() {
            for level in CpuLevel::ALL {
                let all = level.target_features().iter().all(|&f| match f {
                    "avx2" => std::is_x86_feature_detected!("avx2"),
                    "avx512f" => std::is_x86_feature_detected!("avx512f"),
                    "avx512dq" => std::is_x86_feature_detected!("avx512dq"),
                    "avx512vl" => std::is_x86_feature_detected!("avx512vl"),
                    "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
                    other => panic!("feature {other} is not checked"),
                });
                assert_eq!(level.is_supported(), all, "{level}");
            }
        }
    }
}

/// No run-time detection: what the compiler was told the target has.
#[cfg(not(all(target_arch = "x86_64", feature = "std")))]
mod detect {
    use super::{COMPILED, CpuLevel};

    #[inline]
    pub(super) fn best() -> CpuLevel {
        COMPILED
    }
}

#[cfg(test)]
mod tests {
    use super::{CpuLevel, ParseCpuLevelError};

    #[test]
    fn names_round_trip() {
        for level in CpuLevel::ALL {
            assert_eq!(level.name().parse(), Ok(level));
            assert_eq!(alloc::format!("{level}"), level.name());
        }
        for bad in ["", "Scalar", "avx-512", "avx512f", " avx2"] {
            assert_eq!(bad.parse::<CpuLevel>(), Err(ParseCpuLevelError));
        }
    }

    #[test]
    fn levels_are_nested() {
        // Each level's features include the slower level's.
        for pair in CpuLevel::ALL.windows(2) {
            let (slow, fast) = (pair[0], pair[1]);
            assert!(slow < fast);
            for feature in slow.target_features() {
                assert!(fast.target_features().contains(feature), "{fast}");
            }
        }
        let available = CpuLevel::available();
        assert_eq!(available, &CpuLevel::ALL[..available.len()]);
    }
}
