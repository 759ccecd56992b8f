//! The whole report of one game: what `roundtable stats` prints and what
//! `--json` writes, one object per game.

use serde::Serialize;

use super::attribution::{self, Mate};
use super::material::{self, RoundMaterial, Scale};
use super::players::{self, PlayerStats};
use crate::board::Bits;
use crate::record::Record;
use crate::replay::Trace;

/// Everything `roundtable stats` computes for one replayed game: counts, the
/// result, material by round, mates and their attribution, per-player
/// statistics; serialised as one JSON object per game by `stats --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// Where the game came from (file, and game number when several).
    pub source: String,
    /// The variant's id (`verney`, `chess`).
    pub variant: String,
    /// The record's tag pairs, in the record's order, as `(key, value)`.
    pub tags: Vec<(String, String)>,
    /// The number of plies in the main line, passes included.
    pub plies: usize,
    /// Plies inside variations, at any depth (not in `plies`).
    pub variation_plies: usize,
    /// The round of the last ply (0 when the game has no ply).
    pub rounds: usize,
    /// `1-0`, `Yellow+White`, `1/2-1/2`, or `*` while the game goes on.
    pub result: String,
    /// Why the game ended (`both adversaries mated`), when known.
    pub reason: Option<String>,
    /// The value scale the material figures are on.
    pub scale: Scale,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// The teams, in order of team number, each as the names of its players.
    pub teams: Vec<Vec<String>>,
    /// Material per player and per team after each round (round 0: the start).
    pub material: Vec<RoundMaterial>,
    /// Every mate of the game, in order, with who mated and who checked before.
    pub mates: Vec<Mate>,
    /// Per-player statistics, in seat order.
    pub stats: Vec<PlayerStats>,
    /// The round from which a draw may be claimed (Verney: one piece or
    /// none left on each side), if it came to that.
    pub draw_claimable_from_round: Option<usize>,
    /// Double King Chess: whether the checkmate was a "2K checkmate"
    /// (`null` where the notion does not apply).
    pub two_king_checkmate: Option<bool>,
    /// Points (Chess.com FFA): recomputed by the replay, beside the
    /// `Result` tag's (`null` where no points are scored).
    pub points: Option<super::points::Points>,
    /// Dice variants (Skock): what each player did with his throws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<Vec<crate::dice_replay::DiceCounts>>,
}

/// The report of a replayed record: its tags, and the result the replay
/// finds or, when the replay does not end the game itself, the record's.
pub fn report<B: Bits>(
    source: &str,
    trace: &Trace<B>,
    record: &Record,
    scale: &Scale,
) -> GameReport {
    let stated = record.result.as_ref();
    let v = trace.variant;
    let names: Vec<String> = v.seats.iter().map(|s| s.name.to_string()).collect();
    let team_count = v.team_count();
    let teams = (0..team_count)
        .map(|t| {
            v.seats
                .iter()
                .filter(|s| s.team as usize == t)
                .map(|s| s.name.to_string())
                .collect()
        })
        .collect();
    let result = match &trace.outcome {
        // Who has the most points is the record's to say (its Result
        // includes awards the moves do not show).
        Some(crate::engine::Outcome::Win {
            reason: crate::engine::EndReason::MostPoints,
            ..
        }) if stated.is_some() => stated.cloned(),
        Some(o) => Some(crate::convert::result_of(v, o)),
        None => stated.cloned(),
    };
    let end = trace.last();
    let counted: Vec<u32> = (0..v.players()).map(|s| end.points(s)).collect();
    let status: Vec<crate::engine::Status> = (0..v.players()).map(|s| end.status(s)).collect();
    let rounds = trace.plies.last().map(|p| p.round).unwrap_or(0);
    let (plies, in_variations) = (trace.plies.len(), trace.variation_plies());
    GameReport {
        players: names,
        teams,
        material: material::by_round(trace, scale),
        mates: attribution::mates(trace),
        stats: players::players(trace, scale),
        draw_claimable_from_round: trace
            .plies
            .iter()
            .find(|p| p.events.contains(&crate::replay::Event::DrawClaimable))
            .map(|p| p.round),
        two_king_checkmate: super::two_kings::two_king_checkmate(trace),
        points: super::points::points(v, record, &counted, &status),
        dice: None,
        ..head(
            source,
            v,
            record,
            scale,
            result,
            (plies, in_variations, rounds),
        )
    }
}

/// What every game report starts with: the source, the variant, the tags,
/// the counts of plies (main line, variations) and rounds, the result and
/// the scale. The players and everything after them are the caller's.
fn head(
    source: &str,
    v: &crate::variant::Variant,
    record: &Record,
    scale: &Scale,
    result: Option<crate::record::GameResult>,
    (plies, variation_plies, rounds): (usize, usize, usize),
) -> GameReport {
    let (result, reason) = match result {
        Some(r) => (r.score, r.reason),
        None => ("*".to_string(), None),
    };
    GameReport {
        source: source.to_string(),
        variant: v.id.to_string(),
        tags: record
            .tags
            .iter()
            .map(|t| (t.key.clone(), t.value.clone()))
            .collect(),
        plies,
        variation_plies,
        rounds,
        result,
        reason,
        scale: scale.clone(),
        players: Vec::new(),
        teams: Vec::new(),
        material: Vec::new(),
        mates: Vec::new(),
        stats: Vec::new(),
        draw_claimable_from_round: None,
        two_king_checkmate: None,
        points: None,
        dice: None,
    }
}

/// The report of a dice game (Skock): material per round on `scale` (men
/// in a queue count only once back on the board), per-player statistics
/// (an exchange counts as a promotion), and the dice counters.
pub fn dice_report(
    source: &str,
    trace: &crate::dice_replay::DiceTrace,
    record: &Record,
    scale: &Scale,
) -> GameReport {
    let v = trace.variant;
    let result = match &trace.outcome {
        Some(o) => Some(crate::convert::result_of(v, o)),
        None => record.result.clone(),
    };
    let tallied = trace.plies.iter().map(|p| players::TalliedPly {
        seat: p.seat,
        pass: matches!(p.turn.action, crate::engine::dice::DiceAction::Pass),
        inferred: false,
        events: &p.events,
    });
    let rounds = trace.plies.last().map(|p| p.round).unwrap_or(0);
    let counts = (trace.plies.len(), trace.variation_plies(), rounds);
    GameReport {
        players: v.seats.iter().map(|s| s.name.to_string()).collect(),
        teams: v.seats.iter().map(|s| vec![s.name.to_string()]).collect(),
        material: crate::dice_replay::material_by_round(trace, scale),
        mates: Vec::new(),
        stats: players::tally(v, tallied, scale),
        draw_claimable_from_round: None,
        two_king_checkmate: None,
        points: None,
        dice: Some(crate::dice_replay::counts(trace)),
        ..head(source, v, record, scale, result, counts)
    }
}
