//! PGN and PGN4 game files: a streaming, lenient reader and simple writers.
//!
//! [`PgnReader`] reads one line at a time from any [`BufRead`] and yields one
//! [`RawGame`] per game, never holding more than the game being read. It is
//! purely syntactic: ply tokens are kept as text for
//! [`crate::notation::algebraic::parse_token`] (or `parse_dice_turn`) and the engine.
//!
//! What it accepts:
//! - tag pairs `[Key "Value"]`, several per line, `\"` and `\\` escapes, and
//!   values that run over several lines (PGN4 `StartFen4`);
//! - `\n`, `\r\n` and `\r\r\n` line ends, a UTF-8 byte order mark, and lines
//!   that are not UTF-8 (decoded as Latin-1);
//! - `;` comments to the end of the line, `%` escape lines (`%` in column 1,
//!   skipped), `{...}` comments over several lines, nested `(...)`
//!   variations, NAGs (`$n`, and stand-alone `!` `?!` ... as `$1`-`$6`);
//! - move numbers `12.`, `12...` and PGN4's `12..`, PGN4's `..` between the
//!   plies of a round, Skock dice turns `[1 4] f4xe5, Ng2-f4` as one ply;
//! - results `1-0`, `0-1`, `1/2-1/2`, `½-½` and `*`, which end a game.
//!
//! A game ends at its result, at a tag line that follows movetext or a blank
//! line after the tag section, or at the end of the input. After an error the
//! reader skips to the next game's tags and goes on.

use std::fmt;
use std::io::BufRead;

use crate::record::CompactString;

/// A place in the input: 1-based line, 1-based column counted in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Pos {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One game as written: tags, movetext nodes and result, unvalidated.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawGame {
    /// Tag pairs in file order, each with the position of its `[`.
    pub tags: Vec<(String, String, Pos)>,
    /// The movetext in order: move numbers, plies, comments, variations, NAGs.
    pub moves: Vec<Node>,
    /// The result token that ended the movetext, if any.
    pub result: Option<String>,
    /// Where the game starts (its first tag or token).
    pub start: Pos,
    /// Escape lines (`%` in the first column) met before or inside the
    /// game, without their `%`, in order: private data of the program that
    /// wrote the file, which PGN says readers pass over.
    pub escapes: Vec<String>,
}

impl RawGame {
    /// The value of the first tag named `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, v, _)| v.as_str())
    }
}

/// One element of movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// `12.` (`black` false) or `12...` / PGN4 `12..` (`black` true).
    MoveNumber {
        /// The round number written (`12`).
        number: u32,
        /// Whether the number is followed by `...` / `..`: the round resumes
        /// after its first ply.
        black: bool,
        /// Where the node starts in the input.
        pos: Pos,
    },
    /// A ply token as written (`e4`, `Qd9xBa9+`, `R#`, `[1 4] f4xe5, Ng2-f4`).
    Ply {
        /// The token exactly as written, marks and annotation included.
        text: CompactString,
        /// Where the node starts in the input.
        pos: Pos,
    },
    /// A `{...}` comment (trimmed; inner line breaks kept as `\n`) or a `;`
    /// comment (the rest of the line, trimmed).
    Comment {
        /// The comment's text, without its braces or semicolon (inline up to
        /// 24 bytes, as most clocks and evaluations are: no allocation).
        text: CompactString,
        /// Where the node starts in the input.
        pos: Pos,
    },
    /// A `(...)` variation.
    Variation {
        /// The movetext inside the parentheses, nested variations included.
        nodes: Vec<Node>,
        /// Where the node starts in the input.
        pos: Pos,
    },
    /// `$n`, or a stand-alone `!` `?` ... annotation (`!` = 1, `?` is a ply).
    Nag {
        /// The annotation glyph's number (`$14` gives 14).
        value: u16,
        /// Where the node starts in the input.
        pos: Pos,
    },
    /// PGN4's `..` between the plies of a round (any run of two or more dots
    /// standing alone, or `…`).
    RoundSep {
        /// Where the node starts in the input.
        pos: Pos,
    },
}

impl Node {
    /// Where the node starts.
    pub fn pos(&self) -> Pos {
        match self {
            Node::MoveNumber { pos, .. }
            | Node::Ply { pos, .. }
            | Node::Comment { pos, .. }
            | Node::Variation { pos, .. }
            | Node::Nag { pos, .. }
            | Node::RoundSep { pos } => *pos,
        }
    }
}

/// A syntax error: where, the offending text (unquoted), what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: expected {expected}, found \"{text}\"")]
pub struct PgnError {
    /// Where the offending text starts.
    pub pos: Pos,
    /// The offending text, unquoted (`(` for an unclosed variation).
    pub text: String,
    /// What would have fitted there, in words.
    pub expected: String,
}

// ---------------------------------------------------------------------------
// Reader

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Nothing read yet.
    Start,
    /// In the tag section.
    Tags,
    /// The tag section ended with a blank line; no movetext yet.
    TagsEnded,
    /// In the movetext.
    Moves,
}

/// A tag being read, whose value may run past the end of its line.
#[derive(Debug)]
struct OpenTag {
    key: String,
    value: String,
    pos: Pos,
    /// The tag's start, quoted in the error if its value is never closed:
    /// taken only when the value runs past its first line (a tag closed on
    /// its line, as nearly all are, makes no copy of it).
    snippet: String,
    /// Where the tag starts on its first line, while that line is read.
    start: Option<usize>,
}

#[derive(Debug)]
struct OpenComment {
    text: String,
    pos: Pos,
    snippet: String,
}

#[derive(Debug)]
struct Builder {
    phase: Phase,
    game: RawGame,
    started: bool,
    /// Open variations, innermost last.
    stack: Vec<(Vec<Node>, Pos)>,
    comment: Option<OpenComment>,
    tag: Option<OpenTag>,
    /// The result has been read; trailing comments on its line still belong
    /// to the game.
    finished: bool,
    /// Plies read so far, variations included.
    plies: usize,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            phase: Phase::Start,
            game: RawGame::default(),
            started: false,
            stack: Vec::new(),
            comment: None,
            tag: None,
            finished: false,
            plies: 0,
        }
    }

    fn mark_start(&mut self, pos: Pos) {
        if !self.started {
            self.started = true;
            self.game.start = pos;
        }
    }

    fn push(&mut self, node: Node) {
        self.mark_start(node.pos());
        self.phase = Phase::Moves;
        match self.stack.last_mut() {
            Some((nodes, _)) => nodes.push(node),
            None => self.game.moves.push(node),
        }
    }

    /// The error for whatever is still open, if anything.
    fn open_error(&self) -> Option<PgnError> {
        if let Some(t) = &self.tag {
            return Some(PgnError {
                pos: t.pos,
                text: t.snippet.clone(),
                expected: "a closing '\"' and ']' (unterminated tag)".to_string(),
            });
        }
        if let Some(c) = &self.comment {
            return Some(PgnError {
                pos: c.pos,
                text: c.snippet.clone(),
                expected: "'}' (unterminated comment)".to_string(),
            });
        }
        self.stack.last().map(|(_, pos)| PgnError {
            pos: *pos,
            text: "(".to_string(),
            expected: "')' (unterminated variation)".to_string(),
        })
    }
}

/// What to do after an error: skip lines until a tag line that comes after
/// at least one line that is not a tag line (blank or movetext).
#[derive(Debug, Clone, Copy)]
struct Skip {
    seen_non_tag: bool,
}

/// Streams games from a PGN or PGN4 file. See the module documentation.
pub struct PgnReader<R> {
    input: R,
    buf: Vec<u8>,
    /// The current line's characters, when it is not ASCII (an ASCII
    /// line is indexed in `line_text` directly).
    line: Vec<char>,
    /// The current line, decoded (UTF-8, or Latin-1 when it is not).
    line_text: String,
    /// The current line is ASCII: a character index is a byte index.
    ascii: bool,
    cursor: usize,
    line_no: usize,
    /// The current line still has something to process.
    have_line: bool,
    /// The line-start checks have been done for the current line.
    line_checked: bool,
    prev_blank: bool,
    this_blank: bool,
    done: bool,
    builder: Builder,
    skip: Option<Skip>,
}

const SNIPPET: usize = 40;

/// The most nodes [`PgnReader::expect_game_bytes`] makes room for at once
/// (a few hundred kilobytes): a longer game grows its list as it reads.
const MOVES_RESERVED_AT_MOST: usize = 4096;

/// A game holds at most this many plies, variations included: more is an
/// error at the ply past the limit, before the game's memory grows out of
/// bounds (a game of a million plies reads; a 100 MB line of moves does not).
pub const MAX_PLIES: usize = 3_000_000;

/// Variations nest at most this deep (deeper input is refused rather than
/// risk the stack in recursive code over the nodes).
pub const MAX_DEPTH: usize = 100;

pub(crate) fn is_tag_line(line: &str) -> bool {
    let mut it = line.chars().skip_while(|c| c.is_whitespace());
    it.next() == Some('[') && it.next().is_some_and(begins_tag_name)
}

/// Whether `c` may begin a tag's name. PGN asks for a letter; real files
/// (and other programs' output) carry other characters there, and nothing
/// else in PGN opens with `[` and such a character: not a comment's
/// embedded command (`[%clk ...]`), not a bracket of any kind, not Skock's
/// dice (`[1 4]`, so never a digit).
pub fn begins_tag_name(c: char) -> bool {
    !c.is_whitespace()
        && !c.is_ascii_digit()
        && !matches!(c, '"' | '[' | ']' | '{' | '}' | '(' | ')' | '%' | ';')
}

/// Whether `key` can stand as a tag's name in PGN and be read back the
/// same: it begins as [`begins_tag_name`] allows and holds no space, quote
/// or bracket (the PGN reader ends a name at any of them).
pub fn is_tag_name(key: &str) -> bool {
    key.chars().next().is_some_and(begins_tag_name) && key.chars().all(in_tag_name)
}

/// Whether `c` may stand in a tag's name after its first character.
pub fn in_tag_name(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '"' | '[' | ']')
}

/// The key of a tag line (`[White "x"]` gives `White`).
fn tag_key(line: &str) -> String {
    line.chars()
        .skip_while(|c| c.is_whitespace() || *c == '[')
        .take_while(|c| !c.is_whitespace() && *c != '"' && *c != ']')
        .collect()
}

fn is_blank(line: &str) -> bool {
    line.chars().all(char::is_whitespace)
}

fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '$')
}

/// `s` without leading and trailing white space, as [`str::trim`] gives
/// it; a text that begins and ends with a visible ASCII character (most
/// comments) is returned without a search.
pub(crate) fn trimmed(s: &str) -> &str {
    let visible = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_graphic());
    let bytes = s.as_bytes();
    if visible(bytes.first()) && visible(bytes.last()) {
        s
    } else {
        s.trim()
    }
}

pub(crate) fn result_token(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Whether a token begins as no annotation sign does: with a file letter
/// (`e4`, `exd5`; `inf` aside), a piece letter other than `N` and `R`, or
/// `N` or `R` followed by anything but `R` (`N` and `RR` are the signs).
/// Moves are told from signs by their first two bytes.
pub(crate) fn begins_move(s: &str) -> bool {
    match s.as_bytes() {
        [b'a'..=b'h' | b'K' | b'Q' | b'B' | b'O', ..] => true,
        [b'N' | b'R', second, ..] => *second != b'R',
        _ => false,
    }
}

/// A glyph written as text, as its numeric annotation glyph: the move
/// marks, and the evaluation signs of printed annotation (`+-`, `=/+`,
/// `±`, `∞`, `N` for a novelty ...) that books and many databases write in
/// PGN movetext instead of `$18`, `$15` ... None of them can be a move.
pub(crate) fn nag_symbol(s: &str) -> Option<u16> {
    if begins_move(s) {
        return None;
    }
    Some(match s {
        "!" => 1,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        "□" => 7,
        "=" => 10,
        "∞" | "inf" => 13,
        "+=" | "+/=" | "⩲" => 14,
        "=+" | "=/+" | "⩱" => 15,
        "+/-" | "±" => 16,
        "-/+" | "∓" => 17,
        "+-" | "+−" => 18,
        "-+" | "−+" => 19,
        "=/∞" => 44,
        "∆" | "Δ" => 140,
        "RR" => 145,
        "N" => 146,
        _ => return None,
    })
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of the PGN or PGN4 games in `input`; nothing is read until the
    /// first game is asked for.
    pub fn new(input: R) -> Self {
        PgnReader::starting_at(input, 1)
    }

    /// A reader of input that starts on line `first_line` (from 1) of a
    /// longer stream: positions count from there.
    pub fn starting_at(input: R, first_line: usize) -> Self {
        PgnReader {
            input,
            buf: Vec::new(),
            line: Vec::new(),
            line_text: String::new(),
            ascii: true,
            cursor: 0,
            line_no: first_line.saturating_sub(1),
            have_line: false,
            line_checked: false,
            prev_blank: true,
            this_blank: true,
            done: false,
            builder: Builder::new(),
            skip: None,
        }
    }

    /// Tells the reader that its input holds about `bytes` bytes of one
    /// game, so that the game's move list is made at its size once rather
    /// than grown (a node takes about four bytes of movetext: `e4` and a
    /// space, or a move number and a dot). The estimate is capped, so that
    /// a huge text does not reserve memory before anything is read.
    pub(crate) fn expect_game_bytes(&mut self, bytes: usize) {
        self.builder
            .game
            .moves
            .reserve((bytes / 4).min(MOVES_RESERVED_AT_MOST));
    }

    /// The number of lines read so far.
    pub fn line(&self) -> usize {
        self.line_no
    }

    fn pos(&self, index: usize) -> Pos {
        Pos {
            line: self.line_no,
            column: index + 1,
        }
    }

    fn snippet(&self, from: usize) -> String {
        let s: String = self.chars_from(from).take(SNIPPET).collect();
        s.trim_end().to_string()
    }

    fn char_at(&self, i: usize) -> Option<char> {
        if self.ascii {
            self.line_text.as_bytes().get(i).map(|&b| char::from(b))
        } else {
            self.line.get(i).copied()
        }
    }

    /// The length of the current line in characters.
    fn line_len(&self) -> usize {
        if self.ascii {
            self.line_text.len()
        } else {
            self.line.len()
        }
    }

    /// The characters of the current line from index `from`.
    fn chars_from(&self, from: usize) -> impl Iterator<Item = char> + '_ {
        let (ascii, wide) = if self.ascii {
            (Some(self.line_text.get(from..).unwrap_or("").chars()), None)
        } else {
            (
                None,
                Some(self.line.get(from..).unwrap_or(&[]).iter().copied()),
            )
        };
        ascii
            .into_iter()
            .flatten()
            .chain(wide.into_iter().flatten())
    }

    /// How many characters after index `from` of the current line `c`
    /// first stands (an ASCII `c`: on an ASCII line its bytes are searched).
    fn position_of(&self, c: char, from: usize) -> Option<usize> {
        if self.ascii && c.is_ascii() {
            let bytes = self.line_text.as_bytes().get(from..)?;
            return memchr::memchr(c as u8, bytes);
        }
        self.chars_from(from).position(|x| x == c)
    }

    /// Reads and decodes the next line. `Ok(false)` at the end of input.
    fn read_line(&mut self) -> std::io::Result<bool> {
        if !crate::split::read_line(&mut self.input, &mut self.buf)? {
            return Ok(false);
        }
        self.line_no += 1;
        let mut bytes = self.buf.as_slice();
        while let Some((last, rest)) = bytes.split_last() {
            if *last == b'\n' || *last == b'\r' {
                bytes = rest;
            } else {
                break;
            }
        }
        if self.line_no == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        self.line.clear();
        self.line_text.clear();
        self.ascii = bytes.is_ascii();
        match std::str::from_utf8(bytes) {
            Ok(s) => self.line_text.push_str(s),
            Err(_) => self.line_text.extend(bytes.iter().map(|&b| char::from(b))),
        }
        if !self.ascii {
            // Characters of several bytes: index them one by one.
            self.line.extend(self.line_text.chars());
        }
        self.cursor = 0;
        self.have_line = true;
        self.line_checked = false;
        self.prev_blank = self.this_blank;
        self.this_blank = is_blank(&self.line_text);
        Ok(true)
    }

    fn consume_line(&mut self) {
        self.cursor = self.line_len();
        self.have_line = false;
    }

    fn take_game(&mut self) -> RawGame {
        std::mem::replace(&mut self.builder, Builder::new()).game
    }

    /// Drops the game being read and skips to the next one.
    fn fail(&mut self, err: PgnError, seen_non_tag: bool) -> Option<Result<RawGame, PgnError>> {
        self.builder = Builder::new();
        self.skip = Some(Skip { seen_non_tag });
        Some(Err(err))
    }

    /// Everything at the end of the input.
    fn finish_eof(&mut self) -> Option<Result<RawGame, PgnError>> {
        if self.skip.is_some() {
            return None;
        }
        if let Some(err) = self.builder.open_error() {
            self.builder = Builder::new();
            return Some(Err(err));
        }
        if self.builder.phase == Phase::Start && !self.builder.started {
            return None;
        }
        Some(Ok(self.take_game()))
    }

    /// Checks made once at the start of each line. `Some` to hand back an
    /// item now (the line is then processed again on the next call).
    fn line_start(&mut self) -> Option<Result<RawGame, PgnError>> {
        self.line_checked = true;
        let tag_line = is_tag_line(&self.line_text);
        if let Some(skip) = self.skip.as_mut() {
            if tag_line && skip.seen_non_tag {
                self.skip = None;
            } else {
                if !tag_line {
                    skip.seen_non_tag = true;
                }
                self.consume_line();
                return None;
            }
        }
        let b = &self.builder;
        if b.tag.is_some() {
            if self.this_blank || tag_line {
                let err = b.open_error();
                self.line_checked = false;
                return err.and_then(|e| self.fail(e, false));
            }
            return None;
        }
        if b.comment.is_some() {
            if tag_line && self.prev_blank {
                let err = b.open_error();
                self.builder = Builder::new();
                self.line_checked = false;
                return err.map(Err);
            }
            return None;
        }
        if tag_line {
            if !b.stack.is_empty() {
                let err = b.open_error();
                self.builder = Builder::new();
                self.line_checked = false;
                return err.map(Err);
            }
            // ChessBase leaves an empty line among a game's tags: a tag the
            // game does not have yet, before any movetext, continues it.
            if b.phase == Phase::TagsEnded && !b.finished {
                let key = tag_key(&self.line_text);
                if !b.game.tags.iter().any(|t| t.0.eq_ignore_ascii_case(&key)) {
                    self.builder.phase = Phase::Tags;
                    return None;
                }
            }
            if matches!(b.phase, Phase::TagsEnded | Phase::Moves) || b.finished {
                self.line_checked = false;
                return Some(Ok(self.take_game()));
            }
            return None;
        }
        if let Some(escape) = self.line_text.strip_prefix('%') {
            let text = escape.to_string();
            self.builder
                .game
                .escapes
                .push(text.trim_end_matches(['\r', '\n']).to_string());
            self.consume_line();
            return None;
        }
        if self.this_blank {
            if self.builder.phase == Phase::Tags {
                self.builder.phase = Phase::TagsEnded;
            }
            if self.builder.finished {
                return Some(Ok(self.take_game()));
            }
            self.consume_line();
        }
        None
    }

    /// Processes the rest of the current line. `Some` when an item is ready.
    fn process(&mut self) -> Option<Result<RawGame, PgnError>> {
        if !self.line_checked {
            if let Some(item) = self.line_start() {
                return Some(item);
            }
            if !self.have_line {
                return None;
            }
            // A line continuing an open comment or tag value.
            if let Some(c) = self.builder.comment.as_mut() {
                c.text.push('\n');
            } else if let Some(t) = self.builder.tag.as_mut() {
                t.value.push('\n');
            }
        }
        if self.builder.tag.is_some()
            && let Err(e) = self.tag_value()
        {
            self.consume_line();
            return self.fail(e, false);
        }
        if self.builder.tag.is_none()
            && self.builder.comment.is_none()
            && matches!(self.builder.phase, Phase::Start | Phase::Tags)
            && let Err(e) = self.tags()
        {
            self.consume_line();
            return self.fail(e, false);
        }
        while self.cursor < self.line_len() {
            match self.movetext_step() {
                Ok(Some(game)) => return Some(Ok(game)),
                Ok(None) => {}
                Err(e) => {
                    self.consume_line();
                    return self.fail(e, true);
                }
            }
        }
        self.have_line = false;
        if self.builder.finished && self.builder.comment.is_none() {
            return Some(Ok(self.take_game()));
        }
        None
    }

    /// Reads the tags at the cursor; stops at the first thing that is not a
    /// tag (left for the movetext) or at a value running past the line.
    fn tags(&mut self) -> Result<(), PgnError> {
        loop {
            self.skip_ws();
            if self.char_at(self.cursor) != Some('[')
                || !self.char_at(self.cursor + 1).is_some_and(begins_tag_name)
            {
                return Ok(());
            }
            let start = self.cursor;
            let pos = self.pos(start);
            self.builder.mark_start(pos);
            self.cursor += 1;
            let key_start = self.cursor;
            while self.char_at(self.cursor).is_some_and(in_tag_name) {
                self.cursor += 1;
            }
            let key = self.text(key_start, self.cursor);
            self.skip_ws();
            if self.char_at(self.cursor) != Some('"') {
                return Err(PgnError {
                    pos: self.pos(self.cursor),
                    text: self.snippet(self.cursor),
                    expected: "'\"' opening the tag value".to_string(),
                });
            }
            self.cursor += 1;
            // Room for the rest of the line (up to a long value's length):
            // the value is read character by character and seldom goes
            // further.
            let room = self.line_len().saturating_sub(self.cursor).min(256);
            self.builder.tag = Some(OpenTag {
                key,
                value: String::with_capacity(room),
                pos,
                snippet: String::new(),
                start: Some(start),
            });
            self.tag_value()?;
            if self.builder.tag.is_some() {
                return Ok(());
            }
        }
    }

    /// Continues the open tag value at the cursor.
    fn tag_value(&mut self) -> Result<(), PgnError> {
        let Some(mut tag) = self.builder.tag.take() else {
            return Ok(());
        };
        let mut closed = false;
        while let Some(c) = self.char_at(self.cursor) {
            self.cursor += 1;
            match c {
                '"' => {
                    closed = true;
                    break;
                }
                '\\' => match self.char_at(self.cursor) {
                    Some(e @ ('"' | '\\')) => {
                        tag.value.push(e);
                        self.cursor += 1;
                    }
                    _ => tag.value.push('\\'),
                },
                _ => tag.value.push(c),
            }
        }
        if !closed {
            if let Some(start) = tag.start.take() {
                tag.snippet = self.snippet(start);
            }
            self.builder.tag = Some(tag);
            self.consume_line();
            return Ok(());
        }
        self.skip_ws();
        if self.char_at(self.cursor) != Some(']') {
            return Err(PgnError {
                pos: self.pos(self.cursor),
                text: self.snippet(self.cursor),
                expected: "']' closing the tag".to_string(),
            });
        }
        self.cursor += 1;
        self.builder.game.tags.push((tag.key, tag.value, tag.pos));
        self.builder.phase = Phase::Tags;
        Ok(())
    }

    fn skip_ws(&mut self) {
        while self.char_at(self.cursor).is_some_and(char::is_whitespace) {
            self.cursor += 1;
        }
    }

    /// The end of a token starting at `from`.
    fn token_end(&self, from: usize) -> usize {
        let mut i = from;
        while self.char_at(i).is_some_and(|c| !is_delimiter(c)) {
            i += 1;
        }
        i
    }

    fn text(&self, from: usize, to: usize) -> String {
        self.text_as(from, to)
    }

    /// The characters `from..to` of the line as any string type: a move's
    /// text goes into an inline [`CompactString`], without allocating.
    fn text_as<S: for<'s> From<&'s str> + FromIterator<char>>(&self, from: usize, to: usize) -> S {
        if self.ascii {
            // One byte per character: the text is a slice of the line.
            let to = to.min(self.line_text.len());
            return S::from(self.line_text.get(from.min(to)..to).unwrap_or(""));
        }
        self.line
            .iter()
            .skip(from)
            .take(to.saturating_sub(from))
            .copied()
            .collect()
    }

    /// The characters `from..to` of the line, trimmed, as a comment's text:
    /// on an ASCII line a slice of it, trimmed before it is copied.
    fn comment_text(&self, from: usize, to: usize) -> CompactString {
        if self.ascii {
            let to = to.min(self.line_text.len());
            return CompactString::from(trimmed(
                self.line_text.get(from.min(to)..to).unwrap_or(""),
            ));
        }
        let text: String = self.text(from, to);
        CompactString::from(text.trim())
    }

    /// One step of movetext at the cursor: `Ok(Some(game))` when a finished
    /// game must be handed back before this token.
    fn movetext_step(&mut self) -> Result<Option<RawGame>, PgnError> {
        if let Some(mut open) = self.builder.comment.take() {
            let from = self.cursor;
            let close = self.position_of('}', from);
            match close {
                Some(n) => {
                    open.text.push_str(&self.text(from, from + n));
                    self.cursor = from + n + 1;
                    let text = CompactString::from(open.text.trim());
                    self.builder.push(Node::Comment {
                        text,
                        pos: open.pos,
                    });
                }
                None => {
                    open.text.push_str(&self.text(from, self.line_len()));
                    self.builder.comment = Some(open);
                    self.cursor = self.line_len();
                }
            }
            return Ok(None);
        }
        let i = self.cursor;
        let Some(c) = self.char_at(i) else {
            return Ok(None);
        };
        if c.is_whitespace() {
            self.cursor += 1;
            return Ok(None);
        }
        let pos = self.pos(i);
        // After the result only comments still belong to the game.
        if self.builder.finished && !matches!(c, '{' | ';') {
            return Ok(Some(self.take_game()));
        }
        match c {
            '{' => {
                self.builder.mark_start(pos);
                // A comment closed on its own line (the common case) is
                // taken whole: one copy of its text, no snippet kept.
                let close = self.position_of('}', i + 1);
                if let Some(n) = close {
                    let text = self.comment_text(i + 1, i + 1 + n);
                    self.cursor = i + n + 2;
                    self.builder.push(Node::Comment { text, pos });
                    return Ok(None);
                }
                self.builder.comment = Some(OpenComment {
                    text: String::new(),
                    pos,
                    snippet: self.snippet(i),
                });
                self.cursor += 1;
            }
            ';' => {
                let text = self.comment_text(i + 1, self.line_len());
                self.cursor = self.line_len();
                self.builder.push(Node::Comment { text, pos });
            }
            '}' => {
                return Err(self.error_span(i, i + 1, "a move, or '{' before a comment"));
            }
            '(' => {
                if self.builder.stack.len() >= MAX_DEPTH {
                    let expected = format!("at most {MAX_DEPTH} nested variations");
                    return Err(self.error_span(i, i + 1, &expected));
                }
                self.builder.mark_start(pos);
                self.builder.phase = Phase::Moves;
                self.builder.stack.push((Vec::new(), pos));
                self.cursor += 1;
            }
            ')' => {
                let Some((nodes, vpos)) = self.builder.stack.pop() else {
                    return Err(self.error_span(i, i + 1, "a move ('(' missing before ')')"));
                };
                self.cursor += 1;
                self.builder.push(Node::Variation { nodes, pos: vpos });
            }
            '$' => {
                let end = self.digits_end(i + 1);
                let digits = self.text(i + 1, end);
                match digits.parse::<u16>() {
                    Ok(value) => {
                        self.cursor = end;
                        self.builder.push(Node::Nag { value, pos });
                    }
                    Err(_) => {
                        return Err(self.error_span(i, end, "a NAG number (0-65535) after '$'"));
                    }
                }
            }
            '.' | '…' => {
                let mut end = i;
                let mut dots = 0;
                while let Some(d @ ('.' | '…')) = self.char_at(end) {
                    dots += if d == '.' { 1 } else { 3 };
                    end += 1;
                }
                self.cursor = end;
                if dots >= 2 {
                    self.builder.push(Node::RoundSep { pos });
                }
            }
            '[' if self.char_at(i + 1).is_some_and(|d| d.is_ascii_digit()) => {
                self.dice_ply(i)?;
            }
            d if d.is_ascii_digit() && self.is_move_number(i) => {
                let end = self.digits_end(i);
                // Read digit by digit: no string is made for a number.
                let number = (i..end)
                    .filter_map(|at| self.char_at(at)?.to_digit(10))
                    .try_fold(0u32, |n, d| n.checked_mul(10)?.checked_add(d))
                    .ok_or_else(|| self.error_span(i, end, "a move number (at most 4294967295)"))?;
                let mut dot_end = end;
                let mut dots = 0;
                while let Some(d @ ('.' | '…')) = self.char_at(dot_end) {
                    dots += if d == '.' { 1 } else { 3 };
                    dot_end += 1;
                }
                self.cursor = dot_end;
                self.builder.push(Node::MoveNumber {
                    number,
                    black: dots >= 2,
                    pos,
                });
            }
            _ => {
                let end = self.token_end(i);
                let text: CompactString = self.text_as(i, end);
                self.cursor = end.max(i + 1);
                if result_token(&text) {
                    if !self.builder.stack.is_empty() {
                        return Err(PgnError {
                            pos,
                            text: text.into(),
                            expected: "')' before the result (variation left open)".to_string(),
                        });
                    }
                    self.builder.mark_start(pos);
                    self.builder.phase = Phase::Moves;
                    self.builder.game.result = Some(text.into());
                    self.builder.finished = true;
                } else if let Some(value) = nag_symbol(&text) {
                    self.builder.push(Node::Nag { value, pos });
                } else if let Some(played) = text.strip_suffix('*').filter(|m| !m.is_empty()) {
                    // A result glued to the last move (`h6*`): the move,
                    // then the `*` read as the next token.
                    self.cursor = end - 1;
                    self.push_ply(played.into(), pos, i, end - 1)?;
                } else {
                    self.push_ply(text, pos, i, end)?;
                }
            }
        }
        Ok(None)
    }

    fn error_span(&self, i: usize, end: usize, expected: &str) -> PgnError {
        PgnError {
            pos: self.pos(i),
            text: self.text(i, end.max(i + 1)),
            expected: expected.to_string(),
        }
    }

    fn error_at(&self, i: usize, expected: &str) -> PgnError {
        PgnError {
            pos: self.pos(i),
            text: self.snippet(i),
            expected: expected.to_string(),
        }
    }

    fn digits_end(&self, from: usize) -> usize {
        let mut end = from;
        while self.char_at(end).is_some_and(|c| c.is_ascii_digit()) {
            end += 1;
        }
        end
    }

    /// Digits followed by `.` or `…`.
    fn is_move_number(&self, i: usize) -> bool {
        matches!(self.char_at(self.digits_end(i)), Some('.' | '…'))
    }

    /// A Skock turn `[a b] body` as one ply: the body is `back` and the
    /// squares after it, or words joined by commas.
    fn dice_ply(&mut self, i: usize) -> Result<(), PgnError> {
        let Some(close) = self.chars_from(i).position(|c| c == ']') else {
            return Err(self.error_at(i, "']' closing the dice"));
        };
        let mut end = i + close + 1;
        let next_word = |from: usize| -> Option<(usize, usize)> {
            let mut s = from;
            while self.char_at(s).is_some_and(char::is_whitespace) {
                s += 1;
            }
            let e = self.token_end(s);
            (e > s).then_some((s, e))
        };
        if let Some((s, e)) = next_word(end) {
            let first = self.text(s, e);
            end = e;
            if first == "back" {
                while let Some((s, e)) = next_word(end) {
                    let w = self.text(s, e);
                    let mut cs = w.chars();
                    let square = cs.next().is_some_and(|c| c.is_ascii_lowercase())
                        && cs.clone().next().is_some()
                        && cs.all(|c| c.is_ascii_digit());
                    if !square {
                        break;
                    }
                    end = e;
                }
            } else {
                let mut last = first;
                while let Some((s, e)) = next_word(end) {
                    let w = self.text(s, e);
                    if !(last.ends_with(',') || w.starts_with(',')) {
                        break;
                    }
                    end = e;
                    last = w;
                }
            }
        }
        let text = self.text_as(i, end);
        let pos = self.pos(i);
        self.cursor = end;
        self.push_ply(text, pos, i, end)
    }

    /// Adds a ply (from index `i` to `end` of the line) to the game, unless
    /// the game already holds [`MAX_PLIES`].
    fn push_ply(
        &mut self,
        text: CompactString,
        pos: Pos,
        i: usize,
        end: usize,
    ) -> Result<(), PgnError> {
        if self.builder.plies >= MAX_PLIES {
            let expected = format!("the end of the game: a game holds at most {MAX_PLIES} plies");
            return Err(self.error_span(i, end, &expected));
        }
        self.builder.plies += 1;
        self.builder.push(Node::Ply { text, pos });
        Ok(())
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<RawGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if !self.have_line {
                match self.read_line() {
                    Ok(true) => {}
                    Ok(false) => {
                        self.done = true;
                        return self.finish_eof();
                    }
                    Err(e) => {
                        self.done = true;
                        return Some(Err(PgnError {
                            pos: self.pos(0),
                            text: e.to_string(),
                            expected: "readable input".to_string(),
                        }));
                    }
                }
            }
            if let Some(item) = self.process() {
                return Some(item);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Writers

/// Escapes a tag value: `\` and `"` get a backslash.
pub fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `[Key "Value"]`
pub fn write_tag(key: &str, value: &str) -> String {
    format!("[{key} \"{}\"]", escape_tag_value(value))
}

const WIDTH: usize = 80;

fn write_tags(out: &mut String, tags: &[(String, String)]) {
    for (k, v) in tags {
        out.push_str(&write_tag(k, v));
        out.push('\n');
    }
    if !tags.is_empty() {
        out.push('\n');
    }
}

/// Writes one game. Each ply text is written as given (it may carry
/// `{comments}`, NAGs or variations after the move).
///
/// With 2 players per round: `1. e4 e5 2. Nf3 ...`, wrapped at 80 columns
/// (between plies; a ply longer than a line, with its variations, between
/// its moves, never inside a comment or a dice turn, a move number kept
/// with its move), with `N...` before Black's ply when the
/// previous ply ends in a comment or variation; the result ends the
/// movetext. With any other number: one round per line, `1. a .. b .. c ..
/// d` (see [`write_rounds`] for rounds of different sizes).
pub fn write_game(
    tags: &[(String, String)],
    plies: &[String],
    players_per_round: usize,
    result: &str,
) -> String {
    if players_per_round != 2 {
        let rounds: Vec<Vec<String>> = plies
            .chunks(players_per_round.max(1))
            .map(<[String]>::to_vec)
            .collect();
        return write_rounds(tags, &rounds, result);
    }
    write_numbered(tags, plies, 1, false, result)
}

/// Writes one two-player game as [`write_game`] does, its moves numbered
/// from `first_number` (a game set up from a FEN goes on with the FEN's
/// move number, as PGN asks), Black making the first ply when
/// `black_first` (`14... Ke8`).
///
/// ```
/// use roundtable::notation::pgn::write_numbered;
/// let plies = ["O-O+".to_string(), "Ke8".to_string(), "Qf5".to_string()];
/// assert_eq!(write_numbered(&[], &plies, 14, false, "*"), "14. O-O+ Ke8 15. Qf5 *\n");
/// assert_eq!(write_numbered(&[], &plies[1..], 14, true, "*"), "14... Ke8 15. Qf5 *\n");
/// ```
pub fn write_numbered(
    tags: &[(String, String)],
    plies: &[String],
    first_number: u64,
    black_first: bool,
    result: &str,
) -> String {
    let mut out = String::new();
    write_tags(&mut out, tags);
    let mut items: Vec<String> = Vec::new();
    let mut prev: Option<&str> = None;
    let skipped = usize::from(black_first);
    for (n, ply) in plies.iter().enumerate() {
        // The ply's place counted from White's move of the first number.
        let at = n + skipped;
        let number = first_number.saturating_add((at / 2) as u64);
        if at % 2 == 0 {
            items.push(format!("{number}. {ply}"));
        } else if n == 0 || prev.is_some_and(|p| p.ends_with('}') || p.ends_with(')')) {
            items.push(format!("{number}... {ply}"));
        } else {
            items.push(ply.clone());
        }
        prev = Some(ply);
    }
    if !result.is_empty() {
        items.push(result.to_string());
    }
    // A ply longer than a line (its variations and comments) is broken
    // into the pieces it may be cut between.
    let items = items.into_iter().flat_map(|item| {
        if item.chars().count() > WIDTH {
            pieces(&item)
        } else {
            vec![item]
        }
    });
    let mut width = 0;
    for item in items {
        let len = item.chars().count();
        if width > 0 && width + 1 + len > WIDTH {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(&item);
        width = match item.rfind('\n') {
            Some(at) => item.get(at + 1..).map_or(0, |s| s.chars().count()),
            None => width + len,
        };
    }
    if width > 0 {
        out.push('\n');
    }
    out
}

/// The pieces a ply's text may be cut into across lines: at the spaces
/// outside comments, a move number kept with what follows it (`12...
/// Nf6`). A dice turn (`[1 4] f4xe5, Ng2-f4`) is read on one line, so a
/// text holding one stays whole; so does a comment, whose line breaks
/// are part of its text.
fn pieces(text: &str) -> Vec<String> {
    if text.contains('[') {
        return vec![text.to_string()];
    }
    let mut out: Vec<String> = Vec::new();
    let mut piece = String::new();
    let mut in_comment = false;
    for c in text.chars() {
        match c {
            '{' => in_comment = true,
            '}' => in_comment = false,
            ' ' if !in_comment => {
                if !piece.is_empty() {
                    out.push(std::mem::take(&mut piece));
                }
                continue;
            }
            _ => {}
        }
        piece.push(c);
    }
    if !piece.is_empty() {
        out.push(piece);
    }
    // A move number (`3.`, `(2...`) goes with the move after it.
    let mut glued: Vec<String> = Vec::with_capacity(out.len());
    for piece in out {
        match glued.last_mut() {
            Some(last) if last.ends_with('.') && !last.ends_with("}") => {
                last.push(' ');
                last.push_str(&piece);
            }
            _ => glued.push(piece),
        }
    }
    glued
}

/// Writes a game of several players as PGN4 does: one line per round,
/// `N. p1 .. p2 .. p3 .. p4`; a round may hold fewer plies (eliminated
/// players). The result, if not empty, goes on a line of its own.
pub fn write_rounds(tags: &[(String, String)], rounds: &[Vec<String>], result: &str) -> String {
    let mut out = String::new();
    write_tags(&mut out, tags);
    for (n, round) in rounds.iter().enumerate() {
        out.push_str(&format!("{}. {}\n", n + 1, round.join(" .. ")));
    }
    if !result.is_empty() {
        out.push_str(result);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8]) -> Vec<Result<RawGame, PgnError>> {
        PgnReader::new(text).collect()
    }

    fn games(text: &[u8]) -> Vec<RawGame> {
        read(text)
            .into_iter()
            .map(|g| match g {
                Ok(g) => g,
                Err(e) => panic!("unexpected error {e}"),
            })
            .collect()
    }

    fn one(text: &[u8]) -> RawGame {
        let mut g = games(text);
        assert_eq!(g.len(), 1, "{g:?}");
        g.remove(0)
    }

    /// The movetext as a compact string, to compare shapes.
    fn shape(nodes: &[Node]) -> String {
        let parts: Vec<String> = nodes
            .iter()
            .map(|n| match n {
                Node::MoveNumber { number, black, .. } => {
                    format!("{number}{}", if *black { "..." } else { "." })
                }
                Node::Ply { text, .. } => text.to_string(),
                Node::Comment { text, .. } => format!("{{{text}}}"),
                Node::Variation { nodes, .. } => format!("({})", shape(nodes)),
                Node::Nag { value, .. } => format!("${value}"),
                Node::RoundSep { .. } => "..".to_string(),
            })
            .collect();
        parts.join(" ")
    }

    fn plies(g: &RawGame) -> Vec<String> {
        g.moves
            .iter()
            .filter_map(|n| match n {
                Node::Ply { text, .. } => Some(text.to_string()),
                _ => None,
            })
            .collect()
    }

    fn tags(g: &RawGame) -> Vec<(&str, &str)> {
        g.tags
            .iter()
            .map(|(k, v, _)| (k.as_str(), v.as_str()))
            .collect()
    }

    const ORTHODOX: &str = r#"[Event "F/S Return Match"]
[Site "Belgrade, Serbia JUG"]
[Date "1992.11.04"]
[White "Fischer, Robert J."]
[Black "Spassky, Boris V."]
[Annotator "A \"quoted\" name \\ slash"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 {This opening is called the Ruy Lopez.} 3... a6
4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7
11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4! $1 15. Nb1 h6 16. Bh4 c5 17. dxe5
Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6
23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5
hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5
35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6
Nf2 42. g4 Bd3 43. Re6 1/2-1/2

[Event "Second"]
[Result "*"]

1. d4 (1. e4 e5 (1... c5 2. Nf3) 2. Nf3) 1... d5 ; a rest-of-line comment
% an escape line
2. c4 {multi
  line comment} dxc4 $6 ?? *
"#;

    #[test]
    fn orthodox_games() {
        let g = games(ORTHODOX.as_bytes());
        assert_eq!(g.len(), 2);
        let a = &g[0];
        assert_eq!(a.tags.len(), 7);
        assert_eq!(a.tag("Annotator"), Some("A \"quoted\" name \\ slash"));
        assert_eq!(a.tag("Event"), Some("F/S Return Match"));
        assert_eq!(a.result.as_deref(), Some("1/2-1/2"));
        assert_eq!(a.start, Pos { line: 1, column: 1 });
        assert_eq!(a.tags[1].2, Pos { line: 2, column: 1 });
        let p = plies(a);
        assert_eq!(p.len(), 85);
        assert_eq!(p.first().map(String::as_str), Some("e4"));
        assert_eq!(p.last().map(String::as_str), Some("Re6"));
        assert!(p.contains(&"b4!".to_string()));
        let s = shape(&a.moves);
        assert!(
            s.starts_with(
                "1. e4 e5 2. Nf3 Nc6 3. Bb5 {This opening is called the Ruy Lopez.} 3... a6 4. Ba4"
            ),
            "{s}"
        );
        assert!(s.contains("14. Bg5 b4! $1 15. Nb1"), "{s}");
        // Positions: "4." is at line 10, column 1; "Nbd7" at line 10 column 72.
        let four = a
            .moves
            .iter()
            .find(|n| matches!(n, Node::MoveNumber { number: 4, .. }));
        assert_eq!(
            four.map(Node::pos),
            Some(Pos {
                line: 10,
                column: 1
            })
        );

        let b = &g[1];
        assert_eq!(
            b.start,
            Pos {
                line: 18,
                column: 1
            }
        );
        assert_eq!(b.result.as_deref(), Some("*"));
        assert_eq!(
            shape(&b.moves),
            "1. d4 (1. e4 e5 (1... c5 2. Nf3) 2. Nf3) 1... d5 {a rest-of-line comment} 2. c4 {multi\n  line comment} dxc4 $6 $4"
        );
        let var = b.moves.iter().find(|n| matches!(n, Node::Variation { .. }));
        assert_eq!(
            var.map(Node::pos),
            Some(Pos {
                line: 21,
                column: 7
            })
        );
    }

    const PGN4_TEAM: &str = "[GameNr \"4177881\"]\r\n[Variant \"Teams\"]\r\n[RuleVariants \"EnPassant\"]\r\n[StartFen4 \"4PC\"]\r\n[Red \"a\"]\r\n[Result \"1-0\"]\r\n\r\n\r\n1. h2-h3 .. b8-c8 .. g13-g12 .. m7-l7\r\n2. Qg1xQn8+ .. Qa7xQh14+ .. Kg14xQh14 .. Kn7xQn8\r\n3. Bi1xBa9 .. Ka8xBa9 .. Bf14xBn6 .. m4-l4\r\n32. O-O#\r\n";

    #[test]
    fn pgn4_rounds() {
        let g = one(PGN4_TEAM.as_bytes());
        assert_eq!(tags(&g).len(), 6);
        assert_eq!(g.tag("StartFen4"), Some("4PC"));
        assert_eq!(
            shape(&g.moves),
            "1. h2-h3 .. b8-c8 .. g13-g12 .. m7-l7 2. Qg1xQn8+ .. Qa7xQh14+ .. Kg14xQh14 .. Kn7xQn8 3. Bi1xBa9 .. Ka8xBa9 .. Bf14xBn6 .. m4-l4 32. O-O#"
        );
        assert_eq!(g.result, None);
        let sep = g.moves.get(2).map(Node::pos);
        assert_eq!(
            sep,
            Some(Pos {
                line: 9,
                column: 10
            })
        );
    }

    #[test]
    fn pgn4_one_line_bare_tokens_comments_and_variations() {
        let text = "1. h2-h3 .. b7-c7 .. g13-g12 ( .. h13-h12 )  .. Nn10-l9 { Test } 2. Kk1-k2R .. R .. T .. S 3. Be6xKb9#S .. R#";
        let g = one(text.as_bytes());
        assert_eq!(
            shape(&g.moves),
            "1. h2-h3 .. b7-c7 .. g13-g12 (.. h13-h12) .. Nn10-l9 {Test} 2. Kk1-k2R .. R .. T .. S 3. Be6xKb9#S .. R#"
        );
        let text = "1. h2-h3\n(1.. Nj1-i3 .. Na5-c6 .. Ne14-f12 .. m8-l8 )  .. b7-c7 .. g13-g12 .. Nn10-l9";
        let g = one(text.as_bytes());
        assert_eq!(
            shape(&g.moves),
            "1. h2-h3 (1... Nj1-i3 .. Na5-c6 .. Ne14-f12 .. m8-l8) .. b7-c7 .. g13-g12 .. Nn10-l9"
        );
    }

    #[test]
    fn pgn4_multi_line_tag_value_and_timed_comments() {
        let text = "[Variant \"Teams\"]\n[StartFen4 \"R-0,0,0,0-2-{'pawnsBaseRank':3}-\n3,X,X,3/\n3,X,yG,3\"]\n[Red \"N_M\"]\n\n\n\n1. δi3-i4 { date=2020-07-17T17:13:12.297Z clock=178312 }  .. δc9-e9 { c }\n26. δe7-d8=V { d }  .. # { e } \n";
        let g = one(text.as_bytes());
        assert_eq!(
            g.tag("StartFen4"),
            Some("R-0,0,0,0-2-{'pawnsBaseRank':3}-\n3,X,X,3/\n3,X,yG,3")
        );
        assert_eq!(g.tag("Red"), Some("N_M"));
        assert_eq!(g.tags.get(2).map(|t| t.2), Some(Pos { line: 5, column: 1 }));
        assert_eq!(plies(&g), vec!["δi3-i4", "δc9-e9", "δe7-d8=V", "#"]);
    }

    #[test]
    fn line_ends_crlf_and_cr_cr_lf() {
        let base = "[Event \"x\"]\n\n1. e4 {a\nb} e5 1-0\n";
        let crlf = base.replace('\n', "\r\n");
        let crcrlf = base.replace('\n', "\r\r\n");
        let a = one(base.as_bytes());
        let b = one(crlf.as_bytes());
        let c = one(crcrlf.as_bytes());
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(shape(&a.moves), "1. e4 {a\nb} e5");
        assert_eq!(a.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn bom_is_skipped() {
        let g = one("\u{feff}[Event \"x\"]\n\n1. e4 *\n".as_bytes());
        assert_eq!(g.tag("Event"), Some("x"));
        assert_eq!(g.start, Pos { line: 1, column: 1 });
    }

    #[test]
    fn latin1_is_decoded() {
        let mut bytes = b"[White \"M\xfcller, J\xf6rg\"]\n\n1. e4 {tr\xe8s bien} e5 *\n".to_vec();
        bytes.extend_from_slice("[White \"Müller\"]\n\n1. d4 *\n".as_bytes());
        let g = games(&bytes);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tag("White"), Some("Müller, Jörg"));
        assert_eq!(shape(&g[0].moves), "1. e4 {très bien} e5");
        assert_eq!(g[1].tag("White"), Some("Müller"));
    }

    #[test]
    fn columns_count_characters_on_ascii_and_other_lines() {
        let g = one("[Event \"x\"]\n\n1. e4 {é ü} e5\n2. Nf3 *\n".as_bytes());
        let at = |text: &str| {
            g.moves.iter().find_map(|n| match n {
                Node::Ply { text: t, pos } if t == text => Some((pos.line, pos.column)),
                _ => None,
            })
        };
        assert_eq!(g.tag("Event"), Some("x"));
        assert_eq!(at("e5"), Some((3, 13)));
        assert_eq!(at("Nf3"), Some((4, 4)));
    }

    #[test]
    fn game_with_tags_but_no_moves() {
        let text = "[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n*\n\n[Event \"d\"]\n";
        let g = games(text.as_bytes());
        assert_eq!(g.len(), 4);
        assert_eq!(g[0].tag("Event"), Some("a"));
        assert!(g[0].moves.is_empty());
        assert_eq!(g[0].result, None);
        assert_eq!(g[1].tag("Event"), Some("b"));
        assert_eq!(plies(&g[1]), vec!["e4"]);
        assert_eq!(g[2].result.as_deref(), Some("*"));
        assert!(g[2].moves.is_empty());
        assert_eq!(g[3].tag("Event"), Some("d"));
        assert_eq!(
            g[3].start,
            Pos {
                line: 12,
                column: 1
            }
        );
    }

    #[test]
    fn games_without_results_or_blank_lines() {
        let text = "[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4\n";
        let g = games(text.as_bytes());
        assert_eq!(g.len(), 2);
        assert_eq!(plies(&g[0]), vec!["e4", "e5"]);
        assert_eq!(plies(&g[1]), vec!["d4"]);
        // Two games on one line, and a comment after the result.
        let g = games(b"1. e4 1-0 {won on time} 1. d4 0-1\n");
        assert_eq!(g.len(), 2);
        assert_eq!(shape(&g[0].moves), "1. e4 {won on time}");
        assert_eq!(g[1].result.as_deref(), Some("0-1"));
        assert_eq!(
            g[1].start,
            Pos {
                line: 1,
                column: 25
            }
        );
    }

    #[test]
    fn several_tags_on_a_line_and_odd_corners() {
        let text = "[A \"1\"] [B \"2\"]\t[C\"3\"] 1. e4 ? {see\n[Event \"x\"]} *\n";
        let g = one(text.as_bytes());
        assert_eq!(tags(&g), vec![("A", "1"), ("B", "2"), ("C", "3")]);
        assert_eq!(g.tags.get(1).map(|t| t.2), Some(Pos { line: 1, column: 9 }));
        assert_eq!(shape(&g.moves), "1. e4 ? {see\n[Event \"x\"]}");
        // Unknown escapes are kept; an empty value is fine.
        let g = one(b"[A \"a\\nb\"]\n[B \"\"]\n");
        assert_eq!(tags(&g), vec![("A", "a\\nb"), ("B", "")]);
    }

    #[test]
    fn glued_numbers_and_castling_with_zeros() {
        let g = one(b"1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.0-0 1...e5 5... 0-0-0 1/2-1/2");
        assert_eq!(
            shape(&g.moves),
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 1... e5 5... 0-0-0"
        );
        assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
    }

    #[test]
    fn dice_turns_are_single_plies() {
        let g =
            one(b"1. [1 4] f4xe5, Ng2-f4-g2-f4xe6 [3 3] back a1 b1 c1 2. [6 5] -- [2 2] e2-e3 *");
        assert_eq!(
            plies(&g),
            vec![
                "[1 4] f4xe5, Ng2-f4-g2-f4xe6",
                "[3 3] back a1 b1 c1",
                "[6 5] --",
                "[2 2] e2-e3"
            ]
        );
        for p in plies(&g) {
            assert!(
                crate::notation::algebraic::parse_dice_turn(&p).is_ok(),
                "{p}"
            );
        }
    }

    fn first_error(text: &[u8]) -> PgnError {
        match read(text).into_iter().find_map(Result::err) {
            Some(e) => e,
            None => panic!("no error for {:?}", String::from_utf8_lossy(text)),
        }
    }

    #[test]
    fn truncated_input_reports_positions() {
        let e = first_error(b"[Event \"x\"]\n\n1. e4 {never closed\n e5\n");
        assert_eq!(e.pos, Pos { line: 3, column: 7 });
        assert!(e.expected.contains("unterminated comment"), "{e}");
        assert_eq!(e.text, "{never closed");

        let e = first_error(b"1. e4 (1. d4 (1. c4 c5) d5\n");
        assert_eq!(e.pos, Pos { line: 1, column: 7 });
        assert!(e.expected.contains("unterminated variation"), "{e}");

        let e = first_error(b"[Event \"x\"]\n[Site \"trunc");
        assert_eq!(e.pos, Pos { line: 2, column: 1 });
        assert!(e.expected.contains("unterminated tag"), "{e}");

        let e = first_error(b"[Event \"x\"\n");
        assert_eq!(
            e.pos,
            Pos {
                line: 1,
                column: 11
            }
        );
        assert!(e.expected.contains("']'"), "{e}");

        let e = first_error(b"[Event x]\n");
        assert_eq!(e.pos, Pos { line: 1, column: 8 });

        let e = first_error(b"1. e4 e5)\n");
        assert_eq!((e.pos, e.text.as_str()), (Pos { line: 1, column: 9 }, ")"));

        let e = first_error(b"1. e4 } e5\n");
        assert_eq!((e.pos, e.text.as_str()), (Pos { line: 1, column: 7 }, "}"));

        let e = first_error(b"1. e4 $ e5\n");
        assert_eq!((e.pos, e.text.as_str()), (Pos { line: 1, column: 7 }, "$"));

        let e = first_error(b"1. e4 $99999 e5\n");
        assert_eq!(
            (e.pos, e.text.as_str()),
            (Pos { line: 1, column: 7 }, "$99999")
        );

        let mut deep = b"1. e4 ".to_vec();
        deep.extend(std::iter::repeat_n(b'(', 1_000_000));
        let e = first_error(&deep);
        assert_eq!(
            e.pos,
            Pos {
                line: 1,
                column: 107
            }
        );
        let mut ok = b"1. e4 ".to_vec();
        ok.extend(std::iter::repeat_n(b'(', MAX_DEPTH));
        ok.extend(std::iter::repeat_n(b')', MAX_DEPTH));
        assert!(read(&ok).iter().all(Result::is_ok));

        let e = first_error(b"1. e4 (e5 1-0)\n");
        assert_eq!(
            (e.pos, e.text.as_str()),
            (
                Pos {
                    line: 1,
                    column: 11
                },
                "1-0"
            )
        );

        let e = first_error(b"1. [1 4 f4xe5\n");
        assert_eq!(e.pos, Pos { line: 1, column: 4 });

        let e = first_error(b"99999999999. e4\n");
        assert_eq!(
            (e.pos, e.text.as_str()),
            (Pos { line: 1, column: 1 }, "99999999999")
        );
    }

    #[test]
    fn errors_skip_to_the_next_game() {
        // A broken tag drops its game only.
        let text = "[Event \"a\n[Site \"x\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let items = read(text.as_bytes());
        assert_eq!(items.len(), 2, "{items:?}");
        assert!(items[0].is_err());
        assert_eq!(
            items[1].as_ref().ok().and_then(|g| g.tag("Event")),
            Some("b")
        );

        // An unclosed comment is reported when the next game's tags appear
        // after a blank line, and that game is read.
        let text = "[Event \"a\"]\n\n1. e4 {oops e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let items = read(text.as_bytes());
        assert_eq!(items.len(), 2, "{items:?}");
        assert_eq!(
            items[0].as_ref().err().map(|e| e.pos),
            Some(Pos { line: 3, column: 7 })
        );
        assert_eq!(
            items[1].as_ref().ok().and_then(|g| g.tag("Event")),
            Some("b")
        );

        // So is an unclosed variation.
        let text = "[Event \"a\"]\n\n1. e4 (1. d4 e5\n[Event \"b\"]\n\n1. d4 *\n";
        let items = read(text.as_bytes());
        assert_eq!(items.len(), 2, "{items:?}");
        assert_eq!(
            items[0].as_ref().err().map(|e| e.pos),
            Some(Pos { line: 3, column: 7 })
        );
        assert_eq!(
            items[1].as_ref().ok().and_then(|g| g.tag("Event")),
            Some("b")
        );

        // A movetext error drops the rest of its game.
        let text = "[Event \"a\"]\n\n1. e4 ) e5\n2. Nf3 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let items = read(text.as_bytes());
        assert_eq!(items.len(), 2, "{items:?}");
        assert!(items[0].is_err());
        assert_eq!(
            items[1].as_ref().ok().and_then(|g| g.tag("Event")),
            Some("b")
        );
    }

    #[test]
    fn empty_inputs() {
        assert!(read(b"").is_empty());
        assert!(read(b"\n\n  \r\n").is_empty());
        assert!(read(b"\xEF\xBB\xBF").is_empty());
        assert!(read(b"% only an escape\n").is_empty());
    }

    #[test]
    fn streams_without_reading_ahead() {
        // A reader that fails after the first game: the first game must come
        // out before the failure is seen.
        struct Failing<'a> {
            data: &'a [u8],
        }
        impl std::io::Read for Failing<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if self.data.is_empty() {
                    return Err(std::io::Error::other("disk on fire"));
                }
                let n = self.data.len().min(buf.len()).min(7);
                buf[..n].copy_from_slice(&self.data[..n]);
                self.data = &self.data[n..];
                Ok(n)
            }
        }
        let input = std::io::BufReader::with_capacity(
            8,
            Failing {
                data: b"[Event \"a\"]\n\n1. e4 1-0\n[Event \"b\"]\n",
            },
        );
        let mut r = PgnReader::new(input);
        let first = r.next();
        assert_eq!(
            first
                .and_then(Result::ok)
                .and_then(|g| g.tag("Event").map(str::to_string)),
            Some("a".to_string())
        );
        let second = r.next();
        assert!(matches!(second, Some(Err(ref e)) if e.text.contains("disk on fire")));
        assert!(r.next().is_none());
    }

    #[test]
    fn random_bytes_do_not_panic() {
        let pieces: [&[u8]; 24] = [
            b"[",
            b"]",
            b"\"",
            b"\\",
            b"{",
            b"}",
            b"(",
            b")",
            b";",
            b"%",
            b"$",
            b"1.",
            b"..",
            b"1-0",
            b"*",
            b"\n",
            b"\r",
            b" ",
            b"e4",
            b"[Event \"",
            b"\xff",
            b"\xc3",
            b"[1 4]",
            b"back",
        ];
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut step = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..3000 {
            let mut bytes = Vec::new();
            let len = step() % 60;
            for _ in 0..len {
                let r = step();
                if r % 3 == 0 {
                    bytes.push((r >> 8) as u8);
                } else if let Some(p) = pieces.get((r % pieces.len() as u64) as usize) {
                    bytes.extend_from_slice(p);
                }
            }
            let items: Vec<_> = PgnReader::new(bytes.as_slice()).collect();
            for g in items.into_iter().flatten() {
                for p in plies(&g) {
                    let _ = crate::notation::algebraic::parse_token(&p);
                }
            }
        }
    }

    #[test]
    fn write_two_player_game() {
        let tags = vec![
            ("Event".to_string(), "A \"big\" one".to_string()),
            ("Result".to_string(), "1-0".to_string()),
        ];
        let written: Vec<String> = [
            "e4",
            "e5 {solid}",
            "Nf3",
            "Nc6",
            "Bb5",
            "a6",
            "Ba4",
            "Nf6",
            "O-O",
            "Be7",
            "Re1",
            "b5",
            "Bb3",
            "d6",
            "c3",
            "O-O",
            "h3",
            "Nb8",
            "d4",
            "Nbd7",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let text = write_game(&tags, &written, 2, "1-0");
        assert!(
            text.starts_with(
                "[Event \"A \\\"big\\\" one\"]\n[Result \"1-0\"]\n\n1. e4 e5 {solid} 2. Nf3 Nc6"
            ),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert!(text.ends_with("1-0\n"));
        let g = one(text.as_bytes());
        assert_eq!(g.tag("Event"), Some("A \"big\" one"));
        assert_eq!(plies(&g).len(), 20);
        assert_eq!(g.result.as_deref(), Some("1-0"));

        let text = write_game(&[], &["e4 {x}".to_string(), "e5".to_string()], 2, "*");
        assert_eq!(text, "1. e4 {x} 1... e5 *\n");
    }

    /// A ply with long variations is cut between its moves, never inside a
    /// comment, and a move number stays with its move; it reads back the same.
    #[test]
    fn a_ply_longer_than_a_line_is_cut_between_its_moves() {
        let long = "c5 {Sicilian} (1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 \
                    7. Bb3 d6 8. c3 O-O 9. h3 {the main line of the Closed Spanish, as played for a century} \
                    9... Nb8 10. d4 Nbd7) (1... c6 2. d4 d5)";
        let plies = ["e4".to_string(), long.to_string(), "Nf3".to_string()];
        let text = write_game(&[], &plies, 2, "*");
        for line in text.lines() {
            assert!(
                line.chars().count() <= WIDTH || (line.starts_with('{') && line.ends_with('}')),
                "{line}\n{text}"
            );
            assert!(
                !line.trim_end().ends_with('.'),
                "a move number alone: {line}"
            );
        }
        let written = one(text.as_bytes());
        let plain = one(format!("1. e4 {long} 2. Nf3 *").as_bytes());
        assert_eq!(shape(&written.moves), shape(&plain.moves));
        assert!(text.contains("{the main line of the Closed Spanish, as played for a century}"));
        // A dice turn is read on one line: it is never cut.
        assert_eq!(
            pieces("[1 4] f4xe5, Ng2-f4 {long enough}"),
            ["[1 4] f4xe5, Ng2-f4 {long enough}"]
        );
        assert_eq!(
            pieces("Nf3 (2... Nc6 3. Bb5) {x y}"),
            ["Nf3", "(2... Nc6", "3. Bb5)", "{x y}"]
        );
    }

    #[test]
    fn write_four_player_game() {
        let written: Vec<String> = [
            "h2-h3",
            "b8-c8",
            "g13-g12",
            "m7-l7",
            "Qg1xQn8+",
            "Qa7xQh14+",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let tags = vec![("Variant".to_string(), "verney".to_string())];
        let text = write_game(&tags, &written, 4, "");
        assert_eq!(
            text,
            "[Variant \"verney\"]\n\n1. h2-h3 .. b8-c8 .. g13-g12 .. m7-l7\n2. Qg1xQn8+ .. Qa7xQh14+\n"
        );
        let g = one(text.as_bytes());
        assert_eq!(plies(&g), written);
        let rounds = vec![
            vec!["a1-a2".to_string(), "R".to_string(), "b2-b3".to_string()],
            vec!["a2-a3".to_string(), "b3-b4".to_string()],
        ];
        assert_eq!(
            write_rounds(&[], &rounds, "1-0"),
            "1. a1-a2 .. R .. b2-b3\n2. a2-a3 .. b3-b4\n1-0\n"
        );
    }

    #[test]
    fn multi_line_tag_values_round_trip() {
        let tags = vec![("StartFen4".to_string(), "a-\nb/\"c\"".to_string())];
        let text = write_game(&tags, &[], 4, "");
        let g = one(text.as_bytes());
        assert_eq!(g.tag("StartFen4"), Some("a-\nb/\"c\""));
    }
}
