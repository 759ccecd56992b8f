//! Records read from JSON and JSON Lines know where each move stood, so a
//! move that does not replay is named by line and column like a PGN move;
//! a start position that does not read, or an unknown rule option, is
//! named at its tag.

use roundtable::record::{self, Record, RecordMove};
use roundtable::{Error, Game, read_file, read_str};

/// Every move of a record, variations after the move they hang on.
fn all_moves(moves: &[RecordMove], out: &mut Vec<RecordMove>) {
    for m in moves {
        out.push(m.clone());
        for line in &m.variations {
            all_moves(line, out);
        }
    }
}

/// The text at a span (line and column from 1, in characters).
fn at(text: &str, span: roundtable::record::Span) -> String {
    let line = text.lines().nth(span.line - 1).expect("the line exists");
    line.chars().skip(span.column - 1).take(span.len).collect()
}

/// Every move of `record`, once written as pretty JSON and once as one line
/// of JSON Lines (the third of a stream), is read back with a place whose
/// text is the move's.
fn places_match(record: &Record) {
    let pretty = record::to_json(record);
    let back = record::from_json(&pretty).expect("JSON reads back");
    let mut moves = Vec::new();
    all_moves(&back.moves, &mut moves);
    assert!(!moves.is_empty());
    for m in &moves {
        let span = m
            .origin
            .span
            .unwrap_or_else(|| panic!("{} has no place", m.mv));
        assert_eq!(at(&pretty, span), m.mv);
    }
    let mut lines = Vec::new();
    for _ in 0..3 {
        record::write_jsonl(&mut lines, record).expect("writes");
    }
    let text = String::from_utf8(lines).expect("UTF-8");
    let third = text.lines().nth(2).expect("three lines");
    let back = record::from_json_line(third.as_bytes(), 3).expect("the line reads");
    let mut moves = Vec::new();
    all_moves(&back.moves, &mut moves);
    for m in &moves {
        let span = m
            .origin
            .span
            .unwrap_or_else(|| panic!("{} has no place", m.mv));
        assert_eq!(span.line, 3);
        assert_eq!(at(&text, span), m.mv);
    }
}

#[test]
fn every_move_of_a_json_record_has_its_place() {
    // Verney's round table, and an annotated game with nested variations
    // and comments holding quotes and braces.
    let verney = concat!(env!("CARGO_MANIFEST_DIR"), "/records/verney-1881.json");
    let annotated = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/anand-radjabov-2003-annotated.pgn"
    );
    for path in [verney, annotated] {
        for record in read_file(path).expect("opens") {
            let mut record = record.expect("reads");
            record
                .comments
                .push("a \"mv\": \"e4\" inside a comment".to_string());
            places_match(&record);
        }
    }
}

#[test]
fn a_bad_move_in_json_lines_is_named_by_line_and_column() {
    let good = "{\"format\":2,\"variant\":\"chess\",\"moves\":[{\"mv\":\"e4\"}]}";
    let bad = "{\"format\":2,\"variant\":\"chess\",\"moves\":[{\"mv\":\"e4\"},{\"mv\":\"Ke9\"}]}";
    let text = format!("{good}\n{good}\n{bad}\n");
    let records: Vec<_> = read_str(&text)
        .into_iter()
        .map(|r| r.expect("reads"))
        .collect();
    assert_eq!(records.len(), 3);
    match Game::validate(&records[2]) {
        Err(Error::Replay(e)) => {
            let span = e.span.expect("a place");
            assert_eq!(
                (span.line, span.column),
                (3, bad.find("Ke9").expect("in the line") + 1)
            );
            assert_eq!(e.text, "Ke9");
        }
        other => panic!("expected a replay error, got {other:?}"),
    }
}

#[test]
fn a_bad_move_in_a_variation_of_pretty_json_is_named_by_line_and_column() {
    let text = "{\n  \"format\": 2,\n  \"variant\": \"chess\",\n  \"moves\": [\n    {\"mv\": \"e4\", \"variations\": [[{\"mv\": \"d4\"}, {\"mv\": \"Nf9\"}]]},\n    {\"mv\": \"e5\"}\n  ]\n}\n";
    let record = record::from_json(text).expect("reads");
    match Game::validate(&record) {
        Err(Error::Replay(e)) => {
            let span = e.span.expect("a place");
            let line5 = text.lines().nth(4).expect("line 5");
            assert_eq!(
                (span.line, span.column),
                (5, line5.find("Nf9").expect("there") + 1)
            );
            assert!(e.variation.is_some());
        }
        other => panic!("expected a replay error, got {other:?}"),
    }
}

#[test]
fn keys_in_another_order_leave_moves_unplaced_but_never_misplaced() {
    // The variation's moves come before their move's `mv` in the text.
    let text = "{\"format\":2,\"variant\":\"chess\",\"moves\":[{\"variations\":[[{\"mv\":\"d4\"}]],\"mv\":\"e4\"},{\"mv\":\"e5\"}]}";
    let record = record::from_json(text).expect("reads");
    let mut moves = Vec::new();
    all_moves(&record.moves, &mut moves);
    for m in &moves {
        if let Some(span) = m.origin.span {
            assert_eq!(at(text, span), m.mv);
        }
    }
}

#[test]
fn an_unreadable_start_position_is_named_at_its_tag() {
    let text = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x\"]\n\n1. e4 *\n";
    match read_str(text).into_iter().next() {
        Some(Err(Error::Read(e))) => {
            let span = e.span.expect("a place");
            assert_eq!(span.line, 3);
            assert!(e.text.contains("KQkq - 0 x"), "{}", e.text);
        }
        other => panic!("expected a read error, got {other:?}"),
    }
}

#[test]
fn a_json_error_right_after_a_line_break_has_a_column() {
    let text = "{\"format\":2,\"variant\":\"chess\",\"moves\":[{\"mv\":\"e4\"},\n";
    match read_str(text).into_iter().next() {
        Some(Err(Error::Read(e))) => {
            let span = e.span.expect("a place");
            assert!(span.column >= 1);
            assert!(!e.expected.is_empty());
        }
        other => panic!("expected a read error, got {other:?}"),
    }
}

#[test]
fn an_unknown_rule_option_is_named_at_its_tag() {
    let text = "[Variant \"quattro\"]\n[Options \"foo=bar\"]\n\n1. e2-e4 *\n";
    match read_str(text).into_iter().next() {
        Some(Err(Error::Read(e))) => {
            assert_eq!(e.span.map(|s| s.line), Some(2));
            assert_eq!(e.text, "foo=bar");
            assert!(
                e.expected.contains("no rule option `foo`"),
                "{}",
                e.expected
            );
        }
        other => panic!("expected a read error, got {other:?}"),
    }
    // From JSON the option is checked at replay, and the error says so
    // without a round it does not have.
    let json = r#"{"format":2,"variant":"quattro","options":{"foo":"bar"},"moves":[]}"#;
    let record = record::from_json(json).expect("reads");
    let e = Game::validate(&record).expect_err("an unknown option");
    assert_eq!(
        e.to_string(),
        "`quattro`: quattro has no rule option `foo` (its options: none)"
    );
}
