"""#107 Evit -- silver titan, strength 8."""

from legends_core import piece

from ..powers import ExtraTurn

PIECE = piece(
    107, "Evit", 8, type="titan", colour="silver",
    text=("Ability: as your turn closes you may reveal Evit and destroy it; you then play "
          "again straight away."),
    powers=[ExtraTurn("evit")],
)
