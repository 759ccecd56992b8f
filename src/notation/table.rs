//! A whole round-table game file (Verney's layout) into rows of cells with
//! their positions in the source.
//!
//! ```text
//! [Event "Four-handed Chess, example game"]      tag pairs (optional)
//! Four-handed Chess.                             other lines before the header: ignored
//!         YELLOW.         RED.        ...        header: one column per player
//! <i>1st round</i>  K. P. to K. 3.    ...        rows: a round label, then one cell per player
//! ```
//!
//! Separators: a TAB (each TAB is one separator, so two TABs enclose an
//! empty cell), a run of two or more spaces, or `|` (a line holding a `|` is
//! split on `|` only; a leading and a trailing `|` are dropped, markdown
//! style). Blank lines, `%` and `#` comment lines and rule lines
//! (`|---|:--|`, `-----`) are ignored anywhere. CRLF and a leading BOM are
//! accepted. Columns are counted in characters, after the BOM.

use std::fmt;

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag, take_while, take_while1},
    character::complete::{anychar, char, digit1, none_of, satisfy, space0},
    combinator::{eof, opt, peek, recognize, value},
    multi::many0,
    sequence::{preceded, terminated},
};

use super::descriptive::{self, Cell, kw};

pub use crate::record::Span;

/// One cell of a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCell {
    /// The cell as written, trimmed ("Yel- low" kept as written).
    pub text: String,
    /// Where the cell's text stands in the file.
    pub span: Span,
    /// The cell read: a descriptive move, `Any move.`, a pass, an empty cell, or
    /// an algebraic move.
    pub cell: Cell,
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// The label as written without markup (`<i>`…`</i>` dropped), trimmed:
    /// `1st round`, `2nd "`, `1.`, or empty.
    pub label: String,
    /// 1-based, counted (not read from the label).
    pub number: usize,
    /// The row's text, from its first to its last non-blank character.
    pub span: Span,
    /// Exactly one per player; missing trailing cells are `Cell::Empty`
    /// with an empty text and a zero-length span at the end of the line.
    pub cells: Vec<TableCell>,
}

/// A tag pair `[Key "Value"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The tag's name (`Event`, `Variant`), as written.
    pub key: String,
    /// Unescaped (`\"` and `\\` read as `"` and `\`).
    pub value: String,
    /// Where the tag pair stands in the file.
    pub span: Span,
}

/// A whole file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundTable {
    /// The tag pairs before the header, in file order.
    pub tags: Vec<Tag>,
    /// The header's names as written, without one trailing period
    /// (`YELLOW.` gives `YELLOW`).
    pub players: Vec<String>,
    /// Where the header row stands in the file.
    pub header_span: Span,
    /// The rounds in file order, one per row.
    pub rounds: Vec<Round>,
    /// Where another table begins, when the text holds more than one: the
    /// byte offset of the first tag line after this table's rows (a tag
    /// line after the header begins the next table's tags).
    pub next: Option<usize>,
}

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    /// Covers `text`.
    pub span: Span,
    /// The offending text (may be empty when something is missing at the
    /// end of a cell or of the file).
    pub text: String,
    /// What would have fitted there, in words.
    pub expected: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: found `{}`, expected {}",
            self.span.line, self.span.column, self.text, self.expected
        )
    }
}

impl std::error::Error for TableError {}

const LABEL: &str =
    "a round label such as `1st round`, `2nd \"`, `1.` (or a separator before the first cell)";
const TAG: &str = "a tag pair such as `[Event \"Four-handed Chess\"]`";
const HEADER: &str = "a header row naming the players, such as `\tYELLOW.\tRED.\tWHITE.\tBLACK.`";
const PLAYER: &str = "a player's name";

type NResult<'a, O> = IResult<&'a str, O>;

/// A line of the source, without its line end.
#[derive(Clone, Copy)]
struct Line<'a> {
    number: usize,
    text: &'a str,
}

/// A trimmed field of a line, with its byte offset in the line.
#[derive(Clone, Copy)]
struct Field<'a> {
    text: &'a str,
    start: usize,
}

impl Line<'_> {
    fn column(&self, byte: usize) -> usize {
        self.text.get(..byte).map_or(0, |s| s.chars().count()) + 1
    }

    fn span(&self, byte: usize, text: &str) -> Span {
        Span {
            line: self.number,
            column: self.column(byte),
            len: text.chars().count(),
        }
    }

    fn field_span(&self, f: Field<'_>) -> Span {
        self.span(f.start, f.text)
    }

    /// The span of the line's text without surrounding blanks.
    fn content_span(&self) -> Span {
        let start = self.text.len() - self.text.trim_start().len();
        self.span(start, self.text.trim())
    }

    fn error(&self, byte: usize, text: &str, expected: &str) -> TableError {
        TableError {
            span: self.span(byte, text),
            text: text.to_owned(),
            expected: expected.to_owned(),
        }
    }

    fn field_error(&self, f: Field<'_>, expected: &str) -> TableError {
        self.error(f.start, f.text, expected)
    }
}

// ---------------------------------------------------------------------------
// Splitting a line into fields

/// A cell's text in a blank-separated line: non-blank runs joined by single
/// blanks other than TAB.
fn blank_cell(i: &str) -> NResult<'_, &str> {
    recognize(many0(alt((
        take_while1(|c: char| !c.is_whitespace()),
        recognize(terminated(
            satisfy(|c| c.is_whitespace() && c != '\t'),
            peek(satisfy(|c| !c.is_whitespace())),
        )),
    ))))
    .parse_complete(i)
}

fn blanks(i: &str) -> NResult<'_, &str> {
    take_while1(char::is_whitespace).parse_complete(i)
}

/// How many separators a run of blanks makes: one per TAB, else one if it
/// is at least two characters long.
fn separators(run: &str) -> usize {
    match run.chars().filter(|&c| c == '\t').count() {
        0 if run.chars().nth(1).is_some() => 1,
        tabs => tabs,
    }
}

fn split_blanks(line: &str) -> Vec<Field<'_>> {
    let mut fields = Vec::new();
    let mut rest = line;
    loop {
        let start = line.len() - rest.len();
        let (after, content) = blank_cell(rest).unwrap_or((rest, ""));
        let lead = content.len() - content.trim_start().len();
        fields.push(Field {
            text: content.trim(),
            start: start + lead,
        });
        let Ok((after_run, run)) = blanks(after) else {
            break;
        };
        let seps = separators(run);
        if seps == 0 && after_run.is_empty() {
            break;
        }
        let pos = line.len() - after_run.len();
        for _ in 1..seps {
            fields.push(Field {
                text: "",
                start: pos,
            });
        }
        rest = after_run;
    }
    fields
}

fn split_pipes(line: &str) -> Vec<Field<'_>> {
    let mut inner = line.trim();
    let mut offset = line.len() - line.trim_start().len();
    if let Some(s) = inner.strip_prefix('|') {
        inner = s;
        offset += 1;
    }
    if let Some(s) = inner.strip_suffix('|') {
        inner = s;
    }
    let mut fields = Vec::new();
    for part in inner.split('|') {
        let lead = part.len() - part.trim_start().len();
        fields.push(Field {
            text: part.trim(),
            start: offset + lead,
        });
        offset += part.len() + 1;
    }
    fields
}

/// The fields of a line, trailing empty ones dropped.
fn split_fields(line: &str) -> Vec<Field<'_>> {
    let mut fields = if line.contains('|') {
        split_pipes(line)
    } else {
        split_blanks(line)
    };
    while fields.len() > 1 && fields.last().is_some_and(|f| f.text.is_empty()) {
        fields.pop();
    }
    fields
}

/// A markdown rule (`|---|:---:|`) or a line of dashes (`--------`).
fn is_rule(line: &str) -> bool {
    let t = line.trim();
    if t.contains('|') {
        let fields = split_pipes(t);
        fields.iter().all(|f| {
            let core = f.text.trim_start_matches(':').trim_end_matches(':');
            !core.is_empty() && core.chars().all(|c| c == '-' || c == '=')
        })
    } else {
        t.chars()
            .all(|c| matches!(c, '-' | '=' | '+') || c.is_whitespace())
            && (t.contains("-----") || t.contains("====="))
    }
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('%') || t.starts_with('#')
}

// ---------------------------------------------------------------------------
// Tags, labels, header

fn tag_value(i: &str) -> NResult<'_, String> {
    let (rest, chars) =
        many0(alt((preceded(char('\\'), anychar), none_of("\"\\")))).parse_complete(i)?;
    Ok((rest, chars.into_iter().collect()))
}

fn tag_pair(i: &str) -> NResult<'_, (&str, String)> {
    let (i, _) = (space0, char('['), space0).parse_complete(i)?;
    // A tag's name as PGN reads it (see `pgn::is_tag_name`).
    let (i, key) = recognize((
        satisfy(super::pgn::begins_tag_name),
        take_while(super::pgn::in_tag_name),
    ))
    .parse_complete(i)?;
    let (i, _) = (space0, char('"')).parse_complete(i)?;
    let (i, value) = tag_value(i)?;
    let (i, _) = (char('"'), space0, char(']'), space0, eof).parse_complete(i)?;
    Ok((i, (key, value)))
}

fn html_tag(i: &str) -> NResult<'_, &str> {
    recognize((
        char('<'),
        opt(char('/')),
        satisfy(|c| c.is_ascii_alphabetic()),
        take_while(|c| c != '<' && c != '>'),
        char('>'),
    ))
    .parse_complete(i)
}

/// The label without `<i>`-style tags and `*`/`_` emphasis, trimmed.
fn strip_markup(label: &str) -> String {
    let piece = alt((value("", html_tag), take_while1(|c| c != '<'), tag("<")));
    let text: String = match many0(piece).parse_complete(label) {
        Ok((_, parts)) => parts.concat(),
        Err(_) => label.to_owned(),
    };
    text.trim()
        .trim_matches(|c| c == '*' || c == '_')
        .trim()
        .to_owned()
}

/// `"`, `”`, `''`, `do.` …: "the same as above".
fn ditto(i: &str) -> NResult<'_, &str> {
    alt((
        tag("\""),
        tag("\u{201d}"),
        tag("\u{201c}"),
        tag("''"),
        tag("\u{2033}"),
        tag("\u{3003}"),
        tag(",,"),
        kw("ditto"),
        kw("do"),
    ))
    .parse_complete(i)
}

fn ordinal_label(i: &str) -> NResult<'_, ()> {
    value(
        (),
        (
            digit1,
            opt(alt((kw("st"), kw("nd"), kw("rd"), kw("th"), kw("d")))),
            opt(char('.')),
            opt(preceded(
                space0,
                alt((kw("rounds"), kw("round"), kw("move"), ditto)),
            )),
            opt(alt((char('.'), char(':')))),
        ),
    )
    .parse_complete(i)
}

fn word_number_label(i: &str) -> NResult<'_, ()> {
    value(
        (),
        (
            alt((kw("round"), kw("move"))),
            space0,
            digit1,
            opt(alt((char('.'), char(':')))),
        ),
    )
    .parse_complete(i)
}

fn is_label(core: &str) -> bool {
    core.is_empty()
        || (alt((ordinal_label, word_number_label)), space0, eof)
            .parse_complete(core)
            .is_ok()
}

/// A header cell over the label column.
fn is_label_heading(text: &str) -> bool {
    let t = text.trim_end_matches('.');
    ["", "#", "no", "round", "rounds", "move", "moves", "turn"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(t))
}

fn player_name(text: &str) -> &str {
    text.strip_suffix('.').unwrap_or(text).trim_end()
}

// ---------------------------------------------------------------------------
// The file

struct Header {
    players: Vec<String>,
    span: Span,
}

fn read_header(line: Line<'_>, fields: &[Field<'_>]) -> Result<Header, TableError> {
    let names = match fields.split_first() {
        Some((first, rest)) if is_label_heading(first.text) => rest,
        _ => fields,
    };
    let mut players = Vec::new();
    for f in names {
        let name = player_name(f.text);
        if name.is_empty() {
            return Err(line.field_error(*f, PLAYER));
        }
        players.push(name.to_owned());
    }
    if players.is_empty() {
        return Err(line.error(0, line.text.trim_end(), HEADER));
    }
    Ok(Header {
        players,
        span: line.content_span(),
    })
}

/// Reads one cell's text: English descriptive, or algebraic (`Bi1xa9`,
/// `h2-h3`, `?`); on error, where in the text and what was expected.
pub fn parse_any_cell(text: &str) -> Result<Cell, descriptive::ParseError> {
    // `....`: the move stands on the row above (a continued round).
    if is_continuation(text) {
        return Ok(Cell::Empty);
    }
    match descriptive::parse_cell(text) {
        Ok(cell) => Ok(cell),
        Err(e) => match super::algebraic::parse_token(text.trim().trim_end_matches('.')) {
            Ok(token) => Ok(Cell::Algebraic(token)),
            // A printed short-style cell (`Q-B10`, `N-B3`): the replay reads it.
            Err(_) if super::descriptive_short::parse(text).is_ok() => Ok(Cell::Empty),
            Err(_) => Err(e),
        },
    }
}

/// Whether a cell is `....` (or `…`): in later four-handed scores, a move
/// printed on the row above, the round going on on this row.
pub fn is_continuation(text: &str) -> bool {
    let t = text.trim();
    t.chars().count() >= 2 && t.chars().all(|c| c == '.' || c == '\u{2026}') || t == "\u{2026}"
}

/// [`parse_any_cell`], with only what was expected on error.
pub fn read_cell(text: &str) -> Result<Cell, String> {
    parse_any_cell(text).map_err(|e| e.expected)
}

fn table_cell(line: Line<'_>, f: Field<'_>) -> Result<TableCell, TableError> {
    match parse_any_cell(f.text) {
        Ok(cell) => Ok(TableCell {
            text: f.text.to_owned(),
            span: line.field_span(f),
            cell,
        }),
        Err(e) => {
            let rest = f.text.get(e.offset..).unwrap_or("");
            let at = f.start + (f.text.len() - rest.len());
            Err(line.error(at, rest, &e.expected))
        }
    }
}

fn read_round(line: Line<'_>, players: usize, number: usize) -> Result<Round, TableError> {
    let fields = split_fields(line.text);
    let Some((label, cells)) = fields.split_first() else {
        return Err(line.error(0, line.text, LABEL));
    };
    let label_text = strip_markup(label.text);
    if !is_label(&label_text) {
        return Err(line.field_error(*label, LABEL));
    }
    if let Some(extra) = cells.iter().skip(players).find(|f| !f.text.is_empty()) {
        let expected = format!(
            "at most {players} cells after the label, one per player (this row has {})",
            cells.len()
        );
        return Err(line.field_error(*extra, &expected));
    }
    let end = line.text.trim_end().len();
    let mut out = Vec::with_capacity(players);
    for i in 0..players {
        match cells.get(i) {
            Some(f) => out.push(table_cell(line, *f)?),
            None => out.push(TableCell {
                text: String::new(),
                span: line.span(end, ""),
                cell: Cell::Empty,
            }),
        }
    }
    Ok(Round {
        label: label_text,
        number,
        span: line.content_span(),
        cells: out,
    })
}

/// Reads a round-table file. Never panics; errors carry the line and
/// column of the offending text.
pub fn parse_table(text: &str) -> Result<RoundTable, TableError> {
    let src = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tags = Vec::new();
    let mut header: Option<Header> = None;
    let mut rounds = Vec::new();
    let mut last_line = 1;
    let mut next = None;
    // The byte offset in `text` of the line read (after a byte-order mark).
    let mut at = text.len() - src.len();
    for (index, raw) in src.split('\n').enumerate() {
        let line = Line {
            number: index + 1,
            text: raw.strip_suffix('\r').unwrap_or(raw),
        };
        let line_at = at;
        at += raw.len() + 1;
        last_line = line.number;
        if line.text.trim().is_empty() || is_comment(line.text) || is_rule(line.text) {
            continue;
        }
        // A tag line after the header begins the next table (a text of
        // several games, as `convert --to table` writes a database).
        if header.is_some() && super::pgn::is_tag_line(line.text) {
            next = Some(line_at);
            break;
        }
        match &header {
            Some(h) => rounds.push(read_round(line, h.players.len(), rounds.len() + 1)?),
            None if line.text.trim_start().starts_with('[') => match tag_pair(line.text) {
                Ok((_, (key, value))) => tags.push(Tag {
                    key: key.to_owned(),
                    value,
                    span: line.content_span(),
                }),
                Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                    let at = line.text.len() - e.input.len();
                    return Err(line.error(at, e.input, TAG));
                }
                Err(nom::Err::Incomplete(_)) => {
                    return Err(line.error(0, line.text, TAG));
                }
            },
            None => {
                let fields = split_fields(line.text);
                if fields.len() >= 2 {
                    header = Some(read_header(line, &fields)?);
                }
                // Otherwise a title or other prose before the table.
            }
        }
    }
    let Some(header) = header else {
        return Err(TableError {
            span: Span {
                line: last_line,
                column: 1,
                len: 0,
            },
            text: String::new(),
            expected: HEADER.to_owned(),
        });
    };
    Ok(RoundTable {
        tags,
        players: header.players,
        header_span: header.span,
        rounds,
        next,
    })
}

// ---------------------------------------------------------------------------
// Writing

/// Text for one field: blanks collapsed to single spaces, so that it stays
/// one field when read back.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn cell_text(c: &TableCell) -> String {
    if !c.text.trim().is_empty() {
        return flat(&c.text);
    }
    match &c.cell {
        Cell::Empty => String::new(),
        Cell::Pass => "--".to_owned(),
        Cell::AnyMove => "Any move.".to_owned(),
        Cell::Move(m) => descriptive::write_move(m),
        Cell::Algebraic(t) => super::algebraic::write_long(t),
    }
}

/// Writes the table as tag lines, a blank line, then the header row and
/// the rows, TAB-separated like the seed (the header starts with a TAB:
/// the label column has no heading). Cell texts are written as they were
/// read, with runs of blanks collapsed; a cell with no text is printed
/// from its parsed form. `parse_table(&write_table(t))` gives `t` back
/// apart from spans (and the collapsed blanks).
pub fn write_table(t: &RoundTable) -> String {
    let mut out = String::new();
    for tag in &t.tags {
        out.push('[');
        out.push_str(&tag.key);
        out.push_str(" \"");
        for c in tag.value.chars() {
            match c {
                '"' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                '\n' | '\r' => out.push(' '),
                c => out.push(c),
            }
        }
        out.push_str("\"]\n");
    }
    if !t.tags.is_empty() {
        out.push('\n');
    }
    for p in &t.players {
        out.push('\t');
        out.push_str(&flat(p));
    }
    out.push('\n');
    for r in &t.rounds {
        out.push_str(&flat(&r.label));
        for c in &r.cells {
            out.push('\t');
            out.push_str(&cell_text(c));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::descriptive::{Action, PieceName, PlayerRef};
    use super::*;

    /// The table as the seed prints it (lines 186-190 of
    /// `001_7d256774ff3e4fd0.txt`), TABs, `<i>` labels, trailing TAB and all.
    const SEED: &str = "\tYELLOW.\tRED.\tWHITE.\tBLACK.
<i>1st round</i>\tK. P. to K. 3.\tK. P. to K. 3.\tK. P. to K. 3.\tK. P. to K. 3.
<i>2nd \"</i>\tK. B. takes Red's K. B.\tQ. takes White Q. (Check).\tK. takes Red Q.\tK. B. takes White's K. B.
<i>3rd \"</i>\tQ takes Black Q. (Check).\tK. takes Yellow B.\tK. to K. square.\tK. takes Yel- low Q.
<i>4th \"</i>\tAny move.\tAny move.\tK. takes Black K. B.\t
";

    fn parse(src: &str) -> RoundTable {
        match parse_table(src) {
            Ok(t) => t,
            Err(e) => panic!("{e}\n{src}"),
        }
    }

    fn parse_err(src: &str) -> TableError {
        match parse_table(src) {
            Err(e) => e,
            Ok(t) => panic!("parsed: {t:?}"),
        }
    }

    /// Everything but the spans.
    type Shape = (
        Vec<(String, String)>,
        Vec<String>,
        Vec<(String, Vec<String>, Vec<Cell>)>,
    );

    fn shape(t: &RoundTable) -> Shape {
        (
            t.tags
                .iter()
                .map(|g| (g.key.clone(), g.value.clone()))
                .collect(),
            t.players.clone(),
            t.rounds
                .iter()
                .map(|r| {
                    (
                        r.label.clone(),
                        r.cells.iter().map(|c| c.text.clone()).collect(),
                        r.cells.iter().map(|c| c.cell.clone()).collect(),
                    )
                })
                .collect(),
        )
    }

    fn check_seed(t: &RoundTable) {
        assert_eq!(t.players, ["YELLOW", "RED", "WHITE", "BLACK"]);
        let labels: Vec<&str> = t.rounds.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["1st round", "2nd \"", "3rd \"", "4th \""]);
        let numbers: Vec<usize> = t.rounds.iter().map(|r| r.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
        for r in &t.rounds {
            assert_eq!(r.cells.len(), 4);
        }
        let texts: Vec<Vec<&str>> = t
            .rounds
            .iter()
            .map(|r| r.cells.iter().map(|c| c.text.as_str()).collect())
            .collect();
        assert_eq!(texts[0], ["K. P. to K. 3."; 4]);
        assert_eq!(
            texts[2],
            [
                "Q takes Black Q. (Check).",
                "K. takes Yellow B.",
                "K. to K. square.",
                "K. takes Yel- low Q."
            ]
        );
        assert_eq!(
            texts[3],
            ["Any move.", "Any move.", "K. takes Black K. B.", ""]
        );
        let r4 = &t.rounds[3];
        assert_eq!(r4.cells[0].cell, Cell::AnyMove);
        assert_eq!(r4.cells[3].cell, Cell::Empty);
        match &t.rounds[2].cells[3].cell {
            Cell::Move(m) => match &m.action {
                Action::Takes(man) => {
                    assert_eq!(man.player, Some(PlayerRef::Name("Yellow".into())));
                    assert_eq!(man.piece, PieceName::Queen);
                }
                a => panic!("{a:?}"),
            },
            c => panic!("{c:?}"),
        }
    }

    #[test]
    fn seed_as_printed() {
        let t = parse(SEED);
        check_seed(&t);
        assert!(t.tags.is_empty());
        assert_eq!(
            t.header_span,
            Span {
                line: 1,
                column: 2,
                len: 26
            }
        );
        let r2 = &t.rounds[1];
        assert_eq!(r2.span.line, 3);
        assert_eq!(r2.span.column, 1);
        // `<i>2nd "</i>` is 12 chars, then a TAB: the first cell is at 14.
        assert_eq!(
            r2.cells[0].span,
            Span {
                line: 3,
                column: 14,
                len: 23
            }
        );
        assert_eq!(r2.cells[1].span.column, 14 + 23 + 1);
        // The missing last cell points at the end of the line.
        let r4 = &t.rounds[3];
        assert_eq!(r4.cells[3].span.len, 0);
        assert_eq!(r4.cells[3].span.line, 5);
    }

    #[test]
    fn seed_with_spaces() {
        let spaced = SEED.replace('\t', "   ");
        let t = parse(&spaced);
        check_seed(&t);
        assert_eq!(shape(&t), shape(&parse(SEED)));
        let two = SEED.replace('\t', "  ");
        assert_eq!(shape(&parse(&two)), shape(&parse(SEED)));
    }

    #[test]
    fn seed_with_pipes() {
        let piped: String = SEED
            .lines()
            .map(|l| format!("| {} |\n", l.replace('\t', " | ")))
            .collect();
        let t = parse(&piped);
        check_seed(&t);
        assert_eq!(shape(&t), shape(&parse(SEED)));
        // No outer pipes, no spaces, and a markdown rule under the header.
        let mut lines: Vec<String> = SEED.lines().map(|l| l.replace('\t', "|")).collect();
        lines.insert(1, "|---|:---|---:|:-:|---|".to_owned());
        let t = parse(&lines.join("\n"));
        assert_eq!(shape(&t), shape(&parse(SEED)));
    }

    #[test]
    fn markdown_table_with_heading() {
        let src = "| Round | Yellow | Red |\n|---|---|---|\n| 1. | K. P. to K. 3. | -- |\n|  | Any move. |  |\n";
        let t = parse(src);
        assert_eq!(t.players, ["Yellow", "Red"]);
        assert_eq!(t.rounds.len(), 2);
        assert_eq!(t.rounds[0].cells[1].cell, Cell::Pass);
        assert_eq!(t.rounds[1].label, "");
        assert_eq!(t.rounds[1].cells[1].cell, Cell::Empty);
    }

    #[test]
    fn crlf_and_bom() {
        let crlf = SEED.replace('\n', "\r\n");
        let t = parse(&crlf);
        check_seed(&t);
        let bom = format!("\u{feff}{crlf}");
        let t2 = parse(&bom);
        assert_eq!(t2, t);
        assert_eq!(t2.rounds[1].cells[0].span.column, 14);
    }

    #[test]
    fn tags_title_comments() {
        let src = format!(
            "[Event \"Four-handed \\\"example\\\"\"]\n% a comment\n\n[Result \"*\"]\nFour-handed Chess.\n# another\n{SEED}\n\n"
        );
        let t = parse(&src);
        check_seed(&t);
        assert_eq!(t.tags.len(), 2);
        assert_eq!(t.tags[0].key, "Event");
        assert_eq!(t.tags[0].value, "Four-handed \"example\"");
        assert_eq!(t.tags[1].span.line, 4);
        assert_eq!(t.header_span.line, 7);
    }

    #[test]
    fn empty_cells_and_labels() {
        let src = "\tA\tB\tC\n1.\t\tK. to K. 2\n\tP. to K. 4\n2nd \"\t--\n";
        let t = parse(src);
        assert_eq!(t.rounds.len(), 3);
        assert_eq!(t.rounds[0].cells[0].cell, Cell::Empty);
        assert!(matches!(t.rounds[0].cells[1].cell, Cell::Move(_)));
        assert_eq!(t.rounds[0].cells[2].cell, Cell::Empty);
        assert_eq!(t.rounds[1].label, "");
        assert_eq!(t.rounds[1].number, 2);
        assert_eq!(t.rounds[2].cells[0].cell, Cell::Pass);
        // A label-only row is a round with every cell empty.
        let t = parse("\tA\tB\n3rd round\n");
        assert_eq!(t.rounds[0].cells.len(), 2);
    }

    #[test]
    fn damaged_cell() {
        // Line 4, cell 3: "K. to K. sqaure." -- the rank is bad.
        let src = SEED.replace("K. to K. square.", "K. to K. sqaure.");
        let e = parse_err(&src);
        let line4 = "<i>3rd \"</i>\tQ takes Black Q. (Check).\tK. takes Yellow B.\t";
        let cell_col = line4.chars().count() + 1;
        assert_eq!(e.span.line, 4);
        assert_eq!(e.span.column, cell_col + "K. to K. ".len());
        assert_eq!(e.text, "sqaure.");
        assert_eq!(e.span.len, 7);
        assert!(e.expected.contains("rank"), "{}", e.expected);
        // Multi-byte text before the error: columns count characters.
        let e = parse_err("\tÄ\tB\n1.\tQ. takes Yellow\u{2019}s Q.\tK. Kt. tó K. B. 3.\n");
        assert_eq!((e.span.line, e.span.column), (2, 32));
        assert_eq!(e.text, "tó K. B. 3.");
        assert_eq!(e.span.len, 11);
    }

    #[test]
    fn too_many_cells() {
        let e = parse_err("\tA\tB\n1.\tK. P. to K. 3.\tK. P. to K. 3.\tK. to K. 2.\n");
        assert_eq!(
            e.span,
            Span {
                line: 2,
                column: 34,
                len: 11
            }
        );
        assert_eq!(e.text, "K. to K. 2.");
        // Extra empty fields are fine.
        let t = parse("\tA\tB\n1.\tK. P. to K. 3.\tK. P. to K. 3.\t\t\t\n");
        assert_eq!(t.rounds[0].cells.len(), 2);
    }

    #[test]
    fn bad_label_tag_and_header() {
        let e = parse_err("\tA\tB\nK. P. to K. 3.  K. P. to K. 3.\n");
        assert_eq!((e.span.line, e.span.column), (2, 1));
        assert_eq!(e.text, "K. P. to K. 3.");
        assert_eq!(e.expected, LABEL);
        let e = parse_err("[Event \"x]\n\tA\tB\n");
        assert_eq!((e.span.line, e.span.column, e.text.as_str()), (1, 11, ""));
        let e = parse_err("Four-handed Chess.\n\nno table here\n");
        assert_eq!(e.expected, HEADER);
        assert_eq!(e.span.line, 4);
        let e = parse_err("");
        assert_eq!(e.span.line, 1);
        let e = parse_err("\tA\t.\tB\n");
        assert_eq!((e.span.line, e.span.column, e.text.as_str()), (1, 4, "."));
    }

    #[test]
    fn labels() {
        for l in [
            "1st round",
            "<i>1st round</i>",
            "2nd \"",
            "4th \u{201d}",
            "1.",
            "12",
            "Round 3",
            "3rd do.",
            "*5th round*",
            "",
        ] {
            assert!(is_label(&strip_markup(l)), "{l:?}");
        }
        for l in ["K. P.", "round", "first", "1st roundabout"] {
            assert!(!is_label(&strip_markup(l)), "{l:?}");
        }
        assert_eq!(strip_markup("<i>2nd \"</i>"), "2nd \"");
    }

    #[test]
    fn round_trip() {
        let src = format!(
            "[Event \"A \\\\ \\\"b\\\"\"]\n[Variant \"verney\"]\nFour-handed Chess.\n{SEED}"
        );
        let t = parse(&src);
        let written = write_table(&t);
        let back = parse(&written);
        assert_eq!(shape(&back), shape(&t));
        assert_eq!(write_table(&back), written);
        assert!(written.starts_with("[Event \"A \\\\ \\\"b\\\"\"]\n[Variant \"verney\"]\n\n\tYELLOW\tRED\tWHITE\tBLACK\n1st round\t"));
        // A cell with no text is printed from its parsed form.
        let mut t2 = t.clone();
        t2.rounds[0].cells[0].text.clear();
        let back = parse(&write_table(&t2));
        assert_eq!(back.rounds[0].cells[0].text, "K. P. to K. 3.");
        assert_eq!(back.rounds[0].cells[0].cell, t.rounds[0].cells[0].cell);
    }

    #[test]
    fn record_file_reads() {
        let src = include_str!("../../records/verney-1881.txt");
        let t = parse(src);
        check_seed(&t);
        let keys: Vec<&str> = t.tags.iter().map(|g| g.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "Event", "Source", "Variant", "Yellow", "Red", "White", "Black", "Result"
            ]
        );
        // The table is exactly the seed's.
        assert!(src.contains(SEED));
    }

    #[test]
    fn garbage_never_panics() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let pieces = [
            "\t", "  ", " ", "|", "\n", "\r\n", "[", "\"", "]", "K. ", "P. ", "to ", "takes ", "3",
            "<i>", "</i>", "1st", " round", "\u{feff}", "é", "\u{212a}", "-", "#", "%", "Yel- low",
        ];
        for _ in 0..3_000 {
            let mut s = String::new();
            for _ in 0..(x % 40) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if let Some(p) = pieces.get((x % pieces.len() as u64) as usize) {
                    s.push_str(p);
                }
            }
            if let Err(e) = parse_table(&s) {
                assert!(e.span.line >= 1 && e.span.column >= 1, "{s:?} {e:?}");
            }
        }
    }
}
