"""Area and territory scoring (engine/rules.py): the relation the search's Japanese scoring rests
on, prisoners, dead stones and seki."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mango.engine import Game
from mango.engine.rules import rules_named, stone_balance, territory_score
from mango.engine.status import final_score


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from([5, 7, 9]), seed=st.integers(0, 2 ** 32 - 1),
       moves=st.integers(0, 200), handicap=st.booleans())
def test_area_and_territory_differ_by_the_stones_each_side_placed(size, seed, moves, handicap):
    """Aja Huang's relation, exact for every position when every stone counts alive: area
    difference - territory difference = stones Black placed - stones White placed (captured
    ones too; handicap stones are Black's)."""
    rng = random.Random(seed)
    game = Game(size, komi=0.0)
    if handicap and size >= 7:
        game.place_fixed_handicap(2)
    vertices = [f"{c}{r}" for c in "ABCDEFGHJ"[:size] for r in range(1, size + 1)]
    for _ in range(moves):
        colour = game.to_move
        legal = [v for v in vertices if game.colour_at(v) is None and game.is_legal(colour, v)]
        if not legal or rng.random() < 0.03:
            game.play(colour, "pass")
            continue
        game.play(colour, rng.choice(legal))
    area = game.board.area_score()
    territory = territory_score(game.board, 0.0)
    assert area - territory == stone_balance(game)


def walls_after_two_handicap_stones(rules: str) -> Game:
    """9x9, komi 7.5: Black's handicap stones E1 E2 and a wall up column E, White's up F."""
    game = Game(9, komi=7.5, rules=rules)
    game.place_handicap(["E1", "E2"])
    for row in range(3, 10):
        game.play("w", f"F{row}")
        game.play("b", f"E{row}")
    game.play("w", "F1")
    game.play("b", "pass")
    game.play("w", "F2")
    return game


def test_area_rules_give_white_a_point_for_each_handicap_stone():
    """As GNU Go's --chinese-rules (given the stones by set_free_handicap: W+0.5 here), KGS's
    Chinese rules and KataGo's "chinese" count: Black's 45 points against White's 36, komi 7.5
    and 2 for the stones. Territory rules give nothing for them: each side's placed stones cost
    it nothing there."""
    game = walls_after_two_handicap_stones("chinese")
    assert game.scoring_komi == 9.5
    assert game.score() == 45 - 36 - 9.5
    assert final_score(game, {}) == game.score()
    japanese = walls_after_two_handicap_stones("japanese")
    assert japanese.scoring_komi == 7.5
    assert japanese.score() == 36 - 27 - 7.5
    even = Game(9, komi=7.5)
    even.set_up(black=["E1", "E2"], to_move="w")          # stones set up are no handicap
    assert even.scoring_komi == 7.5


def test_dead_stones_are_prisoners_and_their_points_territory():
    """White's two stones inside Black's area are dead: under territory rules they are Black's
    prisoners and their points Black's territory."""
    game = Game.from_ascii("""
. . . X . O .
. O . X . O .
. . . X . O .
. . . X . O .
. . . X . O .
. . . X . O .
. O . X . O .
""", komi=0.0, rules="japanese")
    dead = {game.point("B6"): "dead", game.point("B1"): "dead"}
    assert final_score(game, dead) == 21 + 2 - 7
    assert game.score() == 0 + 0 - 7             # as the stones stand: no black territory
    game.rules = "chinese"
    assert final_score(game, dead) == (7 + 21) - (7 + 7)


def test_no_territory_beside_a_stone_in_seki():
    """Black's eye at A5 is a point of territory, unless the stones around it are in seki (as
    final_status would call them): Japanese rules count nothing there."""
    game = Game.from_ascii("""
. X O . .
X X O . .
O O O . .
. . . . .
. . . . .
""", komi=0.0, rules="japanese")
    black = frozenset(map(game.point, game.stones("b")))
    assert territory_score(game.board, 0.0) == 1 - 16
    assert territory_score(game.board, 0.0, seki=black) == 0 - 16
    seki = {p: "seki" for p in black}
    assert final_score(game, seki) == -16
    game.rules = "chinese"
    assert final_score(game, seki) == (3 + 1) - (5 + 16)     # area scoring counts the eye


@pytest.mark.parametrize("name,rules", [("Japanese", "japanese"), ("korean", "japanese"),
                                        ("chinese", "chinese"), ("AGA", "chinese"),
                                        ("tromp-taylor", "chinese"), ("new_zealand", "chinese")])
def test_rule_set_names_of_kgs_and_katago(name, rules):
    assert rules_named(name) == rules


def test_an_unknown_rule_set_is_refused():
    with pytest.raises(ValueError, match="unknown rules"):
        rules_named("ing-goe")


def test_open_points_count_a_board_with_one_colour_as_all_open():
    """The territory endgame (open_points under ENDGAME_OPEN: passes searched first, the tree's
    double pass counted with the dead removed) begins when territories are closed, not at the
    second move: a lone stone, or a handicap before White's first move, once counted as owning
    the whole board (0 open points)."""
    from mango.engine.rules import ENDGAME_OPEN, open_points

    game = Game(9, 6.5, rules="japanese")
    assert open_points(game.board) == 81
    game.play("b", "E5")
    assert open_points(game.board) == 80
    handicap = Game(9, 0.5, rules="japanese")
    handicap.place_fixed_handicap(4)
    assert open_points(handicap.board) == 77
    closed = Game.from_ascii("""
        . X . X O . O
        X X X X O O O
        X X X X O . O
        X . X X O O O
        X X X X O . O
        X . X X O O O
        X X X X O . O
        """, komi=0.5, rules="japanese")
    assert open_points(closed.board) < ENDGAME_OPEN
