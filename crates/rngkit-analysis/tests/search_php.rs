//! PHP seed search, every era: the kernel (scalar, AVX2, AVX-512) keeps
//! exactly the seeds whose words (from the core generators, which the
//! oracle tests hold to PHP itself) pass the checks; the whole search finds
//! exactly the seeds whose streams give the observations (a brute force
//! over the same range), with range draws, skips, advances and PHP 7.1+'s
//! rejection; published seeds (the php_mt_seed README) are found.

use rngkit::WordRng;
use rngkit::cpu::CpuLevel;
use rngkit::runtimes::php::{PhpLegacyMt, mt_srand, php3_mt_srand};
use rngkit_analysis::generators::php::search::{
    Check, PhpPlan, PositionedCheck, Seeding, Twist, Verdict,
};
use rngkit_analysis::observe::{matches_all, parse_observations};
use rngkit_analysis::registry;
use rngkit_analysis::search::{Match, SearchSpec, search};

/// The first `n` raw words after `mt_srand(seed)` in each era's generator.
fn words(seeding: Seeding, twist: Twist, seed: u32, n: usize) -> Vec<u32> {
    match (seeding, twist) {
        (Seeding::InitGenrand, Twist::Standard) => {
            let mut g = mt_srand(i64::from(seed));
            (0..n).map(|_| g.next_word() as u32).collect()
        }
        (Seeding::InitGenrand, Twist::Legacy) => {
            let mut g = PhpLegacyMt::new(seed);
            (0..n).map(|_| g.next_word() as u32).collect()
        }
        (Seeding::Cokus, Twist::Standard) => {
            let mut g = php3_mt_srand(i64::from(seed));
            (0..n).map(|_| g.next_word() as u32).collect()
        }
        (Seeding::Cokus, Twist::Legacy) => unreachable!("no PHP era"),
    }
}

#[test]
fn every_kernel_keeps_exactly_the_seeds_whose_words_pass() {
    // Weak checks so that many seeds survive: output 0's low 3 bits, an
    // interval on output 2, a residue mod 12 with a rejection limit on
    // output 5 (escape passes), bit 31 of output 230 (a word twisted from
    // a twisted word), over advances 0..=2.
    let checks = [
        PositionedCheck {
            offset: 0,
            check: Check::Bits { mask: 7, value: 5 },
        },
        PositionedCheck {
            offset: 2,
            check: Check::Interval {
                lo: 0x4000_0000,
                hi: 0xbfff_ffff,
            },
        },
        PositionedCheck {
            offset: 5,
            check: Check::Modulo {
                span: 12,
                residue: 7,
                // A low limit, so that escapes happen often.
                limit: 0xe000_0000,
            },
        },
        PositionedCheck {
            offset: 230,
            check: Check::Bits {
                mask: 0x8000_0000,
                value: 0x8000_0000,
            },
        },
    ];
    for (seeding, twist) in [
        (Seeding::InitGenrand, Twist::Standard),
        (Seeding::InitGenrand, Twist::Legacy),
        (Seeding::Cokus, Twist::Standard),
    ] {
        let plan = PhpPlan::new(seeding, twist, &checks, 2).unwrap();
        for (start, count) in [(0xffff_0000u32 - 12_345, 20_001u32), (u32::MAX - 999, 1000)] {
            let expected: Vec<u64> = (u64::from(start)..u64::from(start) + u64::from(count))
                .filter(|&seed| {
                    let w = words(seeding, twist, seed as u32, 240);
                    (0..=2).any(|k| {
                        for c in &checks {
                            match c.check.test(w[c.offset as usize + k]) {
                                Verdict::Fail => return false,
                                Verdict::Escape => return true,
                                Verdict::Pass => {}
                            }
                        }
                        true
                    })
                })
                .collect();
            assert!(
                expected.len() > 10,
                "{seeding:?} {twist:?}: {}",
                expected.len()
            );
            for &backend in CpuLevel::available() {
                let mut survivors = Vec::new();
                plan.scan(backend, start, count, &mut survivors);
                assert_eq!(survivors, expected, "{seeding:?} {twist:?} {backend:?}");
            }
        }
    }
}

/// Every match of a search over `seeds`, sorted.
fn run(spec: &SearchSpec) -> Vec<Match> {
    let mut found = Vec::new();
    search(spec, |m| found.push(m), |_| {}).unwrap();
    found.sort_unstable();
    found
}

/// The seeds of `range` whose stream, advanced by `0..=k`, gives `text`.
fn brute_force(name: &str, text: &str, range: std::ops::Range<u64>, k: u64) -> Vec<Match> {
    let entry = registry::find(name).unwrap();
    let obs = parse_observations(entry, text).unwrap();
    let mut found = Vec::new();
    for seed in range {
        for advance in 0..=k {
            let mut rng = entry.seed_bits(seed, &Default::default()).unwrap();
            rng.discard(advance);
            if matches_all(&obs, &mut rng) {
                found.push(Match { seed, advance });
            }
        }
    }
    found
}

/// Draws `draw` `n` times from `mt_srand(seed)` advanced by `advance`, as
/// observation lines.
fn observe(name: &str, seed: u64, advance: u64, draws: &[&str]) -> String {
    let entry = registry::find(name).unwrap();
    let mut rng = entry.seed_bits(seed, &Default::default()).unwrap();
    rng.discard(advance);
    let mut text = String::new();
    for d in draws {
        if let Some(n) = d.strip_prefix("skip ") {
            rng.discard(n.parse().unwrap());
            text.push_str(&format!("{d}\n"));
            continue;
        }
        let words: Vec<&str> = d.split_whitespace().collect();
        let draw = entry.parse_draw(words[0], &words[1..]).unwrap();
        let value = draw.eval(&mut rng).format(false);
        text.push_str(&format!("{d} = {value}\n"));
    }
    text
}

#[test]
fn searches_find_exactly_the_brute_force_matches_in_every_era() {
    let draws: &[&str] = &[
        "mt-rand 0 99",
        "mt-rand 0 99",
        "skip 3",
        "mt-rand 1 6",
        "mt-rand 0 99",
    ];
    for name in ["php", "php-mt-rand-php", "php5", "php3"] {
        let planted = 3_000_123u64;
        for advance in [0u64, 2] {
            let text = observe(name, planted, advance, draws);
            let range = 3_000_000..3_060_000;
            let expected = brute_force(name, &text, range.clone(), 2);
            assert!(
                expected.contains(&Match {
                    seed: planted,
                    advance
                }),
                "{name}: {expected:?}"
            );
            let entry = registry::find(name).unwrap();
            let obs = parse_observations(entry, &text).unwrap();
            let spec = SearchSpec::new(entry, obs, range.start..=range.end - 1)
                .max_advance(2)
                .threads(2);
            assert_eq!(run(&spec), expected, "{name} advance {advance}");
        }
    }
}

#[test]
fn a_redrawn_range_draw_is_not_lost() {
    // PHP 7.1+ redraws a word above u32::MAX - u32::MAX % span - 1: with
    // span 3 * 2^30 a quarter of the words. Find a seed whose first draw
    // was redrawn; the search must still find it.
    let draw = "mt-rand 0 3221225471";
    let limit = u32::MAX - (u32::MAX % 0xc000_0000) - 1;
    let seed = (1u32..)
        .find(|&s| mt_srand(i64::from(s)).next_word() as u32 > limit)
        .unwrap();
    let text = observe("php", u64::from(seed), 0, &[draw, draw, "mt-rand", draw]);
    let entry = registry::find("php").unwrap();
    let obs = parse_observations(entry, &text).unwrap();
    let range = u64::from(seed).saturating_sub(5000)..u64::from(seed) + 5000;
    let spec = SearchSpec::new(entry, obs, range.start..=range.end - 1).threads(2);
    let found = run(&spec);
    assert_eq!(found, brute_force("php", &text, range, 0));
    assert!(found.contains(&Match {
        seed: u64::from(seed),
        advance: 0
    }));
}

#[test]
fn the_php_mt_seed_readme_seeds_are_found() {
    // php_mt_seed's README: the first mt_rand() 1328851649 comes from seeds
    // 534142874 and 1234567890 on PHP 7.1.0+, 658126103 and 1234567890 on
    // PHP 5.2.1 to 7.0.x; 1871584565 from 1272978112, 1272978113,
    // 1608818254 and 1608818255 on PHP 3.0.7 to 5.2.0.
    let cases: &[(&str, &str, &[u64])] = &[
        ("php", "mt-rand = 1328851649", &[534142874, 1234567890]),
        ("php5", "mt-rand = 1328851649", &[658126103, 1234567890]),
        (
            "php-mt-rand-php",
            "mt-rand = 1328851649",
            &[658126103, 1234567890],
        ),
        (
            "php3",
            "mt-rand = 1871584565",
            &[1272978112, 1272978113, 1608818254, 1608818255],
        ),
    ];
    for &(name, text, seeds) in cases {
        let entry = registry::find(name).unwrap();
        let obs = parse_observations(entry, text).unwrap();
        for &seed in seeds {
            let spec =
                SearchSpec::new(entry, obs.clone(), seed - 100_000..=seed + 100_000).threads(2);
            let found: Vec<u64> = run(&spec).into_iter().map(|m| m.seed).collect();
            let near: Vec<u64> = seeds
                .iter()
                .copied()
                .filter(|s| s.abs_diff(seed) <= 100_000)
                .collect();
            assert_eq!(found, near, "{name} near {seed}");
        }
    }
    // The README's Drupal example: ten mt_rand(0, 56) picks from Drupal's
    // alphabet spell "pAiwtk6Yed" after mt_srand(2709990964) on PHP 5.2.1
    // to 7.0.x.
    let alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let text: String = "pAiwtk6Yed"
        .chars()
        .map(|c| format!("mt-rand 0 56 = {}\n", alphabet.find(c).unwrap()))
        .collect();
    let entry = registry::find("php5").unwrap();
    let obs = parse_observations(entry, &text).unwrap();
    let spec = SearchSpec::new(entry, obs, 2_709_000_000..=2_710_999_999).threads(2);
    assert_eq!(
        run(&spec),
        vec![Match {
            seed: 2709990964,
            advance: 0
        }]
    );
}
