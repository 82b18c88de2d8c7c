"""#7 Hunter -- green ranger, strength 8."""

from legends_core import piece

from ..powers import CHARGING

PIECE = piece(
    7, "Hunter", 8, type="ranger", colour="green",
    text="Action: Charging (a straight orthogonal run of any length, possibly into an attack).",
    powers=[CHARGING],
)
