"""How much the playouts' ownership of a point says about where strong players move, beside the
move predictor: the gammas of one more feature family, the point's Monte-Carlo ownership for the
player to move in nine levels (Pachi 12.90's `mcowner` pattern feature, which its tree priors
rate with the ownermap of 500 playouts from the root), fitted by Coulom's MM with the shipped
predictor's gammas held fixed, then judged on held-out games against the predictor alone.

For each sampled position of the records: the predictor's probability of every legal move,
`--playouts` Mango playouts from the position (the player to move first, as in a search) for
each point's chance to end the mover's, and the point the player chose. A level's gamma is how
much more (or less) often the players chose a point of that level than the predictor alone says.

    python scripts/ownership_gammas.py ../shared/data/pro19.tar.gz --games 300 --stride 7
    python scripts/ownership_gammas.py ../shared/data/strong9.tar.gz --size 9 --stride 3

The search's tables (engine/search.pyx, prior.ownership) are this tool's output.
"""
from __future__ import annotations

import argparse
import json
import math
import time

import numpy as np

from mango.engine.feature import shared_predictor
from mango.engine.playout import run_ownership
from mango.patterns.predictor import iter_records, positions

LEVELS = 9


def owner_levels(board, colour: int, points: np.ndarray, playouts: int, seed: int) -> np.ndarray:
    """Each point's level: its chance to end the mover's over `playouts` playouts, in nine equal
    steps (0: never the mover's, 8: nearly always)."""
    black, white = run_ownership(board, playouts, seed=seed, both_first=False)
    mine = np.asarray(black if colour == 1 else white)[points] / max(1, playouts)
    return np.minimum(LEVELS - 1, (mine * LEVELS).astype(np.int64))


def collect(records, stride: int, playouts: int, seed: int, predictor) -> list[tuple]:
    """(probabilities, levels, index of the move played) of every sampled position."""
    out = []
    for number, record in enumerate(records):
        for board, colour, move, previous in positions(record, stride=stride, phase=number):
            if board.to_move != colour:
                continue                            # a record that skips a turn
            points, probabilities = predictor.probabilities(board, colour, previous)
            points = np.asarray(points)
            hit = np.flatnonzero(points == move)
            if len(hit) != 1 or not np.all(np.isfinite(probabilities)):
                continue
            levels = owner_levels(board, colour, points, playouts, seed + len(out))
            out.append((np.asarray(probabilities, dtype=np.float64), levels, int(hit[0])))
    return out


def fit(samples: list[tuple], iterations: int = 50) -> np.ndarray:
    """MM for one family with the rest of the model fixed (Coulom 2007, section 3.3):
    gamma_k = W_k / sum over positions of (sum of p_j at level k) / (sum of gamma(j) p_j), with
    half a win added to W_k and half of 1 / gamma_k to its sum: a weak pull toward 1 that keeps
    a level no player chose finite. Scaled so that the middle level's gamma is 1."""
    gammas = np.ones(LEVELS)
    wins = np.zeros(LEVELS)
    for _, levels, winner in samples:
        wins[levels[winner]] += 1
    for _ in range(iterations):
        denominator = np.zeros(LEVELS)
        for probabilities, levels, _ in samples:
            total = float(np.dot(gammas[levels], probabilities))
            denominator += np.bincount(levels, weights=probabilities, minlength=LEVELS) / total
        new = np.where(denominator > 0, (wins + 0.5) / (denominator + 0.5 / gammas), gammas)
        gammas = new / new[LEVELS // 2]
    return gammas


def judge(samples: list[tuple], gammas: np.ndarray) -> dict:
    """Mean log-evidence and top-1 of the predictor alone and with the ownership gammas."""
    alone = joint = 0.0
    top_alone = top_joint = 0
    for probabilities, levels, winner in samples:
        weighted = gammas[levels] * probabilities
        alone += math.log(probabilities[winner])
        joint += math.log(weighted[winner] / weighted.sum())
        top_alone += int(np.argmax(probabilities) == winner)
        top_joint += int(np.argmax(weighted) == winner)
    n = max(1, len(samples))
    return {"positions": len(samples), "log_evidence_alone": alone / n,
            "log_evidence_with_ownership": joint / n, "top1_alone": top_alone / n,
            "top1_with_ownership": top_joint / n}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="ownership_gammas.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="+", help="SGF files, directories or archives")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--games", type=int, default=300, help="records read (every tenth held out)")
    parser.add_argument("--stride", type=int, default=7, help="one position in this many moves")
    parser.add_argument("--playouts", type=int, default=64, help="playouts per position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", default="", help="predictor model (the shipped one by default)")
    parser.add_argument("--out", help="write the gammas and figures here (JSON)")
    args = parser.parse_args(argv)
    started = time.time()
    predictor = shared_predictor(args.model)
    training, held_out = [], []
    for accepted, record in enumerate(iter_records(args.sources, None, size=args.size), 1):
        if accepted > args.games:
            break
        (held_out if accepted % 10 == 0 else training).append(record)
    train = collect(training, args.stride, args.playouts, args.seed, predictor)
    test = collect(held_out, args.stride, args.playouts, args.seed + 10**6, predictor)
    gammas = fit(train)
    counts = np.bincount([levels[winner] for _, levels, winner in train], minlength=LEVELS)
    result = {"size": args.size, "games": len(training) + len(held_out), "stride": args.stride,
              "playouts": args.playouts, "gammas": [round(float(g), 4) for g in gammas],
              "moves_played_by_level": counts.tolist(), "training": judge(train, gammas),
              "held_out": judge(test, gammas), "seconds": round(time.time() - started, 1)}
    text = json.dumps(result, indent=1)
    print(text)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text + "\n")
    return 0
