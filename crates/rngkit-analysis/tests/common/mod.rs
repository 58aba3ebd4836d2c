//! Test helpers: GENs by name and seeding from a plain `u64`, as the tests
//! written before the registry spelled them.
#![allow(dead_code)]

use rngkit::number::BigInt;
use rngkit::registry::{Engine, SeedError, SeedOptions};
use rngkit_analysis::registry::{self, Entry};

/// The names of the common draws every GEN has, in the contract's order.
pub fn common_draw_names() -> [&'static str; 6] {
    rngkit::draw::COMMON_DRAWS.map(|d| d.split(' ').next().unwrap())
}

/// The registry entry of a GEN.
pub fn p(name: &str) -> &'static Entry {
    registry::find(name).unwrap()
}

/// Seeding from a seed's bit pattern and a PCG stream.
pub trait Seeded {
    fn seeded(&self, seed: u64, stream: u64) -> Result<Engine, SeedError>;
}

impl Seeded for Entry {
    fn seeded(&self, seed: u64, stream: u64) -> Result<Engine, SeedError> {
        let mut options = SeedOptions::default();
        options.stream = Some(stream);
        let seed = match self.info().seed_kind {
            rngkit::registry::SeedKind::I32 => BigInt::from(seed as u32 as i32),
            rngkit::registry::SeedKind::I64 => BigInt::from(seed as i64),
            _ => BigInt::from(seed),
        };
        self.seed(&seed, &options)
    }
}

/// `to_words`, as the tests spell it.
pub trait ToWords {
    fn to_words(&self) -> Vec<u64>;
}

impl ToWords for Engine {
    fn to_words(&self) -> Vec<u64> {
        self.words()
    }
}

/// `recover` of GEN `name` from observation `text` (both well formed).
pub fn recover_text(name: &str, text: &str) -> rngkit_analysis::recover::Recovered {
    let entry = p(name);
    let obs = rngkit_analysis::observe::parse_observations(entry, text).unwrap();
    rngkit_analysis::recover::recover(entry, &obs, &Default::default()).unwrap()
}

/// `recover` of `entry` from observation `text` (well formed) on two
/// threads.
pub fn recover_on_two_threads(
    entry: &'static Entry,
    text: &str,
) -> rngkit_analysis::recover::Recovered {
    let obs = rngkit_analysis::observe::parse_observations(entry, text).unwrap();
    let options = rngkit_analysis::recover::RecoverOptions {
        threads: 2,
        ..Default::default()
    };
    rngkit_analysis::recover::recover(entry, &obs, &options).unwrap()
}

/// The one state an answer gives.
///
/// # Panics
/// Unless exactly one state fits.
#[track_caller]
pub fn unique(r: rngkit_analysis::recover::Recovered) -> Engine {
    match r {
        rngkit_analysis::recover::Recovered::Unique(rng) => rng,
        other => panic!("expected one state, got {other:?}"),
    }
}

/// The first state word of every state an answer lists (none for
/// `NoneFits` and `OverBudget`).
pub fn first_words(r: &rngkit_analysis::recover::Recovered) -> Vec<u64> {
    use rngkit_analysis::recover::Recovered;
    match r {
        Recovered::Unique(rng) => vec![rng.words()[0]],
        Recovered::Several { states, .. } => states.iter().map(|s| s.words()[0]).collect(),
        Recovered::NoneFits | Recovered::OverBudget { .. } => vec![],
    }
}

/// The first state word of the one state `text` leaves for `name`.
///
/// # Panics
/// Unless exactly one state fits.
pub fn unique_first_word(name: &str, text: &str) -> u64 {
    match recover_text(name, text) {
        rngkit_analysis::recover::Recovered::Unique(rng) => rng.words()[0],
        other => panic!("expected one state for\n{text}got {other:?}"),
    }
}

/// The matches of a seed search of `entry` over `seeds` (advances up to
/// `k`) with `backend` on 2 threads, sorted.
pub fn search_matches(
    entry: &'static Entry,
    text: &str,
    seeds: std::ops::RangeInclusive<u64>,
    k: u64,
    backend: rngkit::cpu::CpuLevel,
) -> Vec<rngkit_analysis::search::Match> {
    use rngkit_analysis::search::{SearchSpec, search};
    let obs = rngkit_analysis::observe::parse_observations(entry, text).unwrap();
    let spec = SearchSpec::new(entry, obs, seeds)
        .max_advance(k)
        .threads(2)
        .backend(backend);
    let mut out = Vec::new();
    search(&spec, |m| out.push(m), |_| {}).unwrap();
    out.sort_unstable();
    out
}

/// The matches the generic kernel gives for `G` (seed and step every seed
/// of `seeds`, then verify each advance up to `k`), sorted: the oracle the
/// seed-search kernels are held to. `word_bits` is the width of the words
/// the observations are laid out in (32 for CPython, 64 for SFMT and V8).
pub fn generic_matches<G: rngkit::registry::Gen>(
    entry: &'static Entry,
    text: &str,
    seeds: std::ops::RangeInclusive<u64>,
    k: u64,
    word_bits: u32,
) -> Vec<rngkit_analysis::search::Match> {
    use rngkit_analysis::search::{Match, Plan, SearchSpec, generic_scan, verify};
    let obs = rngkit_analysis::observe::parse_observations(entry, text).unwrap();
    let spec = SearchSpec::new(entry, obs, seeds.clone()).max_advance(k);
    let lay = rngkit_analysis::observe::layout(spec.observations(), word_bits, false);
    let Plan::Scan(scanner) = generic_scan::<G>(&spec, &lay) else {
        panic!("the generic kernel scans");
    };
    let mut survivors = Vec::new();
    scanner(
        *seeds.start(),
        seeds.end() - seeds.start() + 1,
        &mut survivors,
    );
    let mut out: Vec<Match> = survivors
        .into_iter()
        .flat_map(|seed| (0..=k).map(move |advance| Match { seed, advance }))
        .filter(|m| verify(&spec, m.seed, m.advance))
        .collect();
    out.sort_unstable();
    out
}

/// The observations of the seed-search properties: `rng` advanced by
/// `skip` words, then `skip N` and a line `DRAW = VALUE` for each draw
/// (name and arguments) of `draws`, drawn from it.
pub fn observation_text<'a>(
    entry: &'static Entry,
    rng: &mut Engine,
    skip: u64,
    draws: impl IntoIterator<Item = (&'a str, &'a [&'a str])>,
) -> String {
    rng.discard(skip);
    let mut text = format!("skip {skip}\n");
    for (name, args) in draws {
        let d = entry.parse_draw(name, args).unwrap();
        text.push_str(&format!("{} = {}\n", d.text(), d.eval(rng).format(false)));
    }
    text
}

/// The seed-search kernels' property: the generic kernel's matches `want`
/// (over `seeds`, advances up to `k`) hold the truth, `seed` at advance 0,
/// and the search of `entry` on every backend of this CPU finds exactly
/// them.
pub fn every_backend_finds(
    entry: &'static Entry,
    text: &str,
    seed: u64,
    seeds: std::ops::RangeInclusive<u64>,
    k: u64,
    want: &[rngkit_analysis::search::Match],
) -> Result<(), proptest::test_runner::TestCaseError> {
    use proptest::{prop_assert, prop_assert_eq};
    let truth = rngkit_analysis::search::Match { seed, advance: 0 };
    prop_assert!(want.contains(&truth), "{:?} not in {:?}", truth, want);
    for &backend in rngkit::cpu::CpuLevel::available() {
        let found = search_matches(entry, text, seeds.clone(), k, backend);
        prop_assert_eq!(&found[..], want, "{} {:?}\n{}", entry.name(), backend, text);
    }
    Ok(())
}
