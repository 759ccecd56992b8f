//! Cutting a stream into the texts of its games before any of them is
//! parsed, so that the games can be parsed and replayed by several workers
//! while one thread reads.
//!
//! [`Splitter`] reads lines and looks only at how each begins (blank, a tag
//! `[Key`, an escape `%`, anything else), which costs a small part of a full
//! parse. A cut is made only where the PGN reader itself would begin a new
//! game whatever the state of the game before (a tag line after a blank
//! line, when movetext came after the last tag line), so a piece may hold several
//! games (written without a blank line between them) but a game is never
//! cut in two: reading the pieces one after the other gives the same games
//! as reading the whole stream.
//!
//! One rule is the splitter's own: escape lines (`%` in the first column)
//! between a blank line and the next game's tags belong to that next game.
//!
//! ```
//! use roundtable::input::Format;
//! use roundtable::split::Splitter;
//!
//! let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
//! let texts: Vec<_> = Splitter::new(pgn.as_bytes(), Format::Pgn).collect::<Result<_, _>>()?;
//! assert_eq!(texts.len(), 2);
//! assert_eq!(texts[1].first_line, 5);
//! let games = texts[1].games();
//! assert_eq!(games[0].as_ref().map(|r| r.moves.len()), Ok(1));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::BufRead;

use crate::input::{self, Format, InputError};
use crate::record::Record;

/// The text of one or more whole games, cut from a stream, not yet parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameText {
    /// The bytes as read (any encoding the reader accepts).
    pub bytes: Vec<u8>,
    /// The line of the stream the text starts on, from 1.
    pub first_line: usize,
    /// The notation the text is in.
    pub format: Format,
}

impl GameText {
    /// Parses the games of the text into records (positions in errors and
    /// records count lines from the start of the stream).
    pub fn games(&self) -> Vec<Result<Record, InputError>> {
        match self.format {
            Format::Pgn => {
                input::pgn_games_sized(&self.bytes[..], self.first_line, self.bytes.len()).collect()
            }
            Format::Jsonl => json_lines(&self.bytes, self.first_line)
                .map(|(line, number)| input::json_line(line, number))
                .collect(),
            other => {
                let text = crate::render::diagnostic::decode(&self.bytes);
                input::games(&text, Some(other))
            }
        }
    }
}

/// What a line begins with, as far as cutting is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    Blank,
    Tag,
    Escape,
    Other,
}

/// Classifies a line the way the PGN reader does (it decodes a line as
/// UTF-8, or as Latin-1 when it is not, and tests `char::is_whitespace`).
fn kind_of(line: &[u8], first: bool) -> LineKind {
    let line = if first {
        line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line)
    } else {
        line
    };
    if line.first() == Some(&b'%') {
        return LineKind::Escape;
    }
    // Most lines begin with an ASCII byte that is no space: told apart by
    // their first two bytes, without decoding the line.
    match line {
        [b'[', second, ..] if second.is_ascii() => {
            return if crate::notation::pgn::begins_tag_name(char::from(*second)) {
                LineKind::Tag
            } else {
                LineKind::Other
            };
        }
        [first, ..]
            if first.is_ascii() && *first != b'[' && !char::from(*first).is_whitespace() =>
        {
            return LineKind::Other;
        }
        _ => {}
    }
    let decoded: String;
    let text = match std::str::from_utf8(line) {
        Ok(s) => s,
        Err(_) => {
            decoded = line.iter().map(|&b| char::from(b)).collect();
            &decoded
        }
    };
    let mut chars = text.chars().skip_while(|c| c.is_whitespace());
    match chars.next() {
        None => LineKind::Blank,
        Some('[')
            if chars
                .next()
                .is_some_and(crate::notation::pgn::begins_tag_name) =>
        {
            LineKind::Tag
        }
        Some(_) => LineKind::Other,
    }
}

/// Reads a stream and yields the texts of its games: for PGN and PGN4, cut
/// as the module documentation says; for JSON Lines, blocks of whole lines
/// as they are read (some tens of records, at most 64 KB unless a line is
/// longer; blank lines are skipped when the block is parsed); for the
/// notations that hold one game, the whole input.
pub struct Splitter<R> {
    input: R,
    format: Format,
    /// The text in hand, not yet handed out.
    text: Vec<u8>,
    /// The line the text in hand starts on.
    text_line: usize,
    /// Lines read so far.
    line_no: usize,
    line: Vec<u8>,
    /// The text in hand holds a line of movetext (anything that is not a
    /// tag, an escape or blank) after its last tag line.
    has_body: bool,
    prev_blank: bool,
    /// Where in the text in hand the next game would start: the first of
    /// the tag and escape lines that follow a blank line.
    cut: Option<usize>,
    cut_line: usize,
    /// A JSON Lines stream's byte order mark has been looked for.
    bom_checked: bool,
    /// How many bytes the next read of a JSON Lines stream asks for.
    read_size: usize,
    done: bool,
}

impl<R: BufRead> Splitter<R> {
    /// A splitter of `input`, read as `format`.
    pub fn new(input: R, format: Format) -> Splitter<R> {
        Splitter {
            input,
            format,
            text: Vec::new(),
            text_line: 1,
            line_no: 0,
            line: Vec::new(),
            has_body: false,
            prev_blank: true,
            cut: None,
            cut_line: 0,
            bom_checked: false,
            read_size: MIN_LINES_READ,
            done: false,
        }
    }

    /// Hands out the text in hand up to `at` (a byte offset), keeping the
    /// rest, which starts on line `line`.
    fn hand_out(&mut self, at: usize, line: usize) -> GameText {
        let mut rest = self.text.split_off(at);
        // The next game is likely about as long: room for it at once.
        rest.reserve(at);
        let bytes = std::mem::replace(&mut self.text, rest);
        let first_line = std::mem::replace(&mut self.text_line, line);
        GameText {
            bytes,
            first_line,
            format: self.format,
        }
    }

    /// Reads the next line into `self.line`; `Ok(false)` at the end.
    fn read_line(&mut self) -> std::io::Result<bool> {
        let read = read_line(&mut self.input, &mut self.line)?;
        if read {
            self.line_no += 1;
        }
        Ok(read)
    }

    /// The next piece of a PGN stream.
    fn next_pgn(&mut self) -> std::io::Result<Option<GameText>> {
        while self.read_line()? {
            let kind = kind_of(&self.line, self.line_no == 1);
            let here = self.text.len();
            let mut piece = None;
            match kind {
                LineKind::Tag | LineKind::Escape => {
                    if self.cut.is_none() && self.prev_blank {
                        self.cut = Some(here);
                        self.cut_line = self.line_no;
                    }
                    if kind == LineKind::Tag {
                        if self.has_body
                            && let Some(at) = self.cut.take()
                        {
                            piece = Some(self.hand_out(at, self.cut_line));
                        }
                        // Movetext counts only after the last tag line: a
                        // game with tags and no movetext yet takes more tags
                        // after a blank line (ChessBase writes them so).
                        self.has_body = false;
                    }
                }
                LineKind::Blank => {}
                LineKind::Other => {
                    self.cut = None;
                    self.has_body = true;
                }
            }
            self.prev_blank = kind == LineKind::Blank;
            self.text.extend_from_slice(&self.line);
            if piece.is_some() {
                return Ok(piece);
            }
        }
        self.done = true;
        Ok(self.rest())
    }

    /// Whatever is left at the end, unless it is empty.
    fn rest(&mut self) -> Option<GameText> {
        if self.text.is_empty() {
            return None;
        }
        let at = self.text.len();
        Some(self.hand_out(at, self.line_no + 1))
    }

    /// The next block of whole lines of a JSON Lines stream: what one read
    /// gives, up to its last line end (a longer line is read to its end),
    /// the reads sized for some tens of lines.
    /// The bytes are read into the block the workers get, not copied a
    /// line at a time (a read of the largest size goes past the reader's
    /// buffer, straight from the input); only the piece of a line that a
    /// read cut off is carried into the next block.
    fn next_lines(&mut self) -> std::io::Result<Option<GameText>> {
        loop {
            let mut start = self.text.len();
            self.text.resize(start + self.read_size, 0);
            let read = read_some(&mut self.input, &mut self.text[start..]);
            self.text.truncate(start + read.as_ref().map_or(0, |&n| n));
            let read = read?;
            if !self.bom_checked && (self.text.len() >= 3 || read == 0) {
                self.bom_checked = true;
                if self.text.starts_with(b"\xEF\xBB\xBF") {
                    self.text.drain(..3);
                    // What came before this read was part of the mark.
                    start = 0;
                }
            }
            if read == 0 {
                self.done = true;
                return Ok(self.rest());
            }
            if let Some(last) = memchr::memrchr(b'\n', &self.text[start..]) {
                let at = start + last + 1;
                // What came before this read holds no line end (it is what
                // the last block carried, or reads that found none).
                let lines = memchr::memchr_iter(b'\n', &self.text[start..at]).count();
                // The next read is sized for about as many lines as a block
                // should hold, judged by how many the last read ended.
                self.read_size = (self.read_size.saturating_mul(LINES_PER_BLOCK) / lines.max(1))
                    .clamp(MIN_LINES_READ, LINES_BLOCK);
                let mut carried = Vec::with_capacity(self.text.len() - at + self.read_size);
                carried.extend_from_slice(&self.text[at..]);
                self.text.truncate(at);
                let first_line = self.text_line;
                self.text_line += lines;
                return Ok(Some(GameText {
                    bytes: std::mem::replace(&mut self.text, carried),
                    first_line,
                    format: self.format,
                }));
            }
            // A long line: read on in larger steps.
            self.read_size = (self.read_size * 2).min(LINES_BLOCK);
        }
    }

    /// The whole input as one text.
    fn next_whole(&mut self) -> std::io::Result<Option<GameText>> {
        self.done = true;
        self.input.read_to_end(&mut self.text)?;
        Ok(self.rest())
    }
}

/// The most bytes a block of JSON Lines is read at a time: a few records
/// of a corpus, so that a chunk of blocks still gives every worker some.
/// (At least a `BufReader`'s usual buffer: a read that large goes past
/// the buffer into the block.)
const LINES_BLOCK: usize = 1 << 16;

/// About how many lines a block of JSON Lines holds when they are short:
/// the reads are sized for it, so that a chunk of blocks holds a bounded
/// number of games (and of their results) however short the lines are.
const LINES_PER_BLOCK: usize = 64;

/// The fewest bytes a block of JSON Lines is read at a time.
const MIN_LINES_READ: usize = 256;

/// The records of a block of JSON Lines that starts on line `first_line`:
/// each non-blank line with its number.
pub(crate) fn json_lines(bytes: &[u8], first_line: usize) -> impl Iterator<Item = (&[u8], usize)> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = memchr::memchr(b'\n', rest).map_or(rest.len(), |at| at + 1);
        let (line, after) = rest.split_at(end);
        rest = after;
        Some(line)
    })
    .zip(first_line..)
    .filter(|(line, _)| !is_blank(line))
}

/// A line of JSON Lines that holds no record: nothing but ASCII white
/// space (the rule of every JSON Lines reader).
pub(crate) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// One read of `input` into `buffer`, again when interrupted.
fn read_some<R: std::io::Read>(input: &mut R, buffer: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match input.read(buffer) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            other => return other,
        }
    }
}

/// Reads the next line of `input`, its `\n` included, into `line` (emptied
/// first); `Ok(false)` at the end. The line's end is looked for with
/// `memchr` in the reader's buffer, many bytes a step: a JSON Lines record
/// is one line of kilobytes. The one line reader of the stream readers
/// (this module's, the PGN reader's and [`crate::record::JsonLinesReader`]).
pub(crate) fn read_line<R: BufRead>(input: &mut R, line: &mut Vec<u8>) -> std::io::Result<bool> {
    line.clear();
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            break;
        }
        let (taken, ended) = match memchr::memchr(b'\n', buffer) {
            Some(at) => (at + 1, true),
            None => (buffer.len(), false),
        };
        line.extend_from_slice(&buffer[..taken]);
        input.consume(taken);
        if ended {
            break;
        }
    }
    Ok(!line.is_empty())
}

impl<R: BufRead> Iterator for Splitter<R> {
    type Item = std::io::Result<GameText>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = match self.format {
            Format::Pgn => self.next_pgn(),
            Format::Jsonl => self.next_lines(),
            _ => self.next_whole(),
        };
        if next.is_err() {
            self.done = true;
        }
        next.transpose()
    }
}

/// The games of a PGN, PGN4 or JSON Lines stream, one at a time: the
/// stream is cut into game texts as the parallel corpus readers cut it, and
/// each is parsed as it comes.
pub fn games<R: BufRead>(
    input: R,
    format: Format,
) -> impl Iterator<Item = Result<Record, InputError>> {
    Splitter::new(input, format).flat_map(|text| match text {
        Ok(text) => text.games(),
        Err(e) => vec![Err(InputError {
            span: None,
            text: e.to_string(),
            expected: "readable input".to_string(),
        })],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<(usize, String)> {
        Splitter::new(text.as_bytes(), Format::Pgn)
            .map(|t| t.map(|t| (t.first_line, String::from_utf8_lossy(&t.bytes).into_owned())))
            .collect::<Result<_, _>>()
            .unwrap_or_default()
    }

    /// Every game the pieces give, in order, as their debug text.
    fn games_of_pieces(text: &str) -> Vec<String> {
        Splitter::new(text.as_bytes(), Format::Pgn)
            .flat_map(|t| t.map(|t| t.games()).unwrap_or_default())
            .map(|g| format!("{g:?}"))
            .collect()
    }

    fn games_of_reader(text: &str) -> Vec<String> {
        input::pgn_games_from(text.as_bytes(), 1)
            .map(|g| format!("{g:?}"))
            .collect()
    }

    #[test]
    fn games_are_cut_at_the_tags_that_follow_a_blank_line() {
        let pgn = "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
        let pieces = cut(pgn);
        assert_eq!(pieces.len(), 2);
        assert_eq!(
            pieces[0],
            (1, "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 e5 *\n\n".into())
        );
        assert_eq!(pieces[1], (6, "[Event \"b\"]\n\n1. d4 *\n".into()));
    }

    #[test]
    fn a_blank_line_among_tags_does_not_cut() {
        // ChessBase: an empty line among a game's tags.
        let pgn = "[Event \"a\"]\n\n[Site \"x\"]\n\n1. e4 *\n";
        assert_eq!(cut(pgn).len(), 1);
    }

    #[test]
    fn games_without_a_blank_line_between_them_stay_in_one_piece() {
        let pgn = "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n";
        assert_eq!(cut(pgn).len(), 1);
        assert_eq!(games_of_pieces(pgn).len(), 2);
    }

    #[test]
    fn escape_lines_before_the_tags_go_with_the_next_game() {
        let pgn = "1. e4 *\n\n%private\n[Event \"b\"]\n1. d4 *\n";
        let pieces = cut(pgn);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[1], (3, "%private\n[Event \"b\"]\n1. d4 *\n".into()));
        let games: Vec<_> = Splitter::new(pgn.as_bytes(), Format::Pgn)
            .flat_map(|t| t.map(|t| t.games()).unwrap_or_default())
            .collect();
        assert_eq!(
            games[1].as_ref().map(|r| r.escapes.clone()),
            Ok(vec!["private".into()])
        );
    }

    #[test]
    fn pieces_give_the_same_games_as_one_reader() {
        let texts = [
            "[Event \"a\"]\n\n1. e4 {open\n\n[Event \"b\"]\n\n1. d4 *\n",
            "[Event \"a\"]\n\n1. e4 (1. d4\n\n[Event \"b\"]\n1. d4 *\n",
            "[Event \"a\"]\n[FEN \"long\n\n[Event \"b\"]\n1. d4 *\n",
            "1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n\n\n[Event \"c\"]\n\n1. c4 1-0\n",
            "junk }\n\n[Event \"b\"]\n1. d4 *\n\n[Event \"c\"]\n1. e4 *\n",
            "\u{feff}[Event \"a\"]\n\n1. e4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
            "[Event \"a\"]\n\n1. e4 *\n\n\u{a0}[Event \"b\"]\n1. d4 *\n",
        ];
        for text in texts {
            assert_eq!(games_of_pieces(text), games_of_reader(text), "{text:?}");
        }
    }

    #[test]
    fn json_lines_come_in_blocks_of_whole_lines() {
        let text = "\u{feff}{\"a\": 1}\n\n{\"b\": 2}\n";
        let pieces: Vec<_> = Splitter::new(text.as_bytes(), Format::Jsonl)
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        assert_eq!(pieces.len(), 1);
        assert_eq!(
            (pieces[0].first_line, pieces[0].bytes.as_slice()),
            (1, &b"{\"a\": 1}\n\n{\"b\": 2}\n"[..])
        );
        let lines: Vec<_> = json_lines(&pieces[0].bytes, 1).collect();
        assert_eq!(
            lines,
            [(&b"{\"a\": 1}\n"[..], 1), (&b"{\"b\": 2}\n"[..], 3)]
        );
        // Errors count lines from the start of the stream.
        let err = pieces[0].games().remove(1).err().and_then(|e| e.span);
        assert_eq!(err.map(|s| s.line), Some(3));
    }

    /// A reader that gives a few bytes a read, as a pipe may.
    struct Trickle<'a>(&'a [u8], usize);

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(self.0.len()).min(buffer.len());
            buffer[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn blocks_of_short_json_lines_hold_a_bounded_number_of_them() {
        // Short records, then a long one, then short ones again: the reads
        // are sized by the lines, so a block holds some tens of short
        // lines. Only the read that ends a long line may hold more (at most
        // a full read of them).
        let long = format!("{{\"x\":\"{}\"}}\n", "y".repeat(3 * LINES_BLOCK));
        let short = "{}\n".repeat(30_000);
        let text = format!("{short}{long}{short}");
        let (mut lines, mut large) = (0, 0);
        for piece in Splitter::new(text.as_bytes(), Format::Jsonl) {
            let Ok(piece) = piece else {
                panic!("a read failed");
            };
            let held = json_lines(&piece.bytes, piece.first_line).count();
            // A few times as many as meant while the reads adapt.
            if held > 4 * LINES_PER_BLOCK {
                large += 1;
                assert!(held <= LINES_BLOCK / 3 + 1, "a block of {held} lines");
            }
            lines += held;
        }
        assert_eq!(lines, 60_001);
        assert!(large <= 1, "{large} blocks of many lines");
    }

    #[test]
    fn blocks_of_json_lines_cut_anywhere_give_every_line_once_with_its_number() {
        // Lines longer and shorter than a block, blank lines, no final line
        // end, a byte order mark read one byte at a time.
        let long = format!("{{\"x\":\"{}\"}}", "y".repeat(LINES_BLOCK + 17));
        let text = format!("\u{feff}{{}}\n  \n{long}\r\n{{\"b\":2}}\n\n{long}\n{{\"c\":3}}");
        let expected: Vec<(String, usize)> = text
            .trim_start_matches('\u{feff}')
            .split_inclusive('\n')
            .zip(1..)
            .filter(|(line, _)| !line.trim().is_empty())
            .map(|(line, n)| (line.to_string(), n))
            .collect();
        for step in [1, 2, 3, 7, 4096, LINES_BLOCK - 1, LINES_BLOCK, usize::MAX] {
            let reader = std::io::BufReader::new(Trickle(text.as_bytes(), step));
            let mut got = Vec::new();
            for piece in Splitter::new(reader, Format::Jsonl) {
                let Ok(piece) = piece else {
                    panic!("a read failed");
                };
                got.extend(
                    json_lines(&piece.bytes, piece.first_line)
                        .map(|(line, n)| (String::from_utf8_lossy(line).into_owned(), n)),
                );
            }
            assert_eq!(got, expected, "reads of {step} bytes");
        }
    }
}
