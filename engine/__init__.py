"""Mango's Go engine as a library: rules, playouts (and later the search). Never prints to stdout."""
import os

# The engine's hot loops are its own C; it never calls BLAS. Idle OpenBLAS/MKL worker threads
# spin-wait, and on a machine whose cores share execution units they slow the engine's threads
# (measured: 8% of a 19x19 playout benchmark's samples). Pin them to one thread unless the user
# has chosen otherwise; this must happen before numpy is first imported.
for _variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
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
