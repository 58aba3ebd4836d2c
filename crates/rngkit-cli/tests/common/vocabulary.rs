//! The registry's share of the command-line vocabulary that both argv
//! fuzzers draw from: the property test `prop_cli_argv` and the fuzz crate's
//! `cli_args` target (which includes this file by `#[path]`).

/// The word-width edges among both fuzzers' numbers, in this order:
/// 2^32 - 1 and 2^32, -2^31 and one below, 2^64 - 1 and 2^64.
pub const WORD_EDGES: [&str; 6] = [
    "4294967295",
    "4294967296",
    "-2147483648",
    "-2147483649",
    "18446744073709551615",
    "18446744073709551616",
];

/// Every GEN's name and aliases, and the first word of each of its draw
/// syntaxes (the draw names), as the registry lists them.
pub fn registry_words() -> Vec<String> {
    let mut words = Vec::new();
    for e in rngkit_analysis::registry::all() {
        words.push(e.name().to_string());
        words.extend(e.info().aliases.iter().map(|a| a.to_string()));
        words.extend(
            e.draw_syntaxes()
                .iter()
                .map(|d| d.split(' ').next().unwrap_or(d).to_string()),
        );
    }
    words
}
