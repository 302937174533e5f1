#!/usr/bin/env python3
"""Mango's ladder reader audited against GNU Go's on the positions of `mango match` stores.

The tool lives in mango.lab.ladder_audit (its docstring says how to run it); this is its command."""
from mango.lab.ladder_audit import main

if __name__ == "__main__":
    main()
