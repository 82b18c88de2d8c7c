"""#25 Flood Bringer -- green plantlife, strength 2."""

from legends_core import piece

from ..powers import EndRevealNearWater

PIECE = piece(
    25, "Flood Bringer", 2, type="plantlife", colour="green",
    text=("Death Curse: no effect while it lasts. Once another curse takes its place, every "
          "piece touching a water square is revealed, and the curse's player destroys one of "
          "those pieces that is able to move."),
    powers=[EndRevealNearWater()],
    rulings=[
        "A water square touches the eight squares around it, diagonals included (the rulebook's "
        "meaning of adjacent).",
    ],
)
