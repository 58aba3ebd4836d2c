//! The analysis of JavaScript's `Math.random()` (`v8`, `v8-14`, `v8-13`,
//! `v8-legacy`, `spidermonkey`, `javascriptcore`): steps back, jumps and distances of
//! xorshift128+ (23, 17, 26) and of V8's cached calls, and state recovery.
//!
//! **Jumps.** xorshift128+ moves its state by a fixed matrix over GF(2)
//! whose characteristic polynomial is primitive of degree 128, so a jump of
//! `n` steps is `x^n mod P` applied to the state (period 2^128 - 1). For the
//! V8 GENs one raw step is one `Math.random()` call, and the state is
//! `(s0, s1, remaining)`: the xorshift state after the last refill and the
//! cached values left. Calls are numbered `p = 64 k - remaining`, where `k`
//! counts refills, so `n` calls later `remaining' = (remaining - n) mod 64`
//! and the xorshift state has moved `64 (n + remaining' - remaining) / 64`
//! blocks: one field jump of `64 · blocks` steps (`64 · m mod (2^128 - 1)` is
//! `m` rotated left by 6), and the cache is rebuilt from the new state. The
//! V8 call stream repeats after `64 (2^128 - 1)` calls.
//!
//! **Recovery.**
//!
//! * `v8-legacy` (V8 up to 13.4, Node.js 20, 22) and `v8-13` (Node.js 24):
//!   a call's double is the top 52 or 53 bits of `s0` after a step, linear
//!   in the state, but the calls hand
//!   each block of 64 steps out last-made first, so which step a call shows
//!   depends on where the first observed call sits in the cache. Each of the
//!   64 positions is tried: the known bits become equations over GF(2) in
//!   the 128 bits of the block's starting state, solved by Gaussian
//!   elimination; every consistent position gives its solutions, each one
//!   replayed against every observation. Three doubles that cross a refill
//!   fix the state; observations that all fall inside one block leave one
//!   state per position that keeps them inside it (`65 - n` for `n`
//!   values), since nothing observed says where the block ends. `floor N`
//!   reveals the bits its interval pins (`floor 2`: the top bit).
//! * `spidermonkey`, `javascriptcore` (low 53 bits of `s0 + s1`) and `v8`
//!   (V8 15.6, `(s0 + s1) >> 11`): the word is a sum, so only its carries
//!   stand between the observations and linear equations. With
//!   `s0' = s1`, the sums of consecutive calls are `q[t-1] + q[t]` for the
//!   sequence `q` of second words, so a run of consecutive known sums lets
//!   one word `q[0]`, guessed one bit plane at a time from the lowest known
//!   bit upwards, give every `q[t]` at that plane by subtraction with borrow
//!   ([`chain`]). Every plane adds `m + 1` equations for one guess; the
//!   coefficient rows do not depend on the guesses, so their elimination is
//!   done once and each search node only checks parities of the values.
//!   The unknown carry into the lowest known bit (bit 11 of `v8`'s sum) is
//!   one more guess per call. With few calls the elimination finds nothing
//!   to check for a long time: the step relation `q[t+1] = f(q[t-1]) ^
//!   g(q[t])` (`f(x) = t ^ (t >> 17)` with `t = x ^ (x << 23)`, `g(y) = y ^
//!   (y >> 26)`) reaches 26 bits up and 23 down, so three doubles leave
//!   2^26 live guesses whatever the order. For them [`chain::Plan::sweep`]
//!   walks the planes with the relations instead: sweeping up from bit 0
//!   (SpiderMonkey/JSC, no carries) relation 1 *sets* `q[0]`'s bit of each
//!   new plane and relation 2 checks it, so each of the 2^26 choices of
//!   `q[0]`'s low bits is one path that dies within a few planes; sweeping
//!   down from bit 63 (`v8`, whose carry out of bit 63 is dropped) relation
//!   `k` sets `q[k-1]`'s bit, each call's borrow branches or dies, and the
//!   2^23 starts are `q[0]`'s top 23 bits. Before walking any plane, each
//!   start goes through one word-wide check: at the bits where `f`'s and
//!   `g`'s right shifts fall off the word, the relations give a band of
//!   every call's bits at once, and neighbouring calls must add up to
//!   their word there (16 bits a pair down, 9 up). Three consecutive doubles
//!   recover in a tenth to a third of a second of CPU (`v8`'s 159 known
//!   bits leave two to four states in about one run in seven, and now and
//!   then more, all listed). Decimal doubles
//!   are read first as the exact doubles they print (`exact_doubles`),
//!   since a decimal otherwise leaves its last few bits open and the sweep
//!   needs a known end. SpiderMonkey/JSC's bit 0 is also linear on its
//!   own: 128 or more observed bit 0s are solved directly. For `floor N`
//!   only the top `log2 N` or so bits of each value are known (fewer when
//!   the value's interval straddles a power of two), so every call's carry
//!   is a guess and the chain must be about `128 / log2 N` calls long; the
//!   window of consecutive calls with the fewest guesses is searched
//!   (`floor 256`: 40 values, 2^24 leaves, under a second on `v8`). Below
//!   that the guesses outgrow the chain (`floor 100`: 2^35 from the best
//!   window of 600 values, 31 calls with 4 known bits each, every carry a
//!   guess and no check before the last plane), and the meet in the middle
//!   ([`meet`]) takes over: it reads each value's whole interval, not only
//!   its known prefix, and splits each chain's paths in two halves that
//!   meet on a linear syndrome (`floor 100`: 28 values in under a second,
//!   600 in 0.05 s; `floor 28` and up, and `floor 16`, from a few hundred).
//!   Dice and coins stay out of reach (`floor 6`: about 2^87 steps), and a
//!   SAT solver does no better (CaDiCaL on the adder and
//!   xorshift clauses: 64 values of `floor 10^6` in 2.2 s, but no answer in
//!   100 s for 400 `floor 6` or 64 to 150 `floor 1000`).
//!
//! `v8` hands its cache out in step order, so its calls are the xorshift
//! steps in order whatever the cache position: all 64 positions give the
//! same stream, and recovery answers the one with an empty cache
//! (`remaining` 0). `v8-14` (Node.js 26) has `v8`'s sum but hands each
//! block out last-made first: at each cache position the calls inside one
//! block are consecutive steps in reverse, and the chain search runs on the
//! longest such run, once per distinct run ([`recover_v8_era`]).
//!
//! `--fresh` ([`RecoverOptions::fresh`]) fixes the cache position at 0 for
//! all V8 eras: the first observation is the first call of a context, which
//! refills.
//!
//! ```
//! use rngkit::runtimes::javascript::V8LegacyRandom;
//! use rngkit_analysis::{Distance, Jump};
//!
//! let start = V8LegacyRandom::with_random_seed(5).unwrap();
//! let mut a = start.clone();
//! a.jump(1000); // 1000 Math.random() calls
//! let mut b = start.clone();
//! for _ in 0..1000 { b.math_random(); }
//! assert_eq!(a, b);
//! assert_eq!(start.distance_to(&a), Ok(1000));
//! a.jump_back(1000);
//! assert_eq!(a, start);
//! ```
//!
//! The files: `algebra` (jumps, steps back, distances, the linear
//! view, the period), `forms` (symbolic xorshift and the shared
//! elimination), `calls` (the observations as calls), `linear` (the
//! single-word eras), `sum` (the sum engines' search over one run: the
//! cost model, [`chain`] or [`meet`]), `sum_era` (V8's sum eras and their
//! cache positions), `doubles` (decimals read as exact doubles), `scan`
//! (the seed search's kernels). This file holds the GENs' entry points
//! and their notes.

mod algebra;
mod calls;
pub mod chain;
mod doubles;
mod forms;
mod linear;
pub mod meet;
mod scan;
mod sum;
mod sum_era;
#[cfg(test)]
mod tests;

pub use algebra::v8_period;
pub use calls::JS_MAX_OFFSET;
pub use scan::scan_v8;
pub use sum::MAX_GUESSES;

use rngkit::registry::{Engine, Gen};
use rngkit::runtimes::javascript::{
    SpiderMonkeyGen, V8Era, V8Gen, V8LegacyGen, V8MathRandom, Xorshift128Plus,
};

use crate::observe::Observation;
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered};
use doubles::exact_first;
use linear::recover_v8_linear;
use sum::sum_recover;
use sum_era::recover_v8_sum;

/// `recover` for `spidermonkey` and `javascriptcore`: bit 0 of 128 calls
/// over GF(2), or else the chain search over a run of consecutive calls
/// (see the module docs; five consecutive doubles are enough, six or more
/// are faster).
///
/// ```
/// use rngkit::runtimes::javascript::Xorshift128Plus;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{RecoverOptions, Recovered};
/// use rngkit_analysis::registry;
///
/// let start = Xorshift128Plus::weak_random(77);
/// let mut rng = start.clone();
/// let text: String = (0..8).map(|_| format!("math-random = {}\n", rng.next_double())).collect();
/// let entry = registry::find("spidermonkey").unwrap();
/// let obs = parse_observations(entry, &text).unwrap();
/// let Recovered::Unique(state) = entry.recover(&obs, &RecoverOptions::default()).unwrap() else {
///     panic!("one state")
/// };
/// assert_eq!(state.words(), start.state().to_vec());
/// ```
///
/// # Errors
/// [`RecoverError`] when the search would be too large (too few
/// consecutive calls with enough known bits).
pub fn recover_xorshift128plus<G: Gen<Rng = Xorshift128Plus>>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_xorshift128plus_to::<G>(observations, options, 52)
}

/// [`recover_xorshift128plus`] with the chains' top bit `top` instead of
/// bit 52 (a draw that shows the sum's low 32 bits chains up to bit 31;
/// bit 0's linear path is taken only at 52).
///
/// # Errors
/// As [`recover_xorshift128plus`].
pub fn recover_xorshift128plus_to<G: Gen<Rng = Xorshift128Plus>>(
    observations: &[Observation],
    options: &RecoverOptions,
    top: u32,
) -> Result<Recovered, RecoverError> {
    exact_first(observations, |obs| {
        sum_recover(obs, options, top, G::INFO.name, &|a, b| {
            Xorshift128Plus::from_state([a, b])
                .ok()
                .map(Engine::new::<G>)
        })
    })
}

/// `recover` for every V8 era: the linear eras (`v8-legacy`, `v8-13`) over
/// GF(2) at each cache position, the sum eras (`v8`, `v8-14`) by the chain
/// search. `v8` gives its calls in step order, so every cache position
/// gives the same stream and the state is given with an empty cache
/// (`remaining` 0); `v8-14` hands each block out last-made first, so the
/// search runs once per cache position on the steps the calls show, in
/// step order. With [`RecoverOptions::fresh`] only position 0 (the first
/// observation is the first call of a fresh context) is tried.
///
/// ```
/// use rngkit::runtimes::javascript::V8Random;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{RecoverOptions, Recovered};
/// use rngkit_analysis::registry;
///
/// let mut rng = V8Random::with_random_seed(11).unwrap();
/// let text: String = (0..10).map(|_| format!("math-random = {}\n", rng.math_random())).collect();
/// let entry = registry::find("v8").unwrap();
/// let obs = parse_observations(entry, &text).unwrap();
/// let Recovered::Unique(mut state) = entry.recover(&obs, &RecoverOptions::default()).unwrap() else {
///     panic!("one state")
/// };
/// state.discard(10);
/// assert_eq!(state.next_word(), rng.next_output());
/// ```
///
/// # Errors
/// As [`recover_xorshift128plus`] for the sum eras; [`RecoverError`] for
/// observations more than [`JS_MAX_OFFSET`] calls in.
pub fn recover_v8_era<E: V8Era>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let recovered = if E::MAPPING.is_linear() {
        recover_v8_linear::<E>(observations, options)?
    } else {
        exact_first(observations, |obs| recover_v8_sum::<E>(obs, options))?
    };
    Ok(if options.fresh {
        prefer_fresh_seeded::<E>(recovered)
    } else {
        recovered
    })
}

/// With `--fresh`, of several listed states those that V8 makes from a
/// seed ([`V8MathRandom::fresh_seed`]): a new context's state is
/// `fmix64(seed), fmix64(!seed)`, 64 bits of check that the values do not
/// give (three `toString(36)` ids of a fresh Node.js 26 leave two states
/// about one time in three, and one of them is the seeded one). When none
/// of them is seeded the list stays as it is: the answer then says what the
/// values say, not what a wrong `--fresh` would make of them.
fn prefer_fresh_seeded<E: V8Era>(recovered: Recovered) -> Recovered {
    let Recovered::Several {
        count: Count::Exact(listed),
        states,
    } = &recovered
    else {
        return recovered;
    };
    // Only a complete list: a state left unlisted could be seeded too.
    if *listed != states.len() as u128 {
        return recovered;
    }
    let seeded: Vec<Engine> = states
        .iter()
        .filter(|engine| {
            engine
                .downcast_ref::<V8MathRandom<E>>()
                .is_some_and(|rng| rng.fresh_seed().is_some())
        })
        .cloned()
        .collect();
    if seeded.is_empty() {
        recovered
    } else {
        crate::recover::conclude(seeded)
    }
}

/// `recover` for `v8` (V8 15 on): [`recover_v8_era`].
///
/// # Errors
/// As [`recover_v8_era`].
pub fn recover_v8(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_v8_era::<V8Gen>(observations, options)
}

/// `recover` for `v8-legacy` (V8 up to 13.4): [`recover_v8_era`].
///
/// ```
/// use rngkit::runtimes::javascript::V8LegacyRandom;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{RecoverOptions, Recovered};
/// use rngkit_analysis::registry;
///
/// // node --random-seed=1: skip 60 calls, then 8 values across the refill.
/// let mut rng = V8LegacyRandom::with_random_seed(1).unwrap();
/// for _ in 0..60 { rng.math_random(); }
/// let before = rng.clone();
/// let text: String = (0..8).map(|_| format!("math-random = {}\n", rng.math_random())).collect();
/// let entry = registry::find("v8-legacy").unwrap();
/// let obs = parse_observations(entry, &text).unwrap();
/// let Recovered::Unique(state) = entry.recover(&obs, &RecoverOptions::default()).unwrap() else {
///     panic!("one state")
/// };
/// assert_eq!(state.words(), before.state().to_vec());
/// ```
///
/// # Errors
/// As [`recover_v8_era`].
pub fn recover_v8_legacy(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_v8_era::<V8LegacyGen>(observations, options)
}

/// `recover` for `spidermonkey`.
///
/// # Errors
/// As [`recover_xorshift128plus`].
pub fn recover_spidermonkey(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_xorshift128plus::<SpiderMonkeyGen>(observations, options)
}

/// What `recover` and `seed-search` do for `v8-legacy` and `v8-13`, whose
/// double is the top bits of one word, for the front ends' help.
pub const NOTES_V8_ONE_WORD: crate::notes::Notes = crate::notes::Notes {
    recover: "Linear over GF(2): a double is the top 52 or 53 bits of one xorshift128+ word, \
              but V8 hands each block of 64 out last-made first, so each of the 64 cache \
              positions is tried. Three doubles that cross a refill fix the state; values \
              inside one block leave one state per cache position that keeps them inside it \
              (65 - n for n values). With --fresh (the values start a new process or page) \
              the cache position is known: the first 4 values of a new Node.js 20, 22 or 24 \
              process pin the state.",
    recover_examples: &[],
    search: V8_SEARCH,
    search_examples: &[],
    examples: &[],
};

/// What `recover` and `seed-search` do for `v8` and `v8-14`, whose double
/// is the sum `(s0 + s1) >> 11`, for the front ends' help.
pub const NOTES_V8_SUM: crate::notes::Notes = crate::notes::Notes {
    recover: "A double is the top 53 bits of the sum of the two state words, so a bit-plane \
              search over the carries stands between the values and linear equations: three \
              consecutive doubles recover in a fraction of a second of CPU (their 159 known \
              bits leave two to four states about one time in seven, now and then more, all \
              listed), four or more in hundredths. With --fresh (the values start a new \
              process or page) the cache \
              position is known: 5 values of a new Node.js 26 process or Chromium page pin \
              the state; without it, each cache position is tried.",
    recover_examples: &[],
    search: V8_SEARCH,
    search_examples: &[],
    examples: &[],
};

/// The seed search of every V8 era.
const V8_SEARCH: &str = "Runs only the xorshift128+ steps the observed calls read, 64 \
    seeds at a time (AVX-512, AVX2 or scalar).";

/// What `recover` does for `spidermonkey`, for the front ends' help.
pub const NOTES_SPIDERMONKEY: crate::notes::Notes = crate::notes::Notes {
    recover: "A double is the low 53 bits of the sum of the two state words: a bit-plane \
              search over the carries, from bit 0 up, recovers three consecutive doubles in \
              a third of a second of CPU; 128 or more observed low bits are solved directly. \
              `floor N` values reveal the bits their interval pins.",
    ..crate::notes::Notes::NONE
};
