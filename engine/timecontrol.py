"""Time control: how long the next move may think, from the clock the controller describes.

GTP's time_settings is Canadian byoyomi (main time, then periods of a length in which a number of
stones must be played); KGS adds absolute and Japanese byoyomi (periods that reset after each move
played within them). time_left keeps the clock in step every move. The budget divides what is
left by an estimate of the moves still to play, minus a lag buffer, so that Mango never loses
on time.
"""
from __future__ import annotations

from dataclasses import dataclass, field

NONE, ABSOLUTE, CANADIAN, BYOYOMI = "none", "absolute", "canadian", "byoyomi"

MIN_MOVE_S = 0.05       # never think less than this (the search still returns a move)
OVERHEADS_KEPT = 5      # time_left observations the lag estimate looks at
MIN_LAG_S = 0.1         # the smallest lag buffer kept per move, whatever was observed
# The largest part of a move's share kept as lag buffer. Under short byo-yomi periods (1 s a move)
# the controller's time_left never shows the lag (each period starts full), so lag_s alone would
# leave nothing to think with; controllers on the same machine count milliseconds, not lag_s.
MAX_LAG_SHARE = 0.5


MAX_CLOCK_S = 1e6        # about 12 days: more is a typo, and a search would never end
MAX_STONES = 10_000


def _check_settings(main_s: float, period_s: float, count: int) -> None:
    if main_s < 0 or period_s < 0 or count < 0:
        raise ValueError("time settings must not be negative")
    if main_s > MAX_CLOCK_S or period_s > MAX_CLOCK_S or count > MAX_STONES:
        raise ValueError(f"time settings beyond {MAX_CLOCK_S:g} s or {MAX_STONES} stones or periods")


@dataclass
class Clock:
    """One player's clock: main time left, then the state of the byoyomi periods."""
    main_s: float = 0.0
    period_s: float = 0.0       # time left in the current Canadian period / one Japanese period
    stones: int = 0             # Canadian: stones still to play in the period (0: in main time)
    periods: int = 0            # Japanese: periods left
    expected_s: float | None = None     # main time left after the last move's thinking, until
                                        # the controller's next time_left says what it counted
    overheads: list[float] = field(default_factory=list)   # recent observed overheads (s)


class TimeControl:
    """The game's time system and both clocks. Mutated only by the GTP commands that set it."""

    def __init__(self) -> None:
        self.system = NONE
        self.main_s = 0.0
        self.period_s = 0.0
        self.period_stones = 0      # Canadian
        self.periods = 0            # Japanese
        self.clocks = {1: Clock(), 2: Clock()}

    @property
    def active(self) -> bool:
        return self.system != NONE

    def set_canadian(self, main_s: float, period_s: float, stones: int) -> None:
        """GTP time_settings: byo_yomi_time > 0 with 0 stones means no time limit (GTP 2)."""
        _check_settings(main_s, period_s, stones)
        if period_s > 0 and stones == 0:
            self.system = NONE
        elif main_s == 0 and period_s == 0:
            self.system = NONE      # GTP: absolute 0 is "no time limit" too, in practice
        elif period_s == 0:
            self.system = ABSOLUTE
        else:
            self.system = CANADIAN
        self.main_s, self.period_s, self.period_stones, self.periods = main_s, period_s, stones, 0
        self.reset()

    def set_absolute(self, main_s: float) -> None:
        _check_settings(main_s, 0.0, 0)
        self.system = ABSOLUTE if main_s > 0 else NONE
        self.main_s, self.period_s, self.period_stones, self.periods = main_s, 0.0, 0, 0
        self.reset()

    def set_byoyomi(self, main_s: float, period_s: float, periods: int) -> None:
        _check_settings(main_s, period_s, periods)
        self.system = BYOYOMI if (main_s > 0 or (period_s > 0 and periods > 0)) else NONE
        self.main_s, self.period_s, self.period_stones, self.periods = main_s, period_s, 0, periods
        self.reset()

    def clear(self) -> None:
        self.system = NONE
        self.reset()

    def reset(self) -> None:
        """Both clocks back to the full time (a new game under the same settings). A Canadian
        clock without main time starts in its first period, with the period's stones to play."""
        for colour in (1, 2):
            self.clocks[colour] = Clock(self.main_s, self.period_s, 0, self.periods)
            if self.system == CANADIAN and self.main_s <= 0:
                self._start_period(self.clocks[colour])

    def _start_period(self, clock: Clock, spent: float = 0.0) -> None:
        """Main time is gone (or a period is played): a Canadian period starts with its stones to
        play and its time, less what the move that ran main time out spent past it."""
        clock.main_s, clock.stones = 0.0, self.period_stones
        clock.period_s = max(0.0, self.period_s - spent)

    def time_left(self, colour: int, seconds: float, stones: int) -> None:
        """GTP time_left: `stones` is Canadian stones left in the period (0: main time); under
        Japanese byoyomi (kgs-time_settings byoyomi) it is the periods left."""
        if seconds < 0 or stones < 0:
            raise ValueError("time left must not be negative")
        if seconds > MAX_CLOCK_S or stones > MAX_STONES:
            raise ValueError(f"time left beyond {MAX_CLOCK_S:g} s or {MAX_STONES} stones")
        clock = self.clocks[colour]
        if clock.expected_s is not None and stones == 0 and clock.stones == 0:
            # what the controller counted beyond our thinking: network, controller, start-up
            clock.overheads = (clock.overheads + [max(0.0, clock.expected_s - seconds)])[-OVERHEADS_KEPT:]
        clock.expected_s = None
        if self.system == BYOYOMI:
            if stones == 0:
                clock.main_s, clock.periods = seconds, self.periods
            else:
                clock.main_s, clock.period_s, clock.periods = 0.0, seconds, stones
        elif self.system == CANADIAN and stones > 0:
            clock.main_s, clock.period_s, clock.stones = 0.0, seconds, stones
        elif self.system == CANADIAN and seconds <= 0:
            self._start_period(clock)           # main time reported gone
        else:
            clock.main_s, clock.stones = seconds, 0

    def spend(self, colour: int, seconds: float) -> None:
        """Take thinking time off colour's clock, until the controller's time_left corrects it.
        A Canadian period is counted here too, stone by stone (a controller that never sends
        time_left would otherwise leave Mango budgeting as if in main time, with a quarter of
        the period's share); Japanese periods start full after every move."""
        clock = self.clocks[colour]
        in_main_time = clock.main_s > 0 and clock.stones == 0
        if self.system == CANADIAN and not in_main_time:
            clock.expected_s = None
            clock.period_s = max(0.0, clock.period_s - seconds)
            clock.stones -= 1
            if clock.stones <= 0:               # the period is played: the next starts full
                self._start_period(clock)
            return
        overflow = max(0.0, seconds - clock.main_s)
        clock.main_s = max(0.0, clock.main_s - seconds)
        clock.expected_s = clock.main_s if in_main_time else None
        if self.system == CANADIAN and clock.main_s <= 0:   # main time ran out in this move
            clock.expected_s = None
            self._start_period(clock, overflow)

    def lag(self, colour: int, lag_s: float) -> float:
        """The buffer kept per move for what the controller counts beyond the search: lag_s
        until time_left reports show the real overhead, then 1.5 times the smallest of the last
        few (the smallest, because controllers send whole seconds and round down, which makes
        most observations up to a second too large), at least MIN_LAG_S and at most lag_s."""
        overheads = self.clocks[colour].overheads
        if not overheads:
            return lag_s
        return min(lag_s, max(MIN_LAG_S, 1.5 * min(overheads)))

    def use_or_lose(self, colour: int) -> bool:
        """Whether colour's next move has time that no later move can have: a Japanese byo-yomi
        period (it starts full again after the move), or the last stone of a Canadian period.
        Time saved in main time, or early in a Canadian period, carries over."""
        clock = self.clocks[colour]
        if self.system == BYOYOMI:
            return clock.main_s <= 0 and clock.periods > 0
        return self.system == CANADIAN and clock.stones == 1

    def extended_budget(self, colour: int, share: float, extension: float) -> float:
        """The most a move with this share may think when its choice is unsettled: `extension`
        shares more, never past a quarter of the main time left (time_extension)."""
        return min(share * (1 + extension), max(share, 0.25 * self.clocks[colour].main_s))

    def budget(self, colour: int, board_size: int, moves_played: int, lag_s: float) -> float | None:
        """Seconds to think for colour's next move, or None when no clock applies."""
        if self.system == NONE:
            return None
        clock = self.clocks[colour]
        # Moves this player still has to make: about a third of the board's points per game,
        # never assumed fewer than a tenth of them (games run long when they are close).
        points = board_size * board_size
        moves_left = max(points / 3.0 - moves_played / 2.0, points / 10.0, 5.0)
        if self.system == ABSOLUTE:
            share = clock.main_s / moves_left
        elif self.system == CANADIAN:
            if clock.stones > 0:                            # in byoyomi
                share = clock.period_s / clock.stones
            else:
                share = clock.main_s / moves_left + (self.period_s / max(1, self.period_stones)) * 0.5
        else:                                               # Japanese byoyomi
            if clock.main_s > 0:
                share = clock.main_s / moves_left
                if clock.periods > 0:
                    share = max(share, 0.0) + 0.5 * self.period_s
                    share = min(share, clock.main_s + self.period_s)
            else:
                share = clock.period_s if clock.periods > 0 else 0.0
        return max(MIN_MOVE_S, share - min(self.lag(colour, lag_s), MAX_LAG_SHARE * share))
