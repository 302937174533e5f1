"""The strength laboratory: statistics and SPRT, clocks, openings, the results store, matches
against fake engines (time losses, SPRT stops, resumption) and the Ray backend."""
from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from stored import game_record

from mango.cli import main
from mango.engine.statistic import elo, expected_score
from mango.lab import match as lab
from mango.lab import report
from mango.lab.game_record import GameRecord
from mango.lab.matchclock import MatchTimeControl, SideClock
from mango.lab.opening import OpeningError, load_openings, shipped_path
from mango.lab.sprt import PAIR_SCORES, Sprt, Tally, llr, mean_variance
from mango.lab.store import Store, StoreError, chosen_games, read_records


# -- statistics ------------------------------------------------------------------------------------

def test_llr_by_hand():
    # 100 pairs: 50 won twice (score 1), 50 split (score 1/2): mean 3/4, variance 1/16.
    n, mean, variance = mean_variance([0, 0, 50, 0, 50], PAIR_SCORES)
    assert (n, mean, variance) == (100, 0.75, 0.0625)
    elo1 = 400 * math.log10(0.6 / 0.4)             # s0 = 0.5, s1 = 0.6
    # LLR = N (s1 - s0)(2m - s0 - s1) / (2 v) = 100 * 0.1 * 0.4 / 0.125 = 32
    assert llr(n, mean, variance, 0.0, elo1) == pytest.approx(32.0)
    test = Sprt(0.0, elo1)
    assert test.upper == pytest.approx(math.log(19)) and test.lower == pytest.approx(-math.log(19))
    state = test.state([0, 0, 50, 0, 50], PAIR_SCORES)      # the pseudo-counts barely move it
    assert state["llr"] == pytest.approx(32.0, rel=0.03) and state["result"] == "H1"


def test_sprt_accepts_h0_for_an_even_engine_and_waits_when_unsure():
    test = Sprt(0.0, 10.0)
    assert test.state([100, 400, 800, 400, 100], PAIR_SCORES)["result"] == "H0"
    assert test.state([1, 2, 3, 2, 1], PAIR_SCORES)["result"] == "continue"
    # one won pair is no proof
    assert test.state([0, 0, 0, 0, 1], PAIR_SCORES)["result"] == "continue"


def test_elo_and_interval_from_pairs_and_games():
    assert elo(0.5) == 0 and elo(expected_score(100)) == pytest.approx(100)
    assert math.isinf(elo(1.0)) and math.isinf(elo(0.0))
    tally = Tally(paired=True)
    for pair, (a, b) in enumerate([(1, 0), (1, 1), (0.5, 1), (0, 0), (1, 0.5), (1, 0)]):
        tally.add(a, pair)
        tally.add(b, pair)
    summary = tally.summary(Sprt(0, 20))
    assert summary["games"] == 12 and summary["pentanomial"] == [1, 0, 2, 2, 1]
    assert summary["score"] == pytest.approx(7 / 12, abs=1e-4)
    n, mean, variance = mean_variance([1.2, 0.2, 2.2, 2.2, 1.2], PAIR_SCORES)   # + pseudo-counts
    half = 1.959964 * math.sqrt(variance / n)
    assert summary["score_low"] == pytest.approx(mean - half, abs=1e-4)
    assert summary["elo_low"] < summary["elo"] < summary["elo_high"]
    assert set(summary["sprt"]) >= {"llr", "lower", "upper", "result"}
    even = Tally(paired=True)                     # two split pairs: no zero-width interval
    for pair in (0, 1):
        even.add(1, pair)
        even.add(0, pair)
    assert even.summary()["elo_low"] < -100 and even.summary()["elo_high"] > 100
    games = Tally()
    for points in (1, 1, 0, 0.5):
        games.add(points)
    assert (games.wins, games.losses, games.draws, games.points) == (2, 1, 1, 2.5)


def test_sprt_refuses_backwards_bounds():
    with pytest.raises(ValueError):
        Sprt(5, 0)


# -- clocks ----------------------------------------------------------------------------------------

def test_time_control_syntax():
    assert MatchTimeControl.parse("10") == MatchTimeControl("fischer", 10.0)
    assert MatchTimeControl.parse("60+2").increment_s == 2
    japanese = MatchTimeControl.parse("60:5x30")
    assert (japanese.system, japanese.main_s, japanese.periods, japanese.period_s) == ("japanese", 60, 5, 30)
    assert japanese.settings_commands(True) == ["kgs-time_settings byoyomi 60 30 5"]
    assert japanese.settings_commands(False) == ["time_settings 60 30 1"]
    canadian = MatchTimeControl.parse("300:60/10")
    assert canadian.settings_commands(False) == ["time_settings 300 60 10"]
    assert str(canadian) == "300:60/10" and str(japanese) == "60:5x30"
    for bad in ("", "ten", "60:0x30", "0", "60:5x"):
        with pytest.raises(ValueError):
            MatchTimeControl.parse(bad)


def test_fischer_clock_adds_the_increment_and_flags_past_the_tolerance():
    clock = SideClock(MatchTimeControl.parse("10+1"))
    assert clock.spend(4) and clock.time_left() == (7, 0)
    assert clock.spend(7.9)                 # 0.9 s over: within the 1 s tolerance
    assert not SideClock(MatchTimeControl.parse("10")).spend(11.5)


def test_japanese_byoyomi_clock():
    clock = SideClock(MatchTimeControl.parse("10:2x5"))
    assert clock.spend(12) and clock.time_left() == (5, 2)      # 2 s into a period: it resets
    assert clock.spend(7) and clock.time_left() == (5, 1)       # one period used up
    assert clock.spend(4.5) and clock.time_left() == (5, 1)
    assert not clock.spend(11)


def test_canadian_clock():
    clock = SideClock(MatchTimeControl.parse("0:10/2"))
    assert clock.spend(6) and clock.time_left() == (4, 1)
    assert clock.spend(4.5) and clock.time_left() == (10, 2)    # 0.5 s over, forgiven; new period
    assert not clock.spend(11.5)


# -- openings and the store --------------------------------------------------------------------

def test_openings_from_text_and_sgf(tmp_path):
    text = tmp_path / "o.txt"
    text.write_text("# two openings\nE5 C4\n\nC3, G7 E5  # with a comment\n")
    openings = load_openings(str(text), 9)
    assert [str(o) for o in openings] == ["E5 C4", "C3 G7 E5"]
    assert openings[1].moves[1] == ("w", "G7")
    sgf = tmp_path / "o.sgf"
    sgf.write_text("(;SZ[9];B[ee];W[cc])(;SZ[9];B[cg])")
    assert [str(o) for o in load_openings(str(sgf), 9)] == ["E5 C7", "C3"]
    (tmp_path / "bad.txt").write_text("E5 E5\n")
    with pytest.raises(OpeningError):
        load_openings(str(tmp_path / "bad.txt"), 9)
    with pytest.raises(OpeningError):
        load_openings(str(text), 5)                  # G7 is off a 5x5 board


@pytest.mark.parametrize("size", [9, 13, 19])
def test_the_shipped_balanced_openings_load(size):
    openings = load_openings("balanced", size)
    assert len(openings) >= 20
    assert all(2 <= len(o.moves) <= 4 for o in openings)
    assert len({str(o) for o in openings}) == len(openings)
    with open(shipped_path(size)) as handle:
        notes = [line.split("#")[1].split() for line in handle if "#" in line and not line.startswith("#")]
    if size == 19:                                   # games and Black's wins in professional games
        rates = [int(wins) / int(games) for games, wins in notes]
    else:                                            # two Mango searches from the position
        rates = [float(x) for note in notes for x in note]
    assert rates and all(0.35 <= r <= 0.65 for r in rates)


def test_store_appends_reads_and_survives_a_torn_line(tmp_path):
    path = tmp_path / "s.jsonl"
    store = Store(str(path))
    store.append(game_record(match="k", game=0, points=1))
    with open(path, "a") as handle:
        handle.write('{"match": "k", "ga')                # killed mid-write
    store.append(game_record(match="k", game=1, points=0))
    store.append(game_record(match="other", game=0, points=0))
    assert [r.game for r in store.games_of("k")] == [0, 1]
    assert len(read_records(str(path))) == 3



HOLD_THE_MATCH = """
import sys, time
from mango.lab.store import Store
with Store(sys.argv[1]).exclusive(sys.argv[2]):
    print("held", flush=True)
    time.sleep(60)
"""


def test_one_match_is_played_into_a_store_by_one_process_at_a_time(tmp_path):
    """A second run of a match already playing into the store (a script started twice) is
    refused before it plays anything; another match in the same store is not, and the lock
    goes with the process that held it, however it ended."""
    path = str(tmp_path / "s.jsonl")
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_MATCH, path, "0123456789abcdef"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(StoreError, match="another run of this match"):
            with Store(path).exclusive("0123456789abcdef"):
                pass
        with Store(path).exclusive("fedcba9876543210"):
            pass
    finally:
        holder.kill()
        holder.wait()
    with Store(path).exclusive("0123456789abcdef"):
        pass
    assert not os.path.exists(path)                 # the lock lives beside the store, not in it


def test_match_refuses_to_play_a_match_another_process_is_playing(tmp_path, fake):
    store = tmp_path / "s.jsonl"
    args = ["match", "--quiet", "--size", "5", "--playouts", "30", "--opponent", fake("pass"),
            "--games", "2", "--store", str(store)]
    assert CliRunner().invoke(main, args).exit_code == 0
    key = read_records(str(store))[0].match
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_MATCH, str(store), key],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        result = CliRunner().invoke(main, args[:-4] + ["--games", "4", "--store", str(store)])
        assert result.exit_code == 2 and "another run of this match" in result.output
        assert len(read_records(str(store))) == 2       # nothing played, nothing stored
    finally:
        holder.kill()
        holder.wait()

# -- matches against fake engines --------------------------------------------------------------

FAKE = '''
import sys, time
mode = sys.argv[1]
rules = "chinese"
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "genmove" and mode == "slow":
        time.sleep(3)
    if words[0] == "kgs-rules":
        rules = words[1]
    if words[0] == "genmove" and mode == "japanese" and rules != "japanese":
        print("? I was not told the rules\\n", flush=True)
        continue
    if words[0] == "genmove":
        answer = "pass"
    elif words[0] == "list_commands":
        answer = "genmove\\nplay\\ntime_settings\\ntime_left" + ("\\nkgs-rules" if mode == "japanese" else "")
    elif words[0] == "name":
        answer = "Fake"
    elif words[0] == "version" and mode != "versionless":
        answer = "1.0 beta"
    else:
        answer = ""
    print("= " + answer + "\\n", flush=True)
    if words[0] == "quit":
        break
'''


@pytest.fixture
def fake(tmp_path):
    script = tmp_path / "fake.py"
    script.write_text(FAKE)
    return lambda mode: f"{sys.executable} {script} {mode}"


def run(args):
    result = CliRunner().invoke(main, ["match", "--quiet", "--size", "5", "--playouts", "30", *args])
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.slow
def test_a_slow_engine_loses_on_time(tmp_path, fake):
    report = tmp_path / "m.json"
    run(["--opponent", fake("slow"), "--games", "2", "--time-control", "1",
         "--store", str(tmp_path / "s.jsonl"), "--json", str(report)])
    data = json.loads(report.read_text())
    assert data["time_losses"] == 2 and data["wins"] == 2 and data["errors"] == 0
    games = read_records(str(tmp_path / "s.jsonl"))
    assert all(g.result.endswith("+T") and "on time" in g.reason for g in games)
    assert all(g.time_control == "1" for g in games)


def test_an_engine_that_takes_a_seed_gets_each_game_s_own():
    side = lab.Side("gnugo level 1", ("gnugo", "--level", "1"), seed_option="--seed")
    assert side.command_line(500_007) == ["gnugo", "--level", "1", "--seed", "500007"]
    assert lab.Side("other", ("prog",)).command_line(3) == ["prog"]
    assert "seed_option" not in side.describe()          # stores made before it still resume
    from mango.lab.client import gnugo_command
    assert gnugo_command("gnugo", 10, seed=3) == ["gnugo", "--mode", "gtp", "--level", "10",
                                                  "--chinese-rules", "--positional-superko",
                                                  "--seed", "3"]
    assert "--seed" not in gnugo_command("gnugo")


@pytest.mark.slow
@pytest.mark.gnugo
def test_a_game_against_gnugo_replays_move_for_move(tmp_path):
    """GNU Go seeds its random choices from the clock unless given a seed: with each game's seed
    a match against it plays the same games again."""
    from mango.lab.client import find_gnugo

    gnugo = find_gnugo()
    if gnugo is None:
        pytest.skip("GNU Go is not installed")
    assert lab.command_side("gnugo").seed_option == "--seed"
    games = []
    for store in ("one.jsonl", "two.jsonl"):
        time.sleep(1.1)                                  # another second of the clock
        run(["--opponent", f"{gnugo} --mode gtp --level 1", "--games", "2", "--size", "9",
             "--store", str(tmp_path / store)])
        games.append([(r.game, r.sgf, r.b_seeded) for r in read_records(str(tmp_path / store))])
    assert sorted(games[0]) == sorted(games[1]) and all(seeded for _, _, seeded in games[0])


def test_a_game_the_scorer_cannot_count_is_flagged(tmp_path, fake, monkeypatch):
    """A scorer that fails (here a fake GNU Go that answers nothing to final_score) leaves the
    count to the match, as the stones stand: each game says so, and the summary warns."""
    scorer = tmp_path / "gnugo"
    scorer.write_text(f"#!{sys.executable}\n" + FAKE)
    scorer.chmod(0o755)
    monkeypatch.setattr("mango.lab.client.find_gnugo", lambda: str(scorer))
    report = tmp_path / "m.json"
    result = run(["--opponent", fake("pass"), "--games", "2", "--store", str(tmp_path / "s.jsonl"),
                  "--json", str(report)])
    assert json.loads(report.read_text())["not_counted_by_gnugo"] == 2
    assert "warning: 2 games counted as the stones stand" in result.output
    assert all(lab.NOT_COUNTED_BY_GNUGO in r.reason for r in read_records(str(tmp_path / "s.jsonl")))


@pytest.mark.gnugo
def test_gnugo_counts_a_handicap_game_with_its_stones():
    """The scorer gets the game as an SGF: replayed move by move on an empty board, a handicap
    game failed at the first move on a stone and was counted as the stones stood."""
    from mango.engine import Game
    from mango.lab.client import find_gnugo

    gnugo = find_gnugo()
    if gnugo is None:
        pytest.skip("GNU Go is not installed")
    game = Game(9, 0.5)
    game.place_fixed_handicap(4)                      # C3 G3 C7 G7
    for colour, vertex in (("w", "E5"), ("b", "D5"), ("w", "pass"), ("b", "pass")):
        game.play(colour, vertex)
    score, by_gnugo = lab.score_game(game, gnugo)
    assert by_gnugo and score == lab.gnugo_final_score(gnugo, game)
    assert score > 0                                  # four stones and the centre: Black's


@pytest.mark.gnugo
def test_gnugo_plays_under_the_referee_s_ko_rule():
    """GNU Go's default is simple ko; the referee's rule is positional superko, under which its
    superko moves were forfeits (19 games in the stores, Mango ahead in each)."""
    from test_search import find_superko_position

    from mango.lab.client import GtpClient, find_gnugo, gnugo_command

    gnugo = find_gnugo()
    if gnugo is None:
        pytest.skip("GNU Go is not installed")
    game, banned = find_superko_position()
    client = GtpClient(gnugo_command(gnugo, level=1), "gnugo")
    try:
        client.send("boardsize 3")
        for move in game.moves:
            client.send(f"play {move.colour} {move.vertex}")
        assert [client.send(f"is_legal {game.to_move} {game.vertex(p)}") for p in banned] \
            == ["0"] * len(banned)
    finally:
        client.close()


@pytest.mark.gnugo
def test_the_scorer_gives_white_a_point_for_each_handicap_stone_as_gnugo_plays_them():
    """GNU Go given the stones by set_free_handicap counts White a point for each under Chinese
    rules, but not for a game it loads from SGF: the scorer adds them, so that its count is the
    one GNU Go plays for in the match and Mango's own (Game.scoring_komi)."""
    from mango.engine import Game
    from mango.lab.client import GtpClient, find_gnugo, gnugo_command

    gnugo = find_gnugo()
    if gnugo is None:
        pytest.skip("GNU Go is not installed")
    game = Game(9, 7.5)
    game.place_handicap(["E1", "E2"])
    moves = [m for row in range(3, 10) for m in (("w", f"F{row}"), ("b", f"E{row}"))]
    moves += [("w", "F1"), ("b", "pass"), ("w", "F2")]
    for colour, vertex in moves:
        game.play(colour, vertex)
    client = GtpClient(gnugo_command(gnugo, level=None, seed=1, rules="chinese"), "gnugo")
    try:
        for line in ["boardsize 9", "komi 7.5", "set_free_handicap E1 E2"] + [
                f"play {c} {v}" for c, v in moves]:
            client.send(line)
        assert client.send("final_score") == "W+0.5"
    finally:
        client.close()
    assert lab.score_game(game, gnugo) == (-0.5, True) and game.score() == -0.5


@pytest.mark.gnugo
def test_a_store_s_games_are_counted_again_from_their_records():
    from mango.engine import Game
    from mango.engine.record import game_to_sgf
    from mango.lab.client import find_gnugo
    from mango.lab.recount import recount

    gnugo = find_gnugo()
    if gnugo is None:
        pytest.skip("GNU Go is not installed")
    game = Game(9, 0.5)
    game.place_fixed_handicap(4)
    for colour, vertex in (("w", "E5"), ("b", "D5"), ("w", "pass"), ("b", "pass")):
        game.play(colour, vertex)
    sgf = game_to_sgf(game, "W+5.5", "Mango", "GNU Go").decode()
    counted_wrong = game_record(a_colour="w", winner="w", result="W+5.5", reason="W+5.5",
                                points=1.0, handicap=4, komi=0.5, sgf=sgf)
    again = recount(counted_wrong, gnugo)
    assert again.result.startswith("B+") and again.winner == "b" and again.points == 0.0
    assert "the match said W+5.5" in again.reason and again.sgf == sgf
    assert recount(again, gnugo) is again                       # the same count: unchanged
    resigned = dataclasses.replace(counted_wrong, result="W+R")
    assert recount(resigned, gnugo) is None                     # nothing to count
    nogo = dataclasses.replace(counted_wrong, result="W+")
    assert recount(nogo, gnugo) is None                         # a NoGo win: no count to redo


@pytest.mark.slow
def test_paired_openings_sprt_stop_and_resume(tmp_path, fake):
    openings = tmp_path / "o.txt"
    openings.write_text("C3 D4\nB2 C3 D4\n")
    store = tmp_path / "s.jsonl"
    report = tmp_path / "m.json"
    args = ["--opponent", fake("pass"), "--openings", str(openings), "--store", str(store),
            "--json", str(report), "--sprt", "0,400", "--games", "40", "--jobs", "2"]
    run(args)
    data = json.loads(report.read_text())
    assert data["sprt"]["result"] == "H1" and data["games"] < 40
    assert data["paired"] and sum(data["pentanomial"]) == data["games"] // 2
    assert {"games", "wins", "losses", "draws", "errors", "time_losses", "score", "elo",
            "elo_low", "elo_high"} <= data.keys()
    games = read_records(str(store))
    assert len(games) == data["games"]
    by_pair = {}
    for g in games:
        by_pair.setdefault(g.pair, []).append(g)
        assert g.sgf.startswith("(;") and g.settings["b"]["command"]
        assert g.seed_a == 1 + g.game
    for pair in by_pair.values():                  # one opening, colours swapped
        if len(pair) < 2:
            continue                               # a game in flight when the SPRT decided
        assert len({g.opening for g in pair}) == 1
        assert {g.a_colour for g in pair} == {"b", "w"}
    again = run(args)                              # resumed: nothing more to play
    assert f"{data['games']} games resumed" in again.output
    assert len(read_records(str(store))) == data["games"]


def test_the_store_names_each_sides_build(tmp_path, fake):
    """Every game records the engines' GTP name and version, so that a store says which build
    played it (a frozen install's version carries its commit); an engine that does not answer
    `version` still plays, and is recorded by its name alone."""
    from importlib.metadata import version

    for mode, expected in (("pass", "Fake 1.0 beta"), ("versionless", "Fake")):
        store = tmp_path / f"{mode}.jsonl"
        run(["--opponent", fake(mode), "--store", str(store), "--games", "2"])
        games = read_records(str(store))
        assert len(games) == 2 and not any(g.error for g in games)
        assert {g.engine_a for g in games} == {f"Mango {version('mango-go')}"}
        assert {g.engine_b for g in games} == {expected}
    old = games[0].to_json()
    del old["engine_a"], old["engine_b"]             # a store written before the fields
    assert GameRecord.from_json(old).engine_a == ""


@pytest.mark.slow
def test_a_match_resumes_across_a_newly_declared_setting(tmp_path, fake):
    """Games stored before a setting was declared (so not recorded) belong to the same match when
    every recorded setting agrees; a recorded setting that differs makes another match."""
    store = tmp_path / "s.jsonl"
    args = ["--opponent", fake("pass"), "--store", str(store), "--games", "2"]
    run(args)
    games = [g.to_json() for g in read_records(str(store))]
    for g in games:                                  # as an older Mango recorded them
        del g["settings"]["a"]["settings"]["pattern_table"]
        g["match"] = "older"
    store.write_text("".join(json.dumps(g) + "\n" for g in games))
    again = run(args[:-1] + ["4"])
    assert "2 games resumed" in again.output
    assert {g.match for g in read_records(str(store))} == {"older"}
    assert sorted(g.game for g in read_records(str(store))) == [0, 1, 2, 3]
    other = run(args + ["-o", "rave=false"])
    assert "resumed" not in other.output
    assert len({g.match for g in read_records(str(store))}) == 2


@pytest.mark.slow
def test_a_mango_variant_against_mango(tmp_path):
    report = tmp_path / "m.json"
    run(["--opponent", "mango", "--opponent-option", "rave=off", "-o", "uct_c=0.5",
         "--games", "2", "--store", str(tmp_path / "s.jsonl"), "--json", str(report)])
    data = json.loads(report.read_text())
    assert data["games"] == 2 and data["errors"] == 0
    assert "uct_c=0.5" in data["a"] and "rave=off" in data["b"]
    game = read_records(str(tmp_path / "s.jsonl"))[0]
    assert game.settings["b"]["settings"]["rave"] is False
    assert game.settings["a"]["settings"]["uct_c"] == 0.5
    assert game.seed_b != game.seed_a


def test_a_match_under_japanese_rules_tells_every_engine_and_counts_territory(tmp_path, fake):
    """Side A's rules are the match's: an engine that knows kgs-rules is told them (this fake
    refuses to move unless told), one that does not forfeits, and a Mango opponent must have
    the same rules; the records say RU[Japanese] and the report labels the configuration."""
    store = tmp_path / "s.jsonl"
    report = tmp_path / "m.json"
    run(["-o", "rules=japanese", "--opponent", fake("japanese"), "--games", "2",
         "--store", str(store), "--json", str(report)])
    data = json.loads(report.read_text())
    assert data["games"] == 2 and data["errors"] == 0
    records = read_records(str(store))
    assert all("RU[Japanese]" in r.sgf and r.settings["rules"] == "japanese" for r in records)
    table = CliRunner().invoke(main, ["report", str(store), "--no-plots",
                                      "--out", str(tmp_path / "report")]).output
    assert "[japanese rules]" in table
    # the same fake under Chinese rules is never told any: a key of its own, no rules recorded
    run(["--opponent", fake("pass"), "--games", "2", "--store", str(store)])
    assert [r.settings.get("rules") for r in read_records(str(store))][2:] == [None, None]
    # an engine that cannot be told forfeits each game (an error, not scored)
    failed = CliRunner().invoke(main, ["match", "--quiet", "--size", "5", "--playouts", "30",
                                       "-o", "rules=japanese", "--opponent", fake("pass"),
                                       "--games", "2", "--store", str(tmp_path / "t.jsonl")])
    assert failed.exit_code != 0 and "every game failed" in failed.output
    assert all("cannot be told the rules" in r.reason for r in read_records(str(tmp_path / "t.jsonl")))
    refused = CliRunner().invoke(main, ["match", "--opponent", "mango", "-o", "rules=japanese",
                                        "--store", str(tmp_path / "u.jsonl")])
    assert refused.exit_code != 0 and "--opponent-option rules=japanese" in refused.output
    from mango.lab.client import find_gnugo
    if find_gnugo():
        assert "--japanese-rules" in lab.command_side("gnugo", "japanese").command


def test_a_handicap_match_sets_the_same_stones_for_both_and_white_moves_first(tmp_path):
    report = tmp_path / "m.json"
    result = CliRunner().invoke(main, ["match", "--quiet", "--size", "9", "--playouts", "30",
                                       "--opponent", "mango", "--handicap", "3", "--komi", "0.5",
                                       "--games", "2", "--store", str(tmp_path / "s.jsonl"),
                                       "--json", str(report)])
    assert result.exit_code == 0, result.output
    summary = json.loads(report.read_text())
    assert summary["handicap"] == 3 and summary["as_black"]["games"] == summary["as_white"]["games"] == 1
    assert "as Black" in result.output and "3 handicap stones" in result.output
    for record in read_records(str(tmp_path / "s.jsonl")):
        assert record.handicap == 3 and not record.error
        assert "HA[3]" in record.sgf and "AB[cc][cg][gc]" in record.sgf       # C7 C3 G7
        assert re.search(r";([BW])\[", record.sgf).group(1) == "W"           # White moves first
    table = CliRunner().invoke(main, ["report", str(tmp_path / "s.jsonl"), "--no-plots",
                                      "--out", str(tmp_path / "report")]).output
    assert "[handicap 3]" in table and "| A as Black | A as White |" in table


@pytest.mark.parametrize("side,colours", [("give", {"w"}), ("take", {"b"})])
def test_a_handicap_match_can_have_side_a_give_or_take_the_stones_in_every_game(tmp_path, side,
                                                                               colours):
    """A dynamic komi schedule is for one side: its games alone, and their own match key."""
    store = tmp_path / "s.jsonl"
    result = CliRunner().invoke(main, ["match", "--quiet", "--size", "9", "--playouts", "20",
                                       "--opponent", "mango", "--handicap", "2", "--komi", "0.5",
                                       "--handicap-side", side, "--games", "2",
                                       "--store", str(store)])
    assert result.exit_code == 0, result.output
    records = read_records(str(store))
    assert {r.a_colour for r in records} == colours and len(records) == 2
    assert all(r.settings["handicap_side"] == side for r in records)
    assert all("HA[2]" in r.sgf and "AB[cg][gc]" in r.sgf for r in records)     # C3 G7


@pytest.mark.parametrize("args,message", [(["--handicap", "1"], "invalid handicap 1"),
                                          (["--handicap", "10"], "10"),
                                          (["--handicap-side", "give"], "only with --handicap"),
                                          (["--handicap", "2", "--openings", "balanced"], "not with a handicap")])
def test_a_bad_handicap_is_refused(tmp_path, args, message):
    result = CliRunner().invoke(main, ["match", "--opponent", "mango", "--size", "9",
                                       "--store", str(tmp_path / "s.jsonl"), *args])
    assert result.exit_code == 2 and message in result.output


def test_the_progress_line_shows_the_moves_of_the_games_under_way(tmp_path, monkeypatch):
    """A long game is not silent: while games run, the bar names each with the moves played."""
    from mango.lab import backend
    monkeypatch.setattr(backend, "TICK_S", 0.01)
    result = CliRunner().invoke(main, ["match", "--size", "5", "--playouts", "30", "--opponent",
                                       "mango", "--games", "2", "--store", str(tmp_path / "s.jsonl")])
    assert result.exit_code == 0, result.output
    shown = re.findall(r"game:move ((?:\d+:\d+ ?)+)", result.stderr)
    assert shown and all(int(n) > 0 for entry in shown for n in re.findall(r":(\d+)", entry))


@pytest.mark.parametrize("args", [["--sprt", "5,1"], ["--sprt", "x"], ["--time-control", "1:2"],
                                  ["--openings", "balanced", "--size", "7"],
                                  ["--opponent-option", "rave=off"]])
def test_match_refuses_bad_options(tmp_path, fake, args):
    result = CliRunner().invoke(main, ["match", "--opponent", fake("pass"), "--store",
                                       str(tmp_path / "s.jsonl"), *args])
    assert result.exit_code == 2, result.output


def test_ray_backend_without_ray_says_how_to_install(tmp_path, fake, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    result = CliRunner().invoke(main, ["match", "--opponent", fake("pass"), "--backend", "ray",
                                       "--store", str(tmp_path / "s.jsonl"), "--quiet"])
    assert result.exit_code == 1 and "mango-go[cluster]" in result.output


def test_ray_backend_plays_on_a_local_ray(tmp_path, fake):
    pytest.importorskip("ray")
    report = tmp_path / "m.json"
    store = tmp_path / "s.jsonl"
    run(["--opponent", fake("pass"), "--games", "2", "--backend", "ray", "--jobs", "2",
         "--store", str(store), "--json", str(report)])
    data = json.loads(report.read_text())
    assert data["games"] == 2 and data["backend"] == "ray" and data["errors"] == 0
    assert len(read_records(str(store))) == 2


# -- reports ---------------------------------------------------------------------------------------

def test_another_mango_install_is_given_each_games_seed(tmp_path):
    """A frozen earlier Mango (its own `mango` program) as the opponent of an A/B: seeded every
    game like GNU Go, unless its command line sets a seed."""
    program = tmp_path / "mango"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    assert lab.command_side(f"{program} gtp --playouts 100").seed_option == "--seed"
    assert lab.command_side(f"{program} gtp --seed 4").seed_option is None
    assert lab.command_side(f"{program} gtp").command_line(7)[-2:] == ["--seed", "7"]


def test_pachi_is_given_each_games_seed_with_its_own_option(tmp_path):
    """Pachi seeds itself from the clock unless `-s` gives it a seed (as GNU Go without --seed):
    the match gives it one, by its name or the name of build-pachi.sh's wrapper."""
    for name in ("pachi", "pachi.sh"):
        program = tmp_path / name
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
        side = lab.command_side(f"{program} -t =1000 threads=1")
        assert side.command_line(9)[-2:] == ["-s", "9"]
        assert lab.command_side(f"{program} -s 3 threads=1").seed_option is None
    other = tmp_path / "engine"
    other.write_text("#!/bin/sh\n")
    other.chmod(0o755)
    assert lab.command_side(f"{other} -s 3").seed_option is None                 # unknown: as given


def _record(match, game, a, playouts, points, opening="E5 C4"):
    """A stored game as a dict, for a test to change before it makes it a GameRecord."""
    return {"match": match, "game": game, "pair": game // 2, "a": a, "b": "gnugo", "size": 9,
            "komi": 7.5, "time_control": None, "points": points, "error": False,
            "time_loss": False, "opening": opening, "move_times_a": [0.1, 0.2],
            "move_times_b": [0.05], "settings": {"a": {"settings": {"playouts": playouts}}},
            "finished": f"2026-11-2{3 if match == 'm1' else 4}T00:00:0{game}+00:00"}


def test_report_tables_and_plots(tmp_path):
    first, second = Store(str(tmp_path / "one.jsonl")), Store(str(tmp_path / "two.jsonl"))
    for game, points in enumerate([1, 0, 1, 0.5]):
        first.append(game_record(**_record("m1", game, "mango playouts=1000", 1000, points)))
    for game, points in enumerate([1, 1]):
        second.append(game_record(**_record("m2", game, "mango playouts=4000", 4000, points)))
    second.append(game_record(**_record("m1", 0, "mango playouts=1000", 1000, 1)))   # the same game again
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["report", str(tmp_path / "one.jsonl"),
                                       str(tmp_path / "two.jsonl"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("| mango")]
    assert len(rows) == 2
    assert "| 4 | 2-1-1 |" in rows[0] and "| 2 | 2-0-0 |" in rows[1]
    assert (out / "report.md").exists()
    pytest.importorskip("matplotlib")
    for name in ("winrate.png", "scaling.png", "progress.png", "time.png"):
        assert (out / name).stat().st_size > 1000       # two configurations against gnugo


def test_mcnemar_p_is_the_exact_two_sided_binomial_test():
    assert report.mcnemar_p(12, 3) == pytest.approx(0.03515625)
    assert report.mcnemar_p(0, 6) == pytest.approx(0.03125) == report.mcnemar_p(6, 0)
    assert report.mcnemar_p(5, 5) == 1.0 and report.mcnemar_p(0, 0) == 1.0


def test_a_decided_paired_sprt_is_marked():
    summary = Tally(wins=16, losses=3).summary(Sprt(0, 100))
    row = {"b": "gnugo", "size": 19, "first": "x", "second": "y", "games": 26, "both_won": 5,
           "first_only": 16, "second_only": 3, "both_lost": 2, "p": report.mcnemar_p(16, 3),
           "elo": summary["elo"], "elo_low": summary["elo_low"], "elo_high": summary["elo_high"],
           "sprt": summary["sprt"]}
    assert summary["sprt"]["result"] == "H1"
    assert "| 0.004 | +291 (+116 to +783) | 5.09 (H1) |" in report.paired_markdown([row])


def test_games_against_a_mango_opponent_pair_only_while_its_settings_are_the_same(tmp_path):
    store = Store(str(tmp_path / "store.jsonl"))
    for match, a, opponent in (("m1", "mango -o x=1", {"uct_c": 0.0}), ("m2", "mango -o x=2", {"uct_c": 0.0}),
                               ("m3", "mango -o x=3", {"uct_c": 0.5})):
        for game, points in enumerate([1, 0, 1, 0]):
            record = _record(match, game, a, 1000, points, opening=f"E5 C{game + 2}")
            record.update(b="mango", a_colour="bw"[game % 2], seed_a=game + 1, seed_b=500_001 + game)
            record["settings"]["b"] = {"settings": opponent}
            store.append(game_record(**record))
    rows = report.paired_comparisons(report.group_records(read_records(str(store.path))))
    assert [(row["first"], row["second"]) for row in rows] == [("mango -o x=1", "mango -o x=2")]


def test_report_compares_configurations_on_the_games_both_played(tmp_path):
    """Two matches with the same openings and seeds against one opponent: the report pairs
    their games and counts the discordant ones; an error or a game only one played is left out."""
    store = Store(str(tmp_path / "store.jsonl"))
    first = [1, 1, 1, 1, 0, 0, 1]          # game 6: only the first match played it
    second = [1, 0, 0, 0, 1, 0]
    for match, a, results in (("m1", "mango -o x=1", first), ("m2", "mango -o x=2", second)):
        for game, points in enumerate(results):
            record = _record(match, game, a, 1000, points, opening=f"E5 C{game + 2}")
            record.update(a_colour="bw"[game % 2], seed_a=game + 1, seed_b=500_001 + game)
            record["error"] = match == "m2" and game == 5          # the opponent crashed
            store.append(game_record(**record))
    rows = report.paired_comparisons(report.group_records(read_records(str(store.path))))
    assert len(rows) == 1
    row = rows[0]
    assert (row["first"], row["second"], row["games"]) == ("mango -o x=1", "mango -o x=2", 5)
    assert (row["both_won"], row["first_only"], row["second_only"], row["both_lost"]) == (1, 3, 1, 0)
    assert row["p"] == pytest.approx(report.mcnemar_p(3, 1))
    # the games only one won, as a head-to-head match: 3-1 for the first
    assert row["elo"] == pytest.approx(elo(0.75), abs=0.1) and row["sprt"]["result"] == "continue"
    result = CliRunner().invoke(main, ["report", str(store.path), "--out", str(tmp_path / "r"), "--no-plots"])
    assert result.exit_code == 0, result.output
    assert ("| gnugo | 9 | mango -o x=1 | mango -o x=2 | 5 | 1 | 3 | 1 | 0 | 0.625 | +191 (-135 to +inf) "
            "| 0.47 |") in result.output
    other = CliRunner().invoke(main, ["report", str(store.path), "--out", str(tmp_path / "r"), "--no-plots",
                                      "--sprt", "400,500"])
    assert "| 0.625 | +191 (-135 to +inf) | -0.22 |" in other.output
    bad = CliRunner().invoke(main, ["report", str(store.path), "--sprt", "100"])
    assert bad.exit_code == 2 and "--sprt" in bad.output


def test_report_follows_an_sprt_along_the_games_in_the_order_they_were_stored(tmp_path):
    """--track: the ledger cites an SPRT's path ("LLR 1.21 at 336, 0.03 at 400"); each row is
    the test of the games stored so far, pairs and all, and the last is the match's own."""
    store = Store(str(tmp_path / "store.jsonl"))
    results = [1, 1, 1, 0, 1, 1, 0, 0, 0, 0, 1]        # a lean that fades; game 10 left unpaired
    for game, points in enumerate(results):
        record = _record("m1", game, "mango -o x=1", 1000, points, opening=f"E5 C{game // 2 + 2}")
        record.update(b="mango", a_colour="bw"[game % 2])
        store.append(game_record(**record))
    records = read_records(str(store.path))
    rows = report.track(records, Sprt(0, 20), every=4)
    assert [row["games"] for row in rows] == [4, 8, 11]
    for row, stored in zip(rows, (4, 8, 11)):
        tally = Tally(paired=True)
        for r in records[:stored]:
            tally.add(r.points, (r.match, r.pair))
        assert row == tally.summary(Sprt(0, 20))
    assert rows[0]["pentanomial"] == [0, 0, 1, 0, 1] and rows[-1]["pentanomial"] == [2, 0, 1, 0, 2]
    assert rows[0]["sprt"]["llr"] > rows[-1]["sprt"]["llr"]
    result = CliRunner().invoke(main, ["report", str(store.path), "--out", str(tmp_path / "r"),
                                       "--no-plots", "--track", "0,20", "--track-every", "4"])
    assert result.exit_code == 0, result.output
    assert "SPRT(0,20) every 4 games" in result.output
    assert "| 11 | 6 = 54.5% " in result.output and f"{rows[-1]['sprt']['llr']:.2f} |" in result.output
    assert "SPRT(0,20)" in (tmp_path / "r" / "report.md").read_text()
    for bad in (["--track", "20"], ["--track", "0,20", "--track-every", "0"]):
        refused = CliRunner().invoke(main, ["report", str(store.path), "--no-plots",
                                            "--out", str(tmp_path / "r")] + bad)
        assert refused.exit_code == 2 and "--track" in refused.output


REFERENCE = """title = "A paper's table"
name = "paper"
size = 9
opponent = "gnugo"
settings = { playouts = 1000 }
[[row]]
label = "with nakade"
settings = { nakade = true }
score = 0.6
games = 100
[[row]]
label = "without nakade"
settings = { nakade = false }
score = 0.3
"""


def test_report_shows_a_papers_table_beside_the_configurations_that_reproduce_it(tmp_path):
    store = Store(str(tmp_path / "store.jsonl"))
    for game, points in enumerate([1, 1, 0, 1]):
        record = _record("m1", game, "mango playouts=1000 -o nakade=true", 1000, points)
        record["settings"]["a"]["settings"]["nakade"] = True
        store.append(game_record(**record))
    store.append(game_record(**_record("m2", 0, "mango playouts=4000", 4000, 1)))  # reproduces no row
    (tmp_path / "paper.toml").write_text(REFERENCE)
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["report", str(tmp_path / "store.jsonl"), "--out", str(out),
                                       "--reference", str(tmp_path / "paper.toml")])
    assert result.exit_code == 0, result.output
    assert "## A paper's table" in result.output
    rows = [line for line in result.output.splitlines() if line.startswith("| with")]
    assert rows[0].startswith("| with nakade | 60.0% (50.4%-69.6%) | 75.0% (")
    assert "| 4 |" in rows[0] and "mango playouts=1000 -o nakade=true vs gnugo" in rows[0]
    assert rows[1] == "| without nakade | 30.0% | not measured | 0 | - | - |"
    pytest.importorskip("matplotlib")
    assert (out / "reference-paper.png").stat().st_size > 1000


def test_a_reference_row_can_name_the_opponents_settings(tmp_path):
    """2N against N simulations: each row names side B's playouts as well as side A's; a store's
    configurations match only the row whose two sides they were played with."""
    from mango.lab.reference import load_reference, reproduce

    (tmp_path / "scaling.toml").write_text(
        'title = "2N against N"\nname = "scaling"\nsize = 7\nopponent = "mango"\n'
        'settings = { rave = false }\nopponent_settings = { rave = false }\n'
        '[[row]]\nlabel = "N=50"\nsettings = { playouts = 100 }\nopponent_settings = { playouts = 50 }\n'
        'score = 0.679\n'
        '[[row]]\nlabel = "N=500"\nsettings = { playouts = 1000 }\nopponent_settings = { playouts = 500 }\n'
        'score = 0.61\n')
    reference = load_reference(str(tmp_path / "scaling.toml"))

    def played(a_playouts, b_playouts, b_rave=False):
        record = game_record(**{**_record("m1", 0, f"mango playouts={a_playouts}", a_playouts, 1),
                                "b": f"mango {'rave=on ' if b_rave else ''}playouts={b_playouts}",
                                "size": 7})
        record.settings["a"]["settings"]["rave"] = False
        record.settings["b"] = {"settings": {"playouts": b_playouts, "rave": b_rave}}
        return (record.a, record.b, 7), [record]

    groups = dict([played(100, 50), played(1000, 500), played(1000, 50), played(100, 50, b_rave=True)])
    found = [(row.label, key[1] if key else None) for row, key, _ in
             reproduce(reference, groups, lambda records: {})]
    assert found == [("N=50", "mango playouts=50"), ("N=500", "mango playouts=500")]


def test_bad_references_are_refused_and_the_shipped_one_reads(tmp_path):
    from mango.lab.reference import ReferenceError, load_reference

    (tmp_path / "bad.toml").write_text("title = \"x\"\nname = \"x\"\nsize = 9\n")
    (tmp_path / "broken.toml").write_text("title = ")
    for name in ("bad.toml", "broken.toml", "missing.toml"):
        with pytest.raises(ReferenceError):
            load_reference(str(tmp_path / name))
    Store(str(tmp_path / "store.jsonl")).append(game_record(**_record("m1", 0, "mango playouts=1000", 1000, 1)))
    result = CliRunner().invoke(main, ["report", str(tmp_path / "store.jsonl"), "--out", str(tmp_path),
                                       "--reference", str(tmp_path / "bad.toml")])
    assert result.exit_code == 1 and "bad.toml: a reference needs" in result.output
    table1 = load_reference(str(Path(__file__).parent.parent / "docs" / "results" / "table1-paper.toml"))
    assert [r.score for r in table1.rows] == [0.332, 0.372, 0.583, 0.617]
    assert all(dict(r.settings)["expand_threshold"] == 30 for r in table1.rows)
    # every shipped reference reads, and names only declared settings for both sides
    from mango.engine.config import EngineConfig
    declared = set(EngineConfig().flat()) | {"playouts"}
    shipped = sorted((Path(__file__).parent.parent / "docs" / "results").glob("*-paper.toml"))
    assert len(shipped) >= 8
    for path in shipped:
        for row in load_reference(str(path)).rows:
            assert {name for name, _ in row.settings + row.opponent_settings} <= declared, path.name


def test_report_of_an_empty_store_is_an_error(tmp_path):
    (tmp_path / "empty.jsonl").write_text("")
    result = CliRunner().invoke(main, ["report", str(tmp_path / "empty.jsonl"), "--out", str(tmp_path)])
    assert result.exit_code == 1 and "no games" in result.output


def test_report_tells_apart_one_label_with_different_settings():
    """The same command line before and after a default changed is two configurations; a setting
    recorded on one side only (declared later) is not a difference."""
    from mango.lab.report import group_records

    def record(match, game, settings):
        r = _record(match, game, "mango playouts=1000", 1000, 1)
        r["settings"]["a"]["settings"] = {"playouts": 1000, **settings}
        return r

    groups = group_records([game_record(**record("old", 0, {"nakade": False})),
                            game_record(**record("new", 0, {"nakade": True})),
                            game_record(**record("later", 0, {"nakade": True, "ladders": False}))])
    assert sorted((k[0], len(v)) for k, v in groups.items()) == [
        ("mango playouts=1000", 1), ("mango playouts=1000 {nakade=True}", 2)]


def test_report_and_match_tell_apart_the_builds_of_one_match_key():
    """A match resumed after the engine changed keeps its key (the settings are the same), but
    its games are another experiment: the report gives each named build its own row, the
    match's summary warns, and games stored twice with different moves are reported."""
    from mango.lab.game_record import builds_of
    from mango.lab.report import group_records

    def record(game, build, points=1):
        r = _record("key", game, "mango playouts=1000", 1000, points)
        r["engine_a"] = r["engine_b"] = build
        return game_record(**r)

    old = [record(i, "Mango 0.2.0+g30588e6") for i in range(2)]
    new = [record(i, "Mango 0.2.0+gbf100e2", 0) for i in range(2)]
    groups = group_records(old + new)
    assert sorted(len(v) for v in groups.values()) == [2, 2]
    assert any("build=Mango 0.2.0+gbf100e2" in k[0] for k in groups)
    unnamed = [record(i, "Mango 0.2.0") for i in range(2)]      # no commit: agrees with any
    assert [len(v) for v in group_records(old + unnamed[1:]).values()] == [2]
    assert builds_of(old + new) == {"Mango 0.2.0+g30588e6 / Mango 0.2.0+g30588e6": 2,
                                    "Mango 0.2.0+gbf100e2 / Mango 0.2.0+gbf100e2": 2}
    lines = lab.summary_lines({**lab.Tally().summary(), "a": "A", "b": "B", "resumed": 0,
                               "builds": builds_of(old + new)})
    assert any("more than one build" in line for line in lines)


def test_the_report_counts_a_match_resumed_on_a_build_that_plays_alike_as_one_on_request():
    """--builds-alike: a match resumed from a new install whose play was checked unchanged is one
    configuration, so that its games pair with another configuration's as one set."""
    from mango.lab.report import group_records, paired_comparisons

    def record(key, game, build, points, label="mango playouts=1000"):
        r = _record(key, game, label, 1000, points)
        r.update(engine_a=build, engine_b=build, a_colour="bw"[game % 2], seed_a=game + 1,
                 seed_b=game + 500_001)         # a match's seeds follow its game numbers
        return game_record(**r)

    defaults = ([record("key", i, "Mango 0.2.0+g30588e6", 1) for i in range(2)]
                + [record("key", i, "Mango 0.2.0+gbf100e2", 0) for i in range(2, 4)])
    other = [record("other", i, "Mango 0.2.0+gbf100e2", 1, "mango nakade=false playouts=1000")
             for i in range(4)]
    assert sorted(len(v) for v in group_records(defaults).values()) == [2, 2]
    assert [len(v) for v in group_records(defaults, builds_alike=True).values()] == [4]
    rows = paired_comparisons(group_records(defaults + other, builds_alike=True))
    assert [(row["games"], row["both_won"], row["both_lost"]) for row in rows] == [(4, 2, 0)]
    alone = {rows[0]["first"]: rows[0]["first_only"], rows[0]["second"]: rows[0]["second_only"]}
    assert alone == {"mango playouts=1000": 0, "mango nakade=false playouts=1000": 2}


def test_the_report_keeps_apart_handicap_matches_that_give_take_or_alternate():
    from mango.lab.report import group_records

    def record(game, side):
        r = _record("k" + side, game, "mango playouts=1000", 1000, 1)
        r["handicap"] = 3
        if side != "both":
            r["settings"]["handicap_side"] = side
        return game_record(**r)

    groups = group_records([record(0, "both"), record(0, "give"), record(1, "give")])
    assert sorted((k[0], len(v)) for k, v in groups.items()) == [
        ("mango playouts=1000 [handicap 3, give]", 2), ("mango playouts=1000 [handicap 3]", 1)]


def test_errors_are_counted_and_never_scored():
    tally = Tally(paired=True)
    tally.add(1.0, pair=0)
    tally.add(0.5, pair=0, error=True)           # the pair's second game failed: it stays open
    tally.add(0.0, pair=1)
    s = tally.summary()
    assert (s["games"], s["wins"], s["losses"], s["errors"]) == (2, 1, 1, 1)
    assert s["pentanomial"] == [0, 0, 0, 0, 0]


def test_old_stores_illegal_moves_are_forfeits_not_errors():
    from mango.lab.game_record import GameRecord

    old = {**game_record(reason="gnugo played an illegal move Z9", points=1.0).to_json(), "error": True}
    assert not GameRecord.from_json(old).error
    assert GameRecord.from_json({**old, "reason": "gnugo died"}).error


def test_the_match_log_numbers_a_game_as_the_store_does():
    """The number read off a match's log is the one referee_drops, owl_accuracy and the other
    --games options select by (record.game, from 0)."""
    record = game_record(game=7, a_colour="w", result="B+R", reason="resigned", moves=90)
    assert lab.game_line(record).startswith("game 7: A White, B+R")


def test_the_tools_choose_games_by_number_not_by_line(caplog):
    """Two games at a time, a store's lines are out of order: line 74 holds game 75. A review
    asked for game 75 reads game 75, and is warned that side A won it."""
    records = [game_record(game=74, points=0.0, result="W+R"), game_record(game=76, points=0.0, result="W+R"),
               game_record(game=75, points=1.0, result="B+R")]
    assert [r.game for r in chosen_games(records, None)] == [74, 76]
    with caplog.at_level("WARNING", logger="mango.lab"):
        chosen = chosen_games(records, [75, 99])
    assert [r.game for r in chosen] == [75]
    assert "game 75: side A won it (B+R)" in caplog.text and "game 99 is not in the store" in caplog.text
