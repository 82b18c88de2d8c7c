"""#128 Gwarf -- silver giant, strength 1."""

from legends_core import piece

from ..powers import KillsBase

PIECE = piece(
    128, "Gwarf", 1, type="giant", colour="silver",
    text="Innate: when Gwarf attacks a piece whose base strength is 10, that piece is destroyed.",
    powers=[KillsBase((10,))],
)
