"""A GTP session: framing, and one handler per command that parses, calls the engine facade
(engine.player.Player: the game, the searcher, the clock) and formats.

Handlers are registered by name with @command in this module's table, and COMMANDS, at the
end, composes it with the analysis commands' table; list_commands and known_command read it. A handler returns the response text or raises GtpError; it changes
nothing when it fails. Streaming commands (lz-analyze and friends) write their own lines and
stop searching as soon as another line of input is waiting.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TextIO

from mango.engine.config import EngineConfig
from mango.engine.errors import IllegalMoveError, NotationError
from mango.engine.game import score_text
from mango.engine.handicap import fixed_handicap_vertices, free_handicap_vertices
from mango.engine.player import Player
from mango.engine.rules import rules_named
from mango.engine.vertex import BLACK, WHITE, colour_name, parse_colour
from mango.gtp import analysis
from mango.gtp.command import CommandTable, Streamed, expect_args, float_arg, int_arg
from mango.gtp.protocol import GtpError, parse, preprocess, response

log = logging.getLogger("mango.gtp")


_OWN_COMMANDS = CommandTable()
command = _OWN_COMMANDS.command


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("mango-go")
    except Exception:                   # not installed (running from a checkout)
        return "0.2.0"


class GtpSession:
    """Mango behind GTP. handle_line(raw) -> the response to write (or "" for none)."""

    def __init__(self, config: EngineConfig | None = None, out: TextIO | None = None):
        self.player = Player(config or EngineConfig())
        self.out = out
        self.quit = False
        self.interrupt = threading.Event()
        self.input_waiting: Callable[[], bool] = lambda: False
        self.start_cpu = time.process_time()
        self.pondering = False          # set after a genmove when the config asks for pondering
        self._ident: int | None = None

    @property
    def game(self):
        return self.player.game

    @property
    def config(self) -> EngineConfig:
        return self.player.config

    @property
    def searcher(self):
        return self.player.searcher

    @property
    def size(self) -> int:
        return self.player.game.size

    # -- framing ------------------------------------------------------------------------------

    def handle_line(self, raw: str) -> str:
        line = preprocess(raw)
        cmd = parse(line)
        if cmd is None:
            return ""
        handler = COMMANDS.get(cmd.name)
        if handler is None:
            return response(cmd.id, "unknown command", ok=False)
        self._ident = cmd.id
        try:
            text = handler(self, cmd.args)
        except GtpError as error:
            return response(cmd.id, str(error), ok=False)
        except NotationError:
            return response(cmd.id, "invalid color or coordinate", ok=False)
        except Exception as error:      # a bug must not kill the engine: report and go on
            log.exception("command %r failed", line)
            return response(cmd.id, f"internal error: {error}", ok=False)
        if isinstance(text, Streamed):
            self.write(text + "\n" if text else "")
            self.write("\n")
            return ""
        return response(cmd.id, text)

    def write(self, text: str) -> None:
        if self.out is not None and text:
            self.out.write(text)
            self.out.flush()

    def begin_stream(self) -> None:
        self.write("=" + ("" if self._ident is None else str(self._ident)) + "\n")

    def interrupted(self) -> bool:
        """A genmove stops only for GoGui's interrupt or a controller that is gone (commands
        queued behind it wait for its answer)."""
        return self.interrupt.is_set()

    def should_stop(self) -> bool:
        """Analysis stops for new input too."""
        return self.input_waiting() or self.interrupt.is_set()

    def vertex(self, point: int) -> str:
        return self.player.game.vertex(point)

    def ponder(self) -> None:
        """Search on the opponent's time until input is waiting (the server calls this while
        idle after a genmove, when pondering is on)."""
        self.pondering = False
        self.player.ponder(self.input_waiting)


# ---- core GTP commands ---------------------------------------------------------------------------

@command("protocol_version")
def protocol_version(session, args):
    return "2"


@command("name")
def name(session, args):
    return "Mango"


@command("version")
def version(session, args):
    return _version()


@command("known_command")
def known_command(session, args):
    expect_args(args, 1, 1)
    return "true" if args[0] in COMMANDS else "false"


@command("list_commands")
def list_commands(session, args):
    return "\n".join(sorted(COMMANDS))


@command("quit")
def quit_(session, args):
    session.quit = True
    return ""


@command("boardsize")
def boardsize(session, args):
    expect_args(args, 1, 1)
    size = int_arg(args[0])
    if not 2 <= size <= 19:
        raise GtpError("unacceptable size")
    session.player.new_game(size=size)
    return ""


@command("clear_board")
def clear_board(session, args):
    session.player.new_game()
    return ""


MAX_KOMI = 1000     # points either way: area scores never pass 361, so more is a typo


@command("komi")
def komi(session, args):
    expect_args(args, 1, 1)
    value = float_arg(args[0])
    if abs(value) > MAX_KOMI:
        raise GtpError(f"komi must be between -{MAX_KOMI} and {MAX_KOMI}")
    session.player.set_komi(value)
    return ""


@command("play")
def play(session, args):
    expect_args(args, 2, 2)
    colour = parse_colour(args[0])
    try:
        session.player.play(colour_name(colour), args[1])
    except IllegalMoveError as error:
        if error.reason == "off board":         # as GNU Go answers a vertex beyond the board
            raise GtpError("invalid color or coordinate") from None
        raise GtpError("illegal move") from None
    return ""


def _genmove(session, args, commit=True, cleanup=False, stop=None):
    expect_args(args, 1, 1)
    colour = colour_name(parse_colour(args[0]))
    session.interrupt.clear()
    result = session.player.genmove(colour, stop=stop or session.interrupted, commit=commit,
                                    cleanup=cleanup)
    if result.resign:
        return "resign"
    if commit:
        session.pondering = session.config.time.ponder
    return session.vertex(result.move)


@command("genmove")
def genmove(session, args):
    return _genmove(session, args)


@command("reg_genmove")
def reg_genmove(session, args):
    return _genmove(session, args, commit=False)


@command("kgs-genmove_cleanup")
def kgs_genmove_cleanup(session, args):
    """Like genmove, but no pass while opponent stones Mango calls dead remain on the board (KGS's
    cleanup phase after a disputed end of game), and no resignation."""
    return _genmove(session, args, cleanup=True)


@command("undo")
def undo(session, args):
    try:
        session.player.undo()
    except ValueError:
        raise GtpError("cannot undo") from None
    return ""


@command("showboard")
def showboard(session, args):
    game = session.game
    captures = game.captures
    return "\n" + str(game) + (f"\nBlack captured {captures['b']}, White captured "
                               f"{captures['w']}; {colour_name(game.board.to_move)} to move")


@command("final_score")
def final_score(session, args):
    """The score with the dead stones taken off; in NoGo the winner ('B+', 'W+') once the side
    to move has no legal move."""
    if session.game.kind == "nogo":
        result = session.game.result()
        if not result:
            raise GtpError("the game is not over: both sides can still move")
        return result
    return score_text(session.player.final_score())


@command("final_status_list")
def final_status_list(session, args):
    expect_args(args, 1, 1)
    wanted = args[0].lower()
    if wanted not in ("alive", "dead", "seki"):
        raise GtpError("syntax error")
    status = session.player.final_status()
    points = sorted(p for p, v in status.items() if v == wanted)
    return " ".join(session.vertex(p) for p in points)


@command("list_stones")
def list_stones(session, args):
    expect_args(args, 1, 1)
    colour = parse_colour(args[0])
    return " ".join(session.game.stones(colour_name(colour)))


@command("cputime")
def cputime(session, args):
    return f"{time.process_time() - session.start_cpu:.3f}"


# ---- handicap ---------------------------------------------------------------------------------------

def _handicap_count(session, args) -> int:
    expect_args(args, 1, 1)
    stones = int_arg(args[0])
    game = session.game
    if game.moves or game.board.stones(BLACK) or game.board.stones(WHITE):
        raise GtpError("board not empty")
    if not 2 <= stones < session.size * session.size:
        raise GtpError("invalid number of stones")
    return stones


@command("fixed_handicap")
def fixed_handicap(session, args):
    stones = _handicap_count(session, args)
    try:
        vertices = fixed_handicap_vertices(session.size, stones)
    except ValueError:
        raise GtpError("invalid number of stones") from None
    session.game.place_handicap(vertices)
    return " ".join(vertices)


@command("place_free_handicap")
def place_free_handicap(session, args):
    stones = _handicap_count(session, args)
    vertices = free_handicap_vertices(session.size, stones)
    session.game.place_handicap(vertices)
    return " ".join(vertices)


@command("set_free_handicap")
def set_free_handicap(session, args):
    if len(args) < 2:
        raise GtpError("syntax error")
    game = session.game
    if game.moves or game.board.stones(BLACK) or game.board.stones(WHITE):
        raise GtpError("board not empty")
    try:
        game.place_handicap(args)
    except IllegalMoveError:
        raise GtpError("bad vertex list") from None
    except ValueError as error:
        raise GtpError(f"bad vertex list: {error}") from None
    return ""


# ---- SGF --------------------------------------------------------------------------------------------

@command("loadsgf")
def loadsgf(session, args):
    expect_args(args, 1, 2)
    move_number = int_arg(args[1]) if len(args) == 2 else None
    if move_number is not None and move_number < 1:
        raise GtpError("the move number must be 1 or more")
    from mango.engine.record import GameRecordError, load_game
    try:
        game = load_game(args[0], move_number)
    except GameRecordError as error:
        raise GtpError(f"cannot load file: {error}") from None
    session.player.set_game(game)
    return ""


@command("printsgf")
def printsgf(session, args):
    from mango.engine.record import game_to_sgf
    info = session.game.info
    text = game_to_sgf(session.game, info.get("RE"), info.get("PB", "Black"), info.get("PW", "White")).decode()
    if args:
        try:
            with open(args[0], "w") as handle:
                handle.write(text)
        except OSError as error:
            raise GtpError(f"cannot write file: {error.strerror}") from None
        return ""
    return text


# ---- time ---------------------------------------------------------------------------------------------

@command("time_settings")
def time_settings(session, args):
    expect_args(args, 3, 3)
    main, byo, stones = float_arg(args[0]), float_arg(args[1]), int_arg(args[2])
    try:
        session.player.clock.set_canadian(main, byo, stones)
    except ValueError as error:
        raise GtpError(str(error)) from None
    return ""


@command("kgs-time_settings")
def kgs_time_settings(session, args):
    expect_args(args, 1, 4)
    system = args[0].lower()
    clock = session.player.clock
    try:
        if system == "none" and len(args) == 1:
            clock.clear()
        elif system == "absolute" and len(args) == 2:
            clock.set_absolute(float_arg(args[1]))
        elif system == "canadian" and len(args) == 4:
            clock.set_canadian(float_arg(args[1]), float_arg(args[2]), int_arg(args[3]))
        elif system == "byoyomi" and len(args) == 4:
            clock.set_byoyomi(float_arg(args[1]), float_arg(args[2]), int_arg(args[3]))
        else:
            raise GtpError("syntax error")
    except ValueError as error:
        raise GtpError(str(error)) from None
    return ""


@command("time_left")
def time_left(session, args):
    expect_args(args, 3, 3)
    colour = parse_colour(args[0])
    try:
        session.player.clock.time_left(colour, float_arg(args[1]), int_arg(args[2]))
    except ValueError as error:
        raise GtpError(str(error)) from None
    return ""


# ---- KGS ------------------------------------------------------------------------------------------------

def _set_rules(session, name: str) -> None:
    """The session's rules by KGS's or KataGo's name (area or territory scoring), for this game
    and the next ones; an unknown name changes nothing."""
    try:
        rules = rules_named(name)
    except ValueError as error:
        raise GtpError(str(error)) from None
    if rules != session.config.game.rules:
        session.player.configure(session.config.replace(rules=rules))


@command("kgs-rules")
def kgs_rules(session, args):
    """kgsGtp sends the game's rules: japanese, chinese, aga or new_zealand."""
    expect_args(args, 1, 1)
    _set_rules(session, args[0])
    return ""


@command("kgs-game_over")
def kgs_game_over(session, args):
    return ""


@command("kgs-chat")
def kgs_chat(session, args):
    """kgsGtp passes chat as `kgs-chat (game|private) NAME MESSAGE...` and sends a non-empty
    answer back as the bot's reply: a private message gets one line about the bot; game chat
    none, so that a game room is not spammed."""
    expect_args(args, 3)
    if args[0].lower() == "private":
        return f"Mango {_version()}, a classical Monte-Carlo Go program (no neural network)."
    return ""


# ---- rules as KataGo's analysis front ends ask for them -------------------------------------------------

KATA_RULES = {
    "chinese": '{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA",'
               '"suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}',
    "japanese": '{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"TERRITORY",'
                '"suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}',
}


@command("kata-get_rules")
def kata_get_rules(session, args):
    """The rules in KataGo's JSON: area or territory scoring (Mango's ko rule is positional
    superko, suicide is illegal, and territory rules count nothing in seki)."""
    expect_args(args, 0, 0)
    return KATA_RULES[session.game.rules]


@command("kata-set_rules")
def kata_set_rules(session, args):
    """A rule set by KataGo's shorthand name (chinese, japanese, korean, aga, tromp-taylor...),
    area or territory scoring."""
    expect_args(args, 1)
    _set_rules(session, " ".join(args))
    return ""


# ---- conveniences controllers send ---------------------------------------------------------------------

@command("get_komi")
def get_komi(session, args):
    expect_args(args, 0, 0)
    return f"{session.game.komi:g}"


@command("echo")
def echo(session, args):
    return " ".join(args)


@command("echo_err")
def echo_err(session, args):
    """Its arguments to stderr (the controller's log), nothing on stdout."""
    import sys
    print(" ".join(args), file=sys.stderr, flush=True)
    return ""


@command("gogui-play_sequence")
def gogui_play_sequence(session, args):
    """`gogui-play_sequence b D4 w Q16 ...`: every move or none (a bad one undoes the others)."""
    if not args or len(args) % 2:
        raise GtpError("syntax error")
    played = 0
    try:
        for colour, vertex in zip(args[::2], args[1::2]):
            session.player.play(colour, vertex)
            played += 1
    except (IllegalMoveError, NotationError) as error:
        for _ in range(played):
            session.player.undo()
        raise GtpError(f"move {played + 1} of the sequence: {error}") from None
    return ""


COMMANDS = CommandTable({**_OWN_COMMANDS, **analysis.COMMANDS})   # every command this engine answers
