#!/usr/bin/env python3
"""Mango's search (in process) against GNU Go over GTP: the strength figure of the searcher.

Colours alternate (Mango is Black in even-numbered games); a game ends at two passes, a
resignation, or an illegal move (which loses). GNU Go's final_score (Chinese rules, dead stones
removed) decides finished games. Prints one line per game and the win rate with its 95% Wilson
interval; --json writes every game.

    python scripts/gnugo_match.py --games 100 --size 9 --komi 7.5 --playouts 10000 --jobs 2
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from mango.engine import Game
from mango.engine.config import EngineConfig
from mango.engine.search import Searcher
from mango.engine.stats import wilson
from mango.gtp.match import EngineFailure, GtpClient, find_gnugo


def play_game(job: tuple) -> dict:
    index, size, komi, level, gnugo, changes = job
    mango_colour = "b" if index % 2 == 0 else "w"
    config = EngineConfig(seed=1000 + index).replace(**changes)
    searcher = Searcher(config)
    game = Game(size, komi)
    opponent = GtpClient([gnugo, "--mode", "gtp", "--level", str(level), "--chinese-rules"], "GNU Go")
    opponent.send(f"boardsize {size}")
    opponent.send(f"komi {komi}")
    opponent.send("clear_board")
    winner, reason, mango_seconds, mango_moves = None, "score", 0.0, 0
    try:
        while not game.is_over and len(game.moves) < 3 * size * size:
            colour = game.to_move
            if colour == mango_colour:
                result = searcher.search(game)
                mango_seconds += result.seconds
                mango_moves += 1
                if result.resign:
                    winner, reason = ("w" if colour == "b" else "b"), "resign"
                    break
                vertex = game.vertex(result.move)
                game.play(colour, vertex)
                opponent.send(f"play {colour} {vertex}")
            else:
                vertex = opponent.send(f"genmove {colour}")
                if vertex.lower() == "resign":
                    winner, reason = mango_colour, "resign"
                    break
                if not game.is_legal(colour, vertex):
                    winner, reason = mango_colour, f"illegal {vertex}"
                    break
                game.play(colour, vertex)
        if winner is None:
            score = opponent.send("final_score")
            winner = score[0].lower() if score[0] in "BW" else None
            reason = f"score {score}"
    except EngineFailure as failure:            # GNU Go died or refused: its game is lost
        winner, reason = mango_colour, str(failure)
    finally:
        opponent.close()
    return {
        "game": index, "mango": mango_colour, "winner": winner, "mango_won": winner == mango_colour,
        "reason": reason, "moves": len(game.moves),
        "mango_seconds_per_move": round(mango_seconds / max(1, mango_moves), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--playouts", type=int, default=10_000)
    parser.add_argument("--level", type=int, default=10, help="GNU Go level")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="an EngineConfig setting for Mango (repeatable)")
    parser.add_argument("--gnugo", default=None, help="path of gnugo (default: PATH, /usr/games)")
    parser.add_argument("--json", default=None, help="write the games and summary here")
    args = parser.parse_args()
    gnugo = args.gnugo or find_gnugo()
    if gnugo is None:
        print("GNU Go not found (apt-get install gnugo)", file=sys.stderr)
        return 2
    pairs = dict(item.split("=", 1) for item in args.set)
    config = EngineConfig().with_strings(pairs).replace(playouts=args.playouts)
    changes = {**config.flat(), "seed": 1}
    changes.pop("seed")
    jobs = [(i, args.size, args.komi, args.level, gnugo, changes) for i in range(args.games)]
    start = time.time()
    games = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for record in pool.map(play_game, jobs):
            games.append(record)
            wins = sum(g["mango_won"] for g in games)
            print(f"game {record['game']:3d}: Mango {record['mango']} "
                  f"{'won ' if record['mango_won'] else 'lost'} ({record['reason']}, "
                  f"{record['moves']} moves, {record['mango_seconds_per_move']} s/move)  "
                  f"{wins}/{len(games)}", flush=True)
    wins = sum(g["mango_won"] for g in games)
    low, high = wilson(wins, len(games))
    summary = {"games": len(games), "mango_wins": wins, "win_rate": wins / len(games),
               "interval95": [round(low, 3), round(high, 3)], "size": args.size, "komi": args.komi,
               "playouts": args.playouts, "gnugo_level": args.level, "settings": pairs,
               "minutes": round((time.time() - start) / 60, 1)}
    print(f"Mango won {wins}/{len(games)} = {wins / len(games):.1%} "
          f"(95% {low:.1%}-{high:.1%}) against GNU Go level {args.level}, {args.size}x{args.size}, "
          f"komi {args.komi}, {args.playouts} playouts/move")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"summary": summary, "games": games}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
