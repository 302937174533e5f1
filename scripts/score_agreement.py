#!/usr/bin/env python3
"""Does Mango score finished games as GNU Go does? (issue 9: dead stones and the score; issue 31:
Japanese rules, with --rules japanese)

Mango (in process, resignation off so that games run to two passes) plays GNU Go over GTP on
9x9, a different seed each game and colours alternating (Mango is Black in even-numbered games).
At the end of every finished game (two passes) Mango's score, mango.engine.status.final_score
with final_status, is compared with the final_score of a fresh GNU Go with --chinese-rules that
is given the moves (with --japanese-rules when the games are played under them). Every game is written as SGF and as one JSON line (moves, both scores,
Mango's dead stones), so that a run can be resumed (--first-game K) and rescored with newer
status code without replaying the games (--rescore; the verdicts the games were played with stay
in each record's as_played).

    python scripts/score_agreement.py --games 100 --playouts 2500 --out runs/score
    python scripts/score_agreement.py --rescore --out runs/score
    python scripts/score_agreement.py --games 100 --rules japanese --out runs/score-japanese
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from mango.engine import Game
from mango.engine.config import EngineConfig
from mango.engine.game import score_text
from mango.engine.player import Player
from mango.engine.referee import Forfeit, PlayerContestant, other_colour, referee_game
from mango.engine.status import final_score, final_status
from mango.lab.client import find_gnugo, gnugo_command
from mango.lab.contestant import GtpContestant
from mango.lab.match import gnugo_final_score
from mango.engine.record import game_to_sgf
from mango.engine.statistic import wilson

STATUS_SEED = 9


def mango_final_score(game: Game, playouts: int) -> tuple[float, list[str], list[str]]:
    """Mango's score of a finished game, with its dead and seki stones (vertices)."""
    status = final_status(game, playouts=playouts, seed=STATUS_SEED)
    dead = sorted(game.vertex(p) for p, v in status.items() if v == "dead")
    seki = sorted(game.vertex(p) for p, v in status.items() if v == "seki")
    return final_score(game, status), dead, seki


def replay(moves: list[list[str]], size: int, komi: float, rules: str = "chinese") -> Game:
    game = Game(size, komi, rules)
    for colour, vertex in moves:
        game.play(colour, vertex)
    return game


def play_game(job: tuple) -> dict:
    index, size, komi, rules, level, playouts, status_playouts, gnugo, out = job
    mango_colour = "b" if index % 2 == 0 else "w"
    gnugo_colour = other_colour(mango_colour)
    names = {mango_colour: "Mango", gnugo_colour: f"GNU Go level {level}"}
    config = EngineConfig(seed=7919 + index).replace(playouts=playouts, resign=False, rules=rules)
    mango = PlayerContestant(Player(config, size, komi))
    game = Game(size, komi, rules)
    start = time.time()
    opponent = None
    try:
        opponent = GtpContestant(gnugo_command(gnugo, level, seed=index + 1, rules=rules),
                                 gnugo_colour, "GNU Go")
        opponent.new_game(size, komi, None)
        ending = referee_game(game, {mango_colour: mango, gnugo_colour: opponent}, names)
        ended_early = ending.forfeit or ending.void or "resigned" in ending.reason
        end = "two passes" if game.is_over else ending.reason if ended_early else "move cap"
    except Forfeit as forfeit:
        end = forfeit.reason
    finally:
        if opponent is not None:
            opponent.close()
    record = {"game": index, "mango": mango_colour, "size": size, "komi": komi, "rules": rules,
              "moves": [[m.colour, m.vertex] for m in game.moves], "end": end,
              "finished": game.is_over, "play_seconds": round(time.time() - start, 1)}
    if game.is_over:
        record.update(score(game, gnugo, status_playouts))
    result = None if record.get("gnugo_score") is None else score_text(record["gnugo_score"])
    with open(os.path.join(out, f"game-{index:04d}.sgf"), "wb") as handle:
        handle.write(game_to_sgf(game, result, names["b"], names["w"]))
    return record


def score(game: Game, gnugo: str, status_playouts: int) -> dict:
    mango, dead, seki = mango_final_score(game, status_playouts)
    theirs = gnugo_final_score(gnugo, game, timeout=600)
    return {"mango_score": mango, "gnugo_score": theirs, "agree": theirs is not None and mango == theirs,
            "mango_dead": dead, "mango_seki": seki, "stones_score": game.score()}


AS_PLAYED = ("mango_score", "agree", "mango_dead", "mango_seki")


def rescore(records: list[dict], status_playouts: int) -> None:
    """Mango's verdicts of the finished games again, with the current status code. The verdicts
    of the code that played the games stay beside them (as_played, kept from the first rescore
    on): a run played after a fix is that fix's independent check, which a rescore must not erase."""
    for r in records:
        if r.get("finished") and r.get("gnugo_score") is not None:
            r.setdefault("as_played", {k: r[k] for k in AS_PLAYED if k in r})
            game = replay(r["moves"], r["size"], r["komi"], r.get("rules", "chinese"))
            r["mango_score"], r["mango_dead"], r["mango_seki"] = mango_final_score(game, status_playouts)
            r["agree"] = r["mango_score"] == r["gnugo_score"]


def summarise(records: list[dict]) -> str:
    scored = [r for r in records if r.get("finished") and r.get("gnugo_score") is not None]
    agree = sum(r["agree"] for r in scored)
    lines = []
    for r in sorted(scored, key=lambda r: r["game"]):
        if not r["agree"]:
            lines.append(f"  game {r['game']:3d} (Mango {r['mango']}): Mango {r['mango_score']:+g}, "
                         f"GNU Go {r['gnugo_score']:+g}; Mango's dead: {' '.join(r['mango_dead']) or '-'}"
                         f"; seki: {' '.join(r['mango_seki']) or '-'}")
    unfinished = [r["game"] for r in records if not r.get("finished")]
    text = f"{len(records)} games, {len(scored)} finished and scored by GNU Go"
    if unfinished:
        text += f" (not finished: {unfinished})"
    if scored:
        low, high = wilson(agree, len(scored))
        text += (f"\nMango's final_score equals GNU Go's in {agree}/{len(scored)} = "
                 f"{agree / len(scored):.1%} (95% {low:.1%}-{high:.1%})")
    played = [r["as_played"] for r in scored if "agree" in r.get("as_played", {})]
    if played:
        text += (f"\nas played (before rescoring): {sum(v['agree'] for v in played)}/{len(played)} "
                 f"rescored games agreed")
    if lines:
        text += "\ndisagreements:\n" + "\n".join(lines)
    return text


def read_records(path: str) -> list[dict]:
    if not os.path.exists(path):
        return []
    with open(path) as handle:
        return [json.loads(line) for line in handle if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="play games first-game .. games - 1")
    parser.add_argument("--first-game", type=int, default=0, help="resume from this game index")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--rules", choices=("chinese", "japanese"), default="chinese",
                        help="both engines play and score by these rules")
    parser.add_argument("--playouts", type=int, default=2500, help="Mango's playouts per move")
    parser.add_argument("--status-playouts", type=int, default=4000,
                        help="playouts of final_status (half with each colour first)")
    parser.add_argument("--level", type=int, default=10, help="GNU Go level")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="games at once (at most 2)")
    parser.add_argument("--gnugo", default=None, help="path of gnugo (default: PATH, /usr/games)")
    parser.add_argument("--out", default="score-agreement", help="folder for games.jsonl and the SGF")
    parser.add_argument("--rescore", action="store_true",
                        help="recompute Mango's score of the recorded games with the current code")
    args = parser.parse_args()
    gnugo = args.gnugo or find_gnugo()
    if gnugo is None:
        print("GNU Go not found (apt-get install gnugo)", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "games.jsonl")
    if args.rescore:
        records = read_records(path)
        rescore(records, args.status_playouts)
        with open(path + ".tmp", "w") as handle:
            for r in records:
                handle.write(json.dumps(r) + "\n")
        os.replace(path + ".tmp", path)
        print(summarise(records))
        return 0
    done = {r["game"] for r in read_records(path)}
    jobs = [(i, args.size, args.komi, args.rules, args.level, args.playouts, args.status_playouts,
             gnugo, args.out)
            for i in range(args.first_game, args.games) if i not in done]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, open(path, "a") as handle:
        for record in pool.map(play_game, jobs):
            handle.write(json.dumps(record) + "\n")
            handle.flush()
            verdict = ("agree" if record.get("agree") else "DISAGREE") if record.get("finished") else record["end"]
            print(f"game {record['game']:3d}: Mango {record['mango']}, {len(record['moves'])} moves, "
                  f"Mango {record.get('mango_score')} GNU Go {record.get('gnugo_score')}: {verdict} "
                  f"({record['play_seconds']} s)", flush=True)
    print(summarise(read_records(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
