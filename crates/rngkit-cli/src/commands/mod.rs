//! One file per command.

pub mod r#gen;
pub mod state;
