"""Tactical suites: GTP regression files in the GNU Go / GoGui format, run against Mango or any
GTP engine.

A .tst file is GTP commands, one a line. A command with a number is a test when the next
non-empty line is `#? [EXPECTED]`: the answer must match EXPECTED, a regular expression over the
whole answer, case-insensitive (`C3|D4`: either; `!C3`: anything but C3). A `*` after the bracket
marks an expected failure (a known weakness): it still runs, and passing it is an unexpected pass.
`loadsgf` paths are relative to the .tst file. `reg_genmove` and GNU Go's `gg_genmove` become
`genmove` for engines that do not know them; other `#` lines are comments.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

from mango.lab.client import EngineFailure, GtpClient

START_TIMEOUT_S = 30.0      # an engine that has not answered its first command by then never will
SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "suite")
SHIPPED_SUITES = {"mango": "mango.tst", "games": "games.tst",     # names `mango suite` knows
                  "referee": "referee.tst"}


def suite_path(name_or_path: str) -> str:
    """A suite file: a shipped suite by name ('mango': hand-made 9x9 positions, 'games': moments
    of Mango's own lost games by GNU Go's owl reading, 'referee': its blunders in games lost to
    Pachi, by Pachi as referee), so that an installed Mango finds them, or a path as given."""
    if name_or_path in SHIPPED_SUITES and not os.path.exists(name_or_path):
        return os.path.join(SHIPPED, SHIPPED_SUITES[name_or_path])
    return name_or_path

class SuiteError(ValueError):
    """A suite file that says something a suite cannot."""


_EXPECT = re.compile(r"^#\?\s*\[(.*)\]\s*(\*?)")


@dataclass(frozen=True)
class SuiteTest:
    file: str
    number: int
    command: str
    expected: str
    expect_failure: bool


@dataclass(frozen=True)
class Outcome:
    test: SuiteTest
    answer: str
    passed: bool

    @property
    def status(self) -> str:
        if self.passed:
            return "unexpected pass" if self.test.expect_failure else "pass"
        return "expected failure" if self.test.expect_failure else "FAIL"


@dataclass
class SuiteReport:
    outcomes: list = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(o.status == status for o in self.outcomes)

    def summary(self) -> dict:
        return {"tests": len(self.outcomes), "passes": self.count("pass"),
                "failures": self.count("FAIL"), "unexpected_passes": self.count("unexpected pass"),
                "expected_failures": self.count("expected failure")}

    def lines(self) -> list[str]:
        out = [f"{os.path.basename(o.test.file)}:{o.test.number} {o.test.command}: got {o.answer}, "
               f"expected [{o.test.expected}]{'*' if o.test.expect_failure else ''}: {o.status}"
               for o in self.outcomes]
        s = self.summary()
        out.append(f"{s['tests']} tests: {s['passes']} passed, {s['failures']} failed, "
                   f"{s['unexpected_passes']} unexpected passes, {s['expected_failures']} "
                   f"expected failures")
        return out


def parse_suite(path: str) -> list[tuple[str, SuiteTest | None]]:
    """The file as (command, test or None) in order; loadsgf paths made absolute."""
    folder = os.path.dirname(os.path.abspath(path))
    with open(path, encoding="utf-8") as handle:
        lines = [line.rstrip("\n") for line in handle]
    steps: list[list] = []
    for number_in_file, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        match = _EXPECT.match(text)
        if text.startswith("#?") and not match:
            raise SuiteError(f"{path}:{number_in_file}: {text!r} is not an expectation (#? [ANSWERS])")
        if match:
            if steps and steps[-1][1] is not None and steps[-1][2] is None:
                number, command = steps[-1][1], steps[-1][0]
                steps[-1][2] = SuiteTest(path, number, command, match[1].strip(), bool(match[2]))
            continue
        if text.startswith("#"):
            continue
        words = text.split("#", 1)[0].split()
        number = None
        if words and words[0].isdigit():
            number = int(words[0])
            words = words[1:]
        if not words:
            continue
        if words[0] == "loadsgf" and len(words) > 1 and not os.path.isabs(words[1]):
            words[1] = os.path.join(folder, words[1])
        steps.append([" ".join(words), number, None])
    return [(command, test) for command, _, test in steps]


def matches(expected: str, answer: str) -> bool:
    negate = expected.startswith("!")
    pattern = expected[1:] if negate else expected
    try:
        hit = re.fullmatch(pattern, answer.strip(), re.IGNORECASE) is not None
    except re.error:
        hit = pattern.strip().lower() == answer.strip().lower()
    return hit != negate


def run_suite(paths: list[str], command: list[str], name: str = "engine",
              timeout: float = 600.0, on_outcome=None) -> SuiteReport:
    """Run the suites' files against one engine (started anew for each file). EngineFailure when
    the engine does not start and answer protocol_version within START_TIMEOUT_S."""
    report = SuiteReport()
    for path in paths:
        engine = GtpClient(command, name)
        setup_failed = None
        try:
            engine.send("protocol_version", timeout=START_TIMEOUT_S)
            for line, test in parse_suite(path):
                if test is not None and setup_failed:
                    outcome = Outcome(test, f"? (not asked: {setup_failed})", False)
                    report.outcomes.append(outcome)
                    if on_outcome is not None:
                        on_outcome(outcome)
                    continue
                line = _translate(engine, line)
                try:
                    ok, answer = engine.ask(line, timeout=timeout)
                except EngineFailure as failure:
                    if test is None:
                        raise
                    ok, answer = False, f"({failure})"
                    engine.close()
                    engine = GtpClient(command, name)
                if test is None and line.startswith("loadsgf"):
                    # a position that did not load: its tests would run on whatever board is left
                    setup_failed = None if ok else f"{line} failed: {answer}"
                if test is not None:
                    outcome = Outcome(test, answer if ok else f"? {answer}",
                                      ok and matches(test.expected, answer))
                    report.outcomes.append(outcome)
                    if on_outcome is not None:
                        on_outcome(outcome)
        finally:
            engine.close()
    return report


def _translate(engine: GtpClient, line: str) -> str:
    word = line.split(None, 1)[0]
    if word in ("reg_genmove", "gg_genmove") and not engine.knows(word):
        return "genmove" + line[len(word):]
    return line


def mark_expected_failures(path: str, playouts: int) -> int:
    """Run Mango on a written suite (`mango suite`, the one way to run one) and mark each test it
    fails with `*`, an expected failure: the suite then reports progress as unexpected passes.
    How many it marked."""
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "report.json")
        subprocess.run([sys.executable, "-m", "mango.cli", "suite", path, "--playouts", str(playouts),
                        "--json", report], check=False, stdout=subprocess.DEVNULL)
        with open(report) as handle:
            failed = {result["number"] for result in json.load(handle)["results"] if result["status"] != "pass"}
    lines = open(path).read().split("\n")
    for index, line in enumerate(lines[1:], 1):
        words = lines[index - 1].split()
        if line.startswith("#?") and words and words[0].isdigit() and int(words[0]) in failed:
            lines[index] = line + "*"
    with open(path, "w") as handle:
        handle.write("\n".join(lines))
    return len(failed)


def write_suite(path: str, lines: list[str], count: int, mark_playouts: int) -> None:
    """Write a suite file that a tool made (count tests), say so on stderr, and mark the tests
    Mango fails at mark_playouts (0: none) as expected failures."""
    with open(path, "w") as handle:
        handle.write("\n".join(lines))
    print(f"{count} tests in {path}", file=sys.stderr)
    if mark_playouts:
        print(f"{mark_expected_failures(path, mark_playouts)} failed by Mango at {mark_playouts} "
              f"playouts (marked *)", file=sys.stderr)
