//! `roundtable replay`: replay a record move by move and show what happened.

use clap::{Args, ValueEnum};
use roundtable::board::Bits;
use roundtable::render::{diagram, events};
use roundtable::replay::{ReplayError, Trace, describe_outcome, replay, variant_of};
use roundtable::report::material::{self, Scale};
use roundtable::with_width;
use tabled::Tabled;
use tabled::settings::Style;

use super::CliError;
use super::source::{one_game, replay_diagnostic};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The record: a round table, PGN/PGN4, or a JSON record (`-` for standard input).
    pub file: String,
    /// The record's notation, when detection from its content is not wanted.
    #[arg(long, value_enum)]
    pub from: Option<roundtable::input::Format>,
    /// `table`: every ply with its events, the final diagram and material;
    /// `long`: one line per ply, `<round> <Player> <long algebraic>`.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// A printed move that fits several legal moves, after each of which
    /// the score replays, is read as the recapture of the man just moved
    /// (noted on the ply) instead of being an error (`ambiguity=recapture`).
    #[arg(long)]
    pub recapture: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Long,
}

pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let (source, mut record) = one_game(&args.file, args.from)?;
    if args.recapture {
        record.options.insert(
            roundtable::replay::AMBIGUITY.to_string(),
            "recapture".to_string(),
        );
    }
    let diagnose =
        |e: Box<ReplayError>| CliError::Findings(replay_diagnostic(&args.file, &source, &e));
    let variant = variant_of(&record).map_err(diagnose)?;
    if variant.dice {
        let trace = roundtable::dice_replay::replay_dice(&record).map_err(diagnose)?;
        match args.format {
            Format::Long => {
                for p in &trace.plies {
                    println!("{} {} {}", p.round, variant.seat_name(p.seat), p.long);
                }
            }
            Format::Table => print_dice_table(&trace),
        }
        return Ok(());
    }
    with_width!(variant, B => {
        let trace = replay::<B>(&record).map_err(|e| CliError::Findings(replay_diagnostic(&args.file, &source, &e)))?;
        match args.format {
            Format::Long => print_long(&trace),
            Format::Table => print_table(&trace),
        }
    });
    Ok(())
}

fn print_long<B: Bits>(trace: &Trace<B>) {
    for ply in &trace.plies {
        let name = trace.variant.seat_name(ply.seat);
        let inferred = if ply.inferred() { " (inferred)" } else { "" };
        println!("{} {} {}{}", ply.round, name, ply.long, inferred);
    }
}

#[derive(Tabled)]
struct PlyRow {
    round: usize,
    player: &'static str,
    written: String,
    #[tabled(rename = "move")]
    mv: String,
    events: String,
}

#[derive(Tabled)]
struct MaterialRow {
    player: &'static str,
    material: u32,
    start: u32,
    lost: u32,
}

#[derive(Tabled)]
struct DiceRow {
    round: usize,
    player: &'static str,
    turn: String,
    events: String,
}

/// A dice game: every turn with its events, the final position with the
/// queues, the material and the dice counters.
fn print_dice_table(trace: &roundtable::dice_replay::DiceTrace) {
    let v = trace.variant;
    let rows: Vec<DiceRow> = trace
        .plies
        .iter()
        .map(|p| DiceRow {
            round: p.round,
            player: v.seat_name(p.seat),
            turn: p.long.clone(),
            events: events::describe_all(v, &p.events),
        })
        .collect();
    let mut table = tabled::Table::new(rows);
    table.with(Style::psql());
    println!("{table}\n");
    let last = trace.last();
    println!("Position after {} turns:\n", trace.plies.len());
    println!("{}", diagram::text(&last.board));
    println!("{}\n", last.write());
    let scale = Scale::default_for(v);
    let start = material::of_position(&trace.start.board, &scale);
    let end = material::of_position(&last.board, &scale);
    let counts = roundtable::dice_replay::counts(trace);
    let rows: Vec<DiceMaterialRow> = (0..v.players())
        .map(|s| DiceMaterialRow {
            player: v.seats[s].name,
            material: end.get(s).copied().unwrap_or(0),
            start: start.get(s).copied().unwrap_or(0),
            queue: last.queues[s].iter().map(|k| k.letter()).collect(),
            steps: counts[s].steps,
            passes: counts[s].passes,
            returned: counts[s].returned,
            exchanges: counts[s].exchanges,
        })
        .collect();
    print_material(
        rows,
        &format!(
            "Material on the {} scale (king not counted; a queued man counts once back)",
            scale.name
        ),
    );
    print_result(
        v,
        trace.outcome.as_ref(),
        &format!("{} to throw", v.seat_name(last.turn())),
    );
}

#[derive(Tabled)]
struct DiceMaterialRow {
    player: &'static str,
    material: u32,
    start: u32,
    queue: String,
    steps: usize,
    passes: usize,
    returned: usize,
    exchanges: usize,
}

fn print_table<B: Bits>(trace: &Trace<B>) {
    let v = trace.variant;
    let rows: Vec<PlyRow> = trace
        .plies
        .iter()
        .map(|p| PlyRow {
            round: p.round,
            player: v.seat_name(p.seat),
            written: p.text.clone(),
            mv: p.long.clone(),
            events: events::describe_all(v, &p.events),
        })
        .collect();
    let mut table = tabled::Table::new(rows);
    table.with(Style::psql());
    println!("{table}\n");
    let last = trace.last();
    println!("Position after {} plies:\n", trace.plies.len());
    println!("{}", diagram::text(last));
    let scale = Scale::default_for(v);
    let start = material::of_position(&trace.start, &scale);
    let end = material::of_position(last, &scale);
    let rows: Vec<MaterialRow> = (0..v.players())
        .map(|s| MaterialRow {
            player: v.seats[s].name,
            material: end.get(s).copied().unwrap_or(0),
            start: start.get(s).copied().unwrap_or(0),
            lost: start
                .get(s)
                .copied()
                .unwrap_or(0)
                .saturating_sub(end.get(s).copied().unwrap_or(0)),
        })
        .collect();
    print_material(
        rows,
        &format!("Material on the {} scale (king not counted)", scale.name),
    );
    print_result(
        v,
        trace.outcome.as_ref(),
        &format!("{} to move", v.seat_name(last.turn())),
    );
}

/// A material table under its heading.
fn print_material<R: Tabled>(rows: Vec<R>, heading: &str) {
    let mut table = tabled::Table::new(rows);
    table.with(Style::psql());
    println!("{heading}:\n{table}\n");
}

/// The game's result, or who is to play when it goes on.
fn print_result(
    v: &roundtable::variant::Variant,
    outcome: Option<&roundtable::engine::Outcome>,
    next: &str,
) {
    match outcome {
        Some(o) => println!("Result: {}", describe_outcome(v, o)),
        None => println!("Result: the game goes on ({next})"),
    }
}
