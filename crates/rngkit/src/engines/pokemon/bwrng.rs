//! The 64-bit LCG of Pokémon generation 5 (`bwrng`): Black/White and Black
//! 2/White 2. `s' = s * 0x5D588B656C078965 + 0x269EC3 (mod 2^64)`; the games
//! read the high half, `next() >> 32`, and bound it by multiplication:
//! `rand(N) = ((next() >> 32) * N) >> 32` (PokeFinder's `BWRNG`/`BWRNGR`
//! aliases and `LCRNG64::nextUInt(max)` in `Core/RNG/LCRNG64.hpp`,
//! Admiral-Fish/PokeFinder; `Source/Core/RNG/LCRNG64.hpp` before September
//! 2025). `tests/engine_pokefinder.rs` replays PokeFinder's
//! `Test/RNG/lcrng64.json` (next, advance, jump and distance of BWRNG and
//! BWRNGR).
//!
//! Draws: `next` (the new 64-bit state), `next-u32` (`next() >> 32`),
//! `rand N` (`N` in 1..=2^32).

use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue, no_args};
use crate::engines::lcg::{Lcg64, lcg_params, lcg_rng};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue, prefix_known};
use crate::registry::{DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions};

lcg_params!(
    64,
    /// BWRNG's constants.
    BwParams, "bwrng", 0x5D58_8B65_6C07_8965, 0x0026_9EC3
);

/// The generation 5 LCG.
///
/// ```
/// use rngkit::engines::pokemon::bwrng::BwRng;
/// let mut rng = BwRng::new(0);
/// assert_eq!(rng.next_output(), 0x269EC3);
/// assert_eq!(BwRng::MUL_INV, 0xDEDCEDAE9638806D); // PokeFinder's BWRNGR
/// ```
pub type BwRng = Lcg64<BwParams>;

lcg_rng!(64, BwRng);

/// A parsed BWRNG draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BwDraw {
    /// `next`.
    Next,
    /// `next-u32`.
    NextU32,
    /// `rand N`.
    Rand(u64),
}

/// `((word >> 32) * n) >> 32`.
///
/// ```
/// assert_eq!(rngkit::engines::pokemon::bwrng::bounded(0x8000_0000_0000_0000, 25), 12);
/// ```
pub fn bounded(word: u64, n: u64) -> u32 {
    (((word >> 32) * n) >> 32) as u32
}

/// The `bwrng` GEN.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::pokemon::bwrng::BwRngGen;
/// let g = of::<BwRngGen>();
/// let mut rng = g.seed(&Seed::from(0), &Default::default()).unwrap();
/// assert_eq!(g.parse_draw("next", &[]).unwrap().eval(&mut rng).format(true), "0x0000000000269ec3");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BwRngGen;

impl Gen for BwRngGen {
    type Rng = BwRng;
    type Draw = BwDraw;

    const INFO: GenInfo = GenInfo {
        name: "bwrng",
        aliases: &["lcrng64"],
        summary: "Pokémon generation 5 64-bit LCG (0x5D588B656C078965, 0x269EC3)",
        seed_kind: SeedKind::U64,
        seed_doc: "the game's 64-bit seed is the state",
        state_doc: "1 word of 64 bits: the seed",
        has_stream: false,
        versions: "Black/White, Black 2/White 2 (PokeFinder's BWRNG)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<BwRng, SeedError> {
        Ok(BwRng::new(seed.low_u64()))
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "next",
                help: "next(): the new 64-bit seed (1 step)",
            },
            DrawInfo {
                syntax: "next-u32",
                help: "next() >> 32 (1 step)",
            },
            DrawInfo {
                syntax: "rand N",
                help: "((next() >> 32) * N) >> 32, N in 1..=2^32 (1 step)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<BwDraw>, DrawError> {
        match name {
            "next" => no_args(BwDraw::Next, name, args),
            "next-u32" => no_args(BwDraw::NextU32, name, args),
            "rand" => {
                let n = crate::draw::one("rand N", args, parse_int::<u64>)?;
                if !(1..=1 << 32).contains(&n) {
                    return Err(DrawError::Invalid(alloc::format!(
                        "`rand N` needs N in 1..=4294967296, got {n}"
                    )));
                }
                Ok(Some(BwDraw::Rand(n)))
            }
            _ => Ok(None),
        }
    }

    fn eval(draw: &BwDraw, rng: &mut BwRng) -> DrawValue {
        let word = rng.next_output();
        match *draw {
            BwDraw::Next => DrawValue::U64(word),
            BwDraw::NextU32 => DrawValue::U32((word >> 32) as u32),
            BwDraw::Rand(n) => DrawValue::U32(bounded(word, n)),
        }
    }

    fn known_bits(draw: &BwDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        Some(vec![match *draw {
            BwDraw::Next => KnownBits::new(u64::MAX, value.as_u64()?),
            BwDraw::NextU32 => {
                KnownBits::new(0xffff_ffff_0000_0000, u64::from(value.as_u32()?) << 32)
            }
            BwDraw::Rand(n) => {
                let v = u64::from(value.as_u32()?);
                if v >= n {
                    return None;
                }
                // The high halves h with (h * n) >> 32 == v: [ceil(v 2^32 / n), ceil((v+1) 2^32 / n) - 1].
                let lo = ((v << 32).div_ceil(n)).min(u64::from(u32::MAX)) as u32;
                let hi = ((((v + 1) << 32).div_ceil(n)) - 1).min(u64::from(u32::MAX)) as u32;
                let k = prefix_known(lo, hi);
                KnownBits::new(k.mask << 32, k.value << 32)
            }
        }])
    }
}
