//! Engine draws through `rngkit gen`, against published captures of the real
//! engines (reference-facts.md: uny-random-js's "vs. UnityEngine.Random"
//! tests, C++ std::mt19937) and the contract's output formats.

use std::process::Command;

use crate::common;

/// Runs successfully and returns stdout's lines.
fn lines(args: &[&str]) -> Vec<String> {
    common::run(args).ok()
}

fn floats(line: &str) -> Vec<f32> {
    line.split(' ').map(|v| v.parse().unwrap()).collect()
}

/// Published values are printed to 7 significant digits; the last ulp of
/// the transcendental draws is platform-dependent.
fn assert_close(got: &[f32], published: &[f32]) {
    assert_eq!(got.len(), published.len());
    for (g, p) in got.iter().zip(published) {
        assert!(
            (g - p).abs() <= 6e-7 * p.abs().max(1.0),
            "{got:?} vs {published:?}"
        );
    }
}

#[test]
fn unity_value_and_ranges() {
    let values = lines(&["gen", "unity", "--seed", "0", "-n", "5", "value"]);
    let published = [0.5841396f64, 0.5840824, 0.6736069, 0.766507, 0.3050319];
    for (v, p) in values.iter().zip(published) {
        // Printed to 7 significant digits: the exact float rounds to them.
        let exact = f64::from(v.parse::<f32>().unwrap());
        assert!((exact - p).abs() <= 5e-8, "{v} vs {p}");
    }
    assert_eq!(
        lines(&["gen", "unity", "--seed", "0", "range-float", "-100", "500"]),
        ["149.5162"]
    );
    assert_eq!(
        lines(&["gen", "unity", "--seed", "0", "range-float", "500", "-100"]),
        ["250.4838"]
    );
    let exact = lines(&[
        "gen",
        "unity",
        "--seed",
        "0",
        "range-float",
        "-1201661979.1",
        "1331884683",
    ]);
    assert_eq!(exact[0].parse::<f32>().unwrap(), -148060352.0);
    // min == max returns min without drawing: the next value is the first.
    assert_eq!(
        lines(&[
            "gen",
            "unity",
            "--seed",
            "0",
            "-n",
            "2",
            "range-int",
            "7",
            "7"
        ]),
        ["7", "7"]
    );
}

#[test]
fn unity_composites_match_published_captures() {
    let cases: [(&str, &[f32]); 6] = [
        ("inside-unit-circle", &[-0.5568735, 0.3252837]),
        ("inside-unit-sphere", &[-0.7462912, 0.4355676, -0.1475139]),
        ("on-unit-sphere", &[-0.8513461, 0.4968821, -0.1682793]),
        ("rotation", &[0.2477755, 0.247607, 0.5112399, 0.7848133]),
        (
            "rotation-uniform",
            &[-0.3852562, 0.6600888, -0.572001, 0.297784],
        ),
        ("color-hsv", &[0.280165, 0.4749825, 0.6736069]),
    ];
    for (draw, published) in cases {
        let got = floats(&lines(&["gen", "unity", "--seed", "0", draw])[0]);
        assert_close(&got[..published.len()], published);
    }
    // The default ColorHSV draws alpha too, as 1 (Lerp(1, 1, value)).
    let color = floats(&lines(&["gen", "unity", "--seed", "0", "color-hsv"])[0]);
    assert_eq!(color.len(), 4);
    assert_eq!(color[3], 1.0);
}

#[test]
fn mars_draws_share_the_mt19937_stream() {
    // The tempered words are MT19937's (init_genrand(5489), mt19937ar.c).
    assert_eq!(
        lines(&["gen", "mars", "--seed", "5489", "-n", "2", "next-u32"]),
        ["3499211612", "581869302"]
    );
    // next-unit is y / (2^32 - 1), computed here in f64 from the published word.
    let unit: f64 = lines(&["gen", "mars", "--seed", "5489", "next-unit"])[0]
        .parse()
        .unwrap();
    assert_eq!(unit, 3499211612.0 / 4294967295.0);
    let float: f32 = lines(&["gen", "mars", "--seed", "5489", "next-float"])[0]
        .parse()
        .unwrap();
    assert_eq!(float, (3499211612.0f64 / 4294967295.0) as f32);
    for line in lines(&[
        "gen",
        "mars",
        "--seed",
        "9",
        "-n",
        "300",
        "next-int-inclusive",
        "6",
    ]) {
        assert!(line.parse::<u32>().unwrap() <= 6);
    }
}

#[test]
fn megacrush_and_bdsp_and_unity_math() {
    // MegaCrush's constructor is pcg32_srandom: pcg32-demo's first word.
    assert_eq!(
        lines(&["gen", "megacrush", "--seed", "42", "--hex", "next-uint"]),
        ["0xa15c02b7"]
    );
    // NextInt is documented as modulo: 0xa15c02b7 % 6 = 2707161783 % 6.
    assert_eq!(
        lines(&["gen", "megacrush", "--seed", "42", "next-int", "0", "6"]),
        [(2707161783u32 % 6).to_string()]
    );
    // BDSP next-uint is the raw word (InitState(0) first word, uny-random-js).
    assert_eq!(
        lines(&["gen", "bdsp", "--seed", "0", "next-uint"]),
        ["1900725526"]
    );
    assert_eq!(
        lines(&["gen", "bdsp", "--seed", "0", "next-rand", "1", "6"]),
        [(1900725526u32 % 6 + 1).to_string()]
    );
    // Unity.Mathematics: new Random(1) steps once from 1; NextUInt = NextState() - 1.
    let mut x: u32 = 1;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    assert_eq!(
        lines(&["gen", "unity-math", "--seed", "1", "next-uint"]),
        [(x - 1).to_string()]
    );
}

#[test]
fn engine_draw_errors() {
    for (args, needle) in [
        (
            &["gen", "mars", "--seed", "1", "value"][..],
            "mars has no draw `value`",
        ),
        (
            &["gen", "unity", "--seed", "1", "range-int", "1"][..],
            "takes 2 argument",
        ),
        (
            &["gen", "unity", "--seed", "1", "range-float", "nan", "1"][..],
            "finite",
        ),
        (
            &["gen", "megacrush", "--seed", "1", "next-int", "5", "5"][..],
            "MIN < MAX",
        ),
        (
            &["gen", "bdsp", "--seed", "1", "next-rand", "5"][..],
            "both MIN and MAX",
        ),
        (
            &["gen", "unity", "--seed", "1", "color-hsv", "0", "1"][..],
            "all eight",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_rngkit"))
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(needle),
            "{args:?}: {stderr}"
        );
    }
}
