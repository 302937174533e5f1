"""Analysis output: Leela Zero's and KataGo's streaming analysis (what Sabaki reads) and GoGui's
analyze commands (gfx, dboard, sboard, var, param)."""
from __future__ import annotations

import time

from mango.engine.board import PASS_POINT as PASS
from mango.engine.stats import wilson
from mango.engine.vertex import colour_name, parse_colour
from mango.gtp.protocol import GtpError
from mango.gtp.session import Streamed, command

MAX_PV = 15


def ranked_children(searcher):
    """Root children worth showing, most visited first (by prior when nothing is visited yet)."""
    children = [ch for ch in searcher.children() if not ch.banned]
    visited = [ch for ch in children if ch.visits > 0]
    if visited:
        return sorted(visited, key=lambda ch: (-ch.visits, -(ch.value or 0)))
    return sorted(children, key=lambda ch: -ch.policy)[:1]


def info_line(session, searcher, style: str, ownership: bool = False) -> str:
    """One analysis line: 'info move D4 visits ... pv D4 E5 info move ...' (all moves on one
    line, as Leela Zero prints them). style 'lz': win rates and priors as integers 0..10000;
    'kata': floats 0..1."""
    parts = []
    for order, ch in enumerate(ranked_children(searcher)):
        value = ch.value if ch.value is not None else 0.5
        pv = " ".join(session.vertex(p) for p in (searcher.principal_variation(ch.point, MAX_PV)
                                                  or [ch.point]))
        lcb = wilson(value * ch.visits, ch.visits)[0] if ch.visits else 0.0
        if style == "lz":
            parts.append(f"info move {session.vertex(ch.point)} visits {ch.visits} "
                         f"winrate {round(value * 10000)} prior {round(ch.policy * 10000)} "
                         f"lcb {round(lcb * 10000)} order {order} pv {pv}")
        else:
            parts.append(f"info move {session.vertex(ch.point)} visits {ch.visits} "
                         f"utility {2 * value - 1:.6f} winrate {value:.6f} scoreMean 0 scoreStdev 0 "
                         f"scoreLead 0 prior {ch.policy:.6f} lcb {lcb:.6f} order {order} pv {pv}")
    line = " ".join(parts)
    if ownership:
        owner = searcher.ownership() or {}
        sign = 1 if session.game.board.to_move == 1 else -1
        size = session.size
        values = []
        for y in reversed(range(size)):
            for x in range(size):
                values.append(f"{sign * owner.get(session.game.board.point(x, y), 0.0):.4f}")
        line += " ownership " + " ".join(values)
    return line


def _analysis_args(session, args, allow_kv: bool):
    """[colour] [interval] [key value ...] -> (colour, interval in seconds, options)."""
    colour = session.game.board.to_move
    interval = 0.0
    rest = list(args)
    if rest:
        try:
            colour = parse_colour(rest[0])
            rest.pop(0)
        except ValueError:
            pass
    if rest and rest[0].lstrip("-").isdigit():
        interval = max(0, int(rest.pop(0))) / 100.0
    if rest and rest[0] == "interval" and len(rest) >= 2:
        if not rest[1].isdigit():
            raise GtpError("syntax error")
        interval = int(rest[1]) / 100.0
        rest = rest[2:]
    options = {}
    if rest:
        if not allow_kv or len(rest) % 2:
            raise GtpError("syntax error")
        options = {rest[i].lower(): rest[i + 1].lower() for i in range(0, len(rest), 2)}
    return colour, interval, options


def _stream_analysis(session, args, style: str):
    colour, interval, options = _analysis_args(session, args, allow_kv=(style == "kata"))
    ownership = options.get("ownership") == "true"
    game = session._game_for(colour)
    searcher = session.searcher
    searcher.set_position(game)
    session.begin_stream()
    last = time.perf_counter()
    printed = False
    session.interrupt.clear()
    while not session.input_waiting() and not session.interrupt.is_set():
        searcher.run(playouts=0, time_s=min(interval, 0.25) if interval else 0.25,
                     should_stop=lambda: session.input_waiting() or session.interrupt.is_set())
        now = time.perf_counter()
        if interval and now - last >= interval:
            session.write(info_line(session, searcher, style, ownership) + "\n")
            printed = True
            last = now
    if not printed:
        return Streamed(info_line(session, searcher, style, ownership))
    return Streamed("")


@command("lz-analyze")
def lz_analyze(session, args):
    return _stream_analysis(session, args, "lz")


@command("kata-analyze")
def kata_analyze(session, args):
    return _stream_analysis(session, args, "kata")


def _stream_genmove(session, args, style: str):
    colour, interval, options = _analysis_args(session, args, allow_kv=(style == "kata"))
    if not args:
        raise GtpError("syntax error")
    session.begin_stream()
    state = {"last": time.perf_counter()}

    def progress():
        now = time.perf_counter()
        if interval and now - state["last"] >= interval and session.searcher.root_visits:
            session.write(info_line(session, session.searcher, style) + "\n")
            state["last"] = now

    game, result = session.search(colour, streaming=progress)
    final = info_line(session, session.searcher, style)
    if result.resign:
        return Streamed(final + "\nplay resign")
    vertex = game.vertex(result.move)
    game.play(colour_name(colour), vertex)
    return Streamed(final + f"\nplay {vertex}")


@command("lz-genmove_analyze")
def lz_genmove_analyze(session, args):
    return _stream_genmove(session, args, "lz")


@command("kata-genmove_analyze")
def kata_genmove_analyze(session, args):
    return _stream_genmove(session, args, "kata")


# ---- GoGui ---------------------------------------------------------------------------------------

@command("gogui-analyze_commands")
def gogui_analyze_commands(session, args):
    return "\n".join([
        "gfx/Best moves/mango-best_moves",
        "dboard/Ownership/mango-ownership",
        "sboard/Visits/mango-visits",
        "var/Principal variation/mango-pv",
        "param/Search parameters/mango-param",
    ])


@command("gogui-interrupt")
def gogui_interrupt(session, args):
    """Declares that '# interrupt' lines stop a running genmove (GoGui's protocol); the server
    watches for them."""
    return ""


def _board_rows(session, cell) -> str:
    size = session.size
    rows = []
    for y in reversed(range(size)):
        rows.append(" ".join(cell(session.game.board.point(x, y)) for x in range(size)))
    return "\n".join(rows)


@command("mango-best_moves")
def mango_best_moves(session, args):
    searcher = session.analysed()
    children = [ch for ch in ranked_children(searcher) if ch.visits > 0][:10]
    if not children:
        return "TEXT no search"
    best = children[0]
    colour = session.game.board.to_move
    moves = searcher.principal_variation(best.point, MAX_PV)
    var = " ".join(f"{colour_name(colour if i % 2 == 0 else 3 - colour)} {session.vertex(p)}"
                   for i, p in enumerate(moves))
    stones = [ch for ch in children if ch.point != PASS]
    lines = [f"VAR {var}"]
    if stones:
        lines.append("LABEL " + " ".join(f"{session.vertex(ch.point)} {ch.visits}" for ch in stones))
        lines.append("INFLUENCE " + " ".join(f"{session.vertex(ch.point)} {2 * ch.value - 1:.2f}"
                                             for ch in stones))
    lines.append(f"TEXT {session.vertex(best.point)} {best.value:.1%} after {best.visits} visits; "
                 f"{searcher.root_visits} playouts")
    return "\n".join(lines)


@command("mango-ownership")
def mango_ownership(session, args):
    owner = session.analysed().ownership() or {}
    return _board_rows(session, lambda p: f"{owner.get(p, 0.0):.2f}")


@command("mango-visits")
def mango_visits(session, args):
    visits = {ch.point: ch.visits for ch in session.analysed().children() if ch.visits > 0}
    return _board_rows(session, lambda p: str(visits[p]) if p in visits else '""')


@command("mango-pv")
def mango_pv(session, args):
    searcher = session.analysed()
    children = ranked_children(searcher)
    if not children or children[0].visits == 0:
        return ""
    colour = session.game.board.to_move
    moves = searcher.principal_variation(children[0].point, MAX_PV)
    return " ".join(f"{colour_name(colour if i % 2 == 0 else 3 - colour)} {session.vertex(p)}"
                    for i, p in enumerate(moves))
