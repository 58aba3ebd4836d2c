//! Prediction and location (issue 12, points 2 and 3): `recover --at end`
//! and `--predict N DRAW` against plain stepping with `gen --advance`; every
//! engine draw's help says how many raw steps it takes, and the registry's
//! step counts are what the draws consume; `locate` finds a known stream's
//! position from exact draws and from BDSP blinks.

use crate::common;

use common::{Scratch, run, run_in, run_line};
use rngkit::number::BigInt;
use rngkit::registry::{SeedOptions, Steps};

/// `gen unity --seed 4242 --advance A -n N DRAW...`
fn unity_at(advance: u64, n: u64, draw: &[&str]) -> Vec<String> {
    let (a, n) = (advance.to_string(), n.to_string());
    let mut args = vec!["gen", "unity", "--seed", "4242", "--advance", &a, "-n", &n];
    args.extend_from_slice(draw);
    run(&args).ok()
}

/// Observations of the unity stream from advance 10: six u32, five
/// unobserved steps, one `rotation` (4 steps, no equations), two `value`s:
/// 17 steps in all.
fn unity_observations() -> String {
    let mut obs = String::from("# InitState(4242), from step 10\n");
    for w in unity_at(10, 6, &["u32"]) {
        obs.push_str(&format!("u32 = {w}\n"));
    }
    obs.push_str("skip 5\n");
    obs.push_str(&format!(
        "rotation = {}\n",
        unity_at(21, 1, &["rotation"])[0]
    ));
    for v in unity_at(25, 2, &["value"]) {
        obs.push_str(&format!("value = {v}\n"));
    }
    obs
}

#[test]
fn recover_at_start_and_end() {
    let dir = Scratch::new("predict");
    let obs = dir.file("obs.txt", unity_observations());
    let state = |advance: &str| run_line("state unity --seed 4242 --advance {}", &[advance]).ok();
    let start = run_line("recover unity --observations {}", &[&obs]).ok();
    assert_eq!(start, state("10"));
    let explicit = run_line("recover unity --observations {} --at start", &[&obs]).ok();
    assert_eq!(explicit, start);
    // The state after the last observation: 10 + 17 steps.
    let end = run_line("recover unity --observations {} --at end", &[&obs]).ok();
    assert_eq!(end, state("27"));
    // Stdin works the same.
    let text = std::fs::read_to_string(&obs).unwrap();
    let end_stdin = run_in(
        &dir.0,
        &["recover", "unity", "--at", "end"],
        Some(text.as_bytes()),
    );
    assert_eq!(end_stdin.ok(), end);
}

#[test]
fn predict_forward_and_backward() {
    let dir = Scratch::new("predict2");
    let obs = dir.file("obs.txt", unity_observations());
    let predict = |args: &[&str]| {
        let mut all = vec!["recover", "unity", "--observations", &obs, "--predict"];
        all.extend_from_slice(args);
        run(&all)
    };
    // N > 0: the draws that follow the observations (from step 27).
    assert_eq!(
        predict(&["5", "range-int", "1", "7"]).ok(),
        unity_at(27, 5, &["range-int", "1", "7"])
    );
    assert_eq!(predict(&["3", "u32"]).ok(), unity_at(27, 3, &["u32"]));
    assert_eq!(
        predict(&["2", "inside-unit-circle"]).ok(),
        unity_at(27, 2, &["inside-unit-circle"])
    );
    // N < 0: the draws before the first observation (step 10), nearest
    // first: u32 at steps 9, 8, 7; rotations (4 steps) at 6 and 2.
    let mut before = unity_at(7, 3, &["u32"]);
    before.reverse();
    assert_eq!(predict(&["-3", "u32"]).ok(), before);
    let mut values = unity_at(8, 2, &["value"]);
    values.reverse();
    assert_eq!(predict(&["-2", "value"]).ok(), values);
    let rotations = [unity_at(6, 1, &["rotation"]), unity_at(2, 1, &["rotation"])].concat();
    assert_eq!(predict(&["-2", "rotation"]).ok(), rotations);
    assert_eq!(predict(&["0", "u32"]).ok(), Vec::<String>::new());
    // Bad uses: one error line each.
    predict(&["x", "u32"]).usage_error("--predict N");
    predict(&["2", "vlaue"]).usage_error("did you mean `value`");
    predict(&["2", "range-int", "0", "10", "-n", "5"]).usage_error("options go before DRAW");
    run_line(
        "recover unity --observations {} --predict 2 u32 --at end",
        &[&obs],
    )
    .usage_error("options go before DRAW");
    run_line(
        "recover unity --observations {} --at end --predict 2 u32",
        &[&obs],
    )
    .usage_error("--at");
}

#[test]
fn predict_backward_needs_a_fixed_size_draw() {
    // mars: 624 full outputs give the state; next-int-inclusive 5 redraws
    // (variable steps), so its past is ambiguous but its future is not.
    let dir = Scratch::new("predict3");
    let words = run_line("gen mars --seed 7 -n 624 next-u32", &[]).ok();
    let obs: String = words.iter().map(|w| format!("next-u32 = {w}\n")).collect();
    let obs = dir.file("obs.txt", obs);
    let forward = run_line(
        "recover mars --observations {} --predict 4 next-int-inclusive 5",
        &[&obs],
    );
    let want = run_line(
        "gen mars --seed 7 --advance 624 -n 4 next-int-inclusive 5",
        &[],
    );
    assert_eq!(forward.ok(), want.ok());
    run_line(
        "recover mars --observations {} --predict -2 next-int-inclusive 5",
        &[&obs],
    )
    .usage_error("variable number of raw steps");
    let back = run_line("recover mars --observations {} --predict -1 u32", &[&obs]);
    assert_eq!(back.code, Some(0), "{}", back.stderr);
}

/// Arguments that make a draw's syntax parse: MIN 1, MAX 7, counts small.
fn sample_args(syntax: &str) -> Vec<&'static str> {
    let mut args = Vec::new();
    for word in syntax.split(' ').skip(1) {
        if word.starts_with('[') {
            break; // optional arguments: leave them out
        }
        args.push(match word {
            "MIN" | "A" | "START" | "LOW" => "1",
            "MAX" | "B" | "STOP" | "HIGH" => "7",
            "TEXT" => "abc",
            "K" => "2",
            "X" => "2.5",
            _ => "5",
        });
    }
    args
}

#[test]
fn every_engine_draw_says_and_takes_its_steps() {
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for entry in rngkit_analysis::registry::all() {
        let name = entry.name();
        let start = match entry.seed(&BigInt::from(12345), &SeedOptions::default()) {
            Ok(rng) => rng,
            Err(_) => {
                let text = run_line("state {} --entropy", &[name]).ok().remove(0);
                let words: Vec<u64> = text
                    .split(' ')
                    .map(|w| u64::from_str_radix(w, 16).unwrap())
                    .collect();
                entry.from_words(&words).unwrap()
            }
        };
        for info in entry.engine_draws() {
            let help = info.help.to_lowercase();
            if !help.contains("step") {
                missing.push(format!("{name} {}: {}", info.syntax, info.help));
            }
            let args = sample_args(info.syntax);
            let Ok(draw) = entry.parse_draw(info.name(), &args) else {
                continue;
            };
            if let Steps::Fixed(k) = draw.steps(entry.output_bits()) {
                // The draw leaves the generator where k raw steps do.
                for skip in 0..8 {
                    let mut drawn = start.clone();
                    drawn.discard(skip);
                    let mut stepped = drawn.clone();
                    draw.eval(&mut drawn);
                    stepped.discard(k);
                    if drawn.words() != stepped.words() {
                        wrong.push(format!("{name} {} {args:?}: not {k} steps", info.syntax));
                        break;
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(
        missing.is_empty(),
        "draw help without its steps:\n{}",
        missing.join("\n")
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(checked >= 40, "only {checked} fixed-step draws checked");
}

#[test]
fn locate_exact_draws() {
    let dir = Scratch::new("locate");
    let words = run_line("gen bdsp --seed 1 --advance 5000 -n 3 next-uint", &[]).ok();
    let obs: String = words.iter().map(|w| format!("next-uint = {w}\n")).collect();
    let obs = dir.file("obs.txt", obs);
    let found = run_line(
        "locate bdsp --seed 1 --observations {} --max 10000",
        &[&obs],
    );
    assert_eq!(found.ok(), vec!["5000"]);
    // Outside --max: exit 1 with one error line.
    run_line("locate bdsp --seed 1 --observations {} --max 4999", &[&obs])
        .fails(1, "fit nowhere in the first 4999 steps");
    // From a state (the one saved before a restart), and at advance 0.
    let saved = run_line("state bdsp --seed 1 --advance 4990", &[])
        .ok()
        .remove(0);
    let found = run_line(
        "locate bdsp --state {} --observations {} --max 100",
        &[&saved, &obs],
    );
    assert_eq!(found.ok(), vec!["10"]);
    let found = run_line(
        "locate bdsp --seed 1 --advance 5000 --observations {}",
        &[&obs],
    );
    assert_eq!(found.ok(), vec!["0"]);
    // Every fitting position, in increasing order: `bool` fits about half.
    let coin = dir.file("coin.txt", format!("bits 0x1 = {}\n", 0));
    let all = run_line(
        "locate unity --seed 3 --observations {} --max 200",
        &[&coin],
    )
    .ok();
    let words: Vec<u64> = run_line("gen unity --seed 3 -n 201 u32", &[])
        .ok()
        .iter()
        .map(|w| w.parse().unwrap())
        .collect();
    let want: Vec<String> = (0..=200)
        .filter(|&n| words[n] & 1 == 0)
        .map(|n| n.to_string())
        .collect();
    assert_eq!(all, want);
    // Bad input.
    run_line("locate bdsp --seed 1 --observations {} --max -5", &[&obs]).usage_error("-5");
    run_line("locate bdsp --seed 1", &[]).usage_error("--observations");
}

/// Project_Xs-style reidentification: the player knows the state from
/// before a restart and sees 20 blinks (the low 4 bits of a word), with the
/// frames between them unobserved; NPCs draw 2 extra raw steps per frame.
#[test]
fn locate_bdsp_blinks_with_npcs() {
    let dir = Scratch::new("blinks");
    let saved = run_line("state bdsp --seed 0x1234abcd", &[]).ok().remove(0);
    let at = 34_567u64;
    let words: Vec<u32> = run(&[
        "gen",
        "bdsp",
        "--state",
        &saved,
        "--advance",
        &at.to_string(),
        "-n",
        "4000",
        "u32",
    ])
    .ok()
    .iter()
    .map(|w| w.parse().unwrap())
    .collect();
    // Frame f checks a blink with one raw word, then 2 NPC words: the word
    // of frame f is at 3f. The player sees blinks at frames 0, 7, 19, ...
    let frames: Vec<usize> = (0..20).map(|i| i * 11 + (i * i) % 5).collect();
    let mut obs = String::from("# blinks: frame f reads word 3f; NPCs take 2 words a frame\n");
    let mut pos = 0usize;
    for &f in &frames {
        let word = 3 * f;
        if word > pos {
            obs.push_str(&format!("skip {}\n", word - pos));
        }
        obs.push_str(&format!("bits 0xf = 0x{:x}\n", words[word] & 0xf));
        pos = word + 1;
    }
    let obs = dir.file("blinks.txt", obs);
    let found = run_line(
        "locate bdsp --state {} --observations {} --max 100000",
        &[&saved, &obs],
    );
    assert_eq!(found.ok(), vec![at.to_string()]);
    // The state there continues the stream: recover --at end would follow.
    let there = run(&[
        "state",
        "bdsp",
        "--state",
        &saved,
        "--advance",
        &at.to_string(),
    ])
    .ok();
    let again = run_line(
        "locate bdsp --state {} --observations {} --max 0",
        &[&there[0], &obs],
    );
    assert_eq!(again.ok(), vec!["0"]);
}
