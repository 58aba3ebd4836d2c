//! The measured tables stay true: `docs/recovery-table.md` (the values
//! each GEN needs) and the token table of `docs/tokens.md` (the characters
//! each token idiom needs).
//!
//! A few cheap cells are recomputed on the first three of the table's seeds
//! (the table's seeds start with the same three), and each value must lie
//! in the range the doc prints for the cell and at or above its information
//! bound, which must be the bound computed now. Every GEN and target of
//! the catalogue must have its row, so a new GEN, draw or idiom without a
//! regenerated table fails here (`scripts/recovery-table` and
//! `scripts/token-table` regenerate them).

use rngkit_analysis::needed::{
    Budget, Kind, Outcome, seeds, targets, token_targets, values_needed,
};
use rngkit_analysis::registry;

/// One measured table: the doc it lives in, between two markers.
struct Table {
    path: &'static str,
    doc: &'static str,
    begin: &'static str,
    end: &'static str,
}

/// `docs/recovery-table.md`.
const VALUES: Table = Table {
    path: "docs/recovery-table.md",
    doc: include_str!("../../../docs/recovery-table.md"),
    begin: "<!-- table:begin -->",
    end: "<!-- table:end -->",
};

/// The token table of `docs/tokens.md`.
const TOKENS: Table = Table {
    path: "docs/tokens.md",
    doc: include_str!("../../../docs/tokens.md"),
    begin: "<!-- tokens-table:begin -->",
    end: "<!-- tokens-table:end -->",
};

/// One row of a doc's table.
struct Row {
    needed: String,
    range: Option<(usize, usize)>,
    /// Empty where the row says there is no recovery.
    bound: Option<u64>,
}

/// The table's row for `generator` read through `draw` (a token row's draw
/// is its idiom's pick).
fn row(table: &Table, generator: &str, draw: &str) -> Option<Row> {
    let rows = table
        .doc
        .split(table.begin)
        .nth(1)?
        .split(table.end)
        .next()?;
    rows.lines().find_map(|line| {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | GEN | values or idiom | `draw` | needed | range | bound | ratio | time |
        if cells.len() < 9 || cells[1] != generator || cells[3] != format!("`{draw}`") {
            return None;
        }
        let range = cells[5]
            .split_once('–')
            .and_then(|(lo, hi)| Some((lo.trim().parse().ok()?, hi.trim().parse().ok()?)));
        Some(Row {
            needed: cells[4].to_string(),
            range,
            bound: cells[6].parse().ok(),
        })
    })
}

/// Recomputes `generator` read through `draw` on three seeds and checks
/// the table's row.
fn check(table: &Table, generator: &str, draw: &str) {
    let entry = registry::find(generator).unwrap();
    let target = targets(entry)
        .into_iter()
        .chain(token_targets(entry))
        .find(|t| t.draw == draw)
        .unwrap_or_else(|| panic!("{generator} has no target `{draw}`"));
    let row = row(table, generator, draw)
        .unwrap_or_else(|| panic!("{} has no row for {generator} `{draw}`", table.path));
    assert_eq!(
        row.bound,
        Some(target.information_bound(entry)),
        "{generator} `{draw}`: the doc's information bound"
    );
    let (lo, hi) = row.range.unwrap_or_else(|| {
        panic!(
            "{generator} `{draw}`: the doc gives no range ({})",
            row.needed
        )
    });
    let budget = Budget {
        time: std::time::Duration::from_secs(60),
        ..Budget::default()
    };
    for seed in seeds(3) {
        match values_needed(entry, draw, seed, &budget) {
            Outcome::Pinned {
                values, monotone, ..
            } => {
                assert!(
                    (lo..=hi).contains(&values),
                    "{generator} `{draw}` seed {seed}: {values} values, the doc says {lo}–{hi}"
                );
                assert!(
                    Some(values as u64) >= row.bound,
                    "{generator} `{draw}` seed {seed}: {values} values, below the information bound {:?}",
                    row.bound
                );
                assert!(monotone, "{generator} `{draw}` seed {seed}: not monotone");
            }
            other => panic!("{generator} `{draw}` seed {seed}: {other:?}"),
        }
    }
}

#[test]
fn xorshift_full_words_and_values() {
    check(&VALUES, "xorshift128", "u32");
    check(&VALUES, "unity", "value");
}

#[test]
fn xorshift32_dice_percent_and_coins() {
    check(&VALUES, "unity-math", "next-int 0 6");
    check(&VALUES, "unity-math", "next-int 0 100");
    check(&VALUES, "unity-math", "next-int 0 2");
}

#[test]
fn lcgs_from_full_outputs() {
    check(&VALUES, "pokerng", "u32");
    check(&VALUES, "unreal", "get-unsigned-int");
    check(&VALUES, "drand48", "lrand48");
    check(&VALUES, "java", "next-double");
    check(&VALUES, "java", "next-int");
}

#[test]
fn splitmix_and_v8_legacy() {
    check(&VALUES, "splitmix64", "u64");
    check(&VALUES, "v8-legacy", "math-random");
}

#[test]
fn every_gen_and_target_has_its_row() {
    for entry in registry::all() {
        if !entry.can_recover() {
            assert!(
                VALUES.doc.contains(&format!("| {} | any |", entry.name())),
                "docs/recovery-table.md has no row for {entry}: run scripts/recovery-table"
            );
            continue;
        }
        for target in targets(entry) {
            assert!(
                row(&VALUES, entry.name(), &target.draw).is_some(),
                "docs/recovery-table.md has no row for {entry} `{}`: run scripts/recovery-table",
                target.draw
            );
        }
    }
}

#[test]
fn the_bounded_draw_is_found_from_the_draw_list() {
    let find = |generator: &str, n: u32| {
        targets(registry::find(generator).unwrap())
            .into_iter()
            .find(|t| t.kind == rngkit_analysis::needed::Kind::Bounded(n))
            .map(|t| t.draw)
    };
    // Exclusive MIN MAX, inclusive MIN MAX, exclusive BOUND, inclusive N.
    assert_eq!(find("unity", 6).as_deref(), Some("range-int 0 6"));
    assert_eq!(find("python", 6).as_deref(), Some("randrange 0 6"));
    assert_eq!(find("php", 100).as_deref(), Some("mt-rand 0 99"));
    assert_eq!(find("java", 2).as_deref(), Some("next-int 2"));
    assert_eq!(find("mars", 6).as_deref(), Some("next-int-inclusive 5"));
    // A bare generator has none.
    assert_eq!(find("xorshift128", 6), None);
}

#[test]
fn mt19937_full_words() {
    check(&VALUES, "mt19937", "u32");
}

#[test]
fn java_next_int_tokens() {
    check(&TOKENS, "java", "next-int 62");
}

#[test]
fn fresh_node_20_floor_tokens() {
    check(&TOKENS, "v8-legacy", "floor 62");
}

#[test]
fn unity_range_int_tokens() {
    check(&TOKENS, "unity", "range-int 0 62");
}

#[test]
fn every_token_idiom_has_its_row() {
    for entry in registry::all() {
        for target in token_targets(entry) {
            assert!(matches!(target.kind, Kind::Token(_)));
            assert!(
                row(&TOKENS, entry.name(), &target.draw).is_some(),
                "docs/tokens.md has no row for {entry} `{}`: run scripts/token-table",
                target.draw
            );
        }
    }
}
