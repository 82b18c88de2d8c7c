"""#84 Dancing Sword -- blue weapon, strength 5."""

from legends_core import piece

from ..powers import Boost

PIECE = piece(
    84, "Dancing Sword", 5, type="weapon", colour="blue",
    text=("Ability: destroy the Dancing Sword so that a piece of yours beside it has +2 for the "
          "rest of the turn (that piece is revealed)."),
    powers=[Boost("dancing-sword", 2, sacrifice=True, reveal_target=True)],
)
