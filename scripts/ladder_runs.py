#!/usr/bin/env python3
"""Dead ladders run out, per player, in the games of `mango match` stores.

The tool lives in mango.lab.ladder_run (its docstring says how to run it); this is its command."""
from mango.lab.ladder_run import main

if __name__ == "__main__":
    main()
