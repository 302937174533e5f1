#!/usr/bin/env python3
"""Simulation balancing of the playouts' 3x3 pattern weights.

The tool lives in mango.patterns.balance (its docstring says how to run it); this is its command."""
import sys

from mango.patterns.balance import main

if __name__ == "__main__":
    sys.exit(main())
