//! Replay: a record's moves as written → the trace (the position after
//! each ply and its events). Every report is computed from a trace.

use crate::board::{Bits, Square};
use crate::engine::{BONUS_KINDS, Move, MoveKind, MoveList, Outcome, Position, Status, Turn};
use crate::men::{Kind, Man};
use crate::notation::algebraic::{Token, parse_token};
use crate::notation::descriptive::DescMove;
use crate::notation::descriptive_short::{ShortMove, parse as parse_short};
use crate::notation::{PositionError, long, start_or_setup, write_position};
use crate::record::{GameResult, MoveNotation, Record, Warning};
use crate::resolve::algebraic::resolve as resolve_algebraic;
use crate::resolve::descriptive::{Context, System, resolve as resolve_descriptive};
use crate::resolve::short::{
    candidates as short_candidates, describe_man as short_describe_man,
    moves_of_man as short_moves_of_man,
};
use crate::resolve::{Identities, ResolveError};
use crate::variant::Variant;

pub use crate::record::Span;

/// A move as a record describes it, parsed and not yet resolved.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Described {
    /// A move in Verney's descriptive notation (`K. Kt. to B. 3.`). Boxed,
    /// as the next: the printed forms are rare in corpora, and a small
    /// `Described` keeps every algebraic ply small.
    Descriptive(Box<DescMove>),
    /// A move as books printed it (`Kt-B3`, `PxP e.p.`, `Castles QR`).
    Short(Box<ShortMove>),
    /// A long or short algebraic move (`e2-e4`, `Bxa9`, `O-O`).
    Algebraic(Token),
    /// `Any move.` / `?`: the record does not say.
    Unspecified,
    /// `--`, a dash or an empty cell inside the record.
    Pass,
    /// A PGN4 slot holding only an exit: `R` resigned, `T` timed out (`R#`:
    /// and mated at once).
    Exit(char),
}

/// One ply as the record gives it, parsed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PlyInput<'r> {
    pub round: usize,
    /// The seat the record gives the ply to.
    pub seat: usize,
    /// The text as written.
    pub text: &'r str,
    pub span: Option<Span>,
    pub described: Described,
    /// Comments the record attaches to the ply.
    pub comments: &'r [String],
    /// The record says the move was inferred (a filled-in `Any move.`).
    pub inferred: bool,
    /// The record gives plies in turn order without naming the player
    /// (PGN): the ply is whoever's turn it is, which eliminations change.
    pub follows_turn: bool,
    /// Lines replacing this ply, each replayed from the position before it.
    pub variations: Vec<Vec<PlyInput<'r>>>,
}

/// A record parsed against its variant, ready to replay.
#[derive(Debug, Clone)]
pub(crate) struct GameInput<'r> {
    pub variant: &'static Variant,
    /// A draw that becomes claimable ends the game (option `drawn-ending=apply`).
    pub apply_claims: bool,
    /// A printed move that stays ambiguous after look-ahead is read as the
    /// recapture of the man just moved, when exactly one candidate is
    /// (option `ambiguity=recapture`).
    pub take_recapture: bool,
    /// A start position other than the variant's setup.
    pub start: Option<String>,
    pub plies: Vec<PlyInput<'r>>,
}

/// The variant a record names, if the engine plays it.
pub fn variant_of(record: &Record) -> Result<&'static Variant, Box<ReplayError>> {
    let fail = |message: String| {
        Box::new(ReplayError {
            kind: ErrorKind::Variant,
            round: 0,
            player: String::new(),
            text: record.variant.clone(),
            span: None,
            message,
            moves: Vec::new(),
            variation: None,
        })
    };
    let Some(v) = crate::variant::by_id(&record.variant) else {
        let ids: Vec<&str> = crate::variant::all().iter().map(|v| v.id).collect();
        return Err(fail(format!(
            "not a variant of roundtable (known: {})",
            ids.join(", ")
        )));
    };
    if v.support != crate::variant::Support::Playable {
        return Err(fail(format!(
            "{} is planned: the engine does not play it yet",
            v.id
        )));
    }
    for (name, value) in &record.options {
        if let Some(why) = option_error(v, name, value) {
            return Err(fail(why));
        }
    }
    Ok(v)
}

/// Why the rule option `name=value` is not one of `v`'s (the reading option
/// `ambiguity` belongs to every variant), or `None` when it is.
pub(crate) fn option_error(v: &Variant, name: &str, value: &str) -> Option<String> {
    if name.eq_ignore_ascii_case(AMBIGUITY) {
        let known = ["error", "recapture"];
        return (!known.iter().any(|x| x.eq_ignore_ascii_case(value)))
            .then(|| format!("the option `{name}` takes error, recapture, not `{value}`"));
    }
    let Some(option) = v.option(name) else {
        let known: Vec<&str> = v.options.iter().map(|o| o.name).collect();
        return Some(format!(
            "{} has no rule option `{name}` (its options: {})",
            v.id,
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        ));
    };
    (!option.values.iter().any(|x| x.eq_ignore_ascii_case(value))).then(|| {
        format!(
            "the option `{name}` of {} takes {}, not `{value}`",
            v.id,
            option.values.join(", ")
        )
    })
}

/// The result of a finished game: `1-0`/`0-1`/`1/2-1/2` for two players,
/// the winners' names joined by `+` for more, and the reason.
pub fn result_of(trace_variant: &crate::variant::Variant, outcome: &Outcome) -> GameResult {
    match outcome {
        Outcome::Win { seats, reason } => {
            let winners: Vec<usize> = (0..trace_variant.players())
                .filter(|s| seats & (1 << s) != 0)
                .collect();
            let score = if trace_variant.players() == 2 {
                if winners == [0] {
                    "1-0".to_string()
                } else {
                    "0-1".to_string()
                }
            } else {
                winners
                    .iter()
                    .map(|&s| trace_variant.seats[s].name)
                    .collect::<Vec<_>>()
                    .join("+")
            };
            GameResult {
                score,
                reason: Some(reason.describe().to_string()),
            }
        }
        Outcome::Draw { reason } => GameResult {
            score: "1/2-1/2".into(),
            reason: Some(reason.describe().to_string()),
        },
    }
}

/// Whether a stated result contradicts the outcome on the board. Only
/// two-player results (`1-0`, `0-1`, `1/2-1/2`) compare: multi-player
/// records state results in their own conventions (Chess.com's `0-1` for a
/// team).
pub fn contradicts(v: &crate::variant::Variant, outcome: &Outcome, stated: &GameResult) -> bool {
    v.players() == 2 && stated.score != "*" && result_of(v, outcome).score != stated.score
}

/// The reading option of every variant: what to do with a printed move
/// that fits several legal moves after look-ahead (`error`, the default, or
/// `recapture`: take the recapture of the man just moved, with a note).
pub const AMBIGUITY: &str = "ambiguity";

/// Parses one move text of a record in its notation.
fn describe(text: &str, notation: MoveNotation) -> Result<Described, String> {
    let trimmed = text.trim();
    let from_token = |token: Token| match token {
        Token::Pass => Described::Pass,
        Token::Unknown => Described::Unspecified,
        // `#` (mated at his turn), `S` (stalemated), also `S#`: a pass.
        Token::BareExit(mark) if mark.starts_with(['#', 'S']) => Described::Pass,
        Token::BareExit(mark) if mark.starts_with(['R', 'T']) => {
            Described::Exit(mark.chars().next().unwrap_or('R'))
        }
        other => Described::Algebraic(other),
    };
    match notation {
        MoveNotation::Algebraic => match trimmed {
            "?" => Ok(Described::Unspecified),
            _ => parse_token(trimmed).map(from_token).map_err(|e| e.expected),
        },
        MoveNotation::Descriptive if trimmed.is_empty() => Ok(Described::Pass),
        MoveNotation::Descriptive => {
            use crate::notation::descriptive::Cell;
            if let Ok(m) = parse_short(trimmed) {
                return Ok(Described::Short(Box::new(m)));
            }
            match crate::notation::table::read_cell(trimmed) {
                Ok(Cell::Move(m)) => Ok(Described::Descriptive(Box::new(m))),
                Ok(Cell::Algebraic(token)) => Ok(from_token(token)),
                Ok(Cell::AnyMove) => Ok(Described::Unspecified),
                Ok(Cell::Pass | Cell::Empty) => Ok(Described::Pass),
                Err(expected) => Err(expected),
            }
        }
    }
}

/// The bonus piece a letter names: Q, R, B or N, in capitals (the
/// project's letters, [`Kind::from_letter`], of [`BONUS_KINDS`]).
pub fn bonus_kind(letter: &str) -> Option<Kind> {
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    Kind::from_letter(c).filter(|kind| c.is_ascii_uppercase() && BONUS_KINDS.contains(kind))
}

/// The bonus pieces a ply's comments choose: `[%bonus R]` (or several
/// letters, `[%bonus R N]`, one per bonus the ply gives, in the order its
/// eliminations happen), each Q, R, B or N; none when no comment says.
pub fn bonus_of(comments: &[String]) -> Result<Vec<Kind>, String> {
    let mut kinds = Vec::new();
    for comment in comments {
        let mut rest = comment.as_str();
        while let Some(at) = command_at(rest) {
            let command = &rest[at + "[%bonus".len()..];
            let Some(end) = command.find(']') else {
                return Err(format!(
                    "`{}`: expected `]` closing the bonus command",
                    &rest[at..]
                ));
            };
            for letter in command[..end].split_whitespace() {
                kinds.push(bonus_kind(letter).ok_or_else(|| {
                    format!(
                        "`[%bonus{}]`: expected Q, R, B or N (the bonus piece), found `{letter}`",
                        &command[..end]
                    )
                })?);
            }
            rest = &command[end + 1..];
        }
    }
    Ok(kinds)
}

/// Where the first bonus command (`[%bonus`) of a comment starts. Most
/// plies' comments are short clocks and words: each `[` is looked at in a
/// plain walk, without setting up a substring search.
pub(crate) fn command_at(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (0..bytes.len()).find(|&at| bytes[at] == b'[' && bytes[at..].starts_with(b"[%bonus"))
}

/// How deep variations may nest in a record.
const MAX_VARIATION_DEPTH: usize = 200;

/// One line of a record's moves, parsed: `first` is the seat of its first
/// move (when the record does not name it) and `round` its round.
fn prepare_line<'r>(
    variant: &'static Variant,
    moves: &'r [crate::record::RecordMove],
    notation: MoveNotation,
    first: usize,
    first_round: usize,
    depth: usize,
) -> Result<Vec<PlyInput<'r>>, Box<ReplayError>> {
    let mut seat = first;
    let mut round = first_round;
    let mut plies = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let follows_turn = m.player.trim().is_empty();
        let at_round = round;
        let fail = |kind: ErrorKind, message: String, seat: usize| {
            Box::new(ReplayError {
                kind,
                round: m.origin.round.unwrap_or(at_round),
                player: if follows_turn {
                    variant.seat_name(seat).to_string()
                } else {
                    m.player.to_string()
                },
                text: m.written.as_deref().unwrap_or(&m.mv).to_string(),
                span: m.origin.span,
                message,
                moves: Vec::new(),
                variation: None,
            })
        };
        let named = if follows_turn {
            if i > 0 {
                seat = (seat + 1) % variant.players();
            }
            seat
        } else {
            variant.seat_named(m.player.trim()).ok_or_else(|| {
                let names: Vec<&str> = variant.seats.iter().map(|s| s.name).collect();
                fail(
                    ErrorKind::WrongTurn,
                    format!("not a player of {} ({})", variant.id, names.join(", ")),
                    seat,
                )
            })?
        };
        // Rounds follow the seats: a new round starts when the order wraps
        // (players who left the game have no plies). The replay checks turns.
        if i > 0 && ((named <= seat && !follows_turn) || (follows_turn && named == 0)) {
            round += 1;
        }
        seat = named;
        let described = describe(&m.mv, notation).map_err(|expected| {
            fail(
                ErrorKind::Unreadable,
                format!("not a move: expected {expected}"),
                named,
            )
        })?;
        let ply_round = m.origin.round.unwrap_or(round);
        let mut variations = Vec::with_capacity(m.variations.len());
        for line in &m.variations {
            if depth >= MAX_VARIATION_DEPTH {
                return Err(fail(
                    ErrorKind::Unreadable,
                    format!("variations nested deeper than {MAX_VARIATION_DEPTH}"),
                    named,
                ));
            }
            variations.push(prepare_line(
                variant,
                line,
                notation,
                named,
                ply_round,
                depth + 1,
            )?);
        }
        plies.push(PlyInput {
            round: ply_round,
            seat: named,
            text: m.written.as_deref().unwrap_or(&m.mv),
            span: m.origin.span,
            described,
            comments: &m.comments,
            inferred: m.inferred,
            follows_turn,
            variations,
        });
    }
    Ok(plies)
}

/// Whether the record sets the rule option `name` to `value`.
pub(crate) fn applies_option(record: &Record, name: &str, value: &str) -> bool {
    record
        .options
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case(name) && v.eq_ignore_ascii_case(value))
}

/// A record parsed against its variant: every move's text read, every
/// player named known, the start's first seat found.
pub(crate) fn prepare(record: &Record) -> Result<GameInput<'_>, Box<ReplayError>> {
    let variant = variant_of(record)?;
    if variant.dice {
        return Err(Box::new(ReplayError {
            kind: ErrorKind::Variant,
            round: 0,
            player: String::new(),
            text: record.variant.clone(),
            span: None,
            message: format!(
                "{} turns are dice turns: replay them with roundtable::dice_replay (or Game::replay)",
                variant.id
            ),
            moves: Vec::new(),
            variation: None,
        }));
    }
    let first = crate::with_width!(variant, B => {
        let text = record.start.as_deref().unwrap_or(variant.start);
        start_or_setup::<B>(variant, record.start.as_deref())
        .map(|p| p.turn())
        .map_err(|e| {
            Box::new(ReplayError {
                kind: ErrorKind::StartPosition,
                round: 0,
                player: String::new(),
                text: text.to_string(),
                span: None,
                message: format!("the start position does not read: {e}"),
                moves: Vec::new(),
                variation: None,
            })
        })
    })?;
    let plies = prepare_line(variant, &record.moves, record.notation, first, 1, 0)?;
    let apply_claims = applies_option(record, "drawn-ending", "apply");
    let take_recapture = applies_option(record, AMBIGUITY, "recapture");
    Ok(GameInput {
        variant,
        apply_claims,
        take_recapture,
        start: record.start.clone(),
        plies,
    })
}

/// Something that happened on a ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A man was taken off the board by the move (an en passant capture names
    /// the square the taken pawn stood on, not the move's target).
    Capture {
        /// The man taken, with its owner.
        man: Man,
        /// The square it was taken on.
        square: Square,
    },
    /// A pawn promoted to the kind given.
    Promotion(Kind),
    /// `seat`'s king newly attacked, by men of the `by` seats.
    Check {
        /// The seat whose king is checked.
        seat: usize,
        /// The seats whose men newly attack that king (the mover's, or those whose
        /// check his move uncovered), in the order found.
        by: Vec<usize>,
    },
    /// The player to move had no legal move while in check.
    Mated {
        /// The seat of the mated player.
        seat: usize,
    },
    /// The mating player's bonus piece (Multi-chess), set on the square of
    /// the king he mated.
    Bonus {
        /// The seat the piece belongs to: the mating player.
        seat: usize,
        /// The piece the record chose (a queen unless it says otherwise).
        kind: Kind,
        /// The mated king's square.
        square: Square,
    },
    /// A player passed with no legal move and his king not in check.
    Stalemated {
        /// The seat of the stalemated player.
        seat: usize,
    },
    /// A mated player is active again (Verney's release): after this move
    /// his king is no longer attacked, or he would have a legal move, so his
    /// inert men come back into play.
    Released {
        /// The seat of the released player.
        seat: usize,
    },
    /// The ply was a pass: the player had to sit his turn out.
    Pass,
    /// `seat` resigned (or ran out of time, `timed_out`) before or with the ply.
    Exit {
        /// The player who left.
        seat: usize,
        /// `T` (time) rather than `R` (resignation).
        timed_out: bool,
    },
    /// The move was chosen by the replay for an unspecified turn.
    Inferred,
    /// Verney's drawn ending: from now on no side has more than one piece
    /// (kings and pawns not counted). Reported as a claim, not applied.
    DrawClaimable,
    /// The printed move fits several legal moves; the others were ruled out
    /// because the rest of the record does not replay after them.
    Disambiguated {
        /// The moves ruled out, in long algebraic.
        ruled_out: Vec<String>,
    },
    /// The printed move fits several legal moves after each of which the
    /// record replays; under the option `ambiguity=recapture` the replay
    /// took the one that recaptures the man just moved.
    RecaptureTaken {
        /// The other moves that fit, in long algebraic.
        others: Vec<String>,
    },
    /// The record marks a check the move does not give, or omits one it gives
    /// (descriptive notation's `(Check).`); the move still replays.
    CheckMarkDiffers {
        /// Whether the record marks the move as a check.
        written: bool,
        /// Whether the move gives check.
        given: bool,
    },
    /// On a double, men of the mover's queue came back (Skock): each
    /// square with the kind put there, in queue order.
    Returned {
        /// The squares and the men put on them.
        men: Vec<(Square, Kind)>,
    },
    /// The player has no king left on the board (Skock): he has lost.
    NoKingLeft {
        /// The seat left without a king.
        seat: usize,
    },
}

/// One ply of the trace.
#[derive(Debug, Clone)]
pub struct TracePly<B: Bits> {
    /// The round (move number) of the ply.
    pub round: usize,
    /// The seat (0-based, in turn order) that made the ply.
    pub seat: usize,
    /// The move as the record wrote it (`K. P. to K. 3.`, `Nf3`).
    pub text: String,
    /// Where the written move stood in the source, when the reader knew it.
    pub span: Option<Span>,
    /// The legal move the written one resolved to ([`Move::PASS`] for a pass).
    pub mv: Move,
    /// Long algebraic with check marks (`Qa7xh14+`, `--`).
    pub long: String,
    /// What happened on the ply: captures, checks, mates, releases, passes.
    pub events: Vec<Event>,
    /// The record's comments on the ply.
    pub comments: Vec<String>,
    /// The position after the ply.
    pub after: Position<B>,
    /// The variations replacing this ply, each replayed from the position before it.
    pub variations: Vec<Vec<TracePly<B>>>,
}

impl<B: Bits> TracePly<B> {
    /// Whether the replay chose this move for an `Any move.` / `?` turn, or the
    /// record says it was so chosen.
    pub fn inferred(&self) -> bool {
        self.events.contains(&Event::Inferred)
    }
}

/// The replay of one game.
#[derive(Debug, Clone)]
pub struct Trace<B: Bits> {
    /// The variant the game was replayed under.
    pub variant: &'static Variant,
    /// The position before the first ply: the variant's setup or the record's
    /// own start position.
    pub start: Position<B>,
    /// The plies of the main line, in order.
    pub plies: Vec<TracePly<B>>,
    /// Set when the game is over after the last ply.
    pub outcome: Option<Outcome>,
}

impl<B: Bits> Trace<B> {
    /// The plies inside the main line's variations, at any depth.
    pub fn variation_plies(&self) -> usize {
        self.plies
            .iter()
            .map(|p| p.variations.iter().map(|v| count_plies(v)).sum::<usize>())
            .sum()
    }

    /// The position after the last ply of the main line (the start if there is none).
    pub fn last(&self) -> &Position<B> {
        self.plies.last().map(|p| &p.after).unwrap_or(&self.start)
    }
}

/// The kinds of replay errors, for corpus summaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The record names no variant the engine plays, or a rule option it lacks.
    Variant,
    /// The start position does not read.
    StartPosition,
    /// The ply's text names no move the position allows.
    Unreadable,
    /// No legal move fits the description.
    NoMatch,
    /// Several legal moves fit.
    Ambiguous,
    /// The record gives the ply to another player than the one to move.
    WrongTurn,
    /// The game was over before this ply.
    GameOver,
    /// The player had to pass (mated or stalemated) but the record moves.
    MustPass,
    /// The record passes but the player had legal moves.
    NotAPass,
    /// No choice for the unspecified turns lets the record go on.
    NoInference,
    /// The record chooses bonus pieces (`[%bonus R]`) the ply does not give.
    Bonus,
}

impl ErrorKind {
    /// The kind in a few words.
    pub fn describe(self) -> &'static str {
        match self {
            ErrorKind::Variant => "unknown variant or option",
            ErrorKind::StartPosition => "bad start position",
            ErrorKind::Unreadable => "move not understood",
            ErrorKind::NoMatch => "no legal move fits",
            ErrorKind::Ambiguous => "ambiguous move",
            ErrorKind::WrongTurn => "wrong player's turn",
            ErrorKind::GameOver => "moves after the end",
            ErrorKind::MustPass => "move where a pass was due",
            ErrorKind::NotAPass => "pass where moves were legal",
            ErrorKind::NoInference => "unspecified turns cannot be filled",
            ErrorKind::Bonus => "bonus piece the ply does not give",
        }
    }
}

/// Why a game does not replay, pointing at the ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// What sort of failure it is, for corpus summaries.
    pub kind: ErrorKind,
    /// The round (move number) of the ply that failed (0 before the first move).
    pub round: usize,
    /// The player whose ply it is, by name.
    pub player: String,
    /// The ply's text as the record wrote it (the variant name or start position
    /// for failures before the first move).
    pub text: String,
    /// Where that text stood in the source, when known: for pointing at it in a
    /// diagnostic.
    pub span: Option<Span>,
    /// Why the ply does not replay, in words.
    pub message: String,
    /// The legal moves that were possible (or the candidates when ambiguous).
    pub moves: Vec<String>,
    /// When the ply is inside a variation, the line that leads to it
    /// (`12... (12... Nf6 13. e5)`).
    pub variation: Option<String>,
}

impl std::error::Error for ReplayError {}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A record-level error (its variant, its options) has no round.
        if self.round == 0 && self.player.is_empty() {
            write!(f, "`{}`: {}", self.text, self.message)?;
        } else {
            write!(
                f,
                "round {}, {}: `{}`: {}",
                self.round, self.player, self.text, self.message
            )?;
        }
        if let Some(line) = &self.variation {
            write!(f, " (in the variation {line})")?;
        }
        Ok(())
    }
}

/// The longest run of unspecified turns the search fills.
const MAX_UNSPECIFIED_RUN: usize = 64;

/// How many plies the look-ahead past an ambiguous printed move may replay.
const LOOK_AHEAD_BUDGET: usize = 200_000;

/// A ply's identity while a record replays: its address.
fn ply_key(ply: &PlyInput) -> usize {
    std::ptr::from_ref(ply) as usize
}

/// How many positions the search for unspecified turns may try: every
/// choice of a run of two turns with up to 70 legal moves each (the 1881
/// score's runs are filled within 300), while a hopeless run, whose every
/// position ends in resolving the next written move, stays a matter of
/// milliseconds (it was 20,000 until a fuzzer's four-handed table with two
/// `Any move` cells and an ambiguous move before them took 0.11 s).
const SEARCH_BUDGET: usize = 5_000;

struct Replayer<'g, B: Bits> {
    game: &'g GameInput<'g>,
    systems: Vec<Option<System>>,
    /// The move list `resolve` fills, made once per game.
    list: std::cell::RefCell<MoveList>,
    /// The seat to move at the ply being resolved, for plies that follow the turn.
    to_move: std::cell::Cell<usize>,
    /// The round in which an applied drawn ending ended the game.
    drawn: std::cell::Cell<Option<usize>>,
    /// The seat whose exit ended the game, and the round.
    ended: std::cell::Cell<Option<(usize, usize)>>,
    /// Inside a variation: the line that leads to it, up to its opening
    /// parenthesis (empty on the main line).
    path: String,
    /// The seat of the line's first ply.
    first_seat: usize,
    /// For plies whose printed move fitted several legal moves: the ones the
    /// look-ahead ruled out, by ply.
    ruled_out: std::cell::RefCell<std::collections::HashMap<usize, Vec<String>>>,
    /// For plies read as a recapture under `ambiguity=recapture`: the other
    /// candidates, by ply.
    recaptured: std::cell::RefCell<std::collections::HashMap<usize, Vec<String>>>,
    /// The square the last ply's man went to.
    last_to: std::cell::Cell<Option<u16>>,
    _width: std::marker::PhantomData<B>,
}

/// Replays a record at width `B` (see [`crate::Game`] for a replay that
/// picks its own width): resolves every move to one legal move.
pub fn replay<B: Bits>(record: &Record) -> Result<Trace<B>, Box<ReplayError>> {
    let game = &prepare(record)?;
    let start = start_of::<B>(game)?;
    let replayer = Replayer::<B> {
        game,
        systems: descriptive_systems::<B>(game),
        list: std::cell::RefCell::new(MoveList::new()),
        to_move: std::cell::Cell::new(0),
        drawn: std::cell::Cell::new(None),
        ended: std::cell::Cell::new(None),
        path: String::new(),
        first_seat: start.turn(),
        ruled_out: Default::default(),
        recaptured: Default::default(),
        last_to: std::cell::Cell::new(None),
        _width: std::marker::PhantomData,
    };
    replayer.run(start)
}

/// The game's start position: its own, or the variant's setup.
fn start_of<B: Bits>(game: &GameInput) -> Result<Position<B>, Box<ReplayError>> {
    start_or_setup(game.variant, game.start.as_deref()).map_err(|e: PositionError| {
        Box::new(ReplayError {
            kind: ErrorKind::StartPosition,
            round: 0,
            player: String::new(),
            text: game.start.clone().unwrap_or_default(),
            span: None,
            message: format!("the start position does not read: {e}"),
            moves: Vec::new(),
            variation: None,
        })
    })
}

/// A replayed line's plies and the position after its last.
type Line<B> = (Vec<TracePly<B>>, Position<B>);

/// What checking a record found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validated {
    /// Plies of the main line.
    pub plies: usize,
    /// Plies inside variations, at any depth.
    pub variation_plies: usize,
    /// The outcome, if the main line ends the game.
    pub outcome: Option<Outcome>,
    /// Each seat's points in the last position (variants that score them).
    pub points: [u32; 4],
    /// Each seat's status in the last position.
    pub status: [Status; 4],
    /// What the reader tolerated, and a stated result that the final
    /// position contradicts: worth a look, but the game replays.
    pub warnings: Vec<Warning>,
}

/// The record's warnings and, when the game ends on the board with a result
/// other than the one the record states, a warning saying so.
pub fn result_warnings(
    record: &Record,
    variant: &Variant,
    outcome: Option<&Outcome>,
) -> Vec<Warning> {
    let last = || record.moves.last().and_then(|m| m.origin.span);
    result_warnings_at(record, last, variant, outcome)
}

/// [`result_warnings`] with the span of the record's last move given by
/// `last`, asked only for the warning that points at it (a game checked
/// without building its moves finds it by a search).
pub(crate) fn result_warnings_at(
    record: &Record,
    last: impl FnOnce() -> Option<Span>,
    variant: &Variant,
    outcome: Option<&Outcome>,
) -> Vec<Warning> {
    let mut out = record.warnings.0.clone();
    if let (Some(o), Some(stated)) = (outcome, &record.result) {
        let found = result_of(variant, o);
        if contradicts(variant, o, stated) {
            out.push(Warning {
                span: last(),
                message: format!(
                    "the record states the result `{}` but the final position gives `{}` ({}); the stated result is kept",
                    stated.score,
                    found.score,
                    found.reason.as_deref().unwrap_or("the game is over")
                ),
            });
        }
    }
    out
}

/// The plies of a replayed line and of its variations.
fn count_plies<B: Bits>(line: &[TracePly<B>]) -> usize {
    line.iter()
        .map(|p| 1 + p.variations.iter().map(|v| count_plies(v)).sum::<usize>())
        .sum()
}

/// Checks a game without building its trace: every ply resolved and
/// played, for corpora. Returns the number of plies and the outcome.
pub fn validate<B: Bits>(record: &Record) -> Result<Validated, Box<ReplayError>> {
    let game = &prepare(record)?;
    let start = start_of::<B>(game)?;
    let replayer = Replayer::<B> {
        game,
        systems: descriptive_systems::<B>(game),
        list: std::cell::RefCell::new(MoveList::new()),
        to_move: std::cell::Cell::new(0),
        drawn: std::cell::Cell::new(None),
        ended: std::cell::Cell::new(None),
        path: String::new(),
        first_seat: start.turn(),
        ruled_out: Default::default(),
        recaptured: Default::default(),
        last_to: std::cell::Cell::new(None),
        _width: std::marker::PhantomData,
    };
    let mut plies = 0;
    let mut in_variations = 0;
    let end = replayer.walk(
        start,
        &Identities::new(&start),
        |ply, before, _, _, _, ids| {
            plies += 1;
            if !ply.variations.is_empty() {
                for line in replayer.variations(ply, before, ids)? {
                    in_variations += count_plies(&line);
                }
            }
            Ok(())
        },
    )?;
    let outcome = replayer.outcome(&end);
    Ok(Validated {
        plies,
        variation_plies: in_variations,
        warnings: result_warnings(record, game.variant, outcome.as_ref()),
        outcome,
        points: [0, 1, 2, 3].map(|s| end.points(s)),
        status: [0, 1, 2, 3].map(|s| end.status(s)),
    })
}

/// The fast path for an algebraic move with a target square: resolve it
/// among the legal moves to that square only. `None` leaves the ply to the
/// full path (which also words every error).
pub(crate) fn quick_resolve<B: Bits>(
    token: &Token,
    pos: &Position<B>,
    list: &mut MoveList,
) -> Option<Move> {
    let Token::Move {
        to,
        piece,
        from,
        from_file,
        from_rank,
        promotion,
        captured,
        ..
    } = token
    else {
        return None;
    };
    let shape = pos.variant().shape;
    let (x, y) = (i32::from(to.file), i32::from(to.rank));
    if !shape.contains(x, y) {
        return None;
    }
    let target = shape.square(x as usize, y as usize);
    // A long move names its man's square: only he need be looked at.
    let origin = from
        .filter(|f| shape.contains(i32::from(f.file), i32::from(f.rank)))
        .map(|f| shape.square(usize::from(f.file), usize::from(f.rank)));
    // A bare coordinate move (`g1f3`, `e2-e4`) may be any man's: the man
    // on its square is the one it can be, and his kind's own search for
    // the moves onto the target serves (a pawn's from the target back).
    let only = match (piece, origin) {
        (None, Some(square)) => pos.man_at(square).map(|man| man.kind),
        (None, None) if from.is_some() => None,
        _ => Some(crate::resolve::algebraic::kind_of(*piece)),
    };
    if !pos.legal_moves_to(target, origin, only, list) {
        return None;
    }
    // Most moves name no promotion and no taken man, and every listed move
    // is of the man named onto the target: the one move whose start fits
    // the written file or rank is the move, as the full filter would find.
    // Anything else (castling, promotions, several fitting) takes the full
    // filter, which also words the errors.
    let plain = |m: Move| {
        matches!(
            m.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant
        )
    };
    if promotion.is_none() && captured.is_none() && list.iter().all(plain) {
        // Nothing written to tell the men apart: no square to work out.
        let named = from_file.is_some() || from_rank.is_some();
        let fits = |m: &Move| {
            if !named {
                return true;
            }
            let (x, y) = shape.coords(usize::from(m.from));
            from_file.is_none_or(|f| usize::from(f) == x)
                && from_rank.is_none_or(|r| usize::from(r) == y)
        };
        let mut fitting = list.iter().filter(fits);
        if let (Some(one), None) = (fitting.next(), fitting.next()) {
            return Some(one);
        }
    }
    resolve_algebraic(pos, list.as_slice(), token).ok()
}

/// Descriptive systems are needed only when a ply is written descriptively.
fn descriptive_systems<B: Bits>(game: &GameInput) -> Vec<Option<System>> {
    if game
        .plies
        .iter()
        .any(|p| matches!(p.described, Described::Descriptive(_) | Described::Short(_)))
    {
        System::all::<B>(game.variant)
    } else {
        Vec::new()
    }
}

fn sorted_moves<B: Bits>(pos: &Position<B>, list: &MoveList) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|m| long::write(pos, m)).collect();
    v.sort();
    v
}

/// The moves of `list` in the plain text order of their long algebraic:
/// the order in which the search for unspecified turns tries them.
fn in_text_order<B: Bits>(pos: &Position<B>, list: &MoveList) -> Vec<Move> {
    let mut options: Vec<(String, Move)> = list.iter().map(|m| (long::write(pos, m), m)).collect();
    options.sort();
    options.into_iter().map(|(_, mv)| mv).collect()
}

impl<B: Bits> Replayer<'_, B> {
    fn run(&self, start: Position<B>) -> Result<Trace<B>, Box<ReplayError>> {
        let (trace, end) = self.line(start, &Identities::new(&start))?;
        Ok(Trace {
            variant: self.game.variant,
            start,
            plies: trace,
            outcome: self.outcome(&end),
        })
    }

    /// The plies of this replayer's line from `start`, with their
    /// variations, and the last position.
    fn line(&self, start: Position<B>, ids: &Identities) -> Result<Line<B>, Box<ReplayError>> {
        let mut trace = Vec::with_capacity(self.game.plies.len());
        let end = self.walk(start, ids, |ply, before, mv, after, inferred, ids| {
            let mut traced = self.trace_ply(ply, before, mv, after, inferred);
            traced.variations = self.variations(ply, before, ids)?;
            trace.push(traced);
            Ok(())
        })?;
        Ok((trace, end))
    }

    /// Replays the variations of `ply` from `before`, the position it was played in.
    fn variations(
        &self,
        ply: &PlyInput,
        before: &Position<B>,
        ids: &Identities,
    ) -> Result<Vec<Vec<TracePly<B>>>, Box<ReplayError>> {
        let mut out = Vec::with_capacity(ply.variations.len());
        for line in &ply.variations {
            let game = GameInput {
                variant: self.game.variant,
                apply_claims: false,
                take_recapture: self.game.take_recapture,
                start: None,
                plies: line.clone(),
            };
            let number = if self.game.variant.players() == 2 && before.turn() == 1 {
                format!("{}...", ply.round)
            } else {
                format!("{}.", ply.round)
            };
            let sub = Replayer::<B> {
                game: &game,
                systems: self.systems.clone(),
                list: std::cell::RefCell::new(MoveList::new()),
                to_move: std::cell::Cell::new(before.turn()),
                drawn: std::cell::Cell::new(None),
                ended: std::cell::Cell::new(None),
                path: if self.path.is_empty() {
                    format!("{number} (")
                } else {
                    format!("{}{} (", self.path, self.numbered_upto(ply))
                },
                first_seat: before.turn(),
                ruled_out: Default::default(),
                recaptured: Default::default(),
                last_to: std::cell::Cell::new(None),
                _width: std::marker::PhantomData,
            };
            out.push(sub.line(*before, ids)?.0);
        }
        Ok(out)
    }

    /// Where `ply` stands, for errors inside variations: the branch point
    /// in the main line, then each variation's moves as written, numbered as
    /// in PGN, up to and including `ply` (`2... (2... Nf6 3. Nc3 (3. Bb5 Bxe4??))`).
    fn path_to(&self, ply: &PlyInput) -> String {
        if self.path.is_empty() {
            return String::new();
        }
        let open = self.path.matches('(').count();
        format!(
            "{}{}{}",
            self.path,
            self.numbered_upto(ply),
            ")".repeat(open)
        )
    }

    /// This line's plies up to and including `ply`, with move numbers: before
    /// the first ply and each ply of the first seat (`3.`), `3...` when a
    /// two-player line opens with the second player's move.
    fn numbered_upto(&self, ply: &PlyInput) -> String {
        let upto = self
            .game
            .plies
            .iter()
            .position(|p| std::ptr::eq(p, ply))
            .map_or(self.game.plies.len(), |i| i + 1);
        let seats = self.game.variant.players().max(1);
        let first = self.first_seat;
        let mut out = String::new();
        for (i, p) in self.game.plies[..upto].iter().enumerate() {
            let seat = (first + i) % seats;
            if !out.is_empty() {
                out.push(' ');
            }
            if seat == 0 {
                out.push_str(&format!("{}. ", p.round));
            } else if i == 0 {
                let dots = if seats == 2 { "..." } else { "." };
                out.push_str(&format!("{}{dots} ", p.round));
            }
            out.push_str(p.text);
        }
        out
    }

    /// The outcome after the last ply: the drawn ending when an option
    /// applies it, otherwise what the rules say of the last position.
    fn outcome(&self, end: &Position<B>) -> Option<Outcome> {
        if let Some((seat, _)) = self.ended.get() {
            return Some(Outcome::Win {
                seats: end.rules().adversaries(seat),
                reason: crate::engine::EndReason::Resignation,
            });
        }
        match self.drawn.get() {
            Some(_) => Some(Outcome::Draw {
                reason: crate::engine::EndReason::DrawnEnding,
            }),
            None => end.outcome(),
        }
    }

    /// Ends the game when the option applies the drawn ending the ply made claimable.
    fn note_claim(&self, ply: &PlyInput, before: &Position<B>, after: &Position<B>) {
        if self.game.apply_claims
            && self.drawn.get().is_none()
            && after.rules().hooks.draw_claimable(before, after)
        {
            self.drawn.set(Some(ply.round));
        }
    }

    /// Refuses a ply after an applied drawn ending.
    fn check_not_drawn(&self, ply: &PlyInput) -> Result<(), Box<ReplayError>> {
        if let Some((seat, round)) = self.ended.get() {
            return Err(self.error(
                ply,
                ErrorKind::GameOver,
                format!(
                    "the game ended with {}'s exit in round {round}",
                    self.game.variant.seat_name(seat)
                ),
                Vec::new(),
            ));
        }
        match self.drawn.get() {
            Some(round) => Err(self.error(
                ply,
                ErrorKind::GameOver,
                format!(
                    "the game ended drawn in round {round}: one piece or none left on each side (option drawn-ending=apply)"
                ),
                Vec::new(),
            )),
            None => Ok(()),
        }
    }

    /// Resolves every ply in order and shows each to `visit` with the
    /// positions before and after it; returns the last position.
    fn walk(
        &self,
        start: Position<B>,
        ids: &Identities,
        mut visit: impl FnMut(
            &PlyInput,
            &Position<B>,
            Move,
            &Position<B>,
            bool,
            &Identities,
        ) -> Result<(), Box<ReplayError>>,
    ) -> Result<Position<B>, Box<ReplayError>> {
        let plies = &self.game.plies;
        let mut pos = start;
        let mut ids = ids.clone();
        let mut i = 0;
        while i < plies.len() {
            if plies[i].described == Described::Unspecified {
                let run = plies[i..]
                    .iter()
                    .take_while(|p| p.described == Described::Unspecified)
                    .count();
                let next = plies.get(i + run);
                let chosen = self.fill_run(&pos, &ids, &plies[i..i + run], next)?;
                for (ply, mv) in plies[i..i + run].iter().zip(chosen) {
                    self.check_not_drawn(ply)?;
                    self.check_turn(ply, &pos)?;
                    let mut after = pos;
                    self.play(ply, &mut after, mv)?;
                    self.note_claim(ply, &pos, &after);
                    visit(ply, &pos, mv, &after, true, &ids)?;
                    ids.follow(&pos, mv);
                    self.last_to.set((!mv.is_pass()).then_some(mv.to.into()));
                    pos = after;
                }
                i += run;
                continue;
            }
            let ply = &plies[i];
            self.check_not_drawn(ply)?;
            if let Some((_, bare)) = self.exit_of(ply) {
                // Chess.com's exits: the player leaves (under Dead King
                // Walking his king walks on), then a glued move is made.
                self.check_turn(ply, &pos)?;
                let seat = pos.turn();
                let mut left = pos;
                if !left.rules().hooks.exit(&mut left, seat) {
                    self.ended.set(Some((seat, ply.round)));
                    left = pos;
                }
                let (before, mv, after) = if bare {
                    let after = if self.ended.get().is_some() {
                        left
                    } else {
                        left.null_move()
                    };
                    (pos, Move::PASS, after)
                } else {
                    let mv = self.resolve(ply, &left, &ids)?;
                    (left, mv, left.after(mv))
                };
                visit(ply, &before, mv, &after, false, &ids)?;
                ids.follow(&before, mv);
                pos = after;
                i += 1;
                continue;
            }
            let mv = match self.resolve(ply, &pos, &ids) {
                Err(e) if e.kind == ErrorKind::Ambiguous => self.look_ahead(i, &pos, &ids, e)?,
                other => other?,
            };
            // The move is made in place: one copy of the position per ply.
            let before = pos;
            if mv.is_pass() && !self.path.is_empty() && self.is_null(&before) {
                pos = before.null_move();
            } else {
                self.play(ply, &mut pos, mv)?;
            }
            self.note_claim(ply, &before, &pos);
            visit(ply, &before, mv, &pos, false, &ids)?;
            ids.follow(&before, mv);
            self.last_to.set((!mv.is_pass()).then_some(mv.to.into()));
            i += 1;
        }
        Ok(pos)
    }

    /// Makes the ply's move on `pos`, with the bonus pieces its comments
    /// choose (`[%bonus R]`): each must be one the ply gives.
    fn play(
        &self,
        ply: &PlyInput,
        pos: &mut Position<B>,
        mv: Move,
    ) -> Result<(), Box<ReplayError>> {
        if ply.comments.is_empty() {
            pos.play(mv);
            return Ok(());
        }
        let bonus = bonus_of(ply.comments)
            .map_err(|e| self.error(ply, ErrorKind::Unreadable, e, Vec::new()))?;
        if bonus.is_empty() {
            pos.play(mv);
            return Ok(());
        }
        let given = pos.play_with_bonus(mv, &bonus);
        if given == bonus.len() {
            return Ok(());
        }
        let named: Vec<&str> = bonus.iter().map(|k| k.name()).collect();
        Err(self.error(
            ply,
            ErrorKind::Bonus,
            format!(
                "the record chooses {} bonus piece{} ({}), but the ply gives {given}: a bonus goes to the player who mated, when a player is mated and leaves (Quattro, Triple)",
                bonus.len(),
                if bonus.len() == 1 { "" } else { "s" },
                named.join(", ")
            ),
            Vec::new(),
        ))
    }

    /// The exit a ply records, when the variant keeps exits as plies: its
    /// letter, and whether it fills the slot alone.
    fn exit_of(&self, ply: &PlyInput) -> Option<(char, bool)> {
        if !self.game.variant.hints.keeps_exits {
            return None;
        }
        match &ply.described {
            Described::Exit(c) => Some((*c, true)),
            Described::Algebraic(Token::Move { marks, .. } | Token::Castle { marks, .. }) => marks
                .exit
                .filter(|c| matches!(c, 'R' | 'T'))
                .map(|c| (c, false)),
            _ => None,
        }
    }

    /// The legal moves the printed move of `ply` fits.
    fn fitting(&self, ply: &PlyInput, pos: &Position<B>, ids: &Identities) -> Vec<Move> {
        let Described::Short(d) = &ply.described else {
            return Vec::new();
        };
        let mut list = MoveList::new();
        pos.turn_moves(&mut list);
        let ctx = Context {
            systems: &self.systems,
            ids,
        };
        short_candidates(pos, &ctx, list.as_slice(), pos.turn(), d).unwrap_or_default()
    }

    /// A printed move that fits several legal moves: keeps those with which
    /// the rest of the record still replays. One left is taken (the others
    /// are noted on the ply); several left, or none, is an error naming the
    /// move and every candidate.
    fn look_ahead(
        &self,
        i: usize,
        pos: &Position<B>,
        ids: &Identities,
        ambiguous: Box<ReplayError>,
    ) -> Result<Move, Box<ReplayError>> {
        let ply = &self.game.plies[i];
        let fitting = self.fitting(ply, pos, ids);
        if fitting.len() < 2 {
            return Err(ambiguous);
        }
        let budget = std::cell::Cell::new(LOOK_AHEAD_BUDGET);
        let mut kept = Vec::new();
        let mut out = Vec::new();
        let mut furthest: Option<(usize, Box<ReplayError>, Move)> = None;
        for &mv in &fitting {
            let mut next_ids = ids.clone();
            next_ids.follow(pos, mv);
            let mut after = *pos;
            let replays = self
                .play(ply, &mut after, mv)
                .map_err(|e| (i, e))
                .and_then(|()| self.rest_replays(i + 1, &after, &next_ids, &budget));
            match replays {
                Ok(()) => kept.push(mv),
                Err((at, e)) => {
                    out.push(mv);
                    if furthest.as_ref().is_none_or(|(far, _, _)| at > *far) {
                        furthest = Some((at, e, mv));
                    }
                }
            }
        }
        self.to_move.set(pos.turn());
        let names = |moves: &[Move]| {
            let mut v: Vec<String> = moves.iter().map(|&m| long::write(pos, m)).collect();
            v.sort();
            v
        };
        let text = ply.text.trim();
        let fen = write_position(pos);
        match kept.as_slice() {
            [one] => {
                self.ruled_out
                    .borrow_mut()
                    .insert(ply_key(ply), names(&out));
                Ok(*one)
            }
            [] => match furthest {
                // The score breaks later whichever move this was: the
                // failure that came furthest says where.
                Some((at, mut e, mv)) if at > i => {
                    e.message = format!(
                        "{} (with `{text}` of round {} read as {}; it also fits {})",
                        e.message,
                        ply.round,
                        long::write(pos, mv),
                        names(&fitting)
                            .into_iter()
                            .filter(|n| *n != long::write(pos, mv))
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                    Err(e)
                }
                _ => Err(self.error(
                    ply,
                    ErrorKind::Ambiguous,
                    format!(
                        "ambiguous: `{text}` fits {}, and the rest of the record replays after none of them (position: {fen})",
                        names(&fitting).join(", "),
                    ),
                    names(&fitting),
                )),
            },
            many => {
                // Under `ambiguity=recapture`: the one move that takes the
                // man just moved, if there is one.
                let last = self.last_to.get();
                let recaptures: Vec<Move> = many
                    .iter()
                    .copied()
                    .filter(|mv| {
                        last == Some(mv.to.into()) && pos.man_at(mv.to as usize).is_some()
                    })
                    .collect();
                if self.game.take_recapture
                    && let [one] = recaptures.as_slice()
                {
                    let others: Vec<Move> =
                        fitting.iter().copied().filter(|m| m != one).collect();
                    self.recaptured
                        .borrow_mut()
                        .insert(ply_key(ply), names(&others));
                    return Ok(*one);
                }
                let hint = match recaptures.as_slice() {
                    [one] if !self.game.take_recapture => format!(
                        "; the option ambiguity=recapture would take {}, the recapture",
                        long::write(pos, *one)
                    ),
                    _ => String::new(),
                };
                Err(self.error(
                    ply,
                    ErrorKind::Ambiguous,
                    format!(
                        "ambiguous: `{text}` fits {}, and the rest of the record replays after each of them (position: {fen}){hint}",
                        names(many).join(", "),
                    ),
                    names(many),
                ))
            }
        }
    }

    /// Whether the plies from `i` on replay from `pos`, trying every
    /// candidate of each ambiguous printed move; if not, the failure that
    /// came furthest, with the index of its ply. Past the budget the answer
    /// is yes: a candidate is never ruled out for want of time.
    fn rest_replays(
        &self,
        mut i: usize,
        pos: &Position<B>,
        ids: &Identities,
        budget: &std::cell::Cell<usize>,
    ) -> Result<(), (usize, Box<ReplayError>)> {
        let plies = &self.game.plies;
        let mut pos = *pos;
        let mut ids = ids.clone();
        while i < plies.len() {
            let Some(left) = budget.get().checked_sub(1) else {
                return Ok(());
            };
            budget.set(left);
            let ply = &plies[i];
            if ply.described == Described::Unspecified {
                let run = plies[i..]
                    .iter()
                    .take_while(|p| p.described == Described::Unspecified)
                    .count();
                let next = plies.get(i + run);
                let chosen = self
                    .fill_run(&pos, &ids, &plies[i..i + run], next)
                    .map_err(|e| (i, e))?;
                for mv in chosen {
                    ids.follow(&pos, mv);
                    pos = pos.after(mv);
                }
                i += run;
                continue;
            }
            match self.resolve(ply, &pos, &ids) {
                Ok(mv) => {
                    let after = if mv.is_pass() && !self.path.is_empty() && self.is_null(&pos) {
                        pos.null_move()
                    } else {
                        let mut after = pos;
                        self.play(ply, &mut after, mv).map_err(|e| (i, e))?;
                        after
                    };
                    ids.follow(&pos, mv);
                    pos = after;
                    i += 1;
                }
                Err(e) if e.kind == ErrorKind::Ambiguous => {
                    let mut furthest: Option<(usize, Box<ReplayError>)> = None;
                    for mv in self.fitting(ply, &pos, &ids) {
                        let mut next_ids = ids.clone();
                        next_ids.follow(&pos, mv);
                        let mut after = pos;
                        if let Err(e) = self.play(ply, &mut after, mv) {
                            return Err((i, e));
                        }
                        match self.rest_replays(i + 1, &after, &next_ids, budget) {
                            Ok(()) => return Ok(()),
                            Err(f) => {
                                if furthest.as_ref().is_none_or(|(at, _)| f.0 > *at) {
                                    furthest = Some(f);
                                }
                            }
                        }
                    }
                    return Err(furthest.unwrap_or((i, e)));
                }
                Err(e) => return Err((i, e)),
            }
        }
        Ok(())
    }

    fn error(
        &self,
        ply: &PlyInput,
        kind: ErrorKind,
        message: String,
        moves: Vec<String>,
    ) -> Box<ReplayError> {
        Box::new(ReplayError {
            kind,
            round: ply.round,
            player: self.game.variant.seat_name(self.seat(ply)).to_string(),
            text: ply.text.to_string(),
            span: ply.span,
            message,
            moves,
            variation: (!self.path.is_empty()).then(|| self.path_to(ply)),
        })
    }

    /// The seat a ply belongs to: the one the record names, or the one to move.
    fn seat(&self, ply: &PlyInput) -> usize {
        if ply.follows_turn {
            self.to_move.get()
        } else {
            ply.seat
        }
    }

    fn check_turn(&self, ply: &PlyInput, pos: &Position<B>) -> Result<(), Box<ReplayError>> {
        self.to_move.set(pos.turn());
        if pos.turn() != self.seat(ply) {
            let name = |s: usize| self.game.variant.seat_name(s);
            return Err(self.error(
                ply,
                ErrorKind::WrongTurn,
                format!(
                    "it is {}'s turn, not {}'s",
                    name(pos.turn()),
                    name(self.seat(ply))
                ),
                Vec::new(),
            ));
        }
        Ok(())
    }

    /// Resolves one written ply to its legal move.
    fn resolve(
        &self,
        ply: &PlyInput,
        pos: &Position<B>,
        ids: &Identities,
    ) -> Result<Move, Box<ReplayError>> {
        self.check_turn(ply, pos)?;
        let mut fresh = None;
        let mut reused = self.list.try_borrow_mut();
        let list: &mut MoveList = match reused.as_deref_mut() {
            Ok(l) => l,
            Err(_) => fresh.insert(MoveList::new()),
        };
        if let Described::Algebraic(token) = &ply.described
            && let Some(mv) = quick_resolve(token, pos, list)
        {
            return Ok(mv);
        }
        let turn = pos.turn_moves(list);
        if let Turn::Over(outcome) = turn {
            return Err(self.error(
                ply,
                ErrorKind::GameOver,
                format!(
                    "the game is already over ({})",
                    describe_outcome(self.game.variant, &outcome)
                ),
                Vec::new(),
            ));
        }
        let must_pass = matches!(turn, Turn::Pass { .. });
        let passes = matches!(
            &ply.described,
            Described::Pass | Described::Algebraic(Token::Pass)
        );
        match &ply.described {
            _ if passes => {
                if must_pass || !self.path.is_empty() {
                    // In a variation a pass where moves were legal is a null move.
                    Ok(Move::PASS)
                } else {
                    Err(self.error(
                        ply,
                        ErrorKind::NotAPass,
                        "the record passes, but the player has legal moves".into(),
                        self.moves_for_error(pos, list),
                    ))
                }
            }
            _ if must_pass => {
                let why = match turn {
                    Turn::Pass {
                        becomes: Status::Mated,
                    } => "the player is mated and must pass",
                    _ => "the player has no legal move (stalemated) and must pass",
                };
                Err(self.error(ply, ErrorKind::MustPass, why.into(), vec!["--".into()]))
            }
            Described::Descriptive(d) => {
                let ctx = Context {
                    systems: &self.systems,
                    ids,
                };
                resolve_descriptive(pos, &ctx, list.as_slice(), self.seat(ply), d)
                    .map_err(|e| self.resolve_error(ply, e))
            }
            Described::Algebraic(token) => resolve_algebraic(pos, list.as_slice(), token)
                .map_err(|e| self.resolve_error(ply, e)),
            Described::Short(d) => {
                let ctx = Context {
                    systems: &self.systems,
                    ids,
                };
                let found = short_candidates(pos, &ctx, list.as_slice(), self.seat(ply), d)
                    .map_err(|e| self.resolve_error(ply, e))?;
                match found.as_slice() {
                    [one] => Ok(*one),
                    // A quiet search drops the error unread: no position
                    // or move list is written for it.
                    none_or_many if crate::resolve::is_quiet() => {
                        let kind = if none_or_many.is_empty() {
                            ErrorKind::NoMatch
                        } else {
                            ErrorKind::Ambiguous
                        };
                        Err(self.error(ply, kind, String::new(), Vec::new()))
                    }
                    [] => {
                        let own = short_moves_of_man(pos, &ctx, list.as_slice(), self.seat(ply), d);
                        let man = match &d.man {
                            Some(m) => short_describe_man(m),
                            None => "K. (castling)".to_string(),
                        };
                        let who = self.game.variant.seat_name(self.seat(ply));
                        let fen = write_position(pos);
                        let text = ply.text.trim();
                        let (message, moves) = if own.is_empty() {
                            (
                                format!(
                                    "no legal move of {who}'s {man}: `{text}` fits no move (position: {fen})"
                                ),
                                sorted_moves(pos, list),
                            )
                        } else {
                            let mut own: Vec<String> =
                                own.iter().map(|&m| long::write(pos, m)).collect();
                            own.sort();
                            (
                                format!(
                                    "no legal move of {who}'s {man} fits `{text}` (position: {fen})"
                                ),
                                own,
                            )
                        };
                        Err(self.error(ply, ErrorKind::NoMatch, message, moves))
                    }
                    many => {
                        let mut names: Vec<String> =
                            many.iter().map(|&m| long::write(pos, m)).collect();
                        names.sort();
                        Err(self.error(
                            ply,
                            ErrorKind::Ambiguous,
                            format!(
                                "ambiguous: `{}` fits {} (position: {})",
                                ply.text.trim(),
                                names.join(", "),
                                write_position(pos)
                            ),
                            names,
                        ))
                    }
                }
            }
            Described::Pass | Described::Unspecified | Described::Exit(_) => Err(self.error(
                ply,
                ErrorKind::Unreadable,
                "unspecified move outside the search".into(),
                Vec::new(),
            )),
        }
    }

    /// Whether a pass here is a null move: written in a variation where the
    /// player has legal moves (annotators' `--` or `Z0`).
    fn is_null(&self, pos: &Position<B>) -> bool {
        let mut list = MoveList::new();
        !matches!(pos.turn_moves(&mut list), Turn::Pass { .. })
    }

    /// The legal moves an error lists, sorted; none while a search only
    /// asks whether plies resolve ([`crate::resolve::quietly`]: listing
    /// and sorting them was most of a hopeless search's work).
    fn moves_for_error(&self, pos: &Position<B>, list: &MoveList) -> Vec<String> {
        if crate::resolve::is_quiet() {
            Vec::new()
        } else {
            sorted_moves(pos, list)
        }
    }

    fn resolve_error(&self, ply: &PlyInput, e: ResolveError) -> Box<ReplayError> {
        match e {
            ResolveError::NoMatch { reason, legal } => {
                self.error(ply, ErrorKind::NoMatch, reason, legal)
            }
            ResolveError::Ambiguous { candidates } => self.error(
                ply,
                ErrorKind::Ambiguous,
                "ambiguous: several legal moves fit".into(),
                candidates,
            ),
            ResolveError::Invalid(m) => self.error(ply, ErrorKind::Unreadable, m, Vec::new()),
        }
    }

    /// The error when no choice fits: what goes wrong with the first choices.
    fn no_inference(
        &self,
        pos: &Position<B>,
        ids: &Identities,
        run: &[PlyInput],
        next: Option<&PlyInput>,
        exhausted: bool,
    ) -> Box<ReplayError> {
        let mut pos = *pos;
        let mut ids = ids.clone();
        for _ in run {
            let mut list = MoveList::new();
            pos.turn_moves(&mut list);
            let Some(&mv) = in_text_order(&pos, &list).first() else {
                break;
            };
            ids.follow(&pos, mv);
            pos = pos.after(mv);
        }
        let first = &run[0];
        let why = match next.map(|n| self.resolve(n, &pos, &ids)) {
            Some(Err(e)) => format!(
                "; with the first choices, round {} {}'s `{}` fails: {}",
                e.round, e.player, e.text, e.message
            ),
            _ => String::new(),
        };
        // A search that ran out of positions has not tried every choice.
        let within = if exhausted {
            format!(" within the {SEARCH_BUDGET} positions the search tries")
        } else {
            String::new()
        };
        self.error(
            first,
            ErrorKind::NoInference,
            format!(
                "no choice of moves for the unspecified turns lets the record go on{within}{why}"
            ),
            Vec::new(),
        )
    }

    /// The moves of a run of unspecified turns, searched for quietly within
    /// [`SEARCH_BUDGET`] positions; when none lets `next` resolve, the
    /// error, saying whether the search ran out of positions. A run longer
    /// than [`MAX_UNSPECIFIED_RUN`] is refused before any search, by the
    /// replay and the look-ahead alike: the search goes a turn deeper on
    /// the stack for each turn of the run.
    fn fill_run(
        &self,
        pos: &Position<B>,
        ids: &Identities,
        run: &[PlyInput],
        next: Option<&PlyInput>,
    ) -> Result<Vec<Move>, Box<ReplayError>> {
        if let Some(first) = run.first()
            && run.len() > MAX_UNSPECIFIED_RUN
        {
            return Err(self.error(
                first,
                ErrorKind::NoInference,
                format!(
                    "{} unspecified turns in a row; the search fills at most {MAX_UNSPECIFIED_RUN}",
                    run.len()
                ),
                Vec::new(),
            ));
        }
        let budget = std::cell::Cell::new(SEARCH_BUDGET);
        crate::resolve::quietly(|| self.infer(pos, ids, run, next, &budget)).ok_or_else(|| {
            let exhausted = budget.get() == 0;
            self.no_inference(pos, ids, run, next, exhausted)
        })
    }

    /// Picks moves for a run of unspecified turns: the first, in the plain
    /// text order of long algebraic, with which the next written ply still
    /// resolves (backtracking over the run).
    fn infer(
        &self,
        pos: &Position<B>,
        ids: &Identities,
        run: &[PlyInput],
        next: Option<&PlyInput>,
        budget: &std::cell::Cell<usize>,
    ) -> Option<Vec<Move>> {
        // Each position tried costs one; a hopeless record cannot make the
        // search run for ever.
        let left = budget.get().checked_sub(1)?;
        budget.set(left);
        let Some((first, rest)) = run.split_first() else {
            let fits = next.is_none_or(|n| self.resolve(n, pos, ids).is_ok());
            return fits.then(Vec::new);
        };
        if !first.follows_turn && pos.turn() != first.seat {
            return None;
        }
        let mut list = MoveList::new();
        if let Turn::Over(_) = pos.turn_moves(&mut list) {
            return None;
        }
        for mv in in_text_order(pos, &list) {
            let mut next_ids = ids.clone();
            next_ids.follow(pos, mv);
            if let Some(mut chosen) = self.infer(&pos.after(mv), &next_ids, rest, next, budget) {
                chosen.insert(0, mv);
                return Some(chosen);
            }
        }
        None
    }

    fn trace_ply(
        &self,
        ply: &PlyInput,
        before: &Position<B>,
        mv: Move,
        after: &Position<B>,
        inferred: bool,
    ) -> TracePly<B> {
        let after = *after;
        let mut events = events(before, mv, &after);
        let hooks = after.rules().hooks;
        if hooks.draw_claimable(before, &after) {
            events.push(Event::DrawClaimable);
        }
        if inferred || ply.inferred {
            events.push(Event::Inferred);
        }
        if let Some((mark, _)) = self.exit_of(ply) {
            events.insert(
                0,
                Event::Exit {
                    seat: before.turn(),
                    timed_out: mark == 'T',
                },
            );
        }
        let written_check = match &ply.described {
            Described::Descriptive(d) => Some(d.check),
            // A printed `mate` is a check too.
            Described::Short(d) => Some(d.check || d.mate),
            _ => None,
        };
        let mating = hooks.mating_ply(before, &after);
        if let Some(written) = written_check {
            // A mating ply is written `#` though its move need not check
            // (Multi-chess: the mate of a player checked earlier takes
            // effect at the start of his turn).
            let given = events.iter().any(|e| matches!(e, Event::Check { .. })) || mating;
            if written != given {
                events.push(Event::CheckMarkDiffers { written, given });
            }
        }
        if let Some(ruled_out) = self.ruled_out.borrow().get(&ply_key(ply)) {
            events.push(Event::Disambiguated {
                ruled_out: ruled_out.clone(),
            });
        }
        if let Some(others) = self.recaptured.borrow().get(&ply_key(ply)) {
            events.push(Event::RecaptureTaken {
                others: others.clone(),
            });
        }
        let checks = events
            .iter()
            .filter(|e| matches!(e, Event::Check { .. }))
            .count();
        let mut text = long::write(before, mv);
        text.push_str(&"+".repeat(checks));
        // A mating ply is marked `#`; where the mate ends the game with this
        // ply (orthodox), the mate is its event.
        if mating {
            text = text.trim_end_matches('+').to_string() + "#";
            if !events.iter().any(|e| matches!(e, Event::Mated { .. })) {
                events.push(Event::Mated { seat: after.turn() });
            }
        }
        TracePly {
            round: ply.round,
            seat: before.turn(),
            text: ply.text.to_string(),
            span: ply.span,
            mv,
            long: text,
            events,
            comments: ply.comments.to_vec(),
            after,
            variations: Vec::new(),
        }
    }
}

/// The events of `mv` played in `before`, leading to `after`.
pub fn events<B: Bits>(before: &Position<B>, mv: Move, after: &Position<B>) -> Vec<Event> {
    let mut out = Vec::new();
    let mover = before.turn();
    if mv.is_pass() {
        out.push(Event::Pass);
        match (before.status(mover), after.status(mover)) {
            (Status::Mated, _) => {}
            (_, Status::Mated) => out.push(Event::Mated { seat: mover }),
            (_, Status::Stalemated) => out.push(Event::Stalemated { seat: mover }),
            _ => {}
        }
    } else {
        let victim = match mv.kind {
            // The chance of an adversary (two may share a square in Team-Chess).
            MoveKind::EnPassant => (0..before.seats())
                .filter(|&s| before.rules().adversaries(mover) & (1 << s) != 0)
                .filter_map(|s| before.ep_chance(s))
                .find(|c| c.target == mv.to)
                .map(|c| c.victim as usize),
            MoveKind::Castle(_) => None,
            _ => Some(mv.to as usize),
        };
        if let Some(sq) = victim
            && let Some(man) = before.man_at(sq)
        {
            out.push(Event::Capture { man, square: sq });
        }
        if let Some(k) = mv.promotion() {
            out.push(Event::Promotion(k));
        }
        let mut moved = B::bit(mv.to as usize);
        if let MoveKind::Castle(i) = mv.kind
            && let Some(c) = before.rules().castles.get(i as usize)
        {
            moved |= B::bit(c.rook_to);
        }
        // The owners of the men that newly attack `seat`'s king in `now`.
        let checkers = |now: &Position<B>, seat: usize| {
            let mut by = Vec::new();
            for k in now.kings_of(seat).squares() {
                let attack = now.attackers(k, now.enemy_men(seat), now.occupied());
                let was = before.attackers(k, before.enemy_men(seat), before.occupied()) & !moved;
                for sq in (attack & !was).squares() {
                    if let Some(m) = now.man_at(sq)
                        && !by.contains(&m.owner)
                    {
                        by.push(m.owner);
                    }
                }
            }
            by
        };
        // A player who leaves the game with this ply (Multi-chess: mated
        // at the start of his turn) has no king after it: a check this move
        // gave him is found on the position the move left, before players
        // left (the mating check, if this move gave it).
        let leaving = |s: usize| before.status(s) != Status::Out && after.status(s) == Status::Out;
        let left_at_once = (0..after.seats())
            .any(|s| s != mover && leaving(s))
            .then(|| {
                let mut moved_only = *before;
                moved_only.play_with(mv, true);
                moved_only
            });
        for seat in (0..after.seats()).filter(|&s| s != mover) {
            let by = match (&left_at_once, after.status(seat)) {
                (Some(moved_only), Status::Out)
                    if leaving(seat) && moved_only.status(seat) != Status::Out =>
                {
                    checkers(moved_only, seat)
                }
                (_, Status::Mated | Status::Out) => continue,
                _ => checkers(after, seat),
            };
            if !by.is_empty() {
                out.push(Event::Check { seat, by });
            }
        }
    }
    for seat in (0..after.seats()).filter(|&s| s != mover) {
        if before.status(seat) == Status::Mated && after.status(seat) == Status::Active {
            out.push(Event::Released { seat });
        }
        // Multi-chess: a player mated by this ply left the game with it (his
        // mating player is the last to have checked him, by this ply's move
        // or an earlier one: see the checks above).
        if before.status(seat) != Status::Out && after.status(seat) == Status::Out {
            out.push(Event::Mated { seat });
            if let Some(king) = before.sole_king(seat)
                && let Some(man) = after.man_at(king)
                && man.owner != seat
            {
                out.push(Event::Bonus {
                    seat: man.owner,
                    kind: man.kind,
                    square: king,
                });
            }
        }
    }
    out
}

/// An outcome in words: `Yellow and White win (both adversaries mated)`.
pub fn describe_outcome(variant: &Variant, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Win { seats, reason } => {
            let names: Vec<&str> = (0..variant.players())
                .filter(|s| seats & (1 << s) != 0)
                .map(|s| variant.seats[s].name)
                .collect();
            let verb = if names.len() == 1 { "wins" } else { "win" };
            format!("{} {verb} ({})", names.join(" and "), reason.describe())
        }
        Outcome::Draw { reason } => format!("drawn ({})", reason.describe()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::algebraic::{Coord, Marks, Piece};

    /// An error lists the legal moves, unless a search asks quietly (the
    /// `?` search drops its errors unread: listing every legal move of
    /// every choice it tried made hopeless searches crawl).
    #[test]
    fn errors_list_the_legal_moves_except_in_a_quiet_search() {
        for text in ["1. e4 -- *", "1. e4 e5 2. -- *"] {
            let Some(Ok(record)) = crate::read_str(text).into_iter().next() else {
                panic!("{text} reads");
            };
            let loud = replay::<u64>(&record)
                .err()
                .map(|e| (e.kind, e.moves.len()));
            assert!(
                matches!(loud, Some((ErrorKind::NotAPass, 20..))),
                "{text}: {loud:?}"
            );
            let quiet = crate::resolve::quietly(|| replay::<u64>(&record))
                .err()
                .map(|e| (e.kind, e.moves.len()));
            assert_eq!(quiet, Some((ErrorKind::NotAPass, 0)), "{text}");
        }
    }

    /// The letter of a kind, as a short algebraic move writes it.
    fn piece_of(kind: Kind) -> Option<Piece> {
        match kind {
            Kind::King => Some(Piece::King),
            Kind::Queen => Some(Piece::Queen),
            Kind::Rook => Some(Piece::Rook),
            Kind::Bishop => Some(Piece::Bishop),
            Kind::Knight => Some(Piece::Knight),
            Kind::Squirk => Some(Piece::Squirk),
            Kind::Pawn => None,
        }
    }

    /// Every legal move, written with and without its start file, rank or
    /// square (and with a wrong one), and a promotion with and without its
    /// kind: whatever the fast path resolves, the full filter over the
    /// whole turn resolves the same (the fast path may decline, never
    /// differ).
    fn agree<B: Bits>(pos: &Position<B>, listed: &MoveList, v: &str) -> usize {
        if !matches!(pos.turn_moves(&mut MoveList::new()), Turn::Moves) {
            return 0;
        }
        let shape = pos.variant().shape;
        let coord = |sq: u8| {
            let (x, y) = shape.coords(usize::from(sq));
            Coord {
                file: x as u8,
                rank: y as u8,
            }
        };
        let mut list = MoveList::new();
        let mut taken = 0;
        for m in listed.iter().filter(|m| !m.is_pass()) {
            let Some(man) = pos.man_at(usize::from(m.from)) else {
                continue;
            };
            let from = coord(m.from);
            let promotions = match m.promotion() {
                Some(k) => vec![piece_of(k), None],
                None => vec![None],
            };
            for promotion in promotions {
                // The start written right, and wrong by one file or rank.
                let wrong = Coord {
                    file: from.file ^ 1,
                    rank: from.rank ^ 1,
                };
                for (whole, file, rank) in [
                    (None, None, None),
                    (None, Some(from.file), None),
                    (None, None, Some(from.rank)),
                    (Some(from), None, None),
                    (None, Some(wrong.file), None),
                    (None, None, Some(wrong.rank)),
                    (None, Some(from.file), Some(wrong.rank)),
                ] {
                    let token = Token::Move {
                        piece: piece_of(man.kind),
                        from: whole,
                        from_file: file,
                        from_rank: rank,
                        capture: false,
                        captured: None,
                        to: coord(m.to),
                        promotion,
                        marks: Marks::default(),
                    };
                    let Some(quick) = quick_resolve(&token, pos, &mut list) else {
                        continue;
                    };
                    let full = resolve_algebraic(pos, listed.as_slice(), &token);
                    assert_eq!(
                        full.ok(),
                        Some(quick),
                        "{v}: {token:?} in {}",
                        write_position(pos)
                    );
                    taken += 1;
                }
            }
        }
        taken
    }

    #[test]
    fn the_fast_resolve_agrees_with_the_full_filter_in_every_variant() {
        let mut rng = crate::selfplay::Rng::new(31);
        crate::engine::tests::each_playable_variant(
            |v| {
                crate::with_width!(v, B => crate::engine::tests::random_positions::<B>(
                    v,
                    &mut rng,
                    2,
                    |pos, list| agree(pos, list, v.id),
                ))
            },
            5_000,
        );
    }
}
