#!/usr/bin/env python3
"""Review Mango's moves in stored games with GNU Go as the judge: for every move of Mango's, GNU Go
(level 10) chooses its own move in the same position and lists its top moves with their values
(points, follow-ups included); a move of Mango's that GNU Go values far below its best, or not at
all, is a candidate mistake. Looking at lost games this way says where to look next (opening,
fights, endgame), not what is right: GNU Go's values are its own.

    python scripts/gnugo_review.py docs/results/defaults-gnugo19.jsonl --games 2 3 --min-loss 10
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

from sgfmill import sgf

from mango.gtp.client import gnugo_command
from mango.gtp.store import read_records

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def vertex(move) -> str:
    return "PASS" if move is None else f"{COLUMNS[move[1]]}{move[0] + 1}"


class GnuGo:
    def __init__(self, level: int):
        command = gnugo_command("gnugo", level)
        env = dict(os.environ, PATH=os.environ.get("PATH", "") + ":/usr/games")
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=env)

    def ask(self, line: str) -> str:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = []
        while True:
            text = self.process.stdout.readline()
            if text in ("\n", ""):
                break
            answer.append(text.rstrip("\n"))
        reply = "\n".join(answer)
        if not reply.startswith("="):
            raise RuntimeError(f"GNU Go refused {line!r}: {reply}")
        return reply[1:].strip()

    def close(self) -> None:
        self.ask("quit")
        self.process.wait(timeout=10)


def review(gnugo: GnuGo, sgf_text: str, colour: str, min_loss: float):
    """(move number, Mango's move, its value or None, GNU Go's best move, best value) of every
    Mango move GNU Go values at least min_loss below its best."""
    game = sgf.Sgf_game.from_bytes(sgf_text.encode())
    moves = [node.get_move() for node in game.get_main_sequence()[1:]]
    with tempfile.NamedTemporaryFile("w", suffix=".sgf", delete=False) as handle:
        handle.write(sgf_text)
        path = handle.name
    found = []
    try:
        for number, (who, move) in enumerate(moves, 1):
            if who != colour or move is None:
                continue
            gnugo.ask(f"loadsgf {path} {number}")
            gnugo.ask(f"reg_genmove {'black' if who == 'b' else 'white'}")
            words = gnugo.ask("top_moves").split()
            values = {words[i]: float(words[i + 1]) for i in range(0, len(words) - 1, 2)}
            if not values:
                continue
            best = max(values, key=values.get)
            mine = values.get(vertex(move))
            if values[best] - (mine or 0.0) >= min_loss:
                found.append((number, vertex(move), mine, best, values[best]))
    finally:
        os.unlink(path)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("store")
    parser.add_argument("--games", type=int, nargs="*", default=None, help="game indices (default: lost ones)")
    parser.add_argument("--min-loss", type=float, default=10.0, help="points below GNU Go's best")
    parser.add_argument("--level", type=int, default=10)
    args = parser.parse_args()
    records = read_records(args.store)
    chosen = [r for r in records if (r["game"] in args.games if args.games is not None else r["points"] < 1)]
    gnugo = GnuGo(args.level)
    try:
        for record in chosen:
            mistakes = review(gnugo, record["sgf"], record["a_colour"], args.min_loss)
            print(f"game {record['game']} (Mango {record['a_colour']}, {record['result']}, "
                  f"{record['moves']} moves): {len(mistakes)} moves at least {args.min_loss:g} points "
                  f"below GNU Go's best")
            for number, mine, value, best, best_value in mistakes:
                shown = "unlisted" if value is None else f"{value:.1f}"
                print(f"  move {number:3d}: {mine:4s} ({shown})  GNU Go: {best:4s} ({best_value:.1f})")
            sys.stdout.flush()
    finally:
        gnugo.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
