"""#193 Nazint -- purple insectoid, strength 2."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    193, "Nazint", 2, type="insectoid", colour="purple",
    text=("Ability: destroy Nazint to give a purple piece of yours next to it +1 until the end "
          "of the turn; that piece is revealed."),
    powers=[Boost("nazint", 1, target=of(colour="purple"), sacrifice=True, reveal_target=True)],
)
