"""#152 Giant Zombie Rat -- red zombie, strength 5."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    152, "Giant Zombie Rat", 5, type="zombie", colour="red",
    text="Innate: +2 on marsh.",
    powers=[TerrainBonus("marsh", 2)],
)
