"""The `mango` command line (click): validates options and hands them down to the engine."""
from __future__ import annotations

import json
import textwrap

import click

from mango.engine.playout import POLICIES


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mango-go", prog_name="mango")
def main() -> None:
    """Mango: a classical Monte-Carlo Go engine."""


def engine_config(config_file: str | None, options: tuple[str, ...], **overrides):
    """The one EngineConfig: defaults, then the TOML file, then -o key=value, then the command's
    own options (those not left at None). A bad setting is a clear usage error."""
    try:
        import tomllib
    except ModuleNotFoundError:         # Python < 3.11
        import tomli as tomllib

    from mango.engine.config import ConfigError, EngineConfig

    config = EngineConfig()
    try:
        if config_file:
            with open(config_file, "rb") as handle:
                config = config.with_mapping(tomllib.load(handle))
        pairs = {}
        for option in options:
            if "=" not in option:
                raise ConfigError(f"-o wants key=value, got {option!r}")
            key, value = option.split("=", 1)
            pairs[key.strip()] = value
        config = config.with_strings(pairs)
        config = config.replace(**{k: v for k, v in overrides.items() if v is not None})
    except (ConfigError, OSError, tomllib.TOMLDecodeError) as error:
        raise click.BadParameter(str(error), param_hint="configuration") from None
    return config


CONFIG_OPTIONS = [
    click.option("--config", "config_file", type=click.Path(exists=True, dir_okay=False),
                 help="A TOML file of settings (plain names, or [search]/[playout]/[prior]/[time] tables)."),
    click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE",
                 help="One setting, e.g. -o uct_c=0.5 -o rave=off (repeatable)."),
]


def config_options(function):
    for option in reversed(CONFIG_OPTIONS):
        function = option(function)
    return function


@main.command()
@click.option("--size", type=click.IntRange(2, 19), default=9, show_default=True, help="Board size.")
@click.option("--playouts", type=click.IntRange(1, 100_000_000), default=100_000, show_default=True,
              help="Playouts to run from the empty board.")
@click.option("--policy", type=click.Choice(POLICIES), default="mango", show_default=True,
              help="Playout policy: mango (urgencies) or light (uniform random).")
@click.option("--komi", type=float, default=7.5, show_default=True)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True,
              help="Random seed (same seed, same playouts).")
@click.option("--search", "with_search", is_flag=True,
              help="Time the whole tree search (one search of P playouts) instead of bare playouts.")
@click.option("--threads", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Search threads (with --search).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@config_options
def bench(size: int, playouts: int, policy: str, komi: float, seed: int, with_search: bool,
          threads: int, as_json: bool, config_file, options) -> None:
    """Measure speed: P playouts from the empty board, one process (single thread by default),
    with the settings given (so that a variant's cost can be timed against the defaults)."""
    from mango.engine.bench import playout_speed, search_speed

    config = engine_config(config_file, options, policy=policy).for_size(size)
    if with_search:
        report = search_speed(size, playouts, config, komi, seed, threads)
        if as_json:
            click.echo(json.dumps(report))
            return
        click.echo(f"search of {report['playouts']} {policy} playouts on {size}x{size} in "
                   f"{report['seconds']:.3f} s: {report['playouts_per_second']:,.0f} playouts/s "
                   f"({threads} thread{'s' if threads > 1 else ''})")
        click.echo(f"{report['nodes']:,} nodes of {report['bytes_per_node']} bytes "
                   f"({report['tree_mb']} MB of a {report['tree_bound_mb']} MB bound; "
                   f"{report['nodes_recycled']:,} recycled in {report['prunes']} prunes); "
                   f"peak RSS {report['peak_rss_mb']} MB; move {report['move']}, "
                   f"win rate {report['win_rate']}")
        return
    report = playout_speed(size, playouts, config, komi, seed)
    if as_json:
        click.echo(json.dumps(report))
        return
    click.echo(f"{playouts} {policy} playouts on {size}x{size} in {report['seconds']:.3f} s: "
               f"{report['playouts_per_second']:,.0f} playouts/s")
    click.echo(f"{report['moves_per_playout']} moves per playout; black wins "
               f"{report['black_win_rate']:.1%} at komi {komi:g}; mean score {report['mean_score']:+.2f}")


@main.command()
@click.option("--playouts", type=click.IntRange(0, 100_000_000), default=None,
              help="Playouts per move, a cap under a clock too [default: 10000 without a clock, "
                   "no cap under one].")
@click.option("--time", "time_s", type=click.FloatRange(0, 1e6), default=None,
              help="Seconds per move when the controller sets no clock.")
@click.option("--threads", type=click.IntRange(1, 64), default=None, help="Search threads.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None, help="Random seed.")
@click.option("--log-level", type=click.Choice(["debug", "info", "warning", "error"]), default="info",
              show_default=True, help="What goes to stderr.")
@config_options
def gtp(playouts, time_s, threads, seed, log_level, config_file, options) -> None:
    """Speak GTP on stdin/stdout (Sabaki, GoGui, gtp2ogs, kgsGtp, CGOS); logs go to stderr."""
    import logging
    import sys

    from mango.gtp.server import serve
    from mango.gtp.session import GtpSession

    config = engine_config(config_file, options, playouts=playouts, time_s=time_s, threads=threads,
                           seed=seed)
    logging.basicConfig(level=getattr(logging, log_level.upper()), stream=sys.stderr,
                        format="%(message)s")
    sys.exit(serve(GtpSession(config), sys.stdin.buffer, sys.stdout))   # 130 after SIGINT


@main.command()
@click.option("--size", type=click.IntRange(2, 19), default=9, show_default=True, help="Board size.")
@click.option("--komi", type=float, default=7.5, show_default=True)
@click.option("--playouts", type=click.IntRange(1, 100_000_000), default=None,
              help="Playouts per move [default: the config's, 10000].")
@click.option("--games", type=click.IntRange(1, 100_000), default=1, show_default=True)
@click.option("--threads", type=click.IntRange(1, 64), default=None, help="Search threads.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None, help="Random seed.")
@click.option("--sgf", "sgf_dir", type=click.Path(file_okay=False), default=None,
              help="Write each game as an SGF file in this folder.")
@click.option("--quiet", is_flag=True, help="Only the results, not the final boards.")
@config_options
def selfplay(size, komi, playouts, games, threads, seed, sgf_dir, quiet, config_file, options) -> None:
    """Mango plays itself: complete games, the final board and result of each, SGF files."""
    import math
    import os

    from mango.engine.selfplay import play_selfplay_game
    from mango.gtp.record import game_to_sgf

    if not math.isfinite(komi):
        raise click.BadParameter("komi must be a finite number", param_hint="--komi")
    config = engine_config(config_file, options, playouts=playouts, threads=threads, seed=seed)
    if sgf_dir:
        os.makedirs(sgf_dir, exist_ok=True)
    totals = {"b": 0, "w": 0, "0": 0}
    for index in range(games):
        played = play_selfplay_game(config.replace(seed=config.seed + index), size, komi)
        totals[played.result[0].lower() if played.result[0] in "BW" else "0"] += 1
        if not quiet:
            click.echo(str(played.game))
        click.echo(f"game {index + 1}: {played.result} after {len(played.game.moves)} moves, "
                   f"{played.playouts / max(played.seconds, 1e-9):,.0f} playouts/s, "
                   f"{played.seconds:.1f} s")
        if sgf_dir:
            path = os.path.join(sgf_dir, f"selfplay-{index + 1:03d}.sgf")
            with open(path, "wb") as handle:
                handle.write(game_to_sgf(played.game, played.result, "Mango", "Mango"))
            click.echo(f"wrote {path}")
    if games > 1:
        click.echo(f"Black won {totals['b']}, White won {totals['w']}, jigo {totals['0']}")


@main.command()
@click.option("--opponent", required=True,
              help='The other side: a GTP command ("gnugo --mode gtp --level 10"), "gnugo" (level 10), '
                   'or "mango" (Mango\'s defaults, or a variant with --opponent-option/--opponent-config).')
@click.option("--opponent-option", "opponent_options", multiple=True, metavar="KEY=VALUE",
              help="A setting of a Mango opponent (repeatable).")
@click.option("--opponent-config", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A TOML file of settings for a Mango opponent.")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=10, show_default=True,
              help="Games to play (with --sprt: at most); whole pairs with --openings.")
@click.option("--size", type=click.IntRange(2, 19), default=9, show_default=True)
@click.option("--komi", type=float, default=7.5, show_default=True)
@click.option("--playouts", type=click.IntRange(0, 100_000_000), default=None,
              help="Mango's playouts per move, for both Mango sides; a cap under --time-control "
                   "too [default: 10000 without a clock, the clock alone with one].")
@click.option("--seed", type=click.IntRange(0, 2**62), default=1, show_default=True,
              help="Game i gives Mango the seed SEED + i (a Mango opponent SEED + 500000 + i).")
@click.option("--openings", default=None, metavar="FILE",
              help="Start from these openings, each a game pair with colours swapped (text: one "
                   "line of moves each; SGF; a folder of SGF); 'balanced': the shipped set for 9x9, 13x13 or 19x19.")
@click.option("--sprt", default=None, metavar="ELO0,ELO1",
              help="Stop as soon as the SPRT decides between Elo <= ELO0 and Elo >= ELO1.")
@click.option("--alpha", type=click.FloatRange(0, 0.5, min_open=True, max_open=True), default=0.05,
              show_default=True, help="SPRT false positive rate.")
@click.option("--beta", type=click.FloatRange(0, 0.5, min_open=True, max_open=True), default=0.05,
              show_default=True, help="SPRT false negative rate.")
@click.option("--time-control", default=None, metavar="TC",
              help="Clock for both sides: SECONDS[+INCREMENT], MAIN:PERIODSxSECONDS (byo-yomi) or "
                   "MAIN:SECONDS/STONES (Canadian). More than 1 s over loses on time.")
@click.option("--jobs", type=click.IntRange(1, 4096), default=None,
              help="Games played at once [default: 1 locally, the cluster's CPUs with Ray].")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--ray-address", default=None, help="A Ray cluster (default: RAY_ADDRESS, or a local Ray).")
@click.option("--cpus-per-game", type=click.FloatRange(0, 64, min_open=True), default=1.0,
              show_default=True, help="CPUs a Ray task (one game, both engines) asks for.")
@click.option("--store", "store_path", type=click.Path(dir_okay=False), default="mango-results.jsonl",
              show_default=True, help="Results store (JSONL): every game appended; a match with the "
                                      "same settings resumes from it.")
@click.option("--sgf", "sgf_dir", type=click.Path(file_okay=False), default=None,
              help="Also write each game as SGF in this folder.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the summary (games, wins, losses, draws, errors, time_losses, score, elo, "
                   "elo_low, elo_high, sprt) here.")
@click.option("--quiet", is_flag=True, help="No progress bar and no line per game.")
@config_options
def match(opponent, opponent_options, opponent_config, games, size, komi, playouts, seed, openings,
          sprt, alpha, beta, time_control, jobs, backend, ray_address, cpus_per_game, store_path,
          sgf_dir, json_path, quiet, config_file, options) -> None:
    """Play Mango (side A, with its settings) against another engine; report score, Elo and SPRT."""
    import math

    from mango.gtp import match as lab
    from mango.gtp.backend import BackendError
    from mango.gtp.client import find_gnugo
    from mango.gtp.clock import TimeControl
    from mango.gtp.opening import OpeningError, load_openings
    from mango.gtp.sprt import parse_sprt

    if not math.isfinite(komi):
        raise click.BadParameter("komi must be a finite number", param_hint="--komi")
    config = engine_config(config_file, options, playouts=playouts)
    clocked = time_control is not None
    side_a = lab.mango_side(config.for_size(size).flat(), config_file, options, playouts, clock=clocked)
    if opponent.strip() == "mango":
        variant = engine_config(opponent_config, opponent_options, playouts=playouts)
        side_b = lab.mango_side(variant.for_size(size).flat(), opponent_config, opponent_options,
                                playouts, clock=clocked)
        if side_b.name == side_a.name:
            side_b = lab.Side(side_b.name + " (B)", None, side_b.mango_args, side_b.settings)
    else:
        if opponent_options or opponent_config:
            raise click.BadParameter("only a Mango opponent takes settings", param_hint="--opponent-option")
        try:
            side_b = lab.command_side(opponent)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--opponent") from None
    try:
        test = parse_sprt(sprt, alpha, beta) if sprt else None
        clock = TimeControl.parse(time_control) if time_control else None
        opening_list = tuple(load_openings(openings, size)) if openings else ()
    except OpeningError as error:
        raise click.BadParameter(str(error), param_hint="--openings") from None
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--sprt/--time-control") from None
    settings = lab.MatchSettings(side_a, side_b, size, komi, clock, opening_list, seed, sgf_dir,
                                 find_gnugo())
    try:
        outcome = lab.run_match(settings, games, store_path, jobs=jobs or (1 if backend == "local" else 0),
                                sprt=test, backend=backend, ray_address=ray_address,
                                cpus_per_game=cpus_per_game, progress=not quiet,
                                log=None if quiet else _log_line)
    except BackendError as error:
        raise click.ClickException(str(error)) from None
    for line in lab.summary_lines(outcome.summary):
        click.echo(line)
    if json_path:
        with open(json_path, "w") as handle:
            json.dump(outcome.summary, handle, indent=1)


def _log_line(text: str) -> None:
    import sys

    from tqdm import tqdm

    tqdm.write(text, file=sys.stderr)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--engine", "engine_command", default=None,
              help="A GTP engine's command line [default: Mango, as mango gtp with the options below].")
@click.option("--playouts", type=click.IntRange(1, 100_000_000), default=None,
              help="Mango's playouts per move [default: the config's, 10000].")
@click.option("--seed", type=click.IntRange(0, 2**62), default=1, show_default=True)
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the counts and every test's answer here.")
@config_options
def suite(files, engine_command, playouts, seed, json_path, config_file, options) -> None:
    """Run GTP regression suites (.tst, GNU Go / GoGui format) against Mango or another engine."""
    from mango.gtp.client import split_command
    from mango.gtp.match import mango_side
    from mango.gtp.suite import run_suite

    if engine_command:
        if playouts is not None or options or config_file:
            raise click.BadParameter("Mango's settings do not apply to --engine", param_hint="--engine")
        try:
            command, name = split_command(engine_command), engine_command
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--engine") from None
    else:
        config = engine_config(config_file, options, playouts=playouts)
        side = mango_side(config.flat(), config_file, options, playouts)
        command, name = side.command_line(seed), side.name
    report = run_suite(list(files), command, name, on_outcome=None)
    for line in report.lines():
        click.echo(line)
    if json_path:
        with open(json_path, "w") as handle:
            json.dump({**report.summary(), "engine": name, "results": [
                {"file": o.test.file, "number": o.test.number, "command": o.test.command,
                 "expected": o.test.expected, "expect_failure": o.test.expect_failure,
                 "answer": o.answer, "status": o.status} for o in report.outcomes]}, handle, indent=1)
    if report.summary()["failures"]:
        raise SystemExit(1)


@main.command()
@click.argument("stores", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="mango-report",
              show_default=True, help="Folder for report.md and the plots (PNG).")
@click.option("--no-plots", is_flag=True, help="Only the Markdown tables.")
@click.option("--reference", "references", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="A paper's table (TOML, see docs/results/table1-paper.toml) to show beside the "
                   "configurations that reproduce it (repeatable).")
@click.option("--sprt", default="0,100", show_default=True, metavar="ELO0,ELO1",
              help="The SPRT of paired comparisons (two configurations that played the same "
                   "games against one opponent), on the games only one of them won.")
def report(stores, out_dir, no_plots, references, sprt) -> None:
    """Tables (Markdown) and plots (PNG) of results stores, by configuration."""
    from mango.gtp.report import write_report
    from mango.gtp.sprt import parse_sprt

    try:
        test = parse_sprt(sprt)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--sprt") from None
    try:
        table, written, note = write_report(list(stores), out_dir, plots=not no_plots,
                                            references=list(references), sprt=test)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    click.echo(table, nl=False)
    for path in written:
        click.echo(f"wrote {path}")
    if note:
        click.echo(f"note: {note}", err=True)


@main.command("learn-patterns")
@click.argument("sources", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--model", "model_kind", type=click.Choice(["pattern3", "bt"]), default="pattern3",
              show_default=True,
              help="pattern3: the playouts' 3x3 table; bt: the 19x19 move predictor (generalized "
                   "Bradley-Terry over large patterns and tactical features, fitted by MM).")
@click.option("--out", required=True, type=click.Path(dir_okay=False, writable=True),
              help="Where to write the table or model (.npz).")
@click.option("--since", type=click.IntRange(1, 9999), default=None,
              help="Only games dated this year or later (SGF DT); undated games are left out.")
@click.option("--max-games", type=click.IntRange(1), default=None, help="Stop after this many games.")
@click.option("--hold-out-every", type=click.IntRange(0), default=10, show_default=True,
              help="Keep every Nth game out of learning to measure accuracy (0: none).")
@click.option("--prior-weight", type=click.FloatRange(0, min_open=True), default=20.0, show_default=True,
              help="pattern3: pseudo-count pulling rare patterns towards the overall rate.")
@click.option("--min-count", type=click.IntRange(1), default=3, show_default=True,
              help="bt: keep the large patterns played at least this often in the training games.")
@click.option("--iterations", type=click.IntRange(1), default=20, show_default=True,
              help="bt: most MM iterations (each updates every feature family once).")
@click.option("--stride", type=click.IntRange(1), default=1, show_default=True,
              help="bt: learn from every Nth move of each training game (a different phase in each), "
                   "to fit more games in memory.")
@click.option("--parent-games", type=click.FloatRange(0, min_open=True), default=1.0, show_default=True,
              help="bt: virtual wins and losses of a large pattern against its next smaller size.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def learn_patterns(sources, model_kind, out, since, max_games, hold_out_every, prior_weight, min_count,
                   iterations, stride, parent_games, quiet) -> None:
    """Learn the 3x3 pattern table, or the move predictor, from SGF files, folders or .tar.gz archives."""
    import logging

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    try:
        if model_kind == "bt":
            from mango.patterns.predictor import learn_model

            summary = learn_model(sources, out, since=since, max_games=max_games,
                                  hold_out_every=hold_out_every, min_count=min_count,
                                  iterations=iterations, stride=stride, parent_games=parent_games,
                                  progress=not quiet)
        else:
            from mango.patterns.learn import learn

            summary = learn(sources, out, since=since, max_games=max_games,
                            hold_out_every=hold_out_every, prior_weight=prior_weight, progress=not quiet)
    except (ValueError, OSError) as error:     # no usable games, or the file cannot be written
        raise click.ClickException(str(error)) from None
    for line in summary.lines():
        click.echo(line)
    click.echo(f"wrote {out}")


@main.command()
@click.argument("sources", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--model", "model_path", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A model from `mango learn-patterns --model bt` (default: the shipped one).")
@click.option("--since", type=click.IntRange(1, 9999), default=None,
              help="Only games dated this year or later (SGF DT); undated games are left out.")
@click.option("--max-games", type=click.IntRange(1), default=None,
              help="Stop after this many accepted games (counted before --held-out-every picks).")
@click.option("--held-out-every", type=click.IntRange(0), default=0, show_default=True,
              help="Judge only every Nth accepted game: the games `learn-patterns` held out with the "
                   "same sources, --since and --hold-out-every (0: every game).")
@click.option("--table", type=click.Path(exists=True, dir_okay=False), default=None,
              help="The 3x3 table to compare with (default: the shipped one).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the figures as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Draw the top-k curve beside the 3x3 table's (needs matplotlib).")
@click.option("--plot-with", "plot_with", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Also draw the curves of an earlier --json file (repeatable).")
@click.option("--size", type=click.IntRange(2, 19), default=19, show_default=True,
              help="Judge the games of this board size (the model learned from 19x19 games; "
                   "9x9 tells how well it carries over to the small board).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def predict(sources, model_path, since, max_games, held_out_every, table, json_path, plot_path,
            plot_with, size, quiet) -> None:
    """Move prediction on games the model never saw: top-1, top-5 and log-evidence (mean
    log-probability of the played move), and the 3x3 table's top-k for comparison."""
    import logging

    from mango.engine.feature import Predictor
    from mango.patterns.predictor import evaluate, iter_records, plot_top_k

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    try:
        predictor = Predictor.load(model_path)
    except ValueError as error:
        raise click.ClickException(str(error)) from None

    def chosen():
        for accepted, record in enumerate(iter_records(sources, since, size), 1):
            if max_games is not None and accepted > max_games:
                return
            if not held_out_every or accepted % held_out_every == 0:
                yield record

    figures = evaluate(predictor, chosen(), progress=not quiet, table_path=table).figures()
    figures["label"] = ", ".join(str(s).rstrip("/").rsplit("/", 1)[-1] for s in sources) + (
        f", every {held_out_every}th game" if held_out_every else "")
    if not figures["positions"]:
        raise click.ClickException(f"no {size}x{size} positions to predict")
    click.echo(f"games: {figures['games']}, positions: {figures['positions']:,}")
    click.echo(f"top-1: {figures['top1']:.1%}  top-5: {figures['top5']:.1%}  "
               f"log-evidence: {figures['log_evidence']:.3f}")
    click.echo(f"3x3 table: top-1 {figures['pattern3_top1']:.1%}  top-5 {figures['pattern3_top5']:.1%}")
    if json_path:
        with open(json_path, "w") as handle:
            json.dump(figures, handle, indent=2)
            handle.write("\n")
    if plot_path:
        curves = {}
        for path in plot_with:
            with open(path) as handle:
                earlier = json.load(handle)
            curves[earlier.get("label", path)] = earlier
        curves[figures["label"]] = figures
        try:
            plot_top_k(curves, plot_path)
        except ImportError:
            raise click.ClickException("the plot needs matplotlib: pip install 'mango-go[report]'") from None
        click.echo(f"wrote {plot_path}")


@main.command("config")
@click.option("--toml", "as_toml", is_flag=True,
              help="Print a complete, commented TOML file to edit and pass back with --config.")
@click.option("--size", type=click.IntRange(2, 19), default=None,
              help="The values a game on this board size uses (some defaults depend on the size).")
@config_options
def config_(as_toml, size, config_file, options) -> None:
    """Every engine setting with its value, range and doc (after --config and -o, if given)."""
    from mango.engine.config import describe_range, settings, toml_text

    config = engine_config(config_file, options)
    if as_toml:
        click.echo(toml_text(config))
        return
    shown = config if size is None else config.for_size(size)
    for declaration in settings():
        value = declaration.format(shown.value(declaration))
        default = declaration.format(declaration.default_for(size))
        section = declaration.section or "(top)"
        shows_default = value != default or declaration.by_size     # per-size defaults: always
        note = f"   (default {declaration.describe_default()})" if shows_default else ""
        click.echo(f"{section}.{declaration.name} = {value}{note}")
        click.echo(f"    {describe_range(declaration)}")
        click.echo(textwrap.fill(declaration.doc, 92, initial_indent="    ", subsequent_indent="    "))


if __name__ == "__main__":
    main()
