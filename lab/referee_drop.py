#!/usr/bin/env python3
"""Where lost games were lost: Pachi as referee of Mango's moves in a results store.

For each of Mango's moves (after the opening), the referee searches the position before the move
and gives its win rate for Mango with its own choice, then searches the position after it from
the opponent's side; the difference is what the move lost in the referee's eyes. A move that
loses 0.1 or more, again and again, is where a game slipped; one move that loses 0.4 is a
blunder. The referee's own noise is several points, so single small drops mean nothing.

    python scripts/referee_drops.py docs/results/mogo-pachi9.jsonl --games 0 3 --mango

The referee is any GTP engine that answers Pachi's `pachi-result` after `genmove` (its colour,
move, playouts, win rate and dynamic komi); by default Pachi at 5,000 playouts a move, built by
`../shared/opponents/build-pachi.sh /opt/pachi`. With --mango, each line also shows Mango's own
view of the position before its move (the defaults at --mango-playouts, a seed per move): its
choice and win rate, so that a misjudgement (Mango confident where the referee sees it losing)
shows beside a bad move.

With --suite FILE, every move that lost at least --min-drop (0.3: a blunder, not the referee's
noise) becomes a test of the tactical suite when a second look agrees: the referee searches the
position after every move on the board, and the moves within 0.1 of the best of them are the
answers, if Mango's move is not one of them and they are at most --max-answers (a sharp
position). The test is the position before the move (`loadsgf games/GAME.sgf N`, the game's SGF
written beside the file). Mango then runs the file, and the tests it fails at --mark-playouts
are marked `*`. The file is written after every game that adds a test, so that a run stopped
before its end (a 13x13 game takes the referee minutes) keeps what it found, unmarked:

    python scripts/referee_drops.py docs/results/uol-pachi9-1s.jsonl \
        --suite lab/data/suite/referee.tst --first-number 201
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys

from mango.engine.record import read_main_lines
from mango.lab.client import EngineFailure, GtpClient, split_command
from mango.lab.store import chosen_games, read_records
from mango.lab.suite import write_suite

PACHI = "/opt/pachi/pachi.sh -t =5000 threads=1 -d 0"
OTHER = {"b": "w", "w": "b"}


def game_moves(sgf_text: str) -> list[tuple[str, str]]:
    """(colour, GTP vertex) of every move of the stored game's main line."""
    return list(read_main_lines(sgf_text.encode())[0].moves)


def referee_view(referee: GtpClient, moves: list[tuple[str, str]], colour: str) -> tuple[str, float | None]:
    """The referee's move for colour after moves, and its win rate for colour (None when it did
    not search, as when it resigns or passes from its opening book without playouts)."""
    best, value, _ = _referee_search(referee, moves, colour)
    return best, value


def _referee_search(referee: GtpClient, moves: list[tuple[str, str]],
                    colour: str) -> tuple[str, float | None, int]:
    """referee_view with the playouts the referee reports (0 when it did not search)."""
    referee.send("clear_board")
    for who, vertex in moves:
        referee.send(f"play {who} {vertex}")
    best = referee.send(f"genmove {colour}")
    try:
        words = referee.send("pachi-result").split()      # "black F4 684 0.50 0.0"
    except EngineFailure:
        return best, None, 0        # no search to report (Pachi resigned or passed at once)
    playouts = int(words[2]) if len(words) >= 4 else 0
    return best, (float(words[3]) if playouts > 0 else None), playouts


def refereed_position(referee: GtpClient, position):
    """A simulation balancing position (mango.patterns.balance.Position) valued by the referee:
    its win rate for the side it moved, as Black's (a judge of Mango's playouts from outside,
    where Mango's own search shares their bias). None when it did not search (it resigned,
    passed or played from a book)."""
    referee.send(f"boardsize {position.size}")
    referee.send(f"komi {position.komi}")
    mover = position.game().to_move
    _, mover_value, playouts = _referee_search(referee, list(position.setup) + list(position.moves),
                                               mover)
    if mover_value is None:
        return None
    value = mover_value if mover == "b" else 1.0 - mover_value
    return dataclasses.replace(position, value=value, playouts=playouts)


def position(size: int, komi: float, moves: list[tuple[str, str]]):
    """The stored game's position after moves, as Mango's engine holds it."""
    from mango.engine import Game

    game = Game(size, komi)
    for who, vertex in moves:
        game.play(who, vertex)
    return game


def mango_view(size: int, komi: float, moves: list[tuple[str, str]], playouts: int, seed: int,
               config=None):
    """Mango's move and win rate for the side to move after moves (config, by default the
    defaults, fitted to the board's size; no resignation)."""
    from mango.engine.config import EngineConfig
    from mango.engine.searcher import Searcher

    game = position(size, komi, moves)
    settings = (config or EngineConfig()).replace(seed=seed, playouts=playouts, resign=False)
    result = Searcher(settings).search(game)
    return ("pass" if result.move is None else game.vertex(result.move)), result.value


def drops(referee: GtpClient, record: dict, mango_playouts: int | None):
    """(move number, Mango's move, referee's move, win rate before, after, Mango's view or None)
    for each of Mango's moves after the opening that the referee could judge."""
    moves = game_moves(record.sgf)
    mango = record.a_colour
    opening = len(record.opening.split()) if record.opening else 0
    for k in range(opening, len(moves)):
        colour, vertex = moves[k]
        if colour != mango:
            continue
        best, before = referee_view(referee, moves[:k], colour)
        _, theirs = referee_view(referee, moves[:k + 1], OTHER[colour])
        if before is None or theirs is None:
            continue
        own = mango_view(record.size, record.komi, moves[:k], mango_playouts, k) if mango_playouts else None
        yield k + 1, vertex, best, before, 1.0 - theirs, own


def empty_vertices(size: int, moves: list[tuple[str, str]]) -> list[str]:
    """The points no stone was played on (a superset of the empty points: captures are not
    replayed here; the referee refuses what is not legal)."""
    letters = "ABCDEFGHJKLMNOPQRST"[:size]
    played = {vertex.upper() for _, vertex in moves}
    return [f"{x}{y}" for y in range(1, size + 1) for x in letters if f"{x}{y}" not in played]


def good_answers(referee: GtpClient, moves: list[tuple[str, str]], colour: str,
                 candidates: list[str], margin: float = 0.1) -> tuple[list[str], float]:
    """The candidate moves whose position the referee, searching it from the other side, leaves
    within `margin` of the best of them for colour; and that best win rate. A candidate it
    refuses to play (occupied, illegal) is passed over."""
    rates = {}
    for vertex in candidates:
        try:
            _, theirs = referee_view(referee, moves + [(colour, vertex)], OTHER[colour])
        except EngineFailure:
            continue                # the referee refused to play the candidate
        if theirs is not None:
            rates[vertex.upper()] = 1.0 - theirs
    if not rates:
        return [], 0.0
    best = max(rates.values())
    return sorted(v for v, rate in rates.items() if rate >= best - margin), best


def suite_lines(referee: GtpClient, record, store: str, number: int, min_drop: float,
                folder: str, max_answers: int = 4) -> tuple[list[str], int]:
    """The tests of one game, numbered from number, and how many; the game's SGF is written to
    folder/games when it has any."""
    moves = game_moves(record.sgf)
    name = f"{record.match[:8]}-{record.game:04d}.sgf"
    lines, count = [], 0
    for move, vertex, best, before, after, _ in drops(referee, record, None):
        colour = moves[move - 1][0]
        if before - after < min_drop or best.upper() == vertex.upper() or best.lower() in ("pass", "resign"):
            continue
        # every move the referee judges within 0.1 of the best, so that another good answer passes
        answers, kept = good_answers(referee, moves[:move - 1], colour,
                                     empty_vertices(record.size, moves[:move - 1]))
        if not answers or vertex.upper() in answers or len(answers) > max_answers:
            continue                # not a blunder on a second look, or no sharp answer
        lines += [f"# {os.path.basename(store)} game {record.game} ({record.result}), move {move}: "
                  f"Mango ({colour}) played {vertex}; the referee's win rate {before:.2f} -> {after:.2f}",
                  f"# ({kept:.2f} after its best answers, every move within 0.1 of it).",
                  f"loadsgf games/{name} {move}",
                  f"{number + count} reg_genmove {'black' if colour == 'b' else 'white'}",
                  f"#? [{'|'.join(answers)}]", ""]
        count += 1
    if count:
        os.makedirs(os.path.join(folder, "games"), exist_ok=True)
        with open(os.path.join(folder, "games", name), "w") as handle:
            handle.write(record.sgf)
    return lines, count


SUITE_HEADER = ["# Blunders from Mango's games lost to Pachi: positions where one of Mango's moves lost",
                "# at least --min-drop of the referee's win rate (Pachi at 5,000 playouts a move). Made by",
                "# scripts/referee_drops.py --suite: the answers are every move after which the referee,",
                "# searching from the other side, leaves the mover within 0.1 of the best such move.",
                "# A `*` marks a test Mango failed when the suite was made (--mark-playouts).", ""]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("store")
    parser.add_argument("--games", type=int, nargs="*", default=None,
                        help="game indices (default: every game Mango lost)")
    parser.add_argument("--referee", default=PACHI, help="the referee's command line")
    parser.add_argument("--mango", action="store_true", help="show Mango's own view beside each move")
    parser.add_argument("--mango-playouts", type=int, default=10000)
    parser.add_argument("--suite", default=None, help="write the blunders as tests to this .tst file")
    parser.add_argument("--min-drop", type=float, default=0.3)
    parser.add_argument("--max-answers", type=int, default=4)
    parser.add_argument("--first-number", type=int, default=1, help="number of the first test")
    parser.add_argument("--mark-playouts", type=int, default=10_000,
                        help="mark the tests Mango fails at this many playouts with `*` (0: none)")
    args = parser.parse_args()
    records = read_records(args.store)
    chosen = chosen_games(records, args.games)
    referee = GtpClient(split_command(args.referee), "referee")
    lines, tests = list(SUITE_HEADER), 0
    try:
        for record in chosen:
            referee.send(f"boardsize {record.size}")
            referee.send(f"komi {record.komi}")
            if args.suite:
                found, count = suite_lines(referee, record, args.store, args.first_number + tests,
                                           args.min_drop, os.path.dirname(os.path.abspath(args.suite)),
                                           args.max_answers)
                lines += found
                tests += count
                print(f"game {record.game}: {count} tests", file=sys.stderr, flush=True)
                if count:       # unmarked until the end, but kept if the run stops before it
                    write_suite(args.suite, lines, tests, 0)
                continue
            print(record.heading())
            for number, vertex, best, before, after, own in drops(
                    referee, record, args.mango_playouts if args.mango else None):
                mine = f"  Mango wants {own[0]:4s} at {own[1]:.2f}" if own else ""
                print(f"  move {number:3d} {vertex:4s} referee prefers {best:6s} win rate {before:.2f} -> "
                      f"{after:.2f}  drop {before - after:+.2f}{mine}")
            sys.stdout.flush()
    finally:
        referee.close()
    if args.suite:
        write_suite(args.suite, lines, tests, args.mark_playouts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
