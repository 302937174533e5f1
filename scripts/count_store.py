"""Does Mango count a store's finished games as the match did? Mango's final_score, with the dead
stones of its final_status, of every game that ended in two passes, against the result the
match recorded (GNU Go's count for GNU Go opponents): the agreement of issue 9 and issue 31, on
games a laboratory match played rather than the agreement script's own. The rules are each
record's RU (Japanese: territory and prisoners); games whose RU is missing count by area.

    python scripts/count_store.py docs/results/jp-gnugo9.jsonl [more stores] [--jobs 2]

Prints each disagreement (game, the match's result, Mango's, Mango's dead stones) and a tally
with its 95% interval.
"""
from __future__ import annotations

import multiprocessing

import click
from sgfmill import sgf as sgf_game

from mango.engine.game import score_text
from mango.engine.record import game_from_sgf
from mango.engine.rules import rules_named
from mango.engine.statistic import wilson
from mango.engine.status import final_score, final_status
from mango.lab.recount import counted_game
from mango.lab.store import read_records

STATUS_SEED = 9                 # scripts/score_agreement.py's, so that the two counts are alike


def record_rules(sgf: str) -> str:
    """The rules of a record's RU ("chinese" without one: the match's default)."""
    root = sgf_game.Sgf_game.from_bytes(sgf.encode()).get_root()
    return rules_named(root.get("RU")) if root.has_property("RU") else "chinese"


def mango_count(job: tuple) -> tuple[str, int, str, str, list[str]]:
    store, index, sgf, rules, result, playouts = job
    game = game_from_sgf(sgf)
    game.rules = rules
    status = final_status(game, playouts=playouts, seed=STATUS_SEED)
    dead = sorted(game.vertex(p) for p, v in status.items() if v == "dead")
    return store, index, result, score_text(final_score(game, status)), dead


@click.command()
@click.argument("stores", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--status-playouts", type=click.IntRange(100, 100_000), default=4000, show_default=True,
              help="Playouts of final_status per game.")
@click.option("--jobs", type=click.IntRange(1, 8), default=1, show_default=True)
def main(stores, status_playouts, jobs):
    work = []
    for store in stores:
        for record in read_records(store):
            if not counted_game(record) or not record.sgf:
                continue
            try:
                rules = record_rules(record.sgf)
            except ValueError as error:
                raise click.ClickException(f"{store} game {record.game}: {error}") from None
            work.append((store, record.game, record.sgf, rules, record.result, status_playouts))
    if not work:
        raise click.ClickException("no game in these stores ended in two passes")
    if jobs == 1:
        counts = [mango_count(job) for job in work]
    else:
        with multiprocessing.Pool(jobs) as pool:
            counts = pool.map(mango_count, work, chunksize=4)
    same = 0
    for store, index, theirs, mine, dead in counts:
        if theirs == mine:
            same += 1
        else:
            click.echo(f"{store} game {index}: match {theirs}, Mango {mine}; "
                       f"Mango's dead: {' '.join(dead) or 'none'}")
    low, high = wilson(same, len(counts))
    click.echo(f"{same}/{len(counts)} counted alike ({100 * low:.1f}-{100 * high:.1f}%)")


if __name__ == "__main__":
    main()
