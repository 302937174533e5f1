#!/usr/bin/env python3
"""The ownership gammas of prior.ownership, fitted beside the shipped move predictor.

The tool lives in mango.patterns.ownership (its docstring says how to run it); this is its command."""
import sys

from mango.patterns.ownership import main

if __name__ == "__main__":
    sys.exit(main())
