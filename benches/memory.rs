//! Peak memory of the corpus commands against the size of their input: the
//! same self-played orthodox corpus at two sizes (the second four times the
//! first), each command run as its own process (the built `roundtable`), its
//! peak resident memory taken from the kernel when it exits. A streaming
//! command shows the same peak for both sizes.
//! Run with `cargo bench --bench memory` (add `-- <games>` for the smaller
//! corpus; default 5,000 games, about 9 MB of PGN, and 20,000).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use roundtable::convert::Notation;
use roundtable::selfplay::{Rng, game};
use roundtable::{Game, variant};

/// The command line's binary, built by cargo for this benchmark.
const ROUNDTABLE: &str = env!("CARGO_BIN_EXE_roundtable");

/// Writes `games` self-played orthodox games to `path` in PGN (the same
/// games, in the same order, for any size: the larger corpus starts with
/// the smaller one).
fn corpus(games: usize, path: &Path) -> std::io::Result<u64> {
    let v = variant::by_id("chess").ok_or_else(|| std::io::Error::other("no chess"))?;
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut rng = Rng::new(42);
    for _ in 0..games {
        let record =
            game::<u64>(v, &mut rng, 300).map_err(|e| std::io::Error::other(e.to_string()))?;
        let text = Game::replay(record)
            .and_then(|g| g.write(Notation::Pgn))
            .map_err(|e| std::io::Error::other(e.to_string()))?
            .text;
        file.write_all(text.as_bytes())?;
        file.write_all(b"\n")?;
    }
    file.flush()?;
    Ok(std::fs::metadata(path)?.len())
}

/// Runs `roundtable args...` with its output thrown away; returns its exit
/// code, its peak resident memory in bytes and its wall time in seconds.
fn measure(args: &[&str]) -> std::io::Result<(i32, u64, f64)> {
    let start = Instant::now();
    let child = Command::new(ROUNDTABLE)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data that wait4 fills in; the pid is our
    // own child, waited for once (the `Child` is not waited on again).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if waited != pid {
        return Err(std::io::Error::last_os_error());
    }
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    // Linux gives ru_maxrss in kilobytes.
    let peak = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;
    Ok((code, peak, start.elapsed().as_secs_f64()))
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

fn main() -> std::io::Result<()> {
    let small: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .and_then(|a| a.parse().ok())
        .unwrap_or(5_000);
    let dir: PathBuf =
        std::env::temp_dir().join(format!("roundtable-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let sizes = [small, small * 4];
    let mut inputs = Vec::new();
    for games in sizes {
        let path = dir.join(format!("corpus-{games}.pgn"));
        let bytes = corpus(games, &path)?;
        println!("corpus: {games} games, {:.1} MB of PGN", mb(bytes));
        inputs.push(path);
    }
    let out = dir.join("out");
    let out = out.to_string_lossy().into_owned();
    type Args = fn(&str, &str) -> Vec<String>;
    let commands: [(&str, Args); 6] = [
        ("validate", |i, _| vec!["validate".into(), i.into()]),
        ("validate -j 1", |i, _| {
            vec!["validate".into(), "-j".into(), "1".into(), i.into()]
        }),
        ("stats", |i, _| vec!["stats".into(), i.into()]),
        ("convert --to jsonl -o", |i, o| {
            vec![
                "convert".into(),
                i.into(),
                "--to".into(),
                "jsonl".into(),
                "-o".into(),
                o.into(),
            ]
        }),
        ("convert --to pgn -o", |i, o| {
            vec![
                "convert".into(),
                i.into(),
                "--to".into(),
                "pgn".into(),
                "-o".into(),
                o.into(),
            ]
        }),
        ("replay (every game)", |i, _| {
            vec!["replay".into(), i.into()]
        }),
    ];
    println!(
        "\n{:<24} {:>14} {:>14} {:>8}   (peak resident memory; wall time)",
        "command",
        format!("{} games", sizes[0]),
        format!("{} games", sizes[1]),
        "large/small"
    );
    for (name, args) in commands {
        let mut peaks = Vec::new();
        let mut cells = Vec::new();
        for input in &inputs {
            let args = args(&input.to_string_lossy(), &out);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let (code, peak, secs) = measure(&args)?;
            peaks.push(peak);
            cells.push(format!(
                "{:.0} MB {:.1}s{}",
                mb(peak),
                secs,
                if code > 1 { "!" } else { "" }
            ));
        }
        println!(
            "{name:<24} {:>14} {:>14} {:>8.2}",
            cells[0],
            cells[1],
            peaks[1] as f64 / peaks[0].max(1) as f64
        );
    }
    println!("\n(`!` marks a run that ended with exit code 2: unusable input.)");
    std::fs::remove_dir_all(&dir)
}
