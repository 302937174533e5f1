#!/usr/bin/env python3
"""Time the move predictor's features: every legal move of a 19x19 position, in C.

Replays games and, at every `--every`-th position, times feature_moves (all legal moves, the
largest known spatial pattern for each, ladders read) `--repeats` times in one call into C;
reports the mean CPU time per position over all timed positions (CPU time, so that other busy
processes on the machine do not count), and the gamma products separately.

    python scripts/bench_feature.py ../shared/data/kgs19.tar.gz --games 20
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np

from mango.engine.feature import FAMILY_COUNT, Predictor
from mango.patterns.predictor import iter_records, positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sources", nargs="+")
    parser.add_argument("--model", help="model file (default: the shipped one)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--every", type=int, default=5, help="time every Nth position of a game")
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--since", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    predictor = Predictor.load(args.model)
    seconds, moves, timed = [], [], 0
    gamma_seconds = 0.0
    points = np.empty(441, dtype=np.int32)
    levels = np.empty((441, FAMILY_COUNT), dtype=np.int32)
    for game, record in enumerate(iter_records(args.sources, args.since)):
        if game >= args.games:
            break
        for i, (board, colour, _, previous) in enumerate(positions(record)):
            if i % args.every:
                continue
            seconds.append(predictor.time_moves(board, colour, previous, args.repeats))
            n = predictor.extract_into(board, colour, previous, points, levels)
            moves.append(n)
            started = time.process_time()
            for _ in range(args.repeats):
                predictor.strengths(levels[:n])
            gamma_seconds += (time.process_time() - started) / args.repeats
            timed += 1
    result = {
        "positions": timed,
        "legal_moves_mean": float(np.mean(moves)),
        "feature_us_per_position": 1e6 * float(np.mean(seconds)),
        "feature_us_per_position_median": 1e6 * float(np.median(seconds)),
        "feature_us_per_position_max": 1e6 * float(np.max(seconds)),
        "gamma_product_us_per_position": 1e6 * gamma_seconds / timed,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value:,.1f}" if isinstance(value, float) else f"{key}: {value}")


if __name__ == "__main__":
    main()
