"""The README's server recipes start Mango the way kgsGtp, gtp2ogs and the CGOS client will: each
engine command in them is run and spoken to as its server's bridge would."""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys

import pytest

README = os.path.join(os.path.dirname(__file__), os.pardir, "README.md")


def _servers_section() -> str:
    with open(README, encoding="utf-8") as handle:
        text = handle.read()
    start = text.index("### Servers")
    end = text.index("\n## ", start)
    return text[start:end]


def recipe_commands() -> dict[str, list[str]]:
    """The engine command of each recipe: kgsGtp's engine=, gtp2ogs's bot.command, CGOS's invoke."""
    section = _servers_section()
    commands = {}
    kgs = re.search(r"^engine=(.+)$", section, re.M)
    ogs = re.search(r"command: (\[.+\]),", section)
    cgos = re.search(r"^\s+invoke (.+)$", section, re.M)
    if kgs:
        commands["kgs"] = shlex.split(kgs.group(1))
    if ogs:
        commands["ogs"] = json.loads(ogs.group(1))
    if cgos:
        commands["cgos"] = shlex.split(cgos.group(1))
    return commands


def test_every_server_has_a_recipe():
    assert set(recipe_commands()) == {"kgs", "ogs", "cgos"}


SCRIPTS = {
    # what each bridge sends at the start of a game and at its end
    "kgs": ["protocol_version", "kgs-rules japanese", "boardsize 9", "clear_board", "komi 6.5",
            "kgs-time_settings byoyomi 1200 30 5", "play b E5", "genmove w", "final_score"],
    "ogs": ["protocol_version", "boardsize 9", "clear_board", "komi 6.5", "time_settings 600 0 0",
            "time_left w 600 0", "play b E5", "genmove w", "final_score"],
    "cgos": ["protocol_version", "list_commands", "boardsize 9", "clear_board", "komi 7.5",
             "time_settings 300 0 0", "time_left w 300 0", "play b E5", "cgos-genmove_analyze w",
             "final_score"],
}


@pytest.mark.parametrize("server", ["kgs", "ogs", "cgos"])
def test_each_recipes_engine_command_plays(server):
    command = recipe_commands()[server]
    assert command[:2] == ["mango", "gtp"]
    # the installed `mango` may not be on PATH under pytest: the same program by its module
    argv = [sys.executable, "-m", "mango.cli", *command[1:], "--playouts", "200"]
    script = "\n".join(SCRIPTS[server] + ["quit"]) + "\n"
    done = subprocess.run(argv, input=script, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answers = [block for block in done.stdout.split("\n\n") if block.strip()]
    assert len(answers) == len(SCRIPTS[server]) + 1
    assert all(a.startswith("=") for a in answers), answers
    if server == "cgos":     # its client uses the analysis command when list_commands has it
        assert "cgos-genmove_analyze" in answers[1].split()
        move = answers[SCRIPTS[server].index("cgos-genmove_analyze w")].split("\n")[-1]
        assert re.fullmatch(r"play [A-HJ]\d", move)
    else:
        assert re.fullmatch(r"= [A-HJ]\d", answers[SCRIPTS[server].index("genmove w")])
