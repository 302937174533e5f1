"""Per-move budgets: never more than the clock allows, less the lag buffer."""
from __future__ import annotations

import pytest

from mango.engine.timecontrol import MIN_MOVE_S, TimeControl
from mango.engine.vertex import BLACK, WHITE


def test_no_clock_means_no_budget():
    clock = TimeControl()
    assert clock.budget(1, 19, 0, 1.0) is None
    clock.set_canadian(0, 0, 0)
    assert clock.budget(1, 19, 0, 1.0) is None
    clock.set_canadian(10, 5, 0)                 # GTP: byoyomi time with no stones = no limit
    assert clock.budget(1, 19, 0, 1.0) is None


def test_absolute_time_is_spread_over_the_moves_left():
    clock = TimeControl()
    clock.set_absolute(600)
    first = clock.budget(1, 19, 0, 1.0)
    assert 3 < first < 600 / 100
    clock.time_left(1, 60, 0)
    assert clock.budget(1, 19, 200, 1.0) < 60 / 30
    clock.time_left(1, 0.5, 0)
    assert clock.budget(1, 19, 200, 1.0) == MIN_MOVE_S


def test_canadian_byoyomi_divides_the_period_by_the_stones_left():
    clock = TimeControl()
    clock.set_canadian(0, 300, 25)
    clock.time_left(2, 100, 10)
    assert clock.budget(2, 19, 100, 1.0) == pytest.approx(100 / 10 - 1.0)
    clock.time_left(2, 30, 1)
    assert clock.budget(2, 19, 100, 1.0) == pytest.approx(29.0)


def test_canadian_without_main_time_or_reports_counts_its_own_periods():
    """A controller that sets a Canadian clock and never sends time_left: with no main time the
    first move is already in the period (1 s a stone here, not a quarter of it), and Mango counts
    the period's stones and seconds itself, a new period after the last stone."""
    clock = TimeControl()
    clock.set_canadian(0, 10, 10)
    assert clock.budget(BLACK, 9, 0, lag_s=0.0) == pytest.approx(1.0)
    for _ in range(9):
        clock.spend(BLACK, 0.5)
    assert clock.budget(BLACK, 9, 18, lag_s=0.0) == pytest.approx(5.5)   # the last stone
    assert clock.use_or_lose(BLACK)
    clock.spend(BLACK, 5.0)
    assert clock.budget(BLACK, 9, 20, lag_s=0.0) == pytest.approx(1.0)   # a new period
    assert not clock.use_or_lose(BLACK)
    clock.set_canadian(0, 1, 1)                                          # 1 s a move
    assert clock.use_or_lose(WHITE)
    assert clock.budget(WHITE, 9, 0, lag_s=0.0) == pytest.approx(1.0)


def test_main_time_spent_without_reports_leads_into_the_period():
    clock = TimeControl()
    clock.set_canadian(3, 30, 10)
    clock.spend(BLACK, 4.0)                                  # 1 s past main time
    assert clock.budget(BLACK, 9, 2, lag_s=0.0) == pytest.approx(29 / 10)
    clock.time_left(BLACK, 20, 5)                            # the controller's word prevails
    assert clock.budget(BLACK, 9, 4, lag_s=0.0) == pytest.approx(4.0)
    clock.set_canadian(60, 30, 10)
    clock.time_left(WHITE, 0, 0)                             # main time reported gone
    assert clock.budget(WHITE, 9, 40, lag_s=0.0) == pytest.approx(3.0)
    clock.spend(WHITE, 3.0)
    assert clock.budget(WHITE, 9, 42, lag_s=0.0) == pytest.approx(27 / 9)


def test_japanese_byoyomi_uses_a_period_per_move_once_main_time_is_gone():
    clock = TimeControl()
    clock.set_byoyomi(0, 30, 5)
    clock.time_left(1, 30, 5)                    # third argument: periods left
    assert clock.budget(1, 9, 40, 1.0) == pytest.approx(29.0)
    clock.set_byoyomi(60, 10, 3)
    assert 1 < clock.budget(1, 9, 0, 1.0) < 60 + 10


def test_bad_settings_raise():
    clock = TimeControl()
    with pytest.raises(ValueError):
        clock.set_canadian(-1, 0, 0)
    with pytest.raises(ValueError):
        clock.time_left(1, -5, 0)


def test_the_lag_buffer_follows_what_the_controller_counts():
    clock = TimeControl()
    clock.set_absolute(60)
    first = clock.budget(BLACK, 9, 0, lag_s=1.0)
    assert first == pytest.approx(60 / 27 - 1.0)            # nothing observed yet: lag_s
    clock.spend(BLACK, 2.0)                                  # thought 2 s: 58 s left by our count
    clock.time_left(BLACK, 57.0, 0)                          # whole seconds: 1 s counted beyond
    assert clock.lag(BLACK, 1.0) == 1.0
    for reported in (55.2, 53.15):                           # 0.2 s and 0.05 s beyond
        left = clock.clocks[BLACK].main_s
        clock.spend(BLACK, left - reported - (0.2 if reported == 55.2 else 0.05))
        clock.time_left(BLACK, reported, 0)
    assert clock.lag(BLACK, 1.0) == pytest.approx(0.1)      # 1.5 x 0.05, at least 0.1
    assert clock.budget(BLACK, 9, 6, lag_s=1.0) == pytest.approx(53.15 / 24 - 0.1)
    assert clock.lag(WHITE, 1.0) == 1.0                      # each side its own
    assert clock.lag(BLACK, 0.0) == 0.0                      # never more than lag_s


def test_short_periods_keep_at_most_half_the_share_as_lag():
    clock = TimeControl()
    clock.set_canadian(0, 1, 1)                              # 1 s a move: time_left never shows lag
    clock.time_left(BLACK, 1, 1)
    assert clock.budget(BLACK, 9, 10, lag_s=1.0) == pytest.approx(0.5)
    clock.set_byoyomi(0, 2, 3)
    assert clock.budget(BLACK, 9, 10, lag_s=0.5) == pytest.approx(1.5)   # lag_s when it is less


def test_byoyomi_reports_do_not_count_as_overhead():
    clock = TimeControl()
    clock.set_canadian(10, 30, 5)
    clock.spend(BLACK, 3.0)
    clock.time_left(BLACK, 30, 5)                            # now in byoyomi: no observation
    assert clock.clocks[BLACK].overheads == []


def test_time_that_cannot_be_saved_is_use_or_lose():
    """A Japanese byo-yomi period starts full after each move and a Canadian period's last stone
    leaves nothing for later: the search spends such time whole; main time carries over."""
    from mango.engine.config import EngineConfig
    from mango.engine.limit import Limit

    clock = TimeControl()
    assert not clock.use_or_lose(1)
    clock.set_byoyomi(60, 10, 3)
    assert not clock.use_or_lose(1)              # main time left
    clock.time_left(1, 10, 3)                    # in the periods
    assert clock.use_or_lose(1)
    clock.set_canadian(0, 300, 25)
    clock.time_left(2, 100, 10)
    assert not clock.use_or_lose(2)
    clock.time_left(2, 4, 1)
    assert clock.use_or_lose(2)
    fixed = Limit.for_move(EngineConfig().replace(time_s=1.0))
    assert fixed.seconds == 1.0 and fixed.use_or_lose and fixed.with_stop(None).use_or_lose
    assert not Limit.for_move(EngineConfig().replace(time_s=1.0), 5.0).use_or_lose
    assert not Limit.for_move(EngineConfig()).use_or_lose


def test_time_settings_beyond_reason_are_refused():
    clock = TimeControl()
    for setter, args in ((clock.set_canadian, (1e23, 0, 0)), (clock.set_absolute, (2e6,)),
                         (clock.set_byoyomi, (0, 30, 10**9))):
        with pytest.raises(ValueError):
            setter(*args)
    assert clock.system == "none"
    with pytest.raises(ValueError):
        clock.time_left(1, 1e9, 0)
