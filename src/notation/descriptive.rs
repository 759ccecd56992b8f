//! One cell of a round table in English descriptive notation, read into an
//! AST (`K. P. to K. 3.`, `K. B. takes Red's K. B.`, `Any move.`, `--`).
//!
//! Nothing here knows the board: the caller resolves a [`DescMove`] to the
//! legal move it names.
//!
//! Grammar (case-insensitive; periods and spaces between tokens optional):
//!
//! ```text
//! cell    := blank | dashes | "any" "move" | move
//! move    := [player] man action mark* "."?
//! action  := ("to" | "-") [player] square
//!          | ("takes" | "take" | "x" | "×") "on" [player] square
//!          | ("takes" | "take" | "x" | "×") [player] man
//! man     := file "P" | side minor | "P" | minor | "K" | "Q"
//! minor   := "B" | "Kt" | "N" | "C" | "R"
//! side    := "K" | "Q"
//! file    := side minor | side                      (minor B, Kt/N, C/R)
//! square  := file rank
//! rank    := 1..=14 | "square" | "sq"
//! player  := name ["'s"]          (ASCII letters, at least three; a word
//!                                  broken as "Yel- low" is rejoined)
//!          | initial              (one lowercase letter glued to an
//!                                  upper-case designator: `yK3`, `wP`)
//! mark    := "(Check)" | "check" | "ch" | "+" | "(Mate)" | "mate"
//!          | "checkmate" | "#"    (parentheses optional around words)
//! ```
//!
//! Where several readings fit, the longest designator that lets the rest of
//! the cell parse wins (`K. B. takes` is the king's bishop, `K. takes` the
//! king, `Kt. to` a knight, `KtoK3` the king).

use std::fmt;

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag, take_while, take_while1},
    character::complete::{alpha0, alpha1, digit1, satisfy},
    combinator::{eof, map, not, opt, peek, recognize, value},
    error::ErrorKind,
    multi::many0,
    sequence::{delimited, preceded, terminated},
};

/// The "K." / "Q." prefix of a piece designator or a file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// `K.`: the king's side of the board (the king's bishop, knight, rook).
    King,
    /// `Q.`: the queen's side of the board (the queen's bishop, knight, rook).
    Queen,
}

/// The kind of a man.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceName {
    /// The king, written `K.`.
    King,
    /// The queen, written `Q.`.
    Queen,
    /// The rook, written `R.` or `C.` (Verney's castle).
    Rook,
    /// The bishop, written `B.`.
    Bishop,
    /// The knight, written `Kt.` or `N.`.
    Knight,
    /// `P.`, with or without the file it started on (`K. P.`, `Q. B. P.`).
    Pawn,
}

/// A file named after a back-row man: Q.R. Q.Kt. Q.B. Q. K. K.B. K.Kt. K.R.
/// (C = R, Kt = N).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileName {
    /// `Q. R.`: the queen's rook's file (`a` from White's side in orthodox chess).
    QueensRook,
    /// `Q. Kt.`: the queen's knight's file.
    QueensKnight,
    /// `Q. B.`: the queen's bishop's file.
    QueensBishop,
    /// `Q.`: the queen's file.
    Queen,
    /// `K.`: the king's file.
    King,
    /// `K. B.`: the king's bishop's file.
    KingsBishop,
    /// `K. Kt.`: the king's knight's file.
    KingsKnight,
    /// `K. R.`: the king's rook's file (`h` from White's side in orthodox chess).
    KingsRook,
}

impl FileName {
    /// The eight files, from the queen's rook's to the king's rook's.
    pub const ALL: [FileName; 8] = [
        FileName::QueensRook,
        FileName::QueensKnight,
        FileName::QueensBishop,
        FileName::Queen,
        FileName::King,
        FileName::KingsBishop,
        FileName::KingsKnight,
        FileName::KingsRook,
    ];
}

/// Another player named in front of a square or man.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PlayerRef {
    /// A full name as written, without `'s` ("Red", "Yellow"; "Yel- low" is
    /// rejoined to "Yellow").
    Name(String),
    /// A lowercase initial glued to the designator (`yK3` gives `'y'`).
    Initial(char),
}

/// A man designator: `K. B.`, `Q.`, `Q. B. P.`, `White's Q.`, `wP`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Man {
    /// The player the man belongs to, when written (`White's Q.`, `wP`); `None`
    /// for the mover's own man, or for a captured man of whichever player it fits.
    pub player: Option<PlayerRef>,
    /// The kind of man.
    pub piece: PieceName,
    /// `Some` only for bishops, knights and rooks written with a side.
    pub side: Option<Side>,
    /// `Some` only for pawns written with a file (`K. P.`, `Q. B. P.`).
    pub pawn_file: Option<FileName>,
}

/// A square in some player's descriptive system: `K. 3`, `K. square`
/// (rank 1), `Red's Q. B. 3`, `yK3`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DescSquare {
    /// The player whose system names the square, when written (`Red's Q. B. 3`);
    /// `None` for the mover's own.
    pub player: Option<PlayerRef>,
    /// The file, named after the back-row man that starts on it.
    pub file: FileName,
    /// 1 to 14, counted from the square's player's own edge.
    pub rank: u8,
}

/// What the man does.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// `to K. 3`, `- K. 3`
    To(DescSquare),
    /// `takes Red's K. B.`: the captured man, maybe with its player.
    Takes(Man),
    /// `takes on K. 5`
    TakesOn(DescSquare),
}

/// One move in descriptive notation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DescMove {
    /// The man that moves, as designated.
    pub man: Man,
    /// Where it goes or what it takes.
    pub action: Action,
    /// The cell marks the move as a check (`(Check).`, `ch`, `+`).
    pub check: bool,
    /// The cell marks the move as a mate (`(Mate).`, `checkmate`, `#`).
    pub mate: bool,
}

/// One cell of a round table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A move, read.
    Move(DescMove),
    /// `Any move.`: the record does not say which move was made.
    AnyMove,
    /// `--`, `-`, `—`: the player did not move (for instance, he is mated).
    Pass,
    /// Nothing written: the round ended there.
    Empty,
    /// A cell in algebraic notation (a round table of `table` notation);
    /// never produced by [`parse_cell`], only by the table reader.
    Algebraic(super::algebraic::Token),
}

/// Why a cell could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset into the cell text (always on a character boundary).
    pub offset: usize,
    /// What was expected there, in words.
    pub expected: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: expected {}", self.offset, self.expected)
    }
}

impl std::error::Error for ParseError {}

impl Man {
    fn plain(piece: PieceName) -> Self {
        Man {
            player: None,
            piece,
            side: None,
            pawn_file: None,
        }
    }
}

impl fmt::Display for DescMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_move(self))
    }
}

// ---------------------------------------------------------------------------
// Errors inside the parser

const MAN: &str = "a man such as `K. B.`, `Q.`, `P.`";
const CAPTURED: &str = "the man taken, such as `Red's K. B.`, `White Q.`, `P.`";
const SQUARE: &str = "a square such as `K. 3`, `Q. B. 4` or `K. square`";
const RANK: &str = "a rank from 1 to 14 or `square`";
const ACTION: &str = "`to` or `takes`";
const END: &str = "`(Check)`, `(Mate)`, a period or the end of the cell";
const MOVE_WORD: &str = "`move` (as in `Any move.`)";
const ANYTHING: &str = "a move such as `K. P. to K. 3.`, `Any move.` or `--`";

/// The parser's error: where it stopped and what would have fitted there.
/// Alternatives keep the error that got furthest.
#[derive(Debug, Clone)]
struct PErr<'a> {
    input: &'a str,
    expected: Vec<&'static str>,
}

impl<'a> nom::error::ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        PErr {
            input,
            expected: Vec::new(),
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        use std::cmp::Ordering;
        match self.input.len().cmp(&other.input.len()) {
            Ordering::Less => self,
            Ordering::Greater => other,
            Ordering::Equal => {
                let mut merged = self;
                for e in other.expected {
                    if !merged.expected.contains(&e) {
                        merged.expected.push(e);
                    }
                }
                merged
            }
        }
    }
}

type PResult<'a, O> = IResult<&'a str, O, PErr<'a>>;

fn fail<'a, O>(input: &'a str, expected: &'static str) -> PResult<'a, O> {
    let expected = if expected.is_empty() {
        Vec::new()
    } else {
        vec![expected]
    };
    Err(nom::Err::Error(PErr { input, expected }))
}

fn is_sep(c: char) -> bool {
    c.is_whitespace() || c == '.'
}

/// Optional spaces and periods between tokens.
fn sep0(i: &str) -> PResult<'_, &str> {
    take_while(is_sep).parse_complete(i)
}

/// An ASCII keyword, case-insensitive. (`nom`'s own `tag_no_case` on `&str`
/// compares Unicode lowercase and may then split inside a character, for
/// instance on the Kelvin sign, which lowercases to `k`.)
pub(crate) fn kw<'a, E>(word: &'static str) -> impl Fn(&'a str) -> IResult<&'a str, &'a str, E>
where
    E: nom::error::ParseError<&'a str>,
{
    move |i: &'a str| match i.split_at_checked(word.len()) {
        Some((head, rest)) if head.eq_ignore_ascii_case(word) => Ok((rest, head)),
        _ => Err(nom::Err::Error(E::from_error_kind(i, ErrorKind::Tag))),
    }
}

/// Runs `p`; if it fails without getting past the leading spaces/periods,
/// or fails without saying what it wanted, the error says `msg`.
fn expect<'a, O, P>(msg: &'static str, mut p: P) -> impl FnMut(&'a str) -> PResult<'a, O>
where
    P: Parser<&'a str, Output = O, Error = PErr<'a>>,
{
    move |i: &'a str| match p.parse_complete(i) {
        Err(nom::Err::Error(mut e)) => {
            let skipped = i.trim_start_matches(is_sep);
            if e.input.len() >= skipped.len() {
                e.input = skipped;
                e.expected = vec![msg];
            } else if e.expected.is_empty() {
                e.expected = vec![msg];
            }
            Err(nom::Err::Error(e))
        }
        other => other,
    }
}

// ---------------------------------------------------------------------------
// Designators

fn side(i: &str) -> PResult<'_, Side> {
    alt((value(Side::King, kw("k")), value(Side::Queen, kw("q")))).parse_complete(i)
}

/// Bishop, knight or rook: the men that come in king's and queen's pairs.
fn minor(i: &str) -> PResult<'_, PieceName> {
    alt((
        value(PieceName::Bishop, kw("b")),
        value(PieceName::Knight, kw("kt")),
        value(PieceName::Knight, kw("n")),
        value(PieceName::Rook, kw("c")),
        value(PieceName::Rook, kw("r")),
    ))
    .parse_complete(i)
}

fn file_of(side: Side, piece: PieceName) -> FileName {
    match (side, piece) {
        (Side::Queen, PieceName::Rook) => FileName::QueensRook,
        (Side::Queen, PieceName::Knight) => FileName::QueensKnight,
        (Side::Queen, PieceName::Bishop) => FileName::QueensBishop,
        (Side::Queen, _) => FileName::Queen,
        (Side::King, PieceName::Rook) => FileName::KingsRook,
        (Side::King, PieceName::Knight) => FileName::KingsKnight,
        (Side::King, PieceName::Bishop) => FileName::KingsBishop,
        (Side::King, _) => FileName::King,
    }
}

/// A file name, longest first (`K. B.` before `K.`). Nothing that may
/// follow a file (a rank, or `P`) can start a minor piece's letter, so the
/// longest match is always the right one.
fn file(i: &str) -> PResult<'_, FileName> {
    alt((
        map((side, sep0, minor), |(s, _, p)| file_of(s, p)),
        map(side, |s| match s {
            Side::King => FileName::King,
            Side::Queen => FileName::Queen,
        }),
    ))
    .parse_complete(i)
}

fn rank_number(i: &str) -> PResult<'_, u8> {
    let (rest, digits) = digit1(i)?;
    match digits.parse::<u8>() {
        Ok(n) if (1..=14).contains(&n) => Ok((rest, n)),
        _ => fail(i, RANK),
    }
}

/// A keyword that no ASCII letter may follow (`sq` but not `sqaure`); a
/// failure is reported at the word's start.
fn whole_word<'a>(word: &'static str) -> impl Fn(&'a str) -> PResult<'a, &'a str> {
    move |i: &'a str| match terminated(
        kw::<PErr<'a>>(word),
        not(satisfy(|c| c.is_ascii_alphabetic())),
    )
    .parse_complete(i)
    {
        Ok(ok) => Ok(ok),
        Err(_) => fail(i, ""),
    }
}

fn rank(i: &str) -> PResult<'_, u8> {
    expect(
        RANK,
        alt((
            value(1, whole_word("square")),
            value(1, whole_word("sq")),
            rank_number,
        )),
    )
    .parse_complete(i)
}

/// What may come after a man or square: the parse continues only if this
/// fits too.
type Follow = for<'a> fn(&'a str) -> PResult<'a, ()>;

/// A man, trying the longest designators first; each reading must be
/// followed by `follow`.
fn man(i: &str, follow: Follow) -> PResult<'_, Man> {
    let single = |piece: PieceName, word: &'static str| {
        value(Man::plain(piece), terminated(kw(word), peek(follow)))
    };
    alt((
        map(
            terminated((file, sep0, kw("p")), peek(follow)),
            |(f, _, _)| Man {
                pawn_file: Some(f),
                ..Man::plain(PieceName::Pawn)
            },
        ),
        map(
            terminated((side, sep0, minor), peek(follow)),
            |(s, _, p)| Man {
                side: Some(s),
                ..Man::plain(p)
            },
        ),
        single(PieceName::Pawn, "p"),
        single(PieceName::Bishop, "b"),
        single(PieceName::Knight, "kt"),
        single(PieceName::Knight, "n"),
        single(PieceName::Rook, "c"),
        single(PieceName::Rook, "r"),
        single(PieceName::King, "k"),
        single(PieceName::Queen, "q"),
    ))
    .parse_complete(i)
}

fn square(i: &str, follow: Follow) -> PResult<'_, (FileName, u8)> {
    map(terminated((file, sep0, rank), peek(follow)), |(f, _, r)| {
        (f, r)
    })
    .parse_complete(i)
}

fn mover(i: &str) -> PResult<'_, Man> {
    man(i, follow_action)
}

fn captured(i: &str) -> PResult<'_, Man> {
    man(i, follow_end)
}

fn target(i: &str) -> PResult<'_, (FileName, u8)> {
    square(i, follow_end)
}

// ---------------------------------------------------------------------------
// Players

/// Words that are never a player's name.
const RESERVED: [&str; 9] = [
    "takes",
    "take",
    "check",
    "mate",
    "checkmate",
    "square",
    "any",
    "move",
    "ch",
];

/// Lowercase letters that may be a player's initial. Letters that start a
/// designator or keyword (`k q n c p t x`) are left out; `b` and `r` stay
/// (Black, Blue, Red) because `B`/`R` followed by an upper-case designator
/// never reads as a man.
fn is_initial(c: char) -> bool {
    c.is_ascii_lowercase() && !matches!(c, 'k' | 'q' | 'n' | 'c' | 'p' | 't' | 'x')
}

/// The rest of a word broken over a line: `- low` in `Yel- low`.
fn broken_word_tail(i: &str) -> PResult<'_, &str> {
    preceded(
        (tag("-"), take_while1(char::is_whitespace)),
        recognize((satisfy(|c| c.is_ascii_lowercase()), alpha0)),
    )
    .parse_complete(i)
}

fn player_name(i: &str) -> PResult<'_, String> {
    let (mut rest, first) = alpha1(i)?;
    let mut name = first.to_owned();
    // A word broken over a line in the source: "Yel- low".
    while let Ok((r, tail)) = broken_word_tail(rest) {
        name.push_str(tail);
        rest = r;
    }
    if name.len() < 3 || RESERVED.iter().any(|w| w.eq_ignore_ascii_case(&name)) {
        return fail(i, "");
    }
    let (rest, _) =
        opt(alt((kw("'s"), preceded(tag("\u{2019}"), kw("s"))))).parse_complete(rest)?;
    Ok((rest, name))
}

fn initial(i: &str) -> PResult<'_, char> {
    terminated(
        satisfy(is_initial),
        peek(satisfy(|c| c.is_ascii_uppercase())),
    )
    .parse_complete(i)
}

/// `inner`, maybe with a player in front: a full name first, then an
/// initial, then none.
fn prefixed<'a, O>(
    i: &'a str,
    inner: fn(&'a str) -> PResult<'a, O>,
) -> PResult<'a, (Option<PlayerRef>, O)> {
    alt((
        map((player_name, sep0, inner), |(n, _, o)| {
            (Some(PlayerRef::Name(n)), o)
        }),
        map((initial, inner), |(c, o)| (Some(PlayerRef::Initial(c)), o)),
        map(inner, |o| (None, o)),
    ))
    .parse_complete(i)
}

// ---------------------------------------------------------------------------
// Keywords, marks, the move

fn to_kw(i: &str) -> PResult<'_, &str> {
    alt((kw("to"), tag("-"), tag("\u{2013}"))).parse_complete(i)
}

fn takes_kw(i: &str) -> PResult<'_, &str> {
    alt((kw("takes"), kw("take"), kw("x"), tag("\u{d7}"))).parse_complete(i)
}

fn follow_action(i: &str) -> PResult<'_, ()> {
    expect(ACTION, value((), (sep0, alt((takes_kw, to_kw))))).parse_complete(i)
}

fn follow_end(i: &str) -> PResult<'_, ()> {
    value((), suffix_to_end).parse_complete(i)
}

#[derive(Clone, Copy)]
enum Mark {
    Check,
    Mate,
}

fn mark_word(i: &str) -> PResult<'_, Mark> {
    alt((
        value(Mark::Mate, kw("checkmate")),
        value(Mark::Check, kw("check")),
        value(Mark::Check, kw("ch")),
        value(Mark::Mate, kw("mate")),
    ))
    .parse_complete(i)
}

fn mark(i: &str) -> PResult<'_, Mark> {
    alt((
        delimited((tag("("), sep0), mark_word, (sep0, tag(")"))),
        mark_word,
        value(Mark::Check, tag("+")),
        value(Mark::Mate, tag("#")),
    ))
    .parse_complete(i)
}

/// Check and mate marks, a trailing period, and the end of the cell.
fn suffix_to_end(i: &str) -> PResult<'_, (bool, bool)> {
    expect(END, |i| {
        let (rest, marks) = preceded(sep0, many0(terminated(mark, sep0))).parse_complete(i)?;
        let (rest, _) = eof(rest)?;
        let check = marks.iter().any(|m| matches!(m, Mark::Check));
        let mate = marks.iter().any(|m| matches!(m, Mark::Mate));
        Ok((rest, (check, mate)))
    })
    .parse_complete(i)
}

fn to_square((player, (file, rank)): (Option<PlayerRef>, (FileName, u8))) -> DescSquare {
    DescSquare { player, file, rank }
}

fn action(i: &str) -> PResult<'_, Action> {
    alt((
        preceded(
            (sep0, to_kw, sep0),
            expect(
                SQUARE,
                map(|i| prefixed(i, target), |s| Action::To(to_square(s))),
            ),
        ),
        preceded(
            (sep0, takes_kw, sep0, kw("on"), sep0),
            expect(
                SQUARE,
                map(|i| prefixed(i, target), |s| Action::TakesOn(to_square(s))),
            ),
        ),
        preceded(
            (sep0, takes_kw, sep0),
            expect(
                CAPTURED,
                map(
                    |i| prefixed(i, captured),
                    |(player, m)| Action::Takes(Man { player, ..m }),
                ),
            ),
        ),
    ))
    .parse_complete(i)
}

fn desc_move(i: &str) -> PResult<'_, DescMove> {
    let (rest, (_, (player, m))) = (sep0, expect(MAN, |i| prefixed(i, mover))).parse_complete(i)?;
    let (rest, action) = action(rest)?;
    let (rest, (check, mate)) = suffix_to_end(rest)?;
    Ok((
        rest,
        DescMove {
            man: Man { player, ..m },
            action,
            check,
            mate,
        },
    ))
}

fn cell(i: &str) -> PResult<'_, Cell> {
    let ws = || take_while(char::is_whitespace);
    let dashes = take_while1(|c| matches!(c, '-' | '\u{2013}' | '\u{2014}' | '\u{2015}'));
    alt((
        value(Cell::Empty, (ws(), eof)),
        value(Cell::Pass, (ws(), dashes, sep0, eof)),
        value(
            Cell::AnyMove,
            (
                ws(),
                kw("any"),
                sep0,
                expect(MOVE_WORD, kw("move")),
                sep0,
                eof,
            ),
        ),
        map(desc_move, Cell::Move),
    ))
    .parse_complete(i)
}

/// Reads one cell. Never panics; on error, `offset` is a byte offset into
/// `text` on a character boundary.
pub fn parse_cell(text: &str) -> Result<Cell, ParseError> {
    match cell(text) {
        Ok((_, c)) => Ok(c),
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => Err(ParseError {
            offset: text.len().saturating_sub(e.input.len()),
            expected: if e.expected.is_empty() {
                ANYTHING.to_owned()
            } else {
                e.expected.join(" or ")
            },
        }),
        Err(nom::Err::Incomplete(_)) => Err(ParseError {
            offset: text.len(),
            expected: ANYTHING.to_owned(),
        }),
    }
}

// ---------------------------------------------------------------------------
// Writing

fn side_str(s: Side) -> &'static str {
    match s {
        Side::King => "K.",
        Side::Queen => "Q.",
    }
}

fn file_str(f: FileName) -> &'static str {
    match f {
        FileName::QueensRook => "Q. C.",
        FileName::QueensKnight => "Q. Kt.",
        FileName::QueensBishop => "Q. B.",
        FileName::Queen => "Q.",
        FileName::King => "K.",
        FileName::KingsBishop => "K. B.",
        FileName::KingsKnight => "K. Kt.",
        FileName::KingsRook => "K. C.",
    }
}

fn push_player(out: &mut String, p: &Option<PlayerRef>) {
    match p {
        Some(PlayerRef::Name(n)) => {
            out.push_str(n);
            out.push_str("'s ");
        }
        Some(PlayerRef::Initial(c)) => out.push(*c),
        None => {}
    }
}

/// A man designator in Verney's style: `K. B.`, `Q.`, `K. P.`, `Red's Q.`.
pub fn write_man(m: &Man) -> String {
    let mut out = String::new();
    push_man(&mut out, m);
    out
}

fn push_man(out: &mut String, m: &Man) {
    push_player(out, &m.player);
    let letter = match m.piece {
        PieceName::King => "K.",
        PieceName::Queen => "Q.",
        PieceName::Rook => "C.",
        PieceName::Bishop => "B.",
        PieceName::Knight => "Kt.",
        PieceName::Pawn => "P.",
    };
    match m.piece {
        PieceName::Pawn => {
            if let Some(f) = m.pawn_file {
                out.push_str(file_str(f));
                out.push(' ');
            }
        }
        PieceName::Rook | PieceName::Bishop | PieceName::Knight => {
            if let Some(s) = m.side {
                out.push_str(side_str(s));
                out.push(' ');
            }
        }
        PieceName::King | PieceName::Queen => {}
    }
    out.push_str(letter);
}

fn push_square(out: &mut String, s: &DescSquare) {
    push_player(out, &s.player);
    out.push_str(file_str(s.file));
    out.push(' ');
    if s.rank == 1 {
        out.push_str("square");
    } else {
        out.push_str(&s.rank.to_string());
    }
}

/// Prints a move in Verney's style: `K. P. to K. 3.`,
/// `K. B. takes Red's K. B.`, `Q. takes White's Q. (Check).`,
/// `K. to K. square.`. Rooks and rook files are written `C.` (Castle), as
/// Verney names them; names always get `'s`; initials are glued (`wP.`).
///
/// `parse_cell(&write_move(m)) == Ok(Cell::Move(m))` for every move that
/// `parse_cell` can produce (names of ASCII letters, initials from the
/// accepted set, ranks 1 to 14).
pub fn write_move(m: &DescMove) -> String {
    let mut out = String::new();
    push_man(&mut out, &m.man);
    match &m.action {
        Action::To(s) => {
            out.push_str(" to ");
            push_square(&mut out, s);
        }
        Action::Takes(t) => {
            out.push_str(" takes ");
            push_man(&mut out, t);
        }
        Action::TakesOn(s) => {
            out.push_str(" takes on ");
            push_square(&mut out, s);
        }
    }
    if m.check {
        out.push_str(" (Check)");
    }
    if m.mate {
        out.push_str(" (Mate)");
    }
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> DescMove {
        match parse_cell(text) {
            Ok(Cell::Move(m)) => m,
            other => panic!("{text:?} gave {other:?}"),
        }
    }

    fn man(piece: PieceName) -> Man {
        Man::plain(piece)
    }

    fn sided(piece: PieceName, side: Side) -> Man {
        Man {
            side: Some(side),
            ..Man::plain(piece)
        }
    }

    fn pawn(f: FileName) -> Man {
        Man {
            pawn_file: Some(f),
            ..Man::plain(PieceName::Pawn)
        }
    }

    fn named(name: &str, m: Man) -> Man {
        Man {
            player: Some(PlayerRef::Name(name.to_owned())),
            ..m
        }
    }

    fn sq(file: FileName, rank: u8) -> DescSquare {
        DescSquare {
            player: None,
            file,
            rank,
        }
    }

    fn to(m: Man, s: DescSquare) -> DescMove {
        DescMove {
            man: m,
            action: Action::To(s),
            check: false,
            mate: false,
        }
    }

    fn takes(m: Man, t: Man) -> DescMove {
        DescMove {
            man: m,
            action: Action::Takes(t),
            check: false,
            mate: false,
        }
    }

    fn checked(m: DescMove) -> DescMove {
        DescMove { check: true, ..m }
    }

    fn assert_round_trip(m: &DescMove) {
        let w = write_move(m);
        assert_eq!(parse_cell(&w), Ok(Cell::Move(m.clone())), "{w:?}");
    }

    #[test]
    fn seed_table_cells() {
        use FileName as F;
        use PieceName as P;
        let k_p_k3 = to(pawn(F::King), sq(F::King, 3));
        assert_eq!(mv("K. P. to K. 3."), k_p_k3);
        assert_eq!(
            mv("K. B. takes Red's K. B."),
            takes(
                sided(P::Bishop, Side::King),
                named("Red", sided(P::Bishop, Side::King))
            )
        );
        assert_eq!(
            mv("Q. takes White Q. (Check)."),
            checked(takes(man(P::Queen), named("White", man(P::Queen))))
        );
        assert_eq!(
            mv("K. takes Red Q."),
            takes(man(P::King), named("Red", man(P::Queen)))
        );
        assert_eq!(
            mv("K. B. takes White's K. B."),
            takes(
                sided(P::Bishop, Side::King),
                named("White", sided(P::Bishop, Side::King))
            )
        );
        assert_eq!(
            mv("Q takes Black Q. (Check)."),
            checked(takes(man(P::Queen), named("Black", man(P::Queen))))
        );
        assert_eq!(
            mv("K. takes Yellow B."),
            takes(man(P::King), named("Yellow", man(P::Bishop)))
        );
        assert_eq!(mv("K. to K. square."), to(man(P::King), sq(F::King, 1)));
        assert_eq!(
            mv("K. takes Yel- low Q."),
            takes(man(P::King), named("Yellow", man(P::Queen)))
        );
        assert_eq!(parse_cell("Any move."), Ok(Cell::AnyMove));
        assert_eq!(
            mv("K. takes Black K. B."),
            takes(man(P::King), named("Black", sided(P::Bishop, Side::King)))
        );
        assert_eq!(parse_cell(""), Ok(Cell::Empty));
    }

    #[test]
    fn men() {
        use FileName as F;
        use PieceName as P;
        let cases: Vec<(&str, Man)> = vec![
            ("K.", man(P::King)),
            ("Q.", man(P::Queen)),
            ("K. B.", sided(P::Bishop, Side::King)),
            ("Q. B.", sided(P::Bishop, Side::Queen)),
            ("K. Kt.", sided(P::Knight, Side::King)),
            ("Q. Kt.", sided(P::Knight, Side::Queen)),
            ("K. N.", sided(P::Knight, Side::King)),
            ("K. C.", sided(P::Rook, Side::King)),
            ("K. R.", sided(P::Rook, Side::King)),
            ("Q. C.", sided(P::Rook, Side::Queen)),
            ("Q. R.", sided(P::Rook, Side::Queen)),
            ("B.", man(P::Bishop)),
            ("Kt.", man(P::Knight)),
            ("N.", man(P::Knight)),
            ("C.", man(P::Rook)),
            ("R.", man(P::Rook)),
            ("P.", man(P::Pawn)),
            ("K. P.", pawn(F::King)),
            ("Q. P.", pawn(F::Queen)),
            ("Q. B. P.", pawn(F::QueensBishop)),
            ("K. B. P.", pawn(F::KingsBishop)),
            ("K. Kt. P.", pawn(F::KingsKnight)),
            ("Q. Kt. P.", pawn(F::QueensKnight)),
            ("K. R. P.", pawn(F::KingsRook)),
            ("Q. C. P.", pawn(F::QueensRook)),
            ("QKtP", pawn(F::QueensKnight)),
            ("kbp", pawn(F::KingsBishop)),
        ];
        for (text, m) in cases {
            let cell = format!("{text} to K. 4");
            assert_eq!(mv(&cell).man, m, "{cell}");
            let cell = format!("Q. takes {text}");
            assert_eq!(mv(&cell).action, Action::Takes(m.clone()), "{cell}");
        }
    }

    #[test]
    fn files_and_ranks() {
        use FileName as F;
        let cases = [
            ("Q. R. 2", F::QueensRook, 2),
            ("Q. C. 14", F::QueensRook, 14),
            ("Q. Kt. 3", F::QueensKnight, 3),
            ("Q. N. 3", F::QueensKnight, 3),
            ("Q. B. 4", F::QueensBishop, 4),
            ("Q. 5", F::Queen, 5),
            ("K. 6", F::King, 6),
            ("K. B. 7", F::KingsBishop, 7),
            ("K. Kt. 8", F::KingsKnight, 8),
            ("K. R. square", F::KingsRook, 1),
            ("K. C. sq.", F::KingsRook, 1),
            ("K. 1", F::King, 1),
            ("KB3", F::KingsBishop, 3),
        ];
        for (text, f, r) in cases {
            let cell = format!("Kt. to {text}.");
            assert_eq!(mv(&cell), to(man(PieceName::Knight), sq(f, r)), "{cell}");
        }
    }

    #[test]
    fn longest_match_and_glued_forms() {
        use FileName as F;
        use PieceName as P;
        assert_eq!(mv("K to K3"), to(man(P::King), sq(F::King, 3)));
        assert_eq!(mv("KtoK3"), to(man(P::King), sq(F::King, 3)));
        assert_eq!(mv("Ktto KB3"), to(man(P::Knight), sq(F::KingsBishop, 3)));
        assert_eq!(mv("Kttakes P"), takes(man(P::Knight), man(P::Pawn)));
        assert_eq!(mv("Ktakes P"), takes(man(P::King), man(P::Pawn)));
        assert_eq!(
            mv("KBtakes KBP"),
            takes(sided(P::Bishop, Side::King), pawn(F::KingsBishop))
        );
        assert_eq!(mv("P-K4"), to(man(P::Pawn), sq(F::King, 4)));
        assert_eq!(mv("p - k 4"), to(man(P::Pawn), sq(F::King, 4)));
        assert_eq!(mv("KtxP ch"), checked(takes(man(P::Knight), man(P::Pawn))));
        assert_eq!(
            mv("k. b. takes red's k. b."),
            takes(
                sided(P::Bishop, Side::King),
                named("red", sided(P::Bishop, Side::King))
            )
        );
    }

    #[test]
    fn players() {
        use FileName as F;
        use PieceName as P;
        let y = |c| Some(PlayerRef::Initial(c));
        assert_eq!(
            mv("Q. to yK3"),
            to(
                man(P::Queen),
                DescSquare {
                    player: y('y'),
                    ..sq(F::King, 3)
                }
            )
        );
        assert_eq!(
            mv("B. to Red's Q. B. 3"),
            to(
                man(P::Bishop),
                DescSquare {
                    player: Some(PlayerRef::Name("Red".into())),
                    ..sq(F::QueensBishop, 3)
                }
            )
        );
        assert_eq!(
            mv("Q. takes bKN"),
            takes(
                man(P::Queen),
                Man {
                    player: y('b'),
                    ..sided(P::Knight, Side::King)
                }
            )
        );
        assert_eq!(
            mv("QxwP"),
            takes(
                man(P::Queen),
                Man {
                    player: y('w'),
                    ..man(P::Pawn)
                }
            )
        );
        assert_eq!(
            mv("Q x Red\u{2019}s Q."),
            takes(man(P::Queen), named("Red", man(P::Queen)))
        );
        assert_eq!(
            mv("B. takes on rK. 5"),
            DescMove {
                man: man(P::Bishop),
                action: Action::TakesOn(DescSquare {
                    player: y('r'),
                    ..sq(F::King, 5)
                }),
                check: false,
                mate: false,
            }
        );
        // A player name in front of the moving man is accepted too.
        assert_eq!(mv("White's K. to K. 2").man, named("White", man(P::King)));
        // `kB3` is the king's bishop's file, not a player `k`.
        assert_eq!(mv("B to kB3"), to(man(P::Bishop), sq(F::KingsBishop, 3)));
    }

    #[test]
    fn marks() {
        let base = |t: &str| mv(&format!("Q. takes Q.{t}"));
        for t in [" (Check).", " ch", " check", "+", " (ch.)", " Check"] {
            let m = base(t);
            assert!(m.check && !m.mate, "{t}");
        }
        for t in [" (Mate).", " mate", "#", " checkmate", " (Mate)"] {
            let m = base(t);
            assert!(m.mate && !m.check, "{t}");
        }
        let m = base(" (Check) (Mate).");
        assert!(m.check && m.mate);
        assert!(!base(".").check);
    }

    #[test]
    fn special_cells() {
        for t in ["Any move.", "any move", "ANY MOVE.", "  Any   move  "] {
            assert_eq!(parse_cell(t), Ok(Cell::AnyMove), "{t}");
        }
        for t in ["--", "-", "\u{2014}", " \u{2013} ", "---."] {
            assert_eq!(parse_cell(t), Ok(Cell::Pass), "{t}");
        }
        for t in ["", "   ", "\t"] {
            assert_eq!(parse_cell(t), Ok(Cell::Empty), "{t:?}");
        }
    }

    fn err(text: &str) -> ParseError {
        match parse_cell(text) {
            Err(e) => e,
            Ok(c) => panic!("{text:?} parsed as {c:?}"),
        }
    }

    #[test]
    fn error_offsets() {
        let e = err("Z. to K. 3");
        assert_eq!(e.offset, 0);
        assert_eq!(e.expected, MAN);
        let e = err("K. P. to K.");
        assert_eq!((e.offset, e.expected.as_str()), (11, RANK));
        let e = err("K. P. to K. 33");
        assert_eq!((e.offset, e.expected.as_str()), (12, RANK));
        let e = err("K. P. foo K. 3");
        assert_eq!((e.offset, e.expected.as_str()), (6, ACTION));
        let e = err("K. P. to");
        assert_eq!((e.offset, e.expected.as_str()), (8, SQUARE));
        let e = err("K. P. to Z. 3");
        assert_eq!((e.offset, e.expected.as_str()), (9, SQUARE));
        let e = err("Q. takes");
        assert_eq!((e.offset, e.expected.as_str()), (8, CAPTURED));
        let e = err("Q. takes Black");
        assert_eq!(e.offset, 14);
        let e = err("K. to K. 3 (Check) junk");
        assert_eq!((e.offset, e.expected.as_str()), (19, END));
        let e = err("Any mov");
        assert_eq!((e.offset, e.expected.as_str()), (4, MOVE_WORD));
        let e = err("Q. to K. 3!");
        assert_eq!(e.offset, 10);
        // Multi-byte characters: the offset stays on a char boundary.
        let e = err("K. to \u{212a}. 3");
        assert_eq!(e.offset, 6);
    }

    #[test]
    fn writes_in_verneys_style() {
        use FileName as F;
        use PieceName as P;
        let m = takes(
            sided(P::Bishop, Side::King),
            named("Red", sided(P::Bishop, Side::King)),
        );
        assert_eq!(write_move(&m), "K. B. takes Red's K. B.");
        let m = checked(takes(man(P::Queen), named("White", man(P::Queen))));
        assert_eq!(write_move(&m), "Q. takes White's Q. (Check).");
        assert_eq!(
            write_move(&to(man(P::King), sq(F::King, 1))),
            "K. to K. square."
        );
        assert_eq!(
            write_move(&to(pawn(F::King), sq(F::King, 3))),
            "K. P. to K. 3."
        );
        assert_eq!(write_move(&mv("QxwP#")), "Q. takes wP. (Mate).");
    }

    #[test]
    fn round_trips() {
        let texts = [
            "K. P. to K. 3.",
            "K. B. takes Red's K. B.",
            "Q. takes White Q. (Check).",
            "K. takes Red Q.",
            "Q takes Black Q. (Check).",
            "K. to K. square.",
            "K. takes Yel- low Q.",
            "Q. to yK3",
            "B. to Red's Q. B. 3",
            "Q. takes bKN",
            "QxwP mate",
            "B. takes on rK. 5 ch",
            "K. R. to Q. R. 14",
            "Q. Kt. P. to Q. Kt. 4 (Check) (Mate)",
            "White's K. to K. 2",
        ];
        for t in texts {
            assert_round_trip(&mv(t));
        }
    }

    /// A small deterministic generator, so the fuzz test needs no crate.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }
    }

    fn check_no_panic(text: &str) {
        if let Err(e) = parse_cell(text) {
            assert!(e.offset <= text.len(), "{text:?}: {e:?}");
            assert!(text.is_char_boundary(e.offset), "{text:?}: {e:?}");
            assert!(!e.expected.is_empty());
        }
    }

    #[test]
    fn garbage_never_panics() {
        let alphabet: Vec<char> =
            "KQBNPCRTtkqbnpcrxyw.- ()'#+0123456789sS\u{212a}\u{130}\u{2019}\u{2014}é漢\t\n"
                .chars()
                .collect();
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let len = (rng.next() % 24) as usize;
            let s: String = (0..len)
                .filter_map(|_| {
                    let n = rng.next() as usize;
                    alphabet.get(n % alphabet.len()).copied()
                })
                .collect();
            check_no_panic(&s);
        }
        // Arbitrary bytes, made into text the way a reader would.
        for _ in 0..5_000 {
            let len = (rng.next() % 32) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            check_no_panic(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn truncated_cells_never_panic() {
        let texts = [
            "K. B. takes Red's K. B.",
            "Q. takes White Q. (Check).",
            "K. takes Yel- low Q.",
            "Q. Kt. P. to Q. Kt. 4 (Check) (Mate)",
            "B. takes on rK. 5 ch",
            "Any move.",
        ];
        for t in texts {
            for (i, _) in t.char_indices() {
                check_no_panic(t.get(..i).unwrap_or_default());
            }
        }
        let e = err("K. B. takes Red's");
        assert_eq!((e.offset, e.expected.as_str()), (17, CAPTURED));
        let e = err("K. B. takes Red's K. B. (Che");
        assert_eq!((e.offset, e.expected.as_str()), (24, END));
    }
}
