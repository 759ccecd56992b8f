//! FEN for the two-player rectangular boards (8x8, 10x8): read and write.

use super::PositionError;
use crate::board::{Bits, Square};
use crate::engine::{EpChance, Position};
use crate::men::{Kind, Man};
use crate::variant::Variant;

fn bad(what: impl Into<String>) -> PositionError {
    PositionError(what.into())
}

/// Reads a FEN: placement, side to move, castling (`KQkq` or `-`), en
/// passant square, and the optional clocks.
pub fn read<B: Bits>(variant: &'static Variant, text: &str) -> Result<Position<B>, PositionError> {
    let shape = variant.shape;
    if variant.players() != 2 {
        return Err(bad(format!(
            "FEN describes two-player games; {} has {} players",
            variant.id,
            variant.players()
        )));
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 6 {
        return Err(bad(format!(
            "expected 2 to 6 space-separated fields (placement, side, castling, en passant, clocks), found {}",
            fields.len()
        )));
    }
    let mut pos = Position::<B>::empty(variant)?;
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != shape.height {
        return Err(bad(format!(
            "the placement has {} ranks; the board has {}",
            ranks.len(),
            shape.height
        )));
    }
    for (row, rank_text) in ranks.iter().enumerate() {
        let y = shape.height - 1 - row;
        let mut x = 0usize;
        let mut digits = String::new();
        let flush = |digits: &mut String, x: &mut usize| -> Result<(), PositionError> {
            if !digits.is_empty() {
                let n: usize = digits
                    .parse()
                    .map_err(|_| bad(format!("bad empty-square count `{digits}`")))?;
                *x = x.saturating_add(n);
                digits.clear();
            }
            Ok(())
        };
        for c in rank_text.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut x)?;
            let kind = Kind::from_letter(c)
                .ok_or_else(|| bad(format!("unknown man `{c}` in rank {}", y + 1)))?;
            if x >= shape.width {
                return Err(bad(format!(
                    "rank {} is longer than {} squares",
                    y + 1,
                    shape.width
                )));
            }
            let owner = if c.is_ascii_uppercase() { 0 } else { 1 };
            let man = Man::new(kind, owner, variant.seats[owner].forward);
            pos.put(shape.square(x, y), man);
            x += 1;
        }
        flush(&mut digits, &mut x)?;
        if x != shape.width {
            return Err(bad(format!(
                "rank {} has {} squares; the board has {} files",
                y + 1,
                x,
                shape.width
            )));
        }
    }
    let turn = match fields[1] {
        "w" | "W" => 0,
        "b" | "B" => 1,
        other => {
            return Err(bad(format!(
                "side to move must be `w` or `b`, not `{other}`"
            )));
        }
    };
    pos.set_turn(turn);
    if let Some(castling) = fields.get(2) {
        read_castling(&mut pos, variant, castling)?;
    }
    if let Some(ep) = fields.get(3).filter(|f| **f != "-") {
        let target = shape
            .parse_square(ep)
            .ok_or_else(|| bad(format!("en passant square `{ep}` is not on the board")))?;
        let creator = 1 - turn;
        let victim = shape
            .step(target, variant.seats[creator].forward)
            .filter(|&v| {
                pos.man_at(v)
                    .is_some_and(|m| m.kind == Kind::Pawn && m.owner == creator)
            })
            .ok_or_else(|| {
                bad(format!(
                    "en passant square `{ep}` has no pawn that just stepped past it"
                ))
            })?;
        pos.set_ep(
            creator,
            Some(EpChance {
                target: target as u8,
                victim: victim as u8,
            }),
        );
    }
    let number = |i: usize, name: &str| -> Result<u32, PositionError> {
        fields.get(i).map_or(Ok(if i == 5 { 1 } else { 0 }), |f| {
            f.parse()
                .map_err(|_| bad(format!("{name} must be a number, not `{f}`")))
        })
    };
    pos.set_clocks(
        number(4, "the halfmove clock")?,
        number(5, "the move number")?,
    );
    validate(&pos)?;
    Ok(pos)
}

fn read_castling<B: Bits>(
    pos: &mut Position<B>,
    variant: &'static Variant,
    field: &str,
) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    let mut unmoved = B::EMPTY;
    for c in field.chars() {
        let seat = if c.is_ascii_uppercase() { 0 } else { 1 };
        let squares = match c {
            // `KQkq`: the king and the outermost rook on that side, the
            // orthodox castling's squares in chess (X-FEN in Chess960).
            'K' | 'Q' | 'k' | 'q' => {
                let notation = if c.eq_ignore_ascii_case(&'K') {
                    "O-O"
                } else {
                    "O-O-O"
                };
                let owns = |sq: Square, kind: Kind| {
                    pos.man_at(sq)
                        .is_some_and(|m| m.owner == seat && m.kind == kind)
                };
                let rule = pos
                    .rules()
                    .castles
                    .iter()
                    .zip(variant.castlings)
                    .filter(|(r, c)| {
                        c.seat == seat
                            && c.notation == notation
                            && owns(r.king_from, Kind::King)
                            && owns(r.rook_from, Kind::Rook)
                    })
                    .map(|(r, _)| *r)
                    .max_by_key(|r| file_distance(variant, r.king_from, r.rook_from))
                    .or_else(|| {
                        // No such king and rook: name the orthodox squares in the error below.
                        pos.rules()
                            .castles
                            .iter()
                            .zip(variant.castlings)
                            .find(|(_, c)| c.seat == seat && c.notation == notation)
                            .map(|(r, _)| *r)
                    })
                    .ok_or_else(|| bad(format!("{} has no castling `{c}`; name the files of the unmoved kings and rooks", variant.id)))?;
                vec![(rule.king_from, Kind::King), (rule.rook_from, Kind::Rook)]
            }
            // A file letter: the unmoved king or rook on that file of the back rank.
            'A'..='Z' | 'a'..='z' => {
                let x = (c.to_ascii_lowercase() as u8 - b'a') as usize;
                let y = if seat == 0 {
                    0
                } else {
                    variant.shape.height - 1
                };
                if x >= variant.shape.width {
                    return Err(bad(format!(
                        "castling right `{c}` names a file the board does not have"
                    )));
                }
                let sq = variant.shape.square(x, y);
                match pos.man_at(sq) {
                    // Shredder-FEN names only the rook; in chess and Chess960
                    // its king is the one it castles with.
                    Some(m)
                        if m.owner == seat
                            && m.kind == Kind::Rook
                            && kings_and_rooks_only(variant) =>
                    {
                        let mut men = vec![(sq, Kind::Rook)];
                        men.extend(
                            pos.rules()
                                .castles
                                .iter()
                                .filter(|r| r.seat == seat && r.rook_from == sq)
                                .filter(|r| {
                                    pos.man_at(r.king_from)
                                        .is_some_and(|k| k.owner == seat && k.kind == Kind::King)
                                })
                                .map(|r| (r.king_from, Kind::King))
                                .take(1),
                        );
                        men
                    }
                    Some(m) if m.owner == seat && matches!(m.kind, Kind::King | Kind::Rook) => {
                        vec![(sq, m.kind)]
                    }
                    _ => {
                        return Err(bad(format!(
                            "castling right `{c}` needs a king or rook of that side on {}",
                            variant.shape.name(sq)
                        )));
                    }
                }
            }
            other => {
                return Err(bad(format!(
                    "castling rights are `KQkq`, file letters or `-`; `{other}` is not one"
                )));
            }
        };
        for (sq, kind) in squares {
            let stands = pos
                .man_at(sq)
                .is_some_and(|m| m.owner == seat && m.kind == kind);
            if !stands {
                return Err(bad(format!(
                    "castling right `{c}` needs the {} on {}",
                    kind.name(),
                    variant.shape.name(sq)
                )));
            }
            unmoved |= B::bit(sq);
        }
    }
    pos.set_unmoved(unmoved);
    Ok(())
}

/// Whether a variant castles only short and long, one king and a rook
/// (chess, Chess960): its rights are written `KQkq` (X-FEN) or by rook files
/// (Shredder-FEN), never by the king's file.
fn kings_and_rooks_only(variant: &Variant) -> bool {
    !variant.castlings.is_empty()
        && variant
            .castlings
            .iter()
            .all(|c| c.notation == "O-O" || c.notation == "O-O-O")
}

fn file_distance(variant: &Variant, a: Square, b: Square) -> usize {
    variant
        .shape
        .coords(a)
        .0
        .abs_diff(variant.shape.coords(b).0)
}

/// The castling rights as X-FEN: `K`/`Q` (`k`/`q`) for the outermost rook
/// on that side of the king, the rook's file where an inner rook keeps the
/// right (Chess960 only); `KQkq` in orthodox chess.
fn x_fen_castling<B: Bits>(pos: &Position<B>) -> String {
    let v = pos.variant();
    let mut out = String::new();
    for seat in 0..2 {
        for notation in ["O-O", "O-O-O"] {
            let owns = |sq: Square, kind: Kind| {
                pos.man_at(sq)
                    .is_some_and(|m| m.owner == seat && m.kind == kind)
            };
            for (rule, _) in pos
                .rules()
                .castles
                .iter()
                .zip(v.castlings)
                .filter(|(_, c)| c.seat == seat && c.notation == notation)
                .filter(|(r, _)| pos.unmoved().has(r.king_from) && pos.unmoved().has(r.rook_from))
                .filter(|(r, _)| owns(r.king_from, Kind::King) && owns(r.rook_from, Kind::Rook))
            {
                let (king_x, y) = v.shape.coords(rule.king_from);
                let rook_x = v.shape.coords(rule.rook_from).0;
                let beyond = |x: usize| {
                    let farther = if rook_x > king_x {
                        x > rook_x
                    } else {
                        x < rook_x
                    };
                    farther && owns(v.shape.square(x, y), Kind::Rook)
                };
                let outermost = !(0..v.shape.width).any(beyond);
                let letter = match (outermost, notation) {
                    (true, "O-O") => 'K',
                    (true, _) => 'Q',
                    (false, _) => (b'A' + rook_x as u8) as char,
                };
                out.push(if seat == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
    }
    out
}

/// Each side one king, no pawn on a back rank, the side not to move not in check.
fn validate<B: Bits>(pos: &Position<B>) -> Result<(), PositionError> {
    let v = pos.variant();
    if v.king_capture {
        // Kings are captured like men (Skock): a side may have none left,
        // pawns may come back onto the first rank or stay on the last, and
        // an attacked king is no error.
        for seat in 0..2 {
            if pos.kings_of(seat).count() as usize > v.seats[seat].kings as usize {
                return Err(bad(format!(
                    "{} has more than {} kings",
                    v.seats[seat].name, v.seats[seat].kings
                )));
            }
        }
        return Ok(());
    }
    for seat in 0..2 {
        let kings = pos.kings_of(seat).count() as usize;
        let most = v.seats[seat].kings as usize;
        if kings == 0 || kings > most {
            let wanted = match most {
                1 => "one".to_string(),
                n => format!("one to {n}"),
            };
            return Err(bad(format!(
                "{} has {} kings; the position needs {wanted}",
                v.seats[seat].name, kings
            )));
        }
    }
    let back_ranks = pos.pieces(Kind::Pawn).squares().any(|sq| {
        let (_, y) = v.shape.coords(sq);
        y == 0 || y == v.shape.height - 1
    });
    if back_ranks {
        return Err(bad("a pawn stands on the first or last rank"));
    }
    let waiting = 1 - pos.turn();
    // A king may stand attacked on the other side's turn only while its
    // owner has another (Double King Chess).
    if pos.sole_king(waiting).is_some() && pos.in_check(waiting) {
        return Err(bad(format!(
            "{} is in check but it is not his turn",
            v.seats[waiting].name
        )));
    }
    Ok(())
}

/// Writes a FEN.
pub fn write<B: Bits>(pos: &Position<B>) -> String {
    let v = pos.variant();
    let shape = v.shape;
    let mut rows = Vec::with_capacity(shape.height);
    for y in (0..shape.height).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for x in 0..shape.width {
            match pos.man_at(shape.square(x, y)) {
                Some(man) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let c = man.kind.letter();
                    row.push(if man.owner == 0 {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let side = if pos.turn() == 0 { "w" } else { "b" };
    let mut castling = String::new();
    if kings_and_rooks_only(v) {
        castling = x_fen_castling(pos);
    } else {
        // The files of the unmoved kings and rooks, White's first.
        for seat in 0..2 {
            for sq in pos
                .unmoved()
                .squares()
                .filter(|&sq| pos.man_at(sq).is_some_and(|m| m.owner == seat))
            {
                let file = (b'a' + shape.coords(sq).0 as u8) as char;
                castling.push(if seat == 0 {
                    file.to_ascii_uppercase()
                } else {
                    file
                });
            }
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = (0..2)
        .filter_map(|s| pos.ep_chance(s))
        .map(|c| shape.name(c.target as usize))
        .next()
        .unwrap_or_else(|| "-".to_string());
    format!(
        "{} {} {} {} {} {}",
        rows.join("/"),
        side,
        castling,
        ep,
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
}
