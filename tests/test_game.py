"""Game API: notation, colours, handicap, scoring and drawing."""
from __future__ import annotations

import pytest

from mango.engine import Game, IllegalMoveError, NotationError, fixed_handicap_vertices, max_fixed_handicap


@pytest.mark.parametrize("stones, expected", [
    (2, "D4 Q16"),
    (3, "D4 Q16 D16"),
    (4, "D4 Q16 D16 Q4"),
    (5, "D4 Q16 D16 Q4 K10"),
    (6, "D4 Q16 D16 Q4 D10 Q10"),
    (7, "D4 Q16 D16 Q4 D10 Q10 K10"),
    (8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
    (9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
])
def test_fixed_handicap_19x19_matches_the_gtp_table(stones, expected):
    assert fixed_handicap_vertices(19, stones) == expected.split()


def test_fixed_handicap_small_boards():
    assert fixed_handicap_vertices(9, 9) == "C3 G7 C7 G3 C5 G5 E3 E7 E5".split()
    assert fixed_handicap_vertices(13, 5) == "D4 K10 D10 K4 G7".split()
    assert fixed_handicap_vertices(7, 4) == "C3 E5 C5 E3".split()
    assert [max_fixed_handicap(s) for s in (2, 6, 7, 8, 9, 10, 19)] == [0, 0, 4, 4, 9, 4, 9]


@pytest.mark.parametrize("size, stones", [(19, 1), (19, 10), (7, 5), (10, 5), (6, 2), (2, 2)])
def test_impossible_fixed_handicap_raises(size, stones):
    with pytest.raises(ValueError):
        fixed_handicap_vertices(size, stones)


def test_place_fixed_handicap_gives_white_the_move():
    game = Game(19, komi=0.5)
    assert game.place_fixed_handicap(4) == ["D4", "Q16", "D16", "Q4"]
    assert game.stones("b") == ["D4", "Q4", "D16", "Q16"]
    assert game.to_move == "w"
    with pytest.raises(ValueError):
        game.place_fixed_handicap(2)   # not on a board with stones


def test_free_handicap_rejects_bad_lists_and_changes_nothing():
    game = Game(9)
    for bad in (["D4"], ["D4", "D4"], ["D4", "pass"], ["D4", "Z99"]):
        with pytest.raises(ValueError):
            game.place_handicap(bad)
        assert game.stones("b") == [] and game.to_move == "b"


@pytest.mark.parametrize("colour", ["b", "B", "black", "BLACK", "Black", " w", "white", "W"])
def test_colour_spellings(colour):
    game = Game(9)
    game.play(colour, "c3")
    assert game.colour_at("C3") == colour.strip()[0].lower()


def test_to_move_follows_the_last_mover_and_non_alternating_play_is_allowed():
    game = Game(9)
    assert game.to_move == "b"
    game.play("b", "D4")
    game.play("b", "E5")
    assert game.to_move == "w"
    game.to_move = "b"
    assert game.to_move == "b"
    assert [str(m.vertex) for m in game.moves] == ["D4", "E5"]


def test_two_passes_end_the_game_and_score_by_area():
    game = Game(5, komi=0.5)
    game.play("b", "C3")
    assert not game.is_over
    game.play("w", "pass")
    game.play("b", "pass")
    assert game.is_over
    assert game.score() == 24.5
    assert game.result() == "B+24.5"


def test_illegal_move_error_is_a_value_error_with_a_reason():
    game = Game(9)
    game.play("b", "A1")
    with pytest.raises(ValueError) as error:
        game.play("w", "a1")
    assert isinstance(error.value, IllegalMoveError)
    assert error.value.reason == "occupied"
    assert "occupied" in str(error.value)
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize("size", [1, 20, 0, -3])
def test_bad_sizes(size):
    with pytest.raises(ValueError):
        Game(size)


def test_drawing():
    game = Game(3)
    game.play("b", "A1")
    game.play("w", "C3")
    assert str(game) == "\n".join([
        "   A B C",
        " 3 . . O 3",
        " 2 . . . 2",
        " 1 X . . 1",
        "   A B C",
    ])


@pytest.mark.parametrize("komi", [float("nan"), float("inf"), -float("inf")])
def test_komi_must_be_finite(komi):
    with pytest.raises(ValueError):
        Game(9, komi=komi)
    assert Game(9, komi=-3.5).score() == 3.5   # negative komi is allowed


def test_from_ascii_records_its_position_as_the_start():
    drawing = """
        . . .
        . X .
        . . O
        """
    game = Game.from_ascii(drawing)
    assert game.start_hash == game.board.hash != Game(3).start_hash
    assert Game.from_ascii(drawing.replace("O", "X")).start_hash != game.start_hash
