"""#176 Oeroed -- purple mold, strength 8."""

from legends_core import piece

from ..powers import EndReturnMolds

PIECE = piece(
    176, "Oeroed", 8, type="mold", colour="purple",
    text=("Death Curse: no effect while it lasts. Once another curse takes its place, its "
          "player may bring molds back from any destroyed area onto empty forest squares, "
          "as many as they like so long as the base strengths add up to 6 or less."),
    powers=[EndReturnMolds(budget=6)],
)
