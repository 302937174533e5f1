"""Dynamic komi in handicap games (engine/komi.py, Pachi's linear dynkomi)."""
from __future__ import annotations

import pytest

from mango.engine import Game
from mango.engine.config import EngineConfig
from mango.engine.handicap import fixed_handicap_vertices
from mango.engine.komi import search_komi
from mango.engine.searcher import Searcher


def handicap_game(size: int, stones: int, komi: float = 0.5) -> Game:
    game = Game(size, komi)
    game.place_handicap(fixed_handicap_vertices(size, stones))
    return game


def test_the_extra_komi_fades_linearly_with_the_moves():
    config = EngineConfig().replace(dynamic_komi="linear", dynamic_komi_stone=7, dynamic_komi_moves=0.5)
    game = handicap_game(13, 4)
    assert game.handicap == 4 and Game(13).handicap == 0
    assert game.scoring_komi == 0.5 + 4                     # area rules: a point a stone
    assert search_komi(game, config.handicap) == pytest.approx(4.5 + 28)
    for vertex, colour in (("C3", "w"), ("G7", "b")):
        game.play(colour, vertex)
    assert search_komi(game, config.handicap) == pytest.approx(4.5 + 28 * (1 - 2 / 84.5))
    assert search_komi(game, EngineConfig().handicap) == 4.5              # off by default
    game.rules = "japanese"                                               # no point a stone
    assert search_komi(game, EngineConfig().handicap) == 0.5
    assert search_komi(Game(13, 6.5), config.handicap) == 6.5              # no handicap, no change


def test_white_giving_stones_sees_a_game_to_play_for():
    game = handicap_game(9, 4)
    values = {}
    for mode in ("off", "linear"):
        searcher = Searcher(EngineConfig(seed=3).replace(playouts=600, dynamic_komi=mode, resign=False))
        values[mode] = searcher.search(game).value
    assert values["off"] < values["linear"]


def test_a_side_taking_stones_never_resigns_on_the_searchs_shifted_komi():
    """Black with four stones and 50 points of dynamic komi a stone against it sees every line
    lost, though on the board it wins: it plays on, and resigns once the komi is the game's."""
    config = EngineConfig(seed=2).replace(dynamic_komi="linear", dynamic_komi_stone=50,
                                          playouts=300, resign_after_moves=0,
                                          resign_min_playouts=0)
    game = handicap_game(9, 4)
    game.play("w", "E5")
    searcher = Searcher(config)
    result = searcher.search(game)
    assert result.value < config.search.resign_threshold and not result.resign
    off = Searcher(config.replace(dynamic_komi="off"))
    lost = Game(9, 200.5)                                    # no stones: the komi is the game's
    lost.play("b", "E5")
    lost.play("w", "C3")
    assert off.search(lost).resign


def test_the_situational_komi_steps_toward_keeping_manges_win_rate_in_its_band():
    from mango.engine.komi import adapt_extra_komi
    config = EngineConfig().replace(dynamic_komi="situational", dynamic_komi_stone=7,
                                    dynamic_komi_step=2, dynamic_komi_low=0.45,
                                    dynamic_komi_high=0.6)
    game = handicap_game(13, 3)
    assert search_komi(game, config.handicap) == pytest.approx(3.5 + 21)        # the linear start
    adapt_extra_komi(game, config.handicap, "w", 0.3)          # White giving stones, losing: helped
    assert game.extra_komi == 23 and search_komi(game, config.handicap) == pytest.approx(26.5)
    adapt_extra_komi(game, config.handicap, "w", 0.7)          # winning by more than the band
    adapt_extra_komi(game, config.handicap, "w", 0.5)          # inside it: no change
    assert game.extra_komi == 21
    adapt_extra_komi(game, config.handicap, "b", 0.9)          # Black taking stones, far ahead
    assert game.extra_komi == 23
    for _ in range(20):
        adapt_extra_komi(game, config.handicap, "b", 0.1)      # Black losing: komi given back ...
    assert game.extra_komi == 0                                # ... never below nothing
    even = Game(13, 6.5)
    adapt_extra_komi(even, config.handicap, "b", 0.1)
    assert even.extra_komi is None and search_komi(even, config.handicap) == 6.5


def test_the_fading_situational_komi_is_the_games_by_the_endgame():
    from mango.engine.komi import adapt_extra_komi
    config = EngineConfig().replace(dynamic_komi="situational-fading", dynamic_komi_stone=7,
                                    dynamic_komi_step=2, dynamic_komi_moves=0.5)
    game = handicap_game(13, 3)
    assert search_komi(game, config.handicap) == pytest.approx(3.5 + 21)
    adapt_extra_komi(game, config.handicap, "w", 0.3)           # it adapts as situational does
    assert game.extra_komi == 23
    points = [f"{c}{r}" for r in range(1, 14) for c in "ABCDEFGHJKLMN" if f"{c}{r}" not in
              ("D4", "K10", "D10")]
    for i in range(42):                                         # half of the 84.5 moves
        game.play("w" if i % 2 == 0 else "b", points[i])
    assert search_komi(game, config.handicap) == pytest.approx(3.5 + 23 * (1 - 42 / 84.5))
    for i in range(42, 86):
        game.play("w" if i % 2 == 0 else "b", points[i])
    assert search_komi(game, config.handicap) == 3.5            # the endgame: the game's komi
    assert search_komi(game, config.replace(dynamic_komi="situational").handicap) == 26.5


def test_a_player_adapts_the_komi_after_each_of_its_moves():
    from mango.engine.player import Player
    config = EngineConfig(seed=4).replace(dynamic_komi="situational", dynamic_komi_stone=0,
                                          dynamic_komi_step=3, playouts=200)
    player = Player(config, size=9, komi=0.5)
    player.set_game(handicap_game(9, 4))
    result = player.genmove("w")                 # four stones up, no extra komi: White is losing
    assert result.value < 0.45 and player.game.extra_komi == 3


def test_white_giving_stones_plays_on_with_situational_komi_where_off_resigns():
    """White giving nine stones on 9x9 sees a game to play for under the situational schedule
    and does not resign; with dynamic komi off (the default), White resigns."""
    config = EngineConfig(seed=5).replace(playouts=300, resign_after_moves=0,
                                          resign_min_playouts=0)
    game = handicap_game(9, 9)
    game.play("w", "A1")
    game.play("b", "A2")
    situational = config.replace(dynamic_komi="situational")
    assert search_komi(game, situational.handicap) == pytest.approx(9.5 + 63)
    assert not Searcher(situational).search(game).resign
    assert search_komi(game, config.handicap) == 9.5
    assert Searcher(config).search(game).resign


def _even_game_after(moves: int) -> Game:
    game = Game(9, 7.5)
    points = [f"{column}{row}" for row in range(1, 10) for column in "ABCDEFGHJ"]
    for i in range(moves):
        game.play("b" if i % 2 == 0 else "w", points[i * 3 % 81])
    return game


def test_even_dynamic_komi_is_pachis_ratchet():
    from mango.engine.komi import adapt_extra_komi
    config = EngineConfig().replace(even_dynamic_komi=True)
    early = _even_game_after(10)                        # before 0.2 x 81 moves: nothing yet
    adapt_extra_komi(early, config.handicap, "b", 0.95)
    assert early.extra_komi is None and search_komi(early, config.handicap) == 7.5
    game = _even_game_after(20)
    for _ in range(6):
        adapt_extra_komi(game, config.handicap, "b", 0.9)      # Black winning big: a point a move
    assert game.extra_komi == 6 and search_komi(game, config.handicap) == 13.5
    adapt_extra_komi(game, config.handicap, "b", 0.82)         # between the zones: no change
    assert game.extra_komi == 6
    adapt_extra_komi(game, config.handicap, "b", 0.75)         # below orange: 4 back, the ceiling
    assert game.extra_komi == 2 and game.komi_ratchet == 2
    adapt_extra_komi(game, config.handicap, "b", 0.9)          # never above the ceiling again
    assert game.extra_komi == 2
    adapt_extra_komi(game, config.handicap, "b", 0.4)          # losing after a drop: gone for good
    adapt_extra_komi(game, config.handicap, "b", 0.95)
    assert game.extra_komi == 0 and search_komi(game, config.handicap) == 7.5
    white = _even_game_after(20)
    adapt_extra_komi(white, config.handicap, "w", 0.9)         # White winning: komi for Black
    assert white.extra_komi == -1 and search_komi(white, config.handicap) == 6.5
    off = _even_game_after(20)
    adapt_extra_komi(off, EngineConfig().handicap, "b", 0.95)
    assert off.extra_komi is None


def test_a_margin_played_for_never_resigns():
    """With a margin against it the search's win rate is not the game's: no resignation."""
    config = EngineConfig(seed=2).replace(even_dynamic_komi=True, playouts=300,
                                          resign_after_moves=0, resign_min_playouts=0)
    game = Game(9, 7.5)
    game.play("b", "E5")
    game.play("w", "C3")
    game.extra_komi = 200.0                                  # a margin nobody can win
    result = Searcher(config).search(game)
    assert result.value < config.search.resign_threshold and not result.resign
