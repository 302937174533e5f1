"""mango.lab.playout_view (scripts/playout_view.py): the playouts' verdict on a stored game's
position, for the defaults and for other settings, and its errors on bad input."""
from __future__ import annotations

import re

import pytest

from mango.lab.playout_view import main, parse_settings

# Black's wall on the third line, C3 to F3; White's three stones in the upper right, G7 G6 F6.
RECORD = b"(;GM[1]FF[4]SZ[9]KM[7.5];B[cg];W[gc];B[dg];W[gd];B[eg];W[fd];B[fg])"


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "game.sgf"
    path.write_bytes(RECORD)
    return str(path)


def test_each_continuation_is_shown_for_the_defaults_and_each_configuration(record, capsys):
    assert main([record, "6", "--then", "", "F3", "--points", "D3", "G6", "--playouts", "64",
                 "--settings", "two_liberty_attack=true,two_liberty_throw_in=true"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "after move 6, b to move:" and lines[3] == "after move 6 then F3, w to move:"
    assert [line.split(":")[0].strip() for line in lines[1:3] + lines[4:6]] == \
        ["defaults", "two_liberty_attack=true,two_liberty_throw_in=true"] * 2
    for line in lines[1:3] + lines[4:6]:
        wins, d3, g6 = map(float, re.findall(r"\d\.\d+", line))
        assert 0 <= wins <= 1 and d3 > g6        # D3 a stone of Black's wall, G6 one of White's


def test_the_same_seed_gives_the_same_verdict(record, capsys):
    main([record, "7", "--playouts", "32", "--seed", "5"])
    first = capsys.readouterr().out
    main([record, "7", "--playouts", "32", "--seed", "5"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize("argv", [["9"], ["3", "--then", "C3"], ["3", "--settings", "uct_c"],
                                  ["3", "--settings", "no_such_setting=1"]])
def test_bad_input_is_a_clear_error(record, argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        main([record, *argv])
    assert stopped.value.code == 2 and "error:" in capsys.readouterr().err


def test_settings_are_comma_separated_key_value_pairs():
    assert parse_settings("a=1, b=x") == {"a": "1", "b": "x"}
    assert parse_settings("") == {}
    with pytest.raises(ValueError):
        parse_settings("a=1,b")
