//! A query: the bucket the first observation names, in every table, each
//! seed verified against every observation as the full search verifies
//! its survivors.

use super::format::Table;
use super::{TableError, normalize};
use crate::observe::{ObservationKind, layout};
use crate::search::{Match, SearchSpec, verify};

/// Every seed of `spec`'s range whose stream gives `spec`'s observations
/// (advance 0), ascending: what [`crate::search::search`] finds over the
/// same seeds. The tables (shards) must be of `spec`'s GEN, keyed on its
/// first observation's draw, and cover its seed range.
///
/// # Errors
/// [`TableError::Bad`] (one line, naming the table and what would be
/// right) when a table is of another GEN or draw, the range passes the
/// tables' seeds or the spec asks for advances; [`TableError::Io`] when a
/// table cannot be read.
pub fn query(tables: &[Table], spec: &SearchSpec) -> Result<Vec<Match>, TableError> {
    let name = spec.generator().name();
    if tables.is_empty() {
        return Err(TableError::Bad("no table given".into()));
    }
    if spec.max_advance_value() != 0 {
        return Err(TableError::Bad(
            "a table answers advance 0 only (it is keyed on the first output after seeding): drop --max-advance, or search without --table".into(),
        ));
    }
    let first_draw = match spec.observations().first().map(|o| &o.kind) {
        Some(ObservationKind::Draw { draw, .. }) => Some(normalize(draw.text())),
        _ => None,
    };
    for t in tables {
        let h = t.header();
        if h.generator != name {
            return Err(TableError::Bad(format!(
                "{} is a table of {}, not {name}: build one for {name} with `rngkit table build {name} --seeds {}..={} -o FILE`",
                t.path().display(),
                h.generator,
                h.first,
                h.last()
            )));
        }
        if first_draw.as_deref() != Some(h.draw.as_str()) {
            let seen = first_draw
                .as_deref()
                .map_or("no draw".to_string(), |d| format!("`{d}`"));
            return Err(TableError::Bad(format!(
                "{} is keyed on the draw `{}`, but the first observation is {seen}: start the observations with a `{}` value, build a table for that draw (`rngkit table build {name} --draw DRAW ...`), or search without --table",
                t.path().display(),
                h.draw,
                h.draw
            )));
        }
    }
    check_coverage(tables, spec)?;

    let lay = layout(spec.observations(), spec.generator().output_bits(), false);
    let known = lay
        .constraints
        .iter()
        .find(|c| c.offset == 0)
        .map(|c| c.known);
    let mut found = Vec::new();
    for t in tables {
        let h = t.header();
        let bits = h.bucket_bits;
        let top = if bits == 0 {
            0
        } else {
            u64::from(u32::MAX << (32 - bits))
        };
        let Some(known) = known.filter(|k| k.mask & top == top) else {
            return Err(TableError::Bad(format!(
                "the first `{}` value does not reveal the {bits} top bits {} is keyed on",
                h.draw,
                t.path().display()
            )));
        };
        let bucket = if bits == 0 {
            0
        } else {
            known.value >> (32 - bits)
        };
        for seed in t.bucket(bucket)? {
            if spec.seeds().contains(&seed) && verify(spec, seed, 0) {
                found.push(Match { seed, advance: 0 });
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    Ok(found)
}

/// Every seed of the spec's range is in some table.
fn check_coverage(tables: &[Table], spec: &SearchSpec) -> Result<(), TableError> {
    let mut ranges: Vec<(u64, u64)> = tables
        .iter()
        .map(|t| (t.header().first, t.header().last()))
        .collect();
    ranges.sort_unstable();
    let (want_lo, want_hi) = (*spec.seeds().start(), *spec.seeds().end());
    if spec.seeds().is_empty() {
        return Ok(());
    }
    // The first seed not yet covered, walking up from the range's start.
    let mut next = want_lo;
    for (lo, hi) in ranges {
        if lo <= next && hi >= next {
            if hi >= want_hi {
                return Ok(());
            }
            next = hi + 1;
        }
    }
    let shown: Vec<String> = tables
        .iter()
        .map(|t| format!("{}..={}", t.header().first, t.header().last()))
        .collect();
    Err(TableError::Bad(format!(
        "--seeds {want_lo}..={want_hi} passes the seeds of the table{} ({}; seed {next} is in none): narrow --seeds or add the table of the missing seeds",
        if tables.len() == 1 { "" } else { "s" },
        shown.join(", ")
    )))
}
