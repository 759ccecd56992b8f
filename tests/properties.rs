//! Properties on any input (proptest): arbitrary bytes never panic; damaged
//! records fail with an error that names its line, column and token; every
//! error message says something.

use proptest::prelude::*;
use roundtable::input::{Format, pgn_games_from};
use roundtable::split::Splitter;
use roundtable::{Error, Game, read_stream};

const MORPHY: &str = include_str!("../records/morphy-opera-1858.pgn");
const VERNEY: &str = include_str!("../records/verney-1881.txt");
const SKOCK: &str = include_str!("../records/skock-selfplay-253.pgn");

/// Reads and checks every game of `bytes`; returns the errors met.
fn errors_of(bytes: Vec<u8>) -> Vec<Error> {
    let mut out = Vec::new();
    match read_stream(std::io::Cursor::new(bytes)) {
        Err(e) => out.push(e),
        Ok(games) => {
            for game in games.take(200) {
                match game {
                    Err(e) => out.push(e),
                    Ok(record) => {
                        if let Err(e) = Game::validate(&record) {
                            out.push(e);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The place an error names, when it names one.
fn place(e: &Error) -> Option<(usize, usize)> {
    match e {
        Error::Read(e) => e.span.map(|s| (s.line, s.column)),
        Error::Replay(e) => e.span.map(|s| (s.line, s.column)),
        _ => None,
    }
}

/// `text` with `edits` applied: (position, byte to put there or none to delete).
fn damaged(text: &str, edits: &[(usize, Option<u8>)]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, byte) in edits {
        let at = at % (bytes.len() + 1);
        match byte {
            Some(b) if at < bytes.len() && b % 2 == 0 => bytes[at] = b,
            Some(b) => bytes.insert(at, b),
            None if at < bytes.len() => {
                bytes.remove(at);
            }
            None => {}
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        for e in errors_of(bytes) {
            prop_assert!(!e.to_string().trim().is_empty());
        }
    }

    #[test]
    fn pgn_like_text_never_panics(text in "[\\[\\]\"a-hKQRBNx1-8 .=+#(){};$!?*/-]{0,400}") {
        for e in errors_of(text.into_bytes()) {
            prop_assert!(!e.to_string().trim().is_empty());
        }
    }

    /// Skock movetext: throws, paths, returns and passes in any order and
    /// any damage; a damaged copy of the Skock record fails at a place.
    #[test]
    fn skock_movetext_never_panics(body in "(\\[[1-6] [1-6]\\] |[a-h][1-8]|[-x,=]|[KQRBNP]|back |-- |[0-9]+\\. |\\{c\\} ){0,60}") {
        let text = format!("[Variant \"skock\"]\n\n{body}\n");
        for e in errors_of(text.into_bytes()) {
            prop_assert!(!e.to_string().trim().is_empty());
        }
    }

    #[test]
    fn a_damaged_skock_record_fails_at_a_place(edits in proptest::collection::vec((any::<usize>(), proptest::option::of(any::<u8>())), 1..4)) {
        let bytes = damaged(SKOCK, &edits);
        for e in errors_of(bytes) {
            prop_assert!(!e.to_string().trim().is_empty());
            if let Error::Replay(r) = &e {
                // A turn that does not fit names its place (a record of
                // another variant, after a damaged Variant tag, may fail
                // before its first move).
                if r.round > 0 {
                    prop_assert!(place(&e).is_some(), "{e}");
                }
            }
        }
    }

    /// The parallel readers cut a stream into game texts before parsing
    /// them: the games (and errors, with their places) must be exactly those
    /// of one reader over the whole stream, whatever the lines. Escape lines
    /// (`%`) are left out: between a blank line and the next tags they go to
    /// the next game by the splitter's own rule.
    #[test]
    fn cutting_into_game_texts_changes_no_game(lines in proptest::collection::vec(prop_oneof![
        Just("[Event \"x\"]".to_string()),
        Just("[White \"Müller\"] [Black \"y\"]".to_string()),
        Just("[FEN \"open".to_string()),
        Just(String::new()),
        Just("  ".to_string()),
        Just("1. e4 e5 2. Nf3 *".to_string()),
        Just("1. d4 {a comment".to_string()),
        Just("still} d5 (1... Nf6".to_string()),
        Just(") 1-0".to_string()),
        Just("1/2-1/2\r".to_string()),
        "[\\[\\]\"a-hKQRBN1-8 .{}()*é-]{0,30}",
    ], 0..40)) {
        let text = lines.join("\n");
        let whole: Vec<String> = pgn_games_from(text.as_bytes(), 1)
            .map(|g| format!("{g:?}"))
            .collect();
        let cut: Vec<String> = Splitter::new(text.as_bytes(), Format::Pgn)
            .flat_map(|t| t.map(|t| t.games()).unwrap_or_default())
            .map(|g| format!("{g:?}"))
            .collect();
        prop_assert_eq!(cut, whole);
    }

    /// A damaged real game either still reads and replays, or fails at a
    /// place inside the text with a message and the text it quotes.
    #[test]
    fn a_damaged_pgn_fails_at_a_place(edits in proptest::collection::vec((any::<usize>(), proptest::option::of(any::<u8>())), 1..4)) {
        let bytes = damaged(MORPHY, &edits);
        let lines = bytes.split(|&b| b == b'\n').count();
        for e in errors_of(bytes) {
            let message = e.to_string();
            prop_assert!(!message.trim().is_empty());
            if let Some((line, column)) = place(&e) {
                prop_assert!(line >= 1 && line <= lines + 1, "{message}");
                prop_assert!(column >= 1, "{message}");
            }
            if let Error::Replay(r) = &e {
                prop_assert!(r.span.is_some(), "a replay error names its place: {message}");
                prop_assert!(!r.text.is_empty() || r.message.contains("pass"), "{message}");
            }
        }
    }

    /// The same for Verney's round table of 1881.
    #[test]
    fn a_damaged_round_table_fails_at_a_place(edits in proptest::collection::vec((any::<usize>(), proptest::option::of(any::<u8>())), 1..3)) {
        let bytes = damaged(VERNEY, &edits);
        for e in errors_of(bytes) {
            prop_assert!(!e.to_string().trim().is_empty());
        }
    }
}

/// Reads, and replays, every game of `bytes`, however many there are.
fn read_all(bytes: &[u8]) {
    if let Ok(games) = read_stream(std::io::Cursor::new(bytes.to_vec())) {
        for record in games.flatten() {
            let _ = Game::validate(&record);
        }
    }
}

/// The least time of two runs of `read_all` over `bytes`.
fn reading_time(bytes: &[u8]) -> std::time::Duration {
    (0..2)
        .map(|_| {
            let start = std::time::Instant::now();
            read_all(bytes);
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// No input takes more than linear time: a fragment repeated to sixteen
    /// times the length takes at most about sixteen times as long. The
    /// fragments are the shapes that catch a reader rescanning what it has
    /// read (open comments and variations, tags, escape lines, long tokens,
    /// moves, table rows, JSON) mixed with random PGN-like text. This is a
    /// ratio of two runs on the same machine, not a speed target: the bound
    /// (64×, with a 2 ms floor under the short run) sits far above linear
    /// noise and far below the 256× a quadratic reader would show.
    #[test]
    fn reading_takes_linear_time(parts in proptest::collection::vec(prop_oneof![
        Just("{ open comment ".to_string()),
        Just("(1. e4 ".to_string()),
        Just("[Event \"x\"]\n".to_string()),
        Just("[FEN \"".to_string()),
        Just("\n% escape\n".to_string()),
        Just("; rest of line\n".to_string()),
        Just("1. e4 e5 2. Nf3 Nc6 ".to_string()),
        Just("e4".to_string()),
        Just("| P-K4 | P-Q4 | P-K4 | P-Q4 |\n".to_string()),
        Just("{\"moves\": [\"e4\", ".to_string()),
        Just("[1 4] f4xe5, Ng2-f4-g2-f4xe6 ".to_string()),
        Just("\n\n".to_string()),
        "[\\[\\]\"a-hKQRBNx1-8 .=+#(){};$!?*/%|-]{1,20}",
    ], 1..6)) {
        let fragment = parts.concat();
        let repeat = |len: usize| fragment.repeat(len / fragment.len() + 1).into_bytes();
        let short = reading_time(&repeat(16 * 1024));
        let long = reading_time(&repeat(256 * 1024));
        let floor = short.max(std::time::Duration::from_millis(2));
        prop_assert!(
            long <= floor * 64,
            "{fragment:?}: 16 KB in {short:?}, 256 KB in {long:?}"
        );
    }
}

/// What a comment may quote: the other notations' tell-tale lines (a
/// round table's header of seat names in columns, a row of descriptive
/// cells, a printed score's moves, a tag line, an escape line, JSON), on
/// lines of their own or not, and random text without a `}` (which PGN
/// cannot hold in a comment).
fn quoted_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("Yellow      Red".to_string()),
            Just("   WHITE.     BLACK.     YELLOW.     RED.".to_string()),
            Just("\tYELLOW.\tRED.\tWHITE.\tBLACK.".to_string()),
            Just("1st round\tK. P. to K. 3.\tQ. P. to Q. 4.".to_string()),
            Just("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3".to_string()),
            Just("[Event \"quoted\"]".to_string()),
            Just("% not an escape".to_string()),
            Just("; not a rest of line".to_string()),
            Just("{\"format\":2".to_string()),
            Just("1-0 *".to_string()),
            "[ -|~\t]{0,40}",
        ],
        1..5,
    )
    .prop_map(|lines| lines.join("\n"))
}

/// Each move's texts as written dropped (each notation writes its own),
/// and each comment's white space made single spaces (PGN's reader joins
/// a comment's lines and trims it).
fn comparable(record: &roundtable::Record) -> roundtable::Record {
    let squeeze = |c: &String| c.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut rec = Game::replay(record.clone())
        .expect("the game replays")
        .resolved();
    rec.comments = rec.comments.iter().map(squeeze).collect();
    for m in &mut rec.moves {
        m.written = None;
        m.comments = m.comments.iter().map(squeeze).collect();
    }
    rec
}

/// A random game of Verney's four-handed chess (`four`) or of orthodox
/// chess, of at most `plies` plies, the same for the same seed.
fn random_game(seed: u64, four: bool, plies: usize) -> roundtable::Record {
    let v = roundtable::variant::by_id(if four { "verney" } else { "chess" }).expect("variant");
    let mut rng = roundtable::selfplay::Rng::new(seed);
    roundtable::with_width!(v, B => roundtable::selfplay::game::<B>(v, &mut rng, plies))
        .expect("selfplay")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A comment may say anything: a random game of orthodox chess or of
    /// Verney's four-handed chess, its moves and the game itself commented
    /// with text that quotes other notations (and a tag and an escape line
    /// quoting it on one line), written as PGN (PGN4) and as
    /// long algebraic, reads back, its notation guessed from the text, as
    /// the same game with the same comments. (Found by the `roundtrip`
    /// fuzzer: a comment quoting a round table's header made the PGN read
    /// as a table.)
    #[test]
    fn comments_that_quote_other_notations_change_no_game(
        seed in any::<u64>(),
        four in any::<bool>(),
        notes in proptest::collection::vec((any::<prop::sample::Index>(), quoted_text()), 1..5),
        opening in proptest::option::of(quoted_text()),
    ) {
        use roundtable::convert::Notation;
        let mut record = random_game(seed, four, 40);
        prop_assume!(!record.moves.is_empty());
        for (at, text) in notes {
            let i = at.index(record.moves.len());
            record.moves[i].comments.push(text);
        }
        record.comments.extend(opening);
        // A tag's value and an escape line may quote them too (one line each).
        let one_line = |t: &String| t.replace('\n', " ");
        if let Some(text) = &record.comments.first().map(one_line) {
            record.tags.push(roundtable::record::Tag { key: "Annotator".into(), value: text.replace('"', "'") });
            record.escapes.push(text.clone());
        }
        let original = comparable(&record);
        let pgn = if four { Notation::Pgn4 } else { Notation::Pgn };
        for notation in [pgn, Notation::Long] {
            let written = Game::replay(record.clone()).expect("replays").write(notation).expect("writes");
            prop_assert!(written.left_out.is_empty(), "{:?}", written.left_out);
            let back = roundtable::read_str(&written.text);
            prop_assert_eq!(back.len(), 1, "{:?}:\n{}", notation, written.text);
            let again = match &back[0] {
                Ok(again) => again,
                Err(e) => return Err(TestCaseError::fail(format!("{notation:?} does not read back: {e}\n{}", written.text))),
            };
            prop_assert_eq!(comparable(again), original.clone(), "{:?}:\n{}", notation, written.text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// A game set up from a position: the position a random orthodox or
    /// Verney game reaches after a random number of plies (its move
    /// number and player to move as they fall) as the record's start, the
    /// rest of the game as its moves, is written in every notation that
    /// holds a start position and reads back, its notation guessed from
    /// the text, as the same game. PGN, long algebraic and JSON must hold
    /// it. (Found by the `roundtrip` fuzzer on a real game set up at move
    /// 14: its PGN was numbered from 1, and `1. O-O+` read as a printed
    /// score's first move.)
    #[test]
    fn a_game_set_up_from_a_position_reads_back_in_every_notation(
        seed in any::<u64>(),
        four in any::<bool>(),
        cut in 1usize..120,
    ) {
        use roundtable::convert::Notation;
        let whole = random_game(seed, four, 160);
        prop_assume!(whole.moves.len() > cut);
        let start = Game::replay(whole.clone())
            .expect("the game replays")
            .board_after(cut)
            .expect("a position")
            .text();
        let mut record = whole.clone();
        record.start = Some(start.clone());
        record.moves = whole.moves[cut..].to_vec();
        let original = comparable(&record);
        let game = Game::replay(record.clone()).expect("the game set up replays");
        let must = [if four { Notation::Pgn4 } else { Notation::Pgn }, Notation::Long, Notation::Json, Notation::Jsonl];
        let others = [Notation::San, Notation::Descriptive, Notation::Table];
        for notation in must.into_iter().chain(others) {
            let written = match game.write(notation) {
                Ok(w) if w.left_out.is_empty() => w,
                Ok(w) => {
                    prop_assert!(!must.contains(&notation), "{:?} left out {:?}", notation, w.left_out);
                    continue;
                }
                Err(e) => {
                    prop_assert!(!must.contains(&notation), "{:?} fails: {}", notation, e);
                    continue;
                }
            };
            // Two players' movetext goes on from the position's move number.
            if !four && matches!(notation, Notation::Pgn | Notation::Long | Notation::San | Notation::Descriptive) {
                let number = start.split_whitespace().nth(5).unwrap_or("1");
                let movetext = written.text.split("\n\n").nth(1).unwrap_or_default();
                let first = movetext.split_whitespace().next().unwrap_or_default();
                prop_assert!(first.starts_with(&format!("{number}.")), "{:?} from {}:\n{}", notation, start, written.text);
            }
            let back = roundtable::read_str(&written.text);
            prop_assert_eq!(back.len(), 1, "{:?}:\n{}", notation, written.text);
            let again = match &back[0] {
                Ok(again) => again,
                Err(e) => return Err(TestCaseError::fail(format!("{notation:?} does not read back from {start}: {e}\n{}", written.text))),
            };
            prop_assert_eq!(comparable(again), original.clone(), "{:?}:\n{}", notation, written.text);
        }
    }
}
