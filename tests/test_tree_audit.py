"""The tree after threaded searches, audited node by node (Searcher.audit walks the live tree in C),
the counters' exactness past the limits of float32 and int32, and the score statistics.

What holds for every live node X once a search has returned (see _audit in engine/search.pyx):

    visits(X) = sum of the children's visits + [X was added by a simulation] + stops(X)

where the simulation that adds a node ends there, and stops(X) >= 0 counts the simulations that
stopped at X without descending (terminal position, lock held by another thread, full pool,
slow node creation). On a tree grown from an empty root the stops summed over the nodes equal
the stops the workers counted, so that no count is lost or counted twice, even when a thread was
below a child whose block another thread replaced. No virtual loss is left, no live node is
locked, every counter is non-negative, and the score samples add up to the root's visits.
"""
from __future__ import annotations

import pytest

from mango.engine import Game
from mango.engine.board import PASS_POINT as PASS
from mango.engine.config import EngineConfig
from mango.engine.limit import Limit
from probe import Searcher


def searcher(playouts, seed=1, **changes):
    settings = dict(playouts=playouts, early_stop=False, resign=False, max_nodes=2_000_000)
    config = EngineConfig(seed=seed).replace(**{**settings, **changes})
    return Searcher(config)


def assert_exact_tree(s, fresh=True):
    a = s.audit()
    assert a["nodes"] > 1 and a["expanded"] >= 1
    assert a["locked"] == 0
    assert a["virtual_loss"] == 0 and a["negative_loss"] == 0
    assert a["negative_counters"] == 0 and a["bad_wins"] == 0
    assert a["amaf_over_parent"] == 0
    assert a["over_children"] == 0 and a["negative_slack"] == 0
    assert a["lost"] == 0
    assert a["over_candidates"] == 0 and a["partial_root"] == 0
    if s.config.search.threads == 1:
        # every child unpruning lets the selection choose was made (under threads, a node whose
        # lock another thread held may be one visit late)
        assert a["short_children"] == 0
    assert a["fresh"] is fresh
    if fresh:
        assert a["slack"] == a["stops"]
        assert a["score_root_n"] == a["root_visits"] == a["ownership_samples"]
        assert a["score_child_mismatch"] == 0
        # root children's samples are their visits; what is left stopped at the root
        assert a["score_children_n"] == sum(ch.visits for ch in s.children()) <= a["root_visits"]
    assert -1.0 <= a["ownership_min"] <= a["ownership_max"] <= 1.0
    return a


@pytest.mark.parametrize("threads", [1, 2])
def test_distance_weighted_amaf_leaves_an_exact_tree(threads):
    """Weighted AMAF (rave_distance_weight) adds up to 1 + w a simulation: the audit's bound
    on a child's AMAF visits follows, and no other count changes."""
    s = searcher(2000, threads=threads, rave_distance_weight=3)
    s.search(Game(9))
    a = assert_exact_tree(s)
    weighted = [ch.amaf_visits for ch in s.children()]
    assert max(weighted) > a["root_visits"]             # some first plays counted more than once


def test_two_threads_reading_the_predictor_leave_an_exact_tree():
    s = searcher(3000, threads=2, predictor_bias=True, predictor_order=True, predictor=True)
    assert s.search(Game(9)).playouts == 3000
    assert assert_exact_tree(s)["root_visits"] == 3000


def test_two_thread_19x19_search_leaves_an_exact_tree():
    s = searcher(3000, threads=2)
    result = s.search(Game(19))
    assert result.playouts == 3000
    a = assert_exact_tree(s)
    assert a["root_visits"] == 3000
    for ch in s.children():
        raw = s.counters([ch.point])
        assert ch.visits == raw["visits"] and ch.amaf_visits == raw["amaf_visits"]
        if ch.visits:
            assert ch.value == raw["half_wins"] / (2 * raw["visits"]) and 0 <= ch.value <= 1
    assert 0.2 < result.value < 0.8
    owner = s.ownership()
    assert len(owner) == 361 and all(-1.0 <= v <= 1.0 for v in owner.values())


@pytest.mark.parametrize("changes", [
    {},                                         # defaults
    {"expand_threshold": 3},                    # many expansions: blocks replaced under threads
    {"rave": False, "create_after": 2},         # slow node creation: stops below the threshold
    {"children_ahead": 4},                      # children as unpruning reaches them
    {"children_ahead": 4, "expand_threshold": 3},
    {"children_ahead": 1, "unprune_a": 2},      # children made at the last moment, often
    {"children_ahead": 4, "children_full_depth": 2, "late_child_amaf": True},
    {"criticality": 1.1, "criticality_min_visits": 100},   # the workers' criticality samples
    {"score_margin": 0.2},                      # half wins drawn by chance, per thread
])
def test_two_thread_9x9_searches_leave_exact_trees(changes):
    game = Game(9)
    game.play("b", "E5")
    s = searcher(4000, seed=5, threads=2, **changes)
    s.search(game)
    assert_exact_tree(s)
    # the same position searched on (lz-analyze): the samples go on with the visits
    s.set_position(game)
    s.run(Limit(1000))
    a = assert_exact_tree(s)
    assert a["root_visits"] == 5000


@pytest.mark.parametrize("threads", [1, 2])
def test_nogo_searches_leave_exact_trees(threads):
    """NoGo's simulations count their playout's moves in AMAF (RAVE) as Go's do: the bound on a
    child's AMAF visits holds, and so does every count; NoGo keeps no score statistics."""
    s = searcher(3000, threads=threads, game="nogo", uct_c=0.4)
    s.search(Game(7, kind="nogo"))
    a = s.audit()
    assert a["root_visits"] == 3000 and a["expanded"] >= 1
    assert a["locked"] == a["virtual_loss"] == a["negative_loss"] == a["negative_counters"] == 0
    assert a["bad_wins"] == a["amaf_over_parent"] == a["over_children"] == a["lost"] == 0
    assert a["negative_slack"] == a["over_candidates"] == a["partial_root"] == 0
    assert a["slack"] == a["stops"]
    assert sum(ch.amaf_visits for ch in s.children()) > 10 * a["root_visits"]


def test_a_full_pool_under_threads_still_audits():
    s = searcher(3000, threads=2, max_nodes=2000, recycle=False)
    s.search(Game(9))
    assert s.pool_full
    assert_exact_tree(s)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("changes", [
    {"children_ahead": 0}, {"children_ahead": 4},
    {"children_ahead": 4, "children_full_depth": 2, "late_child_amaf": True},
])
def test_a_pruned_pool_audits(threads, changes):
    s = searcher(4000, threads=threads, max_nodes=3000, **changes)
    assert s.search(Game(9)).playouts == 4000
    assert s.prunes >= 2 and s.nodes_recycled > 0 and not s.pool_full
    # pruned subtrees took their stops with them: the per-node sums hold, the global one not
    a = assert_exact_tree(s, fresh=False)
    assert a["root_visits"] == 4000 and a["nodes"] <= 3000


def test_single_thread_trees_have_every_selectable_child():
    game = Game(19)
    s = searcher(3000, children_ahead=4)
    s.search(game)
    a = assert_exact_tree(s)
    # children as unpruning reaches them: far fewer nodes than expansions times 361
    assert a["nodes"] < 20 * a["expanded"] and a["partial"] > 0


def test_children_ahead_0_makes_every_child_at_once():
    s = searcher(2000, children_ahead=0)
    s.search(Game(9))
    a = assert_exact_tree(s)
    assert a["partial"] == 0 and a["nodes"] > 50 * a["expanded"]


@pytest.mark.parametrize("changes", [
    {},
    # a kept root lacking children makes them, seeded, before the old tree goes
    {"children_ahead": 4, "children_full_depth": 2, "late_child_amaf": True},
])
def test_reused_tree_keeps_its_invariants(changes):
    game = Game(9)
    s = searcher(2000, threads=2, **changes)
    first = s.search(game)
    game.play("b", game.vertex(first.move))
    reply = max((ch for ch in s.line_children([first.move]) if ch.point != PASS),
                key=lambda ch: ch.visits)
    game.play("w", game.vertex(reply.point))
    assert s.set_position(game) is True
    s.run(Limit(1000))
    # visits from the earlier search stay in the tree; the samples start at the new root
    a = assert_exact_tree(s, fresh=False)
    assert a["score_root_n"] == 1000 < a["root_visits"]


# ---- exact counters -----------------------------------------------------------------------------

@pytest.mark.parametrize("base", [2**24, 2**31 - 1, 2**32 + 5, 10**10])
def test_counters_stay_exact_past_float_and_int32_limits(base):
    game = Game(9)
    s = searcher(1, rave_distance_weight=0)         # one AMAF sample a simulation
    s.set_position(game)
    a = next(ch.point for ch in s.children() if ch.point != PASS)
    s.set_counters([], visits=base)
    s.set_counters([a], visits=base, half_wins=base - 1, amaf_visits=base, amaf_half_wins=base + 1)
    # Black (to move at the root) wins, draws, loses: 2, 1 and 0 half points for move a
    for result in (1.0, 0.5, 0.0):
        s.replay([a], [], result)
    assert s.counters([]) == {"visits": base + 3, "half_wins": 0, "amaf_visits": 0,
                              "amaf_half_wins": 0}
    assert s.counters([a]) == {"visits": base + 3, "half_wins": base + 2,
                               "amaf_visits": base + 3, "amaf_half_wins": base + 4}
    child = next(ch for ch in s.children() if ch.point == a)
    assert child.visits == base + 3 and child.amaf_visits == base + 3
    assert child.value == (base + 2) / (2 * (base + 3))
    assert child.amaf_value == (base + 4) / (2 * (base + 3))


def test_one_more_visit_is_never_lost_at_float32s_limit():
    s = searcher(1, rave_distance_weight=0)         # one AMAF sample a simulation
    s.set_position(Game(9))
    a = next(ch.point for ch in s.children() if ch.point != PASS)
    s.set_counters([a], visits=2**24, amaf_visits=2**24)
    for _ in range(10):
        s.replay([a], [], 1.0)
    assert s.counters([a])["visits"] == 2**24 + 10
    assert s.counters([a])["amaf_visits"] == 2**24 + 10


# ---- score statistics ---------------------------------------------------------------------------

def test_score_statistics_are_none_before_any_playout():
    s = searcher(1)
    assert s.score_estimate() is None
    s.set_position(Game(9))
    assert s.score_estimate() is None
    assert all(ch.score_mean is None and ch.score_stdev is None for ch in s.children())


@pytest.mark.parametrize("threads", [1, 2])
def test_score_statistics_are_from_the_movers_view(threads):
    # komi -60.5: Black wins nearly every playout by a wide margin
    game = Game(9, komi=-60.5)
    s = searcher(1500, threads=threads)
    s.search(game)
    mean, stdev = s.score_estimate()
    assert mean > 30 and stdev >= 0
    visited = [ch for ch in s.children() if ch.visits > 0]
    assert visited and all(ch.score_stdev >= 0 for ch in visited)
    # one playout can still lose the whole board (a big group dies): judge means of 10 or more
    assert all(ch.score_mean > 0 for ch in visited if ch.visits >= 10)
    assert all(ch.score_mean is None for ch in s.children() if ch.visits == 0)
    best = max(visited, key=lambda ch: ch.visits)
    assert all(ch.score_mean is None for ch in s.line_children([best.point]))   # root only
    # the root mean is the children's means weighted by their visits (nothing stops at the root)
    total = sum(ch.visits for ch in visited)
    assert total == s.root_visits
    assert abs(sum(ch.score_mean * ch.visits for ch in visited) / total - mean) < 1e-6
    # White to move: the same margins, from White's view
    game.play("b", "E5")
    s.set_position(game)
    assert s.score_estimate() is None               # a new position: new samples
    s.run(Limit(500))
    mean_white, _ = s.score_estimate()
    assert mean_white < -30
    assert all(ch.score_mean < 0 for ch in s.children() if ch.visits >= 10)
