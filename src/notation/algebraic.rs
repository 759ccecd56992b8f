//! Long and short algebraic move tokens, board-agnostic.
//!
//! This module only reads and writes the *syntax* of a move: it does not
//! know the board, the pieces on it or whose turn it is. A parsed [`Token`]
//! is resolved to a legal move by the caller.
//!
//! Squares are `a1`..`z26` (files `a`-`z`, ranks 1-26, no leading zeros).
//! Piece letters are `K Q R B N P S D` (`S` squirk, `D` the PGN4 dame).
//!
//! Grammar of a move token (long and short forms share one parser):
//!
//! ```text
//! move      = [piece] body [promotion] marks [annotation]
//! body      = square ("-" | "x" [piece]) square        long:  e2-e4, Qd9xBa9
//!           | square ["x" [piece]] square              short: Qh4e1, e2e4
//!           | [file | rank] ["x" [piece]] square       short: h3, Bxa9, Nbd7, R1a3, exd5
//! promotion = "=" piece | piece (pawn moves only, one of Q B N K D)
//! marks     = any order of: "+"..., at most one "#", at most one exit R/T/S
//! castle    = O-O | O-O-O | O-O-O-O (or with 0) marks [annotation]
//! ```
//!
//! A bare `R` or `S` after a pawn's destination is an exit (PGN4 glues
//! `R`esigned / `S`talemate to moves), never a promotion: write `e8=R`.

use std::fmt;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1, one_of, satisfy, space0, space1};
use nom::combinator::{opt, recognize};
use nom::multi::{many1, separated_list1};
use nom::{IResult, Parser};

/// A square: `file` 0 = `a`, `rank` 0 = rank 1. Displayed as `a1`, `n14`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// The file, from 0 for `a`.
    pub file: u8,
    /// The rank, from 0 for rank 1.
    pub rank: u8,
}

/// The largest number of files (a-z) and ranks (1-26) a square can name.
pub const MAX_SIDE: u8 = 26;

impl Coord {
    /// A square, if both file and rank are below [`MAX_SIDE`].
    pub fn new(file: u8, rank: u8) -> Option<Coord> {
        (file < MAX_SIDE && rank < MAX_SIDE).then_some(Coord { file, rank })
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_char(self.file), u32::from(self.rank) + 1)
    }
}

impl FromStr for Coord {
    type Err = AlgebraicError;
    fn from_str(s: &str) -> Result<Coord, AlgebraicError> {
        run(s, |i| {
            let (r, c) = coord(i)?;
            let (r, ()) = end(r)?;
            Ok((r, c))
        })
    }
}

fn file_char(file: u8) -> char {
    char::from(b'a'.saturating_add(file))
}

/// A kind of man. A moving pawn is written without a letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The king, `K`.
    King,
    /// The queen, `Q`.
    Queen,
    /// The rook, `R`.
    Rook,
    /// The bishop, `B`.
    Bishop,
    /// The knight, `N`.
    Knight,
    /// `P`: optional before a pawn's move, where a moving pawn reads as no piece.
    Pawn,
    /// `S`: Double King Chess's squirk, a rook that also leaps two squares.
    Squirk,
    /// PGN4's `D`: a promoted queen worth one point.
    Dame,
}

impl Piece {
    /// The upper-case letter: `K Q R B N P S D`.
    pub fn letter(self) -> char {
        match self {
            Piece::King => 'K',
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Knight => 'N',
            Piece::Pawn => 'P',
            Piece::Squirk => 'S',
            Piece::Dame => 'D',
        }
    }

    /// The piece an upper-case letter names.
    pub fn from_letter(c: char) -> Option<Piece> {
        Some(match c {
            'K' => Piece::King,
            'Q' => Piece::Queen,
            'R' => Piece::Rook,
            'B' => Piece::Bishop,
            'N' => Piece::Knight,
            'P' => Piece::Pawn,
            'S' => Piece::Squirk,
            'D' => Piece::Dame,
            _ => return None,
        })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What follows a move: checks, mate, a PGN4 exit letter, an annotation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    /// The number of `+` (kings checked).
    pub checks: u8,
    /// A `#`: someone is mated.
    pub mate: bool,
    /// PGN4's glued suffix: `R` resigned, `T` timed out, `S` stalemated.
    pub exit: Option<char>,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub annotation: Option<String>,
}

/// One move token.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Token {
    /// A man's move. Long form has `from`; short form has at most a file or
    /// rank (or a whole square, as SAN's `Qh4e1`). Only one of `from` and
    /// `from_file`/`from_rank` is set by the parser.
    Move {
        /// `None` for a pawn (a written `P` reads as `None`).
        piece: Option<Piece>,
        /// The square the man leaves, in the long form (`e2` of `e2-e4`) or SAN's
        /// fully disambiguated short form (`Qh4e1`).
        from: Option<Coord>,
        /// The file that disambiguates a short move (`b` of `Nbd7`, `e` of `exd5`).
        from_file: Option<u8>,
        /// The rank that disambiguates a short move (`1` of `R1a3`), from 0 for rank 1.
        from_rank: Option<u8>,
        /// Whether the move is written as a capture (`x`).
        capture: bool,
        /// The captured man when written (PGN4 `Qd9xBa9`).
        captured: Option<Piece>,
        /// The square the man goes to.
        to: Coord,
        /// The kind a pawn becomes (`e8=Q`, `e8Q`).
        promotion: Option<Piece>,
        /// Checks, mate, PGN4 exit letter and annotation after the move.
        marks: Marks,
    },
    /// Castling: `rooks` is the number of `O`s (2 short, 3 long, 4 Verney's
    /// `O-O-O-O`).
    Castle {
        /// The number of `O`s: 2 short, 3 long, 4 Verney's `O-O-O-O`.
        rooks: u8,
        /// Checks, mate, PGN4 exit letter and annotation after the castling.
        marks: Marks,
    },
    /// `--`
    Pass,
    /// `?`: the record does not say which move was made.
    Unknown,
    /// A PGN4 slot without a move: `R`, `T`, `S`, `#`, `R#` (also `T#`, `S#`).
    BareExit(String),
}

/// A syntax error: `offset` counts characters from the start of the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at character {offset}: expected {expected}")]
pub struct AlgebraicError {
    /// Where the parser stopped, in characters from the start of the text (from 0).
    pub offset: usize,
    /// What would have fitted there, in words (`a square such as e4`).
    pub expected: String,
}

// ---------------------------------------------------------------------------
// Parser plumbing

/// The parser's error: where it stopped and what it wanted there. Between
/// alternatives the one that got farthest wins; alternatives that stopped at
/// the same place pool what they expected.
#[derive(Debug)]
struct PErr<'a> {
    rest: &'a str,
    expected: [Option<&'static str>; 4],
}

impl<'a> PErr<'a> {
    fn new(rest: &'a str, expected: &'static str) -> Self {
        PErr {
            rest,
            expected: [Some(expected), None, None, None],
        }
    }

    fn describe(&self) -> String {
        let all: Vec<&str> = self.expected.iter().flatten().copied().collect();
        all.join(" or ")
    }
}

impl<'a> nom::error::ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, kind: nom::error::ErrorKind) -> Self {
        let expected = match kind {
            nom::error::ErrorKind::Eof => "end of move",
            nom::error::ErrorKind::Digit => "a digit",
            nom::error::ErrorKind::Space => "a space",
            _ => "valid move syntax",
        };
        PErr::new(input, expected)
    }

    fn append(_: &'a str, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }

    fn from_char(input: &'a str, c: char) -> Self {
        let expected = match c {
            '-' => "'-'",
            'x' => "'x'",
            '=' => "'='",
            '[' => "'['",
            ']' => "']'",
            ',' => "','",
            'O' => "'O'",
            '0' => "'0'",
            _ => "another character",
        };
        PErr::new(input, expected)
    }

    fn or(mut self, other: Self) -> Self {
        if other.rest.len() < self.rest.len() {
            return other;
        }
        if other.rest.len() == self.rest.len() {
            for e in other.expected.into_iter().flatten() {
                if self.expected.contains(&Some(e)) {
                    continue;
                }
                if let Some(slot) = self.expected.iter_mut().find(|s| s.is_none()) {
                    *slot = Some(e);
                }
            }
        }
        self
    }
}

type Res<'a, T> = IResult<&'a str, T, PErr<'a>>;

fn fail<'a, T>(rest: &'a str, expected: &'static str) -> Res<'a, T> {
    Err(nom::Err::Error(PErr::new(rest, expected)))
}

/// Relabels a failure that made no progress.
fn label<'a, O>(
    expected: &'static str,
    mut p: impl Parser<&'a str, Output = O, Error = PErr<'a>>,
) -> impl FnMut(&'a str) -> Res<'a, O> {
    move |i: &'a str| {
        p.parse(i).map_err(|e| {
            e.map(|inner| {
                if inner.rest.len() >= i.len() {
                    PErr::new(i, expected)
                } else {
                    inner
                }
            })
        })
    }
}

fn run<'a, T>(s: &'a str, mut p: impl FnMut(&'a str) -> Res<'a, T>) -> Result<T, AlgebraicError> {
    match p(s) {
        Ok((_, t)) => Ok(t),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(AlgebraicError {
            offset: s.chars().count().saturating_sub(e.rest.chars().count()),
            expected: e.describe(),
        }),
        Err(nom::Err::Incomplete(_)) => Err(AlgebraicError {
            offset: s.chars().count(),
            expected: "more input".to_string(),
        }),
    }
}

fn end(i: &str) -> Res<'_, ()> {
    if i.is_empty() {
        Ok((i, ()))
    } else {
        fail(i, "end of move")
    }
}

// ---------------------------------------------------------------------------
// Leaves

fn file(i: &str) -> Res<'_, u8> {
    let (r, c) = label("a file letter (a-z)", satisfy(|c| c.is_ascii_lowercase())).parse(i)?;
    Ok((r, (u32::from(c) - u32::from('a')) as u8))
}

fn rank(i: &str) -> Res<'_, u8> {
    let (r, digits) = label("a rank (1-26)", digit1).parse(i)?;
    match digits.parse::<u8>() {
        Ok(n) if (1..=MAX_SIDE).contains(&n) && !digits.starts_with('0') => Ok((r, n - 1)),
        _ => fail(i, "a rank (1-26)"),
    }
}

fn coord(i: &str) -> Res<'_, Coord> {
    let (r, f) = label("a square", file).parse(i)?;
    let (r, rk) = rank(r)?;
    Ok((r, Coord { file: f, rank: rk }))
}

fn piece_letter(i: &str) -> Res<'_, Piece> {
    let (r, c) = label("a piece letter (K Q R B N P S D)", one_of("KQRBNPSD")).parse(i)?;
    match Piece::from_letter(c) {
        Some(p) => Ok((r, p)),
        None => fail(i, "a piece letter (K Q R B N P S D)"),
    }
}

/// `x` with an optional captured man, or nothing.
fn capture(i: &str) -> Res<'_, (bool, Option<Piece>)> {
    match char::<_, PErr>('x').parse(i) {
        Ok((r, _)) => {
            let (r, captured) = opt(piece_letter).parse(r)?;
            Ok((r, (true, captured)))
        }
        Err(_) => Ok((i, (false, None))),
    }
}

fn promotion(pawn: bool, i: &str) -> Res<'_, Option<Piece>> {
    if let Ok((r, _)) = char::<_, PErr>('=').parse(i) {
        let (r2, p) = label("a promotion piece", piece_letter).parse(r)?;
        if p == Piece::Pawn {
            return fail(r, "a promotion piece other than P");
        }
        return Ok((r2, Some(p)));
    }
    if pawn && let Ok((r, c)) = one_of::<_, _, PErr>("QBNKD").parse(i) {
        return Ok((r, Piece::from_letter(c)));
    }
    Ok((i, None))
}

const ANNOTATIONS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

fn marks(i: &str) -> Res<'_, Marks> {
    let mut m = Marks::default();
    let mut rest = i;
    loop {
        let mut chars = rest.chars();
        match chars.next() {
            Some('+') => match m.checks.checked_add(1) {
                Some(n) => m.checks = n,
                None => return fail(rest, "fewer '+'"),
            },
            Some('#') if !m.mate => m.mate = true,
            Some(c @ ('R' | 'T' | 'S')) if m.exit.is_none() => m.exit = Some(c),
            _ => break,
        }
        rest = chars.as_str();
    }
    let n = rest
        .bytes()
        .take_while(|b| matches!(b, b'!' | b'?'))
        .count();
    if n > 0 {
        match rest.split_at_checked(n) {
            Some((ann, r)) if ANNOTATIONS.contains(&ann) => {
                m.annotation = Some(ann.to_string());
                rest = r;
            }
            _ => return fail(rest, "an annotation (! ? !! ?? !? ?!)"),
        }
    }
    Ok((rest, m))
}

// ---------------------------------------------------------------------------
// Tokens

struct Body {
    from: Option<Coord>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    captured: Option<Piece>,
    to: Coord,
}

fn finish(piece: Option<Piece>, body: Body, i: &str) -> Res<'_, Token> {
    let (r, promotion) = promotion(piece.is_none(), i)?;
    let (r, marks) = marks(r)?;
    let (r, ()) = end(r)?;
    Ok((
        r,
        Token::Move {
            piece,
            from: body.from,
            from_file: body.from_file,
            from_rank: body.from_rank,
            capture: body.capture,
            captured: body.captured,
            to: body.to,
            promotion,
            marks,
        },
    ))
}

/// `e2-e4`, `Qd9xBa9`.
fn long_body(piece: Option<Piece>, i: &str) -> Res<'_, Token> {
    let (r, from) = coord(i)?;
    let (r, sep) = label("'-' or 'x'", one_of("-x")).parse(r)?;
    let (r, captured) = if sep == 'x' {
        opt(piece_letter).parse(r)?
    } else {
        (r, None)
    };
    let (r, to) = coord(r)?;
    let body = Body {
        from: Some(from),
        from_file: None,
        from_rank: None,
        capture: sep == 'x',
        captured,
        to,
    };
    finish(piece, body, r)
}

/// `Qh4e1`, `Qh4xe1`, `e2e4`: short form disambiguated by a whole square.
fn square_body(piece: Option<Piece>, i: &str) -> Res<'_, Token> {
    let (r, from) = coord(i)?;
    let (r, (capture, captured)) = capture(r)?;
    let (r, to) = coord(r)?;
    let body = Body {
        from: Some(from),
        from_file: None,
        from_rank: None,
        capture,
        captured,
        to,
    };
    finish(piece, body, r)
}

/// `h3`, `Bxa9`, `Nbd7`, `R1a3`, `exd5`.
fn short_body(
    piece: Option<Piece>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    i: &str,
) -> Res<'_, Token> {
    let (r, (capture, captured)) = capture(i)?;
    let (r, to) = coord(r)?;
    let body = Body {
        from: None,
        from_file,
        from_rank,
        capture,
        captured,
        to,
    };
    finish(piece, body, r)
}

fn piece_move(i: &str) -> Res<'_, Token> {
    let (r, piece) = opt(piece_letter).parse(i)?;
    let piece = piece.filter(|p| *p != Piece::Pawn);
    alt((
        |i| long_body(piece, i),
        |i| square_body(piece, i),
        |i| short_body(piece, None, None, i),
        |i| {
            let (r, f) = file(i)?;
            short_body(piece, Some(f), None, r)
        },
        |i| {
            let (r, rk) = rank(i)?;
            short_body(piece, None, Some(rk), r)
        },
    ))
    .parse(r)
}

fn castle(i: &str) -> Res<'_, Token> {
    let (r, o) = label("castling (O-O)", one_of("O0")).parse(i)?;
    let (r, more) = many1((char('-'), char(o))).parse(r)?;
    let rooks = more.len() + 1;
    let rooks = match u8::try_from(rooks) {
        Ok(n) if n <= 4 => n,
        _ => return fail(i, "castling with at most four O's"),
    };
    let (r, marks) = marks(r)?;
    let (r, ()) = end(r)?;
    Ok((r, Token::Castle { rooks, marks }))
}

/// `--`, or `Z0` (the null move some PGN writers use in variations).
fn pass(i: &str) -> Res<'_, Token> {
    let (r, _) = alt((tag("--"), tag("Z0"))).parse(i)?;
    let (r, ()) = end(r)?;
    Ok((r, Token::Pass))
}

fn unknown(i: &str) -> Res<'_, Token> {
    let (r, _) = char('?').parse(i)?;
    let (r, ()) = end(r)?;
    Ok((r, Token::Unknown))
}

fn bare_exit(i: &str) -> Res<'_, Token> {
    let (r, text) = recognize(alt((
        (one_of("RTS"), opt(char('#'))).map(|_| ()),
        char('#').map(|_| ()),
    )))
    .parse(i)?;
    let (r, ()) = end(r)?;
    Ok((r, Token::BareExit(text.to_string())))
}

fn token(i: &str) -> Res<'_, Token> {
    if i.is_empty() {
        return fail(i, "a move");
    }
    let r = alt((pass, unknown, bare_exit, castle, piece_move)).parse_complete(i);
    match r {
        Err(nom::Err::Error(e)) if e.rest.len() == i.len() => fail(i, "a move"),
        other => other,
    }
}

/// Parses one move token, long or short.
#[inline]
pub fn parse_token(s: &str) -> Result<Token, AlgebraicError> {
    match quick::token(s.as_bytes()) {
        Some(t) => Ok(t),
        None => run(s, token),
    }
}

/// [`parse_token`] for a caller that needs no error: the plain tokens'
/// fast path without wrapping its answer, then the full parser.
#[inline(always)]
pub(crate) fn parse_token_quietly(s: &[u8]) -> Option<Token> {
    quick::token(s).or_else(|| run(std::str::from_utf8(s).ok()?, token).ok())
}

/// A fast path for the plain tokens that fill corpora (`Nf3`, `exd5`,
/// `Bi1xa9`, `e7-e8=Q+`): the same result as the full parser, without its
/// alternatives; anything else (`O-O`, captured-man letters, exits,
/// annotations, errors) goes to the full parser. Tested against it.
mod quick {
    use super::{Coord, MAX_SIDE, Marks, Piece, Token};

    /// An optional file letter and optional rank digits starting at `i`.
    #[inline]
    fn part(b: &[u8], mut i: usize) -> Option<(Option<u8>, Option<u8>, usize)> {
        // The common square: a file letter and one digit from 1 to 9.
        if let (Some(&f @ b'a'..=b'z'), Some(&r @ b'1'..=b'9')) = (b.get(i), b.get(i + 1))
            && f != b'x'
            && !b.get(i + 2).is_some_and(u8::is_ascii_digit)
        {
            return Some((Some(f - b'a'), Some(r - b'1'), i + 2));
        }
        let file = match b.get(i) {
            Some(c) if c.is_ascii_lowercase() && *c != b'x' => {
                i += 1;
                Some(c - b'a')
            }
            _ => None,
        };
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let rank = if i > start {
            let digits = b.get(start..i)?;
            if digits.first() == Some(&b'0') || digits.len() > 2 {
                return None;
            }
            let n = digits.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
            if !(1..=MAX_SIDE).contains(&n) {
                return None;
            }
            Some(n - 1)
        } else {
            None
        };
        Some((file, rank, i))
    }

    fn coord(file: Option<u8>, rank: Option<u8>) -> Option<Coord> {
        Some(Coord {
            file: file?,
            rank: rank?,
        })
    }

    /// The piece a SAN letter names (`P` and `D` never begin a plain move).
    #[inline(always)]
    fn piece_letter(c: u8) -> Option<Piece> {
        Some(match c {
            b'K' => Piece::King,
            b'Q' => Piece::Queen,
            b'R' => Piece::Rook,
            b'B' => Piece::Bishop,
            b'N' => Piece::Knight,
            b'S' => Piece::Squirk,
            _ => return None,
        })
    }

    /// A file letter (not the capture's `x`) as a number from 0.
    #[inline(always)]
    fn file(c: u8) -> Option<u8> {
        (c.is_ascii_lowercase() && c != b'x').then(|| c - b'a')
    }

    /// The file or the rank that tells a piece's move apart (`b` of `Nbd7`,
    /// `1` of `R1a3`).
    #[inline(always)]
    fn file_or_rank(c: u8) -> Option<(Option<u8>, Option<u8>)> {
        match file(c) {
            Some(x) => Some((Some(x), None)),
            None => Some((None, Some(rank(c)?))),
        }
    }

    /// A rank of one digit, 1 to 9, as a number from 0.
    #[inline(always)]
    fn rank(c: u8) -> Option<u8> {
        matches!(c, b'1'..=b'9').then(|| c - b'1')
    }

    /// The shapes nearly every move of an 8x8 game has, read by their
    /// length (SAN's `e4`, `Nf3`, `exd5`, `Nxe4`, `Nbd7`, `R1xa3`, the long
    /// `e2-e4`, `Ng1xf3`, each with `=Q` and `+`, `++`, `+++` or `#` after
    /// it): the same token as [`token`] gives, with no search for where
    /// each part ends.
    /// Anything else is `None`, for [`token`].
    #[inline(always)]
    pub(super) fn common(b: &[u8]) -> Option<Token> {
        let mut end = b.len();
        let mut marks = Marks::default();
        match b.get(end.checked_sub(1)?)? {
            b'#' => {
                marks.mate = true;
                end -= 1;
            }
            b'+' => {
                while end > 0 && b[end - 1] == b'+' {
                    marks.checks += 1;
                    end -= 1;
                }
                if marks.checks > 3 {
                    return None;
                }
            }
            _ => {}
        }
        let mut promotion = None;
        if end >= 2 && b[end - 2] == b'=' {
            promotion = Some(match b[end - 1] {
                b'D' => Piece::Dame,
                c => piece_letter(c)?,
            });
            end -= 2;
        }
        let body = b.get(..end)?;
        let (piece, from_file, from_rank, capture, square) = match *body {
            [f, r] => (None, None, None, false, (f, r)),
            [p, f, r] => (Some(piece_letter(p)?), None, None, false, (f, r)),
            [p, b'x', f, r] => match piece_letter(p) {
                Some(piece) => (Some(piece), None, None, true, (f, r)),
                None => (None, Some(file(p)?), None, true, (f, r)),
            },
            [p, d, f, r] => {
                let (from_file, from_rank) = file_or_rank(d)?;
                (Some(piece_letter(p)?), from_file, from_rank, false, (f, r))
            }
            [p, d, b'x', f, r] if piece_letter(p).is_some() => {
                let (from_file, from_rank) = file_or_rank(d)?;
                (piece_letter(p), from_file, from_rank, true, (f, r))
            }
            // The long form: `e2-e4`, `Ng1-f3`, `e4xd5`, `Bb5xc6`.
            [ff, fr, sep, f, r] => return long(None, (ff, fr), sep, (f, r), promotion, marks),
            [p, ff, fr, sep, f, r] => {
                return long(
                    Some(piece_letter(p)?),
                    (ff, fr),
                    sep,
                    (f, r),
                    promotion,
                    marks,
                );
            }
            _ => return None,
        };
        let to = Coord {
            file: file(square.0)?,
            rank: rank(square.1)?,
        };
        Some(Token::Move {
            piece,
            from: None,
            from_file,
            from_rank,
            capture,
            captured: None,
            to,
            promotion,
            marks,
        })
    }

    /// A long move of [`common`]'s: both squares of one-digit ranks and a
    /// `-` or `x` between them.
    #[inline(always)]
    fn long(
        piece: Option<Piece>,
        from: (u8, u8),
        sep: u8,
        to: (u8, u8),
        promotion: Option<Piece>,
        marks: Marks,
    ) -> Option<Token> {
        let capture = match sep {
            b'-' => false,
            b'x' => true,
            _ => return None,
        };
        Some(Token::Move {
            piece,
            from: Some(Coord {
                file: file(from.0)?,
                rank: rank(from.1)?,
            }),
            from_file: None,
            from_rank: None,
            capture,
            captured: None,
            to: Coord {
                file: file(to.0)?,
                rank: rank(to.1)?,
            },
            promotion,
            marks,
        })
    }

    /// The fast path: [`common`]'s shapes where the token is read, the
    /// rest of the plain tokens in a call of their own.
    #[inline(always)]
    pub(super) fn token(b: &[u8]) -> Option<Token> {
        match common(b) {
            Some(t) => Some(t),
            None => plain(b),
        }
    }

    /// The plain tokens past [`common`]'s shapes (`Qh4e1`, `h2-h3`,
    /// `Bi1xa9`, ranks of two digits).
    #[inline(never)]
    fn plain(b: &[u8]) -> Option<Token> {
        let (piece, mut i) = match b.first()? {
            b'K' => (Some(Piece::King), 1),
            b'Q' => (Some(Piece::Queen), 1),
            b'R' => (Some(Piece::Rook), 1),
            b'B' => (Some(Piece::Bishop), 1),
            b'N' => (Some(Piece::Knight), 1),
            b'S' => (Some(Piece::Squirk), 1),
            c if c.is_ascii_lowercase() => (None, 0),
            _ => return None,
        };
        let (f1, r1, j) = part(b, i)?;
        i = j;
        let sep = match b.get(i) {
            Some(&c @ (b'-' | b'x')) => {
                i += 1;
                Some(c)
            }
            _ => None,
        };
        let (f2, r2, j) = part(b, i)?;
        i = j;
        let second = coord(f2, r2);
        let (from, from_file, from_rank, to) = match (coord(f1, r1), sep, second) {
            // `h2-h3`, `Bi1xa9`, `Qh4e1`
            (Some(from), _, Some(to)) => (Some(from), None, None, to),
            // `e4`, `Nf3`
            (Some(to), None, None) if f2.is_none() && r2.is_none() => (None, None, None, to),
            // `exd5`, `Nbd7`, `R1a3`, `Nxf3`
            (None, Some(b'x') | None, Some(to)) => (None, f1, r1, to),
            _ => return None,
        };
        if sep == Some(b'-') && from.is_none() {
            return None;
        }
        let promotion = if b.get(i) == Some(&b'=') {
            let p = match b.get(i + 1)? {
                b'Q' => Piece::Queen,
                b'R' => Piece::Rook,
                b'B' => Piece::Bishop,
                b'N' => Piece::Knight,
                b'S' => Piece::Squirk,
                b'K' => Piece::King,
                b'D' => Piece::Dame,
                _ => return None,
            };
            i += 2;
            Some(p)
        } else {
            None
        };
        let mut marks = Marks::default();
        while b.get(i) == Some(&b'+') && marks.checks < 3 {
            marks.checks += 1;
            i += 1;
        }
        if b.get(i) == Some(&b'#') {
            marks.mate = true;
            i += 1;
        }
        if i != b.len() {
            return None;
        }
        Some(Token::Move {
            piece,
            from,
            from_file,
            from_rank,
            capture: sep == Some(b'x'),
            captured: None,
            to,
            promotion,
            marks,
        })
    }
}

// ---------------------------------------------------------------------------
// Writers

fn push_marks(out: &mut String, m: &Marks) {
    for _ in 0..m.checks {
        out.push('+');
    }
    if m.mate {
        out.push('#');
    }
    if let Some(c) = m.exit {
        out.push(c);
    }
    if let Some(a) = &m.annotation {
        out.push_str(a);
    }
}

fn push_castle(out: &mut String, rooks: u8, marks: &Marks) {
    for n in 0..rooks {
        if n > 0 {
            out.push('-');
        }
        out.push('O');
    }
    push_marks(out, marks);
}

fn push_tail(out: &mut String, promotion: Option<Piece>, marks: &Marks) {
    if let Some(p) = promotion {
        out.push('=');
        out.push(p.letter());
    }
    push_marks(out, marks);
}

fn push_piece(out: &mut String, piece: Option<Piece>) {
    if let Some(p) = piece.filter(|p| *p != Piece::Pawn) {
        out.push(p.letter());
    }
}

fn write_other(t: &Token) -> String {
    let mut out = String::new();
    match t {
        Token::Castle { rooks, marks } => push_castle(&mut out, *rooks, marks),
        Token::Pass => out.push_str("--"),
        Token::Unknown => out.push('?'),
        Token::BareExit(s) => out.push_str(s),
        Token::Move { .. } => {}
    }
    out
}

/// Long algebraic: `Bi1xa9`, `h2-h3`, `Qd9xBa9`, `e7-e8=Q`. A move whose
/// start square is unknown is written in the short form.
pub fn write_long(t: &Token) -> String {
    match t {
        Token::Move {
            piece,
            from: Some(from),
            capture,
            captured,
            to,
            promotion,
            marks,
            ..
        } => {
            let mut out = String::new();
            push_piece(&mut out, *piece);
            out.push_str(&from.to_string());
            out.push(if *capture { 'x' } else { '-' });
            if *capture && let Some(c) = captured {
                out.push(c.letter());
            }
            out.push_str(&to.to_string());
            push_tail(&mut out, *promotion, marks);
            out
        }
        Token::Move { .. } => write_short(t),
        _ => write_other(t),
    }
}

/// Short algebraic (SAN-like): `Bxa9`, `h3`, `Nbd7`, `R1a3`, `Qh4e1`,
/// `exd5`, `e8=Q+`. A known start square is written whole, as SAN does when
/// neither file nor rank alone is enough.
pub fn write_short(t: &Token) -> String {
    match t {
        Token::Move {
            piece,
            from,
            from_file,
            from_rank,
            capture,
            captured,
            to,
            promotion,
            marks,
        } => {
            let mut out = String::new();
            push_piece(&mut out, *piece);
            if let Some(from) = from {
                out.push_str(&from.to_string());
            } else {
                if let Some(f) = from_file {
                    out.push(file_char(*f));
                }
                if let Some(r) = from_rank {
                    out.push_str(&(u32::from(*r) + 1).to_string());
                }
            }
            if *capture {
                out.push('x');
                if let Some(c) = captured {
                    out.push(c.letter());
                }
            }
            out.push_str(&to.to_string());
            push_tail(&mut out, *promotion, marks);
            out
        }
        _ => write_other(t),
    }
}

// ---------------------------------------------------------------------------
// Skock dice turns

/// A Skock turn: the dice and what was done with them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DiceTurn {
    /// The two dice thrown, each 1 to 6, in the order written.
    pub dice: [u8; 2],
    /// What the player did with them: paths, a return of men, or a pass.
    pub body: DiceBody,
}

/// What a Skock player did with his throw of the dice.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DiceBody {
    /// One path per die used, the die played first first.
    Paths(Vec<Path>),
    /// A double used to return men to these squares: `back a1 b1 c1`.
    Back(Vec<Coord>),
    /// `--`: the dice could not be used.
    Pass,
}

/// One man's path: every square in order, the start first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Path {
    /// `None` for a pawn.
    pub piece: Option<Piece>,
    /// The squares in order; the flag is true when the step onto the square
    /// captures (`x`). The first square is the start and has no flag set.
    pub squares: Vec<(Coord, bool)>,
    /// The index into `squares` where a pawn promotes, and to what.
    pub promotion: Option<(usize, Piece)>,
}

fn die(i: &str) -> Res<'_, u8> {
    let (r, c) = label("a die (1-6)", one_of("123456")).parse(i)?;
    Ok((r, (u32::from(c) - u32::from('0')) as u8))
}

fn path(i: &str) -> Res<'_, Path> {
    let (r, piece) = opt(piece_letter).parse(i)?;
    let piece = piece.filter(|p| *p != Piece::Pawn);
    let (r, start) = coord(r)?;
    let (r, steps) = many1((
        label("'-' or 'x'", one_of("-x")),
        coord,
        opt((char('='), label("a promotion piece", piece_letter))),
    ))
    .parse(r)?;
    let mut squares = vec![(start, false)];
    let mut promotion = None;
    for (sep, sq, promo) in steps {
        squares.push((sq, sep == 'x'));
        if let Some((_, p)) = promo {
            // Skock's exchange may bring a pawn of the queue (rules.md: "any
            // man"), so `=P` is a path's promotion too.
            if promotion.is_some() {
                return fail(r, "one exchange per path");
            }
            promotion = Some((squares.len() - 1, p));
        }
    }
    Ok((
        r,
        Path {
            piece,
            squares,
            promotion,
        },
    ))
}

fn dice_body(i: &str) -> Res<'_, DiceBody> {
    alt((
        |i| {
            let (r, _) = tag("back").parse(i)?;
            let (r, squares) = many1((space1, coord).map(|(_, c)| c)).parse(r)?;
            Ok((r, DiceBody::Back(squares)))
        },
        |i| {
            let (r, _) = tag("--").parse(i)?;
            Ok((r, DiceBody::Pass))
        },
        |i| {
            let (r, paths) = separated_list1((space0, char(','), space0), path).parse(i)?;
            Ok((r, DiceBody::Paths(paths)))
        },
    ))
    .parse(i)
}

fn dice_turn(i: &str) -> Res<'_, DiceTurn> {
    let (r, _) = space0(i)?;
    let (r, _) = char('[').parse(r)?;
    let (r, _) = space0(r)?;
    let (r, a) = die(r)?;
    let (r, _) = alt(((space0, char(','), space0).map(|_| ()), space1.map(|_| ()))).parse(r)?;
    let (r, b) = die(r)?;
    let (r, _) = space0(r)?;
    let (r, _) = char(']').parse(r)?;
    let (r, _) = space0(r)?;
    let (r, body) = dice_body(r)?;
    let (r, _) = space0(r)?;
    let (r, ()) = end(r)?;
    Ok((r, DiceTurn { dice: [a, b], body }))
}

/// Parses a Skock turn: `[1 4] f4xe5, Ng2-f4-g2-f4xe6`, `[3 3] back a1 b1`,
/// `[6 5] --`.
pub fn parse_dice_turn(s: &str) -> Result<DiceTurn, AlgebraicError> {
    run(s, |i| dice_turn.parse_complete(i))
}

/// Writes a Skock turn in the form [`parse_dice_turn`] reads.
pub fn write_dice_turn(t: &DiceTurn) -> String {
    let [a, b] = t.dice;
    let mut out = format!("[{a} {b}] ");
    match &t.body {
        DiceBody::Pass => out.push_str("--"),
        DiceBody::Back(squares) => {
            out.push_str("back");
            for s in squares {
                out.push(' ');
                out.push_str(&s.to_string());
            }
        }
        DiceBody::Paths(paths) => {
            for (n, p) in paths.iter().enumerate() {
                if n > 0 {
                    out.push_str(", ");
                }
                push_piece(&mut out, p.piece);
                for (k, (sq, cap)) in p.squares.iter().enumerate() {
                    if k > 0 {
                        out.push(if *cap { 'x' } else { '-' });
                    }
                    out.push_str(&sq.to_string());
                    if let Some((at, piece)) = p.promotion
                        && at == k
                    {
                        out.push('=');
                        out.push(piece.letter());
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path gives what the full parser gives, on every token it takes.
    #[test]
    fn quick_path_agrees_with_the_full_parser() {
        let alphabet = b"KQRBNSPDabcdehnxz0123456789-=+#!?O ";
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        let mut taken = 0;
        let samples = [
            "Nf3", "e4", "exd5", "Qxh14+", "Bi1xa9", "h2-h3", "e8=Q+", "Rad1", "Kg14xf14", "R1a3",
            "Qh4e1", "e2e4", "Nbxd7#", "R10a3", "Ra10b10", "e7-e8=Q", "a1a", "exd", "e-d5", "x",
            "Nxf3++", "h8=D", "b7xa8=N#", "a0", "a27", "a26", "z26", "Nbxd7", "R1xa3", "e2-e4",
            "Ng1-f3", "e4xd5", "Bb5xc6+", "e7-e8=Q#", "a7xb8=N", "Ke1-g1", "Nbxd7++", "Nb-d7",
            "xxe4", "Qx", "e4++++", "e4+#", "e8=P", "Px", "N0xd7", "e2-x4", "Ni1-a9",
        ];
        let mut common = 0;
        let mut check = |t: &str| {
            if let Some(fast) = quick::token(t.as_bytes()) {
                taken += 1;
                assert_eq!(run(t, token), Ok(fast), "{t}");
            }
            if let Some(shape) = quick::common(t.as_bytes()) {
                common += 1;
                assert_eq!(run(t, token), Ok(shape), "{t}");
            }
        };
        for t in samples {
            check(t);
        }
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = 1 + (seed % 8) as usize;
            let t: String = (0..len)
                .map(|k| alphabet[((seed >> (k * 6)) % alphabet.len() as u64) as usize] as char)
                .collect();
            check(&t);
        }
        assert!(taken > 1000, "the fast path took only {taken} tokens");
        assert!(common > 500, "the common shapes took only {common} tokens");
    }

    fn sq(s: &str) -> Coord {
        match s.parse() {
            Ok(c) => c,
            Err(e) => panic!("bad square {s}: {e}"),
        }
    }

    fn tok(s: &str) -> Token {
        match parse_token(s) {
            Ok(t) => t,
            Err(e) => panic!("{s:?}: {e}"),
        }
    }

    /// The fields of a move token, by name.
    #[derive(Debug)]
    struct M {
        piece: Option<Piece>,
        from: Option<Coord>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        capture: bool,
        captured: Option<Piece>,
        to: Coord,
        promotion: Option<Piece>,
        marks: Marks,
    }

    fn mv(s: &str) -> M {
        match tok(s) {
            Token::Move {
                piece,
                from,
                from_file,
                from_rank,
                capture,
                captured,
                to,
                promotion,
                marks,
            } => M {
                piece,
                from,
                from_file,
                from_rank,
                capture,
                captured,
                to,
                promotion,
                marks,
            },
            other => panic!("not a move: {other:?}"),
        }
    }

    #[test]
    fn coords() {
        assert_eq!(sq("a1"), Coord { file: 0, rank: 0 });
        assert_eq!(sq("n14"), Coord { file: 13, rank: 13 });
        assert_eq!(sq("z26").to_string(), "z26");
        assert!("a0".parse::<Coord>().is_err());
        assert!("a27".parse::<Coord>().is_err());
        assert!("a01".parse::<Coord>().is_err());
        assert!("A1".parse::<Coord>().is_err());
        assert!("a1x".parse::<Coord>().is_err());
        assert_eq!(Coord::new(26, 0), None);
    }

    #[test]
    fn long_forms() {
        let m = mv("Bi1xa9");
        assert_eq!(m.piece, Some(Piece::Bishop));
        assert_eq!((m.from, m.to), (Some(sq("i1")), sq("a9")));
        assert!(m.capture);
        assert_eq!((m.captured, m.promotion), (None, None));
        assert_eq!((m.from_file, m.from_rank), (None, None));
        assert_eq!(m.marks, Marks::default());

        let m = mv("h2-h3");
        assert_eq!(
            (m.piece, m.from, m.capture, m.to),
            (None, Some(sq("h2")), false, sq("h3"))
        );

        let m = mv("Qa7xh14+");
        assert_eq!((m.to, m.marks.checks), (sq("h14"), 1));

        assert_eq!(mv("e7-e8=Q").promotion, Some(Piece::Queen));

        let m = mv("Qd9xBa9");
        assert_eq!(
            (m.piece, m.captured, m.to),
            (Some(Piece::Queen), Some(Piece::Bishop), sq("a9"))
        );

        let m = mv("i11xKh12");
        assert_eq!(
            (m.piece, m.from, m.captured),
            (None, Some(sq("i11")), Some(Piece::King))
        );

        let m = mv("Be5xQg7#S");
        assert_eq!(m.captured, Some(Piece::Queen));
        assert!(m.marks.mate);
        assert_eq!(m.marks.exit, Some('S'));
    }

    #[test]
    fn short_forms() {
        let m = mv("Bxa9");
        assert_eq!(
            (m.piece, m.from, m.from_file, m.from_rank),
            (Some(Piece::Bishop), None, None, None)
        );
        assert!(m.capture);
        assert_eq!(m.to, sq("a9"));

        let m = mv("h3");
        assert_eq!(
            (m.piece, m.from, m.from_file, m.from_rank, m.capture),
            (None, None, None, None, false)
        );

        let m = mv("Nbd7");
        assert_eq!((m.from_file, m.from_rank, m.to), (Some(1), None, sq("d7")));

        let m = mv("R1a3");
        assert_eq!((m.from_file, m.from_rank, m.to), (None, Some(0), sq("a3")));

        let m = mv("Qh4e1");
        assert_eq!(
            (m.from, m.from_file, m.from_rank, m.capture),
            (Some(sq("h4")), None, None, false)
        );

        let m = mv("exd5");
        assert_eq!(
            (m.piece, m.from_file, m.capture, m.to),
            (None, Some(4), true, sq("d5"))
        );

        let m = mv("e8=Q+");
        assert_eq!(
            (m.to, m.promotion, m.marks.checks),
            (sq("e8"), Some(Piece::Queen), 1)
        );

        assert_eq!(mv("e8Q").promotion, Some(Piece::Queen));

        // A written P is a pawn.
        assert_eq!(tok("Pe4"), tok("e4"));
        // Ranks above 9 and files beyond h.
        let m = mv("Rn10xn14");
        assert_eq!(
            (m.from, m.capture, m.to),
            (Some(sq("n10")), true, sq("n14"))
        );
        let m = mv("R10n14");
        assert_eq!((m.from_file, m.from_rank, m.to), (None, Some(9), sq("n14")));
    }

    #[test]
    fn marks_and_exits() {
        let m = mv("Kk1-k2R").marks;
        assert_eq!((m.checks, m.mate, m.exit), (0, false, Some('R')));
        let m = mv("Ki8-j7+T").marks;
        assert_eq!((m.checks, m.exit), (1, Some('T')));
        assert_eq!(mv("Qa1xh8+++").marks.checks, 3);
        let m = mv("Qa1xh8+#").marks;
        assert_eq!((m.checks, m.mate), (1, true));
        assert_eq!(mv("Nf3!?").marks.annotation.as_deref(), Some("!?"));
        assert_eq!(mv("e4?").marks.annotation.as_deref(), Some("?"));
        // A bare R after a pawn's destination is an exit, not a promotion.
        let m = mv("e8R");
        assert_eq!((m.promotion, m.marks.exit), (None, Some('R')));
        assert_eq!(mv("e8=R").promotion, Some(Piece::Rook));
        assert!(parse_token("e4!!!").is_err());
        assert!(parse_token("e4##").is_err());
        assert!(parse_token("e4RR").is_err());
    }

    #[test]
    fn castles_passes_and_bare_tokens() {
        assert_eq!(
            tok("O-O"),
            Token::Castle {
                rooks: 2,
                marks: Marks::default()
            }
        );
        assert_eq!(
            tok("O-O-O"),
            Token::Castle {
                rooks: 3,
                marks: Marks::default()
            }
        );
        assert_eq!(
            tok("O-O-O-O"),
            Token::Castle {
                rooks: 4,
                marks: Marks::default()
            }
        );
        assert_eq!(
            tok("0-0-0"),
            Token::Castle {
                rooks: 3,
                marks: Marks::default()
            }
        );
        match tok("O-OT") {
            Token::Castle { rooks: 2, marks } => assert_eq!(marks.exit, Some('T')),
            other => panic!("{other:?}"),
        }
        match tok("O-O#") {
            Token::Castle { rooks: 2, marks } => assert!(marks.mate),
            other => panic!("{other:?}"),
        }
        assert!(parse_token("O-0").is_err());
        assert!(parse_token("O-O-O-O-O").is_err());
        assert_eq!(tok("--"), Token::Pass);
        assert_eq!(tok("Z0"), Token::Pass);
        assert_eq!(tok("?"), Token::Unknown);
        for b in ["R", "T", "S", "#", "R#"] {
            assert_eq!(tok(b), Token::BareExit(b.to_string()));
        }
    }

    #[test]
    fn errors_have_offsets() {
        let e = parse_token("").err();
        assert_eq!(e.map(|e| e.offset), Some(0));
        let e = parse_token("Zz9").err();
        assert_eq!(e.as_ref().map(|e| e.offset), Some(0));
        let e = parse_token("Nf").err();
        assert_eq!(
            e.as_ref().map(|e| (e.offset, e.expected.as_str())),
            Some((2, "a rank (1-26) or a square"))
        );
        let e = parse_token("e2-").err();
        assert_eq!(
            e.as_ref().map(|e| (e.offset, e.expected.as_str())),
            Some((3, "a square"))
        );
        let e = parse_token("e4 ").err();
        assert_eq!(
            e.as_ref().map(|e| (e.offset, e.expected.as_str())),
            Some((2, "'-' or 'x' or a square or end of move"))
        );
        let e = parse_token("é4").err();
        assert_eq!(e.map(|e| e.offset), Some(0));
        let e = parse_token("e2-e4é").err();
        assert_eq!(e.map(|e| e.offset), Some(5));
        assert!(parse_token("e8=P").is_err());
        assert!(parse_token("e999").is_err());
        assert!(parse_token("a27").is_err());
    }

    const SAMPLES: [&str; 40] = [
        "Bi1xa9",
        "h2-h3",
        "Qa7xh14+",
        "e7-e8=Q",
        "O-O",
        "O-O-O",
        "O-O-O-O",
        "--",
        "?",
        "Qd9xBa9",
        "i11xKh12",
        "Be5xQg7#S",
        "Kk1-k2R",
        "Ke14-d14T",
        "O-OT",
        "Ki8-j7+T",
        "Be6xKb9#S",
        "Re14xKi14#S",
        "R",
        "T",
        "S",
        "#",
        "R#",
        "Bxa9",
        "h3",
        "Nbd7",
        "R1a3",
        "Qh4e1",
        "exd5",
        "e8=Q+",
        "e8Q",
        "Nf3!?",
        "Sa1-b3",
        "Dd4xe5",
        "e7xd8=N#",
        "Kxe2+",
        "0-0",
        "Qa1xh8+++",
        "xd5",
        "Rn10xn14",
    ];

    #[test]
    fn write_then_parse_is_identity() {
        for s in SAMPLES {
            let t = tok(s);
            let long = write_long(&t);
            let short = write_short(&t);
            assert_eq!(parse_token(&long).as_ref(), Ok(&t), "{s} -> long {long}");
            assert_eq!(parse_token(&short).as_ref(), Ok(&t), "{s} -> short {short}");
        }
    }

    #[test]
    fn canonical_texts() {
        let cases = [
            ("Bi1xa9", "Bi1xa9", "Bi1xa9"),
            ("h2-h3", "h2-h3", "h2h3"),
            ("e8Q", "e8=Q", "e8=Q"),
            ("Pe4", "e4", "e4"),
            ("0-0-0", "O-O-O", "O-O-O"),
            ("Nbd7", "Nbd7", "Nbd7"),
            ("Qh4e1", "Qh4-e1", "Qh4e1"),
            ("Qd9xBa9", "Qd9xBa9", "Qd9xBa9"),
            ("Ki8-j7T+", "Ki8-j7+T", "Ki8j7+T"),
        ];
        for (input, long, short) in cases {
            let t = tok(input);
            assert_eq!(write_long(&t), long, "{input}");
            assert_eq!(write_short(&t), short, "{input}");
        }
    }

    #[test]
    fn random_text_does_not_panic() {
        let alphabet: Vec<char> = "abcdehnxz0123456789-=+#!?KQRBNPSDOT é\u{0}[],"
            .chars()
            .collect();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let mut s = String::new();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 12) as usize;
            for _ in 0..len {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if let Some(c) = alphabet.get((x % alphabet.len() as u64) as usize) {
                    s.push(*c);
                }
            }
            if let Ok(t) = parse_token(&s) {
                assert_eq!(parse_token(&write_long(&t)), Ok(t.clone()), "{s:?}");
                assert_eq!(parse_token(&write_short(&t)), Ok(t), "{s:?}");
            }
            if let Ok(d) = parse_dice_turn(&s) {
                assert_eq!(parse_dice_turn(&write_dice_turn(&d)), Ok(d), "{s:?}");
            }
        }
    }

    #[test]
    fn dice_turns() {
        let t = parse_dice_turn("[1 4] f4xe5, Ng2-f4-g2-f4xe6");
        let expected = DiceTurn {
            dice: [1, 4],
            body: DiceBody::Paths(vec![
                Path {
                    piece: None,
                    squares: vec![(sq("f4"), false), (sq("e5"), true)],
                    promotion: None,
                },
                Path {
                    piece: Some(Piece::Knight),
                    squares: vec![
                        (sq("g2"), false),
                        (sq("f4"), false),
                        (sq("g2"), false),
                        (sq("f4"), false),
                        (sq("e6"), true),
                    ],
                    promotion: None,
                },
            ]),
        };
        assert_eq!(t, Ok(expected.clone()));
        assert_eq!(write_dice_turn(&expected), "[1 4] f4xe5, Ng2-f4-g2-f4xe6");

        let back = parse_dice_turn("[3 3] back a1 b1 c1");
        assert_eq!(
            back,
            Ok(DiceTurn {
                dice: [3, 3],
                body: DiceBody::Back(vec![sq("a1"), sq("b1"), sq("c1")]),
            })
        );
        assert_eq!(
            parse_dice_turn("[6 5] --"),
            Ok(DiceTurn {
                dice: [6, 5],
                body: DiceBody::Pass
            })
        );

        let promo = parse_dice_turn("[2 1] e6-e7-e8=Q,Nb1-c3");
        match &promo {
            Ok(DiceTurn {
                body: DiceBody::Paths(p),
                ..
            }) => {
                assert_eq!(p.first().and_then(|p| p.promotion), Some((2, Piece::Queen)));
            }
            other => panic!("{other:?}"),
        }
        if let Ok(t) = promo {
            assert_eq!(write_dice_turn(&t), "[2 1] e6-e7-e8=Q, Nb1-c3");
        }

        assert_eq!(
            parse_dice_turn("[7 1] e2-e3").err().map(|e| e.offset),
            Some(1)
        );
        assert_eq!(parse_dice_turn("[1 4] f4").err().map(|e| e.offset), Some(8));
        assert!(parse_dice_turn("[1 4] f4-f5,").is_err());
        assert!(parse_dice_turn("[1 4] back").is_err());
        assert!(parse_dice_turn("[1 4]").is_err());
        assert!(parse_dice_turn("[1 4] e7-e8=Q-e9=Q").is_err());
    }
}
