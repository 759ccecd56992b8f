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

thread_local! {
    /// Set while a search only asks whether descriptions resolve (the
    /// replay filling `?` turns tries thousands of choices): the errors it
    /// throws away are then not worded, each of which would write out every
    /// legal move.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `search` with resolution errors left unworded (empty reasons and
/// move lists, the same kinds): for a caller that only asks whether
/// descriptions resolve. The setting before is restored afterwards.
pub(crate) fn quietly<T>(search: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.set(self.0);
        }
    }
    let _restore = Restore(QUIET.replace(true));
    search()
}

/// Whether resolution errors are left unworded now (inside [`quietly`]).
pub(crate) fn is_quiet() -> bool {
    QUIET.get()
}

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
    if QUIET.get() {
        // Only whether it resolves is asked: nothing is worded.
        return match (first, fitting.next()) {
            (Some(one), None) => Ok(one),
            (None, _) => Err(ResolveError::NoMatch {
                reason: String::new(),
                legal: Vec::new(),
            }),
            (Some(_), Some(_)) => Err(ResolveError::Ambiguous {
                candidates: Vec::new(),
            }),
        };
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MoveList;
    use crate::notation::algebraic::parse_token;

    /// Quietly, a description that does not resolve gives an error of the
    /// same kind with nothing worded; afterwards errors are worded again.
    #[test]
    fn a_quiet_search_words_no_error() {
        let chess = crate::variant::by_id("chess").expect("chess");
        // Knights on b1 and f1 both reach d2; no queen can reach h5.
        let pos: Position<u64> =
            crate::notation::read_position(chess, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").expect("fen");
        let mut list = MoveList::new();
        pos.turn_moves(&mut list);
        let token = |text: &str| parse_token(text).expect("a move");
        let resolve = |text: &str| algebraic::resolve(&pos, list.as_slice(), &token(text));
        let loud = resolve("Qh5");
        let Err(ResolveError::NoMatch { reason, legal }) = &loud else {
            panic!("{loud:?}");
        };
        assert!(!reason.is_empty() && legal.len() == list.len(), "{loud:?}");
        assert_eq!(
            quietly(|| resolve("Qh5")),
            Err(ResolveError::NoMatch {
                reason: String::new(),
                legal: Vec::new()
            })
        );
        assert_eq!(
            resolve("Nd2"),
            Err(ResolveError::Ambiguous {
                candidates: vec!["Nb1-d2".to_string(), "Nf1-d2".to_string()]
            })
        );
        assert_eq!(
            quietly(|| resolve("Nd2")),
            Err(ResolveError::Ambiguous {
                candidates: Vec::new()
            })
        );
        // A move that resolves resolves the same, and nesting restores.
        assert_eq!(quietly(|| quietly(|| resolve("Nbd2"))), resolve("Nbd2"));
        assert!(resolve("Nbd2").is_ok());
        assert_eq!(resolve("Qh5"), loud, "worded again afterwards");
    }
}
