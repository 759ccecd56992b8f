//! A byte scanner for PGN games laid out plainly: what most databases
//! write. It reads a game's text in one pass, without building the PGN
//! reader's nodes: the tags (one per line), then the movetext's plies as
//! slices of the text; move numbers, glyphs and comments are stepped over.
//! Anything it does not know to read exactly as [`PgnReader`] reads it
//! (variations, escape lines, tag values with escapes, bytes beyond ASCII
//! outside comments and tag values, a second game, anything after the
//! result, a comment giving the replay a command) makes it decline, and
//! the text is then read by the reader itself.
//!
//! [`PgnReader`]: crate::notation::pgn::PgnReader

use crate::notation::pgn::{
    MAX_PLIES, Pos, RawGame, begins_move, begins_tag_name, in_tag_name, nag_symbol, result_token,
};
use crate::record::Span;

/// A game text the scanner read: its header as the PGN reader gives it
/// (tags and result, no moves) and its plies.
pub(super) struct PlainGame<'a> {
    /// The tags and the result token; no moves.
    pub raw: RawGame,
    /// The plies' texts, in order.
    pub plies: Vec<&'a str>,
    /// Where the last ply starts in the text, if there is one.
    last: Option<usize>,
    /// The line of the stream the text starts on.
    first_line: usize,
}

impl PlainGame<'_> {
    /// The span of the last ply in `text` (the text scanned), with its
    /// column counted in characters as the reader counts them: a line
    /// that is not UTF-8 is read as Latin-1, one byte a character.
    pub fn last_span(&self, text: &[u8]) -> Option<Span> {
        let at = self.last?;
        // Found once, when a warning needs it: no place is kept per ply.
        let line_start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |n| n + 1);
        let line = self.first_line + memchr::memchr_iter(b'\n', &text[..at]).count();
        let line_end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |n| at + n);
        let before = &text[line_start..at];
        let column = match std::str::from_utf8(&text[line_start..line_end]) {
            Ok(_) => before.iter().filter(|&&b| (b as i8) >= -0x40).count(),
            Err(_) => before.len(),
        };
        let len = self.plies.last().map_or(1, |p| p.len());
        Some(Span {
            line,
            column: column + 1,
            len: len.max(1),
        })
    }
}

/// White space as PGN's reader sees an ASCII byte.
const SPACE: u8 = 1;
/// A byte that ends a token: white space and the reader's delimiters,
/// and any byte beyond ASCII (which the scanner declines in a token).
const ENDS_TOKEN: u8 = 2;

/// What each byte is to the scanner.
const CLASS: [u8; 256] = {
    let mut class = [0; 256];
    let mut b = 0x80;
    while b < 256 {
        class[b] = ENDS_TOKEN;
        b += 1;
    }
    let spaces = [b' ', b'\t', b'\n', 0x0b, 0x0c, b'\r'];
    let mut i = 0;
    while i < spaces.len() {
        class[spaces[i] as usize] = SPACE | ENDS_TOKEN;
        i += 1;
    }
    let delimiters = [b'{', b'}', b'(', b')', b';', b'$'];
    let mut i = 0;
    while i < delimiters.len() {
        class[delimiters[i] as usize] = ENDS_TOKEN;
        i += 1;
    }
    class
};

/// Whether a byte is white space as PGN's reader sees an ASCII one.
fn is_space(b: u8) -> bool {
    CLASS[usize::from(b)] & SPACE != 0
}

/// Whether the bytes at a comment's `[` begin nothing for the replay: no
/// bonus command, no `[%inferred]` mark (looked for anywhere in a
/// comment: one that merely mentions it is left to the reader too).
fn plain_comment(from_bracket: &[u8]) -> bool {
    !from_bracket.starts_with(b"[%bonus") && !from_bracket.starts_with(b"[%inferred]")
}

/// Reads `text` (whose first line is line `first_line` of the stream) as
/// one plain game; `None` when the PGN reader must read it.
pub(super) fn scan(text: &[u8], first_line: usize) -> Option<PlainGame<'_>> {
    let mut scanner = Scanner {
        text,
        at: 0,
        line: first_line,
    };
    let tags = scanner.tags()?;
    let mut plies = Vec::with_capacity(text.len() / 6);
    let (result, last) = scanner.movetext(&mut plies)?;
    if tags.is_empty() && plies.is_empty() && result.is_none() {
        // No game at all: the reader says so.
        return None;
    }
    Some(PlainGame {
        raw: RawGame {
            tags,
            result: result.map(str::to_string),
            ..RawGame::default()
        },
        plies,
        last,
        first_line,
    })
}

struct Scanner<'a> {
    text: &'a [u8],
    /// The next byte to read.
    at: usize,
    /// The line of `at`, from 1 (for the tags' places).
    line: usize,
}

impl<'a> Scanner<'a> {
    /// The end of the line at `from` (its `\n`, or the end of the text).
    fn line_end(&self, from: usize) -> usize {
        memchr::memchr(b'\n', &self.text[from..]).map_or(self.text.len(), |n| from + n)
    }

    /// Steps past the `\n` at `at` onto the next line.
    fn next_line(&mut self, newline: usize) {
        self.at = newline + 1;
        self.line += 1;
    }

    /// The tag lines at the start (after blank lines): each `[Key "value"]`
    /// alone on its line, the value without escapes. Stops at the first
    /// line that is not a tag, a blank line after tags included.
    fn tags(&mut self) -> Option<Vec<(String, String, Pos)>> {
        let mut tags = Vec::new();
        while self.at < self.text.len() {
            let end = self.line_end(self.at);
            let line = &self.text[self.at..end];
            if line.iter().all(|&b| is_space(b)) {
                if !tags.is_empty() {
                    break;
                }
            } else if line.first() == Some(&b'[')
                && line.get(1).is_some_and(|&b| begins_tag_name(char::from(b)))
            {
                let (key, value) = tag_line(line)?;
                let pos = Pos {
                    line: self.line,
                    column: 1,
                };
                tags.push((key, value, pos));
            } else {
                break;
            }
            if end == self.text.len() {
                self.at = end;
                break;
            }
            self.next_line(end);
        }
        Some(tags)
    }

    /// Whether the line starting at `at` is one the reader treats apart:
    /// an escape line (`%` first) or a tag line (any white space, then
    /// `[`; bytes beyond ASCII are taken for white space, to be safe).
    fn special_line(&self) -> bool {
        let rest = &self.text[self.at..];
        if rest.first() == Some(&b'%') {
            return true;
        }
        rest.iter()
            .find(|&&b| !(b.is_ascii_whitespace() || b == 0x0b || b >= 0x80) || b == b'\n')
            == Some(&b'[')
    }

    /// The movetext to the end of the text: its plies pushed on `plies`;
    /// the result token and where the last ply stands.
    fn movetext(&mut self, plies: &mut Vec<&'a str>) -> Option<(Option<&'a str>, Option<usize>)> {
        let text = self.text;
        let utf8 = std::str::from_utf8(text).ok();
        let mut result = None;
        let mut last = None;
        if self.special_line() {
            return None;
        }
        while self.at < text.len() {
            let b = text[self.at];
            if b == b'\n' {
                self.next_line(self.at);
                if self.special_line() {
                    return None;
                }
                continue;
            }
            if is_space(b) {
                self.at += 1;
                continue;
            }
            if result.is_some() {
                // Only white space may follow the result in a plain game.
                return None;
            }
            if b.is_ascii_digit() {
                let end = self.digits(self.at);
                if text.get(end) == Some(&b'.') {
                    // A move number (at most 4294967295, as the reader).
                    let digits = &text[self.at..end];
                    let number = digits.iter().try_fold(0u32, |n, &d| {
                        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
                    });
                    number?;
                    self.at = self.dots(end);
                    continue;
                }
            }
            match b {
                b'{' => {
                    // One walk to the closing brace, looking at each `[` for
                    // a command on the way (neither command holds a `}`).
                    let mut close = self.at + 1;
                    loop {
                        match text.get(close)? {
                            b'}' => break,
                            b'[' if !plain_comment(&text[close..]) => return None,
                            b'\n' => {
                                // A comment over several lines: no line in
                                // it may look like a tag (the reader might
                                // end the game there).
                                self.next_line(close);
                                if self.special_line() && text.get(self.at) != Some(&b'%') {
                                    return None;
                                }
                            }
                            _ => {}
                        }
                        close += 1;
                    }
                    self.at = close + 1;
                }
                b';' => {
                    let end = self.line_end(self.at);
                    let comment = &text[self.at + 1..end];
                    if memchr::memchr_iter(b'[', comment).any(|at| !plain_comment(&comment[at..])) {
                        return None;
                    }
                    self.at = end;
                }
                b'$' => {
                    let (end, number) = self.number(self.at + 1);
                    u16::try_from(number?).ok()?;
                    self.at = end;
                }
                b'.' => self.at = self.dots(self.at),
                b'(' | b')' | b'}' | b'[' | 0x80.. => return None,
                _ => {
                    let start = self.at;
                    let mut end = start + 1;
                    while text
                        .get(end)
                        .is_some_and(|&b| CLASS[usize::from(b)] & ENDS_TOKEN == 0)
                    {
                        end += 1;
                    }
                    if text.get(end).is_some_and(|b| !b.is_ascii()) {
                        return None;
                    }
                    // ASCII: a slice of the whole text when it is UTF-8.
                    let token = match utf8 {
                        Some(all) => all.get(start..end)?,
                        None => std::str::from_utf8(&text[start..end]).ok()?,
                    };
                    self.at = end;
                    // A token that begins as a move is neither a result nor
                    // a glyph (most tokens: one test of a byte or two).
                    if !begins_move(token) {
                        if result_token(token) {
                            result = Some(token);
                            continue;
                        }
                        if nag_symbol(token).is_some() {
                            continue;
                        }
                    }
                    let ply = match token.strip_suffix('*').filter(|m| !m.is_empty()) {
                        // A result glued to the last move (`h6*`).
                        Some(played) => {
                            result = Some("*");
                            played
                        }
                        None => token,
                    };
                    if plies.len() >= MAX_PLIES {
                        return None;
                    }
                    plies.push(ply);
                    last = Some(start);
                }
            }
        }
        Some((result, last))
    }

    /// The end of the run of ASCII digits at `from`.
    fn digits(&self, from: usize) -> usize {
        self.text[from..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map_or(self.text.len(), |n| from + n)
    }

    /// The end of the run of digits at `from` and their number, `None`
    /// when there are none or it overflows.
    fn number(&self, from: usize) -> (usize, Option<u64>) {
        let end = self.digits(from);
        let digits = &self.text[from..end];
        let number = (!digits.is_empty() && digits.len() <= 19).then(|| {
            digits
                .iter()
                .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'))
        });
        (end, number)
    }

    /// The end of the run of dots at `from`.
    fn dots(&self, from: usize) -> usize {
        self.text[from..]
            .iter()
            .position(|&b| b != b'.')
            .map_or(self.text.len(), |n| from + n)
    }
}

/// A tag line `[Key "value"]` read as the reader reads it, or `None` for
/// anything else on the line (another tag, movetext), an escape in the
/// value or a value not closed on the line.
fn tag_line(line: &[u8]) -> Option<(String, String)> {
    let key_end = 1 + line[1..]
        .iter()
        .position(|&b| !(b.is_ascii() && in_tag_name(char::from(b))))
        .unwrap_or(line.len() - 1);
    let key = std::str::from_utf8(&line[1..key_end]).ok()?;
    let mut at = key_end;
    while line.get(at).is_some_and(|&b| is_space(b)) {
        at += 1;
    }
    if line.get(at) != Some(&b'"') {
        return None;
    }
    let value_start = at + 1;
    let value_end = value_start + memchr::memchr2(b'"', b'\\', &line[value_start..])?;
    if line[value_end] != b'"' || line[value_start..value_end].contains(&b'\r') {
        return None;
    }
    let mut rest = line[value_end + 1..].iter().skip_while(|&&b| is_space(b));
    if rest.next() != Some(&b']') || !rest.all(|&b| is_space(b)) {
        return None;
    }
    let bytes = &line[value_start..value_end];
    let value = match std::str::from_utf8(bytes) {
        Ok(value) => value.to_string(),
        // A line that is not UTF-8 is Latin-1 to the reader.
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    };
    Some((key.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::span_at;
    use crate::notation::pgn::{Node, PgnReader};
    use crate::rng::Rng;

    /// When the scanner takes `text`, the PGN reader must read one game
    /// from it with the same tags, result and plies, the last ply at the
    /// same place. Returns whether the scanner took it.
    fn agrees(text: &[u8]) -> bool {
        let Some(game) = scan(text, 3) else {
            return false;
        };
        let shown = String::from_utf8_lossy(text);
        let read: Vec<_> = PgnReader::starting_at(text, 3).collect();
        let [Ok(raw)] = &read[..] else {
            panic!("the scanner took what the reader reads as {read:?}:\n{shown}");
        };
        assert_eq!(game.raw.tags, raw.tags, "{shown}");
        assert_eq!(game.raw.result, raw.result, "{shown}");
        assert!(raw.escapes.is_empty(), "{shown}");
        let plies: Vec<(&str, Pos)> = raw
            .moves
            .iter()
            .filter_map(|node| match node {
                Node::Ply { text, pos } => Some((text.as_str(), *pos)),
                Node::Variation { .. } => panic!("the scanner took a variation:\n{shown}"),
                Node::Comment { text, .. } => {
                    assert!(crate::replay::command_at(text).is_none(), "{shown}");
                    assert_ne!(text.as_str(), "[%inferred]", "{shown}");
                    None
                }
                _ => None,
            })
            .collect();
        let texts: Vec<&str> = plies.iter().map(|p| p.0).collect();
        assert_eq!(game.plies, texts, "{shown}");
        let last = plies.last().and_then(|(t, pos)| span_at(*pos, t.len()));
        assert_eq!(game.last_span(text), last, "{shown}");
        true
    }

    #[test]
    fn plain_games_read_as_the_reader_reads_them() {
        let taken: &[&[u8]] = &[
            b"[Event \"x\"]\n[White \"M\xc3\xbcller\"]\n\n1. e4 e5 2. Nf3 1-0\n",
            b"\n\n[Event \"x\"]\r\n[Site \"y\"]   \r\n\r\n1.e4 {[%clk 0:01:00]} e5 $1 2. Nf3 ! *\r\n",
            b"1. e4 e5 2. Nf3 Nc6 3. Bb5\n",
            b"[Event \"x\"]\n1. e4 {a comment\nover two lines} e5 ; rest of line [x]\n2. d4 1/2-1/2",
            b"[White \"Caf\xe9\"]\n\n1. e4 {\xe9t\xe9} e5 2. h4*",
            b"[Event \"\"]\n\n",
            b"[Event\"x\"]\n1... e5 2. d4 0-1\n\n\n",
            b"1. e4 {\xc3\xa9} e5 {\xe9} Nf3 *",
            b"1. O-O N RR +- e4 $14 *",
        ];
        for text in taken {
            assert!(agrees(text), "{}", String::from_utf8_lossy(text));
        }
        let declined: &[&[u8]] = &[
            b"1. e4 (1. d4 d5) e5 *",
            b"%escape\n1. e4 *",
            b"[Event \"a\\\"b\"]\n1. e4 *",
            b"[Event \"a\"] [Site \"b\"]\n1. e4 *",
            b"  [Event \"a\"]\n1. e4 *",
            b"[Event \"a\"]\n\n[Site \"b\"]\n1. e4 *",
            b"1. e4 * {after}",
            b"1. e4 *\n\n1. d4 *",
            b"1. e4 e5\n[Event \"next\"]\n1. d4 *",
            b"1. e4 {[%bonus Q]} e5 *",
            b"1. e4 {[%inferred]} e5 *",
            b"1. e4 {open\n[Event \"x\"]\n} e5 *",
            b"1. e4 {never closed",
            b"1. e4 $99999 *",
            b"99999999999. e4 *",
            b"1. e4 \xe2\x80\xa6 e5 *",
            b"1. e4 e5 \xc2\xa0 Nf3 *",
            b"1. e4 [1 4] e5 *",
            b"1. e4 e5 \xbd-\xbd",
            b"\xef\xbb\xbf[Event \"x\"]\n1. e4 *",
            b"1. e4 e5 }",
            b"",
            b"  \n \n",
        ];
        for text in declined {
            assert!(scan(text, 1).is_none(), "{}", String::from_utf8_lossy(text));
        }
    }

    /// Real files and mutations of them: whatever the scanner takes, the
    /// reader reads alike.
    #[test]
    fn the_scanner_agrees_with_the_reader_on_real_and_broken_texts() {
        let texts: Vec<Vec<u8>> = crate::data_files()
            .iter()
            .filter(|path| path.extension().is_some_and(|e| e == "pgn" || e == "pgn4"))
            .map(|path| std::fs::read(path).unwrap_or_default())
            .collect();
        let pieces: &[&[u8]] = &[
            b"\n",
            b"\r\n",
            b" ",
            b"{",
            b"}",
            b"(",
            b")",
            b"[",
            b"]",
            b"%",
            b";",
            b"$",
            b"$3",
            b".",
            b"...",
            b"*",
            b"1-0",
            b"\"",
            b"\\",
            b"\xe9",
            b"\xc3\xa9",
            b"\xe2\x80\xa6",
            b"[%bonus Q]",
            b"[Event \"x\"]\n",
            b"\n[Site \"y\"]",
            b"12.",
            b"e4",
            b"!",
            b"N",
        ];
        let mut rng = Rng::new(11);
        let (mut taken, mut tried) = (0, 0);
        for text in &texts {
            for cut in crate::split::Splitter::new(&text[..], crate::input::Format::Pgn).flatten() {
                taken += usize::from(agrees(&cut.bytes));
                tried += 1;
                for _ in 0..20 {
                    let mut broken = cut.bytes.clone();
                    for _ in 0..1 + rng.below(3) {
                        let at = rng.below(broken.len() + 1);
                        match rng.below(3) {
                            0 if at < broken.len() => {
                                broken.remove(at);
                            }
                            _ => {
                                let piece = pieces[rng.below(pieces.len())];
                                broken.splice(at..at, piece.iter().copied());
                            }
                        }
                    }
                    taken += usize::from(agrees(&broken));
                    tried += 1;
                }
            }
        }
        assert!(
            tried > 1000 && taken * 4 > tried,
            "{taken} of {tried} taken"
        );
    }
}
