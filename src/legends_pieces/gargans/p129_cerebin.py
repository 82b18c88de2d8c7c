"""#129 Cerebin -- silver beast, strength 1."""

from legends_core import piece

from ..powers import CHARGING, KillsBase

PIECE = piece(
    129, "Cerebin", 1, type="beast", colour="silver",
    text=("Innate: when Cerebin attacks a piece whose base strength is 10, that piece is "
          "destroyed. Action: Charging."),
    powers=[KillsBase((10,)), CHARGING],
)
