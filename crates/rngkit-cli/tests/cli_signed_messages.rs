//! Signed distances and seeds, and messages that guide (issue 12, points
//! 5 to 7): `distance --signed` and its note near the period; negative seed
//! bounds and signed seed output for unity's `int` seeds; did-you-mean for
//! GEN and draw names; errors that name the GEN typed; one name for
//! Unity.Mathematics; options after DRAW; seed-search's summary line.

use crate::common;

use common::{Scratch, run, run_line, run_stdin};

const S0: &str = "00000000 00000001 6c078966 714acb3f"; // InitState(0)

fn unity_state(advance: &str) -> String {
    run_line("state unity --seed 0 --advance {}", &[advance])
        .ok()
        .remove(0)
}

#[test]
fn signed_distance() {
    let ahead = unity_state("17");
    // From 17 steps past the target: 2^128 - 1 - 17, with a note.
    let out = run_line("distance unity --from {} --to {}", &[&ahead, S0]);
    assert_eq!(out.ok(), vec!["340282366920938463463374607431768211438"]);
    assert!(out.stderr.contains("17 steps behind"), "{}", out.stderr);
    assert!(out.stderr.contains("--signed prints -17"), "{}", out.stderr);
    let out = run_line("distance unity --signed --from {} --to {}", &[&ahead, S0]);
    assert_eq!(out.ok(), vec!["-17"]);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    // Forwards, --signed changes nothing and no note is printed.
    let out = run_line("distance unity --signed --from {} --to {}", &[S0, &ahead]);
    assert_eq!(out.ok(), vec!["17"]);
    let out = run_line("distance unity --from {} --to {}", &[S0, &ahead]);
    assert_eq!(out.ok(), vec!["17"]);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    // The note appears within 2^64 of the period, not beyond.
    let near = unity_state("-18446744073709551615"); // 2^64 - 1 behind
    let out = run_line("distance unity --from {} --to {}", &[S0, &near]);
    assert!(
        out.stderr.contains("18446744073709551615 steps behind"),
        "{}",
        out.stderr
    );
    let out = run_line("distance unity --signed --from {} --to {}", &[S0, &near]);
    assert_eq!(out.ok(), vec!["-18446744073709551615"]);
    let far = unity_state("-18446744073709551617"); // 2^64 + 1 behind
    let out = run_line("distance unity --from {} --to {}", &[S0, &far]);
    assert_eq!(out.ok(), vec!["340282366920938463444927863358058659838"]);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    // Other periods: splitmix64 (2^64), xoshiro256ss (2^256 - 1), pcg32.
    for (g, seed) in [
        ("splitmix64", "5"),
        ("pcg32", "5"),
        ("xoroshiro128p", "5"),
        ("unity-math", "5"),
    ] {
        let from = run_line("state {} --seed {} --advance 1000", &[g, seed])
            .ok()
            .remove(0);
        let to = run_line("state {} --seed {}", &[g, seed]).ok().remove(0);
        let out = run_line("distance {} --signed --from {} --to {}", &[g, &from, &to]);
        assert_eq!(out.ok(), vec!["-1000"], "{g}");
    }
}

#[test]
fn signed_seeds_for_unity() {
    let dir = Scratch::new("signed-seeds");
    // InitState(-3): its first two words, found in -5..10.
    let words = run_line("gen unity --seed -3 -n 2 u32", &[]).ok();
    let obs: String = words.iter().map(|w| format!("u32 = {w}\n")).collect();
    let path = dir.file("obs.txt", &obs);
    let found = run_line(
        "seed-search unity --observations {} --seeds -5..10",
        &[&path],
    );
    assert_eq!(found.ok(), vec!["-3"]);
    // The summary line goes to stderr even without a terminal.
    assert!(
        found.stderr.contains("searched 15 seeds in"),
        "{}",
        found.stderr
    );
    assert!(
        found.stderr.contains("M seeds/s), 1 match"),
        "{}",
        found.stderr
    );
    assert_eq!(found.stderr.lines().count(), 1, "{}", found.stderr);
    // The --seeds=... spelling, an advance, and the help's example.
    let words = run_line("gen unity --seed -12345 --advance 40 -n 2 u32", &[]).ok();
    let obs: String = words.iter().map(|w| format!("u32 = {w}\n")).collect();
    let path = dir.file("obs2.txt", &obs);
    let found = run_line(
        "seed-search unity --observations {} --seeds=-20000..0 --max-advance 100",
        &[&path],
    );
    assert_eq!(found.ok(), vec!["-12345 advance=40"]);
    // Unsigned spellings of the same seeds are the same search.
    let found = run_line(
        "seed-search unity --observations {} --seeds 0xffffb1e0..=0xffffcfc7 --max-advance 40",
        &[&path],
    );
    assert_eq!(found.ok(), vec!["-12345 advance=40"]);
    // No match: exit 1, the summary inside the one error line.
    let none = run_line(
        "seed-search unity --observations {} --seeds -10..-5",
        &[&path],
    );
    let e = none.fails(1, "no seed in -10..=-6");
    assert!(e.contains("searched 5 seeds"), "{e}");
    // identify prints the int seed signed.
    let state = run_line("state unity --seed -12345 --advance 40", &[])
        .ok()
        .remove(0);
    assert_eq!(
        run_line("identify unity --state {}", &[&state]).ok(),
        vec!["seed=-12345 advance=40"]
    );
    // bdsp's set_seed takes a uint32: printed unsigned.
    let state = run_line("state bdsp --seed -12345", &[]).ok().remove(0);
    assert_eq!(
        run_line("identify bdsp --state {}", &[&state]).ok(),
        vec!["seed=4294954951 advance=0"]
    );
    // A range crossing the signed maximum is refused with a way out.
    run_line(
        "seed-search unity --observations {} --seeds 0x7ffffff0..0x80000010",
        &[&path],
    )
    .usage_error("split the range");
}

#[test]
fn every_gen_documents_its_seed() {
    let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    for command in ["gen", "state"] {
        let help = squash(&run_line("{} --help", &[command]).ok().join("\n"));
        for entry in rngkit_analysis::registry::all() {
            let info = entry.info();
            assert!(
                help.contains(&squash(info.seed_doc)),
                "{command} --help: {}",
                info.name
            );
            assert!(
                help.contains(&squash(info.state_doc)),
                "{command} --help: {}",
                info.name
            );
        }
    }
    let help = squash(&run(&["seed-search", "--help"]).ok().join("\n"));
    assert!(help.contains("-5..10"), "{help}");
}

#[test]
fn did_you_mean() {
    for (typed, meant) in [
        ("Unity", "unity"),
        ("mt", "mt19937"),
        ("xoshiro256**", "xoshiro256ss"),
        ("pcg", "pcg32"),
        ("unity_math", "unity-math"),
    ] {
        for args in [
            vec!["gen", typed, "--seed", "1", "u32"],
            vec!["state", typed, "--seed", "1"],
            vec!["recover", typed],
            vec!["seed-search", typed],
            vec!["distance", typed, "--from", "1", "--to", "2"],
        ] {
            run(&args).usage_error(&format!("did you mean `{meant}`?"));
        }
    }
    for (g, typed, meant) in [
        ("unity", "vlaue", "value"),
        ("unity", "range_int", "range-int"),
        ("bdsp", "next-rnad", "next-rand"),
        ("mars", "next-u23", "next-u32"),
        ("unity", "U32", "u32"),
    ] {
        run_line("gen {} --seed 1 {}", &[g, typed])
            .usage_error(&format!("did you mean `{meant}`?"));
    }
}

#[test]
fn errors_name_the_gen_typed() {
    let mt_words = |first: &str| {
        let mut s = first.to_string();
        for _ in 0..624 {
            s.push_str(" 1");
        }
        s
    };
    let cases: Vec<(&str, Vec<String>, &str)> = vec![
        (
            "bdsp",
            vec!["--state".into(), "0 0 0 0".into()],
            "xorshift128",
        ),
        (
            "bdsp",
            vec!["--state".into(), "1 2 3".into()],
            "xorshift128",
        ),
        ("mars", vec!["--state".into(), mt_words("0x271")], "mt19937"),
        ("mars", vec!["--state".into(), "1 2".into()], "mt19937"),
        (
            "unity-math",
            vec!["--state".into(), "0".into()],
            "xorshift32",
        ),
        ("megacrush", vec!["--state".into(), "1 2".into()], "pcg32"),
    ];
    for (g, rest, other) in cases {
        let mut args = vec!["state", g];
        args.extend(rest.iter().map(String::as_str));
        let e = run(&args).usage_error(g);
        assert!(!e.to_lowercase().contains(other), "{e}");
    }
    // Draw errors name the GEN too.
    for (g, other) in [
        ("bdsp", "xorshift128"),
        ("mars", "mt19937"),
        ("unity-math", "xorshift32"),
    ] {
        let e =
            run_line("gen {} --seed 1 nope", &[g]).usage_error(&format!("{g} has no draw `nope`"));
        assert!(!e.contains(other), "{e}");
    }
    // One name for Unity.Mathematics: the GEN, its alias, its errors.
    run_line("gen unity-math --seed 0 next-uint", &[]).usage_error("unity-math rejects seed 0");
    assert_eq!(
        run_line("gen unity-mathematics --seed 1 next-uint", &[]).ok(),
        run_line("gen unity-math --seed 1 next-uint", &[]).ok()
    );
}

#[test]
fn options_after_the_draw() {
    run_line("gen unity --seed 1 range-int 0 10 -n 5", &[]).usage_error("options go before DRAW");
    run_line("gen unity --seed 1 u32 --hex", &[]).usage_error("options go before DRAW");
    run_line("gen unity --seed 1 -q u32", &[]).usage_error("-q");
    // Negative numbers after the draw are arguments, not options.
    let out = run_line("gen unity --seed 1 -n 3 range-int -10 -5", &[]).ok();
    assert!(
        out.iter()
            .all(|v| (-10..-5).contains(&v.parse::<i32>().unwrap()))
    );
    let out = run_stdin(
        &["recover", "unity", "--predict", "1", "u32", "-n", "2"],
        "u32 = 1\n",
    );
    out.usage_error("options go before DRAW");
}
