"""Every command in scripts/ imports: a tool the ledger names must not rot when a module it leans on
moves (suite_from_games.py imported a class gnugo_review.py had lost, unnoticed for a day)."""
from __future__ import annotations

import importlib.util
import pathlib

import pytest

SCRIPTS = sorted(pathlib.Path(__file__).resolve().parent.parent.joinpath("scripts").glob("*.py"))


def test_there_are_scripts():
    assert len(SCRIPTS) > 10


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_the_script_imports(path, monkeypatch):
    monkeypatch.syspath_prepend(str(path.parent))      # scripts import their neighbours
    spec = importlib.util.spec_from_file_location(f"script_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)                     # __name__ is not "__main__": nothing runs
    assert callable(getattr(module, "main", None)) or module.__doc__
