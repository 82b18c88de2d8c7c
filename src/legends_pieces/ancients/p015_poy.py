"""#15 Poy -- green dwarf, strength 5."""

from legends_core import piece

from ..powers import ReflectDistanceStrike, TerrainBonus

PIECE = piece(
    15, "Poy", 5, type="dwarf", colour="green",
    text=("Innate: +1 on mountains. Ability: a Distance Strike that makes Poy show himself "
          "leaves him unharmed and destroys the archer that used it."),
    powers=[TerrainBonus("mountain", 1), ReflectDistanceStrike(label="Ability")],
    rulings=[
        "The reflection always happens, whatever the two strengths (shared ruling for Poy, "
        "Colossor and Demarn), and it needs no choice since it can only help Poy's side.",
    ],
)
