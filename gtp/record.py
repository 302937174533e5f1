"""Game records as SGF, read and written with sgfmill: loadsgf, printsgf and the SGF files that
selfplay and match write."""
from __future__ import annotations

from mango.engine import Game
from mango.engine.errors import IllegalMoveError, NotationError
from mango.engine.vertex import format_vertex


class GameRecordError(ValueError):
    """An SGF file that cannot be read or replayed; the message says why."""


def game_to_sgf(game: Game, result: str | None, black: str, white: str) -> bytes:
    """The game as SGF: size, komi, set-up (handicap) stones, the moves, the result if known."""
    from sgfmill import sgf

    record = sgf.Sgf_game(size=game.size)
    root = record.get_root()
    root.set("KM", game.komi)
    root.set("PB", black)
    root.set("PW", white)
    root.set("RU", "Chinese")
    if result:
        root.set("RE", result)
    start = game.initial_board()
    black_stones = [(y, x) for x, y in (start.xy(p) for p in start.stones(1))]
    white_stones = [(y, x) for x, y in (start.xy(p) for p in start.stones(2))]
    if black_stones or white_stones:
        root.set_setup_stones(black_stones, white_stones)
        if black_stones and not white_stones:
            root.set("HA", len(black_stones))
    for move in game.moves:
        node = record.extend_main_sequence()
        if move.vertex == "pass":
            node.set_move(move.colour, None)
        else:
            x, y = game.board.xy(game.point(move.vertex))
            node.set_move(move.colour, (y, x))
    return record.serialise()


def load_game(path: str, move_number: int | None = None) -> Game:
    """The game in an SGF file, replayed up to (not including) move_number when it is given.
    Raises GameRecordError for a file that cannot be read, parsed or replayed."""
    from sgfmill import sgf, sgf_moves

    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise GameRecordError(error.strerror or str(error)) from None
    try:
        record = sgf.Sgf_game.from_bytes(data)
        size = record.get_size()
        komi = record.get_komi()
        board, plays = sgf_moves.get_setup_and_moves(record)
    except (ValueError, KeyError) as error:
        raise GameRecordError(str(error)) from None
    if not 2 <= size <= 19:
        raise GameRecordError(f"board size {size} is not 2..19")
    game = Game(size, komi)
    black = [format_vertex((col, row)) for colour, (row, col) in board.list_occupied_points() if colour == "b"]
    white = [format_vertex((col, row)) for colour, (row, col) in board.list_occupied_points() if colour == "w"]
    try:
        if black or white:
            to_move = "w" if black and not white else "b"
            first = plays[0][0] if plays else record.get_root().get_raw("PL").decode().lower() \
                if record.get_root().has_property("PL") else to_move
            game.set_up(black, white, first if first in ("b", "w") else to_move)
        for number, (colour, move) in enumerate(plays, start=1):
            if move_number is not None and number >= move_number:
                game.to_move = colour
                break
            game.play(colour, "pass" if move is None else format_vertex((move[1], move[0])))
    except (IllegalMoveError, NotationError, ValueError) as error:
        raise GameRecordError(str(error)) from None
    return game
