//! Read + replay + validate throughput on a self-played corpus, streamed:
//! orthodox games in PGN and four-player games in PGN4. The orthodox corpus
//! is also read and replayed by the best peer, pgn-reader + shakmaty, in
//! the same run, and the median ratio of eleven pairs of runs printed (the
//! peer checks each SAN against its legal moves and plays it, as roundtable
//! does).
//! A second orthodox corpus carries a clock comment on every move, and the
//! plain corpora are also read with 2, 3, ... all cores to show the scaling,
//! next to the machine's own ceiling: as many peers run at once on
//! threads that share nothing.
//! The plain orthodox games are also written as JSON Lines (the project's
//! own record), and JSON Lines and PGN read into records, and checked, in
//! pairs of runs, to compare the two readers on the same games.
//! Run with `cargo bench --bench replay` (add `-- <orthodox games> <verney games>`).

use std::io::{BufReader, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use rayon::prelude::*;
use roundtable::check::check_text;
use roundtable::convert::Notation;
use roundtable::input::Format;
use roundtable::selfplay::{Rng, game};
use roundtable::split::Splitter;
use roundtable::with_width;
use roundtable::{Game, variant};

/// The command line's allocator, so that the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Writes `games` self-played games of variant `id` to `path` (PGN, or
/// PGN4 for four players) and, when given, to `json_lines` as JSON Lines;
/// with `comments`, every move carries a clock comment as online exports
/// do.
fn corpus(
    id: &str,
    games: usize,
    comments: bool,
    path: &std::path::Path,
    json_lines: Option<&std::path::Path>,
) -> std::io::Result<()> {
    let v = variant::by_id(id).ok_or_else(|| std::io::Error::other("variant"))?;
    let create = |path| std::fs::File::create(path).map(std::io::BufWriter::new);
    let mut file = create(path)?;
    let mut lines = json_lines.map(create).transpose()?;
    let mut rng = Rng::new(42);
    let notation = if v.players() == 2 {
        Notation::Pgn
    } else {
        Notation::Pgn4
    };
    for _ in 0..games {
        let mut record = with_width!(v, B => game::<B>(v, &mut rng, 300))
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        if comments {
            for (i, m) in record.moves.iter_mut().enumerate() {
                m.comments
                    .push(format!("[%clk 0:{:02}:{:02}]", 59 - i % 60, i % 60));
            }
        }
        let game = Game::replay(record).map_err(|e| std::io::Error::other(e.to_string()))?;
        let write = |notation| {
            game.write(notation)
                .map(|written| written.text)
                .map_err(|e| std::io::Error::other(e.to_string()))
        };
        file.write_all(write(notation)?.as_bytes())?;
        file.write_all(b"\n")?;
        if let Some(lines) = lines.as_mut() {
            // The writer ends the record with its line end.
            lines.write_all(write(Notation::Jsonl)?.as_bytes())?;
        }
    }
    if let Some(mut lines) = lines {
        lines.flush()?;
    }
    file.flush()
}

/// The peer's replay: each SAN resolved against shakmaty's legal moves and
/// played; a game stops at its first move that does not resolve.
struct PeerReplay;

impl pgn_reader::Visitor for PeerReplay {
    type Tags = ();
    type Movetext = (pgn_reader::shakmaty::Chess, usize, bool);
    type Output = (usize, bool);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((pgn_reader::shakmaty::Chess::default(), 0, true))
    }

    fn san(
        &mut self,
        game: &mut Self::Movetext,
        san: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        use pgn_reader::shakmaty::Position as _;
        match san.san.to_move(&game.0) {
            Ok(m) => {
                game.0.play_unchecked(m);
                game.1 += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break((game.1, false)),
        }
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        (game.1, game.2)
    }
}

/// The peer reads and replays `path`: games, plies and games that stopped
/// at a move.
fn peer_counts(path: &std::path::Path) -> std::io::Result<(usize, usize, usize)> {
    let mut reader = pgn_reader::Reader::new(std::fs::File::open(path)?);
    let (mut games, mut plies, mut invalid) = (0usize, 0usize, 0usize);
    while let Some((n, ok)) = reader.read_game(&mut PeerReplay)? {
        games += 1;
        plies += n;
        if !ok {
            invalid += 1;
        }
    }
    Ok((games, plies, invalid))
}

/// The peer on the same file: plies per second.
fn measure_peer(path: &std::path::Path) -> std::io::Result<f64> {
    let start = Instant::now();
    let (games, plies, invalid) = peer_counts(path)?;
    let secs = start.elapsed().as_secs_f64();
    let rate = plies as f64 / secs;
    println!(
        "peer (pgn-reader + shakmaty): {games} games, {plies} plies, {invalid} invalid in {secs:.2} s: {:.2} M plies/s",
        rate / 1e6
    );
    Ok(rate)
}

/// What this machine gives `copies` threads that share nothing: as many
/// peers at once, each reading the whole file on its own thread, in
/// plies per second together. Divided by one peer's rate, it is the
/// ceiling of any program's scaling here (cores that share a physical
/// core, or a busy host, give less than `copies`).
fn measure_peers_at_once(path: &std::path::Path, copies: usize) -> std::io::Result<f64> {
    let start = Instant::now();
    let plies = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..copies)
            .map(|_| scope.spawn(|| peer_counts(path)))
            .collect();
        runs.into_iter().try_fold(0usize, |total, run| {
            let (_, plies, _) = run
                .join()
                .map_err(|_| std::io::Error::other("a peer thread panicked"))??;
            Ok::<_, std::io::Error>(total + plies)
        })
    })?;
    Ok(plies as f64 / start.elapsed().as_secs_f64())
}

/// Reads and validates every game of `path` with `threads` workers (a
/// reading thread cuts the input into game texts while the workers parse
/// and replay the last chunk cut, as `roundtable validate -j N` does):
/// plies per second.
fn measure(
    id: &str,
    path: &std::path::Path,
    format: Format,
    threads: usize,
) -> std::io::Result<f64> {
    let bytes = std::fs::metadata(path)?.len() as f64;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(std::io::Error::other)?;
    let start = Instant::now();
    let reader = BufReader::with_capacity(1 << 16, std::fs::File::open(path)?);
    let (mut games, mut plies, mut invalid) = (0usize, 0usize, 0usize);
    // One thread cuts the next chunk while the workers check this one.
    let (chunks, cut) = std::sync::mpsc::sync_channel(1);
    let cutter = std::thread::spawn(move || {
        let mut texts = Splitter::new(reader, format).peekable();
        while texts.peek().is_some() {
            let chunk: std::io::Result<Vec<_>> = texts.by_ref().take(256).collect();
            if chunks.send(chunk).is_err() {
                return;
            }
        }
    });
    for chunk in cut {
        let chunk = chunk?;
        let found: Vec<(usize, usize, usize)> = pool.install(|| {
            chunk
                .par_iter()
                .map(|text| {
                    let (mut games, mut plies, mut invalid) = (0, 0, 0);
                    for game in check_text(text) {
                        games += 1;
                        match game {
                            Ok(checked) => plies += checked.found.plies,
                            Err(_) => invalid += 1,
                        }
                    }
                    (games, plies, invalid)
                })
                .collect()
        });
        for (g, p, i) in found {
            games += g;
            plies += p;
            invalid += i;
        }
    }
    cutter
        .join()
        .map_err(|_| std::io::Error::other("the cutting thread panicked"))?;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{id}, {threads} thread(s): {games} games, {plies} plies, {invalid} invalid, {:.1} MB in {secs:.2} s: {:.2} M plies/s, {:.1} MB/s",
        bytes / 1e6,
        plies as f64 / secs / 1e6,
        bytes / 1e6 / secs
    );
    Ok(plies as f64 / secs)
}

/// Reads every game of `path` (in `format`) into its record on one
/// thread, as `stats`, `convert` and the library read a stream, without
/// replaying it: moves per second.
fn measure_reading(path: &std::path::Path, format: Format) -> std::io::Result<f64> {
    let start = Instant::now();
    let reader = BufReader::with_capacity(1 << 16, std::fs::File::open(path)?);
    let (mut games, mut moves, mut unread) = (0usize, 0usize, 0usize);
    for game in roundtable::split::games(reader, format) {
        games += 1;
        match game {
            Ok(record) => moves += record.moves.len(),
            Err(_) => unread += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "reading {format:?}: {games} games, {moves} moves, {unread} unread in {secs:.2} s: {:.2} M moves/s",
        moves as f64 / secs / 1e6
    );
    Ok(moves as f64 / secs)
}

/// How many pairs of runs each comparison takes; the median of their
/// ratios counts. The two runs of a pair follow each other, the first of a
/// pair taking turns, so that the host's moods (this machine's runs of the
/// same binary vary by half) touch both sides of a ratio alike.
const PAIRS: usize = 11;

/// The ratios a / b of `PAIRS` pairs of runs taken back to back.
fn paired(
    mut a: impl FnMut() -> std::io::Result<f64>,
    mut b: impl FnMut() -> std::io::Result<f64>,
) -> std::io::Result<Vec<f64>> {
    let mut ratios = Vec::with_capacity(PAIRS);
    for i in 0..PAIRS {
        let (x, y) = if i % 2 == 0 {
            let x = a()?;
            (x, b()?)
        } else {
            let y = b()?;
            (a()?, y)
        };
        ratios.push(x / y);
    }
    ratios.sort_by(f64::total_cmp);
    Ok(ratios)
}

/// The median of sorted ratios, and their range, as printed.
fn summary(ratios: &[f64]) -> (f64, String) {
    let median = ratios[ratios.len() / 2];
    let range = format!(
        "the median of {} pairs of runs taken back to back; {:.2}-{:.2}",
        ratios.len(),
        ratios[0],
        ratios[ratios.len() - 1]
    );
    (median, range)
}

fn main() -> std::io::Result<()> {
    // Measure an existing corpus file only (for profiling): ROUNDTABLE_BENCH_INPUT=path.
    if let Ok(path) = std::env::var("ROUNDTABLE_BENCH_INPUT") {
        let path = std::path::Path::new(&path);
        let format = if path.extension().is_some_and(|e| e == "jsonl") {
            Format::Jsonl
        } else {
            Format::Pgn
        };
        return measure("input", path, format, 1).map(drop);
    }
    // The peer alone on an existing file: ROUNDTABLE_BENCH_PEER_INPUT=path.
    if let Ok(path) = std::env::var("ROUNDTABLE_BENCH_PEER_INPUT") {
        return measure_peer(std::path::Path::new(&path)).map(drop);
    }
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    // 20,000 games make a run of about a second: runs of a tenth of that
    // varied by half from one to the next on this project's host.
    let orthodox = args.first().copied().unwrap_or(20_000);
    let verney = args.get(1).copied().unwrap_or(1000);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let dir = std::env::temp_dir().join(format!("roundtable-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    for (id, n, comments, name) in [
        ("chess", orthodox, false, "chess.pgn"),
        ("chess", orthodox, true, "chess-clocks.pgn"),
        ("verney", verney, false, "verney.pgn4"),
    ] {
        let path = dir.join(name);
        let json_lines = (id == "chess" && !comments).then(|| dir.join("chess.jsonl"));
        corpus(id, n, comments, &path, json_lines.as_deref())?;
        // PGN4 is cut into games as PGN is.
        let format = Format::Pgn;
        let label = if comments {
            format!("{id} with a comment on every move")
        } else {
            id.to_string()
        };
        if id == "chess" {
            let ratios = paired(|| measure(&label, &path, format, 1), || measure_peer(&path))?;
            let (ratio, range) = summary(&ratios);
            println!("{label}: roundtable / peer = {ratio:.2} (one thread each, {range})");
        }
        if let Some(lines) = &json_lines {
            // The same games in the project's own record against PGN:
            // read into records, and checked as `validate -j 1` checks
            // them.
            let ratios = paired(
                || measure_reading(lines, Format::Jsonl),
                || measure_reading(&path, Format::Pgn),
            )?;
            let (ratio, range) = summary(&ratios);
            println!(
                "{label}: reading JSON Lines makes {ratio:.2}x the moves/s of reading PGN (one thread, {range})"
            );
            let ratios = paired(
                || measure(&format!("{label} as JSON Lines"), lines, Format::Jsonl, 1),
                || measure(&label, &path, format, 1),
            )?;
            let (ratio, range) = summary(&ratios);
            println!(
                "{label}: checking JSON Lines makes {ratio:.2}x the plies/s of checking PGN (one worker, {range})"
            );
        }
        if !comments {
            // Scaling: the same corpus with 2, 3, ... all cores against
            // one, next to what the machine gives as many independent
            // peers at once against one peer.
            for threads in 2..=cores {
                let ratios = paired(
                    || measure(&label, &path, format, threads),
                    || measure(&label, &path, format, 1),
                )?;
                let (scaling, range) = summary(&ratios);
                println!(
                    "{label}: {threads} threads make {scaling:.2}x the plies/s of one ({:.0} % of linear; {range})",
                    100.0 * scaling / threads as f64
                );
                if id == "chess" {
                    let ratios = paired(
                        || measure_peers_at_once(&path, threads),
                        || measure_peer(&path),
                    )?;
                    let (ceiling, range) = summary(&ratios);
                    println!(
                        "{label}: the machine's ceiling: {threads} peers at once make {ceiling:.2}x the plies/s of one ({range}); roundtable's scaling is {:.0} % of it",
                        100.0 * scaling / ceiling
                    );
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir)
}
