//! A second opinion on every variant: the naive reading of rules.md in
//! `tests/oracle/` against the engine, through the library's front door
//! (`Board`). Random games, biased towards captures, checks, mates and
//! releases, are played on both; at every ply the legal moves, the kind of
//! turn, the player to move, every status, the events and the men on the
//! board must agree.
//!
//! Briefly in CI; longer with `ROUNDTABLE_DEEP=1` (another seed with
//! `ROUNDTABLE_SEED=n`, some variants only with `ROUNDTABLE_ONLY=verney`). A disagreement prints the position (FEN4 or FEN),
//! a minimised line from the start and what differs.

mod oracle;

use oracle::{Fam, Mv, State};
use roundtable::replay::Event;
use roundtable::selfplay::Rng;
use roundtable::{Board, variant};

const VARIANTS: [&str; 7] = [
    "chess",
    "double-skak",
    "double-king",
    "verney",
    "quattro",
    "triple",
    "team",
];

fn deep() -> bool {
    std::env::var_os("ROUNDTABLE_DEEP").is_some()
}

/// The engine's events in the oracle's words.
fn words(board: &Board, events: &[Event]) -> Vec<String> {
    let shape = board.variant().shape;
    let mut out: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Capture { man, square } => Some(format!(
                "takes {}{} on {}",
                man.kind.letter(),
                man.owner,
                shape.name(*square)
            )),
            Event::Promotion(k) => Some(format!("promotes to {}", k.letter())),
            Event::Check { seat, by } => {
                let mut by = by.clone();
                by.sort();
                by.dedup();
                Some(format!("check {seat} by {by:?}"))
            }
            Event::Mated { seat } => Some(format!("mated {seat}")),
            Event::Stalemated { seat } => Some(format!("stalemated {seat}")),
            Event::Released { seat } => Some(format!("released {seat}")),
            Event::Pass => Some("pass".to_string()),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

fn statuses(board: &Board, n: usize) -> Vec<String> {
    (0..n).map(|s| format!("{:?}", board.status(s))).collect()
}

/// Where and how the engine and the oracle part.
#[derive(Debug)]
struct Disagreement {
    /// Plies played before it.
    ply: usize,
    /// The position, as the engine writes it.
    position: String,
    what: String,
}

/// Compares the turn both sides see; the oracle's legal moves with texts.
fn compare_turn(board: &Board, o: &State) -> Result<Vec<(String, Mv)>, String> {
    if board.turn_seat() != o.turn {
        return Err(format!(
            "player to move: engine {} oracle {}",
            board.turn_seat(),
            o.turn
        ));
    }
    let (kind, moves) = o.turn_moves();
    let fast_kind = format!("{:?}", board.turn_kind());
    if fast_kind != kind {
        return Err(format!("turn: engine {fast_kind}, oracle {kind}"));
    }
    let mut theirs: Vec<(String, Mv)> = moves.iter().map(|&m| (o.text(m), m)).collect();
    theirs.sort_by(|a, b| a.0.cmp(&b.0));
    let ours = board.legal_moves();
    let names: Vec<&String> = theirs.iter().map(|(t, _)| t).collect();
    if ours.iter().collect::<Vec<_>>() != names {
        let only_engine: Vec<&String> = ours.iter().filter(|m| !names.contains(m)).collect();
        let only_oracle: Vec<&&String> = names.iter().filter(|m| !ours.contains(m)).collect();
        return Err(format!(
            "legal moves: only the engine {only_engine:?}, only the oracle {only_oracle:?}"
        ));
    }
    Ok(theirs)
}

/// Plays `line` on both sides from the start of `id`, then, with `rng`,
/// biased random moves up to `max` plies (appended to `line`). The number
/// of plies compared, or the first disagreement.
fn run(
    id: &str,
    start: &str,
    line: &mut Vec<String>,
    rng: Option<&mut Rng>,
    max: usize,
) -> Result<usize, Disagreement> {
    run_counting(id, start, line, rng, max, &mut Tally::default())
}

/// How often the rare things happened in the games compared.
#[derive(Default, Debug)]
struct Tally {
    mates: usize,
    releases: usize,
    stalemates: usize,
    promotions: usize,
    en_passant: usize,
    castlings: usize,
    reversals: usize,
    ends: usize,
}

impl Tally {
    fn add(&mut self, events: &[String], text: &str, mv: Mv, o: &State) {
        for e in events {
            self.mates += e.starts_with("mated") as usize;
            self.releases += e.starts_with("released") as usize;
            self.stalemates += e.starts_with("stalemated") as usize;
            self.promotions += e.starts_with("promotes") as usize;
        }
        self.en_passant += matches!(mv.kind, oracle::Kind::EnPassant(_)) as usize;
        self.castlings +=
            (text.starts_with('O') || matches!(mv.kind, oracle::Kind::Castle(..))) as usize;
        self.reversals += o.reverses(mv) as usize;
    }
}

fn run_counting(
    id: &str,
    start: &str,
    line: &mut Vec<String>,
    mut rng: Option<&mut Rng>,
    max: usize,
    tally: &mut Tally,
) -> Result<usize, Disagreement> {
    let v = variant(id).expect("variant");
    let mut board = Board::from_text(v, start).expect("start");
    let mut o = if start == v.start {
        oracle::start(Fam::of(id))
    } else {
        oracle::from_text(Fam::of(id), start)
    };
    let n = o.n;
    let mut ply = 0;
    loop {
        let fail = |board: &Board, what: String| Disagreement {
            ply,
            position: board.text(),
            what,
        };
        let legal = compare_turn(&board, &o).map_err(|w| fail(&board, w))?;
        if legal.is_empty() || ply >= max {
            tally.ends += legal.is_empty() as usize;
            return Ok(ply);
        }
        let text = if ply < line.len() {
            line[ply].clone()
        } else if let Some(rng) = rng.as_deref_mut() {
            let weights: Vec<u32> = if legal.len() == 1 {
                vec![1]
            } else {
                legal.iter().map(|&(_, m)| o.sharpness(m)).collect()
            };
            let mut pick = rng.below(weights.iter().sum::<u32>() as usize) as u32;
            let mut chosen = 0;
            for (i, w) in weights.iter().enumerate() {
                if pick < *w {
                    chosen = i;
                    break;
                }
                pick -= w;
            }
            line.push(legal[chosen].0.clone());
            legal[chosen].0.clone()
        } else {
            return Ok(ply);
        };
        let Some(&(_, mv)) = legal.iter().find(|(t, _)| *t == text) else {
            return Err(fail(
                &board,
                format!("`{text}` is not legal on either side"),
            ));
        };
        let before = board;
        let events = board
            .play_events(&text)
            .map_err(|e| fail(&before, e.to_string()))?;
        let next = o.play(mv);
        let (ours, theirs) = (words(&board, &events), o.events(mv, &next));
        if ours != theirs {
            return Err(fail(
                &before,
                format!("events of {text}: engine {ours:?}, oracle {theirs:?}"),
            ));
        }
        let st: Vec<String> = next.status[..n].iter().map(|s| format!("{s:?}")).collect();
        if statuses(&board, n) != st {
            return Err(fail(
                &before,
                format!(
                    "statuses after {text}: engine {:?}, oracle {st:?}",
                    statuses(&board, n)
                ),
            ));
        }
        // The men where each side put them (Double Skak's text, with its
        // pawns' noses, is not read here).
        if o.fam != Fam::Skak {
            let ours = oracle::from_text(o.fam, &board.text()).men();
            if ours != next.men() {
                let only_engine: Vec<_> = ours.iter().filter(|m| !next.men().contains(m)).collect();
                let only_oracle: Vec<_> = next
                    .men()
                    .into_iter()
                    .filter(|m| !ours.contains(m))
                    .collect();
                return Err(fail(
                    &before,
                    format!(
                        "men after {text}: only the engine {only_engine:?}, only the oracle {only_oracle:?}"
                    ),
                ));
            }
        }
        tally.add(&theirs, &text, mv, &o);
        o = next;
        ply += 1;
    }
}

/// A shorter line that still disagrees: rounds and single plies dropped
/// greedily while the rest stays legal and still parts the two.
fn minimise(
    id: &str,
    start: &str,
    mut line: Vec<String>,
    mut found: Disagreement,
) -> (Vec<String>, Disagreement) {
    line.truncate(found.ply + 1);
    let seats = oracle::start(Fam::of(id)).n;
    let mut budget = 300;
    for chunk in [seats * 2, seats, 1] {
        let mut i = 0;
        while i + chunk <= line.len() && budget > 0 {
            budget -= 1;
            let mut shorter = line.clone();
            shorter.drain(i..i + chunk);
            let mut replay = shorter.clone();
            match run(id, start, &mut replay, None, shorter.len()) {
                Err(d) if !d.what.contains("not legal on either side") => {
                    shorter.truncate(d.ply + 1);
                    line = shorter;
                    found = d;
                }
                _ => i += 1,
            }
        }
    }
    (line, found)
}

/// The start position of `id` with some queens, bishops, knights and pawns
/// taken off at random (kings and rooks stay, and so every castling right;
/// no king stands attacked). Double Skak, whose text carries the pawns'
/// noses, keeps its start.
fn thinned(id: &str, rng: &mut Rng) -> String {
    let v = variant(id).expect("variant");
    if id == "double-skak" {
        return v.start.to_string();
    }
    let fen4 = v.start.contains(',');
    loop {
        let (head, placement, tail) = if fen4 {
            let cut = v.start.rfind('-').unwrap() + 1;
            (&v.start[..cut], &v.start[cut..], "")
        } else {
            let cut = v.start.find(' ').unwrap();
            ("", &v.start[..cut], &v.start[cut..])
        };
        let ranks: Vec<String> = placement
            .split('/')
            .map(|rank| {
                // Each rank as tokens: a man, or one empty square.
                let mut cells: Vec<Option<String>> = Vec::new();
                let tokens: Vec<String> = if fen4 {
                    rank.split(',').map(str::to_string).collect()
                } else {
                    let mut out: Vec<String> = Vec::new();
                    for c in rank.chars() {
                        match out.last_mut() {
                            Some(l)
                                if c.is_ascii_digit() && l.chars().all(|d| d.is_ascii_digit()) =>
                            {
                                l.push(c)
                            }
                            _ => out.push(c.to_string()),
                        }
                    }
                    out
                };
                for t in tokens {
                    match t.parse::<usize>() {
                        Ok(n) => cells.extend(std::iter::repeat_n(None, n)),
                        Err(_) => {
                            let kind = t.chars().last().unwrap().to_ascii_uppercase();
                            let drop = match kind {
                                'K' | 'R' => 0,
                                'P' => 70,
                                'Q' => 20,
                                _ => 45,
                            };
                            let keep = rng.below(100) >= drop;
                            cells.push(keep.then_some(t));
                        }
                    }
                }
                let mut out: Vec<String> = Vec::new();
                let mut empty = 0;
                for c in cells {
                    match c {
                        None => empty += 1,
                        Some(t) => {
                            if empty > 0 {
                                out.push(empty.to_string());
                                empty = 0;
                            }
                            out.push(t);
                        }
                    }
                }
                if empty > 0 {
                    out.push(empty.to_string());
                }
                out.join(if fen4 { "," } else { "" })
            })
            .collect();
        let text = format!("{head}{}{tail}", ranks.join("/"));
        if !oracle::anyone_in_check(&oracle::from_text(Fam::of(id), &text)) {
            return text;
        }
    }
}

/// A position of `id` with a few men of each player scattered at random
/// (one king each, one or two in Double King Chess), nobody able to castle,
/// and on the cross some players already mated (Verney) or out with their
/// men neutral (Multi-chess); `None` when the draw is no position of the
/// variant. Double Skak, whose text carries the pawns' noses, has none.
fn scattered(id: &str, rng: &mut Rng) -> Option<String> {
    let fam = Fam::of(id);
    if fam == Fam::Skak {
        return None;
    }
    let v = variant(id).expect("variant");
    let empty = oracle::start(fam);
    let (w, h, n) = (empty.w, empty.h, empty.n);
    let mut cells: Vec<Option<(usize, char)>> = vec![None; (w * h) as usize];
    let squares: Vec<(i32, i32)> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&s| empty.on(s))
        .collect();
    for seat in 0..n {
        let kings = if fam == Fam::DoubleKing {
            1 + rng.below(2)
        } else {
            1
        };
        let others = 1 + rng.below(if w == 14 { 6 } else { 5 });
        let mut men: Vec<char> = vec!['K'; kings];
        for _ in 0..others {
            men.push(
                ['Q', 'R', 'B', 'N', 'P', 'P', 'S']
                    [rng.below(if fam == Fam::DoubleKing { 7 } else { 6 })],
            );
        }
        for kind in men {
            for _ in 0..50 {
                let s = squares[rng.below(squares.len())];
                // Pawns keep off the edges, where they would have promoted
                // or turned round.
                let edge = s.0 == 0 || s.1 == 0 || s.0 == w - 1 || s.1 == h - 1;
                let i = (s.1 * w + s.0) as usize;
                if cells[i].is_none() && !(kind == 'P' && edge) {
                    cells[i] = Some((seat, kind));
                    break;
                }
            }
        }
    }
    let turn = rng.below(n);
    let text = if fam.cross_board() {
        // Compass letters: r South, b West, y North, g East.
        let letter = |seat: usize| ['r', 'b', 'y', 'g'][empty.compass_of(seat)];
        let mut dead = [false; 4];
        if fam == Fam::Verney {
            // Up to one mated player of each team.
            for team in 0..2 {
                if rng.below(3) == 0 {
                    dead[team + 2 * rng.below(2)] = true;
                }
            }
        } else if n == 4 && rng.below(4) == 0 {
            dead[rng.below(4)] = true;
        }
        if fam != Fam::Verney && dead[turn] {
            return None;
        }
        let mut flags = [0; 4];
        for seat in 0..n {
            flags[empty.compass_of(seat)] = dead[seat] as u8;
        }
        let ranks: Vec<String> = (0..h)
            .rev()
            .map(|y| {
                let mut out: Vec<String> = Vec::new();
                let mut gap = 0;
                for x in 0..w {
                    match cells[(y * w + x) as usize] {
                        None => gap += 1,
                        Some((seat, kind)) => {
                            if gap > 0 {
                                out.push(gap.to_string());
                                gap = 0;
                            }
                            let d = if dead[seat] { "d" } else { "" };
                            out.push(format!("{d}{}{kind}", letter(seat)));
                        }
                    }
                }
                if gap > 0 {
                    out.push(gap.to_string());
                }
                out.join(",")
            })
            .collect();
        format!(
            "{}-{},{},{},{}-0,0,0,0-0,0,0,0-0,0,0,0-0-{}",
            letter(turn).to_ascii_uppercase(),
            flags[0],
            flags[1],
            flags[2],
            flags[3],
            ranks.join("/")
        )
    } else {
        let ranks: Vec<String> = (0..h)
            .rev()
            .map(|y| {
                let mut out = String::new();
                let mut gap = 0;
                for x in 0..w {
                    match cells[(y * w + x) as usize] {
                        None => gap += 1,
                        Some((seat, kind)) => {
                            if gap > 0 {
                                out += &gap.to_string();
                                gap = 0;
                            }
                            out.push(if seat == 0 {
                                kind
                            } else {
                                kind.to_ascii_lowercase()
                            });
                        }
                    }
                }
                if gap > 0 {
                    out += &gap.to_string();
                }
                out
            })
            .collect();
        format!(
            "{} {} - - 0 1",
            ranks.join("/"),
            if turn == 0 { 'w' } else { 'b' }
        )
    };
    let o = oracle::from_text(fam, &text);
    if oracle::waiting_king_attacked(&o) || Board::from_text(v, &text).is_err() {
        return None;
    }
    Some(text)
}

/// Random biased games of every variant against the oracle.
#[test]
fn the_engine_agrees_with_a_naive_reading_of_the_rules() {
    let seed: u64 = std::env::var("ROUNDTABLE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    // (plies in all, plies per game from a start) in CI; in deep mode forty
    // times as many plies, and longer games. Games from scattered men are
    // 30 plies long.
    let plan = |id: &str| -> (usize, usize) {
        let plies = match id {
            "chess" | "double-king" | "double-skak" => 700,
            _ => 400,
        };
        if deep() {
            (plies * 40, 150)
        } else {
            (plies, 60)
        }
    };
    let mut report = Vec::new();
    // `ROUNDTABLE_ONLY=verney,team` narrows the run to some variants.
    let only = std::env::var("ROUNDTABLE_ONLY").unwrap_or_default();
    for id in VARIANTS {
        if !only.is_empty() && !only.split(',').any(|o| o == id) {
            continue;
        }
        let (plies, per_game) = plan(id);
        let clock = std::time::Instant::now();
        let mut rng = Rng::new(seed ^ (id.len() as u64 * 0x9e37_79b9));
        let mut total = 0;
        let mut games = 0;
        let mut tally = Tally::default();
        while total < plies {
            let game = games;
            games += 1;
            let mut line = Vec::new();
            // One game in eight from the start, one from a start with men
            // taken off at random, the others from a few men scattered at
            // random (some players mated already), where mates and releases
            // come sooner.
            let scattered_game = game % 8 >= 2;
            let start = match game % 8 {
                0 => variant(id).expect("variant").start.to_string(),
                1 => thinned(id, &mut rng),
                _ => match scattered(id, &mut rng) {
                    Some(text) => text,
                    None => continue,
                },
            };
            // Scattered men meet soon: short games, many of them.
            let limit = if scattered_game { 30 } else { per_game };
            match run_counting(id, &start, &mut line, Some(&mut rng), limit, &mut tally) {
                Ok(n) => total += n.max(1),
                Err(d) => {
                    let (line, d) = minimise(id, &start, line, d);
                    panic!(
                        "{id}, game {game} (seed {seed}): the engine and the oracle part after {} plies\n\
                         start: {start}\nline: {}\nposition: {}\n{}",
                        d.ply,
                        line.join(" "),
                        d.position,
                        d.what
                    );
                }
            }
        }
        report.push(format!(
            "{id}: {games} games, {total} plies in {:.1} s, {tally:?}",
            clock.elapsed().as_secs_f64()
        ));
    }
    println!("{}", report.join("\n"));
}

/// The oracle's perft from every start position against the engine's.
#[test]
fn start_position_perft_agrees() {
    for id in VARIANTS {
        let board = Board::start(variant(id).expect("variant")).expect("start");
        let o = oracle::start(Fam::of(id));
        let depth = if deep() { 3 } else { 2 };
        for d in 1..=depth {
            assert_eq!(oracle::perft(&o, d), board.perft(d), "{id} perft {d}");
        }
    }
}

/// The oracle on the positions of issue 15, as an independent check of the
/// engine's answers there (tests/verney_release.rs quotes the rules).
#[test]
fn the_oracle_agrees_on_the_rarest_positions() {
    let fens = [
        "G-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yK,7/14/14/dbK,13/14/2,gB,11/3,yB,10/13,gK/14/yR,3,gR,9/1,yR,12/14/14/7,rK,6",
        "G-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-8,yK,5/14/14/11,gR,2/14/14/9,rK,4/4,yB,9/5,rR,dbK,3,gK,1,yR,1/14/14/14/14/14",
        "R-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yK,7/14/14/14/2,rQ,11/dbK,yR,12/11,gK,2/1,yB,12/14/14/14/14/7,dbB,rP,5/5,gQ,1,rK,6",
        "R-0,1,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-14/6,yK,7/14/6,dbR,7/6,yN,7/14/14/14/13,gK/14/14/3,yR,10/5,dbK,2,rR,5/6,rR,rK,2,gR,3",
    ];
    let v = variant("verney").expect("verney");
    for fen in fens {
        let board = Board::from_text(v, fen).expect("position");
        let o = oracle::from_text(Fam::Verney, fen);
        compare_turn(&board, &o).unwrap_or_else(|w| panic!("{fen}: {w}"));
        let depth = if deep() { 4 } else { 3 };
        for d in 1..=depth {
            assert_eq!(oracle::perft(&o, d), board.perft(d), "{fen} perft {d}");
        }
    }
    let o = oracle::from_text(Fam::Verney, fens[2]);
    let expected = [1, 1, 32, 1_007];
    let depth = if deep() { 4 } else { 3 };
    for (d, &n) in expected.iter().enumerate().take(depth) {
        assert_eq!(oracle::perft(&o, d as u32 + 1), n);
    }
}

/// Found by the second opinion (seed 7, deep mode): in Team-Chess a double
/// step may start anywhere, so White's j6-j8 and Black's i7-k7 both skipped
/// j7. Gray's k6xj7 then takes "the pawn that stepped" of an adversary
/// (rules.md, Team-Chess: "Partners' men never attack each other"): Black's
/// pawn on k7, not his partner White's on j8.
#[test]
fn en_passant_takes_the_adversary_when_two_chances_share_a_square() {
    let position = "G-0,0,0,0-0,0,0,1-0,0,0,0-0,0,0,0-0-{'enPassant':('j7:j8','j7:k7','','')}-\
                    3,yR,yN,3,yK,5/5,yP,8/8,yN,5/bR,bP,7,yP,2,gP,1/bN,4,bP,1,gR,6/3,bP,yP,9/\
                    6,yP,1,gP,rP,4/3,bP,2,yP,3,bP,2,gK/5,bK,4,gP,3/bN,5,bP,1,gP,4,gN/\
                    bR,bP,1,rP,4,rP,1,gP,2,gR/9,rK,4/7,rP,2,rP,3/3,rB,rN,3,rB,1,rR,3";
    let mut board = Board::from_text(variant("team").expect("team"), position).expect("position");
    let events = board.play_events("k6xj7").expect("legal");
    assert_eq!(words(&board, &events), ["takes P1 on k7"]);
    let men = oracle::from_text(Fam::Team, &board.text()).men();
    assert!(
        men.contains(&("j8".to_string(), 'P', 0)),
        "White's pawn stays"
    );
    assert!(!men.iter().any(|m| m.0 == "k7"), "Black's pawn is taken");
}

/// rules.md, Quattro (and so Team-Chess): "An en passant capture or a double
/// step that lands on a promotion square promotes." Only Team-Chess, whose
/// pawns double-step from anywhere, can skip a square of a promotion row:
/// here Black's e14-g14 skipped f14, and White's e13xf14 lands on his
/// promotion row. The engine lists `e13xf14` without promotion (its move
/// kinds cannot say en passant and promotion at once), and a double step
/// onto a promotion square opens no chance. Known, not fixed yet.
#[test]
#[ignore = "the engine cannot yet make an en passant capture that promotes"]
fn an_en_passant_capture_onto_a_promotion_square_promotes() {
    let position = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'enPassant':('','f14:g14','','')}-\
                    6,bP,3,yK,3/4,rP,9/14/14/14/14/bK,13/13,gK/14/14/14/14/14/7,rK,6";
    let board = Board::from_text(variant("team").expect("team"), position).expect("position");
    let moves = board.legal_moves();
    for kind in ["B", "N", "Q", "R"] {
        assert!(moves.contains(&format!("e13xf14={kind}")), "{moves:?}");
    }
    assert!(!moves.contains(&"e13xf14".to_string()), "{moves:?}");
}
