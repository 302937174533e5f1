#!/usr/bin/env python3
"""Simulation balancing of the playouts' 3x3 pattern weights.

The tool lives in mango.patterns.balance (its docstring says how to run it); this is its command,
which lends it the laboratory's GTP referee for `positions --referee` (patterns/ drives no engine)."""
import contextlib
import sys

from mango.lab.client import GtpClient, split_command
from mango.lab.referee_drop import refereed_position
from mango.patterns.balance import main


@contextlib.contextmanager
def referee(command: str):
    client = GtpClient(split_command(command), "referee")
    try:
        yield lambda position: refereed_position(client, position)
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main(referee=referee))
