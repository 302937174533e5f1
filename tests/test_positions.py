"""Hand-written positions: each rule shown on a drawing, checked on Game and the reference board."""
from __future__ import annotations

import pytest
from reference_board import BLACK, WHITE, ReferenceGame

from mango.engine import Game, IllegalMoveError, NotationError


def reference_of(game: Game) -> ReferenceGame:
    ref = ReferenceGame(game.size)
    for colour in (BLACK, WHITE):
        for point in game.board.stones(colour):
            ref.board.grid[game.board.xy(point)] = colour
    ref.seen = {ref.board.position()}
    return ref


def test_ascii_round_trip():
    game = Game.from_ascii("""
        . X O .
        X O . O
        . X O .
        . . . .
    """)
    assert game.size == 4
    assert game.stones("b") == ["B2", "A3", "B4"]
    assert game.stones("w") == ["C2", "B3", "D3", "C4"]
    again = Game.from_ascii(str(game))
    assert str(again) == str(game)
    assert again.board.hash == game.board.hash


def test_ascii_row_of_stones_is_not_taken_for_column_letters():
    game = Game.from_ascii("X O X\n. . .\n. . .")
    assert game.stones("b") == ["A3", "C3"]


@pytest.mark.parametrize("drawing", [
    "X .\n. . .",          # not square
    "X O\nO X",            # every stone without a liberty
    ". Z\n. .",            # unknown symbol
    ". . .\n",             # one row is no board
])
def test_ascii_rejects_bad_drawings(drawing):
    with pytest.raises(ValueError):
        Game.from_ascii(drawing)


def test_snapback():
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X X X . .
        . X O O O X .
        . X O . . X .
    """)
    assert game.play("b", "D1") == 0          # throw-in, a lone stone in atari
    assert game.play("w", "E1") == 1          # White takes it...
    assert game.board.ko_point is None        # (a capture by a 5-stone group is not a ko)
    assert game.play("b", "D1") == 5          # ...and Black takes back five
    assert game.stones("w") == []
    assert game.captures == {"b": 5, "w": 1}


def test_one_move_captures_two_groups():
    game = Game.from_ascii("""
        . . . . .
        . X . X .
        X O . O X
        . X . X .
        . . . . .
    """)
    assert game.play("b", "C3") == 2
    assert game.colour_at("B3") is None and game.colour_at("D3") is None
    assert game.board.liberties(game.board.point(2, 2)) == 4


def test_capture_relieves_what_would_be_suicide():
    game = Game.from_ascii("""
        . . . .
        X . . .
        O X . .
        . O X .
    """)
    assert game.board.illegal_reason(game.board.point(0, 0), BLACK) is None
    assert game.play("b", "A1") == 2    # takes A2 and B1, which both hang on A1


@pytest.mark.parametrize("move", ["b A1", "b C3"])
def test_suicide_is_illegal_and_changes_nothing(move):
    game = Game.from_ascii("""
        . O O .
        O X . O
        X O O .
        . O . .
    """)
    # A1 fills the last liberty of A2; C3 the last liberty of B3; neither captures.
    before = (str(game), game.board.hash, game.to_move)
    colour, vertex = move.split()
    with pytest.raises(IllegalMoveError) as error:
        game.play(colour, vertex)
    assert error.value.reason == "suicide"
    assert (str(game), game.board.hash, game.to_move) == before
    assert reference_of(game).illegal_reason(game.board.xy(game.point(vertex)), BLACK) == "suicide"


def test_occupied_off_board_and_malformed():
    game = Game(9)
    game.play("b", "e5")
    with pytest.raises(IllegalMoveError, match="occupied"):
        game.play("w", "E5")
    with pytest.raises(IllegalMoveError, match="off board"):
        game.play("w", "T19")
    for bad in ["I5", "E0", "", "E", "55", "pass2"]:
        with pytest.raises(NotationError):
            game.play("w", bad)
    with pytest.raises(NotationError):
        game.play("red", "D4")
    assert len(game.moves) == 1


KO = """
    . . . . .
    . X O . .
    X O . O .
    . X O . .
    . . . . .
"""


def test_ko_cannot_be_retaken_at_once_but_can_a_move_later():
    game = Game.from_ascii(KO)
    assert game.play("b", "C3") == 1               # Black takes the ko
    assert game.board.ko_point == (game.board.point(1, 2), WHITE)
    with pytest.raises(IllegalMoveError) as error:
        game.play("w", "B3")
    assert error.value.reason == "ko"
    assert game.is_legal("b", "B3")                 # the ban is White's alone
    game.play("w", "E1")                            # a ko threat elsewhere
    game.play("b", "E5")                            # answered
    assert game.play("w", "B3") == 1                # now the retake is legal
    assert game.board.ko_point == (game.board.point(2, 2), BLACK)


def test_pass_lifts_the_ko_ban():
    game = Game.from_ascii(KO)
    game.play("b", "C3")
    game.play("w", "pass")
    game.play("b", "pass")
    # the position after W B3 would repeat the starting position: superko, not simple ko
    assert game.illegal_reason("w", "B3") == "superko"


TRIPLE_KO = """
    . X O . . . X O .
    X O . O . X . X O
    . X O . . . X O .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""
# Each side takes a ko in turn; the sixth capture, W B4, would bring back the starting position.
TRIPLE_KO_CYCLE = [("b", "C8"), ("w", "G8"), ("b", "C4"), ("w", "B8"), ("b", "H8")]


def test_triple_ko_cycle_is_stopped_by_positional_superko():
    game = Game.from_ascii(TRIPLE_KO)
    ref = reference_of(game)
    start = game.board.hash
    for colour, vertex in TRIPLE_KO_CYCLE:
        assert game.play(colour, vertex) == 1, vertex
        ref.play(game.board.xy(game.point(vertex)), BLACK if colour == "b" else WHITE)
    # White's retake of the third ko is no simple-ko violation, but it recreates the start.
    assert game.board.illegal_reason(game.board.point(1, 3), WHITE) is None
    assert game.illegal_reason("w", "B4") == "superko"
    assert ref.illegal_reason((1, 3), WHITE) == "superko"
    with pytest.raises(IllegalMoveError, match="superko"):
        game.play("w", "B4")
    assert game.board.hash != start and len(game.moves) == 5
    game.play("w", "pass")                           # positional: passes do not lift the bar
    game.play("b", "pass")
    assert game.illegal_reason("w", "B4") == "superko"


def test_undo_restores_ko_and_superko_history():
    game = Game.from_ascii(KO)
    game.play("b", "C3")
    game.undo()
    assert game.board.ko_point is None
    assert game.is_legal("b", "C3")
    with pytest.raises(ValueError):
        Game(9).undo()


EYES = """
    . X . X . . .
    X X X X . . .
    . . . . . . .
    . X X X . . .
    X X . X X . .
    . X X X O . .
    X . X . X . .
"""


@pytest.mark.parametrize("vertex, colour, expected", [
    ("A7", BLACK, True),    # corner eye, its only diagonal (B6) black
    ("C7", BLACK, True),    # edge eye, diagonals B6 and D6 black
    ("C3", BLACK, True),    # centre eye with one white diagonal (E2) of four: still true
    ("B1", BLACK, True),    # edge eye, diagonals A2 and C2 black
    ("D1", BLACK, False),   # edge eye with a white diagonal (E2): false
    ("C3", WHITE, False),   # not White's eye at all
    ("E7", BLACK, False),   # open point
])
def test_true_and_false_eyes(vertex, colour, expected):
    game = Game.from_ascii(EYES)
    point = game.point(vertex)
    assert game.board.is_true_eye(point, colour) is expected
    assert reference_of(game).board.is_true_eye(game.board.xy(point), colour) is expected


def test_centre_eye_with_two_opponent_diagonals_is_false():
    game = Game.from_ascii("""
        . . . . .
        . O X O .
        . X . X .
        . . X . .
        . . . . .
    """)
    point = game.point("C3")
    assert not game.board.is_true_eye(point, BLACK)
    game2 = Game.from_ascii("""
        . . . . .
        . O X X .
        . X . X .
        . X X . .
        . . . . .
    """)
    assert game2.board.is_true_eye(game2.point("C3"), BLACK)


def test_seki_shared_liberties_count_for_nobody():
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X X X X . .
        O O O O X . .
        . X . O X . .
    """, komi=0.0)
    # A seki: whoever plays A1 or C1 puts their own group in atari.
    for colour in ("b", "w"):
        for vertex in ("A1", "C1"):
            trial = Game.from_ascii(str(game))
            trial.play(colour, vertex)
            assert trial.board.in_atari(trial.point(vertex))
    black_stones, white_stones, neutral = 8, 5, 2
    assert game.board.area() == (49 - white_stones - neutral, white_stones)
    assert reference_of(game).board.area() == game.board.area()
    assert game.score() == 49 - 2 * white_stones - neutral
    assert black_stones == len(game.stones("b"))


def test_dame_between_living_groups_is_neutral_and_komi_counts():
    game = Game.from_ascii("""
        X . O
        X . O
        X . O
    """, komi=0.5)
    assert game.board.area() == (3, 3)
    assert game.score() == -0.5
    assert game.result() == "W+0.5"


def test_empty_board_scores_zero_area():
    assert Game(9, komi=7.0).score() == -7.0
    assert Game(2, komi=0).score() == 0


@pytest.mark.parametrize("size", [2, 3, 9, 19])
def test_whole_board_territory(size):
    game = Game(size, komi=0)
    game.play("b", "A1")
    assert game.board.area() == (size * size, 0)
