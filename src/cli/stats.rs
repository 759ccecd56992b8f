//! `roundtable stats`: material, mates, per-player statistics and results,
//! as tables for people, JSON for programs, an SVG plot of material.

use clap::Args;
use roundtable::input::Format;
use roundtable::render::report::{corpus_tables, plot, tables};
use roundtable::report::corpus::CorpusStats;
use roundtable::report::game::GameReport;
use roundtable::report::material::Scale;
use roundtable::{Error, Game};

use super::CliError;
use super::corpus::{self, Item};
use super::validate::{Checked, Summary};

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Files and directories of records; `-` (or nothing) reads JSON Lines from standard input.
    pub paths: Vec<String>,
    /// Value scale: `verney`, `orthodox`, or a JSON file with the fields of
    /// a scale (name, pawn, knight, bishop, rook, queen, squirk). Default: the variant's.
    #[arg(long)]
    pub scale: Option<String>,
    /// One JSON object per game per line instead of tables (with
    /// `--totals`, one object of the totals).
    #[arg(long)]
    pub json: bool,
    /// Each game's tables even when there are several (one game shows
    /// its own; several show the totals over them).
    #[arg(long, conflicts_with = "totals")]
    pub per_game: bool,
    /// The totals over the games, whatever their number, and no game's own
    /// tables: each seat's and each named player's figures summed, their
    /// scores, who mated whom, the results.
    #[arg(long)]
    pub totals: bool,
    /// Plot material per player and team over the rounds (one game).
    #[arg(long)]
    pub svg: Option<String>,
    /// The notation of the inputs, when detection from their content is not wanted.
    #[arg(long, value_enum)]
    pub from: Option<Format>,
}

fn scale_arg(arg: &str) -> Result<Scale, CliError> {
    if let Some(s) = Scale::named(arg) {
        return Ok(s);
    }
    let text = super::read_file(arg)?;
    serde_json::from_str(&text).map_err(|e| {
        CliError::Input(format!(
            "`{arg}` is not a scale (`verney`, `orthodox`, or a JSON file): {}:{}: {e}",
            e.line(),
            e.column()
        ))
    })
}

/// One game's report, or why it has none.
enum Outcome {
    Report(Box<GameReport>),
    Invalid(Checked),
}

fn work(item: Item, scale: Option<&Scale>) -> Outcome {
    let source = item.source.clone();
    let game = match item.game {
        Ok(g) => g,
        Err(e) => {
            return Outcome::Invalid(Checked::Invalid {
                kind: "unreadable record".into(),
                message: format!("{source}: {e}"),
            });
        }
    };
    match Game::replay(game) {
        Ok(game) => Outcome::Report(Box::new(game.report(&source, scale))),
        Err(Error::Replay(e)) => Outcome::Invalid(Checked::Invalid {
            message: format!("{source}: {e}"),
            kind: e.kind.describe().into(),
        }),
        Err(e) => Outcome::Invalid(Checked::Invalid {
            message: format!("{source}: {e}"),
            kind: "unreadable record".into(),
        }),
    }
}

pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let scale = args.scale.as_deref().map(scale_arg).transpose()?;
    let paths = if args.paths.is_empty() {
        vec!["-".to_string()]
    } else {
        args.paths.clone()
    };
    let mut summary = Summary::default();
    let mut totals = CorpusStats::default();
    let mut first: Option<Box<GameReport>> = None;
    let mut failure: Option<CliError> = None;
    corpus::run(
        &paths,
        args.from,
        |item| work(item, scale.as_ref()),
        |outcome| {
            match outcome {
                Outcome::Report(r) => {
                    summary.add(&Checked::Valid {
                        plies: r.plies,
                        variation_plies: r.variation_plies,
                        result: r.result.clone(),
                        warnings: Vec::new(),
                        points_agree: r.points.as_ref().and_then(|p| p.agree()),
                    });
                    totals.add(&r);
                    if args.json && !args.totals {
                        match serde_json::to_string(&r) {
                            Ok(line) => println!("{line}"),
                            Err(e) => failure = Some(CliError::Internal(e.to_string())),
                        }
                    } else if args.per_game {
                        print!("{}", tables(&r));
                    }
                    // Otherwise a game's tables wait for the end: one game
                    // shows them, several show their totals instead.
                    if first.is_none() {
                        first = Some(r);
                    }
                }
                Outcome::Invalid(checked) => {
                    if let Checked::Invalid { message, .. } = &checked {
                        eprintln!("invalid: {message}");
                    }
                    summary.add(&checked);
                }
            }
            Ok(())
        },
    )?;
    if let Some(e) = failure {
        return Err(e);
    }
    if summary.games == 0 {
        return Err(CliError::Input(format!(
            "no game was read from {}",
            paths.join(", ")
        )));
    }
    let several = summary.games > 1 || args.totals;
    if args.json && args.totals {
        match serde_json::to_string(&totals) {
            Ok(line) => println!("{line}"),
            Err(e) => return Err(CliError::Internal(e.to_string())),
        }
    } else if !args.json {
        match (&first, several) {
            (Some(r), false) if !args.per_game => print!("{}", tables(r)),
            (_, true) => print!("{}", corpus_tables(&totals)),
            _ => {}
        }
        if several {
            println!("Summary:\n{}", summary.table());
        }
    }
    if let Some(path) = &args.svg {
        match (&first, summary.games) {
            (Some(r), 1) => super::emit(Some(path), &plot(r))?,
            _ => {
                return Err(CliError::Input(
                    "--svg plots one game; name one record".into(),
                ));
            }
        }
    }
    if summary.invalid > 0 {
        return Err(CliError::Findings(format!(
            "{} of {} games do not replay",
            summary.invalid, summary.games
        )));
    }
    Ok(())
}
