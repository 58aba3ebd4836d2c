//! The analysis of MT19937 (`mt19937`, `mars`): stepping back, jumps, distance, the
//! linear view for recovery, and seed identification.

#![allow(unused_imports)]

pub mod recover_full;
pub mod recover_partial;
pub mod search;
mod window;

use std::sync::OnceLock;

use rngkit::cpu::CpuLevel;
use rngkit::generators::*;
use rngkit::{StateError, StateWords, WordRng};

use crate::advance::*;
use crate::distance::*;
use crate::dlog::*;
use crate::gf2::*;
use crate::identify::*;
use crate::linear::*;
use crate::{Distance, DistanceError, Jump, StepBack};

use rngkit::registry::{Engine, Gen};

use self::search::MtPlan;
use crate::observe::Layout;
use crate::observe::{KnownBits, Observation, WordConstraint, layout};
use crate::recover::{
    Count, ENUMERATE_LIMIT, RecoverError, RecoverOptions, Recovered, conclude, fits,
};
use crate::search::{Match, Plan, SearchSpec, generic_scan, verify};
use rngkit::runtimes::php::PhpLegacyMt;

// ------------------------------------------------------------------- MT19937

impl StepBack for Mt19937 {
    /// Within a block only `left` grows; before the block's first word the
    /// previous block is recovered by untwisting (every bit of it, including
    /// its first word) and `left` becomes 1.
    fn step_back(&mut self) {
        *self = window::step_back(self);
    }
}

impl Jump for Mt19937 {
    /// Leaves the same representation as `n` calls of `next_word` (`left`
    /// in 0..624 after a twist).
    fn jump(&mut self, n: u128) {
        *self = window::jump(self, n);
    }

    /// Stays in the current block when the target lies in it; otherwise
    /// lands on an earlier block with `left` in 0..624, its first word
    /// recomputed (see [`mt19937_canonical`](mt19937_canonical)).
    fn jump_back(&mut self, n: u128) {
        *self = window::jump_back(self, n);
    }

    /// Any count: the block `t` twists ahead is x^(624 t - 1) mod P applied
    /// to the first window (the same method as [`Jump::jump`], with the
    /// exponent as words).
    fn jump_big(&mut self, n: &rngkit::number::BigInt) -> bool {
        if let Some(n) = n.magnitude_u128() {
            self.jump(n);
            return true;
        }
        // q: the target position counted from the start of this block.
        let read = 624 - self.left();
        let q = n.mul_add_small(1, read);
        // q = 624 t + r; the new position lies in 1..=624, so r = 0 is the
        // last word of block t - 1.
        let (t, r) = q.div_rem_small(624);
        let (t, position) = if r == 0 { (minus_one(&t), 624) } else { (t, r) };
        // Window t is reached from the first window by T^(624 t - 1).
        let exponent = minus_one(&t.mul_add_small(624, 0));
        let g = Mt19937::modulus().pow_x_words(&exponent.u64_words());
        let block = window::apply_to_window_one(self.block(), &g);
        *self = Mt19937::from_state(block, 624 - position).expect("a jump keeps the state nonzero");
        true
    }
}

/// `n - 1` for `n >= 1`.
fn minus_one(n: &rngkit::number::BigInt) -> rngkit::number::BigInt {
    rngkit::number::BigInt::from(1u32).complement_in(n)
}

impl Distance for Mt19937 {
    const HAS_FAST_METHOD: bool = false;
    fn distance_to(&self, _to: &Self) -> Result<u128, DistanceError> {
        Err(DistanceError::NeedsBound {
            generator: "mt19937",
        })
    }

    /// Scans the word sequence from `self` for the 624-word window of `to`.
    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        window::search(self, to, max).ok_or(DistanceError::NotWithin { max })
    }
}

impl F2Linear for Mt19937 {
    /// The 624-word window starting at the next output.
    const STATE_BITS: usize = 624 * 32;
    /// The low 31 bits of the window's first word never reach the future.
    const DEGREE: usize = 19937;

    fn to_bits(&self) -> BitVec {
        u32_to_bits(&window::window(self))
    }

    fn from_bits(bits: &BitVec) -> Result<Self, StateError> {
        let window = bits_to_u32::<624>(bits, "mt19937 bits")?;
        Mt19937::from_state(window, 624)
    }

    fn step_linear_bit(&mut self) -> bool {
        // Tempering is linear.
        self.next_word() & 1 == 1
    }

    /// Built from a precomputed table of its 135 exponents (the
    /// derivation costs ~250 million instructions, most of a cold jump);
    /// the tests check the table against
    /// [`derive_characteristic_polynomial`].
    fn characteristic_polynomial() -> &'static Poly {
        static POLY: OnceLock<Poly> = OnceLock::new();
        POLY.get_or_init(window::characteristic_polynomial)
    }

    fn modulus() -> &'static Modulus {
        static MODULUS: OnceLock<Modulus> = OnceLock::new();
        MODULUS.get_or_init(|| Modulus::new(Self::characteristic_polynomial().clone()))
    }
}

/// MT19937 block length.
const N: usize = 624;

const UPPER: u32 = Mt19937::UPPER_MASK;

const LOWER: u32 = Mt19937::LOWER_MASK;

/// The init_genrand multiplier and its inverse mod 2^32.
const INIT_MUL: u32 = 1_812_433_253;

const INIT_MUL_INV: u32 = 2_520_285_293;

/// The block before one twist (the inverse of [`Mt19937::twist`]); the one
/// implementation, shared with the jumps.
pub use window::untwist;

/// The identification loop of the GENs that seed MT19937's block their own
/// way (`python`, `r`, `ruby`): untwists the state back block by block (at
/// most `max_advance / 624 + 2` blocks, else 2^16) and, at each, offers
/// every alignment `p` of the seeded block in the window (word `i` of the
/// seeded block at index `i - p`, `p` in `margin - 624..624 - margin`) to
/// `seed_at`, which gives a seed and its seeded generator; the first whose
/// outputs, `advance` on, match the state's next 624 is the answer. One
/// loop, so that the three GENs differ only in how a window gives a seed.
pub(crate) fn identify_seeded(
    mt: &Mt19937,
    max_advance: Option<u64>,
    margin: i64,
    mut seed_at: impl FnMut(&[u32; N], i64) -> Option<(u64, Mt19937)>,
) -> Option<Identified> {
    let twists = max_advance.map_or(1 << 16, |n| n / N as u64 + 2);
    let left = i64::from(mt.left());
    let mut window = *mt.block();
    for t in 0..=twists as i64 {
        if t > 0 {
            window = untwist(&window);
        }
        for p in -(N as i64) + margin..N as i64 - margin {
            let advance = N as i64 * t + p - left;
            if advance < 0 || max_advance.is_some_and(|n| advance as u64 > n) {
                continue;
            }
            let Some((seed, mut check)) = seed_at(&window, p) else {
                continue;
            };
            check.discard(advance as u64);
            let mut given = mt.clone();
            if (0..N).all(|_| check.next_word() == given.next_word()) {
                return Some(Identified {
                    seed,
                    advance: advance as u64,
                });
            }
        }
    }
    None
}

/// For [`identify_seeded`]'s alignment `p` of a block seeded by the
/// recurrence `x[i] = next(x[i - 1], i)`: the index `i` and the word
/// `x[i - 1]` when the three words after it follow the recurrence (word 0
/// of an untwisted block is not trusted, nothing twisted into it). `r`'s
/// LCG and `ruby`'s `init_genrand` share the test.
pub(crate) fn follows_recurrence(
    window: &[u32; N],
    p: i64,
    next: impl Fn(u32, usize) -> u32,
) -> Option<(usize, u32)> {
    let i = p.max(0) as usize + 2;
    let x = |k: usize| window[(k as i64 - p) as usize];
    if i + 2 >= N
        || (i as i64 + 2) >= p + N as i64
        || x(i) != next(x(i - 1), i)
        || x(i + 1) != next(x(i), i + 1)
        || x(i + 2) != next(x(i + 1), i + 2)
    {
        return None;
    }
    Some((i, x(i - 1)))
}

/// The seed whose `init_genrand` block agrees with `block` on words
/// `1..624` and the top bit of word 0, if there is one.
pub fn init_block_seed(block: &[u32; N]) -> Option<u32> {
    let next = |x: u32, i: usize| INIT_MUL.wrapping_mul(x ^ (x >> 30)).wrapping_add(i as u32);
    // Cheap rejection first: two recurrence steps.
    if block[2] != next(block[1], 2) || block[3] != next(block[2], 3) {
        return None;
    }
    let y = block[1].wrapping_sub(1).wrapping_mul(INIT_MUL_INV);
    let seed = y ^ (y >> 30);
    if (seed ^ block[0]) & UPPER != 0 {
        return None;
    }
    (4..N)
        .all(|i| block[i] == next(block[i - 1], i))
        .then_some(seed)
}

/// Finds `S` and `n` with `state == advance(seed(S), n)` for MT19937, where
/// `seed` is `init_genrand` (the `mt19937` profile; the `mars` profile's
/// seeding adds one twist, which gives the same stream and the same `n`:
/// `n = 624 * twists - left`). Walks back at most `max_twists` blocks.
/// `None` when no such seed is found within the bound.
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit::generators::Mt19937;
/// use rngkit_analysis::generators::mt19937::identify_mt19937;
/// use rngkit_analysis::identify::Identified;
///
/// // The mars notes: seed(S) followed by two whole twists, left = 454.
/// let mars = rngkit_analysis::registry::find("mars").unwrap();
/// let mut rng = mars.seed(&BigInt::from(1234), &Default::default()).unwrap();
/// rng.discard(2 * 624 + 170);
/// let mt = rng.downcast_ref::<Mt19937>().unwrap().clone();
/// assert_eq!(mt.left(), 454);
/// assert_eq!(
///     identify_mt19937(&mt, 1 << 20),
///     Some(Identified { seed: 1234, advance: 2 * 624 + 170 })
/// );
/// ```
pub fn identify_mt19937(state: &Mt19937, max_twists: u64) -> Option<Identified> {
    let left = u64::from(state.left());
    let given = state.block();
    if left == 0 && init_block_seed(given) == Some(given[0]) {
        return Some(Identified {
            seed: u64::from(given[0]),
            advance: 0,
        });
    }
    let mut block = *given;
    for twists in 1..=max_twists {
        block = untwist(&block);
        if let Some(seed) = init_block_seed(&block) {
            let advance = (N as u64 * twists).checked_sub(left)?;
            // Confirm forwards: exact words, no assumption left unchecked.
            let mut mt = Mt19937::new(seed);
            for _ in 0..twists {
                mt.twist();
            }
            return (mt.block() == given).then_some(Identified {
                seed: u64::from(seed),
                advance,
            });
        }
    }
    None
}

/// The seeds `S` whose MT19937 stream (from `init_genrand(S)`; the same for
/// `mars`) has output `first` at position `i` and `second` at `i + 227`
/// (tempered, as drawn), for `i <= 395`. No search: the twist relation
/// `x[i+851] = x[i+624] ^ f(top x[i+227] | low x[i+228])` exposes 31 bits of
/// the init word `i + 228`, which the init recurrence runs back to the seed;
/// the two candidates for its top bit are checked against the exposed top
/// bit of word `i + 227` and then forwards.
///
/// # Panics
/// If `i > 395` (the relation then involves twisted words, not init words).
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::WordRng;
/// use rngkit_analysis::generators::mt19937::mt19937_seeds_from_pair;
///
/// let mut rng = Mt19937::new(5489);
/// rng.discard(10);
/// let a = rng.next_word() as u32; // output 10
/// rng.discard(226);
/// let b = rng.next_word() as u32; // output 237
/// assert_eq!(mt19937_seeds_from_pair(10, a, b), vec![5489]);
/// ```
pub fn mt19937_seeds_from_pair(i: usize, first: u32, second: u32) -> Vec<u32> {
    assert!(i + 228 < N, "the pair relation needs i <= 395, got {i}");
    let y = window::f_inverse(untemper(second) ^ untemper(first));
    let mut seeds = Vec::new();
    for top in [0, UPPER] {
        let mut x = (y & LOWER) | top;
        let mut ok = true;
        for j in (1..=i + 228).rev() {
            let t = x.wrapping_sub(j as u32).wrapping_mul(INIT_MUL_INV);
            x = t ^ (t >> 30);
            if j - 1 == i + 227 && (x ^ y) & UPPER != 0 {
                ok = false;
                break;
            }
        }
        if ok && stream_has(x, i, first, second) {
            seeds.push(x);
        }
    }
    seeds.sort_unstable();
    seeds.dedup();
    seeds
}

fn stream_has(seed: u32, i: usize, first: u32, second: u32) -> bool {
    let mut mt = Mt19937::new(seed);
    mt.twist();
    temper(mt.block()[i]) == first && temper(mt.block()[i + 227]) == second
}

/// Which twist regenerates the block: MT19937's, or PHP's buggy one
/// (the partial-word recovery and PHP's seed-search kernel take either).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Twist {
    /// MT19937's: PHP 3.0.7 to 5.2.0 and 7.1.0+.
    Standard,
    /// PHP's `loBit(u)` bug: PHP 5.2.1 to 7.0.x and `MT_RAND_PHP`.
    Legacy,
}

/// A Mersenne Twister generator that [`recover`] can build: MT19937 itself
/// (`mt19937`, `mars`, `php`, `php3`, `python`, `ruby`, ...) and PHP's
/// buggy-twist variant ([`PhpLegacyMt`]: `php5`, `php-mt-rand-php`). Both
/// are linear in their state, so the partial-output solver
/// ([`recover_partial`]) serves both; only the twist differs.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::runtimes::php::PhpLegacyMt;
/// use rngkit_analysis::generators::mt19937::RecoverableMt;
/// use rngkit_analysis::generators::mt19937::Twist;
///
/// assert_eq!(<Mt19937 as RecoverableMt>::TWIST, Twist::Standard);
/// assert_eq!(<PhpLegacyMt as RecoverableMt>::TWIST, Twist::Legacy);
/// let rng = PhpLegacyMt::from_untwisted([1; 624]).unwrap();
/// assert_eq!(rng.left(), 624);
/// assert!(PhpLegacyMt::from_untwisted([0; 624]).is_none());
/// ```
pub trait RecoverableMt: Sized {
    /// The twist that regenerates its block.
    const TWIST: Twist;
    /// The generator after block `y` is twisted once (`left = 624`): its
    /// next draw reads the first word of the block that follows `y`, as
    /// the solutions of [`recover_partial`] describe it; `None` for the
    /// all-zero block.
    fn from_untwisted(y: [u32; N]) -> Option<Self>;
    /// The state before offset 0 from 624 consecutive fully known words,
    /// when the constraints hold them and the generator has that shortcut.
    fn from_full_words(constraints: &[WordConstraint]) -> Option<Self> {
        let _ = constraints;
        None
    }
}

impl RecoverableMt for Mt19937 {
    const TWIST: Twist = Twist::Standard;

    fn from_untwisted(y: [u32; N]) -> Option<Self> {
        let mut mt = Mt19937::from_state(y, 0).ok()?;
        mt.twist();
        Some(mt)
    }

    /// Untempering, and untwisting back to offset 0 ([`recover_full`]).
    fn from_full_words(constraints: &[WordConstraint]) -> Option<Self> {
        recover_full::from_full_words(constraints)
    }
}

impl RecoverableMt for PhpLegacyMt {
    const TWIST: Twist = Twist::Legacy;

    fn from_untwisted(y: [u32; N]) -> Option<Self> {
        let mut mt = PhpLegacyMt::from_state(y, 0).ok()?;
        mt.twist();
        Some(mt)
    }
}

/// Mersenne Twister recovery for GEN `G` (whose generator is a
/// [`RecoverableMt`]): 624 consecutive full outputs directly where the
/// generator has that shortcut, else every revealed bit as equations in the
/// state bits ([`recover_partial`], with `G`'s twist). PHP's
/// `mt_rand()` reveals 31 bits of a word, so its outputs always take the
/// equations: 624 of them leave 2^622 states (2^623 with PHP's twist),
/// each further one removes one unknown, and 1246 pin the state.
///
/// # Errors
/// [`RecoverError`] when partial words lie too far in.
pub fn recover<G: Gen>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError>
where
    G::Rng: RecoverableMt,
{
    let lay = layout(observations, 32, true);
    let fits = |rng: &Engine| fits(observations, rng);
    if let Some(mt) = G::Rng::from_full_words(&lay.constraints) {
        let rng = Engine::new::<G>(mt);
        return Ok(if fits(&rng) {
            Recovered::Unique(rng)
        } else {
            Recovered::NoneFits
        });
    }
    // The words from the first observed one on, with only the unknowns they
    // leave, and only as many equations as pin them: the rest verify.
    // The window solver reads known bits only: with relations (token picks)
    // the full solver below reads both.
    if G::Rng::TWIST == Twist::Standard && lay.relations.is_empty() {
        match recover_partial::solve_window(&lay.constraints, options.threads) {
            Some(recover_partial::Window::Contradiction) => return Ok(Recovered::NoneFits),
            Some(recover_partial::Window::Unique { offset, block, .. }) => {
                let full: Vec<WordConstraint> = block
                    .iter()
                    .zip(offset + 1..)
                    .map(|(&y, offset)| WordConstraint {
                        offset,
                        known: KnownBits::new(0xffff_ffff, u64::from(temper(y))),
                    })
                    .collect();
                if let Some(mt) = G::Rng::from_full_words(&full) {
                    let rng = Engine::new::<G>(mt);
                    return Ok(if fits(&rng) {
                        Recovered::Unique(rng)
                    } else {
                        Recovered::NoneFits
                    });
                }
            }
            // Each unknown stands for one bit of the state, so the count
            // is exact; few enough states are listed by the full solver.
            Some(recover_partial::Window::Open {
                free,
                complete: true,
            }) if free > ENUMERATE_LIMIT.ilog2() => {
                return Ok(Recovered::Several {
                    count: Count::PowerOfTwo(free),
                    states: Vec::new(),
                });
            }
            Some(recover_partial::Window::Open { .. }) | None => {}
        }
    }
    if let Some(last) = lay
        .constraints
        .last()
        .filter(|c| c.offset > recover_partial::MAX_PARTIAL_OFFSET)
    {
        let shortcut = if G::Rng::TWIST == Twist::Standard {
            " (624 consecutive full outputs have no such limit)"
        } else {
            ""
        };
        return Err(RecoverError(format!(
            "the observations reach {} words in; Mersenne Twister recovery from partial words follows at most {}{shortcut}",
            last.offset,
            recover_partial::MAX_PARTIAL_OFFSET
        )));
    }
    let limit = ENUMERATE_LIMIT.ilog2();
    let Some(solutions) = recover_partial::solve_with_progress(
        &lay.constraints,
        &lay.relations,
        G::Rng::TWIST,
        options.threads,
        limit,
        &options.progress,
    ) else {
        return Ok(Recovered::NoneFits);
    };
    let free = solutions.free();
    if free > limit {
        return Ok(Recovered::Several {
            count: Count::PowerOfTwo(free),
            states: Vec::new(),
        });
    }
    let mut states = Vec::new();
    for combination in 0u64..(1 << free) {
        let mut x = solutions.particular.clone();
        for (i, v) in solutions.basis.iter().enumerate() {
            if combination >> i & 1 == 1 {
                for (a, b) in x.iter_mut().zip(v) {
                    *a ^= b;
                }
            }
        }
        if let Some(mt) = G::Rng::from_untwisted(recover_partial::block_of(&x, G::Rng::TWIST)) {
            let rng = Engine::new::<G>(mt);
            if fits(&rng) {
                states.push(rng);
            }
        }
    }
    Ok(conclude(states))
}

/// `identify` for the MT19937 GENs: untwists to the block `init_genrand`
/// wrote, with no search (`max_advance` only bounds the answer; the walk
/// stops after 2^20 blocks without it).
pub fn identify(rng: &rngkit::registry::Engine, max_advance: Option<u64>) -> Option<Identified> {
    let mt = rng.downcast_ref::<Mt19937>()?;
    let twists = max_advance.map_or(1 << 20, |n| n / 624 + 2);
    identify_mt19937(mt, twists).filter(|id| max_advance.is_none_or(|n| id.advance <= n))
}

/// The seed-search kernel of the MT19937 GENs (`G` seeds the same stream
/// as `init_genrand`): no search for a pair of full words 227 apart; the
/// [`MtPlan`] filter (scalar or SIMD) for outputs in the first block; the
/// generic kernel otherwise.
pub fn scan<'a, G: Gen>(spec: &'a SearchSpec, lay: &'a Layout) -> Plan<'a> {
    if let Some(found) = pair_shortcut(spec, lay) {
        return Plan::Done(found);
    }
    match MtPlan::new(&lay.constraints, spec.max_advance_value()) {
        Some(plan) => {
            let level = spec.backend_choice().unwrap_or_else(CpuLevel::best);
            Plan::Scan(Box::new(move |first, count, survivors| {
                plan.scan(level, first as u32, count as u32, survivors)
            }))
        }
        None => generic_scan::<G>(spec, lay),
    }
}

/// The MT19937 shortcut: two fully known words 227 apart at an output below
/// 396 give the seed directly, for each advance.
pub fn pair_shortcut(spec: &SearchSpec, lay: &Layout) -> Option<Vec<Match>> {
    let full: Vec<(u64, u32)> = lay
        .constraints
        .iter()
        .filter(|c| c.known.mask == 0xffff_ffff)
        .map(|c| (c.offset, c.known.value as u32))
        .collect();
    let &(offset, first) = full
        .iter()
        .find(|(o, _)| full.iter().any(|(p, _)| *p == o + 227))?;
    let second = full.iter().find(|(p, _)| *p == offset + 227)?.1;
    if offset.checked_add(spec.max_advance_value())? > 395 {
        return None;
    }
    let mut found = Vec::new();
    for advance in 0..=spec.max_advance_value() {
        for seed in mt19937_seeds_from_pair((offset + advance) as usize, first, second) {
            let seed = u64::from(seed);
            if spec.seeds().contains(&seed) && verify(spec, seed, advance) {
                found.push(Match { seed, advance });
            }
        }
    }
    found.sort_unstable();
    Some(found)
}

pub use window::mt19937_canonical;

/// What `recover` and `seed-search` do for the MT19937 GENs that seed with
/// `init_genrand` and draw its raw words (`mt19937`, `mars`, PHP 8.2's
/// `Random\Engine\Mt19937`), for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "From 624 full outputs, or from any observations that reveal 19937 \
              independent bits of the raw words (a float reveals its top bits), solved \
              over GF(2): 624 full words is the least (19937 bits). The state comes back \
              at the first observation's position, so `--at end` and `--predict` go on \
              from there.",
    recover_examples: &[
        "rngkit gen mars --seed 7 -n 624 next-u32 | sed 's/^/next-u32 = /' > mt.txt",
        "rngkit recover mars --observations mt.txt -o rng.bin",
    ],
    search: MT_SEARCH,
    search_examples: &["echo 'u32 = 1791095845' | rngkit seed-search mt19937 --seeds 0..1000"],
    examples: &[
        crate::notes::Example {
            command: "gen",
            lines: &["rngkit gen mt19937 --seed 5489 -n 5 u32"],
        },
        crate::notes::Example {
            command: "state",
            lines: &[
                "rngkit state mars --seed 1234 --advance 170 -o rng.bin",
                "rngkit state mt19937 --state-file rng.bin --advance -5",
            ],
        },
        crate::notes::Example {
            command: "identify",
            lines: &[
                "rngkit state mars --seed 1234 --advance 170 -o rng.bin",
                "rngkit identify mars --state-file rng.bin",
            ],
        },
    ],
};

/// The seed search of every GEN seeded by `init_genrand(S)`.
pub(crate) const MT_SEARCH: &str = "Observations within the first 624 outputs (advance included) run a kernel that \
     computes only the words they need, 64 seeds at a time with AVX-512 or AVX2 when \
     the CPU has them; two full outputs 227 apart (`u32 = A`, `skip 226`, `u32 = B`) \
     give the seed with no search at all.";
