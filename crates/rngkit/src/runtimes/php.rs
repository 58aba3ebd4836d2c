//! PHP's `mt_rand()` family, era by era: the generator `mt_srand` seeds,
//! the range mappings of `mt_rand(MIN, MAX)` and `rand(MIN, MAX)`, and the
//! shuffles that draw from the same generator (`shuffle`, `str_shuffle`,
//! `array_rand`). The GENs `php`, `php-mt-rand-php`, `php5` and `php3`.
//!
//! PHP's Mersenne Twister changed twice after its introduction in PHP 3.0.6
//! (the eras are those of openwall's php_mt_seed README; each detail below
//! was checked in php-src: `ext/standard/rand.c` before PHP 7.1,
//! `ext/standard/mt_rand.c` in 7.1 to 8.1, `ext/random/` since 8.2):
//!
//! | GEN | PHP | seeding of `mt_srand(S)` | twist | `mt_rand(MIN, MAX)` |
//! |---|---|---|---|---|
//! | `php3` | 3.0.7 to 5.2.0 | Cokus: `s[0] = S \| 1`, `s[i] = s[i-1] * 69069` | MT19937 | float scaling |
//! | `php5` | 5.2.1 to 7.0.x | `init_genrand(S)` | `loBit(u)` bug | float scaling |
//! | `php` | 7.1.0+ | `init_genrand(S)` | MT19937 | uniform, rejection |
//! | `php-mt-rand-php` | 7.1.0+, `mt_srand(S, MT_RAND_PHP)` | `init_genrand(S)` | `loBit(u)` bug | float scaling, 64-bit safe |
//!
//! In every era `mt_srand` takes the low 32 bits of the PHP int, twists the
//! block at once (so the state after seeding has `left == 624`), and
//! `mt_rand()` is the tempered word shifted right once (31 bits). One raw
//! step is one tempered 32-bit word.
//!
//! The twist bug of PHP 5.2.1 to 7.0.x (kept as `MT_RAND_PHP`) takes the
//! low bit of the *current* word instead of the next one when deciding
//! whether to xor in `0x9908b0df` (`twist_php` in php-src).

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue};
use crate::family::DrawFamily;
use crate::generators::Mt19937;
use crate::generators::impl_rng_u32;
use crate::generators::mt19937::{LOWER_MASK, M, MATRIX_A, N, UPPER_MASK};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue, interval_known, mod_known};
use crate::registry::{BareDraw, DrawInfo, Seed, Steps, Yields};
use crate::{StateError, StateWords, WordRng, generators::temper};

/// `PHP_MT_RAND_MAX + 1.0`: `mt_rand()` gives 31 bits.
const TWO_31: f64 = 2_147_483_648.0;

/// The most elements `shuffle N`, `array-rand N K` and their Randomizer
/// twins accept (PHP itself is limited only by memory).
pub const MAX_ITEMS: u64 = 1 << 24;

// ---------------------------------------------------------------------------
// The generators.

/// `mt_srand(seed)` of PHP 7.1.0 and later (and `new
/// Random\Engine\Mt19937(seed)`): `init_genrand` with the low 32 bits of the
/// seed, then one twist.
///
/// ```
/// use rngkit::runtimes::php::{mt_rand, mt_srand};
///
/// // php-src ext/standard/tests/math/mt_rand_value.phpt: mt_srand(12345678).
/// let mut rng = mt_srand(12345678);
/// assert_eq!(rng.left(), 624);
/// assert_eq!(mt_rand(&mut rng), 527860569);
/// assert_eq!(mt_rand(&mut rng), 1711027313);
/// ```
pub fn mt_srand(seed: i64) -> Mt19937 {
    let mut rng = Mt19937::new(seed as u32);
    rng.twist();
    rng
}

/// `mt_srand(seed)` of PHP 3.0.7 to 5.2.0: Shawn Cokus's `seedMT`, whose
/// block is `seed | 1` and its successive products by 69069 (so seeds `2k`
/// and `2k + 1` are the same), then one twist (the standard MT19937 twist).
///
/// ```
/// use rngkit::runtimes::php::{mt_rand, php3_mt_srand};
///
/// // The php_mt_seed README: seeds 1272978112, 1272978113, 1608818254 and
/// // 1608818255 give mt_rand() = 1871584565 on PHP 3.0.7 to 5.2.0.
/// for seed in [1272978112, 1272978113, 1608818254, 1608818255] {
///     assert_eq!(mt_rand(&mut php3_mt_srand(seed)), 1871584565);
/// }
/// ```
pub fn php3_mt_srand(seed: i64) -> Mt19937 {
    let mut mt = [0u32; N];
    let mut x = seed as u32 | 1;
    for slot in &mut mt {
        *slot = x;
        x = x.wrapping_mul(69069);
    }
    // `x` is odd, so the block is never all zero.
    // left == 0 (the next draw twists): the position is past the block.
    let mut rng = Mt19937 { mt, pos: N as u32 };
    rng.twist();
    rng
}

/// MT19937 with PHP's twist bug: the generator of PHP 5.2.1 to 7.0.x and of
/// `mt_srand(S, MT_RAND_PHP)` in PHP 7.1.0 and later.
///
/// The state model is [`Mt19937`]'s: the untempered block and `left`, the
/// words still unread; only the twist differs (`loBit(u)` for `loBit(v)`).
///
/// ```
/// use rngkit::runtimes::php::{PhpLegacyMt, mt_rand};
///
/// // php-src mt_rand_value.phpt: mt_srand(12345678, MT_RAND_PHP).
/// let mut rng = PhpLegacyMt::new(12345678);
/// assert_eq!(mt_rand(&mut rng), 1614640687);
/// assert_eq!(mt_rand(&mut rng), 1711027313);
/// assert_eq!(mt_rand(&mut rng), 857485497);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PhpLegacyMt {
    mt: [u32; N],
    left: u32,
}

impl core::fmt::Debug for PhpLegacyMt {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PhpLegacyMt")
            .field("left", &self.left)
            .field("mt[624 - left..]", &&self.mt[N - self.left as usize..])
            .finish_non_exhaustive()
    }
}

impl PhpLegacyMt {
    /// `mt_srand(seed)` of PHP 5.2.1 to 7.0.x, `mt_srand(seed, MT_RAND_PHP)`
    /// of PHP 7.1.0+: `init_genrand(seed)`, then one (buggy) twist.
    pub fn new(seed: u32) -> Self {
        let mut rng = PhpLegacyMt {
            mt: Mt19937::new(seed).mt,
            left: 0,
        };
        rng.twist();
        rng
    }

    /// Builds the generator from an untempered block and `left`.
    ///
    /// # Errors
    /// [`StateError::LeftOutOfRange`] when `left > 624`;
    /// [`StateError::AllZero`] for the all-zero block (a fixed point).
    pub fn from_state(mt: [u32; N], left: u32) -> Result<Self, StateError> {
        crate::generators::mt19937::check_block(&mt, left, Self::NAME)?;
        Ok(PhpLegacyMt { mt, left })
    }

    /// The untempered block `mt[0..624]`.
    pub const fn block(&self) -> &[u32; N] {
        &self.mt
    }

    /// Words of the block still unread; the next output is `mt[624 - left]`.
    pub const fn left(&self) -> u32 {
        self.left
    }

    /// Regenerates the block with PHP's buggy twist (`php_mt_reload` with
    /// `twist_php`) and sets `left = 624`.
    pub fn twist(&mut self) {
        let mt = &mut self.mt;
        // In place and in index order, as php-src's three loops: mt[i + M]
        // is still old for i < N - M and already new after; the last word
        // pairs with the new mt[0].
        for i in 0..N {
            let u = mt[i];
            let v = mt[(i + 1) % N];
            let mixed = (u & UPPER_MASK) | (v & LOWER_MASK);
            mt[i] = mt[(i + M) % N] ^ (mixed >> 1) ^ (0u32.wrapping_sub(u & 1) & MATRIX_A);
        }
        self.left = N as u32;
    }

    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        if self.left == 0 {
            self.twist();
        }
        let y = self.mt[N - self.left as usize];
        self.left -= 1;
        temper(y)
    }
}

impl_rng_u32!(PhpLegacyMt, scalar);

crate::generators::mt19937::impl_block_state_words!(PhpLegacyMt, "mt19937-php");

// ---------------------------------------------------------------------------
// The draws, on any generator PHP drives (its `php_random_algo`): one raw
// step is one `generate()` of `OUTPUT_BITS / 8` bytes.

/// `mt_rand()` and `rand()` without arguments (every era): the 32-bit word
/// shifted right once, in `0..=2147483647`. One step.
///
/// ```
/// use rngkit::runtimes::php::{mt_rand, mt_srand};
/// // The php_mt_seed README: mt_srand(1234567890) gives 1328851649 first.
/// assert_eq!(mt_rand(&mut mt_srand(1234567890)), 1328851649);
/// ```
pub fn mt_rand<R: WordRng>(rng: &mut R) -> i64 {
    i64::from(rng.next_word() as u32 >> 1)
}

/// `php_random_range(min, max)` of PHP 8.2 (`min <= max`): uniform on
/// `min..=max` by rejection. The span `umax = max - min` picks the path:
///
/// * `umax < 2^32`: one `generate()` per attempt, its low 32 bits `r`;
///   `r` itself when `umax = 2^32 - 1`, `r & umax` when `umax + 1` is a
///   power of two, else `r % (umax + 1)` after rejecting
///   `r > u32::MAX - u32::MAX % (umax + 1) - 1`;
/// * `umax >= 2^32`: the same on 64 bits; a 32-bit generator fills them
///   with two words, the first in the low half (PHP 7.1 to 8.1 put it in the
///   high half instead).
///
/// This is `mt_rand(MIN, MAX)` and `rand(MIN, MAX)` on PHP 7.1.0+ (default
/// mode), the index draws of `shuffle`, `str_shuffle` and `array_rand`, and
/// `Random\Randomizer::getInt`. PHP gives up with a
/// `BrokenRandomEngineError` after 50 rejections in a row; with these
/// generators that happens with probability below 2^-50, and this function
/// keeps drawing instead.
///
/// ```
/// use rngkit::runtimes::php::{mt_srand, random_range};
/// // PHP 8.2: mt_srand(42); mt_rand(1, 6) is 1.
/// assert_eq!(random_range(&mut mt_srand(42), 1, 6), 1);
/// ```
pub fn random_range<R: WordRng>(rng: &mut R, min: i64, max: i64) -> i64 {
    let umax = (max as u64).wrapping_sub(min as u64);
    let offset = if umax > u64::from(u32::MAX) {
        range64(rng, umax)
    } else {
        u64::from(range32(rng, umax as u32))
    };
    (min as u64).wrapping_add(offset) as i64
}

fn range32<R: WordRng>(rng: &mut R, umax: u32) -> u32 {
    let mut result = rng.next_word() as u32;
    if umax == u32::MAX {
        return result;
    }
    let span = umax + 1;
    if span & umax == 0 {
        return result & umax;
    }
    let limit = u32::MAX - (u32::MAX % span) - 1;
    while result > limit {
        result = rng.next_word() as u32;
    }
    result % span
}

fn draw64<R: WordRng>(rng: &mut R) -> u64 {
    if R::OUTPUT_BITS == 32 {
        let low = rng.next_word();
        low | rng.next_word() << 32
    } else {
        rng.next_word()
    }
}

fn range64<R: WordRng>(rng: &mut R, umax: u64) -> u64 {
    let mut result = draw64(rng);
    if umax == u64::MAX {
        return result;
    }
    let span = umax + 1;
    if span & umax == 0 {
        return result & umax;
    }
    let limit = u64::MAX - (u64::MAX % span) - 1;
    while result > limit {
        result = draw64(rng);
    }
    result % span
}

/// The scaled offset of the float mappings: `((double) max - min + 1.0) *
/// (n / 2^31)` for a 31-bit `n`, in double precision as C computes it.
fn scaled(n: u32, min: i64, max: i64) -> f64 {
    (max as f64 - min as f64 + 1.0) * (f64::from(n) / TWO_31)
}

/// `mt_rand(MIN, MAX)` after `mt_srand(S, MT_RAND_PHP)` on PHP 8.2
/// (`php_mt_rand_common`, `min <= max`): `min + (zend_ulong) ((max - min +
/// 1.0) * (n / 2^31))` with `n = word >> 1`, in double precision; biased
/// like PHP 5, but without PHP 5's overflow for spans of 2^63 or more. One
/// step.
///
/// ```
/// use rngkit::runtimes::php::{PhpLegacyMt, mt_rand_legacy_scaling};
/// // PHP 8.2: mt_srand(1, MT_RAND_PHP); mt_rand(0, 2) is 1.
/// assert_eq!(mt_rand_legacy_scaling(&mut PhpLegacyMt::new(1), 0, 2), 1);
/// ```
pub fn mt_rand_legacy_scaling<R: WordRng>(rng: &mut R, min: i64, max: i64) -> i64 {
    let n = rng.next_word() as u32 >> 1;
    legacy_scaling_of(n, min, max)
}

fn legacy_scaling_of(n: u32, min: i64, max: i64) -> i64 {
    // `as u64` truncates like C's (zend_ulong) conversion for the values
    // that occur (0 <= offset < 2^64).
    (scaled(n, min, max) as u64).wrapping_add(min as u64) as i64
}

/// `mt_rand(MIN, MAX)` of PHP 3.0.7 to 7.0.x (`RAND_RANGE`, `min <= max`):
/// `min + (long) ((double) ((double) max - min + 1.0) * (n / 2^31))` with
/// `n = word >> 1`. The `(long)` conversion of an offset of 2^63 or more
/// gives `LONG_MIN`, as x86-64's `cvttsd2si` does, and the sum wraps. One
/// step.
///
/// ```
/// use rngkit::runtimes::php::{PhpLegacyMt, rand_range_php5};
///
/// // The php_mt_seed README's Drupal example: after mt_srand(2709990964)
/// // on PHP 5.2.1 to 7.0.x, mt_rand(0, 56) picks the characters of
/// // "pAiwtk6Yed" from Drupal's alphabet.
/// let alphabet = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// let mut rng = PhpLegacyMt::new(2709990964);
/// let password: Vec<u8> = (0..10)
///     .map(|_| alphabet[rand_range_php5(&mut rng, 0, 56) as usize])
///     .collect();
/// assert_eq!(password, b"pAiwtk6Yed");
/// ```
pub fn rand_range_php5<R: WordRng>(rng: &mut R, min: i64, max: i64) -> i64 {
    let n = rng.next_word() as u32 >> 1;
    rand_range_of(n, min, max)
}

fn rand_range_of(n: u32, min: i64, max: i64) -> i64 {
    let offset = scaled(n, min, max);
    let offset = if offset < 9_223_372_036_854_775_808.0 {
        offset as i64
    } else {
        i64::MIN
    };
    min.wrapping_add(offset)
}

/// PHP's Fisher-Yates shuffle (`php_array_data_shuffle`,
/// `php_binary_string_shuffle`) of PHP 7.1.0+: for `i` from `len - 1` down
/// to 1, swap element `i` with element `random_range(0, i)`.
///
/// ```
/// use rngkit::runtimes::php::{mt_srand, shuffle};
///
/// // PHP 8.2: mt_srand(42); $a = range(0, 9); shuffle($a);
/// let mut a: Vec<i64> = (0..10).collect();
/// shuffle(&mut mt_srand(42), &mut a);
/// assert_eq!(a, [1, 3, 9, 7, 6, 0, 8, 4, 5, 2]);
/// ```
pub fn shuffle<R: WordRng, T>(rng: &mut R, items: &mut [T]) {
    for left in (1..items.len()).rev() {
        let j = random_range(rng, 0, left as i64) as usize;
        items.swap(left, j);
    }
}

/// `array_rand(range(0, n - 1), k)` of PHP 7.1.0+ (`php_array_pick_keys`),
/// and `Random\Randomizer::pickArrayKeys`, for `1 <= k <= n`: the chosen
/// keys in increasing order. One key is one `random_range(0, n - 1)`; more
/// mark distinct random indices in a bitset until `k` are marked, or, when
/// `k > n / 2`, mark the `n - k` left out.
///
/// ```
/// use rngkit::runtimes::php::{mt_srand, pick_keys};
/// // PHP 8.2: mt_srand(42); array_rand(range(0, 9), 3) is [2, 6, 7].
/// assert_eq!(pick_keys(&mut mt_srand(42), 10, 3), [2, 6, 7]);
/// ```
pub fn pick_keys<R: WordRng>(rng: &mut R, n: u64, k: u64) -> Vec<i64> {
    let last = n as i64 - 1;
    if k == 1 {
        return vec![random_range(rng, 0, last)];
    }
    let negative = k > n >> 1;
    let mut wanted = if negative { n - k } else { k };
    let mut marked = vec![false; n as usize];
    while wanted > 0 {
        let r = random_range(rng, 0, last) as usize;
        if !marked[r] {
            marked[r] = true;
            wanted -= 1;
        }
    }
    (0..n as usize)
        .filter(|&i| marked[i] ^ negative)
        .map(|i| i as i64)
        .collect()
}

// ---------------------------------------------------------------------------
// Raw steps and revealed bits of the range draws.

/// Raw steps of [`random_range`] on `output_bits`-bit words.
pub(crate) fn range_steps(min: i64, max: i64, output_bits: u32) -> Steps {
    let umax = (max as u64).wrapping_sub(min as u64);
    let (words, full) = if umax > u64::from(u32::MAX) {
        (if output_bits == 32 { 2 } else { 1 }, u64::MAX)
    } else {
        (1, u64::from(u32::MAX))
    };
    if umax == full || (umax + 1) & umax == 0 {
        Steps::Fixed(words)
    } else {
        Steps::Variable
    }
}

/// Raw steps of shuffling `len` elements.
pub(crate) fn shuffle_steps(len: u64) -> Steps {
    // Index draws on 0..=i for i = len - 1 down to 1: all exact powers of
    // two only when len <= 2.
    if len <= 2 {
        Steps::Fixed(len.saturating_sub(1))
    } else {
        Steps::Variable
    }
}

/// Raw steps of [`pick_keys`].
pub(crate) fn pick_keys_steps(n: u64, k: u64) -> Steps {
    let wanted = if k == 1 {
        1
    } else if k > n >> 1 {
        n - k
    } else {
        k
    };
    match wanted {
        0 => Steps::Fixed(0),
        1 if n & (n - 1) == 0 => Steps::Fixed(1),
        _ => Steps::Variable,
    }
}

/// The bits of the consumed words that a value `v` of [`random_range`]
/// reveals, assuming no rejection (the analysis verifies candidates).
pub(crate) fn range_known(min: i64, max: i64, v: i64, output_bits: u32) -> Option<Vec<KnownBits>> {
    if v < min || v > max {
        return None;
    }
    let umax = (max as u64).wrapping_sub(min as u64);
    let offset = (v as u64).wrapping_sub(min as u64);
    if umax <= u64::from(u32::MAX) {
        // The low 32 bits of one word.
        let k = if umax == u64::from(u32::MAX) {
            KnownBits::new(0xffff_ffff, offset)
        } else {
            mod_known(umax as u32 + 1, offset as u32)
        };
        return Some(vec![k]);
    }
    let k = if umax == u64::MAX {
        KnownBits::new(u64::MAX, offset)
    } else {
        // r % span == offset fixes the bits below span's lowest set bit.
        let t = (umax + 1).trailing_zeros();
        KnownBits::new((1u64 << t) - 1, offset)
    };
    Some(if output_bits == 32 {
        vec![
            KnownBits::new(k.mask & 0xffff_ffff, k.value & 0xffff_ffff),
            KnownBits::new(k.mask >> 32, k.value >> 32),
        ]
    } else {
        vec![k]
    })
}

/// Known bits of the word behind a float-scaled value (`map(n)` with
/// `n = word >> 1`, monotone in `n`).
fn scaled_known(map: impl Fn(u32) -> i64, min: i64, max: i64, v: i64) -> Option<Vec<KnownBits>> {
    if v < min || v > max {
        return None;
    }
    let span = max as f64 - min as f64 + 1.0;
    let fraction = ((v as f64 - min as f64) + 0.5) / span;
    let k = interval_known(|w| map(w >> 1) == v, fraction * 4_294_967_296.0)?;
    Some(vec![k])
}

// ---------------------------------------------------------------------------
// The GENs.

/// A parsed draw of the `mt_rand()`-family GENs (`php`, `php-mt-rand-php`,
/// `php5`, `php3`; the last two have only `mt-rand`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhpDraw {
    /// `mt-rand`: `mt_rand()`.
    MtRand,
    /// `mt-rand MIN MAX`: `mt_rand(MIN, MAX)`, `MIN <= MAX`.
    MtRandRange(i64, i64),
    /// `rand`: `rand()`.
    Rand,
    /// `rand MIN MAX`: `rand(MIN, MAX)` (the bounds in either order).
    RandRange(i64, i64),
    /// `shuffle N`: `shuffle(range(0, N - 1))`.
    Shuffle(u64),
    /// `str-shuffle TEXT [LEN]`: `str_shuffle(TEXT)`, or its first LEN
    /// bytes (`substr(str_shuffle(TEXT), 0, LEN)`).
    StrShuffle(Vec<u8>, Option<usize>),
    /// `array-rand N K`: `array_rand(range(0, N - 1), K)`.
    ArrayRand(u64, u64),
}

/// The PHP eras, for the shared parsing and evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Era {
    /// PHP 7.1+ default mode.
    Modern,
    /// PHP 7.1+ `MT_RAND_PHP`.
    MtRandPhp,
    /// PHP 3.0.7 to 7.0.x (`php5`, `php3`): `mt_rand` only.
    Old,
}

const MODERN_DRAWS: &[DrawInfo] = &[
    DrawInfo {
        syntax: "mt-rand [MIN MAX]",
        help: "mt_rand(): the word >> 1 (1 step); mt_rand(MIN, MAX): uniform by rejection (MIN <= MAX; 1 step per attempt below a span of 2^32, else 2; fixed when the span is a power of two)",
    },
    DrawInfo {
        syntax: "rand [MIN MAX]",
        help: "rand(): as mt_rand(); rand(MIN, MAX): mt_rand with the bounds swapped when MAX < MIN (steps as mt_rand)",
    },
    DrawInfo {
        syntax: "shuffle N",
        help: "shuffle(range(0, N - 1)): the permutation, Fisher-Yates from the end (N - 1 index draws, variable steps)",
    },
    DrawInfo {
        syntax: "str-shuffle TEXT [LEN]",
        help: "str_shuffle(TEXT): the shuffled bytes, in hex (as shuffle, on the bytes: variable steps); with LEN the first LEN of them, substr(str_shuffle(TEXT), 0, LEN) (the whole shuffle is drawn)",
    },
    DrawInfo {
        syntax: "array-rand N K",
        help: "array_rand(range(0, N - 1), K): the K keys in order (variable steps)",
    },
];

const MT_RAND_PHP_DRAWS: &[DrawInfo] = &[
    DrawInfo {
        syntax: "mt-rand [MIN MAX]",
        help: "mt_rand(): the word >> 1; mt_rand(MIN, MAX): MIN + (MAX - MIN + 1.0) * (word >> 1) / 2^31, truncated (MIN <= MAX; 1 step)",
    },
    DrawInfo {
        syntax: "rand [MIN MAX]",
        help: "rand(): as mt_rand(); rand(MIN, MAX): as mt_rand with the bounds swapped when MAX < MIN (1 step)",
    },
    DrawInfo {
        syntax: "shuffle N",
        help: "shuffle(range(0, N - 1)): uniform index draws as in the default mode, on this generator (variable steps)",
    },
    DrawInfo {
        syntax: "str-shuffle TEXT [LEN]",
        help: "str_shuffle(TEXT): the shuffled bytes, in hex (variable steps); with LEN the first LEN of them",
    },
    DrawInfo {
        syntax: "array-rand N K",
        help: "array_rand(range(0, N - 1), K): the K keys in order (variable steps)",
    },
];

const OLD_DRAWS: &[DrawInfo] = &[DrawInfo {
    syntax: "mt-rand [MIN MAX]",
    help: "mt_rand(): the word >> 1; mt_rand(MIN, MAX): MIN + (long) ((MAX - MIN + 1.0) * (word >> 1) / 2^31) (MIN <= MAX; 1 step)",
}];

/// Parses a count of elements (`N`), at most [`MAX_ITEMS`].
pub(crate) fn parse_count(what: &str, text: &str) -> Result<u64, DrawError> {
    let n = parse_int::<i64>(text)?;
    if n < 0 {
        return Err(DrawError::Invalid(format!(
            "{what} needs N >= 0 (the number of elements), got {n}"
        )));
    }
    if n as u64 > MAX_ITEMS {
        return Err(DrawError::Invalid(format!(
            "{what} takes at most N = {MAX_ITEMS} elements here, got {n}"
        )));
    }
    Ok(n as u64)
}

/// Parses `N K` of `array_rand` and `pickArrayKeys`, with PHP's checks.
pub(crate) fn parse_pick(
    function: &str,
    syntax: &str,
    args: &[&str],
) -> Result<(u64, u64), DrawError> {
    crate::draw::expect_args(syntax, args)?;
    let n = parse_count(function, args[0])?;
    let k = parse_int::<i64>(args[1])?;
    if n == 0 {
        return Err(DrawError::Invalid(format!(
            "{function}(): Argument #1 ($array) cannot be empty (N must be at least 1)"
        )));
    }
    if k < 1 || k as u64 > n {
        return Err(DrawError::Invalid(format!(
            "{function}(): Argument #2 ($num) must be between 1 and the number of elements in argument #1 ($array), here 1..={n}, got {k}"
        )));
    }
    Ok((n, k as u64))
}

fn parse_php(era: Era, name: &str, args: &[&str]) -> Result<Option<PhpDraw>, DrawError> {
    let range = |syntax: &'static str| crate::draw::optional_two(syntax, args, parse_int::<i64>);
    Ok(Some(match (name, era) {
        ("mt-rand", _) => match range("mt-rand [MIN MAX]")? {
            None => PhpDraw::MtRand,
            Some((min, max)) if max < min => {
                return Err(DrawError::Invalid(if era == Era::Old {
                    format!(
                        "mt_rand(): max({max}) is smaller than min({min}): PHP warns and returns false; give MIN <= MAX"
                    )
                } else {
                    format!(
                        "mt_rand(): Argument #2 ($max) must be greater than or equal to argument #1 ($min), got MIN = {min} and MAX = {max}"
                    )
                }));
            }
            Some((min, max)) => PhpDraw::MtRandRange(min, max),
        },
        ("rand", Era::Modern | Era::MtRandPhp) => match range("rand [MIN MAX]")? {
            None => PhpDraw::Rand,
            Some((min, max)) => PhpDraw::RandRange(min, max),
        },
        ("shuffle", Era::Modern | Era::MtRandPhp) => {
            crate::draw::expect_args("shuffle N", args)?;
            PhpDraw::Shuffle(parse_count("shuffle", args[0])?)
        }
        ("str-shuffle", Era::Modern | Era::MtRandPhp) => {
            let (text, len) = match args {
                [text] => (text.as_bytes(), None),
                [text, len] => {
                    let len = parse_int::<u64>(len)?;
                    if len == 0 || len > text.len() as u64 {
                        return Err(DrawError::Invalid(format!(
                            "`str-shuffle TEXT LEN` takes LEN from 1 to TEXT's {} bytes, got {len}",
                            text.len()
                        )));
                    }
                    (text.as_bytes(), Some(len as usize))
                }
                _ => {
                    return Err(DrawError::Arity {
                        syntax: "str-shuffle TEXT [LEN]".into(),
                        found: args.len(),
                    });
                }
            };
            if text.len() as u64 > MAX_ITEMS {
                return Err(DrawError::Invalid(format!(
                    "str-shuffle takes at most {MAX_ITEMS} bytes here"
                )));
            }
            PhpDraw::StrShuffle(text.to_vec(), len)
        }
        ("array-rand", Era::Modern | Era::MtRandPhp) => {
            let (n, k) = parse_pick("array_rand", "array-rand N K", args)?;
            PhpDraw::ArrayRand(n, k)
        }
        _ => return Ok(None),
    }))
}

fn eval_php<R: WordRng>(era: Era, draw: &PhpDraw, rng: &mut R) -> DrawValue {
    let ranged = |rng: &mut R, min: i64, max: i64| match era {
        Era::Modern => random_range(rng, min, max),
        Era::MtRandPhp => mt_rand_legacy_scaling(rng, min, max),
        Era::Old => rand_range_php5(rng, min, max),
    };
    match draw {
        PhpDraw::MtRand | PhpDraw::Rand => DrawValue::I64(mt_rand(rng)),
        &PhpDraw::MtRandRange(min, max) => DrawValue::I64(ranged(rng, min, max)),
        &PhpDraw::RandRange(a, b) => DrawValue::I64(ranged(rng, a.min(b), a.max(b))),
        &PhpDraw::Shuffle(n) => {
            let mut items: Vec<i64> = (0..n as i64).collect();
            shuffle(rng, &mut items);
            DrawValue::Ints(items)
        }
        PhpDraw::StrShuffle(text, len) => {
            let mut bytes = text.clone();
            shuffle(rng, &mut bytes);
            bytes.truncate(len.unwrap_or(bytes.len()));
            DrawValue::Bytes(bytes)
        }
        &PhpDraw::ArrayRand(n, k) => DrawValue::Ints(pick_keys(rng, n, k)),
    }
}

fn steps_php(era: Era, draw: &PhpDraw) -> Steps {
    match (draw, era) {
        (&PhpDraw::MtRandRange(min, max), Era::Modern) => range_steps(min, max, 32),
        (&PhpDraw::RandRange(a, b), Era::Modern) => range_steps(a.min(b), a.max(b), 32),
        (PhpDraw::Shuffle(n), _) => shuffle_steps(*n),
        (PhpDraw::StrShuffle(text, _), _) => shuffle_steps(text.len() as u64),
        (&PhpDraw::ArrayRand(n, k), _) => pick_keys_steps(n, k),
        _ => Steps::Fixed(1),
    }
}

fn known_php(era: Era, draw: &PhpDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
    let ranged = |min: i64, max: i64| -> Option<Vec<KnownBits>> {
        let v = value.as_i64()?;
        match era {
            Era::Modern => range_known(min, max, v, 32),
            Era::MtRandPhp => scaled_known(|n| legacy_scaling_of(n, min, max), min, max, v),
            Era::Old => scaled_known(|n| rand_range_of(n, min, max), min, max, v),
        }
    };
    match draw {
        PhpDraw::MtRand | PhpDraw::Rand => {
            let v = value.as_i64()?;
            (0..=i64::from(i32::MAX))
                .contains(&v)
                .then(|| vec![KnownBits::new(0xffff_fffe, (v as u64) << 1)])
        }
        &PhpDraw::MtRandRange(min, max) => ranged(min, max),
        &PhpDraw::RandRange(a, b) => ranged(a.min(b), a.max(b)),
        PhpDraw::Shuffle(_) | PhpDraw::StrShuffle(..) | PhpDraw::ArrayRand(..) => Some(Vec::new()),
    }
}

/// The `mt_rand` draw family: `mt_rand`, `rand`, `shuffle`, `str_shuffle`
/// and `array_rand` of one PHP era (which draws it has, how it scales a
/// range), over any 32-bit MT19937 variant. The PHP GENs ([`PhpGen`],
/// [`PhpMtRandPhpGen`], [`Php5Gen`], [`Php3Gen`]) are its members; a new era
/// writes its INFO and its `mt_srand`.
///
/// ```
/// use rngkit::family::DrawFamily;
/// use rngkit::generators::Mt19937;
/// use rngkit::runtimes::php::PhpMtRand;
///
/// // PHP 5 and earlier: mt_rand only (shuffle and rand used random()).
/// let old = <PhpMtRand as DrawFamily<Mt19937>>::draws(PhpMtRand::OLD);
/// let modern = <PhpMtRand as DrawFamily<Mt19937>>::draws(PhpMtRand::MODERN);
/// assert!(old.len() < modern.len());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PhpMtRand {
    era: Era,
}

impl PhpMtRand {
    /// PHP 7.1.0+ in its default mode.
    pub const MODERN: PhpMtRand = PhpMtRand { era: Era::Modern };
    /// PHP 7.1.0+ after `mt_srand(S, MT_RAND_PHP)`.
    pub const MT_RAND_PHP: PhpMtRand = PhpMtRand {
        era: Era::MtRandPhp,
    };
    /// PHP 3.0.7 to 7.0.x: `mt_rand` only, PHP 5's scaling.
    pub const OLD: PhpMtRand = PhpMtRand { era: Era::Old };
}

impl<R: WordRng> DrawFamily<R> for PhpMtRand {
    /// `mt-rand` in every era; `rand` where `rand()` runs on MT19937
    /// (PHP 7.1+, and `MT_RAND_PHP`).
    fn idioms(self) -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        const IDIOMS: &[Idiom] = &[
            Idiom {
                name: "mt-rand",
                call: "ALPHABET[mt_rand(0, strlen(ALPHABET) - 1)] a character",
                pick: "mt-rand 0 {last}",
                first: 0,
            },
            Idiom {
                name: "rand",
                call: "ALPHABET[rand(0, strlen(ALPHABET) - 1)] a character",
                pick: "rand 0 {last}",
                first: 0,
            },
        ];
        match self.era {
            Era::Modern | Era::MtRandPhp => IDIOMS,
            Era::Old => &IDIOMS[..1],
        }
    }

    type Draw = PhpDraw;

    fn draws(self) -> &'static [DrawInfo] {
        match self.era {
            Era::Modern => MODERN_DRAWS,
            Era::MtRandPhp => MT_RAND_PHP_DRAWS,
            Era::Old => OLD_DRAWS,
        }
    }

    /// `mt_rand()`: the word >> 1, 31 bits.
    fn bare_draws(self) -> &'static [BareDraw] {
        &[BareDraw {
            draw: "mt-rand",
            yields: Yields::Int {
                bits: 31,
                signed: false,
            },
        }]
    }

    fn parse_draw(self, name: &str, args: &[&str]) -> Result<Option<PhpDraw>, DrawError> {
        parse_php(self.era, name, args)
    }

    #[inline]
    fn eval(self, draw: &PhpDraw, rng: &mut R) -> DrawValue {
        eval_php(self.era, draw, rng)
    }

    fn steps(self, draw: &PhpDraw) -> Steps {
        steps_php(self.era, draw)
    }

    fn known_bits(self, draw: &PhpDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        known_php(self.era, draw, value)
    }
}

/// The low 32 bits of the seed, as `mt_srand` takes them.
fn seed32(seed: &Seed) -> i64 {
    i64::from(seed.low_u64() as u32)
}

/// A PHP GEN: its generator, family (`mt_rand()`'s with its era, whose
/// state text is `MT_STATE_DOC`, or the `Randomizer`), texts, seeding by a
/// PHP `int` and, for the engines that take one, the string seed; PHP's GENs
/// differ in nothing else.
macro_rules! php_member {
    (@state_doc) => {
        MT_STATE_DOC
    };
    (@state_doc $doc:literal) => {
        $doc
    };
    (
        $gen:ty: $rng:ty, $family:ident $(:: $era:ident)?,
        name: $name:literal,
        aliases: $aliases:expr,
        summary: $summary:literal,
        seed_doc: $seed_doc:literal,
        $(state_doc: $state_doc:literal,)?
        versions: $versions:literal,
        seed: |$seed:ident| $srand:expr,
        $(seed_str: |$text:ident| $from_text:expr,)?
    ) => {
        impl $crate::family::Member for $gen {
            type Rng = $rng;
            type Family = $family;
            const FAMILY: $family = $family $(:: $era)?;

            const INFO: $crate::registry::GenInfo = $crate::registry::GenInfo {
                name: $name,
                aliases: $aliases,
                summary: $summary,
                seed_kind: $crate::registry::SeedKind::I64,
                seed_doc: $seed_doc,
                state_doc: php_member!(@state_doc $($state_doc)?),
                has_stream: false,
                versions: $versions,
            };

            fn seed(
                $seed: &$crate::registry::Seed,
                _: &$crate::registry::SeedOptions,
            ) -> Result<$rng, $crate::registry::SeedError> {
                Ok($srand)
            }

            $(
                fn seed_str(
                    $text: &str,
                    _: &$crate::registry::SeedOptions,
                ) -> Result<$rng, $crate::registry::SeedError> {
                    $from_text
                }
            )?
        }
    };
}
pub(crate) use php_member;

const MT_STATE_DOC: &str = "625 words of 32 bits: `left`, then mt[0..624] (untempered); mt_srand twists at once, so left = 624 after seeding";

/// The `php` GEN: PHP 7.1.0+'s `mt_rand()`, `rand()`, `shuffle()`,
/// `str_shuffle()` and `array_rand()` after `mt_srand(S)`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::php::PhpGen;
///
/// let php = of::<PhpGen>();
/// let mut rng = php.seed(&Seed::from(12345678), &Default::default()).unwrap();
/// let draw = php.parse_draw("mt-rand", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "527860569"); // mt_rand_value.phpt
/// assert!(php.parse_draw("mt-rand", &["5", "1"]).is_err()); // PHP throws a ValueError
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PhpGen;

php_member! {
    PhpGen: Mt19937, PhpMtRand::MODERN,
    name: "php",
    aliases: &["php7", "php8", "php-mt-rand"],
    summary: "PHP 7.1+ mt_rand(), rand(), shuffle(), str_shuffle(), array_rand() (MT19937)",
    seed_doc: "mt_srand(S): init_genrand with the low 32 bits of the PHP int S, then one twist",
    versions: "PHP 7.1.0 and later; mt_rand/rand ranges spanning 2^32 or more follow PHP 8.2+ (PHP 7.1 to 8.1 take the first word as the high half). Oracle: PHP 8.2 (php8.2-cli) run as a process, 20 seeds x 1000 draws of every draw; php-src mt_rand_value.phpt",
    seed: |seed| mt_srand(seed32(seed)),
}

/// The `php-mt-rand-php` GEN: PHP 7.1.0+ after `mt_srand(S, MT_RAND_PHP)`:
/// the buggy twist of PHP 5.2.1 to 7.0.x and PHP 5's scaling in
/// `mt_rand(MIN, MAX)` and `rand(MIN, MAX)`; `shuffle`, `str_shuffle` and
/// `array_rand` keep the uniform index draws.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::php::PhpMtRandPhpGen;
///
/// let g = of::<PhpMtRandPhpGen>();
/// let mut rng = g.seed(&Seed::from(12345678), &Default::default()).unwrap();
/// let draw = g.parse_draw("mt-rand", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "1614640687"); // mt_rand_value.phpt
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PhpMtRandPhpGen;

php_member! {
    PhpMtRandPhpGen: PhpLegacyMt, PhpMtRand::MT_RAND_PHP,
    name: "php-mt-rand-php",
    aliases: &["php-legacy", "mt-rand-php"],
    summary: "PHP 7.1+ mt_rand() family after mt_srand(S, MT_RAND_PHP) (PHP 5's twist bug and scaling)",
    seed_doc: "mt_srand(S, MT_RAND_PHP): init_genrand with the low 32 bits of S, then one (buggy) twist",
    versions: "PHP 8.2 and later exactly (PHP 7.1 to 8.1 overflow differently in mt_rand(MIN, MAX) when MAX - MIN >= 2^63). Oracle: PHP 8.2 (php8.2-cli) run as a process, 20 seeds x 1000 draws of every draw; php-src mt_rand_value.phpt",
    seed: |seed| PhpLegacyMt::new(seed32(seed) as u32),
}

/// The `php5` GEN: `mt_rand()` of PHP 5.2.1 to 7.0.x (the buggy twist and
/// the float scaling of `RAND_RANGE`). Its `shuffle`, `str_shuffle`,
/// `array_rand` and `rand` used the C library's `random()`, not this
/// generator, so they are not here.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::php::Php5Gen;
///
/// // The php_mt_seed README: mt_srand(1234567890) gives 1328851649, then
/// // 1423851145, on PHP 5.2.1 to 7.0.x.
/// let g = of::<Php5Gen>();
/// let mut rng = g.seed(&Seed::from(1234567890), &Default::default()).unwrap();
/// let draw = g.parse_draw("mt-rand", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "1328851649");
/// assert_eq!(draw.eval(&mut rng).format(false), "1423851145");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Php5Gen;

php_member! {
    Php5Gen: PhpLegacyMt, PhpMtRand::OLD,
    name: "php5",
    aliases: &["php-5.2.1", "php70"],
    summary: "PHP 5.2.1 to 7.0.x mt_rand() (MT19937 with PHP's twist bug)",
    seed_doc: "mt_srand(S): init_genrand with the low 32 bits of S, then one (buggy) twist",
    versions: "PHP 5.2.1 to 7.0.x (64-bit builds). Oracles: the php_mt_seed README's published outputs, php-src mt_rand_value.phpt (MT_RAND_PHP is this generator), and an independent Python reference (tests/reference/php_mt.py)",
    seed: |seed| PhpLegacyMt::new(seed32(seed) as u32),
}

/// The `php3` GEN: `mt_rand()` of PHP 3.0.7 to 5.2.0 (Cokus's seeding, the
/// standard twist, the float scaling of `RAND_RANGE`).
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::php::Php3Gen;
///
/// // The php_mt_seed README: seed 1272978112 gives 1871584565 on PHP 3.0.7 to 5.2.0.
/// let g = of::<Php3Gen>();
/// let mut rng = g.seed(&Seed::from(1272978112), &Default::default()).unwrap();
/// let draw = g.parse_draw("mt-rand", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "1871584565");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Php3Gen;

php_member! {
    Php3Gen: Mt19937, PhpMtRand::OLD,
    name: "php3",
    aliases: &["php4", "php-3.0.7"],
    summary: "PHP 3.0.7 to 5.2.0 mt_rand() (MT19937 with Cokus's seeding)",
    seed_doc: "mt_srand(S): block = (S | 1) * 69069^i with the low 32 bits of S (even and odd seeds pair up), then one twist",
    versions: "PHP 3.0.7 to 5.2.0 (PHP 3.0.6's mt_rand(MIN, MAX) was broken; mt_rand() matches it too). Oracles: the php_mt_seed README's published outputs and an independent Python reference (tests/reference/php_mt.py)",
    seed: |seed| php3_mt_srand(seed32(seed)),
}
