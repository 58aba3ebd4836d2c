//! The 32-bit LCRNGs of Pokémon generations 3 and 4 (`pokerng`, `xdrng`,
//! `arng`), with their reverse generators and the generation 4 initial seed.
//!
//! | GEN | games | multiplier | increment | reverse multiplier | reverse increment |
//! |---|---|---|---|---|---|
//! | `pokerng` | Ruby/Sapphire/Emerald/FRLG, Diamond/Pearl/Platinum/HGSS | 0x41C64E6D | 0x6073 | 0xEEB9EB65 | 0x0A3561A1 |
//! | `xdrng` | Colosseum, XD: Gale of Darkness | 0x000343FD | 0x00269EC3 | 0xB9B33155 | 0xA170F641 |
//! | `arng` | generation 4 (the "alternate" RNG: Pokéathlon, some IDs) | 0x6C078965 | 0x00000001 | 0x9638806D | 0x69C77F93 |
//!
//! Constants as in PokeFinder (Admiral-Fish/PokeFinder, `Core/RNG/LCRNG.hpp`,
//! the `using ARNG/ARNGR/PokeRNG/PokeRNGR/XDRNG/XDRNGR = LCRNG<add, mult>`
//! aliases; `Source/Core/RNG/LCRNG.hpp` before the September 2025
//! restructure); the reverse constants are derived here (`MUL^-1 mod 2^32`,
//! `-ADD * MUL^-1`) and the tests check them against PokeFinder's. The state
//! is the game's 32-bit "seed"; one raw step is one `next()`, whose output is
//! the new seed. Draws: `next` (the new seed), `next-u16` (`next() >> 16`,
//! what the games use: a PID or IV half), `rand N` (`(next() >> 16) % N`, the
//! games' bounded draw, `N` in 1..=65536; PokeFinder's `nextUShort(max)`).
//! `tests/engine_pokefinder.rs` replays PokeFinder's own test vectors
//! (`Test/RNG/lcrng.json`: next, advance, jump and distance of all six).
//!
//! ## Generation 4's initial seed
//!
//! Diamond, Pearl, Platinum, HeartGold and SoulSilver seed `pokerng` (and
//! the Mersenne Twister) at boot from the real-time clock and the frames
//! counted since power-on (the "delay"), all in 32-bit arithmetic:
//!
//! `seed = ((month * day + minute + second) << 24) + (hour << 16) + (year - 2000) + delay (mod 2^32)`
//!
//! The source is the games' own code as decompiled by pret:
//! `pret/pokeplatinum` `src/main.c` (`InitRNG`), `pret/pokeheartgold`
//! `include/gf_rtc.h` (`RngSeedFromRTC`) and `pret/pokediamond`
//! `arm9/src/main.c` (`FUN_02000FA4`) all add, in `u32`, the RTC's
//! two-digit year (`year - 2000`), `month * 0x100 * day * 0x10000`,
//! `hour * 0x10000`, `(minute + second) * 0x1000000` and the frame counter.
//! PokeFinder's `Utilities4::calcSeed` (`Core/Util/Utilities.cpp`) is the same
//! sum. So the top byte is `(month * day + minute + second) mod 256` only
//! because the shift drops the rest, and the low part is *not* taken modulo
//! 2^16: a delay of `2^16 - (year - 2000)` or more carries into the hour byte
//! (PokeFinder's seed-to-time tool relies on it, mapping an hour byte above
//! 23 to hour 23 plus `(CD - 23) * 0x10000` frames), and the whole sum wraps
//! modulo 2^32. [`gen4_seed`] computes it; `tests/engine_pokefinder.rs`
//! checks it against PokeFinder's `Test/Gen4/seedtotime4.json` and
//! `Test/Gen4/id4.json`. For a fixed date and time the seeds of a delay
//! window are one contiguous range, so `rngkit seed-search pokerng --seeds
//! A..=B` walks them: [`gen4_seed_range`] gives `A..=B`.

use alloc::vec;
use alloc::vec::Vec;

use crate::WordRng;
use crate::draw::{DrawError, DrawValue, no_args};
use crate::engines::lcg::{Lcg32, Lcg32Params, lcg_params, lcg_rng};
use crate::family::{DrawFamily, Member};
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions};

lcg_params!(
    32,
    /// `pokerng`: 0x41C64E6D, 0x6073.
    PokeParams, "pokerng", 0x41C6_4E6D, 0x6073
);
lcg_params!(
    32,
    /// `xdrng`: 0x343FD, 0x269EC3.
    XdParams, "xdrng", 0x0003_43FD, 0x0026_9EC3
);
lcg_params!(
    32,
    /// `arng`: 0x6C078965, 1.
    AParams, "arng", 0x6C07_8965, 0x1
);

/// The generation 3/4 LCRNG ("PokeRNG").
///
/// ```
/// use rngkit::engines::pokemon::lcrng::PokeRng;
/// let mut rng = PokeRng::new(0);
/// assert_eq!(rng.next_output(), 0x0000_6073);
/// assert_eq!(rng.next_output(), 0xE97E_7B6A);
/// assert_eq!(PokeRng::MUL_INV, 0xEEB9_EB65); // PokeFinder's PokeRNGR
/// assert_eq!(PokeRng::ADD_INV, 0x0A35_61A1);
/// ```
pub type PokeRng = Lcg32<PokeParams>;
/// The Colosseum/XD LCRNG.
///
/// ```
/// use rngkit::engines::pokemon::lcrng::XdRng;
/// assert_eq!(XdRng::new(0).next_output(), 0x0026_9EC3);
/// assert_eq!((XdRng::MUL_INV, XdRng::ADD_INV), (0xB9B3_3155, 0xA170_F641));
/// ```
pub type XdRng = Lcg32<XdParams>;
/// The generation 4 alternate LCRNG.
///
/// ```
/// use rngkit::engines::pokemon::lcrng::ARng;
/// assert_eq!(ARng::new(0).next_output(), 1);
/// assert_eq!((ARng::MUL_INV, ARng::ADD_INV), (0x9638_806D, 0x69C7_7F93));
/// ```
pub type ARng = Lcg32<AParams>;

lcg_rng!(32, PokeRng);
lcg_rng!(32, XdRng);
lcg_rng!(32, ARng);

/// A date and time as the generation 4 seed reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gen4Time {
    /// The year (2000..=2099 on the console).
    pub year: u32,
    /// 1..=12.
    pub month: u32,
    /// 1..=31.
    pub day: u32,
    /// 0..=23.
    pub hour: u32,
    /// 0..=59.
    pub minute: u32,
    /// 0..=59.
    pub second: u32,
}

/// The generation 4 initial seed for a date, time and delay: the 32-bit sum
/// `((month * day + minute + second) << 24) + (hour << 16) + (year - 2000) +
/// delay`, wrapping like the games' (see the module documentation): a delay
/// past `2^16 - (year - 2000)` carries into the hour byte.
///
/// ```
/// use rngkit::engines::pokemon::lcrng::{Gen4Time, gen4_seed};
/// let t = Gen4Time { year: 2009, month: 3, day: 14, hour: 15, minute: 9, second: 26 };
/// // AB = 3*14 + 9 + 26 = 77 = 0x4D, CD = 15 = 0x0F, EFGH = 600 + 9 = 0x0261
/// assert_eq!(gen4_seed(t, 600), 0x4D0F_0261);
/// // 0xFFF7 + 9 = 0x10000 carries into the hour byte.
/// assert_eq!(gen4_seed(t, 0xFFF7), 0x4D10_0000);
/// ```
pub fn gen4_seed(t: Gen4Time, delay: u32) -> u32 {
    let ab = (t.month * t.day + t.minute + t.second) & 0xff;
    let cd = t.hour & 0xff;
    let efgh = t.year.wrapping_sub(2000).wrapping_add(delay);
    (ab << 24).wrapping_add(cd << 16).wrapping_add(efgh)
}

/// The seeds of a delay window `delays` at a fixed date and time, as the
/// inclusive range `seed-search --seeds A..=B` takes. The seed grows by one
/// per frame of delay (carrying into the hour byte past 16 bits, as on the
/// console), so the window is contiguous unless it wraps past 2^32, which
/// takes millions of frames (then `A > B` and the range is empty).
///
/// ```
/// use rngkit::engines::pokemon::lcrng::{Gen4Time, gen4_seed_range};
/// let t = Gen4Time { year: 2009, month: 3, day: 14, hour: 15, minute: 9, second: 26 };
/// assert_eq!(gen4_seed_range(t, 600..=700), 0x4D0F_0261..=0x4D0F_02C5);
/// ```
pub fn gen4_seed_range(
    t: Gen4Time,
    delays: core::ops::RangeInclusive<u32>,
) -> core::ops::RangeInclusive<u32> {
    gen4_seed(t, *delays.start())..=gen4_seed(t, *delays.end())
}

/// A parsed LCRNG draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LcrngDraw {
    /// `next`: the new seed.
    Next,
    /// `next-u16`: `next() >> 16`.
    NextU16,
    /// `rand N`: `(next() >> 16) % N`.
    Rand(u32),
}

const LCRNG_DRAWS: &[DrawInfo] = &[
    DrawInfo {
        syntax: "next",
        help: "next(): the new 32-bit seed (1 step)",
    },
    DrawInfo {
        syntax: "next-u16",
        help: "next() >> 16: the 16-bit value the games use (1 step)",
    },
    DrawInfo {
        syntax: "rand N",
        help: "(next() >> 16) % N, N in 1..=65536 (1 step)",
    },
];

fn parse_lcrng(name: &str, args: &[&str]) -> Result<Option<LcrngDraw>, DrawError> {
    match name {
        "next" => no_args(LcrngDraw::Next, name, args),
        "next-u16" => no_args(LcrngDraw::NextU16, name, args),
        "rand" => {
            let n = crate::draw::one("rand N", args, parse_int::<u32>)?;
            if !(1..=0x1_0000).contains(&n) {
                return Err(DrawError::Invalid(alloc::format!(
                    "`rand N` needs N in 1..=65536 (the game divides a 16-bit value), got {n}"
                )));
            }
            Ok(Some(LcrngDraw::Rand(n)))
        }
        _ => Ok(None),
    }
}

fn eval_lcrng(draw: &LcrngDraw, word: u32) -> DrawValue {
    match *draw {
        LcrngDraw::Next => DrawValue::U32(word),
        LcrngDraw::NextU16 => DrawValue::U32(word >> 16),
        LcrngDraw::Rand(n) => DrawValue::U32((word >> 16) % n),
    }
}

fn known_lcrng(draw: &LcrngDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
    let v = value.as_u32()?;
    Some(vec![match *draw {
        LcrngDraw::Next => KnownBits::new(0xffff_ffff, u64::from(v)),
        LcrngDraw::NextU16 => {
            if v > 0xffff {
                return None;
            }
            KnownBits::new(0xffff_0000, u64::from(v) << 16)
        }
        LcrngDraw::Rand(n) => {
            if v >= n {
                return None;
            }
            // (word >> 16) ≡ v (mod n): the low t bits of the upper half, with
            // n = 2^t * odd.
            let t = n.trailing_zeros().min(16);
            let mask = ((1u64 << t) - 1) << 16;
            KnownBits::new(mask, (u64::from(v) << 16) & mask)
        }
    }])
}

/// The Pokémon LCRNG draw family: `next`, `next-u16` and `rand N` over
/// any 32-bit game LCG ([`Lcg32`] with its constants). The `pokerng`,
/// `xdrng` and `arng` GENs are its members; another LCRNG writes its
/// constants, its INFO and its seeding.
///
/// ```
/// use rngkit::engines::pokemon::lcrng::{Lcrng, PokeRng};
/// use rngkit::family::DrawFamily;
///
/// let mut rng = PokeRng::new(0);
/// let draw = <Lcrng as DrawFamily<PokeRng>>::parse_draw(Lcrng, "next", &[]).unwrap().unwrap();
/// assert_eq!(Lcrng.eval(&draw, &mut rng).format(true), "0x00006073"); // 0 * 0x41C64E6D + 0x6073
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Lcrng;

impl<P: Lcg32Params> DrawFamily<Lcg32<P>> for Lcrng
where
    Lcg32<P>: WordRng,
{
    type Draw = LcrngDraw;

    fn draws(self) -> &'static [DrawInfo] {
        LCRNG_DRAWS
    }

    fn parse_draw(self, name: &str, args: &[&str]) -> Result<Option<LcrngDraw>, DrawError> {
        parse_lcrng(name, args)
    }

    #[inline]
    fn eval(self, draw: &LcrngDraw, rng: &mut Lcg32<P>) -> DrawValue {
        eval_lcrng(draw, rng.next_output())
    }

    fn known_bits(self, draw: &LcrngDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        known_lcrng(draw, value)
    }
}

/// One member of the [`Lcrng`] family: its name, alias, summary and
/// versions (the seed is the state for every LCRNG).
macro_rules! lcrng_gen {
    ($(#[$doc:meta])* $gen:ident, $rng:ty, $name:literal, $alias:literal, $summary:literal, $versions:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $gen;

        impl Member for $gen {
            type Rng = $rng;
            type Family = Lcrng;
            const FAMILY: Lcrng = Lcrng;

            const INFO: GenInfo = GenInfo {
                name: $name,
                aliases: &[$alias],
                summary: $summary,
                seed_kind: SeedKind::U32,
                seed_doc: "the game's 32-bit seed is the state",
                state_doc: "1 word of 32 bits: the seed",
                has_stream: false,
                versions: $versions,
            };

            fn seed(seed: &Seed, _: &SeedOptions) -> Result<$rng, SeedError> {
                Ok(<$rng>::new(seed.low_u64() as u32))
            }
        }
    };
}

lcrng_gen!(
    /// The `pokerng` GEN.
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::engines::pokemon::lcrng::PokeRngGen;
    /// let g = of::<PokeRngGen>();
    /// let mut rng = g.seed(&Seed::from(0), &Default::default()).unwrap();
    /// assert_eq!(g.parse_draw("next-u16", &[]).unwrap().eval(&mut rng).format(true), "0x00000000");
    /// assert_eq!(g.parse_draw("next-u16", &[]).unwrap().eval(&mut rng).format(true), "0x0000e97e");
    /// ```
    PokeRngGen, PokeRng, "pokerng", "lcrng",
    "Pokémon generation 3/4 LCRNG (0x41C64E6D, 0x6073)",
    "Ruby/Sapphire/Emerald/FireRed/LeafGreen, Diamond/Pearl/Platinum/HeartGold/SoulSilver (PokeFinder's PokeRNG)"
);
lcrng_gen!(
    /// The `xdrng` GEN.
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::engines::pokemon::lcrng::XdRngGen;
    /// let g = of::<XdRngGen>();
    /// let mut rng = g.seed(&Seed::from(0), &Default::default()).unwrap();
    /// assert_eq!(g.parse_draw("next", &[]).unwrap().eval(&mut rng).format(false), "2531011");
    /// ```
    XdRngGen, XdRng, "xdrng", "gcrng",
    "Pokémon Colosseum/XD LCRNG (0x343FD, 0x269EC3)",
    "Colosseum, XD: Gale of Darkness (PokeFinder's XDRNG)"
);
lcrng_gen!(
    /// The `arng` GEN.
    ///
    /// ```
    /// use rngkit::registry::{of, Seed};
    /// use rngkit::engines::pokemon::lcrng::ARngGen;
    /// let g = of::<ARngGen>();
    /// let mut rng = g.seed(&Seed::from(1), &Default::default()).unwrap();
    /// assert_eq!(g.parse_draw("next", &[]).unwrap().eval(&mut rng).format(true), "0x6c078966");
    /// ```
    ARngGen, ARng, "arng", "alt-lcrng",
    "Pokémon generation 4 alternate LCRNG (0x6C078965, 1)",
    "Diamond/Pearl/Platinum/HeartGold/SoulSilver (PokeFinder's ARNG)"
);
