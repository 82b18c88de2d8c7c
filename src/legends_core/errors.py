"""Exceptions. Everything a caller can get wrong is a :class:`ValueError`."""

from __future__ import annotations

import reprlib


class LegendsError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalActionError(LegendsError, ValueError):
    """The action is not one of the legal actions now. The game is unchanged."""


class GameOverError(IllegalActionError):
    """An action was given after the game ended."""


class ActionIdError(IllegalActionError):
    """An action id (the integer form of :mod:`legends.envs.encoding`) is out of range,
    masked out (not legal now) or cannot be written as an id. The game is unchanged."""


class NotationError(LegendsError, ValueError):
    """Text could not be read as an action, square or piece."""


class PositionError(LegendsError, ValueError):
    """A position, game record or board description is malformed; the message names the field."""


class ArmyError(LegendsError, ValueError):
    """An army breaks the composition rules; the message says which rule."""


class CatalogueError(LegendsError, ValueError):
    """Piece plugins clash (same number or name) or are malformed."""


class PluginError(LegendsError, RuntimeError):
    """A piece plugin raised while the game applied an action. The game is unchanged."""



class _ShortRepr(reprlib.Repr):
    """``reprlib`` with bounded nesting, strings and containers; huge ints are described, since
    ``repr`` of an int of more than 4300 digits raises."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother = 3, 50, 50
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<int of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()


def short(value: object, limit: int = 60) -> str:
    """A ``repr`` of ``value`` cut to at most ``limit`` characters, for error messages about
    outside input: a 10 MB input must not give a 10 MB message, and a deeply nested one must
    not make the message itself fail."""
    text = _SHORT.repr(value)
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


def clip(text: str, limit: int = 1000) -> str:
    """A message cut to at most ``limit`` characters (a report that lists every fault of a
    long input, such as an army's, grows with it)."""
    return text if len(text) <= limit else f"{text[:limit - 3]}..."
