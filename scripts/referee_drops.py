#!/usr/bin/env python3
"""Where lost games were lost: Pachi as referee of the lost games of a results store.

For each of Mango's moves, Pachi (5,000 playouts, -d 2) gives its win rate for the side to move
before the move and, from the opponent's side, after it; the difference is what the move lost in
Pachi's eyes, printed with the move Pachi would have played. Pachi must be built
(../shared/opponents/build-pachi.sh, at /opt/pachi); 9x9, komi 7.5.

    python scripts/referee_drops.py docs/results/tactics-pachi9.jsonl FIRST COUNT [mango]

With a fourth argument `mango`, each line also shows Mango's own view of the position before its
move (the current defaults, 10,000 playouts, a seed per move): its win rate and its choice, so
that a misjudgement (Mango confident where Pachi sees it losing) shows beside a bad move.
"""
import json, re, subprocess, sys, os, tempfile
import sgfmill.sgf as S
COLS = "ABCDEFGHJ"
store, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with_mango = len(sys.argv) > 4 and sys.argv[4] == "mango"
rows = [json.loads(l) for l in open(store)]
lost = [r for r in rows if r["points"] == 0][first:first + count]
err = tempfile.NamedTemporaryFile("w+", delete=False)
p = subprocess.Popen(["/opt/pachi/pachi.sh", "-t", "=5000", "threads=1", "-d", "2"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=open(err.name, "w"), text=True)
def cmd(c):
    p.stdin.write(c + "\n"); p.stdin.flush()
    out = []
    while True:
        line = p.stdout.readline()
        if line.strip() == "" and out: break
        if line.strip(): out.append(line.strip())
    return out[0]
def evaluate(moves, colour):
    cmd("clear_board")
    for c, v in moves: cmd(f"play {c} {v}")
    pos = os.path.getsize(err.name)
    best = cmd(f"genmove {colour}")[2:]
    text = open(err.name).read()[pos:]
    m = re.findall(r"WINNER is (\S+) with score ([\d.]+)%", text)
    return best, float(m[-1][1]) / 100 if m else None
def mango_view(moves, k):
    from mango.engine import Game
    from mango.engine.config import EngineConfig
    from mango.engine.searcher import Searcher
    game = Game(9, 7.5)
    for c, v in moves:
        game.play(c, v)
    result = Searcher(EngineConfig(seed=k).replace(playouts=10000, resign=False)).search(game)
    return (game.vertex(result.move) if result.move is not None else "pass"), result.value
cmd("boardsize 9"); cmd("komi 7.5")
for r in lost:
    g = S.Sgf_game.from_string(r["sgf"])
    moves = []
    for n in g.get_main_sequence()[1:]:
        c, m = n.get_move()
        moves.append((c, "pass" if m is None else COLS[m[1]] + str(m[0] + 1)))
    mango = r["a_colour"]
    n_open = len(r["opening"].split())
    drops = []
    for k in range(n_open, len(moves)):
        c, v = moves[k]
        if c != mango: continue
        best, wr = evaluate(moves[:k], c)
        _, wr_after = evaluate(moves[:k + 1], "w" if c == "b" else "b")
        if wr is None or wr_after is None: continue
        own = mango_view(moves[:k], k) if with_mango else None
        drops.append((wr - (1 - wr_after), k + 1, v, best, wr, 1 - wr_after, own))
    print(f"game {r['game']} mango {mango} {r['result']} moves {len(moves)}")
    for d in drops:
        own = f"  mango wants {d[6][0]:4s} at {d[6][1]:.2f}" if d[6] else ""
        print(f"  move {d[1]:3d} {d[2]:4s} pachi prefers {d[3]:4s} wr {d[4]:.2f} -> {d[5]:.2f}  drop {d[0]:+.2f}{own}")
    sys.stdout.flush()
cmd("quit")
