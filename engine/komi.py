"""The komi a search plays for: the game's, or in a handicap game the game's plus a dynamic
part (Pachi's linear "dynkomi"; MoGo and Fuego did the same), so that the side giving stones does
not see every line as lost (and play desperately, or resign) and the side taking them does not
see every line as won (and play slack). The extra komi starts at dynamic_komi_stone points per
handicap stone and fades linearly to nothing over dynamic_komi_moves x the board's points in
moves; or (situational, Pachi's adaptive dynkomi) it starts the same and moves a step after
each of Mango's moves so that Mango's win rate stays in a band; or (situational-fading) the
situational extra komi times the linear fade, so that the endgame is played for the game's komi.
Scores and passes are judged on the game's own komi; only the search's win rates move. The
base is the komi the count gives White (Game.scoring_komi: a point for each handicap stone under
area rules).
"""
from __future__ import annotations

SITUATIONAL = ("situational", "situational-fading")     # the schedules that adapt after a move


def search_komi(game, handicap_config) -> float:
    """The komi the search scores its playouts with (see the module's docstring)."""
    komi = game.scoring_komi
    if handicap_config.dynamic_komi == "off" and not handicap_config.even_dynamic_komi:
        return komi
    stones = game.handicap
    if not stones:
        if handicap_config.even_dynamic_komi and game.extra_komi is not None:
            return komi + game.extra_komi
        return komi
    if handicap_config.dynamic_komi == "off":
        return komi
    fade_moves = handicap_config.dynamic_komi_moves * game.size * game.size
    left = max(0.0, 1.0 - len(game.moves) / fade_moves) if fade_moves > 0 else 0.0
    if handicap_config.dynamic_komi in SITUATIONAL:
        extra = game.extra_komi
        extra = handicap_config.dynamic_komi_stone * stones if extra is None else extra
        fading = handicap_config.dynamic_komi == "situational-fading"
        return komi + extra * (left if fading else 1.0)
    return komi + handicap_config.dynamic_komi_stone * stones * left


def adapt_extra_komi(game, handicap_config, colour: str, win_rate: float | None) -> None:
    """Situational dynamic komi, after one of Mango's moves as `colour` with this root win rate:
    a step of extra komi for White toward Mango's side when it is losing, away from it when it
    is winning by more than the band (so that the side taking stones does not play slack moves,
    and the side giving them does not play desperate ones)."""
    if win_rate is None:
        return
    stones = game.handicap
    if not stones:
        if handicap_config.even_dynamic_komi:
            _adapt_even_komi(game, handicap_config, colour, win_rate)
        return
    if handicap_config.dynamic_komi not in SITUATIONAL:
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


def _adapt_even_komi(game, handicap_config, colour: str, win_rate: float) -> None:
    """Pachi's ratchet in an even game (even_dynamic_komi): the margin Mango plays for grows a
    point while it wins by more than the green zone, drops below the orange one (and the drop
    becomes the margin's ceiling), and is gone for good once a dropped margin meets a losing
    position. Kept as extra komi for White: positive when Mango is Black."""
    if len(game.moves) < handicap_config.even_komi_after * game.size * game.size:
        return
    sign = 1.0 if colour == "b" else -1.0
    margin = sign * (game.extra_komi or 0.0)
    ceiling = game.komi_ratchet
    if win_rate < 0.5 and ceiling is not None and ceiling > 0:
        margin = game.komi_ratchet = 0.0
    elif win_rate < handicap_config.even_komi_orange and margin > 0:
        margin = game.komi_ratchet = max(margin - handicap_config.even_komi_drop, 0.0)
    elif win_rate > handicap_config.even_komi_green and (ceiling is None or margin + 1 <= ceiling):
        margin += 1.0
    game.extra_komi = sign * margin
