//! String seeds: one stable hash from text to a `u64` seed.

/// FNV-1a 64-bit offset basis (Fowler, Noll, Vo).
const FNV64_OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a 64-bit prime, 2^40 + 2^8 + 0xb3.
const FNV64_PRIME: u64 = 0x0000_0100_0000_01b3;

/// Turns a human-readable seed (a level name, a world id, a daily-challenge
/// date) into a `u64` seed, the same in every version of rngkit.
///
/// # Definition (stable; a change would be a breaking change)
///
/// The 64-bit FNV-1a hash of the text's UTF-8 bytes, nothing added before or
/// after (no length prefix, no terminating zero, no normalisation):
///
/// ```text
/// h = 0xcbf29ce484222325                 (FNV-1a 64 offset basis)
/// for each byte b of text.as_bytes():
///     h = h XOR b
///     h = h * 0x100000001b3  mod 2^64    (FNV-1a 64 prime)
/// seed = h
/// ```
///
/// The result then seeds the algorithm exactly as a numeric seed does
/// ([`Algorithm::seed_from_u64`](super::Algorithm::seed_from_u64)); the
/// generators seeded from 32 bits (MT19937, Xorshift128, TinyMT32) use its
/// low 32 bits. The CLI's `--seed-str TEXT` is this function.
///
/// FNV-1a was chosen because it is tiny, byte-order free, has published test
/// vectors and is trivial to reproduce in any language (a Python one-liner:
/// `h=0xcbf29ce484222325` then `h=((h^b)*0x100000001b3)%2**64` per byte). It is
/// not a cryptographic hash: do not use it to hide a seed.
///
/// Text that differs only in Unicode normalisation (a precomposed `é` versus
/// `e` + combining accent) gives different seeds, because the bytes differ.
///
/// ```
/// use rngkit::facade::seed_from_str;
///
/// // Published FNV-1a 64 test vectors (FNV reference test suite).
/// assert_eq!(seed_from_str(""), 0xcbf29ce484222325);
/// assert_eq!(seed_from_str("a"), 0xaf63dc4c8601ec8c);
/// assert_eq!(seed_from_str("foobar"), 0x85944171f73967e8);
/// ```
#[must_use]
pub const fn seed_from_str(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut hash = FNV64_OFFSET_BASIS;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(FNV64_PRIME);
        i += 1;
    }
    hash
}
