"""Reports of results stores: Markdown tables and matplotlib plots.

Games are grouped by configuration: side A, side B, board size, komi and time control (games of
several matches and stores with the same configuration are combined). Per configuration: games,
wins, draws, losses, errors, time losses, score and Elo with 95% intervals (pentanomial when the
games came in opening pairs), and the seconds per move of each side. Plots (PNG): the score with
its interval per configuration (winrate.png), Elo against side A's playouts per move for each
opponent (scaling.png, as the MoGo paper's Fig. 7), the progression against each opponent met by
several configurations (progress.png: Elo of each configuration in the order its games were
played, so the strength ledger's baselines and re-measurements show as a curve), and the mean
seconds per move by move number (time.png). matplotlib is the optional extra `report`; without it the tables are still written.
Configurations that played the same games (openings, colours and seeds) against the same
opponent are also compared game by game: a paired A/B against that opponent. An SPRT can be
followed along each configuration's games in the order they were stored (track).
"""
from __future__ import annotations

import logging
import math
import os
from collections import defaultdict

from mango.engine.config import DEFAULT_PLAYOUTS
from mango.lab.sprt import Sprt, Tally
from mango.lab.game_record import GameRecord, build_of
from mango.lab.store import read_records, settings_agree

log = logging.getLogger("mango.lab")

ELO_CLIP = 800
PAIRED_SPRT = Sprt(0, 100)      # the laboratory's usual A/B test
PLOTS_MISSING = "plots need matplotlib: pip install 'mango-go[report]'"


def group_records(records: list[GameRecord],
                  builds_alike: bool = False) -> dict[tuple, list[GameRecord]]:
    """Games by configuration. One label can stand for different settings (the same command
    line before and after a default changed): such games are told apart by the settings the
    store recorded, and the later variants' labels carry what differs ("{avoid_self_atari=True}").
    A setting recorded on one side only (declared later) does not split a configuration.
    builds_alike: the builds that played a configuration do not split it either (a match resumed
    from a new install whose play was checked unchanged, so that its games pair with another
    configuration's as one set)."""
    groups: dict[tuple, list[GameRecord]] = defaultdict(list)
    variants: dict[tuple, list[GameRecord]] = defaultdict(list)
    seen: dict[tuple, GameRecord] = {}
    conflicts: dict[str, int] = defaultdict(int)
    for r in records:
        # a handicap makes another configuration: its games are told apart by side A's label
        # (and whether side A always gives or always takes them, or both in turn)
        side = r.settings.get("handicap_side", "both") if r.handicap else "both"
        label = (r.a + (f" [handicap {r.handicap}{'' if side == 'both' else ', ' + side}]"
                        if r.handicap else "")
                 + (f" [{r.settings['rules']} rules]" if r.settings.get("rules") else ""),
                 r.b, r.size, r.komi, r.time_control)
        settings = _recorded_settings(r, builds_alike)
        known = variants[label]
        index = next((i for i, other in enumerate(known) if settings_agree(other, settings)), None)
        if index is None:
            known.append(dict(settings))
            index = len(known) - 1
        ident = (label, index, r.match, r.game)
        if ident in seen:                   # one game stored twice (two stores of one match)
            first = seen[ident]
            if (first.sgf, first.result) != (r.sgf, r.result):
                conflicts[r.match] += 1
            continue
        seen[ident] = r
        known[index].update(settings)
        groups[(label, index)].append(r)
    for key, n in conflicts.items():
        log.warning("match %s: %d games stored twice with different moves or results (builds "
                    "that name no commit, under one key?); the first read of each is kept", key, n)
    out = {}
    for (label, index), games in groups.items():
        a, b = label[0], label[1]
        if index > 0:
            first, this = variants[label][0], variants[label][index]
            a += _difference(first, this, "a")
            b += _difference(first, this, "b")
        out[(a, b) + label[2:]] = games
    return out


def _recorded_settings(record: GameRecord, builds_alike: bool = False) -> dict:
    """Both Mango sides' recorded settings as {("a", name): value, ("b", name): value}, and each
    side's build where its identity names one (unless builds_alike): the same settings on another
    build (a match resumed after the engine changed, under the same key) are another
    configuration."""
    flat = {}
    for side in ("a", "b"):
        settings = (record.settings.get(side) or {}).get("settings") or {}
        flat.update({(side, name): value for name, value in settings.items()})
        build = None if builds_alike else build_of(getattr(record, f"engine_{side}"))
        if build:
            flat[(side, "build")] = build
    return flat


def _difference(first: dict, this: dict, side: str, shown: int = 4) -> str:
    changed = sorted(f"{name}={this[(s, name)]}" for (s, name) in this
                     if s == side and (s, name) in first and first[(s, name)] != this[(s, name)])
    if not changed:
        return ""
    more = f", +{len(changed) - shown}" if len(changed) > shown else ""
    return " {" + ", ".join(changed[:shown]) + more + "}"


def summarise(records: list[GameRecord]) -> dict:
    summary = track(records, None, every=len(records))[-1]      # the whole configuration at once
    for side in ("a", "b"):
        times = [t for r in records for t in getattr(r, f"move_times_{side}")]
        summary[f"seconds_per_move_{side}"] = sum(times) / len(times) if times else None
    settings = (records[0].settings.get("a") or {}).get("settings") or {}
    playouts = settings.get("playouts")
    if playouts == 0 and not records[0].time_control:
        playouts = DEFAULT_PLAYOUTS         # 0: Mango's default budget when no clock runs
    summary["playouts_a"] = playouts or None
    for colour, key in (("b", "as_black"), ("w", "as_white")):
        played = [r for r in records if r.a_colour == colour and not r.error]
        summary[key] = (sum(r.points for r in played), len(played))
    return summary


def _elo(value, infinite: str) -> str:
    return infinite if value is None else f"{value:+.0f}"


def markdown(groups: dict[tuple, list[GameRecord]]) -> str:
    lines = ["| A | B | size | komi | clock | games | W-D-L | errors | time losses | score (95%) "
             "| Elo (95%) | A as Black | A as White | s/move A | s/move B |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for (a, b, size, komi, clock), records in sorted(groups.items(), key=lambda kv: kv[0][:2]):
        s = summarise(records)
        per_move = [("-" if s[f"seconds_per_move_{x}"] is None else f"{s[f'seconds_per_move_{x}']:.3f}")
                    for x in "ab"]
        lines.append(
            f"| {a} | {b} | {size} | {komi:g} | {clock or '-'} | {s['games']} | "
            f"{s['wins']}-{s['draws']}-{s['losses']} | {s['errors']} | {s['time_losses']} | "
            f"{s['score']:.1%} ({s['score_low']:.1%}-{s['score_high']:.1%}) | "
            f"{_elo(s['elo'], '+inf' if s['score'] >= 0.5 else '-inf')} "
            f"({_elo(s['elo_low'], '-inf')} to {_elo(s['elo_high'], '+inf')}) | "
            f"{s['as_black'][0]:g}/{s['as_black'][1]} | {s['as_white'][0]:g}/{s['as_white'][1]} | "
            f"{per_move[0]} | {per_move[1]} |")
    return "\n".join(lines) + "\n"


def mcnemar_p(first_only: int, second_only: int) -> float:
    """Exact two-sided McNemar test: the chance of discordant games this uneven or more if
    either configuration were as likely to win them alone (a binomial test at one half)."""
    n, k = first_only + second_only, min(first_only, second_only)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def _game_key(record: GameRecord) -> tuple:
    """What makes two games the same game but for side A's settings: the opening, A's colour
    and both seeds (a match's seeds follow its game numbers, so two matches with the same
    openings, games and --seed give the same seeds; GNU Go takes its seed since 2026-11-25,
    before which it chose its fuseki moves by the clock, so earlier pairs share the opening,
    colour and Mango's seed, not GNU Go's moves)."""
    return record.opening, record.a_colour, record.seed_a, record.seed_b


def _opponent_settings(record: GameRecord) -> tuple:
    """Side B's recorded settings (a Mango opponent's; empty for another engine): games against
    a Mango opponent pair only while its settings, and so its games, are the same (its defaults
    change from one laboratory era to the next under the same name)."""
    settings = (record.settings.get("b") or {}).get("settings") or {}
    return tuple(sorted((name, repr(value)) for name, value in settings.items()))


def paired_comparisons(groups: dict[tuple, list[GameRecord]], sprt: Sprt = PAIRED_SPRT) -> list[dict]:
    """Every two configurations that played the same games against the same opponent (on the
    same size, komi and clock): the games both won, each alone, both lost, and McNemar's p.
    Such a comparison is a paired A/B against that opponent: the opening, the colours and the
    opponent's seed are the same in each pair of games, so only side A's settings differ.
    Draws and errors (an engine that crashed or was forfeited) leave a game out: they say
    nothing about A's settings.

    The games only one configuration won are scored as a match between the two: under the
    logistic (Bradley-Terry) model, the chance that the first wins a game the second lost, given
    that only one of them won it, is exp(r1 - r2) / (1 + exp(r1 - r2)) whatever the opponent's
    strength, even when it changes from one opening to the next (the two games of a pair taken
    as independent): the two configurations' head-to-head expected score. So the Elo and the
    SPRT of those games measure what a self-play A/B measures, through the opponent's games."""
    by_opponent: dict[tuple, list[tuple]] = defaultdict(list)
    for (a, b, size, komi, clock), records in sorted(groups.items(), key=lambda kv: kv[0][:2]):
        decided: dict[tuple, dict] = defaultdict(dict)
        for r in records:
            if r.points in (0, 1) and not r.error:
                decided[_opponent_settings(r)].setdefault(_game_key(r), r.points)
        for opponent, games in decided.items():
            by_opponent[(b, size, komi, clock, opponent)].append((a, games))
    rows = []
    for (b, size, komi, clock, _), configurations in by_opponent.items():
        for i, (first, first_games) in enumerate(configurations):
            for second, second_games in configurations[i + 1:]:
                common = first_games.keys() & second_games.keys()
                if not common:
                    continue
                pairs = [(first_games[k], second_games[k]) for k in common]
                first_only = sum(1 for x, y in pairs if x > y)
                second_only = sum(1 for x, y in pairs if y > x)
                head_to_head = Tally(wins=first_only, losses=second_only).summary(sprt)
                rows.append({"b": b, "size": size, "komi": komi, "clock": clock, "first": first,
                             "second": second, "games": len(pairs),
                             "both_won": sum(1 for x, y in pairs if x == y == 1),
                             "first_only": first_only, "second_only": second_only,
                             "both_lost": sum(1 for x, y in pairs if x == y == 0),
                             "p": mcnemar_p(first_only, second_only),
                             "elo": head_to_head["elo"], "elo_low": head_to_head["elo_low"],
                             "elo_high": head_to_head["elo_high"], "sprt": head_to_head["sprt"]})
    return rows


def paired_markdown(rows: list[dict]) -> str:
    if not rows:
        return ""
    sprt = rows[0]["sprt"]
    lines = ["## The same games, two configurations (paired against the same opponent)\n",
             "p: the exact McNemar test. Elo: the first configuration over the second, from the "
             "games only one of them won (95% interval), with the SPRT"
             f"({sprt['elo0']:g},{sprt['elo1']:g}) of those games.\n",
             "| B | size | first A | second A | games | both won | first only | second only "
             "| both lost | p | Elo (95%) | LLR |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        elo = _elo(row["elo"], "+inf" if row["first_only"] > row["second_only"] else "-inf")
        decided = "" if row["sprt"]["result"] == "continue" else f" ({row['sprt']['result']})"
        lines.append(f"| {row['b']} | {row['size']} | {row['first']} | {row['second']} | "
                     f"{row['games']} | {row['both_won']} | {row['first_only']} | "
                     f"{row['second_only']} | {row['both_lost']} | {row['p']:.3f} | "
                     f"{elo} ({_elo(row['elo_low'], '-inf')} to {_elo(row['elo_high'], '+inf')}) | "
                     f"{row['sprt']['llr']:.2f}{decided} |")
    return "\n".join(lines) + "\n"


def track(records: list[GameRecord], sprt: Sprt | None, every: int = 50) -> list[dict]:
    """A configuration's statistics in the order its games were stored, after every `every`
    stored games and after the last: the path of an SPRT's log-likelihood ratio, which tells a
    lean that faded (the ledger's "LLR 1.21 at 336, 0.03 at 400") from one that held."""
    tally = Tally(paired=all(r.opening for r in records))
    rows = []
    for stored, r in enumerate(records, 1):
        tally.add(r.points, (r.match, r.pair), r.error, r.time_loss)
        if stored % every == 0 or stored == len(records):
            rows.append(tally.summary(sprt))
    return rows


def track_markdown(groups: dict[tuple, list[GameRecord]], sprt: Sprt, every: int = 50) -> str:
    lines = [f"## As the games were stored: SPRT({sprt.elo0:g},{sprt.elo1:g}) every {every} games\n"]
    for (a, b, size, komi, clock), records in sorted(groups.items(), key=lambda kv: kv[0][:2]):
        lines += [f"### {a} against {b}, {size}x{size}, komi {komi:g}{', ' + clock if clock else ''}\n",
                  "| games | score (95%) | Elo (95%) | pentanomial | LLR |", "|---|---|---|---|---|"]
        for s in track(records, sprt, every):
            elo = _elo(s["elo"], "+inf" if s["score"] >= 0.5 else "-inf")
            decided = "" if s["sprt"]["result"] == "continue" else f" ({s['sprt']['result']})"
            pairs = "/".join(map(str, s["pentanomial"])) if "pentanomial" in s else "-"
            lines.append(f"| {s['games']} | {s['points']:g} = {s['score']:.1%} "
                         f"({s['score_low']:.1%}-{s['score_high']:.1%}) | {elo} "
                         f"({_elo(s['elo_low'], '-inf')} to {_elo(s['elo_high'], '+inf')}) | "
                         f"{pairs} | {s['sprt']['llr']:.2f}{decided} |")
        lines.append("")
    return "\n".join(lines)


def write_report(stores: list[str], out_dir: str, plots: bool = True,
                 references: list[str] = (), sprt: Sprt = PAIRED_SPRT, tracked: Sprt | None = None,
                 every: int = 50, builds_alike: bool = False) -> tuple[str, list[str], str | None]:
    """(markdown, PNG paths written, a note when plots were not made). Each reference file
    (lab/reference.py) adds a paper's table beside the configurations that reproduce it; sprt
    is the test of the paired comparisons; tracked, an SPRT followed along each configuration's
    games (track_markdown); builds_alike, as in group_records."""
    from mango.lab import reference as paper

    records = [r for path in stores for r in read_records(path)]
    if not records:
        raise ValueError("no games in " + ", ".join(stores))
    groups = group_records(records, builds_alike)
    reproductions = []
    for path in references:
        ref = paper.load_reference(path)
        reproductions.append((ref, paper.reproduce(ref, groups, summarise)))
    table = markdown(groups) + "".join("\n" + paper.markdown(ref, rows) for ref, rows in reproductions)
    paired = paired_markdown(paired_comparisons(groups, sprt))
    if paired:
        table += "\n" + paired
    if tracked is not None:
        table += "\n" + track_markdown(groups, tracked, every)
    os.makedirs(out_dir, exist_ok=True)
    written, note = [], None
    if plots:
        try:
            import matplotlib
        except ImportError:
            note = PLOTS_MISSING
        else:
            matplotlib.use("Agg")
            written = _plots(groups, out_dir)
            for ref, rows in reproductions:
                written.append(os.path.join(out_dir, f"reference-{ref.name}.png"))
                paper.plot(ref, rows, written[-1])
    text = "# Match report\n\n" + table
    if written:
        text += "\n" + "\n".join(f"![{os.path.basename(p)}]({os.path.basename(p)})" for p in written) + "\n"
    with open(os.path.join(out_dir, "report.md"), "w") as handle:
        handle.write(text)
    return table, written, note


def _plots(groups: dict[tuple, list[GameRecord]], out_dir: str) -> list[str]:
    keys = sorted(groups, key=lambda k: k[:2])
    summaries = {k: summarise(groups[k]) for k in keys}
    written = [_winrate_plot(keys, summaries, out_dir), _scaling_plot(keys, summaries, out_dir),
               _progress_plot(_progress(groups, summaries), out_dir),
               _time_plot(keys, groups, out_dir)]
    return [path for path in written if path]


def _winrate_plot(keys: list[tuple], summaries: dict, out_dir: str) -> str:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(11, 0.5 * len(keys) + 1.8))
    for i, k in enumerate(keys):
        s = summaries[k]
        ax.errorbar([s["score"]], [i], xerr=[[s["score"] - s["score_low"]], [s["score_high"] - s["score"]]],
                    fmt="o", capsize=4, color="C0", clip_on=False)
    ax.axvline(0.5, color="grey", lw=0.8)
    ax.set_yticks(range(len(keys)))
    ax.set_yticklabels([f"{k[0]} vs {k[1]} ({k[2]}x{k[2]}{', ' + k[4] if k[4] else ''})"
                        for k in keys], fontsize=7)
    ax.set_ylim(-0.7, len(keys) - 0.3)
    ax.set_xlim(-0.02, 1.02)                # a score of 0 or 1 stays inside the frame
    ax.set_xlabel("score of A (95% interval)")
    ax.set_title("Score per configuration")
    return _save(fig, out_dir, "winrate.png")


def _scaling_plot(keys: list[tuple], summaries: dict, out_dir: str) -> str | None:
    import matplotlib.pyplot as plt

    by_opponent: dict[tuple, list] = defaultdict(list)
    for k in keys:
        s = summaries[k]
        if s["playouts_a"] and s["elo"] is not None:
            by_opponent[(k[1], k[2])].append((s["playouts_a"], s["elo"], s["elo_low"], s["elo_high"]))
    if not by_opponent:
        return None
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for (opponent, size), points in sorted(by_opponent.items()):
        points.sort()
        y, low, high = _errorbars([p[1:] for p in points])
        ax.errorbar([p[0] for p in points], y, yerr=[low, high], marker="o", capsize=3,
                    label=f"against {opponent} ({size}x{size})")
    ax.set_xscale("log")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("A's playouts per move")
    ax.set_ylabel("Elo of A (95% interval)")
    ax.set_title("Scaling with playouts")
    ax.legend(fontsize=7)
    return _save(fig, out_dir, "scaling.png")


def _progress_plot(progress: dict[tuple, list], out_dir: str) -> str | None:
    """One panel per opponent: each configuration of A in the order it was first played, named
    on its own tick by what it is (side A's settings, less what every point of the panel
    shares) and when its first game ended, so that labels never overlap."""
    import matplotlib.pyplot as plt

    if not progress:
        return None
    series = sorted(progress.items(), key=str)
    fig, axes = plt.subplots(len(series), 1, figsize=(10, 4.2 * len(series)), squeeze=False,
                             layout="constrained")
    for ax, ((opponent, size, clock), points) in zip(axes[:, 0], series):
        x = list(range(len(points)))
        y, low, high = _errorbars([(p[2]["elo"] if p[2]["elo"] is not None else _clip(p[2]["score"]),
                                    p[2]["elo_low"], p[2]["elo_high"]) for p in points])
        ax.errorbar(x, y, yerr=[low, high], marker="o", capsize=3)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xticks(x)
        ax.set_xticklabels(_change_labels([p[1] for p in points], [p[0] for p in points]),
                           rotation=25, ha="right", fontsize=6)
        ax.set_xlim(-0.5, len(points) - 0.5)
        ax.set_ylabel("Elo of A (95%)")
        ax.set_title(f"against {opponent} ({size}x{size}{', ' + clock if clock else ''})", fontsize=9)
    fig.suptitle("Progression against each opponent: each configuration of A, in the order played")
    return _save(fig, out_dir, "progress.png")


def _change_labels(names: list[str], dates: list[str], width: int = 34) -> list[str]:
    """Side A's name without the words every configuration of the panel shares, wrapped, over
    the date and time its first game ended."""
    shared = set.intersection(*(set(name.split()) for name in names)) if names else set()
    labels = []
    for name, date in zip(names, dates):
        words = [w for w in name.split() if w not in shared] or ["(the common settings)"]
        lines, line = [], ""
        for word in words:
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        lines.append(line)
        labels.append("\n".join(lines[:3] + (["..."] if len(lines) > 3 else []) + [date[:16].replace("T", " ")]))
    return labels


def _time_plot(keys: list[tuple], groups: dict[tuple, list[GameRecord]], out_dir: str) -> str:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for k in keys:
        for side, style in (("a", "-"), ("b", "--")):
            sums: dict[int, list] = defaultdict(list)
            for r in groups[k]:
                for n, t in enumerate(getattr(r, f"move_times_{side}")):
                    sums[n].append(t)
            if sums:
                xs = sorted(sums)
                ax.plot([x + 1 for x in xs], [sum(sums[x]) / len(sums[x]) for x in xs], style,
                        label=f"{k[0] if side == 'a' else k[1]} ({'A' if side == 'a' else 'B'})")
    ax.set_xlabel("the side's move number")
    ax.set_ylabel("mean seconds")
    ax.set_title("Time used per move")
    ax.legend(fontsize=6)
    return _save(fig, out_dir, "time.png")


def _errorbars(points: list[tuple]) -> tuple[list, list, list]:
    """(elo, low, high) per point to matplotlib's y and its distances below and above; an
    infinite bound (None: all won or all lost) is drawn to +-ELO_CLIP."""
    y = [p[0] for p in points]
    low = [p[0] - (p[1] if p[1] is not None else -ELO_CLIP) for p in points]
    high = [(p[2] if p[2] is not None else ELO_CLIP) - p[0] for p in points]
    return y, low, high


def _clip(score: float) -> float:
    return ELO_CLIP if score >= 0.5 else -ELO_CLIP


def _progress(groups: dict[tuple, list[GameRecord]], summaries: dict) -> dict[tuple, list]:
    """Per (opponent, size, clock) met by two or more configurations of A: (date, A's name,
    summary) in the order the configurations were first played."""
    series: dict[tuple, list] = defaultdict(list)
    for k, records in groups.items():
        started = min(r.finished for r in records)
        series[(k[1], k[2], k[4])].append((started, k[0], summaries[k]))
    return {key: sorted(points, key=lambda p: p[0]) for key, points in series.items()
            if len(points) >= 2}


def _save(fig, out_dir: str, name: str) -> str:
    import matplotlib.pyplot as plt

    path = os.path.join(out_dir, name)
    fig.savefig(path, dpi=110, bbox_inches="tight")     # no label cut at the edges
    plt.close(fig)
    return path
