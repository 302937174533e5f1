#!/usr/bin/env python3
"""Make the balanced opening sets shipped in lab/data/ (openings-9x9.txt, openings-13x13.txt,
openings-19x19.txt).

Candidates: openings of 2 to 4 moves on a short list of sensible points (lines 3 to 5 on 9x9; the
3-3, 3-4, 4-4 points, the sides' 4th line and tengen on 13x13), one per symmetry class, a random
sample of them. Each is evaluated by a Mango search from its position (Black's win rate at komi
7.5); those near even are searched again with another seed, and an opening is kept when the mean of
the two is within --tolerance of 50%. One core: the shipped sets took 6 and 10 minutes on the
project's shared 2-core machine (5 to 8 other busy processes):

    python scripts/make_openings.py --size 9 --candidates 120 --playouts 20000
    python scripts/make_openings.py --size 13 --candidates 70 --playouts 10000

On 19x19 a Mango search cannot tell one four-move corner opening from another (every one evaluates
near even), so the 19x19 set comes from professional games instead (--from-games): the most frequent
first moves of modern even games, one per symmetry class, kept when Black won near half of the games
that began with them:

    python scripts/make_openings.py --size 19 --from-games ../shared/data/pro19.tar.gz --since 1990 --min-games 100 --tolerance 0.06
"""
from __future__ import annotations

import argparse
import itertools
import random
import sys
import time

from mango.engine.config import EngineConfig
from mango.engine.player import Player
from mango.engine.vertex import format_vertex
from mango.lab.opening import shipped_path

POINT_LINES = {9: (3, 4, 5, 6, 7), 13: (3, 4, 7, 10, 11), 19: (3, 4, 10, 16, 17)}


def symmetries(size: int):
    n = size + 1
    yield from (
        lambda x, y: (x, y), lambda x, y: (n - x, y), lambda x, y: (x, n - y),
        lambda x, y: (n - x, n - y), lambda x, y: (y, x), lambda x, y: (n - y, x),
        lambda x, y: (y, n - x), lambda x, y: (n - y, n - x))


def canonical(moves, size):
    return min(tuple(f(x, y) for x, y in moves) for f in symmetries(size))


def candidates(size: int, count: int, rng: random.Random) -> list[tuple]:
    lines = POINT_LINES[size]
    points = [(x, y) for x in lines for y in lines]
    seen, out = set(), []
    pools = {length: list(itertools.permutations(points, length)) if length < 4 else None
             for length in (2, 3, 4)}
    attempts = 0
    while len(out) < count and attempts < 100 * count:
        attempts += 1
        length = rng.choice((2, 3, 3, 4))
        moves = rng.choice(pools[length]) if pools[length] else tuple(rng.sample(points, 4))
        key = canonical(moves, size)
        if key in seen:
            continue
        seen.add(key)
        out.append(key)
    return out


def black_win_rate(moves, size, komi, playouts, seed) -> float:
    config = EngineConfig(seed=seed).replace(playouts=playouts, early_stop=False, resign=False)
    player = Player(config, size, komi)
    colours = ("b", "w")
    for i, (x, y) in enumerate(moves):
        player.play(colours[i % 2], format_vertex((x - 1, y - 1)))
    to_move = player.game.to_move
    result = player.genmove(to_move, commit=False)
    return result.value if to_move == "b" else 1.0 - result.value


def openings_from_games(sources, size: int, length: int, since: int, min_games: int):
    """{canonical opening: [games, Black's wins]} over the even games of `size` since `since`
    whose first `length` moves are played (no pass, no set-up stones) and whose result is known."""
    from sgfmill import sgf
    from mango.patterns.learn import iter_sources
    counts: dict[tuple, list[int]] = {}
    for _, data in iter_sources(sources):
        try:
            game = sgf.Sgf_game.from_bytes(data)
            root = game.get_root()
            if game.get_size() != size or root.has_property("AB") or root.has_property("HA") \
                    and int(root.get("HA") or 0) > 1:
                continue
            if int(str(root.get("DT"))[:4]) < since:
                continue
            winner = str(root.get("RE"))[:1].upper()
            moves = [node.get_move() for node in game.get_main_sequence()[1:length + 1]]
        except (ValueError, KeyError, IndexError):
            continue
        if winner not in "BW" or len(moves) < length or any(
                c != "bw"[i % 2] or m is None for i, (c, m) in enumerate(moves)):
            continue
        key = canonical([(col + 1, row + 1) for _, (row, col) in moves], size)
        entry = counts.setdefault(key, [0, 0])
        entry[0] += 1
        entry[1] += winner == "B"
    return {key: value for key, value in counts.items() if value[0] >= min_games}


def write_from_games(args) -> int:
    counts = openings_from_games(args.from_games, args.size, args.length, args.since, args.min_games)
    kept = sorted(((key, games, wins) for key, (games, wins) in counts.items()
                   if abs(wins / games - 0.5) <= args.tolerance), key=lambda item: -item[1])
    header = (f"Balanced {args.size}x{args.size} openings made by scripts/make_openings.py --size "
              f"{args.size} --from-games ... --since {args.since} --length {args.length} "
              f"--min-games {args.min_games} --tolerance {args.tolerance:g}\n"
              f"The first {args.length} moves of professional even games since {args.since}, one "
              f"per symmetry class, played in at least {args.min_games} games; {len(kept)} of "
              f"{len(counts)} kept, Black's win rate within {args.tolerance:g} of 50%.\n"
              f"After each: games, Black's wins (at the games' own komi, mostly 5.5 and 6.5).")
    rows = [(" ".join(format_vertex((x - 1, y - 1)) for x, y in key), f"{games} {wins}")
            for key, games, wins in kept]
    out = write_openings(args.out or shipped_path(args.size), header, rows)
    print(f"kept {len(kept)} of {len(counts)}: {out}", file=sys.stderr)
    return 0


def write_openings(out, header: str, rows) -> str:
    """The openings file: each header line as a comment, then one opening a line with its note."""
    with open(out, "w") as handle:
        handle.write("".join(f"# {line}\n" for line in header.split("\n")))
        handle.write("".join(f"{text:16s} # {note}\n" for text, note in rows))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, choices=sorted(POINT_LINES), default=9)
    parser.add_argument("--from-games", nargs="+", default=None, metavar="SOURCE",
                        help="take openings from these game records instead of Mango's searches")
    parser.add_argument("--since", type=int, default=1990, help="with --from-games: first year")
    parser.add_argument("--length", type=int, default=4, help="with --from-games: moves per opening")
    parser.add_argument("--min-games", type=int, default=40, help="with --from-games: fewest games")
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--candidates", type=int, default=120)
    parser.add_argument("--playouts", type=int, default=20_000)
    parser.add_argument("--tolerance", type=float, default=0.06)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None, help="default: the shipped file")
    args = parser.parse_args()
    if args.from_games:
        return write_from_games(args)
    rng = random.Random(args.seed)
    start = time.time()
    kept = []
    pool = candidates(args.size, args.candidates, rng)
    for number, moves in enumerate(pool, 1):
        first = black_win_rate(moves, args.size, args.komi, args.playouts, args.seed)
        text = " ".join(format_vertex((x - 1, y - 1)) for x, y in moves)
        if abs(first - 0.5) > args.tolerance + 0.04:
            print(f"{number:3d} {text:16s} {first:.3f}", file=sys.stderr)
            continue
        second = black_win_rate(moves, args.size, args.komi, args.playouts, args.seed + 1000)
        mean = (first + second) / 2
        keep = abs(mean - 0.5) <= args.tolerance
        print(f"{number:3d} {text:16s} {first:.3f} {second:.3f} {'kept' if keep else ''}",
              file=sys.stderr)
        if keep:
            kept.append((text, first, second))
    header = (f"Balanced {args.size}x{args.size} openings (komi {args.komi:g}) made by "
              f"scripts/make_openings.py --size {args.size} --candidates {args.candidates} "
              f"--playouts {args.playouts} --tolerance {args.tolerance:g} --seed {args.seed}\n"
              f"{len(kept)} of {len(pool)} candidates kept; after each: Black's win rate in "
              f"two Mango searches of {args.playouts} playouts (seeds {args.seed}, "
              f"{args.seed + 1000}).")
    out = write_openings(args.out or shipped_path(args.size), header,
                         [(text, f"{first:.3f} {second:.3f}") for text, first, second in kept])
    print(f"kept {len(kept)} of {len(pool)} in {time.time() - start:.0f} s: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
