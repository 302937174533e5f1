"""The few statistics both the engine's front end and the laboratory need, written once: the 95%
normal quantile, Wilson's interval of a rate (a move's lower confidence bound in analysis, a match's
score) and the logistic Elo model (the SPRT, reports). Plain Python: none of it is in a hot loop.
"""
from __future__ import annotations

import math

Z95 = 1.959964


def expected_score(elo_diff: float) -> float:
    """The logistic model's expected score of an Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0))


def elo(score: float) -> float:
    """Elo difference of a score rate (+-inf at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0      # + 0.0: no "-0"


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a rate score / n (z = Z95: 95%); (0, 1) when n is 0. Unlike the
    normal interval it stays inside [0, 1] and is not empty after a run of equal results."""
    if n <= 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_interval(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The normal (Wald) interval of a rate, score +- z sqrt(score (1 - score) / n): how the papers
    report their tables, so the lab draws their rows with it."""
    half = z * math.sqrt(score * (1.0 - score) / n) if n > 0 else math.inf
    return score - half, score + half
