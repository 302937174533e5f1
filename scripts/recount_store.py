"""Count a store's finished games again with GNU Go from their SGF records (lab/recount.py): the
handicap games the match's scorer counted as the stones stood before 2026-11-28.

    python scripts/recount_store.py docs/results/dynkomi2-gnugo13.jsonl --out recounted.jsonl
    python scripts/recount_store.py STORE --in-place     # the store rewritten, games in order

Prints each changed game and a tally: games counted, results changed, winners changed, games
GNU Go could not count (kept as they were).
"""
from __future__ import annotations

import json
import multiprocessing
import os
import sys

import click

from mango.lab.client import find_gnugo
from mango.lab.recount import counted_game, recount
from mango.lab.store import read_records


def _recount(args):
    record, gnugo, rules = args
    return recount(record, gnugo, rules)


@click.command()
@click.argument("store", type=click.Path(exists=True, dir_okay=False))
@click.option("--out", type=click.Path(dir_okay=False), help="Where the recounted store goes.")
@click.option("--in-place", is_flag=True, help="Rewrite STORE itself.")
@click.option("--rules", type=click.Choice(["chinese", "japanese"]), default="chinese",
              show_default=True, help="The rules GNU Go counts by.")
@click.option("--handicap-only", is_flag=True, help="Only the games with handicap stones.")
@click.option("--jobs", type=click.IntRange(1, 8), default=1, show_default=True)
def main(store, out, in_place, rules, handicap_only, jobs):
    if bool(out) == in_place:
        raise click.UsageError("give one of --out FILE and --in-place")
    gnugo = find_gnugo()
    if gnugo is None:
        raise click.ClickException("GNU Go is not installed")
    records = read_records(store)
    todo = [i for i, r in enumerate(records)
            if counted_game(r) and (r.handicap or not handicap_only)]
    with multiprocessing.Pool(jobs) as pool:
        counts = pool.map(_recount, [(records[i], gnugo, rules) for i in todo], chunksize=1)
    changed = winners = failed = 0
    for i, new in zip(todo, counts):
        old = records[i]
        if new is None:
            failed += 1
            continue
        if new.result != old.result:
            changed += 1
            winners += new.winner != old.winner
            click.echo(f"{old.heading()}: {old.result} -> {new.result}"
                       f"{'  (winner changed)' if new.winner != old.winner else ''}")
        records[i] = new
    path = store if in_place else out
    temporary = path + ".part"
    with open(temporary, "w") as handle:
        for record in records:
            handle.write(json.dumps(record.to_json(), separators=(",", ":")) + "\n")
    os.replace(temporary, path)
    click.echo(f"{len(todo)} games counted, {changed} results changed, {winners} winners changed, "
               f"{failed} not counted (kept); written to {path}", err=True)


if __name__ == "__main__":
    sys.exit(main())
