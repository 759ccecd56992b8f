//! `roundtable stats`: material, mates, per-player statistics and results,
//! as tables for people, JSON for programs, an SVG plot of material.

use clap::Args;
use roundtable::input::Format;
use roundtable::render::svg::{Plot, Series, line_plot};
use roundtable::replay::replay;
use roundtable::report::game::{GameReport, report};
use roundtable::report::material::Scale;
use roundtable::with_width;
use tabled::builder::Builder;
use tabled::settings::Style;

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
    /// One JSON object per game per line instead of tables.
    #[arg(long)]
    pub json: bool,
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
    let scale = scale
        .cloned()
        .unwrap_or_else(|| Scale::default_for(game.variant));
    with_width!(game.variant, B => match replay::<B>(&game) {
        Ok(trace) => Outcome::Report(Box::new(report(&source, &trace, game.result.as_ref(), &scale))),
        Err(e) => Outcome::Invalid(Checked::Invalid {
            message: format!("{source}: {e}"),
            kind: e.kind.describe().into(),
        }),
    })
}

pub fn run(args: &StatsArgs) -> Result<(), CliError> {
    let scale = args.scale.as_deref().map(scale_arg).transpose()?;
    let paths = if args.paths.is_empty() {
        vec!["-".to_string()]
    } else {
        args.paths.clone()
    };
    let mut summary = Summary::default();
    let mut first: Option<Box<GameReport>> = None;
    let mut failure: Option<CliError> = None;
    corpus::run(
        &paths,
        args.from,
        |item| work(item, scale.as_ref()),
        |outcome| match outcome {
            Outcome::Report(r) => {
                summary.add(&Checked::Valid {
                    plies: r.plies,
                    result: r.result.clone(),
                });
                if args.json {
                    match serde_json::to_string(&r) {
                        Ok(line) => println!("{line}"),
                        Err(e) => failure = Some(CliError::Internal(e.to_string())),
                    }
                } else {
                    print!("{}", tables(&r));
                }
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
    if !args.json && summary.games > 1 {
        println!("Summary:\n{}", summary.table());
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
        return Err(CliError::Input(format!(
            "{} of {} games do not replay",
            summary.invalid, summary.games
        )));
    }
    Ok(())
}

/// The tables of one game's report.
pub fn tables(r: &GameReport) -> String {
    let mut claim = r
        .draw_claimable_from_round
        .map(|n| format!("; a draw may be claimed from round {n}"))
        .unwrap_or_default();
    if r.two_king_checkmate == Some(true) {
        claim.push_str("; a 2K checkmate");
    }
    let mut out = format!(
        "== {} ({}): {} plies, {} rounds; result {}{}{claim}\n\n",
        r.source,
        r.variant,
        r.plies,
        r.rounds,
        r.result,
        r.reason
            .as_ref()
            .map(|x| format!(" ({x})"))
            .unwrap_or_default()
    );
    let team_names: Vec<String> = r
        .teams
        .iter()
        .filter(|t| t.len() > 1)
        .map(|t| t.join("+"))
        .collect();
    let mut material = Builder::default();
    let mut header = vec!["round".to_string()];
    header.extend(r.players.iter().cloned());
    header.extend(team_names.iter().cloned());
    material.push_record(header);
    for m in &r.material {
        let mut row = vec![m.round.to_string()];
        row.extend(m.seats.iter().map(u32::to_string));
        if !team_names.is_empty() {
            row.extend(m.teams.iter().map(u32::to_string));
        }
        material.push_record(row);
    }
    let mut table = material.build();
    table.with(Style::psql());
    out.push_str(&format!(
        "Material on the {} scale (king not counted):\n{table}\n\n",
        r.scale.name
    ));
    if r.mates.is_empty() {
        out.push_str("Mates: none\n\n");
    } else {
        let mut mates = Builder::default();
        mates.push_record([
            "mated",
            "by",
            "mating move",
            "mate at",
            "checked before by",
            "released",
        ]);
        for m in &r.mates {
            let mv = |x: &Option<roundtable::report::attribution::MoveRef>| {
                x.as_ref()
                    .map(|m| format!("round {} {} {}", m.round, m.player, m.mv))
                    .unwrap_or_else(|| "-".into())
            };
            mates.push_record([
                m.mated.clone(),
                m.mating.clone().unwrap_or_else(|| "-".into()),
                mv(&m.mating_move),
                format!("round {} ply {}", m.at.round, m.at.ply),
                m.checked_before.join(", "),
                mv(&m.released),
            ]);
        }
        let mut table = mates.build();
        table.with(Style::psql());
        out.push_str(&format!("Mates:\n{table}\n\n"));
    }
    let mut players = Builder::default();
    players.push_record([
        "player",
        "moves",
        "passes",
        "inferred",
        "captures",
        "men taken",
        "taken from",
        "checks given",
        "checks received",
        "promotions",
        "won",
        "lost",
        "mates given",
        "mated",
    ]);
    for p in &r.stats {
        players.push_record([
            p.player.clone(),
            p.moves.to_string(),
            p.passes.to_string(),
            p.inferred.to_string(),
            p.captures.to_string(),
            counts(&p.captured_kinds),
            counts(&p.captured_from),
            p.checks_given.to_string(),
            p.checks_received.to_string(),
            p.promotions.to_string(),
            p.material_won.to_string(),
            p.material_lost.to_string(),
            p.mates_given.to_string(),
            p.mated.to_string(),
        ]);
    }
    let mut table = players.build();
    table.with(Style::psql());
    out.push_str(&format!("Players:\n{table}\n\n"));
    out
}

/// `queen 1, bishop 2`, or `-` when empty.
fn counts(map: &std::collections::BTreeMap<String, usize>) -> String {
    if map.is_empty() {
        return "-".into();
    }
    map.iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The players' colours for pictures.
pub fn colour(variant: &str, player: &str) -> String {
    match (variant, player) {
        (_, "Yellow") => "#e6c300",
        (_, "Red") => "#c62828",
        (_, "White") => "#ffffff",
        (_, "Black") => "#222222",
        (_, "Green") => "#2e7d32",
        (_, "Brown") => "#795548",
        (_, "Gray") => "#9e9e9e",
        _ => "#1565c0",
    }
    .to_string()
}

/// A player's colour on a white plot: white itself would not show.
fn line_colour(variant: &str, player: &str) -> String {
    match colour(variant, player).as_str() {
        "#ffffff" => "#8a8a8a".to_string(),
        other => other.to_string(),
    }
}

/// Material per player (solid) and team (dashed) over the rounds.
pub fn plot(r: &GameReport) -> String {
    let mut series: Vec<Series> = r
        .players
        .iter()
        .enumerate()
        .map(|(i, name)| Series {
            name: name.clone(),
            colour: line_colour(&r.variant, name),
            values: r
                .material
                .iter()
                .map(|m| f64::from(m.seats.get(i).copied().unwrap_or(0)))
                .collect(),
            dashed: false,
        })
        .collect();
    for (t, team) in r.teams.iter().enumerate().filter(|(_, t)| t.len() > 1) {
        series.push(Series {
            name: team.join("+"),
            colour: line_colour(&r.variant, team.first().map(String::as_str).unwrap_or("")),
            values: r
                .material
                .iter()
                .map(|m| f64::from(m.teams.get(t).copied().unwrap_or(0)))
                .collect(),
            dashed: true,
        });
    }
    line_plot(&Plot {
        title: format!("Material on the {} scale: {}", r.scale.name, r.source),
        x_label: "round".into(),
        y_label: "material".into(),
        x_values: r.material.iter().map(|m| m.round).collect(),
        series,
    })
}
