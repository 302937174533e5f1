"""An engine over GTP as a side of a refereed game (engine/referee.py): it is told the game's
settings and moves, asked for its moves under the match's clock, and ends the game when it fails
or refuses a command (a void game) or overruns its clock (a loss). It times its own moves and the time spent waiting on
it, so that the match can tell the engines' time from the referee's."""
from __future__ import annotations

import time

from mango.engine.referee import ON_TIME, Forfeit
from mango.lab.client import MOVE_TIMEOUT_S, EngineFailure, EngineTimeout, GtpClient
from mango.lab.matchclock import MatchTimeControl, SideClock


class GtpContestant:
    def __init__(self, command_line: list[str], colour: str, name: str):
        self.colour, self.name = colour, name
        self.command_line = list(command_line)
        self.clock: SideClock | None = None
        self.move_times: list[float] = []
        self.waiting = 0.0                  # seconds inside this engine's commands
        self.client: GtpClient | None = None
        try:
            self.client = GtpClient(command_line, name)
        except EngineFailure as failure:
            raise Forfeit(colour, str(failure)) from None

    def send(self, command: str, timeout: float = 60.0) -> str:
        """A command's answer; any failure forfeits the game for this engine's colour."""
        start = time.perf_counter()
        try:
            return self.client.send(command, timeout=timeout)
        except EngineFailure as failure:
            raise Forfeit(self.colour, str(failure)) from None
        finally:
            self.waiting += time.perf_counter() - start

    def knows(self, command: str) -> bool:
        """Whether the engine lists the command; an engine that fails to answer forfeits."""
        try:
            return self.client.knows(command)
        except EngineFailure as failure:
            raise Forfeit(self.colour, str(failure)) from None

    def identity(self) -> str:
        """The engine's GTP name and version ('Mango 0.2.0+g8e6e50c', 'GNU Go 3.8'), so that a
        store says which build played each game; '' where the engine answers neither (both are
        required by GTP, but a game is not voided for a missing courtesy)."""
        parts = []
        for command in ("name", "version"):
            try:
                ok, text = self.client.ask(command, timeout=60.0)
            except EngineFailure as failure:
                raise Forfeit(self.colour, str(failure)) from None
            if ok and text.strip():
                parts.append(" ".join(text.split()))
        return " ".join(parts)

    def new_game(self, size: int, komi: float, time_control: MatchTimeControl | None,
                 rules: str = "chinese") -> None:
        """A new game; under rules other than Chinese (every engine's default) the engine is told
        them by `kgs-rules` (Mango, Pachi), or must have been on its command line (GNU Go's
        --japanese-rules): an engine that would play by other rules than the count forfeits."""
        self.send(f"boardsize {size}")
        self.send("clear_board")
        self.send(f"komi {komi:g}")
        if rules != "chinese":
            if self.knows("kgs-rules"):
                self.send(f"kgs-rules {rules}")
            elif f"--{rules}-rules" not in self.command_line:
                raise Forfeit(self.colour, f"{self.name} knows no kgs-rules and was not started "
                                           f"with --{rules}-rules: it cannot be told the rules")
        if time_control:
            knows = self.knows("kgs-time_settings")
            for command in time_control.settings_commands(knows):
                self.send(command)
            self.clock = SideClock(time_control)

    def play(self, colour: str, vertex: str) -> None:
        self.send(f"play {colour} {vertex}")

    def genmove(self, colour: str) -> str:
        timeout = MOVE_TIMEOUT_S
        if self.clock:
            seconds, stones = self.clock.time_left()
            self.send(f"time_left {colour} {int(seconds)} {stones}")
            timeout = self.clock.remaining() + 0.5
        start = time.perf_counter()
        try:
            vertex = self.client.send(f"genmove {colour}", timeout=timeout)
        except EngineTimeout as failure:
            if self.clock:
                raise Forfeit(colour, f"{self.name} lost on time", ON_TIME) from None
            raise Forfeit(colour, str(failure)) from None
        except EngineFailure as failure:
            raise Forfeit(colour, str(failure)) from None
        finally:
            spent = time.perf_counter() - start
            self.waiting += spent
        self.move_times.append(round(spent, 4))
        if self.clock and not self.clock.spend(spent):
            raise Forfeit(colour, f"{self.name} lost on time ({spent:.1f} s for its move "
                                  f"{len(self.move_times)})", ON_TIME)
        return vertex

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
