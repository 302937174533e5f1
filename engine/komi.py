"""The komi a search plays for: the game's, or in a handicap game the game's plus a dynamic
part (Pachi's linear "dynkomi"; MoGo and Fuego did the same), so that the side giving stones does
not see every line as lost (and play desperately, or resign) and the side taking them does not
see every line as won (and play slack). The extra komi starts at dynamic_komi_stone points per
handicap stone and fades linearly to nothing over dynamic_komi_moves x the board's points in
moves. Scores and passes are judged on the game's own komi; only the search's win rates move.
"""
from __future__ import annotations


def handicap_stones(game) -> int:
    """Black stones set up before the first move with no white ones (a handicap), else 0."""
    start = game.initial_board()
    black, white = start.stones(1), start.stones(2)
    return len(black) if len(black) >= 2 and not white else 0


def search_komi(game, handicap_config) -> float:
    """The komi the search scores its playouts with (see the module's docstring)."""
    if handicap_config.dynamic_komi == "off":
        return game.komi
    stones = handicap_stones(game)
    if not stones:
        return game.komi
    fade_moves = handicap_config.dynamic_komi_moves * game.size * game.size
    left = max(0.0, 1.0 - len(game.moves) / fade_moves) if fade_moves > 0 else 0.0
    return game.komi + handicap_config.dynamic_komi_stone * stones * left
