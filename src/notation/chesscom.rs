//! Chess.com's PGN4 move tokens (chesscom-formats.md §4), written for the
//! variants that keep PGN4's exits as plies (`chesscom-ffa`,
//! `chesscom-teams`).
//!
//! A ply whose record text already is this token but for its marks (or is
//! a bare slot token) is written as the record wrote it: the check marks, the `#` and the exits of a real export are
//! the server's and cannot all be derived (spec §8: accepted as recorded),
//! so writing them back is what makes PGN4 → PGN4 lossless. Other plies
//! get a token made from the move: `[Piece]from(-|x)[Captured]to[=P]`
//! with `Q` for the one-point queen, the promotion letter of the variant
//! (`=D`), `+` per king newly checked, `#` when someone leaves mated, and
//! the exit letter.

use crate::board::Bits;
use crate::engine::{MoveKind, Position};
use crate::men::Kind;
use crate::notation::algebraic::{Token, parse_token};
use crate::replay::{Event, TracePly};
use crate::variant::Variant;

/// The PGN4 token of `ply`, played in `before`; `None` for a variant that
/// does not write Chess.com's tokens.
pub fn token<B: Bits>(v: &Variant, before: &Position<B>, ply: &TracePly<B>) -> Option<String> {
    if !v.hints.keeps_exits {
        return None;
    }
    let written = ply.text.trim();
    let made = made(v, before, ply);
    let keep = match parse_token(written) {
        Ok(Token::BareExit(_)) => true,
        Ok(Token::Move { from, .. }) => from.is_some() && core(written) == core(&made),
        Ok(Token::Castle { .. }) => core(written) == core(&made),
        _ => false,
    };
    Some(if keep { written.to_string() } else { made })
}

/// A token without its marks and exit letter (`Qa7xBb8+#R` → `Qa7xBb8`).
fn core(token: &str) -> &str {
    let t = token.trim_end_matches(['+', '#']);
    let t = match t.strip_suffix(['R', 'T', 'S']) {
        Some(rest) if !rest.ends_with('=') => rest,
        _ => t,
    };
    t.trim_end_matches(['+', '#'])
}

/// A token made from the move and its events.
fn made<B: Bits>(v: &Variant, before: &Position<B>, ply: &TracePly<B>) -> String {
    let exit = ply.events.iter().find_map(|e| match e {
        Event::Exit { timed_out, .. } => Some(if *timed_out { 'T' } else { 'R' }),
        _ => None,
    });
    let mated = ply.long.ends_with('#');
    if ply.mv.is_pass() {
        let mut out = String::new();
        match exit {
            Some(c) => out.push(c),
            None if ply
                .events
                .iter()
                .any(|e| matches!(e, Event::Stalemated { .. })) =>
            {
                out.push('S')
            }
            None if ply.events.iter().any(|e| matches!(e, Event::Mated { .. })) => {
                return "#".to_string();
            }
            None => return "--".to_string(),
        }
        if mated {
            out.push('#');
        }
        return out;
    }
    let shape = v.shape;
    let letter = |k: Kind| match k {
        Kind::Pawn => None,
        other => Some(other.letter()),
    };
    let mut out = String::new();
    if let MoveKind::Castle(i) = ply.mv.kind
        && let Some(c) = v.castlings.get(i as usize)
    {
        out.push_str(c.notation);
    } else {
        let (from, to) = (ply.mv.from as usize, ply.mv.to as usize);
        if let Some(c) = before.man_at(from).and_then(|m| letter(m.kind)) {
            out.push(c);
        }
        out.push_str(&shape.name(from));
        let taken = before.man_at(to);
        if taken.is_some() || ply.mv.kind == MoveKind::EnPassant {
            out.push('x');
            if let Some(c) = taken.and_then(|m| letter(m.kind)) {
                out.push(c);
            }
        } else {
            out.push('-');
        }
        out.push_str(&shape.name(to));
        if let Some(k) = ply.mv.promotion() {
            out.push('=');
            out.push(v.hints.promotion_letter.unwrap_or(k.letter()));
        }
    }
    let checks = ply
        .events
        .iter()
        .filter(|e| matches!(e, Event::Check { .. }))
        .count();
    out.push_str(&"+".repeat(checks));
    if mated {
        out.push('#');
    }
    if let Some(c) = exit {
        out.push(c);
    }
    out
}
