"""A slow, obviously correct Go board: the oracle the Cython board is compared against.

Everything is recomputed from the grid by flood fill; nothing is incremental. Coordinates are
(x, y) with y = 0 the bottom row, colours 1 (black) and 2 (white), 0 empty.
"""
from __future__ import annotations

EMPTY, BLACK, WHITE = 0, 1, 2


def other(colour: int) -> int:
    return 3 - colour


class ReferenceBoard:
    def __init__(self, size: int):
        self.size = size
        self.grid = {(x, y): EMPTY for x in range(size) for y in range(size)}
        self.ko: tuple[tuple[int, int], int] | None = None   # (point, colour barred from it)
        self.captures = {BLACK: 0, WHITE: 0}

    def copy(self) -> "ReferenceBoard":
        new = ReferenceBoard.__new__(ReferenceBoard)
        new.size, new.grid, new.ko, new.captures = self.size, dict(self.grid), self.ko, dict(self.captures)
        return new

    def neighbours(self, p):
        x, y = p
        return [q for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if q in self.grid]

    def flood(self, p) -> tuple[set, set]:
        """(the connected points of p's colour through p, the points bordering them)."""
        colour = self.grid[p]
        region, border, todo = {p}, set(), [p]
        while todo:
            for q in self.neighbours(todo.pop()):
                if self.grid[q] == colour:
                    if q not in region:
                        region.add(q)
                        todo.append(q)
                else:
                    border.add(q)
        return region, border

    def chain(self, p) -> tuple[set, set]:
        """(stones, liberties) of the chain through p."""
        stones, border = self.flood(p)
        return stones, {q for q in border if self.grid[q] == EMPTY}

    def illegal_reason(self, p, colour) -> str | None:
        if self.grid[p] != EMPTY:
            return "occupied"
        if self.ko == (p, colour):
            return "ko"
        trial = self.copy()
        trial._place(p, colour)
        if not trial.chain(p)[1]:
            return "suicide"
        return None

    def _place(self, p, colour) -> list:
        """Put the stone, remove opposing chains left without liberties; returns captured stones."""
        self.grid[p] = colour
        captured = []
        for q in self.neighbours(p):
            if self.grid[q] == other(colour):
                stones, liberties = self.chain(q)
                if not liberties:
                    for s in stones:
                        self.grid[s] = EMPTY
                    captured.extend(stones)
        return captured

    def play(self, p, colour) -> int:
        """p is a point or None for pass. Raises ValueError with the reason when illegal."""
        if p is None:
            self.ko = None
            return 0
        reason = self.illegal_reason(p, colour)
        if reason:
            raise ValueError(reason)
        captured = self._place(p, colour)
        self.captures[colour] += len(captured)
        self.ko = None
        stones, liberties = self.chain(p)
        # Simple ko: a lone stone that took a lone stone and now hangs by that point alone.
        if len(captured) == 1 and len(stones) == 1 and liberties == {captured[0]}:
            self.ko = (captured[0], other(colour))
        return len(captured)

    def stones(self, colour) -> set:
        return {p for p, c in self.grid.items() if c == colour}

    def area(self) -> tuple[int, int]:
        """(black, white): stones plus empty regions reaching only that colour."""
        counts = {BLACK: len(self.stones(BLACK)), WHITE: len(self.stones(WHITE))}
        seen = set()
        for p, c in self.grid.items():
            if c != EMPTY or p in seen:
                continue
            region, border = self.flood(p)
            seen |= region
            colours = {self.grid[q] for q in border}
            if len(colours) == 1:
                counts[colours.pop()] += len(region)
        return counts[BLACK], counts[WHITE]

    def is_true_eye(self, p, colour) -> bool:
        if self.grid[p] != EMPTY or any(self.grid[q] != colour for q in self.neighbours(p)):
            return False
        x, y = p
        diagonals = [(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1)]
        on_board = [q for q in diagonals if q in self.grid]
        bad = sum(self.grid[q] == other(colour) for q in on_board)
        return bad + (len(on_board) < 4) < 2

    def position(self) -> tuple:
        return tuple(sorted(self.grid.items()))


class ReferenceGame:
    """Reference board plus positional superko over full positions (not hashes)."""

    def __init__(self, size: int):
        self.board = ReferenceBoard(size)
        self.seen = {self.board.position()}

    def illegal_reason(self, p, colour) -> str | None:
        if p is None:
            return None
        reason = self.board.illegal_reason(p, colour)
        if reason:
            return reason
        trial = self.board.copy()
        trial.play(p, colour)
        if trial.position() in self.seen:
            return "superko"
        return None

    def play(self, p, colour) -> int:
        reason = self.illegal_reason(p, colour)
        if reason:
            raise ValueError(reason)
        captured = self.board.play(p, colour)
        if p is not None:
            self.seen.add(self.board.position())
        return captured
