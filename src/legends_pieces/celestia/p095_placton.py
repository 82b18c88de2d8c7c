"""#95 Placton -- blue sphinx, strength 1."""

from legends_core import piece

from ..powers import QUICKNESS, KillsBase

PIECE = piece(
    95, "Placton", 1, type="sphinx", colour="blue",
    text=("Innate: in a fight with a piece of base strength 10, whichever of the two attacked, "
          "the base 10 piece is destroyed and Placton is not. Action: Quickness."),
    powers=[KillsBase(when="either"), QUICKNESS],
)
