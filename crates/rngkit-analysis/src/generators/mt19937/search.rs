//! The MT19937-family seed-search kernel: for a batch of seeds it computes
//! only the `init_genrand` words the observed outputs need (words `p`,
//! `p + 1` and `p + 397` for an output `p < 227`; for later outputs of the
//! first block, the twisted words `p - 227`, ... they read as well), stops
//! the init recurrence at the last of them, and twists and tempers only
//! those outputs. Scalar, AVX2 (8 seeds a vector) and AVX-512 (16) versions
//! give identical results; the caller picks one by [`CpuLevel`]
//! ([`CpuLevel::best`] unless forced).

use rngkit::cpu::CpuLevel;

use crate::observe::WordConstraint;
use crate::search::check_scan;

const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;
const INIT_MUL: u32 = 1_812_433_253;
/// The fast kernel covers outputs in the first twisted block.
pub const MAX_POSITION: u64 = 623;

/// The block words a plan builds for observed outputs in the first twisted
/// block (each offset plus each advance at most [`MAX_POSITION`]): the
/// init words to keep, the twisted words to build from them (in dependency
/// order) and the slot of each position's word. MT19937's plan and PHP's
/// ([`crate::generators::php::search`]) share it: the eras differ in
/// seeding, twist and checks, not in which words an output reads.
pub(crate) struct BlockWords {
    /// Sorted distinct init word indices to keep (slots `0..needed.len()`).
    pub needed: Vec<u32>,
    /// Twisted words, each appended as the next slot:
    /// `slot[c] ^ f(top slot[a] | low slot[b])`, as `[a, b, c]`.
    pub ops: Vec<[usize; 3]>,
    /// The slot of each position's (untempered) word.
    pub outputs: Vec<usize>,
    /// The positions read (`offset + k` for every offset and advance `k`),
    /// sorted and distinct: `outputs[i]` is the slot of `positions[i]`.
    positions: Vec<u32>,
}

impl BlockWords {
    /// The words that the outputs at `offsets` need, for every advance
    /// `0..=max_advance`.
    pub fn new(offsets: impl Iterator<Item = u64> + Clone, max_advance: u64) -> BlockWords {
        let mut positions: Vec<u32> = (0..=max_advance)
            .flat_map(|k| offsets.clone().map(move |o| (o + k) as u32))
            .collect();
        positions.sort_unstable();
        positions.dedup();
        // The twisted words needed: the observed ones and, transitively, the
        // earlier twisted words they read (j - 227; word 623 reads word 0).
        let mut twisted: Vec<u32> = positions.clone();
        let mut i = 0;
        while i < twisted.len() {
            let j = twisted[i];
            if j >= 227 {
                twisted.push(j - 227);
            }
            if j == 623 {
                twisted.push(0);
            }
            i += 1;
        }
        twisted.sort_unstable();
        twisted.dedup();
        let mut needed: Vec<u32> = twisted
            .iter()
            .flat_map(|&j| {
                let mut words = vec![j];
                if j < 623 {
                    words.push(j + 1);
                }
                if j < 227 {
                    words.push(j + 397);
                }
                words
            })
            .collect();
        needed.sort_unstable();
        needed.dedup();
        let init = |w: u32| needed.binary_search(&w).expect("needed word");
        let slot = |j: u32| needed.len() + twisted.binary_search(&j).expect("twisted word");
        let ops: Vec<[usize; 3]> = twisted
            .iter()
            .map(|&j| {
                let b = if j == 623 { slot(0) } else { init(j + 1) };
                let c = if j < 227 {
                    init(j + 397)
                } else {
                    slot(j - 227)
                };
                [init(j), b, c]
            })
            .collect();
        let outputs: Vec<usize> = positions.iter().map(|&p| slot(p)).collect();
        BlockWords {
            needed,
            ops,
            outputs,
            positions,
        }
    }

    /// The index in [`BlockWords::outputs`] of the output at `position`
    /// (an offset plus an advance given to [`BlockWords::new`]).
    pub fn output(&self, position: u64) -> usize {
        self.positions
            .binary_search(&(position as u32))
            .expect("position")
    }
}

/// One advance's checks: `(slot, mask, value)` on tempered words.
pub(crate) type Checks = Vec<(usize, u32, u32)>;

/// What the kernel computes for a set of observed outputs: the `init_genrand`
/// words to keep, the words of the first twisted block to build from them
/// (in dependency order), the outputs among those, and the checks per
/// advance `k`.
#[derive(Clone, Debug)]
pub struct MtPlan {
    /// Sorted distinct init word indices to keep (slots `0..needed.len()`).
    needed: Vec<u32>,
    /// Twisted words, each appended as the next slot:
    /// `slot[c] ^ f(top slot[a] | low slot[b])`, as `[a, b, c]`.
    ops: Vec<[usize; 3]>,
    /// The slot of each observed position's (untempered) word.
    outputs: Vec<usize>,
    /// For each advance k: (output index, mask, value) that must all hold.
    checks: Vec<Vec<(usize, u32, u32)>>,
}

impl MtPlan {
    /// The plan for `constraints` (tempered output words at offsets from the
    /// first observed draw) over advances `0..=max_advance`, or `None` when an
    /// output beyond position 623 (the first block) would be needed, or there
    /// is nothing to check.
    pub fn new(constraints: &[WordConstraint], max_advance: u64) -> Option<MtPlan> {
        if constraints.is_empty() {
            return None;
        }
        let last = constraints
            .iter()
            .map(|c| c.offset)
            .max()?
            .checked_add(max_advance)?;
        if last > MAX_POSITION {
            return None;
        }
        let words = BlockWords::new(constraints.iter().map(|c| c.offset), max_advance);
        let checks = (0..=max_advance)
            .map(|k| {
                constraints
                    .iter()
                    .map(|c| {
                        let out = words.output(c.offset + k);
                        (out, c.known.mask as u32, c.known.value as u32)
                    })
                    .collect()
            })
            .collect();
        Some(MtPlan {
            needed: words.needed,
            ops: words.ops,
            outputs: words.outputs,
            checks,
        })
    }

    /// The plan's parts, for a kernel that computes the init words another
    /// way (R's `set.seed` fills the block from an LCG): the init word
    /// indices to keep (slots `0..`), the twisted words to append as slots
    /// (`[a, b, c]`: `slot[c] ^ f(top slot[a] | low slot[b])`), and per
    /// advance the checks `(slot, mask, value)` on tempered words.
    pub(crate) fn parts(&self) -> (&[u32], &[[usize; 3]], Vec<Checks>) {
        let checks = self
            .checks
            .iter()
            .map(|check| {
                check
                    .iter()
                    .map(|&(o, mask, value)| (self.outputs[o], mask, value))
                    .collect()
            })
            .collect();
        (&self.needed, &self.ops, checks)
    }

    /// Slots: kept init words, then twisted words.
    fn slots(&self) -> usize {
        self.needed.len() + self.ops.len()
    }

    /// Appends to `survivors` every seed in `start..start + count` (wrapping
    /// at 2^32 is not allowed: `start + count <= 2^32`) whose outputs pass
    /// the checks for some advance. Survivors still need verification
    /// against the full observations.
    ///
    /// # Panics
    /// If the range passes 2^32, or this CPU does not run `level`.
    pub fn scan(&self, level: CpuLevel, start: u32, count: u32, survivors: &mut Vec<u64>) {
        check_scan(level, start, count);
        match level {
            #[cfg(target_arch = "x86_64")]
            CpuLevel::Avx2 => simd::scan_avx2(self, start, count, survivors),
            #[cfg(target_arch = "x86_64")]
            CpuLevel::Avx512 => simd::scan_avx512(self, start, count, survivors),
            // Scalar, and any level without a vector build here.
            _ => self.scan_scalar(start, count, survivors),
        }
    }

    /// Whether the outputs built from `words` (the kept init words) pass
    /// the checks for some advance.
    #[inline]
    fn passes(&self, outputs: &[u32]) -> bool {
        self.checks.iter().any(|check| {
            check
                .iter()
                .all(|&(o, mask, value)| outputs[o] & mask == value)
        })
    }

    // `lane` indexes three word arrays at once.
    #[allow(clippy::needless_range_loop)]
    fn scan_scalar(&self, start: u32, count: u32, survivors: &mut Vec<u64>) {
        // Eight seeds at a time: the init recurrence is one long dependency
        // chain per seed, so independent chains side by side keep the
        // multiplier busy.
        const WAYS: usize = 8;
        let mut words = vec![[0u32; WAYS]; self.slots()];
        let mut outputs = vec![0u32; self.outputs.len()];
        let end = u64::from(start) + u64::from(count);
        let mut base = u64::from(start);
        while base < end {
            let ways = (end - base).min(WAYS as u64) as usize;
            let mut x: [u32; WAYS] = core::array::from_fn(|l| (base + l as u64) as u32);
            let mut next = 0;
            if self.needed[0] == 0 {
                words[0] = x;
                next = 1;
            }
            let mut i = 1u32;
            while next < self.needed.len() {
                let stop = self.needed[next];
                while i <= stop {
                    for xl in x.iter_mut() {
                        *xl = INIT_MUL.wrapping_mul(*xl ^ (*xl >> 30)).wrapping_add(i);
                    }
                    i += 1;
                }
                words[next] = x;
                next += 1;
            }
            for (op, &[a, b, c]) in self.ops.iter().enumerate() {
                let mut twisted = [0u32; WAYS];
                for (l, t) in twisted.iter_mut().enumerate() {
                    let y = (words[a][l] & UPPER) | (words[b][l] & LOWER);
                    *t = words[c][l] ^ (y >> 1) ^ (if y & 1 == 1 { MATRIX_A } else { 0 });
                }
                words[self.needed.len() + op] = twisted;
            }
            for lane in 0..ways {
                for (out, &slot) in outputs.iter_mut().zip(&self.outputs) {
                    *out = rngkit::generators::temper(words[slot][lane]);
                }
                if self.passes(&outputs) {
                    survivors.push(base + lane as u64);
                }
            }
            base += WAYS as u64;
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod simd {
    //! The vector kernels. The `#[target_feature]` functions are only called
    //! after `MtPlan::scan` has checked (`check_scan`) that the CPU runs
    //! their [`CpuLevel`], whose features include the ones they enable.

    use super::*;
    use core::arch::x86_64::*;

    /// `INDICES[i] = i`: the init recurrence's `+ i` read from memory, so
    /// that the vector kernels broadcast it with a load instead of moving it
    /// from a general register through a vector ALU port.
    static INDICES: [u32; 624] = {
        let mut t = [0u32; 624];
        let mut i = 0;
        while i < 624 {
            t[i] = i as u32;
            i += 1;
        }
        t
    };

    /// One kernel per instruction set. `$unroll` vectors run side by side so
    /// that independent multiply chains hide the multiplier's latency (8 for
    /// AVX2's 16 registers, 16 for AVX-512's 32: measured best here).
    ///
    /// The checks run in vector registers: each constraint is a compare of
    /// `output & mask` with `value` to a lane bit mask (`$eq_mask`), the
    /// constraints of an advance are ANDed and the advances ORed, and only a
    /// vector with a set bit touches memory (its seeds are appended in lane
    /// order, as the scalar kernel appends them).
    macro_rules! kernel {
        ($name:ident, $inner:ident, $feature:literal, $vec:ty, $lanes:expr, $unroll:expr,
         $set1:ident, $add:ident, $sub:ident, $xor:ident, $and:ident,
         $mullo:ident, $srli:ident, $slli:ident, $eq_mask:ident, $seq:expr) => {
            pub(super) fn $name(plan: &MtPlan, start: u32, count: u32, survivors: &mut Vec<u64>) {
                const LANES: usize = $lanes;
                const UNROLL: usize = $unroll;
                const BATCH: u32 = (LANES * UNROLL) as u32;
                let full = count / BATCH * BATCH;
                let mut words: Vec<$vec> = Vec::with_capacity(plan.slots() * UNROLL);
                let mut tempered: Vec<$vec> = Vec::with_capacity(plan.outputs.len() * UNROLL);
                let mut done = 0u32;
                while done < full {
                    let base = start.wrapping_add(done);
                    // SAFETY: `MtPlan::scan` called this kernel only after
                    // `check_scan` confirmed the CPU runs its `CpuLevel`,
                    // whose features include `$feature`.
                    unsafe { $inner(plan, base, &mut words, &mut tempered, survivors) };
                    done += BATCH;
                }
                // The tail that does not fill a batch.
                plan.scan_scalar(start.wrapping_add(full), count - full, survivors);
            }

            /// Appends the seeds of `base..base + LANES * UNROLL` that pass
            /// the plan's checks to `survivors`, in increasing order.
            #[target_feature(enable = $feature)]
            fn $inner(
                plan: &MtPlan,
                base: u32,
                words: &mut Vec<$vec>,
                tempered: &mut Vec<$vec>,
                survivors: &mut Vec<u64>,
            ) {
                const LANES: usize = $lanes;
                const UNROLL: usize = $unroll;
                words.clear();
                let mul = $set1(INIT_MUL as i32);
                let seq: $vec = $seq;
                let mut x: [$vec; UNROLL] = core::array::from_fn(|u| {
                    $add($set1(base.wrapping_add((u * LANES) as u32) as i32), seq)
                });
                let mut next = 0;
                if plan.needed[0] == 0 {
                    words.extend_from_slice(&x);
                    next = 1;
                }
                let mut i = 1u32;
                while next < plan.needed.len() {
                    let stop = plan.needed[next];
                    while i <= stop {
                        // From memory: a broadcast load takes no ALU slot.
                        let vi = $set1(INDICES[i as usize] as i32);
                        for xu in x.iter_mut() {
                            *xu = $add($mullo($xor(*xu, $srli::<30>(*xu)), mul), vi);
                        }
                        i += 1;
                    }
                    words.extend_from_slice(&x);
                    next += 1;
                }
                let upper = $set1(UPPER as i32);
                let lower = $set1(LOWER as i32);
                let one = $set1(1);
                let matrix_a = $set1(MATRIX_A as i32);
                let zero = $set1(0);
                let temper_b = $set1(0x9d2c_5680u32 as i32);
                let temper_c = $set1(0xefc6_0000u32 as i32);
                for &[a, b, c] in &plan.ops {
                    for u in 0..UNROLL {
                        let wa = words[a * UNROLL + u];
                        let wb = words[b * UNROLL + u];
                        let wc = words[c * UNROLL + u];
                        let y = $xor($and(wa, upper), $and(wb, lower));
                        // odd ? MATRIX_A : 0, as (0 - (y & 1)) & MATRIX_A.
                        let mag = $and($sub(zero, $and(y, one)), matrix_a);
                        words.push($xor($xor(wc, $srli::<1>(y)), mag));
                    }
                }
                tempered.clear();
                for &slot in &plan.outputs {
                    for u in 0..UNROLL {
                        let mut v = words[slot * UNROLL + u];
                        v = $xor(v, $srli::<11>(v));
                        v = $xor(v, $and($slli::<7>(v), temper_b));
                        v = $xor(v, $and($slli::<15>(v), temper_c));
                        v = $xor(v, $srli::<18>(v));
                        tempered.push(v);
                    }
                }
                const ALL: u32 = if LANES == 32 {
                    u32::MAX
                } else {
                    (1 << LANES) - 1
                };
                for u in 0..UNROLL {
                    let mut hits = 0u32;
                    for check in &plan.checks {
                        let mut pass = ALL;
                        for &(o, mask, value) in check {
                            let v = $and(tempered[o * UNROLL + u], $set1(mask as i32));
                            pass &= $eq_mask(v, $set1(value as i32));
                        }
                        hits |= pass;
                    }
                    // The reject path ends here for all but ~1 in 2^32 / LANES.
                    let first = u64::from(base.wrapping_add((u * LANES) as u32));
                    while hits != 0 {
                        survivors.push(first + u64::from(hits.trailing_zeros()));
                        hits &= hits - 1;
                    }
                }
            }
        };
    }

    /// Lane `l` of the result is set where lane `l` of `a` and `b` are equal.
    #[target_feature(enable = "avx2")]
    fn eq_mask_avx2(a: __m256i, b: __m256i) -> u32 {
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b))) as u32
    }

    /// Lane `l` of the result is set where lane `l` of `a` and `b` are equal.
    #[target_feature(enable = "avx512f")]
    fn eq_mask_avx512(a: __m512i, b: __m512i) -> u32 {
        u32::from(_mm512_cmpeq_epi32_mask(a, b))
    }

    kernel!(
        scan_avx2,
        outputs_avx2,
        "avx2",
        __m256i,
        8,
        8,
        _mm256_set1_epi32,
        _mm256_add_epi32,
        _mm256_sub_epi32,
        _mm256_xor_si256,
        _mm256_and_si256,
        _mm256_mullo_epi32,
        _mm256_srli_epi32,
        _mm256_slli_epi32,
        eq_mask_avx2,
        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)
    );

    kernel!(
        scan_avx512,
        outputs_avx512,
        "avx512f",
        __m512i,
        16,
        16,
        _mm512_set1_epi32,
        _mm512_add_epi32,
        _mm512_sub_epi32,
        _mm512_xor_si512,
        _mm512_and_si512,
        _mm512_mullo_epi32,
        _mm512_srli_epi32,
        _mm512_slli_epi32,
        eq_mask_avx512,
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    );
}
