//! `roundtable convert`: any readable notation into any writable one.

use clap::Args;
use roundtable::convert::Notation;
use roundtable::input::Format;
use roundtable::{Error, Game};

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
    /// Refuse to write when the notation cannot carry something the record
    /// holds (comments in a round table, dice in movetext, ...) instead of
    /// warning about it.
    #[arg(long)]
    pub strict: bool,
    /// Drop the variations and write the main line only (comments and
    /// NAGs stay).
    #[arg(long)]
    pub mainline: bool,
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
        let record = game
            .as_ref()
            .map_err(|e| CliError::Input(input_diagnostic(&args.input, &source, e)))?;
        let record = if args.mainline {
            record.clone().mainline()
        } else {
            record.clone()
        };
        let game = Game::replay(record).map_err(|e| match e {
            Error::Replay(e) => CliError::Findings(replay_diagnostic(&args.input, &source, &e)),
            other => CliError::Input(format!("{}: {other}", args.input)),
        })?;
        let written = game.write(args.to).map_err(|e| {
            CliError::Input(format!(
                "game {} cannot be written as {:?}: {e}",
                n + 1,
                args.to
            ))
        })?;
        for w in game.warnings() {
            eprintln!("warning: {}: game {}: {w}", args.input, n + 1);
        }
        for lost in &written.left_out {
            let what = format!("game {}: {:?} cannot carry {lost}", n + 1, args.to);
            if args.strict {
                return Err(CliError::Findings(format!("{what} (--strict)")));
            }
            eprintln!("warning: {what}; left out");
        }
        let text = written.text;
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
