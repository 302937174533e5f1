#!/usr/bin/env python3
"""Fuzz `mango gtp` as a controller would drive it (issue 32): LINES grammar-made lines
(mango.lab.fuzz), in sessions of 1,000, written to one long-running `mango gtp` process through
its stdin pipe; every command must get exactly one answer, and the process must never die.

    python scripts/gtp_fuzz.py --lines 100000 --seed 1
"""
from __future__ import annotations

import argparse
import random
import subprocess
import sys
import threading
import time

from mango.gtp.protocol import parse, preprocess
from mango.lab.fuzz import fuzz_lines


def expected(lines: list[bytes]) -> int:
    return sum(1 for line in lines
               if parse(preprocess(line.decode("utf-8", errors="replace").rstrip("\r\n"))) is not None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = subprocess.Popen([sys.executable, "-m", "mango.cli", "gtp", "--log-level", "error",
                               "--playouts", str(args.playouts), "-o", "max_nodes=50000"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    answers = 0
    done = threading.Event()

    def count() -> None:                # an answer ends with an empty line
        nonlocal answers
        previous = b"x"
        for line in engine.stdout:
            if line.strip() == b"" and previous.strip() != b"":
                answers += 1
            previous = line
        done.set()

    threading.Thread(target=count, daemon=True).start()
    start, sent, wanted = time.perf_counter(), 0, 0
    while sent < args.lines:
        session = fuzz_lines(rng, min(1000, args.lines - sent))
        wanted += expected(session)
        engine.stdin.write(b"".join(session))
        engine.stdin.flush()
        sent += len(session)
        while answers < wanted - 200 and engine.poll() is None:     # keep the pipe from filling
            time.sleep(0.01)
        if engine.poll() is not None:
            print(f"mango gtp died (status {engine.returncode}) after {sent} lines", file=sys.stderr)
            return 1
    engine.stdin.write(b"999 quit\n")
    engine.stdin.flush()
    engine.stdin.close()
    done.wait(600)
    status = engine.wait(60)
    wanted += 1
    seconds = time.perf_counter() - start
    print(f"{sent:,} lines, {wanted:,} commands, {answers:,} answers, exit status {status}, {seconds:.0f} s")
    return 0 if answers == wanted and status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
