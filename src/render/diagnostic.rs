//! Diagnostics in the style of cargo's: the message, the file, line and
//! column, the source line with a caret under the span, and notes.

/// One diagnostic: `line` and `column` are 1-based (column in characters);
/// `len` is the span's length in characters (at least one caret is drawn).
pub struct Diagnostic<'a> {
    /// The file name shown after `-->`.
    pub file: &'a str,
    /// The whole text of the file, from which the offending line is taken.
    pub source: &'a str,
    /// The line of the span, from 1.
    pub line: usize,
    /// The column where the span starts, in characters, from 1.
    pub column: usize,
    /// The span's length in characters (0 still draws one caret).
    pub len: usize,
    /// The headline, printed after `error: `.
    pub message: &'a str,
    /// The words written after the carets, saying what they point at (the
    /// player's move as written, for a move that does not replay).
    pub label: &'a str,
    /// Lines printed after the source line, each after ` = ` (`legal moves: ...`).
    pub notes: &'a [String],
}

impl Diagnostic<'_> {
    /// The diagnostic as text: headline, location, source line with carets and
    /// label, then the notes, each line ending in `\n`. A line number past the
    /// end of the source drops the source line, not the rest.
    pub fn render(&self) -> String {
        render_parts(self)
    }
}

fn render_parts(d: &Diagnostic) -> String {
    let Diagnostic {
        file,
        source,
        line,
        column,
        len,
        message,
        label,
        notes,
    } = *d;
    let mut out = format!("error: {message}\n");
    let number = line.to_string();
    let gutter = " ".repeat(number.len());
    out.push_str(&format!("{gutter}--> {file}:{line}:{column}\n"));
    if let Some(text) = source.lines().nth(line.saturating_sub(1)) {
        let text = text.trim_end_matches('\r');
        out.push_str(&format!("{gutter} |\n{number} | {text}\n"));
        // Keep tabs under tabs so the caret lines up in any terminal.
        let pad: String = text
            .chars()
            .take(column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let carets = "^".repeat(len.max(1));
        out.push_str(&format!("{gutter} | {pad}{carets} {label}\n"));
    }
    for note in notes {
        out.push_str(&format!("{gutter} = {note}\n"));
    }
    out
}

/// Decodes a file's bytes: UTF-8 (a byte-order mark removed), or Latin-1
/// when the bytes are not UTF-8, so that old files still read.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_sits_under_the_span_even_after_tabs() {
        let src = "first\n<i>2nd</i>\tQ. takes White Q.\n";
        let notes = ["legal: none".to_string()];
        let text = Diagnostic {
            file: "game.txt",
            source: src,
            line: 2,
            column: 12,
            len: 2,
            message: "bad move",
            label: "here",
            notes: &notes,
        }
        .render();
        assert!(text.starts_with("error: bad move\n"));
        assert!(text.contains(" --> game.txt:2:12"));
        assert!(text.contains("2 | <i>2nd</i>\tQ. takes White Q."));
        let caret_line = format!("  | {}\t^^ here", " ".repeat(10));
        assert!(text.contains(&caret_line), "{text}");
        assert!(text.contains("= legal: none"));
    }

    #[test]
    fn decode_handles_bom_and_latin1() {
        assert_eq!(decode(b"\xEF\xBB\xBFabc"), "abc");
        assert_eq!(decode(b"caf\xE9"), "caf\u{e9}");
    }
}
