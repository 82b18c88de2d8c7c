"""#21 Dwarven Warrior -- green dwarf, strength 3."""

from legends_core import piece

from ..powers import DISPEL_MAGIC

PIECE = piece(
    21, "Dwarven Warrior", 3, type="dwarf", colour="green",
    text="Innate: Dispel Magic -- a magic piece it attacks dies without casting its spell.",
    powers=[DISPEL_MAGIC],
)
