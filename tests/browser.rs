//! `roundtable view` in a real browser: Debian's headless Chromium driven
//! through ChromeDriver's WebDriver protocol (plain HTTP and JSON, spoken
//! here over a TCP socket, so the test needs no crate and no Node).
//!
//! Ignored by a plain `cargo test` (it needs `/usr/bin/chromium` and
//! `/usr/bin/chromedriver`, from the packages `chromium` and
//! `chromium-driver`); `.ci/run` installs them and runs it with
//! `cargo test --test browser -- --ignored`, where a missing browser is a
//! failure, never a skip.
//!
//! The page for Verney's 1881 game is opened, stepped with the arrow keys,
//! the buttons, a click on a move, Home and End and the address
//! (`#ply=5`); after each step the board, the marked move, the counter and
//! the plot's cursor must follow. The board after the last ply is
//! screenshotted to `target/tmp/browser/verney-board.png`, and its size
//! checked against the snapshot kept in `tests/snapshots/verney-board.png`
//! (checked by eye; `ROUNDTABLE_UPDATE_SNAPSHOT=1` replaces it).

use std::io::{BufRead, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// WebDriver's name for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// One HTTP/1.1 request on its own connection (ChromeDriver refuses
/// HTTP/1.0), its JSON answer.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| e.to_string())?;
    // ChromeDriver keeps the connection open: read the head, then as many
    // bytes as it announces (or the chunks it sends).
    let mut reader = std::io::BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        let n = reader.read_line(&mut line).map_err(|e| e.to_string())?;
        if n == 0 || line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let lower = head.to_ascii_lowercase();
    let length = lower
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|n| n.trim().parse::<usize>().ok());
    let body = if let Some(n) = length {
        let mut bytes = vec![0; n];
        reader.read_exact(&mut bytes).map_err(|e| e.to_string())?;
        String::from_utf8_lossy(&bytes).into_owned()
    } else if lower.contains("transfer-encoding: chunked") {
        let mut out = Vec::new();
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).map_err(|e| e.to_string())?;
            let size = usize::from_str_radix(size.trim(), 16).map_err(|e| e.to_string())?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).map_err(|e| e.to_string())?;
            if size == 0 {
                break;
            }
            out.extend_from_slice(&chunk[..size]);
        }
        String::from_utf8_lossy(&out).into_owned()
    } else {
        let mut rest = String::new();
        reader
            .read_to_string(&mut rest)
            .map_err(|e| e.to_string())?;
        rest
    };
    if head.is_empty() {
        return Err("no HTTP answer".into());
    }
    let json: Value =
        serde_json::from_str(&body).map_err(|e| format!("not JSON ({e}): {head}\n{body}"))?;
    if json["value"]["error"].is_string() {
        return Err(format!("{method} {path}: {}", json["value"]));
    }
    Ok(json)
}

/// ChromeDriver on a free port, killed (this process only) when dropped.
struct Driver {
    child: Child,
    port: u16,
    session: String,
}

impl Driver {
    fn start(profile: &Path) -> Driver {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(tool).exists(),
                "{tool} is missing: install Debian's `chromium` and `chromium-driver` \
                 (`apt-get install -y chromium chromium-driver`; .ci/run does)"
            );
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut driver = Driver {
            child,
            port,
            session: String::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match http(port, "GET", "/status", None) {
                Ok(v) if v["value"]["ready"] == json!(true) => break,
                _ if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(100)),
                other => panic!("chromedriver did not get ready: {other:?}"),
            }
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--force-device-scale-factor=1",
            "--window-size=1400,1300",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
        }}});
        let answer = http(port, "POST", "/session", Some(&caps)).expect("a browser session");
        driver.session = answer["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        driver
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        http(self.port, method, &path, body).unwrap_or_else(|e| panic!("{e}"))["value"].clone()
    }

    fn open(&self, url: &str) {
        self.call("POST", "/url", Some(&json!({ "url": url })));
    }

    fn run(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(&json!({"script": script, "args": []})),
        )
    }

    fn find(&self, css: &str) -> String {
        let found = self.call(
            "POST",
            "/element",
            Some(&json!({"using": "css selector", "value": css})),
        );
        found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element `{css}`: {found}"))
            .to_string()
    }

    fn click(&self, css: &str) {
        let id = self.find(css);
        self.call("POST", &format!("/element/{id}/click"), Some(&json!({})));
    }

    /// Presses and releases a key (WebDriver's code point for it).
    fn key(&self, key: char) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key.to_string()},
            {"type": "keyUp", "value": key.to_string()},
        ]}]});
        self.call("POST", "/actions", Some(&actions));
    }

    fn screenshot(&self, css: &str) -> Vec<u8> {
        let id = self.find(css);
        let shot = self.call("GET", &format!("/element/{id}/screenshot"), None);
        base64(shot.as_str().expect("a screenshot"))
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = http(self.port, "DELETE", &path, None);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// A PNG's width and height, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let at = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    (at(16), at(20))
}

/// What the page shows now.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    ply: String,
    counter: String,
    current: Value,
    board: String,
    cursor: String,
    hash: String,
}

fn shown(d: &Driver) -> Shown {
    let v = d.run(
        "var s = document.querySelector('section.game:not([hidden])');\
         var b = s.querySelector('.board');\
         var c = s.querySelectorAll('a.mv.current');\
         return {ply: b.getAttribute('data-ply'), board: b.innerHTML,\
                 counter: s.querySelector('.plyno').textContent,\
                 current: c.length === 1 ? c[0].getAttribute('data-ply') : c.length,\
                 cursor: s.querySelector('.plot line.cursor').getAttribute('x1'),\
                 hash: location.hash};",
    );
    let text = |k: &str| v[k].as_str().unwrap_or_default().to_string();
    Shown {
        ply: text("ply"),
        counter: text("counter"),
        current: v["current"].clone(),
        board: text("board"),
        cursor: text("cursor"),
        hash: text("hash"),
    }
}

/// The page shows ply `n`: the board, the counter, the marked move (none
/// at the start) and the address agree.
fn assert_at(s: &Shown, n: usize) {
    assert_eq!(s.ply, n.to_string(), "board");
    assert_eq!(s.counter, n.to_string(), "counter");
    if n == 0 {
        assert_eq!(s.current, json!(0), "no move is marked at the start");
    } else {
        assert_eq!(s.current, json!(n.to_string()), "marked move");
    }
    assert!(s.board.starts_with("<svg"), "a board: {}", s.board);
    assert_eq!(
        s.board.contains("class=\"hl\""),
        n > 0,
        "the last move is highlighted"
    );
}

#[test]
#[ignore = "needs Debian's chromium and chromium-driver; .ci/run runs it with --ignored"]
fn verney_page_steps_in_chromium() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("verney.html");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new(env!("CARGO_BIN_EXE_roundtable"))
        .arg("view")
        .arg(root.join("records/verney-1881.txt"))
        .arg("-o")
        .arg(&page)
        .status()
        .unwrap();
    assert!(status.success());
    let url = format!("file://{}", page.display());

    let d = Driver::start(&dir.join("profile"));
    d.open(&url);
    let start = shown(&d);
    assert_at(&start, 0);
    assert_eq!(
        d.run("return performance.getEntriesByType('resource').length;"),
        json!(0),
        "the page fetches nothing"
    );

    // Forward three times with the right arrow key.
    for _ in 0..3 {
        d.key('\u{E014}');
    }
    let third = shown(&d);
    assert_at(&third, 3);
    assert_ne!(third.board, start.board, "the board changed");
    assert_ne!(third.cursor, start.cursor, "the plot's cursor moved");
    assert_eq!(third.hash, "#game=1&ply=3");

    // Back with the left arrow key.
    d.key('\u{E012}');
    let second = shown(&d);
    assert_at(&second, 2);
    assert_ne!(second.board, third.board);

    // Forward with the button: the same board as before.
    d.click("section.game button[data-step=\"forward\"]");
    assert_eq!(shown(&d), third);

    // A click on a move.
    d.click("a.mv[data-ply=\"10\"]");
    let tenth = shown(&d);
    assert_at(&tenth, 10);
    assert_ne!(tenth.board, third.board);

    // End and Home keys, and the back button at the start stays there.
    d.key('\u{E010}');
    let end = shown(&d);
    assert_at(&end, 15);
    d.key('\u{E011}');
    assert_eq!(shown(&d).board, start.board);
    d.click("section.game button[data-step=\"back\"]");
    assert_at(&shown(&d), 0);

    // The address: #ply=5.
    d.open(&format!("{url}#ply=5"));
    let fifth = shown(&d);
    assert_at(&fifth, 5);
    assert!(
        d.run("return document.querySelector('.detail:not([hidden])').textContent;")
            .as_str()
            .unwrap()
            .contains("K. B. takes Red's K. B."),
        "the fifth ply's details"
    );

    // The 160-square board after the last ply.
    d.open(&format!("{url}#ply=15"));
    assert_at(&shown(&d), 15);
    let png = d.screenshot("section.game .board");
    std::fs::write(dir.join("verney-board.png"), &png).unwrap();
    let snapshot = root.join("tests/snapshots/verney-board.png");
    if std::env::var_os("ROUNDTABLE_UPDATE_SNAPSHOT").is_some() {
        std::fs::write(&snapshot, &png).unwrap();
    }
    let kept = std::fs::read(&snapshot).expect("the kept snapshot");
    assert_eq!(
        png_size(&png),
        png_size(&kept),
        "the board's screenshot has the snapshot's size"
    );
}
