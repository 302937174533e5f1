"""Bad input on the command line (issue 32): one line naming the option or file and what is
wrong, exit status 2, no traceback, and nothing done before the check (no game played, no file
left behind)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from mango.cli import main

UNWRITABLE = "/proc/no-such-folder"          # os.makedirs fails there, even for root


def run(args):
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("args, says", [
    (["match", "--opponent", "gnugo", "--store", f"{UNWRITABLE}/x.jsonl"], "--store"),
    (["match", "--opponent", "gnugo", "--json", f"{UNWRITABLE}/x.json"], "--json"),
    (["match", "--opponent", "gnugo", "--sgf", f"{UNWRITABLE}/sgf"], "--sgf"),
    (["selfplay", "--sgf", f"{UNWRITABLE}/sgf"], "--sgf"),
    (["suite", "mango", "--json", f"{UNWRITABLE}/x.json"], "--json"),
    (["selfplay", "--komi", "nan"], "--komi"),
    (["selfplay", "--komi", "1e308"], "--komi"),
    (["bench", "--komi", "inf"], "--komi"),
    (["match", "--opponent", "gnugo", "--komi", "x"], "--komi"),
])
def test_a_bad_option_is_refused_before_any_work(args, says):
    result = run(args)
    assert result.exit_code == 2, result.output
    assert says in result.output and result.output.count("\n") <= 4


def test_a_report_into_an_unwritable_folder_is_refused(tmp_path):
    store = tmp_path / "s.jsonl"
    store.write_text("")
    result = run(["report", str(store), "--out", f"{UNWRITABLE}/report"])
    assert result.exit_code == 2 and "--out" in result.output


def test_a_config_file_that_is_not_utf8_names_itself(tmp_path):
    config = tmp_path / "bad.toml"
    config.write_bytes(b"playouts = \xff\xfe\n")
    result = run(["selfplay", "--config", str(config)])
    assert result.exit_code == 2 and "bad.toml" in result.output


def test_a_broken_toml_file_names_itself(tmp_path):
    config = tmp_path / "broken.toml"
    config.write_text("playouts = = 3\n")
    result = run(["selfplay", "--config", str(config)])
    assert result.exit_code == 2 and "broken.toml" in result.output


def test_checking_an_output_file_leaves_nothing_behind(tmp_path):
    report = tmp_path / "out.json"
    result = run(["match", "--opponent", str(tmp_path / "no-engine"), "--json", str(report)])
    assert result.exit_code == 2 and "no-engine" in result.output and not report.exists()


def test_a_damaged_store_line_is_reported_with_its_number(tmp_path, caplog):
    from stored import game_record

    from mango.lab.store import Store, read_records

    path = tmp_path / "s.jsonl"
    Store(str(path)).append(game_record(game=0))
    with open(path, "a") as handle:
        handle.write('{"match": "m", "ga\n[1, 2]\n')
    Store(str(path)).append(game_record(game=1))
    assert [r.game for r in read_records(str(path))] == [0, 1]
    assert "line 2 " in caplog.text and "line 3 " in caplog.text


def test_a_store_that_is_not_text_is_refused(tmp_path):
    store = tmp_path / "s.jsonl"
    store.write_bytes(b"\xff\xfe\x00binary")
    result = run(["match", "--opponent", "gnugo", "--store", str(store), "--games", "2"])
    assert result.exit_code == 2 and "not a results store" in result.output
    report = run(["report", str(store), "--out", str(tmp_path / "r")])
    assert report.exit_code == 2 and "not a results store" in report.output


@pytest.mark.parametrize("engine", ["/bin/false", "/no/such/engine"])
def test_a_suite_engine_that_fails_is_one_line(engine):
    result = run(["suite", "mango", "--engine", engine])
    assert result.exit_code == 1 and "the engine failed" in result.output


def test_a_suite_file_that_is_not_text_is_refused(tmp_path):
    suite = tmp_path / "bad.tst"
    suite.write_bytes(b"1 genmove b\n#? [\xff]\n")
    result = run(["suite", str(suite), "--engine", "/bin/false"])
    assert result.exit_code == 2 and "bad.tst" in result.output


@pytest.mark.parametrize("setting", ["pattern_table", "predictor_model"])
def test_gtp_with_a_file_that_is_not_a_table_or_model_is_a_usage_error(tmp_path, setting):
    junk = tmp_path / "junk.npz"
    junk.write_text("not numpy at all")
    result = run(["gtp", "-o", f"{setting}={junk}"])
    assert result.exit_code == 2 and "junk.npz" in result.output


def test_predict_refuses_a_table_or_model_that_is_not_one(tmp_path):
    import numpy as np

    pickled = tmp_path / "objects.npy"
    np.save(pickled, np.array([{"a": 1}], dtype=object), allow_pickle=True)
    games = tmp_path / "g.sgf"
    games.write_text("(;SZ[19];B[dd])")
    for option in ("--table", "--model"):
        result = run(["predict", str(games), option, str(pickled)])
        assert result.exit_code == 2 and option in result.output and "allow_pickle" not in result.output


def test_bench_threads_without_search_is_refused():
    result = run(["bench", "--threads", "2"])
    assert result.exit_code == 2 and "--search" in result.output


def test_an_engine_that_does_not_speak_gtp_fails_at_once():
    result = run(["suite", "mango", "--engine", "cat"])     # cat echoes the command back
    assert result.exit_code == 1 and "not a GTP response" in result.output
