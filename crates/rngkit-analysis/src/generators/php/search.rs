//! The seed-search kernel of PHP's `mt_rand()` generators, every era: for a
//! batch of seeds it builds only the block words the observed outputs need,
//! twists them with the era's twist, tempers them and runs the checks, all
//! in vector registers; only seeds that pass every check leave the kernel
//! (to be verified against the full observations).
//!
//! * seeding: `init_genrand(S)` (PHP 5.2.1 and later; the words are one
//!   multiply chain, stopped at the last word needed) or Cokus's
//!   `(S | 1) * 69069^j` (PHP 3.0.7 to 5.2.0; each word is one multiply);
//! * twist: MT19937's, or PHP's buggy one (PHP 5.2.1 to 7.0.x and
//!   `MT_RAND_PHP`), which takes the low bit of the current word instead of
//!   the next one;
//! * checks on the tempered words: known bits (`mt_rand()`: 31 bits),
//!   an interval (the float-scaled `mt_rand(MIN, MAX)` of the old eras), or
//!   a residue with PHP 7.1+'s rejection (`mt_rand(MIN, MAX)` by rejection:
//!   a word above the rejection limit means the draw was redrawn, after which
//!   the later observations sit at unknown offsets, so such a seed passes
//!   to verification; nothing is assumed about rejection).
//!
//! Scalar, AVX2 (8 seeds a vector) and AVX-512 (16) versions give identical
//! results; the caller picks one by [`CpuLevel`] ([`CpuLevel::best`] unless
//! forced).
//!
//! ```
//! use rngkit::cpu::CpuLevel;
//! use rngkit::runtimes::php::{mt_rand, mt_srand};
//! use rngkit_analysis::generators::php::search::{Check, PhpPlan, PositionedCheck, Seeding, Twist};
//!
//! // PHP 7.1+: which seeds near 1234567890 give this mt_rand() first?
//! let first = mt_rand(&mut mt_srand(1234567890)) as u32;
//! let checks = [PositionedCheck { offset: 0, check: Check::mt_rand(first) }];
//! let plan = PhpPlan::new(Seeding::InitGenrand, Twist::Standard, &checks, 0).unwrap();
//! let mut survivors = Vec::new();
//! plan.scan(CpuLevel::best(), 1234567000, 1000, &mut survivors);
//! assert_eq!(survivors, vec![1234567890]);
//! ```

use rngkit::cpu::CpuLevel;
use rngkit::generators::temper;

pub use crate::generators::mt19937::Twist;
use crate::generators::mt19937::search::BlockWords;
use crate::search::check_scan;

const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;
const INIT_MUL: u32 = 1_812_433_253;
const COKUS_MUL: u32 = 69069;
/// The kernel covers outputs in the first twisted block.
pub const MAX_POSITION: u64 = 623;
/// At most this many checks run in the kernel (the rest in verification).
pub const MAX_CHECKS: usize = 32;

/// How `mt_srand(S)` fills the block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seeding {
    /// `init_genrand(S)`: PHP 5.2.1 and later.
    InitGenrand,
    /// Shawn Cokus's `seedMT`: word `j` is `(S | 1) * 69069^j`: PHP 3.0.7 to 5.2.0.
    Cokus,
}

/// A test on one tempered output word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// `word & mask == value`.
    Bits {
        /// The known bits.
        mask: u32,
        /// Their values.
        value: u32,
    },
    /// `lo <= word <= hi`.
    Interval {
        /// The smallest word that fits.
        lo: u32,
        /// The largest word that fits.
        hi: u32,
    },
    /// PHP 7.1+'s `range32`: the draw is `word % span` unless `word > limit`,
    /// in which case PHP draws again (an escape: the check cannot tell).
    Modulo {
        /// `MAX - MIN + 1`, not a power of two.
        span: u32,
        /// The observed value minus `MIN`.
        residue: u32,
        /// `u32::MAX - u32::MAX % span - 1`: larger words are redrawn.
        limit: u32,
    },
}

/// What a check says about a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The word cannot be behind the observation.
    Fail,
    /// The word fits.
    Pass,
    /// PHP redrew this word: the later observations are at unknown offsets.
    Escape,
}

impl Check {
    /// `mt_rand()` gave `value` (31 bits): the word's top 31 bits.
    ///
    /// ```
    /// use rngkit_analysis::generators::php::search::{Check, Verdict};
    /// assert_eq!(Check::mt_rand(5).test(11), Verdict::Pass);
    /// assert_eq!(Check::mt_rand(5).test(12), Verdict::Fail);
    /// ```
    pub fn mt_rand(value: u32) -> Check {
        Check::Bits {
            mask: 0xffff_fffe,
            value: value << 1,
        }
    }

    /// PHP 7.1+'s `range32` with `span = MAX - MIN + 1` (at least 2) gave
    /// `MIN + residue`; a power-of-two span needs no rejection.
    ///
    /// ```
    /// use rngkit_analysis::generators::php::search::{Check, Verdict};
    /// let c = Check::modulo(100, 7);
    /// assert_eq!(c.test(107), Verdict::Pass);
    /// assert_eq!(c.test(108), Verdict::Fail);
    /// assert_eq!(c.test(u32::MAX), Verdict::Escape);
    /// assert_eq!(Check::modulo(16, 3), Check::Bits { mask: 15, value: 3 });
    /// ```
    pub fn modulo(span: u32, residue: u32) -> Check {
        if span & span.wrapping_sub(1) == 0 {
            let mask = span.wrapping_sub(1);
            return Check::Bits {
                mask,
                value: residue & mask,
            };
        }
        Check::Modulo {
            span,
            residue,
            limit: u32::MAX - (u32::MAX % span) - 1,
        }
    }

    /// The verdict on a tempered word.
    pub fn test(&self, word: u32) -> Verdict {
        let pass = match *self {
            Check::Bits { mask, value } => word & mask == value,
            Check::Interval { lo, hi } => (lo..=hi).contains(&word),
            Check::Modulo {
                span,
                residue,
                limit,
            } => {
                if word > limit {
                    return Verdict::Escape;
                }
                word % span == residue
            }
        };
        if pass { Verdict::Pass } else { Verdict::Fail }
    }

    /// The parameters the vector code uses.
    fn prepare(&self) -> Prepared {
        match *self {
            Check::Bits { mask, value } => Prepared {
                kind: Kind::Bits,
                a: mask,
                b: value & mask,
                c: 0,
                d: 0,
                t: 0,
            },
            Check::Interval { lo, hi } => Prepared {
                kind: Kind::Interval,
                a: lo,
                b: hi.wrapping_sub(lo),
                c: 0,
                d: 0,
                t: 0,
            },
            Check::Modulo {
                span,
                residue,
                limit,
            } => {
                // x % span == 0 for span = 2^t * odd, exactly when
                // rotr(x * odd^-1, t) <= u32::MAX / span (Hacker's Delight,
                // 2nd ed., section 10-17).
                let t = span.trailing_zeros();
                let odd = span >> t;
                Prepared {
                    kind: Kind::Modulo,
                    a: residue,
                    b: inverse(odd),
                    c: u32::MAX / span,
                    d: limit,
                    t,
                }
            }
        }
    }
}

/// The inverse of an odd number mod 2^32 (Newton's iteration).
fn inverse(odd: u32) -> u32 {
    let mut x = odd; // right to 3 bits
    for _ in 0..4 {
        x = x.wrapping_mul(2u32.wrapping_sub(odd.wrapping_mul(x)));
    }
    x
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Bits,
    Interval,
    Modulo,
}

/// A check as the vector code runs it (x86-64 only).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Prepared {
    kind: Kind,
    a: u32,
    b: u32,
    c: u32,
    d: u32,
    t: u32,
}

/// A check at a position: raw steps from the first observed word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionedCheck {
    /// Raw steps from the first observed word (before any redraw).
    pub offset: u64,
    /// The test on the word there.
    pub check: Check,
}

/// What the kernel computes for one search: the block words to keep, the
/// twisted words to build from them, the outputs among those, and the
/// checks for each advance.
#[derive(Clone, Debug)]
pub struct PhpPlan {
    seeding: Seeding,
    twist: Twist,
    /// Sorted distinct block word indices to keep (slots `0..needed.len()`).
    needed: Vec<u32>,
    /// `69069^j` for each needed word `j` (Cokus seeding).
    powers: Vec<u32>,
    /// Twisted words, each the next slot: `slot[c] ^ twist(slot[a], slot[b])`.
    ops: Vec<[usize; 3]>,
    /// The slot of each distinct position's word.
    outputs: Vec<usize>,
    /// For each advance: (output index, check), in observation order.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    checks: Vec<Vec<(usize, Prepared)>>,
    /// The same checks, for the scalar code.
    plain: Vec<Vec<(usize, Check)>>,
}

impl PhpPlan {
    /// The plan for `checks` (in observation order) over advances
    /// `0..=max_advance`. Checks beyond the first block (and beyond the
    /// first [`MAX_CHECKS`]) are dropped from the end, which only lets more
    /// seeds through. `None` when no check is left.
    pub fn new(
        seeding: Seeding,
        twist: Twist,
        checks: &[PositionedCheck],
        max_advance: u64,
    ) -> Option<PhpPlan> {
        let kept: Vec<PositionedCheck> = checks
            .iter()
            .take(MAX_CHECKS)
            .take_while(|c| {
                c.offset
                    .checked_add(max_advance)
                    .is_some_and(|p| p <= MAX_POSITION)
            })
            .copied()
            .collect();
        if kept.is_empty() {
            return None;
        }
        let words = BlockWords::new(kept.iter().map(|c| c.offset), max_advance);
        let plain: Vec<Vec<(usize, Check)>> = (0..=max_advance)
            .map(|k| {
                kept.iter()
                    .map(|c| (words.output(c.offset + k), c.check))
                    .collect()
            })
            .collect();
        let BlockWords {
            needed,
            ops,
            outputs,
            ..
        } = words;
        let checks = plain
            .iter()
            .map(|list| list.iter().map(|&(o, c)| (o, c.prepare())).collect())
            .collect();
        let powers = needed
            .iter()
            .map(|&j| (0..j).fold(1u32, |p, _| p.wrapping_mul(COKUS_MUL)))
            .collect();
        Some(PhpPlan {
            seeding,
            twist,
            needed,
            powers,
            ops,
            outputs,
            checks,
            plain,
        })
    }

    /// Slots: kept block words, then twisted words.
    fn slots(&self) -> usize {
        self.needed.len() + self.ops.len()
    }

    /// Appends to `survivors` every seed in `start..start + count`
    /// (`start + count <= 2^32`) whose outputs pass the checks for some
    /// advance. Survivors still need verification against the full
    /// observations.
    ///
    /// # Panics
    /// If the range passes 2^32, or this CPU does not run `level`.
    pub fn scan(&self, level: CpuLevel, start: u32, count: u32, survivors: &mut Vec<u64>) {
        check_scan(level, start, count);
        match level {
            #[cfg(target_arch = "x86_64")]
            CpuLevel::Avx2 => avx2::scan(self, start, count, survivors),
            #[cfg(target_arch = "x86_64")]
            CpuLevel::Avx512 => avx512::scan(self, start, count, survivors),
            // Scalar, and any level without a vector build here.
            _ => self.scan_scalar(start, count, survivors),
        }
    }

    /// Whether the tempered `outputs` pass the checks for some advance.
    fn passes(&self, outputs: &[u32]) -> bool {
        self.plain.iter().any(|list| {
            for &(o, check) in list {
                match check.test(outputs[o]) {
                    Verdict::Fail => return false,
                    Verdict::Escape => return true,
                    Verdict::Pass => {}
                }
            }
            true
        })
    }

    /// The twisted word from `u` (the word), `v` (the next) and `m` (the
    /// word 397 on).
    #[inline]
    fn twist_word(&self, u: u32, v: u32, m: u32) -> u32 {
        let y = (u & UPPER) | (v & LOWER);
        let low = match self.twist {
            Twist::Standard => v,
            Twist::Legacy => u,
        };
        m ^ (y >> 1) ^ (0u32.wrapping_sub(low & 1) & MATRIX_A)
    }

    fn scan_scalar(&self, start: u32, count: u32, survivors: &mut Vec<u64>) {
        let mut words = vec![0u32; self.slots()];
        let mut outputs = vec![0u32; self.outputs.len()];
        for seed in u64::from(start)..u64::from(start) + u64::from(count) {
            let s = seed as u32;
            match self.seeding {
                Seeding::InitGenrand => {
                    let mut x = s;
                    let mut i = 0u32;
                    for (slot, &j) in self.needed.iter().enumerate() {
                        while i < j {
                            i += 1;
                            x = INIT_MUL.wrapping_mul(x ^ (x >> 30)).wrapping_add(i);
                        }
                        words[slot] = x;
                    }
                }
                Seeding::Cokus => {
                    let odd = s | 1;
                    for (slot, &p) in self.powers.iter().enumerate() {
                        words[slot] = odd.wrapping_mul(p);
                    }
                }
            }
            let base = self.needed.len();
            for (op, &[a, b, c]) in self.ops.iter().enumerate() {
                words[base + op] = self.twist_word(words[a], words[b], words[c]);
            }
            for (out, &slot) in outputs.iter_mut().zip(&self.outputs) {
                *out = temper(words[slot]);
            }
            if self.passes(&outputs) {
                survivors.push(seed);
            }
        }
    }
}

/// The vector kernel's body, shared by the instruction sets: each module
/// defines the vector type `V`, `LANES`, `UNROLL` and the operations it
/// uses, all `#[target_feature]` functions of its own feature.
#[cfg(target_arch = "x86_64")]
macro_rules! vector_kernel {
    ($feature:literal) => {
        /// Pushes the survivors of `start..start + count`: whole batches in
        /// vectors, the tail in scalar code.
        pub(super) fn scan(plan: &PhpPlan, start: u32, count: u32, survivors: &mut Vec<u64>) {
            const BATCH: u32 = (LANES * UNROLL) as u32;
            let full = count / BATCH * BATCH;
            let mut words: Vec<V> = Vec::with_capacity(plan.slots() * UNROLL);
            let mut outputs: Vec<V> = Vec::with_capacity(plan.outputs.len() * UNROLL);
            let mut done = 0u32;
            while done < full {
                let base = start.wrapping_add(done);
                // SAFETY: `PhpPlan::scan` called this kernel only after
                // `check_scan` confirmed the CPU runs its `CpuLevel`, whose
                // features include `$feature`.
                let masks = unsafe { batch(plan, base, &mut words, &mut outputs) };
                for (u, &mask) in masks.iter().enumerate() {
                    let mut m = mask;
                    while m != 0 {
                        let lane = m.trailing_zeros();
                        m &= m - 1;
                        survivors.push(u64::from(base.wrapping_add((u * LANES) as u32 + lane)));
                    }
                }
                done += BATCH;
            }
            plan.scan_scalar(start.wrapping_add(full), count - full, survivors);
        }

        /// The lane masks of the seeds `base..base + LANES * UNROLL` that
        /// pass, one mask per vector.
        #[target_feature(enable = $feature)]
        fn batch(
            plan: &PhpPlan,
            base: u32,
            words: &mut Vec<V>,
            outputs: &mut Vec<V>,
        ) -> [u32; UNROLL] {
            words.clear();
            outputs.clear();
            let seeds: [V; UNROLL] = core::array::from_fn(|u| {
                add(splat(base.wrapping_add((u * LANES) as u32)), sequence())
            });
            match plan.seeding {
                Seeding::InitGenrand => {
                    let mul = splat(INIT_MUL);
                    let mut x = seeds;
                    let mut i = 0u32;
                    for &j in &plan.needed {
                        while i < j {
                            i += 1;
                            let vi = splat(i);
                            for xu in x.iter_mut() {
                                *xu = add(mullo(xor(*xu, srli30(*xu)), mul), vi);
                            }
                        }
                        words.extend_from_slice(&x);
                    }
                }
                Seeding::Cokus => {
                    let one = splat(1);
                    let odd: [V; UNROLL] = core::array::from_fn(|u| or(seeds[u], one));
                    for &p in &plan.powers {
                        let vp = splat(p);
                        for o in &odd {
                            words.push(mullo(*o, vp));
                        }
                    }
                }
            }
            let upper = splat(UPPER);
            let lower = splat(LOWER);
            let one = splat(1);
            let matrix_a = splat(MATRIX_A);
            let zero = splat(0);
            let legacy = plan.twist == Twist::Legacy;
            for &[a, b, c] in &plan.ops {
                for u in 0..UNROLL {
                    let wa = words[a * UNROLL + u];
                    let wb = words[b * UNROLL + u];
                    let wc = words[c * UNROLL + u];
                    let y = or(and(wa, upper), and(wb, lower));
                    let low = if legacy { wa } else { wb };
                    // odd ? MATRIX_A : 0, as (0 - (low & 1)) & MATRIX_A.
                    let mag = and(sub(zero, and(low, one)), matrix_a);
                    words.push(xor(xor(wc, srli1(y)), mag));
                }
            }
            let temper_b = splat(0x9d2c_5680);
            let temper_c = splat(0xefc6_0000);
            for &slot in &plan.outputs {
                for u in 0..UNROLL {
                    let mut v = words[slot * UNROLL + u];
                    v = xor(v, srli11(v));
                    v = xor(v, and(slli7(v), temper_b));
                    v = xor(v, and(slli15(v), temper_c));
                    v = xor(v, srli18(v));
                    outputs.push(v);
                }
            }
            let all = (1u32 << LANES).wrapping_sub(1);
            let mut result = [0u32; UNROLL];
            for list in &plan.checks {
                for (u, r) in result.iter_mut().enumerate() {
                    // pass_j = escape_j | (ok_j & pass_{j+1}), from the end.
                    let mut pass = all;
                    for &(o, p) in list.iter().rev() {
                        let w = outputs[o * UNROLL + u];
                        pass = match p.kind {
                            Kind::Bits => eq_mask(and(w, splat(p.a)), splat(p.b)) & pass,
                            Kind::Interval => le_mask(sub(w, splat(p.a)), splat(p.b)) & pass,
                            Kind::Modulo => {
                                let d = sub(w, splat(p.a));
                                let q = rotr(mullo(d, splat(p.b)), p.t);
                                let ok = le_mask(q, splat(p.c)) & !gt_mask(splat(p.a), w);
                                gt_mask(w, splat(p.d)) | (ok & pass)
                            }
                        };
                    }
                    *r |= pass;
                }
            }
            result
        }
    };
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512 {
    //! AVX-512F: 16 seeds a vector, 16 vectors side by side (independent
    //! multiply chains hide the multiplier's latency).

    use super::*;
    use core::arch::x86_64::*;

    type V = __m512i;
    const LANES: usize = 16;
    const UNROLL: usize = 16;

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn splat(x: u32) -> V {
        _mm512_set1_epi32(x as i32)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn sequence() -> V {
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn add(a: V, b: V) -> V {
        _mm512_add_epi32(a, b)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn sub(a: V, b: V) -> V {
        _mm512_sub_epi32(a, b)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn xor(a: V, b: V) -> V {
        _mm512_xor_si512(a, b)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn and(a: V, b: V) -> V {
        _mm512_and_si512(a, b)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn or(a: V, b: V) -> V {
        _mm512_or_si512(a, b)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn mullo(a: V, b: V) -> V {
        _mm512_mullo_epi32(a, b)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn srli1(a: V) -> V {
        _mm512_srli_epi32::<1>(a)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn srli11(a: V) -> V {
        _mm512_srli_epi32::<11>(a)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn srli18(a: V) -> V {
        _mm512_srli_epi32::<18>(a)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn srli30(a: V) -> V {
        _mm512_srli_epi32::<30>(a)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn slli7(a: V) -> V {
        _mm512_slli_epi32::<7>(a)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn slli15(a: V) -> V {
        _mm512_slli_epi32::<15>(a)
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn rotr(a: V, t: u32) -> V {
        _mm512_rorv_epi32(a, splat(t))
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn eq_mask(a: V, b: V) -> u32 {
        u32::from(_mm512_cmpeq_epi32_mask(a, b))
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn le_mask(a: V, b: V) -> u32 {
        u32::from(_mm512_cmple_epu32_mask(a, b))
    }
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn gt_mask(a: V, b: V) -> u32 {
        u32::from(_mm512_cmpgt_epu32_mask(a, b))
    }

    vector_kernel!("avx512f");
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    //! AVX2: 8 seeds a vector, 8 vectors side by side.

    use super::*;
    use core::arch::x86_64::*;

    type V = __m256i;
    const LANES: usize = 8;
    const UNROLL: usize = 8;

    #[target_feature(enable = "avx2")]
    #[inline]
    fn splat(x: u32) -> V {
        _mm256_set1_epi32(x as i32)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn sequence() -> V {
        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn add(a: V, b: V) -> V {
        _mm256_add_epi32(a, b)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn sub(a: V, b: V) -> V {
        _mm256_sub_epi32(a, b)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn xor(a: V, b: V) -> V {
        _mm256_xor_si256(a, b)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn and(a: V, b: V) -> V {
        _mm256_and_si256(a, b)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn or(a: V, b: V) -> V {
        _mm256_or_si256(a, b)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn mullo(a: V, b: V) -> V {
        _mm256_mullo_epi32(a, b)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn srli1(a: V) -> V {
        _mm256_srli_epi32::<1>(a)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn srli11(a: V) -> V {
        _mm256_srli_epi32::<11>(a)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn srli18(a: V) -> V {
        _mm256_srli_epi32::<18>(a)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn srli30(a: V) -> V {
        _mm256_srli_epi32::<30>(a)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn slli7(a: V) -> V {
        _mm256_slli_epi32::<7>(a)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn slli15(a: V) -> V {
        _mm256_slli_epi32::<15>(a)
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn rotr(a: V, t: u32) -> V {
        let right = _mm_cvtsi32_si128(t as i32);
        let left = _mm_cvtsi32_si128(((32 - t) & 31) as i32);
        // t = 0: the left shift by 0 gives `a` again, and `a | a` is `a`.
        _mm256_or_si256(_mm256_srl_epi32(a, right), _mm256_sll_epi32(a, left))
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn movemask(m: V) -> u32 {
        _mm256_movemask_ps(_mm256_castsi256_ps(m)) as u32
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn eq_mask(a: V, b: V) -> u32 {
        movemask(_mm256_cmpeq_epi32(a, b))
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn le_mask(a: V, b: V) -> u32 {
        // a <= b unsigned exactly when max(a, b) == b.
        movemask(_mm256_cmpeq_epi32(_mm256_max_epu32(a, b), b))
    }
    #[target_feature(enable = "avx2")]
    #[inline]
    fn gt_mask(a: V, b: V) -> u32 {
        !le_mask(a, b) & 0xff
    }

    vector_kernel!("avx2");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisibility_test_agrees_with_remainder() {
        let mut x = 0x1234_5678u32;
        for span in [
            3u32,
            6,
            12,
            100,
            1000,
            24,
            7 << 20,
            0x8000_0001,
            u32::MAX - 1,
        ] {
            let Check::Modulo { .. } = Check::modulo(span, 0) else {
                panic!("{span} is not a power of two")
            };
            let p = Check::modulo(span, 0).prepare();
            for _ in 0..20_000 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                for w in [x, x - x % span, (x - x % span).wrapping_add(span)] {
                    let q = w.wrapping_mul(p.b).rotate_right(p.t);
                    assert_eq!(q <= p.c, w % span == 0, "span {span} word {w}");
                }
            }
        }
    }

    #[test]
    fn inverse_inverts() {
        for odd in [1u32, 3, 25, 0x8000_0001, u32::MAX] {
            assert_eq!(odd.wrapping_mul(inverse(odd)), 1);
        }
    }
}
