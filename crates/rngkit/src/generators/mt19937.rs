//! MT19937, the 32-bit Mersenne Twister (Matsumoto and Nishimura, 1998), in
//! the lazy-twist state model of the mars engine notes.

use alloc::vec::Vec;

use rand_core::SeedableRng;

use crate::StateError;
use crate::state::check_count;

pub(crate) const N: usize = 624;
pub(crate) const M: usize = 397;
pub(crate) const MATRIX_A: u32 = 0x9908_b0df;
pub(crate) const UPPER_MASK: u32 = 0x8000_0000;
pub(crate) const LOWER_MASK: u32 = 0x7fff_ffff;

/// The 32-bit Mersenne Twister, MT19937.
///
/// The state is the untempered block `mt[0..624]` plus `left`, the number of
/// words of the block still unread: the next output is `mt[624 - left]`,
/// tempered, and the block is twisted (regenerated) only when a word is
/// needed and `left == 0`. This lazy model is what save files store (the
/// mars engine's 2500-byte blob), so a state read from a save continues
/// exactly where the game stopped, including a state saved at a block
/// boundary (`left == 0`).
///
/// [`Mt19937::new`] is the reference `init_genrand(seed)`: the block holds
/// the initialisation words and `left == 0`, so the first draw twists. An
/// engine that twists eagerly at seeding (mars) has `left == 624` and the
/// twisted block instead; both give the same outputs.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::rand_core::Rng;
///
/// // The C++ standard's std::mt19937 requirement: the 10000th output of the
/// // default seed 5489 is 4123659995.
/// let mut rng = Mt19937::new(5489);
/// assert_eq!(rng.next_u32(), 3499211612);
/// for _ in 0..9998 { rng.next_u32(); }
/// assert_eq!(rng.next_u32(), 4123659995);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Mt19937 {
    pub(crate) mt: [u32; N],
    /// The index of the next word, `624 - left` (624: the block is used up).
    /// Kept as an index rather than as `left` so that a draw reads
    /// `mt[pos]` directly.
    pub(crate) pos: u32,
}

impl core::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mt19937")
            .field("left", &self.left())
            .field("mt[624 - left..]", &&self.mt[self.pos as usize..])
            .finish_non_exhaustive()
    }
}

/// MT19937's output tempering (a bijection on `u32`).
///
/// ```
/// use rngkit::generators::{temper, untemper};
/// assert_eq!(untemper(temper(0xdead_beef)), 0xdead_beef);
/// ```
#[inline]
pub const fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

/// The inverse of [`temper`]: recovers the untempered block word from an
/// output.
#[inline]
pub const fn untemper(mut y: u32) -> u32 {
    y ^= y >> 18;
    y ^= (y << 15) & 0xefc6_0000;
    // Each application of `y ^= (y << 7) & mask` fixes 7 more low bits.
    let mut i = 0;
    let mut x = y;
    while i < 4 {
        x = y ^ ((x << 7) & 0x9d2c_5680);
        i += 1;
    }
    y = x;
    // Likewise `y ^= y >> 11` needs two rounds to reach all 32 bits.
    let x = y ^ (y >> 11);
    y ^ (x >> 11)
}

impl Mt19937 {
    /// Words in the state block (n = 624).
    pub const N: usize = N;
    /// The middle word offset of the twist (m = 397).
    pub const M: usize = M;
    /// The twist matrix's last row (a = 0x9908b0df).
    pub const MATRIX_A: u32 = MATRIX_A;
    /// The top bit of a word, taken from `mt[i]` by the twist.
    pub const UPPER_MASK: u32 = UPPER_MASK;
    /// The low 31 bits, taken from `mt[i + 1]` by the twist.
    pub const LOWER_MASK: u32 = LOWER_MASK;
}

impl Mt19937 {
    /// The reference `init_genrand(seed)` (Knuth's multiplier 1812433253),
    /// with `left == 0`: the first draw twists.
    pub fn new(seed: u32) -> Self {
        Mt19937 {
            mt: init_genrand_block(seed),
            pos: N as u32,
        }
    }

    /// Builds the generator from an untempered block and `left`.
    ///
    /// # Errors
    /// * [`StateError::LeftOutOfRange`] when `left > 624`;
    /// * [`StateError::AllZero`] when the block is all zero (the twist keeps
    ///   it zero for ever).
    pub fn from_state(mt: [u32; N], left: u32) -> Result<Self, StateError> {
        check_block(&mt, left, "mt19937")?;
        Ok(Mt19937 {
            mt,
            pos: N as u32 - left,
        })
    }

    /// The untempered block `mt[0..624]`.
    pub const fn block(&self) -> &[u32; N] {
        &self.mt
    }

    /// Words of the block still unread; the next output is `mt[624 - left]`.
    pub const fn left(&self) -> u32 {
        N as u32 - self.pos
    }

    /// Regenerates the whole block now and sets `left = 624`.
    ///
    /// Engines that twist eagerly call this right after seeding. Calling it
    /// while words are still unread skips them.
    ///
    /// The loop runs in its three index ranges, vectorised where the CPU
    /// allows (see [`crate::bulk`]).
    pub fn twist(&mut self) {
        crate::bulk::twist_mt(&mut self.mt);
        self.pos = 0;
    }

    /// The next output: `mt[pos]` tempered, after a twist (out of line)
    /// when the block is used up.
    #[inline(always)]
    pub(crate) fn next_output(&mut self) -> u32 {
        let mut pos = self.pos as usize;
        if pos >= N {
            self.twist_for_draw();
            pos = 0;
        }
        let y = self.mt[pos];
        self.pos = pos as u32 + 1;
        temper(y)
    }

    /// Two outputs, the first in the low half (`next_u64`): one check and
    /// two adjacent reads when two words are left in the block.
    #[inline(always)]
    fn next_output_pair(&mut self) -> u64 {
        let pos = self.pos as usize;
        if pos < N - 1 {
            let (low, high) = (self.mt[pos], self.mt[pos + 1]);
            self.pos = pos as u32 + 2;
            return u64::from(temper(low)) | u64::from(temper(high)) << 32;
        }
        let low = self.next_output();
        let high = self.next_output();
        u64::from(low) | u64::from(high) << 32
    }

    /// The twist of a draw that found the block used up: cold and out of
    /// line, so that the draw itself stays a few instructions.
    #[cold]
    #[inline(never)]
    fn twist_for_draw(&mut self) {
        self.twist();
    }
}

// `TryRng` spelled out rather than with `impl_rng_u32!`, for the two-word
// `next_u64`: two outputs, the first in the low half (as
// `rand_core::utils::next_u64_via_u32`), in one call.
crate::generators::impl_try_rng!(Mt19937, |self, dst|
    u32: self.next_output(),
    u64: self.next_output_pair(),
    bytes: crate::bulk::fill_bytes(self, dst),
);
crate::generators::impl_word_rng!(Mt19937, 32);

impl SeedableRng for Mt19937 {
    /// The 32-bit `init_genrand` seed, little-endian.
    type Seed = [u8; 4];

    /// `Mt19937::new(u32::from_le_bytes(seed))`.
    fn from_seed(seed: Self::Seed) -> Self {
        Self::new(u32::from_le_bytes(seed))
    }

    /// `Mt19937::new(seed as u32)`: `init_genrand` with the low 32 bits.
    fn seed_from_u64(seed: u64) -> Self {
        Self::new(seed as u32)
    }
}

/// `StateWords` under `$name` for a generator of an MT19937 block (this
/// one and PHP's legacy variant): its `left()`, its `mt` block and
/// `from_state(mt, left)`, as [`block_to_words`] lays them out.
macro_rules! impl_block_state_words {
    ($ty:ty, $name:literal) => {
        impl $crate::StateWords for $ty {
            const NAME: &'static str = $name;
            const WORD_BITS: u32 = 32;
            /// `left`, then the 624 block words.
            const WORD_COUNT: usize = $crate::generators::mt19937::N + 1;
            /// 624 x 32 bits less the 31 low bits of the oldest word, which the
            /// twist never reads; `left` is a position.
            const FREE_BITS: u32 = 19937;

            fn to_words(&self) -> alloc::vec::Vec<u64> {
                $crate::generators::mt19937::block_to_words(self.left(), &self.mt)
            }

            fn from_words(words: &[u64]) -> Result<Self, $crate::StateError> {
                let (mt, left) = $crate::generators::mt19937::block_from_words(Self::NAME, words)?;
                Self::from_state(mt, left)
            }
        }
    };
}
pub(crate) use impl_block_state_words;

impl_block_state_words!(Mt19937, "mt19937");

/// The Mersenne Twisters' seeding of a block of `$n` `$word`s: `mt[0] =
/// seed`, then `mt[i] = $f * (mt[i - 1] ^ (mt[i - 1] >> $shift)) + i`
/// (wrapping). One loop for the 32-bit `init_genrand` and C++'s
/// `mt19937_64`.
macro_rules! knuth_seeded_block {
    ($word:ty, $n:expr, $seed:expr, $f:expr, $shift:expr) => {{
        let mut mt = [0 as $word; $n];
        mt[0] = $seed;
        for i in 1..$n {
            let prev = mt[i - 1];
            mt[i] = $f
                .wrapping_mul(prev ^ (prev >> $shift))
                .wrapping_add(i as $word);
        }
        mt
    }};
}
pub(crate) use knuth_seeded_block;

/// `init_genrand(seed)`'s block (multiplier 1812433253, shift 30).
/// MT19937 and SFMT-19937 (whose 624 state words start the same) fill it
/// alike.
pub(crate) fn init_genrand_block(seed: u32) -> [u32; N] {
    knuth_seeded_block!(u32, N, seed, 1_812_433_253u32, 30)
}

/// Checks a block and `left` for `from_state` under `generator`'s name:
/// [`StateError::LeftOutOfRange`] when `left > 624`,
/// [`StateError::AllZero`] for the all-zero block (the twist keeps it zero
/// for ever). MT19937 and PHP's legacy variant check alike.
pub(crate) fn check_block(
    mt: &[u32; N],
    left: u32,
    generator: &'static str,
) -> Result<(), StateError> {
    if left as usize > N {
        return Err(StateError::LeftOutOfRange {
            left: i64::from(left),
        });
    }
    if mt.iter().all(|&w| w == 0) {
        return Err(StateError::AllZero { generator });
    }
    Ok(())
}

/// The state words of an MT19937 block (this generator's and PHP's legacy
/// variant's): `left`, then the 624 words.
pub(crate) fn block_to_words(left: u32, mt: &[u32; N]) -> Vec<u64> {
    let mut words = Vec::with_capacity(N + 1);
    words.push(u64::from(left));
    words.extend(mt.iter().map(|&w| u64::from(w)));
    words
}

/// Reads [`block_to_words`]'s form back: the block and `left`, checked for
/// the word count, `left <= 624` and 32-bit words (the generator checks
/// the rest).
pub(crate) fn block_from_words(
    name: &'static str,
    words: &[u64],
) -> Result<([u32; N], u32), StateError> {
    check_count(name, N + 1, words.len())?;
    let left = i64::try_from(words[0]).unwrap_or(i64::MAX);
    if !(0..=N as i64).contains(&left) {
        return Err(StateError::LeftOutOfRange { left });
    }
    let mut mt = [0u32; N];
    for (index, (slot, &word)) in mt.iter_mut().zip(&words[1..]).enumerate() {
        *slot = u32::try_from(word).map_err(|_| StateError::WordTooWide {
            generator: name,
            index: index + 1,
            bits: 32,
        })?;
    }
    Ok((mt, left as u32))
}

/// Size of the save blob: 624 little-endian `u32` then one `i32` `left`.
pub const BLOB_LEN: usize = 4 * N + 4;
/// Size of the blob as a save item with its 3 padding bytes.
pub const PADDED_BLOB_LEN: usize = BLOB_LEN + 3;

impl Mt19937 {
    /// Parses the mars save `RNG` item: 624 little-endian `u32` (`mt`,
    /// untempered), then a little-endian `i32` `left`; 2500 bytes, or 2503
    /// with the item's trailing padding (ignored).
    ///
    /// # Errors
    /// [`StateError::BlobSize`] for any other length, and the errors of
    /// [`Mt19937::from_state`] (a negative `left` is out of range too).
    ///
    /// ```
    /// use rngkit::generators::Mt19937;
    ///
    /// let rng = Mt19937::new(1);
    /// let blob = rng.to_blob();
    /// assert_eq!(blob.len(), 2500);
    /// assert_eq!(Mt19937::from_blob(&blob).unwrap(), rng);
    /// assert!(Mt19937::from_blob(&blob[..2499]).is_err());
    /// ```
    pub fn from_blob(blob: &[u8]) -> Result<Self, StateError> {
        if blob.len() != BLOB_LEN && blob.len() != PADDED_BLOB_LEN {
            return Err(StateError::BlobSize {
                what: "an MT19937 state blob",
                expected: "2500 (or 2503 with padding)",
                found: blob.len(),
            });
        }
        let mut mt = [0u32; N];
        for (slot, chunk) in mt.iter_mut().zip(blob.chunks_exact(4)) {
            *slot = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
        let tail = &blob[4 * N..4 * N + 4];
        let left = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        let left = u32::try_from(left).map_err(|_| StateError::LeftOutOfRange {
            left: i64::from(left),
        })?;
        Self::from_state(mt, left)
    }

    /// Writes the 2500-byte blob that [`Mt19937::from_blob`] reads.
    pub fn to_blob(&self) -> Vec<u8> {
        let mut blob = Vec::with_capacity(BLOB_LEN);
        for word in &self.mt {
            blob.extend_from_slice(&word.to_le_bytes());
        }
        blob.extend_from_slice(&(self.left() as i32).to_le_bytes());
        blob
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The serialised form: `left` and the block, validated on load.
    #[derive(Serialize, Deserialize)]
    struct Repr {
        left: u32,
        mt: Vec<u32>,
    }

    impl Serialize for Mt19937 {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Repr {
                left: self.left(),
                mt: self.mt.to_vec(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Mt19937 {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let repr = Repr::deserialize(deserializer)?;
            let mt: [u32; N] = repr.mt.as_slice().try_into().map_err(|_| {
                serde::de::Error::custom(StateError::WordCount {
                    generator: "mt19937 block",
                    expected: N,
                    found: repr.mt.len(),
                })
            })?;
            Mt19937::from_state(mt, repr.left).map_err(serde::de::Error::custom)
        }
    }
}

use crate::runtimes::cpp::CppDraws;

impl crate::registry::Gen for Mt19937 {
    type Rng = Mt19937;
    // `std::mt19937`'s uniform_int_distribution of each C++ library.
    type Draw = crate::runtimes::cpp::CppDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "mt19937",
        aliases: &[],
        summary: "MT19937, the reference Mersenne Twister (lazy twist)",
        seed_kind: crate::registry::SeedKind::U32,
        seed_doc: "init_genrand(S)",
        state_doc: "625 words of 32 bits: `left`, then mt[0..624] (untempered); --state-file also takes the 2500-byte blob",
        has_stream: false,
        versions: "Matsumoto and Nishimura's mt19937ar.c; C++ std::mt19937, its uniform-int, uniform-real, canonical and normal draws verified against GCC 12's libstdc++ and LLVM 14's libc++ (tests/runtime_cpp.rs)",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<Mt19937, crate::registry::SeedError> {
        Ok(Mt19937::new(seed.low_u64() as u32))
    }

    fn from_bytes(bytes: &[u8]) -> Option<Result<Mt19937, crate::StateError>> {
        Some(Mt19937::from_blob(bytes))
    }

    fn to_bytes(rng: &Mt19937) -> Option<alloc::vec::Vec<u8>> {
        Some(rng.to_blob())
    }

    fn draws() -> &'static [crate::registry::DrawInfo] {
        use crate::family::DrawFamily;
        <CppDraws as DrawFamily<Mt19937>>::draws(CppDraws::LIBRARY_ONLY)
    }

    fn parse_draw(
        name: &str,
        args: &[&str],
    ) -> Result<Option<crate::runtimes::cpp::CppDraw>, crate::draw::DrawError> {
        use crate::family::DrawFamily;
        <CppDraws as DrawFamily<Mt19937>>::parse_draw(CppDraws::LIBRARY_ONLY, name, args)
    }

    fn eval(draw: &crate::runtimes::cpp::CppDraw, rng: &mut Mt19937) -> crate::draw::DrawValue {
        use crate::family::DrawFamily;
        <CppDraws as DrawFamily<Mt19937>>::eval(CppDraws::LIBRARY_ONLY, draw, rng)
    }

    fn steps(draw: &crate::runtimes::cpp::CppDraw) -> crate::registry::Steps {
        use crate::family::DrawFamily;
        <CppDraws as DrawFamily<Mt19937>>::steps(CppDraws::LIBRARY_ONLY, draw)
    }

    fn known_bits(
        draw: &crate::runtimes::cpp::CppDraw,
        value: &crate::observe::ObservedValue,
    ) -> Option<Vec<crate::observe::KnownBits>> {
        use crate::family::DrawFamily;
        <CppDraws as DrawFamily<Mt19937>>::known_bits(CppDraws::LIBRARY_ONLY, draw, value)
    }
}

impl Mt19937 {
    /// The reference `init_by_array(init_key, key_length)` of mt19937ar.c
    /// (2002/1/26), with `left == 0`: the first draw twists. CPython's
    /// `random.seed(int)` and Ruby's `Random.new` (for seeds of two words or
    /// more) seed through it, with the seed's 32-bit words, least
    /// significant first.
    ///
    /// An empty key is taken as `[0]` (the C code would read past its end;
    /// CPython passes `[0]` for the seed 0).
    ///
    /// ```
    /// use rngkit::generators::Mt19937;
    /// use rngkit::rand_core::Rng;
    ///
    /// // mt19937ar.c's own test program: init_by_array({0x123, 0x234,
    /// // 0x345, 0x456}, 4), then genrand_int32() (its mt19937ar.out).
    /// let mut rng = Mt19937::init_by_array(&[0x123, 0x234, 0x345, 0x456]);
    /// assert_eq!(rng.next_u32(), 1067595299);
    /// assert_eq!(rng.next_u32(), 955945823);
    /// assert_eq!(rng.next_u32(), 477289528);
    /// ```
    pub fn init_by_array(key: &[u32]) -> Mt19937 {
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        let mut rng = Mt19937::new(19_650_218);
        let mt = &mut rng.mt;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1];
            mt[i] =
                (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        // The MSB is 1: the block is never all zero.
        mt[0] = 0x8000_0000;
        rng.pos = N as u32;
        rng
    }
}

crate::bulk::inherent_fill!(Mt19937, fill_u32, u32, next_u32, "Mt19937::new(5489)");

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;

    /// `next_u64` is two `next_u32`, first in the low half, from every
    /// position of the block (the two-word fast path and the twist between
    /// the halves), for both lazy states at the block boundary.
    #[test]
    fn next_u64_is_two_next_u32_from_every_position() {
        for start in [Mt19937::new(7), {
            let mut eager = Mt19937::new(7);
            eager.twist();
            eager
        }] {
            for skip in 0..=N + 2 {
                let mut a = start.clone();
                for _ in 0..skip {
                    a.next_u32();
                }
                let mut b = a.clone();
                for _ in 0..3 {
                    let low = u64::from(b.next_u32());
                    let high = u64::from(b.next_u32());
                    assert_eq!(a.next_u64(), low | high << 32, "after {skip} words");
                }
                assert_eq!(a, b, "after {skip} words");
                assert_eq!(a.left(), b.left());
            }
        }
    }
}
