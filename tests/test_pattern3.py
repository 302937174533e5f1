"""3x3 pattern codes, symmetry and colour invariance, the value table and the learner."""
from __future__ import annotations

import io
import random
import tarfile

import numpy as np
import pytest
from click.testing import CliRunner

from mango.engine import Board, Game
from mango.engine import pattern3
from mango.engine.config import PlayoutConfig
from mango.engine.playout import MangoPlayout
from mango.cli import main
from mango.patterns.learn import learn


def random_position(size: int, moves: int, seed: int) -> Board:
    rnd = random.Random(seed)
    board = Board(size)
    colour = 1
    for _ in range(moves):
        legal = [p for p in board.empty_points() if board.is_legal(p, colour)]
        if not legal:
            break
        board.play(rnd.choice(legal), colour)
        colour = 3 - colour
    return board


def transformed(board: Board, transform) -> tuple[Board, callable]:
    size = board.size
    new = Board(size)

    def move_point(p):
        x, y = board.xy(p)
        return new.point(*transform(x, y, size - 1))

    for colour in (1, 2):
        for p in board.stones(colour):
            new.put_stone(move_point(p), colour)
    return new, move_point


SYMMETRIES = [
    lambda x, y, m: (x, y), lambda x, y, m: (m - y, x), lambda x, y, m: (m - x, m - y),
    lambda x, y, m: (y, m - x), lambda x, y, m: (m - x, y), lambda x, y, m: (y, x),
    lambda x, y, m: (x, m - y), lambda x, y, m: (m - y, m - x),
]


@pytest.mark.parametrize("size, moves, seed", [(5, 12, 1), (7, 30, 2), (9, 60, 3), (9, 45, 4), (13, 120, 5)])
def test_canonical_code_is_invariant_under_the_eight_symmetries_and_colour_swap(size, moves, seed):
    board = random_position(size, moves, seed)
    swapped = Board(size)
    for colour in (1, 2):
        for p in board.stones(colour):
            swapped.put_stone(p, 3 - colour)
    for symmetry in SYMMETRIES:
        other, move_point = transformed(board, symmetry)
        for p in board.empty_points():
            for colour in (1, 2):
                expected = pattern3.canonical(pattern3.for_player(pattern3.code_at(board, p), colour))
                got = pattern3.canonical(pattern3.for_player(pattern3.code_at(other, move_point(p)), colour))
                assert got == expected
    for p in board.empty_points():
        assert (pattern3.for_player(pattern3.code_at(board, p), 1)
                == pattern3.for_player(pattern3.code_at(swapped, p), 2))


def test_code_fields_and_atari_bits():
    game = Game.from_ascii("""
        . . . . .
        . O . . .
        X . . . .
        O X . . .
        . O . . .
    """)
    board = game.board
    code = pattern3.code_at(board, game.point("A1"))
    # N = A2 (white, in atari: its last liberty is A1), E = B1 (white, 3 liberties),
    # S and W and the lower diagonals off board, NE = B2 (black), NW off board.
    assert code & 3 == 2 and (code >> 2) & 3 == 2
    assert (code >> 4) & 3 == 3 and (code >> 6) & 3 == 3
    assert (code >> 8) & 3 == 1
    assert (code >> 16) & 1 == 1       # N group in atari
    assert (code >> 17) & 1 == 0       # E group not in atari
    assert pattern3.for_player(code, 2) & 3 == 1   # White sees its own stone north


@pytest.mark.parametrize("size, moves, seed", [(5, 30, 1), (9, 120, 2), (13, 200, 3), (19, 300, 4)])
def test_every_code_of_a_played_position_matches_its_neighbours(size, moves, seed):
    """Colours and atari bits of every empty point's code against the board's public answers,
    after random games with captures: the atari bits read an empty or off-board neighbour's
    sink group and mask it, so the board's sink must never leak into a code."""
    board = random_position(size, moves, seed)
    offsets = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)]
    for point in board.empty_points():
        x, y = board.xy(point)
        code = pattern3.code_at(board, point)
        for k, (dx, dy) in enumerate(offsets):
            inside = 0 <= x + dx < size and 0 <= y + dy < size
            colour = board.colour_at(board.point(x + dx, y + dy)) if inside else 3
            assert (code >> (2 * k)) & 3 == colour
            if k < 4:
                atari = colour in (1, 2) and board.in_atari(board.point(x + dx, y + dy))
                assert (code >> (16 + k)) & 1 == atari


def test_code_at_rejects_occupied_points():
    board = Board(5)
    board.play(board.point(2, 2), 1)
    with pytest.raises(ValueError):
        pattern3.code_at(board, board.point(2, 2))


def test_table_round_trip_and_lookup(tmp_path):
    board = Board(9)
    corner = pattern3.canonical(pattern3.for_player(pattern3.code_at(board, board.point(0, 0)), 1))
    path = tmp_path / "table.npz"
    pattern3.write_table(path, [corner], [2000], 7)
    try:
        pattern3.load_table(path)
        for x, y in [(0, 0), (8, 0), (0, 8), (8, 8)]:     # every corner, both colours
            code = pattern3.code_at(board, board.point(x, y))
            assert pattern3.value(code, 1) == 2000 and pattern3.value(code, 2) == 2000
        assert pattern3.value(pattern3.code_at(board, board.point(4, 4)), 1) == 7
    finally:
        pattern3.load_table()   # back to the shipped table


def test_a_named_table_drives_its_policy_and_leaves_the_process_table_alone(tmp_path):
    board = Board(9)
    corner_code = pattern3.code_at(board, board.point(0, 0))
    centre_code = pattern3.code_at(board, board.point(4, 4))
    path = tmp_path / "table.npz"
    pattern3.write_table(path, [pattern3.canonical(pattern3.for_player(corner_code, 1))], [2000], 7)
    shipped = MangoPlayout(board, PlayoutConfig()).base_weights(1)
    named = MangoPlayout(board, PlayoutConfig(pattern_table=str(path))).base_weights(1)
    assert named[board.point(0, 0)] == 2000 and named[board.point(8, 8)] == 2000
    assert named[board.point(4, 4)] == 7 and named[board.point(3, 5)] == 7
    assert shipped == MangoPlayout(board, PlayoutConfig()).base_weights(1) != named
    assert shipped[board.point(4, 4)] == pattern3.value(centre_code, 1) != 7


@pytest.mark.parametrize("codes, values", [
    ([4], [5]),         # own stone east: not canonical (a rotation puts it north, code 1)
    ([0], [0]),         # values run 1..2433
    ([0], [3000]),
    ([0, 1], [5]),      # one value per code
])
def test_bad_tables_are_refused(codes, values):
    assert pattern3.canonical(1) == 1 and pattern3.canonical(4) == 1
    with pytest.raises(ValueError):
        pattern3.install_values(codes, values)


def test_unreadable_table_files(tmp_path):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(ValueError):
        pattern3.load_table(junk)
    other = tmp_path / "other.npz"
    np.savez(other, format=np.array("something-else"), version=np.array(1))
    with pytest.raises(ValueError):
        pattern3.load_table(other)
    with pytest.raises(ValueError):
        pattern3.load_table(tmp_path / "missing.npz")


GAME = "(;GM[1]FF[4]SZ[9]DT[2020-01-01];B[cc];W[gg];B[cg];W[gc];B[ee];W[ed];B[de];W[fe];B[ef])"
GAME2 = "(;GM[1]FF[4]SZ[9]DT[2021-05-01];B[gg];W[cc];B[gc];W[cg];B[ee];W[de];B[ed];W[ef];B[fe])"
OLD = "(;GM[1]FF[4]SZ[9]DT[1950-01-01];B[aa];W[bb])"
BROKEN_ILLEGAL = "(;GM[1]FF[4]SZ[9]DT[2020-02-02];B[cc];W[cc])"
BROKEN_SYNTAX = "(;GM[1]FF[4]SZ[9];B[cc"


def write_games(folder):
    folder.mkdir()
    for i in range(4):
        (folder / f"game{i}.sgf").write_text(GAME if i % 2 == 0 else GAME2)
    (folder / "old.sgf").write_text(OLD)
    (folder / "illegal.sgf").write_text(BROKEN_ILLEGAL)
    (folder / "syntax.sgf").write_text(BROKEN_SYNTAX)
    archive = folder / "more.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for i in range(2):
            data = (GAME if i == 0 else GAME2).encode()
            info = tarfile.TarInfo(f"inside/g{i}.sgf")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def test_learner_reads_files_folders_and_archives_and_skips_broken_games(tmp_path, caplog):
    write_games(tmp_path / "games")
    out = tmp_path / "learned.npz"
    before = [pattern3.value(code, 1) for code in range(64)]
    summary = learn([tmp_path / "games"], out, since=2000, hold_out_every=3, progress=False)
    # 6 good games dated 2020/2021 (4 files + 2 in the archive), 2 held out; old one filtered
    assert summary.games + summary.held_out_games == 6
    assert summary.held_out_games == 2
    assert sorted(n.rsplit("/", 1)[-1] for n in summary.skipped) == ["illegal.sgf", "syntax.sgf"]
    assert "illegal.sgf" in caplog.text and "syntax.sgf" in caplog.text
    assert summary.positions == 4 * 9 and summary.distinct_patterns > 5
    codes, values, default, meta = pattern3.read_table(out)
    assert len(codes) == summary.distinct_patterns
    assert values.min() >= 1 and values.max() == pattern3.MAX_VALUE
    # values follow the smoothed probability played, and the open-space pattern (code 0),
    # present everywhere but chosen once per move, is worth less than the best shape
    seen, played, weight = meta["seen"], meta["played"], float(meta["prior_weight"])
    prior = played.sum() / seen.sum()
    probability = (played + weight * prior) / (seen + weight)
    order = np.argsort(probability, kind="stable")
    assert np.all(np.diff(values[order].astype(int)) >= 0)
    assert values[list(codes).index(0)] < pattern3.MAX_VALUE
    assert 0.0 <= summary.top1_accuracy <= 1.0
    assert [pattern3.value(code, 1) for code in range(64)] == before     # no side effect


def test_learn_patterns_command(tmp_path):
    write_games(tmp_path / "games")
    out = tmp_path / "cli.npz"
    result = CliRunner().invoke(main, ["learn-patterns", str(tmp_path / "games" / "game0.sgf"),
                                       str(tmp_path / "games" / "more.tar.gz"), "--out", str(out),
                                       "--quiet", "--hold-out-every", "0"])
    assert result.exit_code == 0, result.output
    assert "games: 3 learned" in result.output and out.exists()
    bad = CliRunner().invoke(main, ["learn-patterns", str(tmp_path / "games" / "syntax.sgf"),
                                    "--out", str(tmp_path / "x.npz"), "--quiet"])
    assert bad.exit_code != 0 and "no positions" in bad.output


def test_learn_patterns_reports_an_unwritable_output_cleanly(tmp_path):
    write_games(tmp_path / "games")
    result = CliRunner().invoke(main, ["learn-patterns", str(tmp_path / "games" / "game0.sgf"),
                                       "--out", "/proc/no-such-folder/t.npz",
                                       "--quiet", "--hold-out-every", "0"])
    assert result.exit_code == 2 and "Error:" in result.output   # before any learning
    assert "no-such-folder" in result.output       # the message names the path
    made = tmp_path / "new-folder" / "t.npz"       # a folder that can be made is made
    result = CliRunner().invoke(main, ["learn-patterns", str(tmp_path / "games" / "game0.sgf"),
                                       "--out", str(made), "--quiet", "--hold-out-every", "0"])
    assert result.exit_code == 0 and made.exists()


def test_each_players_base_weight_is_its_own_value_with_the_shipped_and_a_named_table(tmp_path):
    """The playouts read both players' values from one word (VALUE_PAIRS): each colour must get
    its own half, on a position where Black's and White's values differ."""
    board = random_position(9, 30, seed=3)
    corner = pattern3.canonical(pattern3.for_player(pattern3.code_at(Board(9), Board(9).point(0, 0)), 1))
    path = tmp_path / "table.npz"
    own_north = pattern3.canonical(1)       # one stone of the player's own, north (code 1)
    pattern3.write_table(path, sorted([corner, own_north]), [1500, 900] if corner < own_north
                         else [900, 1500], 3)
    named_black, named_white = pattern3.named_table(path)[:2]
    differ = 0
    for config, black, white in [(PlayoutConfig(), None, None),
                                 (PlayoutConfig(pattern_table=str(path)), named_black, named_white)]:
        playout = MangoPlayout(board, config)
        for colour, table in [(1, black), (2, white)]:
            weights = playout.base_weights(colour)
            for point, weight in weights.items():
                code = pattern3.code_at(board, point)
                assert weight == (pattern3.value(code, colour) if table is None else table[code])
        differ += playout.base_weights(1) != playout.base_weights(2)
    assert differ == 2
