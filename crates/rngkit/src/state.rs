//! "State is words": one conversion between a generator and the plain words of
//! its state, in the order of the CLI contract's `--state` table.
//!
//! The CLI parser, serde and the analysis crate all go through
//! [`StateWords`], so the validation rules live in one place per generator.

use alloc::vec::Vec;

use crate::StateError;

/// A generator whose complete state is a fixed list of plain words.
///
/// Words are carried as `u64` whatever the generator's word width; a 32-bit
/// generator rejects a word above `u32::MAX` with
/// [`StateError::WordTooWide`].
///
/// ```
/// use rngkit::generators::Pcg32;
/// use rngkit::StateWords;
///
/// let rng = Pcg32::new(42, 54);
/// let words = rng.to_words();
/// assert_eq!(words, [0x185706b82c2e03f8, 0x000000000000006d]);
/// assert_eq!(Pcg32::from_words(&words).unwrap(), rng);
/// assert!(Pcg32::from_words(&[1, 2]).is_err()); // even increment
/// ```
pub trait StateWords: Sized {
    /// The generator's name as the CLI spells it (the algorithm, not an engine profile).
    const NAME: &'static str;
    /// Width of each state word in bits: 32 or 64.
    const WORD_BITS: u32;
    /// Number of words in the state.
    const WORD_COUNT: usize;
    /// The bits of the state an observer has to learn to know it: the
    /// words' bits by default, fewer where some of them are fixed or are a
    /// position rather than a secret (MT19937 keeps 19 937 free bits in its
    /// 624 words and `left`; PCG32's increment is the stream, which is
    /// given). The information bound of a recovery is this over the bits
    /// each observed value reveals.
    ///
    /// ```
    /// use rngkit::StateWords;
    /// use rngkit::generators::{Mt19937, Xorshift128};
    /// assert_eq!(Xorshift128::FREE_BITS, 128);
    /// assert_eq!(Mt19937::FREE_BITS, 19937);
    /// ```
    const FREE_BITS: u32 = Self::WORD_BITS * Self::WORD_COUNT as u32;

    /// The state as words, in the contract's order.
    fn to_words(&self) -> Vec<u64>;

    /// Builds the generator from words in the contract's order, validating them.
    ///
    /// # Errors
    /// [`StateError`] when the count is wrong, a word is too wide, or the
    /// state is one the generator cannot be in (see each generator).
    fn from_words(words: &[u64]) -> Result<Self, StateError>;
}

/// Checks the word count and width; returns the words narrowed to `u32`.
pub(crate) fn words_u32<const N: usize>(
    generator: &'static str,
    words: &[u64],
) -> Result<[u32; N], StateError> {
    check_count(generator, N, words.len())?;
    let mut out = [0u32; N];
    for (index, (slot, &word)) in out.iter_mut().zip(words).enumerate() {
        *slot = u32::try_from(word).map_err(|_| StateError::WordTooWide {
            generator,
            index,
            bits: 32,
        })?;
    }
    Ok(out)
}

/// Checks the word count; returns the words as an array.
pub(crate) fn words_u64<const N: usize>(
    generator: &'static str,
    words: &[u64],
) -> Result<[u64; N], StateError> {
    check_count(generator, N, words.len())?;
    let mut out = [0u64; N];
    out.copy_from_slice(words);
    Ok(out)
}

/// 128-bit values as 64-bit words, each high half first (the 128-bit
/// LCGs' state words: state, then increment).
pub(crate) fn u128_words(values: &[u128]) -> Vec<u64> {
    values
        .iter()
        .flat_map(|&v| [(v >> 64) as u64, v as u64])
        .collect()
}

/// The inverse of [`u128_words`] for `N` values; checks the word count.
pub(crate) fn words_u128<const N: usize>(
    generator: &'static str,
    words: &[u64],
) -> Result<[u128; N], StateError> {
    check_count(generator, 2 * N, words.len())?;
    let mut out = [0u128; N];
    for (slot, pair) in out.iter_mut().zip(words.chunks_exact(2)) {
        *slot = (u128::from(pair[0]) << 64) | u128::from(pair[1]);
    }
    Ok(out)
}

pub(crate) fn check_count(
    generator: &'static str,
    expected: usize,
    found: usize,
) -> Result<(), StateError> {
    if expected == found {
        Ok(())
    } else {
        Err(StateError::WordCount {
            generator,
            expected,
            found,
        })
    }
}
