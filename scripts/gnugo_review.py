#!/usr/bin/env python3
"""Review Mango's moves in stored games with GNU Go as the judge: for every move of Mango's, GNU Go

The tool lives in mango.lab.review (its docstring says how to run it); this is its command."""
import sys

from mango.lab.review import main

if __name__ == "__main__":
    sys.exit(main())
