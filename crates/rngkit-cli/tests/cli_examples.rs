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
        "table",
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

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a line declares from a file (`mod NAME;`, any visibility,
/// attributes on the line before or on the same line), if it does.
fn declared_module(line: &str) -> Option<&str> {
    let mut rest = line.trim();
    while rest.starts_with("#[") {
        rest = rest[rest.find(']')? + 1..].trim_start();
    }
    if let Some(after) = rest.strip_prefix("pub") {
        rest = after.trim_start();
        if rest.starts_with('(') {
            rest = rest[rest.find(')')? + 1..].trim_start();
        }
    }
    let name = rest.strip_prefix("mod ")?.trim().strip_suffix(';')?.trim();
    let name = name.strip_prefix("r#").unwrap_or(name);
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        .then_some(name)
}

/// Every source file of the crates is a module (issue "The house", point
/// 4): a generator's or a runtime's file without its `mod` line in its
/// folder's `mod.rs`, or a test file without its line in its crate's
/// `tests/integration.rs` (each crate's tests are one binary), compiles
/// and is never built or run, silently. The `mod` lines stay written out,
/// one word each: modules a build step or a macro declared would be
/// invisible to rustfmt, so `cargo fmt --check` would skip their files.
#[test]
fn every_source_file_is_a_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let crates: Vec<_> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("Cargo.toml").exists())
        .collect();
    let mut files = Vec::new();
    let mut all = Vec::new();
    // Cargo builds each file of `tests/` as its own binary unless the crate
    // says `autotests = false`.
    let mut auto_tests = Vec::new();
    for krate in &crates {
        let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap();
        if !manifest.contains("autotests = false") {
            auto_tests.push(krate.join("tests"));
        }
        for dir in ["src", "tests"] {
            rust_files(&krate.join(dir), &mut files);
        }
        rust_files(krate, &mut all);
    }
    // A crate root, a `mod.rs` or a test binary's root declares the files
    // of its own folder; any other file those of the folder named after it.
    let owns_folder = |p: &Path| {
        let name = p.file_name().unwrap().to_str().unwrap();
        ["lib.rs", "main.rs", "mod.rs"].contains(&name)
            || (name == "integration.rs" && p.parent().unwrap().ends_with("tests"))
    };
    let mut declared = std::collections::HashSet::new();
    for file in &all {
        let text = std::fs::read_to_string(file).unwrap();
        let folder = if owns_folder(file) {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        let mut path_attr: Option<String> = None;
        for line in text.lines() {
            let trimmed = line.trim();
            if let Some(rest) = trimmed.strip_prefix("#[path = \"") {
                path_attr = rest.split('"').next().map(str::to_string);
                continue;
            }
            if let Some(name) = declared_module(trimmed) {
                let candidates = match path_attr.take() {
                    Some(p) => vec![file.parent().unwrap().join(p)],
                    None => vec![
                        folder.join(format!("{name}.rs")),
                        folder.join(name).join("mod.rs"),
                    ],
                };
                for c in candidates {
                    if let Ok(c) = c.canonicalize() {
                        declared.insert(c);
                    }
                }
            } else if !trimmed.starts_with("#[") && !trimmed.starts_with("//") {
                path_attr = None;
            }
        }
    }
    let mut missing = Vec::new();
    for file in &files {
        let is_root = file.ends_with("src/lib.rs")
            || file.ends_with("src/main.rs")
            || file.ends_with("tests/integration.rs")
            || file.parent().is_some_and(|d| d.ends_with("src/bin"))
            || file
                .parent()
                .is_some_and(|d| auto_tests.iter().any(|t| t == d));
        if is_root || declared.contains(&file.canonicalize().unwrap()) {
            continue;
        }
        let rel = file.strip_prefix(&root).unwrap_or(file);
        let stem = file.file_stem().unwrap().to_str().unwrap();
        let name = if stem == "mod" {
            file.parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_str()
                .unwrap()
        } else {
            stem
        };
        // Where its line goes: the module file of the folder it is in.
        let folder = if stem == "mod" {
            file.parent().unwrap().parent().unwrap()
        } else {
            file.parent().unwrap()
        };
        let owner = ["mod.rs", "lib.rs", "main.rs", "integration.rs"]
            .iter()
            .map(|f| folder.join(f))
            .find(|f| f.exists())
            .unwrap_or_else(|| folder.with_extension("rs"));
        let owner = owner.strip_prefix(&root).unwrap_or(&owner).to_path_buf();
        missing.push(format!(
            "{}: add `mod {name};` to {}",
            rel.display(),
            owner.display()
        ));
    }
    assert!(
        missing.is_empty(),
        "files that are no module of their crate, so never built:\n{}",
        missing.join("\n")
    );
}
