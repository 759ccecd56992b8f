"""roundtable: game records of multi-player and historical chess variants.

The same library as the ``roundtable`` command line (Rust, bound with PyO3):
read records in any notation, replay them under each variant's rules, write
them in any notation, compute their reports, draw their boards.

>>> import roundtable
>>> game = roundtable.read("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")[0]
>>> game.replay()[-1]["move"]
'Qh5xf7#'
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterator, List, Optional, Union

from . import _roundtable
from ._roundtable import Board, ReadError, ReplayError, RoundtableError

__all__ = [
    "Board",
    "Game",
    "ReadError",
    "ReplayError",
    "RoundtableError",
    "convert",
    "iter_games",
    "perft",
    "read",
    "totals",
    "validate",
    "variants",
]


class Game:
    """A replayed game: every move resolved to one legal move.

    Shows itself as its final position in Jupyter (``_repr_svg_``), and
    pickles (as its JSON record, replayed again on loading).
    """

    __slots__ = ("_game",)

    def __init__(self, native: "_roundtable.Game") -> None:
        self._game = native

    @property
    def variant(self) -> str:
        """The variant's id (``verney``, ``chess``, ...)."""
        return self._game.variant

    @property
    def tags(self) -> Dict[str, str]:
        """The record's tags."""
        return self._game.tags

    def __len__(self) -> int:
        return len(self._game)

    def __repr__(self) -> str:
        return repr(self._game)

    def replay(self) -> List[Dict[str, Any]]:
        """Every ply: round, player, move (long algebraic), written, events
        (in words), check and mate (the players checked or mated),
        inferred, position (FEN or FEN4 after the ply), comments."""
        return self._game.replay()

    def position(self, ply: Optional[int] = None) -> str:
        """The position after ``ply`` plies (0: the start; default: the end)."""
        return self._game.position(ply)

    def board(self, ply: Optional[int] = None) -> Board:
        """The board after ``ply`` plies (0: the start; default: the end):
        legal moves, play, perft, and its picture in Jupyter."""
        return self._game.board(ply)

    def svg(self, ply: Optional[int] = None) -> str:
        """The board after ``ply`` plies (default: the end) as SVG, any board shape."""
        return self._game.svg(ply)

    def material_svg(self) -> str:
        """The material per player and team over the rounds, as an SVG plot."""
        return self._game.material_svg()

    def stats(self, source: str = "game") -> Dict[str, Any]:
        """The figures of ``roundtable stats --json``: material by round,
        mates and their attribution, per-player statistics, the result."""
        return json.loads(self._game.stats_json(source))

    def convert(self, to: str) -> str:
        """The game in ``to``: json, jsonl, pgn, pgn4, long, san, descriptive or table."""
        return self._game.convert(to)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __reduce__(self):
        return (_from_json, (self._game.record_json(),))


def _from_json(record: str) -> Game:
    return Game(_roundtable.replay_json(record))


def _looks_like_path(source: Union[str, "os.PathLike[str]"]) -> bool:
    if isinstance(source, os.PathLike):
        return True
    return "\n" not in source and len(source) < 4096 and os.path.isfile(source)


def read(source: Union[str, "os.PathLike[str]"]) -> List[Game]:
    """Every game of a file (a path) or a text, replayed.

    Raises ReadError when the text is not a record, ReplayError (with
    ``line``, ``column``, ``text`` and ``legal_moves``) when a move does
    not replay.
    """
    return list(iter_games(source))


def iter_games(source: Union[str, "os.PathLike[str]"]) -> Iterator[Game]:
    """The games of a file or a text one at a time: a PGN, PGN4 or JSON
    Lines file is read as the games are taken, in flat memory."""
    if _looks_like_path(source):
        for native in _roundtable.read_path(os.fspath(source)):
            yield Game(native)
    else:
        for native in _roundtable.read_text(str(source)):
            yield Game(native)


def convert(source: Union[str, "os.PathLike[str]"], to: str) -> str:
    """The games of a file or a text written in notation ``to``."""
    return "".join(g.convert(to) for g in iter_games(source))


def validate(source: Union[str, "os.PathLike[str]"]) -> List[Dict[str, Any]]:
    """Checks every game of a file or a text without keeping positions:
    per game ``valid``, ``plies``, and for an invalid one ``error``,
    ``line`` and ``column``. Never raises for a bad game; the GIL is
    released, so threads and distributed engines (Dask, Ray) run it in
    parallel."""
    if _looks_like_path(source):
        with open(os.fspath(source), "rb") as f:
            data = f.read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = str(source)
    return _roundtable.validate_text(text)


def _files_under(directory: str) -> List[str]:
    """The files of a directory as the command line walks it: sorted, depth
    first, hidden files and directories and notes (``.md``) left out."""
    files = []
    for entry in sorted(os.scandir(directory), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            files.extend(_files_under(entry.path))
        elif not entry.name.lower().endswith(".md"):
            files.append(entry.path)
    return files


def totals(source: Union[str, "os.PathLike[str]"]) -> Dict[str, Any]:
    """The totals over the games of a file, a directory or a text, as
    ``roundtable stats --totals --json`` gives them: per variant, each
    seat's and each named player's figures summed (games, score, points,
    moves, captures, checks, mates ...), who mated whom, the results; and
    ``invalid``, the games that do not read or replay (left out). Streamed;
    the GIL is released."""
    path = os.fspath(source) if isinstance(source, os.PathLike) else source
    if isinstance(source, os.PathLike) or ("\n" not in path and os.path.exists(path)):
        files = _files_under(path) if os.path.isdir(path) else [path]
        return json.loads(_roundtable.totals_json(paths=files))
    return json.loads(_roundtable.totals_json(text=str(source)))


def variants() -> List[Dict[str, Any]]:
    """Every variant: id, name, players, summary."""
    return _roundtable.variants()


def perft(variant: str, depth: int, fen: Optional[str] = None) -> int:
    """Leaf nodes of the move tree ``depth`` plies deep (a pass is a move),
    from the variant's start or from ``fen`` (FEN, or FEN4 for 14x14 boards)."""
    return _roundtable.perft(variant, depth, fen)
