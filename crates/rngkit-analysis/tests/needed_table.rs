//! The table of `docs/recovery-table.md` stays true.
//!
//! A few cheap cells are recomputed on the first three of the table's seeds
//! (the table's seeds start with the same three), and each value must lie
//! in the range the doc prints for the cell and at or above its information
//! bound, which must be the bound computed now. Every GEN and target of
//! the catalogue must have its row, so a new GEN or draw without a
//! regenerated table fails here (`scripts/recovery-table` regenerates it).

use rngkit_analysis::needed::{Budget, Outcome, seeds, targets, values_needed};
use rngkit_analysis::registry;

const DOC: &str = include_str!("../../../docs/recovery-table.md");

/// One row of the doc's table.
struct Row {
    needed: String,
    range: Option<(usize, usize)>,
    bound: u64,
}

/// The doc's row for `generator` read through `draw`.
fn row(generator: &str, draw: &str) -> Option<Row> {
    let table = DOC
        .split("<!-- table:begin -->")
        .nth(1)?
        .split("<!-- table:end -->")
        .next()?;
    table.lines().find_map(|line| {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | GEN | values | `draw` | needed | range | bound | ratio | time |
        if cells.len() < 9 || cells[1] != generator || cells[3] != format!("`{draw}`") {
            return None;
        }
        let range = cells[5]
            .split_once('–')
            .and_then(|(lo, hi)| Some((lo.trim().parse().ok()?, hi.trim().parse().ok()?)));
        Some(Row {
            needed: cells[4].to_string(),
            range,
            bound: cells[6].parse().ok()?,
        })
    })
}

/// Recomputes `generator` read through `draw` on three seeds and checks
/// the doc's row.
fn check(generator: &str, draw: &str) {
    let entry = registry::find(generator).unwrap();
    let target = targets(entry)
        .into_iter()
        .find(|t| t.draw == draw)
        .unwrap_or_else(|| panic!("{generator} has no target `{draw}`"));
    let row = row(generator, draw)
        .unwrap_or_else(|| panic!("docs/recovery-table.md has no row for {generator} `{draw}`"));
    assert_eq!(
        row.bound,
        target.information_bound(entry),
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
                    values as u64 >= row.bound,
                    "{generator} `{draw}` seed {seed}: {values} values, below the information bound {}",
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
    check("xorshift128", "u32");
    check("unity", "value");
}

#[test]
fn xorshift32_dice_percent_and_coins() {
    check("unity-math", "next-int 0 6");
    check("unity-math", "next-int 0 100");
    check("unity-math", "next-int 0 2");
}

#[test]
fn lcgs_from_full_outputs() {
    check("pokerng", "u32");
    check("unreal", "get-unsigned-int");
    check("drand48", "lrand48");
    check("java", "next-double");
    check("java", "next-int");
}

#[test]
fn splitmix_and_v8_legacy() {
    check("splitmix64", "u64");
    check("v8-legacy", "math-random");
}

#[test]
fn every_gen_and_target_has_its_row() {
    for entry in registry::all() {
        if !entry.can_recover() {
            assert!(
                DOC.contains(&format!("| {} | any |", entry.name())),
                "docs/recovery-table.md has no row for {entry}: run scripts/recovery-table"
            );
            continue;
        }
        for target in targets(entry) {
            assert!(
                row(entry.name(), &target.draw).is_some(),
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
    check("mt19937", "u32");
}
