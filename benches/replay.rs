//! Read + replay + validate throughput on a self-played corpus, streamed:
//! orthodox games in PGN and four-player games in PGN4.
//! Run with `cargo bench --bench replay` (add `-- <orthodox games> <verney games>`).

use std::io::{BufReader, Write};
use std::time::Instant;

use roundtable::convert::Notation;
use roundtable::input::pgn_games;
use roundtable::selfplay::{Rng, game};
use roundtable::with_width;
use roundtable::{Game, variant};

fn corpus(id: &str, games: usize, path: &std::path::Path) -> std::io::Result<()> {
    let v = variant::by_id(id).ok_or_else(|| std::io::Error::other("variant"))?;
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut rng = Rng::new(42);
    let notation = if v.players() == 2 {
        Notation::Pgn
    } else {
        Notation::Pgn4
    };
    for _ in 0..games {
        let record = with_width!(v, B => game::<B>(v, &mut rng, 300))
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        let text = Game::replay(record)
            .and_then(|g| g.write(notation))
            .map_err(|e| std::io::Error::other(e.to_string()))?
            .text;
        file.write_all(text.as_bytes())?;
        file.write_all(b"\n")?;
    }
    file.flush()
}

fn measure(id: &str, path: &std::path::Path) -> std::io::Result<()> {
    let bytes = std::fs::metadata(path)?.len() as f64;
    let start = Instant::now();
    let reader = BufReader::new(std::fs::File::open(path)?);
    let (mut games, mut plies, mut invalid) = (0usize, 0usize, 0usize);
    for game in pgn_games(reader) {
        games += 1;
        match game {
            Ok(g) => match Game::validate(&g) {
                Ok(found) => plies += found.plies,
                Err(_) => invalid += 1,
            },
            Err(_) => invalid += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{id}: {games} games, {plies} plies, {invalid} invalid, {:.1} MB in {secs:.2} s: {:.2} M plies/s, {:.1} MB/s",
        bytes / 1e6,
        plies as f64 / secs / 1e6,
        bytes / 1e6 / secs
    );
    Ok(())
}

fn main() -> std::io::Result<()> {
    // Measure an existing corpus file only (for profiling): ROUNDTABLE_BENCH_INPUT=path.
    if let Ok(path) = std::env::var("ROUNDTABLE_BENCH_INPUT") {
        return measure("input", std::path::Path::new(&path));
    }
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let orthodox = args.first().copied().unwrap_or(2000);
    let verney = args.get(1).copied().unwrap_or(300);
    let dir = std::env::temp_dir().join(format!("roundtable-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    for (id, n, name) in [
        ("chess", orthodox, "chess.pgn"),
        ("verney", verney, "verney.pgn4"),
    ] {
        let path = dir.join(name);
        corpus(id, n, &path)?;
        measure(id, &path)?;
    }
    std::fs::remove_dir_all(&dir)
}
