"""The Python package on the project's records: the same answers as the CLI."""

import pathlib
import pickle
from concurrent.futures import ThreadPoolExecutor

import pytest

import roundtable

ROOT = pathlib.Path(__file__).resolve().parents[2]
VERNEY = ROOT / "records" / "verney-1881.txt"
OPERA = ROOT / "records" / "morphy-opera-1858.pgn"


def test_notebook_reads_verney_draws_it_and_computes_its_material():
    # What a notebook does: read, look, count.
    game = roundtable.read(VERNEY)[0]
    assert game.variant == "verney"
    assert len(game) == 15
    svg = game._repr_svg_()
    assert svg.lstrip().startswith("<?xml")
    assert svg.count('class="sq"') == 160, "the 160-square cross"
    stats = game.stats()
    assert stats["material"][-1]["seats"] == [45, 45, 45, 45]
    assert stats["players"] == ["Yellow", "Red", "White", "Black"]
    assert "<svg" in game.material_svg()


def test_replay_gives_plies_with_events():
    plies = roundtable.read(VERNEY)[0].replay()
    assert [p["ply"] for p in plies] == list(range(1, 16))
    sixth = plies[5]
    assert (sixth["round"], sixth["player"], sixth["move"]) == (2, "Red", "Qa7xh14+")
    assert sixth["written"] == "Q. takes White Q. (Check)."
    assert sixth["check"] == ["White"]
    assert "check to White (by Red)" in sixth["events"]
    assert [p["inferred"] for p in plies].count(True) == 2
    assert plies[-1]["position"] == roundtable.read(VERNEY)[0].position()


def test_read_takes_text_and_paths():
    text = OPERA.read_text(encoding="utf-8")
    from_text = roundtable.read(text)
    from_path = roundtable.read(str(OPERA))
    assert [len(g) for g in from_text] == [len(g) for g in from_path]
    game = from_text[0]
    assert game.replay()[-1]["mate"] == ["Black"]
    assert game.tags["White"].startswith("Paul Morphy") or "Morphy" in game.tags["White"]


def test_games_stream_one_at_a_time():
    pgn = "".join(f'[Event "g{i}"]\n\n1. e4 e5 {i % 3 + 2}. Nf3 *\n\n' for i in range(50))
    path = pathlib.Path(__file__).parent / "_many.pgn"
    path.write_text(pgn, encoding="utf-8")
    try:
        games = roundtable.iter_games(path)
        first = next(games)
        assert first.tags["Event"] == "g0"
        assert sum(1 for _ in games) == 49
    finally:
        path.unlink()


def test_convert_round_trips():
    game = roundtable.read(VERNEY)[0]
    pgn4 = game.convert(to="pgn4")
    again = roundtable.read(pgn4)[0]
    assert [p["move"] for p in again.replay()] == [p["move"] for p in game.replay()]
    assert roundtable.convert(OPERA, "san").strip().endswith("1-0")
    with pytest.raises(roundtable.RoundtableError):
        game.convert(to="pgn")  # four players do not fit in PGN
    with pytest.raises(roundtable.RoundtableError):
        game.convert(to="no-such-notation")


def test_variants_and_perft():
    ids = [v["id"] for v in roundtable.variants()]
    assert {"chess", "chess960", "verney", "quattro"} <= set(ids)
    assert roundtable.perft("chess", 3) == 8902
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert roundtable.perft("chess", 2, fen=kiwipete) == 2039
    with pytest.raises(roundtable.RoundtableError):
        roundtable.perft("no-such-variant", 1)


def test_perft_runs_in_threads():
    # The GIL is released: threads give the same counts.
    with ThreadPoolExecutor(max_workers=2) as pool:
        counts = list(pool.map(lambda d: roundtable.perft("chess", d), [3, 3, 2, 2]))
    assert counts == [8902, 8902, 400, 400]


def test_a_move_that_does_not_replay_says_where_and_what_is_legal():
    with pytest.raises(roundtable.ReplayError) as info:
        roundtable.read("1. e4 e5\n2. Ke3 *\n")
    e = info.value
    assert (e.line, e.column, e.text) == (2, 4, "Ke3")
    assert e.legal_moves == ["Ke1-e2"]
    assert isinstance(e, roundtable.RoundtableError)


def test_text_that_is_not_a_record():
    with pytest.raises(roundtable.ReadError) as info:
        roundtable.read('[Event "x"\n\n1. e4 *\n')
    assert info.value.line == 1
    assert info.value.column is not None


def test_games_pickle():
    game = roundtable.read(VERNEY)[0]
    back = pickle.loads(pickle.dumps(game))
    assert len(back) == len(game)
    assert back.position() == game.position()
    assert back.replay() == game.replay()


def test_validate_reports_each_game():
    corpus = "1. e4 e5 2. Nf3 *\n\n1. e4 e5\n2. Ke3 *\n\n1. d4 *\n"
    checked = roundtable.validate(corpus)
    assert [c["valid"] for c in checked] == [True, False, True]
    assert checked[0]["plies"] == 3
    assert (checked[1]["line"], checked[1]["column"]) == (4, 4)
    assert "Ke3" in checked[1]["error"]


def test_a_partitioned_corpus_validates_with_dask():
    # Dask's local scheduler here; the same code runs on a Dask (or Ray) cluster.
    import dask.bag as dask_bag  # a test dependency: missing, the test fails

    games = [
        f'[Event "g{i}"]\n\n1. e4 e5 2. Nf3 {"Nc6" if i % 7 else "Ke7??"} 3. Bb5 *\n\n'
        for i in range(40)
    ] + [OPERA.read_text(encoding="utf-8"), VERNEY.read_text(encoding="utf-8")]
    bag = dask_bag.from_sequence(games, npartitions=6)
    results = bag.map(roundtable.validate).flatten().compute(scheduler="processes")
    assert len(results) == 42
    assert all(r["valid"] for r in results)
    # Records travel between processes as pickles.
    replayed = (
        bag.map(roundtable.read).flatten().map(pickle.dumps).map(pickle.loads).map(len).compute()
    )
    assert replayed[-1] == 15 and sum(replayed) > 40 * 5


def test_the_mating_player_chooses_his_bonus_piece():
    # Quattro: White's knight d9 mates Black's boxed king a8 from b10; White
    # gets the bonus piece on a8, a knight here instead of the queen.
    fen4 = (
        "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yK,7/14/14/14/14/bN,bP,1,rN,10/"
        "bK,bP,11,gK/bR,bP,12/14/14/14/14/14/7,rK,6"
    )
    board = roundtable.Board("quattro", fen4)
    assert board.play_with_bonus("Nd9-b10", "N") == 1
    assert board.text().split("/")[6].startswith("rN") and "rQ" not in board.text()
    queen = roundtable.Board("quattro", fen4)
    queen.play("Nd9-b10")
    assert "rQ" in queen.text()
    with pytest.raises(ValueError):
        roundtable.Board("quattro", fen4).play_with_bonus("Nd9-b10", "K")
    assert roundtable.Board("quattro", fen4).play_with_bonus("Nd9-c11", "R") == 0


def test_boards_play_and_draw_themselves():
    board = roundtable.Board("verney")
    assert board.turn == "Yellow"
    assert board._repr_svg_().count('class="sq"') == 160
    board.play("h2-h3")
    assert board.turn == "Red"
    with pytest.raises(roundtable.ReplayError) as info:
        board.play("Ke3")
    assert info.value.legal_moves and "Ke3" not in info.value.legal_moves
    chess = roundtable.Board()
    assert len(chess.legal_moves()) == 20 and chess.perft(2) == 400
    game = roundtable.read(VERNEY)[0]
    assert game.board(0).text() == roundtable.Board("verney").text()
    assert game.board().text() == game.position()


def test_totals_sum_a_corpus_by_seat_and_by_name():
    totals = roundtable.totals(ROOT / "records")
    assert totals["invalid"] == 0
    chess = next(v for v in totals["variants"] if v["variant"] == "chess")
    assert chess["games"] == 1
    morphy = chess["named"]["Paul Morphy"]
    assert morphy["games"] == 1 and morphy["score"] == 1.0
    assert morphy["stats"]["mates_given"] == 1
    # The same figures as the game's own report, summed over one game.
    opera = roundtable.read(OPERA)[0].stats()
    assert chess["seats"][0]["stats"]["moves"] == opera["stats"][0]["moves"]
    # Text works too, and a game that does not replay is counted apart.
    text = "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5 2. Ke3 *\n"
    totals = roundtable.totals(text)
    assert totals["invalid"] == 1
    assert totals["variants"][0]["seats"][1]["score"] == 1.0
