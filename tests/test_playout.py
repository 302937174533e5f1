"""Light playouts: legal moves only, no own true eye filled, a proper end, and reproducible."""
from __future__ import annotations

import pytest
from reference_board import ReferenceBoard

from mango.engine import Board, Game
from mango.engine.board import PASS_POINT as PASS
from mango.engine.playout import play_playout, run_playouts


@pytest.mark.parametrize("size, seed", [(s, seed) for s in (2, 3, 5, 9, 13, 19) for seed in (1, 2, 3)])
def test_light_playout_moves_are_legal_and_never_fill_own_true_eyes(size, seed):
    board = Board(size)
    moves = play_playout(board.copy(), seed=seed)
    ref = ReferenceBoard(size)
    colour = 1
    for point in moves:
        if point == PASS:
            # a pass only when nothing legal and eye-preserving is left
            assert not any(ref.illegal_reason(p, colour) is None and not ref.is_true_eye(p, colour)
                           for p in ref.grid if ref.grid[p] == 0)
            ref.play(None, colour)
        else:
            xy = board.xy(point)
            assert ref.illegal_reason(xy, colour) is None
            assert not ref.is_true_eye(xy, colour)
            ref.play(xy, colour)
        colour = 3 - colour
    assert len(moves) <= 3 * size * size
    final = board.copy()
    replayed = play_playout(final, seed=seed)
    assert replayed == moves
    final.check_invariants()
    assert {final.xy(p) for p in final.stones(1)} == ref.stones(1)
    assert {final.xy(p) for p in final.stones(2)} == ref.stones(2)
    assert final.area() == ref.area()
    if len(moves) < 3 * size * size:
        assert moves[-2:] == [PASS, PASS]


def test_playout_from_a_position_leaves_the_start_untouched():
    game = Game.from_ascii("""
        . . X O .
        . X X O .
        X X O O .
        . X O . .
        . X O . .
    """, to_move="w")
    before = (game.board.hash, str(game))
    stats = run_playouts(game.board, 200, komi=0.5, seed=5)
    assert (game.board.hash, str(game)) == before
    assert stats["black_wins"] + stats["white_wins"] + stats["draws"] == 200
    assert stats["draws"] == 0


def test_same_seed_same_playouts_other_seed_other_playouts():
    board = Board(9)
    first = run_playouts(board, 300, seed=42)
    assert run_playouts(board, 300, seed=42) == first
    assert run_playouts(board, 300, seed=43) != first


def test_light_playouts_on_9x9_look_like_go():
    stats = run_playouts(Board(9), 2000, komi=7.5, seed=1)
    moves_per_playout = stats["moves"] / 2000
    assert 90 < moves_per_playout < 140        # a full board plus recaptures, not a cap-out
    assert 0.3 < stats["black_wins"] / 2000 < 0.6


def test_bad_arguments():
    with pytest.raises(ValueError):
        run_playouts(Board(9), -1)
    with pytest.raises(ValueError):
        run_playouts(Board(9), 10, policy="heavy")
