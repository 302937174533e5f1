"""Engine settings, each declared once: type, default, range or choices, unit, and a doc naming the
paper it comes from. Validation, text parsing (-o key=value, GTP param commands), TOML files,
GoGui's parameter dialogs and `mango config` all read that one declaration.

Every technique from the papers has a switch here, so that it can be ablated. The configuration
is frozen: it is replaced between searches, never mutated under one. Plain dataclasses with field
metadata carry the declaration (no dependency: pydantic or attrs would add a package to do what a
dozen lines do here).
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from mango.engine.errors import ConfigError

__all__ = ["ConfigError", "DEFAULT_PLAYOUTS", "EngineConfig", "HandicapConfig", "PlayoutConfig",
           "PriorConfig", "SearchConfig", "Setting", "TimeConfig", "TreeConfig", "settings", "toml_text"]

DEFAULT_PLAYOUTS = 10_000
"""Playouts per move when neither the settings nor a clock say otherwise."""


@dataclass(frozen=True)
class Setting:
    """The declaration of one setting, as read by everything that validates, parses or shows it."""
    name: str
    section: str | None         # "search", "tree", "playout", "prior", "time"; None for the seed
    type: str                   # "bool", "int", "float" or "str"
    default: Any
    low: float | None
    high: float | None
    choices: tuple[str, ...] | None
    unit: str
    doc: str
    by_size: tuple[tuple[int, Any], ...] = ()   # (board size, default there): measured per size

    def default_for(self, size: int | None):
        """The default on a board of this size (the general default where no size says else)."""
        return dict(self.by_size).get(size, self.default)

    def describe_default(self) -> str:
        """The default as text, with the sizes that have their own."""
        text = self.format(self.default)
        if self.by_size:
            text += " (" + ", ".join(f"{size}x{size}: {self.format(value)}"
                                     for size, value in self.by_size) + ")"
        return text

    def check(self, value) -> None:
        """ConfigError unless value has the declared type and lies in the range or choices."""
        if self.type == "bool":
            if not isinstance(value, bool):
                raise ConfigError(f"{self.name} must be true or false, got {value!r}")
            return
        if self.type == "str":
            if not isinstance(value, str):
                raise ConfigError(f"{self.name} must be a string, got {value!r}")
            if self.choices and value not in self.choices:
                raise ConfigError(f"{self.name} must be one of {', '.join(self.choices)}, got {value!r}")
            if self.unit == "file" and value and not os.path.isfile(value):
                raise ConfigError(f"{self.name}: no such file {value!r}")
            return
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{self.name} must be a number, got {value!r}")
        if self.type == "int" and not isinstance(value, int):
            raise ConfigError(f"{self.name} must be an integer, got {value!r}")
        if value != value or (self.low is not None and value < self.low) \
                or (self.high is not None and value > self.high):
            raise ConfigError(f"{self.name} must be in [{_text(self.low)}, {_text(self.high)}], "
                              f"got {value}")

    def parse(self, text: str):
        """The value of a text (command line, GTP), by the declared type; ConfigError if it does not
        parse or check."""
        text = text.strip()
        value: Any = text
        if self.type == "bool":
            lowered = text.lower()
            if lowered in ("1", "true", "yes", "on"):
                value = True
            elif lowered in ("0", "false", "no", "off"):
                value = False
            else:
                raise ConfigError(f"{self.name} must be true or false, got {text!r}")
        elif self.type in ("int", "float"):
            try:
                value = int(text.replace("_", "")) if self.type == "int" else float(text)
            except ValueError:
                kind = "an integer" if self.type == "int" else "a number"
                raise ConfigError(f"{self.name} must be {kind}, got {text!r}") from None
        self.check(value)
        return value

    def format(self, value) -> str:
        """The value as text that parse() reads back."""
        if self.type == "bool":
            return "true" if value else "false"
        return _text(value)


def _text(value) -> str:
    if isinstance(value, float):
        return repr(value) if value != int(value) or abs(value) >= 1e15 else f"{value:.1f}"
    return str(value)


def setting(default, *, doc: str, low=None, high=None, choices=None, unit: str = "",
            by_size: dict | None = None):
    """A dataclass field that carries its declaration (completed with its name and type later).
    by_size: {board size: default there}, for a setting whose best value was measured on one
    size only; the search takes it on that size unless the user set the setting by name."""
    return dataclasses.field(default=default, metadata={
        "setting": {"low": low, "high": high, "choices": choices, "unit": unit, "doc": doc,
                    "by_size": tuple(sorted((by_size or {}).items()))}})


def _declarations(cls, section: str | None) -> dict[str, Setting]:
    out = {}
    for f in fields(cls):
        meta = f.metadata.get("setting")
        if meta is not None:
            declaration = Setting(f.name, section, str(f.type), f.default, meta["low"], meta["high"],
                                  tuple(meta["choices"]) if meta["choices"] else None, meta["unit"],
                                  " ".join(meta["doc"].split()), meta["by_size"])
            for _, value in declaration.by_size:
                declaration.check(value)
            out[f.name] = declaration
    return out


class _Section:
    """What every section shares: validation from the declarations, and replace()."""

    SECTION: ClassVar[str]

    def __post_init__(self) -> None:
        for name, declaration in type(self).declarations().items():
            declaration.check(getattr(self, name))

    @classmethod
    def declarations(cls) -> dict[str, Setting]:
        cached = cls.__dict__.get("_declared")
        if cached is None:
            cached = _declarations(cls, cls.SECTION)
            setattr(cls, "_declared", cached)
        return cached

    def replace(self, **changes):
        """A copy with some settings changed; unknown names raise ConfigError."""
        unknown = set(changes) - set(type(self).declarations())
        if unknown:
            raise ConfigError(f"unknown {type(self).__name__} setting(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)



@dataclass(frozen=True)
class PlayoutConfig(_Section):
    """The simulation policy (Mango section 2.3.3, MoGo's default policy, NoGo section 3.3).

    "Measured x/100 (games 0-99)": scripts/flat_mc_match.py --games 100 --size 9
    --playouts-per-move 50 with that setting on side A (flat MC with mango playouts against flat
    MC with light playouts, komi 7.5); those 100 games are deterministic.
    """

    SECTION: ClassVar[str] = "playout"

    policy: str = setting(
        'mango', choices=("mango", "light"),
        doc=""""mango": moves drawn in proportion to urgency; "light": uniformly random legal moves.""")

    patterns: bool = setting(
        True,
        doc="""Add the learned 3x3 pattern value (1..2433) to each move's urgency; off: every pattern
        is 1.""")

    pattern_exponent: float = setting(
        1.0, low=0.0, high=4.0, by_size={9: 0.5},
        doc="""The pattern part of the urgency is 2433 * (value / 2433) ** pattern_exponent (rounded,
        at least 1): below 1 flattens the draw among patterns, above 1 sharpens it; 1 is
        Mango's. Mango's H and the tree's policy read the same urgencies; the pattern prior's
        thresholds (good_pattern, bad_pattern) are in the table's values. On 9x9 0.5, with
        light_after_atari (issue 30): the pair won its SPRT(0,20) against the defaults before it
        at 10,000 playouts (62.4%, +88 Elo) and at 1 s a move (docs/strength.md); GNU Go's owl
        reading agrees on 9x9 (the playouts judge settled dragons better) and not on 19x19,
        where 1 stays until a match says otherwise. On 13x13 0.5 (with 9x9's prior thresholds)
        came out even at 5,000 playouts (+12, -20 to +44, 400 games), so 1 stays there too.""")

    pattern_table: str = setting(
        "", unit="file",
        doc="""The 3x3 pattern table file (`mango learn-patterns --out FILE`) that the playouts, the
        pattern prior and Mango's H read; empty: the table shipped in patterns/data. A table
        retrained by the user, or another source of values (Mango 2.3.3 learned its values from
        professional games, as the shipped table was).""")

    capture_weight: int = setting(
        50_000, low=0, high=1_000_000, unit="urgency/stone",
        doc="""Urgency per stone a move captures (Mango 2.3.3: 50,000). 10,000 measured 67/100 (games
        0-99, see above).""")

    hopeless_capture_percent: int = setting(
        100, low=0, high=100, unit="%",
        doc="""Percent of capture_weight for capturing a group in atari that could not escape anyway:
        extending at its last liberty would leave it in atari, and it touches no group of the
        capturer's in atari (so it cannot capture its way out). 100 is Mango's: every capture
        alike. Not yet measured in the flat MC match.""")

    save_weight: int = setting(
        5000, low=0, high=1_000_000, unit="urgency/stone",
        doc="""Urgency per stone of an own group in atari that the move gives two or more liberties
        (Mango 2.3.3: 5,000). 1,000 measured 68/100 (games 0-99, see above).""")

    proximity_factor: int = setting(
        20, low=1, high=1000, unit="x",
        doc="""Multiplier of the urgency of moves within Manhattan distance 1 of the previous move
        (Mango 2.3.3: 20, after Gelly and Wang); 1 switches it off.""")

    proximity_diagonal_factor: int = setting(
        1, low=1, high=1000, unit="x",
        doc="""Multiplier of the urgency of the 4 diagonal neighbours of the previous move (MoGo's
        patterns look at all 8 points around it); 1 switches it off. Off by default: 3 measured
        62/100 (games 0-99, see above).""")

    random_move_probability: float = setting(
        0.2, low=0.0, high=1.0, unit="probability", by_size={13: 0.0, 19: 0.0},
        doc="""Chance of playing a light move instead of the urgency draw (uniformly random, legal, not
        filling an own true eye): more varied playouts (Gelly and Silver 3.5: a too deterministic
        policy is overconfident). 0 switches it off. 0.2 won the flat Monte-Carlo match against
        GNU Go before the tree and the tactics; in the tree light moves kill groups too readily
        (the owl screens), and 0 won at equal time on 13x13 (+61 Elo) and 19x19 (+67; the ledger).""")

    filter_random_moves: bool = setting(
        False,
        doc="""Hold the light moves to the same refusals as the urgency draw (avoid_self_atari,
        avoid_single_self_atari): a refused light move gives way to the urgency draw. Off: a
        fifth of the moves (at random_move_probability 0.2) could still throw a large group
        into atari, which the refinements exist to prevent.""")

    light_after_atari: bool = setting(
        False, by_size={9: True},
        doc="""No light move (random_move_probability) while the opponent's last move stands in atari
        or has put an own group beside it in atari: the atari answers and the capture urgency
        choose those moves, so that a fight's playouts do not drop a fifth of its captures and
        saves (Pachi's moggy checks local ataris before its random move and always saves groups
        of three stones or more; Mango drew the light move first). On by default on 9x9, with
        pattern_exponent 0.5 there (their matches: pattern_exponent); 2-4% of the speed.""")

    fill_board_tries: int = setting(
        0, low=0, high=64, unit="tries",
        doc="""MoGo's "fill the board" (Chatriot, Gelly, Hoock, Perez, Rimmel and Teytaud 2008; Pachi's
        fillboardtries): when no capture, save, nakade or atari answer is pending, up to this many
        random empty points are tried and the first whose 8 neighbours are all empty is played,
        before the pattern draw. The urgency policy plays next to the last moves, so open areas
        of a 19x19 board are settled late and by the fights beside them, and a move that claims
        one (a big point) looks no better in the playouts than a local one. 0 switches it off.""")

    last_good_reply: int = setting(
        0, low=0, high=2, unit="moves", by_size={13: 2, 19: 2},
        doc="""The last-good-reply policy (Drake 2009; Baier and Drake 2010: LGRF-2 was their best):
        after each simulation of a search, every move of the winner is stored as the answer to
        the move before it (1) or to the two moves before it (2, falling back to the one-move
        answer); the playouts play the stored answer to the last moves when the urgency draw
        would accept it (before anything else, or after the tactics: replies_first). The fixed urgencies answer a local fight the same
        way in every playout; the stored replies carry what this search found works there into
        the moves beyond the tree. The table is kept from move to move of a game (cleared when
        the tree is). 0 switches it off. LGRF-2 after the tactics (replies_first off) is the
        19x19 and 13x13 default by their matches (the ledger); on 9x9 400 games showed no gain.""")

    forget_replies: bool = setting(
        True,
        doc="""With last_good_reply: erase a stored answer when the loser of a simulation played it
        (Baier and Drake 2010's "forgetting", LGRF, which they found much stronger than the
        replies alone, LGR). Off: an answer is only ever replaced by a newer one.""")

    replies_first: bool = setting(
        True, by_size={13: False, 19: False},
        doc="""With last_good_reply: play a stored answer before anything else, as Baier and Drake
        did (their policy had fewer tactics to lose). Off: only where the urgency draw would
        choose by pattern, after the light move, the atari answers and the two-liberty and
        local answers, and only when no capture, save or nakade bonus is pending, so that a
        stored answer never displaces a tactic.""")

    avoid_self_atari: bool = setting(
        True,
        doc="""Refuse moves that leave a group of several stones in atari (MoGo's playout refinement). On
        by default with answer_atari, ladder_saves, nakade and nakade_self_atari (the tactics
        bundle): in the tree against Mango's previous defaults, 9x9, 10,000 playouts, SPRT(0,35)
        accepted, 75/113 = 66.4%, Elo +118 (+49 to +203), ledger 2026-11-23. The flat MC matches had
        found it neutral or worse.""")

    local_answers: bool = setting(
        False,
        doc="""Sequence-like play (Gelly and Wang): with probability local_probability, first choose
        among good answers in the 8 points around the previous move. Off by default: on top of
        Mango's x20 proximity it measured 55% vs 75% without (flat MC against light playouts,
        9x9, 100 games).""")

    local_probability: float = setting(
        0.5, low=0.0, high=1.0, unit="probability",
        doc="""Chance of trying a local answer before the global draw (Gelly and Wang's sequence-like
        playouts, as in MoGo).""")

    local_min_value: int = setting(
        200, low=1, high=2433, unit="pattern value",
        doc="""Pattern value from which a point next to the previous move counts as a good answer (a
        capture or save counts whatever its pattern).""")

    nakade: bool = setting(
        True,
        doc="""Play the vital point of an opponent's three-point eye space next to the previous move. On by
        default: part of the tactics bundle (see avoid_self_atari).""")

    nakade_weight: int = setting(
        50_000, low=0, high=1_000_000, unit="urgency",
        doc="""Urgency added to that vital point (as much as capturing a stone).""")

    nakade_size: int = setting(
        3, low=3, high=5, unit="points",
        doc="""The largest eye space whose vital point the nakade bonus plays: 3 is Mango's (the
        straight and bent threes), 4 adds the pyramid four, 5 the bulky and crossed fives, the
        shapes that die with the vital point taken (Pachi's moggy reads nakade up to six points).
        Found by the owl screen (docs/strength.md): a sacrificed pyramid four taken, the playouts
        missed the vital point that kills.""")

    answer_atari: bool = setting(
        True,
        doc="""Anti-decisive move (NoGo 3.3, in Go terms): when the previous move put own stones in
        atari, play a move that saves them (extend to two liberties or capture an attacker) if
        one exists. On by default with ladder_saves (which keeps it from running out dead
        ladders): part of the tactics bundle (see avoid_self_atari).""")

    defend_two_liberties: bool = setting(
        False, by_size={9: True},
        doc="""When the previous move left own stones with two liberties, play a move that gives them
        three or more, or captures an attacker in atari, if one is legal (the two-liberty check of
        Pachi's moggy and Fuego's playout policy; after answer_atari's answers). 9x9: on.""")

    distinct_answers: bool = setting(
        False,
        doc="""Draw each tactical answer once (Pachi's mq_nodup): otherwise a capture found through
        three stones of the group it saves weighs three times its urgency. Off until a match decides.""")

    two_liberty_attack: bool = setting(
        False, by_size={9: True},
        doc="""When no answer above applies, atari a two-liberty group the race or the chase asks
        for: the last move's, or the opponent's touching an own group the last move left with two
        liberties; only where the atari's stone keeps two liberties and the escape would have two
        at most (the attacking half of Pachi's two-liberty check, moggy's 2lib: the move that
        wins a capturing race with tempo, which defence alone never plays). 9x9: the race from 3
        liberties, throw-in, no chase, half the moves: +35 Elo at 1 s (docs/strength.md).""")

    self_atari_redirect: bool = setting(
        False,
        doc="""When the urgency draw picks a point the self-atari refusals turn down and the point is
        a liberty of an opponent's two-liberty group, play that group's other liberty instead if
        the stone there keeps two liberties: the approach move of a capturing race, where filling
        the shared liberty first would put one's own stones in atari (Pachi's moggy, its
        selfatari_other and selfatari_cousin, on by default there). Read only on a refusal.""")

    eye_fix: bool = setting(
        False,
        doc="""When no answer above applies and the opponent's last move leaves an eye-like point
        of one's own one opponent diagonal from false with a single empty diagonal left (the
        last move took a diagonal, or approached the empty one), fill that diagonal: the eye
        stays an eye (the eye fix of Pachi's moggy, on there; read after each opponent move,
        around it only).""")

    two_liberty_chase: bool = setting(
        True, by_size={9: False},
        doc="""two_liberty_attack's chase half: the atari on the last move's group when it has two
        liberties. Off, with two_liberty_race on, only the race's ataris are left: on the owl
        screen the race alone keeps most of the attack's gain, and the chase brings most of its
        cost (docs/strength.md). An ablation of Pachi's two-liberty check, whose attack covers
        both.""")

    two_liberty_race: bool = setting(
        True,
        doc="""two_liberty_attack's race half: the ataris on the opponent's two-liberty groups that
        touch an own group the last move left with two liberties. Off, only the chase of the last
        move's own group is left, which reads one group where the race walks every stone of the
        own groups beside the last move (an ablation of Pachi's two-liberty check, whose attack
        covers both).""")

    two_liberty_throw_in: bool = setting(
        False, by_size={9: True},
        doc="""two_liberty_attack's atari may be a lone stone in atari when it is a killing throw-in:
        the capture at its one liberty leaves the group one liberty, so the stone's point takes
        it back (a two-point eye with no outside liberty, a race won inside the opponent's eye).
        Pachi's two-liberty check lets some throw-ins through (its is_bad_selfatari); without
        this a playout leaves such a dead group alive (the referee suite's test 205).""")

    two_liberty_race_libs: int = setting(
        2, low=2, high=4, unit="liberties", by_size={9: 3},
        doc="""The race half also reads own groups the last move left with up to this many
        liberties, and above 2 the own groups diagonal to it as well: Pachi's three- and
        four-liberty check (moggy's nlib, nlib_count 4, on 25% of its moves), which starts
        the race's atari while an own group still has an outside liberty in hand, before
        it is too late. 2 (3 on 9x9): only the two-liberty groups beside the last move.""")

    two_liberty_attack_probability: float = setting(
        1.0, low=0.0, high=1.0, unit="probability", by_size={9: 0.5},
        doc="""Chance that a move looks for two_liberty_attack's ataris at all. The search walks the
        groups next to the last move to read their liberties (the board keeps pseudo-liberty
        sums, not lists), a fifth of a playout's time on 9x9 and more on 19x19. Pachi's moggy,
        whose board keeps every group's liberties, runs its two-liberty check on 90% of the
        moves on 9x9 and 80% on 19x19 (atarirate) and its three-liberty one on 25% (nlibrate).
        1 looks every move without drawing a number.""")

    ko_fight_probability: float = setting(
        0.0, low=0.0, high=1.0, unit="probability",
        doc="""A ko fight in the playouts (Pachi's moggy korate, 0.4 there, with koage 3): within
        ko_fight_age moves of a ko capture, once its ban has lifted, the player to move takes
        the ko point first with this probability, if the playouts accept the move there: the
        capturer connects the ko, its opponent takes it back after a threat. Without it a ko
        that a threat has reopened is left to the urgency draw, which ends most ko fights in
        the first player's favour by accident. 0 switches it off.""")

    ko_fight_age: int = setting(
        3, low=1, high=20, unit="moves",
        doc="""How many moves after a ko capture ko_fight_probability still plays its ko point
        (Pachi's koage: 3).""")

    ladder_saves: bool = setting(
        True,
        doc="""No save_weight for extending a group in atari when the extension has exactly two
        liberties and a cheap ladder reader (atari after atari, the defender extending) captures
        it: running out a dead ladder only loses more stones. On by default: part of the tactics
        bundle (see avoid_self_atari).""")

    ladder_atari_weight: int = setting(
        0, low=0, high=1_000_000, unit="urgency/stone",
        doc="""Urgency per stone for the atari that captures the opponent's group of the previous move
        in a ladder (that group having two liberties); 0 switches it off. Off by default: 10,000
        with ladder_saves measured 49/100 (games 0-99, see above).""")

    nakade_self_atari: bool = setting(
        True,
        doc="""With avoid_self_atari: still allow a self-atari of at most 4 stones that, with its one
        liberty, is enclosed by the opponent's stones and the edge (nakade: killing from inside
        an eye space needs such moves). On by default: part of the tactics bundle (see
        avoid_self_atari).""")

    nakade_kills_only: bool = setting(
        False,
        doc="""With nakade_self_atari: only where the nakade can kill, when its stones form a
        killing shape (three or fewer, the square or the pyramid four) and no enclosing group has
        another one-point eye. Elsewhere the self-atari gives stones away or fills a seki, as
        random playouts do where no player would (Pachi's moggy keeps sekis too; issue 30's
        "seki that playouts do not destroy"). Off until a match decides.""")

    avoid_single_self_atari: bool = setting(
        False,
        doc="""Refuse a lone stone's self-atari too, unless it puts an adjacent opponent group of two
        liberties in atari or is enclosed with its liberty by the opponent (nakade, eye-stealing
        throw-in): mango playouts make about 9 lone self-ataris per 9x9 game (this refuses about
        a fifth of them). Off by default: it measured 62/100 (games 0-99, see above).""")


@dataclass(frozen=True)
class SearchConfig(_Section):
    """The tree search: Mango's progressive strategies (Chaslot et al. sections 2-3), MoGo's
    MC-RAVE (Gelly and Silver section 4), NoGo's slow node creation (section 3.2)."""

    SECTION: ClassVar[str] = "search"

    playouts: int = setting(
        0, low=0, high=100_000_000, unit="playouts",
        doc="""Playouts per move. 0 (the default): 10,000 when no clock runs, and no cap when time
        decides (a controller's time settings, or time_s); a number the user sets is a cap in both
        cases.""")

    threads: int = setting(
        1, low=1, high=64, unit="threads",
        doc="""Search threads sharing one tree (tree parallelism with virtual loss). With 1 thread and
        a fixed seed the search is deterministic.""")

    uct_c: float = setting(
        0.0, low=0.0, high=100.0,
        doc="""UCT exploration constant C in v + C sqrt(ln n_p / n_i) (Mango formula 2.1: 0.7). MoGo
        found C = 0 best once RAVE is on, and so did Mango's matches against Pachi (with
        expand_threshold 0; docs/strength.md); 0 switches exploration off.""")

    expand_threshold: int = setting(
        0, low=0, high=100_000, unit="visits",
        doc="""T: below T visits a node's move is chosen by the playout policy and its children are
        added one per simulation; at T all children are created, their heuristic H computed
        once, and the selection formula takes over (Mango 2.3.1 and 3.4: T = 30). 0 (the
        default, by measurement against Pachi): a node is expanded, its moves ranked and its
        children made with their priors (as many as children_ahead asks), as soon as
        create_after allows (the first simulation to pass through it with create_after = 1,
        the second with the default 2), so that the priors and RAVE guide every choice made at
        a node (MoGo).""")

    create_after: int = setting(
        2, low=1, high=100_000, unit="visits",
        doc="""z: a tree node only grows children after its edge has been visited z times (slow node
        creation, NoGo 3.2). 1: one new node per simulation, and a node's moves ranked (the
        predictor's features of every legal move) at its second visit. 2, the default since
        2026-11-26: ranked at the third, half the rankings, +9% playouts/s on 19x19; on 9x9 it
        won its SPRT at 1 s a move (+57 Elo, +7 to +108) and lost nothing measurable at 10,000
        playouts (400 games, -2 Elo, -37 to +33; docs/strength.md).""")

    first_play_urgency: float = setting(
        100.0, low=0.0, high=1000000000.0, unit="score",
        doc="""M: the score of a child never visited and without prior or AMAF statistics, so that all
        are tried once, in order of H (Mango property 1: M = 100).""")

    progressive_bias: bool = setting(
        True,
        doc="""Add bias_weight * H_i / (n_i + 1) to the selection score (Mango formula 3.2).""")

    bias_weight: float = setting(
        1.0, low=0.0, high=1000000.0, unit="win rate",
        doc="""Scale of progressive bias. H is normalised so that a node's best child has H = 1
        (Mango's raw H mixes urgencies of 1..50,000s with win rates in 0..1), so this is the
        bonus, in win rate, of the best-looking child before its first visit.""")

    progressive_unpruning: bool = setting(
        True,
        doc="""Only the k_init children with the highest H are selectable at T; more are unpruned as
        the node's visits grow (Mango 3.2).""")

    children_ahead: float = setting(
        4.0, low=0.0, high=1_000_000.0, unit="x visits",
        doc="""A node's children are made as progressive unpruning (Mango 3.2) comes to them: those it
        will have unpruned once the node's visits have grown this many times, so that RAVE (MoGo
        4) has gathered their AMAF statistics before they become selectable (4: 3.3 nodes a
        playout on 19x19, a child's AMAF history from when the node had a quarter of the visits
        that open it; the default, with children_full_depth 2 and late_child_amaf, since the 9x9
        A/Bs and the 19x19 pairs against GNU Go found no strength lost; docs/strength.md). 0
        makes every child at once, as MoGo's expansion does (about 180 nodes a playout on 19x19,
        most never visited); the root always has every child.""")

    unprune_k_init: int = setting(
        5, low=1, high=400, unit="children",
        doc="""k_init: children selectable when a node reaches T (Mango: 5).""")

    unprune_a: float = setting(
        50.0, low=0.0, high=1000000000.0, unit="visits",
        doc="""A: the k-th child beyond k_init is unpruned when the node's visits exceed A * B^(k -
        k_init) (Mango: A = 50).""")

    unprune_b: float = setting(
        1.3, low=1.0001, high=100.0,
        doc="""B of the unpruning schedule (Mango: 1.3).""")

    predictor_bias: bool = setting(
        True,
        doc="""H is the learned move predictor's probability of the move (Coulom 2007's generalized
        Bradley-Terry model, patterns/data) instead of Mango's (C + P) * proximity: P in Mango's
        formula 3.2 taken from a model that already knows captures, shapes and the distance to
        the last moves. Normalised like H, so bias_weight keeps its meaning.""")

    predictor_order: bool = setting(
        True,
        doc="""Progressive unpruning (Mango 3.2) unprunes children in the order of the learned
        predictor's probabilities instead of Mango's H (Coulom 2007, section 4: the order is
        where the predictor matters most).""")

    heuristic_moves: int = setting(
        3, low=0, high=8, unit="moves",
        doc="""How many of the last moves the proximity factor of H sums over: H_i = (C_i + P_i) *
        sum_k 1 / (2 d_k,i)^(1.25 + k / 2) (Mango formula 3.3).""")

    rave: bool = setting(
        True,
        doc="""Blend the AMAF value into the selection value (MC-RAVE, MoGo 4.3-4.6).""")

    rave_schedule: str = setting(
        'hand', choices=("hand", "hand-child", "mse"),
        doc=""""hand": beta = sqrt(k / (3 n_p + k)) (MoGo 4.5, its N(s) read as the parent's
        visits n_p: every child's RAVE weight fades together as the node grows, so that a child
        not yet tried whose prior is poor cannot be chosen for its AMAF value once the node is
        large). "hand-child": the same with the child's own visits and prior visits, N(s, a), as
        Pachi and Fuego read it: a child not yet tried keeps RAVE's full weight. "mse": the
        minimum-MSE schedule beta = n~ / (n + n~ + 4 n n~ b^2) (MoGo 4.6), per child too.""")

    rave_k: float = setting(
        1000.0, low=0.0, high=1000000000.0, unit="visits",
        doc="""k, the equivalence parameter of the hand-selected schedule (MoGo: 1000 or more). 1000
        sits near its best on 9x9 at 1 s a move: 300 lost (-47, -97 to -2, 229 games), and so did
        Pachi's heavier AMAF weighting (rave_schedule=mse, -60; docs/strength.md).""")

    rave_bias: float = setting(
        0.1, low=0.0, high=10.0,
        doc="""b, the AMAF bias constant of the minimum-MSE schedule (MoGo 4.6: chosen by experiment).
        Pachi's RAVE (its sylvain_rave, equivalence 3000) is this schedule with b = 0.0091.""")

    rave_distance_weight: int = setting(
        0, low=0, high=16, by_size={9: 3, 13: 3},
        doc="""AMAF weighted by how soon a move came: a first play at distance d of the
        simulation's n moves after a node counts 1 + w (n - d) // (n + 1) times (Pachi's
        distance_rave, 3 there: weights 3, 2 and 1; Fuego weighs its RAVE updates alike), the
        moves the node's choice caused rather than those of a far-off end of the playout. 0:
        every first play counts once (MoGo's Algorithm 2); so does 1, as the quotient stays
        below w. 3 on 9x9 since its SPRT against 0 accepted it at 10,000 playouts (+68 Elo, +29
        to +108, 340 games; free in time: +0.2% instructions), and on 13x13 by 254 games at
        5,000 playouts (+64, +20 to +108; docs/strength.md); 19x19 is unmeasured.""")

    rave_first_play: str = setting(
        'own', choices=("own", "any"),
        doc="""Which play of a point after a node its AMAF statistics count for the node's
        mover. "own": the mover's first play there, whoever played there before (MoGo's
        Algorithm 2; Gelly and Silver 2011). "any": the point's first play by either colour,
        counted only when the mover made it (Pachi 12.90's ucb1amaf: a point the opponent
        took first, typically a stone captured later and the point filled after, is not the
        mover's move in that simulation).""")

    pool_rave_probability: float = setting(
        0.0, low=0.0, high=1.0, unit="probability",
        doc="""PoolRAVE (Rimmel, Teytaud, Lee, Yen, Wang and Tsai, "Biasing Monte-Carlo simulations
        through RAVE values", 2010; MoGo): a playout move is, with this chance, one of the
        pool_rave_size moves the AMAF of the simulation's last node of pool_rave_min_visits
        visits rates best for the mover, when it can be played; so the key points of a fight
        that the tree has found are played in the playouts that judge it. Drawn after a light
        move (random_move_probability) and the playouts' tactical answers (ataris, two-liberty
        moves), before the local and global draws: the paper draws first. 0: off; 0.2 lost
        its 9x9 A/B at 10,000 playouts (-42 Elo, -103 to +12, 109 games; docs/strength.md).""")

    pool_rave_size: int = setting(
        10, low=1, high=32, unit="moves",
        doc="""PoolRAVE's moves per colour (Rimmel et al. 2010: 10 to 20).""")

    pool_rave_min_visits: int = setting(
        50, low=1, high=100_000_000, unit="visits",
        doc="""Visits of the node whose AMAF makes the pool: the simulation's deepest such node
        (Rimmel et al. 2010: 50).""")

    pass_in_rave: bool = setting(
        True,
        doc="""A pass's value mixes in its AMAF statistics as any move's does. No simulation plays
        a pass later, so with in_amaf they hold only its prior (0.5): a selectable pass then
        scores at least beta / 2, and at nodes where the mover is behind it takes the visits
        its real moves need. False: a pass's value is its own results (always so under
        territory rules).""")

    final_move: str = setting(
        'robust', choices=("robust", "max", "robust-max", "secure"),
        doc="""How the move is chosen from the root's children (Mango 2.4): "robust" (most visits),
        "max" (best value), "robust-max" (search on, up to robust_max_extra more playouts, until
        the most visited is also the best valued), "secure" (best lower bound v - A / sqrt(n)).""")

    secure_a: float = setting(
        4.0, low=0.0, high=1000000.0,
        doc="""A of the secure child's lower bound (Mango 2.4: 4).""")

    robust_max_extra: float = setting(
        0.5, low=0.0, high=10.0, unit="fraction",
        doc="""robust-max (Mango 2.4) searches at most this fraction of the playout budget more, and never
        past the move's time.""")

    early_stop: bool = setting(
        True,
        doc="""Stop a search once the second most visited root child cannot catch the first in the
        playouts that are left (but see spend_use_or_lose).""")

    resign: bool = setting(
        True,
        doc="""Resign when the root's win rate is below resign_threshold after resign_min_playouts.""")

    resign_threshold: float = setting(
        0.1, low=0.0, high=1.0, unit="win rate",
        doc="""Win rate below which Mango resigns.""")

    resign_min_playouts: int = setting(
        2000, low=0, high=100_000_000, unit="visits",
        doc="""Root visits needed before resigning; never resign on less evidence.""")

    resign_after_moves: float = setting(
        0.25, low=0.0, high=10.0, unit="fraction of points",
        doc="""No resignation before this many moves, as a fraction of the board's points (the
        opening).""")

    pass_only_when_not_losing: bool = setting(
        True,
        doc="""Pass only when the game would not be lost if it ended now: under area rules counting
        the stones as they stand (no dead-stone removal: CGOS's rule), under territory rules
        with the dead removed (every server removes them); otherwise play on.""")

    virtual_loss: int = setting(
        1, low=0, high=1000, unit="losses",
        doc="""Losses a thread adds to the edges it descends, so that threads spread out; removed at
        backup.""")


@dataclass(frozen=True)
class TreeConfig(_Section):
    """How the search tree is kept: between moves, and within its memory bound (Fuego's and Pachi's
    bounded trees)."""

    SECTION: ClassVar[str] = "tree"

    reuse_tree: bool = setting(
        True,
        doc="""Keep the subtree of the moves played since the last search.""")

    tree_memory: int = setting(
        512, low=1, high=1_000_000, unit="MB",
        doc="""Memory bound of the search tree (64-byte nodes: 512 MB holds 8.4 million), beside the
        process's own 80-90 MB: a 2 GB laptop holds it. A long search or analysis that fills it
        goes on learning: see recycle. With children_ahead 4 a 19x19 search makes about 3.3
        nodes a playout (256 MB is then 1.2 million playouts); with every child made at once,
        about 180 (512 MB fills after about 45,000).""")

    max_nodes: int = setting(
        1_000_000_000, low=1_000, high=1_000_000_000, unit="nodes",
        doc="""A bound in nodes, where it is tighter than tree_memory (experiments, tests).""")

    recycle: bool = setting(
        True,
        doc="""When the tree fills its bound, drop the children of its least visited nodes (those
        below the smallest visit count that leaves half the bound free; Fuego prunes a full
        tree by count the same way) and go on growing where the playouts go. Off: the search
        goes on without creating nodes.""")

    children_full_depth: int = setting(
        2, low=1, high=100, unit="plies",
        doc="""Nodes fewer than this many plies below the root make every child at once, whatever
        children_ahead asks: 1 the root only; 2 the root's children too, the nodes with the
        most visits and so the most AMAF history for a child made late to miss (on 19x19 about
        360 x 360 nodes, 8 MB).""")

    late_child_amaf: bool = setting(
        True,
        doc="""A child made when its node grows (children_ahead) starts with the AMAF statistics it
        missed, estimated from the same move two plies up: the rate at which the grandparent's
        simulations played it and their mean, scaled to the node's visits (GRAVE, Cazenave
        2015, reads an ancestor's AMAF the same way); also the children a kept tree's node lacks
        when it becomes the root (made with the old tree's priors, the grandfather prior too
        when on). Off: the child has only the AMAF samples from the simulations after it was
        made (MoGo's RAVE on a tree made at once has all).""")


@dataclass(frozen=True)
class PriorConfig(_Section):
    """Heuristic priors as equivalent experience (MoGo section 5): a new child's MC and AMAF
    statistics start at value q with count n, summed over the sources switched on."""

    SECTION: ClassVar[str] = "prior"

    criticality: float = setting(
        0.0, low=0.0, high=100.0, unit="x AMAF samples",
        doc="""Criticality (Coulom 2009; Pachi's crit_rave, 1.1): a root child whose point's owner
        and the game's winner go together (their covariance over the root's simulations, summed
        over both colours: -0.5 .. 0.5) gets criticality x covariance x its AMAF samples as won
        AMAF samples (when negative, as many won samples fewer, as Pachi's default crit_negative
        does), so that the points a fight is decided on are
        tried first. Unlike Pachi: the root's children only, once they have
        criticality_min_visits (Pachi reads each node's own simulations at any depth); owners by
        area (an eye is its surrounder's), a point nobody holds counting for neither colour; a
        jigo has no winner. 0 switches it off.""")

    criticality_min_visits: int = setting(
        2000, low=0, high=1_000_000_000, unit="visits",
        doc="""A root child's visits before criticality counts for it (Pachi's crit_min_playouts).""")

    in_amaf: bool = setting(
        True,
        doc="""The priors count in the AMAF statistics as well as in the MC ones (MoGo section 5
        adds them to both). Off: to the MC statistics only, as Pachi does (its amaf_prior is
        off), so that a child's AMAF value is its simulations' alone.""")

    even: bool = setting(
        True,
        doc="""Even-game prior: value 0.5 (MoGo 5, heuristic 1).""")

    even_count: float = setting(
        10.0, low=0.0, high=1000000.0, unit="playouts",
        doc="""Equivalent playouts of the even-game prior (MoGo 5, heuristic 1).""")

    grandfather: bool = setting(
        False,
        doc="""Grandfather prior: the value of the same move two plies up, when it has been tried there
        (MoGo 5, heuristic 2).""")

    grandfather_count: float = setting(
        10.0, low=0.0, high=1000000.0, unit="playouts",
        doc="""Equivalent playouts of the grandfather prior (scaled down when the grandfather's own
        visits are fewer).""")

    pattern: bool = setting(
        True,
        doc="""Pattern/capture prior from the playout policy's knowledge (MoGo 5, heuristic 3): moves
        that capture or save stones, or whose 3x3 value is at least good_pattern, count as won;
        moves whose 3x3 value is at most bad_pattern, or that put several own stones in atari,
        as lost.""")

    pattern_count: float = setting(
        20.0, low=0.0, high=1000000.0, unit="playouts",
        doc="""Equivalent playouts of the pattern prior (MoGo 5, heuristic 3).""")

    ladders: bool = setting(
        False,
        doc="""The tree's knowledge reads ladders (the pattern prior and Mango's H): extending a group
        in atari into a ladder that captures it is worth nothing, and the atari that captures an
        opponent's group of two liberties in a ladder is worth as much as capturing it (Pachi's
        and Fuego's ladder checks in their priors).""")

    predictor: bool = setting(
        True,
        doc="""Learned-predictor prior (Pachi's MM pattern prior, after Coulom 2007): each move with
        predictor probability p >= 0.001 starts with predictor_count * sqrt(p) won playouts.""")

    predictor_count: float = setting(
        100.0, low=0.0, high=1000000.0, unit="playouts",
        doc="""Equivalent playouts of the predictor prior at p = 1 (Pachi 12.90's pattern prior:
        300 x its prior unit / 20, so 210 on 9x9 and 300 on 19x19; uct/prior.c).""")

    predictor_model: str = setting(
        "", unit="file",
        doc="""The predictor model file (`mango learn-patterns --model bt --out FILE`) that
        search.predictor_bias, search.predictor_order and the predictor prior read; empty: the model
        shipped in patterns/data.""")

    ownership: bool = setting(
        False,
        doc="""Weigh the predictor's probabilities by how often the playouts give each point to
        the player to move, in nine levels (Pachi 12.90's mcowner pattern feature, which its
        priors rate with the ownermap of the root's playouts): strong players seldom move where
        the playouts already settled the point, for either side, so the priors, the bias and
        the unpruning order turn to the points still in play. The levels' gammas were fitted
        beside the shipped predictor (scripts/ownership_gammas.py, docs/strength.md).""")

    ownership_warmup: int = setting(
        100, low=1, high=100000, unit="playouts",
        doc="""ownership: playouts from the root before a new position's search, so that the
        root's children are ranked with it too; the search's simulations add theirs (Pachi
        500).""")

    good_pattern: int = setting(
        1000, low=1, high=2433, unit="pattern value", by_size={9: 411},
        doc="""3x3 pattern value (1..2433, the table's, whatever playout.pattern_exponent makes of
        it) from which a move's prior is a win. 411 on 9x9: until 2026-11-29 the prior compared
        the urgency, and 9x9's pattern_exponent 0.5, measured with that prior, makes 1000 of a
        value of 411; the 9x9 default keeps the prior it was measured with. With
        playout.patterns off there are no values, and neither threshold is read.""")

    bad_pattern: int = setting(
        5, low=0, high=2433, unit="pattern value", by_size={9: 0},
        doc="""3x3 pattern value at or below which a move's prior is a loss. 0 on 9x9, for the
        reason good_pattern gives (an urgency of 5 or less was no value of 1 or more there).""")

    puct: bool = setting(
        False,
        doc="""AlphaGo-style prior term c * P_i / (1 + n_i), P_i the playout policy's probability of
        the move (the introductory article's PUCT selection).""")

    puct_c: float = setting(
        1.0, low=0.0, high=1000000.0,
        doc="""c of the PUCT prior term c * P_i / (1 + n_i) (the introductory article's selection rule).""")


@dataclass(frozen=True)
class GameConfig(_Section):
    """The rules a new game is played by (issue 31); GTP's kgs-rules and kata-set_rules change
    them for the session."""

    SECTION: ClassVar[str] = "game"

    game: str = setting(
        "go", choices=("go", "nogo"),
        doc="""The game: Go, or NoGo on the same board (a move may neither capture nor leave its
        chain without a liberty, no pass, the side without a legal move loses; the NoGo study in
        the seeds). NoGo's search is UCT with RAVE and the even prior over light playouts (the
        study's MCTS): Go's knowledge (patterns, predictor, progressive bias and unpruning,
        last good replies) does not apply to it.""")

    nogo_playout: str = setting(
        "random", choices=("random", "naive", "coin", "ab", "abab", "go"),
        doc="""NoGo's playouts (the NoGo study's sections 3.3 and 3.5): "random", uniform among the
        legal moves to the end; "naive", uniform among all empty points, a capture or a suicide
        losing for its player (the study's form of the rules, where "random" is its removal of
        the moves that lead to an immediate loss: 60% to 86% against naive from 100 to 100,000
        simulations); "coin", no playout, the winner drawn with probability one half (random
        playouts win 78% against it at 2,000); "ab", the study's generic heuristic for normal
        form games, each move the legal move taking most legal moves from the opponent less
        those it takes from its player (a - b: 52% to 85% against naive from 10 to 640
        simulations); "abab", its full form a - b - a' + b', which also counts what the
        opponent's stone on that point would take; "go", Go's playouts (the 3x3 patterns' values,
        20 times near the last move; Go's captures and saves have nothing to do in NoGo),
        which the study found worse than naive ones (43% to 37%).""")

    rules: str = setting(
        "chinese", choices=("chinese", "japanese"),
        doc="""Scoring: "chinese" counts area (stones and surrounded points); "japanese" counts
        territory and prisoners, and no points in seki. Under Japanese rules the search keeps
        area scoring in its playouts and charges each side a point per stone it has placed
        (Aja Huang's relation between the two counts, as Pachi scores its playouts;
        engine/rules.py), so that filling its own territory or throwing stones away costs
        what it costs on KGS; once the territories are closed (endgame_pass_prior's endgame), a
        double pass in the tree is counted after a playout has settled which stones are dead,
        since the server removes them without the moves that would capture them.""")

    pass_back_when_winning: bool = setting(
        True,
        doc="""After the opponent's pass, pass too (ending the game) when Mango wins it with the
        dead stones of its final status taken off and, under area rules, also counting the
        stones as they stand (CGOS removes none): what GNU Go does, and Pachi once its count
        says passing is safe. The search alone rarely passes there, since every move wins as
        well (a pass is ranked last), and filled its own area and captured dead stones for 80
        moves a game on average before (docs/strength.md, "Passing back").""")

    endgame_pass_prior: float = setting(
        40.0, low=0.0, high=1000000.0, unit="playouts",
        doc="""Under territory rules, once fewer than ENDGAME_OPEN empty points are open (not in
        a region of one colour once the stones a quick ownership estimate calls dead are off:
        engine/rules.py), every pass in the tree is ranked first and starts with this many won
        playouts (Pachi's pass boost in a Japanese endgame). Without it a pass is ranked last and, at its even prior, never tried while
        any move looks better than even; so the search fills its own territory or answers
        invasions inside it, which cost points under these rules. 0: off.""")


@dataclass(frozen=True)
class HandicapConfig(_Section):
    """What the search plays for when the game began with stones (issue 31), and in a lopsided
    even game (issue 30)."""

    SECTION: ClassVar[str] = "handicap"

    dynamic_komi: str = setting(
        "off", choices=("off", "linear", "situational", "situational-fading"),
        doc="""In handicap games, the search plays for the game's komi plus an extra komi for
        White (engine/komi.py). "linear" (Pachi's linear dynkomi): dynamic_komi_stone points per
        handicap stone, fading to nothing over dynamic_komi_moves x the board's points in moves.
        "situational" (Pachi's adaptive dynkomi, in its simplest form): the same start, then
        after each of Mango's moves a step of dynamic_komi_step points toward keeping Mango's
        win rate between dynamic_komi_low and dynamic_komi_high, never below nothing.
        "situational-fading": the situational extra komi times the linear schedule's fade, so
        that the endgame is played for the game's komi (Pachi's adaptive dynkomi also stops
        adapting late in the game): where off won a 13x13 White game situational lost, off won by
        1.5 to 31.5 points and situational lost by 2.5 to 168.5. "off" (the default) plays for the game's komi: on 200
        13x13 games with three stones against GNU Go level 10 linear and situational each won
        less than off as White and no more as Black; giving the stones, Pachi's own linear
        shape (8 a stone gone by move 50) won 12/40 to off's 21/40 on the same seeds, and
        situational-fading 15/40 to 22/41 (docs/strength.md, "Handicap games and dynamic
        komi").""")

    dynamic_komi_stone: float = setting(
        7.0, low=0.0, high=50.0, unit="points",
        doc="""The extra komi per handicap stone at the game's start (dynamic_komi).""")

    dynamic_komi_moves: float = setting(
        0.5, low=0.0, high=3.0, unit="x points",
        doc="""The extra komi is gone after this many moves, as a multiple of the board's points
        (0.5: 180 moves on 19x19, 84 on 13x13).""")

    dynamic_komi_low: float = setting(
        0.45, low=0.0, high=1.0, unit="win rate",
        doc="""Situational dynamic komi: below this win rate Mango's side gets a step of komi.""")

    dynamic_komi_high: float = setting(
        0.6, low=0.0, high=1.0, unit="win rate",
        doc="""Situational dynamic komi: above this win rate Mango's side gives a step of komi
        back (the stronger side keeps playing for a margin instead of slack moves).""")

    dynamic_komi_step: float = setting(
        1.0, low=0.0, high=50.0, unit="points",
        doc="""Situational dynamic komi: the extra komi's change after one of Mango's moves.""")

    score_margin: float = setting(
        0.0, low=0.0, high=0.5, unit="of a win",
        doc="""m, Fuego's score modification (its GoUctGlobalSearch scoreModification, 0.02 there;
        issue 30's score-margin term): a playout won by x of the board's points counts as
        1 - m + m x of a win, one lost by x as m (1 - x), so that where every move wins (or
        every move loses) the search still prefers the larger margin: no slack moves that give
        a won game away point by point, while any win still beats any loss. Counted as a chance
        (a win is a half win with chance 2 m (1 - x), a loss with the same chance) so that the
        tree keeps its half-win counts; the playout's winner (LGRF, criticality, ownership) is
        unchanged. 0, the default until a match decides: wins and losses only.""")

    even_dynamic_komi: bool = setting(
        False,
        doc="""In an even game too (Pachi's default, its linear dynkomi past its handicap phase):
        from even_komi_after x the board's points in moves on, a point of komi against Mango
        after each of its moves while its win rate is above even_komi_green, so that a won game
        is played for a margin rather than with slack moves; even_komi_drop points back (never
        below none) when it falls below even_komi_orange, and, once it has dropped, no extra
        komi for the rest of the game when it falls below one half.""")

    even_komi_after: float = setting(
        0.2, low=0.0, high=3.0, unit="x points",
        doc="""even_dynamic_komi starts after this many moves, a multiple of the board's points
        (0.2: 16 moves on 9x9, Pachi 15; 72 on 19x19, Pachi 150-200).""")

    even_komi_green: float = setting(
        0.85, low=0.0, high=1.0, unit="win rate",
        doc="""even_dynamic_komi: above this win rate a point of komi more against Mango (Pachi 0.85).""")

    even_komi_orange: float = setting(
        0.8, low=0.0, high=1.0, unit="win rate",
        doc="""even_dynamic_komi: below this win rate even_komi_drop points back (Pachi 0.8).""")

    even_komi_drop: float = setting(
        4.0, low=0.0, high=50.0, unit="points",
        doc="""even_dynamic_komi: the points given back below even_komi_orange (Pachi 4).""")


@dataclass(frozen=True)
class TimeConfig(_Section):
    """Thinking time. Under a clock (the controller's time settings, or time_s) time decides how
    long a move thinks; without one, the playouts do."""

    SECTION: ClassVar[str] = "time"

    time_s: float = setting(
        0.0, low=0.0, high=1e6, unit="s",
        doc="""Seconds per move when the controller sets no clock (0: none; then the playouts decide).
        A clock from the controller (time_settings, kgs-time_settings) takes precedence.""")

    lag_s: float = setting(
        1.0, low=0.0, high=3600.0, unit="s",
        doc="""Seconds kept in hand per move for network and controller lag, until the controller's
        time_left reports show the real overhead per move (then 1.5 times the smallest recent one,
        at least 0.1 s and never more than this), and never more than half of a move's share of
        the clock (1 s byo-yomi periods start full, so they never show the lag).""")

    spend_use_or_lose: bool = setting(
        False,
        doc="""No early stop when the move's time is use-or-lose (time_s, a Japanese byo-yomi
        period, a Canadian period's last stone): the move is the same, and the rest of the time
        grows the tree the next move reuses (Pachi and Fuego spend such time too). Off until its
        A/B at 1 s a move decides (docs/strength.md, issue 30).""")

    time_extension: float = setting(
        0.0, low=0.0, high=5.0, unit="x the move's share",
        doc="""Under a clock whose saved time carries over, a move whose search is unsettled when
        its share is spent (the most visited child is not the best valued, or the second has
        more than time_close of the first's visits) thinks on, in steps of a tenth of its share,
        up to this many shares more (never past a quarter of the main time left): the usual
        time management of Pachi and Fuego, which spend where the choice is hard what easy moves
        saved. 0 (the default until a clocked match decides, issue 30) never extends.""")

    time_close: float = setting(
        0.6, low=0.0, high=1.0, unit="fraction",
        doc="""The second child's visits, as a fraction of the first's, above which a move counts as
        unsettled (time_extension).""")

    ponder: bool = setting(
        False,
        doc="""Think on the opponent's time: after a genmove, search the position until the next
        command arrives (the tree is reused when the opponent plays a move it explored).""")

    ponder_max_playouts: int = setting(
        1_000_000, low=0, high=1_000_000_000, unit="visits",
        doc="""Pondering stops after this many root visits (and whenever the node budget is full).""")


SECTION_TYPES: dict[str, type] = {"search": SearchConfig, "tree": TreeConfig,
                                  "playout": PlayoutConfig, "prior": PriorConfig,
                                  "game": GameConfig, "handicap": HandicapConfig,
                                  "time": TimeConfig}
SEED = Setting("seed", None, "int", 1, 0, 2**64 - 1, None, "",
               "Random seed of the search (same seed, one thread: same moves).")


def settings(section: str | None = None) -> list[Setting]:
    """Every declared setting, section by section in declaration order (the seed last), or one
    section's."""
    if section is not None:
        if section not in SECTION_TYPES:
            raise ConfigError(f"unknown config section {section!r}")
        return list(SECTION_TYPES[section].declarations().values())
    out = [s for kind in SECTION_TYPES.values() for s in kind.declarations().values()]
    return out + [SEED]


def _lookup(key: str) -> Setting:
    """A setting by plain name ('uct_c': names are unique across sections) or dotted name
    ('search.uct_c')."""
    if key == "seed":
        return SEED
    if "." in key:
        section, name = key.split(".", 1)
        if section not in SECTION_TYPES:
            raise ConfigError(f"unknown config section {section!r}")
        found = SECTION_TYPES[section].declarations().get(name)
    else:
        found = next((kind.declarations()[key] for kind in SECTION_TYPES.values()
                      if key in kind.declarations()), None)
    if found is None:
        raise ConfigError(f"unknown setting {key!r}")
    return found


@dataclass(frozen=True)
class EngineConfig:
    """Everything Mango's engine is told: built once (CLI options, a TOML file, -o key=value) and
    handed down; replaced, never mutated, between searches."""

    search: SearchConfig = dataclasses.field(default_factory=SearchConfig)
    tree: TreeConfig = dataclasses.field(default_factory=TreeConfig)
    playout: PlayoutConfig = dataclasses.field(default_factory=PlayoutConfig)
    prior: PriorConfig = dataclasses.field(default_factory=PriorConfig)
    game: GameConfig = dataclasses.field(default_factory=GameConfig)
    handicap: HandicapConfig = dataclasses.field(default_factory=HandicapConfig)
    time: TimeConfig = dataclasses.field(default_factory=TimeConfig)
    seed: int = SEED.default
    # The settings with per-size defaults that were set by name (-o, TOML, GTP): for_size()
    # leaves them as set. Not a setting itself.
    pinned: frozenset = frozenset()

    def __post_init__(self) -> None:
        for name, kind in SECTION_TYPES.items():
            if not isinstance(getattr(self, name), kind):
                raise ConfigError(f"{name} must be a {kind.__name__}")
        SEED.check(self.seed)

    def replace(self, **changes) -> "EngineConfig":
        """A copy with settings changed, by plain or dotted name: replace(uct_c=0.5, seed=3). A
        setting with per-size defaults changed this way keeps its value on every size."""
        changed = self._replaced(changes)
        named = {d.name for d in map(_lookup, changes) if d.by_size}
        return dataclasses.replace(changed, pinned=self.pinned | named) if named else changed

    def _replaced(self, changes: dict) -> "EngineConfig":
        grouped: dict[str | None, dict] = {}
        for key, value in changes.items():
            declaration = _lookup(key)
            grouped.setdefault(declaration.section, {})[declaration.name] = value
        top = grouped.pop(None, {})
        for section, values in grouped.items():
            top[section] = getattr(self, section).replace(**values)
        return dataclasses.replace(self, **top)

    def for_size(self, size: int) -> "EngineConfig":
        """The settings a search on this board size uses: each setting with per-size defaults
        that was not set by name takes its default for the size."""
        changes = {d.name: d.default_for(size) for d in settings()
                   if d.by_size and d.name not in self.pinned}
        return self._replaced(changes) if changes else self

    def with_strings(self, pairs: dict[str, str]) -> "EngineConfig":
        """replace() from text values (-o key=value, GTP param commands), parsed by declaration."""
        return self.replace(**{key: _lookup(key).parse(text) for key, text in pairs.items()})

    def with_mapping(self, mapping: dict) -> "EngineConfig":
        """replace() from a parsed TOML file: plain or dotted keys at the top, or tables named
        after the sections (SECTION_TYPES: [search], [tree], [playout] and the rest)."""
        changes = {}
        for key, value in mapping.items():
            if isinstance(value, dict):
                if key not in SECTION_TYPES:
                    raise ConfigError(f"unknown config section {key!r}")
                for name, inner in value.items():
                    changes[f"{key}.{name}"] = inner
            else:
                changes[key] = value
        for key, value in list(changes.items()):
            declaration = _lookup(key)
            if declaration.type == "float" and isinstance(value, int) and not isinstance(value, bool):
                changes[key] = float(value)             # TOML writes 1 for 1.0
        return self.replace(**changes)

    def value(self, declaration: Setting):
        holder = self if declaration.section is None else getattr(self, declaration.section)
        return getattr(holder, declaration.name)

    def flat(self) -> dict[str, object]:
        """Every setting by plain name, for display, results stores and GTP param listings."""
        return {s.name: self.value(s) for s in settings()}


def toml_text(config: EngineConfig | None = None) -> str:
    """A complete TOML file of every setting with its doc, range and default as comments: what
    `mango config --toml` prints for a user to edit and pass back with --config. A setting with
    per-size defaults is written commented out unless it was set by name, so that reading the
    file back leaves the per-size defaults in force."""
    config = config or EngineConfig()
    lines = ["# Mango engine settings (mango config --toml). Pass back with --config FILE.", ""]
    by_section: dict[str | None, list[Setting]] = {}
    for declaration in settings():
        by_section.setdefault(declaration.section, []).append(declaration)
    for section in [None, *SECTION_TYPES]:
        if section is not None:
            lines += [f"[{section}]", ""]
        for declaration in by_section.get(section, []):
            lines += [f"# {line}" for line in _wrap(declaration.doc)]
            lines.append(f"# {describe_range(declaration)}; default {declaration.describe_default()}")
            line = f"{declaration.name} = {_toml(config.value(declaration))}"
            if declaration.by_size and declaration.name not in config.pinned:
                line = "# " + line          # set here, it would hold on every size
            lines += [line, ""]
    return "\n".join(lines)


def describe_range(declaration: Setting) -> str:
    if declaration.type == "bool":
        text = "true or false"
    elif declaration.choices:
        text = "one of " + ", ".join(declaration.choices)
    elif declaration.type == "str":
        text = "text"
    else:
        text = f"{declaration.type} in [{_text(declaration.low)}, {_text(declaration.high)}]"
    return text + (f" ({declaration.unit})" if declaration.unit else "")


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return _text(value)


def _wrap(text: str, width: int = 96) -> list[str]:
    import textwrap
    return textwrap.wrap(text, width) or [""]
