//! `roundtable validate`: check many records at once; a summary at the end
//! and a diagnostic for each invalid game.

use std::collections::BTreeMap;

use clap::Args;
use roundtable::Error;
use roundtable::check::{CheckedGame, check_text};
use roundtable::input::Format;
use tabled::Tabled;
use tabled::settings::Style;

use super::CliError;
use super::corpus::{self, Item};

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Files and directories of records; `-` (or nothing) reads JSON Lines from standard input.
    pub paths: Vec<String>,
    /// The notation of the inputs, when detection from their content is not wanted.
    #[arg(long, value_enum)]
    pub from: Option<Format>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Count a game with warnings (a result the final position contradicts,
    /// a Result tag that disagrees with the movetext) as invalid.
    #[arg(long)]
    pub strict: bool,
}

/// What checking one game found.
pub enum Checked {
    Valid {
        plies: usize,
        variation_plies: usize,
        result: String,
        /// Each warning with the source and place it points at.
        warnings: Vec<String>,
        /// Whether the points the replay counts agree with the `Result`
        /// tag's (`None`: no points in the tag).
        points_agree: Option<bool>,
    },
    Invalid {
        kind: String,
        message: String,
    },
}

/// What checking one game found, for the summary (the game was checked
/// without building its trace, by [`roundtable::check::check_text`]).
pub fn check(item: Item<Result<CheckedGame, Error>>) -> Checked {
    match item.game {
        Ok(CheckedGame { record, found }) => {
            let result = match (found.outcome, roundtable::variant(&record.variant)) {
                (Some(o), Ok(v)) => roundtable::convert::result_of(v, &o).score,
                _ => record
                    .result
                    .as_ref()
                    .map(|r| r.score.clone())
                    .unwrap_or_else(|| "*".into()),
            };
            let warnings = found
                .warnings
                .iter()
                .map(|w| match w.span {
                    Some(_) => format!("{}:{w}", item.source),
                    None => format!("{}: {w}", item.source),
                })
                .collect();
            let points_agree = roundtable::variant(&record.variant)
                .ok()
                .and_then(|v| {
                    roundtable::report::points::points(v, &record, &found.points, &found.status)
                })
                .and_then(|p| p.agree());
            Checked::Valid {
                plies: found.plies,
                variation_plies: found.variation_plies,
                result,
                warnings,
                points_agree,
            }
        }
        Err(Error::Replay(e)) => {
            let place = e
                .span
                .map(|s| format!(":{}:{}", s.line, s.column))
                .unwrap_or_default();
            let moves = if e.moves.is_empty() {
                String::new()
            } else {
                format!(" (legal: {})", e.moves.join(" "))
            };
            Checked::Invalid {
                message: format!("{}{place}: {e}{moves}", item.source),
                kind: e.kind.describe().into(),
            }
        }
        Err(e) => Checked::Invalid {
            message: format!("{}: {e}", item.source),
            kind: "unreadable record".into(),
        },
    }
}

/// Counts for the summary table.
#[derive(Default, serde::Serialize)]
pub struct Summary {
    pub games: usize,
    pub plies: usize,
    pub variation_plies: usize,
    pub valid: usize,
    pub invalid: usize,
    pub invalid_by_kind: BTreeMap<String, usize>,
    pub results: BTreeMap<String, usize>,
    /// Warnings in valid games.
    pub warnings: usize,
    /// Games whose `Result` tag gives points (Chess.com FFA).
    pub points_games: usize,
    /// Of those, the games whose points the replay recomputes exactly.
    pub points_agree: usize,
}

impl Summary {
    pub fn add(&mut self, checked: &Checked) {
        self.games += 1;
        match checked {
            Checked::Valid {
                plies,
                variation_plies,
                result,
                warnings,
                points_agree,
            } => {
                self.valid += 1;
                self.warnings += warnings.len();
                if let Some(agree) = points_agree {
                    self.points_games += 1;
                    self.points_agree += usize::from(*agree);
                }
                self.plies += plies;
                self.variation_plies += variation_plies;
                // A result of points names every player and his points:
                // each game's is its own, and they are counted together.
                let result = match points_agree {
                    Some(_) if result.trim() != "*" => "points",
                    _ => result.as_str(),
                };
                *self.results.entry(result.to_string()).or_default() += 1;
            }
            Checked::Invalid { kind, .. } => {
                self.invalid += 1;
                *self.invalid_by_kind.entry(kind.clone()).or_default() += 1;
            }
        }
    }

    pub fn table(&self) -> String {
        #[derive(Tabled)]
        struct Row {
            what: String,
            count: usize,
        }
        let mut rows = vec![
            Row {
                what: "games".into(),
                count: self.games,
            },
            Row {
                what: "plies (valid games)".into(),
                count: self.plies,
            },
            Row {
                what: "plies in variations".into(),
                count: self.variation_plies,
            },
            Row {
                what: "valid".into(),
                count: self.valid,
            },
            Row {
                what: "invalid".into(),
                count: self.invalid,
            },
            Row {
                what: "warnings".into(),
                count: self.warnings,
            },
        ];
        if self.points_games > 0 {
            rows.push(Row {
                what: "points in the Result tag".into(),
                count: self.points_games,
            });
            rows.push(Row {
                what: "  points recomputed alike".into(),
                count: self.points_agree,
            });
        }
        rows.extend(self.invalid_by_kind.iter().map(|(k, n)| Row {
            what: format!("  invalid: {k}"),
            count: *n,
        }));
        rows.extend(self.results.iter().map(|(r, n)| Row {
            what: format!("  result {r}"),
            count: *n,
        }));
        let mut table = tabled::Table::new(rows);
        table.with(Style::psql());
        table.to_string()
    }
}

pub fn run(args: &ValidateArgs) -> Result<(), CliError> {
    let paths = if args.paths.is_empty() {
        vec!["-".to_string()]
    } else {
        args.paths.clone()
    };
    let mut summary = Summary::default();
    corpus::run_parsed(&paths, args.from, check_text, check, |checked| {
        let checked = match checked {
            Checked::Valid { warnings, .. } if args.strict && !warnings.is_empty() => {
                Checked::Invalid {
                    kind: "warning (--strict)".into(),
                    message: warnings.join("; "),
                }
            }
            other => other,
        };
        match &checked {
            Checked::Invalid { message, .. } => eprintln!("invalid: {message}"),
            Checked::Valid { warnings, .. } => {
                for w in warnings {
                    eprintln!("warning: {w}");
                }
            }
        }
        summary.add(&checked);
        Ok(())
    })?;
    if summary.games == 0 {
        return Err(CliError::Input(format!(
            "no game was read from {}",
            paths.join(", ")
        )));
    }
    if args.json {
        let text = serde_json::to_string_pretty(&summary)
            .map_err(|e| CliError::Internal(e.to_string()))?;
        println!("{text}");
    } else {
        println!("{}", summary.table());
    }
    if summary.invalid > 0 {
        return Err(CliError::Findings(format!(
            "{} of {} games do not replay",
            summary.invalid, summary.games
        )));
    }
    Ok(())
}
