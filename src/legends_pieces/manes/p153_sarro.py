"""#153 Sarro -- red vampire, strength 4."""

from legends_core import piece

from ..powers import TELEPORT

PIECE = piece(
    153, "Sarro", 4, type="vampire", colour="red",
    text="Action: Teleport.",
    powers=[TELEPORT],
)
