//! Reading what the page's fields hold, with the command line's rules: the
//! seed, string seed and state of `--seed`, `--seed-str`, `--state`, step
//! counts, and `--seeds A..B` (the shared reader of
//! [`rngkit_analysis::input`]).

use rngkit::number::{BigInt, parse_int};
use rngkit::registry::{Engine, SeedOptions};
use rngkit::state_text::WordForm;
use rngkit_analysis::input::{SeedRange, parse_seed, parse_seed_range, parse_steps};
use rngkit_analysis::message::{Spelling, stream_not_applicable};
use rngkit_analysis::observe::{Observation, parse_observation_list};
use rngkit_analysis::registry::{self, Entry};
use serde_json::Value;

/// A one-line message for the page.
pub type Error = String;

/// How the page's fields are named in the shared messages
/// ([`rngkit_analysis::message`]): its labels, where the command line has
/// flags.
pub const SPELLING: Spelling = Spelling {
    seeds: "seeds",
    seed_range: "a range A..B in Seeds",
    max: "a maximum N in Search at most",
    max_advance: "Max advance",
    stream: "the stream",
};

/// The text field `key` of `v`, or `None` when absent or null.
pub fn text<'a>(v: &'a Value, key: &str) -> Result<Option<&'a str>, Error> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(Value::Number(_)) => Err(format!("{key}: write the number as text")),
        Some(_) => Err(format!("{key}: expected text")),
    }
}

/// `--stream N` where the GEN has streams; an error where it does not.
pub fn stream(entry: &Entry, v: &Value) -> Result<SeedOptions, Error> {
    let mut options = SeedOptions::default();
    if let Some(s) = text(v, "stream")?.map(str::trim).filter(|s| !s.is_empty()) {
        if !entry.info().has_stream {
            return Err(stream_not_applicable(entry, &SPELLING));
        }
        options.stream = Some(parse_int::<u64>(s).map_err(|e| format!("stream: {e}"))?);
    }
    Ok(options)
}

/// The generator a `source` object describes: `seed`, `seed_str` or `state`.
pub fn source(entry: &Entry, v: &Value) -> Result<Engine, Error> {
    let options = stream(entry, v)?;
    if let Some(seed) = text(v, "seed")? {
        let parsed = parse_seed(seed.trim()).map_err(|e| format!("seed: {e}"))?;
        entry.seed(&parsed, &options).map_err(|e| e.to_string())
    } else if let Some(s) = text(v, "seed_str")? {
        entry.seed_str(s, &options).map_err(|e| e.to_string())
    } else if let Some(s) = text(v, "state")? {
        if options.stream.is_some() {
            return Err(
                "the stream selects the stream of a seed; a state already holds its increment"
                    .into(),
            );
        }
        state(entry, s).map_err(|e| format!("state: {e}"))
    } else {
        Err("give a seed, a string seed or a state".into())
    }
}

/// A state as text, as `--state` reads it: the generic JSON form, a
/// GEN-specific form (Unity's JSON, BDSP's seed pair) or hex words, in the
/// words the command line uses ([`rngkit::state_text`]).
pub fn state(entry: &Entry, text: &str) -> Result<Engine, Error> {
    entry.parse_state_text(text, WordForm::Typed)
}

/// A step count or frame number: any size, decimal or `0x` hex, optionally
/// negative.
pub fn steps(what: &str, text: &str) -> Result<BigInt, Error> {
    parse_steps(text.trim()).map_err(|e| format!("{what}: {e}"))
}

/// `A..B` (half-open), `A..=B`, `A..`, `..B` or empty (the whole 32-bit
/// space), in the GEN's seed writing (signed for `int` seeds), read as
/// `--seeds` reads it.
pub fn seed_range(entry: &Entry, text: &str) -> Result<SeedRange, Error> {
    let text = Some(text.trim()).filter(|t| !t.is_empty());
    parse_seed_range(entry, text, &SPELLING).map_err(|e| e.to_string())
}

/// The GEN named by the `gen` field.
pub fn entry(v: &Value) -> Result<&'static Entry, Error> {
    let name = text(v, "gen")?.ok_or("choose a generator")?;
    registry::find(name.trim()).map_err(|e| e.to_string())
}

/// Observations from the `observations` field, as the CLI reads a file.
pub fn observations(entry: &Entry, v: &Value) -> Result<Vec<Observation>, Error> {
    let text = text(v, "observations")?.unwrap_or("");
    parse_observation_list(entry, "the observation list", text).map_err(|e| e.to_string())
}
