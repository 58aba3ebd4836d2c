//! The web workbench's entry point, `rngkit_wasm::handle` (the JSON request
//! the page sends to the wasm module), on requests built from the fields
//! the page fills (generator, seed / string seed / state / stream, start
//! frame, row count, draw columns, distance states, the Tokens form) and on
//! raw text: never a panic; the answer is one JSON object, `{"ok": ...}` or
//! `{"error": "..."}` with a one-line, printable message.
//!
//! Requests that would run long are not sent: `recover` and the seed search
//! (their input parsing is the `observations` target's), a start frame over
//! 100 000 on a GEN that cannot jump or on MT19937, a distance search bound
//! over 100 000, a distance between states of 128 bits or more.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use rngkit::number::parse_int;
use rngkit_fuzz::{NUMBERS, STATES, entry};
use serde_json::{Value, json};

/// A field's text: from the tables of real spellings, or anything.
#[derive(Arbitrary, Debug)]
enum Field {
    Number(u8),
    State(u8),
    Free(String),
}

impl Field {
    fn text(&self) -> String {
        match self {
            Field::Number(i) => NUMBERS[usize::from(*i) % NUMBERS.len()].to_string(),
            Field::State(i) => STATES[usize::from(*i) % STATES.len()].to_string(),
            Field::Free(s) => s.clone(),
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Request {
    /// `table`: the frame table.
    Table {
        generator: u8,
        source: u8,
        value: Field,
        stream: Option<Field>,
        start: Option<Field>,
        count: u16,
        hex: bool,
        draws: Vec<String>,
    },
    /// `draw_steps`: a draw column's raw steps.
    DrawSteps { generator: u8, draw: String },
    /// `token_lines`: the Tokens form (an idiom of the GEN or any text, an
    /// alphabet, tokens one a line).
    TokenLines {
        generator: u8,
        idiom: Option<String>,
        alphabet: String,
        tokens: String,
    },
    /// `distance` between two states.
    Distance {
        generator: u8,
        from: Field,
        to: Field,
        max: Option<Field>,
    },
    /// Any text at all.
    Raw(String),
}

fn small(text: &str, limit: u128) -> bool {
    parse_int::<i128>(text.trim()).map_or(true, |n| n.unsigned_abs() <= limit)
}

fn request(r: &Request) -> Option<String> {
    Some(match r {
        Request::Table {
            generator,
            source,
            value,
            stream,
            start,
            count,
            hex,
            draws,
        } => {
            let e = entry(*generator);
            let key = ["seed", "seed_str", "state"][usize::from(*source) % 3];
            let mut src = json!({ key: value.text() });
            if let Some(s) = stream {
                src["stream"] = Value::String(s.text());
            }
            let mut v = json!({
                "op": "table",
                "gen": e.name(),
                "source": src,
                "count": u64::from(*count % 80),
                "hex": hex,
                "draws": draws,
            });
            if let Some(start) = start {
                let start = start.text();
                // Jumps are O(log n), except MT19937's (slower per call);
                // other GENs step one by one.
                if !(e.can_jump() && e.word_count() < 600) && !small(&start, 100_000) {
                    return None;
                }
                v["start"] = Value::String(start);
            }
            v.to_string()
        }
        Request::DrawSteps { generator, draw } => {
            json!({ "op": "draw_steps", "gen": entry(*generator).name(), "draw": draw }).to_string()
        }
        Request::TokenLines {
            generator,
            idiom,
            alphabet,
            tokens,
        } => {
            let e = entry(*generator);
            // The GEN's first idiom, as the page's select offers it, or any text.
            let idiom = idiom
                .clone()
                .or_else(|| e.idioms().first().map(|i| i.name.to_string()))
                .unwrap_or_default();
            json!({ "op": "token_lines", "gen": e.name(), "idiom": idiom,
                    "alphabet": alphabet, "tokens": tokens })
            .to_string()
        }
        Request::Distance {
            generator,
            from,
            to,
            max,
        } => {
            // An exact distance on a state of 128 bits or more is a discrete
            // logarithm: about 1 s in a release build, over the 10 s limit
            // under the fuzzer's sanitizer. Its inputs are parsed by the
            // same state reader as the table's `state` source.
            let e = entry(*generator);
            if u64::from(e.word_bits()) * e.word_count() as u64 >= 128 {
                return None;
            }
            let mut v = json!({
                "op": "distance",
                "gen": entry(*generator).name(),
                "from": from.text(),
                "to": to.text(),
            });
            if let Some(max) = max {
                let max = max.text();
                if !small(&max, 100_000) {
                    return None;
                }
                v["max"] = Value::String(max);
            }
            v.to_string()
        }
        Request::Raw(text) => {
            // Only the cheap operations, or text that is not a request.
            if let Ok(v) = serde_json::from_str::<Value>(text) {
                if let Some(op) = v.get("op").and_then(Value::as_str) {
                    if !matches!(op, "gens" | "draw_steps" | "token_lines") {
                        return None;
                    }
                }
            }
            text.clone()
        }
    })
}

fuzz_target!(|r: Request| {
    let Some(text) = request(&r) else {
        return;
    };
    rngkit_fuzz::check_wasm_answer(&text);
});
