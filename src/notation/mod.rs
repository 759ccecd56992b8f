//! Notations: one reader and one writer per notation.

pub mod fen;
pub mod fen4;
pub mod long;

use crate::board::Bits;
use crate::engine::Position;
use crate::variant::{Support, Variant};

/// A position text that cannot be read: what is wrong, in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PositionError(pub String);

/// Reads a position of `variant`: FEN4 on the 14x14 boards, FEN elsewhere.
pub fn read_position<B: Bits>(variant: &'static Variant, text: &str) -> Result<Position<B>, PositionError> {
    if variant.support != Support::Playable {
        return Err(PositionError(format!(
            "{} is not playable yet (its rules are planned)",
            variant.id
        )));
    }
    if variant.shape.width == 14 {
        fen4::read(variant, text)
    } else {
        fen::read(variant, text)
    }
}

/// Writes a position in its variant's position text.
pub fn write_position<B: Bits>(pos: &Position<B>) -> String {
    if pos.variant().shape.width == 14 {
        fen4::write(pos)
    } else {
        fen::write(pos)
    }
}

/// The start position of a variant.
pub fn start_position<B: Bits>(variant: &'static Variant) -> Result<Position<B>, PositionError> {
    read_position(variant, variant.start)
}
