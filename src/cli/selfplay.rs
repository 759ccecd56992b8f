//! `roundtable selfplay`: random legal games, deterministic for a seed.

use clap::Args;
use roundtable::Game;
use roundtable::convert::Notation;
use roundtable::selfplay::{Rng, dice_game, game};
use roundtable::with_width;

use super::{CliError, variant_arg};

#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// Variant id (see `roundtable variants`).
    pub variant: String,
    /// How many games.
    #[arg(long, default_value_t = 1)]
    pub games: usize,
    /// The seed: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies at most per game (a game also ends when the rules end it).
    #[arg(long, default_value_t = 200)]
    pub plies: usize,
    /// The notation to write the games in.
    #[arg(long, value_enum, default_value_t = Notation::Jsonl)]
    pub to: Notation,
    /// Write here instead of standard output.
    #[arg(short, long)]
    pub output: Option<String>,
}

pub fn run(args: &SelfplayArgs) -> Result<(), CliError> {
    let variant = variant_arg(&args.variant)?;
    if args.games > 1 && args.to == Notation::Json {
        return Err(CliError::Input(
            "a JSON record holds one game; for several use `--to jsonl`".to_string(),
        ));
    }
    let mut rng = Rng::new(args.seed);
    // Games are written as they are played: the output is never held whole.
    let mut out = super::Output::open(args.output.as_deref())?;
    let played = play_into(args, variant, &mut rng, &mut out);
    out.finish(played)
}

/// Plays and writes every game of the run.
fn play_into(
    args: &SelfplayArgs,
    variant: &'static roundtable::variant::Variant,
    rng: &mut Rng,
    out: &mut super::Output,
) -> Result<(), CliError> {
    for i in 0..args.games {
        let record = if variant.dice {
            dice_game(variant, rng, args.plies)
        } else {
            with_width!(variant, B => game::<B>(variant, rng, args.plies))
                .map_err(|e| e.to_string())
        }
        .map_err(|e| CliError::Input(format!("{}: {e}", variant.id)))?;
        let game = Game::replay(record)
            .map_err(|e| CliError::Internal(format!("a self-played game does not replay: {e}")))?;
        let text = game
            .write(args.to)
            .map_err(|e| CliError::Input(e.to_string()))?
            .text;
        if i > 0 && !matches!(args.to, Notation::Jsonl) {
            out.write("\n")?;
        }
        out.write(&text)?;
    }
    Ok(())
}
