"""How well an estimate of who owns the board reads the dragons whose fate is settled: GNU Go's owl
verdicts as the reference for Mango's playouts, Mango's search and Pachi's playouts.

ownership_diff compares Mango with Pachi, and an estimate less sure than Pachi's leans, in a lost
game, toward the side whose groups are dying: it cannot tell noise from bias, nor say which engine
is right. Here the reference is GNU Go's `dragon_status` before each of Mango's moves in a range
of a stored game: a dragon it calls alive or dead is so whoever moves first (its owl reading;
critical ones, which the side to move decides, and unknown ones are left out). Each estimate's
chance that such a dragon lives (the mean owner of its stones, as ownership_diff reads it) is
scored by the Brier score (mean squared error against 1 alive, 0 dead: lower is better) and by
the dragons it puts on the wrong side of one half. The owl verdicts are GNU Go's reading, not proof;
what they measure is the playouts' grasp of settled shapes, which is what a playout change must
not lose and ought to gain:

    python scripts/owl_accuracy.py docs/results/time1s-pachi9.jsonl --games 3 5 7 --moves 14 44 --flat
    python scripts/owl_accuracy.py ... --flat -o defend_two_liberties=true
    python scripts/owl_accuracy.py ... --pachi           # Pachi's own playouts, the same positions
    python scripts/owl_accuracy.py ... --flat --worst 20  # and the 20 dragons read worst

GNU Go's answers (and Pachi's, with --pachi) are kept in --cache, so that runs of several
settings read the same references.
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from mango.lab.client import GtpClient, find_gnugo, gnugo_command, split_command
from mango.lab.ownership_diff import RefereeCache, flat_ownership, mango_ownership, quantized, referee_ownership
from mango.lab.referee_drop import PACHI, game_moves, position
from mango.lab.store import chosen_games, read_records

SETTLED = ("alive", "dead")


@dataclass(frozen=True)
class Dragon:
    """One of GNU Go's dragons whose fate does not depend on who moves first."""
    colour: str                 # "b" or "w"
    stones: tuple[str, ...]     # GTP vertices, upper case
    alive: bool


def parse_statuses(text: str) -> list[tuple[str, str]]:
    """(a vertex of the dragon, its status) for each line of GNU Go's `dragon_status` answer
    (`E7: alive`, `H8: critical J6 J9`)."""
    statuses = []
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if rest.split():
            statuses.append((name.strip().upper(), rest.split()[0]))
    return statuses


def settled_dragons(gnugo: GtpClient, moves: list[tuple[str, str]]) -> list[Dragon]:
    """GNU Go's alive and dead dragons of the position after moves (on the board size already set)."""
    gnugo.send("clear_board")
    for who, vertex in moves:
        gnugo.send(f"play {who} {vertex}")
    dragons = []
    for name, status in parse_statuses(gnugo.send("dragon_status")):
        if status not in SETTLED:
            continue
        colour = "b" if gnugo.send(f"color {name}").strip().lower() == "black" else "w"
        stones = tuple(sorted(gnugo.send(f"dragon_stones {name}").upper().split()))
        dragons.append(Dragon(colour, stones, status == "alive"))
    return dragons


@dataclass
class Accuracy:
    """The Brier score and the wrong calls over the settled dragons seen; the score also apart for
    the side to move's dragons and the other side's (a settled dragon's fate does not depend on
    who moves first, so an estimate that reads one side's better than the other's leans)."""
    positions: int = 0
    dragons: int = 0
    wrong: int = 0
    squared: float = 0.0
    by_fate: dict[str, list[int]] = field(default_factory=lambda: {"alive": [0, 0], "dead": [0, 0]})
    by_side: dict[bool, list[float]] = field(default_factory=lambda: {True: [0, 0.0], False: [0, 0.0]})
    # (squared error, where, dragon, chance to live) of every dragon scored with a place named
    scored: list[tuple[float, str, Dragon, float]] = field(default_factory=list)

    def add(self, dragons: list[Dragon], owners: dict[str, float], to_move: str | None = None,
            where: str | None = None) -> None:
        self.positions += 1
        for dragon in dragons:
            owner = sum(owners[stone] for stone in dragon.stones) / len(dragon.stones)
            lives = (1 + owner) / 2 if dragon.colour == "b" else (1 - owner) / 2
            miss = (lives > 0.5) != dragon.alive
            self.dragons += 1
            self.wrong += miss
            self.squared += (lives - dragon.alive) ** 2
            tally = self.by_fate["alive" if dragon.alive else "dead"]
            tally[0] += 1
            tally[1] += miss
            side = self.by_side[dragon.colour == to_move]
            side[0] += 1
            side[1] += (lives - dragon.alive) ** 2
            if where is not None:
                self.scored.append(((lives - dragon.alive) ** 2, where, dragon, lives))

    def worst(self, n: int) -> list[str]:
        """The n dragons read worst, one line each: where the screen's score is lost, to look at
        on the board (which shapes the playouts misread)."""
        lines = []
        for squared, where, dragon, lives in sorted(self.scored, key=lambda t: -t[0])[:n]:
            colour = "Black" if dragon.colour == "b" else "White"
            lines.append(f"{where}: {colour} {' '.join(dragon.stones)} "
                         f"({'alive' if dragon.alive else 'dead'} for owl) lives {lives:.2f}")
        return lines

    @property
    def brier(self) -> float:
        return self.squared / self.dragons if self.dragons else float("nan")

    def side_brier(self, to_move: bool) -> float:
        n, squared = self.by_side[to_move]
        return squared / n if n else float("nan")

    def line(self) -> str:
        alive, dead = self.by_fate["alive"], self.by_fate["dead"]
        return (f"{self.dragons} settled dragons in {self.positions} positions: Brier {self.brier:.4f} "
                f"(the side to move's {self.by_side[True][0]}: {self.side_brier(True):.4f}, the other's "
                f"{self.by_side[False][0]}: {self.side_brier(False):.4f}), {self.wrong} on the wrong side "
                f"of one half ({alive[1]} of {alive[0]} alive ones, {dead[1]} of {dead[0]} dead ones)")


def pachi_playouts(pachi: GtpClient, moves: list[tuple[str, str]], colour: str, size: int) -> dict[str, float]:
    """Pachi's own playouts from the position, colour first (its gogui-influence, seven levels)."""
    pachi.send(f"boardsize {size}")
    return referee_ownership(pachi, moves, colour, size, "gogui-influence", after_move=False)


def accuracy(gnugo: GtpClient, records, first: int, last: int, estimate, cache: RefereeCache) -> Accuracy:
    """The Accuracy of estimate(record, moves, colour, move index) before each of Mango's moves
    numbered first .. last in the records."""
    result = Accuracy()
    for record in records:
        gnugo.send(f"boardsize {record.size}")
        moves = game_moves(record.sgf)
        for k in range(max(first, 1) - 1, min(last, len(moves))):
            colour, _ = moves[k]
            if colour != record.a_colour:
                continue
            known = cache.estimate(f"{record.match}:{record.game}:{k}:gnugo-dragons",
                                   lambda: [[d.colour, list(d.stones), d.alive]
                                            for d in settled_dragons(gnugo, moves[:k])])
            dragons = [Dragon(c, tuple(stones), alive) for c, stones, alive in known]
            if dragons:
                side = "Black" if colour == "b" else "White"
                where = f"game {record.game} before move {k + 1} ({side} to move)"
                result.add(dragons, estimate(record, moves[:k], colour, k), colour, where)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("store")
    parser.add_argument("--games", type=int, nargs="*", default=None,
                        help="game indices (default: every game Mango lost)")
    parser.add_argument("--moves", type=int, nargs=2, default=(14, 44), metavar=("FIRST", "LAST"))
    parser.add_argument("--mango-playouts", type=int, default=4000)
    parser.add_argument("--flat", action="store_true", help="Mango's playouts alone, the side to move first")
    parser.add_argument("--quantize", action="store_true",
                        help="read Mango's estimate in the seven levels of Pachi's gogui-influence")
    parser.add_argument("--pachi", nargs="?", const=PACHI, default=None, metavar="COMMAND",
                        help="score Pachi's playouts (its gogui-influence) instead of Mango")
    parser.add_argument("--gnugo", default=None, help="GNU Go's command line (default: level 10, seed 1)")
    parser.add_argument("--cache", default=None, metavar="FILE",
                        help="keep GNU Go's (and Pachi's) answers in this JSON file and read them from it")
    parser.add_argument("-o", "--mango-option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--worst", type=int, default=0, metavar="N",
                        help="also list the N dragons read worst (where, stones, owl's verdict, "
                             "the chance to live)")
    args = parser.parse_args()
    if any("=" not in option for option in args.mango_option):
        parser.error("-o wants KEY=VALUE")
    from mango.engine.config import EngineConfig

    config = EngineConfig().with_strings(dict(option.split("=", 1) for option in args.mango_option))
    config = config.replace(playouts=args.mango_playouts)
    records = chosen_games(read_records(args.store), args.games)
    if args.gnugo is None and find_gnugo() is None:
        parser.error("GNU Go is not installed (apt-get install gnugo), and no --gnugo was given")
    gnugo = GtpClient(split_command(args.gnugo) if args.gnugo else gnugo_command(find_gnugo(), 10, seed=1),
                      "GNU Go")
    pachi = GtpClient(split_command(args.pachi), "Pachi") if args.pachi else None
    cache = RefereeCache(args.cache)

    def estimate(record, moves, colour, k):
        if pachi is not None:
            return cache.estimate(f"{record.match}:{record.game}:{k}:gogui-influence:before-move",
                                  lambda: pachi_playouts(pachi, moves, colour, record.size))
        game = position(record.size, record.komi, moves)
        owners = (flat_ownership if args.flat else mango_ownership)(game, config.replace(seed=k))
        return {v: quantized(o) for v, o in owners.items()} if args.quantize else owners

    try:
        result = accuracy(gnugo, records, args.moves[0], args.moves[1], estimate, cache)
        print(result.line())
        for line in result.worst(args.worst):
            print(line)
    finally:
        gnugo.close()
        if pachi is not None:
            pachi.close()
    return 0
