"""The GTP loop: a reader thread queues input lines so that a running search (analysis, or a
genmove that GoGui interrupts) can notice new input; commands run one at a time, in order."""
from __future__ import annotations

import queue
import threading
from typing import BinaryIO, TextIO

from mango.gtp.session import GtpSession

INTERRUPT = "# interrupt"       # GoGui's gogui-interrupt line


def serve(session: GtpSession, infile: BinaryIO, outfile: TextIO) -> None:
    """Answer every command on infile until quit or end of input. Bytes that are not UTF-8 are
    replaced, never fatal."""
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for raw in infile:
            text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
            if text.strip() == INTERRUPT:
                session.interrupt.set()
                continue
            lines.put(text)
        lines.put(None)

    threading.Thread(target=read, name="gtp-input", daemon=True).start()
    session.out = outfile
    session.input_waiting = lambda: not lines.empty()
    while not session.quit:
        if session.pondering and lines.empty():
            session.ponder()            # until the next line arrives
        text = lines.get()
        if text is None:
            break
        reply = session.handle_line(text)
        if reply:
            outfile.write(reply)
            outfile.flush()
