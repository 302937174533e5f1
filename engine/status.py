"""Dead stones and the score at the end of a game: the status a referee would accept.

final_status(game) -> {point: "alive" | "dead" | "seki"} for every stone, decided per group:

1. Unconditional life (Benson's algorithm): chains of a colour that cannot be captured even if
   their owner passes forever are alive, and stones of the other colour inside their small
   enclosed regions (every empty point a liberty of the enclosing chain) are dead.
2. Seki: groups of both colours whose liberties are each either an eye (every neighbour of the
   group's colour) or a shared point that neither side can fill without putting itself in atari
   (at most one eye, at least one such shared point), with every opposing group across those
   shared points in the same state, are seki.
3. Atari: a group in atari that can neither extend to two liberties nor capture a neighbour,
   and whose capture is neither a ko nor a snapback, is dead.
4. Everything else is settled by playouts from the final position to the end of the game, half
   with each colour to move first (the same C playouts as the search, not biased by a tree):
   a group whose stones end the opponent's in most of them is dead. An unclear group (its stones
   survive in 30-50% of the playouts) is only called dead when it is short of liberties: the
   verdict leans to alive, since calling a living group dead is the costly mistake.

final_score(game, status) -> the area score with the dead stones removed (their points go to
whoever surrounds them), Black positive, komi included.
"""
from __future__ import annotations

from mango.engine.board import Board
from mango.engine.config import PlayoutConfig
from mango.engine.playout import run_ownership
from mango.engine.vertex import BLACK, WHITE

DEFAULT_PLAYOUTS = 4000
DEAD_BELOW = 0.3           # a group surviving fewer playouts than this is dead
UNCLEAR_BELOW = 0.5        # ... and below this too, when it has at most two liberties


class _Position:
    """The groups of a board with their stones, liberties and neighbours."""

    def __init__(self, board: Board):
        self.board = board
        size, width = board.size, board.width
        self.points = [board.point(x, y) for y in range(size) for x in range(size)]
        self.width = width
        self.group_of: dict[int, int] = {}
        self.stones: dict[int, list[int]] = {}
        for colour in (BLACK, WHITE):
            for p in board.stones(colour):
                if p in self.group_of:
                    continue
                stones = board.group_stones(p)
                root = stones[0]
                self.stones[root] = stones
                for s in stones:
                    self.group_of[s] = root
        self.colour = {g: board.colour_at(g) for g in self.stones}
        self.libs: dict[int, set[int]] = {}
        for g, stones in self.stones.items():
            self.libs[g] = {q for s in stones for q in self.neighbours(s) if board.colour_at(q) == 0}

    def neighbours(self, p: int) -> list[int]:
        return [q for q in (p - self.width, p - 1, p + 1, p + self.width) if self.board.on_board(q)]

    def groups(self, colour: int) -> list[int]:
        return [g for g, c in self.colour.items() if c == colour]


def _benson(pos: _Position, colour: int) -> tuple[set[int], set[int]]:
    """Benson's unconditionally alive chains of colour, and the points of their vital regions."""
    board = pos.board
    # Regions: maximal connected sets of points without a stone of colour.
    region_of: dict[int, int] = {}
    regions: list[list[int]] = []
    for p in pos.points:
        if board.colour_at(p) == colour or p in region_of:
            continue
        index = len(regions)
        region = [p]
        region_of[p] = index
        for q in region:
            for r in pos.neighbours(q):
                if board.colour_at(r) != colour and r not in region_of:
                    region_of[r] = index
                    region.append(r)
        regions.append(region)
    bordering = [{pos.group_of[r] for q in region for r in pos.neighbours(q)
                  if board.colour_at(r) == colour} for region in regions]
    empties = [[q for q in region if board.colour_at(q) == 0] for region in regions]
    chains = set(pos.groups(colour))
    live_regions = set(range(len(regions)))
    while True:
        live_regions = {i for i in live_regions if bordering[i] <= chains}
        vital = {g: 0 for g in chains}
        for i in live_regions:
            for g in bordering[i]:
                if empties[i] and all(q in pos.libs[g] for q in empties[i]):
                    vital[g] += 1
        kept = {g for g in chains if vital[g] >= 2}
        if kept == chains:
            break
        chains = kept
    live_regions = {i for i in live_regions if bordering[i] and bordering[i] <= chains}
    small = {q for i in live_regions for q in regions[i]
             if all(e in set().union(*(pos.libs[g] for g in bordering[i])) for e in empties[i])}
    return chains, small


def _libs_after(board: Board, p: int, colour: int) -> int | None:
    """Liberties of colour's group after it plays p, 0 when the move is illegal; None when the
    move captures something."""
    if board.illegal_reason(p, colour) is not None:
        return 0
    after = board.copy()
    if after.play(p, colour):
        return None
    return after.liberties(p)


def _seki(pos: _Position, alive: set[int]) -> set[int]:
    board = pos.board
    candidates: dict[int, set[int]] = {}          # group -> opposing groups across shared points
    for g, libs in pos.libs.items():
        colour = pos.colour[g]
        if g in alive or len(libs) < 2:
            continue
        eyes, shared, across, ok = 0, 0, set(), True
        for p in libs:
            around = [board.colour_at(q) for q in pos.neighbours(p)]
            if all(c == colour for c in around):
                eyes += 1
                continue
            mine, theirs = _libs_after(board, p, colour), _libs_after(board, p, 3 - colour)
            if mine is None or theirs is None or mine > 1 or theirs > 1:
                ok = False
                break
            shared += 1
            across |= {pos.group_of[q] for q in pos.neighbours(p) if board.colour_at(q) == 3 - colour}
        if ok and shared and eyes <= 1:
            candidates[g] = across
    while True:
        kept = {g: across for g, across in candidates.items() if across and across <= candidates.keys()}
        if kept.keys() == candidates.keys():
            return set(kept)
        candidates = kept


def _dead_in_atari(pos: _Position, g: int) -> bool:
    """g is in atari, cannot escape or capture its way out, and its capture is plain."""
    board = pos.board
    libs = pos.libs[g]
    if len(libs) != 1:
        return False
    colour = pos.colour[g]
    (lib,) = libs
    for s in pos.stones[g]:
        for q in pos.neighbours(s):
            h = pos.group_of.get(q)
            if h is not None and pos.colour[h] != colour and len(pos.libs[h]) == 1:
                return False                        # it can capture a neighbour
    extended = _libs_after(board, lib, colour)
    if extended is None or extended >= 2:
        return False
    if board.illegal_reason(lib, 3 - colour) is not None:
        return False
    after = board.copy()
    after.play(lib, 3 - colour)
    return not after.in_atari(lib)                  # else ko or snapback: leave it to playouts


def _has_eye(pos: _Position, g: int) -> bool:
    """g has a liberty whose every neighbour is a stone of g."""
    return any(all(pos.group_of.get(q) == g for q in pos.neighbours(p)) for p in pos.libs[g])


def final_status(game, *, playouts: int = DEFAULT_PLAYOUTS, seed: int = 1,
                 config: PlayoutConfig | None = None) -> dict[int, str]:
    """'alive', 'dead' or 'seki' for every stone of the game's position (see the module doc)."""
    board = game.board
    pos = _Position(board)
    if not pos.stones:
        return {}
    verdict: dict[int, str] = {}
    for colour in (BLACK, WHITE):
        chains, small = _benson(pos, colour)
        for g in chains:
            verdict[g] = "alive"
        for p in small:
            if board.colour_at(p) == 3 - colour:
                verdict.setdefault(pos.group_of[p], "dead")
    for g in _seki(pos, {g for g, v in verdict.items() if v == "alive"}):
        verdict.setdefault(g, "seki")
    for g in pos.stones:
        if g not in verdict and _dead_in_atari(pos, g):
            verdict[g] = "dead"
    undecided = [g for g in pos.stones if g not in verdict]
    if undecided and playouts > 0:
        black, white = run_ownership(board, playouts, seed, config=config or PlayoutConfig())
        counts = {BLACK: black, WHITE: white}
        for g in undecided:
            stones = pos.stones[g]
            mine = counts[pos.colour[g]]
            survival = sum(mine[s] for s in stones) / (len(stones) * playouts)
            if survival < DEAD_BELOW or (survival < UNCLEAR_BELOW and not _has_eye(pos, g)):
                verdict[g] = "dead"
            else:
                verdict[g] = "alive"
    for g in undecided:
        verdict.setdefault(g, "alive")
    return {s: verdict[g] for g, stones in pos.stones.items() for s in stones}


def final_score(game, status: dict[int, str]) -> float:
    """Area score (Black positive, komi included) with the stones status calls dead removed:
    stones and the empty regions that only one colour borders count for that colour."""
    board = game.board
    scored = Board(board.size)
    for colour in (BLACK, WHITE):
        for p in board.stones(colour):
            if status.get(p, "alive") != "dead":
                scored.put_stone(p, colour)
    return scored.area_score() - game.komi
