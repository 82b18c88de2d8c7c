"""#57 Jenzik -- gold wizard, strength 2."""

from legends_core import piece

from ..powers import TELEPORT

PIECE = piece(
    57, "Jenzik", 2, type="wizard", colour="gold",
    text="Action: Teleport.",
    powers=[TELEPORT],
)
