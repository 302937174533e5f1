"""mango.lab.referee_drop (scripts/referee_drops.py): a referee's win rates before and after each of Mango's moves, through
Pachi's `pachi-result`, played against a fake referee whose answers are known."""
from __future__ import annotations

import json
import sys

import pytest

from fake_referee import FAKE_REFEREE
from sgfmill import sgf
from stored import game_record

from mango.lab import referee_drop as referee_drops
from mango.lab.client import EngineFailure
from mango.lab.game_record import GameRecord


MOVES = [("b", "C3"), ("w", "G7"), ("b", "C7"), ("w", "G3"), ("b", "E3"), ("w", "E7")]


def stored_game(game: int, points: float) -> GameRecord:
    tree = sgf.Sgf_game(9)
    for colour, vertex in MOVES:
        tree.extend_main_sequence().set_move(colour, (int(vertex[1:]) - 1, "ABCDEFGHJ".index(vertex[0])))
    return game_record(game=game, a_colour="b", result="W+R", moves=len(MOVES), points=points,
                       opening="C3 G7", size=9, komi=7.5, sgf=tree.serialise().decode())


def test_the_stored_moves_are_read_as_gtp_vertices():
    assert referee_drops.game_moves(stored_game(0, 0.0).sgf) == MOVES


def test_drops_of_mangos_moves_after_the_opening(tmp_path, capsys, monkeypatch):
    script = tmp_path / "referee.py"
    script.write_text(FAKE_REFEREE)
    store = tmp_path / "store.jsonl"
    store.write_text("".join(json.dumps(stored_game(k, points).to_json()) + "\n" for k, points in enumerate([0.0, 1.0])))
    monkeypatch.setattr("sys.argv", ["referee_drops.py", str(store), "--referee", f"{sys.executable} {script}"])
    assert referee_drops.main() == 0
    lines = capsys.readouterr().out.strip().splitlines()
    # only the lost game; move 3 (C7): 0.52 before, the opponent's 0.53 after, so 0.47 for Mango;
    # move 5 (E3) is skipped, as the referee did not search the position before it
    assert lines == ["game 0 (Mango b, W+R, 6 moves)",
                     "  move   3 C7   referee prefers E5     win rate 0.52 -> 0.47  drop +0.05"]


# A blunder at move 3: before it the referee gives Black 0.60 with its own E5, after Mango's C7
# White 0.90, after E5 White 0.40 and after D5 0.45 (both keep the game), after any other move
# 0.75; past four stones it refuses pachi-result, as Pachi does after it resigns.
BLUNDER_REFEREE = '''
import sys
plays = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    answer, ok = "", True
    if words[0] == "clear_board":
        plays = []
    elif words[0] == "play":
        plays.append(" ".join(words[1:3]))
    elif words[0] == "genmove":
        answer = "E5"
    elif words[0] == "pachi-result":
        third = {"b C7": 0.90, "b E5": 0.40, "b D5": 0.45}.get(plays[-1], 0.75) if len(plays) == 3 else 0.5
        rate = 0.60 if len(plays) == 2 else third
        ok = len(plays) < 4
        answer = "black E5 500 %.2f 0.0" % rate if ok else "unknown command"
    print(("= " if ok else "? ") + answer + "\\n", flush=True)
    if words[0] == "quit":
        break
'''


def test_a_blunder_becomes_a_suite_test_that_expects_the_referees_move(tmp_path, monkeypatch):
    script = tmp_path / "referee.py"
    script.write_text(BLUNDER_REFEREE)
    store = tmp_path / "store.jsonl"
    store.write_text(json.dumps(stored_game(7, 0.0).to_json()) + "\n")
    suite = tmp_path / "suite" / "blunders.tst"
    suite.parent.mkdir()
    monkeypatch.setattr("sys.argv", ["referee_drops.py", str(store), "--referee", f"{sys.executable} {script}",
                                     "--suite", str(suite), "--first-number", "201", "--mark-playouts", "0"])
    assert referee_drops.main() == 0
    tests = [line for line in suite.read_text().splitlines() if line and not line.startswith("# ")]
    name = f"{stored_game(7, 0.0).match[:8]}-0007.sgf"
    # move 3 only: move 5's position was not searched (the refusal), and no other move dropped;
    # the answers are the moves within 0.1 of the best the referee finds on a second look
    assert tests == [f"loadsgf games/{name} 3", "201 reg_genmove black", "#? [D5|E5]"]
    assert "0.60 -> 0.10" in suite.read_text() and "(0.60 after its best answers" in suite.read_text()
    assert referee_drops.game_moves((suite.parent / "games" / name).read_text()) == MOVES


def test_a_run_stopped_after_a_game_keeps_that_game_s_tests(tmp_path, monkeypatch):
    script = tmp_path / "referee.py"
    # the blunder referee, which dies at the second game's first command
    script.write_text(BLUNDER_REFEREE.replace("plays = []\nfor line", "plays = []\nboards = 0\nfor line").replace(
        "    if words[0] == \"clear_board\":",
        "    boards += words[0] == \"boardsize\"\n    if boards == 2:\n        sys.exit(1)\n"
        "    if words[0] == \"clear_board\":"))
    store = tmp_path / "store.jsonl"
    store.write_text("".join(json.dumps(stored_game(k, 0.0).to_json()) + "\n" for k in (7, 8)))
    suite = tmp_path / "suite" / "blunders.tst"
    suite.parent.mkdir()
    monkeypatch.setattr("sys.argv", ["referee_drops.py", str(store), "--referee", f"{sys.executable} {script}",
                                     "--suite", str(suite), "--first-number", "201", "--mark-playouts", "0"])
    with pytest.raises(EngineFailure):
        referee_drops.main()
    tests = [line for line in suite.read_text().splitlines() if line and not line.startswith("# ")]
    assert tests[1:] == ["201 reg_genmove black", "#? [D5|E5]"]         # game 7's test, kept


def test_mango_s_view_is_the_board_size_s_defaults(monkeypatch):
    """--mango shows what Mango's player would think: the 9x9 defaults on a 9x9 board."""
    seen = []

    from mango.engine.searcher import Searcher

    class RecordingSearcher(Searcher):          # the settings the search ran with, fitted to the board
        def search(self, game, *args, **kwargs):
            result = super().search(game, *args, **kwargs)
            seen.append(self.config)
            return result

    monkeypatch.setattr("mango.engine.searcher.Searcher", RecordingSearcher)
    move, value = referee_drops.mango_view(9, 7.5, MOVES[:2], 100, 3)
    assert move != "pass" and 0 <= value <= 1
    referee_drops.mango_view(13, 7.5, MOVES[:2], 100, 3)
    assert [c.playout.light_after_atari for c in seen] == [True, False]
    assert seen[0].seed == 3 and seen[0].search.playouts == 100
