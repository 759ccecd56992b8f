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
//!     let record = roundtable::input::games(text, None).remove(0).unwrap();
//!     let game = Game::replay(record).unwrap();
//!     totals.add(&game.report("game", None));
//! }
//! let chess = &totals.variants[0];
//! assert_eq!((chess.games, chess.plies), (2, 6));
//! assert_eq!(chess.seats[1].stats.mates_given, 1);
//! assert_eq!(chess.mates[0].mating.as_deref(), Some("Black"));
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

use super::game::GameReport;
use super::players::PlayerStats;

/// The totals of every variant met, in the order first met.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CorpusStats {
    /// One entry per variant.
    pub variants: Vec<VariantTotals>,
}

/// The totals of the games of one variant.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct VariantTotals {
    /// The variant's id.
    pub variant: String,
    /// Games added.
    pub games: usize,
    /// Their plies in the main lines.
    pub plies: usize,
    /// Games by result as the reports give it (`1-0`, `Yellow+White`, `*`).
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
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PlayerTotals {
    /// The games he played.
    pub games: usize,
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
        *self.results.entry(report.result.clone()).or_default() += 1;
        for (seat, stats) in report.stats.iter().enumerate() {
            if self.seats.len() <= seat {
                self.seats.push(PlayerTotals {
                    games: 0,
                    stats: PlayerStats {
                        player: stats.player.clone(),
                        ..PlayerStats::default()
                    },
                });
            }
            self.seats[seat].add(stats);
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
                        games: 0,
                        stats: PlayerStats {
                            player: name.to_string(),
                            ..PlayerStats::default()
                        },
                    });
                named.add(stats);
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

impl PlayerTotals {
    /// Adds one game's figures (the name stays this total's).
    fn add(&mut self, game: &PlayerStats) {
        self.games += 1;
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
