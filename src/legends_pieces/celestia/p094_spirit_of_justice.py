"""#94 Spirit of Justice -- blue spirit, strength 1."""

from legends_core import piece

from ..powers import SWITCHING, KillsBase

PIECE = piece(
    94, "Spirit of Justice", 1, type="spirit", colour="blue",
    text=("Innate: in a fight with a piece of base strength 10, whichever of the two attacked, "
          "the base 10 piece is destroyed and the Spirit is not. Action: Switching."),
    powers=[KillsBase(when="either"), SWITCHING],
    rulings=[
        "The chart says only 'base strength piece'; that is read as base strength 10, as on "
        "Placton's identical text.",
    ],
)
