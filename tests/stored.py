"""Stored games for the tests of the laboratory and its scripts: a GameRecord with neutral values
for every field a test does not care about."""
from __future__ import annotations

from mango.lab.game_record import GameRecord

NEUTRAL = {"match": "m", "game": 0, "pair": 0, "a": "mango", "b": "gnugo", "a_colour": "b",
           "seed_a": None, "seed_b": None, "winner": None, "result": "0", "reason": "", "points": 0.5,
           "moves": 0, "size": 9, "komi": 7.5}


def game_record(**fields) -> GameRecord:
    return GameRecord.from_json({**NEUTRAL, "pair": fields.get("game", 0) // 2, **fields})
