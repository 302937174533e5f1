"""A digest of seeded searches' root statistics, to show that a change leaves play byte for byte.

Self-play from one seed can miss a change that alters a few searches (a float summed in double:
seed 11 of a 9x9 search changed where 9x9 self-play did not). This runs seeded searches on 9x9
and 19x19, with every child made at once and with children as needed, and prints one digest of
every root child's visits and AMAF visits; run it from two installs and compare.

    python scripts/search_digest.py [--seeds 6] [--kept] [-o KEY=VALUE ...]
"""
from __future__ import annotations

import argparse
import hashlib

from mango.engine import Game
from mango.engine.config import EngineConfig
from mango.engine.searcher import Searcher


def root_statistics(seed: int, size: int, playouts: int, ahead: float, options: dict,
                    kept: bool) -> list:
    config = EngineConfig(seed=seed).replace(playouts=playouts, early_stop=False,
                                             children_ahead=ahead).with_strings(options)
    searcher = Searcher(config)
    game = Game(size)
    game.play("b", "E5" if size == 9 else "Q16")
    game.play("w", "C5" if size == 9 else "D4")
    result = searcher.search(game)
    if kept:                        # two moves on, from the tree the first search kept
        game.play("b", game.vertex(result.move))
        reply = next(v for v in ("G3", "C7", "G7") if game.board.colour_at(game.point(v)) == 0)
        game.play("w", reply)
        searcher.search(game)
    return [(child.point, child.visits, child.amaf_visits) for child in searcher.children()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("-o", dest="options", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting for every search (after children_ahead)")
    parser.add_argument("--kept", action="store_true",
                        help="search again two moves on, from the kept tree (tree reuse)")
    args = parser.parse_args()
    options = dict(option.partition("=")[::2] for option in args.options)
    digest = hashlib.md5()
    for seed in range(1, args.seeds + 1):
        for ahead in (0, 4):
            digest.update(repr(root_statistics(seed, 9, 8000, ahead, options, args.kept)).encode())
        digest.update(repr(root_statistics(seed, 19, 2000, 0, options, args.kept)).encode())
    print(digest.hexdigest()[:10])


if __name__ == "__main__":
    main()
