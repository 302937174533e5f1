"""The Mango playout policy: exact incremental urgencies, legal moves, the capture/save values
and each refinement on positions drawn in ASCII."""
from __future__ import annotations

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from reference_board import ReferenceBoard
from test_status import CORNER_SEKI, THROW_IN_NAKADE

from mango.engine import Board, Game
from mango.engine import pattern3
from mango.engine.board import PASS_POINT as PASS
from mango.engine.config import ConfigError, PlayoutConfig
from mango.engine.playout import MangoPlayout, ReplyTable, play_playout, run_playouts

ALL_OFF = dict(avoid_self_atari=False, local_answers=False, nakade=False, answer_atari=False,
               defend_two_liberties=False, ladder_saves=False, ladder_atari_weight=0, nakade_self_atari=False,
               avoid_single_self_atari=False, proximity_diagonal_factor=1, random_move_probability=0.0)
ALL_ON = dict(avoid_self_atari=True, local_answers=True, nakade=True, answer_atari=True,
              defend_two_liberties=True, filter_random_moves=True, ladder_saves=True, ladder_atari_weight=10_000,
              nakade_self_atari=True, fill_board_tries=4, light_after_atari=True,
              two_liberty_attack=True, two_liberty_attack_probability=0.5, ko_fight_probability=0.4,
              avoid_single_self_atari=True, proximity_diagonal_factor=3, nakade_kills_only=True, nakade_size=5,
              self_atari_redirect=True, eye_fix=True, two_liberty_race_libs=4, two_liberty_throw_in=True,
              distinct_answers=True)


@pytest.mark.parametrize("size, seed, switches", [
    (5, 1, ALL_ON), (7, 2, {}), (9, 3, ALL_ON), (9, 4, ALL_OFF), (9, 5, {"patterns": False}),
    (13, 6, ALL_ON), (19, 7, {}), (19, 8, {**ALL_ON, "proximity_factor": 1}),
    (9, 9, {"pattern_exponent": 0}), (13, 10, {**ALL_ON, "pattern_exponent": 0}),
])
def test_incremental_urgencies_equal_a_recomputation_after_every_move(size, seed, switches):
    playout = MangoPlayout(Board(size), PlayoutConfig(**switches), seed=seed)
    moves = 0
    while playout.board.passes < 2 and moves < 3 * size * size:
        playout.step()
        playout.check()
        moves += 1
    assert moves > size * size // 2
    playout.board.check_invariants()


@pytest.mark.parametrize("size, seed, switches", [(s, seed, switches) for s in (3, 5, 9, 13, 19)
                                                  for seed, switches in ((1, {}), (2, ALL_ON))])
def test_mango_playout_moves_are_legal_and_never_fill_own_true_eyes(size, seed, switches):
    board = Board(size)
    config = PlayoutConfig(**switches)
    moves = play_playout(board.copy(), seed=seed, config=config)
    ref = ReferenceBoard(size)
    colour = 1
    for point in moves:
        if point != PASS:
            xy = board.xy(point)
            assert ref.illegal_reason(xy, colour) is None
            assert not ref.is_true_eye(xy, colour)
        ref.play(None if point == PASS else board.xy(point), colour)
        colour = 3 - colour
    final = board.copy()
    assert play_playout(final, seed=seed, config=config) == moves       # same seed, same game
    assert {final.xy(p) for p in final.stones(1)} == ref.stones(1)
    assert final.area() == ref.area()


def urgencies(drawing: str, to_move: str = "b", **switches) -> tuple[Game, dict]:
    game = Game.from_ascii(drawing, to_move=to_move)
    playout = MangoPlayout(game.board, PlayoutConfig(**{**ALL_OFF, **switches}))
    colour = 1 if to_move == "b" else 2
    return game, {game.vertex(p): u for p, u in playout.urgencies(colour).items()}


def pattern_value(game: Game, vertex: str, colour: int) -> int:
    return pattern3.value(pattern3.code_at(game.board, game.point(vertex)), colour)


def test_capture_value_is_50000_per_captured_stone():
    game, u = urgencies("""
        . . . . . .
        . X X X . .
        X O O O X .
        . X X . . .
        . . . . . .
        . . . . . .
    """)
    # White's B4-C4-D4 hangs on D3.
    assert game.board.in_atari(game.point("B4")) and len(game.board.group_stones(game.point("B4"))) == 3
    assert u["D3"] == 50_000 * 3 + pattern_value(game, "D3", 1)
    assert u["E3"] == pattern_value(game, "E3", 1)


def test_save_value_is_5000_per_stone_given_two_liberties():
    game, u = urgencies("""
        . . . . .
        . . . . .
        . O . . .
        O X X O .
        . O O . .
    """)
    # Black's B2-C2 hangs on C3; extending there gives D3 and C4.
    assert game.board.in_atari(game.point("B2"))
    assert u["C3"] == 5_000 * 2 + pattern_value(game, "C3", 1)


def test_no_save_value_when_the_extension_stays_in_atari():
    game, u = urgencies("""
        . . . . .
        . O . O .
        . O . O .
        O X X O .
        . O O . .
    """, avoid_self_atari=False)
    # C3 would leave B2-C2-C3 with C4 alone.
    assert game.board.in_atari(game.point("B2"))
    assert u["C3"] == pattern_value(game, "C3", 1)


def test_proximity_multiplies_the_points_next_to_the_last_move():
    game = Game(9)
    game.play("b", "E5")
    playout = MangoPlayout(game.board, PlayoutConfig(**ALL_OFF))
    u = {game.vertex(p): v for p, v in playout.urgencies(2).items()}
    for vertex in ("E6", "E4", "D5", "F5"):
        assert u[vertex] == 20 * pattern_value(game, vertex, 2)
    assert u["D6"] == pattern_value(game, "D6", 2)        # a diagonal is at distance 2


SELF_ATARI = """
    . . . . .
    . O . O .
    O X X . O
    . O O O .
    . . . . .
"""


def test_self_atari_of_several_stones_is_refused():
    # Black B3-C3 has C4 and D3; D3 would leave the three stones hanging on C4.
    game, u = urgencies(SELF_ATARI, avoid_self_atari=True)
    assert "D3" not in u and "C4" in u
    game, u = urgencies(SELF_ATARI, avoid_self_atari=False)
    assert "D3" in u


def test_a_lone_stone_may_still_go_into_atari():
    game, u = urgencies(SELF_ATARI, avoid_self_atari=True)
    # A4 has A5 alone as liberty, but it is a single stone (a throw-in is often good).
    assert game.board.illegal_reason(game.point("A4"), 1) is None
    assert "A4" in u


EYE_SPACE = """
    . . . . . . .
    . O O O O O .
    . O . . . . .
    . O O O O O .
    . . . . . . .
    . . . . . . .
    . . . . . . .
"""


@pytest.mark.parametrize("nakade", [True, False])
def test_nakade_bonus_on_the_vital_point_of_a_three_point_eye_space(nakade):
    game = Game.from_ascii(EYE_SPACE, to_move="w")
    game.play("w", "F5")               # closes the eye space C5-D5-E5
    playout = MangoPlayout(game.board, PlayoutConfig(**{**ALL_OFF, "nakade": nakade}))
    u = {game.vertex(p): v for p, v in playout.urgencies(1).items()}
    assert u["C5"] == pattern_value(game, "C5", 1)
    assert u["E5"] == 20 * pattern_value(game, "E5", 1)        # next to F5, no more
    assert u["D5"] == pattern_value(game, "D5", 1) + (50_000 if nakade else 0)


PYRAMID_EYE = """
    . . . . . . .
    . O O O O O .
    . O . . . . .
    . O O . O O .
    . . O O O . .
    . . . . . . .
    . . . . . . .
"""
BULKY_EYE = PYRAMID_EYE.replace(". O O . O O .", ". O O . . O .")
T_FIVE_EYE = """
    . . . . . . .
    . O O O O O .
    . O . . . . .
    . O O . O O .
    . . O . O . .
    . . . O . . .
    . . . . . . .
"""


@pytest.mark.parametrize("shape, size, bonus", [
    (PYRAMID_EYE, 3, False), (PYRAMID_EYE, 4, True), (PYRAMID_EYE, 5, True),
    (BULKY_EYE, 4, False), (BULKY_EYE, 5, True),
    (T_FIVE_EYE, 5, False),                 # a five without the square lives: no vital point
])
def test_nakade_size_reaches_the_pyramid_four_and_the_bulky_five(shape, size, bonus):
    game = Game.from_ascii(shape, to_move="w")
    game.play("w", "F5")               # closes the eye space from C5
    playout = MangoPlayout(game.board, PlayoutConfig(**{**ALL_OFF, "nakade": True, "nakade_size": size}))
    u = {game.vertex(p): v for p, v in playout.urgencies(1).items()}
    assert u["D5"] == pattern_value(game, "D5", 1) + (50_000 if bonus else 0)
    assert all(u[v] < 50_000 for v in u if v != "D5")


def test_answer_atari_saves_the_group_the_last_move_put_in_atari():
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """, to_move="w")
    game.play("w", "D3")               # Black's D4 now hangs on E4
    assert game.board.in_atari(game.point("D4"))
    for seed in range(8):
        playout = MangoPlayout(game.board.copy(), PlayoutConfig(**{**ALL_OFF, "answer_atari": True}), seed=seed)
        assert game.vertex(playout.step()) == "E4"


@pytest.mark.parametrize("after", [False, True])
def test_light_after_atari_answers_the_atari_instead_of_a_light_move(after):
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """, to_move="w")
    game.play("w", "D3")               # Black's D4 now hangs on E4
    config = PlayoutConfig(**{**ALL_OFF, "answer_atari": True, "random_move_probability": 1.0,
                              "light_after_atari": after})
    moves = [game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step())
             for seed in range(16)]
    saves = moves.count("E4")
    assert saves == 16 if after else saves < 4
    # with no atari pending the light move is drawn as before: a quiet last move
    game = Game.from_ascii(ONE_OPEN_SPACE, to_move="w")
    game.play("w", "G1")
    moves = {game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step())
             for seed in range(16)}
    assert len(moves) > 8


@pytest.mark.parametrize("attack, chase, race", [(False, True, True), (True, True, True), (True, True, False),
                                                 (True, False, True)])
def test_two_liberty_attack_ataris_where_the_escape_stays_short(attack, chase, race):
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . X . . . . .
        X . . . . . .
        . . . . . . .
    """, to_move="w")
    game.play("w", "B2")               # two liberties, C2 and B1: the chase, with or without the race
    config = PlayoutConfig(**{**ALL_OFF, "two_liberty_attack": attack, "two_liberty_chase": chase,
                              "two_liberty_race": race})
    moves = [game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step())
             for seed in range(16)]
    # Black B1 is answered by C2 with three liberties; Black C2 leaves B1, whose escape has two;
    # the race alone finds C2 too, since B2 touches Black's A2, down to two liberties as well
    if attack:
        assert moves.count("C2") == 16
    else:
        assert "B1" in moves and len(set(moves)) > 2        # the urgency draw's variety


@pytest.mark.parametrize("chase", [True, False])
def test_two_liberty_chase_is_a_switch_of_its_own(chase):
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . X . . . . .
        . . X . . . .
        . . . . . . .
    """, to_move="w")
    game.play("w", "B2")               # two liberties, A2 and B1; Black's B3 and C2 keep three: no race
    config = PlayoutConfig(**{**ALL_OFF, "two_liberty_attack": True, "two_liberty_chase": chase})
    moves = {game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step())
             for seed in range(32)}
    assert (moves <= {"A2", "B1"}) is chase


def test_two_liberty_attack_probability_looks_on_that_share_of_the_moves():
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . X . . . . .
        X . . . . . .
        . . . . . . .
    """, to_move="w")
    game.play("w", "B2")               # the atari at C2, as above

    def c2_count(probability):
        config = PlayoutConfig(**{**ALL_OFF, "two_liberty_attack": True,
                                  "two_liberty_attack_probability": probability})
        return [game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step())
                for seed in range(64)].count("C2")

    always, half, never = c2_count(1.0), c2_count(0.5), c2_count(0.0)
    assert always == 64                # the urgency draw alone often plays C2 too (its proximity)
    assert never < half < 64


@pytest.mark.parametrize("attack, chase, race", [(False, True, True), (True, True, True), (True, True, False),
                                                 (True, False, True)])
def test_two_liberty_attack_plays_the_race_s_atari(attack, chase, race):
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O . X . . .
        X X X O . . .
        . . X O . . .
    """, to_move="w")
    game.play("w", "C3")               # Black's four stones down to A1 and B1
    # White's D1-D2 has two liberties too: Black's atari at E2 wins the race
    # (E1 would be an atari too, but White's escape at E2 puts the E1 stone in atari)
    config = PlayoutConfig(**{**ALL_OFF, "two_liberty_attack": attack, "two_liberty_chase": chase,
                              "two_liberty_race": race})
    moves = {game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step())
             for seed in range(200)}
    assert (moves == {"E2"}) is (attack and race)           # the chase alone leaves it to the draw


@pytest.mark.parametrize("race_libs", [2, 3, 4])
def test_two_liberty_race_libs_starts_the_race_from_three_liberties(race_libs):
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . X . . .
        . . . X . . .
        O O . X . . .
        X X X O . . .
        . . . O X . .
    """, to_move="w")
    game.play("w", "C3")               # Black's A2-C2 down to three liberties, A1 B1 C1
    # White's D1-D2 has two, C1 and E2: either atari starts the race a move before Black's
    # group is down to two (the chase finds nothing: C3 joins A3-B3 with three liberties)
    config = PlayoutConfig(**{**ALL_OFF, "two_liberty_attack": True,
                              "two_liberty_race_libs": race_libs})
    moves = {game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step())
             for seed in range(100)}
    assert (moves <= {"C1", "E2"}) is (race_libs > 2)
    assert moves & {"C1", "E2"}


@pytest.mark.parametrize("throw_in", [True, False])
def test_two_liberty_throw_in_kills_a_two_point_eye_in_a_race(throw_in):
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O X X .
        X X X X O . .
        X . . X O . .
        X X X X O . .
    """, to_move="b")
    game.play("b", "F2")               # White's E1-E3 down to two liberties, F1 and F3
    # Black's eleven stones have two liberties too, the eye B2-C2: White's lone stone at either
    # point is in atari, but Black's capture with the other leaves one liberty, and White takes
    # all eleven back (the race won inside the eye); Black's E4-F4 keeps four liberties
    config = PlayoutConfig(**{**ALL_OFF, "two_liberty_attack": True, "two_liberty_chase": False,
                              "two_liberty_throw_in": throw_in})
    moves = {game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step())
             for seed in range(48)}
    assert (moves <= {"B2", "C2"}) is throw_in
    assert len(moves) > 2 or throw_in            # without it, the urgency draw's variety


RACE = """
    . X . X .
    X X X X X
    O O O X .
    X X O X .
    . . O . .
"""


def test_self_atari_redirect_approaches_the_race_from_outside():
    """Black's A2-B2 and White's five stones share the liberty B1, where Black would be in atari:
    a draw that picks B1 plays White's other liberty D1 instead (the atari that wins the race),
    and no other move changes. Every point drawn alike (no patterns), so that B1 comes up often."""
    game = Game.from_ascii(RACE)
    changed = 0
    for seed in range(120):
        moves = [game.vertex(MangoPlayout(game.board.copy(), PlayoutConfig(**{
            **ALL_OFF, "patterns": False, "avoid_self_atari": True, "self_atari_redirect": redirect}),
            seed=seed).step())
            for redirect in (False, True)]
        assert "B1" not in moves and "A1" not in moves      # the self-ataris stay refused
        if moves[0] != moves[1]:
            assert moves[1] == "D1"
            changed += 1
    assert changed > 10


EYE_IN_THE_MIDDLE = """
    . . . . . . .
    . . . . . . .
    . . X X X . .
    . . X . X . .
    . . . X . . .
    . . . . . . .
    . . . . . . .
"""

EYE_ON_THE_EDGE = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . X X . . .
    . . X . X . .
"""


@pytest.mark.parametrize("position, white, fix", [
    (EYE_IN_THE_MIDDLE, "E3", "C3"),    # White takes one diagonal of D4: C3 is the last one
    (EYE_ON_THE_EDGE, "F2", "E2"),      # White's approach lets it take E2, D1's one diagonal
])
def test_eye_fix_fills_the_diagonal_that_would_make_the_eye_false(position, white, fix):
    """Black's eye stays an eye: with eye_fix the playout fills the diagonal White threatens to
    take; without, that point is one of the many an urgency draw picks (no patterns)."""
    game = Game.from_ascii(position, to_move="w")
    game.play("w", white)
    moves = {eye_fix: [game.vertex(MangoPlayout(game.board.copy(), PlayoutConfig(
        **{**ALL_OFF, "patterns": False, "eye_fix": eye_fix}), seed=seed).step())
        for seed in range(60)] for eye_fix in (False, True)}
    assert set(moves[True]) == {fix}
    assert moves[False].count(fix) < 30       # the draw alone picks it now and then


def test_eye_fix_leaves_an_eye_that_needs_no_fix():
    """Two empty diagonals left (White cannot make the eye false in one move there, nor Black
    fix it in one), or a false eye already: the rule says nothing and the draw decides."""
    game = Game.from_ascii(EYE_IN_THE_MIDDLE.replace(". . X X X . .", ". . . X X . ."),
                           to_move="w")
    game.play("w", "E3")
    moves = {game.vertex(MangoPlayout(game.board.copy(), PlayoutConfig(
        **{**ALL_OFF, "patterns": False, "eye_fix": True}), seed=seed).step())
        for seed in range(60)}
    assert len(moves) > 10


KO = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . X O . . .
    . X . X O . .
    . . X O . . .
    . . . . . . .
"""


def _ko_fight_moves(probability: float, replies: list[str], seeds: int = 100) -> list[str]:
    """The next playout move after White takes the ko at C3 and the players answer with `replies`."""
    game = Game.from_ascii(KO, to_move="w")
    moves = []
    for seed in range(seeds):
        playout = MangoPlayout(game.board.copy(), PlayoutConfig(ko_fight_probability=probability),
                               seed=seed)
        playout.play(game.point("C3"), 2)                   # takes D3: Black may not retake at once
        colour = 1
        for vertex in replies:
            playout.play(game.point(vertex), colour)
            colour = 3 - colour
        moves.append(game.vertex(playout.step()))
    return moves


@pytest.mark.parametrize("replies", [["G7"], ["F6"], ["G7", "A7"]])
def test_ko_fight_takes_the_ko_point_once_its_ban_lifts(replies):
    # White connects at D3 after Black's threat; Black takes back at D3 when White ignored it
    assert _ko_fight_moves(1.0, replies) == ["D3"] * 100
    # without it the urgencies (the save and capture bonuses) play D3 often, but not always
    assert 40 < _ko_fight_moves(0.0, replies).count("D3") < 100


def test_ko_fight_ends_after_its_age():
    # four moves after the capture the ko point is the urgency draw's again
    assert _ko_fight_moves(1.0, ["G7", "A7", "G1", "A1"]).count("D3") < 100


def test_policies_give_different_but_reproducible_statistics():
    board = Board(9)
    mango = run_playouts(board, 300, seed=11, policy="mango")
    assert run_playouts(board, 300, seed=11, policy="mango") == mango
    assert run_playouts(board, 300, seed=11, policy="light") != mango
    assert run_playouts(board, 300, seed=11, config=PlayoutConfig(patterns=False)) != mango


@pytest.mark.parametrize("changes", [
    {"policy": "heavy"}, {"capture_weight": -1}, {"proximity_factor": 0}, {"local_probability": 1.5},
    {"nakade": "yes"}, {"local_min_value": 0}, {"capture_weight": 2.5},
])
def test_config_validation(changes):
    with pytest.raises(ConfigError):
        PlayoutConfig(**changes)
    with pytest.raises(ConfigError):
        PlayoutConfig().replace(unknown_setting=1)


def test_capturing_a_huge_group_keeps_the_urgencies_exact():
    rows = [". " + "O " * 18] + ["O " * 19] * 16 + ["X " * 19, ". " * 19]
    game = Game.from_ascii("\n".join(rows), to_move="b")     # White: 322 stones hanging on A19
    playout = MangoPlayout(game.board, PlayoutConfig(**ALL_ON))
    playout.check()
    playout.play(game.point("A19"), 1)
    assert len(playout.board.stones(2)) == 0 and playout.board.captures == (322, 0)
    playout.check()
    for _ in range(60):
        playout.step()
        playout.check()


LADDER = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . O . . . . .
    . . O X O . . . .
    . . . . O . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


def test_ladder_reader_finds_the_ladder_and_its_breaker():
    from mango.engine.playout import ladder_attack
    game = Game.from_ascii(LADDER, to_move="b")
    game.play("b", "D3")                        # D4-D3 now has C3 and D2
    assert game.vertex(ladder_attack(game.board, game.point("D4"), 2)) == "D2"
    broken = Game.from_ascii(LADDER.replace(". . O X O", "X . O X O", 1), to_move="b")
    broken.play("b", "D3")                      # A4 is not on the path: still a ladder
    assert broken.vertex(ladder_attack(broken.board, broken.point("D4"), 2)) == "D2"
    breaker = Game.from_ascii(LADDER.replace(". . . . O . . . .", ". X . . O . . . .", 1),
                              to_move="b")
    breaker.play("b", "D3")                     # B3 joins C3 after the atari at D2
    assert ladder_attack(breaker.board, breaker.point("D4"), 2) is None


@pytest.mark.parametrize("ladder_saves", [True, False])
def test_no_save_value_for_running_out_a_ladder(ladder_saves):
    game, u = urgencies(LADDER, ladder_saves=ladder_saves)
    assert game.board.in_atari(game.point("D4"))
    bonus = 0 if ladder_saves else 5_000
    assert u["D3"] == bonus + pattern_value(game, "D3", 1)
    # with a ladder breaker on B3 the save keeps its value
    game, u = urgencies(LADDER.replace(". . . . O . . . .", ". X . . O . . . .", 1),
                        ladder_saves=ladder_saves)
    assert u["D3"] == 5_000 + pattern_value(game, "D3", 1)


def test_ladder_atari_bonus_on_the_working_atari():
    game = Game.from_ascii(LADDER, to_move="b")
    game.play("b", "D3")
    playout = MangoPlayout(game.board, PlayoutConfig(**{**ALL_OFF, "ladder_atari_weight": 10_000}))
    u = {game.vertex(p): v for p, v in playout.urgencies(2).items()}
    assert u["D2"] == 20 * (pattern_value(game, "D2", 2) + 2 * 10_000)
    assert u["C3"] == 20 * pattern_value(game, "C3", 2)


NAKADE_SPACE = """
    . . . . . . .
    O O O O O . .
    O . X . O . .
    O O O O O . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
"""


def test_nakade_self_atari_is_allowed_when_switched_on():
    game, u = urgencies(NAKADE_SPACE, avoid_self_atari=True)
    assert "B5" not in u and "D5" not in u          # two stones in atari
    game, u = urgencies(NAKADE_SPACE, avoid_self_atari=True, nakade_self_atari=True)
    assert "B5" in u and "D5" in u                  # but inside White's eye space
    game, u = urgencies(SELF_ATARI, avoid_self_atari=True, nakade_self_atari=True)
    assert "D3" not in u                            # an open self-atari stays refused


# A seki in the corner (CORNER_SEKI, from tests/test_status.py): Black's H2 puts three stones in
# atari inside White's enclosure, a nakade shape by its outline, but White's group has the eye F1
# besides: capturing them gives it two eyes, so the move only gives the stones away and ends the
# seki. THROW_IN_NAKADE: White's G9 throws in three stones that Black must capture, which leaves
# Black's group (its only space G9-J9) a straight three that White kills.
# Black's E5 makes a straight four inside White's enclosure: captured, it leaves White a space
# that makes two eyes however Black plays in it.
STRAIGHT_FOUR = """
    . . . . . . .
    O O O O O O O
    O X X X . . O
    O O O O O O O
    . . . . . . .
    . . . . . . .
    . . . . . . .
"""

# Killing shapes of four: Black's C4 completes a square (SQUARE_FOUR) or a pyramid (PYRAMID_FOUR)
# inside White's enclosure, each with its one liberty inside too.
SQUARE_FOUR = """
    . . . . . . .
    O O O O O . .
    O X X . O . .
    O X . O O . .
    O O O O . . .
    . . . . . . .
    . . . . . . .
"""
PYRAMID_FOUR = """
    . . . . . . .
    O O O O O O .
    O X X X . O .
    O O . O O O .
    . O O O . . .
    . . . . . . .
    . . . . . . .
"""


def test_nakade_kills_only_keeps_sekis_and_killing_throw_ins():
    on = dict(avoid_self_atari=True, nakade_self_atari=True)
    game, u = urgencies(CORNER_SEKI, **on)
    assert "H2" in u                                # by the outline alone, a nakade
    game, u = urgencies(CORNER_SEKI, **on, nakade_kills_only=True)
    assert "H2" not in u                            # White's F1 makes it a seki to keep
    game, u = urgencies(THROW_IN_NAKADE, to_move="w", **on, nakade_kills_only=True)
    assert "G9" in u                                # Black has no other eye: the throw-in kills
    game, u = urgencies(NAKADE_SPACE, **on, nakade_kills_only=True)
    assert "B5" in u and "D5" in u
    game, u = urgencies(STRAIGHT_FOUR, **on)
    assert "E5" in u
    game, u = urgencies(STRAIGHT_FOUR, **on, nakade_kills_only=True)
    assert "E5" not in u                            # a straight four is no killing shape
    for drawing in (SQUARE_FOUR, PYRAMID_FOUR):
        game, u = urgencies(drawing, **on, nakade_kills_only=True)
        assert "C4" in u


@pytest.mark.parametrize("ladder_saves", [True, False])
def test_answer_atari_does_not_run_out_a_ladder_when_ladder_saves(ladder_saves):
    game = Game.from_ascii(LADDER.replace(". . . O . . . . .", ". . . . . . . . .", 1), to_move="w")
    game.play("w", "D5")               # Black's D4 now hangs on D3, a ladder
    assert game.board.in_atari(game.point("D4"))
    config = PlayoutConfig(**{**ALL_OFF, "answer_atari": True, "ladder_saves": ladder_saves})
    moves = {game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step()) for seed in range(8)}
    assert (moves == {"D3"}) == (not ladder_saves)


def test_proximity_diagonal_factor_multiplies_the_diagonals_of_the_last_move():
    game = Game(9)
    game.play("b", "E5")
    playout = MangoPlayout(game.board, PlayoutConfig(**{**ALL_OFF, "proximity_diagonal_factor": 3}))
    u = {game.vertex(p): v for p, v in playout.urgencies(2).items()}
    for vertex in ("D6", "F6", "D4", "F4"):
        assert u[vertex] == 3 * pattern_value(game, vertex, 2)
    assert u["E6"] == 20 * pattern_value(game, "E6", 2)
    assert u["E7"] == pattern_value(game, "E7", 2)


LONE = """
    . . . . .
    . . . . .
    . . O . .
    . O . O .
    . . . . .
"""

LONE_CLOSED = """
    . . . . .
    . . . . .
    . . O . .
    . O . O .
    . O . O .
"""


def test_avoid_single_self_atari_keeps_throw_ins_only():
    game, u = urgencies(LONE, avoid_single_self_atari=False)
    assert "C2" in u                                    # a lone stone hanging on C1
    game, u = urgencies(LONE, avoid_single_self_atari=True)
    assert "C2" not in u
    game, u = urgencies(LONE_CLOSED,
                        avoid_single_self_atari=True)
    assert "C2" in u                                    # C2 and C1 inside White's wall
    game, u = urgencies(SELF_ATARI, avoid_single_self_atari=True)
    assert "A4" in u                                    # puts White's A3 in atari


@pytest.mark.parametrize("exponent", [0.5, 1.0, 2.0])
def test_pattern_exponent_maps_the_pattern_values(exponent):
    game = Game(9)
    game.play("b", "E5")
    playout = MangoPlayout(game.board, PlayoutConfig(**{**ALL_OFF, "pattern_exponent": exponent}))
    u = {game.vertex(p): v for p, v in playout.urgencies(2).items()}
    for vertex in ("A1", "C3", "D6", "G7"):
        value = pattern_value(game, vertex, 2)
        assert u[vertex] == max(1, int(2433 * (value / 2433) ** exponent + 0.5))


@pytest.mark.parametrize("size, switches", [(9, {}), (13, ALL_ON)])
def test_flat_patterns_play_as_the_mapped_values_that_are_all_equal(size, switches):
    # pattern_exponent 0 refreshes only the points that change colour (every empty point weighs
    # the same); a tiny exponent maps every value 1..2433 to 2433 too, through the 3x3 codes
    board = Game(size).board
    flat = run_playouts(board, 60, seed=5, config=PlayoutConfig(**{**switches, "pattern_exponent": 0}))
    mapped = run_playouts(board, 60, seed=5, config=PlayoutConfig(**{**switches, "pattern_exponent": 1e-9}))
    assert flat == mapped
    assert flat != run_playouts(board, 60, seed=5, config=PlayoutConfig(**switches))


@pytest.mark.parametrize("percent", [100, 20, 0])
def test_hopeless_capture_percent_scales_only_captures_of_groups_that_cannot_escape(percent):
    game, u = urgencies("""
        . . . . .
        . . . . .
        X . . . .
        O X . . .
        . X . . .
    """, hopeless_capture_percent=percent)
    # White's A2 hangs on A1, where it would still be in atari
    assert u["A1"] == 50_000 * percent // 100 + pattern_value(game, "A1", 1)
    game, u = urgencies("""
        . . . . . .
        . X X X . .
        X O O O X .
        . X X . . .
        . . . . . .
        . . . . . .
    """, hopeless_capture_percent=percent)
    assert u["D3"] == 50_000 * 3 + pattern_value(game, "D3", 1)        # D3 would let it out


def test_random_moves_keep_the_urgencies_exact_and_the_moves_legal():
    board = Board(9)
    config = PlayoutConfig(random_move_probability=0.5)
    playout = MangoPlayout(board.copy(), config, seed=3)
    for _ in range(150):
        if playout.board.passes >= 2:
            break
        playout.step()
        playout.check()
    moves = play_playout(board.copy(), seed=4, config=config)
    ref = ReferenceBoard(9)
    colour = 1
    for point in moves:
        if point != PASS:
            assert ref.illegal_reason(board.xy(point), colour) is None
            assert not ref.is_true_eye(board.xy(point), colour)
        ref.play(None if point == PASS else board.xy(point), colour)
        colour = 3 - colour
    assert play_playout(board.copy(), seed=4, config=config) == moves
    assert play_playout(board.copy(), seed=4, config=PlayoutConfig()) != moves


TWO_LIBERTIES = """
    . . . . . . .
    . . . . . . .
    . . . O . . .
    . . O X X . .
    . . . O . . .
    . . . . . . .
    . . . . . . .
"""


@pytest.mark.parametrize("defend", [True, False])
def test_defend_two_liberties_extends_the_group_the_last_move_shortened(defend):
    game = Game.from_ascii(TWO_LIBERTIES, to_move="w")
    game.play("w", "F4")               # Black's D4-E4 is down to E5 and E3
    config = PlayoutConfig(**{**ALL_OFF, "defend_two_liberties": defend})
    moves = {game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step()) for seed in range(16)}
    assert (moves <= {"E5", "E3"}) == defend


def test_defend_two_liberties_captures_an_attacker_in_atari():
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . . O X X . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
    """, to_move="w")
    game.play("w", "F4")               # D4-E4 is down to E5 and E3; White's C4 hangs on B4
    config = PlayoutConfig(**{**ALL_OFF, "defend_two_liberties": True})
    moves = {game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step()) for seed in range(16)}
    assert "B4" in moves and moves <= {"E5", "E3", "B4"}


ATARI_WITH_ATTACKER_IN_ATARI = """
    . . . . . . .
    . . O O . . .
    . O X X X . .
    . X O O O X .
    . . X X . . .
    . . . . . . .
    . . . . . . .
"""


def test_distinct_answers_draws_a_capture_found_three_times_once():
    """White's E6 puts C5-E5 in atari; it saves by F5 or by capturing C4-E4 at E3, a capture
    found once through each of the three stones that touch it. Counted three times, it crowds
    out the extension; counted once, the draw follows the urgencies alone."""
    extensions = {}
    for distinct in (False, True):
        game = Game.from_ascii(ATARI_WITH_ATTACKER_IN_ATARI, to_move="w")
        game.play("w", "E6")
        config = PlayoutConfig(**{**ALL_OFF, "answer_atari": True, "distinct_answers": distinct})
        moves = [game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step()) for seed in range(300)]
        assert set(moves) == {"E3", "F5"}
        extensions[distinct] = moves.count("F5")
    assert extensions[True] > 2 * extensions[False]


def self_ataris(moves, board_size: int, xy) -> int:
    """How many moves of a playout left their own group of two or more stones in atari without
    capturing (a capture that leaves the capturer in atari is a ko or a snapback: allowed)."""
    ref = ReferenceBoard(board_size)
    colour, count = 1, 0
    for point in moves:
        if point != PASS:
            captured = ref.play(xy(point), colour)
            stones, liberties = ref.chain(xy(point))
            count += len(stones) >= 2 and len(liberties) == 1 and not captured
        else:
            ref.play(None, colour)
        colour = 3 - colour
    return count


@pytest.mark.parametrize("filtered", [True, False])
def test_filter_random_moves_holds_light_moves_to_the_self_atari_rule(filtered):
    board = Board(9)
    config = PlayoutConfig(**{**ALL_OFF, "avoid_self_atari": True, "random_move_probability": 1.0,
                              "filter_random_moves": filtered})
    found = sum(self_ataris(play_playout(board.copy(), seed=seed, config=config), 9, board.xy)
                for seed in range(20))
    assert (found == 0) == filtered


ONE_OPEN_SPACE = """
    . . . . . . .
    . X . O . X .
    . . . . . . .
    . O . . . X .
    . . . . . . .
    . X . O . O .
    . . . . . . .
"""


@pytest.mark.parametrize("tries", [0, 64])
def test_fill_board_plays_in_the_only_open_space(tries):
    game = Game.from_ascii(ONE_OPEN_SPACE)          # D4 is the one point whose 8 neighbours are empty
    config = PlayoutConfig(**{**ALL_OFF, "fill_board_tries": tries})
    moves = [game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step()) for seed in range(32)]
    assert (moves.count("D4") >= 16) == (tries > 0)


def test_fill_board_gives_way_to_a_pending_capture():
    game = Game.from_ascii("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . . . . . . . .
        O X . . . . . . .
        . . . . . . . . .
    """)                                            # White's A2 is in atari: Black captures at A1
    config = PlayoutConfig(**{**ALL_OFF, "proximity_factor": 1, "fill_board_tries": 64})
    moves = [game.vertex(MangoPlayout(game.board.copy(), config, seed=seed).step()) for seed in range(32)]
    assert moves.count("A1") >= 28


# ---- the last good replies (Drake 2009; Baier and Drake 2010) -----------------------------------

def test_the_winner_s_moves_become_replies_and_the_loser_s_are_forgotten():
    game = Game(9)
    c3, d4, e5, f6, g7 = (game.point(v) for v in ("C3", "D4", "E5", "F6", "G7"))
    table = ReplyTable(depth=2)
    # Black C3, White D4, Black E5, White pass, Black F6 after the game's last move G7 (White's)
    table.learn([c3, d4, e5, PASS, f6], first_mover=1, winner=1, last=g7)
    assert table.answer(1, g7) == (None, c3)            # no move before G7: no two-move key
    assert table.answer(1, d4, before_last=c3) == (e5, e5)
    assert table.answer(1, PASS, before_last=e5) == (None, None)      # a pass is never a key
    assert table.answer(2, c3) == (None, None)          # the loser's moves are not stored
    # White wins a simulation where Black answered G7 with C3 and D4 with E5 again: forgotten
    table.learn([c3, d4, e5], first_mover=1, winner=2, last=g7)
    assert table.answer(1, d4, before_last=c3) == (None, None)
    assert table.answer(1, g7) == (None, None)
    assert table.answer(2, c3, before_last=g7) == (d4, d4)
    # a loser's move that was not the stored reply leaves it alone (White's D4 after E5)
    table.learn([e5, d4, f6], first_mover=1, winner=1, last=g7)
    assert table.answer(2, c3, before_last=g7) == (d4, d4)
    assert table.answer(1, g7) == (None, e5)


def test_without_forgetting_a_reply_is_only_replaced():
    game = Game(9)
    c3, d4, e5 = (game.point(v) for v in ("C3", "D4", "E5"))
    table = ReplyTable(depth=1, forget=False)
    table.learn([c3, d4], first_mover=1, winner=2)
    table.learn([c3, d4], first_mover=1, winner=1)
    assert table.answer(2, c3) == (None, d4)
    table.learn([d4, e5, c3], first_mover=2, winner=2, last=c3)
    assert table.answer(2, c3, before_last=d4) == (None, d4)   # depth 1 keeps no two-move replies


@pytest.mark.parametrize("bad", [dict(moves=[500]), dict(moves=[], winner=3), dict(moves=[], last=-2)])
def test_reply_table_refuses_what_is_not_a_move(bad):
    with pytest.raises(ValueError):
        ReplyTable().learn(**{"first_mover": 1, "winner": 1, **bad})


@pytest.mark.parametrize("before, blocked, answer", [("E5", None, "H8"), ("F5", None, "G7"),
                                                   ("E5", "H8", "G7"), ("E5", "G7", "H8")])
def test_a_playout_plays_the_stored_reply_the_two_move_one_first(before, blocked, answer):
    game = Game(9)
    c3, e5, g7, h8 = (game.point(v) for v in ("C3", "E5", "G7", "H8"))
    table = ReplyTable(depth=2)
    table.learn([h8], first_mover=2, winner=2, before_last=e5, last=c3)   # White: E5, C3 -> H8
    table.learn([g7], first_mover=2, winner=2, before_last=PASS, last=c3)  # White: C3 -> G7
    assert table.answer(2, c3, before_last=e5) == (h8, g7)
    for seed in (1, 2):
        playout = MangoPlayout(Board(9), PlayoutConfig(), seed=seed, replies=table)
        if blocked:
            playout.play(game.point(blocked), 1)        # the stored answer is taken: not legal
        playout.play(game.point(before), 2)
        playout.play(c3, 1)
        assert game.vertex(playout.step()) == answer


def test_a_stored_reply_is_held_to_the_urgency_draw_s_refusals():
    game = Game.from_ascii("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O . . . . . .
        X X O . . . . . .
        . X O . . . . . .
    """)
    a1, e5 = game.point("A1"), game.point("E5")
    table = ReplyTable(depth=1)
    table.learn([a1], first_mover=1, winner=1, last=e5)     # Black "answers" E5 by filling A1
    for seed in (1, 2):
        playout = MangoPlayout(game.board.copy(), PlayoutConfig(), seed=seed, replies=table)
        playout.play(e5, 2)
        assert playout.step() != a1     # its own true eye (and suicide)


@pytest.mark.parametrize("first", [True, False])
def test_a_stored_reply_after_the_tactics_gives_way_to_a_pending_capture(first):
    game = Game.from_ascii("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . . . . . . . .
        O X . . . . . . .
        . . . . . . . . .
    """)                                            # White's A2 is in atari: Black captures at A1
    e5, g7 = game.point("E5"), game.point("G7")
    table = ReplyTable(depth=1)
    table.learn([g7], first_mover=1, winner=1, last=e5)
    config = PlayoutConfig(replies_first=first, random_move_probability=0.0)
    for seed in (1, 2):
        playout = MangoPlayout(game.board.copy(), config, seed=seed, replies=table)
        playout.play(e5, 2)
        assert game.vertex(playout.step()) == ("G7" if first else "A1")
    quiet = MangoPlayout(Board(9), config, seed=1, replies=table)   # nothing to capture
    quiet.play(e5, 2)
    assert game.vertex(quiet.step()) == "G7"


# A ladder that runs from the top left across a 13x13 board: White's D11-D10 has two liberties
# (D9 and E10), Black to play; the atari at D9 (marked *) chases it down to the right, the one at
# E10 lets it out. The reader tries the group's two liberties in the order it finds them, which
# the symmetries of the board change, so that over the eight both the first atari tried (read on
# a copy) and the second (read on the board it was found on) lead the chase.
LONG_LADDER = """
    . . . . . . . . . . . . .
    . . . X . . . . . . . . .
    . . X O X . . . . . . . .
    . . X O . . . . . . . . .
    . . . * . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
"""
COLUMNS = "ABCDEFGHJKLMN"


def _symmetries(rows):
    """The eight images of a square grid of characters."""
    images, grid = [], rows
    for _ in range(4):
        grid = [list(row) for row in zip(*grid[::-1])]        # a quarter turn
        images += [grid, [row[::-1] for row in grid]]
    return images


def _find(image, char, beside=None):
    """The vertex of the first `char` in the grid (next to the first `beside`, if given)."""
    near = None if beside is None else next((y, x) for y, row in enumerate(image)
                                            for x, col in enumerate(row) if col == beside)
    return next(COLUMNS[x] + str(len(image) - y) for y, row in enumerate(image)
                for x, col in enumerate(row)
                if col == char and (near is None or abs(near[0] - y) + abs(near[1] - x) == 1))


@pytest.mark.parametrize("breaker", [None, (9, 8), (3, 10)])
def test_ladder_reader_agrees_with_itself_under_every_symmetry(breaker):
    from mango.engine.playout import ladder_attack
    rows = [line.split() for line in LONG_LADDER.strip().splitlines()]
    if breaker:
        rows[breaker[0]][breaker[1]] = "O"      # a White stone on the ladder's path (J4, L10: off it)
    for image in _symmetries(rows):
        game = Game.from_ascii("\n".join(" ".join(row).replace("*", ".") for row in image),
                               to_move="b")
        before = game.board.copy()
        attack = ladder_attack(game.board, game.point(_find(image, "O", beside="*")), 1)
        if breaker == (9, 8):
            assert attack is None
        else:
            assert attack is not None and game.vertex(attack) == _find(image, "*")
        assert [before.stones(c) for c in (1, 2)] == [game.board.stones(c) for c in (1, 2)]


def _random_game(size: int, seed: int, moves: int) -> tuple[Game, list[str]]:
    """A game of up to `moves` random legal moves, and the board's vertices."""
    rng = random.Random(seed)
    game = Game(size)
    vertices = [f"{c}{r}" for c in "ABCDEFGHJKLMNOPQRST"[:size] for r in range(1, size + 1)]
    for _ in range(moves):
        legal = [v for v in vertices if game.colour_at(v) is None and game.is_legal(game.to_move, v)]
        if not legal:
            break
        game.play(game.to_move, rng.choice(legal))
    return game, vertices


def _liberties(game: Game, vertex: str) -> int:
    """The distinct liberties of the group at vertex, by a flood over the public board."""
    size, colour = game.size, game.colour_at(vertex)
    columns = "ABCDEFGHJKLMNOPQRST"[:size]

    def neighbours(v):
        x, y = columns.index(v[0]), int(v[1:]) - 1
        return [f"{columns[a]}{b + 1}" for a, b in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
                if 0 <= a < size and 0 <= b < size]

    stones, liberties, todo = {vertex}, set(), [vertex]
    while todo:
        for n in neighbours(todo.pop()):
            if game.colour_at(n) is None:
                liberties.add(n)
            elif game.colour_at(n) == colour and n not in stones:
                stones.add(n)
                todo.append(n)
    return len(liberties)


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([7, 9, 13]), seed=st.integers(0, 2 ** 32 - 1),
       moves=st.integers(10, 140))
def test_the_save_verdict_is_what_playing_the_save_shows(size, seed, moves):
    """save_is_laddered reads three liberties without playing the move: its verdict on every
    extension of a group in atari must be what playing it shows (fewer than two liberties, or
    two and a ladder that captures)."""
    from mango.engine.playout import ladder_attack, ladder_save_dies
    game, vertices = _random_game(size, seed, moves)
    checked = 0
    for colour, number in (("b", 1), ("w", 2)):
        for v in vertices:
            if game.colour_at(v) is not None or not game.is_legal(colour, v):
                continue
            after = game.copy()
            after.play(colour, v)
            point = after.point(v)
            libs = _liberties(after, v)
            dies = libs < 2 or (libs == 2 and ladder_attack(after.board, point, 3 - number) is not None)
            assert ladder_save_dies(game.board, game.point(v), number) == dies, (colour, v, str(game))
            checked += 1
    event(f"moves checked > 0: {checked > 0}")


def _reference_ladder(board: Board, gp: int, att: int, steps: int = 0) -> tuple[bool, int]:
    """The ladder reader's rules played move by move on copies of the public board, every atari
    tried (no early stop, no budget): whether att captures the two-liberty group at gp, and how
    many ataris the whole tree holds (the reader's budget cannot run out below its 80)."""
    width = board.width

    def liberties(b: Board, p: int) -> list[int]:
        return sorted({q for s in b.group_stones(p) for q in (s - width, s - 1, s + 1, s + width)
                       if b.on_board(q) and b.colour_at(q) == 0})

    libs = liberties(board, gp)
    if steps >= 40 or len(libs) != 2:
        return False, 0
    works, tree = False, 0
    for lib in libs:
        if board.illegal_reason(lib, att) is not None or tree > 80:
            continue
        tree += 1
        after = board.copy()
        after.play(lib, att)
        touching = {q for s in after.group_stones(gp) for q in (s - width, s - 1, s + 1, s + width)
                    if after.on_board(q)}
        if after.in_atari(lib) or not after.in_atari(gp) or any(
                after.colour_at(q) == att and after.in_atari(q) for q in touching):
            continue
        (ext,) = liberties(after, gp)
        if after.illegal_reason(ext, 3 - att) is not None:
            works = True
            continue
        after.play(ext, 3 - att)
        n = after.liberties(gp)
        deeper, size = _reference_ladder(after, gp, att, steps + 1) if n == 2 else (False, 0)
        tree += size
        works = works or n <= 1 or deeper
    return works, tree


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([7, 9, 13]), seed=st.integers(0, 2 ** 32 - 1),
       moves=st.integers(10, 140))
def test_the_ladder_reader_is_what_playing_the_ladder_out_shows(size, seed, moves):
    """The reader stops at the first atari that works, reuses its scratch boards and counts
    liberties by shortcuts; its verdict on every two-liberty group of a random position, for
    either attacker, must be what playing every atari out on the public board shows."""
    from mango.engine.playout import ladder_attack
    game, vertices = _random_game(size, seed, moves)
    board, checked = game.board, 0
    for v in vertices:
        colour = game.colour_at(v)
        if colour is None:
            continue
        point = game.point(v)
        if board.liberties(point) != 2:
            continue
        attacker = 2 if colour == "b" else 1
        works, tree = _reference_ladder(board, point, attacker)
        if tree > 80:
            continue                    # the reader's budget may run out first
        found = ladder_attack(board, point, attacker)
        assert (found is not None) == works, (v, str(game))
        if found is not None:
            after = board.copy()
            after.play(found, attacker)
            assert after.in_atari(point), (v, str(game))
        checked += 1
    event(f"groups checked > 0: {checked > 0}")
