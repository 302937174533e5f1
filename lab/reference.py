"""Published results beside measured ones: a reproduction of a paper's table in `mango report`.

A reference file (TOML) names the paper's rows by the settings of side A that each row switches, the
opponent and the board, and gives the paper's score:

    title = "Chaslot et al. 2008 (Mango), Table 1"
    name = "table1"                       # the plot: reference-table1.png
    size = 9
    opponent = "gnugo"                    # a part of side B's label
    settings = { playouts = 20000 }       # side A's settings common to every row
    [[row]]
    label = "no PB, no PU"
    settings = { progressive_bias = false, progressive_unpruning = false }
    score = 0.332
    games = 1000

A configuration of the stores reproduces a row when it was played on that board against that
opponent and its side A was recorded with every one of the row's settings; several such
configurations (other settings differing) are listed apart, and a row none reproduces shows as
not measured. Where the opponent is Mango and changes from row to row (a table of 2N against N
simulations), `opponent_settings` (common, and per row) are the settings side B must have been
recorded with, as `settings` are side A's.
"""
from __future__ import annotations

from dataclasses import dataclass

try:
    import tomllib
except ModuleNotFoundError:         # Python 3.9 and 3.10 (pyproject.toml installs tomli there)
    import tomli as tomllib

from mango.engine.statistic import normal_interval

class ReferenceError(ValueError):
    """A reference file that cannot be read or does not say what a reference must."""


@dataclass(frozen=True)
class ReferenceRow:
    label: str
    settings: tuple[tuple[str, object], ...]
    score: float
    games: int | None
    opponent_settings: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Reference:
    title: str
    name: str
    size: int
    opponent: str
    rows: tuple[ReferenceRow, ...]

    def matches(self, row: ReferenceRow, key: tuple, records: list) -> bool:
        """Whether the configuration `key` (A, B, size, komi, clock) of `records` reproduces `row`."""
        if key[2] != self.size or self.opponent not in key[1]:
            return False
        for record in records:
            for side, wanted in (("a", row.settings), ("b", row.opponent_settings)):
                recorded = (record.settings.get(side) or {}).get("settings") or {}
                if any(name not in recorded or recorded[name] != value for name, value in wanted):
                    return False
        return True


def load_reference(path: str) -> Reference:
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise ReferenceError(f"{path}: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ReferenceError(f"{path}: {error}") from None
    try:
        common = dict(data.get("settings", {}))
        common_b = dict(data.get("opponent_settings", {}))
        rows = tuple(ReferenceRow(str(r["label"]), tuple(sorted({**common, **dict(r["settings"])}.items())),
                                  float(r["score"]), int(r["games"]) if "games" in r else None,
                                  tuple(sorted({**common_b, **dict(r.get("opponent_settings", {}))}.items())))
                     for r in data["row"])
        reference = Reference(str(data["title"]), str(data["name"]), int(data["size"]),
                              str(data["opponent"]), rows)
    except (KeyError, TypeError, ValueError) as error:
        raise ReferenceError(f"{path}: a reference needs title, name, size, opponent and rows of "
                             f"label, settings and score ({error!r})") from None
    if not rows or any(not 0 <= r.score <= 1 for r in rows):
        raise ReferenceError(f"{path}: scores are fractions in 0..1, one row at least")
    return reference


def paper_interval(row: ReferenceRow) -> tuple[float, float] | None:
    """The paper's 95% interval (normal approximation, as such papers give it), if its games are known."""
    if not row.games:
        return None
    low, high = normal_interval(row.score, row.games)
    return max(0.0, low), min(1.0, high)


def reproduce(reference: Reference, groups: dict[tuple, list[dict]], summarise) -> list[tuple]:
    """(row, configuration key or None, summary or None) for every row and each configuration
    that reproduces it."""
    out = []
    for row in reference.rows:
        found = [key for key, records in sorted(groups.items(), key=lambda kv: kv[0][:2])
                 if reference.matches(row, key, records)]
        out += [(row, key, summarise(groups[key])) for key in found] or [(row, None, None)]
    return out


def markdown(reference: Reference, rows: list[tuple]) -> str:
    lines = [f"## {reference.title}", "",
             "| row | paper (95%) | measured (95%) | games | Elo (95%) | configuration |",
             "|---|---|---|---|---|---|"]
    for row, key, s in rows:
        interval = paper_interval(row)
        paper = f"{row.score:.1%}" + (f" ({interval[0]:.1%}-{interval[1]:.1%})" if interval else "")
        if s is None:
            lines.append(f"| {row.label} | {paper} | not measured | 0 | - | - |")
            continue
        elo = "-" if s["elo"] is None else f"{s['elo']:+.0f}"
        low = "-inf" if s["elo_low"] is None else f"{s['elo_low']:+.0f}"
        high = "+inf" if s["elo_high"] is None else f"{s['elo_high']:+.0f}"
        lines.append(f"| {row.label} | {paper} | {s['score']:.1%} ({s['score_low']:.1%}-"
                     f"{s['score_high']:.1%}) | {s['games']} | {elo} ({low} to {high}) | "
                     f"{key[0]} vs {key[1]} |")
    return "\n".join(lines) + "\n"


def plot(reference: Reference, rows: list[tuple], path: str) -> None:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8.5, 0.6 * len(rows) + 1.6))
    for i, (row, key, s) in enumerate(rows):
        interval = paper_interval(row)
        ax.errorbar([row.score], [i + 0.15], fmt="s", color="C1", capsize=4,
                    xerr=None if interval is None else [[row.score - interval[0]], [interval[1] - row.score]],
                    label="paper" if i == 0 else None)
        if s is not None:
            ax.errorbar([s["score"]], [i - 0.15], fmt="o", color="C0", capsize=4,
                        xerr=[[s["score"] - s["score_low"]], [s["score_high"] - s["score"]]],
                        label="Mango, measured" if all(r[2] is None for r in rows[:i]) else None)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([row.label + ("" if s else " (not measured)") for row, _, s in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.axvline(0.5, color="grey", lw=0.8)
    ax.set_xlabel("score against " + reference.opponent + " (95% interval)")
    ax.set_title(reference.title, fontsize=9)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
