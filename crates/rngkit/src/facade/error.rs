//! The one error of the helpers: why a draw's arguments were rejected.

use core::fmt;

/// Why a helper of [`RandomExt`](super::RandomExt) (or an [`AliasTable`](super::AliasTable))
/// rejected its arguments.
///
/// The plain helpers panic with this error's message (documented under each
/// one's `# Panics`); the `try_` helpers return it. A rejected call consumes
/// no randomness, so a `try_` that fails leaves the generator where it was.
///
/// ```
/// use rngkit::facade::{Algorithm, DrawError, RandomExt};
///
/// let mut rng = Algorithm::default().seed_from_u64(7);
/// assert_eq!(rng.try_range(5..5), Err(DrawError::EmptyRange { min: 5, max: 5 }));
/// assert_eq!(
///     rng.try_chance(1.5).unwrap_err().to_string(),
///     "probability must be in [0, 1], found 1.5"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum DrawError {
    /// A pick from an empty list (or weights for no item).
    EmptyList,
    /// An integer range that holds no value: `min >= max` for `min..max`,
    /// `min > max` for `min..=max`. The bounds are widened to `i128`.
    EmptyRange {
        /// The lower bound given.
        min: i128,
        /// The upper bound given.
        max: i128,
    },
    /// A float range with `min > max`, `min == max` for a half-open range,
    /// or a bound that is NaN or infinite. The bounds are widened to `f64`.
    InvalidFloatRange {
        /// The lower bound given.
        min: f64,
        /// The upper bound given.
        max: f64,
    },
    /// A probability outside `[0, 1]` (or NaN).
    ProbabilityOutOfRange {
        /// The probability given.
        probability: f64,
    },
    /// A weight that is negative, NaN or infinite.
    InvalidWeight {
        /// Index of the weight in the list.
        index: usize,
        /// The weight, widened to `f64`.
        weight: f64,
    },
    /// Weights that are all zero (nothing can be picked).
    ZeroTotalWeight,
    /// Items and weights of different lengths.
    LengthMismatch {
        /// Number of items.
        items: usize,
        /// Number of weights.
        weights: usize,
    },
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::EmptyList => f.write_str("cannot pick from an empty list"),
            DrawError::EmptyRange { min, max } => {
                write!(f, "empty integer range: min {min} is not below max {max}")
            }
            DrawError::InvalidFloatRange { min, max } => write!(
                f,
                "invalid float range [{min}, {max}]: bounds must be finite with min <= max \
                 (min < max for a half-open range)"
            ),
            DrawError::ProbabilityOutOfRange { probability } => {
                write!(f, "probability must be in [0, 1], found {probability}")
            }
            DrawError::InvalidWeight { index, weight } => write!(
                f,
                "weight {index} is {weight}: weights must be finite and not negative"
            ),
            DrawError::ZeroTotalWeight => {
                f.write_str("all weights are zero: at least one must be positive")
            }
            DrawError::LengthMismatch { items, weights } => write!(
                f,
                "{items} items but {weights} weights: need one weight per item"
            ),
        }
    }
}

impl core::error::Error for DrawError {}
