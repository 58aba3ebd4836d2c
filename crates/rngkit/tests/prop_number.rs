//! Property tests of `rngkit::number`, the parser of every number a user
//! types: it never panics, agrees with the standard library's parsers on
//! the spellings both accept (the oracle), and round-trips `Display`.

use proptest::prelude::*;

use crate::strategies::config;
use rngkit::number::{parse_f32, parse_f64, parse_int};

/// Text shaped like a number, with the characters that trip parsers.
fn numberish() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ +-]{0,2}(0[xX])?[0-9a-fA-F_]{0,42}[ ]?",
        "-?[0-9]{0,3}\\.?[0-9]{0,4}([eE][+-]?[0-9]{1,4})?",
        "(nan|NaN|inf|-inf|infinity|0x|-0x|-|\\+|_|0x_1|1_|--1|-_1)",
    ]
}

/// Round-trips `Display` (and `0x` hex, negative values as `-0x...`) for
/// each integer type.
macro_rules! int_round_trip {
    ($name:ident, $ty:ty) => {
        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $name(v in any::<$ty>()) {
                prop_assert_eq!(parse_int::<$ty>(&v.to_string()), Ok(v));
                let wide = v as i128;
                let hex = if wide < 0 {
                    format!("-{:#x}", wide.unsigned_abs())
                } else {
                    format!("{:#x}", v)
                };
                prop_assert_eq!(parse_int::<$ty>(&hex), Ok(v), "{}", hex);
                prop_assert_eq!(parse_int::<$ty>(&hex.to_uppercase().replace("0X", "0x")), Ok(v));
                prop_assert_eq!(parse_int::<$ty>(&format!(" {v} ")), Ok(v));
            }
        }
    };
}

int_round_trip!(u32_round_trip, u32);
int_round_trip!(u64_round_trip, u64);
int_round_trip!(i32_round_trip, i32);
int_round_trip!(i64_round_trip, i64);
int_round_trip!(i128_round_trip, i128);

proptest! {
    #![proptest_config(config())]

    /// No text makes any parser panic.
    #[test]
    fn never_panics(text in numberish()) {
        let _ = parse_int::<u32>(&text);
        let _ = parse_int::<u64>(&text);
        let _ = parse_int::<u128>(&text);
        let _ = parse_int::<i32>(&text);
        let _ = parse_int::<i64>(&text);
        let _ = parse_int::<i128>(&text);
        let _ = parse_f32(&text);
        let _ = parse_f64(&text);
    }

    /// On plain decimal text (no `_`, no `0x`) the parser agrees with `str::parse`.
    #[test]
    fn decimal_agrees_with_std(text in "[+-]?[0-9]{1,45}") {
        // "-0" is zero for every type here; std refuses a sign on unsigned types.
        let minus_zero = text.starts_with('-') && text[1..].bytes().all(|b| b == b'0');
        let std_u32 = if minus_zero { Some(0) } else { text.parse::<u32>().ok() };
        let std_u64 = if minus_zero { Some(0) } else { text.parse::<u64>().ok() };
        prop_assert_eq!(parse_int::<u32>(&text).ok(), std_u32);
        prop_assert_eq!(parse_int::<i32>(&text).ok(), text.parse::<i32>().ok());
        prop_assert_eq!(parse_int::<u64>(&text).ok(), std_u64);
        prop_assert_eq!(parse_int::<i64>(&text).ok(), text.parse::<i64>().ok());
        prop_assert_eq!(parse_int::<i128>(&text).ok(), text.parse::<i128>().ok());
    }

    /// On `0x` hex text the parser agrees with `from_str_radix(.., 16)`.
    #[test]
    fn hex_agrees_with_std(neg in any::<bool>(), digits in "[0-9a-fA-F]{1,34}") {
        let text = format!("{}0x{digits}", if neg { "-" } else { "" });
        let std_u64 = u64::from_str_radix(&digits, 16).ok().filter(|&v| !neg || v == 0);
        prop_assert_eq!(parse_int::<u64>(&text).ok(), std_u64);
        let std_i64 = i64::from_str_radix(&format!("{}{digits}", if neg { "-" } else { "" }), 16).ok();
        prop_assert_eq!(parse_int::<i64>(&text).ok(), std_i64);
    }

    /// Underscores between digits are ignored; leading or trailing ones are refused.
    #[test]
    fn underscores(v in any::<u64>(), at in 1usize..20) {
        let s = v.to_string();
        if at < s.len() {
            let with = format!("{}_{}", &s[..at], &s[at..]);
            prop_assert_eq!(parse_int::<u64>(&with), Ok(v));
        }
        let (leading, trailing) = (format!("_{s}"), format!("{s}_"));
        prop_assert!(parse_int::<u64>(&leading).is_err());
        prop_assert!(parse_int::<u64>(&trailing).is_err());
    }

    /// Out-of-range values are errors, not wrapped.
    #[test]
    fn out_of_range(excess in 1u64..=u64::MAX) {
        let above_u32 = u128::from(u32::MAX) + u128::from(excess);
        prop_assert!(parse_int::<u32>(&above_u32.to_string()).is_err());
        let above_u64 = u128::from(u64::MAX) + u128::from(excess);
        prop_assert!(parse_int::<u64>(&above_u64.to_string()).is_err());
        let below_i64 = i128::from(i64::MIN) - i128::from(excess);
        prop_assert!(parse_int::<i64>(&below_i64.to_string()).is_err());
        let negative = format!("-{excess}");
        prop_assert!(parse_int::<u64>(&negative).is_err());
    }

    /// Finite floats round-trip through their shortest `Display` form and
    /// their `0x` bit pattern; non-finite values are refused.
    #[test]
    fn f32_round_trip(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        let hex = format!("{bits:#010x}");
        if x.is_finite() {
            prop_assert_eq!(parse_f32(&x.to_string()).map(f32::to_bits), Ok(bits));
            prop_assert_eq!(parse_f32(&hex).map(f32::to_bits), Ok(bits));
        } else {
            prop_assert!(parse_f32(&x.to_string()).is_err());
            prop_assert!(parse_f32(&hex).is_err());
        }
    }

    #[test]
    fn f64_round_trip(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        let hex = format!("{bits:#018x}");
        if x.is_finite() {
            prop_assert_eq!(parse_f64(&x.to_string()).map(f64::to_bits), Ok(bits));
            prop_assert_eq!(parse_f64(&hex).map(f64::to_bits), Ok(bits));
        } else {
            prop_assert!(parse_f64(&x.to_string()).is_err());
            prop_assert!(parse_f64(&hex).is_err());
        }
    }

    /// On decimal text the float parsers agree with `str::parse` where it
    /// gives a finite value.
    #[test]
    fn floats_agree_with_std(text in "-?[0-9]{1,5}(\\.[0-9]{0,9})?([eE][+-]?[0-9]{1,3})?") {
        let std32 = text.parse::<f32>().ok().filter(|x| x.is_finite()).map(f32::to_bits);
        prop_assert_eq!(parse_f32(&text).ok().map(f32::to_bits), std32);
        let std64 = text.parse::<f64>().ok().filter(|x| x.is_finite()).map(f64::to_bits);
        prop_assert_eq!(parse_f64(&text).ok().map(f64::to_bits), std64);
    }
}
