"""Hypothesis: the Cython board and Game agree with the pure-Python reference on random games.

Two kinds of games: raw moves (random colour, any point, so many are illegal) and dense games
(alternating colours, each move picked among the reference's legal moves, so captures and kos
are frequent). After every move: stones, captures, ko, the legality answer, the incremental
hash against one recomputed from scratch, and every internal invariant; at the end: the
legality of every point for both colours, true eyes and the area score.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from reference_board import BLACK, WHITE, ReferenceGame

from mango.engine import Game, IllegalMoveError
from mango.engine.board import zobrist_key
from mango.engine.vertex import colour_name, format_vertex

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

sizes = st.one_of(st.integers(2, 7), st.integers(2, 19))


def vertex(p) -> str:
    return format_vertex(p)


def recomputed_hash(game: Game) -> int:
    board = game.board
    h = 0
    for colour in (BLACK, WHITE):
        for point in board.stones(colour):
            h ^= zobrist_key(colour, point)
    return h


def assert_same_position(game: Game, ref: ReferenceGame) -> None:
    for colour in (BLACK, WHITE):
        assert set(game.stones(colour_name(colour))) == {vertex(p) for p in ref.board.stones(colour)}
    assert game.captures == {"b": ref.board.captures[BLACK], "w": ref.board.captures[WHITE]}
    ko = game.board.ko_point
    ref_ko = ref.board.ko
    if ref_ko is None:
        assert ko is None
    else:
        point, colour = ko
        assert (game.vertex(point), colour) == (vertex(ref_ko[0]), ref_ko[1])
    assert game.board.hash == recomputed_hash(game)
    game.board.check_invariants()


def assert_same_everywhere(game: Game, ref: ReferenceGame) -> None:
    size = game.size
    for x in range(size):
        for y in range(size):
            for colour in (BLACK, WHITE):
                expected = ref.illegal_reason((x, y), colour)
                assert game.illegal_reason(colour_name(colour), vertex((x, y))) == expected, (x, y, colour)
                point = game.board.point(x, y)
                assert game.board.is_true_eye(point, colour) == ref.board.is_true_eye((x, y), colour)
    assert game.board.area() == ref.board.area()
    black, white = ref.board.area()
    assert game.score() == black - white - game.komi


def play_both(game: Game, ref: ReferenceGame, colour: int, p) -> None:
    expected = ref.illegal_reason(p, colour)
    before = (game.board.hash, game.to_move, len(game.moves), game.captures)
    if expected is None:
        captured = game.play(colour_name(colour), vertex(p))
        assert captured == ref.play(p, colour)
    else:
        try:
            game.play(colour_name(colour), vertex(p))
        except IllegalMoveError as error:
            assert error.reason == expected
        else:
            raise AssertionError(f"engine accepted {vertex(p)} which is illegal: {expected}")
        assert (game.board.hash, game.to_move, len(game.moves), game.captures) == before
    assert_same_position(game, ref)


def game_length(data, size: int, per_point: int, cap: int) -> int:
    return data.draw(st.integers(min(size * size, cap), min(per_point * size * size, cap)), label="length")


@pytest.mark.slow
@SETTINGS
@given(size=sizes, data=st.data())
def test_raw_moves_match_reference(size, data):
    """Any colour on any point or pass: legal and illegal moves alike."""
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    game, ref = Game(size, komi=0.5), ReferenceGame(size)
    for _ in range(game_length(data, size, 4, 300)):
        colour, index = rnd.choice((BLACK, WHITE)), rnd.randrange(size * size + 1)
        p = None if index == size * size else (index % size, index // size)
        play_both(game, ref, colour, p)
    event(f"captures > 0: {sum(game.captures.values()) > 0}")
    assert_same_everywhere(game, ref)


@pytest.mark.slow
@SETTINGS
@given(size=sizes, data=st.data())
def test_dense_games_match_reference(size, data):
    """Alternating play among legal moves, so groups get captured and kos arise."""
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    game, ref = Game(size, komi=6.5), ReferenceGame(size)
    colour, kos = BLACK, 0
    for _ in range(game_length(data, size, 6, 400)):
        # candidates from the engine (fast); the reference still judges every move played
        legal = [game.board.xy(q) for q in game.board.empty_points() if game.board.is_legal(q, colour)]
        roll = rnd.random()
        if roll < 0.03 or (ref.board.ko and roll < 0.5):
            # a random point or the ko point itself: occupied, suicide, ko and superko attempts
            p = ref.board.ko[0] if ref.board.ko and roll < 0.5 else (rnd.randrange(size), rnd.randrange(size))
        elif not legal or roll < 0.04:
            p = None
        else:
            p = rnd.choice(legal)
        accepted = ref.illegal_reason(p, colour) is None
        play_both(game, ref, colour, p)
        kos += ref.board.ko is not None
        if accepted:
            colour = 3 - colour
    event(f"captures > 0: {sum(game.captures.values()) > 0}")
    event(f"kos > 0: {kos > 0}")
    assert_same_everywhere(game, ref)


@SETTINGS
@given(size=st.integers(2, 9), data=st.data())
def test_undo_restores_every_earlier_position(size, data):
    choices = data.draw(st.lists(st.integers(0, 10**6), max_size=3 * size * size))
    game = Game(size)
    snapshots = []
    colour = "b"
    for choice in choices:
        legal = [v for v in (vertex((x, y)) for x in range(size) for y in range(size)) if game.is_legal(colour, v)]
        move = legal[choice % len(legal)] if legal else "pass"
        snapshots.append((str(game), game.board.hash, game.to_move, game.captures, game.board.ko_point))
        game.play(colour, move)
        colour = "w" if colour == "b" else "b"
    while snapshots:
        game.undo()
        assert (str(game), game.board.hash, game.to_move, game.captures, game.board.ko_point) == snapshots.pop()
        game.board.check_invariants()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(3, 9), data=st.data())
def test_two_liberty_checks_read_every_group_right(size, data):
    """The playouts' two-liberty checks take a group of more than eight pseudo-liberties for one
    of three or more without walking it: along dense games (big groups, shared liberties), every
    group's answer is min(3, its liberties), with the liberties themselves below three."""
    from mango.engine.probe import probe_liberties_to_three
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    game, ref = Game(size), ReferenceGame(size)
    colour = BLACK
    for _ in range(game_length(data, size, 3, 200)):
        board = game.board
        legal = [q for q in board.empty_points() if board.is_legal(q, colour)]
        if not legal:
            break
        play_both(game, ref, colour, board.xy(rnd.choice(legal)))
        colour = 3 - colour
        seen = set()
        for q in board.stones(BLACK) + board.stones(WHITE):
            if board.xy(q) in seen:
                continue
            stones, liberties = ref.board.chain(board.xy(q))
            seen |= stones
            count, found = probe_liberties_to_three(board, q)
            assert count == min(3, len(liberties))
            if count < 3:
                assert found == sorted(board.point(*xy) for xy in liberties)
