"""The `mango` command line (click): validates options and hands them down to the engine and
the laboratory. One module per family of commands: play (gtp, selfplay, bench, config), lab
(match, suite, report) and pattern (learn-patterns, predict)."""
from __future__ import annotations

import click

from mango.cli import lab, pattern, play


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mango-go", prog_name="mango")
def main() -> None:
    """Mango: a classical Monte-Carlo Go engine."""


for _command in (play.gtp, play.selfplay, play.bench, play.config_, lab.match, lab.suite, lab.report,
                 pattern.learn_patterns, pattern.predict):
    main.add_command(_command)
