//! State input (issue 12, point 1): what `rngkit state` prints is accepted
//! back for every GEN of the registry; text states cannot be misread (strict
//! words, whole files); the formats users have (Unity's
//! `JsonUtility.ToJson(Random.state)`, PokeFinder's BDSP seed pair, MT text
//! states in files, stdin, a UTF-8 byte order mark) each work.

use crate::common;

use common::{Scratch, init_state, run, run_in, run_stdin, xorshift_step};

/// The text state of `gen` from `seeding`, advanced `advance` steps.
fn state_text(args: &[&str]) -> String {
    let lines = run(args).ok();
    assert_eq!(lines.len(), 1, "{args:?}");
    lines[0].clone()
}

#[test]
fn every_printed_state_is_accepted_back() {
    let dir = Scratch::new("state-back");
    let mut checked = 0;
    for entry in rngkit_analysis::registry::all() {
        let name = entry.name();
        // Seeded where the GEN takes a seed (state-only GENs: --entropy),
        // and moved off the seeded shape with an advance.
        let seeded = run(&["state", name, "--seed", "1", "--advance", "1000"]);
        let states = if seeded.code == Some(0) {
            vec![
                seeded.lines()[0].clone(),
                state_text(&["state", name, "--seed", "12345"]),
            ]
        } else {
            vec![state_text(&["state", name, "--entropy"])]
        };
        let entropy = state_text(&["state", name, "--entropy"]);
        for text in states.iter().chain([&entropy]) {
            // --state on the command line.
            assert_eq!(
                state_text(&["state", name, "--state", text]),
                *text,
                "{name} --state"
            );
            // --state-file, with and without the newline `state` ends with.
            for (i, data) in [format!("{text}\n"), text.clone()].iter().enumerate() {
                let path = dir.file(&format!("{name}-{i}.txt"), data);
                assert_eq!(
                    state_text(&["state", name, "--state-file", &path]),
                    *text,
                    "{name} --state-file"
                );
            }
            // --state-file - reads stdin.
            let back = run_stdin(&["state", name, "--state-file", "-"], &format!("{text}\n"));
            assert_eq!(back.ok(), vec![text.clone()], "{name} --state-file -");
            // -o writes what --state-file reads (the blob for mars/mt19937).
            let out = dir.0.join(format!("{name}.out"));
            let out = out.to_str().unwrap();
            run(&["state", name, "--state", text, "-o", out]).ok();
            assert_eq!(state_text(&["state", name, "--state-file", out]), *text);
            checked += 1;
        }
    }
    assert!(checked >= 2 * rngkit_analysis::registry::all().len());
}

#[test]
fn ambiguous_words_are_refused_on_the_command_line() {
    // The issue's case: decimal-looking words used to be read as hex, exit 0.
    let e = run(&["gen", "unity", "--state", "12 34 56 78", "value"]).usage_error("`12`");
    assert!(e.contains("0x12") && e.contains("00000012"), "{e}");
    // With 0x, zero-padded, or single digits (the same in both bases): hex.
    let want = state_text(&[
        "state",
        "unity",
        "--state",
        "00000012 00000034 00000056 00000078",
    ]);
    assert_eq!(want, "00000012 00000034 00000056 00000078");
    assert_eq!(
        state_text(&["state", "unity", "--state", "0x12 0x34 0x56 0X78"]),
        want
    );
    assert_eq!(
        state_text(&["state", "unity", "--state", "0 1 6c078966 714acb3f"]),
        "00000000 00000001 6c078966 714acb3f"
    );
    // Words with a hex letter can only be hex.
    assert_eq!(
        state_text(&["state", "unity", "--state", "a 1b 2c 3d"]),
        "0000000a 0000001b 0000002c 0000003d"
    );
    run(&["state", "splitmix64", "--state", "1234"]).usage_error("could be decimal or hex");
}

#[test]
fn state_files_hold_exactly_what_state_prints() {
    let dir = Scratch::new("state-strict");
    // Cut off mid-word (the issue's file), a word short, padded words missing.
    for (data, needle) in [
        ("00000000 00000001 6c078966 714a\n", "cut off"),
        ("00000000 00000001 6c078966\n", "cut off"),
        ("0 1 6c078966 714acb3f\n", "8 hex digits"),
        ("0x00000000 00000001 6c078966 714acb3f\n", "8 hex digits"),
    ] {
        let path = dir.file("cut.txt", data);
        run(&["state", "unity", "--state-file", &path]).usage_error(needle);
    }
    // An MT text state that lost its last bytes.
    let mt = state_text(&["state", "mt19937", "--seed", "5489"]);
    let path = dir.file("mt-cut.txt", &mt[..mt.len() - 3]);
    run(&["state", "mt19937", "--state-file", &path]).usage_error("cut off");
    let path = dir.file("mt-short.txt", &mt[..mt.len() - 9]);
    run(&["state", "mt19937", "--state-file", &path]).usage_error("625");
}

#[test]
fn mt_text_state_in_a_file() {
    // What `state` prints for mt19937/mars is accepted by --state-file, next
    // to the blob. init_genrand(5489)'s first output is 3499211612 (the
    // reference mt19937ar.c output).
    let dir = Scratch::new("mt-text");
    for g in ["mt19937", "mars"] {
        let text = state_text(&["state", g, "--seed", "5489"]);
        assert_eq!(text.split(' ').count(), 625);
        let path = dir.file("mt.txt", format!("{text}\n"));
        let from_text = run(&["gen", g, "--state-file", &path, "-n", "3", "u32"]).ok();
        let from_seed = run(&["gen", g, "--seed", "5489", "-n", "3", "u32"]).ok();
        assert_eq!(from_text, from_seed);
        if g == "mt19937" {
            assert_eq!(from_text[0], "3499211612");
        }
    }
}

/// `JsonUtility.ToJson(Random.state)` for the words `s`: the four C# `int`
/// fields s0..s3 in order, signed decimal.
fn unity_json(s: [u32; 4]) -> String {
    format!(
        r#"{{"s0":{},"s1":{},"s2":{},"s3":{}}}"#,
        s[0] as i32, s[1] as i32, s[2] as i32, s[3] as i32
    )
}

#[test]
fn unity_json_state() {
    for seed in [0u32, 1, 12345, 0x8000_0000, 0xdead_beef] {
        let s = init_state(seed);
        let json = unity_json(s);
        // The JSON of InitState(S) continues exactly as --seed S does, and
        // its outputs are Xorshift128 on s0..s3 in field order.
        let mut reference = s;
        let want: Vec<String> = (0..4)
            .map(|_| xorshift_step(&mut reference).to_string())
            .collect();
        let seed_text = (seed as i32).to_string();
        for g in ["unity", "bdsp", "xorshift128"] {
            let got = run(&["gen", g, "--state", &json, "-n", "4", "u32"]).ok();
            assert_eq!(got, want, "{g} {json}");
            if g != "xorshift128" {
                let by_seed = run(&["gen", g, "--seed", &seed_text, "-n", "4", "u32"]);
                assert_eq!(by_seed.ok(), want);
            }
        }
    }
    // The issue's sample: a negative int is the word's two's complement.
    let sample = r#"{"s0":-1187214701,"s1":1,"s2":-1,"s3":2147483647}"#;
    assert_eq!(
        state_text(&["state", "unity", "--state", sample]),
        format!("{:08x} 00000001 ffffffff 7fffffff", -1187214701i32 as u32)
    );
    // Spaces, newlines, any field order; from a file with a BOM; from stdin.
    let spaced = "{\n  \"s3\" : 1900727103,\n  \"s0\": 0, \"s1\":1,\"s2\":1812433254 }\n";
    assert_eq!(
        state_text(&["state", "unity", "--state", spaced]),
        "00000000 00000001 6c078966 714acb3f"
    );
    let dir = Scratch::new("unity-json");
    let path = dir.file("state.json", format!("\u{feff}{spaced}"));
    assert_eq!(
        state_text(&["state", "bdsp", "--state-file", &path]),
        "00000000 00000001 6c078966 714acb3f"
    );
    let back = run_stdin(&["state", "xorshift128", "--state-file", "-"], spaced);
    assert_eq!(back.ok(), vec!["00000000 00000001 6c078966 714acb3f"]);
    // Malformed JSON: one error line naming the problem and the form.
    for (json, needle) in [
        (r#"{"s0":0,"s1":1,"s2":2}"#, "lacks \"s3\""),
        (r#"{"s0":0,"s1":1,"s2":2,"s3":3,"s0":4}"#, "twice"),
        (r#"{"s0":0,"s1":1,"s2":2,"s4":3}"#, "unknown field"),
        (r#"{"s0":2147483648,"s1":1,"s2":2,"s3":3}"#, "C# int"),
        (r#"{"s0":1.5,"s1":1,"s2":2,"s3":3}"#, "C# int"),
        (r#"{"s0":"1","s1":1,"s2":2,"s3":3}"#, "C# int"),
        (r#"{"s0":0,"s1":0,"s2":0,"s3":0}"#, "all zero"),
        (r#"{"s0":0,"s1":1,"s2":2,"s3":3"#, "closing"),
    ] {
        let e = run(&["state", "unity", "--state", json]).usage_error(needle);
        assert!(e.contains("JsonUtility") || needle == "all zero", "{e}");
    }
    // JSON belongs to the xorshift128 GENs only.
    run(&["state", "mt19937", "--state", r#"{"s0":1}"#]).usage_error("not hex");
}

#[test]
fn bdsp_seed_pair() {
    // PokeFinder's Xorshift(seed0, seed1): s0 s1 = the high and low halves
    // of seed0, s2 s3 those of seed1.
    let (seed0, seed1) = (0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210u64);
    let pair = format!("{seed0:016x} {seed1:016X}");
    assert_eq!(
        state_text(&["state", "bdsp", "--state", &pair]),
        "01234567 89abcdef fedcba98 76543210"
    );
    let mut s = [
        (seed0 >> 32) as u32,
        seed0 as u32,
        (seed1 >> 32) as u32,
        seed1 as u32,
    ];
    let want: Vec<String> = (0..3).map(|_| xorshift_step(&mut s).to_string()).collect();
    assert_eq!(
        run(&["gen", "bdsp", "--state", &pair, "-n", "3", "next-uint"]).ok(),
        want
    );
    // set_seed(S) as a pair, written from the definition.
    let s = init_state(777);
    let pair = format!(
        "0x{:x} 0x{:x}",
        (u64::from(s[0]) << 32) | u64::from(s[1]),
        (u64::from(s[2]) << 32) | u64::from(s[3])
    );
    assert_eq!(
        run(&["gen", "bdsp", "--state", &pair, "-n", "5", "u32"]).ok(),
        run(&["gen", "bdsp", "--seed", "777", "-n", "5", "u32"]).ok()
    );
    run(&["state", "bdsp", "--state", "12 6c078966714acb3f"]).usage_error("0x12");
    run(&["state", "bdsp", "--state", "0 0"]).usage_error("all zero");
    run(&["state", "bdsp", "--state", "0x1 0x10000000000000000"]).usage_error("64-bit");
    // The pair is BDSP's: unity reads two words as a short state.
    run(&[
        "state",
        "unity",
        "--state",
        "0000000000000001 6c078966714acb3f",
    ])
    .usage_error("32 bits");
}

#[test]
fn byte_order_marks_are_ignored() {
    let dir = Scratch::new("bom");
    let path = dir.file("state.txt", "\u{feff}00000000 00000001 6c078966 714acb3f\n");
    assert_eq!(
        state_text(&["state", "unity", "--state-file", &path]),
        "00000000 00000001 6c078966 714acb3f"
    );
    // Observations: InitState(0)'s first two outputs, with a BOM.
    let obs = dir.file("obs.txt", "\u{feff}u32 = 1900725526\n");
    let found = run_in(
        &dir.0,
        &[
            "seed-search",
            "unity",
            "--observations",
            &obs,
            "--seeds",
            "0..100",
        ],
        None,
    );
    assert_eq!(found.ok(), vec!["0"]);
}

#[test]
fn every_json_state_is_accepted_back() {
    // `state --format json` for every GEN: the GEN's own JSON form (Unity's
    // object, numpy's `RandomState.get_state(legacy=False)` dict, R's
    // `.Random.seed` as an array) or the generic object; `--state` and
    // `--state-file` read it back to the same words.
    let own_form = ["unity", "bdsp", "xorshift128", "numpy-legacy", "r"];
    let dir = Scratch::new("state-json");
    for entry in rngkit_analysis::registry::all() {
        let name = entry.name();
        let seeded = run(&["state", name, "--seed", "7", "--advance", "3"]);
        let words = if seeded.code == Some(0) {
            seeded.lines()[0].clone()
        } else {
            state_text(&["state", name, "--entropy"])
        };
        let json = state_text(&["state", name, "--state", &words, "--format", "json"]);
        assert!(
            (json.starts_with('{') && json.ends_with('}'))
                || (name == "r" && json.starts_with('[') && json.ends_with(']')),
            "{name}: {json}"
        );
        if !own_form.contains(&name) {
            assert!(
                json.starts_with(&format!(r#"{{"gen":"{name}","words":[""#)),
                "{name}: {json}"
            );
        }
        assert_eq!(
            state_text(&["state", name, "--state", &json]),
            words,
            "{name}"
        );
        let path = dir.file(&format!("{name}.json"), format!("{json}\n"));
        assert_eq!(
            state_text(&["state", name, "--state-file", &path]),
            words,
            "{name}"
        );
        // -o with --format json writes the same text.
        let out = dir.0.join(format!("{name}.out.json"));
        let out = out.to_str().unwrap();
        run(&[
            "state", name, "--state", &words, "--format", "json", "-o", out,
        ])
        .ok();
        assert_eq!(std::fs::read_to_string(out).unwrap(), format!("{json}\n"));
    }
}

#[test]
fn unity_json_output_is_jsonutility_form() {
    // Random.InitState(0): s = 0, 1, 1812433254, 1900727103 (see
    // unity_json_state), signed ints as JsonUtility writes them.
    assert_eq!(
        state_text(&["state", "unity", "--seed", "0", "--format", "json"]),
        unity_json(init_state(0))
    );
    assert_eq!(
        state_text(&["state", "unity", "--seed", "-5", "--format", "json"]),
        unity_json(init_state(-5i32 as u32))
    );
}

#[test]
fn json_states_are_checked() {
    run(&[
        "state",
        "pcg32",
        "--state",
        r#"{"gen":"glibc","words":["1"]}"#,
    ])
    .usage_error("a `glibc` state, not a `pcg32` one");
    run(&[
        "state",
        "pcg32",
        "--state",
        r#"{"gen":"pcg32","words":["1",5]}"#,
    ])
    .usage_error("not a quoted hex string");
    run(&["state", "pcg32", "--state", r#"{"gen":"pcg32"}"#]).usage_error("both");
    run(&[
        "state",
        "pcg32",
        "--state",
        r#"{"gen":"pcg32","words":["1","2"],"x":1}"#,
    ])
    .usage_error("unknown key");
    // pcg32's increment must be odd: the generator's own rule still holds.
    run(&[
        "state",
        "pcg32",
        "--state",
        r#"{"gen":"pcg32","words":["1","2"]}"#,
    ])
    .usage_error("increment must be odd");
    run(&["state", "pcg32", "--format", "yaml", "--seed", "1"]).usage_error("yaml");
}

#[test]
fn decimal_words_get_their_hex_form_shown() {
    // A word printed in decimal (a program's `int` words) that cannot be a
    // 32-bit hex word: the message gives its hex form instead of claiming
    // it does not fit.
    let e =
        run(&["gen", "unity", "--state", "3150331535 1 2 3", "value"]).usage_error("`3150331535`");
    assert!(e.contains("0xbbc63e8f") && e.contains("decimal"), "{e}");
    // Too long in either base: the width is said.
    run(&["gen", "unity", "--state", "99999999999 1 2 3", "value"])
        .usage_error("does not fit in 32 bits");
}
