//! Cracking the runtime GENs, round trip: observations drawn from a seeded
//! generator (held to the real runtime by the oracle tests of the core
//! crate) give back its state or its seed.
//!
//! * glibc `rand()`: the state from consecutive outputs, with the exact
//!   count of fitting states when they are too few and a contradiction
//!   when an output is altered; the seed-search kernel against a brute
//!   force, at the edges of `srand`'s seed space.
//! * CPython: the state from 624 `getrandbits(32)`, from `random()` floats
//!   and from `getrandbits(8)`; the count when underdetermined; the seed of
//!   `random.seed(int)` from a recovered state; seed search.
//! * Ruby: state from `rand` floats, seed search and identification.
//! * PHP: the state from `mt_rand()` outputs (31 bits each) in every era
//!   (`php`, `php5` and `php-mt-rand-php` with PHP's twist bug, `php3`),
//!   the predictions that follow, the count left by 624 of them, and a
//!   contradiction; `MT_RAND_PHP` also from outputs PHP itself printed
//!   (`php` on PATH; skipped only with `RNGKIT_SKIP_MISSING_RUNTIMES=1`).

use crate::common;
use crate::oracles;
use common::*;

use rngkit::registry::Engine;
use rngkit_analysis::observe::{matches_all, parse_observations};
use rngkit_analysis::recover::{Count, RecoverOptions, Recovered, recover};
use rngkit_analysis::registry;
use rngkit_analysis::search::{Match, SearchSpec, search};

/// `n` draws of `draw` from `engine`, as observation lines.
fn lines(engine: &mut Engine, draw: &str, n: usize) -> String {
    let entry = registry::entry_of(engine);
    let words: Vec<&str> = draw.split_whitespace().collect();
    let d = entry.parse_draw(words[0], &words[1..]).unwrap();
    (0..n)
        .map(|_| format!("{draw} = {}\n", d.eval(engine).format(false)))
        .collect()
}

fn recovered(name: &str, text: &str) -> Recovered {
    let entry = p(name);
    let obs = parse_observations(entry, text).unwrap();
    let options = RecoverOptions {
        threads: 2,
        ..RecoverOptions::default()
    };
    recover(entry, &obs, &options).unwrap()
}

fn seeded(name: &str, seed: u64) -> Engine {
    p(name).seeded(seed, 0).unwrap()
}

#[test]
fn glibc_state_from_consecutive_outputs() {
    for seed in [1u64, 1234, 0x8000_0000, 0xffff_ffff] {
        let mut rng = seeded("glibc", seed);
        rng.discard(17);
        let start = rng.clone();
        let text = lines(&mut rng, "rand", 200);
        match recovered("glibc", &text) {
            Recovered::Unique(state) => assert_eq!(state, start, "seed {seed}"),
            other => panic!("seed {seed}: {other:?}"),
        }
    }
}

#[test]
fn glibc_counts_the_states_that_fit_few_outputs() {
    let mut rng = seeded("glibc", 1234);
    let start = rng.clone();
    let text = lines(&mut rng, "rand", 80);
    // 80 outputs leave a handful of states: the true one among them, each
    // giving the observations, the count exact.
    match recovered("glibc", &text) {
        Recovered::Several { count, states } => {
            assert_eq!(count, Count::Exact(states.len() as u128));
            assert!(states.contains(&start));
            let obs = parse_observations(p("glibc"), &text).unwrap();
            for s in &states {
                assert!(matches_all(&obs, &mut s.clone()));
            }
        }
        other => panic!("{other:?}"),
    }
    // 40 outputs: about 2^25 states (counted, not listed).
    let mut rng = seeded("glibc", 1234);
    let text = lines(&mut rng, "rand", 40);
    match recovered("glibc", &text) {
        Recovered::Several {
            count: Count::Exact(n),
            states,
        } => {
            assert!(states.is_empty());
            assert!((1 << 22..1 << 28).contains(&n), "{n}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn glibc_outputs_needed_to_pin_the_state() {
    // The number of consecutive outputs after which one state is left, over
    // a few seeds (docs/runtimes-c.md quotes the range).
    let mut needed = Vec::new();
    for seed in 1..=12u64 {
        let mut rng = seeded("glibc", seed * 7919);
        let all: Vec<String> = lines(&mut rng, "rand", 260)
            .lines()
            .map(str::to_owned)
            .collect();
        let mut n = 60;
        loop {
            let text = all[..n].join("\n");
            if matches!(recovered("glibc", &text), Recovered::Unique(_)) {
                break;
            }
            n += 10;
            assert!(n <= 260, "seed {seed}: not unique after 260 outputs");
        }
        needed.push(n);
    }
    eprintln!("outputs needed (to 10): {needed:?}");
    assert!(
        needed.iter().all(|&n| (70..=250).contains(&n)),
        "{needed:?}"
    );
}

#[test]
fn glibc_contradiction_fits_no_state() {
    let mut rng = seeded("glibc", 99);
    let mut out: Vec<String> = lines(&mut rng, "rand", 120)
        .lines()
        .map(str::to_owned)
        .collect();
    // An output that breaks r[i] = r[i-31] + r[i-3].
    out[50] = "rand = 12345".into();
    assert!(matches!(
        recovered("glibc", &out.join("\n")),
        Recovered::NoneFits
    ));
}

fn run(spec: &SearchSpec) -> Vec<Match> {
    let mut found = Vec::new();
    search(spec, |m| found.push(m), |_| {}).unwrap();
    found.sort_unstable();
    found
}

/// The matches among `seeds` by seeding and replaying each.
fn brute_force(name: &str, text: &str, seeds: &[u64], k: u64) -> Vec<Match> {
    let obs = parse_observations(p(name), text).unwrap();
    let mut found = Vec::new();
    for &seed in seeds {
        for advance in 0..=k {
            let mut rng = seeded(name, seed);
            rng.discard(advance);
            if matches_all(&obs, &mut rng) {
                found.push(Match { seed, advance });
            }
        }
    }
    found.sort_unstable();
    found
}

#[test]
fn glibc_seed_search_matches_a_brute_force_at_the_edges() {
    // srand(0) is srand(1); 2^31 - 1 zeroes the Park-Miller words; seeds
    // from 2^31 on are negative ints.
    for (planted, range) in [
        (1u64, 0..=3000u64),
        (0x7fff_ffff, 0x7fff_f000..=0x8000_0fff),
        (0xffff_fff0, 0xffff_f000..=0xffff_ffff),
    ] {
        let mut rng = seeded("glibc", planted);
        rng.discard(2);
        let text = format!("{}skip 1\n{}", lines(&mut rng, "rand", 1), {
            rng.discard(1);
            lines(&mut rng, "rand", 1)
        });
        let seeds: Vec<u64> = range.clone().collect();
        let expected = brute_force("glibc", &text, &seeds, 3);
        assert!(expected.contains(&Match {
            seed: planted,
            advance: 2
        }));
        let obs = parse_observations(p("glibc"), &text).unwrap();
        let spec = SearchSpec::new(p("glibc"), obs, range)
            .max_advance(3)
            .threads(2);
        assert_eq!(run(&spec), expected);
    }
}

#[test]
fn python_state_from_words_floats_and_small_getrandbits() {
    for (draw, n) in [
        ("getrandbits 32", 624),
        ("random", 700),
        ("getrandbits 8", 2600),
    ] {
        let mut rng = seeded("python", 42);
        rng.discard(5);
        let start = rng.clone();
        let text = lines(&mut rng, draw, n);
        match recovered("python", &text) {
            Recovered::Unique(state) => {
                // The same stream: 1000 words on, from both.
                let (mut a, mut b) = (state.clone(), start.clone());
                for _ in 0..1000 {
                    assert_eq!(a.next_word(), b.next_word(), "{draw}");
                }
            }
            other => panic!("{draw}: {other:?}"),
        }
    }
    // 300 floats: underdetermined, counted as a power of two.
    let mut rng = seeded("python", 42);
    let text = lines(&mut rng, "random", 300);
    match recovered("python", &text) {
        Recovered::Several {
            count: Count::PowerOfTwo(k),
            ..
        } => assert!(k > 1000, "{k}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn python_seed_from_a_recovered_state() {
    for seed in [0u64, 5, 3_000_000_123, 12_345_678_901] {
        let mut rng = seeded("python", seed);
        rng.discard(1500);
        let text = lines(&mut rng, "getrandbits 32", 624);
        let Recovered::Unique(state) = recovered("python", &text) else {
            panic!("seed {seed}")
        };
        let found = p("python").identify(&state, None).unwrap();
        assert_eq!((found.seed, found.advance), (seed, 1500));
    }
}

#[test]
fn python_and_ruby_seed_search() {
    for (name, draw) in [("python", "random"), ("ruby", "rand")] {
        let planted = 4_000_000_001u64;
        let mut rng = seeded(name, planted);
        let text = lines(&mut rng, draw, 2);
        let range = planted - 3000..=planted + 500;
        let seeds: Vec<u64> = range.clone().collect();
        let obs = parse_observations(p(name), &text).unwrap();
        let spec = SearchSpec::new(p(name), obs, range).threads(2);
        let found = run(&spec);
        assert_eq!(found, brute_force(name, &text, &seeds, 0), "{name}");
        assert_eq!(
            found,
            vec![Match {
                seed: planted,
                advance: 0
            }]
        );
    }
}

#[test]
fn ruby_state_and_seed_from_floats() {
    let mut rng = seeded("ruby", 777);
    rng.discard(40);
    let start = rng.clone();
    let text = lines(&mut rng, "rand", 700);
    let Recovered::Unique(state) = recovered("ruby", &text) else {
        panic!("not unique")
    };
    let (mut a, mut b) = (state.clone(), start);
    for _ in 0..1000 {
        assert_eq!(a.next_word(), b.next_word());
    }
    let found = p("ruby").identify(&state, None).unwrap();
    assert_eq!((found.seed, found.advance), (777, 40));
}

#[test]
fn php_state_from_mt_rand_outputs() {
    // 31 bits of each word: 624 outputs leave 2^622 states...
    let mut rng = seeded("php", 42);
    let text = lines(&mut rng, "mt-rand", 624);
    match recovered("php", &text) {
        Recovered::Several {
            count: Count::PowerOfTwo(k),
            ..
        } => assert_eq!(k, 622),
        other => panic!("{other:?}"),
    }
    // ... and about 1250 pin it down.
    let mut rng = seeded("php", 42);
    let start = rng.clone();
    let text = lines(&mut rng, "mt-rand", 1300);
    let Recovered::Unique(state) = recovered("php", &text) else {
        panic!("not unique")
    };
    let (mut a, mut b) = (state, start);
    for _ in 0..2000 {
        assert_eq!(a.next_word(), b.next_word());
    }
    assert!(registry::find("php").is_ok());
}

/// The next `mt_rand()` and `mt_rand(1, 100)` of `a` and `b`, in turn, agree.
fn same_predictions(name: &str, a: &mut Engine, b: &mut Engine) {
    let entry = p(name);
    let plain = entry.parse_draw("mt-rand", &[]).unwrap();
    let roll = entry.parse_draw("mt-rand", &["1", "100"]).unwrap();
    for _ in 0..700 {
        assert_eq!(plain.eval(a), plain.eval(b), "{name}: mt_rand()");
        assert_eq!(roll.eval(a), roll.eval(b), "{name}: mt_rand(1, 100)");
    }
}

#[test]
fn legacy_php_eras_state_from_mt_rand_outputs() {
    // PHP 5.2.1 to 7.0.x and MT_RAND_PHP (PHP's twist bug) and PHP 3.0.7
    // to 5.2.0 (the standard twist after Cokus's seeding): 1300 mt_rand()
    // outputs (31 bits each), after some calls since seeding, give the
    // state, which predicts the next mt_rand() and mt_rand(1, 100).
    for (name, seed, advance) in [
        ("php5", 1_234_567_890, 100),
        ("php-mt-rand-php", 42, 0),
        ("php3", 1_272_978_112, 700),
    ] {
        let mut rng = seeded(name, seed);
        rng.discard(advance);
        let start = rng.clone();
        let text = lines(&mut rng, "mt-rand", 1300);
        let Recovered::Unique(mut state) = recovered(name, &text) else {
            panic!("{name}: not unique")
        };
        let obs = parse_observations(p(name), &text).unwrap();
        // Both move past the observations, then must agree.
        let mut truth = start;
        assert!(matches_all(&obs, &mut truth));
        assert!(matches_all(&obs, &mut state), "{name}");
        same_predictions(name, &mut state, &mut truth);
    }
}

#[test]
fn legacy_php_twist_counts_and_contradictions() {
    // 624 outputs leave 2^622 states with either twist (PHP's has one more
    // unknown, the low bit of the first word, and its equations one more
    // rank; measured).
    for (name, free) in [("php5", 622), ("php3", 622)] {
        let mut rng = seeded(name, 5);
        let text = lines(&mut rng, "mt-rand", 624);
        match recovered(name, &text) {
            Recovered::Several {
                count: Count::PowerOfTwo(k),
                ..
            } => assert_eq!(k, free, "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
    // 1245 outputs leave one unknown: both states listed, the true one
    // among them (1246 pin it, as for `php`).
    let mut rng = seeded("php5", 5);
    let truth = rng.words();
    let text = lines(&mut rng, "mt-rand", 1245);
    match recovered("php5", &text) {
        Recovered::Several {
            count: Count::Exact(2),
            states,
        } => {
            assert_eq!(states.len(), 2);
            assert_ne!(states[0].words(), states[1].words());
            assert!(states.iter().any(|s| s.words() == truth));
        }
        other => panic!("{other:?}"),
    }
    // One altered output among 1300 contradicts the twist's equations.
    let mut rng = seeded("php-mt-rand-php", 77);
    let mut text: Vec<String> = lines(&mut rng, "mt-rand", 1300)
        .lines()
        .map(str::to_owned)
        .collect();
    let v: i64 = text[900].rsplit(' ').next().unwrap().parse().unwrap();
    text[900] = format!("mt-rand = {}", v ^ 1);
    assert!(matches!(
        recovered("php-mt-rand-php", &text.join("\n")),
        Recovered::NoneFits
    ));
}

/// Runs a PHP program with `php`; `None` (after a note) when there is no
/// `php` and `RNGKIT_SKIP_MISSING_RUNTIMES=1`.
fn run_php(program: &str) -> Option<String> {
    oracles::run_runtime("php", &[], "php-cli", program)
}

#[test]
fn mt_rand_php_mode_state_from_real_php_outputs() {
    // PHP itself (8.2 in CI): mt_srand(S, MT_RAND_PHP), 1300 mt_rand()
    // printed, then 5 mt_rand(1, 100) and 3 mt_rand() that the recovered
    // state must predict.
    let Some(out) = run_php(
        "<?php mt_srand(20261101, MT_RAND_PHP);\n\
         for ($i = 0; $i < 1300; $i++) echo 'mt-rand = ', mt_rand(), \"\\n\";\n\
         for ($i = 0; $i < 5; $i++) echo 'next ', mt_rand(1, 100), \"\\n\";\n\
         for ($i = 0; $i < 3; $i++) echo 'next ', mt_rand(), \"\\n\";\n",
    ) else {
        return;
    };
    let (seen, next): (Vec<&str>, Vec<&str>) = out.lines().partition(|l| l.starts_with("mt-rand"));
    assert_eq!((seen.len(), next.len()), (1300, 8));
    let text = seen.join("\n");
    let Recovered::Unique(mut state) = recovered("php-mt-rand-php", &text) else {
        panic!("not unique")
    };
    let entry = p("php-mt-rand-php");
    let obs = parse_observations(entry, &text).unwrap();
    assert!(matches_all(&obs, &mut state));
    let roll = entry.parse_draw("mt-rand", &["1", "100"]).unwrap();
    let plain = entry.parse_draw("mt-rand", &[]).unwrap();
    let mut ours = Vec::new();
    for _ in 0..5 {
        ours.push(format!("next {}", roll.eval(&mut state).format(false)));
    }
    for _ in 0..3 {
        ours.push(format!("next {}", plain.eval(&mut state).format(false)));
    }
    assert_eq!(ours, next);
}
