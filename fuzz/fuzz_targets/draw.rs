//! `Draw::parse` for every profile on any name and arguments: never a
//! panic; an accepted draw evaluates without panicking, within its range
//! (`int MIN MAX`: MIN <= x < MAX; f32/f64: [0, 1)), and prints on one line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rngkit::draw::{Draw, DrawValue};
use rngkit::profile::Profile;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let profile = Profile::ALL[usize::from(selector) % Profile::ALL.len()];
    let mut parts = text.split(' ');
    let name = parts.next().unwrap_or("");
    let args: Vec<&str> = parts.collect();
    let Ok(draw) = Draw::parse(profile, name, &args) else {
        return;
    };
    let mut rng = profile.seeded(u64::from(selector) + 1, 54).unwrap();
    for _ in 0..8 {
        let value = draw.eval(&mut rng);
        match (&draw, &value) {
            (Draw::Int { min, max }, DrawValue::I64(x)) => assert!(min <= x && x < max),
            // Only the common draws are in [0, 1); engine draws have their own ranges.
            (Draw::F32, DrawValue::F32(x)) => assert!((0.0..1.0).contains(x)),
            (Draw::F64, DrawValue::F64(x)) => assert!((0.0..1.0).contains(x)),
            _ => {}
        }
        assert!(!value.format(false).contains('\n'));
        assert!(!value.format(true).contains('\n'));
    }
});
