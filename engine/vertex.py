"""GTP notation for colours and vertices ("b", "white", "D4", "pass"), shared by Game and the GTP front end.

Coordinates are (x, y), 0-based, x the column (A = 0, no I), y the row (row "1" = 0, at the bottom).
"""
from __future__ import annotations

import re

from mango.engine.errors import IllegalMoveError, NotationError

BLACK = 1
WHITE = 2
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP skips I

_COLOURS = {"b": BLACK, "black": BLACK, "w": WHITE, "white": WHITE}
_VERTEX = re.compile(r"([a-hj-z])([1-9]\d?)", re.IGNORECASE)  # rows 1..99; off board if > size


def parse_colour(text: str) -> int:
    """'b', 'B', 'black', 'w', 'white' (any case) -> BLACK / WHITE."""
    try:
        return _COLOURS[text.strip().lower()]
    except (KeyError, AttributeError):
        raise NotationError(f"invalid colour {text!r}") from None


def colour_name(colour: int) -> str:
    """BLACK -> 'b', WHITE -> 'w' (the short form GTP and SGF use)."""
    return "b" if colour == BLACK else "w"


def parse_vertex(text: str, size: int) -> tuple[int, int] | None:
    """'D4' -> (3, 3); 'pass' -> None. A well-formed vertex beyond the board raises
    IllegalMoveError('off board'); anything else NotationError."""
    if not isinstance(text, str):
        raise NotationError(f"invalid vertex {text!r}")
    text = text.strip()
    if text.lower() == "pass":
        return None
    match = _VERTEX.fullmatch(text)
    if not match:
        raise NotationError(f"invalid vertex {text!r}")
    x = COLUMNS.index(match.group(1).upper())
    y = int(match.group(2)) - 1
    if not (0 <= x < size and 0 <= y < size):
        raise IllegalMoveError("off board", text)
    return (x, y)


def format_vertex(xy: tuple[int, int] | None) -> str:
    """(3, 3) -> 'D4'; None -> 'pass'."""
    if xy is None:
        return "pass"
    x, y = xy
    return f"{COLUMNS[x]}{y + 1}"
