//! Standalone SVG 1.1 renderers: board diagrams and line plots.
//!
//! Both renderers return a complete SVG document as a `String`. Nothing
//! external is referenced: text uses `font-family="sans-serif"` and chess men
//! are drawn with the Unicode chess glyphs. Every piece of caller-supplied
//! text (titles, names, colours) is escaped before it is written, and
//! characters that XML 1.0 forbids are replaced by U+FFFD, so the output is
//! well-formed for any input. No input can make these functions panic.

use std::fmt::Write as _;

/// A square of a board, 0-based: `(0, 0)` is a1, bottom-left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSquare {
    /// The file, from 0 at the left (`a`).
    pub x: usize,
    /// The rank, from 0 at the bottom (rank 1).
    pub y: usize,
}

/// One man on a diagram.
#[derive(Debug, Clone, PartialEq)]
pub struct DiagramMan {
    /// The man's file, from 0 at the left.
    pub x: usize,
    /// The man's rank, from 0 at the bottom.
    pub y: usize,
    /// `'K'`, `'Q'`, `'R'`, `'B'`, `'N'`, `'P'` or `'S'` (squirk). Lower case
    /// is accepted; any other character is drawn as that letter in a circle.
    pub kind: char,
    /// A CSS colour such as `"#e8c800"`.
    pub colour: String,
    /// A mated player's man: drawn faded with a dashed outline.
    pub inert: bool,
    /// `'n'`, `'e'`, `'s'` or `'w'`: a pawn travelling other than its owner's
    /// forward direction; drawn as a small arrow in the square's corner.
    pub arrow: Option<char>,
}

/// A board diagram.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Diagram {
    /// The number of files of the board's enclosing rectangle.
    pub width: usize,
    /// The number of ranks of the board's enclosing rectangle.
    pub height: usize,
    /// `width * height` entries, index `y * width + x`; `false` = no square.
    /// Missing entries (a short or empty vector) count as existing squares.
    pub exists: Vec<bool>,
    /// Same indexing: light or dark square. Missing entries follow the usual
    /// pattern (a1 dark).
    pub light: Vec<bool>,
    /// The men to draw; men off the board or on missing squares are skipped.
    pub men: Vec<DiagramMan>,
    /// Both squares are highlighted and an arrow joins their centres.
    pub last_move: Option<(BoardSquare, BoardSquare)>,
    /// Drawn above the board.
    pub title: Option<String>,
    /// `(player name, colour)`, drawn as swatches under the board.
    pub legend: Vec<(String, String)>,
}

/// One line of a [`Plot`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Series {
    /// The line's name in the legend (a player or a team).
    pub name: String,
    /// A CSS colour for the line and its legend swatch.
    pub colour: String,
    /// One value per entry of [`Plot::x_values`]; non-finite values are
    /// skipped, values without an x value are not drawn.
    pub values: Vec<f64>,
    /// Team lines are dashed.
    pub dashed: bool,
}

/// A line chart.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plot {
    /// Drawn above the chart.
    pub title: String,
    /// The label of the horizontal axis (`round`).
    pub x_label: String,
    /// The label of the vertical axis (`material`).
    pub y_label: String,
    /// Round numbers, one per value of each series.
    pub x_values: Vec<usize>,
    /// The lines to draw, each with one value per x value.
    pub series: Vec<Series>,
}

// ---------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------

/// Escapes text for use in SVG character data or a quoted attribute value.
/// Characters that XML 1.0 does not allow are replaced by U+FFFD.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Formats a coordinate with at most two decimals and no trailing zeros.
fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".to_string();
    }
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Rough width in pixels of `s` drawn at `size` px in a sans-serif font.
fn text_width(s: &str, size: f64) -> f64 {
    s.chars().count() as f64 * size * 0.6
}

/// Shortens `s` to at most `max` characters, ending with an ellipsis.
fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('\u{2026}');
        t
    }
}

/// Relative luminance (0 = black, 1 = white) of `#rgb`, `#rrggbb`, `white`
/// or `black`; `None` for anything else.
fn luminance(colour: &str) -> Option<f64> {
    let c = colour.trim();
    if c.eq_ignore_ascii_case("white") {
        return Some(1.0);
    }
    if c.eq_ignore_ascii_case("black") {
        return Some(0.0);
    }
    let hex = c.strip_prefix('#')?;
    let channel = |s: &str| u8::from_str_radix(s, 16).ok().map(f64::from);
    let (r, g, b) = match hex.len() {
        3 => {
            let d = |i: usize| hex.get(i..=i).and_then(channel).map(|v| v * 17.0);
            (d(0)?, d(1)?, d(2)?)
        }
        6 => {
            let d = |i: usize| hex.get(i..i + 2).and_then(channel);
            (d(0)?, d(2)?, d(4)?)
        }
        _ => return None,
    };
    Some((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0)
}

/// A text colour readable on a background of `colour`.
fn ink_on(colour: &str) -> &'static str {
    match luminance(colour) {
        Some(l) if l < 0.5 => "#ffffff",
        _ => "#111111",
    }
}

fn svg_open(out: &mut String, w: f64, h: f64) {
    let (w, h) = (num(w), num(h));
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">"
    );
    let _ = writeln!(
        out,
        "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>"
    );
}

// ---------------------------------------------------------------------------
// Diagram
// ---------------------------------------------------------------------------

const SQ: f64 = 40.0;
const LIGHT_SQ: &str = "#ece6d6";
const DARK_SQ: &str = "#9fafbf";
const OUTLINE: &str = "#1a1a1a";
const HIGHLIGHT: &str = "#f7d64a";
const MOVE_ARROW: &str = "#1e63c8";
const GLYPH_SIZE: f64 = 34.0;
const LABEL_SIZE: f64 = 12.0;
const LEGEND_SIZE: f64 = 13.0;

/// File letters: a..z, then aa, ab, ...
fn file_label(x: usize) -> String {
    let mut rev = Vec::new();
    let mut x = x;
    loop {
        rev.push(char::from(b'a' + (x % 26) as u8));
        if x < 26 {
            break;
        }
        x = x / 26 - 1;
    }
    rev.iter().rev().collect()
}

fn square_index(d: &Diagram, x: usize, y: usize) -> Option<usize> {
    if x >= d.width || y >= d.height {
        return None;
    }
    y.checked_mul(d.width)?.checked_add(x)
}

fn square_exists(d: &Diagram, x: usize, y: usize) -> bool {
    match square_index(d, x, y) {
        Some(i) => d.exists.get(i).copied().unwrap_or(true),
        None => false,
    }
}

fn square_light(d: &Diagram, x: usize, y: usize) -> bool {
    square_index(d, x, y)
        .and_then(|i| d.light.get(i).copied())
        .unwrap_or((x + y) % 2 == 1)
}

/// Pixel geometry of a diagram.
struct Layout {
    left: f64,
    top: f64,
    height: usize,
}

impl Layout {
    /// Top-left corner of square `(x, y)`.
    fn corner(&self, x: usize, y: usize) -> (f64, f64) {
        let row = self.height.saturating_sub(1).saturating_sub(y);
        (self.left + x as f64 * SQ, self.top + row as f64 * SQ)
    }

    fn centre(&self, x: usize, y: usize) -> (f64, f64) {
        let (px, py) = self.corner(x, y);
        (px + SQ / 2.0, py + SQ / 2.0)
    }
}

/// Places legend entries in rows no wider than `avail`; returns
/// `(x offset, row, entry width)` per entry and the number of rows.
fn legend_rows(legend: &[(String, String)], avail: f64) -> (Vec<(f64, usize, f64)>, usize) {
    let mut placed = Vec::with_capacity(legend.len());
    let (mut x, mut row) = (0.0, 0usize);
    for (name, _) in legend {
        let w = 14.0 + 6.0 + text_width(&truncate(name, 40), LEGEND_SIZE) + 18.0;
        if x > 0.0 && x + w > avail {
            x = 0.0;
            row += 1;
        }
        placed.push((x, row, w));
        x += w;
    }
    let rows = if legend.is_empty() { 0 } else { row + 1 };
    (placed, rows)
}

/// Renders a board diagram as a standalone SVG document.
pub fn diagram(d: &Diagram) -> String {
    let board_w = d.width as f64 * SQ;
    let board_h = d.height as f64 * SQ;
    let rank_digits = d.height.max(1).to_string().len() as f64;
    let left = 10.0 + rank_digits * LABEL_SIZE * 0.6 + 6.0;
    let title = d.title.as_deref().map(|t| truncate(t, 120));
    let top = if title.is_some() { 44.0 } else { 12.0 };
    let labels_h = 22.0;

    let widest_entry = d
        .legend
        .iter()
        .map(|(n, _)| 38.0 + text_width(&truncate(n, 40), LEGEND_SIZE))
        .fold(0.0, f64::max);
    let title_w = title.as_deref().map_or(0.0, |t| text_width(t, 18.0) + 20.0);
    let total_w = (left + board_w + 12.0)
        .max(title_w)
        .max(widest_entry + 20.0)
        .max(120.0);
    let (placed, rows) = legend_rows(&d.legend, total_w - 20.0);
    let legend_h = if rows == 0 {
        0.0
    } else {
        rows as f64 * 22.0 + 8.0
    };
    let total_h = top + board_h + labels_h + legend_h + 6.0;

    let lay = Layout {
        left,
        top,
        height: d.height,
    };
    let mut out = String::new();
    svg_open(&mut out, total_w, total_h);

    if let Some(t) = &title {
        let _ = writeln!(
            out,
            "<text class=\"title\" x=\"{}\" y=\"28\" font-size=\"18\" font-weight=\"bold\" \
             text-anchor=\"middle\" fill=\"#111111\">{}</text>",
            num(total_w / 2.0),
            esc(t)
        );
    }

    // Squares.
    out.push_str("<g class=\"board\" stroke=\"none\">\n");
    for y in 0..d.height {
        for x in 0..d.width {
            if !square_exists(d, x, y) {
                continue;
            }
            let (px, py) = lay.corner(x, y);
            let fill = if square_light(d, x, y) {
                LIGHT_SQ
            } else {
                DARK_SQ
            };
            let _ = writeln!(
                out,
                "<rect class=\"sq\" x=\"{}\" y=\"{}\" width=\"40\" height=\"40\" fill=\"{fill}\"/>",
                num(px),
                num(py)
            );
        }
    }
    out.push_str("</g>\n");

    // Coordinates: each rank left of its first existing square, each file
    // under its lowest existing square (board edge if it has none).
    let _ = writeln!(
        out,
        "<g class=\"coords\" font-size=\"{}\" fill=\"#333333\">",
        num(LABEL_SIZE)
    );
    for y in 0..d.height {
        let first = (0..d.width).find(|&x| square_exists(d, x, y)).unwrap_or(0);
        let (px, py) = lay.corner(first, y);
        let _ = writeln!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            num(px - 5.0),
            num(py + SQ / 2.0 + LABEL_SIZE * 0.35),
            y + 1
        );
    }
    for x in 0..d.width {
        let lowest = (0..d.height).find(|&y| square_exists(d, x, y)).unwrap_or(0);
        let (px, py) = lay.corner(x, lowest);
        let _ = writeln!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            num(px + SQ / 2.0),
            num(py + SQ + 15.0),
            esc(&file_label(x))
        );
    }
    out.push_str("</g>\n");

    // Last move: highlight under the men, arrow above them.
    let last_move = d
        .last_move
        .filter(|(a, b)| a.x < d.width && a.y < d.height && b.x < d.width && b.y < d.height);
    if let Some((a, b)) = last_move {
        for s in [a, b] {
            let (px, py) = lay.corner(s.x, s.y);
            let _ = writeln!(
                out,
                "<rect class=\"hl\" x=\"{}\" y=\"{}\" width=\"40\" height=\"40\" fill=\"{HIGHLIGHT}\" \
                 fill-opacity=\"0.55\"/>",
                num(px),
                num(py)
            );
        }
    }

    for m in &d.men {
        if m.x < d.width && m.y < d.height {
            draw_man(&mut out, m, &lay);
        }
    }

    if let Some((a, b)) = last_move {
        draw_move_arrow(&mut out, lay.centre(a.x, a.y), lay.centre(b.x, b.y));
    }

    // Legend.
    let legend_top = top + board_h + labels_h + 4.0;
    for ((name, colour), (dx, row, _)) in d.legend.iter().zip(placed) {
        let x = 10.0 + dx;
        let y = legend_top + row as f64 * 22.0;
        let _ = writeln!(
            out,
            "<g class=\"legend\"><rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\" \
             stroke=\"{OUTLINE}\" stroke-width=\"1\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" \
             fill=\"#111111\">{}</text></g>",
            num(x),
            num(y),
            esc(colour),
            num(x + 20.0),
            num(y + 11.5),
            num(LEGEND_SIZE),
            esc(&truncate(name, 40))
        );
    }

    out.push_str("</svg>\n");
    out
}

/// Solid and outline glyphs for a kind of man, or `None` for one without.
fn glyphs(kind: char) -> Option<(char, char)> {
    match kind.to_ascii_uppercase() {
        'K' => Some(('\u{265A}', '\u{2654}')),
        'Q' => Some(('\u{265B}', '\u{2655}')),
        'R' => Some(('\u{265C}', '\u{2656}')),
        'B' => Some(('\u{265D}', '\u{2657}')),
        'N' => Some(('\u{265E}', '\u{2658}')),
        'P' => Some(('\u{265F}', '\u{2659}')),
        _ => None,
    }
}

fn draw_man(out: &mut String, m: &DiagramMan, lay: &Layout) {
    let (px, py) = lay.corner(m.x, m.y);
    let (cx, cy) = (px + SQ / 2.0, py + SQ / 2.0);
    let colour = esc(&m.colour);
    if m.inert {
        let _ = write!(out, "<g class=\"man inert\" opacity=\"0.45\">");
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"34\" height=\"34\" rx=\"5\" fill=\"#808080\" \
             fill-opacity=\"0.35\" stroke=\"{OUTLINE}\" stroke-width=\"1.5\" \
             stroke-dasharray=\"4 3\"/>",
            num(px + 3.0),
            num(py + 3.0)
        );
    } else {
        let _ = write!(out, "<g class=\"man\">");
    }
    match glyphs(m.kind) {
        Some((solid, outline)) => {
            // The solid glyph carries the player's colour; the outline glyph
            // on top adds the dark contour and inner detail lines.
            // Very dark colours get light detail lines so that they show.
            let detail = match luminance(&m.colour) {
                Some(l) if l < 0.25 => "#cfcfcf",
                _ => OUTLINE,
            };
            let base = cy + GLYPH_SIZE * 0.36;
            let _ = write!(
                out,
                "<text class=\"glyph\" x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
                 fill=\"{colour}\" stroke=\"{OUTLINE}\" stroke-width=\"1.2\">{solid}</text>\
                 <text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
                 fill=\"{detail}\">{outline}</text>",
                num(cx),
                num(base),
                num(GLYPH_SIZE),
                num(cx),
                num(base),
                num(GLYPH_SIZE)
            );
        }
        None => {
            let letter = match m.kind.to_ascii_uppercase() {
                c if c.is_control() || c.is_whitespace() => '?',
                c => c,
            };
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"14\" fill=\"{colour}\" stroke=\"{OUTLINE}\" \
                 stroke-width=\"1.5\"/><text class=\"glyph\" x=\"{}\" y=\"{}\" font-size=\"19\" \
                 font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                num(cx),
                num(cy),
                num(cx),
                num(cy + 19.0 * 0.36),
                ink_on(&m.colour),
                esc(&letter.to_string())
            );
        }
    }
    if let Some(dir) = m.arrow {
        draw_corner_arrow(out, dir, px + SQ - 8.0, py + 8.0);
    }
    out.push_str("</g>\n");
}

/// A small arrow centred on `(ax, ay)` pointing `n`, `e`, `s` or `w`
/// (screen up, right, down, left). Other characters draw nothing.
fn draw_corner_arrow(out: &mut String, dir: char, ax: f64, ay: f64) {
    // The arrow pointing north, as offsets from its centre.
    const NORTH: [(f64, f64); 7] = [
        (0.0, -6.0),
        (5.0, -1.0),
        (2.0, -1.0),
        (2.0, 6.0),
        (-2.0, 6.0),
        (-2.0, -1.0),
        (-5.0, -1.0),
    ];
    let turn: fn((f64, f64)) -> (f64, f64) = match dir.to_ascii_lowercase() {
        'n' => |(x, y)| (x, y),
        'e' => |(x, y)| (-y, x),
        's' => |(x, y)| (-x, -y),
        'w' => |(x, y)| (y, -x),
        _ => return,
    };
    let points: Vec<String> = NORTH
        .iter()
        .map(|&p| {
            let (dx, dy) = turn(p);
            format!("{},{}", num(ax + dx), num(ay + dy))
        })
        .collect();
    let _ = write!(
        out,
        "<polygon class=\"dir\" points=\"{}\" fill=\"#111111\" stroke=\"#ffffff\" \
         stroke-width=\"1\" stroke-linejoin=\"round\"/>",
        points.join(" ")
    );
}

/// An arrow from centre `a` to centre `b`; nothing if they coincide.
fn draw_move_arrow(out: &mut String, a: (f64, f64), b: (f64, f64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    if len.is_nan() || len <= 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let head = 14.0_f64.min(len * 0.6);
    let half = 9.0;
    let (bx, by) = (b.0 - ux * head, b.1 - uy * head);
    let _ = writeln!(
        out,
        "<g class=\"move\" opacity=\"0.8\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" \
         stroke=\"{MOVE_ARROW}\" stroke-width=\"5\" stroke-linecap=\"round\"/><polygon \
         points=\"{},{} {},{} {},{}\" fill=\"{MOVE_ARROW}\"/></g>",
        num(a.0),
        num(a.1),
        num(bx),
        num(by),
        num(b.0),
        num(b.1),
        num(bx + nx * half),
        num(by + ny * half),
        num(bx - nx * half),
        num(by - ny * half)
    );
}

// ---------------------------------------------------------------------------
// Line plot
// ---------------------------------------------------------------------------

const PLOT_W: f64 = 720.0;
const PLOT_H: f64 = 420.0;
const MAX_X_LABELS: usize = 15;

/// A "nice" tick step (1, 2, 2.5 or 5 times a power of ten) giving about
/// `target` intervals over `span`.
fn nice_step(span: f64, target: f64) -> f64 {
    let raw = span / target;
    if !(raw.is_finite() && raw > 0.0) {
        return 1.0;
    }
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let factor = if norm <= 1.0 {
        1.0
    } else if norm <= 2.0 {
        2.0
    } else if norm <= 2.5 {
        2.5
    } else if norm <= 5.0 {
        5.0
    } else {
        10.0
    };
    factor * mag
}

/// Decimals needed to print multiples of `step` exactly enough.
fn step_decimals(step: f64) -> usize {
    let mut d = 0usize;
    let mut s = step;
    while d < 6 && (s - s.round()).abs() > 1e-9 * s.abs().max(1.0) {
        s *= 10.0;
        d += 1;
    }
    d
}

fn tick_label(v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    if s.starts_with('-') && s.trim_start_matches(['-', '0', '.']).is_empty() {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

/// Renders a line chart as a standalone SVG document.
pub fn line_plot(p: &Plot) -> String {
    plot(p, None)
}

/// Renders a line chart as [`line_plot`] does, with a vertical cursor line
/// (`class="cursor"`) at the horizontal value `at` (clamped to the rounds
/// shown). The cursor carries its scale, so that a script can move it to
/// value `v` at `data-x0 + (v - data-lo) / (data-hi - data-lo) * (data-x1 - data-x0)`.
pub fn line_plot_with_cursor(p: &Plot, at: f64) -> String {
    plot(p, Some(at))
}

fn plot(p: &Plot, cursor: Option<f64>) -> String {
    // Value range: from 0 (or the minimum, if negative) to the maximum.
    let finite = p
        .series
        .iter()
        .flat_map(|s| s.values.iter().take(p.x_values.len()))
        .copied()
        .filter(|v| v.is_finite());
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for v in finite {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !(hi - lo).is_finite() {
        // Values near f64::MAX: halve the range so arithmetic stays finite.
        lo /= 2.0;
        hi /= 2.0;
    }
    if hi - lo <= 0.0 {
        hi = lo + 1.0;
    }
    let step = nice_step(hi - lo, 5.0);
    let y_lo = (lo / step).floor() * step;
    let y_hi = (hi / step).ceil() * step;
    let y_span = if y_hi > y_lo { y_hi - y_lo } else { 1.0 };

    // Round range; a single round sits in the middle.
    let x_min = p.x_values.iter().copied().min().unwrap_or(0) as f64;
    let x_max = p.x_values.iter().copied().max().unwrap_or(1) as f64;
    let (x_lo, x_hi) = if x_max > x_min {
        (x_min, x_max)
    } else {
        (x_min - 1.0, x_min + 1.0)
    };

    // Legend width decides the plot area.
    let names: Vec<String> = p.series.iter().map(|s| truncate(&s.name, 24)).collect();
    let legend_w = names
        .iter()
        .map(|n| 44.0 + text_width(n, 12.0))
        .fold(0.0, f64::max);
    let area_l = 70.0;
    let area_t = 46.0;
    let area_r = PLOT_W - 20.0 - legend_w;
    let area_b = PLOT_H - 56.0;
    let (area_w, area_h) = (area_r - area_l, area_b - area_t);
    let px = |x: f64| area_l + (x - x_lo) / (x_hi - x_lo) * area_w;
    let py = |v: f64| area_b - (v - y_lo) / y_span * area_h;

    let mut out = String::new();
    svg_open(&mut out, PLOT_W, PLOT_H);
    let _ = writeln!(
        out,
        "<text class=\"title\" x=\"{}\" y=\"26\" font-size=\"17\" font-weight=\"bold\" \
         text-anchor=\"middle\" fill=\"#111111\">{}</text>",
        num((area_l + area_r) / 2.0),
        esc(&truncate(&p.title, 70))
    );

    // Y grid and ticks.
    let decimals = step_decimals(step);
    let n_y = (((y_hi - y_lo) / step).round() as usize).min(50);
    out.push_str("<g class=\"yticks\" font-size=\"11\" fill=\"#333333\">\n");
    for i in 0..=n_y {
        let v = y_lo + i as f64 * step;
        let y = py(v);
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#dddddd\" stroke-width=\"1\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            num(area_l),
            num(y),
            num(area_r),
            num(y),
            num(area_l - 6.0),
            num(y + 4.0),
            tick_label(v, decimals)
        );
    }
    out.push_str("</g>\n");

    // X grid and ticks at the round numbers, thinned.
    let mut rounds = p.x_values.clone();
    rounds.sort_unstable();
    rounds.dedup();
    let every = rounds.len().div_ceil(MAX_X_LABELS).max(1);
    out.push_str("<g class=\"xticks\" font-size=\"11\" fill=\"#333333\">\n");
    for r in rounds.iter().step_by(every) {
        let x = px(*r as f64);
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#eeeeee\" stroke-width=\"1\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            num(x),
            num(area_t),
            num(x),
            num(area_b),
            num(x),
            num(area_b + 16.0),
            r
        );
    }
    out.push_str("</g>\n");

    // Axes and axis labels.
    let _ = writeln!(
        out,
        "<polyline class=\"axes\" points=\"{},{} {},{} {},{}\" fill=\"none\" stroke=\"#333333\" \
         stroke-width=\"1.2\"/>",
        num(area_l),
        num(area_t),
        num(area_l),
        num(area_b),
        num(area_r),
        num(area_b)
    );
    let _ = writeln!(
        out,
        "<text class=\"xlabel\" x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" \
         fill=\"#111111\">{}</text>",
        num((area_l + area_r) / 2.0),
        num(PLOT_H - 16.0),
        esc(&truncate(&p.x_label, 60))
    );
    let (yl_x, yl_y) = (20.0, (area_t + area_b) / 2.0);
    let _ = writeln!(
        out,
        "<text class=\"ylabel\" x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" \
         fill=\"#111111\" transform=\"rotate(-90 {} {})\">{}</text>",
        num(yl_x),
        num(yl_y),
        num(yl_x),
        num(yl_y),
        esc(&truncate(&p.y_label, 40))
    );

    // Series.
    for s in &p.series {
        let points: Vec<(f64, f64)> = s
            .values
            .iter()
            .zip(&p.x_values)
            .filter(|(v, _)| v.is_finite())
            .map(|(&v, &x)| (px(x as f64), py(v)))
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .collect();
        if points.is_empty() {
            continue;
        }
        let colour = esc(&s.colour);
        let dash = if s.dashed {
            " stroke-dasharray=\"7 4\""
        } else {
            ""
        };
        let coords: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(
            out,
            "<g class=\"series\"><polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" \
             stroke-width=\"2\" stroke-linejoin=\"round\"{dash}/>",
            coords.join(" ")
        );
        for (x, y) in &points {
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"2.8\" fill=\"{colour}\" stroke=\"{OUTLINE}\" \
                 stroke-width=\"0.8\"/>",
                num(*x),
                num(*y)
            );
        }
        out.push_str("</g>\n");
    }

    if let Some(at) = cursor {
        let at = if at.is_finite() {
            at.clamp(x_lo, x_hi)
        } else {
            x_lo
        };
        let _ = writeln!(
            out,
            "<line class=\"cursor\" x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"#d0021b\" \
             stroke-width=\"2\" stroke-opacity=\"0.8\" data-x0=\"{}\" data-x1=\"{}\" data-lo=\"{}\" \
             data-hi=\"{}\"/>",
            num(area_t),
            num(area_b),
            num(area_l),
            num(area_r),
            num(x_lo),
            num(x_hi),
            x = num(px(at)),
        );
    }

    // Legend on the right.
    let lx = area_r + 16.0;
    for (i, (s, name)) in p.series.iter().zip(&names).enumerate() {
        let y = area_t + 8.0 + i as f64 * 20.0;
        if y > PLOT_H - 10.0 {
            break;
        }
        let dash = if s.dashed {
            " stroke-dasharray=\"7 4\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<g class=\"legend\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" \
             stroke-width=\"2\"{dash}/><circle cx=\"{}\" cy=\"{}\" r=\"2.8\" fill=\"{}\" \
             stroke=\"{OUTLINE}\" stroke-width=\"0.8\"/><text x=\"{}\" y=\"{}\" font-size=\"12\" \
             fill=\"#111111\">{}</text></g>",
            num(lx),
            num(y),
            num(lx + 26.0),
            num(y),
            esc(&s.colour),
            num(lx + 13.0),
            num(y),
            esc(&s.colour),
            num(lx + 32.0),
            num(y + 4.0),
            esc(name)
        );
    }

    out.push_str("</svg>\n");
    out
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    /// A small XML well-formedness checker: balanced tags, a single root,
    /// quoted attributes without duplicates, valid entity references.
    fn check_xml(doc: &str) -> Result<(), String> {
        fn check_entities(text: &str) -> Result<(), String> {
            let mut rest = text;
            while let Some(i) = rest.find('&') {
                let after = &rest[i + 1..];
                let end = after.find(';').ok_or("unterminated entity")?;
                let name = &after[..end];
                let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
                    || name
                        .strip_prefix("#x")
                        .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
                    || name
                        .strip_prefix('#')
                        .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()));
                if !ok {
                    return Err(format!("bad entity &{name};"));
                }
                rest = &after[end + 1..];
            }
            Ok(())
        }
        fn is_name_char(c: char) -> bool {
            c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.')
        }

        let mut stack: Vec<String> = Vec::new();
        let mut roots = 0;
        let mut rest = doc;
        if let Some(r) = rest.strip_prefix("<?xml") {
            rest = &r[r.find("?>").ok_or("unterminated prolog")? + 2..];
        }
        loop {
            let lt = rest.find('<');
            let text = &rest[..lt.unwrap_or(rest.len())];
            if text.contains('>') {
                return Err(format!("raw '>' in text {text:?}"));
            }
            check_entities(text)?;
            if stack.is_empty() && !text.trim().is_empty() {
                return Err("text outside root".into());
            }
            let Some(lt) = lt else { break };
            rest = &rest[lt + 1..];
            if let Some(r) = rest.strip_prefix("!--") {
                rest = &r[r.find("-->").ok_or("unterminated comment")? + 3..];
                continue;
            }
            if let Some(r) = rest.strip_prefix('/') {
                let end = r.find('>').ok_or("unterminated end tag")?;
                let name = r[..end].trim_end();
                match stack.pop() {
                    Some(open) if open == name => {}
                    other => return Err(format!("</{name}> closes {other:?}")),
                }
                rest = &r[end + 1..];
                continue;
            }
            let name_len = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
            let name = &rest[..name_len];
            if name.is_empty() {
                return Err("empty tag name".into());
            }
            rest = &rest[name_len..];
            let mut attrs: Vec<&str> = Vec::new();
            let self_closing = loop {
                let trimmed = rest.trim_start();
                let had_space = trimmed.len() < rest.len();
                rest = trimmed;
                if let Some(r) = rest.strip_prefix("/>") {
                    rest = r;
                    break true;
                }
                if let Some(r) = rest.strip_prefix('>') {
                    rest = r;
                    break false;
                }
                if !had_space {
                    return Err(format!("missing space before attribute in <{name}>"));
                }
                let an_len = rest.find(|c: char| !is_name_char(c)).unwrap_or(0);
                if an_len == 0 {
                    return Err(format!(
                        "bad attribute in <{name}>: {:?}",
                        rest.chars().take(20).collect::<String>()
                    ));
                }
                let an = &rest[..an_len];
                if attrs.contains(&an) {
                    return Err(format!("duplicate attribute {an} in <{name}>"));
                }
                attrs.push(an);
                rest = rest[an_len..]
                    .strip_prefix('=')
                    .ok_or("attribute without =")?;
                let quote = rest.chars().next().ok_or("eof in attribute")?;
                if quote != '"' && quote != '\'' {
                    return Err(format!("unquoted attribute {an}"));
                }
                let body = &rest[1..];
                let end = body.find(quote).ok_or("unterminated attribute")?;
                let value = &body[..end];
                if value.contains('<') {
                    return Err("'<' in attribute".into());
                }
                check_entities(value)?;
                rest = &body[end + 1..];
            };
            if stack.is_empty() {
                roots += 1;
            }
            if !self_closing {
                stack.push(name.to_string());
            }
        }
        if !stack.is_empty() {
            return Err(format!("unclosed tags {stack:?}"));
        }
        if roots != 1 {
            return Err(format!("{roots} root elements"));
        }
        Ok(())
    }

    fn assert_xml(doc: &str) {
        if let Err(e) = check_xml(doc) {
            panic!("not well-formed: {e}\n{doc}");
        }
    }

    #[test]
    fn checker_rejects_bad_xml() {
        assert!(check_xml("<a><b></a></b>").is_err());
        assert!(check_xml("<a x=1/>").is_err());
        assert!(check_xml("<a>&</a>").is_err());
        assert!(check_xml("<a>").is_err());
        assert!(check_xml("<a/><b/>").is_err());
        assert!(check_xml("<a x=\"<\"/>").is_err());
        assert!(check_xml("<a x=\"1\" x=\"2\"/>").is_err());
        assert!(check_xml("<?xml version=\"1.0\"?>\n<a b='&amp;'>t&#9;</a>\n").is_ok());
    }

    fn count(doc: &str, needle: &str) -> usize {
        doc.matches(needle).count()
    }

    fn plain_board(width: usize, height: usize) -> Diagram {
        let n = width * height;
        Diagram {
            width,
            height,
            exists: vec![true; n],
            light: (0..n).map(|i| (i % width + i / width) % 2 == 1).collect(),
            ..Diagram::default()
        }
    }

    /// 14x14 with the four 3x3 corners cut (160 squares).
    fn cross_board() -> Diagram {
        let mut d = plain_board(14, 14);
        for y in 0..14 {
            for x in 0..14 {
                let edge = |v: usize| !(3..11).contains(&v);
                d.exists[y * 14 + x] = !(edge(x) && edge(y));
            }
        }
        d
    }

    fn man(x: usize, y: usize, kind: char, colour: &str) -> DiagramMan {
        DiagramMan {
            x,
            y,
            kind,
            colour: colour.to_string(),
            inert: false,
            arrow: None,
        }
    }

    /// Verney's four-handed start: each player's eight men on its back rank
    /// and eight pawns in front, on its arm of the cross.
    fn verney_start() -> Diagram {
        let mut d = cross_board();
        let back = ['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'];
        let players = [
            ("Yellow", "#e6c300"),
            ("Red", "#c62828"),
            ("White", "#ffffff"),
            ("Black", "#222222"),
        ];
        for (i, &kind) in back.iter().enumerate() {
            let a = 3 + i;
            let (yellow, red, white, black) =
                (players[0].1, players[1].1, players[2].1, players[3].1);
            d.men.push(man(a, 0, kind, yellow));
            d.men.push(man(a, 1, 'P', yellow));
            d.men.push(man(0, 13 - a, kind, red));
            d.men.push(man(1, 13 - a, 'P', red));
            d.men.push(man(13 - a, 13, kind, white));
            d.men.push(man(13 - a, 12, 'P', white));
            d.men.push(man(13, a, kind, black));
            d.men.push(man(12, a, 'P', black));
        }
        d.title = Some("Verney four-handed chess \u{2014} start".to_string());
        d.legend = players
            .iter()
            .map(|(n, c)| (n.to_string(), c.to_string()))
            .collect();
        d
    }

    /// A 10x8 board showing every special drawing.
    fn misc_board() -> Diagram {
        let mut d = plain_board(10, 8);
        d.men = vec![
            man(0, 0, 'K', "#e6c300"),
            man(1, 0, 'Q', "#ffffff"),
            man(2, 0, 'R', "#c62828"),
            man(3, 0, 'B', "#222222"),
            man(4, 0, 'N', "#2e7d32"),
            man(5, 1, 'P', "#e6c300"),
            man(6, 2, 'S', "#e6c300"),
            man(7, 2, 'S', "#222222"),
            man(8, 3, 'x', "#c62828"),
        ];
        for (i, dir) in ['n', 'e', 's', 'w'].into_iter().enumerate() {
            let mut p = man(i, 4, 'P', "#c62828");
            p.arrow = Some(dir);
            d.men.push(p);
        }
        let mut dead = man(6, 5, 'K', "#c62828");
        dead.inert = true;
        d.men.push(dead);
        let mut dead_pawn = man(7, 5, 'P', "#ffffff");
        dead_pawn.inert = true;
        dead_pawn.arrow = Some('e');
        d.men.push(dead_pawn);
        d.last_move = Some((BoardSquare { x: 2, y: 2 }, BoardSquare { x: 6, y: 2 }));
        d.title = Some("Capablanca-size <test> & \"quotes\" 'apos'".to_string());
        d.legend = vec![
            ("Amy & <Bob>".to_string(), "#e6c300".to_string()),
            ("Carol \"C\"".to_string(), "#c62828".to_string()),
        ];
        d
    }

    #[test]
    fn escapes_text() {
        assert_eq!(esc("a&b<c>d\"e'f"), "a&amp;b&lt;c&gt;d&quot;e&apos;f");
        assert_eq!(esc("x\u{0}y\u{FFFF}"), "x\u{FFFD}y\u{FFFD}");
        assert_eq!(esc("tab\tok"), "tab\tok");
    }

    #[test]
    fn formats_numbers() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.345_67), "2.35");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn file_labels() {
        assert_eq!(file_label(0), "a");
        assert_eq!(file_label(13), "n");
        assert_eq!(file_label(25), "z");
        assert_eq!(file_label(26), "aa");
        assert_eq!(file_label(27), "ab");
        assert_eq!(file_label(52), "ba");
    }

    #[test]
    fn contrast_ink() {
        assert_eq!(ink_on("#222222"), "#ffffff");
        assert_eq!(ink_on("#ffffff"), "#111111");
        assert_eq!(ink_on("#e6c300"), "#111111");
        assert_eq!(ink_on("#c62828"), "#ffffff");
        assert_eq!(ink_on("#fff"), "#111111");
        assert_eq!(ink_on("black"), "#ffffff");
        assert_eq!(ink_on("rebeccapurple"), "#111111");
        assert_eq!(ink_on("#é1"), "#111111");
    }

    #[test]
    fn board_8x8() {
        let mut d = plain_board(8, 8);
        d.men = vec![man(4, 0, 'K', "#ffffff"), man(4, 7, 'k', "#222222")];
        let svg = diagram(&d);
        assert_xml(&svg);
        assert_eq!(count(&svg, "class=\"sq\""), 64);
        assert_eq!(count(&svg, "class=\"coord\""), 16);
        assert_eq!(count(&svg, "class=\"glyph\""), 2);
        assert_eq!(count(&svg, "\u{265A}"), 2);
        assert!(svg.contains(">a</text>") && svg.contains(">h</text>"));
        assert!(svg.contains(">1</text>") && svg.contains(">8</text>"));
        assert!(
            svg.contains("width=\"355.2\""),
            "width = 10+7.2+6 + 320 + 12"
        );
    }

    #[test]
    fn board_10x8_misc() {
        let d = misc_board();
        let svg = diagram(&d);
        assert_xml(&svg);
        assert_eq!(count(&svg, "class=\"sq\""), 80);
        assert_eq!(count(&svg, "class=\"coord\""), 18);
        assert_eq!(count(&svg, "class=\"glyph\""), d.men.len());
        assert_eq!(count(&svg, "class=\"man inert\""), 2);
        assert_eq!(count(&svg, "class=\"dir\""), 5);
        assert_eq!(count(&svg, "class=\"hl\""), 2);
        assert_eq!(count(&svg, "class=\"move\""), 1);
        assert_eq!(count(&svg, "class=\"legend\""), 2);
        assert!(svg.contains("&lt;test&gt; &amp; &quot;quotes&quot; &apos;apos&apos;"));
        assert!(svg.contains("Amy &amp; &lt;Bob&gt;"));
        assert!(svg.contains(">S</text>") && svg.contains(">X</text>"));
        assert!(svg.contains(">j</text>"));
    }

    #[test]
    fn board_verney_cross() {
        let d = verney_start();
        let svg = diagram(&d);
        assert_xml(&svg);
        assert_eq!(count(&svg, "class=\"sq\""), 160);
        assert_eq!(count(&svg, "class=\"coord\""), 28);
        assert_eq!(d.men.len(), 64);
        assert_eq!(count(&svg, "class=\"glyph\""), 64);
        for c in ["#e6c300", "#c62828", "#ffffff", "#222222"] {
            assert!(count(&svg, &format!("fill=\"{c}\"")) >= 16, "{c}");
        }
        // No square is drawn in the cut a1 corner.
        assert!(!svg.contains("class=\"sq\" x=\"30.4\" y=\"564\""));
        assert!(svg.contains("class=\"sq\" x=\"150.4\" y=\"564\""));
        if let Ok(dir) = std::env::var("SVG_SAMPLES_DIR") {
            let dir = std::path::Path::new(&dir);
            std::fs::write(dir.join("sample-verney.svg"), &svg).ok();
            std::fs::write(dir.join("sample-misc.svg"), diagram(&misc_board())).ok();
            std::fs::write(dir.join("sample-plot.svg"), line_plot(&sample_plot())).ok();
        }
    }

    #[test]
    fn board_without_east_arm() {
        let mut d = cross_board();
        for y in 0..14 {
            for x in 11..14 {
                d.exists[y * 14 + x] = false;
            }
        }
        d.men = vec![man(11, 5, 'K', "red"), man(3, 0, 'R', "#e6c300")];
        let svg = diagram(&d);
        assert_xml(&svg);
        let expected = d.exists.iter().filter(|&&e| e).count();
        assert_eq!(expected, 136);
        assert_eq!(count(&svg, "class=\"sq\""), expected);
        assert_eq!(count(&svg, "class=\"coord\""), 28);
        for f in ["l", "m", "n"] {
            assert_eq!(count(&svg, &format!(">{f}</text>")), 1);
        }
        assert_eq!(count(&svg, "class=\"glyph\""), 2);
        if let Ok(dir) = std::env::var("SVG_SAMPLES_DIR") {
            std::fs::write(std::path::Path::new(&dir).join("sample-t.svg"), &svg).ok();
        }
    }

    #[test]
    fn degenerate_diagrams_do_not_panic() {
        let empty = Diagram::default();
        assert_xml(&diagram(&empty));

        // Short vectors, men and last move off the board, odd characters.
        let d = Diagram {
            width: 3,
            height: 2,
            exists: vec![false],
            light: vec![],
            men: vec![
                man(5, 5, 'K', "#fff"),
                man(1, 1, '\u{0}', "\"><script>"),
                man(2, 1, '<', "x"),
            ],
            last_move: Some((BoardSquare { x: 0, y: 0 }, BoardSquare { x: 9, y: 9 })),
            title: Some("\u{1}".to_string()),
            legend: vec![(String::new(), String::new())],
        };
        let svg = diagram(&d);
        assert_xml(&svg);
        assert_eq!(count(&svg, "class=\"sq\""), 5);
        assert_eq!(count(&svg, "class=\"glyph\""), 2);
        assert_eq!(count(&svg, "class=\"hl\""), 0);
        assert!(svg.contains("&quot;&gt;&lt;script&gt;"));
        assert!(svg.contains(">&lt;</text>"));

        // Same-square last move: highlight, no arrow.
        let mut d = plain_board(2, 2);
        d.last_move = Some((BoardSquare { x: 1, y: 1 }, BoardSquare { x: 1, y: 1 }));
        let svg = diagram(&d);
        assert_xml(&svg);
        assert_eq!(count(&svg, "class=\"move\""), 0);

        // A long title and many legend entries widen and wrap.
        let mut d = plain_board(1, 1);
        d.title = Some("t".repeat(500));
        d.legend = (0..30)
            .map(|i| (format!("player {i}"), "#123".into()))
            .collect();
        assert_xml(&diagram(&d));
    }

    fn series(name: &str, colour: &str, values: Vec<f64>, dashed: bool) -> Series {
        Series {
            name: name.to_string(),
            colour: colour.to_string(),
            values,
            dashed,
        }
    }

    fn sample_plot() -> Plot {
        let rounds: Vec<usize> = (1..=40).collect();
        let curve = |start: f64, rate: f64| -> Vec<f64> {
            rounds
                .iter()
                .map(|&r| (start - rate * r as f64 + (r as f64 * 0.7).sin() * 2.0).max(0.0))
                .collect()
        };
        let yellow = curve(39.0, 0.45);
        let white = curve(39.0, 0.6);
        let team: Vec<f64> = yellow
            .iter()
            .zip(&white)
            .map(|(a, b)| (a + b) / 2.0)
            .collect();
        Plot {
            title: "Material by round \u{2014} Verney".to_string(),
            x_label: "round".to_string(),
            y_label: "material".to_string(),
            x_values: rounds.clone(),
            series: vec![
                series("Yellow", "#e6c300", yellow, false),
                series("Red", "#c62828", curve(39.0, 0.8), false),
                series("White", "#bbbbbb", white, false),
                series("Black", "#222222", curve(39.0, 0.3), false),
                series("Yellow+White (mean)", "#8d6e63", team, true),
            ],
        }
    }

    fn polylines(svg: &str) -> usize {
        // The axes are drawn as one polyline too.
        count(svg, "<polyline") - 1
    }

    #[test]
    fn plot_sample() {
        let p = sample_plot();
        let svg = line_plot(&p);
        assert_xml(&svg);
        assert_eq!(polylines(&svg), 5);
        assert_eq!(count(&svg, "stroke-dasharray"), 2);
        assert!(svg.contains("width=\"720\" height=\"420\""));
        // 40 rounds thinned to every third: 14 labels.
        let xticks = svg.split("class=\"xticks\"").nth(1).unwrap_or("");
        let xticks = xticks.split("</g>").next().unwrap_or("");
        assert_eq!(count(xticks, "<text"), 14);
        assert!(svg.contains(">40</text>"));
    }

    #[test]
    fn plot_edge_cases() {
        let base = Plot {
            title: "T & <t>".into(),
            x_label: "round".into(),
            y_label: "material".into(),
            ..Plot::default()
        };
        // No series, no rounds.
        let svg = line_plot(&base);
        assert_xml(&svg);
        assert_eq!(polylines(&svg), 0);
        assert!(svg.contains("T &amp; &lt;t&gt;"));

        // Empty series.
        let mut p = base.clone();
        p.x_values = vec![1, 2];
        p.series = vec![series("e", "#000", vec![], false)];
        let svg = line_plot(&p);
        assert_xml(&svg);
        assert_eq!(polylines(&svg), 0);
        assert_eq!(count(&svg, "class=\"legend\""), 1);

        // Single point.
        let mut p = base.clone();
        p.x_values = vec![7];
        p.series = vec![series("one", "#c62828", vec![12.0], false)];
        let svg = line_plot(&p);
        assert_xml(&svg);
        assert_eq!(polylines(&svg), 1);
        assert_eq!(count(&svg, "<circle"), 2);
        assert!(svg.contains(">7</text>"));

        // All zero.
        let mut p = base.clone();
        p.x_values = vec![1, 2, 3];
        p.series = vec![series("z", "#000", vec![0.0; 3], true)];
        let svg = line_plot(&p);
        assert_xml(&svg);
        assert_eq!(polylines(&svg), 1);
        assert!(svg.contains(">0.0</text>") && svg.contains(">1.0</text>"));

        // Unequal lengths and non-finite values.
        let mut p = base.clone();
        p.x_values = vec![1, 2, 3, 4];
        p.series = vec![
            series("short", "#111", vec![1.0, 2.0], false),
            series("long", "#222", vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], false),
            series(
                "nan",
                "#333",
                vec![f64::NAN, 3.0, f64::INFINITY, 1.0],
                false,
            ),
            series("all nan", "#444", vec![f64::NAN, f64::NEG_INFINITY], false),
        ];
        let svg = line_plot(&p);
        assert_xml(&svg);
        assert_eq!(polylines(&svg), 3);
        assert_eq!(count(&svg, "<circle"), 2 + 4 + 2 + 4);
        assert!(!svg.contains("NaN") && !svg.contains("inf"));

        // Negative and huge values, fractional steps.
        for values in [
            vec![-5.0, 3.0],
            vec![f64::MAX, -f64::MAX],
            vec![0.01, 0.03],
            vec![1e-300, 0.0],
        ] {
            let mut p = base.clone();
            p.x_values = vec![1, 2];
            p.series = vec![series("v", "#123456", values, false)];
            let svg = line_plot(&p);
            assert_xml(&svg);
            assert_eq!(polylines(&svg), 1);
        }

        // Many rounds, repeated and unsorted.
        let mut p = base;
        p.x_values = (0..1000).rev().chain(0..5).collect();
        p.series = vec![series("m", "#000", vec![1.0; 1005], false)];
        let svg = line_plot(&p);
        assert_xml(&svg);
        let xticks = svg.split("class=\"xticks\"").nth(1).unwrap_or("");
        let xticks = xticks.split("</g>").next().unwrap_or("");
        assert!(count(xticks, "<text") <= MAX_X_LABELS);
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(39.0, 5.0), 10.0);
        assert_eq!(nice_step(1.0, 5.0), 0.2);
        assert_eq!(nice_step(12.0, 5.0), 2.5);
        assert_eq!(nice_step(0.0, 5.0), 1.0);
        assert_eq!(step_decimals(2.5), 1);
        assert_eq!(step_decimals(10.0), 0);
        assert_eq!(step_decimals(0.2), 1);
        assert_eq!(tick_label(-0.0, 1), "0.0");
        assert_eq!(tick_label(2.5, 1), "2.5");
    }
}
