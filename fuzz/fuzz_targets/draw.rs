//! Every GEN's draw parser on any name and arguments: never a panic; an
//! accepted draw evaluates without panicking, within its range for the
//! common draws (`int MIN MAX`: MIN <= x < MAX; f32/f64: [0, 1)), and prints
//! on one line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rngkit::draw::{CommonDraw, DrawValue};
use rngkit::number::BigInt;
use rngkit::registry::Steps;
use rngkit_fuzz::entry_and_text;

fuzz_target!(|data: &[u8]| {
    let Some((spec, text)) = entry_and_text(data) else {
        return;
    };
    let mut parts = text.split(' ');
    let name = parts.next().unwrap_or("");
    let args: Vec<&str> = parts.collect();
    let Ok(draw) = spec.parse_draw(name, &args) else {
        return;
    };
    let common = CommonDraw::parse(name, &args).ok().flatten();
    let Ok(mut rng) = spec.seed(&BigInt::from(u32::from(data[0]) + 1), &Default::default()) else {
        return; // an unseedable GEN
    };
    // Draws of up to 2^24 raw steps are valid (PHP's `get-bytes 16777216`)
    // and take seconds under the sanitizer (11 MB of `get-bytes`: 11.7 s
    // for one evaluation, past libFuzzer's 10 s; found by a 10-minute
    // campaign, a timeout and not a bug): over 2^18 steps only the parser
    // is fuzzed, over 2^14 the draw is evaluated once, the rest eight times.
    let rounds = match draw.steps(spec.output_bits()) {
        Steps::Fixed(n) if n > 1 << 18 => return,
        Steps::Fixed(n) if n > 1 << 14 => 1,
        _ => 8,
    };
    for _ in 0..rounds {
        let value = draw.eval(&mut rng);
        match (common, &value) {
            (Some(CommonDraw::Int { min, max }), DrawValue::I64(x)) => {
                assert!(min <= *x && *x < max)
            }
            (Some(CommonDraw::F32), DrawValue::F32(x)) => assert!((0.0..1.0).contains(x)),
            (Some(CommonDraw::F64), DrawValue::F64(x)) => assert!((0.0..1.0).contains(x)),
            _ => {}
        }
        assert!(!value.format(false).contains('\n'));
        assert!(!value.format(true).contains('\n'));
    }
});
