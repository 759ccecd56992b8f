//! Reports computed from a replay's trace: one file per statistic.

pub mod attribution;
pub mod corpus;
pub mod game;
pub mod material;
pub mod players;
pub mod points;
pub mod two_kings;
