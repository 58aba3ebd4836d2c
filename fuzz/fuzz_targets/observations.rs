//! The observation language (`recover`, `seed-search`) on any text, for every
//! GEN: never a panic; an error names its line (`line N: ...`) and is
//! one line; an accepted list can be laid out and checked against a stream.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rngkit_analysis::observe::parse_observations;
use rngkit_fuzz::entry_and_text;

fuzz_target!(|data: &[u8]| {
    let Some((spec, text)) = entry_and_text(data) else {
        return;
    };
    match parse_observations(spec, text) {
        Ok(observations) => {
            // Every observation came from a real line of the text.
            let lines = text.lines().count().max(1);
            assert!(observations.iter().all(|o| (1..=lines).contains(&o.line)));
        }
        Err(err) => {
            let message = err.to_string();
            assert!(message.starts_with("line "), "{message}");
            assert!(!message.contains('\n'), "{message}");
        }
    }
});
