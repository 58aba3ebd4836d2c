//! The web workbench's entry point, `rngkit_wasm::handle` (the one JSON
//! call `web/rngkit.js` makes), on arbitrary JSON: an object with an `op`
//! (one of the page's or any text) and any fields, each any JSON value
//! (null, booleans, numbers, text, lists and objects, nested), with the
//! names the page sends and the words it fills them with weighted in.
//! Never a panic (in WebAssembly a trap that kills the page's worker); the
//! answer is one JSON object, `{"ok": ...}` or `{"error": "..."}` with a
//! one-line, printable message. `wasm_request` covers the well-formed
//! requests; this target covers the shapes a caller of the npm package
//! could send instead.
//!
//! Requests that would run long are not sent (the same bounds as
//! `wasm_request`): `recover`, `detect` and `search_start` only when their
//! values do not parse (their parsers are the `observations` target's),
//! `search_step` only over a few seeds, a start frame over 100 000 on a GEN
//! that cannot jump or on MT19937, a distance bound over 100 000, a
//! distance between states of 128 bits or more.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use rngkit::number::parse_int;
use rngkit_analysis::observe::parse_observation_list;
use rngkit_analysis::registry;
use rngkit_fuzz::{NUMBERS, STATES};
use serde_json::{Map, Number, Value};

/// The page's operations.
const OPS: &[&str] = &[
    "gens",
    "table",
    "recover",
    "distance",
    "draw_steps",
    "token_lines",
    "search_start",
    "search_step",
    "detect",
];

/// The field names the page sends.
const KEYS: &[&str] = &[
    "op",
    "gen",
    "source",
    "seed",
    "seed_str",
    "state",
    "stream",
    "start",
    "count",
    "hex",
    "draws",
    "draw",
    "idiom",
    "alphabet",
    "tokens",
    "from",
    "to",
    "max",
    "observations",
    "values",
    "seeds",
    "max_advance",
];

/// A text: one the page sends (an op, a GEN's name, a number, a state, an
/// observation line), or anything.
#[derive(Arbitrary, Debug)]
enum Text {
    Op(u8),
    Gen(u8),
    Number(u8),
    State(u8),
    Observation(u8, u8),
    Free(String),
}

impl Text {
    fn text(&self) -> String {
        let pick = |table: &[&str], i: u8| table[usize::from(i) % table.len()].to_string();
        match self {
            Text::Op(i) => pick(OPS, *i),
            Text::Gen(i) => rngkit_fuzz::entry(*i).name().to_string(),
            Text::Number(i) => pick(&NUMBERS, *i),
            Text::State(i) => pick(STATES, *i),
            Text::Observation(draw, value) => {
                let draws = ["u32", "value", "next-int 100", "skip", "bits 0xf", "random"];
                format!("{} = {}", pick(&draws, *draw), pick(&NUMBERS, *value))
            }
            Text::Free(s) => s.clone(),
        }
    }
}

/// Any JSON value; lists and objects nest as deep as the input reaches.
#[derive(Arbitrary, Debug)]
enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Unsigned(u64),
    Float(f64),
    Text(Text),
    List(Vec<Json>),
    Object(Vec<(Key, Json)>),
}

/// A field name: the page's or anything.
#[derive(Arbitrary, Debug)]
enum Key {
    Known(u8),
    Free(String),
}

impl Key {
    fn name(&self) -> String {
        match self {
            Key::Known(i) => KEYS[usize::from(*i) % KEYS.len()].to_string(),
            Key::Free(s) => s.clone(),
        }
    }
}

impl Json {
    fn value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Int(n) => Value::from(*n),
            Json::Unsigned(n) => Value::from(*n),
            // NaN and infinities have no JSON form: null, as serde_json writes them.
            Json::Float(x) => Number::from_f64(*x).map_or(Value::Null, Value::Number),
            Json::Text(t) => Value::String(t.text()),
            Json::List(items) => Value::Array(items.iter().map(Json::value).collect()),
            Json::Object(fields) => Value::Object(object(fields)),
        }
    }
}

fn object(fields: &[(Key, Json)]) -> Map<String, Value> {
    fields.iter().map(|(k, v)| (k.name(), v.value())).collect()
}

/// A request: an op (or none) and any fields; or the fields alone at the
/// top (a list, a number: not a request at all).
#[derive(Arbitrary, Debug)]
enum Request {
    Object {
        op: Option<Text>,
        fields: Vec<(Key, Json)>,
    },
    Other(Json),
}

fn small(value: Option<&Value>, limit: u128) -> bool {
    match value {
        Some(Value::String(s)) => {
            parse_int::<i128>(s.trim()).map_or(true, |n| n.unsigned_abs() <= limit)
        }
        _ => true,
    }
}

/// Whether `v`'s `key` is text that parses as observations of `v`'s GEN
/// (then the op would recover or search them: not sent).
fn parses(v: &Map<String, Value>, key: &str) -> bool {
    let (Some(Value::String(name)), Some(Value::String(text))) = (v.get("gen"), v.get(key)) else {
        return false;
    };
    registry::find(name.trim()).is_ok_and(|e| parse_observation_list(e, "fuzz", text).is_ok())
}

/// The request's text, or `None` when it would run long.
fn request(r: &Request) -> Option<String> {
    let (op, fields) = match r {
        Request::Object { op, fields } => (op, fields),
        Request::Other(json) => return Some(json.value().to_string()),
    };
    let mut v = object(fields);
    if let Some(op) = op {
        v.insert("op".to_string(), Value::String(op.text()));
    }
    let op = v
        .get("op")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let entry = v
        .get("gen")
        .and_then(Value::as_str)
        .and_then(|g| registry::find(g.trim()).ok());
    match op.as_str() {
        "recover" | "search_start" if parses(&v, "observations") => return None,
        "detect" => {
            if matches!(v.get("values"), Some(Value::String(s)) if !s.trim().is_empty()) {
                return None;
            }
        }
        "search_step" => {
            if v.get("seeds")
                .and_then(Value::as_u64)
                .is_some_and(|n| n > 4096)
            {
                return None;
            }
        }
        "table" => {
            // Jumps are O(log n), except MT19937's; other GENs step one by one.
            let jumps = entry.is_some_and(|e| e.can_jump() && e.word_count() < 600);
            if !jumps && !small(v.get("start"), 100_000) {
                return None;
            }
        }
        "distance" => {
            // A distance on a state of 128 bits or more is a discrete
            // logarithm (see `wasm_request`).
            if entry.is_none_or(|e| u64::from(e.word_bits()) * e.word_count() as u64 >= 128)
                || !small(v.get("max"), 100_000)
            {
                return None;
            }
        }
        _ => {}
    }
    Some(Value::Object(v).to_string())
}

fuzz_target!(|r: Request| {
    let Some(text) = request(&r) else {
        return;
    };
    rngkit_fuzz::check_wasm_answer(&text);
});
