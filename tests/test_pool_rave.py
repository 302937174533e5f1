"""PoolRAVE (search.pool_rave_probability; Rimmel, Teytaud et al. 2010): the pools the tree's AMAF
makes and the playout moves drawn from them."""
from __future__ import annotations

import pytest

from mango.engine import Game
from mango.engine.config import ConfigError, EngineConfig

from probe import Searcher

# the AMAF values alone: no prior in the AMAF statistics, so a child without samples has none
# (and no light moves, which come before the pool)
BARE = dict(max_nodes=200_000, resign=False, in_amaf=False, even=False, pattern=False,
            predictor=False, grandfather=False, random_move_probability=0.0)


def pooled(probability=1.0, size=3, min_visits=100):
    s = Searcher(EngineConfig(seed=1).replace(
        playouts=1, pool_rave_probability=probability, pool_rave_size=size,
        pool_rave_min_visits=min_visits, **BARE))
    game = Game(9)
    s.set_position(game)
    return s, game


def rate(s, line, values):
    """Give the children of the node `line` leads to AMAF values (100 samples each)."""
    for point, value in values.items():
        s.set_counters(line + [point], amaf_visits=100, amaf_half_wins=round(200 * value))


def test_the_pool_holds_the_best_amaf_moves_best_first():
    s, game = pooled()
    e5, c3, g7, d4 = (game.point(v) for v in ("E5", "C3", "G7", "D4"))
    s.set_counters([], visits=1000)
    rate(s, [], {c3: 0.7, e5: 0.9, d4: 0.2, g7: 0.8})
    pools, _ = s.pool([])
    assert pools[1] == [e5, g7, c3]     # Black to move at the root; D4 the worst of four
    assert pools[2] == []               # no node below the root yet for White's moves


def test_the_deepest_node_with_enough_visits_makes_the_pool():
    s, game = pooled()
    e5, c3, g7, d4 = (game.point(v) for v in ("E5", "C3", "G7", "D4"))
    s.set_counters([], visits=1000)
    rate(s, [], {c3: 0.9, g7: 0.6})
    s.expand_line([e5])
    rate(s, [e5], {d4: 0.8, g7: 0.7})
    s.set_counters([e5], visits=99)
    pools, _ = s.pool([e5])
    # E5's node has too few visits: the root's AMAF rates Black's moves, E5's children White's
    assert pools == {1: [c3, g7], 2: [d4, g7]}
    s.set_counters([e5], visits=100)
    pools, _ = s.pool([e5])
    assert pools == {1: [c3, g7], 2: [d4, g7]}  # White from E5's node, Black from its parent
    s.set_counters([], visits=50)
    s.set_counters([e5], visits=50)
    pools, _ = s.pool([e5])
    assert pools == {1: [], 2: []}      # no node has the visits


@pytest.mark.parametrize("seed", [1, 2])
def test_the_playout_draws_from_the_pool(seed):
    s, game = pooled(probability=1.0)
    e5, c3, g7 = (game.point(v) for v in ("E5", "C3", "G7"))
    s.set_counters([], visits=1000)
    rate(s, [], {c3: 0.7, e5: 0.9, g7: 0.8})
    _, chosen = s.pool([], draws=40, seed=seed)
    assert set(chosen) == {e5, g7, c3}  # nothing to answer on an empty board: always the pool


@pytest.mark.parametrize("seed", [1, 2])
def test_off_the_playout_draws_as_before(seed):
    s, game = pooled(probability=0.0)
    points = {game.point(v) for v in ("E5", "C3", "G7")}
    s.set_counters([], visits=1000)
    rate(s, [], dict.fromkeys(points, 0.9))
    _, chosen = s.pool([], draws=40, seed=seed)
    assert not set(chosen) <= points


def test_a_pool_move_the_playouts_refuse_is_not_played():
    # Black's D1 would put its three stones in atari (A1 their one liberty): the pool offers
    # only that, and the policy draws as it would without a pool
    game = Game.from_ascii("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O O O . . . . .
        . X X . O . . . .
        """, to_move="b")
    s = Searcher(EngineConfig(seed=1).replace(
        playouts=1, pool_rave_probability=1.0, pool_rave_min_visits=100, **BARE))
    s.set_position(game)
    d1 = game.point("D1")
    s.set_counters([], visits=1000)
    rate(s, [], {d1: 0.9})
    pools, chosen = s.pool([], draws=20)
    assert pools[1] == [d1]
    assert d1 not in chosen and len(chosen) == 20


@pytest.mark.parametrize("name,value", [("pool_rave_probability", 1.5),
                                        ("pool_rave_size", 0), ("pool_rave_size", 33),
                                        ("pool_rave_min_visits", 0)])
def test_settings_out_of_range_are_refused(name, value):
    with pytest.raises(ConfigError):
        EngineConfig().replace(**{name: value})


@pytest.mark.parametrize("seed", [1, 2])
def test_search_with_the_pool_still_wins_the_semeai(seed):
    # Both sides' groups share their last liberty C3: whoever plays there captures. The pool
    # fills from the root's AMAF after 20 visits and half the playout moves come from it.
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        O O O O O . .
        X X X X O . .
        O O . X O . .
        X X O X O . .
        . X O X O . .
        """, komi=-20.5, to_move="b")
    s = Searcher(EngineConfig(seed=seed).replace(
        playouts=1500, pool_rave_probability=0.5, pool_rave_min_visits=20, resign=False,
        pass_only_when_not_losing=False, max_nodes=200_000))
    assert game.vertex(s.search(game).move) == "C3"
