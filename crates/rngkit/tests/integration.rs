//! The integration tests of `rngkit`, one module per file of this folder,
//! built as one test binary (`autotests = false` in Cargo.toml): one link
//! instead of one per file, and libtest runs the files' tests side by side
//! instead of one binary after another (see docs/reliability.md).

#[path = "support/oracles.rs"]
mod oracles;
#[path = "support/strategies.rs"]
mod strategies;

mod bulk;
mod engine_bdsp;
mod engine_games;
mod engine_mars;
mod engine_megacrush;
mod engine_pokefinder;
mod engine_unity;
mod engine_unity_math;
mod facade_distribution;
mod facade_helpers;
mod facade_sources;
mod facade_stability;
mod memory_sizes;
mod prop_number;
mod prop_snapshot;
mod prop_state;
mod reference_vectors;
mod runtime_cpp;
mod runtime_dotnet;
mod runtime_dotnet_xoshiro;
mod runtime_drand48;
mod runtime_glibc;
mod runtime_go;
mod runtime_go2;
mod runtime_java;
mod runtime_javascript;
mod runtime_libgdx;
mod runtime_lua;
mod runtime_numpy;
mod runtime_numpy_legacy;
mod runtime_php;
mod runtime_python;
mod runtime_r;
mod runtime_ruby;
mod runtime_tokens;
mod state_validation;
mod unity_backend;
mod unity_recorded;
mod versus_rand_crates;
