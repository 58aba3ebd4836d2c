//! Cracking seeded `System.Random` (`dotnet-legacy`).
//!
//! * State recovery ([`recover`]): each sample is `y_k = y_(k-55) - y_(k-34)
//!   mod (2^31 - 1)` once the table holds samples, and after 55 samples
//!   every table slot holds one of them. So 55 full outputs (`next`,
//!   `next-double`, `u32`) at any known offsets whose equations are
//!   independent over GF(2^31 - 1) (55 consecutive ones, or others the
//!   recurrence links) give the table; the state before the first
//!   observation follows by stepping back, and `--predict` runs forwards.
//!   All 55 rotations of the table indices give the same stream; the
//!   answer uses `inext = 0, inextp = 21`, the indices after seeding, so a
//!   freshly seeded generator comes back word for word.
//! * Seed search ([`scan`]): all 2^31 non-negative seeds (and the negative
//!   ones, which `Math.Abs` folds onto them) in a kernel that seeds 64
//!   generators at once, compiled for AVX-512 and AVX2 (chosen at run
//!   time) and plain code, identical results.
//!
//! ```
//! use rngkit::registry::Engine;
//! use rngkit::runtimes::dotnet::{DotnetLegacyGen, DotnetRandom};
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::recover::{recover, RecoverOptions, Recovered};
//! use rngkit_analysis::registry;
//!
//! let dotnet = registry::find("dotnet-legacy").unwrap();
//! let mut rng = DotnetRandom::new(2024);
//! let text: String = (0..55).map(|_| format!("next = {}\n", rng.next())).collect();
//! let obs = parse_observations(dotnet, &text).unwrap();
//! let Recovered::Unique(state) = recover(dotnet, &obs, &RecoverOptions::default()).unwrap() else {
//!     panic!("one state")
//! };
//! assert_eq!(state, Engine::new::<DotnetLegacyGen>(DotnetRandom::new(2024)));
//! ```

use rngkit::cpu::CpuLevel;
use rngkit::registry::Engine;
use rngkit::runtimes::dotnet::{DotnetLegacyGen, DotnetRandom, TABLE_LEN};

use crate::observe::{Layout, Observation, layout};
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, fits};
use crate::search::{Plan, SearchSpec, generic_scan};

/// The modulus, `int.MaxValue = 2^31 - 1` (a prime).
const P: u64 = (1 << 31) - 1;
/// The lags: `y_k = y_(k-55) - y_(k-34)`.
const LONG: usize = 55;
const SHORT: usize = 34;
/// Full outputs further in than this are not used by recovery.
pub const MAX_RECOVERY_OFFSET: u64 = 1 << 18;

fn reduce(x: u64) -> u64 {
    x % P
}

/// `a^-1 mod P` by Fermat, `a^(P - 2)` (0 for 0).
fn inverse(a: u64) -> u64 {
    crate::dlog::pow_mod(a, u128::from(P - 2), P)
}

/// One step back of the table: the slot `inext` held `(value + partner) mod
/// (2^31 - 1)` before (exact whenever the table holds samples).
fn step_back(rng: &DotnetRandom) -> DotnetRandom {
    let mut table = *rng.seed_array();
    let (i, p) = rng.indices();
    let (i, p) = (i.max(1) as usize, p as usize);
    let old = (u64::from(table[i] as u32) + u64::from(table[p] as u32)) % P;
    table[i] = old as i32;
    let retreat = |k: usize| if k <= 1 { 55 } else { k - 1 };
    DotnetRandom::from_parts(table, retreat(i) as u32, retreat(p) as u32).expect("indices 1..=55")
}

/// The state whose next 55 samples are `y` (with `inext = 0, inextp = 21`).
pub fn state_from_samples(y: &[u32; LONG]) -> DotnetRandom {
    let mut table = [0i32; TABLE_LEN];
    for (k, &v) in y.iter().enumerate() {
        table[k + 1] = v as i32;
    }
    let mut rng = DotnetRandom::from_parts(table, 55, 21).expect("valid indices");
    for _ in 0..LONG {
        rng = step_back(&rng);
    }
    let (i, p) = rng.indices();
    debug_assert_eq!((i, p), (55, 21));
    DotnetRandom::from_parts(*rng.seed_array(), 0, 21).expect("valid indices")
}

/// State recovery for `dotnet-legacy` from full outputs over GF(2^31 - 1).
///
/// # Errors
/// [`RecoverError`] without full outputs, or with some beyond
/// [`MAX_RECOVERY_OFFSET`].
pub fn recover(
    observations: &[Observation],
    _options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let lay = layout(observations, 32, true);
    let full: Vec<(u64, u64)> = lay
        .constraints
        .iter()
        .filter(|c| c.known.mask & 0x7fff_ffff == 0x7fff_ffff && c.known.value < P)
        .map(|c| (c.offset, c.known.value))
        .collect();
    if full.is_empty() {
        return Err(RecoverError(
            "dotnet-legacy recovery needs full samples (next, next-double, u32): 55 of them; \
             from bounded draws (next MAX) search the seed with `rngkit seed-search dotnet-legacy`"
                .into(),
        ));
    }
    let last = full.iter().map(|f| f.0).max().unwrap_or(0);
    if last > MAX_RECOVERY_OFFSET {
        return Err(RecoverError(format!(
            "a full sample lies {last} steps in; dotnet-legacy recovery follows at most {MAX_RECOVERY_OFFSET}"
        )));
    }
    // Coefficients of each sample in the first 55, by the recurrence.
    let mut rows: Vec<(Vec<u64>, u64)> = Vec::new();
    let mut ring: Vec<Vec<u64>> = (0..LONG)
        .map(|k| {
            let mut e = vec![0u64; LONG];
            e[k] = 1;
            e
        })
        .collect();
    let mut wanted = full.clone();
    wanted.sort_unstable();
    let mut next_wanted = wanted.iter().peekable();
    for j in 0..=last {
        let coefficients = if (j as usize) < LONG {
            ring[j as usize].clone()
        } else {
            let a = &ring[(j as usize) % LONG];
            let b = &ring[(j as usize - SHORT) % LONG];
            let c: Vec<u64> = a.iter().zip(b).map(|(x, y)| reduce(x + P - y)).collect();
            ring[(j as usize) % LONG] = c.clone();
            c
        };
        while let Some(&&(offset, value)) = next_wanted.peek() {
            if offset != j {
                break;
            }
            rows.push((coefficients.clone(), value));
            next_wanted.next();
        }
    }
    // Gaussian elimination over GF(p).
    let mut pivots: Vec<usize> = Vec::new();
    let mut rank = 0;
    for col in 0..LONG {
        let Some(r) = (rank..rows.len()).find(|&r| rows[r].0[col] != 0) else {
            continue;
        };
        rows.swap(rank, r);
        let inv = inverse(rows[rank].0[col]);
        let (pivot_row, pivot_value) = {
            let (row, value) = &mut rows[rank];
            for x in row.iter_mut() {
                *x = *x * inv % P;
            }
            *value = *value * inv % P;
            (row.clone(), *value)
        };
        for (r, (row, value)) in rows.iter_mut().enumerate() {
            if r != rank && row[col] != 0 {
                let f = row[col];
                for (x, &y) in row.iter_mut().zip(&pivot_row) {
                    *x = reduce(*x + P - f * y % P);
                }
                *value = reduce(*value + P - f * pivot_value % P);
            }
        }
        pivots.push(col);
        rank += 1;
    }
    if rows[rank..].iter().any(|(_, v)| *v != 0) {
        return Ok(Recovered::NoneFits);
    }
    if rank < LONG {
        return Ok(Recovered::Several {
            count: Count::PowerOfTwo(31 * (LONG - rank) as u32),
            states: Vec::new(),
        });
    }
    let mut y = [0u32; LONG];
    for (r, &col) in pivots.iter().enumerate() {
        y[col] = rows[r].1 as u32;
    }
    let start = Engine::new::<DotnetLegacyGen>(state_from_samples(&y));
    Ok(if fits(observations, &start) {
        Recovered::Unique(start)
    } else {
        Recovered::NoneFits
    })
}

// ---------------------------------------------------------------------- seed search

/// Seeds per batch of the kernel: the warm-up passes are one long chain of
/// dependent subtractions, so a batch holds several vectors' worth of
/// seeds (four AVX-512 vectors) to keep independent chains in flight.
pub const LANES: usize = 64;
/// The kernel computes at most this many samples per seed.
const MAX_KERNEL_SAMPLES: u64 = 256;
/// `MSEED`.
const MSEED: i32 = 161_803_398;
const MBIG: i32 = i32::MAX;

/// Seeds [`LANES`] generators (`new Random(seed)`) and computes their first `len`
/// samples into `out[k][lane]`; the same operations in every lane, so the
/// compiler vectorises it.
// Lane loops indexed by lane, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn samples_lanes(seeds: &[i32; LANES], len: usize, out: &mut [[u32; LANES]]) {
    // `x + MBIG` where `x < 0`, branch-free (an arithmetic shift gives -1).
    #[inline(always)]
    fn wrap(x: i32) -> i32 {
        x.wrapping_add((x >> 31) & MBIG)
    }
    let mut table = [[0i32; LANES]; TABLE_LEN];
    let mut mj = [0i32; LANES];
    let mut mk = [1i32; LANES];
    for l in 0..LANES {
        let s = seeds[l];
        let sub = if s == i32::MIN {
            MBIG
        } else {
            s.wrapping_abs()
        };
        mj[l] = MSEED.wrapping_sub(sub);
    }
    table[55] = mj;
    let mut ii = 0usize;
    for _ in 1..55 {
        ii += 21;
        if ii >= 55 {
            ii -= 55;
        }
        let previous = mk;
        for l in 0..LANES {
            mk[l] = wrap(mj[l].wrapping_sub(previous[l]));
        }
        mj = previous;
        table[ii] = previous;
    }
    for _ in 1..5 {
        for i in 1..56 {
            let n = if i + 30 >= 55 { i + 30 - 55 } else { i + 30 };
            let partner = table[1 + n];
            let mut row = table[i];
            for l in 0..LANES {
                row[l] = wrap(row[l].wrapping_sub(partner[l]));
            }
            table[i] = row;
        }
    }
    let (mut inext, mut inextp) = (0usize, 21usize);
    for slot in out.iter_mut().take(len) {
        inext = if inext >= 55 { 1 } else { inext + 1 };
        inextp = if inextp >= 55 { 1 } else { inextp + 1 };
        let partner = table[inextp];
        let mut row = table[inext];
        for l in 0..LANES {
            let mut v = row[l].wrapping_sub(partner[l]);
            v -= i32::from(v == MBIG);
            v = wrap(v);
            row[l] = v;
            slot[l] = v as u32;
        }
        table[inext] = row;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
fn samples_avx512(seeds: &[i32; LANES], len: usize, out: &mut [[u32; LANES]]) {
    samples_lanes(seeds, len, out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn samples_avx2(seeds: &[i32; LANES], len: usize, out: &mut [[u32; LANES]]) {
    samples_lanes(seeds, len, out);
}

/// The first `len` samples of `new Random(seed)` for [`LANES`] seeds with the
/// kernel of `level` (`CpuLevel::best()` or a slower one: all give the same
/// samples; a level this CPU does not run takes the portable kernel).
///
/// ```
/// use rngkit::cpu::CpuLevel;
/// use rngkit::runtimes::dotnet::DotnetRandom;
/// use rngkit_analysis::generators::dotnet::{samples, LANES};
///
/// let seeds: [i32; LANES] = core::array::from_fn(|i| i as i32 * 1000 - 3);
/// let mut out = [[0u32; LANES]; 3];
/// samples(CpuLevel::best(), &seeds, 3, &mut out);
/// for (l, &s) in seeds.iter().enumerate() {
///     let mut rng = DotnetRandom::new(s);
///     for k in 0..3 {
///         assert_eq!(out[k][l], rng.next() as u32);
///     }
/// }
/// ```
#[allow(unsafe_code)] // calls the AVX kernels after `CpuLevel` detection
pub fn samples(level: CpuLevel, seeds: &[i32; LANES], len: usize, out: &mut [[u32; LANES]]) {
    match level {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the guard confirmed the CPU runs `CpuLevel::Avx512`, whose
        // features include avx512f/bw/vl, the ones the function enables (a
        // caller may pass any level, so the check is here).
        CpuLevel::Avx512 if level.is_supported() => unsafe { samples_avx512(seeds, len, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the guard confirmed the CPU runs `CpuLevel::Avx2` (AVX2).
        CpuLevel::Avx2 if level.is_supported() => unsafe { samples_avx2(seeds, len, out) },
        _ => samples_lanes(seeds, len, out),
    }
}

/// The seed-search kernel of `dotnet-legacy`: seeds 64 generators at a
/// time and filters on the exact bits the observations reveal in their
/// first 256 samples (the generic kernel beyond).
// Lanes are indexed across several arrays at once.
#[allow(clippy::needless_range_loop)]
pub fn scan<'a>(spec: &'a SearchSpec, lay: &'a Layout) -> Plan<'a> {
    let Some(last) = lay.constraints.iter().map(|c| c.offset).max() else {
        return generic_scan::<DotnetLegacyGen>(spec, lay);
    };
    let len = last
        .saturating_add(spec.max_advance_value())
        .saturating_add(1);
    if len > MAX_KERNEL_SAMPLES {
        return generic_scan::<DotnetLegacyGen>(spec, lay);
    }
    let len = len as usize;
    let level = CpuLevel::best();
    let max_advance = spec.max_advance_value() as usize;
    Plan::Scan(Box::new(move |first, count, survivors| {
        let mut out = vec![[0u32; LANES]; len];
        let mut seed = first;
        let end = first + count;
        while seed < end {
            let n = ((end - seed) as usize).min(LANES);
            let seeds: [i32; LANES] =
                core::array::from_fn(|l| (seed + (l.min(n - 1)) as u64) as u32 as i32);
            samples(level, &seeds, len, &mut out);
            for l in 0..n {
                let hit = (0..=max_advance).any(|k| {
                    lay.constraints
                        .iter()
                        .all(|c| c.known.matches(u64::from(out[c.offset as usize + k][l])))
                });
                if hit {
                    survivors.push(seed + l as u64);
                }
            }
            seed += n as u64;
        }
    }))
}

/// What `recover` and `seed-search` do for `dotnet-legacy`, for the front
/// ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "From 55 full samples (`next`, `next-double`, `u32`) whose equations are \
              independent over GF(2^31 - 1): the subtractive table, then the state before \
              the first observation by stepping back.",
    recover_examples: &[],
    search: "A 64-seed kernel over the int seeds; Math.Abs makes S and -S one stream, so \
             --seeds 0.. covers them all; Environment.TickCount seeds: a window of \
             milliseconds since boot.",
    search_examples: &[],
    examples: &[],
};
