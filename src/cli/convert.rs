//! `roundtable convert`: any readable notation into any writable one, a game
//! at a time: games are read, replayed and written as they stream by (in
//! parallel chunks, in order), so memory stays flat whatever the input size.

use clap::Args;
use roundtable::convert::{DescriptiveStyle, Notation, WriteOptions};
use roundtable::input::Format;
use roundtable::notation::descriptive_short::Knight;
use roundtable::{Error, Game};

use super::corpus::{self, Item};
use super::source::{input_diagnostic, replay_diagnostic};
use super::{CliError, Output};

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
    /// Piece letters of the written moves: `de`, `fr`, `es`, `nl`,
    /// `figurine` or `en`; written as a `Language` tag so that the output
    /// reads back. Without it, a record's own `Language` tag is kept.
    #[arg(long)]
    pub language: Option<String>,
    /// With `--to descriptive`: the short style of English books (`P-K4`,
    /// `Kt-KB3`), Verney's verbose style (`K. Kt. to K. B. 3.`), or auto
    /// (short for two players, verbose for four).
    #[arg(long, value_enum, default_value = "auto")]
    pub style: DescriptiveStyle,
    /// With `--to descriptive`: the knight's name, `kt`, `n` or `s`.
    #[arg(long, value_enum, default_value = "kt")]
    pub knight: Knight,
    /// With `--to descriptive`: a game of more than two players as numbered
    /// movetext (`1. P-K3 .. P-K3 .. P-K3 .. P-K3`), not a round table.
    #[arg(long)]
    pub movetext: bool,
    /// A printed move that fits several legal moves, after each of which
    /// the score replays, is read as the recapture of the man just moved
    /// (noted on the ply) instead of being an error (`ambiguity=recapture`).
    #[arg(long)]
    pub recapture: bool,
}

/// One game written, with what to tell the user about it.
struct Converted {
    text: String,
    /// Warnings, each already naming the game.
    warnings: Vec<String>,
}

/// The source text of `path` for a diagnostic (read again only when a game
/// fails: the corpus is never held whole); standard input is gone by then.
fn source_text(path: &str) -> String {
    if path == "-" {
        return String::new();
    }
    super::read_file(path).unwrap_or_default()
}

/// Reads, replays and writes one game.
fn convert_one(item: Item, args: &ConvertArgs) -> Result<Converted, CliError> {
    let record = match item.game {
        Ok(record) => record,
        Err(e) => {
            return Err(CliError::Input(input_diagnostic(
                &item.path,
                &source_text(&item.path),
                &e,
            )));
        }
    };
    let mut record = if args.mainline {
        record.mainline()
    } else {
        record
    };
    if let Some(language) = &args.language {
        record
            .tags
            .retain(|t| !t.key.eq_ignore_ascii_case("Language"));
        if roundtable::notation::localized::Letters::of_tag(language).is_some() {
            record.tags.push(roundtable::record::Tag {
                key: "Language".into(),
                value: language.clone(),
            });
        } else if !matches!(language.to_ascii_lowercase().as_str(), "en" | "english") {
            return Err(CliError::Input(format!(
                "unknown language `{language}` (de, fr, es, nl, figurine or en)"
            )));
        }
    }
    if args.recapture {
        record.options.insert(
            roundtable::replay::AMBIGUITY.to_string(),
            "recapture".to_string(),
        );
    }
    let game = Game::replay(record).map_err(|e| match e {
        Error::Replay(e) => {
            CliError::Findings(replay_diagnostic(&item.path, &source_text(&item.path), &e))
        }
        other => CliError::Input(format!("{}: {other}", item.source)),
    })?;
    let options = WriteOptions {
        style: args.style,
        knight: args.knight,
        movetext: args.movetext,
    };
    let written = game.write_with(args.to, &options).map_err(|e| {
        CliError::Input(format!(
            "{} cannot be written as {:?}: {e}",
            item.source, args.to
        ))
    })?;
    let mut warnings: Vec<String> = game
        .warnings()
        .iter()
        .map(|w| format!("{}: {w}", item.source))
        .collect();
    for lost in &written.left_out {
        let what = format!("{}: {:?} cannot carry {lost}", item.source, args.to);
        if args.strict {
            return Err(CliError::Findings(format!("{what} (--strict)")));
        }
        warnings.push(format!("{what}; left out"));
    }
    Ok(Converted {
        text: written.text,
        warnings,
    })
}

pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    let mut out = Output::open(args.output.as_deref())?;
    let mut games = 0usize;
    let separated = matches!(
        args.to,
        Notation::Pgn | Notation::Pgn4 | Notation::Long | Notation::San
    );
    let result = corpus::run(
        std::slice::from_ref(&args.input),
        args.from,
        |item| convert_one(item, args),
        |converted| {
            let converted = converted?;
            games += 1;
            if args.to == Notation::Json && games > 1 {
                return Err(CliError::Input(format!(
                    "`{}` holds several games; a JSON record holds one (use `--to jsonl`)",
                    args.input
                )));
            }
            for w in &converted.warnings {
                eprintln!("warning: {w}");
            }
            if separated && games > 1 {
                out.write("\n")?;
            }
            out.write(&converted.text)
        },
    )
    .and_then(|()| {
        if games == 0 {
            Err(CliError::Input(format!("`{}` holds no game", args.input)))
        } else {
            Ok(())
        }
    });
    out.finish(result)
}
