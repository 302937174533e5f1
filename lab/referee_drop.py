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
"""
from __future__ import annotations

import argparse
import sys

from mango.engine.record import read_main_lines
from mango.lab.client import GtpClient, split_command
from mango.lab.store import read_records

PACHI = "/opt/pachi/pachi.sh -t =5000 threads=1 -d 0"
OTHER = {"b": "w", "w": "b"}


def game_moves(sgf_text: str) -> list[tuple[str, str]]:
    """(colour, GTP vertex) of every move of the stored game's main line."""
    return list(read_main_lines(sgf_text.encode())[0].moves)


def referee_view(referee: GtpClient, moves: list[tuple[str, str]], colour: str) -> tuple[str, float | None]:
    """The referee's move for colour after moves, and its win rate for colour (None when it did
    not search, as when it resigns or passes from its opening book without playouts)."""
    referee.send("clear_board")
    for who, vertex in moves:
        referee.send(f"play {who} {vertex}")
    best = referee.send(f"genmove {colour}")
    words = referee.send("pachi-result").split()          # "black F4 684 0.50 0.0"
    playouts = int(words[2]) if len(words) >= 4 else 0
    return best, (float(words[3]) if playouts > 0 else None)


def mango_view(size: int, komi: float, moves: list[tuple[str, str]], playouts: int, seed: int):
    """Mango's move and win rate for the side to move after moves (the defaults, no resignation)."""
    from mango.engine import Game
    from mango.engine.config import EngineConfig
    from mango.engine.searcher import Searcher

    game = Game(size, komi)
    for who, vertex in moves:
        game.play(who, vertex)
    result = Searcher(EngineConfig(seed=seed).replace(playouts=playouts, resign=False)).search(game)
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("store")
    parser.add_argument("--games", type=int, nargs="*", default=None,
                        help="game indices (default: every game Mango lost)")
    parser.add_argument("--referee", default=PACHI, help="the referee's command line")
    parser.add_argument("--mango", action="store_true", help="show Mango's own view beside each move")
    parser.add_argument("--mango-playouts", type=int, default=10000)
    args = parser.parse_args()
    records = read_records(args.store)
    chosen = [r for r in records if (r.game in args.games if args.games is not None else r.points < 1)]
    referee = GtpClient(split_command(args.referee), "referee")
    try:
        for record in chosen:
            referee.send(f"boardsize {record.size}")
            referee.send(f"komi {record.komi}")
            print(record.heading())
            for number, vertex, best, before, after, own in drops(
                    referee, record, args.mango_playouts if args.mango else None):
                mine = f"  Mango wants {own[0]:4s} at {own[1]:.2f}" if own else ""
                print(f"  move {number:3d} {vertex:4s} referee prefers {best:6s} win rate {before:.2f} -> "
                      f"{after:.2f}  drop {before - after:+.2f}{mine}")
            sys.stdout.flush()
    finally:
        referee.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
