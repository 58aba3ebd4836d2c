//! The analysis of Lua's generators: `lua54` is xoshiro256** (its jumps,
//! distance and linear view are [`super::xoshiro256ss`]'s; only its notes
//! are here), and `luajit`'s Tausworthe generator, whose jumps, bounded
//! distance and linear view are here.
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

impl Distance for LuaJitRandom {
    const HAS_FAST_METHOD: bool = false;

    fn distance_to(&self, _to: &Self) -> Result<u128, DistanceError> {
        Err(DistanceError::NeedsBound {
            generator: "luajit",
        })
    }

    /// Steps until the significant bits agree (the low bits a state was
    /// given with are never read).
    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        let target = live(to);
        let mut cur = self.clone();
        let mut n = 0u128;
        loop {
            if live(&cur) == target {
                return Ok(n);
            }
            if n == max {
                return Err(DistanceError::NotWithin { max });
            }
            cur.next_word();
            n += 1;
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
        }
        // A whole period returns to the same words.
        let mut full = start.clone();
        full.next_word();
        let after_one = full.clone();
        assert!(full.jump_big(&luajit_period()));
        assert_eq!(full, after_one);
    }
}
