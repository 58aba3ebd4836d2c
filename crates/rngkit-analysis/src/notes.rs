//! What a GEN's analysis does and needs, in words, kept with the GEN.
//!
//! Each generator module of the analysis crate writes its [`Notes`]: how
//! its state is recovered and from how many values, what its seed search
//! runs, and a few example command lines. The catalogue line gives them to
//! the GEN's [`Entry`](crate::entry::Entry), and every front end renders
//! them from there: `rngkit recover --help` and `rngkit seed-search --help`
//! (grouped by [`grouped`]), the Python package's `describe(gen)`, the web
//! page under the generator list. No front end names a GEN in its own text.
//!
//! The texts are single paragraphs without line breaks (each front end
//! wraps them to its width, [`wrap`] for a terminal) and name no other
//! front end's syntax beyond the observation and draw syntax they share.
//!
//! ```
//! use rngkit_analysis::notes::{grouped, Notes};
//! use rngkit_analysis::registry;
//!
//! let php = registry::find("php").unwrap();
//! assert!(php.notes().search.contains("mt_srand"));
//! // The PHP eras share one search text, so the help prints it once.
//! let gens = registry::all().iter().map(|e| (e.name(), e.notes()));
//! let groups = grouped(gens, |n| n.search);
//! let eras = groups.iter().find(|g| g.names.contains(&"php")).unwrap();
//! assert!(eras.names.contains(&"php5") && eras.names.contains(&"php3"));
//! ```

/// A GEN's analysis, in words (see the [module](self) docs). Every field
/// may be empty: a GEN whose recovery and search are the generic ones
/// needs no text of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// How `recover` finds the state and how many values it needs.
    pub recover: &'static str,
    /// Command lines that show recovery, one a line, runnable as they are
    /// (at most 78 characters: the help indents them by 2).
    pub recover_examples: &'static [&'static str],
    /// What `seed-search` runs for the GEN: its kernel, its seed space.
    pub search: &'static str,
    /// Command lines that show a seed search, runnable as they are (at most
    /// 78 characters).
    pub search_examples: &'static [&'static str],
    /// Examples of the other commands (`gen`, `state`, `identify`,
    /// `distance`, `locate`, `detect`) on this GEN, for their `--help`.
    pub examples: &'static [Example],
}

/// Where the documentation describes a GEN: the runtime it reproduces, as
/// the README's list names it, and its page under `docs/`. The catalogue
/// line gives it (`.page(...)`); the GEN table of `docs/cli.md` links the
/// page and the README names each runtime once, both rendered from the
/// catalogue.
///
/// ```
/// let ruby = rngkit_analysis::registry::find("ruby").unwrap();
/// let page = ruby.page().unwrap();
/// assert_eq!((page.runtime, page.file), ("Ruby", "runtimes-python-ruby-c.md"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// The language runtime or library the GEN reproduces, as the README's
    /// list of runtimes names it (`"PHP"`, `"CPython"`); empty for a game
    /// engine's GEN.
    pub runtime: &'static str,
    /// Its page, relative to `docs/` (`"runtimes-php.md"`), with an anchor
    /// where one section of a page describes it.
    pub file: &'static str,
}

/// A block of command lines for one command's EXAMPLES, runnable in order
/// in an empty folder (each at most 78 characters: the help indents them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The command whose help shows the block (`"gen"`, `"state"`, ...).
    pub command: &'static str,
    /// The lines; at least one runs `rngkit COMMAND`.
    pub lines: &'static [&'static str],
}

impl Notes {
    /// No text at all.
    pub const NONE: Notes = Notes {
        recover: "",
        recover_examples: &[],
        search: "",
        search_examples: &[],
        examples: &[],
    };

    /// The text of GENs recovered by linear algebra over GF(2) (their
    /// outputs are bits linear in the state): what the catalogue's
    /// `.linear()` gives a GEN without a text of its own.
    pub const LINEAR: Notes = Notes {
        recover: "Linear recovery over GF(2): every exact bit an observation reveals of the raw \
                  words is one linear equation in the state bits, so any observations that \
                  reveal as many independent bits as the state holds pin it, in any order and \
                  with gaps (`skip N`).",
        ..Notes::NONE
    };
}

/// GENs that share one text, in catalogue order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The GENs' names.
    pub names: Vec<&'static str>,
    /// Their common text.
    pub text: &'static str,
}

/// The non-empty texts `field` picks from each GEN's notes (`gens`: its
/// name and notes, in catalogue order), each text once with the names of
/// the GENs that have it: a family that shares a text (the PHP eras, the
/// V8 eras) is listed once.
///
/// ```
/// use rngkit_analysis::notes::grouped;
/// use rngkit_analysis::registry;
///
/// let gens = registry::all().iter().map(|e| (e.name(), e.notes()));
/// let groups = grouped(gens, |n| n.recover);
/// assert!(groups.iter().all(|g| !g.text.is_empty() && !g.names.is_empty()));
/// let java = groups.iter().find(|g| g.names == ["java"]).unwrap();
/// assert!(java.text.starts_with("Lattice reduction"));
/// ```
pub fn grouped<'a>(
    gens: impl IntoIterator<Item = (&'static str, &'a Notes)>,
    field: impl Fn(&Notes) -> &'static str,
) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (name, notes) in gens {
        let text = field(notes);
        if text.is_empty() {
            continue;
        }
        match groups.iter_mut().find(|g| g.text == text) {
            Some(g) => g.names.push(name),
            None => groups.push(Group {
                names: vec![name],
                text,
            }),
        }
    }
    groups
}

/// `text` wrapped to lines of at most `width` characters (a word longer
/// than that stands alone), each line starting with `indent`.
///
/// ```
/// use rngkit_analysis::notes::wrap;
///
/// assert_eq!(wrap("one two three", "  ", 10), "  one two\n  three\n");
/// ```
pub fn wrap(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for word in text.split_whitespace() {
        if line.len() > indent.len() && line.len() + 1 + word.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
            line.push_str(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;

    #[test]
    fn every_recovery_and_own_kernel_has_its_text() {
        for e in registry::all() {
            let notes = e.notes();
            assert_eq!(e.can_recover(), !notes.recover.is_empty(), "{}", e.name());
            if e.has_own_seed_kernel() {
                assert!(!notes.search.is_empty(), "{}", e.name());
            }
            for text in [notes.recover, notes.search] {
                assert!(!text.contains('\n'), "{}: one paragraph", e.name());
                assert!(!text.contains("  "), "{}: single spaces", e.name());
            }
        }
    }

    #[test]
    fn examples_run_the_gen_they_belong_to() {
        for e in registry::all() {
            let notes = e.notes();
            for line in notes.recover_examples.iter().chain(notes.search_examples) {
                // An 80-column terminal shows the line whole (with the
                // help's indent), so a paste runs it.
                assert!(line.len() <= 78, "longer than 78: {line}");
            }
            let runs = |lines: &[&str], command: &str| {
                lines
                    .iter()
                    .any(|l| l.contains(&format!("rngkit {command} ")))
            };
            if !notes.recover_examples.is_empty() {
                assert!(runs(notes.recover_examples, "recover"), "{}", e.name());
            }
            if !notes.search_examples.is_empty() {
                assert!(runs(notes.search_examples, "seed-search"), "{}", e.name());
            }
        }
    }

    #[test]
    fn other_commands_examples_run_their_command() {
        let mut commands = Vec::new();
        for e in registry::all() {
            for example in e.notes().examples {
                assert!(
                    example
                        .lines
                        .iter()
                        .any(|l| (l.to_string() + " ")
                            .contains(&format!("rngkit {} ", example.command))),
                    "{}: {:?}",
                    e.name(),
                    example
                );
                for line in example.lines {
                    assert!(line.len() <= 78, "longer than 78: {line}");
                }
                commands.push(example.command);
            }
        }
        for command in ["gen", "state", "identify", "distance", "locate", "detect"] {
            assert!(commands.contains(&command), "no GEN shows `{command}`");
        }
    }

    #[test]
    fn wrap_keeps_every_word_and_the_width() {
        let text = Notes::LINEAR.recover;
        let wrapped = wrap(text, "    ", 40);
        assert!(
            wrapped
                .lines()
                .all(|l| l.len() <= 40 && l.starts_with("    "))
        );
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
    }
}
