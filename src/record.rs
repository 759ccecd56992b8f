//! The multi-player game record: the one model every reader produces, the
//! replay takes and every writer writes from; read and written as JSON (one
//! document, or one record per line for corpora).
//!
//! A record read from a notation keeps its moves as the source wrote them
//! (`mv`, in the [`MoveNotation`] the record names); a record that
//! roundtable writes after a replay holds every move resolved to long
//! algebraic, with the source's text in `written`. Where each move stood in
//! the source is kept beside it ([`Origin`]) for error messages, but is not
//! part of the game: it is neither serialised nor compared.
//!
//! The record is versioned by [`FORMAT`]; a document whose `format` is any
//! other value is refused with an error that points at the value.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};

/// The short texts of a move (its player, its move, as written), kept
/// inline up to 24 bytes: reading a move allocates nothing for them.
pub use compact_str::CompactString;

/// The version of the record format this code reads and writes.
pub const FORMAT: u32 = 2;

/// The oldest record format this code still reads (format 1 has no NAGs
/// and no comments before a move; everything else is the same).
pub const OLDEST_FORMAT: u32 = 1;

/// One game: variant, tags, start position, moves and result.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
#[schemars(title = "roundtable record")]
pub struct Record {
    /// Version of the record format; always 1.
    #[serde(deserialize_with = "format_version")]
    #[schemars(extend("enum" = [1, 2]))]
    pub format: u32,
    /// The variant: "chess", "verney", "double-skak", "double-king", "skock",
    /// "quattro", "triple" or "team".
    pub variant: String,
    /// Rule options of the variant, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
    /// Tag pairs in source order (Event, Site, Date, the players by colour,
    /// Source, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    /// Comments on the game before its first move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// How the moves' `mv` texts are written; absent means algebraic.
    #[serde(default, skip_serializing_if = "MoveNotation::is_algebraic")]
    pub notation: MoveNotation,
    /// The start position as text (FEN, FEN4-like); absent means the
    /// variant's own setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The moves in the order they were played.
    #[serde(deserialize_with = "moves_with_room")]
    pub moves: Vec<RecordMove>,
    /// The result, if the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// PGN escape lines (`%...`) that came with the game, without their
    /// `%`: another program's private data, kept and written back as found.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub escapes: Vec<String>,
    /// What the reader tolerated but a user should hear of (a `Result` tag
    /// that disagrees with the movetext's). Not part of the game: never
    /// serialised, and ignored when records are compared.
    #[serde(skip)]
    #[schemars(skip)]
    pub warnings: Warnings,
}

/// A reader's warnings on one record, each with where it points. Any two
/// lists compare equal, like [`Origin`]s.
#[derive(Debug, Clone, Default)]
pub struct Warnings(pub Vec<Warning>);

impl PartialEq for Warnings {
    fn eq(&self, _other: &Warnings) -> bool {
        true
    }
}

/// One warning: what was odd, and where in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Where the source shows it, when known.
    pub span: Option<Span>,
    /// What is odd and what was done about it.
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.span {
            Some(s) => write!(f, "{}:{}: {}", s.line, s.column, self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// One tag pair.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Tag {
    /// The tag's name, e.g. "Event".
    pub key: String,
    /// The tag's value.
    pub value: String,
}

/// How the moves of a record are written.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum MoveNotation {
    /// Long or short algebraic (`e2-e4`, `Nf3`, `Bi1xa9`, `O-O`), `--` for
    /// a pass, `?` for a move the record does not give.
    #[default]
    Algebraic,
    /// A round table's cells: English descriptive (`K. Kt. to B. 3.`), or
    /// algebraic, `Any move.`, a dash for a pass.
    Descriptive,
}

impl MoveNotation {
    fn is_algebraic(&self) -> bool {
        *self == MoveNotation::Algebraic
    }
}

/// A place in the source: 1-based line, 1-based column in characters, and
/// length in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// The length in characters.
    pub len: usize,
}

/// Where a move stood in the source it was read from. Not part of the game:
/// never serialised, and any two origins compare equal, so that records
/// read from different notations compare by their content alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct Origin {
    /// The round (move number) the source gives the move.
    pub round: Option<usize>,
    /// The move's text in the source.
    pub span: Option<Span>,
}

impl PartialEq for Origin {
    fn eq(&self, _other: &Origin) -> bool {
        true
    }
}

/// One move (one player's turn) with its annotations.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct RecordMove {
    /// The moving player's name in the variant ("White", "Yellow", ...);
    /// empty (absent in JSON) when the source gives moves in turn order
    /// without naming players: the move is then the turn's player's.
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    #[schemars(with = "String")]
    pub player: CompactString,
    /// The move: in records roundtable writes, resolved long algebraic
    /// ("e2-e4", "Bi1xa9", "e7-e8=Q", "O-O"); in records read from another
    /// notation, the text as written there (see [`Record::notation`]).
    /// "--" is a pass, "?" a move the record does not give.
    #[schemars(with = "String")]
    pub mv: CompactString,
    /// The move's text as the source wrote it, when it differs from `mv`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub written: Option<CompactString>,
    /// Players whose king this move checks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<String>,
    /// Players mated as a result of this move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mates: Vec<String>,
    /// True when the source did not say which move was made and the move was
    /// chosen by search.
    #[serde(default, skip_serializing_if = "is_false")]
    pub inferred: bool,
    /// The dice thrown for this turn, where the variant has dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<[u8; 2]>,
    /// Comments before this move, where nothing precedes it in its line (the
    /// start of a variation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<String>,
    /// Numeric annotation glyphs after the move (`$1`, or `!` read as 1:
    /// `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u16>,
    /// Comments attached after this move, as written (embedded commands such
    /// as `[%clk 0:03:00]` kept in them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Alternative lines, each starting in place of this move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<RecordMove>>,
    /// Where the move stood in its source (not serialised).
    #[serde(skip)]
    #[schemars(skip)]
    pub origin: Origin,
}

impl RecordMove {
    /// A move of `player` (empty: whoever's turn it is) written `mv`.
    pub fn new(player: impl Into<CompactString>, mv: impl Into<CompactString>) -> RecordMove {
        RecordMove {
            player: player.into(),
            mv: mv.into(),
            ..RecordMove::default()
        }
    }
}

impl Record {
    /// The record without its variations (comments and NAGs stay): the
    /// main line alone.
    pub fn mainline(mut self) -> Record {
        for mv in &mut self.moves {
            mv.variations.clear();
        }
        self
    }

    /// An empty record of `variant` from its own setup.
    pub fn new(variant: impl Into<String>) -> Record {
        Record {
            format: FORMAT,
            variant: variant.into(),
            options: BTreeMap::new(),
            tags: Vec::new(),
            comments: Vec::new(),
            notation: MoveNotation::Algebraic,
            start: None,
            moves: Vec::new(),
            result: None,
            escapes: Vec::new(),
            warnings: Warnings::default(),
        }
    }

    /// The value of the first tag called `key` (case-insensitive).
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.key.eq_ignore_ascii_case(key))
            .map(|t| t.value.as_str())
    }
}

/// The result of a game.
#[derive(Serialize, Deserialize, JsonSchema, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// "1-0", "0-1", "1/2-1/2", "*", or the winners of a multi-player game,
    /// e.g. "Yellow+White".
    pub score: String,
    /// Why the game ended (mate, resignation, time, agreement, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

pub(crate) fn format_version<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    if (OLDEST_FORMAT..=FORMAT).contains(&v) {
        Ok(FORMAT)
    } else {
        Err(serde::de::Error::custom(format!(
            "unsupported record format {v} (this version reads formats {OLDEST_FORMAT} to {FORMAT})"
        )))
    }
}

/// An error reading a record.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The JSON is malformed, does not fit the record, or has another format
    /// version. `line` counts from 1 in the whole input (for JSON Lines: the
    /// file's line); `column` counts from 1.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// The line, from 1, in the whole input.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What is wrong, as serde_json says it (without its own position).
        message: String,
    },
    /// Reading the input failed at `line`.
    #[error("line {line}: {source}")]
    Io {
        /// The line being read when the input failed, from 1.
        line: usize,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
}

impl RecordError {
    /// The 1-based line the error is on.
    pub fn line(&self) -> usize {
        match self {
            RecordError::Json { line, .. } | RecordError::Io { line, .. } => *line,
        }
    }

    fn from_serde(e: &serde_json::Error, line_offset: usize) -> RecordError {
        let line = e.line();
        let full = e.to_string();
        let suffix = format!(" at line {line} column {}", e.column());
        let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
        // serde_json says column 0 right after a line break.
        let column = e.column().max(1);
        RecordError::Json {
            line: line + line_offset,
            column,
            message,
        }
    }
}

/// The record as pretty-printed JSON (no trailing newline).
pub fn to_json(record: &Record) -> String {
    // Serialising a record cannot fail: every map key is a string.
    serde_json::to_string_pretty(record).unwrap_or_default()
}

/// Reads one record from a JSON document.
pub fn from_json(text: &str) -> Result<Record, RecordError> {
    let mut record: Record =
        serde_json::from_str(text).map_err(|e| RecordError::from_serde(&e, 0))?;
    locate_moves(&mut record, text, 1);
    Ok(record)
}

/// Gives each move of a record read from JSON `text` (whose first line is
/// line `first_line` of its file) the place of its `mv` value, so that a
/// move that does not replay is named by line and column like a PGN move.
/// The `"mv"` keys are met in the text in the order the moves are visited
/// (each move, then its variations); a value that is not the move's text
/// (keys in another order, an escaped string) leaves that move unplaced
/// and the rest are still matched in order.
fn locate_moves(record: &mut Record, text: &str, first_line: usize) {
    let mut places = MvPlaces::new(text, first_line);
    fn visit(moves: &mut [RecordMove], places: &mut MvPlaces) {
        for m in moves {
            if let Some((span, value)) = places.next_mv()
                && value == m.mv
            {
                m.origin.span = Some(span);
            }
            for line in &mut m.variations {
                visit(line, places);
            }
        }
    }
    visit(&mut record.moves, &mut places);
}

/// The place [`locate_moves`] gives the last of `moves` (the `mv` texts of
/// a main line without variations) in the JSON `text`.
pub(crate) fn last_move_place<'m>(
    text: &str,
    first_line: usize,
    moves: impl Iterator<Item = &'m str>,
) -> Option<Span> {
    let mut places = MvPlaces::new(text, first_line);
    let mut last = None;
    for mv in moves {
        last = match places.next_mv() {
            Some((span, value)) if value == mv => Some(span),
            _ => None,
        };
    }
    last
}

/// The `"mv"` values of a JSON text, in order, with their places.
struct MvPlaces<'t> {
    text: &'t str,
    /// The searcher for `"mv"`, made once per text.
    key: memchr::memmem::Finder<'static>,
    /// Where the search goes on (a byte offset).
    at: usize,
    /// The line being counted, from 1.
    line: usize,
    /// The byte offset up to which that line's characters are counted.
    counted: usize,
    /// The characters from the line's start to `counted`.
    chars: usize,
}

impl<'t> MvPlaces<'t> {
    fn new(text: &'t str, first_line: usize) -> MvPlaces<'t> {
        MvPlaces {
            text,
            key: memchr::memmem::Finder::new(b"\"mv\""),
            at: 0,
            line: first_line,
            counted: 0,
            chars: 0,
        }
    }

    /// The next `"mv"` key's string value (raw, between its quotes) and its
    /// place. A `"mv"` whose quote follows a backslash is inside a string.
    fn next_mv(&mut self) -> Option<(Span, &str)> {
        loop {
            let key = self.at + self.key.find(self.text.as_bytes().get(self.at..)?)?;
            self.at = key + 4;
            if key > 0 && self.text.as_bytes()[key - 1] == b'\\' {
                continue;
            }
            // A `"mv"` that is no key with a string value (a string
            // `"mv"`, a player or a tag's value) is passed over.
            let Some(value) = self.text[self.at..]
                .trim_start()
                .strip_prefix(':')
                .and_then(|rest| rest.trim_start().strip_prefix('"'))
            else {
                continue;
            };
            let start = self.text.len() - value.len();
            let end = start + memchr::memchr(b'"', value.as_bytes())?;
            self.at = end;
            // Lines and columns are counted on from the last place, so that
            // a long line is walked once.
            let between = &self.text.as_bytes()[self.counted..start];
            if let Some(last) = memchr::memrchr(b'\n', between) {
                self.line += memchr::memchr_iter(b'\n', between).count();
                self.counted += last + 1;
                self.chars = 0;
            }
            let run = &self.text[self.counted..start];
            self.chars += if run.is_ascii() {
                run.len()
            } else {
                run.chars().count()
            };
            self.counted = start;
            let raw = &self.text[start..end];
            let span = Span {
                line: self.line,
                column: self.chars + 1,
                len: raw.chars().count().max(1),
            };
            return Some((span, raw));
        }
    }
}

thread_local! {
    /// Room for the moves of the record [`from_json_line`] is reading,
    /// taken by [`moves_with_room`]: made once at the size the line
    /// shows, the list is not grown move by move (each growth moves every
    /// 272-byte move read so far).
    static MOVES_EXPECTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The most moves [`from_json_line`] makes room for at once: a longer game
/// grows its list as it is read, so that a huge line reserves nothing
/// before it is read.
const MOVES_RESERVED_AT_MOST: usize = 4096;

/// Reads a record's moves into a list with the room [`MOVES_EXPECTED`]
/// holds (nothing, outside [`with_room_for_moves`]).
pub(crate) fn moves_with_room<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let room = MOVES_EXPECTED.take().min(MOVES_RESERVED_AT_MOST);
    fold_list(d, Vec::with_capacity(room), Vec::push)
}

/// Runs `read` (which reads the record on the JSON line `bytes`) with
/// room made for its moves: every move has an `"mv"` key, and their count
/// (variations' moves and keys inside strings included, so at least
/// enough) sizes the list.
pub(crate) fn with_room_for_moves<T>(bytes: &[u8], read: impl FnOnce() -> T) -> T {
    MOVES_EXPECTED.set(memchr::memmem::find_iter(bytes, b"\"mv\"").count());
    let read = read();
    // A line whose moves were never reached leaves its room unused.
    MOVES_EXPECTED.set(0);
    read
}

/// Reads a JSON list item by item as `T`, each folded into `acc` by
/// `fold` as it is read (nothing else is kept).
pub(crate) fn fold_list<'de, D: Deserializer<'de>, T: Deserialize<'de>, A>(
    d: D,
    acc: A,
    fold: fn(&mut A, T),
) -> Result<A, D::Error> {
    struct Items<T, A> {
        acc: A,
        fold: fn(&mut A, T),
    }
    impl<'de, T: Deserialize<'de>, A> serde::de::Visitor<'de> for Items<T, A> {
        type Value = A;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a sequence")
        }
        fn visit_seq<S: serde::de::SeqAccess<'de>>(self, mut seq: S) -> Result<A, S::Error> {
            let Items { mut acc, fold } = self;
            while let Some(item) = seq.next_element()? {
                fold(&mut acc, item);
            }
            Ok(acc)
        }
    }
    d.deserialize_seq(Items { acc, fold })
}

/// Reads the record on line `line` (from 1) of a JSON Lines stream: errors
/// name that line.
pub fn from_json_line(bytes: &[u8], line: usize) -> Result<Record, RecordError> {
    if let Ok(text) = std::str::from_utf8(bytes)
        && let Some(record) = plain_record(text, line)
    {
        return Ok(record);
    }
    record_by_serde(bytes, line)
}

/// The record on a JSON line read by serde, whatever it holds, with its
/// moves placed by `locate_moves`.
fn record_by_serde(bytes: &[u8], line: usize) -> Result<Record, RecordError> {
    // One UTF-8 check of the whole line is faster than serde_json's check
    // of each string; a line that is not UTF-8 gets serde_json's error.
    let error = |e: serde_json::Error| RecordError::from_serde(&e, line.saturating_sub(1));
    let record = with_room_for_moves(bytes, || match std::str::from_utf8(bytes) {
        Ok(text) => serde_json::from_str(text).map(|mut record: Record| {
            locate_moves(&mut record, text, line);
            record
        }),
        Err(_) => serde_json::from_slice(bytes),
    });
    record.map_err(error)
}

/// The record on the JSON line `text` (line `line`) when its moves are
/// plain (a player, a move, the move as written, checks and mates, nothing
/// more: what roundtable writes for a game without comments or
/// variations), read by
/// the byte scanner of [`crate::plain_json`] with each move made straight
/// from its slices and placed where it stands, the rest of the record by
/// serde: the record, places included, that the full reading gives, at a
/// fraction of the cost. `None` for anything else, which serde reads
/// whole (and words the errors of).
fn plain_record(text: &str, line: usize) -> Option<Record> {
    use crate::plain_json::{list_items, scan_whole};
    let scanned = scan_whole(text)?;
    // The places below are those `locate_moves` finds when the line is one
    // line and no `"mv"` stands outside its moves.
    if !scanned.whole
        || memchr::memchr(b'\n', text.trim_end().as_bytes()).is_some()
        || memchr::memmem::find(scanned.header.as_bytes(), b"\"mv\"").is_some()
    {
        return None;
    }
    let mut record: Record = serde_json::from_str(&scanned.header).ok()?;
    // Columns count characters: bytes, on an ASCII line.
    let ascii = text.is_ascii();
    let (mut counted, mut chars) = (0, 0);
    // The places are those the scanner found, at ASCII bytes of the line:
    // each slice is there (an empty text would not be).
    let slice = |at: &std::ops::Range<usize>| text.get(at.clone()).unwrap_or_default();
    let list = |at: &std::ops::Range<usize>| -> Vec<String> {
        if at.is_empty() {
            Vec::new()
        } else {
            list_items(slice(at)).map(String::from).collect()
        }
    };
    record.moves = scanned
        .moves
        .iter()
        .map(|m| {
            let at = m.mv.start;
            let column = if ascii {
                at
            } else {
                chars += text.get(counted..at).map_or(0, |run| run.chars().count());
                counted = at;
                chars
            };
            let mv = slice(&m.mv);
            let span = Span {
                line,
                column: column + 1,
                len: mv.chars().count().max(1),
            };
            RecordMove {
                player: slice(&m.player).into(),
                mv: mv.into(),
                written: m.written.as_ref().map(|at| slice(at).into()),
                checks: list(&m.checks),
                mates: list(&m.mates),
                origin: Origin {
                    round: None,
                    span: Some(span),
                },
                ..RecordMove::default()
            }
        })
        .collect();
    Some(record)
}

/// Writes the record as one line of JSON Lines (compact JSON and `\n`).
pub fn write_jsonl<W: Write>(out: &mut W, record: &Record) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.write_all(b"\n")
}

/// Reads JSON Lines one record at a time: one item per non-blank line, with
/// errors carrying the input's line number. A malformed line yields an error
/// and reading goes on with the next line; an I/O error ends the iteration.
pub struct JsonLinesReader<R> {
    input: R,
    line: usize,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> JsonLinesReader<R> {
    /// A reader of the JSON Lines in `input`; nothing is read until the first
    /// record is asked for.
    pub fn new(input: R) -> Self {
        JsonLinesReader {
            input,
            line: 0,
            buf: Vec::new(),
            done: false,
        }
    }

    /// The number of lines read so far.
    pub fn line(&self) -> usize {
        self.line
    }
}

impl<R: BufRead> Iterator for JsonLinesReader<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            match crate::split::read_line(&mut self.input, &mut self.buf) {
                Ok(false) => self.done = true,
                Ok(true) => {
                    self.line += 1;
                    let mut bytes = self.buf.as_slice();
                    if self.line == 1 {
                        bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
                    }
                    if crate::split::is_blank(bytes) {
                        continue;
                    }
                    return Some(from_json_line(bytes, self.line));
                }
                Err(source) => {
                    self.done = true;
                    return Some(Err(RecordError::Io {
                        line: self.line + 1,
                        source,
                    }));
                }
            }
        }
        None
    }
}

/// The JSON Schema of [`Record`], pretty-printed, with a final newline.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(Record);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        let mut options = BTreeMap::new();
        options.insert("array".to_string(), "4PC".to_string());
        Record {
            format: FORMAT,
            variant: "verney".to_string(),
            options,
            tags: vec![
                Tag {
                    key: "Event".to_string(),
                    value: "Casual \"game\"".to_string(),
                },
                Tag {
                    key: "Site".to_string(),
                    value: "London".to_string(),
                },
            ],
            comments: vec![],
            notation: MoveNotation::Algebraic,
            start: None,
            moves: vec![
                RecordMove {
                    player: "Yellow".into(),
                    mv: "h2-h3".into(),
                    written: Some("K. R. P. to K. R. 3".into()),
                    checks: vec![],
                    mates: vec![],
                    inferred: false,
                    dice: None,
                    before: vec![],
                    nags: vec![1, 14],
                    comments: vec!["opening".to_string()],
                    variations: vec![vec![RecordMove {
                        player: "Yellow".into(),
                        mv: "?".into(),
                        written: None,
                        checks: vec![],
                        mates: vec![],
                        inferred: true,
                        dice: Some([3, 3]),
                        before: vec![],
                        nags: vec![],
                        comments: vec![],
                        variations: vec![],
                        origin: Origin::default(),
                    }]],
                    origin: Origin::default(),
                },
                RecordMove {
                    player: "Red".into(),
                    mv: "Qa7xh14+".into(),
                    written: None,
                    checks: vec!["White".to_string()],
                    mates: vec!["Black".to_string()],
                    inferred: false,
                    dice: None,
                    before: vec!["a note".to_string()],
                    nags: vec![],
                    comments: vec![],
                    variations: vec![],
                    origin: Origin::default(),
                },
            ],
            result: Some(GameResult {
                score: "Yellow+White".to_string(),
                reason: Some("mate".to_string()),
            }),
            escapes: vec![" private data of another program".to_string()],
            warnings: Warnings::default(),
        }
    }

    #[test]
    fn json_round_trip() {
        let r = sample();
        let text = to_json(&r);
        assert_eq!(from_json(&text).ok(), Some(r));
    }

    #[test]
    fn minimal_record_omits_empty_fields() {
        let r = Record {
            format: FORMAT,
            variant: "chess".to_string(),
            options: BTreeMap::new(),
            tags: vec![],
            comments: vec![],
            notation: MoveNotation::Algebraic,
            start: None,
            moves: vec![],
            result: None,
            escapes: Vec::new(),
            warnings: Warnings::default(),
        };
        let text = to_json(&r);
        assert_eq!(
            text,
            "{\n  \"format\": 2,\n  \"variant\": \"chess\",\n  \"moves\": []\n}"
        );
        assert_eq!(from_json(&text).ok(), Some(r));
    }

    #[test]
    fn format_1_still_reads() {
        let text = "{\"format\":1,\"variant\":\"chess\",\"moves\":[{\"player\":\"White\",\"mv\":\"e2-e4\"}]}";
        let r = from_json(text).expect("format 1 reads");
        assert_eq!(r.format, FORMAT);
        assert_eq!(r.moves[0].mv, "e2-e4");
    }

    #[test]
    fn other_format_is_refused_with_position() {
        let text = "{\n  \"format\": 3,\n  \"variant\": \"chess\",\n  \"moves\": []\n}";
        match from_json(text) {
            Err(RecordError::Json {
                line,
                column,
                message,
            }) => {
                assert_eq!(line, 2);
                assert!(column > 0);
                assert!(message.contains("unsupported record format 3"), "{message}");
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn missing_format_and_unknown_fields_are_errors() {
        assert!(from_json(r#"{"variant":"chess","moves":[]}"#).is_err());
        assert!(from_json(r#"{"format":1,"variant":"chess","moves":[],"extra":1}"#).is_err());
    }

    #[test]
    fn syntax_error_has_line_and_column() {
        let err = from_json("{\n  \"format\": 1,\n  \"variant\": chess\n}");
        match err {
            Err(RecordError::Json { line, column, .. }) => {
                assert_eq!(line, 3);
                assert_eq!(column, 14);
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn json_lines_round_trip_with_line_numbers() {
        let mut out = Vec::new();
        let r = sample();
        assert!(write_jsonl(&mut out, &r).is_ok());
        out.extend_from_slice(b"\n   \r\n");
        out.extend_from_slice(b"{\"format\":1,\"variant\":\"chess\",\"moves\":[}\n");
        assert!(write_jsonl(&mut out, &r).is_ok());
        // Each record is exactly one line.
        assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 5);
        let items: Vec<_> = JsonLinesReader::new(out.as_slice()).collect();
        assert_eq!(items.len(), 3);
        assert_eq!(items[0].as_ref().ok(), Some(&r));
        match &items[1] {
            Err(e @ RecordError::Json { column, .. }) => {
                assert_eq!(e.line(), 4);
                assert_eq!(*column, 40);
            }
            other => panic!("unexpected {other:?}"),
        }
        assert_eq!(items[2].as_ref().ok(), Some(&r));
    }

    /// Every move's place, variations' included, in order.
    fn spans(moves: &[RecordMove], out: &mut Vec<Option<Span>>) {
        for m in moves {
            out.push(m.origin.span);
            for line in &m.variations {
                spans(line, out);
            }
        }
    }

    /// When the scanner's path takes `line`, serde's gives the same record
    /// with its moves in the same places. Returns whether it took it.
    fn plain_agrees(line: &str, context: &str) -> bool {
        let Some(plain) = plain_record(line, 7) else {
            return false;
        };
        let full = record_by_serde(line.as_bytes(), 7);
        assert_eq!(full.as_ref().ok(), Some(&plain), "{context}: {line}");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        spans(&plain.moves, &mut a);
        if let Ok(full) = &full {
            spans(&full.moves, &mut b);
        }
        assert_eq!(a, b, "{context}: the moves' places differ on {line}");
        true
    }

    /// The scanner's path reads what serde reads, moves' places included,
    /// on random games of every variant written as JSON Lines, on lines
    /// changed in the ways that matter to it (names not in ASCII, a
    /// player or move written `mv`, `"mv"` in a tag, white space, a key
    /// out of order, comments and glyphs that it leaves to serde), and on
    /// every JSON line of the data; it takes most plain lines.
    #[test]
    fn plain_lines_read_as_serde_reads_them() {
        let mut rng = crate::rng::Rng::new(41);
        let (mut lines, mut taken) = (0, 0);
        for v in crate::variant::all() {
            if v.support != crate::variant::Support::Playable || v.dice {
                continue;
            }
            for n in 0..6 {
                let game = crate::with_width!(v, B => crate::selfplay::game::<B>(v, &mut rng, 20 + 40 * n));
                let Ok(record) = game else { continue };
                let mut out = Vec::new();
                if write_jsonl(&mut out, &record).is_err() {
                    continue;
                }
                let line = String::from_utf8_lossy(&out).into_owned();
                lines += 1;
                if plain_agrees(&line, v.id) {
                    taken += 1;
                }
                let first = record.moves.first().map_or("", |m| m.player.as_str());
                let quoted = format!("\"player\":\"{first}\"");
                for changed in [
                    line.replace(&quoted, "\"player\":\"Wéiß ♔\""),
                    line.replacen(&quoted, "\"player\":\"mv\"", 1),
                    line.replacen("\"mv\":\"", "\"mv\":\"mv\",\"written\":\"", 1),
                    line.replacen("\"written\":\"", "\"written\":\"mv", 1),
                    line.replacen(
                        "\"moves\":",
                        "\"tags\":[{\"key\":\"mv\",\"value\":\"x\"}],\"moves\":",
                        1,
                    ),
                    line.replacen("\"moves\":", "\"options\":{\"mv\":\"x\"},\"moves\":", 1),
                    line.replace(",\"mv\":", " , \"mv\" : "),
                    line.replacen("{\"player\":", "{\"mv\":\"?\",\"player\":", 1),
                    line.replacen("{\"player\":", "{\"comments\":[\"a\"],\"player\":", 1),
                    line.replacen("{\"player\":", "{\"nags\":[3],\"player\":", 1),
                    line.replacen(
                        "{\"player\":",
                        "{\"checks\":[ \"a\" , \"é\"],\"mates\":[],\"player\":",
                        1,
                    ),
                    line.replacen("{\"player\":", "{\"mates\":[\"x\",\"\\\"\"],\"player\":", 1),
                    line.replacen(
                        "{\"player\":",
                        "{\"inferred\":false,\"variations\":[],\"player\":",
                        1,
                    ),
                    line.replacen("\"mv\":\"", "\"mv\":\"\\u0041", 1),
                    // Checks and mates after the move, as the writer puts
                    // them, and otherwise.
                    line.replacen("\"}", "\",\"checks\":[\"Black\",\"White\"]}", 2),
                    line.replacen("\"}", "\",\"checks\":[],\"mates\":[\"Red\"]}", 1),
                    line.replacen("\"}", "\",\"mates\":[\"Red\"],\"checks\":[\"Red\"]}", 1),
                    line.replacen("\"}", "\",\"checks\":[\"a\" ]}", 1),
                    line.replacen("\"}", "\",\"checks\":[\"a\\\"\"]}", 1),
                    line.replacen("\"}", "\",\"checks\":[\"a\",]}", 1),
                    line.replacen("\"}", "\",\"checks\":[\"a\"}", 1),
                    line.replacen("\"}", "\",\"mates\":[\"a\"],\"mates\":[]}", 1),
                    line.trim_end().to_string() + "\r\n",
                    line.replacen("\"moves\":[", "\"moves\":\n[", 1),
                ] {
                    plain_agrees(&changed, &format!("{} changed", v.id));
                }
            }
        }
        assert!(
            lines > 40 && taken == lines,
            "{taken} of {lines} lines taken"
        );
        let mut files = 0;
        for path in crate::data_files() {
            if path.extension().is_some_and(|e| e == "md") {
                continue;
            }
            // Each game of the file as a JSON line: records as read, with
            // their comments, glyphs and variations.
            let bytes = std::fs::read(&path).unwrap_or_default();
            let text = String::from_utf8_lossy(&bytes);
            for record in crate::input::games(&text, None).into_iter().flatten() {
                let mut out = Vec::new();
                if write_jsonl(&mut out, &record).is_ok() {
                    files += 1;
                    let line = String::from_utf8_lossy(&out);
                    if plain_agrees(&line, &path.display().to_string()) {
                        taken += 1;
                    }
                }
            }
        }
        assert!(
            files > 100 && taken > lines + 20,
            "{taken} of {files} data games taken"
        );
    }

    #[test]
    fn json_lines_crlf_and_bom() {
        let text = "\u{feff}{\"format\":1,\"variant\":\"chess\",\"moves\":[]}\r\n\r\n";
        let items: Vec<_> = JsonLinesReader::new(text.as_bytes()).collect();
        assert_eq!(items.len(), 1);
        assert!(items[0].is_ok());
    }

    #[test]
    fn json_lines_random_bytes_do_not_panic() {
        let mut x: u32 = 12345;
        let mut bytes = Vec::new();
        for _ in 0..5000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            bytes.push((x >> 16) as u8);
        }
        for item in JsonLinesReader::new(bytes.as_slice()) {
            assert!(item.is_err());
        }
    }

    #[test]
    fn schema_matches_committed_file() {
        let committed = include_str!("../record.schema.json");
        assert!(
            schema_json() == committed,
            "record.schema.json is out of date with the Record types; regenerate it with \
             `cargo test -- --ignored write_schema_file` and commit the result"
        );
    }

    /// Regenerates `record.schema.json` from the types.
    #[test]
    #[ignore]
    fn write_schema_file() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/record.schema.json");
        assert!(std::fs::write(path, schema_json()).is_ok());
    }
}
