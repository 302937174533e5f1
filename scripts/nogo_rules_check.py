#!/usr/bin/env python3
"""NoGo's rules in the core against the rules written out on the reference board, over many random
games (issue 34's 10^4): each game is played on a random size from 2x2 to 9x9, every move drawn
uniformly among the reference's legal moves until the side to move has none; at every position
both colours' legal moves in the core (nogo.legal_moves) must equal the reference's, and the game
must end for both at the same move. The unit tests run the same check on 80 games.

    python scripts/nogo_rules_check.py --games 10000 --seed 1
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from reference_board import ReferenceBoard, other  # noqa: E402  (the tests' slow reference)
from test_nogo import point_of, reference_moves  # noqa: E402

from mango.engine import nogo  # noqa: E402
from mango.engine.board import Board  # noqa: E402


def check_game(size: int, rng: random.Random) -> int:
    """Play one random game, comparing every position; how many positions were compared."""
    ref, board, colour, positions = ReferenceBoard(size), Board(size), 1, 0
    while True:
        for c in (1, 2):
            expected = {point_of(board, xy) for xy in reference_moves(ref, c)}
            got = set(nogo.legal_moves(board, c))
            if got != expected:
                raise AssertionError(f"{size}x{size}, colour {c}: core {sorted(got)}, reference {sorted(expected)}")
        positions += 1
        choices = sorted(reference_moves(ref, colour))
        if not choices:
            return positions
        xy = rng.choice(choices)
        ref.grid[xy] = colour
        board.play(point_of(board, xy), colour)
        colour = other(colour)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    positions = 0
    for game in range(args.games):
        positions += check_game(rng.randint(2, 9), rng)
        if (game + 1) % 1000 == 0:
            print(f"{game + 1} games, {positions} positions agree", file=sys.stderr, flush=True)
    print(f"{args.games} random games, {positions} positions: the core and the reference agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
