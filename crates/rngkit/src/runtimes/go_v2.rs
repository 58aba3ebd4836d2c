//! Go's `math/rand/v2` (Go 1.22+): the sources `rand.NewPCG(seed1, seed2)`
//! and `rand.NewChaCha8(seed)` under `rand.New(src)`, and the methods of
//! `*rand.Rand`, two GENs (`go-pcg`, `go-chacha8`) sharing one draw family
//! ([`GoV2Rand`]).
//!
//! **PCG** (`src/math/rand/v2/pcg.go`): a 128-bit LCG, the state times a
//! multiplier plus an increment mod 2^128, with PCG's default 128-bit
//! multiplier and increment (the constants
//! [`MULTIPLIER`] and
//! [`DEFAULT_INCREMENT`]); each
//! `Uint64()` steps first and outputs the new state through DXSM ("double
//! xorshift multiply" of the high word `hi` and low word `lo`: `hi ^= hi >>
//! 32`, `hi *= 0xda942042e4dd58b5`, `hi ^= hi >> 48`, `hi *= lo | 1`).
//! `NewPCG(seed1, seed2)` *is* the state: `hi = seed1`, `lo = seed2`,
//! nothing is mixed.
//!
//! **ChaCha8** (`src/internal/chacha8rand`, specified at
//! <https://c2sp.org/chacha8rand>): the 32-byte seed is a ChaCha8 key (8
//! little-endian 32-bit words); one iteration runs ChaCha8 with counters 0
//! to 15 and a zero nonce, four blocks at a time (counters `c..c+4`) with
//! their 32-bit words interleaved: the `k`-th 64-bit output of a group of
//! four blocks is word `k / 2` of block `2 (k mod 2)` (low half) and of
//! block `2 (k mod 2) + 1` (high half). Only key words 4..11 get the input
//! added back after the 8 rounds (the others are what the specification
//! calls "subtracting the constants and the counter"). Of the 128 words of
//! an iteration the first 124 are output and the last 4 are the next key.
//!
//! **The methods** (`src/math/rand/v2/rand.go`, read at golang/go commit
//! 0061fdb4): `Int64` and `Int` are the word's low 63 bits, `Uint32` its
//! high half, `Int32` its top 31 bits, `Float64` the low 53 bits over
//! 2^53, `Float32` the low 24 bits of `Uint32` over 2^24; every bounded
//! method (`Int64N`, `Int32N`, `IntN`, `Uint64N`, `Uint32N`) is `uint64n`:
//! a mask for a power of two, else Lemire's multiply-high with rejection
//! while the product's low half is below `2^64 mod n`; `Shuffle` swaps `i`
//! with `uint64n(i + 1)` for `i` from `n - 1` down to 1, and `Perm(n)` is
//! `Shuffle` of `0..n`.
//!
//! Debian's Go (1.19) has no `math/rand/v2`, so the streams are proven on
//! the vectors published in Go's own tests (`pcg_test.go`'s `TestPCG`,
//! `chacha8_test.go`'s `chacha8output`) and the methods on a Go 1.19
//! program that implements them over a raw-word source
//! (`tests/runtime_go2.rs`).

use alloc::format;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue};
use crate::family::{DrawFamily, Member};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{
    BareDraw, DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps, Yields,
};
use crate::runtimes::go::{length, listed_with_arity};
use crate::runtimes::pcg64::{DEFAULT_INCREMENT, MULTIPLIER};
use crate::state::words_u64;
use crate::{StateError, StateWords, WordRng};

/// The most elements `perm N` and `shuffle N` accept (Go itself is limited
/// only by memory).
pub const MAX_ITEMS: u64 = 1 << 24;

// ---------------------------------------------------------------------------
// PCG

/// DXSM's 64-bit multiplier (pcg-cpp's "cheap multiplier").
const CHEAP_MUL: u64 = 0xda94_2042_e4dd_58b5;

/// Go's `rand.PCG`: the 128-bit LCG state `hi:lo`; each step moves the
/// state, then outputs DXSM of the new state.
///
/// ```
/// use rngkit::runtimes::go_v2::GoPcg;
///
/// // Go's src/math/rand/v2/pcg_test.go, TestPCG: NewPCG(1, 2)'s first
/// // Uint64 values.
/// let mut p = GoPcg::new(1, 2);
/// assert_eq!(p.uint64(), 0xc4f5a58656eef510);
/// assert_eq!(p.uint64(), 0x9dcec3ad077dec6c);
/// assert_eq!(p.uint64(), 0xc8d04605312f8088);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GoPcg {
    state: u128,
}

impl GoPcg {
    /// `rand.NewPCG(seed1, seed2)`: the state's high and low words.
    pub const fn new(seed1: u64, seed2: u64) -> Self {
        GoPcg {
            state: ((seed1 as u128) << 64) | seed2 as u128,
        }
    }

    /// The 128-bit state (`hi << 64 | lo`).
    pub const fn state(&self) -> u128 {
        self.state
    }

    /// The generator with this 128-bit state.
    pub const fn from_state(state: u128) -> Self {
        GoPcg { state }
    }

    /// `Uint64()`: one step, DXSM of the new state.
    #[inline]
    pub fn uint64(&mut self) -> u64 {
        self.state = self
            .state
            .wrapping_mul(MULTIPLIER)
            .wrapping_add(DEFAULT_INCREMENT);
        let mut hi = (self.state >> 64) as u64;
        let lo = self.state as u64;
        hi ^= hi >> 32;
        hi = hi.wrapping_mul(CHEAP_MUL);
        hi ^= hi >> 48;
        hi.wrapping_mul(lo | 1)
    }

    /// Moves `delta` steps (modulo 2^128) in O(log delta) (Brown's method,
    /// [`affine_power_u128`](crate::engines::lcg::affine_power_u128)).
    ///
    /// ```
    /// use rngkit::runtimes::go_v2::GoPcg;
    ///
    /// let mut a = GoPcg::new(1, 2);
    /// let mut b = a.clone();
    /// a.advance(1000);
    /// for _ in 0..1000 {
    ///     b.uint64();
    /// }
    /// assert_eq!(a, b);
    /// ```
    pub fn advance(&mut self, delta: u128) {
        let (mult, plus) =
            crate::engines::lcg::affine_power_u128(MULTIPLIER, DEFAULT_INCREMENT, delta);
        self.state = mult.wrapping_mul(self.state).wrapping_add(plus);
    }

    #[inline]
    fn next_output(&mut self) -> u64 {
        self.uint64()
    }
}

crate::generators::impl_rng_u64!(GoPcg, scalar);

impl StateWords for GoPcg {
    const NAME: &'static str = "go-pcg";
    const WORD_BITS: u32 = 64;
    /// hi, lo (Go's `PCG` fields, the order `MarshalBinary` writes).
    const WORD_COUNT: usize = 2;
    const FREE_BITS: u32 = 128;

    fn to_words(&self) -> Vec<u64> {
        alloc::vec![(self.state >> 64) as u64, self.state as u64]
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let [hi, lo] = words_u64::<2>(Self::NAME, words)?;
        Ok(GoPcg::new(hi, lo))
    }
}

// ---------------------------------------------------------------------------
// ChaCha8

/// 64-bit words of one block call (4 interleaved ChaCha8 blocks).
const CHUNK: u32 = 32;
/// Counter increment between block calls, and the counter at which the
/// key is replaced.
const CTR_INC: u32 = 4;
const CTR_MAX: u32 = 16;
/// Words of the last block call kept back as the next key.
const RESEED: u32 = 4;
/// The most words an iteration outputs (`used`'s maximum).
pub const CHACHA8_USED_MAX: u64 = ((CTR_MAX / CTR_INC) * CHUNK - RESEED) as u64;

/// ChaCha's quarter round.
#[inline(always)]
fn qr(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

/// chacha8rand's block function: 4 ChaCha8 blocks (counters `counter` to
/// `counter + 3`) interleaved into 32 words.
fn chacha8_block(key: &[u64; 4], counter: u32, out: &mut [u64; 32]) {
    let mut k = [0u32; 8];
    for (i, w) in key.iter().enumerate() {
        k[2 * i] = *w as u32;
        k[2 * i + 1] = (*w >> 32) as u32;
    }
    let mut blocks = [[0u32; 16]; 4];
    for (j, block) in blocks.iter_mut().enumerate() {
        // "expand 32-byte k", the key, the counter, a zero nonce.
        let mut x = [0u32; 16];
        x[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
        x[4..12].copy_from_slice(&k);
        x[12] = counter.wrapping_add(j as u32);
        for _ in 0..4 {
            qr(&mut x, 0, 4, 8, 12);
            qr(&mut x, 1, 5, 9, 13);
            qr(&mut x, 2, 6, 10, 14);
            qr(&mut x, 3, 7, 11, 15);
            qr(&mut x, 0, 5, 10, 15);
            qr(&mut x, 1, 6, 11, 12);
            qr(&mut x, 2, 7, 8, 13);
            qr(&mut x, 3, 4, 9, 14);
        }
        // Only the key words get the input added back.
        for i in 0..8 {
            x[4 + i] = x[4 + i].wrapping_add(k[i]);
        }
        *block = x;
    }
    for (n, word) in out.iter_mut().enumerate() {
        let row = n / 2;
        let pair = 2 * (n % 2);
        *word = u64::from(blocks[pair][row]) | (u64::from(blocks[pair + 1][row]) << 32);
    }
}

/// Go's `rand.ChaCha8` (its `chacha8rand.State`): the key, the buffer of
/// the current block call, its counter and the read position.
///
/// ```
/// use rngkit::runtimes::go_v2::GoChaCha8;
///
/// // Go's src/math/rand/v2/chacha8_test.go (and
/// // src/internal/chacha8rand/rand_test.go): NewChaCha8 of the bytes
/// // "ABCDEFGHIJKLMNOPQRSTUVWXYZ123456", its first Uint64 values.
/// let mut c = GoChaCha8::new(*b"ABCDEFGHIJKLMNOPQRSTUVWXYZ123456");
/// assert_eq!(c.uint64(), 0xb773b6063d4616a5);
/// assert_eq!(c.uint64(), 0x1160af22a66abc3c);
/// ```
#[derive(Clone, Debug)]
pub struct GoChaCha8 {
    key: [u64; 4],
    buf: [u64; 32],
    c: u32,
    i: u32,
    n: u32,
}

impl PartialEq for GoChaCha8 {
    /// Equal when they will give the same stream: the same key and
    /// position (`c = 0, i = 32` and `c = 4, i = 0` are one place).
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key && self.used() == other.used()
    }
}

impl GoChaCha8 {
    /// `rand.NewChaCha8(seed)`.
    pub fn new(seed: [u8; 32]) -> Self {
        let mut key = [0u64; 4];
        for (i, w) in key.iter_mut().enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(&seed[8 * i..8 * i + 8]);
            *w = u64::from_le_bytes(b);
        }
        Self::at(key, 0)
    }

    /// The generator with key `key` (the seed's little-endian words) that
    /// has output `used` words of its current iteration (Go's `Marshal`
    /// form; `used <= 124`).
    fn at(key: [u64; 4], used: u64) -> Self {
        debug_assert!(used <= CHACHA8_USED_MAX);
        let c = CTR_INC * (used as u32 / CHUNK);
        let mut s = GoChaCha8 {
            key,
            buf: [0; 32],
            c,
            i: used as u32 % CHUNK,
            n: if c == CTR_MAX - CTR_INC {
                CHUNK - RESEED
            } else {
                CHUNK
            },
        };
        chacha8_block(&s.key, s.c, &mut s.buf);
        s
    }

    /// The current key (the seed's words until the first iteration ends).
    pub fn key(&self) -> [u64; 4] {
        self.key
    }

    /// The words output so far in this iteration, 0 to 124 (Go's
    /// `Marshal` counts them so).
    pub fn used(&self) -> u64 {
        u64::from((self.c / CTR_INC) * CHUNK + self.i)
    }

    /// The next block call; at the end of an iteration the last 4 words
    /// become the key.
    fn refill(&mut self) {
        self.c += CTR_INC;
        if self.c == CTR_MAX {
            self.key
                .copy_from_slice(&self.buf[(CHUNK - RESEED) as usize..]);
            self.c = 0;
        }
        chacha8_block(&self.key, self.c, &mut self.buf);
        self.i = 0;
        self.n = if self.c == CTR_MAX - CTR_INC {
            CHUNK - RESEED
        } else {
            CHUNK
        };
    }

    /// `Uint64()`.
    #[inline]
    pub fn uint64(&mut self) -> u64 {
        if self.i >= self.n {
            self.refill();
        }
        let x = self.buf[self.i as usize];
        self.i += 1;
        x
    }

    #[inline]
    fn next_output(&mut self) -> u64 {
        self.uint64()
    }
}

crate::generators::impl_rng_u64!(GoChaCha8, scalar);

impl StateWords for GoChaCha8 {
    const NAME: &'static str = "go-chacha8";
    const WORD_BITS: u32 = 64;
    /// used, then the key's 4 words (Go's `Marshal` order).
    const WORD_COUNT: usize = 5;
    const FREE_BITS: u32 = 256;

    fn to_words(&self) -> Vec<u64> {
        let mut w = alloc::vec![self.used()];
        w.extend_from_slice(&self.key);
        w
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let [used, k0, k1, k2, k3] = words_u64::<5>(Self::NAME, words)?;
        if used > CHACHA8_USED_MAX {
            return Err(StateError::OutOfRange {
                generator: Self::NAME,
                index: 0,
                found: used,
                expected: "used, the words output of the current iteration: 0 to 124 (0x7c)",
            });
        }
        Ok(Self::at([k0, k1, k2, k3], used))
    }
}

// ---------------------------------------------------------------------------
// The draws of `*rand.Rand`.

/// The methods of v2's `*rand.Rand` over any 64-bit source, shared by
/// `go-pcg` and `go-chacha8`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::go_v2::GoPcgGen;
///
/// let pcg = of::<GoPcgGen>();
/// let mut rng = pcg.seed(&Seed::from(1), &Default::default()).unwrap();
/// // NewPCG(1, 0): the raw word, then IntN(6) (values from the Go 1.19
/// // reference program of tests/runtime_go2.rs).
/// let draw = pcg.parse_draw("uint64", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "11035966612244867331");
/// let draw = pcg.parse_draw("intn", &["6"]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(false), "0");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GoV2Rand;

/// A draw of [`GoV2Rand`], named after the method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoV2Draw {
    /// `Uint64()`.
    Uint64,
    /// `Int64()`.
    Int64,
    /// `Uint32()`.
    Uint32,
    /// `Int32()`.
    Int32,
    /// `Uint64N(n)`.
    Uint64n(u64),
    /// `Uint32N(n)`.
    Uint32n(u32),
    /// `Int64N(n)`.
    Int64n(i64),
    /// `Int32N(n)`.
    Int32n(i32),
    /// `IntN(n)` (64-bit `int`).
    Intn(i64),
    /// `Float64()`.
    Float64,
    /// `Float32()`.
    Float32,
    /// `Perm(n)`.
    Perm(usize),
    /// `Shuffle(n, swap)` on `0..n`: the permutation it makes.
    Shuffle(usize),
}

const DRAWS: &[DrawInfo] = &[
    DrawInfo {
        syntax: "uint64",
        help: "Uint64(): the source's word (1 step)",
    },
    DrawInfo {
        syntax: "int64",
        help: "Int64(): the word's low 63 bits (1 step); Int() on a 64-bit platform is the same (the common draw `int MIN MAX` keeps the name int)",
    },
    DrawInfo {
        syntax: "uint32",
        help: "Uint32(): the word's high 32 bits (1 step)",
    },
    DrawInfo {
        syntax: "int32",
        help: "Int32(): the word's top 31 bits (1 step)",
    },
    DrawInfo {
        syntax: "uint64n N",
        help: "Uint64N(N), N >= 1: a mask for a power of two (1 step), else the high word of Uint64() * N, redrawn while the low word is below 2^64 mod N (Lemire; variable steps)",
    },
    DrawInfo {
        syntax: "uint32n N",
        help: "Uint32N(N), 1 <= N < 2^32: as uint64n (1 step for a power of two, else variable)",
    },
    DrawInfo {
        syntax: "int64n N",
        help: "Int64N(N), 1 <= N < 2^63: as uint64n (1 step for a power of two, else variable)",
    },
    DrawInfo {
        syntax: "int32n N",
        help: "Int32N(N), 1 <= N < 2^31: as uint64n (1 step for a power of two, else variable)",
    },
    DrawInfo {
        syntax: "intn N",
        help: "IntN(N), 1 <= N < 2^63 (a 64-bit int): as uint64n (1 step for a power of two, else variable)",
    },
    DrawInfo {
        syntax: "float64",
        help: "Float64(): the word's low 53 bits / 2^53 (1 step)",
    },
    DrawInfo {
        syntax: "float32",
        help: "Float32(): the low 24 bits of Uint32() / 2^24 (1 step)",
    },
    DrawInfo {
        syntax: "perm N",
        help: "Perm(N): Shuffle of 0..N-1, so the same permutation as shuffle N (N-1 draws, variable steps), N <= 2^24",
    },
    DrawInfo {
        syntax: "shuffle N",
        help: "Shuffle(N, swap) on 0..N-1: the permutation it makes, swapping i with uint64n(i+1) from i = N-1 down to 1 (variable steps), N <= 2^24",
    },
];

/// `uint64n(n)` of v2's `rand.go`: Lemire's multiply-high with rejection.
#[inline]
fn uint64n<R: WordRng>(rng: &mut R, n: u64) -> u64 {
    if n & (n - 1) == 0 {
        return rng.next_word() & (n - 1);
    }
    let mut m = u128::from(rng.next_word()) * u128::from(n);
    if (m as u64) < n {
        let thresh = n.wrapping_neg() % n;
        while (m as u64) < thresh {
            m = u128::from(rng.next_word()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

/// `Shuffle(n)` applied to `0..n`.
fn shuffle<R: WordRng>(rng: &mut R, n: usize) -> Vec<i64> {
    let mut p: Vec<i64> = (0..n as i64).collect();
    let mut i = n;
    while i > 1 {
        i -= 1;
        let j = uint64n(rng, i as u64 + 1) as usize;
        p.swap(i, j);
    }
    p
}

/// A bound `N` in `1..=max`; Go panics outside (a negative `N` too).
fn bound(draw: &str, method: &str, text: &str, max: u64) -> Result<u64, DrawError> {
    let outside = |found: &dyn core::fmt::Display| {
        DrawError::Invalid(format!(
            "`{draw} N` needs 1 <= N <= {max}, found {found} (Go panics: invalid argument to {method})"
        ))
    };
    let n = match parse_int::<u64>(text) {
        Ok(n) => n,
        Err(_) if parse_int::<i64>(text).is_ok_and(|n| n < 0) => {
            return Err(outside(&text.trim()));
        }
        Err(e) => {
            return Err(DrawError::Invalid(format!(
                "`{draw} N`: {e}; N is an integer from 1 to {max}"
            )));
        }
    };
    if n == 0 || n > max {
        return Err(outside(&n));
    }
    Ok(n)
}

impl<R: WordRng> DrawFamily<R> for GoV2Rand {
    type Draw = GoV2Draw;

    fn draws(self) -> &'static [DrawInfo] {
        DRAWS
    }

    fn bare_draws(self) -> &'static [BareDraw] {
        &[
            BareDraw {
                draw: "uint64",
                yields: Yields::Int {
                    bits: 64,
                    signed: false,
                },
            },
            BareDraw {
                draw: "float64",
                yields: Yields::Unit { bits: 53 },
            },
        ]
    }

    fn parse_draw(self, name: &str, args: &[&str]) -> Result<Option<GoV2Draw>, DrawError> {
        if !listed_with_arity(DRAWS, name, args)? {
            return Ok(None);
        }
        Ok(Some(match name {
            "uint64" => GoV2Draw::Uint64,
            "int64" => GoV2Draw::Int64,
            "uint32" => GoV2Draw::Uint32,
            "int32" => GoV2Draw::Int32,
            "uint64n" => GoV2Draw::Uint64n(bound(name, "Uint64N", args[0], u64::MAX)?),
            "uint32n" => {
                GoV2Draw::Uint32n(bound(name, "Uint32N", args[0], u64::from(u32::MAX))? as u32)
            }
            "int64n" => GoV2Draw::Int64n(bound(name, "Int64N", args[0], i64::MAX as u64)? as i64),
            "int32n" => GoV2Draw::Int32n(bound(name, "Int32N", args[0], i32::MAX as u64)? as i32),
            "intn" => GoV2Draw::Intn(bound(name, "IntN", args[0], i64::MAX as u64)? as i64),
            "float64" => GoV2Draw::Float64,
            "float32" => GoV2Draw::Float32,
            "perm" => GoV2Draw::Perm(length(name, args[0])?),
            _ => GoV2Draw::Shuffle(length(name, args[0])?),
        }))
    }

    fn eval(self, draw: &GoV2Draw, rng: &mut R) -> DrawValue {
        match *draw {
            GoV2Draw::Uint64 => DrawValue::U64(rng.next_word()),
            GoV2Draw::Int64 => DrawValue::I64((rng.next_word() & !(1 << 63)) as i64),
            GoV2Draw::Uint32 => DrawValue::U32((rng.next_word() >> 32) as u32),
            GoV2Draw::Int32 => DrawValue::I32((rng.next_word() >> 33) as i32),
            GoV2Draw::Uint64n(n) => DrawValue::U64(uint64n(rng, n)),
            GoV2Draw::Uint32n(n) => DrawValue::U32(uint64n(rng, u64::from(n)) as u32),
            GoV2Draw::Int64n(n) | GoV2Draw::Intn(n) => {
                DrawValue::I64(uint64n(rng, n as u64) as i64)
            }
            GoV2Draw::Int32n(n) => DrawValue::I32(uint64n(rng, n as u64) as i32),
            GoV2Draw::Float64 => {
                DrawValue::F64((rng.next_word() << 11 >> 11) as f64 / (1u64 << 53) as f64)
            }
            GoV2Draw::Float32 => DrawValue::F32(
                ((rng.next_word() >> 32) as u32 & 0x00ff_ffff) as f32 / (1u32 << 24) as f32,
            ),
            GoV2Draw::Perm(n) | GoV2Draw::Shuffle(n) => DrawValue::Ints(shuffle(rng, n)),
        }
    }

    fn steps(self, draw: &GoV2Draw) -> Steps {
        let power = |n: u64| n & (n - 1) == 0;
        match *draw {
            GoV2Draw::Uint64n(n) if !power(n) => Steps::Variable,
            GoV2Draw::Int64n(n) | GoV2Draw::Intn(n) if !power(n as u64) => Steps::Variable,
            GoV2Draw::Uint32n(n) if !power(u64::from(n)) => Steps::Variable,
            GoV2Draw::Int32n(n) if !power(n as u64) => Steps::Variable,
            // Shuffle draws uint64n(n), ..., uint64n(2): only uint64n(2)
            // for n <= 2, a mask.
            GoV2Draw::Perm(n) | GoV2Draw::Shuffle(n) if n <= 2 => {
                Steps::Fixed(n.saturating_sub(1) as u64)
            }
            GoV2Draw::Perm(_) | GoV2Draw::Shuffle(_) => Steps::Variable,
            _ => Steps::Fixed(1),
        }
    }

    fn known_bits(self, draw: &GoV2Draw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        let low = |bits: u32, v: u64| {
            let mask = u64::MAX >> (64 - bits);
            (v <= mask).then(|| alloc::vec![KnownBits::new(mask, v)])
        };
        match *draw {
            GoV2Draw::Uint64 => Some(alloc::vec![KnownBits::new(u64::MAX, value.as_u64()?)]),
            GoV2Draw::Int64 => low(63, u64::try_from(value.as_i64()?).ok()?),
            GoV2Draw::Uint32 => {
                let v = u64::from(u32::try_from(value.as_i64()?).ok()?);
                Some(alloc::vec![KnownBits::new(u64::MAX << 32, v << 32)])
            }
            GoV2Draw::Int32 => {
                let v = u64::try_from(value.as_i64()?).ok()?;
                (v < 1 << 31).then(|| alloc::vec![KnownBits::new(u64::MAX << 33, v << 33)])
            }
            GoV2Draw::Float64 => {
                let k = value.as_f64()? * (1u64 << 53) as f64;
                (k >= 0.0 && k < (1u64 << 53) as f64 && (k as u64) as f64 == k)
                    .then(|| alloc::vec![KnownBits::new((1 << 53) - 1, k as u64)])
            }
            GoV2Draw::Float32 => {
                let k = value.as_f64()? * (1u32 << 24) as f64;
                (k >= 0.0 && k < (1u32 << 24) as f64 && (k as u64) as f64 == k)
                    .then(|| alloc::vec![KnownBits::new(0xff_ffff << 32, (k as u64) << 32)])
            }
            GoV2Draw::Uint64n(n) => masked(value.as_u64()?, n),
            GoV2Draw::Int64n(n) | GoV2Draw::Intn(n) => masked(value.as_u64()?, n as u64),
            GoV2Draw::Uint32n(n) => masked(value.as_u64()?, u64::from(n)),
            GoV2Draw::Int32n(n) => masked(value.as_u64()?, n as u64),
            GoV2Draw::Perm(_) | GoV2Draw::Shuffle(_) => Some(Vec::new()),
        }
    }
}

/// A bounded draw's known bits: the low bits for a power of two, nothing
/// otherwise (the multiply-high value pins no bits exactly, and a
/// rejection may have come first).
fn masked(v: u64, n: u64) -> Option<Vec<KnownBits>> {
    if v >= n {
        return None;
    }
    if n & (n - 1) == 0 {
        Some(alloc::vec![KnownBits::new(n - 1, v)])
    } else {
        Some(Vec::new())
    }
}

// ---------------------------------------------------------------------------
// The GENs.

/// What this module matched, and how.
const VERSIONS: &str = "Go 1.22 onwards (math/rand/v2 as in golang/go's tree at commit 0061fdb4, read): the sources checked on Go's published vectors (pcg_test.go TestPCG, chacha8_test.go chacha8output), the methods on a Go 1.19 program implementing them over the raw words (tests/runtime_go2.rs); no Go 1.22+ toolchain was run";

/// The `go-pcg` GEN: `rand.New(rand.NewPCG(S, 0))` and its methods.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::go_v2::GoPcgGen;
///
/// let g = of::<GoPcgGen>();
/// // --state is NewPCG's two words: NewPCG(1, 2) of Go's TestPCG.
/// let mut rng = g.from_words(&[1, 2]).unwrap();
/// let draw = g.parse_draw("uint64", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(true), "0xc4f5a58656eef510");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GoPcgGen;

impl Member for GoPcgGen {
    type Rng = GoPcg;
    type Family = GoV2Rand;
    const FAMILY: GoV2Rand = GoV2Rand;

    const INFO: GenInfo = GenInfo {
        name: "go-pcg",
        aliases: &["go-v2-pcg", "golang-pcg"],
        summary: "Go's math/rand/v2 PCG source: rand.New(rand.NewPCG(seed1, seed2)), a 128-bit LCG with the DXSM output",
        seed_kind: SeedKind::U64,
        seed_doc: "rand.NewPCG(S, 0): S is seed1, the state's high word, and seed2 (the low word) is 0; NewPCG mixes nothing, so for another seed2 give --state \"S SEED2\"",
        state_doc: "2 words of 64 bits: hi lo, the 128-bit LCG state (NewPCG(seed1, seed2) sets hi = seed1, lo = seed2; the order of Go's MarshalBinary)",
        has_stream: false,
        versions: VERSIONS,
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<GoPcg, SeedError> {
        Ok(GoPcg::new(seed.low_u64(), 0))
    }
}

/// The `go-chacha8` GEN: `rand.New(rand.NewChaCha8(seed))` and its methods.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::go_v2::GoChaCha8Gen;
///
/// let g = of::<GoChaCha8Gen>();
/// // --seed-str with 32 bytes is the seed itself (Go's test seed).
/// let mut rng = g
///     .seed_str("ABCDEFGHIJKLMNOPQRSTUVWXYZ123456", &Default::default())
///     .unwrap();
/// let draw = g.parse_draw("uint64", &[]).unwrap();
/// assert_eq!(draw.eval(&mut rng).format(true), "0xb773b6063d4616a5");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GoChaCha8Gen;

/// The 32 seed bytes of `--seed-str`: 32 bytes of text as they are, or 64
/// hex digits.
fn seed_bytes(text: &str) -> Result<[u8; 32], SeedError> {
    let b = text.as_bytes();
    let mut seed = [0u8; 32];
    if b.len() == 32 {
        seed.copy_from_slice(b);
        return Ok(seed);
    }
    if b.len() == 64 && b.iter().all(u8::is_ascii_hexdigit) {
        for (i, byte) in seed.iter_mut().enumerate() {
            let hex = core::str::from_utf8(&b[2 * i..2 * i + 2]).unwrap_or("00");
            *byte = u8::from_str_radix(hex, 16).unwrap_or(0);
        }
        return Ok(seed);
    }
    Err(SeedError(format!(
        "go-chacha8's --seed-str is NewChaCha8's [32]byte seed: 32 bytes of text (Go's [32]byte([]byte(s))) or 64 hex digits, found {} bytes",
        b.len()
    )))
}

impl Member for GoChaCha8Gen {
    type Rng = GoChaCha8;
    type Family = GoV2Rand;
    const FAMILY: GoV2Rand = GoV2Rand;

    const INFO: GenInfo = GenInfo {
        name: "go-chacha8",
        aliases: &["go-v2-chacha8", "golang-chacha8", "chacha8rand"],
        summary: "Go's math/rand/v2 ChaCha8 source: rand.New(rand.NewChaCha8(seed)), chacha8rand (C2SP), also the Go runtime's generator",
        seed_kind: SeedKind::Unbounded,
        seed_doc: "NewChaCha8(seed) with the 32 seed bytes the little-endian bytes of S (0 <= S < 2^256; S < 2^64 fills the first 8 bytes, the rest zero); --seed-str takes the 32 bytes as text (Go's [32]byte([]byte(s))) or as 64 hex digits",
        state_doc: "5 words of 64 bits: used (words output of the current 124-word iteration, 0 to 124 = 0x7c, a hex word like the others), then the key's 4 little-endian words (the seed's until the first iteration ends, then the rekeyed ones); Go's MarshalBinary order",
        has_stream: false,
        versions: VERSIONS,
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<GoChaCha8, SeedError> {
        if seed.is_negative() || seed.limbs().len() > 8 {
            return Err(SeedError(format!(
                "go-chacha8's --seed is the 32 seed bytes as a little-endian integer, 0 <= S < 2^256, found {seed}"
            )));
        }
        let mut bytes = [0u8; 32];
        for (i, limb) in seed.limbs().iter().enumerate() {
            bytes[4 * i..4 * i + 4].copy_from_slice(&limb.to_le_bytes());
        }
        Ok(GoChaCha8::new(bytes))
    }

    fn seed_str(text: &str, _: &SeedOptions) -> Result<GoChaCha8, SeedError> {
        Ok(GoChaCha8::new(seed_bytes(text)?))
    }
}
