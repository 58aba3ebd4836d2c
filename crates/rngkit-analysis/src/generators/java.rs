//! Cracking `java.util.Random` (`java`): the 48-bit state from
//! observations, by lattice reduction ([`crate::recover::lattice`]).
//!
//! Every observation becomes constraints on the states `s_j = a^j s + c_j
//! mod 2^48` after each raw step `j` (the output word of step `j` is
//! `s_j >> 16`):
//!
//! * exact bits of an output word (full `next-int`s, `next-long`,
//!   `next-double`, `next-float`, `next-boolean`, power-of-two
//!   `next-int BOUND`, `bits MASK = VALUE`): each run of known bits
//!   `lo..=hi` of the state is the interval constraint "`s_j mod 2^(hi+1)`
//!   lies in `v 2^lo ..= v 2^lo + 2^lo - 1`";
//! * `next-int BOUND = v` with `BOUND = 2^t * odd`: the no-rejection value
//!   `u = s_j >> 17` has `u mod 2^t = v mod 2^t` (the odd part is not
//!   linear and only filters);
//! * inequalities `DRAW in LOW..HIGH`: `next-float` (`s_j >> 24` in a
//!   range), `next-double` (`s_j >> 22`, and `s_{j+1} >> 21` when the
//!   first is fixed), `next-boolean`, `next-int`, power-of-two
//!   `next-int BOUND`;
//! * unknown gaps (`skip A..B`, and `next-gaussian`'s 0 to 12 steps) are
//!   enumerated; draws that may reject (`next-int 10`) count as one step.
//!
//! The lattice then lists every 48-bit state meeting the constraints (a
//! box of a lattice of dimension at most 18), and each one is verified by
//! running the real draws against every observation.
//!
//! ```
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::recover::{recover, RecoverOptions, Recovered};
//! use rngkit_analysis::registry;
//!
//! // new Random(42): nextInt() twice, printed by OpenJDK 17.
//! let java = registry::find("java").unwrap();
//! let obs = parse_observations(java, "next-int = -1170105035\nnext-int = 234785527\n").unwrap();
//! let Recovered::Unique(rng) = recover(java, &obs, &RecoverOptions::default()).unwrap() else {
//!     panic!("one state")
//! };
//! assert_eq!(rng.words(), [(42 ^ 0x5deece66d) & ((1 << 48) - 1)]);
//! ```

use rngkit::StateWords;
use rngkit::observe::KnownBits;
use rngkit::registry::{Engine, Gen, Steps};
use rngkit::runtimes::java::{JavaDraw, JavaGen, JavaRandom};

use crate::generators::lcg48::{MASK, power};
use crate::observe::{Number, Observation, ObservationKind, ObservedDraw, ValueRange};
use crate::recover::lattice::{Interval, LatticeError, solve};
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, conclude, fits};

/// At most this many combinations of unknown gaps are tried.
pub const MAX_GAP_COMBINATIONS: u64 = 1 << 12;

/// The enumeration budget per lattice (nodes).
const NODE_LIMIT: u64 = 1 << 23;

/// The most states listed.
const MAX_STATES: usize = 1 << 16;

/// A constraint on the state after raw step `step` of a draw (0 = the
/// draw's first word): `s mod 2^modulus_bits` in `low..=high`.
#[derive(Clone, Copy, Debug)]
struct Local {
    step: u64,
    modulus_bits: u32,
    low: u64,
    high: u64,
}

/// One observation, for the lattice.
#[derive(Clone, Debug)]
enum Item {
    /// A draw of `steps` raw steps with constraints on them.
    Fixed { steps: u64, constraints: Vec<Local> },
    /// An unknown number of raw steps.
    Gap { min: u64, max: u64 },
}

/// The `java` draw behind a parsed draw (`None` for the common draws).
fn java_draw(draw: &ObservedDraw) -> Option<JavaDraw> {
    let mut words = draw.text().split_whitespace();
    let name = words.next()?;
    let args: Vec<&str> = words.collect();
    JavaGen::parse_draw(name, &args).ok().flatten()
}

/// Runs of known bits of output word `step` as state constraints.
fn word_constraints(step: u64, known: KnownBits, out: &mut Vec<Local>) {
    let mut mask = known.mask & 0xffff_ffff;
    while mask != 0 {
        let lo = mask.trailing_zeros();
        let len = (mask >> lo).trailing_ones();
        let hi = lo + len - 1;
        let v = (known.value >> lo) & ((1u64 << len) - 1);
        let shift = lo + 16;
        out.push(Local {
            step,
            modulus_bits: hi + 17,
            low: v << shift,
            high: (v << shift) | ((1u64 << shift) - 1),
        });
        mask &= !(((1u64 << len) - 1) << lo);
    }
}

/// The top-bits constraint `k_lo <= s >> shift <= k_hi` (clamped).
fn top_range(step: u64, shift: u32, k_lo: i128, k_hi: i128) -> Option<Local> {
    let max = i128::from(MASK >> shift);
    let (lo, hi) = (k_lo.max(0), k_hi.min(max));
    if lo > hi {
        // Impossible: an empty interval no state meets.
        return Some(Local {
            step,
            modulus_bits: 1,
            low: 1,
            high: 0,
        });
    }
    let (lo, hi) = (lo as u64, hi as u64);
    Some(Local {
        step,
        modulus_bits: 48,
        low: lo << shift,
        high: (hi << shift) | ((1u64 << shift) - 1),
    })
}

/// The integers `k` with `k * 2^-scale` in `range` (`scale` 0: the
/// integers in it).
fn scaled_bounds(range: &ValueRange, scale: i32) -> (i128, i128) {
    let factor = 2f64.powi(scale);
    let scaled = |n: Number| match n {
        Number::Int(i) if scale == 0 => Number::Int(i),
        n => Number::Float(n.as_f64() * factor),
    };
    let ceil = |n: Number| match n {
        Number::Int(i) => i,
        Number::Float(f) => f.ceil().clamp(-1e30, 1e30) as i128,
    };
    let floor = |n: Number| match n {
        Number::Int(i) => i,
        Number::Float(f) => f.floor().clamp(-1e30, 1e30) as i128,
    };
    let (low, high) = (scaled(range.low), scaled(range.high));
    let k_lo = ceil(low);
    let k_hi = if range.inclusive {
        floor(high)
    } else {
        ceil(high) - 1
    };
    (k_lo, k_hi)
}

/// The constraints of `draw in range`, java draws only.
fn range_constraints(draw: &JavaDraw, range: &ValueRange) -> Vec<Local> {
    let mut out = Vec::new();
    match *draw {
        JavaDraw::NextFloat => {
            let (lo, hi) = scaled_bounds(range, 24);
            out.extend(top_range(0, 24, lo, hi));
        }
        JavaDraw::NextDouble => {
            let (lo, hi) = scaled_bounds(range, 53);
            let (lo, hi) = (lo.max(0), hi.min((1 << 53) - 1));
            out.extend(top_range(0, 22, lo >> 27, hi >> 27));
            if lo <= hi && lo >> 27 == hi >> 27 {
                out.extend(top_range(1, 21, lo & ((1 << 27) - 1), hi & ((1 << 27) - 1)));
            }
        }
        JavaDraw::NextBoolean => {
            let (lo, hi) = scaled_bounds(range, 0);
            out.extend(top_range(0, 47, lo, hi));
        }
        JavaDraw::NextInt => {
            let (lo, hi) = scaled_bounds(range, 0);
            let (lo, hi) = (lo.max(i128::from(i32::MIN)), hi.min(i128::from(i32::MAX)));
            if lo >= 0 {
                out.extend(top_range(0, 16, lo, hi));
            } else if hi < 0 {
                out.extend(top_range(0, 16, lo + (1 << 32), hi + (1 << 32)));
            }
        }
        JavaDraw::NextIntBound(bound) if bound & (bound - 1) == 0 && bound > 1 => {
            let bits = bound.trailing_zeros();
            let (lo, hi) = scaled_bounds(range, 0);
            out.extend(top_range(0, 48 - bits, lo, hi));
        }
        _ => {}
    }
    out
}

/// The 2-adic constraint of a rejection-sampled `value = u mod n + origin`
/// on `u = s >> 17` (assuming no rejection).
fn two_adic(n: i64, r: i64) -> Option<Local> {
    // Power-of-two spans take other bits (their known bits say which).
    if n <= 0 || n & (n - 1) == 0 {
        return None;
    }
    let t = n.trailing_zeros();
    if t == 0 {
        return None;
    }
    let v = (r as u64) & ((1u64 << t) - 1);
    Some(Local {
        step: 0,
        modulus_bits: 17 + t,
        low: v << 17,
        high: (v << 17) | ((1 << 17) - 1),
    })
}

/// The observations as lattice items.
fn items(observations: &[Observation]) -> Vec<Item> {
    let mut items = Vec::new();
    for obs in observations {
        let item = match &obs.kind {
            ObservationKind::Skip(n) => Item::Fixed {
                steps: *n,
                constraints: Vec::new(),
            },
            ObservationKind::SkipRange { min, max } => Item::Gap {
                min: *min,
                max: *max,
            },
            ObservationKind::Bits(known) => {
                let mut constraints = Vec::new();
                word_constraints(0, *known, &mut constraints);
                Item::Fixed {
                    steps: 1,
                    constraints,
                }
            }
            ObservationKind::Draw { draw, value } => {
                let jd = java_draw(draw);
                if jd == Some(JavaDraw::NextGaussian) {
                    items.push(Item::Gap { min: 0, max: 12 });
                    continue;
                }
                let mut constraints = Vec::new();
                for (i, known) in draw
                    .known_bits(value, 32)
                    .unwrap_or_default()
                    .into_iter()
                    .enumerate()
                {
                    word_constraints(i as u64, known, &mut constraints);
                }
                match (jd.as_ref(), value.as_i64()) {
                    (Some(&JavaDraw::NextIntBound(n)), Some(v)) => {
                        constraints.extend(two_adic(n.into(), v));
                    }
                    (Some(&JavaDraw::NextIntRange(o, b)), Some(v)) => {
                        let n = i64::from(b.wrapping_sub(o));
                        constraints.extend(two_adic(n, v - i64::from(o)));
                    }
                    _ => {}
                }
                Item::Fixed {
                    steps: assumed_steps(draw, jd.as_ref()),
                    constraints,
                }
            }
            ObservationKind::DrawIn { draw, range } => {
                let jd = java_draw(draw);
                if jd == Some(JavaDraw::NextGaussian) {
                    items.push(Item::Gap { min: 0, max: 12 });
                    continue;
                }
                Item::Fixed {
                    steps: assumed_steps(draw, jd.as_ref()),
                    constraints: jd
                        .as_ref()
                        .map(|d| range_constraints(d, range))
                        .unwrap_or_default(),
                }
            }
        };
        items.push(item);
    }
    items
}

/// Raw steps of a draw, assuming no rejection.
fn assumed_steps(draw: &ObservedDraw, jd: Option<&JavaDraw>) -> u64 {
    match draw.steps(32) {
        Steps::Fixed(n) => n,
        Steps::Variable => match jd {
            Some(JavaDraw::NextLongRange(..)) => 2,
            _ => 1,
        },
    }
}

/// The lattice constraints for one choice of the unknown gaps.
fn intervals(items: &[Item], gaps: &[u64]) -> Vec<Interval> {
    let mut out = Vec::new();
    let mut offset = 0u64;
    let mut gap = gaps.iter();
    for item in items {
        match item {
            Item::Fixed { steps, constraints } => {
                for c in constraints {
                    // The state after raw step offset + c.step + 1.
                    let (mult, add) = power(offset + c.step + 1);
                    out.push(Interval {
                        mult,
                        add,
                        modulus_bits: c.modulus_bits,
                        low: c.low,
                        high: c.high,
                    });
                }
                offset += steps;
            }
            Item::Gap { .. } => offset += gap.next().copied().unwrap_or(0),
        }
    }
    out
}

/// State recovery for `java`: lattice reduction on every observation,
/// unknown gaps enumerated, every candidate verified.
///
/// # Errors
/// [`RecoverError`] when the unknown gaps have too many combinations or
/// the observations lie too far in.
pub fn recover(
    observations: &[Observation],
    _options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let items = items(observations);
    let ranges: Vec<(u64, u64)> = items
        .iter()
        .filter_map(|i| match i {
            Item::Gap { min, max } => Some((*min, *max)),
            Item::Fixed { .. } => None,
        })
        .collect();
    let combinations = ranges
        .iter()
        .try_fold(1u64, |acc, (lo, hi)| acc.checked_mul(hi - lo + 1))
        .filter(|&n| n <= MAX_GAP_COMBINATIONS)
        .ok_or_else(|| {
            RecoverError(format!(
                "the unknown gaps allow more than {MAX_GAP_COMBINATIONS} combinations; narrow the `skip A..B` ranges"
            ))
        })?;
    let mut states: Vec<u64> = Vec::new();
    let mut gaps: Vec<u64> = ranges.iter().map(|r| r.0).collect();
    let mut too_weak = None;
    for _ in 0..combinations {
        match solve(48, &intervals(&items, &gaps), NODE_LIMIT, MAX_STATES) {
            Ok(found) => {
                for s in found {
                    let rng = engine(s);
                    if fits(observations, &rng) {
                        states.push(s);
                    }
                }
            }
            Err(LatticeError::TooManyNodes { expected_log2 }) => {
                too_weak = Some(too_weak.unwrap_or(0).max(expected_log2));
            }
            Err(LatticeError::TooManySolutions) => too_weak = Some(16),
            Err(e @ LatticeError::Overflow) => return Err(RecoverError(e.to_string())),
        }
        // The next combination, odometer-style.
        for (g, (lo, hi)) in gaps.iter_mut().zip(&ranges) {
            if *g < *hi {
                *g += 1;
                break;
            }
            *g = *lo;
        }
    }
    states.sort_unstable();
    states.dedup();
    if let Some(log2) = too_weak {
        if states.is_empty() && log2 < 12 {
            return Err(RecoverError(
                "the lattice enumeration ran past its budget; add observations or use `rngkit seed-search java`"
                    .into(),
            ));
        }
        return Ok(Recovered::Several {
            count: Count::PowerOfTwo(log2.max(0) as u32),
            states: Vec::new(),
        });
    }
    if states.len() > MAX_STATES {
        return Ok(Recovered::Several {
            count: Count::Exact(states.len() as u128),
            states: Vec::new(),
        });
    }
    Ok(conclude(states.into_iter().map(engine).collect()))
}

fn engine(s: u64) -> Engine {
    Engine::new::<JavaGen>(
        <JavaRandom as StateWords>::from_words(&[s & MASK]).expect("a 48-bit state"),
    )
}
