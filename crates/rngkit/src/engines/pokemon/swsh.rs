//! Pokémon Sword/Shield's xoroshiro128+ (`swsh`): the 2018 xoroshiro128+
//! (24/16/37, the same generator as the `xoroshiro128p` GEN) seeded with
//! `s0 = seed`, `s1 = 0x82A2B175229D6A5B`, and the games' bounded draw
//! with masked rejection:
//!
//! `rand(N)`: `mask = 2^k - 1` for the smallest `k` with `N - 1 <= mask`;
//! repeat `r = next() & mask` until `r < N` (PKHeX's `Xoroshiro128Plus.NextInt`;
//! PokeFinder's `Xoroshiro::nextUInt<max>()` in `Core/RNG/Xoroshiro.hpp`, with
//! `mask = bit_ceil(max) - 1`). The games' plain 32-bit value is
//! `rand(0xFFFFFFFF)`: it redraws on `0xFFFFFFFF`.
//!
//! The fixed second word is PokeFinder's `Xoroshiro::Xoroshiro(u64 seed)`
//! (`Core/RNG/Xoroshiro.cpp`, Admiral-Fish/PokeFinder); its test data
//! (`Test/RNG/xoroshiro.json`, section `normal`: first outputs, advances
//! and jumps of up to 2^32 steps) is replayed in `tests/engine_pokefinder.rs`
//! and `rngkit-analysis`'s `tests/games.rs`.
//!
//! Draws: `next` (the 64-bit `s0 + s1`), `rand N` (`N` in 1..=2^64 - 1).

use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue, no_args};
use crate::generators::Xoroshiro128Plus;
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};

/// The fixed second word of every Sword/Shield seeding.
pub const XOROSHIRO_CONST: u64 = 0x82A2_B175_229D_6A5B;

/// `Xoroshiro(seed)`: `s0 = seed`, `s1 = 0x82A2B175229D6A5B`.
///
/// ```
/// use rngkit::engines::pokemon::swsh::{seeded, XOROSHIRO_CONST};
/// use rngkit::WordRng;
/// let mut rng = seeded(0);
/// assert_eq!(rng.next_word(), XOROSHIRO_CONST); // s0 + s1
/// ```
pub fn seeded(seed: u64) -> Xoroshiro128Plus {
    Xoroshiro128Plus::from_state([seed, XOROSHIRO_CONST]).expect("s1 is nonzero")
}

/// The mask of `rand(n)`: all ones up to the highest bit of `n - 1`.
///
/// ```
/// use rngkit::engines::pokemon::swsh::mask_for;
/// assert_eq!(mask_for(25), 31);
/// assert_eq!(mask_for(32), 31);
/// assert_eq!(mask_for(0xFFFF_FFFF), 0xFFFF_FFFF);
/// ```
pub const fn mask_for(n: u64) -> u64 {
    let m = n.wrapping_sub(1);
    if m == 0 {
        0
    } else {
        u64::MAX >> m.leading_zeros()
    }
}

/// `rand(n)` with masked rejection (`n >= 1`).
///
/// ```
/// use rngkit::engines::pokemon::swsh::{rand, seeded};
/// let mut rng = seeded(0);
/// assert!(rand(&mut rng, 25) < 25);
/// ```
pub fn rand(rng: &mut Xoroshiro128Plus, n: u64) -> u64 {
    use crate::WordRng;
    let mask = mask_for(n);
    loop {
        let r = rng.next_word() & mask;
        if r < n {
            return r;
        }
    }
}

/// The `swsh` GEN.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::pokemon::swsh::SwshGen;
/// let g = of::<SwshGen>();
/// let rng = g.seed(&Seed::from(0x1234), &Default::default()).unwrap();
/// assert_eq!(rng.format_words(), "0000000000001234 82a2b175229d6a5b");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SwshGen;

/// A parsed Sword/Shield draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwshDraw {
    /// `next`.
    Next,
    /// `rand N`.
    Rand(u64),
}

impl Gen for SwshGen {
    type Rng = Xoroshiro128Plus;
    type Draw = SwshDraw;

    const INFO: GenInfo = GenInfo {
        name: "swsh",
        aliases: &["sword-shield"],
        summary: "Pokémon Sword/Shield xoroshiro128+ (s1 = 0x82A2B175229D6A5B, masked-rejection rand)",
        seed_kind: SeedKind::U64,
        seed_doc: "Xoroshiro(S): s0 = S, s1 = 0x82A2B175229D6A5B",
        state_doc: "2 words of 64 bits: s0 s1",
        has_stream: false,
        versions: "Sword/Shield (as PKHeX's and PokeFinder's Xoroshiro); checked against an independent Python reference",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Xoroshiro128Plus, SeedError> {
        Ok(seeded(seed.low_u64()))
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "next",
                help: "next(): s0 + s1, 64 bits (1 step)",
            },
            DrawInfo {
                syntax: "rand N",
                help: "rand(N): next() & mask until below N, mask = 2^k - 1 covering N - 1; N in 1..2^64 (1 step, more on rejection unless N is a power of two)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<SwshDraw>, DrawError> {
        match name {
            "next" => no_args(SwshDraw::Next, name, args),
            "rand" => {
                let n = crate::draw::one("rand N", args, parse_int::<u64>)?;
                if n == 0 {
                    return Err(DrawError::Invalid(
                        "`rand N` needs N >= 1 (rand(0) never returns in the game)".into(),
                    ));
                }
                Ok(Some(SwshDraw::Rand(n)))
            }
            _ => Ok(None),
        }
    }

    fn eval(draw: &SwshDraw, rng: &mut Xoroshiro128Plus) -> DrawValue {
        match *draw {
            SwshDraw::Next => DrawValue::U64(crate::WordRng::next_word(rng)),
            SwshDraw::Rand(n) => DrawValue::U64(rand(rng, n)),
        }
    }

    fn steps(draw: &SwshDraw) -> Steps {
        match *draw {
            SwshDraw::Next => Steps::Fixed(1),
            SwshDraw::Rand(n) if n.is_power_of_two() => Steps::Fixed(1),
            SwshDraw::Rand(_) => Steps::Variable,
        }
    }

    /// `rand N = v`: the accepted word's masked bits are `v` (for a
    /// non-power-of-two `N`, the word of the draw when no redraw happened).
    fn known_bits(draw: &SwshDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        let v = value.as_u64()?;
        Some(vec![match *draw {
            SwshDraw::Next => KnownBits::new(u64::MAX, v),
            SwshDraw::Rand(n) => {
                if v >= n {
                    return None;
                }
                KnownBits::new(mask_for(n), v)
            }
        }])
    }
}
