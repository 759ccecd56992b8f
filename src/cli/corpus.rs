//! Corpus mode: many files, directories and JSON Lines on standard input,
//! read a game at a time and worked on in parallel chunks, in order, with
//! a progress bar while the work is long. Memory stays flat: only one chunk
//! of games is held at a time.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use roundtable::Record;
use roundtable::input::{self, Format, InputError};
use roundtable::split::{GameText, Splitter};

use super::CliError;

/// How many game texts are worked on at once, at most.
const CHUNK: usize = 64;

/// How many games are worked on at once, at most (a text of more is taken
/// alone): a block of JSON Lines may hold a hundred short records (a few
/// thousand in the read that ends a long line), whose results are held
/// until the chunk is done.
const CHUNK_GAMES: usize = 4096;

/// How many bytes of game text are worked on at once, at most (one longer
/// game is taken alone).
const CHUNK_BYTES: usize = 1 << 20;

/// One game of the corpus, with where it came from: by default its record
/// as read, or what the worker's parse step made of its text.
pub struct Item<G = Result<Record, InputError>> {
    /// `path` for a file's only game, `path#n` for the n-th of several.
    pub source: String,
    /// The file (`-` for standard input).
    pub path: String,
    pub game: G,
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

/// The texts of the games of one file (or of standard input), in the
/// notation `from` names or the one detected from the first block of
/// input, cut without parsing where the notation allows (PGN, PGN4, JSON
/// Lines): the workers parse them.
fn texts_of(
    path: &str,
    from: Option<Format>,
) -> Result<Splitter<Box<dyn BufRead + Send>>, CliError> {
    let cannot = |e: std::io::Error| CliError::Input(format!("cannot read `{path}`: {e}"));
    let mut reader: Box<dyn BufRead + Send> = if path == "-" {
        Box::new(BufReader::with_capacity(1 << 16, std::io::stdin()))
    } else {
        Box::new(BufReader::with_capacity(
            1 << 16,
            File::open(path).map_err(cannot)?,
        ))
    };
    let format = match from {
        Some(f) => f,
        None => {
            let head = reader.fill_buf().map_err(cannot)?;
            input::detect(&roundtable::render::diagnostic::decode(head))
        }
    };
    Ok(Splitter::new(reader, format))
}

/// Game texts cut from one input, and whether more follow.
struct Chunk {
    texts: Vec<GameText>,
    more: bool,
}

/// Cuts `texts` into chunks of at most [`CHUNK`] texts, [`CHUNK_GAMES`]
/// games and [`CHUNK_BYTES`] bytes (a larger text alone) and sends them in
/// order; stops at a read error (sent on) or when the receiver is gone.
fn cut_chunks<R: BufRead>(
    texts: Splitter<R>,
    path: &str,
    chunks: &std::sync::mpsc::SyncSender<Result<Chunk, CliError>>,
) {
    let mut texts = texts.peekable();
    while texts.peek().is_some() {
        let mut chunk: Vec<GameText> = Vec::with_capacity(CHUNK);
        let (mut bytes, mut games) = (0, 0);
        while chunk.len() < CHUNK && games < CHUNK_GAMES && bytes < CHUNK_BYTES {
            match texts.next() {
                Some(Ok(text)) => {
                    bytes += text.bytes.len();
                    games += games_at_most(&text);
                    chunk.push(text);
                }
                Some(Err(e)) => {
                    let _ = chunks.send(Err(CliError::Input(format!("cannot read `{path}`: {e}"))));
                    return;
                }
                None => break,
            }
        }
        let more = texts.peek().is_some();
        if chunks.send(Ok(Chunk { texts: chunk, more })).is_err() {
            return;
        }
    }
}

/// How many games a text may hold, as far as cutting chunks is concerned:
/// a JSON Lines block one a line (its results are held together), any
/// other text one (a PGN text rarely holds more).
fn games_at_most(text: &GameText) -> usize {
    match text.format {
        Format::Jsonl => memchr::memchr_iter(b'\n', &text.bytes).count().max(1),
        _ => 1,
    }
}

/// Works on every game of `paths` with `work`, and gives the results to
/// `sink` in the order of the games. One thread reads and cuts the input
/// into game texts ([`Splitter`]); the workers read each text into its
/// records and then work on its games, a chunk at a time, so memory holds
/// one chunk. The run stops at the first error `sink` returns (the chunk in
/// hand is finished; at most the next chunk has been cut, and nothing more
/// is read).
pub fn run<R: Send>(
    paths: &[String],
    from: Option<Format>,
    work: impl Fn(Item) -> R + Sync,
    sink: impl FnMut(R) -> Result<(), CliError>,
) -> Result<(), CliError> {
    run_parsed(paths, from, GameText::games, work, sink)
}

/// [`run`] with the workers' parse step given: `parse` makes the games of
/// one text (records, or games already checked).
pub fn run_parsed<G: Send, R: Send>(
    paths: &[String],
    from: Option<Format>,
    parse: impl Fn(&GameText) -> Vec<G> + Sync,
    work: impl Fn(Item<G>) -> R + Sync,
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
        let texts = texts_of(path, from)?;
        // Games are numbered in the file (`path#n`) when it holds more than one.
        let mut several: Option<bool> = None;
        let mut numbered = 0usize;
        // One thread cuts the next chunk while the workers parse and work
        // on this one: the cutting is not a sequential part of the run.
        std::thread::scope(|scope| -> Result<(), CliError> {
            let (chunks, cut) = std::sync::mpsc::sync_channel(1);
            scope.spawn(move || cut_chunks(texts, path, &chunks));
            for chunk in cut {
                let Chunk { texts, more } = chunk?;
                let parsed: Vec<Vec<G>> = texts.par_iter().map(&parse).collect();
                let in_chunk: usize = parsed.iter().map(Vec::len).sum();
                let several = *several.get_or_insert(in_chunk > 1 || more);
                let items: Vec<Item<G>> = parsed
                    .into_iter()
                    .flatten()
                    .map(|game| {
                        numbered += 1;
                        Item {
                            source: if several {
                                format!("{path}#{numbered}")
                            } else {
                                path.clone()
                            },
                            path: path.clone(),
                            game,
                        }
                    })
                    .collect();
                games += items.len();
                let results: Vec<R> = items.into_par_iter().map(&work).collect();
                bar.set_message(format!("{games} games"));
                // An error here drops the receiver: the cutting thread's
                // next send fails and it stops.
                results.into_iter().try_for_each(&mut sink)?;
            }
            Ok(())
        })?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
