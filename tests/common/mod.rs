//! Helpers the rule tests share: positions from a list of men, the legal
//! moves as text, a move played by its text.
#![allow(dead_code)]

use roundtable::board::{Bits, Dir};
use roundtable::engine::{Move, MoveList, Position, Turn};
use roundtable::men::{Kind, Man};
use roundtable::notation::long;
use roundtable::variant::Variant;

/// A position of `variant` from men written `<player><kind><square>[:<dir>]`
/// (`yKh1`, `rPg1:e`); each seat in `kings` gets its king on that square
/// unless the list gives him one.
pub fn position<B: Bits>(
    variant: &'static Variant,
    men: &[&str],
    kings: &[(usize, &str)],
    turn: usize,
) -> Position<B> {
    let mut pos = Position::<B>::empty(variant).expect("the variant fits the width");
    let mut has_king = [false; 4];
    for text in men {
        let (man, dir) = match text.split_once(':') {
            Some((m, d)) => (m, d.chars().next().and_then(Dir::from_letter)),
            None => (*text, None),
        };
        let mut chars = man.chars();
        let letter = chars.next().expect("player letter").to_string();
        let seat = variant.seat_named(&letter).expect("player");
        let kind = Kind::from_letter(chars.next().expect("kind")).expect("kind letter");
        let sq = variant.shape.parse_square(chars.as_str()).expect("square");
        has_king[seat] |= kind == Kind::King;
        pos.put(
            sq,
            Man::new(kind, seat, dir.unwrap_or(variant.seats[seat].forward)),
        );
    }
    for &(seat, home) in kings {
        if !has_king[seat] {
            let sq = variant.shape.parse_square(home).expect("home");
            pos.put(sq, Man::new(Kind::King, seat, variant.seats[seat].forward));
        }
    }
    pos.set_turn(turn);
    pos
}

/// The legal moves (or pass) of the player to move, as sorted long algebraic.
pub fn moves<B: Bits>(pos: &Position<B>) -> (Vec<String>, Turn) {
    let mut list = MoveList::new();
    let turn = pos.turn_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|m| long::write(pos, m)).collect();
    texts.sort();
    (texts, turn)
}

/// The legal move written `text` (long algebraic).
pub fn find<B: Bits>(pos: &Position<B>, text: &str) -> Move {
    let mut list = MoveList::new();
    pos.turn_moves(&mut list);
    list.iter()
        .find(|m| long::write(pos, *m) == text)
        .unwrap_or_else(|| panic!("{text} is not legal here; legal: {:?}", moves(pos).0))
}

/// The position after the legal move written `text`.
pub fn play<B: Bits>(pos: &Position<B>, text: &str) -> Position<B> {
    pos.after(find(pos, text))
}
