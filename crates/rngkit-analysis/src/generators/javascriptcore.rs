//! `javascriptcore` recovery from a fresh context: the seed search behind
//! `recover javascriptcore --fresh`.
//!
//! JavaScriptCore seeds each global object's `WTF::WeakRandom` with one
//! 32-bit number from the OS (`WeakRandom::setSeed`: `s0 = s1 = seed`, then
//! one step; [`Xorshift128Plus::weak_random`]), so the first `Math.random()`
//! of a fresh context (a new Safari page or realm, a new `jsc` or Bun
//! process) comes from one of 2^32 states, however the later ones look.
//! With [`RecoverOptions::fresh`] every seed is tried: each candidate state
//! steps along the observations' known bits (the layout of
//! [`crate::observe::layout`]: all 53 bits of a double, the top bits of a
//! `floor N`) until one disagrees, 64 seeds side by side in plain loops the
//! compiler vectorises (built for AVX-512 and AVX2 as well and picked at run
//! time), and the few survivors are replayed against every observation.
//!
//! One double or about 20 dice (`floor 6`, about 1.7 known bits each; the
//! first calls of a fresh state mix the seed's low bits in slowly, so 14
//! dice can leave two seeds) pin the seed, where the state recovery without `--fresh` needs three or more
//! doubles and cannot use dice at all (see [`super::javascript`]).
//!
//! ```
//! use rngkit::runtimes::javascript::Xorshift128Plus;
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::recover::{RecoverOptions, Recovered};
//! use rngkit_analysis::registry;
//!
//! // A fresh context seeded with 3_000_000_123: its first 20 dice.
//! let mut rng = Xorshift128Plus::weak_random(3_000_000_123);
//! let text: String = (0..20)
//!     .map(|_| format!("floor 6 = {}\n", (rng.next_double() * 6.0).floor()))
//!     .collect();
//! let entry = registry::find("javascriptcore").unwrap();
//! let obs = parse_observations(entry, &text).unwrap();
//! let options = RecoverOptions { fresh: true, ..RecoverOptions::default() };
//! let Recovered::Unique(state) = entry.recover(&obs, &options).unwrap() else {
//!     panic!("one state")
//! };
//! assert_eq!(state.words(), Xorshift128Plus::weak_random(3_000_000_123).state().to_vec());
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use rngkit::cpu::CpuLevel;
use rngkit::registry::Engine;
use rngkit::runtimes::javascript::{JavaScriptCoreGen, Xorshift128Plus};

use crate::observe::{Observation, WordConstraint, layout};
use crate::recover::{Count, ENUMERATE_LIMIT, RecoverError, RecoverOptions, Recovered, fits};

/// `recover` for `javascriptcore`: with [`RecoverOptions::fresh`], the
/// search over the 2^32 seeds of a fresh context (module docs); otherwise
/// the state recovery of SpiderMonkey and JavaScriptCore
/// ([`super::javascript::recover_xorshift128plus`]).
///
/// # Errors
/// [`RecoverError`] when `--fresh` observations reveal no bit of the first
/// calls (no draw with known bits before an unknown gap), or as
/// [`super::javascript::recover_xorshift128plus`].
pub fn recover_javascriptcore(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    if !options.fresh {
        return super::javascript::recover_xorshift128plus::<JavaScriptCoreGen>(
            observations,
            options,
        );
    }
    let lay = layout(observations, 64, false);
    if lay.constraints.is_empty() {
        return Err(RecoverError(
            "javascriptcore --fresh: the observations reveal no bit of the calls before their first unknown gap; give math-random or floor N values from the start of the context".into(),
        ));
    }
    let seeds = fresh_seeds(&lay.constraints, options);
    // The survivors of the known bits are few unless the observations say
    // little (one coin): then the count is the honest answer.
    if seeds.len() as u128 > ENUMERATE_LIMIT {
        let known: u32 = lay
            .constraints
            .iter()
            .map(|c| c.known.mask.count_ones())
            .sum();
        return Ok(Recovered::Several {
            count: Count::About(32u32.saturating_sub(known).max(16)),
            states: Vec::new(),
        });
    }
    let mut states: Vec<Engine> = seeds
        .into_iter()
        .map(|seed| Engine::new::<JavaScriptCoreGen>(Xorshift128Plus::weak_random(seed)))
        .filter(|rng| fits(observations, rng))
        .collect();
    // Seeds 0 and 1 give the same state (WeakRandom turns 0 into 1).
    states.dedup_by(|a, b| a.words() == b.words());
    Ok(crate::recover::conclude(states))
}

/// Seeds a batch holds: eight AVX-512 vectors of 64-bit lanes side by side.
const LANES: usize = 64;

/// Below this many live lanes, a batch's remaining checks run lane by lane
/// (stepping all 64 lanes for a few would cost more).
const SCALAR_LANES: u32 = 4;

/// Seeds per job handed to a thread.
const JOB: u64 = 1 << 22;

/// The seeds whose fresh state passes every known-bit constraint, in
/// increasing order; at most [`ENUMERATE_LIMIT`] + 1 of them (enough to
/// tell that there are too many).
fn fresh_seeds(constraints: &[WordConstraint], options: &RecoverOptions) -> Vec<u32> {
    let checks: Vec<(u64, u64, u64)> = constraints
        .iter()
        .map(|c| (c.offset, c.known.mask, c.known.value))
        .collect();
    let level = CpuLevel::best();
    let jobs = (1u64 << 32) / JOB;
    options.progress.add_total(1 << 32, "seeds");
    let next = AtomicU64::new(0);
    let found = Mutex::new(Vec::new());
    let limit = ENUMERATE_LIMIT as usize + 1;
    let work = || {
        let mut hits = Vec::new();
        loop {
            let job = next.fetch_add(1, Ordering::Relaxed);
            if job >= jobs
                || options.stop.is_set()
                || found.lock().map_or(true, |f| f.len() >= limit)
            {
                break;
            }
            hits.clear();
            scan(level, &checks, (job * JOB) as u32, JOB as u32, &mut hits);
            if !hits.is_empty()
                && let Ok(mut f) = found.lock()
            {
                f.extend_from_slice(&hits);
            }
            options.progress.advance(JOB);
        }
    };
    // One thread works inline: targets without threads (the browser's
    // wasm32-unknown-unknown) must not spawn.
    if options.threads <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..options.threads {
                scope.spawn(work);
            }
        });
    }
    let mut found = found.into_inner().unwrap_or_default();
    found.sort_unstable();
    found.truncate(limit);
    found
}

/// Scans the seeds `start..start + count` with the kernel of `level` (the
/// portable one when this CPU does not run `level`), pushing those that
/// pass every check `(offset, mask, value)`.
fn scan(level: CpuLevel, checks: &[(u64, u64, u64)], start: u32, count: u32, hits: &mut Vec<u32>) {
    #[cfg(target_arch = "x86_64")]
    match level {
        CpuLevel::Avx512 if level.is_supported() => {
            // SAFETY: the CPU runs `CpuLevel::Avx512` (checked just above),
            // whose features include avx512f, the one the function enables.
            #[allow(unsafe_code)]
            unsafe {
                scan_avx512(checks, start, count, hits)
            };
            return;
        }
        CpuLevel::Avx2 if level.is_supported() => {
            // SAFETY: as above, for `CpuLevel::Avx2` (avx2).
            #[allow(unsafe_code)]
            unsafe {
                scan_avx2(checks, start, count, hits)
            };
            return;
        }
        _ => {}
    }
    let _ = level;
    scan_body(checks, start, count, hits);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn scan_avx512(checks: &[(u64, u64, u64)], start: u32, count: u32, hits: &mut Vec<u32>) {
    scan_body(checks, start, count, hits);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn scan_avx2(checks: &[(u64, u64, u64)], start: u32, count: u32, hits: &mut Vec<u32>) {
    scan_body(checks, start, count, hits);
}

/// One xorshift128+ step of a lane pair, as [`xorshift128plus_step`].
#[inline(always)]
fn step(s0: u64, s1: u64) -> (u64, u64) {
    let mut x = s0;
    let y = s1;
    x ^= x << 23;
    x ^= x >> 17;
    x ^= y ^ (y >> 26);
    (y, x)
}

// Lane loops index several arrays at once, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn scan_body(checks: &[(u64, u64, u64)], start: u32, count: u32, hits: &mut Vec<u32>) {
    let end = u64::from(start) + u64::from(count);
    let mut base = u64::from(start);
    while base < end {
        let lanes = (end - base).min(LANES as u64) as usize;
        // WeakRandom::setSeed: s0 = s1 = seed (1 for 0), one step.
        let mut s0 = [0u64; LANES];
        let mut s1 = [0u64; LANES];
        for l in 0..LANES {
            let seed = (base + l as u64) & 0xffff_ffff;
            let seed = seed | u64::from(seed == 0);
            (s0[l], s1[l]) = step(seed, seed);
        }
        let mut alive = if lanes < LANES {
            (1u64 << lanes) - 1
        } else {
            u64::MAX
        };
        // The checks in offset order on every lane at once, while many
        // lanes are alive: dice and percentages reveal a bit or two a call,
        // so the first check alone leaves a quarter of the lanes or more,
        // and walking each of those on its own was most of the time (20
        // dice: 7 CPU s for the 2^32 seeds, against under 2 s this way).
        let mut at = 0u64; // calls whose output the lanes are past
        let mut rest = checks;
        while let Some((&(offset, mask, value), tail)) = rest.split_first() {
            if alive.count_ones() <= SCALAR_LANES {
                break;
            }
            // `offset` calls to skip, then the call's own step.
            while at <= offset {
                for l in 0..LANES {
                    (s0[l], s1[l]) = step(s0[l], s1[l]);
                }
                at += 1;
            }
            let mut pass = 0u64;
            for l in 0..LANES {
                let word = s0[l].wrapping_add(s1[l]);
                pass |= u64::from(word & mask == value) << l;
            }
            alive &= pass;
            rest = tail;
        }
        // The few lanes left one at a time, through the remaining checks.
        while alive != 0 {
            let l = alive.trailing_zeros() as usize;
            alive &= alive - 1;
            let (mut a, mut b) = (s0[l], s1[l]);
            let mut lane_at = at;
            let passes = rest.iter().all(|&(offset, mask, value)| {
                while lane_at <= offset {
                    (a, b) = step(a, b);
                    lane_at += 1;
                }
                a.wrapping_add(b) & mask == value
            });
            if passes {
                hits.push((base + l as u64) as u32);
            }
        }
        base += LANES as u64;
    }
}

/// What `recover` does for `javascriptcore`, for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "A double is the low 53 bits of the sum of the two state words: a bit-plane \
              search over the carries recovers three consecutive doubles. With --fresh (the \
              values start a new Safari page or realm, or a new jsc or Bun process) the \
              state is one of 2^32 seeds, and --fresh searches them all (seconds): about 20 \
              `floor 6` dice, 10 `floor 100` or one double pin it.",
    ..crate::notes::Notes::NONE
};

#[cfg(test)]
mod tests {
    use super::*;
    use rngkit::runtimes::javascript::xorshift128plus_step;

    #[test]
    fn seed_zero_is_seed_one() {
        let checks = [(
            0u64,
            u64::MAX >> 11,
            Xorshift128Plus::weak_random(1).next_output() & (u64::MAX >> 11),
        )];
        for &level in CpuLevel::available() {
            let mut hits = Vec::new();
            scan(level, &checks, 0, 64, &mut hits);
            assert_eq!(hits, [0, 1], "{level:?}");
        }
    }

    #[test]
    fn the_lane_step_is_the_generators_step() {
        let mut s = (0x1234_5678_9abc_def0u64, 0x0fed_cba9_8765_4321u64);
        for _ in 0..100 {
            let ours = step(s.0, s.1);
            assert_eq!(ours, xorshift128plus_step(s.0, s.1));
            s = ours;
        }
    }

    #[test]
    fn every_level_finds_the_same_seeds() {
        // Seeds whose first output has bits 6..4 = 0b101 and whose third
        // has bit 30 set, over a window of seeds (bits the seed's low bits
        // reach in the first calls: the others are the same in a window).
        let checks = [(0u64, 0b111u64 << 4, 0b101u64 << 4), (2, 1 << 30, 1 << 30)];
        let start = 3_000_000_000u32;
        let expected: Vec<u32> = (start..start + 5000)
            .filter(|&seed| {
                let mut rng = Xorshift128Plus::weak_random(seed);
                let w0 = rng.next_output();
                rng.next_output();
                let w2 = rng.next_output();
                w0 & checks[0].1 == checks[0].2 && w2 & checks[1].1 == checks[1].2
            })
            .collect();
        assert!(expected.len() > 100, "{}", expected.len());
        for &level in CpuLevel::available() {
            let mut hits = Vec::new();
            scan(level, &checks, start, 5000, &mut hits);
            assert_eq!(hits, expected, "{level:?}");
        }
    }
}
