"""The GTP loop: a reader thread queues input lines so that a running search (analysis, or a
genmove that GoGui interrupts) can notice new input; commands run one at a time, in order.

How the process ends (controllers leave an engine running for weeks, so every way out is quiet):

- `quit`: the answer `=` is written and flushed, serve returns, exit status 0, whether or not the
  controller keeps stdin open (Sabaki, GoGui, twogtp and gtp2ogs do). The reader thread reads the
  file descriptor with os.read, never the buffered stdin object: a daemon thread left blocked
  inside a BufferedReader holds its lock, and the interpreter aborts at exit when it cannot take
  it ("Fatal Python error: _enter_buffered_busy", status 134). Blocked in os.read it holds no
  Python object, and the interpreter ends it at exit like any daemon thread.
- End of input: the lines read before it are answered, then serve returns (status 0). When no
  `quit` came before the end, the controller is gone: the session's interrupt is latched, so the
  running genmove or analysis stops at once and so does every search still to run (they answer
  after their first batch of playouts). A script piped in should end with `quit` to have its
  searches run in full.
- SIGINT (when serve runs in the main thread): the same latch stops the running search; its
  answer is written and serve returns 130 (128 + SIGINT, the shell's convention), which
  `mango gtp` makes its exit status. A second SIGINT exits at once with 130.
- The controller closes its end of stdout (EPIPE, also while lz-analyze streams): the write error
  is swallowed, the output descriptor is pointed at /dev/null so that the interpreter's own flush
  at exit stays silent, the latch stops the search, and serve returns 0. No traceback, no
  "internal error" answer.
"""
from __future__ import annotations

import io
import os
import queue
import signal
import threading
from typing import BinaryIO, TextIO

from mango.gtp.protocol import parse, preprocess
from mango.gtp.session import GtpSession

INTERRUPT = "# interrupt"       # GoGui's gogui-interrupt line
SIGINT_STATUS = 128 + signal.SIGINT


class LatchingInterrupt(threading.Event):
    """The session's interrupt (a threading.Event) that the server can latch: once the
    controller is gone, it stays set, clear() included, so that every search still to run
    stops at once (the session clears its interrupt when a search starts)."""

    def __init__(self) -> None:
        super().__init__()
        self.latched = False

    def latch(self) -> None:
        self.latched = True
        self.set()

    def clear(self) -> None:
        super().clear()
        if self.latched:            # latched meanwhile by another thread: set it again
            self.set()


class _Output:
    """The session's and the loop's outfile. A failed write or flush (the controller closed
    its end: EPIPE, or the terminal went away) marks the output gone and is not raised; later
    writes are dropped."""

    def __init__(self, outfile: TextIO, on_gone) -> None:
        self.outfile = outfile
        self.gone = False
        self.on_gone = on_gone

    def write(self, text: str) -> None:
        if not self.gone:
            try:
                self.outfile.write(text)
            except OSError:
                self._lose()

    def flush(self) -> None:
        if not self.gone:
            try:
                self.outfile.flush()
            except OSError:
                self._lose()

    def _lose(self) -> None:
        self.gone = True
        try:
            # what is still buffered goes to /dev/null when the interpreter flushes at exit,
            # instead of a second EPIPE ("Exception ignored ... BrokenPipeError", status 120)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.outfile.fileno())
            os.close(devnull)
        except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
            pass
        self.on_gone()


def _fileno(infile) -> int | None:
    try:
        return infile.fileno()
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None


def _raw_lines(infile):
    """infile's lines as bytes. A file with a descriptor is read with os.read (see the module
    docstring), so nothing must have been read through its buffer before."""
    fd = _fileno(infile)
    if fd is None:
        yield from infile
        return
    pending = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            break
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            yield line + b"\n"
    if pending:
        yield pending


def _is_quit(text: str) -> bool:
    command = parse(preprocess(text))
    return command is not None and command.name == "quit"


def serve(session: GtpSession, infile: BinaryIO, outfile: TextIO) -> int:
    """Answer every command on infile until quit, end of input, SIGINT or a closed output.
    Returns the exit status: 0, or 130 after SIGINT. Bytes that are not UTF-8 are replaced,
    never fatal."""
    lines: queue.SimpleQueue = queue.SimpleQueue()    # put() may be called from a signal handler
    interrupt = LatchingInterrupt()         # a fresh one: not latched by an earlier serve()
    session.interrupt = interrupt

    def read() -> None:
        quit_read = False
        try:
            for raw in _raw_lines(infile):
                text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
                if text.strip() == INTERRUPT:
                    interrupt.set()
                    continue
                quit_read = quit_read or _is_quit(text)
                lines.put(text)
        finally:                    # whatever happens, the loop learns that input has ended
            if not quit_read:
                interrupt.latch()   # the controller is gone: stop searching
            lines.put(None)

    out = _Output(outfile, interrupt.latch)
    signalled = threading.Event()

    def on_sigint(signum, frame) -> None:
        if signalled.is_set():
            raise SystemExit(SIGINT_STATUS)
        signalled.set()
        interrupt.latch()
        lines.put(None)

    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGINT, on_sigint)
    threading.Thread(target=read, name="gtp-input", daemon=True).start()
    session.out = out
    session.input_waiting = lambda: not lines.empty()
    try:
        while not session.quit and not signalled.is_set() and not out.gone:
            if session.pondering and lines.empty():
                session.ponder()            # until the next line arrives
            text = lines.get()
            if text is None or signalled.is_set():
                break
            reply = session.handle_line(text)
            if reply:
                out.write(reply)
                out.flush()
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    return SIGINT_STATUS if signalled.is_set() else 0
