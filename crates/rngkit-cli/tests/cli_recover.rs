//! `rngkit recover`, `identify` and `seed-search` run as a process, checked
//! against the contract (`docs/cli.md`) and published vectors
//! (reference facts: Unity after InitState(0), MT19937 seed 5489).

use std::process::Output;

use crate::common;
use common::{rngkit_exits, rngkit_in, stdout_lines};

/// Exit `code`, one `error:` line on stderr containing `needle`.
fn assert_fails(out: &Output, code: i32, needle: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains(needle),
        "`{stderr}` lacks `{needle}`"
    );
    assert!(!stderr.contains("panicked"));
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("rngkit-cli-recover-{}-{name}", std::process::id()))
}

const UNITY_RAW: &str =
    "u32 = 1900725526\nu32 = 1900725046\nu32 = 559298752\nu32 = 107093222\nu32 = 556206921\n";

#[test]
fn recover_prints_the_state_before_the_first_draw() {
    let out = rngkit_in(&["recover", "unity"], UNITY_RAW);
    assert!(out.status.success());
    assert_eq!(
        stdout_lines(&out),
        vec!["00000000 00000001 6c078966 714acb3f"]
    );
    // From a file, after a skip: the state before the skip.
    let path = temp_path("obs.txt");
    std::fs::write(
        &path,
        format!("# one unseen draw\nskip 1\n{}", &UNITY_RAW[17..]),
    )
    .unwrap();
    let out = rngkit_in(
        &["recover", "unity", "--observations", path.to_str().unwrap()],
        "",
    );
    assert_eq!(
        stdout_lines(&out),
        vec!["00000000 00000001 6c078966 714acb3f"]
    );
    std::fs::remove_file(path).ok();
}

#[test]
fn seven_values_list_two_states_and_exit_3() {
    // Seven consecutive `value`s from a state (drawn with `gen`).
    let drawn = rngkit_in(&["gen", "unity", "--seed", "12345", "-n", "8", "u32"], "");
    let words: Vec<u32> = stdout_lines(&drawn)
        .iter()
        .map(|l| l.parse().unwrap())
        .collect();
    let value = |w: u32| (w & 0x7f_ffff) as f32 * (1.0f32 / 8_388_607.0);
    let seven: String = words[..7]
        .iter()
        .map(|&w| format!("value = {}\n", value(w)))
        .collect();
    let out = rngkit_in(&["recover", "unity"], &seven);
    assert_fails(&out, 3, "2 states fit");
    let listed = stdout_lines(&out);
    assert_eq!(listed.len(), 2);
    let state = stdout_lines(&rngkit_in(&["state", "unity", "--seed", "12345"], ""));
    assert!(listed.contains(&state[0]));
    // The eighth value settles it.
    let eight = format!("{seven}value = {}\n", value(words[7]));
    let out = rngkit_in(&["recover", "unity"], &eight);
    assert!(out.status.success());
    assert_eq!(stdout_lines(&out), state);
}

#[test]
fn recover_errors_and_exit_codes() {
    assert_fails(
        &rngkit_in(&["recover", "unity"], "value = 0.5\n\nfrob = 1\n"),
        2,
        "stdin: line 3: ",
    );
    assert_fails(
        &rngkit_in(&["recover", "unity"], "# nothing\n"),
        2,
        "no observations",
    );
    assert_fails(
        &rngkit_in(
            &["recover", "unity"],
            &UNITY_RAW.replace("556206921", "556206922"),
        ),
        1,
        "no state fits",
    );
    assert_fails(
        &rngkit_in(&["recover", "unity"], "u32 = 5\n"),
        3,
        "2^96 states fit",
    );
    assert_fails(
        &rngkit_in(&["recover", "tinymt32"], "u32 = 5\n"),
        3,
        "2^126 states fit",
    );
    assert_fails(&rngkit_in(&["recover", "nosuchgen"], ""), 2, "nosuchgen");
}

#[test]
fn recover_mars_writes_the_blob() {
    let drawn = rngkit_in(&["gen", "mars", "--seed", "7", "-n", "624", "u32"], "");
    let obs: String = stdout_lines(&drawn)
        .iter()
        .map(|l| format!("next-u32 = {l}\n"))
        .collect();
    let path = temp_path("rng.bin");
    rngkit_exits(0, &["recover", "mars", "-o", path.to_str().unwrap()], &obs);
    let expected = temp_path("expected.bin");
    rngkit_in(
        &[
            "state",
            "mars",
            "--seed",
            "7",
            "-o",
            expected.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&expected).unwrap()
    );
    // And identify reads the blob back to the seed.
    let out = rngkit_in(
        &["identify", "mars", "--state-file", path.to_str().unwrap()],
        "",
    );
    assert_eq!(stdout_lines(&out), vec!["seed=7 advance=0"]);
    std::fs::remove_file(path).ok();
    std::fs::remove_file(expected).ok();
}

#[test]
fn identify_mars_save_after_two_twists() {
    // The mars notes: seed(S), two whole twists, left = 454.
    let path = temp_path("save.bin");
    let out = rngkit_in(
        &[
            "state",
            "mars",
            "--seed",
            "0x5eed",
            "--advance",
            "1418",
            "-o",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success());
    let blob = std::fs::read(&path).unwrap();
    assert_eq!(
        i32::from_le_bytes(blob[2496..2500].try_into().unwrap()),
        454
    );
    let out = rngkit_in(
        &["identify", "mars", "--state-file", path.to_str().unwrap()],
        "",
    );
    assert_eq!(
        stdout_lines(&out),
        vec![format!("seed={} advance={}", 0x5eed, 2 * 624 + 170)]
    );
    assert_fails(
        &rngkit_in(
            &["identify", "mars", "--state-file", "/nonexistent/x.bin"],
            "",
        ),
        2,
        "cannot read",
    );
    std::fs::write(&path, [0u8; 17]).unwrap();
    assert_fails(
        &rngkit_in(
            &["identify", "mars", "--state-file", path.to_str().unwrap()],
            "",
        ),
        2,
        "",
    );
    std::fs::remove_file(path).ok();
}

#[test]
fn identify_unity_states() {
    let out = rngkit_in(
        &["identify", "unity", "--state", "0 1 6c078966 714acb3f"],
        "",
    );
    assert_eq!(stdout_lines(&out), vec!["seed=0 advance=0"]);
    let state = stdout_lines(&rngkit_in(
        &["state", "bdsp", "--seed", "-5", "--advance", "777"],
        "",
    ));
    let out = rngkit_in(&["identify", "bdsp", "--state", &state[0]], "");
    assert_eq!(
        stdout_lines(&out),
        vec![format!("seed={} advance=777", 0xffff_fffbu32)]
    );
    assert_fails(
        &rngkit_in(
            &[
                "identify",
                "bdsp",
                "--state",
                &state[0],
                "--max-advance",
                "700",
            ],
            "",
        ),
        1,
        "within 700",
    );
    assert_fails(
        &rngkit_in(&["identify", "pcg32", "--state", "1 3"], ""),
        2,
        "identify supports",
    );
}

#[test]
fn seed_search_finds_the_seed() {
    // Reference facts: init_genrand(5489) first outputs 3499211612, 581869302.
    let out = rngkit_in(
        &[
            "seed-search",
            "mt19937",
            "--seeds",
            "5000..6000",
            "--threads",
            "2",
        ],
        "u32 = 3499211612\n",
    );
    assert!(out.status.success());
    assert_eq!(stdout_lines(&out), vec!["5489"]);
    // The second output, with an advance window; every kernel here agrees.
    for kernel in ["scalar", "avx2", "avx512"] {
        let out = rngkit_in(
            &[
                "seed-search",
                "mars",
                "--seeds",
                "5400..=5500",
                "--max-advance",
                "3",
                "--kernel",
                kernel,
            ],
            "next-u32 = 581869302\n",
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        if stderr.contains("not available") {
            continue;
        }
        assert_eq!(
            stdout_lines(&out),
            vec!["5489 advance=1"],
            "{kernel}: {stderr}"
        );
    }
    // Unity: published values after InitState(0).
    let out = rngkit_in(
        &["seed-search", "unity", "--seeds", "0..100000"],
        "value = 0.5841396\nvalue = 0.5840824\n",
    );
    assert_eq!(stdout_lines(&out), vec!["0"]);
    // A composite draw, matched to its printed digits (reference facts:
    // insideUnitCircle after InitState(0) is (-0.5568735, 0.3252837)).
    let out = rngkit_in(
        &["seed-search", "unity", "--seeds", "0..5000"],
        "inside-unit-circle = -0.5568735 0.3252837\n",
    );
    assert_eq!(stdout_lines(&out), vec!["0"]);
    // No match: exit 1.
    assert_fails(
        &rngkit_in(
            &["seed-search", "mt19937", "--seeds", "0..1000"],
            "u32 = 3499211612\n",
        ),
        1,
        "no seed in 0..=999",
    );
    assert_fails(
        &rngkit_in(
            &["seed-search", "mt19937", "--seeds", "0..0x100000001"],
            "u32 = 1\n",
        ),
        2,
        "seed space",
    );
    assert_fails(
        &rngkit_in(&["seed-search", "mt19937", "--seeds", "x"], "u32 = 1\n"),
        2,
        "--seeds",
    );
    assert_fails(
        &rngkit_in(&["seed-search", "xoshiro256ss"], "u64 = 1\n"),
        2,
        "--seeds A..B",
    );
}

/// `--kernel` takes the `CpuLevel` names, as it always has, and lists them
/// when given another.
#[test]
fn seed_search_kernel_names() {
    for bad in ["avx-512", "AVX2", "avx512f"] {
        assert_fails(
            &rngkit_in(&["seed-search", "mars", "--kernel", bad], ""),
            2,
            &format!(
                "invalid value '{bad}' for '--kernel <KERNEL>' \
                 [possible values: scalar, avx2, avx512]"
            ),
        );
    }
}

#[test]
fn recover_mt19937_from_low_bytes_and_tinymt32() {
    // The low 8 bits of 4000 outputs from the middle of a stream.
    let drawn = rngkit_in(
        &[
            "gen",
            "mt19937",
            "--seed",
            "9",
            "--advance",
            "100",
            "-n",
            "4100",
            "u32",
        ],
        "",
    );
    let words = stdout_lines(&drawn);
    let text: String = words[..4000]
        .iter()
        .map(|w| format!("bits 0xff = {}\n", w.parse::<u32>().unwrap() & 0xff))
        .collect();
    let out = rngkit_exits(0, &["recover", "mt19937"], &text);
    let state = stdout_lines(&out).join(" ");
    let again = rngkit_in(
        &["gen", "mt19937", "--state", &state, "-n", "4100", "u32"],
        "",
    );
    assert_eq!(
        stdout_lines(&again),
        words,
        "gen --state continues the stream"
    );
    // TinyMT32 from 200 full outputs (bit 0 of each is linear).
    let drawn = rngkit_in(&["gen", "tinymt32", "--seed", "1", "-n", "210", "u32"], "");
    let words = stdout_lines(&drawn);
    let text: String = words[..200]
        .iter()
        .map(|w| format!("u32 = {w}\n"))
        .collect();
    let out = rngkit_exits(0, &["recover", "tinymt32"], &text);
    let state = stdout_lines(&out).join(" ");
    let again = rngkit_in(
        &["gen", "tinymt32", "--state", &state, "-n", "210", "u32"],
        "",
    );
    assert_eq!(stdout_lines(&again), words);
}
