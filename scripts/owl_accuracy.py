#!/usr/bin/env python3
"""How well Mango's (or Pachi's) estimate of the board's owners reads GNU Go's settled dragons.

The tool lives in mango.lab.owl_accuracy (its docstring says how to run it); this is its command."""
import sys

from mango.lab.owl_accuracy import main

if __name__ == "__main__":
    sys.exit(main())
