//! A game score as books printed it, numbered like PGN, in English
//! descriptive notation: `1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 ...`, with
//! optional PGN-style tags, `{comments}`, `5. ........` or `5. ...` for a
//! half-move printed before a note, and a result (`1-0`, `Resigns.`).
//!
//! A printed move may hold spaces (`Castles QR`, `P - K R 3`, `BxKt ch`,
//! `K's Kt. to B's 3d.`): the words between two move numbers are split into
//! the fewest moves that each read as a whole ([`super::descriptive_short`]).

use super::descriptive_short::parse as parse_short;
use crate::record::Span;

/// One move as printed, not yet resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedMove {
    /// The move's words joined by single spaces.
    pub text: String,
    /// The move number printed before it.
    pub round: usize,
    /// Where it stands (its first word, the length up to its last word on that line).
    pub span: Span,
    /// Comments printed after it.
    pub comments: Vec<String>,
}

/// A score read: tags, moves, result.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrintedScore {
    /// `[Key "Value"]` pairs, with where they stood.
    pub tags: Vec<(String, String, Span)>,
    /// Comments before the first move.
    pub opening: Vec<String>,
    /// The moves in order.
    pub moves: Vec<PrintedMove>,
    /// The result printed at the end, if any.
    pub result: Option<String>,
}

/// Why a score does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedError {
    /// Where.
    pub span: Span,
    /// The text found there.
    pub text: String,
    /// What was expected.
    pub expected: String,
}

#[derive(Debug, Clone)]
struct Word {
    text: String,
    line: usize,
    column: usize,
}

enum Piece {
    Word(Word),
    Comment(String),
}

fn is_result(t: &str) -> Option<String> {
    let t = t.trim_end_matches('.');
    match t {
        "1-0" | "0-1" | "1/2-1/2" | "*" => Some(t.to_string()),
        "\u{bd}-\u{bd}" => Some("1/2-1/2".into()),
        _ => None,
    }
}

fn is_resignation(t: &str) -> bool {
    let l = t.trim_end_matches('.').to_ascii_lowercase();
    matches!(l.as_str(), "resigns" | "resigned" | "drawn" | "draw")
}

/// `5.`, `5...`, `5.…`: a move number (and the dots of a skipped half-move),
/// of at most ten digits: as far as a position's move counter goes (a game
/// set up from a FEN numbered 12345 goes on from there).
fn move_number(t: &str) -> Option<(usize, &str)> {
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || digits > 10 {
        return None;
    }
    let rest = &t[digits..];
    let after = rest.strip_prefix('.')?;
    Some((t[..digits].parse().ok()?, after))
}

/// Dots standing for a half-move printed earlier: `...`, `........`, `…`.
fn is_placeholder(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c == '.' || c == '\u{2026}')
}

/// A tag's value: between its quotes, `\"` and `\\` read as PGN escapes
/// them; a value without quotes as it stands.
fn tag_value(raw: &str) -> String {
    let raw = raw.trim();
    let Some(inner) = raw.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return raw.trim_matches('"').to_string();
    };
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(next @ ('"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

fn scan(text: &str) -> (Vec<(String, String, Span)>, Vec<Piece>) {
    scan_until(text, &mut |_| false)
}

/// [`scan`] up to the end of the first line after which `enough` holds of
/// the pieces read so far.
fn scan_until(
    text: &str,
    enough: &mut dyn FnMut(&[Piece]) -> bool,
) -> (Vec<(String, String, Span)>, Vec<Piece>) {
    let mut tags = Vec::new();
    let mut pieces = Vec::new();
    let mut comment: Option<String> = None;
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let trimmed = line.trim();
        // A tag as PGN has it; a bracketed line whose name PGN could not
        // carry is left to the moves (and is an error there, never dropped).
        let tag = (comment.is_none() && trimmed.starts_with('[') && trimmed.ends_with(']'))
            .then(|| trimmed[1..trimmed.len() - 1].split_once(char::is_whitespace))
            .flatten()
            .filter(|(key, _)| super::pgn::is_tag_name(key));
        if let Some((key, value)) = tag {
            let column = line.len() - line.trim_start().len() + 1;
            tags.push((
                key.to_string(),
                tag_value(value),
                Span {
                    line: line_no,
                    column,
                    len: trimmed.chars().count(),
                },
            ));
            continue;
        }
        let mut word = String::new();
        let mut start = 0;
        let flush = |word: &mut String, start: usize, pieces: &mut Vec<Piece>| {
            if !word.is_empty() {
                pieces.push(Piece::Word(Word {
                    text: std::mem::take(word),
                    line: line_no,
                    column: start,
                }));
            }
        };
        for (col, c) in line.chars().enumerate() {
            let column = col + 1;
            if let Some(open) = comment.as_mut() {
                if c == '}' {
                    pieces.push(Piece::Comment(open.trim().to_string()));
                    comment = None;
                } else {
                    open.push(c);
                }
                continue;
            }
            if c == '{' {
                flush(&mut word, start, &mut pieces);
                comment = Some(String::new());
            } else if c == ';' {
                flush(&mut word, start, &mut pieces);
                let rest: String = line.chars().skip(col + 1).collect();
                pieces.push(Piece::Comment(rest.trim().to_string()));
                break;
            } else if c.is_whitespace() {
                flush(&mut word, start, &mut pieces);
            } else {
                if word.is_empty() {
                    start = column;
                }
                word.push(c);
            }
        }
        flush(&mut word, start, &mut pieces);
        if let Some(open) = comment.as_mut() {
            open.push(' ');
        }
        if enough(&pieces) {
            break;
        }
    }
    (tags, pieces)
}

/// A dash standing alone for a turn without a move: a mated player's turn
/// in a four-handed score (`-`, `--`, `—`).
fn is_pass(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '\u{2013}' | '\u{2014}'))
}

/// Splits the words of one numbered group into the fewest moves that each
/// read whole; `None` when no split reads.
fn split_moves(words: &[Word]) -> Option<Vec<(usize, usize)>> {
    let n = words.len();
    // best[i]: the fewest moves covering words[i..], and where the first ends.
    let mut best: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    best[n] = Some((0, n));
    for i in (0..n).rev() {
        for j in (i + 1..=n.min(i + 8)).rev() {
            let Some((count, _)) = best[j] else { continue };
            let joined: Vec<&str> = words[i..j].iter().map(|w| w.text.as_str()).collect();
            let reads =
                parse_short(&joined.join(" ")).is_ok() || (j == i + 1 && is_pass(joined[0]));
            if reads && best[i].is_none_or(|(c, _)| count + 1 < c) {
                best[i] = Some((count + 1, j));
            }
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        let (_, j) = best[i]?;
        out.push((i, j));
        i = j;
    }
    Some(out)
}

/// Reads a printed score.
pub fn read(text: &str) -> Result<PrintedScore, PrintedError> {
    let (tags, pieces) = scan(text.strip_prefix('\u{feff}').unwrap_or(text));
    let mut score = PrintedScore {
        tags,
        ..PrintedScore::default()
    };
    let mut round = 1;
    let mut group: Vec<Word> = Vec::new();
    let flush = |group: &mut Vec<Word>,
                 round: usize,
                 score: &mut PrintedScore|
     -> Result<(), PrintedError> {
        if group.is_empty() {
            return Ok(());
        }
        let Some(parts) = split_moves(group) else {
            let w = &group[0];
            let all: Vec<&str> = group.iter().map(|w| w.text.as_str()).collect();
            return Err(PrintedError {
                span: Span {
                    line: w.line,
                    column: w.column,
                    len: w.text.chars().count(),
                },
                text: all.join(" "),
                expected: "descriptive moves such as `P-K4`, `Kt-KB3`, `PxP`, `Castles`".into(),
            });
        };
        for (a, b) in parts {
            let first = &group[a];
            let last = &group[b - 1];
            let len = if last.line == first.line {
                last.column + last.text.chars().count() - first.column
            } else {
                first.text.chars().count()
            };
            let text: Vec<&str> = group[a..b].iter().map(|w| w.text.as_str()).collect();
            score.moves.push(PrintedMove {
                text: text.join(" "),
                round,
                span: Span {
                    line: first.line,
                    column: first.column,
                    len,
                },
                comments: Vec::new(),
            });
        }
        group.clear();
        Ok(())
    };
    for piece in pieces {
        match piece {
            Piece::Comment(c) => {
                if group.is_empty() {
                    match score.moves.last_mut() {
                        Some(m) => m.comments.push(c),
                        None => score.opening.push(c),
                    }
                } else {
                    flush(&mut group, round, &mut score)?;
                    match score.moves.last_mut() {
                        Some(m) => m.comments.push(c),
                        None => score.opening.push(c),
                    }
                }
            }
            Piece::Word(w) => {
                if let Some(r) = is_result(&w.text) {
                    flush(&mut group, round, &mut score)?;
                    score.result = Some(r);
                    continue;
                }
                if is_resignation(&w.text) || is_placeholder(&w.text) {
                    flush(&mut group, round, &mut score)?;
                    continue;
                }
                if let Some((number, rest)) = move_number(&w.text) {
                    flush(&mut group, round, &mut score)?;
                    round = number;
                    let rest = rest.trim_start_matches(['.', '\u{2026}']);
                    if !rest.is_empty() {
                        let skipped = w.text.chars().count() - rest.chars().count();
                        group.push(Word {
                            text: rest.to_string(),
                            line: w.line,
                            column: w.column + skipped,
                        });
                    }
                    continue;
                }
                group.push(w);
            }
        }
    }
    flush(&mut group, round, &mut score)?;
    Ok(score)
}

/// Whether a text looks like a printed descriptive score: its first move
/// after `1.` reads as descriptive and not as algebraic.
pub fn looks_printed(text: &str) -> bool {
    // The answer needs only the words up to the first move's number and
    // the eight after it: the scan stops at the end of the line that
    // holds them (a corpus's head is 64 KB).
    let first = first_move_number(text);
    let (mut pieces_seen, mut words_seen) = (0, 0);
    let mut first_move_at: Option<usize> = None;
    let (_, pieces) = scan_until(text, &mut |pieces: &[Piece]| {
        for piece in pieces.get(pieces_seen..).unwrap_or_default() {
            if let Piece::Word(w) = piece {
                if first_move_at.is_none() && move_number(&w.text).is_some_and(|(n, _)| n == first)
                {
                    first_move_at = Some(words_seen);
                }
                words_seen += 1;
            }
        }
        pieces_seen = pieces.len();
        first_move_at.is_some_and(|at| words_seen > at + 8)
    });
    first_move_reads_printed(&pieces, first)
}

/// The number of a score's first move: the move number of the position
/// in its head's FEN tag (a game set up from a position goes on from
/// there, `14. P-QR4`; a counter of 0 is read as 1, as the position reads
/// it), else 1.
fn first_move_number(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with('['))
        .find_map(|l| {
            let inner = l.strip_prefix('[')?.strip_suffix(']')?;
            let (key, value) = inner.split_once(char::is_whitespace)?;
            key.eq_ignore_ascii_case("FEN").then(|| tag_value(value))
        })
        .and_then(|fen| fen.split_whitespace().nth(5)?.parse().ok())
        .map_or(1, |n: usize| n.max(1))
}

/// [`looks_printed`]'s judgement of the pieces of a text whose first move
/// is numbered `first`.
fn first_move_reads_printed(pieces: &[Piece], first: usize) -> bool {
    let words: Vec<&str> = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Word(w) => Some(w.text.as_str()),
            Piece::Comment(_) => None,
        })
        .collect();
    let Some((at, rest)) = words.iter().enumerate().find_map(|(i, w)| {
        move_number(w)
            .filter(|(n, _)| *n == first)
            .map(|(_, rest)| (i, rest))
    }) else {
        return false;
    };
    let mut after: Vec<&str> = Vec::new();
    let rest = rest.trim_start_matches(['.', '\u{2026}']);
    if !rest.is_empty() {
        after.push(rest);
    }
    after.extend(words[at + 1..].iter().take(8).copied());
    // Castling written `O-O` is the same in both notations: the moves
    // after it tell (a game set up from a position may open with it).
    // A castling's words run as far as they read as one printed move
    // (`O-O ch`).
    let mut after = after.as_slice();
    while after.first().is_some_and(|w| {
        matches!(
            super::algebraic::parse_token(w),
            Ok(super::algebraic::Token::Castle { .. })
        )
    }) {
        let words = (2..=after.len().min(3))
            .rev()
            .find(|&k| parse_short(&after[..k].join(" ")).is_ok())
            .unwrap_or(1);
        // A castling of several words (`O-O ch`) is printed: SAN's moves
        // are one word each.
        if words > 1 {
            return true;
        }
        after = after.get(words..).unwrap_or_default();
    }
    let Some(first) = after.first() else {
        return false;
    };
    // A first word that is algebraic alone (`e4`) is SAN, unless it begins
    // a descriptive move of several words (`Q. B. P. to Q. B's 3d.`).
    let several = (2..=after.len().min(8)).any(|k| parse_short(&after[..k].join(" ")).is_ok());
    if super::algebraic::parse_token(first).is_ok() && parse_short(first).is_err() && !several {
        return false;
    }
    several || parse_short(first).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `looks_printed` stops scanning once it has the first move's words:
    /// on every text of the project's records and test data (and on each
    /// cut short at every line) it judges as the whole text's pieces do.
    #[test]
    fn looks_printed_judges_as_the_whole_scan() {
        let mut texts = Vec::new();
        for dir in [
            "records",
            "tests/data/descriptive",
            "tests/data/historical",
            "tests/data/pgn",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
            for entry in std::fs::read_dir(&path).expect("the data directory") {
                let bytes = std::fs::read(entry.expect("an entry").path()).expect("a file");
                texts.push(String::from_utf8_lossy(&bytes).into_owned());
            }
        }
        let (mut checked, mut printed) = (0, 0);
        for text in &texts {
            let lines: Vec<&str> = text.lines().collect();
            for end in [lines.len(), 3, 6, 10, 20, 40] {
                let part = lines[..end.min(lines.len())].join("\n");
                // And one word a line, where the scan stops soonest.
                let spread = part.split_whitespace().collect::<Vec<_>>().join("\n");
                for text in [part, spread] {
                    let whole = first_move_reads_printed(&scan(&text).1, first_move_number(&text));
                    assert_eq!(looks_printed(&text), whole, "{text}");
                    checked += 1;
                    printed += usize::from(whole);
                }
            }
        }
        assert!(
            checked > 100 && printed > 10,
            "{checked} texts, {printed} printed"
        );
    }

    fn texts(s: &PrintedScore) -> Vec<&str> {
        s.moves.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn numbered_short_style() {
        let s = read("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Castles QR P - K R 3 1-0")
            .expect("reads");
        assert_eq!(
            texts(&s),
            [
                "P-K4",
                "P-K4",
                "Kt-KB3",
                "Kt-QB3",
                "B-B4",
                "B-B4",
                "Castles QR",
                "P - K R 3"
            ]
        );
        assert_eq!(s.moves[7].round, 4);
        assert_eq!(s.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn old_typography_and_placeholders() {
        let s = read(
            "1. P. to K's 4th.   P. to K's 4th.\n2. K's Kt. to B's 3d.  Q's Kt. to B's 3d.\n3. BxKt ch {a note}\n3. ........ PxB\n4. 0-0 Resigns.",
        )
        .expect("reads");
        assert_eq!(
            texts(&s),
            [
                "P. to K's 4th.",
                "P. to K's 4th.",
                "K's Kt. to B's 3d.",
                "Q's Kt. to B's 3d.",
                "BxKt ch",
                "PxB",
                "0-0"
            ]
        );
        assert_eq!(s.moves[4].comments, ["a note"]);
        assert_eq!(s.moves[2].span.line, 2);
        assert_eq!(s.moves[2].span.column, 4);
    }

    #[test]
    fn tag_values_unescape_as_pgn_writes_them() {
        let s = read("[Event \"The \\\"Evergreen\\\" c:\\\\x\"]\n\n1. P-K4").expect("reads");
        assert_eq!(s.tags[0].1, "The \"Evergreen\" c:\\x");
    }

    #[test]
    fn a_dash_alone_is_a_turn_without_a_move() {
        let s = read("7. Q-B10 -- P - K R 3 \u{2014}").expect("reads");
        assert_eq!(texts(&s), ["Q-B10", "--", "P - K R 3", "\u{2014}"]);
    }

    #[test]
    fn detection() {
        assert!(looks_printed("[Event \"x\"]\n\n1. P-K4 P-K4 2. Kt-KB3"));
        assert!(looks_printed("1. P. to K's 4th. P. to K's 4th."));
        assert!(!looks_printed("[Event \"x\"]\n\n1. e4 e5 2. Nf3"));
        assert!(!looks_printed("1. d4 d5"));
        // A game set up from a position goes on from the FEN's move number.
        let fen = "[FEN \"r2q1b1r/ppn2kpp/2p1b3/3nP3/2BPQ3/P1N5/1PP3PP/R1B1K2R w KQ - 1 14\"]\n\n";
        assert!(looks_printed(&format!("{fen}14. O-O ch K-K1 15. Q-B5 *")));
        assert!(!looks_printed(&format!("{fen}14. O-O+ Ke8 15. Qf5 *")));
        assert!(!looks_printed(&format!("{fen}1. O-O+ Ke8 2. Qf5 *")));
        // A game of one castling: its check mark tells (found by the fuzzer).
        assert!(looks_printed(&format!("{fen}14. O-O ch 1-0")));
        assert!(!looks_printed(&format!("{fen}14. O-O+ 1-0")));
        // A counter of 0 is move 1; a long one goes on as long (found by
        // the fuzzer).
        let start = "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0";
        assert!(looks_printed(&format!("{start} 0\"]\n\n1. P-K4 P-K4 *")));
        assert!(looks_printed(&format!(
            "{start} 12345\"]\n\n12345. P-K4 P-K4 *"
        )));
        assert!(!looks_printed(&format!(
            "{start} 12345\"]\n\n12345. e4 e5 *"
        )));
        // `Q.` alone reads as algebraic; the words after it make a move.
        assert!(looks_printed(
            "1. Q. B. P. to Q. B's 3d. .. K. R. P. to K. R's 3d."
        ));
    }
}
