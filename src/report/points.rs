//! Chess.com FFA points: those the replay counts (captures of live men,
//! mates, king captures, check bonuses, stalemates: the variant's hooks
//! keep them in the position) plus the award a `Termination` tag names,
//! beside the points the `Result` tag gives.

use serde::Serialize;

use crate::engine::Status;
use crate::record::Record;
use crate::variant::Variant;

/// The points of one game, in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Points {
    /// Points counted by the replay, the award included.
    pub recomputed: Vec<u32>,
    /// The award the `Termination` tag names (`(Yellow +20)`).
    pub award: Vec<u32>,
    /// The points of the `Result` tag (`name: 72 - name: 14 - ...`), mapped
    /// to seats through the players' tags, when it gives them.
    pub recorded: Option<Vec<u32>>,
}

impl Points {
    /// Whether the recomputed points equal the recorded ones (`None`
    /// without recorded points).
    pub fn agree(&self) -> Option<bool> {
        self.recorded.as_ref().map(|r| *r == self.recomputed)
    }
}

fn tag<'r>(record: &'r Record, key: &str) -> Option<&'r str> {
    record
        .tags
        .iter()
        .find(|t| t.key.eq_ignore_ascii_case(key))
        .map(|t| t.value.as_str())
}

/// The points a `Result` like `LosChess: 34 - Riba: 54 - x: 56 - y: 1`
/// gives each seat, the names mapped through the seats' name tags (`Red`,
/// `Blue`, ...). `None` when it is not such a result or a name is unknown.
pub fn recorded(variant: &Variant, record: &Record) -> Option<Vec<u32>> {
    let score = &record.result.as_ref()?.score;
    let mut out = vec![0; variant.players()];
    let mut seen = vec![false; variant.players()];
    // Names may contain ` - `; split on the scores instead: `name: digits`.
    let mut rest = score.as_str();
    while !rest.trim().is_empty() {
        let colon = rest.find(": ")?;
        let name = rest[..colon].trim().trim_start_matches("- ").trim();
        let after = &rest[colon + 2..];
        let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
        let value: u32 = digits.parse().ok()?;
        rest = &after[digits.len()..];
        let seat = (0..variant.players()).find(|&s| {
            !seen[s] && tag(record, variant.seats[s].name).is_some_and(|n| n.trim() == name)
        })?;
        seen[seat] = true;
        out[seat] = value;
    }
    seen.iter().all(|&s| s).then_some(out)
}

/// The award at the end of a game whose last position leaves the players
/// in `end`: each `Colour +N` its `Termination` names inside parentheses
/// (`(Blue +20)`, `Game over. (Yellow +40)`, `(insuff. material; Red +30,
/// Green +10)`); without one, after `Checkmate` the last live player gets
/// 20 for each walking king still on the board, and after `Insufficient
/// material` each live player gets 10 and a share of 20 for each walking
/// king (inferred from the exports: 68 of the 70 FFA games agree with it).
pub fn award(variant: &Variant, record: &Record, end: &[Status]) -> Vec<u32> {
    let mut out = vec![0; variant.players()];
    let reason = record
        .result
        .as_ref()
        .and_then(|r| r.reason.as_deref())
        .or_else(|| tag(record, "Termination"))
        .unwrap_or("");
    let live: Vec<usize> = (0..out.len())
        .filter(|&s| end.get(s) == Some(&Status::Active))
        .collect();
    let walking = end.iter().filter(|&&s| s == Status::Walking).count() as u32;
    let Some(open) = reason.find('(').filter(|&i| reason[i..].contains('+')) else {
        let lower = reason.to_ascii_lowercase();
        if lower.contains("checkmate") && live.len() == 1 {
            out[live[0]] += 20 * walking;
        } else if lower.contains("insufficient material") && !live.is_empty() {
            let n = live.len() as u32;
            for &s in &live {
                out[s] += 10 + (20 * walking + n / 2) / n;
            }
        }
        return out;
    };
    let inside = reason[open + 1..].split(')').next().unwrap_or("");
    let words: Vec<&str> = inside
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    for pair in words.windows(2) {
        if let (Some(seat), Some(n)) = (
            variant.seat_named(pair[0]),
            pair[1]
                .strip_prefix('+')
                .and_then(|n| n.parse::<u32>().ok()),
        ) && pair[0].len() > 1
        {
            out[seat] += n;
        }
    }
    out
}

/// The points of a game whose last position holds `counted` and leaves
/// the players in `end`: `None` when the game has no points (none counted
/// and no points result).
pub fn points(
    variant: &Variant,
    record: &Record,
    counted: &[u32],
    end: &[Status],
) -> Option<Points> {
    let recorded = recorded(variant, record);
    if recorded.is_none() && counted.iter().all(|&p| p == 0) {
        return None;
    }
    let award = award(variant, record, end);
    let recomputed = (0..variant.players())
        .map(|s| counted.get(s).copied().unwrap_or(0) + award[s])
        .collect();
    Some(Points {
        recomputed,
        award,
        recorded,
    })
}
