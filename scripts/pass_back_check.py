"""What passing back (the pass_back_when_winning setting, engine/decision.py) would have done in
stored games against GNU Go: at the first point where the opponent passed and Mango, to move, did
not, and the rule would have passed (Mango wins counting the stones as they stand and by its
final status), GNU Go counts the game as if it had ended there. A game the rule would have given
away is one GNU Go's count then loses while the match's result is a win.

    python scripts/pass_back_check.py docs/results/defaults-gnugo9.jsonl [more stores]
"""
from __future__ import annotations

import sys

import click

from mango.engine.decision import passing_back_wins
from mango.engine.record import game_from_sgf
from mango.engine.status import final_score, final_status
from mango.engine.vertex import BLACK, WHITE
from mango.lab.client import find_gnugo
from mango.lab.match import gnugo_final_score
from mango.lab.recount import counted_game
from mango.lab.store import read_records


@click.command()
@click.argument("stores", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
def main(stores):
    gnugo = find_gnugo()
    if gnugo is None:
        raise click.ClickException("GNU Go is not installed")
    games = fired = given_away = lost_anyway = saved = 0
    for store in stores:
        for record in read_records(store):
            if not counted_game(record) or not record.sgf:
                continue
            games += 1
            full = game_from_sgf(record.sgf)
            mango = BLACK if record.a_colour == "b" else WHITE
            for i, (before, move) in enumerate(zip(full.moves, full.moves[1:]), start=1):
                mango_moved = move.colour == record.a_colour and move.vertex != "pass"
                if before.vertex != "pass" or not mango_moved:
                    continue
                position = game_from_sgf(record.sgf, i + 1)          # before Mango's move i + 1
                if not passing_back_wins(position, mango,
                                         lambda: final_score(position, final_status(position))):
                    continue
                fired += 1
                saved += len(full.moves) - i
                position.play(record.a_colour, "pass")
                theirs = gnugo_final_score(gnugo, position)
                mango_wins = theirs is not None and (theirs > 0) == (mango == BLACK) and theirs != 0
                if not mango_wins:
                    if record.points == 1.0:
                        given_away += 1
                    else:
                        lost_anyway += 1
                    click.echo(f"{store}: {record.heading()}: passing back at move {i + 1} "
                               f"counts {theirs} by GNU Go")
                break
    click.echo(f"{games} counted games; passing back fires in {fired}, {saved} moves fewer; "
               f"GNU Go's count loses {given_away} games the match won and {lost_anyway} it lost "
               f"anyway")


if __name__ == "__main__":
    sys.exit(main())
