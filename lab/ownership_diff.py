"""Which groups Mango judges otherwise than Pachi: the expected owner of each group's stones, side by side.

The referee tool (referee_drop) finds the moves where Mango's win rate strays from Pachi's; this
one says which fight the two read differently. For each of Mango's moves in a range of a stored
game, Mango (in process, the defaults at --mango-playouts, a seed per move) and the referee each
estimate who owns every point at the end (-1 White .. +1 Black). Pachi's `gogui-influence` is not
its search's estimate: it plays 2,000 fresh playouts of its own policy (moggy) from the board as
it stands and reports each point in seven levels (0, +-0.4, +-0.7, +-1; Pachi's gogui.c). By
default the referee first plays its genmove (5,000 playouts), so its playouts start from the
position after its chosen move, the opponent first; with --referee-before-move it answers for the
position itself, the same side first as Mango's --flat playouts: the two playout policies side by
side, nothing else (and --quantize reads Mango's estimate in the same seven levels). Averaged
over each group's stones, the two estimates give the group's chance to live in each engine's
eyes; the groups where they differ by --min-gap or more are listed, the largest gap first. A
group Mango keeps alive that Pachi kills (or the reverse), move after move, is a fight the two
read apart (which is right, lab/owl_accuracy.py asks GNU Go's owl):

    python scripts/ownership_diff.py docs/results/uol-pachi9-1s.jsonl --games 5 --moves 20 40

With --flat, Mango's estimate is that of its playouts alone (the side to move first in each, no
tree), which tells a lean of the playouts from one of the search. Any referee that answers
`gogui-influence` as Pachi does (`INFLUENCE A1 0.4 B1 -1.0 ...`, Black
positive) will do; `--referee-ownership mango-ownership` reads Mango's own board of owners
instead (another Mango as referee, which checks the tool itself).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass

from mango.lab.client import GtpClient, split_command
from mango.lab.referee_drop import PACHI, game_moves, position
from mango.lab.store import chosen_games, read_records

LETTERS = "ABCDEFGHJKLMNOPQRST"


@dataclass(frozen=True)
class GroupView:
    """One group of stones as the two engines see it: the mean expected owner of its stones."""
    colour: str                 # "b" or "w"
    stones: tuple[str, ...]     # GTP vertices, the first the group's lowest-left stone
    mango: float                # -1 (White owns it all) .. +1 (Black does)
    referee: float

    @property
    def gap(self) -> float:
        return abs(self.mango - self.referee)

    def alive(self, owner: float) -> float:
        """The group's chance to live read from an owner estimate: its colour's share."""
        return (1 + owner) / 2 if self.colour == "b" else (1 - owner) / 2

    def line(self) -> str:
        name = "Black" if self.colour == "b" else "White"
        shown = " ".join(self.stones[:6]) + (" ..." if len(self.stones) > 6 else "")
        return (f"{name} {shown} ({len(self.stones)} stones): alive {self.alive(self.mango):.2f} "
                f"for Mango, {self.alive(self.referee):.2f} for the referee")


def parse_influence(text: str, size: int) -> dict[str, float]:
    """Pachi's `gogui-influence` answer (`INFLUENCE A1 1.0 B1 0.7 ...`, then a TEXT line) as
    {vertex: -1 .. +1, Black positive}."""
    words = text.split()
    if "INFLUENCE" not in words:
        raise ValueError(f"not an influence answer: {text[:60]!r}")
    out = {}
    i = words.index("INFLUENCE") + 1
    while i + 1 < len(words) and words[i] != "TEXT":
        out[words[i].upper()] = float(words[i + 1])
        i += 2
    if len(out) != size * size:
        raise ValueError(f"the influence answer has {len(out)} points, not {size * size}")
    return out


def parse_board_owners(text: str, size: int) -> dict[str, float]:
    """A board of expected owners in rows from the top (Mango's `mango-ownership`, GoGui's dboard:
    -1 .. +1, Black positive) as {vertex: owner}."""
    rows = [line.split() for line in text.strip().splitlines()]
    if len(rows) != size or any(len(row) != size for row in rows):
        raise ValueError("not a board of owners")
    return {f"{LETTERS[x]}{size - y}": float(rows[y][x]) for y in range(size) for x in range(size)}


def referee_ownership(referee: GtpClient, moves: list[tuple[str, str]], colour: str, size: int,
                      command: str, after_move: bool = True) -> dict[str, float]:
    """The referee's owner estimate once it has played its move for colour (its genmove), or,
    not after_move, of the position itself with colour to move."""
    referee.send("clear_board")
    for who, vertex in moves:
        referee.send(f"play {who} {vertex}")
    if after_move:
        referee.send(f"genmove {colour}")
    answer = referee.send(command)
    if command == "gogui-influence":
        return parse_influence(answer, size)
    return parse_board_owners(answer, size)


def mango_ownership(game, config) -> dict[str, float]:
    """Mango's owner estimate from its search of the game's position (config: the settings, the
    seed and the playouts of the search; the searcher fits them to the game's board size)."""
    from mango.engine.searcher import Searcher

    searcher = Searcher(config.replace(resign=False, early_stop=False))
    searcher.search(game)
    owner = searcher.ownership() or {}
    return {game.vertex(point).upper(): value for point, value in owner.items()}


def flat_ownership(game, config) -> dict[str, float]:
    """Mango's owner estimate from its playouts alone (no tree; config.search.playouts of them),
    the side to move first in every one: whether a lean is the playouts' or the search's. No
    searcher fits the settings here, so the board size's defaults are taken as it would."""
    from mango.engine.playout import run_ownership

    config = config.for_size(game.size)
    playouts = config.search.playouts
    black, white = run_ownership(game.board, playouts, config.seed, config=config.playout,
                                 both_first=False)
    return {vertex: (black[game.point(vertex)] - white[game.point(vertex)]) / playouts
            for vertex in (f"{LETTERS[x]}{y}" for x in range(game.size) for y in range(1, game.size + 1))}


INFLUENCE_LEVELS = ((-0.8, -1.0), (-0.5, -0.7), (-0.2, -0.4), (0.2, 0.0), (0.5, 0.4), (0.8, 0.7))


def quantized(owner: float) -> float:
    """An owner estimate in the seven levels Pachi's gogui-influence reports (its gogui.c), so that
    Mango's estimate and Pachi's are read alike."""
    for below, level in INFLUENCE_LEVELS:
        if owner < below:
            return level
    return 1.0


def group_views(game, mango: dict[str, float], referee: dict[str, float]) -> list[GroupView]:
    """Every group of the game's position with both engines' mean owner of its stones."""
    seen: set[int] = set()
    views = []
    for colour in ("b", "w"):
        for vertex in game.stones(colour):
            point = game.point(vertex)
            if point in seen:
                continue
            chain = sorted(game.board.group_stones(point))
            seen.update(chain)
            stones = tuple(game.vertex(p).upper() for p in chain)
            views.append(GroupView(colour, stones,
                                   sum(mango[s] for s in stones) / len(stones),
                                   sum(referee[s] for s in stones) / len(stones)))
    return views


class RefereeCache:
    """The referee's estimates kept in a JSON file across runs, so that runs of several Mango
    settings read the same referee answers (Pachi's are not reproducible, even seeded: its search,
    and its threads' shares of the playouts; without the cache each run's referee noise would be
    part of the difference between settings)."""

    def __init__(self, path: str | None):
        self.path = path
        self.known: dict[str, dict] = {}
        if path and os.path.exists(path):
            with open(path) as handle:
                self.known = json.load(handle)

    def estimate(self, key: str, compute) -> dict:
        if key not in self.known:
            self.known[key] = compute()
            if self.path:
                with open(self.path + ".tmp", "w") as handle:
                    json.dump(self.known, handle)
                os.replace(self.path + ".tmp", self.path)
        return self.known[key]


def disagreements(referee: GtpClient, record, first: int, last: int, config, min_gap: float,
                  command: str, flat: bool = False, cache: RefereeCache | None = None,
                  referee_after_move: bool = True, quantize: bool = False):
    """(move number, Mango's colour, the groups judged min_gap or more apart, largest gap first)
    before each of Mango's moves numbered first .. last; Mango's estimate with config (its
    playouts, and the move's index as its seed)."""
    moves = game_moves(record.sgf)
    cache = cache or RefereeCache(None)
    estimate = flat_ownership if flat else mango_ownership
    when = "" if referee_after_move else ":before-move"
    for k in range(max(first, 1) - 1, min(last, len(moves))):
        colour, _ = moves[k]
        if colour != record.a_colour:
            continue
        theirs = cache.estimate(f"{record.match}:{record.game}:{k}:{command}{when}",
                                lambda: referee_ownership(referee, moves[:k], colour, record.size, command,
                                                          referee_after_move))
        game = position(record.size, record.komi, moves[:k])
        mine = estimate(game, config.replace(seed=k))
        if quantize:
            mine = {vertex: quantized(owner) for vertex, owner in mine.items()}
        views = [v for v in group_views(game, mine, theirs) if v.gap >= min_gap]
        yield k + 1, colour, sorted(views, key=lambda v: -v.gap)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("store")
    parser.add_argument("--games", type=int, nargs="*", default=None,
                        help="game indices (default: every game Mango lost)")
    parser.add_argument("--moves", type=int, nargs=2, default=(20, 40), metavar=("FIRST", "LAST"),
                        help="the move numbers to look before (Mango's moves among them)")
    parser.add_argument("--referee", default=PACHI, help="the referee's command line")
    parser.add_argument("--referee-ownership", default="gogui-influence",
                        choices=("gogui-influence", "mango-ownership"))
    parser.add_argument("--mango-playouts", type=int, default=10000)
    parser.add_argument("--referee-cache", default=None, metavar="FILE",
                        help="keep the referee's estimates in this JSON file and read them from it "
                             "(runs of several settings then share one referee's answers)")
    parser.add_argument("--flat", action="store_true",
                        help="Mango's estimate from --mango-playouts of its playouts alone, no tree")
    parser.add_argument("--referee-before-move", action="store_true",
                        help="the referee's estimate of the position itself, the same side to move "
                             "(no genmove first); with --flat, the two playout policies side by side")
    parser.add_argument("--quantize", action="store_true",
                        help="read Mango's estimate in the seven levels of Pachi's gogui-influence")
    parser.add_argument("-o", "--mango-option", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting of Mango's search, as `mango -o` takes it (repeatable)")
    parser.add_argument("--min-gap", type=float, default=0.5,
                        help="the smallest difference of mean owners (-1 .. 1) to list")
    args = parser.parse_args()
    if any("=" not in option for option in args.mango_option):
        parser.error("-o wants KEY=VALUE")
    from mango.engine.config import EngineConfig

    # a bad option fails here, before the referee starts
    config = EngineConfig().with_strings(dict(option.split("=", 1) for option in args.mango_option))
    config = config.replace(playouts=args.mango_playouts)
    records = read_records(args.store)
    chosen = chosen_games(records, args.games)
    referee = GtpClient(split_command(args.referee), "referee")
    tally = Tally()
    cache = RefereeCache(args.referee_cache)
    try:
        for record in chosen:
            referee.send(f"boardsize {record.size}")
            referee.send(f"komi {record.komi}")
            print(record.heading())
            for number, colour, views in disagreements(referee, record, args.moves[0], args.moves[1],
                                                       config, args.min_gap, args.referee_ownership,
                                                       args.flat, cache, not args.referee_before_move,
                                                       args.quantize):
                print(f"  before move {number} (Mango {colour}): {len(views)} groups apart")
                for view in views:
                    print(f"    {view.line()}")
                tally.add(colour, views)
            sys.stdout.flush()
    finally:
        referee.close()
    print(tally.line())
    return 0


@dataclass
class Tally:
    """Which way the judgements lean: Mango more hopeful for its own side than the referee (its
    groups more alive, the opponent's less) or less, over every group listed. Counted by groups
    and weighted by stones: a stone of a group is the unit a fight wins or loses. Before Mango's
    move its side is the side to move, so with --flat --referee-before-move the lean is that of
    the playouts toward whoever moves first (the 13x13 screen of the ledger, 2026-11-27); but in
    a lost game's positions an estimate merely less sure than the referee's leans the same way,
    so the owl screen (lab/owl_accuracy.py) judges which estimate is right."""
    positions: int = 0
    own_hopeful: int = 0
    own_doubtful: int = 0
    their_hopeful: int = 0
    their_doubtful: int = 0
    own_stones: int = 0
    their_stones: int = 0
    own_gap: float = 0.0        # over Mango's stones: its chance to live minus the referee's
    their_gap: float = 0.0      # the same over the opponent's stones (negative: more dead)
    stone_gap: float = 0.0      # stones times the absolute gap, whichever way

    def add(self, mango_colour: str, views: list[GroupView]) -> None:
        self.positions += 1
        for view in views:
            mine = view.colour == mango_colour
            difference = (view.alive(view.mango) - view.alive(view.referee)) * len(view.stones)
            hopeful = (difference > 0) == mine
            self.stone_gap += abs(difference)
            if mine:
                self.own_hopeful += hopeful
                self.own_doubtful += not hopeful
                self.own_stones += len(view.stones)
                self.own_gap += difference
            else:
                self.their_hopeful += hopeful
                self.their_doubtful += not hopeful
                self.their_stones += len(view.stones)
                self.their_gap += difference

    @property
    def lean(self) -> float:
        """Stones a position that Mango's estimate moves toward its own side: its stones' extra
        life plus the opponent's extra death."""
        return (self.own_gap - self.their_gap) / self.positions if self.positions else 0.0

    def line(self) -> str:
        hopeful = self.own_hopeful + self.their_hopeful
        total = hopeful + self.own_doubtful + self.their_doubtful
        per_own = self.own_gap / self.own_stones if self.own_stones else 0.0
        per_their = self.their_gap / self.their_stones if self.their_stones else 0.0
        return (f"{total} groups apart in {self.positions} positions; Mango more hopeful for its side "
                f"in {hopeful} ({self.own_hopeful} of its {self.own_hopeful + self.own_doubtful} "
                f"groups more alive, {self.their_hopeful} of the opponent's "
                f"{self.their_hopeful + self.their_doubtful} more dead)\n"
                f"by stones: its {self.own_stones} {per_own:+.3f} alive, the opponent's "
                f"{self.their_stones} {per_their:+.3f}; lean {self.lean:.2f} stones a position toward "
                f"Mango's side; stones x gap {self.stone_gap:.1f}")


if __name__ == "__main__":
    sys.exit(main())
