"""Importing the engine leaves the process environment alone (every opponent `mango match` starts
inherits it) and still keeps OpenBLAS inside numpy to one thread."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")

PROBE = """
import json, os
import mango.engine, mango.engine.search, mango.engine.pattern3
threads = len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else None
print(json.dumps({"env": {k: os.environ.get(k) for k in %r}, "threads": threads}))
""" % (THREAD_VARIABLES,)


def probe(**extra) -> dict:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **extra}
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_importing_the_engine_sets_no_thread_variables():
    report = probe()
    assert report["env"] == {k: None for k in THREAD_VARIABLES}


def test_numpy_blas_still_starts_no_worker_threads():
    report = probe()
    if report["threads"] is None:
        pytest.skip("no /proc/self/task")
    assert report["threads"] == 1                # OpenBLAS made no pool of spinning workers


def test_the_users_own_settings_are_kept():
    report = probe(OPENBLAS_NUM_THREADS="3", OMP_NUM_THREADS="2")
    assert report["env"] == {"OMP_NUM_THREADS": "2", "OPENBLAS_NUM_THREADS": "3",
                             "MKL_NUM_THREADS": None}
