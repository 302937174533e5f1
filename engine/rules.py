"""Scoring rules: area (Chinese) and territory (Japanese).

Area scoring counts each side's stones and the empty points only it surrounds; territory scoring
counts the surrounded empty points and the prisoners (stones captured in the game and dead
stones taken off at the end), and nothing for points inside a seki. Both are the same count
shifted by the stones each side has put on the board (Aja Huang's relation, which Pachi scores
its playouts by): area difference - territory difference = stones Black placed - stones White
placed, seki aside. So the search keeps area scoring in its playouts and charges each side one
point per stone placed before the position it scores (stone_balance), and a move that fills
one's own territory, or a stone thrown away in the opponent's, costs what it costs on KGS.
"""
from __future__ import annotations

from mango.engine.board import Board
from mango.engine.vertex import BLACK, WHITE

ENDGAME_OPEN = 10               # open points (open_points) below which a territory endgame has begun
OWNERSHIP_PLAYOUTS = 200        # playouts of the quick ownership estimate (a few ms on 19x19)
SETTLED = 0.8                   # a stone its opponent ends with in this share of them is dead

RULES = ("chinese", "japanese")         # the names KGS's kgs-rules and KataGo's kata-set_rules use
TERRITORY_RULES = ("japanese", "korean")
AREA_RULES = ("chinese", "tromp-taylor", "tromp_taylor", "aga", "new_zealand", "nz", "area",
              "simplified_ing", "stone_scoring")


def rules_named(name: str) -> str:
    """A rule set's name as KGS or KataGo spell it, as one of RULES; ValueError if unknown."""
    key = name.strip().lower()
    if key in AREA_RULES:
        return "chinese"
    if key in TERRITORY_RULES or key == "territory":
        return "japanese"
    raise ValueError(f"unknown rules {name!r}: area ({', '.join(AREA_RULES[:5])}) or territory "
                     f"({', '.join(TERRITORY_RULES)})")


def _regions(board: Board):
    """Each maximal connected set of empty points, with the colours of the stones around it."""
    size = board.size
    seen: set[int] = set()
    for y in range(size):
        for x in range(size):
            start = board.point(x, y)
            if start in seen or board.colour_at(start) != 0:
                continue
            region, around, todo = [start], set(), [start]
            seen.add(start)
            while todo:
                p = todo.pop()
                for q in (p - board.width, p - 1, p + 1, p + board.width):
                    if not board.on_board(q):
                        continue
                    if board.colour_at(q) == 0:
                        if q not in seen:
                            seen.add(q)
                            region.append(q)
                            todo.append(q)
                    else:
                        around.add(q)
            yield region, around


def territory(board: Board, seki: frozenset[int] = frozenset()) -> tuple[int, int]:
    """Black's and White's territory: the empty points of regions bordered by one colour only,
    none where a bordering stone is in seki."""
    counts = {BLACK: 0, WHITE: 0}
    for region, around in _regions(board):
        colours = {board.colour_at(q) for q in around}
        if len(colours) == 1 and not around & seki:
            counts[colours.pop()] += len(region)
    return counts[BLACK], counts[WHITE]


def territory_score(board: Board, komi: float, dead: frozenset[int] = frozenset(),
                    seki: frozenset[int] = frozenset()) -> float:
    """Territory plus prisoners (the board's captures and the dead stones), Black positive, komi
    included: the count of Japanese rules once the dead stones are agreed."""
    scored = Board(board.size)
    prisoners = dict(zip((BLACK, WHITE), board.captures))      # stones each colour captured
    for colour in (BLACK, WHITE):
        for p in board.stones(colour):
            if p in dead:
                prisoners[3 - colour] += 1
            else:
                scored.put_stone(p, colour)
    black, white = territory(scored, seki)
    return black + prisoners[BLACK] - white - prisoners[WHITE] - komi


def stone_balance(game) -> int:
    """Stones Black has put on the board minus White's (setup and handicap stones included,
    captured ones too): what area and territory scoring differ by."""
    start = game.initial_board()
    balance = len(start.stones(BLACK)) - len(start.stones(WHITE))
    for move in game.moves:
        if move.vertex != "pass":
            balance += 1 if move.colour == "b" else -1
    return balance


def open_points(board: Board, seed: int = 1) -> int:
    """Empty points not yet anyone's territory: with the stones that OWNERSHIP_PLAYOUTS
    playouts (both colours first) give to the opponent SETTLED of the time taken off as dead,
    the empty points of regions that border both colours or none. Few of them: the territories
    are closed and a territory endgame has begun (Pachi counts the dame the same way, from its
    own ownership map, before a search). While one colour has no living stone nothing is
    closed: the board is all open (a lone stone would otherwise own the whole board, and the
    second move of a game, or White's first in a handicap game, look like a territory endgame)."""
    from mango.engine.playout import run_ownership
    black, white = run_ownership(board, OWNERSHIP_PLAYOUTS, seed)
    limit = SETTLED * OWNERSHIP_PLAYOUTS
    owner = {BLACK: white, WHITE: black}       # a stone is dead when its opponent owns its point
    alive = Board(board.size)
    for colour in (BLACK, WHITE):
        for p in board.stones(colour):
            if owner[colour][p] < limit:
                alive.put_stone(p, colour)
    if not alive.stones(BLACK) or not alive.stones(WHITE):
        return len(board.empty_points())
    return sum(len(region) for region, around in _regions(alive)
               if len({alive.colour_at(q) for q in around}) != 1)
