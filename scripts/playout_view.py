#!/usr/bin/env python3
"""The playouts' own verdict on a stored game's position, for the defaults and other settings.

The tool lives in mango.lab.playout_view (its docstring says how to run it); this is its command."""
import sys

from mango.lab.playout_view import main

if __name__ == "__main__":
    sys.exit(main())
