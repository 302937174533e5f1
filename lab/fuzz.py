"""A grammar-based GTP fuzzer: lines a controller might send, well formed or not, from the
registry of commands Mango answers (gtp/command.py) and the kinds of their arguments, with ids,
comments, stray bytes that are not UTF-8, and every line ending. `fuzz_lines(rng, n)` makes a
session; tests/test_gtp_fuzz.py runs thousands of lines through the server and
scripts/gtp_fuzz.py a hundred thousand through `mango gtp` in a subprocess, checking that each
command gets exactly one answer and that the process never dies.

Searches are kept short by the engine's settings (a few playouts), not by the grammar: genmove
and analysis are asked for as a controller would.
"""
from __future__ import annotations

import random

from mango.gtp.analysis import PARAM_PAGES

COLOURS = ["b", "w", "black", "white", "B", "WHITE", "red", "", "bw"]
VERTICES = ["D4", "A1", "T19", "J9", "E5", "pass", "PASS", "resign", "I5", "Z9", "A0", "D44", "d4",
            "4D", "", "A-1"]
INTEGERS = ["0", "1", "2", "5", "7", "9", "13", "19", "25", "-1", "-5", "1000", "99999999999999999999",
            "3.5", "x", ""]
FLOATS = ["0", "6.5", "7.5", "-3", "0.5", "1e308", "nan", "inf", "-inf", "1e-9", "x", "1,5", ""]
FILES = ["/nonexistent.sgf", "/dev/null", "/proc/self/status", "", "a b"]
WORDS = ["none", "absolute", "canadian", "byoyomi", "chinese", "japanese", "aga", "tromp-taylor",
         "interval", "10", "maxmoves", "ownership", "true", "x", "uct_c", "rave", "playouts", "0.5",
         "off", "dead", "alive", "seki"]

# The arguments each command takes, as kinds; a line gets them, or too few, too many, or junk.
GRAMMAR: dict[str, list[str]] = {
    "protocol_version": [], "name": [], "version": [], "list_commands": [], "quit": [],
    "known_command": ["word"], "boardsize": ["int"], "clear_board": [], "komi": ["float"],
    "play": ["colour", "vertex"], "genmove": ["colour"], "reg_genmove": ["colour"],
    "kgs-genmove_cleanup": ["colour"], "undo": [], "showboard": [], "final_score": [],
    "final_status_list": ["word"], "list_stones": ["colour"], "cputime": [],
    "fixed_handicap": ["int"], "place_free_handicap": ["int"], "set_free_handicap": ["vertices"],
    "loadsgf": ["file", "int"], "printsgf": [], "time_settings": ["int", "int", "int"],
    "kgs-time_settings": ["word", "int", "int", "int"], "time_left": ["colour", "int", "int"],
    "kgs-rules": ["word"], "kgs-game_over": [], "lz-analyze": ["colour", "int"],
    "kata-analyze": ["colour", "int", "word"], "lz-genmove_analyze": ["colour", "int"],
    "kata-genmove_analyze": ["colour", "int"], "gogui-analyze_commands": [], "gogui-interrupt": [],
    "mango-best_moves": [], "mango-ownership": [], "mango-visits": [], "mango-pv": [],
    "mango-param": ["word", "word"],
    "kgs-chat": ["word", "word", "word"], "kata-get_rules": [], "kata-set_rules": ["word"],
    "get_komi": [], "echo": ["word", "word"], "echo_err": ["word"],
    "gogui-play_sequence": ["colour", "vertex", "colour", "vertex"],
    "cgos-genmove_analyze": ["colour"],
    # GoGui's dialogs, one page a screenful of a section's settings (as many as the settings make)
    **{f"mango-param_{page}": ["word", "word"] for page in PARAM_PAGES},
}
ENDINGS = [b"\n", b"\r\n", b"\r\n", b"\n"]      # a lone \r is not a line end for GTP's readers
QUIT_WORDS = {"quit"}


def _argument(rng: random.Random, kind: str) -> str:
    if kind == "colour":
        return rng.choice(COLOURS)
    if kind == "vertex":
        return rng.choice(VERTICES)
    if kind == "vertices":
        return " ".join(rng.choice(VERTICES) for _ in range(rng.randint(0, 4)))
    if kind == "int":
        return rng.choice(INTEGERS)
    if kind == "float":
        return rng.choice(FLOATS)
    if kind == "file":
        return rng.choice(FILES)
    return rng.choice(WORDS)


def fuzz_line(rng: random.Random, allow_quit: bool = False) -> bytes:
    """One line, without its ending: mostly a registered command with arguments of the right
    kinds (the rest too few, too many or junk), sometimes with an id or a comment, sometimes an
    unknown command, raw bytes or an empty line."""
    roll = rng.random()
    if roll < 0.04:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 20))).replace(b"\n", b" ")
    if roll < 0.07:
        return rng.choice([b"", b"   ", b"# a comment", b"\t", b"nonsense", b"PLAY b D4", b"\x00"])
    names = [name for name in GRAMMAR if allow_quit or name not in QUIT_WORDS]
    name = rng.choice(names)
    args = [_argument(rng, kind) for kind in GRAMMAR[name]]
    shape = rng.random()
    if shape < 0.08 and args:
        args = args[:rng.randrange(len(args))]                      # too few
    elif shape < 0.14 and name != "printsgf":                        # (printsgf FILE writes a file)
        args.append(_argument(rng, rng.choice(["int", "vertex", "word"])))   # too many
    words = [name] + [a for a in args if a != ""]
    line = " ".join(words)
    if rng.random() < 0.3:
        line = f"{rng.choice(['1', '42', '007', '-3', 'x1', '99999999999999999999'])} {line}"
    if rng.random() < 0.05:
        line += " # trailing comment"
    data = line.encode()
    if rng.random() < 0.03:
        data += bytes([rng.choice([0xff, 0xfe, 0xc3, 0x80])])     # not UTF-8
    return data


def fuzz_lines(rng: random.Random, n: int, board_sizes=(5, 7, 9)) -> list[bytes]:
    """A session of n lines with their endings: a small board first (so that searches stay short
    under the grammar's genmoves), then random lines; never a quit, so that all n are answered."""
    lines = [f"boardsize {rng.choice(board_sizes)}".encode() + b"\n"]
    while len(lines) < n:
        line = fuzz_line(rng)
        if line.split(b" ")[:1] == [b"boardsize"] and rng.random() < 0.7:
            line = f"boardsize {rng.choice(board_sizes)}".encode()
        lines.append(line + rng.choice(ENDINGS))
    return lines
