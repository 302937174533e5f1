"""Reading out a group that has no liberty outside a small space shut in by its own stones: the
end-of-game status's answer to the nakade that random playouts do not play.

A group whose every liberty lies in a small space, with the opponent's stones there sharing those
liberties, is killed by a sequence no random playout plays: the opponent fills the shared
liberties while it keeps two of its own, then throws in one more stone, and what the group
captures is a dead shape (a bulky five, a pyramid four) with the group out of liberties outside
it. Game 15 of the Japanese-rules check (`docs/results/score-japanese9.jsonl`) ended so: two
black stones inside a white group's six points of space, a ko for its only other liberty; the
playouts, which refuse the five-stone throw-in, called the group alive, and GNU Go and Pachi
dead. Such a space is small enough to read out exactly: the moves of its empty points and a pass,
the group's side to move first, until the group is captured or both sides pass.
"""
from __future__ import annotations

from mango.engine.board import PASS_POINT, Board

MAX_EMPTY = 8               # empty points in the space: past this the reading is not tried
MAX_NODES = 20_000          # positions read before giving up (no verdict)


class _Budget(Exception):
    """The reading took more than MAX_NODES positions."""


def neighbours(board: Board, p: int) -> list[int]:
    """The points beside p on the board."""
    w = board.width
    return [q for q in (p - w, p - 1, p + 1, p + w) if board.on_board(q)]


def _liberties(board: Board, stones: list[int]) -> set[int]:
    return {q for s in stones for q in neighbours(board, s) if board.colour_at(q) == 0}


def shut_in_space(board: Board, root: int, strong: set[int]) -> list[int] | None:
    """The points where the group at root can be killed or saved: its liberties, the groups of
    either colour that touch them (their stones and liberties, and so on), when every one of
    their liberties is inside too and every other enemy group around them is strong (stones of
    the strong groups' roots: nothing the group could capture from outside to escape). None
    when there is no such small space."""
    colour = board.colour_at(root)
    group = board.group_stones(root)
    space = set(_liberties(board, group))
    members = set(group)
    todo = list(space)
    while todo:
        p = todo.pop()
        for q in neighbours(board, p):
            if board.colour_at(q) == 0 or q in members:
                continue
            stones = board.group_stones(q)
            if stones[0] in strong:
                return None                 # a living group shares the space: no reading
            members.update(stones)
            for s in stones:
                space.add(s)
            for lib in _liberties(board, stones):
                if lib not in space:
                    space.add(lib)
                    todo.append(lib)
        if sum(board.colour_at(q) == 0 for q in space) > MAX_EMPTY:
            return None
    for s in members:
        for q in neighbours(board, s):
            if board.colour_at(q) == 3 - colour and q not in members \
                    and board.group_stones(q)[0] not in strong:
                return None                 # an enemy group the group could attack instead
    return sorted(space)


def dies_shut_in(board: Board, root: int, space: list[int]) -> bool | None:
    """Whether the opponent captures the group at root by moves in space even when the group's
    side moves first (passes allowed; a position that comes round again counts as the group's
    escape). None when the reading is too long."""
    colour = board.colour_at(root)
    known: dict[tuple, bool] = {}
    reading: set[tuple] = set()
    nodes = 0

    def attacker_wins(position: Board, to_move: int, passes: int) -> bool:
        nonlocal nodes
        if position.colour_at(root) != colour:
            return True
        if passes >= 2:
            return False
        key = (tuple(position.colour_at(p) for p in space), to_move, passes, position.ko_point)
        if key in known:
            return known[key]
        if key in reading:
            return False
        nodes += 1
        if nodes > MAX_NODES:
            raise _Budget
        reading.add(key)
        attacker = to_move != colour
        result = not attacker
        for p in [q for q in space if position.colour_at(q) == 0] + [PASS_POINT]:
            if p != PASS_POINT and position.illegal_reason(p, to_move) is not None:
                continue
            after = position.copy()
            after.play(p, to_move)
            wins = attacker_wins(after, 3 - to_move, passes + 1 if p == PASS_POINT else 0)
            if wins == attacker:
                result = attacker
                break
        reading.discard(key)
        known[key] = result
        return result

    try:
        return attacker_wins(board.copy(), colour, 0)
    except _Budget:
        return None
