//! Symbolic xorshift128+ and the elimination the recoveries share: a word
//! as linear forms over the 128 state bits ([`Forms`], stepped by
//! [`step_forms`]), equations kept in echelon form ([`Echelon`]), and the
//! back-substitution that the chain search and the meet in the middle
//! solve their rows with. The linear eras, the sum engines' bit 0 and both
//! searches build on these.

/// A 64-bit word as linear forms over the 128 state bits: bit `j` of the
/// word is the parity of `form[j] & state`, with state bit `i < 64` bit `i`
/// of `s0` and `64 + i` bit `i` of `s1`.
pub(super) type Forms = [u128; 64];

/// The forms of the initial `(s0, s1)`.
pub(super) fn unit_forms() -> (Forms, Forms) {
    (
        std::array::from_fn(|j| 1u128 << j),
        std::array::from_fn(|j| 1u128 << (64 + j)),
    )
}

/// [`xorshift128plus_step`] on forms.
pub(super) fn step_forms(s0: &Forms, s1: &Forms) -> (Forms, Forms) {
    let mut x = *s0;
    for j in (23..64).rev() {
        x[j] ^= x[j - 23];
    }
    for j in 0..64 - 17 {
        x[j] ^= x[j + 17];
    }
    for j in 0..64 {
        x[j] ^= s1[j];
        if j + 26 < 64 {
            x[j] ^= s1[j + 26];
        }
    }
    (*s1, x)
}

/// Back-substitution of an elimination whose pivot rows (by their lowest
/// bit, a state bit) carry the set of original rows they are the sum of
/// (a bitset, the same number of words each): per state bit, the set of
/// rows whose values sum to it, flat. Needs all 128 pivots. The chain
/// search and the meet in the middle both eliminate this way.
pub(super) fn back_substitute(pivots: &[Option<(u128, Vec<u64>)>]) -> Vec<u64> {
    let mut sol: Vec<Vec<u64>> = vec![Vec::new(); 128];
    for b in (0..128).rev() {
        let (row, comb) = pivots[b].as_ref().expect("rank 128");
        let mut s = comb.clone();
        let mut rest = row & !(1u128 << b);
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for (x, y) in s.iter_mut().zip(&sol[j]) {
                *x ^= y;
            }
        }
        sol[b] = s;
    }
    sol.concat()
}

/// The state whose rows take `values` (a bitset of row values), through a
/// [`back_substitute`] solution of `words` words per state bit.
pub(super) fn solve_rows(solution: &[u64], words: usize, values: &[u64]) -> u128 {
    let mut x = 0u128;
    for b in 0..128 {
        let s = &solution[b * words..(b + 1) * words];
        // The parity of a sum of words is the parity of their XOR.
        let parity = s
            .iter()
            .zip(values)
            .fold(0u64, |acc, (a, v)| acc ^ (a & v))
            .count_ones()
            & 1;
        x |= u128::from(parity) << b;
    }
    x
}

/// The state `(s0, s1)` of a 128-bit solution vector.
pub(super) fn split(x: u128) -> (u64, u64) {
    (x as u64, (x >> 64) as u64)
}

/// Linear equations over GF(2) in 128 unknowns, kept in echelon form (each
/// pivot row's lowest set bit is its pivot).
#[derive(Clone)]
pub(super) struct Echelon {
    rows: [(u128, bool); 128],
    present: u128,
}

impl Echelon {
    pub(super) fn new() -> Self {
        Echelon {
            rows: [(0, false); 128],
            present: 0,
        }
    }

    /// Adds `form · x = value`; `false` when it contradicts the others.
    pub(super) fn add(&mut self, mut form: u128, mut value: bool) -> bool {
        loop {
            let common = form & self.present;
            if common == 0 {
                break;
            }
            let (row, v) = self.rows[common.trailing_zeros() as usize];
            form ^= row;
            value ^= v;
        }
        if form == 0 {
            return !value;
        }
        self.rows[form.trailing_zeros() as usize] = (form, value);
        self.present |= 1 << form.trailing_zeros();
        true
    }

    pub(super) fn rank(&self) -> u32 {
        self.present.count_ones()
    }

    /// The solution with the free unknowns set as in `free_values` (bits
    /// at non-pivot positions).
    pub(super) fn solution(&self, free_values: u128) -> u128 {
        let mut x = free_values & !self.present;
        for b in (0..128).rev() {
            if self.present >> b & 1 == 1 {
                let (row, v) = self.rows[b];
                let parity = (row & x).count_ones() & 1 == 1;
                x |= u128::from(v ^ parity) << b;
            }
        }
        x
    }

    /// The non-pivot positions.
    pub(super) fn free(&self) -> Vec<u32> {
        (0..128).filter(|b| self.present >> b & 1 == 0).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rngkit::runtimes::javascript::xorshift128plus_step;

    #[test]
    fn symbolic_step_matches_the_generator() {
        let (mut f0, mut f1) = unit_forms();
        let (mut a, mut b) = (0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210u64);
        let x = u128::from(a) | (u128::from(b) << 64);
        for _ in 0..50 {
            (f0, f1) = step_forms(&f0, &f1);
            (a, b) = xorshift128plus_step(a, b);
            for j in 0..64 {
                assert_eq!((f0[j] & x).count_ones() & 1, (a >> j & 1) as u32);
                assert_eq!((f1[j] & x).count_ones() & 1, (b >> j & 1) as u32);
            }
        }
    }
}
