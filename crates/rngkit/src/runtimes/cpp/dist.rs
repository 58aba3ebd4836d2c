//! `std::uniform_int_distribution<int>` as each standard library writes
//! it: the standard fixes the distribution, not the algorithm, so GCC's
//! libstdc++ and LLVM's libc++ turn the same engine calls into different
//! integers. Both are written here from the algorithms' descriptions (the
//! headers `bits/uniform_int_dist.h` of libstdc++ 12 and
//! `__random/uniform_int_distribution.h` of libc++ 14), over any
//! [`CppEngine`], with the integer types of an x86-64 Linux build
//! (`uint_fast32_t` is 64 bits there, so every engine's `result_type`, and
//! the arithmetic it meets, is 64 bits wide).

use super::engines::CppEngine;

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
