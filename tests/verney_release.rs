//! Issue 15: the written rules (rules.md section 1, "Check, legality" and
//! "Turns, mate, release, end") in the rarest positions, where a second,
//! independent reading of the rules first disagreed with the engine. Each
//! test quotes the sentence of rules.md that decides it.
//!
//! FEN4 names seats by Chess.com's letters in seat order: `r` is Verney's
//! Yellow (first seat), `b` Red, `y` White, `g` Black; `d` marks a mated
//! player's men.

use roundtable::{Board, variant};

fn board(fen4: &str) -> Board {
    Board::from_text(variant("verney").expect("verney"), fen4).expect("position")
}

fn has(board: &Board, mv: &str) -> bool {
    board.legal_moves().iter().any(|m| m == mv)
}

fn statuses(board: &Board) -> Vec<String> {
    (0..4).map(|s| format!("{:?}", board.status(s))).collect()
}

// ----- (a) rule 3 when a move releases the mover's own partner -----

/// rules.md, rule 3: "in that position, if P's partner is active there, his
/// king is not attacked by any adversary man that did not attack it before
/// the move (a man of a player the move releases did not attack before)".
/// Black's bishop c9 leaving the line releases Red (his king is no longer
/// attacked), so Red is active in the position after the move, and the same
/// move opens an adversary's line onto Red's king: illegal.
#[test]
fn a_move_releasing_the_partner_may_not_expose_his_king() {
    let b = board(
        "G-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yK,7/14/14/dbK,13/14/2,gB,11/3,yB,10/\
         13,gK/14/yR,3,gR,9/1,yR,12/14/14/7,rK,6",
    );
    assert_eq!(b.turn(), "Black");
    assert!(!has(&b, "Bc9-a7"), "{:?}", b.legal_moves());
    assert!(!has(&b, "Bc9-b8"), "{:?}", b.legal_moves());
    // Black keeps other moves: his king is not in check.
    assert!(!b.legal_moves().is_empty());
}

/// The same sentence of rule 3, from a game: Black's king steps off the line
/// and releases Red, whose king the step exposes.
#[test]
fn a_king_releasing_his_partner_may_not_step_off_the_shielding_line() {
    let b = board(
        "G-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-8,yK,5/14/14/11,gR,2/14/14/9,rK,4/4,yB,9/\
         5,rR,dbK,3,gK,1,yR,1/14/14/14/14/14",
    );
    for mv in ["Kk6-j5", "Kk6-k5", "Kk6-l5", "Kk6-l7"] {
        assert!(!has(&b, mv), "{mv} in {:?}", b.legal_moves());
    }
}

// ----- (b) release judged in one round, with rule 2's releases -----

/// rules.md, "Release": "all mated players are re-examined at once, each
/// against the status of the others before this re-examination, in one
/// round: a mated player whose king, with his men counted active again, is
/// not attacked by an active adversary man, or who would then have a legal
/// move (by rules 1–3 above), is released"; and rule 2: "in the position
/// after the move, *including any release the move causes* (below), P's king
/// is not attacked by an active man of either adversary".
///
/// Yellow has no move and passes, mated. Red (mated) is then re-examined:
/// his king stays attacked, and his only candidate, Kxb9, makes his men
/// active, which gives Yellow a legal move (his king takes Red's bishop), so
/// the move releases Yellow, whose queen then attacks b9. By rule 2 the move
/// is illegal; Red has no legal move and stays mated.
const ONE_ROUND: &str = "R-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yK,7/14/14/14/2,rQ,11/\
                         dbK,yR,12/11,gK,2/1,yB,12/14/14/14/14/7,dbB,rP,5/5,gQ,1,rK,6";

#[test]
fn release_is_judged_with_the_releases_inside_the_candidate_move() {
    let b = board(ONE_ROUND);
    assert_eq!(b.legal_moves(), ["--"]);
    let mut after = b;
    after.play("--").expect("pass");
    assert_eq!(statuses(&after), ["Mated", "Mated", "Active", "Active"]);
    assert_eq!(after.legal_moves(), ["--"], "Red stays mated and passes");
}

#[test]
fn perft_of_the_one_round_position() {
    let b = board(ONE_ROUND);
    let expected = [1, 1, 32, 1_007, 23_804];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(b.perft(d as u32 + 1), n, "perft {}", d + 1);
    }
}

// ----- (c) no release right after one's own pass -----

/// rules.md, "Release", as above: "each against the status of the others
/// before this re-examination, in one round … or who would then have a legal
/// move (by rules 1–3 above)". Yellow (king h1 in check from Black's rook
/// k1) is mated at the start of his turn: every move that could answer the
/// check takes his rook i2 off Red's king or blocks it, which releases Red,
/// whose rook g11 then attacks White's king g13 (rule 3: "a man of a player
/// the move releases did not attack before"). In the re-examination after
/// his pass Red is still mated (the status before it), so Yellow still has
/// no legal move and stays mated.
///
/// Red, judged in the same round against Yellow still mated, has a king
/// that "with his men counted active again, is not attacked by an active
/// adversary man" (Yellow's rook i2 is inert, White's rook d3 does not
/// reach f2): Red is released by Yellow's pass.
#[test]
fn a_mated_player_is_not_released_by_his_own_pass() {
    let b = board(
        "R-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-14/6,yK,7/14/6,dbR,7/6,yN,7/14/14/14/13,gK/\
         14/14/3,yR,10/5,dbK,2,rR,5/6,rR,rK,2,gR,3",
    );
    assert_eq!(b.legal_moves(), ["--"]);
    let mut after = b;
    after.play("--").expect("pass");
    assert_eq!(statuses(&after), ["Mated", "Active", "Active", "Active"]);
    assert_eq!(after.turn(), "Red");
}

// ----- which plies re-examine -----

/// rules.md, "Release": "After every ply (a move, or a pass in which a
/// player became mated or stalemated), all mated players are re-examined".
/// The pass of a player who was already mated is neither, so it re-examines
/// nobody.
///
/// Red (king a8, mated) is checked by Yellow's rook a4; his only way out,
/// Kxb8, takes a man of White, who is mated too, which rule 1 forbids ("of
/// a player mated before the move"). Yellow's Qg3xg10 releases White (the
/// rook checking him is taken); Red, judged in the same round against White
/// still mated, stays mated. Red's turn is a pass, after which nobody is
/// re-examined: Red stays mated. White's next move re-examines him, now
/// against White active, and Kxb8 releases him.
#[test]
fn the_pass_of_a_mated_player_re_examines_nobody() {
    let mut b = board(
        "R-0,1,1,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,dyK,7/14/14/14/6,gR,7/1,dbP,12/dbK,dyN,12/\
         1,dbP,11,gK/14/14/rR,13/6,rQ,7/14/7,rK,6",
    );
    assert_eq!(statuses(&b), ["Active", "Mated", "Mated", "Active"]);
    b.play("Qg3xg10").expect("Yellow's capture");
    assert_eq!(statuses(&b), ["Active", "Mated", "Active", "Active"]);
    assert_eq!(b.legal_moves(), ["--"]);
    b.play("--").expect("Red's pass");
    assert_eq!(statuses(&b), ["Active", "Mated", "Active", "Active"]);
    assert_eq!(b.turn(), "White");
    b.play("Kg14-f14").expect("White's move");
    assert_eq!(statuses(&b), ["Active", "Active", "Active", "Active"]);
}
