//! FEN4, as Chess.com writes it, for the 14x14 boards, with what the
//! project's variants need besides, in the extra field: pawn directions
//! (`'pawnDir'`), pawns free to choose their nose (`'noses'`), stalemated
//! players, the player whose check on each king came last (`'checkedBy'`,
//! Multi-chess's mating player) and the round number (`'round'`, which
//! Chess.com's FEN4 does not carry). A position written and read back is
//! the same position.
//!
//! `<turn>-<dead>-<castleK>-<castleQ>-<points>-<clock>[-<extra>]-<board>`.
//! Seats are named by Chess.com's colours whatever the variant calls its
//! players: `R` South, `B` West, `Y` North, `G` East (notation.md, Decision).
//! A dead player's men are written `d` + colour + letter; in Verney, dead
//! means mated, his men inert on their squares.

use super::PositionError;
use crate::board::{Bits, Dir, Square};
use crate::engine::{EpChance, Position, Status};
use crate::men::{Kind, Man};
use crate::variant::Variant;

/// Chess.com colour letters in seat order R, B, Y, G, with the side each sits at.
const COLOURS: [(char, &str); 4] = [('r', "South"), ('b', "West"), ('y', "North"), ('g', "East")];

fn bad(what: impl Into<String>) -> PositionError {
    PositionError(what.into())
}

/// The four colour slots of the text: letter and seat. On the 14x14 boards
/// they are Chess.com's (R South, B West, Y North, G East); a variant whose
/// players sit elsewhere (Double Skak's corners) uses its own letters in
/// seat order.
fn colours(variant: &Variant) -> [(char, Option<usize>); 4] {
    let compass = variant
        .seats
        .iter()
        .all(|s| COLOURS.iter().any(|c| c.1 == s.side));
    let mut out = [('?', None); 4];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = if compass {
            let (letter, side) = COLOURS[i];
            (letter, variant.seats.iter().position(|s| s.side == side))
        } else {
            match variant.seats.get(i) {
                Some(seat) => (seat.letter, Some(i)),
                None => ('?', None),
            }
        };
    }
    out
}

/// The variant's seat in colour slot `i`.
fn seat_of_colour(variant: &Variant, i: usize) -> Option<usize> {
    colours(variant).get(i).and_then(|c| c.1)
}

/// The colour slot of a seat.
fn colour_of_seat(variant: &Variant, seat: usize) -> usize {
    colours(variant)
        .iter()
        .position(|c| c.1 == Some(seat))
        .unwrap_or(0)
}

/// The colour slot a letter names (either case).
fn colour_named(variant: &Variant, letter: char) -> Option<usize> {
    let letter = letter.to_ascii_lowercase();
    colours(variant).iter().position(|c| c.0 == letter)
}

fn flags(field: &str, name: &str) -> Result<[bool; 4], PositionError> {
    let parts: Vec<&str> = field.split(',').collect();
    if parts.len() != 4 {
        return Err(bad(format!(
            "{name} must be four comma-separated 0/1 values, not `{field}`"
        )));
    }
    let mut out = [false; 4];
    for (o, p) in out.iter_mut().zip(parts) {
        *o = match p.trim() {
            "0" => false,
            "1" => true,
            other => return Err(bad(format!("{name}: `{other}` is not 0 or 1"))),
        };
    }
    Ok(out)
}

/// Splits the text into its fields; the extra field `{…}` may contain dashes.
fn split_fields(text: &str) -> Result<(Vec<&str>, Option<&str>, &str), PositionError> {
    let text = text.trim();
    let (head, extra, board) = match (text.find('{'), text.rfind('}')) {
        (Some(open), Some(close)) if open < close => {
            let head = text[..open].trim_end_matches('-');
            let board = text[close + 1..].trim_start_matches('-');
            (head, Some(&text[open + 1..close]), board)
        }
        (None, None) => match text.rfind('-') {
            Some(cut) => (&text[..cut], None, &text[cut + 1..]),
            None => return Err(bad("a FEN4 has fields separated by `-`")),
        },
        _ => return Err(bad("unbalanced `{` `}` in the FEN4 extra field")),
    };
    let fields: Vec<&str> = head.split('-').collect();
    if fields.len() != 6 {
        return Err(bad(format!(
            "expected turn, dead, castleK, castleQ, points and clock before the board, found {} fields",
            fields.len()
        )));
    }
    Ok((fields, extra, board))
}

/// One `'key':value` pair of the extra field, the value as written.
fn extra_pairs(extra: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut depth = 0i32;
    let mut quoted = false;
    let mut start = 0;
    let mut cuts = Vec::new();
    for (i, c) in extra.char_indices() {
        match c {
            '\'' | '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                cuts.push(&extra[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    cuts.push(&extra[start..]);
    for item in cuts.into_iter().filter(|s| !s.trim().is_empty()) {
        if let Some((k, v)) = item.split_once(':') {
            let key = k.trim().trim_matches(|c| c == '\'' || c == '"').to_string();
            pairs.push((key, v.trim().to_string()));
        }
    }
    pairs
}

fn unquote(s: &str) -> &str {
    s.trim().trim_matches(|c| c == '\'' || c == '"')
}

/// The four parts of a `( , , , )` tuple.
fn tuple(value: &str) -> Option<Vec<String>> {
    let inner = value.trim().strip_prefix('(')?.strip_suffix(')')?;
    let parts: Vec<String> = inner.split(',').map(|p| unquote(p).to_string()).collect();
    (parts.len() == 4).then_some(parts)
}

/// Reads a FEN4 into a position of a four-player (or 14x14) variant.
pub fn read<B: Bits>(variant: &'static Variant, text: &str) -> Result<Position<B>, PositionError> {
    let (fields, extra, board) = split_fields(text)?;
    let mut pos = Position::<B>::empty(variant)?;
    let turn_text = fields[0].trim();
    let turn_colour = turn_text
        .chars()
        .next()
        .filter(|c| c.is_ascii_uppercase() && turn_text.len() == 1)
        .and_then(|c| colour_named(variant, c))
        .ok_or_else(|| {
            let letters: String = colours(variant)
                .iter()
                .filter(|c| c.1.is_some())
                .map(|c| c.0.to_ascii_uppercase())
                .collect();
            bad(format!(
                "turn must be one of {letters}, not `{}`",
                fields[0]
            ))
        })?;
    let turn = seat_of_colour(variant, turn_colour).ok_or_else(|| {
        bad(format!(
            "{} has no player in seat {}",
            variant.id, fields[0]
        ))
    })?;
    pos.set_turn(turn);
    let dead = flags(fields[1], "dead")?;
    let castle_short = flags(fields[2], "castleK")?;
    let castle_long = flags(fields[3], "castleQ")?;
    let clock: u32 = fields[5]
        .trim()
        .parse()
        .map_err(|_| bad(format!("the clock must be a number, not `{}`", fields[5])))?;
    pos.set_clocks(clock, 1);
    let points: Vec<&str> = fields[4].split(',').map(str::trim).collect();
    if points.len() != 4 {
        return Err(bad(format!(
            "points must be four comma-separated numbers, not `{}`",
            fields[4]
        )));
    }
    for (i, p) in points.iter().enumerate() {
        let value: u32 = p
            .parse()
            .map_err(|_| bad(format!("points must be numbers, not `{p}`")))?;
        if let Some(seat) = seat_of_colour(variant, i) {
            pos.set_points(seat, value);
        }
    }
    for (i, &is_dead) in dead.iter().enumerate() {
        match seat_of_colour(variant, i) {
            Some(seat) if is_dead => {
                let status = pos.rules().hooks.dead_status();
                pos.set_status(seat, status);
            }
            None if !is_dead => {
                // A seat the variant does not have must be empty; checked on the board below.
            }
            _ => {}
        }
    }
    read_board(&mut pos, variant, board)?;
    let mut unmoved = B::EMPTY;
    for (rule, c) in pos.rules().castles.iter().zip(variant.castlings) {
        let colour = colour_of_seat(variant, c.seat);
        let allowed = if c.notation == "O-O" {
            castle_short[colour]
        } else {
            castle_long[colour]
        };
        // Only a castling whose king and rook stand on their squares (a
        // variant may list castlings of two arrays: Chess.com).
        let stands = |sq: usize, kind: Kind| {
            pos.man_at(sq)
                .is_some_and(|m| m.kind == kind && m.owner == c.seat)
        };
        if allowed && stands(rule.king_from, Kind::King) && stands(rule.rook_from, Kind::Rook) {
            unmoved |= B::bit(rule.king_from) | B::bit(rule.rook_from);
        }
    }
    pos.set_unmoved(unmoved);
    if let Some(extra) = extra {
        read_extra(&mut pos, variant, extra)?;
    }
    for (seat, info) in variant.seats.iter().enumerate() {
        let wanted = info.kings as usize;
        if pos.status(seat) != Status::Out && pos.kings_of(seat).count() as usize != wanted {
            return Err(bad(format!(
                "{} has {} kings; the position needs {}",
                info.name,
                pos.kings_of(seat).count(),
                match wanted {
                    0 => "none".to_string(),
                    1 => "one".to_string(),
                    n => n.to_string(),
                }
            )));
        }
    }
    Ok(pos)
}

fn read_board<B: Bits>(
    pos: &mut Position<B>,
    variant: &'static Variant,
    board: &str,
) -> Result<(), PositionError> {
    let shape = variant.shape;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != shape.height {
        return Err(bad(format!(
            "the board has {} ranks; FEN4 needs {}",
            ranks.len(),
            shape.height
        )));
    }
    for (row, rank) in ranks.iter().enumerate() {
        let y = shape.height - 1 - row;
        let mut x = 0usize;
        for token in rank.split(',').map(str::trim) {
            if let Ok(n) = token.parse::<usize>() {
                x = x.saturating_add(n);
                continue;
            }
            let (dead, body) = match token.strip_prefix('d') {
                Some(rest) if rest.len() == 2 => (true, rest),
                Some(_) => {
                    return Err(bad(format!(
                        "dead man `{token}` on rank {} has no colour; write it `d` + colour + letter",
                        y + 1
                    )));
                }
                None => (false, token),
            };
            let mut chars = body.chars();
            let (Some(colour), Some(letter), None) = (chars.next(), chars.next(), chars.next())
            else {
                return Err(bad(format!(
                    "`{token}` on rank {} is not a man such as `rK`",
                    y + 1
                )));
            };
            let colour_index = colour_named(variant, colour)
                .filter(|_| colour.is_ascii_lowercase())
                .ok_or_else(|| {
                    bad(format!(
                        "`{colour}` in `{token}` is not a player's colour letter"
                    ))
                })?;
            let owner = seat_of_colour(variant, colour_index)
                .ok_or_else(|| bad(format!("{} has no player in seat `{colour}`", variant.id)))?;
            let kind = match letter {
                'D' => Kind::Queen,
                l => Kind::from_letter(l)
                    .ok_or_else(|| bad(format!("`{l}` in `{token}` is not a man")))?,
            };
            // A dead player's king written alive walks (Dead King Walking).
            if kind == Kind::King
                && !dead
                && variant.dead_men_capturable
                && matches!(pos.status(owner), Status::Out | Status::Walking)
            {
                pos.set_status(owner, Status::Walking);
            }
            let walking_king = kind == Kind::King && pos.status(owner) == Status::Walking;
            let sq = shape.square(x, y);
            if x >= shape.width || !shape.exists(sq) {
                return Err(bad(format!(
                    "`{token}` stands on a square the board does not have (rank {})",
                    y + 1
                )));
            }
            let player_dead = matches!(
                pos.status(owner),
                Status::Mated | Status::Out | Status::Walking
            );
            if dead != (player_dead && !walking_king) {
                return Err(bad(format!(
                    "`{token}`: a man is written dead exactly when its player is dead"
                )));
            }
            pos.put(sq, Man::new(kind, owner, variant.seats[owner].forward));
            if letter == 'D' {
                let marked = pos.promoted() | B::bit(sq);
                pos.set_promoted(marked);
            }
            x += 1;
        }
        if x != shape.width {
            return Err(bad(format!(
                "rank {} covers {} squares; it needs {}",
                y + 1,
                x,
                shape.width
            )));
        }
    }
    Ok(())
}

fn read_extra<B: Bits>(
    pos: &mut Position<B>,
    variant: &'static Variant,
    extra: &str,
) -> Result<(), PositionError> {
    let shape = variant.shape;
    let mut free = B::EMPTY;
    for (key, value) in extra_pairs(extra) {
        match key.as_str() {
            "enPassant" => {
                let parts = tuple(&value)
                    .ok_or_else(|| bad(format!("enPassant must be a 4-tuple, not `{value}`")))?;
                for (i, part) in parts.iter().enumerate() {
                    if part.is_empty() {
                        continue;
                    }
                    let (cap, pawn) = part.split_once(':').ok_or_else(|| {
                        bad(format!("enPassant entry `{part}` must be `capture:pawn`"))
                    })?;
                    let sq = |n: &str| {
                        shape
                            .parse_square(n)
                            .ok_or_else(|| bad(format!("`{n}` is not a square")))
                    };
                    let seat = seat_of_colour(variant, i)
                        .ok_or_else(|| bad("enPassant for a missing seat"))?;
                    pos.set_ep(
                        seat,
                        Some(EpChance {
                            target: sq(cap)? as u8,
                            victim: sq(pawn)? as u8,
                        }),
                    );
                }
            }
            "pawnDir" => {
                for item in unquote(&value).split_whitespace() {
                    let (name, dir) = item.split_once(':').ok_or_else(|| {
                        bad(format!("pawnDir entry `{item}` must be `square:direction`"))
                    })?;
                    let sq: Square = shape
                        .parse_square(name)
                        .ok_or_else(|| bad(format!("`{name}` is not a square")))?;
                    let dir = dir
                        .chars()
                        .next()
                        .and_then(Dir::from_letter)
                        .ok_or_else(|| bad(format!("`{dir}` is not a direction n e s w")))?;
                    let man = pos
                        .man_at(sq)
                        .filter(|m| m.kind == Kind::Pawn)
                        .ok_or_else(|| {
                            bad(format!("pawnDir names {name}, where no pawn stands"))
                        })?;
                    pos.put(sq, Man { dir, ..man });
                }
            }
            "noses" => {
                for name in unquote(&value).split_whitespace() {
                    let sq: Square = shape
                        .parse_square(name)
                        .ok_or_else(|| bad(format!("`{name}` is not a square")))?;
                    let man = pos.man_at(sq).filter(|m| m.kind == Kind::Pawn);
                    let two = man.is_some_and(|m| {
                        variant
                            .pawns
                            .noses
                            .get(m.owner)
                            .is_some_and(|n| n.contains(&m.dir))
                    });
                    if !two {
                        return Err(bad(format!(
                            "noses names {name}: no pawn there that could point two ways"
                        )));
                    }
                    free |= B::bit(sq);
                }
            }
            "checkedBy" => {
                let parts = tuple(&value)
                    .ok_or_else(|| bad(format!("checkedBy must be a 4-tuple, not `{value}`")))?;
                for (i, part) in parts.iter().enumerate() {
                    if part.is_empty() {
                        continue;
                    }
                    let checked = seat_of_colour(variant, i)
                        .ok_or_else(|| bad("checkedBy names a checker for a missing seat"))?;
                    let mut letters = part.chars();
                    let checker = match (letters.next(), letters.next()) {
                        (Some(c), None) => {
                            colour_named(variant, c).and_then(|slot| seat_of_colour(variant, slot))
                        }
                        _ => None,
                    }
                    .ok_or_else(|| {
                        bad(format!(
                            "checkedBy: `{part}` is not a player's colour letter"
                        ))
                    })?;
                    pos.set_last_checker(checked, Some(checker));
                }
            }
            "round" => {
                let round: u32 = unquote(&value)
                    .parse()
                    .ok()
                    .filter(|&r| r >= 1)
                    .ok_or_else(|| bad(format!("round must be a number from 1, not `{value}`")))?;
                pos.set_fullmove(round);
            }
            "stalemated" => {
                let parts = tuple(&value)
                    .ok_or_else(|| bad(format!("stalemated must be a 4-tuple, not `{value}`")))?;
                for (i, part) in parts.iter().enumerate() {
                    if matches!(part.as_str(), "1" | "true") {
                        let seat = seat_of_colour(variant, i)
                            .ok_or_else(|| bad("stalemated: missing seat"))?;
                        pos.set_status(seat, Status::Stalemated);
                    }
                }
            }
            // Chess.com keys the engine does not use are kept out of play.
            _ => {}
        }
    }
    // After every pawn's direction is known.
    pos.set_free_pawns(free);
    Ok(())
}

/// Writes a FEN4; the extra field appears only when something needs it.
pub fn write<B: Bits>(pos: &Position<B>) -> String {
    let v = pos.variant();
    let shape = v.shape;
    let seat_at = |i: usize| seat_of_colour(v, i);
    let slots = colours(v);
    let turn = slots
        .get(colour_of_seat(v, pos.turn()))
        .map(|c| c.0.to_ascii_uppercase())
        .unwrap_or('R');
    let dead_of = |i: usize| {
        seat_at(i)
            .is_some_and(|s| matches!(pos.status(s), Status::Mated | Status::Out | Status::Walking))
    };
    let join = |f: &dyn Fn(usize) -> bool| {
        (0..4)
            .map(|i| if f(i) { "1" } else { "0" })
            .collect::<Vec<_>>()
            .join(",")
    };
    // The castlings allowed by right (king and rook unmoved on their squares).
    let rights = pos.castling_rights();
    let castle = |notation: &str, i: usize| {
        pos.rules().castles.iter().zip(v.castlings).any(|(r, c)| {
            c.notation == notation
                && colour_of_seat(v, c.seat) == i
                && rights.has(r.king_from)
                && rights.has(r.rook_from)
        })
    };
    let mut extras = Vec::new();
    let eps: Vec<String> = (0..4)
        .map(|i| {
            seat_at(i)
                .and_then(|s| pos.ep_chance(s))
                .map(|c| {
                    format!(
                        "'{}:{}'",
                        shape.name(c.target as usize),
                        shape.name(c.victim as usize)
                    )
                })
                .unwrap_or_else(|| "''".into())
        })
        .collect();
    if eps.iter().any(|e| e != "''") {
        extras.push(format!("'enPassant':({})", eps.join(",")));
    }
    let turned: Vec<String> = pos
        .men()
        .filter(|(_, m)| m.kind == Kind::Pawn && m.dir != v.seats[m.owner].forward)
        .map(|(sq, m)| format!("{}:{}", shape.name(sq), m.dir.letter()))
        .collect();
    if !turned.is_empty() {
        extras.push(format!("'pawnDir':'{}'", turned.join(" ")));
    }
    let free: Vec<String> = pos
        .free_pawns()
        .squares()
        .map(|sq| shape.name(sq))
        .collect();
    if !free.is_empty() {
        extras.push(format!("'noses':'{}'", free.join(" ")));
    }
    if (0..v.players()).any(|s| pos.status(s) == Status::Stalemated) {
        let flags: Vec<&str> = (0..4)
            .map(|i| {
                if seat_at(i).is_some_and(|s| pos.status(s) == Status::Stalemated) {
                    "1"
                } else {
                    "0"
                }
            })
            .collect();
        extras.push(format!("'stalemated':({})", flags.join(",")));
    }
    let slot_letter = |seat: usize| {
        slots
            .get(colour_of_seat(v, seat))
            .map(|c| c.0.to_ascii_uppercase())
            .unwrap_or('?')
    };
    if (0..v.players()).any(|s| pos.last_checker(s).is_some()) {
        let checkers: Vec<String> = (0..4)
            .map(|i| match seat_at(i).and_then(|s| pos.last_checker(s)) {
                Some(c) => format!("'{}'", slot_letter(c)),
                None => "''".into(),
            })
            .collect();
        extras.push(format!("'checkedBy':({})", checkers.join(",")));
    }
    if pos.fullmove_number() != 1 {
        extras.push(format!("'round':{}", pos.fullmove_number()));
    }
    let mut ranks = Vec::with_capacity(shape.height);
    for y in (0..shape.height).rev() {
        let mut tokens = Vec::new();
        let mut empty = 0;
        for x in 0..shape.width {
            match pos.man_at(shape.square(x, y)) {
                Some(man) => {
                    if empty > 0 {
                        tokens.push(empty.to_string());
                        empty = 0;
                    }
                    let colour = slots
                        .get(colour_of_seat(v, man.owner))
                        .map(|c| c.0)
                        .unwrap_or('?');
                    let dead = match pos.status(man.owner) {
                        Status::Mated | Status::Out => "d",
                        // A walking king lives; his army is dead.
                        Status::Walking if man.kind != Kind::King => "d",
                        _ => "",
                    };
                    let sq = shape.square(x, y);
                    let letter = match v.hints.promotion_letter {
                        Some(l) if man.kind == Kind::Queen && pos.promoted().has(sq) => l,
                        _ => man.kind.letter(),
                    };
                    tokens.push(format!("{dead}{colour}{letter}"));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            tokens.push(empty.to_string());
        }
        ranks.push(tokens.join(","));
    }
    let extra = if extras.is_empty() {
        String::new()
    } else {
        format!("{{{}}}-", extras.join(","))
    };
    let points: Vec<String> = (0..4)
        .map(|i| seat_at(i).map_or(0, |s| pos.points(s)).to_string())
        .collect();
    format!(
        "{turn}-{}-{}-{}-{}-{}-{extra}{}",
        join(&dead_of),
        join(&|i| castle("O-O", i)),
        join(&|i| castle("O-O-O", i)),
        points.join(","),
        pos.halfmove_clock(),
        ranks.join("/")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::U256;
    use crate::variant;

    fn verney() -> &'static Variant {
        variant::by_id("verney").expect("verney")
    }

    #[test]
    fn reversed_pawns_and_mated_players_survive_a_round_trip() {
        let v = verney();
        let mut pos: Position<U256> = read(v, v.start).expect("start");
        let h13 = v.shape.parse_square("h13").expect("h13");
        let h14 = v.shape.parse_square("h14").expect("h14");
        // A Yellow pawn that reached White's back row travels south.
        pos.remove(h13);
        pos.remove(h14);
        pos.put(h14, Man::new(Kind::Pawn, 0, Dir::South));
        pos.set_status(1, Status::Mated);
        pos.set_status(3, Status::Stalemated);
        let text = write(&pos);
        assert!(
            text.starts_with("R-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{"),
            "{text}"
        );
        assert!(text.contains("'pawnDir':'h14:s'"), "{text}");
        assert!(text.contains("'stalemated':(0,0,0,1)"), "{text}");
        assert!(text.contains("dbK"), "Red's men are written dead: {text}");
        let again: Position<U256> = read(v, &text).expect("reads back");
        assert_eq!(again, pos);
        assert_eq!(again.man_at(h14).map(|m| m.dir), Some(Dir::South));
        assert_eq!(again.status(1), Status::Mated);
        assert_eq!(write(&again), text);
    }

    #[test]
    fn chesscom_classic_start_is_verneys_start() {
        let classic = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";
        let v = verney();
        let a: Position<U256> = read(v, classic).expect("classic reads");
        let b: Position<U256> = read(v, v.start).expect("start reads");
        // Verney has no castling: the rights in the text have nothing to hold.
        assert_eq!(a, b);
    }

    #[test]
    fn dead_men_without_a_colour_and_bad_fields_are_errors() {
        let v = verney();
        for bad in [
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-3,dK,10/13/14/14/14/14/14/14/14/14/14/14/14/14",
            "Q-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-14/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "R-0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-14/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'pawnDir':'h5:s'}-14/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-rK,13/14/14/14/14/14/14/14/14/14/14/14/14/14",
        ] {
            assert!(read::<U256>(v, bad).is_err(), "{bad}");
        }
    }
}
