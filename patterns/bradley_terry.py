"""Generalized Bradley-Terry model fitted by minorization-maximization (Coulom 2007, "Computing
Elo Ratings of Move Patterns in the Game of Go", section 3; Hunter 2004).

Each position is a competition among its legal moves; a move is a team of feature levels, its
strength the product of their gammas, and the played move wins with probability strength / sum
of strengths. MM updates one family at a time (Coulom's order), which never lowers the
likelihood, with Coulom's prior: every gamma has one virtual win and one virtual loss against a
virtual opponent of strength 1, so levels never played keep a finite, small gamma.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mango.patterns import mm


@dataclass
class Competitions:
    """Every candidate move of every position, as levels per family (-1: no level).

    levels[k] is an integer array (int8, int16 or int32) over all candidates of all positions, position by position;
    starts[j] is the first candidate of position j and winners[j] the index of the played one.
    """
    levels: list[np.ndarray]
    sizes: list[int]                # levels per family
    starts: np.ndarray
    winners: np.ndarray

    @property
    def positions(self) -> int:
        return len(self.starts)

    @property
    def candidates(self) -> int:
        return len(self.levels[0]) if self.levels else 0



def strengths(data: Competitions, gammas: list[np.ndarray]) -> np.ndarray:
    """Each candidate's product of gammas."""
    s = np.ones(data.candidates)
    for k, level in enumerate(data.levels):
        if len(gammas[k]):
            mm.multiply(s, level, np.ascontiguousarray(gammas[k], dtype=np.float64))
    return s


def log_likelihood(data: Competitions, s: np.ndarray) -> float:
    """Mean log-probability of the played moves."""
    totals = np.empty(data.positions)
    mm.totals(s, data.starts, totals)
    return mm.mean_log_probability(s, data.winners, totals)


def fit(data: Competitions, iterations: int = 20, tolerance: float = 1e-5, prior: bool = True,
        progress=None, parents: dict[int, np.ndarray] | None = None, parent_games: float = 1.0
        ) -> tuple[list[np.ndarray], list[float]]:
    """Gammas per family by MM; stops when the mean log-likelihood gains less than `tolerance` in
    an iteration. Returns (gammas, log-likelihood after each iteration). `progress`, if given,
    is called with (iteration, log-likelihood).

    parents[k][l], when given, is the level of family k that level l refines (a large pattern's
    next smaller size), or -1: the prior's virtual opponent then has the parent's gamma instead
    of 1, so that a rarely seen large pattern stays near its smaller self rather than near 1;
    parent_games virtual wins and as many losses, instead of one each."""
    parents = parents or {}
    gammas = [np.ones(n) for n in data.sizes]
    wins = []
    for k, level in enumerate(data.levels):
        played = level[data.winners].astype(np.int64)
        wins.append(np.bincount(played[played >= 0], minlength=data.sizes[k]).astype(np.float64))
    s = np.ones(data.candidates)
    totals = np.empty(data.positions)
    history: list[float] = []
    for iteration in range(iterations):
        for k, level in enumerate(data.levels):
            if data.sizes[k] == 0:
                continue
            mm.totals(s, data.starts, totals)
            denominator = np.zeros(data.sizes[k])
            mm.denominators(s, level, gammas[k], data.starts, totals, denominator)
            numerator = wins[k].copy()
            if prior:
                anchor = np.ones(data.sizes[k])
                games = 1.0
                if k in parents:
                    has = parents[k] >= 0
                    anchor[has] = gammas[k][parents[k][has]]
                    games = parent_games
                numerator += games
                denominator += 2.0 * games / (gammas[k] + anchor)
            new = np.clip(numerator / np.maximum(denominator, 1e-300), 1e-6, 1e6)
            mm.multiply(s, level, new / gammas[k])
            gammas[k] = new
        mm.totals(s, data.starts, totals)
        history.append(mm.mean_log_probability(s, data.winners, totals))
        if progress is not None:
            progress(iteration, history[-1])
        if len(history) > 1 and history[-1] - history[-2] < tolerance:
            break
    return gammas, history
