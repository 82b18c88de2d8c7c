"""Computer players any frontend can use.

Each player has ``choose(knowledge) -> Action`` for the side whose decision is pending, given
that side's :class:`~legends_core.knowledge.Knowledge` (``game.knowledge(seat)``): what the side may know,
never the game. Worlds it imagines come from that knowledge alone
(:func:`~legends_core.worlds.imagine`).

Each also has ``arrange(rules, seat) -> str | None``, asked before a game of an edition where
the players arrange their own armies: its setup line (:mod:`legends_core.setupline`), or
``None`` to take the setup it is dealt. The search player arranges its own
(:mod:`legends.ai.arranging`); the others take the deal.
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
