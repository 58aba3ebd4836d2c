//! The seed search of the V8 GENs over `--random-seed` values: 64 seeds
//! side by side through the MurmurHash3 finalizers and only the
//! xorshift128+ steps the observed calls read, in plain loops built for
//! AVX-512 and AVX2 as well and picked at run time ([`scan_v8`]).

use rngkit::registry::Gen;
use rngkit::runtimes::javascript::{
    V8_CACHE_SIZE, V8Era, V8Mapping, V8MathRandom, murmur_hash3_fmix64, xorshift128plus_step,
};

/// Calls the V8 seed-search kernel covers: the first four cache refills
/// (advance included); later observations take the generic kernel.
const V8_SCAN_CALLS: u64 = 4 * V8_CACHE_SIZE as u64;
/// Seeds a batch of the V8 kernel holds: eight AVX-512 vectors of 64-bit
/// lanes (sixteen AVX2 ones) side by side.
const V8_LANES: usize = 64;

/// The seed-search kernel of the V8 GENs (`v8`, `v8-14`, `v8-13`,
/// `v8-legacy`) over `--random-seed` values: for 64 seeds side by side
/// (plain loops the compiler vectorises, built for AVX-512 and AVX2 as well
/// and picked at run time, or forced with
/// [`SearchSpec::backend`](crate::search::SearchSpec::backend)), the two
/// MurmurHash3 finalizers and only the xorshift128+ steps the observed
/// calls read (each era's cache order: call 0 is step 64 of the refill, or
/// step 1), the era's raw word checked against the observed bits. Seed 0
/// (V8 seeds from the OS then) is never a match. Calls past the fourth
/// refill (advance included) take the generic kernel.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{SearchSpec, search};
///
/// // Two Math.random() values after --random-seed=-77 in the v8-legacy
/// // era (Node.js 20, to which the core's tests hold the GEN).
/// let v8 = registry::find("v8-legacy").unwrap();
/// let mut rng = v8.seed(&rngkit::number::BigInt::from(-77), &Default::default()).unwrap();
/// let draw = v8.parse_draw("math-random", &[]).unwrap();
/// let text: String = (0..2).map(|_| format!("math-random = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let obs = parse_observations(v8, &text).unwrap();
/// let spec = SearchSpec::new(v8, obs, u64::from(u32::MAX) - 1000..=u64::from(u32::MAX)).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![u64::from((-77i32) as u32)]);
/// ```
pub fn scan_v8<'a, E: V8Era + Gen<Rng = V8MathRandom<E>>>(
    spec: &'a crate::search::SearchSpec,
    lay: &'a crate::observe::Layout,
) -> crate::search::Plan<'a> {
    use crate::search::check_scan;
    use rngkit::cpu::CpuLevel;
    let k = spec.max_advance_value();
    let fits = !lay.constraints.is_empty()
        && lay
            .constraints
            .iter()
            .all(|c| c.offset.checked_add(k).is_some_and(|p| p < V8_SCAN_CALLS));
    if !fits {
        return crate::search::generic_scan::<E>(spec, lay);
    }
    // For each advance, (step index, mask, value): call j reads step
    // `step_of_call(j)` (1-based) of the first refills.
    let checks: Vec<Vec<(usize, u64, u64)>> = (0..=k)
        .map(|a| {
            lay.constraints
                .iter()
                .map(|c| {
                    let step = E::ORDER.step_of_call(c.offset + a) as usize;
                    (step - 1, c.known.mask, c.known.value)
                })
                .collect()
        })
        .collect();
    let steps = checks.iter().flatten().map(|c| c.0 + 1).max().unwrap_or(1);
    let kernel = V8Kernel {
        checks,
        steps,
        mapping: E::MAPPING,
    };
    let level = spec.backend_choice().unwrap_or_else(CpuLevel::best);
    crate::search::Plan::Scan(Box::new(move |first, count, survivors| {
        check_scan(level, first as u32, count as u32);
        match level {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `check_scan` confirmed the CPU runs `CpuLevel::Avx512`,
            // whose features include the one the function enables.
            #[allow(unsafe_code)]
            CpuLevel::Avx512 => unsafe {
                v8_chunk_avx512(&kernel, first as u32, count as u32, survivors)
            },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, for `CpuLevel::Avx2`.
            #[allow(unsafe_code)]
            CpuLevel::Avx2 => unsafe {
                v8_chunk_avx2(&kernel, first as u32, count as u32, survivors)
            },
            _ => v8_chunk(&kernel, first as u32, count as u32, survivors),
        }
    }))
}

/// One V8 search's checks.
struct V8Kernel {
    /// Per advance: (0-based step, mask, value) on the era's raw words.
    checks: Vec<Vec<(usize, u64, u64)>>,
    /// Steps to run from the seeded state.
    steps: usize,
    mapping: V8Mapping,
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn v8_chunk_avx512(kernel: &V8Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    v8_chunk(kernel, start, count, out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn v8_chunk_avx2(kernel: &V8Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    v8_chunk(kernel, start, count, out);
}

// Lane loops index several arrays at once, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn v8_chunk(kernel: &V8Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    let mut words = vec![[0u64; V8_LANES]; kernel.steps];
    let end = u64::from(start) + u64::from(count);
    let mut base = u64::from(start);
    let sum = kernel.mapping == V8Mapping::Sum;
    while base < end {
        let lanes = (end - base).min(V8_LANES as u64) as usize;
        // --random-seed=S: S is an int, sign-extended.
        let seed: [u64; V8_LANES] =
            core::array::from_fn(|l| (base + l as u64) as u32 as i32 as i64 as u64);
        let mut s0: [u64; V8_LANES] = core::array::from_fn(|l| murmur_hash3_fmix64(seed[l]));
        let mut s1: [u64; V8_LANES] = core::array::from_fn(|l| murmur_hash3_fmix64(!seed[l]));
        for step in words.iter_mut() {
            for l in 0..V8_LANES {
                (s0[l], s1[l]) = xorshift128plus_step(s0[l], s1[l]);
                step[l] = if sum {
                    s0[l].wrapping_add(s1[l])
                } else {
                    s0[l]
                };
            }
        }
        let mut hits = 0u64;
        for list in &kernel.checks {
            let mut alive = if lanes == 64 {
                u64::MAX
            } else {
                (1u64 << lanes) - 1
            };
            for &(step, mask, value) in list {
                let mut ok = 0u64;
                for l in 0..V8_LANES {
                    ok |= u64::from(words[step][l] & mask == value) << l;
                }
                alive &= ok;
                if alive == 0 {
                    break;
                }
            }
            hits |= alive;
        }
        // Seed 0 has no --random-seed stream.
        if base == 0 {
            hits &= !1;
        }
        crate::search::push_hits(hits, base, out);
        base += V8_LANES as u64;
    }
}
