//! The two `StrictMath` functions that `java.util.Random.nextGaussian` calls,
//! with Java's exact results.
//!
//! `StrictMath.log` is specified to return the result of fdlibm 5.3's
//! `__ieee754_log` (`e_log.c`, Sun Microsystems, 1993), bit for bit; JDK 17
//! calls the C library natively and JDK 21+ runs a Java transliteration, both
//! of the same algorithm. [`log`] is written here from the algorithm that
//! `e_log.c` documents in its header comment (argument reduction to
//! `x = 2^k (1 + f)` with `1 + f` in `[sqrt(2)/2, sqrt(2))`, then
//! `log(1 + f) = f - s (f - R(s))` with `s = f / (2 + f)` and the degree-14
//! minimax polynomial `R`), with fdlibm's published constants and its exact
//! order of operations, which is what makes the rounding identical.
//! A general-purpose `log` (`libm::log`, the platform's) is correctly rounded
//! more often but not always in the same direction, so it cannot stand in.
//!
//! `StrictMath.sqrt` is IEEE 754's correctly rounded square root, which
//! [`libm::sqrt`] also is; [`sqrt`] just names it.
//!
//! ```
//! use rngkit::runtimes::fdlibm;
//!
//! assert_eq!(fdlibm::log(1.0), 0.0);
//! assert_eq!(fdlibm::log(core::f64::consts::E), 1.0);
//! assert_eq!(fdlibm::log(0.5).to_bits(), 0xbfe6_2e42_fefa_39ef); // Java 17 StrictMath.log(0.5)
//! assert_eq!(fdlibm::sqrt(2.0), core::f64::consts::SQRT_2);
//! ```

/// `ln 2` split in two: the high part has 32 trailing zero bits, so `k * LN2_HI`
/// is exact for every exponent `k`.
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000); // 6.93147180369123816490e-01
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76); // 1.90821492927058770002e-10
/// `2^54`, to scale subnormal arguments into the normal range.
const TWO54: f64 = f64::from_bits(0x4350_0000_0000_0000);
/// `1/3` rounded, for the short series used when `|f| < 2^-20`.
const ONE_THIRD: f64 = f64::from_bits(0x3fd5_5555_5555_5555);

/// The coefficients of `R(z) = Lg1 z + Lg2 z^2 + ... + Lg7 z^7` (`z = s^2`),
/// fdlibm's minimax fit of `(log(1+s) - log(1-s) - 2s) / s` on the reduced
/// range (error below `2^-58.45`).
const LG1: f64 = f64::from_bits(0x3fe5_5555_5555_5593); // 6.666666666666735130e-01
const LG2: f64 = f64::from_bits(0x3fd9_9999_9997_fa04); // 3.999999999940941908e-01
const LG3: f64 = f64::from_bits(0x3fd2_4924_9422_9359); // 2.857142874366239149e-01
const LG4: f64 = f64::from_bits(0x3fcc_71c5_1d8e_78af); // 2.222219843214978396e-01
const LG5: f64 = f64::from_bits(0x3fc7_4664_96cb_03de); // 1.818357216161805012e-01
const LG6: f64 = f64::from_bits(0x3fc3_9a09_d078_c69f); // 1.531383769920937332e-01
const LG7: f64 = f64::from_bits(0x3fc2_f112_df3e_5244); // 1.479819860511658591e-01

/// The high 32 bits of a double, as fdlibm's `__HI(x)`, signed.
#[inline]
fn high_word(x: f64) -> i32 {
    (x.to_bits() >> 32) as u32 as i32
}

/// `x` with its high 32 bits replaced.
#[inline]
fn with_high_word(x: f64, high: i32) -> f64 {
    f64::from_bits((u64::from(high as u32) << 32) | (x.to_bits() & 0xffff_ffff))
}

/// `StrictMath.log(x)`: the natural logarithm as fdlibm computes it.
///
/// Special cases as Java specifies: `log(±0) = -∞`, `log(x < 0) = NaN`,
/// `log(+∞) = +∞`, `log(NaN) = NaN`.
///
/// ```
/// use rngkit::runtimes::fdlibm::log;
///
/// assert_eq!(log(0.0), f64::NEG_INFINITY);
/// assert!(log(-1.0).is_nan());
/// assert_eq!(log(f64::INFINITY), f64::INFINITY);
/// assert_eq!(log(1e-310).to_bits(), 0xc086_4e69_394d_9508); // subnormal; Java 17 StrictMath.log
/// ```
pub fn log(x: f64) -> f64 {
    let mut x = x;
    let mut hx = high_word(x);
    let lx = x.to_bits() as u32;
    let mut k: i32 = 0;

    // Zero, negative and subnormal arguments (high word below the smallest
    // normal exponent; negative numbers have the sign bit, so are below too).
    if hx < 0x0010_0000 {
        if (hx as u32 & 0x7fff_ffff) | lx == 0 {
            return f64::NEG_INFINITY;
        }
        if hx < 0 {
            return f64::NAN;
        }
        // Subnormal: scale up by 2^54 and remember it in the exponent.
        k -= 54;
        x *= TWO54;
        hx = high_word(x);
    }
    // Infinity or NaN: x + x is +inf for +inf and a NaN for a NaN.
    if hx >= 0x7ff0_0000 {
        return x + x;
    }

    // Reduce: x = 2^k * m with m in [sqrt(2)/2, sqrt(2)). The magic 0x95f64
    // carries into bit 20 exactly when the mantissa is at least
    // sqrt(2) - 1 (0x6a09e in the top 20 mantissa bits), in which case m is
    // taken from the next binade (exponent 0x3fe instead of 0x3ff).
    k += (hx >> 20) - 1023;
    hx &= 0x000f_ffff;
    let i = (hx + 0x95f64) & 0x0010_0000;
    x = with_high_word(x, hx | (i ^ 0x3ff0_0000));
    k += i >> 20;
    let f = x - 1.0;
    let dk = f64::from(k);

    // |f| < 2^-20: two terms of the series are enough.
    if (0x000f_ffff & (2 + hx)) < 3 {
        if f == 0.0 {
            return if k == 0 {
                0.0
            } else {
                dk * LN2_HI + dk * LN2_LO
            };
        }
        let r = f * f * (0.5 - ONE_THIRD * f);
        return if k == 0 {
            f - r
        } else {
            dk * LN2_HI - ((r - dk * LN2_LO) - f)
        };
    }

    // log(1 + f) = 2s + s R(s^2), s = f / (2 + f); R's polynomial is split in
    // odd and even powers of w = z^2 as fdlibm evaluates it.
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let t1 = w * (LG2 + w * (LG4 + w * LG6));
    let t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
    let r = t2 + t1;
    // Mantissas in (0x6147a, 0x6b851) of the top 20 bits (m roughly in
    // [1.38, 1.42)) have f large enough that fdlibm uses the form with
    // hfsq = f^2 / 2 for accuracy; the rest use f - s (f - R).
    let upper = hx - 0x6147a;
    let lower = 0x6b851 - hx;
    if (upper | lower) > 0 {
        let hfsq = 0.5 * f * f;
        if k == 0 {
            f - (hfsq - s * (hfsq + r))
        } else {
            dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f)
        }
    } else if k == 0 {
        f - s * (f - r)
    } else {
        dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f)
    }
}

/// `StrictMath.sqrt(x)`: IEEE 754's correctly rounded square root.
///
/// ```
/// use rngkit::runtimes::fdlibm::sqrt;
/// assert_eq!(sqrt(9.0), 3.0);
/// assert!(sqrt(-1.0).is_nan());
/// ```
#[inline]
pub fn sqrt(x: f64) -> f64 {
    libm::sqrt(x)
}
