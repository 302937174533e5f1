#!/usr/bin/env python3
"""Top-1 move prediction on professional positions the pattern table never saw.

One position per game, from games dated `--since` or later that come after the first `--skip`
such games of the archive (the shipped table was learned from those first 10,000). For each
position the policies "predict" the move they would rate highest; ties share the credit (1/k):
- mango: the full urgency of the Mango policy (capture + save + pattern, x20 next to the last move);
- patterns: the 3x3 pattern value alone;
- light: uniform over legal moves that fill no own true eye (the floor).

    python scripts/prediction_accuracy.py ../shared/data/pro19.tar.gz --positions 1000
"""
from __future__ import annotations

import argparse
import random

from mango.engine import pattern3
from mango.engine.config import PlayoutConfig
from mango.engine.playout import MangoPlayout
from mango.patterns.learn import iter_sources, parse_record, start_board


def credit(scores: dict, move: int) -> float:
    if move not in scores:
        return 0.0
    best = max(scores.values())
    if scores[move] != best:
        return 0.0
    return 1.0 / sum(1 for v in scores.values() if v == best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sources", nargs="+")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--since", type=int, default=2015)
    parser.add_argument("--skip", type=int, default=10_000, help="games of --since or later to pass over")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", help="pattern table to load instead of the shipped one")
    args = parser.parse_args()
    if args.table:
        pattern3.load_table(args.table)
    rnd = random.Random(args.seed)
    config = PlayoutConfig()
    totals = {"mango": 0.0, "patterns": 0.0, "light": 0.0}
    positions = skipped = 0
    for name, data in iter_sources(args.sources):
        if positions >= args.positions:
            break
        try:
            record = parse_record(name, data, args.since)
        except ValueError:
            continue
        if record is None or record.size != 19 or len(record.moves) < 20:
            continue
        if skipped < args.skip:
            skipped += 1
            continue
        target = rnd.randrange(10, len(record.moves))
        board = start_board(record)
        for colour, point in record.moves[:target]:
            board.play(point, colour)
        colour, move = record.moves[target]
        if move == -1:
            continue
        mango = MangoPlayout(board.copy(), config).urgencies(colour)
        totals["mango"] += credit(mango, move)
        totals["patterns"] += pattern3.top1_credit(board, colour, move)
        light = [p for p in board.empty_points() if board.is_legal(p, colour) and not board.is_true_eye(p, colour)]
        totals["light"] += 1.0 / len(light) if move in light else 0.0
        positions += 1
    print(f"top-1 prediction on {positions} held-out professional 19x19 positions "
          f"(games dated {args.since}+, after the first {args.skip}):")
    for name, total in totals.items():
        print(f"  {name:>8}: {total / positions:.1%}")


if __name__ == "__main__":
    main()
