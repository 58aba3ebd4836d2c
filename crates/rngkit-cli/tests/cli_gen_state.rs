//! `rngkit gen` and `rngkit state` run as a process, checked against the
//! contract (`docs/cli.md`) and against published vectors.

use std::path::PathBuf;

use crate::common;
use std::process::{Command, Output};

fn rngkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rngkit"))
        .args(args)
        .output()
        .expect("the rngkit binary runs")
}

/// Runs successfully and returns stdout's lines.
fn lines(args: &[&str]) -> Vec<String> {
    common::run(args).ok()
}

/// Fails with exit 2, nothing on stdout and exactly one `error:` line.
fn assert_usage_error(args: &[&str], needle: &str) {
    let out = rngkit(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "rngkit {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "rngkit {args:?} wrote to stdout");
    assert_eq!(stderr.lines().count(), 1, "rngkit {args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.contains(needle),
        "rngkit {args:?}: `{stderr}` lacks `{needle}`"
    );
}

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rngkit-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// mt19937ar.c init_genrand(5489); C++ [rand.predef] 10000th = 4123659995.
#[test]
fn gen_mt19937_reference() {
    assert_eq!(
        lines(&["gen", "mt19937", "--seed", "5489", "-n", "5", "u32"]),
        [
            "3499211612",
            "581869302",
            "3890346734",
            "3586334585",
            "545404204"
        ]
    );
    assert_eq!(
        lines(&[
            "gen",
            "mt19937",
            "--seed",
            "5489",
            "--advance",
            "9999",
            "u32"
        ]),
        ["4123659995"]
    );
    // mars shares the stream: seeding twists eagerly but outputs agree.
    assert_eq!(
        lines(&["gen", "mars", "--seed", "5489", "--advance", "9999", "u32"]),
        ["4123659995"]
    );
}

/// pcg-c-basic pcg32-demo, pcg32_srandom_r(42, 54).
#[test]
fn gen_pcg32_reference_hex() {
    assert_eq!(
        lines(&[
            "gen", "pcg32", "--seed", "42", "--stream", "54", "--hex", "-n", "6", "u32"
        ]),
        [
            "0xa15c02b7",
            "0x7b47f409",
            "0xba1d3330",
            "0x83d2f293",
            "0xbfa4784b",
            "0xcbed606e"
        ]
    );
    // 54 is the default stream.
    assert_eq!(
        lines(&["gen", "pcg32", "--seed", "42", "--hex", "u32"]),
        ["0xa15c02b7"]
    );
    assert_eq!(
        lines(&["state", "pcg32", "--seed", "42"]),
        ["185706b82c2e03f8 000000000000006d"]
    );
}

/// uny-random-js captures of real Unity: InitState(0) state and raw words.
#[test]
fn unity_init_state_0_state_and_words() {
    assert_eq!(
        lines(&["state", "unity", "--seed", "0"]),
        ["00000000 00000001 6c078966 714acb3f"]
    );
    assert_eq!(
        lines(&["gen", "xorshift128", "--seed", "0", "-n", "5", "u32"]),
        [
            "1900725526",
            "1900725046",
            "559298752",
            "107093222",
            "556206921"
        ]
    );
    // The engine's pre-entropy state is InitState(0): the same stream from --state.
    assert_eq!(
        lines(&["gen", "unity", "--state", "0 1 6C078966 714acb3f", "u32"]),
        ["1900725526"]
    );
}

/// TinyMT check32.out.txt, seed 1.
#[test]
fn gen_tinymt32_reference() {
    assert_eq!(
        lines(&["gen", "tinymt32", "--seed", "1", "-n", "5", "u32"]),
        [
            "2545341989",
            "981918433",
            "3715302833",
            "2387538352",
            "3591001365"
        ]
    );
}

/// A negative 32-bit seed is the int's two's complement.
#[test]
fn negative_seed_is_twos_complement() {
    assert_eq!(
        lines(&["state", "unity", "--seed", "-1"]),
        lines(&["state", "unity", "--seed", "0xffffffff"])
    );
    assert_eq!(
        lines(&["state", "unity", "--seed", "-2147483648"]),
        lines(&["state", "unity", "--seed", "2147483648"])
    );
}

/// For every generator, the printed state fed back through --state (and
/// --state-file) continues the same stream, and advancing equals skipping.
#[test]
fn state_round_trips_for_every_generator() {
    for profile in common::FIRST_GENS {
        let state = lines(&["state", profile, "--seed", "12345", "--advance", "7"]);
        assert_eq!(state.len(), 1, "{profile}");
        let direct = lines(&["gen", profile, "--seed", "12345", "-n", "10", "u64"]);
        let skipped = lines(&[
            "gen",
            profile,
            "--seed",
            "12345",
            "--advance",
            "7",
            "-n",
            "3",
            "u64",
        ]);
        let resumed = lines(&["gen", profile, "--state", &state[0], "-n", "3", "u64"]);
        assert_eq!(skipped, resumed, "{profile}");
        // A u64 draw is two steps for 32-bit generators, one for 64-bit ones.
        let per = if [
            "pcg32",
            "megacrush",
            "unity",
            "bdsp",
            "xorshift128",
            "mars",
            "mt19937",
            "tinymt32",
            "unity-math",
        ]
        .contains(&profile)
        {
            2
        } else {
            1
        };
        if per == 1 {
            assert_eq!(&direct[7..10], &skipped[..], "{profile}");
        }
        let file = temp_path(&format!("{profile}.state"));
        let file_str = file.to_str().unwrap();
        lines(&[
            "state",
            profile,
            "--seed",
            "12345",
            "--advance",
            "7",
            "-o",
            file_str,
        ]);
        assert_eq!(
            lines(&["gen", profile, "--state-file", file_str, "-n", "3", "u64"]),
            resumed,
            "{profile}"
        );
        assert_eq!(
            lines(&["state", profile, "--state-file", file_str]),
            state,
            "{profile}"
        );
    }
}

/// The MT blob: 2500 bytes, 624 LE words then LE i32 left; 2503 accepted.
#[test]
fn mars_blob_layout_and_round_trip() {
    let file = temp_path("mars.bin");
    let f = file.to_str().unwrap();
    lines(&["state", "mars", "--seed", "1", "--advance", "170", "-o", f]);
    let blob = std::fs::read(&file).unwrap();
    assert_eq!(blob.len(), 2500);
    assert_eq!(
        i32::from_le_bytes(blob[2496..].try_into().unwrap()),
        624 - 170
    );
    let text = lines(&["state", "mars", "--seed", "1", "--advance", "170"]);
    let words: Vec<&str> = text[0].split(' ').collect();
    assert_eq!(words.len(), 625);
    assert_eq!(words[0], format!("{:08x}", 454));
    assert_eq!(
        words[1],
        format!("{:08x}", u32::from_le_bytes(blob[0..4].try_into().unwrap()))
    );
    let continued = lines(&["gen", "mars", "--state-file", f, "-n", "4", "u32"]);
    assert_eq!(
        continued,
        lines(&[
            "gen",
            "mars",
            "--seed",
            "1",
            "--advance",
            "170",
            "-n",
            "4",
            "u32"
        ])
    );

    let mut padded = blob.clone();
    padded.extend_from_slice(&[0, 0, 0]);
    let pfile = temp_path("mars-padded.bin");
    std::fs::write(&pfile, &padded).unwrap();
    assert_eq!(
        lines(&[
            "gen",
            "mt19937",
            "--state-file",
            pfile.to_str().unwrap(),
            "-n",
            "4",
            "u32"
        ]),
        continued
    );
}

#[test]
fn raw_output_is_the_little_endian_word_stream() {
    let out = rngkit(&[
        "gen", "mt19937", "--seed", "5489", "--raw", "-n", "3", "u32",
    ]);
    assert!(out.status.success());
    let words: Vec<u32> = out
        .stdout
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words, [3499211612, 581869302, 3890346734]);
    let out = rngkit(&[
        "gen",
        "splitmix64",
        "--seed",
        "0",
        "--raw",
        "-n",
        "1",
        "u64",
    ]);
    // Vigna's splitmix64.c, first output from state 0.
    assert_eq!(out.stdout, 0xe220a8397b1dcdafu64.to_le_bytes());
}

#[test]
fn float_and_int_draws_are_in_range() {
    for line in lines(&[
        "gen",
        "xoshiro256ss",
        "--seed",
        "3",
        "-n",
        "200",
        "int",
        "-3",
        "4",
    ]) {
        let v: i64 = line.parse().unwrap();
        assert!((-3..4).contains(&v));
    }
    for line in lines(&["gen", "pcg32", "--seed", "3", "-n", "200", "f64"]) {
        let v: f64 = line.parse().unwrap();
        assert!((0.0..1.0).contains(&v));
    }
    let hex = lines(&["gen", "pcg32", "--seed", "3", "--hex", "f32"]);
    let dec = lines(&["gen", "pcg32", "--seed", "3", "f32"]);
    let bits = u32::from_str_radix(hex[0].trim_start_matches("0x"), 16).unwrap();
    assert_eq!(
        f32::from_bits(bits),
        dec[0].parse::<f32>().unwrap(),
        "shortest round-trip form"
    );
}

#[test]
fn errors_are_one_line_with_exit_2() {
    for (line, needle) in [
        ("gen unity3d --seed 0 u32", "unknown generator"),
        ("gen unity --seed 12x u32", "--seed"),
        ("gen unity --seed 4294967296 u32", "32-bit seed"),
        ("gen unity --seed 1 -n -1 u32", "-n"),
        ("gen unity-math --seed 0 u32", "rejects seed 0"),
        ("gen unity --seed 1 nope", "has no draw `nope`"),
        ("gen unity --seed 1 int 5 5", "MIN < MAX"),
        ("gen unity --seed 1 int 5", "takes 2 argument"),
        ("gen unity --seed 1 --raw f32", "--raw"),
        ("gen unity --seed 1 u32 --hex", "options go before DRAW"),
        ("gen unity --seed 1 --stream 2 u32", "--stream"),
        ("gen unity u32", "required"),
        (
            "state mt19937 --state-file /nonexistent/rng.bin",
            "cannot read",
        ),
    ] {
        assert_usage_error(&common::argv(line, &[]), needle);
    }
    // States with spaces in them, as one argument.
    for (generator, state, needle) in [
        ("unity", "1 2 3", "needs 4 words, found 3"),
        ("pcg32", "1 2 3", "needs 2 words"),
        ("unity", "0 0 0 0", "all zero"),
        ("pcg32", "1 2", "increment must be odd"),
        ("unity", "1 2 3 100000000", "does not fit in 32 bits"),
        ("unity", "1 2 3 zz", "not hex"),
    ] {
        assert_usage_error(&["gen", generator, "--state", state, "u32"], needle);
    }
    assert_usage_error(
        &common::argv("gen unity --seed 1 --state {} u32", &["1 2 3 4"]),
        "cannot be used with",
    );

    let mut words = vec!["0x271".to_string()]; // left = 625
    words.extend((0..624).map(|i| format!("{:#x}", i + 1)));
    assert_usage_error(
        &["state", "mt19937", "--state", &words.join(" ")],
        "0..=624",
    );
    words.pop();
    assert_usage_error(
        &["state", "mt19937", "--state", &words.join(" ")],
        "needs 625 words, found 624",
    );

    let short = temp_path("short.bin");
    std::fs::write(&short, vec![1u8; 2499]).unwrap();
    assert_usage_error(
        &[
            "gen",
            "mars",
            "--state-file",
            short.to_str().unwrap(),
            "u32",
        ],
        "2500",
    );
    let long = temp_path("long.bin");
    std::fs::write(&long, vec![1u8; 2501]).unwrap();
    assert_usage_error(
        &["gen", "mars", "--state-file", long.to_str().unwrap(), "u32"],
        "2500",
    );
    for bad_left in [625i32, -1] {
        let mut blob = vec![1u8; 2496];
        blob.extend_from_slice(&bad_left.to_le_bytes());
        let f = temp_path(&format!("left{bad_left}.bin"));
        std::fs::write(&f, blob).unwrap();
        assert_usage_error(
            &["gen", "mars", "--state-file", f.to_str().unwrap(), "u32"],
            "0..=624",
        );
    }
}

#[test]
fn entropy_prints_a_replayable_state() {
    let out = rngkit(&["gen", "xoshiro256ss", "--entropy", "-n", "3", "u64"]);
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    let state = stderr
        .trim()
        .strip_prefix("entropy state: ")
        .expect("state on stderr");
    let replay = lines(&["gen", "xoshiro256ss", "--state", state, "-n", "3", "u64"]);
    let first: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(first, replay);
}

#[test]
fn help_and_version() {
    let out = rngkit(&["--version"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("rngkit "));
    let out = rngkit(&["gen", "--help"]);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("EXAMPLES") && help.contains("unity-math"));
}

/// `--seed-str` is 64-bit FNV-1a of the UTF-8 bytes: the published FNV-1a 64
/// test vector for "foobar" is 0x85944171f73967e8 (FNV reference test suite),
/// and splitmix64's state is the seed itself.
#[test]
fn seed_str_is_fnv1a() {
    assert_eq!(
        lines(&["state", "splitmix64", "--seed-str", "foobar"]),
        ["85944171f73967e8"]
    );
    assert_eq!(
        lines(&["state", "splitmix64", "--seed-str", ""]),
        ["cbf29ce484222325"]
    );
    // 32-bit profiles take the low 32 bits: InitState(0xf73967e8).
    assert_eq!(
        lines(&["state", "unity", "--seed-str", "foobar"]),
        lines(&["state", "unity", "--seed", "0xf73967e8"])
    );
}
