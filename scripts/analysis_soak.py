"""Soak the tree's memory bound the way a Sabaki or GoGui user does: leave kata-analyze running on
an empty board, and check that the engine stays inside its bound while the root's visits and the
best line keep growing (the pool is pruned and refilled instead of freezing).

    python scripts/analysis_soak.py --minutes 10 --size 19 --tree-memory 256

Every --every seconds it prints the root's visits (summed over the listed moves), the best move,
its visits and the length of its line (kata-analyze shows at most 15 moves), and the engine's
resident memory (VmRSS) and peak (VmHWM) from /proc. When the analysis stops, the engine logs its
tree: nodes, recycled nodes and prunes. Exit status 1 when a check fails.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import time

def parse_info(line: str) -> list[tuple[str, int, list[str]]]:
    """[(move, visits, pv)] of one kata-analyze line, in the order printed (most visited first)."""
    out = []
    for chunk in line.split(" ownership ")[0].split("info move ")[1:]:
        words = chunk.split()
        pv = words[words.index("pv") + 1:] if "pv" in words else []
        out.append((words[0], int(words[words.index("visits") + 1]), pv))
    return out


def memory_kb(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process, in kB."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0])
    return fields.get("VmRSS", 0), fields.get("VmHWM", 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--tree-memory", type=int, default=256, help="the tree's bound in MB")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--engine", default=f"{sys.executable} -m mango.cli gtp",
                        help="the engine's command (default: this Python's mango)")
    args = parser.parse_args()
    command = args.engine.split() + ["--log-level", "info", "-o", f"tree_memory={args.tree_memory}"]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)
    log_lines: list[str] = []
    logger = threading.Thread(target=lambda: log_lines.extend(proc.stderr), daemon=True)
    logger.start()
    for line in (f"boardsize {args.size}", "clear_board"):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        while proc.stdout.readline().strip():
            pass
    proc.stdin.write("kata-analyze interval 100\n")
    proc.stdin.flush()
    proc.stdout.readline()                          # "="
    latest = [""]

    def read() -> None:
        for line in proc.stdout:
            if line.startswith("info"):
                latest[0] = line
            elif not line.strip():
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    start = time.time()
    samples = []
    print(f"{'s':>6} {'root visits':>12} {'best':>5} {'its visits':>11} {'pv':>3} "
          f"{'RSS MB':>7} {'peak MB':>8}")
    while time.time() - start < args.minutes * 60:
        time.sleep(args.every)
        moves = parse_info(latest[0])
        if not moves:
            continue
        best, visits, pv = moves[0]
        rss, peak = memory_kb(proc.pid)
        samples.append((sum(v for _, v, _ in moves), visits, len(pv), rss / 1024, peak / 1024))
        print(f"{time.time() - start:6.0f} {samples[-1][0]:12,} {best:>5} {visits:11,} "
              f"{len(pv):3} {rss / 1024:7.1f} {peak / 1024:8.1f}", flush=True)
    proc.stdin.write("\nquit\n")
    proc.stdin.flush()
    reader.join(10)
    proc.wait(30)
    logger.join(10)                                 # the engine's last log lines
    tree = [line.strip() for line in log_lines if "analysis" in line]
    print("\n".join(tree[-1:]))
    failures = []
    if len(samples) < 2:
        failures.append("fewer than two samples")
    elif any(b[0] <= a[0] for a, b in zip(samples, samples[1:])):
        failures.append("the root's visits stopped growing")
    elif samples[-1][1] <= samples[0][1]:
        failures.append("the best move's visits did not grow")
    recycled = [int(line.split(" recycled")[0].split()[-1]) for line in tree if " recycled" in line]
    if not recycled or recycled[-1] == 0:
        failures.append("the engine logged no recycled nodes (the bound was never reached, or it "
                        "is older than the log line)")
    elif samples and samples[-1][4] > args.tree_memory + 150:
        failures.append(f"the peak RSS {samples[-1][4]:.0f} MB is far above the bound")
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
