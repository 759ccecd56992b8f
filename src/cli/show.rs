//! `roundtable show`: the position after a ply, as a text diagram or an SVG.

use clap::Args;
use roundtable::input::Format;
use roundtable::render::diagram;
use roundtable::replay::{ReplayError, replay, variant_of};
use roundtable::with_width;

use super::CliError;
use super::source::{one_game, replay_diagnostic};

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The record (`-` for standard input).
    pub file: String,
    /// Show the position after this many plies (0: the start; default: the end).
    #[arg(long)]
    pub ply: Option<usize>,
    /// Write an SVG picture of the position to this file instead of the text diagram.
    #[arg(long)]
    pub svg: Option<String>,
    /// The record's notation, when detection from its content is not wanted.
    #[arg(long, value_enum)]
    pub from: Option<Format>,
}

pub fn run(args: &ShowArgs) -> Result<(), CliError> {
    let (source, record) = one_game(&args.file, args.from)?;
    let diagnose =
        |e: Box<ReplayError>| CliError::Findings(replay_diagnostic(&args.file, &source, &e));
    let variant = variant_of(&record).map_err(diagnose)?;
    if variant.dice {
        let trace = roundtable::dice_replay::replay_dice(&record).map_err(diagnose)?;
        return show_dice(&trace, args);
    }
    with_width!(variant, B => {
        let trace = replay::<B>(&record).map_err(|e| CliError::Findings(replay_diagnostic(&args.file, &source, &e)))?;
        let n = args.ply.unwrap_or(trace.plies.len());
        if n > trace.plies.len() {
            return Err(CliError::Input(format!(
                "--ply {n}: the game has {} plies",
                trace.plies.len()
            )));
        }
        let v = trace.variant;
        let (pos, last) = match n.checked_sub(1).and_then(|i| trace.plies.get(i)) {
            Some(p) => (p.after, Some(p)),
            None => (trace.start, None),
        };
        let to_move = v.seat_name(pos.turn());
        let last_text = last
            .map(|p| format!("round {} {} {}", p.round, v.seat_name(p.seat), p.long))
            .unwrap_or_else(|| "none (the start)".into());
        match &args.svg {
            Some(path) => {
                let title = format!("{} after ply {n}: last move {last_text}", v.name);
                let svg = diagram::svg(&pos, last.map(|p| p.mv), Some(title), diagram::player_colour);
                super::emit(Some(path), &svg)?;
            }
            None => {
                println!("{}", diagram::text(&pos));
                println!("After ply {n}; last move: {last_text}; {to_move} to move.");
                println!("{}", roundtable::notation::write_position(&pos));
            }
        }
    });
    Ok(())
}

/// A dice game's position after a turn: the board, the queues, the last turn.
fn show_dice(trace: &roundtable::dice_replay::DiceTrace, args: &ShowArgs) -> Result<(), CliError> {
    let n = args.ply.unwrap_or(trace.plies.len());
    if n > trace.plies.len() {
        return Err(CliError::Input(format!(
            "--ply {n}: the game has {} turns",
            trace.plies.len()
        )));
    }
    let v = trace.variant;
    let (pos, last) = match n.checked_sub(1).and_then(|i| trace.plies.get(i)) {
        Some(p) => (&p.after, Some(p)),
        None => (&trace.start, None),
    };
    let last_text = last
        .map(|p| format!("round {} {} {}", p.round, v.seat_name(p.seat), p.long))
        .unwrap_or_else(|| "none (the start)".into());
    let queues: Vec<String> = (0..v.players())
        .map(|s| {
            let q: String = pos.queues[s].iter().map(|k| k.letter()).collect();
            format!(
                "{}'s queue: {}",
                v.seat_name(s),
                if q.is_empty() { "empty".into() } else { q }
            )
        })
        .collect();
    match &args.svg {
        Some(path) => {
            let title = format!(
                "{} after turn {n}: last turn {last_text}; {}",
                v.name,
                queues.join("; ")
            );
            let svg = diagram::svg(&pos.board, None, Some(title), diagram::player_colour);
            super::emit(Some(path), &svg)?;
        }
        None => {
            println!("{}", diagram::text(&pos.board));
            println!(
                "After turn {n}; last turn: {last_text}; {} to throw.",
                v.seat_name(pos.turn())
            );
            println!("{}", queues.join("; "));
            println!("{}", pos.write());
        }
    }
    Ok(())
}
