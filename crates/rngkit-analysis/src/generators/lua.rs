//! The analysis of Lua's generators: `lua54` is xoshiro256** (its jumps,
//! distance and linear view are [`super::xoshiro256ss`]'s; only its notes
//! are here), and `luajit`'s Tausworthe generator, whose jumps, distance
//! (a discrete logarithm per component) and linear view are here.
//!
//! LuaJIT's four components are linear maps over GF(2) on their top `k`
//! bits (63, 58, 55, 47), each of order dividing `2^k - 1` (checked by a
//! test), and the word a step leaves depends only on those top bits. So a
//! jump of `n >= 1` steps moves each component's top bits by `n - 1` steps
//! with a `k x k` bit matrix power, then takes one real step, which also
//! writes the low bits exactly as `n` real steps would.

use std::sync::OnceLock;

use rngkit::WordRng;
use rngkit::number::BigInt;
use rngkit::runtimes::lua::LuaJitRandom;

use crate::{Distance, DistanceError, Jump};

/// The components' significant bits (LuaJIT's `k`).
const K: [u32; 4] = [63, 58, 55, 47];

/// A square bit matrix of at most 64 rows: `rows[i]` bit `j` is entry
/// `(i, j)`; it maps a column vector `v` to `sum_j entry(i, j) v_j`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BitMatrix64 {
    rows: [u64; 64],
    n: usize,
}

impl BitMatrix64 {
    fn identity(n: usize) -> Self {
        let mut rows = [0u64; 64];
        for (i, r) in rows.iter_mut().enumerate().take(n) {
            *r = 1 << i;
        }
        BitMatrix64 { rows, n }
    }

    fn apply(&self, v: u64) -> u64 {
        let mut out = 0;
        for i in 0..self.n {
            out |= u64::from((self.rows[i] & v).count_ones() & 1) << i;
        }
        out
    }

    fn mul(&self, other: &Self) -> Self {
        // (A B) row i = sum over j in row i of A: B's row j.
        let mut rows = [0u64; 64];
        for (i, out) in rows.iter_mut().enumerate().take(self.n) {
            let mut a = self.rows[i];
            while a != 0 {
                let j = a.trailing_zeros() as usize;
                *out ^= other.rows[j];
                a &= a - 1;
            }
        }
        BitMatrix64 { rows, n: self.n }
    }

    fn pow(&self, mut e: u64) -> Self {
        let mut result = Self::identity(self.n);
        let mut base = *self;
        while e != 0 {
            if e & 1 == 1 {
                result = result.mul(&base);
            }
            base = base.mul(&base);
            e >>= 1;
        }
        result
    }
}

/// One step of component `i` alone, on a whole word.
fn component_step(i: usize, z: u64) -> u64 {
    if z >> (64 - K[i]) == 0 {
        // All significant bits zero: the step gives zero.
        return 0;
    }
    let mut words = [0u64; 4];
    words[i] = z;
    // The components are independent: stepping a state with only this word
    // set moves only this word.
    let mut rng = LuaJitRandom::from_state(words).expect("significant bits set");
    rng.next_word();
    rng.state()[i]
}

/// Each component's one-step matrix on its top `k` bits (cached).
fn step_matrices() -> &'static [BitMatrix64; 4] {
    static M: OnceLock<[BitMatrix64; 4]> = OnceLock::new();
    M.get_or_init(|| {
        core::array::from_fn(|i| {
            let k = K[i] as usize;
            let mut rows = [0u64; 64];
            for b in 0..k {
                let out = component_step(i, 1 << (64 - k + b)) >> (64 - k);
                for (r, row) in rows.iter_mut().enumerate().take(k) {
                    if out >> r & 1 == 1 {
                        *row |= 1 << b;
                    }
                }
            }
            BitMatrix64 { rows, n: k }
        })
    })
}

/// Component `i`'s period bound `2^k - 1`.
fn component_period(i: usize) -> u64 {
    (1u64 << K[i]) - 1
}

/// Moves component `i` by `e >= 1` steps (`e` at most its period).
fn jump_component(words: &mut [u64; 4], i: usize, e: u64) {
    let k = K[i];
    let top = words[i] >> (64 - k);
    let moved = step_matrices()[i].pow(e - 1).apply(top);
    words[i] = component_step(i, moved << (64 - k));
}

/// Moves every component by `n >= 1` steps, given `n` modulo each period.
fn jump_by_residues(rng: &mut LuaJitRandom, residues: [u64; 4]) {
    let mut words = rng.state();
    for (i, &r) in residues.iter().enumerate() {
        // n >= 1 with n = r mod P: move by the representative in 1..=P.
        let e = if r == 0 { component_period(i) } else { r };
        jump_component(&mut words, i, e);
    }
    *rng = LuaJitRandom::from_state(words).expect("a jump keeps the significant bits nonzero");
}

impl Jump for LuaJitRandom {
    fn jump(&mut self, n: u128) {
        if n <= 16 {
            for _ in 0..n {
                self.next_word();
            }
            return;
        }
        jump_by_residues(
            self,
            core::array::from_fn(|i| (n % u128::from(component_period(i))) as u64),
        );
    }

    /// Lands on the earlier state with its low bits as the step before it
    /// left them (the low bits are never read, so every state that a step
    /// produced is recovered exactly).
    fn jump_back(&mut self, n: u128) {
        if n == 0 {
            return;
        }
        let residues = core::array::from_fn(|i| {
            let p = u128::from(component_period(i));
            ((p - n % p) % p) as u64
        });
        jump_by_residues(self, residues);
    }

    fn jump_big(&mut self, n: &BigInt) -> bool {
        if let Some(n) = n.magnitude_u128() {
            self.jump(n);
            return true;
        }
        let residues = core::array::from_fn(|i| {
            n.magnitude_rem(&BigInt::from(u128::from(component_period(i))))
                .low_u64()
        });
        jump_by_residues(self, residues);
        true
    }
}

/// The significant bits of each word: the part of the state later steps read.
fn live(rng: &LuaJitRandom) -> [u64; 4] {
    let w = rng.state();
    core::array::from_fn(|i| w[i] >> (64 - K[i]))
}

/// The prime factors of `2^k - 1` with their exponents, per component
/// (checked against `2^k - 1` by a test): what Pohlig-Hellman needs.
const FACTORS: [&[(u64, u32)]; 4] = [
    &[
        (7, 2),
        (73, 1),
        (127, 1),
        (337, 1),
        (92_737, 1),
        (649_657, 1),
    ],
    &[
        (3, 1),
        (59, 1),
        (233, 1),
        (1_103, 1),
        (2_089, 1),
        (3_033_169, 1),
    ],
    &[
        (23, 1),
        (31, 1),
        (89, 1),
        (881, 1),
        (3_191, 1),
        (201_961, 1),
    ],
    &[(2_351, 1), (4_513, 1), (13_264_529, 1)],
];

/// `n` with `m^n t = target`, modulo the order `2^k - 1` of `m` (primitive:
/// every nonzero vector's orbit is all of them), by Pohlig-Hellman with a
/// baby-step giant-step search in each prime-power subgroup; `None` when
/// none leads there.
fn component_log(i: usize, t: u64, target: u64) -> Option<u64> {
    let m = &step_matrices()[i];
    let order = component_period(i);
    // The field element behind the target: the matrix X = M^n of F2[M]
    // with X t = target (t is a cyclic vector, M's polynomial being
    // primitive). Pohlig-Hellman needs X^(N/q), a power of the element,
    // which a power of M applied to the target vector would not give.
    let x_matrix = element_of(m, K[i] as usize, t, target)?;
    let mut x = 0u128;
    let mut modulus = 1u128;
    for &(p, e) in FACTORS[i] {
        let q = p.pow(e);
        let a = m.pow(order / q);
        let goal = x_matrix.pow(order / q).apply(t);
        let r = bsgs(&a, q, t, goal)?;
        // Chinese remainders: x = r (mod q) on top of x (mod modulus).
        let inv = mod_inverse(modulus % u128::from(q), u128::from(q));
        let diff = (u128::from(r) + u128::from(q) - x % u128::from(q)) % u128::from(q);
        x += modulus * (diff * inv % u128::from(q));
        modulus *= u128::from(q);
    }
    Some(x as u64)
}

/// The matrix `sum c_j M^j` (`j < n`) that maps `t` to `target`: the
/// coefficients solve `sum c_j M^j t = target` by Gaussian elimination.
fn element_of(m: &BitMatrix64, n: usize, t: u64, target: u64) -> Option<BitMatrix64> {
    // Columns M^j t; row r of the system holds bit r of each column.
    let mut powers = Vec::with_capacity(n);
    let mut p = BitMatrix64::identity(n);
    let mut rows = vec![0u64; n];
    for j in 0..n {
        let col = p.apply(t);
        for (r, row) in rows.iter_mut().enumerate() {
            if col >> r & 1 == 1 {
                *row |= 1 << j;
            }
        }
        powers.push(p);
        p = p.mul(m);
    }
    let mut rhs: Vec<bool> = (0..n).map(|r| target >> r & 1 == 1).collect();
    // Reduce to the identity (the system is square and regular).
    for col in 0..n {
        let pivot = (col..n).find(|&r| rows[r] >> col & 1 == 1)?;
        rows.swap(col, pivot);
        rhs.swap(col, pivot);
        for r in 0..n {
            if r != col && rows[r] >> col & 1 == 1 {
                rows[r] ^= rows[col];
                rhs[r] ^= rhs[col];
            }
        }
    }
    let mut x = BitMatrix64 { rows: [0; 64], n };
    for (j, power) in powers.iter().enumerate() {
        if rhs[j] {
            for r in 0..n {
                x.rows[r] ^= power.rows[r];
            }
        }
    }
    Some(x)
}

/// `x < q` with `a^x u = goal`, where `a^q` is the identity.
fn bsgs(a: &BitMatrix64, q: u64, u: u64, goal: u64) -> Option<u64> {
    let steps = (q as f64).sqrt() as u64 + 1;
    // A sorted table rather than a hash map: a few thousand entries, and
    // no hash map code in the page's wasm for it.
    let mut baby: Vec<(u64, u64)> = Vec::with_capacity(steps as usize);
    let mut v = u;
    for j in 0..steps {
        baby.push((v, j));
        v = a.apply(v);
    }
    baby.sort_unstable();
    // a^(-steps) = a^(q - steps mod q).
    let giant = a.pow((q - steps % q) % q);
    let mut y = goal;
    for g in 0..=steps {
        let at = baby.partition_point(|&(w, _)| w < y);
        if let Some(&(w, j)) = baby.get(at)
            && w == y
        {
            let x = (g * steps + j) % q;
            if a.pow(x).apply(u) == goal {
                return Some(x);
            }
        }
        y = giant.apply(y);
    }
    None
}

/// `a^-1 mod m` for coprime `a`, `m` (extended Euclid).
fn mod_inverse(a: u128, m: u128) -> u128 {
    if m == 1 {
        return 0;
    }
    let (mut r0, mut r1) = (a as i128, m as i128);
    let (mut s0, mut s1) = (1i128, 0i128);
    while r1 != 0 {
        let k = r0 / r1;
        (r0, r1) = (r1, r0 - k * r1);
        (s0, s1) = (s1, s0 - k * s1);
    }
    s0.rem_euclid(m as i128) as u128
}

/// `a mod m` for a nonnegative `a`.
fn rem_u64(a: &BigInt, m: u64) -> u64 {
    a.magnitude_rem(&BigInt::from(u128::from(m))).low_u64()
}

impl Distance for LuaJitRandom {
    const HAS_FAST_METHOD: bool = true;

    /// A discrete logarithm per component (Pohlig-Hellman: the largest
    /// prime of the four `2^k - 1` is 13,264,529), joined by Chinese
    /// remainders. Only the significant bits count (the low bits a state
    /// was given with are never read).
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        let (from, target) = (live(self), live(to));
        let mut x = BigInt::from(0u128);
        let mut modulus = BigInt::from(1u128);
        for i in 0..4 {
            let n = match (from[i], target[i]) {
                (0, 0) => continue,
                (0, _) | (_, 0) => {
                    return Err(DistanceError::Unreachable(
                        "a component with all significant bits zero stays zero",
                    ));
                }
                (a, b) => component_log(i, a, b).ok_or(DistanceError::Unreachable(
                    "no number of steps leads from one state to the other",
                ))?,
            };
            // x += modulus * ((n - x) * modulus^-1 mod p), p = 2^k - 1.
            let p = component_period(i);
            let inv = mod_inverse(u128::from(rem_u64(&modulus, p)), u128::from(p));
            let diff = (u128::from(n) + u128::from(p) - u128::from(rem_u64(&x, p))) % u128::from(p);
            let t = (diff * inv % u128::from(p)) as u64;
            x = add_big(&x, &mul_big(&modulus, t));
            modulus = mul_big(&modulus, p);
        }
        x.magnitude_u128()
            .ok_or(DistanceError::BeyondRange { limit: u128::MAX })
    }

    /// The exact method, with a check against `max`.
    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        match self.distance_to(to) {
            Ok(n) if n <= max => Ok(n),
            Ok(_) | Err(DistanceError::BeyondRange { .. }) => Err(DistanceError::NotWithin { max }),
            Err(e) => Err(e),
        }
    }
}

/// The period: the product of the four `2^k - 1` (pairwise coprime, as
/// the `k` are), about 2^223.
///
/// ```
/// use rngkit_analysis::generators::lua::luajit_period;
/// assert_eq!(luajit_period().bit_len(), 223);
/// ```
pub fn luajit_period() -> BigInt {
    let mut p = BigInt::from(1u128);
    for k in K {
        let m = (1u64 << k) - 1;
        p = mul_big(&p, m);
    }
    p
}

/// `a * m` for a nonnegative `a` and `m < 2^64`.
fn mul_big(a: &BigInt, m: u64) -> BigInt {
    let lo = (m & 0xffff_ffff) as u32;
    let hi = (m >> 32) as u32;
    // a * m = (a * hi) * 2^32 + a * lo
    let a_hi = a.mul_add_small(hi, 0);
    let shifted = a_hi.mul_add_small(1 << 16, 0).mul_add_small(1 << 16, 0);
    let a_lo = a.mul_add_small(lo, 0);
    add_big(&shifted, &a_lo)
}

/// `a + b` for nonnegative values, through their limbs.
fn add_big(a: &BigInt, b: &BigInt) -> BigInt {
    let (x, y) = (a.limbs(), b.limbs());
    let mut out = Vec::with_capacity(x.len().max(y.len()) + 1);
    let mut carry = 0u64;
    for i in 0..x.len().max(y.len()) {
        let s = u64::from(*x.get(i).unwrap_or(&0)) + u64::from(*y.get(i).unwrap_or(&0)) + carry;
        out.push(s as u32);
        carry = s >> 32;
    }
    out.push(carry as u32);
    BigInt::from_limbs(false, &out)
}

/// The raw word is the xor of the four new words: linear in the state, and
/// `random` reveals its low 52 bits. The low bits of each state word are
/// never read again; the linear recovery fixes them to zero.
impl crate::recover::linear::LinearView for LuaJitRandom {}

/// `recover` for `lua54`: linear over GF(2) through the xoshiro256** view,
/// completing outputs that miss a few low bits by guessing them
/// ([`guess_low_bits`](crate::recover::linear::guess_low_bits)); `random`
/// doubles alone answer with the draws that show whole outputs.
///
/// # Errors
/// Never; the signature is the catalogue's.
pub fn recover_lua54(
    observations: &[crate::observe::Observation],
    _: &crate::recover::RecoverOptions,
) -> Result<crate::recover::Recovered, crate::recover::RecoverError> {
    Ok(crate::recover::linear::guess_low_bits::<
        rngkit::runtimes::lua::Lua54Gen,
    >(
        observations,
        "`random 0` values (the whole output as a signed integer)",
    ))
}

/// What `recover` and `seed-search` do for `lua54`.
///
/// ```
/// let lua = rngkit_analysis::registry::find("lua54").unwrap();
/// assert!(lua.notes().recover.contains("random 0"));
/// ```
pub const NOTES_LUA54: crate::notes::Notes = crate::notes::Notes {
    recover: "Linear recovery over GF(2) through the xoshiro256** view: only whole 64-bit \
              outputs are linear in the state (the `**` scrambler inverts), so four \
              `random 0` values (the whole output as a signed integer), or `random M N` \
              spanning all 64 bits, give the state; `random` doubles reveal the top 53 bits \
              of a scrambled output, which are not linear, and leave recovery to a seed search.",
    recover_examples: &[],
    search: "The generic kernel over 64-bit integer seeds: `math.randomseed(S)` sets the \
             words S, 0xff, 0, 0 and discards 16 outputs, so each seed costs 17 steps.",
    search_examples: &[],
    examples: &[],
};

/// What `recover` and `seed-search` do for `luajit`.
///
/// ```
/// let jit = rngkit_analysis::registry::find("luajit").unwrap();
/// assert!(jit.notes().recover.contains("52 bits"));
/// ```
pub const NOTES_LUAJIT: crate::notes::Notes = crate::notes::Notes {
    recover: "Linear recovery over GF(2): the generator is four Tausworthe components whose \
              step output is the xor of the new words, and each `random` double reveals that \
              xor's low 52 bits, so five consecutive values (260 bits for the 223 significant \
              state bits) usually pin the state, in any order and with gaps (`skip N`); \
              `random M` and `random M N` reveal the top bits of the 52 their interval fixes. \
              The recovered words have their never-read low bits zero.",
    recover_examples: &[],
    search: "The generic kernel over integer seeds (S converted to a double, as \
             `math.randomseed(S)` does with an integer): each seed costs four \
             multiply-adds and 11 steps.",
    search_examples: &[],
    examples: &[],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_component_has_order_dividing_its_period() {
        for (i, m) in step_matrices().iter().enumerate() {
            let n = K[i] as usize;
            assert_eq!(
                m.pow(component_period(i)),
                BitMatrix64::identity(n),
                "component {i}"
            );
            assert_ne!(*m, BitMatrix64::identity(n));
        }
    }

    #[test]
    fn factors_multiply_to_each_period_and_the_steps_are_primitive() {
        for (i, m) in step_matrices().iter().enumerate() {
            let product: u64 = FACTORS[i].iter().map(|&(p, e)| p.pow(e)).product();
            assert_eq!(product, component_period(i), "component {i}");
            // Order exactly 2^k - 1: no M^(N/p) is the identity.
            for &(p, _) in FACTORS[i] {
                assert_ne!(
                    m.pow(component_period(i) / p),
                    BitMatrix64::identity(K[i] as usize),
                    "component {i}, p = {p}"
                );
            }
        }
    }

    #[test]
    fn distance_inverts_jumps() {
        let start = LuaJitRandom::randomseed(-3.5);
        for n in [
            0u128,
            1,
            5,
            1_000_003,
            1 << 70,
            (1 << 127) + 12345,
            u128::MAX,
        ] {
            let mut to = start.clone();
            to.jump(n);
            assert_eq!(start.distance_to(&to), Ok(n), "n = {n}");
        }
        // Beyond 2^128 - 1.
        let mut far = start.clone();
        assert!(far.jump_big(&mul_big(&BigInt::from(u128::MAX), 3)));
        assert_eq!(
            start.distance_to(&far),
            Err(DistanceError::BeyondRange { limit: u128::MAX })
        );
    }

    #[test]
    fn jumps_agree_with_steps() {
        let start = LuaJitRandom::randomseed(7.0);
        for n in [0u128, 1, 2, 16, 17, 18, 100, 1000, 4321] {
            let mut stepped = start.clone();
            for _ in 0..n {
                stepped.next_word();
            }
            let mut jumped = start.clone();
            jumped.jump(n);
            assert_eq!(jumped, stepped, "n = {n}");
            if n > 0 {
                // Back to a state a step produced: exact.
                let mut back = stepped.clone();
                back.jump_back(n - 1);
                let mut one = start.clone();
                one.next_word();
                assert_eq!(back, one, "back {n}");
            }
            assert_eq!(start.distance_within(&stepped, 5000), Ok(n));
            assert_eq!(start.distance_to(&stepped), Ok(n));
        }
        // A whole period returns to the same words.
        let mut full = start.clone();
        full.next_word();
        let after_one = full.clone();
        assert!(full.jump_big(&luajit_period()));
        assert_eq!(full, after_one);
    }
}
