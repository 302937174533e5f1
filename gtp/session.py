"""A GTP session: the game record, the searcher, the clock, and one handler per command.

Handlers are registered by name with @command; list_commands and known_command read that one
registry. A handler returns the response text or raises GtpError; it changes nothing when it
fails. Streaming commands (lz-analyze and friends) write their own lines and stop searching as
soon as another line of input is waiting.
"""
from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from typing import TextIO

from mango.engine import Game
from mango.engine.config import ConfigError, EngineConfig
from mango.engine.errors import IllegalMoveError, NotationError
from mango.engine.handicap import fixed_handicap_vertices, max_fixed_handicap
from mango.engine.search import Searcher
from mango.engine.timecontrol import TimeControl
from mango.engine.vertex import BLACK, WHITE, colour_name, parse_colour
from mango.gtp.protocol import GtpError, parse, preprocess, response

log = logging.getLogger("mango.gtp")

COMMANDS: dict[str, Callable] = {}

AREA_RULES = ("chinese", "aga", "new_zealand", "tromp-taylor", "tromp_taylor")
ANALYSIS_PLAYOUTS = 3000        # a search for the analysis and scoring commands when none was run


def command(name: str):
    def register(function):
        COMMANDS[name] = function
        return function
    return register


class Streamed(str):
    """A response the handler has already begun writing; this is its final part."""


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("mango-go")
    except Exception:                   # not installed (running from a checkout)
        return "0.1.0"


class GtpSession:
    """Mango behind GTP. handle_line(raw) -> the response to write (or "" for none)."""

    def __init__(self, config: EngineConfig | None = None, out: TextIO | None = None):
        self.config = config or EngineConfig()
        self.out = out
        self.size = 19
        self.komi = 7.5
        self.game = Game(self.size, self.komi)
        self.searcher = Searcher(self.config)
        self.clock = TimeControl()
        self.quit = False
        self.interrupt = threading.Event()
        self.input_waiting: Callable[[], bool] = lambda: False
        self.start_cpu = time.process_time()
        self.pondering = False          # set after a genmove when the config asks for pondering

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

    # -- helpers ------------------------------------------------------------------------------

    def configure(self, config: EngineConfig) -> None:
        self.config = config
        self.searcher.configure(config)

    def new_game(self) -> None:
        self.game = Game(self.size, self.komi)
        self.searcher.clear()
        self.clock._reset_clocks()

    def vertex(self, point: int) -> str:
        return self.game.vertex(point)

    def budget(self, colour: int) -> tuple[int | None, float | None]:
        """(playouts, seconds) for the next move: the clock when one runs, else the config."""
        seconds = self.clock.budget(colour, self.size, len(self.game.moves), self.config.time.lag_s)
        if seconds is None:
            time_s = self.config.time.time_s or None
            return self.config.search.playouts or None, time_s
        return self.config.search.playouts or None, seconds

    def search(self, colour: int, allow_pass: bool = True, streaming: Callable | None = None):
        """Search for colour on a copy of the game when colour is not the one to move."""
        game = self._game_for(colour)
        playouts, seconds = self.budget(colour)
        self.interrupt.clear()

        def should_stop() -> bool:
            if streaming is not None:
                streaming()
            return self.interrupt.is_set()
        start = time.perf_counter()
        result = self.searcher.search(game, playouts, seconds, should_stop, allow_pass=allow_pass)
        spent = time.perf_counter() - start
        clock = self.clock.clocks[colour]
        clock.main_s = max(0.0, clock.main_s - spent)          # until time_left corrects it
        log.info("%s %s: %d playouts in %.2f s, win rate %s, %d nodes%s",
                 colour_name(colour), "resign" if result.resign else self.vertex(result.move),
                 result.playouts, spent, "-" if result.value is None else f"{result.value:.3f}",
                 result.nodes, " (tree reused)" if result.reused else "")
        return game, result

    def ponder(self) -> None:
        """Search the current position on the opponent's time until input is waiting (the server
        calls this while idle after a genmove, when pondering is on)."""
        self.pondering = False
        if self.game.is_over:
            return
        self.searcher.set_position(self.game)
        limit = self.config.time.ponder_max_playouts
        while not self.input_waiting() and self.searcher.root_visits < limit \
                and not self.searcher.pool_full:
            self.searcher.run(playouts=0, time_s=0.25, should_stop=self.input_waiting)

    def _game_for(self, colour: int) -> Game:
        if self.game.board.to_move == colour:
            return self.game
        self.game.to_move = colour_name(colour)     # GTP allows either colour to move next
        return self.game

    def analysed(self, playouts: int = ANALYSIS_PLAYOUTS) -> Searcher:
        """The searcher with a tree for the current position (searching if it has too little)."""
        self.searcher.set_position(self.game)
        if self.searcher.root_visits < playouts // 2:
            self.searcher.run(playouts=playouts)
        return self.searcher

    def status(self) -> dict[int, str]:
        """'alive', 'dead' or 'seki' per stone: engine.status.final_status (playouts from the
        position to the end, both colours first, with life, seki and atari checks)."""
        from mango.engine.status import final_status
        return final_status(self.game, seed=self.config.seed)

    def estimated_score(self) -> float:
        """Area score (Black positive, komi included) with the dead stones taken off."""
        from mango.engine.status import final_score
        return final_score(self.game, self.status())


# ---- core GTP commands ---------------------------------------------------------------------------

def _args(args: list[str], low: int, high: int | None = None) -> None:
    if len(args) < low or (high is not None and len(args) > high):
        raise GtpError("syntax error")


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
    _args(args, 1, 1)
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
    _args(args, 1, 1)
    try:
        size = int(args[0])
    except ValueError:
        raise GtpError("syntax error") from None
    if not 2 <= size <= 19:
        raise GtpError("unacceptable size")
    session.size = size
    session.new_game()
    return ""


@command("clear_board")
def clear_board(session, args):
    session.new_game()
    return ""


def _float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise GtpError("syntax error") from None
    if not math.isfinite(value):
        raise GtpError("syntax error")
    return value


@command("komi")
def komi(session, args):
    _args(args, 1, 1)
    value = _float(args[0])
    session.komi = value
    session.game.komi = value
    return ""


@command("play")
def play(session, args):
    _args(args, 2, 2)
    colour = parse_colour(args[0])
    try:
        session.game.play(colour_name(colour), args[1])
    except IllegalMoveError as error:
        if error.reason == "off board":         # as GNU Go answers a vertex beyond the board
            raise GtpError("invalid color or coordinate") from None
        raise GtpError("illegal move") from None
    return ""


def _genmove(session, args, allow_pass=True, commit=True):
    _args(args, 1, 1)
    colour = parse_colour(args[0])
    game, result = session.search(colour, allow_pass=allow_pass)
    if result.resign:
        return "resign"
    vertex = game.vertex(result.move)
    if commit:
        game.play(colour_name(colour), vertex)
        session.pondering = session.config.time.ponder
    return vertex


@command("genmove")
def genmove(session, args):
    return _genmove(session, args)


@command("reg_genmove")
def reg_genmove(session, args):
    return _genmove(session, args, commit=False)


@command("kgs-genmove_cleanup")
def kgs_genmove_cleanup(session, args):
    """Like genmove, but no pass while opponent stones the playouts call dead remain on the board
    (KGS's cleanup phase after a disputed end of game), and no resignation."""
    _args(args, 1, 1)
    colour = parse_colour(args[0])
    session._game_for(colour)
    dead_opponents = [p for p, v in session.status().items()
                      if v == "dead" and session.game.board.colour_at(p) == 3 - colour]
    original = session.config
    session.configure(original.replace(resign=False))
    try:
        return _genmove(session, args, allow_pass=not dead_opponents)
    finally:
        session.configure(original)


@command("undo")
def undo(session, args):
    try:
        session.game.undo()
    except ValueError:
        raise GtpError("cannot undo") from None
    return ""


@command("showboard")
def showboard(session, args):
    captures = session.game.captures
    return "\n" + str(session.game) + (f"\nBlack captured {captures['b']}, White captured "
                                       f"{captures['w']}; {colour_name(session.game.board.to_move)} to move")


@command("final_score")
def final_score(session, args):
    score = session.estimated_score()
    if score == 0:
        return "0"
    return f"{'B' if score > 0 else 'W'}+{abs(score):g}"


@command("final_status_list")
def final_status_list(session, args):
    _args(args, 1, 1)
    wanted = args[0].lower()
    if wanted not in ("alive", "dead", "seki"):
        raise GtpError("syntax error")
    status = session.status()
    points = sorted(p for p, v in status.items() if v == wanted)
    return " ".join(session.vertex(p) for p in points)


@command("list_stones")
def list_stones(session, args):
    _args(args, 1, 1)
    colour = parse_colour(args[0])
    return " ".join(session.game.stones(colour_name(colour)))


@command("cputime")
def cputime(session, args):
    return f"{time.process_time() - session.start_cpu:.3f}"


# ---- handicap ---------------------------------------------------------------------------------------

def _handicap_count(session, args) -> int:
    _args(args, 1, 1)
    try:
        stones = int(args[0])
    except ValueError:
        raise GtpError("syntax error") from None
    if session.game.moves or session.game.board.stones(BLACK) or session.game.board.stones(WHITE):
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
    """The fixed points as far as they go, then the points of the 3rd and 4th lines and the
    centre area, spread out: a classical engine has nothing better to put there."""
    stones = _handicap_count(session, args)
    size = session.size
    vertices = fixed_handicap_vertices(size, min(stones, max_fixed_handicap(size))) \
        if max_fixed_handicap(size) >= 2 else []
    if len(vertices) < stones:
        taken = {session.game.point(v) for v in vertices}
        centre = (size - 1) / 2
        candidates = sorted((p for p in session.game.board.empty_points() if p not in taken),
                            key=lambda p: abs(max(abs(session.game.board.xy(p)[0] - centre),
                                                  abs(session.game.board.xy(p)[1] - centre))
                                              - (centre - min(3, size // 4))))
        for point in candidates[: stones - len(vertices)]:
            vertices.append(session.vertex(point))
    session.game.place_handicap(vertices[:stones])
    return " ".join(vertices[:stones])


@command("set_free_handicap")
def set_free_handicap(session, args):
    if len(args) < 2:
        raise GtpError("syntax error")
    if session.game.moves or session.game.board.stones(BLACK) or session.game.board.stones(WHITE):
        raise GtpError("board not empty")
    try:
        session.game.place_handicap(args)
    except IllegalMoveError:
        raise GtpError("bad vertex list") from None
    except ValueError as error:
        raise GtpError(f"bad vertex list: {error}") from None
    return ""


# ---- SGF --------------------------------------------------------------------------------------------

@command("loadsgf")
def loadsgf(session, args):
    _args(args, 1, 2)
    move_number = None
    if len(args) == 2:
        try:
            move_number = int(args[1])
        except ValueError:
            raise GtpError("syntax error") from None
    from mango.gtp.record import GameRecordError, load_game
    try:
        game = load_game(args[0], move_number)
    except GameRecordError as error:
        raise GtpError(f"cannot load file: {error}") from None
    session.game = game
    session.size = game.size
    session.komi = game.komi
    session.searcher.clear()
    return ""


@command("printsgf")
def printsgf(session, args):
    from mango.gtp.record import game_to_sgf
    text = game_to_sgf(session.game, None, "Black", "White").decode()
    if args:
        try:
            with open(args[0], "w") as handle:
                handle.write(text)
        except OSError as error:
            raise GtpError(f"cannot write file: {error.strerror}") from None
        return ""
    return text


# ---- time ---------------------------------------------------------------------------------------------

def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise GtpError("syntax error") from None


@command("time_settings")
def time_settings(session, args):
    _args(args, 3, 3)
    main, byo, stones = _float(args[0]), _float(args[1]), _int(args[2])
    try:
        session.clock.set_canadian(main, byo, stones)
    except ValueError as error:
        raise GtpError(str(error)) from None
    return ""


@command("kgs-time_settings")
def kgs_time_settings(session, args):
    _args(args, 1, 4)
    system = args[0].lower()
    try:
        if system == "none" and len(args) == 1:
            session.clock.clear()
        elif system == "absolute" and len(args) == 2:
            session.clock.set_absolute(_float(args[1]))
        elif system == "canadian" and len(args) == 4:
            session.clock.set_canadian(_float(args[1]), _float(args[2]), _int(args[3]))
        elif system == "byoyomi" and len(args) == 4:
            session.clock.set_byoyomi(_float(args[1]), _float(args[2]), _int(args[3]))
        else:
            raise GtpError("syntax error")
    except ValueError as error:
        raise GtpError(str(error)) from None
    return ""


@command("time_left")
def time_left(session, args):
    _args(args, 3, 3)
    colour = parse_colour(args[0])
    try:
        session.clock.time_left(colour, _float(args[1]), _int(args[2]))
    except ValueError as error:
        raise GtpError(str(error)) from None
    return ""


# ---- KGS ------------------------------------------------------------------------------------------------

@command("kgs-rules")
def kgs_rules(session, args):
    _args(args, 1, 1)
    if args[0].lower() not in AREA_RULES:
        raise GtpError(f"unsupported rules {args[0]}: Mango plays area scoring "
                       f"({', '.join(AREA_RULES[:4])})")
    return ""


@command("kgs-game_over")
def kgs_game_over(session, args):
    return ""


# ---- configuration at run time ------------------------------------------------------------------------

@command("mango-param")
def mango_param(session, args):
    """GoGui 'param': no argument lists the settings; 'name value' sets one."""
    if not args:
        lines = []
        for key, value in session.config.flat().items():
            if isinstance(value, bool):
                lines.append(f"[bool] {key} {int(value)}")
            else:
                lines.append(f"[string] {key} {value}")
        return "\n".join(lines)
    if len(args) != 2:
        raise GtpError("syntax error")
    try:
        session.configure(session.config.with_strings({args[0]: args[1]}))
    except ConfigError as error:
        raise GtpError(str(error)) from None
    return ""


from mango.gtp import analysis  # noqa: E402,F401  (registers the analysis commands)
