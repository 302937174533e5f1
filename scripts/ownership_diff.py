#!/usr/bin/env python3
"""Which groups Mango judges otherwise than Pachi, before its moves in a results store.

The tool lives in mango.lab.ownership_diff (its docstring says how to run it); this is its command."""
import sys

from mango.lab.ownership_diff import main

if __name__ == "__main__":
    sys.exit(main())
