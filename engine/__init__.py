"""Mango's Go engine as a library: rules, playouts, the search, the facade that plays (Player) and the
referee of whole games. Never prints to stdout: stdout belongs to GTP."""
import os
import sys


def _import_numpy_with_one_blas_thread() -> None:
    """Import numpy with its BLAS limited to one thread, and leave the environment as it was.

    The engine's hot loops are its own C; it never calls BLAS. Idle OpenBLAS/MKL worker threads
    spin-wait, and on a machine whose cores share execution units they slow the engine's threads
    (measured: 8% of a 19x19 playout benchmark's samples). OpenBLAS and MKL read these variables
    once, when numpy loads them, so they are set only around numpy's first import (unless the
    user set them) and removed right after: the processes Mango starts (`mango match`'s
    opponents) inherit an untouched environment. The engine's own OpenMP search always passes
    num_threads. When numpy was imported before, whoever imported it chose.
    """
    if "numpy" in sys.modules:
        return
    added = [name for name in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS")
             if name not in os.environ]
    for name in added:
        os.environ[name] = "1"
    try:
        import numpy  # noqa: F401
    finally:
        for name in added:
            os.environ.pop(name, None)


_import_numpy_with_one_blas_thread()
from mango.engine.board import Board
from mango.engine.config import PlayoutConfig
from mango.engine.errors import ConfigError, IllegalMoveError, MangoError, NotationError
from mango.engine.game import Game, Move
from mango.engine.handicap import fixed_handicap_vertices, max_fixed_handicap
from mango.engine.vertex import BLACK, WHITE

__all__ = [
    "BLACK", "WHITE", "Board", "ConfigError", "Game", "IllegalMoveError", "MangoError", "Move",
    "NotationError", "PlayoutConfig",
    "fixed_handicap_vertices", "max_fixed_handicap",
]
