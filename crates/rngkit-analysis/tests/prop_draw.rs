//! Property tests of the draw registry: parsing never panics, draws stay in
//! their documented ranges, and printed values parse back to the same bits.
//!
//! Range oracles come from the contract (`int MIN MAX`: MIN <= x < MAX;
//! `f32`/`f64`: [0, 1)). When engine draws land, add their ranges to
//! `in_range` and their names to `NAMES`.

use proptest::prelude::*;

use crate::strategies::config;
use rngkit::draw::{CommonDraw, DrawValue};
use rngkit::number::{BigInt, parse_f32, parse_f64, parse_int};
use rngkit::registry::{Engine, SeedKind, SeedOptions};
use rngkit_analysis::registry::{self, Entry};

/// Draw names the parser knows (the common draws' names first), plus near
/// misses.
static NAMES: std::sync::LazyLock<Vec<&str>> =
    std::sync::LazyLock::new(|| [&crate::common::common_draw_names()[..], MORE_NAMES].concat());

/// The other draw names of [`NAMES`].
const MORE_NAMES: &[&str] = &[
    "U32",
    "int ",
    "",
    "-n",
    "value",
    "range-int",
    "next-uint",
    "next-u32",
    "uint",
    // The engine draws (contract table), tried on every profile.
    "range-float",
    "inside-unit-circle",
    "inside-unit-sphere",
    "on-unit-sphere",
    "rotation",
    "rotation-uniform",
    "color-hsv",
    "next-int",
    "next-float",
    "next-bool",
    "next-double",
    "next-rand",
    "next-alt-rand",
    "next-unit",
    "next-float-pc24",
    "next-int-inclusive",
];

/// Every seedable GEN of the registry.
fn profile() -> impl Strategy<Value = &'static Entry> {
    let seedable: Vec<&'static Entry> = registry::all()
        .iter()
        .filter(|e| e.info().seed_kind.bits().is_some())
        .collect();
    (0usize..seedable.len()).prop_map(move |i| seedable[i])
}

fn seeded(p: &Entry, seed: u64, stream: u64) -> Engine {
    let seed = if p.info().seed_kind.bits() == Some(32) {
        seed & 0xffff_ffff
    } else {
        seed
    };
    let mut options = SeedOptions::default();
    options.stream = Some(stream);
    let seed = if p.info().seed_kind == SeedKind::I32 {
        BigInt::from(seed as u32 as i32)
    } else {
        BigInt::from(seed)
    };
    p.seed(&seed, &options).unwrap()
}

/// A seeded generator of any GEN (any valid seed).
fn generator() -> impl Strategy<Value = Engine> {
    (profile(), any::<u64>(), any::<u64>()).prop_map(|(p, seed, stream)| {
        let seed = seed
            & if p.info().seed_kind.bits() == Some(32) {
                0xffff_ffff
            } else {
                u64::MAX
            };
        seeded(p, seed.max(1), stream)
    })
}

fn arg() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        any::<u64>().prop_map(|v| format!("{v:#x}")),
        any::<String>(),
        "-?(0x)?[0-9a-f]{0,20}",
    ]
}

proptest! {
    #![proptest_config(config())]

    /// `Draw::parse` never panics, whatever the name and arguments, and what
    /// it accepts evaluates without panicking.
    #[test]
    fn parse_never_panics(
        p in profile(),
        name in prop_oneof![
            (0..NAMES.len()).prop_map(|i| NAMES[i].to_string()),
            any::<String>(),
        ],
        args in proptest::collection::vec(arg(), 0..9),
        seed in 1u64..=0xffff_ffff,
    ) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // An accepted draw (engine draws included) evaluates and prints.
        if let Ok(draw) = p.parse_draw(&name, &args) {
            let mut rng = seeded(p, seed, 54);
            for _ in 0..4 {
                let value = draw.eval(&mut rng);
                prop_assert!(!value.format(false).contains('\n'));
                prop_assert!(!value.format(true).contains('\n'));
            }
        }
    }

    /// `int MIN MAX` parses exactly when MIN < MAX and every draw lies in [MIN, MAX).
    #[test]
    fn int_in_range(
        mut g in generator(),
        a in prop_oneof![any::<i64>(), -3i64..3, Just(i64::MIN), Just(i64::MAX)],
        b in prop_oneof![any::<i64>(), -3i64..3, Just(i64::MIN), Just(i64::MAX)],
    ) {
        // MIN in decimal, MAX in hex (`-0x..` when negative): both spellings users type.
        let max_hex = if b < 0 {
            format!("-{:#x}", b.unsigned_abs())
        } else {
            format!("{b:#x}")
        };
        let unity = registry::find("unity").unwrap();
        let args = [a.to_string(), max_hex];
        let args = [args[0].as_str(), args[1].as_str()];
        let parsed = unity.parse_draw("int", &args);
        prop_assert_eq!(parsed.is_ok(), a < b);
        if let Ok(draw) = parsed {
            prop_assert_eq!(CommonDraw::parse("int", &args), Ok(Some(CommonDraw::Int { min: a, max: b })));
            for _ in 0..32 {
                match draw.eval(&mut g) {
                    DrawValue::I64(x) => prop_assert!(a <= x && x < b, "{} not in [{}, {})", x, a, b),
                    other => prop_assert!(false, "int gave {:?}", other),
                }
            }
        }
    }

    /// f32/f64 lie in [0, 1); u32/u64/bool have their types; every value
    /// printed (decimal or `--hex`) parses back to the same bits.
    #[test]
    fn common_draws_in_range_and_print_back(mut g in generator(), name in 0usize..5) {
        let name = ["u32", "u64", "f32", "f64", "bool"][name];
        let draw = registry::find("pcg32").unwrap().parse_draw(name, &[]).unwrap();
        for _ in 0..32 {
            let value = draw.eval(&mut g);
            let (text, hex) = (value.format(false), value.format(true));
            match value {
                DrawValue::U32(v) => {
                    prop_assert_eq!(parse_int::<u32>(&text), Ok(v));
                    prop_assert_eq!(parse_int::<u32>(&hex), Ok(v));
                    prop_assert_eq!(hex.len(), 10);
                }
                DrawValue::U64(v) => {
                    prop_assert_eq!(parse_int::<u64>(&text), Ok(v));
                    prop_assert_eq!(parse_int::<u64>(&hex), Ok(v));
                    prop_assert_eq!(hex.len(), 18);
                }
                DrawValue::F32(v) => {
                    prop_assert!((0.0..1.0).contains(&v), "{}", v);
                    prop_assert_eq!(parse_f32(&text).map(f32::to_bits), Ok(v.to_bits()));
                    prop_assert_eq!(parse_f32(&hex).map(f32::to_bits), Ok(v.to_bits()));
                    // 24 bits: an integer multiple of 2^-24.
                    prop_assert_eq!((v * 16_777_216.0).fract(), 0.0);
                }
                DrawValue::F64(v) => {
                    prop_assert!((0.0..1.0).contains(&v), "{}", v);
                    prop_assert_eq!(parse_f64(&text).map(f64::to_bits), Ok(v.to_bits()));
                    prop_assert_eq!(parse_f64(&hex).map(f64::to_bits), Ok(v.to_bits()));
                    prop_assert_eq!((v * 9_007_199_254_740_992.0).fract(), 0.0);
                }
                DrawValue::Bool(v) => prop_assert_eq!(text, v.to_string()),
                other => prop_assert!(false, "{} gave {:?}", name, other),
            }
        }
    }

    /// Simple draws refuse arguments; `int` refuses any count but two.
    #[test]
    fn arity(p in profile(), name in 0usize..6, n in 0usize..4) {
        let name = ["u32", "u64", "f32", "f64", "bool", "int"][name];
        let args = vec!["1"; n];
        let want = if name == "int" { 2 } else { 0 };
        let parsed = p.parse_draw(name, &args);
        if n == want {
            // `int 1 1` is an empty range.
            prop_assert_eq!(parsed.is_ok(), name != "int");
        } else {
            prop_assert!(parsed.is_err());
        }
    }
}
