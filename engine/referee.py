"""One game loop for every caller that plays whole games: `mango selfplay` (Mango against itself in
process), `mango match` (engines over GTP, in the laboratory) and the scripts. The referee keeps its
own Game, asks the side to move for a move, checks it, tells the other side, and ends the game the
same way for all of them: two passes, a resignation, a forfeit (an illegal move, a lost clock),
a failure (an engine that could not start, died or refused a command: the game is void, it
measures nothing), or the move cap; results are written one way ("B+R", "W+T", "B+F", "W+3.5",
"0", "Void").
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from mango.engine.game import Game, score_text
from mango.engine.player import Player

MOVE_CAP_PER_POINT = 3      # a game stops after 3 x the board's points in moves (ko fights end far sooner)


def move_cap(size: int) -> int:
    """Moves after which the referee stops a game and scores it as it stands."""
    return MOVE_CAP_PER_POINT * size * size


def other_colour(colour: str) -> str:
    return "w" if colour == "b" else "b"


ILLEGAL, ON_TIME, FAILURE = "illegal", "time", "failure"


class Forfeit(Exception):
    """The game ends at once because of the side of this colour: it broke a rule (an illegal
    move, a lost clock: it loses), or its engine failed (the game is void)."""

    def __init__(self, colour: str, reason: str, kind: str = FAILURE):
        super().__init__(reason)
        self.colour, self.reason, self.kind = colour, reason, kind

    @property
    def on_time(self) -> bool:
        return self.kind == ON_TIME


class Contestant(Protocol):
    """A side of a game: genmove answers a vertex, 'pass' or 'resign' (and plays it on its own
    board); play tells it the other side's move. Either raises Forfeit for its own colour."""

    def genmove(self, colour: str) -> str: ...

    def play(self, colour: str, vertex: str) -> None: ...


class PlayerContestant:
    """Mango in process, through its facade; one object may play both colours (one tree)."""

    def __init__(self, player: Player):
        self.player = player
        self.playouts = 0

    def genmove(self, colour: str) -> str:
        result = self.player.genmove(colour)
        self.playouts += result.playouts
        return "resign" if result.resign else self.player.game.vertex(result.move)

    def play(self, colour: str, vertex: str) -> None:
        self.player.play(colour, vertex)


@dataclass(frozen=True)
class GameEnd:
    """How a game ended: the winner's colour (None: a draw, or a void game), the SGF result and
    its reason."""
    winner: str | None
    result: str
    reason: str
    forfeit: bool = False       # a side broke a rule: an illegal move, or its clock
    on_time: bool = False       # the forfeit was a lost clock
    void: bool = False          # an engine failed: the game measures nothing

    @classmethod
    def of_forfeit(cls, forfeit: Forfeit) -> GameEnd:
        if forfeit.kind == FAILURE:
            return cls(None, "Void", forfeit.reason, void=True)
        winner = other_colour(forfeit.colour)
        return cls(winner, f"{winner.upper()}+{'T' if forfeit.on_time else 'F'}", forfeit.reason,
                   forfeit=True, on_time=forfeit.on_time)


def referee_game(game: Game, sides: dict[str, Contestant], names: dict[str, str] | None = None,
                 score: Callable[[Game], float] | None = None,
                 on_move: Callable[[Game], None] | None = None) -> GameEnd:
    """Plays game to its end between sides ({'b': ..., 'w': ...}, possibly one object twice) and
    says how it ended; the game holds the moves. score: Black's score of a finished game (komi
    included; the stones as they stand by default); on_move(game) after each move (progress)."""
    names = names or {"b": "Black", "w": "White"}
    try:
        while not game.is_over and len(game.moves) < move_cap(game.size):
            colour = game.to_move
            vertex = sides[colour].genmove(colour)
            if vertex.lower() == "resign":
                winner = other_colour(colour)
                return GameEnd(winner, f"{winner.upper()}+R", f"{names[colour]} resigned")
            if not _is_legal(game, colour, vertex):
                raise Forfeit(colour, f"{names[colour]} played an illegal move {vertex}", ILLEGAL)
            game.play(colour, vertex)
            if sides[other_colour(colour)] is not sides[colour]:
                sides[other_colour(colour)].play(colour, vertex)
            if on_move is not None:
                on_move(game)
    except Forfeit as forfeit:
        return GameEnd.of_forfeit(forfeit)
    if game.kind == "nogo" and game.is_over:        # the side to move has no legal move
        winner = game.nogo_winner()
        return GameEnd(winner, game.result(), f"{names[other_colour(winner)]} has no legal move")
    final = game.score() if score is None else score(game)
    winner = None if final == 0 else ("b" if final > 0 else "w")
    text = score_text(final)
    return GameEnd(winner, text, "jigo" if winner is None else text)


def _is_legal(game: Game, colour: str, vertex: str) -> bool:
    try:
        return game.is_legal(colour, vertex)
    except ValueError:              # not a vertex at all (NotationError)
        return False
