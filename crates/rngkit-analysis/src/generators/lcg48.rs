//! The analysis of the 48-bit linear congruential generator
//! `X' = (0x5DEECE66D * X + 0xB) mod 2^48` shared by `java.util.Random`
//! (`java`) and the POSIX `drand48` family (`drand48`).
//!
//! * [`StepBack`]: `X = a^-1 (X' - c) mod 2^48`.
//! * [`Jump`]: the affine map applied `n` times, `(a^n, c (1 + a + ... +
//!   a^(n-1)))`, by squaring (Brown, 1994): O(log n).
//! * [`Distance`]: exact and O(48), by 2-adic arithmetic: advancing by
//!   `2^k` leaves the low `k` bits of the state alone and flips bit `k`
//!   (the LCG has full period, so its low `k` bits have period `2^k`), so the
//!   distance is fixed one bit at a time, low bits first.
//!
//! The period is `2^48` ([`period`]): `c` is odd and `a - 1` is a multiple
//! of 4 (Hull–Dobell).
//!
//! `java`'s state also holds the cached second Gaussian of `nextGaussian()`.
//! Raw steps never touch it, so jumps and steps back keep it, and two
//! states whose caches differ are at no distance at all
//! ([`DistanceError::Unreachable`]).
//!
//! ```
//! use rngkit::runtimes::java::JavaRandom;
//! use rngkit::runtimes::drand48::Drand48;
//! use rngkit_analysis::{Distance, Jump, StepBack};
//!
//! let start = JavaRandom::new(42);
//! let mut rng = start.clone();
//! rng.jump(1_000_000_007);
//! assert_eq!(start.distance_to(&rng), Ok(1_000_000_007));
//! rng.jump_back(7);
//! rng.step_back();
//! assert_eq!(start.distance_to(&rng), Ok(999_999_999));
//!
//! let a = Drand48::srand48(1);
//! let mut b = a.clone();
//! b.jump(1 << 47);
//! assert_eq!(a.distance_to(&b), Ok(1 << 47));
//! ```

use rngkit::number::BigInt;
use rngkit::runtimes::drand48::Drand48;
use rngkit::runtimes::java::JavaRandom;

use rngkit::observe::KnownBits;
use rngkit::registry::Engine;

use crate::observe::{
    Number, Observation, ObservationKind, ObservedDraw, ObservedValue, ValueRange,
};
use crate::recover::lattice::{Interval, LatticeError, solve};
use crate::recover::{Count, MAX_OFFSET, RecoverError, Recovered, conclude, fits};
use crate::{Distance, DistanceError, Jump, StepBack};

/// The multiplier `a = 0x5DEECE66D`.
pub const MULTIPLIER: u64 = 0x5_deec_e66d;
/// The increment `c = 0xB`.
pub const INCREMENT: u64 = 0xb;
/// `2^48 - 1`.
pub const MASK: u64 = (1 << 48) - 1;
/// `a^-1 mod 2^48`.
pub const INVERSE: u64 = inverse_mod_2_48(MULTIPLIER);

/// The inverse of an odd `a` modulo `2^48` (Newton's iteration, each round
/// doubling the correct bits).
///
/// ```
/// use rngkit_analysis::generators::lcg48::{inverse_mod_2_48, MULTIPLIER, MASK};
/// assert_eq!(MULTIPLIER.wrapping_mul(inverse_mod_2_48(MULTIPLIER)) & MASK, 1);
/// ```
pub const fn inverse_mod_2_48(a: u64) -> u64 {
    // The inverse mod 2^64 is one mod 2^48 too.
    rngkit::engines::lcg::inverse_u64(a) & MASK
}

/// The period, `2^48` raw steps.
///
/// ```
/// assert_eq!(rngkit_analysis::generators::lcg48::period().to_string(), "281474976710656");
/// ```
pub fn period() -> BigInt {
    BigInt::from(1u64 << 48)
}

/// The affine map `X -> mult * X + plus` applied `n` times, modulo `2^48`:
/// `(a^n, c (1 + a + ... + a^(n-1)))` by squaring.
///
/// ```
/// use rngkit_analysis::generators::lcg48::{power, MULTIPLIER, INCREMENT, MASK};
/// let (m, p) = power(3);
/// let mut x = 12345u64;
/// for _ in 0..3 { x = x.wrapping_mul(MULTIPLIER).wrapping_add(INCREMENT) & MASK; }
/// assert_eq!(12345u64.wrapping_mul(m).wrapping_add(p) & MASK, x);
/// ```
pub const fn power(n: u64) -> (u64, u64) {
    let (mult, plus) = rngkit::engines::lcg::affine_power(MULTIPLIER, INCREMENT, n);
    (mult & MASK, plus & MASK)
}

/// The state `n` steps after `x` (`n` taken modulo the period).
///
/// ```
/// use rngkit_analysis::generators::lcg48::{advance, MASK};
/// assert_eq!(advance(5, 0), 5);
/// assert_eq!(advance(advance(5, 10), (1u64 << 48) - 10), 5);
/// ```
pub const fn advance(x: u64, n: u64) -> u64 {
    let (m, p) = power(n & MASK);
    x.wrapping_mul(m).wrapping_add(p) & MASK
}

/// The number of steps from state `from` to state `to`, in `0..2^48`.
///
/// ```
/// use rngkit_analysis::generators::lcg48::{advance, distance};
/// assert_eq!(distance(7, advance(7, 123_456_789_012)), 123_456_789_012);
/// ```
pub const fn distance(from: u64, to: u64) -> u64 {
    rngkit::engines::lcg::affine_distance(MULTIPLIER, INCREMENT, from, to, 48)
}

/// A generator whose raw step is one step of the 48-bit LCG: the glue
/// between each GEN's type and the shared arithmetic.
pub trait Lcg48: Clone {
    /// The 48-bit state.
    fn state48(&self) -> u64;
    /// The same generator at state `x` (below `2^48`), everything else kept.
    fn with_state48(&self, x: u64) -> Self;
    /// Why no number of raw steps leads from `self` to `other` besides the
    /// 48-bit state (`java`'s cached Gaussian), if it does not.
    fn unreachable(&self, other: &Self) -> Option<&'static str> {
        let _ = other;
        None
    }
}

impl Lcg48 for JavaRandom {
    fn state48(&self) -> u64 {
        self.seed48()
    }

    fn with_state48(&self, x: u64) -> Self {
        let mut rng = JavaRandom::from_seed48(x & MASK).expect("masked to 48 bits");
        rng.set_next_next_gaussian(self.next_next_gaussian());
        rng
    }

    fn unreachable(&self, other: &Self) -> Option<&'static str> {
        (self.next_next_gaussian().map(f64::to_bits)
            != other.next_next_gaussian().map(f64::to_bits))
        .then_some(
            "the states differ in the cached nextGaussian value, which raw steps never change",
        )
    }
}

impl Lcg48 for Drand48 {
    fn state48(&self) -> u64 {
        self.state()
    }

    fn with_state48(&self, x: u64) -> Self {
        Drand48::from_state(x & MASK).expect("masked to 48 bits")
    }
}

macro_rules! lcg48_analysis {
    ($ty:ty) => {
        impl StepBack for $ty {
            fn step_back(&mut self) {
                let x = self.state48().wrapping_sub(INCREMENT).wrapping_mul(INVERSE);
                *self = self.with_state48(x & MASK);
            }
        }

        impl Jump for $ty {
            /// Period `2^48`: `n` is taken modulo `2^48`.
            fn jump(&mut self, n: u128) {
                *self = self.with_state48(advance(self.state48(), (n & u128::from(MASK)) as u64));
            }

            fn jump_back(&mut self, n: u128) {
                let back = (n & u128::from(MASK)) as u64;
                *self = self.with_state48(advance(self.state48(), back.wrapping_neg() & MASK));
            }
        }

        impl Distance for $ty {
            const HAS_FAST_METHOD: bool = true;

            fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
                if let Some(reason) = self.unreachable(to) {
                    return Err(DistanceError::Unreachable(reason));
                }
                Ok(u128::from(distance(self.state48(), to.state48())))
            }
        }
    };
}

lcg48_analysis!(JavaRandom);
lcg48_analysis!(Drand48);

// ------------------------------------------------------------------ state recovery
//
// `java` and `drand48` read their outputs from the same 48-bit states (java's
// 32-bit output word is `s >> 16`, drand48's 64-bit one is `s << 16`), so
// every observation becomes the same kind of constraint, "`s_j mod
// 2^m` lies in an interval", on the state `s_j` after raw step `j`; the
// lattice ([`crate::recover::lattice`]) then lists every state that meets
// them. Each GEN turns its own draws into [`Item`]s; the gaps, the lattice
// and the verification are shared here.

/// At most this many combinations of unknown gaps (`skip A..B`) are tried
/// (each is one lattice).
///
/// ```
/// assert_eq!(rngkit_analysis::generators::lcg48::MAX_GAP_COMBINATIONS, 4096);
/// ```
pub const MAX_GAP_COMBINATIONS: u64 = 1 << 12;

/// The enumeration budget per lattice (nodes).
const NODE_LIMIT: u64 = 1 << 23;

/// The most states listed.
const MAX_STATES: usize = 1 << 16;

/// A constraint on the state after raw step `step` of an observation (0 =
/// its first step): `s mod 2^modulus_bits` in `low..=high`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Local {
    pub(crate) step: u64,
    pub(crate) modulus_bits: u32,
    pub(crate) low: u64,
    pub(crate) high: u64,
}

/// One observation, for the lattice.
#[derive(Clone, Debug)]
pub(crate) enum Item {
    /// A draw of `steps` raw steps with constraints on them.
    Fixed { steps: u64, constraints: Vec<Local> },
    /// An unknown number of raw steps, `min..=max`.
    Gap { min: u64, max: u64 },
}

/// Each run of known bits `lo..=hi` of the state after step `step`
/// (`known` is on the 48 state bits) as the constraint "`s mod 2^(hi+1)`
/// lies in `v 2^lo ..= v 2^lo + 2^lo - 1`".
pub(crate) fn state_bit_constraints(step: u64, known: KnownBits, out: &mut Vec<Local>) {
    let mut mask = known.mask & MASK;
    while mask != 0 {
        let lo = mask.trailing_zeros();
        let len = (mask >> lo).trailing_ones();
        let v = (known.value >> lo) & ((1u64 << len) - 1);
        out.push(Local {
            step,
            modulus_bits: lo + len,
            low: v << lo,
            high: (v << lo) | ((1u64 << lo) - 1),
        });
        mask &= !(((1u64 << len) - 1) << lo);
    }
}

/// The constraint `k_lo <= s >> shift <= k_hi` on the state after step
/// `step` (clamped to the state; an empty range is a constraint no state
/// meets).
pub(crate) fn top_range(step: u64, shift: u32, k_lo: i128, k_hi: i128) -> Local {
    let max = i128::from(MASK >> shift);
    let (lo, hi) = (k_lo.max(0), k_hi.min(max));
    if lo > hi {
        return Local {
            step,
            modulus_bits: 1,
            low: 1,
            high: 0,
        };
    }
    let (lo, hi) = (lo as u64, hi as u64);
    Local {
        step,
        modulus_bits: 48,
        low: lo << shift,
        high: (hi << shift) | ((1u64 << shift) - 1),
    }
}

/// The constraint "`(s >> 16) as i32` in `lo..=hi`" (java's `nextInt()`,
/// drand48's `mrand48()`), when the range does not straddle zero (a range
/// that does is two intervals; it is left to the verification).
pub(crate) fn signed32_range(step: u64, lo: i128, hi: i128) -> Option<Local> {
    let (lo, hi) = (lo.max(i128::from(i32::MIN)), hi.min(i128::from(i32::MAX)));
    if lo >= 0 {
        Some(top_range(step, 16, lo, hi))
    } else if hi < 0 {
        Some(top_range(step, 16, lo + (1 << 32), hi + (1 << 32)))
    } else {
        None
    }
}

/// The integers `k` with `k * 2^-scale` in `range` (`scale` 0: the
/// integers in it).
pub(crate) fn scaled_bounds(range: &ValueRange, scale: i32) -> (i128, i128) {
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

/// What an observation says about a draw.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Seen<'a> {
    /// `DRAW = VALUE`.
    Value(&'a ObservedValue),
    /// `DRAW in LOW..HIGH`.
    Range(&'a ValueRange),
}

/// The items of the observations every GEN reads alike (`skip N`, `skip
/// A..B`, `bits MASK = VALUE`), `word_to_state` mapping the known bits of
/// an output word to those of the state; a draw's item comes from `draw`.
pub(crate) fn items(
    observations: &[Observation],
    word_to_state: impl Fn(KnownBits) -> KnownBits,
    mut draw: impl FnMut(&ObservedDraw, Seen<'_>) -> Item,
) -> Vec<Item> {
    observations
        .iter()
        .map(|obs| match &obs.kind {
            ObservationKind::Skip(n) => Item::Fixed {
                steps: *n,
                constraints: Vec::new(),
            },
            &ObservationKind::SkipRange { min, max } => Item::Gap { min, max },
            ObservationKind::Bits(known) => {
                let mut constraints = Vec::new();
                state_bit_constraints(0, word_to_state(*known), &mut constraints);
                Item::Fixed {
                    steps: 1,
                    constraints,
                }
            }
            ObservationKind::Draw { draw: d, value } => draw(d, Seen::Value(value)),
            ObservationKind::DrawIn { draw: d, range } => draw(d, Seen::Range(range)),
        })
        .collect()
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
/// gaps after it are left to verification: the state's 48 bits, so that a
/// lattice has about one point in its box. (Measured on 18 `next-int 16`
/// with five `skip 0..=3` gaps: 48 bits, 64 lattices, 133 ms; 52 bits, 256
/// lattices, 371 ms; every gap enumerated, 1024 lattices, over 1 s.)
const PREFIX_BITS: f64 = 48.0;

/// The bits of information of one lattice item (0 for gaps).
pub(crate) fn information(item: &Item) -> f64 {
    match item {
        Item::Fixed { constraints, .. } => constraints
            .iter()
            .map(|c| {
                // The lattice's own measure; the multiplier plays no part.
                Interval {
                    mult: 1,
                    add: 0,
                    modulus_bits: c.modulus_bits,
                    low: c.low,
                    high: c.high,
                }
                .information()
            })
            .sum(),
        Item::Gap { .. } => 0.0,
    }
}

/// Where the lattices may stop: the first gap after which the observations
/// before it already carry [`PREFIX_BITS`], or all the items when no such
/// gap exists.
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

/// How many combinations the unknown gaps of `items` have, `None` when
/// more than [`MAX_GAP_COMBINATIONS`].
fn gap_combinations(items: &[Item]) -> Option<u64> {
    items
        .iter()
        .filter_map(|i| match i {
            Item::Gap { min, max } => Some(max - min + 1),
            Item::Fixed { .. } => None,
        })
        .try_fold(1u64, u64::checked_mul)
        .filter(|&n| n <= MAX_GAP_COMBINATIONS)
}

/// What a set of lattices finds: the verified states, and the largest count
/// (log2) of a lattice too weak to enumerate.
type GapAnswer = Result<(Vec<u64>, Option<i32>), RecoverError>;

/// The states the lattices over `items` find for every combination of
/// their unknown gaps, each verified against all `observations`; with the
/// largest count (log2) of a lattice too weak to enumerate.
fn states_over_gaps(
    observations: &[Observation],
    items: &[Item],
    engine: fn(u64) -> Engine,
    threads: usize,
) -> GapAnswer {
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
    // Every combination of the gaps, odometer-style.
    let mut all = Vec::with_capacity(combinations as usize);
    let mut gaps: Vec<u64> = ranges.iter().map(|r| r.0).collect();
    for _ in 0..combinations {
        all.push(gaps.clone());
        for (g, (lo, hi)) in gaps.iter_mut().zip(&ranges) {
            if *g < *hi {
                *g += 1;
                break;
            }
            *g = *lo;
        }
    }
    // The lattices are independent: the combinations are dealt out to the
    // threads in turn, and the answers merged (sorted and deduplicated by
    // the caller, so the order does not matter).
    let threads = threads.clamp(1, all.len().max(1));
    let one = |worker: usize| -> GapAnswer {
        let mut states = Vec::new();
        let mut too_weak: Option<i32> = None;
        for gaps in all.iter().skip(worker).step_by(threads) {
            let constraints = intervals(items, gaps);
            match solve(48, &constraints, NODE_LIMIT, MAX_STATES) {
                Ok(found) => {
                    for s in found {
                        if fits(observations, &engine(s)) {
                            states.push(s);
                        }
                    }
                }
                Err(LatticeError::TooManyNodes { expected_log2 }) => {
                    too_weak = Some(too_weak.unwrap_or(0).max(expected_log2));
                }
                Err(LatticeError::TooManySolutions) => {
                    // More than 2^16 fit: at least 17 bits are unknown.
                    let information: f64 = constraints.iter().map(Interval::information).sum();
                    let unknown = (48.0 - information).max(0.0).ceil() as i32;
                    too_weak = Some(too_weak.unwrap_or(0).max(unknown.max(17)));
                }
                Err(e @ LatticeError::Overflow) => return Err(RecoverError(e.to_string())),
            }
        }
        Ok((states, too_weak))
    };
    let answers: Vec<GapAnswer> = if threads == 1 {
        vec![one(0)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|worker| scope.spawn(move || one(worker)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(RecoverError("a lattice worker failed".into())))
                })
                .collect()
        })
    };
    let mut states = Vec::new();
    let mut too_weak: Option<i32> = None;
    for answer in answers {
        let (found, weak) = answer?;
        states.extend(found);
        if let Some(w) = weak {
            too_weak = Some(too_weak.unwrap_or(0).max(w));
        }
    }
    Ok((states, too_weak))
}

/// State recovery for a GEN on the 48-bit LCG: the lattice for every
/// combination of the unknown gaps, every state it lists verified against
/// all the observations (`engine` builds the GEN's generator at a state).
///
/// When the observations before some unknown gap already pin the state
/// ([`PREFIX_BITS`]), only that prefix goes into lattices (its gaps
/// enumerated) and the later gaps are walked by the verification of each
/// candidate: five `skip 0..=3` gaps cost the lattices of the gaps that
/// matter, not all 4^5.
///
/// When too many states fit to list them (more than 2^16), the answer is
/// their count as a power of two: the state's 48 bits less the information
/// the constraints carry, rounded up. `complete` says whether the lattice
/// holds everything the observations say (no draw that may redraw, no odd
/// factor of a bound): then that count is the count of fitting states;
/// otherwise it is only a bound (`at most`, [`Recovered::OverBudget`]). `seed_hint` names the GEN for the
/// advice to search its seeds instead.
pub(crate) fn recover_items(
    observations: &[Observation],
    items: &[Item],
    engine: fn(u64) -> Engine,
    gen_name: &str,
    threads: usize,
    complete: bool,
) -> Result<Recovered, RecoverError> {
    // Verification steps through every skipped step, so the span is
    // bounded as for every GEN ([`crate::recover::MAX_OFFSET`]); this also
    // keeps the offsets below from overflowing.
    let span = items.iter().fold(0u64, |acc, item| {
        acc.saturating_add(match item {
            Item::Fixed { steps, .. } => *steps,
            Item::Gap { max, .. } => *max,
        })
    });
    if span > MAX_OFFSET {
        return Err(RecoverError(format!(
            "the observations span {span} steps; recovery follows at most {MAX_OFFSET}"
        )));
    }
    // The prefix's lattices are exact (every point in their box is
    // enumerated), so their states are all there are unless one of them
    // was too weak to enumerate; then the whole list goes into lattices.
    let prefix = lattice_prefix(items);
    // Too many combinations of the unknown gaps is a search over budget on
    // valid input: exit 3 with what to narrow (nothing was counted, so the
    // bound is the whole state space).
    if gap_combinations(&items[..prefix]).is_none() {
        return Ok(Recovered::OverBudget {
            count: Count::AtMost(48),
            advice: format!(
                "the unknown gaps allow more than {MAX_GAP_COMBINATIONS} combinations (one lattice each); narrow the `skip A..B` ranges"
            ),
        });
    }
    let (mut states, too_weak) =
        match states_over_gaps(observations, &items[..prefix], engine, threads) {
            Ok((states, None)) => (states, None),
            _ if prefix < items.len() && gap_combinations(items).is_some() => {
                states_over_gaps(observations, items, engine, threads)?
            }
            other => other?,
        };
    states.sort_unstable();
    states.dedup();
    if let Some(log2) = too_weak {
        // The lattice's count is the volume of its box: the states meeting
        // the constraints it holds. Draws it cannot hold (a bound's odd
        // factor, a redraw) filter further, so it is a bound, and the
        // input is valid: exit 3 with what to add, not an error.
        let log2 = log2.max(0) as u32;
        if states.is_empty() && log2 < 12 {
            return Ok(Recovered::OverBudget {
                count: Count::AtMost(log2),
                advice: format!(
                    "the lattice enumeration ran past its budget ({NODE_LIMIT} nodes); add observations, or search the seeds with `rngkit seed-search {gen_name}`"
                ),
            });
        }
        if complete {
            // Every observation is in the lattice: its volume is the count.
            return Ok(Recovered::Several {
                count: Count::PowerOfTwo(log2),
                states: Vec::new(),
            });
        }
        return Ok(Recovered::OverBudget {
            count: Count::AtMost(log2),
            advice: format!(
                "the lattice holds about {} of the 48 bits (the draws it cannot hold only filter); add observations (each full output adds 32 bits)",
                48u32.saturating_sub(log2)
            ),
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

#[cfg(test)]
mod tests {
    use super::*;
    use rngkit::WordRng;

    #[test]
    fn inverse_and_step_back() {
        assert_eq!(MULTIPLIER.wrapping_mul(INVERSE) & MASK, 1);
        let mut rng = JavaRandom::new(-5);
        let start = rng.clone();
        for _ in 0..100 {
            rng.next_word();
        }
        rng.step_back_by(100);
        assert_eq!(rng, start);
    }

    #[test]
    fn jumps_match_stepping_and_wrap() {
        for n in [0u64, 1, 2, 3, 17, 1000, 65_537] {
            let mut stepped = Drand48::srand48(99);
            stepped.discard(n);
            let mut jumped = Drand48::srand48(99);
            jumped.jump(u128::from(n));
            assert_eq!(jumped, stepped);
            jumped.jump(1 << 48);
            assert_eq!(jumped, stepped);
            jumped.jump_back(u128::from(n) + (5 << 48));
            assert_eq!(jumped, Drand48::srand48(99));
        }
    }

    #[test]
    fn distance_is_exact() {
        let mut x = 0x1234_5678_9abcu64;
        for i in 0..200u64 {
            let n = x.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17) & MASK;
            assert_eq!(distance(x, advance(x, n)), n, "round {i}");
            x = advance(x, 12_345);
        }
    }

    #[test]
    fn cached_gaussian_is_kept_and_checked() {
        let mut a = JavaRandom::new(3);
        a.next_gaussian();
        let cache = a.next_next_gaussian();
        assert!(cache.is_some());
        let mut b = a.clone();
        b.jump(77);
        assert_eq!(b.next_next_gaussian(), cache);
        assert_eq!(a.distance_to(&b), Ok(77));
        let c = JavaRandom::from_seed48(b.seed48()).unwrap();
        assert!(matches!(
            a.distance_to(&c),
            Err(DistanceError::Unreachable(_))
        ));
    }
}
