"""mango.patterns.ownership (scripts/ownership_gammas.py): the MM fit of one feature family beside a
fixed predictor recovers the gammas that made the choices, and the playouts' levels read who holds
a point for the player to move."""
from __future__ import annotations

import numpy as np
import pytest

from mango.engine import Game
from mango.patterns.ownership import LEVELS, fit, judge, owner_levels


def test_the_fit_recovers_the_gammas_that_chose_the_moves():
    rng = np.random.default_rng(7)
    truth = np.array([0.15, 0.5, 0.9, 1.0, 1.0, 0.8, 0.7, 0.45, 0.2])
    samples = []
    for _ in range(4000):
        probabilities = rng.dirichlet(np.ones(20))
        levels = rng.integers(0, LEVELS, size=20)
        weights = truth[levels] * probabilities
        winner = int(rng.choice(20, p=weights / weights.sum()))
        samples.append((probabilities, levels, winner))
    gammas = fit(samples)
    assert gammas[LEVELS // 2] == pytest.approx(1.0)
    assert np.allclose(gammas, truth / truth[LEVELS // 2], rtol=0.25)
    figures = judge(samples, gammas)
    assert figures["positions"] == 4000
    assert figures["log_evidence_with_ownership"] > figures["log_evidence_alone"] + 0.05


def test_levels_give_the_opponents_settled_area_level_zero():
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X X X X X X
        . . . . . . .
        . . . . . . .
    """, to_move="w")
    points = np.array([game.point(v) for v in ("D1", "D2", "D6", "D7")])
    white = owner_levels(game.board, 2, points, playouts=64, seed=3)
    black = owner_levels(game.board, 1, points, playouts=64, seed=3)
    assert list(white[:2]) == [0, 0]            # under Black's wall: never White's
    assert list(black[:2]) == [LEVELS - 1] * 2
    assert all(white[2:] > 0)                   # the open side is White's to take
