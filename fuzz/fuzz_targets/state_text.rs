//! The CLI's `--state` text parser (compiled from the CLI's source) followed
//! by `Profile::from_words`: never a panic; an accepted state prints in the
//! contract's form (`rngkit state`) and that text parses back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rngkit::profile::Profile;
use rngkit_fuzz::{format_state, parse_state_text};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let profile = Profile::ALL[usize::from(selector) % Profile::ALL.len()];
    let words = match parse_state_text(text) {
        Ok(words) => words,
        Err(message) => {
            assert!(!message.is_empty());
            return;
        }
    };
    assert!(!words.is_empty());
    if let Ok(rng) = profile.from_words(&words) {
        let printed = format_state(&rng);
        let digits = (profile.algorithm().word_bits() / 4) as usize;
        assert!(printed.split(' ').all(|w| {
            w.len() == digits
                && w.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        }));
        let again = parse_state_text(&printed).expect("printed state parses");
        assert_eq!(again, words);
        assert_eq!(profile.from_words(&again).unwrap(), rng);
    }
});
