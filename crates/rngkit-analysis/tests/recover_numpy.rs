//! numpy's `Generator` GENs in the analyses, on values numpy itself printed:
//! `numpy-mt19937`'s state from 624 `random_raw()` words or from `random()`
//! values (MT19937's recovery), PCG64's and PCG64DXSM's jumps against
//! numpy's `bit_generator.advance(n)` and their distance, and the seed
//! search finding `default_rng(S)`'s seed from a few draws.
//!
//! Oracle: numpy (the test kit's `numpy_python`: a virtual environment
//! with the pinned numpy, or `python3` with numpy; installed when missing
//! unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`).

use rngkit::draw::DrawValue;
use rngkit::number::BigInt;
use rngkit_analysis::observe::{parse_observations, replay};
use rngkit_analysis::recover::{RecoverOptions, Recovered, recover};
use rngkit_analysis::registry;

use crate::{common, oracles};

/// The lines a numpy program prints.
fn numpy(program: &str) -> Option<Vec<String>> {
    let python = oracles::numpy_python()?;
    let dir = oracles::temp_dir("numpy-analysis");
    let path = dir.join("oracle.py");
    std::fs::write(
        &path,
        format!("import numpy as np\nimport struct\n{program}"),
    )
    .unwrap();
    let out = oracles::run(std::process::Command::new(python).arg(&path));
    let _ = std::fs::remove_dir_all(&dir);
    Some(out.lines().map(str::to_string).collect())
}

/// `random()` values as numpy prints them (`repr`), `integers` in decimal.
fn predictions(state: &rngkit::registry::Engine, obs_text: &str) -> Vec<String> {
    let entry = registry::find("numpy-mt19937").unwrap();
    let obs = parse_observations(entry, obs_text).unwrap();
    let mut rng = state.clone();
    replay(&obs, &mut rng);
    let random = entry.parse_draw("random", &[]).unwrap();
    let integers = entry.parse_draw("integers", &["0", "1000"]).unwrap();
    let mut out = Vec::new();
    for _ in 0..50 {
        out.push(match random.eval(&mut rng) {
            DrawValue::F64(x) => x.to_bits().to_string(),
            v => v.format(false),
        });
    }
    for _ in 0..50 {
        out.push(integers.eval(&mut rng).format(false));
    }
    out
}

const TAIL: &str = "
for _ in range(50): print(struct.unpack('<Q', struct.pack('<d', g.random()))[0])
for _ in range(50): print(g.integers(0, 1000))
";

#[test]
fn mt19937_raw_words_from_numpy_pin_the_state() {
    // 10 unobserved random() (20 words), 624 raw words, then what follows.
    let Some(lines) = numpy(&format!(
        "g = np.random.Generator(np.random.MT19937(2026))
for _ in range(10): g.random()
for _ in range(624): print(int(g.bit_generator.random_raw()))
{TAIL}"
    )) else {
        return;
    };
    let entry = registry::find("numpy-mt19937").unwrap();
    let mut text = String::from("skip 20\n");
    for v in &lines[..624] {
        text.push_str(&format!("random-raw = {v}\n"));
    }
    let obs = parse_observations(entry, &text).unwrap();
    let Recovered::Unique(state) = recover(entry, &obs, &RecoverOptions::default()).unwrap() else {
        panic!("624 raw words: one state")
    };
    assert_eq!(predictions(&state, &text), lines[624..]);
}

#[test]
fn mt19937_random_values_from_numpy_recover_the_state() {
    // random() shows 53 of a word pair's 64 bits: 760 values suffice.
    let Some(lines) = numpy(&format!(
        "g = np.random.Generator(np.random.MT19937(7))
for _ in range(760): print(repr(g.random()))
{TAIL}"
    )) else {
        return;
    };
    let entry = registry::find("numpy-mt19937").unwrap();
    let text: String = lines[..760]
        .iter()
        .map(|v| format!("random = {v}\n"))
        .collect();
    let state = common::unique(common::recover_on_two_threads(entry, &text));
    // The state before the first value is numpy's seeded state, up to
    // mt[0]'s low 31 bits, which no output reads: the same stream.
    let seeded = entry.seed(&7.into(), &Default::default()).unwrap();
    let raw = entry.parse_draw("random-raw", &[]).unwrap();
    let (mut a, mut b) = (state.clone(), seeded);
    for _ in 0..2000 {
        assert_eq!(raw.eval(&mut a), raw.eval(&mut b));
    }
    assert_eq!(predictions(&state, &text), lines[760..]);
}

#[test]
fn pcg64_jumps_are_numpys_advance() {
    // numpy's advance(n) moves the LCG n steps (and empties the 32-bit
    // buffer, empty here anyway).
    let n = "1000000000000000000000000000007";
    let Some(lines) = numpy(&format!(
        "for B in [np.random.PCG64, np.random.PCG64DXSM]:
    b = B(99)
    b.advance({n})
    print(' '.join(str(int(x)) for x in b.random_raw(3)))
    b = B(99)
    b.advance(2**128 - 5)
    print(' '.join(str(int(x)) for x in b.random_raw(3)))
"
    )) else {
        return;
    };
    for (i, name) in ["numpy", "numpy-pcg64dxsm"].into_iter().enumerate() {
        let e = registry::find(name).unwrap();
        let raw = e.parse_draw("random-raw", &[]).unwrap();
        for (j, steps) in [n.parse::<BigInt>().unwrap(), BigInt::from(-5)]
            .into_iter()
            .enumerate()
        {
            let start = e.seed(&99.into(), &Default::default()).unwrap();
            let mut rng = start.clone();
            e.advance(&mut rng, &steps).unwrap();
            let ours: Vec<String> = (0..3).map(|_| raw.eval(&mut rng).format(false)).collect();
            assert_eq!(ours.join(" "), lines[2 * i + j], "{name} advance {steps}");
            // The distance back to the start: the advance modulo 2^128.
            let mut there = start.clone();
            e.advance(&mut there, &steps).unwrap();
            let d = e.distance(&start, &there, None).unwrap();
            let expected = if j == 0 {
                n.parse::<u128>().unwrap()
            } else {
                u128::MAX - 4
            };
            assert_eq!(d, expected, "{name} distance");
        }
    }
}

#[test]
fn seed_search_finds_default_rng_seeds() {
    let Some(lines) = numpy(
        "g = np.random.default_rng(4321)
print(repr(g.random()))
print(g.integers(0, 1000))
print(repr(g.random()))
print(repr(g.random()))
",
    ) else {
        return;
    };
    let e = registry::find("numpy").unwrap();
    // integers consumes a word (and buffers its high half): an unknown
    // step count for the observation language, so the search checks the
    // random() values around it by replaying each candidate.
    let text = format!(
        "random = {}\nintegers 0 1000 = {}\nrandom = {}\nrandom = {}\n",
        lines[0], lines[1], lines[2], lines[3]
    );
    let found = common::search_matches(e, &text, 4000..=5000, 0, rngkit::cpu::CpuLevel::best());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].seed, found[0].advance), (4321, 0));
}
