//! Reading game files into records, whatever their notation: round tables
//! (descriptive or algebraic cells), PGN and PGN4, the JSON record and JSON
//! Lines. The notation is detected from the content. Readers keep every
//! move as written (the replay resolves it) and everything else they find:
//! tags, comments, NAGs, the result and its reason.

use std::io::BufRead;

use crate::notation::algebraic::{Token, parse_token};
use crate::notation::pgn::{Node, PgnReader, RawGame};
use crate::notation::table::{RoundTable, parse_table};
use crate::record::{
    self, GameResult, MoveNotation, Origin, Record, RecordMove, Span, Tag, Warning, Warnings,
};
use crate::variant::{self, Support, Variant};

/// Input that cannot be read: where, the text, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// Where in the source, when known.
    pub span: Option<Span>,
    /// The text found there.
    pub text: String,
    /// What was expected instead.
    pub expected: String,
}

impl std::error::Error for InputError {}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.span {
            Some(s) => write!(
                f,
                "{}:{}: expected {}, found `{}`",
                s.line, s.column, self.expected, self.text
            ),
            None => write!(f, "expected {}, found `{}`", self.expected, self.text),
        }
    }
}

fn error(span: Option<Span>, text: impl Into<String>, expected: impl Into<String>) -> InputError {
    InputError {
        span,
        text: clip(text.into()),
        expected: expected.into(),
    }
}

/// How many characters of the offending text an error quotes.
const QUOTED: usize = 80;

/// The text cut to [`QUOTED`] characters and `…` when it is longer: a
/// 100 MB token is named by its start and its place, not printed whole.
fn clip(mut text: String) -> String {
    if let Some((at, _)) = text.char_indices().nth(QUOTED) {
        text.truncate(at);
        text.push('…');
    }
    text
}

/// The notations a file may be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// One JSON record.
    Json,
    /// One JSON record per line.
    Jsonl,
    /// PGN or PGN4 (tags and numbered movetext), one or several games.
    Pgn,
    /// A round table: one column per player, one row per round.
    Table,
    /// A score as books printed it: numbered like PGN, moves in English
    /// descriptive notation (`1. P-K4 P-K4 2. Kt-KB3`).
    Descriptive,
}

/// Guesses a file's notation from its content: JSON from a leading `{`;
/// a round table when a line names two or more players of a variant in
/// columns (separated by tabs, `|` or runs of spaces); PGN otherwise (also a
/// game with tags and no moves).
pub fn detect(text: &str) -> Format {
    let body = text.trim_start_matches('\u{feff}');
    let mut lines = body.lines().map(str::trim).filter(|l| !l.is_empty());
    match lines.next() {
        Some(first) if first.starts_with('{') => {
            // A record written pretty spans lines and opens with a lone `{`;
            // JSON Lines closes each record on its line (or the line is
            // longer than the text seen so far).
            if first.ends_with('}') || !body.trim_end().contains('\n') {
                Format::Jsonl
            } else {
                Format::Json
            }
        }
        _ => {
            // A headless table still gives itself away by tab-separated
            // descriptive cells ("P. to K. 3.").
            let descriptive_row = |l: &str| l.contains('\t') && l.contains(" to ");
            if outside_comments(body).any(|l| is_table_header(&l) || descriptive_row(&l)) {
                Format::Table
            } else if crate::notation::printed::looks_printed(&without_escape_lines(body)) {
                Format::Descriptive
            } else {
                Format::Pgn
            }
        }
    }
}

/// Each line of `text` without what PGN comments, tags and escape lines
/// hold: a `{...}` comment, which may span lines, the rest of a line after
/// a `;`, a tag line (`[Key "value"]`) and an escape line (`%` in the first
/// column). Each may quote anything, a round table's header or a row of
/// descriptive cells too (a comment copied from a four-player record), and
/// must not make a PGN game a table; a table's own tags are no part of its
/// columns either.
fn outside_comments(text: &str) -> impl Iterator<Item = std::borrow::Cow<'_, str>> {
    let mut in_brace = false;
    text.lines().map(move |line| {
        if !in_brace {
            if is_escape_line(line) || line.trim_start().starts_with('[') {
                return std::borrow::Cow::Borrowed("");
            }
            if !line.contains(['{', ';']) {
                return std::borrow::Cow::Borrowed(line);
            }
        }
        let mut kept = String::with_capacity(line.len());
        for c in line.chars() {
            match (in_brace, c) {
                (true, '}') => in_brace = false,
                (true, _) => {}
                (false, '{') => in_brace = true,
                (false, ';') => break,
                (false, c) => kept.push(c),
            }
        }
        std::borrow::Cow::Owned(kept)
    })
}

/// Whether a line is a PGN escape line: `%` in the first column, another
/// program's data, which may quote anything.
fn is_escape_line(line: &str) -> bool {
    line.starts_with('%')
}

/// `text` without its PGN escape lines, which may quote a printed score's
/// moves.
fn without_escape_lines(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.lines().any(is_escape_line) {
        return std::borrow::Cow::Borrowed(text);
    }
    let kept: Vec<&str> = text.lines().filter(|l| !is_escape_line(l)).collect();
    std::borrow::Cow::Owned(kept.join("\n"))
}

/// Whether a line is a round table's header: two or more columns, each a
/// player's name in some variant (`YELLOW.`, `Red`, `Yel- low`), after an
/// optional first column.
fn is_table_header(line: &str) -> bool {
    // Two columns need a tab, a bar or two spaces between them: most
    // lines of a PGN or printed score have none and are not split. (Tag
    // lines never get here: `outside_comments` leaves them out.)
    if !(line.contains(['\t', '|']) || line.contains("  ")) {
        return false;
    }
    let columns: Vec<String> = line
        .split(['\t', '|'])
        .flat_map(|part| part.split("  "))
        .map(|c| {
            c.trim()
                .trim_end_matches('.')
                .replace("- ", "")
                .to_ascii_lowercase()
        })
        .filter(|c| !c.is_empty())
        .collect();
    let names = |c: &String| {
        variant::all()
            .iter()
            .any(|v| v.seats.iter().any(|s| s.name.eq_ignore_ascii_case(c)))
    };
    let named = columns.iter().filter(|c| names(c)).count();
    named >= 2 && named + 1 >= columns.len()
}

/// Every game in a text, in the given or detected notation.
pub fn games(text: &str, format: Option<Format>) -> Vec<Result<Record, InputError>> {
    games_in(text, format).collect()
}

/// How much of a text the notation is detected from: what a stream's
/// first buffer holds.
pub const DETECT_BYTES: usize = 1 << 16;

/// The start of `text` that [`detect`] reads: at most [`DETECT_BYTES`],
/// cut at a character boundary.
pub(crate) fn head(text: &str) -> &str {
    let mut end = text.len().min(DETECT_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The games of a text, in the given or detected notation, read as they
/// are asked for where the notation allows (PGN, PGN4, JSON Lines): taking
/// the first two games of a large file reads no further.
pub fn games_in<'a>(
    text: &'a str,
    format: Option<Format>,
) -> Box<dyn Iterator<Item = Result<Record, InputError>> + 'a> {
    let format = format.unwrap_or_else(|| detect(head(text)));
    match format {
        Format::Table => Box::new(round_tables(text).into_iter()),
        Format::Descriptive => Box::new(printed_games(text).into_iter()),
        Format::Json => Box::new(std::iter::once(json_record(text))),
        Format::Jsonl => Box::new(
            record::JsonLinesReader::new(text.as_bytes()).map(|r| r.map_err(|e| record_error(&e))),
        ),
        Format::Pgn => Box::new(pgn_games_from(text.as_bytes(), 1)),
    }
}

/// The record on line `line` (from 1) of a JSON Lines stream.
pub fn json_line(bytes: &[u8], line: usize) -> Result<Record, InputError> {
    record::from_json_line(bytes, line).map_err(|e| record_error(&e))
}

/// The games of PGN or PGN4 text that starts on line `first_line` of its
/// stream, in one reader (positions count from that line).
pub fn pgn_games_from<R: BufRead>(
    input: R,
    first_line: usize,
) -> impl Iterator<Item = Result<Record, InputError>> {
    pgn_games_sized(input, first_line, 0)
}

/// [`pgn_games_from`] on a text of `bytes` bytes that mostly holds one game
/// (a corpus cut into games): its move list is made at that size at once.
pub(crate) fn pgn_games_sized<R: BufRead>(
    input: R,
    first_line: usize,
    bytes: usize,
) -> impl Iterator<Item = Result<Record, InputError>> {
    raw_pgn_games(input, first_line, bytes).map(|game| game.and_then(pgn_game))
}

/// The games of a PGN text as the reader gives them, before they are made
/// records; `bytes` as in [`pgn_games_sized`].
pub(crate) fn raw_pgn_games<R: BufRead>(
    input: R,
    first_line: usize,
    bytes: usize,
) -> impl Iterator<Item = Result<RawGame, InputError>> {
    let mut reader = PgnReader::starting_at(input, first_line);
    reader.expect_game_bytes(bytes);
    reader.map(|game| {
        game.map_err(|e| {
            error(
                Some(Span {
                    line: e.pos.line,
                    column: e.pos.column,
                    len: e.text.chars().count().max(1),
                }),
                e.text,
                e.expected,
            )
        })
    })
}

fn record_error(e: &record::RecordError) -> InputError {
    match e {
        record::RecordError::Json {
            line,
            column,
            message,
        } => error(
            Some(Span {
                line: *line,
                column: *column,
                len: 1,
            }),
            message.clone(),
            "a roundtable record (JSON, `\"format\": 1`)",
        ),
        record::RecordError::Io { line, source } => error(
            Some(Span {
                line: *line,
                column: 1,
                len: 1,
            }),
            source.to_string(),
            "readable input",
        ),
    }
}

/// One JSON record.
pub fn json_record(text: &str) -> Result<Record, InputError> {
    record::from_json(text.trim_start_matches('\u{feff}')).map_err(|e| record_error(&e))
}

/// The variant a `Variant` tag names, if roundtable plays it.
fn variant_named(name: &str, span: Option<Span>) -> Result<&'static Variant, InputError> {
    let v = variant::by_id(name.trim()).ok_or_else(|| {
        let ids: Vec<&str> = variant::all().iter().map(|v| v.id).collect();
        error(
            span,
            name,
            format!("a variant of roundtable ({})", ids.join(", ")),
        )
    })?;
    if v.support != Support::Playable {
        return Err(error(
            span,
            name,
            "a variant the engine plays (this one is planned)",
        ));
    }
    Ok(v)
}

/// The seat that moves first from `start` (the setup when `None`).
/// `span` is where the start position was written (its tag), if anywhere.
fn first_seat(
    variant: &'static Variant,
    start: Option<&str>,
    span: Option<Span>,
) -> Result<usize, InputError> {
    crate::with_width!(variant, B => {
        let text = start.unwrap_or(variant.start);
        crate::notation::start_or_setup::<B>(variant, start)
            .map(|p| p.turn())
            .map_err(|e| error(span, text, format!("a start position of {} ({e})", variant.id)))
    })
}

/// Tag pairs as the record keeps them.
fn record_tags(tags: Vec<(String, String)>) -> Vec<Tag> {
    tags.into_iter()
        .map(|(key, value)| Tag { key, value })
        .collect()
}

/// Rule options from an `Options` tag (`name=value name=value`).
/// The rule options of `Options` tags, each checked against the variant
/// (an error names the tag).
fn options_of<S: AsRef<str>>(
    variant: &Variant,
    tags: &[(S, S, Option<Span>)],
) -> Result<std::collections::BTreeMap<String, String>, InputError> {
    let mut options = std::collections::BTreeMap::new();
    for (_, value, span) in tags
        .iter()
        .filter(|t| t.0.as_ref().eq_ignore_ascii_case("Options"))
    {
        for pair in value.as_ref().split_whitespace() {
            let (name, val) = pair
                .split_once('=')
                .ok_or_else(|| error(*span, pair, "a rule option written `name=value`"))?;
            if let Some(why) = crate::replay::option_error(variant, name, val) {
                return Err(error(
                    *span,
                    pair,
                    format!("a rule option of {}: {why}", variant.id),
                ));
            }
            options.insert(name.to_string(), val.to_string());
        }
    }
    Ok(options)
}

/// Chess.com: the rule variants a `RuleVariants` tag names must be ones the
/// variant implements, whatever notation the record comes in.
fn rule_variants<S: AsRef<str>>(
    variant: &Variant,
    tags: &[(S, S, Option<Span>)],
) -> Result<(), InputError> {
    if let Some(check) = variant.hints.rule_variants
        && let Some((_, rules, span)) = tags
            .iter()
            .find(|t| t.0.as_ref().eq_ignore_ascii_case("RuleVariants"))
    {
        let rules = rules.as_ref();
        check(rules).map_err(|why| error(*span, rules, why))?;
    }
    Ok(())
}

/// Tags that the record keeps in fields of their own.
fn is_field_tag(key: &str) -> bool {
    [
        "Variant",
        "Result",
        "Termination",
        "FEN",
        "SetUp",
        "StartFen4",
        "Seats",
        "Options",
    ]
    .iter()
    .any(|k| k.eq_ignore_ascii_case(key))
}

fn split_tags<S: AsRef<str>>(
    tags: &[(S, S, Option<Span>)],
) -> (Vec<(String, String)>, Option<GameResult>, Option<String>) {
    let value = |key: &str| {
        tags.iter()
            .find(|t| t.0.as_ref().eq_ignore_ascii_case(key))
            .map(|t| t.1.as_ref().to_string())
    };
    // `*` (game going on, or result unknown) is no result, unless a
    // termination says why the game stopped.
    let termination = value("Termination").filter(|t| !t.is_empty());
    let result = value("Result")
        .filter(|r| !r.is_empty())
        .filter(|r| r != "*" || termination.is_some())
        .map(|score| GameResult {
            score,
            reason: termination.clone(),
        });
    let start = value("StartFen4")
        .or_else(|| value("FEN"))
        .filter(|s| !s.is_empty());
    let kept = tags
        .iter()
        .filter(|t| !is_field_tag(t.0.as_ref()))
        .map(|t| (t.0.as_ref().to_string(), t.1.as_ref().to_string()))
        .collect();
    (kept, result, start)
}

/// A PGN game's record without its moves, as its tags and result give it,
/// with what reading the moves needs: the variant, the letters a
/// `Language` tag names and the seat of the first move.
pub(crate) struct PgnHeader {
    pub record: Record,
    pub variant: &'static Variant,
    pub letters: Option<crate::notation::localized::Letters>,
    pub first_seat: usize,
}

/// Reads a PGN game's tags and result (every check and warning that comes
/// before its moves), borrowing them from the reader's game.
pub(crate) fn pgn_header(raw: &RawGame) -> Result<PgnHeader, InputError> {
    let tags: Vec<(&str, &str, Option<Span>)> = raw
        .tags
        .iter()
        .map(|(k, v, p)| (k.as_str(), v.as_str(), span_at(*p, 1)))
        .collect();
    let variant_tag = tags.iter().find(|t| t.0.eq_ignore_ascii_case("Variant"));
    let variant = match variant_tag {
        Some((_, v, span)) => variant_named(v, *span)?,
        None => variant_named("chess", None)?,
    };
    let (kept, mut result, start) = split_tags(&tags);
    if let Some((_, seats, span)) = tags.iter().find(|t| t.0.eq_ignore_ascii_case("Seats")) {
        let names: Vec<&str> = variant.seats.iter().map(|s| s.name).collect();
        let given: Vec<&str> = seats.split_whitespace().collect();
        if given.len() != names.len()
            || given
                .iter()
                .zip(&names)
                .any(|(a, b)| !a.eq_ignore_ascii_case(b))
        {
            return Err(error(
                *span,
                *seats,
                format!("the seats of {} in order: {}", variant.id, names.join(" ")),
            ));
        }
    }
    let mut warnings = Vec::new();
    if let (Some(tag), Some(marker)) = (&result, raw.result.as_ref().filter(|r| r.as_str() != "*"))
        && tag.score != *marker
    {
        let span = tags
            .iter()
            .find(|t| t.0.eq_ignore_ascii_case("Result"))
            .and_then(|t| t.2);
        warnings.push(Warning {
            span,
            message: format!(
                "the Result tag says `{}` but the movetext ends `{marker}`; the tag is kept",
                tag.score
            ),
        });
    }
    if result.is_none()
        && let Some(r) = raw.result.as_ref().filter(|r| r.as_str() != "*")
    {
        result = Some(GameResult {
            score: r.clone(),
            reason: None,
        });
    }
    rule_variants(variant, &tags)?;
    let start_text = start.as_deref().map(|s| match s {
        // A start the variant names stays named (Chess.com's `4PC`, `4PCo`).
        named if variant.hints.named_start(named).is_some() => named.to_string(),
        "4PCo" => variant.start.to_string(),
        other => other.to_string(),
    });
    let start_text = start_text
        .or_else(|| variant.hints.untagged_start.map(str::to_string))
        // The variant's own start, named (`[StartFen4 "4PC"]`), is no start
        // of the record's own: so a game written from its setup (where the
        // writers name it) reads back the same.
        .filter(|s| variant.own_start_name() != Some(s.as_str()));
    let options = options_of(variant, &tags)?;
    let letters = tags
        .iter()
        .find(|t| t.0.eq_ignore_ascii_case("Language"))
        .and_then(|t| crate::notation::localized::Letters::of_tag(t.1));
    // The seat is followed only to name players in exits and messages: the
    // moves follow the turn, which eliminations change.
    let start_span = tags
        .iter()
        .find(|t| t.0.eq_ignore_ascii_case("StartFen4") || t.0.eq_ignore_ascii_case("FEN"))
        .and_then(|t| t.2);
    let first_seat = first_seat(variant, start_text.as_deref(), start_span)?;
    Ok(PgnHeader {
        record: Record {
            options,
            tags: record_tags(kept),
            start: start_text,
            result,
            escapes: raw.escapes.clone(),
            warnings: Warnings(warnings),
            ..Record::new(variant.id)
        },
        variant,
        letters,
        first_seat,
    })
}

/// One PGN or PGN4 game.
pub(crate) fn pgn_game(raw: RawGame) -> Result<Record, InputError> {
    let PgnHeader {
        mut record,
        variant,
        letters,
        first_seat,
    } = pgn_header(&raw)?;
    let mut result = record.result.take();
    let mut seat = first_seat;
    let mut round = 1;
    let plies = raw
        .moves
        .iter()
        .filter(|n| matches!(n, Node::Ply { .. }))
        .count();
    let mut moves: Vec<RecordMove> = Vec::with_capacity(plies);
    // Comments and NAGs before the first move belong to the game.
    let mut opening: Vec<String> = Vec::new();
    let mut exited: Option<&str> = None;
    for node in raw.moves {
        match node {
            Node::MoveNumber { number, .. } => round = number as usize,
            Node::RoundSep { .. } => {}
            Node::Nag { value, .. } => match moves.last_mut() {
                Some(m) => m.nags.push(value),
                // A glyph before any move is kept with the game's comments.
                None => opening.push(format!("${value}")),
            },
            Node::Comment { text, .. } => {
                if text.trim() == "[%inferred]"
                    && let Some(m) = moves.last_mut()
                {
                    m.inferred = true;
                } else {
                    match moves.last_mut() {
                        Some(m) => m.comments.push(text.into_string()),
                        None => opening.push(text.into_string()),
                    }
                }
            }
            Node::Variation { nodes, pos } => {
                attach_variation(&mut moves, &nodes, pos, 1, letters)?
            }
            Node::Ply { text, pos } => {
                let span = span_at(pos, text.chars().count());
                if let Some(who) = exited {
                    return Err(error(
                        span,
                        text.clone(),
                        format!(
                            "the end of the game after {who}'s exit (Chess.com's Dead King Walking is not part of {})",
                            variant.id
                        ),
                    ));
                }
                if let Some(m) = text
                    .starts_with('[')
                    .then(|| dice_move(&text, pos, Some(round)))
                    .flatten()
                {
                    moves.push(m);
                    seat = (seat + 1) % variant.players();
                    continue;
                }
                let player = variant.seat_name(seat);
                // Localized letters (a `Language` tag) or figurines: read as
                // English. Plain ASCII without a language has neither.
                let english = (letters.is_some() || !text.is_ascii())
                    .then(|| crate::notation::localized::to_english(&text, letters))
                    .filter(|english| *english != text);
                let parsed = parse_token(english.as_deref().unwrap_or(&text));
                // Chess.com's exits: `R` resigned, `T` timed out, glued to the
                // player's last move or alone in his slot. They end the game here.
                let exit = match &parsed {
                    Ok(Token::Move { marks, .. } | Token::Castle { marks, .. }) => {
                        marks.exit.filter(|c| *c != 'S')
                    }
                    Ok(Token::BareExit(mark)) => {
                        mark.chars().next().filter(|c| matches!(c, 'R' | 'T'))
                    }
                    _ => None,
                };
                if let Some(c) = exit.filter(|_| !variant.hints.keeps_exits) {
                    let how = if c == 'R' { "resigned" } else { "lost on time" };
                    let reason = format!("{player} {how} in round {round}");
                    result = Some(GameResult {
                        score: result.map(|r| r.score).unwrap_or_else(|| "*".into()),
                        reason: Some(reason),
                    });
                    exited = Some(player);
                    if matches!(parsed, Ok(Token::BareExit(_))) {
                        continue;
                    }
                }
                let parsed = match parsed {
                    Ok(token) => token,
                    Err(e) => {
                        return Err(error(
                            span,
                            english.unwrap_or_else(|| text.into()),
                            format!("a move ({})", e.expected),
                        ));
                    }
                };
                // The move in English, and as written when that differs.
                let (mv, written) = match english {
                    Some(english) => (english.into(), Some(text)),
                    None => (text, None),
                };
                moves.push(RecordMove {
                    mv,
                    written,
                    nags: glyph_of(&parsed).into_iter().collect(),
                    origin: Origin {
                        round: Some(round),
                        span,
                    },
                    ..RecordMove::default()
                });
                seat = (seat + 1) % variant.players();
            }
        }
    }
    record.comments = opening;
    record.moves = moves;
    record.result = result;
    Ok(record)
}

/// A dice turn (`[1 4] f4xe5, Ng2-f4`): its throw in `dice`, the rest in
/// `mv`, the span on the rest; `None` when the ply is not one.
fn dice_move(
    text: &str,
    pos: crate::notation::pgn::Pos,
    round: Option<usize>,
) -> Option<RecordMove> {
    let (dice, at) = crate::dice_replay::split_dice(text)?;
    let body = &text[at..];
    let column = pos.column + text[..at].chars().count();
    Some(RecordMove {
        mv: body.into(),
        dice: Some(dice),
        origin: Origin {
            round,
            span: span_at(
                crate::notation::pgn::Pos { column, ..pos },
                body.chars().count(),
            ),
        },
        ..RecordMove::default()
    })
}

/// The span of `len` characters at a place of the PGN text.
pub(crate) fn span_at(p: crate::notation::pgn::Pos, len: usize) -> Option<Span> {
    Some(Span {
        line: p.line,
        column: p.column,
        len: len.max(1),
    })
}

/// Reads a variation at `depth` and hangs it on the move it replaces, the
/// last one read.
fn attach_variation(
    moves: &mut [RecordMove],
    nodes: &[crate::notation::pgn::Node],
    pos: crate::notation::pgn::Pos,
    depth: usize,
    letters: Option<crate::notation::localized::Letters>,
) -> Result<(), InputError> {
    let line = variation(nodes, pos, depth, letters)?;
    match moves.last_mut() {
        Some(m) => {
            m.variations.push(line);
            Ok(())
        }
        None => Err(error(
            span_at(pos, 1),
            "(",
            "a move before the variation (a variation replaces the move before it)",
        )),
    }
}

/// How deep variations may nest: deeper is an error, never a stack overflow.
const MAX_VARIATION_DEPTH: usize = 200;

/// The NAG of a glyph written after a move (`e4!` is `$1`).
fn glyph_of(token: &Token) -> Option<u16> {
    let marks = match token {
        Token::Move { marks, .. } | Token::Castle { marks, .. } => marks,
        _ => return None,
    };
    let glyph = marks.annotation.as_deref()?;
    ["!", "?", "!!", "??", "!?", "?!"]
        .iter()
        .position(|g| *g == glyph)
        .map(|i| i as u16 + 1)
}

/// A variation's moves: plies in turn order from the move it replaces, with
/// their comments, glyphs and variations of their own.
fn variation(
    nodes: &[Node],
    at: crate::notation::pgn::Pos,
    depth: usize,
    letters: Option<crate::notation::localized::Letters>,
) -> Result<Vec<RecordMove>, InputError> {
    if depth > MAX_VARIATION_DEPTH {
        return Err(error(
            span_at(at, 1),
            "(",
            format!("variations nested at most {MAX_VARIATION_DEPTH} deep"),
        ));
    }
    let mut moves: Vec<RecordMove> = Vec::new();
    let mut before: Vec<String> = Vec::new();
    let mut round = None;
    for node in nodes {
        match node {
            Node::MoveNumber { number, .. } => round = Some(*number as usize),
            Node::RoundSep { .. } => {}
            Node::Comment { text, .. } => match moves.last_mut() {
                Some(m) => m.comments.push(text.to_string()),
                None => before.push(text.to_string()),
            },
            Node::Nag { value, .. } => match moves.last_mut() {
                Some(m) => m.nags.push(*value),
                None => before.push(format!("${value}")),
            },
            Node::Variation { nodes, pos } => {
                attach_variation(&mut moves, nodes, *pos, depth + 1, letters)?
            }
            Node::Ply { text, pos } => {
                if let Some(mut m) = dice_move(text, *pos, round) {
                    m.before = std::mem::take(&mut before);
                    moves.push(m);
                    continue;
                }
                let span = span_at(*pos, text.chars().count());
                // Localized letters and figurines, as in the main line.
                let english = crate::notation::localized::to_english(text, letters);
                let written = (english != *text).then(|| text.clone());
                let token = parse_token(&english)
                    .map_err(|e| error(span, text.clone(), format!("a move ({})", e.expected)))?;
                moves.push(RecordMove {
                    mv: english.into(),
                    written,
                    before: std::mem::take(&mut before),
                    nags: glyph_of(&token).into_iter().collect(),
                    origin: Origin { round, span },
                    ..RecordMove::default()
                });
            }
        }
    }
    if moves.is_empty() {
        return Err(error(
            span_at(at, 1),
            "(",
            "a variation with at least one move",
        ));
    }
    Ok(moves)
}

/// The variant a table names in its `Variant` tag, or the one whose players
/// are exactly the table's columns.
fn table_variant(table: &RoundTable) -> Result<&'static Variant, InputError> {
    if let Some(tag) = table
        .tags
        .iter()
        .find(|t| t.key.eq_ignore_ascii_case("Variant"))
    {
        return variant_named(&tag.value, Some(tag.span));
    }
    let candidates: Vec<&'static Variant> = variant::all()
        .into_iter()
        .filter(|v| v.support == Support::Playable && v.players() == table.players.len())
        .filter(|v| table.players.iter().all(|p| v.seat_named(p).is_some()))
        .collect();
    // Variants with the same players (Verney 1881 and 1892) differ in who
    // moves first: the columns are printed in the order of play.
    let in_order = |v: &&&'static Variant| {
        first_seat(v, None, None).is_ok_and(|first| {
            table
                .players
                .iter()
                .enumerate()
                .all(|(i, p)| v.seat_named(p) == Some((first + i) % v.players()))
        })
    };
    candidates
        .iter()
        .find(in_order)
        .or(candidates.first())
        .copied()
        .ok_or_else(|| {
            error(
                Some(table.header_span),
                table.players.join(" "),
                "a `[Variant \"…\"]` tag, or columns named after a variant's players",
            )
        })
}

/// Reads printed descriptive scores (one or several, each opening with its
/// tags) into games.
pub fn printed_games(text: &str) -> Vec<Result<Record, InputError>> {
    // A tag line after movetext starts the next game; a line of a comment
    // that runs over lines is none, whatever it begins with.
    let mut chunks: Vec<String> = vec![String::new()];
    let mut in_moves = false;
    let mut in_comment = false;
    let mut line_offset = vec![0usize];
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        let tag_line = t.starts_with('[') && !in_comment;
        if tag_line && in_moves {
            chunks.push(String::new());
            line_offset.push(n);
            in_moves = false;
        } else if !t.is_empty() && !tag_line {
            in_moves = true;
        }
        // A brace in a tag's value opens no comment.
        if !tag_line {
            for c in line.chars() {
                match c {
                    '{' if !in_comment => in_comment = true,
                    '}' if in_comment => in_comment = false,
                    _ => {}
                }
            }
        }
        if let Some(last) = chunks.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    // Places count from the start of the text, not of the game's chunk.
    chunks
        .iter()
        .zip(line_offset)
        .filter(|(c, _)| !c.trim().is_empty())
        .map(|(c, offset)| lines_on(printed_game(c), offset))
        .collect()
}

/// One printed descriptive score.
pub fn printed_game(text: &str) -> Result<Record, InputError> {
    let score = crate::notation::printed::read(text)
        .map_err(|e| error(Some(e.span), e.text, e.expected))?;
    let tags: Vec<(String, String, Option<Span>)> = score
        .tags
        .iter()
        .map(|(k, v, s)| (k.clone(), v.clone(), Some(*s)))
        .collect();
    let variant = match tags.iter().find(|t| t.0.eq_ignore_ascii_case("Variant")) {
        Some((_, v, span)) => variant_named(v, *span)?,
        None => variant_named("chess", None)?,
    };
    let (kept, mut result, start) = split_tags(&tags);
    if result.is_none()
        && let Some(r) = score.result.filter(|r| r != "*")
    {
        result = Some(GameResult {
            score: r,
            reason: None,
        });
    }
    let moves = score
        .moves
        .into_iter()
        .map(|m| RecordMove {
            mv: m.text.into(),
            comments: m.comments,
            origin: Origin {
                round: Some(m.round),
                span: Some(m.span),
            },
            ..RecordMove::default()
        })
        .collect();
    rule_variants(variant, &tags)?;
    Ok(Record {
        options: options_of(variant, &tags)?,
        tags: record_tags(kept),
        comments: score.opening,
        notation: MoveNotation::Descriptive,
        start,
        moves,
        result,
        ..Record::new(variant.id)
    })
}

/// Rows continued with `....` (later four-handed scores print a move on
/// the next row, its round's label repeated, the moves already given shown
/// as `....`) joined into one round; a round numbered by its label.
fn merge_continued(table: &RoundTable) -> Result<Vec<crate::notation::table::Round>, InputError> {
    use crate::notation::table::is_continuation;
    let mut out: Vec<crate::notation::table::Round> = Vec::new();
    for round in &table.rounds {
        let continues = round.cells.iter().any(|c| is_continuation(&c.text));
        match out.last_mut() {
            Some(last) if continues && last.label == round.label => {
                for (i, cell) in round.cells.iter().enumerate() {
                    if is_continuation(&cell.text) || cell.text.trim().is_empty() {
                        continue;
                    }
                    match last.cells.get_mut(i) {
                        Some(slot) if slot.text.trim().is_empty() => *slot = cell.clone(),
                        _ => {
                            return Err(error(
                                Some(cell.span),
                                cell.text.clone(),
                                "`....` here: this player's move of the round is on a row above",
                            ));
                        }
                    }
                }
            }
            _ => {
                let mut round = round.clone();
                let digits: String = round
                    .label
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                if continues {
                    return Err(error(
                        Some(round.span),
                        round.label.clone(),
                        "a row with the same round number above the one continued with `....`",
                    ));
                }
                if let Ok(n) = digits.parse::<usize>() {
                    round.number = n;
                }
                out.push(round);
            }
        }
    }
    Ok(out)
}

/// Reads a round table (Verney's layout) into a game: the first table of
/// the text, where it holds several (see [`round_tables`]).
pub fn round_table(text: &str) -> Result<Record, InputError> {
    table_record(text).0
}

/// Every round table of a text, one game each: a tag line after a
/// table's rows begins the next table (as `convert --to table` writes a
/// database). Places count from the start of the text.
pub fn round_tables(text: &str) -> Vec<Result<Record, InputError>> {
    let mut games = Vec::new();
    let (mut rest, mut lines_before) = (text, 0);
    loop {
        let (game, next) = table_record(rest);
        games.push(lines_on(game, lines_before));
        let Some((before, after)) = next.and_then(|at| Some((rest.get(..at)?, rest.get(at..)?)))
        else {
            return games;
        };
        lines_before += before.matches('\n').count();
        rest = after;
    }
}

/// A game read from a part of a text that `lines_before` lines precede:
/// the places of its moves, or of its error, moved on to count from the
/// text's start.
fn lines_on(game: Result<Record, InputError>, lines_before: usize) -> Result<Record, InputError> {
    match game {
        Ok(mut record) => {
            for m in &mut record.moves {
                if let Some(span) = &mut m.origin.span {
                    span.line += lines_before;
                }
            }
            Ok(record)
        }
        Err(mut e) => {
            if let Some(span) = &mut e.span {
                span.line += lines_before;
            }
            Err(e)
        }
    }
}

/// The first round table of `text` as a record, and the byte offset where
/// the next table begins, if another follows.
fn table_record(text: &str) -> (Result<Record, InputError>, Option<usize>) {
    match parse_table(text) {
        Ok(table) => {
            let next = table.next;
            (table_to_record(table), next)
        }
        Err(e) => (Err(error(Some(e.span), e.text, e.expected)), None),
    }
}

/// A round table read as a record of its variant's moves.
fn table_to_record(table: crate::notation::table::RoundTable) -> Result<Record, InputError> {
    let variant = table_variant(&table)?;
    let seats = table
        .players
        .iter()
        .map(|name| {
            variant.seat_named(name).ok_or_else(|| {
                let names: Vec<&str> = variant.seats.iter().map(|s| s.name).collect();
                error(
                    Some(table.header_span),
                    name.clone(),
                    format!("a player of {}: {}", variant.id, names.join(", ")),
                )
            })
        })
        .collect::<Result<Vec<usize>, InputError>>()?;
    let rounds = merge_continued(&table)?;
    let mut moves = Vec::new();
    for round in &rounds {
        for (cell, &seat) in round.cells.iter().zip(&seats) {
            moves.push(RecordMove {
                player: variant.seat_name(seat).into(),
                mv: cell.text.trim().into(),
                origin: Origin {
                    round: Some(round.number),
                    span: Some(cell.span),
                },
                ..RecordMove::default()
            });
        }
    }
    // Empty cells after the last written one end the record; earlier ones are passes.
    while moves.last().is_some_and(|m| m.mv.is_empty()) {
        moves.pop();
    }
    let tags: Vec<(String, String, Option<Span>)> = table
        .tags
        .iter()
        .map(|t| (t.key.clone(), t.value.clone(), Some(t.span)))
        .collect();
    let (kept, result, start) = split_tags(&tags);
    rule_variants(variant, &tags)?;
    Ok(Record {
        options: options_of(variant, &tags)?,
        tags: record_tags(kept),
        notation: MoveNotation::Descriptive,
        start,
        moves,
        result,
        ..Record::new(variant.id)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_notation() {
        assert_eq!(detect("{\"format\":1}"), Format::Jsonl);
        assert_eq!(detect("{\n  \"format\": 1\n}\n"), Format::Json);
        assert_eq!(
            detect("{\"format\":1, \"moves\": [{\"player\""),
            Format::Jsonl
        );
        assert_eq!(detect("{\"format\":1}\n{\"format\":1}\n"), Format::Jsonl);
        assert_eq!(detect("[Event \"x\"]\n\n1. e4 e5 *\n"), Format::Pgn);
        assert_eq!(
            detect("\tYELLOW.\tRED.\n<i>1st round</i>\tK. P. to K. 3.\n"),
            Format::Table
        );
        assert_eq!(detect("1.\tK. P. to K. 3.\tK. P. to K. 3."), Format::Table);
    }

    /// A printed text of several games: each game's moves keep the places
    /// they have in the whole text, and a comment's line that begins with
    /// a bracket (a quoted tag) starts no game (found by writing the
    /// fuzzers' inputs as printed scores).
    #[test]
    fn printed_games_keep_their_places_and_their_comments() {
        let text = "[Event \"a\"]\n\n1. P-K4 P-K4 *\n\n[Event \"b\"]\n\n1. P-K4 {a note\n[Event \"quoted\"]\nends} P-K4\n2. Kt-KB3 Kt-QB3 *\n";
        let games = printed_games(text);
        assert_eq!(games.len(), 2, "{games:?}");
        let second = games[1].as_ref().expect("reads");
        let lines: Vec<usize> = second
            .moves
            .iter()
            .filter_map(|m| m.origin.span.map(|s| s.line))
            .collect();
        assert_eq!(lines, [7, 9, 10, 10]);
        assert_eq!(second.moves[0].comments, ["a note [Event \"quoted\"] ends"]);
        // A brace in a tag's value opens no comment.
        let brace = "[Annotator \"{\"]\n\n1. P-K4 P-K4 *\n\n[Event \"b\"]\n\n1. P-Q4 P-Q4 *\n";
        assert_eq!(printed_games(brace).len(), 2);
    }

    /// Castling reads alike in SAN and in a printed score: a game that
    /// opens with it (set up from a position) is judged by the moves
    /// after it (found by the fuzzer on a real file's game).
    #[test]
    fn a_game_opening_with_castling_is_judged_by_the_next_move() {
        let fen = "[FEN \"r2q1b1r/ppn2kpp/2p1b3/3nP3/2BPQ3/P1N5/1PP3PP/R1B1K2R w KQ - 0 1\"]\n";
        assert_eq!(detect(&format!("{fen}\n1. O-O+ Ke8 *\n")), Format::Pgn);
        assert_eq!(detect(&format!("{fen}\n1. O-O Kf7-e8 *\n")), Format::Pgn);
        assert_eq!(detect("1. O-O P-K4 2. P-Q4 P-Q4\n"), Format::Descriptive);
        assert_eq!(
            detect("1. Castles P-K4 2. P-Q4 P-Q4\n"),
            Format::Descriptive
        );
    }

    /// A PGN comment may quote a round table's header or a descriptive row
    /// (over several lines, or after `;`): the game stays PGN. The same
    /// header outside a comment, after tags, is a table (Verney's records).
    #[test]
    fn a_table_header_in_a_pgn_comment_is_no_table() {
        let quoted = "[Event \"x\"]\n\n1. e4 {a note\n   Yellow      Red\n} e5 *\n";
        assert_eq!(detect(quoted), Format::Pgn);
        let rest = "[Event \"x\"]\n\n1. e4 ; Yellow      Red      White\ne5 *\n";
        assert_eq!(detect(rest), Format::Pgn);
        let row = "[Event \"x\"]\n\n1. e4 {1.\tK. P. to K. 3.} e5 *\n";
        assert_eq!(detect(row), Format::Pgn);
        // Nor does a tag's value or an escape line (found by the fuzzer).
        let tag = "[Annotator \"1.\tK. P. to K. 3.\"]\n\n1. e4 e5 *\n";
        assert_eq!(detect(tag), Format::Pgn);
        // A brace in a table's tag opens no comment that would hide its header.
        let brace_in_tag =
            "[Annotator \"{\"]\n\nA game.\n\tYELLOW.\tRED.\n1st round\tK. P. to K. 3.\n";
        assert_eq!(detect(brace_in_tag), Format::Table);
        let escape = "%takes Yellow B.\tK. to K. 3.\n[Event \"x\"]\n\n1. e4 e5 *\n";
        assert_eq!(detect(escape), Format::Pgn);
        let printed = "%as printed: 1. P-K4 P-K4 2. Kt-KB3\n[Event \"x\"]\n\n1. e4 e5 *\n";
        assert_eq!(detect(printed), Format::Pgn);
        let table = "[Event \"x\"]\n\nA game.\n\tYELLOW.\tRED.\n1st round\tK. P. to K. 3.\n";
        assert_eq!(detect(table), Format::Table);
        // A closed comment ends what is hidden: a header after it counts.
        let after = "A game {note}\n   Yellow      Red\n1.\tK. P. to K. 3.\n";
        assert_eq!(detect(after), Format::Table);
    }
}
