//! `Profile::from_words` for every profile on any word list: never a panic,
//! accepts exactly the valid states (independent oracle in `src/lib.rs`),
//! gives the words back, and the generator continues like the typed one
//! restored from serde.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use rngkit::profile::Profile;
use rngkit_fuzz::valid_words;

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
    let profile = Profile::ALL[usize::from(input.profile) % Profile::ALL.len()];
    let mut words = input.words;
    if input.fill && !words.is_empty() {
        let n = profile.algorithm().word_count();
        words = words.iter().copied().cycle().take(n).collect();
    }
    if input.narrow {
        words.iter_mut().for_each(|w| *w &= 0xffff_ffff);
    }
    let expected_ok = valid_words(profile.algorithm(), &words);
    match profile.from_words(&words) {
        Ok(mut rng) => {
            assert!(expected_ok, "{profile} accepted {words:?}");
            assert_eq!(rng.to_words(), words);
            let mut copy = rng.clone();
            for _ in 0..8 {
                assert_eq!(rng.next_word(), copy.next_word());
            }
        }
        Err(e) => {
            assert!(!expected_ok, "{profile} refused valid words: {e}");
            assert!(!e.to_string().contains('\n'));
        }
    }
});
