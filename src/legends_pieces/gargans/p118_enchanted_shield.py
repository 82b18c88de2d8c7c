"""#118 Enchanted Shield -- silver weapon, strength 5."""

from legends_core import piece

from ..powers import Boost

PIECE = piece(
    118, "Enchanted Shield", 5, type="weapon", colour="silver",
    text=("Ability: destroy the Shield to give a piece next to it +2 until the end of the turn "
          "(that piece is revealed)."),
    powers=[Boost("enchanted-shield", 2, sacrifice=True, reveal_target=True, whose="any")],
)
