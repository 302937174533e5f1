"""The options every engine-running command shares: one EngineConfig from the defaults, a TOML
file and -o key=value."""
from __future__ import annotations

import click

from mango.engine.config import SECTION_TYPES


def engine_config(config_file: str | None, options: tuple[str, ...], **overrides):
    """The one EngineConfig: defaults, then the TOML file, then -o key=value, then the command's
    own options (those not left at None). A bad setting is a clear usage error."""
    try:
        import tomllib
    except ModuleNotFoundError:         # Python < 3.11
        import tomli as tomllib

    from mango.engine.config import ConfigError, EngineConfig

    config = EngineConfig()
    try:
        if config_file:
            try:
                with open(config_file, "rb") as handle:
                    config = config.with_mapping(tomllib.load(handle))
            except (tomllib.TOMLDecodeError, UnicodeDecodeError, ConfigError) as error:
                raise ConfigError(f"{config_file}: {error}") from None
        pairs = {}
        for option in options:
            if "=" not in option:
                raise ConfigError(f"-o wants key=value, got {option!r}")
            key, value = option.split("=", 1)
            pairs[key.strip()] = value
        config = config.with_strings(pairs)
        config = config.replace(**{k: v for k, v in overrides.items() if v is not None})
    except (ConfigError, OSError, tomllib.TOMLDecodeError) as error:
        raise click.BadParameter(str(error), param_hint="configuration") from None
    return config


CONFIG_OPTIONS = [
    click.option("--config", "config_file", type=click.Path(exists=True, dir_okay=False),
                 help="A TOML file of settings (plain names, or " + "/".join(f"[{name}]" for name in SECTION_TYPES) + " tables)."),
    click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE",
                 help="One setting, e.g. -o uct_c=0.5 -o rave=off (repeatable)."),
]


def config_options(function):
    for option in reversed(CONFIG_OPTIONS):
        function = option(function)
    return function


def output_file(ctx, param, path):
    """A file the command will write (--store, --json, --plot, --out FILE), checked before any
    work: a folder that cannot be made or written fails now, not after an hour. Nothing is made
    yet (a command refused for another option leaves nothing behind): the writer opens it with
    output_path."""
    import os

    if path is None:
        return path
    try:
        if os.path.exists(path):
            with open(path, "a", encoding="utf-8"):
                pass
        else:
            _check_writable_folder(os.path.dirname(os.path.abspath(path)))
    except OSError as error:
        raise click.BadParameter(f"cannot write {path}: {error.strerror or error}") from None
    return path


def output_path(path: str) -> str:
    """The path of a file checked by output_file, its folder made now that it is written."""
    import os

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    return path


def _check_writable_folder(path: str) -> None:
    """OSError unless files can be written in path, or in the folders it would be made in."""
    import os
    import tempfile

    existing = os.path.abspath(path)
    while not os.path.exists(existing):
        existing = os.path.dirname(existing)
    if not os.path.isdir(existing):
        raise NotADirectoryError(20, "not a folder", existing)
    with tempfile.NamedTemporaryFile(dir=existing):
        pass


def output_folder(ctx, param, path):
    """A folder the command will write files into (--sgf, --out DIR), checked first (a folder
    that cannot be written fails now, not after an hour) but made only when the command writes
    into it: a command refused for another option leaves nothing behind."""
    if path is None:
        return path
    try:
        _check_writable_folder(path)
    except OSError as error:
        raise click.BadParameter(f"cannot write in {path}: {error.strerror or error}") from None
    return path


class Komi(click.ParamType):
    """Komi: a finite number of points, at most 1,000 either way (area scores are at most 361)."""
    name = "komi"

    def convert(self, value, param, ctx):
        import math

        try:
            komi = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(komi) or abs(komi) > 1000:
            self.fail(f"{value!r}: komi must be a finite number between -1000 and 1000", param, ctx)
        return komi


KOMI = Komi()
