//! `roundtable view` on the command line: a page for every record, the
//! output written through a temporary file, records escaped.

use assert_cmd::Command;

fn roundtable() -> Command {
    Command::cargo_bin("roundtable").expect("binary built")
}

fn page(args: &[&str]) -> String {
    let out = roundtable().arg("view").args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// The embedded data: every distinct SVG line, and per game its boards.
fn data(html: &str) -> serde_json::Value {
    let start = html.find("id=\"roundtable-data\">").unwrap() + "id=\"roundtable-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[test]
fn a_page_for_verneys_game() {
    let html = page(&["records/verney-1881.txt"]);
    assert!(html.starts_with("<!DOCTYPE html>"));
    // Self-contained: nothing is fetched.
    for outside in ["src=", "href=\"http", "@import", "url(", "@font-face"] {
        assert!(!html.contains(outside), "{outside}");
    }
    // The moves as the round table wrote them, with their events.
    assert!(html.contains(">K. B. takes Red&#39;s K. B.</a>"));
    assert!(html.contains(">Q. takes White Q. (Check).</a>"));
    assert_eq!(html.matches("class=\"mv inferred\"").count(), 2);
    assert!(html.contains("class=\"ev check\""));
    // Tags and the material plot with its cursor.
    assert!(html.contains("<th>Source</th><td>G. H. Verney, Four-Handed Chess"));
    assert!(html.contains("class=\"cursor\""));
    let d = data(&html);
    assert_eq!(d["games"].as_array().unwrap().len(), 1);
    assert_eq!(d["games"][0]["boards"].as_array().unwrap().len(), 16);
    // One square of the cross is one line, shared by all 16 boards.
    let lines = d["lines"].as_array().unwrap();
    let squares = lines
        .iter()
        .filter(|l| l.as_str().unwrap().starts_with("<rect class=\"sq\""))
        .count();
    assert_eq!(squares, 160);
    assert!(!html.contains("id=\"picker\""), "one game, no picker");
}

#[test]
fn the_picker_lists_every_game() {
    let pgn = "[Event \"one\"]\n\n1. e4 e5 *\n\n[Event \"two\"]\n\n1. d4 d5 2. c4 *\n";
    let out = roundtable()
        .args(["view", "-"])
        .write_stdin(pgn)
        .assert()
        .success();
    let html = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(html.contains("<option value=\"0\">1. one</option>"));
    assert!(html.contains("<option value=\"1\">2. two</option>"));
    assert_eq!(html.matches("<section class=\"game\"").count(), 2);
    let d = data(&html);
    assert_eq!(d["games"][1]["boards"].as_array().unwrap().len(), 4);
}

#[test]
fn a_record_is_data_never_markup() {
    let pgn = "[Event \"<script>alert(1)</script>\"]\n[White \"\\\"><img src=x onerror=alert(2)>\"]\n\n\
               {</script><script>alert(3)</script>} 1. e4 {<b onclick=alert(4)>x</b>} e5 *\n";
    let out = roundtable()
        .args(["view", "-"])
        .write_stdin(pgn)
        .assert()
        .success();
    let html = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"));
    assert!(html.contains("&lt;b onclick=alert(4)&gt;x&lt;/b&gt;"));
    for raw in ["<script>alert", "<img", "<b onclick", "alert(3)</script>"] {
        assert!(!html.contains(raw), "{raw} came out as markup");
    }
    assert_eq!(html.matches("<script").count(), 2, "only the page's own");
}

#[test]
fn output_goes_through_a_temporary_file() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("view-output");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("game.html");
    let out_s = out.to_str().unwrap();
    roundtable()
        .args(["view", "records/verney-1881.json", "-o", out_s])
        .assert()
        .success()
        .stdout("");
    let first = std::fs::read_to_string(&out).unwrap();
    assert!(first.contains("</html>"));
    // A record that does not replay: exit 1, and the page stays as it was.
    roundtable()
        .args(["view", "-", "-o", out_s])
        .write_stdin("1. e4 e5 2. Ke3 *\n")
        .assert()
        .code(1);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), first);
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left");
    // Not a record at all: exit 2.
    roundtable()
        .args(["view", "no-such-file.pgn"])
        .assert()
        .code(2);
}
