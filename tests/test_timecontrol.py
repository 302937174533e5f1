"""Per-move budgets: never more than the clock allows, less the lag buffer."""
from __future__ import annotations

import pytest

from mango.engine.timecontrol import MIN_MOVE_S, TimeControl


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
