//! Chess960 (Fischer random chess): orthodox chess from one of 960 arrays
//! of the back rank, the king between the rooks. Castling takes the king to
//! the g- or c-file and the rook beside it (f or d), whatever files they
//! started on; a record's `FEN` tag gives the array, X-FEN or Shredder-FEN
//! naming the rooks that may still castle.

use super::{Castling, NotationHints, Variant, chess::CHESS};

/// The back ranks' squares, White's then Black's, by file.
const BACK_RANKS: [[&str; 8]; 2] = [
    ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"],
    ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"],
];

/// Every castling an array allows: the king on any file from b to g, the
/// rook on any other file of the same rank (six kings times seven rooks per
/// side). The engine offers one only while its king and rook are unmoved and
/// stand there, so the list covers every array without naming it.
const fn every_castling() -> [Castling; 84] {
    let mut out = [Castling::new(0, "a1", "a1", "a1", "a1", "O-O"); 84];
    let mut n = 0;
    let mut seat = 0;
    while seat < 2 {
        let rank = &BACK_RANKS[seat];
        let mut king = 1;
        while king < 7 {
            let mut rook = 0;
            while rook < 8 {
                if rook != king {
                    let short = rook > king;
                    out[n] = Castling::new(
                        seat,
                        rank[king],
                        if short { rank[6] } else { rank[2] },
                        rank[rook],
                        if short { rank[5] } else { rank[3] },
                        if short { "O-O" } else { "O-O-O" },
                    );
                    n += 1;
                }
                rook += 1;
            }
            king += 1;
        }
        seat += 1;
    }
    out
}

const CASTLINGS: [Castling; 84] = every_castling();

/// Chess960: orthodox chess with the castlings of every array. Without a
/// `FEN` tag a record starts from the orthodox array (number 518).
pub const CHESS960: Variant = Variant {
    id: "chess960",
    name: "Chess960 (Fischer random chess)",
    summary: "orthodox chess from a shuffled back rank; castling to the g- and c-files from any array",
    castlings: &CASTLINGS,
    castle_onto_rook: true,
    hints: NotationHints {
        aliases: &[
            "fischerandom",
            "fischerrandom",
            "fischer random",
            "fischer-random",
            "chess 960",
            "chess-960",
            "960",
            "frc",
        ],
        variant_tag: true,
        ..CHESS.hints
    },
    ..CHESS
};
