//! `--advance` (negative and huge, O(log n) jumps) and `rngkit distance`.

use crate::common;
use std::process::{Command, Output};

fn rngkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rngkit"))
        .args(args)
        .output()
        .unwrap()
}

fn line(args: &[&str]) -> String {
    let out = rngkit(args);
    assert!(
        out.status.success(),
        "rngkit {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim_end().to_owned()
}

const ALL: [&str; 12] = common::FIRST_GENS;

/// A jump equals stepping: the draw after `--advance 1234` is the 1235th
/// word of the plain stream.
#[test]
fn advance_equals_stepping() {
    for profile in ALL {
        let stepped = line(&["gen", profile, "--seed", "77", "-n", "1235", "u32"]);
        let last = stepped.lines().last().unwrap();
        // A u32 draw is one step, but the upper half of a 64-bit word for
        // 64-bit generators: both stream positions agree either way.
        assert_eq!(
            line(&["gen", profile, "--seed", "77", "--advance", "1234", "u32"]),
            last,
            "{profile}"
        );
    }
}

#[test]
fn negative_advance_undoes_a_positive_one() {
    for profile in ALL {
        let start = line(&["state", profile, "--seed", "5"]);
        let back = line(&["state", profile, "--seed", "5", "--advance", "-1000003"]);
        let there_and_back = line(&["state", profile, "--state", &back, "--advance", "1000003"]);
        if profile == "mt19937" || profile == "mars" {
            // A jump may land on a block boundary in the other of the two
            // equivalent forms (left = 0 and the old block, or left = 624
            // and the twisted one); compare the streams instead.
            let a = line(&[
                "gen",
                profile,
                "--state",
                &there_and_back,
                "-n",
                "700",
                "u32",
            ]);
            let b = line(&["gen", profile, "--seed", "5", "-n", "700", "u32"]);
            assert_eq!(a, b);
        } else {
            assert_eq!(there_and_back, start, "{profile}");
        }
    }
}

/// xorshift128 and xoroshiro128+ have period 2^128 - 1 (Marsaglia 2003;
/// Blackman and Vigna): advancing by it is the identity.
#[test]
fn advancing_a_whole_period_is_the_identity() {
    let period = u128::MAX.to_string();
    for profile in ["unity", "xoroshiro128p"] {
        assert_eq!(
            line(&["state", profile, "--seed", "9", "--advance", &period]),
            line(&["state", profile, "--seed", "9"]),
            "{profile}"
        );
    }
    // SplitMix64's period is 2^64.
    assert_eq!(
        line(&[
            "state",
            "splitmix64",
            "--seed",
            "9",
            "--advance",
            "0x10000000000000000"
        ]),
        line(&["state", "splitmix64", "--seed", "9"])
    );
}

#[test]
fn distance_inverts_advance() {
    for (profile, n) in [
        ("unity", "1000000000000000000000000000000"),
        ("xoroshiro128p", "340282366920938463463374607431768211450"),
        ("xoshiro256ss", "123456789012345678901234567890"),
        ("pcg32", "18446744073709551615"),
        ("splitmix64", "12345678901234567"),
        ("unity-math", "4294967290"),
    ] {
        let from = line(&["state", profile, "--seed", "3"]);
        let to = line(&["state", profile, "--seed", "3", "--advance", n]);
        assert_eq!(
            line(&["distance", profile, "--from", &from, "--to", &to]),
            n,
            "{profile}"
        );
    }
}

#[test]
fn distance_for_prime_periods_needs_a_bound() {
    let from = line(&["state", "mars", "--seed", "1"]);
    let to = line(&["state", "mars", "--seed", "1", "--advance", "2500"]);
    assert_eq!(
        line(&[
            "distance", "mars", "--from", &from, "--to", &to, "--max", "3000"
        ]),
        "2500"
    );
    let out = rngkit(&["distance", "mars", "--from", &from, "--to", &to]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max"));
    let out = rngkit(&[
        "distance", "mars", "--from", &from, "--to", &to, "--max", "100",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

#[test]
fn distance_between_blobs() {
    let dir = std::env::temp_dir().join(format!("rngkit-distance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = dir.join("a.bin");
    let b = dir.join("b.bin");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    for (advance, file) in [("454", a), ("476", b)] {
        line(&common::argv(
            "state mars --seed 42 --advance {} -o {}",
            &[advance, file],
        ));
    }
    let distance = "distance mars --from-file {} --to-file {} --max 1000";
    assert_eq!(line(&common::argv(distance, &[a, b])), "22");
}

#[test]
fn different_pcg_streams_have_no_distance() {
    let from = line(&["state", "pcg32", "--seed", "1", "--stream", "1"]);
    let to = line(&["state", "pcg32", "--seed", "1", "--stream", "2"]);
    let out = rngkit(&["distance", "pcg32", "--from", &from, "--to", &to]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
}

#[test]
fn advance_errors() {
    // Any size is accepted now (reduced modulo the period): 2^128 is not an error.
    for bad in ["12x", "--", "-", "1e5", "0x"] {
        let out = rngkit(&["gen", "unity", "--seed", "1", "--advance", bad, "u32"]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("error: "),
            "{bad}"
        );
    }
}

/// `--advance` of any size, written out in decimal: 2^192 is `rand_xoshiro`'s
/// `long_jump`; the period of MT19937 (2^19937 - 1, six thousand digits
/// in hex) is the identity.
#[test]
fn advance_of_any_size() {
    use rand_core::{Rng, SeedableRng};
    let two_192 = "6277101735386680763835789423207666416102355444464034512896";
    let state = line(&["state", "xoshiro256ss", "--seed", "1", "--advance", two_192]);
    let mut oracle = rand_xoshiro::Xoshiro256StarStar::seed_from_u64(1);
    oracle.long_jump();
    let words: Vec<u64> = state
        .split(' ')
        .map(|w| u64::from_str_radix(w, 16).unwrap())
        .collect();
    let mut ours = rand_xoshiro::Xoshiro256StarStar::from_seed(
        words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>()
            .try_into()
            .unwrap(),
    );
    for _ in 0..8 {
        assert_eq!(ours.next_u64(), oracle.next_u64());
    }
    // 2^19937 - 1 in hex: `0x1` and 4984 `f` digits (19937 = 4 * 4984 + 1).
    let mt_period = format!("0x1{}", "f".repeat(4984));
    let start = line(&["state", "mt19937", "--seed", "5489", "--advance", "100"]);
    let out = rngkit(&[
        "state",
        "mt19937",
        "--state",
        &start,
        "--advance",
        &mt_period,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), start);
}
