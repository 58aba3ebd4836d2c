//! Lattice recovery of a truncated linear congruential generator modulo a
//! power of two: every state `s` in `0..2^bits` with
//! `((mult_i * s + add_i) mod 2^m_i)` in `low_i..=high_i` for each
//! constraint `i` (the method of Frieze, Håstad, Kannan, Lagarias and
//! Shamir, and of LattiCG for `java.util.Random`).
//!
//! The vectors `(s, mult_1 s + k_1 2^m_1, ..., mult_n s + k_n 2^m_n)` form a
//! lattice; the constraints ask for its points inside a box. Each
//! coordinate is scaled so that the box is (nearly) a cube, the basis is
//! reduced with LLL ([`lll`], exact `i128` basis, floating-point
//! Gram–Schmidt), and the points inside the ball around the cube are
//! enumerated (Fincke–Pohst); each point inside the box gives one `s`,
//! checked exactly against every constraint (the ones left out of the
//! lattice too).
//!
//! ```
//! use rngkit_analysis::recover::lattice::{Interval, solve};
//!
//! // A 48-bit LCG whose states' top 8 bits are seen for 8 steps.
//! let (a, c, mask) = (0x5_deec_e66du64, 0xbu64, (1u64 << 48) - 1);
//! let secret = 0x1234_5678_9abcu64;
//! let (mut mult, mut add) = (1u64, 0u64);
//! let mut constraints = Vec::new();
//! for _ in 0..8 {
//!     mult = mult.wrapping_mul(a) & mask;
//!     add = (add.wrapping_mul(a) + c) & mask;
//!     let top = (secret.wrapping_mul(mult).wrapping_add(add) & mask) >> 40;
//!     constraints.push(Interval { mult, add, modulus_bits: 48, low: top << 40, high: (top << 40) | ((1 << 40) - 1) });
//! }
//! let found = solve(48, &constraints, 1 << 22, 1 << 16).unwrap();
//! assert!(found.contains(&secret));
//! ```

use std::fmt;

/// One constraint: `((mult * s + add) mod 2^modulus_bits)` lies in
/// `low..=high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    /// The multiplier (reduced modulo `2^modulus_bits` here).
    pub mult: u64,
    /// The addend.
    pub add: u64,
    /// The modulus is `2^modulus_bits`, at most the state's bits.
    pub modulus_bits: u32,
    /// The smallest allowed value.
    pub low: u64,
    /// The largest allowed value.
    pub high: u64,
}

impl Interval {
    /// `2^modulus_bits - 1`.
    fn mask(&self) -> u64 {
        if self.modulus_bits >= 64 {
            u64::MAX
        } else {
            (1u64 << self.modulus_bits) - 1
        }
    }

    /// Whether `s` satisfies it.
    pub fn holds(&self, s: u64) -> bool {
        let v = self.mult.wrapping_mul(s).wrapping_add(self.add) & self.mask();
        (self.low..=self.high).contains(&v)
    }

    /// The bits of information: `modulus_bits - log2(width)`.
    pub fn information(&self) -> f64 {
        let width = (self.high - self.low) as f64 + 1.0;
        f64::from(self.modulus_bits) - width.log2()
    }
}

/// Why the lattice search gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LatticeError {
    /// The enumeration visited more nodes than allowed: the constraints
    /// are too weak (too many states fit, or the box is too loose).
    TooManyNodes {
        /// The expected number of solutions, log2.
        expected_log2: i32,
    },
    /// More solutions than allowed.
    TooManySolutions,
    /// An intermediate value left `i128` (should not happen for 48-bit
    /// states).
    Overflow,
}

impl fmt::Display for LatticeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LatticeError::TooManyNodes { expected_log2 } => write!(
                f,
                "the observations are too weak for the lattice (about 2^{expected_log2} states fit)"
            ),
            LatticeError::TooManySolutions => f.write_str("too many states fit to list them"),
            LatticeError::Overflow => f.write_str("lattice arithmetic overflowed"),
        }
    }
}

impl std::error::Error for LatticeError {}

/// The largest lattice dimension used (further constraints only filter).
pub const MAX_DIMENSION: usize = 18;

/// Information the lattice aims for, in bits beyond the state's.
const SURPLUS_BITS: f64 = 14.0;

/// Every `s < 2^state_bits` meeting all `constraints`, sorted.
///
/// `node_limit` bounds the enumeration, `max_solutions` the answer.
///
/// # Errors
/// [`LatticeError`] when a bound is hit.
pub fn solve(
    state_bits: u32,
    constraints: &[Interval],
    node_limit: u64,
    max_solutions: usize,
) -> Result<Vec<u64>, LatticeError> {
    let state_mask = if state_bits >= 64 {
        u64::MAX
    } else {
        (1u64 << state_bits) - 1
    };
    let all: Vec<Interval> = constraints
        .iter()
        .map(|c| {
            let mut c = *c;
            c.mult &= c.mask();
            c.add &= c.mask();
            c
        })
        .collect();
    let total_information: f64 = all.iter().map(Interval::information).sum();
    // The most informative constraints go into the lattice.
    let mut order: Vec<usize> = (0..all.len())
        .filter(|&i| all[i].information() > 0.0)
        .collect();
    order.sort_by(|&a, &b| {
        all[b]
            .information()
            .partial_cmp(&all[a].information())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut chosen = Vec::new();
    let mut information = 0.0;
    for &i in &order {
        if chosen.len() >= MAX_DIMENSION - 1 || information >= f64::from(state_bits) + SURPLUS_BITS
        {
            break;
        }
        information += all[i].information();
        chosen.push(all[i]);
    }
    let expected_log2 = (f64::from(state_bits) - total_information).max(0.0).ceil() as i32;

    let dim = chosen.len() + 1;
    let full = 2f64.powi(state_bits as i32);
    // Scales (powers of two near 2^bits / width, at most 2^40).
    let scales: Vec<i128> = std::iter::once(1i128)
        .chain(chosen.iter().map(|c| {
            let width = (c.high - c.low) as f64 + 1.0;
            let e = (full / width).log2().round().clamp(0.0, 40.0) as u32;
            1i128 << e
        }))
        .collect();
    let mut basis = vec![vec![0i128; dim]; dim];
    basis[0][0] = 1;
    for (i, c) in chosen.iter().enumerate() {
        basis[0][i + 1] = i128::from(c.mult) * scales[i + 1];
        basis[i + 1][i + 1] = (1i128 << c.modulus_bits) * scales[i + 1];
    }
    // The box, scaled: coordinate 0 is s itself.
    let mut low = vec![0i128; dim];
    let mut high = vec![0i128; dim];
    high[0] = i128::from(state_mask);
    for (i, c) in chosen.iter().enumerate() {
        low[i + 1] = (i128::from(c.low) - i128::from(c.add)) * scales[i + 1];
        high[i + 1] = (i128::from(c.high) - i128::from(c.add)) * scales[i + 1];
    }
    lll(&mut basis, 0.99)?;

    let center: Vec<f64> = (0..dim)
        .map(|i| (low[i] as f64 + high[i] as f64) / 2.0)
        .collect();
    let radius2: f64 = (0..dim)
        .map(|i| {
            let h = (high[i] as f64 - low[i] as f64) / 2.0 + 1.0;
            h * h
        })
        .sum::<f64>()
        * (1.0 + 1e-6);

    let mut found = Vec::new();
    let mut nodes = 0u64;
    let mut error = None;
    let completed = enumerate(&basis, &center, radius2, |x| {
        nodes += 1;
        if nodes > node_limit {
            error = Some(LatticeError::TooManyNodes { expected_log2 });
            return false;
        }
        let Some(x) = x else { return true };
        // The exact point.
        let mut v = vec![0i128; dim];
        for (row, &xi) in basis.iter().zip(x) {
            if xi == 0 {
                continue;
            }
            for (vj, &bj) in v.iter_mut().zip(row) {
                match xi.checked_mul(bj).and_then(|p| vj.checked_add(p)) {
                    Some(sum) => *vj = sum,
                    None => return true, // far outside the box
                }
            }
        }
        let inside = (0..dim).all(|i| (low[i]..=high[i]).contains(&v[i]));
        if inside {
            let s = v[0] as u64;
            if all.iter().all(|c| c.holds(s)) {
                found.push(s);
                if found.len() > max_solutions {
                    error = Some(LatticeError::TooManySolutions);
                    return false;
                }
            }
        }
        true
    });
    if let Some(e) = error {
        return Err(e);
    }
    if !completed {
        return Err(LatticeError::TooManyNodes { expected_log2 });
    }
    found.sort_unstable();
    found.dedup();
    Ok(found)
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn to_f64(row: &[i128]) -> Vec<f64> {
    row.iter().map(|&v| v as f64).collect()
}

/// LLL-reduces the rows of `basis` in place (exact integer rows,
/// Schnorr–Euchner floating-point Gram–Schmidt, `delta` the Lovász
/// constant).
///
/// ```
/// use rngkit_analysis::recover::lattice::lll;
/// let mut b = vec![vec![1i128, 1, 1], vec![-1, 0, 2], vec![3, 5, 6]];
/// lll(&mut b, 0.99).unwrap();
/// // The reduced basis of this textbook example has short vectors.
/// assert!(b.iter().all(|r| r.iter().map(|x| x * x).sum::<i128>() <= 9));
/// ```
///
/// # Errors
/// [`LatticeError::Overflow`] when a row leaves `i128`.
// Gram–Schmidt recurrences read best with their textbook indices.
#[allow(clippy::needless_range_loop)]
pub fn lll(basis: &mut [Vec<i128>], delta: f64) -> Result<(), LatticeError> {
    let n = basis.len();
    if n < 2 {
        return Ok(());
    }
    let mut bf: Vec<Vec<f64>> = basis.iter().map(|r| to_f64(r)).collect();
    let mut mu = vec![vec![0f64; n]; n];
    let mut r = vec![vec![0f64; n]; n];
    let mut bn = vec![0f64; n];
    let compute_row =
        |k: usize, bf: &[Vec<f64>], mu: &mut [Vec<f64>], r: &mut [Vec<f64>], bn: &mut [f64]| {
            for j in 0..k {
                let mut v = dot(&bf[k], &bf[j]);
                for i in 0..j {
                    v -= mu[j][i] * r[k][i];
                }
                r[k][j] = v;
                mu[k][j] = if bn[j] > 0.0 { v / bn[j] } else { 0.0 };
            }
            let mut v = dot(&bf[k], &bf[k]);
            for j in 0..k {
                v -= mu[k][j] * r[k][j];
            }
            bn[k] = v.max(0.0);
        };
    compute_row(0, &bf, &mut mu, &mut r, &mut bn);
    let mut k = 1;
    let mut stages = 0u64;
    while k < n {
        stages += 1;
        if stages > 1_000_000 {
            break; // a good-enough basis; enumeration stays exact
        }
        // Size reduction, repeated while large multiples were removed.
        for _ in 0..64 {
            compute_row(k, &bf, &mut mu, &mut r, &mut bn);
            let mut biggest = 0f64;
            for j in (0..k).rev() {
                let q = mu[k][j].round();
                if q == 0.0 {
                    continue;
                }
                biggest = biggest.max(q.abs());
                if q.abs() >= 1e30 {
                    return Err(LatticeError::Overflow);
                }
                let qi = q as i128;
                let (lo, hi) = basis.split_at_mut(k);
                for (x, &y) in hi[0].iter_mut().zip(&lo[j]) {
                    *x = qi
                        .checked_mul(y)
                        .and_then(|p| x.checked_sub(p))
                        .ok_or(LatticeError::Overflow)?;
                }
                for i in 0..j {
                    mu[k][i] -= q * mu[j][i];
                }
                mu[k][j] -= q;
            }
            bf[k] = to_f64(&basis[k]);
            if biggest < 1e6 {
                break;
            }
        }
        compute_row(k, &bf, &mut mu, &mut r, &mut bn);
        if bn[k] >= (delta - mu[k][k - 1] * mu[k][k - 1]) * bn[k - 1] {
            k += 1;
        } else {
            basis.swap(k, k - 1);
            bf.swap(k, k - 1);
            k = (k - 1).max(1);
            if k == 1 {
                compute_row(0, &bf, &mut mu, &mut r, &mut bn);
            } else {
                compute_row(k - 1, &bf, &mut mu, &mut r, &mut bn);
            }
        }
    }
    Ok(())
}

/// Calls `visit(Some(x))` for every integer vector `x` with
/// `|x B - center|^2 <= radius2` (plus numerical slack), and `visit(None)`
/// for each inner node; stops when `visit` returns false. Returns whether
/// the enumeration ran to the end.
fn enumerate(
    basis: &[Vec<i128>],
    center: &[f64],
    radius2: f64,
    mut visit: impl FnMut(Option<&[i128]>) -> bool,
) -> bool {
    let n = basis.len();
    // Gram–Schmidt of the reduced basis, explicitly.
    let bf: Vec<Vec<f64>> = basis.iter().map(|r| to_f64(r)).collect();
    let mut star: Vec<Vec<f64>> = Vec::with_capacity(n);
    let mut bn = vec![0f64; n];
    let mut mu = vec![vec![0f64; n]; n];
    for i in 0..n {
        let mut v = bf[i].clone();
        for j in 0..i {
            mu[i][j] = dot(&bf[i], &star[j]) / bn[j];
            for (x, y) in v.iter_mut().zip(&star[j]) {
                *x -= mu[i][j] * y;
            }
        }
        bn[i] = dot(&v, &v);
        star.push(v);
    }
    let t: Vec<f64> = (0..n).map(|j| dot(center, &star[j]) / bn[j]).collect();
    let mut x = vec![0i128; n];
    // Depth-first, from the last Gram–Schmidt vector down.
    #[allow(clippy::too_many_arguments)]
    fn go(
        level: usize,
        partial: f64,
        x: &mut Vec<i128>,
        t: &[f64],
        mu: &[Vec<f64>],
        bn: &[f64],
        radius2: f64,
        visit: &mut dyn FnMut(Option<&[i128]>) -> bool,
    ) -> bool {
        let n = x.len();
        let mut c = t[level];
        for k in level + 1..n {
            c -= x[k] as f64 * mu[k][level];
        }
        let room = radius2 - partial;
        if room < 0.0 {
            return true;
        }
        let r = (room / bn[level]).sqrt() * (1.0 + 1e-9) + 1e-9;
        let (from, to) = ((c - r).ceil(), (c + r).floor());
        if !(from.is_finite() && to.is_finite()) || to - from > 1e12 {
            return false;
        }
        let mut xi = from;
        while xi <= to {
            x[level] = xi as i128;
            let d = xi - c;
            let p = partial + d * d * bn[level];
            let keep = if level == 0 {
                visit(Some(x))
            } else {
                visit(None) && go(level - 1, p, x, t, mu, bn, radius2, visit)
            };
            if !keep {
                return false;
            }
            xi += 1.0;
        }
        true
    }
    go(n - 1, 0.0, &mut x, &t, &mu, &bn, radius2, &mut visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: u64 = 0x5_deec_e66d;
    const C: u64 = 0xb;
    const MASK: u64 = (1 << 48) - 1;

    fn top_bits(secret: u64, steps: usize, bits: u32) -> Vec<Interval> {
        top_bits_mod(secret, steps, 48, |_| bits)
    }

    /// The top `bits(i)` bits of the LCG's step `i + 1` from `secret`, modulo
    /// `2^modulus_bits`, as intervals.
    fn top_bits_mod(
        secret: u64,
        steps: usize,
        modulus_bits: u32,
        bits: impl Fn(usize) -> u32,
    ) -> Vec<Interval> {
        let mask = (1u64 << modulus_bits) - 1;
        let (mut mult, mut add) = (1u64, 0u64);
        (0..steps)
            .map(|i| {
                mult = mult.wrapping_mul(A) & mask;
                add = (add.wrapping_mul(A) + C) & mask;
                let shift = modulus_bits - bits(i);
                let top = (secret.wrapping_mul(mult).wrapping_add(add) & mask) >> shift;
                Interval {
                    mult,
                    add,
                    modulus_bits,
                    low: top << shift,
                    high: (top << shift) | ((1 << shift) - 1),
                }
            })
            .collect()
    }

    #[test]
    fn recovers_from_top_bits() {
        let mut s = 0x0123_4567_89abu64;
        for _ in 0..20 {
            let found = solve(48, &top_bits(s, 16, 4), 1 << 24, 1 << 10).unwrap();
            assert!(found.contains(&s), "{s:#x}: {found:x?}");
            s = s.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(1) & MASK;
        }
    }

    #[test]
    fn underdetermined_lists_every_state() {
        // A 24-bit LCG, the top 3 bits of 6 steps (18 bits): about 2^6
        // states fit. The lattice must list exactly those that brute force
        // over all 2^24 states finds.
        let mask = (1u64 << 24) - 1;
        for secret in [0x12_3456u64, 0xab_cdef, 0x00_0001, 0xff_fffe] {
            let cons = top_bits_mod(secret, 6, 24, |i| 3 + (i % 2) as u32);
            let brute: Vec<u64> = (0..=mask)
                .filter(|&x| cons.iter().all(|c| c.holds(x)))
                .collect();
            let found = solve(24, &cons, 1 << 26, 1 << 16).unwrap();
            assert!(brute.contains(&secret));
            assert_eq!(found, brute, "secret {secret:#x}");
        }
    }
}
