//! The JSON document of each command (`--format json`), built from what the
//! text form prints: the same answers, as fields, with the exit status and
//! its meaning (`status`). The text renderers stay in the command files;
//! these are their JSON twins, one function per document, and the schema
//! (`docs/cli-json.schema.json`) describes each.

use rngkit::draw::DrawValue;
use rngkit::registry::Engine;
use rngkit_analysis::detect::{Answer, Detection, Fit, Open, Verdict};
use rngkit_analysis::registry::Entry;

use super::json::{Json, document};

/// A draw's value: integers and finite floats as JSON numbers (the digits
/// the text form prints), booleans as booleans, vectors as arrays, byte
/// strings and tokens as strings; with `hex`, numbers as the text form's
/// `0x` strings.
pub fn draw_value(value: &DrawValue, hex: bool) -> Json {
    let text = || value.format(hex);
    match value {
        DrawValue::Bool(b) => Json::Bool(*b),
        DrawValue::Bytes(_) | DrawValue::Text(_) => Json::Str(text()),
        _ if hex => Json::Str(text()),
        DrawValue::U32(_)
        | DrawValue::U64(_)
        | DrawValue::I32(_)
        | DrawValue::I64(_)
        | DrawValue::Big(_) => Json::Num(text()),
        DrawValue::F32(x) => Json::float(f64::from(*x), text()),
        DrawValue::F64(x) => Json::float(*x, text()),
        DrawValue::F32s(xs) => Json::Arr(
            xs.iter()
                .map(|&x| Json::float(f64::from(x), DrawValue::F32(x).format(false)))
                .collect(),
        ),
        DrawValue::F64s(xs) => Json::Arr(
            xs.iter()
                .map(|&x| Json::float(x, DrawValue::F64(x).format(false)))
                .collect(),
        ),
        DrawValue::Ints(xs) => Json::Arr(xs.iter().map(|&x| Json::int(x)).collect()),
    }
}

/// One line of `gen --format json`: `{"type":"draw","index":I,"value":V}`.
pub fn gen_draw(index: u64, value: &DrawValue, hex: bool) -> Json {
    Json::obj()
        .with("type", "draw")
        .with("index", index)
        .with("value", draw_value(value, hex))
}

/// The last line of `gen --format json`: the summary.
pub fn gen_summary(entry: &Entry, draw: &[String], count: u64, hex: bool) -> Json {
    document("gen", "ok", 0)
        .with("type", "summary")
        .with("gen", entry.name())
        .with("draw", draw.join(" "))
        .with("count", count)
        .with("hex", hex)
}

/// A state: its words as `rngkit state` prints them (`"words"`, one line)
/// and one string per word (`"hex"`).
pub fn state(rng: &Engine) -> Json {
    let words = rng.format_words();
    let hex: Vec<Json> = words.split_whitespace().map(Json::str).collect();
    Json::obj().with("words", words).with("hex", hex)
}

/// A seed as its GEN writes it (signed for `int` seeds): a JSON integer.
pub fn seed(entry: &Entry, seed: u64) -> Json {
    Json::Num(entry.info().seed_kind.format(seed))
}

/// `identify --format json`: the seed and advance found.
pub fn identify(entry: &Entry, seed_bits: u64, advance: u64) -> Json {
    document("identify", "found", 0)
        .with("gen", entry.name())
        .with("seed", seed(entry, seed_bits))
        .with("advance", advance)
}

/// `identify --format json` when no seed is found (exit 1).
pub fn identify_none(entry: &Entry, message: &str) -> Json {
    document("identify", "none", 1)
        .with("gen", entry.name())
        .with("message", message)
}

/// `distance --format json`: `distance` is the number the text form
/// prints (signed with --signed).
pub fn distance(entry: &Entry, text: &str, signed: bool, behind: Option<u128>) -> Json {
    document("distance", "found", 0)
        .with("gen", entry.name())
        .with("distance", Json::Num(text.to_string()))
        .with("signed", signed)
        .with("steps_behind", behind)
}

/// `distance --format json` when the distance is not found (exit 1).
pub fn distance_none(entry: &Entry, message: &str) -> Json {
    document("distance", "none", 1)
        .with("gen", entry.name())
        .with("message", message)
}

/// `locate --format json`: every advance that fits, in increasing order.
pub fn locate(entry: &Entry, advances: &[u64], max: u64, message: Option<&str>) -> Json {
    let (status, exit) = if advances.is_empty() {
        ("none", 1)
    } else {
        ("found", 0)
    };
    document("locate", status, exit)
        .with("gen", entry.name())
        .with("max", max)
        .with(
            "advances",
            advances.iter().map(|&n| Json::int(n)).collect::<Vec<_>>(),
        )
        .with("message", message)
}

/// One line of `seed-search --format json`, printed as the seed is found.
pub fn seed_match(entry: &Entry, seed_bits: u64, advance: u64) -> Json {
    Json::obj()
        .with("type", "match")
        .with("seed", seed(entry, seed_bits))
        .with("advance", advance)
}

/// What a seed search did, for its summary line.
pub struct SearchSummary<'a> {
    pub entry: &'a Entry,
    pub searched: u64,
    pub seconds: f64,
    pub matches: u64,
    /// The error line's message when no seed matched.
    pub message: Option<&'a str>,
}

/// The last line of `seed-search --format json`.
pub fn seed_summary(s: &SearchSummary) -> Json {
    let (status, exit) = if s.matches == 0 {
        ("none", 1)
    } else {
        ("found", 0)
    };
    document("seed-search", status, exit)
        .with("type", "summary")
        .with("gen", s.entry.name())
        .with("searched", s.searched)
        .with("seconds", Json::Num(format!("{:.3}", s.seconds)))
        .with(
            "seeds_per_second",
            Json::Num(format!("{:.0}", s.searched as f64 / s.seconds.max(1e-9))),
        )
        .with("matches", s.matches)
        .with("message", s.message)
}

/// What `recover` answered, for its document.
pub enum Recovery<'a> {
    /// One state (`states` has it), or draws predicted from it.
    Unique,
    /// Several states fit: `count` as the text form words it.
    Several { count: String },
    /// Several states agree on the predicted draws (exit 0).
    Agreed { count: String },
    /// Listing them would search more than the budget.
    OverBudget { count: String },
    /// None fits.
    NoneFits,
    /// `-o FILE` wrote the state there.
    Written(&'a str),
}

/// `recover --format json`: the states listed (at the position asked),
/// the predicted draws, and on exit 1 or 3 the message of the error line.
pub fn recover(
    entry: &Entry,
    answer: &Recovery,
    states: &[Engine],
    predictions: Option<&[Json]>,
    message: Option<&str>,
) -> Json {
    let (status, exit, count) = match answer {
        Recovery::Unique | Recovery::Written(_) => ("unique", 0, None),
        Recovery::Agreed { count } => ("agreed", 0, Some(count.clone())),
        Recovery::Several { count } => ("several", 3, Some(count.clone())),
        Recovery::OverBudget { count } => ("over-budget", 3, Some(count.clone())),
        Recovery::NoneFits => ("none", 1, None),
    };
    let mut doc = document("recover", status, exit)
        .with("gen", entry.name())
        .with("count", count)
        .with("states", states.iter().map(state).collect::<Vec<_>>());
    if let Recovery::Written(path) = answer {
        doc.set("output", *path);
    }
    if let Some(p) = predictions {
        doc.set("predictions", p.to_vec());
    }
    doc.with("message", message)
}

/// The `status` of a detect verdict, with its exit status.
pub fn detect_status(verdict: Verdict) -> (&'static str, u8) {
    match verdict {
        Verdict::Identified => ("identified", 0),
        Verdict::Ambiguous => ("ambiguous", 3),
        Verdict::Underdetermined => ("underdetermined", 3),
        Verdict::NoneFits => ("none", 1),
    }
}

/// One fit of `detect`: what its text line says, as fields.
fn detect_fit(fit: &Fit, values: usize) -> Json {
    let answer = match &fit.answer {
        Answer::State(s) => Json::obj().with("kind", "state").with("state", state(s)),
        Answer::States(s) => Json::obj()
            .with("kind", "states")
            .with("count", s.len())
            .with("states", s.iter().map(state).collect::<Vec<_>>()),
        Answer::Seed {
            seed: bits,
            advance,
            state: s,
        } => Json::obj()
            .with("kind", "seed")
            .with("seed", seed(fit.generator, *bits))
            .with("advance", *advance)
            .with("state", state(s)),
    };
    let family: Vec<Json> = fit
        .family
        .iter()
        .map(|(g, d)| Json::obj().with("gen", g.name()).with("draw", d.as_str()))
        .collect();
    Json::obj()
        .with("gen", fit.generator.name())
        .with("draw", fit.draw.as_str())
        .with("decisive", fit.decisive)
        .with("answer", answer)
        .with("family", family)
        .with("revealed_bits", fit.revealed_bits)
        .with("state_bits", fit.state_bits)
        .with("values_to_settle", fit.values_needed(values))
}

/// One reading `detect` left open, ranked (see `Open`'s fields).
fn detect_open(rank: usize, open: &Open) -> Json {
    Json::obj()
        .with("rank", rank + 1)
        .with("gen", open.generator.name())
        .with("draw", open.draw.as_str())
        .with("why", open.why.as_str())
        .with(
            "evidence_bits",
            Json::Num(format!("{:.1}", open.evidence_bits)),
        )
        .with("prior", open.prior)
        .with("revealed_bits", open.revealed_bits)
        .with("state_bits", open.state_bits)
        .with("more_values", open.more_values)
}

/// `detect --format json`: every fit (best first), every open reading
/// (likeliest first), and on exit 1 or 3 the error line's message.
pub fn detect(found: &Detection, message: Option<&str>) -> Json {
    let (status, exit) = detect_status(found.verdict());
    detect_document(found, status, exit, message)
}

/// `detect --format json` stopped by a signal: status `interrupted`, exit
/// 130, the fits verified before it and the readings it left open.
pub fn detect_interrupted(found: &Detection, message: &str) -> Json {
    let exit = crate::interrupt::EXIT_INTERRUPTED;
    detect_document(found, "interrupted", exit, Some(message))
}

fn detect_document(found: &Detection, status: &str, exit: u8, message: Option<&str>) -> Json {
    document("detect", status, exit)
        .with("values", found.values)
        .with("tried", found.tried)
        .with("pruned", found.pruned)
        .with(
            "fits",
            found
                .fits
                .iter()
                .map(|f| detect_fit(f, found.values))
                .collect::<Vec<_>>(),
        )
        .with(
            "open",
            found
                .open
                .iter()
                .enumerate()
                .map(|(i, o)| detect_open(i, o))
                .collect::<Vec<_>>(),
        )
        .with("message", message)
}
