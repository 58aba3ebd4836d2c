//! The `rngkit` command line end to end, in process (the CLI's modules are
//! compiled into `rngkit_fuzz`): argv from a grammar of real tokens, edge
//! numbers, prepared files and free text. Never a panic; every failure has
//! an exit status in {1, 2, 3} and a message. (The one-line `error:` form on
//! stderr is checked on the real binary by `tests/malformed_inputs.rs` and
//! `tests/prop_cli_argv.rs`.) Run with `-close_fd_mask=3`: the commands
//! print to stdout/stderr.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rngkit_fuzz::{Outcome, Token, run_cli};

fuzz_target!(|tokens: Vec<Token>| {
    if tokens.len() > 24 {
        return;
    }
    let args: Vec<String> = tokens.iter().map(Token::text).collect();
    match run_cli(&args) {
        Outcome::Failed(code, message) => {
            assert!((1..=3).contains(&code), "exit {code} for {args:?}");
            assert!(!message.trim().is_empty(), "empty message for {args:?}");
        }
        Outcome::Usage | Outcome::Help | Outcome::Success | Outcome::Skipped => {}
    }
});
