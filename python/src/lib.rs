//! The Python module `roundtable._roundtable`: thin bindings of the
//! roundtable library's front door. Every rule, reader and writer is the
//! Rust library's; nothing is re-implemented here. The Python package
//! `roundtable` wraps this module (`python/roundtable/__init__.py`).

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use roundtable::convert::Notation;
use roundtable::render::events::describe;
use roundtable::replay::Event;
use roundtable::{Board, Error, Game, Record};

pyo3::create_exception!(
    roundtable,
    RoundtableError,
    PyException,
    "Anything roundtable refuses. Attributes: line, column (1-based, or None), text (the text at fault), legal_moves (the legal moves, for a move that does not replay)."
);
pyo3::create_exception!(
    roundtable,
    ReadError,
    RoundtableError,
    "The text does not read as a record."
);
pyo3::create_exception!(
    roundtable,
    ReplayError,
    RoundtableError,
    "A move does not replay: it fits no legal move, or several."
);

/// An error as a Python exception with its place, its text and the legal moves.
fn py_error(py: Python<'_>, e: Error) -> PyErr {
    let (err, line, column, text, legal): (
        PyErr,
        Option<usize>,
        Option<usize>,
        String,
        Vec<String>,
    ) = match &e {
        Error::Read(r) => (
            ReadError::new_err(e.to_string()),
            r.span.map(|s| s.line),
            r.span.map(|s| s.column),
            r.text.clone(),
            Vec::new(),
        ),
        Error::Replay(r) => (
            ReplayError::new_err(e.to_string()),
            r.span.map(|s| s.line),
            r.span.map(|s| s.column),
            r.text.clone(),
            r.moves.clone(),
        ),
        Error::IllegalMove { text, legal } => (
            ReplayError::new_err(e.to_string()),
            None,
            None,
            text.clone(),
            legal.clone(),
        ),
        _ => (
            RoundtableError::new_err(e.to_string()),
            None,
            None,
            String::new(),
            Vec::new(),
        ),
    };
    let value = err.value(py);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("text", text);
    let _ = value.setattr("legal_moves", legal);
    err
}

fn notation(name: &str) -> PyResult<Notation> {
    Ok(match name.to_ascii_lowercase().as_str() {
        "json" => Notation::Json,
        "jsonl" => Notation::Jsonl,
        "pgn" => Notation::Pgn,
        "pgn4" => Notation::Pgn4,
        "long" => Notation::Long,
        "san" => Notation::San,
        "descriptive" => Notation::Descriptive,
        "table" => Notation::Table,
        other => {
            return Err(RoundtableError::new_err(format!(
                "unknown notation `{other}`; known: json, jsonl, pgn, pgn4, long, san, descriptive, table"
            )));
        }
    })
}

/// A replayed game: its plies, positions, reports and every notation.
#[pyclass(module = "roundtable._roundtable", name = "Game", frozen)]
struct PyGame {
    game: Game,
}

#[pymethods]
impl PyGame {
    /// The variant's id (`verney`, `chess`, ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.variant().id
    }

    /// The record's tags as a dict (in the record's order).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for t in &self.game.record().tags {
            d.set_item(&t.key, &t.value)?;
        }
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.game.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<roundtable.Game {} of {} plies>",
            self.game.variant().id,
            self.game.len()
        )
    }

    /// Every ply as a dict: round, player, move (long algebraic), written,
    /// events (in words), check (the players checked), mate (the players
    /// mated), inferred, position (FEN or FEN4 after the ply), comments.
    fn replay<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let v = self.game.variant();
        let out = PyList::empty(py);
        for (i, p) in self.game.plies().iter().enumerate() {
            let d = PyDict::new(py);
            d.set_item("ply", i + 1)?;
            d.set_item("round", p.round)?;
            d.set_item("player", p.player)?;
            d.set_item("move", &p.long)?;
            d.set_item("written", &p.written)?;
            let words: Vec<String> = p.events.iter().map(|e| describe(v, e)).collect();
            d.set_item("events", words)?;
            let seats = |f: fn(&Event) -> Option<usize>| -> Vec<&'static str> {
                p.events
                    .iter()
                    .filter_map(f)
                    .map(|s| v.seat_name(s))
                    .collect()
            };
            d.set_item(
                "check",
                seats(|e| match e {
                    Event::Check { seat, .. } => Some(*seat),
                    _ => None,
                }),
            )?;
            d.set_item(
                "mate",
                seats(|e| match e {
                    Event::Mated { seat } => Some(*seat),
                    _ => None,
                }),
            )?;
            d.set_item("inferred", p.events.contains(&Event::Inferred))?;
            d.set_item("position", self.game.board_after(i + 1).map(|b| b.text()))?;
            d.set_item("comments", p.comments.clone())?;
            out.append(d)?;
        }
        Ok(out)
    }

    /// The position after `ply` plies (0: the start; default: the end), as FEN or FEN4.
    #[pyo3(signature = (ply=None))]
    fn position(&self, ply: Option<usize>) -> PyResult<String> {
        let n = ply.unwrap_or(self.game.len());
        self.game.board_after(n).map(|b| b.text()).ok_or_else(|| {
            RoundtableError::new_err(format!("the game has {} plies", self.game.len()))
        })
    }

    /// The board after `ply` plies (0: the start; default: the end).
    #[pyo3(signature = (ply=None))]
    fn board(&self, ply: Option<usize>) -> PyResult<PyBoard> {
        let n = ply.unwrap_or(self.game.len());
        self.game
            .board_after(n)
            .map(|board| PyBoard { board })
            .ok_or_else(|| {
                RoundtableError::new_err(format!("the game has {} plies", self.game.len()))
            })
    }

    /// The position after `ply` plies (default: the end) as an SVG picture.
    #[pyo3(signature = (ply=None))]
    fn svg(&self, ply: Option<usize>) -> PyResult<String> {
        let n = ply.unwrap_or(self.game.len());
        self.game.board_after(n).map(|b| b.svg()).ok_or_else(|| {
            RoundtableError::new_err(format!("the game has {} plies", self.game.len()))
        })
    }

    /// The material plot of the game (SVG).
    fn material_svg(&self) -> String {
        roundtable::render::report::plot(&self.game.report("game", None))
    }

    /// The same figures as `roundtable stats --json`, as JSON text.
    #[pyo3(signature = (source="game"))]
    fn stats_json(&self, source: &str) -> PyResult<String> {
        serde_json::to_string(&self.game.report(source, None))
            .map_err(|e| RoundtableError::new_err(e.to_string()))
    }

    /// The game in another notation (`json`, `pgn`, `pgn4`, `long`, `san`,
    /// `descriptive`, `table`, `jsonl`).
    #[pyo3(signature = (to))]
    fn convert(&self, py: Python<'_>, to: &str) -> PyResult<String> {
        let n = notation(to)?;
        self.game
            .write(n)
            .map(|w| w.text)
            .map_err(|e| py_error(py, e))
    }

    /// The record as JSON (what pickling keeps).
    fn record_json(&self) -> PyResult<String> {
        serde_json::to_string(self.game.record())
            .map_err(|e| RoundtableError::new_err(e.to_string()))
    }
}

/// A position of any variant: its text, legal moves, moves played on it,
/// and its picture (`_repr_svg_` in Jupyter), any board shape.
#[pyclass(module = "roundtable._roundtable", name = "Board")]
#[derive(Clone)]
struct PyBoard {
    board: Board,
}

#[pymethods]
impl PyBoard {
    /// The start position of `variant`, or the position `fen` (FEN or FEN4).
    #[new]
    #[pyo3(signature = (variant="chess", fen=None))]
    fn new(py: Python<'_>, variant: &str, fen: Option<&str>) -> PyResult<PyBoard> {
        let v = roundtable::variant(variant).map_err(|e| py_error(py, e))?;
        match fen {
            Some(text) => Board::from_text(v, text),
            None => Board::start(v),
        }
        .map(|board| PyBoard { board })
        .map_err(|e| py_error(py, e))
    }

    /// The variant's id.
    #[getter]
    fn variant(&self) -> &'static str {
        self.board.variant().id
    }

    /// The name of the player to move.
    #[getter]
    fn turn(&self) -> &'static str {
        self.board.turn()
    }

    /// The position as FEN (FEN4 for four-player and 14x14 boards).
    fn text(&self) -> String {
        self.board.text()
    }

    /// The legal moves in long algebraic (`--` for a due pass).
    fn legal_moves(&self) -> Vec<String> {
        self.board.legal_moves()
    }

    /// Plays a move in long or short algebraic; an illegal one raises
    /// ReplayError with the legal moves and leaves the board as it was.
    fn play(&mut self, py: Python<'_>, mv: &str) -> PyResult<()> {
        self.board.play(mv).map_err(|e| py_error(py, e))
    }

    /// Plays a move as `play` does, giving the bonus pieces of the players
    /// it mates (Quattro, Triple: the mating player's choice) the kinds
    /// `bonus` names in order, as letters Q, R, B, N (`"R"`, `"R N"`); the
    /// rest get a queen. Returns how many of them the move gave.
    fn play_with_bonus(&mut self, py: Python<'_>, mv: &str, bonus: &str) -> PyResult<usize> {
        let kinds = bonus
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| {
                let letter = c.to_string();
                roundtable::replay::bonus_kind(&letter).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "`{letter}` is no bonus piece: expected Q, R, B or N"
                    ))
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        self.board
            .play_with_bonus(mv, &kinds)
            .map_err(|e| py_error(py, e))
    }

    /// Leaf nodes of the move tree `depth` plies deep; the GIL is released.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let board = self.board;
        py.detach(move || board.perft(depth))
    }

    /// A text diagram of the board.
    fn diagram(&self) -> String {
        self.board.diagram()
    }

    /// The board as SVG.
    fn svg(&self) -> String {
        self.board.svg()
    }

    fn _repr_svg_(&self) -> String {
        self.board.svg()
    }

    fn __repr__(&self) -> String {
        format!(
            "<roundtable.Board {} {}>",
            self.board.variant().id,
            self.board.text()
        )
    }
}

/// Reads every record of `text` (any notation, detected) and replays each;
/// the GIL is released meanwhile.
#[pyfunction]
fn read_text(py: Python<'_>, text: String) -> PyResult<Vec<PyGame>> {
    let games: Vec<Result<Game, Error>> = py.detach(move || {
        roundtable::read_str(&text)
            .into_iter()
            .map(|r| r.and_then(Game::replay))
            .collect()
    });
    games
        .into_iter()
        .map(|g| g.map(|game| PyGame { game }).map_err(|e| py_error(py, e)))
        .collect()
}

/// Replays one record given as JSON (the JSON record format); the GIL is
/// released meanwhile. The way back from a pickle.
#[pyfunction]
fn replay_json(py: Python<'_>, json: String) -> PyResult<PyGame> {
    let record: Record = serde_json::from_str(&json)
        .map_err(|e| ReadError::new_err(format!("not a JSON record: {e}")))?;
    py.detach(move || Game::replay(record))
        .map(|game| PyGame { game })
        .map_err(|e| py_error(py, e))
}

/// Checks every record of `text` without keeping positions (the fast
/// path for corpora), the GIL released: per game a dict with `valid`,
/// `plies`, `error` (the message or None), `line`, `column`.
#[pyfunction]
fn validate_text<'py>(py: Python<'py>, text: String) -> PyResult<Bound<'py, PyList>> {
    type Checked = Result<usize, (String, Option<(usize, usize)>)>;
    let checked: Vec<Checked> = py.detach(move || {
        roundtable::check::check_str(&text, None)
            .into_iter()
            .map(|checked| {
                let place = |e: &Error| match e {
                    Error::Read(r) => r.span.map(|s| (s.line, s.column)),
                    Error::Replay(r) => r.span.map(|s| (s.line, s.column)),
                    _ => None,
                };
                checked
                    .map(|c| c.found.plies)
                    .map_err(|e| (e.to_string(), place(&e)))
            })
            .collect()
    });
    let out = PyList::empty(py);
    for c in checked {
        let d = PyDict::new(py);
        d.set_item("valid", c.is_ok())?;
        match c {
            Ok(plies) => {
                d.set_item("plies", plies)?;
                d.set_item("error", py.None())?;
                d.set_item("line", py.None())?;
                d.set_item("column", py.None())?;
            }
            Err((message, place)) => {
                d.set_item("plies", py.None())?;
                d.set_item("error", message)?;
                d.set_item("line", place.map(|p| p.0))?;
                d.set_item("column", place.map(|p| p.1))?;
            }
        }
        out.append(d)?;
    }
    Ok(out)
}

/// A lazy reader of a file's games (PGN, PGN4 and JSON Lines stream).
#[pyclass(module = "roundtable._roundtable", unsendable)]
struct GameReader {
    records: Box<dyn Iterator<Item = Result<Record, Error>>>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        match self.records.next() {
            None => Ok(None),
            Some(r) => r
                .and_then(Game::replay)
                .map(|game| Some(PyGame { game }))
                .map_err(|e| py_error(py, e)),
        }
    }
}

/// The games of a file, one at a time.
#[pyfunction]
fn read_path(py: Python<'_>, path: std::path::PathBuf) -> PyResult<GameReader> {
    roundtable::read_file(path)
        .map(|records| GameReader { records })
        .map_err(|e| py_error(py, e))
}

/// The totals over the games of files (`paths`, in order) or of a text,
/// as `roundtable stats --totals --json` gives them, with `invalid`: the
/// number of games that do not read or replay (left out of the totals).
/// The games are streamed and the GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (paths=Vec::new(), text=None))]
fn totals_json(
    py: Python<'_>,
    paths: Vec<std::path::PathBuf>,
    text: Option<String>,
) -> PyResult<String> {
    let totals = py.detach(move || -> Result<String, Error> {
        let mut totals = roundtable::report::corpus::CorpusStats::default();
        let mut invalid = 0usize;
        let mut add = |records: Box<dyn Iterator<Item = Result<Record, Error>>>| {
            for game in records.map(|r| r.and_then(Game::replay)) {
                match game {
                    Ok(game) => totals.add(&game.report("game", None)),
                    Err(_) => invalid += 1,
                }
            }
        };
        for path in paths {
            add(roundtable::read_file(path)?);
        }
        if let Some(text) = text {
            add(Box::new(roundtable::read_str(&text).into_iter()));
        }
        let mut value = serde_json::to_value(&totals).map_err(|e| Error::Io(e.into()))?;
        value["invalid"] = invalid.into();
        Ok(value.to_string())
    });
    totals.map_err(|e| py_error(py, e))
}

/// Every variant as a dict: id, name, players, playable, summary.
#[pyfunction]
fn variants<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for v in roundtable::variant::all() {
        let d = PyDict::new(py);
        d.set_item("id", v.id)?;
        d.set_item("name", v.name)?;
        d.set_item("players", v.players())?;
        d.set_item("summary", v.summary)?;
        out.append(d)?;
    }
    Ok(out)
}

/// Leaf nodes of the move tree `depth` plies deep from the variant's
/// start or `fen`; the GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (variant, depth, fen=None))]
fn perft(py: Python<'_>, variant: &str, depth: u32, fen: Option<&str>) -> PyResult<u64> {
    let v = roundtable::variant(variant).map_err(|e| py_error(py, e))?;
    let board = match fen {
        Some(text) => Board::from_text(v, text),
        None => Board::start(v),
    }
    .map_err(|e| py_error(py, e))?;
    Ok(py.detach(move || board.perft(depth)))
}

/// The native half of the `roundtable` package.
#[pymodule]
fn _roundtable(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RoundtableError", py.get_type::<RoundtableError>())?;
    m.add("ReadError", py.get_type::<ReadError>())?;
    m.add("ReplayError", py.get_type::<ReplayError>())?;
    m.add_class::<PyGame>()?;
    m.add_class::<GameReader>()?;
    m.add_class::<PyBoard>()?;
    m.add_function(wrap_pyfunction!(read_text, m)?)?;
    m.add_function(wrap_pyfunction!(read_path, m)?)?;
    m.add_function(wrap_pyfunction!(replay_json, m)?)?;
    m.add_function(wrap_pyfunction!(validate_text, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(totals_json, m)?)?;
    Ok(())
}
