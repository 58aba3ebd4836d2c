//! Cracking Go's `math/rand` (`go`).
//!
//! * State recovery ([`recover`]): the generator is additive, `x_n =
//!   x_(n-607) + x_(n-273) mod 2^64`, and a carry only moves upwards, so
//!   the low 63 bits of the words are an additive generator mod 2^63 of
//!   their own. 607 consecutive values that show a word's low 63 bits
//!   (`int63`, `uint64`, `u64`) are those bits of the whole window: the
//!   state after the window holds exactly these 607 words, and the state
//!   before the first observation follows by stepping back (`x_(n-607) =
//!   x_n - x_(n-273)`). `Int63` never shows bit 63, so unless the window's
//!   values are `uint64`s, each word's top bit is free: 2^k states fit
//!   (k the words whose top bit no value showed), and all of them give the
//!   same `int63`, `intn`, `float64` and every other method but `uint64`
//!   forever. Recovery then lists two of them, which differ in one top
//!   bit, so `--predict` prints what they agree on (every draw but
//!   `uint64`) and refuses `uint64`.
//! * Seed search ([`scan`]): `NewSource(S)` reduces S mod 2^31 - 1, so
//!   `--seeds 1..2147483646` covers every stream. The first 334 outputs
//!   read only words of the seeded ring, `x_j = vec[333 - j] + vec[606 -
//!   j]`, and each word is three values of the seeding generator at known
//!   positions, reached by precomputed powers of 48271: the kernel computes
//!   just the words the observations read instead of the 1,841-step fill.
//!
//! The answer is written with `tap = 0, feed = 334`, the indices after
//! seeding: all 607 rotations of the ring give the same stream, and so a
//! freshly seeded generator comes back word for word.
//!
//! ```
//! use rngkit::registry::Engine;
//! use rngkit::runtimes::go::{GoGen, GoRand};
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::recover::{recover, RecoverOptions, Recovered};
//! use rngkit_analysis::registry;
//!
//! let go = registry::find("go").unwrap();
//! let mut rng = GoRand::new(2024);
//! let text: String = (0..607).map(|_| format!("uint64 = {}\n", rng.uint64())).collect();
//! let obs = parse_observations(go, &text).unwrap();
//! let Recovered::Unique(state) = recover(go, &obs, &RecoverOptions::default()).unwrap() else {
//!     panic!("one state")
//! };
//! assert_eq!(state, Engine::new::<GoGen>(GoRand::new(2024)));
//! ```

use rngkit::registry::Engine;
use rngkit::runtimes::go::{
    GoGen, GoRand, LEN, MASK_63, SEED_MODULUS, SEED_MULTIPLIER, TAP, reduced_seed, seeded_word,
};

use crate::observe::{Layout, Observation, layout};
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, fits};
use crate::search::{Plan, SearchSpec, generic_scan};

/// The top bit of a word: what `Int63` hides.
const TOP: u64 = 1 << 63;

/// The state before the first observation, given the 607 words `x_a ..
/// x_(a+606)` of a window that starts `a` steps after it, written with
/// `tap = 0` (the indices after seeding).
///
/// ```
/// use rngkit::runtimes::go::GoRand;
/// use rngkit_analysis::generators::go::state_from_window;
///
/// let mut rng = GoRand::new(9);
/// let start = rng.clone();
/// for _ in 0..5 {
///     rng.uint64();
/// }
/// let window: Vec<u64> = (0..607).map(|_| rng.uint64()).collect();
/// assert_eq!(state_from_window(&window.try_into().unwrap(), 5), start);
/// ```
pub fn state_from_window(window: &[u64; LEN], a: u64) -> GoRand {
    // A state with tap = 0 after the window: step k of the window wrote
    // its word into feed - 1 - k, feed starting at 334.
    let mut vec = [0u64; LEN];
    for (k, &x) in window.iter().enumerate() {
        vec[(333 + LEN * 2 - k) % LEN] = x;
    }
    let mut rng = GoRand::from_parts(vec, 0).expect("tap 0 is an index");
    for _ in 0..LEN as u64 + a {
        rng.step_back();
    }
    // The same stream from the ring rotated so that tap is 0.
    let tap = rng.tap();
    let words = rng.words();
    let rotated: [u64; LEN] = core::array::from_fn(|i| words[(i + tap) % LEN]);
    GoRand::from_parts(rotated, 0).expect("tap 0 is an index")
}

/// State recovery for `go` from 607 consecutive values that show the low
/// 63 bits of their words (see the [module](self) docs).
///
/// # Errors
/// Never for valid observations; an answer always comes back (states,
/// none, or what to add).
pub fn recover(
    observations: &[Observation],
    _options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let lay = layout(observations, 64, false);
    // The bits known of each word, several observations of one word merged:
    // `(offset, mask, value)` in offset order, as the layout gives them (a
    // sorted vector, not a map: no map code in the page's wasm).
    let mut known: Vec<(u64, u64, u64)> = Vec::with_capacity(lay.constraints.len());
    for c in &lay.constraints {
        match known.last_mut() {
            Some((offset, mask, value)) if *offset == c.offset => {
                if (*value ^ c.known.value) & *mask & c.known.mask != 0 {
                    return Ok(Recovered::NoneFits);
                }
                *mask |= c.known.mask;
                *value |= c.known.value & c.known.mask;
            }
            _ => known.push((c.offset, c.known.mask, c.known.value & c.known.mask)),
        }
    }
    // The first run of 607 consecutive words with their low 63 bits known.
    let (mut run_start, mut run_len, mut longest) = (0u64, 0u64, 0u64);
    let mut window = None;
    let mut window_index = 0;
    for (index, &(offset, mask, _)) in known.iter().enumerate() {
        if mask & MASK_63 != MASK_63 {
            run_len = 0;
            continue;
        }
        if run_len == 0 || offset != run_start + run_len {
            run_start = offset;
            run_len = 0;
            window_index = index;
        }
        run_len += 1;
        longest = longest.max(run_len);
        if run_len == LEN as u64 {
            window = Some(run_start);
            break;
        }
    }
    let Some(a) = window else {
        let revealed: u64 = known.iter().map(|k| u64::from(k.1.count_ones())).sum();
        let free = (64 * LEN as u64).saturating_sub(revealed);
        return Ok(Recovered::OverBudget {
            count: Count::About(free.min(u64::from(u32::MAX)) as u32),
            advice: format!(
                "go recovery reads 607 consecutive values that show a word's low 63 bits \
                 (int63, uint64 or u64; the longest run here is {longest}): add {} more in a \
                 row, or search the seed (`rngkit seed-search go --seeds 1..2147483646`)",
                LEN as u64 - longest
            ),
        });
    };
    let mut words = [0u64; LEN];
    let mut free = Vec::new();
    for (k, word) in words.iter_mut().enumerate() {
        let (_, mask, value) = known[window_index + k];
        *word = value;
        if mask & TOP == 0 {
            free.push(k);
        }
    }
    let base = Engine::new::<GoGen>(state_from_window(&words, a));
    let Some(&flip) = free.first() else {
        return Ok(if fits(observations, &base) {
            Recovered::Unique(base)
        } else {
            Recovered::NoneFits
        });
    };
    // Another state that fits as well: one free top bit set.
    words[flip] |= TOP;
    let other = Engine::new::<GoGen>(state_from_window(&words, a));
    let fitting: Vec<Engine> = [base, other]
        .into_iter()
        .filter(|s| fits(observations, s))
        .collect();
    let top_seen_elsewhere = known
        .iter()
        .any(|&(o, mask, _)| mask & TOP != 0 && !(a..a + LEN as u64).contains(&o));
    Ok(match (fitting.len(), top_seen_elsewhere) {
        (2, _) => Recovered::Several {
            count: Count::PowerOfTwo(free.len() as u32),
            states: fitting,
        },
        (0, false) => Recovered::NoneFits,
        // The top bits matter to some observation outside the window.
        _ => Recovered::OverBudget {
            count: Count::AtMost(free.len() as u32),
            advice: "the uint64 values outside the 607-value window depend on the words' top \
                     bits, which go recovery reads only inside it: give the window's values as \
                     uint64, or leave the other uint64 values out to predict int63, intn and \
                     float64"
                .to_string(),
        },
    })
}

/// Outputs before this offset read only words of the freshly seeded
/// ring: the first step that reads a word it wrote itself is step 334.
const FRESH_OUTPUTS: u64 = (LEN - TAP) as u64;

/// The seed-search kernel of `go`: for each seed, only the seeded words the
/// observed outputs read (two per output, three multiplications mod 2^31 -
/// 1 each), for observations within the first 334 outputs (advances
/// included); the generic kernel beyond.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{SearchSpec, search};
///
/// let go = registry::find("go").unwrap();
/// let obs = parse_observations(go, "int63 = 5577006791947779410\nskip 1\nint63 = 6129484611666145821").unwrap();
/// let spec = SearchSpec::new(go, obs, 0..=100_000);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, [1]);
/// ```
pub fn scan<'a>(spec: &'a SearchSpec, lay: &'a Layout) -> Plan<'a> {
    let Some(last) = lay.constraints.iter().map(|c| c.offset).max() else {
        return generic_scan::<GoGen>(spec, lay);
    };
    let max_advance = spec.max_advance_value();
    if last.saturating_add(max_advance) >= FRESH_OUTPUTS {
        return generic_scan::<GoGen>(spec, lay);
    }
    // 48271^k mod (2^31 - 1): the seeding generator's value k is the
    // reduced seed times this.
    let mut powers = vec![1u64; 3 * LEN + 21];
    for k in 1..powers.len() {
        powers[k] = powers[k - 1] * SEED_MULTIPLIER % SEED_MODULUS;
    }
    Plan::Scan(Box::new(move |first, count, survivors| {
        let word = |r: u64, i: usize| {
            let value = |k: usize| r * powers[k] % SEED_MODULUS;
            seeded_word(i, value(21 + 3 * i), value(22 + 3 * i), value(23 + 3 * i))
        };
        for seed in first..first + count {
            let r = reduced_seed(seed as i64);
            let hit = (0..=max_advance).any(|k| {
                lay.constraints.iter().all(|c| {
                    let j = (c.offset + k) as usize;
                    let x = word(r, 333 - j).wrapping_add(word(r, 606 - j));
                    c.known.matches(x)
                })
            });
            if hit {
                survivors.push(seed);
            }
        }
    }))
}

/// What `recover` and `seed-search` do for `go`, for the front ends' help.
///
/// ```
/// let go = rngkit_analysis::registry::find("go").unwrap();
/// assert!(go.notes().recover.contains("607"));
/// ```
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "From 607 consecutive values that show a word's low 63 bits (`int63`, `uint64`, \
              `u64`): the generator is additive mod 2^64 and carries only move upwards, so \
              the low 63 bits of 607 outputs are the low 63 bits of the whole state; the \
              state before them follows by stepping back. `int63` hides each word's top bit: \
              with 607 `uint64` values one state fits, otherwise 2^k (k the top bits no value \
              showed), two of them are listed, and they agree on every draw but `uint64`, so \
              `--predict N int63` (or `intn N`, `float64`, ...) prints the values that follow. \
              The answer is written with tap = 0, feed = 334, as after seeding.",
    recover_examples: &[],
    search: "Over int64 seeds (give --seeds): `NewSource(S)` reduces S mod 2^31 - 1, so \
             `--seeds 1..2147483646` covers every stream. Observations within the first 334 \
             outputs are checked on just the seeded words they read (two words an output, \
             each three seeding values reached by powers of 48271), not the 1841-step fill.",
    search_examples: &[],
    examples: &[],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::parse_observations;
    use crate::registry;

    fn observe(text: &str) -> Vec<Observation> {
        parse_observations(registry::find("go").unwrap(), text).unwrap()
    }

    #[test]
    fn int63_window_leaves_the_top_bits_and_predicts() {
        let mut rng = GoRand::new(77);
        for _ in 0..10 {
            rng.uint64();
        }
        let start = rng.clone();
        let text: String = (0..607)
            .map(|_| format!("int63 = {}\n", rng.int63()))
            .collect();
        let Recovered::Several { count, states } =
            recover(&observe(&text), &RecoverOptions::default()).unwrap()
        else {
            panic!("several states")
        };
        assert_eq!(count, Count::PowerOfTwo(607));
        for state in &states {
            let mut ours = state.clone();
            let mut theirs = start.clone();
            for _ in 0..3000 {
                assert_eq!(ours.next_word() & MASK_63, theirs.uint64() & MASK_63);
            }
        }
    }

    #[test]
    fn the_message_says_two_of_the_states_are_listed() {
        use crate::message::{Hints, Unresolved};
        let mut rng = GoRand::new(8);
        let text: String = (0..607)
            .map(|_| format!("int63 = {}\n", rng.int63()))
            .collect();
        let obs = observe(&text);
        let recovered = recover(&obs, &RecoverOptions::default()).unwrap();
        let go = registry::find("go").unwrap();
        let message = Unresolved::new(go, &obs, &recovered, &Hints::default()).unwrap();
        assert_eq!(
            message.listed("on stdout").to_string(),
            "2^607 states fit the observations (2 of them listed on stdout); add observations to pin down one"
        );
    }

    #[test]
    fn the_kernel_finds_what_the_generic_one_finds() {
        use crate::search::{SearchSpec, search};
        let go = registry::find("go").unwrap();
        // Seeds that reduce to the same stream (2^31 - 1 apart, negatives,
        // 0 and 89482311), observed after an advance of 3.
        for seed in [777i64, 777 + (1 << 31) - 1, -50, 0] {
            let mut rng = GoRand::new(seed);
            for _ in 0..3 {
                rng.uint64();
            }
            let text = format!("int63 = {}\nskip 5\nuint32 = {}\n", rng.int63(), {
                for _ in 0..5 {
                    rng.uint64();
                }
                rng.uint32()
            });
            let obs = observe(&text);
            let lay = layout(&obs, 64, false);
            let lo = (seed as u64).saturating_sub(1000);
            // (The range ends below 2^64 - 1, as the search driver's chunks do.)
            let range = lo..=(seed as u64).saturating_add(40);
            let spec = SearchSpec::new(go, obs.clone(), range.clone()).max_advance(4);
            let mut ours = Vec::new();
            search(&spec, |m| ours.push((m.seed, m.advance)), |_| {}).unwrap();
            let Plan::Scan(generic) = generic_scan::<GoGen>(&spec, &lay) else {
                panic!("a scan")
            };
            let mut survivors = Vec::new();
            generic(
                *range.start(),
                range.end() - range.start() + 1,
                &mut survivors,
            );
            let ours_seeds: Vec<u64> = ours.iter().map(|m| m.0).collect();
            assert_eq!(ours_seeds, survivors, "seed {seed}");
            assert!(ours.contains(&(seed as u64, 3)), "seed {seed}: {ours:?}");
        }
    }

    #[test]
    fn too_few_values_say_how_many_to_add() {
        let mut rng = GoRand::new(5);
        let text: String = (0..600)
            .map(|_| format!("int63 = {}\n", rng.int63()))
            .collect();
        let Recovered::OverBudget { advice, .. } =
            recover(&observe(&text), &RecoverOptions::default()).unwrap()
        else {
            panic!("over budget")
        };
        assert!(advice.contains("add 7 more"), "{advice}");
    }

    #[test]
    fn a_wrong_value_fits_no_state() {
        let mut rng = GoRand::new(5);
        let mut text: String = (0..607)
            .map(|_| format!("int63 = {}\n", rng.int63()))
            .collect();
        text.push_str(&format!("int63 = {}\n", (rng.int63() + 1) & MASK_63 as i64));
        assert!(matches!(
            recover(&observe(&text), &RecoverOptions::default()).unwrap(),
            Recovered::NoneFits
        ));
    }
}
