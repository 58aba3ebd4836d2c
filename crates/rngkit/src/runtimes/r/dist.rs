//! R's `rbinom`, `rpois` and `exp_rand` over `unif_rand()` and
//! `norm_rand()` (Inversion), written from the algorithms' papers and the
//! order of operations in R 4.2.2's `src/nmath/rbinom.c`, `rpois.c` and
//! `sexp.c` (unchanged from R 4.0.0 to 4.4.1), so that every double is
//! rounded where R rounds it.
//!
//! **State between calls.** In C both functions keep `static` set-up
//! values between calls (`rbinom`'s `psave`, `nsave` and the BTPE
//! constants; `rpois`'s `muprev`, `muprev2`, `s`, `d`, `omega`, the
//! Hermite coefficients and the table `pp[]` of cumulative probabilities
//! with its length `l`). All of them are functions of the parameters
//! alone, recomputed whenever the parameters change, so they only save
//! time: the values drawn do not depend on earlier calls. The one cache
//! whose reuse changes the work done is `rpois`'s table for `mu < 10`,
//! built lazily across calls: its search starts at `min(l, m)` when the
//! uniform exceeds 0.458, which skips no answer because `P(X <= m - 1)` for
//! `m = max(1, floor(mu))` stays below 0.4558 for every `mu < 10` (its
//! largest value is at `mu = 9`), and the table's entries are the same
//! sums whether built in one call or many. So here each call is
//! self-contained; `tests/runtime_r.rs` checks this against R on streams
//! that alternate parameters.

use crate::cmath::{exp, log, pow};
use crate::rand_core::Rng;

use super::{rnorm, runif};

/// `M_1_SQRT_2PI`, `1 / sqrt(2 pi)`, with R's digits.
#[allow(clippy::excessive_precision)]
const ONE_SQRT_2PI: f64 = 0.398942280401432677939946059934;

/// The largest `size` that `rbinom` draws by BTPE or inversion: from
/// `INT_MAX` (2^31 - 1) up R switches to `qbinom(unif_rand(), ...)`, which
/// is not reproduced.
pub const MAX_RBINOM_SIZE: u32 = i32::MAX as u32 - 1;

/// The largest `lambda` the `rpois LAMBDA` draw takes: every value then
/// stays far below 2^64 (R takes any finite `lambda`).
pub const MAX_RPOIS_LAMBDA: f64 = 1e18;

/// C's `(int) x` on x86-64 (`cvttsd2si`): truncation toward zero, and
/// `INT_MIN` for NaN and values out of range (the C standard leaves those
/// undefined; R's builds on x86-64 get this).
fn c_int(x: f64) -> i32 {
    if x > -2_147_483_649.0 && x < 2_147_483_648.0 {
        x as i32
    } else {
        i32::MIN
    }
}

/// R's `R_pow_di(x, n)` for `n >= 0`: binary powering, squaring `x`.
fn pow_di(mut x: f64, mut n: u32) -> f64 {
    let mut xn = 1.0;
    while n != 0 {
        if n & 1 != 0 {
            xn *= x;
        }
        n >>= 1;
        if n != 0 {
            x *= x;
        }
    }
    xn
}

/// R's `exp_rand()`: a standard exponential by Ahrens & Dieter's 1972
/// algorithm SA ("Computer methods for sampling from the exponential and
/// normal distributions", Comm. ACM 15, 873-882): the uniform's leading
/// binary digits count whole multiples of `ln 2`, the rest is taken
/// directly (below `ln 2`) or as `ln 2` times the least of `i + 1`
/// further uniforms, `i` read from the table `q[k] = sum_{j <= k + 1}
/// (ln 2)^j / j!`. One word, or three or more.
///
/// ```
/// use rngkit::runtimes::r;
///
/// // R 4.2.2: set.seed(1); sprintf("%.17g", rexp(3)) (rexp's rate 1 is exp_rand())
/// let mut rng = r::set_seed(1);
/// assert_eq!(r::exp_rand(&mut rng), 0.75518183312834519);
/// assert_eq!(r::exp_rand(&mut rng), 1.181642779107106);
/// assert_eq!(r::exp_rand(&mut rng), 0.14570672670379281);
/// ```
pub fn exp_rand<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    // The published partial sums, as R's sexp.c lists them (16 digits;
    // the first is ln 2).
    #[allow(clippy::excessive_precision, clippy::approx_constant)]
    const Q: [f64; 16] = [
        0.6931471805599453,
        0.9333736875190459,
        0.9888777961838675,
        0.9984959252914960,
        0.9998292811061389,
        0.9999833164100727,
        0.9999985691438767,
        0.9999998906925558,
        0.9999999924734159,
        0.9999999995283275,
        0.9999999999728814,
        0.9999999999985598,
        0.9999999999999289,
        0.9999999999999968,
        0.9999999999999999,
        1.0000000000000000,
    ];
    let mut a = 0.0;
    // `unif_rand()` is never 0 or 1 (fixup), so R's guard never redraws.
    let mut u = runif(rng);
    loop {
        u += u;
        if u > 1.0 {
            break;
        }
        a += Q[0];
    }
    u -= 1.0;
    if u <= Q[0] {
        return a + u;
    }
    let mut i = 0;
    let mut umin = runif(rng);
    loop {
        let ustar = runif(rng);
        if umin > ustar {
            umin = ustar;
        }
        i += 1;
        if u <= Q[i] {
            break;
        }
    }
    a + umin * Q[0]
}

/// One value of R's `rbinom(1, size, prob)`, `size <= MAX_RBINOM_SIZE`, `prob`
/// in `[0, 1]` (the draw's parser checks both).
///
/// With `p = min(prob, 1 - prob)` and `n = size` (and `n - x` returned when
/// `prob > 0.5`): nothing is drawn for `n = 0`, `prob = 0` (0) or `prob =
/// 1` (`n`); for `n p < 30`, inversion from 0 upwards with the
/// probabilities' recurrence, a new uniform if 110 terms do not reach it;
/// from 30 on, Kachitvichyanukul & Schmeiser's BTPE ("Binomial random
/// variate generation", Comm. ACM 31 (1988) 216-222): two uniforms per
/// try (a triangle, two parallelograms, two exponential tails), accepted
/// by an explicit ratio near the mode or by squeezes and Stirling's
/// formula further out.
///
/// ```
/// use rngkit::runtimes::r;
///
/// // R 4.2.2: set.seed(1); rbinom(5, 100, 0.3) is 32 28 38 32 33 (BTPE)
/// let mut rng = r::set_seed(1);
/// let v: Vec<u32> = (0..5).map(|_| r::rbinom(&mut rng, 100, 0.3)).collect();
/// assert_eq!(v, [32, 28, 38, 32, 33]);
/// // set.seed(1); rbinom(5, 10, 0.3) is 2 2 3 5 2 (inversion)
/// let mut rng = r::set_seed(1);
/// let v: Vec<u32> = (0..5).map(|_| r::rbinom(&mut rng, 10, 0.3)).collect();
/// assert_eq!(v, [2, 2, 3, 5, 2]);
/// ```
pub fn rbinom<R: Rng + ?Sized>(rng: &mut R, size: u32, prob: f64) -> u32 {
    debug_assert!(size <= MAX_RBINOM_SIZE && (0.0..=1.0).contains(&prob));
    if size == 0 || prob == 0.0 {
        return 0;
    }
    if prob == 1.0 {
        return size;
    }
    let n = size as i32;
    // fmin2(pp, 1 - pp)
    let p = if prob < 1.0 - prob { prob } else { 1.0 - prob };
    let q = 1.0 - p;
    let np = f64::from(n) * p;
    let r = p / q;
    let g = r * f64::from(n + 1);
    let ix = if np < 30.0 {
        binom_inversion(rng, pow_di(q, size), g, r)
    } else {
        btpe(rng, n, p, q, np, g, r)
    };
    let ix = if prob > 0.5 { n - ix } else { ix };
    ix as u32
}

/// `rbinom`'s inversion for `n p < 30`: from `f = q^n` at 0, subtract
/// each probability from `u` until `u < f`; after 110 terms, a new `u`.
fn binom_inversion<R: Rng + ?Sized>(rng: &mut R, qn: f64, g: f64, r: f64) -> i32 {
    loop {
        let mut ix = 0;
        let mut f = qn;
        let mut u = runif(rng);
        loop {
            if u < f {
                return ix;
            }
            if ix > 110 {
                break;
            }
            u -= f;
            ix += 1;
            f *= g / f64::from(ix) - r;
        }
    }
}

/// Stirling's correction series term `(13860 - (462 - (132 - (99 - 140 /
/// y2) / y2) / y2) / y2) / y / 166320`, as R nests it.
fn stirling(y: f64, y2: f64) -> f64 {
    (13860.0 - (462.0 - (132.0 - (99.0 - 140.0 / y2) / y2) / y2) / y2) / y / 166320.0
}

/// BTPE for `n p >= 30` (`p <= 1/2`).
fn btpe<R: Rng + ?Sized>(rng: &mut R, n: i32, p: f64, q: f64, np: f64, g: f64, r: f64) -> i32 {
    // Set-up (R caches these while (n, prob) repeat).
    let ffm = np + p;
    let m = c_int(ffm);
    let fm = f64::from(m);
    let npq = np * q;
    let p1 = f64::from(c_int(2.195 * libm::sqrt(npq) - 4.6 * q)) + 0.5;
    let xm = fm + 0.5;
    let xl = xm - p1;
    let xr = xm + p1;
    let c = 0.134 + 20.5 / (15.3 + fm);
    let al = (ffm - xl) / (ffm - xl * p);
    let xll = al * (1.0 + 0.5 * al);
    let al = (xr - ffm) / (xr * q);
    let xlr = al * (1.0 + 0.5 * al);
    let p2 = p1 * (1.0 + c + c);
    let p3 = p2 + c / xll;
    let p4 = p3 + c / xlr;
    loop {
        let u = runif(rng) * p4;
        let mut v = runif(rng);
        if u <= p1 {
            // The triangle: accepted at once.
            return c_int(xm - p1 * v + u);
        }
        let ix;
        if u <= p2 {
            // The parallelograms.
            let x = xl + (u - p1) / c;
            v = v * c + 1.0 - (xm - x).abs() / p1;
            if v > 1.0 || v <= 0.0 {
                continue;
            }
            ix = c_int(x);
        } else if u > p3 {
            // The right exponential tail.
            ix = c_int(xr - log(v) / xlr);
            if ix > n {
                continue;
            }
            v = v * (u - p3) * xlr;
        } else {
            // The left exponential tail.
            ix = c_int(xl + log(v) / xll);
            if ix < 0 {
                continue;
            }
            v = v * (u - p2) * xll;
        }
        // C's abs(ix - m) on ints: both lie in 0..=n here, except for
        // c_int's INT_MIN, where the wrapping is C's on x86-64.
        let k = ix.wrapping_sub(m).wrapping_abs();
        let kf = f64::from(k);
        if k <= 20 || kf >= npq / 2.0 - 1.0 {
            // The ratio f(ix) / f(m), term by term.
            let mut f = 1.0;
            if m < ix {
                for i in m + 1..=ix {
                    f *= g / f64::from(i) - r;
                }
            } else if m != ix {
                for i in ix + 1..=m {
                    f /= g / f64::from(i) - r;
                }
            }
            if v <= f {
                return ix;
            }
        } else {
            // Squeezes on log f(ix) / f(m), then Stirling's formula.
            let amaxp = (kf / npq) * ((kf * (kf / 3.0 + 0.625) + 0.1666666666666) / npq + 0.5);
            // `-k * k` is an int product in C: it wraps for k above 46340.
            let ynorm = f64::from(k.wrapping_neg().wrapping_mul(k)) / (2.0 * npq);
            let alv = log(v);
            if alv < ynorm - amaxp {
                return ix;
            }
            if alv <= ynorm + amaxp {
                let x1 = f64::from(ix + 1);
                let f1 = fm + 1.0;
                let z = f64::from(n + 1) - fm;
                let w = f64::from(n - ix) + 1.0;
                let bound = xm * log(f1 / x1)
                    + (f64::from(n - m) + 0.5) * log(z / w)
                    + f64::from(ix - m) * log(w * p / (x1 * q))
                    + stirling(f1, f1 * f1)
                    + stirling(z, z * z)
                    + stirling(x1, x1 * x1)
                    + stirling(w, w * w);
                if alv <= bound {
                    return ix;
                }
            }
        }
    }
}

/// `(0..=9)!`, `rpois`'s factorial table.
const FACT: [f64; 10] = [
    1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0,
];

/// One value of R's `rpois(1, lambda)`, `0 <= lambda <= MAX_RPOIS_LAMBDA` (the
/// draw's parser checks it).
///
/// Nothing is drawn for `lambda = 0`. Below 10, inversion over the
/// cumulative probabilities `P(X <= k)`, `k <= 35` (a new uniform beyond);
/// from 10 on, Ahrens & Dieter's algorithm PD ("Computer generation of
/// Poisson deviates from modified normal distributions", ACM TOMS 8
/// (1982) 163-179): a normal deviate `floor(lambda + sqrt(lambda)
/// norm_rand())` accepted at once above `floor(lambda - 1.1484)`, else by
/// a squeeze (one uniform) or a quotient test, and otherwise samples from
/// a Laplace hat (`exp_rand()` and a uniform per try).
///
/// ```
/// use rngkit::runtimes::r;
///
/// // R 4.2.2: set.seed(1); rpois(5, 4) is 3 3 4 7 2 (the table)
/// let mut rng = r::set_seed(1);
/// let v: Vec<u64> = (0..5).map(|_| r::rpois(&mut rng, 4.0)).collect();
/// assert_eq!(v, [3, 3, 4, 7, 2]);
/// // set.seed(1); rpois(5, 100) is 93 113 112 104 84 (normal and hat)
/// let mut rng = r::set_seed(1);
/// let v: Vec<u64> = (0..5).map(|_| r::rpois(&mut rng, 100.0)).collect();
/// assert_eq!(v, [93, 113, 112, 104, 84]);
/// ```
pub fn rpois<R: Rng + ?Sized>(rng: &mut R, mu: f64) -> u64 {
    debug_assert!((0.0..=MAX_RPOIS_LAMBDA).contains(&mu));
    if mu <= 0.0 {
        return 0;
    }
    if mu < 10.0 {
        return pois_table(rng, mu);
    }
    pois_normal(rng, mu) as u64
}

/// `rpois` for `0 < mu < 10`: the first `k` with `u <= P(X <= k)`, the
/// sums built as R builds `pp[]` (`p *= mu / k; q += p`).
fn pois_table<R: Rng + ?Sized>(rng: &mut R, mu: f64) -> u64 {
    let p0 = exp(-mu);
    loop {
        let u = runif(rng);
        if u <= p0 {
            return 0;
        }
        let (mut p, mut q) = (p0, p0);
        for k in 1..=35u32 {
            p *= mu / f64::from(k);
            q += p;
            if u <= q {
                return u64::from(k);
            }
        }
    }
}

/// `rpois` for `mu >= 10` (algorithm PD), as a whole double.
fn pois_normal<R: Rng + ?Sized>(rng: &mut R, mu: f64) -> f64 {
    const A: [f64; 8] = [
        -0.5, 0.3333333, -0.2500068, 0.2000118, -0.1661269, 0.1421878, -0.1384794, 0.1250060,
    ];
    // R's digits for 1/7, 1/12 and 1/24.
    #[allow(clippy::excessive_precision)]
    const ONE_7: f64 = 0.1428571428571428571;
    #[allow(clippy::excessive_precision)]
    const ONE_12: f64 = 0.0833333333333333333;
    #[allow(clippy::excessive_precision)]
    const ONE_24: f64 = 0.0416666666666666667;

    let s = libm::sqrt(mu);
    let d = 6.0 * mu * mu;
    let big_l = libm::floor(mu - 1.1484);

    // Step N: a normal sample; Steps I and S accept most.
    let g = mu + s * rnorm(rng);
    let mut pois = -1.0;
    let mut fk = 0.0;
    let mut difmuk = 0.0;
    let mut u = 0.0;
    if g >= 0.0 {
        pois = libm::floor(g);
        if pois >= big_l {
            return pois;
        }
        fk = pois;
        difmuk = mu - fk;
        u = runif(rng);
        if d * u >= difmuk * difmuk * difmuk {
            return pois;
        }
    }

    // Step P: the hat's constants (Hermite approximation coefficients).
    let omega = ONE_SQRT_2PI / s;
    let b1 = ONE_24 / mu;
    let b2 = 0.3 * b1 * b1;
    let c3 = ONE_7 * b1 * b2;
    let c2 = b2 - 15.0 * c3;
    let c1 = b1 - 6.0 * b2 + 45.0 * c3;
    let c0 = 1.0 - b1 + 3.0 * b2 - 15.0 * c3;
    let c = 0.1069 / mu;

    // Step F ("subroutine" F): log p_k's pieces and the hat's at `pois`.
    let f_step = |pois: f64, fk: f64, difmuk: f64| {
        let (px, py) = if pois < 10.0 {
            (-mu, pow(mu, pois) / FACT[pois as usize])
        } else {
            let del = ONE_12 / fk;
            let del = del * (1.0 - 4.8 * del * del);
            let v = difmuk / fk;
            let px = if v.abs() <= 0.25 {
                // ((a7 v + a6) v + ...) v + a0, a multiply then an add at
                // each step (the fold's first step, 0 v + a7, is a7).
                let poly = A.iter().rev().fold(0.0, |acc, &a| acc * v + a);
                fk * v * v * poly - del
            } else {
                fk * log(1.0 + v) - difmuk - del
            };
            (px, ONE_SQRT_2PI / libm::sqrt(fk))
        };
        let x = (0.5 - difmuk) / s;
        let x = x * x;
        let fx = -0.5 * x;
        let fy = omega * (((c3 * x + c2) * x + c1) * x + c0);
        (px, py, fx, fy)
    };

    if g >= 0.0 {
        // Step Q: the quotient test for the normal sample.
        let (px, py, fx, fy) = f_step(pois, fk, difmuk);
        if fy - u * fy <= py * exp(px - fx) {
            return pois;
        }
    }
    loop {
        // Step E: a sample from the Laplace hat; Step H accepts it.
        let e = exp_rand(rng);
        let u = 2.0 * runif(rng) - 1.0;
        // fsign(E, u): |E| with u's sign.
        let t = 1.8 + if u >= 0.0 { e } else { -e };
        if t > -0.6744 {
            let pois = libm::floor(mu + s * t);
            let fk = pois;
            let difmuk = mu - fk;
            let (px, py, fx, fy) = f_step(pois, fk, difmuk);
            if c * u.abs() <= py * exp(px + e) - fy * exp(fx + e) {
                return pois;
            }
        }
    }
}
