//! `roundtable perft`: count leaf nodes of the move tree.

use std::time::Instant;

use clap::Args;
use roundtable::board::Bits;
use roundtable::engine::Position;
use roundtable::engine::dice::DicePosition;
use roundtable::notation::{long, read_position, start_position};
use roundtable::with_width;

use super::{CliError, variant_arg};

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Variant id (see `roundtable variants`).
    pub variant: String,
    /// Depth in plies (a pass counts as one ply).
    pub depth: u32,
    /// Start from this position (FEN, or FEN4 on the 14x14 boards) instead of the setup.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print one `move count` line per root move before the total.
    #[arg(long)]
    pub divide: bool,
    /// Write moves of the divide as UCI (`e2e4`) instead of long algebraic.
    #[arg(long)]
    pub uci: bool,
    /// Dice variants: the first throw (`"1 4"`); without it the first turn
    /// too ranges over the 21 throws.
    #[arg(long)]
    pub dice: Option<String>,
}

pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let variant = variant_arg(&args.variant)?;
    if variant.dice {
        return dice_perft(variant, args);
    }
    if args.dice.is_some() {
        return Err(CliError::Input(format!(
            "--dice: {} has no dice",
            variant.id
        )));
    }
    with_width!(variant, B => {
        let pos: Position<B> = match &args.fen {
            Some(text) => read_position(variant, text),
            None => start_position(variant),
        }
        .map_err(|e| CliError::Input(format!("invalid position for {}: {e}", variant.id)))?;
        count(&pos, args);
    });
    Ok(())
}

fn count<B: Bits>(pos: &Position<B>, args: &PerftArgs) {
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        let mut lines: Vec<(String, u64)> = pos
            .perft_divide(args.depth)
            .into_iter()
            .map(|(mv, n)| {
                let text = if args.uci {
                    long::uci(pos, mv)
                } else {
                    long::write(pos, mv)
                };
                (text, n)
            })
            .collect();
        lines.sort();
        for (text, n) in lines {
            println!("{text} {n}");
            total += n;
        }
        total
    } else {
        pos.perft(args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!(
        "perft {} depth {}: {} nodes in {:.3} s, {:.1} M nodes/s",
        pos.variant().id,
        args.depth,
        nodes,
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
}

/// Perft of a dice variant: the number of distinct legal turn texts for the
/// throw at depth 1 (`--divide` lists them); deeper, every later turn ranges
/// over the 21 throws (see [`DicePosition::perft`]).
fn dice_perft(
    variant: &'static roundtable::variant::Variant,
    args: &PerftArgs,
) -> Result<(), CliError> {
    let dice = match &args.dice {
        None => None,
        Some(text) => Some(read_throw(text)?),
    };
    let pos = match &args.fen {
        Some(text) => DicePosition::read(variant, text),
        None => DicePosition::start(variant),
    }
    .map_err(|e| CliError::Input(format!("invalid position for {}: {e}", variant.id)))?;
    let start = Instant::now();
    let nodes = if args.divide {
        let throws: Vec<[u8; 2]> = match dice {
            Some(d) => vec![d],
            None => roundtable::engine::dice::throws()
                .into_iter()
                .map(|(d, _)| d)
                .collect(),
        };
        let mut lines = Vec::new();
        for d in throws {
            for turn in pos.turns(d) {
                let mut next = pos.clone();
                next.play(&turn);
                lines.push((
                    pos.text(&turn),
                    next.perft(args.depth.saturating_sub(1), None),
                ));
            }
        }
        lines.sort();
        let mut total = 0;
        for (text, n) in lines {
            println!("{text} {n}");
            total += n;
        }
        if args.depth == 0 { 1 } else { total }
    } else {
        pos.perft(args.depth, dice)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!(
        "perft {} depth {}: {} turn sequences in {:.3} s",
        variant.id, args.depth, nodes, secs
    );
    Ok(())
}

/// A throw written `"1 4"` (or `1,4`, `[1 4]`): two dice from 1 to 6.
fn read_throw(text: &str) -> Result<[u8; 2], CliError> {
    let dice: Vec<Option<u8>> = text
        .trim_matches(|c: char| c == '[' || c == ']' || c.is_whitespace())
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<u8>().ok().filter(|d| (1..=6).contains(d)))
        .collect();
    match dice.as_slice() {
        [Some(a), Some(b)] => Ok([*a, *b]),
        _ => Err(CliError::Input(format!(
            "--dice `{text}`: expected two dice from 1 to 6, e.g. \"1 4\""
        ))),
    }
}
