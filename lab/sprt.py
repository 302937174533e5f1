"""Match statistics as fishtest and OpenBench keep them: a tally of game results (trinomial:
loss/draw/win) or of game-pair results (pentanomial: the pair's score 0, 1/2, 1, 3/2, 2), the score
with its standard error, the logistic Elo with a 95% interval, and the sequential probability ratio
test (GSPRT) that stops a match as soon as it is decided.

The SPRT is fishtest's logistic GSPRT: with s0 and s1 the expected scores of Elo0 and Elo1, and the
mean m and variance v of the per-unit score (a game, or a pair's score / 2) over N units,

    LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)

H1 (Elo >= Elo1) is accepted when LLR >= log((1 - beta) / alpha), H0 when LLR <= log(beta / (1 -
alpha)). The 95% interval of the score is m +- 1.96 sqrt(v / N), turned into Elo. Before both, every
outcome bucket gets a small pseudo-count (one unit in all, spread evenly), so that a short streak
of equal results, whose sample variance is 0, neither decides a test nor gives a zero-width
interval; over hundreds of games it changes nothing visible. The point estimate is the plain
score.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from mango.engine.statistic import Z95, elo, expected_score

GAME_SCORES = (0.0, 0.5, 1.0)                       # loss, draw, win
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)           # a pair's points / 2


def mean_variance(counts, scores) -> tuple[float, float, float]:
    """(N, mean, variance) of per-unit scores with these counts."""
    n = float(sum(counts))
    if n <= 0:
        return 0.0, 0.5, 0.0
    mean = sum(c * s for c, s in zip(counts, scores)) / n
    variance = sum(c * (s - mean) ** 2 for c, s in zip(counts, scores)) / n
    return n, mean, variance


def llr(n: float, mean: float, variance: float, elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of N units with this score mean and variance."""
    if n <= 0 or variance <= 0:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)


def regularized(counts) -> list[float]:
    """The counts with one unit of pseudo-count spread over the buckets."""
    return [c + 1.0 / len(counts) for c in counts]


@dataclass(frozen=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self):
        if not self.elo0 < self.elo1:
            raise ValueError("the SPRT wants ELO0 < ELO1")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("alpha and beta must be between 0 and 0.5")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1.0 - self.beta) / self.alpha)

    def state(self, counts, scores) -> dict:
        n, mean, variance = mean_variance(regularized(counts), scores)
        value = llr(n, mean, variance, self.elo0, self.elo1)
        result = "H1" if value >= self.upper else ("H0" if value <= self.lower else "continue")
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
                "llr": round(value, 4), "lower": round(self.lower, 4),
                "upper": round(self.upper, 4), "result": result}


def parse_sprt(text: str, alpha: float = 0.05, beta: float = 0.05, option: str = "--sprt") -> Sprt:
    """'ELO0,ELO1' as an Sprt; option names the command-line option in the error."""
    try:
        elo0, elo1 = (float(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f"{option} wants ELO0,ELO1, got {text!r}") from None
    return Sprt(elo0, elo1, alpha, beta)


@dataclass
class Tally:
    """Results from the tested engine's side: game outcomes, and pair outcomes when paired."""
    paired: bool = False
    wins: int = 0
    losses: int = 0
    draws: int = 0
    errors: int = 0
    time_losses: int = 0
    pairs: list = field(default_factory=lambda: [0] * 5)   # pair points 0, 1/2, ... 2
    _open: dict = field(default_factory=dict)              # pair -> first game's points

    def add(self, points: float, pair: int | None = None, error: bool = False,
            time_loss: bool = False) -> None:
        """One game: points 1, 1/2 or 0 for the tested engine. An error (an engine that could not
        start, died or refused a command) is counted and not scored: it measures nothing, and
        its pair stays incomplete."""
        if error:
            self.errors += 1
            return
        if points == 1:
            self.wins += 1
        elif points == 0:
            self.losses += 1
        else:
            self.draws += 1
        self.time_losses += bool(time_loss)
        if self.paired and pair is not None:
            if pair in self._open:
                self.pairs[int(round(2 * (self._open.pop(pair) + points)))] += 1
            else:
                self._open[pair] = points

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    def units(self) -> tuple[list, tuple]:
        """The counts the statistics use: complete pairs when paired, else games."""
        if self.paired:
            return list(self.pairs), PAIR_SCORES
        return [self.losses, self.draws, self.wins], GAME_SCORES

    def summary(self, sprt: Sprt | None = None) -> dict:
        counts, scores = self.units()
        if self.paired and sum(counts) == 0:            # no pair complete yet: the games
            counts, scores = [self.losses, self.draws, self.wins], GAME_SCORES
        n, mean, variance = mean_variance(regularized(counts), scores)
        score = self.points / self.games if self.games else 0.5
        half = Z95 * math.sqrt(variance / n)
        low, high = max(0.0, mean - half), min(1.0, mean + half)
        out = {"games": self.games, "wins": self.wins, "losses": self.losses,
               "draws": self.draws, "errors": self.errors, "time_losses": self.time_losses,
               "points": self.points, "score": round(score, 4),
               "score_low": round(low, 4), "score_high": round(high, 4),
               "elo": _finite(elo(score)), "elo_low": _finite(elo(low)),
               "elo_high": _finite(elo(high))}
        if self.paired:
            out["pentanomial"] = list(self.pairs)
        if sprt is not None:
            out["sprt"] = sprt.state(counts, scores)
        return out


def _finite(value: float) -> float | None:
    """Rounded Elo, None for +-inf (JSON has no infinity)."""
    return round(value, 1) if math.isfinite(value) else None
