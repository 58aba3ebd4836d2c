//! The gameplay facade: pick an algorithm by name, seed it from a number or a
//! level name, snapshot it into a save file, and draw what games draw
//! (ranges, floats, chances, picks, shuffles, weighted picks, directions,
//! rotations), identically on every platform.
//!
//! ```
//! use rngkit::facade::{Algorithm, DeterministicRng, RandomExt};
//!
//! // The algorithm comes from a config file, the seed from the level name.
//! let algorithm: Algorithm = "xoshiro256ss".parse()?;
//! let mut rng = algorithm.seed_from_str("crypt-of-ash");
//!
//! let gold = rng.range(10..=50);
//! let spawn = rng.inside_unit_circle();
//! let enemy = rng.weighted_pick(&["rat", "bat", "lich"], &[70u32, 29, 1]);
//!
//! // Save mid-level, load later: the next draws are the same.
//! let save = rng.snapshot();
//! let next = rng.range(0.0f32..1.0);
//! assert_eq!(DeterministicRng::restore(&save)?.range(0.0f32..1.0), next);
//! # let _ = (gold, spawn, enemy);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Pieces
//! * [`Algorithm`]: the deterministic algorithms by CLI name, with factories
//!   from a `u64` ([`Algorithm::seed_from_u64`]) or a string
//!   ([`Algorithm::seed_from_str`], hash [`seed_from_str`]); xoshiro256** is
//!   the default.
//! * [`DeterministicRng`]: any algorithm by value, no boxing; snapshots to
//!   versioned bytes and (feature `serde`) to serde formats.
//! * [`RandomExt`]: the helpers, on every `rand_core::Rng` (including
//!   `dyn Rng` and `dyn RandomSource`). [`AliasTable`] for repeated weighted
//!   picks in O(1).
//! * [`snapshot()`](snapshot()) / [`restore_snapshot`]: versioned snapshots of
//!   any generator of [`crate::generators`].
//! * [`RandomSource`]: the object-safe interface; [`ForeignSource`] wraps a
//!   generator from another crate.
//! * `CryptoSource`, `crypto_fill_bytes`, `crypto_range` (feature `std`): the
//!   operating system's randomness, **not deterministic**.
//!
//! Geometry uses the `libm` crate for `sqrt`, `sin` and `cos`: the crate is
//! `no_std`, and `libm`'s pure-Rust functions give the same bits on every
//! platform, where the platform's C library may differ in the last bit.
//!
//! # Seed 003's `RandomUtil`, in Rust
//!
//! | `RandomUtil` | here |
//! |---|---|
//! | `Create(algorithm, ulong)` / `(algorithm, string)` | [`Algorithm::seed_from_u64`] / [`Algorithm::seed_from_str`] |
//! | `CreateXoshiro256(seed)`, `CreatePCG32(seed, stream)`, ... | `Xoshiro256StarStar::seed_from_u64(seed)`, `Pcg32::new(seed, stream)`, ... with [`seed_from_str`] for strings |
//! | `CreateDeterministic(int / ulong / string)` | [`DeterministicRng::new`] / [`DeterministicRng::from_seed_str`] with [`Algorithm::default`] |
//! | `CreateCrypto`, `CryptoFillBytes`, `CryptoNextInt(min, max)` | `CryptoSource`, `crypto_fill_bytes`, `crypto_range(min..max)` (feature `std`) |
//! | `GetState` / `SetState` | [`DeterministicRng::snapshot`] / [`DeterministicRng::restore`], serde |
//! | `FromSystemRandom` | [`ForeignSource`] |
//! | `NextInt/NextLong/NextUInt/NextULong(min, max)` | `rng.range(min..max)` (and `min..=max`) |
//! | `NextIndex(count)` | [`RandomExt::index`] |
//! | `NextFloat01` / `NextDouble01` | [`RandomExt::next_f32`] / [`RandomExt::next_f64`] |
//! | `NextFloat(min, max)` / `NextDouble(min, max)` (closed) | `rng.range(min..=max)` |
//! | `NextBool(p)` / `NextSign` | [`RandomExt::chance`] (and [`RandomExt::coin`]) / [`RandomExt::sign`] |
//! | `PickOne` / `TryPickOne` | [`RandomExt::pick`] / [`RandomExt::try_pick`] |
//! | `Shuffle` | [`RandomExt::shuffle`] (and [`RandomExt::partial_shuffle`]) |
//! | `PickWeightedIndex` / `PickWeighted` | [`RandomExt::weighted_index`] / [`RandomExt::weighted_pick`], [`AliasTable`] |
//! | `InsideUnitCircle`, `OnUnitCircle`, `InsideUnitSphere`, `OnUnitSphere`, `RotationUniform` | the methods of the same names, as `[f32; N]` |
//!
//! Decisions where seed 003 is loose or where Rust does better:
//! * Float ranges: seed 003 returns `min` when the bounds are "approximately
//!   equal" without saying whether randomness is consumed, and its
//!   `NextFloat` text both forbids and allows `min > max`. Here `min..=max`
//!   with `min == max` returns `min`, `min > max` is an error, and every
//!   draw consumes the same outputs whatever the bounds, so a changed range
//!   never shifts the rest of the stream.
//! * PCG32's default stream is 54 (the PCG reference and the CLI), not seed
//!   003's 0.
//! * NaN and infinite bounds, probabilities and weights are errors too.
//! * The Unity engine profile as a source lives with the engine profiles.

mod adapters;
mod algorithm;
mod alias;
#[cfg(feature = "std")]
mod crypto;
mod error;
mod ext;
mod seed_str;
mod snapshot;

pub use adapters::{ForeignSource, RandomSource};
pub use algorithm::{Algorithm, DeterministicRng, ParseAlgorithmError};
pub use alias::AliasTable;
#[cfg(feature = "std")]
pub use crypto::{CryptoSource, crypto_fill_bytes, crypto_range, try_crypto_range};
pub use error::DrawError;
pub use ext::{DrawRange, RandomExt, Weight};
pub use seed_str::seed_from_str;
pub use snapshot::{SNAPSHOT_MAGIC, SNAPSHOT_VERSION, SnapshotError, restore_snapshot, snapshot};
