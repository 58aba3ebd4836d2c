//! Weighted picks in O(1): Vose's alias method.

use alloc::vec::Vec;

use rand_core::Rng;

use super::DrawError;
use super::ext::{RandomExt, Weight, total_weight, unit_f64};

/// A table for drawing index `i` with probability `weights[i] / sum(weights)`
/// in constant time, whatever the number of weights: build it once (O(n)),
/// then [`sample`](Self::sample) as often as needed.
///
/// Built by Vose's method (M. D. Vose, "A Linear Algorithm for Generating
/// Random Numbers with a Given Distribution", IEEE Trans. Software Eng.
/// 17(9), 1991): each of the `n` columns holds a share `p` of its own index
/// and gives the rest to one alias, so a draw is one uniform column and one
/// biased coin.
///
/// # Sampling (stable; pinned by tests)
/// `i = rng.index(n)`, then `i` if `next_f64() < probability[i]`, else
/// `alias[i]`: always one index draw and one `next_u64`.
///
/// ```
/// use rngkit::facade::{AliasTable, Algorithm};
///
/// let loot = ["common", "uncommon", "rare", "legendary"];
/// let table = AliasTable::new(&[60.0, 30.0, 9.0, 1.0]).unwrap();
/// let mut rng = Algorithm::default().seed_from_u64(99);
/// let drops: Vec<&str> = (0..5).map(|_| loot[table.sample(&mut rng)]).collect();
/// assert_eq!(drops.len(), 5);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AliasTable {
    /// Probability of keeping the column's own index.
    probability: Vec<f64>,
    /// Index given when the column's own index is not kept.
    alias: Vec<usize>,
}

impl AliasTable {
    /// Builds the table from the weights (any primitive number type).
    ///
    /// # Errors
    /// [`DrawError::EmptyList`], [`DrawError::InvalidWeight`] (negative, NaN or
    /// infinite) or [`DrawError::ZeroTotalWeight`], as the weighted picks.
    pub fn new<W: Weight>(weights: &[W]) -> Result<Self, DrawError> {
        let total = total_weight(weights)?;
        let n = weights.len();
        // Scaled so the average column holds exactly 1.
        let mut scaled: Vec<f64> = weights
            .iter()
            .map(|w| w.to_f64() * n as f64 / total)
            .collect();
        let mut probability = alloc::vec![0.0; n];
        let mut alias: Vec<usize> = (0..n).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| scaled[i] < 1.0);
        while let (Some(&less), Some(&more)) = (small.last(), large.last()) {
            small.pop();
            probability[less] = scaled[less];
            alias[less] = more;
            scaled[more] = (scaled[more] + scaled[less]) - 1.0;
            if scaled[more] < 1.0 {
                large.pop();
                small.push(more);
            }
        }
        // What is left is 1 up to rounding. A column left in `small` by
        // rounding keeps itself, unless its weight is zero: then it hands
        // everything to a positive column, so zero weights are never drawn.
        let positive = weights
            .iter()
            .position(|w| w.to_f64() > 0.0)
            .expect("the total weight is positive");
        for i in large.into_iter().chain(small) {
            if weights[i].to_f64() > 0.0 {
                probability[i] = 1.0;
            } else {
                probability[i] = 0.0;
                alias[i] = positive;
            }
        }
        Ok(AliasTable { probability, alias })
    }

    /// Number of weights (indices are `0..len()`); never 0.
    #[must_use]
    pub fn len(&self) -> usize {
        self.probability.len()
    }

    /// Always `false`: a table has at least one weight.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Draws an index with probability proportional to its weight.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> usize {
        let column = rng.index(self.probability.len());
        if unit_f64(rng) < self.probability[column] {
            column
        } else {
            self.alias[column]
        }
    }

    /// The exact probability with which [`sample`](Self::sample) returns
    /// `index`, as the table encodes it (the weights' share, up to rounding).
    ///
    /// # Panics
    /// If `index >= len()`.
    #[must_use]
    pub fn probability_of(&self, index: usize) -> f64 {
        assert!(index < self.len(), "index {index} out of 0..{}", self.len());
        let n = self.len() as f64;
        let own = self.probability[index];
        let given: f64 = (0..self.len())
            .filter(|&column| self.alias[column] == index && column != index)
            .map(|column| 1.0 - self.probability[column])
            .sum();
        (own + given) / n
    }
}
