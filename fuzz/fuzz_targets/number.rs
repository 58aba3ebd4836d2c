//! `rngkit::number` on any text: never a panic; an accepted integer or
//! float prints (Display, and 0x hex) as text that parses back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rngkit::number::{parse_f32, parse_f64, parse_int};

macro_rules! check_int {
    ($text:expr, $($ty:ty),*) => {$(
        if let Ok(v) = parse_int::<$ty>($text) {
            assert_eq!(parse_int::<$ty>(&v.to_string()), Ok(v));
            let wide = v as i128;
            let hex = if wide < 0 { format!("-{:#x}", wide.unsigned_abs()) } else { format!("{v:#x}") };
            assert_eq!(parse_int::<$ty>(&hex), Ok(v));
        }
    )*};
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check_int!(text, u32, u64, i32, i64, i128);
    if let Ok(v) = parse_int::<u128>(text) {
        assert_eq!(parse_int::<u128>(&v.to_string()), Ok(v));
    }
    if let Ok(x) = parse_f32(text) {
        assert!(x.is_finite());
        assert_eq!(parse_f32(&x.to_string()).map(f32::to_bits), Ok(x.to_bits()));
        assert_eq!(
            parse_f32(&format!("{:#010x}", x.to_bits())).map(f32::to_bits),
            Ok(x.to_bits())
        );
    }
    if let Ok(x) = parse_f64(text) {
        assert!(x.is_finite());
        assert_eq!(parse_f64(&x.to_string()).map(f64::to_bits), Ok(x.to_bits()));
        assert_eq!(
            parse_f64(&format!("{:#018x}", x.to_bits())).map(f64::to_bits),
            Ok(x.to_bits())
        );
    }
});
