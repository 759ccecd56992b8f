//! A position as a text diagram: the top rank first, each square three
//! characters, missing squares blank, men as the player's letter and the kind.

use crate::board::Bits;
use crate::engine::{Position, Status};

/// Draws the board: `yK` Yellow's king, `.` an empty square, `*` after the
/// men of a mated player (inert), `v`/`^`/`<`/`>` after a pawn that travels
/// other than its owner's forward direction.
pub fn text<B: Bits>(pos: &Position<B>) -> String {
    let v = pos.variant();
    let shape = v.shape;
    let mut out = String::new();
    for y in (0..shape.height).rev() {
        out.push_str(&format!("{:>2} ", y + 1));
        for x in 0..shape.width {
            let sq = shape.square(x, y);
            let cell = if !shape.exists(sq) {
                "   ".to_string()
            } else {
                match pos.man_at(sq) {
                    None => " . ".to_string(),
                    Some(m) => {
                        let letter = v.seats.get(m.owner).map(|s| s.letter).unwrap_or('?');
                        let turned = m.kind == crate::men::Kind::Pawn
                            && v.seats.get(m.owner).is_some_and(|s| s.forward != m.dir);
                        let mark = if turned { dir_mark(m.dir) } else { ' ' };
                        let mark = if inert(pos, sq, m) { '*' } else { mark };
                        format!("{letter}{}{mark}", kind_letter(pos, sq, m))
                    }
                }
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for x in 0..shape.width {
        out.push_str(&format!(" {} ", (b'a' + x as u8) as char));
    }
    out.push('\n');
    out
}

/// Whether a man is inert: his player is mated, or (Chess.com) out or
/// walking, his men dead (a walking king excepted).
fn inert<B: Bits>(pos: &Position<B>, sq: usize, m: crate::men::Man) -> bool {
    let _ = sq;
    match pos.status(m.owner) {
        Status::Mated | Status::Out => true,
        Status::Walking => m.kind != crate::men::Kind::King,
        _ => false,
    }
}

/// The letter of a man's kind: `D` for Chess.com's one-point queen.
fn kind_letter<B: Bits>(pos: &Position<B>, sq: usize, m: crate::men::Man) -> char {
    match pos.variant().hints.promotion_letter {
        Some(l) if m.kind == crate::men::Kind::Queen && pos.promoted().has(sq) => l,
        _ => m.kind.letter(),
    }
}

fn dir_mark(d: crate::board::Dir) -> char {
    match d {
        crate::board::Dir::North => '^',
        crate::board::Dir::South => 'v',
        crate::board::Dir::East => '>',
        crate::board::Dir::West => '<',
        _ => ' ',
    }
}

/// The position as an SVG picture: the board's own shape, the players'
/// colours, inert men faded, turned pawns with an arrow, the last move marked.
pub fn svg<B: Bits>(
    pos: &Position<B>,
    last_move: Option<crate::engine::Move>,
    title: Option<String>,
    colour: impl Fn(&str) -> String,
) -> String {
    use super::svg::{BoardSquare, Diagram, DiagramMan, diagram};
    let v = pos.variant();
    let shape = v.shape;
    let squares = 0..shape.size();
    let at = |sq: usize| {
        let (x, y) = shape.coords(sq);
        BoardSquare { x, y }
    };
    let men = pos
        .men()
        .map(|(sq, m)| {
            let (x, y) = shape.coords(sq);
            let seat = v.seats.get(m.owner);
            let turned =
                m.kind == crate::men::Kind::Pawn && seat.is_some_and(|s| s.forward != m.dir);
            DiagramMan {
                x,
                y,
                kind: kind_letter(pos, sq, m),
                colour: colour(seat.map(|s| s.name).unwrap_or("")),
                inert: inert(pos, sq, m),
                arrow: turned.then(|| m.dir.letter()),
            }
        })
        .collect();
    diagram(&Diagram {
        width: shape.width,
        height: shape.height,
        exists: squares.clone().map(|s| shape.exists(s)).collect(),
        light: squares.map(|s| shape.is_light(s)).collect(),
        men,
        last_move: last_move
            .filter(|m| !m.is_pass())
            .map(|m| (at(m.from as usize), at(m.to as usize))),
        title,
        legend: v
            .seats
            .iter()
            .map(|s| (s.name.to_string(), colour(s.name)))
            .collect(),
    })
}

/// The colour a player's men and lines are drawn in, by his name.
pub fn player_colour(player: &str) -> String {
    match player {
        "Yellow" => "#e6c300",
        "Red" => "#c62828",
        "White" => "#ffffff",
        "Black" => "#222222",
        "Green" => "#2e7d32",
        "Brown" => "#795548",
        "Gray" => "#9e9e9e",
        _ => "#1565c0",
    }
    .to_string()
}
