#!/usr/bin/env python3
"""Make tactical suite tests from Mango's games: the life-and-death moments it got wrong.

For every move of Mango's in the chosen stored games (default: the lost ones), GNU Go (level 10)
lists the dragons of the position before it. A dragon of at least --min-stones stones is
critical when GNU Go's owl reading both kills it with the attacker to move and saves it with the
defender to move, without ko. If it is Mango's and Mango's move did not save it, or the
opponent's and Mango's move did not kill it, the position becomes a test whose expected answers
are every move that owl says saves (or kills) the dragon; positions with more than --max-answers
such moves are not sharp enough to be tests and are skipped, and so are those where GNU Go
itself would play something else. Each dragon gives one test per game (the first moment it
went wrong). Last, Mango runs the file (`mango suite`) and the tests it fails are marked `*`.

The expectations are GNU Go's owl reading, not proof: look at each position before shipping it
(the comment above each test says what was found). The .tst loads the stored game's SGF at the
move (`loadsgf FILE N`), so the game files are written beside it.

    python scripts/suite_from_games.py docs/results/defaults-gnugo9.jsonl \\
        docs/results/defaults-gnugo13.jsonl docs/results/tactics-pachi9.jsonl \\
        --out lab/data/suite/games.tst --first-number 101
"""
from __future__ import annotations

import argparse
import os
import sys

from sgfmill import sgf

from mango.engine.record import sgf_vertex
from mango.lab.client import GtpClient
from mango.lab.owl_accuracy import parse_statuses
from mango.lab.review import start_gnugo
from mango.lab.store import read_records
from mango.lab.suite import write_suite

COLOURS = {"b": "black", "w": "white"}


def vertex(move) -> str:
    """An sgfmill move as GNU Go names it (upper case)."""
    return sgf_vertex(move).upper()


def owl_code(answer: str) -> int:
    """GNU Go's result code (0 fails, 1 succeeds unconditionally, 2 and 3 by ko)."""
    return int(answer.split()[0]) if answer else 0


def critical_dragons(gnugo: GtpClient, min_stones: int) -> list[tuple[str, frozenset[str]]]:
    """Dragons of at least min_stones stones that the side to move decides, without ko."""
    found = []
    for name, status in parse_statuses(gnugo.send("dragon_status")):
        if status != "critical":
            continue
        stones = frozenset(gnugo.send(f"dragon_stones {name}").split())
        if len(stones) < min_stones:
            continue
        if owl_code(gnugo.send(f"owl_attack {name}")) == 1 and owl_code(gnugo.send(f"owl_defend {name}")) == 1:
            found.append((name, stones))
    return found


def empty_points(board_size: int, occupied: set[str]) -> list[str]:
    return [vertex((row, col)) for row in range(board_size) for col in range(board_size)
            if vertex((row, col)) not in occupied]


def tests_of_game(gnugo: GtpClient, path: str, record: dict, min_stones: int, max_answers: int):
    """(move number, Mango's colour, Mango's move, [(dragon, its size, save or kill)], answers).

    When Mango's move went wrong for several dragons at once, the test expects a move that
    settles all of them (owl's answers for each, intersected); a position with no such move is
    skipped, as choosing which dragon matters more is a judgement owl does not make. So is a
    position where GNU Go's own choice of move is not among the answers: something else may
    matter more there than the dragon."""
    game = sgf.Sgf_game.from_bytes(open(path, "rb").read())
    size = game.get_size()
    moves = [node.get_move() for node in game.get_main_sequence()[1:]]
    mango = record.a_colour
    seen: set[str] = set()
    found = []
    for number, (who, move) in enumerate(moves, 1):
        if who != mango or move is None:
            continue
        gnugo.send(f"loadsgf {path} {number}")
        played = vertex(move)
        dragons = [(name, stones) for name, stones in critical_dragons(gnugo, min_stones) if not stones & seen]
        if not dragons:
            continue
        stones_of = {colour: set(gnugo.send(f"list_stones {colour}").split()) for colour in ("black", "white")}
        empty = empty_points(size, stones_of["black"] | stones_of["white"])
        wrong, answers = [], None
        for name, stones in dragons:
            own = name in stones_of[COLOURS[mango]]
            check = "owl_does_defend" if own else "owl_does_attack"
            if owl_code(gnugo.send(f"{check} {played} {name}")) == 1:
                continue                                       # Mango got it right
            seen |= stones
            settle = [point for point in empty if owl_code(gnugo.send(f"{check} {point} {name}")) == 1]
            if settle and len(settle) <= max_answers:
                wrong.append((name, len(stones), "save" if own else "kill"))
                answers = settle if answers is None else [point for point in answers if point in settle]
        if wrong and answers and gnugo.send(f"reg_genmove {COLOURS[mango]}").upper() in answers:
            found.append((number, mango, played, wrong, answers))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("stores", nargs="+")
    parser.add_argument("--games", type=int, nargs="*", default=None, help="game indices (default: lost ones)")
    parser.add_argument("--out", required=True, help="the .tst file to write; game SGFs go to games/ beside it")
    parser.add_argument("--first-number", type=int, default=1, help="number of the first test")
    parser.add_argument("--min-stones", type=int, default=3)
    parser.add_argument("--max-answers", type=int, default=4)
    parser.add_argument("--level", type=int, default=10)
    parser.add_argument("--mark-playouts", type=int, default=10_000,
                        help="mark the tests Mango fails at this many playouts with `*` (0: none)")
    args = parser.parse_args()

    folder = os.path.dirname(os.path.abspath(args.out))
    os.makedirs(os.path.join(folder, "games"), exist_ok=True)
    lines = ["# Life and death from Mango's own games: positions where a dragon of Mango's or its",
             "# opponent's was critical (GNU Go's owl reading: whoever moves decides it, no ko) and",
             "# Mango's move neither saved nor killed it. Made by scripts/suite_from_games.py; the",
             "# expected moves are every move owl says saves (or kills) the dragon, and GNU Go's own",
             "# choice (level 10) is one of them. A `*` marks a test Mango failed when the suite was",
             "# made (--mark-playouts, 10,000 by default).", ""]
    number = args.first_number
    gnugo = start_gnugo(args.level)
    try:
        for store in args.stores:
            for record in read_records(store):
                if not (record.game in args.games if args.games is not None else record.points < 1):
                    continue
                name = f"{record.match[:8]}-{record.game:04d}.sgf"
                path = os.path.join(folder, "games", name)
                with open(path, "w") as handle:
                    handle.write(record.sgf)
                found = tests_of_game(gnugo, path, record, args.min_stones, args.max_answers)
                if not found:
                    os.unlink(path)
                for move, colour, played, wrong, answers in found:
                    goals = " and ".join(f"{goal} the {stones}-stone dragon at {dragon}"
                                         for dragon, stones, goal in wrong)
                    lines += [f"# {os.path.basename(store)} game {record.game} ({record.result}), move "
                              f"{move}: {COLOURS[colour]} to {goals};",
                              f"# Mango played {played}.",
                              f"loadsgf games/{name} {move}",
                              f"{number} reg_genmove {COLOURS[colour]}",
                              f"#? [{'|'.join(answers)}]", ""]
                    number += 1
                print(f"game {record.game}: {len(found)} tests", file=sys.stderr, flush=True)
    finally:
        gnugo.close()
    write_suite(args.out, lines, number - args.first_number, args.mark_playouts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
