//! Checking the games of a corpus, as `validate` does, at the speed of a
//! plain reader.
//!
//! Most games in real databases are plain: moves in algebraic notation,
//! move numbers, comments (clocks, evaluations) and glyphs, no variation.
//! Such a game is replayed straight from the PGN reader's movetext: each
//! move is parsed once, resolved and played, and the record's moves are
//! never built. Everything else (variations, passes, exits, dice turns,
//! localized letters, bonus commands, a rule option that changes the
//! replay) and any game whose direct replay meets a move it cannot resolve
//! cleanly is read into its full record and replayed as [`Game::validate`]
//! does, so every finding is worded by the one replay. On the games it
//! takes, the direct replay finds what the full one finds: the same plies,
//! outcome, points, statuses and warnings (a test holds the two side by
//! side on every kind of game).
//!
//! ```
//! use roundtable::check::check_text;
//! use roundtable::input::Format;
//! use roundtable::split::Splitter;
//!
//! let pgn = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n1. e4 e5 2. Ke3 *\n";
//! let mut found = Vec::new();
//! for text in Splitter::new(pgn.as_bytes(), Format::Pgn) {
//!     found.extend(check_text(&text?));
//! }
//! let first = found[0].as_ref().map_err(|e| e.to_string())?;
//! assert_eq!(first.found.plies, 4);
//! // The stated result is not the mate's: a warning, as the full replay gives.
//! assert_eq!(first.found.warnings.len(), 1);
//! assert!(found[1].is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Bits;
use crate::engine::{Move, MoveList, Position, Turn};
use crate::input::{Format, pgn_game, raw_pgn_games, span_at};
use crate::notation::algebraic::{Token, parse_token};
use crate::notation::pgn::{Node, RawGame};
use crate::notation::start_or_setup;
use crate::record::{MoveNotation, Record};
use crate::replay::{Validated, applies_option, quick_resolve, result_warnings_at};
use crate::resolve::algebraic::resolve as resolve_algebraic;
use crate::split::GameText;
use crate::variant::Variant;
use crate::{Error, Game};

/// One game of a text, checked.
#[derive(Debug, Clone)]
pub struct CheckedGame {
    /// The game's record. A game checked straight from its movetext has
    /// its `moves` left empty (they were never built); its tags, result,
    /// start, options and reader's warnings are the record's.
    pub record: Record,
    /// What the replay found.
    pub found: Validated,
}

/// Checks every game of `text`: for each, the game checked, or why it
/// does not read or replay (the error [`Game::validate`] gives).
pub fn check_text(text: &GameText) -> Vec<Result<CheckedGame, Error>> {
    if text.format != Format::Pgn {
        return text
            .games()
            .into_iter()
            .map(|game| check_record(game?))
            .collect();
    }
    raw_pgn_games(&text.bytes[..], text.first_line, text.bytes.len())
        .map(|raw| check_raw(raw?))
        .collect()
}

/// The full path: the record read whole and replayed.
fn check_record(record: Record) -> Result<CheckedGame, Error> {
    let found = Game::validate(&record)?;
    Ok(CheckedGame { record, found })
}

/// One game as the PGN reader gave it: directly when it is plain and its
/// direct replay goes through, in full otherwise.
fn check_raw(raw: RawGame) -> Result<CheckedGame, Error> {
    if is_plain(&raw) {
        // The header is read as the full reader reads it (its checks and
        // warnings come before any move), from a copy of the game's tags.
        let header = pgn_game(RawGame {
            tags: raw.tags.clone(),
            moves: Vec::new(),
            result: raw.result.clone(),
            start: raw.start,
            escapes: raw.escapes.clone(),
        })?;
        if let Some(found) = replay_directly(&header, &raw.moves) {
            return Ok(CheckedGame {
                record: header,
                found,
            });
        }
    }
    check_record(pgn_game(raw)?)
}

/// Whether the game's text holds only what the direct replay reads as the
/// full one does: move numbers, glyphs, comments that give no command to
/// the replay, and ASCII plies that are not dice turns, with no `Language`
/// tag (which makes the reader translate the moves).
fn is_plain(raw: &RawGame) -> bool {
    if raw
        .tags
        .iter()
        .any(|(key, _, _)| key.eq_ignore_ascii_case("Language"))
    {
        return false;
    }
    raw.moves.iter().all(|node| match node {
        // PGN4's `..` between a round's plies says nothing the turn does not.
        Node::MoveNumber { .. } | Node::Nag { .. } | Node::RoundSep { .. } => true,
        Node::Comment { text, .. } => !text.contains("[%bonus") && text.trim() != "[%inferred]",
        Node::Ply { text, .. } => text.is_ascii() && !text.starts_with('['),
        Node::Variation { .. } => false,
    })
}

/// Replays the plies of `nodes` on the game `record` heads; `None` when a
/// ply needs more than a plain move (a pass, an exit, an ambiguity for the
/// look-ahead) or does not resolve: the full path takes the game then.
fn replay_directly(record: &Record, nodes: &[Node]) -> Option<Validated> {
    let variant = crate::replay::variant_of(record).ok()?;
    if variant.dice
        || variant.hints.keeps_exits
        || record.notation != MoveNotation::Algebraic
        || applies_option(record, "drawn-ending", "apply")
    {
        return None;
    }
    crate::with_width!(variant, B => replay_in::<B>(record, variant, nodes))
}

/// The pass a player makes who has no legal move; `None` when he has one
/// or the game is over (the full replay words either).
fn must_pass<B: Bits>(pos: &Position<B>, list: &mut MoveList) -> Option<Move> {
    matches!(pos.turn_moves(list), Turn::Pass { .. }).then_some(Move::PASS)
}

fn replay_in<B: Bits>(
    record: &Record,
    variant: &'static Variant,
    nodes: &[Node],
) -> Option<Validated> {
    let mut pos = start_or_setup::<B>(variant, record.start.as_deref()).ok()?;
    let mut list = MoveList::new();
    let mut plies = 0;
    let mut last = None;
    for node in nodes {
        let Node::Ply { text, pos: at } = node else {
            continue;
        };
        let token = parse_token(text).ok()?;
        let mv = match &token {
            Token::Move { marks, .. } | Token::Castle { marks, .. } if marks.exit.is_none() => {
                match quick_resolve(&token, &pos, &mut list) {
                    Some(mv) => mv,
                    None => {
                        if pos.turn_moves(&mut list) != Turn::Moves {
                            return None;
                        }
                        resolve_algebraic(&pos, list.as_slice(), &token).ok()?
                    }
                }
            }
            // A pass (`--`, PGN4's `#` and `S` for a mated or stalemated
            // player's turn): right only when the player must pass.
            Token::Pass => must_pass(&pos, &mut list)?,
            Token::BareExit(mark) if mark.starts_with(['#', 'S']) => must_pass(&pos, &mut list)?,
            _ => return None,
        };
        pos.play(mv);
        plies += 1;
        last = Some((*at, text.len()));
    }
    let outcome = pos.outcome();
    let last = last.and_then(|(at, len)| span_at(at, len));
    Some(Validated {
        plies,
        variation_plies: 0,
        warnings: result_warnings_at(record, last, variant, outcome.as_ref()),
        outcome,
        points: [0, 1, 2, 3].map(|s| pos.points(s)),
        status: [0, 1, 2, 3].map(|s| pos.status(s)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::Notation;
    use crate::rng::Rng;
    use crate::variant::Support;

    /// Every game of a PGN text, both ways: the direct replay (when it
    /// takes the game) and the full one. Returns how many it took.
    fn both_ways(text: &str, context: &str) -> (usize, usize) {
        let (mut games, mut direct) = (0, 0);
        for raw in raw_pgn_games(text.as_bytes(), 1, 0) {
            let Ok(raw) = raw else { continue };
            games += 1;
            let full = pgn_game(raw.clone())
                .map_err(Error::from)
                .and_then(|record| Game::validate(&record));
            let header = pgn_game(RawGame {
                moves: Vec::new(),
                ..raw.clone()
            });
            let taken = match (&header, is_plain(&raw)) {
                (Ok(header), true) => replay_directly(header, &raw.moves),
                _ => None,
            };
            if let Some(found) = taken {
                direct += 1;
                assert_eq!(
                    full.as_ref().ok(),
                    Some(&found),
                    "{context}: the direct replay differs from the full one on\n{text}"
                );
            }
            // And the front door gives the full path's answer either way.
            let text = GameText {
                bytes: text.as_bytes().to_vec(),
                first_line: 1,
                format: Format::Pgn,
            };
            let _ = check_text(&text);
        }
        (games, direct)
    }

    /// Swaps two move tokens of the movetext: a game that may or may not
    /// replay, often not.
    fn swap_two_moves(text: &str, rng: &mut Rng) -> String {
        let lines: Vec<&str> = text.lines().collect();
        let movetext_from = lines
            .iter()
            .rposition(|l| l.starts_with('['))
            .map_or(0, |i| i + 1);
        let mut tokens: Vec<String> = lines[movetext_from..]
            .join(" ")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let moves: Vec<usize> = (0..tokens.len())
            .filter(|&i| tokens[i].starts_with(|c: char| c.is_ascii_alphabetic()))
            .collect();
        if moves.len() >= 2 {
            let a = moves[rng.below(moves.len())];
            let b = moves[rng.below(moves.len())];
            tokens.swap(a, b);
        }
        let mut out = lines[..movetext_from].join("\n");
        out.push('\n');
        out.push_str(&tokens.join(" "));
        out.push('\n');
        out
    }

    #[test]
    fn the_direct_replay_finds_what_the_full_one_finds() {
        let mut rng = Rng::new(7);
        let (mut games, mut direct) = (0, 0);
        for v in crate::variant::all() {
            if v.support != Support::Playable || v.dice {
                continue;
            }
            let notation = if v.players() == 2 {
                Notation::Pgn
            } else {
                Notation::Pgn4
            };
            for n in 0..12 {
                let Ok(mut record) = crate::with_width!(v, B => crate::selfplay::game::<B>(v, &mut rng, 40 + 30 * n))
                else {
                    continue;
                };
                // Clocks and glyphs on some moves; a stated result that the
                // final position may contradict.
                for m in record.moves.iter_mut() {
                    match rng.below(6) {
                        0 => m.comments.push("[%clk 0:01:02] good".into()),
                        1 => m.nags.push(1 + rng.below(6) as u16),
                        _ => {}
                    }
                }
                if v.players() == 2 {
                    let score = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];
                    record.result = Some(crate::record::GameResult {
                        score: score.into(),
                        reason: None,
                    });
                }
                let Ok(text) = Game::replay(record).and_then(|g| g.write(notation)) else {
                    continue;
                };
                let (g, d) = both_ways(&text.text, v.id);
                if !v.hints.keeps_exits {
                    assert_eq!(
                        d, g,
                        "{}: a plain game not taken directly:\n{}",
                        v.id, text.text
                    );
                }
                games += g;
                direct += d;
                for _ in 0..3 {
                    both_ways(&swap_two_moves(&text.text, &mut rng), v.id);
                }
            }
        }
        assert!(
            games > 60 && direct * 10 >= games * 7,
            "{direct} of {games} games taken directly"
        );
    }

    #[test]
    fn real_files_are_checked_alike_both_ways() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "pgn" || e == "pgn4") {
                    out.push(path);
                }
            }
        }
        let mut files = Vec::new();
        walk(&root.join("records"), &mut files);
        walk(&root.join("tests/data"), &mut files);
        let (mut games, mut direct) = (0, 0);
        for path in files {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let text = crate::render::diagnostic::decode(&bytes);
            let (g, d) = both_ways(&text, &path.display().to_string());
            games += g;
            direct += d;
        }
        assert!(
            games > 20 && direct > 0,
            "{direct} of {games} games taken directly"
        );
    }
}
