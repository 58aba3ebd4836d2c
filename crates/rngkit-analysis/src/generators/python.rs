//! The analysis of CPython's `random` (`python`): the seed of
//! `random.seed(int)` from a state (inverting `init_by_array`), and a
//! seed-search kernel over the 32-bit seeds. State recovery is MT19937's
//! ([`crate::generators::mt19937::recover`]): 624 `getrandbits(32)` words
//! directly, and any other revealed bits (`random()` floats give the top 27
//! and 26 bits of two words, `getrandbits(k)` the top `k`) as GF(2)
//! equations.
//!
//! `random.seed(S)` keeps `|S|`: a seed found here stands for `-S` too.
//! The searched seeds are `0..2^32` (one key word); identification inverts
//! keys of up to two words (seeds below 2^64).

use rngkit::generators::Mt19937;
use rngkit::number::BigInt;
use rngkit::registry::Engine;

use rngkit::cpu::CpuLevel;
use rngkit::draw::CommonDraw;
use rngkit::runtimes::python::{PythonDraw, eval_draw};

use crate::generators::mt19937::identify_seeded;
use crate::identify::Identified;
use crate::observe::{
    KnownBits, Layout, Observation, ObservationKind, ObservedValue, ValueRange, WordConstraint,
};
use crate::search::check_scan;
use crate::search::{Plan, SearchSpec, generic_scan};

const N: usize = 624;
const MUL_FIRST: u32 = 1_664_525;
const MUL_SECOND: u32 = 1_566_083_941;

fn mix(x: u32, mul: u32) -> u32 {
    (x ^ (x >> 30)).wrapping_mul(mul)
}

/// The key of `init_by_array(key)` (CPython's `random.seed`) that wrote
/// `block` (words `1..624` and the top bit of word 0; the seeding sets
/// word 0 to `0x80000000`), for keys of up to `max_words` words (at most
/// 600). `None` when no such key exists.
///
/// The second loop of `init_by_array` is undone word by word; the first
/// loop then reads `C[i] = (A[i] ^ mix(C[i-1])) + key[j] + j` for `i >= 3`
/// (`A` the `init_genrand(19650218)` block, `j = (i - 1) mod len`), which
/// gives each key word directly; the key is confirmed by seeding forwards.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit_analysis::generators::python::init_by_array_key;
///
/// let block = *Mt19937::init_by_array(&[0xdead_beef, 7]).block();
/// assert_eq!(init_by_array_key(&block, 4), Some(vec![0xdead_beef, 7]));
/// ```
pub fn init_by_array_key(block: &[u32; N], max_words: usize) -> Option<Vec<u32>> {
    let f = block;
    // The block after the first loop, C[1..624].
    let mut c = [0u32; N];
    c[1] = f[1].wrapping_add(1) ^ mix(f[N - 1], MUL_SECOND);
    c[2] = f[2].wrapping_add(2) ^ mix(c[1], MUL_SECOND);
    for i in 3..N {
        c[i] = f[i].wrapping_add(i as u32) ^ mix(f[i - 1], MUL_SECOND);
    }
    let a = Mt19937::new(19_650_218);
    let a = a.block();
    let d: Vec<u32> = (3..N)
        .map(|i| c[i].wrapping_sub(a[i] ^ mix(c[i - 1], MUL_FIRST)))
        .collect();
    for len in 1..=max_words.min(600) {
        // d[i - 3] = key[(i - 1) % len] + (i - 1) % len.
        let mut key = vec![None; len];
        let consistent = (3..N).all(|i| {
            let j = (i - 1) % len;
            let word = d[i - 3].wrapping_sub(j as u32);
            *key[j].get_or_insert(word) == word
        });
        if !consistent {
            continue;
        }
        let key: Vec<u32> = key.into_iter().map(|k| k.unwrap_or(0)).collect();
        let seeded = Mt19937::init_by_array(&key);
        let same = seeded.block()[1..] == f[1..] && (seeded.block()[0] ^ f[0]) >> 31 == 0;
        if same {
            return Some(key);
        }
    }
    None
}

/// `identify` for `python`: untwists the state back block by block (at
/// most `max_advance / 624 + 2` blocks, else 2^16) and, at each block, tries
/// every alignment of the seeded block `F` in the window (a state recovered
/// from outputs is any 624 consecutive words, not one of the generator's
/// own blocks): six consecutive words of `F` give the key of a seed below
/// 2^64 (one or two words, see [`init_by_array_key`]), confirmed by seeding
/// forwards and comparing 624 outputs.
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::generators::python::identify;
/// use rngkit_analysis::identify::Identified;
///
/// let python = rngkit_analysis::registry::find("python").unwrap();
/// let mut rng = python.seed(&BigInt::from(20260601), &Default::default()).unwrap();
/// rng.discard(1000);
/// assert_eq!(identify(&rng, None), Some(Identified { seed: 20260601, advance: 1000 }));
/// ```
pub fn identify(rng: &Engine, max_advance: Option<u64>) -> Option<Identified> {
    let mt = rng.downcast_ref::<Mt19937>()?;
    let a = Mt19937::new(19_650_218);
    let a = a.block();
    // The window holds F[i] at index i - p, for i in max(p, 0)..min(624, p + 624).
    identify_seeded(mt, max_advance, 8, |window, p| {
        let lo = p.max(0).max(2) as usize;
        let f = |i: usize| window[(i as i64 - p) as usize];
        // C[i] = (F[i] + i) ^ mix(F[i - 1]) for i >= 3.
        let c = |i: usize| f(i).wrapping_add(i as u32) ^ mix(f(i - 1), MUL_SECOND);
        let d = |i: usize| c(i).wrapping_sub(a[i] ^ mix(c(i - 1), MUL_FIRST));
        let i = lo + 2;
        if i + 3 >= N || (i as i64 + 3) >= p + N as i64 {
            return None;
        }
        let ds = [d(i), d(i + 1), d(i + 2), d(i + 3)];
        let key = if ds[0] == ds[1] && ds[1] == ds[2] && ds[2] == ds[3] {
            vec![ds[0]]
        } else if ds[0] == ds[2] && ds[1] == ds[3] {
            // d[i] = key[(i - 1) % 2] + (i - 1) % 2.
            let j = (i - 1) % 2;
            let mut key = [0u32; 2];
            key[j] = ds[0].wrapping_sub(j as u32);
            key[1 - j] = ds[1].wrapping_sub((1 - j) as u32);
            key.to_vec()
        } else {
            return None;
        };
        let seed = key
            .iter()
            .rev()
            .fold(0u64, |acc, &w| (acc << 32) | u64::from(w));
        Some((seed, rngkit::runtimes::python::seed(&BigInt::from(seed))))
    })
}

/// The seed-search kernel of `python` over 32-bit seeds: `init_by_array`
/// with the one-word key `[S]`, for 64 seeds side by side (plain loops the
/// compiler vectorises, built for AVX-512 and AVX2 as well and picked at run
/// time, or forced with [`SearchSpec::backend`]), then the observations on
/// each seeded block:
///
/// * exact bits at fixed word offsets in the first twisted block (`random`,
///   `getrandbits`, `bits`, up to the first draw whose word count varies)
///   are checked on all 64 seeds at once, computing only the twisted words
///   they read;
/// * every other observation (`randint A B` and `randrange N`, whose
///   `_randbelow` redraws a word at places that vary per seed, `shuffle`,
///   `sample`, inequalities, unknown gaps, outputs past the first block) is
///   then evaluated with the GEN's own draw code on each seed that is still
///   alive, over a word source that twists only the words read (most seeds
///   fail on their first word); from output 624 on it builds the generator.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{Match, SearchSpec, search};
///
/// let entry = registry::find("python").unwrap();
/// let obs = parse_observations(entry, "random = 0.5335695080186286\nrandom = 0.23431290020352957").unwrap();
/// let spec = SearchSpec::new(entry, obs, 3_000_000_000u64..=3_000_000_200u64).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![3000000123]);
///
/// // random.seed(1234); [random.randint(1, 6) for _ in range(12)] (CPython
/// // 3.11): the first die redrew twice (its words' top bits were 7, 6, 3).
/// let dice: String = [4, 1, 1, 1, 5, 1, 6, 6, 1, 1, 3, 2]
///     .iter()
///     .map(|d| format!("randint 1 6 = {d}\n"))
///     .collect();
/// let obs = parse_observations(entry, &dice).unwrap();
/// let spec = SearchSpec::new(entry, obs, 0..=5000).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![1234]);
/// ```
pub fn scan<'a, G: rngkit::registry::Gen<Rng = Mt19937>>(
    spec: &'a SearchSpec,
    lay: &'a Layout,
) -> Plan<'a> {
    let k = spec.max_advance_value();
    let level = spec.backend_choice().unwrap_or_else(CpuLevel::best);
    let fits = |c: &WordConstraint| c.offset.checked_add(k).is_some_and(|p| p < N as u64);
    // Every observation is exact bits at fixed offsets in the first block:
    // the vector checks decide alone.
    let all_fixed = lay.complete
        && lay.span.is_some()
        && !lay.constraints.is_empty()
        && lay.constraints.iter().all(fits);
    let lanes = if all_fixed {
        None
    } else {
        match LaneCheck::new(spec.observations()) {
            Some(check) => Some(check),
            None => return generic_scan::<G>(spec, lay),
        }
    };
    let kernel = Kernel {
        fixed: lay
            .constraints
            .iter()
            .map(|c| (c.offset, c.known.mask as u32, c.known.value as u32))
            .collect(),
        max_advance: k,
        lanes,
    };
    Plan::Scan(Box::new(move |first, count, survivors| {
        check_scan(level, first as u32, count as u32);
        kernel.scan(level, first as u32, count as u32, survivors)
    }))
}

/// Seeds a batch holds: four AVX-512 vectors (eight AVX2 ones) side by
/// side, so that independent dependency chains hide the multiplier's
/// latency.
pub(crate) const LANES: usize = 64;

/// One search's checks.
struct Kernel<'a> {
    /// Exact bits at fixed offsets from the first observed word (before any
    /// draw whose word count varies): `(offset, mask, value)`.
    fixed: Vec<(u64, u32, u32)>,
    /// The largest advance.
    max_advance: u64,
    /// The whole observation list, evaluated per seed, when the fixed
    /// checks do not decide alone.
    lanes: Option<LaneCheck<'a>>,
}

impl Kernel<'_> {
    /// Scans with the kernel of `level`, which the caller has checked
    /// (`check_scan`) this CPU runs.
    fn scan(&self, level: CpuLevel, start: u32, count: u32, out: &mut Vec<u64>) {
        chunk(level, self, start, count, out);
    }
}

crate::search::lane_kernels!(Kernel);

/// The seeded blocks of 64 consecutive seeds: word `i` of seed `base + l`
/// at `[i][l]`.
pub(crate) type Blocks = [[u32; LANES]];

// Lane loops index several arrays at once, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn chunk_body(kernel: &Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    let a = *Mt19937::new(19_650_218).block();
    let mut mt = vec![[0u32; LANES]; N];
    let end = u64::from(start) + u64::from(count);
    let mut base = u64::from(start);
    while base < end {
        let lanes = (end - base).min(LANES as u64) as usize;
        seed_lanes(&a, base, &mut mt);
        let mut hits = 0u64;
        for advance in 0..=kernel.max_advance {
            let mut alive = if lanes == 64 {
                u64::MAX
            } else {
                (1u64 << lanes) - 1
            };
            for &(offset, mask, value) in &kernel.fixed {
                let p = offset + advance;
                if p >= N as u64 {
                    // Past the first block: the per-seed check reads it.
                    continue;
                }
                let mut ok = 0u64;
                for l in 0..LANES {
                    let word = twisted(&mt, p as usize, l);
                    ok |= u64::from(rngkit::generators::temper(word) & mask == value) << l;
                }
                alive &= ok;
                if alive == 0 {
                    break;
                }
            }
            if let Some(check) = &kernel.lanes {
                alive = check.filter(&mt, advance, alive);
            }
            hits |= alive;
        }
        crate::search::push_hits(hits, base, out);
        base += LANES as u64;
    }
}

/// `init_by_array([S])` (CPython's `random.seed(S)` for `S < 2^32`) for the
/// 64 seeds `base..base + 64`, into `mt` (624 rows of lanes); `a` is the
/// `init_genrand(19650218)` block. Shared by the search kernel and the seed
/// tables' key builder (`crate::table`).
// Lane loops index several arrays at once, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
pub(crate) fn seed_lanes(a: &[u32; N], base: u64, mt: &mut Blocks) {
    let key: [u32; LANES] = core::array::from_fn(|l| (base + l as u64) as u32);
    // init_by_array(key = [S]): the first loop's 624 steps (the first
    // 623 read the init_genrand(19650218) words, the last one word 1
    // again)...
    let mut prev = [a[0]; LANES];
    for i in 1..N {
        for l in 0..LANES {
            prev[l] = (a[i] ^ mix(prev[l], MUL_FIRST)).wrapping_add(key[l]);
        }
        mt[i] = prev;
    }
    // mt[0] = mt[623] (it is `prev`); then i = 1 once more.
    for l in 0..LANES {
        prev[l] = (mt[1][l] ^ mix(prev[l], MUL_FIRST)).wrapping_add(key[l]);
    }
    mt[1] = prev;
    // ... and the second loop's 623, from i = 2.
    for i in 2..N {
        for l in 0..LANES {
            prev[l] = (mt[i][l] ^ mix(prev[l], MUL_SECOND)).wrapping_sub(i as u32);
        }
        mt[i] = prev;
    }
    // mt[0] = mt[623], then i = 1 once more.
    for l in 0..LANES {
        prev[l] = (mt[1][l] ^ mix(prev[l], MUL_SECOND)).wrapping_sub(1);
    }
    mt[1] = prev;
    mt[0] = [0x8000_0000; LANES];
}

/// Word `p` of the first twisted block (lane `l`), from the seeded block;
/// words from 227 on read the twisted word `p - 227`.
#[inline(always)]
pub(crate) fn twisted(mt: &Blocks, p: usize, l: usize) -> u32 {
    let upper = |x: u32| x & 0x8000_0000;
    let f = |u: u32, v: u32| {
        let y = upper(u) | (v & 0x7fff_ffff);
        (y >> 1) ^ (0u32.wrapping_sub(y & 1) & 0x9908_b0df)
    };
    if p < N - 397 {
        mt[p + 397][l] ^ f(mt[p][l], mt[p + 1][l])
    } else {
        let next = if p + 1 < N {
            mt[p + 1][l]
        } else {
            twisted(mt, 0, l)
        };
        twisted(mt, p - (N - 397), l) ^ f(mt[p][l], next)
    }
}

/// The observation list in the form the per-seed check runs: each draw
/// already resolved to the GEN's draw or a common draw.
struct LaneCheck<'a> {
    ops: Vec<Op<'a>>,
}

enum Op<'a> {
    Draw(Eval<'a>, Want<'a>),
    Skip(u64),
    SkipRange(u64, u64),
    Bits(KnownBits),
}

enum Eval<'a> {
    Python(&'a PythonDraw),
    Common(&'a CommonDraw),
}

enum Want<'a> {
    Value(&'a ObservedValue),
    In(&'a ValueRange),
}

impl<'a> LaneCheck<'a> {
    /// `None` when a draw is neither a `python` draw nor a common one (a
    /// draw parsed for another GEN).
    fn new(observations: &'a [Observation]) -> Option<LaneCheck<'a>> {
        let eval = |d: &'a rngkit::registry::Draw| match d.engine_draw::<PythonDraw>() {
            Some(p) => Some(Eval::Python(p)),
            None => d.common_draw().map(Eval::Common),
        };
        let ops = observations
            .iter()
            .map(|o| {
                Some(match &o.kind {
                    ObservationKind::Draw { draw, value } => {
                        Op::Draw(eval(draw)?, Want::Value(value))
                    }
                    ObservationKind::DrawIn { draw, range } => {
                        Op::Draw(eval(draw)?, Want::In(range))
                    }
                    ObservationKind::Skip(n) => Op::Skip(*n),
                    ObservationKind::SkipRange { min, max } => Op::SkipRange(*min, *max),
                    ObservationKind::Bits(k) => Op::Bits(*k),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(LaneCheck { ops })
    }

    /// The lanes of `alive` whose seeded block, advanced by `advance`,
    /// gives every observation.
    #[inline(never)]
    fn filter(&self, mt: &Blocks, advance: u64, mut alive: u64) -> u64 {
        let mut left = alive;
        while left != 0 {
            let l = left.trailing_zeros() as usize;
            left &= left - 1;
            let mut words = LaneWords {
                block: mt,
                lane: l,
                pos: advance,
                beyond: None,
            };
            if !run(&self.ops, &mut words) {
                alive &= !(1u64 << l);
            }
        }
        alive
    }
}

/// [`crate::observe::matches_all`] on a lane's word source.
fn run(ops: &[Op], words: &mut LaneWords) -> bool {
    for (i, op) in ops.iter().enumerate() {
        let ok = match op {
            Op::Draw(eval, want) => {
                let value = match eval {
                    Eval::Python(d) => eval_draw(d, words),
                    Eval::Common(c) => c.eval(words),
                };
                match want {
                    Want::Value(v) => v.matches(&value),
                    Want::In(r) => r.contains(&value),
                }
            }
            Op::Skip(n) => {
                words.skip(*n);
                true
            }
            Op::SkipRange(min, max) => {
                words.skip(*min);
                for gap in *min..=*max {
                    if run(&ops[i + 1..], &mut words.clone()) {
                        return true;
                    }
                    if gap < *max {
                        words.skip(1);
                    }
                }
                return false;
            }
            Op::Bits(known) => known.matches(u64::from(words.word())),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// The output words of one lane's seeded block, twisted only as read:
/// words of the first block from the seeded words directly (the ones the
/// draws read, not the whole block); from output 624 on, the generator
/// built from the block.
#[derive(Clone)]
struct LaneWords<'b> {
    block: &'b Blocks,
    lane: usize,
    /// Outputs drawn so far (the next one's index from the first twisted word).
    pos: u64,
    /// The generator at `pos`, once `pos` passed the first block.
    beyond: Option<Box<Mt19937>>,
}

impl LaneWords<'_> {
    #[inline]
    fn word(&mut self) -> u32 {
        if self.pos < N as u64 && self.beyond.is_none() {
            let w = twisted(self.block, self.pos as usize, self.lane);
            self.pos += 1;
            return rngkit::generators::temper(w);
        }
        self.word_beyond()
    }

    #[cold]
    #[inline(never)]
    fn word_beyond(&mut self) -> u32 {
        let (block, lane, pos) = (self.block, self.lane, self.pos);
        let rng = self.beyond.get_or_insert_with(|| {
            let seeded: [u32; N] = core::array::from_fn(|i| block[i][lane]);
            // The seeded block's word 0 is 0x80000000: never all zero.
            let mut rng = Mt19937::from_state(seeded, 0).expect("a seeded block");
            for _ in 0..=pos / N as u64 {
                rng.twist();
            }
            Box::new(
                Mt19937::from_state(*rng.block(), (N as u64 - pos % N as u64) as u32)
                    .expect("a twisted block"),
            )
        });
        self.pos += 1;
        rand_core::Rng::next_u32(&mut **rng)
    }

    fn skip(&mut self, n: u64) {
        match &mut self.beyond {
            Some(rng) if n < N as u64 => {
                for _ in 0..n {
                    rand_core::Rng::next_u32(&mut **rng);
                }
            }
            // Rebuilt at the new place when next read.
            _ => self.beyond = None,
        }
        self.pos = self.pos.saturating_add(n);
    }
}

impl rand_core::TryRng for LaneWords<'_> {
    type Error = core::convert::Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.word())
    }

    /// Two outputs, the first in the low half (as [`Mt19937`]).
    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        let low = self.word();
        let high = self.word();
        Ok(u64::from(low) | u64::from(high) << 32)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(4) {
            let w = self.word().to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
        Ok(())
    }
}

/// What `recover` and `seed-search` do for `python`, for the front ends'
/// help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "MT19937's recovery: 624 `getrandbits 32` words, 624 `randint 0 4294967294` (a \
              span whose redraw is negligible reads as its words, verified with redraws \
              simulated) or 623 `random` floats, in about the same time for 20000. Dice \
              (`randint 1 6`) reveal too little: try a seed search.",
    recover_examples: &[],
    search: "Searches the one-word seeds 0..2^32 of `random.seed(S)` (larger ones: recover \
             the state, then `identify`): init_by_array runs 64 seeds at a time (AVX-512, \
             AVX2 or scalar), `random`, `getrandbits` and `bits` are checked at fixed \
             places on all 64 at once, then every other observation (`randint`, \
             `randrange`, `choice`, whose redraws move the later words, `shuffle`, \
             `sample`, ranges, gaps, outputs past word 624) runs CPython's own draw code \
             on each seed still alive: dice take about as long as floats (all 2^32 seeds \
             in a few minutes on 2 cores). A `random` the program never seeded is seeded \
             from os.urandom: no seed search can find it.",
    search_examples: &[],
    examples: &[],
};
