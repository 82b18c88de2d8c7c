"""#68 Mirage Castle -- gold castle."""

from legends_core import piece

from ..powers import STATIONARY, Relocate

PIECE = piece(
    68, "Mirage Castle", None, kind="castle", type="castle", colour="gold",
    text=("Stationary. Action, once per game: reveal Mirage Castle and move it to any empty "
          "desert square."),
    powers=[STATIONARY, Relocate("mirage-castle", "desert", once="game")],
)
