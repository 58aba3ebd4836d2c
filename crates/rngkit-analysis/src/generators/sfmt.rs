//! The analysis of SFMT-19937 (`sfmt`): O(log n) jumps forwards and
//! backwards, a bounded distance search, and a seed-search kernel
//! ([`scan`]).
//!
//! SFMT is F2-linear in its 128-bit words: the sequence `w[i + 156] =
//! g(w[i], w[i + 122], w[i + 154], w[i + 155])` is a linear recurrence, so
//! the window `W_j = (w[j], ..., w[j + 155])` moves by a linear map `T` of
//! 19968 bits. Its minimal polynomial `P` (degree 19968 = 156 · 128, from
//! Berlekamp–Massey on one bit of the sequence; a polynomial of that degree
//! is the characteristic polynomial, so `P(T) = 0` on every state) gives
//! `T^k W_0 = Σ c_i W_i` with `c = x^k mod P`, the same polynomial method as
//! MT19937's jumps. A jump of `n` 64-bit outputs is a jump of whole blocks
//! (`156` words of 128 bits, 312 outputs each) plus a position in the block.

use std::sync::OnceLock;

use rngkit::cpu::CpuLevel;
use rngkit::engines::pokemon::sfmt::{N128, POS1, Sfmt19937, recursion};

use crate::gf2::{BitVec, Modulus, Poly, berlekamp_massey};
use crate::observe::Layout;
use crate::search::check_scan;
use crate::search::{Plan, SearchSpec, generic_scan};
use crate::{Distance, DistanceError, Jump};

/// 64-bit outputs per block.
const PER_BLOCK: u128 = 312;
/// The degree of the window map.
const DEGREE: usize = N128 * 128;

/// Extends a 128-bit word sequence by the recurrence to `len` words.
fn extend(seq: &mut Vec<u128>, len: usize) {
    seq.reserve(len.saturating_sub(seq.len()));
    while seq.len() < len {
        let j = seq.len() - N128;
        let next = recursion(seq[j], seq[j + POS1], seq[j + N128 - 2], seq[j + N128 - 1]);
        seq.push(next);
    }
}

/// The minimal polynomial of the window map, and its modulus (cached).
fn modulus() -> &'static Modulus {
    static M: OnceLock<Modulus> = OnceLock::new();
    M.get_or_init(|| {
        let start = Sfmt19937::new(5489);
        let mut seq: Vec<u128> = start.block().to_vec();
        let len = 2 * DEGREE + 64;
        extend(&mut seq, len + N128);
        let mut bits = BitVec::zeros(len);
        for (i, w) in seq.iter().take(len).enumerate() {
            if w & 1 == 1 {
                bits.set(i, true);
            }
        }
        let poly = berlekamp_massey(&bits);
        assert_eq!(
            poly.degree(),
            Some(DEGREE),
            "SFMT-19937's window map has a cyclic vector of full degree"
        );
        Modulus::new(poly)
    })
}

/// `g(T) W_0` for the block `block`: `Σ g_i W_i`.
fn apply(block: &[u128; N128], g: &Poly) -> [u128; N128] {
    let Some(degree) = g.degree() else {
        return [0; N128];
    };
    let mut seq = block.to_vec();
    extend(&mut seq, degree + N128 + 1);
    let mut out = [0u128; N128];
    for i in 0..=degree {
        if g.coeff(i) {
            for (o, s) in out.iter_mut().zip(&seq[i..i + N128]) {
                *o ^= s;
            }
        }
    }
    out
}

/// The block `k` blocks (of 156 words) ahead (`back`: behind).
fn block_jump(block: &[u128; N128], k: u128, back: bool) -> [u128; N128] {
    if k == 0 {
        return *block;
    }
    let steps = k * N128 as u128;
    let exponent = [steps as u64, (steps >> 64) as u64];
    let m = modulus();
    let g = if back {
        m.pow_x_inverse_words(&exponent)
    } else {
        m.pow_x_words(&exponent)
    };
    apply(block, &g)
}

impl Jump for Sfmt19937 {
    /// Leaves the representation `n` calls of `next_u64` would leave (a
    /// regeneration is done lazily, so a block boundary keeps `idx == 624`).
    ///
    /// ```
    /// use rngkit::engines::pokemon::sfmt::Sfmt19937;
    /// use rngkit::WordRng;
    /// use rngkit_analysis::Jump;
    /// let start = Sfmt19937::new(4321);
    /// let mut a = start.clone();
    /// a.jump(1000);
    /// let mut b = start.clone();
    /// b.discard(1000);
    /// assert_eq!(a, b);
    /// a.jump_back(1000);
    /// assert_eq!(a, start);
    /// ```
    fn jump(&mut self, n: u128) {
        let p = (self.index() / 2) as u128; // outputs read from this block
        let Some(q) = p.checked_add(n) else {
            // Beyond 2^128 - 312: split.
            self.jump(n / 2);
            self.jump(n - n / 2);
            return;
        };
        let (mut blocks, mut pos) = (q / PER_BLOCK, q % PER_BLOCK);
        if pos == 0 && blocks > 0 {
            blocks -= 1;
            pos = PER_BLOCK;
        }
        let block = block_jump(self.block(), blocks, false);
        *self = Sfmt19937::from_block(block, (2 * pos) as usize).expect("even index <= 624");
    }

    fn jump_back(&mut self, n: u128) {
        let p = (self.index() / 2) as u128;
        if n <= p {
            *self = Sfmt19937::from_block(*self.block(), (2 * (p - n)) as usize)
                .expect("even index <= 624");
            return;
        }
        let behind = n - p; // outputs before the start of this block
        let blocks = behind.div_ceil(PER_BLOCK);
        let pos = blocks * PER_BLOCK - behind;
        let block = block_jump(self.block(), blocks, true);
        *self = Sfmt19937::from_block(block, (2 * pos) as usize).expect("even index <= 624");
    }
}

impl Distance for Sfmt19937 {
    const HAS_FAST_METHOD: bool = false;

    fn distance_to(&self, _to: &Self) -> Result<u128, DistanceError> {
        Err(DistanceError::NeedsBound { generator: "sfmt" })
    }

    /// Steps `self` up to `max` outputs, comparing the next output first and
    /// the whole state only when it matches.
    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        let target = to.canonical();
        let first = target.clone().next_u64();
        let mut cur = self.canonical();
        let mut n = 0u128;
        loop {
            if cur.clone().next_u64() == first && cur == target {
                return Ok(n);
            }
            if n == max {
                return Err(DistanceError::NotWithin { max });
            }
            cur.next_u64();
            n += 1;
        }
    }
}

/// 64-bit outputs of the first block.
const FIRST_BLOCK: u64 = 312;
/// Seeds a batch holds: four AVX-512 vectors (eight AVX2 ones) of the
/// `init_gen_rand` chain side by side.
const LANES: usize = 64;

/// The seed-search kernel of `sfmt` over its 32-bit seeds: the
/// `init_gen_rand` fill (the MT19937 `init_genrand` chain over 624 words)
/// for 64 seeds side by side, in plain loops the compiler vectorises (built
/// for AVX-512 and AVX2 as well and picked at run time, or forced with
/// [`SearchSpec::backend`]); then, per seed, the period certification and
/// only the 128-bit words of the regenerated block that the observed
/// outputs read (output `j` is half of word `j / 2`, which needs words
/// `0..=j / 2`). Observations past the first block (312 outputs, advance
/// included) take the generic kernel.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{SearchSpec, search};
///
/// // SFMT.19937.64.out.txt (the SFMT reference's test output):
/// // init_gen_rand(4321), then the first two 64-bit outputs.
/// let sfmt = registry::find("sfmt").unwrap();
/// let obs = parse_observations(sfmt, "next = 16924766246869039260\nnext = 8201438687333352714").unwrap();
/// let spec = SearchSpec::new(sfmt, obs, 0..=10_000).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![4321]);
/// ```
pub fn scan<'a, G: rngkit::registry::Gen<Rng = Sfmt19937>>(
    spec: &'a SearchSpec,
    lay: &'a Layout,
) -> Plan<'a> {
    let k = spec.max_advance_value();
    let fits = !lay.constraints.is_empty()
        && lay
            .constraints
            .iter()
            .all(|c| c.offset.checked_add(k).is_some_and(|p| p < FIRST_BLOCK));
    if !fits {
        return generic_scan::<G>(spec, lay);
    }
    let kernel = Kernel {
        checks: lay
            .constraints
            .iter()
            .map(|c| (c.offset, c.known.mask, c.known.value))
            .collect(),
        max_advance: k,
        words: lay
            .constraints
            .iter()
            .map(|c| (c.offset + k) as usize / 2 + 1)
            .max()
            .unwrap_or(1),
    };
    let level = spec.backend_choice().unwrap_or_else(CpuLevel::best);
    Plan::Scan(Box::new(move |first, count, survivors| {
        check_scan(level, first as u32, count as u32);
        chunk(level, &kernel, first as u32, count as u32, survivors);
    }))
}

/// One search's checks.
struct Kernel {
    /// `(output offset, mask, value)` on the 64-bit outputs.
    checks: Vec<(u64, u64, u64)>,
    max_advance: u64,
    /// 128-bit words of the regenerated block the checks read.
    words: usize,
}

crate::search::lane_kernels!(Kernel);

/// `PARITY1..4` of SFMT-19937, for the period certification.
const PARITY: [u32; 4] = [0x0000_0001, 0x0000_0000, 0x0000_0000, 0x13c9_e684];

// Lane loops index several arrays at once, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn chunk_body(kernel: &Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    let mut init = vec![[0u32; LANES]; N128 * 4];
    let mut new = vec![0u128; kernel.words];
    let end = u64::from(start) + u64::from(count);
    let mut base = u64::from(start);
    while base < end {
        let lanes = (end - base).min(LANES as u64) as usize;
        // init_gen_rand: the 623-step chain, 64 seeds at once.
        let mut prev: [u32; LANES] = core::array::from_fn(|l| (base + l as u64) as u32);
        init[0] = prev;
        for i in 1..N128 * 4 {
            for l in 0..LANES {
                prev[l] = 1_812_433_253u32
                    .wrapping_mul(prev[l] ^ (prev[l] >> 30))
                    .wrapping_add(i as u32);
            }
            init[i] = prev;
        }
        let mut hits = 0u64;
        for l in 0..lanes {
            let word = |i: usize| {
                u128::from(init[4 * i][l])
                    | u128::from(init[4 * i + 1][l]) << 32
                    | u128::from(init[4 * i + 2][l]) << 64
                    | u128::from(init[4 * i + 3][l]) << 96
            };
            // The period certification: flip bit 0 of word 0 when the
            // parity of w[0..4] & PARITY is even.
            let inner = (init[0][l] & PARITY[0]) ^ (init[3][l] & PARITY[3]);
            let w0 = word(0) ^ u128::from(inner.count_ones().is_multiple_of(2));
            let s = |i: usize| if i == 0 { w0 } else { word(i) };
            // gen_rand_all, only as far as the observed outputs read.
            let (mut c, mut d) = (s(N128 - 2), s(N128 - 1));
            for i in 0..kernel.words {
                let b = if i + POS1 < N128 {
                    s(i + POS1)
                } else {
                    new[i + POS1 - N128]
                };
                let r = recursion(s(i), b, c, d);
                new[i] = r;
                c = d;
                d = r;
            }
            let output = |j: u64| (new[j as usize / 2] >> (64 * (j % 2))) as u64;
            let fits = (0..=kernel.max_advance).any(|a| {
                kernel
                    .checks
                    .iter()
                    .all(|&(offset, mask, value)| output(offset + a) & mask == value)
            });
            hits |= u64::from(fits) << l;
        }
        crate::search::push_hits(hits, base, out);
        base += LANES as u64;
    }
}

/// What `seed-search` does for `sfmt`, for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    search: "Runs init_gen_rand 64 seeds at a time and regenerates only the words the \
             outputs read.",
    ..crate::notes::Notes::NONE
};
