"""Analysis output: Leela Zero's and KataGo's streaming analysis (what Sabaki reads) and GoGui's
analyze commands (gfx, dboard, sboard, var, param)."""
from __future__ import annotations

import json
import time

from mango.engine.board import PASS_POINT as PASS
from mango.engine.config import SECTION_TYPES, ConfigError, settings
from mango.engine.vertex import BLACK, colour_name, parse_colour
from mango.gtp.command import CommandTable, Streamed, expect_args
from mango.gtp.protocol import GtpError
from mango.engine.statistic import wilson

COMMANDS = CommandTable()      # composed into the session's table (gtp.session.COMMANDS)
command = COMMANDS.command

MAX_PV = 15


def ranked_children(searcher, min_moves: int = 1, max_moves: int | None = None):
    """Root children worth showing, most visited first, then (up to min_moves) the unvisited by
    prior; at most max_moves (lz-analyze's minmoves and maxmoves)."""
    children = [ch for ch in searcher.children() if not ch.banned]
    visited = sorted((ch for ch in children if ch.visits > 0), key=lambda ch: (-ch.visits, -(ch.value or 0)))
    if len(visited) < min_moves:
        visited += sorted((ch for ch in children if ch.visits == 0), key=lambda ch: -ch.policy)[:min_moves - len(visited)]
    return visited[:max_moves] if max_moves else visited


def info_line(session, searcher, style: str, ownership: bool = False, min_moves: int = 1,
              max_moves: int | None = None) -> str:
    """One analysis line: 'info move D4 visits ... pv D4 E5 info move ...' (all moves on one
    line, as Leela Zero prints them). style 'lz': win rates and priors as integers 0..10000;
    'kata': floats 0..1."""
    parts = []
    for order, ch in enumerate(ranked_children(searcher, min_moves, max_moves)):
        value = ch.value if ch.value is not None else 0.5
        pv = " ".join(session.vertex(p) for p in (searcher.principal_variation(ch.point, MAX_PV)
                                                  or [ch.point]))
        lcb = wilson(value * ch.visits, ch.visits)[0] if ch.visits else 0.0
        if style == "lz":
            parts.append(f"info move {session.vertex(ch.point)} visits {ch.visits} "
                         f"winrate {round(value * 10000)} prior {round(ch.policy * 10000)} "
                         f"lcb {round(lcb * 10000)} order {order} pv {pv}")
        else:
            # the playouts' final score margin for the side to move; left out before a visit
            score = "" if ch.score_mean is None else (
                f"scoreMean {ch.score_mean:.3f} scoreStdev {ch.score_stdev:.3f} "
                f"scoreLead {ch.score_mean:.3f} ")
            parts.append(f"info move {session.vertex(ch.point)} visits {ch.visits} "
                         f"utility {2 * value - 1:.6f} winrate {value:.6f} {score}"
                         f"prior {ch.policy:.6f} lcb {lcb:.6f} order {order} pv {pv}")
    line = " ".join(parts)
    if ownership:
        owner = searcher.ownership() or {}
        sign = 1 if searcher.root_to_move == BLACK else -1
        size = session.size
        values = []
        for y in reversed(range(size)):
            for x in range(size):
                values.append(f"{sign * owner.get(session.game.board.point(x, y), 0.0):.4f}")
        line += " ownership " + " ".join(values)
    return line


def _analysis_args(session, args, allow_kv: bool):
    """[colour] [interval] [avoid|allow COLOUR VERTICES DEPTH] [minmoves N] [maxmoves N]
    [key value ...] -> (colour, interval in seconds, options, root moves to avoid). KataGo's
    and Leela Zero's avoid and allow apply to the analysed colour's moves at the root (Mango
    bans root moves only, whatever the depth asked)."""
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
    avoid, allowed, options = set(), None, {}
    while rest:
        key = rest[0].lower()
        if key in ("avoid", "allow"):
            if len(rest) < 4 or not rest[3].isdigit():
                raise GtpError("syntax error")
            try:
                who = parse_colour(rest[1])
                points = {session.game.point(v) for v in rest[2].split(",") if v}
            except ValueError:
                raise GtpError("syntax error") from None
            if who == colour:
                if key == "avoid":
                    avoid |= points
                else:
                    allowed = points if allowed is None else allowed | points
            rest = rest[4:]
        elif key in ("minmoves", "maxmoves"):
            if len(rest) < 2 or not rest[1].isdigit():
                raise GtpError("syntax error")
            options[key] = int(rest[1])
            rest = rest[2:]
        elif allow_kv and len(rest) >= 2:
            options[key] = rest[1].lower()
            rest = rest[2:]
        else:
            raise GtpError("syntax error")
    if allowed is not None:                     # allow: every other legal move is avoided
        avoid |= {p for p in session.game.board.empty_points() if p not in allowed}
        if PASS not in allowed:
            avoid.add(PASS)
    return colour, interval, options, frozenset(avoid)


def _stream_analysis(session, args, style: str):
    colour, interval, options, avoid = _analysis_args(session, args, allow_kv=(style == "kata"))
    ownership = options.get("ownership") == "true"
    shown = {"min_moves": options.get("minmoves", 1), "max_moves": options.get("maxmoves") or None}
    session.begin_stream()
    session.interrupt.clear()
    state = {"printed": False}

    def update(searcher):
        session.write(info_line(session, searcher, style, ownership, **shown) + "\n")
        state["printed"] = True

    searcher = session.player.stream_analysis(colour_name(colour), session.should_stop, interval,
                                              update, avoid)
    if not state["printed"]:
        return Streamed(info_line(session, searcher, style, ownership, **shown))
    return Streamed("")


@command("lz-analyze")
def lz_analyze(session, args):
    return _stream_analysis(session, args, "lz")


@command("kata-analyze")
def kata_analyze(session, args):
    return _stream_analysis(session, args, "kata")


def _stream_genmove(session, args, style: str):
    colour, interval, options, _ = _analysis_args(session, args, allow_kv=(style == "kata"))
    if not args:
        raise GtpError("syntax error")
    session.begin_stream()
    session.interrupt.clear()
    state = {"last": time.perf_counter()}
    searcher = session.searcher

    def stop():
        now = time.perf_counter()
        if interval and now - state["last"] >= interval and searcher.root_visits:
            session.write(info_line(session, searcher, style) + "\n")
            state["last"] = now
        return session.interrupted()

    result = session.player.genmove(colour_name(colour), stop=stop)
    final = info_line(session, searcher, style)
    if result.resign:
        return Streamed(final + "\nplay resign")
    return Streamed(final + f"\nplay {session.vertex(result.move)}")


@command("lz-genmove_analyze")
def lz_genmove_analyze(session, args):
    return _stream_genmove(session, args, "lz")


@command("kata-genmove_analyze")
def kata_genmove_analyze(session, args):
    return _stream_genmove(session, args, "kata")


OWNERSHIP_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def cgos_analysis(session, searcher, value: float | None) -> dict:
    """The search as CGOS's viewer reads it (zakki/cgos, "GTP tournament game expansion"): win
    rate and score margin for the player to move, visits, the candidates with their lines, and
    ownership from that player's view as one character a point, A19 to T1 row by row."""
    moves = []
    for ch in ranked_children(searcher, 1, 10):
        line = searcher.principal_variation(ch.point, MAX_PV) or [ch.point]
        entry = {"move": session.vertex(ch.point), "visits": ch.visits,
                 "winrate": round(ch.value if ch.value is not None else 0.5, 4),
                 "prior": round(ch.policy, 4), "pv": " ".join(session.vertex(p) for p in line[1:])}
        if ch.score_mean is not None:
            entry["score"] = round(ch.score_mean, 2)
        moves.append(entry)
    data = {"winrate": round(value if value is not None else 0.5, 4),
            "visits": searcher.root_visits, "moves": moves}
    estimate = searcher.score_estimate()
    if estimate is not None:
        data["score"] = round(estimate[0], 2)
    owner = searcher.ownership()
    if owner:
        sign = 1 if searcher.root_to_move == BLACK else -1
        chars = []
        for y in reversed(range(session.size)):
            for x in range(session.size):
                share = (sign * owner.get(session.game.board.point(x, y), 0.0) + 1) / 2
                chars.append(OWNERSHIP_CHARS[round(max(0.0, min(share, 1.0)) * 62)])
        data["ownership"] = "".join(chars)
    return data


@command("cgos-genmove_analyze")
def cgos_genmove_analyze(session, args):
    """genmove for CGOS's client: one line of JSON about the search (cgos_analysis), then
    `play MOVE` (or `play resign`); the client sends the JSON to the server with the move. The
    client may add an interval (centiseconds) for streamed lines: the answer comes at the end."""
    expect_args(args, 1, 2)
    colour = colour_name(parse_colour(args[0]))
    session.interrupt.clear()
    result = session.player.genmove(colour, stop=session.interrupted)
    data = cgos_analysis(session, session.searcher, result.value)
    move = "resign" if result.resign else session.vertex(result.move)
    return "\n" + json.dumps(data, separators=(",", ":")) + f"\nplay {move}"


# ---- GoGui ---------------------------------------------------------------------------------------

@command("gogui-analyze_commands")
def gogui_analyze_commands(session, args):
    return "\n".join([
        "gfx/Best moves/mango-best_moves",
        "dboard/Ownership/mango-ownership",
        "sboard/Visits/mango-visits",
        "var/Principal variation/mango-pv",
        *(f"param/{title}/mango-param_{page}" for page, (title, _) in PARAM_PAGES.items()),
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


def _variation(session, searcher, first) -> str:
    colour = searcher.root_to_move
    moves = searcher.principal_variation(first, MAX_PV)
    return " ".join(f"{colour_name(colour if i % 2 == 0 else 3 - colour)} {session.vertex(p)}"
                    for i, p in enumerate(moves))


@command("mango-best_moves")
def mango_best_moves(session, args):
    """The ten most visited moves: the best one's line as numbered stones (VAR), the others'
    visits as labels (a label on a VAR stone would hide its number), all coloured by Black's win
    rate (INFLUENCE: GoGui draws positive values black, negative white)."""
    searcher = session.player.refine()
    children = [ch for ch in ranked_children(searcher) if ch.visits > 0][:10]
    if not children:
        return "TEXT no search"
    best = children[0]
    black_moves = searcher.root_to_move == BLACK
    variation = _variation(session, searcher, best.point)
    on_variation = set(searcher.principal_variation(best.point, MAX_PV))
    stones = [ch for ch in children if ch.point != PASS]
    lines = [f"VAR {variation}"]
    labels = [ch for ch in stones if ch.point not in on_variation]
    if labels:
        lines.append("LABEL " + " ".join(f"{session.vertex(ch.point)} {ch.visits}" for ch in labels))
    if stones:
        lines.append("INFLUENCE " + " ".join(
            f"{session.vertex(ch.point)} {2 * (ch.value if black_moves else 1 - ch.value) - 1:.2f}"
            for ch in stones))
    lines.append(f"TEXT {session.vertex(best.point)} {best.value:.1%} for "
                 f"{colour_name(searcher.root_to_move)} after {best.visits} visits; "
                 f"{searcher.root_visits} playouts")
    return "\n".join(lines)


@command("mango-ownership")
def mango_ownership(session, args):
    owner = session.player.refine().ownership() or {}
    return _board_rows(session, lambda p: f"{owner.get(p, 0.0):.2f}")


@command("mango-visits")
def mango_visits(session, args):
    visits = {ch.point: ch.visits for ch in session.player.refine().children() if ch.visits > 0}
    return _board_rows(session, lambda p: str(visits[p]) if p in visits else '""')


@command("mango-pv")
def mango_pv(session, args):
    searcher = session.player.refine()
    children = ranked_children(searcher)
    if not children or children[0].visits == 0:
        return ""
    return _variation(session, searcher, children[0].point)


# ---- settings at run time (GoGui's param dialogs) ---------------------------------------------------

PARAM_SECTIONS = {name: name.capitalize() for name in SECTION_TYPES}
PARAM_PAGE_LINES = 32       # the settings a GoGui dialog shows on one screen


def _param_pages() -> dict[str, tuple[str, list[str]]]:
    """GoGui's dialogs, one a section, a section longer than a screen split in pages ("playout",
    "playout_2"): {command suffix: (title, the names of its settings)}."""
    pages = {}
    for section, title in PARAM_SECTIONS.items():
        names = [d.name for d in settings() if d.section == section or (section == "search" and d.section is None)]
        for start in range(0, len(names), PARAM_PAGE_LINES):
            number = start // PARAM_PAGE_LINES + 1
            suffix = section if number == 1 else f"{section}_{number}"
            pages[suffix] = (f"{title} settings" + ("" if number == 1 else f" ({number})"),
                             names[start:start + PARAM_PAGE_LINES])
    return pages


PARAM_PAGES = _param_pages()


def _param_line(session, declaration) -> str:
    """The value the search of the current board uses (its size's default where one applies)."""
    value = session.player.effective_config.value(declaration)
    if declaration.type == "bool":
        return f"[bool] {declaration.name} {int(value)}"
    if declaration.choices:
        return f"[list/{'/'.join(declaration.choices)}] {declaration.name} {value}"
    return f"[string] {declaration.name} {declaration.format(value)}"


def _param(session, args, page: str | None):
    """GoGui 'param': no argument lists the settings (of one dialog's page); 'name value' sets one."""
    if not args:
        names = None if page is None else set(PARAM_PAGES[page][1])
        return "\n".join(_param_line(session, d) for d in settings() if names is None or d.name in names)
    if len(args) != 2:
        raise GtpError("syntax error")
    try:
        session.player.configure(session.config.with_strings({args[0]: args[1]}))
    except ConfigError as error:
        raise GtpError(str(error)) from None
    return ""


@command("mango-param")
def mango_param(session, args):
    """Every setting at once (for scripts); GoGui's dialogs use one section each."""
    return _param(session, args, None)


def _register_param_page(page: str) -> None:
    command(f"mango-param_{page}")(lambda session, args: _param(session, args, page))


for _page in PARAM_PAGES:
    _register_param_page(_page)
