//! `roundtable perft`: count leaf nodes of the move tree.

use std::time::Instant;

use clap::Args;
use roundtable::board::Bits;
use roundtable::engine::Position;
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
}

pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let variant = variant_arg(&args.variant)?;
    if variant.dice {
        return Err(CliError::Input(format!(
            "perft of {} is not built yet: its turns are dice turns (roundtable::engine::dice builds and lists them)",
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
