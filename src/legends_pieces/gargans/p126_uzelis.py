"""#126 Uzelis -- silver giant, strength 2."""

from legends_core import piece

from ..powers import KillsType

PIECE = piece(
    126, "Uzelis", 2, type="giant", colour="silver",
    text="Innate: any Sprite that Uzelis attacks is destroyed, whatever its strength.",
    powers=[KillsType("sprite")],
)
