//! One file per command.

pub mod distance;
pub mod r#gen;
pub mod state;
