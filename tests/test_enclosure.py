"""The reading of a group shut in with the opponent's stones in its space (engine.enclosure),
on the position of game 15 of the Japanese-rules check and a variation GNU Go calls critical."""
from __future__ import annotations

from mango.engine import Game
from mango.engine.enclosure import dies_shut_in, shut_in_space

from test_status import SHUT_IN_SIX

# Black's B5 taken away: one black stone in White's six points. GNU Go's dragon_status calls the
# white group critical with B5 the vital point for both: White to move lives there.
ONE_STONE_IN_SIX = SHUT_IN_SIX.replace("X X O X X X O O O", "X . O X X X O O O")


def reading(board: str):
    game = Game.from_ascii(board, komi=7.5, to_move="b")
    b = game.board
    white = b.group_stones(b.point(0, 2))[0]            # A3
    inside = b.group_stones(b.point(0, 4))[0]           # A5
    wall = {b.group_stones(p)[0] for p in b.stones(1)} - {inside}
    return game, white, wall


def test_the_space_is_the_groups_liberties_and_what_shares_them():
    game, white, wall = reading(SHUT_IN_SIX)
    space = shut_in_space(game.board, white, wall)
    assert {game.vertex(p) for p in space} == {"A4", "B4", "A5", "B5", "A6", "B6", "A8", "A9"}


def test_black_kills_the_group_even_with_white_to_move():
    game, white, wall = reading(SHUT_IN_SIX)
    assert dies_shut_in(game.board, white, shut_in_space(game.board, white, wall)) is True


def test_white_to_move_lives_with_one_black_stone_inside():
    game, white, wall = reading(ONE_STONE_IN_SIX)
    assert dies_shut_in(game.board, white, shut_in_space(game.board, white, wall)) is False


def test_no_reading_beside_a_group_that_is_not_strong():
    game, white, wall = reading(SHUT_IN_SIX)
    assert shut_in_space(game.board, white, set()) is None
