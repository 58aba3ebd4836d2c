//! Cracking `java.util.Random` (`java`): the 48-bit state from
//! observations, by lattice reduction ([`crate::recover::lattice`]), and,
//! for `next-int N` draws whose `N` has an odd factor (percentages, dice),
//! by the residue scan: the values' low bits pin the states' low `17 + k`
//! bits (`N = 2^k m`), and a vectorised walk over the rest tests the
//! residues mod `m` (the section "bounded draws: the residue scan" below).
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
//!   linear: the lattice leaves it to the verification, the residue scan
//!   tests it);
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
use rngkit::cpu::CpuLevel;
use rngkit::observe::KnownBits;
use rngkit::registry::{Engine, Steps};
use rngkit::runtimes::java::{JavaDraw, JavaGen, JavaRandom};

use crate::generators::lcg48::{
    Item, Local, MASK, Seen, information, items, power, recover_items, scaled_bounds,
    signed32_range, state_bit_constraints, top_range,
};
use crate::observe::Layout;
use crate::observe::{Observation, ObservationKind, ObservedDraw, ObservedValue, ValueRange};
use crate::progress::Progress;
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, fits};
use crate::search::{Plan, SearchSpec, generic_scan};

/// At most this many combinations of unknown gaps are tried.
pub const MAX_GAP_COMBINATIONS: u64 = crate::generators::lcg48::MAX_GAP_COMBINATIONS;

/// The `java` draw behind a parsed draw (`None` for the common draws).
fn java_draw(draw: &ObservedDraw) -> Option<JavaDraw> {
    draw.engine_draw::<JavaDraw>().cloned()
}

/// The state bits that known bits of a 32-bit output word (`s >> 16`) are.
fn word_to_state(known: KnownBits) -> KnownBits {
    KnownBits::new(
        (known.mask & 0xffff_ffff) << 16,
        (known.value & 0xffff_ffff) << 16,
    )
}

/// Runs of known bits of output word `step` as state constraints.
fn word_constraints(step: u64, known: KnownBits, out: &mut Vec<Local>) {
    state_bit_constraints(step, word_to_state(known), out);
}

/// The constraints of the bits that `draw = value` reveals, word by word
/// (word `i` at step `i`).
fn value_constraints(draw: &ObservedDraw, value: &ObservedValue, out: &mut Vec<Local>) {
    for (i, known) in draw
        .known_bits(value, 32)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        word_constraints(i as u64, known, out);
    }
}

/// The constraints of `draw in range`, java draws only.
fn range_constraints(draw: &JavaDraw, range: &ValueRange) -> Vec<Local> {
    let mut out = Vec::new();
    match *draw {
        JavaDraw::NextFloat => {
            let (lo, hi) = scaled_bounds(range, 24);
            out.push(top_range(0, 24, lo, hi));
        }
        JavaDraw::NextDouble => {
            let (lo, hi) = scaled_bounds(range, 53);
            let (lo, hi) = (lo.max(0), hi.min((1 << 53) - 1));
            out.push(top_range(0, 22, lo >> 27, hi >> 27));
            if lo <= hi && lo >> 27 == hi >> 27 {
                out.push(top_range(1, 21, lo & ((1 << 27) - 1), hi & ((1 << 27) - 1)));
            }
        }
        JavaDraw::NextBoolean => {
            let (lo, hi) = scaled_bounds(range, 0);
            out.push(top_range(0, 47, lo, hi));
        }
        JavaDraw::NextInt => {
            let (lo, hi) = scaled_bounds(range, 0);
            out.extend(signed32_range(0, lo, hi));
        }
        JavaDraw::NextIntBound(bound) if bound & (bound - 1) == 0 && bound > 1 => {
            let bits = bound.trailing_zeros();
            let (lo, hi) = scaled_bounds(range, 0);
            out.push(top_range(0, 48 - bits, lo, hi));
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

/// One java draw observation as a lattice item.
fn draw_item(draw: &ObservedDraw, seen: Seen<'_>) -> Item {
    let (value, range) = match seen {
        Seen::Value(value) => (Some(value), None),
        Seen::Range(range) => (None, Some(range)),
    };
    let jd = java_draw(draw);
    if jd == Some(JavaDraw::NextGaussian) {
        // 0 to 12 steps, by rejection: an unknown gap.
        return Item::Gap { min: 0, max: 12 };
    }
    let mut constraints = Vec::new();
    if let Some(value) = value {
        value_constraints(draw, value, &mut constraints);
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
    }
    if let (Some(range), Some(d)) = (range, jd.as_ref()) {
        constraints = range_constraints(d, range);
    }
    Item::Fixed {
        steps: assumed_steps(draw, jd.as_ref()),
        constraints,
    }
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

/// State recovery for `java`: lattice reduction on every observation,
/// unknown gaps enumerated, every candidate verified (the machinery shared
/// with `drand48`, [`crate::generators::lcg48`]).
///
/// # Errors
/// [`RecoverError`] when the unknown gaps have too many combinations or
/// the observations lie too far in.
pub fn recover(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let items = items(observations, word_to_state, draw_item);
    let bits: f64 = items.iter().map(information).sum();
    if let Some(answer) = residue_recover(observations, bits, options) {
        return answer;
    }
    recover_items(
        observations,
        &items,
        engine,
        "java",
        options.threads,
        complete(observations),
    )
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
                    value_constraints(draw, value, &mut l);
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

/// One block of a 48-bit scan: the states `tb + i * stride` for `i` in
/// `0..len`, checked against `checks` at advance `k`. One value, so that the
/// kernel and its per-level entry points take it alike.
#[derive(Clone, Copy)]
struct Scan<'a> {
    checks: &'a [Check],
    k: u64,
    tb: u64,
    stride: u64,
    len: u64,
}

/// Filters the states `tb + i * stride` for `i` in `0..len` (`len` rounded
/// up to the lane count) against `checks` at advance `k`: pushes `i` of
/// each candidate that may fit. `stride` 1 scans a block of consecutive
/// states (the seed search); a larger one walks an arithmetic progression
/// of states (the residue scan, [`residue_recover`]): either way `s_j` of
/// the next candidate is `s_j` of this one plus the constant `a^j stride`.
// Lane loops indexed by lane, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn scan_states(scan: Scan, hits: &mut Vec<u64>) {
    let Scan {
        checks,
        k,
        tb,
        stride,
        len,
    } = scan;
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
            let t = tb.wrapping_add((l as u64).wrapping_mul(stride));
            *x = a.wrapping_mul(t).wrapping_add(add) & MASK;
        }
        steps[c] = a.wrapping_mul(stride).wrapping_mul(L as u64) & MASK;
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
fn scan_states_avx512(scan: Scan, hits: &mut Vec<u64>) {
    scan_states(scan, hits);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn scan_states_avx2(scan: Scan, hits: &mut Vec<u64>) {
    scan_states(scan, hits);
}

/// The 48-bit scan compiled for `level` (the portable build when this CPU
/// does not run `level`).
#[allow(unsafe_code)] // calls the AVX kernels after `CpuLevel` detection
fn run_scan(level: CpuLevel, scan: Scan, hits: &mut Vec<u64>) {
    match level {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the guard confirmed the CPU runs `CpuLevel::Avx512`, whose
        // features include AVX-512 F/DQ/VL/BW, the ones the function enables.
        CpuLevel::Avx512 if level.is_supported() => unsafe { scan_states_avx512(scan, hits) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the guard confirmed the CPU runs `CpuLevel::Avx2` (AVX2).
        CpuLevel::Avx2 if level.is_supported() => unsafe { scan_states_avx2(scan, hits) },
        _ => scan_states(scan, hits),
    }
}

/// The seeds `S` of `first..first + count` (as `long` bit patterns) whose
/// `new Random(S)` may give the observations, scanning their 48-bit states
/// with the kernel of `level` (the portable one when this CPU does not run
/// `level`; every level finds the same seeds); the public face of the
/// `java` seed-search kernel, for benchmarks and tests.
///
/// `new Random(S)` keeps `(S ^ 0x5DEECE66D) mod 2^48`, a bijection between
/// `0..2^48` and the states: `--seeds 0..2^48` covers every state once, and
/// an aligned block of seeds is an aligned block of states, scanned in
/// order (`s_j` of consecutive states differ by the constant `a^j`, one
/// addition per candidate and check).
///
/// ```
/// use rngkit::cpu::CpuLevel;
/// use rngkit_analysis::generators::java::candidates;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
///
/// let java = registry::find("java").unwrap();
/// // new Random(42).nextInt() = -1170105035 (OpenJDK 17).
/// let obs = parse_observations(java, "next-int = -1170105035").unwrap();
/// let found = candidates(CpuLevel::best(), &obs, 0, 0..1 << 20).unwrap();
/// assert!(found.contains(&42));
/// ```
///
/// # Errors
/// `None` when the observations give the kernel nothing to filter on.
pub fn candidates(
    level: CpuLevel,
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
        level,
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
    level: CpuLevel,
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
                    let scan = Scan {
                        checks,
                        k,
                        tb: t,
                        stride: 1,
                        len: SCAN_LANES as u64,
                    };
                    scan_states(scan, &mut hits);
                    hits.first() == Some(&0)
                }) {
                    survivors.push(s);
                }
            }
        } else {
            let mut found = Vec::new();
            for k in 0..=max_advance {
                hits.clear();
                let scan = Scan {
                    checks,
                    k,
                    tb,
                    stride: 1,
                    len: size,
                };
                run_scan(level, scan, &mut hits);
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
    let level = CpuLevel::best();
    let max_advance = spec.max_advance_value();
    Plan::Scan(Box::new(move |first, count, survivors| {
        scan_chunk(level, &checks, max_advance, first, count, survivors);
    }))
}

// ------------------------------------------------------ bounded draws: the residue scan
//
// `nextInt(N)` with `N = 2^k m`, `m` odd, `m > 1`: `v = u mod N` with `u =
// s_j >> 17` (no redraw), so the low `k` bits of `v` are bits `17..17 + k`
// of the state `s_j`, and the odd part only says `u = v mod m`, which no
// lattice can use. The low `17 + k` bits of the states form an LCG of their
// own (modulo `2^(17 + k)`), so the 2^17 choices of the low 17 bits of one
// draw's state (the pivot) are filtered by every other draw's low `k` bits;
// for each survivor the pivot's `u` is one of `v + N t`, `t < 2^31 / N`,
// an arithmetic progression of whole states that the seed-search kernel
// walks, every check (the residues mod `N` included) filtering, and every
// survivor is verified against all the observations.

/// Candidates a second one core's residue kernel checks (AVX-512, `next-int
/// 100`, measured: docs/performance.md), for the estimates in the advice.
const RESIDUE_RATE: f64 = 1.1e9;

/// A residue scan this small (about half a second on 2 cores) runs even
/// when the lattice could answer.
const CHEAP_SCAN: u64 = 1 << 31;

/// Candidates per unit of work handed to a thread.
const RESIDUE_CHUNK: u64 = 1 << 22;

/// The draw whose value fixes the scan: its state's bits `17..17 + k` are
/// the value's low bits, and its `u` runs over `value + n t`.
#[derive(Clone, Copy, Debug)]
struct Pivot {
    /// The raw step after which its state is (`s_step`).
    step: u64,
    n: u64,
    value: u64,
}

impl Pivot {
    fn k(&self) -> u32 {
        self.n.trailing_zeros()
    }

    /// How many `u = value + n t` do not redraw: `t < 2^31 / n`.
    fn count(&self) -> u64 {
        (1u64 << 31) / self.n
    }
}

/// One test on the low `17 + k` bits of a state: `((A x + C - low) &
/// mask) <= width`, `x` the pivot state's low bits.
#[derive(Clone, Copy, Debug)]
struct LowTest {
    mult: u64,
    add: u64,
    mask: u64,
    low: u64,
    width: u64,
}

/// The low-bit tests the checks give, relative to the pivot's state.
fn low_tests(checks: &[Check], p: &Pivot) -> Vec<LowTest> {
    let bits = 17 + p.k();
    let lmask = (1u64 << bits) - 1;
    let relative = |step: u64| power(step.wrapping_sub(p.step) & MASK);
    let mut out = Vec::new();
    for check in checks {
        match *check {
            Check::Mod {
                step, n, lo, hi, ..
            } if lo == hi && step != p.step => {
                // Bits 17..17 + kc of the state are the value's low bits.
                let kc = n.trailing_zeros().min(p.k());
                if kc == 0 {
                    continue;
                }
                let (mult, add) = relative(step);
                let mask = ((1u64 << kc) - 1) << 17;
                out.push(LowTest {
                    mult,
                    add,
                    mask,
                    low: (lo << 17) & mask,
                    width: 0,
                });
            }
            Check::Interval {
                step,
                mask,
                low,
                width,
            } if mask <= lmask => {
                let (mult, add) = relative(step);
                out.push(LowTest {
                    mult,
                    add,
                    mask,
                    low,
                    width,
                });
            }
            _ => {}
        }
    }
    out
}

/// The low `17 + k` bits of the pivot's state that every low-bit test
/// allows (its bits `17..17 + k` are the pivot value's).
fn low_candidates(tests: &[LowTest], p: &Pivot) -> Vec<u64> {
    let fixed = (p.value & ((1u64 << p.k()) - 1)) << 17;
    (0..1u64 << 17)
        .map(|low| fixed | low)
        .filter(|&x| {
            tests.iter().all(|t| {
                let y = t.mult.wrapping_mul(x).wrapping_add(t.add);
                (y.wrapping_sub(t.low) & t.mask) <= t.width
            })
        })
        .collect()
}

/// The plan of a residue scan: the pivot, its low-bit candidates and the
/// checks left for the kernel.
struct ResiduePlan {
    pivot: Pivot,
    lows: Vec<u64>,
    checks: Vec<Check>,
}

impl ResiduePlan {
    /// Candidate states the scan walks: exactly the states whose low bits
    /// and pivot value fit (no redraw assumed).
    fn work(&self) -> u128 {
        self.lows.len() as u128 * u128::from(self.pivot.count())
    }
}

/// The cheapest residue scan for the observations, if any draw is a
/// `next-int N` with an odd factor `m > 1` seen exactly; `Err` when no
/// state can fit.
fn residue_plan(observations: &[Observation]) -> Option<Result<ResiduePlan, ()>> {
    let checks = match checks(observations) {
        None => return Some(Err(())),
        Some(c) => c,
    };
    let mut pivots: Vec<Pivot> = checks
        .iter()
        .filter_map(|c| match *c {
            Check::Mod {
                step, n, lo, hi, ..
            } if lo == hi => Some(Pivot { step, n, value: lo }),
            _ => None,
        })
        .collect();
    // One pivot per bound (the first draw of it): the work depends on the
    // bound's k and size, hardly on which of its draws.
    pivots.sort_by_key(|p| (p.n, p.step));
    pivots.dedup_by_key(|p| p.n);
    pivots
        .into_iter()
        .take(4)
        .map(|pivot| {
            let lows = low_candidates(&low_tests(&checks, &pivot), &pivot);
            let checks = checks
                .iter()
                .copied()
                .filter(|c| !matches!(*c, Check::Mod { step, .. } if step == pivot.step))
                .collect();
            ResiduePlan {
                pivot,
                lows,
                checks,
            }
        })
        .min_by_key(ResiduePlan::work)
        .map(Ok)
}

/// Walks every candidate of `plan` with the scan kernel on `threads`
/// threads: the states `s_0` (before the first draw) that pass every check.
/// `progress` counts the candidates walked; `stop` ends the walk early.
fn residue_walk(
    plan: &ResiduePlan,
    threads: usize,
    progress: &Progress,
    stop: &crate::recover::Stop,
) -> Vec<u64> {
    let p = plan.pivot;
    let count = p.count();
    // s_0 = a^-step (s_P - c_step): back from the pivot's state.
    let (back_mult, back_add) = power((1u64 << 48) - p.step);
    let stride = back_mult.wrapping_mul(p.n << 17) & MASK;
    let chunks_per_low = count.div_ceil(RESIDUE_CHUNK);
    let total = plan.lows.len() as u64 * chunks_per_low;
    progress.add_total(plan.lows.len() as u64 * count, "candidates");
    let next = std::sync::atomic::AtomicU64::new(0);
    let level = CpuLevel::best();
    let worker = || {
        let mut found = Vec::new();
        let mut hits = Vec::new();
        loop {
            let job = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if job >= total || stop.is_set() {
                break;
            }
            let low = plan.lows[(job / chunks_per_low) as usize];
            let first = (job % chunks_per_low) * RESIDUE_CHUNK;
            let len = RESIDUE_CHUNK.min(count - first);
            // The pivot's state for t = first: u = value + n first.
            let sp = ((p.value + p.n * first) << 17 | (low & 0x1_ffff)) & MASK;
            let tb = back_mult.wrapping_mul(sp).wrapping_add(back_add) & MASK;
            hits.clear();
            match residues(&plan.checks, &p, low) {
                Some(lanes) => run_residues(level, &lanes, first, len, &mut hits),
                None => {
                    let scan = Scan {
                        checks: &plan.checks,
                        k: 0,
                        tb,
                        stride,
                        len,
                    };
                    run_scan(level, scan, &mut hits)
                }
            }
            found.extend(
                hits.iter()
                    .filter(|&&i| i < len)
                    .map(|&i| tb.wrapping_add(i.wrapping_mul(stride)) & MASK),
            );
            progress.advance(len);
        }
        found
    };
    let threads = threads.clamp(1, total.clamp(1, 1024) as usize);
    let mut states: Vec<u64> = if threads == 1 {
        worker()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        })
    };
    states.sort_unstable();
    states.dedup();
    states
}

/// One exact `next-int N = v` draw for the 31-bit residue kernel.
///
/// Along the walk the pivot's state is `s_P(t) = base + t N 2^17`; every
/// state `s_j(t) = A s_P(t) + C mod 2^48` then moves by a multiple of
/// `2^17` (`A` is odd), its low 17 bits stay put and its `u_j = s_j >> 17`
/// is exactly `(b + t d) mod 2^31`: 32-bit lanes, twice as many per vector
/// as the 48-bit states, and the residue is a divisibility test (Lemire,
/// Kaser and Kurz, "Faster remainder by direct computation", 2019): `x =
/// u + (m - v mod m)` is a multiple of the odd `m` exactly when `x m^-1 mod
/// 2^32 <= (2^32 - 1) / m`.
#[derive(Clone, Copy, Debug)]
struct Residue {
    b: u32,
    d: u32,
    /// `m - v mod m`, so that `u + shift` is a multiple of `m` exactly when
    /// `u = v mod m`.
    shift: u32,
    /// `m^-1 mod 2^32`.
    inverse: u32,
    /// `(2^32 - 1) / m`.
    most: u32,
    /// The low `k` bits of `u` must be `low` (`N = 2^k m`).
    low_mask: u32,
    low: u32,
    /// `u >= limit` redraws.
    limit: u32,
}

/// `m^-1 mod 2^32` for an odd `m` (Newton's iteration).
fn inverse_u32(m: u32) -> u32 {
    let mut x = m;
    for _ in 0..5 {
        x = x.wrapping_mul(2u32.wrapping_sub(m.wrapping_mul(x)));
    }
    x
}

/// The kernel's draws for the low candidate `low` of the pivot's state:
/// the exact `next-int N` checks (the others are left to the verification
/// of the survivors); `None` when those filter too little to leave few
/// survivors (then the 48-bit kernel walks every check).
fn residues(checks: &[Check], p: &Pivot, low: u64) -> Option<Vec<Residue>> {
    let base = ((p.value << 17) | (low & 0x1_ffff)) & MASK;
    let step = (p.n << 17) & MASK;
    let draws: Vec<Residue> = checks
        .iter()
        .filter_map(|c| match *c {
            Check::Mod {
                step: j,
                n,
                lo,
                hi,
                limit,
                ..
            } if lo == hi => {
                let (a, add) = power(j.wrapping_sub(p.step) & MASK);
                let b = (a.wrapping_mul(base).wrapping_add(add) & MASK) >> 17;
                let d = (a.wrapping_mul(step) & MASK) >> 17;
                let k = n.trailing_zeros();
                let m = (n >> k) as u32;
                let v = lo as u32;
                Some(Residue {
                    b: b as u32,
                    d: d as u32,
                    shift: (m - v % m) % m,
                    inverse: inverse_u32(m),
                    most: u32::MAX / m,
                    low_mask: (1u32 << k) - 1,
                    low: v & ((1u32 << k) - 1),
                    limit: limit as u32,
                })
            }
            _ => None,
        })
        .collect();
    // The odd factors' filter, in bits, against the walk's 2^31 / N:
    // at most about 2^10 survivors per low candidate go to verification.
    let filter: f64 = draws
        .iter()
        // log2 m = 32 - log2((2^32 - 1) / m), near enough.
        .map(|r| 32.0 - f64::from(r.most).log2())
        .sum();
    let walk = (p.count() as f64).log2();
    (draws.len() == checks.len() || filter + 10.0 >= walk).then_some(draws)
}

/// Lanes of the residue kernel.
const RESIDUE_LANES: usize = 16;

/// Pushes `t - first` for every `t` of `first..first + len` whose `u_j(t)`
/// give every draw (or redraw somewhere: verification decides those).
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn scan_residues(draws: &[Residue], first: u64, len: u64, hits: &mut Vec<u64>) {
    const L: usize = RESIDUE_LANES;
    let lane_steps: Vec<[u32; L]> = draws
        .iter()
        .map(|r| std::array::from_fn(|l| r.d.wrapping_mul(l as u32)))
        .collect();
    let mut t0 = first;
    while t0 < first + len {
        let mut alive = [u32::MAX; L];
        let mut escaped = [0u32; L];
        for (r, lanes) in draws.iter().zip(&lane_steps) {
            let base = r.b.wrapping_add((t0 as u32).wrapping_mul(r.d));
            for l in 0..L {
                let u = base.wrapping_add(lanes[l]) & 0x7fff_ffff;
                let divides = (u + r.shift).wrapping_mul(r.inverse) <= r.most;
                let ok = divides & (u & r.low_mask == r.low);
                let redraw = (u >= r.limit) as u32 * u32::MAX;
                alive[l] &= (ok as u32 * u32::MAX) | redraw | escaped[l];
                escaped[l] |= redraw;
            }
            if alive.iter().all(|&a| a == 0) {
                break;
            }
        }
        for l in 0..L {
            if alive[l] != 0 && t0 + (l as u64) < first + len {
                hits.push(t0 - first + l as u64);
            }
        }
        t0 += L as u64;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw")]
fn scan_residues_avx512(draws: &[Residue], first: u64, len: u64, hits: &mut Vec<u64>) {
    scan_residues(draws, first, len, hits);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn scan_residues_avx2(draws: &[Residue], first: u64, len: u64, hits: &mut Vec<u64>) {
    scan_residues(draws, first, len, hits);
}

/// The residue scan compiled for `level` (the portable build when this CPU
/// does not run `level`).
#[allow(unsafe_code)] // calls the AVX kernels after `CpuLevel` detection
fn run_residues(level: CpuLevel, draws: &[Residue], first: u64, len: u64, hits: &mut Vec<u64>) {
    match level {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the guard confirmed the CPU runs `CpuLevel::Avx512`, whose
        // features include AVX-512 F/DQ/VL/BW, the ones the function enables.
        CpuLevel::Avx512 if level.is_supported() => unsafe {
            scan_residues_avx512(draws, first, len, hits)
        },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the guard confirmed the CPU runs `CpuLevel::Avx2` (AVX2).
        CpuLevel::Avx2 if level.is_supported() => unsafe {
            scan_residues_avx2(draws, first, len, hits)
        },
        _ => scan_residues(draws, first, len, hits),
    }
}

/// A duration in words: seconds, minutes or hours.
fn duration(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{:.0} s", seconds.max(1.0))
    } else if seconds < 5400.0 {
        format!("{:.0} minutes", seconds / 60.0)
    } else {
        format!("{:.1} hours", seconds / 3600.0)
    }
}

/// `ceil(log2 n)`, 0 for 0 and 1.
fn log2_ceil(n: u128) -> u32 {
    if n <= 1 {
        0
    } else {
        128 - (n - 1).leading_zeros()
    }
}

/// Recovery from `next-int N` draws with an odd factor (the residue scan,
/// see the section comment): `None` when the observations have no such
/// draw seen exactly, or when the lattice should answer instead (the scan
/// is over budget and the lattice has the 48 bits it needs).
///
/// The states it lists are all the states that fit every observation,
/// except those where Java redrew (a draw whose `u` fell in the top
/// `2^31 mod N` values, probability below `N / 2^31` per draw): the scan
/// assumes one raw step per draw, as the lattice does.
fn residue_recover(
    observations: &[Observation],
    lattice_bits: f64,
    options: &RecoverOptions,
) -> Option<Result<Recovered, RecoverError>> {
    let plan = match residue_plan(observations)? {
        Ok(plan) => plan,
        Err(()) => return Some(Ok(Recovered::NoneFits)),
    };
    let work = plan.work();
    // A cheap scan (under a second) always runs; a dearer one only when
    // the lattice lacks the 48 bits it needs to pin the state.
    if work > u128::from(CHEAP_SCAN) && lattice_bits >= 48.0 {
        return None;
    }
    // More states than recovery lists (2^16) are expected: the walk would
    // only count them, so the answer is the bound and what to add.
    if work > u128::from(options.max_candidates) || expected_log2(observations) > 16.0 {
        return Some(Ok(over_budget(observations, &plan, options)));
    }
    let states: Vec<u64> = residue_walk(&plan, options.threads, &options.progress, &options.stop)
        .into_iter()
        .filter(|&s| fits(observations, &engine(s)))
        .collect();
    Some(Ok(crate::recover::conclude(
        states.into_iter().map(engine).collect(),
    )))
}

/// About how many states (log2) fit the exact `next-int N` values and the
/// kernel's other checks: 48 less their information (`log2 N` a value),
/// at least 0.
fn expected_log2(observations: &[Observation]) -> f64 {
    let bits: f64 = checks(observations)
        .unwrap_or_default()
        .iter()
        .map(|c| match *c {
            Check::Mod { n, lo, hi, .. } if lo == hi => (n as f64).log2(),
            Check::Interval { mask, width, .. } => {
                (mask as f64 + 1.0).log2() - (width as f64 + 1.0).log2()
            }
            _ => 0.0,
        })
        .sum();
    (48.0 - bits).max(0.0)
}

/// The answer when the residue scan is over budget: how many states the
/// low bits leave (a bound), how many the values leave on average, and
/// what to add.
fn over_budget(
    observations: &[Observation],
    plan: &ResiduePlan,
    options: &RecoverOptions,
) -> Recovered {
    let p = plan.pivot;
    let work = plan.work();
    let expected = expected_log2(observations);
    let bits = 48.0 - expected;
    let per_value = (p.n as f64).log2();
    let k = p.k();
    let scan_log2 = log2_ceil(work);
    let budget = options.max_candidates.max(1);
    let budget_log2 = 63 - budget.leading_zeros();
    let time = duration(work as f64 / RESIDUE_RATE / options.threads.max(1) as f64);
    let advice = if k == 0 {
        format!(
            "an odd bound reveals no low bit of the state, so the exact residue scan walks 2^48 / {n} = 2^{scan_log2} candidates however many values are given (over the budget of 2^{budget_log2}); the values carry {bits:.0} bits, the state 48 (about 2^{expected:.0} states expected to fit); to run it anyway pass `--max-candidates 2^{scan_log2}` (about {time} on {threads} threads at 1.1 G candidates a second per core)",
            n = p.n,
            threads = options.threads.max(1),
        )
    } else {
        // Each further `next-int N` halves the low-bit candidates k times.
        let over = (work as f64 / budget as f64).log2().max(0.0);
        let for_scan = (over / f64::from(k)).ceil();
        let for_unique = (expected / per_value).ceil();
        let more = for_scan.max(for_unique).max(1.0);
        let why = if work > u128::from(budget) {
            format!(
                "listing them would walk 2^{scan_log2} candidates, over the budget of 2^{budget_log2}"
            )
        } else {
            "more than the 2^16 that recovery lists are expected".to_string()
        };
        let run = if work > u128::from(budget) {
            format!(
                ", or pass `--max-candidates 2^{scan_log2}` (about {time} on {threads} threads)",
                threads = options.threads.max(1),
            )
        } else {
            String::new()
        };
        format!(
            "{why}; the values carry {bits:.0} bits, the state 48 (about 2^{expected:.0} states expected to fit): add about {more:.0} more `next-int {n}` values{run}",
            n = p.n,
        )
    };
    Recovered::OverBudget {
        count: Count::AtMost(scan_log2),
        advice,
    }
}

/// Whether the lattice holds everything the observations say: no draw of
/// a variable number of steps (a redraw, a bound's odd factor, which only
/// filter).
fn complete(observations: &[Observation]) -> bool {
    observations.iter().all(|o| match &o.kind {
        ObservationKind::Draw { draw, .. } | ObservationKind::DrawIn { draw, .. } => {
            matches!(draw.steps(32), Steps::Fixed(_))
        }
        _ => true,
    })
}

/// What `recover` and `seed-search` do for `java`, for the front ends'
/// help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "Lattice reduction (LLL and enumeration) on the bits and inequalities each draw \
              gives of the 48-bit states, unknown gaps (`skip A..B`) enumerated, every state \
              verified: two `next-int` or one `next-double` pin it; 12 `next-int 16` leave 1 \
              to 5 states, 13 pin one. `next-int N` with an odd factor (100, 6, 10, 24) goes \
              by its low bits and a vectorised scan of the rest: 8 to 12 `next-int 100` or \
              30 dice `next-int 6` pin the state in well under a second; an odd N costs \
              2^48 / N candidates (see --max-candidates).",
    recover_examples: &[
        "rngkit gen java --seed 42 -n 2 next-int | sed 's/^/next-int = /' > java.txt",
        "rngkit recover java --observations java.txt",
        "rngkit gen java --seed 7 -n 30 next-int 6 | sed 's/^/next-int 6 = /' >dice.txt",
        "rngkit recover java --observations dice.txt --predict 5 next-int 6",
    ],
    search: "Seed S stands for the state (S ^ 0x5DEECE66D) mod 2^48, so --seeds \
             0..0x1000000000000 is every 48-bit state once (shard it: 2^40 seeds per \
             machine); a 16-lane kernel (AVX-512/AVX2) filters on exact bits, \
             inequalities and `next-int BOUND` residues.",
    search_examples: &[
        "echo 'next-int = -1170105035' | rngkit seed-search java --seeds 0..0x1000000",
    ],
    examples: &[],
};
