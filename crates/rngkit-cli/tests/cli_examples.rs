//! Every example runs as written (issue 12, point 8): the shell examples of
//! README.md and docs/cli.md, and the EXAMPLES of `rngkit --help` and of
//! every command's `--help`, each block in order in a fresh directory (the
//! examples create the files they read), with `rngkit` replaced by the
//! binary cargo built. Each must exit 0 (pipelines under `pipefail`).
//!
//! Skipped, and printed as skipped: lines that build, install or serve this
//! workspace (`cargo ...`, `scripts/...`, `pip install ...`, a static file
//! server: running them from its own test suite would recurse or never
//! end; `scripts/test-all` runs them for real), and lines that need an
//! external tool that is not installed (dieharder).

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{Scratch, run};

/// Lines that build, install or serve the workspace itself.
const SETUP_COMMANDS: [&str; 5] = [
    "cargo ",
    "scripts/",
    "pip ",
    "python3 -m venv",
    "python3 -m http.server",
];

/// Tools some examples pipe into that are not part of a base system.
const EXTERNAL_TOOLS: [&str; 1] = ["dieharder"];

fn installed(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool} >/dev/null")])
        .status()
        .is_ok_and(|s| s.success())
}

/// `rngkit` in command position replaced by the cargo-built binary.
fn substitute(line: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_rngkit");
    let mut out = line.to_string();
    if let Some(rest) = out.strip_prefix("rngkit ") {
        out = format!("{bin} {rest}");
    }
    for sep in ["| ", "; ", "&& ", "$(", "<("] {
        out = out.replace(&format!("{sep}rngkit "), &format!("{sep}{bin} "));
    }
    out
}

/// Runs one block of example lines in a fresh directory; returns failures.
fn run_block(name: &str, lines: &[String], skipped: &mut Vec<String>) -> Vec<String> {
    let dir = Scratch::new(&format!("examples-{}", name.replace(['/', ' ', '.'], "-")));
    let mut failures = Vec::new();
    for line in lines {
        if SETUP_COMMANDS.iter().any(|c| line.starts_with(c)) {
            skipped.push(format!(
                "{name}: `{line}` (builds, installs or serves this workspace)"
            ));
            continue;
        }
        let missing = EXTERNAL_TOOLS
            .iter()
            .find(|t| line.contains(&format!("| {t}")) && !installed(t));
        if let Some(tool) = missing {
            skipped.push(format!(
                "{name}: `{line}` ({tool}, an external tool, is not installed)"
            ));
            continue;
        }
        let out = Command::new("bash")
            .args(["-c", &format!("set -o pipefail\n{}", substitute(line))])
            .current_dir(&dir.0)
            .output()
            .expect("bash runs");
        if !out.status.success() {
            failures.push(format!(
                "{name}: `{line}` exited {:?}: {}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    failures
}

/// The shell lines of a Markdown file's ```sh blocks, `\` continuations
/// joined, comment-only lines dropped: one list for the whole file.
fn markdown_examples(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = Vec::new();
    let mut inside = false;
    let mut pending = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            inside = !inside && trimmed == "```sh";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(start) = trimmed.strip_suffix('\\') {
            pending.push_str(start);
            continue;
        }
        let full = format!("{pending}{trimmed}");
        pending.clear();
        if !full.is_empty() && !full.starts_with('#') {
            lines.push(full);
        }
    }
    lines
}

/// The EXAMPLES of one `--help` text: the indented lines after `EXAMPLES:`.
fn help_examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim() != "EXAMPLES:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn documented_examples_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    let mut count = 0;
    for doc in ["README.md", "docs/cli.md"] {
        let lines = markdown_examples(&root.join(doc));
        assert!(
            lines.len() >= 10,
            "{doc}: only {} examples found",
            lines.len()
        );
        count += lines.len();
        failures.extend(run_block(doc, &lines, &mut skipped));
    }
    let commands = [
        "gen",
        "state",
        "recover",
        "locate",
        "identify",
        "seed-search",
        "distance",
    ];
    for command in commands {
        let help = run(&[command, "--help"]).ok().join("\n");
        let lines = help_examples(&help);
        assert!(
            lines.len() >= 2,
            "`rngkit {command} --help` has {} examples",
            lines.len()
        );
        // 80-column terminals: clap wraps longer lines, which breaks a paste.
        for line in &lines {
            assert!(
                line.len() <= 78,
                "`{command} --help` example longer than 78: {line}"
            );
        }
        count += lines.len();
        failures.extend(run_block(
            &format!("{command} --help"),
            &lines,
            &mut skipped,
        ));
    }
    for s in &skipped {
        println!("skipped {s}");
    }
    assert!(
        failures.is_empty(),
        "{} of {count} examples failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("{count} examples ran, {} skipped", skipped.len());
}

/// GEN names that are English words as well.
const WORDS: [&str; 2] = ["go", "r"];

/// No file of the CLI's source names a GEN (issue 26): per-GEN text and
/// examples come from the GENs' notes and core descriptions. Library code
/// only (up to a file's test module), comments aside; a name counts as a
/// whole word (`python` in `python3` does not).
#[test]
fn the_cli_source_names_no_gen() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    let mut stack = vec![src];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let mut found = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        for (number, line) in text.lines().enumerate() {
            if line.trim() == "#[cfg(test)]" {
                break;
            }
            if line.trim_start().starts_with("//") {
                continue;
            }
            for entry in rngkit_analysis::registry::all() {
                let name = entry.name();
                if WORDS.contains(&name) {
                    // An English word too ("options go before DRAW"): only
                    // its uses as a GEN count.
                    let as_gen = [
                        format!("`{name}`"),
                        format!(" {name} --"),
                        format!("\"{name}\""),
                    ];
                    if as_gen.iter().any(|g| line.contains(g.as_str())) {
                        found.push(format!("{}:{}: {name}", path.display(), number + 1));
                    }
                    continue;
                }
                let whole = line.match_indices(name).any(|(at, _)| {
                    let before = line[..at].chars().next_back();
                    let after = line[at + name.len()..].chars().next();
                    !before.is_some_and(word) && !after.is_some_and(word)
                });
                if whole {
                    found.push(format!("{}:{}: {name}", path.display(), number + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "GEN names in the CLI's source:\n{}",
        found.join("\n")
    );
}
