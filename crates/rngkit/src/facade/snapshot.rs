//! Versioned snapshots of a generator's state, for save files.
//!
//! # Byte format, version 1 (all integers little-endian)
//!
//! | bytes | content |
//! |---|---|
//! | 4 | magic `b"rngk"` |
//! | 1 | format version, `1` |
//! | 1 | length `L` of the generator name, 1..=32 |
//! | `L` | generator name, ASCII ([`StateWords::NAME`], the CLI's name) |
//! | 2 | word count `N` (`u16`) |
//! | `N` × 4 or 8 | the state words in the CLI's `--state` order, each as wide as the generator's words |
//! | 4 | checksum: 32-bit FNV-1a of every byte before it |
//!
//! A reader of version 1 rejects every other version, so a later format
//! gets a new number and old saves keep loading through this reader. The
//! checksum catches a corrupted byte; the state is then validated like any
//! state from outside ([`StateWords::from_words`]).
//!
//! With the `serde` feature, [`DeterministicRng`] serialises as
//! `{ "version": 1, "algorithm": "<name>", "state": [words...] }` and is
//! validated the same way when read back.

use alloc::vec::Vec;
use core::fmt;

use super::algorithm::{Algorithm, DeterministicRng, dispatch};
use crate::{StateError, StateWords};

/// Magic bytes at the start of every snapshot.
pub const SNAPSHOT_MAGIC: [u8; 4] = *b"rngk";
/// The snapshot format version this crate writes (and the only one it reads).
pub const SNAPSHOT_VERSION: u8 = 1;

const MAX_NAME_LEN: usize = 32;

/// Why a snapshot was rejected.
///
/// ```
/// use rngkit::facade::{Algorithm, SnapshotError};
///
/// let rng = Algorithm::Pcg32.seed_from_u64(1);
/// let bytes = rng.snapshot();
/// let truncated = &bytes[..bytes.len() - 1];
/// assert!(matches!(
///     rngkit::facade::DeterministicRng::restore(truncated),
///     Err(SnapshotError::Truncated { .. })
/// ));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SnapshotError {
    /// The data does not start with [`SNAPSHOT_MAGIC`]: not a snapshot.
    BadMagic,
    /// A format version this reader does not know.
    UnsupportedVersion {
        /// The version found.
        found: u8,
    },
    /// The data ends before the snapshot does.
    Truncated {
        /// Bytes the snapshot needs (so far as its header tells).
        needed: usize,
        /// Bytes given.
        found: usize,
    },
    /// Extra bytes after the snapshot's checksum.
    TrailingBytes {
        /// How many.
        extra: usize,
    },
    /// The checksum does not match: the data was corrupted.
    ChecksumMismatch {
        /// The checksum stored in the snapshot.
        stored: u32,
        /// The checksum of the data.
        computed: u32,
    },
    /// The generator name is empty, too long or not ASCII.
    BadName,
    /// A snapshot of another generator than the one asked for.
    WrongGenerator {
        /// The generator asked for.
        expected: &'static str,
        /// The generator in the snapshot.
        found: alloc::string::String,
    },
    /// A snapshot of a generator that [`DeterministicRng`] does not hold.
    UnknownGenerator {
        /// The generator in the snapshot.
        found: alloc::string::String,
    },
    /// The words are not a valid state of the generator.
    InvalidState(StateError),
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::BadMagic => f.write_str("not an rngkit snapshot (bad magic bytes)"),
            SnapshotError::UnsupportedVersion { found } => write!(
                f,
                "snapshot format version {found} is not supported (this build reads version {SNAPSHOT_VERSION})"
            ),
            SnapshotError::Truncated { needed, found } => {
                write!(f, "snapshot truncated: needs {needed} bytes, found {found}")
            }
            SnapshotError::TrailingBytes { extra } => {
                write!(f, "snapshot has {extra} unexpected trailing bytes")
            }
            SnapshotError::ChecksumMismatch { stored, computed } => write!(
                f,
                "snapshot corrupted: checksum {stored:#010x} stored, {computed:#010x} computed"
            ),
            SnapshotError::BadName => f.write_str("snapshot generator name is malformed"),
            SnapshotError::WrongGenerator { expected, found } => {
                write!(f, "snapshot is of {found}, expected {expected}")
            }
            SnapshotError::UnknownGenerator { found } => {
                write!(f, "snapshot is of {found}, which is not a facade algorithm")
            }
            SnapshotError::InvalidState(err) => write!(f, "snapshot state rejected: {err}"),
        }
    }
}

impl core::error::Error for SnapshotError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            SnapshotError::InvalidState(err) => Some(err),
            _ => None,
        }
    }
}

impl From<StateError> for SnapshotError {
    fn from(err: StateError) -> Self {
        SnapshotError::InvalidState(err)
    }
}

/// 32-bit FNV-1a (offset basis 0x811c9dc5, prime 0x01000193).
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |hash, &byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

fn encode_words(name: &str, word_bits: u32, words: &[u64]) -> Vec<u8> {
    let word_bytes = (word_bits / 8) as usize;
    let mut out = Vec::with_capacity(12 + name.len() + words.len() * word_bytes);
    out.extend_from_slice(&SNAPSHOT_MAGIC);
    out.push(SNAPSHOT_VERSION);
    // Generator names are short ASCII constants, and no state has 65536 words.
    out.push(name.len() as u8);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&(words.len() as u16).to_le_bytes());
    for &word in words {
        out.extend_from_slice(&word.to_le_bytes()[..word_bytes]);
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// A snapshot's header, read but not yet trusted.
struct Header<'a> {
    name: &'a str,
    /// Bytes before the first word.
    len: usize,
    /// Number of words announced.
    word_count: usize,
}

fn truncated(needed: usize, found: usize) -> SnapshotError {
    SnapshotError::Truncated { needed, found }
}

fn read_header(bytes: &[u8]) -> Result<Header<'_>, SnapshotError> {
    let found = bytes.len();
    if found < SNAPSHOT_MAGIC.len() {
        return Err(if bytes == &SNAPSHOT_MAGIC[..found] {
            truncated(SNAPSHOT_MAGIC.len(), found)
        } else {
            SnapshotError::BadMagic
        });
    }
    if bytes[..4] != SNAPSHOT_MAGIC {
        return Err(SnapshotError::BadMagic);
    }
    let version = *bytes.get(4).ok_or(truncated(5, found))?;
    if version != SNAPSHOT_VERSION {
        return Err(SnapshotError::UnsupportedVersion { found: version });
    }
    let name_len = usize::from(*bytes.get(5).ok_or(truncated(6, found))?);
    if name_len == 0 || name_len > MAX_NAME_LEN {
        return Err(SnapshotError::BadName);
    }
    let len = 6 + name_len + 2;
    if found < len {
        return Err(truncated(len, found));
    }
    let name = core::str::from_utf8(&bytes[6..6 + name_len])
        .ok()
        .filter(|name| name.is_ascii())
        .ok_or(SnapshotError::BadName)?;
    let word_count = usize::from(u16::from_le_bytes([bytes[len - 2], bytes[len - 1]]));
    Ok(Header {
        name,
        len,
        word_count,
    })
}

/// Reads the words (each `word_bits` wide, as the generator named in the
/// header has them), checking the length and the checksum.
fn read_words(
    bytes: &[u8],
    header: &Header<'_>,
    word_bits: u32,
) -> Result<Vec<u64>, SnapshotError> {
    let word_bytes = (word_bits / 8) as usize;
    let total = header.len + header.word_count * word_bytes + 4;
    if bytes.len() < total {
        return Err(truncated(total, bytes.len()));
    }
    if bytes.len() > total {
        return Err(SnapshotError::TrailingBytes {
            extra: bytes.len() - total,
        });
    }
    let (body, stored) = bytes.split_at(total - 4);
    let stored = u32::from_le_bytes([stored[0], stored[1], stored[2], stored[3]]);
    let computed = checksum(body);
    if stored != computed {
        return Err(SnapshotError::ChecksumMismatch { stored, computed });
    }
    Ok(body[header.len..]
        .chunks_exact(word_bytes)
        .map(|chunk| {
            let mut word = [0u8; 8];
            word[..word_bytes].copy_from_slice(chunk);
            u64::from_le_bytes(word)
        })
        .collect())
}

/// Writes a snapshot of any generator that has state words (every generator
/// in [`crate::generators`]).
///
/// ```
/// use rngkit::facade::{restore_snapshot, snapshot};
/// use rngkit::generators::Xorshift128;
///
/// let rng = Xorshift128::init_state(42);
/// let bytes = snapshot(&rng);
/// assert_eq!(&bytes[..4], b"rngk");
/// assert_eq!(restore_snapshot::<Xorshift128>(&bytes).unwrap(), rng);
/// ```
#[must_use]
pub fn snapshot<G: StateWords>(generator: &G) -> Vec<u8> {
    encode_words(G::NAME, G::WORD_BITS, &generator.to_words())
}

/// Reads a snapshot written by [`snapshot`] for the generator type `G`.
///
/// # Errors
/// [`SnapshotError`] when the bytes are not a version-1 snapshot, are
/// truncated or corrupted, hold another generator, or hold an invalid state.
pub fn restore_snapshot<G: StateWords>(bytes: &[u8]) -> Result<G, SnapshotError> {
    let header = read_header(bytes)?;
    if header.name != G::NAME {
        return Err(SnapshotError::WrongGenerator {
            expected: G::NAME,
            found: header.name.into(),
        });
    }
    let words = read_words(bytes, &header, G::WORD_BITS)?;
    Ok(G::from_words(&words)?)
}

impl DeterministicRng {
    /// The generator's state as a versioned, checksummed snapshot (format in
    /// the [`snapshot`](super::snapshot()) docs): bytes to put in a save file.
    ///
    /// ```
    /// use rngkit::facade::{Algorithm, DeterministicRng};
    /// use rngkit::rand_core::Rng;
    ///
    /// let mut rng = Algorithm::Mt19937.seed_from_u64(1);
    /// rng.next_u32();
    /// let saved = rng.snapshot();
    /// assert_eq!(DeterministicRng::restore(&saved).unwrap(), rng);
    /// ```
    #[must_use]
    pub fn snapshot(&self) -> Vec<u8> {
        dispatch!(self, g => snapshot(g))
    }

    /// Reads a snapshot written by [`snapshot`](Self::snapshot) (of any
    /// algorithm) back into a generator at exactly the saved position.
    ///
    /// # Errors
    /// [`SnapshotError`] when the bytes are not a version-1 snapshot, are
    /// truncated or corrupted, hold a generator that is not an [`Algorithm`],
    /// or hold an invalid state.
    pub fn restore(bytes: &[u8]) -> Result<Self, SnapshotError> {
        let header = read_header(bytes)?;
        let algorithm: Algorithm =
            header
                .name
                .parse()
                .map_err(|_| SnapshotError::UnknownGenerator {
                    found: header.name.into(),
                })?;
        let words = read_words(bytes, &header, algorithm.word_bits())?;
        Ok(algorithm.from_words(&words)?)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::vec::Vec;

    use serde::{Deserialize, Serialize, de::Error as _};

    use super::{Algorithm, DeterministicRng, SNAPSHOT_VERSION};

    #[derive(Serialize, Deserialize)]
    struct Repr {
        version: u8,
        algorithm: Algorithm,
        state: Vec<u64>,
    }

    impl Serialize for DeterministicRng {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Repr {
                version: SNAPSHOT_VERSION,
                algorithm: self.algorithm(),
                state: self.to_words(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for DeterministicRng {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let repr = Repr::deserialize(deserializer)?;
            if repr.version != SNAPSHOT_VERSION {
                return Err(D::Error::custom(super::SnapshotError::UnsupportedVersion {
                    found: repr.version,
                }));
            }
            repr.algorithm
                .from_words(&repr.state)
                .map_err(D::Error::custom)
        }
    }
}
