#!/usr/bin/env python3
"""Playout speed: `mango bench` per board size and policy, repeated, median reported.

Run it alone on the machine: two busy processes on two cores run at about 1.1x the speed of one,
so timings taken beside a build or a match are not comparable.

    python scripts/bench_core.py [--policies light mango] [--sizes 9 19] [--repeats 5] [--seconds 1.0]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

# playouts/s, single thread: light (issue 2) and mango (issue 3)
TARGETS = {("light", 9): 100_000, ("light", 19): 20_000, ("mango", 9): 15_000, ("mango", 19): 4_000}


def bench(policy: str, size: int, playouts: int, seed: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "mango.cli", "bench", "--size", str(size), "--playouts", str(playouts),
         "--policy", policy, "--seed", str(seed), "--json"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--policies", nargs="+", default=["light", "mango"], choices=["light", "mango"])
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 13, 19])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="rough length of one run")
    args = parser.parse_args()
    print(f"{'policy':>6} {'size':>4} {'median/s':>10} {'min/s':>10} {'max/s':>10} {'moves':>6} {'target':>8}")
    for policy in args.policies:
        for size in args.sizes:
            probe = bench(policy, size, 100, seed=0)
            playouts = max(200, int(probe["playouts_per_second"] * args.seconds))
            runs = [bench(policy, size, playouts, seed=seed) for seed in range(1, args.repeats + 1)]
            rates = [r["playouts_per_second"] for r in runs]
            target = TARGETS.get((policy, size), "")
            print(f"{policy:>6} {size:>4} {statistics.median(rates):>10,.0f} {min(rates):>10,.0f} "
                  f"{max(rates):>10,.0f} {runs[0]['moves_per_playout']:>6} {target:>8}")


if __name__ == "__main__":
    main()
