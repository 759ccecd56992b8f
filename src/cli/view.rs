//! `roundtable view`: a self-contained HTML page to step through the games
//! of a record.

use clap::Args;
use roundtable::Game;
use roundtable::input::Format;
use roundtable::render::html::{PageGame, page};

use super::CliError;
use super::source::{input_diagnostic, load, replay_diagnostic};

#[derive(Args, Debug)]
pub struct ViewArgs {
    /// The record (`-` for standard input); every game of it goes on the page.
    pub file: String,
    /// Write the page to this file (through a temporary file) instead of standard output.
    #[arg(short, long)]
    pub output: Option<String>,
    /// The record's notation, when detection from its content is not wanted.
    #[arg(long, value_enum)]
    pub from: Option<Format>,
}

pub fn run(args: &ViewArgs) -> Result<(), CliError> {
    let (text, records) = load(&args.file, args.from)?;
    if records.is_empty() {
        return Err(CliError::Input(format!("`{}` holds no game", args.file)));
    }
    let several = records.len() > 1;
    let mut games = Vec::with_capacity(records.len());
    for (i, record) in records.into_iter().enumerate() {
        let record =
            record.map_err(|e| CliError::Input(input_diagnostic(&args.file, &text, &e)))?;
        let game = Game::replay(record).map_err(|e| match e {
            roundtable::Error::Replay(e) => {
                CliError::Findings(replay_diagnostic(&args.file, &text, &e))
            }
            other => CliError::Input(other.to_string()),
        })?;
        let source = if several {
            format!("{}#{}", args.file, i + 1)
        } else {
            args.file.clone()
        };
        games.push(PageGame { source, game });
    }
    let name = std::path::Path::new(&args.file)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| args.file.clone());
    let html = page(&format!("roundtable: {name}"), &games);
    super::emit(args.output.as_deref(), &html)
}
