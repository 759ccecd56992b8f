//! A self-contained HTML page for stepping through games: the board of
//! each position drawn by the SVG renderer, the move list as the record
//! wrote it with its events, the material plot with the current ply
//! marked, the tags and the result; a game picker when there are several.
//!
//! The page needs nothing from the network: no script, style sheet or font
//! is fetched. Its script is inline and small; the boards travel as data
//! (every distinct line of the SVG documents once, each position a list of
//! line numbers), so a long game stays a small page.
//!
//! Everything taken from a record (tags, comments, moves as written,
//! player names) is escaped: a record is data, never markup. The embedded
//! data is JSON with `<`, `>` and `&` written as `\u` escapes, so no text
//! can close its `<script>` element.
//!
//! The page follows its address: `#game=2&ply=5` shows the position after
//! the fifth ply of the second game (games count from 1, plies from 0, the
//! start), and stepping keeps the address up to date.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::board::{Bits, U256};
use crate::game::Game;
use crate::replay::{Event, Trace};

use super::diagram::{player_colour, svg};
use super::events::describe_all;

/// One game of a page: the replayed game and the name it goes by (the
/// file, and its number when the file holds several).
#[derive(Debug, Clone)]
pub struct PageGame {
    /// Where the game came from, e.g. `games.pgn#3`.
    pub source: String,
    /// The replayed game.
    pub game: Game,
}

/// Escapes text for HTML character data and quoted attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\0' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// JSON that is safe inside a `<script>` element: no `<`, `>` or `&`.
fn script_json(value: &serde_json::Value) -> String {
    let text = value.to_string();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Every distinct line of the pictures, once.
#[derive(Default)]
struct Lines {
    index: HashMap<String, usize>,
    lines: Vec<String>,
}

impl Lines {
    /// The picture as line numbers (its XML declaration left out: the
    /// picture goes inside an HTML page).
    fn add(&mut self, svg: &str) -> Vec<usize> {
        svg.lines()
            .filter(|l| !l.starts_with("<?xml"))
            .map(|line| {
                if let Some(&i) = self.index.get(line) {
                    return i;
                }
                let i = self.lines.len();
                self.index.insert(line.to_string(), i);
                self.lines.push(line.to_string());
                i
            })
            .collect()
    }
}

/// The boards of a game, the start first, each with the last move marked.
fn boards<B: Bits>(trace: &Trace<B>, lines: &mut Lines) -> Vec<Vec<usize>> {
    let mut out = vec![lines.add(&svg(&trace.start, None, None, player_colour))];
    for ply in &trace.plies {
        out.push(lines.add(&svg(&ply.after, Some(ply.mv), None, player_colour)));
    }
    out
}

fn game_boards(game: &Game, lines: &mut Lines) -> Vec<Vec<usize>> {
    if let Some(t) = game.trace::<u64>() {
        boards(t, lines)
    } else if let Some(t) = game.trace::<u128>() {
        boards(t, lines)
    } else if let Some(t) = game.trace::<U256>() {
        boards(t, lines)
    } else if let Some(t) = game.dice_trace() {
        dice_boards(t, lines)
    } else {
        Vec::new()
    }
}

/// The boards of a dice game (Skock), each titled with the queues.
fn dice_boards(trace: &crate::dice_replay::DiceTrace, lines: &mut Lines) -> Vec<Vec<usize>> {
    let v = trace.variant;
    let picture = |p: &crate::engine::dice::DicePosition, lines: &mut Lines| {
        let queues: Vec<String> = (0..v.players())
            .map(|s| {
                let q: String = p.queues[s].iter().map(|k| k.letter()).collect();
                format!(
                    "{}'s queue: {}",
                    v.seat_name(s),
                    if q.is_empty() { "empty" } else { &q }
                )
            })
            .collect();
        lines.add(&svg(&p.board, None, Some(queues.join("; ")), player_colour))
    };
    let mut out = vec![picture(&trace.start, lines)];
    for ply in &trace.plies {
        out.push(picture(&ply.after, lines));
    }
    out
}

/// Where each position sits on the plot's round axis: 0 for the start,
/// then each ply a fraction of its round further (the last ply of round
/// `r` at `r`).
fn plot_positions(rounds: &[usize]) -> Vec<f64> {
    let mut out = vec![0.0];
    let mut i = 0;
    while i < rounds.len() {
        let round = rounds[i];
        let n = rounds[i..].iter().take_while(|&&r| r == round).count();
        for k in 1..=n {
            out.push(round as f64 - 1.0 + k as f64 / n as f64);
        }
        i += n;
    }
    out
}

/// Short marks for the events a move list shows beside the move.
fn marks(v: &crate::variant::Variant, events: &[Event], dice: Option<[u8; 2]>) -> String {
    let mut out = String::new();
    let mut mark = |class: &str, text: &str| {
        let _ = write!(out, " <span class=\"ev {class}\">{}</span>", escape(text));
    };
    for e in events {
        match e {
            Event::Check { seat, .. } => mark("check", &format!("+{}", initial(v, *seat))),
            Event::Mated { seat } => mark("mate", &format!("#{}", initial(v, *seat))),
            Event::Bonus { seat, kind, .. } => mark(
                "bonus",
                &format!("+{} {}", kind.letter(), initial(v, *seat)),
            ),
            Event::Stalemated { seat } => mark("stalemate", &format!("={}", initial(v, *seat))),
            Event::Released { seat } => mark("release", &format!("↺{}", initial(v, *seat))),
            Event::Pass => mark("pass", "pass"),
            Event::Inferred => mark("inferred", "inferred"),
            Event::Exit { seat, .. } => mark("exit", &format!("out {}", initial(v, *seat))),
            Event::Promotion(k) => mark("promotion", &format!("={}", k.letter())),
            Event::DrawClaimable => mark("claim", "½?"),
            Event::Disambiguated { ruled_out } => {
                mark("disambiguated", &format!("not {}", ruled_out.join(", ")))
            }
            Event::RecaptureTaken { others } => mark(
                "disambiguated",
                &format!("recapture, not {}", others.join(", ")),
            ),
            Event::Returned { men } => mark("returned", &format!("back {}", men.len())),
            Event::NoKingLeft { seat } => mark("mate", &format!("no K {}", initial(v, *seat))),
            Event::Capture { .. } | Event::CheckMarkDiffers { .. } => {}
        }
    }
    if let Some([a, b]) = dice {
        mark("dice", &format!("⚄{a}{b}"));
    }
    out
}

/// A player's initial in the marks: `Y` for Yellow.
fn initial(v: &crate::variant::Variant, seat: usize) -> String {
    v.seat_name(seat).chars().take(1).collect()
}

/// The game's title: its Event tag, else its source.
fn title(g: &PageGame) -> String {
    g.game
        .record()
        .tags
        .iter()
        .find(|t| t.key == "Event" && !t.value.trim().is_empty() && t.value != "?")
        .map(|t| t.value.clone())
        .unwrap_or_else(|| g.source.clone())
}

/// One game's section of the page.
fn section(out: &mut String, n: usize, g: &PageGame) {
    let game = &g.game;
    let v = game.variant();
    let plies = game.plies();
    let record = game.record();
    let report = game.report(&title(g), None);
    let dice: Vec<Option<[u8; 2]>> = if record.moves.len() == plies.len() {
        record.moves.iter().map(|m| m.dice).collect()
    } else {
        vec![None; plies.len()]
    };
    let hidden = if n == 0 { "" } else { " hidden" };
    let _ = writeln!(
        out,
        "<section class=\"game\" id=\"game-{}\" data-game=\"{n}\" data-plies=\"{}\"{hidden}>",
        n + 1,
        plies.len()
    );
    let _ = writeln!(
        out,
        "<h2>{}</h2>\n<p class=\"sub\">{} · {} · {} plies · result <b class=\"result\">{}</b>{}</p>",
        escape(&title(g)),
        escape(v.name),
        escape(&g.source),
        plies.len(),
        escape(&report.result),
        report
            .reason
            .as_ref()
            .map(|r| format!(" ({})", escape(r)))
            .unwrap_or_default()
    );
    out.push_str("<div class=\"cols\">\n<div class=\"left\">\n");
    let _ = writeln!(
        out,
        "<div class=\"controls\"><button type=\"button\" data-step=\"start\" title=\"start (Home)\">|◀</button>\
         <button type=\"button\" data-step=\"back\" title=\"back (←)\">◀</button>\
         <span class=\"counter\">ply <b class=\"plyno\">0</b> of {}</span>\
         <button type=\"button\" data-step=\"forward\" title=\"forward (→)\">▶</button>\
         <button type=\"button\" data-step=\"end\" title=\"end (End)\">▶|</button></div>",
        plies.len()
    );
    out.push_str("<div class=\"board\" data-ply=\"0\"></div>\n<div class=\"details\">\n");
    let _ = writeln!(
        out,
        "<div class=\"detail\" data-ply=\"0\">The start: {} to move.</div>",
        escape(
            game.board_after(0)
                .map(|b| b.turn())
                .or_else(|| game
                    .dice_trace()
                    .map(|t| t.variant.seat_name(t.start.turn())))
                .unwrap_or("nobody")
        )
    );
    for (i, p) in plies.iter().enumerate() {
        let mut text = format!(
            "Round {}, {}: <b>{}</b>",
            p.round,
            escape(p.player),
            escape(&p.written)
        );
        if p.written != p.long {
            let _ = write!(text, " <span class=\"long\">({})</span>", escape(&p.long));
        }
        let events = describe_all(v, &p.events);
        if !events.is_empty() {
            let _ = write!(
                text,
                "<br><span class=\"events\">{}</span>",
                escape(&events)
            );
        }
        if let Some(Some([a, b])) = dice.get(i) {
            let _ = write!(text, "<br>dice: {a} and {b}");
        }
        for c in &p.comments {
            let _ = write!(text, "<br><span class=\"comment\">{}</span>", escape(c));
        }
        let _ = writeln!(
            out,
            "<div class=\"detail\" data-ply=\"{}\" hidden>{text}</div>",
            i + 1
        );
    }
    out.push_str("</div>\n");
    let _ = writeln!(
        out,
        "<div class=\"plot\">{}</div>",
        strip_xml_declaration(&super::report::plot_with_cursor(&report, 0.0))
    );
    out.push_str("</div>\n<div class=\"right\">\n");

    // The move list: one row per round, one column per player.
    let seats = v.players();
    out.push_str("<div class=\"moves-box\">\n<table class=\"moves\">\n<thead><tr><th></th>");
    for s in 0..seats {
        let _ = write!(out, "<th>{}</th>", escape(v.seat_name(s)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    let seat_of = |name: &str| (0..seats).find(|&s| v.seat_name(s) == name).unwrap_or(0);
    let mut i = 0;
    while i < plies.len() {
        let round = plies[i].round;
        let mut cells: Vec<String> = vec![String::new(); seats];
        let mut filled = vec![false; seats];
        while i < plies.len() && plies[i].round == round {
            let p = &plies[i];
            let s = seat_of(p.player);
            if filled[s] {
                break;
            }
            filled[s] = true;
            let inferred = if p.events.contains(&Event::Inferred) {
                " inferred"
            } else {
                ""
            };
            cells[s] = format!(
                "<a class=\"mv{inferred}\" data-ply=\"{}\" href=\"#game={}&amp;ply={}\" title=\"{}\">{}</a>{}",
                i + 1,
                n + 1,
                i + 1,
                escape(&p.long),
                escape(&p.written),
                marks(v, &p.events, dice.get(i).copied().flatten())
            );
            i += 1;
        }
        let _ = write!(out, "<tr><th>{round}</th>");
        for c in cells {
            let _ = write!(out, "<td>{c}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</div>\n");

    // Tags, comments, the result.
    out.push_str("<table class=\"tags\">\n");
    let _ = writeln!(
        out,
        "<tr><th>Variant</th><td>{} ({})</td></tr>",
        escape(v.name),
        escape(v.id)
    );
    for t in &record.tags {
        let _ = writeln!(
            out,
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(&t.key),
            escape(&t.value)
        );
    }
    let _ = writeln!(
        out,
        "<tr><th>Result (replay)</th><td>{}{}</td></tr>",
        escape(&report.result),
        report
            .reason
            .as_ref()
            .map(|r| format!(" ({})", escape(r)))
            .unwrap_or_default()
    );
    out.push_str("</table>\n");
    for c in &record.comments {
        let _ = writeln!(out, "<p class=\"comment\">{}</p>", escape(c));
    }
    out.push_str("</div>\n</div>\n</section>\n");
}

fn strip_xml_declaration(svg: &str) -> &str {
    match svg.strip_prefix("<?xml") {
        Some(rest) => rest.split_once('\n').map_or("", |(_, body)| body),
        None => svg,
    }
}

const STYLE: &str = r#"
body { font-family: sans-serif; margin: 1em; color: #111; background: #fafafa; }
h1 { font-size: 1.2em; margin: 0 0 .5em; }
h2 { font-size: 1.1em; margin: .2em 0; }
.sub { margin: 0 0 .8em; color: #444; }
.cols { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.left { flex: 0 1 auto; max-width: 100%; }
.right { flex: 1 1 24em; min-width: 0; overflow-x: auto; }
.board svg, .plot svg { max-width: 100%; height: auto; display: block; }
.controls { display: flex; gap: .4em; align-items: center; margin: .3em 0; }
.controls button { font-size: 1.1em; min-width: 2.4em; }
.counter { min-width: 7em; text-align: center; }
.details { min-height: 3.5em; margin: .4em 0; padding: .4em; background: #fff; border: 1px solid #ddd; }
.long { color: #555; }
.events { color: #7a1f1f; }
.comment { color: #245; font-style: italic; }
table { border-collapse: collapse; background: #fff; margin-bottom: 1em; }
th, td { border: 1px solid #ddd; padding: .2em .5em; text-align: left; vertical-align: top; }
.moves a { color: #111; text-decoration: none; padding: 0 .2em; border-radius: 3px; }
.moves a.inferred { font-style: italic; color: #555; }
.moves a.current { background: #f7d64a; outline: 1px solid #b08f00; }
.ev { font-size: .8em; color: #7a1f1f; }
.ev.inferred, .ev.pass { color: #555; }
select { font-size: 1em; }
.moves-box { max-height: 85vh; overflow-y: auto; margin-bottom: 1em; position: relative; }
.moves-box table { margin-bottom: 0; border-collapse: separate; border-spacing: 0; }
.moves thead th { position: sticky; top: 0; background: #fff; }
"#;

const SCRIPT: &str = r##"
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("roundtable-data").textContent);
  var games = document.querySelectorAll("section.game");
  var picker = document.getElementById("picker");
  var state = { game: 0, ply: 0 };

  function show(g, p, keepAddress) {
    if (g < 0 || g >= games.length) g = 0;
    var info = data.games[g];
    var last = info.boards.length - 1;
    if (!(p >= 0)) p = 0;
    if (p > last) p = last;
    state.game = g; state.ply = p;
    games.forEach(function (s, i) { s.hidden = i !== g; });
    if (picker) picker.value = String(g);
    var sec = games[g];
    var board = sec.querySelector(".board");
    board.innerHTML = info.boards[p].map(function (i) { return data.lines[i]; }).join("\n");
    board.setAttribute("data-ply", String(p));
    sec.querySelector(".plyno").textContent = String(p);
    sec.querySelectorAll(".detail").forEach(function (d) {
      d.hidden = d.getAttribute("data-ply") !== String(p);
    });
    sec.querySelectorAll("a.mv").forEach(function (a) {
      var on = a.getAttribute("data-ply") === String(p);
      a.classList.toggle("current", on);
      if (on) {
        a.setAttribute("aria-current", "step");
        var box = sec.querySelector(".moves-box"), cell = a.parentNode;
        if (box && (cell.offsetTop < box.scrollTop || cell.offsetTop + cell.offsetHeight > box.scrollTop + box.clientHeight)) {
          box.scrollTop = Math.max(0, cell.offsetTop - box.clientHeight / 2);
        }
      } else {
        a.removeAttribute("aria-current");
      }
    });
    var cursor = sec.querySelector(".plot line.cursor");
    if (cursor) {
      var x0 = +cursor.getAttribute("data-x0"), x1 = +cursor.getAttribute("data-x1");
      var lo = +cursor.getAttribute("data-lo"), hi = +cursor.getAttribute("data-hi");
      var v = Math.min(Math.max(info.x[p], lo), hi);
      var x = hi > lo ? x0 + (v - lo) / (hi - lo) * (x1 - x0) : x0;
      cursor.setAttribute("x1", x.toFixed(2));
      cursor.setAttribute("x2", x.toFixed(2));
    }
    if (!keepAddress && history.replaceState) {
      history.replaceState(null, "", "#game=" + (g + 1) + "&ply=" + p);
    }
  }

  function step(how) {
    var last = data.games[state.game].boards.length - 1;
    var p = state.ply;
    if (how === "start") p = 0;
    else if (how === "back") p = Math.max(0, p - 1);
    else if (how === "forward") p = Math.min(last, p + 1);
    else if (how === "end") p = last;
    show(state.game, p);
  }

  function fromAddress() {
    var m = /game=(\d+)/.exec(location.hash), n = /ply=(\d+)/.exec(location.hash);
    var g = m ? parseInt(m[1], 10) - 1 : state.game;
    show(g, n ? parseInt(n[1], 10) : (m ? 0 : state.ply), true);
  }

  document.querySelectorAll("button[data-step]").forEach(function (b) {
    b.addEventListener("click", function () { step(b.getAttribute("data-step")); });
  });
  document.querySelectorAll("a.mv").forEach(function (a) {
    a.addEventListener("click", function (e) {
      e.preventDefault();
      show(state.game, parseInt(a.getAttribute("data-ply"), 10));
    });
  });
  if (picker) {
    picker.addEventListener("change", function () { show(parseInt(picker.value, 10), 0); });
  }
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") return;
    var how = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" }[e.key];
    if (how) { e.preventDefault(); step(how); }
  });
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
})();
"##;

/// The page for `games`, titled `title`: one self-contained HTML document.
///
/// ```
/// use roundtable::{Game, read_str};
/// use roundtable::render::html::{PageGame, page};
///
/// let record = read_str("[Event \"<b>Opera</b>\"]\n\n1. e4 e5 2. Nf3 *\n").remove(0)?;
/// let game = Game::replay(record)?;
/// let html = page("example", &[PageGame { source: "example.pgn".into(), game }]);
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// assert!(html.contains("&lt;b&gt;Opera&lt;/b&gt;"));
/// assert!(!html.contains("<b>Opera"));
/// # Ok::<(), roundtable::Error>(())
/// ```
pub fn page(title: &str, games: &[PageGame]) -> String {
    let mut lines = Lines::default();
    let mut data_games = Vec::new();
    let mut body = String::new();
    for (n, g) in games.iter().enumerate() {
        let rounds: Vec<usize> = g.game.plies().iter().map(|p| p.round).collect();
        let x = plot_positions(&rounds);
        data_games.push(serde_json::json!({
            "boards": game_boards(&g.game, &mut lines),
            "x": x,
        }));
        section(&mut body, n, g);
    }
    let data = serde_json::json!({ "lines": lines.lines, "games": data_games });

    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n",
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(out, "<h1>{}</h1>", escape(title));
    if games.len() > 1 {
        out.push_str("<p><label>Game <select id=\"picker\">");
        for (n, g) in games.iter().enumerate() {
            let _ = write!(
                out,
                "<option value=\"{n}\">{}. {}</option>",
                n + 1,
                escape(&self::title(g))
            );
        }
        out.push_str("</select></label></p>\n");
    }
    if games.is_empty() {
        out.push_str("<p>No games.</p>\n");
    }
    out.push_str(&body);
    let _ = writeln!(
        out,
        "<script type=\"application/json\" id=\"roundtable-data\">{}</script>",
        script_json(&data)
    );
    let _ = writeln!(out, "<script>{SCRIPT}</script>\n</body>\n</html>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::read_str;

    fn games(text: &str) -> Vec<PageGame> {
        read_str(text)
            .into_iter()
            .enumerate()
            .map(|(i, r)| PageGame {
                source: format!("test#{}", i + 1),
                game: Game::replay(r.unwrap()).unwrap(),
            })
            .collect()
    }

    const HOSTILE: &str = "<script>alert(1)</script>";

    #[test]
    fn tags_and_comments_are_escaped_in_html() {
        let pgn = format!(
            "[Event \"{HOSTILE}\"]\n[Site \"a & b \\\"q\\\" 'x'\"]\n\n{{{HOSTILE}}} 1. e4 {{</script><script>alert(2)</script>}} e5 *\n"
        );
        let html = page(HOSTILE, &games(&pgn));
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(!html.contains("</script><script>alert"));
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("a &amp; b &quot;q&quot; &#39;x&#39;"));
        // Only the page's own two scripts.
        assert_eq!(html.matches("<script").count(), 2);
        assert_eq!(html.matches("</script>").count(), 2);
    }

    #[test]
    fn tags_are_escaped_in_svg() {
        let pgn = format!("[Event \"{HOSTILE}\"]\n\n1. e4 e5 *\n");
        let g = games(&pgn).remove(0);
        let report = g.game.report(HOSTILE, None);
        for svg in [
            super::super::report::plot(&report),
            super::super::report::plot_with_cursor(&report, 1.0),
        ] {
            assert!(!svg.contains("<script"), "{svg}");
            assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        }
        let t = g.game.trace::<u64>().unwrap();
        let board = svg(&t.start, None, Some(HOSTILE.into()), player_colour);
        assert!(!board.contains("<script"));
        assert!(board.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    }

    #[test]
    fn every_position_is_a_board() {
        let gs = games("1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 *\n");
        let html = page("two", &gs);
        assert!(html.contains("id=\"picker\""));
        let start = html.find("id=\"roundtable-data\">").unwrap() + 21;
        let end = start + html[start..].find("</script>").unwrap();
        let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
        let boards = data["games"][0]["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 5);
        assert_eq!(data["games"][1]["boards"].as_array().unwrap().len(), 2);
        let lines = data["lines"].as_array().unwrap();
        let picture = |i: usize| -> String {
            boards[i]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| lines[n.as_u64().unwrap() as usize].as_str().unwrap())
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(picture(0).starts_with("<svg"));
        assert!(picture(0).ends_with("</svg>"));
        assert_ne!(picture(0), picture(1));
        assert_eq!(
            data["games"][0]["x"],
            serde_json::json!([0.0, 0.5, 1.0, 1.5, 2.0])
        );
    }

    #[test]
    fn plot_positions_follow_rounds() {
        assert_eq!(plot_positions(&[]), vec![0.0]);
        assert_eq!(
            plot_positions(&[1, 1, 1, 1, 2, 2]),
            vec![0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0]
        );
        // A game that starts with Black to move.
        assert_eq!(plot_positions(&[1, 2, 2]), vec![0.0, 1.0, 1.5, 2.0]);
    }
}
