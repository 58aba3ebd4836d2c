//! Seed identification: from a state (or a save blob) back to the seed that
//! produced it and the number of draws taken since, without brute force.
//!
//! * MT19937 / mars: [`untwist`] steps a block back one twist;
//!   [`identify_mt19937`] untwists until the block is one that
//!   `init_genrand` wrote, which the init recurrence recognises and inverts
//!   (reference facts: `y = (x_i - i) * 2520285293`, `x_{i-1} = y ^ (y >> 30)`).
//! * [`mt19937_seeds_from_pair`]: the seed from two full outputs `i` and
//!   `i + 227` (one twist relation exposes two words of the init block).
//! * Xorshift128 (`unity`, `bdsp`, `xorshift128`): [`identify_xorshift128`]
//!   walks back step by step (the analysis crate's [`StepBack`]), bounded,
//!   to a state of `InitState`'s shape; xoshiro256** and xoroshiro128+
//!   ([`identify_splitmix_filled`]) likewise to a state filled by SplitMix64.

use rngkit::WordRng;
use rngkit::generators::{
    Mt19937, SplitMix64, TinyMt32, Xorshift32, Xorshift128, temper, untemper,
};
use rngkit::profile::DeterministicRng;

use crate::StepBack;

/// SplitMix64's increment.
const SPLITMIX_GAMMA: u64 = SplitMix64::GAMMA;

/// MT19937 block length.
const N: usize = 624;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;
/// The init_genrand multiplier and its inverse mod 2^32.
const INIT_MUL: u32 = 1_812_433_253;
const INIT_MUL_INV: u32 = 2_520_285_293;
/// Unity's InitState multiplier.
const UNITY_MUL: u32 = 0x6c07_8965;

/// A seed and how many raw steps after seeding give the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Identified {
    /// The seed `S`.
    pub seed: u64,
    /// The number of raw steps `n` after `seed(S)`.
    pub advance: u64,
}

/// The block before one twist (the inverse of [`Mt19937::twist`]); the one
/// implementation, shared with the jumps.
pub use crate::mt::untwist;

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
/// use rngkit::profile::{DeterministicRng, Profile};
/// use rngkit_analysis::identify::{Identified, identify_mt19937};
///
/// // The mars notes: seed(S) followed by two whole twists, left = 454.
/// let mut rng = Profile::Mars.seeded(1234, 0).unwrap();
/// rng.discard(2 * 624 + 170);
/// let DeterministicRng::Mt19937(mt) = rng else { unreachable!() };
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
/// use rngkit::profile::Profile;
/// use rngkit_analysis::identify::mt19937_seeds_from_pair;
///
/// let mut rng = Profile::Mt19937.seeded(5489, 0).unwrap();
/// rng.discard(10);
/// let a = rng.next_word() as u32; // output 10
/// rng.discard(226);
/// let b = rng.next_word() as u32; // output 237
/// assert_eq!(mt19937_seeds_from_pair(10, a, b), vec![5489]);
/// ```
pub fn mt19937_seeds_from_pair(i: usize, first: u32, second: u32) -> Vec<u32> {
    assert!(i + 228 < N, "the pair relation needs i <= 395, got {i}");
    let y = crate::mt::f_inverse(untemper(second) ^ untemper(first));
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

/// Whether `s` is `InitState(s[0])`'s fill: `s[k+1] = s[k] * 0x6c078965 + 1`.
#[inline]
pub fn is_init_state(s: [u32; 4]) -> bool {
    let next = |x: u32| x.wrapping_mul(UNITY_MUL).wrapping_add(1);
    s[1] == next(s[0]) && s[2] == next(s[1]) && s[3] == next(s[2])
}

/// Finds `S` and the smallest `n <= max_advance` with
/// `state == advance(InitState(S), n)` by walking back one step at a time.
///
/// ```
/// use rngkit::generators::Xorshift128;
/// use rngkit::WordRng;
/// use rngkit_analysis::identify::{Identified, identify_xorshift128};
///
/// let mut rng = Xorshift128::init_state(777);
/// rng.discard(1000);
/// assert_eq!(
///     identify_xorshift128(rng.state(), 5000),
///     Some(Identified { seed: 777, advance: 1000 })
/// );
/// assert_eq!(identify_xorshift128(rng.state(), 999), None);
/// ```
pub fn identify_xorshift128(state: [u32; 4], max_advance: u64) -> Option<Identified> {
    let rng = Xorshift128::from_state(state).ok()?;
    walk_back(rng, max_advance, |g| {
        let s = g.state();
        is_init_state(s).then_some(u64::from(s[0]))
    })
}

/// Walks `rng` back one step at a time, at most `max_advance` steps, until
/// `seed_of` recognises a freshly seeded state.
pub fn walk_back<G: StepBack>(
    mut rng: G,
    max_advance: u64,
    seed_of: impl Fn(&G) -> Option<u64>,
) -> Option<Identified> {
    for n in 0..=max_advance {
        if let Some(seed) = seed_of(&rng) {
            return Some(Identified { seed, advance: n });
        }
        rng.step_back();
    }
    None
}

/// The seed `S` whose SplitMix64 outputs, from state `S`, are `words` in
/// order (how xoshiro256** and xoroshiro128+ fill their state from
/// `seed_from_u64`), if there is one.
///
/// ```
/// use rngkit::profile::Profile;
/// use rngkit_analysis::identify::splitmix_filled_seed;
///
/// let rng = Profile::Xoshiro256ss.seeded(42, 0).unwrap();
/// assert_eq!(splitmix_filled_seed(&rng.to_words()), Some(42));
/// assert_eq!(splitmix_filled_seed(&[1, 2, 3, 4]), None);
/// ```
pub fn splitmix_filled_seed(words: &[u64]) -> Option<u64> {
    let (&first, rest) = words.split_first()?;
    let seed = crate::recover::splitmix::unmix(first).wrapping_sub(SPLITMIX_GAMMA);
    let mut mix = SplitMix64::new(seed);
    let _ = mix.next_word();
    rest.iter().all(|&w| mix.next_word() == w).then_some(seed)
}

/// Finds `S` and the smallest `n <= max_advance` with
/// `state == advance(seed_from_u64(S), n)` for xoshiro256** or
/// xoroshiro128+ (state filled with SplitMix64 outputs from `S`).
///
/// ```
/// use rngkit::profile::Profile;
/// use rngkit_analysis::identify::{Identified, identify_splitmix_filled};
///
/// let mut rng = Profile::Xoroshiro128p.seeded(7, 0).unwrap();
/// rng.discard(500);
/// assert_eq!(identify_splitmix_filled(&rng, 1000), Some(Identified { seed: 7, advance: 500 }));
/// ```
pub fn identify_splitmix_filled(rng: &DeterministicRng, max_advance: u64) -> Option<Identified> {
    match rng {
        DeterministicRng::Xoshiro256StarStar(g) => {
            walk_back(g.clone(), max_advance, |g| splitmix_filled_seed(&g.state()))
        }
        DeterministicRng::Xoroshiro128Plus(g) => {
            walk_back(g.clone(), max_advance, |g| splitmix_filled_seed(&g.state()))
        }
        _ => None,
    }
}

/// TinyMT32's reference parameters, the initial fill of `status[1..4]`.
const TINYMT_FILL: [u32; 3] = [0x8f70_11ee, 0xfc78_ff1f, 0x3793_fdff];

/// The seed whose `tinymt32_init` fill loop ends in `status`, if any: the
/// loop XORs each word with a function of the one before it, so running its
/// steps in reverse order undoes it; the fill then starts `[S, mat1, mat2, tmat]`.
fn tinymt32_fill_seed(mut status: [u32; 4]) -> Option<u32> {
    for i in (1..8usize).rev() {
        let prev = status[(i - 1) & 3];
        status[i & 3] ^= (i as u32).wrapping_add(INIT_MUL.wrapping_mul(prev ^ (prev >> 30)));
    }
    (status[1..] == TINYMT_FILL).then_some(status[0])
}

/// Finds `S` and the smallest `n <= max_advance` with
/// `state == advance(tinymt32_init(S), n)` (compared in the canonical form
/// of [`crate::tinymt32_canonical`]: the dead bit of a state has no effect on
/// its stream), walking back one step at a time. `tinymt32_init` ends with 8
/// steps, so each candidate is stepped back 8 more to its fill, whose dead
/// bit is tried both ways.
///
/// ```
/// use rngkit::generators::TinyMt32;
/// use rngkit::WordRng;
/// use rngkit_analysis::identify::{Identified, identify_tinymt32};
///
/// let mut rng = TinyMt32::new(1);
/// rng.discard(300);
/// assert_eq!(identify_tinymt32(&rng, 1000), Some(Identified { seed: 1, advance: 300 }));
/// ```
pub fn identify_tinymt32(state: &TinyMt32, max_advance: u64) -> Option<Identified> {
    let target = crate::tinymt32_canonical(state);
    walk_back(target.clone(), max_advance, |current| {
        let mut fill = current.clone();
        fill.step_back_by(8);
        let status = fill.state();
        [0, 0x8000_0000].into_iter().find_map(|top| {
            let mut candidate = status;
            candidate[0] = (candidate[0] & 0x7fff_ffff) | top;
            tinymt32_fill_seed(candidate).map(u64::from)
        })
    })
    .filter(|id| {
        // Confirm forwards, exactly.
        let mut rng = TinyMt32::new(id.seed as u32);
        rng.discard(id.advance);
        crate::tinymt32_canonical(&rng) == target
    })
}

/// `new Unity.Mathematics.Random(S)` sets the state to `S` and steps once,
/// so every nonzero state is a seeded one: its seed is the state one step
/// back, and the advance is 0.
///
/// ```
/// use rngkit::generators::Xorshift32;
/// use rngkit::WordRng;
/// use rngkit_analysis::identify::{Identified, identify_unity_math};
///
/// let mut rng = Xorshift32::from_state(12345).unwrap();
/// rng.next_word(); // what the constructor does
/// assert_eq!(identify_unity_math(&rng), Some(Identified { seed: 12345, advance: 0 }));
/// ```
pub fn identify_unity_math(state: &Xorshift32) -> Option<Identified> {
    let mut rng = state.clone();
    rng.step_back();
    let seed = rng.state();
    (seed != 0).then_some(Identified {
        seed: u64::from(seed),
        advance: 0,
    })
}
