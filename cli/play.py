"""Commands that play: the GTP engine, self-play, the benchmark, and the settings' listing."""
from __future__ import annotations

import json
import textwrap

import click

from mango.cli.option import KOMI, config_options, engine_config, output_folder
from mango.engine.playout import POLICIES


@click.command()
@click.option("--size", type=click.IntRange(2, 19), default=9, show_default=True, help="Board size.")
@click.option("--playouts", type=click.IntRange(1, 100_000_000), default=100_000, show_default=True,
              help="Playouts to run from the empty board.")
@click.option("--policy", type=click.Choice(POLICIES), default="mango", show_default=True,
              help="Playout policy: mango (urgencies) or light (uniform random).")
@click.option("--komi", type=KOMI, default=7.5, show_default=True)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True,
              help="Random seed (same seed, same playouts).")
@click.option("--search", "with_search", is_flag=True,
              help="Time the whole tree search (one search of P playouts) instead of bare playouts.")
@click.option("--threads", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Search threads (with --search).")
@click.option("--game", type=click.Choice(["go", "nogo"]), default="go", show_default=True,
              help="nogo: NoGo's light playouts, or (--search) a NoGo search.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@config_options
def bench(size: int, playouts: int, policy: str, komi: float, seed: int, with_search: bool,
          threads: int, game: str, as_json: bool, config_file, options) -> None:
    """Measure speed: P playouts from the empty board, one process (single thread by default),
    with the settings given (so that a variant's cost can be timed against the defaults)."""
    from mango.engine.bench import nogo_playout_speed, playout_speed, search_speed

    if threads != 1 and not with_search:
        raise click.UsageError("--threads times the search: add --search (the playout bench is one thread)")
    config = engine_config(config_file, options, policy=policy, game=game).for_size(size)
    if game == "nogo" and not with_search:
        report = nogo_playout_speed(size, playouts, seed)
        lines = [f"{playouts} light NoGo playouts on {size}x{size} in {report['seconds']:.3f} s: "
                 f"{report['playouts_per_second']:,.0f} playouts/s",
                 f"{report['moves_per_playout']} moves per playout; black (first) wins "
                 f"{report['black_win_rate']:.1%}"]
    elif with_search:
        report = search_speed(size, playouts, config, komi, seed, threads)
        lines = [f"search of {report['playouts']} {'light NoGo' if game == 'nogo' else policy} "
                 f"playouts on {size}x{size} in "
                 f"{report['seconds']:.3f} s: {report['playouts_per_second']:,.0f} playouts/s "
                 f"({threads} thread{'s' if threads > 1 else ''})",
                 f"{report['nodes']:,} nodes of {report['bytes_per_node']} bytes "
                 f"({report['tree_mb']} MB of a {report['tree_bound_mb']} MB bound; "
                 f"{report['nodes_recycled']:,} recycled in {report['prunes']} prunes); "
                 f"peak RSS {report['peak_rss_mb']} MB; move {report['move']}, "
                 f"win rate {report['win_rate']}"]
    else:
        report = playout_speed(size, playouts, config, komi, seed)
        lines = [f"{playouts} {policy} playouts on {size}x{size} in {report['seconds']:.3f} s: "
                 f"{report['playouts_per_second']:,.0f} playouts/s",
                 f"{report['moves_per_playout']} moves per playout; black wins "
                 f"{report['black_win_rate']:.1%} at komi {komi:g}; mean score {report['mean_score']:+.2f}"]
    click.echo(json.dumps(report) if as_json else "\n".join(lines))


@click.command()
@click.option("--playouts", type=click.IntRange(0, 100_000_000), default=None,
              help="Playouts per move, a cap under a clock too [default: 10000 without a clock, "
                   "no cap under one].")
@click.option("--time", "time_s", type=click.FloatRange(0, 1e6), default=None,
              help="Seconds per move when the controller sets no clock.")
@click.option("--threads", type=click.IntRange(1, 64), default=None, help="Search threads.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None, help="Random seed.")
@click.option("--game", type=click.Choice(["go", "nogo"]), default=None,
              help="The game (the setting game): Go, or NoGo on the same board [default: go].")
@click.option("--log-level", type=click.Choice(["debug", "info", "warning", "error"]), default="info",
              show_default=True, help="What goes to stderr.")
@config_options
def gtp(playouts, time_s, threads, seed, game, log_level, config_file, options) -> None:
    """Speak GTP on stdin/stdout (Sabaki, GoGui, gtp2ogs, kgsGtp, CGOS); logs go to stderr."""
    import logging
    import sys

    from mango.engine.errors import ConfigError
    from mango.gtp.server import serve
    from mango.gtp.session import GtpSession

    config = engine_config(config_file, options, playouts=playouts, time_s=time_s, threads=threads,
                           seed=seed, game=game)
    logging.basicConfig(level=getattr(logging, log_level.upper()), stream=sys.stderr,
                        format="%(message)s")
    try:
        session = GtpSession(config)        # reads the pattern table and model the settings name
    except ConfigError as error:
        raise click.BadParameter(str(error), param_hint="configuration") from None
    sys.exit(serve(session, sys.stdin.buffer, sys.stdout))   # 130 after SIGINT


@click.command()
@click.option("--size", type=click.IntRange(2, 19), default=9, show_default=True, help="Board size.")
@click.option("--komi", type=KOMI, default=None, help="[default: 7.5; NoGo has none, 0]")
@click.option("--playouts", type=click.IntRange(1, 100_000_000), default=None,
              help="Playouts per move [default: the config's, 10000].")
@click.option("--games", type=click.IntRange(1, 100_000), default=1, show_default=True)
@click.option("--threads", type=click.IntRange(1, 64), default=None, help="Search threads.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None, help="Random seed.")
@click.option("--sgf", "sgf_dir", type=click.Path(file_okay=False), default=None, callback=output_folder,
              help="Write each game as an SGF file in this folder.")
@click.option("--game", type=click.Choice(["go", "nogo"]), default=None,
              help="The game (the setting game): Go, or NoGo on the same board [default: go].")
@click.option("--quiet", is_flag=True, help="Only the results, not the final boards.")
@config_options
def selfplay(size, komi, playouts, games, threads, seed, sgf_dir, game, quiet, config_file,
             options) -> None:
    """Mango plays itself: complete games, the final board and result of each, SGF files."""
    import os
    import sys

    from tqdm import tqdm

    from mango.engine.selfplay import play_selfplay_game
    from mango.engine.record import game_to_sgf

    config = engine_config(config_file, options, playouts=playouts, threads=threads, seed=seed,
                           game=game)
    if komi is None:
        komi = 0.0 if config.game.game == "nogo" else 7.5
    if sgf_dir:
        os.makedirs(sgf_dir, exist_ok=True)
    totals = {"b": 0, "w": 0, "0": 0}
    for index in range(games):
        # the moves as they are played, on stderr (stdout carries the results); tqdm hides
        # itself where stderr is not a terminal
        with tqdm(desc=f"game {index + 1}", unit="move", file=sys.stderr, leave=False,
                  disable=None if not quiet else True, dynamic_ncols=True) as bar:
            played = play_selfplay_game(config.replace(seed=config.seed + index), size, komi,
                                        on_move=lambda game: bar.update())
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


@click.command("config")
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
