//! Replay of dice records (Skock, rules.md section 4): each turn of the
//! record is read and checked against the position by
//! [`DicePosition::check`] (the dice fit the paths, every step is a legal
//! step of the one move generator, only the last captures, a return only on
//! a double, a pass only when nothing else is legal), then played.
//!
//! A dice turn lives in the one [`Record`] like any move: its throw in
//! [`RecordMove::dice`], the rest in [`RecordMove::mv`] (`f4xe5,
//! Ng2-f4-g2-f4xe6`, `back a1 b1 c1`, `--`). A `mv` that still carries its
//! dice in front (`[1 4] f4xe5, ...`, as movetext writes it) reads too.
//!
//! ```
//! use roundtable::{Game, read_str};
//!
//! let pgn = "[Variant \"skock\"]\n\n1. [1 1] d4xe5, e4xd5 [2 3] -- *\n";
//! let game = Game::replay(read_str(pgn).remove(0)?)?;
//! assert_eq!(game.len(), 2);
//! let record = game.resolved();
//! assert_eq!(record.moves[0].dice, Some([1, 1]));
//! assert_eq!(record.moves[0].mv, "d4xe5, e4xd5");
//! let trace = game.dice_trace().expect("a dice game");
//! assert_eq!(trace.last().queues[1].len(), 2); // Black's two pawns
//! # Ok::<(), roundtable::Error>(())
//! ```

use crate::convert::{ConvertError, Notation, Written};
use crate::engine::dice::{DiceAction, DicePosition, DiceTurn};
use crate::engine::{EndReason, Outcome};
use crate::men::Kind;
use crate::record::{self, MoveNotation, Origin, Record, RecordMove, Span};
use crate::replay::{ErrorKind, Event, ReplayError};
use crate::report::material::{RoundMaterial, Scale};
use crate::variant::Variant;

/// One turn of a replayed dice record.
#[derive(Debug, Clone)]
pub struct DicePly {
    /// The round (move number) of the turn.
    pub round: usize,
    /// The seat that threw.
    pub seat: usize,
    /// The turn as the record wrote it, with its dice: `[1 4] f4xe5, Ng2-f4`.
    pub text: String,
    /// Where the turn stood in the source, when the reader knew it.
    pub span: Option<Span>,
    /// The turn, checked.
    pub turn: DiceTurn,
    /// The turn's text as roundtable writes it.
    pub long: String,
    /// What happened: captures (kings among them), exchanges (as
    /// promotions), men brought back, a pass, a player left without a king.
    pub events: Vec<Event>,
    /// The record's comments on the turn.
    pub comments: Vec<String>,
    /// The position after the turn.
    pub after: DicePosition,
    /// The variations replacing this turn, each replayed from the position
    /// before it.
    pub variations: Vec<Vec<DicePly>>,
}

impl DicePly {
    /// The steps the turn's paths took (0 for a return or a pass).
    pub fn steps(&self) -> usize {
        match &self.turn.action {
            DiceAction::Paths(paths) => paths.iter().map(|p| p.steps.len()).sum(),
            _ => 0,
        }
    }
}

/// The replay of one dice game.
#[derive(Debug, Clone)]
pub struct DiceTrace {
    /// The variant the game was replayed under.
    pub variant: &'static Variant,
    /// The position before the first turn, with its queues.
    pub start: DicePosition,
    /// The turns of the main line, in order.
    pub plies: Vec<DicePly>,
    /// Set when a player has no king left after the last turn.
    pub outcome: Option<Outcome>,
}

impl DiceTrace {
    /// The position after the last turn of the main line.
    pub fn last(&self) -> &DicePosition {
        self.plies.last().map(|p| &p.after).unwrap_or(&self.start)
    }

    /// The turns inside the main line's variations, at any depth.
    pub fn variation_plies(&self) -> usize {
        fn count(line: &[DicePly]) -> usize {
            line.iter()
                .map(|p| 1 + p.variations.iter().map(|v| count(v)).sum::<usize>())
                .sum()
        }
        self.plies
            .iter()
            .map(|p| p.variations.iter().map(|v| count(v)).sum::<usize>())
            .sum()
    }
}

/// The throw written in front of a turn (`[1 4] ...`): the dice and the
/// byte offset where the rest begins; `None` when the text does not start
/// with a throw.
pub fn split_dice(text: &str) -> Option<([u8; 2], usize)> {
    let rest = text.strip_prefix('[')?;
    let close = rest.find(']')?;
    let mut dice = rest[..close].split_whitespace().map(|d| d.parse::<u8>());
    let (Some(Ok(a)), Some(Ok(b)), None) = (dice.next(), dice.next(), dice.next()) else {
        return None;
    };
    let body = 1 + close + 1;
    let skipped = text[body..].len() - text[body..].trim_start().len();
    Some(([a, b], body + skipped))
}

/// Replays a dice record: every turn checked, or the first that does not
/// fit, naming the token (its column within the turn) and the legal steps.
pub fn replay_dice(record: &Record) -> Result<DiceTrace, Box<ReplayError>> {
    let variant = crate::replay::variant_of(record)?;
    let text = record.start.as_deref().unwrap_or(variant.start);
    let start = DicePosition::read(variant, text).map_err(|message| {
        Box::new(ReplayError {
            kind: ErrorKind::StartPosition,
            round: 0,
            player: String::new(),
            text: text.to_string(),
            span: None,
            message: format!("the start position does not read: {message}"),
            moves: Vec::new(),
            variation: None,
        })
    })?;
    if record.notation != MoveNotation::Algebraic {
        return Err(Box::new(ReplayError {
            kind: ErrorKind::Unreadable,
            round: 0,
            player: String::new(),
            text: variant.id.to_string(),
            span: None,
            message: "dice turns are written in algebraic notation (`[1 4] f4xe5, Ng2-f4`); descriptive notation has no form for them".into(),
            moves: Vec::new(),
            variation: None,
        }));
    }
    let plies = replay_line(variant, &start, &record.moves, 0)?;
    let last = plies.last().map(|p| &p.after).unwrap_or(&start);
    let outcome = outcome_of(last);
    Ok(DiceTrace {
        variant,
        start,
        plies,
        outcome,
    })
}

/// The game's end: the player without a king has lost.
fn outcome_of(pos: &DicePosition) -> Option<Outcome> {
    pos.loser().map(|loser| Outcome::Win {
        seats: 1 << (1 - loser),
        reason: EndReason::NoKingLeft,
    })
}

/// How deep variations may nest in a dice record.
const MAX_DEPTH: usize = 200;

fn replay_line(
    variant: &'static Variant,
    start: &DicePosition,
    moves: &[RecordMove],
    depth: usize,
) -> Result<Vec<DicePly>, Box<ReplayError>> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let seat = pos.turn();
        let round = pos.board.fullmove_number() as usize;
        let fail = |kind: ErrorKind, text: &str, span: Option<Span>, message: String| {
            Box::new(ReplayError {
                kind,
                round,
                player: variant.seat_name(seat).to_string(),
                text: text.to_string(),
                span,
                message,
                moves: Vec::new(),
                variation: None,
            })
        };
        // The whole turn's text, its throw in front, and where the body
        // (the record's `mv`) starts in it.
        let (text, body_at) = match (split_dice(m.mv.trim()), m.dice) {
            (Some((written, at)), dice) => {
                if dice.is_some_and(|d| d != written) {
                    return Err(fail(
                        ErrorKind::Unreadable,
                        &m.mv,
                        m.origin.span,
                        format!(
                            "the turn is written with the dice {written:?} but the record gives {:?}",
                            dice.unwrap_or(written)
                        ),
                    ));
                }
                (m.mv.trim().to_string(), at)
            }
            (None, Some([a, b])) => {
                let prefix = format!("[{a} {b}] ");
                (format!("{prefix}{}", m.mv.trim()), prefix.len())
            }
            (None, None) => {
                return Err(fail(
                    ErrorKind::Unreadable,
                    &m.mv,
                    m.origin.span,
                    "a dice turn: its throw (`dice` in the record, or `[a b]` before the turn) and the paths".into(),
                ));
            }
        };
        if !m.player.is_empty() && !m.player.eq_ignore_ascii_case(variant.seat_name(seat)) {
            return Err(fail(
                ErrorKind::WrongTurn,
                &text,
                m.origin.span,
                format!(
                    "the record gives this turn to {}, but {} throws now",
                    m.player,
                    variant.seat_name(seat)
                ),
            ));
        }
        if let Some(loser) = pos.loser() {
            return Err(fail(
                ErrorKind::GameOver,
                &text,
                m.origin.span,
                format!(
                    "the game is over: {} has no king left",
                    variant.seat_name(loser)
                ),
            ));
        }
        let turn = pos.check(&text).map_err(|e| {
            // The column of the token in the source: the record's span is the
            // body's (the dice stand before it).
            let span = m.origin.span.map(|s| {
                let within = e.column.saturating_sub(1);
                let column = if m.mv.trim_start().starts_with('[') {
                    s.column + within
                } else {
                    s.column + within.saturating_sub(body_at)
                };
                let len = text
                    .get(within..)
                    .map(|t| {
                        t.find(|c: char| c.is_whitespace() || c == ',')
                            .unwrap_or(t.len())
                    })
                    .unwrap_or(1)
                    .max(1);
                Span {
                    line: s.line,
                    column,
                    len,
                }
            });
            let kind = if e.message.contains("a pass, but") {
                ErrorKind::NotAPass
            } else if e.message.starts_with("expected") && !e.message.contains("squares for") {
                ErrorKind::Unreadable
            } else {
                ErrorKind::NoMatch
            };
            let token = text
                .get(e.column.saturating_sub(1)..)
                .unwrap_or("")
                .split([' ', ','])
                .next()
                .unwrap_or("")
                .to_string();
            let at = if token.is_empty() || token == text {
                format!("column {} of the turn", e.column)
            } else {
                format!("`{token}` (column {} of the turn)", e.column)
            };
            fail(kind, &text, span, format!("{at}: {}", e.message))
        })?;
        let before = pos.clone();
        let events = events_of(&before, &turn);
        pos.play(&turn);
        let mut events = events;
        if let Some(loser) = pos.loser() {
            events.push(Event::NoKingLeft { seat: loser });
        }
        let mut variations = Vec::new();
        for line in &m.variations {
            if depth + 1 > MAX_DEPTH {
                return Err(fail(
                    ErrorKind::Unreadable,
                    &text,
                    m.origin.span,
                    format!("variations nested at most {MAX_DEPTH} deep"),
                ));
            }
            variations.push(replay_line(variant, &before, line, depth + 1)?);
        }
        out.push(DicePly {
            round,
            seat,
            long: before.text(&turn),
            text,
            span: m.origin.span,
            turn,
            events,
            comments: m.comments.clone(),
            after: pos.clone(),
            variations,
        });
    }
    Ok(out)
}

/// The events of a legal turn played from `before`: every capture (the
/// man taken, on the square of the last step), every exchange (as a
/// promotion), the men brought back, or the pass.
pub fn events_of(before: &DicePosition, turn: &DiceTurn) -> Vec<Event> {
    let mut events = Vec::new();
    match &turn.action {
        DiceAction::Pass => events.push(Event::Pass),
        DiceAction::Back(squares) => {
            let me = before.turn();
            let men = squares
                .iter()
                .zip(&before.queues[me])
                .map(|(&sq, &kind)| (sq, kind))
                .collect();
            events.push(Event::Returned { men });
        }
        DiceAction::Paths(paths) => {
            // The first path changes the board the second walks on.
            let mut pos = before.clone();
            for path in paths {
                for step in &path.steps {
                    if step.capture
                        && let Some(man) = pos.board.man_at(step.to)
                    {
                        events.push(Event::Capture {
                            man,
                            square: step.to,
                        });
                    }
                    if let Some(kind) = step.exchange {
                        events.push(Event::Promotion(kind));
                    }
                }
                pos.play_path(path);
            }
        }
    }
    events
}

/// The record of a replayed dice game: every turn in the form roundtable
/// writes (`dice` and `mv` apart), with its comments and variations; the
/// result the replay finds, or the one stated.
pub fn to_record(trace: &DiceTrace, source: &Record) -> Record {
    let v = trace.variant;
    Record {
        format: record::FORMAT,
        variant: v.id.to_string(),
        options: source.options.clone(),
        tags: source.tags.clone(),
        comments: source.comments.clone(),
        notation: MoveNotation::Algebraic,
        start: source.start.clone(),
        moves: record_line(v, &trace.plies, &source.moves),
        result: match &trace.outcome {
            Some(o) => Some(crate::convert::result_of(v, o)),
            None => source.result.clone(),
        },
        escapes: source.escapes.clone(),
        warnings: source.warnings.clone(),
    }
}

fn record_line(v: &Variant, plies: &[DicePly], source: &[RecordMove]) -> Vec<RecordMove> {
    plies
        .iter()
        .zip(source)
        .map(|(p, m)| {
            let body = split_dice(&p.long)
                .map(|(_, at)| p.long[at..].to_string())
                .unwrap_or_else(|| p.long.clone());
            RecordMove {
                player: v.seat_name(p.seat).into(),
                mv: body.into(),
                dice: Some(p.turn.dice),
                before: m.before.clone(),
                nags: m.nags.clone(),
                comments: p.comments.clone(),
                variations: p
                    .variations
                    .iter()
                    .zip(&m.variations)
                    .map(|(line, source)| record_line(v, line, source))
                    .collect(),
                origin: Origin::default(),
                ..RecordMove::default()
            }
        })
        .collect()
}

/// Writes a replayed dice game: JSON, JSON Lines, or PGN movetext with the
/// turns as roundtable writes them (`1. [1 4] f4xe5, Ng2-f4-g2-f4xe6 [3 3]
/// back a8 b8 c8 2. ...`; `pgn`, `long` and `san` are the same text, the
/// dice turn having one written form). PGN4, descriptive notation and round
/// tables have no form for a dice turn.
pub fn write(
    trace: &DiceTrace,
    source: &Record,
    notation: Notation,
) -> Result<Written, ConvertError> {
    let rec = to_record(trace, source);
    let text = match notation {
        Notation::Json => record::to_json(&rec) + "\n",
        Notation::Jsonl => {
            let mut out = Vec::new();
            record::write_jsonl(&mut out, &rec).map_err(|e| ConvertError(e.to_string()))?;
            String::from_utf8(out).map_err(|e| ConvertError(e.to_string()))?
        }
        Notation::Pgn | Notation::Long | Notation::San => {
            let tags = crate::convert::pgn_tags(trace.variant, &rec);
            let plies = ply_texts(&trace.plies, &rec.moves)?;
            let mut text = String::new();
            for c in &rec.comments {
                text.push_str(&crate::convert::brace_comment(c, "the game's comment")?);
                text.push('\n');
            }
            let game = crate::notation::pgn::write_game(
                &tags,
                &plies,
                2,
                &crate::convert::pgn_result(&rec),
            );
            match game.split_once("\n\n") {
                Some((head, moves)) if !text.is_empty() => format!("{head}\n\n{text}{moves}"),
                _ => game,
            }
        }
        Notation::Pgn4 | Notation::Descriptive | Notation::Table => {
            return Err(ConvertError(format!(
                "{} turns are dice turns: PGN4, descriptive notation and round tables have no form for them (use pgn, long, json or jsonl)",
                trace.variant.id
            )));
        }
    };
    let left_out = match notation {
        Notation::Json | Notation::Jsonl => Vec::new(),
        _ => crate::convert::tags_left_out(&rec),
    };
    Ok(Written { text, left_out })
}

/// Each turn's movetext: the turn, its glyphs, comments and variations.
fn ply_texts(plies: &[DicePly], moves: &[RecordMove]) -> Result<Vec<String>, ConvertError> {
    let mut out = Vec::with_capacity(plies.len());
    for (i, (p, m)) in plies.iter().zip(moves).enumerate() {
        let mut text = String::new();
        for c in &m.before {
            text.push_str(&crate::convert::brace_comment(
                c,
                &format!("turn {}", i + 1),
            )?);
            text.push(' ');
        }
        text.push_str(&p.long);
        for nag in &m.nags {
            text.push_str(&format!(" ${nag}"));
        }
        for c in &p.comments {
            text.push(' ');
            text.push_str(&crate::convert::brace_comment(
                c,
                &format!("turn {}", i + 1),
            )?);
        }
        for (line, source) in p.variations.iter().zip(&m.variations) {
            let inner = ply_texts(line, source)?;
            let numbered: Vec<String> = line
                .iter()
                .zip(inner)
                .enumerate()
                .map(|(k, (q, t))| {
                    if k == 0 || q.seat == 0 {
                        let dots = if q.seat == 0 { "." } else { "..." };
                        format!("{}{dots} {t}", q.round)
                    } else {
                        t
                    }
                })
                .collect();
            text.push_str(&format!(" ({})", numbered.join(" ")));
        }
        out.push(text);
    }
    Ok(out)
}

/// What each player did with the dice over a game (the Skock counters of
/// `roundtable stats`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct DiceCounts {
    /// The player.
    pub player: String,
    /// Turns thrown.
    pub throws: usize,
    /// Doubles among them.
    pub doubles: usize,
    /// Steps walked by his men.
    pub steps: usize,
    /// Turns passed: nothing could use the dice.
    pub passes: usize,
    /// Men brought back from his queue on doubles.
    pub returned: usize,
    /// Pawns exchanged on the last rank for a man of the queue.
    pub exchanges: usize,
    /// Men he captured (kings included).
    pub captures: usize,
    /// Kings he captured.
    pub kings_captured: usize,
}

/// The dice counters of every player over the main line.
pub fn counts(trace: &DiceTrace) -> Vec<DiceCounts> {
    let v = trace.variant;
    let mut out: Vec<DiceCounts> = (0..v.players())
        .map(|s| DiceCounts {
            player: v.seat_name(s).to_string(),
            ..DiceCounts::default()
        })
        .collect();
    for p in &trace.plies {
        let Some(c) = out.get_mut(p.seat) else {
            continue;
        };
        c.throws += 1;
        c.doubles += usize::from(p.turn.dice[0] == p.turn.dice[1]);
        c.steps += p.steps();
        for e in &p.events {
            match e {
                Event::Pass => c.passes += 1,
                Event::Returned { men } => c.returned += men.len(),
                Event::Promotion(_) => c.exchanges += 1,
                Event::Capture { man, .. } => {
                    c.captures += 1;
                    c.kings_captured += usize::from(man.kind == Kind::King);
                }
                _ => {}
            }
        }
    }
    out
}

/// The material on the board per player after every round (round 0: the
/// start), on `scale`; men in a queue do not count until they come back.
pub fn material_by_round(trace: &DiceTrace, scale: &Scale) -> Vec<RoundMaterial> {
    let of = |round: usize, p: &DicePosition| {
        let seats = crate::report::material::of_position(&p.board, scale);
        RoundMaterial {
            round,
            teams: crate::report::material::teams_of(&p.board, &seats),
            seats,
        }
    };
    let mut out = vec![of(0, &trace.start)];
    for (i, p) in trace.plies.iter().enumerate() {
        let round_ends = p.seat == trace.variant.players() - 1 || i + 1 == trace.plies.len();
        if round_ends {
            out.push(of(p.round, &p.after));
        }
    }
    out
}
