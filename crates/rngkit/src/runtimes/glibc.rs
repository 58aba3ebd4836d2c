//! glibc's `srand`/`rand` (and `srandom`/`random`, the same generator): the
//! TYPE_3 additive feedback generator, `r[i] = r[i-3] + r[i-31]` (mod 2^32),
//! each output `r[i] >> 1`.
//!
//! Seeding (`__srandom_r` in glibc's `stdlib/random_r.c`, the default
//! TYPE_3 table of 31 words with separation 3): `r[0] = seed` (0 becomes 1),
//! `r[i] = 16807 * r[i-1] mod 2147483647` for `i < 31` (Park–Miller,
//! computed with Schrage's method so intermediate values stay in 32 bits
//! and can be negative before the correction), with the front pointer at
//! word 3 and the rear pointer at word 0 (so the table read oldest-first
//! starts at word 3), then the generator runs 310 steps whose outputs are
//! discarded. `rand()` returns the next output.
//! This matches every glibc since 2.0 (the algorithm has not changed).
//!
//! One raw step is one call of `rand()`. The state is the last 31 words of
//! `r` (oldest first), 31 words of 32 bits.

use alloc::vec::Vec;

use crate::draw::DrawValue;
use crate::registry::{DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions};
use crate::{StateError, StateWords};

/// Words in the additive table (TYPE_3's degree).
const DEGREE: usize = 31;
/// The separation of the two taps.
const SEPARATION: usize = 3;
/// Outputs `srand` discards (`10 * DEGREE`).
const DISCARD: usize = 310;

/// glibc's TYPE_3 `random()` generator.
///
/// ```
/// use rngkit::runtimes::glibc::GlibcRandom;
///
/// // The first outputs of `srand(1); rand()` on glibc.
/// let mut rng = GlibcRandom::srand(1);
/// assert_eq!(rng.rand(), 1804289383);
/// assert_eq!(rng.rand(), 846930886);
/// ```
#[derive(Clone, Debug)]
pub struct GlibcRandom {
    /// A ring of the last 31 words; `head` indexes the oldest one.
    table: [u32; DEGREE],
    head: usize,
}

impl GlibcRandom {
    /// `srand(seed)`.
    pub fn srand(seed: u32) -> Self {
        let mut table = [0u32; DEGREE];
        table[0] = if seed == 0 { 1 } else { seed };
        for i in 1..DEGREE {
            // Schrage: 16807 * r mod (2^31 - 1) without overflow, on the
            // signed 32-bit value glibc holds.
            let word = table[i - 1] as i32;
            let hi = word / 127_773;
            let lo = word % 127_773;
            let mut next = 16_807i32
                .wrapping_mul(lo)
                .wrapping_sub(2_836i32.wrapping_mul(hi));
            if next < 0 {
                next = next.wrapping_add(2_147_483_647);
            }
            table[i] = next as u32;
        }
        // glibc's front pointer starts at word 3 and its rear pointer at word
        // 0: the oldest word of the sequence is table[3], and table[0..3]
        // are the three newest.
        let mut rng = GlibcRandom {
            table,
            head: SEPARATION,
        };
        for _ in 0..DISCARD {
            rng.next_output();
        }
        rng
    }

    /// `rand()`: the next output, in `0..2^31`.
    pub fn rand(&mut self) -> i32 {
        self.next_output() as i32
    }

    /// One step: `r[i] = r[i-31] + r[i-3]`; returns `r[i] >> 1`.
    #[inline]
    pub fn next_output(&mut self) -> u32 {
        let oldest = self.table[self.head];
        let third = self.table[(self.head + DEGREE - SEPARATION) % DEGREE];
        let word = oldest.wrapping_add(third);
        self.table[self.head] = word;
        self.head = (self.head + 1) % DEGREE;
        word >> 1
    }

    /// The 31 table words, oldest first.
    pub fn words(&self) -> [u32; DEGREE] {
        core::array::from_fn(|i| self.table[(self.head + i) % DEGREE])
    }

    /// The generator with these 31 table words, oldest first.
    pub fn from_words_array(words: [u32; DEGREE]) -> Self {
        GlibcRandom {
            table: words,
            head: 0,
        }
    }
}

/// Two generators are equal when their tables, read oldest first, are:
/// where the ring starts is not part of the state.
impl PartialEq for GlibcRandom {
    fn eq(&self, other: &Self) -> bool {
        self.words() == other.words()
    }
}

impl Eq for GlibcRandom {}

impl StateWords for GlibcRandom {
    const NAME: &'static str = "glibc";
    const WORD_BITS: u32 = 32;
    const WORD_COUNT: usize = DEGREE;

    fn to_words(&self) -> Vec<u64> {
        self.words().iter().map(|&w| u64::from(w)).collect()
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        Ok(GlibcRandom::from_words_array(crate::state::words_u32::<
            DEGREE,
        >("glibc", words)?))
    }
}

crate::generators::impl_rng_u32!(GlibcRandom, scalar);

/// The `glibc` GEN: `srand(S)` and `rand()`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::glibc::GlibcGen;
///
/// let glibc = of::<GlibcGen>();
/// let mut rng = glibc.seed(&Seed::from(1), &Default::default()).unwrap();
/// let rand = glibc.parse_draw("rand", &[]).unwrap();
/// assert_eq!(rand.eval(&mut rng).format(false), "1804289383");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GlibcGen;

/// The `glibc` draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GlibcDraw {
    /// `rand()`.
    Rand,
}

impl Gen for GlibcGen {
    type Rng = GlibcRandom;
    type Draw = GlibcDraw;

    const INFO: GenInfo = GenInfo {
        name: "glibc",
        aliases: &["glibc-rand"],
        summary: "glibc's srand/rand and srandom/random (TYPE_3 additive feedback)",
        seed_kind: SeedKind::U32,
        seed_doc: "srand(S): Park-Miller fill of 31 words, then 310 discarded outputs",
        state_doc: "31 words of 32 bits: the additive table r[i-31] .. r[i-1], oldest first",
        has_stream: false,
        versions: "glibc 2.0 and later (checked against the C library by a compiled program)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<GlibcRandom, SeedError> {
        Ok(GlibcRandom::srand(seed.low_u64() as u32))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[crate::registry::BareDraw {
            draw: "rand",
            yields: crate::registry::Yields::Int {
                bits: 31,
                signed: false,
            },
        }]
    }

    fn draws() -> &'static [DrawInfo] {
        &[DrawInfo {
            syntax: "rand",
            help: "rand(): r[i] >> 1, in 0..2^31 (1 step)",
        }]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<GlibcDraw>, crate::draw::DrawError> {
        match name {
            "rand" => crate::draw::no_args(GlibcDraw::Rand, "rand", args),
            _ => Ok(None),
        }
    }

    fn eval(draw: &GlibcDraw, rng: &mut GlibcRandom) -> DrawValue {
        match draw {
            GlibcDraw::Rand => DrawValue::I32(rng.rand()),
        }
    }

    fn known_bits(
        draw: &GlibcDraw,
        value: &crate::observe::ObservedValue,
    ) -> Option<Vec<crate::observe::KnownBits>> {
        match draw {
            // The raw word is the output itself (31 bits).
            GlibcDraw::Rand => {
                let v = value.as_i64().filter(|v| (0..1 << 31).contains(v))?;
                Some(alloc::vec![crate::observe::KnownBits::new(
                    0x7fff_ffff,
                    v as u64
                )])
            }
        }
    }
}
