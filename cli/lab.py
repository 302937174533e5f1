"""The laboratory's commands: matches between engines, the tactical suite, reports of stores."""
from __future__ import annotations

import json
import os
import signal

import click

from mango.cli.option import KOMI, config_options, engine_config, output_file, output_folder, output_path


@click.command()
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
@click.option("--komi", type=KOMI, default=7.5, show_default=True)
@click.option("--playouts", type=click.IntRange(0, 100_000_000), default=None,
              help="Mango's playouts per move, for both Mango sides; a cap under --time-control "
                   "too [default: 10000 without a clock, the clock alone with one].")
@click.option("--seed", type=click.IntRange(0, 2**62), default=1, show_default=True,
              help="Game i gives Mango the seed SEED + i (a Mango opponent SEED + 500000 + i).")
@click.option("--openings", default=None, metavar="FILE",
              help="Start from these openings, each a game pair with colours swapped (text: one "
                   "line of moves each; SGF; a folder of SGF); 'balanced': the shipped set for 9x9, 13x13 or 19x19.")
@click.option("--handicap", type=click.IntRange(0, 9), default=0, show_default=True,
              help="Black's fixed handicap stones (2-9) in every game, White to move first; side A "
                   "takes them in even games and gives them in odd ones (not with --openings).")
@click.option("--handicap-side", type=click.Choice(["both", "give", "take"]), default="both",
              show_default=True,
              help="With --handicap: side A gives the stones (White) in every game, takes them "
                   "(Black) in every game, or both in turn.")
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
              callback=output_file,
              show_default=True, help="Results store (JSONL): every game appended; a match with the "
                                      "same settings resumes from it.")
@click.option("--sgf", "sgf_dir", type=click.Path(file_okay=False), default=None, callback=output_folder,
              help="Also write each game as SGF in this folder.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None, callback=output_file,
              help="Write the summary (games, wins, losses, draws, errors, time_losses, score, elo, "
                   "elo_low, elo_high, sprt) here.")
@click.option("--quiet", is_flag=True, help="No progress bar and no line per game.")
@config_options
def match(opponent, opponent_options, opponent_config, games, size, komi, playouts, seed, openings,
          handicap, handicap_side, sprt, alpha, beta, time_control, jobs, backend, ray_address,
          cpus_per_game, store_path, sgf_dir, json_path, quiet, config_file, options) -> None:
    """Play Mango (side A, with its settings) against another engine; report score, Elo and SPRT.

    The games are played and counted by side A's rules (-o rules=japanese: every engine is told
    by kgs-rules, GNU Go by --japanese-rules, and GNU Go's final_score counts territory)."""

    from mango.engine.handicap import fixed_handicap_vertices
    from mango.lab import match as lab
    from mango.lab.backend import BackendError
    from mango.lab.client import find_gnugo
    from mango.lab.matchclock import MatchTimeControl
    from mango.lab.opening import load_openings
    from mango.lab.sprt import parse_sprt
    from mango.lab.store import StoreError

    config = engine_config(config_file, options, playouts=playouts)
    clocked = time_control is not None
    side_a = lab.mango_side(config.for_size(size).flat(), config_file, options, playouts, clock=clocked)
    if opponent.strip() == "mango":
        variant = engine_config(opponent_config, opponent_options, playouts=playouts)
        side_b = lab.mango_side(variant.for_size(size).flat(), opponent_config, opponent_options,
                                playouts, clock=clocked)
        if variant.game.rules != config.game.rules:
            raise click.BadParameter(
                f"side A plays by {config.game.rules} rules, the opponent by {variant.game.rules}: "
                f"give both the same (--opponent-option rules={config.game.rules})",
                param_hint="--opponent-option")
        if side_b.name == side_a.name:
            side_b = lab.Side(side_b.name + " (B)", None, side_b.mango_args, side_b.settings)
    else:
        if opponent_options or opponent_config:
            raise click.BadParameter("only a Mango opponent takes settings", param_hint="--opponent-option")
        try:
            side_b = lab.command_side(opponent, config.game.rules)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--opponent") from None
    test = _parsed("--sprt", lambda: parse_sprt(sprt, alpha, beta) if sprt else None)
    clock = _parsed("--time-control", lambda: MatchTimeControl.parse(time_control) if time_control else None)
    opening_list = _parsed("--openings", lambda: tuple(load_openings(openings, size)) if openings else ())
    if handicap and opening_list:
        raise click.BadParameter("the openings start from an empty board: not with a handicap",
                                 param_hint="--handicap")
    if handicap:
        _parsed("--handicap", lambda: fixed_handicap_vertices(size, handicap))
    elif handicap_side != "both":
        raise click.BadParameter("only with --handicap", param_hint="--handicap-side")
    game = config.game.game
    opponent_game = variant.game.game if opponent.strip() == "mango" else "go"
    if game != opponent_game:
        raise click.BadParameter("a NoGo match is Mango against Mango, both with game=nogo "
                                 "(--opponent mango --opponent-option game=nogo)",
                                 param_hint="--opponent")
    settings = lab.MatchSettings(side_a, side_b, size, komi, clock, opening_list, seed, sgf_dir,
                                 None if game == "nogo" else find_gnugo(), handicap, game,
                                 handicap_side, config.game.rules)
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        outcome = lab.run_match(settings, games, store_path, jobs=jobs or (1 if backend == "local" else 0),
                                sprt=test, backend=backend, ray_address=ray_address,
                                cpus_per_game=cpus_per_game, progress=not quiet,
                                log=None if quiet else _log_line)
    except BackendError as error:
        raise click.ClickException(str(error)) from None
    except StoreError as error:
        raise click.BadParameter(str(error), param_hint="--store") from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    for line in lab.summary_lines(outcome.summary):
        click.echo(line)
    if json_path:
        with open(output_path(json_path), "w") as handle:
            json.dump(outcome.summary, handle, indent=1)
    if outcome.summary["interrupted"]:
        click.echo(f"interrupted: the games under way were dropped; every finished game is in "
                   f"{store_path}, and the same command resumes the match", err=True)
        raise SystemExit(130)
    if outcome.summary["errors"] and not outcome.summary["games"]:
        raise click.ClickException(f"every game failed ({outcome.summary['errors']} errors: an engine "
                                   f"could not start, died or refused a command); nothing was measured")


def _parsed(hint: str, read):
    """An option's value; its error (ValueError, OpeningError) as a usage error naming it."""
    try:
        return read()
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint=hint) from None


def _interrupt(signum, frame) -> None:
    """SIGTERM stops a match as Ctrl-C does: workers stopped, finished games kept, a summary."""
    raise KeyboardInterrupt


def _log_line(text: str) -> None:
    import sys

    from tqdm import tqdm

    tqdm.write(text, file=sys.stderr)


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--engine", "engine_command", default=None,
              help="A GTP engine's command line [default: Mango, as mango gtp with the options below].")
@click.option("--playouts", type=click.IntRange(1, 100_000_000), default=None,
              help="Mango's playouts per move [default: the config's, 10000].")
@click.option("--seed", type=click.IntRange(0, 2**62), default=1, show_default=True)
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None, callback=output_file,
              help="Write the counts and every test's answer here.")
@config_options
def suite(files, engine_command, playouts, seed, json_path, config_file, options) -> None:
    """Run GTP regression suites (.tst, GNU Go / GoGui format) against Mango or another engine.
    FILES are .tst files, or the shipped suites by name: `mango` (hand-made 9x9 positions) and
    `games` (moments of Mango's own lost games)."""
    from mango.lab.client import EngineFailure, split_command
    from mango.lab.match import mango_side
    from mango.lab.suite import parse_suite, run_suite, suite_path

    files = [suite_path(name) for name in files]
    for path in files:
        if not os.path.isfile(path):
            raise click.BadParameter(f"{path!r} is neither a suite file nor a shipped suite "
                                     f"(mango, games)", param_hint="FILES")
        try:
            parse_suite(path)
        except (UnicodeDecodeError, OSError) as error:
            raise click.BadParameter(f"{path}: not a readable suite ({error})", param_hint="FILES") from None
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="FILES") from None

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
    try:
        report = run_suite(list(files), command, name, on_outcome=None)
    except EngineFailure as failure:
        raise click.ClickException(f"the engine failed: {failure}") from None
    for line in report.lines():
        click.echo(line)
    if json_path:
        with open(output_path(json_path), "w") as handle:
            json.dump({**report.summary(), "engine": name, "results": [
                {"file": o.test.file, "number": o.test.number, "command": o.test.command,
                 "expected": o.test.expected, "expect_failure": o.test.expect_failure,
                 "answer": o.answer, "status": o.status} for o in report.outcomes]}, handle, indent=1)
    if report.summary()["failures"]:
        raise SystemExit(1)


@click.command()
@click.argument("stores", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="mango-report",
              callback=output_folder,
              show_default=True, help="Folder for report.md and the plots (PNG).")
@click.option("--no-plots", is_flag=True, help="Only the Markdown tables.")
@click.option("--reference", "references", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="A paper's table (TOML, see docs/results/table1-paper.toml) to show beside the "
                   "configurations that reproduce it (repeatable).")
@click.option("--sprt", default="0,100", show_default=True, metavar="ELO0,ELO1",
              help="The SPRT of paired comparisons (two configurations that played the same "
                   "games against one opponent), on the games only one of them won.")
@click.option("--track", default=None, metavar="ELO0,ELO1",
              help="Also follow this SPRT along each configuration's games, in the order they "
                   "were stored: games, score, Elo, pentanomial and LLR every --track-every games.")
@click.option("--track-every", type=click.IntRange(1, 1_000_000), default=50, show_default=True,
              help="Games between the rows of --track.")
@click.option("--builds-alike", is_flag=True,
              help="Count a configuration's games as one whatever build played them (a match "
                   "resumed from a new install whose play was checked unchanged); by default "
                   "each named build is a configuration of its own.")
def report(stores, out_dir, no_plots, references, sprt, track, track_every, builds_alike) -> None:
    """Tables (Markdown) and plots (PNG) of results stores, by configuration."""
    from mango.lab.report import write_report
    from mango.lab.sprt import parse_sprt
    from mango.lab.store import StoreError

    try:
        test = parse_sprt(sprt)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--sprt") from None
    try:
        tracked = parse_sprt(track, option="--track") if track else None
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--track") from None
    try:
        table, written, note = write_report(list(stores), out_dir, plots=not no_plots,
                                            references=list(references), sprt=test,
                                            tracked=tracked, every=track_every,
                                            builds_alike=builds_alike)
    except StoreError as error:
        raise click.BadParameter(str(error), param_hint="STORES") from None
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    click.echo(table, nl=False)
    for path in written:
        click.echo(f"wrote {path}")
    if note:
        click.echo(f"note: {note}", err=True)
