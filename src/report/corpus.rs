//! Statistics over many games: each player's figures summed by seat and by
//! the name the tags give him, who mated whom, and the results, per
//! variant. Reports are added one game at a time, so that a corpus of any
//! size is summarised in memory that grows with its variants, seats and
//! player names, not with its games.
//!
//! ```
//! use roundtable::Game;
//! use roundtable::report::corpus::CorpusStats;
//!
//! let mut totals = CorpusStats::default();
//! for text in ["1. f3 e5 2. g4 Qh4# 0-1", "1. e4 e5 *"] {
//!     let record = roundtable::input::games(text, None).remove(0)?;
//!     let game = Game::replay(record)?;
//!     totals.add(&game.report("game", None));
//! }
//! let chess = &totals.variants[0];
//! assert_eq!((chess.games, chess.plies), (2, 6));
//! assert_eq!(chess.seats[1].stats.mates_given, 1);
//! // Black won the one decided game.
//! assert_eq!((chess.seats[1].decided, chess.seats[1].score), (1, 1.0));
//! assert_eq!(chess.mates[0].mating.as_deref(), Some("Black"));
//! # Ok::<(), roundtable::Error>(())
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

use super::game::GameReport;
use super::players::PlayerStats;

/// The totals of every variant met, in the order first met.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct CorpusStats {
    /// One entry per variant.
    pub variants: Vec<VariantTotals>,
}

/// The totals of the games of one variant.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct VariantTotals {
    /// The variant's id.
    pub variant: String,
    /// Games added.
    pub games: usize,
    /// Their plies in the main lines.
    pub plies: usize,
    /// Games by result as the reports give it (`1-0`, `Yellow+White`, `*`);
    /// where points are scored (each game's result is its own list of
    /// points), only `*` and `decided` are counted.
    pub results: BTreeMap<String, usize>,
    /// Each seat's figures summed over the games, in seat order (`player`
    /// in the figures is the seat's name).
    pub seats: Vec<PlayerTotals>,
    /// The figures of each player the tags name (the tag whose key is the
    /// seat's name: `[White "Morphy"]`, `[Red "name"]`), by that name,
    /// summed over the seats he played; unnamed seats (`?`, empty) are
    /// not counted here.
    pub named: BTreeMap<String, PlayerTotals>,
    /// Mates, by who mated whom, in the order first met.
    pub mates: Vec<MateCount>,
}

/// One player's (or seat's) figures over several games.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PlayerTotals {
    /// The games he played.
    pub games: usize,
    /// Those of them whose result says who won (not `*`).
    pub decided: usize,
    /// His wins in them: a won game counts 1, a draw 1/2, a win shared by
    /// several (a team's, or equal points) 1 each for a team and 1/n for
    /// n tied on points.
    pub score: f64,
    /// Points scored (variants that score them: Chess.com FFA), the
    /// replay's count.
    pub points: u64,
    /// His figures, summed.
    pub stats: PlayerStats,
}

/// How often one seat mated another.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MateCount {
    /// The mating seat (`None`: no check was ever recorded against the king).
    pub mating: Option<String>,
    /// The mated seat.
    pub mated: String,
    /// How many times.
    pub count: usize,
}

impl CorpusStats {
    /// Adds one game's report.
    pub fn add(&mut self, report: &GameReport) {
        let at = match self
            .variants
            .iter()
            .position(|v| v.variant == report.variant)
        {
            Some(at) => at,
            None => {
                self.variants.push(VariantTotals {
                    variant: report.variant.clone(),
                    ..VariantTotals::default()
                });
                self.variants.len() - 1
            }
        };
        self.variants[at].add(report);
    }

    /// The number of games added.
    pub fn games(&self) -> usize {
        self.variants.iter().map(|v| v.games).sum()
    }
}

impl VariantTotals {
    fn add(&mut self, report: &GameReport) {
        self.games += 1;
        self.plies += report.plies;
        let shares = shares(report);
        let result = match (&report.points, &shares) {
            (Some(_), Some(_)) => "decided",
            (Some(_), None) => "*",
            (None, _) => report.result.as_str(),
        };
        *self.results.entry(result.to_string()).or_default() += 1;
        for (seat, stats) in report.stats.iter().enumerate() {
            let share = shares.as_ref().map(|s| s.get(seat).copied().unwrap_or(0.0));
            let points = report
                .points
                .as_ref()
                .and_then(|p| p.recomputed.get(seat))
                .map_or(0, |&p| u64::from(p));
            if self.seats.len() <= seat {
                self.seats.push(PlayerTotals {
                    stats: PlayerStats {
                        player: stats.player.clone(),
                        ..PlayerStats::default()
                    },
                    ..PlayerTotals::default()
                });
            }
            self.seats[seat].add(stats, share, points);
            let name = report
                .tags
                .iter()
                .find(|(key, _)| key.eq_ignore_ascii_case(&stats.player))
                .map(|(_, value)| value.trim())
                .filter(|name| !name.is_empty() && *name != "?");
            if let Some(name) = name {
                let named = self
                    .named
                    .entry(name.to_string())
                    .or_insert_with(|| PlayerTotals {
                        stats: PlayerStats {
                            player: name.to_string(),
                            ..PlayerStats::default()
                        },
                        ..PlayerTotals::default()
                    });
                named.add(stats, share, points);
            }
        }
        for mate in &report.mates {
            match self
                .mates
                .iter_mut()
                .find(|m| m.mating == mate.mating && m.mated == mate.mated)
            {
                Some(m) => m.count += 1,
                None => self.mates.push(MateCount {
                    mating: mate.mating.clone(),
                    mated: mate.mated.clone(),
                    count: 1,
                }),
            }
        }
    }
}

/// Each seat's share of the game's win, when the report says who won: a
/// score (`1-0`, `0-1`, `1/2-1/2`: a half each, whatever the number of
/// players), the winners named (`Yellow+White`), or, where points are
/// scored, the most points (shared equally on a tie). `None` while the
/// game goes on (`*`) or when its result names no seat.
fn shares(report: &GameReport) -> Option<Vec<f64>> {
    let seats = report.players.len();
    if let Some(points) = &report.points {
        if report.result.trim() == "*" {
            return None;
        }
        let best = *points.recomputed.iter().max()?;
        let tied = points.recomputed.iter().filter(|&&p| p == best).count() as f64;
        return Some(
            points
                .recomputed
                .iter()
                .map(|&p| if p == best { 1.0 / tied } else { 0.0 })
                .collect(),
        );
    }
    match report.result.trim() {
        "1/2-1/2" => Some(vec![0.5; seats]),
        "1-0" if seats == 2 => Some(vec![1.0, 0.0]),
        "0-1" if seats == 2 => Some(vec![0.0, 1.0]),
        result => {
            let winners: Vec<&str> = result.split('+').map(str::trim).collect();
            let shares: Vec<f64> = report
                .players
                .iter()
                .map(|p| {
                    if winners.iter().any(|w| w.eq_ignore_ascii_case(p)) {
                        1.0
                    } else {
                        0.0
                    }
                })
                .collect();
            shares.iter().any(|&s| s > 0.0).then_some(shares)
        }
    }
}

impl PlayerTotals {
    /// Adds one game's figures (the name stays this total's), his share
    /// of the win when the game was decided, and his points.
    fn add(&mut self, game: &PlayerStats, share: Option<f64>, points: u64) {
        self.games += 1;
        if let Some(share) = share {
            self.decided += 1;
            self.score += share;
        }
        self.points += points;
        let s = &mut self.stats;
        s.moves += game.moves;
        s.passes += game.passes;
        s.inferred += game.inferred;
        s.captures += game.captures;
        for (kind, n) in &game.captured_kinds {
            *s.captured_kinds.entry(kind.clone()).or_default() += n;
        }
        for (whose, n) in &game.captured_from {
            *s.captured_from.entry(whose.clone()).or_default() += n;
        }
        s.checks_given += game.checks_given;
        s.checks_received += game.checks_received;
        s.promotions += game.promotions;
        s.material_won += game.material_won;
        s.material_lost += game.material_lost;
        s.mates_given += game.mates_given;
        s.mated += game.mated;
    }
}
