"""Learn 3x3 pattern values from game records: Bouzy and Chaslot's "probability played".

For every canonical pattern: how often the move at its centre was played by the professional when
the pattern stood on a legal point of the player to move. Probabilities are smoothed towards the
overall rate (so rare patterns fall back to that prior) and scaled linearly onto Mango's urgency
range 1..2433, so that a playout choosing in proportion to urgency chooses in proportion to
probability played. Every tenth game is held out to measure top-1 prediction accuracy.
"""
from __future__ import annotations

import logging
import os
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

import numpy as np

from mango.engine import pattern3
from mango.engine.board import PASS_POINT, Board
from mango.engine.errors import IllegalMoveError
from mango.engine.record import GameRecordError, read_main_lines
from mango.engine.vertex import parse_vertex

log = logging.getLogger(__name__)

BLACK, WHITE = 1, 2


@dataclass
class Record:
    """A game reduced to what replay needs: points are the board's point indices."""
    name: str
    size: int
    setup: list[tuple[int, int]]           # (colour, point) stones placed before move 1
    moves: list[tuple[int, int]]           # (colour, point or PASS_POINT)


@dataclass
class Summary:
    games: int = 0
    held_out_games: int = 0
    skipped: list[str] = field(default_factory=list)
    positions: int = 0
    candidates: int = 0
    distinct_patterns: int = 0
    held_out_positions: int = 0
    top1_accuracy: float = 0.0
    seconds: float = 0.0

    def lines(self) -> list[str]:
        return [
            f"games: {self.games} learned, {self.held_out_games} held out, {len(self.skipped)} skipped",
            f"positions: {self.positions:,} ({self.candidates:,} candidate points)",
            f"distinct patterns: {self.distinct_patterns:,}",
            f"top-1 accuracy on {self.held_out_positions:,} held-out positions: {self.top1_accuracy:.1%}",
            f"time: {self.seconds:.0f} s",
        ]


def iter_sources(sources: Iterable[str | os.PathLike]) -> Iterator[tuple[str, bytes]]:
    """(name, SGF bytes) from .sgf files, folders (searched recursively for .sgf and .tar.gz)
    and .tar.gz archives. An unreadable source is logged and skipped."""
    for source in sources:
        path = Path(source)
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                if child.is_file() and (child.suffix.lower() == ".sgf" or child.name.endswith(".tar.gz")):
                    yield from iter_sources([child])
        elif path.name.endswith((".tar.gz", ".tgz")):
            try:
                with tarfile.open(path, "r:gz") as archive:
                    for member in archive:
                        if member.isfile() and member.name.lower().endswith(".sgf"):
                            handle = archive.extractfile(member)
                            if handle is not None:
                                yield f"{path.name}:{member.name}", handle.read()
            except (OSError, tarfile.TarError, EOFError) as error:
                log.warning("skipping archive %s: %s", path, error)
        elif path.is_file():
            try:
                yield str(path), path.read_bytes()
            except OSError as error:
                log.warning("skipping %s: %s", path, error)
        else:
            log.warning("skipping %s: no such file or folder", path)


def parse_record(name: str, data: bytes, since: int | None = None) -> Record | None:
    """A Record, or None when `since` is given and the game is older or undated.
    Raises ValueError for a record that cannot be read."""
    try:
        line = read_main_lines(data)[0]
    except GameRecordError as error:
        raise ValueError(f"unreadable SGF: {error}") from None
    if since is not None:
        try:
            if int((line.date or "")[:4]) < since:
                return None
        except ValueError:
            return None                 # undated
    if not 2 <= line.size <= 19:
        raise ValueError(f"board size {line.size} is not supported")
    scratch = Board(line.size)

    def point(vertex: str) -> int:
        xy = parse_vertex(vertex, line.size)
        return PASS_POINT if xy is None else scratch.point(*xy)

    setup = [(BLACK if colour == "b" else WHITE, point(vertex)) for colour, vertex in line.setup]
    moves = [(BLACK if colour == "b" else WHITE, point(vertex)) for colour, vertex in line.moves]
    return Record(name, line.size, setup, moves)


def start_board(record: Record) -> Board:
    """The board before move 1: the record's set-up (handicap) stones."""
    board = Board(record.size)
    for colour, point in record.setup:
        board.put_stone(point, colour)
    if board.groups_without_liberties():
        raise ValueError("set-up stones without liberties")
    return board


def check_replays(record: Record) -> None:
    """Raise ValueError when a move of the record is illegal. Run before counting, so that a
    broken game adds nothing to the counts (the extra replay costs about a tenth of the run)."""
    board = start_board(record)
    for number, (colour, point) in enumerate(record.moves, 1):
        try:
            board.play(point, colour)
        except IllegalMoveError as error:
            raise ValueError(f"move {number} is illegal ({error.reason})") from None


def count_record(record: Record, seen: np.ndarray, played: np.ndarray) -> tuple[int, int]:
    """Add the record's patterns to the counts; returns (positions, candidate points)."""
    board = start_board(record)
    positions = candidates = 0
    for colour, point in record.moves:
        if point != PASS_POINT:
            candidates += pattern3.count_position(board, colour, point, seen, played)
            positions += 1
        board.play(point, colour)
    return positions, candidates


def top1(record: Record, table) -> tuple[float, int]:
    """(summed top-1 credit, positions) of a table's values (values_by_player) on a record."""
    board = start_board(record)
    credit, positions = 0.0, 0
    for colour, point in record.moves:
        if point != PASS_POINT:
            credit += pattern3.top1_credit(board, colour, point, table)
            positions += 1
        board.play(point, colour)
    return credit, positions


def values_from_counts(seen: np.ndarray, played: np.ndarray, prior_weight: float):
    """Canonical codes, their urgencies and the default urgency, from raw player-code counts."""
    canon = pattern3.canonical_table()
    seen_c = np.bincount(canon, weights=seen, minlength=pattern3.CODES)
    played_c = np.bincount(canon, weights=played, minlength=pattern3.CODES)
    codes = np.flatnonzero(seen_c)
    if len(codes) == 0:
        raise ValueError("no positions were learned")
    prior = played_c.sum() / seen_c.sum()
    probability = (played_c[codes] + prior_weight * prior) / (seen_c[codes] + prior_weight)
    top = probability.max()
    scale = (pattern3.MAX_VALUE - 1) / top

    def urgency(p):
        return np.clip(np.rint(1 + p * scale), 1, pattern3.MAX_VALUE).astype(np.uint16)

    return codes, urgency(probability), int(urgency(np.array([prior]))[0]), seen_c[codes], played_c[codes]


def learn(sources, out: str | os.PathLike, *, since: int | None = None, max_games: int | None = None,
          hold_out_every: int = 10, prior_weight: float = 20.0, progress: bool = True) -> Summary:
    """Learn a table from `sources` and write it to `out`. Broken games are skipped with a
    warning naming them; the run never aborts for one."""
    from tqdm import tqdm

    started = time.perf_counter()
    summary = Summary()
    seen = np.zeros(pattern3.CODES, dtype=np.uint64)
    played = np.zeros(pattern3.CODES, dtype=np.uint64)
    held_out: list[Record] = []
    bar = tqdm(total=max_games, unit="game", disable=not progress, desc="learning")
    accepted = 0
    for name, data in iter_sources(sources):
        if max_games is not None and accepted >= max_games:
            break
        try:
            record = parse_record(name, data, since)
            if record is None:
                continue
            check_replays(record)
        except ValueError as error:
            log.warning("skipping %s: %s", name, error)
            summary.skipped.append(name)
            continue
        accepted += 1
        bar.update(1)
        if hold_out_every and accepted % hold_out_every == 0:
            held_out.append(record)
            summary.held_out_games += 1
            continue
        positions, candidates = count_record(record, seen, played)
        summary.games += 1
        summary.positions += positions
        summary.candidates += candidates
    bar.close()
    codes, values, default, seen_c, played_c = values_from_counts(seen, played, prior_weight)
    summary.distinct_patterns = len(codes)
    pattern3.write_table(out, codes, values, default, seen=seen_c.astype(np.uint64),
                         played=played_c.astype(np.uint64), prior_weight=np.array(prior_weight),
                         games=np.array(summary.games))
    table = pattern3.values_by_player(codes, values, default)    # judged apart: the process's
    credit = 0.0                                                 # own table stays as it was
    for record in tqdm(held_out, unit="game", disable=not progress, desc="held-out"):
        c, n = top1(record, table)
        credit += c
        summary.held_out_positions += n
    summary.top1_accuracy = credit / summary.held_out_positions if summary.held_out_positions else 0.0
    summary.seconds = time.perf_counter() - started
    return summary
