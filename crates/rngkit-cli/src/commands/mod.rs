//! One file per command, each with its own arguments, help and `run`.

pub mod distance;
pub mod r#gen;
pub mod identify;
pub mod locate;
mod observations;
pub mod recover;
pub mod seed_search;
pub mod state;

use rngkit_analysis::registry;

/// The DRAWS section of `--help`: the common draws and each GEN's engine
/// draws with their meaning and raw-step count, from the registry.
pub fn draws_help() -> String {
    let mut out = String::from(
        "DRAWS (every generator): u32, u64, f32 ([0,1), 24 bits), f64 ([0,1), 53 bits),\n  \
         int MIN MAX (unbiased, MIN <= x < MAX), bool\n\n\
         ENGINE DRAWS (bit-exact to the engine; raw steps each consumes in brackets):\n",
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
    out
}
