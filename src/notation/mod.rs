//! Notations: one reader and one writer per notation.

pub mod algebraic;
pub mod chesscom;
pub mod descriptive;
pub mod descriptive_short;
pub mod fen;
pub mod fen4;
pub mod localized;
pub mod long;
pub mod pgn;
pub mod printed;
pub mod san;
pub mod table;

use crate::board::Bits;
use crate::engine::Position;
use crate::variant::{Support, Variant};

/// A position text that cannot be read: what is wrong, in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PositionError(pub String);

/// FEN4 for the 14x14 boards and every game of more than two players; FEN
/// for the two-player boards.
pub fn uses_fen4(variant: &Variant) -> bool {
    variant.shape.width == 14 || variant.players() > 2
}

/// Reads a position of `variant`: FEN4 on the 14x14 boards and for more
/// than two players, FEN elsewhere.
pub fn read_position<B: Bits>(
    variant: &'static Variant,
    text: &str,
) -> Result<Position<B>, PositionError> {
    if variant.support != Support::Playable {
        return Err(PositionError(format!(
            "{} is not playable yet (its rules are planned)",
            variant.id
        )));
    }
    // A start the variant names (Chess.com's `4PC`, `4PCo`).
    let text = variant.hints.named_start(text).unwrap_or(text);
    if uses_fen4(variant) {
        fen4::read(variant, text)
    } else {
        fen::read(variant, text)
    }
}

/// Writes a position in its variant's position text.
pub fn write_position<B: Bits>(pos: &Position<B>) -> String {
    if uses_fen4(pos.variant()) {
        fen4::write(pos)
    } else {
        fen::write(pos)
    }
}

/// The start position of a variant (read once per variant and width).
pub fn start_position<B: Bits>(variant: &'static Variant) -> Result<Position<B>, PositionError> {
    let empty = Position::<B>::empty(variant)?;
    empty
        .rules()
        .start
        .get_or_init(|| read_position(variant, variant.start))
        .clone()
}

/// A game's start position: its own (`start`, in the variant's position
/// notation) or, when it has none, the variant's setup, read once and kept.
pub fn start_or_setup<B: Bits>(
    variant: &'static Variant,
    start: Option<&str>,
) -> Result<Position<B>, PositionError> {
    match start {
        Some(text) => read_position(variant, text),
        None => start_position(variant),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::U256;
    use crate::variant;

    /// Random and mangled texts: an error or a position, never a panic.
    #[test]
    fn position_readers_never_panic() {
        let chess = variant::by_id("chess").expect("chess");
        let verney = variant::by_id("verney").expect("verney");
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let alphabet: Vec<char> = "rnbqkpRNBQKPdyg0123456789/,-w {}':()KQkq\u{e9}"
            .chars()
            .collect();
        for round in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let base = if round % 2 == 0 {
                chess.start
            } else {
                verney.start
            };
            let mut text: Vec<char> = base.chars().collect();
            let edits = 1 + (seed % 4) as usize;
            for e in 0..edits {
                let r = seed.rotate_left(e as u32 * 11);
                let at = (r % (text.len() as u64 + 1)) as usize;
                let c = alphabet[(r >> 20) as usize % alphabet.len()];
                match r % 3 {
                    0 if at < text.len() => {
                        text.remove(at);
                    }
                    1 if at < text.len() => text[at] = c,
                    _ => text.insert(at, c),
                }
            }
            let text: String = text.into_iter().collect();
            let _ = read_position::<u64>(chess, &text);
            let _ = read_position::<U256>(verney, &text);
        }
    }

    #[test]
    fn start_positions_write_back_as_read() {
        for v in variant::all()
            .into_iter()
            .filter(|v| v.support == Support::Playable)
        {
            crate::with_width!(v, B => {
                let pos = start_position::<B>(v).expect("start reads");
                let text = write_position(&pos);
                let again = read_position::<B>(v, &text).expect("written text reads");
                assert_eq!(pos, again, "{}", v.id);
                assert_eq!(text.replace(' ', ""), v.start.replace(' ', ""), "{}", v.id);
            });
        }
    }
}
