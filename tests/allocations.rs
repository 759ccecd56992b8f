//! Reading and checking a corpus allocates per game, not per move: a move's
//! texts (player, move, as written) are kept inline, the PGN reader reads
//! move numbers without making strings, and the replay reuses its lists.
//!
//! Allocations are counted by this binary's global allocator, so the file
//! holds one test only (tests of one binary run on several threads).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use roundtable::check::check_str;
use roundtable::convert::Notation;
use roundtable::input::{Format, games};
use roundtable::selfplay::{Rng, game};
use roundtable::{Game, variant};

/// The system allocator, counting allocations and reallocations.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        unsafe { System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `games` self-played orthodox games of up to 300 plies, written in `notation`.
fn corpus(count: usize, notation: Notation) -> String {
    let chess = variant::by_id("chess").expect("chess");
    let mut rng = Rng::new(7);
    let mut text = String::new();
    for _ in 0..count {
        let record = game::<u64>(chess, &mut rng, 300).expect("self-play");
        let written = Game::replay(record)
            .and_then(|g| g.write(notation))
            .expect("writes");
        text.push_str(&written.text);
        text.push('\n');
    }
    text
}

/// Allocations per ply while reading `text` in `format`, and while checking
/// the records read.
fn per_ply(text: &str, format: Format) -> (f64, f64, usize) {
    let before = ALLOCATIONS.load(Relaxed);
    let records: Vec<_> = games(text, Some(format))
        .into_iter()
        .map(|r| r.expect("reads"))
        .collect();
    let read = ALLOCATIONS.load(Relaxed) - before;
    let before = ALLOCATIONS.load(Relaxed);
    let plies: usize = records
        .iter()
        .map(|r| Game::validate(r).expect("replays").plies)
        .sum();
    let checked = ALLOCATIONS.load(Relaxed) - before;
    (
        read as f64 / plies as f64,
        checked as f64 / plies as f64,
        plies,
    )
}

#[test]
fn reading_and_checking_allocate_per_game_not_per_move() {
    for (notation, format) in [
        (Notation::Pgn, Format::Pgn),
        (Notation::Jsonl, Format::Jsonl),
    ] {
        let text = corpus(40, notation);
        let (read, checked, plies) = per_ply(&text, format);
        assert!(plies > 5_000, "{plies} plies");
        // Each game still allocates its record, tags and move vectors: a
        // few dozen allocations for some 280 plies. One string per move
        // would be 1.0 or more here.
        assert!(read < 0.3, "{format:?}: {read:.2} allocations per ply read");
        assert!(
            checked < 0.05,
            "{format:?}: {checked:.3} allocations per ply checked"
        );
        // `validate`'s path reads and checks at once, the moves never made
        // records: the same games, and again with a clock on every move.
        for text in [text.clone(), with_clocks(&text)] {
            let before = ALLOCATIONS.load(Relaxed);
            let checked: usize = check_str(&text, Some(format))
                .into_iter()
                .map(|c| c.expect("checks").found.plies)
                .sum();
            let direct = (ALLOCATIONS.load(Relaxed) - before) as f64 / checked as f64;
            eprintln!("{format:?}: {direct:.3} allocations per ply read and checked");
            assert_eq!(checked, plies);
            assert!(
                direct < 0.1,
                "{format:?}: {direct:.3} allocations per ply read and checked"
            );
        }
    }
}

/// The corpus with a clock comment after every move (PGN) or in every
/// move's comments (JSON Lines).
fn with_clocks(text: &str) -> String {
    if text.starts_with('{') {
        text.replace("\"mv\":", "\"comments\":[\"[%clk 0:59:00]\"],\"mv\":")
    } else {
        text.lines()
            .map(|line| {
                if line.starts_with('[') {
                    line.to_string()
                } else {
                    line.split(' ')
                        .map(|token| {
                            if token.starts_with(|c: char| c.is_ascii_alphabetic()) {
                                format!("{token} {{[%clk 0:59:00]}}")
                            } else {
                                token.to_string()
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}
