//! Cracking the runtime GENs through the binary, round trip: outputs from
//! `rngkit gen` (held to PHP, CPython, Ruby and glibc by the core crate's
//! oracle tests) give back the seed (`seed-search`, `identify`) or the
//! state (`recover`), and the predictions match what `gen` draws next.
//! Time windows (`--seeds 2026-11-01T00:00:00Z..2026-11-02T00:00:00Z`) for
//! PHP and glibc; drand48 from two lrand48(); PHP 5.2.1 to 7.0.x from
//! mt_rand() outputs; exit 1 on a contradiction, exit 3 with the count when
//! underdetermined.

use std::process::Command;

use crate::common;
use common::{rngkit_exits, rngkit_in};

fn ok_lines(args: &[&str], stdin: &str) -> Vec<String> {
    common::run_stdin(args, stdin).ok()
}

/// `n` draws of `draw` after `--seed seed --advance advance`, as `gen`
/// prints them.
fn drawn(name: &str, seed: &str, advance: u64, n: usize, draw: &[&str]) -> Vec<String> {
    let adv = advance.to_string();
    let count = n.to_string();
    let mut args = vec!["gen", name, "--seed", seed, "--advance", &adv, "-n", &count];
    args.extend_from_slice(draw);
    ok_lines(&args, "")
}

/// The same draws as observation lines.
fn observed(name: &str, seed: &str, advance: u64, n: usize, draw: &[&str]) -> String {
    drawn(name, seed, advance, n, draw)
        .iter()
        .map(|v| format!("{} = {v}\n", draw.join(" ")))
        .collect()
}

/// 2026-11-01T13:37:00Z in Unix seconds.
const PLANTED_TIME: &str = "1793540220";
const WINDOW: &str = "2026-11-01T00:00:00Z..2026-11-02T00:00:00Z";

#[test]
fn php_seed_from_a_time_window_predicts_the_next_roll() {
    // mt_srand(time()); ten mt_rand(1, 100) rolls seen: which second, and
    // what comes next?
    let rolls = observed("php", PLANTED_TIME, 0, 10, &["mt-rand", "1", "100"]);
    let found = ok_lines(&["seed-search", "php", "--seeds", WINDOW], &rolls);
    assert_eq!(found, [PLANTED_TIME]);
    let all = ok_lines(
        &[
            "gen", "php", "--seed", &found[0], "-n", "13", "mt-rand", "1", "100",
        ],
        "",
    );
    let truth = observed("php", PLANTED_TIME, 0, 13, &["mt-rand", "1", "100"]);
    let truth: Vec<&str> = truth
        .lines()
        .map(|l| l.rsplit(' ').next().unwrap())
        .collect();
    assert_eq!(all, truth);
    // The other eras' kernels on the same window.
    for name in ["php5", "php3", "php-mt-rand-php"] {
        let rolls = observed(name, PLANTED_TIME, 0, 10, &["mt-rand", "1", "100"]);
        let found = ok_lines(&["seed-search", name, "--seeds", WINDOW], &rolls);
        assert!(
            found.contains(&PLANTED_TIME.to_string()),
            "{name}: {found:?}"
        );
    }
}

#[test]
fn php_skips_and_advances() {
    // Two exact mt_rand() outputs with 5 unseen calls between, 3 calls after seeding.
    let first = observed("php", "123456789", 3, 1, &["mt-rand"]);
    let second = observed("php", "123456789", 9, 1, &["mt-rand"]);
    let text = format!("{first}skip 5\n{second}");
    let found = ok_lines(
        &[
            "seed-search",
            "php",
            "--seeds",
            "123000000..124000000",
            "--max-advance",
            "4",
        ],
        &text,
    );
    assert_eq!(found, ["123456789 advance=3"]);
}

#[test]
fn glibc_seed_from_a_time_window() {
    let outputs = observed("glibc", PLANTED_TIME, 0, 2, &["rand"]);
    let found = ok_lines(&["seed-search", "glibc", "--seeds", WINDOW], &outputs);
    assert_eq!(found, [PLANTED_TIME]);
}

#[test]
fn glibc_state_predicts_exactly_and_counts_when_short() {
    let text = observed("glibc", "31337", 50, 160, &["rand"]);
    let predicted = ok_lines(&["recover", "glibc", "--predict", "5", "rand"], &text);
    let truth = drawn("glibc", "31337", 210, 5, &["rand"]);
    assert_eq!(predicted, truth);
    let back = ok_lines(&["recover", "glibc", "--predict", "-3", "rand"], &text);
    let before = drawn("glibc", "31337", 47, 3, &["rand"]);
    assert_eq!(back, before.into_iter().rev().collect::<Vec<_>>());
    // 40 outputs: exit 3 with the number of states.
    let short: String = text.lines().take(40).map(|l| format!("{l}\n")).collect();
    let out = rngkit_in(&["recover", "glibc"], &short);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains("states fit"),
        "{stderr}"
    );
    // An altered output contradicts the recurrence: exit 1.
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[70] = "rand = 7".into();
    rngkit_exits(1, &["recover", "glibc"], &lines.join("\n"));
}

#[test]
fn php_contradiction_finds_no_seed() {
    // mt_rand(0, 0) is always 0.
    let out = rngkit_in(
        &["seed-search", "php", "--seeds", "0..100000"],
        "mt-rand 0 1 = 0\nmt-rand 0 0 = 0\nmt-rand = 5\nmt-rand = 5\n",
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: no seed"), "{stderr}");
}

#[test]
fn python_state_from_words_then_seed_and_predictions() {
    let text = observed("python", "3000000123", 2000, 624, &["getrandbits", "32"]);
    let next = ok_lines(&["recover", "python", "--predict", "3", "random"], &text);
    let truth = drawn("python", "3000000123", 2624, 3, &["random"]);
    assert_eq!(next, truth);
    let back = ok_lines(
        &["recover", "python", "--predict", "-2", "getrandbits", "32"],
        &text,
    );
    let before = drawn("python", "3000000123", 1998, 2, &["getrandbits", "32"]);
    assert_eq!(back, before.into_iter().rev().collect::<Vec<_>>());
    let state = ok_lines(&["recover", "python"], &text);
    let id = ok_lines(&["identify", "python", "--state", &state[0]], "");
    assert_eq!(id, ["seed=3000000123 advance=2000"]);
}

#[test]
fn python_state_from_floats_and_underdetermined_count() {
    let text = observed("python", "7", 0, 700, &["random"]);
    let next = ok_lines(&["recover", "python", "--predict", "2", "random"], &text);
    let truth = drawn("python", "7", 1400, 2, &["random"]);
    assert_eq!(next, truth);
    let short: String = text.lines().take(200).map(|l| format!("{l}\n")).collect();
    let out = rngkit_exits(3, &["recover", "python"], &short);
    assert!(String::from_utf8_lossy(&out.stderr).contains("states fit"));
}

#[test]
fn python_and_ruby_seed_search() {
    let text = observed("python", "4000000001", 0, 2, &["random"]);
    let found = ok_lines(
        &["seed-search", "python", "--seeds", "3999990000..4000010000"],
        &text,
    );
    assert_eq!(found, ["4000000001"]);
    let text = observed("ruby", "4000000001", 0, 2, &["rand"]);
    let found = ok_lines(
        &["seed-search", "ruby", "--seeds", "3999990000..4000010000"],
        &text,
    );
    assert_eq!(found, ["4000000001"]);
}

#[test]
fn drand48_state_from_two_lrand48_predicts_and_lists_or_refuses() {
    // srand48(time()); two lrand48() seen: the state, and what comes next.
    let text = observed("drand48", PLANTED_TIME, 5, 2, &["lrand48"]);
    let state = ok_lines(&["recover", "drand48"], &text);
    let truth = ok_lines(
        &["state", "drand48", "--seed", PLANTED_TIME, "--advance", "5"],
        "",
    );
    assert_eq!(state, truth);
    for draw in [&["lrand48"][..], &["mrand48"], &["drand48"]] {
        let mut args = vec!["recover", "drand48", "--predict", "4"];
        args.extend_from_slice(draw);
        let predicted = ok_lines(&args, &text);
        assert_eq!(
            predicted,
            drawn("drand48", PLANTED_TIME, 7, 4, draw),
            "{draw:?}"
        );
    }
    // Backwards too: the LCG steps back.
    let back = ok_lines(&["recover", "drand48", "--predict", "-2", "lrand48"], &text);
    let before = drawn("drand48", PLANTED_TIME, 3, 2, &["lrand48"]);
    assert_eq!(back, before.into_iter().rev().collect::<Vec<_>>());
    // One lrand48 and the next one's top 5 bits: exit 3, every fitting
    // state listed (the true one among them), the count on stderr.
    let first = text.lines().next().unwrap();
    let second: i64 = text
        .lines()
        .nth(1)
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let lo = second >> 26 << 26;
    let weak = format!("{first}\nlrand48 in {lo}..{}\n", lo + (1 << 26));
    let out = rngkit_in(&["recover", "drand48"], &weak);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    let listed: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert!(
        stderr.starts_with(&format!("error: {} states fit", listed.len())),
        "{stderr}"
    );
    assert!(
        listed.len() > 1000 && listed.contains(&truth[0]),
        "{}",
        listed.len()
    );
    // An lrand48 that cannot follow the first: exit 1.
    rngkit_exits(
        1,
        &["recover", "drand48"],
        &format!("{first}\nlrand48 = {}\n", second ^ 1),
    );
}

#[test]
fn php5_state_from_mt_rand_outputs_predicts_the_next_rolls() {
    // PHP 5.2.1 to 7.0.x (PHP's buggy twist): 1300 mt_rand() outputs, 31
    // bits each, give the state; the next mt_rand() and mt_rand(1, 100)
    // follow.
    let text = observed("php5", "1234567890", 10, 1300, &["mt-rand"]);
    let next = ok_lines(&["recover", "php5", "--predict", "3", "mt-rand"], &text);
    let truth = drawn("php5", "1234567890", 1310, 3, &["mt-rand"]);
    assert_eq!(next, truth);
    let rolls = ok_lines(
        &["recover", "php5", "--predict", "5", "mt-rand", "1", "100"],
        &text,
    );
    let truth = drawn("php5", "1234567890", 1310, 5, &["mt-rand", "1", "100"]);
    assert_eq!(rolls, truth);
    // 624 outputs: exit 3 with the count.
    let short: String = text.lines().take(624).map(|l| format!("{l}\n")).collect();
    let out = rngkit_in(&["recover", "php5"], &short);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.starts_with("error: 2^622 states fit"), "{stderr}");
}

/// `recover --fresh`: the first values of a fresh V8 context (what `gen`
/// draws from `--seed`, whose cache starts empty) pin the state from 4
/// doubles on the one-word eras, and predict the next 100; without
/// `--fresh` the same 4 values leave one state per cache position
/// (exit 3, with the count).
#[test]
fn v8_fresh_context_from_its_first_four_doubles() {
    for name in ["v8-legacy", "node22", "v8-13", "node24"] {
        let obs = observed(name, "2026", 0, 4, &["math-random"]);
        let predicted = ok_lines(
            &[
                "recover",
                name,
                "--fresh",
                "--predict",
                "100",
                "math-random",
            ],
            &obs,
        );
        assert_eq!(
            predicted,
            drawn(name, "2026", 4, 100, &["math-random"]),
            "{name}"
        );
        let state = ok_lines(&["recover", name, "--fresh"], &obs);
        let seeded = ok_lines(&["state", name, "--seed", "2026"], "");
        assert_eq!(state, seeded, "{name}: the state before the first call");
        let out = rngkit_in(&["recover", name], &obs);
        assert_eq!(out.status.code(), Some(3), "{name} without --fresh");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("61 states fit"), "{name}: {err}");
    }
}

/// Several states that agree on what `--predict` asks: printed, exit 0,
/// and stderr says how far they agree. Ten `v8-legacy` values inside one
/// cache block fit 55 cache positions; for these seeds the states also
/// agree on the next two coin flips (`floor 2`), then differ.
#[test]
fn recover_predicts_what_all_fitting_states_agree_on() {
    for seed in ["1", "2"] {
        let obs = observed("v8-legacy", seed, 0, 10, &["math-random"]);
        let out = rngkit_in(
            &["recover", "v8-legacy", "--predict", "2", "floor", "2"],
            &obs,
        );
        assert_eq!(out.status.code(), Some(0));
        let lines: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        assert_eq!(lines, drawn("v8-legacy", seed, 10, 2, &["floor", "2"]));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("55 states fit") && err.contains("all of them give these 2 draws"),
            "{err}"
        );
        // Asking past the point where they differ: exit 3, saying how far.
        let out = rngkit_in(
            &["recover", "v8-legacy", "--predict", "5", "floor", "2"],
            &obs,
        );
        assert_eq!(out.status.code(), Some(3));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("they agree on the first"), "{err}");
    }
}

use crate::oracles;

/// A real, unseeded `node -e` process: its first 4 `Math.random()` values
/// through `rngkit recover --fresh --predict` give the next 50 it printed
/// (Node.js 20 from Debian as `node20`, Node.js 24 from npm as `node24`).
#[test]
fn fresh_node_process_first_four_doubles_predict_the_rest() {
    let mut nodes = Vec::new();
    if let Some(node) = oracles::npm_node(24) {
        nodes.push(("node24", node));
    }
    let system = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join("node"))
        .find(|p| p.is_file());
    match system {
        Some(node) => nodes.push(("node20", node)),
        None if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") => {
            eprintln!("note: node not found; skipped");
        }
        None => panic!(
            "node not found: install the Debian package nodejs, or set RNGKIT_SKIP_MISSING_RUNTIMES=1"
        ),
    }
    for (name, node) in nodes {
        let out = Command::new(&node)
            .arg("-e")
            .arg("for (let i = 0; i < 54; i++) console.log(Math.random())")
            .output()
            .expect("run node");
        assert!(out.status.success());
        let values: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        let obs: String = values[..4]
            .iter()
            .map(|v| format!("math-random = {v}\n"))
            .collect();
        let predicted = ok_lines(
            &["recover", name, "--fresh", "--predict", "50", "math-random"],
            &obs,
        );
        // Compared as doubles: JavaScript prints one below 1e-6 with an
        // exponent (`5.18e-7`), rngkit without; the digits are the same
        // shortest round-trip ones.
        let bits = |texts: &[String]| -> Vec<u64> {
            texts
                .iter()
                .map(|t| {
                    t.parse::<f64>()
                        .unwrap_or_else(|e| panic!("{t}: {e}"))
                        .to_bits()
                })
                .collect()
        };
        assert_eq!(
            bits(&predicted),
            bits(&values[4..]),
            "{name}: {predicted:?}"
        );
    }
}

/// A fresh JavaScriptCore context is one of 2^32 seeds: the first 20 dice
/// (`Math.floor(Math.random() * 6)`) of an unseeded `jsc` process, and the
/// first 10 percentages of an unseeded Bun process (JavaScriptCore too),
/// through `recover javascriptcore --fresh --predict`, give the next 30
/// that process printed.
#[test]
fn fresh_javascriptcore_dice_and_percentages_predict_the_rest() {
    let dir = common::Scratch::new("jsc-fresh");
    let mut runs: Vec<(&str, Vec<String>, usize)> = Vec::new();
    let jsc_script = dir.file(
        "dice.js",
        "for (let i = 0; i < 50; i++) print(Math.floor(Math.random() * 6));\n",
    );
    match Command::new("jsc").arg(&jsc_script).output() {
        Ok(out) => {
            assert!(out.status.success(), "jsc failed");
            runs.push(("6", lines_of(&out.stdout), 20));
        }
        Err(e) if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") => {
            eprintln!("note: jsc could not run ({e}); skipped");
        }
        Err(e) => panic!(
            "jsc is needed ({e}): install the Debian package libjavascriptcoregtk-4.0-bin, or set RNGKIT_SKIP_MISSING_RUNTIMES=1"
        ),
    }
    if let Some(bun) = oracles::npm_bun() {
        let out = Command::new(&bun)
            .arg("-e")
            .arg("for (let i = 0; i < 40; i++) console.log(Math.floor(Math.random() * 100))")
            .output()
            .expect("run bun");
        assert!(out.status.success(), "bun failed");
        runs.push(("100", lines_of(&out.stdout), 10));
    }
    for (n, values, seen) in runs {
        let obs: String = values[..seen]
            .iter()
            .map(|v| format!("floor {n} = {v}\n"))
            .collect();
        let predicted = ok_lines(
            &[
                "recover",
                "javascriptcore",
                "--fresh",
                "--predict",
                "30",
                "floor",
                n,
            ],
            &obs,
        );
        assert_eq!(predicted, values[seen..], "floor {n}");
    }
}

fn lines_of(stdout: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// PHP 8.2's `Random\Randomizer` over an unseeded `Xoshiro256StarStar`
/// engine, run as a process: five `nextInt()` values (an output's top 63
/// bits) give the state with the low bits guessed and predict the next
/// five; four `getBytes(8)` do the same; `getInt(1, 100)` rolls alone exit
/// 3 naming the draws that show whole outputs.
#[test]
fn php_xoshiro256ss_state_from_next_int_and_get_bytes() {
    let script = "$r = new Random\\Randomizer(new Random\\Engine\\Xoshiro256StarStar());
        for ($i = 0; $i < 10; $i++) echo $r->nextInt(), \"\\n\";
        for ($i = 0; $i < 8; $i++) echo bin2hex($r->getBytes(8)), \"\\n\";
        for ($i = 0; $i < 20; $i++) echo $r->getInt(1, 100), \"\\n\";";
    let Some(out) = crate::oracles::run_runtime("php", &["-r", script], "php-cli", "") else {
        return;
    };
    let values: Vec<&str> = out.lines().collect();
    assert_eq!(values.len(), 38, "{out}");
    let obs = |draw: &str, v: &[&str]| -> String {
        v.iter().map(|x| format!("{draw} = {x}\n")).collect()
    };
    let next = ok_lines(
        &["recover", "php-xoshiro256ss", "--predict", "5", "next-int"],
        &obs("next-int", &values[..5]),
    );
    assert_eq!(next, values[5..10]);
    let next = ok_lines(
        &[
            "recover",
            "php-xoshiro256ss",
            "--predict",
            "4",
            "get-bytes",
            "8",
        ],
        &obs("get-bytes 8", &values[10..14]),
    );
    assert_eq!(next, values[14..18]);
    let run = common::run_stdin(
        &["recover", "php-xoshiro256ss"],
        &obs("get-int 1 100", &values[18..]),
    );
    run.fails(3, "observe `generate` values or `get-bytes N`");
}

/// Lua 5.4 (`lua5.4`, unseeded: it seeds from the time and an address):
/// five `math.random(0)` values, the whole outputs, give the state and
/// predict the next five; `math.random()` doubles alone exit 3 naming
/// `random 0`, since more doubles never help.
#[test]
fn lua54_state_from_random_0_and_advice_for_doubles() {
    let script = "for i = 1, 10 do print(math.random(0)) end
        for i = 1, 8 do print(string.format('%.17g', math.random())) end";
    let Some(out) = crate::oracles::run_runtime("lua5.4", &["-e", script], "lua5.4", "") else {
        return;
    };
    let values: Vec<&str> = out.lines().collect();
    assert_eq!(values.len(), 18, "{out}");
    let text: String = values[..5]
        .iter()
        .map(|v| format!("random 0 = {v}\n"))
        .collect();
    let next = ok_lines(
        &["recover", "lua54", "--predict", "5", "random", "0"],
        &text,
    );
    assert_eq!(next, values[5..10]);
    let text: String = values[10..]
        .iter()
        .map(|v| format!("random = {v}\n"))
        .collect();
    let run = common::run_stdin(&["recover", "lua54"], &text);
    run.fails(3, "observe `random 0` values");
}
