"""Learn and judge the move predictor (engine/feature.pyx) on game records.

Learning (Coulom 2007, with Stern et al. 2006's pattern harvesting) goes in three passes over the
training games: count the spatial keys of every played move at every size and keep those played
at least `min_count` times (a key's smaller sizes are always counted with it, so the dictionary
is nested and "the largest size in the dictionary" is well defined); extract the features of
every legal move of every position; fit the gammas by MM (patterns/bradley_terry.py). Every tenth
accepted game is held out, exactly as `mango learn-patterns` does for the 3x3 table, so that
`mango predict --held-out-every 10` with the same sources and filters judges unseen games.
"""
from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field
from typing import Iterable, Iterator

import numpy as np

from mango.engine import pattern3
from mango.engine.board import PASS_POINT
from mango.engine.feature import FAMILIES, FAMILY_COUNT, SIZES, Predictor
from mango.patterns.bradley_terry import Competitions, fit, log_likelihood, strengths
from mango.patterns.learn import Record, check_replays, iter_sources, parse_record, start_board

log = logging.getLogger(__name__)

MAX_MOVES = 441         # room for every legal move of a 19x19 position (engine MAX_POINTS)
TOP_K = 20              # ranks kept for the top-k curve


def iter_records(sources, since: int | None, size: int = 19, skipped: list | None = None
                 ) -> Iterator[Record]:
    """The readable, legal games of the given size, in source order (broken ones logged)."""
    for name, data in iter_sources(sources):
        try:
            record = parse_record(name, data, since)
            if record is None or record.size != size:
                continue
            check_replays(record)
        except ValueError as error:
            log.warning("skipping %s: %s", name, error)
            if skipped is not None:
                skipped.append(name)
            continue
        yield record


def split_records(sources, since, max_games, hold_out_every, skipped=None):
    """(training, held-out) records: every `hold_out_every`-th accepted game is held out."""
    training, held_out = [], []
    for accepted, record in enumerate(iter_records(sources, since, skipped=skipped), 1):
        if max_games is not None and accepted > max_games:
            break
        if hold_out_every and accepted % hold_out_every == 0:
            held_out.append(record)
        else:
            training.append(record)
    return training, held_out


def positions(record: Record, stride: int = 1, phase: int = 0) -> Iterator[tuple[object, int, int, int]]:
    """(board, colour, move, move before last) before each stone move of the record (with a
    stride, only moves number phase, phase + stride, ...). The board is the same object,
    updated in place: use it before asking for the next position."""
    board = start_board(record)
    previous = last = PASS_POINT
    for number, (colour, point) in enumerate(record.moves):
        if point != PASS_POINT and number % stride == phase % stride:
            yield board, colour, point, previous
        board.play(point, colour)
        previous, last = last, point


def harvest_spatial(records: list[Record], min_count: int, progress: bool = True, stride: int = 1
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Spatial keys of played moves seen at least `min_count` times, all sizes together, and
    the level of each one's parent (the next smaller size around the same point; -1 for none)."""
    from tqdm import tqdm

    predictor = Predictor()
    chunks = []
    for number, record in enumerate(tqdm(records, unit="game", disable=not progress, desc="harvesting")):
        keys = [predictor.spatial_keys(board, colour, move)
                for board, colour, move, _ in positions(record, stride, number)]
        if keys:
            chunks.append(np.stack(keys))
    if not chunks:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    by_size = np.concatenate(chunks)                       # positions x sizes
    keys, counts = np.unique(by_size, return_counts=True)
    keys = keys[counts >= min_count]
    parent_of = {}
    for size in range(1, by_size.shape[1]):
        pairs = np.unique(by_size[:, size - 1:size + 1], axis=0)
        known = np.isin(pairs[:, 0], keys) & np.isin(pairs[:, 1], keys)
        parent_of.update(zip(pairs[known, 1].tolist(), pairs[known, 0].tolist()))
    parents = np.full(len(keys), -1, dtype=np.int64)
    children = np.array(list(parent_of.keys()), dtype=np.uint64)
    if len(children):
        parents[np.searchsorted(keys, children)] = np.searchsorted(
            keys, np.array(list(parent_of.values()), dtype=np.uint64))
    return keys, parents


# Column types of the extracted levels: the shape families need more than a byte.
COLUMN_TYPES = [np.int16, np.int32] + [np.int8] * (FAMILY_COUNT - 2)


def extract(predictor: Predictor, records: list[Record], progress: bool = True,
            desc: str = "extracting", stride: int = 1) -> Competitions:
    """Every legal move's levels for every position of the records, one compact column per
    family (about 13 bytes a candidate: 19x19 games have some 50,000 candidates each)."""
    from tqdm import tqdm

    points = np.empty(MAX_MOVES, dtype=np.int32)
    levels = np.empty((MAX_MOVES, FAMILY_COUNT), dtype=np.int32)
    chunks: list[list[np.ndarray]] = [[] for _ in range(FAMILY_COUNT)]
    starts, winners = [], []
    total = 0
    for number, record in enumerate(tqdm(records, unit="game", disable=not progress, desc=desc)):
        game = []
        for board, colour, move, previous in positions(record, stride, number):
            n = predictor.extract_into(board, colour, previous, points, levels)
            hit = np.flatnonzero(points[:n] == move)
            if len(hit) != 1:
                continue
            starts.append(total)
            winners.append(total + int(hit[0]))
            total += n
            game.append(levels[:n].copy())
        if game:
            rows = np.concatenate(game)
            for k in range(FAMILY_COUNT):
                chunks[k].append(rows[:, k].astype(COLUMN_TYPES[k]))
    sizes = predictor.family_sizes()
    if sizes[0] > np.iinfo(np.int16).max:
        raise ValueError("too many 3x3 codes for the int16 column")
    columns = []
    for k in range(FAMILY_COUNT):
        columns.append(np.concatenate(chunks[k]) if chunks[k] else np.zeros(0, COLUMN_TYPES[k]))
        chunks[k] = []
    return Competitions(columns, sizes, np.array(starts, dtype=np.int64),
                        np.array(winners, dtype=np.int64))


@dataclass
class LearnSummary:
    games: int = 0
    held_out_games: int = 0
    skipped: list[str] = field(default_factory=list)
    positions: int = 0
    candidates: int = 0
    pattern3_levels: int = 0
    spatial_levels: int = 0
    log_likelihood: list[float] = field(default_factory=list)
    seconds: float = 0.0
    held_out: dict | None = None

    def lines(self) -> list[str]:
        lines = [
            f"games: {self.games} learned, {self.held_out_games} held out, {len(self.skipped)} skipped",
            f"positions: {self.positions:,} ({self.candidates:,} candidate moves)",
            f"dictionaries: {self.pattern3_levels:,} 3x3 codes, {self.spatial_levels:,} spatial patterns",
            "training log-likelihood by MM iteration: "
            + ", ".join(f"{x:.4f}" for x in self.log_likelihood),
            f"time: {self.seconds:.0f} s",
        ]
        if self.held_out:
            h = self.held_out
            lines.append(f"held out: {h['positions']:,} positions, top-1 {h['top1']:.1%}, "
                         f"top-5 {h['top5']:.1%}, log-evidence {h['log_evidence']:.3f}")
        return lines


def learn_model(sources, out: str | os.PathLike, *, since: int | None = None,
                max_games: int | None = None, hold_out_every: int = 10, min_count: int = 3,
                iterations: int = 20, stride: int = 1, parent_games: float = 1.0,
                progress: bool = True) -> LearnSummary:
    """Learn a predictor from `sources` and write it to `out`. With a stride, only every
    stride-th move of each training game is learned from (a different phase in each game): the
    neighbouring positions of a game teach much the same, so more games fit in memory."""
    started = time.perf_counter()
    summary = LearnSummary()
    training, held_out = split_records(sources, since, max_games, hold_out_every, summary.skipped)
    summary.games, summary.held_out_games = len(training), len(held_out)
    if not training:
        raise ValueError("no 19x19 games to learn from")
    predictor = Predictor()
    keys, parents = harvest_spatial(training, min_count, progress, stride)
    predictor.set_spatial_keys(keys)
    predictor.grow_pattern3 = True
    data = extract(predictor, training, progress, stride=stride)
    predictor.grow_pattern3 = False
    summary.positions, summary.candidates = data.positions, data.candidates
    summary.pattern3_levels, summary.spatial_levels = data.sizes[0], data.sizes[1]
    log.info("fitting %d gammas on %d candidates", sum(data.sizes), data.candidates)

    def report(iteration, value):
        if progress:
            print(f"MM iteration {iteration + 1}: log-likelihood {value:.4f}", flush=True)

    gammas, summary.log_likelihood = fit(data, iterations=iterations, progress=report,
                                         parents={FAMILIES.index("spatial"): parents},
                                         parent_games=parent_games)
    del data
    predictor.set_gammas(gammas)
    predictor.save(out, games=np.array(summary.games), positions=np.array(summary.positions),
                   since=np.array(since or 0), min_count=np.array(min_count), stride=np.array(stride),
                   parent_games=np.array(parent_games))
    if held_out:
        summary.held_out = evaluate(predictor, held_out, progress=progress).figures()
    summary.seconds = time.perf_counter() - started
    return summary


# ---- judging ------------------------------------------------------------------------------

def _rank_credit(scores: np.ndarray, winner: int, ks: np.ndarray) -> np.ndarray:
    """P(rank <= k) for each k when ties are broken uniformly at random."""
    best = scores[winner]
    higher = int(np.count_nonzero(scores > best))
    tied = int(np.count_nonzero(scores == best))        # the played move among them
    return np.clip(ks - higher, 0, tied) / tied


@dataclass
class Evaluation:
    """Accumulated prediction figures of one model (and of the 3x3 table, for comparison)."""
    games: int = 0
    positions: int = 0
    log_evidence_sum: float = 0.0
    credit: np.ndarray = field(default_factory=lambda: np.zeros(TOP_K))
    pattern3_credit: np.ndarray = field(default_factory=lambda: np.zeros(TOP_K))

    def figures(self) -> dict:
        n = max(1, self.positions)
        return {
            "games": self.games,
            "positions": self.positions,
            "top1": float(self.credit[0] / n),
            "top5": float(self.credit[4] / n),
            "log_evidence": self.log_evidence_sum / n,
            "top_k": [float(x / n) for x in self.credit],
            "pattern3_top1": float(self.pattern3_credit[0] / n),
            "pattern3_top5": float(self.pattern3_credit[4] / n),
            "pattern3_top_k": [float(x / n) for x in self.pattern3_credit],
        }


def pattern3_values(predictor: Predictor, table_path=None) -> np.ndarray:
    """The 3x3 table's value of each 3x3 level of the predictor, and last the default value
    (for moves whose code the predictor's dictionary lacks)."""
    path = table_path or pattern3.default_table_path()
    codes, values, default, _ = pattern3.read_table(path)
    by_code = np.full(pattern3.CODES, default, dtype=np.float64)
    by_code[codes] = values
    return np.append(by_code[predictor.pattern3_codes()], default)


def evaluate(predictor: Predictor, records: Iterable[Record], progress: bool = True,
             table_path=None) -> Evaluation:
    """Top-k, log-evidence of the predictor, and top-k of the 3x3 table, on every stone move."""
    from tqdm import tqdm

    result = Evaluation()
    ks = np.arange(1, TOP_K + 1)
    table = pattern3_values(predictor, table_path)
    points = np.empty(MAX_MOVES, dtype=np.int32)
    levels = np.empty((MAX_MOVES, FAMILY_COUNT), dtype=np.int32)
    for record in tqdm(records, unit="game", disable=not progress, desc="predicting"):
        result.games += 1
        for board, colour, move, previous in positions(record):
            n = predictor.extract_into(board, colour, previous, points, levels)
            hit = np.flatnonzero(points[:n] == move)
            if len(hit) != 1:
                continue
            winner = int(hit[0])
            s = predictor.strengths(levels[:n])
            result.positions += 1
            result.log_evidence_sum += float(np.log(s[winner] / s.sum()))
            result.credit += _rank_credit(s, winner, ks)
            result.pattern3_credit += _rank_credit(table[levels[:n, 0]], winner, ks)
    return result


def plot_top_k(figures: dict[str, dict], path) -> None:
    """Cumulative accuracy by rank: one curve per evaluated set, and the 3x3 table's beside."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    ks = np.arange(1, TOP_K + 1)
    for label, f in figures.items():
        line, = ax.plot(ks, np.array(f["top_k"]) * 100, marker="o", ms=3,
                        label=f"Bradley-Terry model, {label}")
        ax.plot(ks, np.array(f["pattern3_top_k"]) * 100, ls="--", color=line.get_color(),
                label=f"3x3 table, {label}")
    ax.set_xlabel("rank k")
    ax.set_ylabel("played move within the top k (%)")
    ax.set_xticks(ks)
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("Move prediction on games the model never saw")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


__all__ = ["FAMILIES", "SIZES", "Evaluation", "LearnSummary", "evaluate", "extract",
           "harvest_spatial", "iter_records", "learn_model", "log_likelihood", "plot_top_k",
           "positions", "split_records", "strengths"]
