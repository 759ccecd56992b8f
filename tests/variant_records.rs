//! The issue-18 records in `records/` (files per variant): each replays
//! with its events at the plies asserted here, converts through every
//! notation that can carry it and back to the same game (the same moves,
//! outcome and positions), every position reads back from its FEN or FEN4
//! as the same position, and `stats` counts bonus queens and removed men
//! right.
//!
//! `<variant>-events.pgn` holds longer games found by seeded `roundtable
//! selfplay` runs (their Source tags give the command), chosen and cut so
//! that each shows the events the issue lists. `<variant>-short.pgn` holds
//! short games composed for roundtable by hand (their Source tags say how):
//! their events, turn orders, material and mate attributions are counted by
//! hand below, the count written beside each figure.

use roundtable::board::{Bits, Dir, U256};
use roundtable::convert::{self, Notation, WriteOptions};
use roundtable::engine::{EndReason, MoveKind, Outcome, Position, Status};
use roundtable::input;
use roundtable::men::{Kind, Man};
use roundtable::notation::{read_position, write_position};
use roundtable::record::Record;
use roundtable::replay::{Event, Trace, replay};
use roundtable::report::material::{self, Scale};
use roundtable::report::players::{self, PlayerStats};
use roundtable::report::{attribution, two_kings};

fn records(file: &str) -> Vec<Record> {
    let path = format!("{}/records/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("record file");
    input::games(&text, None)
        .into_iter()
        .map(|g| g.expect("the record reads"))
        .collect()
}

fn trace(rec: &Record) -> Trace<U256> {
    replay::<U256>(rec).expect("the record replays")
}

fn name(t: &Trace<U256>, seat: usize) -> String {
    t.variant.seat_name(seat).to_string()
}

fn square(t: &Trace<U256>, sq: roundtable::board::Square) -> String {
    t.variant.shape.name(sq)
}

/// The notable events of a game as `<ply> <what>` lines, ply 1 first:
/// mates (with the bonus man on the mated king's square), men left neutral
/// and removed, stalemate passes, en passant captures (with the victim's
/// square), promotions, castlings, captured kings.
fn events(t: &Trace<U256>) -> Vec<String> {
    let mut out = Vec::new();
    let mut before: &Position<U256> = &t.start;
    let neutral = |p: &Position<U256>| -> Vec<(roundtable::board::Square, Man)> {
        p.men()
            .filter(|(_, m)| p.status(m.owner) == Status::Out)
            .collect()
    };
    for (i, ply) in t.plies.iter().enumerate() {
        let n = i + 1;
        let after = &ply.after;
        for e in &ply.events {
            match e {
                Event::Mated { seat } => {
                    let mut line = format!("{n} {} mated", name(t, *seat));
                    if after.status(*seat) == Status::Out
                        && let Some(k) = before.sole_king(*seat)
                        && let Some(m) = after.man_at(k)
                        && m.owner != *seat
                    {
                        line +=
                            &format!(", {:?} of {} on {}", m.kind, name(t, m.owner), square(t, k));
                    }
                    out.push(line);
                }
                Event::Stalemated { seat } => {
                    out.push(format!("{n} {} stalemated", name(t, *seat)))
                }
                Event::Capture { man, square: sq } => {
                    if ply.mv.kind == MoveKind::EnPassant {
                        out.push(format!(
                            "{n} {} takes en passant {}'s pawn on {}",
                            name(t, ply.seat),
                            name(t, man.owner),
                            square(t, *sq)
                        ));
                    }
                    if man.kind == Kind::King {
                        out.push(format!(
                            "{n} {}'s king taken on {}",
                            name(t, man.owner),
                            square(t, *sq)
                        ));
                    }
                }
                Event::Promotion(k) => out.push(format!(
                    "{n} {} promotes to {k:?} on {}",
                    name(t, ply.seat),
                    square(t, ply.mv.to as usize)
                )),
                _ => {}
            }
        }
        if let MoveKind::Castle(_) = ply.mv.kind {
            out.push(format!("{n} {} castles {}", name(t, ply.seat), ply.long));
        }
        let (was, now) = (neutral(before), neutral(after));
        let gone: Vec<String> = was
            .iter()
            .filter(|m| !now.contains(m))
            .map(|(sq, _)| square(t, *sq))
            .collect();
        let left: Vec<String> = now
            .iter()
            .filter(|m| !was.contains(m))
            .map(|(sq, _)| square(t, *sq))
            .collect();
        if !left.is_empty() {
            out.push(format!("{n} neutral {}", left.join(" ")));
        }
        if !gone.is_empty() {
            out.push(format!("{n} neutral removed {}", gone.join(" ")));
        }
        before = after;
    }
    out
}

/// How a game is written: one of the notations, or (for more than two
/// players) descriptive notation as numbered movetext instead of a round
/// table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    In(Notation),
    DescriptiveMovetext,
}

/// Every way to write a game, in the order `carried` reports them.
const WAYS: [Way; 9] = [
    Way::In(Notation::Json),
    Way::In(Notation::Jsonl),
    Way::In(Notation::Pgn),
    Way::In(Notation::Pgn4),
    Way::In(Notation::Long),
    Way::In(Notation::San),
    Way::In(Notation::Table),
    Way::In(Notation::Descriptive),
    Way::DescriptiveMovetext,
];

/// Every position of the trace, the start first.
fn positions(t: &Trace<U256>) -> Vec<Position<U256>> {
    std::iter::once(t.start)
        .chain(t.plies.iter().map(|p| p.after))
        .collect()
}

/// Writes the game `rec` (replayed as `t`) one `way`, reads it back and
/// checks that it is the same game: the same moves, outcome and positions.
/// A round table has no place for comments: the game is written to one
/// without them (and must then leave nothing out). An error when the way
/// cannot carry the game, with its reason.
fn carry(rec: &Record, t: &Trace<U256>, way: Way) -> Result<(), String> {
    let mut rec = rec.clone();
    if matches!(
        way,
        Way::In(Notation::Table) | Way::In(Notation::Descriptive)
    ) {
        rec.comments.clear();
        for m in &mut rec.moves {
            m.comments.clear();
            m.before.clear();
        }
    }
    let written = match way {
        Way::In(n) => convert::write(t, &rec, n),
        Way::DescriptiveMovetext => convert::write_with(
            t,
            &rec,
            Notation::Descriptive,
            &WriteOptions {
                movetext: true,
                ..WriteOptions::default()
            },
        ),
    }
    .map_err(|e| e.0)?;
    assert!(
        written.left_out.is_empty(),
        "{way:?} left out {:?}",
        written.left_out
    );
    let back: Vec<Record> = input::games(&written.text, None)
        .into_iter()
        .map(|g| g.expect("the written text reads back"))
        .collect();
    assert_eq!(back.len(), 1, "{way:?}:\n{}", written.text);
    let again = trace(&back[0]);
    let moves =
        |t: &Trace<U256>| -> Vec<String> { t.plies.iter().map(|p| p.long.clone()).collect() };
    assert_eq!(moves(&again), moves(t), "{way:?}:\n{}", written.text);
    assert_eq!(again.outcome, t.outcome, "{way:?}");
    assert!(
        positions(&again) == positions(t),
        "{way:?}: the positions differ"
    );
    Ok(())
}

/// Every position of the game reads back from its FEN (FEN4 for more than
/// two players and on the 14x14 boards) as the same position, and the text
/// written again is the same text.
fn positions_read_back(t: &Trace<U256>, file: &str) {
    for (i, pos) in positions(t).iter().enumerate() {
        let text = write_position(pos);
        let read: Position<U256> = read_position(t.variant, &text)
            .unwrap_or_else(|e| panic!("{file} after ply {i}: {text}: {e}"));
        assert_eq!(&read, pos, "{file} after ply {i}: {text}");
        assert_eq!(write_position(&read), text, "{file} after ply {i}");
    }
}

/// Every game of `file` converts through each of `notations` and back to
/// the same moves, outcome and positions (a round table may refuse a game
/// in which a player left: it keeps one column per player); every position
/// reads back from its FEN/FEN4.
fn round_trips(file: &str, notations: &[Notation]) {
    for rec in records(file) {
        let t = trace(&rec);
        for &n in notations {
            match carry(&rec, &t, Way::In(n)) {
                Ok(()) => {}
                Err(e) if n == Notation::Table => {
                    assert!(e.contains("left the game"), "{file}: {e}")
                }
                Err(e) => panic!("{file} via {n:?}: {e}"),
            }
        }
        positions_read_back(&t, file);
    }
}

/// For each game of `file`: the ways that carry it (each checked by
/// `carry`), as `"json"`, `"pgn4"`, `"descriptive movetext"`, ...; every
/// position also reads back from its FEN/FEN4. The ways that refuse must
/// say why in words the test knows.
fn carried(file: &str) -> Vec<Vec<&'static str>> {
    let mut out = Vec::new();
    for rec in records(file) {
        let t = trace(&rec);
        let mut ways = Vec::new();
        for way in WAYS {
            match carry(&rec, &t, way) {
                Ok(()) => ways.push(match way {
                    Way::In(Notation::Json) => "json",
                    Way::In(Notation::Jsonl) => "jsonl",
                    Way::In(Notation::Pgn) => "pgn",
                    Way::In(Notation::Pgn4) => "pgn4",
                    Way::In(Notation::Long) => "long",
                    Way::In(Notation::San) => "san",
                    Way::In(Notation::Table) => "table",
                    Way::In(Notation::Descriptive) => "descriptive",
                    Way::DescriptiveMovetext => "descriptive movetext",
                }),
                Err(e) => {
                    let known = [
                        "PGN holds two-player games",
                        "PGN4 holds games on the 14x14 board",
                        "a player has left the game",
                        "has no descriptive name",
                        "has no descriptive system",
                    ];
                    assert!(
                        known.iter().any(|k| e.contains(k)),
                        "{file} via {way:?}: {e}"
                    );
                }
            }
        }
        positions_read_back(&t, file);
        out.push(ways);
    }
    out
}

fn all_events(file: &str) -> Vec<Vec<String>> {
    records(file).iter().map(|r| events(&trace(r))).collect()
}

/// The notations of the games on the 160-square cross.
const MULTI: &[Notation] = &[
    Notation::Json,
    Notation::Jsonl,
    Notation::Pgn4,
    Notation::Long,
    Notation::San,
    Notation::Table,
];

/// Double Skak's: PGN4 holds only the 14x14 boards.
const SKAK: &[Notation] = &[
    Notation::Json,
    Notation::Jsonl,
    Notation::Long,
    Notation::San,
    Notation::Table,
];

#[test]
fn quattro_record() {
    let ev = all_events("quattro-events.pgn");
    assert_eq!(
        ev[0],
        [
            "227 Gray mated, Queen of Black on l7",
            "287 White mated, Queen of Brown on f1",
            "331 Black mated, Queen of Brown on g4",
        ]
    );
    assert_eq!(ev[1], ["379 Brown stalemated"]);
    assert_eq!(ev[2], ["94 Black takes en passant Brown's pawn on f11"]);
    assert_eq!(
        ev[3],
        [
            "216 White mated, Queen of Black on g2",
            "216 neutral h4 d7",
            "223 neutral removed h4 d7",
        ][..],
        "{:?}",
        ev[3]
    );
    round_trips("quattro-events.pgn", MULTI);
}

/// `(mated, mating)` of every mate of the game, from the report's attribution.
fn mates(rec: &Record) -> Vec<(String, Option<String>)> {
    attribution::mates(&trace(rec))
        .into_iter()
        .map(|m| (m.mated, m.mating))
        .collect()
}

fn pair(a: &str, b: &str) -> (String, Option<String>) {
    (a.to_string(), Some(b.to_string()))
}

#[test]
fn quattro_stats_count_bonus_queens_and_removed_men() {
    let recs = records("quattro-events.pgn");
    // The bonus queen goes to the last checker: Black mated Gray, Brown
    // mated White and Black (the events above put their queens on l7, f1, g4).
    assert_eq!(
        mates(&recs[0]),
        [
            pair("Gray", "Black"),
            pair("White", "Brown"),
            pair("Black", "Brown")
        ]
    );
    // Material on the Verney scale (queen 20): after the mate of White at
    // ply 216 of game 4, White's men are off the board or neutral; the neutral
    // h4 and d7 still count for nobody once removed at ply 223, and Black's
    // material grows by the queen's 9 against the ply before the mate
    // (the mating move took nothing: checked below from the trace).
    let t = trace(&recs[3]);
    let scale = Scale::default_for(t.variant);
    let before = material::of_position(&t.plies[214].after, &scale);
    let after = material::of_position(&t.plies[215].after, &scale);
    assert_eq!(after[1], before[1] + scale.value(Kind::Queen));
    let removed = material::of_position(&t.plies[222].after, &scale);
    assert_eq!(
        removed[0], 0,
        "White has no men left once the neutral ones go"
    );
}

#[test]
fn triple_record() {
    let ev = all_events("triple-events.pgn");
    assert_eq!(
        ev[0],
        [
            "111 White mated, Queen of Black on f4",
            "172 Brown mated, Queen of Black on d8"
        ]
    );
    assert_eq!(ev[1], ["24 Brown takes en passant Black's pawn on d11"]);
    assert_eq!(ev[2], ["338 Black stalemated"]);
    assert_eq!(
        ev[3],
        [
            "133 Black mated, Queen of White on b7",
            "133 neutral d9",
            "138 neutral removed d9"
        ]
    );
    round_trips("triple-events.pgn", MULTI);
}

#[test]
fn team_record() {
    let ev = all_events("team-events.pgn");
    assert_eq!(
        ev[0],
        [
            "67 Gray castles O-O",
            "196 White mated",
            "229 Brown takes en passant Gray's pawn on e10",
            "424 Gray mated"
        ]
    );
    assert_eq!(
        ev[1][..3],
        [
            "63 Gray takes en passant Brown's pawn on j11",
            "403 Brown mated",
            "483 Black promotes to Rook on n11"
        ]
    );
    assert_eq!(
        ev[2],
        [
            "356 White mated",
            "356 neutral l7",
            "359 neutral removed l7"
        ]
    );
    let t = trace(&records("team-events.pgn")[0]);
    assert!(
        format!("{:?}", t.outcome).contains("Win"),
        "{:?}",
        t.outcome
    );
    round_trips("team-events.pgn", MULTI);
}

#[test]
fn double_skak_record() {
    let ev = all_events("double-skak-events.pgn");
    // Yellow, a queen player, passes when he cannot move (ply 105 first).
    assert_eq!(
        ev[0]
            .iter()
            .filter(|e| e.ends_with("Yellow stalemated"))
            .count(),
        9
    );
    assert_eq!(
        ev[0]
            .iter()
            .filter(|e| !e.ends_with("stalemated"))
            .cloned()
            .collect::<Vec<_>>(),
        [
            "123 White promotes to Rook on h6",
            "141 Yellow promotes to Knight on g8",
            "158 Green promotes to Queen on g1",
            "183 Red mated"
        ]
    );
    assert!(ev[0].contains(&"105 Yellow stalemated".to_string()));
    round_trips("double-skak-events.pgn", SKAK);
}

#[test]
fn double_king_record() {
    let ev = all_events("double-king-events.pgn");
    assert_eq!(
        ev[0],
        [
            "44 Black castles Kd8-h8",
            "52 White's king taken on d1",
            "52 Black promotes to Knight on d1",
            "79 Black's king taken on f6",
            "95 Black mated"
        ]
    );
    round_trips(
        "double-king-events.pgn",
        &[
            Notation::Json,
            Notation::Jsonl,
            Notation::Pgn,
            Notation::Long,
            Notation::San,
        ],
    );
}

// ----- the short composed games (`records/<variant>-short.pgn`) -----

/// The seats that make plies `from` to `to` (1-based, both included).
fn seats_of(t: &Trace<U256>, from: usize, to: usize) -> Vec<String> {
    t.plies[from - 1..to]
        .iter()
        .map(|p| name(t, p.seat))
        .collect()
}

/// Each seat's material on the variant's scale after ply `n` (0: the start).
fn material_after(t: &Trace<U256>, n: usize) -> Vec<u32> {
    let pos = if n == 0 {
        &t.start
    } else {
        &t.plies[n - 1].after
    };
    material::of_position(pos, &Scale::default_for(t.variant))
}

/// Each seat's material after every round, as the report gives it.
fn material_by_round(t: &Trace<U256>) -> Vec<Vec<u32>> {
    material::by_round(t, &Scale::default_for(t.variant))
        .into_iter()
        .map(|r| r.seats)
        .collect()
}

/// Every player's figures from the report, in seat order: moves, passes,
/// captures, material won, material lost, checks given, checks received,
/// mates given, mated.
fn figures(t: &Trace<U256>) -> Vec<[u32; 9]> {
    players::players(t, &Scale::default_for(t.variant))
        .iter()
        .map(|p: &PlayerStats| {
            [
                p.moves as u32,
                p.passes as u32,
                p.captures as u32,
                p.material_won,
                p.material_lost,
                p.checks_given as u32,
                p.checks_received as u32,
                p.mates_given as u32,
                p.mated as u32,
            ]
        })
        .collect()
}

/// `(mated, mating, ply of the mating check, ply of the mate)` of every
/// mate, from the report's attribution.
fn attributed(t: &Trace<U256>) -> Vec<(String, String, usize, usize)> {
    attribution::mates(t)
        .into_iter()
        .map(|m| {
            (
                m.mated,
                m.mating.unwrap_or_default(),
                m.mating_move.map_or(0, |r| r.ply),
                m.at.ply,
            )
        })
        .collect()
}

/// The en passant captures as `<ply> <capturing pawn's direction> takes
/// <stepping pawn's direction>`: from the side when the two cross.
fn en_passant_directions(t: &Trace<U256>) -> Vec<String> {
    let mut out = Vec::new();
    let mut before = &t.start;
    for (i, ply) in t.plies.iter().enumerate() {
        if ply.mv.kind == MoveKind::EnPassant {
            let taker = before
                .man_at(ply.mv.from as usize)
                .expect("the capturing pawn");
            let victim = ply
                .events
                .iter()
                .find_map(|e| match e {
                    Event::Capture { man, .. } => Some(*man),
                    _ => None,
                })
                .expect("the pawn taken");
            out.push(format!("{} {:?} takes {:?}", i + 1, taker.dir, victim.dir));
        }
        before = &ply.after;
    }
    out
}

/// The pawns that chose a nose (Double Skak): `<ply> <player> <move>
/// <direction after>`, for each move of a pawn that was free to choose and
/// now travels another way than before.
fn noses(t: &Trace<U256>) -> Vec<String> {
    let mut out = Vec::new();
    let mut before = &t.start;
    for (i, ply) in t.plies.iter().enumerate() {
        let (from, to) = (ply.mv.from as usize, ply.mv.to as usize);
        if !ply.mv.is_pass()
            && before.free_pawns().has(from)
            && let (Some(was), Some(now)) = (before.man_at(from), ply.after.man_at(to))
            && now.kind == Kind::Pawn
            && now.dir != was.dir
        {
            out.push(format!(
                "{} {} {} {:?}",
                i + 1,
                name(t, ply.seat),
                ply.long,
                now.dir
            ));
        }
        before = &ply.after;
    }
    out
}

/// Every squirk move: `<ply> <move> <how>`: a slide (the rook's move), a
/// knight leap, an alfil leap (two squares diagonally: no bishop leaps) or
/// a dabbaba leap (two squares straight over a man: no rook can), with the
/// man leapt over.
fn squirk_moves(t: &Trace<U256>) -> Vec<String> {
    let shape = t.variant.shape;
    let mut out = Vec::new();
    let mut before = &t.start;
    for (i, ply) in t.plies.iter().enumerate() {
        let (from, to) = (ply.mv.from as usize, ply.mv.to as usize);
        if !ply.mv.is_pass() && before.man_at(from).is_some_and(|m| m.kind == Kind::Squirk) {
            let ((x0, y0), (x1, y1)) = (shape.coords(from), shape.coords(to));
            let (dx, dy) = (x0.abs_diff(x1), y0.abs_diff(y1));
            let middle = shape.square((x0 + x1) / 2, (y0 + y1) / 2);
            let over = match before.man_at(middle) {
                Some(_) => format!(" over {}", shape.name(middle)),
                None => String::new(),
            };
            let how = match (dx, dy) {
                (2, 2) => format!("alfil leap{over}"),
                (1, 2) | (2, 1) => "knight leap".to_string(),
                (2, 0) | (0, 2) if !over.is_empty() => format!("dabbaba leap{over}"),
                _ => "slide".to_string(),
            };
            out.push(format!("{} {} {how}", i + 1, ply.long));
        }
        before = &ply.after;
    }
    out
}

#[test]
fn quattro_short_games() {
    let file = "quattro-short.pgn";
    let recs = records(file);
    let ev = all_events(file);
    // Game 1, from the setup: Black's pawn c4 (travelling east) takes White's
    // d2-d4 on d3, the square it skipped; Black's knight mates Brown on e13;
    // Brown's pawn h13 shields Gray's king n7 from Black's bonus queen g14
    // (m8 empty since Gray's m8-l8) until Gray's m9-l9 puts a pawn on l9.
    assert_eq!(
        ev[0],
        [
            "6 Black takes en passant White's pawn on d4",
            "18 Brown mated, Queen of Black on g14",
            "18 neutral h13",
            "19 neutral removed h13",
        ]
    );
    let t = trace(&recs[0]);
    assert_eq!(
        en_passant_directions(&t),
        ["6 East takes North"],
        "from the side"
    );
    // Brown leaves with Black's ply 18: Gray, White, Black, then Gray again.
    assert_eq!(
        seats_of(&t, 17, 22),
        ["White", "Black", "Gray", "White", "Black", "Gray"]
    );
    assert_eq!(name(&t, t.last().turn()), "White");
    // Material on the Verney scale (pawn 1, knight 5, bishop 9, rook 9,
    // queen 20): each starts with 8 + 2*5 + 2*9 + 2*9 + 20 = 74.
    assert_eq!(material_after(&t, 0), [74, 74, 74, 74]);
    // Ply 6: Black's c4xd3 takes White's d-pawn: White 74 - 1 = 73.
    assert_eq!(material_after(&t, 6), [73, 74, 74, 74]);
    // Ply 17: White's e2xd3 takes that pawn back: Black 74 - 1 = 73.
    assert_eq!(material_after(&t, 17), [73, 73, 74, 74]);
    // Ply 18: Black takes Brown's bishop (Brown 74 - 9 = 65) and mates him:
    // Black's bonus queen, 73 + 20 = 93; Brown's men leave but the neutral
    // pawn h13, still his: 1.
    assert_eq!(material_after(&t, 18), [73, 93, 1, 74]);
    // Ply 19: h13 leaves: Brown 0.
    assert_eq!(material_after(&t, 19), [73, 93, 0, 74]);
    assert_eq!(
        material_by_round(&t),
        [
            [74, 74, 74, 74], // the start
            [74, 74, 74, 74],
            [73, 74, 74, 74], // round 2: the en passant capture
            [73, 74, 74, 74],
            [73, 74, 74, 74],
            [73, 93, 0, 74], // round 5 (plies 17-19): the mate, h13 gone
            [73, 93, 0, 74],
        ]
    );
    // The mating player is Black (the check of ply 18, which mated).
    assert_eq!(attributed(&t), [("Brown".into(), "Black".into(), 18, 18)]);
    // [moves, passes, captures, won, lost, checks given, checks received,
    //  mates given, mated]
    assert_eq!(
        figures(&t),
        [
            [6, 0, 1, 1, 1, 0, 0, 0, 0],  // White: e2xd3 (a pawn, 1); lost d4 (1)
            [6, 0, 2, 10, 1, 1, 0, 1, 0], // Black: a pawn and the bishop, 1 + 9
            [4, 0, 0, 0, 9, 0, 1, 0, 1],  // Brown: lost the bishop; removed men are not taken
            [6, 0, 0, 0, 0, 0, 0, 0, 0],  // Gray
        ]
    );
    assert_eq!(t.outcome, None, "three players go on");

    // Game 2, from a set-up position: White (king h1, pawn e3) blocks his
    // last pawn; his king's squares are all attacked; with four players on
    // the board he passes (ply 5) until Brown's rook leaves the i-file.
    assert_eq!(ev[1], ["5 White stalemated"]);
    let t = trace(&recs[1]);
    assert!(t.plies[4].mv.is_pass());
    assert_eq!(t.plies[8].long, "Kh1-i1", "lifted: White moves again");
    // White: pawn 1; Black: pawn b8 and rook d2, 1 + 9 = 10; Brown: pawns
    // g13 and e5 and rook i9, 1 + 1 + 9 = 11; Gray: rook g8, 9. No capture.
    assert_eq!(material_after(&t, 0), [1, 10, 11, 9]);
    assert_eq!(material_after(&t, 9), [1, 10, 11, 9]);
    assert_eq!(
        figures(&t)[0],
        [2, 1, 0, 0, 0, 0, 0, 0, 0],
        "White: two moves, one pass"
    );
    assert!(attributed(&t).is_empty());

    assert_eq!(
        carried(file),
        [
            vec![
                "json",
                "jsonl",
                "pgn4",
                "long",
                "san",
                "descriptive movetext"
            ],
            vec![
                "json",
                "jsonl",
                "pgn4",
                "long",
                "san",
                "table",
                "descriptive",
                "descriptive movetext"
            ],
        ]
    );
}

#[test]
fn triple_short_games() {
    let file = "triple-short.pgn";
    let recs = records(file);
    let ev = all_events(file);
    // Game 1: Brown's d11 pawn (travelling south) takes Black's b10-d10 on
    // c10; Brown's knight checks Black on b10 (ply 15); Black leaves at the
    // start of his turn, after White's ply 16, and Brown's bonus queen takes
    // a8; Black's pawn b7 shields White's king h1 on the long diagonal (g2
    // empty since White's g2-g3) until White's Bf1-g2.
    assert_eq!(
        ev[0],
        [
            "6 Brown takes en passant Black's pawn on d10",
            "16 Black mated, Queen of Brown on a8",
            "16 neutral b7",
            "18 neutral removed b7",
        ]
    );
    let t = trace(&recs[0]);
    assert_eq!(
        en_passant_directions(&t),
        ["6 South takes East"],
        "from the side"
    );
    // Black leaves with White's ply 16: Brown and White alternate.
    assert_eq!(
        seats_of(&t, 15, 19),
        ["Brown", "White", "Brown", "White", "Brown"]
    );
    assert_eq!(name(&t, t.last().turn()), "White");
    // Verney scale, 74 each at the start (see Quattro).
    // Ply 6: Black loses the pawn d10: 73. Ply 15: and the bishop b10:
    // 73 - 9 = 64. Ply 16: Brown's bonus queen, 74 + 20 = 94; Black keeps
    // only the neutral b7: 1. Ply 18: b7 leaves: 0.
    assert_eq!(material_after(&t, 6), [74, 73, 74]);
    assert_eq!(material_after(&t, 15), [74, 64, 74]);
    assert_eq!(material_after(&t, 16), [74, 1, 94]);
    assert_eq!(material_after(&t, 18), [74, 0, 94]);
    assert_eq!(
        material_by_round(&t),
        [
            [74, 74, 74],
            [74, 74, 74],
            [74, 73, 74], // round 2: en passant
            [74, 73, 74],
            [74, 73, 74],
            [74, 64, 74], // round 5: the knight takes the bishop
            [74, 1, 94],  // round 6 (plies 16-17): the mate, b7 neutral
            [74, 0, 94],  // round 7: b7 gone
        ]
    );
    // The mating player is Brown, whose check of ply 15 was the last on
    // Black's king; the mate itself falls at ply 16, at Black's turn.
    assert_eq!(attributed(&t), [("Black".into(), "Brown".into(), 15, 16)]);
    assert_eq!(
        figures(&t),
        [
            [7, 0, 0, 0, 0, 0, 0, 0, 0],  // White
            [5, 0, 0, 0, 10, 0, 1, 0, 1], // Black: lost a pawn and a bishop, 1 + 9
            [7, 0, 2, 10, 0, 1, 0, 1, 0], // Brown: one check, counted once
        ]
    );

    // Game 2, set up: three players on the board, White passes (ply 4).
    assert_eq!(ev[1], ["4 White stalemated"]);
    let t = trace(&recs[1]);
    assert_eq!(t.plies[6].long, "Kh1-i1");
    // White: pawn 1; Black: pawn b8, rooks g8 and d2, 1 + 9 + 9 = 19;
    // Brown: pawns g13 and e5, rook i9, 1 + 1 + 9 = 11.
    assert_eq!(material_after(&t, 7), [1, 19, 11]);
    assert_eq!(figures(&t)[0], [2, 1, 0, 0, 0, 0, 0, 0, 0]);

    assert_eq!(
        carried(file),
        [
            vec![
                "json",
                "jsonl",
                "pgn4",
                "long",
                "san",
                "descriptive movetext"
            ],
            vec![
                "json",
                "jsonl",
                "pgn4",
                "long",
                "san",
                "table",
                "descriptive",
                "descriptive movetext"
            ],
        ]
    );
}

#[test]
fn team_short_game() {
    let file = "team-short.pgn";
    let recs = records(file);
    let ev = all_events(file);
    // White's queen takes b9 and mates Black at once (ply 21, no bonus);
    // Black's pawn c10 shields Brown's king g14 from that queen (d11, e12,
    // f13 empty) until Gray's queen stands on f13 (ply 23); Brown, checked
    // there, is mated at his turn after White's ply 24: both opposing kings.
    assert_eq!(
        ev[0],
        [
            "21 Black mated",
            "21 neutral c10",
            "23 neutral removed c10",
            "24 Brown mated",
        ]
    );
    let t = trace(&recs[0]);
    // Before: White, Black, Gray, Brown. Once Black is out the turn passes
    // to the clockwise successor (S, W, N, E) of the last player who moved:
    // after White (South) Brown (North, West being out), then Gray (East),
    // then White.
    assert_eq!(seats_of(&t, 17, 20), ["White", "Black", "Gray", "Brown"]);
    assert_eq!(seats_of(&t, 21, 24), ["White", "Brown", "Gray", "White"]);
    assert_eq!(
        t.outcome,
        Some(Outcome::Win {
            seats: 0b0101, // White (seat 0) and Gray (seat 2)
            reason: EndReason::BothAdversariesMated
        })
    );
    // Verney scale, 74 each. Ply 21: the queen takes the pawn b9 (Black
    // 73), Black leaves but the neutral c10: 1. Ply 23: c10 leaves: 0.
    // Ply 24: Brown leaves, nothing neutral: 0. No bonus in Team-Chess.
    assert_eq!(material_after(&t, 20), [74, 74, 74, 74]);
    assert_eq!(material_after(&t, 21), [74, 1, 74, 74]);
    assert_eq!(material_after(&t, 23), [74, 0, 74, 74]);
    assert_eq!(material_after(&t, 24), [74, 0, 74, 0]);
    // Each mate is its own checker's: White's queen (ply 21, mating at
    // once) and Gray's queen (ply 23, mate at Brown's turn, ply 24).
    assert_eq!(
        attributed(&t),
        [
            ("Black".into(), "White".into(), 21, 21),
            ("Brown".into(), "Gray".into(), 23, 24),
        ]
    );
    assert_eq!(
        figures(&t),
        [
            [7, 0, 1, 1, 0, 1, 0, 1, 0], // White: the pawn b9, the check and mate
            [5, 0, 0, 0, 1, 0, 1, 0, 1], // Black
            [6, 0, 0, 0, 0, 1, 0, 1, 0], // Gray
            [6, 0, 0, 0, 0, 0, 1, 0, 1], // Brown
        ]
    );
    // The teams' material at the end: White + Gray 74 + 74, Black + Brown 0.
    let teams = material::by_round(&t, &Scale::default_for(t.variant));
    assert_eq!(teams.last().map(|r| r.teams.clone()), Some(vec![148, 0]));

    assert_eq!(
        carried(file),
        [vec![
            "json",
            "jsonl",
            "pgn4",
            "long",
            "san",
            "descriptive movetext"
        ]]
    );
}

#[test]
fn double_skak_short_games() {
    let file = "double-skak-short.pgn";
    let recs = records(file);
    let ev = all_events(file);
    // Game 1, from the setup: Green's knight takes c7 with check; White,
    // the king's owner, has no move at his turn: Green and Red win.
    assert_eq!(ev[0], ["10 White mated"]);
    let t = trace(&recs[0]);
    // White's b6 (south by default) and Red's b3 (north by default) step
    // east: each chose its other nose.
    assert_eq!(noses(&t), ["3 White b6-c6 East", "4 Red b3-c3 East"]);
    let c6 = t.variant.shape.parse_square("c6").expect("c6");
    assert_eq!(t.last().man_at(c6).map(|m| m.dir), Some(Dir::East));
    assert_eq!(
        t.outcome,
        Some(Outcome::Win {
            seats: 0b1010, // Green (seat 1) and Red (seat 3)
            reason: EndReason::Checkmate
        })
    );
    // Verney scale: a queen player has Q 20 + R 9 + N 5 + B 9 + 4 pawns =
    // 47; a king player R 9 + N 5 + B 9 + 4 pawns = 27. Green takes White's
    // pawn c7: White 26.
    assert_eq!(material_after(&t, 0), [47, 47, 27, 27]);
    assert_eq!(material_after(&t, 10), [47, 47, 26, 27]);
    assert_eq!(attributed(&t), [("White".into(), "Green".into(), 10, 10)]);
    assert_eq!(figures(&t)[1], [3, 0, 1, 1, 0, 1, 0, 1, 0], "Green");

    // Game 2, set up: Yellow, a queen player, passes when his one pawn is
    // blocked (plies 1 and 5); Red's free pawn c2 steps north, its other
    // nose; White's pawn, travelling south, promotes on the edge of its
    // travel and mates Red: Yellow and White win.
    assert_eq!(
        ev[1],
        [
            "1 Yellow stalemated",
            "5 Yellow stalemated",
            "7 White promotes to Queen on e1",
            "7 Red mated",
        ]
    );
    let t = trace(&recs[1]);
    assert!(t.plies[0].mv.is_pass() && t.plies[4].mv.is_pass());
    assert_eq!(noses(&t), ["4 Red c2-c3 North"]);
    assert_eq!(
        t.outcome,
        Some(Outcome::Win {
            seats: 0b0101, // Yellow (seat 0) and White (seat 2)
            reason: EndReason::Checkmate
        })
    );
    // Yellow: pawn 1; Green: Q 20 + pawn 1 = 21; White: pawn 1, then the
    // queen it became, 20; Red: three pawns, 3.
    assert_eq!(material_after(&t, 0), [1, 21, 1, 3]);
    assert_eq!(material_after(&t, 7), [1, 21, 20, 3]);
    let teams = material::by_round(&t, &Scale::default_for(t.variant));
    assert_eq!(teams.last().map(|r| r.teams.clone()), Some(vec![21, 24]));
    assert_eq!(attributed(&t), [("Red".into(), "White".into(), 7, 7)]);
    assert_eq!(
        figures(&t)[0],
        [0, 2, 0, 0, 0, 0, 0, 0, 0],
        "Yellow passes twice"
    );
    let white = &players::players(&t, &Scale::default_for(t.variant))[2];
    assert_eq!(white.promotions, 1);

    assert_eq!(
        carried(file),
        [
            vec!["json", "jsonl", "long", "san", "table"],
            vec!["json", "jsonl", "long", "san", "table"],
        ]
    );
}

#[test]
fn double_king_short_game() {
    let file = "double-king-short.pgn";
    let recs = records(file);
    let t = trace(&recs[0]);
    assert_eq!(
        all_events(file)[0],
        [
            "9 White castles Kg1-i1",
            "15 Black's king taken on d8",
            "15 Black mated",
        ]
    );
    // The squirks' leaps: over a man on the way (f1-d3 over e2, f8-f6 over
    // f7: neither a bishop nor a rook could), and a knight's leap.
    assert_eq!(
        squirk_moves(&t),
        [
            "1 Sf1-d3 alfil leap over e2",
            "2 Sf8-f6 dabbaba leap over f7",
            "4 Sf6-j6 slide",
            "11 Sd3-d6+ slide",
            "13 Sd6xe8+ knight leap",
            "15 Se8xd8# slide",
        ]
    );
    // W1 Sxe8 attacks both Black kings (d8 next to it, g8 two squares
    // along the rank); W2 Sxd8 takes the first and mates the other: a 2K
    // checkmate.
    let e8 = &t.plies[12].after;
    for king in ["d8", "g8"] {
        let sq = t.variant.shape.parse_square(king).expect("square");
        assert_eq!(e8.man_at(sq).map(|m| m.kind), Some(Kind::King));
    }
    assert!(e8.in_check(1));
    assert_eq!(two_kings::two_king_checkmate(&t), Some(true));
    assert_eq!(
        t.outcome,
        Some(Outcome::Win {
            seats: 0b01,
            reason: EndReason::Checkmate
        })
    );
    // Double King's own scale (orthodox, squirk 7): 10 pawns + 2 knights
    // (6) + 2 bishops (6) + 2 rooks (10) + queen 9 + squirk 7 = 48 each;
    // Black loses the queen (39) and a king, which counts nothing.
    assert_eq!(material_after(&t, 0), [48, 48]);
    assert_eq!(material_after(&t, 15), [48, 39]);
    assert_eq!(attributed(&t), [("Black".into(), "White".into(), 15, 15)]);
    // White's checks: Sd6+ (ply 11), Sxe8+ (13, both kings: one check of
    // one player), Sxd8# (15); captures: the queen (9) and a king (0).
    assert_eq!(
        figures(&t),
        [[8, 0, 2, 9, 0, 3, 0, 1, 0], [7, 0, 0, 0, 9, 0, 3, 0, 1]]
    );
    assert_eq!(
        carried(file),
        [vec!["json", "jsonl", "pgn", "long", "san", "table"]]
    );
}

/// `roundtable stats --json` over the short records: the final material of
/// each game (bonus queens counted for their owner, removed and neutral men
/// as above) and who mated whom, as counted by hand in the tests above.
#[test]
fn stats_on_the_command_line_reports_the_short_records() {
    // Per file: each game's material after its last round, and its mates
    // as (mated, mating).
    type Expected = (
        &'static str,
        Vec<Vec<u32>>,
        Vec<Vec<(&'static str, &'static str)>>,
    );
    let expected: [Expected; 5] = [
        (
            "quattro-short.pgn",
            vec![vec![73, 93, 0, 74], vec![1, 10, 11, 9]],
            vec![vec![("Brown", "Black")], vec![]],
        ),
        (
            "triple-short.pgn",
            vec![vec![74, 0, 94], vec![1, 19, 11]],
            vec![vec![("Black", "Brown")], vec![]],
        ),
        (
            "team-short.pgn",
            vec![vec![74, 0, 74, 0]],
            vec![vec![("Black", "White"), ("Brown", "Gray")]],
        ),
        (
            "double-skak-short.pgn",
            vec![vec![47, 47, 26, 27], vec![1, 21, 20, 3]],
            vec![vec![("White", "Green")], vec![("Red", "White")]],
        ),
        (
            "double-king-short.pgn",
            vec![vec![48, 39]],
            vec![vec![("Black", "White")]],
        ),
    ];
    for (file, material, mates) in expected {
        let out = assert_cmd::Command::cargo_bin("roundtable")
            .expect("binary")
            .args(["stats", "--json", &format!("records/{file}")])
            .assert()
            .success();
        let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        let games: Vec<serde_json::Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
            .collect();
        assert_eq!(games.len(), material.len(), "{file}");
        for (i, game) in games.iter().enumerate() {
            let last = game["material"]
                .as_array()
                .and_then(|rounds| rounds.last())
                .expect("material by round");
            let seats: Vec<u32> = last["seats"]
                .as_array()
                .expect("seats")
                .iter()
                .map(|v| v.as_u64().expect("a number") as u32)
                .collect();
            assert_eq!(seats, material[i], "{file} game {}", i + 1);
            let found: Vec<(String, String)> = game["mates"]
                .as_array()
                .expect("mates")
                .iter()
                .map(|m| {
                    (
                        m["mated"].as_str().unwrap_or_default().to_string(),
                        m["mating"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect();
            let wanted: Vec<(String, String)> = mates[i]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
            assert_eq!(found, wanted, "{file} game {}", i + 1);
        }
    }
}
