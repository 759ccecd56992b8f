//! The position: men on squares as square sets and a mailbox, whose turn,
//! each player's status, castling rights, en passant chances and clocks.

use super::rules::Rules;
use crate::board::{Bits, Dir, Square, orth_index};
use crate::men::{Kind, Man};
use crate::variant::Variant;

/// The player a check counts for when one move of `mover` newly checks a
/// king with men of the seats in `owners` (a bit mask): the mover if he is
/// among them (his move gave it), otherwise the first of them in turn order
/// after him (a check uncovered by his move counts for the checking man's owner).
pub fn checker(seats: usize, mover: usize, owners: u8) -> Option<usize> {
    if owners & (1 << mover) != 0 {
        return Some(mover);
    }
    (1..=seats)
        .map(|k| (mover + k) % seats)
        .find(|s| owners & (1 << s) != 0)
}

/// A player's standing in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// At the board and moving normally.
    Active,
    /// Checkmated: his men are inert (Verney) until released.
    Mated,
    /// Had no legal move and was not in check at his last turn.
    Stalemated,
    /// Not at the board (no such seat, or eliminated).
    Out,
    /// Resigned or out of time under Chess.com's Dead King Walking: his men
    /// are dead (obstacles that give no check) and only his king moves.
    Walking,
}

/// An en passant chance opened by a double step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EpChance {
    /// The skipped square, where a capturing pawn lands.
    pub target: u8,
    /// The square of the pawn that stepped, removed by the capture.
    pub victim: u8,
}

pub(crate) const NO_EP: EpChance = EpChance {
    target: u8::MAX,
    victim: u8::MAX,
};

impl EpChance {
    /// Whether a chance is open (a double step opened it and it has not closed).
    #[inline]
    pub fn is_open(self) -> bool {
        self.target != u8::MAX
    }
}

/// The pieces a Multi-chess bonus may be (rules.md: "Q, R, B or N").
pub const BONUS_KINDS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// A position of any variant, at set width `B`.
#[derive(Clone, Copy)]
pub struct Position<B: Bits> {
    pub(crate) rules: &'static Rules<B>,
    pub(crate) by_kind: [B; Kind::COUNT],
    pub(crate) by_seat: [B; 4],
    /// Pawns by the direction they travel (index of the orthogonal direction).
    pub(crate) by_dir: [B; 4],
    pub(crate) occupied: B,
    pub(crate) mailbox: B::Mailbox,
    /// Kings and rooks that have not moved and may still castle.
    pub(crate) unmoved: B,
    /// Pawns that may still choose their nose (Double Skak's inner pawns).
    pub(crate) free: B,
    /// En passant chances, by the seat whose double step opened them.
    pub(crate) ep: [EpChance; 4],
    pub(crate) status: [Status; 4],
    /// The player whose check on each seat's king came last (`u8::MAX`: none);
    /// the mating player of Multi-chess.
    pub(crate) last_checker: [u8; 4],
    /// Men that are promoted pawns (Chess.com's one-point queens).
    pub(crate) promoted: B,
    /// Points per seat, where the variant scores them (Chess.com FFA).
    pub(crate) points: [u16; 4],
    /// The bonus pieces the ply being made gives (Multi-chess), chosen in
    /// the order its eliminations happen: the number left in the two low
    /// bits, then two bits per piece (an index into [`BONUS_KINDS`]), the
    /// next first; none left means a queen. Set only for the length of one
    /// [`Position::play_with_bonus`]; one byte, so that the position stays
    /// 256 bytes on the 8x8 board.
    pub(crate) bonus_choices: u8,
    pub(crate) turn: u8,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u32,
}

impl<B: Bits> PartialEq for Position<B> {
    fn eq(&self, o: &Self) -> bool {
        std::ptr::eq(self.rules, o.rules)
            && self.by_kind == o.by_kind
            && self.by_seat == o.by_seat
            && self.by_dir == o.by_dir
            // Castling rights, not every unmoved man: a rook whose king has
            // moved keeps its bit but castles no more, and no position text
            // can say it is unmoved.
            && self.castling_rights() == o.castling_rights()
            && self.free == o.free
            && self.ep == o.ep
            && self.status == o.status
            && self.last_checker == o.last_checker
            && self.promoted == o.promoted
            && self.points == o.points
            && self.turn == o.turn
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
    }
}

impl<B: Bits> std::fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("variant", &self.rules.variant.id)
            .field("turn", &self.turn)
            .field("status", &self.status)
            .finish_non_exhaustive()
    }
}

impl<B: Bits> Position<B> {
    /// An empty board of `variant`, first seat to move, everyone active; an
    /// error when the variant is planned or its board has more squares
    /// than the width `B` holds.
    pub fn empty(variant: &'static Variant) -> Result<Self, crate::notation::PositionError> {
        if variant.support != crate::variant::Support::Playable {
            return Err(crate::notation::PositionError(format!(
                "{} is not playable yet (its rules are planned)",
                variant.id
            )));
        }
        if variant.shape.size() > B::CAPACITY || variant.players() > 4 || variant.players() == 0 {
            return Err(crate::notation::PositionError(format!(
                "{} ({} squares, {} players) does not fit a position of {} squares and 1 to 4 players",
                variant.id,
                variant.shape.size(),
                variant.players(),
                B::CAPACITY
            )));
        }
        let rules = Rules::<B>::get(variant);
        let mut status = [Status::Out; 4];
        for s in status.iter_mut().take(rules.seats) {
            *s = Status::Active;
        }
        Ok(Position {
            rules,
            by_kind: [B::EMPTY; Kind::COUNT],
            by_seat: [B::EMPTY; 4],
            by_dir: [B::EMPTY; 4],
            occupied: B::EMPTY,
            mailbox: B::EMPTY_MAILBOX,
            unmoved: B::EMPTY,
            free: B::EMPTY,
            ep: [NO_EP; 4],
            status,
            last_checker: [u8::MAX; 4],
            promoted: B::EMPTY,
            points: [0; 4],
            bonus_choices: 0,
            turn: 0,
            halfmove: 0,
            fullmove: 1,
        })
    }

    /// The variant the position belongs to.
    pub fn variant(&self) -> &'static Variant {
        self.rules.variant
    }

    /// The engine's tables for the position's variant at width `B`.
    pub fn rules(&self) -> &'static Rules<B> {
        self.rules
    }

    /// The number of seats (players) of the variant.
    pub fn seats(&self) -> usize {
        self.rules.seats
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// The standing of `seat`: active, mated, stalemated, or out (also for a seat
    /// the variant does not have).
    pub fn status(&self, seat: usize) -> Status {
        self.status.get(seat).copied().unwrap_or(Status::Out)
    }

    /// Plies since the last capture or pawn move: FEN's halfmove clock.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// The round number, starting at 1 and counting up when the turn comes round
    /// to the first seat: FEN's fullmove number.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The en passant chance opened by `seat`'s last double step, if it is still
    /// open.
    pub fn ep_chance(&self, seat: usize) -> Option<EpChance> {
        self.ep.get(seat).copied().filter(|c| c.is_open())
    }

    /// Every square with a man on it.
    pub fn occupied(&self) -> B {
        self.occupied
    }

    /// The squares of `seat`'s men, of every kind.
    pub fn men_of(&self, seat: usize) -> B {
        self.by_seat[seat & 3]
    }

    /// The squares of every man of `kind`, whoever owns them.
    pub fn pieces(&self, kind: Kind) -> B {
        self.by_kind[kind.index()]
    }

    /// Kings and rooks that have not moved (a rook keeps its bit when its
    /// king moves: see [`Position::castling_rights`]).
    pub fn unmoved(&self) -> B {
        self.unmoved
    }

    /// The squares of the kings and rooks that can still castle by right:
    /// for each of the variant's castlings whose king and rook both stand
    /// unmoved on their squares, those two squares (a castling is allowed by
    /// right exactly when both its squares are here). Equal positions have
    /// equal rights, not necessarily equal [`Position::unmoved`] sets: a
    /// rook whose king has moved keeps its bit, and so do the squares of a
    /// Multi-chess player's men taken off the board when he leaves.
    pub fn castling_rights(&self) -> B {
        let stands = |sq: Square, kind: Kind, seat: usize| {
            self.unmoved.has(sq)
                && self
                    .man_at(sq)
                    .is_some_and(|m| m.kind == kind && m.owner == seat)
        };
        let mut rights = B::EMPTY;
        for c in &self.rules.castles {
            if stands(c.king_from, Kind::King, c.seat) && stands(c.rook_from, Kind::Rook, c.seat) {
                rights |= B::bit(c.king_from) | B::bit(c.rook_from);
            }
        }
        rights
    }

    /// The man on `sq`, if any.
    #[inline]
    pub fn man_at(&self, sq: Square) -> Option<Man> {
        self.mailbox.as_ref().get(sq).and_then(|&b| Man::decode(b))
    }

    /// Every man with its square, in square order.
    pub fn men(&self) -> impl Iterator<Item = (Square, Man)> + '_ {
        self.occupied
            .squares()
            .filter_map(|sq| self.man_at(sq).map(|m| (sq, m)))
    }

    /// The squares of the royal men (kings) of `seat`.
    #[inline]
    pub fn kings_of(&self, seat: usize) -> B {
        self.by_kind[Kind::King.index()] & self.by_seat[seat & 3]
    }

    // ----- editing (setup, readers) -----

    /// Sets a man on `sq`, replacing whatever stood there; for setting up
    /// positions (readers, tests), not for playing moves.
    pub fn put(&mut self, sq: Square, man: Man) {
        self.remove(sq);
        self.place(sq, man);
    }

    /// Sets a man on the empty square `sq`: making a move, whose target
    /// is cleared (a taken man removed) before the man arrives.
    #[inline(always)]
    pub(crate) fn place(&mut self, sq: Square, man: Man) {
        debug_assert!(!self.occupied.has(sq), "placing on an occupied square");
        let bit = B::bit(sq);
        self.by_kind[man.kind.index()] |= bit;
        self.by_seat[man.owner & 3] |= bit;
        if man.kind == Kind::Pawn {
            self.by_dir[orth_index(man.dir)] |= bit;
        }
        self.occupied |= bit;
        if let Some(cell) = self.mailbox.as_mut().get_mut(sq) {
            *cell = man.encode();
        }
    }

    /// Takes the man off `sq` and returns it (`None` if the square was empty); it
    /// also loses its freedom to choose a nose.
    pub fn remove(&mut self, sq: Square) -> Option<Man> {
        let man = self.man_at(sq)?;
        let keep = !B::bit(sq);
        self.by_kind[man.kind.index()] &= keep;
        self.by_seat[man.owner & 3] &= keep;
        if man.kind == Kind::Pawn {
            self.by_dir[orth_index(man.dir)] &= keep;
        }
        self.occupied &= keep;
        self.free &= keep;
        self.promoted &= keep;
        if let Some(cell) = self.mailbox.as_mut().get_mut(sq) {
            *cell = 0;
        }
        Some(man)
    }

    /// Men that are promoted pawns (kept where the variant tracks them).
    pub fn promoted(&self) -> B {
        self.promoted
    }

    /// Marks the men on `set` as promoted pawns.
    pub fn set_promoted(&mut self, set: B) {
        self.promoted = set & self.occupied;
    }

    /// A seat's points, where the variant scores them.
    pub fn points(&self, seat: usize) -> u32 {
        self.points.get(seat).map_or(0, |&p| p as u32)
    }

    /// Sets a seat's points.
    pub fn set_points(&mut self, seat: usize, points: u32) {
        if let Some(p) = self.points.get_mut(seat) {
            *p = points.min(u16::MAX as u32) as u16;
        }
    }

    /// Adds to a seat's points.
    pub fn add_points(&mut self, seat: usize, points: u32) {
        self.set_points(seat, self.points(seat) + points);
    }

    /// Gives the turn to `seat`.
    pub fn set_turn(&mut self, seat: usize) {
        self.turn = seat as u8;
    }

    /// Sets the standing of `seat` (ignored for a seat the variant does not have).
    pub fn set_status(&mut self, seat: usize, status: Status) {
        if let Some(s) = self.status.get_mut(seat) {
            *s = status;
        }
    }

    /// Sets the kings and rooks that keep their castling rights.
    pub fn set_unmoved(&mut self, set: B) {
        self.unmoved = set;
    }

    /// Pawns that may still choose their nose.
    pub fn free_pawns(&self) -> B {
        self.free
    }

    /// Marks the pawns of `set` as free to choose their nose (only pawns of
    /// seats whose variant gives them two noses are kept).
    pub fn set_free_pawns(&mut self, set: B) {
        let mut free = B::EMPTY;
        for (seat, _) in self.rules.variant.pawns.noses.iter().enumerate() {
            free |= set & self.by_seat[seat & 3];
        }
        self.free = free & self.by_kind[Kind::Pawn.index()];
    }

    /// The other nose of a free pawn of `seat` pointing `dir`.
    #[inline]
    pub(crate) fn other_nose(&self, seat: usize, dir: Dir) -> Option<Dir> {
        let [a, b] = *self.rules.variant.pawns.noses.get(seat)?;
        if dir == a {
            Some(b)
        } else if dir == b {
            Some(a)
        } else {
            None
        }
    }

    /// Opens (`Some`) or closes (`None`) the en passant chance of `seat`'s last
    /// double step.
    pub fn set_ep(&mut self, seat: usize, chance: Option<EpChance>) {
        if let Some(c) = self.ep.get_mut(seat) {
            *c = chance.unwrap_or(NO_EP);
        }
    }

    /// Sets the move number.
    pub(crate) fn set_fullmove(&mut self, fullmove: u32) {
        self.fullmove = fullmove.max(1);
    }

    /// Sets the halfmove clock and the fullmove (round) number, as FEN gives them
    /// (the round is at least 1).
    pub fn set_clocks(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove.min(u16::MAX as u32) as u16;
        self.fullmove = fullmove.max(1);
    }

    /// The direction a pawn of `seat` travels at the start.
    pub fn forward(&self, seat: usize) -> Dir {
        self.rules
            .variant
            .seats
            .get(seat)
            .map(|s| s.forward)
            .unwrap_or(Dir::North)
    }

    /// Men that take part in the game: those of players not mated (of a
    /// player whose king walks, the king).
    #[inline]
    pub fn active_men(&self, seats: u8) -> B {
        let mut men = B::EMPTY;
        for s in 0..self.rules.seats {
            if seats & (1 << s) != 0 {
                match self.status[s] {
                    Status::Mated | Status::Out => {}
                    Status::Walking => men |= self.kings_of(s),
                    _ => men |= self.by_seat[s],
                }
            }
        }
        men
    }

    /// The active men of `seat`'s adversaries.
    #[inline]
    pub fn enemy_men(&self, seat: usize) -> B {
        self.active_men(self.rules.adversaries(seat))
    }

    /// Men among `by` that attack `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: B, occupied: B) -> B {
        let g = &self.rules.geo;
        let at = g.at(sq);
        let k = &self.by_kind;
        let rooks = k[Kind::Rook.index()] | k[Kind::Queen.index()] | k[Kind::Squirk.index()];
        let bishops = k[Kind::Bishop.index()] | k[Kind::Queen.index()];
        let mut found = (at.knight & k[Kind::Knight.index()])
            | (at.king & k[Kind::King.index()])
            | (at.leap2 & k[Kind::Squirk.index()]);
        if (at.rook_rays & rooks & by).any() {
            found |= g.rook_attacks(sq, occupied) & rooks;
        }
        if (at.bishop_rays & bishops & by).any() {
            found |= g.bishop_attacks(sq, occupied) & bishops;
        }
        let pawns = k[Kind::Pawn.index()] & by;
        if pawns.any() {
            for d in Dir::ORTHOGONAL {
                let travelling = pawns & self.by_dir[orth_index(d)];
                if travelling.any() {
                    found |= at.pawn_captures(d.opposite()) & travelling;
                }
            }
            // A pawn that may still choose its nose attacks along both.
            let free = pawns & self.free;
            if free.any() {
                for (seat, &[a, b]) in self.rules.variant.pawns.noses.iter().enumerate() {
                    let own = free & self.by_seat[seat & 3];
                    found |= at.pawn_captures(b.opposite()) & own & self.by_dir[orth_index(a)];
                    found |= at.pawn_captures(a.opposite()) & own & self.by_dir[orth_index(b)];
                }
            }
        }
        found & by
    }

    /// Whether `seat`'s king stands attacked by an active adversary man.
    pub fn in_check(&self, seat: usize) -> bool {
        let enemies = self.enemy_men(seat);
        self.kings_of(seat)
            .squares()
            .any(|k| self.attackers(k, enemies, self.occupied).any())
    }

    /// The player whose check on `seat`'s king came last, if any.
    pub fn last_checker(&self, seat: usize) -> Option<usize> {
        self.last_checker
            .get(seat)
            .filter(|&&c| c != u8::MAX)
            .map(|&c| c as usize)
    }

    /// The player a check counts for when one move newly checks a king with
    /// men of the seats in `owners` (a bit mask): the mover if he is among
    /// them, otherwise the first of them in turn order after the mover.
    pub fn checker_of(&self, mover: usize, owners: u8) -> Option<usize> {
        let n = self.rules.seats;
        if owners & (1 << mover) != 0 {
            return Some(mover);
        }
        (1..=n)
            .map(|k| (mover + k) % n)
            .find(|s| owners & (1 << s) != 0)
    }

    /// Chooses the bonus pieces the next ply gives, in order: the first
    /// three of `bonus` up to the first kind that is no bonus piece (the
    /// empty list clears the choice). Returns how many are chosen.
    pub(crate) fn choose_bonus(&mut self, bonus: &[Kind]) -> usize {
        let mut count = 0;
        let mut packed = 0u8;
        for kind in bonus.iter().take(3) {
            let Some(code) = BONUS_KINDS.iter().position(|b| b == kind) else {
                break;
            };
            packed |= (code as u8) << (2 * count);
            count += 1;
        }
        self.bonus_choices = (packed << 2) | count as u8;
        count
    }

    /// How many chosen bonus pieces no elimination has taken yet.
    pub(crate) fn bonus_left(&self) -> usize {
        usize::from(self.bonus_choices & 0b11)
    }

    /// The kind of the next bonus piece the ply being made gives: the one
    /// the record chose, in turn, or a queen.
    pub(crate) fn take_bonus_choice(&mut self) -> Kind {
        let left = self.bonus_choices & 0b11;
        if left == 0 {
            return Kind::Queen;
        }
        let code = usize::from((self.bonus_choices >> 2) & 0b11);
        self.bonus_choices = ((self.bonus_choices >> 4) << 2) | (left - 1);
        BONUS_KINDS[code]
    }

    /// Records `checker` as the player whose check on `seat`'s king came last.
    pub(crate) fn set_last_checker(&mut self, seat: usize, checker: Option<usize>) {
        if let Some(c) = self.last_checker.get_mut(seat) {
            *c = checker.map_or(u8::MAX, |c| c as u8);
        }
    }

    /// Whether some player is mated (and his men inert).
    #[inline]
    pub(crate) fn anyone_mated(&self) -> bool {
        self.status.contains(&Status::Mated)
    }

    /// The one royal square of `seat`, when he has exactly one king.
    #[inline]
    pub fn sole_king(&self, seat: usize) -> Option<Square> {
        let kings = self.kings_of(seat);
        (kings.any() && !kings.several()).then(|| kings.lsb())
    }
}
