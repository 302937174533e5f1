"""The komi a search plays for: the game's, or in a handicap game the game's plus a dynamic
part (Pachi's linear "dynkomi"; MoGo and Fuego did the same), so that the side giving stones does
not see every line as lost (and play desperately, or resign) and the side taking them does not
see every line as won (and play slack). The extra komi starts at dynamic_komi_stone points per
handicap stone and fades linearly to nothing over dynamic_komi_moves x the board's points in
moves; or (situational, Pachi's adaptive dynkomi) it starts the same and moves a step after
each of Mango's moves so that Mango's win rate stays in a band. Scores and passes are judged on
the game's own komi; only the search's win rates move.
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
    if handicap_config.dynamic_komi == "situational":
        extra = game.extra_komi
        return game.komi + (handicap_config.dynamic_komi_stone * stones if extra is None else extra)
    fade_moves = handicap_config.dynamic_komi_moves * game.size * game.size
    left = max(0.0, 1.0 - len(game.moves) / fade_moves) if fade_moves > 0 else 0.0
    return game.komi + handicap_config.dynamic_komi_stone * stones * left


def adapt_extra_komi(game, handicap_config, colour: str, win_rate: float | None) -> None:
    """Situational dynamic komi, after one of Mango's moves as `colour` with this root win rate:
    a step of extra komi for White toward Mango's side when it is losing, away from it when it
    is winning by more than the band (so that the side taking stones does not play slack moves,
    and the side giving them does not play desperate ones)."""
    if handicap_config.dynamic_komi != "situational" or win_rate is None:
        return
    stones = handicap_stones(game)
    if not stones:
        return
    extra = game.extra_komi
    if extra is None:
        extra = handicap_config.dynamic_komi_stone * stones
    step = handicap_config.dynamic_komi_step
    towards_white = 1 if colour == "w" else -1          # a step that helps Mango's side
    if win_rate < handicap_config.dynamic_komi_low:
        extra += towards_white * step
    elif win_rate > handicap_config.dynamic_komi_high:
        extra -= towards_white * step
    game.extra_komi = max(0.0, extra)
