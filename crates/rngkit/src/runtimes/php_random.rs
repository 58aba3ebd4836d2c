//! PHP 8.2's Random extension: the engines `Random\Engine\Mt19937`,
//! `Random\Engine\PcgOneseq128XslRr64` and `Random\Engine\Xoshiro256StarStar`
//! constructed with an int seed, driven directly (`generate()`) or through
//! `Random\Randomizer`. The GENs `php-mt19937`, `php-pcg64` and
//! `php-xoshiro256ss`.
//!
//! From php-src `ext/random/`:
//! * `generate()` returns the engine's output as a little-endian binary
//!   string: 4 bytes for MT19937, 8 for the other two (one raw step).
//! * `Randomizer::nextInt()` is `generate() >> 1` (31 bits for MT19937, 63
//!   for the 64-bit engines).
//! * `Randomizer::getInt(MIN, MAX)` is `php_random_range`
//!   ([`random_range`]): spans below 2^32 take the low 32 bits of one
//!   output per attempt, wider spans 64 bits (two MT19937 words, the first
//!   in the low half).
//! * `Randomizer::getBytes(N)` concatenates whole outputs little-endian and
//!   cuts the last one.
//! * `shuffleArray`, `shuffleBytes` and `pickArrayKeys` are `shuffle`,
//!   `str_shuffle` and `array_rand` on the engine.
//! * Seeding with an int: `Mt19937` is `mt_srand` (low 32 bits);
//!   `PcgOneseq128XslRr64` is `pcg_oneseq_128_srandom_r` of the int as an
//!   unsigned 64-bit value; `Xoshiro256StarStar` fills its four words with
//!   SplitMix64 outputs started from the int.

use alloc::format;
use alloc::string::ToString;
use alloc::vec::Vec;

use crate::WordRng;
use crate::draw::{DrawError, DrawValue};
use crate::generators::{Mt19937, Xoshiro256StarStar};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{DrawInfo, SeedError, Steps};
use crate::runtimes::pcg64::Pcg64;
use crate::runtimes::php::{
    MAX_ITEMS, mt_srand, parse_count, parse_pick, php_member, pick_keys, pick_keys_steps,
    random_range, range_known, range_steps, shuffle, shuffle_steps,
};

/// `new Random\Engine\PcgOneseq128XslRr64(seed)` with an int seed: the
/// oneseq PCG seeded with the int's 64 bits (sign bits not extended).
///
/// ```
/// use rngkit::runtimes::php_random::pcg_oneseq_from_int;
/// use rngkit::rand_core::Rng;
///
/// // PHP 8.2: (new Random\Engine\PcgOneseq128XslRr64(42))->generate() is
/// // the bytes 5a70f57fe8727428.
/// let mut rng = pcg_oneseq_from_int(42);
/// assert_eq!(rng.next_u64().to_le_bytes(), [0x5a, 0x70, 0xf5, 0x7f, 0xe8, 0x72, 0x74, 0x28]);
/// ```
pub fn pcg_oneseq_from_int(seed: i64) -> Pcg64 {
    Pcg64::oneseq(u128::from(seed as u64))
}

/// `new Random\Engine\PcgOneseq128XslRr64(string $seed)` with a 16-byte
/// string: the seed is two little-endian 64-bit words, the first one the
/// *high* half of the 128-bit seed.
///
/// # Errors
/// PHP's message when the string is not 16 bytes long.
pub fn pcg_oneseq_from_bytes(seed: &[u8]) -> Result<Pcg64, SeedError> {
    let bytes: [u8; 16] = seed.try_into().map_err(|_| {
        SeedError(format!(
            "PcgOneseq128XslRr64::__construct(): Argument #1 ($seed) must be a 16 byte (128 bit) string, got {} bytes",
            seed.len()
        ))
    })?;
    let mut hi = [0u8; 8];
    let mut lo = [0u8; 8];
    hi.copy_from_slice(&bytes[..8]);
    lo.copy_from_slice(&bytes[8..]);
    Ok(Pcg64::oneseq(
        (u128::from(u64::from_le_bytes(hi)) << 64) | u128::from(u64::from_le_bytes(lo)),
    ))
}

/// `new Random\Engine\Xoshiro256StarStar(seed)` with an int seed: four
/// SplitMix64 outputs started from the int's 64 bits.
///
/// ```
/// use rngkit::runtimes::php_random::xoshiro_from_int;
///
/// // PHP 8.2: (new Random\Engine\Xoshiro256StarStar(42))->__serialize()[1][0]
/// // is "956eeb2f2632d7bd" (little-endian hex).
/// assert_eq!(xoshiro_from_int(42).state()[0], 0xbdd7_3226_2feb_6e95);
/// ```
pub fn xoshiro_from_int(seed: i64) -> Xoshiro256StarStar {
    <Xoshiro256StarStar as rand_core::SeedableRng>::seed_from_u64(seed as u64)
}

/// `new Random\Engine\Xoshiro256StarStar(string $seed)` with a 32-byte
/// string: four little-endian 64-bit words, `s[0]` first.
///
/// # Errors
/// PHP's messages when the string is not 32 bytes long or is all NUL.
pub fn xoshiro_from_bytes(seed: &[u8]) -> Result<Xoshiro256StarStar, SeedError> {
    if seed.len() != 32 {
        return Err(SeedError(format!(
            "Xoshiro256StarStar::__construct(): Argument #1 ($seed) must be a 32 byte (256 bit) string, got {} bytes",
            seed.len()
        )));
    }
    let mut s = [0u64; 4];
    for (word, chunk) in s.iter_mut().zip(seed.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *word = u64::from_le_bytes(b);
    }
    Xoshiro256StarStar::from_state(s).map_err(|_| {
        SeedError(
            "Xoshiro256StarStar::__construct(): Argument #1 ($seed) must not consist entirely of NUL bytes"
                .to_string(),
        )
    })
}

/// The engine's output as `generate()` returns it: little-endian bytes.
fn generate_bytes<R: WordRng>(rng: &mut R) -> Vec<u8> {
    let word = rng.next_word();
    word.to_le_bytes()[..(R::OUTPUT_BITS / 8) as usize].to_vec()
}

/// `Random\Randomizer::getBytes(n)`: whole outputs, little-endian, the
/// last one cut to length.
///
/// ```
/// use rngkit::runtimes::php_random::{get_bytes, pcg_oneseq_from_int};
///
/// // PHP 8.2: getBytes(8) on a fresh engine is its first output, 5a70f57fe8727428.
/// let mut rng = pcg_oneseq_from_int(42);
/// assert_eq!(get_bytes(&mut rng, 8), [0x5a, 0x70, 0xf5, 0x7f, 0xe8, 0x72, 0x74, 0x28]);
/// ```
pub fn get_bytes<R: WordRng>(rng: &mut R, n: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(n);
    while bytes.len() < n {
        let chunk = generate_bytes(rng);
        let take = chunk.len().min(n - bytes.len());
        bytes.extend_from_slice(&chunk[..take]);
    }
    bytes
}

/// `Random\Randomizer::nextInt()`: the output shifted right once.
pub fn next_int<R: WordRng>(rng: &mut R) -> i64 {
    (rng.next_word() >> 1) as i64
}

/// A parsed `Random\Randomizer` (or engine) draw of the PHP 8.2 engine GENs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RandomizerDraw {
    /// `generate`: `$engine->generate()`, in hex.
    Generate,
    /// `next-int`: `nextInt()`.
    NextInt,
    /// `get-int MIN MAX`: `getInt(MIN, MAX)`, `MIN <= MAX`.
    GetInt(i64, i64),
    /// `get-bytes N`: `getBytes(N)`, `N >= 1`, in hex.
    GetBytes(u64),
    /// `shuffle-array N`: `shuffleArray(range(0, N - 1))`.
    ShuffleArray(u64),
    /// `shuffle-bytes TEXT`: `shuffleBytes(TEXT)`, in hex.
    ShuffleBytes(Vec<u8>),
    /// `pick-array-keys N K`: `pickArrayKeys(range(0, N - 1), K)`.
    PickArrayKeys(u64, u64),
}

fn draw_infos(bits: u32) -> &'static [DrawInfo] {
    // The draws whose text is the same for both word widths.
    const SHUFFLE_ARRAY: DrawInfo = DrawInfo {
        syntax: "shuffle-array N",
        help: "Randomizer::shuffleArray(range(0, N - 1)) (variable steps)",
    };
    const SHUFFLE_BYTES: DrawInfo = DrawInfo {
        syntax: "shuffle-bytes TEXT",
        help: "Randomizer::shuffleBytes(TEXT), in hex (variable steps)",
    };
    const PICK_ARRAY_KEYS: DrawInfo = DrawInfo {
        syntax: "pick-array-keys N K",
        help: "Randomizer::pickArrayKeys(range(0, N - 1), K) (variable steps)",
    };
    const DRAWS_32: &[DrawInfo] = &[
        DrawInfo {
            syntax: "generate",
            help: "$engine->generate(): the 4 output bytes, little-endian, in hex (1 step)",
        },
        DrawInfo {
            syntax: "next-int",
            help: "Randomizer::nextInt(): the word >> 1 (1 step)",
        },
        DrawInfo {
            syntax: "get-int MIN MAX",
            help: "Randomizer::getInt(MIN, MAX): uniform by rejection, MIN <= MAX (1 step per attempt below a span of 2^32, else 2; fixed when the span is a power of two)",
        },
        DrawInfo {
            syntax: "get-bytes N",
            help: "Randomizer::getBytes(N): whole words little-endian, in hex (ceil(N / 4) steps)",
        },
        SHUFFLE_ARRAY,
        SHUFFLE_BYTES,
        PICK_ARRAY_KEYS,
    ];
    const DRAWS_64: &[DrawInfo] = &[
        DrawInfo {
            syntax: "generate",
            help: "$engine->generate(): the 8 output bytes, little-endian, in hex (1 step)",
        },
        DrawInfo {
            syntax: "next-int",
            help: "Randomizer::nextInt(): the output >> 1 (1 step)",
        },
        DrawInfo {
            syntax: "get-int MIN MAX",
            help: "Randomizer::getInt(MIN, MAX): uniform by rejection on the low 32 bits (span below 2^32) or all 64, MIN <= MAX (1 step per attempt; fixed when the span is a power of two)",
        },
        DrawInfo {
            syntax: "get-bytes N",
            help: "Randomizer::getBytes(N): whole outputs little-endian, in hex (ceil(N / 8) steps)",
        },
        SHUFFLE_ARRAY,
        SHUFFLE_BYTES,
        PICK_ARRAY_KEYS,
    ];
    if bits == 32 { DRAWS_32 } else { DRAWS_64 }
}

fn parse_randomizer(name: &str, args: &[&str]) -> Result<Option<RandomizerDraw>, DrawError> {
    use crate::draw::{expect_args, no_args, two};
    Ok(Some(match name {
        "generate" => return no_args(RandomizerDraw::Generate, name, args),
        "next-int" => return no_args(RandomizerDraw::NextInt, name, args),
        "get-int" => {
            let (min, max) = two("get-int MIN MAX", args, parse_int::<i64>)?;
            if max < min {
                return Err(DrawError::Invalid(format!(
                    "Random\\Randomizer::getInt(): Argument #2 ($max) must be greater than or equal to argument #1 ($min), got MIN = {min} and MAX = {max}"
                )));
            }
            RandomizerDraw::GetInt(min, max)
        }
        "get-bytes" => {
            expect_args("get-bytes N", args)?;
            let n = parse_count("get-bytes", args[0])?;
            if n < 1 {
                return Err(DrawError::Invalid(
                    "Random\\Randomizer::getBytes(): Argument #1 ($length) must be greater than 0"
                        .to_string(),
                ));
            }
            RandomizerDraw::GetBytes(n)
        }
        "shuffle-array" => {
            expect_args("shuffle-array N", args)?;
            RandomizerDraw::ShuffleArray(parse_count("shuffle-array", args[0])?)
        }
        "shuffle-bytes" => {
            expect_args("shuffle-bytes TEXT", args)?;
            let text = args[0].as_bytes();
            if text.len() as u64 > MAX_ITEMS {
                return Err(DrawError::Invalid(format!(
                    "shuffle-bytes takes at most {MAX_ITEMS} bytes here"
                )));
            }
            RandomizerDraw::ShuffleBytes(text.to_vec())
        }
        "pick-array-keys" => {
            let (n, k) = parse_pick(
                "Random\\Randomizer::pickArrayKeys",
                "pick-array-keys N K",
                args,
            )?;
            RandomizerDraw::PickArrayKeys(n, k)
        }
        _ => return Ok(None),
    }))
}

fn eval_randomizer<R: WordRng>(draw: &RandomizerDraw, rng: &mut R) -> DrawValue {
    match *draw {
        RandomizerDraw::Generate => DrawValue::Bytes(generate_bytes(rng)),
        RandomizerDraw::NextInt => DrawValue::I64(next_int(rng)),
        RandomizerDraw::GetInt(min, max) => DrawValue::I64(random_range(rng, min, max)),
        RandomizerDraw::GetBytes(n) => DrawValue::Bytes(get_bytes(rng, n as usize)),
        RandomizerDraw::ShuffleArray(n) => {
            let mut items: Vec<i64> = (0..n as i64).collect();
            shuffle(rng, &mut items);
            DrawValue::Ints(items)
        }
        RandomizerDraw::ShuffleBytes(ref text) => {
            let mut bytes = text.clone();
            shuffle(rng, &mut bytes);
            DrawValue::Bytes(bytes)
        }
        RandomizerDraw::PickArrayKeys(n, k) => DrawValue::Ints(pick_keys(rng, n, k)),
    }
}

fn steps_randomizer(draw: &RandomizerDraw, bits: u32) -> Steps {
    let size = u64::from(bits / 8);
    match *draw {
        RandomizerDraw::Generate | RandomizerDraw::NextInt => Steps::Fixed(1),
        RandomizerDraw::GetInt(min, max) => range_steps(min, max, bits),
        RandomizerDraw::GetBytes(n) => Steps::Fixed(n.div_ceil(size)),
        RandomizerDraw::ShuffleArray(n) => shuffle_steps(n),
        RandomizerDraw::ShuffleBytes(ref text) => shuffle_steps(text.len() as u64),
        RandomizerDraw::PickArrayKeys(n, k) => pick_keys_steps(n, k),
    }
}

/// The bytes of a hex value (`0x` optional).
fn hex_bytes(value: &ObservedValue) -> Option<Vec<u8>> {
    let text = value.text();
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(digits.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Known bits of whole little-endian outputs laid end to end (`generate`,
/// `getBytes`).
fn bytes_known(bytes: &[u8], n: usize, bits: u32) -> Option<Vec<KnownBits>> {
    if bytes.len() != n {
        return None;
    }
    let size = (bits / 8) as usize;
    Some(crate::observe::le_words_known(bytes, size))
}

fn known_randomizer(
    draw: &RandomizerDraw,
    value: &ObservedValue,
    bits: u32,
) -> Option<Vec<KnownBits>> {
    let width = if bits == 32 { 0xffff_ffff } else { u64::MAX };
    match *draw {
        RandomizerDraw::Generate => bytes_known(&hex_bytes(value)?, (bits / 8) as usize, bits),
        RandomizerDraw::NextInt => {
            let v = value.as_i64()?;
            (v >= 0 && (v as u64) <= width >> 1)
                .then(|| alloc::vec![KnownBits::new(width & !1, (v as u64) << 1)])
        }
        RandomizerDraw::GetInt(min, max) => range_known(min, max, value.as_i64()?, bits),
        RandomizerDraw::GetBytes(n) => bytes_known(&hex_bytes(value)?, n as usize, bits),
        RandomizerDraw::ShuffleArray(_)
        | RandomizerDraw::ShuffleBytes(_)
        | RandomizerDraw::PickArrayKeys(..) => Some(Vec::new()),
    }
}

/// The `Random\Randomizer` draw family: PHP 8.2's Randomizer methods
/// over one `Random\Engine`, whose word width (32 or 64 bits, the
/// generator's output width) sets what `generate` returns and how ranges
/// are drawn. The `php-*` engine GENs ([`PhpMt19937Gen`], [`PhpPcg64Gen`],
/// [`PhpXoshiro256ssGen`]) are its members; a new engine writes its INFO and
/// its constructor.
///
/// ```
/// use rngkit::family::DrawFamily;
/// use rngkit::runtimes::pcg64::Pcg64;
/// use rngkit::runtimes::php_random::PhpRandomizer;
///
/// let draws = <PhpRandomizer as DrawFamily<Pcg64>>::draws(PhpRandomizer);
/// assert!(draws.iter().any(|d| d.syntax == "generate"));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PhpRandomizer;

crate::family::family_of_fns!(
    impl[WordRng] PhpRandomizer, RandomizerDraw,
    draw_infos, parse_randomizer, eval_randomizer, steps_randomizer, known_randomizer,
    {}
);

/// The `php-mt19937` GEN: `new Random\Engine\Mt19937(S)` (mode
/// `MT_RAND_MT19937`) with `Random\Randomizer`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::php_random::PhpMt19937Gen;
///
/// let g = of::<PhpMt19937Gen>();
/// let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
/// let shuffled = g.parse_draw("shuffle-array", &["10"]).unwrap();
/// // PHP 8.2: (new Randomizer(new Mt19937(42)))->shuffleArray(range(0, 9)).
/// assert_eq!(shuffled.eval(&mut rng).format(false), "1 3 9 7 6 0 8 4 5 2");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PhpMt19937Gen;

php_member! {
    PhpMt19937Gen: Mt19937, PhpRandomizer,
    name: "php-mt19937",
    aliases: &["php-random-mt19937"],
    summary: "PHP 8.2+ Random\\Engine\\Mt19937 with Random\\Randomizer",
    seed_doc: "new Mt19937(S): init_genrand with the low 32 bits of S, then one twist (as mt_srand)",
    state_doc: "625 words of 32 bits: `left`, then mt[0..624] (untempered); the constructor twists at once, so left = 624",
    versions: "PHP 8.2 and later. Oracle: PHP 8.2 (php8.2-cli) run as a process, 20 seeds x 1000 draws of every draw",
    seed: |seed| mt_srand(seed.low_u64() as i64),
}

/// An engine seeded by a PHP int (`$from_int`) or a string seed
/// (`$from_bytes`); the two such engines differ in nothing else.
macro_rules! seeded_engine {
    (
        $gen:ty: $rng:ty, $from_int:path, $from_bytes:path,
        name: $name:literal,
        aliases: $aliases:expr,
        summary: $summary:literal,
        seed_doc: $seed_doc:literal,
        state_doc: $state_doc:literal,
        versions: $versions:literal,
    ) => {
        php_member! {
            $gen: $rng, PhpRandomizer,
            name: $name,
            aliases: $aliases,
            summary: $summary,
            seed_doc: $seed_doc,
            state_doc: $state_doc,
            versions: $versions,
            seed: |seed| $from_int(seed.low_u64() as i64),
            seed_str: |text| $from_bytes(text.as_bytes()),
        }
    };
}

/// The `php-pcg64` GEN: `new Random\Engine\PcgOneseq128XslRr64(S)` with
/// `Random\Randomizer`; `--seed-str` takes PHP's 16-byte string seed.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::php_random::PhpPcg64Gen;
///
/// let g = of::<PhpPcg64Gen>();
/// let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
/// let generate = g.parse_draw("generate", &[]).unwrap();
/// assert_eq!(generate.eval(&mut rng).format(false), "5a70f57fe8727428"); // PHP 8.2
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PhpPcg64Gen;

seeded_engine! {
    PhpPcg64Gen: Pcg64, pcg_oneseq_from_int, pcg_oneseq_from_bytes,
    name: "php-pcg64",
    aliases: &["php-pcgoneseq128xslrr64", "php-pcg"],
    summary: "PHP 8.2+ Random\\Engine\\PcgOneseq128XslRr64 with Random\\Randomizer",
    seed_doc: "new PcgOneseq128XslRr64(S): state 0, step, add S as an unsigned 64-bit value, step; --seed-str TEXT: the 16-byte string seed",
    state_doc: "4 words of 64 bits: state hi, state lo, increment hi, increment lo (PHP's increment is fixed: 5851f42d4c957f2d 14057b7ef767814f)",
    versions: "PHP 8.2 and later. Oracle: PHP 8.2 (php8.2-cli) run as a process, 20 seeds x 1000 draws of every draw",
}

/// The `php-xoshiro256ss` GEN: `new Random\Engine\Xoshiro256StarStar(S)`
/// with `Random\Randomizer`; `--seed-str` takes PHP's 32-byte string seed.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::php_random::PhpXoshiro256ssGen;
///
/// let g = of::<PhpXoshiro256ssGen>();
/// let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
/// let generate = g.parse_draw("generate", &[]).unwrap();
/// assert_eq!(generate.eval(&mut rng).format(false), "16c72e0c2e0b7815"); // PHP 8.2
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PhpXoshiro256ssGen;

seeded_engine! {
    PhpXoshiro256ssGen: Xoshiro256StarStar, xoshiro_from_int, xoshiro_from_bytes,
    name: "php-xoshiro256ss",
    aliases: &["php-xoshiro256starstar", "php-xoshiro"],
    summary: "PHP 8.2+ Random\\Engine\\Xoshiro256StarStar with Random\\Randomizer",
    seed_doc: "new Xoshiro256StarStar(S): four SplitMix64 outputs started from S's 64 bits; --seed-str TEXT: the 32-byte string seed",
    state_doc: "4 words of 64 bits: s[0] s[1] s[2] s[3]",
    versions: "PHP 8.2 and later. Oracle: PHP 8.2 (php8.2-cli) run as a process, 20 seeds x 1000 draws of every draw",
}
