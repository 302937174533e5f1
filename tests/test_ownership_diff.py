"""mango.lab.ownership_diff (scripts/ownership_diff.py): the groups Mango and a referee judge apart,
played against a fake referee whose owner estimate is known (White owns every point)."""
from __future__ import annotations

import json
import sys

import pytest
from test_referee_drops import MOVES, stored_game

from mango.engine.config import EngineConfig
from mango.lab import ownership_diff

FAKE_REFEREE = '''
import sys
letters = "ABCDEFGHJ"
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    answer = ""
    if words[0] == "genmove":
        answer = "E5"
    elif words[0] == "gogui-influence":
        answer = "INFLUENCE " + " ".join(f"{x}{y} -1.0" for y in range(1, 10) for x in letters)
        answer += "\\nTEXT W+81"
    print("= " + answer + "\\n", flush=True)
    if words[0] == "quit":
        break
'''


def _store_and_referee(tmp_path, referee_script: str = FAKE_REFEREE) -> tuple[str, str]:
    """A store of one game Mango lost as Black, and the command line of a fake referee."""
    script = tmp_path / "referee.py"
    script.write_text(referee_script)
    store = tmp_path / "store.jsonl"
    store.write_text(json.dumps(stored_game(0, 0.0).to_json()) + "\n")
    return str(store), f"{sys.executable} {script}"


def test_pachi_s_influence_and_gogui_s_owner_board_are_read_black_positive():
    text = "INFLUENCE  A1 1.0  B1 0.7  A2 -0.4  B2 0.0\nTEXT W+2.5   Playouts: B+1.0"
    assert ownership_diff.parse_influence(text, 2) == {"A1": 1.0, "B1": 0.7, "A2": -0.4, "B2": 0.0}
    with pytest.raises(ValueError):
        ownership_diff.parse_influence(text, 3)
    with pytest.raises(ValueError):
        ownership_diff.parse_influence("= B+10.5", 2)
    assert ownership_diff.parse_board_owners("-0.50 1.00\n0.25 -1.00", 2) == {
        "A2": -0.5, "B2": 1.0, "A1": 0.25, "B1": -1.0}


def test_a_group_s_chance_to_live_is_its_colour_s_share():
    view = ownership_diff.GroupView("w", ("C3", "C4"), mango=-0.6, referee=0.8)
    assert view.alive(view.mango) == pytest.approx(0.8) and view.alive(view.referee) == pytest.approx(0.1)
    assert view.gap == pytest.approx(1.4)
    assert view.line() == "White C3 C4 (2 stones): alive 0.80 for Mango, 0.10 for the referee"


def test_the_groups_mango_keeps_alive_and_the_referee_kills_are_listed(tmp_path, capsys, monkeypatch):
    store, referee = _store_and_referee(tmp_path)
    monkeypatch.setattr("sys.argv", ["ownership_diff.py", store, "--referee", referee,
                                     "--moves", "3", "6", "--mango-playouts", "300"])
    assert ownership_diff.main() == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    # Mango is Black: before moves 3 and 5 its lone stones stand alive in its eyes, dead in the
    # referee's (White owns everything); White's stones are White's for both and not listed
    assert [line.split(":")[0].strip() for line in lines[1:] if "before" in line] == [
        "before move 3 (Mango b)", "before move 5 (Mango b)"]
    listed = [line.strip() for line in lines if line.startswith("    ")]
    assert {line.split(" (")[0] for line in listed} == {"Black C3", "Black C7"}
    assert all(line.endswith("0.00 for the referee") for line in listed)
    assert MOVES[4] == ("b", "E3")          # E3 is played at move 5: not yet on the board
    # three listed (C3 twice, C7 once), each Mango's own and more alive in its eyes
    assert lines[-2] == ("3 groups apart in 2 positions; Mango more hopeful for its side in 3 "
                         "(3 of its 3 groups more alive, 0 of the opponent's 0 more dead)")
    assert lines[-1].startswith("by stones: its 3 +") and "the opponent's 0 +0.000" in lines[-1]


def test_the_tally_reads_each_group_from_mango_s_side():
    tally = ownership_diff.Tally()
    tally.add("w", [ownership_diff.GroupView("w", ("C3",), mango=-0.6, referee=0.8),     # own, hopeful
                    ownership_diff.GroupView("b", ("D4",), mango=-0.6, referee=0.8),     # theirs, hopeful
                    ownership_diff.GroupView("b", ("E5",), mango=0.9, referee=0.2)])     # theirs, doubtful
    assert (tally.own_hopeful, tally.own_doubtful, tally.their_hopeful, tally.their_doubtful) == (1, 0, 1, 1)


def test_the_tally_weighs_the_lean_by_stones():
    tally = ownership_diff.Tally()
    # White to move: its two-stone group 0.7 more alive for Mango (0.8 against 0.1), Black's
    # three-stone group 0.5 more dead (0.25 against 0.75), Black's lone stone 0.1 more alive.
    tally.add("w", [ownership_diff.GroupView("w", ("C3", "C4"), mango=-0.6, referee=0.8),
                    ownership_diff.GroupView("b", ("D4", "D5", "D6"), mango=-0.5, referee=0.5),
                    ownership_diff.GroupView("b", ("E5",), mango=0.4, referee=0.2)])
    tally.add("b", [])
    assert tally.own_stones == 2 and tally.their_stones == 4
    assert tally.own_gap == pytest.approx(1.4) and tally.their_gap == pytest.approx(-1.4)
    assert tally.stone_gap == pytest.approx(3.0)
    assert tally.lean == pytest.approx(1.4)         # (1.4 + 1.4) over two positions
    assert "lean 1.40 stones a position" in tally.line()
    assert "its 2 +0.700 alive, the opponent's 4 -0.350" in tally.line()
    assert ownership_diff.Tally().lean == 0.0


def test_mango_s_settings_are_taken_and_a_bad_one_refused(tmp_path, capsys, monkeypatch):
    store, referee = _store_and_referee(tmp_path)
    base = ["ownership_diff.py", store, "--referee", referee, "--moves", "3", "3",
            "--mango-playouts", "300"]
    monkeypatch.setattr("sys.argv", base + ["-o", "prior.predictor_count=0", "-o", "rave=off"])
    assert ownership_diff.main() == 0
    assert "1 groups apart in 1 positions" in capsys.readouterr().out
    monkeypatch.setattr("sys.argv", base + ["-o", "uct_c=-1"])
    with pytest.raises(Exception, match="uct_c"):
        ownership_diff.main()


def test_the_flat_estimate_is_mango_s_playouts_alone(tmp_path, capsys, monkeypatch):
    store, referee = _store_and_referee(tmp_path)
    monkeypatch.setattr("sys.argv", ["ownership_diff.py", store, "--referee", referee,
                                     "--moves", "5", "5", "--mango-playouts", "200", "--flat"])
    assert ownership_diff.main() == 0
    assert "2 groups apart in 1 positions" in capsys.readouterr().out      # Black C3 and C7
    game = ownership_diff.position(9, 7.5, MOVES[:4])
    config = EngineConfig(seed=1).replace(playouts=200)
    owners = ownership_diff.flat_ownership(game, config)
    assert owners == ownership_diff.flat_ownership(game, config)
    assert len(owners) == 81 and all(-1 <= value <= 1 for value in owners.values())
    assert owners["C3"] > 0.5 and owners["G7"] < -0.5


def test_both_estimates_play_the_board_size_s_defaults_unless_a_setting_is_named(monkeypatch):
    """The lab's screens compare "the defaults" with variants: on 9x9 that is the 9x9 defaults
    (light_after_atari on there, off elsewhere), as Mango's player plays them."""
    seen = []

    def fake_run_ownership(board, playouts, seed, config, both_first):
        seen.append(config)
        return [0] * 1000, [0] * 1000

    from mango.engine.searcher import Searcher

    class RecordingSearcher(Searcher):          # the settings the search ran with, fitted to the board
        def search(self, game, *args, **kwargs):
            result = super().search(game, *args, **kwargs)
            seen.append(self.config.playout)
            return result

    monkeypatch.setattr("mango.engine.playout.run_ownership", fake_run_ownership)
    monkeypatch.setattr("mango.engine.searcher.Searcher", RecordingSearcher)
    config = EngineConfig(seed=1).replace(playouts=10)
    for size, light_after_atari in ((9, True), (13, False)):
        game = ownership_diff.position(size, 7.5, [])
        ownership_diff.flat_ownership(game, config)
        ownership_diff.mango_ownership(game, config)
        assert [c.light_after_atari for c in seen] == [light_after_atari] * 2
        seen.clear()
    named = config.with_strings({"light_after_atari": "false"})
    ownership_diff.flat_ownership(ownership_diff.position(9, 7.5, []), named)
    assert seen[0].light_after_atari is False


def test_the_referee_cache_answers_a_second_run(tmp_path, capsys, monkeypatch):
    store, referee = _store_and_referee(tmp_path)
    cache = tmp_path / "referee.json"
    args = ["ownership_diff.py", store, "--moves", "3", "5", "--mango-playouts", "200", "--flat",
            "--referee-cache", str(cache)]
    monkeypatch.setattr("sys.argv", args[:2] + ["--referee", referee] + args[2:])
    assert ownership_diff.main() == 0
    first = capsys.readouterr().out
    assert len(json.loads(cache.read_text())) == 2          # before moves 3 and 5
    # a referee that answers nothing useful: every estimate comes from the cache
    silent = tmp_path / "silent.py"
    silent.write_text(FAKE_REFEREE.replace('answer = "INFLUENCE "', 'answer = "NOTHING "'))
    monkeypatch.setattr("sys.argv", args[:2] + ["--referee", f"{sys.executable} {silent}"] + args[2:])
    assert ownership_diff.main() == 0
    assert capsys.readouterr().out == first


def test_the_referee_can_judge_the_position_before_its_move(tmp_path, capsys, monkeypatch):
    """--referee-before-move: no genmove first (the referee below owns every point for White once
    it has played a move since clear_board, for Black before), and the cache keeps the two apart."""
    remembering = FAKE_REFEREE.replace('letters = "ABCDEFGHJ"', 'letters = "ABCDEFGHJ"\nmoved = False').replace(
        'if words[0] == "genmove":', 'if words[0] == "clear_board":\n        moved = False\n'
        '    elif words[0] == "genmove":\n        moved = True').replace(
        'f"{x}{y} -1.0"', 'f"{x}{y} {-1.0 if moved else 1.0}"')
    store, referee = _store_and_referee(tmp_path, remembering)
    cache = tmp_path / "referee.json"
    base = ["ownership_diff.py", store, "--referee", referee, "--moves", "3", "3",
            "--mango-playouts", "200", "--flat", "--referee-cache", str(cache)]
    monkeypatch.setattr("sys.argv", base)
    assert ownership_diff.main() == 0
    after = capsys.readouterr().out
    monkeypatch.setattr("sys.argv", base + ["--referee-before-move", "--quantize"])
    assert ownership_diff.main() == 0
    before = capsys.readouterr().out
    # Mango (Black) keeps C3 alive: dead for the referee after its move, alive before it; White's
    # G7 is White's for Mango and after the move, Black's before it
    assert "Black C3 (1 stones)" in after and after.count("0.00 for the referee") == 1
    assert "White G7" not in after and "Black C3" not in before
    listed = [line.strip() for line in before.splitlines() if line.startswith("    ")]
    assert len(listed) == 1 and listed[0].startswith("White G7 (1 stones): alive ")
    assert listed[0].endswith("0.00 for the referee")
    # quantized, Mango's owner is one of the seven levels: G7's chance to live (1 - level) / 2
    assert listed[0].split("alive ")[1].split(" for")[0] in {"1.00", "0.85", "0.70"}
    keys = sorted(json.loads(cache.read_text()))
    assert len(keys) == 2 and keys[0].endswith(":2:gogui-influence") and keys[1] == keys[0] + ":before-move"


def test_quantized_owners_are_pachi_s_seven_levels():
    levels = [ownership_diff.quantized(v) for v in (-1.0, -0.81, -0.8, -0.51, -0.3, -0.19, 0.0, 0.19,
                                                    0.2, 0.49, 0.5, 0.79, 0.8, 1.0)]
    assert levels == [-1.0, -1.0, -0.7, -0.7, -0.4, 0.0, 0.0, 0.0, 0.4, 0.4, 0.7, 0.7, 1.0, 1.0]
