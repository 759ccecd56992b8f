//! Real PGN as people have it: files nobody on the project wrote (see
//! tests/data/pgn/README.md) replay completely, and their whole tree
//! (moves, comments, NAGs, variations) survives PGN → JSON → PGN as another
//! PGN reader (pgn-reader, from the shakmaty project) sees it.

use std::ops::ControlFlow;

use pgn_reader::{Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use roundtable::convert::Notation;
use roundtable::record::Record;
use roundtable::{Error, Game, read_file, read_str};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");

fn corpus_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(CORPUS)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

fn records(path: &std::path::Path) -> Vec<Record> {
    read_file(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// One move of a game tree as a PGN reader sees it.
#[derive(Debug, Clone, PartialEq, Default)]
struct Node {
    /// The SAN without check marks (sources often leave them out).
    san: String,
    /// Comments between the variation's opening and its first move.
    before: Vec<String>,
    nags: Vec<u8>,
    comments: Vec<String>,
    variations: Vec<Vec<Node>>,
}

/// A game's tree: the comments before the first move, then the main line.
#[derive(Debug, Clone, PartialEq, Default)]
struct Tree {
    tags: Vec<(String, String)>,
    opening: Vec<String>,
    line: Vec<Node>,
}

/// Builds [`Tree`]s from pgn-reader's events.
struct TreeBuilder;

/// The lines being read: the main line first, then each open variation.
struct Lines {
    tags: Vec<(String, String)>,
    opening: Vec<String>,
    /// Comments met before the next move of the innermost line.
    pending: Vec<String>,
    stack: Vec<Vec<Node>>,
}

impl Visitor for TreeBuilder {
    type Tags = Vec<(String, String)>;
    type Movetext = Lines;
    type Output = Tree;

    fn begin_tags(&mut self) -> ControlFlow<Tree, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Tree> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Tree, Lines> {
        ControlFlow::Continue(Lines {
            tags,
            opening: Vec::new(),
            pending: Vec::new(),
            stack: vec![Vec::new()],
        })
    }

    fn san(&mut self, lines: &mut Lines, san: SanPlus) -> ControlFlow<Tree> {
        let before = std::mem::take(&mut lines.pending);
        let line = lines.stack.last_mut().expect("a line");
        line.push(Node {
            san: san.san.to_string(),
            before,
            ..Node::default()
        });
        ControlFlow::Continue(())
    }

    fn nag(&mut self, lines: &mut Lines, nag: Nag) -> ControlFlow<Tree> {
        if let Some(node) = lines.stack.last_mut().and_then(|l| l.last_mut()) {
            node.nags.push(nag.0);
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, lines: &mut Lines, comment: RawComment<'_>) -> ControlFlow<Tree> {
        let text = String::from_utf8_lossy(comment.as_bytes())
            .trim()
            .to_string();
        let depth = lines.stack.len();
        match lines.stack.last_mut().and_then(|l| l.last_mut()) {
            Some(node) => node.comments.push(text),
            None if depth == 1 => lines.opening.push(text),
            None => lines.pending.push(text),
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, lines: &mut Lines) -> ControlFlow<Tree, Skip> {
        lines.stack.push(Vec::new());
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, lines: &mut Lines) -> ControlFlow<Tree> {
        if lines.stack.len() > 1 {
            let variation = lines.stack.pop().expect("a variation");
            if let Some(node) = lines.stack.last_mut().and_then(|l| l.last_mut()) {
                node.variations.push(variation);
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut Lines, _: Outcome) -> ControlFlow<Tree> {
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut lines: Lines) -> Tree {
        Tree {
            tags: lines.tags,
            opening: lines.opening,
            line: lines.stack.swap_remove(0),
        }
    }
}

fn trees(pgn: &[u8]) -> Vec<Tree> {
    let mut reader = Reader::new(pgn);
    let mut out = Vec::new();
    while let Some(tree) = reader
        .read_game(&mut TreeBuilder)
        .expect("pgn-reader reads it")
    {
        out.push(tree);
    }
    out
}

/// The tree without what one side writes and the other need not: check
/// marks, and the tags (compared separately).
fn moves_of(tree: &Tree) -> (Vec<String>, Vec<Node>) {
    fn strip(line: &[Node]) -> Vec<Node> {
        line.iter()
            .map(|n| Node {
                san: n.san.trim_end_matches(['+', '#']).replace('0', "O"),
                before: n.before.clone(),
                nags: n.nags.clone(),
                comments: n.comments.clone(),
                variations: n.variations.iter().map(|v| strip(v)).collect(),
            })
            .collect()
    }
    (tree.opening.clone(), strip(&tree.line))
}

#[test]
fn every_real_game_replays_to_its_last_move() {
    let mut games = 0;
    let mut plies = 0;
    let mut variation_plies = 0;
    for path in corpus_files() {
        for record in records(&path) {
            let found =
                Game::validate(&record).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            plies += found.plies;
            variation_plies += found.variation_plies;
            games += 1;
        }
    }
    // Anand-Radjabov 1, ChessBase 1, cutechess 4, Kasparov-Deep Blue 6,
    // lichess study 1, Molinari 1, Nepomniachtchi-Ding 1, UCI 1, BOM 2.
    assert_eq!(games, 18);
    assert!(plies > 1_000, "{plies} plies");
    assert_eq!(variation_plies, 112, "the annotated game's variations");
}

#[test]
fn the_tree_survives_json_and_pgn_as_pgn_reader_sees_it() {
    for path in corpus_files() {
        let source = std::fs::read(&path).expect("file");
        // pgn-reader does not skip a byte-order mark.
        let body = source.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&source);
        if path.ends_with("uci-moves.pgn") {
            // Coordinate moves are not SAN: pgn-reader cannot compare them.
            continue;
        }
        if path.ends_with("chessbase-empty-line.pgn") {
            // ChessBase leaves an empty line among the tags: pgn-reader ends
            // the game there (two games), roundtable reads on (one game, all
            // its tags): compared in `an_empty_line_among_the_tags_...` below.
            continue;
        }
        let originals = trees(body);
        let ours = records(&path);
        assert_eq!(originals.len(), ours.len(), "{}", path.display());
        for (n, (original, record)) in originals.iter().zip(ours).enumerate() {
            let json = Game::replay(record)
                .and_then(|g| g.write(Notation::Json))
                .unwrap_or_else(|e| panic!("{} game {n}: {e}", path.display()))
                .text;
            let again = read_str(&json).remove(0).expect("our JSON reads back");
            let pgn = Game::replay(again)
                .and_then(|g| g.write(Notation::Pgn))
                .unwrap_or_else(|e| panic!("{} game {n}: {e}", path.display()))
                .text;
            let written = trees(pgn.as_bytes());
            assert_eq!(written.len(), 1, "{pgn}");
            assert_eq!(
                moves_of(original),
                moves_of(&written[0]),
                "{} game {n}:\n{pgn}",
                path.display()
            );
            // Every tag of the source is written back, in its order.
            let kept: Vec<&(String, String)> = written[0]
                .tags
                .iter()
                .filter(|t| original.tags.contains(t))
                .collect();
            let wanted: Vec<&(String, String)> = original
                .tags
                .iter()
                .filter(|(k, _)| !["Variant", "SetUp", "FEN"].contains(&k.as_str()))
                .collect();
            assert_eq!(
                kept.iter()
                    .filter(|t| !["Variant", "SetUp", "FEN"].contains(&t.0.as_str()))
                    .count(),
                wanted.len(),
                "{} game {n} tags:\n{pgn}",
                path.display()
            );
        }
    }
}

#[test]
fn read_write_read_gives_the_same_record() {
    for path in corpus_files() {
        for record in records(&path) {
            let game = Game::replay(record).expect("replays");
            let resolved = game.resolved();
            for notation in [Notation::Json, Notation::Jsonl, Notation::Pgn] {
                let text = game.write(notation).expect("writes").text;
                let again = read_str(&text).remove(0).expect("reads back");
                let mut again = Game::replay(again).expect("replays again").resolved();
                let mut wanted = resolved.clone();
                if notation == Notation::Pgn {
                    // PGN writes each move in standard SAN: the source's own
                    // spelling (`g1f3`, `0-0`) is carried by JSON only.
                    forget_spelling(&mut wanted.moves);
                    forget_spelling(&mut again.moves);
                }
                assert_eq!(wanted, again, "{} via {notation:?}", path.display());
            }
        }
    }
}

fn forget_spelling(line: &mut [roundtable::record::RecordMove]) {
    for mv in line {
        mv.written = None;
        for v in &mut mv.variations {
            forget_spelling(v);
        }
    }
}

#[test]
fn an_empty_line_among_the_tags_does_not_split_the_game() {
    let path = std::path::Path::new(CORPUS).join("chessbase-empty-line.pgn");
    let games = records(&path);
    assert_eq!(games.len(), 1);
    let keys: Vec<&str> = games[0].tags.iter().map(|t| t.key.as_str()).collect();
    assert_eq!(&keys[..3], ["Event", "Date", "Round"]);
    assert!(Game::validate(&games[0]).expect("replays").plies > 50);
}

/// A null move in the main line of a real database game (ChessBase's `Z0`
/// where the player had moves) is a finding at its token, with the legal moves.
#[test]
fn a_null_move_in_the_main_line_is_a_finding_at_its_token() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn-findings/anastasian-lewis.pgn"
    );
    let record = records(std::path::Path::new(path)).remove(0);
    let Err(Error::Replay(e)) = Game::replay(record) else {
        panic!("the null move must be refused");
    };
    let span = e.span.expect("a place");
    assert_eq!((span.line, span.column), (20, 15));
    assert_eq!(e.text, "Z0");
    assert!(e.moves.iter().any(|m| m == "Qh5xf3"), "{:?}", e.moves);
}

#[test]
fn a_null_move_inside_a_variation_is_a_pass() {
    let pgn = "1. e4 e5 2. Nf3 (2. -- Nc6 3. Nf3) 2... Nc6 *\n";
    let record = read_str(pgn).remove(0).expect("reads");
    let found = Game::validate(&record).expect("validates");
    assert_eq!((found.plies, found.variation_plies), (4, 3));
    let z0 = read_str("1. e4 e5 2. Nf3 (2. Z0 Nc6 3. Nf3) 2... Nc6 *\n")
        .remove(0)
        .expect("reads");
    assert_eq!(Game::validate(&z0).expect("validates").variation_plies, 3);
}

#[test]
fn an_illegal_move_in_a_variation_names_its_path_and_place() {
    let pgn = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 (2... Nf6 3. Nc3 (3. Bb5 Bxe4?? 4. d3) 3... Bb4) 3. Bb5 *\n";
    let record = read_str(pgn).remove(0).expect("reads");
    let Err(Error::Replay(e)) = Game::validate(&record) else {
        panic!("Bxe4 is illegal: the bishop on f8 is shut in");
    };
    let span = e.span.expect("a place");
    assert_eq!((span.line, span.column), (3, 46));
    assert_eq!(e.text, "Bxe4??");
    let path = e.variation.clone().expect("the variation's path");
    assert_eq!(path, "2... (2... Nf6 3. Nc3 (3. Bb5 Bxe4??))");
    assert!(
        e.moves.iter().any(|m| m == "Ng8-e7" || m.contains("e7")),
        "{:?}",
        e.moves
    );
}

#[test]
fn lenient_where_real_files_are_messy() {
    // A byte-order mark, CRLF, an empty line inside the movetext.
    let bom = "\u{feff}[Event \"x\"]\r\n\r\n1. e4 e5\r\n\r\n2. Nf3 Nc6 *\r\n";
    assert_eq!(
        Game::validate(&read_str(bom).remove(0).expect("reads"))
            .expect("ok")
            .plies,
        4
    );
    // No move numbers (PGN's import format), `0-0`, no result token.
    let bare = "[Event \"x\"]\n\ne4 e5 Nf3 Nc6 Bc4 Bc5 0-0 Nf6\n";
    let record = read_str(bare).remove(0).expect("reads");
    assert_eq!(Game::validate(&record).expect("ok").plies, 8);
    // Games without moves, one after the other, are games, not a round table.
    let empty = "[Event \"a\"]\n[Result \"*\"]\n\n*\n\n[Event \"b\"]\n[Result \"1-0\"]\n\n1-0\n";
    let games = read_str(empty);
    assert_eq!(games.len(), 2);
    for g in games {
        assert_eq!(Game::validate(&g.expect("reads")).expect("ok").plies, 0);
    }
    // Unknown tags, odd names included, are kept in their order.
    let odd = "[Event \"x\"]\n[Weird_Tag-1 \"v\"]\n[Annotator \"me\"]\n\n1. e4 *\n";
    let record = read_str(odd).remove(0).expect("reads");
    let keys: Vec<&str> = record.tags.iter().map(|t| t.key.as_str()).collect();
    assert_eq!(keys, ["Event", "Weird_Tag-1", "Annotator"]);
}

#[test]
fn latin1_files_read() {
    let path = std::env::temp_dir().join(format!("roundtable-latin1-{}.pgn", std::process::id()));
    std::fs::write(
        &path,
        b"[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n\n1. e4 e5 *\n",
    )
    .expect("write");
    let record = records(&path).remove(0);
    let _ = std::fs::remove_file(&path);
    assert_eq!(record.tags[0].value, "Café");
    assert_eq!(record.tags[1].value, "Müller");
}

#[test]
fn a_result_the_final_position_contradicts_is_a_warning_not_an_error() {
    let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
    let record = read_str(pgn).remove(0).expect("reads");
    let found = Game::validate(&record).expect("the moves are legal");
    assert_eq!(found.warnings.len(), 1);
    assert!(
        found.warnings[0].message.contains("0-1"),
        "{}",
        found.warnings[0]
    );
    // The stated result is kept when the game is written.
    let written = Game::replay(record)
        .expect("replays")
        .write(Notation::Pgn)
        .expect("writes");
    assert!(
        written.text.contains("[Result \"1-0\"]"),
        "{}",
        written.text
    );
}

#[test]
fn a_result_tag_that_disagrees_with_the_movetext_is_a_warning() {
    let path = std::path::Path::new(CORPUS).join("anand-radjabov-2003-annotated.pgn");
    let record = records(&path).remove(0);
    let found = Game::validate(&record).expect("replays");
    assert_eq!(found.warnings.len(), 1);
    let w = &found.warnings[0];
    assert_eq!(w.span.map(|s| (s.line, s.column)), Some((7, 1)));
    assert!(
        w.message.contains("`1/2`") && w.message.contains("`1/2-1/2`"),
        "{w}"
    );
}

#[test]
fn mainline_drops_the_variations_and_keeps_the_comments() {
    let path = std::path::Path::new(CORPUS).join("anand-radjabov-2003-annotated.pgn");
    let record = records(&path).remove(0).mainline();
    assert!(record.moves.iter().all(|m| m.variations.is_empty()));
    let found = Game::validate(&record).expect("replays");
    assert_eq!((found.plies, found.variation_plies), (55, 0));
    assert!(record.moves.iter().any(|m| !m.comments.is_empty()));
}

#[test]
fn escape_lines_are_kept_and_written_back() {
    let pgn = "% written by some program 1.0\n[Event \"x\"]\n\n1. e4 e5\n%private: 42\n2. Nf3 *\n";
    let record = read_str(pgn).remove(0).expect("reads");
    assert_eq!(
        record.escapes,
        [" written by some program 1.0", "private: 42"]
    );
    let game = Game::replay(record).expect("replays");
    let written = game.write(Notation::Pgn).expect("writes").text;
    assert!(
        written.starts_with("% written by some program 1.0\n%private: 42\n[Event"),
        "{written}"
    );
    let json = game.write(Notation::Json).expect("writes").text;
    let again = read_str(&json).remove(0).expect("reads");
    assert_eq!(again.escapes.len(), 2);
}

#[test]
fn a_round_table_says_it_cannot_carry_variations() {
    let record = read_str("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 $1 *\n")
        .remove(0)
        .expect("reads");
    let written = Game::replay(record)
        .expect("replays")
        .write(Notation::Table)
        .expect("writes");
    assert!(
        written
            .left_out
            .iter()
            .any(|l| l.contains("1 variation(s)") && l.contains("move 2")),
        "{:?}",
        written.left_out
    );
    assert!(
        written.left_out.iter().any(|l| l.contains("glyphs")),
        "{:?}",
        written.left_out
    );
}

#[test]
fn a_format_1_record_still_reads() {
    let old = r#"{"format": 1, "variant": "chess", "moves": [{"player": "White", "mv": "e2-e4"}]}"#;
    let record = read_str(old).remove(0).expect("format 1 reads");
    assert_eq!(Game::validate(&record).expect("replays").plies, 1);
    // Written back, it is format 2.
    let json = Game::replay(record)
        .expect("replays")
        .write(Notation::Json)
        .expect("writes")
        .text;
    assert!(json.contains("\"format\": 2"), "{json}");
}

/// German letters written through a `Language` tag, variations included,
/// read back to the same moves.
#[test]
fn localized_letters_are_written_and_read_back() {
    let pgn = "1. e4 e5 2. Nf3 (2. Bc4 Nf6) 2... Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n";
    let mut record = read_str(pgn).remove(0).expect("reads");
    record.tags.push(roundtable::record::Tag {
        key: "Language".into(),
        value: "de".into(),
    });
    let game = Game::replay(record).expect("replays");
    let german = game.write(Notation::Pgn).expect("writes").text;
    assert!(
        german.contains("2. Sf3 (2. Lc4 Sf6)") && german.contains("3. Lb5"),
        "{german}"
    );
    let again = Game::replay(read_str(&german).remove(0).expect("German reads")).expect("replays");
    let long = |g: &Game| g.plies().into_iter().map(|p| p.long).collect::<Vec<_>>();
    assert_eq!(long(&game), long(&again));
    assert_eq!(again.resolved().moves[2].variations.len(), 1);
}

const GLYPHS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn-glyphs");

/// Every game of a file in tests/data/pgn-glyphs, read or not.
fn glyph_games(file: &str) -> Vec<Result<Record, Error>> {
    read_file(format!("{GLYPHS}/{file}"))
        .expect("the file opens")
        .collect()
}

#[test]
fn evaluation_signs_written_as_text_are_glyphs() {
    // `Qxf3 !!` spaced from its move, `Re1+ -+` closing a variation
    // (Black wins: glyph 19) in Paulsen-Morphy 1857.
    let games: Vec<Record> = glyph_games("gates-carlsen-paulsen-morphy.pgn")
        .into_iter()
        .map(|g| g.expect("the game reads"))
        .collect();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(Game::validate(g).is_ok(), "{:?}", g.tags);
    }
    let morphy = &games[1];
    let qxf3 = morphy
        .moves
        .iter()
        .find(|m| m.mv == "Qxf3")
        .expect("17... Qxf3");
    assert_eq!(qxf3.nags, vec![3]);
    let rd1 = morphy
        .moves
        .iter()
        .find(|m| m.mv == "Rd1")
        .expect("20. Rd1");
    let line = &rd1.variations[0];
    assert_eq!(
        line.last().map(|m| (m.mv.as_str(), m.nags.clone())),
        Some(("Re1+", vec![19]))
    );

    // kokopu's collection: `!`, `?!`, `RR`, `+/=`, `N` in game 2 (which
    // then fails on its first comment, see below), `+-` and `inf` in game 3.
    let misc = glyph_games("kokopu-misc.pgn");
    assert_eq!(misc.len(), 15);
    let variations = misc[2].as_ref().expect("game 3 reads");
    assert!(Game::validate(variations).is_ok());
    assert_eq!(variations.moves[1].variations[0][0].nags, vec![18]);
    let bc4 = &variations.moves[4].variations[0];
    assert_eq!(bc4[0].mv, "Bc4");
    let nxd4 = &variations.moves[4].variations[1][2];
    assert_eq!(nxd4.variations[0][0].nags, vec![5]);
    assert_eq!(nxd4.variations[0][1].nags, vec![13]);
    let long_short = misc[5].as_ref().expect("game 6 reads");
    assert_eq!(long_short.moves[1].variations[0][0].nags, vec![18]);
    // Written back, the signs are numeric glyphs and read back the same.
    let again = Game::replay(variations.clone())
        .and_then(|g| g.write(Notation::Pgn))
        .expect("writes");
    assert!(again.text.contains("e6 $18"), "{}", again.text);
}

#[test]
fn real_shapes_of_kokopu_collection_read_or_fail_where_pgn_says() {
    let misc = glyph_games("kokopu-misc.pgn");
    for (i, g) in misc.iter().enumerate() {
        match i {
            // `{... ab{cd\}ef ...}`: PGN has no escape inside a comment, the
            // first `}` closes it, and `ef\\ghij` is no move. A decision of
            // ours (the PGN standard's reading; kokopu's own writer escapes).
            1 => {
                let e = g.as_ref().expect_err("the escaped brace");
                let text = e.to_string();
                assert!(text.contains("14:62") && text.contains('}'), "{text}");
            }
            // Null moves in the main line are findings (a pass where moves
            // were legal), named at the first one.
            6 => {
                let record = g.as_ref().expect("game 7 reads");
                match Game::validate(record) {
                    Err(Error::Replay(r)) => {
                        assert_eq!(r.span.map(|s| (s.line, s.column)), Some((89, 6)));
                        assert_eq!(r.text, "--");
                    }
                    other => panic!("a null move: {other:?}"),
                }
            }
            _ => {
                let record = g.as_ref().unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
                if let Err(e) = Game::validate(record) {
                    panic!("game {}: {e}", i + 1);
                }
            }
        }
    }
    // `1... h6*`: the result glued to the last move.
    let glued = misc[9].as_ref().expect("game 10 reads");
    let moves: Vec<&str> = glued.moves.iter().map(|m| m.mv.as_str()).collect();
    assert_eq!(moves, ["h6"]);
    let spaced = misc[8].as_ref().expect("game 9 reads (`1. a3 *`)");
    assert_eq!(glued.result, spaced.result);
    // `[Variant "Standard"]` and `[Variant "Regular"]` are orthodox chess.
    for i in [8, 9] {
        let game = Game::replay(misc[i].as_ref().expect("reads").clone()).expect("replays");
        assert_eq!(game.variant().id, "chess");
    }
}
