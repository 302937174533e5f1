"""What a search reports: plain, frozen values, so that GTP, analysis and tests read them without
reaching into the C tree."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChildStats:
    """One root child, for move choice, analysis output and tests."""
    point: int
    visits: int
    value: float | None         # MC win rate of the mover (None before a visit)
    amaf_visits: int
    amaf_value: float | None
    prior_visits: float
    prior_value: float | None
    heuristic: float            # Mango's H, 1 for the best child
    policy: float               # the playout policy's probability of the move
    banned: bool                # breaks positional superko at the root
    order: int                  # position in the H order (progressive unpruning)
    # the playouts' final score margin (area score minus komi) from the mover's view, over the
    # simulations through this root child since the position was set (None before any, and for
    # children below the root)
    score_mean: float | None = None
    score_stdev: float | None = None


@dataclass(frozen=True)
class SearchResult:
    """What a search did: its move (a point, PASS_POINT, or None for resignation) and figures."""
    move: int | None
    value: float | None
    playouts: int
    seconds: float
    root_visits: int
    nodes: int                  # nodes in the tree's pool after the search
    reused: bool
    nodes_recycled: int = 0     # live nodes the search's prunes of a full pool dropped

    @property
    def resign(self) -> bool:
        return self.move is None
