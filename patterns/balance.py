"""Simulation balancing: the playouts' 3x3 pattern weights tuned so that the playouts' mean result
from a position matches a deeper search's value of it (Silver and Tesauro 2009, "Monte-Carlo
simulation balancing"; Huang, Coulom and Lin 2010, "Monte-Carlo simulation balancing in
practice", where Erica's 9x9 playouts, their weights first learned by MM from game records as
Mango's are, went from 69% to 78% against Fuego with the weights balanced on positions its own
long searches had valued).

A playout policy that plays the strongest moves is not the one whose playouts judge positions
best: what the search needs is that their errors cancel. Balancing follows the gradient of the
squared error between the playouts' mean result and the reference value: for each position,
theta += rate * (V* - V) * g, with theta the log weight of each pattern class, V the mean of
Black's results over M playouts, and g the policy gradient of Black's expected result, the mean
over N further playouts of (z - V) times the playout's sum of d log pi / d theta over the moves
the pattern weights chose (engine/playout.pyx, balance_sample). The capture, save and nakade
bonuses, the proximity factor and the playouts' rules stay as configured, so the weights learn
their scale against them too.

Two steps, one command each (scripts/balance_patterns.py):

    python scripts/balance_patterns.py positions ../shared/data/strong9.tar.gz --size 9 \\
        --games 423 --per-game 4 --playouts 10000 --out positions9.jsonl
    python scripts/balance_patterns.py train positions9.jsonl --out balanced9.npz

(the first, a search of 10,000 playouts for each of 1,690 positions, took 22 minutes on a core;
the second, six epochs of full batches, 8 minutes). What the 9x9 tables did is in
docs/strength.md ("Simulation balancing"); they are kept in docs/results/balance.

The table holds the weights themselves: play it with `-o pattern_table=balanced9.npz -o
pattern_exponent=1` (another exponent would bend them again).
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gzip
import json
import math
import random
import time
from dataclasses import dataclass

import numpy as np

from mango.engine import pattern3
from mango.engine.config import EngineConfig
from mango.engine.game import Game
from mango.engine.playout import balance_sample, pattern_urgencies

FORMAT = "mango-balance-positions"


@dataclass(frozen=True)
class Position:
    """A position of a game record and its reference value: Black's chance to win by a search."""
    name: str
    size: int
    komi: float
    setup: tuple[tuple[str, str], ...]      # (colour, vertex) stones before move 1
    moves: tuple[tuple[str, str], ...]      # (colour, vertex) up to the position
    value: float                            # Black's win rate by the reference search
    playouts: int                           # the reference search's playouts

    def game(self) -> Game:
        game = Game(self.size, self.komi)
        if self.setup:
            game.set_up(black=[v for c, v in self.setup if c == "b"],
                        white=[v for c, v in self.setup if c == "w"],
                        to_move=self.moves[0][0] if self.moves else "b")
        for colour, vertex in self.moves:
            game.play(colour, vertex)
        return game

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "name": self.name, "size": self.size,
                           "komi": self.komi, "setup": self.setup, "moves": self.moves,
                           "value": round(self.value, 5), "playouts": self.playouts})


def read_positions(path) -> list[Position]:
    """The positions of a file written by `positions` (gzipped when its name ends in .gz);
    ValueError naming the line otherwise."""
    out = []
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                if data.get("format") != FORMAT:
                    raise ValueError(f"not a {FORMAT} line")
                value = float(data["value"])
                if not 0.0 <= value <= 1.0:
                    raise ValueError(f"value {value} outside 0..1")
                out.append(Position(str(data["name"]), int(data["size"]), float(data["komi"]),
                                    tuple((c, v) for c, v in data["setup"]),
                                    tuple((c, v) for c, v in data["moves"]), value,
                                    int(data["playouts"])))
            except (ValueError, KeyError, TypeError) as error:
                raise ValueError(f"{path}:{number}: {error}") from None
    return out


def sample_positions(records, per_game: int, seed: int, first_move: int = 4,
                     last_moves_skipped: int = 6):
    """(record, move count) pairs: per_game distinct move numbers of each record, drawn between
    its first_move-th move and last_moves_skipped before its end (the opening's values say
    little, and a finished game's position nothing the playouts can misjudge)."""
    rng = random.Random(seed)
    for record in records:
        numbers = range(first_move, len(record.moves) - last_moves_skipped)
        if len(numbers) <= 0:
            continue
        for count in sorted(rng.sample(numbers, min(per_game, len(numbers)))):
            yield record, count


def record_position(record, count: int, komi: float) -> Position:
    """The position after `count` moves of `record`, not yet valued."""
    vertex = Game(record.size).vertex
    colour = {1: "b", 2: "w"}
    setup = tuple((colour[c], vertex(p)) for c, p in record.setup)
    moves = tuple((colour[c], vertex(p)) for c, p in record.moves[:count])
    return Position(record.name, record.size, komi, setup, moves, 0.5, 0)


def searched_position(position: Position, config: EngineConfig, playouts: int,
                      seed: int) -> Position:
    """The position valued by a Mango search of `playouts` (Black's win rate at the root,
    whoever is to move): the paper's reference, the program analysing positions itself."""
    from mango.engine.limit import Limit
    from mango.engine.searcher import Searcher

    game = position.game()
    searcher = Searcher(config.replace(seed=seed, playouts=playouts, early_stop=False,
                                       resign=False))
    searcher.search(game, Limit(playouts))
    best = searcher.best_child()
    mover_value = best.value if best is not None else 0.5
    value = mover_value if game.to_move == "b" else 1.0 - mover_value
    return dataclasses.replace(position, value=value, playouts=playouts)


class Balancer:
    """The classes (the starting table's canonical codes, and one for every other code) and
    their log weights, with what balance_sample needs to play them."""

    def __init__(self, codes, weights, default_weight: float):
        self.codes = np.asarray(codes, dtype=np.uint32)
        self.black_classes, self.white_classes = pattern3.classes_by_player(self.codes)
        weights = np.append(np.asarray(weights, dtype=np.float64), default_weight)
        self.theta = np.log(np.clip(weights, 1.0, pattern3.MAX_VALUE))
        self.low, self.high = 0.0, math.log(pattern3.MAX_VALUE)

    @classmethod
    def from_table(cls, path=None, exponent: float = 1.0) -> "Balancer":
        """The starting weights: a table file's values (the shipped one by default) as the
        playouts weigh them under `exponent` (pattern_exponent)."""
        codes, values, default, _ = pattern3.read_table(path or pattern3.default_table_path())
        urgency = np.asarray(pattern_urgencies(exponent), dtype=np.float64)
        return cls(codes, urgency[values], float(urgency[default]))

    def weights(self) -> np.ndarray:
        """The integer weights the playouts use (1..MAX_VALUE), by class."""
        return np.clip(np.rint(np.exp(self.theta)), 1, pattern3.MAX_VALUE).astype(np.uint32)

    def pairs(self) -> np.ndarray:
        """Black's weight | White's << 16 for every absolute code."""
        w = self.weights()
        return w[self.black_classes] | (w[self.white_classes] << np.uint32(16))

    def sample(self, position: Position, board, playouts_value: int, playouts_gradient: int,
               config, seed: int, pairs=None) -> tuple[float, np.ndarray]:
        """(V, g) of one position: Black's mean result over playouts_value playouts, and the
        policy gradient of it from playouts_gradient more (V as its baseline)."""
        pairs = self.pairs() if pairs is None else pairs
        n = len(self.theta)
        unused = np.zeros(n)
        value = balance_sample(board, config, pairs, self.black_classes, self.white_classes,
                               unused, unused, playouts_value, position.komi, seed,
                               False) / max(1, playouts_value)
        if playouts_gradient == 0:
            return value, np.zeros(n)
        sum_zh, sum_h = np.zeros(n), np.zeros(n)
        balance_sample(board, config, pairs, self.black_classes, self.white_classes, sum_zh,
                       sum_h, playouts_gradient, position.komi, seed + 1, True)
        return value, (sum_zh - value * sum_h) / playouts_gradient

    def step(self, updates: np.ndarray) -> None:
        self.theta = np.clip(self.theta + updates, self.low, self.high)

    def write(self, path, **metadata) -> None:
        w = self.weights()
        pattern3.write_table(path, self.codes, w[:-1].astype(np.uint16), int(w[-1]), **metadata)


def split_by_game(positions: list[Position], every: int) -> tuple[list[Position], list[Position]]:
    """(trained, held out): the positions of every `every`-th game (by record name, in the order
    they come) held out whole, so that no held-out position has a sibling of its game in
    training. every 0: none held out."""
    games: dict[str, int] = {}
    trained, held = [], []
    for position in positions:
        number = games.setdefault(position.name, len(games))
        (held if every and number % every == 0 else trained).append(position)
    return trained, held


def error(balancer: Balancer, positions: list[Position], boards, config, playouts: int,
          seed: int) -> float:
    """Mean squared error of the playouts' mean result against the reference values."""
    pairs = balancer.pairs()
    total = 0.0
    for i, (position, board) in enumerate(zip(positions, boards)):
        value, _ = balancer.sample(position, board, playouts, 0, config, seed + 7919 * i, pairs)
        total += (position.value - value) ** 2
    return total / max(1, len(positions))


def train(balancer: Balancer, positions: list[Position], config, *, epochs: int, rate: float,
          playouts_value: int, playouts_gradient: int, batch: int, seed: int,
          held_out: list[Position] = (), judge_playouts: int = 256, log=print) -> list[dict]:
    """Balance the weights over `positions`, `batch` positions per step (the weights the same
    within a step); each epoch's mean squared error on the held-out positions, and on the first
    training ones, in the returned history."""
    boards = [p.game().board for p in positions]
    held_boards = [p.game().board for p in held_out]
    rng = random.Random(seed)
    order = list(range(len(positions)))
    history = []
    watch = order[:len(held_out) or 100]

    def judge(epoch, seconds):
        row = {"epoch": epoch, "seconds": round(seconds, 1),
               "train_error": round(error(balancer, [positions[i] for i in watch],
                                          [boards[i] for i in watch], config, judge_playouts,
                                          seed + 13), 5)}
        if held_out:
            row["held_out_error"] = round(error(balancer, list(held_out), held_boards, config,
                                                judge_playouts, seed + 17), 5)
        history.append(row)
        log(json.dumps(row))

    started = time.perf_counter()
    judge(0, 0.0)
    for epoch in range(1, epochs + 1):
        rng.shuffle(order)
        for start in range(0, len(order), batch):
            pairs = balancer.pairs()
            updates = np.zeros(len(balancer.theta))
            for i in order[start:start + batch]:
                value, gradient = balancer.sample(positions[i], boards[i], playouts_value,
                                                  playouts_gradient, config,
                                                  rng.randrange(1 << 62), pairs)
                updates += rate * (positions[i].value - value) * gradient
            balancer.step(updates)
        judge(epoch, time.perf_counter() - started)
    return history


def _positions_command(args, referee) -> int:
    from tqdm import tqdm

    if args.referee and referee is None:
        raise ValueError("--referee drives another engine: run scripts/balance_patterns.py")

    from mango.patterns.predictor import iter_records

    config = EngineConfig().for_size(args.size)
    records = []
    for record in iter_records(args.sources, None, args.size):
        records.append(record)
        if len(records) >= args.games:
            break
    picks = list(sample_positions(records, args.per_game, args.seed))
    done = 0
    with contextlib.ExitStack() as stack:
        judge = stack.enter_context(referee(args.referee)) if args.referee else None
        out = stack.enter_context(open(args.out, "a", encoding="utf-8"))
        for number, (record, count) in enumerate(tqdm(picks, unit="position")):
            if number < args.skip:
                continue
            position = record_position(record, count, args.komi)
            if judge is None:
                position = searched_position(position, config, args.playouts, args.seed + number)
            else:
                position = judge(position)
                if position is None:
                    continue
            out.write(position.to_json() + "\n")
            out.flush()
            done += 1
    print(f"{done} positions valued in {args.out}")
    return 0


def _train_command(args) -> int:
    positions = read_positions(args.positions)
    if not positions:
        raise SystemExit(f"{args.positions}: no positions")
    size = positions[0].size
    if any(p.size != size for p in positions):
        raise SystemExit(f"{args.positions}: positions of several board sizes")
    engine = EngineConfig().for_size(size)
    if args.options:
        pairs = [o.split("=", 1) for o in args.options]
        if any(len(pair) != 2 for pair in pairs):
            raise ValueError("-o takes key=value")
        engine = engine.with_strings(dict(pairs))
    config = engine.playout
    exponent = config.pattern_exponent if args.table is None else 1.0
    balancer = Balancer.from_table(args.table, exponent)
    trained, held = split_by_game(positions, args.hold_out_every)
    history = train(balancer, trained, config, epochs=args.epochs, rate=args.rate,
                    playouts_value=args.playouts_value, playouts_gradient=args.playouts_gradient,
                    batch=args.batch, seed=args.seed, held_out=held)
    balancer.write(args.out, method=np.array("simulation balancing"),
                   positions=np.array(len(trained)), epochs=np.array(args.epochs),
                   rate=np.array(args.rate), history=np.array(json.dumps(history)))
    print(f"wrote {args.out}: play it with -o pattern_table={args.out} -o pattern_exponent=1")
    return 0


def main(argv=None, referee=None) -> int:
    """The two commands. referee: for `positions --referee COMMAND`, a context manager factory
    (COMMAND -> a function valuing a Position, None where the engine did not search), which
    the laboratory provides (scripts/balance_patterns.py): this package drives no engine."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("positions", help="sample record positions and value them by search")
    p.add_argument("sources", nargs="+", help="SGF files, folders or archives")
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--komi", type=float, default=7.5)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--per-game", type=int, default=4)
    p.add_argument("--playouts", type=int, default=20000, help="the reference search's playouts")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--referee", help="value them by this GTP engine's search instead (one that "
                                     "answers pachi-result, e.g. \"/opt/pachi/pachi.sh -t =10000 "
                                     "threads=1 -d 0\")")
    p.add_argument("--skip", type=int, default=0, help="positions already looked at (to resume)")
    p.add_argument("--out", required=True, help="JSON lines, appended to")
    t = commands.add_parser("train", help="balance the pattern weights on valued positions")
    t.add_argument("positions")
    t.add_argument("--out", required=True, help="the pattern table to write (.npz)")
    t.add_argument("--table", help="the starting weights, a table read as it stands (a balanced "
                                   "one, to go on); default: the shipped table as the size's "
                                   "pattern_exponent weighs it")
    t.add_argument("--epochs", type=int, default=6)
    t.add_argument("--rate", type=float, default=8.0,
                   help="the step: rate x (V* - V) x g, summed over a batch")
    t.add_argument("--playouts-value", type=int, default=64, help="M: playouts for V")
    t.add_argument("--playouts-gradient", type=int, default=256, help="N: playouts for g")
    t.add_argument("--batch", type=int, default=200,
                   help="positions a step (the weights the same within it); a step per position "
                        "or per eight was the gradient's noise, 1,500 9x9 positions")
    t.add_argument("--hold-out-every", type=int, default=10,
                   help="hold out every n-th game's positions (0: none)")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("-o", dest="options", action="append", default=[],
                   help="a playout setting for the balanced playouts (key=value)")
    args = parser.parse_args(argv)
    try:
        if args.command == "positions":
            return _positions_command(args, referee)
        return _train_command(args)
    except (ValueError, OSError) as error:      # a bad option, an unreadable file: no traceback
        parser.error(str(error))
