"""Dead stones and the final score (engine.status) on hand-drawn end positions. Where the
playouts decide, each test runs with two seeds. Every position's expected status was also
checked with GNU Go's final_status_list (--chinese-rules) when it was written."""
from __future__ import annotations

import pytest

from mango.engine import Game
from mango.engine.config import PlayoutConfig
from mango.engine.playout import run_ownership
from mango.engine.status import final_score, final_status

SEEDS = (1, 2)


def verdicts(game: Game, status: dict[int, str], wanted: str) -> set[str]:
    return {game.vertex(p) for p, v in status.items() if v == wanted}


# Black owns columns A-E, White F-J. White's C6 (one stone) and B2-C2 (two) are in atari inside
# Black's area; White's H1 is in White's own area.
ATARI = """
    . . . . X O . . .
    . . . . X O . . .
    . . X . X O . . .
    . X O X X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . X X . X O . . .
    X O O X X O . . .
    . X . . X O . O .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_stones_in_atari_inside_the_opponents_area_are_dead(seed):
    game = Game.from_ascii(ATARI, komi=7.5)
    status = final_status(game, playouts=2000, seed=seed)
    assert set(status) == set(game.board.stones(1)) | set(game.board.stones(2))
    assert verdicts(game, status, "dead") == {"C6", "B2", "C2"}
    assert not verdicts(game, status, "seki")


@pytest.mark.parametrize("seed", SEEDS)
def test_final_score_of_the_atari_position_by_hand(seed):
    game = Game.from_ascii(ATARI, komi=7.5)
    # With the three white stones removed Black has columns A-E (45 points) and White F-J (36):
    # 45 - 36 - 7.5. As the stones stand, the white stones would make Black's area neutral.
    assert final_score(game, final_status(game, playouts=2000, seed=seed)) == 1.5
    assert game.score() != 1.5


# A white corner group with two one-point eyes (A9, C9) in an otherwise black board.
TWO_EYES = """
    . O . O X . . . .
    O O O O X . . . .
    X X X X X . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_group_with_two_eyes_is_alive(seed):
    game = Game.from_ascii(TWO_EYES, komi=7.5)
    status = final_status(game, playouts=1000, seed=seed)
    assert set(status.values()) == {"alive"}
    # White: 6 stones + 2 eyes = 8; Black: the other 73 points. 73 - 8 - 7.5.
    assert final_score(game, status) == 57.5


# White's group lives with a straight four eye space (A9-D9): no one-point eyes, so the playouts
# decide; it must not be called dead.
LIVING_SHAPE = """
    . . . . O X . . .
    O O O O O X . . .
    X X X X X X . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_living_shape_without_one_point_eyes_is_alive(seed):
    game = Game.from_ascii(LIVING_SHAPE, komi=7.5)
    status = final_status(game, playouts=2000, seed=seed)
    assert not verdicts(game, status, "dead")


# Seki in the lower-left corner: Black A1-A3-B3 and White C1-C3 share the liberties B1 and B2,
# which neither can fill without putting itself in atari. White's upper-left group has two eyes.
SEKI = """
    . O . O X . . . .
    O O O O X . . . .
    O O O O X . . . .
    O O O O X . . . .
    O O O X X . . . .
    O O X X . . . . .
    X X O X . . . . .
    X . O X . . . . .
    X . O X . . . . .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_clear_seki_is_seki_not_dead(seed):
    game = Game.from_ascii(SEKI, komi=7.5)
    status = final_status(game, playouts=2000, seed=seed)
    assert verdicts(game, status, "seki") == {"A1", "A2", "A3", "B3", "C1", "C2", "C3"}
    assert not verdicts(game, status, "dead")
    # White: rows 6-9 of A-D (16, eyes included) + A5-C5 + A4-B4 = 21, and the seki stones
    # C1-C3 = 3. Black: the remaining 81 - 21 - 3 - 2 (B1, B2 are shared: nobody's) = 55.
    assert final_score(game, status) == 55 - 24 - 7.5


# Invasions that are not in atari: White's lone B7 (in Black's A7-C9 corner), White's two
# stones B2-C2 (in Black's lower-left area), Black's lone G5 deep in White's area.
INVASIONS = """
    . . . X O . . . .
    . . . X O . . . .
    . O . X O . . . .
    X X X X O . . . .
    O O O O O . X . .
    X X X X O . . . .
    . . . X O O O O O
    . O O X X X X X X
    . . . X . . . . .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_invasions_not_in_atari_are_dead(seed):
    game = Game.from_ascii(INVASIONS, komi=7.5)
    status = final_status(game, playouts=4000, seed=seed)
    assert verdicts(game, status, "dead") == {"B7", "B2", "C2", "G5"}
    # GNU Go (--chinese-rules) scores this position W+4.5 too.
    assert final_score(game, status) == -4.5


def test_status_after_two_passes_and_the_same_seed_gives_the_same_status():
    game = Game.from_ascii(ATARI, komi=7.5)
    game.play("b", "pass")
    game.play("w", "pass")
    assert game.is_over
    first = final_status(game, playouts=500, seed=5)
    assert first == final_status(game, playouts=500, seed=5)
    assert verdicts(game, first, "dead") == {"C6", "B2", "C2"}


def test_empty_board_has_no_status_and_scores_minus_komi():
    game = Game(9, 6.5)
    assert final_status(game) == {}
    assert final_score(game, {}) == -6.5


def test_run_ownership_counts_both_colours_per_point():
    game = Game.from_ascii(TWO_EYES)
    game.play("b", "pass")
    game.play("w", "pass")              # the playouts must go on after the game's two passes
    black, white = run_ownership(game.board, 200, 3, config=PlayoutConfig())
    assert (black, white) == run_ownership(game.board, 200, 3, config=PlayoutConfig())
    for point in range(len(black)):
        assert 0 <= black[point] + white[point] <= 200
    assert white[game.point("A9")] == 200      # an eye of a group that cannot die
    assert sum(black) > 0 and sum(white) > 0


# Black's A-D (27 empty points) with White's lone B7 and two stones B2-C2 in it, neither in
# atari; Black's lone G5 in White's F-J. The random playouts alone let these invaders survive
# 40-55% of the time (no defender answers them); shut in by strong groups with no eye space of
# their own, they are dead (GNU Go agrees: W+16.5).
SHUT_IN = """
    . . . X O . . . .
    . . . X O . . . .
    . O . X O . . . .
    . . . X O . . . .
    . . . X O . X . .
    . . . X O . . . .
    . . . X O . . . .
    . O O X O . . . .
    . . . X O . . . .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_invaders_shut_in_a_wide_area_are_dead(seed):
    game = Game.from_ascii(SHUT_IN, komi=7.5)
    status = final_status(game, playouts=4000, seed=seed)
    assert verdicts(game, status, "dead") == {"B7", "B2", "C2", "G5"}
    # Black: columns A-D = 36; White: E-J = 45. 36 - 45 - 7.5.
    assert final_score(game, status) == -16.5


# From a match against GNU Go (game 52): Black's F9-J6 group and White's H9-J9 share G9 and
# J8, where either side's stone looks like self-atari; but White's G9 leaves, once captured,
# a straight three that White's nakade kills. No seki: Black's group is dead (GNU Go: W+16.5).
THROW_IN_NAKADE = """
    . . . . O X . O O
    . . . O O X X X .
    O O . O O O X X X
    O . O O . O O O X
    O O X O O X O O O
    X X X X X X X O O
    . X X X . X X X X
    X . X X X . X . X
    . X X . X X . X .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_throw_in_that_leaves_a_nakade_is_no_seki(seed):
    game = Game.from_ascii(THROW_IN_NAKADE, komi=7.5, to_move="b")
    status = final_status(game, playouts=4000, seed=seed)
    assert not verdicts(game, status, "seki")
    assert verdicts(game, status, "dead") == {"F9", "F8", "G8", "H8", "G7", "H7", "J7", "J6"}
    assert final_score(game, status) == -16.5


# From game 55: White's G1-G4 group's only eye space is the square four H1-J2, a killing shape;
# shut in by Black it is dead however often the random playouts let it live (GNU Go: B+31.5).
SQUARE_FOUR = """
    X X O . O X X . .
    X O . O . O X . X
    X O O . O O X X X
    X X O . O X . X .
    X X O O X . X . X
    . X O O X X O X X
    X X X O X O O O O
    O O X X X X O . .
    . O . O X X O . .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_group_whose_eye_space_is_a_square_four_is_dead(seed):
    game = Game.from_ascii(SQUARE_FOUR, komi=7.5, to_move="w")
    status = final_status(game, playouts=4000, seed=seed)
    assert {"G4", "F3", "G3", "H3", "J3", "G2", "G1"} <= verdicts(game, status, "dead")
    assert final_score(game, status) == 31.5


# From game 77: White's stones on the left (C2-E2, B4, D4-F5, C5-C6) have no eye space and
# survive about half the random playouts; Black's lone B2 among them is weak on its own but
# shares a liberty (B1) with C1-E1. All of White's stones are dead (GNU Go: B+73.5).
LINKED_WALL = """
    . X X O O O O O O
    . X . X X O . X .
    . X X . X O O O O
    . X O X X X O X O
    . . O X X O X X O
    . O . O O O X X X
    . . O . . X . X .
    . X O O O X X X O
    . . X X X . X . O
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_invaders_closed_in_by_a_chain_of_groups_are_dead(seed):
    game = Game.from_ascii(LINKED_WALL, komi=7.5, to_move="b")
    status = final_status(game, playouts=4000, seed=seed)
    assert verdicts(game, status, "dead") == set(game.stones("w"))
    assert final_score(game, status) == 81 - 7.5


# From a 19x19 game against GNU Go under Japanese rules (game 3 of the agreement run), moved to a
# 9x9 corner: White's ten stones have the eye F1 and share H2 with Black's H1 and J2, whose own
# eye is J1. Whoever fills H2 is captured, and the capture leaves the other side two eyes
# (White: F1 and the space of H1-H2-J2; Black: J1's space joined to its wall), so it is a seki
# although random playouts fill H2 or J1 and kill one side (GNU Go agrees: seki, B+50.5 under
# Chinese rules). Japanese rules count no territory in a seki (GNU Go gives White F1 there: 45.5).
CORNER_SEKI = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    . . . X O O O O O
    . . . X O O O . X
    . . . X O . O X .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seki_that_random_playouts_fill_is_still_seki(seed):
    game = Game.from_ascii(CORNER_SEKI, komi=7.5)
    status = final_status(game, playouts=2000, seed=seed)
    assert verdicts(game, status, "seki") == {"E1", "E2", "E3", "F2", "F3", "G1", "G2", "G3", "H3", "J3",
                                               "H1", "J2"}
    assert not verdicts(game, status, "dead")
    # Black: rows 5-9 (45), its wall (9), A1-C3 (9), D1-D3 (3), H1 and J2 (2); White: its 10 stones.
    assert final_score(game, status) == 68 - 10 - 7.5
    japanese = Game.from_ascii(CORNER_SEKI, komi=7.5, rules="japanese")
    assert final_score(japanese, final_status(japanese, playouts=2000, seed=seed)) == 45 + 9 - 7.5


# From game 1 of the same run: White's A2-B2-B3 and Black's B1 look like a seki (the shared A1,
# an eye each), but White's eye A3 is bordered by White's A4-B5 group, which Black captures:
# the eye is not one, and every White stone is dead.
FALSE_EYE_SEKI = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . X X X . . . . .
    O O X X . . . . .
    O X X . . . . . .
    . O X . . . . . .
    O O X . . . . . .
    . X . X . . . . .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seki_whose_eye_borders_a_dead_group_is_no_seki(seed):
    game = Game.from_ascii(FALSE_EYE_SEKI, komi=7.5)
    status = final_status(game, playouts=2000, seed=seed)
    assert not verdicts(game, status, "seki")
    assert verdicts(game, status, "dead") == {"A5", "B5", "A4", "B3", "A2", "B2"}


# Game 11 of the same run, the end of a 19x19 game: White's lower-right group (Q6-S1) holds
# Black's P2-Q2-Q1, with two liberties (Q3, R1) inside White's space. Counting the five points as
# White's eye space made the group alive; capturing the three stones fills Q3 and R1 first and
# leaves a bent three, which Black kills, so the group is dead and the stones inside it live
# (GNU Go agrees, B+113.5 under Japanese rules; area scoring gives the same here).
GAME11_END = """
   A B C D E F G H J K L M N O P Q R S T
19 . X . . X O . X X X X O O O X X . . . 19
18 O X X . X O X . X O O O X O O X X . . 18
17 . O O X . O X X O . O X X X O O X X X 17
16 O . O X X O O X O O O O X X X X X . X 16
15 . X O O X X O X O O O O X . . X X O X 15
14 O O O O O O X X X O X O X . X X O O X 14
13 X X X X X X X X X X X O X X X . O X . 13
12 O O O O O O O X O X O O O X . X X . X 12
11 X X X O X O . O O O . O X . . . X X X 11
10 . . . X X O . . . . O O X . . . X . . 10
 9 . X . X O O . O . O X X X X . X X . . 9
 8 X . O X O X O . O O X X X X . X . . . 8
 7 X O O X X X X O X X X O X X . X O . . 7
 6 O X X . . X X O O O O O X X X O X X . 6
 5 O O X X X O O O . . O O X . X O O X . 5
 4 O . O O X X O O O . O X X X O O O X X 4
 3 . O O . O O O . . O O X X O O . O X . 3
 2 . . . . . . O . O . O X X O X X O O X 2
 1 . . . . . . . O . O O X O O O X . O . 1
   A B C D E F G H J K L M N O P Q R S T
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_dead_stones_inside_an_eye_space_fill_it_when_captured(seed):
    game = Game.from_ascii(GAME11_END, komi=7.5)
    status = final_status(game, playouts=2000, seed=seed)
    dead = verdicts(game, status, "dead")
    assert {"Q6", "Q5", "R5", "P4", "Q4", "R4", "O3", "P3", "R3", "O2", "R2", "S2", "N1", "O1", "P1",
            "S1"} <= dead
    assert not {"P2", "Q2", "Q1"} & dead
    assert final_score(game, status) == 113.5


# From game 31 of the 19x19 Japanese-rules check (M18-R19 there), moved to a 9x9 corner: Black's
# C9-E9 and White's two groups each have one "eye" (B9, G8) and share F9, which looks like a
# seki. But B9 is no eye of C9-E9: Black's strong wall borders it too, so Black fills it to
# connect, plays F9 without self-atari and captures at G8. White is dead (GNU Go agrees: the
# same dead list, B+59.5 under Japanese rules).
EYE_JOINS_THE_WALL = """
    X . X X X . O O X
    X X O O O O . O X
    X . X X X X O O X
    X X X X X X X X X
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seki_whose_eye_joins_a_strong_group_is_no_seki(seed):
    game = Game.from_ascii(EYE_JOINS_THE_WALL, komi=7.5, rules="japanese")
    status = final_status(game, playouts=2000, seed=seed)
    assert not verdicts(game, status, "seki")
    assert verdicts(game, status, "dead") == set(game.stones("w"))
    # 49 empty points and the 9 dead stones' points, 9 prisoners, komi.
    assert final_score(game, status) == 49 + 9 + 9 - 7.5


# Game 69 of the 9x9 equal-time match against Pachi (laape-pachi9-1s.jsonl): White's left group
# (A5-E1) and Black's A1-A3 share A4 and B1 and nothing else, which looks like a seki. But Black's
# throw-in at B1 gives White A1-A3 and B1 back as a bent four in the corner, which dies by a ko
# that Black starts when no threat is left: White's group is dead, as GNU Go and Pachi both say
# (the same dead stones; Pachi B+26.5, which is the area count: 57 - 23 - 7.5, E3 dame; GNU Go
# answers B+25.5). Before the bent four was known, Mango counted a seki and W+1.5.
BENT_FOUR_BY_THE_LEFT_EDGE = """
    X O O X O . . X .
    . X . X O O . O X
    X X X X O . O O O
    O X O X O O X O O
    O O O X X O X X X
    . O O X O O O X .
    X O X X . X X X X
    X O O X X . X . O
    X . O O O X . X .
"""


BENT_FOUR_LEFT_DEAD = {"A5", "A6", "B2", "B3", "B4", "B5", "C1", "C2", "C4", "C5", "C6", "D1", "E1",
                       "B9", "C9", "H9", "J2", "J8"}


# Game 5 of the screens against Pachi (screen-pachi2500.jsonl, the B+5.5 one): the same along the
# top edge. White's A7-D9 and Black's A9-C9 share A8 and C8; Black's throw-in at A8 leaves White
# the bent four A8 A9 B9 C9. GNU Go and Pachi: the same dead stones, B+5.5.
BENT_FOUR_BY_THE_TOP_EDGE = """
    X X X O X . . X .
    . O . O X X X . X
    O O O O X X O X X
    X X X X O O O O X
    . X . X O . O X X
    O X . X X O . O O
    X X X O O O O . .
    X O X O . O O O X
    O O O O . X . . .
"""


BENT_FOUR_TOP_DEAD = {"A7", "B7", "C7", "D7", "B8", "D8", "D9", "A4", "F1", "J2"}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("board, dead, score", [
    (BENT_FOUR_BY_THE_LEFT_EDGE, BENT_FOUR_LEFT_DEAD, 57 - 23 - 7.5),
    (BENT_FOUR_BY_THE_TOP_EDGE, BENT_FOUR_TOP_DEAD, 5.5),
], ids=["left-edge", "top-edge"])
def test_a_seki_a_throw_in_makes_a_bent_four_in_the_corner_is_dead(board, dead, score, seed):
    game = Game.from_ascii(board, komi=7.5, to_move="w")
    status = final_status(game, playouts=2000, seed=seed)
    assert not verdicts(game, status, "seki")
    assert verdicts(game, status, "dead") == dead
    assert final_score(game, status) == score


# Game 15 of the Japanese-rules check (docs/results/score-japanese9.jsonl): White's left group has
# no liberty but its space A4-B6, where Black's A5 B5 share all four, and the ko at A8. Black fills
# A4 and B4 and throws in at A6; White captures five stones in a bulky five and dies. GNU Go
# (--chinese-rules) counts B+23.5, Pachi and GNU Go's Japanese count B+24.5. The playouts, which
# refuse the five-stone throw-in, called the group alive with one seed in two (W+10.5).
SHUT_IN_SIX = """
    O X X X O . . . .
    . O X X O . . . .
    O O O X O X O . O
    . . O X O O O O .
    X X O X X X O O O
    . . O X X X O X O
    O O O O X . X X X
    O X X X . X . X .
    O O X . X X X . .
"""
SHUT_IN_SIX_DEAD = {"A1", "A2", "A3", "A7", "A9", "B1", "B3", "B7", "B8", "C3", "C4", "C5", "C6",
                    "C7", "D3", "F7"}
# A game against Pachi (screen-pachi2500.jsonl, game 57, scored B+19.5 by GNU Go): White's group
# around Black's B1 B2 C1 shares its only liberties, A1 C2 D1, with them. Black fills C2 and throws
# in at D1, and what White captures is a bulky five. The playouts called the group alive (W+1.5).
SHUT_IN_FIVE = """
    X . X X X O . . .
    . X . X O . O . .
    X . X O . O . O .
    . . X O O . O . O
    X X X X O O O O X
    X O X X O X O X X
    O O O O X X X . X
    O X . O O X . X .
    . X X . O X . X .
"""
SHUT_IN_FIVE_DEAD = {"A2", "A3", "B3", "B4", "C3", "D2", "D3", "E1", "E2"}


# Game 141 of the Japanese-rules check's second hundred: White's A2, in atari among Black's
# stones, could connect at A3, but Black moving first takes it (a ko White may not retake before
# a pass): dead for GNU Go under both rule sets, and taking it fills A3, which is then Black's
# point, not a dame (GNU Go --chinese-rules: B+7.5).
LONE_KO_STONE = """
    X X X X O O O . O
    O O X X X O . O .
    . O O O X X O O O
    . O X X X . X O O
    . O O X X . X X X
    O . O O X X O X .
    . O O O X O O X .
    O X O X . X . . .
    X X X X X . X . .
"""
# Game 81 of table1-gnugo9.jsonl: White's H9 likewise among Black's stones, G9 its liberty beside
# White's living F9 and G8 (GNU Go: dead H9 C3 A2, B+3.5).
LONE_STONE_BY_ITS_OWN = """
    . . . . . O . O X
    . . . . . . O X X
    . . . . . O . O X
    . O . O . O O O X
    O O O X O O X X X
    X O X X X X X . X
    X X O . . . . . .
    O X X . . . . . .
    . . . . . . . . .
"""


# Game 35 of defaults-gnugo19.jsonl (GNU Go: B+45.5): Black's lower-right corner, two groups
# around ten empty points and the eye at N1, survives just under half of the playouts (White
# invades, Black does not defend); the group without an eye of its own was called dead, and the
# other with it (-2.5). Joined by shared liberties to the group with the eye, it is alive.
CORNER_OF_TWO_GROUPS = """
    . O X X X X X X X O . . O . O X X O .
    X O X . X O O O O O O O . O . O X X X
    . X . X O O X X X X X O O . O O O X .
    X X X O O O X X X . X O . O O X X X X
    X . X O X X X X O O X O O . O X X X O
    . X O O X O X X O O X O O O O X O O O
    X X X O O O O O X X X X O X X O O O .
    O X . X O . O X X X . O X X X X O . O
    . O X X X O O O O X O X X X O O . O .
    O O O O X X O . O O X O X O O . . O O
    X X X X X X X O O X X . X O . O O X O
    X . X O O X X O O X X X X X O . O X .
    O O O O X X X O X X X O O X X O O X O
    O O X O X X O O O X X X O X . X O O O
    O X X X O O . O X X X O O X X X X O X
    O O X O O O . O O O O . O X O O O X X
    O O X X X O O . . O . O O O O X X X .
    O X X X X O . O O . O X X X X . . . .
    . X . X O O . . . O X X . X . . . . .
"""
CORNER_OF_TWO_GROUPS_DEAD = {
    "A10", "A12", "A2", "A3", "A4", "A5", "A6", "A7", "B10", "B11", "B18", "B19", "B3", "B4", "B6",
    "B7", "C10", "C7", "D10", "D6", "D7", "D8", "E8", "J14", "J15", "K14", "K15", "L11", "M10",
    "M12", "S19", "S7", "S8", "S9"}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("board, dead, score", [
    (SHUT_IN_SIX, SHUT_IN_SIX_DEAD, 23.5),
    (SHUT_IN_FIVE, SHUT_IN_FIVE_DEAD, 19.5),
    (LONE_KO_STONE, {"A2", "F3", "G3", "G4"}, 7.5),
    (LONE_STONE_BY_ITS_OWN, {"A2", "C3", "H9"}, 3.5),
    (CORNER_OF_TWO_GROUPS, CORNER_OF_TWO_GROUPS_DEAD, 45.5),
], ids=["shut-in-six", "shut-in-five", "lone-ko-stone", "lone-stone", "corner-of-two-groups"])
def test_end_positions_of_stored_games_score_as_gnu_go_counts_them(board, dead, score, seed):
    game = Game.from_ascii(board, komi=7.5, to_move="b")
    status = final_status(game, seed=seed)
    assert verdicts(game, status, "dead") == dead
    assert final_score(game, status) == score
