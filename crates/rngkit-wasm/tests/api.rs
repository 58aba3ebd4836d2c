//! The JSON interface natively: the sliced seed search against the
//! analysis crate's threaded `search`, the signed seed ranges, and bad input
//! answered with an error (never a panic). The page itself is tested in
//! headless Chromium against the CLI (`web-tests/`, `scripts/test-web`).

use rngkit_analysis::observe::parse_observations;
use rngkit_analysis::registry;
use rngkit_analysis::search::{SearchSpec, search};
use rngkit_wasm::handle;
use serde_json::{Value, json};

fn call(request: Value) -> Result<Value, String> {
    let answer: Value = serde_json::from_str(&handle(&request.to_string())).unwrap();
    match answer.get("ok") {
        Some(ok) => Ok(ok.clone()),
        None => Err(answer["error"].as_str().unwrap().to_string()),
    }
}

/// Runs a search slice by slice, `slice` seeds at a time.
fn sliced(gen_name: &str, obs: &str, seeds: &str, max_advance: &str, slice: u64) -> Vec<String> {
    call(
        json!({"op": "search_start", "gen": gen_name, "observations": obs,
                "seeds": seeds, "max_advance": max_advance}),
    )
    .unwrap();
    let mut found = Vec::new();
    loop {
        let step = call(json!({"op": "search_step", "seeds": slice})).unwrap();
        for m in step["matches"].as_array().unwrap() {
            found.push(format!(
                "{} {}",
                m["seed"].as_str().unwrap(),
                m["advance"].as_str().unwrap()
            ));
        }
        if step["finished"].as_bool().unwrap() {
            assert_eq!(step["done"], step["total"]);
            break;
        }
    }
    found.sort();
    found
}

#[test]
fn sliced_search_equals_the_threaded_search() {
    for (gen_name, seed, advance) in [
        ("mt19937", 70_000u64, 2u64),
        ("glibc", 1234, 0),
        ("unity", 5000, 1),
    ] {
        let entry = registry::find(gen_name).unwrap();
        let mut rng = entry.seed(&seed.into(), &Default::default()).unwrap();
        rng.discard(advance);
        let obs: String = (0..2)
            .map(|_| format!("u32 = {}\n", rng.next_word() as u32))
            .collect();
        let parsed = parse_observations(entry, &obs).unwrap();
        let spec = SearchSpec::new(entry, parsed, 0..=99_999)
            .max_advance(3)
            .threads(2);
        let mut expected = Vec::new();
        search(
            &spec,
            |m| expected.push(format!("{} {}", m.seed, m.advance)),
            |_| {},
        )
        .unwrap();
        expected.sort();
        assert!(expected.contains(&format!("{seed} {advance}")));
        for slice in [1, 777, 1 << 16, 1 << 20] {
            assert_eq!(
                sliced(gen_name, &obs, "0..100000", "3", slice),
                expected,
                "{gen_name} slice {slice}"
            );
        }
    }
}

#[test]
fn signed_seed_ranges_cross_zero() {
    // Unity seeds are ints: -20..20 is two ranges of bit patterns.
    let entry = registry::find("unity").unwrap();
    let mut rng = entry.seed(&(-7i64).into(), &Default::default()).unwrap();
    let obs = format!("u32 = {}\nu32 = {}", rng.next_word(), rng.next_word());
    assert_eq!(
        sliced("unity", &obs, "-20..20", "", 5),
        vec!["-7 0".to_string()]
    );
    assert_eq!(
        sliced("unity", &obs, "-20..=-7", "", 3),
        vec!["-7 0".to_string()]
    );
    assert_eq!(sliced("unity", &obs, "0..20", "", 3), Vec::<String>::new());
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let bad = [
        json!({}),
        json!({"op": 5}),
        json!({"op": "nope"}),
        json!({"op": "table"}),
        json!({"op": "table", "gen": "unity"}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "x"}}),
        json!({"op": "table", "gen": "unity", "source": {"seed": 5}}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "1"}, "count": 0}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "1"}, "count": 100_000}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "1"}, "draws": "value"}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "1"}, "draws": [""]}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "1"}, "draws": ["range-int 5"]}),
        json!({"op": "table", "gen": "unity", "source": {"state": "0 0 0 0"}}),
        json!({"op": "table", "gen": "unity", "source": {"state": "12 0 0 1"}}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "1", "stream": "3"}}),
        json!({"op": "table", "gen": "pcg32", "source": {"state": "1 3", "stream": "3"}}),
        json!({"op": "table", "gen": "splittable-random", "source": {"seed": "1"}, "start": "-1"}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "1"}, "start": "1e9"}),
        json!({"op": "table", "gen": "spidermonkey", "source": {"seed": "1"}}),
        json!({"op": "table", "gen": "mt19937", "source": {"state": "1 2 3"}}),
        json!({"op": "recover", "gen": "unity", "observations": ""}),
        json!({"op": "recover", "gen": "unity", "observations": "value = banana"}),
        json!({"op": "recover", "gen": "splittable-random", "observations": "u32 = 1"}),
        json!({"op": "distance", "gen": "unity", "from": "", "to": ""}),
        json!({"op": "distance", "gen": "mt19937", "from": "x", "to": "y"}),
        json!({"op": "search_start", "gen": "unity", "observations": "u32 = 1", "seeds": "5..1"}),
        json!({"op": "search_start", "gen": "unity", "observations": "u32 = 1", "seeds": "0..5000000000"}),
        json!({"op": "search_start", "gen": "splitmix64", "observations": "u64 = 1", "seeds": "0.."}),
        json!({"op": "search_start", "gen": "pcg32", "observations": "u32 = 1", "seeds": ""}),
        json!({"op": "search_start", "gen": "spidermonkey", "observations": "u32 = 1"}),
        json!({"op": "search_start", "gen": "mt19937", "observations": "u32 = 1", "max_advance": "-1"}),
        json!({"op": "search_step", "seeds": 0}),
        json!({"op": "draw_steps", "gen": "unity", "draw": "nope"}),
        // Fuzz (`wasm_request`, crash-fc6e0ffa): a draw named "\u{4}" was
        // quoted raw in the message.
        json!({"op": "draw_steps", "gen": "xorshift128", "draw": "\u{4}"}),
        json!({"op": "table", "gen": "unity", "source": {"seed": "1\u{1b}[31m"}}),
        json!({"op": "table", "gen": "unity", "source": {"state": "{\"s0\"\n:1\u{7}}"}}),
        // The Tokens form: no idioms, no idiom, a bad alphabet or token.
        json!({"op": "token_lines", "gen": "bdsp", "idiom": "", "alphabet": "a-z", "tokens": "ab"}),
        json!({"op": "token_lines", "gen": "java", "idiom": "", "alphabet": "a-z", "tokens": "ab"}),
        json!({"op": "token_lines", "gen": "java", "idiom": "choices", "alphabet": "a-z", "tokens": "ab"}),
        json!({"op": "token_lines", "gen": "java", "idiom": "next-int", "alphabet": "", "tokens": "ab"}),
        json!({"op": "token_lines", "gen": "java", "idiom": "next-int", "alphabet": "a z", "tokens": "ab"}),
        json!({"op": "token_lines", "gen": "java", "idiom": "next-int", "alphabet": "a-za", "tokens": "ab"}),
        json!({"op": "token_lines", "gen": "java", "idiom": "next-int", "alphabet": "a-z", "tokens": "aB"}),
        json!({"op": "token_lines", "gen": "java", "idiom": "next-int", "alphabet": "a-z", "tokens": "\n \n"}),
        json!({"op": "token_lines", "gen": "java", "idiom": "next-int", "alphabet": "a-z", "tokens": 5}),
        json!({"op": "token_lines", "gen": "java", "idiom": "next-int", "alphabet": "a-z", "tokens": "a\u{7}b"}),
    ];
    for request in bad {
        let answer = call(request.clone());
        let message = answer.expect_err(&request.to_string());
        assert!(
            !message.is_empty() && !message.chars().any(char::is_control),
            "{request}: {message:?}"
        );
    }
    let message =
        call(json!({"op": "draw_steps", "gen": "xorshift128", "draw": "\u{4}"})).unwrap_err();
    assert!(message.contains(r"no draw `\u{4}`"), "{message}");
}

#[test]
fn recovery_answers_unique_several_and_none() {
    let unique = call(json!({"op": "recover", "gen": "unity",
        "observations": "u32 = 1900725526\nu32 = 1900725046\nu32 = 559298752\nu32 = 107093222"}))
    .unwrap();
    assert_eq!(unique["status"], "unique");
    assert_eq!(unique["state"], "00000000 00000001 6c078966 714acb3f");
    let several =
        call(json!({"op": "recover", "gen": "unity", "observations": "u32 = 1900725526"})).unwrap();
    assert_eq!(several["status"], "several");
    assert_eq!(several["count"], "2^96");
    // The message is the command line's, from the shared layer.
    assert_eq!(
        several["message"],
        "2^96 states fit the observations; add observations to pin down one"
    );
    let none =
        call(json!({"op": "recover", "gen": "splitmix64", "observations": "u64 = 1\nu64 = 1"}))
            .unwrap();
    assert_eq!(none["status"], "none");
    assert_eq!(
        none["message"],
        "no state fits all the observations (check the values, the draw names and the skips)"
    );
    let empty =
        call(json!({"op": "recover", "gen": "unity", "observations": "# nothing"})).unwrap_err();
    assert!(
        empty.starts_with("the observation list holds no observations; write one a line"),
        "{empty}"
    );
}

/// Seed ranges are read as the command line reads `--seeds`: UTC windows,
/// and the 32-bit seeds of GENs with wider seed types.
#[test]
fn seed_ranges_read_as_the_command_line_does() {
    let start = |gen_name: &str, seeds: &str| {
        call(
            json!({"op": "search_start", "gen": gen_name, "observations": "u32 = 1",
            "seeds": seeds}),
        )
    };
    let day = start("mt19937", "2026-11-01T00:00:00Z..2026-11-02T00:00:00Z").unwrap();
    assert_eq!(day["total"], "86400");
    // PHP keeps the low 32 bits of its int seed; CPython and Ruby search
    // their one-word seeds (the page refused them before the shared reader).
    for name in ["php", "python", "ruby"] {
        assert_eq!(start(name, "").unwrap()["total"], "4294967296", "{name}");
    }
    assert_eq!(
        start("mt19937", "5..1").unwrap_err(),
        "seeds `5..1` is empty"
    );
}

/// `detect` in the single-threaded run the browser uses: CPython's
/// `random()` after `random.seed(12345)`, printed by python3 itself, is
/// found by its seed; ten Node.js 20 doubles (`node`, when installed) by
/// their era; bad input is an error, not a trap.
#[test]
fn detect_names_the_generator_without_threads() {
    let python = std::process::Command::new("python3")
        .args([
            "-c",
            "import random\nrandom.seed(12345)\nfor _ in range(10): print(repr(random.random()))",
        ])
        .output();
    match python {
        Ok(out) if out.status.success() => {
            let values = String::from_utf8(out.stdout).unwrap();
            let r = call(json!({"op": "detect", "values": values})).unwrap();
            assert_eq!(r["verdict"], "identified", "{r}");
            assert_eq!(r["fits"][0]["gen"], "python");
            assert_eq!(r["fits"][0]["draw"], "random");
            assert_eq!(r["fits"][0]["seed"], "12345");
        }
        _ => eprintln!("note: python3 not found; the CPython case is skipped"),
    }
    let node = std::process::Command::new("node")
        .args([
            "-e",
            "for (let i = 0; i < 10; i++) console.log(Math.random())",
        ])
        .output();
    match node {
        Ok(out) if out.status.success() => {
            let values = String::from_utf8(out.stdout).unwrap();
            let r = call(json!({"op": "detect", "values": values})).unwrap();
            // V8 up to 13.4 shows bits 12..=63 of `s0`, 13.5 on bits
            // 11..=63 of the same word: when bit 11 of each of the ten
            // words is 0 (about one run in 1000) both eras give these
            // doubles from the same state, and detect rightly lists both
            // (each only because a state reproduces every value).
            if r["verdict"] == "ambiguous" {
                let gens: Vec<&str> = r["fits"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f["gen"].as_str().unwrap())
                    .collect();
                assert!(
                    gens.contains(&"v8-legacy") && gens.contains(&"v8-13"),
                    "{r}"
                );
            } else {
                assert_eq!(r["verdict"], "identified", "{r}");
                assert_eq!(r["fits"][0]["gen"], "v8-legacy");
                assert_eq!(r["fits"][0]["draw"], "math-random");
                assert!(r["fits"][0]["states"].as_array().unwrap().len() > 1);
            }
        }
        _ => eprintln!("note: node not found; the Node.js case is skipped"),
    }
    let e = call(json!({"op": "detect", "values": "0.5\nvalue = 0.5\n"})).unwrap_err();
    assert!(e.contains("bare value"), "{e}");
    let e = call(json!({"op": "detect", "values": "1.5\n"})).unwrap_err();
    assert!(e.contains("outside [0, 1)"), "{e}");
}

/// The page's Tokens form: a GEN's idioms from `gens`, its tokens written
/// as observation lines by `token_lines`, and those lines recovering the
/// state the tokens came from.
#[test]
fn token_lines_recover_the_state_of_the_tokens() {
    let gens = call(json!({"op": "gens"})).unwrap();
    let idioms = |name: &str| -> Vec<String> {
        let g = gens
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"] == name)
            .unwrap();
        g["idioms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(idioms("java"), ["next-int"]);
    assert!(idioms("python").contains(&"choices".to_string()));
    assert!(idioms("bdsp").is_empty());

    // Two tokens of 32 from `new Random(S)`: 32 raw steps each.
    let draw = "token next-int A-Za-z0-9 32";
    let table = call(
        json!({"op": "table", "gen": "java", "source": {"seed": "20261206"},
                            "count": 33, "draws": [draw]}),
    )
    .unwrap();
    let token = |row: usize| {
        table["rows"][row]["values"][0]
            .as_str()
            .unwrap()
            .to_string()
    };
    let first = format!("{}?{}", &token(0)[..5], &token(0)[6..]);
    let lines = call(json!({"op": "token_lines", "gen": "java", "idiom": "next-int",
                            "alphabet": "A-Za-z0-9", "tokens": format!("{first}\n\n{}\n", token(32))}))
    .unwrap();
    assert_eq!(
        lines,
        json!([
            format!("{draw} = {first}"),
            format!("{draw} = {}", token(32))
        ])
    );
    let lines: Vec<&str> = lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let recovered =
        call(json!({"op": "recover", "gen": "java", "observations": lines.join("\n")})).unwrap();
    assert_eq!(recovered["status"], "unique");
    assert_eq!(recovered["state"], table["state"]);
    // A character outside the alphabet: the observation parser's words,
    // with the line of the tokens field.
    let message = call(
        json!({"op": "token_lines", "gen": "java", "idiom": "next-int",
                              "alphabet": "A-Za-z0-9", "tokens": format!("{}\nab-c", token(0))}),
    )
    .unwrap_err();
    assert_eq!(
        message,
        "the tokens: line 2: `ab-c`: `-` (character 3) is not in ALPHABET `A-Za-z0-9`"
    );
}
