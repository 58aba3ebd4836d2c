//! Randomness from the operating system, for secrets (feature `std`).
//!
//! **Not deterministic**: nothing here can be seeded, replayed or
//! snapshotted. Use it for session tokens, keys and nonces, never for
//! gameplay that must reproduce. It is also much slower than the
//! deterministic generators (a system call per request).

use core::convert::Infallible;

use rand_core::{TryCryptoRng, TryRng};

use super::{DrawError, DrawRange};

/// The operating system's cryptographically secure random source (via the
/// `getrandom` crate: `getrandom(2)` on Linux, `BCryptGenRandom` on Windows,
/// ...), as a [`rand_core::Rng`] so every [`RandomExt`](super::RandomExt)
/// helper works on it.
///
/// **Non-deterministic** (seed 003's `CryptoRandomSource`).
///
/// # Panics
/// The `Rng` methods panic if the operating system fails to provide
/// randomness (practically never on supported platforms); use
/// [`try_fill`](Self::try_fill) to handle that case.
///
/// ```
/// use rngkit::facade::{CryptoSource, RandomExt};
///
/// let mut os = CryptoSource;
/// let token: u64 = os.range(0..=u64::MAX);
/// let die = os.range(1..=6);
/// assert!((1..=6).contains(&die));
/// let _ = token;
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CryptoSource;

impl CryptoSource {
    /// Fills `dst` from the operating system, reporting its failure.
    ///
    /// # Errors
    /// The operating system's error.
    pub fn try_fill(&mut self, dst: &mut [u8]) -> Result<(), getrandom::Error> {
        getrandom::fill(dst)
    }
}

#[track_caller]
fn os_failed(err: getrandom::Error) -> ! {
    panic!("the operating system failed to provide random bytes: {err}")
}

impl TryRng for CryptoSource {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(getrandom::u32().unwrap_or_else(|err| os_failed(err)))
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(getrandom::u64().unwrap_or_else(|err| os_failed(err)))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        getrandom::fill(dst).unwrap_or_else(|err| os_failed(err));
        Ok(())
    }
}

impl TryCryptoRng for CryptoSource {}

/// Fills `dst` with cryptographically secure bytes from the operating system
/// (seed 003's `CryptoFillBytes`; pass a sub-slice for its offset and count).
/// Non-deterministic.
///
/// # Errors
/// The operating system's error.
///
/// ```
/// let mut key = [0u8; 32];
/// rngkit::facade::crypto_fill_bytes(&mut key).unwrap();
/// ```
pub fn crypto_fill_bytes(dst: &mut [u8]) -> Result<(), getrandom::Error> {
    getrandom::fill(dst)
}

/// One cryptographically secure value from a range, as
/// [`RandomExt::range`](super::RandomExt::range) on [`CryptoSource`] (seed
/// 003's `CryptoNextInt(min, max)` is `crypto_range(min..max)`).
/// Non-deterministic.
///
/// # Panics
/// On an empty or invalid range, or if the operating system fails.
///
/// ```
/// let pin = rngkit::facade::crypto_range(0..10_000);
/// assert!((0..10_000).contains(&pin));
/// ```
#[track_caller]
pub fn crypto_range<T: DrawRange>(range: T) -> T::Output {
    match try_crypto_range(range) {
        Ok(value) => value,
        Err(err) => panic!("{err}"),
    }
}

/// [`crypto_range`], returning an error for an empty or invalid range.
///
/// # Errors
/// [`DrawError::EmptyRange`] or [`DrawError::InvalidFloatRange`].
///
/// # Panics
/// If the operating system fails to provide randomness.
pub fn try_crypto_range<T: DrawRange>(range: T) -> Result<T::Output, DrawError> {
    range.draw(&mut CryptoSource)
}
