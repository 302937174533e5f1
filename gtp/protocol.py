"""GTP version 2 framing: line preprocessing, command parsing and responses (GTP 2, section 2).

Kept apart from the commands so that the framing can be tested on its own and reused by the
match runner that talks to other engines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")     # control characters but HT and LF


class GtpError(Exception):
    """A command failed: the message becomes the '?' response; the engine state is unchanged."""


@dataclass(frozen=True)
class Command:
    id: int | None
    name: str
    args: list[str]


def preprocess(line: str) -> str:
    """GTP 2, 2.11: remove CR and other control characters (but HT and LF), drop comments,
    turn tabs into spaces. Returns the line stripped; "" means nothing to do."""
    line = _CONTROL.sub("", line)
    line = line.split("#", 1)[0]
    return line.replace("\t", " ").strip()


def parse(line: str) -> Command | None:
    """A preprocessed line as a command (None for an empty line). A leading number is the id."""
    words = line.split()
    if not words:
        return None
    ident = None
    if words[0].isascii() and words[0].isdigit():     # not "²" or "٣": str.isdigit takes them
        ident = int(words[0])
        words = words[1:]
    if not words:
        return Command(ident, "", [])
    return Command(ident, words[0], words[1:])


def response(ident: int | None, text: str = "", ok: bool = True) -> str:
    """'=id text' or '?id text', ended by the empty line. Multi-line text keeps its lines."""
    head = ("=" if ok else "?") + ("" if ident is None else str(ident))
    # an empty line would end the response early
    text = "\n".join(line for line in text.rstrip("\n").split("\n") if line.strip())
    return f"{head} {text}\n\n" if text else f"{head}\n\n"
