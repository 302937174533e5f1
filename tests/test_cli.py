"""The `mango` command line through click's CliRunner."""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from mango.cli import main


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


def test_bench_times_light_nogo_playouts_and_a_nogo_search():
    runner = CliRunner()
    args = ["bench", "--game", "nogo", "--size", "7", "--playouts", "300", "--json", "--seed", "4"]
    first, second = (json.loads(runner.invoke(main, args).output) for _ in range(2))
    assert first["game"] == "nogo" and first["playouts"] == 300 and first["playouts_per_second"] > 0
    assert first["black_win_rate"] == second["black_win_rate"]
    search = json.loads(runner.invoke(main, ["bench", "--game", "nogo", "--search", "--size", "7",
                                             "--playouts", "500", "--json"]).output)
    assert search["playouts"] == 500 and search["nodes"] > 0


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


def test_bench_search_reports_the_tree():
    result = CliRunner().invoke(main, ["bench", "--search", "--size", "9", "--playouts", "300", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["search"] is True and report["playouts"] == 300
    assert report["nodes"] > 1 and report["bytes_per_node"] == 64
    assert {"size", "policy", "seconds", "playouts_per_second", "peak_rss_mb"} <= report.keys()
    assert report["nodes_recycled"] == 0 and report["tree_bound_mb"] == 512.0
    if report["rss_file_mb"] is not None:  # Linux: the library pages are part of the peak
        assert 0 < report["rss_file_mb"] < report["peak_rss_mb"]


def test_bench_search_recycles_a_small_pool_and_says_so():
    args = ["bench", "--search", "--size", "9", "--playouts", "3000", "-o", "max_nodes=2000"]
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["nodes_recycled"] > 0 and report["prunes"] > 0 and report["nodes"] <= 2000
    text = CliRunner().invoke(main, args).output
    assert "recycled in" in text and "MB bound" in text


def test_selfplay_plays_a_game_and_writes_sgf(tmp_path):
    from sgfmill import sgf

    args = ["selfplay", "--size", "5", "--playouts", "100", "--games", "2", "--sgf", str(tmp_path),
            "-o", "resign=off", "--seed", "3"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "game 1:" in result.output and "game 2:" in result.output
    files = sorted(tmp_path.glob("*.sgf"))
    assert len(files) == 2
    record = sgf.Sgf_game.from_bytes(files[0].read_bytes())
    assert record.get_size() == 5
    assert record.get_root().get("RE")[0] in "BW0"
    assert len(record.get_main_sequence()) > 5
    again = CliRunner().invoke(main, args[:-2] + ["--seed", "3", "--quiet"])
    # same seed, same games
    assert [l for l in again.output.splitlines() if l.startswith("game")][0].split(",")[0] == \
        [l for l in result.output.splitlines() if l.startswith("game")][0].split(",")[0]


def test_selfplay_under_japanese_rules_records_and_scores_them(tmp_path):
    """The game's result is its score under territory rules (every stone alive), and the SGF
    says which rules: the same moves as under area rules, another count."""
    from sgfmill import sgf

    from mango.engine import Game
    from mango.engine.game import score_text
    args = ["selfplay", "--size", "5", "--playouts", "100", "--seed", "3", "-o", "resign=off",
            "--komi", "0.5", "--quiet"]
    CliRunner().invoke(main, args + ["-o", "rules=japanese", "--sgf", str(tmp_path / "j")])
    record = sgf.Sgf_game.from_bytes(next((tmp_path / "j").glob("*.sgf")).read_bytes())
    assert record.get_root().get("RU") == "Japanese"
    game = Game(5, 0.5, "japanese")
    for node in record.get_main_sequence()[1:]:
        colour, move = node.get_move()
        game.play(colour, "pass" if move is None else "ABCDE"[move[1]] + str(move[0] + 1))
    assert record.get_root().get("RE") == score_text(game.score())


def test_selfplay_reads_a_toml_config(tmp_path):
    config = tmp_path / "mango.toml"
    config.write_text('playouts = 50\n[search]\nrave = false\n[prior]\neven_count = 5.0\n')
    result = CliRunner().invoke(main, ["selfplay", "--size", "4", "--config", str(config), "--quiet"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("bad", [["-o", "uct_c=abc"], ["-o", "nonsense=1"], ["-o", "noequals"],
                                 ["-o", "threads=0"]])
def test_selfplay_refuses_bad_settings_clearly(bad):
    result = CliRunner().invoke(main, ["selfplay", "--size", "5", "--playouts", "10", *bad])
    assert result.exit_code == 2
    assert "configuration" in result.output and "Traceback" not in result.output


def test_selfplay_refuses_a_broken_toml(tmp_path):
    config = tmp_path / "bad.toml"
    config.write_text("playouts = = 3\n")
    result = CliRunner().invoke(main, ["selfplay", "--config", str(config)])
    assert result.exit_code == 2


FAKE_ENGINE = '''
import sys, time
mode = sys.argv[1]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if mode == "die" and words[0] == "genmove":
        sys.exit(1)
    if words[0] == "genmove":
        if mode == "slow":
            time.sleep(0.2)
        print("= Z99" if mode == "illegal" else "= pass", flush=True)
    elif words[0] == "quit":
        print("=\\n", flush=True)
        break
    else:
        print("=", flush=True)
    print("", flush=True)
'''


def misbehaving_match(tmp_path, mode):
    import sys

    script = tmp_path / "fake.py"
    script.write_text(FAKE_ENGINE)
    report = tmp_path / "match.json"
    result = CliRunner().invoke(main, ["match", "--opponent", f"{sys.executable} {script} {mode}",
                                       "--games", "2", "--size", "5", "--playouts", "50",
                                       "--json", str(report), "--quiet", "--sgf", str(tmp_path / "sgf"),
                                       "--store", str(tmp_path / "results.jsonl")])
    return result, json.loads(report.read_text())


def test_an_illegal_move_is_a_forfeit_and_scored(tmp_path):
    from mango.lab.store import read_records

    result, data = misbehaving_match(tmp_path, "illegal")
    assert result.exit_code == 0, result.output
    assert data["games"] == 2 and data["points"] == 2.0 and data["errors"] == 0
    records = read_records(str(tmp_path / "results.jsonl"))
    assert len(records) == 2 and all("illegal move" in game.reason for game in records)
    assert {game.result[1:] for game in records} == {"+F"}
    assert len(list((tmp_path / "sgf").glob("*.sgf"))) == 2
    assert "Elo" in result.output


def test_a_dead_engine_is_an_error_never_a_win(tmp_path):
    """An opponent that dies measures nothing: its games are void, counted as errors and never
    scored, and a match whose every game failed says so and exits non-zero."""
    from mango.lab.store import read_records

    result, data = misbehaving_match(tmp_path, "die")
    assert result.exit_code == 1 and "every game failed" in result.output
    assert data["games"] == 0 and data["points"] == 0 and data["errors"] == 2
    records = read_records(str(tmp_path / "results.jsonl"))
    assert len(records) == 2 and all("died" in g.reason and g.result == "Void" and g.error for g in records)
    assert "Traceback" not in result.output


def test_match_refuses_an_empty_opponent(tmp_path):
    result = CliRunner().invoke(main, ["match", "--opponent", "  ", "--games", "1",
                                       "--store", str(tmp_path / "s.jsonl")])
    assert result.exit_code == 2


@pytest.mark.gnugo
def test_match_against_gnugo(tmp_path):
    from mango.lab.client import find_gnugo
    from mango.lab.store import read_records

    gnugo = find_gnugo()
    if gnugo is None:
        pytest.skip("GNU Go is not installed")
    report = tmp_path / "match.json"
    store = tmp_path / "results.jsonl"
    result = CliRunner().invoke(main, ["match", "--opponent", f"{gnugo} --mode gtp --level 1",
                                       "--games", "2", "--size", "7", "--playouts", "300",
                                       "--jobs", "2", "--json", str(report), "--quiet",
                                       "--store", str(store)])
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["games"] == 2 and data["scorer"] == "gnugo final_score" and data["errors"] == 0
    games = read_records(str(store))
    assert {game.a_colour for game in games} == {"b", "w"}
    for game in games:
        assert game.winner in ("b", "w", None)
        assert "refused" not in game.reason and "died" not in game.reason


@pytest.mark.slow
@pytest.mark.parametrize("stop", ["SIGTERM", "SIGINT"])
def test_a_stopped_match_keeps_its_games_prints_its_summary_and_leaves_no_process(tmp_path, stop):
    import os
    import signal
    import subprocess
    import sys
    import time

    engine = tmp_path / "fake.py"
    engine.write_text(FAKE_ENGINE)
    store = tmp_path / "s.jsonl"
    match = subprocess.Popen(
        [sys.executable, "-m", "mango.cli", "match", "--opponent", f"{sys.executable} {engine} slow",
         "--games", "40", "--size", "5", "--playouts", "30", "--jobs", "2", "--quiet",
         "--store", str(store)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        # A background job of a non-interactive shell (CI started with `nohup ... &`) inherits
        # SIGINT ignored, and Python then installs no handler: give the match the disposition
        # of a program started in a terminal, as the user who presses Ctrl-C has it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not store.exists() or not store.read_text().strip()):
        time.sleep(0.2)
    assert store.read_text().strip(), "no game finished"
    match.send_signal(getattr(signal, stop))
    out, err = match.communicate(timeout=60)
    assert match.returncode == 130, err
    assert "wins" in out and "interrupted" in err and "Traceback" not in err
    kept = [line for line in store.read_text().splitlines() if line.strip()]
    assert 1 <= len(kept) < 40
    alive, deadline = True, time.monotonic() + 20
    while alive and time.monotonic() < deadline:     # nothing of the match's session is left:
        try:                                         # the workers are stopped and their engines
            os.killpg(match.pid, 0)                  # quit when their pipes close
            time.sleep(0.2)
        except ProcessLookupError:
            alive = False
    assert not alive


def test_a_refused_command_leaves_no_output_folder_behind(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    open("store.jsonl", "w").close()
    result = runner.invoke(main, ["report", "store.jsonl", "--sprt", "100", "--no-plots"])
    assert result.exit_code == 2 and "--sprt" in result.output
    result = runner.invoke(main, ["selfplay", "--size", "5", "--games", "1", "--playouts", "20",
                                  "--sgf", "games/new", "-o", "uct_c=-1"])
    assert result.exit_code != 0 and "uct_c" in result.output
    assert sorted(os.listdir(tmp_path)) == ["store.jsonl"]


def test_an_output_folder_that_cannot_be_made_is_refused_before_any_work(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    open("a-file", "w").close()
    result = runner.invoke(main, ["selfplay", "--size", "5", "--games", "1", "--playouts", "20",
                                  "--sgf", "a-file/games"])
    assert result.exit_code == 2 and "cannot write in a-file/games" in result.output
    result = runner.invoke(main, ["selfplay", "--size", "5", "--games", "1", "--playouts", "20",
                                  "--sgf", "new/games", "--quiet"])
    assert result.exit_code == 0, result.output
    assert os.listdir("new/games") == ["selfplay-001.sgf"]


def test_an_output_file_s_new_folder_is_made_only_when_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["bench", "--size", "5", "--playouts", "20", "--json", "-o", "uct_c=-1"])
    assert result.exit_code != 0
    result = runner.invoke(main, ["match", "--opponent", "mango", "--games", "1", "--size", "5",
                                  "--playouts", "20", "--store", "runs/a/s.jsonl", "--json",
                                  "runs/b/s.json", "-o", "uct_c=-1"])
    assert result.exit_code != 0 and os.listdir(tmp_path) == []
    open("a-file", "w").close()
    result = runner.invoke(main, ["match", "--opponent", "mango", "--games", "1", "--size", "5",
                                  "--store", "a-file/s.jsonl"])
    assert result.exit_code == 2 and "cannot write a-file/s.jsonl" in result.output
    result = runner.invoke(main, ["match", "--opponent", "mango", "--games", "1", "--size", "5",
                                  "--playouts", "20", "--store", "runs/a/s.jsonl", "--json",
                                  "runs/b/s.json", "--quiet"])
    assert result.exit_code == 0, result.output
    assert json.load(open("runs/b/s.json"))["games"] == 1 and os.path.getsize("runs/a/s.jsonl") > 0
