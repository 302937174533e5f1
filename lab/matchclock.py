"""The match's clock: the time control both engines are told about, and each side's clock kept by
the match from the wall time of its genmove.

Syntax of --time-control:

- `SECONDS` or `SECONDS+INCREMENT`: sudden death, with a Fischer increment added after each move.
  Engines get `time_settings SECONDS 0 0` (absolute time) and learn the increment from time_left.
- `MAIN:PERIODSxSECONDS`: Japanese byo-yomi (e.g. `60:5x30`). Engines that list
  kgs-time_settings get `kgs-time_settings byoyomi MAIN SECONDS PERIODS`, the others
  `time_settings MAIN SECONDS 1` (one stone per period: the same clock for them).
- `MAIN:SECONDS/STONES`: Canadian byo-yomi (GTP's own time_settings MAIN SECONDS STONES).

A move that leaves a side more than TOLERANCE_S past its last second loses on time.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

TOLERANCE_S = 1.0

_FISCHER = re.compile(r"^(\d+(?:\.\d*)?)(?:\+(\d+(?:\.\d*)?))?$")
_JAPANESE = re.compile(r"^(\d+(?:\.\d*)?):(\d+)x(\d+(?:\.\d*)?)$")
_CANADIAN = re.compile(r"^(\d+(?:\.\d*)?):(\d+(?:\.\d*)?)/(\d+)$")


@dataclass(frozen=True)
class MatchTimeControl:
    system: str                 # "fischer", "japanese" or "canadian"
    main_s: float
    increment_s: float = 0.0    # fischer
    period_s: float = 0.0       # japanese / canadian
    periods: int = 0            # japanese
    stones: int = 0             # canadian

    @classmethod
    def parse(cls, text: str) -> MatchTimeControl:
        text = text.strip()
        if m := _FISCHER.match(text):
            control = cls("fischer", float(m[1]), increment_s=float(m[2] or 0))
        elif m := _JAPANESE.match(text):
            control = cls("japanese", float(m[1]), period_s=float(m[3]), periods=int(m[2]))
        elif m := _CANADIAN.match(text):
            control = cls("canadian", float(m[1]), period_s=float(m[2]), stones=int(m[3]))
        else:
            raise ValueError(f"time control {text!r} is none of SECONDS[+INCREMENT], "
                             f"MAIN:PERIODSxSECONDS, MAIN:SECONDS/STONES")
        if control.main_s <= 0 and control.period_s <= 0:
            raise ValueError("a time control needs some time")
        if control.system != "fischer" and (control.period_s <= 0 or
                                            (control.periods or control.stones) <= 0):
            raise ValueError("byo-yomi wants periods of some seconds")
        return control

    def __str__(self) -> str:
        if self.system == "fischer":
            return f"{self.main_s:g}" + (f"+{self.increment_s:g}" if self.increment_s else "")
        if self.system == "japanese":
            return f"{self.main_s:g}:{self.periods}x{self.period_s:g}"
        return f"{self.main_s:g}:{self.period_s:g}/{self.stones}"

    def settings_commands(self, knows_kgs: bool) -> list[str]:
        """The GTP command that tells an engine this time control (GTP's times are integers)."""
        main, period = int(self.main_s), int(self.period_s)
        if self.system == "fischer":
            return [f"time_settings {main} 0 0"]
        if self.system == "canadian":
            return [f"time_settings {main} {period} {self.stones}"]
        if knows_kgs:
            return [f"kgs-time_settings byoyomi {main} {period} {self.periods}"]
        return [f"time_settings {main} {period} 1"]


class SideClock:
    """One side's clock under a MatchTimeControl."""

    def __init__(self, control: MatchTimeControl):
        self.control = control
        self.main_s = control.main_s
        self.period_s = control.period_s      # time left in the current period
        self.periods = control.periods        # japanese: periods left
        self.stones = 0                       # canadian: stones left in the period (0: main time)
        self.used_s = 0.0
        self.flagged = False

    def time_left(self) -> tuple[float, int]:
        """GTP time_left's (seconds, stones; the match sends whole seconds, rounded down): main time with 0, or the byo-yomi state."""
        c = self.control
        if c.system == "fischer" or self.main_s > 0:
            return max(0.0, self.main_s), 0
        if c.system == "canadian":
            return max(0.0, self.period_s), self.stones or c.stones
        return c.period_s, self.periods

    def remaining(self) -> float:
        """Seconds the side may still take on this move before it loses on time."""
        c = self.control
        if c.system == "fischer":
            return max(0.0, self.main_s) + TOLERANCE_S
        if c.system == "canadian":
            return max(0.0, self.main_s) + (self.period_s if self.stones else c.period_s) + TOLERANCE_S
        return max(0.0, self.main_s) + self.periods * c.period_s + TOLERANCE_S

    def spend(self, seconds: float) -> bool:
        """Charge one move; False when it ran out of time (more than TOLERANCE_S over)."""
        c = self.control
        self.used_s += seconds
        if c.system == "fischer":
            self.main_s -= seconds
            if self.main_s < -TOLERANCE_S:
                self.flagged = True
            else:
                self.main_s = max(0.0, self.main_s) + c.increment_s
            return not self.flagged
        over = seconds
        if self.main_s > 0:
            used = min(self.main_s, over)
            self.main_s -= used
            over -= used
            if over <= 0:
                return True
        if c.system == "canadian":
            if self.stones == 0:                        # entering byo-yomi
                self.stones, self.period_s = c.stones, c.period_s
            self.period_s -= over
            self.stones -= 1
            if self.period_s < -TOLERANCE_S:
                self.flagged = True
            elif self.stones == 0:
                self.period_s = c.period_s              # a new period, next stone starts it
            return not self.flagged
        while over > c.period_s and self.periods > 0:   # japanese: each overrun uses a period
            over -= c.period_s
            self.periods -= 1
        if self.periods == 0 and over > TOLERANCE_S:
            self.flagged = True
        return not self.flagged
