//! The analysis of R's default generator (`r`): the generator is MT19937
//! (jumps, distance and recovery are [`crate::generators::mt19937`]'s:
//! `runif` values are whole words), and `set.seed(S)` fills the block from
//! an LCG, which this module inverts (identification) and evaluates at the
//! words an observation reads (the seed-search kernel).
//!
//! `set.seed(S)` runs `x = 69069 x + 1` from `x = S` (its 32 bits): 50
//! scrambling steps, one for R's index word, then one per block word, so
//! `mt[i]` is the LCG's value `52 + i` steps after `S`: `mt[i] = A_i S +
//! C_i (mod 2^32)` with constants per word.

use rngkit::cpu::CpuLevel;
use rngkit::generators::Mt19937;
use rngkit::registry::Engine;
use rngkit::runtimes::r::{RGen, set_seed};

use crate::generators::mt19937::search::MtPlan;
use crate::generators::mt19937::{follows_recurrence, identify_seeded};
use crate::identify::Identified;
use crate::observe::{Layout, Observation};
use crate::recover::{RecoverError, RecoverOptions, Recovered};
use crate::search::{Plan, SearchSpec, check_scan, generic_scan};

const N: usize = 624;
const MUL: u32 = 69069;
/// LCG steps from the seed to `mt[0]`: 50 scrambling, one for the index.
const FIRST: u32 = 52;

const fn lcg(x: u32) -> u32 {
    x.wrapping_mul(MUL).wrapping_add(1)
}

/// The inverse of [`MUL`] mod 2^32 (Newton's iteration, the core's).
const fn mul_inverse() -> u32 {
    rngkit::engines::lcg::inverse_u32(MUL)
}

/// `x` before one LCG step.
const fn lcg_back(x: u32) -> u32 {
    x.wrapping_sub(1).wrapping_mul(mul_inverse())
}

/// `(A_i, C_i)` with `mt[i] = A_i S + C_i` after `set.seed(S)`.
fn block_affine() -> Vec<(u32, u32)> {
    let (mut a, mut c) = (1u32, 0u32);
    for _ in 0..FIRST {
        (a, c) = (a.wrapping_mul(MUL), lcg(c));
    }
    (0..N)
        .map(|_| {
            let here = (a, c);
            (a, c) = (a.wrapping_mul(MUL), lcg(c));
            here
        })
        .collect()
}

/// `identify` for `r`: untwists the state back block by block (at most
/// `max_advance / 624 + 2` blocks, else 2^16) and, at each, tries every
/// alignment of the seeded block in the window: three consecutive words
/// that follow the LCG give the seed (run back `52 + i` steps), confirmed
/// by seeding forwards and comparing 624 outputs. Seeds print as R's
/// signed `int`.
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::generators::r::identify;
/// use rngkit_analysis::identify::Identified;
///
/// let r = rngkit_analysis::registry::find("r").unwrap();
/// let mut rng = r.seed(&BigInt::from(-42), &Default::default()).unwrap();
/// rng.discard(1000);
/// assert_eq!(identify(&rng, None), Some(Identified { seed: (-42i32) as u32 as u64, advance: 1000 }));
/// ```
pub fn identify(rng: &Engine, max_advance: Option<u64>) -> Option<Identified> {
    let mt = rng.downcast_ref::<Mt19937>()?;
    // The window holds the seeded word i at index i - p.
    identify_seeded(mt, max_advance, 4, |window, p| {
        let (i, mut seed) = follows_recurrence(window, p, |x, _| lcg(x))?;
        for _ in 0..FIRST as usize + i - 1 {
            seed = lcg_back(seed);
        }
        Some((u64::from(seed), set_seed(seed as i32)))
    })
}

/// The seed-search kernel of `r` over the 32-bit seeds of `set.seed`: for
/// observations at fixed places in the first twisted block (`runif`,
/// `rnorm`, `sample N` for N a power of two, up to the first draw whose
/// word count varies) it computes per seed only the block words they read,
/// each straight from the seed as `A_i S + C_i`, twists and tempers those,
/// 64 seeds side by side (plain loops the compiler vectorises, built for
/// AVX-512 and AVX2 as well); survivors are verified on the whole list.
/// Other lists take the generic kernel.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{SearchSpec, search};
///
/// // set.seed(123456); runif(2) in R 4.2.2
/// let entry = registry::find("r").unwrap();
/// let obs = parse_observations(entry, "runif = 0.7977843208\nrunif = 0.7535650949").unwrap();
/// let spec = SearchSpec::new(entry, obs, 123_000u64..=124_000).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![123456]);
/// ```
pub fn scan<'a, G: rngkit::registry::Gen<Rng = Mt19937>>(
    spec: &'a SearchSpec,
    lay: &'a Layout,
) -> Plan<'a> {
    // R's block words in place of init_genrand's: MT19937's plan says
    // which words the observed outputs read.
    let Some(plan) = MtPlan::new(&lay.constraints, spec.max_advance_value()) else {
        return generic_scan::<G>(spec, lay);
    };
    let (needed, ops, checks) = plan.parts();
    let affine = block_affine();
    let kernel = Kernel {
        init: needed.iter().map(|&i| affine[i as usize]).collect(),
        ops: ops.to_vec(),
        checks,
    };
    let level = spec.backend_choice().unwrap_or_else(CpuLevel::best);
    Plan::Scan(Box::new(move |first, count, survivors| {
        check_scan(level, first as u32, count as u32);
        kernel.scan(level, first as u32, count as u32, survivors);
    }))
}

/// Seeds a batch holds.
const LANES: usize = 64;

struct Kernel {
    /// `(A_i, C_i)` of each kept block word (slots `0..init.len()`).
    init: Vec<(u32, u32)>,
    /// Twisted words appended as slots: `slot[c] ^ f(top slot[a] | low slot[b])`.
    ops: Vec<[usize; 3]>,
    /// Per advance: (slot, mask, value) of tempered outputs, all to hold.
    checks: Vec<Vec<(usize, u32, u32)>>,
}

impl Kernel {
    fn scan(&self, level: CpuLevel, start: u32, count: u32, out: &mut Vec<u64>) {
        chunk(level, self, start, count, out);
    }
}

crate::search::lane_kernels!(Kernel);

#[inline(always)]
fn chunk_body(kernel: &Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    const MATRIX_A: u32 = 0x9908_b0df;
    let mut slots = vec![[0u32; LANES]; kernel.init.len() + kernel.ops.len()];
    let end = u64::from(start) + u64::from(count);
    let mut base = u64::from(start);
    while base < end {
        let lanes = (end - base).min(LANES as u64) as usize;
        let seeds: [u32; LANES] = core::array::from_fn(|l| (base + l as u64) as u32);
        for (slot, &(a, c)) in slots.iter_mut().zip(&kernel.init) {
            for (w, &s) in slot.iter_mut().zip(&seeds) {
                *w = a.wrapping_mul(s).wrapping_add(c);
            }
        }
        for (op, &[a, b, c]) in kernel.ops.iter().enumerate() {
            let mut twisted = [0u32; LANES];
            for (l, t) in twisted.iter_mut().enumerate() {
                let y = (slots[a][l] & 0x8000_0000) | (slots[b][l] & 0x7fff_ffff);
                *t = slots[c][l] ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & MATRIX_A);
            }
            slots[kernel.init.len() + op] = twisted;
        }
        let mut hits = 0u64;
        for check in &kernel.checks {
            let mut alive = if lanes == LANES {
                u64::MAX
            } else {
                (1u64 << lanes) - 1
            };
            for &(slot, mask, value) in check {
                let mut ok = 0u64;
                for (l, &w) in slots[slot].iter().enumerate() {
                    ok |= u64::from(rngkit::generators::temper(w) & mask == value) << l;
                }
                alive &= ok;
                if alive == 0 {
                    break;
                }
            }
            hits |= alive;
        }
        crate::search::push_hits(hits, base, out);
        base += LANES as u64;
    }
}

/// Recovery for `r`: MT19937's (the generator is the plain
/// [`Mt19937`], and `r`'s draws evaluate on it), its states handed back as
/// `r` states. One instance of the recovery serves both GENs, which keeps
/// the web page's code small.
///
/// # Errors
/// As [`crate::generators::mt19937::recover`].
pub fn recover(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let as_r = |e: Engine| match e.downcast_ref::<Mt19937>() {
        Some(mt) => Engine::new::<RGen>(mt.clone()),
        None => e,
    };
    Ok(
        match crate::generators::mt19937::recover::<Mt19937>(observations, options)? {
            Recovered::Unique(e) => Recovered::Unique(as_r(e)),
            Recovered::Several { count, states } => Recovered::Several {
                count,
                states: states.into_iter().map(as_r).collect(),
            },
            other => other,
        },
    )
}

/// What `recover` and `seed-search` do for `r`, for the front ends'
/// help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "MT19937's recovery: `runif` values are whole words times 2^-32, so 624 of \
              them (printed with 10 or more significant digits, e.g. \
              `sprintf(\"%.17g\", runif(624))`) are the state directly; `rnorm` reveals 59 \
              bits of two words, `sample N` for N a power of two the top bits of words, all \
              as GF(2) equations. R's default print (7 digits) reveals only about 23 bits of \
              a `runif`: print more digits. `rbinom` and `rpois` read a variable number of \
              words per value and reveal no bit of any: they give no equations (a seed \
              search takes them).",
    recover_examples: &[],
    search: "Searches the 32-bit seeds of `set.seed(S)`: set.seed fills the block from an \
             LCG, so each block word an observation reads is one multiply-add of the seed; \
             64 seeds at a time (AVX-512, AVX2 or scalar) for `runif`, `rnorm` and the \
             other fixed-step draws in the first 624 words; other lists (`sample N` with \
             its redraws, `rbinom`, `rpois`) run R's draw code per seed.",
    search_examples: &[],
    examples: &[],
};
