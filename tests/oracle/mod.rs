//! A second opinion on the rules: a deliberately naive reading of
//! rules.md, written from the text alone and sharing no code with the
//! engine. A mailbox of squares; every man's every movement tried; each
//! candidate played on a copy; attacks found by walking lines square by
//! square; the rules of turn, mate, release and elimination applied
//! literally. Slow on purpose and easy to check against the text.

#![allow(dead_code)]

/// Which rules of rules.md a game follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fam {
    /// Section 0, orthodox chess.
    Chess,
    /// Section 2, Double Skak.
    Skak,
    /// Section 3, Double King Chess.
    DoubleKing,
    /// Section 1, Verney.
    Verney,
    /// Section 5, Quattro-Chess.
    Quattro,
    /// Section 5, Triple-Chess.
    Triple,
    /// Section 5, Team-Chess.
    Team,
}

impl Fam {
    pub fn of(id: &str) -> Fam {
        match id {
            "chess" => Fam::Chess,
            "double-skak" => Fam::Skak,
            "double-king" => Fam::DoubleKing,
            "verney" => Fam::Verney,
            "quattro" => Fam::Quattro,
            "triple" => Fam::Triple,
            "team" => Fam::Team,
            other => panic!("no naive rules for {other}"),
        }
    }
    /// Whether the board is Verney's cross (or Triple's part of it).
    pub fn cross_board(self) -> bool {
        self.cross()
    }
    fn cross(self) -> bool {
        matches!(self, Fam::Verney | Fam::Quattro | Fam::Triple | Fam::Team)
    }
    fn multi(self) -> bool {
        matches!(self, Fam::Quattro | Fam::Triple | Fam::Team)
    }
}

/// A player's standing, named as the engine names it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum St {
    Active,
    Mated,
    Stalemated,
    Out,
}

pub type Sq = (i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub kind: char,
    pub owner: usize,
    /// A pawn's direction of travel.
    pub dir: Sq,
    /// Double Skak: a pawn that may still choose its nose.
    pub free: bool,
    pub moved: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Normal,
    Double,
    /// En passant, with the square of the pawn taken.
    EnPassant(Sq),
    /// Castling, with the rook's squares.
    Castle(Sq, Sq),
    Pass,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mv {
    pub from: Sq,
    pub to: Sq,
    pub kind: Kind,
    pub promo: Option<char>,
}

const PASS: Mv = Mv {
    from: (0, 0),
    to: (0, 0),
    kind: Kind::Pass,
    promo: None,
};

#[derive(Clone)]
pub struct State {
    pub fam: Fam,
    pub w: i32,
    pub h: i32,
    pub n: usize,
    cells: Vec<Option<Man>>,
    pub turn: usize,
    pub status: [St; 4],
    /// En passant chances by the seat whose double step opened them:
    /// (skipped square, the pawn that stepped).
    ep: [Option<(Sq, Sq)>; 4],
    /// Multi-chess: the last player to give check to each seat's king.
    last_checker: [Option<usize>; 4],
}

const N_: Sq = (0, 1);
const E_: Sq = (1, 0);
const S_: Sq = (0, -1);
const W_: Sq = (-1, 0);

fn neg(d: Sq) -> Sq {
    (-d.0, -d.1)
}

fn add(a: Sq, d: Sq) -> Sq {
    (a.0 + d.0, a.1 + d.1)
}

impl State {
    fn empty(fam: Fam) -> State {
        let (w, h, n) = match fam {
            Fam::Chess => (8, 8, 2),
            Fam::Skak => (8, 8, 4),
            Fam::DoubleKing => (10, 8, 2),
            Fam::Triple => (14, 14, 3),
            _ => (14, 14, 4),
        };
        let mut status = [St::Out; 4];
        for s in status.iter_mut().take(n) {
            *s = St::Active;
        }
        State {
            fam,
            w,
            h,
            n,
            cells: vec![None; (w * h) as usize],
            turn: 0,
            status,
            ep: [None; 4],
            last_checker: [None; 4],
        }
    }

    // ----- the board -----

    pub fn on(&self, (x, y): Sq) -> bool {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return false;
        }
        if self.fam.cross() {
            let arm = (3..=10).contains(&x) || (3..=10).contains(&y);
            if !arm {
                return false;
            }
            if self.fam == Fam::Triple && x > 10 {
                return false;
            }
        }
        true
    }

    pub fn at(&self, s: Sq) -> Option<Man> {
        if self.on(s) {
            self.cells[(s.1 * self.w + s.0) as usize]
        } else {
            None
        }
    }

    fn set(&mut self, s: Sq, m: Option<Man>) {
        let i = (s.1 * self.w + s.0) as usize;
        self.cells[i] = m;
    }

    fn squares(&self) -> Vec<Sq> {
        let mut out = Vec::new();
        for y in 0..self.h {
            for x in 0..self.w {
                if self.on((x, y)) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    pub fn name(&self, s: Sq) -> String {
        format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
    }

    fn put(&mut self, name: &str, kind: char, owner: usize) {
        let x = (name.as_bytes()[0] - b'a') as i32;
        let y: i32 = name[1..].parse::<i32>().unwrap() - 1;
        let dir = self.forward(owner);
        self.set(
            (x, y),
            Some(Man {
                kind,
                owner,
                dir,
                free: false,
                moved: false,
            }),
        );
    }

    // ----- players -----

    /// The compass seat (0 South, 1 West, 2 North, 3 East) of a seat.
    pub fn compass_of(&self, seat: usize) -> usize {
        self.compass(seat)
    }

    fn compass(&self, seat: usize) -> usize {
        match self.fam {
            Fam::Team => [0, 1, 3, 2][seat],
            Fam::Chess | Fam::DoubleKing => [0, 2][seat],
            _ => seat,
        }
    }

    pub fn forward(&self, seat: usize) -> Sq {
        match self.fam {
            Fam::Skak => [W_, W_, S_, N_][seat],
            _ => [N_, E_, S_, W_][self.compass(seat)],
        }
    }

    pub fn partners(&self, a: usize, b: usize) -> bool {
        a != b && matches!(self.fam, Fam::Verney | Fam::Skak | Fam::Team) && a % 2 == b % 2
    }

    pub fn adversaries(&self, a: usize, b: usize) -> bool {
        a != b && !self.partners(a, b)
    }

    fn partner(&self, a: usize) -> Option<usize> {
        (0..self.n).find(|&b| self.partners(a, b))
    }

    /// A man is active unless its owner is mated (Verney) or out.
    fn active(&self, seat: usize) -> bool {
        !matches!(self.status[seat], St::Mated | St::Out)
    }

    fn kings(&self, seat: usize) -> Vec<Sq> {
        self.squares()
            .into_iter()
            .filter(|&s| self.at(s).is_some_and(|m| m.kind == 'K' && m.owner == seat))
            .collect()
    }

    // ----- attacks -----

    /// The squares the man on `s` could capture on by its movement.
    pub fn attacks(&self, s: Sq, m: Man) -> Vec<Sq> {
        let mut out = Vec::new();
        let rook = [N_, E_, S_, W_];
        let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let slide = |dirs: &[Sq], out: &mut Vec<Sq>| {
            for &d in dirs {
                let mut c = add(s, d);
                while self.on(c) {
                    out.push(c);
                    if self.at(c).is_some() {
                        break;
                    }
                    c = add(c, d);
                }
            }
        };
        let leap = |deltas: &[Sq], out: &mut Vec<Sq>| {
            for &d in deltas {
                if self.on(add(s, d)) {
                    out.push(add(s, d));
                }
            }
        };
        match m.kind {
            'R' => slide(&rook, &mut out),
            'B' => slide(&bishop, &mut out),
            'Q' => {
                slide(&rook, &mut out);
                slide(&bishop, &mut out);
            }
            'K' => leap(
                &[
                    (1, 0),
                    (1, 1),
                    (0, 1),
                    (-1, 1),
                    (-1, 0),
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                ],
                &mut out,
            ),
            'N' => leap(
                &[
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
                &mut out,
            ),
            'S' => {
                slide(&rook, &mut out);
                let mut ring = Vec::new();
                for dx in -2..=2i32 {
                    for dy in -2..=2i32 {
                        if dx.abs().max(dy.abs()) == 2 {
                            ring.push((dx, dy));
                        }
                    }
                }
                leap(&ring, &mut out);
                out.sort();
                out.dedup();
            }
            'P' => {
                for d in self.noses(m) {
                    let sides = if d.0 == 0 {
                        [(1, d.1), (-1, d.1)]
                    } else {
                        [(d.0, 1), (d.0, -1)]
                    };
                    leap(&sides, &mut out);
                }
            }
            _ => {}
        }
        out
    }

    /// The directions a pawn may use now: its own, and for a Double Skak
    /// pawn still free, the other nose of its owner.
    fn noses(&self, m: Man) -> Vec<Sq> {
        let mut v = vec![m.dir];
        if self.fam == Fam::Skak && m.free {
            let pair = [[W_, N_], [W_, S_], [S_, E_], [N_, E_]][m.owner];
            let other = if pair[0] == m.dir { pair[1] } else { pair[0] };
            v.push(other);
        }
        v
    }

    /// The squares of active adversary men of `seat` that attack `target`.
    fn attackers(&self, target: Sq, seat: usize) -> Vec<Sq> {
        let mut out = Vec::new();
        for s in self.squares() {
            if let Some(m) = self.at(s)
                && self.adversaries(m.owner, seat)
                && self.active(m.owner)
                && self.attacks(s, m).contains(&target)
            {
                out.push(s);
            }
        }
        out
    }

    fn king_attacked(&self, seat: usize) -> bool {
        self.kings(seat)
            .into_iter()
            .any(|k| !self.attackers(k, seat).is_empty())
    }

    // ----- candidate moves -----

    fn promotion_square(&self, seat: usize, to: Sq, dir: Sq) -> bool {
        let (x, y) = to;
        match self.fam {
            Fam::Chess | Fam::DoubleKing => !self.on(add(to, dir)),
            Fam::Skak => !self.on(add(to, dir)),
            Fam::Verney => {
                if seat.is_multiple_of(2) {
                    (x == 0 || x == 13) && (3..=10).contains(&y)
                } else {
                    (y == 0 || y == 13) && (3..=10).contains(&x)
                }
            }
            Fam::Triple if self.compass(seat) == 1 => x == 10 && (3..=10).contains(&y),
            _ => match self.compass(seat) {
                0 => y == 13,
                1 => x == 13,
                2 => y == 0,
                _ => x == 0,
            },
        }
    }

    fn promotion_kinds(&self) -> &'static [char] {
        match self.fam {
            Fam::Verney => &['Q'],
            Fam::DoubleKing => &['Q', 'S', 'R', 'B', 'N'],
            _ => &['Q', 'R', 'B', 'N'],
        }
    }

    /// Whether a pawn of `seat` standing on `s` may step two squares.
    fn may_double(&self, seat: usize, s: Sq) -> bool {
        match self.fam {
            Fam::Chess | Fam::DoubleKing => s.1 == if seat == 0 { 1 } else { self.h - 2 },
            Fam::Quattro | Fam::Triple => match self.compass(seat) {
                0 => s.1 == 1,
                1 => s.0 == 1,
                2 => s.1 == 12,
                _ => s.0 == 12,
            },
            Fam::Team => true,
            _ => false,
        }
    }

    /// Whether `seat` may take the man `m` (rule 1 in Verney; kings are
    /// never taken, except a king of a Double King player who has two).
    fn may_take(&self, seat: usize, m: Man) -> bool {
        if !self.adversaries(seat, m.owner) || !self.active(m.owner) {
            return false;
        }
        if m.kind == 'K' {
            return self.fam == Fam::DoubleKing && self.kings(m.owner).len() >= 2;
        }
        true
    }

    fn push_pawn(&self, seat: usize, mv: Mv, dir: Sq, out: &mut Vec<Mv>) {
        if self.promotion_square(seat, mv.to, dir)
            && (mv.kind == Kind::Normal && self.at(mv.to).is_some() || self.fam != Fam::Verney)
        {
            for &k in self.promotion_kinds() {
                out.push(Mv {
                    promo: Some(k),
                    ..mv
                });
            }
        } else {
            out.push(mv);
        }
    }

    fn candidates(&self, seat: usize) -> Vec<Mv> {
        let mut out = Vec::new();
        for s in self.squares() {
            let Some(m) = self.at(s) else { continue };
            if m.owner != seat {
                continue;
            }
            let plain = |to: Sq| Mv {
                from: s,
                to,
                kind: Kind::Normal,
                promo: None,
            };
            if m.kind != 'P' {
                for t in self.attacks(s, m) {
                    match self.at(t) {
                        None => out.push(plain(t)),
                        Some(v) if self.may_take(seat, v) => out.push(plain(t)),
                        _ => {}
                    }
                }
                continue;
            }
            for d in self.noses(m) {
                let one = add(s, d);
                if !self.on(one) {
                    continue;
                }
                match self.at(one) {
                    None => {
                        self.push_pawn(seat, plain(one), d, &mut out);
                        let two = add(one, d);
                        if self.may_double(seat, s) && self.on(two) && self.at(two).is_none() {
                            let mv = Mv {
                                kind: Kind::Double,
                                ..plain(two)
                            };
                            self.push_pawn(seat, mv, d, &mut out);
                        }
                    }
                    // Verney's leap over a partner's pawn.
                    Some(o)
                        if self.fam == Fam::Verney
                            && o.kind == 'P'
                            && self.partners(o.owner, seat) =>
                    {
                        let two = add(one, d);
                        if self.on(two) && self.at(two).is_none() {
                            self.push_pawn(seat, plain(two), d, &mut out);
                        }
                    }
                    _ => {}
                }
            }
            // Captures, each with the nose whose diagonal reaches it (the
            // pawn's own first: a capture both reach keeps it).
            for d in self.noses(m) {
                let one_nose = Man {
                    free: false,
                    dir: d,
                    ..m
                };
                for t in self.attacks(s, one_nose) {
                    if out.iter().any(|o| o.from == s && o.to == t) {
                        continue;
                    }
                    match self.at(t) {
                        Some(v) if self.may_take(seat, v) => {
                            self.push_pawn(seat, plain(t), d, &mut out)
                        }
                        None => {
                            for c in 0..self.n {
                                if let Some((target, victim)) = self.ep[c]
                                    && target == t
                                    && c != seat
                                    && self.at(victim).is_some_and(|v| {
                                        v.kind == 'P' && v.owner == c && self.may_take(seat, v)
                                    })
                                {
                                    let mv = Mv {
                                        kind: Kind::EnPassant(victim),
                                        ..plain(t)
                                    };
                                    self.push_pawn(seat, mv, d, &mut out);
                                    // rules.md does not say whose pawn goes
                                    // when two adversaries skipped the same
                                    // square (Team-Chess): one capture, of
                                    // the first in seat order.
                                    break;
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        self.castlings(seat, &mut out);
        out
    }

    fn castlings(&self, seat: usize, out: &mut Vec<Mv>) {
        let sq = |name: &str| -> Sq {
            (
                (name.as_bytes()[0] - b'a') as i32,
                name[1..].parse::<i32>().unwrap() - 1,
            )
        };
        // (king from, king to, rook from, rook to) by compass seat.
        let rows: &[[&str; 4]] = match (self.fam, self.compass(seat)) {
            (Fam::Chess, _) => &[["e", "g", "h", "f"], ["e", "c", "a", "d"]],
            (Fam::DoubleKing, _) => &[
                ["g", "i", "j", "h"],
                ["d", "b", "a", "c"],
                ["g", "c", "a", "d"],
                ["d", "h", "j", "g"],
            ],
            (Fam::Quattro | Fam::Triple | Fam::Team, 0) => {
                &[["h1", "j1", "k1", "i1"], ["h1", "f1", "d1", "g1"]]
            }
            (Fam::Quattro | Fam::Triple | Fam::Team, 1) => {
                &[["a8", "a10", "a11", "a9"], ["a8", "a6", "a4", "a7"]]
            }
            (Fam::Quattro | Fam::Triple | Fam::Team, 2) => {
                &[["g14", "e14", "d14", "f14"], ["g14", "i14", "k14", "h14"]]
            }
            (Fam::Quattro | Fam::Triple | Fam::Team, _) => {
                &[["n7", "n5", "n4", "n6"], ["n7", "n9", "n11", "n8"]]
            }
            _ => &[],
        };
        // The two-player boards give files; the rank is the back rank.
        let rank = if self.compass(seat) == 0 { "1" } else { "8" };
        let table = rows.iter().map(|row| {
            row.map(|f| {
                if f.len() == 1 {
                    format!("{f}{rank}")
                } else {
                    f.to_string()
                }
            })
        });
        for [kf, kt, rf, rt] in table {
            let (kf, kt, rf, rt) = (sq(&kf), sq(&kt), sq(&rf), sq(&rt));
            let unmoved = |s: Sq, kind: char| {
                self.at(s)
                    .is_some_and(|m| m.kind == kind && m.owner == seat && !m.moved)
            };
            if !unmoved(kf, 'K') || !unmoved(rf, 'R') {
                continue;
            }
            let step = ((rf.0 - kf.0).signum(), (rf.1 - kf.1).signum());
            let mut c = add(kf, step);
            let mut clear = true;
            while c != rf {
                clear &= self.at(c).is_none();
                c = add(c, step);
            }
            if !clear || !self.attackers(kf, seat).is_empty() {
                continue;
            }
            let kstep = ((kt.0 - kf.0).signum(), (kt.1 - kf.1).signum());
            let mut c = kf;
            let mut safe = true;
            while c != kt {
                c = add(c, kstep);
                safe &= self.attackers(c, seat).is_empty();
            }
            if safe {
                out.push(Mv {
                    from: kf,
                    to: kt,
                    kind: Kind::Castle(rf, rt),
                    promo: None,
                });
            }
        }
    }

    // ----- making a move -----

    /// The men moved by `mv` of the player to move; the pawn's direction,
    /// en passant chance, the mover's status on a pass. Nothing else.
    fn make(&mut self, mv: Mv) {
        let me = self.turn;
        if mv.kind == Kind::Pass {
            if self.status[me] != St::Mated {
                self.status[me] = if self.king_attacked(me) {
                    St::Mated
                } else {
                    St::Stalemated
                };
            }
            return;
        }
        if self.status[me] == St::Stalemated {
            self.status[me] = St::Active;
        }
        let mut m = self.at(mv.from).expect("a man to move");
        self.set(mv.from, None);
        if m.kind == 'P' {
            if m.free {
                // Double Skak: the nose the move used.
                for d in self.noses(m) {
                    let stepped = add(mv.from, d) == mv.to;
                    let one_nose = Man {
                        free: false,
                        dir: d,
                        ..m
                    };
                    let took = self.attacks(mv.from, one_nose).contains(&mv.to);
                    if d != m.dir
                        && (stepped
                            || took
                                && !self
                                    .attacks(mv.from, Man { free: false, ..m })
                                    .contains(&mv.to))
                    {
                        m.dir = d;
                    }
                }
                m.free = false;
            }
            if self.fam == Fam::Verney {
                let back = self.compass((me + 2) % 4);
                let on_back = match back {
                    0 => mv.to.1 == 0,
                    1 => mv.to.0 == 0,
                    2 => mv.to.1 == 13,
                    _ => mv.to.0 == 13,
                };
                let own_row = match self.compass(me) {
                    0 => mv.to.1 == 1,
                    1 => mv.to.0 == 1,
                    2 => mv.to.1 == 12,
                    _ => mv.to.0 == 12,
                };
                if on_back {
                    m.dir = neg(self.forward(me));
                } else if own_row {
                    m.dir = self.forward(me);
                }
            }
        }
        if let Some(k) = mv.promo {
            m.kind = k;
        }
        m.moved = true;
        match mv.kind {
            Kind::EnPassant(victim) => self.set(victim, None),
            Kind::Castle(rf, rt) => {
                let mut r = self.at(rf).expect("rook");
                r.moved = true;
                self.set(rf, None);
                self.set(rt, Some(r));
            }
            Kind::Double => {
                let d = ((mv.to.0 - mv.from.0) / 2, (mv.to.1 - mv.from.1) / 2);
                self.ep[me] = Some((add(mv.from, d), mv.to));
            }
            _ => {}
        }
        self.set(mv.to, Some(m));
        // A chance dies with the pawn that opened it.
        for c in 0..4 {
            if self.ep[c].is_some_and(|(_, v)| self.at(v).is_none_or(|p| p.owner != c)) {
                self.ep[c] = None;
            }
        }
    }

    /// The next seat to move after `seat`.
    fn next_after(&self, seat: usize) -> usize {
        let mut s = seat;
        for _ in 0..self.n {
            let someone_out = self.status[..self.n].contains(&St::Out);
            s = if self.fam == Fam::Team && someone_out {
                // Clockwise: South, West, North, East (seats 0, 1, 3, 2).
                [1, 3, 0, 2][s]
            } else {
                (s + 1) % self.n
            };
            if self.status[s] != St::Out {
                break;
            }
        }
        s
    }

    fn pass_turn(&mut self, mover: usize) {
        self.turn = self.next_after(mover);
        // A chance ends as its owner's turn starts.
        self.ep[self.turn] = None;
    }

    /// The position after `mv` with what the variant's rules add inside the
    /// ply (releases, checks noted, neutral men swept), turn not passed on.
    /// `judging`: only to judge legality, which the mating player of
    /// Multi-chess does not touch (his checks are not noted then).
    fn made(&self, mv: Mv, judging: bool) -> State {
        let mut after = self.clone();
        let me = self.turn;
        let was_mated = self.status[me] == St::Mated;
        after.make(mv);
        match self.fam {
            Fam::Verney => {
                // Release after every ply: a move, or a pass in which a
                // player became mated or stalemated.
                let pass_of_a_mated = mv.kind == Kind::Pass && was_mated;
                if !pass_of_a_mated {
                    after.release();
                }
            }
            Fam::Quattro | Fam::Triple | Fam::Team => {
                if after.status[me] == St::Mated {
                    after.eliminate(me);
                } else if mv.kind != Kind::Pass {
                    let mut moved = vec![mv.to];
                    if let Kind::Castle(_, rt) = mv.kind {
                        moved.push(rt);
                    }
                    if !judging {
                        after.note_checks(self, me, &moved);
                    }
                    after.sweep();
                }
            }
            _ => {}
        }
        after
    }

    // ----- Verney -----

    /// Release: all mated players re-examined at once, each against the
    /// status of the others before this re-examination, in one round.
    fn release(&mut self) {
        let before = self.clone();
        for seat in 0..self.n {
            if before.status[seat] != St::Mated {
                continue;
            }
            let mut freed = before.clone();
            freed.status[seat] = St::Active;
            freed.turn = seat;
            let attacked = freed.king_attacked(seat);
            if !attacked || !freed.legal_moves_of(seat).is_empty() {
                self.status[seat] = St::Active;
            }
        }
    }

    // ----- legality -----

    /// Every legal move of `seat`, who is taken to be the player to move.
    pub fn legal_moves_of(&self, seat: usize) -> Vec<Mv> {
        let mut pos = self.clone();
        pos.turn = seat;
        let partner = pos.partner(seat);
        let partner_before: Vec<Sq> = match partner.and_then(|p| pos.kings(p).first().copied()) {
            Some(k) => pos.attackers(k, partner.unwrap()),
            None => Vec::new(),
        };
        let mut out = Vec::new();
        for mv in pos.candidates(seat) {
            let after = pos.made(mv, true);
            let own_kings = pos.kings(seat);
            let bound = match pos.fam {
                // Two kings: checks do not restrict him.
                Fam::DoubleKing => own_kings.len() == 1,
                _ => true,
            };
            if bound && after.king_attacked(seat) {
                continue;
            }
            // A partner active after the move: no new attacker on his king.
            if let Some(p) = partner
                && after.active(p)
                && let Some(&pk) = after.kings(p).first()
            {
                let now = after.attackers(pk, p);
                if now.iter().any(|a| !partner_before.contains(a)) {
                    continue;
                }
            }
            out.push(mv);
        }
        out
    }

    /// What the player to move may do, and the turn as the engine writes
    /// it (`Moves`, `Pass { becomes: .. }`, `Over(..)`).
    pub fn turn_moves(&self) -> (String, Vec<Mv>) {
        let me = self.turn;
        let mut status = self.status;
        let moves = if status[me] == St::Mated {
            Vec::new()
        } else {
            self.legal_moves_of(me)
        };
        if status[me] != St::Mated {
            status[me] = if !moves.is_empty() {
                St::Active
            } else if self.king_attacked(me) {
                St::Mated
            } else {
                St::Stalemated
            };
        }
        let allies = |s: usize| (0..self.n).filter(move |&o| o == s || self.partners(o, s));
        let mask = |it: &mut dyn Iterator<Item = usize>| it.fold(0u8, |a, s| a | 1 << s);
        let over = |text: String| (format!("Over({text})"), Vec::new());
        let win =
            |seats: u8, reason: &str| over(format!("Win {{ seats: {seats}, reason: {reason} }}"));
        let draw = |reason: &str| over(format!("Draw {{ reason: {reason} }}"));
        let pass = |st: St| (format!("Pass {{ becomes: {st:?} }}"), vec![PASS]);
        let has = !moves.is_empty();
        match self.fam {
            Fam::Verney => {
                for s in 0..self.n {
                    let advs: Vec<usize> =
                        (0..self.n).filter(|&o| self.adversaries(s, o)).collect();
                    if advs.iter().all(|&a| status[a] == St::Mated) {
                        return win(mask(&mut allies(s)), "BothAdversariesMated");
                    }
                }
                for s in 0..self.n {
                    let p = self.partner(s).unwrap();
                    let blocked = |x: St| x == St::Mated || x == St::Stalemated;
                    if blocked(status[s])
                        && blocked(status[p])
                        && (status[s] == St::Stalemated || status[p] == St::Stalemated)
                    {
                        return draw("TeamStalemated");
                    }
                }
                if has {
                    ("Moves".into(), moves)
                } else {
                    pass(status[me])
                }
            }
            Fam::Quattro | Fam::Triple | Fam::Team => {
                let left: Vec<usize> = (0..self.n).filter(|&s| status[s] != St::Out).collect();
                if self.fam == Fam::Team {
                    for s in 0..self.n {
                        let advs: Vec<usize> =
                            (0..self.n).filter(|&o| self.adversaries(s, o)).collect();
                        if status[s] != St::Out && advs.iter().all(|&a| status[a] == St::Out) {
                            return win(mask(&mut allies(s)), "BothAdversariesMated");
                        }
                    }
                } else if left.len() == 1 {
                    return win(1 << left[0], "LastPlayer");
                }
                if has {
                    ("Moves".into(), moves)
                } else if status[me] == St::Mated || (left.len() > 2 && self.fam != Fam::Team) {
                    pass(status[me])
                } else {
                    draw("Stalemate")
                }
            }
            _ => {
                if has {
                    return ("Moves".into(), moves);
                }
                let kings = self.kings(me).len();
                if self.fam == Fam::Skak && kings == 0 {
                    return pass(St::Stalemated);
                }
                if self.fam == Fam::DoubleKing && kings >= 2 {
                    return draw("Stalemate");
                }
                if status[me] == St::Mated {
                    let advs = (0..self.n).filter(|&o| self.adversaries(me, o));
                    win(advs.fold(0, |a, s| a | 1 << s), "Checkmate")
                } else {
                    draw("Stalemate")
                }
            }
        }
    }

    // ----- Multi-chess -----

    /// Records, for every king newly checked by the move of `mover`, the
    /// player the check counts for.
    fn note_checks(&mut self, before: &State, mover: usize, moved: &[Sq]) {
        if self.fam == Fam::Team {
            return; // no bonus piece: the mating player does not matter
        }
        for seat in 0..self.n {
            if seat == mover || self.status[seat] == St::Out {
                continue;
            }
            let ks = self.kings(seat);
            if ks.len() != 1 {
                continue;
            }
            let k = ks[0];
            let now = self.attackers(k, seat);
            let was: Vec<Sq> = if before.kings(seat) == ks {
                before
                    .attackers(k, seat)
                    .into_iter()
                    .filter(|s| !moved.contains(s))
                    .collect()
            } else {
                Vec::new()
            };
            let owners: Vec<usize> = now
                .iter()
                .filter(|s| !was.contains(s))
                .filter_map(|&s| self.at(s).map(|m| m.owner))
                .collect();
            let checker = if owners.contains(&mover) {
                Some(mover)
            } else {
                (1..=self.n)
                    .map(|k| (mover + k) % self.n)
                    .find(|s| owners.contains(s))
            };
            if checker.is_some() {
                self.last_checker[seat] = checker;
            }
        }
    }

    /// A mated player leaves: the mating player's bonus queen on his king's
    /// square (Quattro, Triple), then his men one by one unless neutral.
    fn eliminate(&mut self, seat: usize) {
        let king = self.kings(seat).first().copied();
        let mating = self.last_checker[seat].filter(|&c| c != seat && self.status[c] != St::Out);
        self.status[seat] = St::Out;
        self.last_checker[seat] = None;
        if self.fam != Fam::Team
            && let (Some(k), Some(m)) = (king, mating)
        {
            let before = self.clone();
            let dir = self.forward(m);
            self.set(
                k,
                Some(Man {
                    kind: 'Q',
                    owner: m,
                    dir,
                    free: false,
                    moved: true,
                }),
            );
            self.note_checks(&before, m, &[k]);
        }
        self.sweep();
    }

    /// Men of players who are out, in square order: each leaves unless its
    /// removal gives some king an attacker it did not have.
    fn sweep(&mut self) {
        for s in self.squares() {
            let Some(m) = self.at(s) else { continue };
            if self.status[m.owner] != St::Out {
                continue;
            }
            let mut without = self.clone();
            without.set(s, None);
            let exposes = (0..self.n).filter(|&p| self.status[p] != St::Out).any(|p| {
                let ks = self.kings(p);
                ks.len() == 1 && {
                    let with = self.attackers(ks[0], p);
                    without
                        .attackers(ks[0], p)
                        .iter()
                        .any(|a| !with.contains(a))
                }
            });
            if !exposes {
                self.set(s, None);
            }
        }
    }

    /// Players to move who are in check with no legal move leave before
    /// their turn (Multi-chess), one after another; the turn goes on from
    /// the last player who moved.
    fn eliminations(&mut self, mover: usize) {
        for _ in 0..self.n {
            let me = self.turn;
            let left = (0..self.n).filter(|&s| self.status[s] != St::Out).count();
            if left <= 1 || self.status[me] == St::Out || !self.king_attacked(me) {
                return;
            }
            if !self.legal_moves_of(me).is_empty() {
                return;
            }
            self.eliminate(me);
            self.pass_turn(mover);
        }
    }

    // ----- a ply -----

    /// Plays `mv` (one of the legal moves, or the pass) as a ply.
    pub fn play(&self, mv: Mv) -> State {
        let me = self.turn;
        let mut after = self.made(mv, false);
        after.pass_turn(me);
        if self.fam.multi() {
            after.eliminations(me);
        }
        after
    }

    /// The long algebraic text of a move of the player to move.
    pub fn text(&self, mv: Mv) -> String {
        match mv.kind {
            Kind::Pass => return "--".into(),
            Kind::Castle(rf, _) if self.fam != Fam::DoubleKing => {
                let d = (mv.to.0 - mv.from.0).abs() + (mv.to.1 - mv.from.1).abs();
                let r = (rf.0 - mv.from.0).abs() + (rf.1 - mv.from.1).abs();
                return if d == r - 1 || (self.fam == Fam::Chess && r == 3) {
                    "O-O".into()
                } else {
                    "O-O-O".into()
                };
            }
            _ => {}
        }
        let m = self.at(mv.from).expect("man");
        let piece = if m.kind == 'P' {
            String::new()
        } else {
            m.kind.to_string()
        };
        let capture = self.at(mv.to).is_some() || matches!(mv.kind, Kind::EnPassant(_));
        let promo = mv.promo.map(|k| format!("={k}")).unwrap_or_default();
        format!(
            "{piece}{}{}{}{promo}",
            self.name(mv.from),
            if capture { 'x' } else { '-' },
            self.name(mv.to)
        )
    }

    /// Whether `mv` takes a man, gives a check, or changes a status: the
    /// moves a biased random game prefers.
    pub fn sharpness(&self, mv: Mv) -> u32 {
        let after = self.play(mv);
        let mut score = 1;
        if let Some(v) = self.at(mv.to) {
            score += 4 + matches!(v.kind, 'Q' | 'R' | 'S') as u32 * 4;
        }
        if mv.promo.is_some() {
            score += 10;
        }
        // Double steps open en passant chances; take them.
        match mv.kind {
            Kind::Double => score += 4,
            Kind::EnPassant(_) => score += 30,
            _ => {}
        }
        let mut check = false;
        for s in 0..self.n {
            if s != self.turn && after.active(s) && after.king_attacked(s) && !self.king_attacked(s)
            {
                check = true;
                score += 8;
            }
            if after.status[s] != self.status[s] {
                score += 40;
            }
        }
        // A check after which the next player cannot move: a mate.
        if check && after.turn_moves().0 != "Moves" {
            score += 60;
        }
        score
    }

    /// What happened on the ply from `self` by `mv` to `after`, as sorted
    /// words (the same words the test makes of the engine's events).
    pub fn events(&self, mv: Mv, after: &State) -> Vec<String> {
        let mover = self.turn;
        let mut out = Vec::new();
        if mv.kind == Kind::Pass {
            out.push("pass".to_string());
            if self.status[mover] != St::Mated {
                match after.status[mover] {
                    St::Mated => out.push(format!("mated {mover}")),
                    St::Stalemated => out.push(format!("stalemated {mover}")),
                    _ => {}
                }
            }
        } else {
            let victim = match mv.kind {
                Kind::EnPassant(v) => Some(v),
                Kind::Castle(..) => None,
                _ => Some(mv.to),
            };
            if let Some(v) = victim
                && let Some(m) = self.at(v)
            {
                out.push(format!("takes {}{} on {}", m.kind, m.owner, self.name(v)));
            }
            if let Some(k) = mv.promo {
                out.push(format!("promotes to {k}"));
            }
            let mut moved = vec![mv.to];
            if let Kind::Castle(_, rt) = mv.kind {
                moved.push(rt);
            }
            // A player who leaves with this ply is checked (or not) on the
            // position the move left, before anyone left.
            let leaves = |s: usize| self.status[s] != St::Out && after.status[s] == St::Out;
            let moved_only = (0..self.n).any(|s| s != mover && leaves(s)).then(|| {
                let mut p = self.made(mv, false);
                p.pass_turn(mover);
                p
            });
            for s in (0..self.n).filter(|&s| s != mover) {
                let now = if let Some(p) = moved_only
                    .as_ref()
                    .filter(|p| leaves(s) && p.status[s] != St::Out)
                {
                    p
                } else if after.active(s) {
                    after
                } else {
                    continue;
                };
                let mut by = Vec::new();
                for k in now.kings(s) {
                    let was = self.attackers(k, s);
                    for a in now.attackers(k, s) {
                        if moved.contains(&a) || !was.contains(&a) {
                            by.push(now.at(a).unwrap().owner);
                        }
                    }
                }
                by.sort();
                by.dedup();
                if !by.is_empty() {
                    out.push(format!("check {s} by {by:?}"));
                }
            }
        }
        for s in (0..self.n).filter(|&s| s != mover) {
            if self.status[s] == St::Mated && after.status[s] == St::Active {
                out.push(format!("released {s}"));
            }
            if self.status[s] != St::Out && after.status[s] == St::Out {
                out.push(format!("mated {s}"));
            }
        }
        out.sort();
        out
    }

    /// Whether `mv` turns a Verney pawn round.
    pub fn reverses(&self, mv: Mv) -> bool {
        if mv.kind == Kind::Pass {
            return false;
        }
        let before = self.at(mv.from);
        let mut after = self.clone();
        after.make(mv);
        let now = after.at(mv.to);
        matches!((before, now), (Some(b), Some(a)) if b.kind == 'P' && a.kind == 'P' && a.dir != b.dir)
    }

    /// The men as (square name, kind, seat), in square order.
    pub fn men(&self) -> Vec<(String, char, usize)> {
        self.squares()
            .into_iter()
            .filter_map(|s| self.at(s).map(|m| (self.name(s), m.kind, m.owner)))
            .collect()
    }
}

// ----- positions -----

/// The start position of a variant, set up from the tables of rules.md.
pub fn start(fam: Fam) -> State {
    let mut p = State::empty(fam);
    match fam {
        Fam::Chess | Fam::DoubleKing => {
            let back: &[char] = if fam == Fam::Chess {
                &['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R']
            } else {
                &['R', 'N', 'B', 'K', 'Q', 'S', 'K', 'B', 'N', 'R']
            };
            for (x, &k) in back.iter().enumerate() {
                let f = (b'a' + x as u8) as char;
                p.put(&format!("{f}1"), k, 0);
                p.put(&format!("{f}2"), 'P', 0);
                p.put(&format!("{f}8"), k, 1);
                p.put(&format!("{f}7"), 'P', 1);
            }
        }
        Fam::Skak => {
            let table: [&[(&str, char)]; 4] = [
                &[
                    ("h1", 'Q'),
                    ("g2", 'R'),
                    ("h2", 'N'),
                    ("g1", 'B'),
                    ("f1", 'P'),
                    ("f2", 'P'),
                    ("g3", 'P'),
                    ("h3", 'P'),
                ],
                &[
                    ("h8", 'Q'),
                    ("g7", 'R'),
                    ("h7", 'N'),
                    ("g8", 'B'),
                    ("f7", 'P'),
                    ("f8", 'P'),
                    ("g6", 'P'),
                    ("h6", 'P'),
                ],
                &[
                    ("a8", 'K'),
                    ("b8", 'R'),
                    ("a7", 'N'),
                    ("b7", 'B'),
                    ("a6", 'P'),
                    ("b6", 'P'),
                    ("c7", 'P'),
                    ("c8", 'P'),
                ],
                &[
                    ("a1", 'K'),
                    ("b1", 'R'),
                    ("a2", 'N'),
                    ("b2", 'B'),
                    ("a3", 'P'),
                    ("b3", 'P'),
                    ("c1", 'P'),
                    ("c2", 'P'),
                ],
            ];
            for (seat, men) in table.iter().enumerate() {
                for &(sq, k) in men.iter() {
                    p.put(sq, k, seat);
                }
            }
            // Noses: outer pawns fixed, inner pawns free, pointing like the
            // outer pawn on their line.
            let dirs: [(&str, Sq, bool); 16] = [
                ("a3", N_, false),
                ("b3", N_, true),
                ("c1", E_, false),
                ("c2", E_, true),
                ("a6", S_, false),
                ("b6", S_, true),
                ("c8", E_, false),
                ("c7", E_, true),
                ("f1", W_, false),
                ("f2", W_, true),
                ("h3", N_, false),
                ("g3", N_, true),
                ("f8", W_, false),
                ("f7", W_, true),
                ("h6", S_, false),
                ("g6", S_, true),
            ];
            for (name, dir, free) in dirs {
                let s = (
                    (name.as_bytes()[0] - b'a') as i32,
                    name[1..].parse::<i32>().unwrap() - 1,
                );
                let mut m = p.at(s).unwrap();
                m.dir = dir;
                m.free = free;
                p.set(s, Some(m));
            }
        }
        _ => {
            let files = ["d", "e", "f", "g", "h", "i", "j", "k"];
            let south = ['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'];
            let north = ['R', 'N', 'B', 'K', 'Q', 'B', 'N', 'R'];
            // West a4..a11 and East n4..n11, from rank 4 up.
            let west = ['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'];
            let east = ['R', 'N', 'B', 'K', 'Q', 'B', 'N', 'R'];
            for seat in 0..p.n {
                for i in 0..8 {
                    let rank = i + 4;
                    match p.compass(seat) {
                        0 => {
                            p.put(&format!("{}1", files[i]), south[i], seat);
                            p.put(&format!("{}2", files[i]), 'P', seat);
                        }
                        1 => {
                            p.put(&format!("a{rank}"), west[i], seat);
                            p.put(&format!("b{rank}"), 'P', seat);
                        }
                        2 => {
                            p.put(&format!("{}14", files[i]), north[i], seat);
                            p.put(&format!("{}13", files[i]), 'P', seat);
                        }
                        _ => {
                            p.put(&format!("n{rank}"), east[i], seat);
                            p.put(&format!("m{rank}"), 'P', seat);
                        }
                    }
                }
            }
        }
    }
    p
}

/// A position from its text: FEN4 on the cross (the turn letter, and the
/// men rank by rank from the top, `d` before a mated player's men) or the
/// placement and turn of a FEN. Pawns travel forwards; kings and rooks on
/// their start squares may castle (the texts read here keep every right
/// the men on the board can have).
pub fn from_text(fam: Fam, text: &str) -> State {
    let mut p = State::empty(fam);
    // FEN4's letters name compass seats: r South, b West, y North, g East.
    let seat_of = |p: &State, c: char| -> usize {
        let compass = "rbyg".find(c).expect("seat letter");
        (0..p.n).find(|&s| p.compass(s) == compass).expect("seat")
    };
    // A text that gives no castling right at all: every man has moved.
    let no_rights = if fam.cross() {
        text.split('-')
            .skip(2)
            .take(2)
            .all(|f| f.split(',').all(|x| x == "0"))
    } else {
        text.split_whitespace().nth(2) == Some("-")
    };
    let (placement, fen4) = if fam.cross() {
        p.turn = seat_of(&p, text.chars().next().unwrap().to_ascii_lowercase());
        (text.rsplit('-').next().unwrap().to_string(), true)
    } else {
        let mut fields = text.split_whitespace();
        let placement = fields.next().unwrap().to_string();
        p.turn = (fields.next() == Some("b")) as usize;
        (placement, false)
    };
    for (row, rank) in placement.split('/').enumerate() {
        let y = p.h - 1 - row as i32;
        let mut x = 0;
        let tokens: Vec<String> = if fen4 {
            rank.split(',').map(str::to_string).collect()
        } else {
            // FEN: a number of empty squares (maybe two digits) or a letter.
            let mut out: Vec<String> = Vec::new();
            for c in rank.chars() {
                match out.last_mut() {
                    Some(last)
                        if c.is_ascii_digit() && last.chars().all(|d| d.is_ascii_digit()) =>
                    {
                        last.push(c)
                    }
                    _ => out.push(c.to_string()),
                }
            }
            out
        };
        for tok in tokens {
            if let Ok(n) = tok.parse::<i32>() {
                x += n;
                continue;
            }
            let (seat, kind, dead) = if fen4 {
                let (dead, t) = match tok.strip_prefix('d') {
                    Some(t) => (true, t),
                    None => (false, tok.as_str()),
                };
                let mut cs = t.chars();
                let seat = seat_of(&p, cs.next().unwrap());
                (seat, cs.next().unwrap(), dead)
            } else {
                let c = tok.chars().next().unwrap();
                (
                    c.is_ascii_lowercase() as usize,
                    c.to_ascii_uppercase(),
                    false,
                )
            };
            if dead {
                p.status[seat] = if fam.multi() { St::Out } else { St::Mated };
            }
            let dir = p.forward(seat);
            p.set(
                (x, y),
                Some(Man {
                    kind,
                    owner: seat,
                    dir,
                    free: false,
                    moved: no_rights,
                }),
            );
            x += 1;
        }
    }
    p
}

/// Whether some king stands attacked.
pub fn anyone_in_check(p: &State) -> bool {
    (0..p.n).any(|s| p.king_attacked(s))
}

/// Whether a king of a player not to move stands attacked while the
/// rules forbid it (one royal king that nobody may leave in check).
pub fn waiting_king_attacked(p: &State) -> bool {
    (0..p.n).any(|s| {
        s != p.turn
            && match p.fam {
                Fam::Chess => p.king_attacked(s),
                Fam::DoubleKing => p.kings(s).len() == 1 && p.king_attacked(s),
                _ => false,
            }
    })
}

/// Leaf nodes of the move tree (a pass is one move, a finished game none).
pub fn perft(p: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (_, moves) = p.turn_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| perft(&p.play(m), depth - 1)).sum()
}
