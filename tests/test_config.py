"""Settings declared once: every check, parser and listing reads the same declaration."""
from __future__ import annotations

import dataclasses
import io
import sys

import pytest
from click.testing import CliRunner

from mango.engine.config import ConfigError, EngineConfig, SearchConfig, settings, toml_text
from mango.cli import main

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover
    import tomli as tomllib


def test_every_setting_is_fully_declared():
    declared = settings()
    assert len({s.name for s in declared}) == len(declared)            # plain names are unique
    for s in declared:
        assert s.type in ("bool", "int", "float", "str"), s.name
        assert len(s.doc) > 20, s.name
        s.check(s.default)                                              # the default is valid
        if s.type in ("int", "float"):
            assert s.low is not None and s.high is not None, s.name
        if s.type == "str":
            assert s.choices or s.unit == "file", s.name     # a closed set, or a file name
    assert EngineConfig().flat() == {s.name: s.default for s in declared}


@pytest.mark.parametrize("declaration", settings(), ids=lambda s: s.name)
def test_the_declaration_validates_parses_and_formats(declaration):
    config = EngineConfig()
    text = declaration.format(declaration.default)
    assert config.with_strings({declaration.name: text}).flat() == config.flat()    # round trip
    if declaration.type in ("int", "float"):
        too_high = declaration.high + (1 if declaration.type == "int" else declaration.high + 1)
        with pytest.raises(ConfigError, match=declaration.name):
            config.replace(**{declaration.name: too_high})
        with pytest.raises(ConfigError, match=declaration.name):
            config.with_strings({declaration.name: "twelve"})
    elif declaration.type == "bool":
        with pytest.raises(ConfigError, match=declaration.name):
            config.replace(**{declaration.name: 1})
    elif declaration.choices:
        with pytest.raises(ConfigError, match="must be one of"):
            config.replace(**{declaration.name: "nonsense"})
    else:
        with pytest.raises(ConfigError, match="no such file"):
            config.replace(**{declaration.name: "no/such/model.npz"})


def test_unknown_settings_and_sections_are_refused():
    with pytest.raises(ConfigError, match="unknown setting"):
        EngineConfig().replace(uct=1.0)
    with pytest.raises(ConfigError, match="unknown config section"):
        EngineConfig().with_mapping({"searching": {"uct_c": 1.0}})
    with pytest.raises(ConfigError, match="unknown setting"):
        EngineConfig().with_strings({"search.rave_schedule_x": "mse"})


def test_the_toml_file_is_complete_and_reads_back():
    config = EngineConfig(seed=9).replace(uct_c=0.25, rave_schedule="mse", playouts=1234)
    text = toml_text(config)
    assert EngineConfig().with_mapping(tomllib.loads(text)) == config
    for s in settings():
        assert f"\n{s.name} = " in text or f"\n# {s.name} = " in text


def test_mango_config_lists_every_setting_and_writes_a_usable_toml(tmp_path):
    runner = CliRunner()
    listing = runner.invoke(main, ["config", "-o", "uct_c=0.4"])
    assert listing.exit_code == 0, listing.output
    for s in settings():
        assert f".{s.name} = " in listing.output
    assert f"search.uct_c = 0.4   (default {EngineConfig().search.uct_c:.1f})" in listing.output
    written = runner.invoke(main, ["config", "--toml", "-o", "rave=off"])
    assert written.exit_code == 0
    path = tmp_path / "mango.toml"
    path.write_text(written.output)
    again = runner.invoke(main, ["config", "--config", str(path)])
    assert again.exit_code == 0 and "search.rave = false   (default true)" in again.output
    bad = runner.invoke(main, ["config", "-o", "uct_c=-1"])
    assert bad.exit_code != 0 and "uct_c must be in" in bad.output


# -- per-size defaults -------------------------------------------------------------------------

@pytest.fixture
def rave_k_by_size(monkeypatch):
    """rave_k declared with a 19x19 default of its own (as a setting measured on 19x19 only is)."""
    declared = SearchConfig.declarations()
    monkeypatch.setitem(declared, "rave_k", dataclasses.replace(declared["rave_k"], by_size=((19, 3000.0),)))
    return declared["rave_k"].default


def test_a_per_size_default_applies_on_its_size_unless_set_by_name(rave_k_by_size):
    config = EngineConfig()
    assert config.for_size(19).search.rave_k == 3000.0
    assert config.for_size(9).search.rave_k == config.search.rave_k == rave_k_by_size
    for named in (config.replace(rave_k=rave_k_by_size), config.with_strings({"rave_k": "500"}),
                  config.with_mapping({"search": {"rave_k": 500}})):
        assert named.for_size(19).search.rave_k == named.search.rave_k      # pinned on every size
    assert config.replace(uct_c=0.3).for_size(19).search.rave_k == 3000.0   # other settings do not pin


def test_the_search_takes_the_default_of_the_board_it_searches(rave_k_by_size):
    from mango.engine import Game
    from mango.engine.searcher import Searcher

    searcher = Searcher(EngineConfig().replace(playouts=50))
    searcher.search(Game(19))
    assert searcher.config.search.rave_k == 3000.0 and searcher.asked.search.rave_k == rave_k_by_size
    searcher.search(Game(9))
    assert searcher.config.search.rave_k == rave_k_by_size
    searcher.configure(EngineConfig().replace(playouts=50, rave_k=700.0))
    searcher.search(Game(19))
    assert searcher.config.search.rave_k == 700.0


def test_the_listings_show_the_values_of_the_board(rave_k_by_size, tmp_path):
    from mango.gtp.server import serve
    from mango.gtp.session import GtpSession

    session = GtpSession(EngineConfig())
    out = io.StringIO()
    serve(session, io.BytesIO(b"boardsize 19\nmango-param_search\nboardsize 9\nmango-param_search\nquit\n"), out)
    assert session.player.effective_config.search.rave_k == rave_k_by_size
    on_19, on_9 = out.getvalue().split("\n\n")[1:4:2]
    assert "[string] rave_k 3000.0" in on_19 and f"[string] rave_k {rave_k_by_size}" in on_9
    runner = CliRunner()
    listing = runner.invoke(main, ["config", "--size", "19"])
    assert "search.rave_k = 3000.0   (default 1000.0 (19x19: 3000.0))" in listing.output
    assert "search.rave_k = 1000.0   (default 1000.0 (19x19: 3000.0))" in runner.invoke(main, ["config"]).output
    text = toml_text(EngineConfig())
    assert "\n# rave_k = 1000.0\n" in text             # read back, it would hold on every size
    assert EngineConfig().with_mapping(tomllib.loads(text)).for_size(19).search.rave_k == 3000.0
    pinned = toml_text(EngineConfig().replace(rave_k=1000.0))
    assert EngineConfig().with_mapping(tomllib.loads(pinned)).for_size(19).search.rave_k == 1000.0


def test_lgrf_2_after_the_tactics_is_the_default_on_13x13_and_19x19():
    """The ledger's paired A/B against GNU Go chose it on 19x19, the equal-time A/B on 13x13;
    9x9 showed no gain in 400 games and keeps the stored replies off."""
    for size, replies, first in ((19, 2, False), (13, 2, False), (9, 0, True)):
        playout = EngineConfig().for_size(size).playout
        assert (playout.last_good_reply, playout.replies_first) == (replies, first)
    pinned = EngineConfig().with_strings({"last_good_reply": "0"}).for_size(19).playout
    assert pinned.last_good_reply == 0 and not pinned.replies_first


def test_no_light_moves_on_13x13_and_19x19():
    """The ledger's equal-time matches chose it on 13x13 (201 games) and 19x19; 9x9 keeps its
    light moves (its own match has not said otherwise)."""
    for size, share in ((13, 0.0), (9, 0.2), (19, 0.0)):
        assert EngineConfig().for_size(size).playout.random_move_probability == share
    pinned = EngineConfig().with_strings({"random_move_probability": "0.2"}).for_size(13).playout
    assert pinned.random_move_probability == 0.2
