//! Cracking Go's `math/rand` (`go`) on values Go itself printed: the low 63
//! bits of 607 consecutive `Int63()` values are the state's, so they
//! predict every later `Int63`, `Intn` and `Float64`; 607 `Uint64()` values
//! pin the whole state.
//!
//! Oracle: `go run` (Debian package `golang-go`; without it the tests fail
//! with the package to install unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`).
//! The program prints, for a seed, a few values nobody observes, the 607
//! observed values, then the values to predict.

use rngkit::draw::DrawValue;
use rngkit_analysis::observe::{parse_observations, replay};
use rngkit_analysis::recover::{Count, RecoverOptions, Recovered, recover};
use rngkit_analysis::registry;

use crate::oracles;

/// Go's values, one token each, for `rand.New(rand.NewSource(seed))`:
/// `skip` unobserved `Int63()`, 607 values of `observed` (`Int63` or
/// `Uint64`), then 300 each of `Int63()`, `Intn(1000)`, `Float64()` (bits)
/// and `Uint64()`.
fn go_values(seed: i64, skip: usize, observed: &str) -> Option<Vec<String>> {
    let program = format!(
        r#"package main

import (
	"fmt"
	"math"
	"math/rand"
)

func main() {{
	r := rand.New(rand.NewSource({seed}))
	for i := 0; i < {skip}; i++ {{
		r.Int63()
	}}
	for i := 0; i < 607; i++ {{
		fmt.Println(r.{observed}())
	}}
	for i := 0; i < 300; i++ {{
		fmt.Println(r.Int63())
	}}
	for i := 0; i < 300; i++ {{
		fmt.Println(r.Intn(1000))
	}}
	for i := 0; i < 300; i++ {{
		fmt.Println(math.Float64bits(r.Float64()))
	}}
	for i := 0; i < 300; i++ {{
		fmt.Println(r.Uint64())
	}}
}}
"#
    );
    let out = oracles::run_go(&program)?;
    let values: Vec<String> = out.lines().map(str::to_string).collect();
    assert_eq!(values.len(), 607 + 4 * 300);
    Some(values)
}

/// Our predictions from `state` after the observations: 300 each of
/// int63, intn 1000, float64 (bits) and uint64, as Go printed them.
fn predictions(state: &rngkit::registry::Engine, obs_text: &str) -> Vec<String> {
    let go = registry::find("go").unwrap();
    let obs = parse_observations(go, obs_text).unwrap();
    let mut rng = state.clone();
    replay(&obs, &mut rng);
    let mut out = Vec::new();
    for (draw, args) in [
        ("int63", &[][..]),
        ("intn", &["1000"][..]),
        ("float64", &[]),
        ("uint64", &[]),
    ] {
        let d = go.parse_draw(draw, args).unwrap();
        for _ in 0..300 {
            out.push(match d.eval(&mut rng) {
                DrawValue::F64(x) => x.to_bits().to_string(),
                v => v.format(false),
            });
        }
    }
    out
}

#[test]
fn int63_values_from_go_predict_int63_intn_and_float64() {
    let Some(values) = go_values(31337, 25, "Int63") else {
        return;
    };
    let go = registry::find("go").unwrap();
    // The 25 values before the window are unseen: `skip 25`.
    let mut text = String::from("skip 25\n");
    for v in &values[..607] {
        text.push_str(&format!("int63 = {v}\n"));
    }
    let obs = parse_observations(go, &text).unwrap();
    let Recovered::Several { count, states } =
        recover(go, &obs, &RecoverOptions::default()).unwrap()
    else {
        panic!("Int63 hides the top bits: several states")
    };
    assert_eq!(count, Count::PowerOfTwo(607));
    assert_eq!(states.len(), 2);
    let truth = &values[607..];
    for state in &states {
        let ours = predictions(state, &text);
        // Every Int63, Intn and Float64 that follows is Go's.
        assert_eq!(ours[..900], truth[..900]);
    }
    // The listed states differ in Uint64 (a top bit): neither is claimed.
    let a = predictions(&states[0], &text);
    let b = predictions(&states[1], &text);
    assert_ne!(a[900..], b[900..]);
}

#[test]
fn uint64_values_from_go_pin_the_state() {
    let Some(values) = go_values(-4242, 0, "Uint64") else {
        return;
    };
    let go = registry::find("go").unwrap();
    let text: String = values[..607]
        .iter()
        .map(|v| format!("uint64 = {v}\n"))
        .collect();
    let obs = parse_observations(go, &text).unwrap();
    let Recovered::Unique(state) = recover(go, &obs, &RecoverOptions::default()).unwrap() else {
        panic!("607 Uint64 values: one state")
    };
    // A fresh source: the recovered words are NewSource(-4242)'s.
    let seeded = go.seed(&(-4242).into(), &Default::default()).unwrap();
    assert_eq!(state, seeded);
    assert_eq!(predictions(&state, &text), values[607..]);
}
