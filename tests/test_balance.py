"""Simulation balancing (patterns/balance.py, engine/playout.pyx's balance_sample): the classes,
the sampling's checks, and that its gradient moves the playouts' result the way it should."""
import numpy as np
import pytest

from mango.engine import pattern3
from mango.engine.config import EngineConfig, PlayoutConfig
from mango.engine.playout import balance_sample, run_playouts
from mango.patterns.balance import Balancer, Position, read_positions, split_by_game, train

OPENING = (("b", "D4"), ("w", "C3"), ("b", "E3"), ("w", "C5"))


def test_every_code_s_class_holds_the_value_the_table_gives_it():
    codes, values, default, _ = pattern3.read_table(pattern3.default_table_path())
    black_classes, white_classes = pattern3.classes_by_player(codes)
    black, white = pattern3.values_by_player(codes, values, default)
    by_class = np.append(values, default)
    assert np.array_equal(by_class[black_classes], black)
    assert np.array_equal(by_class[white_classes], white)
    assert black_classes.max() == len(codes)            # the default's class is used
    non_canonical = next(c for c in range(1, 1 << 12) if pattern3.canonical(c) != c)
    with pytest.raises(ValueError, match="canonical"):
        pattern3.classes_by_player([non_canonical])


def _sampling(size=7):
    balancer = Balancer.from_table(None, 0.5)
    position = Position("test", size, 7.5, (), OPENING, 0.5, 0)
    return balancer, position, position.game().board, EngineConfig().for_size(size).playout


def test_a_sample_is_repeatable_and_a_value_only_sample_leaves_the_sums_alone():
    balancer, position, board, config = _sampling()
    pairs = balancer.pairs()
    n = len(balancer.theta)
    sums = [np.zeros(n) for _ in range(4)]
    first = balance_sample(board, config, pairs, balancer.black_classes, balancer.white_classes,
                           sums[0], sums[1], 50, 7.5, 3, True)
    again = balance_sample(board, config, pairs, balancer.black_classes, balancer.white_classes,
                           sums[2], sums[3], 50, 7.5, 3, True)
    assert first == again and np.array_equal(sums[0], sums[2]) and np.array_equal(sums[1], sums[3])
    assert np.count_nonzero(sums[1]) > 10
    untouched = np.zeros(n)
    balance_sample(board, config, pairs, balancer.black_classes, balancer.white_classes,
                   untouched, untouched, 50, 7.5, 3, False)
    assert not untouched.any()


def test_the_sampling_refuses_what_would_read_outside_its_arrays():
    balancer, position, board, config = _sampling()
    pairs, n = balancer.pairs(), len(balancer.theta)
    black, white = balancer.black_classes, balancer.white_classes
    with pytest.raises(ValueError, match="class of code"):
        balance_sample(board, config, pairs, black, white, np.zeros(n - 1), np.zeros(n - 1), 1)
    with pytest.raises(ValueError, match="one non-empty length"):
        balance_sample(board, config, pairs, black, white, np.zeros(n), np.zeros(n + 1), 1)
    with pytest.raises(ValueError, match="entries"):
        balance_sample(board, config, pairs[:10], black, white, np.zeros(n), np.zeros(n), 1)
    zero = pairs.copy()
    zero[12345] = 0
    with pytest.raises(ValueError, match="weight 0"):
        balance_sample(board, config, zero, black, white, np.zeros(n), np.zeros(n), 1)
    with pytest.raises(ValueError, match="nothing to balance"):
        balance_sample(board, config.replace(patterns=False), pairs, black, white, np.zeros(n),
                       np.zeros(n), 1)


@pytest.mark.parametrize("seed", [100, 200])
def test_balancing_moves_the_playouts_result_toward_the_reference_value(seed):
    results = {}
    for target in (0.9, 0.1):
        balancer, position, board, config = _sampling()
        position = Position("test", 7, 7.5, (), OPENING, target, 0)
        before, _ = balancer.sample(position, board, 2000, 0, config, 999)
        for step in range(10):
            value, gradient = balancer.sample(position, board, 200, 200, config, seed + 2 * step)
            balancer.step(300 * (target - value) * gradient)
        results[target] = (before, balancer.sample(position, board, 2000, 0, config, 999)[0])
    (before, up), (_, down) = results[0.9], results[0.1]
    assert up > before + 0.05 and down < before - 0.03, results


def test_a_trained_table_is_written_and_the_playouts_read_it(tmp_path):
    positions = [Position("a", 7, 7.5, (), OPENING, 0.8, 0),
                 Position("b", 7, 7.5, (), OPENING[:2], 0.3, 0)]
    balancer = Balancer.from_table(None, 0.5)
    lines = []
    history = train(balancer, positions, EngineConfig().for_size(7).playout, epochs=2, rate=50,
                    playouts_value=20, playouts_gradient=20, batch=2, seed=1,
                    held_out=positions[:1], judge_playouts=20, log=lines.append)
    assert [row["epoch"] for row in history] == [0, 1, 2] and len(lines) == 3
    out = tmp_path / "balanced.npz"
    balancer.write(out)
    codes, values, default, _ = pattern3.read_table(out)
    assert np.array_equal(codes, balancer.codes) and 1 <= values.min() <= values.max() <= 2433
    config = PlayoutConfig(policy="mango", pattern_table=str(out))
    played = run_playouts(positions[0].game().board, 20, seed=1, policy="mango", config=config)
    assert played["playouts"] == 20


def test_positions_are_written_and_read_back_and_a_bad_line_is_named(tmp_path):
    position = Position("x.sgf", 9, 7.5, (("b", "C3"),), (("w", "E5"),), 0.25, 1000)
    path = tmp_path / "positions.jsonl"
    path.write_text(position.to_json() + "\n\n")
    assert read_positions(path) == [position]
    assert position.game().board.to_move == 1           # Black to move after White's E5
    path.write_text(position.to_json() + "\n" + position.to_json().replace("0.25", "1.5") + "\n")
    with pytest.raises(ValueError, match=":2: value 1.5"):
        read_positions(path)
    import gzip
    packed = tmp_path / "positions.jsonl.gz"
    with gzip.open(packed, "wt", encoding="utf-8") as out:
        out.write(position.to_json() + "\n")
    assert read_positions(packed) == [position]


def test_a_referee_values_a_position_for_black_whoever_is_to_move(tmp_path):
    import sys

    from fake_referee import FAKE_REFEREE
    from mango.lab.client import GtpClient
    from mango.lab.referee_drop import refereed_position

    script = tmp_path / "referee.py"
    script.write_text(FAKE_REFEREE)
    referee = GtpClient([sys.executable, str(script)], "referee")
    try:
        # one stone played: White to move, its win rate 0.51 over 500 playouts
        valued = refereed_position(referee, Position("x.sgf", 9, 7.5, (), OPENING[:1], 0.5, 0))
        assert valued.value == pytest.approx(0.49) and valued.playouts == 500
        assert valued.moves == OPENING[:1]
        # four: the fake answers without a search, as Pachi from its book
        assert refereed_position(referee, Position("x.sgf", 9, 7.5, (), OPENING, 0.5, 0)) is None
    finally:
        referee.close()


def test_held_out_positions_are_whole_games():
    positions = [Position(name, 9, 7.5, (), OPENING[:k], 0.5, 0)
                 for name in ("g0", "g1", "g2", "g3") for k in (1, 2, 3)]
    trained, held = split_by_game(positions, 2)
    assert {p.name for p in held} == {"g0", "g2"} and {p.name for p in trained} == {"g1", "g3"}
    assert len(held) == len(trained) == 6
    assert split_by_game(positions, 0) == (positions, [])


def test_the_command_refuses_bad_input_without_a_traceback(tmp_path, capsys):
    from mango.patterns.balance import main

    path = tmp_path / "positions.jsonl"
    path.write_text(Position("g", 7, 7.5, (), OPENING, 0.5, 0).to_json() + "\n")
    for argv, said in ((["train", str(tmp_path / "missing.jsonl"), "--out", "x.npz"], "missing"),
                       (["train", str(path), "--out", "x.npz", "-o", "uct_c"], "key=value"),
                       (["train", str(path), "--out", "x.npz", "-o", "no_such=1"], "no_such")):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "x.npz").exists()
    with pytest.raises(SystemExit) as stopped:
        main(["positions", str(path), "--out", str(tmp_path / "p.jsonl"), "--referee", "pachi"])
    assert stopped.value.code == 2 and "scripts/balance_patterns.py" in capsys.readouterr().err
