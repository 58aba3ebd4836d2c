//! Observed draws: the one place that knows, for every draw an observation
//! may name, how it consumes raw output words, how to evaluate it, and which
//! bits of the raw words an observed value reveals.
//!
//! The common draws come from the core registry ([`rngkit::draw::Draw`]).
//! Engine draws are implemented here from their published formulas on the
//! raw output word (see `shared/reference-facts.md`), until the core
//! registry carries them; when it does, [`ObservedDraw::parse`] and
//! [`ObservedDraw::eval`] are the two functions to point at it.

use rngkit::draw::{Draw, DrawValue};
use rngkit::number::{parse_f32, parse_int};
use rngkit::profile::{AnyGenerator, Profile};

use super::value::{KnownBits, ObservedValue};

/// Unity's `Random.value` scale, `1.0f / 8388607.0f` rounded to `f32`.
const UNITY_SCALE: f32 = 1.0 / 8_388_607.0;

/// The mars unit multiplier: the double nearest `1 / (2^32 - 1)`.
const MARS_UNIT_SCALE: f64 = 1.0 / 4_294_967_295.0;

/// `Random.value` of a raw word: `(r & 0x7fffff) as f32 * (1/8388607f)`.
pub fn unity_value(word: u32) -> f32 {
    (word & 0x007f_ffff) as f32 * UNITY_SCALE
}

/// `Random.Range(float min, float max)` for a given `t`: `min*t + (1-t)*max`,
/// each product rounded to `f32`, then the sum.
pub fn unity_range_from_t(t: f32, min: f32, max: f32) -> f32 {
    let a = min * t;
    let b = (1.0 - t) * max;
    a + b
}

/// mars `next_unit` of a tempered word: `y / (2^32 - 1)` in double.
pub fn mars_unit(y: u32) -> f64 {
    f64::from(y) * MARS_UNIT_SCALE
}

/// A draw that an observation can name, validated for its profile.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ObservedDraw {
    /// A draw every profile has (the core registry's [`Draw`]).
    Common(Draw),
    /// Unity `value`: 23 low bits of one word.
    UnityValue,
    /// Unity `range-float MIN MAX`.
    UnityRangeFloat {
        /// First bound.
        min: f32,
        /// Second bound.
        max: f32,
    },
    /// Unity `range-int MIN MAX` (`MIN == MAX` draws nothing).
    UnityRangeInt {
        /// First bound.
        min: i32,
        /// Second bound.
        max: i32,
    },
    /// BDSP `next-uint`, or mars `next-u32`: the raw word itself.
    RawWord,
    /// BDSP `next-rand [MIN MAX]`: `r % (MAX - MIN + 1) + MIN`, wrapping `u32`.
    BdspNextRand {
        /// Lower bound.
        min: u32,
        /// Upper bound (inclusive).
        max: u32,
    },
    /// BDSP `next-alt-rand MIN MAX`: `next-rand` (default range) reduced again.
    BdspNextAltRand {
        /// Lower bound.
        min: u32,
        /// Upper bound (inclusive).
        max: u32,
    },
    /// BDSP `next-float [MIN MAX]`: `t` without a range, the Unity interpolation with one.
    BdspNextFloat {
        /// The range, if given.
        range: Option<(f32, f32)>,
    },
    /// mars `next-unit`: the double `y / (2^32 - 1)`.
    MarsNextUnit,
    /// mars `next-float`: `next-unit` narrowed to `f32`.
    MarsNextFloat,
    /// mars `next-int-inclusive N`: masked rejection sampling on `[0, N]`.
    MarsNextIntInclusive {
        /// The inclusive bound.
        n: u32,
    },
}

/// The BDSP default range of `next_rand()`.
const BDSP_DEFAULT: (u32, u32) = (0x8000_0000, 0x7fff_fffe);

fn reduce_inclusive(word: u32, min: u32, max: u32) -> u32 {
    let span = max.wrapping_sub(min).wrapping_add(1);
    if span == 0 {
        word.wrapping_add(min)
    } else {
        (word % span).wrapping_add(min)
    }
}

fn arity(syntax: &str, args: &[&str], allowed: &[usize]) -> Result<(), String> {
    if allowed.contains(&args.len()) {
        Ok(())
    } else {
        Err(format!(
            "`{syntax}` takes {allowed:?} argument(s), found {}",
            args.len()
        ))
    }
}

fn num_f32(text: &str) -> Result<f32, String> {
    parse_f32(text).map_err(|e| e.to_string())
}

fn num<T: rngkit::number::ParseableInt>(text: &str) -> Result<T, String> {
    parse_int::<T>(text).map_err(|e| e.to_string())
}

impl ObservedDraw {
    /// Parses a draw as `gen` would take it for `profile`.
    ///
    /// # Errors
    /// A message for an unknown draw, wrong arguments, or an engine draw
    /// that observations do not support yet.
    pub fn parse(profile: Profile, name: &str, args: &[&str]) -> Result<Self, String> {
        use Profile as P;
        match (profile, name) {
            (P::Unity, "value") => arity("value", args, &[0]).map(|_| ObservedDraw::UnityValue),
            (P::Unity, "range-float") => {
                arity("range-float MIN MAX", args, &[2])?;
                Ok(ObservedDraw::UnityRangeFloat {
                    min: num_f32(args[0])?,
                    max: num_f32(args[1])?,
                })
            }
            (P::Unity, "range-int") => {
                arity("range-int MIN MAX", args, &[2])?;
                Ok(ObservedDraw::UnityRangeInt {
                    min: num(args[0])?,
                    max: num(args[1])?,
                })
            }
            (P::Bdsp, "next-uint") | (P::Mars, "next-u32") => {
                arity(name, args, &[0]).map(|_| ObservedDraw::RawWord)
            }
            (P::Bdsp, "next-rand") => {
                arity("next-rand [MIN MAX]", args, &[0, 2])?;
                let (min, max) = if args.is_empty() {
                    BDSP_DEFAULT
                } else {
                    (num::<i64>(args[0])? as u32, num::<i64>(args[1])? as u32)
                };
                Ok(ObservedDraw::BdspNextRand { min, max })
            }
            (P::Bdsp, "next-alt-rand") => {
                arity("next-alt-rand MIN MAX", args, &[2])?;
                Ok(ObservedDraw::BdspNextAltRand {
                    min: num::<i64>(args[0])? as u32,
                    max: num::<i64>(args[1])? as u32,
                })
            }
            (P::Bdsp, "next-float") => {
                arity("next-float [MIN MAX]", args, &[0, 2])?;
                let range = if args.is_empty() {
                    None
                } else {
                    Some((num_f32(args[0])?, num_f32(args[1])?))
                };
                Ok(ObservedDraw::BdspNextFloat { range })
            }
            (P::Mars, "next-unit") => arity(name, args, &[0]).map(|_| ObservedDraw::MarsNextUnit),
            (P::Mars, "next-float") => arity(name, args, &[0]).map(|_| ObservedDraw::MarsNextFloat),
            (P::Mars, "next-int-inclusive") => {
                arity("next-int-inclusive N", args, &[1])?;
                Ok(ObservedDraw::MarsNextIntInclusive { n: num(args[0])? })
            }
            _ => match Draw::parse(profile, name, args) {
                Ok(draw) => Ok(ObservedDraw::Common(draw)),
                Err(rngkit::draw::DrawError::Unknown { .. }) => Err(format!(
                    "{profile} has no draw `{name}` that observations support; they support {}",
                    Self::names(profile).join(", ")
                )),
                Err(e) => Err(e.to_string()),
            },
        }
    }

    /// The draws observations support for `profile`, with their syntax.
    pub fn names(profile: Profile) -> Vec<&'static str> {
        let mut names = Draw::names(profile);
        names.extend_from_slice(match profile {
            Profile::Unity => &["value", "range-float MIN MAX", "range-int MIN MAX"][..],
            Profile::Bdsp => &[
                "next-uint",
                "next-rand [MIN MAX]",
                "next-alt-rand MIN MAX",
                "next-float [MIN MAX]",
            ][..],
            Profile::Mars => &[
                "next-u32",
                "next-unit",
                "next-float",
                "next-int-inclusive N",
            ][..],
            _ => &[][..],
        });
        names
    }

    /// Evaluates the draw on `rng`, consuming what the engine consumes.
    pub fn eval(&self, rng: &mut AnyGenerator) -> DrawValue {
        fn word32(rng: &mut AnyGenerator) -> u32 {
            rng.next_word() as u32
        }
        match *self {
            ObservedDraw::Common(ref draw) => draw.eval(rng),
            ObservedDraw::UnityValue => DrawValue::F32(unity_value(word32(rng))),
            ObservedDraw::UnityRangeFloat { min, max } => {
                DrawValue::F32(unity_range_from_t(unity_value(word32(rng)), min, max))
            }
            ObservedDraw::UnityRangeInt { min, max } => DrawValue::I32(if min < max {
                min.wrapping_add((word32(rng) % max.wrapping_sub(min) as u32) as i32)
            } else if max < min {
                min.wrapping_sub((word32(rng) % min.wrapping_sub(max) as u32) as i32)
            } else {
                min
            }),
            ObservedDraw::RawWord => DrawValue::U32(word32(rng)),
            ObservedDraw::BdspNextRand { min, max } => {
                DrawValue::U32(reduce_inclusive(word32(rng), min, max))
            }
            ObservedDraw::BdspNextAltRand { min, max } => {
                let first = reduce_inclusive(word32(rng), BDSP_DEFAULT.0, BDSP_DEFAULT.1);
                DrawValue::U32(reduce_inclusive(first, min, max))
            }
            ObservedDraw::BdspNextFloat { range } => {
                let t = unity_value(word32(rng));
                DrawValue::F32(match range {
                    None => t,
                    Some((min, max)) => unity_range_from_t(t, min, max),
                })
            }
            ObservedDraw::MarsNextUnit => DrawValue::F64(mars_unit(word32(rng))),
            ObservedDraw::MarsNextFloat => DrawValue::F32(mars_unit(word32(rng)) as f32),
            ObservedDraw::MarsNextIntInclusive { n } => {
                let mask = if n == 0 {
                    0
                } else {
                    u32::MAX >> n.leading_zeros()
                };
                loop {
                    let candidate = word32(rng) & mask;
                    if candidate <= n {
                        break DrawValue::U32(candidate);
                    }
                }
            }
        }
    }

    /// How many raw output words the draw consumes, for a generator with
    /// `output_bits`-bit words, when that number is fixed. Draws that may
    /// redraw (`next-int-inclusive N` unless `N + 1` is a power of two) give
    /// `None`; the common `int MIN MAX` counts as fixed (it redraws with
    /// probability below `span / 2^64`).
    pub fn word_count(&self, output_bits: u32) -> Option<u64> {
        let u64_words = if output_bits == 32 { 2 } else { 1 };
        Some(match self {
            ObservedDraw::Common(Draw::U64 | Draw::F64 | Draw::Int { .. }) => u64_words,
            ObservedDraw::Common(_) => 1,
            ObservedDraw::UnityRangeInt { min, max } if min == max => 0,
            ObservedDraw::MarsNextIntInclusive { n } => {
                if n.wrapping_add(1) & *n != 0 {
                    return None;
                }
                1
            }
            _ => 1,
        })
    }

    /// The bits of each consumed raw word that `value` reveals, as exact
    /// `(mask, value)` pairs, first word first (empty for no words). Sound:
    /// every stream that gives `value` has these bits. `None` when the value
    /// cannot come out of this draw at all.
    pub fn known_bits(&self, value: &ObservedValue, output_bits: u32) -> Option<Vec<KnownBits>> {
        let full = if output_bits == 32 {
            0xffff_ffff
        } else {
            u64::MAX
        };
        let words = |known: Vec<KnownBits>| Some(known);
        match *self {
            ObservedDraw::Common(ref draw) => common_known_bits(draw, value, output_bits),
            ObservedDraw::RawWord => {
                let v = value.as_u32()?;
                words(vec![KnownBits::new(full, u64::from(v))])
            }
            ObservedDraw::UnityValue | ObservedDraw::BdspNextFloat { range: None } => {
                // `value` is strictly increasing in the 23 low bits (the
                // `recover_observe` test checks all 2^23), so the matching
                // patterns form one interval around the nearest one.
                let target = value.as_f64()?;
                let known = interval_known(
                    |k| k < (1 << 23) && value.matches_f32(unity_value(k)),
                    target * 8_388_607.0,
                )?;
                words(vec![KnownBits::new(known.mask & 0x7f_ffff, known.value)])
            }
            ObservedDraw::UnityRangeFloat { min, max }
            | ObservedDraw::BdspNextFloat {
                range: Some((min, max)),
            } => words(vec![range_float_known(value, min, max)?]),
            ObservedDraw::UnityRangeInt { min, max } => {
                let v = value.as_i32()?;
                if min == max {
                    return (v == min).then(Vec::new);
                }
                let (modulus, residue) = if min < max {
                    (max.wrapping_sub(min) as u32, v.wrapping_sub(min) as u32)
                } else {
                    (min.wrapping_sub(max) as u32, min.wrapping_sub(v) as u32)
                };
                if residue >= modulus {
                    return None;
                }
                words(vec![mod_known(modulus, residue)])
            }
            ObservedDraw::BdspNextRand { min, max } => {
                let v = value.as_u32()?;
                let span = max.wrapping_sub(min).wrapping_add(1);
                let residue = v.wrapping_sub(min);
                if span == 0 {
                    return words(vec![KnownBits::new(full, u64::from(residue))]);
                }
                if residue >= span {
                    return None;
                }
                words(vec![mod_known(span, residue)])
            }
            ObservedDraw::BdspNextAltRand { min, max } => {
                // The first reduction maps r to r + 2^31 (mod 2^32) except
                // r = 0xffffffff; the low 31 bits of r then follow the second
                // reduction's residue like any `r mod m`. Sound except for the
                // single word 0xffffffff, which verification catches.
                let v = value.as_u32()?;
                let span = max.wrapping_sub(min).wrapping_add(1);
                let residue = v.wrapping_sub(min);
                if span != 0 && residue >= span {
                    return None;
                }
                let known = if span == 0 {
                    KnownBits::new(0x7fff_ffff, u64::from(residue & 0x7fff_ffff))
                } else {
                    let k = mod_known(span, residue);
                    KnownBits::new(k.mask & 0x7fff_ffff, k.value & 0x7fff_ffff)
                };
                words(vec![known])
            }
            ObservedDraw::MarsNextUnit => {
                let target = value.as_f64()?;
                let guess = (target * 4_294_967_295.0).round();
                let mut found = KnownAccumulator::default();
                if (0.0..=4_294_967_295.0).contains(&guess) {
                    let g = guess as u32;
                    for y in g.saturating_sub(2)..=g.saturating_add(2) {
                        if value.matches_f64(mars_unit(y)) {
                            found.add(u64::from(y));
                        }
                    }
                }
                found.finish(0xffff_ffff).map(|k| vec![k])
            }
            ObservedDraw::MarsNextFloat => {
                // Monotone in y: the matching words form one interval.
                let target = value.as_f64()?;
                interval_known(
                    |y| value.matches_f32(mars_unit(y) as f32),
                    target * 4_294_967_295.0,
                )
                .map(|k| vec![k])
            }
            ObservedDraw::MarsNextIntInclusive { n } => {
                let v = value.as_u32()?;
                if v > n {
                    return None;
                }
                let mask = if n == 0 {
                    0
                } else {
                    u32::MAX >> n.leading_zeros()
                };
                words(vec![KnownBits::new(u64::from(mask), u64::from(v))])
            }
        }
    }
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
    let matches = |k: u32| value.matches_f32(unity_range_from_t(unity_value(k), min, max));
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
