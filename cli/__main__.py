"""python -m mango.cli: the mango command, for controllers that start Python themselves."""
from mango.cli import main

main()
