"""Validated, frozen configuration. Every technique from the papers has a switch here, so that it
can be ablated; each field says what it is, its unit, and where it comes from."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields

from mango.engine.errors import ConfigError

__all__ = ["ConfigError", "EngineConfig", "PlayoutConfig", "PriorConfig", "SearchConfig", "TimeConfig"]


def _check_range(obj, name: str, low=None, high=None) -> None:
    value = getattr(obj, name)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"{name} must be a number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ConfigError(f"{name} must be in [{low}, {high}], got {value}")


def _replace(self, **changes):
    """A copy with some fields changed; unknown names raise ConfigError."""
    unknown = set(changes) - {f.name for f in fields(self)}
    if unknown:
        raise ConfigError(f"unknown {type(self).__name__} setting(s): {', '.join(sorted(unknown))}")
    return dataclasses.replace(self, **changes)


def _check_integers(obj) -> None:
    for f in fields(obj):
        if f.type == "int" and (isinstance(getattr(obj, f.name), bool)
                                or not isinstance(getattr(obj, f.name), int)):
            raise ConfigError(f"{f.name} must be an integer, got {getattr(obj, f.name)!r}")


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
        _check_integers(self)

    replace = _replace


FINAL_MOVES = ("robust", "max", "robust-max", "secure")
RAVE_SCHEDULES = ("hand", "mse")


@dataclass(frozen=True)
class SearchConfig:
    """The tree search: Mango's progressive strategies (Chaslot et al. sections 2-3), MoGo's
    MC-RAVE (Gelly and Silver section 4), NoGo's slow node creation (section 3.2)."""

    playouts: int = 10_000
    """Playouts per move (0: no playout limit, time_s must then be set)."""

    threads: int = 1
    """Search threads sharing one tree (tree parallelism with virtual loss). With 1 thread and a
    fixed seed the search is deterministic."""

    uct_c: float = 0.7
    """UCT exploration constant C in v + C sqrt(ln n_p / n_i) (Mango formula 2.1: 0.7). MoGo
    found C = 0 best once RAVE is on; 0 switches exploration off."""

    expand_threshold: int = 30
    """T: below T visits a node's move is chosen by the playout policy and its children are added
    one per simulation; at T all children are created, their heuristic H computed once, and the
    selection formula takes over (Mango 2.3.1 and 3.4: T = 30). 0: every node is fully expanded
    when it is created (MoGo)."""

    create_after: int = 1
    """z: a tree node only grows children after its edge has been visited z times (slow node
    creation, NoGo 3.2). 1: one new node per simulation."""

    first_play_urgency: float = 100.0
    """M: the score of a child never visited and without prior or AMAF statistics, so that all are
    tried once, in order of H (Mango property 1: M = 100)."""

    progressive_bias: bool = True
    """Add bias_weight * H_i / (n_i + 1) to the selection score (Mango formula 3.2)."""

    bias_weight: float = 1.0
    """Scale of progressive bias. H is normalised so that a node's best child has H = 1 (Mango's
    raw H mixes urgencies of 1..50,000s with win rates in 0..1), so this is the bonus, in win rate,
    of the best-looking child before its first visit."""

    progressive_unpruning: bool = True
    """Only the k_init children with the highest H are selectable at T; more are unpruned as the
    node's visits grow (Mango 3.2)."""

    unprune_k_init: int = 5
    """k_init: children selectable when a node reaches T (Mango: 5)."""

    unprune_a: float = 50.0
    """A: the k-th child beyond k_init is unpruned when the node's visits exceed A * B^(k - k_init)
    (Mango: A = 50)."""

    unprune_b: float = 1.3
    """B of the unpruning schedule (Mango: 1.3)."""

    heuristic_moves: int = 3
    """How many of the last moves the proximity factor of H sums over:
    H_i = (C_i + P_i) * sum_k 1 / (2 d_k,i)^(1.25 + k / 2) (Mango formula 3.3)."""

    rave: bool = True
    """Blend the AMAF value into the selection value (MC-RAVE, MoGo 4.3-4.6)."""

    rave_schedule: str = "hand"
    """"hand": beta = sqrt(k / (3 n_p + k)) (MoGo 4.5); "mse": the minimum-MSE schedule
    beta = n~ / (n + n~ + 4 n n~ b^2) (MoGo 4.6)."""

    rave_k: float = 1000.0
    """k, the equivalence parameter of the hand-selected schedule (MoGo: 1000 or more)."""

    rave_bias: float = 0.1
    """b, the AMAF bias constant of the minimum-MSE schedule."""

    final_move: str = "robust"
    """How the move is chosen from the root's children (Mango 2.4): "robust" (most visits),
    "max" (best value), "robust-max" (search on, up to robust_max_extra more playouts, until the
    most visited is also the best valued), "secure" (best lower bound v - A / sqrt(n))."""

    secure_a: float = 4.0
    """A of the secure child's lower bound (Mango 2.4: 4)."""

    robust_max_extra: float = 0.5
    """robust-max searches at most this fraction of the playout budget more."""

    early_stop: bool = True
    """Stop a search once the second most visited root child cannot catch the first in the
    playouts that are left."""

    reuse_tree: bool = True
    """Keep the subtree of the moves played since the last search."""

    max_nodes: int = 20_000_000
    """Memory bound: at most this many tree nodes (64 bytes each: 20,000,000 is 1.28 GB, reserved
    but only touched as used); when the pool is full the search goes on without creating nodes."""

    resign: bool = True
    """Resign when the root's win rate is below resign_threshold after resign_min_playouts."""

    resign_threshold: float = 0.1
    """Win rate below which Mango resigns."""

    resign_min_playouts: int = 2_000
    """Root visits needed before resigning; never resign on less evidence."""

    resign_after_moves: float = 0.25
    """No resignation before this many moves, as a fraction of the board's points (the opening)."""

    pass_only_when_not_losing: bool = True
    """Pass only when the game would not be lost counting the stones as they stand (area scoring,
    no dead-stone removal: CGOS's rule); otherwise play on."""

    virtual_loss: int = 1
    """Losses a thread adds to the edges it descends, so that threads spread out; removed at backup."""

    def __post_init__(self) -> None:
        _check_integers(self)
        for name in ("progressive_bias", "progressive_unpruning", "rave", "early_stop", "reuse_tree",
                     "resign", "pass_only_when_not_losing"):
            _check_bool(self, name)
        if self.rave_schedule not in RAVE_SCHEDULES:
            raise ConfigError(f"rave_schedule must be one of {', '.join(RAVE_SCHEDULES)}, got {self.rave_schedule!r}")
        if self.final_move not in FINAL_MOVES:
            raise ConfigError(f"final_move must be one of {', '.join(FINAL_MOVES)}, got {self.final_move!r}")
        _check_range(self, "playouts", 0, 100_000_000)
        _check_range(self, "threads", 1, 64)
        _check_range(self, "uct_c", 0.0, 100.0)
        _check_range(self, "expand_threshold", 0, 100_000)
        _check_range(self, "create_after", 1, 100_000)
        _check_range(self, "first_play_urgency", 0.0, 1e9)
        _check_range(self, "bias_weight", 0.0, 1e6)
        _check_range(self, "unprune_k_init", 1, 400)
        _check_range(self, "unprune_a", 0.0, 1e9)
        _check_range(self, "unprune_b", 1.0001, 100.0)
        _check_range(self, "heuristic_moves", 0, 8)
        _check_range(self, "rave_k", 0.0, 1e9)
        _check_range(self, "rave_bias", 0.0, 10.0)
        _check_range(self, "secure_a", 0.0, 1e6)
        _check_range(self, "robust_max_extra", 0.0, 10.0)
        _check_range(self, "max_nodes", 1_000, 1_000_000_000)
        _check_range(self, "resign_threshold", 0.0, 1.0)
        _check_range(self, "resign_min_playouts", 0, 100_000_000)
        _check_range(self, "resign_after_moves", 0.0, 10.0)
        _check_range(self, "virtual_loss", 0, 1000)

    replace = _replace


@dataclass(frozen=True)
class PriorConfig:
    """Heuristic priors as equivalent experience (MoGo section 5): a new child's MC and AMAF
    statistics start at value q with count n, summed over the sources switched on."""

    even: bool = True
    """Even-game prior: value 0.5 (MoGo 5, heuristic 1)."""

    even_count: float = 10.0
    """Equivalent playouts of the even-game prior."""

    grandfather: bool = False
    """Grandfather prior: the value of the same move two plies up, when it has been tried there
    (MoGo 5, heuristic 2)."""

    grandfather_count: float = 10.0
    """Equivalent playouts of the grandfather prior (scaled down when the grandfather's own
    visits are fewer)."""

    pattern: bool = True
    """Pattern/capture prior from the playout policy's knowledge (MoGo 5, heuristic 3): moves that
    capture or save stones, or whose 3x3 value is at least good_pattern, count as won; moves whose
    3x3 value is at most bad_pattern, or that put several own stones in atari, as lost."""

    pattern_count: float = 20.0
    """Equivalent playouts of the pattern prior."""

    good_pattern: int = 1000
    """3x3 pattern value (1..2433) from which a move's prior is a win."""

    bad_pattern: int = 5
    """3x3 pattern value at or below which a move's prior is a loss."""

    puct: bool = False
    """AlphaGo-style prior term c * P_i / (1 + n_i), P_i the playout policy's probability of the
    move (the introductory article's PUCT selection)."""

    puct_c: float = 1.0
    """c of the prior term."""

    def __post_init__(self) -> None:
        _check_integers(self)
        for name in ("even", "grandfather", "pattern", "puct"):
            _check_bool(self, name)
        for name in ("even_count", "grandfather_count", "pattern_count"):
            _check_range(self, name, 0.0, 1e6)
        _check_range(self, "good_pattern", 1, 2433)
        _check_range(self, "bad_pattern", 0, 2433)
        _check_range(self, "puct_c", 0.0, 1e6)

    replace = _replace


@dataclass(frozen=True)
class TimeConfig:
    """Thinking time. With no clock from the controller, a move takes the playout limit and/or
    time_s, whichever ends first."""

    time_s: float = 0.0
    """Seconds per move when no time control is set (0: no time limit, playouts only)."""

    lag_s: float = 1.0
    """Seconds kept in hand per move for network and controller lag."""

    ponder: bool = False
    """Think on the opponent's time: after a genmove, search the position until the next command
    arrives (the tree is reused when the opponent plays a move it explored)."""

    ponder_max_playouts: int = 1_000_000
    """Pondering stops after this many root visits (and whenever the node budget is full)."""

    def __post_init__(self) -> None:
        _check_integers(self)
        _check_bool(self, "ponder")
        _check_range(self, "time_s", 0.0, 1e6)
        _check_range(self, "lag_s", 0.0, 3600.0)
        _check_range(self, "ponder_max_playouts", 0, 1_000_000_000)

    replace = _replace


_SECTIONS = ("search", "playout", "prior", "time")


@dataclass(frozen=True)
class EngineConfig:
    """Everything Mango's engine is told: built once (CLI options, a TOML file, -o key=value) and
    handed down; replaced, never mutated, between searches."""

    search: SearchConfig = dataclasses.field(default_factory=SearchConfig)
    playout: PlayoutConfig = dataclasses.field(default_factory=PlayoutConfig)
    prior: PriorConfig = dataclasses.field(default_factory=PriorConfig)
    time: TimeConfig = dataclasses.field(default_factory=TimeConfig)
    seed: int = 1
    """Random seed of the search (same seed, one thread: same moves)."""

    def __post_init__(self) -> None:
        for name, kind in (("search", SearchConfig), ("playout", PlayoutConfig),
                           ("prior", PriorConfig), ("time", TimeConfig)):
            if not isinstance(getattr(self, name), kind):
                raise ConfigError(f"{name} must be a {kind.__name__}")
        _check_integers(self)
        _check_range(self, "seed", 0, 2**64 - 1)

    @staticmethod
    def _section_of(key: str) -> tuple[str | None, str]:
        """'search.uct_c' or plain 'uct_c' (field names are unique across sections)."""
        if key == "seed":
            return None, key
        if "." in key:
            section, name = key.split(".", 1)
            if section not in _SECTIONS:
                raise ConfigError(f"unknown config section {section!r}")
            if name not in {f.name for f in fields(SECTION_TYPES[section])}:
                raise ConfigError(f"unknown setting {key!r}")
            return section, name
        for section in _SECTIONS:
            if key in {f.name for f in fields(SECTION_TYPES[section])}:
                return section, key
        raise ConfigError(f"unknown setting {key!r}")

    def replace(self, **changes) -> "EngineConfig":
        """A copy with settings changed, by plain or dotted name: replace(uct_c=0.5, seed=3)."""
        grouped: dict[str | None, dict] = {}
        for key, value in changes.items():
            section, name = self._section_of(key)
            grouped.setdefault(section, {})[name] = value
        top = grouped.pop(None, {})
        for section, values in grouped.items():
            top[section] = getattr(self, section).replace(**values)
        return dataclasses.replace(self, **top)

    def with_strings(self, pairs: dict[str, str]) -> "EngineConfig":
        """replace() from text values (-o key=value, GTP param commands), parsed by field type."""
        changes = {}
        for key, text in pairs.items():
            section, name = self._section_of(key)
            kind = EngineConfig if section is None else SECTION_TYPES[section]
            field_type = {f.name: f.type for f in fields(kind)}[name]
            changes[key] = parse_setting(name, field_type, text)
        return self.replace(**changes)

    def with_mapping(self, mapping: dict) -> "EngineConfig":
        """replace() from a parsed TOML file: plain or dotted keys at the top, or tables named
        after the sections ([search], [playout], [prior], [time])."""
        changes = {}
        for key, value in mapping.items():
            if isinstance(value, dict):
                if key not in _SECTIONS:
                    raise ConfigError(f"unknown config section {key!r}")
                for name, inner in value.items():
                    changes[f"{key}.{name}"] = inner
            else:
                changes[key] = value
        return self.replace(**changes)

    def flat(self) -> dict[str, object]:
        """Every setting by plain name, for display and GTP param listings."""
        out: dict[str, object] = {}
        for section in _SECTIONS:
            out.update(dataclasses.asdict(getattr(self, section)))
        out["seed"] = self.seed
        return out


SECTION_TYPES = {"search": SearchConfig, "playout": PlayoutConfig, "prior": PriorConfig,
                 "time": TimeConfig}


def parse_setting(name: str, field_type: str, text: str):
    """A setting's value from text, by its declared type; ConfigError when it does not parse."""
    text = text.strip()
    if field_type == "bool":
        lowered = text.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise ConfigError(f"{name} must be true or false, got {text!r}")
    try:
        if field_type == "int":
            return int(text.replace("_", ""))
        if field_type == "float":
            return float(text)
    except ValueError:
        raise ConfigError(f"{name} must be a{'n integer' if field_type == 'int' else ' number'}, "
                          f"got {text!r}") from None
    return text
