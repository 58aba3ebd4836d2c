//! Dense matrices over GF(2) and Gaussian elimination.

use core::fmt;

use super::BitVec;

/// A dense matrix over GF(2), stored row by row, each row a run of `u64`
/// words (column `j` is bit `j % 64` of word `j / 64`).
///
/// ```
/// use rngkit_analysis::gf2::{BitMatrix, BitVec};
/// // x0 + x1 = 1, x1 = 1  =>  x0 = 0, x1 = 1
/// let mut m = BitMatrix::zeros(2, 2);
/// m.set(0, 0, true);
/// m.set(0, 1, true);
/// m.set(1, 1, true);
/// let rhs = BitVec::from_bools(&[true, true]);
/// let x = m.solve(&rhs).unwrap();
/// assert_eq!(x, BitVec::from_bools(&[false, true]));
/// assert_eq!(m.rank(), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    stride: usize,
    data: Vec<u64>,
}

impl BitMatrix {
    /// The `rows` × `cols` zero matrix.
    pub fn zeros(rows: usize, cols: usize) -> Self {
        let stride = cols.div_ceil(64);
        BitMatrix {
            rows,
            cols,
            stride,
            data: vec![0; rows * stride],
        }
    }

    /// The `n` × `n` identity.
    pub fn identity(n: usize) -> Self {
        let mut m = Self::zeros(n, n);
        for i in 0..n {
            m.set(i, i, true);
        }
        m
    }

    /// A matrix whose rows are the given vectors.
    ///
    /// # Panics
    /// If the rows differ in length from `cols`.
    pub fn from_rows(rows: &[BitVec], cols: usize) -> Self {
        let mut m = Self::zeros(rows.len(), cols);
        for (i, r) in rows.iter().enumerate() {
            assert_eq!(r.len(), cols, "row {i} has the wrong length");
            m.row_mut(i).copy_from_slice(r.words());
        }
        m
    }

    /// A matrix whose columns are the given vectors.
    ///
    /// # Panics
    /// If the columns differ in length from `rows`.
    pub fn from_columns(columns: &[BitVec], rows: usize) -> Self {
        let mut m = Self::zeros(rows, columns.len());
        for (j, c) in columns.iter().enumerate() {
            assert_eq!(c.len(), rows, "column {j} has the wrong length");
            for i in c.ones() {
                m.set(i, j, true);
            }
        }
        m
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Entry (`i`, `j`).
    ///
    /// # Panics
    /// If out of range.
    #[inline]
    pub fn get(&self, i: usize, j: usize) -> bool {
        assert!(i < self.rows && j < self.cols, "index out of range");
        (self.data[i * self.stride + j / 64] >> (j % 64)) & 1 == 1
    }

    /// Sets entry (`i`, `j`).
    ///
    /// # Panics
    /// If out of range.
    #[inline]
    pub fn set(&mut self, i: usize, j: usize, value: bool) {
        assert!(i < self.rows && j < self.cols, "index out of range");
        let w = &mut self.data[i * self.stride + j / 64];
        let mask = 1u64 << (j % 64);
        if value {
            *w |= mask;
        } else {
            *w &= !mask;
        }
    }

    /// Row `i` as words.
    pub fn row(&self, i: usize) -> &[u64] {
        &self.data[i * self.stride..(i + 1) * self.stride]
    }

    /// Row `i` as mutable words (keep bits beyond `cols` zero).
    pub fn row_mut(&mut self, i: usize) -> &mut [u64] {
        &mut self.data[i * self.stride..(i + 1) * self.stride]
    }

    /// Row `i` as a vector.
    pub fn row_vec(&self, i: usize) -> BitVec {
        BitVec::from_words(self.row(i), self.cols)
    }

    /// Adds row `src` to row `dst`.
    pub fn xor_row(&mut self, dst: usize, src: usize) {
        if dst == src {
            self.row_mut(dst).fill(0);
            return;
        }
        let s = self.stride;
        let (d, r) = if dst < src {
            let (a, b) = self.data.split_at_mut(src * s);
            (&mut a[dst * s..dst * s + s], &b[..s])
        } else {
            let (a, b) = self.data.split_at_mut(dst * s);
            (&mut b[..s], &a[src * s..src * s + s])
        };
        for (x, y) in d.iter_mut().zip(r) {
            *x ^= y;
        }
    }

    fn swap_rows(&mut self, a: usize, b: usize) {
        if a != b {
            for k in 0..self.stride {
                self.data.swap(a * self.stride + k, b * self.stride + k);
            }
        }
    }

    /// The product `self · v`.
    ///
    /// # Panics
    /// If `v.len() != self.cols()`.
    pub fn mul_vec(&self, v: &BitVec) -> BitVec {
        assert_eq!(v.len(), self.cols, "dimension mismatch");
        let mut out = BitVec::zeros(self.rows);
        for i in 0..self.rows {
            let mut acc = 0u64;
            for (a, b) in self.row(i).iter().zip(v.words()) {
                acc ^= a & b;
            }
            if acc.count_ones() & 1 == 1 {
                out.set(i, true);
            }
        }
        out
    }

    /// The product `self · other`.
    ///
    /// # Panics
    /// If `self.cols() != other.rows()`.
    pub fn mul(&self, other: &BitMatrix) -> BitMatrix {
        assert_eq!(self.cols, other.rows, "dimension mismatch");
        let mut out = BitMatrix::zeros(self.rows, other.cols);
        for i in 0..self.rows {
            let row = self.row_vec(i);
            let dst = i * out.stride;
            for k in row.ones() {
                let src = other.row(k);
                for (x, y) in out.data[dst..dst + out.stride].iter_mut().zip(src) {
                    *x ^= y;
                }
            }
        }
        out
    }

    /// The transpose.
    pub fn transpose(&self) -> BitMatrix {
        let mut out = BitMatrix::zeros(self.cols, self.rows);
        for i in 0..self.rows {
            for j in self.row_vec(i).ones() {
                out.set(j, i, true);
            }
        }
        out
    }

    /// Reduces to reduced row echelon form in place and returns the pivot
    /// column of each nonzero row, in order.
    pub fn rref(&mut self) -> Vec<usize> {
        let mut pivots = Vec::new();
        let mut r = 0;
        for c in 0..self.cols {
            if r == self.rows {
                break;
            }
            let (w, mask) = (c / 64, 1u64 << (c % 64));
            let Some(p) = (r..self.rows).find(|&i| self.data[i * self.stride + w] & mask != 0)
            else {
                continue;
            };
            self.swap_rows(r, p);
            for i in 0..self.rows {
                if i != r && self.data[i * self.stride + w] & mask != 0 {
                    self.xor_row(i, r);
                }
            }
            pivots.push(c);
            r += 1;
        }
        pivots
    }

    /// The rank.
    pub fn rank(&self) -> usize {
        self.clone().rref().len()
    }

    /// One solution `x` of `self · x = rhs` (free unknowns set to zero), or
    /// `None` when the system is inconsistent.
    ///
    /// # Panics
    /// If `rhs.len() != self.rows()`.
    pub fn solve(&self, rhs: &BitVec) -> Option<BitVec> {
        assert_eq!(rhs.len(), self.rows, "dimension mismatch");
        let mut system = LinearSystem::new(self.cols);
        for i in 0..self.rows {
            if system.add_equation(&self.row_vec(i), rhs.get(i)) == Equation::Inconsistent {
                return None;
            }
        }
        system.solution()
    }

    /// A basis of the null space `{x : self · x = 0}`.
    pub fn nullspace(&self) -> Vec<BitVec> {
        let mut m = self.clone();
        let pivots = m.rref();
        let mut is_pivot = vec![false; self.cols];
        for &p in &pivots {
            is_pivot[p] = true;
        }
        let mut basis = Vec::new();
        for free in (0..self.cols).filter(|&c| !is_pivot[c]) {
            let mut v = BitVec::zeros(self.cols);
            v.set(free, true);
            for (r, &p) in pivots.iter().enumerate() {
                if m.get(r, free) {
                    v.set(p, true);
                }
            }
            basis.push(v);
        }
        basis
    }

    /// The inverse of a square matrix, or `None` if it is singular.
    ///
    /// # Panics
    /// If the matrix is not square.
    pub fn inverse(&self) -> Option<BitMatrix> {
        assert_eq!(self.rows, self.cols, "not square");
        let n = self.rows;
        let mut aug = BitMatrix::zeros(n, 2 * n);
        for i in 0..n {
            for j in self.row_vec(i).ones() {
                aug.set(i, j, true);
            }
            aug.set(i, n + i, true);
        }
        let pivots = aug.rref();
        if pivots.len() < n || pivots[n - 1] != n - 1 {
            return None;
        }
        let mut inv = BitMatrix::zeros(n, n);
        for i in 0..n {
            for j in 0..n {
                if aug.get(i, n + j) {
                    inv.set(i, j, true);
                }
            }
        }
        Some(inv)
    }
}

impl fmt::Debug for BitMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "BitMatrix {}x{}", self.rows, self.cols)?;
        for i in 0..self.rows.min(64) {
            writeln!(f, "  {:?}", self.row_vec(i))?;
        }
        Ok(())
    }
}

/// What adding one equation did to a [`LinearSystem`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Equation {
    /// It constrained a new direction; the rank grew by one.
    Independent,
    /// It followed from the earlier equations.
    Redundant,
    /// It contradicts the earlier equations: no solution exists.
    Inconsistent,
}

/// A system of linear equations over GF(2) that grows one equation at a time
/// and stays in echelon form, for state recovery from a stream of
/// observations: each observed bit is one equation, and the state is known
/// once the rank reaches the number of unknowns.
///
/// Adding an equation costs O(rank · unknowns / 64) word operations.
///
/// ```
/// use rngkit_analysis::gf2::{BitVec, Equation, LinearSystem};
/// let mut sys = LinearSystem::new(3);
/// let eq = |bits: &[bool]| BitVec::from_bools(bits);
/// assert_eq!(sys.add_equation(&eq(&[true, true, false]), true), Equation::Independent);
/// assert_eq!(sys.add_equation(&eq(&[false, true, true]), false), Equation::Independent);
/// assert_eq!(sys.add_equation(&eq(&[true, false, true]), true), Equation::Redundant);
/// assert_eq!(sys.add_equation(&eq(&[false, false, true]), true), Equation::Independent);
/// assert!(sys.is_determined());
/// // x2 = 1, x1 = x2 = 1, x0 = 1 + x1 = 0
/// assert_eq!(sys.solution().unwrap(), eq(&[false, true, true]));
/// ```
#[derive(Clone, Debug)]
pub struct LinearSystem {
    unknowns: usize,
    /// `pivot_row[c]`: the row whose lowest set column is `c`.
    pivot_row: Vec<Option<usize>>,
    rows: Vec<(BitVec, bool)>,
    inconsistent: bool,
}

impl LinearSystem {
    /// An empty system in `unknowns` unknowns.
    pub fn new(unknowns: usize) -> Self {
        LinearSystem {
            unknowns,
            pivot_row: vec![None; unknowns],
            rows: Vec::new(),
            inconsistent: false,
        }
    }

    /// Number of unknowns.
    pub fn unknowns(&self) -> usize {
        self.unknowns
    }

    /// Number of independent equations so far.
    pub fn rank(&self) -> usize {
        self.rows.len()
    }

    /// Whether the equations pin down every unknown.
    pub fn is_determined(&self) -> bool {
        self.rows.len() == self.unknowns && !self.inconsistent
    }

    /// Whether some equation contradicted the others.
    pub fn is_inconsistent(&self) -> bool {
        self.inconsistent
    }

    /// Adds the equation `coefficients · x = rhs`.
    ///
    /// # Panics
    /// If `coefficients.len() != self.unknowns()`.
    pub fn add_equation(&mut self, coefficients: &BitVec, rhs: bool) -> Equation {
        assert_eq!(coefficients.len(), self.unknowns, "dimension mismatch");
        let mut row = coefficients.clone();
        let mut rhs = rhs;
        // Eliminate pivots in ascending order: each pivot row's lowest bit is
        // its pivot, so XORing it only touches columns at or above it.
        let mut word = 0;
        let nwords = row.words().len();
        while word < nwords {
            let w = row.words()[word];
            if w == 0 {
                word += 1;
                continue;
            }
            let c = word * 64 + w.trailing_zeros() as usize;
            match self.pivot_row[c] {
                Some(r) => {
                    let (prow, prhs) = &self.rows[r];
                    row ^= prow;
                    rhs ^= *prhs;
                }
                None => {
                    self.pivot_row[c] = Some(self.rows.len());
                    self.rows.push((row, rhs));
                    return Equation::Independent;
                }
            }
        }
        if rhs {
            self.inconsistent = true;
            Equation::Inconsistent
        } else {
            Equation::Redundant
        }
    }

    /// One solution (unconstrained unknowns set to zero), or `None` if the
    /// system is inconsistent.
    pub fn solution(&self) -> Option<BitVec> {
        if self.inconsistent {
            return None;
        }
        let mut x = BitVec::zeros(self.unknowns);
        for c in (0..self.unknowns).rev() {
            if let Some(r) = self.pivot_row[c] {
                let (row, rhs) = &self.rows[r];
                // `row` has no bits below `c`; bit `c` is x[c]'s own, zero in x.
                let value = rhs ^ row.dot(&x);
                x.set(c, value);
            }
        }
        Some(x)
    }

    /// The unknowns no equation pins down (the free columns), ascending.
    pub fn free_unknowns(&self) -> Vec<usize> {
        (0..self.unknowns)
            .filter(|&c| self.pivot_row[c].is_none())
            .collect()
    }
}
