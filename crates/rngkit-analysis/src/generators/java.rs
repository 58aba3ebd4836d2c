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
use rngkit::registry::{Engine, Steps};
use rngkit::runtimes::java::{JavaDraw, JavaGen, JavaRandom};

use crate::generators::lcg48::{
    Item, Local, MASK, Seen, items, power, recover_items, scaled_bounds, signed32_range,
    state_bit_constraints, top_range,
};
use crate::observe::Layout;
use crate::observe::{Observation, ObservationKind, ObservedDraw, ObservedValue, ValueRange};
use crate::recover::{RecoverError, RecoverOptions, Recovered};
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
    recover_items(observations, &items, engine, "java", options.threads)
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
