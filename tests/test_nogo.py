"""NoGo's rules in the core (engine/nogo.pyx) against the rules written out on the slow reference
board: a move is legal when the point is empty, no opponent chain beside it loses its last
liberty, and its own chain keeps one; the side to move without a legal move loses."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_board import EMPTY, ReferenceBoard, other

from mango.engine import nogo
from mango.engine.board import Board


def reference_legal(ref: ReferenceBoard, p, colour) -> bool:
    if ref.grid[p] != EMPTY:
        return False
    trial = ref.copy()
    trial.grid[p] = colour
    if any(not trial.chain(q)[1] for q in trial.neighbours(p) if trial.grid[q] == other(colour)):
        return False                                        # it would capture
    return bool(trial.chain(p)[1])                          # and it keeps a liberty


def reference_moves(ref: ReferenceBoard, colour) -> set:
    return {p for p in ref.grid if reference_legal(ref, p, colour)}


def point_of(board: Board, xy) -> int:
    return board.point(*xy)


@settings(max_examples=80, deadline=None)
@given(size=st.integers(2, 9), seed=st.integers(0, 2 ** 32 - 1), moves=st.integers(0, 81))
def test_legal_moves_are_the_rules_written_out(size, seed, moves):
    """Random NoGo games (uniform among the reference's legal moves): at every position both
    colours' legal moves in the core equal the reference's."""
    rng = random.Random(seed)
    ref, board = ReferenceBoard(size), Board(size)
    colour = 1
    for _ in range(moves + 1):
        for c in (1, 2):
            expected = {point_of(board, xy) for xy in reference_moves(ref, c)}
            assert set(nogo.legal_moves(board, c)) == expected
        choices = sorted(reference_moves(ref, colour))
        if not choices:
            break
        xy = rng.choice(choices)
        ref.grid[xy] = colour                               # a legal NoGo move captures nothing
        board.play(point_of(board, xy), colour)
        colour = other(colour)


def _replayed_on_reference(size: int, moves):
    """The reference board after a playout's moves from the empty board, each checked legal
    by the rules written out, and the colour to move next."""
    board, ref, colour = Board(size), ReferenceBoard(size), 1
    xy_of = {board.point(x, y): (x, y) for x in range(size) for y in range(size)}
    for p in moves:
        assert reference_legal(ref, xy_of[p], colour)
        ref.grid[xy_of[p]] = colour
        colour = other(colour)
    return ref, colour


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from([3, 5, 7, 9]), seed=st.integers(0, 2 ** 64 - 1))
def test_a_playout_plays_legal_moves_until_the_loser_has_none(size, seed):
    moves, winner = nogo.play_playout(Board(size), seed)
    ref, colour = _replayed_on_reference(size, moves)
    assert not reference_moves(ref, colour) and winner == other(colour)


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from([3, 5, 7]), seed=st.integers(0, 2 ** 64 - 1))
def test_a_naive_playout_ends_at_the_first_drawn_capture_or_suicide(size, seed):
    """The study's naive playouts: legal moves until a side draws a point that captures or
    leaves no liberty (or has no empty point), and that side loses; they end sooner."""
    moves, winner = nogo.play_playout(Board(size), seed, kind="naive")
    _, colour = _replayed_on_reference(size, moves)
    assert winner == other(colour)


def test_naive_playouts_end_sooner_than_legal_ones():
    naive = sum(len(nogo.play_playout(Board(7), seed, kind="naive")[0]) for seed in range(300))
    legal = sum(len(nogo.play_playout(Board(7), seed)[0]) for seed in range(300))
    assert naive < 0.8 * legal


def test_the_same_seed_plays_the_same_playouts_and_the_first_player_is_not_favoured_much():
    start = Board(7)
    first, second = nogo.run_playouts(start, 2000, seed=5), nogo.run_playouts(start, 2000, seed=5)
    assert first == second and start.stones(1) == [] and start.stones(2) == []
    assert 0.4 < first["black_wins"] / 2000 < 0.6
    assert 30 < first["moves"] / 2000 < 49


def test_a_capture_and_a_suicide_are_refused_and_filling_an_own_liberty_is_not():
    from mango.engine import Game
    game = Game.from_ascii("""
. X O
X O .
. . .
""", to_move="b")
    board = game.board
    assert not nogo.is_legal(board, game.point("C2"), 1)        # the last liberty of O at C3
    assert not nogo.is_legal(board, game.point("A3"), 2)        # no liberty, and it takes B3
    assert nogo.is_legal(board, game.point("A1"), 1)
    assert not nogo.is_legal(board, game.point("B3"), 1)        # occupied


# ---- the search plays NoGo ----------------------------------------------------------------------

def _wins(board: Board, colour: int, memo: dict) -> bool:
    """The side to move (colour) wins this NoGo position with best play (exhaustive)."""
    key = (board.hash, colour)
    if key not in memo:
        memo[key] = False
        for p in nogo.legal_moves(board, colour):
            after = board.copy()
            after.play(p, colour)
            if not _wins(after, 3 - colour, memo):
                memo[key] = True
                break
    return memo[key]


def _random_game(size: int, rng: random.Random):
    """A NoGo game of a random length, uniform among the legal moves."""
    from mango.engine import Game
    game = Game(size, 0.0, kind="nogo")
    for _ in range(rng.randrange(size * size)):
        legal = nogo.legal_moves(game.board, game.board.to_move)
        if not legal:
            break
        game.play("b" if game.board.to_move == 1 else "w", game.vertex(rng.choice(legal)))
    return game


def _one_winning_move(size: int, seed: int):
    """A random NoGo position, Black to move, where exactly one of Black's (at least three) legal
    moves wins with best play, by exhaustive search: (game, that move)."""
    rng = random.Random(seed)
    memo: dict = {}
    while True:
        game = _random_game(size, rng)
        moves = nogo.legal_moves(game.board, 1) if game.board.to_move == 1 else []
        if len(moves) < 3 or len(game.board.empty_points()) > 9:
            continue
        winning = []
        for p in moves:
            after = game.board.copy()
            after.play(p, 1)
            if not _wins(after, 2, memo):
                winning.append(p)
        if len(winning) == 1:
            return game, winning[0]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_search_finds_the_only_winning_move(seed):
    from mango.engine.config import EngineConfig
    from mango.engine.player import Player
    game, winning = _one_winning_move(4, seed)
    player = Player(EngineConfig(seed=seed).replace(game="nogo", playouts=2000), size=4, komi=0)
    player.set_game(game)
    result = player.genmove("b")
    assert result.move == winning and result.value > 0.6, str(game)


def test_a_nogo_game_over_gtp_plays_legal_moves_to_the_end():
    """mango gtp --game nogo against itself on 5x5: every move legal under NoGo's rules, no pass,
    and the game ends with a side that has no move resigning (or resigning lost earlier)."""
    from mango.engine.config import EngineConfig
    from mango.gtp.session import GtpSession
    session = GtpSession(EngineConfig(seed=3).replace(game="nogo", playouts=300, resign=False))
    for line in ("boardsize 5", "clear_board"):
        session.handle_line(line)
    assert session.handle_line("play b pass").startswith("? illegal move")
    colour = "b"
    for _ in range(26):
        board = session.game.board
        answer = session.handle_line(f"genmove {colour}").strip()[2:]
        if answer == "resign":
            break
        point = session.game.point(answer)
        assert session.game.board.colour_at(point) == (1 if colour == "b" else 2)
        colour = "w" if colour == "b" else "b"
    assert answer == "resign" and not nogo.legal_moves(session.game.board, 1 if colour == "b" else 2)
    winner = "W" if colour == "b" else "B"
    assert session.handle_line("final_score").strip() == f"= {winner}+"


def test_nogo_matches_and_self_play_from_the_command_line(tmp_path):
    """A NoGo A/B (the study's tables are such matches) and self-play: every game ends with a
    side that has no move (or resigns), and a NoGo match against a Go engine is refused."""
    import json

    from click.testing import CliRunner
    from mango.cli import main
    from mango.lab.store import read_records
    runner = CliRunner()
    store, report = tmp_path / "s.jsonl", tmp_path / "r.json"
    result = runner.invoke(main, ["match", "--quiet", "--size", "5", "--playouts", "100", "-o",
                                  "game=nogo", "--opponent", "mango", "--opponent-option",
                                  "game=nogo", "--opponent-option", "rave=off", "--games", "2",
                                  "--store", str(store), "--json", str(report)])
    assert result.exit_code == 0, result.output
    assert json.loads(report.read_text())["errors"] == 0
    for record in read_records(str(store)):
        assert record.result in ("B+", "W+", "B+R", "W+R") and "RU[NoGo]" in record.sgf
    refused = runner.invoke(main, ["match", "-o", "game=nogo", "--opponent", "mango",
                                   "--store", str(tmp_path / "x.jsonl")])
    assert refused.exit_code == 2 and "both with game=nogo" in refused.output
    played = runner.invoke(main, ["selfplay", "--game", "nogo", "--size", "5", "--playouts", "100",
                                  "-o", "resign=off", "--quiet", "--sgf", str(tmp_path / "sgf")])
    assert played.exit_code == 0 and ("B+ after" in played.output or "W+ after" in played.output)
    # NoGo has no komi: its record says 0 unless --komi is given
    assert "KM[0]" in (tmp_path / "sgf" / "selfplay-001.sgf").read_text()


def _immediate_win(size: int, seed: int):
    """A random NoGo position, Black to move with at least three legal moves, one of which
    leaves White without a move: (game, the winning moves)."""
    rng = random.Random(seed)
    while True:
        game = _random_game(size, rng)
        moves = nogo.legal_moves(game.board, 1) if game.board.to_move == 1 else []
        winning = [p for p in moves if not nogo.legal_moves(_after(game.board, p, 1), 2)]
        if len(moves) >= 3 and winning:
            return game, winning


def test_rave_counts_the_moves_of_the_playouts_too():
    """AMAF (MoGo's Algorithm 2) counts every move its player made after a node, the playout's
    as well as the tree's: on an empty 7x7 board a root child's move is played by Black in about
    half of the playouts that do not start with it, so the root's children gather many AMAF
    visits a simulation. Counting only the tree's moves (a bug that cost RAVE most of its gain in
    the study's section 3.1 table) gave them about two."""
    from mango.engine.config import EngineConfig
    from mango.engine.player import Player
    player = Player(EngineConfig(seed=1).replace(game="nogo", playouts=400), size=7, komi=0)
    player.genmove("b")
    children = player.searcher.children()
    visits = sum(child.visits for child in children)
    assert sum(child.amaf_visits for child in children) > 10 * visits > 0


def test_coin_toss_playouts_still_score_a_lost_position_as_lost():
    """The study's baseline (nogo_playout=coin) replaces each playout by a coin toss, but a side
    left without a move has lost: the move that leaves White none is found with a win rate of
    one, as with every kind of playout."""
    from mango.engine.config import EngineConfig
    from mango.engine.player import Player
    game, winning = _immediate_win(4, 5)
    for playout in ("coin", "random", "ab", "abab", "go"):
        player = Player(EngineConfig(seed=1).replace(game="nogo", nogo_playout=playout,
                                                     playouts=500), size=4, komi=0)
        player.set_game(game.copy())
        result = player.genmove("b")
        assert result.move in winning and result.value > 0.95, playout


def _after(board: Board, point: int, colour: int) -> Board:
    after = board.copy()
    after.play(point, colour)
    return after


def _brute_losses(board: Board, point: int, mover: int):
    """(taken from mover, taken from the other side): legal moves counted on the whole board
    before and after mover's stone at point."""
    after = _after(board, point, mover)
    return tuple(len(nogo.legal_moves(board, c)) - len(nogo.legal_moves(after, c))
                 for c in (mover, 3 - mover))


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([3, 4, 5, 7]), seed=st.integers(0, 2 ** 32 - 1))
def test_the_normal_form_scores_are_the_legal_moves_counted_on_the_whole_board(size, seed):
    """The study's a - b and a - b - a' + b' (section 3.5) count only the points a stone can
    change; counted on the whole board before and after each move they are the same."""
    game = _random_game(size, random.Random(seed))
    board = game.board
    colour = board.to_move
    short, full = nogo.move_scores(board, colour), nogo.move_scores(board, colour, full=True)
    assert set(short) == set(full) == set(nogo.legal_moves(board, colour))
    for p in short:
        own, theirs = _brute_losses(board, p, colour)
        assert short[p] == theirs - own
        expected = theirs - own
        if nogo.is_legal(board, p, 3 - colour):
            their_own, mine = _brute_losses(board, p, 3 - colour)
            expected += mine - their_own
        assert full[p] == expected


@pytest.mark.parametrize("kind", ["ab", "abab"])
@settings(max_examples=25, deadline=None)
@given(size=st.sampled_from([4, 5, 7]), seed=st.integers(0, 2 ** 32 - 1))
def test_a_normal_form_playout_plays_a_best_scored_legal_move_each_time(kind, size, seed):
    board = Board(size)
    moves, winner = nogo.play_playout(board.copy(), seed, kind=kind)
    replay, colour = Board(size), 1
    for p in moves:
        scores = nogo.move_scores(replay, colour, full=kind == "abab")
        assert scores[p] == max(scores.values())
        replay.play(p, colour)
        colour = 3 - colour
    assert not nogo.legal_moves(replay, colour) and winner == 3 - colour


def test_closing_a_corner_to_the_opponent_scores_one():
    """Section 3.5's figure, by hand: with Black on A2, Black's B1 takes B1 from both sides
    and A1 from White (a White stone there would have no liberty), a - b = 2 - 1; a move in
    the open takes only its own point from each (0), and so does A1 itself."""
    from mango.engine import Game
    game = Game.from_ascii("""
        . . . .
        . . . .
        X . . .
        . . . .""")
    board = game.board
    scores = nogo.move_scores(board, 1)
    assert scores[board.point(1, 0)] == 1 == max(scores.values())
    assert scores[board.point(2, 2)] == 0 and scores[board.point(0, 0)] == 0


def test_go_playouts_play_legal_moves_and_play_near_the_last_move_most():
    """Go's playouts on NoGo weigh the last move's eight neighbours 20 times: the first move
    after one stone in the middle of an empty 7x7 board is beside it far more often than the 8
    of 48 points that a uniform draw gives."""
    near = 0
    for seed in range(200):
        board = Board(7)
        board.play(board.point(3, 3), 1)
        moves, winner = nogo.play_playout(board.copy(), seed, kind="go")
        replay, colour = board.copy(), 2
        for p in moves:
            assert p in nogo.legal_moves(replay, colour)
            replay.play(p, colour)
            colour = 3 - colour
        assert not nogo.legal_moves(replay, colour) and winner == 3 - colour
        x, y = board.xy(moves[0])
        near += max(abs(x - 3), abs(y - 3)) == 1
    assert near > 0.5 * 200


def test_the_setting_names_every_kind_the_search_knows():
    from mango.engine.config import GameConfig
    assert set(GameConfig.declarations()["nogo_playout"].choices) == set(nogo.KINDS)


def test_an_unknown_playout_kind_is_refused():
    with pytest.raises(ValueError, match="one of random"):
        nogo.play_playout(Board(5), 1, kind="clever")
