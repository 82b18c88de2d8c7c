"""#182 Slud -- purple mold, strength 6."""

from legends_core import piece

from ..powers import EndReturnMolds

PIECE = piece(
    182, "Slud", 6, type="mold", colour="purple",
    text=("Death Curse: no effect while it lasts. Once another curse takes its place, its "
          "player may bring molds back from any destroyed area onto empty forest squares, "
          "as many as they like so long as the base strengths add up to 4 or less."),
    powers=[EndReturnMolds(budget=4)],
)
