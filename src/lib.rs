//! roundtable: game records of multi-player and historical chess variants.
pub mod board;
pub mod convert;
pub mod engine;
pub mod input;
pub mod men;
pub mod notation;
pub mod record;
pub mod render;
pub mod replay;
pub mod report;
pub mod resolve;
pub mod selfplay;
pub mod variant;

/// Runs `$body` with `$B` bound to the square-set width of `$variant`'s board,
/// so that each board is compiled at its own width.
#[macro_export]
macro_rules! with_width {
    ($variant:expr, $B:ident => $body:expr) => {
        match $variant.width() {
            $crate::variant::Width::W64 => {
                type $B = u64;
                $body
            }
            $crate::variant::Width::W128 => {
                type $B = u128;
                $body
            }
            $crate::variant::Width::W256 => {
                type $B = $crate::board::U256;
                $body
            }
        }
    };
}
