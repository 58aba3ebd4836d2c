//! Marsaglia's 32-bit xorshift (13, 17, 5): the core of
//! `Unity.Mathematics.Random`.

use alloc::vec::Vec;

use super::{impl_rng_u32, impl_serde_via};
use crate::state::words_u32;
use crate::{StateError, StateWords};

/// Marsaglia's xorshift32 with shifts 13, 17, 5, in the form
/// `Unity.Mathematics.Random` uses it: one step returns the *old* state and
/// moves to `x ^= x << 13; x ^= x >> 17; x ^= x << 5`.
///
/// The state is one non-zero `u32` (period 2^32 - 1). Engine seeding rules
/// (`new Random(seed)` steps once and rejects 0) live in
/// the Unity.Mathematics engine profile.
///
/// No [`rand_core::SeedableRng`]: every 32-bit seed but 0 is a valid state and
/// there is no honest way to map 0.
///
/// ```
/// use rngkit::generators::Xorshift32;
/// use rngkit::rand_core::Rng;
///
/// let mut rng = Xorshift32::from_state(1).unwrap();
/// assert_eq!(rng.next_u32(), 1); // the old state
/// assert_eq!(rng.state(), 270369); // 1 ^ 1<<13 = 8193; ^ 0; ^ 8193<<5
/// assert!(Xorshift32::from_state(0).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xorshift32 {
    state: u32,
}

impl Xorshift32 {
    /// Builds the generator from its state word.
    ///
    /// # Errors
    /// [`StateError::AllZero`] for 0, the fixed point of the map.
    pub const fn from_state(state: u32) -> Result<Self, StateError> {
        if state == 0 {
            Err(StateError::AllZero {
                generator: "xorshift32",
            })
        } else {
            Ok(Xorshift32 { state })
        }
    }

    /// The state word (the value the next step returns).
    pub const fn state(&self) -> u32 {
        self.state
    }

    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        let old = self.state;
        let mut x = old;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.state = x;
        old
    }
}

impl_rng_u32!(Xorshift32);
impl_serde_via!(Xorshift32, u32);

impl StateWords for Xorshift32 {
    const NAME: &'static str = "xorshift32";
    const WORD_BITS: u32 = 32;
    const WORD_COUNT: usize = 1;

    fn to_words(&self) -> Vec<u64> {
        alloc::vec![u64::from(self.state)]
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let [w] = words_u32::<1>(Self::NAME, words)?;
        Self::from_state(w)
    }
}

crate::generators::impl_scalar_bulk!(Xorshift32, u32);

crate::bulk::inherent_fill!(
    Xorshift32,
    fill_u32,
    u32,
    next_u32,
    "Xorshift32::from_state(1).unwrap()"
);
