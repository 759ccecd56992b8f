//! `roundtable`: read, replay, verify, convert and report on game records of
//! multi-player and historical chess variants.

mod cli;

/// The allocator: reading a corpus allocates for every game and move, and
/// mimalloc serves that faster than the system's malloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "roundtable", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Worker threads for corpus work (`validate`, `stats`, `convert`):
    /// games are read on one thread and replayed on these, output kept in
    /// input order. Default: one per core.
    #[arg(long, short = 'j', global = true, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Convert a record into another notation (the record is replayed to resolve every move).
    Convert(cli::convert::ConvertArgs),
    /// Count the leaf nodes of the move tree to a depth (engine check and benchmark).
    Perft(cli::perft::PerftArgs),
    /// Replay a record: resolve every move, show the events, the final position and material.
    Replay(cli::replay::ReplayArgs),
    /// The position after a ply, as a text diagram or an SVG picture.
    Show(cli::show::ShowArgs),
    /// Material, mates, per-player statistics and results of one or many records.
    Stats(cli::stats::StatsArgs),
    /// Check many records at once (files, directories, JSON Lines on stdin).
    Validate(cli::validate::ValidateArgs),
    /// Random legal games, deterministic for a seed, written as records.
    Selfplay(cli::selfplay::SelfplayArgs),
    /// List the variants, one line each.
    Variants,
    /// A self-contained HTML page to step through the games of a record.
    View(cli::view::ViewArgs),
}

fn main() {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`roundtable
    // replay game.pgn | head`) would panic; a command-line tool should end
    // quietly instead, as the shell's own tools do.
    #[cfg(unix)]
    // SAFETY: setting a signal's action to its default at the start of the
    // program, before any thread exists, has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    if let Some(jobs) = cli.jobs {
        // Only fails when a pool exists already, which it cannot here.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(jobs))
            .build_global();
    }
    // A panic is a bug of the toolkit, never the input's fault: exit 3.
    let result = std::panic::catch_unwind(|| run(&cli.command)).unwrap_or_else(|_| {
        Err(cli::CliError::Internal(
            "internal error (a bug in roundtable; please report it with the input)".into(),
        ))
    });
    if let Err(e) = result {
        // Diagnostics come rendered with their own `error:` heading.
        let text = e.to_string();
        if text.starts_with("error:") {
            eprint!("{text}");
        } else {
            eprintln!("error: {text}");
        }
        std::process::exit(e.exit_code());
    }
}

fn run(command: &Command) -> Result<(), cli::CliError> {
    match command {
        Command::Convert(args) => cli::convert::run(args),
        Command::Perft(args) => cli::perft::run(args),
        Command::Selfplay(args) => cli::selfplay::run(args),
        Command::Show(args) => cli::show::run(args),
        Command::Stats(args) => cli::stats::run(args),
        Command::Validate(args) => cli::validate::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::View(args) => cli::view::run(args),
        Command::Variants => {
            cli::variants::run();
            Ok(())
        }
    }
}
