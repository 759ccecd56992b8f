//! `roundtable convert`: any readable notation into any writable one.

use clap::Args;
use roundtable::convert::{Notation, write};
use roundtable::input::Format;
use roundtable::replay::replay;
use roundtable::with_width;

use super::CliError;
use super::source::{input_diagnostic, load, replay_diagnostic};

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The record to convert (`-` for standard input).
    pub input: String,
    /// The notation to write.
    #[arg(long, value_enum)]
    pub to: Notation,
    /// The input's notation, when detection from its content is not wanted.
    #[arg(long, value_enum)]
    pub from: Option<Format>,
    /// Write here instead of standard output (nothing is written on error).
    #[arg(short, long)]
    pub output: Option<String>,
}

pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    let (source, games) = load(&args.input, args.from)?;
    if games.is_empty() {
        return Err(CliError::Input(format!("`{}` holds no game", args.input)));
    }
    if args.to == Notation::Json && games.len() > 1 {
        return Err(CliError::Input(format!(
            "`{}` holds {} games; a JSON record holds one (use `--to jsonl`)",
            args.input,
            games.len()
        )));
    }
    let mut out = String::new();
    for (n, game) in games.iter().enumerate() {
        let game = game
            .as_ref()
            .map_err(|e| CliError::Input(input_diagnostic(&args.input, &source, e)))?;
        let text = with_width!(game.variant, B => {
            let trace = replay::<B>(game).map_err(|e| CliError::Input(replay_diagnostic(&args.input, &source, &e)))?;
            write(&trace, game, args.to)
                .map_err(|e| CliError::Input(format!("game {} cannot be written as {:?}: {e}", n + 1, args.to)))?
        });
        if !out.is_empty()
            && matches!(
                args.to,
                Notation::Pgn | Notation::Pgn4 | Notation::Long | Notation::San
            )
        {
            out.push('\n');
        }
        out.push_str(&text);
    }
    super::emit(args.output.as_deref(), &out)
}
