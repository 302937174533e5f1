"""Validated, frozen configuration. Every technique from the papers has a switch here, so that it
can be ablated; each field says what it is, its unit, and where it comes from."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields

from engine.errors import ConfigError

__all__ = ["ConfigError", "PlayoutConfig"]


def _check_range(obj, name: str, low=None, high=None) -> None:
    value = getattr(obj, name)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"{name} must be a number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ConfigError(f"{name} must be in [{low}, {high}], got {value}")


def _check_bool(obj, name: str) -> None:
    if not isinstance(getattr(obj, name), bool):
        raise ConfigError(f"{name} must be true or false, got {getattr(obj, name)!r}")


@dataclass(frozen=True)
class PlayoutConfig:
    """The simulation policy (Mango section 2.3.3, MoGo's default policy, NoGo section 3.3).

    "Measured x/100 (games 0-99)": scripts/flat_mc_match.py --games 100 --size 9
    --playouts-per-move 50 with that setting on side A (flat MC with mango playouts against flat
    MC with light playouts, komi 7.5); those 100 games are deterministic, and the default wins 75.
    """

    policy: str = "mango"
    """"mango": moves drawn in proportion to urgency; "light": uniformly random legal moves."""

    patterns: bool = True
    """Add the learned 3x3 pattern value (1..2433) to each move's urgency; off: every pattern is 1."""

    pattern_exponent: float = 1.0
    """The pattern part of the urgency is 2433 * (value / 2433) ** pattern_exponent (rounded, at
    least 1): below 1 flattens the draw among patterns, above 1 sharpens it; 1 is Mango's.
    Measured: 0.5 69/100, 0.7 77/100, 1.5 70/100 (games 0-99, see above): no clear gain."""

    capture_weight: int = 50_000
    """Urgency per stone a move captures (Mango 2.3.3: 50,000). 10,000 measured 67/100 (games
    0-99, see above)."""

    hopeless_capture_percent: int = 100
    """Percent of capture_weight for capturing a group in atari that could not escape anyway:
    extending at its last liberty would leave it in atari, and it touches no group of the
    capturer's in atari (so it cannot capture its way out). 100 is Mango's: every capture alike.
    Not yet measured in the flat MC match."""

    save_weight: int = 5_000
    """Urgency per stone of an own group in atari that the move gives two or more liberties
    (Mango 2.3.3: 5,000). 1,000 measured 68/100 (games 0-99, see above)."""

    proximity_factor: int = 20
    """Multiplier of the urgency of moves within Manhattan distance 1 of the previous move
    (Mango 2.3.3: 20, after Gelly and Wang); 1 switches it off."""

    proximity_diagonal_factor: int = 1
    """Multiplier of the urgency of the 4 diagonal neighbours of the previous move (MoGo's
    patterns look at all 8 points around it); 1 switches it off. Off by default: 3 measured
    62/100 (games 0-99, see above)."""

    random_move_probability: float = 0.2
    """Chance of playing a light move instead of the urgency draw (uniformly random, legal, not
    filling an own true eye): more varied playouts (Gelly and Silver 3.5: a too deterministic
    policy is overconfident). 0 switches it off. In the flat MC match over games 0-399, 0.2 wins
    330/400 = 82.5% (95% CI 78.5-85.9%) where 0 wins 287/400 = 71.8% (67.1-75.9%); it was the
    only value tried (games 0-99: 83/100)."""

    avoid_self_atari: bool = False
    """Refuse moves that leave a group of several stones in atari (MoGo's playout refinement).
    Off by default: added alone to Mango's urgencies it measured 69% vs 75% without (flat MC
    against light playouts, 9x9, 100 games; within noise)."""

    local_answers: bool = False
    """Sequence-like play (Gelly and Wang): with probability local_probability, first choose among
    good answers in the 8 points around the previous move. Off by default: on top of Mango's x20
    proximity it measured 55% vs 75% without (flat MC against light playouts, 9x9, 100 games)."""

    local_probability: float = 0.5
    """Chance of trying a local answer before the global draw (0..1)."""

    local_min_value: int = 200
    """Pattern value from which a point next to the previous move counts as a good answer
    (a capture or save counts whatever its pattern)."""

    nakade: bool = False
    """Play the vital point of an opponent's three-point eye space next to the previous move.
    Off by default: 69% vs 75% without in the flat MC match (within noise)."""

    nakade_weight: int = 50_000
    """Urgency added to that vital point (as much as capturing a stone)."""

    answer_atari: bool = False
    """Anti-decisive move (NoGo 3.3, in Go terms): when the previous move put own stones in atari,
    play a move that saves them (extend to two liberties or capture an attacker) if one exists.
    Off by default: it runs out hopeless ladders; 54% vs 75% without in the flat MC match."""

    ladder_saves: bool = False
    """No save_weight for extending a group in atari when the extension has exactly two
    liberties and a cheap ladder reader (atari after atari, the defender extending) captures it:
    running out a dead ladder only loses more stones. Off by default: it measured 61/100
    (games 0-99, see above)."""

    ladder_atari_weight: int = 0
    """Urgency per stone for the atari that captures the opponent's group of the previous move in
    a ladder (that group having two liberties); 0 switches it off. Off by default: 10,000 with
    ladder_saves measured 49/100 (games 0-99, see above)."""

    nakade_self_atari: bool = False
    """With avoid_self_atari: still allow a self-atari of at most 4 stones that, with its one
    liberty, is enclosed by the opponent's stones and the edge (nakade: killing from inside an
    eye space needs such moves). Off by default: with avoid_self_atari and nakade it measured
    61/100 (games 0-99, see above)."""

    avoid_single_self_atari: bool = False
    """Refuse a lone stone's self-atari too, unless it puts an adjacent opponent group of two
    liberties in atari or is enclosed with its liberty by the opponent (nakade, eye-stealing
    throw-in): mango playouts make about 9 lone self-ataris per 9x9 game (this refuses about a
    fifth of them). Off by default: it measured 62/100 (games 0-99, see above)."""

    def __post_init__(self) -> None:
        if self.policy not in ("mango", "light"):
            raise ConfigError(f"policy must be 'mango' or 'light', got {self.policy!r}")
        for name in ("patterns", "avoid_self_atari", "local_answers", "nakade", "answer_atari",
                     "ladder_saves", "nakade_self_atari", "avoid_single_self_atari"):
            _check_bool(self, name)
        for name in ("capture_weight", "save_weight", "nakade_weight", "ladder_atari_weight"):
            _check_range(self, name, 0, 1_000_000)
        _check_range(self, "proximity_factor", 1, 1000)
        _check_range(self, "proximity_diagonal_factor", 1, 1000)
        _check_range(self, "local_probability", 0.0, 1.0)
        _check_range(self, "random_move_probability", 0.0, 1.0)
        _check_range(self, "pattern_exponent", 0.0, 4.0)
        _check_range(self, "hopeless_capture_percent", 0, 100)
        _check_range(self, "local_min_value", 1, 2433)
        for f in fields(self):
            if f.type == "int" and not isinstance(getattr(self, f.name), int):
                raise ConfigError(f"{f.name} must be an integer")

    def replace(self, **changes) -> "PlayoutConfig":
        """A copy with some fields changed; unknown names raise ConfigError."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise ConfigError(f"unknown playout setting(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)
