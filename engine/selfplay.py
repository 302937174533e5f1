"""Mango against itself: whole games through the engine facade (the README's main job)."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from mango.engine.config import EngineConfig
from mango.engine.game import Game
from mango.engine.player import Player
from mango.engine.referee import PlayerContestant, referee_game


@dataclass(frozen=True)
class SelfPlayGame:
    game: Game
    result: str             # "B+R", "W+3.5", "0"
    playouts: int
    seconds: float


def play_selfplay_game(config: EngineConfig, size: int, komi: float,
                       on_move: Callable[[Game], None] | None = None) -> SelfPlayGame:
    """One game, both sides one Player (one tree, reused across both colours' moves), refereed
    as every game is (engine/referee.py); on_move(game) after each move."""
    mango = PlayerContestant(Player(config, size, komi))
    game = Game(size, komi, config.game.rules, config.game.game)
    start = time.perf_counter()
    end = referee_game(game, {"b": mango, "w": mango}, on_move=on_move)
    return SelfPlayGame(game, end.result, mango.playouts, time.perf_counter() - start)
