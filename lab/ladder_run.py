#!/usr/bin/env python3
"""Dead ladders run out, per player, in the games of `mango match` stores.

A move counts when it extends the player's own group out of atari to exactly two liberties and
the playouts' ladder reader (`mango.engine.playout.ladder_attack`) then captures that group: each
such move loses the stones of the extension as well. Counted per player name (the SGF's PB/PW),
with the number of games where it happened and the most in one game. A diagnostic for lost
games (a 19x19 search that runs a dead ladder 10 moves long has lost the game), not a proof:
an extension that is also a threat elsewhere counts too.

    python scripts/ladder_runs.py docs/results/defaults-gnugo19.jsonl [MORE.jsonl ...]
"""
from __future__ import annotations

import argparse
import json
from collections import Counter

from sgfmill import sgf

from mango.engine import Game, IllegalMoveError
from mango.engine.playout import ladder_attack
from mango.engine.record import sgf_vertex


def runs_in_game(record: dict) -> Counter:
    """Ladder-running moves of each player in one stored game."""
    tree = sgf.Sgf_game.from_string(record["sgf"])
    names = {"b": tree.get_player_name("b"), "w": tree.get_player_name("w")}
    game = Game(record["size"], komi=record["komi"])
    board = game.board
    counts: Counter = Counter()
    for node in tree.get_main_sequence()[1:]:
        colour, move = node.get_move()
        if colour is None:
            continue
        vertex = sgf_vertex(move)
        own = 1 if colour == "b" else 2
        extends = False
        if move is not None:
            p = game.point(vertex)
            extends = any(board.on_board(q) and board.colour_at(q) == own and board.in_atari(q)
                          for q in (p - board.width, p - 1, p + 1, p + board.width))
        try:
            game.play(colour, vertex)
        except IllegalMoveError:            # a forfeit's move: the game ends there
            break
        if extends and board.liberties(game.point(vertex)) == 2 \
                and ladder_attack(board, game.point(vertex), 3 - own) is not None:
            counts[names[colour]] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("stores", nargs="+", help="results stores (JSON lines) of mango match")
    args = parser.parse_args()
    for path in args.stores:
        moves: Counter = Counter()
        games: Counter = Counter()
        most: Counter = Counter()
        with open(path) as store:
            records = [json.loads(line) for line in store if line.strip()]
        for record in records:
            for name, n in runs_in_game(record).items():
                moves[name] += n
                games[name] += 1
                most[name] = max(most[name], n)
        print(f"{path}: {len(records)} games")
        for name in sorted(moves):
            print(f"  {name}: {moves[name]} moves into dead ladders, in {games[name]} games, "
                  f"at most {most[name]} in one game")


if __name__ == "__main__":
    main()
