//! What every command's arguments share: the GEN argument, SEEDING,
//! `--advance`, and the per-GEN sections of `--help`, all derived from the
//! catalogue. Names no command (the commands import it).

use std::path::PathBuf;

use clap::Args;
use rngkit_analysis::notes::{self, Notes};
use rngkit_analysis::registry::{self, Entry};

pub use crate::reference::generators_help;

/// How the generator is seeded: exactly one of these.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub struct Seeding {
    /// Seed the way the generator's engine or runtime does (see GENERATORS).
    /// Decimal or 0x hex; negative values where the runtime takes them.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// Seed from text: the runtime's own string seeding where it has one,
    /// else the documented, stable FNV-1a hash of the UTF-8 text.
    #[arg(long, value_name = "TEXT")]
    pub seed_str: Option<String>,
    /// The full state as hex words, space separated (what `rngkit state`
    /// prints), or a GEN-specific form (see GENERATORS).
    #[arg(long, value_name = "WORDS")]
    pub state: Option<String>,
    /// A state file: exactly what `rngkit state` prints, or the GEN's save
    /// blob where it has one; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub state_file: Option<PathBuf>,
    /// Seed from the OS; the state used is printed to stderr for replay.
    #[arg(long)]
    pub entropy: bool,
}

/// GEN, SEEDING, `--stream` and `--advance`: the options of every command
/// that builds a generator.
#[derive(Args, Debug)]
pub struct Source {
    /// The generator (see GENERATORS below).
    #[arg(value_name = "GEN", value_parser = parse_gen)]
    pub generator: &'static Entry,
    #[command(flatten)]
    pub seeding: Seeding,
    /// The PCG stream selector, for GENs that take one, with --seed
    /// (default 54).
    #[arg(long, value_name = "N")]
    pub stream: Option<String>,
    /// Move N raw steps first (one step = one output word). N may be
    /// negative (step back) and of any size (reduced modulo the period):
    /// jumps take O(log N).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub advance: Option<String>,
}

/// Parses a GEN argument: a name or alias; the error suggests the closest
/// name and lists them all.
pub fn parse_gen(s: &str) -> Result<&'static Entry, String> {
    registry::find(s).map_err(|e| e.to_string())
}

/// The per-GEN section of a command's `--help`: each text that `field`
/// picks from the GENs' [`Notes`], once, under the names of the GENs that
/// share it, wrapped to 80 columns.
pub fn notes_help(field: impl Fn(&Notes) -> &'static str) -> String {
    let gens = registry::all().iter().map(|e| (e.name(), e.notes()));
    let mut out = String::new();
    for group in notes::grouped(gens, field) {
        out.push_str(&notes::wrap(
            &format!("{}:", group.names.join(", ")),
            "  ",
            80,
        ));
        out.push_str(&notes::wrap(group.text, "      ", 80));
    }
    out
}

/// The EXAMPLES of a command's `--help`: the example lines that `field`
/// picks from the GENs' [`Notes`], in catalogue order, each list once.
pub fn examples_help(field: impl Fn(&Notes) -> &'static [&'static str]) -> String {
    example_blocks(registry::all().iter().map(|e| field(e.notes())))
}

/// The EXAMPLES of `command`'s `--help` (`gen`, `state`, ...): the blocks
/// the GENs' notes give for it, in catalogue order, each once, indented
/// by 2 (no trailing newline).
pub fn command_examples(command: &str) -> String {
    example_blocks(registry::all().iter().flat_map(|e| {
        e.notes()
            .examples
            .iter()
            .filter(move |x| x.command == command)
            .map(|x| x.lines)
    }))
}

/// The lines of `blocks`, each block once (GENs of a family share theirs),
/// indented by 2, with no trailing newline.
fn example_blocks(blocks: impl Iterator<Item = &'static [&'static str]>) -> String {
    let mut seen: Vec<&[&str]> = Vec::new();
    let mut out = String::new();
    for lines in blocks {
        if lines.is_empty() || seen.contains(&lines) {
            continue;
        }
        seen.push(lines);
        for line in lines {
            out.push_str(&format!("  {line}\n"));
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// Every word after DRAW belongs to the draw (so `int -5 5` works), so an
/// option there was meant for the command: say where options go.
pub fn reject_options_after_draw(
    command: &str,
    words: &[String],
) -> Result<(), crate::error::CliError> {
    let Some((name, rest)) = words.split_first() else {
        return Ok(());
    };
    if name.starts_with('-') && name.parse::<f64>().is_err() {
        return Err(crate::error::CliError::usage(format_args!(
            "unknown option `{name}` (options go before DRAW; see `rngkit {command} --help`)"
        )));
    }
    let is_option = |a: &str| {
        a.starts_with("--")
            || (a.starts_with('-') && a.len() == 2 && a.as_bytes()[1].is_ascii_alphabetic())
    };
    if let Some(option) = rest.iter().find(|a| is_option(a)) {
        return Err(crate::error::CliError::usage(format_args!(
            "`{option}` after the draw: options go before DRAW (`rngkit {command} ... [OPTIONS] DRAW [ARGS...]`)"
        )));
    }
    Ok(())
}

/// `--format`: how a command writes its answer.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Lines of text (the contract's form).
    #[default]
    Text,
    /// JSON: one document, or JSON lines for streams (`docs/cli.md`).
    Json,
}

/// The `--format text|json` option of every command but `state` (whose
/// `--format words|json` predates it).
#[derive(Args, Debug, Default)]
pub struct FormatArg {
    /// `text` (the default) or `json`: one JSON document (JSON lines for
    /// `gen` and `seed-search`), errors as a JSON object on stderr; the
    /// schema is in docs/cli.md.
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: Format,
}

impl FormatArg {
    /// Whether the answer is JSON.
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }
}
