//! The reference text rendered from the catalogue, for `--help` and for the
//! docs: the GENERATORS and STATE WORDS sections of `rngkit gen --help`
//! (and of `state` and `distance`), and the regions of `docs/cli.md` (the
//! GEN table, the state-word table) and `README.md` (the list of runtimes)
//! between `<!-- generated: NAME ... -->` and `<!-- end generated: NAME -->`.
//!
//! Both renderings read the same [`Row`]s, so the help and the docs say the
//! same of every GEN. The unit test `generated_docs_match_the_catalogue`
//! fails when a file's region differs from what [`REGIONS`] renders, and
//! prints the command that rewrites them ([`REGENERATE`]).

use rngkit_analysis::notes::Page;
use rngkit_analysis::registry;

/// The command that rewrites the generated regions of the docs (run from
/// the workspace root).
pub const REGENERATE: &str = "RNGKIT_BLESS=1 cargo test -p rngkit-cli --lib generated_docs";

/// What the help and the docs say of one GEN, from its catalogue entry.
pub struct Row {
    /// The GEN's name.
    pub name: &'static str,
    /// Its other accepted names.
    pub aliases: &'static [&'static str],
    /// One line: what it reproduces.
    pub summary: &'static str,
    /// What `--seed S` means.
    pub seed_doc: &'static str,
    /// What the analysis can do with it: `recover`, `seed-search (32-bit
    /// seeds)`, `identify`.
    pub cracking: Vec<String>,
    /// Its state words.
    pub state_doc: &'static str,
    /// Its page under `docs/`, and the runtime it reproduces.
    pub page: Option<Page>,
}

/// One row per GEN, in catalogue order.
pub fn rows() -> Vec<Row> {
    registry::all()
        .iter()
        .map(|e| {
            let info = e.info();
            let mut cracking = Vec::new();
            if e.can_recover() {
                cracking.push("recover".to_string());
            }
            if e.can_search_seeds() {
                match e.seed_search_bits() {
                    Some(bits) => cracking.push(format!("seed-search ({bits}-bit seeds)")),
                    None => cracking.push("seed-search".to_string()),
                }
            }
            if e.can_identify() {
                cracking.push("identify".to_string());
            }
            Row {
                name: info.name,
                aliases: info.aliases,
                summary: info.summary,
                seed_doc: info.seed_doc,
                cracking,
                state_doc: info.state_doc,
                page: e.page(),
            }
        })
        .collect()
}

/// The GENERATORS section of `--help` (with STATE WORDS), from the
/// catalogue.
pub fn generators_help() -> String {
    let rows = rows();
    let mut out = String::from("GENERATORS (GEN, what it reproduces, what --seed S means):\n");
    for row in &rows {
        out.push_str(&format!("  {:<18} {}\n", row.name, row.summary));
        out.push_str(&format!("  {:<18} --seed: {}\n", "", row.seed_doc));
        if !row.cracking.is_empty() {
            out.push_str(&format!(
                "  {:<18} cracking: {}\n",
                "",
                row.cracking.join(", ")
            ));
        }
    }
    out.push_str("\nSTATE WORDS (--state, and what `rngkit state` prints; hex, zero-padded):\n");
    for row in &rows {
        out.push_str(&format!("  {:<18} {}\n", row.name, row.state_doc));
    }
    out.push_str(
        "\n`rngkit COMMAND --help` lists each GEN's draws; `docs/cli.md` is the full reference.",
    );
    out
}

/// `text` as a Markdown table cell: the characters Markdown would read as
/// markup escaped, except inside a code span (`` `left` ``, which stays
/// code), where only the cell separator `|` is.
fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut code = false;
    for c in text.chars() {
        if c == '`' {
            code = !code;
        } else if c == '|' || (!code && matches!(c, '\\' | '*' | '<' | '>' | '[' | ']')) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The GEN cell of a table: its name in code, then its aliases.
fn names_cell(row: &Row) -> String {
    let mut cell = format!("`{}`", row.name);
    if !row.aliases.is_empty() {
        let aliases: Vec<String> = row.aliases.iter().map(|a| format!("`{a}`")).collect();
        cell.push_str(&format!(" (also {})", aliases.join(", ")));
    }
    cell
}

/// The GEN table of `docs/cli.md`: every GEN with what it reproduces, what
/// `--seed` means, what the analysis can do with it and its page.
pub fn gen_table() -> String {
    let mut out = String::from(
        "| GEN | reproduces | `--seed S` | cracking | page |\n|---|---|---|---|---|\n",
    );
    for row in rows() {
        let page = row
            .page
            .map(|p| {
                let title = p.file.split('#').next().unwrap_or(p.file);
                format!("[{title}]({})", p.file)
            })
            .unwrap_or_default();
        out.push_str(&format!(
            "| {} | {} | {} | {} | {page} |\n",
            names_cell(&row),
            markdown(row.summary),
            markdown(row.seed_doc),
            row.cracking.join(", "),
        ));
    }
    out
}

/// The state-word table of `docs/cli.md`: every GEN's state words, as
/// `--state` takes them and `rngkit state` prints them.
pub fn state_table() -> String {
    let mut out = String::from("| GEN | state words |\n|---|---|\n");
    for row in rows() {
        out.push_str(&format!(
            "| `{}` | {} |\n",
            row.name,
            markdown(row.state_doc)
        ));
    }
    out
}

/// The README's list of runtimes: each runtime a GEN's page names, once, in
/// catalogue order.
pub fn runtime_list() -> String {
    let mut runtimes: Vec<&str> = Vec::new();
    for row in rows() {
        if let Some(page) = row.page
            && !page.runtime.is_empty()
            && !runtimes.contains(&page.runtime)
        {
            runtimes.push(page.runtime);
        }
    }
    runtimes.join(", ")
}

/// A region of a file that is rendered from the catalogue.
pub struct Region {
    /// The file, relative to the workspace root.
    pub file: &'static str,
    /// The name in its markers.
    pub name: &'static str,
    /// Inside a line (the markers and the text on one line) or a block of
    /// lines (the markers on lines of their own, blank lines around it).
    pub inline: bool,
    /// What it holds.
    pub render: fn() -> String,
}

/// Every region of the docs rendered from the catalogue.
pub const REGIONS: [Region; 3] = [
    Region {
        file: "docs/cli.md",
        name: "gen-table",
        inline: false,
        render: gen_table,
    },
    Region {
        file: "docs/cli.md",
        name: "state-table",
        inline: false,
        render: state_table,
    },
    Region {
        file: "README.md",
        name: "runtimes",
        inline: true,
        render: runtime_list,
    },
];

/// `text` with the region `region` replaced by `content` (its markers
/// kept); an error when `text` lacks the region's markers.
pub fn splice(text: &str, region: &Region, content: &str) -> Result<String, String> {
    let start = format!("<!-- generated: {} ", region.name);
    let end = format!("<!-- end generated: {} -->", region.name);
    let missing = || format!("{}: no `{start}... -->` ... `{end}` region", region.file);
    let at = text.find(&start).ok_or_else(missing)?;
    let open = at + text[at..].find("-->").ok_or_else(missing)? + "-->".len();
    let close = open + text[open..].find(&end).ok_or_else(missing)?;
    let body = if region.inline {
        content.to_string()
    } else {
        format!("\n\n{content}\n")
    };
    Ok(format!("{}{body}{}", &text[..open], &text[close..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The generated regions of the docs are what the catalogue renders now;
    /// with `RNGKIT_BLESS=1` they are rewritten instead.
    #[test]
    fn generated_docs_match_the_catalogue() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let bless = std::env::var("RNGKIT_BLESS").is_ok_and(|v| v == "1");
        let mut stale = Vec::new();
        let mut files: Vec<&str> = REGIONS.iter().map(|r| r.file).collect();
        files.dedup();
        for file in files {
            let path = root.join(file);
            let old = std::fs::read_to_string(&path).unwrap();
            let mut new = old.clone();
            for region in REGIONS.iter().filter(|r| r.file == file) {
                new = splice(&new, region, &(region.render)()).unwrap();
            }
            if new == old {
                continue;
            }
            if bless {
                std::fs::write(&path, &new).unwrap();
                println!("rewrote {file}");
                continue;
            }
            let line = old
                .lines()
                .zip(new.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(old.lines().count().min(new.lines().count()));
            let was = old.lines().nth(line).unwrap_or("(end of file)");
            let now = new.lines().nth(line).unwrap_or("(end of file)");
            stale.push(format!(
                "{file}, line {}:\n  is:        {was}\n  catalogue: {now}",
                line + 1
            ));
        }
        assert!(
            stale.is_empty(),
            "the generated regions of the docs differ from the catalogue; \
             regenerate them with `{REGENERATE}` (from the workspace root):\n{}",
            stale.join("\n")
        );
    }

    #[test]
    fn cells_escape_markup_outside_code() {
        assert_eq!(markdown("a*b | `x*y|z` [c]"), "a\\*b \\| `x*y\\|z` \\[c\\]");
    }

    #[test]
    fn splice_keeps_the_markers() {
        let region = Region {
            file: "x.md",
            name: "n",
            inline: true,
            render: runtime_list,
        };
        let text = "a (<!-- generated: n (from the catalogue) -->old<!-- end generated: n -->) b";
        assert_eq!(
            splice(text, &region, "new").unwrap(),
            "a (<!-- generated: n (from the catalogue) -->new<!-- end generated: n -->) b"
        );
        assert!(splice("no markers", &region, "new").is_err());
    }
}
