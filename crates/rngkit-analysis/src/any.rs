//! The analyses on a [`DeterministicRng`], whatever algorithm it holds: what
//! the CLI uses for `--advance` and `distance`.

use rngkit::profile::DeterministicRng;

use crate::{Distance, DistanceError, Jump};

/// Runs `$body` with `$g` bound to the generator inside.
macro_rules! with_generator {
    ($rng:expr, $g:ident => $body:expr) => {
        match $rng {
            DeterministicRng::Xoshiro256StarStar($g) => $body,
            DeterministicRng::Xoroshiro128Plus($g) => $body,
            DeterministicRng::Pcg32($g) => $body,
            DeterministicRng::SplitMix64($g) => $body,
            DeterministicRng::Mt19937($g) => $body,
            DeterministicRng::Xorshift128($g) => $body,
            DeterministicRng::TinyMt32($g) => $body,
            DeterministicRng::Xorshift32($g) => $body,
            _ => unreachable!("every algorithm of rngkit implements Jump and Distance"),
        }
    };
}

/// Moves `rng` by `steps` raw steps (one step = one output word) in
/// O(log |steps|): forwards when `forward`, backwards otherwise. Amounts
/// wrap around the period.
///
/// ```
/// use rngkit::facade::Algorithm;
/// use rngkit_analysis::any::advance;
///
/// let mut rng = Algorithm::Mt19937.seed_from_u64(5489);
/// advance(&mut rng, 9999, true);
/// assert_eq!(rng.next_word(), 4123659995); // the 10000th output (C++ std::mt19937)
/// advance(&mut rng, 10000, false);
/// assert_eq!(rng.next_word(), 3499211612); // the first one again
/// ```
pub fn advance(rng: &mut DeterministicRng, steps: u128, forward: bool) {
    with_generator!(rng, g => if forward { g.jump(steps) } else { g.jump_back(steps) })
}

/// The number of steps from `from` to `to`: exact where a fast method exists,
/// else (MT19937, TinyMT32) a search of at most `max + 1` steps. With `max`,
/// a distance above it is [`DistanceError::NotWithin`].
///
/// # Errors
/// The [`DistanceError`] of the algorithm's method.
///
/// # Panics
/// If `from` and `to` hold different algorithms.
///
/// ```
/// use rngkit::facade::Algorithm;
/// use rngkit_analysis::any::{advance, distance};
///
/// let a = Algorithm::Xorshift128.seed_from_u64(0);
/// let mut b = a.clone();
/// advance(&mut b, 1 << 100, true);
/// assert_eq!(distance(&a, &b, None), Ok(1 << 100));
/// ```
pub fn distance(
    from: &DeterministicRng,
    to: &DeterministicRng,
    max: Option<u128>,
) -> Result<u128, DistanceError> {
    fn measure<G: Distance>(a: &G, b: &G, max: Option<u128>) -> Result<u128, DistanceError> {
        match max {
            Some(max) => a.distance_within(b, max),
            None => a.distance_to(b),
        }
    }
    use DeterministicRng as R;
    match (from, to) {
        (R::Xoshiro256StarStar(a), R::Xoshiro256StarStar(b)) => measure(a, b, max),
        (R::Xoroshiro128Plus(a), R::Xoroshiro128Plus(b)) => measure(a, b, max),
        (R::Pcg32(a), R::Pcg32(b)) => measure(a, b, max),
        (R::SplitMix64(a), R::SplitMix64(b)) => measure(a, b, max),
        (R::Mt19937(a), R::Mt19937(b)) => measure(a, b, max),
        (R::Xorshift128(a), R::Xorshift128(b)) => measure(a, b, max),
        (R::TinyMt32(a), R::TinyMt32(b)) => measure(a, b, max),
        (R::Xorshift32(a), R::Xorshift32(b)) => measure(a, b, max),
        _ => panic!(
            "distance between different algorithms: {} and {}",
            from.algorithm(),
            to.algorithm()
        ),
    }
}
