"""mango.lab.ladder_run (scripts/ladder_runs.py): the moves that run out a dead ladder are counted, and only those; and
mango.lab.ladder_audit: the ladder reader and GNU Go's judge the same extensions alike."""
from __future__ import annotations

import json

import pytest
from sgfmill import sgf

from mango.lab import ladder_audit
from mango.lab import ladder_run as ladder_runs

COLUMNS = "ABCDEFGHJ"


def record(moves: list[tuple[str, str | None]]) -> dict:
    """A stored 9x9 game (as `mango match` writes it) of these moves, None a pass."""
    game = sgf.Sgf_game(9)
    game.root.set("PB", "black player")
    game.root.set("PW", "white player")
    for colour, vertex in moves:
        move = None if vertex is None else (int(vertex[1:]) - 1, COLUMNS.index(vertex[0]))
        game.extend_main_sequence().set_move(colour, move)
    return {"sgf": game.serialise().decode(), "size": 9, "komi": 7.5}


# White surrounds Black's D4 on three sides (tests/test_mango_policy.py's LADDER): D3 is its
# last liberty, and extending there leaves C3 and D2, a ladder that White's D2 wins.
SETUP = [("b", "D4"), ("w", "D5"), ("b", None), ("w", "C4"), ("b", None), ("w", "E4"),
         ("b", None), ("w", "E3")]


def test_every_step_of_a_dead_ladder_counts():
    moves = SETUP + [("b", "D3"), ("w", "D2"), ("b", "C3"), ("w", "C2")]
    assert ladder_runs.runs_in_game(record(moves)) == {"black player": 2}


@pytest.mark.parametrize("moves", [
    [("b", "B3"), ("w", None)] + SETUP + [("b", "D3")],     # B3 breaks the ladder
    SETUP + [("b", "F6")],                                   # the group is left to die
], ids=["ladder breaker", "no extension"])
def test_no_count_without_a_dead_ladder_run(moves):
    assert ladder_runs.runs_in_game(record(moves)) == {}


def test_main_reports_per_store(tmp_path, capsys, monkeypatch):
    store = tmp_path / "store.jsonl"
    store.write_text(json.dumps(record(SETUP + [("b", "D3")])) + "\n")
    monkeypatch.setattr("sys.argv", ["ladder_runs.py", str(store)])
    ladder_runs.main()
    out = capsys.readouterr().out
    assert "1 games" in out and "black player: 1 moves into dead ladders, in 1 games" in out


# ---- mango.lab.ladder_audit: the reader against GNU Go's ladder_attack ------------------------



@pytest.fixture
def gnugo():
    from mango.lab.client import GtpClient, find_gnugo, gnugo_command
    path = find_gnugo()
    if path is None:
        pytest.skip("GNU Go is not installed")
    client = GtpClient(gnugo_command(path), "gnugo")
    yield client
    client.close()


@pytest.mark.gnugo
@pytest.mark.parametrize("moves, verdict", [
    (SETUP + [("b", "F6")], ("captured", "captured")),
    ([("b", "B3"), ("w", None)] + SETUP + [("b", "F6")], ("escapes", "escapes")),
], ids=["ladder", "ladder breaker"])
def test_audit_compares_the_readers_on_the_extension(gnugo, moves, verdict):
    from collections import Counter
    tally, examples = Counter(), []
    ladder_audit.audit_game({**record(moves), "game": 0}, gnugo, set(), tally, examples, 5)
    assert tally == Counter({verdict: 1}) and examples == []
