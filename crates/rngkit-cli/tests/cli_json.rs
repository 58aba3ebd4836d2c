//! `--format json` on every command: each output (document, JSON line,
//! error object) validates against `docs/cli-json.schema.json`, for exit 0,
//! 1, 2 and 3 outcomes, carries the exit status it exits with, and says what
//! the text form says. Expected values come from outside rngkit: the
//! published MT19937 outputs, a C program's glibc `rand()`.

use serde_json::Value;

use crate::common::json_schema::{cli_schema, validate_def};
use crate::common::{Run, Scratch, run, run_stdin};
use crate::oracles;

/// The schema definition each command's stdout lines validate against:
/// (definition of every line but the last, of the last line).
fn defs(command: &str) -> (&'static str, &'static str) {
    match command {
        "gen" => ("gen_draw", "gen_summary"),
        "seed-search" => ("seed_search_match", "seed_search_summary"),
        "recover" => ("recover", "recover"),
        "detect" => ("detect", "detect"),
        "locate" => ("locate", "locate"),
        "identify" => ("identify", "identify"),
        "distance" => ("distance", "distance"),
        "state" => ("state", "state"),
        other => panic!("no JSON for {other}"),
    }
}

/// Parses and validates a run of `args` (with `--format json` in it) that
/// exits `code`: every stdout line against its command's definitions, the
/// stderr against the error object when the exit is not 0 (with the same
/// exit in it); returns the stdout values.
#[track_caller]
fn checked(r: &Run, args: &[&str], code: i32) -> Vec<Value> {
    let schema = cli_schema();
    assert_eq!(r.code, Some(code), "{args:?}: {}{}", r.stdout, r.stderr);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    let lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect();
    let (each, last) = defs(args[0]);
    for (i, v) in lines.iter().enumerate() {
        let def = if i + 1 == lines.len() { last } else { each };
        let errors = validate_def(&schema, def, v);
        assert!(
            errors.is_empty(),
            "{args:?} line {i} ({def}): {errors:?}\n{v}"
        );
        if v.get("exit").is_some() {
            assert_eq!(v["exit"], code, "{args:?}: {v}");
            assert_eq!(v["schema"], 1, "{v}");
            assert_eq!(v["command"], args[0], "{v}");
        }
    }
    if code != 0 {
        let err: Value = serde_json::from_str(r.stderr.trim()).unwrap_or_else(|e| {
            panic!(
                "{args:?}: stderr is not one JSON object ({e}): {}",
                r.stderr
            )
        });
        let errors = validate_def(&schema, "error", &err);
        assert!(errors.is_empty(), "{args:?}: {errors:?}");
        assert_eq!(err["exit"], code);
    }
    lines
}

fn json(args: &[&str], code: i32) -> Vec<Value> {
    checked(&run(args), args, code)
}

fn json_stdin(args: &[&str], stdin: &str, code: i32) -> Vec<Value> {
    checked(&run_stdin(args, stdin), args, code)
}

/// The message of the JSON error a run of `args` writes, which exits 2.
fn usage_json(args: &[&str], stdin: &str) -> String {
    let r = run_stdin(args, stdin);
    assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    let err = &checked(&r, args, 2);
    assert!(err.is_empty());
    let v: Value = serde_json::from_str(r.stderr.trim()).unwrap();
    v["error"].as_str().unwrap().to_string()
}

#[test]
fn gen_streams_json_lines_with_a_summary() {
    // The first outputs of MT19937 seeded 5489 (the C++ standard's default).
    let lines = json(
        &[
            "gen", "mt19937", "--seed", "5489", "-n", "3", "--format", "json", "u32",
        ],
        0,
    );
    let values: Vec<&Value> = lines[..3].iter().map(|l| &l["value"]).collect();
    assert_eq!(values, [3499211612u64, 581869302, 3890346734]);
    assert_eq!(lines[3]["count"], 3);
    assert_eq!(lines[3]["status"], "ok");
    // Floats, --hex, bools, vectors: the text form's digits as JSON.
    for draw in [
        &["value"][..],
        &["range-int", "-10", "10"],
        &["inside-unit-circle"],
    ] {
        let mut args = vec!["gen", "unity", "--seed", "0", "-n", "2", "--format", "json"];
        args.extend_from_slice(draw);
        let lines = json(&args, 0);
        let mut text_args = args.clone();
        text_args.retain(|a| *a != "--format" && *a != "json");
        let text = run(&text_args).ok();
        for (line, text) in lines.iter().zip(&text) {
            let got = match &line["value"] {
                Value::Array(xs) => xs
                    .iter()
                    .map(Value::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                v => v.to_string(),
            };
            assert_eq!(&got, text, "{draw:?}");
        }
    }
    let hex = json(
        &[
            "gen", "unity", "--seed", "0", "--hex", "--format", "json", "value",
        ],
        0,
    );
    assert_eq!(
        hex[0]["value"],
        run(&["gen", "unity", "--seed", "0", "--hex", "value"]).ok()[0]
    );
    // Errors: an unknown GEN, --raw, a draw the GEN lacks.
    assert!(
        usage_json(
            &[
                "gen",
                "no-such-gen",
                "--seed",
                "0",
                "--format",
                "json",
                "u32"
            ],
            ""
        )
        .contains("no-such-gen")
    );
    assert!(
        usage_json(
            &[
                "gen", "mt19937", "--seed", "0", "--raw", "--format", "json", "u32"
            ],
            ""
        )
        .contains("--raw")
    );
    assert!(
        usage_json(
            &["gen", "mt19937", "--seed", "0", "--format", "json", "nope"],
            ""
        )
        .contains("nope")
    );
}

#[test]
fn the_default_text_output_is_unchanged() {
    assert_eq!(
        run(&["gen", "mt19937", "--seed", "5489", "-n", "2", "u32"]).ok(),
        ["3499211612", "581869302"]
    );
    assert_eq!(
        run(&[
            "gen", "mt19937", "--seed", "5489", "-n", "2", "--format", "text", "u32"
        ])
        .ok(),
        ["3499211612", "581869302"]
    );
}

#[test]
fn state_keeps_its_own_json_form() {
    let unity = json(&["state", "unity", "--seed", "0", "--format", "json"], 0);
    assert_eq!(
        unity[0],
        serde_json::json!({"s0": 0, "s1": 1, "s2": 1812433254u32, "s3": 1900727103u32})
    );
    let mt = json(
        &["state", "mt19937", "--seed", "5489", "--format", "json"],
        0,
    );
    assert_eq!(mt[0]["gen"], "mt19937");
    assert_eq!(mt[0]["words"].as_array().unwrap().len(), 625);
    // Its errors are JSON objects too.
    usage_json(
        &["state", "no-such-gen", "--seed", "0", "--format", "json"],
        "",
    );
}

/// Unity `value` observations of seed 7 (rngkit's own draws: the fact under
/// test is the document, and tests/cli_recover.rs checks recover itself).
fn unity_values(n: usize) -> String {
    run(&["gen", "unity", "--seed", "7", "-n", &n.to_string(), "u32"])
        .ok()
        .iter()
        .map(|v| format!("u32 = {v}\n"))
        .collect()
}

#[test]
fn recover_documents_every_outcome() {
    let words = run(&["state", "unity", "--seed", "7"]).ok()[0].clone();
    let unique = json_stdin(
        &["recover", "unity", "--format", "json"],
        &unity_values(6),
        0,
    );
    assert_eq!(unique[0]["status"], "unique");
    assert_eq!(unique[0]["states"][0]["words"], words.as_str());
    assert_eq!(unique[0]["message"], Value::Null);
    // --predict: the draws that follow, as gen prints them.
    let predicted = json_stdin(
        &[
            "recover",
            "unity",
            "--format",
            "json",
            "--predict",
            "2",
            "u32",
        ],
        &unity_values(6),
        0,
    );
    let next = run(&[
        "gen",
        "unity",
        "--seed",
        "7",
        "--advance",
        "6",
        "-n",
        "2",
        "u32",
    ])
    .ok();
    let got: Vec<String> = predicted[0]["predictions"]
        .as_array()
        .unwrap()
        .iter()
        .map(Value::to_string)
        .collect();
    assert_eq!(got, next);
    // -o FILE names the file.
    let dir = Scratch::new("json-recover");
    let out = dir.0.join("state.txt");
    let out = out.to_str().unwrap();
    let written = json_stdin(
        &["recover", "unity", "--format", "json", "-o", out],
        &unity_values(6),
        0,
    );
    assert_eq!(written[0]["output"], out);
    assert_eq!(std::fs::read_to_string(out).unwrap().trim(), words);
    // Too few values: several states (exit 3); values no state gives
    // (exit 1); a malformed line (exit 2).
    let several = json_stdin(
        &["recover", "unity", "--format", "json"],
        &unity_values(3),
        3,
    );
    assert_eq!(several[0]["status"], "several");
    assert!(
        several[0]["message"]
            .as_str()
            .unwrap()
            .contains("states fit")
    );
    let none = json_stdin(
        &["recover", "mt19937", "--format", "json"],
        &(0..700).map(|i| format!("u32 = {i}\n")).collect::<String>(),
        1,
    );
    assert_eq!(none[0]["status"], "none");
    assert!(
        usage_json(&["recover", "unity", "--format", "json"], "u32 = banana\n").contains("line 1")
    );
}

/// glibc `rand()` from a C program: `srand(31337)`, 12 values; `srand(1)`
/// after 2^20 (unseeded-looking), 40 values.
fn glibc_values() -> Option<(Vec<String>, Vec<String>)> {
    let out = oracles::run_c(
        "json-glibc",
        "#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  srand(31337); for (int i = 0; i < 12; i++) printf(\"%d\\n\", rand());\n  srand(2718281828u); for (int i = 0; i < 40; i++) printf(\"%d\\n\", rand());\n  return 0;\n}\n",
    )?;
    let lines: Vec<String> = out.lines().map(str::to_string).collect();
    Some((lines[..12].to_vec(), lines[12..].to_vec()))
}

#[test]
fn detect_documents_fits_and_the_ranked_open_readings() {
    let Some((seeded, unseeded)) = glibc_values() else {
        return;
    };
    let text = seeded[..10].join("\n") + "\n";
    let found = json_stdin(&["detect", "--format", "json"], &text, 0);
    assert_eq!(found[0]["status"], "identified");
    let fit = &found[0]["fits"][0];
    assert_eq!(
        (&fit["gen"], &fit["draw"]),
        (&"glibc".into(), &"rand".into())
    );
    assert_eq!(fit["answer"]["kind"], "seed");
    assert_eq!(fit["answer"]["seed"], 31337);
    // 40 values cannot settle glibc: exit 3, glibc ranked first.
    let text = unseeded.join("\n") + "\n";
    let open = json_stdin(
        &["detect", "--format", "json", "--max-seconds", "30"],
        &text,
        3,
    );
    assert_eq!(open[0]["status"], "underdetermined");
    let first = &open[0]["open"][0];
    assert_eq!(first["gen"], "glibc", "{}", open[0]["open"]);
    assert_eq!(first["rank"], 1);
    // Values nothing makes (exit 1) and malformed input (exit 2).
    // Thirty small integers: no draw gives them (a 32-bit draw sets the
    // top bit of one of 24 values but with probability 2^-24).
    let small: String = (1..=30).map(|i| format!("{i}\n")).collect();
    let none = json_stdin(&["detect", "--format", "json"], &small, 1);
    assert_eq!(none[0]["status"], "none");
    usage_json(&["detect", "--format", "json"], "hello\n");
}

#[test]
fn seed_search_streams_matches_and_a_summary() {
    let Some((seeded, _)) = glibc_values() else {
        return;
    };
    let obs: String = seeded[..6]
        .iter()
        .map(|v| format!("rand = {v}\n"))
        .collect();
    let args = [
        "seed-search",
        "glibc",
        "--seeds",
        "31000..32000",
        "--format",
        "json",
    ];
    let lines = json_stdin(&args, &obs, 0);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["seed"], 31337);
    assert_eq!(lines[1]["matches"], 1);
    assert_eq!(lines[1]["searched"], 1000);
    let args = [
        "seed-search",
        "glibc",
        "--seeds",
        "0..1000",
        "--format",
        "json",
    ];
    let none = json_stdin(&args, &obs, 1);
    assert_eq!(none[0]["status"], "none");
    assert!(none[0]["message"].as_str().unwrap().contains("no seed"));
    usage_json(
        &[
            "seed-search",
            "glibc",
            "--seeds",
            "9..1",
            "--format",
            "json",
        ],
        &obs,
    );
}

#[test]
fn locate_identify_distance_documents() {
    // locate: the u32 at advance 5 of mt19937 seeded 5489 and the next.
    let words = run(&["gen", "mt19937", "--seed", "5489", "-n", "7", "u32"]).ok();
    let obs = format!("u32 = {}\nu32 = {}\n", words[5], words[6]);
    let located = json_stdin(
        &[
            "locate",
            "mt19937",
            "--seed",
            "5489",
            "--observations",
            "-",
            "--max",
            "100",
            "--format",
            "json",
        ],
        &obs,
        0,
    );
    assert_eq!(located[0]["advances"], serde_json::json!([5]));
    let none = json_stdin(
        &[
            "locate",
            "mt19937",
            "--seed",
            "5489",
            "--observations",
            "-",
            "--max",
            "3",
            "--format",
            "json",
        ],
        &obs,
        1,
    );
    assert_eq!(none[0]["advances"], serde_json::json!([]));
    usage_json(
        &[
            "locate",
            "mt19937",
            "--seed",
            "x",
            "--observations",
            "-",
            "--format",
            "json",
        ],
        &obs,
    );

    // identify: Unity seeded 12345, 10 steps on.
    let state = run(&["state", "unity", "--seed", "12345", "--advance", "10"]).ok()[0].clone();
    let found = json(
        &["identify", "unity", "--state", &state, "--format", "json"],
        0,
    );
    assert_eq!(
        (&found[0]["seed"], &found[0]["advance"]),
        (&12345.into(), &10.into())
    );
    let none = json(
        &[
            "identify",
            "unity",
            "--state",
            &state,
            "--max-advance",
            "3",
            "--format",
            "json",
        ],
        1,
    );
    assert_eq!(none[0]["status"], "none");
    usage_json(
        &["identify", "unity", "--state", "zz", "--format", "json"],
        "",
    );

    // distance: 1000 steps, and signed -1000 the other way.
    let a = run(&["state", "xorshift128", "--seed", "1"]).ok()[0].clone();
    let b = run(&["state", "xorshift128", "--seed", "1", "--advance", "1000"]).ok()[0].clone();
    let d = json(
        &[
            "distance",
            "xorshift128",
            "--from",
            &a,
            "--to",
            &b,
            "--format",
            "json",
        ],
        0,
    );
    assert_eq!(d[0]["distance"], 1000);
    let d = json(
        &[
            "distance",
            "xorshift128",
            "--from",
            &b,
            "--to",
            &a,
            "--signed",
            "--format",
            "json",
        ],
        0,
    );
    assert_eq!(d[0]["distance"], -1000);
    let p = run(&["state", "pcg32", "--seed", "1", "--stream", "1"]).ok()[0].clone();
    let q = run(&["state", "pcg32", "--seed", "1", "--stream", "2"]).ok()[0].clone();
    let none = json(
        &[
            "distance", "pcg32", "--from", &p, "--to", &q, "--format", "json",
        ],
        1,
    );
    assert_eq!(none[0]["status"], "none");
    usage_json(
        &[
            "distance",
            "xorshift128",
            "--from",
            "zz",
            "--to",
            &a,
            "--format",
            "json",
        ],
        "",
    );
}

#[test]
fn unknown_formats_and_shells_list_the_accepted_values() {
    for args in [
        &["gen", "mt19937", "--seed", "0", "--format", "xml", "u32"][..],
        &["detect", "--format", "yaml"],
        &["state", "unity", "--seed", "0", "--format", "xml"],
    ] {
        let r = run(args);
        let line = r.usage_error("invalid value");
        assert!(line.contains("json"), "{line}");
    }
    let line = run(&["completions", "tcsh"]).usage_error("invalid value 'tcsh'");
    for shell in ["bash", "zsh", "fish", "powershell"] {
        assert!(line.contains(shell), "{line}");
    }
    // A line clap refuses that asks for JSON gets its error as JSON.
    let r = run(&["detect", "--bogus", "--format", "json"]);
    assert_eq!(r.code, Some(2));
    let v: Value = serde_json::from_str(r.stderr.trim()).unwrap();
    assert!(v["error"].as_str().unwrap().contains("--bogus"), "{v}");
}

/// A draw line's value as the text form writes it: the raw JSON text of
/// `value` (numbers keep their digits; serde would round big ones through
/// a float), arrays space-separated, strings unquoted.
fn value_text(line: &str) -> String {
    let raw = line
        .split_once("\"value\":")
        .and_then(|(_, rest)| rest.strip_suffix('}'))
        .unwrap_or_else(|| panic!("no value last in {line}"));
    if let Some(items) = raw.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return items.replace(',', " ");
    }
    if raw.starts_with('"') {
        return serde_json::from_str::<String>(raw).unwrap();
    }
    raw.to_string()
}

/// Every GEN, every draw that takes no argument: the JSON lines validate
/// and each value is the text form's, from the same state.
#[test]
fn every_gens_argumentless_draws_are_the_text_forms_values() {
    let schema = cli_schema();
    for e in rngkit_analysis::registry::all() {
        let name = e.name();
        let state = run(&["state", name, "--entropy"]).ok()[0].clone();
        let mut draws = vec!["u32", "u64", "f64", "bool"];
        draws.extend(
            e.engine_draws()
                .iter()
                .map(|d| d.syntax)
                .filter(|s| !s.contains(' ')),
        );
        for draw in draws {
            for hex in [false, true] {
                let mut args = vec!["gen", name, "--state", &state, "-n", "3"];
                if hex {
                    args.push("--hex");
                }
                let text = run(&[&args[..], &[draw]].concat()).ok();
                let r = run(&[&args[..], &["--format", "json", draw]].concat());
                let lines = checked(&r, &[&args[..], &["--format", "json", draw]].concat(), 0);
                assert_eq!(lines.len(), 4, "{name} {draw}");
                let raw: Vec<String> = r.stdout.lines().take(3).map(value_text).collect();
                assert_eq!(raw, text, "{name} {draw} hex={hex}");
                assert!(validate_def(&schema, "gen_summary", &lines[3]).is_empty());
            }
        }
    }
}
