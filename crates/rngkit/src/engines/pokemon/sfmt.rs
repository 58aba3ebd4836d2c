//! SFMT-19937 (Saito and Matsumoto's SIMD-oriented Fast Mersenne Twister,
//! parameters `122-18-1-11-1:dfffffef-ddfecb7f-bffaffff-bffffff6`), as the
//! Pokémon games of generation 7 (Sun/Moon, Ultra Sun/Ultra Moon) use it:
//! `init_gen_rand(seed)` and 64-bit outputs (`sfmt_genrand_uint64`: two
//! consecutive 32-bit words, the first one low).
//!
//! The state is 156 words of 128 bits (624 words of 32 bits) and an index
//! `idx` of the next 32-bit word; a block is regenerated (`gen_rand_all`)
//! when `idx` reaches 624. One raw step is one 64-bit output.
//!
//! Oracle: the reference implementation's own output file
//! `SFMT.19937.64.out.txt` (MersenneTwister-Lab/SFMT: `init_gen_rand(4321)`
//! then 64-bit outputs), checked in `tests/engine_games.rs`, and PokeFinder's
//! test data (Admiral-Fish/PokeFinder `Test/RNG/sfmt.json`: first outputs
//! and the 312th/624th of four seeds), checked in `tests/engine_pokefinder.rs`.
//!
//! Draws: `next` (the 64-bit output), `next-u32` (its low 32 bits, as the
//! games take an encryption constant or PID: `next() & 0xFFFFFFFF`),
//! `rand N` (`next() % N`, the generation 7 bounded draw: the full 64-bit
//! output modulo `N`, neither a multiply-high nor a 32-bit value).
//!
//! Sources for the generation 7 reading: 3DSRNGTool (wwwwwwzx/3DSRNGTool)
//! draws its Sun/Moon and Ultra Sun/Ultra Moon values as `getrand % N` on
//! the 64-bit output (`3DSRNGTool/Gen7/Stationary7.cs` and `Wild7.cs`:
//! `getrand => RNGPool.getrand64`, e.g. the nature `getrand % 25`, the
//! gender `getrand % 252`, the slot `getrand % 100`), takes the PID and
//! encryption constant as `(uint)getrand64`, the low half, and builds the
//! 64-bit value from two 32-bit words, the first one low (`3DSRNGTool/RNG/SFMT.cs`,
//! `Nextulong`); odanado/SFMT-Database (`rng_utils.cpp`, `calcNeedle`)
//! reads the clock needles of the continue screen (used to find the initial
//! seed) as `sfmt_genrand_uint64() % 17`.
//! PokeFinder's `SFMT` (`Core/RNG/SFMT.hpp`/`.cpp`) has no bounded draw:
//! only `next()` (the same 64-bit output) and `nextUInt()` (one 32-bit word,
//! half a step, which 3DSRNGTool's generation 7 code never reads). No
//! published `rand N` vectors were found.

use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue, no_args};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions};
use crate::{StateError, StateWords};

/// 32-bit words in the state.
pub const N32: usize = 624;
/// 128-bit words in the state.
pub const N128: usize = 156;
/// The recursion's second tap (`POS1`).
pub const POS1: usize = 122;
const SL1: u32 = 18;
const SR1: u32 = 11;
/// `MSK1..MSK4` as one 128-bit word, lane 0 low, with the top 11 bits of
/// each lane cleared (they are zero after the lane shift anyway).
const MSK: u128 =
    lanes([0xdfff_ffef, 0xddfe_cb7f, 0xbffa_ffff, 0xbfff_fff6]) & lanes([0x001f_ffff; 4]);
/// `d << SL1` per lane keeps these bits.
const SL1_MASK: u128 = lanes([0xfffc_0000; 4]);
/// The period certification vector `PARITY1..PARITY4`.
const PARITY: [u32; 4] = [0x0000_0001, 0x0000_0000, 0x0000_0000, 0x13c9_e684];

const fn lanes(w: [u32; 4]) -> u128 {
    (w[0] as u128) | (w[1] as u128) << 32 | (w[2] as u128) << 64 | (w[3] as u128) << 96
}

/// One step of the recursion: the new word from `a = w[i]`, `b = w[i + 122]`,
/// `c = w[i + 154]`, `d = w[i + 155]`.
///
/// ```
/// use rngkit::engines::pokemon::sfmt::recursion;
/// assert_eq!(recursion(0, 0, 0, 0), 0);
/// assert_eq!(recursion(1, 0, 0, 0), 1 ^ (1 << 8));
/// ```
#[inline]
pub const fn recursion(a: u128, b: u128, c: u128, d: u128) -> u128 {
    a ^ (a << 8) ^ ((b >> SR1) & MSK) ^ (c >> 8) ^ ((d << SL1) & SL1_MASK)
}

/// SFMT-19937.
///
/// ```
/// use rngkit::engines::pokemon::sfmt::Sfmt19937;
/// // SFMT.19937.64.out.txt: init_gen_rand(4321), the first 64-bit outputs.
/// let mut rng = Sfmt19937::new(4321);
/// assert_eq!(rng.next_u64(), 16924766246869039260);
/// assert_eq!(rng.next_u64(), 8201438687333352714);
/// ```
#[derive(Clone, Debug)]
pub struct Sfmt19937 {
    state: [u128; N128],
    idx: usize,
}

impl Sfmt19937 {
    /// `sfmt_init_gen_rand(seed)`: the MT-style fill, then the period
    /// certification; the first output regenerates the block.
    pub fn new(seed: u32) -> Self {
        let words = crate::generators::mt19937::init_genrand_block(seed);
        let mut rng = Sfmt19937::from_words_array(&words, N32);
        rng.certify_period();
        rng
    }

    /// The generator with these 624 words and index (`idx <= 624`, even
    /// for the 64-bit reading), without certification.
    fn from_words_array(words: &[u32; N32], idx: usize) -> Self {
        let state = core::array::from_fn(|i| {
            lanes([
                words[4 * i],
                words[4 * i + 1],
                words[4 * i + 2],
                words[4 * i + 3],
            ])
        });
        Sfmt19937 { state, idx }
    }

    /// The state as 624 words of 32 bits.
    pub fn words(&self) -> [u32; N32] {
        let mut out = [0u32; N32];
        for (i, w) in self.state.iter().enumerate() {
            for k in 0..4 {
                out[4 * i + k] = (w >> (32 * k)) as u32;
            }
        }
        out
    }

    /// The 156 128-bit words (lane 0 in the low bits).
    pub fn block(&self) -> &[u128; N128] {
        &self.state
    }

    /// The index of the next 32-bit word (624: a regeneration is due).
    pub fn index(&self) -> usize {
        self.idx
    }

    /// The generator with this block of 128-bit words and index.
    ///
    /// # Errors
    /// [`StateError::OutOfRange`] for an odd index or one above 624.
    pub fn from_block(state: [u128; N128], idx: usize) -> Result<Self, StateError> {
        if idx > N32 || idx % 2 == 1 {
            return Err(index_error(idx as u64));
        }
        Ok(Sfmt19937 { state, idx })
    }

    fn certify_period(&mut self) {
        let w0 = self.state[0];
        let mut inner = 0u32;
        for (k, p) in PARITY.iter().enumerate() {
            inner ^= ((w0 >> (32 * k)) as u32) & p;
        }
        if inner.count_ones() % 2 == 1 {
            return;
        }
        // PARITY1 has bit 0 set: flip bit 0 of word 0.
        self.state[0] ^= 1;
    }

    /// `gen_rand_all`: regenerates the whole block.
    pub fn regenerate(&mut self) {
        let s = &mut self.state;
        let mut c = s[N128 - 2];
        let mut d = s[N128 - 1];
        for i in 0..N128 - POS1 {
            let r = recursion(s[i], s[i + POS1], c, d);
            s[i] = r;
            c = d;
            d = r;
        }
        for i in N128 - POS1..N128 {
            let r = recursion(s[i], s[i + POS1 - N128], c, d);
            s[i] = r;
            c = d;
            d = r;
        }
    }

    /// The next 64-bit output (`sfmt_genrand_uint64`).
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        if self.idx >= N32 {
            self.regenerate();
            self.idx = 0;
        }
        let w = self.state[self.idx / 4];
        let out = (w >> (32 * (self.idx % 4))) as u64;
        self.idx += 2;
        out
    }

    /// Fills `dst` with the next outputs, block by block (as
    /// `sfmt_fill_array64` produces them, without its size rules): the same
    /// sequence as calling [`next_u64`](Self::next_u64) `dst.len()` times.
    pub fn fill_u64(&mut self, dst: &mut [u64]) {
        let mut done = 0;
        while done < dst.len() {
            if self.idx >= N32 {
                self.regenerate();
                self.idx = 0;
            }
            let first = self.idx / 2;
            let take = (N32 / 2 - first).min(dst.len() - done);
            for (j, slot) in dst[done..done + take].iter_mut().enumerate() {
                let k = first + j;
                *slot = (self.state[k / 2] >> (64 * (k % 2))) as u64;
            }
            done += take;
            self.idx += 2 * take;
        }
    }

    /// The same stream from now on, in one representation: a due
    /// regeneration is done.
    pub fn canonical(&self) -> Sfmt19937 {
        let mut c = self.clone();
        if c.idx >= N32 {
            c.regenerate();
            c.idx = 0;
        }
        c
    }
}

/// Two generators are equal when their streams are: a block with `idx ==
/// 624` equals the regenerated block with `idx == 0`.
impl PartialEq for Sfmt19937 {
    fn eq(&self, other: &Self) -> bool {
        if self.idx == other.idx {
            return self.state == other.state;
        }
        let (a, b) = (self.canonical(), other.canonical());
        a.idx == b.idx && a.state == b.state
    }
}

impl Eq for Sfmt19937 {}

impl StateWords for Sfmt19937 {
    const NAME: &'static str = "sfmt";
    const WORD_BITS: u32 = 32;
    const WORD_COUNT: usize = N32 + 1;
    /// SFMT19937's period exponent: the free bits of its 624 words.
    const FREE_BITS: u32 = 19937;

    fn to_words(&self) -> Vec<u64> {
        let mut out = Vec::with_capacity(N32 + 1);
        out.push(self.idx as u64);
        out.extend(self.words().iter().map(|&w| u64::from(w)));
        out
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        let all = crate::state::words_u32::<{ N32 + 1 }>("sfmt", words)?;
        let idx = all[0] as usize;
        if idx > N32 || idx % 2 == 1 {
            return Err(index_error(u64::from(all[0])));
        }
        let mut block = [0u32; N32];
        block.copy_from_slice(&all[1..]);
        Ok(Sfmt19937::from_words_array(&block, idx))
    }
}

fn index_error(found: u64) -> StateError {
    StateError::OutOfRange {
        generator: "sfmt",
        index: 0,
        found,
        expected: "an even index of the next 32-bit word in 0..=624",
    }
}

impl Sfmt19937 {
    #[inline]
    pub(crate) fn next_output(&mut self) -> u64 {
        self.next_u64()
    }
}

crate::generators::impl_rng_u64!(Sfmt19937, scalar);

/// The `sfmt` GEN.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::pokemon::sfmt::SfmtGen;
/// let g = of::<SfmtGen>();
/// let mut rng = g.seed(&Seed::from(4321), &Default::default()).unwrap();
/// assert_eq!(g.parse_draw("next", &[]).unwrap().eval(&mut rng).format(false), "16924766246869039260");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SfmtGen;

/// A parsed SFMT draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfmtDraw {
    /// `next`.
    Next,
    /// `next-u32`.
    NextU32,
    /// `rand N`.
    Rand(u64),
}

impl Gen for SfmtGen {
    type Rng = Sfmt19937;
    type Draw = SfmtDraw;

    const INFO: GenInfo = GenInfo {
        name: "sfmt",
        aliases: &["sfmt19937"],
        summary: "SFMT-19937 with 64-bit outputs (Pokémon generation 7)",
        seed_kind: SeedKind::U32,
        seed_doc: "init_gen_rand(S)",
        state_doc: "625 words of 32 bits: idx (the next 32-bit word, even, 0..=624), then the 624 state words",
        has_stream: false,
        versions: "SFMT 1.4/1.5 reference (SFMT.19937.64.out.txt); Sun/Moon, Ultra Sun/Ultra Moon conventions",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Sfmt19937, SeedError> {
        Ok(Sfmt19937::new(seed.low_u64() as u32))
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "next",
                help: "next(): the 64-bit output (1 step)",
            },
            DrawInfo {
                syntax: "next-u32",
                help: "next() & 0xFFFFFFFF, the low half (1 step)",
            },
            DrawInfo {
                syntax: "rand N",
                help: "next() % N, N >= 1 (1 step)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<SfmtDraw>, DrawError> {
        match name {
            "next" => no_args(SfmtDraw::Next, name, args),
            "next-u32" => no_args(SfmtDraw::NextU32, name, args),
            "rand" => {
                let n = crate::draw::one("rand N", args, parse_int::<u64>)?;
                if n == 0 {
                    return Err(DrawError::Invalid("`rand N` needs N >= 1".into()));
                }
                Ok(Some(SfmtDraw::Rand(n)))
            }
            _ => Ok(None),
        }
    }

    fn eval(draw: &SfmtDraw, rng: &mut Sfmt19937) -> DrawValue {
        let w = rng.next_u64();
        match *draw {
            SfmtDraw::Next => DrawValue::U64(w),
            SfmtDraw::NextU32 => DrawValue::U32(w as u32),
            SfmtDraw::Rand(n) => DrawValue::U64(w % n),
        }
    }

    fn known_bits(draw: &SfmtDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        Some(vec![match *draw {
            SfmtDraw::Next => KnownBits::new(u64::MAX, value.as_u64()?),
            SfmtDraw::NextU32 => KnownBits::new(0xffff_ffff, u64::from(value.as_u32()?)),
            SfmtDraw::Rand(n) => {
                let v = value.as_u64()?;
                if v >= n {
                    return None;
                }
                let mask = (1u64 << n.trailing_zeros()) - 1;
                KnownBits::new(mask, v & mask)
            }
        }])
    }
}
