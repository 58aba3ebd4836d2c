//! The integration tests of `rngkit-cli`, one module per file of this folder,
//! built as one test binary (`autotests = false` in Cargo.toml): one link
//! instead of one per file, and libtest runs the files' tests side by side
//! instead of one binary after another (see docs/reliability.md).

mod common;
#[path = "../../rngkit/tests/support/oracles.rs"]
mod oracles;

mod cli_advance_distance;
mod cli_detect;
mod cli_detect_rank;
mod cli_engines;
mod cli_examples;
mod cli_gen_state;
mod cli_interrupt;
mod cli_java_bounded;
mod cli_json;
mod cli_memory;
mod cli_observation_bits;
mod cli_predict_locate;
mod cli_progress;
mod cli_python_crack;
mod cli_recover;
mod cli_runtimes_crack;
mod cli_shell;
mod cli_signed_messages;
mod cli_state_input;
mod cli_tables;
mod cli_tokens;
mod malformed_inputs;
mod prop_cli_argv;
