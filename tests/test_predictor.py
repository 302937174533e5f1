"""The move predictor's learner (MM for the generalized Bradley-Terry model) and `mango predict`,
on synthetic competitions and on tiny 19x19 games made here."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from click.testing import CliRunner

from mango.engine import Board, pattern3
from mango.cli import main
from mango.patterns.bradley_terry import Competitions, fit


def _synthetic(true_gammas, positions, candidates, seed):
    """Competitions whose winners are drawn from the model with the given gammas; family 1
    leaves a third of the candidates without a level."""
    rng = np.random.default_rng(seed)
    n = positions * candidates
    levels = [rng.integers(0, len(g), n) for g in true_gammas]
    levels[1][rng.random(n) < 1 / 3] = -1
    strength = np.ones(n)
    for k, g in enumerate(true_gammas):
        present = levels[k] >= 0
        strength[present] *= g[levels[k][present]]
    starts = np.arange(0, n, candidates)
    winners = []
    for j in range(positions):
        s = strength[j * candidates:(j + 1) * candidates]
        winners.append(j * candidates + rng.choice(candidates, p=s / s.sum()))
    return Competitions(levels, [len(g) for g in true_gammas], starts, np.array(winners))


def test_mm_recovers_known_gammas():
    truth = [np.array([1.0, 4.0, 0.5]), np.array([2.0, 0.25, 8.0, 1.0])]
    data = _synthetic(truth, positions=6000, candidates=8, seed=3)
    gammas, history = fit(data, iterations=100, tolerance=1e-9, prior=False)
    assert all(b >= a - 1e-9 for a, b in zip(history, history[1:]))       # MM never goes down
    # family 0 is on every candidate, so only its ratios are determined; family 1 is absolute
    assert np.allclose(gammas[0] / gammas[0][0], truth[0] / truth[0][0], rtol=0.15)
    assert np.allclose(gammas[1], truth[1], rtol=0.15)


def test_mm_prior_keeps_levels_never_played_finite():
    truth = [np.array([1.0, 3.0]), np.array([1.0])]
    data = _synthetic(truth, positions=200, candidates=5, seed=4)
    data.sizes[0] = 3                      # level 2 never occurs
    gammas, _ = fit(data, iterations=20)
    assert 0 < gammas[0][2] < np.inf and np.all(np.isfinite(gammas[0]))


def _sgf_game(seed: int, moves: int = 60) -> str:
    rng = random.Random(seed)
    board = Board(19)
    colour, nodes = 1, []
    for _ in range(moves):
        legal = [p for p in board.empty_points() if board.is_legal(p, colour)]
        near = [p for p in legal if 2 <= board.xy(p)[0] <= 16 and 2 <= board.xy(p)[1] <= 16]
        p = rng.choice(near or legal)
        board.play(p, colour)
        x, y = board.xy(p)
        nodes.append(f";{'B' if colour == 1 else 'W'}[{chr(97 + x)}{chr(97 + 18 - y)}]")
        colour = 3 - colour
    return f"(;GM[1]FF[4]SZ[19]KM[6.5]DT[2020-01-0{seed % 9 + 1}]" + "".join(nodes) + ")"


@pytest.fixture()
def games(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    for i in range(9):
        (folder / f"game{i}.sgf").write_text(_sgf_game(i))
    (folder / "old.sgf").write_text(_sgf_game(99).replace("DT[2020", "DT[1950"))
    return folder


def test_learn_then_predict_on_the_held_out_games(games, tmp_path):
    runner = CliRunner()
    model = tmp_path / "model.npz"
    result = runner.invoke(main, ["learn-patterns", "--model", "bt", str(games), "--out", str(model),
                                  "--since", "2000", "--hold-out-every", "3", "--min-count", "1",
                                  "--iterations", "3", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "6 learned, 3 held out" in result.output and model.is_file()
    out = tmp_path / "figures.json"
    result = runner.invoke(main, ["predict", str(games), "--model", str(model), "--since", "2000",
                                  "--held-out-every", "3", "--json", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    figures = json.loads(out.read_text())
    assert figures["games"] == 3 and figures["positions"] == 3 * 60
    assert 0 <= figures["top1"] <= figures["top5"] <= 1 and figures["log_evidence"] < 0
    assert len(figures["top_k"]) == 20 and figures["top_k"] == sorted(figures["top_k"])
    assert "top-1:" in result.output


def test_predict_plots_the_top_k_curve(games, tmp_path):
    pytest.importorskip("matplotlib")
    plot = tmp_path / "top-k.png"
    result = CliRunner().invoke(main, ["predict", str(games), "--max-games", "2", "--plot", str(plot),
                                       "--quiet"])
    assert result.exit_code == 0, result.output
    assert plot.stat().st_size > 1000


def test_predict_without_games_is_a_clear_error(tmp_path):
    (tmp_path / "nine.sgf").write_text("(;GM[1]FF[4]SZ[9];B[ee];W[cc])")
    result = CliRunner().invoke(main, ["predict", str(tmp_path), "--quiet"])
    assert result.exit_code != 0 and "no 19x19 positions" in result.output


def test_predict_judges_another_board_size_with_size(tmp_path):
    (tmp_path / "nine.sgf").write_text("(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[gc];W[cg])")
    out = tmp_path / "figures.json"
    result = CliRunner().invoke(main, ["predict", str(tmp_path), "--size", "9", "--json", str(out),
                                       "--quiet"])
    assert result.exit_code == 0, result.output
    figures = json.loads(out.read_text())
    assert figures["games"] == 1 and figures["positions"] == 4


def test_learn_patterns_keeps_the_3x3_table_as_the_default(games, tmp_path):
    out = tmp_path / "table.npz"
    try:
        result = CliRunner().invoke(main, ["learn-patterns", str(games), "--out", str(out), "--quiet"])
    finally:
        pattern3.load_table()       # the learner installs what it learned: back to the shipped table
    assert result.exit_code == 0, result.output
    assert "distinct patterns" in result.output


def test_learning_with_a_stride_takes_every_nth_move(games, tmp_path):
    runner = CliRunner()
    model = tmp_path / "model.npz"
    result = runner.invoke(main, ["learn-patterns", "--model", "bt", str(games), "--out", str(model),
                                  "--since", "2000", "--hold-out-every", "3", "--min-count", "1",
                                  "--iterations", "2", "--stride", "3", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "positions: 120 " in result.output          # 6 games x 60 moves / 3


def test_mm_prior_pulls_an_unseen_pattern_towards_its_parent():
    truth = [np.array([1.0, 6.0]), np.array([1.0])]
    data = _synthetic(truth, positions=400, candidates=5, seed=5)
    data.sizes[0] = 3                      # level 2, a refinement of level 1, never occurs
    gammas, _ = fit(data, iterations=50, parents={0: np.array([-1, -1, 1])})
    assert gammas[0][1] > 3 * gammas[0][0]
    assert abs(np.log(gammas[0][2] / gammas[0][1])) < 0.05
