"""Exceptions. Everything a caller can get wrong is a :class:`ValueError`."""

from __future__ import annotations


class LegendsError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalActionError(LegendsError, ValueError):
    """The action is not one of the legal actions now. The game is unchanged."""


class GameOverError(IllegalActionError):
    """An action was given after the game ended."""


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
