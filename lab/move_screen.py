"""How Mango's moves stand in the referee's eyes, setting against setting: a screen of the search.

The owl screen (lab/owl_accuracy.py) judges the playouts alone; this one judges the moves the whole
search chooses. From a store of Mango's games (against Pachi, say), --positions positions where
Mango was to move (among its moves FIRST..LAST, drawn with --seed: the same positions for every
run), Mango searches each one in process (the board size's defaults with -o, at --mango-playouts, a
seed per position drawn from --mango-seed) and the referee judges its move: the referee searches
the position after it for the opponent, and one minus the opponent's win rate is the move's value
for Mango. The referee's own move and win rate in the position itself are the yardstick; a position
it calls decided (its win rate for Mango outside --band) is left out, since there every move is
worth the same.

The referee's answers are kept in --referee-cache (the position, and the position after each move
judged), so that runs of several settings judge one move by one answer: only the moves two settings
choose differently separate them, and the referee's noise on the others cancels (Pachi's answers
are not reproducible, even seeded). The same settings with another --mango-seed measure the
screen's own noise: Mango's moves differ in some positions with the seed alone. Each run writes its
moves and values to --out; with --compare, the paired difference of the values of two runs' moves,
with its interval:

    python scripts/move_screen.py docs/results/rmp0-time1s-pachi13.jsonl --moves 10 70 \\
        --positions 150 --mango-playouts 7000 --referee-cache /tmp/screen13.json --out base.json
    python scripts/move_screen.py docs/results/rmp0-time1s-pachi13.jsonl --moves 10 70 \\
        --positions 150 --mango-playouts 7000 --referee-cache /tmp/screen13.json \\
        -o predictor_count=300 --out count300.json --compare base.json

A screen chooses what to measure in games; it decides nothing (the ledger's rules): the referee's
judgement is not the truth, and its taste in moves is Pachi's own.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import asdict, dataclass

from mango.engine.statistic import Z95
from mango.lab.client import EngineFailure, GtpClient, split_command
from mango.lab.ownership_diff import RefereeCache
from mango.lab.referee_drop import OTHER, PACHI, game_moves, mango_view, referee_view
from mango.lab.store import read_records


@dataclass(frozen=True)
class Judged:
    """One position of the screen: where it comes from, the referee's move and win rate for
    Mango there, Mango's move and the value the referee gives it (None: the referee did not
    search the position after it)."""
    key: str
    referee_move: str
    referee_rate: float
    move: str
    value: float | None


def candidate_positions(records, first: int, last: int) -> list[tuple[object, list, int]]:
    """(record, its moves, k) for every position before Mango's move k + 1 with FIRST <= k + 1 <=
    LAST, past the game's opening (the moves both engines were given); each game's SGF is read
    once."""
    found = []
    for record in records:
        moves = game_moves(record.sgf)
        opening = len(record.opening.split()) if record.opening else 0
        for k in range(max(first - 1, opening), min(last, len(moves))):
            if moves[k][0] == record.a_colour:
                found.append((record, moves, k))
    return found


def position_key(record, k: int) -> str:
    return f"{record.match[:8]}-{record.game}-{k}"


def referee_answer(referee: GtpClient, cache: RefereeCache, key: str,
                   moves: list[tuple[str, str]], colour: str) -> dict:
    """The referee's move and win rate for colour after moves, through the cache. A referee that
    resigns has a win rate of 0; one that answers without a search, none."""
    def compute() -> dict:
        best, rate = referee_view(referee, moves, colour)
        if rate is None and best.lower() == "resign":
            rate = 0.0
        return {"move": best, "rate": rate}
    return cache.estimate(key, compute)


def mango_move(record, moves: list[tuple[str, str]], config, seed: int) -> str:
    """Mango's move in the position (no resignation, so that every position has a move to
    judge)."""
    move, _ = mango_view(record.size, record.komi, moves, config.search.playouts, seed, config)
    return move.upper()


def screen(referee: GtpClient, cache: RefereeCache, candidates, count: int,
           band: tuple[float, float], config, seed: int, mango_seed: int,
           progress=None) -> list[Judged]:
    """The first `count` candidates, in the order of the shuffle seeded by `seed`, that the
    referee does not call decided, each with Mango's move judged (Mango's seeds drawn from
    mango_seed: another mango_seed with the same settings measures the screen's own noise)."""
    order = list(candidates)
    random.Random(seed).shuffle(order)
    judged: list[Judged] = []
    board = None
    for record, played, k in order:
        if len(judged) == count:
            break
        if (record.size, record.komi) != board:
            board = (record.size, record.komi)
            referee.send(f"boardsize {record.size}")
            referee.send(f"komi {record.komi}")
        moves = played[:k]
        colour = record.a_colour
        key = position_key(record, k)
        before = referee_answer(referee, cache, key, moves, colour)
        if before["rate"] is None or not band[0] <= before["rate"] <= band[1]:
            continue
        move = mango_move(record, moves, config, mango_seed * 100_003 + len(judged))
        # the referee's own move too is judged from the position after it (its win rate before
        # the move is its search's best, a yardstick biased upwards beside the others)
        try:
            after = referee_answer(referee, cache, f"{key}-{move}", moves + [(colour, move)],
                                   OTHER[colour])
            value = None if after["rate"] is None else 1.0 - after["rate"]
        except EngineFailure:
            value = None                    # the referee refused the move
        judged.append(Judged(key, before["move"].upper(), before["rate"], move, value))
        if progress:
            progress(judged[-1])
    return judged


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half width of its normal 95% interval (0 with fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


def summary(judged: list[Judged]) -> str:
    scored = [j for j in judged if j.value is not None]
    value, half = mean_interval([j.value for j in scored])
    loss, loss_half = mean_interval([j.referee_rate - j.value for j in scored])
    same = sum(j.move == j.referee_move for j in judged)
    return (f"{len(judged)} positions ({len(scored)} judged): Mango's moves worth {value:.4f} "
            f"(+-{half:.4f}) to the referee, {loss:+.4f} (+-{loss_half:.4f}) below its own moves; "
            f"the referee's move {same} times ({100.0 * same / max(1, len(judged)):.0f}%)")


def comparison(judged: list[Judged], other: list[Judged]) -> str:
    """The paired difference of two runs' values on the positions both judged."""
    theirs = {j.key: j for j in other}
    pairs = [(j, theirs[j.key]) for j in judged
             if j.key in theirs and j.value is not None and theirs[j.key].value is not None]
    differ = sum(a.move != b.move for a, b in pairs)
    diff, half = mean_interval([a.value - b.value for a, b in pairs])
    return (f"against the other run: {diff:+.4f} (+-{half:.4f}) a move over {len(pairs)} positions "
            f"in common, {differ} of them with another move")


def read_judged(path: str) -> list[Judged]:
    with open(path) as handle:
        return [Judged(**row) for row in json.load(handle)["positions"]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("store")
    parser.add_argument("--moves", type=int, nargs=2, default=(10, 70), metavar=("FIRST", "LAST"),
                        help="the move numbers of Mango's moves to draw positions from")
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1, help="which positions")
    parser.add_argument("--mango-seed", type=int, default=1, help="Mango's seeds")
    parser.add_argument("--band", type=float, nargs=2, default=(0.15, 0.85),
                        metavar=("LOW", "HIGH"),
                        help="the referee's win rates for Mango of the positions kept")
    parser.add_argument("--referee", default=PACHI, help="the referee's command line")
    parser.add_argument("--referee-cache", default=None, metavar="FILE",
                        help="keep the referee's answers in this JSON file and read them from it")
    parser.add_argument("--mango-playouts", type=int, default=10000)
    parser.add_argument("-o", "--mango-option", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting of Mango's search, as `mango -o` takes it (repeatable)")
    parser.add_argument("--out", default=None, help="write the positions judged to this JSON file")
    parser.add_argument("--compare", default=None, metavar="FILE",
                        help="a run's --out file to compare with, position by position")
    parser.add_argument("--verbose", action="store_true",
                        help="a line per position as it is judged")
    args = parser.parse_args()
    if any("=" not in option for option in args.mango_option):
        parser.error("-o wants KEY=VALUE")
    if args.positions < 1 or args.mango_playouts < 1:
        parser.error("--positions and --mango-playouts must be positive")
    from mango.engine.config import EngineConfig
    from mango.engine.errors import ConfigError

    # a bad option or file fails here, before the referee starts
    try:
        pairs = dict(option.split("=", 1) for option in args.mango_option)
        config = EngineConfig().with_strings(pairs)
        config = config.replace(playouts=args.mango_playouts)
        other = read_judged(args.compare) if args.compare else None
    except ConfigError as error:
        parser.error(str(error))
    except (OSError, ValueError, KeyError, TypeError) as error:
        parser.error(f"--compare {args.compare}: {error}")
    candidates = candidate_positions(read_records(args.store), *args.moves)
    cache = RefereeCache(args.referee_cache)
    referee = GtpClient(split_command(args.referee), "referee")

    def show(j: Judged) -> None:
        value = "-" if j.value is None else f"{j.value:.3f}"
        print(f"  {j.key:24s} referee {j.referee_move:5s} {j.referee_rate:.3f}  Mango {j.move:5s} "
              f"{value}", flush=True)

    try:
        judged = screen(referee, cache, candidates, args.positions, tuple(args.band), config,
                        args.seed, args.mango_seed, show if args.verbose else None)
    finally:
        referee.close()
    if args.out:
        with open(args.out, "w") as handle:
            json.dump({"options": args.mango_option, "playouts": args.mango_playouts,
                       "positions": [asdict(j) for j in judged]}, handle)
    print(summary(judged))
    if other is not None:
        print(comparison(judged, other))
    return 0


if __name__ == "__main__":
    sys.exit(main())
