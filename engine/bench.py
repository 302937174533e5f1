"""Speed measurements of the engine, as plain dicts (what `mango bench --json` prints)."""
from __future__ import annotations

import resource
import time

from mango.engine.board import BOARD_BYTES, Board
from mango.engine.config import EngineConfig
from mango.engine.game import Game
from mango.engine.limit import Limit
from mango.engine.playout import run_playouts
from mango.engine.search import NODE_SIZE
from mango.engine.searcher import Searcher


def file_backed_rss_mb() -> float | None:
    """The resident pages mapped from files (numpy's and Python's libraries, the extensions), or
    None where /proc is missing. Peak RSS counts them, and their number depends on the kernel's
    page cache rather than on Mango: two byte-identical copies of numpy's core library were seen
    resident at 3.4 and 4.9 MB after the same import. Peak RSS minus this is the figure to
    compare between installs."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("RssFile:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def playout_speed(size: int, playouts: int, config: EngineConfig, komi: float, seed: int) -> dict:
    """P playouts from the empty board in one call into C, with config's playout settings."""
    board = Board(size)
    policy = config.playout.policy
    start = time.perf_counter()
    stats = run_playouts(board, playouts, komi=komi, seed=seed, config=config.playout)
    seconds = time.perf_counter() - start
    return {
        "size": size,
        "policy": policy,
        "playouts": playouts,
        "seconds": round(seconds, 4),
        "playouts_per_second": round(playouts / seconds, 1) if seconds > 0 else None,
        "moves_per_playout": round(stats["moves"] / playouts, 1),
        "black_win_rate": round(stats["black_wins"] / playouts, 4),
        "mean_score": round(stats["score_sum"] / playouts - komi, 2),
        "seed": seed,
        "board_bytes": BOARD_BYTES,
    }


def nogo_playout_speed(size: int, playouts: int, seed: int) -> dict:
    """P light NoGo playouts from the empty board in one call into C (engine/nogo.pyx)."""
    from mango.engine import nogo

    start = time.perf_counter()
    stats = nogo.run_playouts(Board(size), playouts, seed=seed)
    seconds = time.perf_counter() - start
    return {
        "game": "nogo",
        "size": size,
        "policy": "light",
        "playouts": playouts,
        "seconds": round(seconds, 4),
        "playouts_per_second": round(playouts / seconds, 1) if seconds > 0 else None,
        "moves_per_playout": round(stats["moves"] / playouts, 1),
        "black_win_rate": round(stats["black_wins"] / playouts, 4),
        "seed": seed,
    }


def search_speed(size: int, playouts: int, config: EngineConfig, komi: float, seed: int,
                 threads: int) -> dict:
    """One whole search of P playouts from the empty board (no early stop, no resignation), with
    the tree's size and the process's peak memory."""
    policy = config.playout.policy
    config = config.replace(seed=seed, playouts=playouts, threads=threads, early_stop=False,
                            resign=False)
    searcher = Searcher(config)
    game = Game(size, komi, config.game.rules, config.game.game)
    if game.kind == "nogo":
        policy = "nogo light"
    start = time.perf_counter()
    result = searcher.search(game, Limit(playouts))
    seconds = time.perf_counter() - start
    best = searcher.best_child()
    return {
        "size": size,
        "policy": policy,
        "playouts": result.playouts,
        "seconds": round(seconds, 4),
        "playouts_per_second": round(result.playouts / seconds, 1) if seconds > 0 else None,
        "search": True,
        "threads": threads,
        "nodes": searcher.nodes_used,
        "bytes_per_node": NODE_SIZE,
        "tree_mb": searcher.tree_mb,
        "tree_bound_mb": searcher.bound_mb,
        "nodes_recycled": searcher.nodes_recycled,
        "prunes": searcher.prunes,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "rss_file_mb": file_backed_rss_mb(),
        "move": game.vertex(result.move) if result.move is not None else "resign",
        "win_rate": round(best.value, 4) if best is not None else None,
        "seed": seed,
    }
