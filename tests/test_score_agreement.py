"""scripts/score_agreement.py --rescore: the current status code's verdicts replace the record's,
and the verdicts the games were played with stay beside them (a run played after a fix is that
fix's independent check)."""
from __future__ import annotations

from script_module import load_script


def walls_game() -> list[list[str]]:
    """Black's wall on column D, White's on F, then two passes: B 36, W 36 and E's 9 dame."""
    moves = []
    for row in range(1, 10):
        moves += [["b", f"D{row}"], ["w", f"F{row}"]]
    return moves + [["b", "pass"], ["w", "pass"]]


def test_a_rescore_keeps_the_verdict_the_game_was_played_with():
    script = load_script("score_agreement")
    record = {"game": 0, "mango": "b", "size": 9, "komi": 7.5, "rules": "chinese",
              "moves": walls_game(), "finished": True, "gnugo_score": -7.5,
              "mango_score": 12.5, "agree": False, "mango_dead": ["F5"], "mango_seki": []}
    records = [record, {"game": 1, "finished": False, "moves": []}]
    script.rescore(records, status_playouts=200)
    assert record["mango_score"] == -7.5 and record["agree"] and record["mango_dead"] == []
    assert record["as_played"] == {"mango_score": 12.5, "agree": False, "mango_dead": ["F5"],
                                   "mango_seki": []}
    script.rescore(records, status_playouts=200)           # a second rescore keeps the first verdicts
    assert record["as_played"]["mango_score"] == 12.5
    assert "as_played" not in records[1]
    summary = script.summarise(records)
    assert "equals GNU Go's in 1/1" in summary
    assert "as played (before rescoring): 0/1 rescored games agreed" in summary
