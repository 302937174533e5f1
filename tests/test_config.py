"""Settings declared once: every check, parser and listing reads the same declaration."""
from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from mango.engine.config import ConfigError, EngineConfig, settings, toml_text
from mango.gtp.cli import main

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
    assert config.with_strings({declaration.name: text}) == config     # format/parse round trip
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
        assert f"\n{s.name} = " in text


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
