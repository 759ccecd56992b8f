//! Conversion: a replayed record (its trace) as a resolved record, and that
//! in every notation the toolkit writes. A fact the target notation cannot
//! hold at all is an error; an annotation it cannot carry is named in the
//! [`Written::left_out`] list (a warning, or an error under `--strict`),
//! never lost silently.

use crate::board::Bits;
use crate::engine::{MoveList, Outcome};
use crate::notation::descriptive::Cell;
use crate::notation::descriptive_short::ShortStyle;
use crate::notation::table::{Round, RoundTable, Span, TableCell, Tag as TableTag, write_table};
use crate::notation::{long, pgn, san};
use crate::record::CompactString;
use crate::record::{self, MoveNotation, Origin, Record, RecordMove};
use crate::replay::{Event, Trace};
pub use crate::replay::{contradicts, result_of};
use crate::resolve::Identities;
use crate::resolve::descriptive::{Context, System, write as write_descriptive};
use crate::resolve::short::write as write_short;

/// The notations `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Notation {
    /// The JSON record (`"format": 1`).
    Json,
    /// One JSON record per line.
    Jsonl,
    /// PGN with short algebraic moves (two-player variants).
    Pgn,
    /// PGN4 as Chess.com writes it (14x14 variants), long algebraic moves.
    Pgn4,
    /// PGN-style movetext with long algebraic moves (any variant).
    Long,
    /// PGN-style movetext with short algebraic moves (any variant).
    San,
    /// English descriptive notation: for two players a score numbered as
    /// books printed it (`1. P-K4 P-K4 2. Kt-KB3 Kt-QB3`), for more a round
    /// table (Verney's layout).
    Descriptive,
    /// A round table with long algebraic cells.
    Table,
}

impl Notation {
    /// Every notation, in the order above.
    pub const ALL: [Notation; 8] = [
        Notation::Json,
        Notation::Jsonl,
        Notation::Pgn,
        Notation::Pgn4,
        Notation::Long,
        Notation::San,
        Notation::Descriptive,
        Notation::Table,
    ];
}

/// A fact the target notation cannot carry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConvertError(pub String);

/// A record written in a notation, with what the notation could not carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The text.
    pub text: String,
    /// What the notation left out, one entry each (`move 3 (e2-e4): comments`).
    pub left_out: Vec<String>,
}

/// How descriptive moves are written (`convert --to descriptive`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum DescriptiveStyle {
    /// Two players: the short style; more: Verney's verbose style.
    #[default]
    Auto,
    /// The short style of English books: `P-K4`, `Kt-KB3`, `BxKt ch`, `O-O`.
    Short,
    /// Verney's verbose style (`K. Kt. to K. B. 3.`), the short style for
    /// what it cannot say (castling).
    Verbose,
}

/// Options of the writers that have any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteOptions {
    /// The style of descriptive moves.
    pub style: DescriptiveStyle,
    /// The knight's name in short descriptive moves (`Kt`, `N`, `S`).
    pub knight: crate::notation::descriptive_short::Knight,
    /// A game of more than two players in descriptive notation as numbered
    /// movetext (`1. P-K3 .. P-K3 .. P-K3 .. P-K3`) rather than a round table.
    pub movetext: bool,
}

/// A replayed line as record moves: each resolved, with its checks, mates,
/// inferred flag, dice, glyphs, comments and variations.
fn resolved_line<B: Bits>(
    v: &crate::variant::Variant,
    plies: &[crate::replay::TracePly<B>],
    source: &[RecordMove],
) -> Vec<RecordMove> {
    let name = |s: usize| v.seat_name(s).to_string();
    plies
        .iter()
        .zip(source)
        .map(|(p, m)| {
            let written = p.text.trim();
            // A Chess.com exit stays in the move: alone (`R`, `T#`) or glued.
            let exit = p.events.iter().find_map(|e| match e {
                Event::Exit { timed_out, .. } => Some(if *timed_out { 'T' } else { 'R' }),
                _ => None,
            });
            let mv = match exit {
                Some(_) if p.mv.is_pass() => CompactString::from(written),
                Some(c) => {
                    compact_str::format_compact!("{}{c}", p.long.trim_end_matches(['+', '#']))
                }
                None => CompactString::from(p.long.trim_end_matches(['+', '#'])),
            };
            RecordMove {
                player: v.seat_name(p.seat).into(),
                // Chess.com's tokens are kept whenever they differ from the
                // move (their marks are the server's, not derived).
                written: (!written.is_empty()
                    && written != mv
                    && (written != p.long || v.hints.keeps_exits))
                    .then(|| CompactString::from(written)),
                checks: p
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Check { seat, .. } => Some(name(*seat)),
                        _ => None,
                    })
                    .collect(),
                mates: p
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Mated { seat } => Some(name(*seat)),
                        _ => None,
                    })
                    .collect(),
                inferred: p.inferred(),
                dice: m.dice,
                before: m.before.clone(),
                nags: m.nags.clone(),
                comments: p.comments.clone(),
                variations: p
                    .variations
                    .iter()
                    .zip(&m.variations)
                    .map(|(line, source)| resolved_line(v, line, source))
                    .collect(),
                origin: Origin::default(),
                mv,
            }
        })
        .collect()
}

/// The record of a replayed game: every move resolved, with its checks,
/// mates, inferred flag, dice and comments; the record's options, tags and
/// start; the result found by the replay, or the one stated.
pub fn to_record<B: Bits>(trace: &Trace<B>, source: &Record) -> Record {
    let v = trace.variant;
    let moves = resolved_line(v, &trace.plies, &source.moves);
    Record {
        format: record::FORMAT,
        variant: v.id.to_string(),
        options: source.options.clone(),
        tags: source.tags.clone(),
        comments: source.comments.clone(),
        notation: MoveNotation::Algebraic,
        start: source.start.clone(),
        moves,
        result: match (&trace.outcome, &source.result) {
            // Who has the most points is the record's to say (Chess.com FFA:
            // its Result includes awards the moves do not show).
            (
                Some(Outcome::Win {
                    reason: crate::engine::EndReason::MostPoints,
                    ..
                }),
                Some(stated),
            ) => Some(stated.clone()),
            // A stated result that the final position contradicts is kept as
            // the source states it (replay::result_warnings reports it).
            (Some(o), Some(stated)) if contradicts(v, o, stated) => Some(stated.clone()),
            (Some(o), _) => Some(result_of(v, o)),
            (None, stated) => stated.clone(),
        },
        escapes: source.escapes.clone(),
        warnings: source.warnings.clone(),
    }
}

/// Writes a replayed record in `notation`.
pub fn write<B: Bits>(
    trace: &Trace<B>,
    source: &Record,
    notation: Notation,
) -> Result<Written, ConvertError> {
    write_with(trace, source, notation, &WriteOptions::default())
}

/// Writes a replayed record in `notation`, with the writers' options.
pub fn write_with<B: Bits>(
    trace: &Trace<B>,
    source: &Record,
    notation: Notation,
    options: &WriteOptions,
) -> Result<Written, ConvertError> {
    let rec = to_record(trace, source);
    let mut left_out = Vec::new();
    let text = match notation {
        Notation::Json => record::to_json(&rec) + "\n",
        Notation::Jsonl => {
            let mut out = Vec::new();
            record::write_jsonl(&mut out, &rec).map_err(|e| ConvertError(e.to_string()))?;
            String::from_utf8(out).map_err(|e| ConvertError(e.to_string()))?
        }
        _ => {
            left_out.extend(tags_left_out(&rec));
            // Dice have no place in movetext or tables yet.
            for (i, m) in rec.moves.iter().enumerate() {
                if let Some([a, b]) = m.dice {
                    left_out.push(format!("move {} ({}): the dice [{a} {b}]", i + 1, m.mv));
                }
            }
            write_text(trace, &rec, notation, options, &mut left_out)?
        }
    };
    Ok(Written { text, left_out })
}

/// The notations other than JSON.
fn write_text<B: Bits>(
    trace: &Trace<B>,
    rec: &Record,
    notation: Notation,
    options: &WriteOptions,
    left_out: &mut Vec<String>,
) -> Result<String, ConvertError> {
    match notation {
        Notation::Json | Notation::Jsonl => Err(ConvertError("JSON is not text movetext".into())),
        Notation::Pgn | Notation::San => {
            if notation == Notation::Pgn && trace.variant.players() != 2 {
                return Err(ConvertError(format!(
                    "PGN holds two-player games; {} has {} players (use pgn4, long or san)",
                    trace.variant.id,
                    trace.variant.players()
                )));
            }
            movetext(trace, rec, true)
        }
        Notation::Pgn4 | Notation::Long => {
            if notation == Notation::Pgn4 && trace.variant.shape.width != 14 {
                return Err(ConvertError(format!(
                    "PGN4 holds games on the 14x14 board; {} is played on {} (use long)",
                    trace.variant.id, trace.variant.shape.name
                )));
            }
            movetext(trace, rec, false)
        }
        Notation::Descriptive if trace.variant.players() == 2 || options.movetext => {
            printed_score(trace, rec, options, left_out)
        }
        Notation::Descriptive => round_table(trace, rec, Some(options), left_out),
        Notation::Table => round_table(trace, rec, None, left_out),
    }
}

/// Whether a tag of the record can be written on a tag line (PGN, PGN4, a
/// printed score, a round table) and read back the same: a name such a
/// line holds, a value on one line. JSON carries any tag.
fn tag_carried(t: &crate::record::Tag) -> bool {
    pgn::is_tag_name(&t.key) && on_one_line(&t.value)
}

/// A position text as a tag line holds it: its fields apart by one space
/// (a PGN reader takes a `FEN` tag's value over lines, line break and all).
fn one_line_position(start: &str) -> String {
    start.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether a tag's value fits on its tag line: no line break.
fn on_one_line(value: &str) -> bool {
    !value.contains(['\n', '\r'])
}

/// The tags of `rec` that tag lines leave out, as `Written::left_out` says
/// them: its own tags, and a result or termination whose text runs over
/// lines (a PGN reader takes a tag's value over lines), written as `*` and
/// left out.
pub(crate) fn tags_left_out(rec: &Record) -> Vec<String> {
    let result = rec.result.as_ref();
    let score = result.map(|r| ("Result", r.score.as_str()));
    let reason = result.and_then(|r| Some(("Termination", r.reason.as_deref()?)));
    rec.tags
        .iter()
        .filter(|t| !tag_carried(t))
        .map(|t| t.key.as_str())
        .chain(
            score
                .into_iter()
                .chain(reason)
                .filter(|(_, value)| !on_one_line(value))
                .map(|(key, _)| key),
        )
        .map(|key| {
            format!("the tag {key:?}: a tag line holds no such name or no line break in its value")
        })
        .collect()
}

/// Tags for PGN-style output: the record's (those a tag line carries), then
/// the variant, the seats, the start position and the result.
pub(crate) fn pgn_tags(v: &crate::variant::Variant, rec: &Record) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = rec
        .tags
        .iter()
        .filter(|t| tag_carried(t))
        .map(|t| (t.key.clone(), t.value.clone()))
        .collect();
    if v.hints.variant_tag {
        tags.push(("Variant".into(), v.id.into()));
    }
    if v.players() > 2 {
        let seats: Vec<&str> = v.seats.iter().map(|s| s.name).collect();
        tags.push(("Seats".into(), seats.join(" ")));
    }
    if let Some(options) = options_tag(rec) {
        tags.push(("Options".into(), options));
    }
    if let Some(start) = rec.start.as_deref().map(one_line_position) {
        if v.shape.width == 14 {
            tags.push(("StartFen4".into(), start));
        } else {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start));
        }
    } else if let Some(own) = v.own_start_name() {
        // Read without a start tag the game would begin from another array
        // (Chess.com's PGN4 without StartFen4 is the classic one): name the
        // variant's own.
        tags.push(("StartFen4".into(), own.into()));
    }
    let result = rec.result.as_ref();
    // The Seven Tag Roster's place in PGN: after the leading Event, Site,
    // Date, Round, White and Black; after every other tag in PGN4.
    let roster = ["Event", "Site", "Date", "Round", "White", "Black"];
    let at = if v.players() == 2 {
        tags.iter()
            .take_while(|(k, _)| roster.contains(&k.as_str()))
            .count()
    } else {
        tags.len()
    };
    tags.insert(
        at,
        (
            "Result".into(),
            result
                .map(|r| r.score.clone())
                .filter(|score| on_one_line(score))
                .unwrap_or_else(|| "*".into()),
        ),
    );
    if let Some(reason) = result
        .and_then(|r| r.reason.clone())
        .filter(|reason| on_one_line(reason))
    {
        tags.push(("Termination".into(), reason));
    }
    tags
}

/// The record's rule options as an `Options` tag's value (`name=value ...`).
fn options_tag(rec: &Record) -> Option<String> {
    (!rec.options.is_empty()).then(|| {
        rec.options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// A comment in PGN braces; a `}` inside cannot be written.
pub(crate) fn brace_comment(c: &str, at: &str) -> Result<String, ConvertError> {
    if c.contains('}') {
        return Err(ConvertError(format!(
            "{at}: a comment holding `}}` cannot be written in PGN"
        )));
    }
    Ok(format!("{{{c}}}"))
}

pub(crate) fn pgn_result(rec: &Record) -> String {
    match rec.result.as_ref().map(|r| r.score.as_str()) {
        Some(s @ ("1-0" | "0-1" | "1/2-1/2")) => s.to_string(),
        _ => "*".to_string(),
    }
}

/// The text of each ply of a line: the move with its marks, then its
/// glyphs, the inferred mark, its comments and its variations.
/// How movetext writes a move: short (SAN) or long algebraic, and with
/// which piece letters (a record's `Language` tag; English when none).
#[derive(Debug, Clone, Copy)]
struct Style {
    short: bool,
    letters: Option<crate::notation::localized::Letters>,
}

fn ply_texts<B: Bits>(
    v: &crate::variant::Variant,
    start: &crate::engine::Position<B>,
    plies: &[crate::replay::TracePly<B>],
    moves: &[RecordMove],
    style: Style,
) -> Result<Vec<String>, ConvertError> {
    let mut out = Vec::with_capacity(plies.len());
    let mut before = *start;
    let mut list = MoveList::new();
    for (ply, m) in plies.iter().zip(moves) {
        let marks: String = ply
            .long
            .chars()
            .rev()
            .take_while(|c| *c == '+' || *c == '#')
            .collect();
        let mut text = if let Some(token) = crate::notation::chesscom::token(v, &before, ply) {
            token
        } else if ply.mv.is_pass() {
            let mated = ply.events.iter().any(|e| matches!(e, Event::Mated { .. }));
            let stalemated = ply
                .events
                .iter()
                .any(|e| matches!(e, Event::Stalemated { .. }));
            match (v.shape.width == 14, mated, stalemated) {
                (true, true, _) => "#".to_string(),
                (true, _, true) => "S".to_string(),
                _ => "--".to_string(),
            }
        } else if style.short {
            before.turn_moves(&mut list);
            san::write(&before, list.as_slice(), ply.mv) + &marks
        } else {
            long::write(&before, ply.mv) + &marks
        };
        if let Some(letters) = style.letters {
            text = crate::notation::localized::from_english(&text, letters);
        }
        let at = || format!("move {} ({})", out.len() + 1, m.mv);
        for nag in &m.nags {
            text.push_str(&format!(" ${nag}"));
        }
        if m.inferred {
            text.push_str(" {[%inferred]}");
        }
        for c in &m.comments {
            text.push(' ');
            text.push_str(&brace_comment(c, &at())?);
        }
        for (line, source) in ply.variations.iter().zip(&m.variations) {
            text.push_str(" (");
            text.push_str(&variation_text(v, &before, line, source, style)?);
            text.push(')');
        }
        out.push(text);
        before = ply.after;
    }
    Ok(out)
}

/// A variation's movetext from `start`, numbered as its own line: `12...`
/// before a second player's first move or after a comment or a variation.
fn variation_text<B: Bits>(
    v: &crate::variant::Variant,
    start: &crate::engine::Position<B>,
    plies: &[crate::replay::TracePly<B>],
    moves: &[RecordMove],
    style: Style,
) -> Result<String, ConvertError> {
    let texts = ply_texts(v, start, plies, moves, style)?;
    let mut items: Vec<String> = Vec::new();
    let mut before = *start;
    for (i, ((ply, m), text)) in plies.iter().zip(moves).zip(texts).enumerate() {
        for c in &m.before {
            items.push(brace_comment(c, "the start of a variation")?);
        }
        let number = before.fullmove_number();
        let after_note = items
            .last()
            .is_some_and(|t| t.ends_with('}') || t.ends_with(')'));
        if v.players() == 2 {
            if before.turn() == 0 {
                items.push(format!("{number}."));
            } else if i == 0 || after_note {
                items.push(format!("{number}..."));
            }
        } else if i == 0 || before.turn() == 0 {
            items.push(format!("{}.", ply.round));
        } else {
            items.push("..".to_string());
        }
        items.push(text);
        before = ply.after;
    }
    Ok(items.join(" "))
}

fn movetext<B: Bits>(trace: &Trace<B>, rec: &Record, short: bool) -> Result<String, ConvertError> {
    // Escape lines stand before the game, `%` in the first column, as found.
    let mut escapes = String::new();
    for line in &rec.escapes {
        escapes.push('%');
        escapes.push_str(line);
        escapes.push('\n');
    }
    // A `Language` tag asks for its piece letters (`[Language "de"]`: `Sf3`).
    let letters = rec
        .tags
        .iter()
        .find(|t| t.key.eq_ignore_ascii_case("Language"))
        .and_then(|t| crate::notation::localized::Letters::of_tag(&t.value));
    movetext_body(trace, rec, Style { short, letters }).map(|text| escapes + &text)
}

fn movetext_body<B: Bits>(
    trace: &Trace<B>,
    rec: &Record,
    style: Style,
) -> Result<String, ConvertError> {
    let v = trace.variant;
    let mut plies = ply_texts(v, &trace.start, &trace.plies, &rec.moves, style)?;
    let tags = pgn_tags(trace.variant, rec);
    let mut result = pgn_result(rec);
    // The game's own comments stand before its first move.
    let mut opening = String::new();
    for c in &rec.comments {
        opening.push_str(&brace_comment(c, "before the first move")?);
        opening.push(' ');
    }
    match plies.first_mut() {
        Some(first) if !opening.is_empty() => {
            // After the move number of the first move, before the move.
            *first = format!("{opening}{first}");
        }
        None => result = format!("{opening}{result}"),
        _ => {}
    }
    if v.players() == 2 {
        // Numbered from the start position's move number; `14... Ke8`
        // where Black moves first.
        return Ok(pgn::write_numbered(
            &tags,
            &plies,
            u64::from(trace.start.fullmove_number()),
            trace.start.turn() == 1,
            &result,
        ));
    }
    // A round ends when the turn order wraps: players who left the game
    // have no slot (as PGN4 writes eliminations).
    let mut rounds: Vec<Vec<String>> = Vec::new();
    let mut last_seat = None;
    for (ply, text) in trace.plies.iter().zip(plies) {
        if rounds.is_empty() || last_seat.is_some_and(|s| ply.seat <= s) {
            rounds.push(Vec::new());
        }
        if let Some(round) = rounds.last_mut() {
            round.push(text);
        }
        last_seat = Some(ply.seat);
    }
    Ok(pgn::write_rounds(&tags, &rounds, &result))
}

/// A round table: one column per player in the order of play from the
/// player who moves first (Verney's 1881 game opens with Yellow, the 1892
/// match with White), cells in descriptive notation when `descriptive`
/// gives its options, else in long algebraic.
fn round_table<B: Bits>(
    trace: &Trace<B>,
    rec: &Record,
    descriptive: Option<&WriteOptions>,
    left_out: &mut Vec<String>,
) -> Result<String, ConvertError> {
    let v = trace.variant;
    let first = trace.start.turn();
    // Out of the game: eliminated, or (Chess.com) mated, resigned or timed
    // out, whose turns are bare `#`, `R`, `T` tokens a cell cannot hold. A
    // resignation that ends a game at once (Teams) leaves no status behind
    // but its ply's exit.
    let left = |p: &crate::replay::TracePly<B>| {
        p.events.iter().any(|e| matches!(e, Event::Exit { .. }))
            || (0..v.players()).any(|s| match p.after.status(s) {
                crate::engine::Status::Out | crate::engine::Status::Walking => true,
                crate::engine::Status::Mated => v.hints.keeps_exits,
                _ => false,
            })
    };
    if let Some(i) = trace.plies.iter().position(left) {
        return Err(ConvertError(format!(
            "move {}: a player has left the game (resigned, timed out, mated or eliminated); a round table keeps one column per player",
            i + 1
        )));
    }
    let systems = System::all::<B>(v);
    let mut ids = Identities::new(&trace.start);
    let mut before = trace.start;
    let mut list = MoveList::new();
    let mut cells = Vec::with_capacity(trace.plies.len());
    for (i, (ply, m)) in trace.plies.iter().zip(&rec.moves).enumerate() {
        if !m.comments.is_empty() {
            left_out.push(format!(
                "move {} ({}): comments (a round table has no place for them): {}",
                i + 1,
                m.mv,
                m.comments.join(" ")
            ));
        }
        if !m.variations.is_empty() {
            left_out.push(format!(
                "move {} ({}): {} variation(s) (a round table has no place for them)",
                i + 1,
                m.mv,
                m.variations.len()
            ));
        }
        if !m.nags.is_empty() || !m.before.is_empty() {
            left_out.push(format!(
                "move {} ({}): its glyphs or the comments before it (a round table has no place for them)",
                i + 1,
                m.mv
            ));
        }
        let text = if m.inferred {
            if descriptive.is_some() {
                "Any move.".to_string()
            } else {
                "?".to_string()
            }
        } else if let Some(options) = descriptive {
            before.turn_moves(&mut list);
            let ctx = Context {
                systems: &systems,
                ids: &ids,
            };
            let check = !m.checks.is_empty();
            let at = |e: String| ConvertError(format!("move {}: {e}", i + 1));
            let style = ShortStyle {
                knight: options.knight,
                verbose: false,
            };
            let marks = (check, !m.mates.is_empty());
            let short = || write_short(&before, &ctx, list.as_slice(), ply.mv, marks, &style);
            if options.style == DescriptiveStyle::Short {
                short().map_err(at)?
            } else {
                // Verney's style; the short one for what it cannot say
                // (castling, the piece a pawn becomes).
                write_descriptive(&before, &ctx, list.as_slice(), ply.mv, check)
                    .or_else(|e| short().map_err(|_| e))
                    .map_err(at)?
            }
        } else {
            ply.long.clone()
        };
        cells.push(text);
        ids.follow(&before, ply.mv);
        before = ply.after;
    }
    if !rec.comments.is_empty() {
        left_out.push(format!(
            "the comments before the first move: {}",
            rec.comments.join(" ")
        ));
    }
    if !rec.escapes.is_empty() {
        left_out.push(format!("{} PGN escape line(s)", rec.escapes.len()));
    }
    let mut tags = vec![TableTag {
        key: "Variant".into(),
        value: v.id.into(),
        span: Span::default(),
    }];
    if let Some(options) = options_tag(rec) {
        tags.push(TableTag {
            key: "Options".into(),
            value: options,
            span: Span::default(),
        });
    }
    tags.extend(
        rec.tags
            .iter()
            .filter(|t| tag_carried(t))
            .map(|t| TableTag {
                key: t.key.clone(),
                value: t.value.clone(),
                span: Span::default(),
            }),
    );
    if let Some(start) = &rec.start {
        let key = if v.shape.width == 14 {
            "StartFen4"
        } else {
            "FEN"
        };
        tags.push(TableTag {
            key: key.into(),
            value: one_line_position(start),
            span: Span::default(),
        });
    }
    // A result or termination over lines is left out (see `tags_left_out`).
    if let Some(r) = rec.result.as_ref().filter(|r| on_one_line(&r.score)) {
        tags.push(TableTag {
            key: "Result".into(),
            value: r.score.clone(),
            span: Span::default(),
        });
        if let Some(reason) = r.reason.as_ref().filter(|reason| on_one_line(reason)) {
            tags.push(TableTag {
                key: "Termination".into(),
                value: reason.clone(),
                span: Span::default(),
            });
        }
    }
    let order: Vec<usize> = (0..v.players())
        .map(|i| (first + i) % v.players())
        .collect();
    let rounds = cells
        .chunks(v.players())
        .enumerate()
        .map(|(n, row)| Round {
            label: format!("{}.", n + 1),
            number: n + 1,
            span: Span::default(),
            cells: row
                .iter()
                .map(|t| TableCell {
                    text: t.clone(),
                    span: Span::default(),
                    cell: Cell::Empty,
                })
                .collect(),
        })
        .collect();
    let table = RoundTable {
        tags,
        players: order.iter().map(|&s| v.seats[s].name.to_string()).collect(),
        header_span: Span::default(),
        rounds,
        next: None,
    };
    Ok(write_table(&table))
}

/// A game as books printed it: tags, then numbered moves in English
/// descriptive notation (`1. P-K4 P-K4 2. Kt-KB3 Kt-QB3`), each the
/// shortest description that fits no other legal move, comments in braces
/// (`5. ...` before the reply printed after a comment), the result. More
/// than two players: each round numbered, its moves apart by `..`
/// (`1. P-K3 .. P-K3 .. P-K3 .. P-K3`), `--` for a turn without a move.
/// It reads back to the same moves.
fn printed_score<B: Bits>(
    trace: &Trace<B>,
    rec: &Record,
    options: &WriteOptions,
    left_out: &mut Vec<String>,
) -> Result<String, ConvertError> {
    let v = trace.variant;
    let style = ShortStyle {
        knight: options.knight,
        verbose: options.style == DescriptiveStyle::Verbose,
    };
    let systems = System::all::<B>(v);
    let mut ids = Identities::new(&trace.start);
    let mut before = trace.start;
    let mut list = MoveList::new();
    let mut items: Vec<String> = Vec::new();
    for c in &rec.comments {
        items.push(brace_comment(c, "before the first move")?);
    }
    let mut last_seat: Option<usize> = None;
    for (i, (ply, m)) in trace.plies.iter().zip(&rec.moves).enumerate() {
        let at = || format!("move {} ({})", i + 1, m.mv);
        if !m.variations.is_empty() {
            left_out.push(format!(
                "{}: {} variation(s) (a printed score has no place for them)",
                at(),
                m.variations.len()
            ));
        }
        if !m.nags.is_empty() || !m.before.is_empty() {
            left_out.push(format!(
                "{}: its glyphs or the comments before it (a printed score has no place for them)",
                at()
            ));
        }
        if m.inferred {
            left_out.push(format!("{}: the mark that the replay inferred it", at()));
        }
        before.turn_moves(&mut list);
        let ctx = Context {
            systems: &systems,
            ids: &ids,
        };
        let marks = (!m.checks.is_empty(), !m.mates.is_empty());
        let text = write_short(&before, &ctx, list.as_slice(), ply.mv, marks, &style)
            .map_err(|e| ConvertError(format!("move {}: {e}", i + 1)))?;
        let number = before.fullmove_number();
        let after_note = items.last().is_some_and(|t| t.ends_with('}'));
        if v.players() > 2 {
            // A round begins where the order of play, counted from the
            // player who moved first, wraps.
            let n = v.players();
            let place = (ply.seat + n - trace.start.turn()) % n;
            if last_seat.is_none_or(|s| place <= s) {
                items.push(format!("{}. {text}", ply.round));
            } else {
                items.push(format!(".. {text}"));
            }
            last_seat = Some(place);
        } else if before.turn() == 0 {
            items.push(format!("{number}. {text}"));
        } else if i == 0 || after_note {
            items.push(format!("{number}. ... {text}"));
        } else {
            items.push(text);
        }
        for c in &m.comments {
            items.push(brace_comment(c, &at())?);
        }
        ids.follow(&before, ply.mv);
        before = ply.after;
    }
    if !rec.escapes.is_empty() {
        left_out.push(format!("{} PGN escape line(s)", rec.escapes.len()));
    }
    items.push(pgn_result(rec));
    let mut out = String::new();
    for (key, value) in pgn_tags(trace.variant, rec) {
        out.push_str(&pgn::write_tag(&key, &value));
        out.push('\n');
    }
    out.push('\n');
    // Lines of at most 79 characters, never breaking a move.
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && line.chars().count() + 1 + item.chars().count() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&item);
    }
    out.push_str(&line);
    out.push('\n');
    Ok(out)
}
