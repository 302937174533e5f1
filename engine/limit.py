"""A search's budget, decided once per move: how many playouts, how many seconds, and what else
may stop it. The session, the command line and the scripts hand one of these to the engine, so
that the rule "time decides under a clock, playouts without one" lives in one place."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mango.engine.config import DEFAULT_PLAYOUTS, EngineConfig


@dataclass(frozen=True)
class Limit:
    """Stop at the first of: `playouts` simulations, `seconds` of thinking, or `stop()` true
    (asked between batches of about 20 ms). None means no such bound; at least one is needed."""

    playouts: int | None = None
    seconds: float | None = None
    stop: Callable[[], bool] | None = None

    def __post_init__(self) -> None:
        if self.playouts is not None and self.playouts < 0:
            raise ValueError("playouts must not be negative")
        if self.seconds is not None and not self.seconds >= 0:
            raise ValueError("seconds must not be negative")
        if not self.playouts and not self.seconds and self.stop is None:
            raise ValueError("a search needs a playout limit, a time limit or a stop condition")

    @classmethod
    def for_move(cls, config: EngineConfig, clock_seconds: float | None = None,
                 stop: Callable[[], bool] | None = None) -> "Limit":
        """The budget of one move: the clock's share when a clock runs, else time_s; playouts as
        the user set them (a cap), or DEFAULT_PLAYOUTS when nothing bounds the time."""
        seconds = clock_seconds if clock_seconds is not None else (config.time.time_s or None)
        playouts = config.search.playouts or (None if seconds else DEFAULT_PLAYOUTS)
        return cls(playouts, seconds, stop)

    def with_stop(self, stop: Callable[[], bool] | None) -> "Limit":
        return Limit(self.playouts, self.seconds, stop)
