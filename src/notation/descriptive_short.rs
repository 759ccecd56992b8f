//! English descriptive notation as books and magazines printed it, in one
//! move: the short style (`P-K4`, `Kt-KB3`, `N-QB3`, `PxP`, `BxKt ch`,
//! `QxQ+`, `P-K8=Q`, `P-K8(Q)`, `PxP e.p.`, `O-O`, `Castles QR`, `mate`,
//! `dis ch`) and the typography of older books and their transcriptions
//! (`P. to K's 4th.`, `K's Kt. to B's 3d.`, `(ch.)`, em and en dashes,
//! spaced letters `P - K R 3`, `×` for takes, `0-0`, glyphs `!`, `?`), and
//! the four-handed forms of the 1890s (`Q-B10`, `yK3`, `B-rQ3`, `QxwP`).
//!
//! Unlike Verney's round-table cells ([`super::descriptive`]), a square may
//! leave out the king's or queen's side (`Kt-B3`) and a man may be named by
//! the file he stands on (`KtP`, `KPxP`): the resolver keeps every legal
//! move that fits. Nothing here knows the board.
//!
//! The text is first reduced word by word (`to` → `-`, `takes` → `x`,
//! `'s`, periods and ordinal endings dropped, a player's name kept aside),
//! then the letters are read case-sensitively: men and files are capitals
//! (`K Q R B N S C P`, and `Kt`), a lowercase letter glued to a capital is a
//! player's initial, and lowercase words at the end are marks (`ch`, `mate`,
//! `e.p.`).

use std::fmt;

use super::descriptive::{PieceName, PlayerRef, Side};

/// A file, possibly without its side: `B` is either bishop's file, `KB` the
/// king's bishop's, `K` the king's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileSpec {
    /// `K`/`Q` when written.
    pub side: Option<Side>,
    /// The bishop's, knight's or rook's file; `None` with a side for the
    /// king's or queen's file, `None` without one for any file.
    pub minor: Option<PieceName>,
}

impl FileSpec {
    /// Whether file number `f` (0 = queen's rook's … 7 = king's rook's) fits.
    pub fn fits(&self, f: usize) -> bool {
        let on_side = match self.side {
            Some(Side::King) => f >= 4,
            Some(Side::Queen) => f < 4,
            None => true,
        };
        let column = match self.minor {
            Some(PieceName::Rook) => f == 0 || f == 7,
            Some(PieceName::Knight) => f == 1 || f == 6,
            Some(PieceName::Bishop) => f == 2 || f == 5,
            Some(_) => false,
            None => match self.side {
                Some(Side::King) => f == 4,
                Some(Side::Queen) => f == 3,
                None => true,
            },
        };
        on_side && column
    }
}

/// A man as named: `P`, `KP`, `KtP`, `QKt`, `B`, `wP`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShortMan {
    /// The owner when written (`wP`, `White's P`).
    pub player: Option<PlayerRef>,
    /// The kind.
    pub piece: PieceName,
    /// For bishops, knights and rooks: `QKt` is the queen's knight.
    pub side: Option<Side>,
    /// For pawns: the file named (`KP`, `KtP`, `QBP`).
    pub file: Option<FileSpec>,
    /// The square he stands on, written to tell him from another man of
    /// his name that could make the move (`R(1)-Q1`, `Kt(Q2)-B3`,
    /// `R/QB1-Q1`): a rank alone, or a whole square, in the mover's system.
    pub from: Option<ShortSquare>,
}

/// A square as named: `K4`, `B3` (either bishop's file), `KR3`, `yK3`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShortSquare {
    /// The player in whose system the square is counted, when written.
    pub player: Option<PlayerRef>,
    /// Its file.
    pub file: FileSpec,
    /// Its rank, counted from that player's edge.
    pub rank: u8,
}

/// What the move does.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ShortAction {
    /// `-K4`, `to K's 4th`.
    To(ShortSquare),
    /// `xP`, `takes Kt`.
    Takes(ShortMan),
    /// `xQ5`: a capture on a square.
    TakesOn(ShortSquare),
    /// `O-O` (king's side), `O-O-O`, `Castles QR` (queen's side), `Castles`
    /// (whichever the position allows).
    Castle(Option<Side>),
}

/// One move in printed descriptive notation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShortMove {
    /// The man that moves (`None` for castling).
    pub man: Option<ShortMan>,
    /// Where it goes or what it takes.
    pub action: ShortAction,
    /// `=Q`, `(Q)`: the piece a pawn becomes.
    pub promotion: Option<PieceName>,
    /// `e.p.` written.
    pub en_passant: bool,
    /// A check mark (`ch`, `+`, `dis ch`, `(ch.)`).
    pub check: bool,
    /// A mate mark (`mate`, `#`).
    pub mate: bool,
    /// A glyph after the move (`!`, `?!`).
    pub glyph: Option<String>,
}

/// Why a text is not a printed descriptive move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortError {
    /// What was expected, in words.
    pub expected: String,
}

impl fmt::Display for ShortError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}", self.expected)
    }
}

impl std::error::Error for ShortError {}

fn err<T>(expected: &str) -> Result<T, ShortError> {
    Err(ShortError {
        expected: expected.to_string(),
    })
}

/// The marker standing for a player's name in the reduced text.
const NAME: char = '@';

/// The marker between a rank and a capital letter that stood apart.
const WORD_BREAK: char = '|';

/// Words that mark a check, a mate or an en passant capture.
#[derive(Default)]
struct Marks {
    check: bool,
    mate: bool,
    en_passant: bool,
    glyph: Option<String>,
}

fn is_glyph_char(c: char) -> bool {
    matches!(c, '!' | '?')
}

/// Reads trailing marks off a reduced word list; returns what is left.
fn strip_marks(words: &mut Vec<String>, marks: &mut Marks) {
    loop {
        let several = words.len() > 1;
        let Some(last) = words.last_mut() else {
            return;
        };
        // Glyphs glued or alone.
        let glyph_start = last
            .char_indices()
            .rev()
            .take_while(|(_, c)| is_glyph_char(*c))
            .last()
            .map(|(i, _)| i);
        if let Some(i) = glyph_start
            && (i > 0 || several)
        {
            marks.glyph = Some(last[i..].to_string());
            last.truncate(i);
            if last.is_empty() {
                words.pop();
            }
            continue;
        }
        let Some(last) = words.last_mut() else {
            return;
        };
        let plain: String = last
            .chars()
            .filter(|c| !matches!(c, '.' | '(' | ')' | ','))
            .collect::<String>()
            .to_ascii_lowercase();
        let whole = match plain.as_str() {
            "ch" | "check" | "chk" | "dis" | "disch" | "dbl" | "dblch" | "double"
            | "discovered" | "disc" | "+" | "++" => Some(0),
            "mate" | "checkmate" | "#" | "matè" => Some(1),
            "ep" | "enpassant" | "passant" | "en" => Some(2),
            _ => None,
        };
        // Only a word that is lowercase as written (or a sign) is a mark:
        // `Ch` is never a man, but `Q` after `Castles` is not a mark.
        let lower_as_written = last.chars().all(|c| !c.is_alphabetic() || c.is_lowercase())
            || matches!(plain.as_str(), "check" | "mate" | "checkmate" | "ch");
        if let Some(kind) = whole.filter(|_| lower_as_written && several) {
            match kind {
                0 => marks.check = true,
                1 => marks.mate = true,
                _ => marks.en_passant = true,
            }
            words.pop();
            continue;
        }
        // Marks glued to the move: `QxQ+`, `Kt-B3ch`, `PxPe.p.`, `B-Kt5(ch.)`.
        let glued: &[(&str, u8)] = &[
            ("(dis.ch.)", 0),
            ("(dis ch.)", 0),
            ("(ch.)", 0),
            ("(ch)", 0),
            ("(check)", 0),
            ("(mate)", 1),
            ("(mate.)", 1),
            ("e.p.", 2),
            ("e.p", 2),
            ("++", 0),
            ("+", 0),
            ("#", 1),
            ("ch.", 0),
            ("ch", 0),
            ("mate.", 1),
            ("mate", 1),
        ];
        let lower = last.to_lowercase();
        if let Some(&(suffix, kind)) = glued
            .iter()
            .find(|(s, _)| lower.ends_with(s) && lower.len() > s.len())
        {
            // `ch` glued needs a lowercase `c` as written (not `C` a castle).
            let at = last.len() - suffix.len();
            if suffix.starts_with('c') && !last[at..].starts_with('c') {
                return;
            }
            match kind {
                0 => marks.check = true,
                1 => marks.mate = true,
                _ => marks.en_passant = true,
            }
            last.truncate(at);
            continue;
        }
        return;
    }
}

/// Drops `'s`, periods and ordinal endings, turns `to`/`takes` into signs
/// and player names into the marker; returns the reduced text.
fn reduce(text: &str, names: &mut Vec<String>) -> Result<(String, Marks), ShortError> {
    let mapped: String = text
        .chars()
        .map(|c| match c {
            '\u{2014}' | '\u{2013}' | '\u{2012}' | '\u{2212}' | '\u{2010}' | '\u{2011}' => '-',
            '\u{d7}' => 'x',
            '\u{2019}' | '\u{2018}' => '\'',
            ':' => '-',
            c => c,
        })
        .collect();
    let mut words: Vec<String> = mapped.split_whitespace().map(str::to_string).collect();
    if words.is_empty() {
        return err("a move such as `P-K4`");
    }
    let mut marks = Marks::default();
    strip_marks(&mut words, &mut marks);
    let mut out = String::new();
    for word in words {
        let bare = word.trim_end_matches('.');
        let low = bare.to_ascii_lowercase();
        match low.as_str() {
            "to" => {
                out.push('-');
                continue;
            }
            "takes" | "take" | "tks" | "x" => {
                out.push('x');
                continue;
            }
            "sq" | "square" | "sq." => {
                out.push('1');
                continue;
            }
            _ => {}
        }
        // A player's name: `White's`, `Red`, `Yellow's` (three letters or
        // more, capitalised, not a man's name).
        let stem = bare
            .strip_suffix("'s")
            .or_else(|| bare.strip_suffix('\''))
            .unwrap_or(bare);
        let is_name = stem.len() >= 3
            && stem.chars().all(|c| c.is_ascii_alphabetic())
            && stem.starts_with(|c: char| c.is_ascii_uppercase())
            && stem[1..].chars().all(|c| c.is_ascii_lowercase())
            && !matches!(
                stem.to_ascii_lowercase().as_str(),
                "castles" | "castle" | "castled" | "kts" | "side" | "square" | "queens" | "kings"
            );
        if is_name {
            names.push(stem.to_string());
            out.push(NAME);
            continue;
        }
        // Ordinals: `4th`, `3d`, `2nd`, `1st`, `3rd`.
        let mut w = String::new();
        let chars: Vec<char> = word.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                w.push(c);
                i += 1;
                let rest: String = chars[i..].iter().collect();
                for suffix in ["st", "nd", "rd", "th", "d"] {
                    if rest.starts_with(suffix)
                        && !rest[suffix.len()..].starts_with(|c: char| c.is_ascii_lowercase())
                    {
                        i += suffix.len();
                        break;
                    }
                }
                continue;
            }
            if c == '\'' {
                // `K's` → `K`
                if chars.get(i + 1) == Some(&'s') {
                    i += 2;
                } else {
                    i += 1;
                }
                continue;
            }
            if c == '.' || c == ',' {
                i += 1;
                continue;
            }
            w.push(c);
            i += 1;
        }
        // A man's letter standing as a word of its own after a rank
        // (`P. to Q's 4th. Q.`) begins the next move: it is no promotion
        // piece (those are glued or follow `=`, `(`, `/`).
        if out.ends_with(|c: char| c.is_ascii_digit())
            && w.starts_with(|c: char| c.is_ascii_uppercase())
        {
            out.push(WORD_BREAK);
        }
        out.push_str(&w);
    }
    Ok((out, marks))
}

struct Reader<'a> {
    s: &'a [char],
    at: usize,
    names: Vec<String>,
}

/// One letter-unit of a designator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    K,
    Q,
    B,
    N,
    R,
    P,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.s.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn rest(&self) -> String {
        self.s[self.at..].iter().collect()
    }

    fn unit(&mut self) -> Option<Unit> {
        let u = match self.peek()? {
            'K' => {
                if self.s.get(self.at + 1) == Some(&'t') {
                    self.at += 1;
                    Unit::N
                } else {
                    Unit::K
                }
            }
            'Q' => Unit::Q,
            'B' => Unit::B,
            'N' | 'S' => Unit::N,
            'R' | 'C' => Unit::R,
            'P' => Unit::P,
            _ => return None,
        };
        self.at += 1;
        Some(u)
    }

    fn units(&mut self) -> Vec<Unit> {
        let mut out = Vec::new();
        while out.len() < 4 {
            match self.unit() {
                Some(u) => out.push(u),
                None => break,
            }
        }
        out
    }

    fn player(&mut self) -> Option<PlayerRef> {
        match self.peek()? {
            NAME => {
                let index = self.s[..self.at].iter().filter(|&&c| c == NAME).count();
                self.at += 1;
                self.names.get(index).cloned().map(PlayerRef::Name)
            }
            c if c.is_ascii_lowercase()
                && c != 'x'
                && self
                    .s
                    .get(self.at + 1)
                    .is_some_and(|n| "KQBNSRCP".contains(*n)) =>
            {
                self.at += 1;
                Some(PlayerRef::Initial(c))
            }
            _ => None,
        }
    }

    fn number(&mut self) -> Option<u8> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == start {
            return None;
        }
        let text: String = self.s[start..self.at].iter().collect();
        text.parse().ok().filter(|n| (1..=14).contains(n))
    }
}

fn minor_of(u: Unit) -> Option<PieceName> {
    match u {
        Unit::B => Some(PieceName::Bishop),
        Unit::N => Some(PieceName::Knight),
        Unit::R => Some(PieceName::Rook),
        _ => None,
    }
}

fn side_of(u: Unit) -> Option<Side> {
    match u {
        Unit::K => Some(Side::King),
        Unit::Q => Some(Side::Queen),
        _ => None,
    }
}

/// A file from its units: `K`, `Q`, `B`, `Kt`, `R`, `KB`, `QKt`, …
fn file_of(units: &[Unit]) -> Option<FileSpec> {
    match units {
        [] => Some(FileSpec {
            side: None,
            minor: None,
        }),
        [u] => match (side_of(*u), minor_of(*u)) {
            (Some(side), _) => Some(FileSpec {
                side: Some(side),
                minor: None,
            }),
            (_, Some(minor)) => Some(FileSpec {
                side: None,
                minor: Some(minor),
            }),
            _ => None,
        },
        [a, b] => Some(FileSpec {
            side: Some(side_of(*a)?),
            minor: Some(minor_of(*b)?),
        }),
        _ => None,
    }
}

/// A man from its units: `P`, `KtP`, `QBP`, `K`, `Q`, `B`, `QKt`.
fn man_of(units: &[Unit], player: Option<PlayerRef>) -> Option<ShortMan> {
    let (last, before) = units.split_last()?;
    if *last == Unit::P {
        let file = (!before.is_empty()).then(|| file_of(before)).flatten();
        if !before.is_empty() && file.is_none() {
            return None;
        }
        return Some(ShortMan {
            player,
            piece: PieceName::Pawn,
            side: None,
            file,
            from: None,
        });
    }
    let (piece, side) = match (before, *last) {
        ([], Unit::K) => (PieceName::King, None),
        ([], Unit::Q) => (PieceName::Queen, None),
        ([], u) => (minor_of(u)?, None),
        ([s], u) => (minor_of(u)?, Some(side_of(*s)?)),
        _ => return None,
    };
    Some(ShortMan {
        player,
        piece,
        side,
        file: None,
        from: None,
    })
}

/// The square a man stands on, when written after his name to tell him
/// from another (`R(1)`, `R(QB1)`, `R/1`, `Kt/Q2`): his rank alone or a
/// whole square. Anything else in parentheses is left where it is (`(Q)`
/// after the man a pawn takes is the piece he becomes: `PxR(Q)`).
fn standing(r: &mut Reader) -> Option<ShortSquare> {
    let start = r.at;
    let close = if r.eat('(') {
        Some(')')
    } else if r.eat('/') {
        None
    } else {
        return None;
    };
    let units = r.units();
    let square = file_of(&units).and_then(|file| {
        let rank = r.number()?;
        let closed = close.is_none_or(|c| r.eat(c));
        closed.then_some(ShortSquare {
            player: None,
            file,
            rank,
        })
    });
    if square.is_none() {
        r.at = start;
    }
    square
}

const MAN: &str = "a man such as `P`, `Kt`, `QB`, `KtP`";
const SQUARE: &str = "a square such as `K4`, `B3`, `QKt5`";

fn square(r: &mut Reader) -> Result<ShortSquare, ShortError> {
    let player = r.player();
    let units = r.units();
    let Some(file) = file_of(&units).filter(|_| !units.is_empty()) else {
        return err(SQUARE);
    };
    let Some(rank) = r.number() else {
        return err("a rank from 1 to 14");
    };
    Ok(ShortSquare { player, file, rank })
}

fn promotion(r: &mut Reader) -> Result<Option<PieceName>, ShortError> {
    let open = if r.eat('=') || r.eat('/') {
        None
    } else if r.eat('(') {
        Some(')')
    } else if r.peek().is_some_and(|c| "QRBNSCK".contains(c)) {
        None
    } else {
        return Ok(None);
    };
    let piece = match r.unit() {
        Some(Unit::Q) => PieceName::Queen,
        Some(Unit::R) => PieceName::Rook,
        Some(Unit::B) => PieceName::Bishop,
        Some(Unit::N) => PieceName::Knight,
        _ => return err("the piece promoted to (`Q`, `R`, `B`, `Kt`)"),
    };
    if let Some(close) = open
        && !r.eat(close)
    {
        return err("`)` after the piece promoted to");
    }
    Ok(Some(piece))
}

fn castle(text: &str) -> Option<Option<Side>> {
    let t: String = text.chars().filter(|c| *c != '-').collect();
    match t.as_str() {
        "OO" | "00" => return Some(Some(Side::King)),
        "OOO" | "000" => return Some(Some(Side::Queen)),
        _ => {}
    }
    let lower = t.to_ascii_lowercase();
    let rest = ["castles", "castled", "castle"]
        .iter()
        .find_map(|w| lower.strip_prefix(w))?;
    match rest {
        "" => Some(None),
        "k" | "kr" | "kside" | "kingside" | "kings" | "kingsside" | "onkside" => {
            Some(Some(Side::King))
        }
        "q" | "qr" | "qside" | "queenside" | "queens" | "queensside" | "onqside" => {
            Some(Some(Side::Queen))
        }
        _ => None,
    }
}

/// Reads one printed descriptive move.
pub fn parse(text: &str) -> Result<ShortMove, ShortError> {
    let mut names = Vec::new();
    let (reduced, marks) = reduce(text, &mut names)?;
    let make = |man, action, promotion| ShortMove {
        man,
        action,
        promotion,
        en_passant: marks.en_passant,
        check: marks.check,
        mate: marks.mate,
        glyph: marks.glyph.clone(),
    };
    if let Some(side) = castle(&reduced) {
        return Ok(make(None, ShortAction::Castle(side), None));
    }
    let chars: Vec<char> = reduced.chars().collect();
    let mut r = Reader {
        s: &chars,
        at: 0,
        names,
    };
    let player = r.player();
    let units = r.units();
    let Some(mut man) = man_of(&units, player) else {
        return err(MAN);
    };
    man.from = standing(&mut r);
    let action = if r.eat('-') {
        ShortAction::To(square(&mut r)?)
    } else if r.eat('x') || r.eat('X') {
        // A square (`xQ5`) or a man (`xP`, `xKtP`, `xwP`).
        let save = r.at;
        match square(&mut r) {
            Ok(sq) if !r.peek().is_some_and(|c| c.is_ascii_digit()) => ShortAction::TakesOn(sq),
            _ => {
                r.at = save;
                let player = r.player();
                let units = r.units();
                match man_of(&units, player) {
                    Some(mut victim) => {
                        victim.from = standing(&mut r);
                        ShortAction::Takes(victim)
                    }
                    None => return err("the man taken, such as `P`, `Kt`, `KtP`"),
                }
            }
        }
    } else {
        return err("`-` or `x` after the man");
    };
    let promoted = promotion(&mut r)?;
    if r.at != chars.len() {
        let rest = r.rest();
        return Err(ShortError {
            expected: format!("the end of the move, not `{rest}`"),
        });
    }
    if promoted.is_some() && man.piece != PieceName::Pawn {
        return err("a pawn before a promotion");
    }
    Ok(make(Some(man), action, promoted))
}

/// The knight's name in written moves: `Kt` (English books to the 1960s),
/// `N` (later ones), `S` (as some transcriptions have it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Knight {
    /// `Kt-KB3`, `BxKt ch`.
    #[default]
    Kt,
    /// `N-KB3`, `BxN+`.
    N,
    /// `S-KB3`.
    S,
}

/// How printed descriptive moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ShortStyle {
    /// The knight's name (also in files: `P-KKt3`, `P-KN3`).
    pub knight: Knight,
    /// Verney's verbose style (`K. Kt. to K. B. 3.`) where it names the
    /// move; the short style otherwise (castling, promotions).
    pub verbose: bool,
}

impl ShortStyle {
    fn piece(&self, p: PieceName) -> &'static str {
        match p {
            PieceName::King => "K",
            PieceName::Queen => "Q",
            PieceName::Rook => "R",
            PieceName::Bishop => "B",
            PieceName::Pawn => "P",
            PieceName::Knight => match self.knight {
                Knight::Kt => "Kt",
                Knight::N => "N",
                Knight::S => "S",
            },
        }
    }
}

fn push_player(out: &mut String, player: &Option<PlayerRef>) {
    match player {
        Some(PlayerRef::Initial(c)) => out.push(*c),
        Some(PlayerRef::Name(n)) => {
            out.push_str(n);
            out.push_str("'s ");
        }
        None => {}
    }
}

fn push_side(out: &mut String, side: Option<Side>) {
    match side {
        Some(Side::King) => out.push('K'),
        Some(Side::Queen) => out.push('Q'),
        None => {}
    }
}

fn push_file(out: &mut String, file: &FileSpec, style: &ShortStyle) {
    push_side(out, file.side);
    if let Some(minor) = file.minor {
        out.push_str(style.piece(minor));
    }
}

fn push_man(out: &mut String, man: &ShortMan, style: &ShortStyle) {
    push_player(out, &man.player);
    push_side(out, man.side);
    if let Some(file) = &man.file {
        push_file(out, file, style);
    }
    out.push_str(style.piece(man.piece));
    if let Some(from) = &man.from {
        out.push('(');
        push_square(out, from, style);
        out.push(')');
    }
}

fn push_square(out: &mut String, sq: &ShortSquare, style: &ShortStyle) {
    push_player(out, &sq.player);
    push_file(out, &sq.file, style);
    out.push_str(&sq.rank.to_string());
}

/// A printed move in the short style: `P-K4`, `KtxP`, `QKt-Q2`,
/// `P-K8=Q`, `PxP e.p.`, `O-O-O`, `B-yK3`, marks `ch`, `mate` (`+` with
/// `N`). The glyph is not written (a record keeps glyphs as NAGs).
pub fn write(m: &ShortMove, style: &ShortStyle) -> String {
    let mut out = String::new();
    match &m.action {
        ShortAction::Castle(side) => out.push_str(match side {
            Some(Side::Queen) => "O-O-O",
            Some(Side::King) => "O-O",
            None => "Castles",
        }),
        action => {
            if let Some(man) = &m.man {
                push_man(&mut out, man, style);
            }
            match action {
                ShortAction::To(sq) => {
                    out.push('-');
                    push_square(&mut out, sq, style);
                }
                ShortAction::Takes(victim) => {
                    out.push('x');
                    push_man(&mut out, victim, style);
                }
                ShortAction::TakesOn(sq) => {
                    out.push('x');
                    push_square(&mut out, sq, style);
                }
                ShortAction::Castle(_) => {}
            }
        }
    }
    if let Some(p) = m.promotion {
        out.push('=');
        out.push_str(style.piece(p));
    }
    if m.en_passant {
        out.push_str(" e.p.");
    }
    if m.mate {
        out.push_str(" mate");
    } else if m.check {
        out.push_str(if style.knight == Knight::N {
            "+"
        } else {
            " ch"
        });
    }
    out
}

/// Verney's verbose form of a move (`K. Kt. to K. B. 3.`) in the typography
/// of the books of his time (`K. Kt. to K. B's 3d.`, `K. to B's sq.`,
/// `Q. R. P. to Q. R's 4th.`, `(ch.)`), so that a rank never reads as a
/// move number in a numbered score.
pub fn book_typography(verbose: &str) -> String {
    let mut words: Vec<String> = verbose
        .split_whitespace()
        .map(|w| match w {
            "C." => "R.".to_string(),
            "(Check)." | "(Check)" => "(ch.)".to_string(),
            "(Mate)." | "(Mate)" => "Mate.".to_string(),
            w => w.to_string(),
        })
        .collect();
    // `K. B. square.` → `K. B's sq.`
    for i in 1..words.len() {
        if matches!(words[i].as_str(), "square." | "square") && words[i - 1].ends_with('.') {
            words[i - 1] = format!("{}'s", words[i - 1].trim_end_matches('.'));
            words[i] = "sq.".to_string();
        }
    }
    for i in 1..words.len() {
        let digits = words[i].trim_end_matches('.');
        let Ok(rank) = digits.parse::<u8>() else {
            continue;
        };
        if !words[i - 1].ends_with('.') || words[i - 1].len() < 2 {
            continue;
        }
        let before = words[i - 1].trim_end_matches('.').to_string();
        words[i - 1] = format!("{before}'s");
        let suffix = match rank {
            1 => {
                words[i] = "sq.".to_string();
                continue;
            }
            2 | 3 => "d",
            _ => "th",
        };
        words[i] = format!("{rank}{suffix}.");
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(side: Option<Side>, minor: Option<PieceName>, rank: u8) -> ShortAction {
        ShortAction::To(ShortSquare {
            player: None,
            file: FileSpec { side, minor },
            rank,
        })
    }

    #[test]
    fn short_and_old_typography_read_alike() {
        use PieceName::*;
        let k4 = sq(Some(Side::King), None, 4);
        for text in [
            "P-K4",
            "P—K4",
            "P–K4",
            "P. to K's 4th.",
            "P - K 4",
            "P. to K. 4.",
        ] {
            let m = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(m.action, k4, "{text}");
            assert_eq!(m.man.as_ref().map(|m| m.piece), Some(Pawn), "{text}");
        }
        let kb3 = sq(Some(Side::King), Some(Bishop), 3);
        for text in ["Kt-KB3", "N-KB3", "S-KB3", "Kt.—KB3", "K's Kt. to B's 3d."] {
            let m = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let man = m.man.expect("man");
            assert_eq!(man.piece, Knight, "{text}");
            if text.starts_with("K's") {
                assert_eq!(man.side, Some(Side::King));
                assert_eq!(m.action, sq(None, Some(Bishop), 3));
            } else {
                assert_eq!(m.action, kb3, "{text}");
            }
        }
        let m = parse("P - K R 3").expect("spaced");
        assert_eq!(m.action, sq(Some(Side::King), Some(Rook), 3));
        let m = parse("Kt-B3").expect("sideless");
        assert_eq!(m.action, sq(None, Some(Bishop), 3));
    }

    #[test]
    fn captures_marks_and_promotions() {
        let m = parse("BxKt ch").expect("BxKt ch");
        assert!(m.check);
        assert!(matches!(
            m.action,
            ShortAction::Takes(ShortMan {
                piece: PieceName::Knight,
                ..
            })
        ));
        let m = parse("Q × Q+").expect("QxQ+");
        assert!(m.check);
        let m = parse("KPxP").expect("KPxP");
        let man = m.man.expect("man");
        assert_eq!(
            man.file,
            Some(FileSpec {
                side: Some(Side::King),
                minor: None
            })
        );
        let m = parse("BxKtP").expect("BxKtP");
        let ShortAction::Takes(v) = m.action else {
            panic!()
        };
        assert_eq!(
            v.file,
            Some(FileSpec {
                side: None,
                minor: Some(PieceName::Knight)
            })
        );
        for t in ["P-K8=Q", "P-K8(Q)", "P-K8Q", "P-K8/Q"] {
            assert_eq!(parse(t).expect(t).promotion, Some(PieceName::Queen), "{t}");
        }
        let m = parse("PxP e.p.").expect("ep");
        assert!(m.en_passant);
        assert!(parse("B-Kt5 (ch.)").expect("(ch.)").check);
        assert!(parse("Q-R5 dis ch").expect("dis ch").check);
        assert!(parse("QxP mate").expect("mate").mate);
        assert_eq!(parse("QKt-Q2!").expect("glyph").glyph.as_deref(), Some("!"));
        assert_eq!(
            parse("QKt-Q2 ?!").expect("glyph").glyph.as_deref(),
            Some("?!")
        );
    }

    #[test]
    fn castling_forms() {
        for (t, side) in [
            ("O-O", Some(Side::King)),
            ("0-0", Some(Side::King)),
            ("O-O-O", Some(Side::Queen)),
            ("Castles", None),
            ("Castles QR", Some(Side::Queen)),
            ("Castles KR", Some(Side::King)),
            ("Castles.", None),
        ] {
            assert_eq!(parse(t).expect(t).action, ShortAction::Castle(side), "{t}");
        }
    }

    #[test]
    fn four_handed_forms() {
        let m = parse("Q-B10").expect("rank 10");
        assert_eq!(m.action, sq(None, Some(PieceName::Bishop), 10));
        let m = parse("K-yK3").expect("yK3");
        let ShortAction::To(s) = m.action else {
            panic!()
        };
        assert_eq!(s.player, Some(PlayerRef::Initial('y')));
        let m = parse("QxwP").expect("QxwP");
        let ShortAction::Takes(v) = m.action else {
            panic!()
        };
        assert_eq!(v.player, Some(PlayerRef::Initial('w')));
        let m = parse("B-rQ3").expect("rQ3");
        let ShortAction::To(s) = m.action else {
            panic!()
        };
        assert_eq!(s.player, Some(PlayerRef::Initial('r')));
        assert_eq!(s.file.side, Some(Side::Queen));
        // `bKN`: Black's king's knight, taken.
        let m = parse("QxbKN").expect("bKN");
        let ShortAction::Takes(v) = m.action else {
            panic!()
        };
        assert_eq!(v.player, Some(PlayerRef::Initial('b')));
        assert_eq!((v.piece, v.side), (PieceName::Knight, Some(Side::King)));
        let m = parse("K. B. takes Red's K. B.").expect("verney");
        let ShortAction::Takes(v) = m.action else {
            panic!()
        };
        assert_eq!(v.player, Some(PlayerRef::Name("Red".into())));
        assert_eq!(v.side, Some(Side::King));
    }

    #[test]
    fn not_moves() {
        for t in [
            "",
            "e4",
            "Nf3",
            "P-K",
            "PxP PxP",
            "Any move.",
            "5.",
            "....",
            "P-K15",
            "P. to Q's 8th. Q.",
            "Q. P. to Q's 4th. Q.",
        ] {
            assert!(parse(t).is_err(), "{t}");
        }
    }
}
