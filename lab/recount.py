"""A store's finished games counted again by GNU Go from their SGF records.

Until 2026-11-28 the match's scorer replayed a game's moves on an empty board, so every handicap
game failed at its first move on a handicap stone and was counted as the stones stood (dead
stones left on the board counted for their owner). The games themselves were played right: their
records hold the stones and the moves, and a count from them gives the result the match should
have recorded. scripts/recount_store.py runs this over a store. Since 2026-11-29 the scorer
gives White a point for each handicap stone under area rules (Game.scoring_komi), so a store of
handicap games from before, counted again, is counted by that rule, not the one it was played for.
"""
from __future__ import annotations

import dataclasses

from mango.engine.game import score_text
from mango.engine.record import game_from_sgf
from mango.lab.game_record import GameRecord
from mango.lab.match import gnugo_final_score

NOT_COUNTED = ("+R", "+T", "+F")        # resignations, lost clocks, forfeits: nothing to count


def counted_game(record: GameRecord) -> bool:
    """A game that ended by two passes (or the move cap), whose result is a count (a NoGo
    result, 'B+', names a winner and no count)."""
    return (not record.error and not record.result.endswith(NOT_COUNTED)
            and not record.result.endswith("+"))


def recount(record: GameRecord, gnugo: str, rules: str = "chinese") -> GameRecord | None:
    """The record with GNU Go's count of its SGF as result, winner and points (the old result
    kept in the reason), the record itself when the count is the same, or None when GNU Go
    cannot count it (or there is no count to redo)."""
    if not counted_game(record) or not record.sgf:
        return None
    game = game_from_sgf(record.sgf)
    game.rules = rules
    score = gnugo_final_score(gnugo, game)
    if score is None:
        return None
    result = score_text(score)
    if result == record.result:
        return record
    winner = None if score == 0 else ("b" if score > 0 else "w")
    return dataclasses.replace(
        record, winner=winner, result=result,
        points=0.5 if winner is None else float(winner == record.a_colour),
        reason=f"{result} (counted again by GNU Go from the record; the match said "
               f"{record.result})")
