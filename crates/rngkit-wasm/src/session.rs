//! The seed search, one slice at a time: `search_start` keeps the search,
//! each `search_step` runs the GEN's scan kernel over the next seeds and
//! verifies its survivors, so the page's Web Worker reports progress and
//! takes a cancel between slices (the browser gives a module no threads).

use std::cell::RefCell;
use std::ops::RangeInclusive;

use rngkit_analysis::observe::{Layout, layout};
use rngkit_analysis::search::{Plan, SearchSpec, verify};
use serde_json::{Value, json};

use crate::input::{self, Error, entry, observations, text};

/// The most seeds one `search_step` covers.
pub const MAX_STEP: u64 = 1 << 24;

/// A search under way.
struct Session {
    /// One spec per range of seed bit patterns (a signed range crossing
    /// zero is two).
    specs: Vec<SearchSpec>,
    layout: Layout,
    /// The range being scanned, and the next seed in it.
    range: usize,
    next: u64,
    done: u64,
    total: u64,
    max_advance: u64,
    kind: rngkit::registry::SeedKind,
}

thread_local! {
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
}

/// `search_start`: checks the request and keeps the search.
pub fn start(v: &Value) -> Result<Value, Error> {
    let entry = entry(v)?;
    let options = input::stream(entry, v)?;
    let ranges: Vec<RangeInclusive<u64>> =
        input::seed_range(entry, text(v, "seeds")?.unwrap_or(""))?.patterns();
    let max_advance = match text(v, "max_advance")?
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(k) => rngkit::number::parse_int::<u64>(k)
            .ok()
            .filter(|&k| k <= 1 << 20)
            .ok_or(format!(
                "max advance: `{k}` is not a step count in 0..=1048576"
            ))?,
        None => 0,
    };
    let obs = observations(entry, v)?;
    let total = ranges
        .iter()
        .map(|r| u128::from(r.end() - r.start()) + 1)
        .sum::<u128>();
    // Progress is counted in a u64 and shown by JavaScript's doubles.
    if total > 1 << 53 {
        return Err(format!(
            "{total} seeds is more than the page can count (2^53); search a smaller range"
        ));
    }
    let total = total as u64;
    let specs = ranges
        .into_iter()
        .map(|r| {
            let spec = SearchSpec::new(entry, obs.clone(), r)
                .max_advance(max_advance)
                .threads(1);
            match options.stream {
                Some(s) => spec.stream(s),
                None => spec,
            }
        })
        .collect::<Vec<_>>();
    let next = *specs[0].seeds().start();
    let session = Session {
        layout: layout(&obs, entry.output_bits(), false),
        specs,
        range: 0,
        next,
        done: 0,
        total,
        max_advance,
        kind: entry.info().seed_kind,
    };
    SESSION.with(|s| *s.borrow_mut() = Some(session));
    Ok(json!({ "total": total.to_string() }))
}

/// `search_step`: the next `seeds` seeds (at most [`MAX_STEP`]).
pub fn step(v: &Value) -> Result<Value, Error> {
    let budget = v
        .get("seeds")
        .and_then(Value::as_u64)
        .filter(|&n| (1..=MAX_STEP).contains(&n))
        .ok_or(format!("seeds: give 1..={MAX_STEP}"))?;
    SESSION.with(|cell| {
        let mut guard = cell.borrow_mut();
        let s = guard.as_mut().ok_or("no search under way")?;
        let mut matches = Vec::new();
        let mut left = budget;
        while left > 0 && s.range < s.specs.len() {
            let spec = &s.specs[s.range];
            let scan = spec.scan().ok_or("this generator has no seed search")?;
            let end = *spec.seeds().end();
            let count = (end - s.next).saturating_add(1).min(left);
            let finished_range = match scan(spec, &s.layout) {
                Plan::Done(found) => {
                    // Solved without scanning: the whole range at once.
                    for m in found {
                        matches.push((m.seed, m.advance));
                    }
                    let rest = end - s.next + 1;
                    s.done += rest;
                    left = left.saturating_sub(rest);
                    true
                }
                Plan::Scan(scanner) => {
                    let mut survivors = Vec::new();
                    scanner(s.next, count, &mut survivors);
                    for seed in survivors {
                        for advance in 0..=s.max_advance {
                            if verify(spec, seed, advance) {
                                matches.push((seed, advance));
                            }
                        }
                    }
                    s.done += count;
                    left -= count;
                    let last = s.next + (count - 1);
                    if last < end {
                        s.next = last + 1;
                    }
                    last == end
                }
            };
            if finished_range {
                s.range += 1;
                if let Some(spec) = s.specs.get(s.range) {
                    s.next = *spec.seeds().start();
                }
            }
        }
        let finished = s.range >= s.specs.len();
        let found: Vec<Value> = matches
            .iter()
            .map(|&(seed, advance)| {
                json!({ "seed": s.kind.format(seed), "advance": advance.to_string() })
            })
            .collect();
        Ok(json!({
            "done": s.done.to_string(),
            "total": s.total.to_string(),
            "finished": finished,
            "matches": found,
        }))
    })
}
