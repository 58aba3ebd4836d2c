//! The other GENs that fit: what `recover GEN` suggests when no state of
//! GEN fits ([`alternatives`], by recovery through [`detect`](super::detect)),
//! and what `seed-search GEN` suggests when no seed of GEN does
//! ([`seed_alternatives`], the seeds of the GENs of the same seed width).

use std::time::{Duration, Instant};

use super::{DetectOptions, detect};
use crate::observe::{Observation, parse_observations};
use crate::registry::{Entry, all};
use crate::search::{SearchSpec, search};

/// The GENs other than `exclude` that fit an observation list decisively
/// (by recovery only, within `budget`): what `rngkit recover GEN` suggests
/// when no state of GEN fits ("these values fit v8-legacy").
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::{detect, registry};
/// use std::time::Duration;
///
/// let legacy = registry::find("v8-legacy").unwrap();
/// let mut rng = legacy.seed(&BigInt::from(3), &Default::default()).unwrap();
/// let draw = legacy.parse_draw("math-random", &[]).unwrap();
/// let text: String = (0..10).map(|_| format!("math-random = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let v8 = registry::find("v8").unwrap();
/// let names: Vec<&str> = detect::alternatives(&text, v8, Duration::from_secs(5))
///     .iter().map(|e| e.name()).collect();
/// assert_eq!(names, ["v8-legacy"]);
/// ```
pub fn alternatives(text: &str, exclude: &Entry, budget: Duration) -> Vec<&'static Entry> {
    let options = DetectOptions {
        budget,
        seed_search: false,
        ..DetectOptions::default()
    };
    let Ok(found) = detect(text, &options) else {
        return Vec::new();
    };
    let mut names = Vec::new();
    for fit in found.decisive() {
        for g in std::iter::once(fit.generator).chain(fit.family.iter().map(|(g, _)| *g)) {
            if g.name() != exclude.name() && !names.iter().any(|n: &&Entry| n.name() == g.name()) {
                names.push(g);
            }
        }
    }
    names
}

/// A seed of another GEN whose stream gives the observations: what
/// `rngkit seed-search GEN` suggests when no seed of GEN fits.
#[derive(Clone, Copy, Debug)]
pub struct SeedAlternative {
    /// The GEN that fits.
    pub generator: &'static Entry,
    /// The seed's bit pattern (print it with the GEN's seed kind).
    pub seed: u64,
    /// Raw steps after seeding.
    pub advance: u64,
}

/// The other GENs whose seeds in `ranges` (bit patterns of
/// `exclude`'s seed width) give the observations in `text`, searched
/// within `budget` (each gets an equal share of what is left; the first
/// seed found per GEN is enough). Only GENs whose seed has the same width
/// and that read every observation are tried: for PHP's `mt-rand` the
/// other eras (`php5`, `php3`, `php-mt-rand-php`).
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::{detect, registry};
/// use std::time::Duration;
///
/// // mt_rand() of PHP 5 after mt_srand(1000), searched as PHP 7.1+.
/// let php5 = registry::find("php5").unwrap();
/// let mut rng = php5.seed(&BigInt::from(1000), &Default::default()).unwrap();
/// let draw = php5.parse_draw("mt-rand", &[]).unwrap();
/// let text: String = (0..4).map(|_| format!("mt-rand = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let php = registry::find("php").unwrap();
/// let found = detect::seed_alternatives(&text, php, &[0..=4095], 0, Duration::from_secs(5));
/// let fits: Vec<(&str, u64)> = found.iter().map(|a| (a.generator.name(), a.seed)).collect();
/// // PHP 7.1+'s MT_RAND_PHP mode keeps PHP 5's twist: the same values.
/// assert_eq!(fits, [("php-mt-rand-php", 1000), ("php5", 1000)]);
/// ```
pub fn seed_alternatives(
    text: &str,
    exclude: &Entry,
    ranges: &[std::ops::RangeInclusive<u64>],
    max_advance: u64,
    budget: Duration,
) -> Vec<SeedAlternative> {
    let deadline = Instant::now() + budget;
    let bits = exclude.seed_search_bits();
    let others: Vec<(&'static Entry, Vec<Observation>)> = all()
        .iter()
        .filter(|g| {
            g.name() != exclude.name() && g.can_search_seeds() && g.seed_search_bits() == bits
        })
        .filter_map(|g| {
            let obs = parse_observations(g, text).ok()?;
            (!obs.is_empty()).then_some((g, obs))
        })
        .collect();
    let mut found = Vec::new();
    for (k, (g, obs)) in others.iter().enumerate() {
        let now = Instant::now();
        if now >= deadline {
            break;
        }
        let share = deadline.saturating_duration_since(now) / (others.len() - k) as u32;
        let mut first: Option<crate::search::Match> = None;
        for range in ranges {
            let spec = SearchSpec::new(*g, obs.clone(), range.clone())
                .max_advance(max_advance)
                .deadline(now + share)
                .first_match_only();
            let mut matches = Vec::new();
            if search(&spec, |m| matches.push(m), |_| {}).is_err() {
                break;
            }
            if let Some(m) = matches.into_iter().min() {
                first = Some(m);
                break;
            }
        }
        if let Some(m) = first {
            found.push(SeedAlternative {
                generator: g,
                seed: m.seed,
                advance: m.advance,
            });
        }
    }
    found
}
