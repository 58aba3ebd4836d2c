//! Observed draws: the one place that knows, for every draw of the core
//! registry ([`rngkit::draw::Draw`]), how many raw output words it consumes
//! and which bits of them an observed value reveals. Evaluation is the
//! registry's own, so an observation means exactly what `rngkit gen` prints.
//! The inversions use the engines' published formulas (reference facts):
//! Unity `value` reveals the 23 low bits, `Range(float)` what the float
//! interpolation allows, `r mod m` the low bits `r mod 2^t` for
//! `m = 2^t * odd`, mars `next-unit` the whole tempered word.

use rngkit::draw::{BdspDraw, Draw, DrawValue, MarsDraw, MegaCrushDraw, UnityDraw, UnityMathDraw};
use rngkit::engines::mars::{float_from_pc24, float_from_word, unit_from_word};
use rngkit::engines::unity::{range_from_t, value_from_word};
use rngkit::profile::{DeterministicRng, Profile};

use super::value::{KnownBits, ObservedValue};

/// The BDSP default range of `next_rand()`: `-0x80000000..=0x7ffffffe`.
const BDSP_DEFAULT: (u32, u32) = (0x8000_0000, 0x7fff_fffe);

/// A draw that an observation names, validated for its profile.
#[derive(Clone, Debug, PartialEq)]
pub struct ObservedDraw(pub Draw);

impl ObservedDraw {
    /// Parses a draw as `gen` takes it for `profile`.
    ///
    /// # Errors
    /// The registry's message for an unknown draw or bad arguments.
    pub fn parse(profile: Profile, name: &str, args: &[&str]) -> Result<Self, String> {
        Draw::parse(profile, name, args)
            .map(ObservedDraw)
            .map_err(|e| e.to_string())
    }

    /// Evaluates the draw on `rng` (the registry's evaluation).
    pub fn eval(&self, rng: &mut DeterministicRng) -> DrawValue {
        self.0.eval(rng)
    }

    /// How many raw output words the draw consumes, for a generator with
    /// `output_bits`-bit words, when that number is fixed. Draws that may
    /// redraw (`next-int-inclusive N` unless `N + 1` is a power of two) give
    /// `None`; the 64-bit `int MIN MAX` counts as fixed (it redraws with
    /// probability below `span / 2^64`).
    pub fn word_count(&self, output_bits: u32) -> Option<u64> {
        let u64_words = if output_bits == 32 { 2 } else { 1 };
        Some(match &self.0 {
            Draw::U64 | Draw::F64 | Draw::Int { .. } => u64_words,
            Draw::Unity(UnityDraw::RangeInt(min, max)) if min == max => 0,
            Draw::Unity(UnityDraw::InsideUnitCircle | UnityDraw::OnUnitSphere) => 2,
            Draw::Unity(UnityDraw::InsideUnitSphere | UnityDraw::RotationUniform) => 3,
            Draw::Unity(UnityDraw::Rotation | UnityDraw::ColorHsv(_)) => 4,
            Draw::UnityMath(UnityMathDraw::NextDouble) => 2,
            Draw::Mars(MarsDraw::NextIntInclusive(n)) => {
                if n.wrapping_add(1) & n != 0 {
                    return None;
                }
                1
            }
            _ => 1,
        })
    }

    /// The bits of each consumed raw word that `value` reveals, as exact
    /// `(mask, value)` pairs, first word first (fewer than the words
    /// consumed when the rest reveal nothing linear). Sound: every stream
    /// that gives `value` has these bits. `None` when `value` cannot come
    /// out of this draw at all (a wrong type, or out of range).
    pub fn known_bits(&self, value: &ObservedValue, output_bits: u32) -> Option<Vec<KnownBits>> {
        let full = if output_bits == 32 {
            0xffff_ffff
        } else {
            u64::MAX
        };
        let one = |k: KnownBits| Some(vec![k]);
        match &self.0 {
            Draw::Unity(d) => match *d {
                UnityDraw::Value => one(value_known(value)?),
                UnityDraw::RangeFloat(min, max) => one(range_float_known(value, min, max)?),
                UnityDraw::RangeInt(min, max) => {
                    let v = value.as_i32()?;
                    if min == max {
                        return (v == min).then(Vec::new);
                    }
                    let (modulus, residue) = if min < max {
                        (max.wrapping_sub(min) as u32, v.wrapping_sub(min) as u32)
                    } else {
                        (min.wrapping_sub(max) as u32, min.wrapping_sub(v) as u32)
                    };
                    (residue < modulus).then(|| vec![mod_known(modulus, residue)])
                }
                _ => value.is_vector().then(Vec::new),
            },
            Draw::Bdsp(d) => match *d {
                BdspDraw::NextUint => one(KnownBits::new(full, u64::from(value.as_u32()?))),
                BdspDraw::NextRand(range) => {
                    let (min, max) = range.unwrap_or(BDSP_DEFAULT);
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
            },
            Draw::Mars(d) => match *d {
                MarsDraw::NextU32 => one(KnownBits::new(full, u64::from(value.as_u32()?))),
                MarsDraw::NextUnit => {
                    let guess = value.as_f64()? * 4_294_967_295.0;
                    one(interval_known(
                        |y| value.matches_f64(unit_from_word(y)),
                        guess,
                    )?)
                }
                MarsDraw::NextFloat => {
                    let guess = value.as_f64()? * 4_294_967_295.0;
                    one(interval_known(
                        |y| value.matches_f32(float_from_word(y)),
                        guess,
                    )?)
                }
                MarsDraw::NextFloatPc24 => {
                    let guess = value.as_f64()? * 4_294_967_295.0;
                    one(interval_known(
                        |y| value.matches_f32(float_from_pc24(y)),
                        guess,
                    )?)
                }
                MarsDraw::NextIntInclusive(n) => {
                    let v = value.as_u32()?;
                    let mask = if n == 0 {
                        0
                    } else {
                        u32::MAX >> n.leading_zeros()
                    };
                    (v <= n).then(|| vec![KnownBits::new(u64::from(mask), u64::from(v))])
                }
            },
            Draw::UnityMath(d) => match *d {
                // NextUInt is the old state minus one: the word is value + 1.
                UnityMathDraw::NextUint => one(KnownBits::new(
                    full,
                    u64::from(value.as_u32()?.wrapping_add(1)),
                )),
                // NextInt(min, max) = (word * (max - min)) >> 32 + min.
                UnityMathDraw::NextInt(min, max) => {
                    let v = value.as_i32()?;
                    let span = u64::from(max.wrapping_sub(min) as u32);
                    let offset = u64::from(v.wrapping_sub(min) as u32);
                    if span == 0 {
                        return (v == min).then(|| vec![KnownBits::new(0, 0)]);
                    }
                    if offset >= span {
                        return None;
                    }
                    let lo = ((offset << 32).div_ceil(span)).min(u64::from(u32::MAX)) as u32;
                    let hi =
                        ((((offset + 1) << 32).div_ceil(span)) - 1).min(u64::from(u32::MAX)) as u32;
                    one(prefix_known(lo, hi))
                }
                // NextFloat = asfloat(0x3f800000 | word >> 9) - 1: the top 23 bits.
                UnityMathDraw::NextFloat => {
                    let guess = (value.as_f64()? + 1.0).max(1.0);
                    let m = (((guess - 1.0) * 8_388_608.0) as u32).min(0x7f_ffff);
                    let mut found = KnownAccumulator::default();
                    for k in m.saturating_sub(4)..=(m + 4).min(0x7f_ffff) {
                        if value.matches_f32(f32::from_bits(0x3f80_0000 | k) - 1.0) {
                            found.add(u64::from(k) << 9);
                        }
                    }
                    one(found.finish(0xffff_fe00)?)
                }
                UnityMathDraw::NextBool => one(KnownBits::new(1, u64::from(value.as_bool()?))),
                UnityMathDraw::NextDouble => value.as_f64().map(|_| Vec::new()),
            },
            Draw::MegaCrush(d) => match *d {
                MegaCrushDraw::NextUint => one(KnownBits::new(full, u64::from(value.as_u32()?))),
                MegaCrushDraw::NextInt(min, max) => {
                    let v = value.as_i32()?;
                    let span = max.wrapping_sub(min) as u32;
                    let residue = v.wrapping_sub(min) as u32;
                    (residue < span).then(|| vec![mod_known(span, residue)])
                }
                MegaCrushDraw::NextFloat => {
                    let known = common_known_bits(&Draw::F32, value, 32)?;
                    Some(known)
                }
                MegaCrushDraw::NextBool => one(KnownBits::new(1, u64::from(value.as_bool()?))),
            },
            common => common_known_bits(common, value, output_bits),
        }
    }
}

/// `Random.value` (and BDSP's `next_float()`): strictly increasing in the 23
/// low bits (the `recover_observe` test checks all 2^23), so the matching
/// patterns form one interval around the nearest one.
fn value_known(value: &ObservedValue) -> Option<KnownBits> {
    let target = value.as_f64()?;
    let known = interval_known(
        |k| k < (1 << 23) && value.matches_f32(value_from_word(k)),
        target * 8_388_607.0,
    )?;
    Some(KnownBits::new(known.mask & 0x7f_ffff, known.value))
}

/// The common prefix of every word in `lo..=hi`.
fn prefix_known(lo: u32, hi: u32) -> KnownBits {
    let differing = lo ^ hi;
    let mask = if differing == 0 {
        u32::MAX
    } else {
        !(u32::MAX >> differing.leading_zeros())
    };
    KnownBits::new(u64::from(mask), u64::from(lo & mask))
}

/// Accumulates candidate words and keeps the bits they all share.
#[derive(Default)]
struct KnownAccumulator {
    and: u64,
    or: u64,
    any: bool,
}

impl KnownAccumulator {
    fn add(&mut self, word: u64) {
        if self.any {
            self.and &= word;
            self.or |= word;
        } else {
            self.and = word;
            self.or = word;
            self.any = true;
        }
    }

    fn finish(self, width_mask: u64) -> Option<KnownBits> {
        self.any.then(|| {
            let mask = !(self.and ^ self.or) & width_mask;
            KnownBits::new(mask, self.and & mask)
        })
    }
}

/// The low-23-bit patterns `k` whose `Range(min, max)` matches `value`, as
/// known bits. The float interpolation is not monotone to the last ulp, so
/// the candidates are scanned over the whole window that the exact
/// interpolation allows, widened by a bound on the rounding error.
fn range_float_known(value: &ObservedValue, min: f32, max: f32) -> Option<KnownBits> {
    let matches = |k: u32| value.matches_f32(range_from_t(value_from_word(k), min, max));
    let target = value.as_f64()?;
    let (lo_f, hi_f) = (f64::from(min), f64::from(max));
    let scan = |from: u32, to: u32| {
        let mut found = KnownAccumulator::default();
        for k in from..=to {
            if matches(k) {
                found.add(u64::from(k));
            }
        }
        found.finish(0x007f_ffff)
    };
    if lo_f == hi_f {
        return scan(0, 0).map(|_| KnownBits::new(0, 0));
    }
    // Five roundings, each within 2^-24 relative of a term at most |min| + |max|.
    let slack = 8.0 * f64::powi(2.0, -24) * (lo_f.abs() + hi_f.abs()) + f64::MIN_POSITIVE;
    let half = value.tolerance();
    let t_of = |y: f64| (y - hi_f) / (lo_f - hi_f);
    let (a, b) = (t_of(target - half - slack), t_of(target + half + slack));
    let (t_lo, t_hi) = if a < b { (a, b) } else { (b, a) };
    let to_k = |t: f64| (t * 8_388_607.0).clamp(0.0, 8_388_607.0);
    let from = (to_k(t_lo).floor() as u32).saturating_sub(2);
    let to = (to_k(t_hi).ceil() as u32).saturating_add(2).min(0x7f_ffff);
    scan(from, to)
}

/// Known bits of `r` from `r mod modulus == residue`, `modulus > 0`: with
/// `modulus = 2^t * odd` the low `t` bits; when only a few words fit, the
/// bits all of them share.
fn mod_known(modulus: u32, residue: u32) -> KnownBits {
    let count = (u64::from(u32::MAX) - u64::from(residue)) / u64::from(modulus) + 1;
    if count <= 64 {
        let mut found = KnownAccumulator::default();
        for j in 0..count {
            found.add(u64::from(residue) + j * u64::from(modulus));
        }
        return found.finish(0xffff_ffff).expect("at least one candidate");
    }
    let t = modulus.trailing_zeros();
    let mask = (1u64 << t) - 1;
    KnownBits::new(mask, u64::from(residue) & mask)
}

/// Known bits of a 32-bit word from a predicate that holds on one interval
/// of words around `guess` (a monotone draw): finds the interval's ends and
/// keeps their common prefix.
fn interval_known(matches: impl Fn(u32) -> bool, guess: f64) -> Option<KnownBits> {
    let g = guess.clamp(0.0, 4_294_967_295.0) as u32;
    let start = (g.saturating_sub(1 << 10)..=g.saturating_add(1 << 10)).find(|&y| matches(y))?;
    // Gallop outwards, then bisect: the matching words are one interval.
    let edge = |down: bool| -> u32 {
        let step_to = |d: u64| -> Option<u32> {
            if down {
                u64::from(start).checked_sub(d).map(|y| y as u32)
            } else {
                let y = u64::from(start) + d;
                (y <= u64::from(u32::MAX)).then_some(y as u32)
            }
        };
        let mut good = 0u64; // distance known to match
        let mut bad = 1u64;
        while let Some(y) = step_to(bad) {
            if !matches(y) {
                break;
            }
            good = bad;
            bad *= 2;
        }
        // Invariant: distance `good` matches, `bad` does not (or is out of range).
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            match step_to(mid) {
                Some(y) if matches(y) => good = mid,
                _ => bad = mid,
            }
        }
        step_to(good).expect("a matching distance is in range")
    };
    let lo = edge(true);
    let hi = edge(false);
    let differing = lo ^ hi;
    let mask = if differing == 0 {
        u32::MAX
    } else {
        !(u32::MAX >> differing.leading_zeros())
    };
    Some(KnownBits::new(u64::from(mask), u64::from(lo & mask)))
}

/// Known bits for the common draws.
fn common_known_bits(
    draw: &Draw,
    value: &ObservedValue,
    output_bits: u32,
) -> Option<Vec<KnownBits>> {
    // Known bits of the 64-bit value `next_u64` and of `next_u32`, spread
    // over the raw words the draw consumes.
    let split_u64 = |k: KnownBits| -> Vec<KnownBits> {
        if output_bits == 32 {
            vec![
                KnownBits::new(k.mask & 0xffff_ffff, k.value & 0xffff_ffff),
                KnownBits::new(k.mask >> 32, k.value >> 32),
            ]
        } else {
            vec![k]
        }
    };
    let u32_bits = |mask: u32, v: u32| -> KnownBits {
        if output_bits == 32 {
            KnownBits::new(u64::from(mask), u64::from(v))
        } else {
            KnownBits::new(u64::from(mask) << 32, u64::from(v) << 32)
        }
    };
    match *draw {
        Draw::U32 => Some(vec![u32_bits(u32::MAX, value.as_u32()?)]),
        Draw::U64 => Some(split_u64(KnownBits::new(u64::MAX, value.as_u64()?))),
        Draw::Bool => Some(vec![u32_bits(1 << 31, u32::from(value.as_bool()?) << 31)]),
        Draw::F32 => {
            let target = value.as_f64()?;
            let guess = target * f64::from(1u32 << 24);
            let g = guess.clamp(0.0, f64::from((1u32 << 24) - 1)) as u32;
            let mut found = KnownAccumulator::default();
            for k in g.saturating_sub(4)..=(g + 4).min((1 << 24) - 1) {
                if value.matches_f32(k as f32 * (1.0 / (1u32 << 24) as f32)) {
                    found.add(u64::from(k) << 8);
                }
            }
            let k = found.finish(0xffff_ff00)?;
            Some(vec![u32_bits(k.mask as u32, k.value as u32)])
        }
        Draw::F64 => {
            let target = value.as_f64()?;
            let g = (target * (1u64 << 53) as f64).clamp(0.0, ((1u64 << 53) - 1) as f64) as u64;
            let mut found = KnownAccumulator::default();
            for k in g.saturating_sub(4)..=(g + 4).min((1 << 53) - 1) {
                if value.matches_f64(k as f64 * (1.0 / (1u64 << 53) as f64)) {
                    found.add(k << 11);
                }
            }
            Some(split_u64(found.finish(!0x7ff)?))
        }
        Draw::Int { min, max } => {
            let v = value.as_i64()?;
            let span = max.wrapping_sub(min) as u64;
            let offset = v.wrapping_sub(min) as u64;
            if v < min || v >= max {
                return None;
            }
            // Lemire: v = (x * span) >> 64, so x lies in
            // [ceil(offset * 2^64 / span), ceil((offset + 1) * 2^64 / span) - 1].
            let lo = ((u128::from(offset) << 64).div_ceil(u128::from(span))) as u64;
            let hi_excl = (u128::from(offset) + 1) << 64;
            let hi = (hi_excl.div_ceil(u128::from(span)) - 1).min(u128::from(u64::MAX)) as u64;
            let differing = lo ^ hi;
            let mask = if differing == 0 {
                u64::MAX
            } else {
                !(u64::MAX >> differing.leading_zeros())
            };
            Some(split_u64(KnownBits::new(mask, lo & mask)))
        }
        _ => Some(Vec::new()),
    }
}
