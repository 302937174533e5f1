"""Mango's GTP front end: it parses a controller's commands, calls the engine's facade and formats
the answers. The engine never prints; this package owns stdout while a controller drives it."""
