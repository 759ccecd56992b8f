//! A byte scanner for JSON Lines records laid out plainly: what
//! roundtable and most programs write. It walks a record's line once,
//! takes each move's player and move (and, for the full reader, the move
//! as written, its checks and mates) as slices of the line, and hands the
//! rest of the record (its header, with an empty list of moves) to serde,
//! which reads it as the full reader does. Two readers use it: the direct
//! check of `validate` ([`crate::check`]) and the full reader of JSON
//! Lines ([`crate::record::from_json_line`]), which makes a record's moves
//! from the slices when they say no more than the scanner keeps. A move
//! holding anything the plain replay must not pass over (an inferred move,
//! dice, variations, a comment that gives the replay a command), a string
//! with an escape the scanner does not read, a key it does not know, or
//! anything that is not JSON makes it decline: the line is then read in
//! full by serde.

use std::ops::Range;

use crate::record::Record;
use crate::replay::command_at;

/// One move of a plain record: where its player (perhaps empty), its move
/// and the move as its source wrote it stand in the line (byte ranges, at
/// ASCII bytes: the line's text or its bytes are sliced there as the
/// reader needs, the check taking bytes without a test of characters).
#[derive(Clone)]
pub(crate) struct PlainMove {
    /// The `player` value, empty when the move names none.
    pub player: Range<usize>,
    /// The `player` value as a number, when it is shorter than 8 bytes
    /// (see [`name_key`]); 0 when not known.
    pub player_key: u64,
    /// The `mv` value.
    pub mv: Range<usize>,
    /// The `written` value, when the move has one.
    pub written: Option<Range<usize>>,
    /// The `checks` and `mates` lists as written (`["Black"]`; empty when
    /// the move has none): strings without escapes, each between a pair
    /// of quotes (see [`list_items`]).
    pub checks: Range<usize>,
    /// See `checks`.
    pub mates: Range<usize>,
}

/// What follows `literal` at the start of `bytes`, if it is there: a
/// literal of known length is compared as a whole, in a few instructions,
/// where a slice's `strip_prefix` calls out to compare bytes.
#[inline(always)]
fn after<'b, const N: usize>(bytes: &'b [u8], literal: &[u8; N]) -> Option<&'b [u8]> {
    let (head, rest) = bytes.split_first_chunk::<N>()?;
    (head == literal).then_some(rest)
}

/// A name of fewer than 8 bytes at the start of `bytes` (which holds at
/// least 8) as one number, its bytes and its length: two names are the
/// same exactly when their numbers are, and a number is compared in one
/// instruction where two strings take a call. 0 for a longer or an empty
/// name, or fewer than 8 bytes.
#[inline(always)]
pub(crate) fn name_key(bytes: &[u8], len: usize) -> u64 {
    match bytes.first_chunk::<8>() {
        Some(word) if (1..8).contains(&len) => {
            let mask = (1u64 << (8 * len)) - 1;
            (u64::from_le_bytes(*word) & mask) | ((len as u64) << 56)
        }
        _ => 0,
    }
}

/// The strings of a list of plain strings the scanner read (`checks`,
/// `mates`): no string holds a quote, so they stand between the first
/// and second quote, the third and fourth, and so on.
pub(crate) fn list_items(list: &str) -> impl Iterator<Item = &str> {
    list.split('"').skip(1).step_by(2)
}

/// A line the scanner read: the record without its moves, and the moves.
pub(crate) struct PlainLine {
    /// The line with its `moves` list emptied (`[]`), for serde.
    pub header: String,
    /// The moves, in order.
    pub moves: Vec<PlainMove>,
    /// Every move says no more than [`PlainMove`] holds (and that it is
    /// not inferred and has no variation): the moves hold all that the
    /// record's moves say.
    pub whole: bool,
}

/// Reads `line` as one plain record; `None` when the full reader must.
/// Each move's player and move only: its `written`, `checks` and `mates`
/// are stepped over and left empty.
pub(crate) fn scan(line: &str) -> Option<PlainLine> {
    scan_as::<false>(line)
}

/// Reads `line` as [`scan`] does, each move with all it holds.
pub(crate) fn scan_whole(line: &str) -> Option<PlainLine> {
    scan_as::<true>(line)
}

/// The scan, with the moves' other fields kept when `WHOLE` (a constant,
/// so that the check, which needs none, pays nothing for them).
fn scan_as<const WHOLE: bool>(line: &str) -> Option<PlainLine> {
    let mut stream = MoveStream::<WHOLE>::new(line)?;
    // At least 28 bytes a move (`{"player":"Black","mv":"Nf6"},`, and
    // the record's head): room for every move at once, without the list
    // growing (a copy of all it holds), for 4,096 at most: a huge line (a
    // long comment, say) reserves no more than a long game needs, and a
    // longer game grows its list.
    let mut moves = Vec::with_capacity((line.len() / 28).min(4096));
    moves.extend(stream.by_ref());
    let header = stream.finish()?;
    Some(PlainLine {
        header,
        moves,
        whole: stream.scanner.whole,
    })
}

/// The values of the fields a replay is set up from, as written (raw
/// JSON), when they come before the moves (as the writer puts them).
#[derive(Default)]
pub(crate) struct Lead<'a> {
    /// The `variant` value.
    pub variant: Option<&'a str>,
    /// The `options` value.
    pub options: Option<&'a str>,
    /// The `notation` value.
    pub notation: Option<&'a str>,
    /// The `start` value.
    pub start: Option<&'a str>,
}

impl Lead<'_> {
    /// A record of these fields and no moves, as serde reads them; `None`
    /// without a variant or when serde refuses them.
    pub(crate) fn record(&self) -> Option<Record> {
        // The common lead, a variant and perhaps a start as plain strings,
        // made without serde: a plain string is its text.
        fn plain(raw: &str) -> Option<&str> {
            let text = raw.strip_prefix('"')?.strip_suffix('"')?;
            plain_string_end(text.as_bytes()).is_none().then_some(text)
        }
        if self.options.is_none() && self.notation.is_none() {
            let start = match self.start {
                None => Some(None),
                Some(raw) => plain(raw).map(Some),
            };
            if let (Some(variant), Some(start)) = (plain(self.variant?), start) {
                let mut record = Record::new(variant);
                record.start = start.map(String::from);
                return Some(record);
            }
        }
        serde_json::from_str(&self.as_json()?).ok()
    }

    /// A record of these fields and no moves, as JSON for serde; `None`
    /// without a variant.
    fn as_json(&self) -> Option<String> {
        let mut json = format!(
            "{{\"format\":{},\"variant\":{},\"moves\":[]",
            crate::record::FORMAT,
            self.variant?
        );
        for (key, value) in [
            ("options", self.options),
            ("notation", self.notation),
            ("start", self.start),
        ] {
            if let Some(value) = value {
                json.push_str(&format!(",\"{key}\":{value}"));
            }
        }
        json.push('}');
        Some(json)
    }
}

/// Where a [`MoveStream`] is in the list of moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ListState {
    /// After its `[`.
    Opened,
    /// After a move.
    InList,
    /// After its `]`.
    Closed,
    /// At something the scanner declines.
    Failed,
}

/// A plain line read a move at a time, nothing kept: [`MoveStream::new`]
/// reads up to the moves (keeping [`Lead`]), the iterator gives the moves
/// in order, [`MoveStream::finish`] reads the rest and gives the header.
/// The direct check replays each move as it is read.
pub(crate) struct MoveStream<'a, const WHOLE: bool> {
    scanner: Scanner<'a, WHOLE>,
    /// Where the list of moves starts (its `[`).
    list_start: usize,
    /// The fields the replay is set up from.
    pub lead: Lead<'a>,
    state: ListState,
}

impl<'a, const WHOLE: bool> MoveStream<'a, WHOLE> {
    /// Reads `line` up to its first move; `None` when it is no object
    /// holding a list of moves (the full reader words why).
    pub(crate) fn new(line: &'a str) -> Option<Self> {
        let mut scanner = Scanner::<WHOLE> {
            text: line,
            bytes: line.as_bytes(),
            at: 0,
            whole: true,
        };
        let mut lead = Lead::default();
        scanner.expect_byte(b'{')?;
        loop {
            let key = scanner.plain_string()?;
            scanner.expect_byte(b':')?;
            scanner.space();
            if key == "moves" {
                let list_start = scanner.at;
                scanner.expect_byte(b'[')?;
                return Some(MoveStream {
                    scanner,
                    list_start,
                    lead,
                    state: ListState::Opened,
                });
            }
            let start = scanner.at;
            scanner.skip_value()?;
            let value = line.get(start..scanner.at);
            match key {
                "variant" => lead.variant = value,
                "options" => lead.options = value,
                "notation" => lead.notation = value,
                "start" => lead.start = value,
                _ => {}
            }
            if scanner.next_byte()? != b',' {
                return None;
            }
        }
    }

    /// Reads the rest of the line once every move is read: the line with
    /// its list of moves emptied (`[]`), for serde; `None` if a move or
    /// the rest is not plain.
    pub(crate) fn finish(&mut self) -> Option<String> {
        if self.state != ListState::Closed {
            return None;
        }
        let s = &mut self.scanner;
        let list_end = s.at;
        loop {
            match s.next_byte()? {
                b',' => {
                    // A field given twice: serde refuses the record.
                    if s.plain_string()? == "moves" {
                        return None;
                    }
                    s.expect_byte(b':')?;
                    s.skip_value()?;
                }
                b'}' => break,
                _ => return None,
            }
        }
        s.space();
        if s.at != s.bytes.len() {
            return None;
        }
        let line = s.text;
        let mut header = String::with_capacity(line.len() - (list_end - self.list_start) + 2);
        header.push_str(&line[..self.list_start]);
        header.push_str("[]");
        header.push_str(&line[list_end..]);
        Some(header)
    }
}

impl<'a, const WHOLE: bool> Iterator for MoveStream<'a, WHOLE> {
    type Item = PlainMove;

    #[inline(always)]
    fn next(&mut self) -> Option<PlainMove> {
        let s = &mut self.scanner;
        let read = match self.state {
            ListState::Opened => {
                s.space();
                if s.bytes.get(s.at) == Some(&b']') {
                    s.at += 1;
                    self.state = ListState::Closed;
                    return None;
                }
                s.plain_move()
            }
            ListState::InList => match s.next_byte() {
                Some(b',') => s.plain_move(),
                Some(b']') => {
                    self.state = ListState::Closed;
                    return None;
                }
                _ => None,
            },
            ListState::Closed | ListState::Failed => return None,
        };
        self.state = if read.is_some() {
            ListState::InList
        } else {
            ListState::Failed
        };
        read
    }
}

/// The fields of a move the scanner reads, each at most once.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Player,
    Mv,
    Written,
    Checks,
    Mates,
    Before,
    Nags,
    Comments,
    Inferred,
    Variations,
}

impl Field {
    /// The field whose key (with its closing quote) begins `bytes`, and
    /// the key's length with that quote.
    fn at_key(bytes: &[u8]) -> Option<(Field, usize)> {
        const KEYS: [(&[u8], Field); 10] = [
            (b"player\"", Field::Player),
            (b"mv\"", Field::Mv),
            (b"written\"", Field::Written),
            (b"checks\"", Field::Checks),
            (b"mates\"", Field::Mates),
            (b"before\"", Field::Before),
            (b"nags\"", Field::Nags),
            (b"comments\"", Field::Comments),
            (b"inferred\"", Field::Inferred),
            (b"variations\"", Field::Variations),
        ];
        let first = *bytes.first()?;
        KEYS.iter()
            .filter(|(key, _)| key[0] == first)
            .find(|(key, _)| bytes.starts_with(key))
            .map(|&(key, field)| (field, key.len()))
    }
}

/// The bytes that end a string without escapes: its closing quote, or
/// what the scanner declines there (an escape, a control character).
const ENDS_PLAIN_STRING: [bool; 256] = {
    let mut ends = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        ends[b] = true;
        b += 1;
    }
    ends[b'"' as usize] = true;
    ends[b'\\' as usize] = true;
    ends
};

/// What follows a list of plain strings (`["Black"]`, without white
/// space) at the start of `bytes`.
#[inline(always)]
fn plain_list(bytes: &[u8]) -> Option<&[u8]> {
    let mut rest = after(bytes, b"[")?;
    if let Some(rest) = after(rest, b"]") {
        return Some(rest);
    }
    loop {
        rest = after(rest, b"\"")?;
        let len = plain_string_end(rest)?;
        rest = after(rest.get(len..)?, b"\"")?;
        match rest.split_first()? {
            (b',', more) => rest = more,
            (b']', more) => return Some(more),
            _ => return None,
        }
    }
}

/// Where the first byte of `bytes` that ends a plain string is (see
/// [`ENDS_PLAIN_STRING`]), eight bytes a step: the strings of a move are
/// short, too short for `memchr`, and a byte at a time costs a table
/// look-up and a bounds check each.
#[inline(always)]
fn plain_string_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // The high bit of each byte of `word` below `n`, and maybe of bytes
    // after the first such byte (a borrow may carry): the lowest is right.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS;
    let quotes = ONES * u64::from(b'"');
    let backslashes = ONES * u64::from(b'\\');
    let (mut rest, mut at) = (bytes, 0);
    while let Some(chunk) = rest.first_chunk::<8>() {
        let word = u64::from_le_bytes(*chunk);
        let ends = below(word, 0x20) | below(word ^ quotes, 1) | below(word ^ backslashes, 1);
        if ends != 0 {
            return Some(at + ends.trailing_zeros() as usize / 8);
        }
        rest = &rest[8..];
        at += 8;
    }
    rest.iter()
        .position(|&b| ENDS_PLAIN_STRING[usize::from(b)])
        .map(|n| at + n)
}

struct Scanner<'a, const WHOLE: bool> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    /// No move read so far says more than [`PlainMove`] holds.
    whole: bool,
}

impl<'a, const WHOLE: bool> Scanner<'a, WHOLE> {
    /// Steps over JSON white space.
    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte after white space, stepped over.
    fn next_byte(&mut self) -> Option<u8> {
        self.space();
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    /// Steps over `byte` after white space (most often right there).
    fn expect_byte(&mut self, byte: u8) -> Option<()> {
        if self.bytes.get(self.at) == Some(&byte) {
            self.at += 1;
            return Some(());
        }
        (self.next_byte()? == byte).then_some(())
    }

    /// A string without escapes (after white space), as a slice of the
    /// line.
    fn plain_string(&mut self) -> Option<&'a str> {
        let at = self.plain_string_at()?;
        self.text.get(at)
    }

    /// Where a string without escapes (after white space) stands in the
    /// line, stepped over.
    fn plain_string_at(&mut self) -> Option<Range<usize>> {
        self.expect_byte(b'"')?;
        let start = self.at;
        let len = plain_string_end(self.bytes.get(start..)?)?;
        if self.bytes.get(start + len) != Some(&b'"') {
            return None;
        }
        self.at = start + len + 1;
        Some(start..start + len)
    }

    /// A string whose escapes are all of one character (`\u` declined),
    /// so that its raw bytes hold a command exactly when its text does.
    /// Returns whether it holds one.
    fn comment(&mut self) -> Option<bool> {
        self.expect_byte(b'"')?;
        let start = self.at;
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => break,
                b'\\' => match self.bytes.get(self.at + 1)? {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => self.at += 2,
                    _ => return None,
                },
                0..0x20 => return None,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        Some(command_at(self.text.get(start..self.at - 1)?).is_some())
    }

    /// A list (after white space) of items read by `item`.
    fn list(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.expect_byte(b'[')?;
        self.space();
        if self.bytes.get(self.at) == Some(&b']') {
            self.at += 1;
            return Some(());
        }
        loop {
            item(self)?;
            match self.next_byte()? {
                b',' => {}
                b']' => return Some(()),
                _ => return None,
            }
        }
    }

    /// A move as this project writes it, `{"player":"…","mv":"…"}` with
    /// `,"written":"…"`, `,"checks":[…]` and `,"mates":[…]` (lists of
    /// plain strings) before the brace or not, in that order, read by its
    /// fixed parts without looking its keys up; `None` for anything else
    /// (the caller reads it the general way from where it began).
    #[inline(always)]
    fn canonical_move(&mut self) -> Option<PlainMove> {
        const PLAYER: &[u8; 11] = b"{\"player\":\"";
        const MV: &[u8; 8] = b"\",\"mv\":\"";
        const WRITTEN: &[u8; 12] = b",\"written\":\"";
        const CHECKS: &[u8; 10] = b",\"checks\":";
        const MATES: &[u8; 9] = b",\"mates\":";
        // Slices of what is left, each step on from the last: a move is
        // read in one pass without a bounds check a byte. Places are
        // counted back from the line's end.
        let end = self.bytes.len();
        let rest = after(self.bytes.get(self.at..)?, PLAYER)?;
        let player = (end - rest.len(), plain_string_end(rest)?);
        let player_key = name_key(rest, player.1);
        let rest = after(rest.get(player.1..)?, MV)?;
        let mv = (end - rest.len(), plain_string_end(rest)?);
        let mut rest = after(rest.get(mv.1..)?, b"\"")?;
        let (mut written, mut checks, mut mates) = (None, 0..0, 0..0);
        // Most moves end here; the others have some of these, in order.
        if rest.first() != Some(&b'}') {
            if let Some(value) = after(rest, WRITTEN) {
                let len = plain_string_end(value)?;
                let at = end - value.len();
                written = WHOLE.then_some(at..at + len);
                rest = after(value.get(len..)?, b"\"")?;
            }
            if let Some(list) = after(rest, CHECKS) {
                rest = plain_list(list)?;
                if WHOLE {
                    checks = end - list.len()..end - rest.len();
                }
            }
            if let Some(list) = after(rest, MATES) {
                rest = plain_list(list)?;
                if WHOLE {
                    mates = end - list.len()..end - rest.len();
                }
            }
        }
        let rest = after(rest, b"}")?;
        self.at = end - rest.len();
        Some(PlainMove {
            player: player.0..player.0 + player.1,
            player_key,
            mv: mv.0..mv.0 + mv.1,
            written,
            checks,
            mates,
        })
    }

    /// A glyph number: digits without a leading zero, at most 65535.
    fn nag(&mut self) -> Option<()> {
        self.space();
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let digits = &self.text[start..self.at];
        if digits.len() > 1 && digits.starts_with('0') {
            return None;
        }
        digits.parse::<u16>().ok().map(|_| ())
    }

    /// One move: an object of known fields, each once, `mv` among them;
    /// `None` for anything the plain replay must not pass over.
    /// (Inline: the direct check replays each move as it is read, and the
    /// fields it does not use are then never made.)
    #[inline(always)]
    fn plain_move(&mut self) -> Option<PlainMove> {
        let start = self.at;
        if let Some(canonical) = self.canonical_move() {
            return Some(canonical);
        }
        self.at = start;
        self.any_move()
    }

    /// A move as [`Scanner::plain_move`] reads it, its fields in any
    /// order and layout.
    #[inline(never)]
    fn any_move(&mut self) -> Option<PlainMove> {
        self.expect_byte(b'{')?;
        let (mut player, mut mv, mut written) = (0..0, None, None);
        let (mut checks, mut mates) = (0..0, 0..0);
        let mut seen = [false; 10];
        loop {
            self.expect_byte(b'"')?;
            let (field, len) = Field::at_key(&self.bytes[self.at..])?;
            self.at += len;
            if std::mem::replace(&mut seen[field as usize], true) {
                return None;
            }
            self.expect_byte(b':')?;
            match field {
                Field::Player => player = self.plain_string_at()?,
                Field::Mv => mv = Some(self.plain_string_at()?),
                Field::Written => {
                    let value = self.plain_string_at()?;
                    written = WHOLE.then_some(value);
                }
                Field::Checks | Field::Mates => {
                    self.space();
                    let start = self.at;
                    self.list(|s| s.plain_string().map(|_| ()))?;
                    if WHOLE {
                        let list = start..self.at;
                        if field == Field::Checks {
                            checks = list;
                        } else {
                            mates = list;
                        }
                    }
                }
                Field::Before => {
                    self.whole = false;
                    self.list(|s| s.plain_string().map(|_| ()))?;
                }
                Field::Nags => {
                    self.whole = false;
                    self.list(Self::nag)?;
                }
                Field::Comments => {
                    self.whole = false;
                    self.list(|s| (!s.comment()?).then_some(()))?;
                }
                // Only what a plain move says: not inferred, no variation.
                Field::Inferred => self.literal(b"false")?,
                Field::Variations => self.list(|_| None)?,
            }
            match self.next_byte()? {
                b',' => {}
                b'}' => break,
                _ => return None,
            }
        }
        Some(PlainMove {
            player,
            player_key: 0,
            mv: mv?,
            written,
            checks,
            mates,
        })
    }

    /// The literal `word` after white space.
    fn literal(&mut self, word: &[u8]) -> Option<()> {
        self.space();
        if !self.bytes[self.at..].starts_with(word) {
            return None;
        }
        self.at += word.len();
        Some(())
    }

    /// Steps over any JSON value after white space, finding its end only:
    /// serde reads it later and refuses what is not JSON. Brackets are
    /// matched on a stack of at most 64; a number or literal is a run of
    /// the characters they are made of.
    fn skip_value(&mut self) -> Option<()> {
        self.space();
        match *self.bytes.get(self.at)? {
            b'"' => self.skip_string(),
            b'[' | b'{' => {
                let (mut open, mut depth) = (0u64, 0u32);
                loop {
                    let b = *self.bytes.get(self.at)?;
                    match b {
                        b'"' => self.skip_string()?,
                        b'[' | b'{' => {
                            if depth == 64 {
                                return None;
                            }
                            open = (open << 1) | u64::from(b == b'{');
                            depth += 1;
                            self.at += 1;
                        }
                        b']' | b'}' => {
                            if (open & 1 == 1) != (b == b'}') {
                                return None;
                            }
                            open >>= 1;
                            depth -= 1;
                            self.at += 1;
                            if depth == 0 {
                                return Some(());
                            }
                        }
                        _ => self.at += 1,
                    }
                }
            }
            _ => {
                let start = self.at;
                while self
                    .bytes
                    .get(self.at)
                    .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
                {
                    self.at += 1;
                }
                (self.at > start).then_some(())
            }
        }
    }

    /// Steps over a string, escapes included.
    fn skip_string(&mut self) -> Option<()> {
        self.at += 1;
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    return Some(());
                }
                b'\\' => self.at += 2,
                _ => self.at += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The word-at-a-time search finds the first ending byte the table
    /// names, at every length and offset, among bytes drawn mostly from
    /// those near the endings (control bytes, quote, backslash, bytes with
    /// the high bit set) so that the borrows between bytes are tried.
    #[test]
    fn a_plain_string_ends_where_the_byte_table_says() {
        const NEAR: [u8; 12] = [
            0, 0x1f, 0x20, 0x21, b'"', b'#', b'\\', b']', 0x7f, 0x80, 0xa2, 0xff,
        ];
        let mut rng = Rng::new(22);
        for _ in 0..20_000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = (0..len)
                .map(|_| match rng.below(4) {
                    0 => NEAR[rng.below(NEAR.len())],
                    1 => rng.below(256) as u8,
                    _ => b'a' + rng.below(26) as u8,
                })
                .collect();
            for from in 0..bytes.len().min(9) {
                let slice = &bytes[from..];
                let by_table = slice
                    .iter()
                    .position(|&b| ENDS_PLAIN_STRING[usize::from(b)]);
                assert_eq!(plain_string_end(slice), by_table, "{slice:?}");
            }
        }
    }

    /// The lead made without serde is the one serde reads, for plain and
    /// other values alike.
    #[test]
    fn a_lead_reads_as_serde_reads_it() {
        let leads = [
            (Some(r#""chess""#), None, None, None),
            (
                Some(r#""verney""#),
                None,
                None,
                Some(r#""8/8/8/8/8/8/8/8 w - - 0 1""#),
            ),
            (Some(r#""che\u0073s""#), None, None, None),
            (Some(r#""chess""#), None, None, Some(r#""a\"b""#)),
            (Some(r#""chess""#), None, None, Some("null")),
            (
                Some(r#""chess""#),
                Some(r#"{"drawn-ending":"apply"}"#),
                None,
                None,
            ),
            (Some(r#""chess""#), None, Some(r#""descriptive""#), None),
            (Some(r#""ch	ess""#), None, None, None),
            (Some("1"), None, None, None),
            (None, None, None, None),
        ];
        for (variant, options, notation, start) in leads {
            let lead = Lead {
                variant,
                options,
                notation,
                start,
            };
            let by_serde = lead
                .as_json()
                .and_then(|json| serde_json::from_str::<Record>(&json).ok());
            assert_eq!(lead.record(), by_serde, "{variant:?} {start:?}");
        }
    }

    /// Two names have the same key exactly when they are the same name,
    /// whatever follows them; a name of 8 bytes or more has none.
    #[test]
    fn names_have_the_same_key_exactly_when_they_are_the_same() {
        let mut rng = Rng::new(15);
        let letters = b"ab\"\0\xff";
        let mut named = Vec::new();
        for _ in 0..2_000 {
            let len = rng.below(10);
            let bytes: Vec<u8> = (0..len + 8)
                .map(|_| letters[rng.below(letters.len())])
                .collect();
            named.push((name_key(&bytes, len), bytes[..len].to_vec()));
        }
        for (key, name) in &named {
            assert_eq!(*key == 0, name.is_empty() || name.len() >= 8, "{name:?}");
        }
        for (a, b) in named.iter().zip(named.iter().skip(1)) {
            if a.0 != 0 && b.0 != 0 {
                assert_eq!(a.0 == b.0, a.1 == b.1, "{:?} {:?}", a.1, b.1);
            }
        }
        assert_eq!(name_key(b"White", 5), 0, "fewer than 8 bytes to read");
    }

    /// When the scanner takes `line`, the full reader must read it exactly
    /// when serde reads the header, with the same moves' players and
    /// moves, none of them more than a plain move. Returns whether the
    /// line was taken and read.
    fn agrees(line: &str) -> bool {
        let Some(scanned) = scan(line) else {
            return false;
        };
        // The scanner checks the moves; serde the rest, on the header:
        // the header reads exactly when the whole line does.
        let header = serde_json::from_str::<crate::Record>(&scanned.header);
        let record = crate::input::json_line(line.as_bytes(), 1);
        assert_eq!(
            header.is_ok(),
            record.is_ok(),
            "{line}\n{:?}",
            record.as_ref().err()
        );
        let Ok(record) = record else {
            return false;
        };
        let read: Vec<(&str, &str)> = record
            .moves
            .iter()
            .map(|m| (m.player.as_str(), m.mv.as_str()))
            .collect();
        let text = |at: &Range<usize>| line.get(at.clone()).unwrap_or("?");
        let taken: Vec<(&str, &str)> = scanned
            .moves
            .iter()
            .map(|m| (text(&m.player), text(&m.mv)))
            .collect();
        assert_eq!(taken, read, "{line}");
        for m in &record.moves {
            assert!(
                !m.inferred && m.dice.is_none() && m.variations.is_empty(),
                "{line}"
            );
            assert!(m.comments.iter().all(|c| command_at(c).is_none()), "{line}");
        }
        true
    }

    #[test]
    fn plain_lines_read_as_the_reader_reads_them() {
        let taken = [
            r#"{"format":2,"variant":"chess","moves":[]}"#,
            r#" { "format" : 2 , "variant" : "chess" , "moves" : [ { "mv" : "e4" } , {"player":"Black","mv":"e5","nags":[1,0],"comments":["a \"b\" \\ c"]} ] } "#,
            r#"{"variant":"chess","tags":[{"key":"Event","value":"x \u00e9 ] }"}],"moves":[{"mv":"e4","written":"e4","checks":[],"inferred":false,"variations":[]}],"format":2,"result":{"score":"*"}}"#,
        ];
        for line in taken {
            assert!(agrees(line), "{line}");
        }
        let declined = [
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","inferred":true}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","dice":[1,2]}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","variations":[[{"mv":"d4"}]]}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","comments":["[%bonus Q]"]}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","comments":["\u005b%bonus Q]"]}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e\u0034"}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","mv":"e5"}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"player":"White"}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","odd":1}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","nags":[01]}]}"#,
            r#"{"format":2,"variant":"chess","moves":[{"mv":"e4","nags":[70000]}]}"#,
            r#"{"format":2,"variant":"chess","moves":[],"moves":[]}"#,
            r#"{"format":2,"variant":"chess","moves":[]} x"#,
            r#"{"format":2,"variant":"chess","tags":[1}],"moves":[]}"#,
            r#"{"format":2,"variant":"chess"}"#,
            "",
        ];
        for line in declined {
            assert!(scan(line).is_none(), "{line}");
        }
    }

    /// Lines of real games, and mutations of them: whatever the scanner
    /// takes, the reader reads alike.
    #[test]
    fn the_scanner_agrees_with_the_reader_on_real_and_broken_lines() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut lines = Vec::new();
        for dir in ["records", "tests/data/pgn", "tests/data/chesscom"] {
            for entry in std::fs::read_dir(root.join(dir))
                .into_iter()
                .flatten()
                .flatten()
            {
                let Ok(bytes) = std::fs::read(entry.path()) else {
                    continue;
                };
                let text = crate::render::diagnostic::decode(&bytes);
                for record in crate::read_str(&text).into_iter().flatten() {
                    lines.extend(serde_json::to_string(&record).ok());
                }
            }
        }
        let pieces = [
            "\"",
            "\\",
            "\\u0041",
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            " ",
            "1",
            "null",
            "true",
            "\"mv\":\"e4\",",
            "\"x\":1,",
            "\"nags\":[3],",
            "\"comments\":[\"[%bonus R]\"],",
            "\"inferred\":true,",
            "\u{e9}",
            "\n",
            "\"moves\":[],",
        ];
        let mut rng = Rng::new(5);
        let (mut taken, mut tried) = (0, 0);
        for line in &lines {
            taken += usize::from(agrees(line));
            tried += 1;
            for _ in 0..30 {
                let mut broken = line.clone();
                for _ in 0..1 + rng.below(2) {
                    let mut at = rng.below(broken.len() + 1);
                    while !broken.is_char_boundary(at) {
                        at -= 1;
                    }
                    if rng.below(3) == 0 && at < broken.len() {
                        broken.remove(at);
                    } else {
                        broken.insert_str(at, pieces[rng.below(pieces.len())]);
                    }
                }
                taken += usize::from(agrees(&broken));
                tried += 1;
            }
        }
        assert!(
            tried > 1000 && taken * 5 > tried,
            "{taken} of {tried} taken"
        );
    }
}
