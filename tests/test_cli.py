"""The `mango` command line through click's CliRunner."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from gtp.cli import main


def test_bench_json_reports_the_required_keys():
    for args, policy in ((["--policy", "light"], "light"), ([], "mango")):
        result = CliRunner().invoke(main, ["bench", "--size", "9", "--playouts", "200", "--json", *args])
        assert result.exit_code == 0, result.output
        report = json.loads(result.output)
        assert {"size", "policy", "playouts", "seconds", "playouts_per_second"} <= report.keys()
        assert (report["size"], report["policy"], report["playouts"]) == (9, policy, 200)
        assert report["playouts_per_second"] > 0


def test_bench_text_output():
    result = CliRunner().invoke(main, ["bench", "--size", "5", "--playouts", "50"])
    assert result.exit_code == 0, result.output
    assert "playouts/s" in result.output


def test_bench_is_reproducible_apart_from_timing():
    runner = CliRunner()
    args = ["bench", "--size", "7", "--playouts", "100", "--json", "--seed", "9"]
    first, second = (json.loads(runner.invoke(main, args).output) for _ in range(2))
    for key in ("black_win_rate", "moves_per_playout", "mean_score"):
        assert first[key] == second[key]


@pytest.mark.parametrize("args", [
    ["bench", "--size", "20"],
    ["bench", "--size", "1"],
    ["bench", "--playouts", "0"],
    ["bench", "--policy", "heavy"],
    ["bench", "--size", "nine"],
])
def test_bench_rejects_bad_options_with_a_clear_message(args):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert "Invalid value" in result.output


def test_help_and_version():
    runner = CliRunner()
    assert "bench" in runner.invoke(main, ["--help"]).output
    assert runner.invoke(main, ["--version"]).exit_code == 0
