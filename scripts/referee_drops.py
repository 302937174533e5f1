#!/usr/bin/env python3
"""Where lost games were lost: Pachi as referee of Mango's moves in a results store.

The tool lives in mango.lab.referee_drop (its docstring says how to run it); this is its command."""
import sys

from mango.lab.referee_drop import main

if __name__ == "__main__":
    sys.exit(main())
