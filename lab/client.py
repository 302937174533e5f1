"""Talking to another GTP engine: a subprocess answered line by line through a reader thread, so
that an engine that hangs is caught by a timeout instead of hanging the caller."""
from __future__ import annotations

import queue
import shlex
import shutil
import subprocess
import threading

MOVE_TIMEOUT_S = 600.0


class EngineFailure(Exception):
    """The engine died, timed out, or answered with an error."""


class EngineTimeout(EngineFailure):
    """The engine did not answer in time."""


class GtpClient:
    """A GTP engine in a subprocess."""

    def __init__(self, command: list[str], name: str, cwd: str | None = None):
        self.name = name
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=cwd)
        except OSError as error:
            raise EngineFailure(f"{name} cannot start: {error}") from None
        self.lines: queue.Queue = queue.Queue()
        self._commands: set[str] | None = None
        self.busy = False           # still working on a command that timed out
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, command: str, timeout: float = MOVE_TIMEOUT_S, check: bool = True) -> str:
        """The answer's text; EngineFailure for a death, a timeout, or (with check) a '?'."""
        ok, text = self.ask(command, timeout)
        if not ok and check:
            raise EngineFailure(f"{self.name} refused {command!r}: {text}")
        return text

    def ask(self, command: str, timeout: float = MOVE_TIMEOUT_S) -> tuple[bool, str]:
        """(success, text) of one command; EngineFailure when the engine dies or times out."""
        try:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineFailure(f"{self.name} died") from None
        reply: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                self.busy = True
                raise EngineTimeout(f"{self.name} did not answer {command!r} in {timeout:g} s") from None
            if line is None:
                raise EngineFailure(f"{self.name} died after {command!r}")
            if line.strip() == "":
                if reply:
                    break
                continue
            if not reply and line[:1] not in ("=", "?"):
                # GTP 2: an answer starts with = or ?; anything else is no GTP engine (cat echoes
                # the command back), and waiting for its empty line would only time out
                self.busy = True
                raise EngineFailure(f"{self.name} answered {command!r} with {line.strip()[:60]!r}: "
                                    f"not a GTP response")
            reply.append(line.rstrip("\n"))
        text = "\n".join(reply)
        if text[:1] not in ("=", "?"):
            raise EngineFailure(f"{self.name} answered {command!r} with {text!r}")
        return text.startswith("="), text[1:].lstrip("0123456789").strip()

    def knows(self, name: str) -> bool:
        """Whether the engine lists this command (list_commands, asked once)."""
        if self._commands is None:
            ok, text = self.ask("list_commands", timeout=60)
            self._commands = set(text.split()) if ok else set()
        return name in self._commands

    def close(self) -> None:
        try:
            if self.process.poll() is None and not self.busy:
                self.send("quit", timeout=2, check=False)
        except EngineFailure:
            pass
        self.process.kill()
        self.process.wait()


def gnugo_command(path: str, level: int | None = 10, seed: int | None = None,
                  rules: str = "chinese") -> list[str]:
    """GNU Go in GTP mode under Chinese rules (area scoring, Mango's default) or Japanese ones,
    at a level (None: GNU Go's own default), with a random seed (None: GNU Go takes one from
    the clock, so the same position can get another move a second later)."""
    return [path, "--mode", "gtp", *(["--level", str(level)] if level is not None else []),
            f"--{rules}-rules", "--positional-superko",
            *(["--seed", str(seed)] if seed is not None else [])]


def find_gnugo() -> str | None:
    return shutil.which("gnugo") or shutil.which("gnugo", path="/usr/games")


def split_command(text: str) -> list[str]:
    words = shlex.split(text)
    if not words:
        raise ValueError("empty engine command")
    return words
