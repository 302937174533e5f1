"""A search's budget, decided once per move: how many playouts, how many seconds, and what else
may stop it. The session, the command line and the scripts hand one of these to the engine, so
that the rule "time decides under a clock, playouts without one" lives in one place."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mango.engine.config import DEFAULT_PLAYOUTS, EngineConfig


MIN_SECONDS = 0.01          # the least a time bound shrinks to (Limit.after)


@dataclass(frozen=True)
class Limit:
    """Stop at the first of: `playouts` simulations, `seconds` of thinking, or `stop()` true
    (asked between batches of about 20 ms). None means no such bound; at least one is needed.
    use_or_lose: the seconds are this move's alone (a fixed time a move, a Japanese byo-yomi
    period): time not spent is lost, so the search never stops early."""

    playouts: int | None = None
    seconds: float | None = None
    stop: Callable[[], bool] | None = None
    use_or_lose: bool = False
    extend_to: float | None = None      # the most an unsettled move may think (time_extension)

    def __post_init__(self) -> None:
        if self.playouts is not None and self.playouts < 0:
            raise ValueError("playouts must not be negative")
        if self.seconds is not None and not self.seconds >= 0:
            raise ValueError("seconds must not be negative")
        if not self.playouts and not self.seconds and self.stop is None:
            raise ValueError("a search needs a playout limit, a time limit or a stop condition")

    @classmethod
    def for_move(cls, config: EngineConfig, clock_seconds: float | None = None,
                 stop: Callable[[], bool] | None = None, clock_use_or_lose: bool = False) -> "Limit":
        """The budget of one move: the clock's share when a clock runs (clock_use_or_lose: a share
        that cannot be saved for later moves), else time_s, which is always use-or-lose; playouts
        as the user set them (a cap), or DEFAULT_PLAYOUTS when nothing bounds the time."""
        if clock_seconds is not None:
            seconds, use_or_lose = clock_seconds, clock_use_or_lose
        else:
            seconds, use_or_lose = config.time.time_s or None, bool(config.time.time_s)
        playouts = config.search.playouts or (None if seconds else DEFAULT_PLAYOUTS)
        return cls(playouts, seconds, stop, use_or_lose)

    def after(self, seconds: float) -> "Limit":
        """What is left of this budget once seconds of the move went to something else (the
        passing-back count): the time bounds shrink, never below MIN_SECONDS."""
        if not seconds or self.seconds is None:
            return self
        left = max(MIN_SECONDS, self.seconds - seconds)
        extend = None if self.extend_to is None else max(left, self.extend_to - seconds)
        return Limit(self.playouts, left, self.stop, self.use_or_lose, extend)

    def with_stop(self, stop: Callable[[], bool] | None) -> "Limit":
        return Limit(self.playouts, self.seconds, stop, self.use_or_lose, self.extend_to)
