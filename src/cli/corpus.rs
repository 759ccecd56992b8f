//! Corpus mode: many files, directories and JSON Lines on standard input,
//! read a game at a time and worked on in parallel chunks, in order, with
//! a progress bar while the work is long. Memory stays flat: only one chunk
//! of games is held at a time.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use roundtable::Record;
use roundtable::input::{self, Format, InputError};

use super::CliError;

/// How many games are worked on at once.
const CHUNK: usize = 256;

/// One game of the corpus, with where it came from.
pub struct Item {
    /// `path` for a file's only game, `path#n` for the n-th of several.
    pub source: String,
    /// The file (`-` for standard input).
    pub path: String,
    pub game: Result<Record, InputError>,
}

/// The files named, with directories walked (sorted; hidden files and
/// Markdown notes such as a folder's `README.md` skipped).
pub fn files(paths: &[String]) -> Result<Vec<String>, CliError> {
    let mut out = Vec::new();
    for p in paths {
        if p == "-" {
            out.push(p.clone());
            continue;
        }
        let path = PathBuf::from(p);
        if path.is_dir() {
            walk(&path, &mut out)?;
        } else if path.exists() {
            out.push(p.clone());
        } else {
            return Err(CliError::Input(format!(
                "cannot read `{p}`: no such file or directory"
            )));
        }
    }
    Ok(out)
}

fn walk(dir: &PathBuf, out: &mut Vec<String>) -> Result<(), CliError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| CliError::Input(format!("cannot read `{}`: {e}", dir.display())))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let hidden = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'));
        let note = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("md"));
        if hidden || (note && path.is_file()) {
            continue;
        }
        if path.is_dir() {
            walk(&path, out)?;
        } else {
            out.push(path.to_string_lossy().to_string());
        }
    }
    Ok(())
}

/// The games of one file (or of standard input), in the notation `from`
/// names or the one detected from the first block of input, streamed
/// where the notation allows (PGN, PGN4, JSON Lines).
fn games_of(
    path: &str,
    from: Option<Format>,
) -> Result<Box<dyn Iterator<Item = Result<Record, InputError>>>, CliError> {
    let cannot = |e: std::io::Error| CliError::Input(format!("cannot read `{path}`: {e}"));
    let mut reader: Box<dyn BufRead> = if path == "-" {
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        Box::new(BufReader::new(File::open(path).map_err(cannot)?))
    };
    let format = match from {
        Some(f) => f,
        None => {
            let head = reader.fill_buf().map_err(cannot)?;
            input::detect(&roundtable::render::diagnostic::decode(head))
        }
    };
    Ok(match format {
        Format::Pgn => Box::new(input::pgn_games(reader)),
        Format::Jsonl => Box::new(input::json_lines(reader)),
        other => {
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes).map_err(cannot)?;
            let text = roundtable::render::diagnostic::decode(&bytes);
            Box::new(input::games(&text, Some(other)).into_iter())
        }
    })
}

/// Works on every game of `paths` with `work` (in parallel), and gives the
/// results to `sink` in the order of the games. The run stops at the first
/// error `sink` returns (the games of the chunk in hand are worked on, but
/// no more are read).
pub fn run<R: Send>(
    paths: &[String],
    from: Option<Format>,
    work: impl Fn(Item) -> R + Sync,
    mut sink: impl FnMut(R) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let files = files(paths)?;
    let bar = if files.len() > 1 {
        ProgressBar::new(files.len() as u64)
    } else {
        ProgressBar::new_spinner()
    };
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} files, {msg}",
    ) {
        bar.set_style(style);
    }
    let mut games = 0usize;
    for path in &files {
        let mut chunk: Vec<Item> = Vec::with_capacity(CHUNK);
        let mut flush = |chunk: &mut Vec<Item>, games: &mut usize| -> Result<(), CliError> {
            *games += chunk.len();
            let results: Vec<R> = std::mem::take(chunk).into_par_iter().map(&work).collect();
            bar.set_message(format!("{games} games"));
            results.into_iter().try_for_each(&mut sink)
        };
        let stream = games_of(path, from)?;
        let mut numbered = stream.enumerate().peekable();
        let several = {
            let first = numbered.next();
            let more = numbered.peek().is_some();
            if let Some((i, game)) = first {
                let source = if more {
                    format!("{path}#{}", i + 1)
                } else {
                    path.clone()
                };
                chunk.push(Item {
                    source,
                    path: path.clone(),
                    game,
                });
            }
            more
        };
        for (i, game) in numbered {
            let source = if several {
                format!("{path}#{}", i + 1)
            } else {
                path.clone()
            };
            chunk.push(Item {
                source,
                path: path.clone(),
                game,
            });
            if chunk.len() == CHUNK {
                flush(&mut chunk, &mut games)?;
            }
        }
        flush(&mut chunk, &mut games)?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
