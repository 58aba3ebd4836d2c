//! `std::uniform_int_distribution<int>` as each standard library writes
//! it: the standard fixes the distribution, not the algorithm, so GCC's
//! libstdc++ and LLVM's libc++ turn the same engine calls into different
//! integers. Both are written here from the algorithms' descriptions (the
//! headers `bits/uniform_int_dist.h` of libstdc++ 12 and
//! `__random/uniform_int_distribution.h` of libc++ 14), over any
//! [`CppEngine`], with the integer types of an x86-64 Linux build
//! (`uint_fast32_t` is 64 bits there, so every engine's `result_type`, and
//! the arithmetic it meets, is 64 bits wide).

use super::engines::{CppEngine, SavedNormal};

/// libstdc++'s `uniform_int_distribution<int>(a, b)(engine)`, `a <= b`.
///
/// With `r = max() - min()` the engine's range and `n = b - a`:
/// * `r > n` (downscaling): when `r` is `2^64 - 1` or `2^32 - 1`,
///   Lemire's nearly divisionless method (2019) on a double-width product
///   of a call and `n + 1` (its high half is the value; a low half below
///   `2^k mod (n + 1)` calls again); otherwise two divisions: calls
///   (minus `min()`) until one is below `(n + 1) * floor(r / (n + 1))`,
///   divided by `floor(r / (n + 1))`;
/// * `r < n` (upscaling): a high part `(r + 1) * d(0, n / (r + 1))` from a
///   recursive draw plus one call (minus `min()`), again while the sum
///   exceeds `n`;
/// * `r == n`: one call, minus `min()`.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::runtimes::cpp::uniform_int_libstdcxx;
///
/// // g++ 12: std::mt19937 e(5489); std::uniform_int_distribution<int>(1, 6)(e)
/// // gives 5 (the first output, 3499211612, times 6, over 2^32, plus 1).
/// let mut e = Mt19937::new(5489);
/// assert_eq!(uniform_int_libstdcxx(&mut e, 1, 6), 5);
/// ```
pub fn uniform_int_libstdcxx<E: CppEngine>(engine: &mut E, a: i32, b: i32) -> i32 {
    let urange = (i64::from(b) - i64::from(a)) as u64;
    let value = stdcxx_scaled(engine, urange);
    // `ret + a` in the 64-bit unsigned type, converted back to int.
    value.wrapping_add(a as i64 as u64) as u32 as i32
}

/// libstdc++'s draw of `0..=urange` (see [`uniform_int_libstdcxx`]).
fn stdcxx_scaled<E: CppEngine>(engine: &mut E, urange: u64) -> u64 {
    let urngrange = E::MAX - E::MIN;
    if urngrange > urange {
        let uerange = urange + 1;
        if urngrange == u64::MAX {
            let range = u128::from(uerange);
            let mut product = u128::from(engine.call()) * range;
            let mut low = product as u64;
            if low < uerange {
                let threshold = uerange.wrapping_neg() % uerange;
                while low < threshold {
                    product = u128::from(engine.call()) * range;
                    low = product as u64;
                }
            }
            (product >> 64) as u64
        } else if urngrange == u64::from(u32::MAX) {
            let range = uerange as u32;
            let mut product = engine.call() * u64::from(range);
            let mut low = product as u32;
            if low < range {
                let threshold = range.wrapping_neg() % range;
                while low < threshold {
                    product = engine.call() * u64::from(range);
                    low = product as u32;
                }
            }
            product >> 32
        } else {
            let scaling = urngrange / uerange;
            let past = uerange * scaling;
            loop {
                let ret = engine.call() - E::MIN;
                if ret < past {
                    break ret / scaling;
                }
            }
        }
    } else if urngrange < urange {
        let uerngrange = urngrange + 1;
        loop {
            // The high part is a draw of `int`s 0..=n/(r+1) (a recursive
            // call of the distribution with those bounds).
            let high = uniform_int_libstdcxx(engine, 0, (urange / uerngrange) as i32);
            let tmp = uerngrange.wrapping_mul(high as u32 as u64);
            let ret = tmp.wrapping_add(engine.call() - E::MIN);
            if !(ret > urange || ret < tmp) {
                break ret;
            }
        }
    } else {
        engine.call() - E::MIN
    }
}

/// libc++'s `uniform_int_distribution<int>(a, b)(engine)`, `a <= b`.
///
/// With `n = b - a + 1` (as a 32-bit unsigned; 0 for the whole range): 1
/// gives `a`; otherwise `w` is the bits of `n - 1` (`ceil(log2 n)`), and
/// a `w`-bit value from libc++'s `__independent_bits_engine` is drawn
/// until it is below `n` (for `n == 0`, one 32-bit value), plus `a`.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::runtimes::cpp::uniform_int_libcxx;
///
/// // clang++ -stdlib=libc++ (LLVM 14): std::mt19937 e(5489);
/// // std::uniform_int_distribution<int>(1, 6)(e) gives 5: the low 3 bits
/// // of 3499211612 (4) are below 6.
/// let mut e = Mt19937::new(5489);
/// assert_eq!(uniform_int_libcxx(&mut e, 1, 6), 5);
/// ```
pub fn uniform_int_libcxx<E: CppEngine>(engine: &mut E, a: i32, b: i32) -> i32 {
    let n = (b as u32).wrapping_sub(a as u32).wrapping_add(1);
    if n == 1 {
        return a;
    }
    if n == 0 {
        return independent_bits(engine, 32) as i32;
    }
    let mut w = 31 - n.leading_zeros();
    if n & (u32::MAX >> (32 - w)) != 0 {
        w += 1;
    }
    loop {
        let u = independent_bits(engine, w);
        if u < n {
            break u.wrapping_add(a as u32) as i32;
        }
    }
}

/// libc++'s `__independent_bits_engine<Engine, uint32_t>(e, w)()`: `w`
/// bits (`1..=32`) from calls of `e`, on the 64-bit working type.
///
/// The engine's range `R = max() - min() + 1` (0 when it is 2^64) gives
/// `m = floor(log2 R)` usable bits a call (64 for `R = 0`). The `w` bits
/// come in `k` parts (`ceil(w / m)`, one more when the rejection rate of
/// `w / k`-bit parts would exceed `1 / k`): the first `k0 = k - w mod k`
/// parts take `w0 = floor(w / k)` bits, the others `w0 + 1`. A part is a
/// call minus `min()`, redrawn while at or above the largest multiple of
/// `2^bits` not above `R`, masked to its low `bits` bits; the parts are
/// concatenated most significant first.
fn independent_bits<E: CppEngine>(engine: &mut E, w: u32) -> u32 {
    let rp = (E::MAX - E::MIN).wrapping_add(1);
    let m = if rp == 0 { 64 } else { 63 - rp.leading_zeros() };
    let mut n = w / m + u32::from(!w.is_multiple_of(m));
    let mut w0 = w / n;
    let multiple = |bits: u32| if bits < 64 { (rp >> bits) << bits } else { 0 };
    let mut y0 = if rp == 0 { 0 } else { multiple(w0) };
    if rp.wrapping_sub(y0) > y0 / u64::from(n) {
        n += 1;
        w0 = w / n;
        y0 = multiple(w0);
    }
    let mask0 = if w0 > 0 { u64::MAX >> (64 - w0) } else { 0 };
    if rp == 0 {
        // The engine gives 64 bits a call: one call, masked.
        return (engine.call() & mask0) as u32;
    }
    let n0 = n - w % n;
    let y1 = if w0 < 63 { multiple(w0 + 1) } else { 0 };
    let mask1 = if w0 < 63 {
        u64::MAX >> (64 - (w0 + 1))
    } else {
        u64::MAX
    };
    let mut s: u32 = 0;
    for k in 0..n {
        let (limit, bits, mask) = if k < n0 {
            (y0, w0, mask0)
        } else {
            (y1, w0 + 1, mask1)
        };
        let u = loop {
            let u = engine.call() - E::MIN;
            if u < limit {
                break u;
            }
        };
        s = if bits < 32 { s << bits } else { 0 };
        s = s.wrapping_add(u as u32 & mask as u32);
    }
    s
}

/// The engine calls of `std::generate_canonical<double, 53>` on engine
/// `E`: `k = ceil(53 / floor(log2 R))` with `R = max() - min() + 1` (2^64
/// counts as 64 bits). Both libraries agree: libc++ takes the integer
/// `floor(log2 R)`, libstdc++ `log(R) / log(2)` in `long double`, which
/// may fall just short of an exact power's exponent but gives the same
/// `k` for every engine here: 1 for `mt19937-64`, 2 for `mt19937`,
/// `ranlux48`, the minstd engines and `knuth-b` (`R = 2^31 - 2` gives 30
/// bits), 3 for `ranlux24`.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::runtimes::cpp::{canonical_calls, MinstdRand, Mt19937_64, Ranlux24};
///
/// assert_eq!(canonical_calls::<Mt19937_64>(), 1);
/// assert_eq!(canonical_calls::<Mt19937>(), 2);
/// assert_eq!(canonical_calls::<MinstdRand>(), 2);
/// assert_eq!(canonical_calls::<Ranlux24>(), 3);
/// ```
pub const fn canonical_calls<E: CppEngine>() -> u32 {
    let range = E::MAX - E::MIN;
    let log2r = if range == u64::MAX {
        64
    } else {
        63 - (range + 1).leading_zeros()
    };
    53_u32.div_ceil(log2r)
}

/// `generate_canonical<double, 53>` before libstdc++'s clamp: with `r =
/// R` as a double and calls `x_0, x_1, ...` (minus `min()`),
/// `(x_0 + x_1 r + x_2 r^2 + ...) / r^k`, summed in that order in doubles
/// (each product and sum rounded, the power `r^k` too), as both libraries
/// write it.
/// On `mt19937-64` a call of 2^64 - 2^10 or more rounds to 2^64, and the
/// quotient is 1.
fn canonical_unclamped<E: CppEngine>(engine: &mut E) -> f64 {
    canonical_of(
        &mut || engine.call() - E::MIN,
        E::MAX - E::MIN,
        canonical_calls::<E>(),
    )
}

/// [`canonical_unclamped`]'s body, once for every engine (the page's wasm
/// keeps one copy): `call` gives a call minus `min()`, `range` is `max() -
/// min()`, `k` the calls.
fn canonical_of(call: &mut dyn FnMut() -> u64, range: u64, k: u32) -> f64 {
    // `max() - min()` converted to double, plus one (libc++'s `_Rp`;
    // libstdc++'s `long double` `__r` is exact and its products round to
    // the same doubles for these ranges).
    let r = range as f64 + 1.0;
    let mut sum = call() as f64;
    let mut base = r;
    for _ in 1..k {
        sum += call() as f64 * base;
        base *= r;
    }
    sum / base
}

/// The largest double below 1, `nextafter(1.0, 0.0)`: `1 - 2^-53`.
const BELOW_ONE: f64 = 1.0 - f64::EPSILON / 2.0;

/// libstdc++'s `std::generate_canonical<double, 53>(e)`: the sum of
/// [`canonical_calls`] calls over the range's power (see
/// [`canonical_libcxx`]), and a result of 1 (a sum that rounds up to the
/// power) replaced by `nextafter(1, 0)`, so it is always below 1.
///
/// ```
/// use rngkit::runtimes::cpp::{canonical_libstdcxx, Mt19937_64};
///
/// // g++ 12: std::mt19937_64 e(5489); std::generate_canonical<double, 53>(e)
/// // is the first output 14514284786278117030 over 2^64 (rounded).
/// let mut e = Mt19937_64::new(5489);
/// assert_eq!(canonical_libstdcxx(&mut e), 14514284786278117030u64 as f64 / 18446744073709551616.0);
/// ```
pub fn canonical_libstdcxx<E: CppEngine>(engine: &mut E) -> f64 {
    clamp_below_one(canonical_unclamped(engine))
}

/// libstdc++'s last step: a canonical value of 1 becomes `nextafter(1, 0)`.
fn clamp_below_one(c: f64) -> f64 {
    if c >= 1.0 { BELOW_ONE } else { c }
}

/// libc++'s `std::generate_canonical<double, 53>(e)`: with `R = max() -
/// min() + 1` as a double and `k` = [`canonical_calls`],
/// `S = x_0 + x_1 R + ... + x_(k-1) R^(k-1)` over the calls (minus `min()`) in doubles,
/// divided by `R^k`. Unlike libstdc++ it returns 1 when `S` rounds up to
/// `R^k` (a 64-bit call of 2^64 - 2^10 or more on `mt19937-64`; two
/// 32-bit calls whose top one is `2^32 - 1` and low one high enough on
/// `mt19937`).
///
/// ```
/// use rngkit::runtimes::cpp::{canonical_libcxx, canonical_libstdcxx, MinstdRand};
///
/// // clang++ -stdlib=libc++ and g++ agree below 1: std::minstd_rand e(1)
/// // gives 48271 then 182605794, (48270 + 182605793 (2^31 - 2)) / (2^31 - 2)^2.
/// let mut a = MinstdRand::new(1);
/// let mut b = MinstdRand::new(1);
/// let expected = (48270.0 + 182605793.0 * 2147483646.0) / (2147483646.0f64 * 2147483646.0);
/// assert_eq!(canonical_libcxx(&mut a), expected);
/// assert_eq!(canonical_libstdcxx(&mut b), expected);
/// ```
pub fn canonical_libcxx<E: CppEngine>(engine: &mut E) -> f64 {
    canonical_unclamped(engine)
}

/// libstdc++'s `std::uniform_real_distribution<double>(a, b)(e)`:
/// `generate_canonical` (clamped below 1) times `b - a`, plus `a`.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::runtimes::cpp::{canonical_libstdcxx, uniform_real_libstdcxx};
///
/// let (mut a, mut b) = (Mt19937::new(5489), Mt19937::new(5489));
/// let c = canonical_libstdcxx(&mut a);
/// assert_eq!(uniform_real_libstdcxx(&mut b, -1.0, 3.0), c * 4.0 - 1.0);
/// ```
pub fn uniform_real_libstdcxx<E: CppEngine>(engine: &mut E, a: f64, b: f64) -> f64 {
    canonical_libstdcxx(engine) * (b - a) + a
}

/// libc++'s `std::uniform_real_distribution<double>(a, b)(e)`: `(b - a)`
/// times `generate_canonical` (which may be 1, so `b` itself can come
/// out), plus `a`.
///
/// ```
/// use rngkit::runtimes::cpp::{uniform_real_libcxx, Mt19937_64};
///
/// // clang++ -stdlib=libc++: std::mt19937_64 e(5489);
/// // std::uniform_real_distribution<double>(0, 10)(e).
/// let mut e = Mt19937_64::new(5489);
/// assert_eq!(uniform_real_libcxx(&mut e, 0.0, 10.0), 7.8682095486780206);
/// ```
pub fn uniform_real_libcxx<E: CppEngine>(engine: &mut E, a: f64, b: f64) -> f64 {
    (b - a) * canonical_libcxx(engine) + a
}

/// One polar-method pair of both libraries' `normal_distribution<double>`:
/// `u = 2 c - 1`, `v = 2 c - 1` from two `generate_canonical` values
/// (`canonical`: the library's), again while `s = u^2 + v^2` is above 1
/// or 0, then `f = sqrt(-2 log(s) / s)`; returns `(u f, v f)`. `log` is the
/// C library's (glibc's on Linux, as the C++ programs call it).
fn polar_pair(canonical: &mut dyn FnMut() -> f64) -> (f64, f64) {
    loop {
        let u = 2.0 * canonical() - 1.0;
        let v = 2.0 * canonical() - 1.0;
        let s = u * u + v * v;
        if !(s > 1.0 || s == 0.0) {
            let f = libm::sqrt(-2.0 * crate::cmath::log(s) / s);
            return (u * f, v * f);
        }
    }
}

/// A normal value of a library: the saved value when the engine keeps one
/// ([`CppEngine::saved_normal`]), else a new pair, of which libstdc++
/// returns the second and libc++ the first, saving the other; scaled by
/// `sd` and shifted by `mean`.
fn normal<E: CppEngine>(engine: &mut E, mean: f64, sd: f64, library_stdcxx: bool) -> f64 {
    let mut saved = engine.saved_normal().map(|s| *s);
    let z = normal_of(
        &mut || engine.call() - E::MIN,
        E::MAX - E::MIN,
        canonical_calls::<E>(),
        saved.as_mut(),
        library_stdcxx,
    );
    if let (Some(slot), Some(new)) = (engine.saved_normal(), saved) {
        *slot = new;
    }
    z * sd + mean
}

/// [`normal`]'s body, once for every engine: `call`, `range` and `k` as
/// for [`canonical_of`], `saved` the engine's saved value (`None`: it keeps
/// none). Returns the unscaled value.
fn normal_of(
    call: &mut dyn FnMut() -> u64,
    range: u64,
    k: u32,
    saved: Option<&mut SavedNormal>,
    library_stdcxx: bool,
) -> f64 {
    let mut saved = saved;
    if let Some(z) = saved.as_mut().and_then(|s| s.0.take()) {
        return z;
    }
    let (u, v) = polar_pair(&mut || {
        let c = canonical_of(call, range, k);
        if library_stdcxx {
            clamp_below_one(c)
        } else {
            c
        }
    });
    // libstdc++ returns the pair's second and saves the first; libc++
    // the other way round.
    let (now, later) = if library_stdcxx { (v, u) } else { (u, v) };
    if let Some(s) = saved {
        s.0 = Some(later);
    }
    now
}

/// The real-valued draws (`uniform-real-*`, `canonical-*`, `normal-*`) on
/// an engine given as `call` (a call minus `min()`), `range` (`max() -
/// min()`) and `k` ([`canonical_calls`]), with its saved normal value: one
/// body for every engine, which the draws' evaluation calls (the page's
/// wasm keeps one copy). `None` for the integer draws.
pub(crate) fn real_draw(
    draw: &super::CppDraw,
    call: &mut dyn FnMut() -> u64,
    range: u64,
    k: u32,
    saved: Option<&mut SavedNormal>,
) -> Option<f64> {
    use super::{CppDraw, Library};
    Some(match *draw {
        CppDraw::Canonical(Library::Stdcxx) => clamp_below_one(canonical_of(call, range, k)),
        CppDraw::Canonical(Library::Libcxx) => canonical_of(call, range, k),
        CppDraw::UniformReal(Library::Stdcxx, a, b) => {
            clamp_below_one(canonical_of(call, range, k)) * (b - a) + a
        }
        CppDraw::UniformReal(Library::Libcxx, a, b) => (b - a) * canonical_of(call, range, k) + a,
        CppDraw::Normal(library, mean, sd) => {
            normal_of(call, range, k, saved, library == Library::Stdcxx) * sd + mean
        }
        CppDraw::Next | CppDraw::UniformInt(..) => return None,
    })
}

/// libstdc++'s `std::normal_distribution<double>(mean, sd)(e)`: the polar
/// method over libstdc++'s `generate_canonical`, returning the pair's
/// **second** value (`y * mult`) and saving the first (`x * mult`) for the
/// next call, which returns it without an engine call. The saved value is
/// the engine's [`SavedNormal`](super::SavedNormal); `mt19937` keeps none, so on it every call
/// is a fresh distribution object's first.
///
/// ```
/// use rngkit::runtimes::cpp::{normal_libstdcxx, MinstdRand};
///
/// // g++ 12: std::minstd_rand e(1); std::normal_distribution<double> d;
/// // d(e), d(e), d(e) (printed with %.17g).
/// let mut e = MinstdRand::new(1);
/// assert_eq!(normal_libstdcxx(&mut e, 0.0, 1.0), -0.40747178673787671);
/// assert_eq!(normal_libstdcxx(&mut e, 0.0, 1.0), -1.2397359036589184);
/// assert_eq!(normal_libstdcxx(&mut e, 0.0, 1.0), 0.39977066170883935);
/// ```
pub fn normal_libstdcxx<E: CppEngine>(engine: &mut E, mean: f64, sd: f64) -> f64 {
    normal(engine, mean, sd, true)
}

/// libc++'s `std::normal_distribution<double>(mean, sd)(e)`: the polar
/// method over `uniform_real_distribution(-1, 1)` (libc++'s
/// `generate_canonical`, unclamped), returning the pair's **first** value
/// (`u * f`) and saving the second (`v * f`): the same pair as libstdc++
/// below 1, handed out in the other order.
///
/// ```
/// use rngkit::runtimes::cpp::{normal_libcxx, MinstdRand};
///
/// // clang++ -stdlib=libc++: std::minstd_rand e(1);
/// // std::normal_distribution<double> d; d(e), d(e), d(e).
/// let mut e = MinstdRand::new(1);
/// assert_eq!(normal_libcxx(&mut e, 0.0, 1.0), -1.2397359036589184);
/// assert_eq!(normal_libcxx(&mut e, 0.0, 1.0), -0.40747178673787671);
/// assert_eq!(normal_libcxx(&mut e, 0.0, 1.0), 1.612009433731399);
/// ```
pub fn normal_libcxx<E: CppEngine>(engine: &mut E, mean: f64, sd: f64) -> f64 {
    normal(engine, mean, sd, false)
}
