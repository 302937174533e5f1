"""mango.lab.move_screen (scripts/move_screen.py): Mango's moves judged by a referee through Pachi's
`pachi-result`, against a fake referee whose answers are known and counted."""
from __future__ import annotations

import json
import sys

import pytest
from sgfmill import sgf
from stored import game_record

from mango.lab import move_screen
from mango.lab.game_record import GameRecord

# Before a move of Black's the side to move wins 0.5, except after exactly four stones (a
# decided position: 0.95); after it White (to move) wins 0.3, so Black's move is worth 0.7.
# Every answer is logged to the file named on the command line, to count the referee's searches.
FAKE_REFEREE = '''
import sys
plays = []
log = open(sys.argv[1], "a")
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    answer = ""
    if words[0] == "clear_board":
        plays = []
    elif words[0] == "play":
        plays.append(words[1])
    elif words[0] == "genmove":
        answer = "E5"
    elif words[0] == "pachi-result":
        if plays and plays[-1] == "b":
            rate = 0.3
        else:
            rate = 0.95 if len(plays) == 4 else 0.5
        answer = "black E5 500 %.2f 0.0" % rate
        log.write("search\\n")
        log.flush()
    print("= " + answer + "\\n", flush=True)
    if words[0] == "quit":
        break
'''

MOVES = [("b", "C3"), ("w", "G7"), ("b", "C7"), ("w", "G3"), ("b", "E3"), ("w", "E7"),
         ("b", "D5"), ("w", "F5")]


def stored_game(game: int) -> GameRecord:
    tree = sgf.Sgf_game(9)
    for colour, vertex in MOVES:
        point = (int(vertex[1:]) - 1, "ABCDEFGHJ".index(vertex[0]))
        tree.extend_main_sequence().set_move(colour, point)
    return game_record(game=game, a_colour="b", result="W+R", moves=len(MOVES), points=0.0,
                       opening="C3 G7", size=9, komi=7.5, sgf=tree.serialise().decode())


def test_the_positions_are_mango_s_moves_in_the_range_past_the_opening():
    record = stored_game(0)
    found = move_screen.candidate_positions([record], 1, 7)
    # moves 3, 5 and 7 are Black's (Mango's) past the two-move opening; 1 is in the opening
    assert [k for _, _, k in found] == [2, 4, 6]
    assert [k for _, _, k in move_screen.candidate_positions([record], 4, 6)] == [4]


def run(tmp_path, monkeypatch, capsys, *extra: str) -> tuple[list[str], int]:
    script = tmp_path / "referee.py"
    script.write_text(FAKE_REFEREE)
    log = tmp_path / "searches.log"
    store = tmp_path / "store.jsonl"
    store.write_text("".join(json.dumps(stored_game(k).to_json()) + "\n" for k in range(2)))
    monkeypatch.setattr("sys.argv", ["move_screen.py", str(store), "--moves", "1", "8",
                                     "--positions", "3", "--mango-playouts", "30",
                                     "--referee", f"{sys.executable} {script} {log}",
                                     "--referee-cache", str(tmp_path / "cache.json"), *extra])
    assert move_screen.main() == 0
    searches = len(log.read_text().splitlines()) if log.exists() else 0
    log.unlink(missing_ok=True)
    return capsys.readouterr().out.strip().splitlines(), searches


def test_moves_are_judged_after_they_are_played_and_decided_positions_are_left_out(
        tmp_path, monkeypatch, capsys):
    lines, searches = run(tmp_path, monkeypatch, capsys, "--out", str(tmp_path / "a.json"))
    judged = move_screen.read_judged(str(tmp_path / "a.json"))
    # the positions after moves 2 and 6 of each game (before Black's moves 3 and 7); move 5's
    # position holds four stones, where the referee calls the game decided
    assert len(judged) == 3
    assert {j.key.split("-", 1)[1].rsplit("-", 1)[1] for j in judged} <= {"2", "6"}
    assert all(j.referee_rate == 0.5 and j.value == pytest.approx(0.7) for j in judged)
    assert lines[-1].startswith("3 positions (3 judged): Mango's moves worth 0.7000 (+-0.0000)")
    assert "-0.2000" in lines[-1]               # 0.2 above the referee's own 0.5
    # each position and each move judged once: the decided position too, and a move twice
    # over at most
    assert 3 <= searches <= 8
    again, searches = run(tmp_path, monkeypatch, capsys, "--out", str(tmp_path / "b.json"),
                          "--compare", str(tmp_path / "a.json"))
    assert searches == 0                        # every answer from the cache
    assert again[-1] == ("against the other run: +0.0000 (+-0.0000) a move over 3 positions in "
                         "common, 0 of them with another move")


def test_the_comparison_pairs_the_positions_both_runs_judged():
    J = move_screen.Judged
    one = [J("a", "E5", 0.5, "E5", 0.6), J("b", "E5", 0.5, "D4", 0.4),
           J("c", "E5", 0.5, "D4", None)]
    two = [J("a", "E5", 0.5, "C3", 0.5), J("b", "E5", 0.5, "D4", 0.4), J("c", "E5", 0.5, "E5", 0.5)]
    line = move_screen.comparison(one, two)
    assert line.startswith("against the other run: +0.0500 (")
    assert line.endswith("over 2 positions in common, 1 of them with another move")


@pytest.mark.parametrize("bad", [["-o", "uct_c"], ["-o", "uct_c=lots"], ["-o", "no_such=1"],
                                 ["--compare", "/nonexistent/run.json"]])
def test_a_bad_option_fails_before_the_referee_starts(tmp_path, monkeypatch, capsys, bad):
    store = tmp_path / "store.jsonl"
    store.write_text(json.dumps(stored_game(0).to_json()) + "\n")
    monkeypatch.setattr("sys.argv", ["move_screen.py", str(store), *bad,
                                     "--referee", "/nonexistent/referee"])
    with pytest.raises(SystemExit) as stopped:
        move_screen.main()
    assert stopped.value.code == 2 and "error:" in capsys.readouterr().err
