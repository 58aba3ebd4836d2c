//! Benchmarks only: see `benches/versus_peers.rs` and `scripts/bench-table`.
