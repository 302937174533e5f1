"""Mango against itself: whole games through the engine facade (the README's main job)."""
from __future__ import annotations

import time
from dataclasses import dataclass

from mango.engine.config import EngineConfig
from mango.engine.game import Game
from mango.engine.player import Player


@dataclass(frozen=True)
class SelfPlayGame:
    game: Game
    result: str             # "B+R", "W+3.5", "0"
    playouts: int
    seconds: float


def play_selfplay_game(config: EngineConfig, size: int, komi: float) -> SelfPlayGame:
    """One game, both sides one Player (one tree, reused across both colours' moves), until two
    passes, a resignation, or three times the board's points in moves."""
    player = Player(config, size, komi)
    game = player.game
    start = time.perf_counter()
    playouts, result = 0, None
    while not game.is_over and len(game.moves) < 3 * size * size:
        colour = game.to_move
        move = player.genmove(colour)
        playouts += move.playouts
        if move.resign:
            result = f"{'W' if colour == 'b' else 'B'}+R"
            break
    return SelfPlayGame(game, result or game.result(), playouts, time.perf_counter() - start)
