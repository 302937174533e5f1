"""`mango gtp` as a process, driven the way real controllers drive it: stdin held open after
quit (Sabaki, GoGui, twogtp, gtp2ogs), stdin closed in the middle of a search (a controller that
died), SIGINT, and the read end of stdout closed while analysis streams (broken pipe). Every way
out must be quiet: no "Fatal Python error", no traceback. Timeouts are generous and only catch a
process that does not end; no timing is asserted."""
from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

LONG = "10000000"         # playouts: far more than a test can wait for


@pytest.fixture
def engine(tmp_path):
    processes = []

    def start(*args):
        stderr = open(tmp_path / f"stderr{len(processes)}.txt", "w+")
        proc = subprocess.Popen([sys.executable, "-m", "mango.cli", "gtp", "--log-level", "info",
                                 *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=stderr)
        proc.stderr_file = stderr
        processes.append(proc)
        return proc

    yield start
    for proc in processes:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        proc.stderr_file.close()


def send(proc, line: str) -> None:
    proc.stdin.write((line + "\n").encode())
    proc.stdin.flush()


def answer(proc) -> str:
    """One response, up to its empty line."""
    lines = []
    while True:
        line = proc.stdout.readline().decode()
        assert line, "the engine closed its output"
        if line == "\n":
            return "".join(lines)
        lines.append(line)


def ask(proc, line: str) -> str:
    send(proc, line)
    return answer(proc)


def stderr_of(proc) -> str:
    proc.stderr_file.seek(0)
    return proc.stderr_file.read()


def assert_quiet(proc) -> None:
    text = stderr_of(proc)
    for bad in ("Fatal", "Traceback", "Exception ignored", "internal error", "failed"):
        assert bad not in text, text


def test_quit_with_stdin_held_open_exits_0(engine):
    proc = engine("--playouts", "100")
    assert ask(proc, "1 name") == "=1 Mango\n"
    send(proc, "2 quit")                     # stdin stays open, as controllers keep it
    assert proc.wait(timeout=30) == 0, stderr_of(proc)
    assert proc.stdout.read().decode() == "=2\n\n"
    assert_quiet(proc)


def test_end_of_input_stops_a_long_genmove(engine):
    proc = engine("--playouts", LONG)
    assert ask(proc, "boardsize 9") == "=\n"
    send(proc, "1 genmove b")
    proc.stdin.close()                       # the controller is gone
    assert proc.wait(timeout=20) == 0, stderr_of(proc)
    assert proc.stdout.read().decode().startswith("=1 ")
    assert_quiet(proc)


def test_end_of_input_stops_lz_analyze(engine):
    proc = engine("--playouts", "100")
    assert ask(proc, "boardsize 9") == "=\n"
    send(proc, "1 lz-analyze 10")
    assert proc.stdout.readline() == b"=1\n"
    assert proc.stdout.readline().startswith(b"info move ")
    proc.stdin.close()
    assert proc.wait(timeout=20) == 0, stderr_of(proc)
    assert_quiet(proc)


def test_sigint_during_a_genmove_stops_it_and_exits_130(engine):
    proc = engine("--playouts", LONG)
    assert ask(proc, "boardsize 9") == "=\n"      # the server (and its SIGINT handler) runs
    send(proc, "1 genmove b")
    time.sleep(0.5)                              # most likely searching by now; either way works
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=20) == 130, stderr_of(proc)
    assert proc.stdout.read().decode().startswith("=1 ")
    assert_quiet(proc)


def test_sigint_while_idle_exits_130(engine):
    proc = engine("--playouts", "100")
    assert ask(proc, "name") == "= Mango\n"
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=20) == 130, stderr_of(proc)
    assert proc.stdout.read() == b""
    assert_quiet(proc)


def test_closed_output_during_lz_analyze_ends_quietly(engine):
    proc = engine("--playouts", "100")
    assert ask(proc, "boardsize 9") == "=\n"
    send(proc, "1 lz-analyze 5")
    assert proc.stdout.readline() == b"=1\n"
    assert proc.stdout.readline().startswith(b"info move ")
    proc.stdout.close()                          # the controller died; stdin stays open
    assert proc.wait(timeout=20) == 0, stderr_of(proc)
    assert_quiet(proc)


def test_closed_output_before_an_answer_ends_quietly(engine):
    proc = engine("--playouts", "100")
    assert ask(proc, "name") == "= Mango\n"
    proc.stdout.close()
    send(proc, "name")                           # its answer meets the broken pipe
    assert proc.wait(timeout=20) == 0, stderr_of(proc)
    assert_quiet(proc)


def _root_visits(info: bytes) -> int:
    words = info.decode().split()
    return sum(int(words[i + 1]) for i, word in enumerate(words) if word == "visits")


@pytest.mark.slow
def test_kata_analyze_inside_a_small_bound_keeps_growing(engine):
    """scripts/analysis_soak.py in small: a pool of 3,000 nodes fills within the first second;
    the analysis goes on, its root visits growing, and the engine says it recycled nodes."""
    proc = engine("-o", "max_nodes=3000")
    assert ask(proc, "boardsize 9") == "=\n"
    send(proc, "1 kata-analyze interval 20")
    assert proc.stdout.readline() == b"=1\n"
    visits = []
    for _ in range(12):
        line = proc.stdout.readline()
        assert line.startswith(b"info move "), line
        visits.append(_root_visits(line))
    assert all(a < b for a, b in zip(visits, visits[1:])), visits
    send(proc, "")                               # any input stops the analysis
    assert proc.stdout.readline() == b"\n"
    assert ask(proc, "quit") == "=\n"
    assert proc.wait(timeout=20) == 0
    log = stderr_of(proc)
    tree = [line for line in log.splitlines() if "analysis:" in line][-1]
    recycled = int(tree.split(" recycled")[0].split()[-1])
    assert recycled > 0, tree
    assert_quiet(proc)
