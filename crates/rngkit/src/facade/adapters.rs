//! One object-safe interface over every source: [`RandomSource`], and the
//! adapter that brings a foreign `rand_core` generator under it.

use alloc::vec::Vec;
use core::convert::Infallible;

use rand_core::{Rng, TryRng};

use super::DeterministicRng;
use crate::StateWords;
use crate::engines::unity::UnityRandom;
use crate::generators::Xorshift128;

/// A random source behind `dyn` (seed 003's `IRandomSource`): a
/// [`rand_core::Rng`] that also tells its name and, when it can, snapshots
/// its state.
///
/// `Box<dyn RandomSource>` and `&mut dyn RandomSource` get every
/// [`RandomExt`](super::RandomExt) helper. Implemented by
/// [`DeterministicRng`], by every generator of [`crate::generators`], by
/// [`ForeignSource`], and (feature `std`) by `CryptoSource`.
///
/// ```
/// use rngkit::facade::{Algorithm, ForeignSource, RandomExt, RandomSource};
/// use rngkit::generators::Pcg32;
///
/// let mut sources: Vec<Box<dyn RandomSource>> = vec![
///     Box::new(Algorithm::Mt19937.seed_from_u64(1)),
///     Box::new(Pcg32::new(1, 54)),
///     Box::new(ForeignSource::new("mmix-lcg", Lcg(1))),
/// ];
/// for source in &mut sources {
///     let x = source.range(0..10);
///     assert!(x < 10);
/// }
/// assert_eq!(sources[0].name(), "mt19937");
/// assert!(sources[1].snapshot().is_some());
/// assert!(sources[2].snapshot().is_none());
///
/// // A stand-in for any rand_core generator from another crate (Knuth's MMIX LCG).
/// struct Lcg(u64);
/// impl rngkit::rand_core::TryRng for Lcg {
///     type Error = core::convert::Infallible;
///     fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
///         Ok((self.try_next_u64()? >> 32) as u32)
///     }
///     fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
///         self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
///         Ok(self.0)
///     }
///     fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
///         rngkit::rand_core::utils::fill_bytes_via_next_word(dst, || self.try_next_u64())
///     }
/// }
/// ```
pub trait RandomSource: Rng {
    /// The source's name: the algorithm's CLI name, `"os"` for the crypto
    /// source, or the name given to a [`ForeignSource`].
    fn name(&self) -> &str;

    /// A snapshot of the state ([`snapshot`](super::snapshot())), or `None`
    /// when the source cannot be restored (the OS source, a foreign
    /// generator whose state rngkit cannot see).
    fn snapshot(&self) -> Option<Vec<u8>>;
}

impl RandomSource for DeterministicRng {
    fn name(&self) -> &str {
        self.algorithm().name()
    }

    fn snapshot(&self) -> Option<Vec<u8>> {
        Some(DeterministicRng::snapshot(self))
    }
}

impl<G: StateWords + Rng> RandomSource for G {
    fn name(&self) -> &str {
        G::NAME
    }

    fn snapshot(&self) -> Option<Vec<u8>> {
        Some(super::snapshot(self))
    }
}

#[cfg(feature = "std")]
impl RandomSource for super::CryptoSource {
    fn name(&self) -> &str {
        "os"
    }

    fn snapshot(&self) -> Option<Vec<u8>> {
        None
    }
}

/// Wraps a generator from another crate (`rand_pcg`, `rand_chacha`, your
/// own) as a [`RandomSource`], so it can sit beside rngkit's sources behind
/// `dyn` (seed 003's `FromSystemRandom`). The draws are the wrapped
/// generator's, unchanged.
///
/// Every `RandomExt` helper already works on any `Rng` directly; this
/// adapter only adds the name and the `dyn RandomSource` interface. A
/// fallible generator (`TryRng` with a real error type) can be wrapped as
/// `ForeignSource::new(name, rand_core::UnwrapErr(rng))`, which panics on
/// its errors.
///
/// See [`RandomSource`] for an example.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignSource<R> {
    name: &'static str,
    rng: R,
}

impl<R: Rng> ForeignSource<R> {
    /// Wraps `rng`, reported under `name`.
    pub const fn new(name: &'static str, rng: R) -> Self {
        ForeignSource { name, rng }
    }

    /// The wrapped generator.
    pub const fn get_ref(&self) -> &R {
        &self.rng
    }

    /// The wrapped generator, mutably.
    pub const fn get_mut(&mut self) -> &mut R {
        &mut self.rng
    }

    /// Unwraps the generator.
    pub fn into_inner(self) -> R {
        self.rng
    }
}

// The wrapped generator's own words and bytes.
crate::generators::impl_try_rng!(generic [R: Rng] ForeignSource<R>, |self, dst|
    u32: self.rng.next_u32(),
    u64: self.rng.next_u64(),
    bytes: self.rng.fill_bytes(dst),
);

impl<R: Rng> RandomSource for ForeignSource<R> {
    fn name(&self) -> &str {
        self.name
    }

    fn snapshot(&self) -> Option<Vec<u8>> {
        None
    }
}

/// Unity's `UnityEngine.Random` as a source: the facade's helpers draw from
/// the engine's raw Xorshift128 words, so game code written against
/// [`RandomSource`] can run on the very generator a Unity client uses (and a
/// tool can share one stream between Unity's own draws and the helpers).
///
/// `next_u32` is the raw word (Unity's own draws, such as
/// [`value`](UnityRandom::value), remain available on the wrapper); the name
/// is `"unity"` and the snapshot is the Xorshift128 state's.
///
/// ```
/// use rngkit::engines::unity::UnityRandom;
/// use rngkit::facade::{RandomExt, RandomSource};
/// use rngkit::generators::Xorshift128;
///
/// let mut unity = UnityRandom::new(0);
/// let mut raw = Xorshift128::init_state(0);
/// assert_eq!(unity.range(0..6), raw.range(0..6)); // same words underneath
/// assert_eq!(unity.value(), UnityRandom::from(raw).value());
///
/// let source: Box<dyn RandomSource> = Box::new(UnityRandom::new(7));
/// assert_eq!(source.name(), "unity");
/// ```
impl TryRng for UnityRandom {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.next_raw())
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.generator_mut().try_next_u64()
    }

    #[inline]
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.generator_mut().try_fill_bytes(dst)
    }
}

impl RandomSource for UnityRandom {
    fn name(&self) -> &str {
        "unity"
    }

    fn snapshot(&self) -> Option<Vec<u8>> {
        Some(super::snapshot::<Xorshift128>(self.generator()))
    }
}
