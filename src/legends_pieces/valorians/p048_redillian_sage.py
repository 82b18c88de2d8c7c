"""#48 Redillian Sage -- gold wizard, strength 5."""

from legends_core import piece

from ..powers import SLASHING, OpponentDestroysAfterAttack

PIECE = piece(
    48, "Redillian Sage", 5, type="wizard", colour="gold",
    text=("Innate: each time the Sage wins an attack, the opponent has to pick one of their own "
          "pieces and destroy it. Action: Slashing."),
    powers=[OpponentDestroysAfterAttack(), SLASHING],
)
