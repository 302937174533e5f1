#!/usr/bin/env python3
"""Mango's ladder reader audited against GNU Go's on the positions of `mango match` stores.

Before every move of every stored game, each group of the side to move that is in atari is
extended at its liberty; where that leaves exactly two liberties, the playouts' reader
(`mango.engine.playout.ladder_attack`, which `ladder_saves` and `prior.ladders` rely on) says
whether the opponent captures it in a ladder, and GNU Go's `ladder_attack` (strict ladders,
attacker to move) says so too: 0 fails, 1 captures, 2 and 3 capture with a ko. Each distinct
position and extension counts once. The reader is sound when it never calls a ladder that GNU
Go's reading refutes; what it misses only costs the knowledge it would have added.

    python scripts/ladder_audit.py docs/results/ab-ladders19.jsonl [MORE.jsonl ...] [--examples 10]
"""
from __future__ import annotations

import argparse
import json
from collections import Counter

from sgfmill import sgf

from mango.engine import Game, IllegalMoveError
from mango.engine.playout import ladder_attack
from mango.lab.client import GtpClient, find_gnugo, gnugo_command
from mango.engine.record import sgf_vertex

GNUGO_VERDICT = {"0": "escapes", "1": "captured", "2": "ko", "3": "ko"}


def atari_liberties(game: Game, colour: int) -> list[int]:
    """The liberty of each of colour's groups in atari (each point once)."""
    board, w = game.board, game.board.width
    found: list[int] = []
    for p in board.empty_points():
        for q in (p - w, p - 1, p + 1, p + w):
            if board.on_board(q) and board.colour_at(q) == colour and board.in_atari(q):
                if p not in found:
                    found.append(p)
                break
    return found


def audit_game(record: dict, gnugo: GtpClient, seen: set, tally: Counter, examples: list,
               most_examples: int) -> None:
    """Add one stored game's extensions to the tally (and its disagreements to examples)."""
    tree = sgf.Sgf_game.from_string(record["sgf"])
    size = record["size"]
    game = Game(size, komi=record["komi"])
    gnugo.send(f"boardsize {size}")
    gnugo.send("clear_board")
    for number, node in enumerate(tree.get_main_sequence()[1:], 1):
        colour, move = node.get_move()
        if colour is None:
            continue
        own = 1 if colour == "b" else 2
        for liberty in atari_liberties(game, own):
            trial = game.copy()
            try:
                trial.play(colour, trial.vertex(liberty))
            except IllegalMoveError:
                continue
            key = (trial.board.hash, liberty)
            if trial.board.liberties(liberty) != 2 or key in seen:
                continue
            seen.add(key)
            mango = "captured" if ladder_attack(trial.board, liberty, 3 - own) is not None else "escapes"
            ok, _ = gnugo.ask(f"play {colour} {trial.vertex(liberty)}")
            if not ok:                   # GNU Go's superko or suicide rules: not comparable
                continue
            ok, answer = gnugo.ask(f"ladder_attack {trial.vertex(liberty)}")
            gnugo.send("undo")
            verdict = GNUGO_VERDICT.get(answer.split()[0], "?") if ok and answer else "?"
            tally[(mango, verdict)] += 1
            if mango != verdict and len(examples) < most_examples:
                examples.append(f"game {record.get('game')} before move {number}: {colour} "
                                f"{trial.vertex(liberty)}: Mango {mango}, GNU Go {verdict} ({answer})")
        vertex = sgf_vertex(move)
        try:
            game.play(colour, vertex)
        except IllegalMoveError:         # a forfeit's move ends the record
            break
        gnugo.send(f"play {colour} {vertex}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("stores", nargs="+", help="results stores (JSON lines) of mango match")
    parser.add_argument("--examples", type=int, default=10, help="disagreements to list")
    args = parser.parse_args()
    path = find_gnugo()
    if path is None:
        parser.error("GNU Go is not installed (apt install gnugo)")
    gnugo = GtpClient(gnugo_command(path), "gnugo")
    tally: Counter = Counter()
    examples: list[str] = []
    seen: set = set()
    try:
        for store in args.stores:
            with open(store) as handle:
                for line in handle:
                    if line.strip():
                        audit_game(json.loads(line), gnugo, seen, tally, examples, args.examples)
    finally:
        gnugo.close()
    print(f"{sum(tally.values())} distinct extensions to two liberties")
    for (mango, verdict), n in sorted(tally.items()):
        print(f"  Mango {mango:8}  GNU Go {verdict:8}  {n}")
    for line in examples:
        print(line)


if __name__ == "__main__":
    main()
