"""Computer players any frontend can use.

Each player has ``choose(game) -> Action`` for the side whose decision is pending. They use
only what that side may know: :meth:`Game.view`, :meth:`Game.legal_actions` and
:func:`legends_core.visibility.determinize` (which hides what the side does not know and
imagines it at random).
"""

from .heuristic import HeuristicPlayer, evaluate
from .ismcts import ISMCTSPlayer
from .random_player import RandomPlayer
from .search import SearchPlayer

PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer, "ismcts": ISMCTSPlayer,
           "search": SearchPlayer}


def make_player(name: str, seed: int | None = None, **options: object):
    """A player by name: ``"random"``, ``"heuristic"``, ``"ismcts"`` or ``"search"``."""
    try:
        cls = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}: choose from {', '.join(PLAYERS)}") from None
    return cls(seed=seed, **options)


__all__ = ["PLAYERS", "HeuristicPlayer", "ISMCTSPlayer", "RandomPlayer", "SearchPlayer",
           "evaluate", "make_player"]
