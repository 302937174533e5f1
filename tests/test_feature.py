"""Move features of the predictor on positions drawn in ASCII: the tactical flags, the edge and
distance levels, and the symmetry of the large-pattern keys."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mango.engine import Board, Game
from mango.engine.board import PASS_POINT as PASS
from mango.engine.feature import FAMILIES, SIZES, Predictor
from mango.engine.pattern3 import canonical, code_at, for_player

CAPTURE_SIZES = 4
OTHER, LAST, SAVES = 2, 1, 0        # capture kinds


def features(game: Game, colour: str, vertex: str, last2: int = PASS) -> dict:
    predictor = Predictor()
    predictor.grow_pattern3 = True
    return predictor.features(game.board, 1 if colour == "b" else 2, game.point(vertex), last2)


LADDER = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . O . . . . .
    . . O X O . . . .
    . . . . O . . . .
    . . . . . . . . .
    . . . . . . . . .
"""
BREAKER = LADDER.replace(". . . . O . . . .", ". X . . O . . . .", 1)


def test_extension_out_of_atari_into_a_ladder_and_out_of_one():
    assert features(Game.from_ascii(LADDER), "b", "D3")["extension"] == 2
    assert features(Game.from_ascii(BREAKER), "b", "D3")["extension"] == 1
    open_game = Game.from_ascii(LADDER.replace(". . . . O . . . .", ". . . . . . . . .", 1))
    assert features(open_game, "b", "D3")["extension"] == 0      # three liberties


def test_atari_that_works_in_a_ladder_and_one_that_does_not():
    game = Game.from_ascii(LADDER)
    game.play("b", "D3")
    assert features(game, "w", "D2")["atari"] == 0                # the ladder
    assert features(game, "w", "C3")["atari"] == 2                # Black extends to three liberties
    broken = Game.from_ascii(BREAKER)
    broken.play("b", "D3")
    assert features(broken, "w", "D2")["atari"] == 2


def test_capture_levels_say_what_was_taken_and_its_size():
    game = Game.from_ascii(LADDER)
    assert features(game, "w", "D3")["capture"] == OTHER * CAPTURE_SIZES + 0
    fresh = Game.from_ascii(LADDER.replace(". . O X O", ". . O . O", 1))
    fresh.play("b", "D4")                                         # the last move, in atari
    assert features(fresh, "w", "D3")["capture"] == LAST * CAPTURE_SIZES + 0
    two = Game.from_ascii("""
        . . . . .
        . O O . .
        O X X . .
        . O O . .
        . . . . .
    """)
    assert features(two, "w", "D3")["capture"] == OTHER * CAPTURE_SIZES + 1


def test_capture_that_saves_a_group_in_atari():
    game = Game.from_ascii("""
        . . . . .
        . . . . .
        X O . . .
        O X . . .
        . O . . .
    """)
    # White's B1 and A2 are in atari; taking B2 at C2 saves them both.
    level = features(game, "w", "C2")["capture"]
    assert level == SAVES * CAPTURE_SIZES + 0


def test_self_atari_and_no_self_atari():
    game = Game.from_ascii("""
        . . . . .
        . O . . .
        O . . . .
        . O . . .
        . . . . .
    """)
    assert features(game, "b", "B3")["self_atari"] == 0
    assert "self_atari" not in features(game, "b", "D3")
    assert "self_atari" not in features(game, "w", "B3")


def test_edge_lines_and_distances_to_the_last_two_moves():
    game = Game(19)
    game.play("b", "D4")
    game.play("w", "Q16")
    f = features(game, "b", "A1", last2=game.point("D4"))
    assert f["edge"] == 0
    assert f["last"] == 16 - 1                 # far from Q16: the 17+ level
    assert f["last2"] == (3 + 3 + 3) - 2        # gridcular distance from D4 to A1 is 9
    assert features(game, "b", "C3")["edge"] == 2
    assert "edge" not in features(game, "b", "K10")
    assert features(game, "b", "Q15")["last"] == 0    # next to the last move: distance 2


def _random_position(size, seed, moves):
    rng = random.Random(seed)
    board = Board(size)
    colour = 1
    for _ in range(moves):
        legal = [p for p in board.empty_points() if board.is_legal(p, colour)]
        board.play(rng.choice(legal), colour)
        colour = 3 - colour
    return board


TRANSFORMS = [
    lambda x, y, n: (x, y), lambda x, y, n: (n - 1 - y, x), lambda x, y, n: (n - 1 - x, n - 1 - y),
    lambda x, y, n: (y, n - 1 - x), lambda x, y, n: (n - 1 - x, y), lambda x, y, n: (y, x),
    lambda x, y, n: (x, n - 1 - y), lambda x, y, n: (n - 1 - y, n - 1 - x),
]


def _transformed(board, transform, swap_colours=False):
    n = board.size
    out = Board(n)
    for colour in (1, 2):
        for p in board.stones(colour):
            x, y = board.xy(p)
            out.put_stone(out.point(*transform(x, y, n)), 3 - colour if swap_colours else colour)
    return out


@pytest.mark.parametrize("size, seed", [(19, 1), (19, 2), (13, 3), (9, 4)])
def test_large_pattern_keys_do_not_change_under_symmetry_or_colour_swap(size, seed):
    board = _transformed(_random_position(size, seed, moves=size * size // 3), TRANSFORMS[0])
    predictor = Predictor()                     # (drawn anew: no last move, as in the others)
    rng = random.Random(seed)
    empties = [p for p in board.empty_points()]
    for point in rng.sample(empties, 10):
        keys = predictor.spatial_keys(board, 1, point)
        assert len(set(keys.tolist())) == SIZES
        x, y = board.xy(point)
        for transform in TRANSFORMS:
            for swap in (False, True):
                other = _transformed(board, transform, swap)
                q = other.point(*transform(x, y, size))
                colour = 2 if swap else 1
                assert np.array_equal(predictor.spatial_keys(other, colour, q), keys)
        assert not np.array_equal(predictor.spatial_keys(board, 2, point), keys) or \
            board.stones(1) == board.stones(2)


def test_every_legal_move_has_features_and_the_largest_known_pattern_is_used():
    board = _random_position(19, 5, moves=120)
    predictor = Predictor()
    predictor.grow_pattern3 = True
    points, levels = predictor.moves(board, 1)
    legal = {p for p in board.empty_points() if board.is_legal(p, 1)}
    assert set(points.tolist()) == legal and len(points) == len(legal)
    assert levels.shape == (len(points), len(FAMILIES))
    assert (levels[:, FAMILIES.index("spatial")] == -1).all()      # empty dictionary
    point = int(points[0])
    keys = predictor.spatial_keys(board, 1, point)
    predictor.set_spatial_keys(keys[:3])                           # sizes 0, 1, 2 known
    assert predictor.features(board, 1, point)["spatial"] == 2
    predictor.set_spatial_keys(np.concatenate([keys[:2], keys[3:]]))   # a gap at size 2
    assert predictor.features(board, 1, point)["spatial"] == 1


def test_the_dictionary_s_filter_hides_no_key_it_holds():
    """Every point's known sizes are found among many other keys (the filter in front of the
    dictionary answers only for keys it has never seen)."""
    board = _random_position(19, 7, moves=90)
    predictor = Predictor()
    points = board.empty_points()[::2]
    keys = np.concatenate([predictor.spatial_keys(board, 1, p)[:4] for p in points])
    others = np.random.default_rng(3).integers(1, 2**63, 50_000, dtype=np.uint64)
    known = np.unique(np.concatenate([keys, others]))
    predictor.set_spatial_keys(known)
    level = {int(key): i for i, key in enumerate(known)}
    for p in points:
        expected = level[int(predictor.spatial_keys(board, 1, p)[3])]
        if board.is_legal(p, 1):
            assert predictor.features(board, 1, p)["spatial"] == expected


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([5, 9, 13, 19]), seed=st.integers(0, 2**32 - 1),
       moves=st.integers(0, 40), missing=st.integers(-1, SIZES - 1), colour=st.sampled_from([1, 2]))
def test_a_spatial_level_is_the_last_of_the_known_sizes_nearest_first(size, seed, moves, missing,
                                                                       colour):
    """The level is that of the largest size whose keys, from the smallest on, are all in the
    dictionary. The search skips the sizes that hold no stone and no edge (the empty diamond's
    keys, looked up once a position); spatial_keys hashes every size. Dictionaries with one size
    left out (`missing`) put a gap anywhere, the empty diamonds' sizes included."""
    board = _random_position(size, seed, min(moves, size * size // 3))
    predictor = Predictor()
    legal = [p for p in board.empty_points() if board.is_legal(p, colour)]
    keys = {p: predictor.spatial_keys(board, colour, p) for p in legal}
    known = list(dict.fromkeys(int(k[i]) for k in keys.values() for i in range(SIZES)
                               if i != missing))
    if not known:
        return
    predictor.set_spatial_keys(np.array(known, dtype=np.uint64))
    level = {key: i for i, key in enumerate(known)}
    for p in legal:
        run = 0
        while run < SIZES and int(keys[p][run]) in level:
            run += 1
        expected = level[int(keys[p][run - 1])] if run else None
        assert predictor.features(board, colour, p).get("spatial") == expected


def test_model_round_trip_gives_the_same_probabilities(tmp_path):
    board = _random_position(19, 6, moves=80)
    predictor = Predictor()
    predictor.grow_pattern3 = True
    predictor.set_spatial_keys(predictor.spatial_keys(board, 2, board.empty_points()[0]))
    predictor.moves(board, 2)
    rng = np.random.default_rng(1)
    predictor.set_gammas([rng.uniform(0.1, 5, n) for n in predictor.family_sizes()])
    path = tmp_path / "model.npz"
    predictor.save(path)
    loaded = Predictor.load(path)
    points, p = predictor.probabilities(board, 2)
    points2, p2 = loaded.probabilities(board, 2)
    assert np.array_equal(points, points2)
    assert np.allclose(p, p2, rtol=1e-6) and abs(p.sum() - 1) < 1e-9


def test_the_shipped_model_predicts_on_the_empty_board():
    predictor = Predictor.load()
    points, p = predictor.probabilities(Board(19), 1)
    assert len(points) == 361 and abs(p.sum() - 1) < 1e-9
    best = Board(19).xy(int(points[np.argmax(p)]))
    assert min(best[0], best[1], 18 - best[0], 18 - best[1]) in (2, 3)    # a 3-4 or 4-4 point


def test_cfg_distance_marks_the_liberties_of_the_last_moves_group_and_its_neighbours():
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . X X X . .
        . . O O . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """)
    game.play("w", "E4")                      # joins nothing: White's group is E4 alone
    game.play("b", "F4")                      # the last move: F4 alone, touching White's E4
    assert features(game, "w", "G4")["cfg"] == 0          # a liberty of F4
    assert features(game, "w", "E3")["cfg"] == 1          # a liberty of E4, which touches F4
    assert "cfg" not in features(game, "w", "A1")


def test_liberties_after_the_move_and_pressure_on_the_opponent():
    game = Game.from_ascii("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
    """)
    f = features(game, "b", "C5")               # C3-C4-C5: B3 B4 B5 C2 C6 D5
    assert f["liberties"] == 2                  # 4+
    assert features(game, "b", "D5")["pressure"] == 1     # D3-D4 keep E3 E4 D2: three
    assert "pressure" not in features(game, "b", "A1")
    tight = Game.from_ascii("""
        . . . . .
        X X X . .
        O O X . .
        . O X . .
        . . . . .
    """)
    assert features(tight, "w", "A2")["liberties"] == 0   # A3-B3-B2 with A2: A1, B1
    assert "pressure" not in features(tight, "b", "A2")   # an atari, not pressure
    assert features(tight, "b", "A2")["atari"] == 2


def test_large_patterns_see_which_stone_was_just_played():
    played = Game(19)
    played.play("b", "D4")
    played.play("w", "F4")                                 # the last move
    drawn = Game(19)
    drawn.board.put_stone(drawn.point("D4"), 1)
    drawn.board.put_stone(drawn.point("F4"), 2)
    predictor = Predictor()
    near, far = played.point("E4"), played.point("Q16")
    assert not np.array_equal(predictor.spatial_keys(played.board, 1, near),
                              predictor.spatial_keys(drawn.board, 1, near))
    assert np.array_equal(predictor.spatial_keys(played.board, 1, far),
                          predictor.spatial_keys(drawn.board, 1, far))


@pytest.mark.parametrize("bad", [[5, 0, 7], [5, 7, 5]])
def test_bad_spatial_keys_are_refused_and_change_nothing(bad):
    predictor = Predictor()
    predictor.set_spatial_keys([11, 12, 13])
    with pytest.raises(ValueError):
        predictor.set_spatial_keys(bad)
    assert predictor.spatial_count == 3


def test_bad_gammas_or_codes_are_refused_and_change_nothing():
    predictor = Predictor()
    predictor.set_pattern3_codes([3, 5, 8])
    good = [np.full(2, 1.5) for _ in FAMILIES]
    predictor.set_gammas(good)
    bad = [np.full(2, 2.0) for _ in FAMILIES]
    bad[-1] = np.array([1.0, -1.0])                 # the last family's gammas are refused...
    with pytest.raises(ValueError):
        predictor.set_gammas(bad)
    assert all((g == 1.5).all() for g in predictor.gammas())   # ...and the first ones kept
    with pytest.raises(ValueError):
        predictor.set_pattern3_codes([3, 9, 3])
    assert predictor.pattern3_codes().tolist() == [3, 5, 8]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_3x3_level_by_absolute_code_is_the_canonical_code_s(seed):
    """A move's 3x3 level is the dictionary's level of its canonical player code, for both
    colours, and a growing dictionary gives every code it meets a level."""
    predictor = Predictor.load()
    level_of = {int(code): i for i, code in enumerate(predictor.pattern3_codes())}
    family = FAMILIES.index("pattern3")
    rng = random.Random(seed)
    game = Game(9)
    for _ in range(60):
        colour = 1 if game.to_move == "b" else 2
        points, levels = predictor.moves(game.board, colour)
        for point, row in zip(points, levels):
            code = canonical(for_player(code_at(game.board, int(point)), colour))
            assert row[family] == level_of.get(code, -1)
        if not len(points):
            break
        game.play(game.to_move, game.vertex(int(rng.choice(points))))
    predictor.grow_pattern3 = True
    _, grown = predictor.moves(game.board, 1 if game.to_move == "b" else 2)
    assert (grown[:, family] >= 0).all()        # every code met gets a level while it grows
