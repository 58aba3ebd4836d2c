//! The JSON requests: one function per `op`.

use rngkit::number::{BigInt, parse_int};
use rngkit::registry::{Draw, SeedKind};
use rngkit_analysis::message::{Hints, Undetected, Unresolved, distance_error};
use rngkit_analysis::observe::replay;
use rngkit_analysis::recover::{Count, RecoverOptions, Recovered, recover};
use rngkit_analysis::registry::{self, Entry};
use serde_json::{Value, json};

use crate::input::{self, Error, SPELLING, entry, observations, text};
use crate::{generator, session};

/// The most rows one `table` request returns.
pub const MAX_ROWS: u64 = 1000;

/// The most states a `several` answer lists.
const MAX_LISTED: usize = 16;

/// Handles one JSON request and returns the JSON answer: `{"ok": ...}` or
/// `{"error": "..."}` (see the crate documentation for the requests).
///
/// ```
/// let answer = rngkit_wasm::handle(r#"{"op":"table","gen":"nope"}"#);
/// assert!(answer.contains("unknown generator `nope`"));
/// let answer = rngkit_wasm::handle("not json");
/// assert!(answer.starts_with(r#"{"error":"#));
/// ```
pub fn handle(request: &str) -> String {
    let result = serde_json::from_str::<Value>(request)
        .map_err(|e| format!("the request is not JSON: {e}"))
        .and_then(|v| dispatch(&v));
    match result {
        Ok(v) => json!({ "ok": v }).to_string(),
        Err(e) => error_json(&e),
    }
}

/// `{"error": message}`, with control characters the message quotes from
/// the input escaped (`\n`, `\u{4}`), so the page shows one printable line.
pub fn error_json(message: &str) -> String {
    let mut printable = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            printable.extend(c.escape_debug());
        } else {
            printable.push(c);
        }
    }
    json!({ "error": printable }).to_string()
}

fn dispatch(v: &Value) -> Result<Value, Error> {
    let op = text(v, "op")?.ok_or("the request has no op")?;
    match op {
        "gens" => Ok(gens()),
        "table" => table(v),
        "recover" => recover_op(v),
        "distance" => distance(v),
        "draw_steps" => draw_steps(v),
        "token_lines" => token_lines(v),
        "search_start" => session::start(v),
        "search_step" => session::step(v),
        "detect" => detect_op(v),
        "gen_new" => generator::new(v),
        "gen_state" => generator::state(v),
        "gen_clone" => generator::clone(v),
        "gen_advance" => generator::advance(v),
        "gen_prepare" => generator::prepare(v),
        "count" => generator::count(v),
        "locate" => generator::locate(v),
        _ => Err(format!("unknown op `{op}`")),
    }
}

fn gens() -> Value {
    let list: Vec<Value> = registry::all()
        .iter()
        .map(|e| {
            let info = e.info();
            let seed_kind = match info.seed_kind {
                SeedKind::U32 => "u32",
                SeedKind::I32 => "i32",
                SeedKind::U64 => "u64",
                SeedKind::I64 => "i64",
                SeedKind::Unbounded => "unbounded",
                SeedKind::Unseedable => "none",
                _ => "other",
            };
            let draws: Vec<Value> = rngkit::draw::COMMON_DRAWS
                .iter()
                .map(|s| json!({ "syntax": s, "help": "" }))
                .chain(
                    e.engine_draws()
                        .iter()
                        .map(|d| json!({ "syntax": d.syntax, "help": d.help })),
                )
                .collect();
            json!({
                "name": info.name,
                "aliases": info.aliases,
                "summary": info.summary,
                "seed_kind": seed_kind,
                "seed_doc": info.seed_doc,
                "state_doc": info.state_doc,
                "has_stream": info.has_stream,
                "output_bits": e.output_bits(),
                "word_bits": e.word_bits(),
                "word_count": e.word_count(),
                "draws": draws,
                "idioms": idioms(e),
                "jump": e.can_jump(),
                "distance": e.can_measure_distance(),
                "recover": e.can_recover(),
                "search": e.can_search_seeds(),
                // The width of the seeds a search covers (32 for php,
                // python and ruby, whose seed types are wider).
                "search_bits": e.seed_search_bits().filter(|_| e.can_search_seeds()),
                "period": e.period().map(|p| p.to_string()),
                // How recovery and seed search work for it (the text of
                // `rngkit recover --help` and `seed-search --help`).
                "notes": {
                    "recover": e.notes().recover,
                    "search": e.notes().search,
                },
            })
        })
        .collect();
    Value::Array(list)
}

/// `token IDIOM ALPHABET LENGTH`: each idiom of `entry`, its name, the
/// program's code and its pick (`rngkit gen --help`, section TOKENS). Not
/// inlined: in the body of `gens` the list cost the page 4.6 KB more.
#[inline(never)]
fn idioms(entry: &Entry) -> Value {
    entry
        .idioms()
        .iter()
        .map(|i| json!({ "name": i.name, "call": i.call, "pick": i.pick }))
        .collect()
}

/// Parses `name args...` as a draw of `entry`.
fn parse_draw(entry: &Entry, text: &str) -> Result<Draw, Error> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((name, args)) = words.split_first() else {
        return Err("a draw column is empty".into());
    };
    entry
        .parse_draw(name, args)
        .map_err(|e| format!("draw `{}`: {e}", text.trim()))
}

/// The frame table: the state at frame `start` (raw steps from the source),
/// then for each of `count` frames the raw word drawn there and each draw
/// evaluated from that frame's state.
fn table(v: &Value) -> Result<Value, Error> {
    let entry = entry(v)?;
    let source = v
        .get("source")
        .ok_or("give a seed, a string seed or a state")?;
    let mut rng = input::source(entry, source)?;
    let start = input::steps("frame", text(v, "start")?.unwrap_or("0"))?;
    entry.advance(&mut rng, &start).map_err(|e| e.to_string())?;
    let count = match v.get("count") {
        None | Some(Value::Null) => 20,
        Some(c) => c
            .as_u64()
            .filter(|c| (1..=MAX_ROWS).contains(c))
            .ok_or(format!("rows: give 1..={MAX_ROWS}"))?,
    };
    let hex = v.get("hex").and_then(Value::as_bool).unwrap_or(false);
    let draws: Vec<Draw> = match v.get("draws") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|d| {
                d.as_str()
                    .ok_or_else(|| "draws: expected text".to_string())
                    .and_then(|d| parse_draw(entry, d))
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("draws: expected a list".into()),
    };
    let state = rng.format_words();
    let digits = (entry.output_bits() / 4) as usize;
    let mut rows = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let values: Vec<String> = draws
            .iter()
            .map(|d| d.eval(&mut rng.clone()).format(hex))
            .collect();
        let raw = rng.next_word();
        rows.push(json!({ "raw": format!("{raw:0digits$x}"), "values": values }));
    }
    Ok(json!({
        "start": start.to_string(),
        "state": state,
        "rows": rows,
        "after": rng.format_words(),
    }))
}

fn recover_op(v: &Value) -> Result<Value, Error> {
    let entry = entry(v)?;
    let seed_options = input::stream(entry, v)?;
    // No threads in the browser: one worker, which spawns nothing.
    let mut options = RecoverOptions {
        threads: 1,
        fresh: v.get("fresh").and_then(Value::as_bool).unwrap_or(false),
        ..RecoverOptions::default()
    };
    // Where the listed states are, in the message: the page shows them
    // below it, the npm package in the error's `states`.
    let place = text(v, "listed")?.unwrap_or("below");
    let place: &'static str = if place == "below" {
        "below"
    } else {
        "in the error's states"
    };
    if let Some(stream) = seed_options.stream {
        options.pcg_increment = (stream << 1) | 1;
    }
    let obs = observations(entry, v)?;
    let recovered = recover(entry, &obs, &options).map_err(|e| e.to_string())?;
    // No clock and one thread: the message leaves out the hints that cost
    // work (the seed search's timing, the other GENs that fit).
    let message = Unresolved::new(entry, &obs, &recovered, &Hints::default());
    Ok(match recovered {
        Recovered::Unique(rng) => {
            let mut end = rng.clone();
            replay(&obs, &mut end);
            json!({
                "status": "unique",
                "state": rng.format_words(),
                "end_state": end.format_words(),
            })
        }
        Recovered::Several { count, states } => {
            let listed: Vec<String> = states
                .iter()
                .take(MAX_LISTED)
                .map(|s| s.format_words())
                .collect();
            let mut message = message.expect("several states fit");
            if states.len() <= MAX_LISTED {
                message = message.listed(place);
            }
            json!({
                "status": "several",
                "count": count.to_string(),
                "count_parts": count_parts(count),
                "states": listed,
                "message": message.to_string(),
            })
        }
        Recovered::OverBudget { count, .. } => json!({
            "status": "several",
            "count": count.to_string(),
            "count_parts": count_parts(count),
            "states": Vec::<String>::new(),
            "message": message.expect("over budget").to_string(),
        }),
        Recovered::NoneFits => json!({
            "status": "none",
            "message": message.expect("none fits").to_string(),
        }),
    })
}

/// A count of states as `[bound, digits, exponent]`: the bound `exact`,
/// `at most` or `about`, the exact count's decimal digits (else `null`) and
/// the power of two it is (else `null`).
fn count_parts(count: Count) -> Value {
    match count {
        Count::Exact(n) => json!(["exact", n.to_string(), null]),
        Count::PowerOfTwo(k) => json!(["exact", null, k]),
        Count::AtMost(k) => json!(["at most", null, k]),
        Count::About(k) => json!(["about", null, k]),
    }
}

fn distance(v: &Value) -> Result<Value, Error> {
    let entry = entry(v)?;
    let from =
        input::state(entry, text(v, "from")?.unwrap_or("")).map_err(|e| format!("from: {e}"))?;
    let to = input::state(entry, text(v, "to")?.unwrap_or("")).map_err(|e| format!("to: {e}"))?;
    let max = match text(v, "max")?.map(str::trim).filter(|s| !s.is_empty()) {
        Some(m) => Some(parse_int::<u128>(m).map_err(|e| format!("max: {e}"))?),
        None => None,
    };
    match entry.distance(&from, &to, max) {
        Ok(n) => {
            let signed = entry.period().map(|p| {
                let back = BigInt::from(n).complement_in(&p);
                match back.magnitude_u128() {
                    Some(b) if b < n => format!("-{b}"),
                    _ => n.to_string(),
                }
            });
            Ok(json!({ "distance": n.to_string(), "signed": signed }))
        }
        Err(e) => Err(distance_error(entry, &e, &SPELLING)),
    }
}

/// `draw_steps`: the raw steps a draw takes (`null` when it varies), for
/// the page's form that writes `skip N` for a frame not seen.
fn draw_steps(v: &Value) -> Result<Value, Error> {
    let entry = entry(v)?;
    let draw = parse_draw(entry, text(v, "draw")?.unwrap_or(""))?;
    Ok(match draw.steps(entry.output_bits()) {
        rngkit::registry::Steps::Fixed(k) => json!(k),
        rngkit::registry::Steps::Variable => Value::Null,
    })
}

/// `token_lines`: the page's Tokens form. Each line of `tokens` (one
/// observed token a line, `?` for a character not seen) becomes the
/// observation line `token IDIOM ALPHABET LEN = TOKEN`, LEN its length,
/// read back by the observation parser the command line uses, so a bad
/// alphabet or a character outside it is refused here in its words
/// (`line N` is the line of `tokens`).
///
/// ```
/// let answer = rngkit_wasm::handle(
///     r#"{"op":"token_lines","gen":"python","idiom":"choices","alphabet":"a-z0-9",
///         "tokens":"k3?x\n\nab"}"#,
/// );
/// assert_eq!(
///     answer,
///     r#"{"ok":["token choices a-z0-9 4 = k3?x","token choices a-z0-9 2 = ab"]}"#
/// );
/// let answer = rngkit_wasm::handle(
///     r#"{"op":"token_lines","gen":"python","idiom":"choices","alphabet":"a-z","tokens":"aB"}"#,
/// );
/// assert!(answer.contains("line 1: `aB`: `B` (character 2) is not in ALPHABET `a-z`"), "{answer}");
/// let answer = rngkit_wasm::handle(
///     r#"{"op":"token_lines","gen":"python","idiom":"choices","alphabet":"abca","tokens":"a"}"#,
/// );
/// assert!(answer.contains("holds `a` twice"), "{answer}");
/// ```
fn token_lines(v: &Value) -> Result<Value, Error> {
    let entry = entry(v)?;
    let idiom = text(v, "idiom")?.unwrap_or("").trim();
    if idiom.is_empty() {
        // The GEN's own message: it has no idioms, or which it has.
        return Err(entry
            .parse_draw("token", &[])
            .err()
            .map_or_else(|| "choose an idiom".into(), |e| e.to_string()));
    }
    // The alphabet on its own first: one word of the draw text, so white
    // space and an empty one get the grammar's message, not a count of
    // arguments.
    let alphabet = text(v, "alphabet")?.unwrap_or("").trim();
    rngkit::token::Alphabet::parse(alphabet)?;
    let lines: Vec<String> = text(v, "tokens")?
        .unwrap_or("")
        .lines()
        .map(|t| match t.trim() {
            "" => String::new(),
            t => format!("token {idiom} {alphabet} {} = {t}", t.chars().count()),
        })
        .collect();
    rngkit_analysis::observe::parse_observation_list(entry, "the tokens", &lines.join("\n"))
        .map_err(|e| e.to_string())?;
    Ok(json!(
        lines
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
    ))
}

/// `detect`: which generator made the values in `values` (bare values one
/// a line, or observation lines), in the single-threaded run (no threads,
/// no clock in the browser: recoveries one after another, seed searches
/// over the small seeds only; see `rngkit_analysis::detect`).
fn detect_op(v: &Value) -> Result<Value, Error> {
    use rngkit_analysis::detect::{Answer, DetectOptions, Verdict, detect};
    let values = text(v, "values")?.unwrap_or("");
    let options = DetectOptions {
        threads: 1,
        ..DetectOptions::default()
    };
    let found = detect(values, &options).map_err(|e| e.to_string())?;
    let verdict = found.verdict();
    let message = Undetected::new(&found).map(|u| u.listed("below").to_string());
    let shown: Vec<_> = match verdict {
        Verdict::Identified | Verdict::Ambiguous => found.decisive().collect(),
        _ => found.fits.iter().collect(),
    };
    let fits: Vec<Value> = shown
        .iter()
        .map(|f| {
            let mut fit = json!({
                "gen": f.generator.name(),
                "draw": f.draw,
                "decisive": f.decisive,
                "family": f.family.iter().map(|(g, _)| g.name()).collect::<Vec<_>>(),
            });
            match &f.answer {
                Answer::State(s) => fit["state"] = json!(s.format_words()),
                Answer::States(s) => {
                    fit["states"] = json!(s.iter().map(|s| s.format_words()).collect::<Vec<_>>())
                }
                Answer::Seed { seed, advance, .. } => {
                    fit["seed"] = json!(f.generator.info().seed_kind.format(*seed));
                    fit["advance"] = json!(advance.to_string());
                }
            }
            fit
        })
        .collect();
    let open: Vec<Value> = found
        .open
        .iter()
        .map(|o| json!({ "gen": o.generator.name(), "draw": o.draw, "why": o.why }))
        .collect();
    Ok(json!({
        "verdict": match verdict {
            Verdict::Identified => "identified",
            Verdict::Ambiguous => "ambiguous",
            Verdict::Underdetermined => "underdetermined",
            Verdict::NoneFits => "none",
        },
        "fits": fits,
        "message": message,
        "open": open,
        "values": found.values,
        "tried": found.tried,
        "pruned": found.pruned,
    }))
}
