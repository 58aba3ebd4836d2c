//! Which observations help `recover` (issue 12, point 4): composite draws
//! give the linear solver nothing, and the message says so; the bits each
//! kind of observation reveals are measured here from `known_bits` on many
//! random values, and the figures `recover --help` and `docs/cli.md` give
//! are asserted against the measurement.

use crate::common;

use common::{Scratch, run, run_line};
use rngkit::engines::unity::value_from_word;
use rngkit::number::BigInt;
use rngkit::observe::ObservedValue;
use rngkit::registry::SeedOptions;

/// The average number of exact raw-word bits one observation reveals, over
/// `n` random words: `show` writes the observed value from a word.
fn measure(name_of_gen: &str, draw: &str, n: u32, show: impl Fn(u32) -> String) -> f64 {
    let entry = rngkit_analysis::registry::find(name_of_gen).unwrap();
    let mut words: Vec<&str> = draw.split(' ').collect();
    let name = words.remove(0);
    let parsed = entry.parse_draw(name, &words).unwrap();
    let mut source = entry
        .seed(&BigInt::from(2024), &SeedOptions::default())
        .unwrap();
    let mut total = 0u64;
    for _ in 0..n {
        let word = source.next_word() as u32;
        let value = ObservedValue::parse(&show(word)).unwrap();
        let known = parsed
            .known_bits(&value, entry.output_bits())
            .expect("the value came out of the draw");
        total += known
            .iter()
            .map(|k| u64::from(k.mask.count_ones()))
            .sum::<u64>();
    }
    total as f64 / f64::from(n)
}

/// Unity's `Range(int, int)` for MIN < MAX: `MIN + word mod (MAX - MIN)`.
fn range_int(word: u32, min: i32, max: i32) -> String {
    (min + (word % (max - min) as u32) as i32).to_string()
}

#[test]
fn bits_per_observation_are_as_documented() {
    let n = 20_000;
    let table = [
        (
            "u32 (a full word)",
            measure("unity", "u32", n, |w| w.to_string()),
        ),
        (
            "value, 7 decimals",
            measure("unity", "value", n, |w| {
                format!("{:.7}", value_from_word(w))
            }),
        ),
        (
            "value, 2 decimals",
            measure("unity", "value", n, |w| {
                format!("{:.2}", value_from_word(w))
            }),
        ),
        (
            "range-int 0 100",
            measure("unity", "range-int 0 100", n, |w| range_int(w, 0, 100)),
        ),
        (
            "range-int 0 10",
            measure("unity", "range-int 0 10", n, |w| range_int(w, 0, 10)),
        ),
        (
            "range-int 0 7",
            measure("unity", "range-int 0 7", n, |w| range_int(w, 0, 7)),
        ),
        (
            "next-uint (bdsp)",
            measure("bdsp", "next-uint", n, |w| w.to_string()),
        ),
    ];
    for (what, bits) in &table {
        println!("{what:<22} {bits:6.2} bits");
    }
    let bits = |i: usize| table[i].1;
    assert_eq!(bits(0), 32.0);
    assert_eq!(bits(1), 23.0);
    assert!((4.6..=5.2).contains(&bits(2)), "{}", bits(2));
    assert_eq!(bits(3), 2.0);
    assert_eq!(bits(4), 1.0);
    assert_eq!(bits(5), 0.0);
    assert_eq!(bits(6), 32.0);
    // The figures the help gives.
    let help = run(&["recover", "--help"]).ok().join("\n");
    for needle in [
        "u32, next-uint, next-u32        32",
        "value printed with 7 decimals   23",
        "value printed with 2 decimals   about 5",
        "range-int 0 100                 2",
        "range-int 0 10                  1",
        "range-int 0 7                   0",
    ] {
        assert!(help.contains(needle), "recover --help lacks `{needle}`");
    }
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md"))
        .expect("docs/cli.md");
    for needle in [
        "| `u32`, `next-uint`, `next-u32` | 32 |",
        "| `value` printed with 7 decimals | 23 |",
        "| `value` printed with 2 decimals (`%.2f`) | about 5",
        "| `range-int 0 10` | 1 ",
    ] {
        assert!(docs.contains(needle), "docs/cli.md lacks `{needle}`");
    }
}

/// 200 composite observations: the message names them and says what works.
#[test]
fn observations_that_give_nothing_are_named() {
    let dir = Scratch::new("uninformative");
    for draw in ["inside-unit-circle", "rotation"] {
        let values = run_line("gen unity --seed 99 -n 200 {}", &[draw]).ok();
        let obs: String = values.iter().map(|v| format!("{draw} = {v}\n")).collect();
        let path = dir.file("obs.txt", obs);
        let out = run_line("recover unity --observations {}", &[&path]);
        let e = out.fails(3, "200 of the 200 observations");
        assert!(e.contains(&format!("line 1 `{draw}`")), "{e}");
        assert!(e.contains("no equations"), "{e}");
        assert!(
            e.contains("observe draws that reveal bits") && e.contains("seed-search"),
            "{e}"
        );
        assert!(!e.contains("add observations"), "{e}");
        // seed-search is the way: it finds seed 99 from the first few.
        let few: String = values[..3]
            .iter()
            .map(|v| format!("{draw} = {v}\n"))
            .collect();
        let path = dir.file("few.txt", few);
        let found = run_line(
            "seed-search unity --observations {} --seeds 0..1000",
            &[&path],
        );
        assert_eq!(found.ok(), vec!["99"]);
    }
    // Mixed with enough exact draws, the composite ones do not get in the way.
    let mut obs = String::new();
    for v in run_line("gen unity --seed 99 -n 4 u32", &[]).ok() {
        obs.push_str(&format!("u32 = {v}\n"));
    }
    let path = dir.file("mixed.txt", obs);
    let state = run_line("recover unity --observations {}", &[&path]).ok();
    assert_eq!(state, run_line("state unity --seed 99", &[]).ok());
    // Too few exact bits, with nothing uninformative: "add observations".
    let path = dir.file("short.txt", "u32 = 5\n");
    run_line("recover unity --observations {}", &[&path]).fails(3, "add observations");
}
