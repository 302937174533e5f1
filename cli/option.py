"""The options every engine-running command shares: one EngineConfig from the defaults, a TOML
file and -o key=value."""
from __future__ import annotations

import click


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
            with open(config_file, "rb") as handle:
                config = config.with_mapping(tomllib.load(handle))
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
                 help="A TOML file of settings (plain names, or [search]/[playout]/[prior]/[time] tables)."),
    click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE",
                 help="One setting, e.g. -o uct_c=0.5 -o rave=off (repeatable)."),
]


def config_options(function):
    for option in reversed(CONFIG_OPTIONS):
        function = option(function)
    return function
