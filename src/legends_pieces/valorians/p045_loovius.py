"""#45 Loovius -- gold wizard, strength 6."""

from legends_core import piece

from ..powers import SLASHING

PIECE = piece(
    45, "Loovius", 6, type="wizard", colour="gold",
    text="Action: Slashing.",
    powers=[SLASHING],
)
