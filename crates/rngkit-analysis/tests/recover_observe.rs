//! The observation language: parsing, line-numbered errors, matching, and
//! the soundness of the bits each observed value reveals.

use crate::common;
use common::*;
use rngkit_analysis::observe::{
    KnownBits, ObservationKind, ObservedValue, layout, matches_all, parse_observations,
};

use crate::oracles::TestRng;

#[test]
fn parses_every_line_kind() {
    let text = "\
# a comment line
u32 = 0xd091bb5c   # trailing comment

skip 0x10
bits 0xf0 = 0x30
int -5 5 = -3
";
    let obs = parse_observations(p("mt19937"), text).unwrap();
    assert_eq!(obs.len(), 4);
    assert_eq!(obs[0].line, 2);
    assert_eq!(obs[1].kind, ObservationKind::Skip(16));
    assert_eq!(
        obs[2].kind,
        ObservationKind::Bits(KnownBits::new(0xf0, 0x30))
    );
    assert_eq!(obs[3].line, 6);
}

#[test]
fn errors_name_the_line() {
    let cases = [
        ("u32 = 1\n\nfrobnicate = 3\n", "line 3: "),
        ("skip\n", "line 1: `skip N` takes one count"),
        ("u32 = 1\nskip -1\n", "line 2: skip: "),
        (
            "bits 0xf = 0x10\n",
            "line 1: VALUE 0x10 has bits outside MASK",
        ),
        (
            "bits 0x1ffffffff = 1\n",
            "line 1: MASK 0x1ffffffff is wider",
        ),
        ("u32 =\n", "line 1: nothing after `=`"),
        ("= 5\n", "line 1: no draw before `=`"),
        ("int 5 1 = 3\n", "line 1: `int MIN MAX` needs MIN < MAX"),
        ("u32 = banana\n", "line 1: `banana` is not a value"),
        (
            "u32 = 0x100000000\n",
            "line 1: `0x100000000` is not a value `u32` can give",
        ),
        ("value = 0.5\n", "line 1: mt19937 has no draw `value`"),
        ("skip 3 = 4\n", "line 1: `skip N` takes no `= VALUE`"),
    ];
    for (text, expected) in cases {
        let err = parse_observations(p("mt19937"), text)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(expected),
            "{text:?}: got {err:?}, want {expected:?}"
        );
    }
}

/// Reference facts, Unity section (uny-random-js captures): after
/// `InitState(0)`, `value` x5 prints 0.5841396, 0.5840824, 0.6736069,
/// 0.766507, 0.3050319; `Range(-100, 500)` = 149.5162; `Range(500, -100)` =
/// 250.4838; `Range(-1201661979.1f, 1331884683f)` = -148060352.
#[test]
fn published_unity_values_match() {
    let values = "value = 0.5841396\nvalue = 0.5840824\nvalue = 0.6736069\nvalue = 0.766507\nvalue = 0.3050319\n";
    let obs = parse_observations(p("unity"), values).unwrap();
    assert!(matches_all(&obs, &mut p("unity").seeded(0, 0).unwrap()));
    assert!(!matches_all(&obs, &mut p("unity").seeded(1, 0).unwrap()));
    for line in [
        "range-float -100 500 = 149.5162",
        "range-float 500 -100 = 250.4838",
        "range-float -1201661979.1 1331884683 = -148060352",
    ] {
        let obs = parse_observations(p("unity"), line).unwrap();
        assert!(
            matches_all(&obs, &mut p("unity").seeded(0, 0).unwrap()),
            "{line}"
        );
    }
    // Raw words after InitState(0): 1900725526, ...; 1900725526 % 100 = 26.
    let obs = parse_observations(
        p("unity"),
        "range-int 0 100 = 26\nrange-int 7 7 = 7\nu32 = 1900725046",
    )
    .unwrap();
    assert!(matches_all(&obs, &mut p("unity").seeded(0, 0).unwrap()));
}

/// `Random.value` is strictly increasing in the 23 low bits, so an exact
/// value reveals them exactly: checked over all 2^23 patterns.
#[test]
fn unity_value_is_invertible_exhaustively() {
    let mut previous = -1.0f32;
    for k in 0..(1u32 << 23) {
        let v = rngkit::engines::unity::value_from_word(k);
        assert!(
            v > previous,
            "value({k}) = {v} not above value({}) = {previous}",
            k - 1
        );
        previous = v;
    }
    assert_eq!(rngkit::engines::unity::value_from_word(0x7f_ffff), 1.0);
}

fn soundness_case(profile: &'static rngkit_analysis::registry::Entry, draw: &str, seeds: u64) {
    let mut t = TestRng(draw.len() as u64 ^ seeds);
    let (name, args) = {
        let words: Vec<&str> = draw.split_whitespace().collect();
        (
            words[0].to_string(),
            words[1..].iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
    };
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let parsed = profile.parse_draw(&name, &arg_refs).unwrap();
    let bits = profile.output_bits();
    for _ in 0..seeds {
        let seed = t.next()
            & if profile.info().seed_kind.bits() == Some(32) {
                0xffff_ffff
            } else {
                u64::MAX
            };
        let Ok(rng) = profile.seeded(seed, 54) else {
            continue; // unity-math rejects seed 0
        };
        let mut words_rng = rng.clone();
        let mut eval_rng = rng.clone();
        let value = parsed.eval(&mut eval_rng);
        let text = value.format(false);
        let observed = ObservedValue::parse(&text).unwrap();
        assert!(
            observed.matches(&value),
            "{draw}: {text} does not match itself"
        );
        let known = parsed
            .known_bits(&observed, bits)
            .expect("a drawn value is possible");
        for k in &known {
            let word = words_rng.next_word();
            assert!(
                k.matches(word),
                "{profile} {draw} = {text}: word {word:#x} lacks {k:?}"
            );
        }
        // The observation list form agrees.
        let obs = parse_observations(profile, &format!("{draw} = {text}")).unwrap();
        assert!(matches_all(&obs, &mut rng.clone()));
        let lay = layout(&obs, bits, false);
        assert!(lay.constraints.iter().all(|c| c.known.matches({
            let mut r = rng.clone();
            r.discard(c.offset);
            r.next_word()
        })));
    }
}

#[test]
fn revealed_bits_hold_for_every_draw_kind() {
    let cases: &[(&'static rngkit_analysis::registry::Entry, &str)] = &[
        (p("unity"), "value"),
        (p("unity"), "range-float -100 500"),
        (p("unity"), "range-int 0 100"),
        (p("unity"), "range-int 100 -28"),
        (p("unity"), "range-int -2147483648 2147483647"),
        (p("bdsp"), "next-uint"),
        (p("bdsp"), "next-rand"),
        (p("bdsp"), "next-rand 0 11"),
        (p("bdsp"), "next-alt-rand 0 15"),
        (p("bdsp"), "next-float"),
        (p("bdsp"), "next-float 2 10"),
        (p("mars"), "next-u32"),
        (p("mars"), "next-unit"),
        (p("mars"), "next-float"),
        (p("mars"), "next-int-inclusive 15"),
        (p("mars"), "next-float-pc24"),
        (p("unity"), "inside-unit-circle"),
        (p("unity"), "rotation"),
        (p("unity-math"), "next-uint"),
        (p("unity-math"), "next-int -50 77"),
        (p("unity-math"), "next-float"),
        (p("unity-math"), "next-bool"),
        (p("unity-math"), "next-double"),
        (p("megacrush"), "next-uint"),
        (p("megacrush"), "next-int 3 99"),
        (p("megacrush"), "next-float"),
        (p("megacrush"), "next-bool"),
        (p("mt19937"), "u32"),
        (p("mt19937"), "u64"),
        (p("mt19937"), "f32"),
        (p("mt19937"), "f64"),
        (p("mt19937"), "bool"),
        (p("mt19937"), "int 0 6"),
        (p("mt19937"), "int -1000 1024"),
        (p("xoshiro256ss"), "u32"),
        (p("xoshiro256ss"), "u64"),
        (p("xoshiro256ss"), "f64"),
        (p("xoroshiro128p"), "int 0 64"),
        (p("pcg32"), "u32"),
    ];
    for &(profile, draw) in cases {
        soundness_case(profile, draw, 40);
    }
}

#[test]
fn exact_values_reveal_what_the_formulas_say() {
    let bits = |profile: &'static rngkit_analysis::registry::Entry, draw: &str, value: &str| {
        let obs = parse_observations(profile, &format!("{draw} = {value}")).unwrap();
        layout(&obs, profile.output_bits(), false).constraints
    };
    // value: the 23 low bits; range-int 0 96 (96 = 2^5 * 3): 5 low bits.
    assert_eq!(
        bits(p("unity"), "value", "0.5841396")[0].known.mask,
        0x7f_ffff
    );
    assert_eq!(
        bits(p("unity"), "value", "0.5841396")[0].known.value,
        1900725526 & 0x7f_ffff
    );
    assert_eq!(
        bits(p("unity"), "range-int 0 96", "37")[0].known,
        KnownBits::new(0x1f, 37 & 0x1f)
    );
    // mars next-unit determines the whole tempered word.
    let y = 0x1234_5678u32;
    let unit = rngkit::engines::mars::unit_from_word(y);
    assert_eq!(
        bits(p("mars"), "next-unit", &format!("{unit:?}"))[0].known,
        KnownBits::new(0xffff_ffff, u64::from(y))
    );
    // u64 on a 32-bit generator spans two words, low first.
    let c = bits(p("mt19937"), "u64", "0x1122334455667788");
    assert_eq!(
        (c[0].offset, c[0].known.value, c[1].offset, c[1].known.value),
        (0, 0x55667788, 1, 0x11223344)
    );
    // A redrawing draw ends the fixed layout.
    let obs = parse_observations(p("mars"), "next-int-inclusive 10 = 3\nnext-u32 = 5").unwrap();
    let lay = layout(&obs, 32, false);
    assert_eq!(lay.span, None);
    assert!(lay.constraints.is_empty());
}

#[test]
fn imprecise_floats_match_within_their_digits() {
    let v = ObservedValue::parse("0.584").unwrap();
    assert!(v.matches_f32(0.5841396));
    assert!(!v.matches_f32(0.5846));
    let obs = parse_observations(p("unity"), "value = 0.584").unwrap();
    let c = layout(&obs, 32, false).constraints;
    // 0.584 +- 0.0005 covers ~8400 patterns: only a prefix is known.
    assert!(c[0].known.mask.count_ones() < 23 && c[0].known.mask.count_ones() > 5);
    let _: rngkit::registry::Engine = p("unity").seeded(0, 0).unwrap();
}

/// Random lines built from the language's own tokens and hostile numbers:
/// parsing, laying out and matching never panic, whatever comes out.
#[test]
fn random_lines_never_panic() {
    // The common draws' names first, as the parser's property test has them.
    let more = [
        "value",
        "range-float",
        "range-int",
        "next-uint",
        "next-rand",
        "next-alt-rand",
        "next-float",
        "next-unit",
        "next-u32",
        "next-float-pc24",
        "next-int-inclusive",
        "next-int",
        "next-bool",
        "next-double",
        "inside-unit-circle",
        "rotation",
        "color-hsv",
        "skip",
        "bits",
        "=",
        "=",
        "#",
        "0",
        "1",
        "-1",
        "0x",
        "0xffffffff",
        "4294967296",
        "-2147483648",
        "2147483647",
        "18446744073709551615",
        "-9223372036854775808",
        "1e39",
        "-1e-45",
        "0.5",
        "nan",
        "inf",
        "3.4028235e38",
        "0x3f800000",
        "0x7fffffffffffffff",
        "true",
        "false",
        "7 8",
        "",
        "==",
        "x",
    ];
    let tokens = [&common::common_draw_names()[..], &more[..]].concat();
    let mut t = TestRng(77);
    let mut parsed = 0;
    for profile in rngkit_analysis::registry::all() {
        for _ in 0..4000 {
            let r: Vec<u64> = (0..10).map(|_| t.next()).collect();
            let pick = |i: usize| tokens[(r[i] % tokens.len() as u64) as usize];
            // Mostly well-shaped lines (`NAME ARGS = VALUE`), some free-form.
            let text = if !r[0].is_multiple_of(4) {
                let name = tokens[(r[1] % 24) as usize];
                let args: Vec<&str> = (0..(r[2] % 4) as usize).map(|i| pick(3 + i)).collect();
                format!("{name} {} = {}", args.join(" "), pick(9))
            } else {
                (0..1 + (r[1] % 6) as usize)
                    .map(|i| pick(2 + i))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            if let Ok(obs) = parse_observations(profile, &text) {
                parsed += 1;
                let bits = profile.output_bits();
                let _ = layout(&obs, bits, false);
                let _ = layout(&obs, bits, true);
                let far = obs
                    .iter()
                    .any(|o| matches!(o.kind, ObservationKind::Skip(n) if n > 1000));
                if !far && let Ok(mut rng) = profile.seeded(1, 54) {
                    let _ = matches_all(&obs, &mut rng);
                }
            }
        }
    }
    assert!(parsed > 300, "only {parsed} random lines parsed");
}
