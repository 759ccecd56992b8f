//! Perft of the orthodox reference positions (tests/data/perft-chess.txt).

use crate::notation::read_position;
use crate::variant;

/// A perft table's lines: a position, then `;D<depth> <nodes>` entries.
fn table_of(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let depths = parts
                .filter_map(|p| {
                    let mut w = p.split_whitespace();
                    let d = w.next()?.trim_start_matches('D').parse().ok()?;
                    let n = w.next()?.parse().ok()?;
                    Some((d, n))
                })
                .collect();
            (fen, depths)
        })
        .collect()
}

fn table() -> Vec<(String, Vec<(u32, u64)>)> {
    table_of(include_str!("../../tests/data/perft-chess.txt"))
}

/// Chess960: every 24th of the 960 arrays to depth 3 (40 arrays); every
/// array to depth 4 with `ROUNDTABLE_DEEP=1` (best with `--release`).
#[test]
fn chess960_perft_matches_the_published_figures() {
    let v = variant::by_id("chess960").expect("chess960 is a variant");
    let table = table_of(include_str!("../../tests/data/perft-chess960.txt"));
    assert_eq!(table.len(), 960);
    let deep = std::env::var_os("ROUNDTABLE_DEEP").is_some();
    for (i, (fen, depths)) in table.iter().enumerate() {
        if !deep && i % 24 != 0 {
            continue;
        }
        let pos = read_position::<u64>(v, fen).expect("reference FEN reads");
        let limit = if deep { 4 } else { 3 };
        for &(depth, nodes) in depths.iter().filter(|(d, _)| *d <= limit) {
            assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        }
    }
}

#[test]
fn orthodox_perft_matches_public_figures_up_to_five_million() {
    let chess = variant::by_id("chess").expect("chess is a variant");
    for (fen, depths) in table() {
        let pos = read_position::<u64>(chess, &fen).expect("reference FEN reads");
        for (depth, nodes) in depths.into_iter().filter(|&(_, n)| n <= 5_000_000) {
            assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        }
    }
}

/// Every depth of the table, up to 193 million nodes: `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn orthodox_perft_matches_public_figures_at_every_depth() {
    let chess = variant::by_id("chess").expect("chess is a variant");
    for (fen, depths) in table() {
        let pos = read_position::<u64>(chess, &fen).expect("reference FEN reads");
        for (depth, nodes) in depths {
            assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        }
    }
}

/// A lone man in the middle of each board: how many moves it has.
#[test]
fn each_man_moves_on_every_board_shape() {
    use crate::board::{Bits, Dir, U256};
    use crate::engine::{MoveList, Position};
    use crate::men::{Kind, Man};
    use crate::variant::Variant;

    fn count<B: Bits>(v: &'static Variant, square: &str, kind: Kind) -> usize {
        let mut pos = Position::<B>::empty(v).expect("fits");
        let sq = v.shape.parse_square(square).expect("square");
        pos.put(sq, Man::new(kind, 0, Dir::North));
        let mut list = MoveList::new();
        pos.generate(0, &mut list);
        list.len()
    }
    let chess = variant::by_id("chess").expect("chess");
    let wide = variant::by_id("double-king").expect("double-king");
    let cross = variant::by_id("verney").expect("verney");
    let triple = variant::by_id("triple").expect("triple");
    // kind: (8x8 on d4, 10x8 on e4, cross on g7, triple on k7)
    // Counted by hand: rays stop at edges and missing squares; a squirk's
    // leap that a slide also reaches is one move.
    let expected = [
        (Kind::King, [8, 8, 8, 5]),
        (Kind::Queen, [27, 30, 41, 36]),
        (Kind::Rook, [14, 16, 26, 23]),
        (Kind::Bishop, [13, 14, 15, 13]),
        (Kind::Knight, [8, 8, 8, 4]),
        (Kind::Pawn, [1, 1, 1, 1]),
        (
            Kind::Squirk,
            [14 + 16 - 4, 16 + 16 - 4, 26 + 16 - 4, 23 + 9 - 3],
        ),
    ];
    for (kind, [a, b, c, d]) in expected {
        assert_eq!(count::<u64>(chess, "d4", kind), a, "{kind:?} on 8x8");
        assert_eq!(count::<u128>(wide, "e4", kind), b, "{kind:?} on 10x8");
        assert_eq!(count::<U256>(cross, "g7", kind), c, "{kind:?} on the cross");
        assert_eq!(
            count::<U256>(triple, "k7", kind),
            d,
            "{kind:?} on the triple board"
        );
    }
}

/// Calls `visit` on every position of `games` random games of `v` (at most
/// 200 plies each) with the turn's list, and returns how many moves the
/// visits compared.
pub(crate) fn random_positions<B: crate::board::Bits>(
    v: &'static crate::variant::Variant,
    rng: &mut crate::selfplay::Rng,
    games: usize,
    mut visit: impl FnMut(&crate::engine::Position<B>, &crate::engine::MoveList) -> usize,
) -> usize {
    use crate::engine::{MoveList, Position, Turn};
    let mut compared = 0;
    for _ in 0..games {
        let mut pos: Position<B> = crate::notation::start_position(v).expect("start");
        for _ in 0..200 {
            let mut list = MoveList::new();
            let turn = pos.turn_moves(&mut list);
            compared += visit(&pos, &list);
            if matches!(turn, Turn::Over(_)) {
                break;
            }
            let Some(&mv) = list.as_slice().get(rng.below(list.len())) else {
                break;
            };
            pos.play(mv);
        }
    }
    compared
}

/// Every playable variant, each with its compiled width.
pub(crate) fn each_playable_variant(
    mut check: impl FnMut(&'static crate::variant::Variant) -> usize,
    least: usize,
) {
    for v in variant::all()
        .into_iter()
        .filter(|v| v.support == crate::variant::Support::Playable)
    {
        let compared = check(v);
        assert!(compared > least, "{}: {compared}", v.id);
    }
}

/// The fast legality paths (check and pin masks, king moves tested by
/// attacks) agree with playing every pseudo-legal move and looking, on
/// positions from random games of every playable variant.
#[test]
fn fast_legality_agrees_with_make_and_test_in_every_variant() {
    use crate::board::Bits;
    use crate::engine::{MoveList, Position};

    fn check<B: Bits>(pos: &Position<B>, v: &str) -> usize {
        let me = pos.turn();
        let mut pseudo = MoveList::new();
        pos.generate(me, &mut pseudo);
        let guard = pos.guard(me);
        for mv in pseudo.iter() {
            assert_eq!(
                pos.is_legal(mv, &guard),
                pos.legal_after(mv, &guard),
                "{v} {mv:?} in {}",
                crate::notation::write_position(pos)
            );
        }
        pseudo.len()
    }
    let mut rng = crate::selfplay::Rng::new(7);
    each_playable_variant(
        |v| crate::with_width!(v, B => random_positions::<B>(v, &mut rng, 20, |pos, _| check(pos, v.id))),
        10_000,
    );
}

/// A king in check where the board alone decides legality: each move of
/// another man is judged by one attack test on the board after it, which
/// must see the check and the pins at once. White's king on e1 is checked
/// by the rook on e8; the bishop on f2 is pinned by the bishop on h4, so
/// neither its block on e3 nor its capture on h4 is legal; the rook and
/// the knight may block; the king may step aside but not along the file.
#[test]
fn in_check_every_move_must_answer_the_check_and_keep_the_pins() {
    use crate::engine::{MoveList, Turn};
    let chess = variant::by_id("chess").expect("chess");
    let pos = read_position::<u64>(chess, "k3r3/8/8/8/1R5b/2N5/5B2/4K3 w - - 0 1")
        .expect("the FEN reads");
    assert!(
        pos.guard(0).check_by_attacks,
        "the attack-test path is the one tested"
    );
    let mut list = MoveList::new();
    assert_eq!(pos.turn_moves(&mut list), Turn::Moves);
    let mut legal: Vec<String> = list
        .iter()
        .map(|mv| crate::notation::long::uci(&pos, mv))
        .collect();
    legal.sort();
    assert_eq!(legal, ["b4e4", "c3e2", "c3e4", "e1d1", "e1d2", "e1f1"]);
    // Counting (perft's last ply) and the mate test agree with the list.
    assert_eq!(pos.perft(1), 6);
    assert_eq!(pos.outcome(), None);
}

/// Perft's last ply counts moves without listing them (engine/count.rs):
/// the count equals the length of the turn's list, and the outcome found
/// by counting is the listing's, at every position of random games of
/// every playable variant and at every position one ply from them, where
/// pins, checks and en passant chances turn up.
#[test]
fn counting_a_turn_agrees_with_listing_it_in_every_variant() {
    use crate::board::Bits;
    use crate::engine::{MoveList, Position, Turn};

    fn agree<B: Bits>(pos: &Position<B>, v: &str) {
        let mut list = MoveList::new();
        let listed = pos.turn_moves(&mut list);
        let at = || crate::notation::write_position(pos);
        assert_eq!(
            pos.count_turn_moves(&mut MoveList::new()),
            list.len() as u64,
            "{v} in {}",
            at()
        );
        let over = match listed {
            Turn::Over(o) => Some(o),
            _ => None,
        };
        assert_eq!(pos.outcome(), over, "{v} in {}", at());
        if listed == Turn::Moves {
            assert!(
                pos.has_legal_move_now(&mut MoveList::new()),
                "{v} in {}",
                at()
            );
        }
    }
    let mut rng = crate::selfplay::Rng::new(11);
    each_playable_variant(
        |v| {
            crate::with_width!(v, B => random_positions::<B>(v, &mut rng, 10, |pos, list| {
                agree(pos, v.id);
                for mv in list.iter() {
                    agree(&pos.after(mv), v.id);
                }
                list.len()
            }))
        },
        5_000,
    );
}

/// The moves onto one square that `legal_moves_to` finds (of one kind or
/// any, of one man or any) are those of the listed turn that land there, on
/// positions from random games of every playable variant.
#[test]
fn moves_onto_a_square_agree_with_the_listed_turn_in_every_variant() {
    use crate::board::Bits;
    use crate::engine::{Move, MoveList, Position, Turn};
    use crate::men::Kind;

    fn agree<B: Bits>(pos: &Position<B>, listed: &MoveList, v: &str) -> usize {
        let plain = matches!(pos.turn_moves(&mut MoveList::new()), Turn::Moves);
        let mut compared = 0;
        let mut found = MoveList::new();
        for to in pos.variant().shape.squares() {
            for only in std::iter::once(None).chain(Kind::ALL.map(Some)) {
                let fits = |m: &Move| {
                    usize::from(m.to) == to
                        && only.is_none_or(|k| {
                            pos.man_at(usize::from(m.from)).map(|man| man.kind) == Some(k)
                        })
                };
                let mut expected: Vec<Move> = listed.iter().filter(fits).collect();
                let origins: Vec<Option<usize>> = std::iter::once(None)
                    .chain(expected.iter().map(|m| Some(usize::from(m.from))))
                    .collect();
                for from in origins {
                    let mut want: Vec<Move> = expected
                        .iter()
                        .copied()
                        .filter(|m| from.is_none_or(|f| usize::from(m.from) == f))
                        .collect();
                    let any = pos.legal_moves_to(to, from, only, &mut found);
                    let mut got: Vec<Move> = if any {
                        found.iter().collect()
                    } else {
                        Vec::new()
                    };
                    if !plain {
                        // Not an ordinary turn: the fast path must decline.
                        assert!(
                            !any,
                            "{v}: a move onto {to} in {}",
                            crate::notation::write_position(pos)
                        );
                        continue;
                    }
                    want.sort_by_key(|m| (m.from, m.to, format!("{:?}", m.kind)));
                    got.sort_by_key(|m| (m.from, m.to, format!("{:?}", m.kind)));
                    assert_eq!(
                        got,
                        want,
                        "{v}: onto {to}, {only:?}, from {from:?} in {}",
                        crate::notation::write_position(pos)
                    );
                    compared += 1;
                }
                expected.clear();
            }
        }
        compared
    }
    let mut rng = crate::selfplay::Rng::new(23);
    each_playable_variant(
        |v| {
            crate::with_width!(v, B => random_positions::<B>(v, &mut rng, 2, |pos, list| {
                agree(pos, list, v.id)
            }))
        },
        5_000,
    );
}

/// The pawn's and the king's moves onto one square, found from the target
/// back, are the generator's pseudo-legal moves of those men onto it, in
/// the generator's order, for every square and every man of the mover (or
/// any), on positions from random games of every playable variant and one
/// ply after them (where en passant chances are open).
#[test]
fn moves_onto_a_square_found_backwards_are_the_generators() {
    use crate::board::Bits;
    use crate::engine::{MoveList, Position, Status};
    use crate::men::Kind;

    fn agree<B: Bits>(pos: &Position<B>, v: &str) -> usize {
        let me = pos.turn();
        if matches!(
            pos.status(me),
            Status::Mated | Status::Out | Status::Walking
        ) {
            return 0;
        }
        let capturable = pos.capturable(me);
        let (mut generated, mut found) = (MoveList::new(), MoveList::new());
        let mut compared = 0;
        let own = pos.by_seat[me];
        for to in pos.variant().shape.squares() {
            let onto = B::bit(to);
            for men in std::iter::once(!B::EMPTY).chain(own.squares().map(B::bit)) {
                for kind in [Kind::Pawn, Kind::King] {
                    generated.clear();
                    found.clear();
                    pos.generate_men(me, men, onto, Some(kind), capturable, &mut generated);
                    let listed = if kind == Kind::Pawn {
                        pos.pawn_moves_onto(me, to, men, capturable, &mut found)
                    } else {
                        pos.king_moves_onto(me, to, men, capturable, &mut found);
                        true
                    };
                    if !listed {
                        assert!(found.is_empty(), "{v}: a declined search listed moves");
                        continue;
                    }
                    assert_eq!(
                        found.as_slice(),
                        generated.as_slice(),
                        "{v}: {kind:?} onto {to} in {}",
                        crate::notation::write_position(pos)
                    );
                    compared += generated.len();
                }
            }
        }
        compared
    }
    let mut rng = crate::selfplay::Rng::new(29);
    each_playable_variant(
        |v| {
            crate::with_width!(v, B => random_positions::<B>(v, &mut rng, 3, |pos, list| {
                let mut n = agree(pos, v.id);
                for mv in list.iter().take(6) {
                    n += agree(&pos.after(mv), v.id);
                }
                n
            }))
        },
        1_000,
    );
}

/// Where the hooks say turns are plain, their judge lets a player with a
/// move make it, and making a move without them gives the position the
/// hooks give (their `make`, `after_ply` and `next_seat`),
/// after every legal move of positions from random games; and the
/// orthodox variants say so.
#[test]
fn plain_turns_are_made_as_the_hooks_make_them() {
    use crate::board::Bits;
    use crate::engine::{MoveList, Position};

    fn agree<B: Bits>(pos: &Position<B>, list: &MoveList, v: &str) -> usize {
        if !pos.rules.plain_turns {
            return 0;
        }
        // A player who has a move may make it (legal_moves_to skips asking).
        let mut status = pos.status;
        status[pos.turn()] = crate::engine::Status::Active;
        assert_eq!(
            pos.rules.hooks.judge(pos, &status, true),
            crate::engine::Turn::Moves
        );
        for mv in list.iter() {
            let mover = pos.turn();
            let mut hooked = *pos;
            let hooks = pos.rules.hooks;
            hooks.make(&mut hooked, mv, true);
            let seats = pos.rules.seats;
            let mut next = mover;
            for _ in 0..seats {
                next = hooks.next_seat(&hooked, next) % seats;
                if next == 0 {
                    hooked.fullmove = hooked.fullmove.saturating_add(1);
                }
                if hooked.status[next] != crate::engine::Status::Out {
                    break;
                }
            }
            hooked.turn = next as u8;
            hooked.ep[next] = crate::engine::position::NO_EP;
            hooks.after_ply(&mut hooked, mover);
            assert!(
                pos.after(mv) == hooked,
                "{v}: {mv:?} in {}",
                crate::notation::write_position(pos)
            );
        }
        list.len()
    }
    let plain: Vec<&str> = variant::all()
        .into_iter()
        .filter(|v| v.support == crate::variant::Support::Playable)
        .filter(|v| crate::with_width!(v, B => crate::engine::Rules::<B>::get(v).plain_turns))
        .map(|v| v.id)
        .collect();
    assert_eq!(plain, ["chess", "chess960", "skock"]);
    let mut rng = crate::selfplay::Rng::new(31);
    for id in ["chess", "chess960"] {
        let v = variant::by_id(id).expect("variant");
        let compared = crate::with_width!(v, B => random_positions::<B>(v, &mut rng, 5, |pos, list| agree(pos, list, id)));
        assert!(compared > 1_000, "{id}: {compared}");
    }
}

/// Bonus choices are taken in the order chosen, then the queen; only the
/// first three, and none after a kind that is no bonus piece.
#[test]
fn bonus_choices_are_taken_in_order_then_the_queen() {
    use crate::engine::Position;
    use crate::men::Kind;

    let quattro = variant::by_id("quattro").expect("quattro");
    let mut pos: Position<crate::board::U256> =
        crate::notation::start_position(quattro).expect("start");
    assert_eq!(pos.take_bonus_choice(), Kind::Queen, "nothing chosen");
    let chosen = [Kind::Rook, Kind::Knight, Kind::Bishop, Kind::Rook];
    assert_eq!(pos.choose_bonus(&chosen), 3, "three at most");
    for (left, kind) in [(3, Kind::Rook), (2, Kind::Knight), (1, Kind::Bishop)] {
        assert_eq!(pos.bonus_left(), left);
        assert_eq!(pos.take_bonus_choice(), kind);
    }
    assert_eq!(pos.bonus_left(), 0);
    assert_eq!(pos.take_bonus_choice(), Kind::Queen);
    assert_eq!(pos.choose_bonus(&[Kind::Bishop, Kind::King, Kind::Rook]), 1);
    assert_eq!(pos.take_bonus_choice(), Kind::Bishop);
    assert_eq!(pos.take_bonus_choice(), Kind::Queen);
    assert_eq!(pos.choose_bonus(&[Kind::Pawn]), 0);
    assert_eq!(pos.take_bonus_choice(), Kind::Queen);
}
