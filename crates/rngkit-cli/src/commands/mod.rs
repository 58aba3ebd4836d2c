//! One file per command, each with its own arguments, help and `run`.

pub mod detect;
pub mod distance;
pub mod r#gen;
pub mod identify;
pub mod locate;
mod observations;
mod predict;
pub mod recover;
mod recover_json;
pub mod seed_search;
pub mod shell;
pub mod state;
pub mod table;

use std::process::ExitCode;

use rngkit_analysis::registry;

use crate::error::CliError;

/// `seed-search`: a lookup in the tables given with `--table`, else the
/// search (the two answer alike; the table code reads the search's
/// arguments, so the choice is made here, above both).
pub fn seed_search_or_lookup(args: seed_search::SeedSearchArgs) -> Result<ExitCode, CliError> {
    if args.table.is_empty() {
        seed_search::run(args)
    } else {
        table::seed_search(args)
    }
}

/// The DRAWS section of `--help`: the common draws and each GEN's engine
/// draws with their meaning and raw-step count, from the registry.
pub fn draws_help() -> String {
    let mut out = String::from(
        "DRAWS (every generator; one raw step is one output word of the generator):\n  \
         u32                          1 step (the upper half of a 64-bit word)\n  \
         u64                          2 steps on 32-bit generators (first word low), 1 on 64-bit\n  \
         f32                          [0,1), 24 bits (1 step)\n  \
         f64                          [0,1), 53 bits (2 steps on 32-bit generators, 1 on 64-bit)\n  \
         int MIN MAX                  unbiased, MIN <= x < MAX, from u64 words (as u64; a redraw\n  \
                                      with probability below span / 2^64 takes more)\n  \
         bool                         1 step\n\n\
         ENGINE DRAWS (bit-exact to the engine; the raw steps each consumes in brackets):\n",
    );
    for e in registry::all() {
        let draws = e.engine_draws();
        if draws.is_empty() {
            continue;
        }
        out.push_str(&format!("  {}:\n", e.name()));
        for d in draws {
            out.push_str(&format!("    {:<28} {}\n", d.syntax, d.help));
        }
    }
    out.push_str(
        "\nTOKENS (`token IDIOM ALPHABET LENGTH`: LENGTH characters, each ALPHABET[i] for one pick i\n  \
         made the way IDIOM makes it; ALPHABET is characters and ranges X-Y in the program's\n  \
         order, e.g. a-zA-Z0-9, with \\- \\\\ \\s (space) \\? escaped; in an observed token `?` is a\n  \
         character not seen):\n",
    );
    for e in registry::all() {
        let idioms = e.idioms();
        if idioms.is_empty() {
            continue;
        }
        out.push_str(&format!("  {}:\n", e.name()));
        for i in idioms {
            let pick = format!(
                "(pick `{}`)",
                i.pick.replace("{n}", "N").replace("{last}", "N-1")
            );
            out.push_str(&format!("    {:<28} {} {pick}\n", i.name, i.call));
        }
    }
    out
}
