"""Sabaki's own GTP library (@sabaki/gtp, Node.js) drives `mango gtp`: syncing a game with undo
and reading lz-analyze. Skipped unless node and the package are installed (.ci/run installs them
into tests/node/node_modules; MANGO_NODE_MODULES points elsewhere)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "node"


def node_modules() -> Path | None:
    for candidate in (os.environ.get("MANGO_NODE_MODULES"), HERE / "node_modules"):
        if candidate and (Path(candidate) / "@sabaki" / "gtp").is_dir():
            return Path(candidate)
    return None


@pytest.mark.skipif(shutil.which("node") is None or node_modules() is None,
                    reason="needs node and the npm package @sabaki/gtp")
def test_sabaki_gtp_syncs_with_undo_and_reads_lz_analyze():
    env = dict(os.environ, NODE_PATH=str(node_modules()))
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parent.parent), env.get("PYTHONPATH", "")])
    done = subprocess.run(["node", str(HERE / "sabaki_check.js"), sys.executable], env=env,
                          capture_output=True, text=True, timeout=300)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert "failure" not in report, report
    assert "undo" in report["sent"]                       # the sync took back F5 by undo
    assert sorted(report["white"].split()) == ["C3", "G5"] and not report["whiteError"]
    assert report["info"] and all(line.startswith("info move ") for line in report["info"])
    assert not report["analysisError"]
    assert report["name"] == "Mango"
    assert report["genmove"] and not report["genmoveError"]
