"""scripts/count_store.py: Mango's count of a store's finished games against the match's, by each
record's rules (RU), with every disagreement named."""
from __future__ import annotations

import json

from click.testing import CliRunner
from script_module import load_script
from stored import game_record

from mango.engine import Game
from mango.engine.record import game_to_sgf


def walls_sgf(rules: str) -> str:
    """5x5: Black's wall on B, White's on D, Black one stone more inside its own area (A3), two
    passes. Area: 10 each (W+0.5 at komi 0.5); territory: Black 4, White 5 (W+1.5)."""
    game = Game(5, 0.5, rules)
    for row in range(1, 6):
        game.play("b", f"B{row}")
        game.play("w", f"D{row}")
    for colour, vertex in (("b", "A3"), ("w", "pass"), ("b", "pass")):
        game.play(colour, vertex)
    return game_to_sgf(game, None, "Black", "White").decode()


def record(game: int, result: str, sgf: str) -> str:
    winner = "w" if result.startswith("W") else "b"
    stored = game_record(game=game, result=result, reason=result, winner=winner, size=5,
                         komi=0.5, moves=13, points=0.0 if winner == "w" else 1.0, sgf=sgf)
    return json.dumps(stored.to_json())


def test_each_game_is_counted_by_its_records_rules(tmp_path):
    store = tmp_path / "store.jsonl"
    store.write_text("\n".join([
        record(0, "W+1.5", walls_sgf("japanese")),          # territory: agrees
        record(1, "W+0.5", walls_sgf("chinese")),           # area: agrees
        record(2, "W+0.5", walls_sgf("japanese")),          # the area count of a Japanese game
        record(3, "B+R", walls_sgf("chinese")),             # a resignation: not a count
    ]) + "\n")
    result = CliRunner().invoke(load_script("count_store").main, [str(store), "--status-playouts", "200"])
    assert result.exit_code == 0, result.output
    assert "game 2: match W+0.5, Mango W+1.5" in result.output
    assert "game 0" not in result.output and "game 1" not in result.output
    assert result.output.strip().endswith("2/3 counted alike (20.8-93.9%)")
