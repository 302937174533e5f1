#!/usr/bin/env python3
"""Flat Monte-Carlo match: the same player (no tree) with two playout policies.

Each move, every legal point that is not the mover's own true eye gets N playouts from the
position after it; the move with the best mean result is played (pass when none is left). One
side's playouts use policy A, the other's policy B; colours alternate; area scoring at the end.
Reports A's win rate with its 95% Wilson interval.

    python scripts/flat_mc_match.py --games 100 --size 9 --playouts-per-move 50 --jobs 2
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from mango.engine import Game, pattern3
from mango.engine.config import PlayoutConfig
from mango.engine.playout import run_playouts
from mango.engine.statistic import wilson


def flat_mc_move(game: Game, playouts: int, config: PlayoutConfig, seed: int) -> str:
    colour = game.to_move
    c = 1 if colour == "b" else 2
    best, best_value = "pass", -1.0
    for point in game.board.empty_points():
        vertex = game.vertex(point)
        if game.board.is_true_eye(point, c) or not game.is_legal(colour, vertex):
            continue
        after = game.board.copy()
        after.play(point, c)
        stats = run_playouts(after, playouts, komi=game.komi, seed=seed + point, config=config)
        wins = stats["black_wins"] if c == 1 else stats["white_wins"]
        value = (wins + 0.5 * stats["draws"]) / playouts
        if value > best_value:
            best, best_value = vertex, value
    return best


def play_game(args: tuple) -> dict:
    index, size, komi, playouts, config_a, config_b, table = args
    if table:
        pattern3.load_table(table)      # in this worker process
    a_is_black = index % 2 == 0
    configs = {"b": config_a if a_is_black else config_b, "w": config_b if a_is_black else config_a}
    game = Game(size, komi)
    moves = 0
    while not game.is_over and moves < 3 * size * size:
        colour = game.to_move
        game.play(colour, flat_mc_move(game, playouts, configs[colour], seed=index * 100_003 + moves))
        moves += 1
    score = game.score()
    a_won = (score > 0) == a_is_black if score != 0 else None
    return {"game": index, "a_black": a_is_black, "score": score, "moves": moves, "a_won": a_won}


def parse_setting(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    lowered = value.strip().lower()
    if lowered in ("true", "false"):
        return key.strip(), lowered == "true"
    try:
        return key.strip(), int(value)
    except ValueError:
        try:
            return key.strip(), float(value)
        except ValueError:
            return key.strip(), value.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-game", type=int, default=0,
                        help="index of the first game (games are deterministic by index: a later "
                             "block of indices gives fresh games to compare with)")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--playouts-per-move", type=int, default=50, help="playouts per legal move")
    parser.add_argument("--a", default="mango", choices=["mango", "light"])
    parser.add_argument("--b", default="light", choices=["mango", "light"])
    parser.add_argument("--set-a", action="append", default=[], metavar="KEY=VALUE",
                        help="a PlayoutConfig setting for side A (repeatable), e.g. nakade=false")
    parser.add_argument("--table", help="pattern table to load instead of the shipped one")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", help="also write the per-game results here")
    args = parser.parse_args()
    started = time.time()
    config_a = PlayoutConfig(policy=args.a).replace(**dict(parse_setting(s) for s in args.set_a))
    config_b = PlayoutConfig(policy=args.b)
    tasks = [(i, args.size, args.komi, args.playouts_per_move, config_a, config_b, args.table)
             for i in range(args.first_game, args.first_game + args.games)]
    results = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(play_game, tasks):
            results.append(result)
            won = sum(1 for r in results if r["a_won"]) + 0.5 * sum(1 for r in results if r["a_won"] is None)
            print(f"game {result['game']:3d}: {args.a} {'black' if result['a_black'] else 'white'}, "
                  f"score {result['score']:+.1f} in {result['moves']} moves -> "
                  f"{args.a} {'wins' if result['a_won'] else 'loses' if result['a_won'] is False else 'draws'}"
                  f"  ({won:g}/{len(results)})", file=sys.stderr, flush=True)
    n = len(results)
    wins = sum(1 for r in results if r["a_won"]) + 0.5 * sum(1 for r in results if r["a_won"] is None)
    low, high = wilson(wins, n)
    as_black = [r for r in results if r["a_black"]]
    print(f"flat MC, {args.size}x{args.size}, komi {args.komi:g}, {args.playouts_per_move} playouts per legal move, "
          f"A settings {args.set_a or 'default'}{', table ' + args.table if args.table else ''}, "
          f"{n} games: {args.a} playouts beat {args.b} playouts {wins:g}/{n} = {wins / n:.1%} "
          f"(95% CI {low:.1%}-{high:.1%}); as black {sum(1 for r in as_black if r['a_won'])}/{len(as_black)}; "
          f"{time.time() - started:.0f} s")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"args": vars(args), "results": results, "wins": wins, "ci95": [low, high]}, handle, indent=1)


if __name__ == "__main__":
    main()
