"""How a searched move becomes the move played: the final-move rules of Mango section 2.4, and
the manners around them (resign only when hopeless, never pass into a loss, pass back a won
game). Plain Python: it runs once per move, on the root's children as ChildStats."""
from __future__ import annotations

import math
from collections.abc import Callable

from mango.engine.board import PASS_POINT as PASS
from mango.engine.config import SearchConfig
from mango.engine.result import ChildStats
from mango.engine.vertex import BLACK, colour_name


def candidates(children: list[ChildStats]) -> list[ChildStats]:
    """The children a final-move rule may pick: visited and not banned."""
    return [ch for ch in children if ch.visits > 0 and not ch.banned]


def final_child(children: list[ChildStats], config: SearchConfig) -> ChildStats | None:
    """The child the configured rule picks (Mango 2.4), or None when nothing was searched:
    robust = most visits, max = best value, secure = best lower bound v - A / sqrt(n)."""
    choices = candidates(children)
    if not choices:
        return None
    rule = config.final_move
    if rule in ("robust", "robust-max"):
        return max(choices, key=lambda ch: (ch.visits, ch.value))
    if rule == "max":
        return max(choices, key=lambda ch: (ch.value, ch.visits))
    a = config.secure_a
    return max(choices, key=lambda ch: (ch.value - a / math.sqrt(ch.visits), ch.visits))


def robust_is_max(children: list[ChildStats]) -> bool:
    """robust-max's stopping rule: the most visited child also has the best value."""
    choices = candidates(children)
    if not choices:
        return True
    robust = max(choices, key=lambda ch: ch.visits)
    return robust.value >= max(ch.value for ch in choices)


def passing_loses(game, to_move: int, count: Callable[[], float] | None = None) -> bool:
    """The game is lost for to_move if it ends now: under area rules counting the stones as they
    stand (no dead-stone removal: CGOS's rule); under territory rules by count(), Black's score
    without the dead stones (when given), since every server removes them and taking them off
    first would cost a point a stone."""
    score = count() if count is not None and game.territory_scoring else game.score()
    return score < 0 if to_move == BLACK else score > 0


def passing_back_wins(game, to_move: int, count: Callable[[], float]) -> bool:
    """The opponent passed last, and to_move wins if it passes back and the game ends: by
    count(), Black's score without the dead stones (KGS, OGS, GNU Go's final_score), and under
    area rules also counting the stones as they stand (CGOS removes no dead stones), asked
    first. Under territory rules the servers always remove the dead, and capturing them first
    would cost a point of territory a move."""
    last = game.moves[-1] if game.moves else None
    if game.kind != "go" or last is None or last.vertex != "pass" \
            or last.colour == colour_name(to_move):
        return False
    sign = 1 if to_move == BLACK else -1
    if not game.territory_scoring and sign * game.score() <= 0:
        return False
    return sign * count() > 0


def instead_of_pass(children: list[ChildStats]) -> ChildStats | None:
    """The best searched move that is not a pass, for when passing would lose."""
    others = [ch for ch in candidates(children) if ch.point != PASS]
    return max(others, key=lambda ch: (ch.visits, ch.value)) if others else None


def pass_in_a_lost_game(children: list[ChildStats], chosen: ChildStats) -> ChildStats:
    """Under territory rules, the pass instead of the chosen move when the game is hopeless (as
    Mango would resign if allowed: engine.decision.hopeless) and passing loses by no more points
    on average: in a lost game every move is valued about the same, the most visited is rarely
    the pass (the priors rank it last), and a stone played on is a point or a prisoner more for
    the opponent (a lost 9x9 game against GNU Go at 1,000 playouts went on for 18 white stones
    after Black's first pass and ended B+91.5; so few playouts are never hopeless, as they
    never resign). The margin, not the win rate, so that Mango still answers an invasion of its
    territory there. Under area rules a stone played on costs nothing and gives the opponent a
    chance to go wrong."""
    if chosen.point == PASS or chosen.score_mean is None:
        return chosen
    passing = next((ch for ch in candidates(children) if ch.point == PASS), None)
    if passing is None or passing.score_mean is None or passing.value < chosen.value:
        return chosen
    return passing if passing.score_mean >= chosen.score_mean else chosen


def hopeless(value: float | None, root_visits: int, moves_played: int, board_size: int,
             config: SearchConfig) -> bool:
    """Below the resignation threshold, on enough evidence, and not in the opening."""
    return (value is not None and value < config.resign_threshold
            and root_visits >= config.resign_min_playouts
            and moves_played >= config.resign_after_moves * board_size * board_size)


def should_resign(value: float | None, root_visits: int, moves_played: int, board_size: int,
                  config: SearchConfig) -> bool:
    """Resign when hopeless, if resigning is on."""
    return config.resign and hopeless(value, root_visits, moves_played, board_size, config)
