//! Checking the games of a corpus, as `validate` does, at the speed of a
//! plain reader.
//!
//! Most games in real databases are plain: moves in algebraic notation,
//! move numbers, comments (clocks, evaluations) and glyphs, no variation,
//! laid out as most programs write them. Such a game is read by a byte
//! scanner in one pass (a PGN game's tags one per line and its plies as
//! slices of the text; a JSON Lines record's moves as slices of the line,
//! the rest of the record read by serde) and replayed straight away: each
//! move is parsed once, resolved and played, and the record's moves are
//! never built. A text the scanners do not know to read exactly as the
//! full readers read it goes to those readers. Everything else
//! (variations, passes where a move was legal, exits, dice turns,
//! localized letters, bonus commands, inferred moves, a rule option that
//! changes the replay) and any game whose direct replay meets a move it
//! cannot resolve cleanly is read into its full record and replayed as
//! [`Game::validate`] does, so every finding is worded by the one replay.
//! On the games it takes, the direct replay finds what the full one finds:
//! the same plies, outcome, points, statuses and warnings (tests hold the
//! two side by side on every kind of game, and the scanners to the readers
//! on real files and mutations of them).
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
use crate::input::{Format, PgnHeader, json_line, pgn_game, pgn_header, raw_pgn_games};
use crate::notation::algebraic::{Token, parse_token_quietly};
use crate::notation::pgn::trimmed;
use crate::notation::start_or_setup;
use crate::record::{MoveNotation, Record, last_move_place};
use crate::replay::{Validated, applies_option, quick_resolve, result_warnings_at};
use crate::resolve::algebraic::resolve as resolve_algebraic;
use crate::split::{GameText, Splitter};
use crate::variant::Variant;
use crate::{Error, Game};

mod plain_pgn;

use crate::plain_json;
use plain_pgn::PlainGame;

/// One game of a text, checked.
#[derive(Debug, Clone)]
pub struct CheckedGame {
    /// The game's record. A game checked straight from its text has its
    /// `moves` left empty (they were never built); its tags, result,
    /// start, options and reader's warnings are the record's.
    pub record: Record,
    /// What the replay found.
    pub found: Validated,
}

/// Checks every game of `text`: for each, the game checked, or why it
/// does not read or replay (the error [`Game::validate`] gives).
pub fn check_text(text: &GameText) -> Vec<Result<CheckedGame, Error>> {
    match text.format {
        Format::Pgn => check_pgn(text),
        Format::Jsonl => crate::split::json_lines(&text.bytes, text.first_line)
            .map(|(line, number)| check_json_line(line, number))
            .collect(),
        _ => text
            .games()
            .into_iter()
            .map(|game| check_record(game?))
            .collect(),
    }
}

/// Checks every game of `text`, in the notation `format` names or the one
/// detected from its start: the games [`crate::read_str`] reads, each
/// checked as [`check_text`] checks it.
///
/// ```
/// use roundtable::check::check_str;
///
/// let games = check_str("1. e4 e5 2. Nf3 *\n\n1. d4 d5 2. Kd3 *\n", None);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().map(|g| g.found.plies).ok(), Some(3));
/// assert!(games[1].is_err());
/// ```
pub fn check_str(text: &str, format: Option<Format>) -> Vec<Result<CheckedGame, Error>> {
    let format = format.unwrap_or_else(|| crate::input::detect(crate::input::head(text)));
    match format {
        Format::Pgn | Format::Jsonl => Splitter::new(text.as_bytes(), format)
            .flat_map(|cut| match cut {
                Ok(cut) => check_text(&cut),
                Err(e) => vec![Err(Error::from(e))],
            })
            .collect(),
        _ => crate::input::games(text, Some(format))
            .into_iter()
            .map(|game| check_record(game?))
            .collect(),
    }
}

/// The full path: the record read whole and replayed.
fn check_record(record: Record) -> Result<CheckedGame, Error> {
    let found = Game::validate(&record)?;
    Ok(CheckedGame { record, found })
}

/// The games of a PGN text: the one game of a plainly laid out text
/// directly when its replay goes through, every game in full otherwise.
fn check_pgn(text: &GameText) -> Vec<Result<CheckedGame, Error>> {
    if let Some(game) = plain_pgn::scan(&text.bytes, text.first_line)
        && let Some(checked) = direct_pgn(&game, &text.bytes)
    {
        return vec![Ok(checked)];
    }
    raw_pgn_games(&text.bytes[..], text.first_line, text.bytes.len())
        .map(|raw| check_record(pgn_game(raw?)?))
        .collect()
}

/// The direct check of a plain PGN game; `None` when the full path must
/// take it (which also words any error, of the header's included).
fn direct_pgn(game: &PlainGame, text: &[u8]) -> Option<CheckedGame> {
    if game
        .raw
        .tags
        .iter()
        .any(|(key, _, _)| key.eq_ignore_ascii_case("Language"))
    {
        // The reader translates the moves of a game in another language.
        return None;
    }
    // The header is read as the full reader reads it (its checks and
    // warnings come before any move).
    let PgnHeader {
        record: header,
        variant,
        ..
    } = pgn_header(&game.raw).ok()?;
    let plies = game.plies.iter().map(|text| Written {
        text: text.as_bytes(),
        player: b"",
        player_key: 0,
    });
    let mut found = replay_directly(&header, variant, plies)?;
    found.warnings = result_warnings_at(
        &header,
        || game.last_span(text),
        variant,
        found.outcome.as_ref(),
    );
    Some(CheckedGame {
        record: header,
        found,
    })
}

/// A JSON Lines record: directly when the scanner reads its line as a
/// plain record, in full otherwise.
fn check_json_line(bytes: &[u8], line: usize) -> Result<CheckedGame, Error> {
    match direct_json(bytes, line) {
        Some(checked) => Ok(checked),
        None => check_record(json_line(bytes, line)?),
    }
}

/// The direct check of a JSON Lines record, each move replayed as the
/// scanner reads it; `None` when the full path must take the record
/// (which also words any error).
fn direct_json(bytes: &[u8], line: usize) -> Option<CheckedGame> {
    let text = std::str::from_utf8(bytes).ok()?;
    let mut stream = plain_json::MoveStream::<false>::new(text)?;
    // The replay is set up from the fields before the moves, read by serde
    // as the full reader reads them; the whole header, read once the moves
    // are, must agree (a field after the moves sends the record the full
    // way).
    let lead = stream.lead.record()?;
    let variant = crate::replay::variant_of(&lead).ok()?;
    let plies = JsonPlies {
        moves: &mut stream,
        line: bytes,
    };
    let mut found = replay_directly(&lead, variant, plies)?;
    let header: Record = serde_json::from_str(&stream.finish()?).ok()?;
    if (
        &header.variant,
        &header.options,
        header.notation,
        &header.start,
    ) != (&lead.variant, &lead.options, lead.notation, &lead.start)
    {
        return None;
    }
    // The last move's place, asked only for a warning: the line scanned
    // again (seldom).
    let last = || {
        let moves = plain_json::scan(text)?.moves;
        let mvs = moves.iter().map(|m| text.get(m.mv.clone()).unwrap_or(""));
        last_move_place(text, line, mvs)
    };
    found.warnings = result_warnings_at(&header, last, variant, found.outcome.as_ref());
    Some(CheckedGame {
        record: header,
        found,
    })
}

/// One written ply: its text, and the player the record names as it is
/// written (empty: whoever's turn it is), as bytes of a text (of UTF-8).
struct Written<'a> {
    text: &'a [u8],
    player: &'a [u8],
    /// The player as a number ([`plain_json::name_key`]); 0 when not
    /// known.
    player_key: u64,
}

/// The plies of a JSON record as its scanner reads them. (Its own type,
/// every step inline: the replay loop and the scanner are one loop.)
struct JsonPlies<'s, 'a> {
    moves: &'s mut plain_json::MoveStream<'a, false>,
    /// The line's bytes, which the moves' places index.
    line: &'a [u8],
}

impl<'a> Iterator for JsonPlies<'_, 'a> {
    type Item = Written<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Written<'a>> {
        let m = self.moves.next()?;
        Some(Written {
            text: trimmed_bytes(self.line.get(m.mv)?)?,
            player: self.line.get(m.player)?,
            player_key: m.player_key,
        })
    }
}

/// [`trimmed`] for the bytes of a text (of UTF-8): as they are when they
/// begin and end with a visible ASCII character.
#[inline(always)]
fn trimmed_bytes(bytes: &[u8]) -> Option<&[u8]> {
    let visible = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_graphic());
    if visible(bytes.first()) && visible(bytes.last()) {
        Some(bytes)
    } else {
        Some(trimmed(std::str::from_utf8(bytes).ok()?).as_bytes())
    }
}

/// Replays `plies` on the game `record` (of `variant`) heads; `None` when
/// a ply needs more than a plain move (a pass where a move is legal, an
/// exit, an ambiguity for the look-ahead) or does not resolve: the full
/// path takes the game then. What is found, but for the warnings on the
/// result, which the caller adds (a JSON record's result comes after its
/// moves).
fn replay_directly<'a>(
    record: &Record,
    variant: &'static Variant,
    plies: impl Iterator<Item = Written<'a>>,
) -> Option<Validated> {
    if variant.dice
        || variant.hints.keeps_exits
        || record.notation != MoveNotation::Algebraic
        || applies_option(record, "drawn-ending", "apply")
    {
        return None;
    }
    crate::with_width!(variant, B => replay_in::<B>(record, variant, plies))
}

fn replay_in<'a, B: Bits>(
    record: &Record,
    variant: &'static Variant,
    plies: impl Iterator<Item = Written<'a>>,
) -> Option<Validated> {
    let mut pos = start_or_setup::<B>(variant, record.start.as_deref()).ok()?;
    let mut list = MoveList::new();
    let mut played = 0;
    // The name last found to be each seat's, as written: a record names
    // its few players again and again, and one comparison passes them.
    let mut names: [(&[u8], u64); 4] = [(b"", 0); 4];
    for ply in plies {
        let turn = pos.turn();
        let same = |&(name, key): &(&[u8], u64)| match ply.player_key {
            0 => name == ply.player,
            known => key == known,
        };
        if !ply.player.is_empty() && !names.get(turn).is_some_and(same) {
            let player = trimmed(std::str::from_utf8(ply.player).ok()?);
            if !player.is_empty() {
                if variant.seat_named(player) != Some(turn) {
                    return None;
                }
                if let Some(name) = names.get_mut(turn) {
                    *name = (ply.player, ply.player_key);
                }
            }
        }
        let mv = resolve_written(&pos, &mut list, ply.text)?;
        pos.play(mv);
        played += 1;
    }
    let outcome = pos.outcome();
    Some(Validated {
        plies: played,
        variation_plies: 0,
        warnings: Vec::new(),
        outcome,
        points: [0, 1, 2, 3].map(|s| pos.points(s)),
        status: [0, 1, 2, 3].map(|s| pos.status(s)),
    })
}

/// The legal move a written ply names, as the full replay resolves it;
/// `None` for anything it would not take as a plain move.
#[inline(always)]
fn resolve_written<B: Bits>(pos: &Position<B>, list: &mut MoveList, text: &[u8]) -> Option<Move> {
    let token = parse_token_quietly(text)?;
    match &token {
        Token::Move { marks, .. } | Token::Castle { marks, .. } if marks.exit.is_none() => {
            if let Some(mv) = quick_resolve(&token, pos, list) {
                return Some(mv);
            }
            if pos.turn_moves(list) != Turn::Moves {
                return None;
            }
            resolve_algebraic(pos, list.as_slice(), &token).ok()
        }
        // A pass (`--`, PGN4's `#` and `S` for a mated or stalemated
        // player's turn): right only when the player must pass.
        Token::Pass => must_pass(pos, list),
        Token::BareExit(mark) if mark.starts_with(['#', 'S']) => must_pass(pos, list),
        _ => None,
    }
}

/// The pass a player makes who has no legal move; `None` when he has one
/// or the game is over (the full replay words either).
fn must_pass<B: Bits>(pos: &Position<B>, list: &mut MoveList) -> Option<Move> {
    matches!(pos.turn_moves(list), Turn::Pass { .. }).then_some(Move::PASS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::Notation;
    use crate::rng::Rng;
    use crate::variant::Support;

    /// Every game of a PGN text, both ways: the direct replay (when it
    /// takes the game) and the full one. Returns how many games there are
    /// and how many it took.
    fn both_ways(text: &[u8], context: &str) -> (usize, usize) {
        let (mut games, mut direct) = (0, 0);
        for cut in Splitter::new(text, Format::Pgn) {
            let Ok(cut) = cut else { continue };
            let records: Vec<_> = raw_pgn_games(&cut.bytes[..], cut.first_line, 0)
                .map(|raw| raw.and_then(pgn_game))
                .collect();
            games += records.len();
            let Some(game) = plain_pgn::scan(&cut.bytes, cut.first_line) else {
                continue;
            };
            let [record] = &records[..] else {
                panic!(
                    "{context}: the scanner took a text of {} games",
                    records.len()
                );
            };
            let full = record
                .clone()
                .map_err(Error::from)
                .and_then(|record| Game::validate(&record));
            if let Some(checked) = direct_pgn(&game, &cut.bytes) {
                direct += 1;
                assert_eq!(
                    full.as_ref().ok(),
                    Some(&checked.found),
                    "{context}: the direct replay differs from the full one on\n{}",
                    String::from_utf8_lossy(&cut.bytes)
                );
                same_header(&checked.record, record.as_ref().ok(), context);
            }
        }
        (games, direct)
    }

    /// The record a direct check gives is the full record but its moves
    /// (and, from PGN, the comments before the first move).
    fn same_header(header: &Record, full: Option<&Record>, context: &str) {
        let Some(full) = full else {
            panic!("{context}: the direct path read a record the full one does not");
        };
        assert!(header.moves.is_empty());
        let fields = |r: &Record| {
            (
                r.format,
                r.variant.clone(),
                r.options.clone(),
                r.tags.clone(),
                r.notation,
                r.start.clone(),
                r.result.clone(),
                r.escapes.clone(),
                r.warnings.0.clone(),
            )
        };
        assert_eq!(fields(header), fields(full), "{context}");
    }

    /// The variants the engine plays whose turns are moves (not dice).
    fn moving_variants() -> impl Iterator<Item = &'static Variant> {
        crate::variant::all()
            .into_iter()
            .filter(|v| v.support == Support::Playable && !v.dice)
    }

    /// A self-played game of `v` with `comment` and glyphs on some moves
    /// and, for two players, a stated result the final position may
    /// contradict.
    fn noisy_game(
        v: &'static Variant,
        rng: &mut Rng,
        plies: usize,
        comment: &str,
    ) -> Option<Record> {
        let mut record =
            crate::with_width!(v, B => crate::selfplay::game::<B>(v, rng, plies)).ok()?;
        for m in record.moves.iter_mut() {
            match rng.below(6) {
                0 => m.comments.push(comment.into()),
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
        Some(record)
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
        for v in moving_variants() {
            let notation = if v.players() == 2 {
                Notation::Pgn
            } else {
                Notation::Pgn4
            };
            for n in 0..12 {
                let Some(record) = noisy_game(v, &mut rng, 40 + 30 * n, "[%clk 0:01:02] good")
                else {
                    continue;
                };
                let Ok(text) = Game::replay(record).and_then(|g| g.write(notation)) else {
                    continue;
                };
                let (g, d) = both_ways(text.text.as_bytes(), v.id);
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
                    both_ways(swap_two_moves(&text.text, &mut rng).as_bytes(), v.id);
                }
            }
        }
        assert!(
            games > 60 && direct * 10 >= games * 7,
            "{direct} of {games} games taken directly"
        );
    }

    /// A JSON Lines record both ways: the direct check (when it takes the
    /// line) must find what the full one finds. Returns whether it took it.
    fn json_both_ways(line: &str, context: &str) -> bool {
        let record = json_line(line.as_bytes(), 3);
        let full = record
            .clone()
            .map_err(Error::from)
            .and_then(|record| Game::validate(&record));
        let Some(direct) = direct_json(line.as_bytes(), 3) else {
            return false;
        };
        assert_eq!(
            full.as_ref().ok(),
            Some(&direct.found),
            "{context}: the direct check differs from the full one on\n{line}"
        );
        same_header(&direct.record, record.as_ref().ok(), context);
        assert_eq!(
            direct.record.comments,
            record.map(|r| r.comments).unwrap_or_default()
        );
        true
    }

    #[test]
    fn json_lines_are_checked_alike_both_ways() {
        let mut rng = Rng::new(11);
        let (mut lines, mut direct) = (0, 0);
        for v in moving_variants() {
            for n in 0..10 {
                let Some(record) = noisy_game(v, &mut rng, 30 + 30 * n, "[%clk 0:01:02] \"mv\": x")
                else {
                    continue;
                };
                let Ok(game) = Game::replay(record) else {
                    continue;
                };
                let Ok(written) = game.write(Notation::Jsonl) else {
                    continue;
                };
                let line = written.text.trim_end().to_string();
                lines += 1;
                if json_both_ways(&line, v.id) {
                    direct += 1;
                } else {
                    assert!(
                        v.hints.keeps_exits,
                        "{}: a plain record not taken directly:\n{line}",
                        v.id
                    );
                }
                // Broken: two moves swapped, a player renamed, a field unknown
                // or of the wrong type, the moves given in turn order only.
                let record = game.record();
                let mut swapped = record.clone();
                if swapped.moves.len() > 2 {
                    let (a, b) = (
                        rng.below(swapped.moves.len()),
                        rng.below(swapped.moves.len()),
                    );
                    let (ma, mb) = (swapped.moves[a].mv.clone(), swapped.moves[b].mv.clone());
                    swapped.moves[a].mv = mb;
                    swapped.moves[b].mv = ma;
                }
                let mut renamed = record.clone();
                let at = rng.below(renamed.moves.len().max(1));
                if let Some(m) = renamed.moves.get_mut(at) {
                    m.player = v.seats[rng.below(v.players())].name.into();
                }
                let mut unnamed = record.clone();
                for m in unnamed.moves.iter_mut() {
                    m.player = Default::default();
                }
                for (broken, what) in [
                    (swapped, "swapped"),
                    (renamed, "renamed"),
                    (unnamed, "unnamed"),
                ] {
                    let line = serde_json::to_string(&broken).unwrap_or_default();
                    json_both_ways(&line, &format!("{} {what}", v.id));
                }
                for odd in [
                    line.replacen("\"mv\":", "\"mv\": 5, \"x\":", 1),
                    line.replacen("\"mv\":", "\"move\":", 1),
                    line.replacen("\"format\":2", "\"format\":9", 1),
                    line.replacen("\"player\":\"", "\"player\":\"Nobody", 1),
                    // Names written otherwise, once or all along: each seat's
                    // name is remembered as written, not as meant.
                    line.replacen("\"player\":\"", "\"player\":\" ", 1),
                    line.replacen("\"player\":\"", "\"player\":\"\t", 3),
                    line.replace("\"player\":\"White\"", "\"player\":\"w\""),
                    line.replace("\"player\":\"Red\"", "\"player\":\"r\""),
                    line.replacen("\"mv\":", "\"nags\":[\"x\"],\"mv\":", 1),
                    line.replacen("\"mv\":", "\"comments\":[1],\"mv\":", 1),
                    line.replacen("\"mv\":", "\"checks\":null,\"mv\":", 1),
                    line.replacen("\"mv\":", "\"nags\":[70000],\"mv\":", 1),
                    line.replacen("\"mv\":", "\"dice\":[1],\"mv\":", 1),
                    line.replacen("\"mv\":", "\"before\":[\"a\"],\"mv\":", 1),
                    line.replacen("\"mv\":", "\"mv\":\"e4\",\"mv\":", 1),
                ] {
                    json_both_ways(&odd, &format!("{} odd", v.id));
                }
            }
        }
        assert!(
            lines > 50 && direct * 10 >= lines * 7,
            "{direct} of {lines} lines taken directly"
        );
    }

    /// The direct check replays a record's moves as it reads them, set up
    /// from the fields before them: fields in another order, given twice,
    /// or after the moves, and a stated result the mate contradicts (a
    /// warning placed on the last move) are found as the full path finds
    /// them.
    #[test]
    fn fields_around_the_moves_are_checked_alike_both_ways() {
        let moves = r#"[{"player":"White","mv":"f2-f3"},{"player":"Black","mv":"e7-e5"},{"player":"White","mv":"g2-g4"},{"player":"Black","mv":"Qd8-h4"}]"#;
        let from_fen = r#""start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#;
        let no_g_pawn = r#""start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPP1P/RNBQKBNR w KQkq - 0 1""#;
        let lines = [
            format!(
                r#"{{"format":2,"variant":"chess","moves":{moves},"result":{{"score":"1-0"}}}}"#
            ),
            format!(
                r#"{{"format":2,"variant":"chess","moves":{moves},"result":{{"score":"0-1"}}}}"#
            ),
            format!(r#"{{"moves":{moves},"format":2,"variant":"chess"}}"#),
            format!(r#"{{"format":2,"moves":{moves},"variant":"chess"}}"#),
            format!(r#"{{"format":2,"variant":"chess","moves":{moves},{no_g_pawn}}}"#),
            format!(r#"{{"format":2,"variant":"chess",{from_fen},"moves":{moves}}}"#),
            format!(r#"{{"format":2,"variant":"chess","moves":{moves},"variant":"chess"}}"#),
            format!(r#"{{"format":2,"variant":"chess","moves":{moves},"moves":[]}}"#),
            format!(r#"{{"format":2,"variant":"chess","variant":"verney","moves":{moves}}}"#),
            format!(r#"{{"format":2,"variant":"che\u0073s","moves":{moves}}}"#),
            format!(r#"{{"format":2,"variant":"chess","options":{{}},"moves":{moves}}}"#),
            format!(r#"{{"format":2,"variant":"chess","moves":{moves},"options":{{"x":"y"}}}}"#),
            format!(r#"{{"format":2,"variant":"chess","notation":"algebraic","moves":{moves}}}"#),
            format!(r#"{{"format":2,"variant":"chess","moves":{moves},"notation":"descriptive"}}"#),
            format!(
                r#"{{"format":2,"variant":"chess","moves":{moves},"result":{{"score":"1-0"}},}}"#
            ),
            format!(r#"{{"format":2,"variant":"chess","moves":{moves}"#),
            format!(r#"{{"format":2,"variant":"chess","moves":{moves}}} {{}}"#),
        ];
        let mut direct = 0;
        for line in &lines {
            direct += usize::from(json_both_ways(line, "fields around the moves"));
        }
        // The writer's order, its result or none, and a start or options
        // before the moves, are taken directly.
        assert!(json_both_ways(&lines[0], "stated 1-0"));
        assert!(json_both_ways(&lines[1], "stated 0-1"));
        assert!(json_both_ways(&lines[5], "from a FEN"));
        assert!(json_both_ways(&lines[10], "no options"));
        assert!(direct >= 5, "{direct} taken directly");
        let warned = direct_json(lines[0].as_bytes(), 3).map(|c| c.found.warnings);
        assert_eq!(warned.map(|w| w.len()), Some(1));
    }

    #[test]
    fn real_files_are_checked_alike_both_ways() {
        let files = crate::data_files()
            .into_iter()
            .filter(|path| path.extension().is_some_and(|e| e == "pgn" || e == "pgn4"));
        let (mut games, mut direct) = (0, 0);
        for path in files {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let (g, d) = both_ways(&bytes, &path.display().to_string());
            games += g;
            direct += d;
        }
        assert!(
            games > 20 && direct > 0,
            "{direct} of {games} games taken directly"
        );
    }

    #[test]
    fn the_front_door_checks_what_read_str_and_validate_find() {
        let files = crate::data_files()
            .into_iter()
            .filter(|path| !path.extension().is_some_and(|e| e == "md" || e == "bin"));
        let mut games = 0;
        for path in files {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let text = crate::render::diagnostic::decode(&bytes);
            let full: Vec<Result<Validated, String>> = crate::read_str(&text)
                .into_iter()
                .map(|r| {
                    r.and_then(|r| Game::validate(&r))
                        .map_err(|e| e.to_string())
                })
                .collect();
            let checked: Vec<Result<Validated, String>> = check_str(&text, None)
                .into_iter()
                .map(|c| c.map(|c| c.found).map_err(|e| e.to_string()))
                .collect();
            assert_eq!(checked, full, "{}", path.display());
            games += full.len();
        }
        assert!(games > 100, "{games} games");
    }
}
