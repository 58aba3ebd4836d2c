//! Fixed-length vectors over GF(2), 64 coordinates to a word.

use core::fmt;

/// A vector over GF(2) of a fixed length; coordinate `i` is bit `i % 64` of
/// word `i / 64`. Bits beyond the length are always zero.
///
/// ```
/// use rngkit_analysis::gf2::BitVec;
/// let mut v = BitVec::zeros(100);
/// v.set(3, true);
/// v.set(99, true);
/// let mut w = BitVec::zeros(100);
/// w.set(3, true);
/// v ^= &w;
/// assert_eq!(v.ones().collect::<Vec<_>>(), vec![99]);
/// assert_eq!(v.count_ones(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitVec {
    words: Vec<u64>,
    len: usize,
}

impl BitVec {
    /// The zero vector of `len` coordinates.
    pub fn zeros(len: usize) -> Self {
        BitVec {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    /// A vector of `len` coordinates from words, low coordinate first; bits
    /// beyond `len` are cleared and missing words are zero.
    pub fn from_words(words: &[u64], len: usize) -> Self {
        let mut v = Self::zeros(len);
        let n = v.words.len().min(words.len());
        v.words[..n].copy_from_slice(&words[..n]);
        v.clear_tail();
        v
    }

    /// A vector from booleans, coordinate `i` = `bits[i]`.
    pub fn from_bools(bits: &[bool]) -> Self {
        let mut v = Self::zeros(bits.len());
        for (i, &b) in bits.iter().enumerate() {
            v.set(i, b);
        }
        v
    }

    fn clear_tail(&mut self) {
        let rem = self.len % 64;
        if let Some(last) = self.words.last_mut().filter(|_| rem != 0) {
            *last &= (1u64 << rem) - 1;
        }
    }

    /// Number of coordinates.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the vector has no coordinates at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The backing words, low coordinates first.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Coordinate `i`.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        assert!(i < self.len, "bit index {i} out of range {}", self.len);
        (self.words[i / 64] >> (i % 64)) & 1 == 1
    }

    /// Sets coordinate `i` to `value`.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    #[inline]
    pub fn set(&mut self, i: usize, value: bool) {
        assert!(i < self.len, "bit index {i} out of range {}", self.len);
        let mask = 1u64 << (i % 64);
        if value {
            self.words[i / 64] |= mask;
        } else {
            self.words[i / 64] &= !mask;
        }
    }

    /// Flips coordinate `i`.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    #[inline]
    pub fn flip(&mut self, i: usize) {
        assert!(i < self.len, "bit index {i} out of range {}", self.len);
        self.words[i / 64] ^= 1u64 << (i % 64);
    }

    /// Whether every coordinate is zero.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Number of coordinates equal to one.
    pub fn count_ones(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The inner product over GF(2) (parity of the AND).
    ///
    /// # Panics
    /// If the lengths differ.
    pub fn dot(&self, other: &BitVec) -> bool {
        assert_eq!(self.len, other.len, "length mismatch");
        let mut acc = 0u64;
        for (a, b) in self.words.iter().zip(&other.words) {
            acc ^= a & b;
        }
        acc.count_ones() & 1 == 1
    }

    /// The indices of the coordinates equal to one, ascending.
    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            core::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(wi * 64 + b)
                }
            })
        })
    }

    /// The lowest coordinate equal to one, if any.
    pub fn first_one(&self) -> Option<usize> {
        self.words
            .iter()
            .position(|&w| w != 0)
            .map(|wi| wi * 64 + self.words[wi].trailing_zeros() as usize)
    }
}

impl core::ops::BitXorAssign<&BitVec> for BitVec {
    /// Coordinate-wise sum.
    ///
    /// # Panics
    /// If the lengths differ.
    fn bitxor_assign(&mut self, rhs: &BitVec) {
        assert_eq!(self.len, rhs.len, "length mismatch");
        for (a, b) in self.words.iter_mut().zip(&rhs.words) {
            *a ^= b;
        }
    }
}

impl fmt::Debug for BitVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitVec[{}; ", self.len)?;
        for i in 0..self.len.min(256) {
            f.write_str(if self.get(i) { "1" } else { "0" })?;
        }
        if self.len > 256 {
            f.write_str("…")?;
        }
        f.write_str("]")
    }
}
