"""Move prediction of Mango's predictor beside Pachi's MM patterns, on the same positions.

Pachi 12.90's tree prior is its MM pattern model (sqrt(p) x 210 won playouts on 9x9, the only
knowledge in its priors besides the even one); Mango's is its learned predictor. Both learned
from 19x19 games, so a set of 9x9 (or 19x19) records neither saw says whose prior points the
tree at the played move more often. Pachi answers as its `pattern` engine (`-e pattern`: the
best-rated move, its playouts' ownership feature included); Mango as `mango predict` judges
(the predictor's probabilities, ties shared). Games with set-up stones are left out.

    python scripts/pachi_prediction.py ../shared/data/strong9.tar.gz --size 9 --games 100
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys

import numpy as np

from mango.engine.board import PASS_POINT
from mango.engine.feature import FAMILY_COUNT, Predictor
from mango.engine.vertex import colour_name, format_vertex
from mango.lab.client import GtpClient
from mango.patterns.learn import start_board
from mango.patterns.predictor import MAX_MOVES, iter_records


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="+", help="SGF files, directories or archives")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--games", type=int, default=100, help="the first N games of the size")
    parser.add_argument("--skip", type=int, default=0, help="games passed over before them")
    parser.add_argument("--stride", type=int, default=1, help="every n-th move of a game")
    parser.add_argument("--pachi", default="/opt/pachi/pachi.sh -e pattern threads=1 -d 0",
                        help="Pachi's command line")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args(argv)

    predictor = Predictor.load()
    pachi = GtpClient(shlex.split(args.pachi), "pachi")
    pachi.send(f"boardsize {args.size}")
    points = np.empty(MAX_MOVES, dtype=np.int32)
    levels = np.empty((MAX_MOVES, FAMILY_COUNT), dtype=np.int32)
    n = games = 0
    mango_hits = pachi_hits = both = 0.0
    by_phase = {}               # move number // 10 (80 and later in one) -> [positions, mango, pachi]
    for record in iter_records(args.sources, None, args.size):
        if record.setup:
            continue
        games += 1
        if games <= args.skip:
            continue
        if games > args.skip + args.games:
            break
        pachi.send("clear_board")
        board = start_board(record)
        previous = last = PASS_POINT
        for number, (colour, move) in enumerate(record.moves):
            vertex = "pass" if move == PASS_POINT else format_vertex(board.xy(move))
            if move != PASS_POINT and number % args.stride == 0:
                count = predictor.extract_into(board, colour, previous, points, levels)
                hit = np.flatnonzero(points[:count] == move)
                if len(hit) == 1:
                    s = predictor.strengths(levels[:count])
                    best = s.max()
                    mango = float(s[hit[0]] == best) / int(np.count_nonzero(s == best))
                    answer = pachi.send(f"genmove {colour_name(colour)}").strip().upper()
                    pachi.send("undo")
                    pachi_hit = float(answer == vertex.upper())
                    n += 1
                    mango_hits += mango
                    pachi_hits += pachi_hit
                    both += mango * pachi_hit
                    row = by_phase.setdefault(min(number, 80) // 10, [0, 0.0, 0.0])
                    row[0] += 1
                    row[1] += mango
                    row[2] += pachi_hit
            pachi.send(f"play {colour_name(colour)} {vertex}")
            board.play(move, colour)
            previous, last = last, move
    pachi.close()
    figures = {"games": min(args.games, max(0, games - args.skip)), "positions": n,
               "mango_top1": mango_hits / max(n, 1), "pachi_top1": pachi_hits / max(n, 1),
               "both_top1": both / max(n, 1),
               "by_move": {(f"{10 * k}-{10 * k + 9}" if k < 8 else "80+"):
                           {"positions": r[0], "mango_top1": r[1] / r[0], "pachi_top1": r[2] / r[0]}
                           for k, r in sorted(by_phase.items())}}
    print(f"{figures['games']} games, {n} positions: Mango's predictor top-1 "
          f"{figures['mango_top1']:.1%}, Pachi's patterns {figures['pachi_top1']:.1%}, "
          f"both right {figures['both_top1']:.1%}")
    for phase, row in figures["by_move"].items():
        print(f"  moves {phase}: {row['positions']:5d}  Mango {row['mango_top1']:.1%}  "
              f"Pachi {row['pachi_top1']:.1%}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(figures, handle, indent=2)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
