"""SGF set-up (AB, AW, AE) in any node of the main line, as Cgoban and KGS write it: loadsgf
replays it in order with the moves, and Game.set_up edits a game in progress."""
from __future__ import annotations

import pytest

from mango.engine import Game
from mango.engine.config import EngineConfig
from mango.gtp.session import GtpSession

FAST = EngineConfig(seed=5).replace(playouts=100, max_nodes=200_000)


def session_with(tmp_path, sgf: str, *lines: str) -> list[str]:
    """loadsgf of sgf written to a file, then lines; the answers without their empty line."""
    path = tmp_path / "game.sgf"
    path.write_text(sgf)
    session = GtpSession(FAST)
    answers = []
    for line in lines:
        answers.append(session.handle_line(line.replace("FILE", str(path))).rstrip("\n"))
    return answers


def stones(answer: str) -> set[str]:
    assert answer.startswith("=")
    return set(answer[1:].split())


def to_move(board_answer: str) -> str:
    return board_answer.rsplit("; ", 1)[1].split()[0]


def test_setup_stones_in_a_later_node(tmp_path):
    got = session_with(tmp_path, "(;GM[1]FF[4]SZ[9];B[ee];AB[cc]AW[gg];W[dd])",
                       "loadsgf FILE", "list_stones b", "list_stones w", "showboard")
    assert got[0] == "=" and stones(got[1]) == {"C7", "E5"} and stones(got[2]) == {"D6", "G3"}
    assert to_move(got[3]) == "b"


def test_ae_removes_a_stone_in_order_with_the_moves(tmp_path):
    got = session_with(tmp_path, "(;SZ[9];B[ee];W[dd];AE[ee];B[ff];AE[ff]AB[ee])",
                       "loadsgf FILE", "list_stones b", "list_stones w", "play w F4")
    assert got == ["=", "= E5", "= D6", "="]


def test_loadsgf_move_number_counts_moves_across_setup_nodes(tmp_path):
    sgf = "(;SZ[9];B[ee];W[dd];AB[cc];B[ff];W[gg])"
    got = session_with(tmp_path, sgf, "loadsgf FILE 3", "list_stones b", "list_stones w",
                       "showboard", "loadsgf FILE 2", "list_stones b", "showboard",
                       "loadsgf FILE 4", "list_stones b", "showboard")
    assert got[0] == "=" and stones(got[1]) == {"C7", "E5"}    # the set-up before move 3,
    assert stones(got[2]) == {"D6"}                              # not move 3
    assert to_move(got[3]) == "b"
    assert got[4:6] == ["=", "= E5"]                     # the set-up after move 2: not yet
    assert to_move(got[6]) == "w"
    assert got[7] == "=" and stones(got[8]) == {"C7", "E5", "F4"}
    assert to_move(got[9]) == "w"


def test_pl_sets_the_colour_to_move(tmp_path):
    got = session_with(tmp_path, "(;SZ[9]AB[cc][gg]AW[ee]PL[W])", "loadsgf FILE", "showboard")
    assert to_move(got[1]) == "w"
    got = session_with(tmp_path, "(;SZ[9];B[ee];AW[cc]PL[B])", "loadsgf FILE", "showboard")
    assert to_move(got[1]) == "b"
    got = session_with(tmp_path, "(;SZ[9];B[ee];W[dd];PL[W])", "loadsgf FILE", "showboard")
    assert to_move(got[1]) == "w"
    got = session_with(tmp_path, "(;SZ[9]AB[cc][gg])", "loadsgf FILE", "showboard")
    assert to_move(got[1]) == "w"                        # a handicap: White first


def test_printsgf_keeps_the_side_to_move_of_a_set_up_position(tmp_path):
    # without PL, a reader guesses: White after black stones alone, else Black
    out = tmp_path / "out.sgf"
    for sgf, colour in (("(;SZ[9]AB[cc][gg]AW[cg]PL[W])", "w"), ("(;SZ[9]AB[cc][gg]PL[B])", "b"),
                        ("(;SZ[9]AB[cc][gg]AW[cg])", "b"), ("(;SZ[9]AB[cc][gg])", "w")):
        got = session_with(tmp_path, sgf, "loadsgf FILE", f"printsgf {out}", f"loadsgf {out}",
                           "showboard")
        assert got[:3] == ["=", "=", "="] and to_move(got[3]) == colour, sgf


def test_a_setup_without_liberties_is_refused_and_the_old_game_kept(tmp_path):
    got = session_with(tmp_path, "(;SZ[9];B[aa];W[ee];AW[ba][ab])",
                       "boardsize 5", "play b C3", "loadsgf FILE", "list_stones b",
                       "list_stones w", "play b E5")
    assert got[2].startswith("? cannot load file: ")
    assert "liberties" in got[2]
    assert got[3:] == ["= C3", "=", "="]                 # still the 5x5 game (E5 is on it)


def test_printsgf_writes_a_later_setup_as_the_start(tmp_path):
    out = tmp_path / "out.sgf"
    got = session_with(tmp_path, "(;SZ[9]KM[6.5];B[ee];W[dd];AE[ee]AB[cc];W[ff])",
                       "loadsgf FILE", f"printsgf {out}", f"loadsgf {out}", "list_stones b",
                       "list_stones w", "showboard")
    assert got[:4] == ["=", "=", "=", "= C7"] and stones(got[4]) == {"D6", "F4"}
    assert to_move(got[5]) == "b"


def test_a_records_handicap_is_its_ha_and_black_set_up_stones_alone_are_none(tmp_path):
    """Dynamic komi adapts to the handicap (engine/komi.py): a problem's black stones must not
    count as one, and printsgf writes HA only for a handicap."""
    from mango.engine.record import game_to_sgf, load_game
    handicap, problem = tmp_path / "handicap.sgf", tmp_path / "problem.sgf"
    handicap.write_text("(;SZ[9]HA[2]AB[cc][gg];W[ee])")
    problem.write_text("(;SZ[9]AB[cc][gg][cd];W[ee])")
    assert load_game(str(handicap)).handicap == 2 and load_game(str(problem)).handicap == 0
    assert b"HA[2]" in game_to_sgf(load_game(str(handicap)), None, "B", "W")
    assert b"HA" not in game_to_sgf(load_game(str(problem)), None, "B", "W")
    game = Game(9)
    game.place_fixed_handicap(3)
    assert game.handicap == 3 and game.copy().handicap == 3
    game.set_up(white=["E5"])                       # a new position: no handicap game any more
    assert game.handicap == 0


# ---- Game.set_up in a game in progress ------------------------------------------------------------

KO = """
    . . . . .
    . X O . .
    X O . O .
    . X O . .
    . . . . .
    """


def test_set_up_in_a_game_starts_a_new_position():
    game = Game.from_ascii(KO, komi=0.5)
    assert game.play("b", "C3") == 1                    # takes the ko
    assert game.illegal_reason("w", "B3") == "ko"
    game.set_up(black=["E1"])
    assert game.captures["b"] == 1                      # captures are kept
    assert game.is_legal("w", "B3")                     # a new position: the ko is lifted
    assert game.moves == [] and game.start_hash == game.board.hash
    with pytest.raises(ValueError):
        game.undo()                                     # the moves before it are gone
    assert game.to_move == "w"                          # the colour to move is kept
    game.play("w", "B3")
    game.undo()
    assert game.colour_at("C3") == "b" and game.colour_at("E1") == "b"


def test_set_up_replaces_and_removes_stones():
    game = Game(5)
    game.play("b", "C3")
    game.play("w", "D4")
    game.set_up(white=["C3"], empty=["D4"], to_move="b")
    assert game.stones("b") == [] and game.stones("w") == ["C3"] and game.to_move == "b"


@pytest.mark.parametrize("change", [
    dict(white=["B1", "A2"]),                           # black A1 left without liberties
    dict(black=["C3"], white=["C3"]),                   # a vertex twice
    dict(black=["pass"]),
])
def test_a_bad_set_up_changes_nothing(change):
    game = Game(5)
    game.play("b", "A1")
    game.play("w", "E5")
    before = (str(game), list(game.moves), game.start_hash, game.to_move)
    with pytest.raises(ValueError):
        game.set_up(**change)
    assert (str(game), list(game.moves), game.start_hash, game.to_move) == before
    game.undo()                                         # the history is intact
    assert game.stones("w") == []
