//! PCG32 state recovery from full outputs with a known increment: one
//! output fixes the top 37 bits of its state (the rotation and the
//! xorshifted bits), leaving 2^27 low patterns for each of the 32 rotations
//! consistent with it, 2^32 candidates in all; another observed output
//! filters them (spread over threads), and every survivor is verified
//! against all the observations.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use rngkit::cpu::CpuLevel;
use rngkit::generators::Pcg32;

use crate::observe::WordConstraint;
use crate::progress::Progress;

/// `(A, C)` with `advance(s, n) = A * s + C` for increment `inc`
/// ([`rngkit::engines::lcg::affine_power`], shared with the jumps).
pub fn lcg_jump(n: u64, increment: u64) -> (u64, u64) {
    rngkit::engines::lcg::affine_power(Pcg32::MULTIPLIER, increment, n)
}

/// The top 37 bits (27..64) of a state whose output is `output`, given its
/// rotation `rot` (the state's top 5 bits).
fn high_bits(output: u32, rot: u32) -> u64 {
    let x = output.rotate_left(rot); // bits 27..59 of s ^ (s >> 18)
    let mut s = u64::from(rot) << 59;
    for b in (27..59).rev() {
        let above = if b + 18 < 64 { (s >> (b + 18)) & 1 } else { 0 };
        s |= ((u64::from(x >> (b - 27)) & 1) ^ above) << b;
    }
    s
}

/// States `s` (at offset 0, before the first observed word) of the stream
/// with `increment` that satisfy every constraint, given that the
/// constraint `anchor` is a full word. Stops after `limit` states.
/// `progress` counts the 2^32 candidates as they are checked.
pub fn candidates(
    constraints: &[WordConstraint],
    anchor: usize,
    increment: u64,
    threads: usize,
    limit: usize,
    progress: &Progress,
    stop: &crate::recover::Stop,
) -> Vec<u64> {
    let a = constraints[anchor];
    let output = a.known.value as u32;
    let filters: Vec<(u64, u64, WordConstraint)> = constraints
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != anchor)
        .map(|(_, c)| {
            let (m, add) = lcg_jump(c.offset.wrapping_sub(a.offset), increment);
            (m, add, *c)
        })
        .collect();
    let (back_mul, back_add) = lcg_jump(a.offset.wrapping_neg(), increment);
    let level = CpuLevel::best();
    const JOB_BITS: u32 = 22;
    let jobs = 32u64 << (27 - JOB_BITS);
    progress.add_total(jobs << JOB_BITS, "candidates");
    let next = AtomicU64::new(0);
    let found = Mutex::new(Vec::new());
    let work = || {
        loop {
            let job = next.fetch_add(1, Ordering::Relaxed);
            if job >= jobs || stop.is_set() || found.lock().map_or(true, |f| f.len() >= limit) {
                break;
            }
            let rot = (job >> (27 - JOB_BITS)) as u32;
            let high = high_bits(output, rot);
            let low_base = (job & ((1 << (27 - JOB_BITS)) - 1)) << JOB_BITS;
            let keep = |s: u64| {
                let ok = filters.iter().all(|&(m, add, c)| {
                    c.known.matches(u64::from(Pcg32::output(
                        m.wrapping_mul(s).wrapping_add(add),
                    )))
                });
                if ok {
                    let s0 = back_mul.wrapping_mul(s).wrapping_add(back_add);
                    if let Ok(mut f) = found.lock() {
                        f.push(s0);
                    }
                }
            };
            match filters.first() {
                Some(&(m, add, first)) => {
                    // The first filter rejects nearly every candidate, so
                    // it runs alone, without branches, over blocks of 64
                    // (vectorised where the CPU allows); the few matches
                    // are checked against every filter.
                    let first = FirstFilter {
                        step: m,
                        mask: first.known.mask as u32,
                        value: first.known.value as u32,
                    };
                    let t = m.wrapping_mul(high | low_base).wrapping_add(add);
                    scan_first_filter(level, first, t, 1 << JOB_BITS, |i| {
                        keep(high | (low_base + i));
                    });
                }
                None => (low_base..low_base + (1 << JOB_BITS)).for_each(|low| keep(high | low)),
            }
            progress.advance(1 << JOB_BITS);
        }
    };
    // One thread works inline: targets without threads (the browser's
    // wasm32-unknown-unknown) must not spawn.
    if threads <= 1 {
        work();
    } else {
        // Joined one by one (pthread_join): the scope's own wait ends when
        // the closures return, before the threads are gone.
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
            for h in handles {
                let _ = h.join();
            }
        });
    }
    let mut found = found.into_inner().unwrap_or_default();
    found.sort_unstable();
    found.truncate(limit);
    found
}

/// The first filter of [`candidates`]: the word `step` further on (in
/// states: consecutive candidates `s`, `s + 1` put that word's state `step`
/// apart) must show `value` under `mask`.
#[derive(Clone, Copy)]
struct FirstFilter {
    step: u64,
    mask: u32,
    value: u32,
}

impl FirstFilter {
    /// The matches among the 64 candidates whose filtered states are
    /// `t`, `t + step`, ..., as a bit mask. Written lane by lane (no
    /// loop-carried state but the mask) so that the compiler vectorises it
    /// in the AVX builds below.
    #[inline(always)]
    fn block(self, t: u64) -> u64 {
        let mut hits = 0u64;
        for i in 0..64u64 {
            let state = t.wrapping_add(self.step.wrapping_mul(i));
            hits |= u64::from(Pcg32::output(state) & self.mask == self.value) << i;
        }
        hits
    }

    /// Calls `found(i)` for each `i` in `0..count` (a multiple of 64) whose
    /// candidate passes, in order.
    #[inline(always)]
    fn scan(self, mut t: u64, count: u64, found: &mut impl FnMut(u64)) {
        let stride = self.step.wrapping_mul(64);
        for block in (0..count).step_by(64) {
            let mut hits = self.block(t);
            while hits != 0 {
                found(block + u64::from(hits.trailing_zeros()));
                hits &= hits - 1;
            }
            t = t.wrapping_add(stride);
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn scan_avx2(filter: FirstFilter, t: u64, count: u64, found: &mut impl FnMut(u64)) {
    filter.scan(t, count, found);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw")]
fn scan_avx512(filter: FirstFilter, t: u64, count: u64, found: &mut impl FnMut(u64)) {
    filter.scan(t, count, found);
}

/// [`FirstFilter::scan`] in the build for `level` (all give the same
/// matches; `level` must be supported, else the portable build runs).
#[allow(unsafe_code)] // calls the AVX builds after checking the CPU level
fn scan_first_filter(
    level: CpuLevel,
    filter: FirstFilter,
    t: u64,
    count: u64,
    mut found: impl FnMut(u64),
) {
    match level {
        #[cfg(target_arch = "x86_64")]
        CpuLevel::Avx512 if level.is_supported() => {
            // SAFETY: `is_supported` checked that this CPU has AVX-512 F,
            // DQ, VL and BW, the features the function is compiled with.
            unsafe { scan_avx512(filter, t, count, &mut found) }
        }
        #[cfg(target_arch = "x86_64")]
        CpuLevel::Avx2 if level.is_supported() => {
            // SAFETY: `is_supported` checked that this CPU has AVX2.
            unsafe { scan_avx2(filter, t, count, &mut found) }
        }
        _ => filter.scan(t, count, &mut found),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_finds_what_each_candidate_checked_alone_finds() {
        // A filter that about one candidate in 16 passes, so that blocks
        // hold several matches, some at bit 0 and bit 63.
        let filter = FirstFilter {
            step: Pcg32::MULTIPLIER.wrapping_mul(0x9e37_79b9) | 1,
            mask: 0xf00,
            value: 0x300,
        };
        let t: u64 = 0x0123_4567_89ab_cdef;
        let count = 1 << 14;
        let expected: Vec<u64> = (0..count)
            .filter(|&i| {
                let state = t.wrapping_add(filter.step.wrapping_mul(i));
                Pcg32::output(state) & filter.mask == filter.value
            })
            .collect();
        assert!(expected.len() > 500, "{}", expected.len());
        for &level in CpuLevel::available() {
            let mut got = Vec::new();
            scan_first_filter(level, filter, t, count, |i| got.push(i));
            assert_eq!(got, expected, "{level:?}");
        }
    }
}
