//! Generators kept inside the module between calls, for the npm package's
//! `Generator` class (`npm/`): each lives in a numbered slot, is moved and
//! read through JSON requests, and draws in bulk through
//! [`crate::rngkit_draws`], which writes the values as 8-byte words a
//! JavaScript typed array reads directly: one call for `n` values instead of
//! one JSON round trip a value.

use std::cell::RefCell;

use rngkit::draw::DrawValue;
use rngkit::number::parse_int;
use rngkit::registry::{Draw, Engine, Steps};
use rngkit_analysis::registry::Entry;
use serde_json::{Value, json};

use crate::input::{self, Error, entry, observations, text};

/// The most values one [`crate::rngkit_draws`] call writes; the package
/// asks for more in several calls.
pub const MAX_BATCH: u32 = 1 << 20;

/// One generator: its GEN, its state and the draw last prepared for it.
struct Slot {
    entry: &'static Entry,
    engine: Engine,
    draw: Option<Draw>,
}

thread_local! {
    static SLOTS: RefCell<Vec<Option<Slot>>> = const { RefCell::new(Vec::new()) };
    /// The values of the last bulk draw, as 8-byte words (8-aligned, so a
    /// `Float64Array` or `BigInt64Array` can view them in place).
    static VALUES: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// How the words of a bulk draw are to be read.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum Kind {
    /// The values are in the JSON answer (`{"ok": [...]}`), or the answer
    /// is an error.
    Json = 0,
    /// Doubles: `u32`, `i32`, `f32` (widened exactly) and `f64` draws.
    F64 = 1,
    /// Unsigned 64-bit integers.
    U64 = 2,
    /// Signed 64-bit integers.
    I64 = 3,
    /// Booleans, as the doubles 0 and 1.
    Bool = 4,
}

/// The kind and word of a scalar value; `None` for the others.
fn scalar(value: &DrawValue) -> Option<(Kind, u64)> {
    Some(match *value {
        DrawValue::U32(v) => (Kind::F64, f64::from(v).to_bits()),
        DrawValue::I32(v) => (Kind::F64, f64::from(v).to_bits()),
        DrawValue::F32(v) => (Kind::F64, f64::from(v).to_bits()),
        DrawValue::F64(v) => (Kind::F64, v.to_bits()),
        DrawValue::U64(v) => (Kind::U64, v),
        DrawValue::I64(v) => (Kind::I64, v as u64),
        DrawValue::Bool(v) => (Kind::Bool, f64::from(u8::from(v)).to_bits()),
        _ => return None,
    })
}

/// A value as the package's JSON: numbers for doubles (an `f32` widened
/// exactly, so the text reads back to the same double), `{"bigint": "N"}`
/// for 64-bit and larger integers, `{"bytes": "hex"}`, `{"bigints": [...]}`,
/// strings for tokens.
fn value_json(value: DrawValue) -> Value {
    match value {
        DrawValue::U32(v) => json!(v),
        DrawValue::I32(v) => json!(v),
        DrawValue::F32(v) => json!(f64::from(v)),
        DrawValue::F64(v) => json!(v),
        DrawValue::Bool(v) => json!(v),
        DrawValue::U64(v) => json!({ "bigint": v.to_string() }),
        DrawValue::I64(v) => json!({ "bigint": v.to_string() }),
        DrawValue::Big(v) => json!({ "bigint": v.to_string() }),
        DrawValue::F32s(v) => json!(v.into_iter().map(f64::from).collect::<Vec<_>>()),
        DrawValue::F64s(v) => json!(v),
        v @ DrawValue::Bytes(_) => json!({ "bytes": v.format(false) }),
        DrawValue::Ints(v) => {
            json!({ "bigints": v.iter().map(i64::to_string).collect::<Vec<_>>() })
        }
        DrawValue::Text(t) => json!(t),
    }
}

/// A word written as `kind`, back as JSON (a batch that turned out mixed).
fn word_json(kind: Kind, word: u64) -> Value {
    match kind {
        Kind::F64 => json!(f64::from_bits(word)),
        Kind::Bool => json!(f64::from_bits(word) != 0.0),
        Kind::U64 => json!({ "bigint": word.to_string() }),
        Kind::I64 => json!({ "bigint": (word as i64).to_string() }),
        Kind::Json => Value::Null,
    }
}

fn with_slot<T>(id: u64, f: impl FnOnce(&mut Slot) -> Result<T, Error>) -> Result<T, Error> {
    SLOTS.with(|slots| {
        let mut slots = slots.borrow_mut();
        let slot = usize::try_from(id)
            .ok()
            .and_then(|i| slots.get_mut(i))
            .and_then(Option::as_mut)
            .ok_or("this generator was freed")?;
        f(slot)
    })
}

fn store(slot: Slot) -> u64 {
    SLOTS.with(|slots| {
        let mut slots = slots.borrow_mut();
        let free = slots.iter().position(Option::is_none);
        let i = free.unwrap_or(slots.len());
        if i == slots.len() {
            slots.push(None);
        }
        slots[i] = Some(slot);
        i as u64
    })
}

fn id(v: &Value) -> Result<u64, Error> {
    v.get("id")
        .and_then(Value::as_u64)
        .ok_or_else(|| "this generator was freed".to_string())
}

/// Frees slot `id` (nothing when it is free already).
pub fn free(id: u32) {
    SLOTS.with(|slots| {
        if let Some(slot) = slots.borrow_mut().get_mut(id as usize) {
            *slot = None;
        }
    });
}

/// `gen_new`: a generator from `gen` and `source` (as `table` reads them);
/// answers its slot, the GEN's name and its state.
pub fn new(v: &Value) -> Result<Value, Error> {
    let entry = entry(v)?;
    let source = v
        .get("source")
        .ok_or("give a seed, a string seed or a state")?;
    let engine = input::source(entry, source)?;
    let state = engine.format_words();
    let id = store(Slot {
        entry,
        engine,
        draw: None,
    });
    Ok(json!({ "id": id, "gen": entry.name(), "state": state }))
}

/// `gen_state`: the state as `rngkit state` prints it.
pub fn state(v: &Value) -> Result<Value, Error> {
    with_slot(id(v)?, |s| Ok(json!(s.engine.format_words())))
}

/// `gen_clone`: a copy in a new slot.
pub fn clone(v: &Value) -> Result<Value, Error> {
    let (entry, engine) = with_slot(id(v)?, |s| Ok((s.entry, s.engine.clone())))?;
    Ok(json!(store(Slot {
        entry,
        engine,
        draw: None,
    })))
}

/// `gen_advance`: `steps` raw steps (any size, negative to go back), as
/// `--advance` moves; `what` names the argument in the message.
pub fn advance(v: &Value) -> Result<Value, Error> {
    let what = text(v, "what")?.unwrap_or("steps");
    let steps = input::steps(what, text(v, "steps")?.unwrap_or(""))?;
    with_slot(id(v)?, |s| {
        s.entry
            .advance(&mut s.engine, &steps)
            .map_err(|e| e.to_string())
    })?;
    Ok(Value::Null)
}

/// `gen_prepare`: parses `draw` (the CLI's draw text) for the generator's
/// next bulk draws; answers the raw steps it takes (`null` when it varies).
pub fn prepare(v: &Value) -> Result<Value, Error> {
    let draw_text = text(v, "draw")?.unwrap_or("");
    with_slot(id(v)?, |s| {
        let words: Vec<&str> = draw_text.split_whitespace().collect();
        let Some((name, args)) = words.split_first() else {
            let names: Vec<&str> = rngkit::draw::COMMON_DRAWS
                .iter()
                .copied()
                .chain(s.entry.engine_draws().iter().map(|d| d.syntax))
                .collect();
            return Err(format!(
                "give a draw; {}'s draws are: {}",
                s.entry.name(),
                names.join(", ")
            ));
        };
        let draw = s.entry.parse_draw(name, args).map_err(|e| e.to_string())?;
        let steps = match draw.steps(s.entry.output_bits()) {
            Steps::Fixed(k) => json!(k),
            Steps::Variable => Value::Null,
        };
        s.draw = Some(draw);
        Ok(steps)
    })
}

/// `count`: a count as `-n` reads it (`what` names it in the message).
pub fn count(v: &Value) -> Result<Value, Error> {
    let what = text(v, "what")?.unwrap_or("n");
    let n = parse_int::<u64>(text(v, "text")?.unwrap_or("").trim())
        .map_err(|e| format!("{what}: {e}"))?;
    Ok(json!(n.to_string()))
}

/// Draws `n` values of the prepared draw from slot `id`: scalar values go
/// to [`VALUES`] and their [`Kind`] is returned; other values (vectors,
/// tokens, byte strings) go to `json_answer` as the answer text
/// (`Kind::Json`).
pub fn draws(id: u32, n: u32, json_answer: &mut String) -> Result<Kind, Error> {
    with_slot(u64::from(id), |s| {
        let draw = s.draw.as_ref().ok_or("no draw prepared")?;
        if n > MAX_BATCH {
            return Err(format!("n: at most {MAX_BATCH} a call"));
        }
        VALUES.with(|values| {
            let mut words = values.borrow_mut();
            words.clear();
            let mut kind = None;
            let mut listed: Option<Vec<Value>> = None;
            for _ in 0..n {
                let value = draw.eval(&mut s.engine);
                if let Some(list) = listed.as_mut() {
                    list.push(value_json(value));
                    continue;
                }
                match (scalar(&value), kind) {
                    (Some((k, w)), None) => {
                        kind = Some(k);
                        words.push(w);
                    }
                    (Some((k, w)), Some(known)) if k == known => words.push(w),
                    _ => {
                        // Not a scalar, or another kind than the first:
                        // the whole batch goes out as JSON.
                        let known = kind.unwrap_or(Kind::Json);
                        let mut list: Vec<Value> =
                            words.iter().map(|&w| word_json(known, w)).collect();
                        list.push(value_json(value));
                        listed = Some(list);
                    }
                }
            }
            Ok(match listed {
                Some(list) => {
                    *json_answer = json!({ "ok": list }).to_string();
                    Kind::Json
                }
                None => kind.unwrap_or(Kind::F64),
            })
        })
    })
}

/// Runs `f` on the words of the last bulk draw.
pub fn with_values<T>(f: impl FnOnce(&[u64]) -> T) -> T {
    VALUES.with(|values| f(&values.borrow()))
}

/// Where the words of the last bulk draw lie.
pub fn values_ptr() -> *const u64 {
    VALUES.with(|values| values.borrow().as_ptr())
}

/// `locate`: every advance n in `0..=max` (default 1000000) at which the
/// observations fit the stream of generator `id`, as `rngkit locate`
/// prints them; the raw words are checked against the exact bits the
/// observations reveal before the full draws run.
pub fn locate(v: &Value) -> Result<Value, Error> {
    let max = match text(v, "max")?.map(str::trim).filter(|s| !s.is_empty()) {
        Some(m) => parse_int::<u64>(m).map_err(|e| format!("max: {e}"))?,
        None => 1_000_000,
    };
    let (entry, start) = with_slot(id(v)?, |s| Ok((s.entry, s.engine.clone())))?;
    let obs = observations(entry, v)?;
    let mut found = Vec::new();
    rngkit_analysis::observe::locate(&start, &obs, max, |n| {
        found.push(n.to_string());
        true
    });
    Ok(json!(found))
}
