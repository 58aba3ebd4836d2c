//! The Xorshift128 conventions of Pokémon Brilliant Diamond / Shining Pearl
//! (a Unity game), as the BDSP research notes describe them: `set_seed`,
//! `next_uint`, `next_rand` with an inclusive span, `next_alt_rand`,
//! `next_float`.
//!
//! These are the game's callers, not Unity's `Random.Range`: `next_rand`'s
//! span is `max - min + 1` (inclusive), Unity's `Range(int, int)` is
//! half-open. Both exist; see [`super::unity`] for Unity's.

use core::borrow::BorrowMut;

use crate::StateError;
use crate::generators::Xorshift128;

use super::unity::{range_from_t, value_from_word};

/// `next_rand`'s default lower bound, `-0x80000000` as a `u32`.
pub const DEFAULT_MIN: u32 = 0x8000_0000;
/// `next_rand`'s default upper bound, `0x7FFFFFFE`.
pub const DEFAULT_MAX: u32 = 0x7fff_fffe;

/// The BDSP notes' draw conventions over Unity's Xorshift128.
///
/// All integer arithmetic is `uint32_t`: the span `max - min + 1` and the
/// final `+ min` wrap. A span that wraps to 0 (`min == max + 1`, e.g. the
/// full range `0..=u32::MAX`) is taken as 2^32: the word is used unreduced
/// (`r mod 2^32 = r`; the ARM64 `udiv`/`msub` sequence of the Switch gives
/// the same).
///
/// ```
/// use rngkit::engines::bdsp::Bdsp;
///
/// let mut rng = Bdsp::set_seed(0);
/// assert_eq!(rng.next_uint(), 1900725526);
/// assert_eq!(rng.next_rand(1, 6), 1 + 1900725046 % 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bdsp<G = Xorshift128> {
    rng: G,
}

impl Bdsp {
    /// `UnityEngine.Random::set_seed(seed)`: the same LCG fill as Unity's
    /// `InitState` (the game itself fills the state from
    /// `nn::os::GenerateRandomBytes`; use [`Bdsp::from_state`] for that).
    pub const fn set_seed(seed: u32) -> Self {
        Bdsp {
            rng: Xorshift128::init_state(seed),
        }
    }

    /// The generator with the four state words `s0..s3`.
    ///
    /// # Errors
    /// [`StateError::AllZero`] for the all-zero state.
    pub const fn from_state(words: [u32; 4]) -> Result<Self, StateError> {
        match Xorshift128::from_state(words) {
            Ok(rng) => Ok(Bdsp { rng }),
            Err(e) => Err(e),
        }
    }
}

impl<G: BorrowMut<Xorshift128>> Bdsp<G> {
    /// Wraps a generator in any state, owned or borrowed (`&mut`, to run
    /// engine draws on a generator kept elsewhere).
    pub const fn from_generator(rng: G) -> Self {
        Bdsp { rng }
    }

    generator_accessors!(rng: Xorshift128);

    /// `next_uint`: one step, the new `state[3]`.
    #[inline]
    pub fn next_uint(&mut self) -> u32 {
        self.rng.borrow_mut().next_output()
    }

    /// `next_rand(min, max)`: `next_uint() % (max - min + 1) + min`, one step,
    /// wrapping `u32` arithmetic. For `min <= max` the result is in
    /// `[min, max]` (inclusive).
    ///
    /// ```
    /// use rngkit::engines::bdsp::Bdsp;
    /// // A span that wraps to 0 (here the whole u32 range) uses the word as is.
    /// assert_eq!(Bdsp::set_seed(0).next_rand(0, u32::MAX), 1900725526);
    /// ```
    #[inline]
    pub fn next_rand(&mut self, min: u32, max: u32) -> u32 {
        reduce_inclusive(self.next_uint(), min, max)
    }

    /// `next_rand()` with the default range `min = -0x80000000`,
    /// `max = 0x7FFFFFFE`: the span is `0xFFFFFFFF`, so every `u32` except
    /// `0x7FFFFFFF` can come out, and `0x80000000` twice as often (from the
    /// words 0 and `0xFFFFFFFF`).
    ///
    /// ```
    /// use rngkit::engines::bdsp::Bdsp;
    /// let mut rng = Bdsp::set_seed(0);
    /// assert_eq!(rng.next_rand_default(), 1900725526u32.wrapping_add(0x8000_0000));
    /// ```
    #[inline]
    pub fn next_rand_default(&mut self) -> u32 {
        self.next_rand(DEFAULT_MIN, DEFAULT_MAX)
    }

    /// `next_alt_rand(min, max)`: `next_rand() % (max - min + 1) + min`, the
    /// default-range draw reduced a second time by the caller (one step).
    #[inline]
    pub fn next_alt_rand(&mut self, min: u32, max: u32) -> u32 {
        reduce_inclusive(self.next_rand_default(), min, max)
    }

    /// `next_float()` without a range: `(next_uint() & 0x7FFFFF) / 8388607.0f`,
    /// in the closed range `[0, 1]`; bit for bit Unity's `Random.value`.
    ///
    /// Note that this is `t` itself, while the ranged form with `0, 1` is
    /// `1 - t` (the interpolation runs in reverse).
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        value_from_word(self.next_uint())
    }

    /// `next_float(min, max)`: `(1 - t) * max + t * min` with `t` as in
    /// [`next_float`](Self::next_float), each product rounded separately;
    /// bit for bit Unity's `Random.Range(min, max)`.
    #[inline]
    pub fn next_float_range(&mut self, min: f32, max: f32) -> f32 {
        let t = self.next_float();
        range_from_t(t, min, max)
    }
}

impl From<Xorshift128> for Bdsp {
    fn from(rng: Xorshift128) -> Self {
        Bdsp::from_generator(rng)
    }
}

/// `r % (max - min + 1) + min` in wrapping `u32`, a zero span meaning 2^32.
#[inline]
fn reduce_inclusive(r: u32, min: u32, max: u32) -> u32 {
    let span = max.wrapping_sub(min).wrapping_add(1);
    let reduced = if span == 0 { r } else { r % span };
    reduced.wrapping_add(min)
}

// ---------------------------------------------------------------------------
// The `bdsp` GEN.

/// The `bdsp` GEN: the BDSP notes' draws over Unity's Xorshift128.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::bdsp::BdspGen;
///
/// let bdsp = of::<BdspGen>();
/// let mut rng = bdsp.seed(&Seed::from(0), &Default::default()).unwrap();
/// let roll = bdsp.parse_draw("next-rand", &["1", "6"]).unwrap();
/// rng.next_word();
/// assert_eq!(roll.eval(&mut rng).format(false), (1 + 1900725046u32 % 6).to_string());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BdspGen;

/// A parsed BDSP draw.
#[derive(Clone, Debug, PartialEq)]
pub enum BdspDraw {
    /// `next-uint`: the raw output word.
    NextUint,
    /// `next-rand [MIN MAX]`: `next_rand`, default range when omitted.
    NextRand(Option<(u32, u32)>),
    /// `next-alt-rand MIN MAX`: `next_alt_rand`.
    NextAltRand(u32, u32),
    /// `next-float [MIN MAX]`: `next_float`, [0, 1] when omitted.
    NextFloat(Option<(f32, f32)>),
}

/// A BDSP bound: the notes' `uint32_t` parameters, given as a `u32` or as a
/// negative `int` (its two's complement, like the default `-0x80000000`).
fn bdsp_bound(text: &str) -> Result<u32, crate::number::NumberError> {
    use crate::number::parse_int;
    parse_int::<u32>(text).or_else(|e| parse_int::<i32>(text).map(|v| v as u32).map_err(|_| e))
}

impl crate::registry::Gen for BdspGen {
    type Rng = Xorshift128;
    type Draw = BdspDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "bdsp",
        aliases: &["pokemon-bdsp", "bdsp-xorshift"],
        summary: "Pokémon Brilliant Diamond / Shining Pearl's Xorshift128 conventions",
        seed_kind: crate::registry::SeedKind::U32,
        seed_doc: "set_seed(S): the same LCG fill as Unity's InitState",
        state_doc: "4 words of 32 bits: s0 s1 s2 s3; also the 64-bit seed pair `SEED0 SEED1` of PokeFinder (two 16-digit hex words: s0 s1 = high and low half of SEED0, s2 s3 = those of SEED1), and Unity's JsonUtility.ToJson(Random.state)",
        has_stream: false,
        versions: "Brilliant Diamond / Shining Pearl 1.0 to 1.3 (research notes; PokeFinder's conventions)",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<Xorshift128, crate::registry::SeedError> {
        Ok(Xorshift128::init_state(seed.low_u64() as u32))
    }

    /// The 64-bit seed pair ([`parse_seed_pair`]) or Unity's
    /// `JsonUtility.ToJson(Random.state)`
    /// ([`parse_state_json`](super::unity::parse_state_json)).
    fn parse_state(text: &str) -> Option<Result<Xorshift128, alloc::string::String>> {
        super::unity::parse_state_json(text).or_else(|| parse_seed_pair(text))
    }

    fn format_state_json(rng: &Xorshift128) -> Option<alloc::string::String> {
        Some(crate::engines::unity::format_state_json(rng))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[crate::registry::BareDraw {
            draw: "next-uint",
            yields: crate::registry::Yields::Int {
                bits: 32,
                signed: false,
            },
        }]
    }

    fn draws() -> &'static [crate::registry::DrawInfo] {
        use crate::registry::DrawInfo;
        &[
            DrawInfo {
                syntax: "next-uint",
                help: "the raw output word (1 step)",
            },
            DrawInfo {
                syntax: "next-rand [MIN MAX]",
                help: "next_rand: MIN + r mod (MAX - MIN + 1), inclusive, uint32 arithmetic; default -0x80000000..0x7ffffffe (1 step)",
            },
            DrawInfo {
                syntax: "next-alt-rand MIN MAX",
                help: "next_alt_rand: the default-range draw reduced again into MIN..=MAX (1 step)",
            },
            DrawInfo {
                syntax: "next-float [MIN MAX]",
                help: "next_float: Random.value in [0, 1], or Range(MIN, MAX) (1 step)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<BdspDraw>, crate::draw::DrawError> {
        use crate::draw::{no_args, optional_two, two};
        Ok(Some(match name {
            "next-uint" => return no_args(BdspDraw::NextUint, "next-uint", args),
            "next-rand" => {
                BdspDraw::NextRand(optional_two("next-rand [MIN MAX]", args, bdsp_bound)?)
            }
            "next-alt-rand" => {
                let (min, max) = two("next-alt-rand MIN MAX", args, bdsp_bound)?;
                BdspDraw::NextAltRand(min, max)
            }
            "next-float" => BdspDraw::NextFloat(optional_two(
                "next-float [MIN MAX]",
                args,
                crate::number::parse_f32,
            )?),
            _ => return Ok(None),
        }))
    }

    fn eval(draw: &BdspDraw, rng: &mut Xorshift128) -> crate::draw::DrawValue {
        use crate::draw::DrawValue;
        let mut bdsp = Bdsp::from_generator(rng);
        match *draw {
            BdspDraw::NextUint => DrawValue::U32(bdsp.next_uint()),
            BdspDraw::NextRand(None) => DrawValue::U32(bdsp.next_rand_default()),
            BdspDraw::NextRand(Some((min, max))) => DrawValue::U32(bdsp.next_rand(min, max)),
            BdspDraw::NextAltRand(min, max) => DrawValue::U32(bdsp.next_alt_rand(min, max)),
            BdspDraw::NextFloat(None) => DrawValue::F32(bdsp.next_float()),
            BdspDraw::NextFloat(Some((min, max))) => {
                DrawValue::F32(bdsp.next_float_range(min, max))
            }
        }
    }

    fn known_bits(
        draw: &BdspDraw,
        value: &crate::observe::ObservedValue,
    ) -> Option<alloc::vec::Vec<crate::observe::KnownBits>> {
        use super::unity::{range_float_known, value_known};
        use crate::observe::{KnownBits, mod_known};
        use alloc::vec;
        let full = 0xffff_ffff;
        let one = |k: KnownBits| Some(vec![k]);
        match *draw {
            BdspDraw::NextUint => one(KnownBits::new(full, u64::from(value.as_u32()?))),
            BdspDraw::NextRand(range) => {
                let (min, max) = range.unwrap_or((DEFAULT_MIN, DEFAULT_MAX));
                let v = value.as_u32()?;
                let span = max.wrapping_sub(min).wrapping_add(1);
                let residue = v.wrapping_sub(min);
                if span == 0 {
                    return one(KnownBits::new(full, u64::from(residue)));
                }
                (residue < span).then(|| vec![mod_known(span, residue)])
            }
            BdspDraw::NextAltRand(min, max) => {
                // The default-range reduction maps r to r + 2^31 (mod 2^32)
                // except r = 0xffffffff, so the low 31 bits of r follow the
                // second reduction like any `r mod m`. Sound except for that
                // one word, which verification catches.
                let v = value.as_u32()?;
                let span = max.wrapping_sub(min).wrapping_add(1);
                let residue = v.wrapping_sub(min);
                if span != 0 && residue >= span {
                    return None;
                }
                let k = if span == 0 {
                    KnownBits::new(0x7fff_ffff, u64::from(residue))
                } else {
                    let k = mod_known(span, residue);
                    KnownBits::new(k.mask & 0x7fff_ffff, k.value)
                };
                one(k)
            }
            BdspDraw::NextFloat(None) => one(value_known(value)?),
            BdspDraw::NextFloat(Some((min, max))) => one(range_float_known(value, min, max)?),
        }
    }
}

/// Reads the BDSP state as the pair of 64-bit seeds that PokeFinder takes
/// (`Seed 0`, `Seed 1`): two hex words of up to 16 digits, `SEED0 SEED1`.
///
/// The word order is PokeFinder's (`Xorshift(u64 seed0, u64 seed1)` in its
/// `Core/RNG/Xorshift.cpp`, `Source/Core/...` before its 2025 restructure,
/// stores each seed with its halves swapped into little-endian 32-bit
/// lanes): `s0` is the high half of `SEED0`, `s1`
/// its low half, `s2` and `s3` the high and low halves of `SEED1`. So the
/// pair is the four `rngkit state bdsp` words written two by two.
///
/// Returns `None` unless `text` is exactly two words (so four words are read
/// as the usual state). Like every state word, a bare word shorter than 16
/// digits made only of decimal digits could be read two ways and is refused:
/// write it with `0x` or zero-pad it.
///
/// ```
/// use rngkit::engines::bdsp::parse_seed_pair;
///
/// // set_seed(0): s = 00000000 00000001 6c078966 714acb3f
/// let rng = parse_seed_pair("0000000000000001 6c078966714acb3f").unwrap().unwrap();
/// assert_eq!(rng.state(), [0, 1, 0x6c07_8966, 0x714a_cb3f]);
/// assert_eq!(parse_seed_pair("0x1 0x6C078966714ACB3F").unwrap().unwrap(), rng);
/// assert!(parse_seed_pair("0 1 6c078966 714acb3f").is_none());
/// assert!(parse_seed_pair("12 6c078966714acb3f").unwrap().is_err());
/// ```
pub fn parse_seed_pair(text: &str) -> Option<Result<Xorshift128, alloc::string::String>> {
    let words: alloc::vec::Vec<&str> = text.split_whitespace().collect();
    let [first, second] = words.as_slice() else {
        return None;
    };
    Some(seed_pair(first, second))
}

fn seed_pair(first: &str, second: &str) -> Result<Xorshift128, alloc::string::String> {
    use alloc::format;
    let word = |i: usize, w: &str| -> Result<u64, alloc::string::String> {
        let shown = crate::error::shown(w, 24);
        let (digits, prefixed) = match w.strip_prefix("0x").or_else(|| w.strip_prefix("0X")) {
            Some(d) => (d, true),
            None => (w, false),
        };
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_hexdigit())
            || digits.trim_start_matches('0').len() > 16
        {
            return Err(format!(
                "bdsp seed {i} `{shown}` is not a 64-bit hex word: the seed pair is SEED0 SEED1, two hex words of 16 digits (or give the four 8-digit state words)"
            ));
        }
        if !prefixed
            && digits.len() > 1
            && digits.len() < 16
            && digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(format!(
                "bdsp seed {i} `{shown}` could be decimal or hex: the seeds are hex, so write `0x{shown}` or zero-pad it to 16 digits"
            ));
        }
        let digits = digits.trim_start_matches('0');
        Ok(if digits.is_empty() {
            0
        } else {
            u64::from_str_radix(digits, 16)
                .map_err(|_| format!("bdsp seed {i} `{shown}` is not hex"))?
        })
    };
    let (a, b) = (word(0, first)?, word(1, second)?);
    Xorshift128::from_state([(a >> 32) as u32, a as u32, (b >> 32) as u32, b as u32]).map_err(
        |_| {
            alloc::string::String::from(
                "the bdsp seed pair is all zero, which Xorshift128 never reaches",
            )
        },
    )
}
