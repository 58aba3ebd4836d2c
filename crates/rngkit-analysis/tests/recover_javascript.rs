//! Recover-then-predict against the real JavaScript engines, run as
//! processes: read a few `Math.random()` values (or dice, or rolls of 256
//! and 1000) from Node.js 20
//! (`v8-legacy`, seeded and unseeded), headless Chromium (`v8`), headless
//! Firefox ESR (`spidermonkey`) and `jsc` (`javascriptcore`), recover the
//! state with rngkit, then predict the engine's next 100 values and every
//! value before the observed ones, and compare with what the engine printed.
//!
//! Every run starts reading at a position drawn at random (from the clock),
//! so the observed values sit at a random place in V8's 64-value cache and
//! for `v8-legacy` straddle a refill at a random point.
//!
//! A missing runtime fails the test with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use rngkit::number::BigInt;
use rngkit::registry::Engine;
use rngkit_analysis::observe::{parse_observations, replay};
use rngkit_analysis::recover::{RecoverOptions, Recovered, recover};
use rngkit_analysis::registry;

use crate::oracles;

/// A pseudo-random number from the clock and a counter (test positions).
fn random_below(n: u64) -> u64 {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let c = u64::from(COUNTER.fetch_add(1, Ordering::Relaxed));
    rngkit::runtimes::javascript::murmur_hash3_fmix64(t ^ (c << 48)) % n
}

/// The JS program: `calls` results of `Math.floor(Math.random() * n)` (or
/// plain `Math.random()` when `n` is 0), as JavaScript prints them,
/// space-separated.
fn program(calls: usize, n: u64) -> String {
    let expr = if n == 0 {
        "String(Math.random())".to_string()
    } else {
        format!("String(Math.floor(Math.random() * {n}))")
    };
    format!(
        "function rngkitDraws() {{ const out = []; for (let i = 0; i < {calls}; i++) out.push({expr}); return out.join(' '); }}\n"
    )
}

/// Whether rngkit's text of a draw and JavaScript's are the same value:
/// the same text, or the same double. Both print a double's shortest
/// round-trip digits, but JavaScript switches to an exponent below 1e-6
/// (`5.184587551498865e-7`, where rngkit prints `0.0000005184587551498865`):
/// one value in a million, which failed this test once in 8 runs of the
/// whole suite.
fn same_token(rngkit: &str, javascript: &str) -> bool {
    rngkit == javascript
        || matches!(
            (rngkit.parse::<f64>(), javascript.parse::<f64>()),
            (Ok(a), Ok(b)) if a.to_bits() == b.to_bits()
        )
}

/// Recovers `gen` from `tokens[start..start + count]` (the draw `draw`),
/// then predicts every token after them and every token before them.
fn recover_and_predict(gen_name: &str, draw: &str, tokens: &[String], start: usize, count: usize) {
    recover_and_predict_with(
        gen_name,
        draw,
        tokens,
        start,
        count,
        &RecoverOptions::default(),
        1,
    );
}

/// [`recover_and_predict`] with the recovery's options (`--fresh`), and
/// accepting up to `max_states` listed states, successors of one another,
/// of which one predicts every token (coins of `v8-legacy`: see
/// [`node_v8_legacy_dice_and_coins`]).
fn recover_and_predict_with(
    gen_name: &str,
    draw: &str,
    tokens: &[String],
    start: usize,
    count: usize,
    options: &RecoverOptions,
    max_states: usize,
) {
    let entry = registry::find(gen_name).unwrap();
    let text: String = tokens[start..start + count]
        .iter()
        .map(|v| format!("{draw} = {v}\n"))
        .collect();
    let obs = parse_observations(entry, &text).unwrap();
    let clock = Instant::now();
    let recovered = recover(entry, &obs, options).unwrap();
    let took = clock.elapsed();
    let candidates = match recovered {
        Recovered::Unique(state) => vec![state],
        Recovered::Several { states, .. } if (2..=max_states).contains(&states.len()) => states,
        other => panic!("{gen_name}: {count} `{draw}` from call {start}: not one state: {other:?}"),
    };
    // Several listed: a run of successors, each one step on with one value
    // fewer cached (the words are s0, s1, the values left in the cache).
    // A state with none cached refills from its words next: written as the
    // same state with all 64 cached (its words 64 xorshift128+ steps on),
    // it compares with the others.
    let mut listed: Vec<Vec<u64>> = candidates
        .iter()
        .map(|c| match c.words()[..] {
            [s0, s1, 0] => {
                let (a, b) = (0..64).fold((s0, s1), |(a, b), _| xorshift128plus_step(a, b));
                vec![a, b, 64]
            }
            ref words => words.to_vec(),
        })
        .collect();
    listed.sort_by_key(|w| std::cmp::Reverse(w[2]));
    for pair in listed.windows(2) {
        assert!(
            pair[1][0] == pair[0][1] && pair[1][2] + 1 == pair[0][2],
            "{gen_name}: the listed states are not successors: {listed:x?}"
        );
    }
    let words: Vec<&str> = draw.split_whitespace().collect();
    let d = entry.parse_draw(words[0], &words[1..]).unwrap();
    // Every token after the observed ones, then every one before them
    // (nearest first): the first call predicted wrong, if any.
    let first_miss = |state: &Engine| -> Option<String> {
        let mut rng = state.clone();
        replay(&obs, &mut rng);
        for (i, expected) in tokens.iter().enumerate().skip(start + count) {
            let got = d.eval(&mut rng).format(false);
            if !same_token(&got, expected) {
                return Some(format!(
                    "call {i} predicted forwards: {got}, not {expected}"
                ));
            }
        }
        for back in 1..=start {
            let mut rng = state.clone();
            entry
                .advance(&mut rng, &BigInt::from(-(back as i64)))
                .unwrap();
            let got = d.eval(&mut rng).format(false);
            if !same_token(&got, &tokens[start - back]) {
                return Some(format!(
                    "call {} predicted backwards: {got}, not {}",
                    start - back,
                    tokens[start - back]
                ));
            }
        }
        None
    };
    let misses: Vec<Option<String>> = candidates.iter().map(first_miss).collect();
    assert!(
        misses.iter().any(Option::is_none),
        "{gen_name}: {count} `{draw}` from call {start}: no listed state predicts every call: {misses:?}"
    );
    eprintln!(
        "{gen_name}: {count} `{draw}` from call {start} recovered in {took:?} ({} listed); {} calls predicted forwards, {start} backwards",
        candidates.len(),
        tokens.len() - start - count
    );
}

/// The most states three doubles may list in [`recover_three_and_predict`].
/// V8's sum reveals 159 bits of its 128-bit state, yet the carry sweep
/// leaves states that differ in the low bits of the next doubles: of 1399
/// three-double recoveries of `v8` measured by hand (2026-12-06, seeded
/// streams at cache positions 0 to 129), 1184 listed 1 state, 185 2, 22 3
/// and 8 4, falling about sevenfold a state. The suite loop once met 6 (a
/// fresh Chromium page) where this test allowed 4. Every listed state
/// reproduces the three values, so the true one is always among them; 32
/// only catches a sweep that stops narrowing.
const MOST_STATES_FROM_THREE_DOUBLES: usize = 32;

/// Recovers `gen` from the 3 doubles `tokens[start..start + 3]`: one
/// state, or a few listed ones (see [`MOST_STATES_FROM_THREE_DOUBLES`]);
/// exactly one predicts every later token, and it also predicts every
/// earlier one.
fn recover_three_and_predict(
    gen_name: &str,
    tokens: &[String],
    start: usize,
    options: &RecoverOptions,
) {
    let entry = registry::find(gen_name).unwrap();
    let text: String = tokens[start..start + 3]
        .iter()
        .map(|v| format!("math-random = {v}\n"))
        .collect();
    let obs = parse_observations(entry, &text).unwrap();
    let clock = Instant::now();
    let recovered = recover(entry, &obs, options).unwrap();
    let took = clock.elapsed();
    let states = match recovered {
        Recovered::Unique(state) => vec![state],
        Recovered::Several { states, .. }
            if (2..=MOST_STATES_FROM_THREE_DOUBLES).contains(&states.len()) =>
        {
            states
        }
        other => panic!("{gen_name}: 3 doubles from call {start}: {other:?}"),
    };
    let d = entry.parse_draw("math-random", &[]).unwrap();
    let predicts = |state: &rngkit::registry::Engine| {
        let mut rng = state.clone();
        replay(&obs, &mut rng);
        tokens[start + 3..]
            .iter()
            .all(|expected| same_token(&d.eval(&mut rng).format(false), expected))
    };
    let right: Vec<_> = states.iter().filter(|s| predicts(s)).collect();
    assert_eq!(
        right.len(),
        1,
        "{gen_name}: one of {} states predicts",
        states.len()
    );
    for back in 1..=start {
        let mut rng = right[0].clone();
        entry
            .advance(&mut rng, &BigInt::from(-(back as i64)))
            .unwrap();
        let got = d.eval(&mut rng).format(false);
        assert!(
            same_token(&got, &tokens[start - back]),
            "{gen_name}: call {} predicted backwards: {got}, not {}",
            start - back,
            tokens[start - back]
        );
    }
    eprintln!(
        "{gen_name}: 3 doubles from call {start} recovered in {took:?} ({} state(s) listed); {} calls predicted forwards, {start} backwards",
        states.len(),
        tokens.len() - start - 3
    );
}

/// V8's `XorShift128` step, written here from its published definition so
/// the test does not lean on the code under test.
fn xorshift128plus_step(s0: u64, s1: u64) -> (u64, u64) {
    let mut x = s0;
    x ^= x << 23;
    x ^= x >> 17;
    x ^= s1;
    x ^= s1 >> 26;
    (s1, x)
}

fn split(out: &str) -> Vec<String> {
    out.split_whitespace().map(str::to_string).collect()
}

fn node_draws(node: &PathBuf, seed: Option<i64>, calls: usize, n: u64) -> Vec<String> {
    let dir = oracles::temp_dir("node");
    let script = dir.join("draws.js");
    std::fs::write(&script, program(calls, n) + "console.log(rngkitDraws());\n").unwrap();
    let mut cmd = Command::new(node);
    if let Some(s) = seed {
        cmd.arg(format!("--random-seed={s}"));
    }
    let out = oracles::run(cmd.arg(&script));
    std::fs::remove_dir_all(&dir).ok();
    split(&out)
}

#[test]
fn node_v8_legacy_doubles_across_a_refill() {
    let Some(node) = oracles::find_runtime(&["node", "nodejs"], "nodejs") else {
        return;
    };
    for seed in [None, Some(12345), None, Some(-7)] {
        // 6 values with the refill after a random one of the first 5.
        let count = 6;
        let before_refill = 1 + random_below(count as u64 - 1) as usize;
        let start = 64 * (1 + random_below(3) as usize) - before_refill;
        let toks = node_draws(&node, seed, start + count + 100, 0);
        recover_and_predict("v8-legacy", "math-random", &toks, start, count);
    }
}

#[test]
fn node_v8_legacy_dice_and_coins() {
    let Some(node) = oracles::find_runtime(&["node", "nodejs"], "nodejs") else {
        return;
    };
    // Several states can fit any number of coins: a state and its next
    // ones, each with one value fewer in the cache, give the same calls
    // except one or a few a refill (the block boundary's values), and a coin
    // hides each difference half the time (600 calls of a state and its
    // successor differed in 9 doubles and 3 coins). Recovery lists them
    // (seen in CI: two states from 200 and from 300 coins, once three);
    // they must be such a run of successors, and one predicts every call.
    // Dice hide a difference a sixth of the time: two states from 200 dice
    // were seen once (2026-12-02, from call 7 of an unseeded process).
    for (n, count, max_states) in [(6u64, 200usize, 2), (2, 300, 4)] {
        for seed in [None, Some(42)] {
            let start = random_below(64) as usize;
            let toks = node_draws(&node, seed, start + count + 100, n);
            recover_and_predict_with(
                "v8-legacy",
                &format!("floor {n}"),
                &toks,
                start,
                count,
                &RecoverOptions::default(),
                max_states,
            );
        }
    }
}

/// Node.js 22 (`v8-legacy`) and 24 (`v8-13`) from npm: 6 doubles across a
/// refill at a random point, seeded and unseeded.
#[test]
fn npm_node_doubles_across_a_refill() {
    for (major, gen_name) in [(22, "v8-legacy"), (24, "v8-13")] {
        let Some(node) = oracles::npm_node(major) else {
            return;
        };
        for seed in [None, Some(12345)] {
            let count = 6;
            let before_refill = 1 + random_below(count as u64 - 1) as usize;
            let start = 64 * (1 + random_below(3) as usize) - before_refill;
            let toks = node_draws(&node, seed, start + count + 100, 0);
            recover_and_predict(gen_name, "math-random", &toks, start, count);
        }
    }
}

/// Node.js 26 (`v8-14`, the sum handed out last-made first): 10 doubles
/// across a refill at a random point (every cache position is searched;
/// values inside one block would leave one state per position that keeps
/// them inside it), seeded or unseeded.
#[test]
fn node26_v8_14_doubles_across_a_refill() {
    let Some(node) = oracles::npm_node(26) else {
        return;
    };
    // One case a run, seeded or not by chance: a straddling run of five to
    // nine doubles takes the chain search seconds (the slowest test here).
    let seed = [None, Some(-7)][random_below(2) as usize];
    let before_refill = 1 + random_below(9) as usize;
    let start = 64 * (1 + random_below(2) as usize) - before_refill;
    let toks = node_draws(&node, seed, start + 10 + 100, 0);
    recover_and_predict("v8-14", "math-random", &toks, start, 10);
}

/// Node.js 26 (`v8-14`): 600 percentages, `Math.floor(Math.random() *
/// 100)`, from a random start, seeded or not (the meet in the middle on three
/// windows of 32 or 33 calls that cover every cache position).
#[test]
fn node26_v8_14_percentages() {
    let Some(node) = oracles::npm_node(26) else {
        return;
    };
    let seed = [None, Some(2026)][random_below(2) as usize];
    let start = random_below(64) as usize;
    let toks = node_draws(&node, seed, start + 600 + 100, 100);
    recover_and_predict("v8-14", "floor 100", &toks, start, 600);
}

/// `--fresh`: the first values of a new, unseeded `node -e` process fix the
/// cache position, so 4 doubles (5 for the sum of Node.js 26) recover the
/// state and predict the next 100.
#[test]
fn fresh_node_processes_from_their_first_values() {
    let fresh = RecoverOptions {
        fresh: true,
        ..RecoverOptions::default()
    };
    let mut nodes: Vec<(String, PathBuf, &str, usize)> = Vec::new();
    if let Some(node) = oracles::find_runtime(&["node", "nodejs"], "nodejs") {
        nodes.push(("node 20".into(), node, "v8-legacy", 4));
    }
    for (major, gen_name, count) in [(22, "v8-legacy", 4), (24, "v8-13", 4), (26, "v8-14", 5)] {
        if let Some(node) = oracles::npm_node(major) {
            nodes.push((format!("node {major}"), node, gen_name, count));
        }
    }
    for (what, node, gen_name, count) in nodes {
        // Two processes each (one for the slower sum of Node.js 26).
        for _ in 0..(if count == 4 { 2 } else { 1 }) {
            // `node -e`, unseeded: the first Math.random() calls of the process.
            let out = oracles::run(Command::new(&node).arg("-e").arg(format!(
                "{}console.log(rngkitDraws());",
                program(count + 100, 0)
            )));
            let toks = split(&out);
            eprintln!("{what}:");
            recover_and_predict_with(gen_name, "math-random", &toks, 0, count, &fresh, 1);
            if gen_name == "v8-14" {
                // The sum's plane sweep: the first 3 doubles are enough.
                recover_three_and_predict(gen_name, &toks, 0, &fresh);
            }
        }
    }
}

fn chromium_draws(chromium: &std::path::Path, calls: usize, n: u64) -> Vec<String> {
    let script = format!("{}return rngkitDraws();", program(calls, n));
    split(&oracles::chromium_output(chromium, &script, None))
}

#[test]
fn chromium_v8_doubles_then_dice() {
    let Some(chromium) = oracles::find_runtime(&["chromium", "chromium-browser"], "chromium")
    else {
        return;
    };
    // Unseeded: the browser's own start, at a random cache position.
    let start = random_below(130) as usize;
    let toks = chromium_draws(&chromium, start + 8 + 100, 0);
    recover_and_predict("v8", "math-random", &toks, start, 8);
    // 3 of the same doubles: the sweep down from bit 63.
    recover_three_and_predict("v8", &toks, start + 5, &RecoverOptions::default());
    // The recovered state predicts dice too: recover from 8 doubles, then
    // compare 100 `floor 6` with a second page that rolls them.
    let start = random_below(100) as usize;
    let toks = chromium_draws(&chromium, start + 8 + 100, 0);
    let entry = registry::find("v8").unwrap();
    let text: String = toks[start..start + 8]
        .iter()
        .map(|v| format!("math-random = {v}\n"))
        .collect();
    let obs = parse_observations(entry, &text).unwrap();
    let Recovered::Unique(mut rng) = recover(entry, &obs, &RecoverOptions::default()).unwrap()
    else {
        panic!("v8: not one state")
    };
    replay(&obs, &mut rng);
    let dice = entry.parse_draw("floor", &["6"]).unwrap();
    for (i, v) in toks.iter().enumerate().skip(start + 8) {
        let x: f64 = v.parse().unwrap();
        let expected = (x * 6.0).floor() as u64;
        assert_eq!(
            dice.eval(&mut rng).format(false),
            expected.to_string(),
            "call {i}"
        );
    }
}

#[test]
fn chromium_v8_from_rolls() {
    let Some(chromium) = oracles::find_runtime(&["chromium", "chromium-browser"], "chromium")
    else {
        return;
    };
    // `Math.floor(Math.random() * N)` straight from the page: 40 rolls of
    // 256 (8 known bits each), 300 of 1000 (an interval of 1/1000 often
    // straddles a power of two, so the search needs room to pick a window),
    // and percentages, 40 and 600 (the meet in the middle).
    for (n, count) in [(256u64, 40usize), (1000, 300), (100, 40), (100, 600)] {
        let start = random_below(130) as usize;
        let toks = chromium_draws(&chromium, start + count + 100, n);
        recover_and_predict("v8", &format!("floor {n}"), &toks, start, count);
    }
}

fn jsc_draws(jsc: &PathBuf, calls: usize) -> Vec<String> {
    let dir = oracles::temp_dir("jsc");
    let script = dir.join("draws.js");
    std::fs::write(&script, program(calls, 0) + "print(rngkitDraws());\n").unwrap();
    let out = oracles::run(Command::new(jsc).arg(&script));
    std::fs::remove_dir_all(&dir).ok();
    split(&out)
}

#[test]
fn jsc_javascriptcore_doubles() {
    let Some(jsc) = oracles::find_runtime(&["jsc"], "libjavascriptcoregtk-4.0-bin") else {
        return;
    };
    for count in [6, 8] {
        let start = random_below(200) as usize;
        let toks = jsc_draws(&jsc, start + count + 100);
        recover_and_predict("javascriptcore", "math-random", &toks, start, count);
        // 3 of the same doubles: the sweep up from bit 0.
        recover_three_and_predict(
            "javascriptcore",
            &toks,
            start + count - 3,
            &RecoverOptions::default(),
        );
    }
    // 60 calls as `Math.floor(Math.random() * 256)` and 600 as `* 100`
    // (JavaScript's product and floor are IEEE double arithmetic, which
    // Rust's are too, so these are the integers `jsc` would print).
    let start = random_below(200) as usize;
    let doubles = jsc_draws(&jsc, start + 600 + 100);
    recover_and_predict(
        "javascriptcore",
        "floor 256",
        &times(&doubles, 256),
        start,
        60,
    );
    recover_and_predict(
        "javascriptcore",
        "floor 100",
        &times(&doubles, 100),
        start,
        600,
    );
}

#[test]
fn firefox_spidermonkey_doubles() {
    let Some(firefox) = oracles::find_runtime(&["firefox-esr", "firefox"], "firefox-esr") else {
        return;
    };
    let start = random_below(200) as usize;
    let rolls = start + 60;
    let script = format!(
        "{}dump('RNGKIT ' + rngkitDraws() + '\\n');",
        program(rolls + 600 + 100, 0)
    );
    let toks = split(&oracles::firefox_dumps(&firefox, &script, 1)[0]);
    recover_and_predict("spidermonkey", "math-random", &toks, start, 6);
    // 3 of the same doubles (the peer tools need 4 or more on Firefox).
    recover_three_and_predict("spidermonkey", &toks, start + 1, &RecoverOptions::default());
    // The same calls as `Math.floor(Math.random() * N)`: JavaScript's
    // product and floor are IEEE double arithmetic, as Rust's are, so these
    // are the integers Firefox would give. 600 percentages: the meet in the
    // middle.
    recover_and_predict("spidermonkey", "floor 256", &times(&toks, 256), rolls, 60);
    recover_and_predict("spidermonkey", "floor 100", &times(&toks, 100), rolls, 600);
}

/// `Math.floor(x * n)` of each double `x`, as JavaScript computes it.
fn times(doubles: &[String], n: u64) -> Vec<String> {
    doubles
        .iter()
        .map(|v| {
            let x: f64 = v.parse().expect("a double");
            ((x * n as f64).floor() as u64).to_string()
        })
        .collect()
}
