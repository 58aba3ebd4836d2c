//! One file per command.

pub mod distance;
pub mod r#gen;
pub mod identify;
mod observations;
pub mod recover;
pub mod seed_search;
pub mod state;
