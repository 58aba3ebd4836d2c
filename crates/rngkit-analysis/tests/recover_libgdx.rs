//! Recovering libGDX's `RandomXS128` (`libgdx`) from its draws: three
//! `nextLong()` values, a run of `nextInt()` or `nextDouble()` values, 128
//! `nextBoolean()` values; too few values answer "several".
//!
//! The values come from our draws, which `rngkit`'s `runtime_libgdx` test
//! checks against an independent Java reference of the class.

use rngkit::number::BigInt;
use rngkit::registry::Engine;
use rngkit_analysis::observe::parse_observations;
use rngkit_analysis::recover::{RecoverOptions, Recovered, recover};
use rngkit_analysis::registry;

const SEEDS: [i64; 4] = [1, 42, -7, 0x1234_5678_9abc];

fn start(seed: i64) -> Engine {
    registry::find("libgdx")
        .unwrap()
        .seed(&BigInt::from(seed), &Default::default())
        .unwrap()
}

fn observe(rng: &mut Engine, draw: &str, count: usize) -> String {
    let entry = registry::find("libgdx").unwrap();
    let mut parts = draw.split(' ');
    let name = parts.next().unwrap();
    let args: Vec<&str> = parts.collect();
    let d = entry.spec().parse_draw(name, &args).unwrap();
    (0..count)
        .map(|_| format!("{draw} = {}\n", d.eval(rng).format(false)))
        .collect()
}

fn recovered(text: &str) -> Recovered {
    let entry = registry::find("libgdx").unwrap();
    let obs = parse_observations(entry, text).unwrap();
    recover(entry, &obs, &RecoverOptions::default()).unwrap()
}

#[test]
fn libgdx_recovers_from_each_kind_of_value() {
    for (draw, count) in [
        ("next-long", 3),
        ("next-int", 6),
        ("next-double", 3),
        ("next-float", 10),
        ("next-boolean", 140),
    ] {
        for seed in SEEDS {
            let s = start(seed);
            let mut rng = s.clone();
            let text = observe(&mut rng, draw, count);
            match recovered(&text) {
                Recovered::Unique(state) => assert_eq!(state.words(), s.words(), "{draw}"),
                other => panic!("{draw} x {count}, seed {seed}: {other:?}"),
            }
        }
    }
}

#[test]
fn libgdx_too_few_values_leave_several() {
    let mut rng = start(5);
    let text = observe(&mut rng, "next-long", 1);
    assert!(!matches!(recovered(&text), Recovered::Unique(_)));
}
