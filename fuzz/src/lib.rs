//! Shared pieces of the fuzz targets: the state-validity oracle (the test
//! kit's, compiled in), and the
//! `rngkit` command line compiled in process.
//!
//! The CLI's modules are private to its crate, so they are compiled here
//! from their source files (`#[path]`), and [`run_cli`] repeats the dispatch
//! of the CLI's `lib.rs` (`rngkit_cli::run`), stopping before arguments that
//! would run long. When a command is added there, add its arm to
//! [`run_cli`] (the exhaustive `match` stops compiling until then).
#![allow(dead_code, clippy::all)]

#[path = "../../crates/rngkit-cli/src/args.rs"]
mod args;
#[path = "../../crates/rngkit/tests/support/oracles.rs"]
mod oracles;
#[path = "../../crates/rngkit-cli/src/cli.rs"]
mod cli;
#[path = "../../crates/rngkit-cli/src/commands/mod.rs"]
mod commands;
#[path = "../../crates/rngkit-cli/src/error.rs"]
mod error;
#[path = "../../crates/rngkit-cli/src/interrupt.rs"]
mod interrupt;
#[path = "../../crates/rngkit-cli/src/output/mod.rs"]
mod output;
#[path = "../../crates/rngkit-cli/src/output_file.rs"]
mod output_file;
#[path = "../../crates/rngkit-cli/src/progress.rs"]
mod progress;
#[path = "../../crates/rngkit-cli/src/reference.rs"]
mod reference;
#[path = "../../crates/rngkit-cli/src/seeding.rs"]
mod seeding;
#[path = "../../crates/rngkit-cli/tests/common/vocabulary.rs"]
mod vocabulary;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use arbitrary::Arbitrary;
use clap::Parser;
use rngkit::number::parse_int;
use rngkit_analysis::registry;

/// The contract's validity rule for state words, keyed by the generator
/// type's name: the one oracle the property tests use too
/// (`crates/rngkit/tests/support/oracles.rs`, compiled here); `None` for a
/// type without a rule (only "never panics" holds there).
pub use oracles::valid_state as valid_words;

/// The GEN a fuzz input selects.
pub fn entry(selector: u8) -> &'static registry::Entry {
    let all = registry::all();
    &all[usize::from(selector) % all.len()]
}

/// A fuzz input read as a GEN (its first byte) and UTF-8 text (the rest);
/// `None` when the input is empty or the rest is not UTF-8.
pub fn entry_and_text(data: &[u8]) -> Option<(&'static registry::Entry, &str)> {
    let (&selector, rest) = data.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    Some((entry(selector), text))
}

/// The CLI's `--state` text parser, as the binary uses it.
pub fn parse_state_text(
    entry: &registry::Entry,
    text: &str,
) -> Result<rngkit::registry::Engine, String> {
    seeding::state_from_text(entry, text).map_err(|e| e.message)
}

/// What one in-process run of the CLI ended with.
#[derive(Debug)]
pub enum Outcome {
    /// clap refused the command line (the binary prints one `error:` line, exit 2).
    Usage,
    /// Help or version.
    Help,
    /// The command ran to success.
    Success,
    /// The command failed with this exit status and message.
    Failed(u8, String),
    /// Skipped: the arguments would run too long or write outside the scratch dir.
    Skipped,
}

/// The scratch directory the CLI target runs in, with prepared input files.
pub fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("rngkit-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a-directory")).unwrap();
        let mut blob = rngkit::generators::Mt19937::new(5489).to_blob();
        std::fs::write(dir.join("blob"), &blob).unwrap();
        let mut padded = blob.clone();
        padded.extend_from_slice(&[0, 0, 0]);
        std::fs::write(dir.join("padded"), &padded).unwrap();
        std::fs::write(dir.join("truncated"), &blob[..2499]).unwrap();
        std::fs::write(dir.join("empty"), b"").unwrap();
        std::fs::write(dir.join("text"), b"0 1 6c078966 714acb3f\n").unwrap();
        std::fs::write(dir.join("binary"), [0xff, 0xfe, 0x00, 0x80]).unwrap();
        blob[2496..2500].copy_from_slice(&625i32.to_le_bytes());
        std::fs::write(dir.join("left625"), &blob).unwrap();
        blob[2496..2500].copy_from_slice(&(-1i32).to_le_bytes());
        std::fs::write(dir.join("left-1"), &blob).unwrap();
        std::fs::write(dir.join("zero"), [0u8; 2500]).unwrap();
        std::env::set_current_dir(&dir).unwrap();
        dir
    })
}

/// File names in [`scratch`] the argv grammar may name.
pub const FILES: &[&str] = &[
    "blob",
    "padded",
    "truncated",
    "empty",
    "text",
    "binary",
    "left625",
    "left-1",
    "zero",
    "a-directory",
    "missing",
    "out",
];

/// Whether the parsed arguments are safe and quick to run: a bounded
/// output, a bounded `--advance`, files only inside the scratch dir.
fn acceptable(cli: &cli::Cli) -> bool {
    let source_ok = |s: &args::Source| {
        // Advances jump in O(log n), except MT19937's, which are slower per call.
        let advance_ok = s.advance.as_deref().is_none_or(|a| {
            s.generator.word_count() < 600
                || parse_int::<i128>(a).map_or(true, |n| n.unsigned_abs() <= 100_000)
        });
        let file_ok = s.seeding.state_file.as_deref().is_none_or(inside_scratch);
        advance_ok && file_ok
    };
    match &cli.command {
        cli::Command::Gen(g) => {
            let count = g.count.as_deref().map(parse_int::<u64>);
            let count_ok = match count {
                None => !g.raw,
                Some(Ok(n)) => n <= 4096,
                Some(Err(_)) => true,
            };
            count_ok && source_ok(&g.source)
        }
        cli::Command::State(s) => {
            source_ok(&s.source) && s.output.as_deref().is_none_or(inside_scratch)
        }
        // Observations come from a scratch file (stdin would block); the
        // searches are bounded so one input runs in milliseconds: no 2^32
        // PCG32 scan, no 19937-unknown MT elimination, small seed ranges.
        cli::Command::Recover(r) => {
            r.observations.as_deref().is_some_and(inside_scratch)
                && r.output.as_deref().is_none_or(inside_scratch)
                && !r.generator.info().has_stream
                && r.generator.word_count() < 600
        }
        cli::Command::Identify(i) => {
            i.state_file.as_deref().is_none_or(inside_scratch)
                && i.max_advance
                    .as_deref()
                    .is_some_and(|m| parse_int::<u64>(m).map_or(true, |n| n <= 10_000))
        }
        cli::Command::SeedSearch(s) => {
            small_seed_range(s.seeds.as_deref())
                && s.observations.as_deref().is_some_and(inside_scratch)
                && s.table.iter().all(|t| inside_scratch(t))
                && s.max_advance
                    .as_deref()
                    .is_none_or(|m| parse_int::<u64>(m).map_or(true, |n| n <= 16))
        }
        // Detect reads a scratch file within a short budget: its
        // recoveries run on threads that a budget leaves behind, so only
        // small budgets (the prepared files are short or malformed).
        cli::Command::Detect(d) => {
            d.observations.as_deref().is_some_and(inside_scratch)
                && d.max_seconds.parse::<f64>().is_ok_and(|s| s <= 0.2)
        }
        cli::Command::Locate(l) => {
            inside_scratch(&l.observations)
                && source_ok(&l.source)
                && l.max
                    .as_deref()
                    .is_some_and(|m| parse_int::<u64>(m).map_or(true, |n| n <= 10_000))
        }
        cli::Command::Distance(d) => {
            let max_ok = d
                .max
                .as_deref()
                .is_none_or(|m| parse_int::<u128>(m).map_or(true, |n| n <= 100_000));
            max_ok
                && d.from_file.as_deref().is_none_or(inside_scratch)
                && d.to_file.as_deref().is_none_or(inside_scratch)
        }
        // Scripts and pages printed from the catalogue: quick.
        cli::Command::Completions(_) | cli::Command::Man => true,
        // Small tables, written inside the scratch dir.
        cli::Command::Table(t) => match &t.command {
            commands::table::TableCommand::Build(b) => {
                small_seed_range(b.seeds.as_deref()) && inside_scratch(&b.output)
            }
        },
    }
}

fn small_seed_range(seeds: Option<&str>) -> bool {
    seeds.is_some_and(|r| {
        let r = r.replace("..=", "..");
        match r.split_once("..") {
            Some((a, b)) => match (parse_int::<u64>(a), parse_int::<u64>(b)) {
                (Ok(a), Ok(b)) => b.saturating_sub(a) <= 65_536,
                _ => true,
            },
            None => true,
        }
    })
}


fn inside_scratch(path: &Path) -> bool {
    use std::path::Component;
    path.components().all(|c| matches!(c, Component::Normal(_))) && path.components().count() == 1
}

/// Runs the command line in process (argv without the program name).
pub fn run_cli(args: &[String]) -> Outcome {
    scratch();
    let argv = std::iter::once("rngkit".to_string()).chain(args.iter().cloned());
    let parsed = match cli::Cli::try_parse_from(argv) {
        Ok(parsed) => parsed,
        Err(err) => {
            use clap::error::ErrorKind;
            return match err.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Outcome::Help,
                _ => {
                    // The message the binary prints must render without panicking.
                    let _ = err.render().to_string();
                    Outcome::Usage
                }
            };
        }
    };
    if !acceptable(&parsed) {
        return Outcome::Skipped;
    }
    let result = match parsed.command {
        cli::Command::Gen(args) => commands::r#gen::run(args),
        cli::Command::State(args) => commands::state::run(args),
        cli::Command::Distance(args) => commands::distance::run(args),
        cli::Command::Recover(args) => commands::recover::run(args),
        cli::Command::Identify(args) => commands::identify::run(args),
        cli::Command::SeedSearch(args) => commands::seed_search_or_lookup(args),
        cli::Command::Locate(args) => commands::locate::run(args),
        cli::Command::Detect(args) => commands::detect::run(args),
        cli::Command::Completions(args) => commands::shell::completions(args),
        cli::Command::Man => commands::shell::man(),
        cli::Command::Table(args) => commands::table::run(args),
    };
    match result {
        Ok(_) => Outcome::Success,
        Err(e) => Outcome::Failed(e.code, e.message),
    }
}

/// One argv token, drawn from the grammar's vocabulary or free text.
#[derive(Arbitrary, Debug)]
pub enum Token {
    /// A command, option, generator or draw name.
    Word(u8),
    /// A number, well or badly formed.
    Number(u8),
    /// A state string.
    State(u8),
    /// A prepared file in the scratch dir.
    File(u8),
    /// Anything.
    Free(String),
}

/// Near misses users type, beside the real vocabulary.
const NEAR_MISSES: &[&str] = &[
    "Unity",
    "mt",
    "xoshiro256**",
    "-",
    "--",
    "-h",
    "uint",
    "U32",
];

/// Commands, options, generator and draw names (all derived from the CLI's
/// own definition and the registry), and near misses.
pub fn words() -> &'static [String] {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: Vec<String> = NEAR_MISSES.iter().map(|w| w.to_string()).collect();
        let command = <cli::Cli as clap::CommandFactory>::command();
        for sub in command.get_subcommands() {
            words.push(sub.get_name().to_string());
            for arg in sub.get_arguments() {
                if let Some(long) = arg.get_long() {
                    words.push(format!("--{long}"));
                }
                if let Some(short) = arg.get_short() {
                    words.push(format!("-{short}"));
                }
            }
        }
        words.extend(vocabulary::registry_words());
        words.sort();
        words.dedup();
        words
    })
}

/// Numbers: edges of every width, malformed spellings.
pub static NUMBERS: std::sync::LazyLock<Vec<&str>> = std::sync::LazyLock::new(|| {
    let small = ["0", "1", "-1", "5489", "0x10", "0X10"];
    let more = [
        "-9223372036854775808",
        "-9223372036854775809",
        "170141183460469231731687303715884105728",
        "624",
        "625",
        "54",
        "0x",
        "",
        " ",
        "1e3",
        " 7 ",
        "0x_1",
        "1_000",
        "_1",
        "abc",
        "-0",
        "+5",
        "--5",
        "0.5",
        "99999",
        "100001",
    ];
    [&small[..], &vocabulary::WORD_EDGES, &more].concat()
});

/// State strings, valid and not.
pub const STATES: &[&str] = &[
    "0 1 6c078966 714acb3f",
    "0 0 0 0",
    "185706b82c2e03f8 6d",
    "185706b82c2e03f8 6c",
    "1",
    "0",
    "ffffffffffffffff",
    "10000000000000000",
    "0x1 0X2 3 4",
    "1 2 3",
    "1 2 3 4 5",
    "g 1 2 3",
    "",
    "  ",
    "1\t2\n3 4",
    "100000000 1 1 1",
];

impl Token {
    /// The token's text.
    pub fn text(&self) -> String {
        let pick = |table: &[&str], i: u8| table[usize::from(i) % table.len()].to_string();
        match self {
            Token::Word(i) => words()[usize::from(*i) % words().len()].clone(),
            Token::Number(i) => pick(&NUMBERS, *i),
            Token::State(i) => {
                let i = usize::from(*i);
                if i % 17 == 16 {
                    // An MT19937 state: `left` from the numbers, 624 words.
                    let left = NUMBERS[(i / 17) % NUMBERS.len()];
                    format!("{left}{}", " 1".repeat(624))
                } else {
                    STATES[i % STATES.len()].to_string()
                }
            }
            Token::File(i) => pick(FILES, *i),
            Token::Free(s) => s.clone(),
        }
    }
}

/// The engine's JSON call (`rngkit_wasm::handle`) on one request, checked
/// as every page and package caller relies on: the answer is one JSON
/// object with exactly one key, `ok` or `error`, and an error is a
/// non-empty line without control characters (never a trap, never
/// `undefined`).
pub fn check_wasm_answer(request: &str) {
    let answer = rngkit_wasm::handle(request);
    let v: serde_json::Value = serde_json::from_str(&answer).expect("the answer is JSON");
    let object = v.as_object().expect("the answer is an object");
    assert_eq!(object.len(), 1, "{answer}");
    if let Some(error) = object.get("error") {
        let message = error.as_str().expect("the error is text");
        assert!(
            !message.is_empty() && !message.chars().any(char::is_control),
            "{message:?}"
        );
    } else {
        assert!(object.contains_key("ok"), "{answer}");
    }
}
