//! The real Chess.com exports of tests/data/chesscom (their source is in
//! its README): every game replays to its last move, the spec's facts about
//! them hold, and damaged copies are rejected at the right token.

use std::path::{Path, PathBuf};

use roundtable::board::U256;
use roundtable::engine::{EndReason, MoveKind, Outcome, Status};
use roundtable::input;
use roundtable::record::Record;
use roundtable::replay::{ErrorKind, Event, ReplayError, Trace, replay};

const RED: usize = 0;
const BLUE: usize = 1;
const YELLOW: usize = 2;
const GREEN: usize = 3;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/chesscom")
}

/// Every export, sorted.
fn exports() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["ffa", "teams"] {
        for entry in std::fs::read_dir(data().join(dir)).expect("data folder") {
            out.push(entry.expect("entry").path());
        }
    }
    out.sort();
    out
}

fn text_of(name: &str) -> String {
    std::fs::read_to_string(data().join(name)).expect("export")
}

fn record(text: &str) -> Record {
    let mut games = input::games(text, None);
    assert_eq!(games.len(), 1, "one game per export");
    games.remove(0).expect("the export reads")
}

fn trace(text: &str) -> Trace<U256> {
    replay::<U256>(&record(text)).unwrap_or_else(|e| panic!("replays: {e}"))
}

fn fails(text: &str) -> ReplayError {
    *replay::<U256>(&record(text)).expect_err("the damaged copy must not replay")
}

/// The plies of an export's movetext, counted from its text alone: every
/// token but move numbers and the `..` separators.
fn written_plies(text: &str) -> Vec<String> {
    let body = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    body.split_whitespace()
        .filter(|t| *t != "..")
        .filter(|t| !(t.ends_with('.') && t[..t.len() - 1].chars().all(|c| c.is_ascii_digit())))
        .map(str::to_string)
        .collect()
}

#[test]
fn there_are_seventy_one_exports() {
    assert_eq!(exports().len(), 71);
}

#[test]
fn every_export_replays_to_its_last_move() {
    for path in exports() {
        let text = std::fs::read_to_string(&path).expect("export");
        let trace = trace(&text);
        let written = written_plies(&text);
        assert!(!written.is_empty(), "{}", path.display());
        let traced: Vec<&str> = trace.plies.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(
            traced,
            written.iter().map(String::as_str).collect::<Vec<_>>(),
            "{}: every token is a ply of the trace, in order",
            path.display()
        );
    }
}

#[test]
fn real_line_ends_read_alike() {
    // Real downloads come with `\n`, `\r\n` and `\r\r\n` (the data README).
    let text = text_of("ffa/human_4pc_game_100527014.pgn4");
    let plies = trace(&text).plies.len();
    for end in ["\r\n", "\r\r\n"] {
        let other = text.replace('\n', end);
        assert_eq!(trace(&other).plies.len(), plies, "line ends {end:?}");
    }
}

#[test]
fn classic_array_is_picked_by_its_tag_and_by_no_tag() {
    // cc_game_0185 (GameNr 49817942, "4PCo"): Blue's queen starts on a7,
    // Green's on n8: `2. .. Qa7-b7`, `3. .. Qn8xi13`.
    let text = text_of("ffa/cc_game_0185.pgn4");
    let t = trace(&text);
    let by_text = |s: &str| t.plies.iter().find(|p| p.text == s).expect(s);
    assert_eq!(by_text("Qa7-b7").seat, BLUE);
    assert_eq!(by_text("Qn8xi13").seat, GREEN);
    // Under the modern array the same game fails at once.
    let modern = text.replace("[StartFen4 \"4PCo\"]", "[StartFen4 \"4PC\"]");
    let e = fails(&modern);
    assert_eq!(e.text, "Qa7-b7");
    // The Teams game has no StartFen4 and plays `Qa7-b8`: the classic array.
    let teams = text_of("teams/wikibooks-519084.pgn4");
    assert!(!teams.contains("StartFen4"));
    assert_eq!(trace(&teams).plies[9].text, "Qa7-b8");
}

#[test]
fn teams_mate_is_judged_on_the_victims_turn() {
    // 519084: `7. .. Qi4-h3+` (Green), then `8. #`: Red, to move, is mated,
    // and Blue and Green win.
    let t = trace(&text_of("teams/wikibooks-519084.pgn4"));
    let last = t.plies.last().expect("plies");
    assert_eq!((last.text.as_str(), last.seat, last.round), ("#", RED, 8));
    assert!(last.events.contains(&Event::Mated { seat: RED }));
    assert_eq!(
        t.outcome,
        Some(Outcome::Win {
            seats: 1 << BLUE | 1 << GREEN,
            reason: EndReason::Checkmate,
        })
    );
}

#[test]
fn king_capture_ends_a_player_and_rounds_shrink() {
    // 100527014: `54. Ri12-i11+ .. Bg14xKk10#`: Red's rook opens Yellow's
    // bishop onto Green's king, which Yellow takes; Blue was out already,
    // so round 54 has two plies and round 55 is Red's `R` alone.
    let t = trace(&text_of("ffa/human_4pc_game_100527014.pgn4"));
    let take = t
        .plies
        .iter()
        .find(|p| p.text == "Bg14xKk10#")
        .expect("the king capture");
    assert_eq!((take.seat, take.round), (YELLOW, 54));
    assert_eq!(take.after.status(GREEN), Status::Out);
    assert_eq!(take.after.status(BLUE), Status::Out);
    let round_54: Vec<usize> = t
        .plies
        .iter()
        .filter(|p| p.round == 54)
        .map(|p| p.seat)
        .collect();
    assert_eq!(round_54, vec![RED, YELLOW]);
    let last = t.plies.last().expect("plies");
    assert_eq!((last.text.as_str(), last.seat), ("R", RED));
    assert!(last.events.contains(&Event::Exit {
        seat: RED,
        timed_out: false
    }));
    assert_eq!(last.after.status(RED), Status::Walking);
    // One live player is left: the game is over.
    assert!(matches!(
        t.outcome,
        Some(Outcome::Win {
            reason: EndReason::MostPoints,
            ..
        })
    ));
}

#[test]
fn en_passant_is_replayed_as_such() {
    // cc_game_0023 `3. k4xl5` and cc_game_0040 `10. .. d4xe3` take en passant.
    for (file, token) in [
        ("ffa/cc_game_0023.pgn4", "k4xl5"),
        ("ffa/cc_game_0040.pgn4", "d4xe3"),
    ] {
        let t = trace(&text_of(file));
        let ply = t.plies.iter().find(|p| p.text == token).expect(token);
        assert_eq!(ply.mv.kind, MoveKind::EnPassant, "{file} {token}");
        assert!(
            ply.events
                .iter()
                .any(|e| matches!(e, Event::Capture { man, .. } if man.kind == roundtable::men::Kind::Pawn)),
            "{file} {token} removes a pawn"
        );
    }
}

#[test]
fn every_promotion_is_on_the_eighth_rank() {
    // Spec §10.5: Red rank 8, Blue file h, Yellow rank 7, Green file g.
    let mut promotions = 0;
    for path in exports()
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("ffa"))
    {
        let t = trace(&std::fs::read_to_string(&path).expect("export"));
        for p in &t.plies {
            if p.mv.promotion().is_some() {
                promotions += 1;
                let (x, y) = t.variant.shape.coords(p.mv.to as usize);
                let on_line = match p.seat {
                    RED => y == 7,
                    BLUE => x == 7,
                    YELLOW => y == 6,
                    _ => x == 6,
                };
                assert!(on_line, "{}: {}", path.display(), p.text);
                assert!(p.text.contains("=D"), "{}", p.text);
            }
        }
    }
    assert!(promotions > 100, "the exports promote often: {promotions}");
}

#[test]
fn dead_king_walking_moves_and_exits() {
    // Exits glued to a king's move (`Kk1-k2R`, `Ke14-d14T`) are the walking
    // king's first step; the player keeps his slot.
    let mut glued = 0;
    for path in exports() {
        let t = trace(&std::fs::read_to_string(&path).expect("export"));
        for (i, p) in t.plies.iter().enumerate() {
            let exit = p.events.iter().any(|e| matches!(e, Event::Exit { .. }));
            if exit && p.text.len() > 2 {
                glued += 1;
                assert_eq!(p.after.status(p.seat), Status::Walking, "{}", p.text);
                // His next ply, if any, is a king's move.
                if let Some(next) = t.plies[i + 1..].iter().find(|q| q.seat == p.seat)
                    && next.text != "S"
                {
                    assert!(
                        next.text.starts_with('K') || next.text.starts_with('O'),
                        "{}: {} then {}",
                        path.display(),
                        p.text,
                        next.text
                    );
                }
            }
        }
    }
    assert!(glued >= 40, "glued exits: {glued}");
}

#[test]
fn a_deleted_move_is_rejected_at_the_next_token() {
    let text = text_of("ffa/cc_game_0185.pgn4");
    // Red's `3. Ne1-f3` deleted: Blue's `b6-c6` now falls to Red.
    let damaged = text.replace("3. Ne1-f3 .. b6-c6", "3. b6-c6");
    let e = fails(&damaged);
    assert_eq!(e.kind, ErrorKind::NoMatch);
    assert_eq!((e.text.as_str(), e.player.as_str()), ("b6-c6", "Red"));
    let span = e.span.expect("span");
    assert_eq!((span.line, span.column), (22, 4));
    assert!(e.moves.contains(&"Ne1-f3".to_string()), "{:?}", e.moves);
}

#[test]
fn a_wrong_captured_letter_is_rejected() {
    let text = text_of("ffa/cc_game_0185.pgn4");
    let damaged = text.replace("Qn8xi13", "Qn8xBi13");
    let e = fails(&damaged);
    assert_eq!((e.text.as_str(), e.player.as_str()), ("Qn8xBi13", "Green"));
    let span = e.span.expect("span");
    assert_eq!((span.line, span.column), (22, 35));
    assert!(e.message.contains("takes a pawn on i13"), "{}", e.message);
    assert!(e.moves.contains(&"Qn8xi13".to_string()));
}

#[test]
fn a_pawn_moved_backwards_is_rejected() {
    let text = text_of("ffa/cc_game_0185.pgn4");
    // Blue's pawn on c7 (from `2. .. b7-c7`) goes back to b7.
    let damaged = text.replace("5. Qm7xQm6 .. b11-d11", "5. Qm7xQm6 .. c7-b7");
    let e = fails(&damaged);
    assert_eq!(
        (e.text.as_str(), e.player.as_str(), e.round),
        ("c7-b7", "Blue", 5)
    );
    assert_eq!(e.moves, vec!["c7-d7".to_string()]);
}

#[test]
fn rule_variants_that_change_play_are_refused_by_name() {
    let text = text_of("ffa/cc_game_0185.pgn4");
    let deadwall = text.replace("PromoteTo=D", "PromoteTo=D DeadWall");
    let err = input::games(&deadwall, None)
        .remove(0)
        .expect_err("DeadWall is not implemented");
    assert_eq!(
        err.text,
        "Anonymous DeadKingWalking EnPassant PromoteTo=D DeadWall"
    );
    assert!(err.expected.contains("`DeadWall`"), "{}", err.expected);
    assert_eq!(err.span.map(|s| s.line), Some(4));
    // Cosmetic ones are ignored.
    let ghost = text.replace("Anonymous", "Ghostboard Blindfold");
    assert_eq!(trace(&ghost).plies.len(), trace(&text).plies.len());
}

#[test]
fn fen4_carries_every_position_of_the_exports() {
    use roundtable::notation::{read_position, write_position};
    let mut walking = 0;
    let mut dames = 0;
    let mut with_ep = 0;
    for path in exports() {
        let t = trace(&std::fs::read_to_string(&path).expect("export"));
        for (i, p) in t.plies.iter().enumerate() {
            let pos = p.after;
            let text = write_position(&pos);
            let back: roundtable::engine::Position<U256> =
                read_position(t.variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(write_position(&back), text, "{} ply {i}", path.display());
            for s in 0..4 {
                assert_eq!(back.status(s), pos.status(s), "{text}");
                assert_eq!(back.points(s), pos.points(s), "{text}");
                assert_eq!(back.ep_chance(s), pos.ep_chance(s), "{text}");
            }
            assert!(back.promoted() == pos.promoted(), "{text}");
            // (Castling rights are compared through the text: FEN4 cannot
            // say that a rook is unmoved once its king has moved.)
            assert_eq!(back.turn(), pos.turn());
            if i % 50 == 0 {
                assert_eq!(back.perft(2), pos.perft(2), "{text}");
            }
            walking += usize::from((0..4).any(|s| pos.status(s) == Status::Walking));
            dames += usize::from(text.contains('D'));
            with_ep += usize::from(text.contains("enPassant"));
        }
    }
    assert!(
        walking > 100 && dames > 100 && with_ep > 100,
        "{walking} {dames} {with_ep}"
    );
}

#[test]
fn fen4_of_a_walking_king_and_a_dame() {
    use roundtable::notation::{read_position, write_position};
    // 100527014 after `55. R`: Red's king walks, his army is dead; Blue and
    // Green are out; the points are the replay's.
    let t = trace(&text_of("ffa/human_4pc_game_100527014.pgn4"));
    let text = write_position(t.last());
    assert!(text.starts_with("Y-1,1,0,1-"), "{text}");
    assert!(
        text.contains(",rK,") || text.contains("rK,") || text.contains(",rK"),
        "{text}"
    );
    assert!(!text.contains("drK"), "{text}");
    let points: Vec<u32> = (0..4).map(|s| t.last().points(s)).collect();
    let field: Vec<&str> = text.split('-').collect();
    assert_eq!(
        field[4],
        points
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    );
    let back: roundtable::engine::Position<U256> = read_position(t.variant, &text).expect("reads");
    assert_eq!(back.status(RED), Status::Walking);
}
