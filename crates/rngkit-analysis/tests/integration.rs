//! The integration tests of `rngkit-analysis`, one module per file of this folder,
//! built as one test binary (`autotests = false` in Cargo.toml): one link
//! instead of one per file, and libtest runs the files' tests side by side
//! instead of one binary after another (see docs/reliability.md).

mod common;
#[path = "../../rngkit/tests/support/oracles.rs"]
mod oracles;
#[path = "../../rngkit/tests/support/strategies.rs"]
mod strategies;

mod advance;
mod big_jumps;
mod crack_runtimes;
mod distance;
mod games;
mod gf2;
mod linear;
mod needed_table;
mod prop_draw;
mod prop_registry;
mod recover_cpp;
mod recover_dotnet;
mod recover_dotnet_xoshiro;
mod recover_drand48;
mod recover_go;
mod recover_identify;
mod recover_java;
mod recover_javascript;
mod recover_legacy;
mod recover_libgdx;
mod recover_numpy;
mod recover_observe;
mod recover_partial;
mod recover_ranlux;
mod recover_search;
mod recover_state;
mod search_php;
mod search_python;
mod search_sfmt;
mod search_v8;
