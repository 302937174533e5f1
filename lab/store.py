"""The results store: one JSON line per finished game, appended as each game ends, in one file the
user names (default ./mango-results.jsonl).

A line holds the match's key and settings (both sides' commands and configurations, board, komi,
time control, openings), the game's index, pair, opening, seeds, colours, result, reason, moves,
the seconds each side used (in all and per move) and the SGF. A match run again with the same
settings and store resumes: the games already stored are counted, not played again. Several
matches (other settings, other opponents) share a store; `mango report` groups them. One match
is played into one store by one process at a time (`Store.exclusive`): two runs of the same
match would each play the games the other is playing, and store them twice.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os

try:
    import fcntl
except ImportError:                             # not POSIX: no lock, as before
    fcntl = None

from mango.lab.game_record import GameRecord

DEFAULT_STORE = "mango-results.jsonl"
log = logging.getLogger("mango.lab")


class StoreError(ValueError):
    """A file given as a results store that cannot be one."""


def match_key(settings: dict) -> str:
    """A short stable hash of a match's settings: the games of one match share it."""
    text = json.dumps(settings, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def settings_agree(one: dict, other: dict) -> bool:
    """Two records of settings that decide games alike: equal on every setting both recorded (a
    setting declared after one of them was written is recorded on one side only, and its
    default kept the play it had). The store's resumption and the report's grouping both ask."""
    return all(one[name] == value for name, value in other.items() if name in one)


def compatible(recorded: dict, current: dict) -> bool:
    """Whether a stored match description and the current one decide games alike: equal, but for
    settings declared after the stored games were played (present on one side only), whose
    defaults keep the play they had (a changed value is a changed description)."""
    recorded, current = json.loads(json.dumps(recorded)), json.loads(json.dumps(current))
    if recorded.keys() != current.keys():
        return False
    for field, old in recorded.items():
        new = current[field]
        if field in ("a", "b") and isinstance(old, dict) and isinstance(new, dict):
            if old.keys() != new.keys():
                return False
            for part, value in old.items():
                if part == "settings" and isinstance(value, dict) and isinstance(new[part], dict):
                    if not settings_agree(value, new[part]):
                        return False
                elif value != new[part]:
                    return False
        elif old != new:
            return False
    return True


def read_records(path: str) -> list[GameRecord]:
    """Every game in a store. A damaged line (a match killed mid-write, a line that is not a
    game) is skipped with a warning that gives its number, so that nothing goes missing in
    silence; a file that is not a store at all (not UTF-8) is a StoreError."""
    if not os.path.exists(path):
        return []
    records = []
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    records.append(GameRecord.from_json(json.loads(line)))
                except (json.JSONDecodeError, TypeError, AttributeError):
                    log.warning("%s: line %d is not a stored game (damaged?); skipped", path, number)
    except UnicodeDecodeError as error:
        raise StoreError(f"{path} is not a results store ({error.reason} at byte {error.start})") from None
    return records


def chosen_games(records: list[GameRecord], games: list[int] | None) -> list[GameRecord]:
    """The records the lab's tools read (referee, owl and ownership reviews): the games numbered
    in `games`, or every game side A lost when it is None. A store's lines are in the order the
    games finished, not their numbers (two at a time, game 75 can come before 74), so a number
    counted off the lines is another game: a named game side A won, or one the store lacks, is
    warned of, since a review of it finds nothing for the wrong reason."""
    if games is None:
        return [r for r in records if r.points < 1]
    by_game = {r.game: r for r in records}
    for game in games:
        if game not in by_game:
            log.warning("game %d is not in the store", game)
        elif by_game[game].points >= 1:
            log.warning("game %d: side A won it (%s); --games takes the games' own numbers "
                        "(record.game, as the match log shows them), not line numbers",
                        game, by_game[game].result)
    return [r for r in records if r.game in games]


class Store:
    """Appends records to a JSONL file, one flushed line per game."""

    def __init__(self, path: str):
        self.path = path
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)

    def games_of(self, key: str) -> list[GameRecord]:
        """The stored games of one match, one per game index (the first kept)."""
        seen: dict[int, GameRecord] = {}
        for record in read_records(self.path):
            if record.match == key:
                seen.setdefault(record.game, record)
        return [seen[index] for index in sorted(seen)]

    def key_for(self, description: dict) -> str:
        """The key of this match: its own hash, or, when the store holds games of a compatible
        description (the same match before a new setting was declared), their key, so that the
        match resumes and its pairs stay whole."""
        key = match_key(description)
        records = read_records(self.path)
        if any(record.match == key for record in records):
            return key
        return next((record.match for record in records
                     if record.settings and compatible(record.settings, description)), key)

    @contextlib.contextmanager
    def exclusive(self, key: str):
        """Hold this match for this process while it plays: a second run of the same match into
        the same store (another shell, a script started twice) is refused with a StoreError
        instead of playing the same game indices again, while other matches in the store go on.
        A POSIX record lock on the key's own byte of a hidden lock file beside the store: the
        system releases it when the process ends, however it ends, so no stale lock is left."""
        if fcntl is None:
            yield
            return
        folder, name = os.path.split(os.path.abspath(self.path))
        handle = open(os.path.join(folder, f".{name}.lock"), "a")
        offset = int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)   # the key's own byte
        try:
            try:
                fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset)
            except OSError:
                raise StoreError(f"another run of this match (key {key}) is playing into "
                                 f"{self.path}; stop it first (two runs would play the same "
                                 "games twice), or give one run more --jobs") from None
            yield
        finally:
            handle.close()                      # releases the lock

    def append(self, record: GameRecord) -> None:
        line = json.dumps(record.to_json(), separators=(",", ":")) + "\n"
        with open(self.path, "a", encoding="utf-8") as handle:
            if handle.tell() > 0 and not _ends_with_newline(self.path):
                handle.write("\n")                      # after a torn line
            handle.write(line)


def _ends_with_newline(path: str) -> bool:
    with open(path, "rb") as handle:
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) == b"\n"
