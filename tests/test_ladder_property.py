"""Hypothesis: the ladder reader's refusals made without a board copy are sound.

The reader (playout.pyx) refuses an atari on the board as it is when the atari captures nothing
and the defender's extension then has three liberties or more; that refusal, and the extension
liberties it starts from, are checked here against the pure-Python reference board on random
dense positions: whenever the C side claims one, playing it out on the reference must agree.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from reference_board import BLACK, EMPTY, WHITE, ReferenceBoard

from mango.engine import Game, IllegalMoveError
from mango.engine.playout import atari_refuted, extension_liberty_points
from mango.engine.vertex import colour_name, format_vertex

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_position(size: int, moves: int, seed: int) -> tuple[Game, ReferenceBoard]:
    """A position from random legal moves (fewer passes than a game: many groups in contact),
    and the reference board holding the same stones."""
    rnd = random.Random(seed)
    game = Game(size, komi=6.5)
    colour = BLACK
    for _ in range(moves):
        legal = [q for q in game.board.empty_points() if game.board.is_legal(q, colour)]
        if not legal:
            break
        try:
            game.play(colour_name(colour), format_vertex(game.board.xy(rnd.choice(legal))))
        except IllegalMoveError:        # superko, which the board alone does not know
            break
        colour = 3 - colour
    ref = ReferenceBoard(size)
    for c in (BLACK, WHITE):
        for point in game.board.stones(c):
            ref.grid[game.board.xy(point)] = c
    return game, ref


def two_liberty_groups(ref: ReferenceBoard):
    seen = set()
    for p, colour in ref.grid.items():
        if colour == EMPTY or p in seen:
            continue
        stones, libs = ref.chain(p)
        seen |= stones
        if len(libs) == 2:
            yield p, colour, sorted(libs)


def extension_holds(ref: ReferenceBoard, lib, ext, attacker: int) -> bool:
    """On the reference: attacker's atari at lib captures nothing, and the defender's extension
    at ext is legal and has three liberties or more. An atari that would be suicide passes: the
    reader refuses it before asking (as it does a ko, which the reference here never has)."""
    board = ref.copy()
    if board.illegal_reason(lib, attacker) == "suicide":
        return True
    if board.play(lib, attacker) != 0:
        return False
    if board.illegal_reason(ext, 3 - attacker) is not None:
        return False
    board.play(ext, 3 - attacker)
    return len(board.chain(ext)[1]) >= 3


@SETTINGS
@given(size=st.integers(5, 11), data=st.data())
def test_a_refused_atari_is_refuted_on_the_reference_board(size, data):
    seed = data.draw(st.integers(0, 2**32), label="seed")
    game, ref = random_position(size, data.draw(st.integers(size, 3 * size * size), label="moves"), seed)
    point = game.board.point
    refused = 0
    for stone, defender, libs in two_liberty_groups(ref):
        for lib, ext in (libs, libs[::-1]):
            if atari_refuted(game.board, point(*stone), point(*lib), point(*ext), 3 - defender):
                refused += 1
                assert extension_holds(ref, lib, ext, 3 - defender), (str(game), lib, ext)
    event(f"refusals > 0: {refused > 0}")


@SETTINGS
@given(size=st.integers(5, 11), data=st.data())
def test_extension_liberties_and_the_refusal_after_an_extension(size, data):
    """extension_liberties against playing the move; then the refusal with the extension's stone
    taken as played (`filled`), as save_is_laddered asks it."""
    seed = data.draw(st.integers(0, 2**32), label="seed")
    game, ref = random_position(size, data.draw(st.integers(size, 3 * size * size), label="moves"), seed)
    board = game.board
    refused = 0
    for p in [board.xy(q) for q in board.empty_points()]:
        for colour in (BLACK, WHITE):
            found = extension_liberty_points(board, board.point(*p), colour)
            after = ref.copy()
            captured = after._place(p, colour)
            if found is None:
                assert captured, (str(game), p, colour)
                continue
            assert not captured, (str(game), p, colour)
            libs = after.chain(p)[1]
            assert {board.xy(q) for q in found} <= libs and len(found) == min(3, len(libs)), (str(game), p)
            if len(found) != 2:
                continue
            first, second = (board.xy(q) for q in found)
            for lib, ext in ((first, second), (second, first)):
                if atari_refuted(board, 0, board.point(*lib), board.point(*ext), 3 - colour, board.point(*p)):
                    refused += 1
                    assert extension_holds(after, lib, ext, 3 - colour), (str(game), p, lib, ext)
    event(f"refusals > 0: {refused > 0}")
