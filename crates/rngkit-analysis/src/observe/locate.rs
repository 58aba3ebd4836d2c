//! `locate`: where in a known stream some observations fall.

use rngkit::registry::Engine;

use super::{Observation, layout, matches_all};

/// Calls `found(n)` for every advance `n` in `0..=max` (ascending) at
/// which the stream of `start`, advanced by `n` raw steps, gives every
/// observation; `found` returns `false` to stop early. The raw words are
/// checked first against the exact bits the observations reveal (a window
/// of them slides along the stream), so the full draws run only where
/// those bits agree. This is `rngkit locate`, for the command line and the
/// page alike.
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::observe::{locate, parse_observations};
/// use rngkit_analysis::registry;
///
/// // Unity after Random.InitState(0): the draws at step 5, then two more.
/// let unity = registry::find("unity").unwrap();
/// let start = unity.seed(&BigInt::from(0), &Default::default()).unwrap();
/// let mut later = start.clone();
/// later.discard(5);
/// let words: Vec<u64> = (0..3).map(|_| later.next_word()).collect();
/// let text: String = words.iter().map(|w| format!("u32 = {w}\n")).collect();
/// let observations = parse_observations(unity, &text).unwrap();
/// let mut advances = Vec::new();
/// locate(&start, &observations, 1000, |n| {
///     advances.push(n);
///     true
/// });
/// assert_eq!(advances, [5]);
/// ```
pub fn locate(
    start: &Engine,
    observations: &[Observation],
    max: u64,
    mut found: impl FnMut(u64) -> bool,
) {
    let lay = layout(observations, start.spec().output_bits(), false);
    // A sliding window of the raw words the exact constraints look at.
    let window = lay
        .constraints
        .iter()
        .map(|c| c.offset)
        .max()
        .map_or(0, |m| m as usize + 1);
    let mut ahead = start.clone();
    let mut words: std::collections::VecDeque<u64> =
        (0..window).map(|_| ahead.next_word()).collect();
    let mut here = start.clone();
    for n in 0..=max {
        let quick = lay
            .constraints
            .iter()
            .all(|c| c.known.matches(words[c.offset as usize]));
        if quick && matches_all(observations, &mut here.clone()) && !found(n) {
            return;
        }
        here.next_word();
        if window > 0 {
            words.pop_front();
            words.push_back(ahead.next_word());
        }
    }
}
