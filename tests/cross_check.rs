//! The orthodox engine against an independent implementation (shakmaty) on
//! random games: the same legal moves at every ply, the same perft from
//! positions met on the way.

use roundtable::engine::{MoveList, Position, Turn};
use roundtable::notation::{fen, long, start_position};
use roundtable::variant;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn ours_sorted(pos: &Position<u64>) -> (Vec<String>, Turn) {
    let mut list = MoveList::new();
    let turn = pos.turn_moves(&mut list);
    let mut moves: Vec<String> = list.iter().map(|m| long::uci(pos, m)).collect();
    moves.sort();
    (moves, turn)
}

fn theirs_sorted(pos: &Chess) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    moves.sort();
    moves
}

#[test]
fn random_games_agree_with_shakmaty_move_by_move() {
    let chess = variant::by_id("chess").expect("chess");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut plies = 0;
    for game in 0..300 {
        let mut ours: Position<u64> = start_position(chess).expect("start");
        let mut theirs = Chess::default();
        for ply in 0..200 {
            let (our_moves, turn) = ours_sorted(&ours);
            let their_moves = theirs_sorted(&theirs);
            assert_eq!(
                our_moves,
                their_moves,
                "game {game} ply {ply} position {}",
                fen::write(&ours)
            );
            if our_moves.is_empty() {
                assert!(matches!(turn, Turn::Over(_)));
                assert_eq!(theirs.is_checkmate(), ours.in_check(ours.turn()));
                break;
            }
            let pick = &our_moves[rng.below(our_moves.len())];
            let mut list = MoveList::new();
            ours.turn_moves(&mut list);
            let Some(mv) = list.iter().find(|m| &long::uci(&ours, *m) == pick) else {
                panic!("move {pick} vanished");
            };
            let Some(their) = theirs
                .legal_moves()
                .into_iter()
                .find(|m| &m.to_uci(CastlingMode::Standard).to_string() == pick)
            else {
                panic!("shakmaty lost {pick}");
            };
            ours.play(mv);
            theirs = theirs.play(&their).expect("legal in shakmaty");
            plies += 1;
            // FEN written by us is read back identically, and matches shakmaty's
            // placement, side, castling and clocks.
            let written = fen::write(&ours);
            let reread: Position<u64> = fen::read(chess, &written).expect("our FEN reads back");
            assert_eq!(fen::write(&reread), written);
            let their_fen = Fen::from_position(theirs.clone(), EnPassantMode::Always).to_string();
            let strip = |f: &str| {
                f.split(' ')
                    .enumerate()
                    .filter(|(i, _)| *i != 3)
                    .map(|(_, p)| p.to_string())
                    .collect::<Vec<_>>()
            };
            assert_eq!(strip(&written), strip(&their_fen), "game {game} ply {ply}");
        }
    }
    assert!(plies > 10_000, "only {plies} plies compared");
}

#[test]
fn perft_agrees_with_shakmaty_on_positions_from_random_games() {
    let chess = variant::by_id("chess").expect("chess");
    let mut rng = Rng(0xDEAD_BEEF_1234_5678);
    for _ in 0..40 {
        let mut ours: Position<u64> = start_position(chess).expect("start");
        let length = 10 + rng.below(60);
        for _ in 0..length {
            let mut list = MoveList::new();
            if !matches!(ours.turn_moves(&mut list), Turn::Moves) {
                break;
            }
            let mv = list.as_slice()[rng.below(list.len())];
            ours.play(mv);
        }
        let text = fen::write(&ours);
        let theirs: Chess = text
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("valid");
        for depth in 1..=3 {
            assert_eq!(
                ours.perft(depth),
                shakmaty::perft(&theirs, depth),
                "{text} depth {depth}"
            );
        }
    }
}
