//! Cracking numpy's `RandomState` (`numpy-legacy`) and R's default
//! generator (`r`) on values the runtimes themselves printed: state
//! recovery (R's `runif` are whole words; numpy's `random_sample` two
//! words' top 27 and 26 bits), seed search over the runtimes' seedings, and
//! identification of the seed from a recovered state.
//!
//! Oracles: `Rscript` (Debian package `r-base-core`) and numpy from PyPI
//! (`oracles::numpy_python`); without them the tests fail with what to
//! install unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use std::process::Command;

use rngkit::draw::DrawValue;
use rngkit::number::BigInt;
use rngkit_analysis::observe::{parse_observations, replay};
use rngkit_analysis::recover::{RecoverOptions, Recovered, recover};
use rngkit_analysis::registry;
use rngkit_analysis::search::{SearchSpec, search};

use crate::oracles;

fn run_r(program: &str) -> Option<Vec<String>> {
    let out = oracles::run_script("Rscript", "R", "r-base-core", program)?;
    Some(out.split_whitespace().map(str::to_string).collect())
}

fn run_numpy(program: &str) -> Option<Vec<String>> {
    let python = oracles::numpy_python()?;
    let dir = oracles::temp_dir("numpy-legacy-crack");
    let path = dir.join("oracle.py");
    std::fs::write(&path, program).expect("write the oracle program");
    let out = oracles::run(Command::new(python).arg(&path));
    let _ = std::fs::remove_dir_all(&dir);
    Some(out.split_whitespace().map(str::to_string).collect())
}

/// `n` predictions of `draw` from `state` after replaying the observations.
fn predict(
    name: &str,
    state: &rngkit::registry::Engine,
    obs: &str,
    draw: &str,
    n: usize,
) -> Vec<String> {
    let entry = registry::find(name).unwrap();
    let obs = parse_observations(entry, obs).unwrap();
    let mut rng = state.clone();
    replay(&obs, &mut rng);
    let d = entry.parse_draw(draw, &[]).unwrap();
    (0..n)
        .map(|_| match d.eval(&mut rng) {
            DrawValue::F64(x) => format!("{:#018x}", x.to_bits()),
            v => v.format(false),
        })
        .collect()
}

fn bits(text: &str) -> String {
    format!("{:#018x}", text.parse::<f64>().unwrap().to_bits())
}

#[test]
fn runif_values_from_r_give_the_state_and_the_seed() {
    // set.seed(-20260601); 100 unseen runif; 624 observed; 200 rnorm to predict.
    let Some(values) = run_r(
        "set.seed(-20260601L)\ninvisible(runif(100))\ncat(sprintf('%.17g', runif(624)), sprintf('%.17g', rnorm(200)))\n",
    ) else {
        return;
    };
    let r = registry::find("r").unwrap();
    let text: String = values[..624]
        .iter()
        .map(|v| format!("runif = {v}\n"))
        .collect();
    let obs = parse_observations(r, &text).unwrap();
    let Recovered::Unique(state) = recover(r, &obs, &RecoverOptions::default()).unwrap() else {
        panic!("624 runif pin the state")
    };
    let theirs: Vec<String> = values[624..].iter().map(|v| bits(v)).collect();
    assert_eq!(predict("r", &state, &text, "rnorm", 200), theirs);
    // The state is 100 words after set.seed(-20260601).
    let id = r.identify(&state, None).expect("identified");
    assert_eq!((id.seed as u32 as i32, id.advance), (-20260601, 100));
}

#[test]
fn a_seed_search_finds_rs_set_seed() {
    // set.seed(S) then two runif printed with R's default 7 digits, and a
    // die roll later: the kernel filters on the runif bits.
    let Some(values) =
        run_r("set.seed(-987654L)\ncat(format(runif(3)), sample(6, 2, replace = TRUE))\n")
    else {
        return;
    };
    let r = registry::find("r").unwrap();
    let text = format!(
        "runif = {}\nrunif = {}\nrunif = {}\nsample 6 = {}\nsample 6 = {}\n",
        values[0], values[1], values[2], values[3], values[4]
    );
    let obs = parse_observations(r, &text).unwrap();
    // Signed seeds: the range covers -1000000..=0 through the int's bits.
    let lo = (-1_000_000i32) as u32 as u64;
    let spec = SearchSpec::new(r, obs, lo..=u64::from(u32::MAX)).threads(1);
    let mut found = Vec::new();
    search(&spec, |m| found.push(m.seed as u32 as i32), |_| {}).unwrap();
    assert_eq!(found, vec![-987654]);
}

#[test]
fn a_seed_search_finds_r_from_rbinom_and_rpois() {
    // rpois and rbinom read a variable number of words and reveal no bit:
    // recovery has no equations, but the seed search replays them.
    let Some(values) = run_r(
        "set.seed(-4321L)\ncat(rpois(6, 3.5), rbinom(6, 50, 0.8), rpois(3, 20), rbinom(2, 7, 0.5))\n",
    ) else {
        return;
    };
    let r = registry::find("r").unwrap();
    let draws = [
        ("rpois 3.5", 6),
        ("rbinom 50 0.8", 6),
        ("rpois 20", 3),
        ("rbinom 7 0.5", 2),
    ];
    let mut text = String::new();
    let mut values = values.iter();
    for (draw, count) in draws {
        for _ in 0..count {
            text.push_str(&format!("{draw} = {}\n", values.next().unwrap()));
        }
    }
    let obs = parse_observations(r, &text).unwrap();
    // Every state fits: 2^19937 of them, none listed.
    match recover(r, &obs, &RecoverOptions::default()).unwrap() {
        Recovered::Several { count, states } => {
            assert_eq!(format!("{count:?}"), "PowerOfTwo(19937)");
            assert!(states.is_empty());
        }
        other => panic!("rbinom and rpois give no equations, yet {other:?}"),
    }
    let lo = (-20_000i32) as u32 as u64;
    let spec = SearchSpec::new(r, obs, lo..=u64::from(u32::MAX)).threads(1);
    let mut found = Vec::new();
    search(&spec, |m| found.push(m.seed as u32 as i32), |_| {}).unwrap();
    assert_eq!(found, vec![-4321]);
}

#[test]
fn random_sample_values_from_numpy_give_the_state() {
    // RandomState(3141592653): 11 unseen words' worth of draws, then 623
    // random_sample observed, then standard_normal to predict.
    let Some(values) = run_numpy(
        "import numpy as np\nr = np.random.RandomState(3141592653)\nr.randint(0, 2**32, size=11)\nprint(*[repr(float(x)) for x in r.random_sample(623)])\nprint(*[repr(float(r.standard_normal())) for _ in range(100)])\n",
    ) else {
        return;
    };
    let np = registry::find("numpy-legacy").unwrap();
    let text: String = values[..623]
        .iter()
        .map(|v| format!("random-sample = {v}\n"))
        .collect();
    let obs = parse_observations(np, &text).unwrap();
    let Recovered::Unique(state) = recover(np, &obs, &RecoverOptions::default()).unwrap() else {
        panic!("623 random_sample pin the state")
    };
    let theirs: Vec<String> = values[623..].iter().map(|v| bits(v)).collect();
    assert_eq!(
        predict("numpy-legacy", &state, &text, "standard-normal", 100),
        theirs
    );
    let id = np.identify(&state, None).expect("identified");
    assert_eq!((id.seed, id.advance), (3141592653, 11));
}

#[test]
fn a_seed_search_finds_numpys_randomstate() {
    let Some(values) = run_numpy(
        "import numpy as np\nr = np.random.RandomState(4000000123)\nprint(*[repr(float(x)) for x in r.random_sample(2)])\n",
    ) else {
        return;
    };
    let np = registry::find("numpy-legacy").unwrap();
    let text = format!(
        "random-sample = {}\nrandom-sample = {}\n",
        values[0], values[1]
    );
    let obs = parse_observations(np, &text).unwrap();
    let spec = SearchSpec::new(np, obs, 3_999_000_000u64..=4_001_000_000).threads(1);
    let mut found = Vec::new();
    search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
    assert_eq!(found, vec![4000000123]);
    // And the seed seeds the GEN to the same draws.
    let mut rng = np
        .seed(&BigInt::from(4_000_000_123u64), &Default::default())
        .unwrap();
    let d = np.parse_draw("random-sample", &[]).unwrap();
    assert_eq!(d.eval(&mut rng).format(false), values[0]);
}
