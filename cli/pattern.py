"""The pattern learner's commands: learn a move predictor from game records, and evaluate one."""
from __future__ import annotations

import json

import click

from mango.cli.option import output_file, output_path


@click.command("learn-patterns")
@click.argument("sources", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--model", "model_kind", type=click.Choice(["pattern3", "bt"]), default="pattern3",
              show_default=True,
              help="pattern3: the playouts' 3x3 table; bt: the 19x19 move predictor (generalized "
                   "Bradley-Terry over large patterns and tactical features, fitted by MM).")
@click.option("--out", required=True, type=click.Path(dir_okay=False), callback=output_file,
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
        output_path(out)
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


@click.command()
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
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None, callback=output_file,
              help="Write the figures as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), default=None, callback=output_file,
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
        raise click.BadParameter(str(error), param_hint="--model") from None
    if table:
        from mango.engine import pattern3
        try:
            pattern3.read_table(table)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--table") from None

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
        with open(output_path(json_path), "w") as handle:
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
            plot_top_k(curves, output_path(plot_path))
        except ImportError:
            raise click.ClickException("the plot needs matplotlib: pip install 'mango-go[report]'") from None
        click.echo(f"wrote {plot_path}")
