#!/usr/bin/env python3
"""Write a 3x3 pattern table (for `-o pattern_table=FILE`) whose values are a predictor model's 3x3
gammas, for measuring whether the predictor's shapes help the playouts (issue 13).

The shipped table holds each shape's marginal rate of being played (played / seen), so a capturing
shape is counted twice in a playout: once in its value and once in capture_weight. The predictor's
3x3 gammas were fitted beside the capture, atari, distance and large-pattern features, so they are
each shape's strength with those explained away. A gamma is proportional to the odds of the move, so
the value is the gamma scaled to the table's range (the largest gamma 2433, at least 1):

    python scripts/pattern3_from_predictor.py --out pattern3-gammas.npz
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from mango.engine import pattern3
from mango.engine.feature import Predictor


def table_from_gammas(predictor: Predictor) -> tuple[np.ndarray, np.ndarray, int]:
    """(canonical codes, values, default value): a code the model never met gets gamma 1."""
    codes = predictor.pattern3_codes()
    gammas = np.asarray(predictor.gammas()[0], dtype=np.float64)
    scale = pattern3.MAX_VALUE / gammas.max()

    def value(gamma):
        return np.clip(np.rint(gamma * scale), 1, pattern3.MAX_VALUE).astype(np.uint16)

    return codes, value(gammas), int(value(np.array([1.0]))[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default=None, help="a predictor model (default: the shipped one)")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    predictor = Predictor.load(args.model)
    codes, values, default = table_from_gammas(predictor)
    pattern3.write_table(args.out, codes, values, default, source=np.array("predictor 3x3 gammas"))
    print(f"{len(codes)} shapes, default value {default}, median {int(np.median(values))}: {args.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
