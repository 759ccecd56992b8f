//! The library's front door: read records in any notation, replay them into
//! [`Game`]s, walk their positions as [`Board`]s, list and play legal moves,
//! compute the reports and write any notation, without choosing a square-set
//! width or touching the engine's internals.

use std::io::BufRead;

use crate::board::U256;
use crate::convert::{self, Notation, Written};
use crate::dice_replay::DiceTrace;
use crate::engine::{Move, MoveList, Outcome, Position, Turn};
use crate::input::{self, Format, InputError};
use crate::notation::{self, PositionError, long};
use crate::record::Record;
use crate::replay::{self, Event, ReplayError, Trace};
use crate::report::game::GameReport;
use crate::report::material::Scale;
use crate::variant::{self, Variant, Width};

/// Anything that can go wrong through the front door.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The text does not read as a record.
    #[error("{0}")]
    Read(#[from] InputError),
    /// The record does not replay: the move, why, and the legal moves.
    #[error("{0}")]
    Replay(#[from] Box<ReplayError>),
    /// A position text does not read.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// The notation asked for cannot hold the game.
    #[error("{0}")]
    Convert(#[from] convert::ConvertError),
    /// No variant of that name.
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    /// A move given to [`Board::play`] is not legal.
    #[error("`{text}` is not a legal move here (legal: {})", legal.join(" "))]
    IllegalMove {
        /// The move as given.
        text: String,
        /// The legal moves in long algebraic.
        legal: Vec<String>,
    },
    /// Reading a file failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// The variant called `id` (or one of its aliases).
///
/// ```
/// let verney = roundtable::variant("verney")?;
/// assert_eq!(verney.players(), 4);
/// assert_eq!(verney.seat_name(0), "Yellow");
/// assert_eq!(roundtable::variant("orthodox")?.id, "chess");
/// assert!(roundtable::variant("no-such-variant").is_err());
/// # Ok::<(), roundtable::Error>(())
/// ```
pub fn variant(id: &str) -> Result<&'static Variant, Error> {
    variant::by_id(id).ok_or_else(|| Error::UnknownVariant(id.to_string()))
}

/// Every record in `text`, in its notation (detected from the content).
///
/// ```
/// let pgn = "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. d4 *\n";
/// let records = roundtable::read_str(pgn);
/// assert_eq!(records.len(), 2);
/// let second = records.into_iter().nth(1).unwrap()?;
/// assert_eq!(second.moves.len(), 1);
/// assert_eq!(second.moves[0].mv, "d4");
/// # Ok::<(), roundtable::Error>(())
/// ```
pub fn read_str(text: &str) -> Vec<Result<Record, Error>> {
    input::games(text, None)
        .into_iter()
        .map(|r| r.map_err(Error::from))
        .collect()
}

/// The records of a PGN, PGN4 or JSON Lines stream, one at a time (other
/// notations hold one game and are read whole).
///
/// ```
/// use roundtable::{Game, read_stream};
///
/// let pgn = "1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n";
/// let mut plies = Vec::new();
/// for record in read_stream(std::io::Cursor::new(pgn))? {
///     plies.push(Game::replay(record?)?.len());
/// }
/// assert_eq!(plies, [3, 2]);
/// # Ok::<(), roundtable::Error>(())
/// ```
pub fn read_stream<R: BufRead + 'static>(
    mut input: R,
) -> Result<Box<dyn Iterator<Item = Result<Record, Error>>>, Error> {
    let head = crate::render::diagnostic::decode(input.fill_buf()?);
    let map = |r: Result<Record, InputError>| r.map_err(Error::from);
    Ok(match input::detect(&head) {
        Format::Pgn => Box::new(crate::split::games(input, Format::Pgn).map(map)),
        Format::Jsonl => Box::new(crate::split::games(input, Format::Jsonl).map(map)),
        _ => {
            let mut bytes = Vec::new();
            input.read_to_end(&mut bytes)?;
            Box::new(read_str(&crate::render::diagnostic::decode(&bytes)).into_iter())
        }
    })
}

/// The records of a file (UTF-8, or Latin-1 when it is not), streamed.
pub fn read_file(
    path: impl AsRef<std::path::Path>,
) -> Result<Box<dyn Iterator<Item = Result<Record, Error>>>, Error> {
    read_stream(std::io::BufReader::new(std::fs::File::open(path)?))
}

/// A position at the width its board needs.
// The widths differ in size by design; a board is one value, and boxing it
// would cost an allocation for every board a game hands out.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, PartialEq)]
enum AnyPosition {
    W64(Position<u64>),
    W128(Position<u128>),
    W256(Position<U256>),
}

/// Runs `$body` with `$p` bound to the position inside an [`AnyPosition`].
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            AnyPosition::W64($p) => $body,
            AnyPosition::W128($p) => $body,
            AnyPosition::W256($p) => $body,
        }
    };
}

/// A position of any variant, at the width its board needs.
///
/// ```
/// use roundtable::{Board, variant};
///
/// let mut board = Board::start(variant("chess")?)?;
/// assert_eq!(board.legal_moves().len(), 20);
/// board.play("e4")?;
/// board.play("e7-e5")?;
/// assert_eq!(board.turn(), "White");
/// assert!(board.play("Ke3").is_err());
/// # Ok::<(), roundtable::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Board {
    inner: AnyPosition,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.text())
    }
}

impl Board {
    /// The start position of `variant`.
    pub fn start(variant: &'static Variant) -> Result<Board, Error> {
        Board::from_text(variant, variant.start)
    }

    /// A position of `variant` from its position text (FEN or FEN4).
    ///
    /// ```
    /// use roundtable::{Board, variant};
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    /// let board = Board::from_text(variant("chess")?, fen)?;
    /// assert_eq!(board.turn(), "Black");
    /// assert_eq!(board.legal_moves().len(), 20);
    /// assert!(Board::from_text(variant("chess")?, "not a position").is_err());
    /// # Ok::<(), roundtable::Error>(())
    /// ```
    pub fn from_text(variant: &'static Variant, text: &str) -> Result<Board, Error> {
        if variant.dice {
            // A board plays one move a turn; a dice turn is two paths of steps.
            return Err(notation::PositionError(format!(
                "{} turns are dice turns: use roundtable::engine::dice::DicePosition",
                variant.id
            ))
            .into());
        }
        let inner = match variant.width() {
            Width::W64 => AnyPosition::W64(notation::read_position(variant, text)?),
            Width::W128 => AnyPosition::W128(notation::read_position(variant, text)?),
            Width::W256 => AnyPosition::W256(notation::read_position(variant, text)?),
        };
        Ok(Board { inner })
    }

    /// The variant.
    pub fn variant(&self) -> &'static Variant {
        with_position!(&self.inner, p => p.variant())
    }

    /// The position text: FEN, or FEN4 for four-player and 14x14 boards.
    pub fn text(&self) -> String {
        with_position!(&self.inner, p => notation::write_position(p))
    }

    /// The name of the player to move.
    pub fn turn(&self) -> &'static str {
        with_position!(&self.inner, p => p.variant().seat_name(p.turn()))
    }

    /// The seat (0-based, in turn order) of the player to move.
    pub fn turn_seat(&self) -> usize {
        with_position!(&self.inner, p => p.turn())
    }

    /// The status of the player in `seat` (0-based, in turn order): active,
    /// mated, stalemated or out (a seat the variant does not have is out).
    pub fn status(&self, seat: usize) -> crate::engine::Status {
        with_position!(&self.inner, p => p.status(seat))
    }

    /// What the player to move may do: his legal moves in long algebraic
    /// (`e2-e4`, `O-O`), `--` when his turn is a pass, nothing when the game
    /// is over.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal().into_iter().map(|(text, _)| text).collect()
    }

    /// The legal moves with their texts, sorted by text.
    fn legal(&self) -> Vec<(String, Move)> {
        with_position!(&self.inner, p => {
            let mut list = MoveList::new();
            p.turn_moves(&mut list);
            let mut out: Vec<(String, Move)> = list.iter().map(|m| (long::write(p, m), m)).collect();
            out.sort();
            out
        })
    }

    /// The game's outcome if it is over in this position.
    ///
    /// ```
    /// use roundtable::{Board, variant};
    /// use roundtable::engine::{EndReason, Outcome};
    ///
    /// let mut board = Board::start(variant("chess")?)?;
    /// assert_eq!(board.outcome(), None);
    /// for mv in ["f3", "e5", "g4", "Qh4"] {
    ///     board.play(mv)?;
    /// }
    /// // Black (seat 1, bit 1 of the mask) wins by checkmate.
    /// let won = Outcome::Win { seats: 0b10, reason: EndReason::Checkmate };
    /// assert_eq!(board.outcome(), Some(won));
    /// assert!(board.legal_moves().is_empty());
    /// # Ok::<(), roundtable::Error>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        with_position!(&self.inner, p => p.outcome())
    }

    /// Plays a move written in long or short algebraic (`e2-e4`, `Nf3`,
    /// `O-O`, `--` for a due pass). The move is checked: an illegal or
    /// ambiguous one leaves the position as it was and says why.
    pub fn play(&mut self, text: &str) -> Result<(), Error> {
        let mv = self.find(text)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move as [`Board::play`] does, giving the bonus pieces of the
    /// eliminations it causes (Quattro, Triple: the mating player's choice,
    /// Q, R, B or N) the kinds of `bonus` in order, the rest a queen.
    /// Returns how many of `bonus` the ply gave.
    pub fn play_with_bonus(
        &mut self,
        text: &str,
        bonus: &[crate::men::Kind],
    ) -> Result<usize, Error> {
        let mv = self.find(text)?;
        Ok(with_position!(&mut self.inner, p => p.play_with_bonus(mv, bonus)))
    }

    /// The legal move written `text`.
    pub fn find(&self, text: &str) -> Result<Move, Error> {
        let illegal = || Error::IllegalMove {
            text: text.to_string(),
            legal: self.legal_moves(),
        };
        let token = crate::notation::algebraic::parse_token(text.trim()).map_err(|_| illegal())?;
        with_position!(&self.inner, p => {
            let mut list = MoveList::new();
            let turn = p.turn_moves(&mut list);
            if let Turn::Pass { .. } = turn {
                return match token {
                    crate::notation::algebraic::Token::Pass => Ok(Move::PASS),
                    _ => Err(illegal()),
                };
            }
            crate::resolve::algebraic::resolve(p, list.as_slice(), &token).map_err(|_| illegal())
        })
    }

    /// What the player to move may do, as the engine judges his turn: he
    /// has moves, his turn is a pass (and the status it gives him), or the
    /// game is over (and how).
    pub fn turn_kind(&self) -> Turn {
        with_position!(&self.inner, p => p.turn_moves(&mut MoveList::new()))
    }

    /// Plays a move as [`Board::play`] does and returns what happened on the
    /// ply: captures, promotion, checks, mates, releases, the pass.
    pub fn play_events(&mut self, text: &str) -> Result<Vec<Event>, Error> {
        let mv = self.find(text)?;
        let before = self.inner;
        self.play_unchecked(mv);
        Ok(match (&before, &self.inner) {
            (AnyPosition::W64(b), AnyPosition::W64(a)) => replay::events(b, mv, a),
            (AnyPosition::W128(b), AnyPosition::W128(a)) => replay::events(b, mv, a),
            (AnyPosition::W256(b), AnyPosition::W256(a)) => replay::events(b, mv, a),
            _ => Vec::new(),
        })
    }

    /// Plays `mv` without checking it: the fast path for moves taken from
    /// this position's own legal moves. A move that is not legal here
    /// leaves a position that no game reaches (it never panics).
    pub fn play_unchecked(&mut self, mv: Move) {
        with_position!(&mut self.inner, p => p.play(mv))
    }

    /// Leaf nodes of the move tree `depth` plies deep (a pass counts as one move).
    ///
    /// ```
    /// use roundtable::{Board, variant};
    ///
    /// let board = Board::start(variant("chess")?)?;
    /// assert_eq!(board.perft(1), 20);
    /// assert_eq!(board.perft(3), 8_902);
    /// # Ok::<(), roundtable::Error>(())
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        with_position!(&self.inner, p => p.perft(depth))
    }

    /// A text diagram of the board.
    pub fn diagram(&self) -> String {
        with_position!(&self.inner, p => crate::render::diagram::text(p))
    }

    /// The board as an SVG picture, any board shape.
    pub fn svg(&self) -> String {
        with_position!(&self.inner, p => {
            crate::render::diagram::svg(p, None, None, crate::render::diagram::player_colour)
        })
    }
}

/// A replay at the width its board needs.
// One per game, its plies on the heap already: the inline size difference
// between widths does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum AnyTrace {
    W64(Trace<u64>),
    W128(Trace<u128>),
    W256(Trace<U256>),
    /// A dice game (Skock): turns of two paths, positions with queues.
    Dice(DiceTrace),
}

/// `$body` for a trace of one move a turn at its width, `$dice` for a
/// dice game's.
macro_rules! with_trace {
    ($any:expr, $t:ident => $body:expr, $d:ident => $dice:expr) => {
        match $any {
            AnyTrace::W64($t) => $body,
            AnyTrace::W128($t) => $body,
            AnyTrace::W256($t) => $body,
            AnyTrace::Dice($d) => $dice,
        }
    };
}

/// One ply of a replayed game, as facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// The round (move number) of the ply.
    pub round: usize,
    /// The player who made it.
    pub player: &'static str,
    /// The move in long algebraic with check marks (`Qa7xh14+`, `--`).
    pub long: String,
    /// The move as the record wrote it.
    pub written: String,
    /// What happened: captures, checks, mates, releases, passes, ...
    pub events: Vec<Event>,
    /// The record's comments on the ply.
    pub comments: Vec<String>,
}

/// A record replayed: every move resolved to one legal move, with the
/// position after each and what happened.
///
/// ```
/// use roundtable::{Game, read_str};
/// use roundtable::convert::Notation;
///
/// let pgn = "[Event \"Example\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
/// let record = read_str(pgn).remove(0)?;
/// let game = Game::replay(record)?;
/// assert_eq!(game.len(), 7);
/// assert_eq!(game.plies()[6].long, "Qh5xf7#");
/// assert!(game.outcome().is_some());
/// assert_eq!(game.board_after(0).map(|b| b.legal_moves().len()), Some(20));
/// let json = game.write(Notation::Json)?.text;
/// assert!(json.contains("\"mv\": \"Qh5xf7\""));
/// # Ok::<(), roundtable::Error>(())
/// ```
#[derive(Clone)]
pub struct Game {
    record: Record,
    trace: AnyTrace,
}

impl Game {
    /// Replays `record` from its start: every move resolved, or the first
    /// that does not resolve, with the legal moves.
    pub fn replay(record: Record) -> Result<Game, Error> {
        let variant = replay::variant_of(&record)?;
        if variant.dice {
            let trace = AnyTrace::Dice(crate::dice_replay::replay_dice(&record)?);
            return Ok(Game { record, trace });
        }
        let trace = match variant.width() {
            Width::W64 => AnyTrace::W64(replay::replay(&record)?),
            Width::W128 => AnyTrace::W128(replay::replay(&record)?),
            Width::W256 => AnyTrace::W256(replay::replay(&record)?),
        };
        Ok(Game { record, trace })
    }

    /// Checks `record` without keeping its positions (the fast path for
    /// corpora): the number of plies, in the main line and in variations,
    /// and the outcome if the game is over.
    ///
    /// ```
    /// use roundtable::{Error, Game, read_str};
    ///
    /// let good = read_str("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n").remove(0)?;
    /// let checked = Game::validate(&good)?;
    /// assert_eq!((checked.plies, checked.variation_plies), (3, 2));
    /// assert_eq!(checked.outcome, None);
    ///
    /// let bad = read_str("1. e4 e5 2. Ke3 *\n").remove(0)?;
    /// assert!(matches!(Game::validate(&bad), Err(Error::Replay(_))));
    /// # Ok::<(), roundtable::Error>(())
    /// ```
    pub fn validate(record: &Record) -> Result<replay::Validated, Error> {
        let variant = replay::variant_of(record)?;
        if variant.dice {
            let trace = crate::dice_replay::replay_dice(record)?;
            let mut status = [crate::engine::Status::Active; 4];
            if let Some(loser) = trace.last().loser() {
                status[loser] = crate::engine::Status::Out;
            }
            return Ok(replay::Validated {
                plies: trace.plies.len(),
                variation_plies: trace.variation_plies(),
                outcome: trace.outcome,
                points: [0; 4],
                status,
                warnings: replay::result_warnings(record, variant, trace.outcome.as_ref()),
            });
        }
        Ok(match variant.width() {
            Width::W64 => replay::validate::<u64>(record)?,
            Width::W128 => replay::validate::<u128>(record)?,
            Width::W256 => replay::validate::<U256>(record)?,
        })
    }

    /// The variant.
    pub fn variant(&self) -> &'static Variant {
        with_trace!(&self.trace, t => t.variant, d => d.variant)
    }

    /// The record as it was read.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The number of plies.
    pub fn len(&self) -> usize {
        with_trace!(&self.trace, t => t.plies.len(), d => d.plies.len())
    }

    /// Whether the game has no ply.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The outcome, if the replay ends the game.
    pub fn outcome(&self) -> Option<Outcome> {
        with_trace!(&self.trace, t => t.outcome, d => d.outcome)
    }

    /// What the reader tolerated, and a stated result that the final
    /// position contradicts.
    pub fn warnings(&self) -> Vec<crate::record::Warning> {
        replay::result_warnings(&self.record, self.variant(), self.outcome().as_ref())
    }

    /// Every ply as facts.
    pub fn plies(&self) -> Vec<Ply> {
        with_trace!(&self.trace, t => t.plies.iter().map(|p| Ply {
            round: p.round,
            player: t.variant.seat_name(p.seat),
            long: p.long.clone(),
            written: p.text.clone(),
            events: p.events.clone(),
            comments: p.comments.clone(),
        }).collect(), d => d.plies.iter().map(|p| Ply {
            round: p.round,
            player: d.variant.seat_name(p.seat),
            long: p.long.clone(),
            written: p.text.clone(),
            events: p.events.clone(),
            comments: p.comments.clone(),
        }).collect())
    }

    /// The position after `ply` plies (0: the start), if the game is that
    /// long; `None` for a dice game, whose positions carry queues (see
    /// [`Game::dice_trace`]).
    pub fn board_after(&self, ply: usize) -> Option<Board> {
        macro_rules! pick {
            ($t:expr, $w:ident) => {{
                let pos = match ply.checked_sub(1) {
                    None => Some($t.start),
                    Some(i) => $t.plies.get(i).map(|p| p.after),
                };
                pos.map(|p| Board {
                    inner: AnyPosition::$w(p),
                })
            }};
        }
        match &self.trace {
            AnyTrace::W64(t) => pick!(t, W64),
            AnyTrace::W128(t) => pick!(t, W128),
            AnyTrace::W256(t) => pick!(t, W256),
            // A dice position is not a one-move board: see `dice_trace`.
            AnyTrace::Dice(_) => None,
        }
    }

    /// The positions from the start to the end.
    pub fn boards(&self) -> impl Iterator<Item = Board> + '_ {
        (0..=self.len()).filter_map(|i| self.board_after(i))
    }

    /// The record with every move resolved to long algebraic, its checks
    /// and mates, and the result the replay finds.
    pub fn resolved(&self) -> Record {
        with_trace!(&self.trace, t => convert::to_record(t, &self.record), d => crate::dice_replay::to_record(d, &self.record))
    }

    /// The game in `notation`, with what the notation could not carry.
    pub fn write(&self, notation: Notation) -> Result<Written, Error> {
        Ok(
            with_trace!(&self.trace, t => convert::write(t, &self.record, notation), d => crate::dice_replay::write(d, &self.record, notation))?,
        )
    }

    /// The game in `notation` with the writers' options (the style of
    /// descriptive moves, the knight's name).
    pub fn write_with(
        &self,
        notation: Notation,
        options: &convert::WriteOptions,
    ) -> Result<Written, Error> {
        Ok(
            with_trace!(&self.trace, t => convert::write_with(t, &self.record, notation, options), d => crate::dice_replay::write(d, &self.record, notation))?,
        )
    }

    /// Every report of the game (material by round, mates, per-player
    /// statistics) on `scale` (the variant's own when `None`); `source`
    /// names the game in the report.
    pub fn report(&self, source: &str, scale: Option<&Scale>) -> GameReport {
        let scale = scale
            .cloned()
            .unwrap_or_else(|| Scale::default_for(self.variant()));
        with_trace!(&self.trace, t => crate::report::game::report(source, t, &self.record, &scale), d => crate::report::game::dice_report(source, d, &self.record, &scale))
    }

    /// The replay's trace at width `B`, for the reports and renderers that
    /// work on traces directly; `None` at another width.
    pub fn trace<B: crate::board::Bits>(&self) -> Option<&Trace<B>> {
        use std::any::Any;
        with_trace!(&self.trace, t => (t as &dyn Any).downcast_ref::<Trace<B>>(), _d => None)
    }

    /// A dice game's replay (Skock): its turns and the positions with their
    /// queues; `None` for a game of one move a turn.
    pub fn dice_trace(&self) -> Option<&DiceTrace> {
        match &self.trace {
            AnyTrace::Dice(d) => Some(d),
            _ => None,
        }
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("variant", &self.variant().id)
            .field("plies", &self.len())
            .finish_non_exhaustive()
    }
}
