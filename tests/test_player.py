"""The engine facade and the budget of a move: time decides under a clock, playouts without one,
questions about either colour leave the game alone, robust-max stays inside its time, analysis
refines the tree it has."""
from __future__ import annotations

import pytest

from mango.engine import Game
from mango.engine.board import PASS_POINT as PASS
from mango.engine.config import DEFAULT_PLAYOUTS, EngineConfig
from mango.engine.limit import Limit
from mango.engine.player import Player
from mango.engine.searcher import Searcher

FAST = EngineConfig(seed=3).replace(playouts=300, max_nodes=200_000)

ENDGAME = """
. X O . O . . . .
X X O O O O O O O
. X X X X X X X O
X . X . . . . X O
. X X . X . X X O
X X . X . X . X O
O O X X X X X O O
. O O O O O O O .
. . . . O . O . .
"""


# ---- Limit ----------------------------------------------------------------------------------------

def test_limit_needs_some_bound():
    with pytest.raises(ValueError):
        Limit()
    with pytest.raises(ValueError):
        Limit(playouts=-1)
    assert Limit(stop=lambda: True).playouts is None


def test_a_budget_loses_the_time_spent_before_the_search():
    """The passing-back count runs before the search, on the move's own time."""
    limit = Limit(playouts=500, seconds=2.0, use_or_lose=True, extend_to=3.0)
    after = limit.after(0.5)
    assert (after.seconds, after.extend_to) == (1.5, 2.5)
    assert after.playouts == 500 and after.use_or_lose
    assert limit.after(5).seconds == pytest.approx(0.01) and limit.after(5).extend_to == 0.01
    playouts_only = Limit(playouts=500)
    assert playouts_only.after(0.5) is playouts_only and limit.after(0) is limit


def test_without_a_clock_the_playouts_decide():
    assert Limit.for_move(EngineConfig()) == Limit(DEFAULT_PLAYOUTS, None)
    assert Limit.for_move(EngineConfig().replace(playouts=500)) == Limit(500, None)


def test_under_a_clock_time_decides_and_a_cap_applies_only_when_set():
    assert Limit.for_move(EngineConfig(), clock_seconds=9.5) == Limit(None, 9.5)
    assert Limit.for_move(EngineConfig().replace(time_s=5.0)) == Limit(None, 5.0, use_or_lose=True)
    assert Limit.for_move(EngineConfig().replace(playouts=800), clock_seconds=9.5) == Limit(800, 9.5)
    # a controller's clock takes precedence over time_s
    assert Limit.for_move(EngineConfig().replace(time_s=5.0), clock_seconds=2.0) == Limit(None, 2.0)


def test_time_settings_give_the_move_its_share_of_the_clock():
    player = Player(EngineConfig(), size=9)
    player.clock.set_canadian(300, 0, 0)
    limit = player.limit(1)
    assert limit.playouts is None                       # no hidden 10,000-playout cap
    # 300 s over the 27 moves Black still has on 9x9, less the 1 s lag buffer
    assert limit.seconds == pytest.approx(300 / 27 - 1.0)


# ---- both colours on one position ----------------------------------------------------------------

def test_asking_for_either_colour_never_changes_the_game():
    game = Game.from_ascii(ENDGAME, komi=7.5, to_move="b")
    player = Player(FAST)
    player.set_game(game)
    before = (str(game), game.to_move, len(game.moves))
    for colour in ("b", "w", "w", "b"):
        result = player.genmove(colour, commit=False)
        assert result.resign or result.move is not None
    assert (str(player.game), player.game.to_move, len(player.game.moves)) == before


def test_a_tree_is_reused_only_for_the_same_side_to_move():
    game = Game(9)
    game.play("b", "E5")
    searcher = Searcher(FAST)
    searcher.search(game)
    assert searcher.set_position(game) is True
    other = game.with_to_move("b")
    assert other is not game and game.to_move == "w"
    assert searcher.set_position(other) is False
    assert searcher.set_position(game) is False         # the tree is now Black's


def test_genmove_for_the_colour_not_to_move_plays_it():
    player = Player(FAST, size=9)
    player.play("b", "E5")
    result = player.genmove("b")                        # GTP allows either colour to move
    assert [m.colour for m in player.game.moves] == ["b", "b"]
    assert player.game.moves[-1].vertex == player.game.vertex(result.move)


# ---- time ------------------------------------------------------------------------------------------

class FakeClock:
    """time.perf_counter for the searcher: every reading advances by `step` seconds."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_robust_max_stays_inside_the_time_it_was_given(monkeypatch):
    import mango.engine.searcher as searcher_module

    clock = FakeClock(0.01)
    monkeypatch.setattr(searcher_module.time, "perf_counter", clock)
    config = FAST.replace(final_move="robust-max", robust_max_extra=2.0, early_stop=False)
    searcher = Searcher(config)
    game = Game(9)
    start = clock.now
    result = searcher.search(game, Limit(seconds=1.0))
    assert result.playouts > 0
    # a batch may end past the deadline by the readings it takes, never by the extra search
    assert clock.now - start <= 1.0 + 20 * clock.step


def test_setting_up_the_position_comes_off_the_move_s_time(monkeypatch):
    # the open points under territory rules or the ownership warm-up run before the search: a
    # byo-yomi period has no margin for them
    import mango.engine.searcher as searcher_module

    clock = FakeClock(0.01)
    monkeypatch.setattr(searcher_module.time, "perf_counter", clock)
    searcher = Searcher(FAST.replace(early_stop=False))
    set_position = searcher.set_position

    def slow_set_position(game):
        clock.now += 0.6
        return set_position(game)

    monkeypatch.setattr(searcher, "set_position", slow_set_position)
    start = clock.now
    assert searcher.search(Game(9), Limit(seconds=1.0)).playouts > 0
    assert clock.now - start <= 1.0 + 20 * clock.step


# ---- analysis ----------------------------------------------------------------------------------------

def test_analysis_follows_the_budget_and_refines_the_tree():
    player = Player(FAST.replace(playouts=250), size=9)
    player.play("b", "E5")
    assert player.refine().root_visits == 250
    assert player.refine().root_visits == 500           # asked again: the same tree, refined
    player.play("w", "C3")
    assert player.refine().root_visits >= 250


def test_analysis_streams_until_stopped():
    player = Player(FAST, size=9)
    updates = []
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        return calls["n"] > 3

    searcher = player.stream_analysis("b", stop, 0.0001, updates.append)
    assert searcher.root_visits > 0 and updates
    assert player.game.moves == []


def test_analysis_and_pondering_search_their_whole_time_without_the_early_stop(monkeypatch):
    """The early stop judges a move's budget; an analysis or a ponder has none, and a chunk cut
    short by it would only cost the loop's overhead."""
    player = Player(FAST, size=9)
    asked = []
    real_run = Searcher.run

    def run(self, limit, early_stop=None):
        asked.append(early_stop)
        return real_run(self, limit, early_stop)

    monkeypatch.setattr(Searcher, "run", run)
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        return calls["n"] > 3

    player.stream_analysis("b", stop, 0, lambda searcher: None)
    calls["n"] = 0
    player.ponder(stop)
    assert len(asked) >= 2 and all(early is False for early in asked)


def test_the_log_line_after_a_move_gives_the_trees_size(caplog):
    player = Player(FAST.replace(max_nodes=2000, playouts=2000))
    with caplog.at_level("INFO", logger="mango.engine"):
        player.genmove("b")
    line = next(r.getMessage() for r in caplog.records if "playouts in" in r.getMessage())
    assert "tree " in line and " nodes (" in line and "of 0.1 MB" in line and "recycled" in line


def test_time_extension_lets_an_unsettled_move_think_on_only_where_saved_time_carries_over():
    player = Player(EngineConfig().replace(time_extension=1.5), size=9)
    player.clock.set_absolute(120)
    limit = player.limit(1)
    assert limit.extend_to == pytest.approx(limit.seconds * 2.5)
    player.clock.set_byoyomi(0, 10, 5)
    player.clock.time_left(1, 10, 5)             # a Japanese period: use-or-lose, no extension
    assert player.limit(1).extend_to is None
    assert Player(EngineConfig(), size=9).limit(1).extend_to is None      # off by default
    quick = Player(EngineConfig().replace(time_extension=1.0, playouts=0), size=9)
    quick.clock.set_absolute(2)
    result = quick.genmove("b")
    assert result.move is not None and result.playouts > 0


# ---- rules ---------------------------------------------------------------------------------------

SETTLED = """
. X . X O . O
X X X X O O O
X X X X O . O
. . X X O O O
X X X X O . O
X . X X O O O
X X X X O . O
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_under_japanese_rules_a_stone_in_its_own_territory_costs_the_game(seed):
    """Both groups live for sure; Black has 5 points of territory (the two at A4 and B4 open)
    and White 4. With komi 0.5 Black wins by half a point under territory rules if it passes,
    and loses by half a point if it fills A4 or B4; by area it wins by 6.5 either way."""
    config = FAST.replace(seed=seed, rules="japanese", playouts=600)
    player = Player(config, size=7)
    player.set_game(Game.from_ascii(SETTLED, komi=0.5, to_move="b"))
    assert player.game.rules == "japanese" and player.game.score() == 0.5
    result = player.genmove("b", commit=False)
    assert result.move == PASS and result.value > 0.9
    filled = player.searcher.search(player.game, Limit(playouts=600), allow_pass=False)
    assert player.game.vertex(filled.move) in ("A4", "B4") and filled.value < 0.1
    player.game.rules = "chinese"
    assert player.game.score() == 6.5
    filled = player.searcher.search(player.game, Limit(playouts=600), allow_pass=False)
    assert player.game.vertex(filled.move) in ("A4", "B4") and filled.value > 0.9


@pytest.mark.parametrize("seed", [1, 2])
def test_after_the_opponents_pass_a_won_game_is_ended_by_passing_back(seed):
    """Area rules: every move wins (Black by 6.5 on the board), so the search alone fills its own
    territory after White's pass; pass_back_when_winning passes and ends the game, but only
    after a pass and only when the count wins."""
    config = FAST.replace(seed=seed, playouts=600)
    after_pass = Game.from_ascii(SETTLED, komi=0.5, to_move="w")
    after_pass.play("w", "pass")
    player = Player(config, size=7)
    player.set_game(after_pass.copy())
    assert player.genmove("b").move == PASS and player.game.is_over
    player = Player(config.replace(pass_back_when_winning=False), size=7)
    player.set_game(after_pass.copy())
    assert player.genmove("b").move != PASS                     # the search alone fills
    player = Player(config, size=7)
    player.set_game(Game.from_ascii(SETTLED, komi=0.5, to_move="b"))
    assert player.genmove("b").move != PASS                     # no pass before it
    lost = Game.from_ascii(SETTLED, komi=10.5, to_move="w")
    lost.play("w", "pass")
    player = Player(config, size=7)
    player.set_game(lost)
    assert player.genmove("b").move != PASS                     # passing would lose


DEAD_STONE_INSIDE = """
. X . X O . O
X X X X O O O
X X X X O . O
O . X X O O O
X X X X O . O
X . X X O O O
X X X X O . O
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_under_japanese_rules_it_passes_back_over_a_dead_stone_in_its_territory(seed):
    """White's dead stone at A4 leaves Black short as the stones stand (B4 neutral: 3 points to
    White's 4), but with it removed Black wins by 1.5 (5 points and the prisoner). Under
    territory rules the server removes it; capturing it costs a point of territory, so after
    White's pass Black passes back. Under area rules the stones-as-they-stand count still rules
    (CGOS removes nothing): with komi 5.5 Black loses by 1.5 as they stand and wins by 1.5
    without the stone, so it captures first."""
    game = Game.from_ascii(DEAD_STONE_INSIDE, komi=0.5, to_move="w", rules="japanese")
    game.play("w", "pass")
    assert game.score() == -1.5
    player = Player(FAST.replace(seed=seed, rules="japanese", playouts=600), size=7)
    player.set_game(game.copy())
    assert player.genmove("b").move == PASS and player.game.is_over
    area = Game.from_ascii(DEAD_STONE_INSIDE, komi=5.5, to_move="w")
    area.play("w", "pass")
    assert area.score() == -1.5
    player = Player(FAST.replace(seed=seed, playouts=600), size=7)
    player.set_game(area)
    assert player.genmove("b").move != PASS


@pytest.mark.parametrize("seed", [1, 2])
def test_under_japanese_rules_it_passes_first_over_a_dead_stone_in_its_territory(seed):
    """The same board with White yet to pass and komi 1.5: passing wins by 0.5 once the server
    takes White's dead stone off, and capturing it (B4) loses by 0.5. The tree's double pass is
    counted with the dead removed (the playout settles them), and the veto on a losing pass
    counts the same way; both used to count A4 as White's and capture."""
    game = Game.from_ascii(DEAD_STONE_INSIDE, komi=1.5, to_move="b", rules="japanese")
    player = Player(FAST.replace(seed=seed, rules="japanese", playouts=600), size=7)
    player.set_game(game.copy())
    assert player.genmove("b").move == PASS
    assert player.final_score() == 0.5
