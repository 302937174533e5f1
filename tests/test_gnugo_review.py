"""mango.lab.review (scripts/gnugo_review.py) --resignations: GNU Go's count of the positions Mango resigned, from
Mango's side, and only for games Mango itself resigned."""
from __future__ import annotations

import json

import pytest
from sgfmill import sgf
from stored import game_record

from mango.lab import review as gnugo_review
from mango.lab.game_record import GameRecord
from mango.lab.opening import load_openings


# White walls off the left two thirds of a 9x9 board while Black passes.
WHITE_WALL = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "C5", "D3", "D7"]


def stored_game(game: int, reason: str, points: float) -> GameRecord:
    tree = sgf.Sgf_game(9)
    for vertex in WHITE_WALL:
        tree.extend_main_sequence().set_move("b", None)
        tree.extend_main_sequence().set_move("w", (int(vertex[1:]) - 1, "ABCDEFGHJ".index(vertex[0])))
    return game_record(game=game, a_colour="b", result="W+R", moves=2 * len(WHITE_WALL), reason=reason,
                       points=points, sgf=tree.serialise().decode())


def test_only_mangos_own_resignations_are_reviewed():
    assert gnugo_review.resigned(stored_game(0, "mango playouts=2000 resigned", 0.0))
    assert not gnugo_review.resigned(stored_game(1, "gnugo level 10 resigned", 1.0))
    assert not gnugo_review.resigned(stored_game(2, "W+12.5", 0.0))


@pytest.mark.gnugo
def test_resignations_report_gnugo_s_count_from_mangos_side(tmp_path, capsys, monkeypatch):
    if gnugo_review.find_gnugo() is None:
        pytest.skip("GNU Go is not installed")
    store = tmp_path / "store.jsonl"
    store.write_text("".join(json.dumps(stored_game(k, reason, 0.0).to_json()) + "\n" for k, reason in
                             enumerate(["mango playouts=2000 resigned", "W+3.5"])))
    monkeypatch.setattr("sys.argv", ["gnugo_review.py", str(store), "--resignations", "--level", "1"])
    assert gnugo_review.main() == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("game 0 (Mango b, W+R, 24 moves)")
    assert float(lines[0].rsplit(" ", 1)[1]) < -20          # Black has a third of the board


def test_resigned_positions_are_an_openings_file_with_mango_to_move(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(gnugo_review, "find_gnugo", lambda: None)      # no GNU Go needed
    store, positions = tmp_path / "store.jsonl", tmp_path / "resigned.txt"
    store.write_text("".join(json.dumps(stored_game(k, reason, 0.0).to_json()) + "\n" for k, reason in
                             enumerate(["mango playouts=2000 resigned", "W+3.5"])))
    monkeypatch.setattr("sys.argv", ["gnugo_review.py", str(store), "--resigned-positions", str(positions)])
    assert gnugo_review.main() == 0
    assert "1 positions written" in capsys.readouterr().out
    (opening,) = load_openings(str(positions), 9)
    game = opening.game(9, 7.5)
    assert [vertex for _, vertex in opening.moves][1::2] == WHITE_WALL
    assert {vertex for _, vertex in opening.moves[::2]} == {"PASS"}
    assert game.to_move == "b" and len(game.moves) == 24                 # Mango (Black) to move
