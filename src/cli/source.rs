//! Reading the games of a file (or standard input) for a command, and
//! turning input errors into diagnostics.

use std::io::Read;

use roundtable::Record;
use roundtable::input::{self, Format, InputError};
use roundtable::render::diagnostic::Diagnostic;
use roundtable::replay::ReplayError;

use super::CliError;

/// A file's text and its games, in the given or detected notation. `-` reads standard input.
pub fn load(
    path: &str,
    from: Option<Format>,
) -> Result<(String, Vec<Result<Record, InputError>>), CliError> {
    let text = text_of(path)?;
    let games = input::games(&text, from);
    Ok((text, games))
}

/// A file's text (`-`: standard input).
fn text_of(path: &str) -> Result<String, CliError> {
    Ok(if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::Input(format!("cannot read standard input: {e}")))?;
        roundtable::render::diagnostic::decode(&bytes)
    } else {
        super::read_file(path)?
    })
}

/// A diagnostic at a span of the source (the first character when none).
fn at_span(
    file: &str,
    source: &str,
    span: Option<roundtable::replay::Span>,
    message: &str,
    label: &str,
    notes: &[String],
) -> String {
    let (line, column, len) = span.map(|s| (s.line, s.column, s.len)).unwrap_or((1, 1, 1));
    Diagnostic {
        file,
        source,
        line,
        column,
        len,
        message,
        label,
        notes,
    }
    .render()
}

/// An input error as a diagnostic at its line and column.
pub fn input_diagnostic(file: &str, source: &str, e: &InputError) -> String {
    let label = format!("expected {}", e.expected);
    let message = format!("the record cannot be read: `{}`", e.text);
    at_span(file, source, e.span, &message, &label, &[])
}

/// A replay error as a diagnostic pointing at the ply's text.
pub fn replay_diagnostic(file: &str, source: &str, e: &ReplayError) -> String {
    let message = format!(
        "round {}, {}: the move does not replay: {}",
        e.round, e.player, e.message
    );
    let label = format!("{}'s `{}`", e.player, e.text);
    let mut notes = Vec::new();
    if let Some(line) = &e.variation {
        notes.push(format!("in the variation {line}"));
    }
    if !e.moves.is_empty() {
        let what = if e.message.starts_with("ambiguous") {
            "candidates"
        } else {
            "legal moves"
        };
        notes.push(format!("{what}: {}", e.moves.join(" ")));
    }
    if e.span.is_none() {
        notes.push(format!("the record's ply: round {}, {}", e.round, e.player));
    }
    at_span(file, source, e.span, &message, &label, &notes)
}

/// The one game of a file, or an error when it holds none or several.
pub fn one_game(path: &str, from: Option<Format>) -> Result<(String, Record), CliError> {
    let several = || {
        CliError::Input(format!(
            "`{path}` holds more than one game; this command takes one (use `convert` or `validate` for several)"
        ))
    };
    // A large file is first read as a stream, so that a corpus handed to a
    // one-game command is refused without being held in memory.
    if path != "-"
        && std::fs::metadata(path).is_ok_and(|m| m.len() > STREAM_PROBE_FROM)
        && holds_several(path, from)
    {
        return Err(several());
    }
    let text = text_of(path)?;
    // Two games are enough to tell: the rest of a large file is not parsed.
    let mut games: Vec<_> = input::games_in(&text, from).take(2).collect();
    if games.len() > 1 {
        return Err(several());
    }
    match games.pop() {
        Some(Ok(game)) => Ok((text, game)),
        Some(Err(e)) => Err(CliError::Input(input_diagnostic(path, &text, &e))),
        None => Err(CliError::Input(format!("`{path}` holds no game"))),
    }
}

/// Files larger than this are probed as a stream before being read whole.
const STREAM_PROBE_FROM: u64 = 1 << 20;

/// Whether the PGN, PGN4 or JSON Lines file at `path` holds a second game,
/// read as a stream (no more of the file than its first two games).
fn holds_several(path: &str, from: Option<Format>) -> bool {
    use std::io::BufRead;
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
    let format = match from {
        Some(f) => f,
        None => match reader.fill_buf() {
            Ok(head) => input::detect(&roundtable::render::diagnostic::decode(head)),
            Err(_) => return false,
        },
    };
    match format {
        Format::Pgn | Format::Jsonl => roundtable::split::games(reader, format).take(2).count() > 1,
        _ => false,
    }
}
