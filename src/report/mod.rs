//! Reports computed from a replay's trace: one file per statistic.

pub mod material;
