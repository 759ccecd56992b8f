//! The one resolver: turns a parsed move description (descriptive or
//! algebraic) into exactly one legal move of the position, or says why not.

pub mod algebraic;
pub mod descriptive;
pub mod identity;
pub mod short;

use crate::board::Bits;
use crate::engine::{Move, Position};
use crate::notation::long;

pub use identity::Identities;

/// Why a description does not resolve to one legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// No legal move fits; `legal` lists the legal moves of the named man
    /// (or every legal move when no man of that name can move).
    NoMatch {
        /// Why nothing fits, naming the man (`no legal move of Yellow's K. B. fits`).
        reason: String,
        /// The legal moves listed, in long algebraic.
        legal: Vec<String>,
    },
    /// Several legal moves fit.
    Ambiguous {
        /// The legal moves that fit, in long algebraic.
        candidates: Vec<String>,
    },
    /// The description itself cannot apply here (unknown player, no such square).
    Invalid(String),
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResolveError::NoMatch { reason, legal } => {
                write!(f, "{reason}; legal: {}", list_or_none(legal))
            }
            ResolveError::Ambiguous { candidates } => {
                write!(f, "ambiguous: it fits {}", candidates.join(", "))
            }
            ResolveError::Invalid(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ResolveError {}

fn list_or_none(moves: &[String]) -> String {
    if moves.is_empty() {
        "none".to_string()
    } else {
        moves.join(" ")
    }
}

/// Picks the one legal move among `legal` that `fits`; `named_man` says which
/// legal moves to list when nothing fits (those of the named man); `what`
/// names the man, only when an error needs it.
pub fn pick<B: Bits>(
    pos: &Position<B>,
    legal: &[Move],
    fits: impl Fn(Move) -> bool,
    named_man: impl Fn(Move) -> bool,
    what: impl Fn() -> String,
) -> Result<Move, ResolveError> {
    // The common case, one fitting move, allocates nothing.
    let mut fitting = legal.iter().copied().filter(|&m| fits(m));
    let first = fitting.next();
    let found: Vec<Move> = match (first, fitting.next()) {
        (Some(one), None) => return Ok(one),
        (None, _) => Vec::new(),
        (Some(a), Some(b)) => [a, b].into_iter().chain(fitting).collect(),
    };
    match found.as_slice() {
        [] => {
            let mut own: Vec<String> = legal
                .iter()
                .copied()
                .filter(|&m| named_man(m))
                .map(|m| long::write(pos, m))
                .collect();
            let reason = if own.is_empty() {
                own = legal.iter().map(|&m| long::write(pos, m)).collect();
                format!("no legal move of {}", what())
            } else {
                format!("no legal move of {} fits", what())
            };
            own.sort();
            Err(ResolveError::NoMatch { reason, legal: own })
        }
        many => {
            let mut candidates: Vec<String> = many.iter().map(|&m| long::write(pos, m)).collect();
            candidates.sort();
            Err(ResolveError::Ambiguous { candidates })
        }
    }
}
