//! Reading what the page's fields hold, with the command line's rules: the
//! seed, string seed and state of `--seed`, `--seed-str`, `--state`, step
//! counts, and `--seeds A..B`.

use rngkit::number::{BigInt, parse_int};
use rngkit::registry::{Engine, SeedKind, SeedOptions};
use rngkit::state_text::WordForm;
use rngkit_analysis::registry::Entry;
use serde_json::Value;

/// A one-line message for the page.
pub type Error = String;

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
            return Err(format!(
                "the stream applies to pcg32 and megacrush only, not {}",
                entry.name()
            ));
        }
        options.stream = Some(parse_int::<u64>(s).map_err(|e| format!("stream: {e}"))?);
    }
    Ok(options)
}

/// The generator a `source` object describes: `seed`, `seed_str` or `state`.
pub fn source(entry: &Entry, v: &Value) -> Result<Engine, Error> {
    let options = stream(entry, v)?;
    if let Some(seed) = text(v, "seed")? {
        let seed = seed.trim();
        let parsed: BigInt = seed
            .parse()
            .map_err(|_| format!("seed: `{seed}` is not an integer (decimal or 0x hex)"))?;
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
    let text = text.trim();
    text.parse::<BigInt>().map_err(|_| {
        format!("{what}: `{text}` is not a whole number (decimal or 0x hex, any size)")
    })
}

/// `A..B` (half-open), `A..=B`, `A..`, `..B` or empty (the whole 32-bit
/// space), in the GEN's seed writing (signed for `int` seeds): the ranges of
/// seed bit patterns to search, and the range as the GEN writes it.
pub fn seed_ranges(entry: &Entry, text: &str) -> Result<Vec<std::ops::RangeInclusive<u64>>, Error> {
    let name = entry.name();
    let kind = entry.info().seed_kind;
    let Some(bits) = kind.bits() else {
        return Err(format!(
            "{name} has no fixed-width integer seed to search; recover its state instead"
        ));
    };
    if entry.scan().is_none() {
        return Err(format!("{name} has no seed search"));
    }
    let (space_start, space_end): (i128, i128) = match kind {
        SeedKind::I32 => (i128::from(i32::MIN), i128::from(i32::MAX)),
        SeedKind::I64 => (i128::from(i64::MIN), i128::from(i64::MAX)),
        _ if bits == 32 => (0, i128::from(u32::MAX)),
        _ => (0, i128::from(u64::MAX)),
    };
    let (accept_min, accept_max): (i128, i128) = if bits == 32 {
        (i128::from(i32::MIN), i128::from(u32::MAX))
    } else {
        (i128::from(i64::MIN), i128::from(u64::MAX))
    };
    let text = text.trim();
    let (start, end) = if text.is_empty() {
        if bits != 32 {
            return Err(format!(
                "{name} seeds are 64-bit: give the range to search, A..B"
            ));
        }
        (space_start, space_end)
    } else {
        let bad = || {
            format!(
                "seeds `{text}`: write A..B (half-open), A..=B or A.., with A and B decimal or 0x hex"
            )
        };
        let (a, b, inclusive) = if let Some((a, b)) = text.split_once("..=") {
            (a, b, true)
        } else if let Some((a, b)) = text.split_once("..") {
            (a, b, false)
        } else {
            return Err(bad());
        };
        let num = |s: &str| parse_int::<i128>(s.trim()).map_err(|e| format!("seeds: {e}"));
        let start = if a.trim().is_empty() {
            space_start
        } else {
            num(a)?
        };
        let end = if b.trim().is_empty() {
            if inclusive {
                return Err(bad());
            }
            space_end
        } else if inclusive {
            num(b)?
        } else {
            num(b)? - 1
        };
        (start, end)
    };
    if end < start {
        return Err(format!("seeds `{text}` is empty"));
    }
    if start < accept_min || end > accept_max {
        return Err(format!(
            "seeds `{text}` leave {name}'s {bits}-bit seed space ({space_start}..={space_end})"
        ));
    }
    if start < 0 && end > space_end {
        return Err(format!(
            "seeds `{text}` mix negative seeds with seeds above {space_end}"
        ));
    }
    let modulus = 1i128 << bits;
    let fold = |v: i128| if v > space_end { v - modulus } else { v };
    let (low, high) = if start > space_end {
        (fold(start), fold(end))
    } else if end > space_end && kind.signed() {
        return Err(format!(
            "seeds `{text}` cross {space_end}; {name} writes seeds above it as negative ints: split the range"
        ));
    } else {
        (start, end)
    };
    Ok(if low < 0 && high >= 0 {
        vec![
            (low + modulus) as u64..=(modulus - 1) as u64,
            0..=high as u64,
        ]
    } else if low < 0 {
        vec![(low + modulus) as u64..=(high + modulus) as u64]
    } else {
        vec![low as u64..=high as u64]
    })
}
