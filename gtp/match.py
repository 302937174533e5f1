"""Matches between two GTP engines (Mango is run as `mango gtp`, like any other engine): colours
alternate, games run in parallel processes, every game is written as SGF, and an independent
scorer decides it: GNU Go's final_score when GNU Go is installed, else the area score of the
stones on the board after both passed. An engine that dies, times out or plays an illegal move
loses that game; the match goes on."""
from __future__ import annotations

import math
import os
import queue
import shlex
import shutil
import subprocess
import threading
from dataclasses import dataclass

from mango.engine import Game

MOVE_TIMEOUT_S = 600.0


class EngineFailure(Exception):
    """The engine died, timed out, or answered with an error."""


class GtpClient:
    """A GTP engine in a subprocess, answered line by line through a reader thread so that a
    hanging engine is caught by a timeout instead of hanging the match."""

    def __init__(self, command: list[str], name: str):
        self.name = name
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as error:
            raise EngineFailure(f"{name} cannot start: {error}") from None
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, command: str, timeout: float = MOVE_TIMEOUT_S) -> str:
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
                raise EngineFailure(f"{self.name} did not answer {command!r} in {timeout:g} s") from None
            if line is None:
                raise EngineFailure(f"{self.name} died after {command!r}")
            if line.strip() == "":
                if reply:
                    break
                continue
            reply.append(line.rstrip("\n"))
        text = "\n".join(reply)
        if text.startswith("?"):
            raise EngineFailure(f"{self.name} refused {command!r}: {text}")
        if not text.startswith("="):
            raise EngineFailure(f"{self.name} answered {command!r} with {text!r}")
        return text.lstrip("=0123456789").strip()

    def close(self) -> None:
        try:
            self.send("quit", timeout=5)
        except EngineFailure:
            pass
        self.process.kill()
        self.process.wait()


def find_gnugo() -> str | None:
    return shutil.which("gnugo") or shutil.which("gnugo", path="/usr/games")


@dataclass(frozen=True)
class MatchGame:
    index: int
    size: int
    komi: float
    mango: list[str]        # command lines
    opponent: list[str]
    sgf_dir: str | None
    scorer: str | None      # path of gnugo, or None


def play_game(job: MatchGame) -> dict:
    """One game; Mango is Black in even-numbered games. Returns the record as a dict."""
    from mango.gtp.record import game_to_sgf

    mango_colour = "b" if job.index % 2 == 0 else "w"
    names = {mango_colour: "Mango", ("w" if mango_colour == "b" else "b"): "opponent"}
    game = Game(job.size, job.komi)
    engines: dict[str, GtpClient] = {}
    winner, reason = None, ""
    try:
        for colour, command in ((mango_colour, job.mango),
                                ("w" if mango_colour == "b" else "b", job.opponent)):
            engines[colour] = GtpClient(command, names[colour])
        for engine in engines.values():
            engine.send(f"boardsize {job.size}", timeout=60)
            engine.send("clear_board", timeout=60)
            engine.send(f"komi {job.komi}", timeout=60)
        while not game.is_over and len(game.moves) < 4 * job.size * job.size:
            colour = game.to_move
            other = "w" if colour == "b" else "b"
            try:
                vertex = engines[colour].send(f"genmove {colour}")
            except EngineFailure as failure:
                winner, reason = other, str(failure)
                break
            if vertex.lower() == "resign":
                winner, reason = other, f"{names[colour]} resigned"
                break
            if not (_well_formed(game, vertex) and game.is_legal(colour, vertex)):
                winner, reason = other, f"{names[colour]} played an illegal move {vertex}"
                break
            game.play(colour, vertex)
            try:
                engines[other].send(f"play {colour} {vertex}")
            except EngineFailure as failure:
                winner, reason = colour, str(failure)
                break
    except EngineFailure as failure:           # an engine would not even start a game
        winner = mango_colour if "opponent" in str(failure) else \
            ("w" if mango_colour == "b" else "b")
        reason = str(failure)
    finally:
        for engine in engines.values():
            engine.close()
    if winner is None:
        score = score_game(game, job.scorer)
        winner = "b" if score > 0 else ("w" if score < 0 else None)
        reason = "jigo" if winner is None else f"{winner.upper()}+{abs(score):g}"
    result = "0" if winner is None else (f"{winner.upper()}+R" if "resign" in reason
                                         else (reason if reason[:2] in ("B+", "W+")
                                               else f"{winner.upper()}+F"))
    if job.sgf_dir:
        path = os.path.join(job.sgf_dir, f"game-{job.index + 1:04d}.sgf")
        with open(path, "wb") as handle:
            handle.write(game_to_sgf(game, result, names["b"], names["w"]))
    return {"game": job.index, "mango": mango_colour, "winner": winner, "reason": reason,
            "result": result, "moves": len(game.moves),
            "mango_score": 0.5 if winner is None else float(winner == mango_colour)}


def _well_formed(game: Game, vertex: str) -> bool:
    try:
        game.point(vertex)
        return True
    except ValueError:
        return False


def score_game(game: Game, gnugo: str | None) -> float:
    """Black's score (komi included) of a finished game: GNU Go's final_score, which removes
    dead stones, or else the area of the stones as they stand."""
    if gnugo:
        scorer = None
        try:
            scorer = GtpClient([gnugo, "--mode", "gtp", "--chinese-rules"], "scorer")
            scorer.send(f"boardsize {game.size}", timeout=60)
            scorer.send("clear_board", timeout=60)
            scorer.send(f"komi {game.komi}", timeout=60)
            for move in game.moves:
                scorer.send(f"play {move.colour} {move.vertex}", timeout=60)
            text = scorer.send("final_score", timeout=300)
            if text == "0":
                return 0.0
            if text[:2] in ("B+", "W+"):
                return float(text[2:]) * (1 if text[0] == "B" else -1)
        except (EngineFailure, ValueError):
            pass                                # fall back to the area as it stands
        finally:
            if scorer is not None:
                scorer.close()
    return game.score()


def elo(rate: float) -> float:
    """Elo difference of a score rate (+-inf at 0% and 100%)."""
    if rate <= 0:
        return -math.inf
    if rate >= 1:
        return math.inf
    return -400 * math.log10(1 / rate - 1) + 0.0      # + 0.0: no "-0"


def split_command(text: str) -> list[str]:
    words = shlex.split(text)
    if not words:
        raise ValueError("empty engine command")
    return words
