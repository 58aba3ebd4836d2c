//! CPython seed search (`python`): the `init_by_array` kernel, on every
//! backend this CPU has (scalar, AVX2, AVX-512), finds the seeds of
//! observations whose word positions vary per seed (`randint`/`randrange`,
//! whose `_randbelow` redraws a word while it is out of range), mixed with
//! fixed ones, past the first block and after an advance.
//!
//! * Oracle: `python3` run as a process (Debian package `python3`; without
//!   it the oracle tests fail naming the package, unless
//!   `RNGKIT_SKIP_MISSING_RUNTIMES=1`) prints the values after
//!   `random.seed(S)`, and counts the redraws with CPython's own
//!   `getrandbits`, so that the cases are known to hold some.
//! * Property: on small seed ranges the kernel's matches are exactly the
//!   generic kernel's (seed and step every seed, then verify).

use proptest::prelude::*;
use rngkit::cpu::CpuLevel;
use rngkit::runtimes::python::PythonGen;
use rngkit_analysis::registry::{self, Entry};
use rngkit_analysis::search::Match;

use crate::common;

fn python_entry() -> &'static Entry {
    registry::find("python").unwrap()
}

/// Runs a Python program (the test kit's runner); `None` when python3 is
/// missing and skipping is allowed.
fn python(program: &str) -> Option<String> {
    crate::oracles::run_script("python3", "py", "python3", program)
}

/// The matches of a search over `seeds` with `backend`.
fn found(
    text: &str,
    seeds: std::ops::RangeInclusive<u64>,
    k: u64,
    backend: CpuLevel,
) -> Vec<Match> {
    common::search_matches(python_entry(), text, seeds, k, backend)
}

/// The matches the generic kernel gives: its survivors, verified.
fn generic(text: &str, seeds: std::ops::RangeInclusive<u64>, k: u64) -> Vec<Match> {
    common::generic_matches::<PythonGen>(python_entry(), text, seeds, k, 32)
}

/// Each oracle case: a Python program printing observation lines after
/// `random.seed(SEED)`, then on its last line the number of `_randbelow`
/// redraws it made (counted again with `getrandbits`), and the seed.
struct Case {
    name: &'static str,
    seed: u64,
    advance: u64,
    program: String,
    /// The fewest redraws the case must hold.
    redraws: u64,
}

/// `randint`/`randrange` values with `_randbelow` replayed through
/// `getrandbits` to count the redraws, in Python.
const PRELUDE: &str = "import random
redraws = 0
def below(n):
    global redraws
    k = n.bit_length()
    r = random.getrandbits(k)
    while r >= n:
        redraws += 1
        r = random.getrandbits(k)
    return r
";

/// Fourteen dice after `randoms` calls of `random()` (two words each) from
/// `seed`: the unseen words given as a `skip` line (`skip_line`), or left
/// for the search to find as the advance.
fn dice_case(name: &'static str, seed: u64, randoms: u64, skip_line: bool) -> Case {
    let skip = if skip_line {
        format!("print('skip {}')\n", 2 * randoms)
    } else {
        String::new()
    };
    Case {
        name,
        seed,
        advance: if skip_line { 0 } else { 2 * randoms },
        program: format!(
            "{PRELUDE}random.seed({seed})\nfor _ in range({randoms}): random.random()\n\
             v = [random.randint(1, 6) for _ in range(14)]\n\
             random.seed({seed})\nfor _ in range({randoms}): random.random()\n\
             assert v == [1 + below(6) for _ in range(14)]\n\
             {skip}for x in v: print(f'randint 1 6 = {{x}}')\nprint(redraws)"
        ),
        redraws: 1,
    }
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "twelve dice, the first redrawn twice",
            seed: 1234,
            advance: 0,
            program: format!(
                "{PRELUDE}random.seed(1234)\nv = [random.randint(1, 6) for _ in range(12)]\n\
                 random.seed(1234)\nassert v == [1 + below(6) for _ in range(12)]\n\
                 for x in v: print(f'randint 1 6 = {{x}}')\nprint(redraws)"
            ),
            redraws: 2,
        },
        Case {
            name: "percentages (randrange 100, a redraw one time in 4.4)",
            seed: 987_654_321,
            advance: 0,
            program: format!(
                "{PRELUDE}random.seed(987654321)\nv = [random.randrange(100) for _ in range(8)]\n\
                 random.seed(987654321)\nassert v == [below(100) for _ in range(8)]\n\
                 for x in v: print(f'randrange 100 = {{x}}')\nprint(redraws)"
            ),
            redraws: 1,
        },
        Case {
            name: "mixed: random, dice, getrandbits, choice, a skip",
            seed: 4_000_000_000,
            advance: 0,
            program: format!(
                "{PRELUDE}random.seed(4000000000)\n\
                 a = random.random(); b = [random.randint(1, 6) for _ in range(4)]; c = random.getrandbits(5)\n\
                 random.getrandbits(32); d = random.choice(range(10)); e = random.randint(10, 20)\n\
                 random.seed(4000000000)\nrandom.random(); [below(6) for _ in range(4)]; random.getrandbits(5)\n\
                 random.getrandbits(32); below(10); below(11)\n\
                 print(f'random = {{a!r}}')\nfor x in b: print(f'randint 1 6 = {{x}}')\n\
                 print(f'getrandbits 5 = {{c}}')\nprint('skip 1')\nprint(f'choice 10 = {{d}}')\n\
                 print(f'randint 10 20 = {{e}}')\nprint(redraws)"
            ),
            redraws: 1,
        },
        dice_case(
            "dice across the first block's end (620 words unseen)",
            31_337,
            310,
            true,
        ),
        dice_case("dice after 6 unseen words (an advance)", 2_024, 3, false),
    ]
}

#[test]
fn cpython_sequences_with_redraws_find_their_seed_on_every_backend() {
    for case in cases() {
        let Some(out) = python(&case.program) else {
            return;
        };
        let (text, redraws) = out.trim_end().rsplit_once('\n').unwrap();
        let redraws: u64 = redraws.parse().unwrap();
        assert!(
            redraws >= case.redraws,
            "{}: the case should hold a redraw ({redraws})",
            case.name
        );
        let lo = case.seed.saturating_sub(3000);
        let seeds = lo..=(lo + 6000).min(u64::from(u32::MAX));
        for &backend in CpuLevel::available() {
            let m = found(text, seeds.clone(), case.advance, backend);
            assert_eq!(
                m,
                vec![Match {
                    seed: case.seed,
                    advance: case.advance
                }],
                "{} with {backend:?}",
                case.name
            );
        }
    }
}

#[test]
fn the_whole_range_end_is_searched() {
    // The last seeds (2^32 - 64 ..): a partial batch at the top.
    let Some(out) = python(
        "import random\nrandom.seed(4294967295)\nfor _ in range(10): print(f'randint 1 6 = {random.randint(1, 6)}')",
    ) else {
        return;
    };
    for &backend in CpuLevel::available() {
        let m = found(&out, 4_294_967_200..=4_294_967_295, 0, backend);
        assert_eq!(
            m,
            vec![Match {
                seed: 4_294_967_295,
                advance: 0
            }],
            "{backend:?}"
        );
    }
}

/// One observation line a Python program would print for a draw of the
/// list below, with `rngkit`'s own evaluation standing in for the values
/// (the oracle tests above and `tests/runtime_python.rs` in the core hold
/// the draws to CPython; here only the kernel's agreement with the generic
/// kernel is asserted).
fn draw_of(which: u8) -> (&'static str, &'static [&'static str]) {
    match which % 9 {
        0 => ("randint", &["1", "6"]),
        1 => ("randrange", &["100"]),
        2 => ("random", &[]),
        3 => ("getrandbits", &["4"]),
        4 => ("choice", &["3"]),
        5 => ("randint", &["0", "1"]),
        6 => ("randrange", &["0", "1000", "7"]),
        7 => ("u32", &[]),
        _ => ("bool", &[]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn the_kernel_finds_what_the_generic_kernel_finds(
        seed in 0u64..(1 << 32) - 512,
        draws in proptest::collection::vec(0u8..9, 1..4),
        skip in prop_oneof![Just(0u64), 0u64..5, 600u64..660],
        k in 0u64..3,
    ) {
        // A few weak observations, so that several seeds of the range fit.
        let entry = python_entry();
        let mut rng = entry.seed(&rngkit::number::BigInt::from(seed), &Default::default()).unwrap();
        let text = common::observation_text(entry, &mut rng, skip, draws.iter().map(|&w| draw_of(w)));
        let lo = seed.saturating_sub(100);
        let seeds = lo..=lo + 300;
        let want = generic(&text, seeds.clone(), k);
        common::every_backend_finds(entry, &text, seed, seeds, k, &want)?;
    }
}
