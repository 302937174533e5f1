"""GTP command tables and the argument helpers their handlers share. Each module that answers
commands fills a table of its own (@table.command(name)); the session composes the tables into
the one it answers from (gtp.session.COMMANDS), so that which commands exist is written in one
place and does not depend on what happened to be imported. A module of its own, so that the
modules holding handlers (session, analysis) depend on it and not on each other."""
from __future__ import annotations

import math
from collections.abc import Callable

from mango.gtp.protocol import GtpError

class CommandTable(dict):
    """Handlers by command name: handler(session, args: list[str]) -> response text, or raise
    GtpError (the state unchanged)."""

    def command(self, name: str) -> Callable[[Callable], Callable]:
        def register(function: Callable) -> Callable:
            self[name] = function
            return function
        return register


class Streamed(str):
    """A response the handler has already begun writing; this is its final part."""


def expect_args(args: list[str], low: int, high: int | None = None) -> None:
    if len(args) < low or (high is not None and len(args) > high):
        raise GtpError("syntax error")


def float_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise GtpError("syntax error") from None
    if not math.isfinite(value):
        raise GtpError("syntax error")
    return value


def int_arg(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise GtpError("syntax error") from None
