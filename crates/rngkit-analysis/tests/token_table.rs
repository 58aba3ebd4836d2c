//! The table of `docs/tokens.md` ("Characters needed, every idiom") stays
//! true.
//!
//! A few cheap rows are recomputed on the first three of the table's seeds
//! (the table's seeds start with the same three), and each count must lie
//! in the range the doc prints for the row and at or above its information
//! bound, which must be the bound computed now. Every token idiom of the
//! catalogue must have its row, so a new idiom without a regenerated table
//! fails here (`scripts/token-table` regenerates it).

use rngkit_analysis::needed::{Budget, Kind, Outcome, seeds, token_targets, values_needed};
use rngkit_analysis::registry;

const DOC: &str = include_str!("../../../docs/tokens.md");

/// One row of the doc's table.
struct Row {
    needed: String,
    range: Option<(usize, usize)>,
    bound: u64,
}

/// The doc's row for `generator`'s idiom `idiom`.
fn row(generator: &str, idiom: &str) -> Option<Row> {
    let table = DOC
        .split("<!-- tokens-table:begin -->")
        .nth(1)?
        .split("<!-- tokens-table:end -->")
        .next()?;
    let kind = Kind::Token(idiom).to_string();
    table.lines().find_map(|line| {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | GEN | token IDIOM (62) | `pick` | needed | range | bound | ratio | time |
        if cells.len() < 9 || cells[1] != generator || cells[2] != kind {
            return None;
        }
        let range = cells[5]
            .split_once('–')
            .and_then(|(lo, hi)| Some((lo.trim().parse().ok()?, hi.trim().parse().ok()?)));
        Some(Row {
            needed: cells[4].to_string(),
            range,
            bound: cells[6].parse().unwrap_or(0),
        })
    })
}

/// Recomputes `generator`'s idiom `idiom` on three seeds and checks the
/// doc's row.
fn check(generator: &str, idiom: &str) {
    let entry = registry::find(generator).unwrap();
    let target = token_targets(entry)
        .into_iter()
        .find(|t| t.kind == Kind::Token(idiom))
        .unwrap_or_else(|| panic!("{generator} has no token idiom `{idiom}`"));
    let row = row(generator, idiom)
        .unwrap_or_else(|| panic!("docs/tokens.md has no row for {generator} `{idiom}`"));
    assert_eq!(
        row.bound,
        target.information_bound(entry),
        "{generator} `{idiom}`: the doc's information bound"
    );
    let (lo, hi) = row.range.unwrap_or_else(|| {
        panic!(
            "{generator} `{idiom}`: the doc gives no range ({})",
            row.needed
        )
    });
    let budget = Budget {
        time: std::time::Duration::from_secs(60),
        ..Budget::default()
    };
    for seed in seeds(3) {
        match values_needed(entry, &target.draw, seed, &budget) {
            Outcome::Pinned {
                values, monotone, ..
            } => {
                assert!(
                    (lo..=hi).contains(&values),
                    "{generator} `{idiom}` seed {seed}: {values} characters, the doc says {lo}–{hi}"
                );
                assert!(
                    values as u64 >= row.bound,
                    "{generator} `{idiom}` seed {seed}: {values} characters, below the information bound {}",
                    row.bound
                );
                assert!(monotone, "{generator} `{idiom}` seed {seed}: not monotone");
            }
            other => panic!("{generator} `{idiom}` seed {seed}: {other:?}"),
        }
    }
}

#[test]
fn java_next_int_tokens() {
    check("java", "next-int");
}

#[test]
fn fresh_node_20_floor_tokens() {
    check("v8-legacy", "floor");
}

#[test]
fn unity_range_int_tokens() {
    check("unity", "range-int");
}

#[test]
fn every_token_idiom_has_its_row() {
    for entry in registry::all() {
        for target in token_targets(entry) {
            let Kind::Token(idiom) = target.kind else {
                unreachable!("token_targets gives token targets")
            };
            assert!(
                row(entry.name(), idiom).is_some(),
                "docs/tokens.md has no row for {entry} `{idiom}`: run scripts/token-table"
            );
        }
    }
}
