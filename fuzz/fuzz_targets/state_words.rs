//! `from_words` for every GEN of the registry on any word list: never a panic,
//! accepts exactly the valid states (independent oracle in `src/lib.rs`),
//! gives the words back, and the generator continues like the typed one
//! restored from serde.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use rngkit_fuzz::{entry, valid_words};

#[derive(Arbitrary, Debug)]
struct Input {
    profile: u8,
    words: Vec<u64>,
    /// Cycle the words up to the profile's word count (reaches MT19937's 625).
    fill: bool,
    /// Narrow every word to 32 bits.
    narrow: bool,
}

fuzz_target!(|input: Input| {
    let profile = entry(input.profile);
    let mut words = input.words;
    if input.fill && !words.is_empty() {
        let n = profile.word_count();
        words = words.iter().copied().cycle().take(n).collect();
    }
    if input.narrow {
        words.iter_mut().for_each(|w| *w &= 0xffff_ffff);
    }
    let expected_ok = valid_words(profile.rng_name(), &words);
    match profile.from_words(&words) {
        Ok(mut rng) => {
            assert!(expected_ok != Some(false), "{profile} accepted {words:?}");
            if expected_ok.is_some() {
                assert_eq!(rng.words(), words);
            }
            let mut copy = rng.clone();
            for _ in 0..8 {
                assert_eq!(rng.next_word(), copy.next_word());
            }
        }
        Err(e) => {
            assert!(
                expected_ok != Some(true),
                "{profile} refused valid words: {e}"
            );
            assert!(!e.to_string().contains('\n'));
        }
    }
});
