//! PCG32 state recovery from full outputs with a known increment: one
//! output fixes the top 37 bits of its state (the rotation and the
//! xorshifted bits), leaving 2^27 low patterns for each of the 32 rotations
//! consistent with it, 2^32 candidates in all; another observed output
//! filters them (spread over threads), and every survivor is verified
//! against all the observations.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

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
    stop: &super::Stop,
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
                    // it runs alone, without branches: consecutive
                    // candidates s and s + 1 put its word's state m apart,
                    // so one addition steps it, and each block of 64 gives
                    // a mask of its matches, which alone are checked
                    // against every filter. (Three times faster than the
                    // filters in turn for each candidate.)
                    let (mask, value) = (first.known.mask as u32, first.known.value as u32);
                    let mut t = m.wrapping_mul(high | low_base).wrapping_add(add);
                    for block in (low_base..low_base + (1 << JOB_BITS)).step_by(64) {
                        let mut hits = 0u64;
                        for i in 0..64 {
                            hits |= u64::from(Pcg32::output(t) & mask == value) << i;
                            t = t.wrapping_add(m);
                        }
                        while hits != 0 {
                            keep(high | (block + u64::from(hits.trailing_zeros())));
                            hits &= hits - 1;
                        }
                    }
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
