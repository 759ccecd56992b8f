//! roundtable: game records of multi-player and historical chess variants.
pub mod board;
pub mod engine;
pub mod men;
pub mod notation;
pub mod variant;
