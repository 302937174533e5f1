"""Mango's Go engine as a library: rules, playouts (and later the search). Never prints to stdout."""
from engine.board import Board
from engine.errors import IllegalMoveError, MangoError, NotationError
from engine.game import Game, Move
from engine.handicap import fixed_handicap_vertices, max_fixed_handicap
from engine.vertex import BLACK, WHITE

__all__ = [
    "BLACK", "WHITE", "Board", "Game", "IllegalMoveError", "MangoError", "Move", "NotationError",
    "fixed_handicap_vertices", "max_fixed_handicap",
]
