//! Inputs at and past the limits: each works or ends in a clear error that
//! names its place, never a panic, a stack overflow or a runaway.

use roundtable::{Error, Game, read_str, read_stream};

/// The first record of `text`, or its error.
fn first(text: &str) -> Result<roundtable::Record, Error> {
    read_str(text)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no game in {:.60}", text))
}

#[test]
fn variations_nested_ten_thousand_deep_are_refused_with_a_place() {
    let mut pgn = String::from("1. e4 e5 ");
    for _ in 0..10_000 {
        pgn.push_str("( 1... d5 ");
    }
    for _ in 0..10_000 {
        pgn.push(')');
    }
    pgn.push_str(" *\n");
    let err = first(&pgn).expect_err("too deep");
    let text = err.to_string();
    assert!(text.contains("deep") || text.contains("nest"), "{text}");
}

#[test]
fn variations_a_hundred_deep_replay() {
    // Each variation replaces Black's first move by another legal reply.
    let replies = ["d5", "c5", "e6", "c6", "Nf6", "g6", "d6", "b6", "a6", "h6"];
    let mut pgn = String::from("1. e4 e5 ");
    for i in 0..100 {
        pgn.push_str(&format!("(1... {} ", replies[i % replies.len()]));
    }
    pgn.push_str(&")".repeat(100));
    pgn.push_str(" 2. Nf3 *\n");
    let record = first(&pgn).expect("reads");
    let found = Game::validate(&record).expect("replays");
    assert_eq!((found.plies, found.variation_plies), (3, 100));
}

#[test]
fn a_comment_that_never_closes_is_an_error_at_its_opening() {
    let err = first("[Event \"x\"]\n\n1. e4 { this comment runs on\n2. d4 *\n")
        .expect_err("open comment");
    let text = err.to_string();
    assert!(text.contains("3:7") || text.contains("line 3"), "{text}");
}

#[test]
fn numbers_that_overflow_are_errors_or_text_never_panics() {
    // A move number past u64.
    let huge = "99999999999999999999999999. e4 e5 *\n";
    if let Ok(record) = first(huge) {
        // Read as a number that is not checked: the moves still replay.
        assert_eq!(Game::validate(&record).expect("replays").plies, 2);
    }
    // FEN counters past u32.
    let fen = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999 99999999999999\"]\n\n1. e4 *\n";
    match first(fen) {
        Ok(record) => {
            let e = Game::validate(&record).expect_err("a counter that does not fit is refused");
            assert!(!e.to_string().is_empty());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    // Clock commands with absurd values are comments, kept as written.
    let clk = "1. e4 { [%clk 99999999999999999:99:99] } e5 *\n";
    let record = first(clk).expect("reads");
    assert!(record.moves[0].comments[0].contains("99999999999999999"));
}

#[test]
fn a_game_of_a_million_plies_replays() {
    // Knights out and back: a legal game that never ends by itself.
    let mut pgn = String::with_capacity(20_000_000);
    for n in 0..250_000 {
        let k = 2 * n + 1;
        pgn.push_str(&format!("{k}. Nf3 Nf6 {}. Ng1 Ng8 ", k + 1));
    }
    pgn.push_str("*\n");
    let record = first(&pgn).expect("reads");
    let found = Game::validate(&record).expect("replays");
    assert_eq!(found.plies, 1_000_000);
}

#[test]
fn a_very_long_line_reads() {
    // Ten megabytes of movetext on one line.
    let mut line = String::new();
    while line.len() < 10_000_000 {
        line.push_str("Nf3 Nf6 Ng1 Ng8 ");
    }
    let record = first(&format!("[Event \"x\"]\n\n{line}*\n")).expect("reads");
    assert!(Game::validate(&record).expect("replays").plies > 2_000_000);
}

#[test]
fn a_hundred_thousand_games_stream_one_at_a_time() {
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n\n";
    let text = game.repeat(100_000);
    let mut games = 0;
    let mut plies = 0;
    for record in read_stream(std::io::Cursor::new(text.into_bytes())).expect("stream") {
        plies += Game::validate(&record.expect("reads"))
            .expect("replays")
            .plies;
        games += 1;
    }
    assert_eq!((games, plies), (100_000, 300_000));
}

/// A reader that yields `game` `count` times without holding the whole
/// text: the file is never in memory, only the game being read.
struct Repeated {
    game: &'static [u8],
    count: usize,
    at: usize,
}

impl std::io::Read for Repeated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.count > 0 {
            let take = (self.game.len() - self.at).min(buf.len() - n);
            buf[n..n + take].copy_from_slice(&self.game[self.at..self.at + take]);
            n += take;
            self.at += take;
            if self.at == self.game.len() {
                self.at = 0;
                self.count -= 1;
            }
        }
        Ok(n)
    }
}

#[test]
fn a_million_games_in_one_file_stream_one_at_a_time() {
    let source = Repeated {
        game: b"1. e4 *\n\n",
        count: 1_000_000,
        at: 0,
    };
    let mut games = 0;
    for record in read_stream(std::io::BufReader::new(source)).expect("stream") {
        assert_eq!(record.expect("reads").moves.len(), 1);
        games += 1;
    }
    assert_eq!(games, 1_000_000);
}

#[test]
fn binary_junk_is_an_error_not_a_panic() {
    let mut seed = 0x1234_5678_9ABC_DEF0u64;
    for len in [0usize, 1, 7, 64, 1000, 20_000] {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        if let Ok(games) = read_stream(std::io::Cursor::new(bytes)) {
            for record in games.take(1000).flatten() {
                let _ = Game::validate(&record);
            }
        }
    }
}

#[test]
fn a_hundred_megabyte_line_of_moves_ends_in_an_error_at_the_ply_limit() {
    // 100 MB of legal moves on one line: 25 million plies, more than a game
    // may hold. The reader stops at the ply past the limit, with its place.
    let line = "Nf3 Nf6 Ng1 Ng8 ".repeat(6_250_000);
    let pgn = format!("[Event \"x\"]\n\n{line}*\n");
    let err = first(&pgn).expect_err("refused");
    let text = err.to_string();
    let limit = roundtable::notation::pgn::MAX_PLIES;
    assert!(text.contains(&format!("at most {limit} plies")), "{text}");
    assert!(text.contains(&format!("3:{}:", 4 * limit + 1)), "{text}");
    assert!(text.contains("`Nf3`"), "{text}");
}

#[test]
fn a_token_of_a_hundred_megabytes_is_quoted_by_its_start() {
    let pgn = format!("1. e4 {} *\n", "N".repeat(100_000_000));
    let text = first(&pgn).expect_err("refused").to_string();
    assert!(text.contains("1:7:"), "{}", &text[..200.min(text.len())]);
    assert!(text.len() < 400, "{} bytes", text.len());
    assert!(text.contains(&format!("{}…", "N".repeat(80))));
}
