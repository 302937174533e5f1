"""Openings for matches: short move sequences that games start from, each played twice with the
colours swapped (a game pair), so that deterministic engines give distinct games and each pair
cancels its opening's bias.

A file of openings is either text, one opening a line (GTP vertices, Black first, alternating:
`E5 C4 G5`; `#` starts a comment), or SGF (one game or a collection; each game's main line, with
its setup stones refused), or a folder of .sgf files. `--openings balanced` names the set shipped
for the board size (lab/data/openings-9x9.txt, openings-13x13.txt, openings-19x19.txt), made by
scripts/make_openings.py.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from mango.engine import Game
from mango.engine.errors import IllegalMoveError, NotationError

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
SHIPPED = "balanced"


class OpeningError(ValueError):
    """An openings file that cannot be read, or an opening that is not legal on the board."""


@dataclass(frozen=True)
class Opening:
    moves: tuple[tuple[str, str], ...]      # (colour, vertex)

    def __str__(self) -> str:
        return " ".join(vertex for _, vertex in self.moves)

    def game(self, size: int, komi: float) -> Game:
        game = Game(size, komi)
        for colour, vertex in self.moves:
            game.play(colour, vertex)
        return game


def shipped_path(size: int) -> str:
    return os.path.join(DATA, f"openings-{size}x{size}.txt")


def load_openings(source: str, size: int) -> list[Opening]:
    """The openings in a file or folder (or the shipped set), checked legal on a size board."""
    if source == SHIPPED:
        source = shipped_path(size)
        if not os.path.exists(source):
            raise OpeningError(f"no balanced openings are shipped for {size}x{size} (9x9, 13x13 and 19x19 are)")
    try:
        if os.path.isdir(source):
            openings = []
            for name in sorted(os.listdir(source)):
                if name.lower().endswith(".sgf"):
                    openings += _from_sgf(os.path.join(source, name))
        elif source.lower().endswith(".sgf"):
            openings = _from_sgf(source)
        else:
            with open(source, encoding="utf-8") as handle:
                openings = [_from_line(line) for line in handle]
            openings = [o for o in openings if o is not None]
    except OSError as error:
        raise OpeningError(f"{source}: {error.strerror or error}") from None
    if not openings:
        raise OpeningError(f"{source}: no openings")
    for opening in openings:
        try:
            opening.game(size, 7.5)
        except (IllegalMoveError, NotationError, ValueError) as error:
            raise OpeningError(f"{source}: opening {opening} on {size}x{size}: {error}") from None
    return openings


def _from_line(line: str) -> Opening | None:
    words = line.split("#", 1)[0].replace(",", " ").split()
    if not words:
        return None
    colours = ("b", "w")
    return Opening(tuple((colours[i % 2], word.upper()) for i, word in enumerate(words)))


def _from_sgf(path: str) -> list[Opening]:
    from mango.engine.record import GameRecordError, read_main_lines

    with open(path, "rb") as handle:
        data = handle.read()
    try:
        lines = read_main_lines(data)
    except GameRecordError as error:
        raise OpeningError(f"{path}: {error}") from None
    if any(line.setup for line in lines):
        raise OpeningError(f"{path}: setup stones are not an opening")
    return [Opening(line.moves) for line in lines]
