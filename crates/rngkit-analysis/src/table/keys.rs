//! The first raw word after seeding, for a run of consecutive seeds: what a
//! table is keyed on. The lanes are the seed search's (the `python` kernel's
//! `init_by_array` block, and `init_genrand` stopped at word 397, the last
//! one the first output reads), built for AVX-512, AVX2 or plain code by
//! the search's `lane_kernels!`, so a build costs about one full search.

use rngkit::cpu::CpuLevel;
use rngkit::generators::{Mt19937, temper};

use super::Seeding;
use crate::generators::python::{LANES, seed_lanes, twisted};
use crate::search::check_scan;

const N: usize = 624;
const M: usize = 397;
const INIT_MUL: u32 = 1_812_433_253;

/// The key builder of one seeding.
struct KeyKernel {
    seeding: Seeding,
}

crate::search::lane_kernels!(KeyKernel);

/// Pushes the first raw word (tempered) of each seed of `start..start +
/// count`, in seed order, to `out`, with the kernel of `level`.
///
/// # Panics
/// If the range passes 2^32 or this CPU does not run `level`.
pub(crate) fn first_words(
    seeding: Seeding,
    level: CpuLevel,
    start: u32,
    count: u32,
    out: &mut Vec<u64>,
) {
    check_scan(level, start, count);
    chunk(level, &KeyKernel { seeding }, start, count, out);
}

#[inline(always)]
fn chunk_body(kernel: &KeyKernel, start: u32, count: u32, out: &mut Vec<u64>) {
    match kernel.seeding {
        Seeding::InitGenrand => genrand_chunk(start, count, out),
        Seeding::ByArray => by_array_chunk(start, count, out),
    }
}

/// `init_genrand(S)`: words 0, 1 and 397 are all the first output needs.
// Lane loops index several arrays at once, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn genrand_chunk(start: u32, count: u32, out: &mut Vec<u64>) {
    let end = u64::from(start) + u64::from(count);
    let mut base = u64::from(start);
    while base < end {
        let lanes = (end - base).min(LANES as u64) as usize;
        let w0: [u32; LANES] = core::array::from_fn(|l| (base + l as u64) as u32);
        let mut w1 = [0u32; LANES];
        let mut x = w0;
        for i in 1..=M {
            for l in 0..LANES {
                x[l] = INIT_MUL
                    .wrapping_mul(x[l] ^ (x[l] >> 30))
                    .wrapping_add(i as u32);
            }
            if i == 1 {
                w1 = x;
            }
        }
        for l in 0..lanes {
            let y = (w0[l] & 0x8000_0000) | (w1[l] & 0x7fff_ffff);
            let word = x[l] ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & 0x9908_b0df);
            out.push(u64::from(temper(word)));
        }
        base += LANES as u64;
    }
}

/// `init_by_array([S])`, the `python` search kernel's lanes.
#[inline(always)]
fn by_array_chunk(start: u32, count: u32, out: &mut Vec<u64>) {
    let a = *Mt19937::new(19_650_218).block();
    let mut mt = vec![[0u32; LANES]; N];
    let end = u64::from(start) + u64::from(count);
    let mut base = u64::from(start);
    while base < end {
        let lanes = (end - base).min(LANES as u64) as usize;
        seed_lanes(&a, base, &mut mt);
        for l in 0..lanes {
            out.push(u64::from(temper(twisted(&mt, 0, l))));
        }
        base += LANES as u64;
    }
}
