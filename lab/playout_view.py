"""The playouts' own verdict on a position of a stored game: Black's share of wins over flat
playouts (no tree, the side to move first) and how often chosen points end Black's, for the board
size's defaults and for each set of settings given. The search inherits whatever its playouts
believe about a fight; where a lost game turned, this shows whether the playouts misread the fight
and whether a playout setting reads it otherwise, before any match is spent on that setting (the
race's throw-in of docs/strength.md, 2026-11-30, was found so):

    python scripts/playout_view.py lab/data/suite/games/25901e08-0048.sgf 40 \\
        --then "" "B5 D1" --points D3 E4 \\
        --settings two_liberty_attack=true,two_liberty_throw_in=true

MOVES is how many of the record's moves make the position; each --then continues it with moves
of alternate colours from the side to move ("" for the position itself). Win shares are at the
record's komi, counted by area as a playout ends.
"""
from __future__ import annotations

import argparse
import sys


def parse_settings(text: str) -> dict[str, str]:
    """"key=value,key=value" as -o would take them one by one ("" for none)."""
    pairs = [item.strip() for item in text.split(",") if item.strip()]
    if any("=" not in pair for pair in pairs):
        raise ValueError(f"settings want key=value pairs separated by commas: {text!r}")
    return dict(pair.split("=", 1) for pair in pairs)


def playout_verdict(game, config, playouts: int, seed: int, points: list[str]) -> tuple[float, dict[str, float]]:
    """Black's share of wins (a draw half) over `playouts` flat playouts from game's position,
    and each point's share of them that end Black's (a stone or an empty point only Black
    touches)."""
    from mango.engine.playout import run_ownership, run_playouts

    config = config.for_size(game.size)
    wins = run_playouts(game.board, playouts, game.komi, seed, "mango", config.playout)
    black, _ = run_ownership(game.board, playouts, seed, config=config.playout, both_first=False)
    share = (wins["black_wins"] + 0.5 * wins["draws"]) / playouts
    return share, {vertex: black[game.point(vertex)] / playouts for vertex in points}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sgf", help="a game record (SGF); its main line's moves are played")
    parser.add_argument("moves", type=int, help="how many of its moves make the position")
    parser.add_argument("--then", nargs="*", default=[""], metavar="MOVES",
                        help='continuations, each a quoted list of vertices ("" for the position)')
    parser.add_argument("--points", nargs="*", default=[], metavar="VERTEX",
                        help="points whose owner to show (a stone stands for its group)")
    parser.add_argument("--settings", action="append", default=[], metavar="KEY=VALUE,...",
                        help="a configuration to show beside the defaults (repeatable)")
    parser.add_argument("--playouts", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from mango.engine.config import ConfigError, EngineConfig
    from mango.engine.record import load_game

    try:
        position = load_game(args.sgf, args.moves + 1)      # as GTP's loadsgf: before move N + 1
        configs = [("defaults", EngineConfig())]
        for text in args.settings:
            configs.append((text, EngineConfig().with_strings(parse_settings(text))))
    except (OSError, ValueError, ConfigError) as error:
        parser.error(str(error))
    if args.moves < 0 or len(position.moves) < args.moves:
        parser.error(f"the record has {len(position.moves)} moves, not {args.moves}")
    for then in args.then:
        game = position.copy()
        try:
            for vertex in then.split():
                game.play(game.to_move, vertex)
        except ValueError as error:
            parser.error(f"--then {then!r}: {error}")
        print(f"after move {args.moves}{' then ' + then if then.strip() else ''}, {game.to_move} to move:")
        for name, config in configs:
            share, owners = playout_verdict(game, config, args.playouts, args.seed, args.points)
            owned = "  ".join(f"{vertex} {owner:.2f}" for vertex, owner in owners.items())
            print(f"  {name}: Black wins {share:.3f}" + (f"; Black owns {owned}" if owned else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
