"""A finished game of a match as the store keeps it: one frozen value, written as one JSON line.

The fields are the store's schema, declared once; `from_json` reads every store written since the
laboratory began (a field added later takes its default), so that old matches resume and report.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field


@dataclass(frozen=True)
class GameRecord:
    match: str                      # the match's key (store.match_key of its settings)
    game: int                       # index in the match, from 0; side A is Black in even games
    pair: int                       # game // 2: the two games of a pair share an opening
    a: str                          # the sides' names
    b: str
    a_colour: str                   # "b" or "w"
    seed_a: int | None
    seed_b: int | None
    winner: str | None              # "b", "w", or None for a draw
    result: str                     # SGF: "B+R", "W+T", "B+F", "W+3.5", "0"
    reason: str
    points: float                   # side A's: 1, 1/2 or 0
    moves: int
    size: int
    komi: float
    handicap: int = 0               # Black's handicap stones (set up before White's first move)
    b_seeded: bool | None = None    # side B got a seed every game (GNU Go needs --seed); None: not recorded
    opening: str | None = None
    error: bool = False             # void: an engine failed; counted apart, never scored
    time_loss: bool = False
    time_a: float = 0.0             # seconds each side spent on its moves
    time_b: float = 0.0
    move_times_a: tuple[float, ...] = ()
    move_times_b: tuple[float, ...] = ()
    runner_ms_per_move: float | None = None     # the referee's own time per move
    time_control: str | None = None
    finished: str = ""              # UTC, ISO 8601
    settings: dict = field(default_factory=dict)    # the match's description (store.match_key)
    sgf: str = ""
    engine_a: str = ""              # each side's GTP name and version ('Mango 0.2.0+g8e6e50c'; a
    engine_b: str = ""              # frozen install's version names its commit); '': not recorded

    def to_json(self) -> dict:
        """The store's line, fields in declaration order."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        out["move_times_a"], out["move_times_b"] = list(self.move_times_a), list(self.move_times_b)
        return out

    @classmethod
    def from_json(cls, data: dict) -> GameRecord:
        """A stored line; unknown keys are ignored, keys added after it was written take defaults."""
        names = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in names}
        for key in ("move_times_a", "move_times_b"):
            values[key] = tuple(values.get(key, ()))
        if values.get("error") and "illegal move" in values.get("reason", ""):
            values["error"] = False         # stores before 2026-11-25 marked illegal moves as
        return cls(**values)                # errors; they are forfeits, scored

    def heading(self) -> str:
        """The game in one line, for the scripts that review games: 'game 3 (Mango b, W+R, 214
        moves)'."""
        return f"game {self.game} (Mango {self.a_colour}, {self.result}, {self.moves} moves)"


def build_of(identity: str) -> str | None:
    """The build a side's GTP identity names ('Mango 0.2.0+g30588e6'), or None when it names
    none (an install without its commit, a record from before identities were kept)."""
    return identity if "+" in identity else None


def builds_of(records: list[GameRecord]) -> dict[str, int]:
    """The games each pair of named builds played ("A / B"), sides that name none left out: more
    than one means a match resumed on another build, whose games are another experiment."""
    counts: dict[str, int] = {}
    for r in records:
        named = [b for b in (build_of(r.engine_a), build_of(r.engine_b)) if b]
        if named:
            pair = " / ".join(named)
            counts[pair] = counts.get(pair, 0) + 1
    return counts
