"""Differential test against GNU Go (skipped when it is not installed).

Random games go into `gnugo --mode gtp` and into Game move by move: every move one side accepts,
the other accepts, and after each game the stones are identical. GNU Go has no superko rule, so a
move Game refuses only for superko is taken back in GNU Go and counted, not compared.
"""
from __future__ import annotations

import random

import pytest

from mango.engine import Game
from mango.engine.vertex import format_vertex
from mango.lab.client import GtpClient, find_gnugo


GNUGO = find_gnugo()
pytestmark = [pytest.mark.gnugo, pytest.mark.skipif(GNUGO is None, reason="GNU Go is not installed")]


@pytest.fixture(scope="module")
def gnugo():
    engine = GtpClient([GNUGO, "--mode", "gtp", "--level", "0"], "GNU Go")
    yield engine
    engine.close()


def stones(gnugo: GtpClient, colour: str) -> set[str]:
    ok, text = gnugo.ask(f"list_stones {colour}")
    assert ok, text
    return set(text.split())


@pytest.mark.parametrize("size, seed", [(s, seed) for s in (2, 3, 4, 5, 7, 9, 13, 19) for seed in range(3)])
def test_random_games_agree_with_gnugo(gnugo, size, seed):
    rnd = random.Random(size * 1000 + seed)
    assert gnugo.ask(f"boardsize {size}")[0]
    assert gnugo.ask("clear_board")[0]
    game = Game(size, komi=0)
    colour = "b"
    superko_refusals = compared = 0
    vertices = [format_vertex((x, y)) for x in range(size) for y in range(size)]
    for _ in range(min(4 * size * size, 500)):
        legal = [v for v in vertices if game.is_legal(colour, v)]
        # mostly legal moves (so games get long), sometimes any point (occupied, suicide, ko)
        vertex = rnd.choice(vertices) if rnd.random() < 0.2 or not legal else rnd.choice(legal)
        if rnd.random() < 0.02:
            vertex = "pass"
        reason = game.illegal_reason(colour, vertex)
        accepted, reply = gnugo.ask(f"play {colour} {vertex}")
        if reason == "superko":
            assert accepted, reply          # GNU Go does not know superko...
            assert gnugo.ask("undo")[0]    # ...so take it back there and carry on
            superko_refusals += 1
            continue
        assert accepted == (reason is None), (size, colour, vertex, reason, reply, str(game))
        compared += 1
        if accepted:
            game.play(colour, vertex)
            colour = "w" if colour == "b" else "b"
    assert stones(gnugo, "black") == set(game.stones("b"))
    assert stones(gnugo, "white") == set(game.stones("w"))
    assert compared >= size * size   # the comparison really ran
