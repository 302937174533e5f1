"""GTP: framing (GTP 2 section 2), every command's answers and manners, golden transcripts with a
fixed seed, streaming analysis that stops on new input, and a fuzz test that nothing kills."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mango.engine.config import EngineConfig
from mango.gtp.protocol import parse, preprocess, response
from mango.gtp.server import serve
from mango.gtp.session import COMMANDS, GtpSession

FAST = EngineConfig(seed=5).replace(playouts=200, max_nodes=200_000)


def run(lines, config=FAST):
    """Feed lines through the server as a script that ends with quit, so that its searches run
    in full (input that ends without quit stops them); returns everything written to stdout but
    the answer to that last quit."""
    session = GtpSession(config)
    out = io.StringIO()
    data = "".join(line + "\n" for line in [*lines, "999999 quit"]).encode()
    serve(session, io.BytesIO(data), out)
    return out.getvalue().removesuffix("=999999\n\n")


def answers(lines, config=FAST):
    """The responses, one string per command (without the final empty line)."""
    text = run(lines, config)
    assert text.endswith("\n\n") or text == ""
    return [block for block in text.split("\n\n") if block]


# ---- framing ------------------------------------------------------------------------------------

def test_preprocessing_follows_the_spec():
    assert preprocess("  play\tb\tD4 \r") == "play b D4"
    assert preprocess("name # a comment") == "name"
    assert preprocess("# only a comment") == ""
    assert preprocess("na\x01me\x7f") == "name"
    assert parse("12 known_command play").id == 12
    assert parse("12 known_command play").args == ["play"]
    assert parse("") is None
    assert response(3, "D4") == "=3 D4\n\n"
    assert response(None, "", ok=False) == "?\n\n"
    assert response(1, "a\n\nb") == "=1 a\nb\n\n"


def test_ids_are_echoed_and_empty_lines_and_comments_ignored():
    assert answers(["", "# hello", "7 protocol_version", "  ", "name", "8 nonsense"]) == \
        ["=7 2", "= Mango", "?8 unknown command"]


def test_only_ascii_digits_make_an_id():
    # str.isdigit() is true for superscripts and other scripts' digits, which int() refuses
    assert parse("² name").id is None and parse("² name").name == "²"
    assert answers(["²", "٣ name", "3 name"]) == ["? unknown command", "? unknown command",
                                                 "=3 Mango"]


def test_back_to_back_commands_are_answered_in_order():
    lines = [f"{i} known_command {name}" for i, name in enumerate(["play", "genmove", "fly"])]
    assert answers(lines) == ["=0 true", "=1 true", "=2 false"]


def test_list_commands_and_known_command_read_one_registry():
    listed = answers(["list_commands"])[0][2:].split("\n")
    assert listed == sorted(COMMANDS)
    required = """protocol_version name version known_command list_commands quit boardsize clear_board
        komi play genmove undo showboard final_score final_status_list loadsgf printsgf
        time_settings time_left fixed_handicap place_free_handicap set_free_handicap reg_genmove
        list_stones cputime kgs-genmove_cleanup kgs-time_settings kgs-rules kgs-game_over
        lz-analyze lz-genmove_analyze kata-analyze gogui-analyze_commands gogui-interrupt""".split()
    assert set(required) <= set(listed)
    for name in listed:
        assert answers([f"known_command {name}"]) == ["= true"]


# ---- golden transcripts -------------------------------------------------------------------------

GOLDEN = [
    ("protocol_version", "= 2"),
    ("name", "= Mango"),
    ("boardsize 7", "="),
    ("komi 6.5", "="),
    ("play B D4", "="),
    ("play white c3", "="),
    ("play b D4", "? illegal move"),
    ("play b Z9", "? invalid color or coordinate"),
    ("play red D5", "? invalid color or coordinate"),
    ("play b H8", "? invalid color or coordinate"),
    ("play w E5", "="),
    ("play w E5", "? illegal move"),
    ("undo", "="),
    ("play b", "? syntax error"),
    ("list_stones black", "= D4"),
    ("list_stones w", "= C3"),
    ("undo", "="),
    ("list_stones w", "="),
    ("boardsize 0", "? unacceptable size"),
    ("boardsize 1000", "? unacceptable size"),
    ("boardsize abc", "? syntax error"),
    ("komi x", "? syntax error"),
    ("komi 1e308", "? komi must be between -1000 and 1000"),
    ("time_settings 99999999999999999999999 0 0", "? time settings beyond 1e+06 s or 10000 stones or periods"),
    ("kgs-rules japanese", "="),
    ("kgs-rules chinese", "="),
    ("kgs-rules go-moku", None),
    ("quit", "="),
]


def test_golden_transcript_of_the_core_commands():
    got = answers([command for command, _ in GOLDEN])
    assert len(got) == len(GOLDEN)
    for (command, expected), answer in zip(GOLDEN, got):
        if expected is None:
            assert answer.startswith("? unknown rules 'go-moku'"), command
        else:
            assert answer == expected, command


GOLDEN_FOLDER = os.path.join(os.path.dirname(__file__), "golden")


def read_transcript(path: str) -> list[tuple[str, str]]:
    """(command, answer) pairs of a stored transcript: '> command' lines, each followed by its
    answer's lines; '#' lines are comments."""
    pairs: list[tuple[str, list[str]]] = []
    with open(path, encoding="utf-8") as handle:
        for line in handle.read().splitlines():
            if line.startswith("#"):
                continue
            if line.startswith("> "):
                pairs.append((line[2:], []))
            elif pairs and line:
                pairs[-1][1].append(line)
    return [(command, "\n".join(answer)) for command, answer in pairs]


@pytest.mark.parametrize("name", sorted(f for f in os.listdir(GOLDEN_FOLDER) if f.endswith(".gtp")))
def test_golden_transcripts_with_a_fixed_seed(name):
    """Stored sessions (seed 5, 200 playouts a move): the moves, boards and scores a change of
    play would change. After a change the ledger accepted, write them again with
    MANGO_WRITE_GOLDEN=1 python -m pytest tests/test_gtp.py -k golden_transcripts."""
    path = os.path.join(GOLDEN_FOLDER, name)
    stored = read_transcript(path)
    got = answers([command for command, _ in stored])
    assert len(got) == len(stored)
    if os.environ.get("MANGO_WRITE_GOLDEN"):
        with open(path, encoding="utf-8") as handle:
            header = [line for line in handle.read().splitlines() if line.startswith("#")]
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(header) + "\n")
            for (command, _), answer in zip(stored, got):
                handle.write(f"> {command}\n{answer}\n")
        return
    for (command, expected), answer in zip(stored, got):
        assert answer == expected, command


def test_a_transcript_is_read_as_stored(tmp_path):
    path = tmp_path / "t.gtp"
    path.write_text("# a comment\n> boardsize 3\n=\n> showboard\n= \n   A B C\n3 . . . 3\n")
    assert read_transcript(str(path)) == [("boardsize 3", "="), ("showboard", "= \n   A B C\n3 . . . 3")]


def test_quit_stops_reading():
    assert answers(["name", "quit", "name"]) == ["= Mango", "="]


def test_input_ending_without_quit_stops_searching():
    # the controller is gone: the genmove stops at once instead of running its 10^8 playouts
    session = GtpSession(FAST.replace(playouts=100_000_000))
    out = io.StringIO()
    assert serve(session, io.BytesIO(b"boardsize 9\n1 genmove b\n2 genmove w\n"), out) == 0
    assert out.getvalue().startswith("=\n\n=1 ") and "=2 " in out.getvalue()


def test_a_script_ending_with_quit_is_searched_in_full():
    session = GtpSession(FAST.replace(playouts=300, early_stop=False))
    out = io.StringIO()
    serve(session, io.BytesIO(b"boardsize 9\n1 genmove b\nquit\n"), out)
    assert out.getvalue().startswith("=\n\n=1 ")
    assert session.searcher.root_visits >= 300


# ---- commands -----------------------------------------------------------------------------------

def test_illegal_play_changes_nothing_and_non_alternating_play_is_fine():
    got = answers(["boardsize 5", "play b C3", "play b B3", "play w C3", "showboard", "play b a1",
                   "list_stones b"])
    assert got[3] == "? illegal move"
    assert got[6] == "= A1 B3 C3"


def test_genmove_plays_and_reg_genmove_does_not():
    got = answers(["boardsize 5", "reg_genmove b", "list_stones b", "genmove b", "list_stones b"])
    assert got[2] == "="
    assert got[4] == "= " + got[3][2:]


def test_undo_without_moves():
    assert answers(["clear_board", "undo"]) == ["=", "? cannot undo"]


def test_fixed_and_free_handicap():
    got = answers(["boardsize 19", "fixed_handicap 4", "list_stones b", "fixed_handicap 2",
                   "clear_board", "place_free_handicap 3", "clear_board", "set_free_handicap D4 Q16 D16",
                   "list_stones b", "clear_board", "set_free_handicap D4 D4", "fixed_handicap 10",
                   "boardsize 5", "place_free_handicap 3", "list_stones b"])
    assert got[1] == "= D4 Q16 D16 Q4"
    assert sorted(got[2][2:].split()) == ["D16", "D4", "Q16", "Q4"]
    assert got[3] == "? board not empty"
    assert len(got[5][2:].split()) == 3
    assert sorted(got[8][2:].split()) == ["D16", "D4", "Q16"]
    assert got[10].startswith("? bad vertex list")
    assert got[11] == "? invalid number of stones"
    assert len(got[14][2:].split()) == 3


def test_time_commands():
    got = answers(["time_settings 300 30 5", "time_left b 120 0", "time_left w 25 3",
                   "time_settings 0 1 0", "time_settings -1 0 0", "time_left b x 0",
                   "kgs-time_settings none", "kgs-time_settings absolute 600",
                   "kgs-time_settings canadian 600 30 10", "kgs-time_settings byoyomi 600 30 5",
                   "time_left b 20 3", "kgs-time_settings byoyomi 600", "kgs-time_settings hourglass 5"])
    assert got[:4] == ["=", "=", "=", "="]
    assert got[4].startswith("?") and got[5] == "? syntax error"
    assert got[6:11] == ["="] * 5
    assert got[11] == "? syntax error" and got[12] == "? syntax error"


def test_under_a_clock_time_decides_each_move():
    session = GtpSession(FAST.replace(playouts=0, lag_s=0.0))
    for line in ("boardsize 9", "time_settings 10 0 0", "time_left b 5 0"):
        session.handle_line(line)
    limit = session.player.limit(1)
    assert limit.playouts is None and limit.seconds == pytest.approx(5 / 27)
    assert session.handle_line("genmove b").startswith("= ")


def test_reg_genmove_answers_for_both_colours_on_one_position(tmp_path):
    from mango.engine import Game
    from mango.engine.record import game_to_sgf
    from test_player import ENDGAME

    path = tmp_path / "endgame.sgf"
    path.write_bytes(game_to_sgf(Game.from_ascii(ENDGAME), None, "B", "W"))
    got = answers([f"loadsgf {path}", "reg_genmove black", "reg_genmove white", "reg_genmove black",
                   "showboard", "genmove white", "genmove black"])
    assert got[0] == "="
    assert all(answer.startswith("= ") for answer in got[1:4]), got
    assert "b to move" in got[4]                       # the questions changed nothing
    assert got[5].startswith("= ") and got[6].startswith("= ")


def test_sgf_round_trip_and_loadsgf_move_number(tmp_path):
    path = tmp_path / "game.sgf"
    got = answers(["boardsize 9", "komi 5.5", "play b E5", "play w C3", "play b pass", "play w D4",
                   f"printsgf {path}"])
    assert got[-1] == "="
    got = answers([f"loadsgf {path}", "list_stones w", "showboard", f"loadsgf {path} 3",
                   "list_stones w", "list_stones b", "genmove w"])
    assert got[0] == "=" and got[1] == "= C3 D4"
    assert got[3] == "=" and got[4] == "= C3" and got[5] == "= E5"
    assert answers(["printsgf"])[0].startswith("= (;") and "SZ[19]" in answers(["printsgf"])[0]


def test_loadsgf_with_setup_stones_and_bad_files(tmp_path):
    good = tmp_path / "setup.sgf"
    good.write_text("(;GM[1]FF[4]SZ[9]KM[0.5]AB[cc][gg]AW[ee];W[dd];B[ff])")
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"(;GM[1]SZ[9];B[zz")
    illegal = tmp_path / "illegal.sgf"
    illegal.write_text("(;GM[1]SZ[9];B[ee];W[ee])")
    big = tmp_path / "big.sgf"
    big.write_text("(;GM[1]SZ[25];B[aa])")
    got = answers(["boardsize 5", "play b C3", f"loadsgf {good}", "list_stones b", "list_stones w",
                   f"loadsgf {bad}", f"loadsgf {illegal}", f"loadsgf {big}",
                   f"loadsgf {tmp_path / 'missing.sgf'}", "list_stones w", "loadsgf"])
    assert got[2] == "="
    assert sorted(got[3][2:].split()) == ["C7", "F4", "G3"]
    assert sorted(got[4][2:].split()) == ["D6", "E5"]
    for answer in got[5:9]:
        assert answer.startswith("? cannot load file")
    assert sorted(got[9][2:].split()) == ["D6", "E5"]  # the failed loads changed nothing
    assert got[10] == "? syntax error"


def test_loadsgf_says_what_is_wrong(tmp_path):
    files = {"off.sgf": "(;FF[4]SZ[9]AB[zz])", "upper.sgf": "(;FF[4]SZ[9];B[AA])",
             "komi.sgf": "(;FF[4]SZ[9]KM[abc];B[cc])"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    got = answers([f"loadsgf {tmp_path / name}" for name in files] + [f"loadsgf {tmp_path / 'komi.sgf'} -5"])
    assert got[0] == got[1] == "? cannot load file: after move 0: a move or set-up point that is not a point of the 9x9 board"
    assert got[2] == "? cannot load file: komi KM[abc] is not a number"
    assert got[3] == "? the move number must be 1 or more"


DEAD_STONE = ["boardsize 5", "komi 0.5", "play b C1", "play b C2", "play b C3", "play b C4",
              "play b C5", "play w D1", "play w D2", "play w D3", "play w D4", "play w D5",
              "play w B3"]


def test_final_status_list_and_final_score():
    got = answers(DEAD_STONE + ["final_status_list dead", "final_status_list alive",
                                "final_status_list seki", "final_status_list sleeping", "final_score"])
    assert got[-5] == "= B3"
    assert set(got[-4][2:].split()) == {"C1", "C2", "C3", "C4", "C5", "D1", "D2", "D3", "D4", "D5"}
    assert got[-3] == "="
    assert got[-2] == "? syntax error"
    assert got[-1] == "= B+4.5"                         # 15 points to 10, komi 0.5
    japanese = answers(["kgs-rules japanese"] + DEAD_STONE + ["final_score"])
    assert japanese[-1] == "= B+5.5"                    # 10 points and B3 a prisoner, to 5


@pytest.mark.parametrize("rules", ["chinese", "japanese"])
def test_kgs_genmove_cleanup_captures_dead_stones_before_passing(rules):
    """KGS resumes a disputed game with kgs-genmove_cleanup under either rules: the dead stone
    is taken off the board before Mango passes (under Japanese rules each capturing move costs
    a point, which the cleanup phase accepts)."""
    session = GtpSession(FAST.replace(playouts=400))
    for line in [f"kgs-rules {rules}"] + DEAD_STONE + ["play b pass", "play w pass"]:
        session.handle_line(line)
    moves = []
    for _ in range(4):
        reply = session.handle_line("kgs-genmove_cleanup b")
        moves.append(reply.strip()[2:])
        if moves[-1] == "pass":
            break
        session.handle_line("play w pass")
    assert moves[0] != "pass"
    assert "B3" not in session.handle_line("list_stones w")


def test_param_reads_and_sets_the_config():
    got = answers(["mango-param", "mango-param uct_c 0.3", "mango-param rave 0", "mango-param",
                   "mango-param uct_c abc", "mango-param nonsense 1"])
    from mango.engine.config import EngineConfig
    assert f"[string] uct_c {EngineConfig().search.uct_c:.1f}" in got[0] and "[bool] rave 1" in got[0]
    assert got[1] == "=" and got[2] == "="
    assert "[string] uct_c 0.3" in got[3] and "[bool] rave 0" in got[3]
    assert got[4].startswith("? uct_c must be") and got[5].startswith("? unknown setting")


def test_gogui_param_dialogs_are_split_by_section_with_menus_for_choices():
    from mango.engine.config import settings

    menu = answers(["gogui-analyze_commands"])[0][2:].split("\n")
    dialogs = [line.split("/")[2] for line in menu if line.startswith("param/")]
    # a section per dialog, in the declaration's order, one longer than a screen in pages
    assert [d.split("_")[1] for d in dialogs if d.count("_") == 1] == [
        "search", "tree", "playout", "prior", "game", "handicap", "time"]
    assert dialogs.index("mango-param_playout_2") == dialogs.index("mango-param_playout") + 1
    assert "param/Playout settings (2)/mango-param_playout_2" in menu
    listed = []
    for dialog in dialogs:
        lines = answers([dialog])[0][2:].split("\n")
        assert len(lines) <= 32                        # a dialog that fits a screen
        listed += [line.split()[1] for line in lines]
    assert sorted(listed) == sorted(s.name for s in settings())
    search = answers(["mango-param_search"])[0]
    assert "[list/robust/max/robust-max/secure] final_move robust" in search
    assert "[list/hand/hand-child/mse] rave_schedule hand" in search
    assert "[list/mango/light] policy mango" in answers(["mango-param_playout"])[0]
    assert answers(["mango-param_search final_move max", "mango-param_search"])[1].count(
        "final_move max") == 1
    assert answers(["mango-param_search final_move best"])[0].startswith("? final_move must be one of")


def test_best_moves_are_coloured_by_blacks_view_and_labels_leave_the_variation_alone():
    session = GtpSession(FAST.replace(playouts=400))
    for line in ("boardsize 7", "play b D4"):
        session.handle_line(line)
    gfx = session.handle_line("mango-best_moves")[2:].strip().split("\n")
    variation = gfx[0].split()[1:]
    on_variation = set(variation[1::2])
    labels = next((l.split()[1:] for l in gfx if l.startswith("LABEL ")), [])
    assert not on_variation & set(labels[0::2])
    influence = dict(zip(*[iter(next(l.split()[1:] for l in gfx if l.startswith("INFLUENCE ")))] * 2))
    white_value = {session.vertex(ch.point): ch.value for ch in session.searcher.children()
                   if ch.visits > 0}
    for vertex, value in influence.items():
        assert float(value) == pytest.approx(2 * (1 - white_value[vertex]) - 1, abs=0.006)


def test_gogui_analyze_commands_answer_in_their_formats():
    got = answers(["boardsize 5", "play b C3", "gogui-analyze_commands", "mango-best_moves",
                   "mango-ownership", "mango-visits", "mango-pv"])
    commands = [line.split("/")[2] for line in got[2][2:].split("\n")]
    types = [line.split("/")[0] for line in got[2][2:].split("\n")]
    assert {"gfx", "dboard", "sboard", "var", "param"} <= set(types)
    assert all(c in COMMANDS for c in commands)
    gfx = got[3][2:].split("\n")
    assert gfx[0].startswith("VAR w ") and any(l.startswith("LABEL ") for l in gfx)
    assert any(l.startswith("INFLUENCE ") for l in gfx) and gfx[-1].startswith("TEXT ")
    ownership = got[4][2:].split("\n")
    assert len(ownership) == 5 and all(len(row.split()) == 5 for row in ownership)
    assert all(-1.0 <= float(v) <= 1.0 for row in ownership for v in row.split())
    visits = got[5][2:].split("\n")
    assert len(visits) == 5 and all(len(row.split()) == 5 for row in visits)
    assert got[6][2:].startswith("w ")


# ---- streaming analysis -------------------------------------------------------------------------

def wait_until(condition, seconds: float = 30.0) -> None:
    """Poll until condition() holds or the deadline passes (a deadline, not a timing: a loaded
    machine streams fewer lines and playouts a second)."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)


class Feeder:
    """A server in a thread whose input we write line by line."""

    def __init__(self, config=FAST):
        self.read_end, self.write_end = os.pipe()
        self.out = io.StringIO()
        self.session = GtpSession(config)
        self.thread = threading.Thread(
            target=serve, args=(self.session, os.fdopen(self.read_end, "rb"), self.out), daemon=True)
        self.thread.start()

    def send(self, line: str) -> None:
        os.write(self.write_end, (line + "\n").encode())

    def wait_for_lines(self, prefix: str, count: int) -> None:
        """Until `count` whole output lines start with `prefix`."""
        wait_until(lambda: sum(line.startswith(prefix)
                               for line in self.out.getvalue().split("\n")[:-1]) >= count)

    def close(self) -> str:
        os.close(self.write_end)
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()
        return self.out.getvalue()


def test_lz_analyze_streams_until_the_next_line_arrives():
    feeder = Feeder()
    feeder.send("boardsize 9")
    feeder.send("5 lz-analyze b 10")
    feeder.wait_for_lines("info move ", 2)
    feeder.send("6 name")
    text = feeder.close()
    head, rest = text.split("=5\n", 1)
    stream, after = rest.split("\n\n", 1)
    lines = stream.split("\n")
    assert len(lines) >= 2                              # several intervals went by
    for line in lines:
        assert line.startswith("info move ")
        fields = line.split(" info ")[0].split()
        assert fields[3] == "visits" and fields[5] == "winrate" and fields[7] == "prior"
        assert fields[9] == "lcb" and fields[11] == "order" and fields[13] == "pv"
        assert 0 <= int(fields[6]) <= 10000
    assert after == "=6 Mango\n\n"


def test_lz_analyze_prints_one_line_even_when_stopped_at_once():
    session = GtpSession(FAST)
    session.input_waiting = lambda: True
    out = io.StringIO()
    session.out = out
    session.handle_line("boardsize 5")
    assert session.handle_line("lz-analyze 50") == ""
    text = out.getvalue()
    assert text.startswith("=\ninfo move ") and text.endswith("\n\n")


def test_kata_analyze_uses_floats_and_reports_ownership():
    session = GtpSession(FAST)
    calls = iter([False] * 6 + [True] * 1000)
    session.input_waiting = lambda: next(calls)
    out = io.StringIO()
    session.out = out
    session.handle_line("boardsize 5")
    session.handle_line("kata-analyze b interval 1 ownership true")
    line = out.getvalue().split("\n")[1]
    assert line.startswith("info move ")
    winrate = float(line.split()[line.split().index("winrate") + 1])
    assert 0.0 <= winrate <= 1.0
    owned = line.split(" ownership ")[1].split()
    assert len(owned) == 25


def test_kata_analyze_reports_the_score_margin_from_the_side_to_move(tmp_path):
    from mango.engine import Game
    from mango.engine.record import game_to_sgf

    # Black owns the board (six eyes); the empty row is Black's too, whoever plays there
    path = tmp_path / "won.sgf"
    path.write_bytes(game_to_sgf(Game.from_ascii("""
        . X . X .
        X X X X X
        . X . X .
        X X X X X
        . . . . .
        """, komi=0.5), None, "B", "W"))
    means = {}
    for colour in ("b", "w"):
        session = GtpSession(FAST)
        calls = iter([False] * 200 + [True] * 1000)     # a few hundred playouts at least
        session.input_waiting = lambda: next(calls)
        session.out = io.StringIO()
        session.handle_line(f"loadsgf {path}")
        session.handle_line(f"kata-analyze {colour} interval 1")
        words = [line for line in session.out.getvalue().split("\n") if line][-1].split()
        means[colour] = float(words[words.index("scoreMean") + 1])
        assert float(words[words.index("scoreStdev") + 1]) >= 0
        assert words[words.index("scoreLead") + 1] == words[words.index("scoreMean") + 1]
    assert means["b"] == pytest.approx(24.5, abs=1) and means["w"] == pytest.approx(-24.5, abs=1)


def test_lz_genmove_analyze_ends_with_the_move_played():
    session = GtpSession(FAST)
    out = io.StringIO()
    session.out = out
    session.handle_line("boardsize 5")
    session.handle_line("lz-genmove_analyze b 1")
    lines = out.getvalue().rstrip("\n").split("\n")
    assert lines[0] == "=" and lines[-1].startswith("play ")
    assert any(l.startswith("info move ") for l in lines)
    vertex = lines[-1].split()[1]
    assert vertex in session.handle_line("list_stones b")


def test_gogui_interrupt_stops_a_long_genmove():
    feeder = Feeder(FAST.replace(playouts=0, time_s=60.0, lag_s=0.0))
    feeder.send("boardsize 9")
    feeder.send("1 genmove b")
    time.sleep(0.5)
    start = time.perf_counter()
    feeder.send("# interrupt")
    feeder.send("2 name")
    text = feeder.close()
    assert time.perf_counter() - start < 10
    assert "=1 " in text and text.endswith("=2 Mango\n\n")


# ---- fuzz ---------------------------------------------------------------------------------------

WORDS = ["play", "genmove", "boardsize", "komi", "undo", "showboard", "fixed_handicap", "b", "w",
         "D4", "A1", "pass", "0", "1000", "-3", "9", "5", "1e309", "nan", "99999999999999999999",
         "final_score", "list_stones", "set_free_handicap", "time_left", "time_settings",
         "kgs-time_settings", "byoyomi", "loadsgf", "/nonexistent", "reg_genmove", "lz-analyze",
         "known_command", "clear_board", "\t", "#", "\x00", "é", "Q16", "J9", "I5"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join),
                          st.binary(max_size=30).map(lambda b: b.decode("latin-1"))),
                min_size=1, max_size=25))
def test_every_line_gets_exactly_one_answer_and_nothing_dies(lines):
    session = GtpSession(FAST.replace(playouts=30))
    session.input_waiting = lambda: True
    out = io.StringIO()
    session.out = out
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    expected = 0
    for line in lines:
        if session.quit:
            break
        reply = session.handle_line(line) or ""
        out.write(reply)
        if parse(preprocess(line)) is not None:
            expected += 1
        session.game.board.check_invariants()
    blocks = [b for b in out.getvalue().split("\n\n") if b]
    assert len(blocks) == expected
    assert all(block[0] in "=?" for block in blocks)


# ---- the command line ---------------------------------------------------------------------------

def test_mango_gtp_writes_only_gtp_on_stdout():
    script = "1 name\nboardsize 5\n2 genmove b\nfinal_score\nquit\n"
    done = subprocess.run([sys.executable, "-m", "mango.cli", "gtp", "--playouts", "100"], input=script,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    blocks = [b for b in done.stdout.split("\n\n") if b]
    assert blocks[0] == "=1 Mango" and blocks[2].startswith("=2 ") and len(blocks) == 5
    assert "playouts" in done.stderr                   # the search's log line went to stderr


def test_pondering_searches_on_the_opponents_time_and_stops_on_input():
    feeder = Feeder(FAST.replace(ponder=True, playouts=100))
    feeder.send("boardsize 9")
    feeder.send("1 genmove b")
    wait_until(lambda: feeder.session.searcher.root_visits > 100)
    visits_while_idle = feeder.session.searcher.root_visits
    feeder.send("2 name")
    text = feeder.close()
    assert visits_while_idle > 100                   # it went on searching after its move
    assert text.endswith("=2 Mango\n\n")


def test_no_pondering_by_default():
    feeder = Feeder(FAST.replace(playouts=100))
    feeder.send("boardsize 9")
    feeder.send("1 genmove b")
    time.sleep(0.5)
    assert feeder.session.searcher.root_visits <= 100
    feeder.close()


def test_commands_kgs_ogs_sabaki_and_gogui_send(capfd):
    got = answers(["boardsize 9", "komi 6.5", "get_komi", "echo hello  world", "echo_err to the log",
                   "kgs-chat private Alice hello bot", "kgs-chat game Alice hi", "kata-get_rules",
                   "kata-set_rules chinese", "kata-set_rules spanish",
                   "gogui-play_sequence b D4 w E5 b C3", "list_stones b",
                   "gogui-play_sequence b F6 w F6", "list_stones w", "gogui-play_sequence b"])
    assert got[2] == "= 6.5" and got[3] == "= hello world" and got[4] == "="
    assert got[5].startswith("= Mango") and got[6] == "="
    assert '"scoring":"AREA"' in got[7] and got[8] == "=" and got[9].startswith("? unknown rules")
    assert got[10] == "=" and sorted(got[11][2:].split()) == ["C3", "D4"]
    assert got[12].startswith("? move 2 of the sequence") and got[13] == "= E5"   # all or nothing
    assert got[14] == "? syntax error"
    assert "to the log" in capfd.readouterr().err


def test_cgos_genmove_analyze_answers_json_and_the_move_it_plays():
    """CGOS's client (zakki/cgos gtpengine.py) reads every line before `play MOVE` as the
    analysis and sends it with the move: one line of JSON, win rate and score for the player
    to move, the candidates with their lines, ownership as a character a point."""
    import json
    got = answers(["boardsize 9", "play b E5", "cgos-genmove_analyze w 100", "list_stones w",
                   "cgos-genmove_analyze", "cgos-genmove_analyze x"])
    analysis, play = got[2][2:].split("\n")
    data = json.loads(analysis)
    assert play.startswith("play ") and got[3] == "= " + play[5:]          # the move is played
    assert 0 <= data["winrate"] <= 1 and data["visits"] > 0 and len(data["ownership"]) == 81
    assert data["moves"][0]["move"] == play[5:] and set(data["moves"][0]) >= {"visits", "winrate", "pv"}
    assert got[4] == "? syntax error" and got[5].startswith("?")


def test_rules_from_kgs_and_katago_names_hold_for_the_next_games():
    """kgs-rules and kata-set_rules switch between area and territory scoring; kata-get_rules
    says which; clear_board keeps the rules, as it keeps the komi."""
    got = answers(["boardsize 9", "kgs-rules japanese", "kata-get_rules", "clear_board",
                   "kata-get_rules", "kata-set_rules korean", "kata-set_rules tromp-taylor",
                   "kata-get_rules", "kgs-rules aga", "kata-get_rules"])
    assert got[1] == "=" and '"scoring":"TERRITORY"' in got[2] and '"tax":"SEKI"' in got[2]
    assert '"scoring":"TERRITORY"' in got[4]
    assert got[5] == "=" and got[6] == "=" and '"scoring":"AREA"' in got[7]
    assert got[8] == "=" and '"scoring":"AREA"' in got[9]


def test_final_score_under_japanese_rules_counts_territory_and_prisoners():
    """Walls on B and D, the C column dame; White threw a stone in at A3 and Black took it with
    A2 and A4. Area: 7 stones and 3 points each way against 5 and 5, even. Territory: Black's
    3 points and 1 prisoner against White's 5: the stones Black put in its own area cost it."""
    moves = ["b B1", "w D1", "b B2", "w D2", "b B3", "w D3", "b B4", "w D4", "b B5", "w A3",
             "b A2", "w D5", "b A4"]
    prelude = ["boardsize 5", "komi 0.5", "clear_board"] + [f"play {m}" for m in moves]
    chinese = answers(prelude + ["final_score"])
    japanese = answers(["kgs-rules japanese"] + prelude + ["final_score"])
    assert chinese[-1] == "= W+0.5"
    assert japanese[-1] == "= W+1.5"


def test_printsgf_writes_passes_as_ff4_and_keeps_a_loaded_games_information(tmp_path):
    path = tmp_path / "info.sgf"
    path.write_text("(;FF[4]SZ[9]PB[Alice]PW[Bob]DT[2026-01-02]EV[Club]RE[W+R]KM[6.5];B[cc];W[];B[dd])")
    got = answers([f"loadsgf {path}", "printsgf"])
    text = got[1]
    assert "W[]" in text and "tt" not in text
    assert all(part in text for part in ("PB[Alice]", "PW[Bob]", "DT[2026-01-02]", "EV[Club]", "RE[W+R]"))


def test_analysis_avoids_allows_and_bounds_the_moves_it_shows():
    """lz-analyze's avoid and allow (KataGo's, for the analysed colour at the root), maxmoves
    and minmoves, as Sabaki and Lizzie send them."""
    def streamed(command):
        feeder = Feeder()
        feeder.send("boardsize 9")
        feeder.send(f"5 {command}")
        feeder.wait_for_lines("info move ", 3)
        feeder.send("6 name")
        text = feeder.close()
        stream = text.split("=5\n", 1)[1].split("\n\n", 1)[0]
        return [[part.split()[0] for part in line.split("info move ")[1:]] for line in stream.split("\n")]

    for moves in streamed("lz-analyze b 5 avoid b D4,E5,C3,E4 1 maxmoves 3")[1:]:
        assert moves and len(moves) <= 3 and not {"D4", "E5", "C3", "E4"} & set(moves)
    for moves in streamed("kata-analyze b 5 allow b E5,F6 1")[1:]:
        assert set(moves) <= {"E5", "F6"}
    assert answers(["lz-analyze b 10 minmoves x"]) == ["? syntax error"]
    assert answers(["lz-analyze b 10 avoid b D4"]) == ["? syntax error"]
