"""#22 Strangling Vines -- green plantlife, strength 3."""

from legends_core import piece

from ..powers import EndRevealTerrain

PIECE = piece(
    22, "Strangling Vines", 3, type="plantlife", colour="green",
    text=("Death Curse: nothing while it lasts. When another curse replaces it, every piece "
          "standing on forest is revealed, and the Vines' player destroys one of those that "
          "can move."),
    powers=[EndRevealTerrain(terrain="forest")],
)
