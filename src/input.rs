//! Reading a game file into the plies to replay, whatever its notation.

use crate::notation::descriptive::Cell;
use crate::notation::table::{RoundTable, parse_table};
use crate::replay::{Described, GameInput, PlyInput, Span};
use crate::variant::{self, Support, Variant};

/// Input that cannot be read: where, the text, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub span: Option<Span>,
    pub text: String,
    pub expected: String,
}

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

/// The variant a table names in its `Variant` tag, or the one whose players
/// are exactly the table's columns.
fn table_variant(table: &RoundTable) -> Result<&'static Variant, InputError> {
    if let Some(tag) = table
        .tags
        .iter()
        .find(|t| t.key.eq_ignore_ascii_case("Variant"))
    {
        return variant::by_id(tag.value.trim()).ok_or_else(|| InputError {
            span: Some(tag.span),
            text: tag.value.clone(),
            expected: "a variant id (see `roundtable variants`)".into(),
        });
    }
    variant::all()
        .into_iter()
        .filter(|v| v.support == Support::Playable && v.players() == table.players.len())
        .find(|v| table.players.iter().all(|p| v.seat_named(p).is_some()))
        .ok_or_else(|| InputError {
            span: Some(table.header_span),
            text: table.players.join(" "),
            expected: "a `[Variant \"…\"]` tag, or columns named after a variant's players".into(),
        })
}

/// Reads a round table (Verney's layout) into a game.
pub fn round_table(text: &str) -> Result<GameInput, InputError> {
    let table = parse_table(text).map_err(|e| InputError {
        span: Some(e.span),
        text: e.text,
        expected: e.expected,
    })?;
    let variant = table_variant(&table)?;
    let seats = table
        .players
        .iter()
        .map(|name| {
            variant.seat_named(name).ok_or_else(|| InputError {
                span: Some(table.header_span),
                text: name.clone(),
                expected: format!(
                    "a player of {}: {}",
                    variant.id,
                    variant
                        .seats
                        .iter()
                        .map(|s| s.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })
        })
        .collect::<Result<Vec<usize>, InputError>>()?;
    let mut plies = Vec::new();
    for round in &table.rounds {
        for (cell, &seat) in round.cells.iter().zip(&seats) {
            let described = match &cell.cell {
                Cell::Move(m) => Described::Descriptive(m.clone()),
                Cell::AnyMove => Described::Unspecified,
                Cell::Pass | Cell::Empty => Described::Pass,
            };
            plies.push((
                matches!(cell.cell, Cell::Empty),
                PlyInput {
                    round: round.number,
                    seat,
                    text: cell.text.clone(),
                    span: Some(cell.span),
                    described,
                },
            ));
        }
    }
    // Empty cells after the last written one end the record; earlier ones are passes.
    while plies.last().is_some_and(|(empty, _)| *empty) {
        plies.pop();
    }
    Ok(GameInput {
        variant,
        tags: table
            .tags
            .iter()
            .map(|t| (t.key.clone(), t.value.clone()))
            .collect(),
        start: table
            .tags
            .iter()
            .find(|t| t.key.eq_ignore_ascii_case("FEN") || t.key.eq_ignore_ascii_case("StartFen4"))
            .map(|t| t.value.clone()),
        plies: plies.into_iter().map(|(_, p)| p).collect(),
    })
}
