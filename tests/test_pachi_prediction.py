"""scripts/pachi_prediction.py against a fake Pachi whose answer is known: the same positions for
both predictors, Pachi told every move (passes too) and each of its answers taken back."""
from __future__ import annotations

import json
import sys

from script_module import load_script

# Answers C3 to every genmove and logs the commands it is sent.
FAKE_PACHI = '''
import sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    log.write(line)
    log.flush()
    answer = "C3" if words[0] == "genmove" else ""
    sys.stdout.write(f"= {answer}\\n\\n")
    sys.stdout.flush()
    if words[0] == "quit":
        break
'''

GAME = "(;GM[1]FF[4]SZ[9]KM[7.5];B[cg];W[gc];B[ee];W[];B[cc])"      # C3 G7 E5 pass C7


def test_both_predict_the_same_positions_and_pachi_hears_every_move(tmp_path, capsys):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "a.sgf").write_text(GAME)
    fake = tmp_path / "pachi.py"
    fake.write_text(FAKE_PACHI)
    log = tmp_path / "log.txt"
    out = tmp_path / "figures.json"
    script = load_script("pachi_prediction")
    assert script.main([str(tmp_path / "games"), "--size", "9", "--games", "5", "--json", str(out),
                        "--pachi", f"{sys.executable} {fake} {log}"]) == 0
    figures = json.loads(out.read_text())
    assert figures["games"] == 1 and figures["positions"] == 4          # the pass is not judged
    assert figures["pachi_top1"] == 0.25                                # C3, the first move only
    assert 0 <= figures["mango_top1"] <= 1 and figures["both_top1"] <= figures["pachi_top1"]
    sent = [line.strip() for line in log.read_text().splitlines()]
    assert sent[:2] == ["boardsize 9", "clear_board"]
    assert [s for s in sent if s.startswith(("play", "genmove", "undo"))] == [
        "genmove b", "undo", "play b C3", "genmove w", "undo", "play w G7",
        "genmove b", "undo", "play b E5", "play w pass",
        "genmove b", "undo", "play b C7"]
    assert "Pachi's patterns 25.0%" in capsys.readouterr().out
