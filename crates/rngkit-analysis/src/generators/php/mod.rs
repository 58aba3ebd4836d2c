//! The analysis of PHP's `mt_rand()` generators (`php`, `php-mt-rand-php`,
//! `php5`, `php3`): the seed-search kernels of every era
//! ([`search`]), which read `mt_rand()`, `mt_rand(MIN, MAX)` and
//! `rand(MIN, MAX)` observations with each era's range mapping.
//!
//! `mt_srand` keeps the low 32 bits of the PHP int, so the seeds `S` and
//! `S + k * 2^32` give the same stream: a search covers `0..2^32` (the
//! catalogue's `seeds_u32`), and a negative seed `-S` is `2^32 - S` there.
//!
//! The eras share kernels by seed space: `php` (7.1.0+) and `php5` /
//! `php-mt-rand-php` (5.2.1 to 7.0.x, `MT_RAND_PHP`) seed with
//! `init_genrand` and differ in the twist; `php3` (3.0.7 to 5.2.0) seeds
//! with Cokus's multiplier (seeds `2k` and `2k + 1` are the same stream,
//! and both are printed).

pub mod search;

use rngkit::cpu::CpuLevel;
use rngkit::generators::{Mt19937, untemper};
use rngkit::registry::{Gen, Steps};
use rngkit::runtimes::php::{mt_rand_legacy_scaling, rand_range_php5};

use self::search::{Check, PhpPlan, PositionedCheck, Seeding, Twist};
use crate::observe::{Layout, Observation, ObservationKind};
use crate::search::{Plan, SearchSpec, generic_scan};

/// The range mapping of `mt_rand(MIN, MAX)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeMapping {
    /// PHP 7.1.0+: uniform by rejection (`php`).
    Rejection,
    /// `MT_RAND_PHP` on PHP 8.2+: float scaling without PHP 5's overflow
    /// (`php-mt-rand-php`).
    LegacyScaling,
    /// PHP 3.0.7 to 7.0.x: `RAND_RANGE`'s float scaling (`php5`, `php3`).
    RandRange,
}

/// The checks on the raw words that `observations` imply for a PHP GEN
/// with `mapping`, in observation order, at offsets from the first
/// observed word as if no draw was redrawn (a redraw is an escape of the
/// check, see [`Check::Modulo`]). Stops at the first draw whose words it
/// cannot place (a variable draw it does not model): the checks up to
/// there are sound.
///
/// ```
/// use rngkit_analysis::generators::php::{RangeMapping, checks};
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::generators::php::search::{Check, PositionedCheck};
///
/// let php = registry::find("php").unwrap();
/// let obs = parse_observations(php, "mt-rand 0 99 = 42\nskip 2\nmt-rand = 5").unwrap();
/// assert_eq!(
///     checks(RangeMapping::Rejection, &obs),
///     vec![
///         PositionedCheck { offset: 0, check: Check::modulo(100, 42) },
///         PositionedCheck { offset: 3, check: Check::mt_rand(5) },
///     ]
/// );
/// ```
pub fn checks(mapping: RangeMapping, observations: &[Observation]) -> Vec<PositionedCheck> {
    let mut list = Vec::new();
    let mut offset = 0u64;
    for obs in observations {
        match &obs.kind {
            ObservationKind::Skip(n) => offset = offset.saturating_add(*n),
            // An unknown gap: nothing after it has a known offset.
            ObservationKind::SkipRange { .. } => return list,
            // An inequality is checked at verification; it still takes its steps.
            ObservationKind::DrawIn { draw, .. } => {
                let Steps::Fixed(count) = draw.steps(32) else {
                    return list;
                };
                offset = offset.saturating_add(count);
            }
            ObservationKind::Bits(known) => {
                if known.mask != 0 {
                    list.push(PositionedCheck {
                        offset,
                        check: Check::Bits {
                            mask: known.mask as u32,
                            value: known.value as u32,
                        },
                    });
                }
                offset = offset.saturating_add(1);
            }
            ObservationKind::Draw { draw, value } => {
                if let Some(check) = range_check(mapping, draw.text(), value) {
                    match check {
                        Some(check) => list.push(PositionedCheck { offset, check }),
                        None => return list,
                    }
                    offset = offset.saturating_add(1);
                    continue;
                }
                let Steps::Fixed(count) = draw.steps(32) else {
                    return list;
                };
                let known = draw.known_bits(value, 32).unwrap_or_default();
                for (i, k) in known.into_iter().enumerate() {
                    if k.mask != 0 {
                        list.push(PositionedCheck {
                            offset: offset.saturating_add(i as u64),
                            check: Check::Bits {
                                mask: k.mask as u32,
                                value: k.value as u32,
                            },
                        });
                    }
                }
                offset = offset.saturating_add(count);
            }
        }
    }
    list
}

/// The check of a one-word range draw (`mt-rand MIN MAX`, `rand MIN MAX`):
/// `None` when the draw is not one; `Some(None)` when it is one the kernel
/// does not model (a span of 2^32 or more under rejection, which takes two
/// words a try).
fn range_check(
    mapping: RangeMapping,
    text: &str,
    value: &rngkit::observe::ObservedValue,
) -> Option<Option<Check>> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (name, args) = words.split_first()?;
    if !matches!(*name, "mt-rand" | "rand") || args.len() != 2 {
        return None;
    }
    let a = rngkit::number::parse_int::<i64>(args[0]).ok()?;
    let b = rngkit::number::parse_int::<i64>(args[1]).ok()?;
    let (min, max) = if *name == "rand" {
        (a.min(b), a.max(b))
    } else {
        (a, b)
    };
    let v = value.as_i64()?;
    let umax = (max as u64).wrapping_sub(min as u64);
    let residue = (v as u64).wrapping_sub(min as u64);
    if v < min || v > max {
        return Some(None);
    }
    Some(match mapping {
        RangeMapping::Rejection if umax == u64::from(u32::MAX) => Some(Check::Bits {
            mask: u32::MAX,
            value: residue as u32,
        }),
        RangeMapping::Rejection if umax < u64::from(u32::MAX) => {
            Some(Check::modulo(umax as u32 + 1, residue as u32))
        }
        RangeMapping::Rejection => None,
        // The float mappings are monotone in the word for spans up to
        // 2^32; wider ones fall back to the draw's known bits.
        _ if umax >= 1 << 32 => None,
        RangeMapping::LegacyScaling => {
            scaled_interval(|rng| mt_rand_legacy_scaling(rng, min, max), v)
        }
        RangeMapping::RandRange => scaled_interval(|rng| rand_range_php5(rng, min, max), v),
    })
}

/// The words whose float-scaled draw is `v`, as an interval (the mapping is
/// monotone in `n = word >> 1`).
fn scaled_interval(map: impl Fn(&mut Mt19937) -> i64, v: i64) -> Option<Check> {
    let at = |n: u32| -> i64 {
        // A generator whose next word is `2n`: the mapping reads `word >> 1`.
        let mut mt = [1u32; 624];
        mt[0] = untemper(n << 1);
        let mut rng = Mt19937::from_state(mt, 624).expect("a nonzero block");
        map(&mut rng)
    };
    // The first n with at(n) >= v, and the first with at(n) > v.
    let first = |above: bool| -> u32 {
        let (mut lo, mut hi) = (0u64, 1u64 << 31);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let x = at(mid as u32);
            if x > v || (!above && x == v) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo as u32
    };
    let start = first(false);
    let end = first(true);
    // No word gives `v`: the parser has refused such values already; the
    // kernel then checks nothing (verification decides).
    (start < end).then_some(())?;
    Some(Check::Interval {
        lo: start << 1,
        hi: ((end - 1) << 1) | 1,
    })
}

/// The kernel for one era: the checks through [`PhpPlan`], else the
/// generic kernel.
fn php_scan<'a, G: Gen>(
    spec: &'a SearchSpec,
    lay: &'a Layout,
    mapping: RangeMapping,
    seeding: Seeding,
    twist: Twist,
) -> Plan<'a> {
    let list = checks(mapping, spec.observations());
    match PhpPlan::new(seeding, twist, &list, spec.max_advance_value()) {
        Some(plan) => {
            let level = spec.backend_choice().unwrap_or_else(CpuLevel::best);
            Plan::Scan(Box::new(move |first, count, survivors| {
                plan.scan(level, first as u32, count as u32, survivors)
            }))
        }
        None => generic_scan::<G>(spec, lay),
    }
}

/// The seed-search kernel of `php` (PHP 7.1.0+: `init_genrand`, the
/// MT19937 twist, ranges by rejection); two full words 227 apart need no
/// search, as for `mt19937`.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{Match, SearchSpec, search};
///
/// let entry = registry::find("php").unwrap();
/// let obs = parse_observations(entry, "mt-rand = 1328851649").unwrap();
/// let spec = SearchSpec::new(entry, obs, 534000000..=534200000).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![534142874]);
/// ```
pub fn scan_php<'a, G: Gen<Rng = Mt19937>>(spec: &'a SearchSpec, lay: &'a Layout) -> Plan<'a> {
    if let Some(found) = crate::generators::mt19937::pair_shortcut(spec, lay) {
        return Plan::Done(found);
    }
    php_scan::<G>(
        spec,
        lay,
        RangeMapping::Rejection,
        Seeding::InitGenrand,
        Twist::Standard,
    )
}

/// The seed-search kernel of `php-mt-rand-php` (PHP 7.1.0+ with
/// `MT_RAND_PHP`: PHP's twist bug, PHP 8.2's float scaling).
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{Match, SearchSpec, search};
///
/// let entry = registry::find("php-mt-rand-php").unwrap();
/// let obs = parse_observations(entry, "mt-rand = 1328851649").unwrap();
/// let spec = SearchSpec::new(entry, obs, 658000000..=658200000).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![658126103]);
/// ```
pub fn scan_mt_rand_php<'a, G: Gen>(spec: &'a SearchSpec, lay: &'a Layout) -> Plan<'a> {
    php_scan::<G>(
        spec,
        lay,
        RangeMapping::LegacyScaling,
        Seeding::InitGenrand,
        Twist::Legacy,
    )
}

/// The seed-search kernel of `php5` (PHP 5.2.1 to 7.0.x: PHP's twist bug,
/// `RAND_RANGE`).
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{Match, SearchSpec, search};
///
/// let entry = registry::find("php5").unwrap();
/// let obs = parse_observations(entry, "mt-rand = 1328851649").unwrap();
/// let spec = SearchSpec::new(entry, obs, 658000000..=658200000).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![658126103]);
/// ```
pub fn scan_php5<'a, G: Gen>(spec: &'a SearchSpec, lay: &'a Layout) -> Plan<'a> {
    php_scan::<G>(
        spec,
        lay,
        RangeMapping::RandRange,
        Seeding::InitGenrand,
        Twist::Legacy,
    )
}

/// The seed-search kernel of `php3` (PHP 3.0.7 to 5.2.0: Cokus's seeding,
/// the MT19937 twist, `RAND_RANGE`).
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{Match, SearchSpec, search};
///
/// let entry = registry::find("php3").unwrap();
/// let obs = parse_observations(entry, "mt-rand = 1871584565").unwrap();
/// let spec = SearchSpec::new(entry, obs, 1272900000..=1273000000).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![1272978112, 1272978113]);
/// ```
pub fn scan_php3<'a, G: Gen>(spec: &'a SearchSpec, lay: &'a Layout) -> Plan<'a> {
    php_scan::<G>(
        spec,
        lay,
        RangeMapping::RandRange,
        Seeding::Cokus,
        Twist::Standard,
    )
}

/// What `recover` and `seed-search` do for `php` and `php3` (the
/// reference MT19937 twist), for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "MT19937's recovery over GF(2) from the bits the draws reveal: every `mt-rand` \
              (`mt_rand()`) reveals 31 of its word's 32 bits, so 624 of them leave 2^622 \
              states and about 1246 pin the state; full words (`u32`) need 624.",
    recover_examples: &[],
    search: SEARCH,
    search_examples: &[
        "printf 'mt-rand 1 100 = %s\\n' 7 75 16 98 99 63 42 76 85 5 > rolls.txt",
        "rngkit seed-search php --seeds 1793540000..1793541000 < rolls.txt",
    ],
    examples: &[],
};

/// What `recover` and `seed-search` do for `php5` and `php-mt-rand-php`
/// (PHP's buggy twist), for the front ends' help.
pub const NOTES_BUGGY_TWIST: crate::notes::Notes = crate::notes::Notes {
    recover: "PHP 5's twist (a bug that reads the wrong word's low bit) is linear too, with \
              one bit more: any observations that reveal 19938 independent bits pin the \
              state; `mt-rand` reveals 31 bits, so about 1246 values are needed.",
    ..NOTES
};

/// One search text for every PHP era, so the help lists them together.
const SEARCH: &str = "`mt_srand` keeps the low 32 bits of PHP's int, so the search covers \
    0..2^32 (S + k*2^32 is the same seed). `mt-rand`, `mt-rand MIN MAX` and `rand MIN \
    MAX` run a vector kernel per era (php: PHP 7.1+, rejection-aware; php5 and \
    php-mt-rand-php: PHP's twist bug and float scaling; php3: Cokus's seeding).";
