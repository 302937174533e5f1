"""Mango's exceptions: small, specific, and ValueErrors where the caller passed a bad value."""


class MangoError(Exception):
    """Base of every error Mango raises on purpose."""


class NotationError(MangoError, ValueError):
    """A colour or vertex that cannot be parsed (GTP answers "invalid color or coordinate")."""


class IllegalMoveError(MangoError, ValueError):
    """A well-formed move the rules forbid; `reason` is one of REASONS. The game is unchanged."""

    REASONS = ("occupied", "suicide", "ko", "superko", "off board",
               "capture", "no pass")        # the last two: NoGo's rules

    def __init__(self, reason: str, move: str = ""):
        self.reason = reason
        self.move = move
        super().__init__(f"illegal move {move}: {reason}" if move else f"illegal move: {reason}")


class ConfigError(MangoError, ValueError):
    """A configuration value out of range, of the wrong type, or an unknown key."""
