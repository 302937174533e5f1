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


def tree(seed: int, **changes) -> dict:
    s = Searcher(EngineConfig(seed=seed).replace(playouts=20000, early_stop=False, **changes))
    game = Game(9)
    game.play("b", "E5")
    game.play("w", "C5")
    s.search(game)
    out = {}
    for a in s.children():
        if a.visits < 300:
            continue
        for b in probe.probe_line_children(s, [a.point]):
            if b.visits < 150:
                continue
            for c in probe.probe_line_children(s, [a.point, b.point]):
                out[(a.point, b.point, c.point)] = (c.amaf_visits, c.amaf_value, b.visits)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    for seed in args.seeds:
        full = tree(seed, children_ahead=0)
        for name, changes, other_seed in [
                ("children_ahead=4", dict(children_ahead=4), seed),
                ("children_ahead=4 late_child_amaf", dict(children_ahead=4, late_child_amaf=True), seed),
                ("every child, another seed", dict(children_ahead=0), seed + 10)]:
            other = tree(other_seed, **changes)
            diffs, ratios = [], []
            for key, (amaf_visits, value, node_visits) in other.items():
                ref = full.get(key)
                if ref and ref[0] >= 20 and amaf_visits >= 20:
                    diffs.append(abs(value - ref[1]))
                    ratios.append((amaf_visits / node_visits) / (ref[0] / ref[2]))
            print(f"seed {seed}, {name}: {len(diffs)} children, mean |AMAF value difference| "
                  f"{statistics.mean(diffs):.4f}, median AMAF count ratio {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
