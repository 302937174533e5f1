"""The tree search: tactics found within small budgets, progressive unpruning's schedule, AMAF
bookkeeping against a hand-computed simulation, determinism, tree reuse, the memory bound, the
manners (pass, resign, superko) and every combination of the technique switches."""
from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mango.engine import Game, decision
from mango.engine.board import PASS_POINT as PASS
from mango.engine.config import ConfigError, EngineConfig
from mango.engine.rules import ENDGAME_OPEN, open_points
from mango.engine.search import NODE_SIZE
from probe import Searcher

SMALL = dict(max_nodes=200_000, resign=False)
# Mango's own knowledge in the tree (H, its order and its priors), without the learned predictor
MANGO_H = dict(predictor_bias=False, predictor_order=False, predictor=False)


def searcher(playouts=1000, seed=1, **changes):
    return Searcher(EngineConfig(seed=seed).replace(playouts=playouts, **{**SMALL, **changes}))


# ---- tactics ------------------------------------------------------------------------------------

POSITIONS = {
    # The four black stones are in atari at E3; extending there gives them three liberties.
    "save a group in atari": ("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . O O O . . .
        O X X X . . .
        . O X O . . .
        . . O . . . .
        """, 0.5, "E3"),
    # Both sides' groups share their last liberty C3: whoever plays there captures.
    "capture to win a semeai": ("""
        . . . . . . .
        . . . . . . .
        O O O O O . .
        X X X X O . .
        O O . X O . .
        X X O X O . .
        . X O X O . .
        """, -20.5, "C3"),
    # White's straight three A1-C1 makes two eyes unless Black takes the vital point B1 (the
    # nakade the playouts know); at komi 20.5 only the kill wins.
    "kill with the nakade vital point": ("""
        . . . . .
        . . . . .
        X X X X X
        O O O O X
        . . . O X
        """, 20.5, "B1"),
    # C2 is the one dame; at komi -0.5 whoever takes it wins.
    "take the last dame when it decides the game": ("""
        . X X O O .
        X X X O O O
        X . X O . O
        X X X O O O
        X X . O O O
        X X X O O O
        """, -0.5, "C2"),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("seed", [1, 2])
def test_search_finds_the_move(name, seed):
    drawing, komi, answer = POSITIONS[name]
    game = Game.from_ascii(drawing, komi=komi, to_move="b")
    result = searcher(1500, seed, pass_only_when_not_losing=False).search(game)
    assert game.vertex(result.move) == answer, name


def test_search_does_not_fill_its_own_eye_space():
    # D3 would leave the six black stones two liberties (D2, E2) and no room for an eye.
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . O O O . .
        . O X X X O .
        . O X . X O .
        . . O . . . .
        . . . . . . .
        """, komi=-6.5)
    for seed in (1, 2, 3):
        for knowledge in (MANGO_H, {}):
            s = searcher(1000, seed, **knowledge)
            result = s.search(game)
            assert game.vertex(result.move) != "D3"
            d3 = next(ch for ch in s.children() if game.vertex(ch.point) == "D3")
            # Mango's H ranks it 25th and never unprunes it; the predictor 13th (p = 0.0017),
            # and a few visits show it loses
            assert d3.visits <= (0.01 if knowledge else 0.05) * s.root_visits
            assert d3.prior_value < 0.5         # the pattern prior counts it as a loss


# A game Mango lost to Pachi (docs/results/uol-pachi9-1s.jsonl, game 2) after Black's G7: White
# cuts at D6, a stone in atari that the playouts' pattern prior counts as a loss (30 equivalent
# visits at 0.17), and wins (Pachi's move; Mango's own search after it gives Black 0.08).
CUT_AT_D6 = ("D5 F3 F4 C5 C4 E4 E5 D4 C6 F5 G4 G3 G5 F6 E3 D3 E2 D2 G6 B5 D7 B6 B7 B8 A6 A5 B4 A7 "
             "C7 F7 G7")


def cut_at_d6() -> Game:
    game = Game(9, 7.5)
    for colour, vertex in zip("bw" * 16, CUT_AT_D6.split()):
        game.play(colour, vertex)
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_rave_with_the_childs_own_visits_tries_a_move_its_prior_refuses(seed):
    """With MoGo's hand schedule on the parent's visits, beta is 0.09 once the root has 40,000
    visits, so a child never tried is judged by its poor prior and never chosen, however good its
    AMAF value (0.59 here); on the child's own visits it keeps RAVE's weight and is found."""
    game = cut_at_d6()
    found = {}
    for schedule in ("hand", "hand-child"):         # the playout knowledge of the lost game
        s = searcher(10000, seed, rave_schedule=schedule, light_after_atari=False,
                     pattern_exponent=1.0, good_pattern=1000, bad_pattern=5)
        result = s.search(game)
        d6 = next(ch for ch in s.children() if game.vertex(ch.point) == "D6")
        assert d6.prior_value < 0.2 and d6.amaf_value > 0.55
        found[schedule] = (game.vertex(result.move), d6.visits)
    assert found["hand"][1] == 0
    assert found["hand-child"][0] == "D6" and found["hand-child"][1] > 2000


@pytest.mark.parametrize("seed", [1, 2])
def test_the_9x9_defaults_find_the_cut_their_prior_once_refused(seed):
    """The same position under the 9x9 defaults since 2026-11-27: the pattern prior that came with
    the pattern values' square root (pattern_exponent 0.5, whose urgencies the prior compared
    with 1000 and 5 until its thresholds became the values 411 and 0 they stood for) no longer
    makes the cut's prior a loss, so the hand schedule on the parent's visits finds it as the
    child's own visits did."""
    game = cut_at_d6()
    s = searcher(10000, seed)
    result = s.search(game)
    d6 = next(ch for ch in s.children() if game.vertex(ch.point) == "D6")
    assert d6.prior_value > 0.4
    assert game.vertex(result.move) == "D6" and d6.visits > 2000


# ---- progressive unpruning ----------------------------------------------------------------------

def expected_selectable(k_init, a, b, visits, n_children):
    k = k_init + sum(1 for j in range(1, 400) if visits > a * b ** j)
    return min(k, n_children)


@pytest.mark.parametrize("k_init, a, b", [(5, 50.0, 1.3), (3, 10.0, 2.0), (1, 100.0, 1.1)])
def test_progressive_unpruning_exposes_the_formulas_counts(k_init, a, b):
    config = EngineConfig().replace(unprune_k_init=k_init, unprune_a=a, unprune_b=b)
    for visits in [0, 1, 29, 30, 50, 64, 65, 66, 84, 85, 86, 100, 1000, 10_000, 123_456, 10**7]:
        assert Searcher.selectable(config, 362, visits) == expected_selectable(k_init, a, b, visits, 362)
    assert Searcher.selectable(config, 3, 10**9) == 3
    assert Searcher.selectable(config.replace(progressive_unpruning=False), 82, 0) == 82


def test_mango_schedule_matches_the_paper():
    # A = 50, B = 1.3: the 6th child at more than 65 visits, the 7th at more than 84.5.
    config = EngineConfig()
    assert Searcher.selectable(config, 82, 65) == 5
    assert Searcher.selectable(config, 82, 66) == 6
    assert Searcher.selectable(config, 82, 84) == 6
    assert Searcher.selectable(config, 82, 85) == 7


def test_search_only_visits_the_unpruned_children_in_heuristic_order():
    game = Game(9)
    game.play("b", "E5")
    s = searcher(3000, rave=False, expand_threshold=30)
    s.search(game)
    children = s.children()
    allowed = Searcher.selectable(s.config, len(children), s.root_visits)
    assert 5 < allowed < len(children)
    assert all(ch.visits == 0 for ch in children[allowed:])
    heuristics = [ch.heuristic for ch in children]
    assert heuristics == sorted(heuristics, reverse=True)
    assert max(heuristics) == pytest.approx(1.0)


# ---- statistics ---------------------------------------------------------------------------------

def replayed_simulation(**changes):
    """A searcher on 5x5 with the line A1 B1 expanded, and the points A1-E1, for the tests below
    to replay one simulation through it by hand."""
    game = Game(5)
    s = searcher(1, rave=True, expand_threshold=0, even=False, pattern=False, grandfather=False,
                 **changes)
    s.set_position(game)
    a, b, c, d, e = (game.point(v) for v in ("A1", "B1", "C1", "D1", "E1"))
    s.expand_line([a])
    s.expand_line([a, b])
    return s, (a, b, c, d, e)


def test_amaf_bookkeeping_matches_a_hand_computed_simulation():
    s, (a, b, c, d, e) = replayed_simulation()
    before_root = {ch.point: (ch.visits, ch.amaf_visits, ch.amaf_value) for ch in s.children()}
    # Black A1, White B1 in the tree; then Black C1, White A1 (again, after a capture, say),
    # Black B1, White D1, Black C1 (a second time), White pass. Black wins.
    s.replay([a, b], [c, a, b, d, c, PASS], 1.0)
    root = {ch.point: ch for ch in s.children()}
    # Root (Black to move): Black played A1, C1, B1 from the root on; each counts once.
    for point in (a, b, c):
        assert root[point].amaf_visits == 1 and root[point].amaf_value == 1.0
    for point in (d, e, PASS):
        assert root[point].amaf_visits == 0
    # Real statistics: A1 visited once and won, for Black.
    assert root[a].visits == 1 and root[a].value == 1.0
    assert sum(ch.visits for ch in root.values()) == 1
    # Node A1 (White to move): White played B1, A1, D1 from there on; a loss for White.
    after_a = {ch.point: ch for ch in s.line_children([a])}
    assert a not in after_a                                  # occupied: not a child there
    for point in (b, d):
        assert after_a[point].amaf_visits == 1 and after_a[point].amaf_value == 0.0
    for point in (c, e):
        assert after_a[point].amaf_visits == 0
    assert after_a[b].visits == 1 and after_a[b].value == 0.0
    # Node A1 B1 (Black to move): Black played C1 (twice: once counted) and B1... B1 is
    # occupied there, so only C1 among its children counts.
    after_ab = {ch.point: ch for ch in s.line_children([a, b])}
    assert after_ab[c].amaf_visits == 1 and after_ab[c].amaf_value == 1.0
    assert after_ab[d].amaf_visits == 0 and after_ab[e].amaf_visits == 0
    assert all(ch.visits == 0 for ch in after_ab.values())
    assert before_root[a][1] == 0


def test_distance_weighted_amaf_counts_the_sooner_first_plays_more():
    """Pachi's distance_rave with w = 3 on the simulation above (8 moves): a first play at
    index i counts 1 + 3 (8 - i) // (8 - t + 1) times below the node at depth t."""
    s, (a, b, c, d, e) = replayed_simulation(rave_distance_weight=3)
    s.replay([a, b], [c, a, b, d, c, PASS], 1.0)
    root = {ch.point: ch for ch in s.children()}
    assert (root[a].amaf_visits, root[c].amaf_visits, root[b].amaf_visits) == (3, 3, 2)
    assert root[a].amaf_value == root[b].amaf_value == 1.0 and root[d].amaf_visits == 0
    assert root[a].visits == 1                          # the real statistics stay unweighted
    after_a = {ch.point: ch for ch in s.line_children([a])}
    assert (after_a[b].amaf_visits, after_a[d].amaf_visits, after_a[e].amaf_visits) == (3, 2, 0)
    assert after_a[b].amaf_value == 0.0
    after_ab = {ch.point: ch for ch in s.line_children([a, b])}
    assert after_ab[c].amaf_visits == 3


def test_amaf_of_the_first_play_by_either_colour_leaves_out_points_the_opponent_took_first():
    """rave_first_play="any" (Pachi's ucb1amaf) on the simulation above: from the root on,
    White's B1 (the second move) came before Black's (the fifth), so the root's child B1 gets
    no AMAF sample; every other count is MoGo's, as no other point was the opponent's first."""
    s, (a, b, c, d, e) = replayed_simulation(rave_first_play="any")
    s.replay([a, b], [c, a, b, d, c, PASS], 1.0)
    root = {ch.point: ch for ch in s.children()}
    assert root[b].amaf_visits == 0
    for point in (a, c):
        assert root[point].amaf_visits == 1 and root[point].amaf_value == 1.0
    # White's A1 at index 3 came after Black's at 0, so Black's A1 counts at the root (above);
    # below A1 White played B1 and D1 first, and Black's C1 below A1 B1 came before anything
    after_a = {ch.point: ch for ch in s.line_children([a])}
    assert (after_a[b].amaf_visits, after_a[d].amaf_visits, after_a[e].amaf_visits) == (1, 1, 0)
    after_ab = {ch.point: ch for ch in s.line_children([a, b])}
    assert after_ab[c].amaf_visits == 1 and after_ab[c].amaf_value == 1.0


LOST_ENDGAME = """
.X.XO.O..
XXXXOOOOO
XXXXXXOO.
.X.XOOO.O
XXXXXO.OO
XXXXOOOOO
X.XXXO.O.
XXXXOOOOO
.X.XO.O..
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_a_pass_valued_by_its_own_results_leaves_the_losing_side_s_visits_to_its_moves(seed):
    """White, lost by a point and a half with nothing left to gain: no simulation plays a pass
    later, so with pass_in_rave the pass's AMAF value stays its prior's 0.5 and floors its
    score at beta / 2, above every real move's 0, and it takes most of the visits; valued by
    its own results (pass_in_rave=false) it takes no more than any move."""
    game = Game.from_ascii(LOST_ENDGAME, komi=-2.5, to_move="w")
    visits = {}
    for in_rave in (True, False):
        s = searcher(1000, seed=seed, early_stop=False, pass_in_rave=in_rave)
        s.search(game)
        visits[in_rave] = {ch.point: ch.visits for ch in s.children()}
    assert visits[True][PASS] > 500
    assert visits[False][PASS] < max(n for point, n in visits[False].items() if point != PASS)


DAME_LEFT = """
XXX.X.O.O
XXXXX.OOO
XXXXX.OOO
XXXXX.OOO
XXXX..OOO
XXXX..OOO
XXXXX.OOO
XXXXX.OOO
XXX.X.O.O
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_the_tree_of_the_last_move_before_a_territory_endgame_is_not_kept_into_it(seed):
    """Japanese rules, eleven dame left: the tree is grown with the pass ranked by the priors;
    two dame later the territory endgame has begun, where the pass is searched first with its
    endgame prior and a double pass is counted after settling the dead. The kept subtree has
    neither, so it is dropped and the root's pass comes first with its prior."""
    game = Game.from_ascii(DAME_LEFT, komi=6.5, to_move="b", rules="japanese")
    assert open_points(game.board) >= ENDGAME_OPEN
    s = searcher(2000, seed=seed, early_stop=False)
    s.search(game)
    black = max((ch for ch in s.children() if ch.point != PASS), key=lambda ch: ch.visits)
    white = max((ch for ch in s.line_children([black.point]) if ch.point != PASS),
                key=lambda ch: ch.visits)
    game.play("b", game.vertex(black.point))
    game.play("w", game.vertex(white.point))
    assert open_points(game.board) < ENDGAME_OPEN
    result = s.search(game)
    assert not result.reused
    pass_child = next(ch for ch in s.children() if ch.point == PASS)
    assert pass_child.order == 0
    assert pass_child.prior_visits >= s.config.game.endgame_pass_prior


def test_rave_off_leaves_amaf_untouched():
    game = Game(5)
    s = searcher(200, rave=False)
    s.search(game)
    assert all(ch.amaf_visits == 0 for ch in s.children())


def test_root_visits_are_the_playouts_and_the_sum_of_the_children():
    game = Game(7)
    s = searcher(777, early_stop=False)
    result = s.search(game)
    assert result.playouts == 777 == s.root_visits
    assert sum(ch.visits for ch in s.children()) == 777


@pytest.mark.parametrize("in_amaf", [True, False])
def test_priors_count_in_amaf_only_when_asked(in_amaf):
    """prior.in_amaf: MoGo adds a prior to the MC and the AMAF statistics, Pachi to the MC ones
    only; the selection's score follows."""
    game = Game(9)
    s = searcher(1, in_amaf=in_amaf, progressive_bias=False, puct=False, uct_c=0.0)
    s.set_position(game)
    s.set_counters([], visits=100)
    child = s.children()[0]
    s.set_counters([child.point], visits=4, half_wins=2, amaf_visits=10, amaf_half_wins=20)
    n, w = child.prior_visits, child.prior_value * child.prior_visits
    assert n > 0
    beta = (1000 / (3 * 100 + 1000)) ** 0.5
    mc = (0.5 * 2 + w) / (4 + n)
    amaf = (10 + w) / (10 + n) if in_amaf else 1.0
    assert s.child_scores([])[child.point] == pytest.approx((1 - beta) * mc + beta * amaf)


def test_criticality_is_the_covariance_of_owning_and_winning():
    # Black kills the white group at E3 whatever the playouts do: the winner never changes, so
    # no point's owner goes with it
    game = Game.from_ascii("""
        . . . . . . .
        . X X X X X .
        . X O O O X .
        . X O . O X .
        . X O O . X .
        . X X X X X .
        . . . . . . .
    """, komi=30.5)
    s = searcher(2000, criticality=1.1, early_stop=False)
    assert s.search(game).value > 0.95
    assert all(abs(v) < 1e-9 for v in s.criticality().values())
    # an open 9x9 game: two covariances of binary variables, -0.5 .. 0.5; some points decide more
    s = searcher(2000, criticality=1.1, early_stop=False)
    game = Game(9)
    s.search(game)
    crit = s.criticality()
    assert len(crit) == 81 and all(-0.5 <= v <= 0.5 for v in crit.values())
    assert max(crit.values()) > 0.05
    # by hand: 100 samples, Black wins 60; A1 Black's whenever Black wins (the winner's whenever
    # anyone's), B1 Black's 50 times at random, C1 nobody's (seki), D1 White's whenever White wins
    p = game.point
    s.set_samples(100, 2 * 60, owned_black={p("A1"): 60, p("B1"): 50},
                  owned_white={p("D1"): 40}, owned_by_winner={p("A1"): 60, p("B1"): 30,
                                                              p("D1"): 40})
    crit = s.criticality()
    assert crit[p("A1")] == pytest.approx(0.6 - 0.6 * 0.6)
    assert crit[p("B1")] == pytest.approx(0.3 - 0.5 * 0.6)
    assert crit[p("C1")] == 0.0
    assert crit[p("D1")] == pytest.approx(0.4 - 0.4 * 0.4)


def test_criticality_adds_won_amaf_samples_to_a_root_child():
    s = searcher(500, criticality=1.1, criticality_min_visits=0, progressive_bias=False,
                 puct=False, uct_c=0.0, early_stop=False)
    s.search(Game(9))
    crit = s.criticality()
    point = max(crit, key=lambda p: crit[p])
    child = next(ch for ch in s.children() if ch.point == point)
    s.set_counters([], visits=1000)
    s.set_counters([point], visits=4, half_wins=2, amaf_visits=100, amaf_half_wins=120)
    n, w = child.prior_visits, child.prior_value * child.prior_visits
    beta = (1000 / (3 * 1000 + 1000)) ** 0.5
    mc = (0.5 * 2 + w) / (4 + n)
    count, wins = 100 + n, 60 + w
    extra = crit[point] * 1.1 * count
    assert extra > 0
    expected = (1 - beta) * mc + beta * (wins + extra) / (count + extra)
    assert s.child_scores([])[point] == pytest.approx(expected, rel=1e-6)
    # below criticality_min_visits a child reads none
    s = searcher(500, criticality=1.1, criticality_min_visits=5, progressive_bias=False,
                 puct=False, uct_c=0.0, early_stop=False)
    s.search(Game(9))
    assert s.criticality()[point] != 0
    s.set_counters([], visits=1000)
    s.set_counters([point], visits=4, half_wins=2, amaf_visits=100, amaf_half_wins=120)
    assert s.child_scores([])[point] == pytest.approx((1 - beta) * mc + beta * wins / count,
                                                      rel=1e-6)


def test_priors_are_equivalent_experience():
    game = Game(7)
    s = searcher(1, even=True, even_count=10.0, pattern=False, grandfather=False, **MANGO_H)
    s.set_position(game)
    for ch in s.children():
        assert ch.prior_visits == 10.0 and ch.prior_value == 0.5
    s = searcher(1, even=True, even_count=10.0, pattern=True, pattern_count=20.0, **MANGO_H)
    s.set_position(game)
    for ch in s.children():
        if ch.point != PASS:
            assert ch.prior_visits == 30.0
            assert min(abs(ch.prior_value - q) for q in (5 / 30, 15 / 30, 25 / 30)) < 1e-6



@pytest.mark.parametrize("size", [7, 9])
def test_the_pattern_prior_reads_the_table_s_values_whatever_the_exponent(size):
    """good_pattern and bad_pattern are 3x3 values: the playouts' pattern_exponent reshapes the
    urgencies they draw by, not which moves the pattern prior counts as won or lost (at exponent
    0 every urgency is the same, and the prior once counted every move as won)."""
    stones = """
        . . . . . . . . .
        . . . . . . . . .
        . . X O . . . . .
        . . X O O . . . .
        . . X X O . X . .
        . . O X O . . . .
        . . O . X . . . .
        . . . . . . . . .
        . . . . . . . . .
    """
    rows = [line.split()[:size] for line in stones.strip().splitlines()][:size]
    game = Game.from_ascii("\n".join(" ".join(row) for row in rows))

    def priors(exponent):
        s = searcher(1, even=False, pattern=True, pattern_count=20.0, pattern_exponent=exponent,
                     good_pattern=100, bad_pattern=20, **MANGO_H)
        s.set_position(game)
        return {ch.point: round(ch.prior_value, 6) for ch in s.children() if ch.point != PASS}

    flat = priors(1.0)
    assert {0.0, 0.5, 1.0} <= set(flat.values())       # the position has all three kinds
    assert priors(0.0) == flat == priors(0.5) == priors(2.0)


def test_without_the_playouts_patterns_the_pattern_prior_reads_no_values():
    """Without patterns every move's value is 1, at or below 13x13's bad_pattern (5): the prior
    once counted every quiet move lost, so that an ablation of the playouts' patterns changed
    the tree's priors too. Now only refusals (and captures) are read: an empty board is even."""
    s = searcher(1, even=False, pattern=True, pattern_count=20.0, patterns=False,
                 good_pattern=1000, bad_pattern=5, **MANGO_H)
    s.set_position(Game(13))
    assert {round(ch.prior_value, 6) for ch in s.children() if ch.point != PASS} == {0.5}


# ---- determinism, threads -----------------------------------------------------------------------

def snapshot(s):
    return [(ch.point, ch.visits, ch.value, ch.amaf_visits) for ch in s.children()]


def test_one_thread_and_a_seed_give_the_same_search():
    game = Game(9)
    game.play("b", "C3")
    first, second, other = searcher(2000, 7), searcher(2000, 7), searcher(2000, 8)
    assert first.search(game).move == second.search(game).move
    assert snapshot(first) == snapshot(second)
    other.search(game)
    assert snapshot(first) != snapshot(other)


def test_two_threads_share_one_tree():
    game = Game(9)
    s = searcher(4000, threads=2, early_stop=False)
    result = s.search(game)
    assert result.playouts == 4000 == s.root_visits
    assert sum(ch.visits for ch in s.children()) == 4000
    assert result.move is not None


# ---- tree reuse and memory ----------------------------------------------------------------------

def test_tree_is_reused_after_both_players_move():
    game = Game(9)
    s = searcher(3000)
    first = s.search(game)
    game.play("b", game.vertex(first.move))
    reply = max((ch for ch in s.line_children([first.move]) if ch.point != PASS),
                key=lambda ch: ch.visits)
    kept = reply.visits
    game.play("w", game.vertex(reply.point))
    assert s.set_position(game) is True
    assert s.root_visits == kept > 0
    # a move the tree never tried, then a new game: no reuse
    game.play("b", "pass")
    game.play("w", "pass")
    assert s.set_position(game) in (True, False)
    assert s.set_position(Game(9)) is False
    assert s.root_visits == 0


def test_the_readers_answer_before_any_position():
    # a program embedding the engine may read the tree before any search: nothing to read, no crash
    s = searcher(100)
    assert s.lead() == 0 and s.root_visits == 0
    assert s.children() == [] and s.principal_variation(0) == []
    assert s.ownership() is None and s.score_estimate() is None
    with pytest.raises(RuntimeError, match="set_position"):
        s.run_batch(10)
    s.search(Game(5, 0.5))
    s.clear()
    assert s.lead() == 0 and s.children() == [] and s.ownership() is None


def test_no_tree_reuse_when_the_other_colour_is_to_move():
    # GTP lets either colour move next (genmove w with Black to move): the tree is Black's
    game = Game(5, 0.5)
    s = searcher(300)
    s.search(game)
    game.to_move = "w"
    assert s.set_position(game) is False
    assert s.root_visits == 0
    game.play("w", "C3")
    s.search(game)
    game.to_move = "w"                      # White again, after White's move
    assert s.set_position(game) is False


def test_tree_reuse_can_be_switched_off():
    game = Game(9)
    s = searcher(500, reuse_tree=False)
    s.search(game)
    assert s.set_position(game) is False


def test_full_pool_without_recycling_keeps_searching_without_growing():
    game = Game(9)
    s = searcher(3000, max_nodes=1000, early_stop=False, recycle=False)
    result = s.search(game)
    assert s.pool_full
    assert s.nodes_used <= 1000
    assert s.nodes_recycled == 0
    assert result.playouts == 3000 == s.root_visits
    assert NODE_SIZE == 64


@pytest.mark.parametrize("ahead", [0, 4])
def test_full_pool_is_pruned_and_the_tree_keeps_growing_under_the_best_line(ahead):
    game = Game(9)
    s = searcher(3000, max_nodes=2000, early_stop=False, children_ahead=ahead)
    result = s.search(game)
    assert not s.pool_full
    assert s.nodes_used <= 2000
    assert s.prunes >= 2 and s.nodes_recycled > 0
    assert result.playouts == 3000 == s.root_visits
    # after the prunes the search still makes nodes (a full pool without recycling makes none)
    used, prunes = s.nodes_used, s.prunes
    s.run_batch(20)
    assert s.prunes > prunes or s.nodes_used > used


def _line_below_root_amaf(seeded, amaf_visits, amaf_half_wins):
    """A searcher whose root (1,000 simulations, every child with these AMAF counters: the same
    moves, Black to move) has E5, and E5 C3 expanded as a simulation's first expansion does."""
    game = Game(9)
    s = searcher(1, children_ahead=4, late_child_amaf=seeded, rave_distance_weight=0)
    s.set_position(game)
    line = [game.point("E5"), game.point("C3")]
    s.expand_line(line[:1])
    s.expand_line(line, every=False)
    s.set_counters([], visits=1000)
    for child in s.children():
        s.set_counters([child.point], amaf_visits=amaf_visits, amaf_half_wins=amaf_half_wins)
    return s, line


@pytest.mark.parametrize("seeded", [False, True])
def test_a_child_made_late_gets_the_grandparents_amaf_when_asked(seeded):
    """late_child_amaf: a child made when its node grows starts with the AMAF samples it missed,
    at the rate and mean of the same move two plies up (here the root's child), scaled to the
    node's visits; both ways of growing (ranking again, then the rank area) seed it."""
    s, (a, b) = _line_below_root_amaf(seeded, 400, 600)
    first = {ch.point for ch in s.line_children([a, b])}
    assert 0 < len(first) < 60
    grown = []
    for visits, way in ((100, "ranking"), (150, "area"), (1000, "ranking")):
        s.set_counters([a, b], visits=visits)
        made = {ch.point for ch in s.line_children([a, b])}
        n, how = s.grow_line([a, b])
        assert n > len(made) and how == way
        new = [ch for ch in s.line_children([a, b]) if ch.point not in made]
        grown.append(new)
        for ch in new:
            if seeded:
                # 400 of the root's 1,000 simulations played the move: 0.4 of the node's visits
                assert ch.amaf_visits == round(0.4 * visits) and ch.amaf_value == 0.75
            else:
                assert ch.amaf_visits == 0
    assert all(grown)
    # the children of the first expansion are never seeded (MoGo's, made at the node's first visit)
    assert all(ch.amaf_visits == 0 for ch in s.line_children([a, b]) if ch.point in first)


@pytest.mark.parametrize("other_threads", [0, 1, 3])
def test_a_late_childs_seed_leaves_room_for_the_other_threads_simulations(other_threads):
    """Under threads a simulation counts its visit in every node of its path before it adds its
    AMAF below them: each other thread may have counted one in the node already and add its AMAF
    into the child made meanwhile. A move every simulation played would be seeded with all the
    node's visits; the seed leaves one for each other thread, so that no child ever holds more
    AMAF samples than its parent has simulations (the audit's bound, once flaky under CI)."""
    s, (a, b) = _line_below_root_amaf(True, 1000, 1000)   # every simulation played every move
    made = {ch.point for ch in s.line_children([a, b])}
    s.set_counters([a, b], visits=100)
    s.grow_line([a, b], other_threads=other_threads)
    new = [ch for ch in s.line_children([a, b]) if ch.point not in made]
    assert new and all(ch.amaf_visits == 100 - other_threads for ch in new)
    assert all(ch.amaf_value == 0.5 for ch in new)


@pytest.mark.parametrize("seeded", [False, True])
def test_a_kept_root_makes_its_missing_children_with_the_amaf_they_missed(seeded):
    """Two moves later the kept tree's node becomes the root and gets every child; with
    late_child_amaf those it lacked are seeded from the old root's same move, as below it."""
    game = Game(9)
    s = searcher(3000, children_ahead=4, late_child_amaf=seeded, early_stop=False)
    result = s.search(game)
    reply = max(s.line_children([result.move]), key=lambda ch: ch.visits)
    line = [result.move, reply.point]
    had = {ch.point for ch in s.line_children(line)}
    node_visits = s.counters(line)["visits"]
    root_visits = s.counters([])["visits"]
    uncles = {ch.point: s.counters([ch.point]) for ch in s.children()}
    game.play("b", game.vertex(result.move))
    game.play("w", game.vertex(reply.point))
    assert s.set_position(game) is True
    new = [ch for ch in s.children() if ch.point not in had]
    assert len(had) < 30 and len(new) > 40
    for ch in new:
        uncle = uncles.get(ch.point)
        expected = 0
        if seeded and uncle and uncle["amaf_visits"] > 0:
            expected = min(int(node_visits * uncle["amaf_visits"] / root_visits + 0.5),
                           uncle["amaf_visits"])
        assert ch.amaf_visits == expected
    assert any(ch.amaf_visits > 0 for ch in new) is seeded


def test_children_full_depth_makes_every_child_of_the_roots_children():
    """Also in a kept tree, whose nodes two plies down were grown as children_ahead asks."""
    game = Game(9)
    s = searcher(300, children_ahead=4, children_full_depth=2, early_stop=False)
    for _ in range(2):
        result = s.search(game)
        legal = len(s.children())
        visited = [ch for ch in s.children() if ch.visits > 2]     # grown at the third visit
        assert visited
        for ch in visited:
            assert len(s.line_children([ch.point])) == legal - 1      # the root's move is taken
            best = max(s.line_children([ch.point]), key=lambda x: x.visits)
            if best.visits > 1:
                assert len(s.line_children([ch.point, best.point])) < legal - 2
        reply = max(s.line_children([result.move]), key=lambda ch: ch.visits)
        game.play("b", game.vertex(result.move))
        game.play("w", game.vertex(reply.point))


def test_memory_bound_too_small_for_the_root_is_a_clear_error():
    with pytest.raises(ConfigError):
        EngineConfig().replace(max_nodes=10)


# ---- manners ------------------------------------------------------------------------------------

def test_does_not_pass_when_passing_loses_as_the_stones_stand():
    # White passed; the dead white stone at B3 still counts as the stones stand (CGOS removes no
    # dead stones), so Black must play on and capture it instead of passing.
    game = Game.from_ascii("""
        . . X O .
        . . X O O
        . O X O .
        . . X O O
        . . X O .
        """, komi=0.5, to_move="w")
    game.play("w", "pass")
    for seed in (1, 2):
        result = searcher(500, seed).search(game)
        assert result.move != PASS and not result.resign


def test_passes_at_the_end_when_it_does_not_lose():
    game = Game.from_ascii("""
        . X X O O .
        X X X O O O
        X . X O . O
        X X X O O O
        X X X O O O
        X X X O O O
        """, komi=-1.5, to_move="w")
    game.play("w", "pass")
    result = searcher(500).search(game)
    assert result.move == PASS


@pytest.mark.parametrize("seed", [1, 2])
def test_under_japanese_rules_a_lost_game_is_not_played_on_stone_by_stone(seed):
    """Black loses by 0.5 by area and 1.5 by territory whatever it does, but may throw a stone
    into White's two-point eye (E6). Under area rules it plays on (a stone costs nothing there
    and the opponent may still err); under territory rules each stone it plays is a point or a
    prisoner lost, so it passes (resignation is off in these searches)."""
    drawing = """
        . X X O . .
        X X X O O O
        X . X O . O
        X X X O O O
        X X X O O O
        X X X O O O
        """
    for rules, passes in (("japanese", True), ("chinese", False)):
        game = Game.from_ascii(drawing, komi=0.5, to_move="w", rules=rules)
        game.play("w", "pass")
        # hopeless as Mango would resign: on 2,000 visits, and here no opening to wait out
        result = searcher(3000, seed, rules=rules, resign_after_moves=0).search(game)
        assert (result.move == PASS) == passes, rules


def test_resigns_when_hopeless_but_never_in_the_opening():
    drawing = """
        O O O O O
        O . O . O
        O O O O O
        . . . . .
        . . . . .
        """
    game = Game.from_ascii(drawing, komi=7.5, to_move="b")
    s = Searcher(EngineConfig().replace(playouts=3000, max_nodes=200_000, resign_min_playouts=1000,
                                        resign_after_moves=0.0))
    assert s.search(game).resign
    s = Searcher(EngineConfig().replace(playouts=3000, max_nodes=200_000, resign_min_playouts=1000))
    assert not s.search(game).resign            # move 0 of the game: still the opening
    s = Searcher(EngineConfig().replace(playouts=3000, max_nodes=200_000, resign=False,
                                        resign_after_moves=0.0))
    assert not s.search(game).resign


def find_superko_position(seed_limit=2000):
    """A random 3x3 game reaching a position where a board-legal move breaks positional superko."""
    for seed in range(seed_limit):
        rng = random.Random(seed)
        game = Game(3, komi=0.5)
        for _ in range(60):
            c = 1 if game.to_move == "b" else 2
            legal = [p for p in game.board.empty_points() if game.board.is_legal(p, c)]
            banned = [p for p in legal if game.superko_violation(c, p)]
            if banned:
                return game, banned
            if not legal:
                break
            game.play(game.to_move, game.vertex(rng.choice(legal)))
    raise AssertionError("no superko position found")


def test_superko_moves_are_banned_at_the_root():
    game, banned = find_superko_position()
    s = searcher(400)
    result = s.search(game)
    children = {ch.point: ch for ch in s.children()}
    for point in banned:
        assert children[point].banned and children[point].visits == 0
    assert result.move not in banned


def test_root_bans_survive_the_prunes_of_a_full_pool():
    # A prune keeps the root; it used to clear every kept node's ban with its rank areas, so
    # after the first prune a superko move, an analysis's avoided move or cleanup's pass could be
    # searched and played.
    game = Game(9)
    s = searcher(1500, max_nodes=2000, early_stop=False)
    s.set_position(game)
    avoided = [game.point("E5"), game.point("D4")]
    s.ban_root_moves(avoided)
    s.ban_pass()
    s.begin_run()
    for _ in range(30):
        s.run_batch(50)
    assert s.prunes >= 2
    children = {ch.point: ch for ch in s.children()}
    for point in avoided + [PASS]:
        assert children[point].banned and children[point].visits == 0


# ---- every switch combination -------------------------------------------------------------------

SWITCHES = {
    "progressive_bias": (True, False),
    "progressive_unpruning": (True, False),
    "rave": (True, False),
    "rave_schedule": ("hand", "hand-child", "mse"),
    "even": (True, False),
    "grandfather": (True, False),
    "pattern": (True, False),
    "ladders": (True, False),
    "puct": (True, False),
    "predictor_order": (True, False),
    "policy": ("mango", "light"),
    "expand_threshold": (0, 30),
}


def covering_rows(levels: list[tuple], strength: int = 3, seed: int = 7) -> list[tuple]:
    """Rows of switch values in which every choice of `strength` switches takes every
    combination of their values at least once (a covering array, built greedily): the bugs that
    need three switches together, for a few dozen searches instead of every one of 2^12."""
    rng = random.Random(seed)
    wanted = {(columns, values) for columns in itertools.combinations(range(len(levels)), strength)
              for values in itertools.product(*(range(len(levels[c])) for c in columns))}
    rows = []
    while wanted:
        candidates = [tuple(rng.randrange(len(level)) for level in levels) for _ in range(60)]
        best = max(candidates, key=lambda row: sum((cols, tuple(row[c] for c in cols)) in wanted
                                                   for cols in itertools.combinations(range(len(levels)), strength)))
        wanted -= {(cols, tuple(best[c] for c in cols))
                   for cols in itertools.combinations(range(len(levels)), strength)}
        rows.append(tuple(levels[i][v] for i, v in enumerate(best)))
    return rows


def test_covering_rows_cover_every_three_way_combination():
    levels = [(True, False)] * 6 + [("a", "b", "c")]
    rows = covering_rows(levels)
    for columns in itertools.combinations(range(len(levels)), 3):
        seen = {tuple(row[c] for c in columns) for row in rows}
        assert seen == set(itertools.product(*(levels[c] for c in columns)))
    assert len(rows) < len(list(itertools.product(*levels)))


def test_every_three_switch_combination_of_the_techniques_searches():
    game = Game(5)
    game.play("b", "C3")
    names = list(SWITCHES)
    for values in [tuple(SWITCHES[n][0] for n in names),
                   tuple(SWITCHES[n][1] for n in names)] + covering_rows([SWITCHES[n] for n in names]):
        changes = dict(zip(names, values))
        s = Searcher(EngineConfig().replace(playouts=40, max_nodes=20_000, early_stop=False,
                                            **changes))
        result = s.search(game)
        assert result.playouts == 40 == s.root_visits, changes
        assert result.move is None or result.move == PASS or game.board.is_legal(result.move, 2)


@pytest.mark.parametrize("final_move", ["robust", "max", "robust-max", "secure"])
@pytest.mark.parametrize("create_after, threads", [(1, 1), (3, 1), (1, 2)])
def test_final_move_rules_node_creation_and_threads(final_move, create_after, threads):
    game = Game(7)
    s = searcher(600, final_move=final_move, create_after=create_after, threads=threads)
    result = s.search(game)
    assert game.board.is_legal(result.move, 1)
    assert result.playouts >= 1


def test_the_early_stop_s_lead_leaves_banned_children_out():
    # a banned move's visits (a superko move of a reused tree) must not end a search early
    game = Game(9)
    s = searcher(1000, early_stop=False)
    s.search(game)
    first, second, third = sorted((ch.visits for ch in s.children()), reverse=True)[:3]
    assert s.lead() == first - second
    top = max(s.children(), key=lambda ch: ch.visits)
    s.ban_root_moves([top.point])
    assert s.lead() == second - third


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_robust_max_spends_its_extra_search_until_robust_is_max(seed):
    # Its steps once ran with the early stop, which ended each at its first batch: the leader
    # robust-max doubts is usually further ahead than a step, so a third of the extra was spent.
    game = Game(9)
    plain = searcher(2000, seed, final_move="robust").search(game)
    s = searcher(2000, seed, final_move="robust-max", robust_max_extra=0.5)
    result = s.search(game)
    assert result.playouts == plain.playouts + 1000 or decision.robust_is_max(s.children())


def test_final_move_rules_pick_as_defined():
    game = Game(7)
    s = searcher(2000, early_stop=False)
    s.search(game)
    visited = [ch for ch in s.children() if ch.visits > 0]
    robust = s.best_child()
    assert robust.visits == max(ch.visits for ch in visited)
    s.configure(s.config.replace(final_move="max"))
    assert s.best_child().value == max(ch.value for ch in visited)
    s.configure(s.config.replace(final_move="secure"))
    bound = max(ch.value - 4.0 / math.sqrt(ch.visits) for ch in visited)
    best = s.best_child()
    assert best.value - 4.0 / math.sqrt(best.visits) == pytest.approx(bound)


def test_early_stop_ends_a_decided_search_unless_its_time_is_use_or_lose():
    from mango.engine.limit import Limit

    drawing, komi, _ = POSITIONS["take the last dame when it decides the game"]
    game = Game.from_ascii(drawing, komi=komi, to_move="b")
    result = searcher(5000, early_stop=True).search(game)
    assert result.playouts < 5000
    assert searcher(5000, early_stop=True).search(game, Limit(5000, use_or_lose=True)).playouts < 5000
    whole = searcher(5000, early_stop=True, spend_use_or_lose=True).search(game, Limit(5000, use_or_lose=True))
    assert whole.playouts == 5000 and whole.move == result.move


@pytest.mark.parametrize("seed", [1, 2])
def test_a_capped_search_stops_where_it_would_without_the_clock_however_slow_the_machine(
        seed, monkeypatch):
    """A playout cap that binds long before the clock (a golden transcript's 200 playouts with
    300 s on the clock) follows the fixed batch schedule, so that the early stop looks at the
    lead on the same playouts: batches timed on a loaded machine once stopped CGOS's golden
    search at 198 instead of 200. Here the searcher's clock says every batch is slow."""
    import types
    from mango.engine import searcher as searcher_module
    from mango.engine.limit import Limit

    drawing, komi, _ = POSITIONS["take the last dame when it decides the game"]
    game = Game.from_ascii(drawing, komi=komi, to_move="b")
    plain = searcher(2000, seed, early_stop=True)
    expected = plain.search(game, Limit(2000))
    assert expected.playouts < 2000                 # the early stop ends it
    now = [0.0]

    def slow_clock():
        now[0] += 0.05
        return now[0]
    monkeypatch.setattr(searcher_module, "time", types.SimpleNamespace(perf_counter=slow_clock))
    slow = searcher(2000, seed, early_stop=True)
    got = slow.search(game, Limit(2000, seconds=1000))
    assert (got.move, got.playouts) == (expected.move, expected.playouts)
    assert [(ch.point, ch.visits) for ch in slow.children()] == \
        [(ch.point, ch.visits) for ch in plain.children()]


def test_bad_settings_are_refused():
    for bad in ({"uct_c": -1}, {"final_move": "best"}, {"rave_schedule": "x"}, {"threads": 0},
                {"expand_threshold": 1.5}, {"rave": "yes"}, {"nonsense": 1}):
        with pytest.raises(ConfigError):
            EngineConfig().replace(**bad)
    with pytest.raises(ConfigError):
        EngineConfig().with_strings({"uct_c": "abc"})
    config = EngineConfig().with_strings({"search.uct_c": "0.25", "rave": "off", "threads": "2"})
    assert (config.search.uct_c, config.search.rave, config.search.threads) == (0.25, False, 2)


# ---- drawn positions ----------------------------------------------------------------------------

def test_drawn_positions_do_not_share_a_tree():
    """Game.from_ascii records its position as the start: two drawings never reuse each other's
    tree (which knew moves onto points the other position has stones on)."""
    first = Game.from_ascii("""
        . . . . .
        . X O . .
        . X O . .
        . X O . .
        . . . . .
        """, komi=0.5)
    second = Game.from_ascii("""
        . . . . .
        . O X . .
        . O X . .
        . O X . .
        . . . . .
        """, komi=0.5)
    empty = Game(5, 0.5)
    assert len({first.start_hash, second.start_hash, empty.start_hash}) == 3
    assert first.start_hash == first.board.hash
    s = searcher(playouts=300)
    assert not s.search(first).reused
    result = s.search(second)
    assert not result.reused
    assert second.is_legal("b", second.vertex(result.move)) if not result.resign else True
    assert not s.search(empty).reused
    assert s.search(empty).reused                   # the same position again does reuse it


def test_heuristic_stays_finite_next_to_a_captured_recent_move():
    # Black's C3, three moves ago, was captured by White's C4: C3 is empty, one of the recent
    # moves, and (a false eye) a candidate for White, at distance 0 from that move
    game = Game.from_ascii("""
        . . . . .
        . . . X .
        . O . O .
        . X O . .
        . . . . .
        """, to_move="b")
    for colour, vertex in [("b", "C3"), ("w", "C4"), ("b", "A5")]:
        game.play(colour, vertex)
    assert game.colour_at("C3") is None and game.to_move == "w"
    s = searcher(50)
    s.set_position(game)
    heuristics = {ch.point: ch.heuristic for ch in s.children()}
    assert all(math.isfinite(h) for h in heuristics.values())
    assert max(heuristics.values()) == pytest.approx(1.0)
    assert 0 < heuristics[game.point("C3")] < 1


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


def ladder_priors(game, vertices, **changes):
    s = searcher(200, 1, **{**MANGO_H, **changes})
    s.search(game)
    return {game.vertex(ch.point): ch.prior_value for ch in s.children()
            if game.vertex(ch.point) in vertices}


@pytest.mark.parametrize("ladder_saves", [False, True])
def test_the_tree_knows_a_save_into_a_ladder_as_the_playouts_do(ladder_saves):
    """Black's D4 hangs on D3, and extending there runs into a ladder: with the playouts'
    ladder_saves, the save is worth nothing to them, and so to the tree's pattern prior (one
    knowledge)."""
    game = Game.from_ascii(LADDER, to_move="b")
    assert (ladder_priors(game, {"D3"}, ladder_saves=ladder_saves)["D3"] > 0.5) == (not ladder_saves)


def root_policy_and_urgency(game, **changes):
    """The root children's policy and the playouts' own urgencies (normalised) for the mover."""
    from mango.engine.playout import MangoPlayout
    config = EngineConfig(seed=1).replace(playouts=1, **{**SMALL, **MANGO_H, **changes})
    s = Searcher(config)
    s.set_position(game)
    policy = {ch.point: ch.policy for ch in s.children() if ch.point != PASS}
    urgencies = MangoPlayout(game.copy().board, config.playout).urgencies(1 if game.to_move == "b" else 2)
    total = sum(urgencies.values())
    return policy, {point: weight / total for point, weight in urgencies.items()}


def test_a_playout_setting_moves_the_trees_knowledge_with_the_playouts():
    """One knowledge: the tree's policy is the playouts' urgency of each move (patterns with
    their exponent, captures, saves, nakade, proximity), so changing pattern_exponent moves both,
    and the same way."""
    game = Game.from_ascii(LADDER, to_move="b")
    game.play("w", "G7")                        # a previous move: the proximity factor applies
    seen = []
    for exponent in (1.0, 2.0):
        policy, urgency = root_policy_and_urgency(game, pattern_exponent=exponent)
        assert policy.keys() == urgency.keys()
        for point, value in policy.items():
            assert value == pytest.approx(urgency[point], rel=1e-5, abs=1e-9), game.vertex(point)
        seen.append(policy)
    assert max(abs(seen[0][p] - seen[1][p]) for p in seen[0]) > 0.001


@pytest.mark.parametrize("ladders", [False, True])
def test_ladders_prior_makes_the_atari_that_ladders_a_capture(ladders):
    """Once Black has extended to D3, White's D2 is the atari that captures in the ladder: the
    tree's ladders prior makes it as good as a capture."""
    game = Game.from_ascii(LADDER, to_move="b")
    game.play("b", "D3")
    assert (ladder_priors(game, {"D2"}, ladders=ladders)["D2"] > 0.5) == ladders


# ---- the learned predictor in the tree (issue 13) -----------------------------------------------

PREDICTOR_ON = dict(predictor_bias=True, predictor_order=True, predictor=True)


def predicted(game):
    """The shipped model's probability of each legal move of the player to move."""
    from mango.engine.feature import shared_predictor
    last2 = game.point(game.moves[-2].vertex) if len(game.moves) >= 2 else PASS
    colour = 1 if game.to_move == "b" else 2
    points, probabilities = shared_predictor().probabilities(game.board, colour, last2)
    return dict(zip(points.tolist(), probabilities.tolist()))


def test_predictor_order_unprunes_the_star_points_first_on_19x19():
    game = Game(19)
    for order in (False, True):
        s = searcher(1, predictor_order=order)
        s.set_position(game)
        first = sorted(game.vertex(ch.point) for ch in s.children()[:4])
        assert (first == ["D16", "D4", "Q16", "Q4"]) == order, first
    probabilities = predicted(game)
    ordered = [probabilities[ch.point] for ch in s.children() if ch.point != PASS]
    assert ordered == sorted(ordered, reverse=True)
    assert s.children()[-1].point == PASS


def opened_nine():
    game = Game(9)
    game.play("b", "E5")
    game.play("w", "C4")
    return game


def test_predictor_bias_makes_h_the_normalised_probability():
    game = opened_nine()
    s = searcher(1, predictor_bias=True)
    s.set_position(game)
    probabilities = predicted(game)
    best = max(probabilities[ch.point] for ch in s.children() if ch.point != PASS)
    for ch in s.children():
        if ch.point != PASS:
            assert ch.heuristic == pytest.approx(probabilities[ch.point] / best, rel=1e-5)
    plain = searcher(1, predictor_bias=False)
    plain.set_position(game)
    assert [ch.heuristic for ch in plain.children()] != [ch.heuristic for ch in s.children()]


def assert_predictor_prior(children, before, probabilities, count):
    """Each child's prior is its prior without the predictor plus count * sqrt(p) won playouts."""
    for ch in children:
        p = probabilities.get(ch.point, 0.0)
        extra = count * math.sqrt(p) if p >= 0.001 and ch.point != PASS else 0.0
        assert ch.prior_visits == pytest.approx(before[ch.point][0] + extra, rel=1e-5), ch
        assert (ch.prior_value or 0.0) * ch.prior_visits == pytest.approx(before[ch.point][1] + extra,
                                                                         rel=1e-4, abs=1e-9)


def prior_counts(children):
    return {ch.point: (ch.prior_visits, ch.prior_visits * (ch.prior_value or 0.0)) for ch in children}


def test_predictor_prior_adds_sqrt_p_won_playouts():
    game = opened_nine()
    base = searcher(1, predictor=False)
    base.set_position(game)
    s = searcher(1, predictor=True, predictor_count=64.0)
    s.set_position(game)
    probabilities = predicted(game)
    assert_predictor_prior(s.children(), prior_counts(base.children()), probabilities, 64.0)
    favourite = max(probabilities, key=probabilities.get)
    assert next(ch.prior_value for ch in s.children() if ch.point == favourite) > 0.7


def test_children_made_below_t_get_the_predictor_prior_at_t():
    # Below T a node grows one child per simulation, without the predictor (it needs the whole
    # position); the full expansion at T gives those children their predictor prior too.
    game = Game(9)
    s = searcher(400, predictor=True, predictor_count=64.0, expand_threshold=30, early_stop=False,
                 even=False, pattern=False)
    s.search(game)
    top = max(s.children(), key=lambda ch: ch.visits)
    assert top.visits > 30
    children = s.line_children([top.point])
    reply = game.copy()
    reply.play("b", game.vertex(top.point))
    probabilities = predicted(reply)
    assert_predictor_prior(children, {ch.point: (0.0, 0.0) for ch in children}, probabilities, 64.0)
    assert sum(1 for ch in children if ch.visits > 0) >= 5     # some were made below T


@pytest.mark.parametrize("seed", [1, 2])
def test_tactics_survive_the_predictor(seed):
    for name in ("save a group in atari", "capture to win a semeai", "kill with the nakade vital point"):
        drawing, komi, answer = POSITIONS[name]
        game = Game.from_ascii(drawing, komi=komi, to_move="b")
        result = searcher(1500, seed, pass_only_when_not_losing=False, **PREDICTOR_ON).search(game)
        assert game.vertex(result.move) == answer, name


@pytest.mark.parametrize("setting, extra", [("pattern_table", {}),
                                            ("predictor_model", {"predictor_order": True})])
def test_an_unreadable_data_file_is_refused_and_changes_nothing(tmp_path, setting, extra):
    bad = tmp_path / "data.npz"
    bad.write_bytes(b"not a table or model")
    s = searcher(1)
    before = s.config
    with pytest.raises(ConfigError, match=setting):
        s.configure(before.replace(**{setting: str(bad)}, **extra))
    assert s.config == before
    assert s.search(Game(5)).playouts == 1


SETTLED_BELOW = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    . . . . . . . . .
    . . . . . . . . .
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_ownership_turns_the_priors_from_settled_points(seed):
    game = Game.from_ascii(SETTLED_BELOW, to_move="w")
    p = game.point
    ratios = {}
    for ownership in (False, True):
        s = searcher(100, seed, ownership=ownership, ownership_warmup=100)
        s.set_position(game)
        h = {child.point: child.heuristic for child in s.children()}
        # the predictor likes White's E1 under Black's wall; its playouts never give it to White
        ratios[ownership] = h[p("E1")] / h[p("E5")]
        assert s.audit()["ownership_samples"] == (100 if ownership else 0)
    assert ratios[True] < 0.4 * ratios[False]


# ---- the last good replies ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("first", [True, False])
def test_tactics_survive_the_last_good_replies(seed, first):
    for name in ("save a group in atari", "capture to win a semeai", "kill with the nakade vital point"):
        drawing, komi, answer = POSITIONS[name]
        game = Game.from_ascii(drawing, komi=komi, to_move="b")
        result = searcher(1500, seed, pass_only_when_not_losing=False, last_good_reply=2,
                          replies_first=first).search(game)
        assert game.vertex(result.move) == answer, name


def test_a_search_learns_replies_keeps_them_through_the_game_and_drops_them_for_a_new_one():
    game = Game(9)
    s = searcher(2000, last_good_reply=2)
    first = s.search(game)
    learned = s.replies(1)
    assert len(learned) > 20 and len(s.replies(2)) > 20
    assert all(game.board.is_legal(answer, 1) for answer in learned.values())
    game.play("b", game.vertex(first.move))
    reply = max((ch for ch in s.line_children([first.move]) if ch.point != PASS),
                key=lambda ch: ch.visits)
    game.play("w", game.vertex(reply.point))
    assert s.set_position(game) is True
    assert s.replies(1) == learned                  # kept with the tree
    assert s.set_position(Game(9)) is False
    assert s.replies(1) == {} and s.replies(2) == {}
    assert searcher(100).replies(1) is None         # off: no table at all


def test_last_good_replies_change_the_playouts_and_stay_deterministic():
    game = Game(9)
    game.play("b", "E5")
    searches = [searcher(1500, seed=3, early_stop=False, last_good_reply=depth) for depth in (0, 1, 2, 2)]
    for s in searches:
        s.search(game)
    plain, one, two, again = (snapshot(s) for s in searches)
    assert two == again
    assert one != plain != two != one


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from([-1.0, 0.0, -0.0, 1.0, 0.5, 1e-300]),
                          st.floats(allow_nan=False, width=64)), max_size=362))
def test_children_order_is_a_stable_sort_best_first(keys):
    # the order of the children decides which progressive unpruning shows first: it must be
    # the stable order by key, greatest first (what the search's insertion sort gave)
    assert Searcher.sort_best_first(keys) == sorted(range(len(keys)), key=lambda i: -keys[i])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from([-1.0, 0.0, -0.0, 1.0, 0.5, 1e-300]),
                          st.floats(allow_nan=False, width=64)), max_size=362), st.integers(0, 40))
def test_a_first_expansion_sorts_only_the_children_it_makes(keys, few):
    # children_ahead makes the first `few` of the ranking: those must be the stable sort's
    # first, and the others all there after them (pass is looked for among all of them)
    order = Searcher.sort_best_first(keys, few)
    best = sorted(range(len(keys)), key=lambda i: -keys[i])
    assert order[:few] == best[:few]
    assert sorted(order) == list(range(len(keys)))


# ---- the score margin (Fuego's score modification) -----------------------------------------------

# A finished 7x7 game: Black's group (28 points of area, eight one-point eyes) and White's (21
# points, four eyes); nothing either side plays changes the area score, 7 points to Black.
FINISHED = """
    . X . X O O .
    X X X X O O O
    . X . X O O .
    X X X X O O O
    . X . X O O .
    X X X X O O O
    . X . X O O .
"""


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("komi", [0.5, 13.5])
def test_a_playout_counts_its_margin_with_score_margin(seed, komi):
    game = Game.from_ascii(FINISHED, komi=komi, to_move="b")
    score = 7 - komi                          # Black's margin in every playout: +6.5 or -6.5
    x = abs(score) / 49
    for margin, expected in ((0.0, 1.0 if score > 0 else 0.0),
                             (0.2, 1 - 0.2 + 0.2 * x if score > 0 else 0.2 * (1 - x))):
        s = searcher(2000, seed, score_margin=margin)
        s.search(game)
        best = max(s.children(), key=lambda ch: ch.visits)
        assert best.value == pytest.approx(expected, abs=0.03), (margin, best.value)
