"""Game records as SGF, read and written with sgfmill, in one place for every reader: GTP's
loadsgf and printsgf, the files selfplay and match write, the laboratory's openings and game
reviews, and the pattern learner's professional games (as python-chess keeps PGN in its core)."""
from __future__ import annotations

from dataclasses import dataclass

from mango.engine import Game
from mango.engine.errors import IllegalMoveError, NotationError
from mango.engine.vertex import format_vertex


class GameRecordError(ValueError):
    """An SGF file that cannot be read or replayed; the message says why."""


# The root properties a loaded game keeps (simple text: players, ranks, teams, date, place,
# event, round, result, name, comment, source, user, time, overtime, annotation, copyright).
KEPT_INFO = ("PB", "PW", "BR", "WR", "BT", "WT", "DT", "PC", "EV", "RO", "RE", "GN", "GC", "SO",
             "US", "TM", "OT", "AN", "CP")


def sgf_vertex(move) -> str:
    """The GTP vertex of an sgfmill move: (row, column) from the bottom left, or None for a pass."""
    return "pass" if move is None else format_vertex((move[1], move[0]))


@dataclass(frozen=True)
class MainLine:
    """A game of an SGF file as the readers that replay it need it: its root's set-up stones and
    its main line's moves, as (colour, GTP vertex), colours "b"/"w", passes as "pass"."""
    size: int
    komi: float
    date: str | None                # DT, as written
    setup: tuple[tuple[str, str], ...]
    moves: tuple[tuple[str, str], ...]


def read_main_lines(data: bytes) -> list[MainLine]:
    """Every game of an SGF collection; GameRecordError for data sgfmill cannot read or a game
    with set-up stones after its root (which a main line of moves cannot say)."""
    from sgfmill import sgf, sgf_grammar, sgf_moves

    lines = []
    try:
        for coarse in sgf_grammar.parse_sgf_collection(data):
            record = sgf.Sgf_game.from_coarse_game_tree(coarse)
            root = record.get_root()
            board, plays = sgf_moves.get_setup_and_moves(record)
            date = str(root.get("DT")) if root.has_property("DT") else None
            setup = tuple((colour, sgf_vertex(point)) for colour, point in board.list_occupied_points())
            lines.append(MainLine(record.get_size(), record.get_komi(), date, setup,
                                  tuple((colour, sgf_vertex(move)) for colour, move in plays)))
    except (ValueError, KeyError, IndexError) as error:
        raise GameRecordError(str(error)) from None
    return lines


def game_to_sgf(game: Game, result: str | None, black: str, white: str) -> bytes:
    """The game as SGF: size, komi, set-up (handicap) stones, the moves, the result if known."""
    from sgfmill import sgf

    record = sgf.Sgf_game(size=game.size)
    root = record.get_root()
    for name, value in game.info.items():       # a loaded game's information, written back
        root.set(name, value)
    root.set("KM", game.komi)
    root.set("PB", black)
    root.set("PW", white)
    # Chinese or Japanese, as SGF spells them; NoGo has no rule set of Go's
    root.set("RU", "NoGo" if game.kind == "nogo" else game.rules.capitalize())
    if result:
        root.set("RE", result)
    start = game.initial_board()
    black_stones = [(y, x) for x, y in (start.xy(p) for p in start.stones(1))]
    white_stones = [(y, x) for x, y in (start.xy(p) for p in start.stones(2))]
    if black_stones or white_stones:
        root.set_setup_stones(black_stones, white_stones)
    # PL only where a reader would guess wrong (load_game: White after black stones alone,
    # else Black), so that a set-up position keeps its side to move through printsgf/loadsgf
    guessed = 2 if black_stones and not white_stones else 1
    if game.kind == "go" and start.to_move != guessed:
        root.set("PL", "b" if start.to_move == 1 else "w")
    if game.handicap:
        root.set("HA", game.handicap)
    for move in game.moves:
        node = record.extend_main_sequence()
        if move.vertex == "pass":
            node.set_raw(move.colour.upper(), b"")      # FF[4]'s pass; sgfmill writes "tt"
        else:
            x, y = game.board.xy(game.point(move.vertex))
            node.set_move(move.colour, (y, x))
    return record.serialise()


def load_game(path: str, move_number: int | None = None) -> Game:
    """The game in an SGF file: its main line replayed node by node, set-up (AB, AW, AE) in any
    node as well as moves, up to (not including) move move_number when it is given; moves are
    numbered 1, 2, ... along the main line whatever set-up nodes come between them, and the
    colour of move move_number is then the one to move. In a node, set-up comes before the
    node's move (so the set-up in move move_number's own node is applied).

    The colour to move after a set-up node is its PL when it has one; else, at the root, White
    when the set-up is black stones only (a handicap), and otherwise the colour to move before.
    Black stones only at the root with an HA of 2 or more are the game's handicap (Game.handicap,
    what dynamic komi adapts to); without HA they are a set-up position.
    Each set-up node starts a new position (Game.set_up): the simple ko is lifted and the
    positional superko history restarts from the set-up position, so only the positions after
    the last set-up count for superko.

    Raises GameRecordError for a file that cannot be read, parsed or replayed (a bad vertex, an
    illegal move, a set-up that leaves a group without liberties)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise GameRecordError(error.strerror or str(error)) from None
    return game_from_sgf(data, move_number)


def game_from_sgf(data: bytes | str, move_number: int | None = None) -> Game:
    """load_game of an SGF text (a results store's record) rather than a file."""
    from sgfmill import sgf

    if isinstance(data, str):
        data = data.encode()
    try:
        record = sgf.Sgf_game.from_bytes(data)
        size = record.get_size()
        nodes = record.get_main_sequence()
    except (ValueError, KeyError) as error:
        raise GameRecordError(_reason(error, "not an SGF game")) from None
    try:
        komi = record.get_komi()
    except ValueError:
        raise GameRecordError(f"komi KM[{record.get_root().get_raw('KM').decode(errors='replace')}] "
                              f"is not a number") from None
    if not 2 <= size <= 19:
        raise GameRecordError(f"board size {size} is not 2..19")

    def vertices(points) -> list[str]:
        return [format_vertex((col, row)) for row, col in sorted(points)]

    game = Game(size, komi)
    root = nodes[0]
    game.info = {name: root.get(name) for name in KEPT_INFO if root.has_property(name)}
    number = 0
    try:
        for node in nodes:
            black, white, empty = node.get_setup_stones()
            player = node.get("PL") if node.has_property("PL") else None
            if black or white or empty:
                to_move = player
                if to_move is None and node is nodes[0] and black and not white:
                    to_move = "w"
                game.set_up(vertices(black), vertices(white), to_move, vertices(empty))
                if node is nodes[0] and black and not white and _handicap(root) >= 2:
                    game.handicap = len(black)
            elif player is not None:
                game.to_move = player
            colour, move = node.get_move()
            if colour is None:
                continue
            number += 1
            if move_number is not None and number >= move_number:
                game.to_move = colour
                break
            game.play(colour, sgf_vertex(move))
    except (IllegalMoveError, NotationError, ValueError, KeyError) as error:
        raise GameRecordError(_reason(error, f"after move {number}: a move or set-up point that is "
                                             f"not a point of the {size}x{size} board")) from None
    return game


def _handicap(root) -> int:
    """The record's HA (0 when it has none or an unreadable one: the stones are then a set-up)."""
    try:
        return int(root.get("HA")) if root.has_property("HA") else 0
    except ValueError:
        return 0


def _reason(error: Exception, otherwise: str) -> str:
    """An error's message, or what it means when sgfmill gave none (it raises a bare ValueError
    for a point it cannot read, such as AB[zz] on 9x9 or B[AA])."""
    return str(error) or otherwise
