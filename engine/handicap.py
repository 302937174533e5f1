"""Fixed handicap placement as the GTP v2 specification (section 4.1.1) lays it out."""
from __future__ import annotations

from mango.engine.vertex import format_vertex, parse_vertex


def max_fixed_handicap(size: int) -> int:
    """9 on odd boards from 9x9 up, 4 on 7x7 and on even boards from 8x8 up, none below 7x7."""
    if size < 7:
        return 0
    if size % 2 == 1 and size >= 9:
        return 9
    return 4


def fixed_handicap_vertices(size: int, stones: int) -> list[str]:
    """The vertices of a fixed handicap of `stones` stones, in the spec's order.

    Corner points sit on the 4th line from 13x13 up and on the 3rd line below; 5 and 7 stones add
    the centre, 6 and more add the side points. Raises ValueError for an impossible handicap.
    """
    limit = max_fixed_handicap(size)
    if not 2 <= stones <= limit:
        raise ValueError(
            f"invalid handicap {stones} on {size}x{size}: "
            + (f"must be 2..{limit}" if limit else "no fixed handicap below 7x7")
        )
    edge = 3 if size >= 13 else 2
    low, mid, high = edge, size // 2, size - 1 - edge
    points = [(low, low), (high, high), (low, high), (high, low)]  # D4 Q16 D16 Q4 on 19x19
    if stones >= 6:
        points += [(low, mid), (high, mid)]  # D10 Q10
    if stones >= 8:
        points += [(mid, low), (mid, high)]  # K4 K16
    if stones % 2 == 1 and stones >= 5:
        points.append((mid, mid))  # K10
    return [format_vertex(p) for p in points[:stones]]


def free_handicap_vertices(size: int, stones: int) -> list[str]:
    """GTP place_free_handicap: the fixed points as far as they go, then points of the 3rd and
    4th lines and the centre area, spread out: a classical engine has nothing better to put
    there. ValueError when the stones do not fit."""
    from mango.engine.board import Board

    if not 1 <= stones < size * size:
        raise ValueError(f"{stones} handicap stones do not fit on {size}x{size}")
    vertices = fixed_handicap_vertices(size, min(stones, max_fixed_handicap(size))) \
        if max_fixed_handicap(size) >= 2 else []
    if len(vertices) < stones:
        board = Board(size)
        taken = {board.point(*parse_vertex(v, size)) for v in vertices}
        centre = (size - 1) / 2
        candidates = sorted((p for p in board.empty_points() if p not in taken),
                            key=lambda p: abs(max(abs(board.xy(p)[0] - centre),
                                                  abs(board.xy(p)[1] - centre))
                                              - (centre - min(3, size // 4))))
        vertices += [format_vertex(board.xy(p)) for p in candidates[: stones - len(vertices)]]
    return vertices[:stones]

