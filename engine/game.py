"""A game of Go: the C board plus what needs history (positional superko, undo), komi and notation.

This is the object GTP sessions and tests hold; search and playouts work on copies of its Board.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from mango.engine.board import PASS_POINT as PASS
from mango.engine.board import Board
from mango.engine.errors import IllegalMoveError, NotationError
from mango.engine.handicap import fixed_handicap_vertices
from mango.engine import nogo
from mango.engine.rules import RULES, territory_score
from mango.engine.vertex import (BLACK, COLUMNS, WHITE, colour_name, format_vertex, parse_colour,
                           parse_vertex)

_SYMBOLS = {0: ".", BLACK: "X", WHITE: "O"}
GAMES = ("go", "nogo")


@dataclass(frozen=True)
class Move:
    colour: str          # "b" or "w"
    vertex: str          # "D4" or "pass"


def score_text(score: float) -> str:
    """A score, Black positive, as SGF and GTP's final_score write it: 'B+3.5', 'W+0.5', '0'."""
    if score == 0:
        return "0"
    return f"{'B' if score > 0 else 'W'}+{abs(score):g}"


class Game:
    """Rules: no suicide, simple ko, positional superko (a stone play may not recreate any earlier
    position of the game, whoever is to move), and komi; scoring by `rules`: "chinese" (area) or
    "japanese" (territory and prisoners, engine/rules.py).

    g = Game(size=9, komi=7.0); g.play("b", "D4"); g.score() -> float, black positive.
    """

    def __init__(self, size: int = 19, komi: float = 7.5, rules: str = "chinese",
                 kind: str = "go"):
        if not math.isfinite(komi):
            raise ValueError(f"komi must be a finite number, got {komi}")
        if rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, got {rules!r}")
        if kind not in GAMES:
            raise ValueError(f"the game must be one of {', '.join(GAMES)}, got {kind!r}")
        # "go", or "nogo": a move may neither capture nor leave its chain without a liberty,
        # there is no pass, and the side to move without a legal move loses (engine/nogo.pyx)
        self.kind = kind
        self.board = Board(size)
        self.komi = float(komi)
        self.rules = rules
        # handicap stones placed as such (GTP's handicap commands, an SGF's HA): what dynamic
        # komi adapts to; a set-up of black stones is no handicap (a problem, a position)
        self.handicap = 0
        # the situational dynamic komi's extra komi for White (engine/komi.py), None until set
        self.extra_komi: float | None = None
        # even_dynamic_komi's ceiling once it has dropped (None: none yet; engine/komi.py)
        self.komi_ratchet: float | None = None
        self.moves: list[Move] = []
        self._boards: list[Board] = []       # the board before each move, for undo
        # Hashes of every position stone plays have made (superko keeps each one unique).
        self._seen: set[int] = {self.board.hash}
        self.start_hash = self.board.hash     # the position the moves start from (handicap)
        # What a record said of the game that play does not use (SGF root properties: players,
        # ranks, date, event, result...), kept so that a loaded game is written back whole.
        self.info: dict[str, str] = {}

    @property
    def size(self) -> int:
        return self.board.size

    @property
    def to_move(self) -> str:
        """'b' or 'w'."""
        return colour_name(self.board.to_move)

    @to_move.setter
    def to_move(self, colour: str) -> None:
        self.board.to_move = parse_colour(colour)

    def point(self, vertex: str) -> int:
        """The board's point index of a vertex ('pass' -> the pass point)."""
        xy = parse_vertex(vertex, self.size)
        return PASS if xy is None else self.board.point(*xy)

    def vertex(self, point: int) -> str:
        return "pass" if point == PASS else format_vertex(self.board.xy(point))

    def illegal_reason(self, colour: str, vertex: str) -> str | None:
        """None if the move is legal, else one of IllegalMoveError.REASONS. Malformed input raises
        NotationError."""
        c = parse_colour(colour)
        try:
            point = self.point(vertex)
        except IllegalMoveError as error:
            return error.reason
        return self._illegal_reason(c, point)

    def _illegal_reason(self, c: int, point: int) -> str | None:
        if self.kind == "nogo":
            return self._nogo_illegal_reason(c, point)
        if point == PASS:
            return None
        reason = self.board.illegal_reason(point, c)
        if reason is None and self.superko_violation(c, point):
            return "superko"
        return reason

    def copy(self) -> "Game":
        """An independent game with the same position, history and komi (the boards of the
        history are never changed in place, so they are shared)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)     # the values; the containers copied below
        twin.board = self.board.copy()
        twin.moves = list(self.moves)
        twin._boards = list(self._boards)
        twin._seen = set(self._seen)
        twin.info = dict(self.info)
        return twin

    def with_to_move(self, colour: str) -> "Game":
        """This game, or a copy with colour to move when it is the other's turn: how GTP's
        questions about either colour are answered without changing the game."""
        if self.to_move == colour_name(parse_colour(colour)):
            return self
        twin = self.copy()
        twin.to_move = colour
        return twin

    def initial_board(self) -> Board:
        """The board the moves start from (empty, or with handicap stones)."""
        return self._boards[0].copy() if self._boards else self.board.copy()

    def _nogo_illegal_reason(self, c: int, point: int) -> str | None:
        if point == PASS:
            return "no pass"
        if self.board.colour_at(point) != 0:
            return "occupied"
        if nogo.is_legal(self.board, point, c):
            return None
        after = self.board.copy()
        return "capture" if after.play(point, c) else "suicide"

    def nogo_winner(self) -> str | None:
        """NoGo: the winner once the side to move has no legal move ('b' or 'w'), else None."""
        if nogo.legal_moves(self.board, self.board.to_move):
            return None
        return colour_name(3 - self.board.to_move)

    def superko_violation(self, c: int, point: int) -> bool:
        """The board-legal stone c at point would recreate an earlier position."""
        after = self.board.copy()
        after.play(point, c)
        return after.hash in self._seen

    def is_legal(self, colour: str, vertex: str) -> bool:
        return self.illegal_reason(colour, vertex) is None

    def play(self, colour: str, vertex: str) -> int:
        """Play a move (non-alternating play is allowed). Returns the stones captured. Raises
        IllegalMoveError (game unchanged) or NotationError."""
        c = parse_colour(colour)
        point = self.point(vertex)
        reason = self._illegal_reason(c, point)
        if reason is not None:
            raise IllegalMoveError(reason, f"{colour_name(c)} {vertex}")
        before = self.board.copy()
        captured = self.board.play(point, c)
        self._boards.append(before)
        self.moves.append(Move(colour_name(c), self.vertex(point)))
        if point != PASS:
            self._seen.add(self.board.hash)
        return captured

    def undo(self) -> None:
        """Take back the last move; ValueError if there is none."""
        if not self._boards:
            raise ValueError("no move to undo")
        move = self.moves.pop()
        if move.vertex != "pass":
            self._seen.discard(self.board.hash)
        self.board = self._boards.pop()

    def place_handicap(self, vertices: list[str]) -> None:
        """Put black handicap stones on an empty board (GTP set_free_handicap / fixed_handicap);
        White moves next. Raises ValueError and changes nothing on a bad list."""
        if self.moves or self.board.stones(BLACK) or self.board.stones(WHITE):
            raise ValueError("handicap stones go on an empty board")
        points = [self.point(v) for v in vertices]
        if len(points) < 2 or PASS in points or len(set(points)) != len(points):
            raise ValueError("a handicap needs at least two distinct vertices")
        if len(points) >= self.size * self.size:
            raise ValueError("too many handicap stones")
        board = self.board.copy()
        for point in points:
            board.put_stone(point, BLACK)
        board.to_move = WHITE
        self._start_from(board, handicap=len(points))

    def set_up(self, black=(), white=(), to_move: str | None = None, empty=()) -> None:
        """Set-up (SGF AB, AW, AE) on an empty board or in a game in progress: the `empty` points
        are cleared, then black and white stones put (over whatever stood there), without
        captures. to_move: the colour to move next (None: the one to move before).

        The result is a new position that the game starts from (start_hash): the simple ko is
        lifted, the passes and the last move are forgotten, the moves so far can no longer be
        undone (printsgf writes the set-up position and the moves after it), and the positional
        superko history restarts with this position alone, since the earlier positions belong to
        a different game as far as the rules can tell. Captures are kept, the handicap is not
        (load_game sets it again from a record's HA).

        Raises ValueError (IllegalMoveError for a vertex off the board) and changes nothing when
        a vertex is pass or appears twice, or a group is left without liberties."""
        edits: dict[int, int] = {}
        for colour, vertices in ((0, empty), (BLACK, black), (WHITE, white)):
            for vertex in vertices:
                point = self.point(vertex)
                if point == PASS or point in edits:
                    raise ValueError("set-up needs distinct board vertices")
                edits[point] = colour
        stones = {p: c for c in (BLACK, WHITE) for p in self.board.stones(c)}
        stones.update(edits)
        board = Board(self.size)
        for point, colour in stones.items():
            if colour:
                board.put_stone(point, colour)
        dead = board.groups_without_liberties()
        if dead:
            raise ValueError(f"set-up leaves groups without liberties at "
                             f"{[self.vertex(p) for p in dead]}")
        board.to_move = self.board.to_move if to_move is None else parse_colour(to_move)
        board.set_captures(*self.board.captures)
        self._start_from(board, handicap=0)

    def _start_from(self, board: Board, handicap: int) -> None:
        """The game starts again from board: no moves, a superko history of board alone."""
        self.board, self.moves, self._boards = board, [], []
        self._seen = {board.hash}
        self.start_hash = board.hash
        self.handicap = handicap

    def place_fixed_handicap(self, stones: int) -> list[str]:
        vertices = fixed_handicap_vertices(self.size, stones)
        self.place_handicap(vertices)
        return vertices

    def stones(self, colour: str) -> list[str]:
        """Vertices of colour's stones, in board order (A1, B1, ..., A2, ...)."""
        return [self.vertex(p) for p in self.board.stones(parse_colour(colour))]

    def colour_at(self, vertex: str) -> str | None:
        """'b', 'w' or None for an empty point."""
        point = self.point(vertex)
        if point == PASS:
            raise NotationError("pass is not a point")
        c = self.board.colour_at(point)
        return colour_name(c) if c else None

    @property
    def captures(self) -> dict[str, int]:
        black, white = self.board.captures
        return {"b": black, "w": white}

    @property
    def is_over(self) -> bool:
        """Two passes in a row end a game of Go; a side to move without a legal move, NoGo."""
        if self.kind == "nogo":
            return self.nogo_winner() is not None
        return self.board.passes >= 2

    @property
    def territory_scoring(self) -> bool:
        """Whether the game is counted by territory and prisoners (Japanese rules): the one
        question the search, the status, passing and the lost-game rules ask of `rules`."""
        return self.rules == "japanese"

    @property
    def scoring_komi(self) -> float:
        """What White is given in the count: komi, and under area rules a point for each
        handicap stone (GNU Go's --chinese-rules, KGS's Chinese rules, KataGo's "chinese":
        Black's stones would otherwise count twice, once placed and once as area). Territory
        rules give nothing for them."""
        return self.komi + (0 if self.territory_scoring else self.handicap)

    def score(self) -> float:
        """The score by the game's rules, Black positive, komi (and handicap) included, every
        stone on the board counted alive: area, or territory and prisoners."""
        if self.territory_scoring:
            return territory_score(self.board, self.komi)
        return self.board.area_score() - self.scoring_komi

    def result(self) -> str:
        """SGF-style result from score(): 'B+3.5', 'W+0.5' or '0' for a draw; in NoGo the
        winner without a score ('B+', 'W+'), or '' while both sides can move."""
        if self.kind == "nogo":
            winner = self.nogo_winner()
            return f"{winner.upper()}+" if winner else ""
        return score_text(self.score())

    def __str__(self) -> str:
        return board_drawing(self.board)

    @classmethod
    def from_ascii(cls, text: str, komi: float = 7.5, to_move: str = "b",
                   rules: str = "chinese") -> "Game":
        """Build a position from a drawing: rows top to bottom of 'X' (black), 'O' (white) and '.',
        optionally with str(game)'s coordinates around them. Raises ValueError for a drawing that is
        not square or has a group without liberties."""
        rows = drawing_rows(text)
        game = cls(len(rows), komi, rules)
        board = game.board
        for row_index, cells in enumerate(rows):
            for x, cell in enumerate(cells):
                if cell in "XxOo":
                    board.put_stone(board.point(x, len(rows) - 1 - row_index),
                                    BLACK if cell in "Xx" else WHITE)
        dead = board.groups_without_liberties()
        if dead:
            raise ValueError(f"groups without liberties at {[game.vertex(p) for p in dead]}")
        board.to_move = parse_colour(to_move)
        game._seen = {board.hash}
        game.start_hash = board.hash      # else the search takes it for the empty board's tree
        return game


def board_drawing(board: Board) -> str:
    """The board as rows of 'X', 'O' and '.', top row first, with coordinates around it (what
    Game.from_ascii reads back)."""
    letters = "   " + " ".join(COLUMNS[:board.size])
    rows = [letters]
    for y in reversed(range(board.size)):
        cells = " ".join(_SYMBOLS[board.colour_at(board.point(x, y))] for x in range(board.size))
        rows.append(f"{y + 1:2d} {cells} {y + 1}")
    rows.append(letters)
    return "\n".join(rows)


def drawing_rows(text: str) -> list[list[str]]:
    """The cells of a board drawing, top row first: 'X', 'O' and '.' rows, with or without
    str(game)'s coordinates around them and spaces between cells. Raises ValueError for a line
    that is no board row or a drawing that is not square."""
    rows = []
    for line in text.strip("\n").splitlines():
        cells = line.split()
        while cells and cells[0].isdigit():
            cells.pop(0)
        while cells and cells[-1].isdigit():
            cells.pop()
        if len(cells) == 1 and len(cells[0]) > 1:   # "XO.X" written without spaces
            cells = list(cells[0])
        if not cells:
            continue
        if [c.upper() for c in cells] == list(COLUMNS[:len(cells)]):
            continue  # the column letters of str(game)
        if all(c in ".XOxo+" for c in cells):
            rows.append(cells)
        else:
            raise ValueError(f"unreadable board line {line!r}")
    size = len(rows)
    if not (2 <= size <= 19) or any(len(r) != size for r in rows):
        raise ValueError(f"a board drawing must be square, 2x2 to 19x19; got {size} rows "
                         f"of lengths {sorted({len(r) for r in rows})}")
    return rows
