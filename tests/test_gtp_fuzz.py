"""The grammar-based GTP fuzzer (lab/fuzz.py) against the server: thousands of lines a controller
might send, right or wrong; each command gets exactly one answer, the board stays sound, and
the server never dies (issue 32). scripts/gtp_fuzz.py runs 100,000 through `mango gtp`."""
from __future__ import annotations

import functools
import io
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mango.engine.config import EngineConfig
from mango.gtp.protocol import parse, preprocess
from mango.gtp.server import serve
from mango.gtp.session import GtpSession
from mango.lab.fuzz import fuzz_line, fuzz_lines

TINY = EngineConfig(seed=3).replace(playouts=12, max_nodes=50_000)


def expected_answers(lines: list[bytes]) -> int:
    return sum(1 for line in lines
               if parse(preprocess(line.decode("utf-8", errors="replace").rstrip("\r\n"))) is not None)


def answers_to(lines: list[bytes]) -> list[str]:
    session = GtpSession(TINY)
    out = io.StringIO()
    status = serve(session, io.BytesIO(b"".join(lines) + b"999999 quit\n"), out)
    assert status == 0
    session.game.board.check_invariants()
    blocks = [block for block in out.getvalue().split("\n\n") if block]
    assert blocks[-1] == "=999999"
    return blocks[:-1]


@pytest.fixture(scope="module")
def quick_status():
    """The final status reads 4,000 playouts (its scores must not depend on settings); a fuzz
    session asks for it hundreds of times, so here it reads 200."""
    from mango.engine import player, status

    patch = pytest.MonkeyPatch()
    patch.setattr(player, "final_status", functools.partial(status.final_status, playouts=200))
    yield
    patch.undo()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_every_fuzzed_command_gets_one_answer_and_the_server_lives(quick_status, seed):
    lines = fuzz_lines(random.Random(seed), 500)    # 20 sessions of 500 lines: 10,000 a run
    blocks = answers_to(lines)
    assert len(blocks) == expected_answers(lines)
    assert all(block[0] in "=?" for block in blocks)


def test_the_grammar_covers_every_registered_command():
    from mango.gtp.session import COMMANDS
    from mango.lab.fuzz import GRAMMAR

    assert set(COMMANDS) <= set(GRAMMAR), set(COMMANDS) - set(GRAMMAR)


def test_fuzz_lines_are_reproducible_and_varied():
    first, second = fuzz_lines(random.Random(1), 300), fuzz_lines(random.Random(1), 300)
    assert first == second and len(set(first)) > 150
    assert any(line.endswith(b"\r\n") for line in first)
    assert any(not line.strip() or line.startswith(b"#") for line in
               (fuzz_line(random.Random(k)) for k in range(400)))
