"""How far the AMAF statistics of children made as needed are from those of a tree made at once.

A 9x9 search after E5 C5 (20,000 playouts) with every child made at once is the reference; the
same search with children as needed (children_ahead=4), with them seeded (late_child_amaf), and
with every child at once under another seed (the noise) are compared with it over the children
of depth-2 nodes with 150 visits or more (depth-1 nodes with 300), those with 20 AMAF samples in
both trees: the mean absolute difference of their AMAF values and the median ratio of their AMAF
counts to their node's visits. Issue 29's diagnostic (docs/strength.md).

    python scripts/late_amaf_check.py [--seeds 1 2]
"""
from __future__ import annotations

import argparse
import statistics

from mango.engine import Game, probe
from mango.engine.config import EngineConfig
from mango.engine.searcher import Searcher


def tree(args: argparse.Namespace, seed: int, **changes) -> dict:
    """(line of points) -> (AMAF count, AMAF value, the node's visits) of the children of the
    nodes at args.depth."""
    s = Searcher(EngineConfig(seed=seed).replace(playouts=args.playouts, early_stop=False,
                                                 **changes))
    game = Game(args.size)
    colour = "b"
    for vertex in args.moves:
        game.play(colour, vertex)
        colour = "w" if colour == "b" else "b"
    s.search(game)
    out = {}

    def walk(line: list, visits: int, depth: int) -> None:
        """line leads to a node at depth with these visits."""
        children = probe.probe_line_children(s, line) if line else s.children()
        for child in children:
            if depth == args.depth:
                out[tuple(line + [child.point])] = (child.amaf_visits, child.amaf_value, visits)
            elif child.visits >= args.min_visits * 2 ** (args.depth - depth - 1):
                walk(line + [child.point], child.visits, depth + 1)

    walk([], s.root_visits, 0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--moves", nargs="*", default=["E5", "C5"])
    parser.add_argument("--playouts", type=int, default=20000)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--min-visits", type=int, default=150)
    args = parser.parse_args()
    for seed in args.seeds:
        full = tree(args, seed, children_ahead=0)
        for name, changes, other_seed in [
                ("children_ahead=4", dict(children_ahead=4), seed),
                ("children_ahead=4 late_child_amaf", dict(children_ahead=4, late_child_amaf=True), seed),
                ("the candidate (and children_full_depth=2)",
                 dict(children_ahead=4, late_child_amaf=True, children_full_depth=2), seed),
                ("every child, another seed", dict(children_ahead=0), seed + 10)]:
            other = tree(args, other_seed, **changes)
            diffs, ratios = [], []
            for key, (amaf_visits, value, node_visits) in other.items():
                ref = full.get(key)
                if ref and ref[0] >= 20 and amaf_visits >= 20:
                    diffs.append(abs(value - ref[1]))
                    ratios.append((amaf_visits / node_visits) / (ref[0] / ref[2]))
            if not diffs:
                print(f"seed {seed}, {name}: no child to compare")
                continue
            print(f"seed {seed}, {name}: {len(diffs)} children, mean |AMAF value difference| "
                  f"{statistics.mean(diffs):.4f}, median AMAF count ratio {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
