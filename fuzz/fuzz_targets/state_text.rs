//! The CLI's `--state` text parser (compiled from the CLI's source) for
//! every GEN of the registry: never a panic; an accepted state prints in
//! the `rngkit state` form and that text parses back to the same state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rngkit_fuzz::{entry_and_text, parse_state_text};

fuzz_target!(|data: &[u8]| {
    let Some((spec, text)) = entry_and_text(data) else {
        return;
    };
    match parse_state_text(spec, text) {
        Ok(rng) => {
            let printed = rng.format_words();
            let digits = (spec.word_bits() / 4) as usize;
            assert!(printed.split(' ').all(|w| {
                w.len() == digits
                    && w.bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            }));
            let again = parse_state_text(spec, &printed).expect("printed state parses");
            assert_eq!(again, rng);
        }
        Err(message) => assert!(
            !message.is_empty() && !message.contains('\n'),
            "{}: {message:?}",
            spec.name()
        ),
    }
});
