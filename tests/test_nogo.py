"""NoGo's rules in the core (engine/nogo.pyx) against the rules written out on the slow reference
board: a move is legal when the point is empty, no opponent chain beside it loses its last
liberty, and its own chain keeps one; the side to move without a legal move loses."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from reference_board import EMPTY, ReferenceBoard, other

from mango.engine import nogo
from mango.engine.board import Board


def reference_legal(ref: ReferenceBoard, p, colour) -> bool:
    if ref.grid[p] != EMPTY:
        return False
    trial = ref.copy()
    trial.grid[p] = colour
    if any(not trial.chain(q)[1] for q in trial.neighbours(p) if trial.grid[q] == other(colour)):
        return False                                        # it would capture
    return bool(trial.chain(p)[1])                          # and it keeps a liberty


def reference_moves(ref: ReferenceBoard, colour) -> set:
    return {p for p in ref.grid if reference_legal(ref, p, colour)}


def point_of(board: Board, xy) -> int:
    return board.point(*xy)


@settings(max_examples=80, deadline=None)
@given(size=st.integers(2, 9), seed=st.integers(0, 2 ** 32 - 1), moves=st.integers(0, 81))
def test_legal_moves_are_the_rules_written_out(size, seed, moves):
    """Random NoGo games (uniform among the reference's legal moves): at every position both
    colours' legal moves in the core equal the reference's."""
    rng = random.Random(seed)
    ref, board = ReferenceBoard(size), Board(size)
    colour = 1
    for _ in range(moves + 1):
        for c in (1, 2):
            expected = {point_of(board, xy) for xy in reference_moves(ref, c)}
            assert set(nogo.legal_moves(board, c)) == expected
        choices = sorted(reference_moves(ref, colour))
        if not choices:
            break
        xy = rng.choice(choices)
        ref.grid[xy] = colour                               # a legal NoGo move captures nothing
        board.play(point_of(board, xy), colour)
        colour = other(colour)


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from([3, 5, 7, 9]), seed=st.integers(0, 2 ** 64 - 1))
def test_a_playout_plays_legal_moves_until_the_loser_has_none(size, seed):
    board = Board(size)
    moves, winner = nogo.play_playout(board, seed)
    ref = ReferenceBoard(size)
    colour = 1
    xy_of = {board.point(x, y): (x, y) for x in range(size) for y in range(size)}
    for p in moves:
        assert reference_legal(ref, xy_of[p], colour)
        ref.grid[xy_of[p]] = colour
        colour = other(colour)
    assert not reference_moves(ref, colour) and winner == other(colour)


def test_the_same_seed_plays_the_same_playouts_and_the_first_player_is_not_favoured_much():
    start = Board(7)
    first, second = nogo.run_playouts(start, 2000, seed=5), nogo.run_playouts(start, 2000, seed=5)
    assert first == second and start.stones(1) == [] and start.stones(2) == []
    assert 0.4 < first["black_wins"] / 2000 < 0.6
    assert 30 < first["moves"] / 2000 < 49


def test_a_capture_and_a_suicide_are_refused_and_filling_an_own_liberty_is_not():
    from mango.engine import Game
    game = Game.from_ascii("""
. X O
X O .
. . .
""", to_move="b")
    board = game.board
    assert not nogo.is_legal(board, game.point("C2"), 1)        # the last liberty of O at C3
    assert not nogo.is_legal(board, game.point("A3"), 2)        # no liberty, and it takes B3
    assert nogo.is_legal(board, game.point("A1"), 1)
    assert not nogo.is_legal(board, game.point("B3"), 1)        # occupied
