#!/usr/bin/env python3
"""How Mango's moves stand in the referee's eyes, one search setting against another.

The tool lives in mango.lab.move_screen (its docstring says how to run it); this is its command."""
import sys

from mango.lab.move_screen import main

if __name__ == "__main__":
    sys.exit(main())
