#!/usr/bin/env python3
"""Review Mango's moves in stored games with GNU Go as the judge: for every move of Mango's, GNU Go
(level 10) chooses its own move in the same position and lists its top moves with their values
(points, follow-ups included); a move of Mango's that GNU Go values far below its best, or not at
all, is a candidate mistake. Looking at lost games this way says where to look next (opening,
fights, endgame), not what is right: GNU Go's values are its own.

    python scripts/gnugo_review.py docs/results/defaults-gnugo19.jsonl --games 2 3 --min-loss 10

With --resignations, it asks instead whether Mango's resignations were lost positions: for every
game Mango lost by resigning, GNU Go's estimate_score of the final position, from Mango's side.

    python scripts/gnugo_review.py docs/results/defaults-gnugo19.jsonl --resignations

With --resigned-positions FILE it writes those positions instead (no GNU Go), one a line, as an
openings file for `mango match --openings FILE`: played on by Mango with a lower threshold (or
none) against the same opponent, they say whether the resignations gave games away. Each pair's
other game, Mango on the winning side with the opponent to move, is the control.

    python scripts/gnugo_review.py docs/results/dist3-pachi9-1s.jsonl --resigned-positions resigned.txt
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile

from sgfmill import sgf

from mango.lab.client import GtpClient, find_gnugo, gnugo_command
from mango.engine.record import sgf_vertex
from mango.lab.game_record import GameRecord
from mango.lab.referee_drop import game_moves
from mango.lab.store import chosen_games, read_records


def start_gnugo(level: int) -> GtpClient:
    path = find_gnugo()
    if path is None:
        raise SystemExit("GNU Go is not installed (apt-get install gnugo)")
    return GtpClient(gnugo_command(path, level, seed=1), "GNU Go")        # the same review every time


@contextlib.contextmanager
def sgf_file(sgf_text: str):
    """The game written to a temporary file for GNU Go's loadsgf, removed afterwards."""
    with tempfile.NamedTemporaryFile("w", suffix=".sgf", delete=False) as handle:
        handle.write(sgf_text)
    try:
        yield handle.name
    finally:
        os.unlink(handle.name)


def review(gnugo: GtpClient, sgf_text: str, colour: str, min_loss: float):
    """(move number, Mango's move, its value or None, GNU Go's best move, best value) of every
    Mango move GNU Go values at least min_loss below its best."""
    game = sgf.Sgf_game.from_bytes(sgf_text.encode())
    moves = [node.get_move() for node in game.get_main_sequence()[1:]]
    found = []
    with sgf_file(sgf_text) as path:
        for number, (who, move) in enumerate(moves, 1):
            if who != colour or move is None:
                continue
            gnugo.send(f"loadsgf {path} {number}")
            gnugo.send(f"reg_genmove {'black' if who == 'b' else 'white'}")
            words = gnugo.send("top_moves").split()
            values = {words[i]: float(words[i + 1]) for i in range(0, len(words) - 1, 2)}
            if not values:
                continue
            best = max(values, key=values.get)
            mine = values.get(sgf_vertex(move))
            if values[best] - (mine or 0.0) >= min_loss:
                found.append((number, sgf_vertex(move), mine, best, values[best]))
    return found


def final_estimate(gnugo: GtpClient, sgf_text: str, colour: str) -> float:
    """GNU Go's estimate_score of the game's last position, in points for colour."""
    with sgf_file(sgf_text) as path:
        gnugo.send(f"loadsgf {path}")
        estimate = gnugo.send("estimate_score").split()[0]          # "W+12.5 (upper ...)"
    points = float(estimate[2:])
    return points if estimate[0].lower() == colour else -points


def resigned(record: dict) -> bool:
    """Mango (side A) lost the game by its own resignation."""
    reason = record.reason or ""
    return record.points < 1 and "resigned" in reason and reason.startswith("mango")


def resigned_positions(records: list[GameRecord]) -> list[str]:
    """The moves of every game Mango resigned, as lines of an openings file (Black first, passes
    kept, so that the side to move is Mango's); a handicap game is left out, since its stones are
    set up rather than played and an opening cannot hold them."""
    lines = []
    for record in filter(resigned, records):
        if record.handicap:
            continue
        vertices = " ".join(vertex for _, vertex in game_moves(record.sgf))
        lines.append(f"{vertices}  # game {record.game}: Mango ({record.a_colour}) resigned here")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("store")
    parser.add_argument("--games", type=int, nargs="*", default=None, help="game indices (default: lost ones)")
    parser.add_argument("--min-loss", type=float, default=10.0, help="points below GNU Go's best")
    parser.add_argument("--level", type=int, default=10)
    parser.add_argument("--resignations", action="store_true",
                        help="GNU Go's estimate of the last position of every game Mango resigned")
    parser.add_argument("--resigned-positions", metavar="FILE",
                        help="write the positions Mango resigned as an openings file (no GNU Go)")
    args = parser.parse_args()
    records = read_records(args.store)
    chosen = chosen_games(records, args.games)
    if args.resigned_positions:
        lines = resigned_positions(chosen)
        try:
            with open(args.resigned_positions, "w", encoding="utf-8") as handle:
                handle.write("".join(line + "\n" for line in lines))
        except OSError as error:
            raise SystemExit(f"{args.resigned_positions}: {error.strerror or error}") from None
        print(f"{len(lines)} positions written to {args.resigned_positions}")
        return 0
    gnugo = start_gnugo(args.level)
    try:
        if args.resignations:
            for record in filter(resigned, chosen):
                points = final_estimate(gnugo, record.sgf, record.a_colour)
                print(f"{record.heading()}: GNU Go's estimate for Mango {points:+.1f}")
            return 0
        for record in chosen:
            mistakes = review(gnugo, record.sgf, record.a_colour, args.min_loss)
            print(f"{record.heading()}: {len(mistakes)} moves at least {args.min_loss:g} points "
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
