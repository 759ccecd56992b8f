//! A game's report for people: tables (with the `cli` feature) and an SVG
//! plot of material by round.

use super::diagram::player_colour;
use super::svg::{Plot, Series, line_plot};
use crate::report::game::GameReport;
#[cfg(feature = "cli")]
use tabled::builder::Builder;
#[cfg(feature = "cli")]
use tabled::settings::Style;

/// The tables of one game's report, for people.
#[cfg(feature = "cli")]
pub fn tables(r: &GameReport) -> String {
    let mut claim = r
        .draw_claimable_from_round
        .map(|n| format!("; a draw may be claimed from round {n}"))
        .unwrap_or_default();
    if r.two_king_checkmate == Some(true) {
        claim.push_str("; a 2K checkmate");
    }
    let in_variations = match r.variation_plies {
        0 => String::new(),
        n => format!(" (and {n} in variations)"),
    };
    let mut out = format!(
        "== {} ({}): {} plies{in_variations}, {} rounds; result {}{}{claim}\n\n",
        r.source,
        r.variant,
        r.plies,
        r.rounds,
        r.result,
        r.reason
            .as_ref()
            .map(|x| format!(" ({x})"))
            .unwrap_or_default()
    );
    let team_names: Vec<String> = r
        .teams
        .iter()
        .filter(|t| t.len() > 1)
        .map(|t| t.join("+"))
        .collect();
    let mut material = Builder::default();
    let mut header = vec!["round".to_string()];
    header.extend(r.players.iter().cloned());
    header.extend(team_names.iter().cloned());
    material.push_record(header);
    for m in &r.material {
        let mut row = vec![m.round.to_string()];
        row.extend(m.seats.iter().map(u32::to_string));
        if !team_names.is_empty() {
            row.extend(m.teams.iter().map(u32::to_string));
        }
        material.push_record(row);
    }
    let mut table = material.build();
    table.with(Style::psql());
    out.push_str(&format!(
        "Material on the {} scale (king not counted):\n{table}\n\n",
        r.scale.name
    ));
    if r.mates.is_empty() {
        out.push_str("Mates: none\n\n");
    } else {
        let mut mates = Builder::default();
        mates.push_record([
            "mated",
            "by",
            "mating move",
            "mate at",
            "checked before by",
            "released",
        ]);
        for m in &r.mates {
            let mv = |x: &Option<crate::report::attribution::MoveRef>| {
                x.as_ref()
                    .map(|m| format!("round {} {} {}", m.round, m.player, m.mv))
                    .unwrap_or_else(|| "-".into())
            };
            mates.push_record([
                m.mated.clone(),
                m.mating.clone().unwrap_or_else(|| "-".into()),
                mv(&m.mating_move),
                format!("round {} ply {}", m.at.round, m.at.ply),
                m.checked_before.join(", "),
                mv(&m.released),
            ]);
        }
        let mut table = mates.build();
        table.with(Style::psql());
        out.push_str(&format!("Mates:\n{table}\n\n"));
    }
    let table = players_table(&[], r.stats.iter().map(|p| (Vec::new(), p)));
    out.push_str(&format!("Players:\n{table}\n\n"));
    if let Some(dice) = &r.dice {
        let mut rows = Builder::default();
        rows.push_record([
            "player",
            "throws",
            "doubles",
            "steps",
            "passes",
            "men returned",
            "exchanges",
            "captures",
            "kings captured",
        ]);
        for d in dice {
            rows.push_record([
                d.player.clone(),
                d.throws.to_string(),
                d.doubles.to_string(),
                d.steps.to_string(),
                d.passes.to_string(),
                d.returned.to_string(),
                d.exchanges.to_string(),
                d.captures.to_string(),
                d.kings_captured.to_string(),
            ]);
        }
        let mut table = rows.build();
        table.with(Style::psql());
        out.push_str(&format!("Dice:\n{table}\n\n"));
    }
    if let Some(points) = &r.points {
        let mut rows = Builder::default();
        rows.push_record(["player", "recomputed", "of which award", "Result tag"]);
        for (i, name) in r.players.iter().enumerate() {
            let get = |v: &[u32]| v.get(i).map_or("-".to_string(), u32::to_string);
            rows.push_record([
                name.clone(),
                get(&points.recomputed),
                get(&points.award),
                points.recorded.as_deref().map_or("-".to_string(), get),
            ]);
        }
        let mut table = rows.build();
        table.with(Style::psql());
        let verdict = match points.agree() {
            Some(true) => "agree",
            Some(false) => "differ",
            None => "no points in the Result tag",
        };
        out.push_str(&format!("Points ({verdict}):\n{table}\n\n"));
    }
    out
}

/// The per-player figures as a table, one row per player, with a `games`
/// column when the rows carry a number of games (totals over a corpus).
#[cfg(feature = "cli")]
fn players_table<'a>(
    first: &[&str],
    rows: impl Iterator<Item = (Vec<String>, &'a crate::report::players::PlayerStats)>,
) -> tabled::Table {
    let mut players = Builder::default();
    let mut header = vec!["player"];
    header.extend(first);
    header.extend([
        "moves",
        "passes",
        "inferred",
        "captures",
        "men taken",
        "taken from",
        "checks given",
        "checks received",
        "promotions",
        "won",
        "lost",
        "mates given",
        "mated",
    ]);
    players.push_record(header);
    for (extra, p) in rows {
        let mut row = vec![p.player.clone()];
        row.extend(extra);
        row.extend([
            p.moves.to_string(),
            p.passes.to_string(),
            p.inferred.to_string(),
            p.captures.to_string(),
            counts(&p.captured_kinds),
            counts(&p.captured_from),
            p.checks_given.to_string(),
            p.checks_received.to_string(),
            p.promotions.to_string(),
            p.material_won.to_string(),
            p.material_lost.to_string(),
            p.mates_given.to_string(),
            p.mated.to_string(),
        ]);
        players.push_record(row);
    }
    let mut table = players.build();
    table.with(Style::psql());
    table
}

/// How many named players [`corpus_tables`] lists; the rest are counted
/// (all of them are in the JSON totals).
pub const NAMED_PLAYERS_SHOWN: usize = 50;

/// The totals over a corpus, for people: per variant, the seats' figures
/// summed, the named players' (most games first), who mated whom, and
/// the results.
#[cfg(feature = "cli")]
pub fn corpus_tables(c: &crate::report::corpus::CorpusStats) -> String {
    let mut out = String::new();
    for v in &c.variants {
        let games = if v.games == 1 { "game" } else { "games" };
        out.push_str(&format!(
            "== {} {games} of {} ({} plies)\n\n",
            v.games, v.variant, v.plies
        ));
        // Points where the variant scores them, every game's share of
        // the win where results name winners.
        let scored = v.seats.iter().any(|t| t.points > 0);
        let mut first = vec!["games", "score"];
        if scored {
            first.push("points");
        }
        fn cells(
            t: &crate::report::corpus::PlayerTotals,
            scored: bool,
        ) -> (Vec<String>, &crate::report::players::PlayerStats) {
            // Shares of tied wins are thirds or quarters: two decimals.
            let score = format!("{:.2}", t.score);
            let score = score.trim_end_matches('0').trim_end_matches('.');
            let mut cells = vec![t.games.to_string(), format!("{score} of {}", t.decided)];
            if scored {
                cells.push(t.points.to_string());
            }
            (cells, &t.stats)
        }
        let table = players_table(&first, v.seats.iter().map(|t| cells(t, scored)));
        out.push_str(&format!(
            "Players by seat, summed over the games:\n{table}\n\n"
        ));
        if !v.named.is_empty() {
            let mut named: Vec<_> = v.named.values().collect();
            named.sort_by(|a, b| {
                b.games
                    .cmp(&a.games)
                    .then(a.stats.player.cmp(&b.stats.player))
            });
            let table = players_table(
                &first,
                named
                    .iter()
                    .take(NAMED_PLAYERS_SHOWN)
                    .map(|t| cells(t, scored)),
            );
            let more = match named.len().saturating_sub(NAMED_PLAYERS_SHOWN) {
                0 => String::new(),
                n => format!(" ({n} more with fewer games: `--totals --json` lists all)"),
            };
            out.push_str(&format!(
                "Players by the names in the tags{more}:\n{table}\n\n"
            ));
        }
        if !v.mates.is_empty() {
            let mut rows = Builder::default();
            rows.push_record(["mating", "mated", "times"]);
            for m in &v.mates {
                rows.push_record([
                    m.mating.clone().unwrap_or_else(|| "-".into()),
                    m.mated.clone(),
                    m.count.to_string(),
                ]);
            }
            let mut table = rows.build();
            table.with(Style::psql());
            out.push_str(&format!("Mates:\n{table}\n\n"));
        }
        let mut rows = Builder::default();
        rows.push_record(["result", "games"]);
        for (result, n) in &v.results {
            rows.push_record([result.clone(), n.to_string()]);
        }
        let mut table = rows.build();
        table.with(Style::psql());
        out.push_str(&format!("Results:\n{table}\n\n"));
    }
    out
}

/// `queen 1, bishop 2`, or `-` when empty.
#[cfg(feature = "cli")]
fn counts(map: &std::collections::BTreeMap<String, usize>) -> String {
    if map.is_empty() {
        return "-".into();
    }
    map.iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A player's colour on a white plot: white itself would not show.
fn line_colour(_variant: &str, player: &str) -> String {
    match player_colour(player).as_str() {
        "#ffffff" => "#8a8a8a".to_string(),
        other => other.to_string(),
    }
}

/// Material per player (solid) and team (dashed) over the rounds.
pub fn plot(r: &GameReport) -> String {
    line_plot(&material_plot(r))
}

/// The material plot with a cursor at round `at` (a fraction falls
/// between two rounds: the plies of a round in progress).
pub fn plot_with_cursor(r: &GameReport, at: f64) -> String {
    super::svg::line_plot_with_cursor(&material_plot(r), at)
}

fn material_plot(r: &GameReport) -> Plot {
    let mut series: Vec<Series> = r
        .players
        .iter()
        .enumerate()
        .map(|(i, name)| Series {
            name: name.clone(),
            colour: line_colour(&r.variant, name),
            values: r
                .material
                .iter()
                .map(|m| f64::from(m.seats.get(i).copied().unwrap_or(0)))
                .collect(),
            dashed: false,
        })
        .collect();
    for (t, team) in r.teams.iter().enumerate().filter(|(_, t)| t.len() > 1) {
        series.push(Series {
            name: team.join("+"),
            colour: line_colour(&r.variant, team.first().map(String::as_str).unwrap_or("")),
            values: r
                .material
                .iter()
                .map(|m| f64::from(m.teams.get(t).copied().unwrap_or(0)))
                .collect(),
            dashed: true,
        });
    }
    Plot {
        title: format!("Material on the {} scale: {}", r.scale.name, r.source),
        x_label: "round".into(),
        y_label: "material".into(),
        x_values: r.material.iter().map(|m| m.round).collect(),
        series,
    }
}
