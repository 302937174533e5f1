"""mango.lab.owl_accuracy (scripts/owl_accuracy.py): estimates of the board's owners scored against
a fake GNU Go whose dragons are known (C3 dead, G7 alive; C7 critical and left out)."""
from __future__ import annotations

import json
import sys

import pytest
from test_ownership_diff import FAKE_REFEREE, _store_and_referee

from mango.lab import owl_accuracy

FAKE_GNUGO = '''
import sys
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    answer = ""
    if words[0] == "dragon_status":
        answer = "C3: dead\\nG7: alive\\nC7: critical D6 D6"
    elif words[0] == "color":
        answer = "black" if words[1] in ("C3", "C7") else "white"
    elif words[0] == "dragon_stones":
        answer = words[1]
    print("= " + answer + "\\n", flush=True)
    if words[0] == "quit":
        break
'''


def _gnugo(tmp_path) -> str:
    script = tmp_path / "gnugo.py"
    script.write_text(FAKE_GNUGO)
    return f"{sys.executable} {script}"


def test_gnu_go_s_dragon_list_is_read():
    assert owl_accuracy.parse_statuses("H8: critical J6 J9\nE7: alive\n\nF3: dead") == [
        ("H8", "critical"), ("E7", "alive"), ("F3", "dead")]


def test_the_brier_score_and_wrong_calls_count_settled_dragons_only():
    accuracy = owl_accuracy.Accuracy()
    dragons = [owl_accuracy.Dragon("b", ("C3", "C4"), alive=False),
               owl_accuracy.Dragon("w", ("G7",), alive=True)]
    # Black's C3-C4 read half alive (one half exactly is not called alive), White's G7 75% alive
    accuracy.add(dragons, {"C3": 0.2, "C4": -0.2, "G7": -0.5}, "b")
    assert accuracy.dragons == 2 and accuracy.wrong == 0
    assert accuracy.brier == pytest.approx((0.5 ** 2 + 0.25 ** 2) / 2)
    assert accuracy.side_brier(True) == pytest.approx(0.25) and accuracy.side_brier(False) == pytest.approx(0.0625)
    accuracy.add(dragons[:1], {"C3": 1.0, "C4": 0.6}, "w")     # a dead dragon read 90% alive
    assert accuracy.wrong == 1 and accuracy.by_fate == {"alive": [1, 0], "dead": [2, 1]}
    assert accuracy.side_brier(False) == pytest.approx((0.0625 + 0.81) / 2)
    assert accuracy.line().startswith("3 settled dragons in 2 positions: Brier 0.3742 (the side to "
                                      "move's 1: 0.2500, the other's 2: 0.4363), 1 on the wrong side")


def test_mango_s_playouts_are_scored_against_gnu_go_s_dragons(tmp_path, capsys, monkeypatch):
    store, referee = _store_and_referee(tmp_path, FAKE_REFEREE)
    cache = tmp_path / "cache.json"
    args = ["owl_accuracy.py", store, "--moves", "3", "3", "--mango-playouts", "200", "--flat",
            "--gnugo", _gnugo(tmp_path), "--cache", str(cache)]
    monkeypatch.setattr("sys.argv", args)
    assert owl_accuracy.main() == 0
    # before move 3 (Black C3 and White G7 on the board, Mango Black to move): C3 "dead" for the
    # fake GNU Go but Black's own stone with a move to come, so Mango's playouts keep it alive
    out = capsys.readouterr().out.strip()
    assert out.startswith("2 settled dragons in 1 positions") and out.endswith(
        "1 on the wrong side of one half (0 of 1 alive ones, 1 of 1 dead ones)")
    assert "(the side to move's 1: 0." in out and "the other's 1: 0." in out
    assert list(json.loads(cache.read_text()).values()) == [[["b", ["C3"], False], ["w", ["G7"], True]]]
    # Pachi's playouts (the fake referee owns everything for Black before any genmove): G7 dead
    # for it, C3 alive: both wrong, and the answer is kept beside GNU Go's
    remembering = FAKE_REFEREE.replace('f"{x}{y} -1.0"', 'f"{x}{y} 1.0"')
    _, pachi = _store_and_referee(tmp_path, remembering)
    monkeypatch.setattr("sys.argv", args + ["--pachi", pachi])
    assert owl_accuracy.main() == 0
    assert capsys.readouterr().out.strip() == (
        "2 settled dragons in 1 positions: Brier 1.0000 (the side to move's 1: 1.0000, the other's 1: "
        "1.0000), 2 on the wrong side of one half (1 of 1 alive ones, 1 of 1 dead ones)")
    assert len(json.loads(cache.read_text())) == 2
    # the dragons read worst, worst first, where they stand
    monkeypatch.setattr("sys.argv", args + ["--pachi", pachi, "--worst", "1"])
    assert owl_accuracy.main() == 0
    assert capsys.readouterr().out.strip().splitlines()[1:] == [
        "game 0 before move 3 (Black to move): Black C3 (dead for owl) lives 1.00"]


def test_the_worst_read_dragons_come_first():
    accuracy = owl_accuracy.Accuracy()
    dead, alive = owl_accuracy.Dragon("b", ("C3",), alive=False), owl_accuracy.Dragon("w", ("G7",), alive=True)
    accuracy.add([dead, alive], {"C3": 0.0, "G7": -0.9}, "b", "here")
    accuracy.add([dead], {"C3": 0.8}, "w")                      # no place named: not listed
    assert accuracy.worst(5) == ["here: Black C3 (dead for owl) lives 0.50",
                                 "here: White G7 (alive for owl) lives 0.95"]
    assert accuracy.worst(0) == []
