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
use crate::observe::Layout;
use crate::observe::{Number, Observation, ObservationKind, ObservedDraw, ValueRange};
use crate::recover::lattice::{Interval, LatticeError, solve};
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, conclude, fits};
use crate::search::{Plan, SearchSpec, generic_scan};

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

/// Information (bits) a prefix of the observations must carry before the
/// gaps after it are left to verification: the state's 48 bits and a few
/// more, so that each lattice has few points to enumerate.
const PREFIX_BITS: f64 = 52.0;

/// The bits of information of one lattice item (0 for gaps).
fn information(item: &Item) -> f64 {
    match item {
        Item::Fixed { constraints, .. } => constraints
            .iter()
            .map(|c| f64::from(c.modulus_bits) - ((c.high - c.low) as f64 + 1.0).log2())
            .sum(),
        Item::Gap { .. } => 0.0,
    }
}

/// Where the lattice may stop: the first gap after which the observations
/// before it already carry [`PREFIX_BITS`] (the gaps from there on are then
/// resolved by verifying each candidate against every observation, which
/// walks them), or all the items when no such gap exists.
fn lattice_prefix(items: &[Item]) -> usize {
    let mut bits = 0.0;
    for (i, item) in items.iter().enumerate() {
        if matches!(item, Item::Gap { .. }) && bits >= PREFIX_BITS {
            return i;
        }
        bits += information(item);
    }
    items.len()
}

/// The states the lattice finds over `items` for every combination of
/// their unknown gaps, each verified against all `observations`; with the
/// largest expected count (log2) when a lattice was too weak to enumerate.
fn states_over_gaps(
    items: &[Item],
    observations: &[Observation],
) -> Result<(Vec<u64>, Option<i32>), RecoverError> {
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
        match solve(48, &intervals(items, &gaps), NODE_LIMIT, MAX_STATES) {
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
    Ok((states, too_weak))
}

/// State recovery for `java`: lattice reduction on the observations,
/// unknown gaps enumerated, every candidate verified.
///
/// When the observations before some unknown gap already pin the state,
/// only that prefix goes into lattices (its gaps enumerated) and the later
/// gaps are walked by the verification of each candidate: five `skip
/// 0..=3` gaps cost the lattices of the gaps that matter, not all 4^5.
///
/// # Errors
/// [`RecoverError`] when the unknown gaps have too many combinations or
/// the observations lie too far in.
pub fn recover(
    observations: &[Observation],
    _options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let items = items(observations);
    let prefix = lattice_prefix(&items);
    // The prefix's lattices are exact (every point in their box is
    // enumerated), so their states are all the states there are unless
    // one was too weak to enumerate; then the whole list is used.
    let (mut states, too_weak) = match states_over_gaps(&items[..prefix], observations) {
        Ok((states, None)) => (states, None),
        _ if prefix < items.len() => states_over_gaps(&items, observations)?,
        Ok(weak) => weak,
        Err(e) => return Err(e),
    };
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

// ---------------------------------------------------------------------- seed search

/// One filter of the seed-search kernel, on the state `s_j` after raw step
/// `j` of the observations (`j >= 1`).
#[derive(Clone, Copy, Debug)]
enum Check {
    /// `(s_j - low) mod 2^m <= width`: `s_j mod 2^m` in `low..=low + width`.
    Interval {
        step: u64,
        mask: u64,
        low: u64,
        width: u64,
    },
    /// A rejection-sampled `u mod n` (`u = s_j >> 17`) in `lo..=hi`; `u >=
    /// limit` means Java redrew, and the later offsets are unknown: such a
    /// seed goes to verification.
    Mod {
        step: u64,
        n: u64,
        inverse: f64,
        lo: u64,
        hi: u64,
        limit: u64,
    },
}

/// The kernel's filters, in stream order, up to the first observation whose
/// length it cannot model; `None` when some filter can never pass.
fn checks(observations: &[Observation]) -> Option<Vec<Check>> {
    let mut out = Vec::new();
    let mut offset = 0u64;
    let interval = |offset: u64, c: &Local| Check::Interval {
        step: offset + c.step + 1,
        mask: if c.modulus_bits >= 64 {
            u64::MAX
        } else {
            (1u64 << c.modulus_bits) - 1
        },
        low: c.low,
        width: c.high.wrapping_sub(c.low),
    };
    let modular = |offset: u64, n: i64, lo: i128, hi: i128| -> Option<Check> {
        if n <= 0 || n & (n - 1) == 0 {
            return None;
        }
        let n = n as u64;
        let (lo, hi) = (lo.max(0), hi.min(n as i128 - 1));
        Some(Check::Mod {
            step: offset + 1,
            n,
            inverse: 1.0 / n as f64,
            lo: lo.max(0) as u64,
            hi: if hi < lo { 0 } else { hi as u64 },
            limit: n * ((1u64 << 31) / n),
        })
        .filter(|_| lo <= hi)
        .or(Some(Check::Interval {
            step: offset + 1,
            mask: 1,
            low: 1,
            width: u64::MAX,
        }))
    };
    for obs in observations {
        let (draw, locals, value_range): (Option<&ObservedDraw>, Vec<Local>, Option<(i128, i128)>) =
            match &obs.kind {
                ObservationKind::Skip(n) => {
                    offset = offset.checked_add(*n)?;
                    continue;
                }
                ObservationKind::SkipRange { .. } => break,
                ObservationKind::Bits(known) => {
                    let mut l = Vec::new();
                    word_constraints(0, *known, &mut l);
                    out.extend(l.iter().map(|c| interval(offset, c)));
                    offset += 1;
                    continue;
                }
                ObservationKind::Draw { draw, value } => {
                    let mut l = Vec::new();
                    for (i, known) in draw
                        .known_bits(value, 32)
                        .unwrap_or_default()
                        .into_iter()
                        .enumerate()
                    {
                        word_constraints(i as u64, known, &mut l);
                    }
                    let v = value.as_i64().map(|v| (i128::from(v), i128::from(v)));
                    (Some(draw), l, v)
                }
                ObservationKind::DrawIn { draw, range } => {
                    let l = java_draw(draw)
                        .map(|d| range_constraints(&d, range))
                        .unwrap_or_default();
                    (Some(draw), l, Some(scaled_bounds(range, 0)))
                }
            };
        let Some(draw) = draw else { continue };
        match draw.steps(32) {
            Steps::Fixed(n) => {
                out.extend(locals.iter().map(|c| interval(offset, c)));
                offset = offset.checked_add(n)?;
            }
            Steps::Variable => {
                let check = match (java_draw(draw), value_range) {
                    (Some(JavaDraw::NextIntBound(n)), Some((lo, hi))) => {
                        modular(offset, n.into(), lo, hi)
                    }
                    (Some(JavaDraw::NextIntRange(o, b)), Some((lo, hi))) => modular(
                        offset,
                        i64::from(b) - i64::from(o),
                        lo - i128::from(o),
                        hi - i128::from(o),
                    ),
                    _ => None,
                };
                match check {
                    Some(c) => out.push(c),
                    None => break,
                }
                offset += 1;
            }
        }
    }
    let impossible = out
        .iter()
        .any(|c| matches!(*c, Check::Interval { low, width, mask, .. } if mask == 1 && low == 1 && width == u64::MAX));
    if impossible {
        return None;
    }
    Some(out)
}

/// Candidates per batch.
const SCAN_LANES: usize = 16;

/// The per-check multiplier and addend for `s_j = A t + C` from the state
/// `t` after seeding (advance included).
fn affine(step: u64) -> (u64, u64) {
    power(step)
}

/// Filters the states `tb..tb + len` (`len` a multiple of the lane count)
/// against `checks` at advance `k`: pushes `t - tb` of each candidate that
/// may fit.
// Lane loops indexed by lane, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn scan_states(checks: &[Check], k: u64, tb: u64, len: u64, hits: &mut Vec<u64>) {
    const L: usize = SCAN_LANES;
    let n = checks.len();
    let mut xs = vec![[0u64; L]; n];
    let mut steps = vec![0u64; n];
    for (c, check) in checks.iter().enumerate() {
        let j = match *check {
            Check::Interval { step, .. } | Check::Mod { step, .. } => step + k,
        };
        let (a, add) = affine(j);
        for (l, x) in xs[c].iter_mut().enumerate() {
            *x = a.wrapping_mul(tb + l as u64).wrapping_add(add) & MASK;
        }
        steps[c] = a.wrapping_mul(L as u64) & MASK;
    }
    let mut base = 0u64;
    while base < len {
        let mut alive = [true; L];
        let mut escaped = [false; L];
        for (c, check) in checks.iter().enumerate() {
            let x = &xs[c];
            match *check {
                Check::Interval {
                    mask, low, width, ..
                } => {
                    for l in 0..L {
                        let ok = (x[l].wrapping_sub(low) & mask) <= width;
                        alive[l] &= ok | escaped[l];
                    }
                }
                Check::Mod {
                    n,
                    inverse,
                    lo,
                    hi,
                    limit,
                    ..
                } => {
                    for l in 0..L {
                        let u = (x[l] >> 17) & 0x7fff_ffff;
                        let q = (u as f64 * inverse) as u64;
                        let mut r = u.wrapping_sub(q.wrapping_mul(n)) as i64;
                        if r < 0 {
                            r += n as i64;
                        }
                        if r >= n as i64 {
                            r -= n as i64;
                        }
                        let ok = (r as u64).wrapping_sub(lo) <= hi.wrapping_sub(lo);
                        let redraw = u >= limit;
                        alive[l] &= ok | redraw | escaped[l];
                        escaped[l] |= redraw;
                    }
                }
            }
            if !alive.iter().any(|&a| a) {
                break;
            }
        }
        for l in 0..L {
            if alive[l] {
                hits.push(base + l as u64);
            }
        }
        for c in 0..n {
            for l in 0..L {
                xs[c][l] = xs[c][l].wrapping_add(steps[c]) & MASK;
            }
        }
        base += L as u64;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw")]
fn scan_states_avx512(checks: &[Check], k: u64, tb: u64, len: u64, hits: &mut Vec<u64>) {
    scan_states(checks, k, tb, len, hits);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn scan_states_avx2(checks: &[Check], k: u64, tb: u64, len: u64, hits: &mut Vec<u64>) {
    scan_states(checks, k, tb, len, hits);
}

/// Which compilation of the 48-bit scan runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanKernel {
    /// Plain code.
    Scalar,
    /// AVX2.
    Avx2,
    /// AVX-512 (F, DQ, VL, BW).
    Avx512,
}

impl ScanKernel {
    /// The best one this CPU has.
    pub fn best() -> ScanKernel {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512dq")
                && std::arch::is_x86_feature_detected!("avx512vl")
                && std::arch::is_x86_feature_detected!("avx512bw")
            {
                return ScanKernel::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return ScanKernel::Avx2;
            }
        }
        ScanKernel::Scalar
    }
}

fn run_scan(kernel: ScanKernel, checks: &[Check], k: u64, tb: u64, len: u64, hits: &mut Vec<u64>) {
    match kernel {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: AVX-512 F/DQ/VL/BW are checked at run time (best()).
        ScanKernel::Avx512 if ScanKernel::best() == ScanKernel::Avx512 => unsafe {
            scan_states_avx512(checks, k, tb, len, hits)
        },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: AVX2 is checked at run time.
        ScanKernel::Avx2 if std::arch::is_x86_feature_detected!("avx2") => unsafe {
            scan_states_avx2(checks, k, tb, len, hits)
        },
        _ => scan_states(checks, k, tb, len, hits),
    }
}

/// The seeds `S` of `first..first + count` (as `long` bit patterns) whose
/// `new Random(S)` may give the observations, scanning their 48-bit states
/// with `kernel`; the public face of the `java` seed-search kernel, for
/// benchmarks and tests.
///
/// `new Random(S)` keeps `(S ^ 0x5DEECE66D) mod 2^48`, a bijection between
/// `0..2^48` and the states: `--seeds 0..2^48` covers every state once, and
/// an aligned block of seeds is an aligned block of states, scanned in
/// order (`s_j` of consecutive states differ by the constant `a^j`, one
/// addition per candidate and check).
///
/// ```
/// use rngkit_analysis::generators::java::{candidates, ScanKernel};
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
///
/// let java = registry::find("java").unwrap();
/// // new Random(42).nextInt() = -1170105035 (OpenJDK 17).
/// let obs = parse_observations(java, "next-int = -1170105035").unwrap();
/// let found = candidates(ScanKernel::best(), &obs, 0, 0..1 << 20).unwrap();
/// assert!(found.contains(&42));
/// ```
///
/// # Errors
/// `None` when the observations give the kernel nothing to filter on.
pub fn candidates(
    kernel: ScanKernel,
    observations: &[Observation],
    max_advance: u64,
    seeds: std::ops::Range<u64>,
) -> Option<Vec<u64>> {
    let checks = match checks(observations) {
        None => return Some(Vec::new()),
        Some(c) if c.is_empty() => return None,
        Some(c) => c,
    };
    let mut out = Vec::new();
    scan_chunk(
        kernel,
        &checks,
        max_advance,
        seeds.start,
        seeds.end - seeds.start,
        &mut out,
    );
    Some(out)
}

/// Splits `first..first + count` into aligned blocks and scans each.
fn scan_chunk(
    kernel: ScanKernel,
    checks: &[Check],
    max_advance: u64,
    first: u64,
    count: u64,
    survivors: &mut Vec<u64>,
) {
    let mut hits = Vec::new();
    let mut seed = first;
    let end = first.saturating_add(count);
    while seed < end {
        let align = seed.trailing_zeros().min(48);
        let room = 63 - (end - seed).leading_zeros();
        let b = align.min(room);
        let size = 1u64 << b;
        let low_mask = size - 1;
        let tb = (seed ^ MULTIPLIER_JAVA) & MASK & !low_mask;
        let a_low = MULTIPLIER_JAVA & low_mask;
        if size < SCAN_LANES as u64 {
            // A small block: the seeds one by one.
            for s in seed..seed + size {
                let t = (s ^ MULTIPLIER_JAVA) & MASK;
                if (0..=max_advance).any(|k| {
                    hits.clear();
                    scan_states(checks, k, t, SCAN_LANES as u64, &mut hits);
                    hits.first() == Some(&0)
                }) {
                    survivors.push(s);
                }
            }
        } else {
            let mut found = Vec::new();
            for k in 0..=max_advance {
                hits.clear();
                run_scan(kernel, checks, k, tb, size, &mut hits);
                found.extend(hits.iter().map(|&d| seed | (d ^ a_low)));
            }
            found.sort_unstable();
            found.dedup();
            survivors.extend(found);
        }
        seed += size;
    }
}

/// `0x5DEECE66D`, what `new Random(S)` xors in.
const MULTIPLIER_JAVA: u64 = crate::generators::lcg48::MULTIPLIER;

/// The `java` seed-search kernel: each seed `S` of the range stands for
/// the state `(S ^ 0x5DEECE66D) mod 2^48` of `new Random(S)`, scanned 16
/// states at a time (AVX-512 / AVX2 / plain, chosen at run time); the
/// observations' exact bits, inequalities and `next-int BOUND` residues
/// filter, every survivor is verified. Observations the kernel cannot model
/// (gaps, Gaussians) end its filters; with none at all it falls back to
/// seeding and stepping every seed.
pub fn scan<'a>(spec: &'a SearchSpec, _lay: &'a Layout) -> Plan<'a> {
    let checks = match checks(spec.observations()) {
        None => return Plan::Done(Vec::new()),
        Some(c) if c.is_empty() => return generic_scan::<JavaGen>(spec, _lay),
        Some(c) => c,
    };
    let kernel = ScanKernel::best();
    let max_advance = spec.max_advance_value();
    Plan::Scan(Box::new(move |first, count, survivors| {
        scan_chunk(kernel, &checks, max_advance, first, count, survivors);
    }))
}
