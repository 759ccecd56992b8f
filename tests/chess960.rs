//! Chess960: castling from every array, X-FEN and Shredder-FEN, a real
//! engine-match record, and random games against shakmaty's Chess960 mode
//! (the published perft figures are checked in src/engine/tests.rs).

use roundtable::engine::{MoveKind, MoveList, Position, Turn};
use roundtable::notation::{fen, long};
use roundtable::{Game, read_str, variant};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

fn chess960() -> &'static roundtable::Variant {
    variant::by_id("chess960").expect("chess960 is a variant")
}

fn at(text: &str) -> Position<u64> {
    fen::read(chess960(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn uci_moves(pos: &Position<u64>) -> Vec<String> {
    let mut list = MoveList::new();
    pos.turn_moves(&mut list);
    let mut out: Vec<String> = list.iter().map(|m| long::uci(pos, m)).collect();
    out.sort();
    out
}

fn play(pos: &mut Position<u64>, uci: &str) {
    let mut list = MoveList::new();
    pos.turn_moves(&mut list);
    let mv = list
        .iter()
        .find(|m| long::uci(pos, *m) == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {}", fen::write(pos)));
    pos.play(mv);
}

/// The 960 start arrays of the published perft table (tests/data).
fn arrays() -> Vec<&'static str> {
    include_str!("data/perft-chess960.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split(';').next().map(str::trim))
        .collect()
}

#[test]
fn every_name_a_variant_tag_uses_finds_it() {
    for name in [
        "Chess960",
        "chess 960",
        "Fischerandom",
        "fischerrandom",
        "960",
    ] {
        assert_eq!(
            variant::by_id(name).map(|v| v.id),
            Some("chess960"),
            "{name}"
        );
    }
}

#[test]
fn the_king_may_land_on_his_own_rooks_square() {
    // King f1, rook g1: short castling puts the king on g1, the rook on f1.
    let mut pos = at("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    assert!(uci_moves(&pos).contains(&"f1g1".to_string()));
    play(&mut pos, "f1g1");
    assert_eq!(fen::write(&pos), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn the_king_may_castle_without_moving() {
    // King g1, rook h1: short castling leaves the king where he is.
    let mut pos = at("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    play(&mut pos, "g1h1");
    assert_eq!(fen::write(&pos), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn long_castling_from_the_b_file_moves_king_and_rook_across() {
    let mut pos = at("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    play(&mut pos, "b1a1");
    assert_eq!(fen::write(&pos), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn every_square_between_and_onto_must_be_empty_but_for_king_and_rook() {
    // King b1, rook h1: f1 and g1 and everything between must be clear.
    let clear = at("4k3/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(uci_moves(&clear).contains(&"b1h1".to_string()));
    let blocked = at("4k3/8/8/8/8/8/8/1K3N1R w H - 0 1");
    assert!(!uci_moves(&blocked).contains(&"b1h1".to_string()));
    // A man on the rook's target square blocks though the king passes by.
    let on_d1 = at("4k3/8/8/8/8/8/8/R1KN4 w A - 0 1");
    assert!(!uci_moves(&on_d1).contains(&"c1a1".to_string()));
}

#[test]
fn the_king_may_not_pass_an_attacked_square_nor_castle_out_of_check() {
    // Black's rook on d8 watches d1, which the king crosses from b1 to g1.
    let crossing = at("3rk3/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(!uci_moves(&crossing).contains(&"b1h1".to_string()));
    let in_check = at("1r2k3/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(!uci_moves(&in_check).contains(&"b1h1".to_string()));
}

#[test]
fn the_rook_that_castles_may_not_leave_its_king_exposed() {
    // King b1, rook a1 castles long: the king goes to c1, which Black's rook
    // on c8 attacks, so castling is illegal although b1 itself is safe.
    let pos = at("2r1k3/8/8/8/8/8/8/RK6 w A - 0 1");
    assert!(!uci_moves(&pos).contains(&"b1a1".to_string()));
}

#[test]
fn x_fen_and_shredder_fen_read_to_the_same_rights_and_write_as_x_fen() {
    let shredder = at("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1");
    let x_fen = at("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1");
    assert_eq!(shredder, x_fen);
    assert_eq!(fen::write(&x_fen), "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1");
    // An inner rook keeping the right is named by its file.
    let inner = at("k7/8/8/8/8/8/8/1K2R2R w E - 0 1");
    assert_eq!(fen::write(&inner), "k7/8/8/8/8/8/8/1K2R2R w E - 0 1");
    assert!(uci_moves(&inner).contains(&"b1e1".to_string()));
    assert!(!uci_moves(&inner).contains(&"b1h1".to_string()));
}

/// A real engine-match record (cutechess-cli, Maverick against Stockfish):
/// four Chess960 games with `[Variant "fischerandom"]`, `SetUp`/`FEN` and
/// comments after every move.
#[test]
fn a_real_chess960_match_replays_completely() {
    let text = include_str!("data/pgn/cutechess-fischerrandom.pgn");
    let mut games = 0;
    for record in read_str(text) {
        let record = record.expect("each game reads");
        assert_eq!(
            variant::by_id(&record.variant).map(|v| v.id),
            Some("chess960")
        );
        let game = Game::replay(record).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.plies().len() > 60);
        games += 1;
    }
    assert_eq!(games, 4);
}

/// Castling written as UCI writes it in Chess960: the king onto his rook.
#[test]
fn uci_castling_reads_as_the_king_taking_his_rook() {
    let pgn = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/1K5R w H - 0 1\"]\n\nb1h1 e8d8 *\n";
    let record = read_str(pgn).remove(0).expect("game");
    let game = Game::replay(record).expect("replays");
    assert_eq!(
        game.board_after(1).expect("ply 1").text(),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
}

/// Random arrays and random games against shakmaty in Chess960 mode: the
/// same legal moves at every ply.
#[test]
fn random_games_agree_with_shakmaty_in_chess960_mode() {
    let mut seed = 0x5DEE_CE66_D1CE_4E5Bu64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let arrays = arrays();
    assert_eq!(arrays.len(), 960);
    let mut plies = 0;
    for game in 0..60 {
        let start = arrays[(next() % 960) as usize];
        let mut ours = at(start);
        let mut theirs: Chess = start
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Chess960)
            .expect("valid");
        for ply in 0..150 {
            let our_moves = uci_moves(&ours);
            let mut their_moves: Vec<String> = theirs
                .legal_moves()
                .iter()
                .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
                .collect();
            their_moves.sort();
            assert_eq!(
                our_moves,
                their_moves,
                "game {game} ply {ply}: {}",
                fen::write(&ours)
            );
            if our_moves.is_empty() {
                break;
            }
            // Castling first when there is one, so that it is tried often.
            let castle = {
                let mut list = MoveList::new();
                ours.turn_moves(&mut list);
                list.iter()
                    .find(|m| matches!(m.kind, MoveKind::Castle(_)))
                    .map(|m| long::uci(&ours, m))
            };
            let pick = castle
                .filter(|_| next() % 2 == 0)
                .unwrap_or_else(|| our_moves[(next() % our_moves.len() as u64) as usize].clone());
            let their = theirs
                .legal_moves()
                .into_iter()
                .find(|m| m.to_uci(CastlingMode::Chess960).to_string() == pick)
                .expect("shakmaty has it");
            theirs = theirs.play(&their).expect("legal");
            play(&mut ours, &pick);
            plies += 1;
            let written = fen::write(&ours);
            assert_eq!(fen::write(&at(&written)), written, "FEN reads back");
            if !matches!(ours.turn_moves(&mut MoveList::new()), Turn::Moves) {
                break;
            }
        }
    }
    assert!(plies > 3_000, "only {plies} plies compared");
}
